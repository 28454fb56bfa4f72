//! A face-down card deck as an order of card numbers: draw from the top, return to the bottom,
//! take out a named card (a physical card drawn at the table), cards held by players.

use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    /// Front is the top of the deck.
    order: VecDeque<u16>,
}

impl Deck {
    /// A deck in the given order (the shuffle is decided outside the engine, from the seed).
    pub fn new(order: Vec<u16>) -> Self {
        Deck {
            order: order.into(),
        }
    }
    pub fn top(&self) -> Option<u16> {
        self.order.front().copied()
    }
    pub fn len(&self) -> usize {
        self.order.len()
    }
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }
    pub fn contains(&self, card: u16) -> bool {
        self.order.contains(&card)
    }
    /// Take a card out: the top one when it is that card, otherwise wherever it is (a
    /// physical deck whose order the device does not know).
    pub fn take(&mut self, card: u16) -> bool {
        if self.order.front() == Some(&card) {
            self.order.pop_front();
            return true;
        }
        match self.order.iter().position(|&c| c == card) {
            Some(i) => {
                self.order.remove(i);
                true
            }
            None => false,
        }
    }
    pub fn put_bottom(&mut self, card: u16) {
        self.order.push_back(card);
    }
    pub fn cards(&self) -> impl Iterator<Item = u16> + '_ {
        self.order.iter().copied()
    }

    /// The same cards in an order drawn from `rng` alone: which cards are left is known to
    /// the table, their order is not, so the true order is never read (sorted first).
    pub fn redrawn(&self, rng: &mut crate::game::PlayRng) -> Deck {
        use rand::seq::SliceRandom;
        let mut cards: Vec<u16> = self.order.iter().copied().collect();
        cards.sort_unstable();
        cards.shuffle(rng);
        Deck::new(cards)
    }
}
