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

/// A problem of a ruleset file: its line, when it has one, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub line: Option<usize>,
    pub message: String,
}

impl Problem {
    /// `file:line: what is wrong`.
    pub fn at(&self, file: &str) -> String {
        match self.line {
            Some(l) => format!("{file}:{l}: {}", self.message),
            None => format!("{file}: {}", self.message),
        }
    }
}

/// Parse TOML into a definition; a syntax or type error names its line.
pub fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, String> {
    let lines = |p: Vec<Problem>| p.iter().map(|x| x.at(file)).collect::<Vec<_>>().join("\n");
    match parse_all(text) {
        Ok((def, unknown)) if unknown.is_empty() => Ok(def),
        Ok((_, unknown)) => Err(lines(unknown)),
        Err(p) => Err(lines(p)),
    }
}

/// Parse TOML into a definition, finding every key the definition does not know rather than
/// stopping at the first (`boardside check` lists every problem of a file in one run): each
/// one is reported with its line, blanked out, and the text parsed again. When the definition
/// then misses a field of that table, the unknown key was most likely that field misspelt
/// (`salry = 200`): it is read again under the field's name, so its value is still checked.
/// The definition and the unknown keys; or, for any other error, every problem found so far
/// and that one.
pub fn parse_all<T: DeserializeOwned>(text: &str) -> Result<(T, Vec<Problem>), Vec<Problem>> {
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    // Keys blanked out: (first line, lines as written, the key), latest last.
    let mut blanked: Vec<(usize, Vec<String>, String)> = Vec::new();
    let mut problems = Vec::new();
    // Each pass blanks or renames one key; a file has far fewer of them than this.
    for _ in 0..200 {
        let now = lines.concat();
        let e = match toml::from_str::<T>(&now) {
            Ok(def) => return Ok((def, problems)),
            Err(e) => e,
        };
        let message = e.message().to_string();
        // Lines are never added or taken away, so a line here is the file's line.
        let line = e.span().map(|s| line_of(&now, s.start));
        let named = |prefix: &str| {
            message
                .strip_prefix(prefix)
                .and_then(|m| m.split('`').next())
                .map(str::to_string)
        };
        let (unknown, missing) = (named("unknown field `"), named("missing field `"));
        match (e.span(), unknown, missing) {
            (Some(span), Some(key), _) => {
                problems.push(Problem { line, message });
                let first = line_of(&now, span.start) - 1;
                let before = lines.clone();
                let column = span.start - lines[..first].iter().map(String::len).sum::<usize>();
                let last = blank_key(&mut lines, first, column);
                blanked.push((first, before[first..=last].to_vec(), key));
            }
            (Some(span), None, None) if stand_in(&message).is_some() => {
                // A value of the wrong type or out of range: reported, and a value of the
                // type wanted stands in for it so that the rest of the file is still read.
                problems.push(Problem {
                    line,
                    message: message.clone(),
                });
                let first = line_of(&now, span.start) - 1;
                let last = line_of(&now, span.end.max(span.start + 1) - 1) - 1;
                let start = span.start - lines[..first].iter().map(String::len).sum::<usize>();
                let end = span.end - lines[..last].iter().map(String::len).sum::<usize>();
                // A span the lines do not hold (never, from toml's own offsets): stop here
                // with what was found rather than cut a line anywhere.
                let (Some(head), Some(tail)) = (lines[first].get(..start), lines[last].get(end..))
                else {
                    return Err(problems);
                };
                let (head, tail) = (head.to_string(), tail.to_string());
                lines[first] = format!("{head}{}{tail}", stand_in(&message).unwrap_or_default());
                // Lines stay where they were: those the value spanned are left empty.
                for l in &mut lines[first + 1..=last.max(first)] {
                    *l = "\n".into();
                }
                if last > first && !lines[first].ends_with('\n') {
                    lines[first].push('\n');
                }
            }
            (Some(_), None, Some(field)) => {
                // The nearest key blanked after the table's start, read as this field.
                let table = line.unwrap_or(1) - 1;
                let at = blanked.iter().rposition(|(l, _, _)| *l >= table);
                match at {
                    Some(i) => {
                        let (first, written, key) = blanked.remove(i);
                        for (k, w) in written.into_iter().enumerate() {
                            lines[first + k] = if k == 0 {
                                w.replacen(&key, &field, 1)
                            } else {
                                w
                            };
                        }
                    }
                    None => {
                        problems.push(Problem { line, message });
                        return Err(problems);
                    }
                }
            }
            _ => {
                problems.push(Problem { line, message });
                return Err(problems);
            }
        }
    }
    Err(problems)
}

