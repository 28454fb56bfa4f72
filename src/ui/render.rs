//! Drawing the device's screens into the 128x64 frame: a header bar, three lines of message
//! (the working of the last command for a few seconds, a refusal, or what to do), and four
//! lines of menu with the chosen line inverted. 5x8 font: 25 columns, 8 rows.

use embedded_graphics::mono_font::ascii::FONT_5X8;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Baseline, Text};

use super::menu::{fit, headline, wrap};
use super::{Ui, View};
use crate::hw::Frame;

const ROW: i32 = 8;
const MENU_ROWS: usize = 4;

fn text(frame: &mut Frame, row: usize, s: &str, inverted: bool) {
    let y = row as i32 * ROW;
    let (fg, bg) = if inverted {
        (BinaryColor::Off, BinaryColor::On)
    } else {
        (BinaryColor::On, BinaryColor::Off)
    };
    if inverted {
        let _ = Rectangle::new(Point::new(0, y), Size::new(128, ROW as u32))
            .into_styled(PrimitiveStyle::with_fill(bg))
            .draw(frame);
    }
    let style = MonoTextStyle::new(&FONT_5X8, fg);
    let _ = Text::with_baseline(&fit(s), Point::new(1, y), style, Baseline::Top).draw(frame);
}

/// The lines of the message area.
fn message(ui: &Ui) -> Vec<String> {
    if let Some(n) = &ui.note {
        return wrap(n);
    }
    if let View::Pager { pages, page } = &ui.view {
        return pages.get(*page).cloned().unwrap_or_default();
    }
    if let (View::Standings, Some(se)) = (&ui.view, &ui.session) {
        return super::menu::standings(&se.rules, &se.state)
            .iter()
            .flat_map(|l| wrap(l))
            .collect();
    }
    if let View::Log { back } = ui.view {
        let lines: Vec<String> = ui.log.iter().flat_map(|l| wrap(l)).collect();
        let end = lines.len().saturating_sub(back);
        let start = end.saturating_sub(7);
        return lines[start..end].to_vec();
    }
    if let View::Deal {
        square: Some(sq),
        buyer: Some(b),
        price,
    } = ui.view
    {
        if let Some(se) = &ui.session {
            return wrap(&format!(
                "Sell {} to {} for {price}? UP/DOWN price",
                se.rules.squares[sq].name, se.state.players[b].name
            ));
        }
    }
    if let (View::Bid { player, amount }, Some(se)) = (&ui.view, &ui.session) {
        let s = &se.state;
        let high = match s.top() {
            Some(crate::engine::property::state::Pending::Auction(a)) => match a.high {
                Some((h, v)) => format!("high: {} {v}", s.players[h].name),
                None => "no bids yet".into(),
            },
            _ => String::new(),
        };
        return wrap(&format!(
            "{}'s bid: {amount} ({high}). UP/DOWN change it, hold for faster; a token tap bids it",
            s.players[*player].name
        ));
    }
    if let (View::Square { square }, Some(se)) = (&ui.view, &ui.session) {
        let s = &se.state;
        let owner = s
            .owner(*square)
            .map(|o| s.players[o].name.clone())
            .unwrap_or_default();
        return wrap(&format!("{} ({owner})", se.rules.squares[*square].name));
    }
    if ui.view == View::ConfirmTimeUp {
        let why = match &ui.clock {
            Some(c) if c.left_ms(ui.now) == 0 => {
                format!("The agreed {} minutes are over. ", c.limit_ms / 60_000)
            }
            _ => String::new(),
        };
        return wrap(&format!(
            "{why}End the game now? Everything is valued and the richest player wins."
        ));
    }
    if let View::Enroll { uid } = &ui.view {
        return wrap(&format!("New tag {}: what is it?", uid.hex()));
    }
    if ui.view == View::Setup {
        // On a Resume line: what that saved game is.
        if let Some(super::Act::Resume(path)) = ui.entries().get(ui.sel).map(|e| e.act.clone()) {
            return wrap(&crate::saves::describe(&path));
        }
        let players = if ui.setup.players.is_empty() {
            "none yet".to_string()
        } else {
            ui.setup.players.join(", ")
        };
        return wrap(&format!("Players: {players}. Tap tokens or add."));
    }
    let Some(se) = &ui.session else {
        return vec![];
    };
    if ui.now < ui.toast_until && !ui.toast.is_empty() {
        // Money first: the working is what the table must see.
        let mut lines: Vec<&String> = ui.toast.iter().filter(|l| l.contains(" pays ")).collect();
        lines.extend(
            ui.toast
                .iter()
                .filter(|l| !l.contains(" pays ") && !l.starts_with("now:")),
        );
        let wrapped: Vec<String> = lines.iter().flat_map(|l| wrap(l)).collect();
        if !wrapped.is_empty() {
            return wrapped;
        }
    }
    wrap(&headline(&se.rules, &se.state, ui.cfg.auction_step))
}

