//! What the screens of the grid game and Illuminati share: carrying out a command with its
//! table lines going to the log (and the game's picture saved when it ends), undo that names
//! only what the table may see, and drawing one line of text, inverted for the header and the
//! chosen menu line.

use embedded_graphics::mono_font::ascii::FONT_5X8;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Baseline, Text};

use super::menu::fit;
use crate::engine::game::Family;
use crate::hw::Frame;
use crate::session::Session;

/// Carry out a command; the table's lines (also added to the log), or the refusal.
pub fn run<F: Family>(
    session: &mut Session<F>,
    cmd: F::Command,
    log: &mut Vec<String>,
) -> Result<Vec<String>, String> {
    let was_over = session.over();
    let done = session.command(cmd).map_err(|e| {
        tracing::info!("refused at the table: {e}");
        e.to_string()
    })?;
    let mut lines = done.public();
    // The game has just ended: its picture goes beside the journal (`boardside report`).
    if !was_over && session.over() {
        if let Err(e) = crate::report::save_picture(session, &session.report()) {
            lines.push(format!("the game's picture was not saved: {e}"));
        }
    }
    log.extend(lines.iter().cloned());
    Ok(lines)
}

/// Take back the last command; the line to show (never a sealed choice's contents).
pub fn undo<F: Family>(session: &mut Session<F>, log: &mut Vec<String>) -> String {
    let before = session.state.clone();
    match session.undo() {
        Ok(cmd) => {
            let line = format!(
                "undone: {}",
                F::public_command(&session.rules, &before, &cmd)
            );
            log.push(line.clone());
            line
        }
        Err(e) => e,
    }
}

/// What the menu line the table asks to undo says.
pub fn undo_label<F: Family>(session: &Session<F>) -> String {
    let what = session
        .history
        .last()
        .map(|d| F::public_command(&session.rules, &session.state, &d.cmd))
        .unwrap_or_else(|| "nothing".into());
    format!("Undo {what}")
}

/// One line of the 5x8 font at text row `row`, from pixel column `x`.
pub fn text(frame: &mut Frame, x: i32, row: usize, s: &str, inverted: bool) {
    let y = row as i32 * 8;
    let fg = if inverted {
        let _ = Rectangle::new(Point::new(x, y), Size::new(128 - x as u32, 8))
            .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
            .draw(frame);
        BinaryColor::Off
    } else {
        BinaryColor::On
    };
    let style = MonoTextStyle::new(&FONT_5X8, fg);
    let _ = Text::with_baseline(&fit(s), Point::new(x + 1, y), style, Baseline::Top).draw(frame);
}

/// A game's screens: the session, the view with its chosen menu line, and a note for the
/// table until the next input.
pub struct Screen<F: Family, V> {
    pub session: Session<F>,
    pub view: V,
    pub sel: usize,
    pub note: Option<String>,
}

impl<F: Family, V> Screen<F, V> {
    pub fn open(session: Session<F>, view: V) -> Self {
        Screen {
            session,
            view,
            sel: 0,
            note: None,
        }
    }

    /// Go to a view, its first menu line chosen.
    pub fn go(&mut self, v: V) {
        self.view = v;
        self.sel = 0;
    }
}
