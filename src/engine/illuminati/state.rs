//! Illuminati's state: every card's place (deck, uncontrolled, in a power structure, dead) and
//! treasury, the players with their specials and secret goals, the turn's counters, the
//! attack being worked out, and the snapshots that retroactive specials go back to.

use serde::{Deserialize, Serialize};
use std::sync::Arc;

use super::rules::{AlignmentList, Kind};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not drawn yet (an Illuminati nobody chose).
    Deck,
    Uncontrolled,
    Controlled,
    Dead,
}

impl Status {
    pub fn word(self) -> &'static str {
        match self {
            Status::Deck => "deck",
            Status::Uncontrolled => "uncontrolled",
            Status::Controlled => "controlled",
            Status::Dead => "dead",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardState {
    pub status: Status,
    pub owner: Option<usize>,
    /// The card whose outward arrow holds this one (None for an Illuminati or off-structure).
    pub master: Option<usize>,
    pub treasury: i64,
    /// Outward control arrows, when known (Illuminati 4; groups once the table says).
    pub arrows: Option<u8>,
    /// Alignments for this turn only (the Orbital Mind Control Lasers).
    pub alignments: Option<AlignmentList>,
    /// Numbers entered by the table for an Illuminati the data does not know: power,
    /// transferable, income.
    pub stats: Option<(i64, i64, i64)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub illuminati: Option<usize>,
    /// Specials in hand: known by id, or None when the device was not told which.
    pub specials: Vec<Option<usize>>,
    pub eliminated: bool,
    /// The UFOs' secret goal: the Illuminati whose special goal they chose.
    pub goal: Option<usize>,
    /// Groups this player's power structure destroyed, and Illuminati it eliminated.
    pub destroyed: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Turn {
    pub draws_left: u8,
    pub actions_left: u8,
    pub transfers_left: u8,
    /// Anything done this turn (passing is only for a turn with nothing done).
    pub acted: bool,
    /// Attacks the Illuminati card took part in (the UFOs may take part in two).
    pub illuminati_attacks: u8,
    pub privilege_used: bool,
    /// A failed first attack: the same target may be attacked again as the second action.
    pub failed_target: Option<usize>,
    pub laser_used: bool,
    /// White Collar Crime: money moves freely for the rest of the turn.
    pub free_money: bool,
    /// Just captured (attacker, target): a transfer between them is part of the attack.
    pub capture: Option<(usize, usize)>,
    /// Income collected this turn, per card (Senate Investigating Committee takes it back).
    pub income: Vec<(usize, i64)>,
    pub market_used: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    pub kind: Kind,
    pub player: usize,
    pub attacker: usize,
    pub target: usize,
    pub aid: Vec<usize>,
    /// MB spent by the attacker, the defending group, the defending Illuminati.
    pub attacker_mb: i64,
    pub group_mb: i64,
    pub defender_mb: i64,
    /// Per player: MB to interfere (-1) and to assist (+1).
    pub interfere: Vec<i64>,
    pub assist: Vec<i64>,
    pub privileged: bool,
    /// Privilege abolished: it cannot come back for this attack.
    pub abolished: bool,
    /// Players who played Interference on this privileged attack.
    pub interference_cards: Vec<usize>,
    /// Counted as one of the turn's actions (money spent, or dice rolled).
    pub committed: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Setup,
    Turn,
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub phase: Phase,
    pub players: Vec<Player>,
    pub cards: Vec<CardState>,
    /// The bank: the money it has issued is negative, so the bank and every treasury sum to 0.
    pub bank: i64,
    pub current: usize,
    pub turn: Turn,
    pub attack: Option<Attack>,
    /// The state just before the last roll was resolved (Assassination, Murphy's Law).
    /// Shared, not copied, when the state is copied (every command keeps a copy to put back
    /// on a refusal).
    pub before_roll: Option<Arc<State>>,
    /// The state before the last special took effect, who played it and which (Secrets Man).
    pub before_special: Option<(usize, Option<usize>, Arc<State>)>,
    pub winner: Option<usize>,
    /// Why the winner won, in words.
    pub won_by: Option<String>,
    pub illuminati_card_counts: bool,
    pub alignment_once: bool,
    pub orphans_to_master: bool,
    pub neutralize_needs_arrow: bool,
    pub listed_order: bool,
}

impl State {
    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
    }
    /// The cards of a player's power structure, their Illuminati first.
    pub fn structure(&self, p: usize) -> Vec<usize> {
        self.structure_iter(p).collect()
    }
    /// `structure`, one by one.
    pub fn structure_iter(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.cards.len()).filter(move |&c| {
            self.cards[c].owner == Some(p) && self.cards[c].status == Status::Controlled
        })
    }
    /// A copy to keep for a retroactive special, without its own snapshots.
    pub fn snapshot(&self) -> Arc<State> {
        let mut s = self.clone();
        s.before_roll = None;
        s.before_special = None;
        Arc::new(s)
    }
}
