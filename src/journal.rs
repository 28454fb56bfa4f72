//! The game journal: an append-only JSON Lines file, a header then one record per accepted
//! command (with its events) or undo, each written and fsynced before the table sees the result.
//! Format 2 seals every line with its sequence number and a CRC-32 of its own bytes, so a
//! damaged line is found, never taken for a torn write; format 1 (no seals) is still read.
//! Reading never changes the file: cutting a torn last line is the caller's step, taken only
//! once the resume has been accepted.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use crate::engine::game::Family;

/// The format this version writes.
pub const FORMAT: u32 = 2;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Header<F: Family> {
    pub boardside_journal: u32,
    /// The game family (the ruleset's `game` key). Empty in format 1 journals, written before
    /// families had names: games.rs says which family those are.
    #[serde(default)]
    pub game: String,
    pub ruleset: String,
    pub ruleset_hash: String,
    pub players: Vec<String>,
    pub seed: u64,
    pub options: F::Options,
    pub setup: F::Setup,
    /// When the game started, in seconds since 1970: a time-limit game's clock goes on from
    /// it after a power cut. 0 for games not saved, and in journals written before it was kept.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub started: u64,
    /// The seats the device plays (none in games saved before it could).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computers: Vec<crate::computer::ComputerSeat>,
}

impl<F: Family> Header<F> {
    /// Does the device play this seat (it makes its own choices, never the buttons')?
    pub fn is_computer(&self, seat: usize) -> bool {
        self.computers.iter().any(|c| c.seat == seat)
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Seconds since 1970 by the system clock (0 if the clock is before it).
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", bound = "")]
pub enum Record<F: Family> {
    Command {
        cmd: F::Command,
        /// Format 1: the two d6 came from the device's generator.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        device_roll: bool,
        /// The faces of each die the device rolled for this command (format 2).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        device: Vec<u8>,
        events: Vec<F::Event>,
    },
    Undo,
}

impl<F: Family> Record<F> {
    /// The dice the device drew for this record, as faces.
    pub fn device_faces(&self) -> Vec<u8> {
        match self {
            Record::Command {
                device_roll,
                device,
                ..
            } => {
                if device.is_empty() && *device_roll {
                    vec![6, 6]
                } else {
                    device.clone()
                }
            }
            Record::Undo => vec![],
        }
    }
}

/// A record as written: the same JSON as `Record`, from borrowed parts, so a command is
/// journaled without copying its events.
#[derive(Serialize)]
#[serde(rename_all = "snake_case", bound = "")]
enum Writing<'a, F: Family> {
    Command {
        cmd: &'a F::Command,
        #[serde(skip_serializing_if = "<[u8]>::is_empty")]
        device: &'a [u8],
        events: &'a [F::Event],
    },
    Undo,
}

/// When a record was written: the clock's time (seconds since 1970) and how long the game
/// had been open by then (milliseconds, counted only while the game is open). Both 0 where
/// the journal does not say (records written before they were kept).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stamp {
    pub at: u64,
    pub open_ms: u64,
}

/// A format 2 record line, as written, before its seal.
#[derive(Serialize)]
#[serde(bound = "")]
struct SealedWriting<'a, F: Family> {
    seq: u64,
    #[serde(skip_serializing_if = "is_zero")]
    at: u64,
    #[serde(skip_serializing_if = "is_zero")]
    open_ms: u64,
    record: Writing<'a, F>,
}

/// A format 2 record line before its seal (a line written before the stamp was kept reads
/// with none: older saves resume as they were).
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct Sealed<F: Family> {
    seq: u64,
    #[serde(default)]
    at: u64,
    #[serde(default)]
    open_ms: u64,
    record: Record<F>,
}

pub struct JournalFile {
    path: PathBuf,
    file: File,
    /// The next record's sequence number.
    next_seq: u64,
    /// A format 1 journal goes on in format 1 (no seals), so older readers still read it.
    legacy: bool,
    /// Each line synced as it is written (all but a rewrite, which syncs once at its end).
    syncing: bool,
    /// How long the game had been open before this file was opened (ms), and when it was
    /// opened: the game's time runs only while it is open.
    open_before: u64,
    opened: std::time::Instant,
}

