//! The game families this build knows, and the one place that names them: which screens
//! play which family (`OnDevice`; the screens are modules of src/ui/, beside the shell they
//! plug into), the device's catalogue (`all`, entries of `ui::kinds::Kind`), and the one
//! dispatch the tools reach a family through (`with_family!`: a `game` key to code written
//! once over `OnDevice`). Adding a family is its crate (crates/, named in lib.rs's `engine`),
//! its ruleset, its screen module under src/ui/, and its lines here; adding a tool is its
//! module and its lines in cli.rs.

use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use crate::ui::houserules::HouseRule;
pub use crate::ui::kinds::Kind;
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

/// The one dispatch from a family's `game` key (`Kind::game`) to code written once over
/// `OnDevice`: `with_family!(game, F => tools::check::<F>(path))`, the body a
/// `Result<_, String>`, run with `F` the family's type.
#[macro_export]
macro_rules! with_family {
    ($game:expr, $F:ident => $body:expr) => {{
        use $crate::engine::game::Game as _;
        match $game {
            g if g == <$crate::engine::property::Property>::GAME => {
                type $F = $crate::engine::property::Property;
                $body
            }
            g if g == <$crate::engine::grid::Grid>::GAME => {
                type $F = $crate::engine::grid::Grid;
                $body
            }
            g if g == <$crate::engine::illuminati::Illuminati>::GAME => {
                type $F = $crate::engine::illuminati::Illuminati;
                $body
            }
            other => Err(format!("unknown game family '{other}'")),
        }
    }};
}

/// Every family this build knows, in the order `check` and `tags add` ask them.
pub fn all() -> Vec<&'static dyn Kind> {
    vec![
        &Of::<engine::property::Property>(PhantomData),
        &Of::<engine::grid::Grid>(PhantomData),
        &Of::<engine::illuminati::Illuminati>(PhantomData),
    ]
}

/// The new-game screen starts with every family this build knows (a test may give its own).
impl Default for crate::ui::setup::Setup {
    fn default() -> Self {
        crate::ui::setup::Setup::with(all())
    }
}

/// The ruleset files beside every family's: the default of `script`, `console` and `play`.
pub const DEFAULT_RULESET: &str = "rulesets/sectionopoly.toml";

/// The `game` key of a ruleset file's family (see `ui::kinds::for_ruleset`).
pub fn of_ruleset(path: &Path) -> Result<&'static str, String> {
    crate::ui::kinds::for_ruleset(&all(), path).map(|k| k.game())
}

/// The `game` key of a saved game's family.
pub fn of_journal(journal: &Path) -> Result<&'static str, String> {
    crate::ui::kinds::for_journal(&all(), journal).map(|k| k.game())
}

/// `boardside check`: one line saying what a ruleset file holds, or its problems.
pub fn check(path: &Path) -> Result<String, String> {
    with_family!(of_ruleset(path)?, F => crate::tools::check::<F>(path))
}

/// `boardside print`: a ruleset's label sheet (when asked for) and the family's printed
/// parts, into the document.
#[cfg(feature = "print")]
pub fn print<F: OnDevice>(
    path: &Path,
    doc: &mut crate::print::Doc,
    parts: crate::print::Parts,
    players: &[String],
) -> Result<(), String> {
    let rules = crate::rulesets::load::<F>(path)?;
    if parts.labels {
        // A name the labels cannot carry is refused, never printed blank, as "?" or left out.
        let most = F::Screens::FACTS.seats.1;
        if players.len() > most {
            return Err(format!(
                "{} names for the token labels, but {} has at most {most} players",
                players.len(),
                F::GAME
            ));
        }
        if let Some(n) = players.iter().find(|n| n.trim().is_empty()) {
            return Err(format!(
                "an empty name for a token label ({n:?}): name every player"
            ));
        }
        if let Some(n) = players.iter().find(|n| !crate::print::printable(n)) {
            return Err(format!(
                "{n}: the PDF's fonts print Latin letters only (Latin-1 and Latin Extended-A); \
                 write the name in them"
            ));
        }
        let none = crate::tags::TagMap::default();
        let names = crate::sets::token_names(players, &none, F::Screens::FACTS.seats.1);
        let sets = crate::sets::with_tokens_and_all(&names, F::Screens::sets(&rules));
        crate::print::labels::sheet(doc, &doc.title.clone(), &sets);
    }
    F::Screens::print(&rules, doc, parts);
    Ok(())
}

/// The records of a save folder, over every family this build knows (`records::gather`).
pub fn records(dir: &Path, rulesets: &[PathBuf]) -> crate::records::Folder {
    let all = all();
    let read = crate::ui::kinds::played(&all, rulesets);
    crate::records::gather(dir, &read)
}

/// The catalogue's entry for family `F`.
pub struct Of<F>(pub PhantomData<fn() -> F>);

impl<F: OnDevice> Kind for Of<F> {
    fn game(&self) -> &'static str {
        F::GAME
    }
    fn facts(&self) -> crate::ui::screen::Facts {
        F::Screens::FACTS
    }
    fn house_rules(&self, path: &Path) -> Result<Vec<HouseRule>, String> {
        Ok(F::Screens::house_rules(&crate::rulesets::load::<F>(path)?))
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
        crate::saves::glance::<F>(rulesets, journal, F::Screens::progress)
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
        let Ok(kind) = crate::ui::kinds::for_ruleset(catalogue, r) else {
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
        for p in k.facts().piece_kinds {
            kinds.push(format!("{p} ({})", k.game()));
        }
    }
    format!("a tag is one of:\n  {}", kinds.join("\n  "))
}
