//! What the square a token lands on does: offer to buy, charge rent, draw a card, tax, jail.

use super::event::{Event, JailWhy, Note, StatusWhy};
use super::rent;
use super::ruleset::{Kind, NearestRent};
use super::state::{After, Pending};
use super::{cards, jail, status, tax, Table};

/// How the token arrived, which changes the rent due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrival {
    /// By the dice, with their total (utility rent).
    Dice(u8),
    /// By a card that names how the rent is charged.
    Card(NearestRent),
}

/// What the square does to a token that arrived there (cards, jail, a fine paid before
/// moving): one copy of the rules, called.
#[inline(never)]
pub fn land(t: &mut Table, p: usize, arrival: Arrival) {
    arrive(t, p, arrival)
}

/// `land`, laid into its caller: the roll's own landing, which nearly every player-turn makes
/// (as a call, its entry and exit and the calls below it cost random play instructions on
/// nearly every player-turn).
#[inline(always)]
pub fn arrive(t: &mut Table, p: usize, arrival: Arrival) {
    arrive_at(t, p, t.s.players[p].position, arrival)
}

/// `arrive` on the square `sq` the token was just moved to, given by the move rather than
/// read back from the state (the read waited on the move's write, on the way from
/// the dice to the jump below).
#[inline(always)]
pub(crate) fn arrive_at(t: &mut Table, p: usize, sq: usize, arrival: Arrival) {
    // One jump on the kind of square, which the dice chose. A test for a property first is
    // folded into it by the compiler; made a branch of its own (by a table, or the other kinds
    // matched out of line) it bought no time (docs/performance.md).
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

#[inline(always)]
fn property(t: &mut Table, p: usize, sq: usize, arrival: Arrival) {
    // Only service properties count status (a square that delivers 0 is not one).
    let counted = status::counted(t.s) && status::cap(t.rules, t.s, sq) > 0;
    let eligible = counted && status::eligible(t.rules, t.s, p, sq);
    match t.s.owner(sq) {
        // sectionopoly: CAPTURING PROPERTY: buy at the printed price or it goes to auction.
        // scientopoly ¶5: buying after an eligible landing counts a status point.
        None => t.emit(Event::Await {
            pending: Pending::Buy {
                player: p,
                square: sq,
                second_offer: false,
                status_point: eligible,
            },
        }),
        // scientopoly ¶5: an eligible landing on your own site: the status, free.
        Some(o) if o == p && eligible => status::gain(t, p, StatusWhy::OwnSite { square: sq }),
        Some(o) if o == p => t.emit(Event::Note(Note::OwnSquare {
            player: p,
            square: sq,
        })),
        // sectionopoly: PAYING RENT ¶2: no rent on a mortgaged square.
        Some(_) if t.s.squares[sq].mortgaged => {
            t.emit(Event::Note(Note::NoRentMortgaged { square: sq }))
        }
        // scientopoly ¶6: an ineligible landing pays nothing and gives nothing.
        Some(_) if counted && !eligible => {
            let cap = status::cap(t.rules, t.s, sq);
            t.emit(Event::Note(Note::Ineligible {
                player: p,
                square: sq,
                cap,
            }))
        }
        // scientopoly ¶7: the SP player's sites serve for free ("fair game").
        Some(o) if t.s.players[o].jail.is_some() && !t.s.options.jailed_owner_collects => {
            t.emit(Event::Note(Note::FreeService { square: sq }));
            if eligible {
                status::gain(t, p, StatusWhy::FairGame { square: sq });
            }
        }
        Some(o) => {
            let then = if eligible {
                After::GainStatus { square: sq }
            } else {
                After::Nothing
            };
            match arrival {
                Arrival::Card(NearestRent::TenTimesDice) => t.emit(Event::Await {
                    pending: Pending::UtilityRoll {
                        player: p,
                        square: sq,
                    },
                }),
                Arrival::Card(how) => {
                    let roll = t.s.turn.last_roll.map(|d| d.total()).unwrap_or(0);
                    let working = rent::rent(t.rules, t.s, sq, roll, how == NearestRent::Double);
                    rent::due(t, p, o, sq, working, then);
                }
                Arrival::Dice(roll) => {
                    let working = rent::rent(t.rules, t.s, sq, roll, false);
                    rent::due(t, p, o, sq, working, then);
                }
            }
        }
    }
}
