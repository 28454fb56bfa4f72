//! The records page of the web view (`/records`): the table's records as HTML tables, each
//! game played linked to its report (`/records/report.svg?game=FILE`), and the exports to
//! download (`/records/file?name=plays.csv`).

use std::fmt::Write;
use std::path::{Path, PathBuf};

use crate::records::{export, rating, tally};

/// Text safe inside HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A query value for a file name (its bytes outside letters, digits and `.-_` as %XX).
fn query(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'.' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn table(out: &mut String, head: &[&str], rows: &[Vec<String>]) {
    out.push_str("<table><tr>");
    for h in head {
        let _ = write!(out, "<th>{}</th>", esc(h));
    }
    out.push_str("</tr>");
    for r in rows {
        out.push_str("<tr>");
        for c in r {
            // Cells arrive escaped (a link is made here, not from a name).
            let _ = write!(out, "<td>{c}</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
}

pub fn page(dir: &Path, rulesets: &[PathBuf]) -> String {
    let folder = crate::games::records(dir, rulesets);
    let t = tally::tally(&folder.games);
    let mut out = String::from(
        "<!doctype html><html><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width\"><title>Boardside records</title><style>body{font-family:\
         sans-serif;margin:1em}table{border-collapse:collapse;margin-bottom:1.5em}td,th{border:\
         1px solid #bbb;padding:.2em .5em;text-align:left}th{background:#eee}</style></head>\
         <body><h1>Records</h1>",
    );
    let _ = write!(
        out,
        "<p>{} finished games. {}</p><p>Export: <a href=\"/records/file?name=plays.csv\">\
         plays.csv</a> · <a href=\"/records/file?name=players.csv\">players.csv</a> · \
         <a href=\"/records/file?name=games.csv\">games.csv</a> · \
         <a href=\"/records/file?name=boardside.bgsplay\">boardside.bgsplay</a> (BG Stats)</p>",
        folder.games.len(),
        esc(rating::EXPLAINED)
    );
    players(&mut out, &t);
    games(&mut out, &t);
    feats(&mut out, &t);
    played(&mut out, &folder);
    if !folder.damaged.is_empty() {
        out.push_str("<h2>Damaged journals (not counted)</h2><ul>");
        for d in &folder.damaged {
            let _ = write!(out, "<li>{}</li>", esc(d));
        }
        out.push_str("</ul>");
    }
    out.push_str("</body></html>");
    out
}

/// The players' table: rating, games, wins, time played, streak, rival and nemesis.
fn players(out: &mut String, t: &tally::Tally) {
    out.push_str("<h2>Players</h2>");
    let rows: Vec<Vec<String>> = t
        .players
        .iter()
        .map(|p| {
            let per: Vec<String> = p
                .by_game
                .iter()
                .map(|(g, n, w)| format!("{g} {w}/{n}"))
                .collect();
            vec![
                esc(&format!(
                    "{}{}",
                    p.name,
                    if p.computer { " (computer)" } else { "" }
                )),
                format!("{:.0}", p.rating),
                p.games.to_string(),
                p.wins.to_string(),
                esc(&per.join(", ")),
                tally::hours(p.minutes),
                p.streak.to_string(),
                esc(p.rival.as_deref().unwrap_or("")),
                esc(p.nemesis.as_deref().unwrap_or("")),
            ]
        })
        .collect();
    table(
        out,
        &[
            "player",
            "rating",
            "games",
            "wins",
            "wins per game",
            "played",
            "streak",
            "rival",
            "nemesis",
        ],
        &rows,
    );
}

/// The games' table: how long, how many turns, wins by seat and by side.
fn games(out: &mut String, t: &tally::Tally) {
    out.push_str("<h2>Games</h2>");
    let rows: Vec<Vec<String>> = t
        .games
        .iter()
        .map(|g| {
            let seats: Vec<String> = g
                .seats
                .iter()
                .enumerate()
                .map(|(i, (n, w))| format!("{} {}", i + 1, tally::share(*w, *n)))
                .collect();
            let roles: Vec<String> = g
                .roles
                .iter()
                .map(|(r, n, w)| format!("{r} {}", tally::share(*w, *n)))
                .collect();
            vec![
                esc(&g.game),
                g.games.to_string(),
                g.mean_minutes
                    .map_or_else(String::new, |m| format!("{m:.0} min")),
                g.mean_turns.map_or_else(String::new, |n| format!("{n:.1}")),
                esc(&seats.join(", ")),
                esc(&roles.join(", ")),
            ]
        })
        .collect();
    table(
        out,
        &[
            "game",
            "games",
            "mean length",
            "mean turns",
            "wins by seat",
            "wins by side",
        ],
        &rows,
    );
}

/// The feats, each linked to its game's report.
fn feats(out: &mut String, t: &tally::Tally) {
    out.push_str("<h2>Feats</h2>");
    let rows: Vec<Vec<String>> = t
        .feats
        .iter()
        .map(|f| {
            vec![
                esc(&f.game),
                esc(&f.feat.what),
                esc(&f.feat.words),
                link(&f.file),
            ]
        })
        .collect();
    table(out, &["game", "feat", "", "report"], &rows);
}

/// Every game played, newest first, its winners in bold.
fn played(out: &mut String, folder: &crate::records::Folder) {
    out.push_str("<h2>Games played</h2>");
    let rows: Vec<Vec<String>> = folder
        .games
        .iter()
        .rev()
        .map(|g| {
            let names = g.names(|n| format!("<b>{}</b>", esc(n)), esc);
            vec![
                export::date_time(g.ended),
                esc(&g.game),
                names.join(", "),
                g.minutes().map_or_else(String::new, |m| m.to_string()),
                link(&g.file),
            ]
        })
        .collect();
    table(
        out,
        &[
            "ended (UTC)",
            "game",
            "players (winners in bold)",
            "minutes",
            "report",
        ],
        &rows,
    );
}

fn link(file: &str) -> String {
    format!(
        "<a href=\"/records/report.svg?game={}\">{}</a>",
        query(file),
        esc(file)
    )
}

/// A saved game's report as SVG: only a journal of the save folder, by its file name.
pub fn report(dir: &Path, rulesets: &[PathBuf], game: &str) -> Result<String, String> {
    let journal = saved(dir, game)?;
    let kind = crate::ui::kinds::for_journal(&crate::games::all(), &journal)?;
    let picture = kind.picture(rulesets, &journal)?;
    crate::report::svg(&picture)
}

/// An export file, made now.
pub fn export(
    dir: &Path,
    rulesets: &[PathBuf],
    name: &str,
) -> Result<(&'static str, String), String> {
    let folder = crate::games::records(dir, rulesets);
    let t = tally::tally(&folder.games);
    let kind = if name.ends_with(".csv") {
        "text/csv; charset=utf-8"
    } else {
        "application/json"
    };
    export::file(name, &folder, &t, dir)
        .map(|text| (kind, text))
        .ok_or_else(|| format!("no export named {name}"))
}

/// A journal of the folder named by its file name alone (nothing outside the folder).
fn saved(dir: &Path, name: &str) -> Result<PathBuf, String> {
    let plain = !name.is_empty()
        && name.ends_with(".journal")
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
        && !name.starts_with('.');
    let path = dir.join(name);
    if plain && path.is_file() {
        Ok(path)
    } else {
        Err(format!("no saved game named {name}"))
    }
}
