//! The device shell, the same for the Pi, the terminal simulator and the tests: a reducer
//! that turns button presses, tag taps and time into a game's commands and returns what it
//! did (`effects::Effects`: the screen to draw, sounds, lines to speak, files to write), which
//! the device loop carries out; the shell itself writes only the game's journal, through its
//! session. It is the table's shared state (`table::Table`) and the view shown (`View`): the
//! game's own screens, or one of the shell's small state machines (`view::Machine`), each a
//! type in a module of its own (the new-game screen, enrolment, pairing, pages, standings,
//! the log and the undo question, the voice). `navigate` routes each input to the view and
//! moves between views. A game in play is one `dyn Playing` (a session with its family's
//! screens, named in games.rs); everything else a screen does is the family's own.

mod act;
pub mod effects;
pub mod enrolment;
pub mod grid;
pub mod houserules;
pub mod illuminati;
mod input;
pub mod kinds;
pub mod listen;
mod machine;
pub mod names;
mod navigate;
pub mod newgame;
mod odds;
pub mod offers;
pub mod pages;
pub mod pairing;
pub mod phones;
pub mod play;
mod playing;
pub mod property;
pub mod records;
pub mod render;
pub mod screen;
pub mod setup;
pub mod standings;
pub mod table;
pub mod talk;
pub mod text;
mod told;
pub mod view;
pub mod voice;
pub mod worker;

use crate::config::TableConfig;
use crate::hw::buzzer::Sound;
use crate::hw::{Button, Input as TableInput, Press, Uid};
use crate::session::Session;
use crate::tags::{TagKind, TagMap};
pub use act::{Act, Entry};
pub use input::Input;
use screen::{Desk, OnDevice, Playing};
use setup::Setup;
use table::Table;
pub use view::View;

pub struct Ui {
    /// What every view shares: the game, the desk, the tags, the new-game choices, the
    /// phones, the odds and the computer seats' work.
    table: Table,
    /// The view shown, owning its own state.
    view: View,
}

impl Ui {
    pub fn new(tags: TagMap, cfg: TableConfig, setup: Setup) -> Ui {
        let mut table = Table {
            game: None,
            desk: Desk {
                cfg,
                ..Desk::default()
            },
            tags,
            setup,
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
            hearing: worker::Asked::default(),
            phrases: Vec::new(),
            talk_stop: None,
        };
        table.setup.load_house_rules();
        table.setup.list_saves();
        Ui {
            table,
            view: View::setup(),
        }
    }

    /// The game in play, of any family.
    pub fn game(&self) -> Option<&dyn Playing> {
        self.table.game.as_deref()
    }

    /// The shell's screen now.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// What the shell lends the game's screens: the log, the note, the toast, the time.
    pub fn desk(&self) -> &Desk {
        &self.table.desk
    }

    pub fn tags(&self) -> &TagMap {
        &self.table.tags
    }

    /// The new-game screen's choices (the players so far, the ruleset, the saved games).
    pub fn setup(&self) -> &Setup {
        &self.table.setup
    }

    /// The sets of tags of the game in play, or of the game chosen on the new-game screen.
    pub fn piece_sets(&self) -> Result<Vec<crate::sets::PieceSet>, String> {
        self.table.piece_sets()
    }

    /// Is the standings screen showing the odds?
    pub fn odds_on(&self) -> bool {
        self.table.odds_on
    }

    /// The standings screen's odds lines: the odds of the position now, or that they are
    /// being worked out.
    pub fn odds_lines(&self) -> Vec<String> {
        self.table.odds_lines()
    }

    /// How far the standings (or the tag check) are scrolled down.
    pub fn scroll(&self) -> usize {
        match &self.view {
            View::Standings(s) => s.scroll,
            View::Enrol(e) => match e.step {
                enrolment::Step::Check { scroll, .. } => scroll,
                _ => 0,
            },
            _ => 0,
        }
    }

    /// Codes of phones waiting for the table's answer, oldest first.
    pub fn phones_asking(&self) -> Vec<String> {
        self.table.phones.asks.iter().cloned().collect()
    }

    /// The session of the game in play, when it is of family `F`.
    pub fn session<F: OnDevice>(&self) -> Option<&Session<F>> {
        self.game()?.session_any().downcast_ref()
    }

    /// What the game in play would show were its state `state` (of family `F`): a copy, the
    /// game itself untouched.
    pub fn what_if<F: OnDevice>(&self, state: F::State) -> Option<Box<dyn Playing>> {
        self.game()?.what_if(Box::new(state))
    }

    /// The screens of the game in play, when they are `S`.
    pub fn screens<S: screen::Screens>(&self) -> Option<&S> {
        self.game()?.screens_any().downcast_ref()
    }

    /// The log of the game (every line narrated, oldest first).
    pub fn log(&self) -> &[String] {
        &self.table.desk.log
    }

    /// The shell's own menu for the view shown now (empty on the game's screens).
    pub fn entries(&self) -> Vec<Entry> {
        self.view
            .seen()
            .map_or_else(Vec::new, |m| m.entries(&self.table))
    }

    /// The menu shown now, as labels.
    pub fn labels(&self) -> Vec<String> {
        match (&self.view, self.game()) {
            (View::Game, Some(g)) => g.labels(&self.table.desk),
            _ => self.entries().into_iter().map(|e| e.label).collect(),
        }
    }

    /// The chosen line of the menu shown now.
    pub fn chosen(&self) -> usize {
        match (&self.view, self.game()) {
            (View::Game, Some(g)) => g.sel(),
            _ => self.view.sel(),
        }
    }

    /// One input, and what it did for the device loop to carry out: the sound it makes (the
    /// command's, a refusal winning; an undo's; a tag read), what to say, files to write, the
    /// screen to draw again; a phone's answer. The web view's asks come in as inputs too
    /// (`Input::PhoneAsks`, `Input::PhoneChoice`).
    pub fn handle(&mut self, input: impl Into<Input>, now: u64) -> effects::Effects {
        let input = input.into();
        let desk = &mut self.table.desk;
        desk.sound = None;
        // A refusal is this input's: one left from an earlier input would read as if the
        // next good command had been refused too (a sealed order called unsealable).
        desk.refusal = None;
        desk.now = now;
        let tap = matches!(input, Input::Table(TableInput::Tag(_)));
        match input {
            Input::Table(input) => self.table_input(input),
            told => self.told(told),
        }
        self.page_long_note();
        let desk = &mut self.table.desk;
        match desk.sound.take() {
            Some(s) => desk.out.sounds.push(s),
            None if tap => desk.out.sounds.push(Sound::Accept),
            None => {}
        }
        self.table.ask_odds();
        std::mem::take(&mut self.table.desk.out)
    }

    /// The voice as the table set it, for the device loop to follow.
    pub fn voice(&self) -> screen::VoiceSetting {
        self.table.desk.voice
    }
}
