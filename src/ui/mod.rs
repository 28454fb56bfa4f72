//! The device shell, the same for the Pi, the terminal simulator and the tests: a reducer
//! that turns button presses, tag taps and time into a game's commands and returns what it
//! did (`effects::Effects`: the screen to draw, sounds, lines to speak, files to write), which
//! the device loop carries out; the shell itself writes only the game's journal, through its
//! session. It keeps what every game shares: the new-game screen, resuming a saved game,
//! enrolling a tag, the log, the pager, the standings and the question before an undo, in
//! modules of their own (`menus`, `acts`, `playing`, `pairing`). A game in play is one
//! `dyn Playing` (a session with its family's screens, named in games.rs); everything else a
//! screen does is the family's own.

mod acts;
pub mod effects;
mod enrolment;
pub mod grid;
pub mod houserules;
pub mod illuminati;
mod input;
pub mod kinds;
mod menus;
pub mod names;
mod navigate;
pub mod newgame;
mod odds;
pub mod offers;
mod pairing;
pub mod phones;
mod playing;
pub mod property;
pub mod records;
pub mod render;
pub mod screen;
mod taps;
pub mod text;
mod told;
pub mod view;
pub mod worker;

use std::path::PathBuf;

use crate::config::TableConfig;
use crate::hw::buzzer::Sound;
use crate::hw::{Button, Input as TableInput, Press, Uid};
use crate::session::Session;
use crate::tags::{TagKind, TagMap};
pub use input::Input;
use newgame::Setup;
use screen::{Desk, Flow, NewGame, OnDevice, Pages, Playing};
pub use view::View;

/// What a line of the shell's menus does when chosen.
#[derive(Debug, Clone, PartialEq)]
pub enum Act {
    Resume(PathBuf),
    /// A finished game: its final standings and report.
    Finished(PathBuf),
    NextRuleset,
    /// The next value of this house rule (Setup::house).
    NextChoice(usize),
    AddPlayer,
    RemovePlayer,
    Start,
    Enroll(TagKind),
    /// The sets of tags to enrol in one pass, listed.
    EnrolSets,
    /// This set of the list enrolled in one pass.
    EnrolSet(usize),
    /// What the game needs and has no tag yet.
    CheckTags,
    /// The table's records over every finished game saved here, on pages.
    Records,
    /// The next page, or back to the game after the last.
    NextPage,
    /// Take the last command back (asked first).
    Undo,
    /// Back to the game's screens, or to the new-game screen before a game.
    Back,
    /// The voice on or off.
    Voice,
    /// The voice's next pace: normal, fast, slow.
    VoicePace,
    /// The voice's next loudness: normal, loud, quiet.
    VoiceVolume,
    /// The odds shown on the standings screen, or not.
    Odds,
    /// The phone asking to pair is refused.
    RefusePhone,
    /// Every phone asking to pair is refused.
    RefuseAllPhones,
    /// The phone asking to pair asks for this seat: its token comes next.
    PairSeat(usize),
    /// The new tag is a new player's token: choose or type the name.
    NameToken,
    /// Type the name letter by letter.
    TypeName,
    /// The seat's token was tapped: the phone gets the seat.
    PairOk,
    /// A seat the device plays, at this level.
    AddComputer(crate::computer::Level),
    /// The computer seats' deals on or off.
    ComputerDeals,
}

/// A line of the shell's menus.
pub type Entry = screen::Entry<Act>;
use screen::entry;

pub struct Ui {
    /// The game in play, of any family.
    game: Option<Box<dyn Playing>>,
    /// What the shell lends the game's screens: the log, the note, the time, the settings.
    desk: Desk,
    tags: TagMap,
    setup: Setup,
    view: View,
    /// The chosen line of the shell's own menu shown now (each view starts on its first).
    sel: usize,
    /// The live odds, worked out in a thread after each change of the game.
    odds: worker::Asked<crate::odds::Odds>,
    /// Show the odds (the new-game screen's "Odds" line; a table may prefer not to know).
    odds_on: bool,
    /// How many games the device plays out for them.
    odds_rollouts: crate::odds::Rollouts,
    /// Phones asking to pair with a seat (the web view), and the table's answers.
    phones: phones::Phones,
    /// A computer seat's next choice, worked out in a thread of its own.
    computer: worker::Asked<crate::computer::Move>,
    /// The position the game last changed to, and when (a computer seat waits
    /// `computer_ms` after it); a position where a computer seat's choice was refused.
    computer_since: (u64, u64),
    computer_stuck: Option<u64>,
}

impl Ui {
    pub fn new(tags: TagMap, cfg: TableConfig, setup: Setup) -> Ui {
        let mut ui = Ui {
            game: None,
            desk: Desk {
                cfg,
                ..Desk::default()
            },
            tags,
            setup,
            view: View::Setup,
            sel: 0,
            odds: worker::Asked::default(),
            odds_on: true,
            odds_rollouts: crate::odds::Rollouts {
                jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
                ..crate::odds::Rollouts::default()
            },
            phones: phones::Phones::default(),
            computer: worker::Asked::default(),
            computer_since: (u64::MAX, 0),
            computer_stuck: None,
        };
        ui.setup.load_house_rules();
        ui.setup.list_saves();
        ui
    }

