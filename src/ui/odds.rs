//! The live odds on the standings: asked of a worker thread after each change of the game,
//! shown when they are in, and off when a table prefers not to know; what the worker
//! threads found, taken in.

use super::table::Table;
use super::worker;

impl Table {
    /// The odds of the game as it now stands, asked of the worker when it changed (the job
    /// runs in its own thread: this returns at once).
    pub(super) fn ask_odds(&mut self) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        if !self.odds_on || g.over() {
            return;
        }
        let at = g.position(&self.desk);
        let cfg = self.odds_rollouts;
        let work = self
            .odds
            .ask(at, || g.odds_job(cfg), worker::Found::Odds, "odds");
        self.desk.out.jobs.extend(work);
    }

    /// What a job found: the odds (true when they are the position's now, to be shown), a
    /// computer seat's choice (carried out on a tick once the table has had time to read the
    /// last change).
    pub(super) fn worked(&mut self, at: u64, found: worker::Found) -> bool {
        match found {
            worker::Found::Odds(odds) => self.odds.found(at, odds),
            worker::Found::Computer(mv) => {
                self.computer.found(at, mv);
                false
            }
            // Heard sentences go to the talk view (`Table::heard`).
            worker::Found::Heard(_) => false,
        }
    }

    /// The standings screen's odds lines: the odds of the position now, or that they are
    /// being worked out.
    pub fn odds_lines(&self) -> Vec<String> {
        let Some(g) = self.game.as_ref().filter(|_| self.odds_on) else {
            return vec![];
        };
        if g.over() {
            return vec![];
        }
        match &self.odds.shown {
            Some((at, o)) if *at == g.position(&self.desk) => {
                // Each line one row of the screen: the heading, each player's chance, then
                // how many games it comes from ("Chance to win (400 games):" wrapped).
                let mut out = vec!["Chance to win:".to_string()];
                out.extend(o.lines());
                out.push(format!("({} games played)", o.games));
                out
            }
            _ => vec!["Chance to win: working it out...".into()],
        }
    }
}
