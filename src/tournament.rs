//! `boardside tournament`: games between computer seats of given levels (random, steady,
//! strong), the levels turned round the seats game by game so no level keeps the first seat,
//! and each level's win share with its 95% interval. How strong the strong seat is, measured.

use rand::SeedableRng;

use crate::computer::{acts_now, answer, best_offer, deals_to_weigh, next_command, Budget, Level};
use crate::engine::game::{below, is_over, winning_sides, Events, Family, Parsed, PlayRng, ToAct};
use crate::engine::playout::play_on;

/// What to play.
#[derive(Debug, Clone)]
pub struct Setup {
    /// A level per seat (P1, P2, ...).
    pub levels: Vec<Level>,
    pub games: u64,
    pub seed: u64,
    /// Player-turns (grid: rounds) before a game goes to its leaders.
    pub max_turns: u64,
    pub budget: Budget,
    /// Protocol lines carried out before play (`side P1 scientists`: a grid team fixed).
    pub opening: Vec<String>,
    /// Keep every level in its seat (no turning round: the opening fixes seats).
    pub fixed_seats: bool,
    pub jobs: usize,
    /// Strong seats offer deals and every seat answers them, as on the device with "Computer
    /// deals: on" (a random seat answers at random).
    pub deals: bool,
    /// Told a line as each game ends (the command line: standard error), so a long run shows
    /// how far it has got and what each game took.
    pub progress: Option<fn(&str)>,
}

/// Wins (shares of a tie) of each level, over the games.
#[derive(Debug, Clone, PartialEq)]
pub struct Result {
    pub levels: Vec<Level>,
    /// Per seat of `levels`: its share of the wins.
    pub wins: Vec<f64>,
    pub games: u64,
    /// Games the grid's engine-played pieces (or nobody at the cap) won.
    pub others: f64,
    pub unfinished: u64,
    pub seconds: f64,
}

impl Result {
    /// The win share of level-seat `i`, and its 95% interval (Wilson's score interval, which
    /// stays honest at 0% and 100%: 40 wins in 40 games is 91% to 100%, not 100% to 100%).
    pub fn share(&self, i: usize) -> (f64, f64, f64) {
        let n = self.games.max(1) as f64;
        let p = self.wins[i] / n;
        let z2 = 1.96f64 * 1.96;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = 1.96 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }

    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "games: {} ({} ended by the turn cap), {:.1} s",
            self.games, self.unfinished, self.seconds
        )];
        for i in 0..self.levels.len() {
            let (p, low, high) = self.share(i);
            out.push(format!(
                "seat {} ({}): wins {:.1}% (95% interval {:.1}% to {:.1}%)",
                i + 1,
                self.levels[i].word(),
                100.0 * p,
                100.0 * low,
                100.0 * high
            ));
        }
        if self.others > 0.0 {
            out.push(format!(
                "the game's own computer pieces: wins {:.1}%",
                100.0 * self.others / self.games.max(1) as f64
            ));
        }
        out
    }
}

/// Play the tournament.
pub fn play<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    setup: &Setup,
) -> std::result::Result<Result, String> {
    let start = std::time::Instant::now();
    let n = setup.levels.len();
    let parts = crate::simulate::share_games(setup.games, setup.jobs, |take| {
        let mut wins = vec![0.0; n];
        let (mut others, mut unfinished) = (0.0, 0u64);
        while let Some(g) = take() {
            // Game g turns the levels round by g seats: seat j plays level (j + g) % n.
            let turn = if setup.fixed_seats { 0 } else { g as usize % n };
            let levels: Vec<Level> = (0..n).map(|j| setup.levels[(j + turn) % n]).collect();
            let began = std::time::Instant::now();
            let (won, sides, finished) =
                one_game::<F>(rules, options, setup, &levels, g).map_err(|e| (g, e))?;
            if let Some(tell) = setup.progress {
                let who: Vec<String> = won
                    .iter()
                    .map(|&seat| format!("P{} ({})", seat + 1, levels[seat].word()))
                    .collect();
                tell(&format!(
                    "game {} of {}: {}{}, {:.1} s",
                    g + 1,
                    setup.games,
                    if who.is_empty() {
                        "nobody's seat".into()
                    } else {
                        who.join(", ")
                    },
                    if finished {
                        " won"
                    } else {
                        " led at the turn cap"
                    },
                    began.elapsed().as_secs_f64()
                ));
            }
            unfinished += u64::from(!finished);
            // A win shared by several sides (a tie) is a share each; every seat of a winning
            // team has won.
            let share = 1.0 / sides.max(1) as f64;
            if won.is_empty() {
                others += share;
            }
            for seat in won {
                wins[(seat + turn) % n] += share;
            }
        }
        Ok((wins, others, unfinished))
    })?;
    let mut out = Result {
        levels: setup.levels.clone(),
        wins: vec![0.0; n],
        games: setup.games,
        others: 0.0,
        unfinished: 0,
        seconds: 0.0,
    };
    for (w, o, u) in parts {
        for (a, b) in out.wins.iter_mut().zip(w) {
            *a += b;
        }
        out.others += o;
        out.unfinished += u;
    }
    out.seconds = start.elapsed().as_secs_f64();
    Ok(out)
}

