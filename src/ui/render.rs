//! Drawing the shell's screens into the 128x64 frame (the game's own screens draw themselves):
//! the new-game screen, enrolment, the log, the pager, the standings (the final standings with
//! the game's chart beside them) and the question before an undo, each in the shared layout.

use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{Line, Polyline, PrimitiveStyle};
use embedded_graphics::text::{Baseline, Text};

use super::enrolment::{check_rows, pass_message, Step};
use super::pairing::Pairing;
use super::text::{layout, line, log_window, scrolled, wrap, wrap_all, ROWS};
use super::{Act, Ui, View};
use crate::engine::panels::Panel;
use crate::hw::Frame;

pub fn render(ui: &Ui, frame: &mut Frame) {
    let labels = ui.labels();
    let t = &ui.table;
    let sel = ui.chosen();
    let note = t.desk.note.as_deref().map(wrap);
    match (&ui.view, ui.game()) {
        (View::Game, Some(g)) => g.draw(&t.desk, frame),
        (View::Log(log), _) => layout(
            frame,
            "Log (UP: older)",
            &note.unwrap_or_else(|| log_window(&t.desk.log, log.back, ROWS - 1)),
            &[],
            0,
            0,
        ),
        (View::Pager(p), _) => {
            let title = p.title(|| ui.game().map(|g| g.header(&t.desk)));
            let lines = p.pages.pages.get(p.page).cloned().unwrap_or_default();
            layout(frame, &title, &note.unwrap_or(lines), &labels, sel, 1);
        }
        (View::Standings(s), Some(g)) => {
            if !final_standings(ui, frame) {
                let (title, mut lines) = g.standings();
                lines.extend(ui.odds_lines());
                let msg = note.unwrap_or_else(|| scrolled(&wrap_all(&lines), s.scroll));
                layout(frame, &title, &msg, &labels, sel, 1);
            }
        }
        (View::ConfirmUndo(_), Some(g)) => {
            let msg = note.unwrap_or_else(|| g.message(&t.desk));
            layout(frame, &g.header(&t.desk), &msg, &labels, sel, 4);
        }
        (View::Voice { .. }, _) => {
            let msg = note.unwrap_or_else(|| {
                wrap("Hold ROLL to turn the voice off or on. ROLL with nothing to roll says the last line again.")
            });
            layout(frame, "Voice", &msg, &labels, sel, 4);
        }
        (View::Pair(p), _) => pairing(ui, p, note, frame),
        (View::Talk(talk), _) => {
            let msg = note.unwrap_or_else(|| wrap(&talk.message()));
            layout(frame, "Talk", &msg, &labels, sel, 2);
        }
        (View::Enrol(e), _) => enrolling(ui, &e.step, note, frame),
        _ => {
            let msg = note.unwrap_or_else(|| setup_message(ui));
            layout(frame, "Boardside: new game", &msg, &labels, sel, 4);
        }
    }
}

/// The pairing question: whose phone, their token, OK.
fn pairing(ui: &Ui, p: &Pairing, note: Option<Vec<String>>, frame: &mut Frame) {
    let players = ui.game().map(|g| g.players()).unwrap_or_default();
    let whose = p.seat.and_then(|s| players.get(s).cloned());
    let code = &p.code;
    // The name typed on the phone, which the seat takes.
    let typed = ui.table.phones.names.get(code);
    let msg = note.unwrap_or_else(|| {
        wrap(&match (whose, p.tapped, typed) {
            (None, _, None) => {
                format!("A phone showing {code} asks for a seat. Whose is it? ROLL: later")
            }
            (None, _, Some(t)) => {
                format!("A phone showing {code} ({t}) asks for a seat. Whose is it? ROLL: later")
            }
            (Some(n), false, _) => format!("{n}: tap your token to take phone {code}"),
            (Some(n), true, Some(t)) if *t != n => {
                format!("OK gives phone {code} {n}'s seat, renamed {t}")
            }
            (Some(n), true, _) => format!("OK gives phone {code} {n}'s seat"),
        })
    });
    let rows = if p.seat.is_none() { 4 } else { 2 };
    let title = format!("Pair phone {code}");
    layout(frame, &title, &msg, &ui.labels(), p.sel, rows);
}

