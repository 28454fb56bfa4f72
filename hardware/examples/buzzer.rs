//! Bring-up: play the accept sound, then the refusal, on the configured buzzer pin (run on
//! the Pi: `cargo run --example buzzer -- [CONFIG]`).

use boardside::config::Config;
use boardside::hw::buzzer::Sound;
use boardside::hw::pi::Buzzer;

fn main() {
    let cfg = match std::env::args().nth(1) {
        Some(p) => Config::load(p.as_ref()).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        }),
        None => Config::default(),
    };
    let mut buzzer = Buzzer::open(&cfg).unwrap_or_else(|e| {
        eprintln!("buzzer: {e}\nfix: run on a Pi as a user in the gpio group");
        std::process::exit(1)
    });
    let start = std::time::Instant::now();
    let now = || start.elapsed().as_millis() as u64;
    for (sound, at) in [(Sound::Accept, 0), (Sound::Refuse, 1_000)] {
        while now() < at {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        println!("{sound:?} on GPIO {}", cfg.buzzer.pin);
        buzzer.play(sound, now());
        while now() < at + 600 {
            buzzer.follow(now());
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}
