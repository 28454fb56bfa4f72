//! Naming a player's token as it is enrolled: a list of common names, or a name typed letter
//! by letter with the five buttons (UP/DOWN the letter, OK adds it, ROLL is done, BACK rubs
//! the last one out), so a table without a console plays as Ann and Bob, not P1 and P2.

use crate::tags::LONGEST;

/// The letter after (`dir` 1) or before (-1) `letter`, A to Z round.
pub fn step(letter: u8, dir: i64) -> u8 {
    let i = (letter.saturating_sub(b'A') as i64 + dir).rem_euclid(26);
    b'A' + i as u8
}

/// A name with `letter` added: the first letter upper case, the rest lower.
pub fn add(name: &str, letter: u8) -> String {
    if name.len() >= LONGEST {
        return name.to_string();
    }
    let c = letter as char;
    if name.is_empty() {
        c.to_ascii_uppercase().to_string()
    } else {
        format!("{name}{}", c.to_ascii_lowercase())
    }
}
