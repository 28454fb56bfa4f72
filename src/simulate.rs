//! Random legal play for speed figures, house-rule balance and conformance: games of seeded
//! random choices among the legal commands, with (when checking) the invariants after every
//! command, replay == live state, undo then redo == identity, and refused commands harmless.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

use crate::engine::dice::Dice;
use crate::engine::property::state::{level_buildings, Pending, HOTEL};
use crate::engine::property::{self, legal, Command, Event, Options, Ruleset, State};
use crate::session::Session;

#[derive(Debug, Clone)]
pub struct Config {
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    /// Stop a game after this many player-turns.
    pub max_turns: u64,
    /// Check invariants, replay and undo after commands (slow; for tests).
    pub check: bool,
}

#[derive(Debug, Clone, Default)]
pub struct Report {
    pub games: u64,
    pub player_turns: u64,
    pub commands: u64,
    pub seconds: f64,
    pub wins: Vec<u64>,
    pub capped: u64,
    /// Status games: how often the sole status leader changed.
    pub lead_changes: u64,
    /// Status games: games won by reaching the target status (the rest by bankruptcies).
    pub status_wins: u64,
    pub status_game: bool,
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
        if self.status_game {
            out.push(format!(
                "status lead changes per game: {:.1}",
                self.lead_changes as f64 / self.games.max(1) as f64
            ));
            out.push(format!(
                "won by reaching the target status: {} of {}",
                self.status_wins, self.games
            ));
        }
        let decided: u64 = self.wins.iter().sum();
        for (seat, w) in self.wins.iter().enumerate() {
            out.push(format!(
                "seat {} wins: {} ({:.1}%)",
                seat + 1,
                w,
                100.0 * *w as f64 / decided.max(1) as f64
            ));
        }
        out
    }
}

pub fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("P{i}")).collect()
}

/// Play `cfg.games` games. Errors name the game's seed and what broke.
pub fn run(rules: &Ruleset, options: &Options, cfg: &Config) -> Result<Report, String> {
    let mut report = Report {
        wins: vec![0; cfg.players],
        status_game: options.target_status > 0,
        ..Default::default()
    };
    let start = Instant::now();
    for g in 0..cfg.games {
        let seed = cfg.seed.wrapping_add(g);
        let outcome = if cfg.check {
            play_checked(rules, options, cfg, seed)?
        } else {
            play_fast(rules, options, cfg, seed)?
        };
        report.games += 1;
        report.player_turns += outcome.turns;
        report.commands += outcome.commands;
        report.lead_changes += outcome.lead_changes;
        report.status_wins += outcome.status_win as u64;
        match outcome.winner {
            Some(w) => report.wins[w] += 1,
            None => report.capped += 1,
        }
    }
    report.seconds = start.elapsed().as_secs_f64();
    Ok(report)
}

pub struct Outcome {
    pub turns: u64,
    pub commands: u64,
    pub winner: Option<usize>,
    pub lead_changes: u64,
    pub status_win: bool,
}

/// Counts one game as it is played.
#[derive(Default)]
struct Tally {
    turns: u64,
    commands: u64,
    leader: Leader,
}

impl Tally {
    fn record(&mut self, s: &State, events: &[Event]) {
        self.turns += count_turns(events);
        self.commands += 1;
        self.leader.see(s, events);
    }

    fn outcome(&self, s: &State) -> Outcome {
        Outcome {
            turns: self.turns,
            commands: self.commands,
            winner: s.winner,
            lead_changes: self.leader.changes,
            status_win: won_on_status(s),
        }
    }
}

fn won_on_status(s: &State) -> bool {
    s.options.target_status > 0
        && s.winner
            .is_some_and(|w| s.players[w].status >= s.options.target_status)
}

/// Follows who leads on status alone and counts the changes of leader.
#[derive(Default)]
struct Leader {
    last: Option<usize>,
    changes: u64,
}

impl Leader {
    fn see(&mut self, s: &State, events: &[Event]) {
        if !events.iter().any(|e| matches!(e, Event::Status { .. })) {
            return;
        }
        let best = s.players.iter().map(|p| p.status).max().unwrap_or(0);
        let mut top = (0..s.players.len()).filter(|&p| s.players[p].status == best);
        if let (Some(p), None) = (top.next(), top.next()) {
            if self.last.is_some_and(|l| l != p) {
                self.changes += 1;
            }
            self.last = Some(p);
        }
    }
}

fn count_turns(events: &[Event]) -> u64 {
    events
        .iter()
        .filter(|e| matches!(e, Event::TurnStarts { .. }))
        .count() as u64
}

