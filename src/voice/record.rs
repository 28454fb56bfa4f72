//! `--voice-out DIR`: what the voice would say, written down instead of (or besides) being
//! said: `DIR/spoken.txt`, one utterance a line in order with the dropped ones marked, and
//! one WAV an utterance where the speech command is installed. Each command's lines reach the
//! voice together, as at the table; the voice says them before the next command.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::queue::Queue;
use super::speaker::{args, available};
use super::VoiceConfig;
use crate::engine::game::Speech;

pub struct Recorder {
    dir: PathBuf,
    file: std::fs::File,
    cfg: VoiceConfig,
    wav: bool,
    said: usize,
}

impl Recorder {
    pub fn new(dir: &Path, cfg: &VoiceConfig) -> Result<Recorder, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join("spoken.txt");
        let file = std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Recorder {
            dir: dir.to_path_buf(),
            file,
            cfg: cfg.clone(),
            wav: available(cfg),
            said: 0,
        })
    }

    /// One command's spoken lines: through the queue, then said (written) in order.
    pub fn batch(&mut self, lines: impl IntoIterator<Item = Speech>) -> Result<(), String> {
        let mut q = Queue::default();
        q.begin();
        let mut dropped = Vec::new();
        for l in lines {
            dropped.extend(q.push(l).dropped);
        }
        for d in dropped {
            self.write(&format!("(dropped) {}", d.text))?;
        }
        while let Some(l) = q.take_next() {
            self.said += 1;
            self.write(&l.text)?;
            if self.wav {
                let wav = self.dir.join(format!("{:04}.wav", self.said));
                let ok = Command::new(&self.cfg.command)
                    .args(args(
                        &self.cfg,
                        self.cfg.speed,
                        self.cfg.volume,
                        &l.text,
                        Some(&wav.to_string_lossy()),
                    ))
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .is_ok_and(|s| s.success());
                if !ok {
                    return Err(format!(
                        "{} could not write {}",
                        self.cfg.command,
                        wav.display()
                    ));
                }
            }
        }
        Ok(())
    }

    fn write(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.file, "{line}").map_err(|e| format!("{}: {e}", self.dir.display()))
    }
}
