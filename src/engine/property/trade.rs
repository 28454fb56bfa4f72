//! Private deals between two players (sectionopoly: SELLING PROPERTY ¶1, MISCELLANEOUS):
//! squares without buildings on their group, cash and held cards, never buildings, never a
//! loan of money; mortgaged squares received bring the 10%-or-lift choice.

use super::command::{Item, Trade};
use super::event::Event;
use super::ruleset::Ruleset;
use super::state::{State, Why};
use super::{may_manage, Table};
use crate::engine::ledger::{Account, MAX_MONEY};
use crate::engine::RuleError;
use crate::ensure;

/// Can `giver` hand over these items?
fn check_side(rules: &Ruleset, s: &State, giver: usize, items: &[Item]) -> Result<(), RuleError> {
    let name = &s.players[giver].name;
    let mut cash = 0i64;
    let mut squares: Vec<usize> = Vec::new();
    for item in items {
        match *item {
            Item::Square(sq) => {
                let square = &rules.squares[sq];
                ensure!(
                    s.owner(sq) == Some(giver),
                    "{name} does not own {}",
                    square.name
                );
                ensure!(!squares.contains(&sq), "{} is named twice", square.name);
                squares.push(sq);
                let group = square.group().expect("owned squares have groups");
                ensure!(
                    !s.group_has_buildings(rules, group),
                    "buildings stand on {}: sell them to {} before trading {}",
                    rules.groups[group].name,
                    rules.theme.bank,
                    square.name
                );
            }
            Item::Cash(n) => {
                ensure!(n > 0, "an amount of money must be more than 0");
                cash = match cash.checked_add(n).filter(|&c| c <= MAX_MONEY) {
                    Some(c) => c,
                    None => {
                        return Err(RuleError::new(format!(
                            "{name} cannot give more money than a game can hold"
                        )))
                    }
                };
            }
            Item::Card(deck) => {
                let want = items.iter().filter(|i| **i == Item::Card(deck)).count();
                let have = s.players[giver]
                    .cards
                    .iter()
                    .filter(|c| c.0 == deck)
                    .count();
                ensure!(
                    have >= want,
                    "{name} holds no {} card to trade",
                    rules.decks[deck].name
                );
            }
        }
    }
    ensure!(
        s.cash(giver) >= cash,
        "{name} has only {} to give",
        s.cash(giver)
    );
    Ok(())
}

pub fn check_trade(rules: &Ruleset, s: &State, tr: &Trade) -> Result<(), RuleError> {
    ensure!(tr.from != tr.to, "a player cannot trade with themselves");
    for p in [tr.from, tr.to] {
        ensure!(s.in_game(p), "{} is out of the game", s.players[p].name);
    }
    // No loans or gifts of money between players: something other than money must change hands.
    let goods = |items: &[Item]| items.iter().any(|i| !matches!(i, Item::Cash(_)));
    ensure!(
        goods(&tr.give) || goods(&tr.get),
        "players may not lend or give each other money; only {} lends, on mortgages",
        rules.theme.bank
    );
    check_side(rules, s, tr.from, &tr.give)?;
    check_side(rules, s, tr.to, &tr.get)?;
    if s.options.min_trade_price {
        for (giver, gives, gets) in [(tr.from, &tr.give, &tr.get), (tr.to, &tr.get, &tr.give)] {
            let price = |items: &[Item]| -> i64 {
                items
                    .iter()
                    .map(|i| match *i {
                        Item::Square(sq) => rules.squares[sq].price().unwrap_or(0),
                        _ => 0,
                    })
                    .sum()
            };
            let cash: i64 = gets
                .iter()
                .map(|i| if let Item::Cash(n) = *i { n } else { 0 })
                .fold(0i64, i64::saturating_add);
            let given = price(gives);
            let received = price(gets) + cash;
            ensure!(
                received >= given,
                "no property may be given away or traded for less than its printed price: {} \
                 would give {given} of property for {received}",
                s.players[giver].name
            );
        }
    }
    Ok(())
}

/// Who starts a deal (the player whose turn it is, if either) and who answers it.
pub fn parties(s: &State, tr: &Trade) -> (usize, usize) {
    if tr.to == s.current {
        (tr.to, tr.from)
    } else {
        (tr.from, tr.to)
    }
}

pub fn trade(t: &mut Table, tr: &Trade) -> Result<(), RuleError> {
    // The player whose turn it is starts a deal (where the ruleset says so); neither side may
    // deal from the SP Hole.
    let (starter, other) = parties(t.s, tr);
    may_manage(t, starter)?;
    if super::dealing_allowed(t.s, other, false).is_err() {
        return Err(RuleError::new(format!(
            "{} is in {} and may not trade until out",
            t.name(other),
            t.rules.theme.jail
        )));
    }
    check_trade(t.rules, t.s, tr)?;
    let mut received: Vec<(usize, Vec<usize>)> = Vec::new();
    for (giver, taker, items) in [(tr.from, tr.to, &tr.give), (tr.to, tr.from, &tr.get)] {
        let mut mortgaged = Vec::new();
        for item in items {
            match *item {
                Item::Square(sq) => {
                    t.emit(Event::Owner {
                        square: sq,
                        owner: Some(taker),
                    });
                    if t.s.squares[sq].mortgaged {
                        mortgaged.push(sq);
                    }
                }
                Item::Cash(n) => t.pay(
                    Account::Player(giver),
                    Account::Player(taker),
                    n,
                    Why::Trade,
                ),
                Item::Card(deck) => {
                    let card = t.s.players[giver]
                        .cards
                        .iter()
                        .find(|c| c.0 == deck)
                        .map(|c| c.1)
                        .expect("checked above");
                    t.emit(Event::CardGiven {
                        from: giver,
                        to: taker,
                        deck,
                        card,
                    });
                }
            }
        }
        if !mortgaged.is_empty() {
            received.push((taker, mortgaged));
        }
    }
    // The last pushed is answered first: the receiver of `give` answers before the proposer.
    for (player, squares) in received.into_iter().rev() {
        super::mortgage::received(t, player, squares);
    }
    Ok(())
}
