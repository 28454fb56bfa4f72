//! The seam between the device shell and a game family's screens: the `Screens` trait each
//! family's screen module implements (what to draw, a button, a tag tap, time passing, the
//! house rules, what a tag may stand for), `Desk` (what the shell lends a screen: the log, the
//! note, the sound of the press, the time), `Flow` (what a screen asks of the shell: the log,
//! the pager, standings, undo, a new game) and `InPlay`, a session with its screens behind the
//! one object the shell holds, `dyn Playing`.

use std::any::Any;

use std::path::{Path, PathBuf};

use super::houserules::HouseRule;
use super::offers::{Agreed, Amount, Offers};
use crate::config::TableConfig;
use crate::engine::authority::{Actor, Whose};
use crate::engine::game::{Audience, Family, Game, Parsed, Play, Speech, Words};
use crate::engine::panels::Report;
use crate::hw::buzzer::Sound;
use crate::hw::{Button, Frame, Press};
use crate::session::Session;

/// How many of the log's last lines a web view carries.
pub const VIEW_LOG_LINES: usize = 60;

/// A menu line: its words (cut to the screen) and what choosing it does.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry<A> {
    pub label: String,
    pub act: A,
}

/// A menu line whose words are cut to the screen's width.
pub fn entry<A>(label: impl Into<String>, act: A) -> Entry<A> {
    // Kept whole: the screen cuts it to its width, and shows it whole while it is chosen.
    Entry {
        label: label.into(),
        act,
    }
}

/// What a tag tapped during a game stands for, once the shell has read the tag map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tapped<'a> {
    /// A player's token, as a seat of this game.
    Player(usize),
    /// A piece the family named when it was enrolled (`deed:centre`, `group:cia`).
    Piece(&'a str),
}

/// A command's lines read page by page with OK (the shell's pager).
#[derive(Debug, Clone, PartialEq)]
pub struct Pages {
    /// The header while paging (None: "Page 1 of 3").
    pub title: Option<String>,
    pub pages: Vec<Vec<String>>,
    /// The menu line of the last page ("OK", or "OK: next" when the screen goes on).
    pub last: &'static str,
}

/// What a screen asks of the shell after an input.
#[derive(Debug, Clone, PartialEq)]
pub enum Flow {
    /// Nothing for the shell to do: whatever it shows stays.
    Stay,
    /// Show the game's screens (a timer ran out, a tap was answered).
    Show,
    /// The log of the whole game.
    Log,
    /// These pages, then back to the game's screens.
    Pager(Pages),
    /// The standings (the final standings once the game is over).
    Standings,
    /// Ask before taking back the last command.
    ConfirmUndo,
    /// Leave this game for the new-game screen.
    NewGame,
}

/// What the shell lends a family's screens: the table's log, the note and the last command's
/// lines on screen, the sound this input makes, the time and the table's settings.
#[derive(Debug, Default)]
pub struct Desk {
    /// Every line narrated, oldest first (the notebook).
    pub(crate) log: Vec<String>,
    /// The last command's lines, shown until `toast_until`.
    pub(crate) toast: Vec<String>,
    pub(crate) toast_until: u64,
    /// A refusal or a remark, shown until the next input.
    pub(crate) note: Option<String>,
    /// A remark said a while only (`say_a_while`): when it goes, if it is still the note.
    pub(crate) note_until: Option<(u64, String)>,
    /// The sound this input makes: the last command's (a refusal wins), or a tap's.
    pub(crate) sound: Option<Sound>,
    /// The reason of the last refusal of this input (`Input::Line` reports it).
    pub(crate) refusal: Option<String>,
    /// Something on screen changed with the time (a countdown, a clock): draw again.
    pub(crate) redraw: bool,
    /// The game's report once it is over: the final standings draw its first chart, and its
    /// picture is saved beside the journal.
    pub(crate) final_report: Option<Report>,
    pub(crate) now: u64,
    pub(crate) cfg: TableConfig,
    /// The voice as the table set it (on the new-game screen, the log's menu, or by holding
    /// ROLL), for the device loop to follow.
    pub(crate) voice: VoiceSetting,
    /// What this input did that the device loop carries out (sounds, lines to speak, files
    /// to write): `Ui::handle` hands it over.
    pub(crate) out: super::effects::Effects,
    /// The last command's lines for one seat's eyes only (a card whose result only its
    /// player may see), by
    /// seat: a screen shows them once that seat's token is tapped, or a phone gets them.
    pub(crate) told: Vec<(usize, String)>,
    /// Who makes this input when it is not the device's buttons: a seat's paired phone (its
    /// private lines go to the phone, never to the device's screen) or a computer seat.
    pub(crate) actor: Actor,
    /// Why a computer seat makes the command being carried out ("cpu1 weighs it best: ..."):
    /// said after its lines and what the table does for it, paged with them (`run`).
    pub(crate) why: Option<String>,
    /// The seat whose token opened the menu shown now: the buttons act for that seat in
    /// person too, until BACK, another seat's command at the buttons, or the game's screen
    /// is left.
    pub(crate) token: Option<usize>,
    /// The seats that said yes themselves to the command being carried out (a deal's sides:
    /// their tokens tapped on it, their phones agreeing, a computer seat's answer).
    pub(crate) yes: Vec<usize>,
    /// Who offered the deal being carried out, when a seat did (its acceptance names them:
    /// "cpu2 accepts cpu1's deal (computer): ..."); None: the table, at the device.
    pub(crate) offered_by: Option<usize>,
    /// Deals put to seats that answer away from the buttons (a phone, a computer seat), each
    /// waiting until every seat it binds has said yes.
    pub(crate) offers: Offers,
    /// The seats that passed on what they may still do now (an Illuminati attack's
    /// interference and defence), and when that window opened: a computer seat's move that
    /// would close it waits for each of them to pass, or for `window_ms` (`Screens::holds`).
    pub(crate) passed: Vec<usize>,
    /// The computer seats that took part in that moment (spent on another's attack): once
    /// done, such a seat adds no more, where one that never took part stays out.
    pub(crate) took_part: Vec<usize>,
    /// Why a computer seat's move waits (`Screens::holds`: the time left for the others),
    /// kept apart from the note so that the screen a person is partway through (an amount to
    /// spend) keeps its own words; None once the move goes ahead.
    pub(crate) waiting: Option<String>,
    pub(crate) window_since: Option<u64>,
}

/// The voice as the table set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VoiceSetting {
    pub on: bool,
    /// Words a minute.
    pub speed: u32,
    /// Loudness, 0 to 200.
    pub volume: u32,
}

impl Default for VoiceSetting {
    fn default() -> Self {
        VoiceSetting {
            on: true,
            speed: 165,
            volume: 100,
        }
    }
}

impl Desk {
    /// A refusal or a remark, shown until the next input.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// Why a computer seat's move waits for the table, while it does.
    pub fn waiting(&self) -> Option<&str> {
        self.waiting.as_deref()
    }

    /// Show a remark until the next input (None: no remark).
    pub fn set_note(&mut self, note: Option<String>) {
        self.note = note;
    }

