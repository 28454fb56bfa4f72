//! Tax squares: a flat amount, or (sectionopoly: "ABEYANCE") a choice of the flat amount or a
//! percentage of total worth, made before the worth is added up.

use super::command::TaxChoice;
use super::debt;
use super::event::Event;
use super::ruleset::Kind;
use super::state::{total_worth, Pending, Why};
use super::{turns, Table};
use boardside_engine::RuleError;

pub fn land(t: &mut Table, p: usize, sq: usize) {
    let Kind::Tax { amount, percent } = t.rules.squares[sq].kind else {
        return;
    };
    // sectionopoly: SHORT GAME rule 4: a flat 200.
    if percent.is_some() && !t.s.options.short_game {
        t.emit(Event::Await {
            pending: Pending::Tax {
                player: p,
                square: sq,
            },
        });
    } else {
        debt::charge_bank(t, p, amount, Why::FlatTax { square: sq });
    }
}

pub fn choose(t: &mut Table, choice: TaxChoice) -> Result<(), RuleError> {
    let Some(Pending::Tax { player, square }) = t.s.top().cloned() else {
        return Err(turns::busy(t, "no tax is waiting for a choice"));
    };
    let Kind::Tax { amount, percent } = t.rules.squares[square].kind else {
        return Err(turns::busy(t, "no tax is waiting for a choice"));
    };
    t.emit(Event::Done);
    match choice {
        TaxChoice::Flat => debt::charge_bank(t, player, amount, Why::FlatTax { square }),
        TaxChoice::Percent => {
            let percent = percent.unwrap_or(10);
            let worth = total_worth(t.rules, t.s, player);
            let due = crate::Ruleset::percent_of(worth, percent);
            debt::charge_bank(
                t,
                player,
                due,
                Why::PercentTax {
                    square,
                    worth,
                    percent,
                },
            );
        }
    }
    Ok(())
}
