//! What a line of the shell's own menus does when chosen (`Act`), for every view's machine.

use std::path::PathBuf;

use crate::tags::TagKind;

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
    Enrol(TagKind),
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
    /// What was heard carried out (OK after TALK).
    Heard,
}

/// A line of the shell's menus.
pub type Entry = super::screen::Entry<Act>;
