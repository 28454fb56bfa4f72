//! The victory watch (illuminati: Victory Conditions): each player's distance to the regular
//! goal and to their special goal, checked after every command. The UFOs' goal stays secret.

use std::fmt;

use super::event::{Event, Purse};
use super::places::Set;
use super::rules::{Alignment, AlignmentLanes, Goal, IlluRules};
use super::state::{Player, State, Status};
use super::structure::{power, transferable};

/// What a goal counts (its words only when shown: the watch runs after every command).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    Groups,
    Power,
    Transferable,
    Money,
    Aligned(Alignment),
    Alignments,
    Destroyed,
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Measure::Groups => f.write_str("groups"),
            Measure::Power => f.write_str("power"),
            Measure::Transferable => f.write_str("transferable power"),
            Measure::Money => f.write_str("MB"),
            Measure::Aligned(a) => write!(f, "{} groups", a.word()),
            Measure::Alignments => f.write_str("alignments"),
            Measure::Destroyed => f.write_str("destroyed"),
        }
    }
}

/// One goal: what it is, how far the player is, and what it takes.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub label: Measure,
    pub have: i64,
    pub need: i64,
    /// The UFOs' secret goal: never shown before it is met.
    pub secret: bool,
}

impl Progress {
    pub fn met(&self) -> bool {
        self.have >= self.need
    }
}

/// What a player's power structure adds up to, counted in one pass over the cards (the watch
/// runs after every command).
#[derive(Default)]
struct Tally {
    /// Groups, the Illuminati card not included.
    groups: i64,
    power: i64,
    transferable: i64,
    money: i64,
    /// Groups of each alignment, each group once per alignment.
    aligned: AlignmentLanes,
}

impl Tally {
    /// Player `p`'s tally, from the cards of their structure alone (`places`).
    fn of(r: &IlluRules, s: &State, p: usize) -> Tally {
        let mut t = Tally::default();
        for c in s.places.iter(Set::Of(p)) {
            t.add(r, s, c);
        }
        t
    }

    /// One card of the player's structure, added without a branch on what kind of card it is
    /// or how many alignments it has (which card comes next, the processor cannot guess).
    fn add(&mut self, r: &IlluRules, s: &State, c: usize) {
        self.power += power(r, s, c);
        self.transferable += transferable(r, s, c);
        self.money += s.cards[c].treasury;
        let group = !r.cards[c].illuminati;
        self.groups += group as i64;
        // The rules' lanes (an Illuminati's are zero), unless the Orbital Mind Control Lasers
        // changed the card's alignments this turn.
        let lanes = match &s.cards[c].alignments {
            None => r.alignment_lanes[c],
            Some(_) if !group => AlignmentLanes::default(),
            Some(changed) => AlignmentLanes::of(changed.as_slice()),
        };
        self.aligned.add(lanes);
    }

    fn aligned(&self, a: Alignment) -> i64 {
        self.aligned.count(a)
    }
}

fn special(r: &IlluRules, s: &State, p: usize, tally: &Tally, goal: &Goal) -> Option<Progress> {
    let ill = s.players[p].illuminati?;
    let goal_of = |label, have, need| Progress {
        label,
        have,
        need,
        secret: false,
    };
    Some(match goal {
        Goal::Power { total } => goal_of(Measure::Power, tally.power, *total),
        Goal::Transferable { total } => goal_of(Measure::Transferable, tally.transferable, *total),
        Goal::Money { total } => goal_of(Measure::Money, tally.money, *total),
        Goal::Alignment {
            alignment,
            count: n,
        } => goal_of(
            Measure::Aligned(*alignment),
            tally.aligned(*alignment),
            *n as i64,
        ),
        Goal::EveryAlignment => goal_of(
            Measure::Alignments,
            Alignment::ALL
                .iter()
                .filter(|&&a| tally.aligned(a) > 0)
                .count() as i64,
            Alignment::ALL.len() as i64,
        ),
        Goal::Destroyed { count: n } => {
            goal_of(Measure::Destroyed, s.players[p].destroyed as i64, *n as i64)
        }
        Goal::Secret => {
            let chosen = s.players[p].goal?;
            let g = r.cards[chosen].goal.as_ref()?;
            let mut pr = special(r, s, p, tally, g)?;
            pr.secret = true;
            pr
        }
        Goal::Regular { .. } => return None,
    })
    .filter(|_| ill < r.cards.len())
}

/// Every goal of a player: the regular one first, then the special one.
pub fn progress(r: &IlluRules, s: &State, p: usize) -> Vec<Progress> {
    goals(r, s, p, &Tally::of(r, s, p))
        .into_iter()
        .flatten()
        .collect()
}

/// `progress` without a list: the regular goal, then the special one.
fn goals(r: &IlluRules, s: &State, p: usize, tally: &Tally) -> [Option<Progress>; 2] {
    let Some(ill) = s.players[p].illuminati else {
        return [None, None];
    };
    let goal = r.cards[ill].goal.as_ref();
    let fewer = match goal {
        Some(Goal::Regular { fewer }) => *fewer,
        _ => 0,
    };
    let mut have = tally.groups;
    if s.illuminati_card_counts {
        have += 1;
    }
    let need = r.regular_goal(s.players.len()).saturating_sub(fewer) as i64;
    let regular = Progress {
        label: Measure::Groups,
        have,
        need,
        secret: false,
    };
    [Some(regular), goal.and_then(|g| special(r, s, p, tally, g))]
}

