//! Phones pairing with seats, as the device sees it: a phone shows a code, the device shows
//! the same code, and the table chooses the seat, taps its token and presses OK (or BACK to
//! refuse it). The web view asks through `Input::PhoneAsks` and is told by `Effects`.

use std::collections::VecDeque;

/// The pairings waiting for the table.
#[derive(Debug, Default)]
pub struct Phones {
    /// Codes of phones asking to pair, oldest first; the first is on the screen.
    pub asks: VecDeque<String>,
}
