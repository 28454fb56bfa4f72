//! Where the cards are, as bit sets kept with the cards' places by `apply`: the deck, the
//! uncontrolled area, every power structure together and each player's. The random player,
//! the victory watch, income and the structure walks read these instead of asking each of the
//! (106) cards; the invariants check them against the cards.

use super::rules::IlluRules;
use super::state::{CardState, Status, MOST_PLAYERS};
use boardside_engine::bits::{nth_one, ones, select_128};

/// A set of cards, by the cards' places (`Places::iter` and friends name one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Set {
    /// Every group card (not an Illuminati): fixed when the game is made.
    Groups,
    Deck,
    Uncontrolled,
    /// In some player's power structure.
    Controlled,
    /// In this player's power structure.
    Of(usize),
}

/// The sets, one after another, each `words` 64-bit words of one bit per card. Held in place
/// up to 128 cards and 8 players (the base set has 106 cards), so a copy of the state (one is
/// kept before an attack roll) allocates nothing more for them.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Places {
    words: usize,
    bits: smallvec::SmallVec<[u64; 2 * (4 + MOST_PLAYERS)]>,
}

/// Copied word for word, and into a copy's own words (`clone_from`): the state kept before
/// every roll copies these, and the derived copy built a new list a word at a time, then
/// moved it over the old one, a cost random play paid on every roll.
impl Clone for Places {
    fn clone(&self) -> Places {
        Places {
            words: self.words,
            bits: smallvec::SmallVec::from_slice(&self.bits),
        }
    }
    fn clone_from(&mut self, source: &Places) {
        self.words = source.words;
        if self.bits.len() == source.bits.len() {
            self.bits.copy_from_slice(&source.bits);
        } else {
            self.bits.clear();
            self.bits.extend_from_slice(&source.bits);
        }
    }
}

impl Places {
    /// The sets for these cards (`group[c]`: card c is a group card) and players.
    pub fn of(group: impl Iterator<Item = bool>, cards: &[CardState], players: usize) -> Places {
        // Two words at least: games of up to 128 cards (the base set has 106) read each set
        // as one 128-bit number (`Places::two`).
        let words = cards.len().div_ceil(64).max(2);
        let mut places = Places {
            words,
            bits: smallvec::smallvec![0; words * (4 + players)],
        };
        for (c, is_group) in group.enumerate().take(cards.len()) {
            if is_group {
                places.mark(Set::Groups, c, true);
            }
        }
        for (c, card) in cards.iter().enumerate() {
            places.put(c, card, true);
        }
        places
    }

    /// The sets for a game of these rules (every card but an Illuminati is a group card).
    pub(crate) fn of_game(r: &IlluRules, cards: &[CardState], players: usize) -> Places {
        Places::of(r.cards.iter().map(|c| !c.illuminati), cards, players)
    }

    fn start(&self, set: Set) -> Option<usize> {
        let k = match set {
            Set::Groups => 0,
            Set::Deck => 1,
            Set::Uncontrolled => 2,
            Set::Controlled => 3,
            Set::Of(p) => 4 + p,
        };
        let at = k * self.words;
        (at + self.words <= self.bits.len()).then_some(at)
    }

    fn mark(&mut self, set: Set, c: usize, on: bool) {
        if let Some(at) = self.start(set) {
            if let Some(w) = self.bits.get_mut(at + c / 64) {
                let bit = 1u64 << (c % 64);
                if on {
                    *w |= bit;
                } else {
                    *w &= !bit;
                }
            }
        }
    }

    /// Count card `c`, placed as `card` says, into the sets of its place (`on`) or out of them.
    pub fn put(&mut self, c: usize, card: &CardState, on: bool) {
        match card.status {
            Status::Deck => self.mark(Set::Deck, c, on),
            Status::Uncontrolled => self.mark(Set::Uncontrolled, c, on),
            Status::Controlled => {
                self.mark(Set::Controlled, c, on);
                if let Some(p) = card.owner {
                    self.mark(Set::Of(p), c, on);
                }
            }
            Status::Dead => {}
        }
    }

    fn words(&self, set: Set) -> &[u64] {
        match self.start(set) {
            Some(at) => &self.bits[at..at + self.words],
            None => &[],
        }
    }

    /// The cards in `set`, in card order.
    pub fn iter(&self, set: Set) -> impl Iterator<Item = usize> + '_ {
        ones(self.words(set).iter().copied())
    }

    /// The cards in `a` or in `b`, in card order.
    pub fn either(&self, a: Set, b: Set) -> impl Iterator<Item = usize> + '_ {
        let (a, b) = (self.words(a), self.words(b));
        ones(a.iter().zip(b).map(|(x, y)| x | y))
    }

    /// The cards in both `a` and `b`, in card order.
    pub fn both(&self, a: Set, b: Set) -> impl Iterator<Item = usize> + '_ {
        let (a, b) = (self.words(a), self.words(b));
        ones(a.iter().zip(b).map(|(x, y)| x & y))
    }

    /// `a` and `b` combined word by word (`op`) as one 128-bit number, in a game of at most
    /// 128 cards: the random player's counts and picks are then a few operations, not loops
    /// over words. None in a larger game.
    #[inline]
    fn two(&self, a: Set, b: Set, op: impl Fn(u64, u64) -> u64) -> Option<u128> {
        if self.words != 2 {
            return None;
        }
        let (a, b) = (self.start(a)?, self.start(b)?);
        let word = |i: usize| op(self.bits[a + i], self.bits[b + i]) as u128;
        Some(word(0) | word(1) << 64)
    }

    /// How many cards `op` keeps of `a` and `b`, word by word.
    #[inline]
    fn count_with(&self, a: Set, b: Set, op: impl Fn(u64, u64) -> u64) -> usize {
        if let Some(w) = self.two(a, b, &op) {
            return w.count_ones() as usize;
        }
        let (a, b) = (self.words(a), self.words(b));
        a.iter()
            .zip(b)
            .map(|(&x, &y)| op(x, y).count_ones() as usize)
            .sum()
    }

    /// The `k`th card (from 0, in card order) that `op` keeps of `a` and `b`, word by word.
    #[inline]
    fn nth_with(&self, a: Set, b: Set, k: usize, op: impl Fn(u64, u64) -> u64) -> Option<usize> {
        if let Some(w) = self.two(a, b, &op) {
            return select_128(w, k);
        }
        let (a, b) = (self.words(a), self.words(b));
        nth_one(a.iter().zip(b).map(|(&x, &y)| op(x, y)), k)
    }

    /// How many cards are in `a` and not in `b`.
    pub fn count_without(&self, a: Set, b: Set) -> usize {
        self.count_with(a, b, |x, y| x & !y)
    }

    /// The `k`th card (from 0, in card order) in `a` and not in `b`.
    pub fn nth_without(&self, a: Set, b: Set, k: usize) -> Option<usize> {
        self.nth_with(a, b, k, |x, y| x & !y)
    }

    /// The `k`th card (from 0, in card order) in both `a` and `b`.
    pub fn nth_both(&self, a: Set, b: Set, k: usize) -> Option<usize> {
        self.nth_with(a, b, k, |x, y| x & y)
    }

    /// How many cards are in both `a` and `b`.
    pub fn count_both(&self, a: Set, b: Set) -> usize {
        self.count_with(a, b, |x, y| x & y)
    }
}
