//! The table's inputs routed to the view shown (a button, a tap, time, the phones' asks and
//! choices), and moving between views: what a view's machine answers (`view::Next`), the flow
//! a game's screens ask for, pages to read, the voice's menu from anywhere.

use super::enrolment::Enrolment;
use super::machine::{menu_press, Next};
use super::pages::Pager;
use super::play::{Log, Undo};
use super::screen::Flow;
use super::talk::Talk;
use super::voice::VoiceMenu;
use super::*;

impl Ui {
    /// A button, a tap, time passing, or the web view's asks.
    pub(super) fn table_input(&mut self, input: TableInput) {
        match input {
            TableInput::Tick(_) => self.tick(),
            TableInput::Quit => {}
            TableInput::Tag(uid) => {
                let shown = self.table.desk.note.take();
                self.tag(uid, shown);
                self.table.desk.out.redraw = true;
            }
            TableInput::Button(b, p) => {
                self.table.desk.note = None;
                self.button(b, p);
                self.table.desk.out.redraw = true;
            }
            TableInput::PhoneAsks { new, waiting } => {
                let before = (self.view.clone(), self.table.phones.asks.len());
                for (code, name) in new {
                    self.table.phone_asks(code, name);
                }
                self.table.keep_asks(&waiting);
                // A question whose phone stopped asking leaves the screen.
                if let View::Pair(p) = &self.view {
                    if !waiting.contains(&p.code) {
                        self.to(Next::Home);
                    }
                }
                self.show_pairing();
                let now = (self.view.clone(), self.table.phones.asks.len());
                self.table.desk.out.redraw |= now != before;
            }
            TableInput::PhoneChoice { seat, line } => {
                let answer = self.table.phone_choice(seat, &line).map(|(flow, told)| {
                    self.follow(flow);
                    told
                });
                if answer.is_err() {
                    // The refusal is the phone's to show; the device stays quiet.
                    self.table.desk.sound = None;
                }
                self.table.desk.out.answered = Some(answer);
            }
        }
    }

    fn tick(&mut self) {
        // A phone still asking is asked again once the screen it waited behind is left.
        self.show_pairing();
        let desk = &mut self.table.desk;
        if desk.toast_until != 0 && desk.now >= desk.toast_until {
            desk.toast_until = 0;
            desk.out.redraw = true;
        }
        if desk.end_a_while() {
            desk.out.redraw = true;
        }
        if let Some(g) = self.table.game.as_mut() {
            let flow = g.tick(&mut self.table.desk);
            self.follow(flow);
        }
        // A computer seat plays on the game's screen only, never over a page or a question.
        if self.view == View::Game {
            let flow = self.table.computer_turn();
            self.follow(flow);
        }
        if std::mem::take(&mut self.table.desk.redraw) {
            self.table.desk.out.redraw = true;
        }
    }

    fn button(&mut self, b: Button, p: Press) {
        // Holding ROLL mutes the voice at once (and brings it back), on any screen, and
        // shows the voice's menu (OK: back where the table was).
        // TALK, on any screen of a game: listen (again); its release ends the sentence.
        match (b, p) {
            (Button::Talk, Press::Press) => {
                // The game's private menu closes as the talk view opens (`go`): the menu
                // lines listened for are those the table sees when it comes back.
                if let Some(moves) = self.table.moves_to_hear() {
                    self.go(View::Talk(Talk::listening()));
                    self.table.talk(moves);
                }
                return;
            }
            // Only the release ends the sentence: a hold (and its repeats) is still talking.
            (Button::Talk, Press::Release) => return self.table.talk_over(),
            (Button::Talk, _) => return,
            _ => {}
        }
        if (b, p) == (Button::Roll, Press::Hold) {
            self.table.toggle_voice();
            // Held again on the voice's menu: still back to where the table was.
            let back = match &self.view {
                View::Voice { back, .. } => back.clone(),
                v => Box::new(v.clone()),
            };
            let menu = VoiceMenu::default();
            return self.go(View::Voice { menu, back });
        }
        // ROLL on the pages of what a command told (untitled: lines that did not fit above
        // the menu) closes them and goes to the game, as OK then ROLL would: the next player
        // rolls at once, where the press did nothing before. Titled pages (the grid's
        // reveal, Illuminati's dice) still wait for OK.
        if (b, p) == (Button::Roll, Press::Press)
            && self.table.game.is_some()
            && matches!(&self.view, View::Pager(pager) if pager.pages.title.is_none())
        {
            Self::uncover(&mut self.view, &mut self.table.desk);
        }
        let next = match self.view.machine() {
            Some(m) => match m.press(b, p, &mut self.table) {
                Some(next) => next,
                None if p == Press::Release => Next::Stay,
                None => menu_press(m, b, p, &mut self.table),
            },
            None => {
                let Some(g) = self.table.game.as_mut() else {
                    return self.go(View::setup());
                };
                // Holding BACK takes the last command back, in every game, after asking.
                if (b, p) == (Button::Back, Press::Hold) {
                    return self.go(View::ConfirmUndo(Undo::default()));
                }
                Next::Flow(g.button(&mut self.table.desk, b, p))
            }
        };
        self.to(next);
    }

