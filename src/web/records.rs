//! The records page of the web view (`/records`): the table's records as HTML tables, each
//! game played linked to its report (`/records/report.svg?game=FILE`), and the exports to
//! download (`/records/file?name=plays.csv`).

use std::fmt::Write;
use std::path::{Path, PathBuf};

use crate::records::table::{self, Cell};
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

/// A table of the records' model as HTML: a journal linked to its report, winners in bold.
fn table(out: &mut String, t: &table::Table) {
    let _ = write!(out, "<h2>{}</h2><table><tr>", esc(t.title));
    for c in &t.columns {
        let _ = write!(out, "<th>{}</th>", esc(c.head));
    }
    out.push_str("</tr>");
    for r in &t.rows {
        out.push_str("<tr>");
        for c in r {
            let cell = match c {
                Cell::Text(s) => esc(s),
                Cell::Flag(b) => if *b { "yes" } else { "" }.into(),
                Cell::When(t) => table::date_time(*t),
                Cell::Names(names) => names
                    .iter()
                    .map(|(n, won)| {
                        if *won {
                            format!("<b>{}</b>", esc(n))
                        } else {
                            esc(n)
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
                Cell::Report(f) => link(f),
                Cell::Empty => String::new(),
            };
            let _ = write!(out, "<td>{cell}</td>");
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
    for t in table::shown(&folder, &t) {
        table(&mut out, &t);
    }
    out.push_str("</body></html>");
    out
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
    // A finished game's alone: the one still in play (or one to resume) is nobody's to read
    // whole from a guessed name.
    if !kind
        .glance(rulesets, &journal)
        .is_some_and(|(over, _)| over)
    {
        return Err(format!("no finished game named {game}"));
    }
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
