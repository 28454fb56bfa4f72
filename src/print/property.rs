//! The property games' printed parts, from the ruleset: the board (its squares round a square,
//! names, prices and group colours), the title deeds (each rent as the rules charge it) and the
//! card decks, each card's back beside its front to fold over.

use super::{leading, pt, Align, Doc, Drawing, Rgb, Shape, MARGIN};
use crate::engine::property::narrate::{a, capitalise};
use crate::engine::property::ruleset::{Kind, Ruleset};

/// The board's side, its corner squares' side, in mm (a shop board is about 50 cm).
const SIDE: f32 = 480.0;
const CORNER: f32 = 64.0;

/// The colours a lot group prints in: its own when its id names one of the standard board's,
/// else the standard board's colours in the order the groups come.
fn colour(rules: &Ruleset, group: usize) -> Rgb {
    const NAMED: [(&str, Rgb); 8] = [
        ("brown", (0.55, 0.36, 0.22)),
        ("light-blue", (0.67, 0.85, 0.95)),
        ("pink", (0.85, 0.22, 0.6)),
        ("orange", (0.97, 0.58, 0.1)),
        ("red", (0.9, 0.1, 0.15)),
        ("yellow", (1.0, 0.9, 0.0)),
        ("green", (0.1, 0.62, 0.3)),
        ("dark-blue", (0.0, 0.35, 0.7)),
    ];
    let id = rules.groups.get(group).map_or("", |g| g.id.as_str());
    if let Some((_, c)) = NAMED.iter().find(|(n, _)| *n == id) {
        return *c;
    }
    // The n-th group of lots takes the n-th colour round the board.
    let lots: Vec<usize> = (0..rules.groups.len())
        .filter(|&g| {
            rules
                .squares
                .iter()
                .any(|s| matches!(s.kind, Kind::Lot { group, .. } if group == g))
        })
        .collect();
    let n = lots.iter().position(|&g| g == group).unwrap_or(0);
    NAMED[n % NAMED.len()].1
}

/// Everything printed for a property game.
pub fn print(rules: &Ruleset, doc: &mut Doc, parts: super::Parts) {
    if parts.board {
        doc.tiled(&format!("{} board", rules.name), &board(rules));
    }
    if parts.deeds {
        deeds(rules, doc);
    }
    if parts.decks {
        decks(rules, doc);
    }
}

/// The board: square 0 at the bottom right, the squares going clockwise round it, a side's
/// worth each (`squares / 4`), each side's text read from outside the board.
pub fn board(rules: &Ruleset) -> Drawing {
    let n = rules.squares.len();
    let per_side = n.div_ceil(4).max(1);
    let edge = (SIDE - 2.0 * CORNER) / (per_side.saturating_sub(1).max(1)) as f32;
    let mut d = Drawing::new(SIDE, SIDE);
    d.rect(0.0, 0.0, SIDE, SIDE, None, 0.5);
    for i in 0..n {
        let side = i / per_side;
        let k = i % per_side;
        // Drawn as if on the bottom side, then turned into place.
        let mut one = Drawing::new(SIDE, SIDE);
        let (x, w) = if k == 0 {
            (SIDE - CORNER, CORNER)
        } else {
            (SIDE - CORNER - k as f32 * edge, edge)
        };
        square(rules, i, &mut one, x, SIDE - CORNER, w, k == 0);
        for s in one.shapes {
            d.shapes.push(turned(s, side as u8));
        }
    }
    let c = SIDE / 2.0;
    d.text(c, c - 10.0, 40.0, true, &rules.name, Align::Centre);
    d.text(
        c,
        c + 10.0,
        12.0,
        false,
        &format!("The bank: {} (Boardside)", rules.theme.bank),
        Align::Centre,
    );
    d
}