/// One game: the seats that won (for a game of teams, the seats on the winning team at its
/// end; seats past the players are the game's own pieces), and whether it ended before the cap.
fn one_game<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    setup: &Setup,
    levels: &[Level],
    game: u64,
) -> std::result::Result<(Vec<usize>, usize, bool), String> {
    let seed = setup.seed.wrapping_add(game);
    let mut s = crate::simulate::start::<F>(rules, options, levels.len(), seed)?;
    let mut events = Events {
        kept: false,
        ..Events::default()
    };
    for line in &setup.opening {
        match F::parse(rules, &s, line)? {
            Parsed::Command(c) => F::execute_into(rules, &mut s, &c, &mut events)
                .map_err(|e| format!("{line}: {e}"))?,
            Parsed::Show(_) => return Err(format!("{line}: not a command")),
        }
    }
    let mut rng = PlayRng::seed_from_u64(seed ^ 0x7041_2E4D);
    let mut offered: Vec<F::Command> = Vec::new();
    // A strong seat's deal comes before its own move; `dealt` says the deal was just made
    // (or refused), so the move comes next.
    let mut dealt = false;
    loop {
        let cap = setup
            .max_turns
            .saturating_sub(F::turns(rules, &s).unwrap_or(0));
        let stopped = play_on::<F>(
            rules,
            &mut s,
            cap,
            &mut events,
            |s| {
                if setup.deals && !dealt {
                    let d = deal::<F>(rules, s, levels, &setup.budget, &mut offered, &mut rng);
                    if d.is_some() {
                        dealt = true;
                        return d;
                    }
                }
                dealt = false;
                next_command::<F>(rules, s, levels, &setup.budget, &mut rng)
            },
            |_, _| {},
        );
        match stopped {
            Ok(_) => break,
            // A deal the rules refuse now is simply not made.
            Err(_) if dealt => {}
            // A move refused (a group card whose numbers the table has not entered, say):
            // the random player stands in; a game it cannot go on with is stopped unfinished.
            Err(_) => match F::random_command(rules, &s, &mut rng) {
                Some(c) if F::execute_into(rules, &mut s, &c, &mut events).is_ok() => {}
                _ => break,
            },
        }
    }
    let won_sides = winning_sides::<F>(rules, &s);
    let players = levels.len();
    let seats: Vec<usize> = (0..players)
        .filter(|&p| won_sides.contains(&F::standing(rules, &s).side(p)))
        .collect();
    // A game of teams won by a team of the game's own pieces alone: nobody's seat.
    Ok((seats, won_sides.len(), is_over::<F>(rules, &s)))
}

/// A deal made before a strong seat's own move, as the device makes it: the seat whose turn
/// it is offers, once each, the deal that raises its chance most by more than 3 points; the
/// seat it goes to takes it when its own chance rises (a random seat: at random).
fn deal<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    levels: &[Level],
    budget: &Budget,
    offered: &mut Vec<F::Command>,
    rng: &mut PlayRng,
) -> Option<F::Command> {
    let ToAct::One(seat) = F::to_act(rules, s) else {
        return None;
    };
    if levels.get(seat) != Some(&Level::Strong) {
        return None;
    }
    let deals = deals_to_weigh::<F>(rules, s, seat, |d| offered.contains(d));
    if deals.is_empty() {
        return None;
    }
    let seed: u64 = rand::Rng::random(rng);
    if !acts_now::<F>(rules, s, seat, Level::Strong, seed) {
        return None;
    }
    let commands: Vec<F::Command> = deals.iter().map(|(_, d)| d.clone()).collect();
    let (d, _, _) = best_offer::<F>(rules, s, seat, &commands, budget, seed, || false)?;
    offered.push(d.clone());
    let to = deals.iter().find(|(_, x)| *x == d).map(|(to, _)| *to)?;
    let take = match levels.get(to) {
        Some(Level::Random) => below(rng, 2) == 1,
        Some(_) => answer::<F>(rules, s, to, &d, budget, seed ^ 0xDEA1).0,
        None => false,
    };
    take.then_some(d)
}
