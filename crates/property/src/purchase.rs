//! Buying an unowned square at its printed price, or declining it: into an auction, or in a
//! two-player scientopoly game into a take-it-or-leave-it offer to the other player
//! (sectionopoly: CAPTURING PROPERTY; scientopoly ¶4).

use super::event::{Event, Note, StatusWhy};
use super::state::{Auction, Lot, Pending, Seats, Why};
use super::{status, turns, Table};
use crate::Helpers as _;
use boardside_engine::ensure;
use boardside_engine::ledger::Account;
use boardside_engine::RuleError;

struct Offer {
    player: usize,
    square: usize,
    second_offer: bool,
    status_point: bool,
}

fn offer(t: &Table) -> Result<Offer, RuleError> {
    match t.s.top() {
        Some(Pending::Buy {
            player,
            square,
            second_offer,
            status_point,
        }) => Ok(Offer {
            player: *player,
            square: *square,
            second_offer: *second_offer,
            status_point: *status_point,
        }),
        _ => Err(turns::busy(t, "nothing is for sale")),
    }
}

pub fn buy(t: &mut Table) -> Result<(), RuleError> {
    let o = offer(t)?;
    let (p, sq) = (o.player, o.square);
    let price = t.rules.squares[sq].price().unwrap_or(0);
    ensure!(
        t.s.cash(p) >= price,
        "{} has {} and {} costs {price}: mortgage or sell first, or decline",
        t.name(p),
        t.s.cash(p),
        t.square_name(sq)
    );
    t.pay(
        Account::Player(p),
        Account::Bank,
        price,
        Why::Price { square: sq },
    );
    t.emit(Event::Owner {
        square: sq,
        owner: Some(p),
    });
    t.emit(Event::Done);
    if o.status_point {
        status::gain(t, p, StatusWhy::Bought { square: sq });
    }
    Ok(())
}

pub fn decline(t: &mut Table) -> Result<(), RuleError> {
    let o = offer(t)?;
    t.emit(Event::Done);
    // Said, so the table knows whose "no" opened the auction (a computer seat's too).
    t.emit(Event::Note(Note::Declined {
        player: o.player,
        square: o.square,
    }));
    if o.second_offer {
        t.emit(Event::Note(Note::Unsold { square: o.square }));
        return Ok(());
    }
    // Two players still in: the other one (counted, not listed: every decline asks).
    let two = {
        let mut active = t.s.active_players();
        match (active.next(), active.next(), active.next()) {
            (Some(a), Some(b), None) => Some(a + b - o.player),
            _ => None,
        }
    };
    if let (true, Some(other)) = (t.s.options.two_player_offer, two) {
        // The other in the SP Hole "may not buy" (scientopoly ¶7): nobody is left to take it
        // (a game saved before this was kept offers it as it did: `earlier_offers`).
        if !t.s.options.earlier_offers && super::dealing_allowed(t.s, other, false).is_err() {
            t.emit(Event::Note(Note::Unsold { square: o.square }));
            return Ok(());
        }
        t.emit(Event::Await {
            pending: Pending::Buy {
                player: other,
                square: o.square,
                second_offer: true,
                status_point: false,
            },
        });
        return Ok(());
    }
    open_auction(t, Lot::Square(o.square), t.s.options.auction_opening);
    Ok(())
}

/// Everyone still in the game may bid, the player who declined too (not a player who may not
/// deal from jail).
pub(crate) fn open_auction(t: &mut Table, lot: Lot, min: i64) {
    let open = (0..t.s.players.len())
        .map(|q| t.s.in_game(q) && super::dealing_allowed(t.s, q, false).is_ok())
        .collect();
    open_auction_to(t, lot, min, open);
}

/// An auction among some players only (a scarce building: those who could put it up).
pub(crate) fn open_auction_among(t: &mut Table, lot: Lot, min: i64, bidders: &[usize]) {
    let open = (0..t.s.players.len())
        .map(|q| bidders.contains(&q))
        .collect();
    open_auction_to(t, lot, min, open);
}

fn open_auction_to(t: &mut Table, lot: Lot, min: i64, open: Seats) {
    t.emit(Event::Await {
        pending: Pending::Auction(Auction {
            lot,
            high: None,
            open,
            min,
        }),
    });
}
