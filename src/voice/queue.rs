//! What waits to be said when the table is faster than the voice: a newer line on a topic
//! replaces the one not yet said (three rents in a row: the last), a new turn drops what is
//! left of the old one, and a burst keeps only its weightiest few lines. Pure: tests and
//! `--voice-out` read what it keeps and drops.

use crate::engine::game::{Speech, Weight};

/// At most this many lines wait; beyond, the lightest (then the oldest) is dropped.
pub const MOST_WAITING: usize = 4;

#[derive(Debug, Default)]
pub struct Queue {
    waiting: Vec<Speech>,
    /// How many of the lines waiting came before the command now being told (a new turn
    /// drops those; the lines of its own command stay, in order).
    earlier: usize,
}

/// What a line pushed did to the lines waiting.
#[derive(Debug, Default, PartialEq)]
pub struct Pushed {
    /// Lines that will not be said now.
    pub dropped: Vec<Speech>,
    /// A new turn: the line being said should stop.
    pub interrupt: bool,
}

impl Queue {
    /// A command's lines begin: what waits from before is now "earlier".
    pub fn begin(&mut self) {
        self.earlier = self.waiting.len();
    }

    pub fn push(&mut self, s: Speech) -> Pushed {
        let mut out = Pushed::default();
        if s.weight == Weight::Turn {
            out.dropped.extend(self.waiting.drain(..self.earlier));
            self.earlier = 0;
            out.interrupt = true;
        } else if let Some(i) = self.waiting.iter().position(|w| w.topic == s.topic) {
            out.dropped.push(self.waiting.remove(i));
            self.earlier -= (i < self.earlier) as usize;
        }
        self.waiting.push(s);
        while self.waiting.len() > MOST_WAITING {
            // The lightest line goes, the oldest of equals; never the one just pushed.
            let last = self.waiting.len() - 1;
            let i = (0..last)
                .min_by_key(|&i| self.waiting[i].weight)
                .unwrap_or(0);
            out.dropped.push(self.waiting.remove(i));
            self.earlier -= (i < self.earlier) as usize;
        }
        out
    }

    /// The next line to say.
    pub fn take_next(&mut self) -> Option<Speech> {
        if self.waiting.is_empty() {
            return None;
        }
        self.earlier = self.earlier.saturating_sub(1);
        Some(self.waiting.remove(0))
    }

    /// Everything waiting goes (the voice was muted).
    pub fn clear(&mut self) -> Vec<Speech> {
        self.earlier = 0;
        std::mem::take(&mut self.waiting)
    }

    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}
