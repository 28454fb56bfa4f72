//! The players' rating: a multiplayer Elo. A game counts as a match between every two of its
//! players, won by the one who finished higher (a draw when they finished level); each player
//! moves by K shared over their opponents, from the ratings everyone had before the game.

use std::collections::BTreeMap;

use super::Played;

/// Everyone's first rating.
pub const START: f64 = 1500.0;
/// How far one game moves a rating at most (shared over the opponents).
pub const K: f64 = 32.0;

/// The line that says what the rating is, wherever it is shown.
pub const EXPLAINED: &str = "rating: multiplayer Elo, every game a match between each two of \
                             its players won by the higher finisher; all start at 1500, K 32 \
                             shared over the opponents";

/// The same for the device's small screen.
pub const EXPLAINED_SHORT: &str =
    "rating: multiplayer Elo, each two players a match won by the higher finisher, from 1500, K 32";

/// The chance Elo gives a player rated `a` against one rated `b`.
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

/// Everyone's rating after these games, in the order given (oldest first), by player key.
pub fn ratings(games: &[Played], key: impl Fn(&str) -> String) -> BTreeMap<String, f64> {
    let mut r: BTreeMap<String, f64> = BTreeMap::new();
    for g in games {
        let n = g.players.len();
        if n < 2 {
            continue;
        }
        let keys: Vec<String> = g.players.iter().map(|p| key(p)).collect();
        let before: Vec<f64> = keys
            .iter()
            .map(|k| r.get(k).copied().unwrap_or(START))
            .collect();
        let places = g.places();
        let share = K / (n - 1) as f64;
        for i in 0..n {
            let mut change = 0.0;
            for j in (0..n).filter(|&j| j != i) {
                let score = match places[i].cmp(&places[j]) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
                change += score - expected(before[i], before[j]);
            }
            r.insert(keys[i].clone(), before[i] + share * change);
        }
    }
    r
}
