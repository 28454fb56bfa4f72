//! Phones pairing with seats, as the device sees it: a phone shows a code, the device shows
//! the same code, and the table taps the player's token to give that phone the seat (or
//! presses BACK to refuse it). The web view (src/web) asks and is told through these lists.

use std::collections::VecDeque;

/// The pairings waiting for the table, and the table's answers for the web view to collect.
#[derive(Debug, Default)]
pub struct Phones {
    /// Codes of phones asking to pair, oldest first; the first is on the screen.
    pub asks: VecDeque<String>,
    /// (code, seat): the table tapped this seat's token while the code was shown.
    pub claimed: Vec<(String, usize)>,
    /// Codes the table refused.
    pub refused: Vec<String>,
}
