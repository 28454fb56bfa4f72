//! The game families this build knows, and the one place that names them: which screens
//! play which family (`OnDevice`; the screens are modules of src/ui/, beside the shell they
//! plug into), and the catalogue (`all`) that the device, the tools and the tag map ask by a
//! ruleset's or a journal's `game` key. Adding a family is its crate (crates/, named in
//! lib.rs's `engine`), its ruleset, its screen module under src/ui/, and a line here.

use std::marker::PhantomData;
use std::path::{Path, PathBuf};

#[cfg(feature = "lab")]
use crate::simulate;
use crate::tools::{self, Start, Table};
use crate::ui::houserules::HouseRule;
use crate::ui::screen::{Desk, InPlay, NewGame, OnDevice, Playing, Screens};

use crate::engine;
use crate::ui::property as property_screens;
use crate::ui::{grid as grid_screens, illuminati as illuminati_screens};

impl OnDevice for engine::property::Property {
    type Screens = property_screens::PropertyScreens;
}
impl OnDevice for engine::grid::Grid {
    type Screens = grid_screens::GridScreens;
}
impl OnDevice for engine::illuminati::Illuminati {
    type Screens = illuminati_screens::IlluScreens;
}

/// Every family this build knows, in the order `check` and `tags add` ask them.
pub fn all() -> Vec<&'static dyn Kind> {
    vec![
        &Of::<engine::property::Property>(PhantomData),
        &Of::<engine::grid::Grid>(PhantomData),
        &Of::<engine::illuminati::Illuminati>(PhantomData),
    ]
}

/// The family of rulesets without a `game` key and of format 1 journals (which name none):
/// the property games, the first family.
const FIRST_FAMILY: &str = "property";

/// The ruleset files beside every family's: the default of `script`, `console` and `play`.
pub const DEFAULT_RULESET: &str = "rulesets/sectionopoly.toml";

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

/// A family as the device and the tools use it: the one object per family that the catalogue
/// holds, each call handed to the code written once over `Family` and `Screens`.
pub trait Kind: Sync {
    /// The ruleset's and journal's `game` key.
    fn game(&self) -> &'static str;
    /// The fewest and the most players a game seats.
    fn seats(&self) -> (usize, usize);
    /// `boardside check`: one line saying what the file holds, or its problems.
    fn check(&self, path: &Path) -> Result<String, String>;
    /// The new-game screen's house rules for this ruleset.
    fn house_rules(&self, path: &Path) -> Result<Vec<HouseRule>, String>;
    /// The kinds of piece a tag may be in this family (`tags add`'s help).
    fn piece_kinds(&self) -> &'static [&'static str];
    /// The family's drawing in the web view (`Screens::WEB_VIEW`).
    fn web_view(&self) -> &'static str;
    /// `boardside print`: this ruleset's label sheet and printed parts into the document.
    #[cfg(feature = "print")]
    fn print(
        &self,
        path: &Path,
        doc: &mut crate::print::Doc,
        parts: crate::print::Parts,
        players: &[String],
    ) -> Result<(), String>;
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
    /// A saved game as the records count it: None while it is not over (the file left as
    /// it is).
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
    /// A game for the console and scripts.
    fn open(&self, start: &Start) -> Result<(Box<dyn Table>, Vec<String>), String>;
    /// `boardside simulate`: random play timed (a measuring tool, out of the Pi's build).
    #[cfg(feature = "lab")]
    fn simulate(
        &self,
        path: &Path,
        given: &[String],
        cfg: &simulate::Config,
        jobs: usize,
    ) -> Result<Vec<String>, String>;
    /// `boardside tournament`: computer seats of given levels against each other.
    #[cfg(feature = "lab")]
    fn tournament(
        &self,
        path: &Path,
        given: &[String],
        setup: &crate::tournament::Setup,
    ) -> Result<Vec<String>, String>;
    #[cfg(feature = "lab")]
    fn compare(
        &self,
        path: &Path,
        given: &[String],
        sets: &[String],
        cfg: &simulate::Config,
        plot: Option<&Path>,
        jobs: usize,
    ) -> Result<Vec<String>, String>;
    fn report(
        &self,
        journal: &Path,
        rulesets: &[PathBuf],
        outs: &[PathBuf],
    ) -> Result<Vec<String>, String>;
    /// `boardside simulate --calibrate`: the reliability of the odds.
    #[cfg(feature = "lab")]
    fn calibrate(
        &self,
        path: &Path,
        given: &[String],
        cfg: &crate::calibrate::Settings,
    ) -> Result<Vec<String>, String>;
    /// `boardside simulate --save`: one seeded random game saved as a journal.
    fn save_random(
        &self,
        path: &Path,
        given: &[String],
        game: &tools::Saved,
    ) -> Result<Vec<String>, String>;
    /// `boardside odds`: each side's chance from a saved game's position.
    fn odds(
        &self,
        journal: &Path,
        rulesets: &[PathBuf],
        cfg: &crate::odds::Rollouts,
    ) -> Result<Vec<String>, String>;
    /// `boardside decide`: a computer seat's choice at a saved game's position.
    fn decide(
        &self,
        journal: &Path,
        rulesets: &[PathBuf],
        seat: Option<&str>,
        level: crate::computer::Level,
        budget: &crate::computer::Budget,
    ) -> Result<Vec<String>, String>;
}

