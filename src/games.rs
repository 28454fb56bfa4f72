//! The game families this build knows, chosen at run time from a ruleset's `game =` key (or a
//! journal's header), and `Table`: a session of any family as the front ends use it. Adding a
//! family is one line in `for_family!`.

use std::path::Path;

/// The rules engine as one path: its shared parts (`engine::game`, `engine::ledger`, ...) and
/// the game families this build knows, each a crate of its own.
pub mod engine {
    pub use boardside_engine::*;
    pub use boardside_grid as grid;
    pub use boardside_illuminati as illuminati;
    pub use boardside_property as property;
}

use crate::engine::game::{Family, Game, Words};
use crate::session::Session;
use crate::simulate;

/// Run `$body` with `$F` standing for the family named by `$game` (a `&str`).
#[macro_export]
macro_rules! for_family {
    ($game:expr, $F:ident => $body:expr) => {
        match $game {
            "property" => {
                type $F = $crate::engine::property::Property;
                $body
            }
            "grid" => {
                type $F = $crate::engine::grid::Grid;
                $body
            }
            "illuminati" => {
                type $F = $crate::engine::illuminati::Illuminati;
                $body
            }
            other => Err(format!(
                "unknown game family '{other}' (this build knows: property, grid, illuminati)"
            )),
        }
    };
}

/// The family a ruleset file is for: its top-level `game` key (property when absent or when
/// the file does not parse, so that the property loader reports the problem with its line).
pub fn family_of_ruleset(path: &Path) -> Result<String, String> {
    Ok(crate::rulesets::game_key(path)?.unwrap_or_else(|| "property".into()))
}

/// `boardside report`: draw a saved game of any family into each of `outs` (SVG or PNG by
/// extension); the lines to print.
pub fn report(
    journal: &Path,
    rulesets: &[std::path::PathBuf],
    outs: &[std::path::PathBuf],
) -> Result<Vec<String>, String> {
    let game = crate::journal::family_of(journal)?
        .ok_or_else(|| format!("{}: no game saved there yet", journal.display()))?;
    for_family!(game.as_str(), F => {
        let (session, _) = crate::saves::resume::<F>(rulesets, journal)?;
        let report = session.report();
        let mut lines = Vec::new();
        let mut failed = Vec::new();
        for out in outs {
            match crate::report::write(&report, out) {
                Ok(()) => lines.push(format!("wrote {}", out.display())),
                Err(e) => failed.push(e),
            }
        }
        if failed.is_empty() {
            Ok(lines)
        } else {
            lines.extend(failed);
            Err(lines.join("\n"))
        }
    })
}

/// The house rules a ruleset's family offers for it, in words (the new-game screen).
pub fn house_rules(path: &Path) -> Result<Vec<crate::engine::game::HouseRule>, String> {
    let game = family_of_ruleset(path)?;
    for_family!(game.as_str(), F => {
        let rules = crate::rulesets::load::<F>(path)?;
        Ok(F::house_rules(&rules))
    })
}

/// A game at the table of any family, as the console, scripts and tools drive it.
pub trait Table {
    fn game(&self) -> &'static str;
    /// One protocol line; the table's lines to print.
    fn run_line(&mut self, line: &str) -> Vec<String>;
    fn prompt(&self) -> String;
    fn intro_lines(&self) -> Vec<String>;
    fn players(&self) -> &[String];
    fn over(&self) -> bool;
}

impl<F: Family> Table for Session<F> {
    fn game(&self) -> &'static str {
        F::GAME
    }
    fn run_line(&mut self, line: &str) -> Vec<String> {
        Session::run_line(self, line)
    }
    fn prompt(&self) -> String {
        Session::prompt(self)
    }
    fn intro_lines(&self) -> Vec<String> {
        Session::intro_lines(self)
    }
    fn players(&self) -> &[String] {
        &self.header.players
    }
    fn over(&self) -> bool {
        Session::over(self)
    }
}

/// How to start or resume a game.
pub struct Start<'a> {
    pub ruleset: &'a Path,
    pub players: &'a [String],
    pub seed: u64,
    pub options: &'a [String],
    pub journal: Option<&'a Path>,
}

/// Resume the journal when it holds a game (with the same players, when they are named), else
/// start a new game. Returns the session and the lines to show first.
pub fn open(start: &Start) -> Result<(Box<dyn Table>, Vec<String>), String> {
    let game = family_of_ruleset(start.ruleset)?;
    for_family!(game.as_str(), F => open_as::<F>(start))
}

