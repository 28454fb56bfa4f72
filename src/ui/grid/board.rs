//! The board on the device: the overview with every piece, the close up around a field, the
//! letters that name the pieces, and the wall editor.

use super::*;

/// How long the overview names one piece before the next (issue 68: its marks are too small
/// for letters, so each is named on the map in turn).
pub const TURN_MS: u64 = 2_000;

impl GView {
    /// The overview, naming its pieces in turn.
    pub fn board() -> GView {
        GView::Board {
            pick: None,
            turn: 0,
        }
    }
}

/// The pieces on the board, in seat order.
fn placed(g: &Se) -> Vec<usize> {
    (g.state.pieces.iter().enumerate())
        .filter(|(_, p)| p.at.is_some())
        .map(|(i, _)| i)
        .collect()
}

/// The piece the overview names now: the one picked, else each placed piece in turn.
pub(super) fn named_piece(g: &Se, pick: Option<usize>, now: u64) -> Option<usize> {
    let on = placed(g);
    match pick {
        Some(i) if on.contains(&i) => Some(i),
        _ => on.get((now / TURN_MS) as usize % on.len().max(1)).copied(),
    }
}

/// UP/DOWN on the overview: the piece before or after the one named now (which stays named).
pub(super) fn pick_next(g: &Se, pick: Option<usize>, now: u64, dir: i64) -> Option<usize> {
    let on = placed(g);
    let at = named_piece(g, pick, now).and_then(|i| on.iter().position(|&p| p == i))?;
    on.get(crate::ui::text::step(at, on.len(), dir)).copied()
}

/// The board, as printed: 13 x 19 fields of 4 x 3 pixels, walls as lines on the edges;
/// scientists as filled blocks, religionists hollow, a stunned piece as a dot, the wonder's
/// holder with a frame. On the right, each piece's initial (a computer seat's number) with its
/// field. Letters do not fit a 3-pixel row, so the piece `named` has its letter on the map
/// beside it, a frame round its field, and its legend line lit.
pub(super) fn board(g: &Se, named: Option<usize>, frame: &mut Frame) {
    let s = &g.state;
    let r = &g.rules;
    let (cw, ch) = (4i32, 3i32);
    let on = PrimitiveStyle::with_stroke(BinaryColor::On, 1);
    let w = r.columns as i32 * cw;
    let h = r.rows as i32 * ch;
    let _ = Rectangle::new(Point::new(0, 0), Size::new(w as u32 + 1, h as u32 + 1))
        .into_styled(on)
        .draw(frame);
    for (c, row, e) in &s.walls {
        let (x, y) = ((c as i32 - 1) * cw, (row as i32 - 1) * ch);
        let line = match e {
            Edge::East => Line::new(Point::new(x + cw, y), Point::new(x + cw, y + ch)),
            Edge::South => Line::new(Point::new(x, y + ch), Point::new(x + cw, y + ch)),
        };
        let _ = line.into_styled(on).draw(frame);
    }
    for p in &s.pieces {
        let Some((c, row)) = p.at else { continue };
        let (x, y) = ((c as i32 - 1) * cw + 1, (row as i32 - 1) * ch + 1);
        if p.stunned > 0 {
            let _ = Pixel(Point::new(x + 1, y), BinaryColor::On).draw(frame);
        } else if p.team == Some(Team::Scientists) {
            let _ = Rectangle::new(Point::new(x, y), Size::new(3, 2))
                .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
                .draw(frame);
        } else {
            let _ = Pixel(Point::new(x, y), BinaryColor::On).draw(frame);
            let _ = Pixel(Point::new(x + 2, y), BinaryColor::On).draw(frame);
            let _ = Pixel(Point::new(x, y + 1), BinaryColor::On).draw(frame);
            let _ = Pixel(Point::new(x + 2, y + 1), BinaryColor::On).draw(frame);
        }
        if p.wonder > 0 {
            let _ = Rectangle::new(Point::new(x - 1, y - 1), Size::new(5, 4))
                .into_styled(on)
                .draw(frame);
        }
    }
    if let Some((i, (c, row))) = named.and_then(|i| Some((i, s.pieces.get(i)?.at?))) {
        name_on_map(s, i, (c as i32 - 1) * cw, (row as i32 - 1) * ch, frame);
    }
    // The legend on the right, two narrow columns past eight pieces; the named piece's line
    // lit (dark on light).
    let wide = s.pieces.len() <= 8;
    for (i, line) in legend(s).iter().enumerate() {
        let x = 56 + if wide { 0 } else { (i as i32 / 8) * 36 };
        let y = (i % 8) as i32 * 8;
        let lit = named == Some(i);
        let text = fit(line);
        if lit {
            let w = if wide { 72 } else { 36 };
            let _ = Rectangle::new(Point::new(x - 1, y), Size::new(w, 8))
                .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
                .draw(frame);
        }
        let ink = if lit {
            BinaryColor::Off
        } else {
            BinaryColor::On
        };
        let style = MonoTextStyle::new(crate::ui::text::FONT, ink);
        let _ = Text::with_baseline(&text, Point::new(x, y), style, Baseline::Top).draw(frame);
    }
}

