//! The Records screen: the table's records (`crate::records`) over every finished game saved
//! on this device, read on pages, each section (players, games, feats, games played, damaged
//! journals) from a page of its own.

use super::*;
use crate::records::{self, tally};

/// The lines that begin a section.
const SECTIONS: [&str; 5] = [
    "PLAYERS",
    "GAMES",
    "FEATS",
    "PLAYED",
    "DAMAGED (not counted)",
];

/// The records as pages of the screen's message rows: each section from a page of its own,
/// and each thing (a player with the lines under it, a game, a feat) kept on one page where
/// it fits in one.
pub fn pages(dir: &std::path::Path, read_one: &records::Reader) -> Vec<Vec<String>> {
    let mut folder = records::gather(dir, read_one);
    // A damaged journal by its file name: the folder is the device's own.
    let prefix = format!("{}/", dir.display());
    for d in &mut folder.damaged {
        *d = d.replace(&prefix, "");
    }
    let t = tally::tally(&folder.games);
    // Things as their wrapped rows; a section's name goes with its first thing.
    let mut things: Vec<(bool, Vec<String>)> = vec![];
    let mut section = false;
    for line in tally::lines(&folder, &t, true) {
        if line.is_empty() {
            continue;
        }
        let rows = text::wrap(&line);
        match things.last_mut() {
            Some((_, last)) if line.starts_with("  ") => last.extend(rows),
            Some((true, last)) if last.len() == 1 && section => {
                last.extend(rows);
                section = false;
            }
            _ => {
                section = SECTIONS.contains(&line.as_str());
                things.push((section, rows));
            }
        }
    }
    let mut out: Vec<Vec<String>> = vec![];
    let mut page: Vec<String> = vec![];
    for (new_section, rows) in things {
        if !page.is_empty() && (new_section || page.len() + rows.len() > text::MESSAGE_ROWS) {
            out.push(std::mem::take(&mut page));
        }
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

impl Ui {
    /// "Records" chosen on the new-game screen.
    pub(super) fn open_records(&mut self) {
        let Some(dir) = self.setup.journal_dir.clone() else {
            return;
        };
        let pages = {
            let read = super::kinds::played(&self.setup.games, &self.setup.rulesets);
            pages(&dir, &read)
        };
        self.read_pages(pages);
    }
}
