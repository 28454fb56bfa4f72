//! The shell's views over the game in play: its log, read back a line at a time, and the
//! question before an undo (holding BACK).

use crate::hw::{Button, Press};

use super::act::{Act, Entry};
use super::machine::{up_down, Machine, Next};
use super::screen::{entry, Flow};
use super::table::Table;

/// The game's log, `back` lines up from its end.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Log {
    pub back: usize,
}

impl<V> Machine<V> for Log {
    fn entries(&self, _t: &Table) -> Vec<Entry> {
        vec![entry("Back", Act::Back)]
    }

    fn cursor(&mut self) -> Option<&mut usize> {
        None
    }

    /// UP reads an older line, DOWN a newer one.
    fn press(&mut self, b: Button, p: Press, _t: &mut Table) -> Option<Next<V>> {
        self.back = self.back.saturating_add_signed(-up_down(b, p)?);
        Some(Next::Stay)
    }

    fn act(&mut self, _act: Act, t: &mut Table) -> Next<V> {
        back_to_the_game(t)
    }
}

/// Back from the log or the standings to the game: the cursor on the menu's first line (the
/// turn's next move), not still on "Log".
pub(super) fn back_to_the_game<V>(t: &mut Table) -> Next<V> {
    if let Some(g) = t.game.as_mut() {
        g.select(0);
    }
    Next::Home
}

/// Asked before an undo: what it takes back, or keep it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Undo {
    pub sel: usize,
}

impl<V> Machine<V> for Undo {
    fn entries(&self, t: &Table) -> Vec<Entry> {
        vec![
            entry(
                t.game
                    .as_ref()
                    .map_or_else(String::new, |g| g.undo_question()),
                Act::Undo,
            ),
            entry("Keep it", Act::Back),
        ]
    }

    fn cursor(&mut self) -> Option<&mut usize> {
        Some(&mut self.sel)
    }

    fn act(&mut self, act: Act, t: &mut Table) -> Next<V> {
        if act == Act::Undo {
            if let Some(g) = t.game.as_mut() {
                let line = g.undo(&mut t.desk);
                t.desk.toast = line.lines().map(str::to_string).collect();
                t.desk.toast_until = t.desk.now + t.desk.cfg.toast_ms;
                t.desk.note = Some(line);
            }
            return Next::Flow(Flow::Show);
        }
        Next::Home
    }
}