/// Enrolling: the new tag asked about, a name chosen or typed, the sets, a pass, the check.
fn enrolling(ui: &Ui, step: &Step, note: Option<Vec<String>>, frame: &mut Frame) {
    let (labels, sel, tags) = (ui.labels(), ui.chosen(), &ui.table.tags);
    match step {
        Step::Name { typed, letter, .. } => {
            let msg = note.unwrap_or_else(|| match typed {
                None => wrap("Whose token is this? Choose the name, or type one"),
                Some(name) => {
                    // The letter being chosen in brackets: not yet typed ("Bob[B]", not
                    // "Bobb_", which read as a name already four letters long).
                    let next = super::names::add(name, *letter);
                    let choosing = next.get(name.len()..).unwrap_or_default();
                    let mut l = wrap(&format!("Name: {name}[{choosing}]"));
                    l.extend(wrap(
                        "UP/DOWN: the letter. OK adds it, BACK rubs out, ROLL: done",
                    ));
                    l
                }
            });
            let rows = if typed.is_some() { 1 } else { 4 };
            layout(frame, "Name the token", &msg, &labels, sel, rows);
        }
        Step::Sets { .. } => {
            let msg = note.unwrap_or_else(|| {
                wrap("Choose a set, then tap its pieces in the label sheet's order")
            });
            layout(frame, "Enrol a set", &msg, &labels, sel, 4);
        }
        Step::Pass { set, at } => {
            let mut msg = note.unwrap_or_default();
            msg.extend(pass_message(set, *at, tags));
            let title = format!("Enrol: {}", set.name);
            layout(frame, &title, &msg, &labels, sel, 0);
        }
        Step::Check { all, scroll } => {
            let msg = note.unwrap_or_else(|| scrolled(&wrap_all(&check_rows(all, tags)), *scroll));
            layout(frame, "Check the tags", &msg, &labels, sel, 1);
        }
        Step::Tag { uid } => {
            let msg = note.unwrap_or_else(|| wrap(&format!("New tag {}: what is it?", uid.hex())));
            layout(frame, "Enrol a tag", &msg, &labels, sel, 4);
        }
    }
}

/// The new-game screen's message: on a saved game's line, what that game is; else the
/// players.
pub fn setup_message(ui: &Ui) -> Vec<String> {
    let setup = ui.setup();
    match ui.entries().get(ui.chosen()).map(|e| e.act.clone()) {
        Some(Act::Resume(path)) => {
            // How far it got, when the listing read it ("turn 40", "round 12").
            let progress = setup
                .saved
                .iter()
                .find(|l| l.path == path)
                .map(|l| format!(", at {}", l.progress))
                .unwrap_or_default();
            return wrap(&format!("{}{progress}", crate::saves::describe(&path)));
        }
        Some(Act::Finished(path)) => {
            let about = crate::saves::describe(&path);
            return wrap(&format!("{about}; finished (OK: its final standings)"));
        }
        _ => {}
    }
    let players = if setup.players.is_empty() {
        "none yet".to_string()
    } else {
        let named: Vec<String> = (0..setup.players.len())
            .map(|i| match setup.computers.iter().find(|(s, _)| *s == i) {
                Some((_, level)) => format!("{} ({})", setup.players[i], level.word()),
                None => setup.players[i].clone(),
            })
            .collect();
        named.join(", ")
    };
    wrap(&format!("Players: {players}. Tap tokens or add."))
}

