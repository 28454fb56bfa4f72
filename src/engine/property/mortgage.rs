//! Mortgages (sectionopoly: MORTGAGES): half the price from the bank for an unimproved square,
//! lifted at the value plus 10%; a mortgaged square received from another player costs 10% at
//! once unless lifted at once.

use super::debt;
use super::event::Event;
use super::ruleset::Ruleset;
use super::state::{After, Debt, Pending, State, Why};
use super::{may_manage, Table};
use crate::engine::ledger::Account;
use crate::engine::RuleError;
use crate::ensure;

pub fn check_mortgage(rules: &Ruleset, s: &State, sq: usize) -> Result<usize, RuleError> {
    let square = &rules.squares[sq];
    ensure!(square.price().is_some(), "{} cannot be owned", square.name);
    let Some(owner) = s.owner(sq) else {
        return Err(RuleError::new(format!("nobody owns {}", square.name)));
    };
    ensure!(
        !s.squares[sq].mortgaged,
        "{} is mortgaged already",
        square.name
    );
    let group = square.group().expect("owned squares have groups");
    ensure!(
        !s.group_has_buildings(rules, group),
        "sell the buildings on {} first",
        rules.groups[group].name
    );
    Ok(owner)
}

pub fn mortgage(t: &mut Table, sq: usize) -> Result<(), RuleError> {
    may_manage(t)?;
    let owner = check_mortgage(t.rules, t.s, sq)?;
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
    Ok(())
}

/// The cost of lifting: mortgage value plus the interest.
pub fn lift_cost(rules: &Ruleset, sq: usize) -> (i64, i64) {
    (rules.mortgage_value(sq), rules.interest(sq))
}

pub fn check_unmortgage(rules: &Ruleset, s: &State, sq: usize) -> Result<usize, RuleError> {
    let square = &rules.squares[sq];
    let Some(owner) = s.owner(sq) else {
        return Err(RuleError::new(format!("nobody owns {}", square.name)));
    };
    ensure!(s.squares[sq].mortgaged, "{} is not mortgaged", square.name);
    let (value, interest) = lift_cost(rules, sq);
    ensure!(
        s.cash(owner) >= value + interest,
        "{} has {} and lifting {} costs {value} + {interest} interest",
        s.players[owner].name,
        s.cash(owner),
        square.name
    );
    Ok(owner)
}

/// The received-mortgaged decision on top, if it lists this square.
fn received(t: &Table, sq: usize) -> Option<(usize, Vec<usize>)> {
    match t.s.top() {
        Some(Pending::Mortgaged { player, squares }) if squares.contains(&sq) => {
            Some((*player, squares.clone()))
        }
        _ => None,
    }
}

fn answer_received(t: &mut Table, player: usize, mut squares: Vec<usize>, sq: usize) {
    squares.retain(|&x| x != sq);
    if squares.is_empty() {
        t.emit(Event::Done);
    } else {
        t.emit(Event::Update {
            pending: Pending::Mortgaged { player, squares },
        });
    }
}

pub fn unmortgage(t: &mut Table, sq: usize) -> Result<(), RuleError> {
    let received = received(t, sq);
    if received.is_none() {
        may_manage(t)?;
    }
    let owner = check_unmortgage(t.rules, t.s, sq)?;
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
    let Some((player, squares)) = received(t, sq) else {
        return Err(RuleError::new(format!(
            "`keep` answers for a mortgaged square just received; {} is not waiting",
            t.square_name(sq)
        )));
    };
    answer_received(t, player, squares, sq);
    debt::charge(
        t,
        Debt {
            debtor: player,
            asked: false,
            creditor: None,
            amount: t.rules.interest(sq),
            why: Why::Interest { square: sq },
            then: After::Nothing,
        },
    );
    Ok(())
}