/// A file's problems, one a line, less those a stand-in value caused: once a value of the
/// wrong type is reported and 0 (or "", false ...) read in its place, a later check of that
/// key ("strip_length = 0: from 1 to 200") says nothing about the file as written.
pub fn without_echoes(file: &str, text: &str, problems: &str) -> String {
    let rows: Vec<&str> = text.lines().collect();
    let prefix = format!("{file}:");
    let message = |p: &str| -> Option<(usize, String)> {
        let (line, m) = p.strip_prefix(&prefix)?.split_once(": ")?;
        Some((line.parse().ok()?, m.to_string()))
    };
    let keys: Vec<String> = problems
        .lines()
        .filter_map(|p| {
            let (line, m) = message(p)?;
            stand_in(&m)?;
            let (key, _) = rows.get(line.checked_sub(1)?)?.split_once('=')?;
            Some(key.trim().trim_matches('"').to_string())
        })
        .collect();
    problems
        .lines()
        .filter(|p| {
            !message(p).is_some_and(|(_, m)| keys.iter().any(|k| m.starts_with(&format!("{k} = "))))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A value of the type an "invalid type" or "invalid value" error expected, to stand in for
/// the wrong one: 0, 0.0, false, "", [], {} or the first of the words allowed. None for any
/// other error.
fn stand_in(message: &str) -> Option<String> {
    let expected = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        .or_else(|| message.strip_prefix("unknown variant "))
        .and_then(|m| m.split_once("expected "))?
        .1;
    let word = expected.split_whitespace().next().unwrap_or("");
    Some(match word {
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" | "isize" => {
            "0".into()
        }
        "f32" | "f64" => "0.0".into(),
        "a" | "an" => match expected.split_whitespace().nth(1).unwrap_or("") {
            "boolean" => "false".into(),
            "string" | "borrowed" | "character" => "\"\"".into(),
            "sequence" => "[]".into(),
            "map" => "{}".into(),
            _ => return None,
        },
        "struct" => "{}".into(),
        "one" | "`" => {
            // "expected one of `flat`, `percent`" or "expected `flat` or `percent`".
            let first = expected.split('`').nth(1)?;
            format!("\"{first}\"")
        }
        w if w.starts_with('`') => format!("\"{}\"", w.trim_matches(|c| c == '`' || c == ',')),
        _ => return None,
    })
}

/// Blank with spaces the key at `column` of line `first` and its value: in an inline table
/// `{ a = 1, b = 2 }` up to its comma or closing brace; otherwise the rest of the line and
/// every following line that starts no new key or table. Line breaks stay. The last line
/// touched.
fn blank_key(lines: &mut [String], first: usize, column: usize) -> usize {
    let blank =
        |s: &str| -> String { s.chars().map(|c| if c == '\n' { c } else { ' ' }).collect() };
    let line = lines[first].clone();
    let (head, tail) = line.split_at(column.min(line.len()));
    if head.contains('{') {
        let (mut depth, mut quoted, mut end) = (0i32, false, tail.len());
        for (i, c) in tail.char_indices() {
            match c {
                '"' => quoted = !quoted,
                '[' | '{' if !quoted => depth += 1,
                ']' | '}' if !quoted && depth == 0 => {
                    end = i;
                    break;
                }
                ']' | '}' if !quoted => depth -= 1,
                ',' if !quoted && depth == 0 => {
                    end = i + 1;
                    break;
                }
                '\n' => {
                    end = i;
                    break;
                }
                _ => {}
            }
        }
        lines[first] = format!("{head}{}{}", blank(&tail[..end]), &tail[end..]);
        return first;
    }
    lines[first] = format!("{head}{}", blank(tail));
    let mut last = first;
    while let Some(next) = lines.get(last + 1) {
        let t = next.trim_start();
        let key = t.split_once('=').is_some_and(|(k, _)| {
            k.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-. \t\"".contains(c))
        });
        if t.is_empty() || t.starts_with('[') || t.starts_with('#') || key {
            break;
        }
        last += 1;
        lines[last] = blank(&lines[last]);
    }
    last
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
