//! What the device loop, the console or a test tells the shell (`ui::Input` beside the
//! table's own), carried out.

use super::*;

impl Ui {
    /// What the device loop, the console or a test tells the shell.
    pub(super) fn told(&mut self, input: Input) {
        let answer = |r: Result<(), String>| Some(r.map(|()| Vec::new()));
        let t = &mut self.table;
        match input {
            // The table's own inputs are carried out by `table_input`, never passed here.
            Input::Table(_) => {}
            Input::Line(line) => {
                let done = t.enter(&line).map(|flow| {
                    Self::uncover(&mut self.view, &mut self.table.desk);
                    self.follow(flow);
                });
                self.table.desk.out.answered = answer(done);
            }
            Input::Start => {
                let done = t.start_now();
                self.opened(done);
            }
            Input::Resume(path) => {
                let done = t.resume_now(path);
                self.opened(done);
            }
            Input::TagsKept(kept) => {
                match kept {
                    Ok(map) => t.tags = map,
                    Err(e) => t.desk.note = Some(e),
                }
                t.desk.out.redraw = true;
            }
            Input::Voice(v) => t.desk.voice = v,
            Input::Settings(cfg) => t.desk.cfg = cfg,
            Input::Players(names) => {
                t.setup.players = names;
                t.desk.out.redraw = true;
            }
            Input::Odds { on, games } => {
                t.odds_on = on;
                if let Some(n) = games {
                    t.odds_rollouts.games = n;
                }
            }
            Input::PutAwayNote => {
                t.desk.note = None;
                t.desk.toast_until = 0;
                t.desk.out.redraw = true;
            }
            Input::Page(to) => {
                if let View::Pager(p) = &mut self.view {
                    p.open(to);
                    t.desk.out.redraw = true;
                }
            }
            Input::Scroll(row) => {
                match &mut self.view {
                    View::Standings(s) => s.scroll = row,
                    View::Enrol(e) => {
                        if let super::enrolment::Step::Check { scroll, .. } = &mut e.step {
                            *scroll = row;
                        }
                    }
                    _ => {}
                }
                t.desk.out.redraw = true;
            }
            Input::Select(i) => match self.view.machine() {
                Some(m) => {
                    if let Some(sel) = m.cursor() {
                        *sel = i;
                    }
                }
                None => {
                    if let Some(g) = t.game.as_mut() {
                        g.select(i);
                    }
                }
            },
            Input::Open(game) => {
                let game = game.open(&mut t.desk);
                t.play(game, Vec::new());
                self.go(View::Game);
            }
            Input::Worked(f) => match f.found {
                super::worker::Found::Heard(heard) => {
                    let step = t.heard(f.at, heard);
                    if let (Some(step), View::Talk(talk)) = (step, &mut self.view) {
                        if talk.step == super::talk::Step::Listening {
                            talk.step = step;
                            talk.sel = 0;
                        }
                    }
                }
                found => {
                    if t.worked(f.at, found) && matches!(self.view, View::Standings(_)) {
                        t.desk.out.redraw = true;
                    }
                }
            },
        }
    }

    /// A game started or resumed from outside takes the screen; its answer is the caller's.
    fn opened(&mut self, done: Result<(), String>) {
        if done.is_ok() {
            self.go(View::Game);
        }
        self.table.desk.out.answered = Some(done.map(|()| Vec::new()));
    }
}
