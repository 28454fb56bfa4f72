//! Illuminati's events, each carrying its working, and `apply`, the only code that changes
//! the state. Money moves between the bank and card treasuries, always naming both sides.

use serde::{Deserialize, Serialize};

use super::rules::{Alignment, AlignmentList};
use super::state::{Attack, BeforeRoll, CardState, Phase, State, Status, Turn};

/// Which kept state a retroactive special goes back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Snapshot {
    Roll,
    Special,
}

/// Where money is: the bank or a card's treasury (a player's Illuminati treasury is its card's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purse {
    Bank,
    Card(usize),
}

/// Who money spent in an attack was spent as: written as the words saves have always held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    #[serde(rename = "attacker")]
    Attacker,
    #[serde(rename = "defending group")]
    DefendingGroup,
    #[serde(rename = "defending Illuminati")]
    DefendingIlluminati,
    #[serde(rename = "assist")]
    Assist,
    #[serde(rename = "interfere")]
    Interfere,
    #[serde(rename = "privilege")]
    Privilege,
}

impl Role {
    pub fn word(self) -> &'static str {
        match self {
            Role::Attacker => "attacker",
            Role::DefendingGroup => "defending group",
            Role::DefendingIlluminati => "defending Illuminati",
            Role::Assist => "assist",
            Role::Interfere => "interfere",
            Role::Privilege => "privilege",
        }
    }
}

/// Why money moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    Start,
    Income,
    Tax {
        by: usize,
    },
    Pass,
    Transfer,
    Gift,
    /// Spent in the attack, by (player, role).
    Spent {
        player: usize,
        role: Role,
    },
    /// Half a captured treasury follows the group; the rest goes to the bank.
    Capture,
    /// A neutralized, destroyed or dropped group's treasury goes to the bank.
    Lost,
    Special {
        special: usize,
    },
    ExtraDraw,
    TakenBack,
    Correction,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Chose {
        player: usize,
        card: usize,
    },
    /// The UFOs' secret goal (shown to that player alone).
    Goal {
        player: usize,
        card: usize,
    },
    /// A card's place: status, owner and master.
    Place {
        card: usize,
        status: Status,
        owner: Option<usize>,
        master: Option<usize>,
    },
    Money {
        from: Purse,
        to: Purse,
        amount: i64,
        why: Why,
    },
    Phase {
        phase: Phase,
    },
    TurnStarts {
        player: usize,
    },
    /// The turn's counters, as they are now.
    TurnState {
        turn: Turn,
    },
    /// A special drawn into a hand (None: the device was not told which).
    Drew {
        player: usize,
        special: Option<usize>,
    },
    /// A special passes from one hand to another (named, or one the device does not know).
    GaveSpecial {
        from: usize,
        to: usize,
        special: Option<usize>,
    },
    /// A special leaves a hand (played or discarded).
    Discard {
        player: usize,
        special: Option<usize>,
        played: bool,
    },
    /// The attack as it now stands (None: it ended).
    Attack {
        attack: Option<Attack>,
    },
    /// The dice and what they meant.
    Rolled {
        dice: (u8, u8),
        total: u8,
        need: i64,
        success: bool,
    },
    /// A retroactive special: the state goes back to the snapshot kept before the roll or
    /// before the last special; `hands`, when given, are kept as they are now (a reworked roll
    /// does not give back the cards played since).
    Restore {
        to: Snapshot,
        hands: Option<Vec<Vec<Option<usize>>>>,
    },
    /// Keep (or forget) the state as it is now, for Assassination and Murphy's Law. The
    /// state is kept from the state itself by `apply` (`BeforeRoll`), so the journal stays small.
    KeepBeforeRoll {
        on: bool,
    },
    /// Keep the state as it is now, before this player's special takes effect (or forget it).
    KeepBeforeSpecial {
        keep: Option<(usize, Option<usize>)>,
    },
    Destroyed {
        player: usize,
    },
    Eliminated {
        player: usize,
    },
    Arrows {
        card: usize,
        arrows: u8,
    },
    Alignments {
        card: usize,
        alignments: Option<Vec<Alignment>>,
    },
    Stats {
        card: usize,
        stats: (i64, i64, i64),
    },
    SetTurn {
        player: usize,
    },
    /// Words for one audience only (Computer Espionage), or remarks with no effect.
    Note {
        to: Option<usize>,
        text: String,
    },
    Winner {
        player: usize,
        why: String,
    },
}

