//! Table corrections (`set ...`): money, owners, the dead pile, printed arrows, specials held,
//! whose turn it is, and the numbers of an Illuminati the data does not know.

use super::event::{Event, Purse, Why};
use super::state::Status;
use super::structure::subtree;
use super::{Correction, Table};
use boardside_engine::ensure;
use boardside_engine::ledger::MAX_MONEY;
use boardside_engine::RuleError;

pub fn correct(t: &mut Table, c: &Correction) -> Result<(), RuleError> {
    ensure!(
        t.s.attack.is_none()
            || matches!(
                c,
                Correction::Treasury { .. }
                    | Correction::Arrows { .. }
                    | Correction::Specials { .. }
            ),
        "first finish the attack: roll the dice or call it off"
    );
    match *c {
        Correction::Treasury { card, amount } => {
            ensure!(
                (0..=MAX_MONEY).contains(&amount),
                "a treasury holds 0 to {MAX_MONEY} MB"
            );
            let diff = amount - t.s.cards[card].treasury;
            if diff != 0 {
                let (from, to) = if diff > 0 {
                    (Purse::Bank, Purse::Card(card))
                } else {
                    (Purse::Card(card), Purse::Bank)
                };
                t.emit(Event::Money {
                    from,
                    to,
                    amount: diff.abs(),
                    why: Why::Correction,
                });
            }
        }
        Correction::Owner {
            card,
            owner,
            master,
        } => {
            ensure!(
                !t.rules.cards[card].illuminati,
                "an Illuminati belongs to its player"
            );
            match owner {
                None => t.emit(Event::Place {
                    card,
                    status: Status::Uncontrolled,
                    owner: None,
                    master: None,
                }),
                Some(p) => {
                    let m = master
                        .or(t.s.players[p].illuminati)
                        .ok_or_else(|| RuleError::new("that player has no Illuminati"))?;
                    ensure!(
                        t.s.cards[m].owner == Some(p) && !subtree(t.s, card).contains(&m),
                        "{} cannot hold it",
                        t.rules.cards[m].name
                    );
                    t.emit(Event::Place {
                        card,
                        status: Status::Controlled,
                        owner: Some(p),
                        master: Some(m),
                    });
                }
            }
        }
        Correction::Dead { card } => {
            ensure!(!t.rules.cards[card].illuminati, "`set dead` is for groups");
            super::attack::orphans(t, card);
            let money = t.s.cards[card].treasury;
            if money > 0 {
                t.emit(Event::Money {
                    from: Purse::Card(card),
                    to: Purse::Bank,
                    amount: money,
                    why: Why::Correction,
                });
            }
            t.emit(Event::Place {
                card,
                status: Status::Dead,
                owner: None,
                master: None,
            });
        }
        Correction::Arrows { card, arrows } => {
            ensure!(arrows <= 6, "a card has 0 to 6 outward arrows");
            t.emit(Event::Arrows { card, arrows });
        }
        Correction::Specials { player, count } => {
            ensure!(count <= 20, "at most 20 specials in a hand");
            while t.s.players[player].specials.len() > count {
                t.emit(Event::Discard {
                    player,
                    special: None,
                    played: false,
                });
            }
            while t.s.players[player].specials.len() < count {
                t.emit(Event::Drew {
                    player,
                    special: None,
                });
            }
        }
        Correction::Turn { player } => {
            ensure!(
                !t.s.players[player].eliminated,
                "{} is out of the game",
                t.s.players[player].name
            );
            t.emit(Event::SetTurn { player });
        }
        Correction::Stats {
            card,
            power,
            transferable,
            income,
        } => {
            ensure!(
                t.rules.cards[card].illuminati,
                "`set stats` is for an Illuminati the data does not know"
            );
            ensure!(
                (0..=100).contains(&power)
                    && (0..=power).contains(&transferable)
                    && (-20..=100).contains(&income),
                "power 0-100, transferable up to the power, income -20 to 100"
            );
            t.emit(Event::Stats {
                card,
                stats: (power, transferable, income),
            });
        }
    }
    Ok(())
}
