//! Illuminati's state: every card's place (deck, uncontrolled, in a power structure, dead) and
//! treasury, the players with their specials and secret goals, the turn's counters, the
//! attack being worked out, and the snapshots that retroactive specials go back to.

use serde::{Deserialize, Serialize};
use std::sync::Arc;

use super::places::{Places, Set};
use super::rules::{AlignmentList, Kind};
use boardside_engine::game::Aside;
use boardside_engine::inline::Inline;

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
    /// transferable, income. Held small (the correction allows 0-100 and -20 to 100): every
    /// card state is copied with the state (`execute`'s copy, a special's snapshot).
    pub stats: Option<(i16, i16, i16)>,
    /// How many cards this one holds by its outward arrows, kept by `apply` as cards are
    /// placed (open arrows are read for every attack considered: no pass over the cards).
    #[serde(default)]
    pub puppets: u8,
}

impl CardState {
    /// In player `p`'s power structure? (The status first: most cards are in the deck, and
    /// every structure is found by asking each card.)
    pub(crate) fn in_structure_of(&self, p: usize) -> bool {
        self.status == Status::Controlled && self.owner == Some(p)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Shared, not copied, with the state's copies (one before every attack roll).
    pub name: Arc<str>,
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
    pub market_used: bool,
}

/// Most players at a table (illuminati: 2 to 8).
pub const MOST_PLAYERS: usize = 8;

/// An amount for each player, held in place (an attack's interference and assistance: the
/// attack is copied on every spend); saved as a plain list.
pub type PerPlayer = Inline<i64, MOST_PLAYERS>;

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
    pub interfere: PerPlayer,
    pub assist: PerPlayer,
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
    /// Income paid this turn, per card, in order (a negative income as paid by its payer): the
    /// device lists it, the Senate Investigating Committee takes the gains back. Kept by
    /// `apply` from the income payments themselves, so no event carries a list (a turn's state
    /// is an event on every change).
    #[serde(default)]
    pub income: Vec<(usize, i64)>,
    pub attack: Option<Attack>,
    /// The state just before the last roll was resolved (Assassination, Murphy's Law), kept
    /// as what has changed since (`BeforeRoll`).
    pub before_roll: Option<Box<BeforeRoll>>,
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
    /// The I.R.S. taxes the whole structure (`IlluOptions::tax_from_structure`).
    #[serde(default)]
    pub tax_from_structure: bool,
    /// Actions wait for the turn's draw (`IlluOptions::draw_first`).
    #[serde(default)]
    pub draw_first: bool,
    /// A special used takes the pass away (`IlluOptions::strict_pass`).
    #[serde(default)]
    pub strict_pass: bool,
    /// No attack to neutralize an uncontrolled group
    /// (`IlluOptions::neutralize_controlled_only`).
    #[serde(default)]
    pub neutralize_controlled_only: bool,
    /// Which cards are where, kept by `apply` with the cards' places (derived from `cards`:
    /// never saved; the invariants check it).
    #[serde(skip)]
    pub places: Places,
    /// What `apply` notes for the victory watch and simulate (`Watch`).
    #[serde(skip)]
    pub watch: Aside<Watch>,
    /// While a command is carried out: each card it changed, as it was (`CardLog`).
    #[serde(skip)]
    pub undo: Aside<CardLog>,
}

/// The way back from a refused command for the cards: `execute_into` keeps a copy of the rest
/// of the state, and `apply` notes here each card as it was at its first change in the
/// command (`on`), so a refusal puts back the few cards changed instead of every card being
/// copied before every command.
#[derive(Debug, Clone, Default)]
pub struct CardLog {
    pub on: bool,
    pub changed: Vec<(usize, CardState)>,
}

impl CardLog {
    /// Card `c`, as it is now, is about to change: noted unless it changed already.
    #[inline]
    pub fn note(&mut self, c: usize, card: &CardState) {
        note_first(&mut self.changed, c, card);
    }

    /// Every card, about to change at once (a snapshot put back).
    pub fn note_all(&mut self, cards: &[CardState]) {
        for (c, card) in cards.iter().enumerate() {
            self.note(c, card);
        }
    }
}

