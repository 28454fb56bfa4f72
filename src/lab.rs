//! The house-rule lab: `simulate --compare` plays the same seeds under several option sets and
//! sets the results side by side (game length, win share per seat, how often the lead changes,
//! seats out), each difference from the first set with a 95% confidence interval; `--plot`
//! draws the distributions.

use std::path::Path;

use crate::engine::game::Family;
use crate::report::{Panel, Report, Series};
use crate::simulate::{play_fast, share_games, Config};

/// One game's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    pub turns: u64,
    /// Seats that won (empty when the cap stopped the game).
    pub winners: Vec<usize>,
    /// The turn cap stopped the game (its turns count as the cap).
    pub capped: bool,
    pub lead_changes: u64,
    pub out: usize,
}

/// One option set's games, in seed order.
#[derive(Debug, Clone)]
pub struct Arm {
    pub name: String,
    pub games: Vec<Game>,
}

/// Play `cfg.games` seeded games under `options`; `tick` after each game (the progress bar).
pub fn play<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    cfg: &Config,
    tick: &mut dyn FnMut(),
) -> Result<Vec<Game>, String> {
    let mut out = Vec::new();
    for g in 0..cfg.games {
        let seed = cfg.seed.wrapping_add(g);
        let (mut leader, mut changes, mut gone) = (None, 0u64, 0usize);
        let outcome = play_fast::<F>(rules, options, cfg, seed, None, &mut |s, _| {
            let st = F::standing(rules, s);
            gone = st.out;
            if let Some(now) = st.leader() {
                if leader.is_some_and(|was| was != now) {
                    changes += 1;
                }
                leader = Some(now);
            }
        })?;
        out.push(Game {
            turns: outcome.turns,
            capped: outcome.winners.is_none(),
            winners: outcome.winners.unwrap_or_default(),
            lead_changes: changes,
            out: gone,
        });
        tick();
    }
    Ok(out)
}

/// `play` on `jobs` threads, each taking the next unplayed seed when free
/// (`simulate::share_games`); the games come back in seed order, so they are the same as on
/// one thread.
pub fn play_jobs<F: Family>(
    rules: &F::Rules,
    options: &F::Options,
    cfg: &Config,
    jobs: usize,
    bar: &indicatif::ProgressBar,
) -> Result<Vec<Game>, String> {
    let parts = share_games(cfg.games, jobs, |take| {
        let mut mine = Vec::new();
        while let Some(g) = take() {
            let one = Config {
                seed: cfg.seed.wrapping_add(g),
                games: 1,
                ..cfg.clone()
            };
            let game = play::<F>(rules, options, &one, &mut || bar.inc(1)).map_err(|e| (g, e))?;
            mine.extend(game.into_iter().map(|x| (g, x)));
        }
        Ok(mine)
    })?;
    let mut games: Vec<(u64, Game)> = parts.into_iter().flatten().collect();
    games.sort_by_key(|(g, _)| *g);
    Ok(games.into_iter().map(|(_, x)| x).collect())
}

/// Mean and the half-width of its 95% interval (normal approximation).
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, f64::NAN);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// One figure compared: its name, whether it is a share (shown in %), its value in a game.
type Measure = (String, bool, Box<dyn Fn(&Game) -> f64>);

/// The figures compared, each a number per game.
fn measures(players: usize) -> Vec<Measure> {
    let mut m: Vec<Measure> = vec![
        ("turns per game".into(), false, Box::new(|g| g.turns as f64)),
        (
            "games stopped at the cap".into(),
            true,
            Box::new(|g| g.capped as u8 as f64),
        ),
        (
            "lead changes per game".into(),
            false,
            Box::new(|g| g.lead_changes as f64),
        ),
        (
            "seats out per game".into(),
            false,
            Box::new(|g| g.out as f64),
        ),
        (
            "games without a winner".into(),
            true,
            Box::new(|g| g.winners.is_empty() as u8 as f64),
        ),
    ];
    for seat in 0..players {
        m.push((
            format!("seat {} wins", seat + 1),
            true,
            Box::new(move |g| g.winners.contains(&seat) as u8 as f64),
        ));
    }
    m
}