/// Card `c`, to be changed: noted as it is first while a roll may be reworked (`BeforeRoll`).
/// Every change of a card in `apply` goes through here (a turn's start, which clears every
/// card's alignments, notes them the same way in one pass).
#[inline(always)]
fn card_mut(s: &mut State, c: usize) -> &mut CardState {
    if let Some(kept) = &mut s.before_roll {
        kept.note(c, &s.cards[c]);
    }
    if s.undo.0.on {
        s.undo.0.note(c, &s.cards[c]);
    }
    &mut s.cards[c]
}

fn purse(s: &mut State, p: Purse) -> &mut i64 {
    match p {
        Purse::Bank => &mut s.bank,
        Purse::Card(c) => &mut card_mut(s, c).treasury,
    }
}

/// A controlled card with a master is one of its master's puppets: count it in (`by` 1) or out
/// (-1) around a change of place.
fn hold(s: &mut State, card: usize, by: i8) {
    let c = &s.cards[card];
    if let (Status::Controlled, Some(m)) = (c.status, c.master) {
        let n = &mut card_mut(s, m).puppets;
        *n = n.saturating_add_signed(by);
    }
}

/// Change a card's place (`place`), keeping what is kept beside the cards in step: its
/// master's count of puppets, and which cards are where (`State::places`).
#[inline(always)]
fn replace(s: &mut State, card: usize, place: impl FnOnce(&mut CardState)) {
    hold(s, card, -1);
    s.places.put(card, &s.cards[card], false);
    place(card_mut(s, card));
    s.places.put(card, &s.cards[card], true);
    hold(s, card, 1);
}

#[inline(always)]
pub fn apply(s: &mut State, e: &Event) {
    // Money, placing and the turn's state, the events of nearly every command, here; the
    // rest in `apply_other`. Inlined where each event is made (`Table::emit`), this is there
    // only the arm for that event.
    match e {
        Event::Place {
            card,
            status,
            owner,
            master,
        } => {
            replace(s, *card, |c| {
                c.status = *status;
                c.owner = *owner;
                c.master = *master;
            });
        }
        Event::Money {
            from,
            to,
            amount,
            why,
        } => {
            let f = purse(s, *from);
            *f = f.saturating_sub(*amount);
            let t = purse(s, *to);
            *t = t.saturating_add(*amount);
            // The turn's income as the device lists it: a negative income (the Post Office)
            // as what its payer lost.
            match (why, from, to) {
                (Why::Income, Purse::Bank, Purse::Card(c)) => s.income.push((*c, *amount)),
                (Why::Income, Purse::Card(c), Purse::Bank) => s.income.push((*c, -*amount)),
                _ => {}
            }
        }
        Event::TurnState { turn } => s.turn = turn.clone(),
        Event::Rolled { .. } | Event::Note { .. } => {}
        _ => apply_other(s, e),
    }
}

