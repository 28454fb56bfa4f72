//! Jail (sectionopoly: "WHITE ROOM"): sent there by square, card or third doubles, with no
//! salary and the turn over; leaving by doubles within the allowed turns, a card, or the fine,
//! and the forced fine after the last failed roll.

use super::debt;
use super::event::{Event, How, JailExit, JailWhy, Note};
use super::landing::{land, Arrival};
use super::state::{After, Debt, State, Why};
use super::{claims, movement, no_decision, Table};
use crate::Helpers as _;
use boardside_engine::dice::Dice;
use boardside_engine::ensure;
use boardside_engine::ledger::Account;
use boardside_engine::RuleError;

pub fn send(t: &mut Table, p: usize, why: JailWhy) {
    t.emit(Event::JailIn { player: p, why });
}

/// The jailed current player, before their roll this turn.
fn jailed_before_roll(t: &Table) -> Result<(usize, u8), RuleError> {
    no_decision(t)?;
    let p = t.s.current;
    let Some(attempts) = t.s.players[p].jail else {
        return Err(RuleError::new(format!(
            "{} is not in {}",
            t.name(p),
            t.rules.theme.jail
        )));
    };
    ensure!(
        !t.s.turn.rolled,
        "{} has rolled this turn; it is over",
        t.name(p)
    );
    Ok((p, attempts))
}

/// Why paying out of jail is refused, before cash is considered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoFine {
    /// scientopoly ¶7: "There is no option of merely paying to get out."
    NoPayingOut,
    /// The last turn: roll, and pay if no doubles come.
    LastTurn,
}

/// May the fine be paid before this roll? On either of the next two turns (sectionopoly: WHITE
/// ROOM ¶2, exit 4); on the third only with `jail_pay_on_last_turn` (suetology allows it every
/// turn); the short game's single turn allows it (SHORT GAME rule 3).
pub(crate) fn fine_allowed(s: &State, attempts: u8) -> Result<(), NoFine> {
    if !s.options.jail_fine_exit {
        return Err(NoFine::NoPayingOut);
    }
    let last = match s.options.jail_turns() {
        Some(turns) => turns > 1 && attempts + 1 >= turns,
        None => false,
    };
    if last && !s.options.jail_pay_on_last_turn {
        return Err(NoFine::LastTurn);
    }
    Ok(())
}

pub fn pay(t: &mut Table) -> Result<(), RuleError> {
    let (p, attempts) = jailed_before_roll(t)?;
    match fine_allowed(t.s, attempts) {
        Ok(()) => {}
        Err(NoFine::NoPayingOut) => {
            return Err(RuleError::new(format!(
                "there is no paying out of {}: roll for doubles or hand in a card",
                t.rules.theme.jail
            )))
        }
        Err(NoFine::LastTurn) => {
            return Err(RuleError::new(format!(
                "on the last turn in {} {} must roll (and pays the fine if no doubles come)",
                t.rules.theme.jail,
                t.name(p)
            )))
        }
    }
    let fine = t.rules.jail_fine;
    ensure!(
        t.s.cash(p) >= fine,
        "{} has {} and the fine is {fine}: mortgage or sell first",
        t.name(p),
        t.s.cash(p)
    );
    t.pay(Account::Player(p), Account::Bank, fine, Why::JailFine);
    t.emit(Event::JailOut {
        player: p,
        how: JailExit::Paid,
    });
    Ok(())
}

pub(crate) fn use_card(t: &mut Table) -> Result<(), RuleError> {
    let (p, _) = jailed_before_roll(t)?;
    let held = t.s.players[p].cards.iter().copied().find(|&(d, c)| {
        t.rules.decks[d].cards[c as usize].effect == super::ruleset::Effect::GetOutOfJail
    });
    let Some((deck, card)) = held else {
        return Err(RuleError::new(format!(
            "{} holds no get-out card (one can be bought from another player with `trade`)",
            t.name(p)
        )));
    };
    t.emit(Event::CardUsed {
        player: p,
        deck,
        card,
    });
    t.emit(Event::CardReturned { deck, card });
    t.emit(Event::JailOut {
        player: p,
        how: JailExit::Card,
    });
    Ok(())
}

/// A roll in jail: doubles free the player and move them, with no extra roll; otherwise one
/// more failed attempt, and after the last one the fine is forced and the roll is moved.
pub(crate) fn roll_in_jail(
    t: &mut Table,
    p: usize,
    attempts: u8,
    dice: Dice,
) -> Result<(), RuleError> {
    ensure!(
        !t.s.turn.rolled,
        "{} has rolled already this turn: `end` the turn",
        t.name(p)
    );
    claims::lapse(t, p);
    t.emit(Event::Rolled {
        player: p,
        dice,
        again: false,
    });
    if dice.is_double() {
        t.emit(Event::JailOut {
            player: p,
            how: JailExit::Doubles,
        });
        movement::forward(t, p, dice.total() as usize, How::Dice);
        land(t, p, Arrival::Dice(dice.total()));
        return Ok(());
    }
    let attempts = attempts + 1;
    t.emit(Event::JailAttempt {
        player: p,
        attempts,
    });
    if t.s
        .options
        .jail_turns()
        .is_some_and(|turns| attempts >= turns)
    {
        let fine = Debt {
            then: After::LeaveJailAndMove(dice.total()),
            ..Debt::new(p, None, t.rules.jail_fine, Why::JailFine)
        };
        debt::charge(t, fine);
    } else {
        t.emit(Event::Note(Note::TurnOver { player: p }));
    }
    Ok(())
}
