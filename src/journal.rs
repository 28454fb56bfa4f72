//! The game journal: an append-only JSON Lines file, a header then one record per accepted
//! command (with its events) or undo, each written and fsynced before the table sees the result.
//! Reading drops a torn last line (a power cut mid-write) and refuses a corrupt one elsewhere.

use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::engine::property::{Command, Event, Options, Setup};

pub const FORMAT: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub boardside_journal: u32,
    pub ruleset: String,
    pub ruleset_hash: String,
    pub players: Vec<String>,
    pub seed: u64,
    pub options: Options,
    pub setup: Setup,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Record {
    Command {
        cmd: Command,
        /// The dice came from the device's generator (counted on resume so that the next
        /// device roll is the one that would have come next).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        device_roll: bool,
        events: Vec<Event>,
    },
    Undo,
}

pub struct JournalFile {
    path: PathBuf,
    file: File,
}

/// What was read back from a journal file.
pub struct Loaded {
    pub header: Header,
    pub records: Vec<Record>,
    /// Messages for the table (a torn last line dropped).
    pub warnings: Vec<String>,
    pub file: JournalFile,
}

impl JournalFile {
    /// Start a new journal; refuses to overwrite an existing file.
    pub fn create(path: &Path, header: &Header) -> Result<JournalFile, String> {
        let file = OpenOptions::new()
            .create_new(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("{}: cannot create the journal: {e}", path.display()))?;
        let mut j = JournalFile {
            path: path.to_path_buf(),
            file,
        };
        j.write_line(&serde_json::to_string(header).map_err(|e| e.to_string())?)?;
        Ok(j)
    }

    pub fn append(&mut self, record: &Record) -> Result<(), String> {
        let line = serde_json::to_string(record).map_err(|e| e.to_string())?;
        self.write_line(&line)
    }

    fn write_line(&mut self, line: &str) -> Result<(), String> {
        let mut buf = Vec::with_capacity(line.len() + 1);
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        self.file
            .write_all(&buf)
            .and_then(|_| self.file.sync_data())
            .map_err(|e| format!("{}: cannot save to the journal: {e}", self.path.display()))
    }

    /// Read a journal. A last line that is incomplete or unreadable is dropped (and cut off
    /// the file) with a warning; an unreadable line before the last is an error, and the file
    /// is left as it is.
    pub fn open(path: &Path) -> Result<Loaded, String> {
        let shown = path.display();
        // Read at once: a journal is small, and one buffer saves an allocation per line.
        let bytes =
            std::fs::read(path).map_err(|e| format!("{shown}: cannot open the journal: {e}"))?;
        let mut lines: Vec<(usize, &str, bool)> = Vec::new(); // (byte offset, text, ended)
        let mut offset = 0usize;
        for chunk in bytes.split_inclusive(|&b| b == b'\n') {
            let ended = chunk.last() == Some(&b'\n');
            // Invalid UTF-8 cannot parse as a record: it is treated like any damaged line.
            let text = std::str::from_utf8(chunk).unwrap_or("\u{fffd}").trim_end();
            lines.push((offset, text, ended));
            offset += chunk.len();
        }
        let mut warnings = Vec::new();
        let Some((_, first, _)) = lines.first() else {
            return Err(format!("{shown}: the journal is empty"));
        };
        let header: Header = serde_json::from_str(first)
            .map_err(|e| format!("{shown}:1: not a Boardside journal header: {e}"))?;
        if header.boardside_journal != FORMAT {
            return Err(format!(
                "{shown}:1: journal format {} is not the format {FORMAT} this version reads",
                header.boardside_journal
            ));
        }
        let mut records = Vec::new();
        let mut keep_bytes = offset;
        let count = lines.len();
        for (i, (start, text, ended)) in lines.iter().enumerate().skip(1) {
            if text.is_empty() && *ended {
                continue;
            }
            let parsed = if *ended {
                serde_json::from_str::<Record>(text).ok()
            } else {
                None
            };
            match parsed {
                Some(r) => records.push(r),
                None if i + 1 == count => {
                    warnings.push(format!(
                        "{shown}:{}: the last record was cut off (power lost while saving?); \
                         it is dropped, everything before it is kept",
                        i + 1
                    ));
                    keep_bytes = *start;
                }
                None => {
                    return Err(format!(
                        "{shown}:{}: this record is damaged; the journal is left untouched \
                         (copy it aside and cut this line and those after it to resume)",
                        i + 1
                    ))
                }
            }
        }
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| format!("{shown}: cannot open the journal to write: {e}"))?;
        if keep_bytes < offset {
            file.set_len(keep_bytes as u64)
                .and_then(|_| file.sync_data())
                .map_err(|e| format!("{shown}: cannot cut the torn line: {e}"))?;
        }
        Ok(Loaded {
            header,
            records,
            warnings,
            file: JournalFile {
                path: path.to_path_buf(),
                file,
            },
        })
    }
}