/// Could this event change what a goal counts, or who is still playing? The watch looks
/// again only after a command that did (drawing, declaring an attack or rolling a failure
/// changes nothing a goal counts). Money only matters when it reaches the structure of a
/// player who counts money: no goal was met before (the watch ran after every change), and
/// money leaving a structure meets none. Likewise a card only matters when it is placed in a
/// structure: one leaving a structure (neutralized, or a drawn group laid out uncontrolled)
/// only lowers what goals count; a destroyed one is counted by its own event. A new turn
/// matters only when `lasers_before`: the Orbital Mind Control Lasers had changed a group's
/// alignments when the command began (only in a turn that used them), and the new turn ends
/// that change.
pub fn may_change_goals(r: &IlluRules, s: &State, e: &Event, lasers_before: bool) -> bool {
    players_touched(r, s, e, lasers_before) != Players::NONE
}

/// Players, as one bit per seat (a table has at most 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Players(pub u16);

impl Players {
    pub const NONE: Players = Players(0);
    pub const ALL: Players = Players(u16::MAX);
    fn one(p: usize) -> Players {
        Players(1u16.checked_shl(p as u32).unwrap_or(0))
    }
    fn has(self, p: usize) -> bool {
        self.0 & Players::one(p).0 != 0
    }
    /// These players and those.
    pub fn with(self, other: Players) -> Players {
        Players(self.0 | other.0)
    }
}

/// `may_change_goals`, as whose goals the event can bring nearer: the watch then sums only
/// their structures (every goal counts the player's own structure and destroyed groups; the
/// others' tallies are as they were when the watch last found no goal met). Anything that may
/// touch everyone's goals, or who is still playing, is `Players::ALL`.
#[inline(always)]
pub fn players_touched(r: &IlluRules, s: &State, e: &Event, lasers_before: bool) -> Players {
    let all_if = |b: bool| if b { Players::ALL } else { Players::NONE };
    match e {
        Event::Money {
            from, to, amount, ..
        } => {
            let gains = if *amount >= 0 { to } else { from };
            match gains {
                Purse::Card(c) => s
                    .cards
                    .get(*c)
                    .filter(|card| card.status == Status::Controlled)
                    .and_then(|card| card.owner)
                    .filter(|&p| s.players.get(p).is_some_and(|p| counts_money(r, p)))
                    .map_or(Players::NONE, Players::one),
                Purse::Bank => Players::NONE,
            }
        }
        // The player whose structure it joins (a card without one is anyone's, to be safe).
        Event::Place { status, owner, .. } => match (status, owner) {
            (Status::Controlled, Some(p)) => Players::one(*p),
            (Status::Controlled, None) => Players::ALL,
            _ => Players::NONE,
        },
        Event::Destroyed { player } => Players::one(*player),
        // A new turn ends the Orbital Mind Control Lasers' alignments.
        Event::TurnStarts { .. } => all_if(lasers_before),
        Event::Chose { .. }
        | Event::Goal { .. }
        | Event::Phase { .. }
        | Event::Restore { .. }
        | Event::Eliminated { .. }
        | Event::Alignments { .. }
        | Event::Stats { .. }
        | Event::Winner { .. } => Players::ALL,
        // Turn order only breaks a tie between players who meet goals at once.
        Event::SetTurn { .. }
        | Event::TurnState { .. }
        | Event::Drew { .. }
        | Event::GaveSpecial { .. }
        | Event::Discard { .. }
        | Event::Attack { .. }
        | Event::Rolled { .. }
        | Event::KeepBeforeRoll { .. }
        | Event::KeepBeforeSpecial { .. }
        | Event::Arrows { .. }
        | Event::Note { .. } => Players::NONE,
    }
}

/// Does a player's special goal count money (the Gnomes of Zurich, or the UFOs choosing it)?
fn counts_money(r: &IlluRules, p: &Player) -> bool {
    let money = |card: Option<usize>| {
        card.and_then(|c| r.cards.get(c))
            .and_then(|c| c.goal.as_ref())
            .is_some_and(|g| matches!(g, Goal::Money { .. }))
    };
    money(p.illuminati) || money(p.goal)
}

/// The first player who meets a goal (the player whose turn it is first), and how.
pub fn winner(r: &IlluRules, s: &State) -> Option<(usize, String)> {
    winner_among(r, s, Players::ALL)
}

/// `winner`, looking only at these players' goals (the rest met none when last looked at and
/// nothing since brought theirs nearer: `players_touched`).
pub(crate) fn winner_among(
    r: &IlluRules,
    s: &State,
    looked_at: Players,
) -> Option<(usize, String)> {
    let n = s.players.len();
    let mut alive = (0..n).filter(|&p| !s.players[p].eliminated);
    if let (Some(last), None) = (alive.next(), alive.next()) {
        if n > 1 {
            return Some((last, "the last player standing".into()));
        }
    }
    for k in 0..n {
        let p = (s.current + k) % n;
        if s.players[p].eliminated || !looked_at.has(p) {
            continue;
        }
        // Each player's structure summed only when looked at (usually one player).
        let goals = goals(r, s, p, &Tally::of(r, s, p));
        for g in goals.into_iter().flatten() {
            if g.met() {
                let how = if g.secret {
                    format!("the secret goal: {} of {} {}", g.have, g.need, g.label)
                } else {
                    format!("{} of {} {}", g.have, g.need, g.label)
                };
                return Some((p, how));
            }
        }
    }
    None
}
