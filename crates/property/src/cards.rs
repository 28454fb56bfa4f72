//! The card decks (sectionopoly: INTEL and CQS): drawing from the top or naming a physical
//! card, carrying out its effect, returning it to the bottom, get-out cards held until used.

use super::debt;
use super::event::{Event, JailWhy, Note};
use super::landing::{land, Arrival};
use super::movement;
use super::rent;
use super::ruleset::Effect;
use super::state::{Debt, Pending, RentRule, RentWorking, Why};
use super::{jail, turns, Table};
use crate::Helpers as _;
use boardside_engine::dice::Dice;
use boardside_engine::ensure;
use boardside_engine::ledger::Account;
use boardside_engine::turn::seats_from;
use boardside_engine::RuleError;

pub(crate) fn land_on_deck(t: &mut Table, p: usize, deck: usize) {
    if t.s.options.physical_decks {
        t.emit(Event::Await {
            pending: Pending::Card { player: p, deck },
        });
        return;
    }
    // Every card of a tiny deck may be held: then there is nothing to draw.
    if let Some(card) = t.s.decks[deck].top() {
        resolve(t, p, deck, card);
    }
}

/// `draw DECK CARD`: the table drew a physical card and names it.
pub(crate) fn draw_physical(t: &mut Table, deck: usize, card: u16) -> Result<(), RuleError> {
    let (p, want) = match t.s.top() {
        Some(Pending::Card { player, deck }) => (*player, *deck),
        _ if !t.s.options.physical_decks => {
            return Err(RuleError::new(
                "the device draws the cards itself; play with --option physical_decks=true \
                 to draw real cards",
            ))
        }
        _ => return Err(turns::busy(t, "no card is waiting to be drawn")),
    };
    ensure!(
        deck == want,
        "{} must draw from {}, not {}",
        t.name(p),
        t.rules.decks[want].name,
        t.rules.decks[deck].name
    );
    ensure!(
        (card as usize) < t.rules.decks[deck].cards.len(),
        "no such card in {}",
        t.rules.decks[deck].name
    );
    if let Some(holder) =
        t.s.active_players()
            .find(|&q| t.s.players[q].cards.contains(&(deck, card)))
    {
        return Err(RuleError::new(format!(
            "{} holds that card; it is not in the deck",
            t.name(holder)
        )));
    }
    t.emit(Event::Done);
    resolve(t, p, deck, card);
    Ok(())
}

fn resolve(t: &mut Table, p: usize, deck: usize, card: u16) {
    t.emit(Event::CardDrawn {
        player: p,
        deck,
        card,
    });
    // Read from the ruleset, not copied (an effect may name a group).
    let rules = t.rules;
    let effect = &rules.decks[deck].cards[card as usize].effect;
    if *effect == Effect::GetOutOfJail {
        // Held until used, then back to the bottom of its deck.
        t.emit(Event::CardKept {
            player: p,
            deck,
            card,
        });
        return;
    }
    t.emit(Event::CardReturned { deck, card });
    let why = Why::Card { deck, card };
    match *effect {
        Effect::Advance { to } => {
            movement::advance_to(t, p, to);
            let roll = t.s.turn.last_roll.map(|d| d.total()).unwrap_or(0);
            land(t, p, Arrival::Dice(roll));
        }
        Effect::AdvanceNearest { ref group, rent } => {
            let from = t.s.players[p].position;
            let g = t.rules.groups.iter().position(|x| &x.id == group);
            // A group's members are in board order (`Ruleset::parse`): the first beyond
            // `from`, else round past the start to the first of them.
            let target = g.and_then(|g| {
                let members = &t.rules.groups[g].members;
                let ahead = members.iter().copied().find(|&m| m > from);
                ahead.or_else(|| members.first().copied())
            });
            if let Some(to) = target {
                movement::advance_to(t, p, to);
                land(t, p, Arrival::Card(rent));
            }
        }
        Effect::Back { steps } => {
            movement::back(t, p, steps);
            let roll = t.s.turn.last_roll.map(|d| d.total()).unwrap_or(0);
            land(t, p, Arrival::Dice(roll));
        }
        Effect::Collect { amount } => t.pay(Account::Bank, Account::Player(p), amount, why),
        Effect::Pay { amount } => debt::charge_bank(t, p, amount, why),
        Effect::PayEachPlayer { amount } => {
            let debts: Vec<Debt> = others(t, p)
                .map(|q| Debt::new(p, Some(q), amount, why))
                .collect();
            debt::charge_all(t, debts);
        }
        Effect::CollectFromEachPlayer { amount } => {
            let debts: Vec<Debt> = others(t, p)
                .map(|q| Debt::new(q, Some(p), amount, why))
                .collect();
            debt::charge_all(t, debts);
        }
        Effect::Repairs {
            per_house,
            per_hotel,
        } => {
            let (houses, hotels) = t.s.buildings_of(p);
            if (houses, hotels) == (0, 0) {
                t.emit(Event::Note(Note::NothingToRepair { player: p }));
            }
            let amount = houses as i64 * per_house + hotels as i64 * per_hotel;
            let why = Why::Repairs {
                deck,
                card,
                houses,
                hotels,
            };
            debt::charge_bank(t, p, amount, why);
        }
        Effect::GoToJail => jail::send(t, p, JailWhy::Card),
        Effect::GetOutOfJail => {}
    }
}

/// The other players still in, in playing order after `p`.
fn others(t: &Table, p: usize) -> impl Iterator<Item = usize> {
    let s = &*t.s;
    seats_from(p, s.players.len(), |q| s.in_game(q) && q != p).into_iter()
}

/// The advance-to-utility card: a fresh roll, ten times it to the owner.
pub(crate) fn utility_roll(t: &mut Table, p: usize, sq: usize, dice: Dice) {
    t.emit(Event::ChanceRoll { player: p, dice });
    t.emit(Event::Done);
    if let Some(owner) = t.s.owner(sq) {
        let working = RentWorking {
            base: dice.total() as i64,
            times: 10,
            rule: RentRule::CardDice,
        };
        rent::due(t, p, owner, sq, working, super::state::After::Nothing);
    }
}