    /// A tap, `shown` the note it took off the screen (a new tag's question reads it).
    fn tag(&mut self, uid: Uid, shown: Option<String>) {
        let kind = self.table.tags.get(&uid).cloned();
        // The view's own taps first: a set being enrolled, the check, the pairing question,
        // a token on the new-game screen.
        if let Some(m) = self.view.machine() {
            if let Some(next) = m.tap(&uid, kind.as_ref(), &mut self.table) {
                return self.to(next);
            }
        }
        let Some(kind) = kind else {
            // What the table was told when it tapped ("Bob taps their token first") says
            // whose the new tag most likely is (played by hand: it was offered as Ann's).
            self.table.desk.note = shown;
            let asked = Enrolment::unknown(uid, &self.table);
            self.table.desk.note = None;
            return self.go(View::Enrol(asked));
        };
        let Some(g) = self.table.game.as_mut() else {
            return;
        };
        // A tap speaks to the game, whatever the shell showed.
        Self::uncover(&mut self.view, &mut self.table.desk);
        let flow = match kind {
            TagKind::Player { name } => g.token(&mut self.table.desk, &name),
            TagKind::Piece { id } => g.piece(&mut self.table.desk, &id),
        };
        self.follow(flow);
    }

    /// Where a view's input leads.
    pub(super) fn to(&mut self, next: Next<View>) {
        match next {
            Next::Stay => {}
            Next::Go(view) => self.go(view),
            Next::Back => match &self.view {
                View::Voice { back, .. } => self.go((**back).clone()),
                _ => self.go(self.home()),
            },
            Next::Home => self.go(self.home()),
            Next::Flow(flow) => self.follow(flow),
        }
        self.table.desk.out.redraw = true;
    }

    /// Where BACK and the end of a shell view lead: the game, or the new-game screen.
    fn home(&self) -> View {
        if self.table.game.is_some() {
            View::Game
        } else {
            View::setup()
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
    fn pages_read(view: &View, desk: &mut Desk) {
        if matches!(view, View::Pager(_)) {
            desk.toast_until = 0;
        }
    }

    pub(super) fn go(&mut self, view: View) {
        Self::pages_read(&self.view, &mut self.table.desk);
        let over_game = |v: &View| matches!(v, View::Game | View::Talk(_));
        if over_game(&self.view) && !over_game(&view) {
            // A token's authority ends with the game's screen it was tapped on; the talk
            // view is over that screen, and what is heard there is confirmed for it.
            self.table.desk.token = None;
        }
        if self.view == View::Game && view != View::Game {
            if let Some(g) = self.table.game.as_mut() {
                g.leave();
            }
        }
        self.view = view;
        self.table.desk.out.redraw = true;
    }

    /// The next phone asking to pair takes the screen, unless a question is on it already
    /// (a pairing, enrolment, an undo) or it may not now (`Table::next_pairing`).
    fn show_pairing(&mut self) {
        if matches!(
            self.view,
            View::Pair(_) | View::Enrol(_) | View::ConfirmUndo(_)
        ) {
            return;
        }
        if let Some(question) = self.table.next_pairing() {
            self.go(View::Pair(question));
        }
    }

    /// A note too long for any screen's message rows (a refusal that says all a waiting
    /// question needs) is read on pages, never cut.
    pub(super) fn page_long_note(&mut self) {
        let Some(note) = &self.table.desk.note else {
            return;
        };
        if text::wrap(note).len() <= text::MESSAGE_ROWS {
            return;
        }
        let pages = text::pages(std::slice::from_ref(note), text::MESSAGE_ROWS, |_| false);
        self.table.desk.note = None;
        self.go(View::Pager(Pager::plain(pages)));
    }

    /// Do what the game's screens asked.
    pub(super) fn follow(&mut self, flow: Flow) {
        match flow {
            Flow::Stay => {}
            Flow::Show => self.go(View::Game),
            Flow::Log => self.go(View::Log(Log::default())),
            Flow::Pager(pages) => self.go(View::Pager(Pager::of(pages))),
            Flow::Standings => self.go(View::Standings(Default::default())),
            Flow::ConfirmUndo => self.go(View::ConfirmUndo(Undo::default())),
            Flow::NewGame => {
                self.table.new_game();
                self.go(View::setup());
            }
        }
    }
}
