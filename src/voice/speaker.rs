//! The voice at the table: espeak-ng (or the configured command) says each line in its own
//! thread, so speech never holds up a press. A new turn cuts short the line being said;
//! muting clears what waits and stops the voice at once. Without the command the table plays
//! silently, and the log says so once.

use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::queue::Queue;
use super::VoiceConfig;
use crate::engine::game::Speech;

#[derive(Default)]
struct Shared {
    queue: Queue,
    /// The line being said must stop (a new turn, or mute).
    stop: bool,
    quit: bool,
    muted: bool,
    speed: u32,
    volume: u32,
}

/// The speaking thread and what it is given.
pub struct Voice {
    shared: Option<Arc<(Mutex<Shared>, Condvar)>>,
    /// The last line given, for "say again".
    last: Option<Speech>,
}

/// The command's arguments for one line (speech to the sound card, or to `wav` when given).
pub fn args(
    cfg: &VoiceConfig,
    speed: u32,
    volume: u32,
    text: &str,
    wav: Option<&str>,
) -> Vec<String> {
    let mut a = vec![
        "-v".to_string(),
        cfg.voice.clone(),
        "-s".into(),
        speed.to_string(),
        "-a".into(),
        volume.to_string(),
    ];
    if let Some(w) = wav {
        a.push("-w".into());
        a.push(w.into());
    }
    a.push(text.into());
    a
}

/// Is the speech command there? (It answers `--version`.)
pub fn available(cfg: &VoiceConfig) -> bool {
    Command::new(&cfg.command)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

impl Voice {
    /// A voice as the config says; a silent one when it is off or the command is missing.
    pub fn new(cfg: &VoiceConfig) -> Voice {
        if !cfg.enabled {
            return Voice::silent();
        }
        if !available(cfg) {
            tracing::info!(
                "voice: `{}` is not installed (sudo apt install espeak-ng); the table plays silently",
                cfg.command
            );
            return Voice::silent();
        }
        let shared = Arc::new((
            Mutex::new(Shared {
                speed: cfg.speed,
                volume: cfg.volume,
                ..Shared::default()
            }),
            Condvar::new(),
        ));
        let inner = shared.clone();
        let cfg = cfg.clone();
        let started = std::thread::Builder::new()
            .name("voice".into())
            .spawn(move || speak_all(&cfg, &inner));
        if let Err(e) = started {
            tracing::warn!("voice: cannot start ({e}); the table plays silently");
            return Voice::silent();
        }
        Voice {
            shared: Some(shared),
            last: None,
        }
    }

    /// No voice at all.
    pub fn silent() -> Voice {
        Voice {
            shared: None,
            last: None,
        }
    }

    fn with(&self, f: impl FnOnce(&mut Shared)) {
        if let Some(sh) = &self.shared {
            if let Ok(mut s) = sh.0.lock() {
                f(&mut s);
            }
            sh.1.notify_all();
        }
    }

    /// One command's lines: each said when its turn comes (a new turn among them stops the
    /// line being said and drops what waits from before).
    pub fn say(&mut self, lines: Vec<Speech>) {
        if let Some(l) = lines.last() {
            self.last = Some(l.clone());
        }
        self.with(|s| {
            if s.muted {
                return;
            }
            s.queue.begin();
            for l in lines {
                s.stop |= s.queue.push(l).interrupt;
            }
        });
    }

    /// The last line again.
    pub fn again(&mut self) {
        if let Some(l) = self.last.clone() {
            self.say(vec![l]);
        }
    }

    /// On or off; off stops the line being said and forgets what waits.
    pub fn set_on(&mut self, on: bool) {
        self.with(|s| {
            s.muted = !on;
            if !on {
                s.queue.clear();
                s.stop = true;
            }
        });
    }

    /// Words a minute and loudness (espeak-ng's -s and -a), from the next line on.
    pub fn set_pace(&mut self, speed: u32, volume: u32) {
        self.with(|s| {
            s.speed = speed;
            s.volume = volume;
        });
    }
}

impl Drop for Voice {
    fn drop(&mut self) {
        self.with(|s| {
            s.quit = true;
            s.stop = true;
        });
    }
}

/// The thread: take the next line, say it, stop it if told to.
fn speak_all(cfg: &VoiceConfig, shared: &(Mutex<Shared>, Condvar)) {
    let (lock, ready) = shared;
    loop {
        let (line, speed, volume) = {
            let Ok(mut s) = lock.lock() else { return };
            while s.queue.is_empty() && !s.quit {
                s = match ready.wait(s) {
                    Ok(s) => s,
                    Err(_) => return,
                };
            }
            if s.quit {
                return;
            }
            s.stop = false;
            let Some(line) = s.queue.take_next() else {
                continue;
            };
            (line, s.speed, s.volume)
        };
        let child = Command::new(&cfg.command)
            .args(args(cfg, speed, volume, &line.text, None))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        match child {
            Ok(c) => wait_or_stop(c, lock),
            Err(e) => tracing::warn!("voice: {}: {e}", cfg.command),
        }
    }
}

fn wait_or_stop(mut child: Child, lock: &Mutex<Shared>) {
    loop {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        let stop = lock.lock().map(|s| s.stop || s.quit).unwrap_or(true);
        if stop {
            let _ = child.kill();
            let _ = child.wait();
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
