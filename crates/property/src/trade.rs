//! Private deals between two players (sectionopoly: SELLING PROPERTY ¶1, MISCELLANEOUS):
//! squares without buildings on their group, cash and held cards, never buildings, never a
//! loan of money; mortgaged squares received bring the 10%-or-lift choice.

use super::command::{Item, Trade};
use super::event::Event;
use super::ruleset::Ruleset;
use super::state::{SquareSet, State, Why};
use super::{may_manage, Table};
use crate::Helpers as _;
use boardside_engine::ledger::{Account, MAX_MONEY};
use boardside_engine::RuleError;

/// Why a deal is refused: a value, worded only when shown (the random player and the menus
/// probe deals that may be refused).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    WithThemselves,
    Out(usize),
    OnlyMoney,
    NotOwner {
        giver: usize,
        square: usize,
    },
    Twice(usize),
    Buildings {
        group: usize,
        square: usize,
    },
    NoAmount,
    TooMuch(usize),
    NoCard {
        giver: usize,
        deck: usize,
    },
    Short(usize),
    BelowPrice {
        giver: usize,
        given: i64,
        received: i64,
    },
}

impl Refusal {
    pub fn explain(self, rules: &Ruleset, s: &State) -> RuleError {
        let name = |p: usize| &s.players[p].name;
        let square = |sq: usize| &rules.squares[sq].name;
        RuleError::new(match self {
            Refusal::WithThemselves => "a player cannot trade with themselves".to_string(),
            Refusal::Out(p) => format!("{} is out of the game", name(p)),
            Refusal::OnlyMoney => format!(
                "players may not lend or give each other money; only {} lends, on mortgages",
                rules.theme.bank
            ),
            Refusal::NotOwner { giver, square: sq } => {
                format!("{} does not own {}", name(giver), square(sq))
            }
            Refusal::Twice(sq) => format!("{} is named twice", square(sq)),
            Refusal::Buildings { group, square: sq } => format!(
                "buildings stand on {}: sell them to {} before trading {}",
                rules.groups[group].name,
                rules.theme.bank,
                square(sq)
            ),
            Refusal::NoAmount => "an amount of money must be more than 0".to_string(),
            Refusal::TooMuch(p) => {
                format!("{} cannot give more money than a game can hold", name(p))
            }
            Refusal::NoCard { giver, deck } => format!(
                "{} holds no {} card to trade",
                name(giver),
                rules.decks[deck].name
            ),
            Refusal::Short(p) => format!("{} has only {} to give", name(p), s.cash(p)),
            Refusal::BelowPrice {
                giver,
                given,
                received,
            } => format!(
                "no property may be given away or traded for less than its printed price: {} \
                 would give {given} of property for {received}",
                name(giver)
            ),
        })
    }
}

/// Can `giver` hand over these items?
fn can_give(rules: &Ruleset, s: &State, giver: usize, items: &[Item]) -> Result<(), Refusal> {
    let mut cash = 0i64;
    for (i, item) in items.iter().enumerate() {
        match *item {
            Item::Square(sq) => {
                if s.owner(sq) != Some(giver) {
                    return Err(Refusal::NotOwner { giver, square: sq });
                }
                if items[..i].contains(item) {
                    return Err(Refusal::Twice(sq));
                }
                let group = rules.squares[sq]
                    .group()
                    .expect("owned squares have groups");
                if s.group_has_buildings(rules, group) {
                    return Err(Refusal::Buildings { group, square: sq });
                }
            }
            Item::Cash(n) => {
                if n <= 0 {
                    return Err(Refusal::NoAmount);
                }
                cash = cash
                    .checked_add(n)
                    .filter(|&c| c <= MAX_MONEY)
                    .ok_or(Refusal::TooMuch(giver))?;
            }
            Item::Card(deck) => {
                let want = items.iter().filter(|i| **i == Item::Card(deck)).count();
                let have = s.players[giver]
                    .cards
                    .iter()
                    .filter(|c| c.0 == deck)
                    .count();
                if have < want {
                    return Err(Refusal::NoCard { giver, deck });
                }
            }
        }
    }
    if s.cash(giver) < cash {
        return Err(Refusal::Short(giver));
    }
    Ok(())
}

pub(crate) fn check_trade(rules: &Ruleset, s: &State, tr: &Trade) -> Result<(), RuleError> {
    can_trade(rules, s, tr).map_err(|r| r.explain(rules, s))
}

