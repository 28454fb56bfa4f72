//! Turn order: who plays next, skipping players who are out of the game.

/// The next seat after `current` (to the left) whose player is still in the game.
pub fn next_seat(current: usize, seats: usize, in_game: impl Fn(usize) -> bool) -> usize {
    // Round the table by wrapping to seat 0, not by a remainder: this runs at every turn's
    // end, and the division was a quarter of ending a turn.
    let mut s = current;
    for _ in 0..seats {
        s += 1;
        if s >= seats {
            s = 0;
        }
        if in_game(s) {
            return s;
        }
    }
    current
}

/// The seats from `start` on, in playing order, that are still in the game.
pub fn seats_from(start: usize, seats: usize, in_game: impl Fn(usize) -> bool) -> Vec<usize> {
    (0..seats)
        .map(|k| (start + k) % seats)
        .filter(|&s| in_game(s))
        .collect()
}
