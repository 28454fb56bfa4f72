//! Phones pairing with seats, as the device sees it: a phone shows a code, the device shows
//! the same code, and the table chooses the seat, taps its token and presses OK (or BACK to
//! refuse it). The web view asks through `Input::PhoneAsks` and is told by `Effects`.

use std::collections::{HashMap, VecDeque};

use crate::hw::Uid;

/// The pairings waiting for the table.
#[derive(Debug, Default)]
pub struct Phones {
    /// Codes of phones asking to pair, oldest first; the first is on the screen.
    pub asks: VecDeque<String>,
    /// The name typed on a phone as it asked, by its code: the seat takes it when paired.
    pub names: HashMap<String, String>,
    /// The token tapped on the pairing question (its tag takes the new name too).
    pub tapped: Option<Uid>,
    /// The table put the phones asking aside (ROLL on the question: "later"): they are not
    /// asked about again until another phone asks.
    pub later: bool,
}
