//! The device shell, the same for the Pi, the terminal simulator and the tests: a pure state
//! machine that turns button presses, tag taps and time into a game's commands, and draws
//! what the table should see. It keeps what every game shares: the new-game screen, resuming
//! a saved game, enrolling a tag, the log, the pager, the standings and the question before an
//! undo. A game in play is one `dyn Playing` (a session with its family's screens, named in
//! games.rs); everything else a screen does is the family's own.

pub mod effects;
pub mod grid;
pub mod houserules;
pub mod illuminati;
pub mod names;
pub mod newgame;
pub mod odds;
pub mod phones;
pub mod property;
pub mod render;
pub mod screen;
pub mod text;

use std::path::PathBuf;

use crate::hw::buzzer::Sound;
use crate::hw::config::TableConfig;
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
    pub game: Option<Box<dyn Playing>>,
    /// What the shell lends the game's screens: the log, the note, the time, the settings.
    pub desk: Desk,
    pub tags: TagMap,
    pub setup: Setup,
    pub view: View,
    /// The chosen line of the shell's own menus.
    pub sel: usize,
    /// Where the voice's menu came from (BACK or OK on "Back" returns there).
    voice_from: Option<View>,
    /// The live odds, worked out in a thread after each change of the game.
    pub odds: odds::Worker,
    /// Show the odds (the new-game screen's "Odds" line; a table may prefer not to know).
    pub odds_on: bool,
    /// How many games the device plays out for them.
    pub odds_rollouts: crate::odds::Rollouts,
    /// Phones asking to pair with a seat (the web view), and the table's answers.
    pub phones: phones::Phones,
    /// How far the standings are scrolled down (UP/DOWN on the standings).
    pub scroll: usize,
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
            odds: odds::Worker::default(),
            odds_on: true,
            odds_rollouts: crate::odds::Rollouts {
                jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
                ..crate::odds::Rollouts::default()
            },
            phones: phones::Phones::default(),
            scroll: 0,
        };
        ui.setup.load_house_rules();
        ui.setup.list_saves();
        ui
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

    /// The shell's own menu for the view shown now (empty on the game's screens).
    pub fn entries(&self) -> Vec<Entry> {
        match &self.view {
            View::Setup => self.setup_entries(),
            View::Enroll { .. } => self.enroll_entries(),
            View::Name { typed: None, .. } => {
                let mut out: Vec<Entry> = names::free(&self.taken_names())
                    .into_iter()
                    .map(|name| {
                        entry(
                            name,
                            Act::Enroll(TagKind::Player {
                                name: name.to_string(),
                            }),
                        )
                    })
                    .collect();
                out.insert(0, entry("Type a name...", Act::TypeName));
                out.push(entry("Back", Act::Back));
                out
            }
            View::Name {
                typed: Some(name),
                letter,
                ..
            } => vec![entry(
                format!("OK adds {}", names::add(name, *letter)),
                Act::TypeName,
            )],
            View::Game => vec![],
            View::Log { .. } | View::Standings => vec![entry("Back", Act::Back)],
            View::Pair { seat, tapped, .. } => self.pair_entries(*seat, *tapped),
            View::Voice => {
                let mut out = vec![entry("Back", Act::Back)];
                out.extend(self.voice_entries());
                out
            }
            View::Pager { pages, page } => vec![entry(
                if page + 1 < pages.pages.len() {
                    "OK: next"
                } else {
                    pages.last
                },
                Act::NextPage,
            )],
            View::ConfirmUndo => vec![
                entry(
                    self.game
                        .as_ref()
                        .map_or_else(String::new, |g| g.undo_question()),
                    Act::Undo,
                ),
                entry("Keep it", Act::Back),
            ],
        }
    }

    /// The pairing question: whose seat the phone asks for, then (that token tapped) OK.
    fn pair_entries(&self, seat: Option<usize>, tapped: bool) -> Vec<Entry> {
        let players = self.game.as_ref().map(|g| g.players()).unwrap_or_default();
        let mut out = Vec::new();
        match seat {
            None => {
                for (i, name) in players.iter().enumerate() {
                    out.push(entry(format!("It is {name}'s phone"), Act::PairSeat(i)));
                }
            }
            Some(i) if tapped => {
                let name = players.get(i).map_or("", |n| n.as_str());
                out.push(entry(format!("OK: pair with {name}"), Act::PairOk));
            }
            Some(_) => {}
        }
        out.push(entry("Refuse this phone", Act::RefusePhone));
        out
    }

    fn setup_entries(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        let listed = |p: &PathBuf| self.setup.saved.iter().find(|l| &l.path == p);
        // After a power cut the game goes on: resuming is the first, chosen line (a finished
        // game is never resumed: it is listed with the finished ones).
        if let Some(r) = &self.setup.resume {
            if !listed(r).is_some_and(|l| l.over) {
                out.push(entry("Resume the last game", Act::Resume(r.clone())));
            }
        }
        // Every unfinished game one press away, newest first (a new game hides none), named
        // by its game, when it was last played, who played it and how far it got: two
        // evenings of the same table on the same day must not read alike.
        let words = |l: &crate::saves::Listed| {
            format!(
                "{} {} {}",
                l.about.game,
                l.about.when,
                l.about.players.join(",")
            )
        };
        for l in self.setup.saved.iter().filter(|l| !l.over) {
            if Some(&l.path) != self.setup.resume.as_ref() {
                out.push(entry(
                    format!("Resume {} ({})", words(l), l.progress),
                    Act::Resume(l.path.clone()),
                ));
            }
        }
        // Finished games apart: their final standings and report, never resumed.
        for l in self.setup.saved.iter().filter(|l| l.over).take(4) {
            out.push(entry(
                format!("Finished: {}", words(l)),
                Act::Finished(l.path.clone()),
            ));
        }
        let name = self
            .setup
            .ruleset_path()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "(no rulesets)".into());
        out.push(entry(format!("Game: {name}"), Act::NextRuleset));
        for (i, (h, c)) in self.setup.house.iter().enumerate() {
            let word = h.choices.get(*c).map_or("", |c| c.word.as_str());
            out.push(entry(format!("{}: {word}", h.name), Act::NextChoice(i)));
        }
        out.extend(self.voice_entries());
        out.push(entry(
            format!("Odds: {}", if self.odds_on { "shown" } else { "hidden" }),
            Act::Odds,
        ));
        if self.setup.players.len() < self.setup.most_players() {
            out.push(entry(
                format!("Add player P{}", self.setup.players.len() + 1),
                Act::AddPlayer,
            ));
        }
        if !self.setup.players.is_empty() {
            out.push(entry("Remove last player", Act::RemovePlayer));
        }
        if self.setup.players.len() >= 2 {
            out.push(entry("Start the game", Act::Start));
        }
        out
    }

    /// The voice's lines: on or off, and its pace.
    fn voice_entries(&self) -> Vec<Entry> {
        let v = self.desk.voice;
        vec![
            entry(
                format!("Voice: {}", if v.on { "on" } else { "off" }),
                Act::Voice,
            ),
            entry(
                format!("Voice pace: {}", named(&PACES, v.speed).0),
                Act::VoicePace,
            ),
            entry(
                format!("Voice volume: {}", named(&VOLUMES, v.volume).0),
                Act::VoiceVolume,
            ),
        ]
    }

    /// The names of the players here and of every token enrolled.
    fn taken_names(&self) -> Vec<String> {
        let mut out = self.setup.players.clone();
        if let Some(g) = &self.game {
            out.extend(g.players());
        }
        out.extend(self.tags.tags.iter().filter_map(|t| match &t.kind {
            TagKind::Player { name } => Some(name.clone()),
            _ => None,
        }));
        out
    }

    fn enroll_entries(&self) -> Vec<Entry> {
        // Before a game, a new player's token is named as it is enrolled; in a game, it is
        // one of its players'.
        let players = match &self.game {
            Some(g) => g.players(),
            None => self.setup.players.clone(),
        };
        let mut out: Vec<Entry> = players
            .into_iter()
            .map(|name| {
                entry(
                    format!("Token of {name}"),
                    Act::Enroll(TagKind::Player { name }),
                )
            })
            .collect();
        if self.game.is_none() {
            out.push(entry("Token of a new player...", Act::NameToken));
        }
        if let Some(g) = &self.game {
            for (id, words) in g.pieces() {
                out.push(entry(words, Act::Enroll(TagKind::Piece { id })));
            }
        }
        out.push(entry("Cancel", Act::Back));
        out
    }

    /// The enrolment menu's first line: the first token or piece no tag stands for yet (OK
    /// must never give a player a second token by default), else Cancel.
    fn first_unenrolled(&self) -> usize {
        let entries = self.enroll_entries();
        entries
            .iter()
            .position(|e| match &e.act {
                Act::Enroll(kind) => !self.tags.tags.iter().any(|t| t.kind == *kind),
                Act::NameToken => true,
                _ => false,
            })
            .unwrap_or(entries.len().saturating_sub(1))
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
        // Lines put on pages were shown there, however the pages were left (OK, BACK, a
        // tap): the game's screen does not show them again as the toast.
        if matches!(view, View::Pager { .. }) {
            desk.toast_until = 0;
        }
        *view = View::Game;
    }

    fn go(&mut self, view: View) {
        self.scroll = 0;
        if matches!(self.view, View::Pager { .. }) {
            self.desk.toast_until = 0;
        }
        if self.view == View::Game && view != View::Game {
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
    /// screen to draw again. What the web view asked of the shell since the last input
    /// (`phone_choice`, `show_pairing`) comes out with it.
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
        }
    }

    fn tick(&mut self) {
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
        if std::mem::take(&mut self.desk.redraw) {
            self.desk.out.redraw = true;
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

    fn button(&mut self, b: Button, p: Press) {
        // Holding ROLL mutes the voice at once (and brings it back), on any screen, and
        // shows the voice's menu (OK: back where the table was).
        if (b, p) == (Button::Roll, Press::Hold) {
            self.toggle_voice();
            if self.view != View::Voice {
                self.voice_from = Some(self.view.clone());
            }
            self.go(View::Voice);
            return;
        }
        if self.view == View::Game {
            let Some(g) = self.game.as_mut() else {
                self.go(View::Setup);
                return;
            };
            // Holding BACK takes the last command back, in every game, after asking.
            if (b, p) == (Button::Back, Press::Hold) {
                self.go(View::ConfirmUndo);
                return;
            }

            let flow = g.button(&mut self.desk, b, p);
            self.follow(flow);
            return;
        }
        if let View::Name {
            typed: Some(name),
            letter,
            ..
        } = &mut self.view
        {
            match (b, p) {
                (Button::Up | Button::Down, Press::Press | Press::Repeat { .. }) => {
                    *letter = names::step(*letter, if b == Button::Up { -1 } else { 1 });
                }
                (Button::Ok, Press::Press) => *name = names::add(name, *letter),
                (Button::Back, Press::Press) if !name.is_empty() => {
                    name.pop();
                }
                (Button::Back, Press::Press) => self.act(Act::NameToken),
                (Button::Roll, Press::Press) => {
                    let name = name.clone();
                    match crate::tags::player_name(&name) {
                        Ok(name) => self.act(Act::Enroll(TagKind::Player { name })),
                        Err(_) => self.desk.note = Some("add a letter first (OK)".into()),
                    }
                }
                _ => {}
            }
            return;
        }
        let entries = self.entries();
        match (b, p) {
            (_, Press::Release) => {}
            (Button::Up | Button::Down, Press::Press | Press::Repeat { .. }) => {
                let dir = if b == Button::Up { -1 } else { 1 };
                match &mut self.view {
                    View::Log { back } => *back = back.saturating_add_signed(-dir as isize),
                    View::Standings => {
                        // No further than the last rows (the final standings: the last lines).
                        let most = self.game.as_ref().map_or(0, |g| {
                            let (_, mut lines) = g.standings();
                            if g.over() {
                                return lines.len().saturating_sub(text::ROWS - 2);
                            }
                            lines.extend(self.odds_lines());
                            text::wrap_all(&lines).len().saturating_sub(text::ROWS - 3)
                        });
                        self.scroll = self.scroll.saturating_add_signed(dir as isize).min(most);
                    }
                    _ => self.sel = text::step(self.sel, entries.len(), dir),
                }
            }
            (Button::Ok, Press::Press) => {
                if let Some(e) = entries.get(self.sel).cloned() {
                    self.act(e.act);
                }
            }
            (Button::Back, Press::Press) if matches!(self.view, View::Pair { .. }) => {
                self.act(Act::RefusePhone)
            }
            (Button::Back, Press::Press) if self.view != View::Setup => self.act(Act::Back),
            (Button::Back, Press::Hold) if self.game.is_some() => self.go(View::ConfirmUndo),
            (Button::Roll, Press::Press)
                if self.view == View::Setup && self.setup.players.len() >= 2 =>
            {
                self.act(Act::Start)
            }
            _ => {}
        }
    }

    fn act(&mut self, act: Act) {
        match act {
            Act::Resume(path) => {
                if let Err(e) = self.resume_now(path) {
                    self.desk.note = Some(e);
                }
            }
            Act::Finished(path) => match self.resume_now(path) {
                Ok(()) => self.go(View::Standings),
                Err(e) => self.desk.note = Some(e),
            },
            Act::NextRuleset => {
                if !self.setup.rulesets.is_empty() {
                    self.setup.ruleset = (self.setup.ruleset + 1) % self.setup.rulesets.len();
                }
                self.setup.load_house_rules();
            }
            Act::NextChoice(i) => {
                if let Some((h, c)) = self.setup.house.get_mut(i) {
                    *c = (*c + 1) % h.choices.len().max(1);
                }
            }
            Act::AddPlayer => {
                let name = format!("P{}", self.setup.players.len() + 1);
                self.setup.players.push(name);
            }
            Act::RemovePlayer => {
                self.setup.players.pop();
            }
            Act::Start => {
                if let Err(e) = self.start_now() {
                    self.desk.note = Some(e);
                }
            }
            Act::Enroll(kind) => {
                if let View::Enroll { uid } | View::Name { uid, .. } = self.view.clone() {
                    self.tags.set(&uid, kind.clone());
                    self.save_tag(&uid, kind.clone());
                    self.desk.note = Some(format!("tag enrolled as {}", kind.describe()));
                    if let (TagKind::Player { name }, None) = (&kind, &self.game) {
                        if !self.setup.players.contains(name) {
                            self.setup.players.push(name.clone());
                        }
                    }
                    let home = self.home();
                    self.go(home);
                }
            }
            Act::NextPage => match &mut self.view {
                View::Pager { pages, page } if *page + 1 < pages.pages.len() => {
                    *page += 1;
                    self.sel = 0;
                }
                _ => self.go(View::Game),
            },
            Act::Undo => {
                if let Some(g) = self.game.as_mut() {
                    let line = g.undo(&mut self.desk);
                    self.desk.toast = vec![line.clone()];
                    self.desk.toast_until = self.desk.now + self.desk.cfg.toast_ms;
                    self.desk.note = Some(line);
                }
                self.go(View::Game);
            }
            Act::Voice => self.toggle_voice(),
            Act::VoicePace => self.desk.voice.speed = named(&PACES, self.desk.voice.speed).1,
            Act::VoiceVolume => self.desk.voice.volume = named(&VOLUMES, self.desk.voice.volume).1,
            Act::Odds => {
                self.odds_on = !self.odds_on;
                if !self.odds_on {
                    self.odds.reset();
                }
            }
            Act::NameToken => {
                if let View::Enroll { uid } | View::Name { uid, .. } = self.view.clone() {
                    self.go(View::Name {
                        uid,
                        typed: None,
                        letter: b'A',
                    });
                }
            }
            Act::TypeName => {
                if let View::Name { uid, .. } = self.view.clone() {
                    self.go(View::Name {
                        uid,
                        typed: Some(String::new()),
                        letter: b'A',
                    });
                }
            }
            Act::PairSeat(i) => {
                if let View::Pair { seat, tapped, .. } = &mut self.view {
                    *seat = Some(i);
                    *tapped = false;
                    self.sel = 0;
                }
            }
            Act::PairOk => {
                if let View::Pair {
                    code,
                    seat: Some(seat),
                    tapped: true,
                } = self.view.clone()
                {
                    self.pair(code, seat);
                }
            }
            Act::RefusePhone => {
                if let View::Pair { code, .. } = &self.view {
                    self.desk.out.refused.push(code.clone());
                    self.phones.asks.retain(|c| c != code);
                    self.desk.note = Some(format!("phone {code} refused"));
                }
                let home = self.home();
                self.go(home);
            }
            Act::Back => {
                let home = match self.voice_from.take() {
                    Some(v) if self.view == View::Voice => v,
                    _ => self.home(),
                };
                self.go(home);
            }
        }
        self.desk.out.redraw = true;
    }

    /// Leave the game for the new-game screen (its saved journal stays listed there).
    fn new_game(&mut self) {
        self.odds.reset();
        self.game = None;
        self.desk.final_report = None;
        self.desk.log.clear();
        self.setup.players.clear();
        self.setup.resume = None;
        // The next game's journal is a new file.
        self.setup.seed = self.setup.seed.wrapping_add(1);
        self.setup.list_saves();
        self.go(View::Setup);
    }

    /// A protocol command line carried out as if chosen from a menu (its lines paged and
    /// logged as at the table): dice the table rolled by hand, or a correction (`set ...`).
    pub fn enter(&mut self, line: &str) -> Result<(), String> {
        let g = self.game.as_mut().ok_or("no game in play")?;
        let flow = g.enter(&mut self.desk, line)?;
        Self::uncover(&mut self.view, &mut self.desk);
        self.follow(flow);
        self.desk.out.redraw = true;
        Ok(())
    }

    /// Start the chosen ruleset's game, whichever family it is: the new-game screen's START,
    /// and `play --players` (which starts at once).
    pub fn start_now(&mut self) -> Result<(), String> {
        let path = self
            .setup
            .ruleset_path()
            .cloned()
            .ok_or("no ruleset files found")?;
        let kind = self.setup.kind()?;
        let new = NewGame {
            ruleset: &path,
            players: &self.setup.players.clone(),
            seed: self.setup.seed,
            settings: self.setup.settings(),
            options: &self.setup.options.clone(),
            journal: self.setup.next_journal(),
        };
        self.desk.final_report = None;
        let game = kind.start(&new, &mut self.desk)?;
        self.play(game, Vec::new());
        Ok(())
    }

    /// Resume a saved game, whichever family wrote it: the new-game screen's RESUME, and
    /// `play --journal` on a journal that exists.
    pub fn resume_now(&mut self, path: PathBuf) -> Result<(), String> {
        let kind = crate::games::for_journal(&self.setup.games, &path)?;
        self.desk.final_report = None;
        let (game, msgs) = kind.resume(&self.setup.rulesets, &path, &mut self.desk)?;
        self.play(game, msgs);
        Ok(())
    }

    /// A game takes the screen: its log is its whole story (then any messages), and a game
    /// already over keeps its report for the final standings.
    fn play(&mut self, game: Box<dyn Playing>, messages: Vec<String>) {
        self.desk.log = game
            .story()
            .iter()
            .chain(&messages)
            .map(|l| text::for_table(l))
            .collect();
        if game.over() && self.desk.final_report.is_none() {
            self.desk.final_report = Some(game.report());
        }
        self.game = Some(game);
        self.go(View::Game);
    }

    /// The next phone asking to pair takes the screen, unless one is on it already; with no
    /// game in play the phones wait (a seat is a player of a game), until their asks lapse.
    /// A phone asks to pair (the web view): it waits its turn on the device's screen.
    pub fn phone_asks(&mut self, code: String) {
        self.phones.asks.push_back(code);
    }

    /// The voice as the table set it, for the device loop to follow.
    pub fn voice(&self) -> screen::VoiceSetting {
        self.desk.voice
    }

    /// The voice as the config sets it, before the table changes it.
    pub fn set_voice(&mut self, v: screen::VoiceSetting) {
        self.desk.voice = v;
    }

    pub fn show_pairing(&mut self) {
        if self.game.is_none() {
            return;
        }
        if matches!(
            self.view,
            View::Pair { .. } | View::Enroll { .. } | View::Name { .. } | View::ConfirmUndo
        ) {
            return;
        }
        if let Some(code) = self.phones.asks.front().cloned() {
            self.go(View::Pair {
                code,
                seat: None,
                tapped: false,
            });
        }
    }

    /// Only these phones still ask to pair: the others are forgotten, and one on the screen
    /// leaves it.
    pub fn keep_asks(&mut self, waiting: &[String]) {
        self.phones.asks.retain(|c| waiting.contains(c));
        if let View::Pair { code, .. } = &self.view {
            if !waiting.contains(code) {
                let home = self.home();
                self.go(home);
            }
        }
    }

    /// The phone showing `code` gets `seat`: chosen on the question, its token tapped, OK.
    fn pair(&mut self, code: String, seat: usize) {
        let name = self
            .game
            .as_ref()
            .and_then(|g| g.players().get(seat).cloned())
            .unwrap_or_default();
        self.phones.asks.retain(|c| *c != code);
        self.desk.out.claimed.push((code.clone(), seat));
        self.desk.note = Some(format!("phone {code} is {name}'s now"));
        let home = self.home();
        self.go(home);
    }

    /// A paired phone's private choice, carried out as the seat's private menu would: the
    /// refusal when it is not one of the seat's choices now or the rules refuse it.
    /// The lines the rules told that seat alone (a card only its player may read) go back to the
    /// phone, never to the device's screen.
    pub fn phone_choice(&mut self, seat: usize, line: &str) -> Result<Vec<String>, String> {
        let g = self.game.as_mut().ok_or("no game in play")?;
        let flow = g.choose_private(&mut self.desk, seat, line)?;
        self.follow(flow);
        self.desk.out.redraw = true;
        Ok(std::mem::take(&mut self.desk.told)
            .into_iter()
            .filter(|(p, _)| *p == seat)
            .map(|(_, l)| l)
            .collect())
    }

    /// Enroll: the map here at once, the file by the device loop (`Effects::keep_tags`).
    fn save_tag(&mut self, uid: &Uid, kind: TagKind) {
        self.tags.set(uid, kind.clone());
        self.desk.out.enrolled.push((uid.clone(), kind));
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
