//! The table's evenings: every finished game in the save folder, read from its journal, kept in
//! a cache beside them, and what they add up to (`tally`), shown as tables (`boardside
//! records`, the device's Records screen, the web view's page) and exported (`export`).
//!
//! The journals are the truth; the cache only saves replaying them. An entry is used only
//! while its journal has the very length and checksum it was read with, so a journal changed,
//! damaged or deleted is read again or forgotten, and a cache file that does not read is
//! rebuilt from the journals.

pub mod export;
pub mod rating;
pub mod table;
pub mod tally;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::game::{is_over, winning_sides, Family, ToAct};
use crate::engine::panels::Feat;

/// The cache's file, in the save folder.
pub const CACHE: &str = "records.cache.json";
/// Its format; another number is read as no cache.
const CACHE_FORMAT: u32 = 3;

/// One finished game, as the records count it: only what the table saw at its end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Played {
    /// The journal's file name in the save folder.
    pub file: String,
    /// The ruleset's id ("sectionopoly", "grid").
    pub game: String,
    /// By seat.
    pub players: Vec<String>,
    /// The seats the device played.
    pub computers: Vec<usize>,
    /// When it started and when its last command was saved (seconds since 1970; `started` is
    /// 0 where the journal does not say). Both from the journal itself; only a journal
    /// written before its records kept their time (`from_journal` false) takes its end from
    /// the file's time.
    pub started: u64,
    pub ended: u64,
    /// How long the game was open, in milliseconds (0 where the journal does not say): its
    /// minutes, which the time the box was closed never adds to.
    #[serde(default)]
    pub open_ms: u64,
    #[serde(default)]
    pub from_journal: bool,
    /// The seat that took the first turn (the dice or the table chose it), where the game has
    /// turns of one player.
    #[serde(default)]
    pub first: Option<usize>,
    /// Player-turns, where the game has turns of one player and counts them.
    pub turns: Option<u64>,
    /// Rounds of the table: the grid game's own count; elsewhere the player-turns over the
    /// seats, rounded up.
    #[serde(default)]
    pub rounds: Option<u64>,
    /// By seat: the last step at which the seat's standing was above nothing, so players out
    /// of the game (bankrupt, eliminated) finish in the order they went out.
    #[serde(default)]
    pub lasted: Vec<usize>,
    /// The seats that won (a team's members all win).
    pub winners: Vec<usize>,
    /// What each seat played as (an Illuminati, a team), where the game says.
    pub roles: Vec<Option<String>>,
    /// Each seat's standing at the end (its side's score: net worth, groups, team size).
    pub scores: Vec<i64>,
    pub feats: Vec<Feat>,
}

impl Played {
    /// Its length in whole minutes: the time it was open, where the journal says, else from
    /// its start to its end.
    pub fn minutes(&self) -> Option<u64> {
        if self.open_ms > 0 {
            return Some(self.open_ms / 60_000);
        }
        (self.started > 0 && self.ended >= self.started).then(|| (self.ended - self.started) / 60)
    }

    /// Each seat's place at the end: the winners first (place 1), then the others by their
    /// standing, and among equal standings (two bankrupt players) the one out later first;
    /// only seats level in both share a place.
    pub fn places(&self) -> Vec<usize> {
        let key = |s: usize| {
            (
                !self.winners.contains(&s),
                std::cmp::Reverse(self.scores.get(s).copied().unwrap_or(0)),
                std::cmp::Reverse(self.lasted.get(s).copied().unwrap_or(0)),
            )
        };
        (0..self.players.len())
            .map(|s| 1 + (0..self.players.len()).filter(|&o| key(o) < key(s)).count())
            .collect()
    }
}

/// A journal's game for the records: None while it is not over.
pub fn played<F: Family>(rulesets: &[PathBuf], journal: &Path) -> Result<Option<Played>, String> {
    let session = crate::saves::reread::<F>(rulesets, journal)?;
    let (rules, s) = (&session.rules, &session.state);
    if !is_over::<F>(rules, s) {
        return Ok(None);
    }
    let h = &session.header;
    let seats = h.players.len();
    let steps = session.steps();
    let sides = winning_sides::<F>(rules, s);
    let standing = F::standing(rules, s);
    let record = F::record(rules, &h.players, &steps);
    let winners = record.winners.unwrap_or_else(|| {
        (0..seats)
            .filter(|&p| sides.contains(&standing.side(p)))
            .collect()
    });
    Ok(Some(Played {
        file: file_name(journal),
        game: h.ruleset.clone(),
        players: h.players.clone(),
        computers: h.computers.iter().map(|c| c.seat).collect(),
        started: h.started,
        ended: match session.clock.at {
            0 => modified(journal),
            at => at,
        },
        open_ms: session.clock.open_ms,
        from_journal: session.clock.at > 0,
        first: first_turn::<F>(&session),
        // A game of teams (the grid) counts rounds; the others count player-turns.
        turns: F::turns(rules, s).filter(|_| standing.teams.is_none()),
        rounds: F::turns(rules, s).map(|t| match standing.teams {
            Some(_) => t,
            None => t.div_ceil(seats.max(1) as u64),
        }),
        lasted: session.lasted(),
        winners: winners.into_iter().filter(|&p| p < seats).collect(),
        roles: (0..seats)
            .map(|p| record.roles.get(p).cloned().flatten())
            .collect(),
        scores: (0..seats)
            .map(|p| standing.scores.get(standing.side(p)).copied().unwrap_or(0))
            .collect(),
        feats: record.feats,
    }))
}