/// What was read back from a journal file (nothing has been written to it).
pub struct Loaded<F: Family> {
    pub header: Header<F>,
    /// Each record with its line number (1-based, the header is line 1).
    pub records: Vec<(usize, Record<F>)>,
    /// Each record's stamp, in the same order.
    pub stamps: Vec<Stamp>,
    /// A last line without its newline (a power cut while saving): its line number and the
    /// byte offset where it starts. It is not in `records`.
    pub torn: Option<(usize, u64)>,
    pub path: PathBuf,
}

impl<F: Family> Loaded<F> {
    /// The last stamp written (a command's or an undo's), if the journal keeps them.
    pub fn last_stamp(&self) -> Option<Stamp> {
        self.stamps.iter().rev().find(|s| s.at > 0).copied()
    }

    /// How long the game had been open when it was last saved (ms): from its last stamp, or,
    /// for a journal written before stamps were kept, the time since it started (all a
    /// journal of then can tell).
    pub fn open_ms(&self) -> u64 {
        match self.last_stamp() {
            Some(s) => s.open_ms,
            None if self.header.started > 0 => {
                unix_now().saturating_sub(self.header.started) * 1000
            }
            None => 0,
        }
    }
}

/// What a journal file holds.
pub enum Found<F: Family> {
    /// Missing, empty, or killed before its header was complete: no game saved yet.
    Nothing,
    Game(Box<Loaded<F>>),
}

/// The game family a journal's header names, without reading further (`None`: no game saved).
pub fn family_of(path: &Path) -> Result<Option<String>, String> {
    Ok(peek(path)?.map(|p| p.game))
}

/// What a saved game's header says about it, read without checking the rest (the Resume
/// list): its family, ruleset, players and when it started.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Peek {
    #[serde(default)]
    pub game: String,
    #[serde(default)]
    pub ruleset: String,
    #[serde(default)]
    pub players: Vec<String>,
    #[serde(default)]
    pub started: u64,
}

/// The header of a journal, `None` when the file holds no game yet.
pub fn peek(path: &Path) -> Result<Option<Peek>, String> {
    use std::io::BufRead;
    let shown = path.display();
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{shown}: cannot open the journal: {e}")),
    };
    // The header line only: the Resume list peeks at every save it shows.
    let mut bytes = Vec::new();
    std::io::BufReader::new(file)
        .read_until(b'\n', &mut bytes)
        .map_err(|e| format!("{shown}: cannot read the journal: {e}"))?;
    let Some(end) = bytes.iter().position(|&b| b == b'\n') else {
        // Empty, or a header cut short by a power cut: no game yet. Anything else is not a
        // journal at all (a picture, a binary) and says so.
        let cut_header = bytes.first() == Some(&b'{') && std::str::from_utf8(&bytes).is_ok();
        if bytes.is_empty() || cut_header {
            return Ok(None);
        }
        return Err(format!(
            "{shown}:1: not a Boardside journal (it does not begin with a journal's header)"
        ));
    };
    let text = std::str::from_utf8(&bytes[..end])
        .map_err(|_| format!("{shown}:1: the header is not text; the file is damaged"))?;
    let peek: Peek = serde_json::from_str(text)
        .map_err(|e| format!("{shown}:1: not a Boardside journal header: {e}"))?;
    Ok(Some(peek))
}

/// The UTC calendar date and time of seconds since 1970: (year, month 1-12, day, hour,
/// minute, second), by days since the epoch (the proleptic Gregorian calendar, as `date -u`
/// prints it).
pub fn civil(unix: u64) -> (i64, u32, u32, u32, u32, u32) {
    let days = (unix / 86_400) as i64;
    let secs = (unix % 86_400) as u32;
    // Days to (year, month, day): the era-based conversion, exact for every date after 1970.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    (
        year,
        month as u32,
        day as u32,
        secs / 3_600,
        secs % 3_600 / 60,
        secs % 60,
    )
}

/// "22 Nov 20:31" (UTC) for seconds since 1970.
pub fn day_and_time(unix: u64) -> String {
    let (_, month, day, hour, minute, _) = civil(unix);
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    format!(
        "{day} {} {hour:02}:{minute:02}",
        MONTHS[(month - 1) as usize]
    )
}

