//! Random legal play for any game family: speed figures, house-rule balance, and the shared
//! conformance suite. Games of seeded random choices among the legal commands; when checking,
//! after every command: the family's invariants, a live game always has a legal command,
//! replay == live state, undo then redo == identity, refused commands change nothing, and the
//! state survives a journal round trip.

use crate::engine::game::PlayRng;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

use crate::engine::game::{is_over, winners, Deal, Events, Family, Figure};
use crate::engine::playout::{play_on, Stop};
use crate::session::Session;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone)]
pub struct Config {
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    /// Stop a game after this many player-turns (or rounds).
    pub max_turns: u64,
    /// Check invariants, replay and undo after commands (slow; for tests).
    pub check: bool,
    /// Every seat plays the family's steady player (else the random player).
    pub steady: bool,
}

pub struct Report {
    pub games: u64,
    pub player_turns: u64,
    pub commands: u64,
    pub seconds: f64,
    /// Games won, per seat (a team's win counts for each of its winners).
    pub wins: Vec<u64>,
    pub capped: u64,
    /// The family's own figures (`Play::figures`), added up.
    pub figures: Figures,
}

/// The families' figures of each game (`Play::figures`) added up over the games by name: the
/// same sums in any order, so the same report for any number of threads.
#[derive(Debug, Default)]
pub struct Figures {
    notes: BTreeSet<String>,
    /// Per name: the games that were one, of the games that answered.
    shares: BTreeMap<String, (u64, u64)>,
    per_game: BTreeMap<String, u64>,
}

impl Figures {
    /// One game's figures.
    pub fn add(&mut self, figures: Vec<Figure>) {
        for f in figures {
            match f {
                Figure::Note(text) => {
                    self.notes.insert(text);
                }
                Figure::Share(name, yes) => {
                    let (hits, of) = self.shares.entry(name).or_default();
                    *hits += u64::from(yes);
                    *of += 1;
                }
                Figure::PerGame(name, n) => *self.per_game.entry(name).or_default() += n,
            }
        }
    }

    /// Another thread's games.
    pub fn merge(&mut self, other: Figures) {
        self.notes.extend(other.notes);
        for (name, (hits, of)) in other.shares {
            let mine = self.shares.entry(name).or_default();
            mine.0 += hits;
            mine.1 += of;
        }
        for (name, n) in other.per_game {
            *self.per_game.entry(name).or_default() += n;
        }
    }

    /// The report's lines for `games` games.
    pub fn lines(&self, games: u64) -> Vec<String> {
        let mut out: Vec<String> = self.notes.iter().cloned().collect();
        for (name, (hits, of)) in &self.shares {
            out.push(format!(
                "{name}: {hits} of {of} ({:.1}%)",
                100.0 * *hits as f64 / (*of).max(1) as f64
            ));
        }
        for (name, n) in &self.per_game {
            out.push(format!(
                "{name} per game: {:.1}",
                *n as f64 / games.max(1) as f64
            ));
        }
        out
    }
}

impl Report {
    pub fn lines(&self) -> Vec<String> {
        let per = |x: u64| x as f64 / self.seconds.max(1e-9);
        let mut out = vec![
            format!(
                "games: {} ({} ended by the turn cap)",
                self.games, self.capped
            ),
            format!("games/s: {:.1}", per(self.games)),
            format!("player-turns/s: {:.0}", per(self.player_turns)),
            format!("commands/s: {:.0}", per(self.commands)),
            format!(
                "turns per game: {:.1}",
                self.player_turns as f64 / self.games.max(1) as f64
            ),
        ];
        out.extend(self.figures.lines(self.games));
        let decided = (self.games - self.capped).max(1);
        for (seat, w) in self.wins.iter().enumerate() {
            out.push(format!(
                "seat {} wins: {} ({:.1}%)",
                seat + 1,
                w,
                100.0 * *w as f64 / decided as f64
            ));
        }
        out
    }
}

/// A progress bar on standard error for `total` games: drawn only when standard error is a
/// terminal, so logs and pipes stay clean.
pub fn progress(total: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {eta} left")
    {
        bar.set_style(style);
    }
    bar
}

pub fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("P{i}")).collect()
}

/// Play `cfg.games` games. Errors name the game's seed and what broke.
pub fn run<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    cfg: &Config,
) -> Result<Report, String> {
    run_jobs::<F>(rules, options, cfg, 1)
}

