//! Private deals between two players (sectionopoly: SELLING PROPERTY ¶1, MISCELLANEOUS):
//! squares without buildings on their group, cash and held cards, never buildings, never a
//! loan of money; mortgaged squares received bring the 10%-or-lift choice.

use super::command::{Item, Trade};
use super::event::Event;
use super::ruleset::Ruleset;
use super::state::{Pending, State, Why};
use super::{may_manage, Table};
use crate::engine::ledger::Account;
use crate::engine::RuleError;
use crate::ensure;

/// Can `giver` hand over these items?
fn check_side(rules: &Ruleset, s: &State, giver: usize, items: &[Item]) -> Result<(), RuleError> {
    let name = &s.players[giver].name;
    let mut cash = 0;
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
                cash += n;
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
    Ok(())
}

pub fn trade(t: &mut Table, tr: &Trade) -> Result<(), RuleError> {
    may_manage(t)?;
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
        t.emit(Event::Await {
            pending: Pending::Mortgaged { player, squares },
        });
    }
    Ok(())
}
