//! What every family's ruleset parser shares: the line of a byte offset for
//! `file:line` messages, TOML with its error's line, a named `[options]` table applied through
//! the family's own setter (with the words of a switch or a two-way option), and the content
//! hash that ties a saved game to its ruleset.

use serde::de::DeserializeOwned;
use toml::Spanned;

/// A switch option's value: true, yes or on; false, no or off.
pub fn flag(key: &str, v: &str) -> Result<bool, String> {
    match v {
        "true" | "yes" | "on" => Ok(true),
        "false" | "no" | "off" => Ok(false),
        _ => Err(format!("{key} = {v}: expected true or false")),
    }
}

/// An option set by one of two words: the second is `true`.
pub fn either(key: &str, v: &str, [off, on]: [&str; 2]) -> Result<bool, String> {
    match v {
        _ if v == on => Ok(true),
        _ if v == off => Ok(false),
        _ => Err(format!("{key} = {v}: expected {off} or {on}")),
    }
}

/// The 1-based line of a byte offset.
pub fn line_of(text: &str, byte: usize) -> usize {
    text.as_bytes()[..byte.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// `file:line: message` for a span of the text.
pub fn at(file: &str, text: &str, span: std::ops::Range<usize>, message: String) -> String {
    format!("{file}:{}: {message}", line_of(text, span.start))
}

/// Parse TOML into a definition; a syntax or type error names its line.
pub fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, String> {
    toml::from_str(text).map_err(|e| match e.span() {
        Some(s) => at(file, text, s, e.message().to_string()),
        None => format!("{file}: {}", e.message()),
    })
}

/// Apply an `[options]` table with the family's setter; each refusal becomes a problem with
/// the table's line.
pub fn apply_options(
    file: &str,
    text: &str,
    table: &Option<Spanned<toml::Table>>,
    mut set: impl FnMut(&str, &str) -> Result<(), String>,
    problems: &mut Vec<String>,
) {
    let Some(t) = table else { return };
    for (k, v) in t.get_ref() {
        let v = match v {
            toml::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        if let Err(m) = set(k, &v) {
            problems.push(at(file, text, t.span(), format!("[options] {m}")));
        }
    }
}

/// FNV-1a, 64 bits: enough to notice that a ruleset file changed under a saved game.
pub fn content_hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("{h:016x}")
}
