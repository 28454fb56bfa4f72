//! Buying an unowned square at its printed price, or declining it into an auction
//! (sectionopoly: CAPTURING PROPERTY).

use super::event::Event;
use super::state::{Auction, Lot, Pending, Why};
use super::{turns, Table};
use crate::engine::ledger::Account;
use crate::engine::RuleError;
use crate::ensure;

fn offer(t: &Table) -> Result<(usize, usize), RuleError> {
    match t.s.top() {
        Some(Pending::Buy { player, square }) => Ok((*player, *square)),
        _ => Err(turns::busy(t, "nothing is for sale")),
    }
}

pub fn buy(t: &mut Table) -> Result<(), RuleError> {
    let (p, sq) = offer(t)?;
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
    Ok(())
}

pub fn decline(t: &mut Table) -> Result<(), RuleError> {
    let (_, sq) = offer(t)?;
    t.emit(Event::Done);
    open_auction(t, Lot::Square(sq), 1);
    Ok(())
}

/// Everyone still in the game may bid, the player who declined too; any opening bid.
pub fn open_auction(t: &mut Table, lot: Lot, min: i64) {
    let all: Vec<usize> = t.s.active_players().collect();
    open_auction_among(t, lot, min, &all);
}

/// An auction among some players only (a scarce building: those who could put it up).
pub fn open_auction_among(t: &mut Table, lot: Lot, min: i64, bidders: &[usize]) {
    let open = (0..t.s.players.len())
        .map(|q| bidders.contains(&q))
        .collect();
    t.emit(Event::Await {
        pending: Pending::Auction(Auction {
            lot,
            high: None,
            open,
            min,
        }),
    });
}