    /// A remark shown a while (the toast's time) or until the next input, whichever comes
    /// first: for what only confirms, over a screen whose own question must then be read.
    pub(crate) fn say_a_while(&mut self, note: String) {
        self.note_until = Some((self.now + self.cfg.toast_ms, note.clone()));
        self.note = Some(note);
    }

    /// The remark said a while is gone once its time is up (a later note stays).
    pub(crate) fn end_a_while(&mut self) -> bool {
        match &self.note_until {
            Some((until, _)) if self.now < *until => false,
            Some((_, said)) => {
                let gone = self.note.as_ref() == Some(said);
                if gone {
                    self.note = None;
                }
                self.note_until = None;
                gone
            }
            None => false,
        }
    }

    /// The deals put forward and not yet carried out or refused.
    pub fn offers(&self) -> &[super::offers::Offer] {
        &self.offers.open
    }

    /// Every line narrated, oldest first.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// The last command's lines (shown a while after it).
    pub fn toast(&self) -> &[String] {
        &self.toast
    }

    /// The time of the last input, in milliseconds.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// The voice as the table set it.
    pub fn voice(&self) -> VoiceSetting {
        self.voice
    }

    /// What the commands carried out here did, for the device loop (`Effects`).
    pub fn take_effects(&mut self) -> super::effects::Effects {
        std::mem::take(&mut self.out)
    }

    /// ROLL with nothing to roll: says so above what the screen asks now (`asked`: its
    /// message rows, kept row for row) while both fit the three rows above the game's menu,
    /// else says so alone; the voice says its last line again. The press ends the last
    /// command's lines' while on screen first, so what is kept is the question waiting, not
    /// those lines. (Played by hand: "no roll now" alone took the place of the question the
    /// table had to answer.)
    pub fn nothing_to_roll(&mut self, why: &str, asked: impl FnOnce(&Desk) -> Vec<String>) {
        self.toast_until = 0;
        self.note = None;
        let asked = asked(self);
        let fits = !asked.is_empty() && super::text::wrap(why).len() + asked.len() <= 3;
        self.note = Some(match fits {
            true => format!("{why}\n{}", asked.join("\n")),
            false => why.into(),
        });
        self.out.say_again = true;
    }

    /// Carry out a command for the table: its lines go to the log (in table words) and stay on
    /// screen a while, the press sounds accepted or refused, and a game that has just ended
    /// keeps its report (its picture is an effect to write). The table's lines, or None when refused (the
    /// reason is then the note).
    pub fn run<S: Screens>(
        &mut self,
        g: &mut Session<S::F>,
        cmd: <S::F as Game>::Command,
    ) -> Option<Vec<String>> {
        self.told.clear();
        let actor = self.acting();
        // Whose it was and its words, against the state it is made in.
        let whose = S::F::whose(&g.rules, &g.state, &cmd);
        let deal = matches!(whose, Whose::Deal(_));
        let whose = whose.seat();
        // Only a command made away from the buttons is named, in the screens' words (the
        // menu's "End the turn", never the protocol's "end").
        let words = (!actor.how().is_empty()).then(|| S::words(g, &cmd));
        // The computer seats' pieces this command may move (its own move's token, a deed won
        // when the people pass at an auction): the state before it.
        let before = (!g.header.computers.is_empty()).then(|| g.state.clone());
        let done = match g.may(actor, &cmd, &self.yes) {
            Ok(()) => g.command(cmd).map_err(|e| e.to_string()),
            Err(why) => Err(why),
        };
        match done {
            Ok(done) => {
                // What the rules told one seat alone; a computer seat's own (the answer of
                // its Computer Espionage) is for nobody at the table: shown behind a token it
                // has none of, it would wait on a tap that never comes.
                self.told = done
                    .said
                    .iter()
                    .filter(|l| l.written())
                    .filter_map(|l| match l.audience {
                        Audience::Player(p) if !g.header.is_computer(p) => {
                            Some((p, l.text.clone()))
                        }
                        _ => None,
                    })
                    .collect();
                let mut heard: Vec<Speech> = done
                    .said
                    .iter()
                    .filter_map(|l| l.spoken().cloned())
                    .collect();
                let mut lines = done.public();
                // What the table does for those seats, among the command's own lines (paged
                // with them): where the line it restates stood, else after them.
                let table = match &before {
                    Some(before) => for_computer_seats::<S>(g, before, &mut lines),
                    None => Vec::new(),
                };
                // A command made away from the buttons is said so on its own line, on the
                // device and aloud ("Bob bids 140 (phone)"); where the command has no line
                // of its own that names its maker (the end of a turn: the next turn's line),
                // the line of what the table does for the seat names it, put first, where it
                // is the command's last line ("cpu1: turn Birch Street face down (computer)",
                // never the menu's "cpu1: Mortgage +30: Birch Street" besides), else the
                // menu's words are ("cpu1: End the turn (computer)"). A deal's last yes says
                // who gave it, whose deal it was when a seat offered it, and the deal's
                // words, each name once ("cpu1 accepts the deal (computer): Copenhagen for
                // Ann's 400" for one made at the device; "cpu2 accepts cpu1's deal
                // (computer): 440 for cpu2's Safe House").
                if let Some(seat) = actor.seat().filter(|_| !actor.how().is_empty()) {
                    let name = g.header.players.get(seat).cloned().unwrap_or_default();
                    let (words, how) = (words.unwrap_or_default(), actor.how());
                    if deal {
                        // As its refusal reads: the offerer named once.
                        let from = self.offered_by.and_then(|f| g.header.players.get(f));
                        let line =
                            answered(&name, "accepts", from.map(String::as_str), how, &words);
                        lines.insert(0, line);
                    } else if let Some(first) = lines.first_mut().filter(|l| l.starts_with(&name)) {
                        first.push_str(how);
                    } else if let Some(i) = lines
                        .iter()
                        .position(|l| table.contains(l) && l.starts_with(&format!("{name}: ")))
                        // Last: the command changed the seat's own pieces and nothing after
                        // (a mortgage, a building); a move whose lines go on past them (rent
                        // asked that bankrupts a player) is named by its words, the table's
                        // line where the deeds pass.
                        .filter(|&i| i + 1 == lines.len())
                    {
                        let line = lines.remove(i);
                        lines.insert(0, format!("{line}{how}"));
                    } else {
                        lines.insert(0, format!("{name}: {words}{how}"));
                    }
                    if let (Actor::Phone(_), Some(first)) = (actor, heard.first_mut()) {
                        if first.text.starts_with(&name) {
                            first.text.push_str(", from the phone");
                        }
                    }
                }
                lines.extend(self.why.take());
                // The token's seat acts in person until another seat's command is made at
                // the buttons; one made away from them (a computer seat's, a phone's) says
                // nothing of who stands at the device (a computer seat sealing while Ann
                // read her list of orders put her token away).
                let at_the_buttons = matches!(actor, Actor::Table | Actor::Token(_));
                if at_the_buttons && self.token.is_some() && whose.is_some() && whose != self.token
                {
                    self.token = None;
                }
                if !heard.is_empty() {
                    self.out.spoken.push(heard);
                }
                if g.over() && self.final_report.is_none() {
                    let report = g.report();
                    // Its picture beside the journal, written by the device loop.
                    if let Some(journal) = g.journal_path() {
                        self.out.picture = Some((journal.with_extension("svg"), report.clone()));
                    }
                    self.final_report = Some(report);
                }
                self.log
                    .extend(lines.iter().map(|l| super::text::for_table(l)));
                self.toast = lines.clone();
                self.toast_until = self.now + self.cfg.toast_ms;
                self.note = None;
                if self.sound != Some(Sound::Refuse) {
                    self.sound = Some(Sound::Accept);
                }
                Some(lines)
            }
            Err(e) => {
                tracing::info!("refused at the table: {e}");
                // The reason in the table's words: no typed commands on a device of buttons.
                self.note = Some(super::text::for_table(&e));
                self.refusal = Some(e);
                self.sound = Some(Sound::Refuse);
                None
            }
        }
    }

