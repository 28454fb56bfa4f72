//! Every way into the shell is an `Input` through `Ui::handle`: the table's own (buttons, tag
//! taps, time, the web view's asks: `hw::Input`) and what the device loop, the console or a
//! test tells it (a protocol line, START now, a saved game or one made elsewhere, the tag map
//! as kept, the config's settings, what a worker thread found).

use std::path::PathBuf;

use crate::config::TableConfig;
use crate::hw::Input as TableInput;
use crate::tags::TagMap;

use super::screen::{Desk, OnDevice, Playing, VoiceSetting};
use super::worker::Finding;
use crate::session::Session;

/// What comes into the shell.
#[derive(Debug)]
pub enum Input {
    /// The table's: a button, a tag, time passing, a phone's ask or choice.
    Table(TableInput),
    /// A protocol line carried out as the table's, as if chosen from a menu (the dice rolled
    /// by hand, a correction): answered in `Effects::answered`.
    Line(String),
    /// The new-game screen's START now (`play --players`): answered in `Effects::answered`.
    Start,
    /// A saved game resumed (`play --journal`): answered in `Effects::answered`.
    Resume(PathBuf),
    /// The tag map as its file now has it after the device loop kept an enrolment (other
    /// programs may have enrolled tags meanwhile), or why it could not be written.
    TagsKept(Result<TagMap, String>),
    /// The voice as the config sets it, before the table changes it.
    Voice(VoiceSetting),
    /// The table's settings, as the config file gives them.
    Settings(TableConfig),
    /// The new-game screen's players, as `play --players` names them.
    Players(Vec<String>),
    /// The odds on the standings or not (a table may prefer not to know), and how many games
    /// the device plays out for them.
    Odds { on: bool, games: Option<u64> },
    /// The passing note and the last command's lines put away, as the next press would: what
    /// stays is the screen's own question.
    PutAwayNote,
    /// A page of the pager open now (UP/DOWN and OK walk them one by one).
    Page(usize),
    /// The standings scrolled to this row (UP/DOWN scroll them a row a press).
    Scroll(usize),
    /// Line `i` of the menu shown now chosen (as UP/DOWN would).
    Select(usize),
    /// A game made elsewhere (a test's or a bench's position, set up in its session) takes
    /// the screen, as a resumed one would: `Input::open`.
    Open(Opened),
    /// What a job the shell handed out (`Effects::jobs`) found.
    Worked(Finding),
}

impl From<Finding> for Input {
    fn from(found: Finding) -> Input {
        Input::Worked(found)
    }
}

impl Input {
    /// A game made elsewhere, to open on the device.
    pub fn open<F: OnDevice>(session: Session<F>) -> Input {
        Input::Open(Opened(Box::new(session)))
    }
}

/// A session of any family, to be opened with its family's screens.
pub struct Opened(Box<dyn Opening>);

impl Opened {
    pub(super) fn open(self, desk: &mut Desk) -> Box<dyn Playing> {
        self.0.open(desk)
    }
}

impl std::fmt::Debug for Opened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Opened(a game)")
    }
}

/// A session that can take the device's screens.
trait Opening {
    fn open(self: Box<Self>, desk: &mut Desk) -> Box<dyn Playing>;
}

impl<F: OnDevice> Opening for Session<F> {
    fn open(self: Box<Self>, desk: &mut Desk) -> Box<dyn Playing> {
        Box::new(super::screen::InPlay::<F::Screens>::new(*self, desk))
    }
}

impl From<TableInput> for Input {
    fn from(input: TableInput) -> Input {
        Input::Table(input)
    }
}
