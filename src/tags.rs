//! The tag map: what each NFC tag on the table is (a player's token, or a piece a game family
//! names by its own id: `deed:centre`, `card:move-up`, `group:cia`), keyed by UID. Saved as
//! TOML, written whole to a temporary file and renamed, so a power cut never leaves half a map;
//! changes go through `update`, one writer at a time, so no acknowledged enrolment is lost.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// A tag's unique id, as read from the card (4, 7 or 10 bytes).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uid(pub Vec<u8>);

impl Uid {
    pub fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02X}")).collect()
    }
    pub fn parse(hex: &str) -> Option<Uid> {
        Uid::read(hex).ok()
    }

    /// A UID written in hex (4, 7 or 10 bytes, as ISO 14443-3 cascade levels give them), or
    /// why it is not one. Only ASCII hex digits are looked at, so no text can panic here.
    pub fn read(hex: &str) -> Result<Uid, String> {
        let hex = hex.trim();
        let bad =
            || format!("'{hex}' is not a tag UID: write 8, 14 or 20 hex digits, such as 04A1B2C3");
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) || ![8, 14, 20].contains(&hex.len()) {
            return Err(bad());
        }
        hex.as_bytes()
            .chunks(2)
            .map(|pair| {
                std::str::from_utf8(pair)
                    .ok()
                    .and_then(|p| u8::from_str_radix(p, 16).ok())
            })
            .collect::<Option<Vec<u8>>>()
            .map(Uid)
            .ok_or_else(bad)
    }
}

/// What a tag stands for. The families validate and name their own piece ids; the map only
/// keeps them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "what")]
pub enum TagKind {
    /// A player's token: tapping it says "this player".
    Player { name: String },
    /// A game piece, by the id its family gave it (`deed:centre`).
    Piece { id: String },
}

/// A tag as written in the file: `what = "player"` or `what = "piece"`, or a kind written
/// before pieces had ids (`what = "deed", square = "centre"`), which reads as the piece whose
/// id is the kind and its fields in this order, joined by colons (`deed:centre`,
/// `card:chance:go-to-jail`): the ids the families give those pieces now.
#[derive(Deserialize)]
struct Written {
    uid: String,
    what: String,
    name: Option<String>,
    #[serde(alias = "label")]
    id: Option<String>,
    square: Option<String>,
    deck: Option<String>,
    card: Option<String>,
    sticker: Option<String>,
}