    /// A seat's token tapped at the device (None: put away): the buttons act for that seat in
    /// person too (`acting`).
    pub fn tapped(&mut self, seat: Option<usize>) {
        self.token = seat;
    }

    /// Who makes the input now: a phone or a computer seat, else the buttons, in person for
    /// the seat whose token opened the menu.
    pub fn acting(&self) -> Actor {
        match self.actor {
            Actor::Table => self.token.map_or(Actor::Table, Actor::Token),
            other => other,
        }
    }

    /// A command's table lines told whole: above the menu while their rows fit in `rows`
    /// (the note, until the next input), else page by page (a line `alone` says on a page of
    /// its own, as it must be with a `title`).
    pub fn tell(
        &mut self,
        lines: &[String],
        rows: usize,
        title: Option<String>,
        alone: impl Fn(&str) -> bool,
    ) -> Flow {
        let told: Vec<String> = lines.iter().map(|l| super::text::for_table(l)).collect();
        let fits = super::text::wrap_all(&told).len() <= rows;
        if title.is_none() && fits && !told.iter().any(|l| alone(l)) {
            // A line a row, as `fits` counted them (a line break in a note starts a row).
            self.note = Some(told.join("\n"));
            return Flow::Stay;
        }
        self.note = None;
        Flow::Pager(Pages {
            title,
            pages: super::text::pages(&told, super::text::MESSAGE_ROWS, alone),
            last: "OK",
        })
    }

    /// What a phone did that is no command (a deal offered, refused): on the screen and in the
    /// log, so every view moves on.
    pub fn say_of_phone(&mut self, line: String) {
        self.log.push(line.clone());
        self.note = Some(line);
        self.out.redraw = true;
    }

    /// Is the last command's toast still on screen?
    pub fn toasting(&self) -> bool {
        self.now < self.toast_until && !self.toast.is_empty()
    }
}

/// What the device knows of a family before any game is set up: data, one set a family.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    /// The fewest and the most players a game seats (the new-game screen's limits).
    pub seats: (usize, usize),
    /// The kinds of piece a tag may be, for `boardside tags add`'s help ("deed SQUARE: a
    /// square's deed").
    pub piece_kinds: &'static [&'static str],
    /// The family's drawing in the web view: a script that sets `VIEWS[GAME]` to a function
    /// of a view returning the page's sections (src/web/page.html holds the helpers). Empty:
    /// the page shows the shared parts alone.
    pub web_view: &'static str,
    /// Whether players make deals with each other (a trade binding two seats): the new-game
    /// screen's "Computer deals" switch is a line only where there are deals to switch.
    pub deals: bool,
}

/// A family's device screens (src/ui/<family>): one type per family, named in games.rs.
/// The shell calls these; everything a screen needs of the shell comes through `Desk` and
/// goes back as a `Flow`.
pub trait Screens: Sized + Clone + 'static {
    type F: Family;
    /// What the device knows of the family before any game (`Facts`): its seats, its
    /// pieces, its web view, whether its players deal.
    const FACTS: Facts;

    /// The screens of a game just started or resumed.
    fn open(g: &Session<Self::F>, desk: &mut Desk) -> Self;
    /// The house rules the new-game screen offers for this ruleset, in words.
    fn house_rules(_rules: &<Self::F as Game>::Rules) -> Vec<HouseRule> {
        Vec::new()
    }
    /// What a tag may stand for in this ruleset, as the sets the label sheet prints and a
    /// table enrols in one pass (the tokens are the shell's): each piece's id and its words.
    /// A tap on one of these ids reaches `tag` as `Tapped::Piece`.
    fn sets(rules: &<Self::F as Game>::Rules) -> Vec<crate::sets::PieceSet>;
    /// `boardside print`: the parts of the game a table makes itself (a board, deeds, decks),
    /// after the label sheet. None for a game whose cards are published.
    #[cfg(feature = "print")]
    fn print(
        _rules: &<Self::F as Game>::Rules,
        _doc: &mut crate::print::Doc,
        _parts: crate::print::Parts,
    ) {
    }

    /// The menu of the screen shown now, as labels (what OK would choose is the screen's own).
    fn labels(&self, g: &Session<Self::F>, desk: &Desk) -> Vec<String>;
    /// The chosen menu line.
    fn sel(&self) -> usize;
    fn select(&mut self, i: usize);
    fn button(&mut self, g: &mut Session<Self::F>, desk: &mut Desk, b: Button, p: Press) -> Flow;
    fn tag(&mut self, g: &mut Session<Self::F>, desk: &mut Desk, tag: Tapped) -> Flow;
    /// Time passes (timers, a clock on screen).
    fn tick(&mut self, _g: &mut Session<Self::F>, _desk: &mut Desk) -> Flow {
        Flow::Stay
    }
    /// The header bar of the screen shown now.
    fn header(&self, g: &Session<Self::F>, desk: &Desk) -> String;
    /// The message rows of the screen shown now, wrapped to the screen's width.
    fn message(&self, g: &Session<Self::F>, desk: &Desk) -> Vec<String>;
    /// How many rows the menu of the screen shown now takes at most (the rest are message).
    fn menu_rows(&self, _g: &Session<Self::F>) -> usize {
        4
    }
    /// The frame: the shared layout, unless a screen draws a picture of its own (a board).
    fn draw(&self, g: &Session<Self::F>, desk: &Desk, frame: &mut Frame) {
        super::text::layout(
            frame,
            &self.header(g, desk),
            &self.message(g, desk),
            &self.labels(g, desk),
            self.sel(),
            self.menu_rows(g),
        );
    }
    /// Carry out a command as if chosen from a menu (dice rolled by hand, a correction).
    fn command(
        &mut self,
        g: &mut Session<Self::F>,
        desk: &mut Desk,
        cmd: <Self::F as Game>::Command,
    ) -> Flow;
    /// The standings screen's header and lines.
    fn standings(g: &Session<Self::F>) -> (String, Vec<String>);
    /// A command in the table's words ("Mortgage Weapons Locker"): the undo question and its
    /// answer. A sealed choice stays hidden.
    fn words(g: &Session<Self::F>, cmd: &<Self::F as Game>::Command) -> String {
        Self::F::public_command(&g.rules, &g.state, cmd)
    }
    /// The last command was taken back (a screen resets what depended on it).
    fn undone(&mut self, _g: &Session<Self::F>, _desk: &mut Desk) {}
    /// How far a game got, for the list of saved games ("turn 40", "round 12").
    fn progress(g: &Session<Self::F>) -> String {
        format!("{} moves", g.history.len())
    }
    /// The shell shows a view of its own over the game (the log, a pager, the undo question,
    /// a phone asking to pair): a seat's private screen blanks, so that coming back (a tap
    /// speaks to the game from any view) never shows it to whoever stands at the device.
    fn leave(&mut self, _g: &Session<Self::F>) {}
    /// What a seat may choose from its own phone (the web view), in the device menus' words:
    /// its private menus' lines (Illuminati's specials and the UFOs' goal, the grid's sealed
    /// orders) and, where a family offers them, the seat's own decisions now (the property
    /// games). None by default.
    fn private_choices(
        _g: &Session<Self::F>,
        _seat: usize,
    ) -> Vec<(String, <Self::F as Game>::Command)> {
        Vec::new()
    }
    /// Does the command name what only its seat may see (a card in a hand, a sealed order, a
    /// secret goal)? Such a command is made behind the seat's token, never by voice. None by
    /// default.
    fn hidden(_g: &Session<Self::F>, _cmd: &<Self::F as Game>::Command) -> bool {
        false
    }
    /// What the table does with its pieces for a computer seat's command ("put its token on
    /// Centre"), from the states before and after it; `computers` are the computer seats (a
    /// piece that goes from one to another is said once). The line takes the place of the
    /// lines in `said` that state the same moves, which it takes out; with it, whether it
    /// begins with the seat's token moved (then it stands where the first of those lines
    /// stood, so a token is moved before its rent is read; else after the last, where the
    /// move is done). None by default.
    fn table_does(
        _rules: &<Self::F as Game>::Rules,
        _before: &<Self::F as Game>::State,
        _after: &<Self::F as Game>::State,
        _seat: usize,
        _computers: &[usize],
        _said: &mut Vec<String>,
    ) -> Option<(String, bool)> {
        None
    }
    /// Why a computer seat's command waits (it would close a window other players are
    /// entitled to: an Illuminati attack's interference and defence, until each passes or
    /// the table's timer runs out), said on screen; None: it may be made now.
    fn holds(
        _g: &Session<Self::F>,
        _desk: &Desk,
        _cmd: &<Self::F as Game>::Command,
    ) -> Option<String> {
        None
    }
    /// A person is partway through a choice on these screens (a list opened, an amount being
    /// set, a question asked): a computer seat's move waits until the table is back on the
    /// menu, as it waits over the log or a page, so that it never closes what the table was
    /// choosing. False by default.
    fn choosing(&self, _g: &Session<Self::F>) -> bool {
        false
    }
    /// The amounts a seat's phone may type or step now (a bid). None by default.
    fn amounts(_g: &Session<Self::F>, _seat: usize) -> Vec<Amount> {
        Vec::new()
    }
}

