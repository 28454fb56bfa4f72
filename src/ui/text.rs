//! Words and lines on the 128x64 screen, for every game's screens: a line cut or wrapped to
//! the 25 columns of the 5x8 font, the protocol's typing hints taken out for the table, the
//! one layout every screen shares (a header bar, the message rows, the menu rows with the
//! chosen line inverted), and the final standings' rows in the columns beside the chart.

use embedded_graphics::mono_font::iso_8859_1::FONT_5X8;
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Baseline, Text};

use crate::hw::Frame;

pub const COLS: usize = 25;

/// The screen's font: 5x8 with Latin-1's letters and signs, so a name such as Zoë or José and
/// the odds' "±" draw as written (the ASCII font drew them "?").
pub const FONT: &MonoFont<'static> = &FONT_5X8;

/// Is `c` in the screen's font?
fn in_font(c: char) -> bool {
    let blank = FONT.glyph_mapping.index('?');
    c == '?' || (c != '\u{a0}' && !c.is_control() && FONT.glyph_mapping.index(c) != blank)
}

/// A character the font lacks, as the screen writes it: typographic quotes and dashes as their
/// plain forms. None: no stand-in.
fn stand_in(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{2018}' | '\u{2019}' | '\u{2032}' => "'",
        '\u{201c}' | '\u{201d}' | '\u{2033}' => "\"",
        '\u{2010}'..='\u{2015}' | '\u{2212}' => "-",
        '\u{2026}' => "...",
        '\u{a0}' | '\t' => " ",
        '\u{2192}' => "->",
        '\u{2264}' => "<=",
        '\u{2265}' => ">=",
        _ => return None,
    })
}

/// The characters of `s` the screen cannot draw: neither in its font nor with a stand-in (the
/// glyph test fails on any).
pub fn missing(s: &str) -> Vec<char> {
    s.chars()
        .filter(|&c| !in_font(c) && stand_in(c).is_none())
        .collect()
}

/// `s` as the font draws it: stand-ins for what it lacks, "?" for anything else.
pub fn drawable(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match (in_font(c), stand_in(c)) {
            (true, _) => out.push(c),
            (false, Some(r)) => out.push_str(r),
            (false, None) => out.push('?'),
        }
    }
    out
}

/// Columns a line takes on the screen (a character a column, whatever its bytes).
pub fn width(s: &str) -> usize {
    s.chars().count()
}
/// Text rows on the screen (the header is row 0).
pub const ROWS: usize = 8;

/// A name in at most `width` columns, its words shortened to initials from the last one back
/// ("Closed Quarters Standby" in 18: "Closed Quarters S."), never cut mid-word unmarked.
pub fn shorten(name: &str, width: usize) -> String {
    let mut words: Vec<String> = name.split_whitespace().map(str::to_string).collect();
    for i in (0..words.len()).rev() {
        if self::width(&words.join(" ")) <= width {
            break;
        }
        words[i] = initial(&words[i]);
    }
    let short = words.join(" ");
    if self::width(&short) <= width {
        short
    } else {
        short.chars().take(width).collect()
    }
}

/// A word as its first letter, what brackets it kept: "Standby" as "S.", "(Clearwater)" as
/// "(C.)"; a word with no letter stays whole.
fn initial(word: &str) -> String {
    let Some(at) = word.find(char::is_alphanumeric) else {
        return word.to_string();
    };
    let (open, rest) = word.split_at(at);
    let first = rest.chars().next().map(String::from).unwrap_or_default();
    let close = rest.len() - rest.trim_end_matches([')', ']', '"']).len();
    format!("{open}{first}.{}", &rest[rest.len() - close..])
}

/// Cut a line to the screen's width.
pub fn fit(s: &str) -> String {
    let shown: Vec<char> = drawable(s).chars().collect();
    if shown.len() <= COLS {
        return shown.into_iter().collect();
    }
    // Too long for the screen: cut after the last whole word ("@Interrogation", not
    // "@Interrogation Su"), unless that would lose more than a third of the line.
    let cut = &shown[..COLS];
    match cut.iter().rposition(|&c| c == ' ') {
        Some(at) if at >= COLS * 2 / 3 => cut[..at].iter().collect(),
        _ => cut.iter().collect(),
    }
}

/// A count and its noun as a player says it (the engine's, which the narration says too).
pub use crate::engine::words::counted;

/// Wrap text into lines of the screen's width; a line break in the text starts a new line
/// (a note of several lines, each its own rows: `Desk::tell`, `Desk::nothing_to_roll`).
pub fn wrap(text: &str) -> Vec<String> {
    text.split('\n').flat_map(wrap_line).collect()
}

