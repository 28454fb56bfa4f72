//! Bring-up: show the MFRC522's version, then print each tag tapped for 60 seconds, with the
//! command that enrols it (run on the Pi: `cargo run --example reader -- [CONFIG]`).

use boardside::config::Config;
use boardside::hw::pi::open_reader;

fn main() {
    let cfg = match std::env::args().nth(1) {
        Some(p) => Config::load(p.as_ref()).unwrap_or_else(|e| panic!("{e}")),
        None => Config::default(),
    };
    let (mut reader, _reset) = open_reader(&cfg).unwrap_or_else(|e| {
        eprintln!("reader: {e}\nfix: enable SPI in raspi-config and join the spi group");
        std::process::exit(1)
    });
    match reader.version() {
        Some(v @ (0x91 | 0x92)) => println!("MFRC522 version 0x{v:02X}: good"),
        Some(v) => println!("version 0x{v:02X}: not an MFRC522, or a wiring fault (0x00/0xFF)"),
        None => println!("no answer from the reader: check the wiring"),
    }
    println!("tap tags on the reader (60 s)...");
    let start = std::time::Instant::now();
    while start.elapsed().as_secs() < 60 {
        let now = start.elapsed().as_millis() as u64;
        if let Some(uid) = reader.poll(now) {
            println!(
                "tag {}  ->  boardside tags add {} player NAME",
                uid.hex(),
                uid.hex()
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