/// May this deal be made (the deal itself; whose turn it is aside)?
pub(crate) fn can_trade(rules: &Ruleset, s: &State, tr: &Trade) -> Result<(), Refusal> {
    if tr.from == tr.to {
        return Err(Refusal::WithThemselves);
    }
    if let Some(p) = [tr.from, tr.to].into_iter().find(|&p| !s.in_game(p)) {
        return Err(Refusal::Out(p));
    }
    // No loans or gifts of money between players: something other than money must change hands.
    let goods = |items: &[Item]| items.iter().any(|i| !matches!(i, Item::Cash(_)));
    if !(goods(&tr.give) || goods(&tr.get)) {
        return Err(Refusal::OnlyMoney);
    }
    can_give(rules, s, tr.from, &tr.give)?;
    can_give(rules, s, tr.to, &tr.get)?;
    if s.options.min_trade_price {
        for (giver, gives, gets) in [(tr.from, &tr.give, &tr.get), (tr.to, &tr.get, &tr.give)] {
            if let Some((given, received)) = below_price(rules, gives, gets) {
                return Err(Refusal::BelowPrice {
                    giver,
                    given,
                    received,
                });
            }
        }
    }
    Ok(())
}

/// Scientopoly ¶10, "not sold or traded for less than its regular purchase price": a side
/// giving `gives` for `gets` receives less than the printed prices of the squares it gives
/// (the squares it gets at their printed prices, with the money): the two sums, when short.
/// The rules refuse such a deal (`can_trade`, with `min_trade_price`); the device's price
/// stops before it.
pub fn below_price(rules: &Ruleset, gives: &[Item], gets: &[Item]) -> Option<(i64, i64)> {
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
    let received = price(gets).saturating_add(cash);
    (received < given).then_some((given, received))
}

/// Who starts a deal between `from` and `to` (the player whose turn it is, if either) and who
/// answers it.
pub(crate) fn parties(s: &State, from: usize, to: usize) -> (usize, usize) {
    if to == s.current {
        (to, from)
    } else {
        (from, to)
    }
}

pub fn trade(t: &mut Table, tr: &Trade) -> Result<(), RuleError> {
    // The player whose turn it is starts a deal (where the ruleset says so); neither side may
    // deal from the SP Hole.
    let (starter, other) = parties(t.s, tr.from, tr.to);
    may_manage(t, starter)?;
    if super::dealing_allowed(t.s, other, false).is_err() {
        return Err(RuleError::new(format!(
            "{} is in {} and may not trade until out",
            t.name(other),
            t.rules.theme.jail
        )));
    }
    check_trade(t.rules, t.s, tr)?;
    let mut received: Vec<(usize, SquareSet)> = Vec::new();
    for (giver, taker, items) in [(tr.from, tr.to, &tr.give), (tr.to, tr.from, &tr.get)] {
        let mut mortgaged = SquareSet::default();
        for item in items {
            match *item {
                Item::Square(sq) => {
                    t.emit(Event::Owner {
                        square: sq,
                        owner: Some(taker),
                    });
                    if t.s.squares[sq].mortgaged {
                        mortgaged.insert(sq);
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

/// Deals a computer seat may offer (`Play::offers`), with the seat each goes to: the last
/// square it lacks of a group, bought from its owner (none built on) at one and a half times
/// and at twice its price, as far as its cash goes.
pub fn offers(rules: &Ruleset, s: &State, seat: usize) -> Vec<(usize, super::Command)> {
    let mut out = Vec::new();
    for sq in 0..rules.squares.len() {
        let (Some(owner), Some(group), Some(price)) = (
            s.owner(sq),
            rules.squares[sq].group(),
            rules.squares[sq].price(),
        ) else {
            continue;
        };
        if owner == seat || s.squares[sq].level > 0 {
            continue;
        }
        let members = &rules.groups[group].members;
        let mine = members
            .iter()
            .filter(|&&m| s.owner(m) == Some(seat))
            .count();
        if mine == 0 || mine + 1 < members.len() {
            continue;
        }
        for pay in [price * 3 / 2, price * 2] {
            if s.cash(seat) >= pay {
                let deal = Trade {
                    from: seat,
                    to: owner,
                    give: smallvec::smallvec![Item::Cash(pay)],
                    get: smallvec::smallvec![Item::Square(sq)],
                };
                out.push((owner, super::Command::Trade(deal)));
            }
        }
    }
    out
}
