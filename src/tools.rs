//! What the command line does with a game of one family, written once for every family:
//! a table for the console and scripts (`Table`, a session behind a trait object), options
//! from `KEY=VALUE`, `check`, `simulate` (with `--check`, the conformance suite), the
//! house-rule lab's `--compare` and `report`. games.rs picks the family.

use std::path::{Path, PathBuf};

use crate::engine::game::{Family, Game};
use crate::session::Session;
use crate::simulate;

/// A game at the table of any family, as the console, scripts and tools drive it.
pub trait Table {
    fn game(&self) -> &'static str;
    /// One protocol line; the table's lines to print.
    fn run_line(&mut self, line: &str) -> Vec<String> {
        self.run_spoken(line).0
    }
    /// One protocol line; the lines to print and what the table would hear.
    fn run_spoken(&mut self, line: &str) -> (Vec<String>, Vec<crate::engine::game::Speech>);
    fn prompt(&self) -> String;
    fn intro_lines(&self) -> Vec<String>;
    fn players(&self) -> &[String];
    fn over(&self) -> bool;
}

impl<F: Family> Table for Session<F> {
    fn game(&self) -> &'static str {
        F::GAME
    }
    fn run_spoken(&mut self, line: &str) -> (Vec<String>, Vec<crate::engine::game::Speech>) {
        Session::run_spoken(self, line)
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
    /// The ruleset file; None to resume the journal with the usual ruleset file it was
    /// played with (`saves::resume`).
    pub ruleset: Option<&'a Path>,
    pub players: &'a [String],
    pub seed: u64,
    pub options: &'a [String],
    pub journal: Option<&'a Path>,
}