fn open_as<F: Family>(start: &Start) -> Result<(Box<dyn Table>, Vec<String>), String> {
    let rules = crate::rulesets::load::<F>(start.ruleset)?;
    if let Some(j) = start.journal {
        if let Some((s, msgs)) = Session::<F>::resume(rules.clone(), j)? {
            let same = s
                .header
                .players
                .iter()
                .map(|p| p.to_ascii_lowercase())
                .eq(start.players.iter().map(|p| p.to_ascii_lowercase()));
            if !start.players.is_empty() && !same {
                return Err(format!(
                    "{}: this journal's players are {}, not {}",
                    j.display(),
                    s.header.players.join(","),
                    start.players.join(",")
                ));
            }
            return Ok((Box::new(s), msgs));
        }
    }
    if start.players.is_empty() {
        return Err("name the players: --players Ann,Bob[,...]".into());
    }
    let opts = options::<F>(&rules, start.options)?;
    let s = Session::<F>::new(rules, start.players, start.seed, opts, start.journal)?;
    let lines = s.intro_lines();
    Ok((Box::new(s), lines))
}

/// The ruleset's options with `KEY=VALUE` settings applied.
pub fn options<F: Family>(rules: &F::Rules, given: &[String]) -> Result<F::Options, String> {
    let mut o = F::default_options(rules);
    set_options::<F>(&mut o, given)?;
    Ok(o)
}

/// Apply `KEY=VALUE` settings to options; the first wrong one is the error.
pub fn set_options<F: Family>(o: &mut F::Options, given: &[String]) -> Result<(), String> {
    for kv in given {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("--option {kv}: write it KEY=VALUE"))?;
        F::set_option(o, k.trim(), v.trim()).map_err(|e| format!("--option {kv}: {e}"))?;
    }
    Ok(())
}

/// `boardside check`: one line saying what the file holds, or its problems with `file:line`.
pub fn check(path: &Path) -> Result<String, String> {
    let game = family_of_ruleset(path)?;
    for_family!(game.as_str(), F => crate::rulesets::load::<F>(path).map(|r| F::describe(&r)))
}

/// `boardside simulate --compare SET...`: the same seeds under each option set (each set is
/// KEY=VALUE pairs separated by spaces or commas, over `given`); the side-by-side lines, and
/// the distributions drawn into `plot`.
pub fn compare(
    path: &Path,
    given: &[String],
    sets: &[String],
    cfg: &simulate::Config,
    plot: Option<&Path>,
    jobs: usize,
) -> Result<Vec<String>, String> {
    let game = family_of_ruleset(path)?;
    for_family!(game.as_str(), F => {
        let rules = crate::rulesets::load::<F>(path)?;
        let bar = simulate::progress(cfg.games * sets.len() as u64);
        let mut arms = Vec::new();
        for set in sets {
            let pairs: Vec<String> = set
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect();
            let mut opts = options::<F>(&rules, given)?;
            set_options::<F>(&mut opts, &pairs)?;
            let games = crate::lab::play_jobs::<F>(&rules, &opts, cfg, jobs, &bar)?;
            arms.push(crate::lab::Arm { name: set.clone(), games });
        }
        bar.finish_and_clear();
        let mut lines = crate::lab::lines(&arms, cfg.players);
        if let Some(p) = plot {
            crate::lab::plot(&arms, p)?;
            lines.push(format!("wrote {}", p.display()));
        }
        Ok(lines)
    })
}

/// `boardside simulate`: the report's lines.
pub fn simulate(
    path: &Path,
    given: &[String],
    cfg: &simulate::Config,
    jobs: usize,
) -> Result<Vec<String>, String> {
    let game = family_of_ruleset(path)?;
    for_family!(game.as_str(), F => {
        let rules = crate::rulesets::load::<F>(path)?;
        let opts = options::<F>(&rules, given)?;
        if cfg.check {
            // The whole conformance suite: random play with every check, then the journal.
            let dir = std::env::temp_dir();
            let report = crate::conformance::suite::<F>(&rules, &opts, cfg, &dir)?;
            let mut lines = report.lines();
            lines.push("conformance: every check passed".into());
            Ok(lines)
        } else {
            simulate::run_jobs::<F>(&rules, &opts, cfg, jobs).map(|r| r.lines())
        }
    })
}
