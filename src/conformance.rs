//! The conformance suite every game family passes by implementing the game API: seeded random
//! play with invariants, replay == live, undo then redo == identity, refused commands harmless
//! (all in `simulate::play_checked`), plus the journal: a round trip gives the same state, and
//! a journal cut at every byte offset resumes to the last committed state or is refused
//! clearly, never changing the file.

use crate::engine::game::PlayRng;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};

use crate::engine::game::Family;
use crate::session::Session;
use crate::simulate::{self, Config};

/// Everything: random play with every check, then the journal checks on one game.
pub fn suite<F: Family>(
    rules: &F::Rules,
    opts: &F::Options,
    cfg: &Config,
    dir: &Path,
) -> Result<simulate::Report, String> {
    let checked = Config {
        check: true,
        steady: false,
        ..cfg.clone()
    };
    let report = simulate::run::<F>(rules, opts, &checked)?;
    let trial = Trial::<F> {
        rules,
        opts,
        players: cfg.players,
        seed: cfg.seed,
        dir,
    };
    trial.journal_round_trip(60)?;
    trial.cut_everywhere(12)?;
    Ok(report)
}

/// One journaled game of random play to check the journal against.
pub struct Trial<'a, F: Family> {
    pub rules: &'a F::Rules,
    pub opts: &'a F::Options,
    pub players: usize,
    pub seed: u64,
    /// Where the journals are written (and removed again).
    pub dir: &'a Path,
}

fn temp<F: Family>(dir: &Path, what: &str, seed: u64) -> PathBuf {
    dir.join(format!(
        "conformance-{}-{what}-{seed}-{}.journal",
        F::GAME,
        std::process::id()
    ))
}

impl<F: Family> Trial<'_, F> {
    /// Play `commands` random commands (some undone) into a journal; the states after each
    /// record written, and the journal's path.
    fn journaled_game(
        &self,
        commands: usize,
        path: &Path,
    ) -> Result<(Session<F>, Vec<F::State>), String> {
        let (rules, seed) = (self.rules, self.seed);
        let _ = std::fs::remove_file(path);
        let mut s = Session::<F>::new(
            rules.clone(),
            &simulate::names(self.players),
            seed,
            self.opts.clone(),
            Some(path),
        )?;
        let mut rng = PlayRng::seed_from_u64(seed ^ 0x6a6f_7572);
        let mut states = vec![s.state.clone()];
        for _ in 0..commands {
            if s.over() {
                break;
            }
            if !s.history.is_empty() && rng.random_ratio(1, 8) {
                s.undo()?;
            } else {
                let Some(cmd) = F::random_command(rules, &s.state, &mut rng) else {
                    return Err(format!("seed {seed}: no legal command in a live game"));
                };
                s.command(cmd.clone())
                    .map_err(|e| format!("seed {seed}: legal {cmd:?} refused: {e}"))?;
            }
            states.push(s.state.clone());
        }
        Ok((s, states))
    }

    /// A game written to a journal resumes to the same state, with the same next device roll.
    pub fn journal_round_trip(&self, commands: usize) -> Result<(), String> {
        let (rules, seed) = (self.rules, self.seed);
        let path = temp::<F>(self.dir, "round-trip", seed);
        let (live, _) = self.journaled_game(commands, &path)?;
        let (resumed, _) = Session::<F>::resume(rules.clone(), &path)?
            .ok_or_else(|| format!("{}: the journal was read as empty", path.display()))?;
        let result = if resumed.state != live.state {
            Err(format!(
                "seed {seed}: the state resumed from the journal differs from the live one"
            ))
        } else if resumed.replay() != live.state {
            Err(format!("seed {seed}: the resumed game replays differently"))
        } else {
            Ok(())
        };
        let _ = std::fs::remove_file(&path);
        result
    }

    /// Cut the journal at every byte offset: each prefix resumes to the state after its last
    /// complete record (a cut inside the header is "no game saved yet"), and resuming never
    /// changes a file it refuses.
    pub fn cut_everywhere(&self, commands: usize) -> Result<(), String> {
        let rules = self.rules;
        let path = temp::<F>(self.dir, "whole", self.seed);
        let (_, states) = self.journaled_game(commands, &path)?;
        let bytes = std::fs::read(&path).map_err(|e| e.to_string())?;
        let _ = std::fs::remove_file(&path);
        let cut = temp::<F>(self.dir, "cut", self.seed);
        for end in 0..=bytes.len() {
            let prefix = &bytes[..end];
            std::fs::write(&cut, prefix).map_err(|e| e.to_string())?;
            let complete = prefix.iter().filter(|&&b| b == b'\n').count();
            match Session::<F>::resume(rules.clone(), &cut) {
                Ok(None) if complete == 0 => {}
                Ok(None) => return Err(format!("cut at byte {end}: a saved game was not found")),
                Ok(Some((s, _))) => {
                    let want = complete
                        .checked_sub(1)
                        .and_then(|k| states.get(k))
                        .ok_or_else(|| format!("cut at byte {end}: resumed from no header"))?;
                    if &s.state != want {
                        return Err(format!(
                            "cut at byte {end}: resumed to a state that was never committed"
                        ));
                    }
                }
                Err(e) => {
                    let after = std::fs::read(&cut).map_err(|e| e.to_string())?;
                    if after != prefix {
                        return Err(format!(
                            "cut at byte {end}: a refused resume changed the file"
                        ));
                    }
                    return Err(format!("cut at byte {end}: a clean cut was refused: {e}"));
                }
            }
        }
        let _ = std::fs::remove_file(&cut);
        Ok(())
    }
}

/// `legal` agrees with `execute`: along a seeded random game, every listed command is accepted
/// (any dice filled in), and every wild command that is accepted is listed, except those for
/// which `unlisted` says they are no menu entries (corrections, amounts, the table's dice).
pub fn legal_agrees<F: Family>(
    rules: &F::Rules,
    opts: &F::Options,
    players: usize,
    seed: u64,
    steps: usize,
    unlisted: impl Fn(&F::Command) -> bool,
) -> Result<(), String> {
    let mut s = Session::<F>::new(
        rules.clone(),
        &simulate::names(players),
        seed,
        opts.clone(),
        None,
    )?;
    let mut rng = PlayRng::seed_from_u64(seed);
    for step in 0..steps {
        if s.over() {
            break;
        }
        let legal = F::legal(rules, &s.state);
        if step % 3 == 0 {
            for c in &legal {
                let c = match F::chance(rules, &s.state, c) {
                    Some(ch) => {
                        F::set_chance(c, Some(&vec![1; ch.dice.len()])).unwrap_or_else(|| c.clone())
                    }
                    None => c.clone(),
                };
                crate::engine::game::execute::<F>(rules, &mut s.state.clone(), &c)
                    .map_err(|e| format!("seed {seed}: legal {c:?} refused: {e}"))?;
            }
        }
        for _ in 0..20 {
            let Some(wild) = F::wild_command(rules, &s.state, &mut rng) else {
                break;
            };
            if !unlisted(&wild)
                && crate::engine::game::execute::<F>(rules, &mut s.state.clone(), &wild).is_ok()
                && !legal.contains(&wild)
            {
                return Err(format!("seed {seed}: {wild:?} is accepted but not listed"));
            }
        }
        let c = F::random_command(rules, &s.state, &mut rng)
            .ok_or_else(|| format!("seed {seed}: no legal command in a live game"))?;
        s.command(c).map_err(|e| e.to_string())?;
    }
    Ok(())
}