/// Play `cfg.games` games on `jobs` threads. Game `g` is seeded `cfg.seed + g` whichever
/// thread plays it, each thread takes the next unplayed game when it is free (games differ in
/// length, so fixed shares would leave a thread idle), and the figures are sums, so the report
/// (but its time) is the same for any number of jobs. A checked run plays on one thread.
pub fn run_jobs<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    cfg: &Config,
    jobs: usize,
) -> Result<Report, String> {
    let start = Instant::now();
    let bar = progress(cfg.games);
    let jobs = if cfg.check { 1 } else { jobs };
    let parts = share_games(cfg.games, jobs, |take| {
        play_games::<F>(rules, options, cfg, take, &bar)
    });
    bar.finish_and_clear();
    let mut report = empty(cfg.players);
    for part in parts? {
        report.games += part.games;
        report.player_turns += part.player_turns;
        report.commands += part.commands;
        report.capped += part.capped;
        for (a, b) in report.wins.iter_mut().zip(&part.wins) {
            *a += b;
        }
        report.figures.merge(part.figures);
    }
    report.seconds = start.elapsed().as_secs_f64();
    Ok(report)
}

/// Games `0..games` shared among `jobs` threads (one thread: no thread started): each thread
/// runs `work`, which takes game numbers from its argument until it has none left (so a free
/// thread takes the next game), or stops at a failure naming its game. Each thread's result,
/// or the failure of the earliest game, as one thread would have met it first.
pub fn share_games<T: Send>(
    games: u64,
    jobs: usize,
    work: impl Fn(&(dyn Fn() -> Option<u64> + Sync)) -> Result<T, (u64, String)> + Sync,
) -> Result<Vec<T>, String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let jobs = (jobs.max(1) as u64).min(games.max(1));
    let next = AtomicU64::new(0);
    let take = || {
        let g = next.fetch_add(1, Ordering::Relaxed);
        (g < games).then_some(g)
    };
    let parts: Vec<Result<T, (u64, String)>> = if jobs == 1 {
        vec![work(&take)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..jobs).map(|_| scope.spawn(|| work(&take))).collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err((0, "a simulation thread failed".into())))
                })
                .collect()
        })
    };
    let mut done = Vec::with_capacity(parts.len());
    let mut failed: Option<(u64, String)> = None;
    for p in parts {
        match p {
            Ok(t) => done.push(t),
            Err(e) if failed.as_ref().is_none_or(|f| e.0 < f.0) => failed = Some(e),
            Err(_) => {}
        }
    }
    match failed {
        Some((_, e)) => Err(e),
        None => Ok(done),
    }
}

fn empty(players: usize) -> Report {
    Report {
        games: 0,
        player_turns: 0,
        commands: 0,
        seconds: 0.0,
        wins: vec![0; players],
        capped: 0,
        figures: Figures::default(),
    }
}

/// Games taken one by one from `take` until it has none left; a failure stops the thread
/// and names its game.
fn play_games<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    cfg: &Config,
    take: &(dyn Fn() -> Option<u64> + Sync),
    bar: &indicatif::ProgressBar,
) -> Result<Report, (u64, String)> {
    let mut report = empty(cfg.players);
    while let Some(g) = take() {
        bar.inc(1);
        let seed = cfg.seed.wrapping_add(g);
        let outcome = if cfg.check {
            play_checked::<F>(rules, options, cfg, seed, &mut report.figures)
        } else {
            play_fast::<F>(
                rules,
                options,
                cfg,
                seed,
                Some(&mut report.figures),
                &mut |_, _| {},
            )
        }
        .map_err(|e| (g, e))?;
        report.games += 1;
        report.player_turns += outcome.turns;
        report.commands += outcome.commands;
        match outcome.winners {
            Some(ws) => {
                for w in ws {
                    if let Some(slot) = report.wins.get_mut(w) {
                        *slot += 1;
                    }
                }
            }
            None => report.capped += 1,
        }
    }
    Ok(report)
}

pub struct Outcome {
    pub turns: u64,
    pub commands: u64,
    /// None when the game was stopped by the cap.
    pub winners: Option<Vec<usize>>,
}

fn stuck<F: Family>(rules: &F::Rules, s: &F::State, seed: u64) -> String {
    format!(
        "seed {seed}: the game is not over but there is no legal command (asked: {})",
        F::prompt(rules, s)
    )
}

