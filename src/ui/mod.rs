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
pub mod kinds;
mod menus;
pub mod names;
pub mod newgame;
pub mod offers;
mod pairing;
pub mod phones;
mod playing;
pub mod property;
pub mod records;
pub mod render;
pub mod screen;
pub mod text;
pub mod worker;

use std::path::PathBuf;

use crate::config::TableConfig;
use crate::hw::buzzer::Sound;
use crate::hw::{Button, Input, Press, Uid};
use crate::session::Session;
use crate::tags::{TagKind, TagMap};
use newgame::Setup;
use screen::{Desk, Flow, NewGame, OnDevice, Pages, Playing};

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

/// The voice's paces on the menu: a name, words a minute.
const PACES: [(&str, u32); 3] = [("normal", 165), ("fast", 200), ("slow", 135)];
/// Its loudness: a name, espeak-ng's amplitude.
const VOLUMES: [(&str, u32); 3] = [("normal", 100), ("loud", 170), ("quiet", 50)];

/// The name of a setting's value on the menu, and the next value round.
fn named(list: &[(&'static str, u32)], now: u32) -> (&'static str, u32) {
    let at = list.iter().position(|(_, v)| *v == now);
    (
        at.map_or("custom", |i| list[i].0),
        list[at.map_or(0, |i| (i + 1) % list.len())].1,
    )
}

/// A line of the shell's menus.
pub type Entry = screen::Entry<Act>;
use screen::entry;

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
    /// Every piece of the game: those with no tag yet listed, each tap said.
    Check { all: crate::sets::PieceSet },
    /// The game's log, `back` lines up from its end.
    Log { back: usize },
    /// A command's lines that do not fit, read page by page.
    Pager { pages: Pages, page: usize },
    /// Standings (the final standings once the game is over).
    Standings,
    /// Asked before an undo.
    ConfirmUndo,
    /// The voice: on or off, its pace (opened by holding ROLL, which also mutes or unmutes).
    Voice,
    /// A phone asks to pair: the code it shows. The table chooses the seat on this menu, that
    /// seat's token is tapped, then OK gives the phone the seat; no other tap pairs.
    Pair {
        code: String,
        seat: Option<usize>,
        tapped: bool,
    },
}

pub struct Ui {
    /// The game in play, of any family.
    game: Option<Box<dyn Playing>>,
    /// What the shell lends the game's screens: the log, the note, the time, the settings.
    desk: Desk,
    tags: TagMap,
    setup: Setup,
    view: View,
    /// The chosen line of the shell's own menus.
    sel: usize,
    /// Where the voice's menu came from (BACK or OK on "Back" returns there).
    voice_from: Option<View>,
    /// The live odds, worked out in a thread after each change of the game.
    odds: worker::Worker<crate::odds::Odds>,
    /// Show the odds (the new-game screen's "Odds" line; a table may prefer not to know).
    odds_on: bool,
    /// How many games the device plays out for them.
    odds_rollouts: crate::odds::Rollouts,
    /// Phones asking to pair with a seat (the web view), and the table's answers.
    phones: phones::Phones,
    /// How far the standings are scrolled down (UP/DOWN on the standings).
    scroll: usize,
    /// A computer seat's next choice, worked out in a thread of its own.
    computer: worker::Worker<crate::computer::Move>,
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
            voice_from: None,
            odds: worker::Worker::default(),
            odds_on: true,
            odds_rollouts: crate::odds::Rollouts {
                jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
                ..crate::odds::Rollouts::default()
            },
            phones: phones::Phones::default(),
            scroll: 0,
            computer: worker::Worker::default(),
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
        self.scroll
    }

    /// Codes of phones waiting for the table's answer, oldest first.
    pub fn phones_asking(&self) -> Vec<String> {
        self.phones.asks.iter().cloned().collect()
    }

    /// The odds on the standings (the new-game screen's "Odds" line), and how many games
    /// the device plays out for them.
    pub fn show_odds(&mut self, on: bool, games: Option<u64>) {
        self.odds_on = on;
        if let Some(n) = games {
            self.odds_rollouts.games = n;
        }
    }

    /// The thread that works out the odds (a tool or a test may hand it a job).
    pub fn odds_worker(&mut self) -> &mut worker::Worker<crate::odds::Odds> {
        &mut self.odds
    }

    /// Is the standings screen showing the odds?
    pub fn odds_on(&self) -> bool {
        self.odds_on
    }

    /// The new-game screen's players, as `play --players` names them.
    pub fn set_players(&mut self, names: Vec<String>) {
        self.setup.players = names;
        self.desk.out.redraw = true;
    }

    /// The table's settings, as the config file gives them.
    pub fn configure(&mut self, cfg: TableConfig) {
        self.desk.cfg = cfg;
    }

    /// The passing note and the last command's lines put away, as the next press would: what
    /// stays is the screen's own question.
    pub fn put_away_note(&mut self) {
        self.desk.note = None;
        self.desk.toast_until = 0;
        self.desk.out.redraw = true;
    }

    /// A page of the pager open now (UP/DOWN and OK walk them one by one).
    pub fn turn_to_page(&mut self, to: usize) {
        if let View::Pager { pages, page } = &mut self.view {
            *page = to.min(pages.pages.len().saturating_sub(1));
            self.desk.out.redraw = true;
        }
    }

    /// The standings scrolled to this row (UP/DOWN scroll them a row a press).
    pub fn scroll_to(&mut self, row: usize) {
        self.scroll = row;
        self.desk.out.redraw = true;
    }

    /// A game already made (tests, tools): its family's screens take over.
    pub fn open<F: OnDevice>(&mut self, session: Session<F>) {
        let game = screen::InPlay::<F::Screens>::new(session, &mut self.desk);
        self.play(Box::new(game), Vec::new());
    }

    /// The session of the game in play, when it is of family `F`.
    pub fn session<F: OnDevice>(&self) -> Option<&Session<F>> {
        self.game.as_ref()?.session_any().downcast_ref()
    }

    pub fn session_mut<F: OnDevice>(&mut self) -> Option<&mut Session<F>> {
        self.game.as_mut()?.session_any_mut().downcast_mut()
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

    /// Choose line `i` of the menu shown now (as UP/DOWN would).
    pub fn select(&mut self, i: usize) {
        match (&self.view, self.game.as_mut()) {
            (View::Game, Some(g)) => g.select(i),
            _ => self.sel = i,
        }
    }

    /// The voice off (at once: what it is saying stops) or on again, said on screen.
    fn toggle_voice(&mut self) {
        self.desk.voice.on = !self.desk.voice.on;
        self.desk.note = Some(if self.desk.voice.on {
            "voice on".into()
        } else {
            "voice off (hold ROLL to hear it again)".into()
        });
        self.desk.out.redraw = true;
    }

    /// Where BACK and the end of a shell view lead: the game, or the new-game screen.
    fn home(&self) -> View {
        if self.game.is_some() {
            View::Game
        } else {
            View::Setup
        }
    }

    /// The game's screen again, as it stands under whatever the shell showed (the menu's
    /// choice kept).
    fn uncover(view: &mut View, desk: &mut Desk) {
        Self::pages_read(view, desk);
        *view = View::Game;
    }

    /// Lines put on pages were shown there, however the pages are left (OK, BACK, a tap):
    /// the game's screen does not show them again as the toast.
    fn pages_read(view: &View, desk: &mut Desk) {
        if matches!(view, View::Pager { .. }) {
            desk.toast_until = 0;
        }
    }

    fn go(&mut self, view: View) {
        self.scroll = 0;
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

    /// One input, and what it did for the device loop to carry out: the sound it makes (the
    /// command's, a refusal winning; an undo's; a tag read), what to say, files to write, the
    /// screen to draw again; a phone's answer. The web view's asks come in as inputs too
    /// (`Input::PhoneAsks`, `Input::PhoneChoice`).
    pub fn handle(&mut self, input: Input, now: u64) -> effects::Effects {
        self.desk.sound = None;
        // A refusal is this input's: one left from an earlier input would read as if the
        // next good command had been refused too (a sealed order called unsealable).
        self.desk.refusal = None;
        let tap = matches!(input, Input::Tag(_));
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

    /// A note too long for any screen's message rows (a refusal that says all a waiting
    /// question needs) is read on pages, never cut.
    fn page_long_note(&mut self) {
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
    fn read_pages(&mut self, pages: Vec<Vec<String>>) {
        self.go(View::Pager {
            pages: Pages {
                title: None,
                pages,
                last: "OK",
            },
            page: 0,
        });
    }

    /// The odds of the game as it now stands, asked of the worker when it changed (the job
    /// runs in its own thread: this returns at once).
    fn ask_odds(&mut self) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        if !self.odds_on || g.over() {
            return;
        }
        let at = g.position(&self.desk);
        let cfg = self.odds_rollouts;
        self.odds.ask(at, || g.odds_job(cfg));
    }

    /// The standings screen's odds lines: the odds of the position now, or that they are
    /// being worked out.
    pub fn odds_lines(&self) -> Vec<String> {
        let Some(g) = self.game.as_ref().filter(|_| self.odds_on) else {
            return vec![];
        };
        if g.over() {
            return vec![];
        }
        match &self.odds.shown {
            Some((at, o)) if *at == g.position(&self.desk) => {
                let mut out = vec![format!("Chance to win ({} games):", o.games)];
                out.extend(o.lines());
                out
            }
            _ => vec!["Chance to win: working it out...".into()],
        }
    }

    fn dispatch(&mut self, input: Input, now: u64) {
        self.desk.now = now;
        match input {
            Input::Tick(_) => self.tick(),
            Input::Quit => {}
            Input::Tag(uid) => {
                self.desk.note = None;
                self.tag(uid);
                self.desk.out.redraw = true;
            }
            Input::Button(b, p) => {
                self.desk.note = None;
                self.button(b, p);
                self.desk.out.redraw = true;
            }
            Input::PhoneAsks { new, waiting } => {
                let before = (self.view.clone(), self.phones.asks.len());
                for (code, name) in new {
                    self.phone_asks(code, name);
                }
                self.keep_asks(&waiting);
                self.show_pairing();
                self.desk.out.redraw |= (self.view.clone(), self.phones.asks.len()) != before;
            }
            Input::PhoneChoice { seat, line } => {
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
        if self.odds.collect() && self.view == View::Standings {
            self.desk.out.redraw = true;
        }
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

    /// A computer seat the game waits on: its choice asked of the worker once per position,
    /// and carried out on the game's screen once the table has had `computer_ms` to read the
    /// last change (never over a page, the log or a question).
    fn computer_turn(&mut self) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        if self.view != View::Game {
            return;
        }
        let at = g.position(&self.desk);
        if self.computer_since.0 != at {
            self.computer_since = (at, self.desk.now);
        }
        self.computer.collect();
        // A choice worked out for an earlier position (someone moved meanwhile: another's
        // interference in its attack) is dropped, and the seat asked again below.
        if self
            .computer
            .shown
            .as_ref()
            .is_some_and(|(done_at, _)| *done_at != at)
        {
            self.computer.shown = None;
        }
        if let Some((_, mv)) = self.computer.shown.clone() {
            if self.desk.now < self.computer_since.1 + self.desk.cfg.computer_ms {
                return;
            }
            // A move that would close the others' window waits, said on screen.
            if let Some(why) = g.holds(&self.desk, &mv) {
                if self.desk.note.as_deref() != Some(why.as_str()) {
                    self.desk.note = Some(why);
                    self.desk.out.redraw = true;
                }
                return;
            }
            self.computer.shown = None;
            let name = g.players().get(mv.seat).cloned().unwrap_or_default();
            match g.computer_move(&mut self.desk, &mv) {
                Ok(flow) => self.follow(flow),
                Err(e) => {
                    // Never tried again at this position: the table plays it for the seat.
                    self.computer_stuck = Some(at);
                    self.desk.note = Some(format!("{name} (computer) cannot: {e}"));
                }
            }
            self.desk.out.redraw = true;
            return;
        }
        if self.computer_stuck == Some(at) || self.computer.asked_for(at) {
            return;
        }
        let budget = crate::computer::Budget {
            playouts: self.desk.cfg.computer_playouts,
            ..Default::default()
        };
        let job = g.computer_job(&self.desk, budget);
        if let Some(job) = job {
            self.computer.ask(at, || job);
        }
    }

    /// Do what the game's screens asked.
    fn follow(&mut self, flow: Flow) {
        match flow {
            Flow::Stay => {}
            Flow::Show => self.go(View::Game),
            Flow::Log => self.go(View::Log { back: 0 }),
            Flow::Pager(pages) => self.go(View::Pager { pages, page: 0 }),
            Flow::Standings => self.go(View::Standings),
            Flow::ConfirmUndo => self.go(View::ConfirmUndo),
            Flow::NewGame => self.new_game(),
        }
    }

    /// The voice as the table set it, for the device loop to follow.
    pub fn voice(&self) -> screen::VoiceSetting {
        self.desk.voice
    }

    /// The voice as the config sets it, before the table changes it.
    pub fn set_voice(&mut self, v: screen::VoiceSetting) {
        self.desk.voice = v;
    }

    /// Enroll: the map here at once, the file by the device loop (`Effects::keep_tags`).
    fn save_tag(&mut self, tag: crate::tags::Tag) {
        self.tags.put(tag.clone());
        self.desk.out.enrolled.push(tag);
    }

    /// The tag map as its file now has it after an enrolment was kept (other programs may have
    /// enrolled tags meanwhile), or why it could not be written.
    pub fn tags_kept(&mut self, kept: Result<TagMap, String>) {
        match kept {
            Ok(map) => self.tags = map,
            Err(e) => self.desk.note = Some(e),
        }
        self.desk.out.redraw = true;
    }

    fn tag(&mut self, uid: Uid) {
        // Enrolling a set, or checking one: the tap is that screen's.
        if self.enrol_tap(&uid) {
            return;
        }
        let Some(kind) = self.tags.get(&uid).cloned() else {
            self.go(View::Enroll { uid });
            self.sel = self.first_unenrolled();
            return;
        };
        // The pairing question takes only the chosen seat's token: any other tap is told
        // so and does nothing (a tap meant for the game never pairs a phone).
        if let View::Pair { seat, tapped, .. } = &mut self.view {
            let players = self.game.as_ref().map(|g| g.players()).unwrap_or_default();
            self.desk.note = Some(match (*seat, &kind) {
                (None, _) => "a phone asks to pair: first choose whose phone it is".into(),
                (Some(s), TagKind::Player { name })
                    if players.get(s).is_some_and(|p| p.eq_ignore_ascii_case(name)) =>
                {
                    *tapped = true;
                    self.phones.tapped = Some(uid.clone());
                    self.sel = 0;
                    format!("{name}'s token: OK pairs the phone")
                }
                (Some(s), _) => format!(
                    "this pairs a phone with {}: only their token, or BACK",
                    players.get(s).map_or("", |n| n.as_str())
                ),
            });
            return;
        }
        let Some(g) = self.game.as_mut() else {
            // On the new-game screen a token adds its player.
            if let (View::Setup, TagKind::Player { name }) = (&self.view, kind) {
                if !self
                    .setup
                    .players
                    .iter()
                    .any(|p| p.eq_ignore_ascii_case(&name))
                {
                    self.setup.players.push(name);
                }
            }
            return;
        };
        // A tap speaks to the game, whatever the shell showed.
        Self::uncover(&mut self.view, &mut self.desk);
        let flow = match kind {
            TagKind::Player { name } => g.token(&mut self.desk, &name),
            TagKind::Piece { id } => g.piece(&mut self.desk, &id),
        };
        self.follow(flow);
    }
}