/// The side-by-side table: each arm's mean (a share in %), and each later arm's difference
/// from the first with its 95% interval. The same seeds are played in every arm, so the
/// differences are paired game by game.
pub fn lines(arms: &[Arm], players: usize) -> Vec<String> {
    let Some(first) = arms.first() else {
        return vec![];
    };
    let w = 24;
    let col = arms.iter().map(|a| a.name.len()).max().unwrap_or(0).max(14) + 2;
    let mut head = format!("{:w$}", "");
    for a in arms {
        head.push_str(&format!("{:>col$}", a.name));
    }
    for a in arms.iter().skip(1) {
        head.push_str(&format!("   {} minus {} (95% CI)", a.name, first.name));
    }
    let mut out = vec![
        format!(
            "house-rule lab: {} games per set, the same seeds in each",
            first.games.len()
        ),
        // A game the cap stopped counts the cap as its length: where many were stopped, a
        // difference in turns per game says less than it seems.
        format!(
            "stopped at the turn cap: {}",
            arms.iter()
                .map(|a| format!(
                    "{} {} of {}",
                    a.name,
                    a.games.iter().filter(|g| g.capped).count(),
                    a.games.len()
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        head,
    ];
    for (name, share, f) in measures(players) {
        let scale = if share { 100.0 } else { 1.0 };
        let unit = if share { "%" } else { "" };
        let mut line = format!("{name:w$}");
        for a in arms {
            let xs: Vec<f64> = a.games.iter().map(|g| f(g) * scale).collect();
            let (m, _) = mean_ci(&xs);
            line.push_str(&format!("{:>col$}", format!("{m:.1}{unit}")));
        }
        for a in arms.iter().skip(1) {
            let d: Vec<f64> = a
                .games
                .iter()
                .zip(&first.games)
                .map(|(b, x)| (f(b) - f(x)) * scale)
                .collect();
            let (m, h) = mean_ci(&d);
            let pts = if share { " pts" } else { "" };
            line.push_str(&format!("   {m:+.1}{pts} ({:+.1} to {:+.1})", m - h, m + h));
        }
        out.push(line);
    }
    out
}

/// Counts of `values` in about twenty equal bins from 0 to the largest: (bin middle, games).
fn histogram(values: &[f64], top: f64) -> Vec<(f64, f64)> {
    let bins = 20usize;
    let width = (top / bins as f64).max(1.0);
    let mut counts = vec![0u64; bins + 1];
    for v in values {
        counts[((v / width) as usize).min(bins)] += 1;
    }
    counts
        .iter()
        .enumerate()
        .map(|(i, &c)| ((i as f64 + 0.5) * width, c as f64))
        .collect()
}

/// `--plot FILE.svg|png`: how game length and lead changes are spread, one line per set.
pub fn plot(arms: &[Arm], out: &Path) -> Result<(), String> {
    let panel = |title: &str, x: &str, f: &dyn Fn(&Game) -> f64| {
        let top = arms
            .iter()
            .flat_map(|a| a.games.iter().map(f))
            .fold(1.0, f64::max);
        Panel::Lines {
            title: title.into(),
            x_label: x.into(),
            y_label: "games".into(),
            series: arms
                .iter()
                .map(|a| Series {
                    name: a.name.clone(),
                    points: histogram(&a.games.iter().map(f).collect::<Vec<_>>(), top),
                })
                .collect(),
        }
    };
    let report = Report {
        title: "House-rule lab".into(),
        panels: vec![
            panel("Game length", "player-turns", &|g| g.turns as f64),
            panel("Lead changes", "changes of the leader", &|g| {
                g.lead_changes as f64
            }),
        ],
    };
    crate::report::write(&report, out)
}