/// Card `c` as it was before its first change since `changed` was begun (a roll kept, a
/// command carried out): later changes keep the first note.
#[inline]
fn note_first(changed: &mut Vec<(usize, CardState)>, c: usize, card: &CardState) {
    if !changed.iter().any(|&(k, _)| k == c) {
        changed.push((c, *card));
    }
}

/// `s` put back as it was when `rest` (all but its cards) was kept and `changed` begun: each
/// card noted as it was, the rest copied over.
pub(crate) fn put_back(rest: &State, changed: &[(usize, CardState)], s: &mut State) {
    for &(c, was) in changed {
        if let Some(card) = s.cards.get_mut(c) {
            *card = was;
        }
    }
    let cards = std::mem::take(&mut s.cards);
    rest.copy_parts_into(s, false);
    s.cards = cards;
}

/// Noted by `Family::apply` as each event is applied: the players whose goals the command's
/// events touched (`victory::players_touched`, a bit per seat, cleared before each command),
/// and the turns begun so far. The watch reads the first instead of every event (listing an
/// Illuminati event copies an attack's worth of bytes), simulate the second.
#[derive(Debug, Clone, Copy, Default)]
pub struct Watch {
    pub touched: u16,
    pub turns: u64,
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
    pub(crate) fn structure_iter(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.places.iter(Set::Of(p))
    }
    /// Is card `c` in player `p`'s power structure?
    pub(crate) fn in_structure(&self, c: usize, p: usize) -> bool {
        self.cards[c].in_structure_of(p)
    }
    /// A copy to keep for a retroactive special (Secrets Man), without its own snapshots. Made
    /// in the buffers of the last snapshot let go (`release`), when nothing else holds it.
    pub fn snapshot(&self) -> Arc<State> {
        if let Some(mut spare) = SPARE.take() {
            if let Some(s) = Arc::get_mut(&mut spare) {
                self.copy_into(s);
                s.before_roll = None;
                s.before_special = None;
                return spare;
            }
        }
        let mut s = self.clone();
        s.before_roll = None;
        s.before_special = None;
        Arc::new(s)
    }

    /// Let go of a snapshot no longer kept: the next one reuses its buffers.
    pub fn release(snapshot: Option<Arc<State>>) {
        if let Some(s) = snapshot {
            if Arc::strong_count(&s) == 1 {
                SPARE.set(Some(s));
            }
        }
    }
}

thread_local! {
    /// The last snapshot let go, kept for its buffers (one per thread: simulate's games run on
    /// several).
    static SPARE: std::cell::RefCell<Option<Arc<State>>> = const { std::cell::RefCell::new(None) };
    /// The same for the state kept before a roll (`BeforeRoll`).
    static SPARE_ROLL: std::cell::RefCell<Option<Box<BeforeRoll>>> =
        const { std::cell::RefCell::new(None) };
}

/// The state before an attack's roll, for Assassination and Murphy's Law to go back to
/// (illuminati: specials). An attack changes a handful of the hundred cards, so the cards are
/// not copied before the roll: `apply` notes each card as it was at its first change since
/// (`note`), and the rest of the state, small, is copied whole. Copying every card before
/// every roll a hand could rework was a sixth of Illuminati's random play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BeforeRoll {
    /// The state then, all but its cards (left empty) and without snapshots of its own.
    rest: State,
    /// Each card changed since, as it was then.
    changed: Vec<(usize, CardState)>,
}

impl BeforeRoll {
    /// Keep the state as it is now (in the buffers of the last one let go, when there is one).
    pub fn keep(s: &State) -> Box<BeforeRoll> {
        let mut kept = match SPARE_ROLL.take() {
            Some(mut spare) => {
                s.copy_parts_into(&mut spare.rest, false);
                spare.changed.clear();
                spare
            }
            None => Box::new(BeforeRoll {
                rest: State {
                    cards: Vec::new(),
                    ..s.clone()
                },
                changed: Vec::new(),
            }),
        };
        kept.rest.before_roll = None;
        kept.rest.before_special = None;
        kept
    }

    /// Card `c`, as it is now, is about to change: noted unless it changed already.
    pub fn note(&mut self, c: usize, card: &CardState) {
        note_first(&mut self.changed, c, card);
    }

