//! Moving between the shell's views: to a view, back home, the game's screen uncovered, pages
//! to read, the flow a game's screens ask for, the voice muted from anywhere.

use super::*;

impl Ui {
    /// The voice off (at once: what it is saying stops) or on again, said on screen.
    pub(super) fn toggle_voice(&mut self) {
        self.desk.voice.on = !self.desk.voice.on;
        self.desk.note = Some(if self.desk.voice.on {
            "voice on".into()
        } else {
            "voice off (hold ROLL to hear it again)".into()
        });
        self.desk.out.redraw = true;
    }

    /// Where BACK and the end of a shell view lead: the game, or the new-game screen.
    pub(super) fn home(&self) -> View {
        if self.game.is_some() {
            View::Game
        } else {
            View::Setup
        }
    }

    /// The game's screen again, as it stands under whatever the shell showed (the menu's
    /// choice kept).
    pub(super) fn uncover(view: &mut View, desk: &mut Desk) {
        Self::pages_read(view, desk);
        *view = View::Game;
    }

    /// Lines put on pages were shown there, however the pages are left (OK, BACK, a tap):
    /// the game's screen does not show them again as the toast.
    pub(super) fn pages_read(view: &View, desk: &mut Desk) {
        if matches!(view, View::Pager { .. }) {
            desk.toast_until = 0;
        }
    }

    pub(super) fn go(&mut self, view: View) {
        Self::pages_read(&self.view, &mut self.desk);
        if self.view == View::Game && view != View::Game {
            // A token's authority ends with the game's screen it was tapped on.
            self.desk.token = None;
            if let Some(g) = self.game.as_mut() {
                g.leave();
            }
        }
        self.view = view;
        self.sel = 0;
        self.desk.out.redraw = true;
    }

    /// A note too long for any screen's message rows (a refusal that says all a waiting
    /// question needs) is read on pages, never cut.
    pub(super) fn page_long_note(&mut self) {
        let Some(note) = &self.desk.note else {
            return;
        };
        if text::wrap(note).len() <= text::MESSAGE_ROWS {
            return;
        }
        let pages = text::pages(std::slice::from_ref(note), text::MESSAGE_ROWS, |_| false);
        self.desk.note = None;
        self.read_pages(pages);
    }

    /// These pages to read, one by one, OK after the last going back.
    pub(super) fn read_pages(&mut self, pages: Vec<Vec<String>>) {
        self.go(View::Pager {
            pages: Pages {
                title: None,
                pages,
                last: "OK",
            },
            page: 0,
        });
    }

    /// Do what the game's screens asked.
    pub(super) fn follow(&mut self, flow: Flow) {
        match flow {
            Flow::Stay => {}
            Flow::Show => self.go(View::Game),
            Flow::Log => self.go(View::Log { back: 0 }),
            Flow::Pager(pages) => self.go(View::Pager { pages, page: 0 }),
            Flow::Standings => self.go(View::Standings { scroll: 0 }),
            Flow::ConfirmUndo => self.go(View::ConfirmUndo),
            Flow::NewGame => self.new_game(),
        }
    }
}
