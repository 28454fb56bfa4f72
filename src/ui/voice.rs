//! The voice's menu, opened from any view by holding ROLL (which also mutes or unmutes): on or
//! off, its pace and loudness, and back where the table was.

use super::act::{Act, Entry};
use super::machine::{Machine, Next};
use super::screen::entry;
use super::table::Table;

/// The voice's menu: BACK, or OK on "Back", returns where the table was.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VoiceMenu {
    pub sel: usize,
}

impl<V> Machine<V> for VoiceMenu {
    fn entries(&self, t: &Table) -> Vec<Entry> {
        let mut out = vec![entry("Back", Act::Back)];
        out.extend(t.voice_entries());
        out
    }

    fn cursor(&mut self) -> Option<&mut usize> {
        Some(&mut self.sel)
    }

    fn act(&mut self, act: Act, t: &mut Table) -> Next<V> {
        if act == Act::Back {
            return Next::Back;
        }
        t.setting(&act);
        Next::Stay
    }
}
