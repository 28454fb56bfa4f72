//! How a count is said, by the families' narration and by the device alike: "1 action",
//! "2 actions", "0 houses" (a theme's own plural where it is not the noun and an s).

/// A count and its noun as a player says it: "1 puppet", "2 puppets", "0 actions".
pub fn counted(n: impl Into<i64>, one: &str) -> String {
    counted_as(n, one, &format!("{one}s"))
}

/// `counted` with the noun's plural given: a theme's words ("1 house", "2 houses"; "1 safe
/// house", "3 safe houses"; a word whose plural is not an s).
pub fn counted_as(n: impl Into<i64>, one: &str, many: &str) -> String {
    match n.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}