/// The catalogue's entry for family `F`.
pub struct Of<F>(pub PhantomData<fn() -> F>);

impl<F: OnDevice> Kind for Of<F> {
    fn game(&self) -> &'static str {
        F::GAME
    }
    fn seats(&self) -> (usize, usize) {
        F::Screens::SEATS
    }
    fn check(&self, path: &Path) -> Result<String, String> {
        tools::check::<F>(path)
    }
    fn house_rules(&self, path: &Path) -> Result<Vec<HouseRule>, String> {
        Ok(F::Screens::house_rules(&crate::rulesets::load::<F>(path)?))
    }
    fn piece_kinds(&self) -> &'static [&'static str] {
        F::Screens::PIECE_KINDS
    }
    fn web_view(&self) -> &'static str {
        F::Screens::WEB_VIEW
    }
    #[cfg(feature = "print")]
    fn print(
        &self,
        path: &Path,
        doc: &mut crate::print::Doc,
        parts: crate::print::Parts,
        players: &[String],
    ) -> Result<(), String> {
        let rules = crate::rulesets::load::<F>(path)?;
        if parts.labels {
            let none = crate::tags::TagMap::default();
            let names = crate::sets::token_names(players, &none, F::Screens::SEATS.1);
            let sets = crate::sets::with_tokens_and_all(&names, F::Screens::sets(&rules));
            crate::print::labels::sheet(doc, &doc.title.clone(), &sets);
        }
        F::Screens::print(&rules, doc, parts);
        Ok(())
    }
    fn sets(&self, path: &Path) -> Result<Vec<crate::sets::PieceSet>, String> {
        Ok(F::Screens::sets(&crate::rulesets::load::<F>(path)?))
    }
    fn start(&self, new: &NewGame, desk: &mut Desk) -> Result<Box<dyn Playing>, String> {
        let session = new.session::<F>()?;
        Ok(Box::new(InPlay::<F::Screens>::new(session, desk)))
    }
    fn resume(
        &self,
        rulesets: &[PathBuf],
        journal: &Path,
        desk: &mut Desk,
    ) -> Result<(Box<dyn Playing>, Vec<String>), String> {
        let (session, msgs) = crate::saves::resume::<F>(rulesets, journal)?;
        Ok((Box::new(InPlay::<F::Screens>::new(session, desk)), msgs))
    }
    fn glance(&self, rulesets: &[PathBuf], journal: &Path) -> Option<(bool, String)> {
        crate::saves::glance::<F>(rulesets, journal)
    }
    fn played(
        &self,
        rulesets: &[PathBuf],
        journal: &Path,
    ) -> Result<Option<crate::records::Played>, String> {
        crate::records::played::<F>(rulesets, journal)
    }
    fn picture(
        &self,
        rulesets: &[PathBuf],
        journal: &Path,
    ) -> Result<crate::engine::panels::Report, String> {
        Ok(crate::saves::reread::<F>(rulesets, journal)?.report())
    }
    fn open(&self, start: &Start) -> Result<(Box<dyn Table>, Vec<String>), String> {
        tools::open::<F>(start)
    }
    #[cfg(feature = "lab")]
    fn simulate(
        &self,
        path: &Path,
        given: &[String],
        cfg: &simulate::Config,
        jobs: usize,
    ) -> Result<Vec<String>, String> {
        tools::simulate::<F>(path, given, cfg, jobs)
    }
    #[cfg(feature = "lab")]
    fn tournament(
        &self,
        path: &Path,
        given: &[String],
        setup: &crate::tournament::Setup,
    ) -> Result<Vec<String>, String> {
        let rules = crate::rulesets::load::<F>(path)?;
        let opts = tools::options::<F>(&rules, given)?;
        crate::tournament::play::<F>(&rules, &opts, setup).map(|r| r.lines())
    }
    #[cfg(feature = "lab")]
    fn compare(
        &self,
        path: &Path,
        given: &[String],
        sets: &[String],
        cfg: &simulate::Config,
        plot: Option<&Path>,
        jobs: usize,
    ) -> Result<Vec<String>, String> {
        tools::compare::<F>(path, given, sets, cfg, plot, jobs)
    }
    fn report(
        &self,
        journal: &Path,
        rulesets: &[PathBuf],
        outs: &[PathBuf],
    ) -> Result<Vec<String>, String> {
        tools::report::<F>(journal, rulesets, outs)
    }
    fn odds(
        &self,
        journal: &Path,
        rulesets: &[PathBuf],
        cfg: &crate::odds::Rollouts,
    ) -> Result<Vec<String>, String> {
        tools::odds::<F>(journal, rulesets, cfg)
    }
    fn decide(
        &self,
        journal: &Path,
        rulesets: &[PathBuf],
        seat: Option<&str>,
        level: crate::computer::Level,
        budget: &crate::computer::Budget,
    ) -> Result<Vec<String>, String> {
        tools::decide::<F>(journal, rulesets, seat, level, budget)
    }
    #[cfg(feature = "lab")]
    fn calibrate(
        &self,
        path: &Path,
        given: &[String],
        cfg: &crate::calibrate::Settings,
    ) -> Result<Vec<String>, String> {
        tools::calibrate::<F>(path, given, cfg)
    }
    fn save_random(
        &self,
        path: &Path,
        given: &[String],
        game: &tools::Saved,
    ) -> Result<Vec<String>, String> {
        tools::save_random::<F>(path, given, game)
    }
}

