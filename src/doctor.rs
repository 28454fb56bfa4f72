//! `boardside doctor`: what a new owner runs first. For each configured device: is the node
//! there, may this user open it, does the device answer; then the state directory, the tag
//! map and the rulesets. Every problem comes with the usual fix. `--buttons SECONDS` then
//! prints each button's press, release and hold as the owner presses them.

use std::path::Path;

use crate::config::{state_dir, Config};

/// One check's verdict.
struct Check {
    ok: bool,
    line: String,
}

fn node(what: &str, path: &str, group: &str, fix: &str) -> Check {
    let p = Path::new(path);
    if !p.exists() {
        return Check {
            ok: false,
            line: format!("{what}: {path} is missing: {fix}"),
        };
    }
    match std::fs::OpenOptions::new().read(true).write(true).open(p) {
        Ok(_) => Check {
            ok: true,
            line: format!("{what}: {path} present and usable"),
        },
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => Check {
            ok: false,
            line: format!(
                "{what}: {path} present but not usable by this user; \
                 `sudo usermod -aG {group} $USER`, then log out and in"
            ),
        },
        Err(e) => Check {
            ok: false,
            line: format!("{what}: {path}: {e}"),
        },
    }
}

/// Run every check; the lines to print and whether the device can play.
pub fn report(cfg: &Config, config_path: Option<&Path>) -> (Vec<String>, bool) {
    let mut lines = vec![match config_path {
        Some(p) => format!("config: {}", p.display()),
        None => "config: none given, using the standard wiring (hardware/boardside.toml)".into(),
    }];
    let gpio_node = ["/dev/gpiomem0", "/dev/gpiomem", "/dev/gpiochip0"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .unwrap_or("/dev/gpiomem");
    let checks = [
        node(
            "GPIO (buttons)",
            gpio_node,
            "gpio",
            "this is not a Raspberry Pi, or its kernel has no GPIO driver",
        ),
        node(
            "I2C (display)",
            &cfg.display.i2c,
            "i2c",
            "enable I2C (sudo raspi-config > Interface Options > I2C) and reboot",
        ),
        node(
            "SPI (reader)",
            &cfg.reader.spi,
            "spi",
            "enable SPI (sudo raspi-config > Interface Options > SPI) and reboot",
        ),
    ];
    for c in &checks {
        lines.push(format!("{} {}", if c.ok { "ok  " } else { "FIX " }, c.line));
    }
    let found = crate::hw::pi::detect(cfg);
    for l in &found.lines {
        let ok = l.contains(": found");
        lines.push(format!("{} {l}", if ok { "ok  " } else { "FIX " }));
    }
    // The voice is optional: without espeak-ng the table plays silently.
    lines.push(if !cfg.voice.enabled {
        "ok   voice: off in the config".into()
    } else if crate::voice::speaker::available(&cfg.voice) {
        format!(
            "ok   voice: {} ({}, {} words a minute); `boardside doctor --voice` says a test line",
            cfg.voice.command, cfg.voice.voice, cfg.voice.speed
        )
    } else {
        format!(
            "note voice: `{}` is not installed (sudo apt install espeak-ng); the table plays \
             silently",
            cfg.voice.command
        )
    });
    // Listening is optional too: without the recogniser TALK says what to install.
    if !cfg.voice.listen {
        lines.push("ok   listening: off in the config".into());
    } else {
        lines.push(match crate::voice::listen::Ears::installed() {
            Ok(_) => {
                "ok   listening: pocketsphinx and its en-us model; hold TALK and say a move".into()
            }
            Err(e) => format!("note listening: {e}; TALK says so"),
        });
        lines.push(
            match crate::voice::listen::check_microphone(&cfg.voice.microphone) {
                Ok(l) => format!("ok   {l}"),
                Err(e) => format!("note {e}"),
            },
        );
    }
    let state = state_dir();
    let writable = std::fs::create_dir_all(&state)
        .and_then(|_| std::fs::write(state.join(".doctor"), b"ok"))
        .and_then(|_| std::fs::remove_file(state.join(".doctor")));
    lines.push(match writable {
        Ok(()) => format!("ok   saved games go to {}", state.display()),
        Err(e) => format!(
            "FIX  {}: {e}: saved games cannot be written",
            state.display()
        ),
    });
    let tags = cfg.tags_path();
    lines.push(match crate::tags::TagMap::load(&tags) {
        Ok(m) => format!("ok   tag map {} ({} tags)", tags.display(), m.tags.len()),
        Err(e) => format!("FIX  {e}"),
    });
    let rulesets = crate::rulesets::files(None);
    lines.push(if rulesets.is_empty() {
        "FIX  no ruleset files found (rulesets/ or /usr/share/boardside/rulesets)".into()
    } else {
        let mut bad = Vec::new();
        for r in &rulesets {
            if let Err(e) = crate::games::check(r) {
                bad.push(e);
            }
        }
        if bad.is_empty() {
            format!(
                "ok   {} rulesets in {}",
                rulesets.len(),
                rulesets[0]
                    .parent()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default()
            )
        } else {
            format!("FIX  {}", bad.join("; "))
        }
    });
    let playable = found.pi.is_some();
    lines.push(if playable {
        "ready: `boardside play` (or the service) will use this hardware".into()
    } else {
        "not ready for the table: fix the lines marked FIX (off a Pi, `boardside play` opens \
         the terminal simulator)"
            .into()
    });
    (lines, playable)
}

/// `doctor --buttons SECONDS`: each button event, as it happens, for that long (the wiring
/// check of the bring-up: every button must print a press and a release).
pub fn watch_buttons(
    cfg: &Config,
    seconds: u64,
    out: &mut dyn std::io::Write,
) -> Result<(), String> {
    let mut buttons = crate::hw::pi::Buttons::open(cfg)
        .map_err(|e| format!("buttons: {e}; on a Pi, run as a user in the gpio group"))?;
    let _ = writeln!(out, "press each button, then hold OK ({seconds} s)");
    let start = std::time::Instant::now();
    while start.elapsed().as_secs() < seconds {
        let now = start.elapsed().as_millis() as u64;
        for event in buttons.events(now) {
            if let crate::hw::Input::Button(b, p) = event {
                let _ = writeln!(out, "{now:>6} ms  {b:?} {p:?}");
                let _ = out.flush();
            }
        }
        // Sampled every 5 ms, as the device loop does.
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    Ok(())
}

/// `doctor --voice`: a test line through the speech command and the sound card.
pub fn say_test(cfg: &Config) -> Result<String, String> {
    let v = &cfg.voice;
    let line = "Boardside speaking. Ann pays Bob fifty two rent.";
    let status = std::process::Command::new(&v.command)
        .args(crate::voice::speaker::args(
            v, v.speed, v.volume, line, None,
        ))
        .status()
        .map_err(|e| format!("voice: {}: {e} (sudo apt install espeak-ng)", v.command))?;
    if status.success() {
        Ok(format!(
            "voice: said \"{line}\" (heard nothing? check the output: README, Install on a Pi)"
        ))
    } else {
        Err(format!("voice: {} failed ({status})", v.command))
    }
}
