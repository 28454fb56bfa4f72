//! Power structures: masters and puppets, a card's distance from its Illuminati, open control
//! arrows, and a card's numbers as they stand this turn (entered stats, changed alignments).

use super::places::Set;
use super::rules::{Alignment, IlluRules};
use super::state::{State, Status};

pub fn puppets(s: &State, c: usize) -> Vec<usize> {
    puppets_iter(s, c).collect()
}

/// `puppets`, one by one (counted for open arrows on every attack considered: no list).
pub(crate) fn puppets_iter(s: &State, c: usize) -> impl Iterator<Item = usize> + '_ {
    (s.places.iter(Set::Controlled)).filter(move |&p| s.cards[p].master == Some(c))
}

/// A card and what hangs under it: held in place up to 8 cards (most captures take one group
/// or a few), on the heap beyond.
pub type Subtree = smallvec::SmallVec<[usize; 8]>;

/// The card and everything under it, the card first, each card before its puppets.
pub(crate) fn subtree(s: &State, c: usize) -> Subtree {
    let mut out: Subtree = smallvec::smallvec![c];
    let mut i = 0;
    while i < out.len() {
        let at = out[i];
        // Most cards hold no puppet (their count is kept by `apply`): no pass over the
        // structures for them, whose matches the processor could not guess.
        if s.cards[at].puppets > 0 {
            out.extend(puppets_iter(s, at));
        }
        i += 1;
    }
    out
}

/// Groups between the card and its Illuminati: 0 for the Illuminati, 1 for a group attached
/// directly to it. None off any structure.
pub fn depth(s: &State, c: usize) -> Option<usize> {
    let mut at = c;
    for d in 0..=s.cards.len() {
        match s.cards[at].master {
            None => return (s.cards[at].status == Status::Controlled).then_some(d),
            Some(m) => at = m,
        }
    }
    None
}

/// Open outward arrows; None when the card's count is not known (the table is trusted).
// Kept a call: inlined into the random player's pass over the cards it cost Illuminati play
// more instructions (measured under valgrind).
#[inline(never)]
pub fn open_arrows(s: &State, c: usize) -> Option<i64> {
    s.cards[c]
        .arrows
        .map(|a| a as i64 - s.cards[c].puppets as i64)
}

pub fn power(r: &IlluRules, s: &State, c: usize) -> i64 {
    s.cards[c].stats.map_or(r.cards[c].power, |x| x.0.into())
}

pub fn transferable(r: &IlluRules, s: &State, c: usize) -> i64 {
    s.cards[c]
        .stats
        .map_or(r.cards[c].transferable, |x| x.1.into())
}

pub fn income(r: &IlluRules, s: &State, c: usize) -> i64 {
    s.cards[c].stats.map_or(r.cards[c].income, |x| x.2.into())
}

pub fn alignments<'a>(r: &'a IlluRules, s: &'a State, c: usize) -> &'a [Alignment] {
    s.cards[c]
        .alignments
        .as_ref()
        .map_or(&r.cards[c].alignments, |al| al.as_slice())
}

/// Is `a` in `b`'s power structure, next to it (master and puppet)?
pub fn adjacent(s: &State, a: usize, b: usize) -> bool {
    s.cards[a].master == Some(b) || s.cards[b].master == Some(a)
}

/// Groups a player controls (the Illuminati card not included).
pub(crate) fn groups_of(r: &IlluRules, s: &State, p: usize) -> Vec<usize> {
    s.structure_iter(p)
        .filter(|&c| !r.cards[c].illuminati)
        .collect()
}
