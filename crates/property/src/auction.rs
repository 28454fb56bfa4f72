//! Auctions: of a declined square, of a bankrupt player's squares taken by the bank, and of
//! scarce buildings. Players bid or pass; the auction closes when only the high bidder is left
//! (sectionopoly: CAPTURING PROPERTY; BUILDING SHORTAGES; BANKRUPTCY).

use super::event::{Event, Note};
use super::state::{Auction, Lot, Pending, Why};
use super::{turns, Table};
use crate::Helpers as _;
use boardside_engine::ensure;
use boardside_engine::ledger::Account;
use boardside_engine::RuleError;

/// The open auction, borrowed (not cloned: its bidders are a list, and bids are frequent).
fn current<'t>(t: &'t Table) -> Result<&'t Auction, RuleError> {
    match t.s.top() {
        Some(Pending::Auction(a)) => Ok(a),
        _ => Err(turns::busy(t, "no auction is open")),
    }
}

/// The lowest acceptable bid now: with free bidding one more than the high bid; with asking
/// prices (suetology: "each acceptance raises the ask") the current ask.
pub fn floor(t_options_step: i64, a: &Auction) -> i64 {
    match a.high {
        None => a.min,
        Some((_, h)) if t_options_step > 0 => h + t_options_step,
        Some((_, h)) => h + 1,
    }
}

/// `accept PLAYER`: bid the asking price (with free bidding, the lowest acceptable bid).
pub fn accept(t: &mut Table, p: usize) -> Result<(), RuleError> {
    let a = current(t)?;
    let ask = floor(t.s.options.auction_step, a);
    bid(t, p, ask)
}

pub fn bid(t: &mut Table, p: usize, amount: i64) -> Result<(), RuleError> {
    let a = current(t)?;
    ensure!(
        p < a.open.len() && a.open[p],
        "{} is not bidding in this auction",
        t.name(p)
    );
    let step = t.s.options.auction_step;
    let floor = floor(step, a);
    ensure!(
        amount >= floor,
        "a bid must be at least {floor}{}",
        a.high
            .map(|(h, v)| format!(" ({} bid {v})", t.name(h)))
            .unwrap_or_default()
    );
    ensure!(
        step == 0 || amount == floor,
        "the asking price is {floor}: `accept {}` takes it",
        t.name(p)
    );
    ensure!(
        amount <= t.s.cash(p),
        "{} has only {} to bid with",
        t.name(p),
        t.s.cash(p)
    );
    t.emit(Event::Bid { player: p, amount });
    close_if_decided(t);
    Ok(())
}

pub fn pass(t: &mut Table, p: usize) -> Result<(), RuleError> {
    let a = current(t)?;
    ensure!(
        p < a.open.len() && a.open[p],
        "{} is not bidding in this auction",
        t.name(p)
    );
    ensure!(
        a.high.map(|(h, _)| h) != Some(p),
        "{} holds the high bid and cannot pass",
        t.name(p)
    );
    t.emit(Event::Passed { player: p });
    close_if_decided(t);
    Ok(())
}

/// `close`: the table ends the bidding. Everyone still in but the high bidder passes, and the
/// auction settles as it would after those passes, as one command.
pub fn close(t: &mut Table) -> Result<(), RuleError> {
    let a = current(t)?;
    let (high, n) = (a.high.map(|(h, _)| h), a.open.len());
    for p in 0..n {
        // Asked afresh each time: a pass changes the auction it is read from.
        let open = current(t).is_ok_and(|a| a.open[p]);
        if open && Some(p) != high {
            t.emit(Event::Passed { player: p });
        }
    }
    close_if_decided(t);
    Ok(())
}

/// Close when nobody but the high bidder is still in, or nobody at all.
fn close_if_decided(t: &mut Table) {
    // Read without cloning the auction (its bidders are a list): this runs on every pass.
    let Some(Pending::Auction(a)) = t.s.top() else {
        return;
    };
    let (lot, high) = (a.lot, a.high);
    let mut still = (0..a.open.len()).filter(|&q| a.open[q]);
    let (first, second) = (still.next(), still.next());
    let alone = |w: usize| first == Some(w) && second.is_none();
    match high {
        Some((w, price)) if alone(w) => {
            t.emit(Event::Done);
            t.pay(Account::Player(w), Account::Bank, price, Why::Bid { lot });
            match lot {
                Lot::Square(sq) => t.emit(Event::Owner {
                    square: sq,
                    owner: Some(w),
                }),
                Lot::Building { hotel } => t.emit(Event::Await {
                    pending: Pending::Place { player: w, hotel },
                }),
            }
        }
        None if first.is_none() => {
            t.emit(Event::Done);
            // "no bid: the bank keeps it"
            t.emit(Event::Note(match lot {
                Lot::Square(sq) => Note::BankKeeps { square: sq },
                Lot::Building { .. } => Note::BankKeepsBuilding,
            }));
        }
        _ => {}
    }
}
