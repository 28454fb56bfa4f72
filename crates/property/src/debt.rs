//! Debts and their end: paying what is owed (at once, or after raising money), conceding into
//! bankruptcy to a player or to the bank, the last player standing, and the end-of-game
//! valuation of the short and time-limit games (sectionopoly: BANKRUPTCY; SHORT GAME rule 5).

use super::event::StatusWhy;
use super::event::{Event, How, JailExit};
use super::landing::{land, Arrival};
use super::purchase::open_auction;
use super::ruleset::Ruleset;
use super::state::{valuation, After, Debt, Lot, Pending, SeatList, SquareSet, State, Why, HOTEL};
use super::{mortgage, movement, status, turns, Table};
use crate::Helpers as _;
use boardside_engine::ensure;
use boardside_engine::ledger::Account;
use boardside_engine::RuleError;

impl Debt {
    /// A debt not yet shown to the debtor, with nothing to follow it.
    pub fn new(debtor: usize, creditor: Option<usize>, amount: i64, why: Why) -> Debt {
        Debt {
            debtor,
            asked: false,
            creditor,
            amount,
            why,
            then: After::Nothing,
        }
    }
}

/// Charge a payment to the bank.
pub(crate) fn charge_bank(t: &mut Table, debtor: usize, amount: i64, why: Why) {
    charge(t, Debt::new(debtor, None, amount, why));
}

/// Charge one debt: paid now when the debtor has the cash, otherwise it waits for `pay` or
/// `concede`.
#[inline]
pub fn charge(t: &mut Table, d: Debt) {
    owe(t, d.debtor, d.creditor, d.amount, d.why, d.then);
}

/// `charge`, from the debt's parts. Most debts (nearly every rent) are paid at once: settled
/// here from the parts, so no debt is built, written out and read back (a stall: its narrow
/// writes cannot be forwarded to the wide reads of a copy); only one that must wait is made.
#[inline(always)]
pub fn owe(
    t: &mut Table,
    debtor: usize,
    creditor: Option<usize>,
    amount: i64,
    why: Why,
    then: After,
) {
    if pays_at_once(t, debtor, amount) {
        settle(t, debtor, creditor, amount, why, then);
        return;
    }
    charge_all(
        t,
        [Debt {
            then,
            ..Debt::new(debtor, creditor, amount, why)
        }],
    );
}

/// A debt the debtor is still in the game to pay and has the cash for.
#[inline(always)]
fn pays_at_once(t: &Table, debtor: usize, amount: i64) -> bool {
    amount > 0 && t.s.in_game(debtor) && t.s.cash(debtor) >= amount
}

/// Charge debts in order. The first the debtor cannot pay waits on top, with the rest queued
/// beneath it, still to be charged when it is settled.
pub(crate) fn charge_all(t: &mut Table, debts: impl IntoIterator<Item = Debt>) {
    let mut rest = debts.into_iter();
    while let Some(d) = rest.next() {
        if pays_at_once(t, d.debtor, d.amount) {
            settle(t, d.debtor, d.creditor, d.amount, d.why, d.then);
            continue;
        }
        // Nothing owed, or nobody left to owe it.
        if d.amount <= 0 || !t.s.in_game(d.debtor) {
            continue;
        }
        // suetology: Bankruptcy: bankrupt at once when the debt is more than net worth.
        let worth = (t.s.options.bankrupt_when_worth_short)
            .then(|| net_worth(t.rules, t.s, d.debtor))
            .filter(|&worth| d.amount > worth);
        if let Some(worth) = worth {
            t.emit(Event::Note(super::event::Note::BeyondWorth {
                debtor: d.debtor,
                creditor: d.creditor,
                amount: d.amount,
                worth,
                why: d.why,
            }));
            bankrupt(t, d.debtor, d.creditor);
            if t.s.over {
                return;
            }
            continue;
        }
        let later: Vec<Debt> = rest.collect();
        for q in later.into_iter().rev() {
            t.emit(Event::Await {
                pending: Pending::Debt(Debt { asked: false, ..q }),
            });
        }
        t.emit(Event::Await {
            pending: Pending::Debt(Debt { asked: true, ..d }),
        });
        return;
    }
}

