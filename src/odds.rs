//! Who is winning, as a chance: from a position, many games played out by the family's steady
//! player, each from the table's public view with every hidden part drawn afresh
//! (`Play::redraw_hidden`), and counted by who won. A game stopped by the turn cap goes to
//! its leaders by the family's standing, and is counted as unfinished. For any family; the
//! device asks in a thread of its own and may cancel.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::SeedableRng;

use crate::engine::game::{is_over, winning_sides, Events, Family, PlayRng};

/// How many games to play out, and how far.
#[derive(Debug, Clone, Copy)]
pub struct Rollouts {
    pub games: u64,
    pub seed: u64,
    /// Player-turns (grid: rounds) a game may last before it is given to its leaders.
    pub max_turns: u64,
    pub jobs: usize,
}

impl Default for Rollouts {
    fn default() -> Self {
        Rollouts {
            games: 400,
            seed: 1,
            max_turns: 200,
            jobs: 1,
        }
    }
}

/// Each side's chance, with what it rests on.
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    /// The sides (players, or the grid game's teams).
    pub sides: Vec<String>,
    /// Games each side won: a game won by several sides (a tie, or an unfinished game whose
    /// leaders are level) counts a share for each.
    pub wins: Vec<f64>,
    pub games: u64,
    /// Games stopped by the cap, given to their leaders.
    pub unfinished: u64,
    pub seconds: f64,
}

impl Odds {
    pub fn chance(&self, side: usize) -> f64 {
        self.wins[side] / self.games.max(1) as f64
    }

    /// The half-width of the 95% interval of a side's chance (the normal approximation, at
    /// least one game's worth).
    pub fn margin(&self, side: usize) -> f64 {
        let p = self.chance(side);
        let n = self.games.max(1) as f64;
        (1.96 * (p * (1.0 - p) / n).sqrt()).max(1.0 / n)
    }

    /// "Ann 41% ±3", one a side.
    pub fn lines(&self) -> Vec<String> {
        (0..self.sides.len())
            .map(|i| {
                format!(
                    "{} {:.0}% ±{:.0}",
                    self.sides[i],
                    100.0 * self.chance(i),
                    100.0 * self.margin(i)
                )
            })
            .collect()
    }
}

/// Play out `cfg.games` games from `state` (its `players` by seat, for the sides' names).
/// None when cancelled.
pub fn estimate<F: Family>(
    rules: &F::Rules,
    state: &F::State,
    players: &[String],
    cfg: &Rollouts,
    cancel: &AtomicBool,
) -> Option<Odds> {
    let start = Instant::now();
    let sides = F::standing(rules, state).names(players);
    let parts = crate::simulate::share_games(cfg.games, cfg.jobs, |take| {
        let mut wins = vec![0.0f64; sides.len()];
        let mut unfinished = 0;
        let mut played = 0;
        while let Some(g) = take() {
            if cancel.load(Ordering::Relaxed) {
                return Err((g, "cancelled".into()));
            }
            let (won, finished) = play_out::<F>(rules, state, cfg, g);
            let share = 1.0 / won.len().max(1) as f64;
            for w in won {
                if let Some(slot) = wins.get_mut(w) {
                    *slot += share;
                }
            }
            unfinished += u64::from(!finished);
            played += 1;
        }
        Ok((wins, unfinished, played))
    })
    .ok()?;
    let mut odds = Odds {
        sides: sides.clone(),
        wins: vec![0.0; sides.len()],
        games: 0,
        unfinished: 0,
        seconds: 0.0,
    };
    for (wins, unfinished, played) in parts {
        for (a, b) in odds.wins.iter_mut().zip(wins) {
            *a += b;
        }
        odds.unfinished += unfinished;
        odds.games += played;
    }
    odds.seconds = start.elapsed().as_secs_f64();
    Some(odds)
}

/// One game played out by the steady player from the public view: the winning sides, and
/// whether it ended before the cap.
pub fn play_out<F: Family>(
    rules: &F::Rules,
    state: &F::State,
    cfg: &Rollouts,
    game: u64,
) -> (Vec<usize>, bool) {
    let mut rng = PlayRng::seed_from_u64(cfg.seed.wrapping_mul(0x9E37_79B9).wrapping_add(game));
    let mut s = F::redraw_hidden(rules, state, None, &mut rng);
    // Events applied, never listed.
    let mut events = Events {
        kept: false,
        ..Events::default()
    };
    // `max_turns` player-turns from this position (`engine::playout`: the one cap); a
    // refused command ends it where it stands.
    let _ = crate::engine::playout::play_on::<F>(
        rules,
        &mut s,
        cfg.max_turns,
        &mut events,
        |s| F::steady(rules, s, None, &mut rng),
        |_, _| {},
    );
    (winning_sides::<F>(rules, &s), is_over::<F>(rules, &s))
}

