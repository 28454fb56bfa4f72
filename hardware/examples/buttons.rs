//! Bring-up: print every button event for 30 seconds (run on the Pi:
//! `cargo run --example buttons -- [CONFIG]`; the installed program does the same with
//! `boardside doctor --buttons 30`).

use boardside::config::Config;

fn main() {
    let cfg = match std::env::args().nth(1) {
        Some(p) => Config::load(p.as_ref()).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        }),
        None => Config::default(),
    };
    if let Err(e) = boardside::doctor::watch_buttons(&cfg, 30, &mut std::io::stdout()) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
