//! What the shell shows (`View`): the game's own screens, or one of the shell's small state
//! machines (`machine::Machine`), each a type owning its state and cursor in a module of its
//! own: the new-game screen (`newgame`), enrolment (`enrolment`), the pairing question
//! (`pairing`), pages and the records (`pages`), the standings (`standings`), the log and the
//! question before an undo (`play`), and the voice's menu (`voice`).

use super::enrolment::Enrolment;
use super::machine::Machine;
use super::newgame::NewGameMenu;
use super::pages::Pager;
use super::pairing::Pairing;
use super::play::{Log, Undo};
use super::standings::Standings;
use super::talk::Talk;
use super::voice::VoiceMenu;

/// What the shell shows.
#[derive(Debug, Clone, PartialEq)]
pub enum View {
    /// The new-game screen.
    Setup(NewGameMenu),
    /// The game's own screens (their state is the family's).
    Game,
    /// A tag enrolled: asked about, named, a set in one pass, the check.
    Enrol(Enrolment),
    /// The game's log.
    Log(Log),
    /// Lines that do not fit, or the records, read page by page.
    Pager(Pager),
    /// Standings (the final standings once the game is over).
    Standings(Standings),
    /// Asked before an undo.
    ConfirmUndo(Undo),
    /// The voice's menu (opened by holding ROLL); `back` is where the table was.
    Voice { menu: VoiceMenu, back: Box<View> },
    /// A phone asks to pair.
    Pair(Pairing),
    /// Push to talk: listening, then what was heard, waiting for OK.
    Talk(Talk),
}

/// `$then` with `$m` the view's machine, whichever view it is; `$game` on the game's screens.
macro_rules! each_view {
    ($view:expr, $m:ident => $then:expr, $game:expr) => {
        match $view {
            View::Game => $game,
            View::Setup($m) => $then,
            View::Enrol($m) => $then,
            View::Log($m) => $then,
            View::Pager($m) => $then,
            View::Standings($m) => $then,
            View::ConfirmUndo($m) => $then,
            View::Voice { menu: $m, .. } => $then,
            View::Pair($m) => $then,
            View::Talk($m) => $then,
        }
    };
}

impl From<Enrolment> for View {
    fn from(e: Enrolment) -> View {
        View::Enrol(e)
    }
}

impl View {
    /// The view's machine (None: the game's own screens).
    pub(super) fn machine(&mut self) -> Option<&mut dyn Machine<View>> {
        each_view!(self, m => Some(m), None)
    }

    /// The view's machine, to read (None: the game's own screens).
    pub(super) fn seen(&self) -> Option<&dyn Machine<View>> {
        each_view!(self, m => Some(m), None)
    }

    /// The new-game screen, its first line chosen.
    pub fn setup() -> View {
        View::Setup(NewGameMenu::default())
    }

    /// The chosen line of its menu (0 on a view without a cursor).
    pub fn sel(&self) -> usize {
        match self {
            View::Setup(m) => m.sel,
            View::Enrol(m) => m.sel,
            View::ConfirmUndo(m) => m.sel,
            View::Voice { menu, .. } => menu.sel,
            View::Pair(m) => m.sel,
            View::Talk(m) => m.sel,
            View::Game | View::Log(_) | View::Pager(_) | View::Standings(_) => 0,
        }
    }
}
