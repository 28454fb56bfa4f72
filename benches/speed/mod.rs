//! `cargo bench -- speed` (issue 70): instructions, counted by valgrind (the figure that
//! travels between machines), for each family's heaviest sampled strong decision, the odds'
//! 400 rollouts and a player-turn of random play; the Zero 2 W and Pi 4 times they mean.
//! The bench runs itself under valgrind for each figure (`--count`), once with the work and
//! once with only its set-up, and prints the difference. Figures, never asserted.

use std::process::Command;

use boardside::computer::{self, Budget, Level};
use boardside::engine::game::{is_over, Family, PlayRng};
use boardside::simulate::{self, Config};
use rand::SeedableRng;

/// The rulesets measured, by name: every one the program ships (`rulesets::built_in`), each
/// reaching its family through `games::of_ruleset`.
fn rulesets() -> Vec<String> {
    boardside::rulesets::built_in()
        .iter()
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
        .collect()
}
/// Where decisions are sampled: random games of four, these seeds, after these commands.
const SEEDS: [u64; 2] = [2, 3];
const AT: [u64; 3] = [40, 120, 260];
/// Random play counted: this many games of `simulate`'s loop, seed 1, less a one-game run.
const GAMES: u64 = 300;
/// Instructions a cycle assumed for a branchy, cache-missing game loop: a Pi 4's Cortex-A72
/// (out of order, three wide) about 1; a Zero 2 W's Cortex-A53 (in order, two wide) about
/// 0.6 (issue 70's reading of published Cortex-A53 figures on branchy integer code).
pub const PI4: (f64, f64) = (1.5e9, 1.0);
pub const ZERO2W: (f64, f64) = (1.0e9, 0.6);
/// valgrind counting instructions only (no cache simulation: the fastest count), its file
/// thrown away: the count is read from what it writes to standard error (`refs`).
pub const VALGRIND: [&str; 4] = [
    "valgrind",
    "--tool=cachegrind",
    "--cache-sim=no",
    "--cachegrind-out-file=/dev/null",
];

/// The instructions valgrind counted, from its standard error ("==123== I   refs:   1,234").
pub fn refs(stderr: &str) -> Option<u64> {
    stderr.lines().find_map(|l| {
        let (what, n) = l.split_once("refs:")?;
        what.trim_end().ends_with(" I").then_some(())?;
        n.trim().replace(',', "").parse().ok()
    })
}

/// A ruleset of this checkout by name (every bench reads them here).
pub fn path(name: &str) -> String {
    format!("{}/rulesets/{name}.toml", env!("CARGO_MANIFEST_DIR"))
}

/// The child's work (`engine --count WHAT RULESET ARGS...`): set up, then the work unless
/// WHAT ends in `-setup`. Run under valgrind by `run`.
pub fn count(args: &[String]) {
    let [what, ruleset, rest @ ..] = args else {
        eprintln!("--count WHAT RULESET ...");
        std::process::exit(2);
    };
    let nums: Vec<u64> = rest.iter().filter_map(|a| a.parse().ok()).collect();
    // The one dispatch from a ruleset to its family (src/games.rs).
    let done =
        boardside::games::of_ruleset(std::path::Path::new(&path(ruleset))).and_then(|game| {
            boardside::with_family!(game, F => {
                work::<F>(what, ruleset, &nums);
                Ok(())
            })
        });
    if let Err(e) = done {
        eprintln!("{ruleset}: {e}");
        std::process::exit(2);
    }
}

/// A random game of four, `seed`, played `at` commands on and then to the first position a
/// seat decides at the strong level: the state and that seat.
fn sampled<F: Family>(rules: &F::Rules, seed: u64, at: u64) -> Option<(F::State, usize)> {
    let options = F::options(rules, &[]).ok()?;
    let mut s = simulate::start::<F>(rules, &options, 4, seed).ok()?;
    let mut rng = PlayRng::seed_from_u64(seed);
    for n in 0..at + 200 {
        if is_over::<F>(rules, &s) {
            return None;
        }
        if n >= at {
            if let Some(p) =
                (0..4).find(|&p| computer::acts_now::<F>(rules, &s, p, Level::Strong, seed))
            {
                return Some((s, p));
            }
        }
        let cmd = F::random_command(rules, &s, &mut rng)?;
        boardside::engine::game::execute::<F>(rules, &mut s, &cmd).ok()?;
    }
    None
}

fn work<F: Family>(what: &str, ruleset: &str, nums: &[u64]) {
    let rules = boardside::rulesets::load::<F>(&path(ruleset)).expect("ruleset");
    let (kind, setup) = match what.strip_suffix("-setup") {
        Some(k) => (k, true),
        None => (what, false),
    };
    match (kind, nums) {
        ("decide", [seed, at]) => {
            let Some((s, seat)) = sampled::<F>(&rules, *seed, *at) else {
                println!("none");
                return;
            };
            let choices = computer::own_choices::<F>(&rules, &s, seat).len();
            // The choice made is printed after the count: the same choice before and after
            // a change of speed is the same strength.
            let made = if setup {
                String::new()
            } else {
                computer::choose::<F>(&rules, &s, seat, Level::Strong, &Budget::default(), *seed)
                    .map_or("none".into(), |c| F::format_command(&rules, &s, &c.cmd))
            };
            println!("{choices} {made}");
        }
        ("odds", [seed]) => {
            let options = F::options(&rules, &[]).unwrap();
            let s = simulate::start::<F>(&rules, &options, 4, *seed).unwrap();
            if !setup {
                let never = std::sync::atomic::AtomicBool::new(false);
                let cfg = boardside::odds::Rollouts::default();
                let o = boardside::odds::estimate::<F>(&rules, &s, &[], &cfg, &never);
                std::hint::black_box(o);
            }
        }
        ("random", [games]) => {
            let options = F::options(&rules, &[]).unwrap();
            let cfg = Config {
                players: 4,
                games: *games,
                seed: 1,
                max_turns: 1000,
                check: false,
                steady: false,
            };
            let r = simulate::run_jobs::<F>(&rules, &options, &cfg, 1).unwrap();
            println!("{} {}", r.player_turns, r.commands);
        }
        _ => {
            eprintln!("--count {what}: not a figure");
            std::process::exit(2);
        }
    }
}