fn header(ui: &Ui) -> String {
    match (&ui.view, &ui.session) {
        (View::Setup, _) => "Boardside: new game".into(),
        (View::Enroll { .. }, _) => "Enroll a tag".into(),
        (View::Log { .. }, _) => "Log (UP: older)".into(),
        (View::Standings, Some(se)) if se.state.over => "Final standings".into(),
        (View::Standings, _) => "Standings (net worth)".into(),
        (View::Pager { pages, page }, _) => format!("Page {} of {}", page + 1, pages.len()),
        (_, Some(_)) if ui.auction_countdown().is_some() => format!(
            "Auction: closes in {}s",
            ui.auction_countdown().unwrap_or(0)
        ),
        (_, Some(se)) => {
            let s = &se.state;
            // During the first-turn roll-off, the player rolling is not the current one.
            let p = match s.top() {
                Some(crate::engine::property::state::Pending::FirstRoll { .. }) => {
                    s.acting_player()
                }
                _ => s.current,
            };
            // A time-limit game's clock first: the table watches it.
            let clock = match &ui.clock {
                Some(c) if !s.over => format!("{} ", c.shown(ui.now)),
                _ => String::new(),
            };
            format!(
                "{clock}{} {} @{}",
                s.players[p].name,
                s.cash(p),
                se.rules.squares[s.players[p].position].name
            )
        }
        (_, None) => "Boardside".into(),
    }
}

/// The final standings with the game's net worth drawn beside them: one short line per
/// player on the left, the lines of the report's first chart on the right (issue: "the final
/// standings screen also draws a small net-worth chart on the OLED").
fn final_standings(ui: &Ui, frame: &mut Frame) -> bool {
    use embedded_graphics::primitives::{Line, Polyline};
    let (Some(se), Some(report), View::Standings) = (&ui.session, &ui.final_report, &ui.view)
    else {
        return false;
    };
    if !se.state.over {
        return false;
    }
    let Some(crate::report::Panel::Lines { series, .. }) = report.panels.first() else {
        return false;
    };
    frame.clear();
    text(frame, 0, "Final standings", true);
    let lines = super::menu::standings(&se.rules, &se.state);
    for (i, l) in lines.iter().take(6).enumerate() {
        // "1 Cy 1445 (cash ...)" shortened to place, name and worth: 12 columns.
        let short: String = l
            .split(" (")
            .next()
            .unwrap_or("")
            .chars()
            .take(12)
            .collect();
        text(frame, 1 + i, &short, false);
    }
    // The chart: x 66..126, y 10..54, every player's worth over the turns.
    let (x0, x1, y0, y1) = (66i32, 126i32, 10i32, 54i32);
    let stroke = PrimitiveStyle::with_stroke(BinaryColor::On, 1);
    let _ = Line::new(Point::new(x0, y0), Point::new(x0, y1))
        .into_styled(stroke)
        .draw(frame);
    let _ = Line::new(Point::new(x0, y1), Point::new(x1, y1))
        .into_styled(stroke)
        .draw(frame);
    let all = || series.iter().flat_map(|s| s.points.iter());
    let xmax = all().map(|p| p.0).fold(1.0, f64::max);
    let ymax = all().map(|p| p.1).fold(1.0, f64::max);
    for s in series {
        let pts: Vec<Point> = s
            .points
            .iter()
            .map(|&(x, y)| {
                Point::new(
                    x0 + 1 + ((x / xmax) * (x1 - x0 - 1) as f64) as i32,
                    y1 - 1 - ((y.max(0.0) / ymax) * (y1 - y0 - 1) as f64) as i32,
                )
            })
            .collect();
        let _ = Polyline::new(&pts).into_styled(stroke).draw(frame);
    }
    text(
        frame,
        7,
        &ui.entries()
            .first()
            .map(|e| e.label.clone())
            .unwrap_or_default(),
        true,
    );
    true
}

pub fn render(ui: &Ui, frame: &mut Frame) {
    if final_standings(ui, frame) {
        return;
    }
    if ui.grid.is_some() && !matches!(ui.view, View::Enroll { .. }) {
        super::grid::render(ui, frame);
        return;
    }
    if ui.illuminati.is_some() && !matches!(ui.view, View::Enroll { .. }) {
        super::illuminati::render(ui, frame);
        return;
    }
    frame.clear();
    text(frame, 0, &header(ui), true);
    let msg = message(ui);
    let entries = ui.entries();
    let menu_rows = if matches!(ui.view, View::Log { .. }) {
        0
    } else {
        MENU_ROWS.min(entries.len())
    };
    let msg_rows = 7 - menu_rows;
    for (i, line) in msg.iter().take(msg_rows).enumerate() {
        text(frame, 1 + i, line, false);
    }
    if menu_rows == 0 {
        return;
    }
    let first = ui
        .sel
        .saturating_sub(menu_rows - 1)
        .min(entries.len() - menu_rows);
    for (i, e) in entries.iter().skip(first).take(menu_rows).enumerate() {
        let row = 8 - menu_rows + i;
        let chosen = first + i == ui.sel;
        text(frame, row, &e.label, chosen);
    }
}