/// One square on the bottom side: (x, y) its top left, `w` wide, `CORNER` tall.
fn square(rules: &Ruleset, i: usize, d: &mut Drawing, x: f32, y: f32, w: f32, corner: bool) {
    let sq = &rules.squares[i];
    let h = CORNER;
    d.rect(x, y, w, h, None, 0.3);
    let mid = x + w / 2.0;
    let mut top = y + 4.0;
    if let Kind::Lot { group, .. } = sq.kind {
        d.rect(x, y, w, h * 0.2, Some(colour(rules, group)), 0.3);
        top = y + h * 0.2 + 4.0;
    }
    let size = if corner { 12.0 } else { 9.0 };
    let mut base = d.paragraph(mid, top + pt(size), w - 3.0, size, &sq.name);
    let money = &rules.theme.money;
    let note = match &sq.kind {
        Kind::Start => Some(format!("Collect {} {money} as you pass", rules.salary)),
        Kind::Jail => Some(rules.theme.visiting.clone()),
        Kind::Card { deck } => rules
            .decks
            .get(*deck)
            .map(|d| format!("Take {} card", a(&d.name))),
        Kind::Tax { amount, percent } => Some(match percent {
            Some(p) => format!("Pay {amount} or {p}%"),
            None => format!("Pay {amount}"),
        }),
        _ => None,
    };
    if let Some(note) = note {
        base += 1.5;
        d.paragraph(mid, base, w - 3.0, 7.5, &note);
    }
    if let Some(price) = sq.price() {
        d.text(
            mid,
            y + h - 4.0,
            10.0,
            true,
            &format!("{price} {money}"),
            Align::Centre,
        );
    }
}

/// A shape of the bottom side turned `quarters` quarter-turns clockwise about the board's
/// centre, onto the left, top or right side.
fn turned(s: Shape, quarters: u8) -> Shape {
    let c = SIDE / 2.0;
    let turn = |(x, y): (f32, f32)| {
        let mut p = (x, y);
        for _ in 0..quarters % 4 {
            p = (c - (p.1 - c), c + (p.0 - c));
        }
        p
    };
    match s {
        Shape::Rect {
            x,
            y,
            w,
            h,
            fill,
            line,
        } => {
            let (a, b) = (turn((x, y)), turn((x + w, y + h)));
            Shape::Rect {
                x: a.0.min(b.0),
                y: a.1.min(b.1),
                w: (a.0 - b.0).abs(),
                h: (a.1 - b.1).abs(),
                fill,
                line,
            }
        }
        Shape::Line {
            from,
            to,
            line,
            dashed,
            colour,
        } => Shape::Line {
            from: turn(from),
            to: turn(to),
            line,
            dashed,
            colour,
        },
        Shape::Circle {
            centre,
            r,
            line,
            dashed,
        } => Shape::Circle {
            centre: turn(centre),
            r,
            line,
            dashed,
        },
        Shape::Text {
            x,
            y,
            size,
            bold,
            text,
            align,
            quarter,
        } => {
            let (x, y) = turn((x, y));
            Shape::Text {
                x,
                y,
                size,
                bold,
                text,
                align,
                // Clockwise on the page is the other way round from the text's own turn.
                quarter: (quarter + 4 - quarters % 4) % 4,
            }
        }
        other => other,
    }
}

/// A card's size in mm: deeds upright as a shop's (63 x 88), deck cards landscape.
const DEED: (f32, f32) = (63.0, 88.0);
const CARD: (f32, f32) = (82.0, 51.0);

/// The title deeds, nine to a page: the group's colour and name, each rent as the rules
/// charge it, the mortgage, the building's price, and the label the deed's tag has.
pub fn deeds(rules: &Ruleset, doc: &mut Doc) {
    let (aw, ah) = doc.area();
    let cols = (aw / DEED.0).floor().max(1.0) as usize;
    let rows = (ah / DEED.1).floor().max(1.0) as usize;
    let list = rules.deeds();
    for (p, chunk) in list.chunks(cols * rows).enumerate() {
        let page = doc.page(&format!(
            "{}: title deeds {} of {}",
            rules.name,
            p + 1,
            list.len().div_ceil(cols * rows)
        ));
        for (j, &sq) in chunk.iter().enumerate() {
            let x = MARGIN + (j % cols) as f32 * DEED.0;
            let y = Doc::top() + (j / cols) as f32 * DEED.1;
            deed(rules, sq, p * cols * rows + j + 1, page, x, y);
        }
    }
}

