//! The computer's notebook and the strips on the device: a page of what it knows, and the
//! strips as lines and bars.

use super::*;

/// One piece's page of the notebook, in words (the protocol's `notebook` is the table).
pub(super) fn notebook_page(g: &Se, at: usize) -> Vec<String> {
    use crate::engine::grid::state::Action;
    let s = &g.state;
    let Some(p) = s.pieces.get(at) else {
        return vec![];
    };
    let team = p.team.map_or("no side", |t| t.word());
    let line = |what: &str, n: u32, part: Part| {
        format!(
            "{what:<8}{n:>3}  {:<6}{}",
            part.word(),
            p.sticker(part).word()
        )
    };
    let mut out = wrap(&format!(
        "{} ({team}){}",
        p.name,
        if p.converted { ", converted" } else { "" }
    ));
    out.extend([
        line("moves", p.count(Action::Move), Part::Feet),
        line("attacks", p.count(Action::Attack), Part::Hands),
        // A scientist studies where a religionist prays (grid-game: the action cards).
        line(
            if p.team == Some(Team::Scientists) {
                "studies"
            } else {
                "prayers"
            },
            p.count(Action::Pray),
            Part::Head,
        ),
        format!("stunned {}   wonder {}", p.stunned, p.wonder),
    ]);
    // A blank row before the hint where the seven rows allow it.
    if out.len() < 6 {
        out.push(String::new());
    }
    out.push("UP/DOWN: next page, BACK".into());
    out
}

pub(super) fn strips_lines(g: &Se) -> Vec<String> {
    let s = &g.state;
    vec![
        format!("scientists {}/{}", s.strips[0], s.strip_length),
        String::new(),
        format!("religionists {}/{}", s.strips[1], s.strip_length),
    ]
}

/// Two bars under the strips' labels, filled in proportion.
pub(super) fn strip_bars(g: &Se, frame: &mut Frame) {
    let s = &g.state;
    for (k, row) in [(0usize, 2), (1usize, 4)] {
        let y = row * 8 + 1;
        let _ = Rectangle::new(Point::new(2, y), Size::new(124, 6))
            .into_styled(PrimitiveStyle::with_stroke(BinaryColor::On, 1))
            .draw(frame);
        let w = 122 * s.strips[k] / s.strip_length.max(1);
        if w > 0 {
            let _ = Rectangle::new(Point::new(3, y + 1), Size::new(w, 4))
                .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
                .draw(frame);
        }
    }
}
