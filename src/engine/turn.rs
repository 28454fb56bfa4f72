//! Turn order: who plays next, skipping players who are out of the game.

/// The next seat after `current` (to the left) whose player is still in the game.
pub fn next_seat(current: usize, seats: usize, in_game: impl Fn(usize) -> bool) -> usize {
    (1..=seats)
        .map(|k| (current + k) % seats)
        .find(|&s| in_game(s))
        .unwrap_or(current)
}

/// The seats from `start` on, in playing order, that are still in the game.
pub fn seats_from(start: usize, seats: usize, in_game: impl Fn(usize) -> bool) -> Vec<usize> {
    (0..seats)
        .map(|k| (start + k) % seats)
        .filter(|&s| in_game(s))
        .collect()
}
