//! Mortgages (sectionopoly: MORTGAGES): half the price from the bank for an unimproved square,
//! lifted at the value plus 10%; a mortgaged square received from another player costs 10% at
//! once unless lifted at once.

use super::debt;
use super::event::{Event, Note};
use super::options::ReceivedMortgage;
use super::ruleset::Ruleset;
use super::state::{GroupNow, Pending, SquareSet, State, Why};
use super::{may_manage, Table};
use crate::Helpers as _;
use boardside_engine::ledger::Account;
use boardside_engine::RuleError;

/// Why a mortgage or its lifting is refused, as a value (see `building::Refusal`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    CannotBeOwned,
    Unowned,
    Already,
    Buildings { group: usize },
    NotMortgaged,
    Short { owner: usize },
}

impl Refusal {
    pub fn explain(self, rules: &Ruleset, s: &State, sq: usize) -> RuleError {
        let name = &rules.squares[sq].name;
        RuleError::new(match self {
            Refusal::CannotBeOwned => format!("{name} cannot be owned"),
            Refusal::Unowned => format!("nobody owns {name}"),
            Refusal::Already => format!("{name} is mortgaged already"),
            Refusal::Buildings { group } => {
                format!("sell the buildings on {} first", rules.groups[group].name)
            }
            Refusal::NotMortgaged => format!("{name} is not mortgaged"),
            Refusal::Short { owner } => {
                let (value, interest) = lift_cost(rules, sq);
                format!(
                    "{} has {} and lifting {name} costs {value} + {interest} interest",
                    s.players[owner].name,
                    s.cash(owner)
                )
            }
        })
    }
}

pub(crate) fn can_mortgage(rules: &Ruleset, s: &State, sq: usize) -> Result<usize, Refusal> {
    let group = rules.squares[sq].group().ok_or(Refusal::CannotBeOwned)?;
    mortgage_ok(s, sq, group, &s.group_now(group))
}

/// `can_mortgage` for a square of `group`, given the group as it stands.
pub(crate) fn mortgage_ok(
    s: &State,
    sq: usize,
    group: usize,
    now: &GroupNow,
) -> Result<usize, Refusal> {
    let owner = s.owner(sq).ok_or(Refusal::Unowned)?;
    if s.squares[sq].mortgaged {
        return Err(Refusal::Already);
    }
    if now.highest > 0 {
        return Err(Refusal::Buildings { group });
    }
    Ok(owner)
}

pub(crate) fn check_mortgage(rules: &Ruleset, s: &State, sq: usize) -> Result<usize, RuleError> {
    can_mortgage(rules, s, sq).map_err(|r| r.explain(rules, s, sq))
}

pub fn mortgage(t: &mut Table, sq: usize) -> Result<(), RuleError> {
    let owner = check_mortgage(t.rules, t.s, sq)?;
    may_manage(t, owner)?;
    take(t, owner, sq);
    Ok(())
}

/// The bank lends the owner half the price on the square (conditions checked by the caller).
pub fn take(t: &mut Table, owner: usize, sq: usize) {
    let value = t.rules.mortgage_value(sq);
    t.pay(
        Account::Bank,
        Account::Player(owner),
        value,
        Why::Mortgage { square: sq },
    );
    t.emit(Event::Mortgage {
        square: sq,
        on: true,
    });
}

/// The cost of lifting: mortgage value plus the interest.
pub(crate) fn lift_cost(rules: &Ruleset, sq: usize) -> (i64, i64) {
    (rules.mortgage_value(sq), rules.interest(sq))
}

pub(crate) fn can_unmortgage(rules: &Ruleset, s: &State, sq: usize) -> Result<usize, Refusal> {
    let owner = s.owner(sq).ok_or(Refusal::Unowned)?;
    if !s.squares[sq].mortgaged {
        return Err(Refusal::NotMortgaged);
    }
    let (value, interest) = lift_cost(rules, sq);
    if s.cash(owner) < value + interest {
        return Err(Refusal::Short { owner });
    }
    Ok(owner)
}

pub(crate) fn check_unmortgage(rules: &Ruleset, s: &State, sq: usize) -> Result<usize, RuleError> {
    can_unmortgage(rules, s, sq).map_err(|r| r.explain(rules, s, sq))
}

/// A player has received mortgaged squares (trade or bankruptcy): ask what the ruleset asks.
pub fn received(t: &mut Table, player: usize, squares: SquareSet) {
    if squares.is_empty() || t.s.options.received_mortgage == ReceivedMortgage::Keep {
        return;
    }
    t.emit(Event::Await {
        pending: Pending::Mortgaged { player, squares },
    });
}

/// The received-mortgaged decision on top, if it lists this square.
fn waiting_choice(t: &Table, sq: usize) -> Option<(usize, SquareSet)> {
    match t.s.top() {
        Some(Pending::Mortgaged { player, squares }) if squares.contains(sq) => {
            Some((*player, *squares))
        }
        _ => None,
    }
}

fn answer_received(t: &mut Table, player: usize, mut squares: SquareSet, sq: usize) {
    squares.remove(sq);
    if squares.is_empty() {
        t.emit(Event::Done);
    } else {
        t.emit(Event::Update {
            pending: Pending::Mortgaged { player, squares },
        });
    }
}

pub fn unmortgage(t: &mut Table, sq: usize) -> Result<(), RuleError> {
    let received = waiting_choice(t, sq);
    let owner = check_unmortgage(t.rules, t.s, sq)?;
    if received.is_none() {
        may_manage(t, owner)?;
    }
    if let Some((player, squares)) = received {
        answer_received(t, player, squares, sq);
    }
    let (value, interest) = lift_cost(t.rules, sq);
    t.pay(
        Account::Player(owner),
        Account::Bank,
        value + interest,
        Why::Unmortgage {
            square: sq,
            interest,
        },
    );
    t.emit(Event::Mortgage {
        square: sq,
        on: false,
    });
    Ok(())
}

/// Keep a received mortgaged square mortgaged, paying the 10% interest now; lifting it later
/// costs the value plus 10% again.
pub fn keep(t: &mut Table, sq: usize) -> Result<(), RuleError> {
    let Some((player, squares)) = waiting_choice(t, sq) else {
        return Err(RuleError::new(format!(
            "`keep` answers for a mortgaged square just received; {} is not waiting",
            t.square_name(sq)
        )));
    };
    answer_received(t, player, squares, sq);
    // suetology: no fee for keeping it mortgaged; sectionopoly: 10% now.
    if t.s.options.received_mortgage == ReceivedMortgage::Interest {
        let interest = t.rules.interest(sq);
        debt::charge_bank(t, player, interest, Why::Interest { square: sq });
    } else {
        t.emit(Event::Note(Note::KeptMortgaged { player, square: sq }));
    }
    Ok(())
}
