//! Bring-up: print every button event for 30 seconds (run on the Pi:
//! `cargo run --example buttons -- [CONFIG]`).

use boardside::hw::config::Config;
use boardside::hw::pi::Buttons;
use boardside::hw::{Input, Inputs};

struct Only(Buttons<rppal::gpio::InputPin>);

impl Inputs for Only {
    fn poll(&mut self, now_ms: u64, _wait: u64) -> Vec<Input> {
        std::thread::sleep(std::time::Duration::from_millis(5));
        self.0.events(now_ms)
    }
}

fn main() {
    let cfg = match std::env::args().nth(1) {
        Some(p) => Config::load(p.as_ref()).unwrap_or_else(|e| panic!("{e}")),
        None => Config::default(),
    };
    let buttons = Buttons::open(&cfg).unwrap_or_else(|e| {
        eprintln!("buttons: {e}\nfix: run on a Pi as a user in the gpio group");
        std::process::exit(1)
    });
    let mut only = Only(buttons);
    println!("press the buttons (30 s)...");
    let start = std::time::Instant::now();
    while start.elapsed().as_secs() < 30 {
        let now = start.elapsed().as_millis() as u64;
        for event in only.poll(now, 5) {
            println!("{now:>6} ms  {event:?}");
        }
    }
}