/// A piece named on the overview: a frame round its field (at `x`, `y`) and its letter in a
/// dark box beside it, right of the field where the board has room, else left.
fn name_on_map(s: &crate::engine::grid::state::State, i: usize, x: i32, y: i32, frame: &mut Frame) {
    let on = PrimitiveStyle::with_stroke(BinaryColor::On, 1);
    let _ = Rectangle::new(Point::new(x - 1, y - 1), Size::new(7, 6))
        .into_styled(on)
        .draw(frame);
    // The letter's box: 7 x 10, the 5 x 8 letter inside with a dark pixel round it.
    let bx = if x + 7 + 7 <= 52 { x + 7 } else { x - 9 };
    let by = (y - 3).clamp(0, 57 - 10);
    let _ = Rectangle::new(Point::new(bx, by), Size::new(7, 10))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::Off))
        .draw(frame);
    let _ = Rectangle::new(Point::new(bx, by), Size::new(7, 10))
        .into_styled(on)
        .draw(frame);
    let style = MonoTextStyle::new(crate::ui::text::FONT, BinaryColor::On);
    let letter = letter(s, i).to_string();
    let _ =
        Text::with_baseline(&letter, Point::new(bx + 1, by + 1), style, Baseline::Top).draw(frame);
}

/// The overview's legend: "A 7,17 sci" per piece (its letter, field and side; the side left
/// out when two columns are needed), a stunned piece's letter in lower case as on the close
/// up ("a 7,17 sci").
pub fn legend(s: &crate::engine::grid::state::State) -> Vec<String> {
    let wide = s.pieces.len() <= 8;
    s.pieces
        .iter()
        .enumerate()
        .take(16)
        .map(|(i, p)| {
            let at =
                p.at.map(|(c, r)| format!("{c},{r}"))
                    .unwrap_or_else(|| "-".into());
            let side = match p.team {
                Some(Team::Scientists) => "sci",
                _ => "rel",
            };
            let tag = letter(s, i);
            if wide {
                format!("{tag} {at} {side}")
            } else {
                format!("{tag} {at}")
            }
        })
        .collect()
}

/// Each piece's mark, none the same, as the final chart marks its line (`render::marks`): the
/// name's initial, or a numbered name's number where another shares the initial (cpu1 and
/// cpu2 read 1 and 2; P1 and P2, 1 and 2), else another of its letters.
pub fn tags(s: &crate::engine::grid::state::State) -> Vec<char> {
    let names: Vec<&str> = s.pieces.iter().map(|p| p.name.as_str()).collect();
    crate::ui::render::marks(&names)
        .into_iter()
        .map(|m| m.unwrap_or('?'))
        .collect()
}