/// The engine alone, no journal: the speed figure. `watch` sees the state each time a
/// player-turn (or round) ends, with the turns so far (the house-rule lab follows the lead);
/// the game's figures go into `figures` when given.
pub fn play_fast<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    cfg: &Config,
    seed: u64,
    figures: Option<&mut Figures>,
    watch: &mut dyn FnMut(&F::State, u64),
) -> Result<Outcome, String> {
    let mut s = start::<F>(rules, options, cfg.players, seed)?;
    // The kind of player chosen once a game, not asked at every command.
    let (turns, commands) = if cfg.steady {
        steady_moves::<F>(rules, cfg, seed, &mut s, watch)?
    } else {
        random_moves::<F>(rules, cfg, seed, &mut s, watch)?
    };
    let over = winners::<F>(rules, &s);
    watch(&s, turns);
    if let Some(figures) = figures {
        figures.add(F::figures(rules, &s));
    }
    Ok(Outcome {
        turns,
        commands,
        winners: over,
    })
}

/// A new game of `players` seats named P1, P2, ..., its setup drawn from `seed`.
pub fn start<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    players: usize,
    seed: u64,
) -> Result<F::State, String> {
    let players = names(players);
    let mut rng = StdRng::seed_from_u64(seed);
    F::start(rules, &players, options, Deal::Draw(&mut rng))
        .map(|g| g.state)
        .map_err(|e| e.to_string())
}

/// A game's commands to its end or the cap by the steady player (the engine's one playout,
/// `play_on`): the player-turns and the commands.
fn steady_moves<F: Family>(
    rules: &F::Rules,
    cfg: &Config,
    seed: u64,
    s: &mut F::State,
    watch: &mut dyn FnMut(&F::State, u64),
) -> Result<(u64, u64), String> {
    let mut rng = PlayRng::seed_from_u64(seed);
    // Events applied, never listed: the figures are read from the state.
    let mut events = Events {
        kept: false,
        ..Events::default()
    };
    let mut commands = 0;
    let played = play_on::<F>(
        rules,
        s,
        cfg.max_turns,
        &mut events,
        |s| {
            commands += 1;
            F::steady(rules, s, None, &mut rng)
        },
        |s, turns| watch(s, turns),
    );
    match played {
        Ok((Stop::NoMove, _)) => Err(stuck::<F>(rules, s, seed)),
        Ok((_, turns)) => Ok((turns, commands)),
        Err((cmd, e)) => Err(format!("seed {seed}: legal command {cmd:?} refused: {e}")),
    }
}

/// A game's commands to its end or the cap by the random player (`Play::random_move`, which
/// chooses and carries out in one: simulate's hot loop): the player-turns and the commands.
fn random_moves<F: Family>(
    rules: &F::Rules,
    cfg: &Config,
    seed: u64,
    s: &mut F::State,
    watch: &mut dyn FnMut(&F::State, u64),
) -> Result<(u64, u64), String> {
    let mut rng = PlayRng::seed_from_u64(seed);
    let (mut turns, mut commands) = (0, 0);
    // Events applied, never listed: the figures are read from the state.
    let (mut events, mut options) = (
        Events {
            kept: false,
            ..Events::default()
        },
        Vec::new(),
    );
    if cfg.max_turns == 0 {
        return Ok((turns, commands));
    }
    loop {
        // The random player finds no move once the game is over (asked once a game, not
        // after every command).
        let moved = F::random_move(rules, s, &mut rng, &mut options, &mut events)
            .map_err(|e| format!("seed {seed}: {e}"))?;
        if !moved {
            if is_over::<F>(rules, s) {
                break;
            }
            return Err(stuck::<F>(rules, s, seed));
        }
        commands += 1;
        // The cap is asked when a player-turn ends, the only time the count changes.
        let now = F::turns(rules, s).unwrap_or(commands);
        if now > turns {
            turns = now;
            watch(s, turns);
            if turns >= cfg.max_turns {
                break;
            }
        }
    }
    Ok((turns, commands))
}