impl JournalFile {
    /// Where the journal is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Start a new journal. An existing file is replaced only when it holds no game (empty, or
    /// a header cut off before its newline); any other existing file is refused.
    pub fn create<F: Family>(path: &Path, header: &Header<F>) -> Result<JournalFile, String> {
        let shown = path.display();
        let existing = std::fs::metadata(path).is_ok();
        if existing {
            let bytes = std::fs::read(path)
                .map_err(|e| format!("{shown}: cannot read the journal: {e}"))?;
            if bytes.contains(&b'\n') {
                return Err(format!(
                    "{shown}: a saved game is already there; resume it, or choose another file"
                ));
            }
        }
        // A saved game is the players' business: readable by its owner only.
        let file = OpenOptions::new()
            .create(true)
            .truncate(true)
            .write(true)
            .mode(0o600)
            .open(path)
            .map_err(|e| format!("{shown}: cannot create the journal: {e}"))?;
        let mut j = JournalFile {
            path: path.to_path_buf(),
            file,
            next_seq: 1,
            legacy: false,
            syncing: true,
            open_before: 0,
            opened: std::time::Instant::now(),
        };
        let json = serde_json::to_string(header).map_err(|e| e.to_string())?;
        j.write_line(&seal(&json))?;
        Ok(j)
    }

    /// The journal written afresh (a player renamed): `header` and `commands` into a new file
    /// beside `path`, synced once whole, then renamed into its place, so a power cut leaves
    /// either the old journal or the new one, never a part.
    pub fn rewrite<'a, F: Family>(
        path: &Path,
        header: &Header<F>,
        commands: impl IntoIterator<Item = (&'a F::Command, &'a [u8], &'a [F::Event], Stamp)>,
        clock: Stamp,
    ) -> Result<JournalFile, String> {
        let fresh = path.with_extension("journal.new");
        // A file left there by a rewrite cut short holds nothing anyone needs.
        let _ = std::fs::remove_file(&fresh);
        let mut j = JournalFile::create(&fresh, header)?;
        j.syncing = false;
        // Each command keeps when it was made; the game's time goes on from where it was.
        for (cmd, device, events, stamp) in commands {
            j.append_stamped::<F>(cmd, device, events, stamp)?;
        }
        j.open_before = clock.open_ms;
        j.opened = std::time::Instant::now();
        j.syncing = true;
        let shown = path.display();
        j.file
            .sync_all()
            .map_err(|e| format!("{shown}: cannot save the journal: {e}"))?;
        std::fs::rename(&fresh, path)
            .map_err(|e| format!("{shown}: cannot put the rewritten journal in place: {e}"))?;
        j.path = path.to_path_buf();
        Ok(j)
    }

    /// Append an accepted command (its device dice and events), sealed, and sync it: its
    /// stamp, as written.
    pub fn append_command<F: Family>(
        &mut self,
        cmd: &F::Command,
        device: &[u8],
        events: &[F::Event],
    ) -> Result<Stamp, String> {
        let stamp = self.now();
        self.append_stamped::<F>(cmd, device, events, stamp)?;
        Ok(stamp)
    }

    /// A command's record with the stamp given (a rewrite keeps each command's own).
    fn append_stamped<F: Family>(
        &mut self,
        cmd: &F::Command,
        device: &[u8],
        events: &[F::Event],
        stamp: Stamp,
    ) -> Result<(), String> {
        self.append_writing::<F>(
            Writing::Command {
                cmd,
                device,
                events,
            },
            stamp,
        )
    }

    /// Append an undo record: its stamp.
    pub fn append_undo<F: Family>(&mut self) -> Result<Stamp, String> {
        let stamp = self.now();
        self.append_writing::<F>(Writing::Undo, stamp)?;
        Ok(stamp)
    }

    /// The stamp of a record written now: the clock, and the game's time open so far.
    pub fn now(&self) -> Stamp {
        Stamp {
            at: unix_now(),
            open_ms: self.open_before + self.opened.elapsed().as_millis() as u64,
        }
    }

