//! Table corrections (`set ...`): putting the device right after a mistake at the table.
//! Journaled and undoable like any command; valid once the game has started.

use super::event::Event;
use super::state::{Action, Phase};
use super::{Correction, Table};
use boardside_engine::ensure;
use boardside_engine::RuleError;

/// The most a count, a stun or a wonder may be set to: far past any game, far from overflow.
const MOST: u32 = 100_000;

pub fn correct(t: &mut Table, c: &Correction) -> Result<(), RuleError> {
    ensure!(
        !matches!(t.s.phase, Phase::Setup),
        "corrections apply once the game has started; before it, use `side` and `place`"
    );
    match *c {
        Correction::Sticker {
            player,
            part,
            level,
        } => t.emit(Event::Sticker {
            player,
            part,
            level,
            upgrade: false,
        }),
        Correction::Count {
            player,
            action,
            value,
        } => {
            ensure!(
                value <= MOST,
                "a count of {value} is more than a game can reach"
            );
            t.emit(Event::Count {
                player,
                action,
                value,
            });
            t.emit(Event::Note {
                text: format!(
                    "{}'s notebook: {value} {} (table correction)",
                    t.s.pieces[player].name,
                    match action {
                        Action::Move => "moves",
                        Action::Attack => "attacks",
                        Action::Pray => "prayers",
                    }
                ),
            })
        }
        Correction::Stun { player, rounds } => {
            ensure!(
                rounds <= MOST,
                "{rounds} rounds is more than a game can last"
            );
            t.emit(Event::Stun { player, rounds })
        }
        Correction::Strip { team, value } => {
            ensure!(
                value <= t.s.strip_length,
                "a strip holds 0 to {} units (full, it empties into a wonder at the next wonder step)",
                t.s.strip_length
            );
            t.emit(Event::Strip { team, value })
        }
        Correction::Team { player, team } => t.emit(Event::Team { player, team }),
        Correction::Wonder { player, rounds } => {
            ensure!(
                rounds <= MOST,
                "{rounds} rounds is more than a game can last"
            );
            t.emit(Event::Wonder {
                player,
                rounds,
                granted: false,
            })
        }
    }
    Ok(())
}
