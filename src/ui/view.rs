//! What the shell shows (`View`): its own screens over the game.

use crate::hw::Uid;

use super::screen::Pages;

/// What the shell shows.
#[derive(Debug, Clone, PartialEq)]
pub enum View {
    /// The new-game screen.
    Setup,
    /// The game's own screens.
    Game,
    /// A tag the map does not know: what is it?
    Enroll { uid: Uid },
    /// A new player's token being named (`names`): from the list (`typed` None), or typed,
    /// `letter` the one UP/DOWN are on.
    Name {
        uid: Uid,
        typed: Option<String>,
        letter: u8,
    },
    /// The sets of tags a table enrols in one pass (`crate::sets`), each with its progress.
    Sets { sets: Vec<crate::sets::PieceSet> },
    /// A set being enrolled in one pass: `at` is the label to tap next.
    EnrolSet {
        set: crate::sets::PieceSet,
        at: usize,
    },
    /// Every piece of the game: those with no tag yet listed (scrolled `scroll` rows down),
    /// each tap said.
    Check {
        all: crate::sets::PieceSet,
        scroll: usize,
    },
    /// The game's log, `back` lines up from its end.
    Log { back: usize },
    /// A command's lines that do not fit, read page by page.
    Pager { pages: Pages, page: usize },
    /// Standings (the final standings once the game is over), scrolled `scroll` rows down.
    Standings { scroll: usize },
    /// Asked before an undo.
    ConfirmUndo,
    /// The voice: on or off, its pace (opened by holding ROLL, which also mutes or unmutes);
    /// `back` is where the table was (BACK or OK on "Back" returns there).
    Voice { back: Box<View> },
    /// A phone asks to pair: the code it shows. The table chooses the seat on this menu, that
    /// seat's token is tapped, then OK gives the phone the seat; no other tap pairs.
    Pair {
        code: String,
        seat: Option<usize>,
        tapped: bool,
    },
}
