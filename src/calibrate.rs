//! Are the odds right? `simulate --calibrate` plays games with the steady player, asks for the
//! odds at fixed moments (as the device would), and, once each game is over, compares every
//! prediction with who won: a reliability table (of the predictions of 0-10%, 10-20%, ...,
//! how often that side won) and the Brier score, against two naive answers: 1/n for every
//! side, and each side's share of the standing (net worth, groups, team sizes).

use std::sync::atomic::AtomicBool;

use rand::SeedableRng;

use crate::engine::game::{is_over, winning_sides, Events, Family, PlayRng};
use crate::odds::{estimate, Rollouts};
use crate::simulate::{share_games, start};

/// The player-turns (grid: rounds) after which the odds are asked.
pub const MOMENTS: [u64; 3] = [10, 40, 120];

/// One prediction: the side's chance by the odds, by 1/n and by its standing's share, and
/// what the side got: 1 for a win, 0 for a loss, a share of a game won by several (a tie,
/// or a game that reached the cap with its leaders level).
#[derive(Debug, Clone, Copy)]
pub struct Guess {
    pub odds: f64,
    pub even: f64,
    pub share: f64,
    pub won: f64,
}

pub struct Settings {
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    /// A game lasting longer goes to its leaders by standing.
    pub max_turns: u64,
    pub rollouts: u64,
    pub jobs: usize,
}

/// Play the games and gather every prediction made in them.
pub fn run<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    cfg: &Settings,
) -> Result<Vec<Guess>, String> {
    let parts = share_games(cfg.games, cfg.jobs, |take| {
        let mut mine = Vec::new();
        while let Some(g) = take() {
            mine.extend(
                game::<F>(rules, options, cfg, cfg.seed.wrapping_add(g)).map_err(|e| (g, e))?,
            );
        }
        Ok(mine)
    })?;
    Ok(parts.into_iter().flatten().collect())
}

fn game<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    cfg: &Settings,
    seed: u64,
) -> Result<Vec<Guess>, String> {
    let mut s = start::<F>(rules, options, cfg.players, seed)?;
    let mut rng = PlayRng::seed_from_u64(seed);
    let mut events = Events::default();
    let never = AtomicBool::new(false);
    let rollouts = Rollouts {
        games: cfg.rollouts,
        seed,
        max_turns: 200,
        jobs: 1,
    };
    // (the odds, the standing's shares) at each moment reached.
    let mut asked: Vec<(Vec<f64>, Vec<f64>)> = Vec::new();
    let mut turns = 0;
    while !is_over::<F>(rules, &s) && turns < cfg.max_turns {
        if asked.len() < MOMENTS.len() && turns >= MOMENTS[asked.len()] {
            let o = estimate::<F>(rules, &s, &[], &rollouts, &never).ok_or("cancelled")?;
            let chances = (0..o.sides.len()).map(|i| o.chance(i)).collect();
            asked.push((chances, shares(&F::standing(rules, &s).scores)));
        }
        let cmd = F::steady(rules, &s, None, &mut rng)
            .ok_or_else(|| format!("seed {seed}: no command"))?;
        F::execute_into(rules, &mut s, &cmd, &mut events)
            .map_err(|e| format!("seed {seed}: {e}"))?;
        turns = F::turns(rules, &s).unwrap_or(turns + 1);
    }
    let won = winning_sides::<F>(rules, &s);
    let mut out = Vec::new();
    for (odds, share) in asked {
        let n = odds.len();
        for (side, &chance) in odds.iter().enumerate() {
            out.push(Guess {
                odds: chance,
                even: 1.0 / n as f64,
                share: share.get(side).copied().unwrap_or(1.0 / n as f64),
                won: if won.contains(&side) {
                    1.0 / won.len() as f64
                } else {
                    0.0
                },
            });
        }
    }
    Ok(out)
}

/// Each side's share of the standing's scores (1/n when they add up to nothing).
fn shares(scores: &[i64]) -> Vec<f64> {
    let total: i64 = scores.iter().map(|&s| s.max(0)).sum();
    scores
        .iter()
        .map(|&s| {
            if total > 0 {
                s.max(0) as f64 / total as f64
            } else {
                1.0 / scores.len().max(1) as f64
            }
        })
        .collect()
}

/// The reliability table and the Brier scores, as lines.
pub fn lines(guesses: &[Guess]) -> Vec<String> {
    let mut out = vec!["predicted   predictions   won".to_string()];
    for b in 0..10 {
        let (lo, hi) = (b as f64 / 10.0, (b + 1) as f64 / 10.0);
        let inside: Vec<&Guess> = guesses
            .iter()
            .filter(|g| g.odds >= lo && (g.odds < hi || (b == 9 && g.odds <= 1.0)))
            .collect();
        if inside.is_empty() {
            continue;
        }
        let won = inside.iter().map(|g| g.won).sum::<f64>() / inside.len() as f64;
        let said = inside.iter().map(|g| g.odds).sum::<f64>() / inside.len() as f64;
        out.push(format!(
            "{:>3}-{:<3}%   {:>5} (mean {:>4.1}%)   {:>5.1}%",
            b * 10,
            (b + 1) * 10,
            inside.len(),
            100.0 * said,
            100.0 * won
        ));
    }
    let brier = |f: &dyn Fn(&Guess) -> f64| {
        guesses.iter().map(|g| (f(g) - g.won).powi(2)).sum::<f64>() / guesses.len().max(1) as f64
    };
    out.push(format!(
        "Brier score (lower is better): the odds {:.4}, 1/n {:.4}, the standing's share {:.4} \
         ({} predictions at turns {:?})",
        brier(&|g| g.odds),
        brier(&|g| g.even),
        brier(&|g| g.share),
        guesses.len(),
        MOMENTS
    ));
    out
}