    /// The game in play, of any family.
    pub fn game(&self) -> Option<&dyn Playing> {
        self.game.as_deref()
    }

    /// The shell's screen now.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// What the shell lends the game's screens: the log, the note, the toast, the time.
    pub fn desk(&self) -> &Desk {
        &self.desk
    }

    pub fn tags(&self) -> &TagMap {
        &self.tags
    }

    /// The new-game screen's choices (the players so far, the ruleset, the saved games).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// How far the standings are scrolled down.
    pub fn scroll(&self) -> usize {
        match self.view {
            View::Standings { scroll } | View::Check { scroll, .. } => scroll,
            _ => 0,
        }
    }

    /// Codes of phones waiting for the table's answer, oldest first.
    pub fn phones_asking(&self) -> Vec<String> {
        self.phones.asks.iter().cloned().collect()
    }

    /// The session of the game in play, when it is of family `F`.
    pub fn session<F: OnDevice>(&self) -> Option<&Session<F>> {
        self.game.as_ref()?.session_any().downcast_ref()
    }

    /// What the game in play would show were its state `state` (of family `F`): a copy, the
    /// game itself untouched.
    pub fn what_if<F: OnDevice>(&self, state: F::State) -> Option<Box<dyn Playing>> {
        self.game.as_ref()?.what_if(Box::new(state))
    }

    /// The screens of the game in play, when they are `S`.
    pub fn screens<S: screen::Screens>(&self) -> Option<&S> {
        self.game.as_ref()?.screens_any().downcast_ref()
    }

    /// The log of the game (every line narrated, oldest first).
    pub fn log(&self) -> &[String] {
        &self.desk.log
    }

    /// The menu shown now, as labels.
    pub fn labels(&self) -> Vec<String> {
        match (&self.view, &self.game) {
            (View::Game, Some(g)) => g.labels(&self.desk),
            _ => self.entries().into_iter().map(|e| e.label).collect(),
        }
    }

    /// The chosen line of the menu shown now.
    pub fn chosen(&self) -> usize {
        match (&self.view, &self.game) {
            (View::Game, Some(g)) => g.sel(),
            _ => self.sel,
        }
    }

    /// One input, and what it did for the device loop to carry out: the sound it makes (the
    /// command's, a refusal winning; an undo's; a tag read), what to say, files to write, the
    /// screen to draw again; a phone's answer. The web view's asks come in as inputs too
    /// (`Input::PhoneAsks`, `Input::PhoneChoice`).
    pub fn handle(&mut self, input: impl Into<Input>, now: u64) -> effects::Effects {
        let input = input.into();
        self.desk.sound = None;
        // A refusal is this input's: one left from an earlier input would read as if the
        // next good command had been refused too (a sealed order called unsealable).
        self.desk.refusal = None;
        let tap = matches!(input, Input::Table(TableInput::Tag(_)));
        self.dispatch(input, now);
        self.page_long_note();
        match self.desk.sound.take() {
            Some(s) => self.desk.out.sounds.push(s),
            None if tap => self.desk.out.sounds.push(Sound::Accept),
            None => {}
        }
        self.ask_odds();
        std::mem::take(&mut self.desk.out)
    }

    fn dispatch(&mut self, input: Input, now: u64) {
        self.desk.now = now;
        let input = match input {
            Input::Table(input) => input,
            told => return self.told(told),
        };
        match input {
            TableInput::Tick(_) => self.tick(),
            TableInput::Quit => {}
            TableInput::Tag(uid) => {
                self.desk.note = None;
                self.tag(uid);
                self.desk.out.redraw = true;
            }
            TableInput::Button(b, p) => {
                self.desk.note = None;
                self.button(b, p);
                self.desk.out.redraw = true;
            }
            TableInput::PhoneAsks { new, waiting } => {
                let before = (self.view.clone(), self.phones.asks.len());
                for (code, name) in new {
                    self.phone_asks(code, name);
                }
                self.keep_asks(&waiting);
                self.show_pairing();
                self.desk.out.redraw |= (self.view.clone(), self.phones.asks.len()) != before;
            }
            TableInput::PhoneChoice { seat, line } => {
                let answer = self.phone_choice(seat, &line);
                if answer.is_err() {
                    // The refusal is the phone's to show; the device stays quiet.
                    self.desk.sound = None;
                }
                self.desk.out.answered = Some(answer);
            }
        }
    }

    fn tick(&mut self) {
        // A phone still asking is asked again once the screen it waited behind is left.
        self.show_pairing();
        if self.desk.toast_until != 0 && self.desk.now >= self.desk.toast_until {
            self.desk.toast_until = 0;
            self.desk.out.redraw = true;
        }
        if let Some(g) = self.game.as_mut() {
            let flow = g.tick(&mut self.desk);
            self.follow(flow);
        }
        self.computer_turn();
        if std::mem::take(&mut self.desk.redraw) {
            self.desk.out.redraw = true;
        }
    }

    /// The voice as the table set it, for the device loop to follow.
    pub fn voice(&self) -> screen::VoiceSetting {
        self.desk.voice
    }
}
