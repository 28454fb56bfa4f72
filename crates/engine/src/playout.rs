//! Playing on from a position until the game ends or a cap: the one loop every look ahead and
//! every steady game uses (a computer seat's playouts, the odds, simulate's steady play), with
//! one definition of the cap.

use super::game::{is_over, Events, Family};

/// Why a playout stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The game is over.
    Over,
    /// The cap: `cap` player-turns (the grid game: rounds) played from where it started, or
    /// as many commands where a family counts no turns.
    Cap,
    /// Nobody chose a command (a stuck game).
    NoMove,
}

/// Play on from `s`, each command the one `choose` makes, until the game is over or `cap`
/// player-turns have been played from here; `each_turn` sees the state each time a
/// player-turn begins (with the turns played so far). A command the rules refuse is the
/// caller's to judge: `Err` with it and the refusal, `s` as the rules left it (unchanged).
pub fn play_on<F: Family>(
    rules: &F::Rules,
    s: &mut F::State,
    cap: u64,
    events: &mut Events<F::Event>,
    mut choose: impl FnMut(&F::State) -> Option<F::Command>,
    mut each_turn: impl FnMut(&F::State, u64),
) -> Result<(Stop, u64), (F::Command, String)> {
    let start = F::turns(rules, s);
    let (mut played, mut commands) = (0u64, 0u64);
    loop {
        if is_over::<F>(rules, s) {
            return Ok((Stop::Over, played));
        }
        if played >= cap {
            return Ok((Stop::Cap, played));
        }
        let Some(cmd) = choose(s) else {
            return Ok((Stop::NoMove, played));
        };
        if let Err(e) = F::execute_into(rules, s, &cmd, events) {
            return Err((cmd, e.to_string()));
        }
        commands += 1;
        // The count changes only when a player-turn begins.
        let now = match start {
            Some(t0) => F::turns(rules, s).map_or(commands, |t| t.saturating_sub(t0)),
            None => commands,
        };
        if now > played {
            played = now;
            each_turn(s, played);
        }
    }
}