impl TryFrom<Written> for Tag {
    type Error = String;
    fn try_from(w: Written) -> Result<Tag, String> {
        let kind = match (w.what.as_str(), w.name) {
            ("player", Some(name)) => TagKind::Player { name },
            ("player", None) => {
                return Err(format!("tag {}: a player's token names no player", w.uid))
            }
            ("piece", _) => TagKind::Piece {
                id: w.id.unwrap_or_default(),
            },
            (what, _) => {
                let mut parts = vec![what.to_string()];
                parts.extend([w.square, w.deck, w.card, w.id].into_iter().flatten());
                TagKind::Piece {
                    id: parts.join(":"),
                }
            }
        };
        Ok(Tag {
            uid: w.uid,
            kind,
            sticker: w.sticker,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Written")]
pub struct Tag {
    pub uid: String,
    #[serde(flatten)]
    pub kind: TagKind,
    /// The printed label it was enrolled for (`deeds 12`: `sets`), when it was enrolled from a
    /// sheet; none for a tag enrolled on its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sticker: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TagMap {
    #[serde(default, rename = "tag")]
    pub tags: Vec<Tag>,
}

impl TagKind {
    pub fn describe(&self) -> String {
        match self {
            TagKind::Player { name } => format!("token of {name}"),
            TagKind::Piece { id } => format!("piece {id}"),
        }
    }
}

/// A player's name as a token may carry it: one word of letters, digits, `-` or `_`, not a
/// number, as every game's players are named.
pub fn player_name(name: &str) -> Result<String, String> {
    let ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        && name.parse::<i64>().is_err()
        && !name.eq_ignore_ascii_case("bank");
    if ok {
        Ok(name.to_string())
    } else {
        Err(format!(
            "'{name}': a player's name is one word of letters or digits (Ann, Bob-2), not a \
             number or 'bank'"
        ))
    }
}

impl TagMap {
    /// Load the map; a missing file is an empty map.
    pub fn load(path: &Path) -> Result<TagMap, String> {
        match std::fs::read(path) {
            Ok(bytes) => {
                // Bytes that are not UTF-8 are named by their line, as any other fault is.
                let text = String::from_utf8(bytes).map_err(|e| {
                    let at = e.utf8_error().valid_up_to();
                    let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                    format!(
                        "{}:{line}: not UTF-8 text (byte {at} of the file); save the tag map \
                         as UTF-8",
                        path.display()
                    )
                })?;
                let map: TagMap = toml::from_str(&text).map_err(|e| {
                    let line = e
                        .span()
                        .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1)
                        .unwrap_or(0);
                    format!("{}:{line}: {}", path.display(), e.message())
                })?;
                map.each_tag_once(path, &text)?;
                Ok(map)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(TagMap::default()),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// A tag listed twice would be read two ways at a tap: refused, with both lines.
    fn each_tag_once(&self, path: &Path, text: &str) -> Result<(), String> {
        for (i, t) in self.tags.iter().enumerate() {
            if self.tags[..i]
                .iter()
                .any(|o| o.uid.eq_ignore_ascii_case(&t.uid))
            {
                let lines: Vec<usize> = text
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| l.to_ascii_uppercase().contains(&t.uid.to_ascii_uppercase()))
                    .map(|(n, _)| n + 1)
                    .collect();
                let (first, again) = (
                    lines.first().copied().unwrap_or(0),
                    lines.get(1).copied().unwrap_or(0),
                );
                return Err(format!(
                    "{}:{again}: tag {} is listed twice (first at line {first}), so a tap on it \
                     could mean either: remove one of the two",
                    path.display(),
                    t.uid
                ));
            }
        }
        Ok(())
    }

    /// Change the map on disk: under an exclusive lock, the file as it is now is read, changed
    /// and written back, so two writers at once (the CLI and the device, or eight `tags add`)
    /// never lose each other's tags. Returns the map as saved.
    pub fn update<T>(
        path: &Path,
        change: impl FnOnce(&mut TagMap) -> Result<T, String>,
    ) -> Result<(TagMap, T), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let _lock = Lock::take(&path.with_extension("toml.lock"))?;
        let mut map = TagMap::load(path)?;
        let result = change(&mut map)?;
        map.write(path)?;
        Ok((map, result))
    }

    /// Write the whole map through a temporary file of this writer's own, then rename it over.
    fn write(&self, path: &Path) -> Result<(), String> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        let tmp = path.with_extension(format!(
            "toml.{}-{}.new",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        let written = std::fs::write(&tmp, text)
            .and_then(|_| std::fs::File::open(&tmp)?.sync_all())
            .and_then(|_| std::fs::rename(&tmp, path));
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        written.map_err(|e| format!("{}: cannot save the tag map: {e}", path.display()))
    }

    pub fn get(&self, uid: &Uid) -> Option<&TagKind> {
        let hex = uid.hex();
        self.tags.iter().find(|t| t.uid == hex).map(|t| &t.kind)
    }

    /// Enrol (or re-enrol) a tag.
    pub fn set(&mut self, uid: &Uid, kind: TagKind) {
        self.put(Tag {
            uid: uid.hex(),
            kind,
            sticker: None,
        });
    }

    /// Enrol a tag as written (with its label's sticker, from a set), replacing any tag of
    /// that uid.
    pub fn put(&mut self, tag: Tag) {
        self.tags.retain(|t| t.uid != tag.uid);
        self.tags.push(tag);
    }

    pub fn remove(&mut self, uid: &Uid) -> bool {
        let hex = uid.hex();
        let before = self.tags.len();
        self.tags.retain(|t| t.uid != hex);
        before != self.tags.len()
    }
}

/// An exclusive advisory lock (flock) on a file beside the map, released when dropped.
struct Lock(std::fs::File);

// flock(2) through libc: the one unsafe call of the program (`#![deny(unsafe_code)]`).
#[allow(unsafe_code)]
impl Lock {
    fn take(path: &Path) -> Result<Lock, String> {
        use std::os::fd::AsRawFd;
        let f = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .map_err(|e| format!("{}: cannot lock the tag map: {e}", path.display()))?;
        // SAFETY: flock on a descriptor this function owns; it blocks until the lock is ours.
        let r = unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX) };
        if r != 0 {
            return Err(format!(
                "{}: cannot lock the tag map: {}",
                path.display(),
                std::io::Error::last_os_error()
            ));
        }
        Ok(Lock(f))
    }
}

#[allow(unsafe_code)]
impl Drop for Lock {
    fn drop(&mut self) {
        use std::os::fd::AsRawFd;
        // SAFETY: unlocking the descriptor locked in `take`; closing it would release it too.
        unsafe {
            libc::flock(self.0.as_raw_fd(), libc::LOCK_UN);
        }
    }
}

/// Names offered first, short enough for every screen's line.
pub const COMMON: [&str; 24] = [
    "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou", "Max", "Ned",
    "Oli", "Pat", "Quin", "Rae", "Sam", "Tom", "Uma", "Vic", "Wes", "Zoe",
];

/// The longest name a token takes on the device's editor (a name shares a 25-column line with its numbers).
pub const LONGEST: usize = 10;

/// The common names nobody here has yet.
pub fn free(taken: &[String]) -> Vec<&'static str> {
    COMMON
        .iter()
        .copied()
        .filter(|n| !taken.iter().any(|t| t.eq_ignore_ascii_case(n)))
        .collect()
}
