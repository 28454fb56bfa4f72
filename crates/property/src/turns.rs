//! The turn: the first roll for who starts, rolling and moving, doubles and the third-doubles
//! rule, and ending the turn (sectionopoly: THE PLAY).

use super::event::{Event, How, JailWhy, Note};
use super::landing::{arrive_at, Arrival};
use super::state::Pending;
use super::{cards, claims, jail, movement, narrate, no_decision, Table};
use crate::Helpers as _;
use boardside_engine::dice::Dice;
use boardside_engine::ensure;
use boardside_engine::turn::next_seat;
use boardside_engine::RuleError;

// Inlined where the simulator carries out the turn's own verbs: a roll, its move
// and the end of the turn are most commands, and as calls of their own they cost sectionopoly's
// random play more instructions and more time.
#[inline(always)]
pub fn roll(t: &mut Table, dice: Option<Dice>) -> Result<(), RuleError> {
    let dice = dice.ok_or_else(|| RuleError::new("roll needs the dice: `roll` or `roll 3 4`"))?;
    Dice::new(dice.0, dice.1)?;
    match t.s.top().cloned() {
        Some(Pending::FirstRoll { .. }) => return first_roll(t, dice),
        Some(Pending::UtilityRoll { player, square }) => {
            cards::utility_roll(t, player, square, dice);
            return Ok(());
        }
        _ => no_decision(t)?,
    }
    let p = t.s.current;
    if let Some(attempts) = t.s.players[p].jail {
        return jail::roll_in_jail(t, p, attempts, dice);
    }
    ensure!(
        super::legal::turn_offers(t.s) == super::legal::TurnOffers::Roll,
        "{} has rolled already: `end` the turn",
        t.name(p)
    );
    throw(t, p, dice);
    Ok(())
}

/// A roll by the current player `p`, out of jail, who may roll now (no decision pending, not
/// rolled yet or owed another roll): what `roll` does once its checks pass. The random
/// player's fast path (`turn_verb`) calls it directly, having picked the roll on those same
/// facts.
#[inline(always)]
pub(crate) fn throw(t: &mut Table, p: usize, dice: Dice) {
    // Claims exist only under `rent_must_be_asked`: with none open, nothing to look at.
    if !t.s.turn.rolled && !t.s.claims.is_empty() {
        claims::lapse(t, p);
    }
    let again = dice.is_double();
    t.emit(Event::Rolled {
        player: p,
        dice,
        again,
    });
    // sectionopoly: THE PLAY ¶3, third doubles in succession: straight to the White Room.
    if t.s.turn.doubles >= 3 {
        jail::send(t, p, JailWhy::ThirdDoubles);
        return;
    }
    let to = movement::forward(t, p, dice.total() as usize, How::Dice);
    arrive_at(t, p, to, Arrival::Dice(dice.total()));
    if t.s.turn.roll_again && t.s.players[p].jail.is_none() && !t.s.over {
        t.emit(Event::Note(Note::RollAgain { player: p }));
    }
}

/// sectionopoly: THE PLAY ¶1: each player throws, the highest total starts; a tie for the
/// highest throws again among the tied players (a careful table's reading).
fn first_roll(t: &mut Table, dice: Dice) -> Result<(), RuleError> {
    let p = t.s.acting_player();
    t.emit(Event::FirstRoll { player: p, dice });
    let Some(Pending::FirstRoll { contenders, rolls }) = t.s.top().cloned() else {
        return Ok(());
    };
    let waiting = (0..contenders.len()).any(|q| contenders[q] && rolls[q].is_none());
    if waiting {
        return Ok(());
    }
    let best = rolls.iter().flatten().copied().max().unwrap_or(0);
    let top = |q: &usize| contenders[*q] && rolls[*q] == Some(best);
    let mut tops = (0..rolls.len()).filter(top);
    if let (Some(first), None) = (tops.next(), tops.next()) {
        t.emit(Event::Done);
        t.emit(Event::TurnStarts { player: first });
    } else {
        // Listed only for a tie (the tied players roll again).
        t.emit(Event::FirstRollTie {
            players: (0..rolls.len()).filter(top).collect(),
            total: best,
        });
    }
    Ok(())
}

// Inlined as `roll` is.
#[inline(always)]
pub fn end(t: &mut Table) -> Result<(), RuleError> {
    no_decision(t)?;
    let p = t.s.current;
    // The turn offers its end only once the dice are thrown and no doubles owe a roll.
    match super::legal::turn_offers(t.s) {
        super::legal::TurnOffers::End => {}
        super::legal::TurnOffers::Roll if t.s.turn.rolled => {
            ensure!(false, "{} threw doubles and must roll again", t.name(p))
        }
        _ => ensure!(false, "{} has not rolled yet", t.name(p)),
    }
    next_turn(t);
    Ok(())
}

/// Hand the turn to the next player still in the game (inlined as `roll` is).
#[inline(always)]
pub(crate) fn next_turn(t: &mut Table) {
    let s = &*t.s;
    let next = next_seat(s.current, s.players.len(), |q| s.in_game(q));
    t.emit(Event::TurnStarts { player: next });
}

/// Text for a verb that answers a decision nobody is being asked: what is true, then what the
/// game waits for.
pub fn busy(t: &Table, what: &str) -> RuleError {
    RuleError::new(format!(
        "{what}; now: {}",
        narrate::waiting_for(t.rules, t.s)
    ))
}