#[inline(always)]
fn settle(
    t: &mut Table,
    debtor: usize,
    creditor: Option<usize>,
    amount: i64,
    why: Why,
    then: After,
) {
    t.pay(
        Account::Player(debtor),
        State::account(creditor),
        amount,
        why,
    );
    match then {
        After::Nothing => {}
        After::LeaveJailAndMove(steps) => {
            t.emit(Event::JailOut {
                player: debtor,
                how: JailExit::ForcedFine,
            });
            movement::forward(t, debtor, steps as usize, How::Dice);
            land(t, debtor, Arrival::Dice(steps));
        }
        After::GainStatus { square } => status::gain(t, debtor, StatusWhy::Donation { square }),
    }
}

/// Charge queued debts that have come to the top.
fn resume(t: &mut Table) {
    while let Some(Pending::Debt(d)) = t.s.top().cloned() {
        if d.asked {
            return;
        }
        t.emit(Event::Done);
        charge(t, d);
    }
}

fn top_debt(t: &Table) -> Result<Debt, RuleError> {
    match t.s.top() {
        Some(Pending::Debt(d)) => Ok(d.clone()),
        _ => Err(RuleError::new(format!(
            "nobody owes anything now; {}",
            super::narrate::waiting_for(t.rules, t.s)
        ))),
    }
}

pub fn pay(t: &mut Table) -> Result<(), RuleError> {
    let d = top_debt(t)?;
    let cash = t.s.cash(d.debtor);
    ensure!(
        cash >= d.amount,
        "{} owes {} and has {cash}: still {} short; sell buildings or mortgage, or concede",
        t.name(d.debtor),
        d.amount,
        d.amount - cash
    );
    t.emit(Event::Done);
    settle(t, d.debtor, d.creditor, d.amount, d.why, d.then);
    resume(t);
    Ok(())
}

pub fn concede(t: &mut Table) -> Result<(), RuleError> {
    let d = top_debt(t)?;
    t.emit(Event::Done);
    bankrupt(t, d.debtor, d.creditor);
    resume(t);
    Ok(())
}

/// The debtor retires; what they have goes to the creditor, or to the bank for auction.
pub fn bankrupt(t: &mut Table, p: usize, creditor: Option<usize>) {
    // Decisions that were the bankrupt player's to make are void.
    for i in (0..t.s.pending.len()).rev() {
        let theirs = match &t.s.pending[i] {
            Pending::Debt(d) => d.debtor == p || d.creditor == Some(p),
            Pending::Buy { player, .. }
            | Pending::Tax { player, .. }
            | Pending::Card { player, .. }
            | Pending::UtilityRoll { player, .. }
            | Pending::Mortgaged { player, .. }
            | Pending::Place { player, .. } => *player == p,
            _ => false,
        };
        if theirs {
            t.emit(Event::Dropped { index: i });
        }
    }
    for i in (0..t.s.claims.len()).rev() {
        if t.s.claims[i].payer == p || t.s.claims[i].owner == p {
            t.emit(Event::ClaimClosed { index: i });
        }
    }
    let squares: Vec<usize> = t.s.owned_by(p).collect();
    let cards = t.s.players[p].cards.clone();
    match creditor {
        Some(c) => {
            // Buildings go back to the bank at half their price; that money, all cash, every
            // square and card go to the creditor. (scientopoly: developments go with the
            // squares; suetology: the squares are mortgaged first.)
            if !t.s.options.bankrupt_transfers_buildings {
                for &sq in &squares {
                    sell_all_buildings(t, sq);
                }
            }
            if t.s.options.bankrupt_mortgages_all {
                for &sq in &squares {
                    let h = t.s.squares[sq];
                    if !h.mortgaged && h.level == 0 {
                        mortgage::take(t, p, sq);
                    }
                }
            }
            let cash = t.s.cash(p);
            t.pay(
                Account::Player(p),
                Account::Player(c),
                cash,
                Why::Bankruptcy,
            );
            let mut mortgaged = SquareSet::default();
            for &sq in &squares {
                t.emit(Event::Owner {
                    square: sq,
                    owner: Some(c),
                });
                if t.s.squares[sq].mortgaged {
                    mortgaged.insert(sq);
                }
            }
            for (deck, card) in cards {
                t.emit(Event::CardGiven {
                    from: p,
                    to: c,
                    deck,
                    card,
                });
            }
            t.emit(Event::Bankrupt {
                player: p,
                creditor: Some(c),
            });
            // The new owner pays 10% on each mortgaged square now, or lifts it (MORTGAGES ¶2).
            mortgage::received(t, c, mortgaged);
        }
        None => {
            for &sq in &squares {
                let level = t.s.squares[sq].level;
                if level > 0 {
                    t.emit(Event::Level {
                        square: sq,
                        from: level,
                        to: 0,
                    });
                }
            }
            let cash = t.s.cash(p);
            t.pay(Account::Player(p), Account::Bank, cash, Why::Bankruptcy);
            for (deck, card) in cards {
                t.emit(Event::CardUsed {
                    player: p,
                    deck,
                    card,
                });
                t.emit(Event::CardReturned { deck, card });
            }
            for &sq in &squares {
                t.emit(Event::Owner {
                    square: sq,
                    owner: None,
                });
                if t.s.squares[sq].mortgaged {
                    t.emit(Event::Mortgage {
                        square: sq,
                        on: false,
                    });
                }
            }
            t.emit(Event::Bankrupt {
                player: p,
                creditor: None,
            });
        }
    }
    if game_end_after_bankruptcy(t) {
        return;
    }
    if creditor.is_none() && t.s.options.bank_auctions_bankrupt {
        // "Housekeeping immediately sells by auction all property so taken."
        for &sq in squares.iter().rev() {
            open_auction(t, Lot::Square(sq), 1);
        }
    }
    if p == t.s.current {
        turns::next_turn(t);
    }
}