/// `wrap` of text with no line break.
fn wrap_line(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let word = fit(word);
        if !line.is_empty() && width(&line) + 1 + width(&word) > COLS {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The rows a page of the pager holds: the screen's, but the header's and the menu line's.
pub const MESSAGE_ROWS: usize = ROWS - 2;

/// Lines as pages of at most `rows` rows as the screen wraps them (no line is cut off); a
/// line `alone` says must be seen by itself (a drawn card, a conversion) gets its own page.
pub fn pages(lines: &[String], rows: usize, alone: impl Fn(&str) -> bool) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = vec![];
    let mut page: Vec<String> = vec![];
    for l in lines {
        let wrapped = wrap(l);
        if (alone(l) || page.len() + wrapped.len() > rows) && !page.is_empty() {
            out.push(std::mem::take(&mut page));
        }
        if alone(l) {
            // Alone, and still never more than a page: a long card reads on two, shared
            // evenly (seven rows read four and three, never six and its last word alone).
            let per = wrapped.len().div_ceil(wrapped.len().div_ceil(rows).max(1));
            out.extend(wrapped.chunks(per.max(1)).map(<[String]>::to_vec));
            continue;
        }
        // A line longer than a page has pages of its own.
        for chunk in wrapped.chunks(rows) {
            if page.len() + chunk.len() > rows {
                out.push(std::mem::take(&mut page));
            }
            page.extend_from_slice(chunk);
        }
    }
    if !page.is_empty() {
        out.push(page);
    }
    out
}

/// Lines wrapped one after another.
pub fn wrap_all<S: AsRef<str>>(lines: &[S]) -> Vec<String> {
    lines.iter().flat_map(|l| wrap(l.as_ref())).collect()
}

/// A line for the device's log: the protocol's hints for typing (`buy`, "(`roll`)") mean
/// nothing at a table of buttons, so they are left out.
pub fn for_table(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    // A parenthesis holding a typed command goes entirely: " (`roll`)".
    while let Some(open) = rest.find(" (`") {
        let Some(close) = rest[open..].find(')') else {
            break;
        };
        out.push_str(&rest[..open]);
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    // A tail that only names typed commands goes too: "...: `illuminati Ann ID`", "...:
    // `draw GROUP` or `draw special [ID]`", "...; `bid PLAYER AMOUNT` or `pass PLAYER`", a
    // parenthesis after them kept (" (Bob, Cy still in)").
    let only_commands = |tail: &str| {
        tail.split('`')
            .enumerate()
            .all(|(i, part)| i % 2 == 1 || matches!(part.trim(), "" | "or" | "," | "." | "and"))
    };
    if let Some(at) = out.find(": `").or_else(|| out.find("; `")) {
        let tail = &out[at + 2..];
        let (commands, after) = match tail.rfind("` (") {
            Some(p) if tail.ends_with(')') => (&tail[..=p], tail[p + 1..].to_string()),
            _ => (tail, String::new()),
        };
        if only_commands(commands) {
            out = format!("{}{after}", &out[..at]);
        }
    }
    out.replace('`', "")
}

/// The last `rows` wrapped lines of the log, `back` lines from its end.
pub fn log_window(log: &[String], back: usize, rows: usize) -> Vec<String> {
    let lines = wrap_all(log);
    let end = lines.len().saturating_sub(back);
    lines[end.saturating_sub(rows)..end].to_vec()
}

/// One line of the 5x8 font at text row `row`, from pixel column `x`; inverted for the header
/// and the chosen menu line.
pub fn line(frame: &mut Frame, x: i32, row: usize, s: &str, inverted: bool) {
    let y = row as i32 * 8;
    let fg = if inverted {
        let _ = Rectangle::new(Point::new(x, y), Size::new(128 - x as u32, 8))
            .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
            .draw(frame);
        BinaryColor::Off
    } else {
        BinaryColor::On
    };
    let style = MonoTextStyle::new(FONT, fg);
    let _ = Text::with_baseline(&fit(s), Point::new(x + 1, y), style, Baseline::Top).draw(frame);
}

/// Rows read from `scroll` down, as many as the screen holds beside a one-line menu, with a
/// hint while more are above or below (UP/DOWN scroll them).
pub fn scrolled(rows: &[String], scroll: usize) -> Vec<String> {
    let room = ROWS - 2;
    if rows.len() <= room {
        return rows.to_vec();
    }
    let start = scroll.min(rows.len() - (room - 1));
    let mut out: Vec<String> = rows[start..].iter().take(room - 1).cloned().collect();
    let below = start + out.len() < rows.len();
    out.push(
        match (start > 0, below) {
            (true, true) => "UP/DOWN: more",
            (false, true) => "DOWN: more",
            _ => "UP: back to the top",
        }
        .into(),
    );
    out
}

/// The rows a message may take beside a menu shrunk to its chosen line, that line read whole
/// above it when too long for a row (as `rows` lays them out).
pub fn room(labels: &[String], sel: usize) -> usize {
    let whole = match labels.get(sel) {
        Some(l) if width(l) > COLS => wrap(l).len(),
        _ => 0,
    };
    ROWS - 2 - whole
}

/// The screen every view shares, drawn: a header bar, the message rows, the menu rows with
/// the chosen line inverted (`rows`).
pub fn layout(
    frame: &mut Frame,
    header: &str,
    message: &[String],
    labels: &[String],
    sel: usize,
    menu_rows: usize,
) {
    frame.clear();
    for (i, (text, inverted)) in rows(header, message, labels, sel, menu_rows)
        .iter()
        .enumerate()
    {
        line(frame, 0, i, text, *inverted);
    }
}

/// The screen's rows, top to bottom, each with whether it is inverted: the header, the
/// message, and the menu scrolled to keep the chosen line in view.
pub fn rows(
    header: &str,
    message: &[String],
    labels: &[String],
    sel: usize,
    menu_rows: usize,
) -> Vec<(String, bool)> {
    let mut out = vec![(fit(header), true)];
    // A chosen line too long for the screen is read whole above the menu where the message
    // leaves room: what OK will do should be readable before it is pressed, but a refusal
    // or a command's lines (gone at the next input) are never cut for it.
    let whole = match labels.get(sel) {
        Some(l) if width(l) > COLS && message.len() + wrap(l).len() < ROWS - 1 => wrap(l),
        _ => vec![],
    };
    // Words that do not fit beside the menu take its rows, down to the chosen line alone
    // (UP/DOWN still reach every line): a refusal or a card is never cut.
    let wanted = message.len() + whole.len();
    let menu_rows = menu_rows
        .min(labels.len())
        .min((ROWS - 1).saturating_sub(wanted).max(1));
    let room = ROWS - 1 - menu_rows;
    let kept = room.saturating_sub(whole.len());
    for l in message.iter().take(kept).chain(whole.iter()).take(room) {
        out.push((fit(l), false));
    }
    if menu_rows == 0 {
        return out;
    }
    // The menu sits at the bottom, whatever the message's length.
    while out.len() < ROWS - menu_rows {
        out.push((String::new(), false));
    }
    let first = sel
        .saturating_sub(menu_rows - 1)
        .min(labels.len() - menu_rows);
    for (i, l) in labels.iter().skip(first).take(menu_rows).enumerate() {
        out.push((fit(l), first + i == sel));
    }
    out
}

/// UP (-1) or DOWN (+1) on a menu of `n` lines: the next line round.
pub fn step(sel: usize, n: usize, dir: i64) -> usize {
    if n == 0 {
        return 0;
    }
    (sel + if dir < 0 { n - 1 } else { 1 }) % n
}

/// What a standings line says first, the game's own measure, shown beside the final chart:
/// "1 Cy 1445" of "1 Cy 1445 (pieces ...)" or of "1 Cy 1445" above "(cash ...)", before any
/// parenthesis or second row.
pub fn measure(line: &str) -> &str {
    let first = line.split('\n').next().unwrap_or("");
    first.split(" (").next().unwrap_or("")
}

/// The columns of the final standings' rows, left of the chart (x 72 on).
pub const FINAL_COLS: usize = 14;

/// A standings row ("2 Bobby st20 25467") in `cols` columns: the name after the place is
/// shortened to make room for every figure, which is never cut. The name is the longest of
/// `names` the row names, else its second word (a team).
pub fn fit_row(row: &str, names: &[String], cols: usize) -> String {
    if row.chars().count() <= cols {
        return row.to_string();
    }
    let Some((place, name, figures)) = row_parts(row, names) else {
        return row.to_string();
    };
    let room = cols
        .saturating_sub(place.chars().count() + 1 + figures.chars().count())
        .max(1);
    format!(
        "{place} {}{figures}",
        name.chars().take(room).collect::<String>()
    )
}

/// A standings row's place, name (the longest of `names` it names, else its second word) and
/// figures (after the name, with their leading space).
fn row_parts<'a>(row: &'a str, names: &[String]) -> Option<(&'a str, &'a str, &'a str)> {
    let (place, rest) = row.split_once(' ')?;
    let name = names
        .iter()
        .filter(|n| !n.is_empty() && rest.starts_with(n.as_str()))
        .max_by_key(|n| n.len())
        .map_or_else(|| rest.split(' ').next().unwrap_or(""), String::as_str);
    Some((place, &rest[..name.len()], &rest[name.len()..]))
}

/// The final standings beside the chart, in `cols` columns: a row a player (`fit_row`), but
/// where the shortened names would leave two players alike (cpu1 and cpu2 both "c", played
/// by hand: "1 c st20 32362" over "3 c st12 12226"), each of those has its name on a row of
/// its own and its figures, whole, on the next.
pub fn final_rows(lines: &[String], names: &[String], cols: usize) -> Vec<String> {
    let rows: Vec<&str> = lines.iter().map(|l| measure(l)).collect();
    let fitted: Vec<String> = rows.iter().map(|r| fit_row(r, names, cols)).collect();
    // Each row's name as shown (a shortened one is no player's name: the row's second word).
    let short: Vec<Option<&str>> = fitted
        .iter()
        .map(|f| row_parts(f, names).map(|(_, name, _)| name))
        .collect();
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let cut = fitted[i] != *row;
        let alike = (0..rows.len()).any(|j| j != i && short[j] == short[i]);
        match row_parts(row, names) {
            Some((place, name, figures)) if cut && alike => {
                let head = format!("{place} {name}");
                out.push(head.chars().take(cols).collect());
                out.push(format!(" {figures}"));
            }
            _ => out.push(fitted[i].clone()),
        }
    }
    out
}