/// Through a session (journal in memory) with every check.
pub fn play_checked<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    cfg: &Config,
    seed: u64,
    figures: &mut Figures,
) -> Result<Outcome, String> {
    let mut session = Session::<F>::new(
        rules.clone(),
        &names(cfg.players),
        seed,
        options.clone(),
        None,
    )?;
    let mut rng = PlayRng::seed_from_u64(seed);
    let (mut turns, mut commands) = (0, 0);
    let fail = |what: String, s: &Session<F>| {
        format!(
            "seed {seed}, after {} commands: {what}\nlast commands: {:?}",
            s.history.len(),
            s.history
                .iter()
                .rev()
                .take(5)
                .map(|d| &d.cmd)
                .collect::<Vec<_>>()
        )
    };
    F::invariants(rules, &session.state, true).map_err(|e| fail(e, &session))?;
    while !session.over() && turns < cfg.max_turns {
        // A live game always has a legal command (else the table would be stuck).
        if F::legal(rules, &session.state).is_empty() {
            return Err(fail(stuck::<F>(rules, &session.state, seed), &session));
        }
        // A refused command leaves the state exactly as it was.
        if rng.random_ratio(1, 10) {
            let Some(probe) = F::wild_command(rules, &session.state, &mut rng) else {
                return Err(fail("no command to try".into(), &session));
            };
            let before = session.state.clone();
            let mut scratch = before.clone();
            if crate::engine::game::execute::<F>(rules, &mut scratch, &probe).is_err()
                && scratch != before
            {
                return Err(fail(
                    format!("refused {probe:?} changed the state"),
                    &session,
                ));
            }
        }
        // The random player's draws from here, for its fast path below.
        let drawn_from = rng.clone();
        let cmd = F::random_command(rules, &session.state, &mut rng)
            .ok_or_else(|| fail(stuck::<F>(rules, &session.state, seed), &session))?;
        let before = session.state.clone();
        let done = session
            .command(cmd.clone())
            .map_err(|e| fail(format!("legal command {cmd:?} refused: {e}"), &session))?;
        // The words told as the rules applied each event are the words for those events
        // applied again, each against the state just after it.
        let mut again = before.clone();
        let mut said = Vec::new();
        for e in &done.events {
            F::apply(rules, &mut again, e);
            said.extend(F::narrate(rules, &again, e));
        }
        if said != done.said {
            return Err(fail(
                format!(
                    "{cmd:?} was told differently from its events: {:?}",
                    done.said
                ),
                &session,
            ));
        }
        commands += 1;
        turns = F::turns(rules, &session.state).unwrap_or(commands);
        F::invariants(rules, &session.state, true).map_err(|e| fail(e, &session))?;
        // The simulator's way (`random_move`, events applied but not listed, nothing kept to
        // put back) makes the same choice from the same draws, to the same state; and the
        // command carried out with its events unlisted does too.
        if commands % 7 == 0 {
            let done = &session.history.last().expect("just done").cmd;
            let (mut fast, mut fast_rng, mut options) = (before.clone(), drawn_from, Vec::new());
            let mut unlisted = before.clone();
            let quiet = || Events {
                kept: false,
                ..Events::default()
            };
            let same = F::random_move(rules, &mut fast, &mut fast_rng, &mut options, &mut quiet())
                .is_ok_and(|moved| moved)
                && fast == session.state
                && F::execute_into(rules, &mut unlisted, done, &mut quiet()).is_ok()
                && unlisted == session.state;
            if !same {
                return Err(fail(
                    format!("{done:?} carried out for the simulator differs"),
                    &session,
                ));
            }
        }
        if rng.random_ratio(1, 25) {
            let after = session.state.clone();
            let done = session.history.last().expect("just done").cmd.clone();
            session.undo()?;
            if session.state != before {
                return Err(fail(
                    format!("undo of {done:?} did not restore the state"),
                    &session,
                ));
            }
            session
                .command(done.clone())
                .map_err(|e| fail(format!("redo of {done:?} refused: {e}"), &session))?;
            if session.state != after {
                return Err(fail(
                    format!("redo of {done:?} differs from the first time"),
                    &session,
                ));
            }
        }
        if commands % 97 == 0 && session.replay() != session.state {
            return Err(fail(
                "replay of the journal differs from the live state".into(),
                &session,
            ));
        }
    }
    if session.replay() != session.state {
        return Err(fail(
            "replay at the end differs from the live state".into(),
            &session,
        ));
    }
    figures.add(F::figures(rules, &session.state));
    Ok(Outcome {
        turns,
        commands,
        winners: winners::<F>(rules, &session.state),
    })
}