/// A piece's letter on the board (`tags`); lower case while stunned.
pub(super) fn letter(s: &crate::engine::grid::state::State, i: usize) -> char {
    let c = tags(s)[i];
    if s.pieces[i].stunned > 0 {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// The fields across and down that the close up shows.
pub(super) const ACROSS: i32 = 9;
pub(super) const DOWN: i32 = 6;

/// Do all the placed pieces fit in one close up?
pub(super) fn all_fit(g: &Se) -> bool {
    let at: Vec<(u8, u8)> = g.state.pieces.iter().filter_map(|p| p.at).collect();
    let span = |f: fn(&(u8, u8)) -> u8| {
        at.iter().map(f).max().unwrap_or(0) as i32 - at.iter().map(f).min().unwrap_or(0) as i32
    };
    !at.is_empty() && span(|a| a.0) < ACROSS && span(|a| a.1) < DOWN
}

/// The board close up: 9 x 6 fields of 13 x 9 pixels around a piece, or around all of them,
/// each piece its letter (scientists white on black, religionists framed, a wonder's holder
/// framed twice, lower case while stunned), walls as lines, an empty field a dot.
pub(super) fn close_up(g: &Se, around: Option<usize>, frame: &mut Frame) {
    // A field's width and height, the fields across and down, the window's top left corner.
    let (cw, ch, across, down, x0, y0) = (13i32, 9i32, ACROSS, DOWN, 5i32, 9i32);
    let s = &g.state;
    let r = &g.rules;
    let placed: Vec<(usize, (u8, u8))> = s
        .pieces
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.at.map(|at| (i, at)))
        .collect();
    // The field to centre on: the piece's, or the middle of all of them.
    let (cc, cr, title) = match around.and_then(|i| s.pieces[i].at.map(|at| (i, at))) {
        Some((i, (c, row))) => (
            c as i32,
            row as i32,
            format!("Close up: {} at {c},{row}", s.pieces[i].name),
        ),
        None => {
            let cols = placed.iter().map(|(_, (c, _))| *c as i32);
            let rows = placed.iter().map(|(_, (_, r))| *r as i32);
            let (lo_c, hi_c) = (cols.clone().min().unwrap_or(1), cols.max().unwrap_or(1));
            let (lo_r, hi_r) = (rows.clone().min().unwrap_or(1), rows.max().unwrap_or(1));
            (
                (lo_c + hi_c) / 2,
                (lo_r + hi_r) / 2,
                "Close up: all pieces".to_string(),
            )
        }
    };
    let first_c = (cc - across / 2).clamp(1, (r.columns as i32 - across + 1).max(1));
    let first_r = (cr - down / 2).clamp(1, (r.rows as i32 - down + 1).max(1));
    crate::ui::text::line(frame, 0, 0, &title, true);
    let on = PrimitiveStyle::with_stroke(BinaryColor::On, 1);
    let fill = PrimitiveStyle::with_fill(BinaryColor::On);
    let field_at = |c: i32, row: i32| (x0 + (c - first_c) * cw, y0 + (row - first_r) * ch);
    for c in first_c..(first_c + across).min(r.columns as i32 + 1) {
        for row in first_r..(first_r + down).min(r.rows as i32 + 1) {
            let (x, y) = field_at(c, row);
            let _ = Pixel(Point::new(x + cw / 2, y + ch / 2), BinaryColor::On).draw(frame);
        }
    }
    // The board's edges where the window meets them.
    let (left, top) = field_at(first_c, first_r);
    let (right, bottom) = field_at(
        (first_c + across).min(r.columns as i32 + 1),
        (first_r + down).min(r.rows as i32 + 1),
    );
    for (a, b, edge) in [
        ((left, top), (left, bottom), first_c == 1),
        (
            (right, top),
            (right, bottom),
            first_c + across > r.columns as i32,
        ),
        (
            (left, bottom - 1),
            (right, bottom - 1),
            first_r + down > r.rows as i32,
        ),
    ] {
        if edge {
            let _ = Line::new(Point::new(a.0, a.1), Point::new(b.0, b.1))
                .into_styled(on)
                .draw(frame);
        }
    }
    for (c, row, e) in &s.walls {
        let (c, row) = (c as i32, row as i32);
        if !(first_c..first_c + across).contains(&c) || !(first_r..first_r + down).contains(&row) {
            continue;
        }
        let (x, y) = field_at(c, row);
        let wall = match e {
            Edge::East => Line::new(
                Point::new(x + cw - 1, y),
                Point::new(x + cw - 1, y + ch - 1),
            ),
            Edge::South => Line::new(
                Point::new(x, y + ch - 1),
                Point::new(x + cw - 1, y + ch - 1),
            ),
        };
        let _ = wall
            .into_styled(PrimitiveStyle::with_stroke(BinaryColor::On, 2))
            .draw(frame);
    }
    for (i, (c, row)) in placed {
        let (c, row) = (c as i32, row as i32);
        if !(first_c..first_c + across).contains(&c) || !(first_r..first_r + down).contains(&row) {
            continue;
        }
        let p = &s.pieces[i];
        let (x, y) = field_at(c, row);
        let cell = Rectangle::new(
            Point::new(x + 1, y),
            Size::new(cw as u32 - 3, ch as u32 - 1),
        );
        let scientist = p.team == Some(Team::Scientists);
        let _ = cell
            .into_styled(if scientist { fill } else { on })
            .draw(frame);
        if p.wonder > 0 {
            let _ = Rectangle::new(
                Point::new(x, y - 1),
                Size::new(cw as u32 - 1, ch as u32 + 1),
            )
            .into_styled(on)
            .draw(frame);
        }
        let colour = if scientist {
            BinaryColor::Off
        } else {
            BinaryColor::On
        };
        let _ = Text::with_baseline(
            &letter(s, i).to_string(),
            Point::new(x + 4, y),
            MonoTextStyle::new(crate::ui::text::FONT, colour),
            Baseline::Top,
        )
        .draw(frame);
    }
}

/// The wall editor at its first field, the column.
pub(super) fn wall_editor() -> GView {
    GView::Wall {
        col: 1,
        row: 1,
        east: true,
        step: 0,
    }
}
