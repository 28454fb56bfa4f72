//! Saved games: the journals in the save folder (newest first), what each holds in words, and
//! resuming one with whichever ruleset file it was started with.

use std::path::{Path, PathBuf};

use crate::engine::game::Family;
use crate::session::Session;

/// Resume a journal of family `F` with whichever of these ruleset files it was started with.
/// The file named like the journal's ruleset is tried first, so that when none resumes it the
/// message is that file's (a damaged line, a ruleset edited since), not another file's
/// mismatch.
pub fn resume<F: Family>(
    rulesets: &[PathBuf],
    journal: &Path,
) -> Result<(Session<F>, Vec<String>), String> {
    replay::<F, _>(rulesets, journal, "resumed", Session::<F>::resume)
}

/// A saved game replayed as it is, its file left untouched (the records read every journal
/// this way), with whichever of these ruleset files it was started with.
pub fn reread<F: Family>(rulesets: &[PathBuf], journal: &Path) -> Result<Session<F>, String> {
    replay::<F, _>(rulesets, journal, "read", |rules, path| {
        Session::<F>::glance(rules, path)
    })
}

/// A journal opened (`open`: resumed, or only read) with the first of these ruleset files that
/// replays it.
fn replay<F: Family, T: Played<F>>(
    rulesets: &[PathBuf],
    journal: &Path,
    done: &str,
    open: impl Fn(F::Rules, &Path) -> Result<Option<T>, String>,
) -> Result<T, String> {
    let Some(peek) = crate::journal::peek(journal)? else {
        return Err(format!("{}: no game saved there yet", journal.display()));
    };
    let named = |r: &&PathBuf| r.file_stem().is_some_and(|s| *s == *peek.ruleset);
    let mut tried = rulesets.iter().collect::<Vec<_>>();
    tried.sort_by_key(|r| !named(r));
    let mut first_error = None;
    for r in tried.iter().copied() {
        let Ok(rules) = crate::rulesets::load::<F>(r) else {
            continue;
        };
        match open(rules, journal) {
            // A resume is news for the log; the records reading every journal is not.
            Ok(Some(found)) if done == "read" => {
                tracing::debug!(
                    "{done} {} with {}: {} commands",
                    journal.display(),
                    r.display(),
                    found.session().history.len()
                );
                return Ok(found);
            }
            Ok(Some(found)) => {
                tracing::info!(
                    "{done} {} with {}: {} commands",
                    journal.display(),
                    r.display(),
                    found.session().history.len()
                );
                return Ok(found);
            }
            Ok(None) => return Err(format!("{}: no game saved there yet", journal.display())),
            Err(e) => {
                first_error.get_or_insert((r, e));
            }
        }
    }
    let why = match first_error {
        Some((r, e)) if named(&r) => e,
        _ => format!(
            "{}: no ruleset file matches this game (its ruleset '{}' is not among the files \
             found: rulesets/ or the installed ones; name its file with --ruleset)",
            journal.display(),
            peek.ruleset
        ),
    };
    tracing::warn!("resume refused: {why}");
    Err(why)
}

/// What opening a journal gives: the session, with or without the lines said on resuming.
trait Played<F: Family> {
    fn session(&self) -> &Session<F>;
}

impl<F: Family> Played<F> for Session<F> {
    fn session(&self) -> &Session<F> {
        self
    }
}

impl<F: Family> Played<F> for (Session<F>, Vec<String>) {
    fn session(&self) -> &Session<F> {
        &self.0
    }
}

/// A saved game as the new-game screen lists it: whether it is over and how far it got
/// ("turn 40", "round 12"), from a replay that leaves its file as it is; None when no ruleset
/// here replays it.
pub fn glance<F: Family>(
    rulesets: &[PathBuf],
    journal: &Path,
    progress: fn(&Session<F>) -> String,
) -> Option<(bool, String)> {
    let peek = crate::journal::peek(journal).ok()??;
    rulesets
        .iter()
        .filter(|r| r.file_stem().is_some_and(|s| *s == *peek.ruleset))
        .chain(rulesets.iter())
        .find_map(|r| {
            let rules = crate::rulesets::load::<F>(r).ok()?;
            let g = Session::<F>::glance(rules, journal).ok()??;
            Some((g.over(), progress(&g)))
        })
}

/// A saved game in the new-game screen's list.
#[derive(Debug, Clone)]
pub struct Listed {
    pub path: PathBuf,
    pub about: Saved,
    /// Over (its final standings and report open), or still to play.
    pub over: bool,
    /// How far it got ("turn 40", "round 12").
    pub progress: String,
}

/// The newest saved games of a folder (at most `most`), each at a glance (whichever family
/// wrote it: the device's `ui::kinds::glance`); a journal no ruleset here replays is left out
/// (resuming it names the problem).
pub fn listing(
    dir: &Path,
    most: usize,
    glance: &dyn Fn(&Path) -> Option<(bool, String)>,
) -> Vec<Listed> {
    recent(dir, most)
        .into_iter()
        .filter_map(|path| {
            let (over, progress) = glance(&path)?;
            Some(Listed {
                about: about(&path),
                path,
                over,
                progress,
            })
        })
        .collect()
}

/// The newest saved games in a directory of journals, newest first.
pub fn recent(dir: &Path, most: usize) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return vec![];
    };
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = read
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "journal"))
        .filter_map(|e| Some((e.metadata().and_then(|m| m.modified()).ok()?, e.path())))
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    found.into_iter().take(most).map(|(_, p)| p).collect()
}

/// The newest saved game in a directory of journals.
pub fn newest(dir: &Path) -> Option<PathBuf> {
    recent(dir, 1).pop()
}

/// What the new-game screen and `describe` say of a saved game.
#[derive(Debug, Clone)]
pub struct Saved {
    /// When it was last played (its file's time, "22 Nov 20:31" UTC).
    pub when: String,
    pub players: Vec<String>,
    /// Its ruleset's id ("sectionopoly", "grid").
    pub game: String,
}

/// When a saved game was last written, in seconds since 1970 (None when the system does not
/// say).
pub fn modified(path: &Path) -> Option<u64> {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_secs())
}

/// A saved game's time, players and game, as far as its file says.
pub fn about(path: &Path) -> Saved {
    let when = modified(path).map_or_else(String::new, crate::journal::day_and_time);
    let head = crate::journal::peek(path).ok().flatten();
    Saved {
        when,
        players: head.as_ref().map(|p| p.players.clone()).unwrap_or_default(),
        game: head.map(|p| p.ruleset).unwrap_or_default(),
    }
}

/// What a saved game holds: "sectionopoly: Ann, Bob and Cy; last played 22 Nov 20:31 (UTC)".
pub fn describe(path: &Path) -> String {
    let Saved {
        when,
        players,
        game,
    } = about(path);
    let names = if players.is_empty() {
        "no players".into()
    } else {
        crate::engine::words::listed(&players)
    };
    format!("{game}: {names}; last played {when} (UTC)")
}