/// The engine alone, no journal: the speed figure.
fn play_fast(
    rules: &Ruleset,
    options: &Options,
    cfg: &Config,
    seed: u64,
) -> Result<Outcome, String> {
    let setup = crate::session::make_setup(rules, seed);
    let (mut s, _) = property::new_game(rules, &names(cfg.players), options, &setup)
        .map_err(|e| e.to_string())?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut tally = Tally::default();
    let mut events = Vec::new();
    while !s.over && tally.turns < cfg.max_turns {
        let cmd = choose(rules, &s, &mut rng);
        property::execute_into(rules, &mut s, &cmd, &mut events)
            .map_err(|e| format!("seed {seed}: legal command {cmd:?} refused: {e}"))?;
        tally.record(&s, &events);
    }
    Ok(tally.outcome(&s))
}

/// Through a session (journal in memory) with every check.
pub fn play_checked(
    rules: &Ruleset,
    options: &Options,
    cfg: &Config,
    seed: u64,
) -> Result<Outcome, String> {
    let mut session = Session::new(
        rules.clone(),
        &names(cfg.players),
        seed,
        options.clone(),
        None,
    )?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut tally = Tally::default();
    let fail = |what: String, s: &Session| {
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
    invariants(rules, &session.state).map_err(|e| fail(e, &session))?;
    while !session.state.over && tally.turns < cfg.max_turns {
        // A refused command leaves the state exactly as it was.
        if rng.random_ratio(1, 10) {
            let probe = wild_command(rules, &session.state, &mut rng);
            let before = session.state.clone();
            let mut scratch = before.clone();
            if property::execute(rules, &mut scratch, &probe).is_err() && scratch != before {
                return Err(fail(
                    format!("refused {probe:?} changed the state"),
                    &session,
                ));
            }
        }
        let cmd = choose(rules, &session.state, &mut rng);
        let before = session.state.clone();
        let events = session
            .command(cmd.clone())
            .map_err(|e| fail(format!("legal command {cmd:?} refused: {e}"), &session))?;
        tally.record(&session.state, &events);
        invariants(rules, &session.state).map_err(|e| fail(e, &session))?;
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
        if tally.commands % 97 == 0 && session.replay() != session.state {
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
    Ok(tally.outcome(&session.state))
}

/// The rules that must hold after every command.
pub fn invariants(rules: &Ruleset, s: &State) -> Result<(), String> {
    if s.ledger.total() != 0 {
        return Err(format!("money not conserved: total {}", s.ledger.total()));
    }
    for (p, pl) in s.players.iter().enumerate() {
        if s.cash(p) < 0 {
            return Err(format!("{} has negative cash {}", pl.name, s.cash(p)));
        }
        if pl.bankrupt && (s.owned_by(p).next().is_some() || !pl.cards.is_empty() || s.cash(p) != 0)
        {
            return Err(format!("bankrupt {} still has assets", pl.name));
        }
    }
    let (mut houses, mut hotels) = (0i64, 0i64);
    for (i, h) in s.squares.iter().enumerate() {
        let (a, b) = level_buildings(h.level);
        houses += a;
        hotels += b;
        if h.level > 0 && (h.mortgaged || h.owner.is_none() || !rules.squares[i].is_lot()) {
            return Err(format!(
                "buildings on {} where none may stand",
                rules.squares[i].id
            ));
        }
        if h.level > HOTEL {
            return Err(format!("{} has level {}", rules.squares[i].id, h.level));
        }
    }
    if !(0..=rules.houses as i64).contains(&s.houses)
        || !(0..=rules.hotels as i64).contains(&s.hotels)
    {
        return Err(format!(
            "bank supply out of range: {} / {}",
            s.houses, s.hotels
        ));
    }
    if houses + s.houses != rules.houses as i64 || hotels + s.hotels != rules.hotels as i64 {
        return Err(format!(
            "buildings not conserved: {houses}+{} houses, {hotels}+{} hotels",
            s.houses, s.hotels
        ));
    }
    for g in &rules.groups {
        let steps = |l: u8| {
            if l == HOTEL {
                s.houses_before_hotel + 1
            } else {
                l
            }
        };
        let levels: Vec<u8> = g
            .members
            .iter()
            .map(|&m| steps(s.squares[m].level))
            .collect();
        let (lo, hi) = (levels.iter().min().copied(), levels.iter().max().copied());
        if let (Some(lo), Some(hi)) = (lo, hi) {
            if hi > lo + 1 {
                return Err(format!("uneven building on {}: {levels:?}", g.id));
            }
        }
    }
    if !s.options.physical_decks {
        for (d, deck) in rules.decks.iter().enumerate() {
            let held = s
                .players
                .iter()
                .flat_map(|p| p.cards.iter())
                .filter(|c| c.0 == d)
                .count();
            let total = deck.cards.iter().filter(|c| !c.spare).count();
            if held + s.decks[d].len() != total {
                return Err(format!("deck {} lost cards", deck.id));
            }
        }
    }
    Ok(())
}

/// A random player's choice among the legal commands, weighted like a plausible table. With
/// nothing pending it first picks what kind of thing to do, then asks only for those commands.
pub fn choose(rules: &Ruleset, s: &State, rng: &mut StdRng) -> Command {
    let options = match s.top() {
        Some(_) => legal::legal(rules, s),
        None => {
            // Sample one player's options (or one deal) rather than list everyone's: the same
            // legal moves, far cheaper to ask for.
            let mut v = Vec::new();
            let n = s.players.len();
            let start = rng.random_range(0..n);
            let someone = (0..n)
                .map(|k| (start + k) % n)
                .find(|&q| s.in_game(q))
                .unwrap_or(s.current);
            match rng.random_range(0..100) {
                0..=21 => legal::management(rules, s, &[someone], &mut v),
                22 => {
                    let sq = rng.random_range(0..rules.squares.len());
                    if let (Some(from), Some(price)) = (s.owner(sq), rules.squares[sq].price()) {
                        let deal = property::Trade {
                            from,
                            to: someone,
                            give: vec![property::Item::Square(sq)],
                            get: vec![property::Item::Cash(price)],
                        };
                        if legal::trade_ok(rules, s, &deal) {
                            v.push(Command::Trade(deal));
                        }
                    }
                }
                23..=40 => legal::claims(s, &mut v),
                _ => {}
            }
            let r = rng.random_range(0..100);
            let wanted = |c: &Command| match c {
                Command::Build { .. } => r < 70,
                Command::Unmortgage { .. } => r < 20,
                Command::Mortgage { .. } | Command::Sell { .. } => r < 5,
                _ => true,
            };
            v.retain(wanted);
            if v.is_empty() {
                legal::turn_commands(rules, s, &mut v);
            }
            v
        }
    };
    let pick = |rng: &mut StdRng, f: &dyn Fn(&Command) -> bool| -> Option<Command> {
        let v: Vec<&Command> = options.iter().filter(|c| f(c)).collect();
        (!v.is_empty()).then(|| v[rng.random_range(0..v.len())].clone())
    };
    let chosen = match s.top() {
        Some(Pending::Buy { .. }) => if rng.random_ratio(3, 4) {
            pick(rng, &|c| matches!(c, Command::Buy))
        } else {
            None
        }
        .or_else(|| pick(rng, &|c| matches!(c, Command::Decline))),
        Some(Pending::Auction(_)) => if rng.random_ratio(1, 2) {
            pick(rng, &|c| matches!(c, Command::Bid { .. }))
        } else {
            None
        }
        .or_else(|| pick(rng, &|c| matches!(c, Command::Pass { .. })))
        .or_else(|| pick(rng, &|c| matches!(c, Command::Bid { .. }))),
        Some(Pending::Debt(_)) => pick(rng, &|c| matches!(c, Command::Pay))
            .or_else(|| {
                if rng.random_ratio(19, 20) {
                    pick(rng, &|c| {
                        matches!(c, Command::Sell { .. } | Command::Mortgage { .. })
                    })
                } else {
                    None
                }
            })
            .or_else(|| pick(rng, &|c| matches!(c, Command::Concede))),
        _ => None,
    };
    let chosen = chosen.or_else(|| {
        (!options.is_empty()).then(|| options[rng.random_range(0..options.len())].clone())
    });
    match chosen.unwrap_or(Command::TimeUp) {
        Command::Roll { dice: None } => Command::Roll {
            dice: Some(Dice(rng.random_range(1..=6), rng.random_range(1..=6))),
        },
        other => other,
    }
}

/// A command picked with no regard to legality, to check that refusals change nothing.
fn wild_command(rules: &Ruleset, s: &State, rng: &mut StdRng) -> Command {
    let n = s.players.len();
    let sq = rng.random_range(0..rules.squares.len());
    let p = rng.random_range(0..n);
    match rng.random_range(0..14) {
        0 => Command::End,
        1 => Command::Buy,
        2 => Command::Decline,
        3 => Command::Bid {
            player: p,
            amount: rng.random_range(-5..3000),
        },
        4 => Command::Build { square: sq },
        5 => Command::Sell {
            square: sq,
            all: rng.random(),
        },
        6 => Command::Mortgage { square: sq },
        7 => Command::Unmortgage { square: sq },
        8 => Command::Pay,
        9 => Command::JailPay,
        10 => Command::Keep { square: sq },
        11 => Command::Claim { square: sq },
        12 => Command::Roll {
            dice: Some(Dice(rng.random_range(1..=6), rng.random_range(1..=6))),
        },
        _ => Command::Trade(property::Trade {
            from: p,
            to: rng.random_range(0..n),
            give: vec![property::Item::Square(sq)],
            get: vec![property::Item::Cash(rng.random_range(-10..500))],
        }),
    }
}