fn deed(rules: &Ruleset, sq: usize, number: usize, d: &mut Drawing, x: f32, y: f32) {
    let s = &rules.squares[sq];
    let (w, h) = DEED;
    let t = &rules.theme;
    d.rect(x, y, w, h, None, 0.3);
    let mid = x + w / 2.0;
    let band = 16.0;
    if let Kind::Lot { group, .. } = s.kind {
        d.rect(
            x + 3.0,
            y + 3.0,
            w - 6.0,
            band,
            Some(colour(rules, group)),
            0.3,
        );
    } else {
        d.rect(x + 3.0, y + 3.0, w - 6.0, band, None, 0.3);
    }
    d.text(mid, y + 8.0, 6.0, false, "TITLE DEED", Align::Centre);
    d.paragraph(mid, y + 13.5, w - 10.0, 9.0, &s.name);
    let mut lines: Vec<(String, String)> = Vec::new();
    let money = |v: i64| format!("{v}");
    match &s.kind {
        Kind::Lot {
            rents, build_cost, ..
        } => {
            let top = rents.len().saturating_sub(1);
            for (i, r) in rents.iter().enumerate() {
                let what = match i {
                    0 => capitalise(&t.rent),
                    i if i == top => format!("With {}", a(&t.hotel)),
                    1 => format!("With 1 {}", t.house),
                    i => format!("With {i} {}", t.houses),
                };
                lines.push((what, money(*r)));
            }
            lines.push((String::new(), String::new()));
            lines.push((format!("{} cost", t.houses), format!("{build_cost} each")));
        }
        Kind::Station { rents, .. } => {
            for (i, r) in rents.iter().enumerate() {
                lines.push((
                    format!("{} if {} owned", capitalise(&t.rent), i + 1),
                    money(*r),
                ));
            }
        }
        Kind::Utility { multipliers, .. } => {
            for (i, m) in multipliers.iter().enumerate() {
                lines.push((
                    format!("{} if {} owned", capitalise(&t.rent), i + 1),
                    format!("{m} x dice"),
                ));
            }
        }
        _ => {}
    }
    if let Some(price) = s.price() {
        lines.push(("Mortgage value".into(), money(rules.mortgage_value(sq))));
        lines.push(("Price".into(), money(price)));
    }
    let mut base = y + band + 9.0;
    for (what, amount) in &lines {
        d.text(x + 4.0, base, 8.0, false, what, Align::Left);
        d.text(x + w - 4.0, base, 8.0, true, amount, Align::Right);
        base += leading(8.0);
    }
    d.text(
        mid,
        y + h - 3.0,
        5.5,
        false,
        &format!("{} ({}); label deeds {number}", rules.name, t.money),
        Align::Centre,
    );
}

/// Each deck, one card a row: the front, a fold line, the back (the deck's name and where the
/// tag goes), so a card is cut out as a strip, folded and glued.
pub fn decks(rules: &Ruleset, doc: &mut Doc) {
    let (_, ah) = doc.area();
    let rows = (ah / CARD.1).floor().max(1.0) as usize;
    for deck in &rules.decks {
        let pages = deck.cards.len().div_ceil(rows);
        for (p, chunk) in deck.cards.chunks(rows).enumerate() {
            let page = doc.page(&format!(
                "{}: {} cards {} of {pages}, fold on the dashed line",
                rules.name,
                deck.name,
                p + 1
            ));
            for (j, card) in chunk.iter().enumerate() {
                let x = MARGIN + 10.0;
                let y = Doc::top() + j as f32 * CARD.1;
                let number = p * rows + j + 1;
                let (w, h) = CARD;
                // The strip's outline is cut, solid, round front and back together; only the
                // fold between them is dashed, so nothing solid lies over it.
                page.line((x, y), (x + 2.0 * w, y), 0.3, false);
                page.line((x, y + h), (x + 2.0 * w, y + h), 0.3, false);
                page.line((x, y), (x, y + h), 0.3, false);
                page.line((x + 2.0 * w, y), (x + 2.0 * w, y + h), 0.3, false);
                // Front.
                page.text(x + w / 2.0, y + 8.0, 10.0, true, &deck.name, Align::Centre);
                page.paragraph(x + w / 2.0, y + 18.0, w - 10.0, 10.0, &card.text);
                page.text(
                    x + w / 2.0,
                    y + h - 3.0,
                    5.5,
                    false,
                    &format!("{}  label {} {number}", card.id, deck.id),
                    Align::Centre,
                );
                // The fold, then the back: folded over the upright line, it stands as the front.
                page.line((x + w, y), (x + w, y + h), 0.3, true);
                let (bx, by) = (x + w + w / 2.0, y + h / 2.0);
                page.turned(bx, by - 6.0, 16.0, true, &deck.name, Align::Centre, 0);
                page.circle((bx, by + 8.0), 12.5, 0.2, true);
                page.text(bx, by + 9.0, 5.5, false, "tag here", Align::Centre);
            }
        }
    }
}
