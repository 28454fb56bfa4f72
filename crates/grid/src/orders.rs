//! Sealed orders (grid-game: Game principle ¶1): each player who is not stunned seals one
//! order: attack, pray/study, or 1 to N move cards (N by the feet). When the last human has
//! sealed, the computer seats seal theirs and every order is revealed and resolved.

use super::event::Event;
use super::state::{Order, Phase};
use super::{round, Table};
use crate::Helpers as _;
use boardside_engine::ensure;
use boardside_engine::RuleError;

/// The move cards a piece's feet allow (grid-game: Movement ¶1).
pub fn max_steps(t: &Table, player: usize) -> u32 {
    let feet = t.s.pieces[player].sticker(super::state::Part::Feet);
    t.rules.max_steps[feet.index()]
}

/// Why this order may not be sealed by this player now, if it may not.
pub fn check(t: &Table, player: usize, order: &Order) -> Result<(), RuleError> {
    ensure!(
        t.s.phase == Phase::Orders,
        "orders are sealed during a round: {}",
        match t.s.phase {
            Phase::Setup => "the game has not started (`start`)",
            Phase::Placing { .. } => "the pieces are still being placed (`roll`)",
            Phase::Wonder { .. } => "the big wonder's holder is being drawn (`roll`)",
            _ => "the game is over",
        }
    );
    let name = t.name(player);
    ensure!(
        !t.s.pieces[player].computer,
        "{name} is a computer seat: it seals its own order"
    );
    ensure!(
        t.s.pieces[player].stunned == 0,
        "{name} is stunned for {} more round(s) and seals no order",
        t.s.pieces[player].stunned
    );
    if let Order::Move(dirs) = order {
        let n = max_steps(t, player);
        ensure!(
            !dirs.is_empty(),
            "a move order needs at least one move card"
        );
        ensure!(
            dirs.len() as u32 <= n,
            "{name}'s feet allow {n} move card(s), not {}",
            dirs.len()
        );
    }
    Ok(())
}

pub fn seal(t: &mut Table, player: usize, order: &Order) -> Result<(), RuleError> {
    check(t, player, order)?;
    // Re-sealing before the reveal replaces the order.
    t.emit(Event::Sealed {
        player,
        order: *order,
    });
    if !t.s.anyone_owes() {
        round::reveal_and_resolve(t);
        round::next_round_if_done(t);
    }
    Ok(())
}
