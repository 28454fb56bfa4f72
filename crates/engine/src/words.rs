//! How a count and a list are said, by the families' narration and by the device alike: "1
//! action", "2 actions", "0 houses" (a theme's own plural where it is not the noun and an s);
//! "Ann, Bob and Cy".

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

/// Names as a player lists them: "Ann", "Ann and Bob", "Ann, Bob and Cy".
pub fn listed<T: AsRef<str>>(items: &[T]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
        Some((last, _)) => last.as_ref().to_string(),
        None => String::new(),
    }
}
