//! The label sheet: one round label per piece, sized to cover a 25 mm NFC sticker, in the
//! order a pass of "Enrol a set" asks for them (`crate::sets`), each with its sticker's name
//! ("deeds 12") and the piece's name, the text sized to stay inside its circle.

use super::{leading, pt, width, wrap_rows, Align, Doc, Drawing, MARGIN};
use crate::sets::PieceSet;

/// A label's diameter in mm: a 25 mm sticker, covered.
pub const DIAMETER: f32 = 26.0;
/// From one label's centre to the next, in mm (room for scissors between).
pub const PITCH: f32 = 30.0;
/// How far inside its circle a label's text stays, in mm.
pub const INSET: f32 = 1.5;

/// Where a label was printed: its page (from 0), its centre in mm, its sticker.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub page: usize,
    pub centre: (f32, f32),
    pub sticker: String,
}

/// How many labels a row of the page holds, and the first centre's x.
fn columns(doc: &Doc) -> (usize, f32) {
    let (aw, _) = doc.area();
    let cols = (aw / PITCH).floor().max(1.0) as usize;
    (
        cols,
        MARGIN + (aw - cols as f32 * PITCH) / 2.0 + PITCH / 2.0,
    )
}

/// The height of a set's heading above its labels, in mm.
const HEADING: f32 = 7.0;

/// The label sheet of these sets (the last, "everything", left out: its labels are the
/// others'), set after set, each beginning a row under its name, a set too long for the page
/// going on over the next. Returns where each label went, for a test or a tool to find them.
pub fn sheet(doc: &mut Doc, game: &str, sets: &[PieceSet]) -> Vec<Placed> {
    let (cols, left) = columns(doc);
    let bottom = Doc::top() + doc.area().1;
    let heading = format!("{game}: labels, numbered as \"Enrol a set\" asks for them");
    let mut placed = Vec::new();
    let mut y = bottom; // no page yet
    for set in sets.iter().filter(|s| s.key != "all") {
        for (r, row) in set.slots.chunks(cols).enumerate() {
            let need = if r == 0 { HEADING + PITCH } else { PITCH };
            if y + need > bottom {
                doc.page(&heading);
                y = Doc::top();
            }
            let page = doc.pages.len() - 1;
            let d = doc.pages.last_mut().expect("a page was just added");
            if r == 0 || y == Doc::top() {
                let more = if r == 0 { "" } else { " (continued)" };
                let title = format!("{} ({} labels){more}", set.name, set.slots.len());
                d.text(MARGIN, y + 5.0, 9.0, true, &title, Align::Left);
                y += HEADING;
            }
            for (c, slot) in row.iter().enumerate() {
                let centre = (left + c as f32 * PITCH, y + PITCH / 2.0);
                label(d, centre, &slot.sticker, &slot.words);
                placed.push(Placed {
                    page,
                    centre,
                    sticker: slot.sticker.clone(),
                });
            }
            y += PITCH;
        }
    }
    placed
}

/// One label: its circle, the sticker's name in bold, the piece's words below it, as large
/// as lets every row sit inside the circle (a row's room is the circle's chord at the row's
/// edge furthest from the centre).
pub fn label(d: &mut Drawing, centre: (f32, f32), sticker: &str, words: &str) {
    d.circle(centre, DIAMETER / 2.0, 0.25, false);
    let r = DIAMETER / 2.0 - INSET;
    let mut size = 9.0;
    while size >= 3.0 {
        if let Some(rows) = fit(r, size, sticker, words) {
            let lead = leading(size);
            let top = centre.1 - lead * rows.len() as f32 / 2.0;
            for (i, row) in rows.iter().enumerate() {
                let base = top + lead * (i as f32 + 0.8);
                d.text(centre.0, base, size, i == 0, row, Align::Centre);
            }
            return;
        }
        size -= 0.25;
    }
    // Nothing fits even small: the sticker's name alone, which always does.
    d.text(
        centre.0,
        centre.1 + pt(3.0) / 2.0,
        6.0,
        true,
        sticker,
        Align::Centre,
    );
}

/// The label's rows at this size (the sticker's name, then the words), or None when they do
/// not all fit inside a circle of radius `r`.
fn fit(r: f32, size: f32, sticker: &str, words: &str) -> Option<Vec<String>> {
    let lead = leading(size);
    for n in 1..=6usize {
        let total = n + 1;
        let half = lead * total as f32 / 2.0;
        if half > r {
            return None;
        }
        // Row i spans [top + i lead, top + (i+1) lead] from the centre.
        let room = |i: usize| {
            let a = -half + lead * i as f32;
            let b = a + lead;
            let far = a.abs().max(b.abs());
            2.0 * (r * r - far * far).max(0.0).sqrt()
        };
        if width(sticker, size, true) > room(0) {
            continue;
        }
        let rows = wrap_rows(words, size, false, &mut |i| {
            if i < n {
                room(i + 1)
            } else {
                0.0
            }
        });
        // Laid out for n rows, drawn as n rows: fewer would sit elsewhere in the circle.
        if let Some(rows) = rows.filter(|rows| rows.len() == n) {
            let mut out = vec![sticker.to_string()];
            out.extend(rows);
            return Some(out);
        }
    }
    None
}
