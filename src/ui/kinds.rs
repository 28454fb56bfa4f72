//! A family as the device knows it: the catalogue's entries (games.rs fills them, a test may
//! add its own), found by a ruleset's or a journal's `game` key. Only what the device and
//! its web view ask of a family lives here; the tools reach a family through
//! `games::with_family!` instead.

use std::path::{Path, PathBuf};

use super::houserules::HouseRule;
use super::screen::{Desk, Facts, NewGame, Playing};

/// The family of rulesets without a `game` key and of format 1 journals (which name none):
/// the property games, the first family.
const FIRST_FAMILY: &str = "property";

/// One family in the device's catalogue.
pub trait Kind: Sync {
    /// The ruleset's and journal's `game` key.
    fn game(&self) -> &'static str;
    /// What the device knows of the family before any game (`Screens::FACTS`).
    fn facts(&self) -> Facts;
    /// The new-game screen's house rules for this ruleset.
    fn house_rules(&self, path: &Path) -> Result<Vec<HouseRule>, String>;
    /// The family's sets of pieces a tag may be in this ruleset (`sets`), in label order.
    fn sets(&self, path: &Path) -> Result<Vec<crate::sets::PieceSet>, String>;
    /// A new game on the device.
    fn start(&self, new: &NewGame, desk: &mut Desk) -> Result<Box<dyn Playing>, String>;
    /// A saved game on the device, with whichever of these rulesets it was started with.
    fn resume(
        &self,
        rulesets: &[PathBuf],
        journal: &Path,
        desk: &mut Desk,
    ) -> Result<(Box<dyn Playing>, Vec<String>), String>;
    /// A saved game at a glance: over or not, and how far it got (the file left as it is).
    fn glance(&self, rulesets: &[PathBuf], journal: &Path) -> Option<(bool, String)>;
    /// A saved game as the records count it: None while it is not over.
    fn played(
        &self,
        rulesets: &[PathBuf],
        journal: &Path,
    ) -> Result<Option<crate::records::Played>, String>;
    /// A saved game's report (its file left as it is), without the odds: the records page
    /// links each game to it.
    fn picture(
        &self,
        rulesets: &[PathBuf],
        journal: &Path,
    ) -> Result<crate::engine::panels::Report, String>;
}

/// The family named by a `game` key (empty: the first family), from this catalogue.
pub fn named(catalogue: &[&'static dyn Kind], game: &str) -> Result<&'static dyn Kind, String> {
    let game = if game.is_empty() { FIRST_FAMILY } else { game };
    catalogue
        .iter()
        .find(|k| k.game() == game)
        .copied()
        .ok_or_else(|| {
            let known: Vec<&str> = catalogue.iter().map(|k| k.game()).collect();
            format!(
                "unknown game family '{game}' (this build knows: {})",
                known.join(", ")
            )
        })
}

/// The family a ruleset file is for: its `game` key (the first family when it has none, or
/// when the file does not parse, so that its parser reports the problem with its line).
pub fn for_ruleset(
    catalogue: &[&'static dyn Kind],
    path: &Path,
) -> Result<&'static dyn Kind, String> {
    match crate::rulesets::game_line(path)? {
        Some((game, line)) => {
            named(catalogue, &game).map_err(|e| format!("{}:{line}: {e}", path.display()))
        }
        None => named(catalogue, ""),
    }
}

/// The family a saved game is of.
pub fn for_journal(
    catalogue: &[&'static dyn Kind],
    journal: &Path,
) -> Result<&'static dyn Kind, String> {
    let game = crate::journal::family_of(journal)?
        .ok_or_else(|| format!("{}: no game saved there yet", journal.display()))?;
    named(catalogue, &game).map_err(|e| format!("{}:1: {e}", journal.display()))
}

/// How the records read a journal, whichever family wrote it (`records::gather`'s reader).
pub fn played<'a>(
    catalogue: &'a [&'static dyn Kind],
    rulesets: &'a [PathBuf],
) -> impl Fn(&Path) -> Result<Option<crate::records::Played>, String> + 'a {
    move |journal| for_journal(catalogue, journal)?.played(rulesets, journal)
}

/// How the new-game screen glances at a saved game, whichever family wrote it.
pub fn glance<'a>(
    catalogue: &'a [&'static dyn Kind],
    rulesets: &'a [PathBuf],
) -> impl Fn(&Path) -> Option<(bool, String)> + 'a {
    move |journal| {
        for_journal(catalogue, journal)
            .ok()?
            .glance(rulesets, journal)
    }
}