/// One character per line of the chart, each its own: the name's initial, else its last digit
/// or another of its letters, so no two lines share a mark. A numbered name whose initial
/// another name shares (P1 and P2, cpu1 and cpu2) is marked by its number first, so a table's
/// numbered seats read 1, 2, 3 rather than P, 2, 3.
pub fn marks(names: &[&str]) -> Vec<Option<char>> {
    let initial = |name: &str| name.chars().find(|c| !c.is_whitespace()).map(upper);
    let mut taken: Vec<char> = Vec::new();
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let letters: Vec<char> = name.chars().filter(|c| !c.is_whitespace()).collect();
            let first = letters.first().copied();
            let digit = letters.last().copied().filter(char::is_ascii_digit);
            let shared = names
                .iter()
                .enumerate()
                .any(|(j, other)| j != i && initial(other) == first.map(upper));
            let (lead, next) = match (digit, shared) {
                (Some(d), true) => (Some(d), first),
                _ => (first, digit),
            };
            let rest = letters.iter().skip(1).copied();
            let pick = lead
                .into_iter()
                .chain(next)
                .chain(rest)
                .chain('1'..='9')
                .map(upper)
                .find(|c| !taken.contains(c));
            taken.extend(pick);
            pick
        })
        .collect()
}

fn upper(c: char) -> char {
    c.to_uppercase().next().unwrap_or(c)
}

/// The final standings with the game's chart beside them: one short line per player on the
/// left, the lines of the report's first chart on the right.
fn final_standings(ui: &Ui, frame: &mut Frame) -> bool {
    let (Some(g), Some(report)) = (ui.game(), &ui.desk().final_report) else {
        return false;
    };
    if !g.over() {
        return false;
    }
    let Some(Panel::Lines { series, .. }) = report.panels.first() else {
        return false;
    };
    frame.clear();
    let (title, lines) = g.standings();
    line(frame, 0, 0, &title, true);
    // In 14 columns, the name shortened to make room, never a figure.
    let rows = super::text::final_rows(&lines, &g.players(), super::text::FINAL_COLS);
    for (i, row) in rows.iter().skip(ui.scroll()).take(6).enumerate() {
        line(frame, 0, 1 + i, row, false);
    }
    // The chart: x 72..118, y 10..54, every player's (or team's) line over the game, each
    // named by its initial at its end (the legend).
    let (x0, x1, y0, y1) = (72i32, 118i32, 10i32, 54i32);
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
    let names: Vec<&str> = series.iter().map(|s| s.name.as_str()).collect();
    let marks = marks(&names);
    let lines: Vec<Vec<Point>> = series
        .iter()
        .map(|s| {
            s.points
                .iter()
                .map(|&(x, y)| {
                    Point::new(
                        x0 + 1 + ((x / xmax) * (x1 - x0 - 1) as f64) as i32,
                        y1 - 1 - ((y.max(0.0) / ymax) * (y1 - y0 - 1) as f64) as i32,
                    )
                })
                .collect()
        })
        .collect();
    let ends: Vec<i32> = lines.iter().map(|l| l.last().map_or(y1, |p| p.y)).collect();
    let rows = mark_rows(&ends, y0 - 2, y1 - 6);
    for ((pts, mark), y) in lines.iter().zip(marks).zip(rows) {
        let _ = Polyline::new(pts).into_styled(stroke).draw(frame);
        if let Some(initial) = mark.filter(|_| !pts.is_empty()) {
            let style = MonoTextStyle::new(crate::ui::text::FONT, BinaryColor::On);
            let _ = Text::with_baseline(
                &initial.to_string(),
                Point::new(x1 + 3, y),
                style,
                Baseline::Top,
            )
            .draw(frame);
        }
    }
    line(
        frame,
        0,
        7,
        &ui.labels().first().cloned().unwrap_or_default(),
        true,
    );
    true
}

/// The row of each chart line's mark, beside its end (`ends`, the line's last y) and inside
/// the chart (`top..=bottom`): marks of lines ending together stand 8 rows apart, never
/// overlaid, each at the free row nearest its end, above it first. (Pushed only upwards, a
/// third mark of lines ending at the top stood in the title bar, unseen.)
pub fn mark_rows(ends: &[i32], top: i32, bottom: i32) -> Vec<i32> {
    let mut used: Vec<i32> = Vec::new();
    for &end in ends {
        let want = (end - 4).clamp(top, bottom);
        let free = |y: &i32| used.iter().all(|u| (u - y).abs() >= 8);
        let y = (0..=bottom - top)
            .flat_map(|d| [want - d, want + d])
            .filter(|y| (top..=bottom).contains(y))
            .find(free)
            .unwrap_or(want);
        used.push(y);
    }
    used
}
