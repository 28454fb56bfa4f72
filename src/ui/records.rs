//! The Records screen: the table's records (`crate::records`) over every finished game saved
//! on this device, read on pages, each section (players, games, feats, games played, damaged
//! journals) from a page of its own.

use super::text;
use crate::records::{self, table, tally};

/// A line of the records on the device: whether it begins a page (a table's title), the row
/// it belongs to where it is one of that row's later lines, and its text.
struct Thing {
    begins: bool,
    of: Option<String>,
    line: String,
}

/// The records as pages of the screen's message rows: the count first, each table from a
/// page of its own, and each line of a row kept on one page where it fits in one; a row's
/// later line at the top of a page says whose it is ("Bob's wins per game: ...").
pub fn pages(dir: &std::path::Path, read_one: &records::Reader) -> Vec<Vec<String>> {
    let mut folder = records::gather(dir, read_one);
    // A damaged journal by its file name: the folder is the device's own.
    let prefix = format!("{}/", dir.display());
    for d in &mut folder.damaged {
        *d = d.replace(&prefix, "");
    }
    let t = tally::tally(&folder.games);
    let thing = |begins, of, line| Thing { begins, of, line };
    let mut things: Vec<Thing> = (table::head(&folder, true).into_iter())
        .map(|l| thing(false, None, l))
        .collect();
    for table in table::shown(&folder, &t) {
        things.push(thing(true, None, table.title.to_uppercase()));
        for (cells, row) in table.rows.iter().zip(table::lines(&table, true)) {
            let name = table::row_name(cells, true);
            let mut lines = row.into_iter();
            things.extend(lines.next().map(|l| thing(false, None, l)));
            things.extend(lines.map(|l| thing(false, Some(name.clone()), l.trim().to_string())));
        }
    }
    let mut out: Vec<Vec<String>> = vec![];
    let mut page: Vec<String> = vec![];
    for t in things {
        let rows = text::wrap(&t.line);
        if !page.is_empty() && (t.begins || page.len() + rows.len() > text::MESSAGE_ROWS) {
            out.push(std::mem::take(&mut page));
        }
        let rows = match (&t.of, page.is_empty()) {
            (Some(name), true) => text::wrap(&format!("{name}'s {}", t.line)),
            _ => rows,
        };
        for row in rows {
            if page.len() == text::MESSAGE_ROWS {
                out.push(std::mem::take(&mut page));
            }
            page.push(row);
        }
    }
    if !page.is_empty() {
        out.push(page);
    }
    out
}

/// "Records" chosen on the new-game screen: their pages (None: no save folder here).
pub(super) fn open(setup: &super::setup::Setup) -> Option<super::screen::Pages> {
    let dir = setup.journal_dir.as_ref()?;
    let read = super::kinds::played(&setup.games, &setup.rulesets);
    Some(super::screen::Pages {
        title: None,
        pages: pages(dir, &read),
        last: "OK",
    })
}
