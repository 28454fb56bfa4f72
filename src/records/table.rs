//! The records as tables: one model (a table of named columns and typed cells, built once
//! from the tally) that the console, the device's pages, the web page and the CSV files each
//! render, so a column added here shows everywhere and a figure cannot differ between them.

use std::path::Path;

use super::rating;
use super::tally::{hours, share, Tally};
use super::{report_link, Folder};

/// A cell as the tally gives it; each rendering writes it its own way.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    /// A yes-or-no column ("computer"): named in text when true, true/false in a file.
    Flag(bool),
    /// A time (Unix seconds, UTC): "29 Nov 22:10" to read, "2026-11-29 22:10:05" in a file.
    When(u64),
    /// The players of a game, the winners marked (a star in text, bold on the web page).
    Names(Vec<(String, bool)>),
    /// A journal by its file name, linked to its report on the web page; left off the
    /// device's small screen.
    Report(String),
    Empty,
}

/// How a column reads in a line of text after the row's name.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Said {
    /// "6 games": the value, then the heading.
    Counted,
    /// "rating 1515": the heading, then the value.
    Named,
    /// The value alone.
    Alone,
    /// A line of its own under the row: "  wins per game: ...".
    Apart,
    /// In the file only (a figure the text already says another way).
    FileOnly,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub head: &'static str,
    pub said: Said,
}

/// A table: its first column names each row.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub title: &'static str,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
    /// The rows the device's small screen lists (the first ones), where not all.
    pub on_screen: Option<usize>,
}

/// How many games played the device's screen lists (the newest).
pub const ON_SCREEN: usize = 10;