    /// Put `s` back as it was when kept; what is kept then says "nothing changed since".
    pub fn restore(&mut self, s: &mut State) {
        put_back(&self.rest, &self.changed, s);
        self.changed.clear();
    }

    /// Let go of what was kept: the next `keep` reuses its buffers.
    pub fn release(kept: Option<Box<BeforeRoll>>) {
        if kept.is_some() {
            SPARE_ROLL.set(kept);
        }
    }
}

// --- Copying a state into an earlier copy ----------------------------------------------------
// `execute` keeps a copy of the state before every command, to put back on a refusal. Copying
// into the copy kept last time reuses its buffers, so a game in progress allocates nothing for
// it. Each struct is taken apart whole, so a field added later cannot be missed.

impl State {
    /// Make `to` equal to this state, reusing `to`'s buffers.
    pub fn copy_into(&self, to: &mut State) {
        self.copy_parts_into(to, true);
    }

    /// `copy_into`, with the cards or (for `BeforeRoll`) leaving `to`'s cards empty.
    pub(crate) fn copy_parts_into(&self, to: &mut State, with_cards: bool) {
        let State {
            phase,
            players,
            cards,
            bank,
            current,
            turn,
            income,
            attack,
            before_roll,
            before_special,
            winner,
            won_by,
            illuminati_card_counts,
            alignment_once,
            orphans_to_master,
            neutralize_needs_arrow,
            listed_order,
            tax_from_structure,
            draw_first,
            strict_pass,
            neutralize_controlled_only,
            places,
            watch,
            // The log is the live state's own, never another's.
            undo: _,
        } = self;
        to.players.truncate(players.len());
        for (i, p) in players.iter().enumerate() {
            match to.players.get_mut(i) {
                Some(q) => p.copy_into(q),
                None => to.players.push(p.clone()),
            }
        }
        if with_cards {
            to.cards.clone_from(cards);
        } else {
            to.cards.clear();
        }
        to.turn.clone_from(turn);
        to.income.clone_from(income);
        match (attack, &mut to.attack) {
            (Some(a), Some(b)) => a.copy_into(b),
            (a, b) => *b = a.clone(),
        }
        to.won_by.clone_from(won_by);
        to.phase = *phase;
        to.bank = *bank;
        to.current = *current;
        to.before_roll.clone_from(before_roll);
        to.before_special.clone_from(before_special);
        to.winner = *winner;
        to.illuminati_card_counts = *illuminati_card_counts;
        to.alignment_once = *alignment_once;
        to.orphans_to_master = *orphans_to_master;
        to.neutralize_needs_arrow = *neutralize_needs_arrow;
        to.listed_order = *listed_order;
        to.tax_from_structure = *tax_from_structure;
        to.draw_first = *draw_first;
        to.strict_pass = *strict_pass;
        to.neutralize_controlled_only = *neutralize_controlled_only;
        to.places.clone_from(places);
        to.watch = *watch;
    }
}

impl Player {
    fn copy_into(&self, to: &mut Player) {
        let Player {
            name,
            illuminati,
            specials,
            eliminated,
            goal,
            destroyed,
        } = self;
        // The same shared name is left alone (two counter updates saved on every copy).
        if !Arc::ptr_eq(&to.name, name) {
            to.name.clone_from(name);
        }
        to.specials.clone_from(specials);
        to.illuminati = *illuminati;
        to.eliminated = *eliminated;
        to.goal = *goal;
        to.destroyed = *destroyed;
    }
}

impl Attack {
    pub(crate) fn copy_into(&self, to: &mut Attack) {
        let Attack {
            kind,
            player,
            attacker,
            target,
            aid,
            attacker_mb,
            group_mb,
            defender_mb,
            interfere,
            assist,
            privileged,
            abolished,
            interference_cards,
            committed,
        } = self;
        to.aid.clone_from(aid);
        to.interfere.clone_from(interfere);
        to.assist.clone_from(assist);
        to.interference_cards.clone_from(interference_cards);
        to.kind = *kind;
        to.player = *player;
        to.attacker = *attacker;
        to.target = *target;
        to.attacker_mb = *attacker_mb;
        to.group_mb = *group_mb;
        to.defender_mb = *defender_mb;
        to.privileged = *privileged;
        to.abolished = *abolished;
        to.committed = *committed;
    }
}
