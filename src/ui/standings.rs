//! The standings (the final standings once the game is over, with the game's chart beside
//! them), scrolled a row a press, the live odds below them.

use crate::hw::{Button, Press};

use super::act::{Act, Entry};
use super::machine::{up_down, Machine, Next};
use super::screen::entry;
use super::table::Table;
use super::text;

/// The standings, scrolled `scroll` rows down.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Standings {
    pub scroll: usize,
}

impl Standings {
    /// How far they may scroll: their last rows (the final standings: their last lines).
    fn most(t: &Table) -> usize {
        t.game.as_ref().map_or(0, |g| {
            let (_, mut lines) = g.standings();
            if g.over() {
                let rows = text::final_rows(&lines, &g.players(), text::FINAL_COLS);
                return rows.len().saturating_sub(text::ROWS - 2);
            }
            lines.extend(t.odds_lines());
            text::wrap_all(&lines).len().saturating_sub(text::ROWS - 3)
        })
    }
}

impl<V> Machine<V> for Standings {
    fn entries(&self, _t: &Table) -> Vec<Entry> {
        vec![entry("Back", Act::Back)]
    }

    fn cursor(&mut self) -> Option<&mut usize> {
        None
    }

    fn press(&mut self, b: Button, p: Press, t: &mut Table) -> Option<Next<V>> {
        let dir = up_down(b, p)?;
        self.scroll = self.scroll.saturating_add_signed(dir).min(Self::most(t));
        Some(Next::Stay)
    }

    fn act(&mut self, _act: Act, t: &mut Table) -> Next<V> {
        super::play::back_to_the_game(t)
    }
}