fn columns(list: &[(&'static str, Said)]) -> Vec<Column> {
    list.iter()
        .map(|&(head, said)| Column { head, said })
        .collect()
}

fn text(s: impl Into<String>) -> Cell {
    Cell::Text(s.into())
}

fn maybe(s: Option<&str>) -> Cell {
    s.map_or(Cell::Empty, text)
}

/// Every player: games, wins, rating, time, streak, rival, nemesis and wins per game.
pub fn players(t: &Tally) -> Table {
    use Said::*;
    let rows = t
        .players
        .iter()
        .map(|p| {
            let per: Vec<String> = p
                .by_game
                .iter()
                .map(|(g, n, w)| format!("{g} {w}/{n}"))
                .collect();
            vec![
                text(&p.name),
                Cell::Flag(p.computer),
                text(p.games.to_string()),
                text(p.wins.to_string()),
                text(format!("{:.0}", p.rating)),
                text(p.minutes.to_string()),
                text(hours(p.minutes)),
                text(p.streak.to_string()),
                maybe(p.rival.as_deref()),
                maybe(p.nemesis.as_deref()),
                text(per.join("; ")),
            ]
        })
        .collect();
    Table {
        title: "Players",
        columns: columns(&[
            ("player", Alone),
            ("computer", Named),
            ("games", Counted),
            ("wins", Counted),
            ("rating", Named),
            ("minutes", FileOnly),
            ("played", Named),
            ("longest streak", Named),
            ("rival", Apart),
            ("nemesis", Apart),
            ("wins per game", Apart),
        ]),
        rows,
        on_screen: None,
    }
}

/// Every game (ruleset): how many, how long, wins by seat and by side.
pub fn games(t: &Tally) -> Table {
    use Said::*;
    let rows = t
        .games
        .iter()
        .map(|g| {
            let seats: Vec<String> = g
                .seats
                .iter()
                .enumerate()
                .map(|(i, (n, w))| format!("{} {}", i + 1, share(*w, *n)))
                .collect();
            let roles: Vec<String> = g
                .roles
                .iter()
                .map(|(r, n, w)| format!("{r} {}", share(*w, *n)))
                .collect();
            vec![
                text(&g.game),
                text(g.games.to_string()),
                g.mean_minutes
                    .map_or(Cell::Empty, |m| text(format!("{m:.0} min"))),
                g.mean_turns
                    .map_or(Cell::Empty, |n| text(format!("{n:.1}"))),
                g.mean_rounds
                    .map_or(Cell::Empty, |n| text(format!("{n:.1}"))),
                text(seats.join(", ")),
                if roles.is_empty() {
                    Cell::Empty
                } else {
                    text(roles.join(", "))
                },
            ]
        })
        .collect();
    Table {
        title: "Games",
        columns: columns(&[
            ("game", Alone),
            ("games", Counted),
            ("mean length", Named),
            ("mean turns", Named),
            ("mean rounds", Named),
            ("wins by seat", Apart),
            ("wins by side", Apart),
        ]),
        rows,
        on_screen: None,
    }
}

/// The best of each feat per game, with the game it was done in.
pub fn feats(t: &Tally) -> Table {
    use Said::*;
    let rows = t
        .feats
        .iter()
        .map(|f| {
            vec![
                text(&f.game),
                text(&f.feat.what),
                text(&f.feat.words),
                Cell::Report(f.file.clone()),
            ]
        })
        .collect();
    Table {
        title: "Feats",
        columns: columns(&[
            ("game", Alone),
            ("feat", Alone),
            ("done", Alone),
            ("report", Alone),
        ]),
        rows,
        on_screen: None,
    }
}

/// Every game played, newest first, its winners marked.
pub fn played(folder: &Folder) -> Table {
    use Said::*;
    let rows = folder
        .games
        .iter()
        .rev()
        .map(|g| {
            let won = |seat: usize| g.winners.contains(&seat);
            vec![
                text(&g.game),
                Cell::When(g.ended),
                Cell::Names(
                    (g.players.iter().enumerate())
                        .map(|(seat, n)| (n.clone(), won(seat)))
                        .collect(),
                ),
                g.minutes().map_or(Cell::Empty, |m| text(m.to_string())),
                Cell::Report(g.file.clone()),
            ]
        })
        .collect();
    Table {
        title: "Games played",
        columns: columns(&[
            ("game", Alone),
            ("ended (UTC)", Alone),
            ("players (winners starred)", Alone),
            ("min", Counted),
            ("report", Alone),
        ]),
        rows,
        on_screen: Some(ON_SCREEN),
    }
}

/// The journals that could not be read, each with its file, line and fault.
pub fn damaged(folder: &Folder) -> Table {
    Table {
        title: "Damaged journals (not counted)",
        columns: columns(&[("journal", Said::Alone)]),
        rows: folder.damaged.iter().map(|d| vec![text(d)]).collect(),
        on_screen: None,
    }
}

/// The tables every view shows, in order (the damaged journals only where there are some).
pub fn shown(folder: &Folder, t: &Tally) -> Vec<Table> {
    let mut out = vec![players(t), games(t), feats(t), played(folder)];
    if !folder.damaged.is_empty() {
        out.push(damaged(folder));
    }
    out
}

/// A table made for a file alone (every column named the same way).
fn file_table(title: &'static str, heads: &[&'static str], rows: Vec<Vec<Cell>>) -> Table {
    let said = Said::Named;
    Table {
        title,
        columns: heads.iter().map(|&head| Column { head, said }).collect(),
        rows,
        on_screen: None,
    }
}

/// A row per player per game, oldest game first (plays.csv).
pub fn plays(folder: &Folder, saves: &Path) -> Table {
    let mut rows = vec![];
    for g in &folder.games {
        let places = g.places();
        for (seat, name) in g.players.iter().enumerate() {
            rows.push(vec![
                Cell::When(g.ended),
                text(&g.game),
                text(&g.file),
                text(report_link(saves, &g.file)),
                text((seat + 1).to_string()),
                text(name),
                Cell::Flag(g.computers.contains(&seat)),
                text(g.roles.get(seat).cloned().flatten().unwrap_or_default()),
                g.scores
                    .get(seat)
                    .map_or(Cell::Empty, |s| text(s.to_string())),
                text(places[seat].to_string()),
                Cell::Flag(g.winners.contains(&seat)),
                g.minutes().map_or(Cell::Empty, |m| text(m.to_string())),
                g.turns.map_or(Cell::Empty, |t| text(t.to_string())),
                g.rounds.map_or(Cell::Empty, |t| text(t.to_string())),
            ]);
        }
    }
    let heads = [
        "ended", "game", "journal", "report", "seat", "player", "computer", "side", "score",
        "place", "winner", "minutes", "turns", "rounds",
    ];
    file_table("Plays", &heads, rows)
}

/// A row per game and seat, and per game and side: how often each won (games.csv).
pub fn wins(t: &Tally) -> Table {
    let num = |x: Option<f64>| x.map_or(Cell::Empty, |v| text(format!("{v:.1}")));
    let mut rows = vec![];
    for g in &t.games {
        let head = [
            text(&g.game),
            text(g.games.to_string()),
            num(g.mean_minutes),
            num(g.mean_turns),
            num(g.mean_rounds),
        ];
        let by_seat = g
            .seats
            .iter()
            .enumerate()
            .map(|(i, &(n, w))| ("seat", (i + 1).to_string(), n, w));
        let by_side = g.roles.iter().map(|(r, n, w)| ("side", r.clone(), *n, *w));
        for (by, which, n, w) in by_seat.chain(by_side) {
            let tail = [
                text(by),
                text(which),
                text(n.to_string()),
                text(w.to_string()),
            ];
            rows.push(head.iter().chain(&tail).cloned().collect());
        }
    }
    let heads = [
        "game",
        "games",
        "mean minutes",
        "mean turns",
        "mean rounds",
        "by",
        "which",
        "played",
        "wins",
    ];
    file_table("Wins by seat and side", &heads, rows)
}

/// A cell as plain text: `screen` for the device's small screen.
fn plain(cell: &Cell, screen: bool) -> String {
    match cell {
        Cell::Text(s) => s.clone(),
        Cell::Flag(b) => b.to_string(),
        Cell::When(t) => crate::journal::day_and_time(*t),
        Cell::Names(names) => names
            .iter()
            .map(|(n, won)| if *won { format!("{n}*") } else { n.clone() })
            .collect::<Vec<_>>()
            .join(", "),
        Cell::Report(f) if screen => String::new(),
        Cell::Report(f) => format!("({f})"),
        Cell::Empty => String::new(),
    }
}

/// What names a row: its first cell, as text.
pub fn row_name(row: &[Cell], screen: bool) -> String {
    row.first().map_or_else(String::new, |c| plain(c, screen))
}

/// A table as lines of text, row by row (each row's lines together): the row's name, then
/// its columns as the table says them; `screen` for the device (no file names, only the
/// rows it lists).
pub fn lines(table: &Table, screen: bool) -> Vec<Vec<String>> {
    let most = if screen {
        table.on_screen.unwrap_or(usize::MAX)
    } else {
        usize::MAX
    };
    table
        .rows
        .iter()
        .take(most)
        .map(|row| {
            let mut inline = vec![];
            let mut apart = vec![];
            let mut report = String::new();
            for (cell, col) in row.iter().zip(&table.columns).skip(1) {
                let value = plain(cell, screen);
                if value.is_empty() || *cell == Cell::Flag(false) {
                    continue;
                }
                match (col.said, cell) {
                    (_, Cell::Flag(true)) => inline.push(col.head.to_string()),
                    // "1 game", "3 games".
                    (Said::Counted, _) if value == "1" => {
                        let one = col.head.strip_suffix('s').unwrap_or(col.head);
                        inline.push(format!("1 {one}"))
                    }
                    (Said::Counted, _) => inline.push(format!("{value} {}", col.head)),
                    (_, Cell::Report(_)) => report = format!(" {value}"),
                    (Said::Named, _) => inline.push(format!("{} {value}", col.head)),
                    (Said::Alone, _) => inline.push(value),
                    (Said::Apart, _) => apart.push(format!("  {}: {value}", col.head)),
                    (Said::FileOnly, _) => {}
                }
            }
            let name = row_name(row, screen);
            let mut out = vec![if inline.is_empty() {
                format!("{name}{report}")
            } else {
                format!("{name}: {}{report}", inline.join(", "))
            }];
            out.extend(apart);
            out
        })
        .collect()
}

/// A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180).
pub fn field(s: &str) -> String {
    // A cell a spreadsheet would run as a formula (a player named "=1+1") is written as text
    // (OWASP's advice for CSV injection): a quote before it. A number such as -5 is left.
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) && s.parse::<f64>().is_err() {
        return field(&format!("'{s}"));
    }
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A table as CSV (RFC 4180: CRLF line ends), its headings first, every column.
pub fn csv(table: &Table) -> String {
    let line = |fields: Vec<String>| {
        let mut l = fields
            .iter()
            .map(|f| field(f))
            .collect::<Vec<_>>()
            .join(",");
        l.push_str("\r\n");
        l
    };
    let mut out = line(table.columns.iter().map(|c| c.head.to_string()).collect());
    for row in &table.rows {
        out.push_str(&line(
            row.iter()
                .map(|c| match c {
                    Cell::When(t) => date_time(*t),
                    Cell::Report(f) => f.clone(),
                    other => plain(other, false),
                })
                .collect(),
        ));
    }
    out
}

/// "2026-11-28 20:31:05" (UTC), as BG Stats and spreadsheets read a date and time.
pub fn date_time(unix: u64) -> String {
    let (y, mo, d, h, mi, s) = crate::journal::civil(unix);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}")
}

/// The records as lines of text, as `boardside records` prints them: the count and the
/// rating's explanation, then each table of `shown`; for the device's small screen
/// (`screen`), without the journals' file names and with only the newest games played.
pub fn printed(folder: &Folder, t: &Tally, screen: bool) -> Vec<String> {
    let mut out = head(folder, screen);
    for table in shown(folder, t) {
        out.push(String::new());
        out.push(table.title.to_uppercase());
        out.extend(lines(&table, screen).into_iter().flatten());
    }
    out
}

/// What comes before the tables: how many games, the damaged journals counted, the cache's
/// note and the rating explained.
pub fn head(folder: &Folder, screen: bool) -> Vec<String> {
    let mut out = vec![format!(
        "{} finished game{}{}",
        folder.games.len(),
        if folder.games.len() == 1 { "" } else { "s" },
        if folder.damaged.is_empty() {
            String::new()
        } else {
            format!(
                "; {} journal{} damaged (named below)",
                folder.damaged.len(),
                if folder.damaged.len() == 1 { "" } else { "s" }
            )
        }
    )];
    out.extend(folder.note.clone());
    out.push(
        if screen {
            rating::EXPLAINED_SHORT
        } else {
            rating::EXPLAINED
        }
        .into(),
    );
    out
}
