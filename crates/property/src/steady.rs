//! The steady player of the property games: what the odds play out from a position, and
//! `simulate --player steady`. It buys what it lands on while it keeps a cash reserve, bids
//! at auction in round figures up to the printed price (more for a square that completes a
//! group it holds), builds evenly on its full groups while the reserve stays, lifts mortgages
//! when rich (never in a race to status, where a mortgaged site scores for its owner alone),
//! asks for rent it is owed, pays its way out of jail early, raises money from the cheapest
//! mortgages and sales (the auto-resolve plan) and concedes only when nothing is left, takes
//! the cheaper tax, and never offers or takes a deal. The dice are the only chance.

use boardside_engine::dice::Dice;
use boardside_engine::game::{below, PlayRng};

use super::command::TaxChoice;
use super::legal::{self, Kinds};
use super::state::{Lot, Pending, State};
use super::{autoresolve, Command, Ruleset};

/// Cash kept back for rent: building and buying stop short of it.
const RESERVE: i64 = 200;

pub fn choose(rules: &Ruleset, s: &State, rng: &mut PlayRng) -> Option<Command> {
    let mut cmd = decide(rules, s)?;
    if let Command::Roll { dice: d @ None } = &mut cmd {
        let throw = below(rng, 36) as u8;
        *d = Some(Dice(throw / 6 + 1, throw % 6 + 1));
    }
    Some(cmd)
}

/// In an auction, where every open bidder chooses at once, one bidder's own steady choice
/// (bid the next step while the lot is worth it and the reserve stays, else pass), by the
/// measure `auction` uses for the table; `Some(None)` for a seat with nothing to choose there
/// (out of it, or holding the high bid); None when no auction is open.
pub fn bid_for(rules: &Ruleset, s: &State, seat: usize) -> Option<Option<Command>> {
    let Some(Pending::Auction(a)) = s.top() else {
        return None;
    };
    let open = a.open.get(seat).copied().unwrap_or(false);
    if s.over || !open || a.high.map(|(h, _)| h) == Some(seat) {
        return Some(None);
    }
    let floor = super::auction::floor(s.options.auction_step, a);
    let w = worth(rules, s, seat, &a.lot, floor);
    Some(Some(
        if w >= floor && s.cash(seat) - floor >= RESERVE.min(w) {
            Command::Bid {
                player: seat,
                amount: raise(rules, s, seat, &a.lot, floor, w),
            }
        } else {
            Command::Pass { player: seat }
        },
    ))
}

/// The command, dice aside.
fn decide(rules: &Ruleset, s: &State) -> Option<Command> {
    if s.over {
        return None;
    }
    let mut v = Vec::new();
    match s.top() {
        None => return Some(turn(rules, s)),
        Some(Pending::Buy { player, square, .. }) => {
            let price = rules.squares[*square].price().unwrap_or(0);
            let keeps = s.cash(*player) - price >= RESERVE || completes(rules, s, *player, *square);
            return Some(if keeps && s.cash(*player) >= price {
                Command::Buy
            } else {
                Command::Decline
            });
        }
        Some(Pending::Auction(a)) => return Some(auction(rules, s, a)),
        Some(Pending::Debt(d)) => {
            if s.cash(d.debtor) >= d.amount {
                return Some(Command::Pay);
            }
            // The auto-resolve plan's first step: the cheapest mortgage or sale.
            return Some(match autoresolve::plan(rules, s) {
                Ok(steps) => steps.into_iter().next().unwrap_or(Command::Pay),
                Err(_) => Command::Concede,
            });
        }
        Some(Pending::Tax { .. }) => {
            // Ten percent of what the player is worth, against the flat tax.
            let worth = super::state::valuation(rules, s, s.current);
            let flat = legal_flat(rules, s);
            return Some(Command::Tax {
                choice: if worth / 10 < flat {
                    TaxChoice::Percent
                } else {
                    TaxChoice::Flat
                },
            });
        }
        Some(Pending::Shortage { .. }) => return Some(Command::WantNone),
        Some(Pending::Mortgaged { player, squares }) => {
            let sq = squares.iter().next()?;
            let lift = rules.mortgage_value(sq) + rules.interest(sq);
            return Some(if s.cash(*player) - lift >= RESERVE {
                Command::Unmortgage { square: sq }
            } else {
                Command::Keep { square: sq }
            });
        }
        _ => legal::legal_into(rules, s, &mut v),
    }
    v.into_iter().next()
}