/// `apply` for the other events.
#[inline(never)]
fn apply_other(s: &mut State, e: &Event) {
    match e {
        Event::GaveSpecial { from, to, special } => {
            let hand = &mut s.players[*from].specials;
            // The named special if known; else an unknown one.
            let at = hand
                .iter()
                .position(|h| h == special)
                .or_else(|| hand.iter().position(|h| h.is_none()));
            let given = at.map(|i| hand.remove(i)).unwrap_or(*special);
            s.players[*to].specials.push(given);
        }
        Event::Chose { player, card } => {
            s.players[*player].illuminati = Some(*card);
            replace(s, *card, |c| {
                c.status = Status::Controlled;
                c.owner = Some(*player);
                c.master = None;
                c.arrows = Some(4);
            });
        }
        Event::Goal { player, card } => s.players[*player].goal = Some(*card),
        Event::Phase { phase } => s.phase = *phase,
        Event::TurnStarts { player } => {
            s.current = *player;
            s.income.clear();
            // The Lasers' alignments last the turn; a card they changed is noted first while a
            // roll may be reworked (never at a turn's start in play: any command but the
            // specials that rework it lets the roll go).
            // Only a turn that used the Lasers leaves an alignment changed (the invariants
            // check it; the turn's state is still the turn before's here): other turns start
            // without a pass over every card.
            if s.turn.laser_used {
                // Noted for a roll kept and for a refusal later in the command alike.
                for (c, card) in s.cards.iter().enumerate() {
                    if card.alignments.is_some() {
                        if let Some(kept) = &mut s.before_roll {
                            kept.note(c, card);
                        }
                        if s.undo.0.on {
                            s.undo.0.note(c, card);
                        }
                    }
                }
                for c in s.cards.iter_mut() {
                    c.alignments = None;
                }
            }
        }
        Event::Drew { player, special } => s.players[*player].specials.push(*special),
        Event::Discard {
            player, special, ..
        } => {
            let hand = &mut s.players[*player].specials;
            // The named special if known; else an unknown one; else any.
            let at = hand
                .iter()
                .position(|h| h == special)
                .or_else(|| hand.iter().position(|h| h.is_none()))
                .or(if hand.is_empty() { None } else { Some(0) });
            if let Some(i) = at {
                hand.remove(i);
            }
        }
        // Written over the attack under way, its lists' buffers kept (an attack changes at
        // every step: money spent, the roll).
        Event::Attack { attack } => match (attack, &mut s.attack) {
            (Some(a), Some(now)) => a.copy_into(now),
            (a, now) => *now = a.clone(),
        },
        Event::Restore { to, hands } => {
            // Every card may change at once: all noted for a refusal later in the command,
            // and the log kept across a snapshot put back whole.
            let mut undo = std::mem::take(&mut s.undo);
            if undo.0.on {
                undo.0.note_all(&s.cards);
            }
            let mut roll = s.before_roll.take();
            let special = s.before_special.take();
            match to {
                Snapshot::Roll => {
                    if let Some(r) = &mut roll {
                        r.restore(s);
                    }
                }
                Snapshot::Special => {
                    if let Some((_, _, st)) = &special {
                        *s = (**st).clone();
                    }
                }
            }
            if *to == Snapshot::Roll {
                // The roll may be reworked again; the last special may still be cancelled.
                s.before_roll = roll;
                s.before_special = special;
            }
            if let Some(h) = hands {
                for (p, hand) in s.players.iter_mut().zip(h) {
                    p.specials = hand.clone();
                }
            }
            s.undo = undo;
        }
        Event::KeepBeforeRoll { on } => {
            BeforeRoll::release(s.before_roll.take());
            s.before_roll = on.then(|| BeforeRoll::keep(s));
        }
        Event::KeepBeforeSpecial { keep } => {
            State::release(s.before_special.take().map(|(_, _, kept)| kept));
            s.before_special = keep.map(|(p, k)| (p, k, s.snapshot()));
        }
        Event::Destroyed { player } => s.players[*player].destroyed += 1,
        Event::Eliminated { player } => s.players[*player].eliminated = true,
        Event::Arrows { card, arrows } => card_mut(s, *card).arrows = Some(*arrows),
        Event::Alignments { card, alignments } => {
            card_mut(s, *card).alignments = alignments.as_deref().map(AlignmentList::of)
        }
        Event::Stats { card, stats } => {
            // Within the correction's bounds, so never clamped in play.
            let small = |x: i64| x.clamp(i16::MIN.into(), i16::MAX.into()) as i16;
            card_mut(s, *card).stats = Some((small(stats.0), small(stats.1), small(stats.2)));
        }
        Event::SetTurn { player } => s.current = *player,
        Event::Winner { player, why } => {
            s.winner = Some(*player);
            s.won_by = Some(why.clone());
            s.phase = Phase::Over;
        }
        // Applied by `apply` itself.
        Event::Place { .. }
        | Event::Money { .. }
        | Event::TurnState { .. }
        | Event::Rolled { .. }
        | Event::Note { .. } => apply(s, e),
    }
}
