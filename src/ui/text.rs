//! Words and lines on the 128x64 screen, for every game's screens: a line cut or wrapped to
//! the 25 columns of the 5x8 font, the protocol's typing hints taken out for the table, and
//! the one layout every screen shares (a header bar, the message rows, the menu rows with
//! the chosen line inverted).

use embedded_graphics::mono_font::ascii::FONT_5X8;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Baseline, Text};

use crate::hw::Frame;

pub const COLS: usize = 25;
/// Text rows on the screen (the header is row 0).
pub const ROWS: usize = 8;

/// A name in at most `width` columns, its words shortened to initials from the last one back
/// ("Closed Quarters Standby" in 18: "Closed Quarters S."), never cut mid-word unmarked.
pub fn shorten(name: &str, width: usize) -> String {
    let mut words: Vec<String> = name.split_whitespace().map(str::to_string).collect();
    for i in (0..words.len()).rev() {
        if words.join(" ").len() <= width {
            break;
        }
        if let Some(c) = words[i].chars().next() {
            words[i] = format!("{c}.");
        }
    }
    let short = words.join(" ");
    if short.len() <= width {
        short
    } else {
        short.chars().take(width).collect()
    }
}

/// Cut a line to the screen's width.
pub fn fit(s: &str) -> String {
    let ascii: String = s
        .chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() {
                c
            } else {
                '?'
            }
        })
        .collect();
    if ascii.len() <= COLS {
        return ascii;
    }
    // Too long for the screen: cut after the last whole word ("@Interrogation", not
    // "@Interrogation Su"), unless that would lose more than a third of the line.
    let cut = &ascii[..COLS];
    match cut.rfind(' ') {
        Some(at) if at >= COLS * 2 / 3 => cut[..at].to_string(),
        _ => cut.to_string(),
    }
}

/// Wrap text into lines of the screen's width.
pub fn wrap(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let word = fit(word);
        if !line.is_empty() && line.len() + 1 + word.len() > COLS {
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
            // Alone, and still never more than a page: a long card reads on two.
            out.extend(wrapped.chunks(rows).map(<[String]>::to_vec));
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
    let style = MonoTextStyle::new(&FONT_5X8, fg);
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
        Some(l) if l.len() > COLS => wrap(l).len(),
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
        Some(l) if l.len() > COLS && message.len() + wrap(l).len() < ROWS - 1 => wrap(l),
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