    fn append_writing<F: Family>(
        &mut self,
        record: Writing<F>,
        stamp: Stamp,
    ) -> Result<(), String> {
        if self.legacy {
            let json = serde_json::to_string(&record).map_err(|e| e.to_string())?;
            return self.write_line(&json);
        }
        let sealed = SealedWriting::<F> {
            seq: self.next_seq,
            at: stamp.at,
            open_ms: stamp.open_ms,
            record,
        };
        let json = serde_json::to_string(&sealed).map_err(|e| e.to_string())?;
        self.write_line(&seal(&json))?;
        self.next_seq += 1;
        Ok(())
    }

    fn write_line(&mut self, line: &str) -> Result<(), String> {
        let mut buf = Vec::with_capacity(line.len() + 1);
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        let syncing = self.syncing;
        self.file
            .write_all(&buf)
            .and_then(|_| {
                if syncing {
                    self.file.sync_data()
                } else {
                    Ok(())
                }
            })
            .map_err(|e| format!("{}: cannot save to the journal: {e}", self.path.display()))
    }

    /// Read a journal without changing it. A last line without its newline is a torn write
    /// (reported in `torn`); any other line that fails its seal, its sequence number or its
    /// parse is damage: `file:line: what is wrong`.
    pub fn read<F: Family>(path: &Path) -> Result<Found<F>, String> {
        let shown = path.display();
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Found::Nothing),
            Err(e) => return Err(format!("{shown}: cannot open the journal: {e}")),
        };
        let mut chunks = bytes.split_inclusive(|&b| b == b'\n');
        let Some(first) = chunks.next().filter(|c| c.last() == Some(&b'\n')) else {
            // Empty, or killed before the header's newline: no game was ever acknowledged.
            return Ok(Found::Nothing);
        };
        let text = line_text(first).ok_or_else(|| format!("{shown}:1: the header is not text"))?;
        let header = read_header::<F>(text).map_err(|e| format!("{shown}:1: {e}"))?;
        let sealed = header.boardside_journal >= 2;
        let mut records = Vec::new();
        let mut stamps = Vec::new();
        let mut torn = None;
        let mut offset = first.len() as u64;
        let mut seq = 1u64;
        for (i, chunk) in chunks.enumerate() {
            let line_no = i + 2;
            if chunk.last() != Some(&b'\n') {
                torn = Some((line_no, offset));
                break;
            }
            offset += chunk.len() as u64;
            let text = line_text(chunk)
                .ok_or_else(|| format!("{shown}:{line_no}: this line is not text: {DAMAGED}"))?;
            if text.is_empty() {
                continue;
            }
            let record = if sealed {
                let body =
                    unseal(text).map_err(|e| format!("{shown}:{line_no}: {e}: {DAMAGED}"))?;
                let s: Sealed<F> = serde_json::from_str(&format!("{body}}}")).map_err(|e| {
                    format!("{shown}:{line_no}: unreadable record ({e}): {DAMAGED}")
                })?;
                if s.seq != seq {
                    return Err(format!(
                        "{shown}:{line_no}: record number {} where {seq} was expected (a line \
                         repeated or lost?): {DAMAGED}",
                        s.seq
                    ));
                }
                stamps.push(Stamp {
                    at: s.at,
                    open_ms: s.open_ms,
                });
                s.record
            } else {
                let record = serde_json::from_str::<Record<F>>(text).map_err(|e| {
                    format!("{shown}:{line_no}: unreadable record ({e}): {DAMAGED}")
                })?;
                every_key_known(text, &record)
                    .map_err(|e| format!("{shown}:{line_no}: {e}: {DAMAGED}"))?;
                stamps.push(Stamp::default());
                record
            };
            seq += 1;
            records.push((line_no, record));
        }
        Ok(Found::Game(Box::new(Loaded {
            header,
            records,
            stamps,
            torn,
            path: path.to_path_buf(),
        })))
    }

    /// Open a journal that was read and accepted, for appending: a torn last line is cut off
    /// first (it was never acknowledged), and format 1 journals go on in format 1.
    pub fn continue_after<F: Family>(loaded: &Loaded<F>) -> Result<JournalFile, String> {
        let shown = loaded.path.display();
        let file = OpenOptions::new()
            .append(true)
            .open(&loaded.path)
            .map_err(|e| format!("{shown}: cannot open the journal to write: {e}"))?;
        if let Some((_, at)) = loaded.torn {
            file.set_len(at)
                .and_then(|_| file.sync_data())
                .map_err(|e| format!("{shown}: cannot cut the torn line: {e}"))?;
        }
        Ok(JournalFile {
            path: loaded.path.clone(),
            file,
            next_seq: loaded.records.len() as u64 + 1,
            legacy: loaded.header.boardside_journal < 2,
            syncing: true,
            open_before: loaded.open_ms(),
            opened: std::time::Instant::now(),
        })
    }
}

