//! The live odds on the standings: asked of a worker thread after each change of the game,
//! shown when they are in, and off when a table prefers not to know.

use super::*;

impl Ui {
    /// The thread that works out the odds (a tool or a test may hand it a job).
    pub fn odds_worker(&mut self) -> &mut worker::Worker<crate::odds::Odds> {
        &mut self.odds
    }

    /// Is the standings screen showing the odds?
    pub fn odds_on(&self) -> bool {
        self.odds_on
    }

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
        self.odds.ask(at, || g.odds_job(cfg));
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
                let mut out = vec![format!("Chance to win ({} games):", o.games)];
                out.extend(o.lines());
                out
            }
            _ => vec!["Chance to win: working it out...".into()],
        }
    }
}