/// This bench run under valgrind with `args`: the instructions it took and what it printed.
fn counted(args: &[String]) -> Option<(u64, String)> {
    let me = std::env::current_exe().ok()?;
    let out = Command::new(VALGRIND[0])
        .args(&VALGRIND[1..])
        .arg(me)
        .arg("--count")
        .args(args)
        .output()
        .ok()?;
    let refs = refs(&String::from_utf8_lossy(&out.stderr))?;
    Some((
        refs,
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
    ))
}

/// The instructions of `args`' work, less its set-up, and what the work printed.
fn work_counted(what: &str, ruleset: &str, nums: &[u64]) -> Option<(u64, String)> {
    let args = |w: String| {
        let mut a = vec![w, ruleset.to_string()];
        a.extend(nums.iter().map(u64::to_string));
        a
    };
    let (all, said) = counted(&args(what.to_string()))?;
    let (setup, _) = counted(&args(format!("{what}-setup")))?;
    Some((all.saturating_sub(setup), said))
}

pub fn seconds(instructions: u64, (hz, ipc): (f64, f64)) -> f64 {
    instructions as f64 / (hz * ipc)
}

fn millions(n: u64) -> String {
    format!("{:.0} M", n as f64 / 1e6)
}

/// Every figure, a line each (`cargo bench -- speed`; `speed RULESET` for one ruleset).
pub fn run(only: &[String]) {
    // `speed each ...`: every sampled decision and the choice made, not only the heaviest.
    let verbose = only.first().is_some_and(|w| w == "each");
    let only = if verbose { &only[1..] } else { only };
    if Command::new("valgrind").arg("--version").output().is_err() {
        println!("speed: valgrind counts the instructions: install it (apt-get install valgrind)");
        return;
    }
    println!(
        "speed: instructions counted by valgrind; a Pi 4 at {:.1} GHz and {:.1} instructions a \
         cycle, a Zero 2 W at {:.1} GHz and {:.1}",
        PI4.0 / 1e9,
        PI4.1,
        ZERO2W.0 / 1e9,
        ZERO2W.1
    );
    let mut rates: Vec<(&str, f64)> = Vec::new();
    let names = rulesets();
    for ruleset in names.iter().map(String::as_str) {
        if !only.is_empty() && !only.iter().any(|o| o == ruleset) {
            continue;
        }
        let mut heaviest: Option<(u64, u64, u64, String)> = None;
        for seed in SEEDS {
            for at in AT {
                let Some((n, said)) = work_counted("decide", ruleset, &[seed, at]) else {
                    continue;
                };
                let Some((choices, made)) = said.split_once(' ') else {
                    continue;
                };
                if verbose {
                    println!(
                        "{ruleset}: seed {seed} at {at}: {} ({choices} choices): {made}",
                        millions(n)
                    );
                }
                let choices = choices.to_string();
                if heaviest.as_ref().is_none_or(|h| n > h.0) {
                    heaviest = Some((n, seed, at, choices));
                }
            }
        }
        if let Some((n, seed, at, choices)) = heaviest {
            println!(
                "{ruleset}: heaviest strong decision of {} sampled: {} instructions (seed {seed} \
                 at {at} commands, {choices} choices): {:.2} s on a Zero 2 W, {:.2} s on a Pi 4",
                SEEDS.len() * AT.len(),
                millions(n),
                seconds(n, ZERO2W),
                seconds(n, PI4)
            );
        }
        if let Some((n, _)) = work_counted("odds", ruleset, &[1]) {
            println!(
                "{ruleset}: the odds' 400 rollouts from the start: {} instructions: {:.2} s on a \
                 Zero 2 W, {:.2} s on a Pi 4",
                millions(n),
                seconds(n, ZERO2W),
                seconds(n, PI4)
            );
        }
        let (Some((many, m)), Some((one, o))) = (
            counted(&["random".into(), ruleset.into(), GAMES.to_string()]),
            counted(&["random".into(), ruleset.into(), "1".into()]),
        ) else {
            continue;
        };
        let read = |s: &str| -> (u64, u64) {
            let mut w = s.split_whitespace().filter_map(|x| x.parse().ok());
            (w.next().unwrap_or(0), w.next().unwrap_or(0))
        };
        let ((turns, commands), (turns1, commands1)) = (read(&m), read(&o));
        let per = |d: u64| many.saturating_sub(one) as f64 / d.max(1) as f64;
        let per_turn = per(turns - turns1.min(turns));
        let per_command = per(commands - commands1.min(commands));
        rates.push((ruleset, per_command));
        println!(
            "{ruleset}: random play ({GAMES} games of 4, seed 1, less one game): {per_turn:.0} \
             instructions a player-turn, {per_command:.0} a command"
        );
    }
    if let Some(&(_, base)) = rates.iter().find(|(r, _)| *r == "sectionopoly") {
        for (r, per) in &rates {
            println!(
                "{r}: commands a second at {:.0}% of sectionopoly's (by instructions a command)",
                100.0 * base / per
            );
        }
    }
}
