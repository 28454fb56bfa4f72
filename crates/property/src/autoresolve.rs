//! Auto-resolve (suetology: Raising Money): the cheapest plan of mortgages and building sales
//! that settles the debt waiting. `plan` shows it, `resolve` carries it out and pays.

use super::building::can_sell;
use super::command::Command;
use super::mortgage::can_mortgage;
use super::ruleset::Ruleset;
use super::state::{Pending, State};
use super::{debt, execute, Table};
use boardside_engine::RuleError;

/// The steps that raise enough money for the debt on top, cheapest first.
pub fn plan(rules: &Ruleset, s: &State) -> Result<Vec<Command>, RuleError> {
    let Some(Pending::Debt(d)) = s.top() else {
        return Err(RuleError::new("nobody owes anything now"));
    };
    let p = d.debtor;
    let mut sim = s.clone();
    let mut steps = Vec::new();
    while sim.cash(p) < d.amount {
        let Some(step) = cheapest_step(rules, &sim, p) else {
            return Err(RuleError::new(format!(
                "selling every building and mortgaging every square raises {} of the {} owed: \
                 nothing is left but to concede",
                sim.cash(p),
                d.amount
            )));
        };
        execute(rules, &mut sim, &step)?;
        steps.push(step);
    }
    Ok(steps)
}

/// A mortgage costs only the 10% paid to lift it later; a building sold back loses half its
/// price. So mortgage first, the smallest first (least raised beyond the debt); then sell the
/// cheapest building (evenly); a top building the bank cannot break down goes with its group.
fn cheapest_step(rules: &Ruleset, s: &State, p: usize) -> Option<Command> {
    let mortgage = s
        .owned_by(p)
        .filter(|&sq| can_mortgage(rules, s, sq).is_ok())
        .min_by_key(|&sq| (rules.mortgage_value(sq), sq));
    if let Some(square) = mortgage {
        return Some(Command::Mortgage { square });
    }
    let sale = s
        .owned_by(p)
        .filter(|&sq| can_sell(rules, s, sq).is_ok())
        .min_by_key(|&sq| (rules.squares[sq].build_cost().unwrap_or(0), sq));
    if let Some(square) = sale {
        return Some(Command::Sell { square, all: false });
    }
    s.owned_by(p)
        .find(|&sq| s.squares[sq].level > 0)
        .map(|square| Command::Sell { square, all: true })
}

/// `resolve`: carry out the plan, then pay.
pub fn resolve(t: &mut Table) -> Result<(), RuleError> {
    let steps = plan(t.rules, t.s)?;
    for step in &steps {
        super::dispatch(t, step)?;
    }
    debt::pay(t)
}