/// With nothing pending: rent owed first, then out of jail, then build and lift mortgages
/// between rolls, then the turn's own verb.
fn turn(rules: &Ruleset, s: &State) -> Command {
    let p = s.current;
    let mut v = Vec::new();
    legal::claims(s, &mut v);
    if let Some(c) = v
        .iter()
        .find(|c| matches!(c, Command::Claim { square } if s.owner(*square) == Some(p)))
    {
        return c.clone();
    }
    v.clear();
    legal::turn_commands(rules, s, &mut v);
    if let Some(c) = v
        .iter()
        .find(|c| matches!(c, Command::JailCard | Command::JailPay))
    {
        return c.clone();
    }
    // Between rolls: build evenly while the reserve stays; lift a mortgage when rich.
    let mut m = Vec::new();
    let kinds = Kinds {
        build: true,
        sell: false,
        mortgage: false,
        unmortgage: true,
    };
    legal::management_of(rules, s, &[p], kinds, &mut m);
    let cash = s.cash(p);
    let build = m.iter().find(|c| match c {
        Command::Build { square } => {
            let cost = rules.squares[*square].build_cost().unwrap_or(i64::MAX);
            cash - cost >= RESERVE
        }
        _ => false,
    });
    if let Some(b) = build {
        return b.clone();
    }
    // In a race to status a mortgaged site still gives its owner a status point and nobody
    // else one (scientopoly ¶5-6; landing), so it stays mortgaged. A square mortgaged this
    // turn stays so until the turn is over: lifting it now pays 10% to undo its own move.
    let lift = if super::status::counted(s) {
        None
    } else {
        m.iter().find(|c| match c {
            Command::Unmortgage { square } => {
                !s.turn.mortgaged.contains(*square)
                    && cash - rules.mortgage_value(*square) - rules.interest(*square) >= 2 * RESERVE
            }
            _ => false,
        })
    };
    if let Some(l) = lift {
        return l.clone();
    }
    v.into_iter().next().unwrap_or(Command::End)
}

/// Would this square complete a group for the player (the rest of its group theirs)?
fn completes(rules: &Ruleset, s: &State, p: usize, sq: usize) -> bool {
    rules.squares[sq].group().is_some_and(|g| {
        rules.groups[g]
            .members
            .iter()
            .all(|&m| m == sq || s.owner(m) == Some(p))
    })
}

/// A square's worth to a bidder: its printed price, half as much again when it completes a
/// group they hold; a building, its price.
fn worth(rules: &Ruleset, s: &State, p: usize, lot: &Lot, floor: i64) -> i64 {
    match lot {
        Lot::Square(sq) => {
            let price = rules.squares[*sq].price().unwrap_or(0);
            if completes(rules, s, p, *sq) {
                price * 3 / 2
            } else {
                price
            }
        }
        Lot::Building { .. } => floor,
    }
}

/// The steady bid, from the least it may be (`floor`) and the lot's worth to the bidder: with
/// free bidding, the next tenth of the square's printed price (40 on, 60 for a 200 lot; at
/// most its worth), as players bid in round figures; two steady computer seats bidding by one
/// took a hundred and sixty bids, two and a half seconds apart at the device, to bid a 200
/// square up from 40 (played by hand). With an asking price (suetology) the ask is the bid.
/// Never more than keeps the bidder's reserve, as the next step itself must (the caller's
/// test), so the bid is always one the bidder can pay.
fn raise(rules: &Ruleset, s: &State, p: usize, lot: &Lot, floor: i64, worth: i64) -> i64 {
    let price = match lot {
        Lot::Square(sq) => rules.squares[*sq].price().unwrap_or(0),
        Lot::Building { .. } => 0,
    };
    let jump = (price / 10).max(1);
    if s.options.auction_step > 0 || jump == 1 {
        return floor;
    }
    let affordable = s.cash(p) - RESERVE.min(worth);
    ((floor + jump - 1) / jump * jump)
        .min(worth)
        .min(affordable)
        .max(floor)
}

/// An auction: the open bidder who values the lot most above the next bid bids it (if it
/// keeps the reserve); when nobody would, one who would not passes.
fn auction(rules: &Ruleset, s: &State, a: &super::state::Auction) -> Command {
    let floor = super::auction::floor(s.options.auction_step, a);
    let high = a.high.map(|(h, _)| h);
    let open: Vec<usize> = (0..a.open.len())
        .filter(|&p| a.open[p] && high != Some(p))
        .collect();
    let keen = open
        .iter()
        .map(|&p| (p, worth(rules, s, p, &a.lot, floor)))
        .filter(|&(p, w)| w >= floor && s.cash(p) - floor >= RESERVE.min(w))
        .max_by_key(|&(p, w)| (w, std::cmp::Reverse(p)));
    match (keen, open.first()) {
        (Some((p, w)), _) => Command::Bid {
            player: p,
            amount: raise(rules, s, p, &a.lot, floor, w),
        },
        (None, Some(&p)) => Command::Pass { player: p },
        (None, None) => Command::Close,
    }
}

/// The flat tax of the tax square being paid.
fn legal_flat(rules: &Ruleset, s: &State) -> i64 {
    let sq = s.players[s.current].position;
    match &rules.squares[sq].kind {
        super::ruleset::Kind::Tax { amount, .. } => *amount,
        _ => 0,
    }
}
