//! What the device loop, the console or a test tells the shell (`ui::Input` beside the
//! table's own), carried out.

use super::*;

impl Ui {
    /// What the device loop, the console or a test tells the shell.
    pub(super) fn told(&mut self, input: Input) {
        let answer = |r: Result<(), String>| Some(r.map(|()| Vec::new()));
        match input {
            // The table's own inputs are carried out by `dispatch`, never passed here.
            Input::Table(_) => {}
            Input::Line(line) => self.desk.out.answered = answer(self.enter(&line)),
            Input::Start => self.desk.out.answered = answer(self.start_now()),
            Input::Resume(path) => self.desk.out.answered = answer(self.resume_now(path)),
            Input::TagsKept(kept) => {
                match kept {
                    Ok(map) => self.tags = map,
                    Err(e) => self.desk.note = Some(e),
                }
                self.desk.out.redraw = true;
            }
            Input::Voice(v) => self.desk.voice = v,
            Input::Settings(cfg) => self.desk.cfg = cfg,
            Input::Players(names) => {
                self.setup.players = names;
                self.desk.out.redraw = true;
            }
            Input::Odds { on, games } => {
                self.odds_on = on;
                if let Some(n) = games {
                    self.odds_rollouts.games = n;
                }
            }
            Input::PutAwayNote => {
                self.desk.note = None;
                self.desk.toast_until = 0;
                self.desk.out.redraw = true;
            }
            Input::Page(to) => {
                if let View::Pager { pages, page } = &mut self.view {
                    *page = to.min(pages.pages.len().saturating_sub(1));
                    self.desk.out.redraw = true;
                }
            }
            Input::Scroll(row) => {
                if let View::Standings { scroll } | View::Check { scroll, .. } = &mut self.view {
                    *scroll = row;
                }
                self.desk.out.redraw = true;
            }
            Input::Select(i) => match (&self.view, self.game.as_mut()) {
                (View::Game, Some(g)) => g.select(i),
                _ => self.sel = i,
            },
            Input::Open(game) => {
                let game = game.open(&mut self.desk);
                self.play(game, Vec::new());
            }
            Input::Worked(f) => self.worked(f.at, f.found),
        }
    }
}
