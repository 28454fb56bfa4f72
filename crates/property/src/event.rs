//! Events: what a command caused, each carrying its working, and `apply`, the only code that
//! changes a property game's state (bookkeeping only, no rule decisions).

use serde::{Deserialize, Serialize};

use super::ruleset::Ruleset;
use super::state::{level_buildings, Claim, GroupNow, Pending, SeatList, State, Why};
use boardside_engine::dice::Dice;
use boardside_engine::ledger::Account;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum How {
    /// Forward by the dice.
    Dice,
    /// Forward to a square named by a card.
    Card,
    /// Backward by a card.
    Back,
    /// Put there by a table correction.
    Correction,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JailWhy {
    Square,
    Card,
    ThirdDoubles,
    Correction,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JailExit {
    Doubles,
    Paid,
    Card,
    ForcedFine,
    Correction,
}

/// How a status point was earned (scientopoly ¶5, ¶7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatusWhy {
    /// A service donation paid on an eligible landing.
    Donation {
        square: usize,
    },
    /// An eligible landing on an unowned site that the player bought.
    Bought {
        square: usize,
    },
    /// An eligible landing on the player's own site: free.
    OwnSite {
        square: usize,
    },
    /// The owner is in the SP Hole: the service is free.
    FairGame {
        square: usize,
    },
    Correction,
}

/// Remarks with no effect on the state, so the table knows why nothing happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Note {
    JustVisiting {
        player: usize,
    },
    FreeRest {
        player: usize,
        square: usize,
    },
    NoRentMortgaged {
        square: usize,
    },
    OwnSquare {
        player: usize,
        square: usize,
    },
    BankKeeps {
        square: usize,
    },
    BankKeepsBuilding,
    RollAgain {
        player: usize,
    },
    ClaimLapsed {
        square: usize,
    },
    TurnOver {
        player: usize,
    },
    /// The site cannot deliver the player's next status: nothing paid, nothing gained.
    Ineligible {
        player: usize,
        square: usize,
        cap: u8,
    },
    /// The owner is jailed and does not collect (SP Hole): the service is free.
    FreeService {
        square: usize,
    },
    /// A repairs card drawn by a player with no buildings: nothing is paid, and a payment of
    /// nothing has no line of its own.
    NothingToRepair {
        player: usize,
    },
    /// A player declines to buy the square offered (to auction, or to the other of two).
    Declined {
        player: usize,
        square: usize,
    },
    /// A declined offer in a two-player game leaves the square unsold.
    Unsold {
        square: usize,
    },
    /// A player's answer in a possible building shortage.
    Wish {
        player: usize,
        count: u8,
    },
    /// Everyone answered: the buildings wanted against the bank's supply.
    Shortage {
        wanted: i64,
        supply: i64,
        hotel: bool,
    },
    /// A received mortgaged square is kept mortgaged with no fee now (suetology).
    KeptMortgaged {
        player: usize,
        square: usize,
    },
    /// A debt more than the debtor's net worth, which makes them bankrupt at once (suetology:
    /// Bankruptcy ¶1): what it was for, so the table sees why.
    BeyondWorth {
        debtor: usize,
        creditor: Option<usize>,
        amount: i64,
        worth: i64,
        why: Why,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    FirstRoll {
        player: usize,
        dice: Dice,
    },
    FirstRollTie {
        players: SeatList,
        total: u8,
    },
    TurnStarts {
        player: usize,
    },
    Rolled {
        player: usize,
        dice: Dice,
        again: bool,
    },
    /// Dice rolled for something other than a move (a card's utility rent).
    ChanceRoll {
        player: usize,
        dice: Dice,
    },
    Moved {
        player: usize,
        from: usize,
        to: usize,
        how: How,
    },
    Paid {
        from: Account,
        to: Account,
        amount: i64,
        why: Why,
    },
    Owner {
        square: usize,
        owner: Option<usize>,
    },
    Mortgage {
        square: usize,
        on: bool,
    },
    Level {
        square: usize,
        from: u8,
        to: u8,
    },
    JailIn {
        player: usize,
        why: JailWhy,
    },
    JailAttempt {
        player: usize,
        attempts: u8,
    },
    JailOut {
        player: usize,
        how: JailExit,
    },
    CardDrawn {
        player: usize,
        deck: usize,
        card: u16,
    },
    CardKept {
        player: usize,
        deck: usize,
        card: u16,
    },
    CardReturned {
        deck: usize,
        card: u16,
    },
    CardUsed {
        player: usize,
        deck: usize,
        card: u16,
    },
    CardGiven {
        from: usize,
        to: usize,
        deck: usize,
        card: u16,
    },
    Bid {
        player: usize,
        amount: i64,
    },
    Passed {
        player: usize,
    },
    Await {
        pending: Pending,
    },
    Update {
        pending: Pending,
    },
    Done,
    /// A pending decision voided (its player went bankrupt), by position in the stack.
    Dropped {
        index: usize,
    },
    ClaimOpen {
        claim: Claim,
    },
    ClaimClosed {
        index: usize,
    },
    Bankrupt {
        player: usize,
        creditor: Option<usize>,
    },
    Worth {
        player: usize,
        worth: i64,
    },
    Status {
        player: usize,
        status: u8,
        why: StatusWhy,
    },
    Winner {
        player: usize,
    },
    /// The game ends with these players sharing the win (equal worth at time-up).
    Tie {
        players: SeatList,
    },
    Note(Note),
}

/// Apply one event to the state. No rule logic: every decision was taken in `decide`.
#[inline(always)]
pub fn apply(rules: &Ruleset, s: &mut State, e: &Event) {
    // The events of nearly every turn here, the rest in `apply_other`: this runs for every
    // event the simulator plays, and is inlined where each event is made (`Table::emit`), so
    // there it is only the arm for that event.
    match e {
        Event::TurnStarts { player } => {
            s.current = *player;
            s.turn = Default::default();
            s.turns += 1;
        }
        Event::Rolled { dice, again, .. } => {
            s.turn.rolled = true;
            s.turn.last_roll = Some(*dice);
            s.turn.doubles = if dice.is_double() {
                s.turn.doubles + 1
            } else {
                0
            };
            s.turn.roll_again = *again;
        }
        Event::Moved { player, to, .. } => s.players[*player].position = *to,
        Event::Paid {
            from, to, amount, ..
        } => s.ledger.transfer(*from, *to, *amount),
        Event::Note(_) | Event::ChanceRoll { .. } | Event::Worth { .. } => {}
        // Small, and made at a few places each: here each place is left its own arm, not a
        // shared jump on the kind of event.
        Event::Await { pending } => s.pending.push(pending.clone()),
        Event::Done => {
            s.pending.pop();
        }
        Event::CardDrawn { deck, card, .. } => {
            s.decks[*deck].take(*card);
        }
        Event::CardReturned { deck, card } => s.decks[*deck].put_bottom(*card),
        Event::JailAttempt { player, attempts } => s.players[*player].jail = Some(*attempts),
        Event::JailOut { player, .. } => s.players[*player].jail = None,
        _ => apply_other(rules, s, e),
    }
}

/// `State::levels` after a change on `square`.
fn refresh_group_of(rules: &Ruleset, s: &mut State, square: usize) {
    if let Some(g) = rules.squares[square].group() {
        // The owner is read from `whole` when asked (`group_now`), not kept twice.
        s.levels[g] = GroupNow {
            owner: None,
            ..s.group_from_squares(rules, g)
        };
    }
}

/// `apply` for the events most turns have none of.
#[inline(never)]
fn apply_other(rules: &Ruleset, s: &mut State, e: &Event) {
    match e {
        Event::FirstRoll { player, dice } => {
            if let Some(Pending::FirstRoll { rolls, .. }) = s.pending.last_mut() {
                rolls[*player] = Some(dice.total());
            }
        }
        Event::FirstRollTie { players, .. } => {
            if let Some(Pending::FirstRoll { contenders, rolls }) = s.pending.last_mut() {
                for (p, c) in contenders.iter_mut().enumerate() {
                    *c = players.contains(&p);
                }
                rolls.iter_mut().for_each(|r| *r = None);
            }
        }
        Event::Owner { square, owner } => {
            let group = rules.squares[*square].group();
            if let Some(before) = s.squares[*square].owner {
                s.holdings[before].remove(*square);
                if let Some(g) = group {
                    s.owned_in[g][before] = s.owned_in[g][before].saturating_sub(1);
                }
            }
            if let Some(after) = *owner {
                s.holdings[after].insert(*square);
                if let Some(g) = group {
                    s.owned_in[g][after] = s.owned_in[g][after].saturating_add(1);
                }
            }
            s.squares[*square].owner = *owner;
            if let Some(g) = group {
                // Owned whole when the new owner now holds every member (`owned_in`).
                let size = rules.groups[g].members.len();
                let now = owner.filter(|&a| usize::from(s.owned_in[g][a]) == size);
                if let Some(was) = s.whole[g] {
                    s.wholes[was] = s.wholes[was].saturating_sub(1);
                }
                if let Some(is) = now {
                    s.wholes[is] = s.wholes[is].saturating_add(1);
                }
                s.whole[g] = now;
            }
        }
        Event::Mortgage { square, on } => {
            s.squares[*square].mortgaged = *on;
            if *on {
                s.mortgaged.insert(*square);
                s.turn.mortgaged.insert(*square);
            } else {
                s.mortgaged.remove(*square);
            }
            refresh_group_of(rules, s, *square);
        }
        Event::Level { square, from, to } => {
            let (h0, t0) = level_buildings(*from);
            let (h1, t1) = level_buildings(*to);
            s.houses += h0 - h1;
            s.hotels += t0 - t1;
            s.squares[*square].level = *to;
            refresh_group_of(rules, s, *square);
        }
        Event::JailIn { player, .. } => {
            s.players[*player].position = jail_square(s);
            s.players[*player].jail = Some(0);
            if *player == s.current {
                s.turn.roll_again = false;
                s.turn.doubles = 0;
            }
        }
        Event::CardKept { player, deck, card } => s.players[*player].cards.push((*deck, *card)),
        Event::CardUsed { player, deck, card } => remove_card(s, *player, *deck, *card),
        Event::CardGiven {
            from,
            to,
            deck,
            card,
        } => {
            remove_card(s, *from, *deck, *card);
            s.players[*to].cards.push((*deck, *card));
        }
        Event::Bid { player, amount } => {
            if let Some(Pending::Auction(a)) = s.pending.last_mut() {
                a.high = Some((*player, *amount));
            }
        }
        Event::Passed { player } => {
            if let Some(Pending::Auction(a)) = s.pending.last_mut() {
                a.open[*player] = false;
            }
        }
        Event::Update { pending } => {
            if let Some(top) = s.pending.last_mut() {
                *top = pending.clone();
            }
        }
        Event::Dropped { index } => {
            s.pending.remove(*index);
        }
        Event::ClaimOpen { claim } => s.claims.push(claim.clone()),
        Event::ClaimClosed { index } => {
            s.claims.remove(*index);
        }
        Event::Bankrupt { player, .. } => {
            let p = &mut s.players[*player];
            p.bankrupt = true;
            p.jail = None;
            for a in s.pending.iter_mut() {
                if let Pending::Auction(a) = a {
                    a.open[*player] = false;
                }
            }
        }
        Event::Status { player, status, .. } => {
            s.players[*player].status = *status;
            s.status_lead.0.see(&s.players);
        }
        Event::Winner { player } => {
            s.winner = Some(*player);
            s.over = true;
        }
        Event::Tie { players } => {
            s.tied = players.to_vec();
            s.over = true;
        }
        // Applied by `apply` itself.
        Event::TurnStarts { .. }
        | Event::Rolled { .. }
        | Event::Moved { .. }
        | Event::Paid { .. }
        | Event::Note(_)
        | Event::ChanceRoll { .. }
        | Event::Worth { .. }
        | Event::Await { .. }
        | Event::Done
        | Event::CardDrawn { .. }
        | Event::CardReturned { .. }
        | Event::JailAttempt { .. }
        | Event::JailOut { .. } => apply(rules, s, e),
    }
}

/// The jail square is the one players are sent to; the state keeps it for `apply`.
fn jail_square(s: &State) -> usize {
    s.jail
}

fn remove_card(s: &mut State, player: usize, deck: usize, card: u16) {
    let cards = &mut s.players[player].cards;
    if let Some(i) = cards.iter().position(|&c| c == (deck, card)) {
        cards.remove(i);
    }
}