/// The game's story as chances: each side's chance at the start of every player-turn (grid:
/// round), played out from the position then (`cfg`: fewer games a point than the device),
/// and the three biggest swings named by what happened then. A chart and its notes.
pub fn over_the_game<F: Family>(
    rules: &F::Rules,
    players: &[String],
    steps: &[crate::engine::game::StepOf<F>],
    cfg: &Rollouts,
) -> Vec<crate::engine::panels::Panel> {
    use crate::engine::panels::{series, Panel};
    let Some(last) = steps.last() else {
        return vec![];
    };
    let sides = F::standing(rules, &last.after).names(players);
    let never = AtomicBool::new(false);
    let mut turns = 0u64;
    // (turn, step index, each side's chance)
    let mut points: Vec<(u64, usize, Vec<f64>)> = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let now = F::turns(rules, &step.after).unwrap_or(i as u64);
        let began = now.saturating_sub(turns);
        turns = now;
        if !(i == 0 || began > 0 || i + 1 == steps.len()) {
            continue;
        }
        let chances = if is_over::<F>(rules, &step.after) {
            let won = winning_sides::<F>(rules, &step.after);
            (0..sides.len())
                .map(|k| {
                    if won.contains(&k) {
                        1.0 / won.len() as f64
                    } else {
                        0.0
                    }
                })
                .collect()
        } else {
            match estimate::<F>(rules, &step.after, players, cfg, &never) {
                Some(o) => (0..sides.len()).map(|k| o.chance(k)).collect(),
                None => continue,
            }
        };
        points.push((turns, i, chances));
    }
    let mut lines = series(&sides);
    for (t, _, c) in &points {
        for (k, s) in lines.iter_mut().enumerate() {
            s.points.push((*t as f64, 100.0 * c[k]));
        }
    }
    // The swings: from one point to the next, the biggest change of any side's chance.
    let mut swings: Vec<(f64, usize)> = (1..points.len())
        .map(|j| {
            let d = (0..sides.len())
                .map(|k| (points[j].2[k] - points[j - 1].2[k]).abs())
                .fold(0.0, f64::max);
            (d, j)
        })
        .collect();
    swings.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut notes: Vec<(u64, String)> = swings
        .iter()
        .take(3)
        .filter(|(d, _)| *d >= 0.05)
        .map(|&(_, j)| {
            let (before, after) = (&points[j - 1], &points[j]);
            let k = (0..sides.len())
                .max_by(|&a, &b| {
                    (after.2[a] - before.2[a])
                        .abs()
                        .total_cmp(&(after.2[b] - before.2[b]).abs())
                })
                .unwrap_or(0);
            let what = cause::<F>(rules, &steps[before.1 + 1..=after.1]);
            (
                after.0,
                format!(
                    "turn {}: {what} ({} {:.0}% to {:.0}%)",
                    after.0,
                    sides[k],
                    100.0 * before.2[k],
                    100.0 * after.2[k]
                ),
            )
        })
        .collect();
    notes.sort_by_key(|n| n.0);
    vec![
        Panel::Lines {
            title: "Chance to win (games played out by the steady player)".into(),
            x_label: "turn".into(),
            y_label: "chance to win (%)".into(),
            series: lines,
        },
        Panel::Notes {
            title: "Turning points".into(),
            lines: if notes.is_empty() {
                vec!["no swing of 5 points or more".into()]
            } else {
                notes.into_iter().map(|n| n.1).collect()
            },
        },
    ]
}

/// What happened in these steps, in the table's words: the line with the biggest sum of
/// money in it (a rent, a purchase), else the longest.
fn cause<F: Family>(rules: &F::Rules, steps: &[crate::engine::game::StepOf<F>]) -> String {
    let said: Vec<String> = steps
        .iter()
        .flat_map(|st| {
            st.events
                .iter()
                .filter_map(|e| F::narrate(rules, &st.after, e))
                .filter(|l| l.audience == crate::engine::game::Audience::Table && l.written())
                .map(|l| l.text)
                .collect::<Vec<_>>()
        })
        // The bookkeeping of a turn is no cause: a salary, the next prompt.
        .filter(|l| !l.starts_with("now:") && !l.contains("salary"))
        .collect();
    let money = |l: &String| {
        l.split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse::<i64>().ok())
            .max()
            .unwrap_or(0)
    };
    said.iter()
        .filter(|l| {
            l.contains(" pays ")
                || l.contains("rolls")
                || l.contains("convert")
                || l.contains("joins")
        })
        .max_by_key(|l| money(l))
        .or_else(|| said.iter().max_by_key(|l| l.len()))
        .cloned()
        .unwrap_or_else(|| "a quiet turn".into())
}