/// Net worth (suetology: Bankruptcy): money, the resale value of buildings (half their cost)
/// and the mortgage value of unmortgaged squares.
pub fn net_worth(rules: &Ruleset, s: &State, p: usize) -> i64 {
    s.cash(p)
        + s.owned_by(p)
            .map(|sq| {
                let resale = super::state::building_value(rules, s, sq) / 2;
                let mortgage = if s.squares[sq].mortgaged {
                    0
                } else {
                    rules.mortgage_value(sq)
                };
                resale + mortgage
            })
            .sum::<i64>()
}

/// Sell every building on one lot back to the bank at half price.
pub(crate) fn sell_all_buildings(t: &mut Table, sq: usize) {
    let level = t.s.squares[sq].level;
    if level == 0 {
        return;
    }
    let owner = t.s.owner(sq).expect("buildings stand on owned lots");
    let cost = t.rules.squares[sq].build_cost().unwrap_or(0);
    let steps = if level == HOTEL {
        t.s.houses_before_hotel + 1
    } else {
        level
    };
    t.pay(
        Account::Bank,
        Account::Player(owner),
        cost * steps as i64 / 2,
        Why::SellBuilding { square: sq, steps },
    );
    t.emit(Event::Level {
        square: sq,
        from: level,
        to: 0,
    });
}

/// The last player left wins; in the short game the first bankruptcy ends the game and the
/// richest remaining player wins.
fn game_end_after_bankruptcy(t: &mut Table) -> bool {
    let left: Vec<usize> = t.s.active_players().collect();
    if left.len() == 1 {
        finish(t, left[0]);
        true
    } else if t.s.options.short_game {
        value_and_finish(t);
        true
    } else {
        false
    }
}

/// End the game now and value every remaining player: the richest wins (ties go to more cash,
/// then to the earlier seat).
/// Value everyone; the richest wins, and players equally rich share the win (a tie is a tie,
/// never decided by seat order).
fn value_and_finish(t: &mut Table) {
    let players: Vec<usize> = t.s.active_players().collect();
    let mut worths = Vec::new();
    for p in players {
        let worth = valuation(t.rules, t.s, p);
        t.emit(Event::Worth { player: p, worth });
        worths.push((p, worth));
    }
    let Some(best) = worths.iter().map(|&(_, w)| w).max() else {
        return;
    };
    let top: Vec<usize> = worths
        .iter()
        .filter(|&&(_, w)| w == best)
        .map(|&(p, _)| p)
        .collect();
    if let [w] = top[..] {
        finish(t, w);
    } else {
        for i in (0..t.s.pending.len()).rev() {
            t.emit(Event::Dropped { index: i });
        }
        t.emit(Event::Tie {
            players: SeatList::of(&top),
        });
    }
}

pub fn finish(t: &mut Table, winner: usize) {
    for i in (0..t.s.pending.len()).rev() {
        t.emit(Event::Dropped { index: i });
    }
    t.emit(Event::Winner { player: winner });
}

/// sectionopoly: TIME LIMIT GAME: when the agreed hour comes, the richest player wins.
pub(crate) fn time_up(t: &mut Table) -> Result<(), RuleError> {
    value_and_finish(t);
    Ok(())
}