/// A game in play on the device, of any family: the one object the shell holds.
pub trait Playing {
    fn game(&self) -> &'static str;
    /// Which game this is (its ruleset, seed and start): the same after a restart, another
    /// for every new game, whatever its players' names.
    fn identity(&self) -> String;
    fn players(&self) -> Vec<String>;
    fn labels(&self, desk: &Desk) -> Vec<String>;
    fn sel(&self) -> usize;
    fn select(&mut self, i: usize);
    fn button(&mut self, desk: &mut Desk, b: Button, p: Press) -> Flow;
    /// A player's token, by name (the shell read the tag map).
    fn token(&mut self, desk: &mut Desk, name: &str) -> Flow;
    fn piece(&mut self, desk: &mut Desk, id: &str) -> Flow;
    fn tick(&mut self, desk: &mut Desk) -> Flow;
    fn draw(&self, desk: &Desk, frame: &mut Frame);
    fn header(&self, desk: &Desk) -> String;
    fn message(&self, desk: &Desk) -> Vec<String>;
    /// The family's sets of pieces a tag may be enrolled as in this game (`sets`).
    fn sets(&self) -> Vec<crate::sets::PieceSet>;
    fn standings(&self) -> (String, Vec<String>);
    /// "Undo Mortgage Weapons Locker": the question before taking the last command back.
    fn undo_question(&self) -> String;
    /// Take back the last command; the line to show.
    fn undo(&mut self, desk: &mut Desk) -> String;
    /// The shell covers the game's screens with a view of its own (`Screens::leave`).
    fn leave(&mut self);
    fn over(&self) -> bool;
    /// The whole game so far in the table's words: the start, then every command in effect.
    fn story(&self) -> Vec<String>;
    /// The game's report (its picture's panels).
    fn report(&self) -> Report;
    /// A protocol line carried out as a menu choice would be; the refusal, if refused.
    fn enter(&mut self, desk: &mut Desk, line: &str) -> Result<Flow, String>;
    /// What can be said now, as the buttons act (`listen::phrases`).
    fn listen(&self, desk: &Desk) -> Vec<crate::voice::said::Phrase>;
    /// Where the game stands: changes with every command and undo (the odds are for it).
    fn position(&self, desk: &Desk) -> u64;
    /// A job working out the odds of the position now, from a copy of it.
    fn odds_job(&self, cfg: crate::odds::Rollouts) -> super::worker::Job<crate::odds::Odds>;
    /// The game as the web view shows it to the table (anyone may see all of it); a seat's
    /// view is this with `state_for` that seat, and its private choices.
    fn view(&self, desk: &Desk) -> serde_json::Value;
    /// The family's state as `viewer` may see it (the `state` of a view).
    fn state_for(&self, viewer: Audience) -> serde_json::Value;
    /// A seat's private choices now: (the menu's words, the protocol line); deals offered to
    /// it from another phone among them, to accept or refuse.
    fn private_choices(&self, desk: &Desk, seat: usize) -> Vec<(String, String)>;
    /// The amounts the seat's phone may type now (`Screens::amounts`).
    fn amounts(&self, seat: usize) -> Vec<Amount>;
    /// A seat's player takes a new name (`Session::rename`).
    fn rename(&mut self, seat: usize, name: &str) -> Result<(), String>;
    /// A seat's phone (or computer seat: `desk.actor`) decides, by a protocol line: one of its
    /// private choices, or any command the authority rule lets it make (`Session::may`),
    /// carried out as if chosen on the device's private menu; a deal waits until every seat
    /// it binds agrees, and `refuse LINE` drops one offered to this seat. Refused otherwise,
    /// with the reason.
    fn choose_private(&mut self, desk: &mut Desk, seat: usize, line: &str) -> Result<Flow, String>;
    /// The seats the device plays (the journal's header keeps them).
    fn computers(&self) -> Vec<crate::computer::ComputerSeat>;
    fn set_computers(&mut self, seats: Vec<crate::computer::ComputerSeat>) -> Result<(), String>;
    /// The next choice a computer seat owes (a deal offered to it first, then its own move,
    /// then a deal it may offer), worked out from a copy of the position in the worker's
    /// thread; None when no computer seat is waited on.
    fn computer_job(
        &mut self,
        desk: &Desk,
        budget: crate::computer::Budget,
    ) -> Option<super::worker::Job<crate::computer::Move>>;
    /// Why a computer seat's choice must wait now (`Screens::holds`), if it must.
    fn holds(&self, desk: &Desk, mv: &crate::computer::Move) -> Option<String>;
    /// A person is partway through a choice on the game's screens (`Screens::choosing`).
    fn choosing(&self) -> bool;
    /// A computer seat's choice carried out as a phone's would be, its line said with what
    /// the table does for it and why.
    fn computer_move(
        &mut self,
        desk: &mut Desk,
        mv: &crate::computer::Move,
    ) -> Result<Flow, String>;
    /// The session, for a caller that knows the family (tests, tools).
    fn session_any(&self) -> &dyn Any;
    /// A copy of the game with `state` (its family's state) in place of its own, its screens
    /// as they are: what the device would show were the position that (a test asks whether
    /// a screen changes with another seat's hidden things). None for another family's state.
    fn what_if(&self, state: Box<dyn Any>) -> Option<Box<dyn Playing>>;
    /// The family's screens, likewise.
    fn screens_any(&self) -> &dyn Any;
}