/// What a tag may be: a player's token (`player NAME`) or a piece some family names, given as
/// its id (`deed:centre`) or as words (`deed centre`, `card chance go-to-jail`). Checked
/// against every ruleset file here; the tag's meaning, or why it is none.
pub fn read_tag(
    catalogue: &[&'static dyn Kind],
    rulesets: &[PathBuf],
    words: &[String],
) -> Result<crate::tags::TagKind, String> {
    use crate::tags::TagKind;
    let Some((what, rest)) = words.split_first() else {
        return Err(tag_help(catalogue));
    };
    if what == "player" {
        return match rest {
            [name] => crate::tags::player_name(name).map(|name| TagKind::Player { name }),
            [] => Err("`player NAME`: name the player".into()),
            _ => Err(format!(
                "'{}': a player's name is one word (Ann, Bob-2), as the table types it",
                rest.join(" ")
            )),
        };
    }
    let id = if rest.is_empty() {
        what.to_ascii_lowercase()
    } else {
        let mut all = vec![what.to_ascii_lowercase()];
        all.extend(rest.iter().map(|w| w.to_ascii_lowercase()));
        all.join(":")
    };
    for r in rulesets {
        let Ok(kind) = for_ruleset(catalogue, r) else {
            continue;
        };
        if kind
            .sets(r)
            .is_ok_and(|sets| crate::sets::pieces(&sets).iter().any(|(p, _)| *p == id))
        {
            return Ok(TagKind::Piece { id });
        }
    }
    Err(format!(
        "no ruleset here has a piece '{id}'\n{}",
        tag_help(catalogue)
    ))
}

/// The kinds of tag, for `tags add`'s help and its refusals.
pub fn tag_help(catalogue: &[&'static dyn Kind]) -> String {
    let mut kinds = vec!["player NAME: a player's token".to_string()];
    for k in catalogue {
        for p in k.piece_kinds() {
            kinds.push(format!("{p} ({})", k.game()));
        }
    }
    format!("a tag is one of:\n  {}", kinds.join("\n  "))
}
