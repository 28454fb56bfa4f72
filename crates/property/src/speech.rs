//! What the bank says aloud in the property games: whose turn, the roll and where the piece
//! lands, rent and tax, a card in a few words, auctions opened and won, building shortages,
//! debts, bankruptcies and the winner. Short and natural; the working stays on the screen.

use super::event::{Event, How, Note};
use super::ruleset::Ruleset;
use super::state::{Lot, Pending, State, Why};
use boardside_engine::game::{Speech, Weight};
use boardside_engine::ledger::Account;

fn who(s: &State, p: usize) -> &str {
    &s.players[p].name
}

fn lot(rules: &Ruleset, l: &Lot) -> String {
    match l {
        Lot::Square(q) => rules.squares[*q].name.clone(),
        Lot::Building { hotel: true } => format!("a {}", rules.theme.hotel),
        Lot::Building { hotel: false } => format!("a {}", rules.theme.house),
    }
}

/// A card's text in a few words: up to its first full stop or bracket.
fn few_words(text: &str) -> &str {
    let end = text.find(['.', '(', ';']).unwrap_or(text.len());
    text[..end].trim()
}

/// The spoken form of an event, if it is one the table should hear (`after`: the state just
/// after it).
pub fn event(rules: &Ruleset, after: &State, e: &Event) -> Option<Speech> {
    let s = after;
    let say = |w, topic, text: String| Some(Speech::new(w, topic, text));
    match e {
        Event::TurnStarts { player } => {
            say(Weight::Turn, "turn", format!("{}'s turn", who(s, *player)))
        }
        Event::Moved {
            player,
            to,
            how: How::Dice,
            ..
        } => {
            let total = s.turn.last_roll.map(|d| d.total()).unwrap_or(0);
            say(
                Weight::Normal,
                "move",
                format!(
                    "{} rolls {total}: {}",
                    who(s, *player),
                    rules.squares[*to].name
                ),
            )
        }
        Event::Moved {
            player,
            to,
            how: How::Card | How::Back,
            ..
        } => say(
            Weight::Normal,
            "card-move",
            format!("{} to {}", who(s, *player), rules.squares[*to].name),
        ),
        Event::Paid {
            from: Account::Player(p),
            to,
            amount,
            why,
        } => {
            let payer = who(s, *p);
            match (why, to) {
                (Why::Rent { .. }, Account::Player(o)) => say(
                    Weight::Normal,
                    "rent",
                    format!("{payer} pays {} {amount} {}", who(s, *o), rules.theme.rent),
                ),
                (Why::FlatTax { .. } | Why::PercentTax { .. }, _) => {
                    say(Weight::Normal, "tax", format!("{payer} pays {amount} tax"))
                }
                (Why::Bid { lot: l }, _) => say(
                    Weight::Normal,
                    "auction",
                    format!("{payer} wins {} for {amount}", lot(rules, l)),
                ),
                (Why::Price { square }, _) => say(
                    Weight::Low,
                    "buy",
                    format!("{payer} buys {}", rules.squares[*square].name),
                ),
                _ => None,
            }
        }
        Event::CardDrawn { player, deck, card } => {
            let d = &rules.decks[*deck];
            say(
                Weight::Normal,
                "card",
                format!(
                    "{}, {}: {}",
                    who(s, *player),
                    d.name,
                    few_words(&d.cards[*card as usize].text)
                ),
            )
        }
        Event::JailIn { player, .. } => say(
            Weight::Normal,
            "jail",
            format!("{} goes to {}", who(s, *player), rules.theme.jail),
        ),
        Event::Await { pending } => match pending {
            Pending::Auction(a) => say(
                Weight::Normal,
                "auction",
                format!("Auction: {}", lot(rules, &a.lot)),
            ),
            Pending::Debt(d) if s.cash(d.debtor) < d.amount => say(
                Weight::High,
                "debt",
                format!(
                    "{} owes {} and must raise money",
                    who(s, d.debtor),
                    d.amount
                ),
            ),
            Pending::Shortage { hotel, .. } => say(
                Weight::Normal,
                "shortage",
                format!(
                    "Only {} {} left. Anyone else building?",
                    if *hotel { s.hotels } else { s.houses },
                    if *hotel {
                        &rules.theme.hotels
                    } else {
                        &rules.theme.houses
                    }
                ),
            ),
            _ => None,
        },
        Event::Note(Note::Shortage { wanted, supply, .. }) if wanted > supply => say(
            Weight::Normal,
            "shortage",
            "More wanted than the bank has: an auction".into(),
        ),
        Event::Bankrupt { player, .. } => say(
            Weight::High,
            "bankrupt",
            format!("{} is bankrupt", who(s, *player)),
        ),
        Event::Winner { player } => say(Weight::High, "end", format!("{} wins!", who(s, *player))),
        Event::Tie { .. } => say(Weight::High, "end", "A tie!".into()),
        _ => None,
    }
}