/// A new game as the new-game screen (or `play --players`) asks for it.
pub struct NewGame<'a> {
    pub ruleset: &'a Path,
    pub players: &'a [String],
    pub seed: u64,
    /// The house rules chosen, as option settings.
    pub settings: Vec<(&'static str, String)>,
    /// `play --option KEY=VALUE`, which wins over the screen's choices.
    pub options: &'a [String],
    pub journal: Option<PathBuf>,
}

impl NewGame<'_> {
    /// The game of family `F`, journaled like any other.
    pub fn session<F: Family>(&self) -> Result<Session<F>, String> {
        let rules = crate::rulesets::load::<F>(self.ruleset)?;
        // The house rules chosen on this screen over the ruleset's own options, then `play
        // --option KEY=VALUE`, which wins over the screen's choice.
        let settings: Vec<(&str, &str)> = self
            .settings
            .iter()
            .map(|(k, v)| (*k, v.as_str()))
            .collect();
        let o = crate::tools::options_over::<F>(&rules, &settings, self.options)?;
        Session::<F>::new(rules, self.players, self.seed, o, self.journal.as_deref())
    }
}

/// A family whose games play on the device through these screens (games.rs says which).
pub trait OnDevice: Family {
    type Screens: Screens<F = Self>;
}

/// A deal (or any command) waiting as its protocol line, in the table's words ("Dhl: Garnet
/// Street for cpu1's 160"), as the menus and the undo question say it; the line itself when it
/// no longer parses.
pub fn said<S: Screens>(g: &Session<S::F>, line: &str) -> String {
    match S::F::parse(&g.rules, &g.state, line) {
        Ok(Parsed::Command(cmd)) => S::words(g, &cmd),
        _ => line.to_string(),
    }
}

/// What the table does for each computer seat's pieces since `before` (`Screens::table_does`),
/// a line for a seat that has something to do ("cpu1: put its token on Centre"), put into
/// `said` where the first line it restates stood when it begins with the token's move (said
/// before its rent), else where the last stood (played by hand: a bankruptcy's deeds were
/// handed over after the first of its mortgages, pages before the bankruptcy), else after
/// the others; the lines it put in.
fn for_computer_seats<S: Screens>(
    g: &Session<S::F>,
    before: &<S::F as Game>::State,
    said: &mut Vec<String>,
) -> Vec<String> {
    let seats: Vec<usize> = g.header.computers.iter().map(|c| c.seat).collect();
    let mut added = Vec::new();
    for c in &g.header.computers {
        let was = said.clone();
        let Some((d, moved)) = S::table_does(&g.rules, before, &g.state, c.seat, &seats, said)
        else {
            continue;
        };
        let name = g.header.players.get(c.seat).map_or("", String::as_str);
        // Where the lines taken out stood (`said` keeps the rest of `was` in order).
        let (mut kept, mut first, mut last) = (0, None, None);
        for line in &was {
            if said.get(kept) == Some(line) {
                kept += 1;
            } else {
                first = first.or(Some(kept));
                last = Some(kept);
            }
        }
        let at = if moved { first } else { last }.unwrap_or(said.len());
        let line = format!("{name}: {d}");
        said.insert(at, line.clone());
        added.push(line);
    }
    added
}

/// A deal put forward, named by who offers it ("cpu1's deal: 150 for Ann's Dover Road"): the
/// deal's words start with the side that gives first, the offerer, said once.
pub fn deal_of(who: &str, said: &str) -> String {
    format!("{who}'s deal: {}", offered(who, said))
}

/// A deal's words after a line that has named its offerer already ("cpu2 offers a deal to
/// cpu1: 525 for ...", never "...: cpu2: 525 for ..."): the words start with the side that
/// gives first, the offerer.
pub fn offered<'a>(who: &str, said: &'a str) -> &'a str {
    said.strip_prefix(who)
        .and_then(|rest| rest.strip_prefix(": "))
        .unwrap_or(said)
}

/// A deal's answer (`verb`: "accepts", "refuses"), the offerer named once ("cpu1 refuses
/// cpu2's deal (computer): 525 for ...", "cpu2 accepts cpu1's deal (computer): 440 for ..."),
/// or "the deal" where it was made at the device ("cpu2 refuses the deal (computer): Nikita's
/// Apartment for Ann's 1000", never "...: cpu2: Nikita's ..."); `how` says where the answer
/// came from (" (phone)"), or nothing at the device.
pub fn answered(who: &str, verb: &str, from: Option<&str>, how: &str, said: &str) -> String {
    let said = offered(who, said);
    match from {
        Some(from) => format!("{who} {verb} {from}'s deal{how}: {}", offered(from, said)),
        None => format!("{who} {verb} the deal{how}: {said}"),
    }
}

/// A session and its screens.
pub struct InPlay<S: Screens> {
    pub session: Session<S::F>,
    pub screens: S,
    /// Deals the computer seats offered, never offered again.
    offered: Vec<String>,
}

impl<S: Screens> InPlay<S> {
    pub fn new(session: Session<S::F>, desk: &mut Desk) -> InPlay<S> {
        let screens = S::open(&session, desk);
        InPlay {
            session,
            screens,
            offered: Vec::new(),
        }
    }

