//! Moving tokens: forward by dice or card with the start-square salary, backward without it
//! (sectionopoly: "BRIEFING" ¶1: paid on landing or passing, by dice or card).

use super::event::{Event, How};
use super::state::Why;
use super::Table;
use crate::Helpers as _;
use boardside_engine::ledger::Account;

/// Forward `steps` squares, collecting salary when passing or landing on the start square
/// (inlined into every roll, as `turns::roll` is where the simulator plays): the square
/// reached.
#[inline(always)]
pub fn forward(t: &mut Table, p: usize, steps: usize, how: How) -> usize {
    let n = t.rules.squares.len();
    let from = t.s.players[p].position;
    // Round the board by subtracting: a move passes the start at most once (a division on
    // every move was a fifth of this function's time); the remainder stays for anything longer.
    let mut to = from + steps;
    if to >= n {
        to -= n;
        if to >= n {
            to %= n.max(1);
        }
    }
    t.emit(Event::Moved {
        player: p,
        from,
        to,
        how,
    });
    // One salary per trip round: passing or reaching square 0 once.
    if steps > 0 && from + steps >= n {
        t.pay(
            Account::Bank,
            Account::Player(p),
            t.rules.salary,
            Why::Salary,
        );
    }
    to
}

/// Forward to a named square (a card): salary if the move passes or reaches the start.
pub(crate) fn advance_to(t: &mut Table, p: usize, to: usize) {
    let n = t.rules.squares.len();
    let from = t.s.players[p].position;
    let steps = (to + n - from) % n;
    // "Advance to" the square you stand on is a full trip round.
    let steps = if steps == 0 { n } else { steps };
    forward(t, p, steps, How::Card);
}

/// Backward: never collects salary.
pub fn back(t: &mut Table, p: usize, steps: usize) {
    let n = t.rules.squares.len();
    let from = t.s.players[p].position;
    let to = (from + n - steps % n) % n;
    t.emit(Event::Moved {
        player: p,
        from,
        to,
        how: How::Back,
    });
}
