//! Table corrections (`set ...`): fixing the device to match the table after a mistake.
//! Journaled and undoable like any command; allowed only when no decision is pending.

use super::command::Correction;
use super::event::{Event, How, JailExit, JailWhy, StatusWhy};
use super::state::{level_buildings, Why, HOTEL};
use super::{no_decision, Table};
use crate::Helpers as _;
use boardside_engine::ensure;
use boardside_engine::ledger::{Account, MAX_MONEY};
use boardside_engine::RuleError;

pub fn correct(t: &mut Table, c: &Correction) -> Result<(), RuleError> {
    no_decision(t)?;
    match *c {
        Correction::Cash { player, amount } => {
            ensure!(amount >= 0, "cash cannot be negative");
            ensure!(
                amount <= MAX_MONEY,
                "{amount} is more money than a game can hold (at most {MAX_MONEY})"
            );
            let diff = amount - t.s.cash(player);
            if diff > 0 {
                t.pay(
                    Account::Bank,
                    Account::Player(player),
                    diff,
                    Why::Correction,
                );
            } else {
                t.pay(
                    Account::Player(player),
                    Account::Bank,
                    -diff,
                    Why::Correction,
                );
            }
        }
        Correction::Position { player, square } => {
            let from = t.s.players[player].position;
            t.emit(Event::Moved {
                player,
                from,
                to: square,
                how: How::Correction,
            });
        }
        Correction::Owner { square, owner } => {
            ensure!(
                t.rules.squares[square].price().is_some(),
                "{} cannot be owned",
                t.square_name(square)
            );
            ensure!(
                t.s.squares[square].level == 0,
                "{} has buildings: set them to 0 first",
                t.square_name(square)
            );
            if let Some(o) = owner {
                ensure!(t.s.in_game(o), "{} is out of the game", t.name(o));
            }
            t.emit(Event::Owner { square, owner });
            if owner.is_none() && t.s.squares[square].mortgaged {
                t.emit(Event::Mortgage { square, on: false });
            }
        }
        Correction::Buildings { square, level } => {
            ensure!(
                t.rules.squares[square].is_lot(),
                "{} is not a lot",
                t.square_name(square)
            );
            // Levels run 0 to the ruleset's houses before the top building, then the top
            // (5): a level between would read a rent the square does not have.
            ensure!(
                level <= t.s.houses_before_hotel || level == HOTEL,
                "buildings go from 0 to {}, or 5 for the top building",
                t.s.houses_before_hotel
            );
            ensure!(
                level == 0 || t.s.owner(square).is_some(),
                "nobody owns {}",
                t.square_name(square)
            );
            ensure!(
                level == 0 || !t.s.squares[square].mortgaged,
                "{} is mortgaged",
                t.square_name(square)
            );
            let from = t.s.squares[square].level;
            let (h0, t0) = level_buildings(from);
            let (h1, t1) = level_buildings(level);
            ensure!(
                t.s.houses + h0 - h1 >= 0 && t.s.hotels + t0 - t1 >= 0,
                "{} does not have the buildings for that",
                t.rules.theme.bank
            );
            t.emit(Event::Level {
                square,
                from,
                to: level,
            });
        }
        Correction::Mortgaged { square, on } => {
            ensure!(
                t.s.owner(square).is_some(),
                "nobody owns {}",
                t.square_name(square)
            );
            ensure!(
                !on || t.s.squares[square].level == 0,
                "{} has buildings",
                t.square_name(square)
            );
            t.emit(Event::Mortgage { square, on });
        }
        Correction::Jailed { player, on } => {
            if on {
                t.emit(Event::JailIn {
                    player,
                    why: JailWhy::Correction,
                });
            } else if t.s.players[player].jail.is_some() {
                t.emit(Event::JailOut {
                    player,
                    how: JailExit::Correction,
                });
            }
        }
        Correction::Status { player, status } => {
            t.emit(Event::Status {
                player,
                status,
                why: StatusWhy::Correction,
            });
        }
        Correction::Turn { player } => {
            ensure!(t.s.in_game(player), "{} is out of the game", t.name(player));
            t.emit(Event::TurnStarts { player });
        }
    }
    Ok(())
}