/// The seat that took the game's first turn: the one the game waits on when its count of
/// turns first reaches one (a roll-off or the dice may have chosen it).
fn first_turn<F: Family>(session: &crate::session::Session<F>) -> Option<usize> {
    let rules = &session.rules;
    let mut state = session.genesis().clone();
    let taker = |s: &F::State| match F::to_act(rules, s) {
        ToAct::One(p) | ToAct::Chance { player: p, .. } => Some(p),
        _ => None,
    };
    let started = |s: &F::State| F::turns(rules, s).is_some_and(|t| t >= 1);
    if started(&state) {
        return taker(&state);
    }
    for d in &session.history {
        for e in &d.events {
            F::apply(rules, &mut state, e);
        }
        if started(&state) {
            return taker(&state);
        }
    }
    None
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// A journal's last write, in seconds since 1970 (0 when the system does not say).
fn modified(path: &Path) -> u64 {
    crate::saves::modified(path).unwrap_or(0)
}

/// What a journal held when it was last read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Found {
    Finished(Box<Played>),
    /// Still to play (or stopped before its end): not counted.
    Unfinished,
    /// It does not replay: the reason, with its file and line.
    Damaged(String),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Entry {
    len: u64,
    crc: u32,
    found: Found,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Cache {
    format: u32,
    /// The release that wrote it: another release reads every journal again (its rules or
    /// feats may count differently).
    #[serde(default)]
    release: String,
    entries: BTreeMap<String, Entry>,
}

const RELEASE: &str = env!("CARGO_PKG_VERSION");

/// Every journal of a save folder, as the records count them.
#[derive(Debug, Clone, Default)]
pub struct Folder {
    /// The finished games, oldest first (by their end).
    pub games: Vec<Played>,
    /// The journals that do not replay, each named with why.
    pub damaged: Vec<String>,
    /// Journals read again this time (not taken from the cache).
    pub read: usize,
    /// What happened to the cache, when anything did ("records.cache.json did not read:
    /// rebuilt").
    pub note: Option<String>,
}

/// How one journal is read, whichever family wrote it (the device's `ui::kinds::played`):
/// None while its game is not over.
pub type Reader<'a> = dyn Fn(&Path) -> Result<Option<Played>, String> + 'a;

/// Reads every journal of the folder (through the cache, `read` for the others) and writes
/// the cache back.
pub fn gather(dir: &Path, read_one: &Reader) -> Folder {
    // No folder yet (a device's first start): no games, and no cache to write.
    if !dir.is_dir() {
        return Folder::default();
    }
    let cache_path = dir.join(CACHE);
    let mut note = None;
    let old: Cache = match std::fs::read_to_string(&cache_path) {
        Err(_) => Cache::default(),
        Ok(text) => match serde_json::from_str::<Cache>(&text) {
            Ok(c) if c.format == CACHE_FORMAT && c.release == RELEASE => c,
            Ok(_) => Cache::default(),
            _ => {
                note = Some(format!("{CACHE} did not read: rebuilt from the journals"));
                Cache::default()
            }
        },
    };
    let mut journals = crate::saves::recent(dir, usize::MAX);
    journals.sort();
    let mut fresh = Cache {
        format: CACHE_FORMAT,
        release: RELEASE.into(),
        entries: BTreeMap::new(),
    };
    let mut read = 0;
    for path in &journals {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let (len, crc) = (bytes.len() as u64, crate::journal::crc32(&bytes));
        let name = file_name(path);
        let mut found = match old.entries.get(&name) {
            Some(e) if e.len == len && e.crc == crc => e.found.clone(),
            _ => {
                read += 1;
                match read_one(path) {
                    Ok(Some(p)) => Found::Finished(Box::new(p)),
                    Ok(None) => Found::Unfinished,
                    Err(e) => Found::Damaged(e),
                }
            }
        };
        // A journal that does not say when it ended: the file's time as it is now, cached
        // or not.
        if let Found::Finished(p) = &mut found {
            if !p.from_journal {
                p.ended = modified(path);
            }
        }
        fresh.entries.insert(name, Entry { len, crc, found });
    }
    if fresh.entries != old.entries || old.format != CACHE_FORMAT || old.release != RELEASE {
        if let Err(e) = write_cache(&cache_path, &fresh) {
            tracing::warn!("records cache not written: {e}");
        }
    }
    let mut games: Vec<Played> = Vec::new();
    let mut damaged = Vec::new();
    for e in fresh.entries.into_values() {
        match e.found {
            Found::Finished(p) => games.push(*p),
            Found::Damaged(why) => damaged.push(why),
            Found::Unfinished => {}
        }
    }
    games.sort_by(|a, b| (a.ended, &a.file).cmp(&(b.ended, &b.file)));
    Folder {
        games,
        damaged,
        read,
        note,
    }
}

/// The cache written whole beside itself, then put in its place: a power cut leaves the old
/// one or the new one, never half of either.
fn write_cache(path: &Path, cache: &Cache) -> Result<(), String> {
    let text = serde_json::to_string(cache).map_err(|e| e.to_string())?;
    // Its own name for the part written, so two readers at once (the device's warm-up and
    // the web page) never write into one file.
    let tmp = path.with_extension(format!(
        "json.new.{}.{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Where a game's report picture is: beside its journal when the device wrote it at the end,
/// else the command that draws it.
pub fn report_link(dir: &Path, file: &str) -> String {
    let svg = dir.join(file).with_extension("svg");
    if svg.exists() {
        svg.display().to_string()
    } else {
        format!(
            "boardside report {} --out {}",
            dir.join(file).display(),
            svg.display()
        )
    }
}