/// Resume the journal when it holds a game (with the same players, when they are named), else
/// start a new game. Returns the session and the lines to show first.
pub fn open<F: Family>(start: &Start) -> Result<(Box<dyn Table>, Vec<String>), String> {
    let Some(ruleset) = start.ruleset else {
        let j = start
            .journal
            .ok_or("name the ruleset: --ruleset rulesets/GAME.toml")?;
        let (s, msgs) = crate::saves::resume::<F>(&crate::rulesets::files(None), j)?;
        return same_players(start, j, s, msgs);
    };
    let rules = crate::rulesets::load::<F>(ruleset)?;
    if let Some(j) = start.journal {
        if let Some((s, msgs)) = Session::<F>::resume(rules.clone(), j)? {
            return same_players(start, j, s, msgs);
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

/// A resumed game, refused when the players named are not the journal's.
fn same_players<F: Family>(
    start: &Start,
    j: &Path,
    s: Session<F>,
    msgs: Vec<String>,
) -> Result<(Box<dyn Table>, Vec<String>), String> {
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
    Ok((Box::new(s), msgs))
}

/// The ruleset's options with `KEY=VALUE` settings applied.
pub fn options<F: Game>(rules: &F::Rules, given: &[String]) -> Result<F::Options, String> {
    options_over::<F>(rules, &[], given)
}

/// The ruleset's options with `settings` (a screen's choices) and then `KEY=VALUE` settings
/// applied, a later setting of a key winning; the first wrong one is the error.
pub fn options_over<F: Game>(
    rules: &F::Rules,
    settings: &[(&str, &str)],
    given: &[String],
) -> Result<F::Options, String> {
    let mut pairs = settings.to_vec();
    for kv in given {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("--option {kv}: write it KEY=VALUE"))?;
        let (k, v) = (k.trim(), v.trim());
        // Each alone first, so that the error names the setting that is wrong.
        F::options(rules, &[(k, v)]).map_err(|e| format!("--option {kv}: {e}"))?;
        pairs.push((k, v));
    }
    F::options(rules, &pairs)
}

/// `boardside check`: one line saying what the file holds, or its problems with `file:line`.
pub fn check<F: crate::engine::game::Words>(path: &Path) -> Result<String, String> {
    crate::rulesets::load::<F>(path).map(|r| F::about(&r).summary)
}

/// `boardside simulate`: the report's lines.
pub fn simulate<F: Family>(
    path: &Path,
    given: &[String],
    cfg: &simulate::Config,
    jobs: usize,
) -> Result<Vec<String>, String> {
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
}

/// One random game to keep (`simulate --save`): who plays, its seed, how many commands at
/// most, and the journal it is saved in.
pub struct Saved<'a> {
    pub players: &'a [String],
    pub seed: u64,
    pub commands: u64,
    pub journal: &'a Path,
}

/// Play `game.commands` commands of a seeded random game (fewer if it ends) through a session,
/// so every command is journaled as at the table: a game to resume, report or watch.
pub fn save_random<F: Family>(
    path: &Path,
    given: &[String],
    game: &Saved,
) -> Result<Vec<String>, String> {
    use rand::SeedableRng;
    let rules = crate::rulesets::load::<F>(path)?;
    let opts = options::<F>(&rules, given)?;
    if game.journal.exists() {
        return Err(format!(
            "{}: exists already (a saved game is never overwritten)",
            game.journal.display()
        ));
    }
    let mut s = Session::<F>::new(rules, game.players, game.seed, opts, Some(game.journal))?;
    let mut rng = crate::engine::game::PlayRng::seed_from_u64(game.seed);
    let mut played = 0;
    while played < game.commands && !s.over() {
        let Some(cmd) = F::random_command(&s.rules, &s.state, &mut rng) else {
            break;
        };
        s.command(cmd).map_err(|e| e.to_string())?;
        played += 1;
    }
    Ok(vec![format!(
        "{}: {played} commands of a random game saved{}",
        game.journal.display(),
        if s.over() { " (it ended)" } else { "" }
    )])
}

/// `boardside tournament`: computer seats of given levels against each other.
#[cfg(feature = "lab")]
pub fn tournament<F: Family>(
    path: &Path,
    given: &[String],
    setup: &crate::tournament::Setup,
) -> Result<Vec<String>, String> {
    let rules = crate::rulesets::load::<F>(path)?;
    let opts = options::<F>(&rules, given)?;
    crate::tournament::play::<F>(&rules, &opts, setup).map(|r| r.lines())
}

#[cfg(feature = "lab")]
/// `boardside simulate --calibrate`: the odds against who won (`calibrate`).
pub fn calibrate<F: Family>(
    path: &Path,
    given: &[String],
    cfg: &crate::calibrate::Settings,
) -> Result<Vec<String>, String> {
    let rules = crate::rulesets::load::<F>(path)?;
    let opts = options::<F>(&rules, given)?;
    let start = std::time::Instant::now();
    let guesses = crate::calibrate::run::<F>(&rules, &opts, cfg)?;
    let mut lines = crate::calibrate::lines(&guesses);
    lines.push(format!(
        "{} games of {} players by the steady player, {} rollouts a prediction, {:.1} s",
        cfg.games,
        cfg.players,
        cfg.rollouts,
        start.elapsed().as_secs_f64()
    ));
    Ok(lines)
}

#[cfg(feature = "lab")]
/// `boardside simulate --compare SET...`: the same seeds under each option set (each set is
/// KEY=VALUE pairs separated by spaces or commas, over `given`); the side-by-side lines, and
/// the distributions drawn into `plot`.
pub fn compare<F: Family>(
    path: &Path,
    given: &[String],
    sets: &[String],
    cfg: &simulate::Config,
    plot: Option<&Path>,
    jobs: usize,
) -> Result<Vec<String>, String> {
    let rules = crate::rulesets::load::<F>(path)?;
    let bar = simulate::progress(cfg.games * sets.len() as u64);
    let mut arms = Vec::new();
    for set in sets {
        let pairs: Vec<String> = set
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        let opts = options::<F>(&rules, &[given, &pairs].concat())?;
        let games = crate::lab::play_jobs::<F>(&rules, &opts, cfg, jobs, &bar)?;
        arms.push(crate::lab::Arm {
            name: set.clone(),
            games,
        });
    }
    bar.finish_and_clear();
    let mut lines = crate::lab::lines(&arms, cfg.players);
    if let Some(p) = plot {
        crate::lab::plot(&arms, p)?;
        lines.push(format!("wrote {}", p.display()));
    }
    Ok(lines)
}

/// `boardside report`: draw a saved game into each of `outs` (SVG or PNG by extension); the
/// lines to print.
pub fn report<F: Family>(
    journal: &Path,
    rulesets: &[PathBuf],
    outs: &[PathBuf],
) -> Result<Vec<String>, String> {
    let (session, _) = crate::saves::resume::<F>(rulesets, journal)?;
    let mut report = session.report();
    // The chances over the game: a hundred games a point, on every core.
    let cfg = crate::odds::Rollouts {
        games: 100,
        seed: 1,
        max_turns: 150,
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    report.panels.extend(crate::odds::over_the_game::<F>(
        &session.rules,
        &session.header.players,
        &session.steps(),
        &cfg,
    ));
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
}

/// `boardside odds`: each side's chance to win from the saved game's position now.
/// `boardside decide`: a computer seat's choice at a saved game's position, and how long it
/// took (the Pi's time is estimated from this run's instructions: docs/performance.md, "Computer seats").
pub fn decide<F: Family>(
    journal: &Path,
    rulesets: &[PathBuf],
    seat: Option<&str>,
    level: crate::computer::Level,
    budget: &crate::computer::Budget,
) -> Result<Vec<String>, String> {
    let (session, _) = crate::saves::resume::<F>(rulesets, journal)?;
    let (rules, s) = (&session.rules, &session.state);
    let seats: Vec<usize> = match seat {
        Some(name) => vec![session
            .player_index(name)
            .ok_or_else(|| format!("no player {name} in this game"))?],
        None => (0..session.header.players.len())
            .filter(|&p| crate::computer::acts_now::<F>(rules, s, p, level, session.header.seed))
            .collect(),
    };
    let &seat = seats
        .first()
        .ok_or("the game waits on no seat's own choice here")?;
    let start = std::time::Instant::now();
    let choice = crate::computer::choose::<F>(rules, s, seat, level, budget, session.header.seed)
        .ok_or_else(|| {
        format!(
            "{} has no choice of its own now",
            session.header.players[seat]
        )
    })?;
    let took = start.elapsed().as_secs_f64();
    let mut lines = vec![format!(
        "{} ({}): {}",
        session.header.players[seat],
        level.word(),
        F::format_command(rules, s, &choice.cmd)
    )];
    if let Some((with, steady)) = choice.chance {
        lines.push(format!(
            "its chance {} with it, {} with the steady player's choice",
            crate::computer::percent(with),
            crate::computer::percent(steady)
        ));
    }
    lines.push(format!(
        "{} of its own choices; {} playouts of each weighed, {} turns ahead; {took:.3} s",
        crate::computer::own_choices::<F>(rules, s, seat).len(),
        budget.playouts,
        budget.horizon
    ));
    Ok(lines)
}

pub fn odds<F: Family>(
    journal: &Path,
    rulesets: &[PathBuf],
    cfg: &crate::odds::Rollouts,
) -> Result<Vec<String>, String> {
    let (session, _) = crate::saves::resume::<F>(rulesets, journal)?;
    let never = std::sync::atomic::AtomicBool::new(false);
    let odds = crate::odds::estimate::<F>(
        &session.rules,
        &session.state,
        &session.header.players,
        cfg,
        &never,
    )
    .ok_or("the rollouts were cancelled")?;
    let mut lines = odds.lines();
    lines.push(format!(
        "{} games played out by the steady player in {:.2} s ({} stopped at {} turns and given \
         to their leaders); 95% intervals; hidden cards, hands, goals and sealed orders drawn \
         afresh for each",
        odds.games, odds.seconds, odds.unfinished, cfg.max_turns
    ));
    Ok(lines)
}
