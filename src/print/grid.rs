//! The grid game's printed board (grid-game: Preparation 2): its columns x rows fields, each
//! with its coordinates as the device names them ("(3,7)": column, row), a wall slot on every
//! edge between two fields (the ruleset's own walls drawn in), and the two power strips above.

use super::{Align, Doc, Drawing, GREY};
use crate::engine::grid::rules::GridRules;
use crate::engine::grid::state::Edge;

/// A field's side in mm: room for a plugged-together playing piece.
const FIELD: f32 = 26.0;
/// A power strip's unit in mm.
const UNIT: f32 = 14.0;
/// The margin round the board, for the row and column numbers.
const RIM: f32 = 11.0;

/// The board, tiled over pages.
pub fn print(rules: &GridRules, doc: &mut Doc, parts: super::Parts) {
    if parts.board {
        doc.tiled(&format!("{} board", rules.name), &board(rules));
    }
}

pub fn board(rules: &GridRules) -> Drawing {
    let (cols, rows) = (rules.columns as f32, rules.rows as f32);
    let units = rules.options.strip_length.max(1) as f32;
    let strips_h = 2.0 * (UNIT + 10.0) + 6.0;
    let w = (2.0 * RIM + cols * FIELD).max(2.0 * RIM + units * UNIT);
    // A row below the bottom column numbers for the legend, which never lies over them.
    let legend = 8.0;
    let h = strips_h + 2.0 * RIM + rows * FIELD + legend;
    let mut d = Drawing::new(w, h);
    // The power strips (grid-game: Preparation 2c), one a team, the masking strip over each.
    for (i, team) in ["Scientists' power strip", "Religionists' power strip"]
        .iter()
        .enumerate()
    {
        let y = 4.0 + i as f32 * (UNIT + 10.0);
        d.text(RIM, y + 4.0, 9.0, true, team, Align::Left);
        for u in 0..rules.options.strip_length {
            let x = RIM + u as f32 * UNIT;
            d.rect(x, y + 6.0, UNIT, UNIT, None, 0.3);
            d.text(
                x + UNIT / 2.0,
                y + 6.0 + UNIT / 2.0 + 1.5,
                7.0,
                false,
                &(u + 1).to_string(),
                Align::Centre,
            );
        }
    }
    let (x0, y0) = (RIM, strips_h + RIM);
    for c in 1..=rules.columns {
        let x = x0 + (c as f32 - 0.5) * FIELD;
        d.text(x, y0 - 3.0, 10.0, true, &c.to_string(), Align::Centre);
        d.text(
            x,
            y0 + rows * FIELD + 8.0,
            10.0,
            true,
            &c.to_string(),
            Align::Centre,
        );
    }
    for r in 1..=rules.rows {
        let y = y0 + (r as f32 - 0.5) * FIELD + 2.0;
        d.text(x0 - 3.0, y, 10.0, true, &r.to_string(), Align::Right);
        d.text(
            x0 + cols * FIELD + 3.0,
            y,
            10.0,
            true,
            &r.to_string(),
            Align::Left,
        );
    }
    for c in 1..=rules.columns {
        for r in 1..=rules.rows {
            let (x, y) = (x0 + (c - 1) as f32 * FIELD, y0 + (r - 1) as f32 * FIELD);
            d.rect(x, y, FIELD, FIELD, None, 0.2);
            d.text(
                x + 2.0,
                y + 4.0,
                6.0,
                false,
                &format!("({c},{r})"),
                Align::Left,
            );
        }
    }
    // The wall slots: every edge between two fields, dashed; the ruleset's walls filled in.
    let slot = 1.6;
    for c in 1..=rules.columns {
        for r in 1..=rules.rows {
            let (x, y) = (x0 + (c - 1) as f32 * FIELD, y0 + (r - 1) as f32 * FIELD);
            if c < rules.columns {
                let wall = !rules.options.no_walls && rules.walls.contains(&(c, r, Edge::East));
                let fill = if wall { Some(GREY) } else { None };
                d.rect(
                    x + FIELD - slot / 2.0,
                    y + 4.0,
                    slot,
                    FIELD - 8.0,
                    fill,
                    0.15,
                );
            }
            if r < rules.rows {
                let wall = !rules.options.no_walls && rules.walls.contains(&(c, r, Edge::South));
                let fill = if wall { Some(GREY) } else { None };
                d.rect(
                    x + 4.0,
                    y + FIELD - slot / 2.0,
                    FIELD - 8.0,
                    slot,
                    fill,
                    0.15,
                );
            }
        }
    }
    d.rect(x0, y0, cols * FIELD, rows * FIELD, None, 0.6);
    d.text(
        w / 2.0,
        h - 2.0,
        8.0,
        false,
        "Grey slots: the ruleset's walls. Fields are (column,row), as the device names them.",
        Align::Centre,
    );
    d
}