const DAMAGED: &str = "the journal is damaged and was left untouched (copy it aside, and cut \
this line and those after it to resume from before it)";

fn line_text(chunk: &[u8]) -> Option<&str> {
    std::str::from_utf8(chunk).ok().map(|t| t.trim_end())
}

fn read_header<F: Family>(text: &str) -> Result<Header<F>, String> {
    #[derive(Deserialize)]
    struct Version {
        boardside_journal: u32,
    }
    let v: Version =
        serde_json::from_str(text).map_err(|e| format!("not a Boardside journal header: {e}"))?;
    match v.boardside_journal {
        1 => {
            let header: Header<F> =
                serde_json::from_str(text).map_err(|e| format!("unreadable header: {e}"))?;
            every_key_known(text, &header).map_err(|e| format!("{e}: {DAMAGED}"))?;
            Ok(header)
        }
        2 => {
            let body = unseal(text)?;
            serde_json::from_str(&format!("{body}}}"))
                .map_err(|e| format!("unreadable header: {e}"))
        }
        n => Err(format!(
            "journal format {n} is newer than the formats 1-{FORMAT} this version reads"
        )),
    }
}

/// A format 1 line has no seal: a damaged key (`auction_stgp`) would be read as a key left
/// out, and the game resumed silently without it. Every key the line holds must be one that
/// the value read from it has (written back, it holds every field it knows).
fn every_key_known<T: Serialize>(text: &str, read: &T) -> Result<(), String> {
    fn first_unknown(written: &Value, known: &Value, path: &str) -> Option<String> {
        match (written, known) {
            (Value::Object(w), Value::Object(k)) => w.iter().find_map(|(key, v)| {
                let here = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                match k.get(key) {
                    None => Some(here),
                    Some(kv) => first_unknown(v, kv, &here),
                }
            }),
            (Value::Array(w), Value::Array(k)) => w
                .iter()
                .zip(k)
                .enumerate()
                .find_map(|(i, (a, b))| first_unknown(a, b, &format!("{path}[{i}]"))),
            _ => None,
        }
    }
    let written: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let known = serde_json::to_value(read).map_err(|e| e.to_string())?;
    match first_unknown(&written, &known, "") {
        None => Ok(()),
        Some(key) => Err(format!("unknown key `{key}`")),
    }
}

/// `{...}` becomes `{...,"crc":"xxxxxxxx"}`, the CRC-32 of everything before `,"crc"`.
pub fn seal(json: &str) -> String {
    let body = json.strip_suffix('}').unwrap_or(json);
    format!("{body},\"crc\":\"{:08x}\"}}", crc32(body.as_bytes()))
}

/// The sealed body (without its closing brace) when the seal matches.
pub fn unseal(line: &str) -> Result<&str, String> {
    const TAG: &str = ",\"crc\":\"";
    let at = line
        .rfind(TAG)
        .ok_or_else(|| "the line has no checksum".to_string())?;
    let (body, rest) = line.split_at(at);
    let hex = rest[TAG.len()..]
        .strip_suffix("\"}")
        .filter(|h| h.len() == 8)
        .ok_or_else(|| "the checksum is malformed".to_string())?;
    let want = u32::from_str_radix(hex, 16).map_err(|_| "the checksum is malformed".to_string())?;
    let got = crc32(body.as_bytes());
    if got != want {
        return Err(format!(
            "the checksum does not match (written {want:08x}, the bytes give {got:08x})"
        ));
    }
    Ok(body)
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), the checksum of zip and PNG.
pub fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut t = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            t[i] = c;
            i += 1;
        }
        t
    };
    let mut c = !0u32;
    for &b in bytes {
        c = TABLE[((c ^ b as u32) & 0xff) as usize] ^ (c >> 8);
    }
    !c
}