    /// A deal put to the computer seat `cs`, answered: accepted only when its chance rises,
    /// refused at once where the table switched its deals off. None: nothing waits on it.
    fn answer(
        g: &Session<S::F>,
        desk: &Desk,
        cs: &crate::computer::ComputerSeat,
        budget: &crate::computer::Budget,
        seed: u64,
    ) -> Option<super::worker::Job<crate::computer::Move>> {
        use crate::computer::{self as cpu, chance_moves, Move};
        let seat = cs.seat;
        let line = desk.offers.waiting_on(seat).next()?.line.clone();
        if !cs.deals {
            return Some(Box::new(move |_| {
                Some(Move {
                    seat,
                    line: format!("refuse {line}"),
                    why: Some("it makes no deals (the table switched them off)".into()),
                })
            }));
        }
        let Ok(Parsed::Command(deal)) = S::F::parse(&g.rules, &g.state, &line) else {
            return None;
        };
        let (rules, state, budget) = (g.rules.clone(), g.state.clone(), *budget);
        Some(Box::new(move |_| {
            let (take, before, after) =
                cpu::answer::<S::F>(&rules, &state, seat, &deal, &budget, seed);
            Some(Move {
                seat,
                line: if take { line } else { format!("refuse {line}") },
                why: Some(format!(
                    "{} {}",
                    if take { "accepts:" } else { "refuses:" },
                    chance_moves(before, after)
                )),
            })
        }))
    }

    /// The seat's own commands in the turn under way, with what each did (a strong seat never
    /// takes one back: `computer::choose_this_turn`).
    fn made_this_turn(
        g: &Session<S::F>,
        seat: usize,
    ) -> Vec<(<S::F as Game>::Command, Vec<String>)> {
        let rules = &g.rules;
        let Some(now) = <S::F as Play>::turns(rules, &g.state) else {
            return Vec::new();
        };
        let mut state = g.genesis().clone();
        let mut out = Vec::new();
        for d in &g.history {
            let this_turn = <S::F as Play>::turns(rules, &state) == Some(now);
            let mine = <S::F as Play>::whose(rules, &state, &d.cmd).seat() == Some(seat);
            for e in &d.events {
                S::F::apply(rules, &mut state, e);
            }
            if this_turn && mine {
                out.push((d.cmd.clone(), crate::computer::did::<S::F>(&d.events)));
            }
        }
        out
    }

    /// A seat's own part in a moment that is another's (`Play::offers` made to the seat
    /// itself, its own choice: an Illuminati attack's interference, assistance, defence).
    fn parts(g: &Session<S::F>, seat: usize) -> Vec<<S::F as Game>::Command> {
        <S::F as Play>::offers(&g.rules, &g.state, seat)
            .into_iter()
            .filter(|(to, part)| {
                *to == seat && <S::F as Play>::whose(&g.rules, &g.state, part).seat() == Some(seat)
            })
            .map(|(_, part)| part)
            .collect()
    }

    /// A command carried out as if chosen from a menu (a protocol line, a phone's private
    /// choice); the refusal, if the rules refused it.
    fn as_chosen(&mut self, desk: &mut Desk, cmd: <S::F as Game>::Command) -> Result<Flow, String> {
        desk.refusal = None;
        let flow = self.screens.command(&mut self.session, desk, cmd);
        match desk.refusal.take() {
            Some(why) => Err(why),
            None => Ok(flow),
        }
    }
}

