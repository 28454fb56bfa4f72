//! A new property game: players and starting money, shuffled decks, deeds dealt for the short
//! and time-limit games, and who rolls first. The randomness arrives as data (`Setup`).

use serde::{Deserialize, Serialize};

use super::event::Event;
use super::options::{FirstPlayer, Options};
use super::ruleset::Ruleset;
use super::state::{GroupNow, Holding, Pending, Player, SquareSet, State, Turn, Why};
use super::Table;
use crate::Helpers as _;
use boardside_engine::deck::Deck;
use boardside_engine::ledger::{Account, Ledger};
use boardside_engine::RuleError;

/// The chance outcomes of a game's start, made from the seed outside the engine and saved in
/// the journal header so a replay never shuffles again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// For each deck, its cards top first (card numbers in the ruleset's order).
    pub deck_orders: Vec<Vec<u16>>,
    /// The deeds shuffled, for dealing (short game, time-limit game).
    pub deeds: Vec<usize>,
}

impl Setup {
    /// Decks in ruleset order and deeds in board order: for tests that want no chance at all.
    pub fn unshuffled(rules: &Ruleset) -> Setup {
        Setup {
            deck_orders: rules
                .decks
                .iter()
                .map(|d| {
                    let mut order = Vec::with_capacity(d.cards.len());
                    order.extend((0..d.cards.len() as u16).filter(|&c| !d.cards[c as usize].spare));
                    order
                })
                .collect(),
            deeds: rules.deeds(),
        }
    }
}

pub const MAX_PLAYERS: usize = 8;

pub fn check_names(names: &[String]) -> Result<(), RuleError> {
    if names.len() < 2 || names.len() > MAX_PLAYERS {
        return Err(RuleError::new(format!(
            "a game needs 2 to {MAX_PLAYERS} players, not {}",
            names.len()
        )));
    }
    for (i, n) in names.iter().enumerate() {
        let ok = !n.is_empty()
            && n.chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
            && n.parse::<i64>().is_err()
            && !n.eq_ignore_ascii_case("bank");
        if !ok {
            return Err(RuleError::new(format!(
                "player name '{n}' must be one word of letters or digits (and not 'bank')"
            )));
        }
        if names[..i].iter().any(|m| m.eq_ignore_ascii_case(n)) {
            return Err(RuleError::new(format!("two players are called '{n}'")));
        }
    }
    Ok(())
}

/// Build the starting state. The returned events are the start's story (money handed out,
/// deeds dealt); replaying a journal calls this again with the same `Setup`.
pub fn new_game(
    rules: &Ruleset,
    names: &[String],
    options: &Options,
    setup: &Setup,
) -> Result<(State, Vec<Event>), RuleError> {
    check_names(names)?;
    if setup.deck_orders.len() != rules.decks.len() {
        return Err(RuleError::new(
            "the saved deck orders do not match the ruleset's decks",
        ));
    }
    for (d, order) in rules.decks.iter().zip(&setup.deck_orders) {
        let mut sorted = order.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != order.len() || order.iter().any(|&c| c as usize >= d.cards.len()) {
            return Err(RuleError::new(format!(
                "the order of deck '{}' is not a deck",
                d.id
            )));
        }
    }
    let n = names.len();
    let mut s = State {
        players: names
            .iter()
            .map(|name| Player {
                name: name.clone(),
                position: 0,
                jail: None,
                bankrupt: false,
                cards: Vec::new(),
                status: 0,
            })
            .collect(),
        squares: vec![Holding::default(); rules.squares.len()],
        ledger: Ledger::new(n),
        houses: rules.houses as i64,
        hotels: rules.hotels as i64,
        decks: setup
            .deck_orders
            .iter()
            .map(|o| Deck::new(o.clone()))
            .collect(),
        current: 0,
        turns: 0,
        status_lead: Default::default(),
        wholes: [0; MAX_PLAYERS],
        turn: Turn::default(),
        pending: Vec::new(),
        claims: Vec::new(),
        winner: None,
        tied: vec![],
        over: false,
        options: options.clone(),
        jail: rules.jail,
        whole: vec![None; rules.groups.len()],
        owned_in: vec![[0; MAX_PLAYERS]; rules.groups.len()],
        // Every square starts unmortgaged with no building.
        levels: vec![GroupNow::default(); rules.groups.len()],
        holdings: vec![SquareSet::default(); n],
        mortgaged: SquareSet::default(),
        houses_before_hotel: if options.short_game {
            rules.houses_before_top.saturating_sub(1).max(1)
        } else {
            rules.houses_before_top
        },
    };
    let mut out = boardside_engine::game::Events::default();
    Table::run(rules, &mut s, &mut out, |t| {
        for p in 0..n {
            t.pay(
                Account::Bank,
                Account::Player(p),
                rules.start_cash,
                Why::StartingMoney,
            );
        }
        // sectionopoly: SHORT GAME rule 1 (three deeds, free) and TIME LIMIT GAME (two, paid).
        let (each, paid) = options.deeds_dealt();
        if each > 0 {
            if setup.deeds.len() < each * n {
                return Err(RuleError::new(format!(
                    "{} deeds cannot deal {each} to each of {n} players",
                    setup.deeds.len()
                )));
            }
            for (k, &sq) in setup.deeds.iter().take(each * n).enumerate() {
                let p = k % n;
                if paid {
                    let price = rules.squares[sq].price().unwrap_or(0);
                    t.pay(
                        Account::Player(p),
                        Account::Bank,
                        price,
                        Why::Dealt { square: sq },
                    );
                }
                t.emit(Event::Owner {
                    square: sq,
                    owner: Some(p),
                });
            }
        }
        match options.first_player {
            FirstPlayer::Dice => t.emit(Event::Await {
                pending: Pending::FirstRoll {
                    contenders: std::iter::repeat_n(true, n).collect(),
                    rolls: std::iter::repeat_n(None, n).collect(),
                },
            }),
            FirstPlayer::Listed => t.emit(Event::TurnStarts { player: 0 }),
        }
        Ok(())
    })?;
    Ok((s, out.list))
}
