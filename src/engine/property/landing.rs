//! What the square a token lands on does: offer to buy, charge rent, draw a card, tax, jail.

use super::event::{Event, JailWhy, Note};
use super::rent;
use super::ruleset::{Kind, NearestRent};
use super::state::Pending;
use super::{cards, jail, tax, Table};

/// How the token arrived, which changes the rent due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrival {
    /// By the dice, with their total (utility rent).
    Dice(u8),
    /// By a card that names how the rent is charged.
    Card(NearestRent),
}

pub fn land(t: &mut Table, p: usize, arrival: Arrival) {
    let sq = t.s.players[p].position;
    match &t.rules.squares[sq].kind {
        Kind::Start => {}
        Kind::Free => t.emit(Event::Note(Note::FreeRest {
            player: p,
            square: sq,
        })),
        Kind::Jail => t.emit(Event::Note(Note::JustVisiting { player: p })),
        Kind::Lot { .. } | Kind::Station { .. } | Kind::Utility { .. } => {
            property(t, p, sq, arrival)
        }
        Kind::Card { deck } => cards::land_on_deck(t, p, *deck),
        Kind::Tax { .. } => tax::land(t, p, sq),
        Kind::GoToJail => jail::send(t, p, JailWhy::Square),
    }
}

fn property(t: &mut Table, p: usize, sq: usize, arrival: Arrival) {
    match t.s.owner(sq) {
        // sectionopoly: CAPTURING PROPERTY: buy at the printed price or it goes to auction.
        None => t.emit(Event::Await {
            pending: Pending::Buy {
                player: p,
                square: sq,
            },
        }),
        Some(o) if o == p => t.emit(Event::Note(Note::OwnSquare {
            player: p,
            square: sq,
        })),
        // sectionopoly: PAYING RENT ¶2: no rent on a mortgaged square.
        Some(_) if t.s.squares[sq].mortgaged => {
            t.emit(Event::Note(Note::NoRentMortgaged { square: sq }))
        }
        Some(o) => match arrival {
            Arrival::Card(NearestRent::TenTimesDice) => t.emit(Event::Await {
                pending: Pending::UtilityRoll {
                    player: p,
                    square: sq,
                },
            }),
            Arrival::Card(how) => {
                let roll = t.s.turn.last_roll.map(|d| d.total()).unwrap_or(0);
                let working = rent::rent(t.rules, t.s, sq, roll, how == NearestRent::Double);
                rent::due(t, p, o, sq, working);
            }
            Arrival::Dice(roll) => {
                let working = rent::rent(t.rules, t.s, sq, roll, false);
                rent::due(t, p, o, sq, working);
            }
        },
    }
}