impl<S: Screens> Playing for InPlay<S> {
    fn game(&self) -> &'static str {
        <S::F as Game>::GAME
    }
    fn position(&self, desk: &Desk) -> u64 {
        ((self.session.history.len() as u64) << 32) | desk.log.len() as u64
    }
    fn odds_job(&self, cfg: crate::odds::Rollouts) -> super::worker::Job<crate::odds::Odds> {
        let (rules, state) = (self.session.rules.clone(), self.session.state.clone());
        let players = self.session.header.players.clone();
        Box::new(move |cancel| {
            crate::odds::estimate::<S::F>(&rules, &state, &players, &cfg, cancel)
        })
    }
    fn identity(&self) -> String {
        let h = &self.session.header;
        format!("{}:{}:{}", h.ruleset_hash, h.seed, h.started)
    }
    fn players(&self) -> Vec<String> {
        self.session.header.players.clone()
    }
    fn labels(&self, desk: &Desk) -> Vec<String> {
        self.screens.labels(&self.session, desk)
    }
    fn sel(&self) -> usize {
        self.screens.sel()
    }
    fn select(&mut self, i: usize) {
        self.screens.select(i)
    }
    fn button(&mut self, desk: &mut Desk, b: Button, p: Press) -> Flow {
        // BACK puts the tapped token's authority away with its menu.
        if (b, p) == (Button::Back, Press::Press) {
            desk.token = None;
        }
        self.screens.button(&mut self.session, desk, b, p)
    }
    fn token(&mut self, desk: &mut Desk, name: &str) -> Flow {
        match self.session.player_index(name) {
            Some(p) => {
                // The buttons act for this seat in person now (`Desk::acting`).
                desk.token = Some(p);
                self.screens.tag(&mut self.session, desk, Tapped::Player(p))
            }
            None => {
                desk.note = Some(format!("{name} is not in this game"));
                Flow::Stay
            }
        }
    }
    fn piece(&mut self, desk: &mut Desk, id: &str) -> Flow {
        self.screens.tag(&mut self.session, desk, Tapped::Piece(id))
    }
    fn tick(&mut self, desk: &mut Desk) -> Flow {
        self.screens.tick(&mut self.session, desk)
    }
    fn draw(&self, desk: &Desk, frame: &mut Frame) {
        self.screens.draw(&self.session, desk, frame)
    }
    fn header(&self, desk: &Desk) -> String {
        self.screens.header(&self.session, desk)
    }
    fn message(&self, desk: &Desk) -> Vec<String> {
        self.screens.message(&self.session, desk)
    }
    fn sets(&self) -> Vec<crate::sets::PieceSet> {
        S::sets(&self.session.rules)
    }
    fn standings(&self) -> (String, Vec<String>) {
        S::standings(&self.session)
    }
    fn undo_question(&self) -> String {
        let what = self
            .session
            .history
            .last()
            .map(|d| S::words(&self.session, &d.cmd))
            .unwrap_or_else(|| "nothing".into());
        format!("Undo {what}")
    }
    fn undo(&mut self, desk: &mut Desk) -> String {
        // Named against the state it was carried out to, before it goes.
        let what = self
            .session
            .history
            .last()
            .map(|d| S::words(&self.session, &d.cmd));
        let was = self.session.state.clone();
        match self.session.undo() {
            Ok(_) => {
                let g = &self.session;
                let mut line = format!("undone: {}", what.unwrap_or_default());
                // What the table did for a computer seat is taken back by the table too.
                for d in for_computer_seats::<S>(g, &was, &mut Vec::new()) {
                    line.push('\n');
                    line.push_str(&d);
                }
                desk.log.extend(line.lines().map(str::to_string));
                desk.sound = Some(Sound::Accept);
                self.screens.undone(&self.session, desk);
                line
            }
            Err(e) => e,
        }
    }
    fn leave(&mut self) {
        self.screens.leave(&self.session)
    }
    fn over(&self) -> bool {
        self.session.over()
    }
    fn story(&self) -> Vec<String> {
        self.session.story()
    }
    fn report(&self) -> Report {
        self.session.report()
    }
    fn enter(&mut self, desk: &mut Desk, line: &str) -> Result<Flow, String> {
        let g = &self.session;
        match S::F::parse(&g.rules, &g.state, line)? {
            Parsed::Command(cmd) => self.as_chosen(desk, cmd),
            Parsed::Show(_) => Err(format!("{line}: not a command")),
        }
    }
    fn listen(&self, desk: &Desk) -> Vec<crate::voice::said::Phrase> {
        let g = &self.session;
        let amounts: Vec<Amount> = (0..g.header.players.len())
            .flat_map(|seat| S::amounts(g, seat))
            .collect();
        super::listen::phrases(
            g,
            desk.acting(),
            &|c| S::hidden(g, c),
            &|c| S::words(g, c),
            &amounts,
        )
    }
    fn view(&self, desk: &Desk) -> serde_json::Value {
        let g = &self.session;
        let (title, standings) = S::standings(g);
        // The log is the table's own (no private line is ever in it); its last lines only.
        let log = &desk.log[desk.log.len().saturating_sub(VIEW_LOG_LINES)..];
        serde_json::json!({
            "game": <S::F as Game>::GAME,
            "ruleset": S::F::about(&g.rules).name,
            "players": g.header.players,
            "state": self.state_for(Audience::Table),
            "board": S::F::about(&g.rules).board,
            // What the table waits for in its words, as the device says it (no typed
            // commands on a phone either).
            "waiting": super::text::for_table(&g.prompt()),
            "over": g.over(),
            "standings": { "title": title, "lines": standings },
            "log": log,
            "commands": g.history.len(),
        })
    }
    fn state_for(&self, viewer: Audience) -> serde_json::Value {
        S::F::state_json(&self.session.rules, &self.session.state, viewer)
    }
    fn private_choices(&self, desk: &Desk, seat: usize) -> Vec<(String, String)> {
        let g = &self.session;
        let players = self.players();
        let mut out: Vec<(String, String)> = S::private_choices(g, seat)
            .into_iter()
            .map(|(label, cmd)| (label, S::F::format_command(&g.rules, &g.state, &cmd)))
            .collect();
        for o in desk.offers.waiting_on(seat) {
            let who = o
                .from
                .and_then(|f| players.get(f))
                .map_or("the table", String::as_str);
            // The deal in the table's words, not the protocol's line.
            let said = said::<S>(g, &o.line);
            out.push((format!("Accept {}", deal_of(who, &said)), o.line.clone()));
            out.push((format!("Refuse {who}'s deal"), format!("refuse {}", o.line)));
        }
        out
    }
    fn amounts(&self, seat: usize) -> Vec<Amount> {
        S::amounts(&self.session, seat)
    }
    fn rename(&mut self, seat: usize, name: &str) -> Result<(), String> {
        self.session.rename(seat, name)
    }
    fn choose_private(&mut self, desk: &mut Desk, seat: usize, line: &str) -> Result<Flow, String> {
        let players = self.players();
        let name = |p: usize| players.get(p).cloned().unwrap_or_default();
        // A phone's own seat, unless a computer seat makes this choice.
        let actor = match desk.actor {
            Actor::Computer(s) if s == seat => desk.actor,
            _ => Actor::Phone(seat),
        };
        let by = if matches!(actor, Actor::Computer(_)) {
            "computer"
        } else {
            "phone"
        };
        if let Some(refused) = line.strip_prefix("refuse ") {
            let o = desk
                .offers
                .refuse(seat, refused)
                .ok_or_else(|| format!("{refused}: no such deal waits on you"))?;
            let deal = said::<S>(&self.session, &o.line);
            let from = o.from.map(name);
            desk.say_of_phone(answered(
                &name(seat),
                "refuses",
                from.as_deref(),
                &format!(" ({by})"),
                &deal,
            ));
            return Ok(Flow::Stay);
        }
        let g = &self.session;
        let listed = S::private_choices(g, seat)
            .into_iter()
            .map(|(_, cmd)| cmd)
            .find(|cmd| S::F::format_command(&g.rules, &g.state, cmd) == line);
        let cmd = match listed {
            Some(cmd) => cmd,
            None => match S::F::parse(&g.rules, &g.state, line) {
                Ok(Parsed::Command(cmd)) => cmd,
                _ => return Err(format!("{line}: not one of your choices now")),
            },
        };
        // A deal binds each of its sides: it is carried out once every one has said yes
        // on its own phone, by its token at the device, or by its computer seat's answer.
        let (mut yes, mut offered_by) = (Vec::new(), None);
        if let Whose::Deal(binds) = S::F::whose(&g.rules, &g.state, &cmd) {
            if !binds.contains(&seat) {
                // The rule's own words (`Session::may`).
                return Err(g.may(actor, &cmd, &binds).err().unwrap_or_default());
            }
            // Only a deal the rules would carry out now is put to the other side, else the
            // rule's own words (sectionopoly forbids a gift of money: the other side's
            // "chance" of it meant nothing).
            g.carried_out_now(&cmd)?;
            // The same words from each side (the line as the rules write it).
            let canonical = S::F::format_command(&g.rules, &g.state, &cmd);
            match desk
                .offers
                .agree(Some(seat), seat, &canonical, binds.clone())
            {
                Agreed::All(from) => {
                    yes = binds;
                    offered_by = from;
                }
                Agreed::Waiting(on) => {
                    let on: Vec<String> = on.into_iter().map(name).collect();
                    desk.say_of_phone(format!(
                        "{} offers a deal to {} ({by}): {}",
                        name(seat),
                        on.join(", "),
                        offered(&name(seat), &S::words(g, &cmd))
                    ));
                    return Ok(Flow::Stay);
                }
            }
        }
        let (was, kept) = (desk.actor, std::mem::replace(&mut desk.yes, yes));
        desk.actor = actor;
        desk.offered_by = offered_by;
        let done = self.as_chosen(desk, cmd);
        desk.actor = was;
        desk.yes = kept;
        desk.offered_by = None;
        done
    }
    fn computers(&self) -> Vec<crate::computer::ComputerSeat> {
        self.session.header.computers.clone()
    }
    fn set_computers(&mut self, seats: Vec<crate::computer::ComputerSeat>) -> Result<(), String> {
        self.session.set_computers(seats)
    }
    fn computer_job(
        &mut self,
        desk: &Desk,
        budget: crate::computer::Budget,
    ) -> Option<super::worker::Job<crate::computer::Move>> {
        use crate::computer::{self as cpu, chance_moves, Level, Move};
        let g = &self.session;
        if g.over() {
            return None;
        }
        let seed = cpu::seed_at(g.header.seed, g.history.len());
        // A strong seat's part in a moment that is another's (an Illuminati attack: interfere,
        // assist, defend), weighed by its playouts against staying out, once in that moment
        // and before any seat's own move can close it; it says which it chose and why.
        let parting = g.header.computers.iter().find_map(|cs| {
            let free = cs.level == Level::Strong
                && !desk.passed.contains(&cs.seat)
                && desk.offers.waiting_on(cs.seat).next().is_none()
                && !cpu::acts_now::<S::F>(&g.rules, &g.state, cs.seat, cs.level, seed);
            let parts = if free {
                Self::parts(g, cs.seat)
            } else {
                Vec::new()
            };
            (!parts.is_empty()).then_some((cs.seat, parts))
        });
        // A deal put to a seat is answered before any seat's own move: the offerer's turn
        // goes on once it knows.
        for cs in &g.header.computers {
            if let Some(job) = Self::answer(g, desk, cs, &budget, seed) {
                return Some(job);
            }
        }
        for cs in g.header.computers.clone() {
            let seat = cs.seat;
            if let Some((_, parts)) = parting.as_ref().filter(|(p, _)| *p == seat) {
                let parts = parts.clone();
                let already = desk.took_part.contains(&seat);
                let (rules, state) = (g.rules.clone(), g.state.clone());
                return Some(Box::new(move |cancel| {
                    let stop = || cancel.load(std::sync::atomic::Ordering::Relaxed);
                    let best =
                        cpu::best_offer::<S::F>(&rules, &state, seat, &parts, &budget, seed, stop);
                    if stop() {
                        return None;
                    }
                    Some(match best {
                        Some((part, before, after)) => Move {
                            seat,
                            line: S::F::format_command(&rules, &state, &part),
                            why: Some(format!("takes part: {}", chance_moves(before, after))),
                        },
                        None if already => Move {
                            seat,
                            line: String::new(),
                            why: Some("adds no more: no more raises its chance".into()),
                        },
                        None => Move {
                            seat,
                            line: String::new(),
                            why: Some("stays out: no part raises its chance".into()),
                        },
                    })
                }));
            }
            if !cpu::acts_now::<S::F>(&g.rules, &g.state, seat, cs.level, seed) {
                continue;
            }
            // Another seat's part first (it must not be closed by this seat's move).
            if parting.is_some() {
                continue;
            }
            // A deal it may offer, at most once each, before its own move, and one at a time
            // to each partner: it waits for the answer to its last while that still stands
            // (two open, the table may take the one it no longer means).
            let partners = |binds: &[usize]| {
                let mut v: Vec<usize> = binds.iter().copied().filter(|&b| b != seat).collect();
                v.sort_unstable();
                v
            };
            let waiting: Vec<Vec<usize>> = desk
                .offers
                .open
                .iter()
                .filter(|o| {
                    o.from == Some(seat)
                        && matches!(
                            S::F::parse(&g.rules, &g.state, &o.line),
                            Ok(Parsed::Command(_))
                        )
                })
                .map(|o| partners(&o.binds))
                .collect();
            let deals: Vec<_> = if cs.deals && cs.level == Level::Strong {
                cpu::deals_to_weigh::<S::F>(&g.rules, &g.state, seat, |d| {
                    let w = S::F::format_command(&g.rules, &g.state, d);
                    self.offered.contains(&w)
                        || matches!(S::F::whose(&g.rules, &g.state, d),
                            Whose::Deal(b) if waiting.contains(&partners(&b)))
                })
                .into_iter()
                .map(|(_, d)| d)
                .collect()
            } else {
                Vec::new()
            };
            let (rules, state) = (g.rules.clone(), g.state.clone());
            let level = cs.level;
            let made = Self::made_this_turn(g, seat);
            return Some(Box::new(move |cancel| {
                let stop = || cancel.load(std::sync::atomic::Ordering::Relaxed);
                let best =
                    cpu::best_offer::<S::F>(&rules, &state, seat, &deals, &budget, seed, stop);
                if stop() {
                    return None;
                }
                if let Some((d, before, after)) = best {
                    return Some(Move {
                        seat,
                        line: S::F::format_command(&rules, &state, &d),
                        why: Some(format!("offers: {}", chance_moves(before, after))),
                    });
                }
                let c = cpu::choose_this_turn::<S::F>(
                    &rules, &state, seat, level, &budget, seed, &made,
                )?;
                Some(Move {
                    seat,
                    line: S::F::format_command(&rules, &state, &c.cmd),
                    why: c
                        .chance
                        .filter(|(with, steady)| with > steady)
                        .map(|(with, steady)| {
                            format!("weighs it best: {}", chance_moves(steady, with))
                        }),
                })
            }));
        }
        None
    }
    fn holds(&self, desk: &Desk, mv: &crate::computer::Move) -> Option<String> {
        let g = &self.session;
        match S::F::parse(&g.rules, &g.state, &mv.line) {
            Ok(Parsed::Command(cmd)) => S::holds(g, desk, &cmd),
            _ => None,
        }
    }
    fn choosing(&self) -> bool {
        self.screens.choosing(&self.session)
    }
    fn computer_move(
        &mut self,
        desk: &mut Desk,
        mv: &crate::computer::Move,
    ) -> Result<Flow, String> {
        let name = self.players().get(mv.seat).cloned().unwrap_or_default();
        if mv.line.is_empty() {
            // It stays out of this moment: said, and not asked again until the next one.
            desk.passed.push(mv.seat);
            let line = format!(
                "{name} {} (computer)",
                mv.why.as_deref().unwrap_or("stays out")
            );
            desk.say_of_phone(line);
            return Ok(Flow::Stay);
        }
        if mv.why.as_deref().is_some_and(|w| w.starts_with("offers:")) {
            self.offered.push(mv.line.clone());
        }
        if mv
            .why
            .as_deref()
            .is_some_and(|w| w.starts_with("takes part:"))
        {
            desk.took_part.push(mv.seat);
        }
        let (logged, done_before) = (desk.log.len(), self.session.history.len());
        let was = std::mem::replace(&mut desk.actor, Actor::Computer(mv.seat));
        // Why it chose it, told after the command's own lines and what the table does for
        // it, on their last page where it fits (`Desk::run`).
        desk.why = mv.why.as_ref().map(|why| format!("{name} {why}"));
        let done = self.choose_private(desk, mv.seat, &mv.line);
        desk.actor = was;
        desk.why = None;
        let flow = done?;
        if mv.why.is_some() && self.session.history.len() == done_before {
            // A deal offered or refused is said, not carried out: its line takes the why,
            // without the verb that line has said already ("refuses: its chance ..." read
            // "cpu1 refuses ... (cpu1 refuses: its chance ...)").
            // (Nothing carried out, the table does nothing for it: the why is all there is.)
            let why = mv.why.as_deref().unwrap_or_default();
            let more = why.split_once(": ").map_or(why, |(_, rest)| rest);
            if desk.log.len() == logged + 1 {
                if let Some(l) = desk.log.last_mut() {
                    l.push_str(&format!(" ({more})"));
                }
                if let Some(n) = desk.note.as_mut() {
                    n.push_str(&format!(" ({more})"));
                }
            }
            return Ok(flow);
        }
        Ok(flow)
    }
    fn session_any(&self) -> &dyn Any {
        &self.session
    }
    fn what_if(&self, state: Box<dyn Any>) -> Option<Box<dyn Playing>> {
        let state = state.downcast::<<S::F as Game>::State>().ok()?;
        Some(Box::new(InPlay {
            session: self.session.what_if(*state),
            screens: self.screens.clone(),
            offered: self.offered.clone(),
        }))
    }
    fn screens_any(&self) -> &dyn Any {
        &self.screens
    }
}
