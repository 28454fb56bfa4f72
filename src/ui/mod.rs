//! The device's screens and flows, the same for the Pi and the terminal simulator: a pure state
//! machine that turns button presses, tag taps and time into protocol commands on the session,
//! and draws what the table should see. Menus list only the engine's legal commands.

pub mod grid;
pub mod illuminati;
pub mod menu;
pub mod render;
pub mod table;

use std::path::PathBuf;

use crate::engine::game::HouseRule;
use crate::engine::property::command::{Command, Item as TradeItem, Trade};
use crate::engine::property::state::Pending;
use crate::engine::property::{self, legal, Ruleset, State};
use crate::hw::buzzer::Sound;
use crate::hw::config::TableConfig;
use crate::hw::{Button, Input, Press, Uid};
use crate::session::PropertySession as Session;
use crate::tags::{TagKind, TagMap};

/// What a menu line does when chosen.
#[derive(Debug, Clone, PartialEq)]
pub enum Act {
    Cmd(Command),
    Manage,
    /// Manage this player's squares only.
    ManageFor(usize),
    Deal,
    Log,
    Standings,
    /// The next page of a command's lines, or back to the game after the last.
    NextPage,
    /// Back to the new-game screen after a game ends.
    NewGame,
    Undo,
    Back,
    /// Pass every bidder left but the high one: the auction closes.
    CloseAuction,
    /// Choose this bidder's amount with UP/DOWN (View::Bid).
    BidFor(usize),
    // Setup
    NextRuleset,
    /// The next value of this house rule (Setup::house).
    NextChoice(usize),
    AddPlayer,
    RemovePlayer,
    Start,
    Resume(PathBuf),
    // Deal steps
    DealSquare(usize),
    DealBuyer(usize),
    // Enroll
    Enroll(TagKind),
    Confirm,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub label: String,
    pub act: Act,
}

fn entry(label: impl Into<String>, act: Act) -> Entry {
    Entry {
        label: menu::fit(&label.into()),
        act,
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum View {
    Setup,
    Main,
    Manage,
    /// A private sale: which square, to whom, for how much.
    Deal {
        square: Option<usize>,
        buyer: Option<usize>,
        price: i64,
    },
    Log {
        back: usize,
    },
    /// Cash, net worth and squares per player, richest first (the final standings at the end).
    Standings,
    /// A command's lines that do not fit the message area, read page by page with OK; a drawn
    /// card has a page of its own.
    Pager {
        pages: Vec<Vec<String>>,
        page: usize,
    },
    /// A bid being chosen: UP/DOWN change the amount (faster while held), OK bids it for
    /// `player`, and a token tap bids it for whoever tapped.
    Bid {
        player: usize,
        amount: i64,
    },
    /// One square's options, opened by tapping its deed.
    Square {
        square: usize,
    },
    ConfirmUndo,
    ConfirmConcede,
    ConfirmTimeUp,
    Enroll {
        uid: Uid,
    },
}

/// The choices of the new-game screen.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    pub rulesets: Vec<PathBuf>,
    pub ruleset: usize,
    pub players: Vec<String>,
    pub resume: Option<PathBuf>,
    /// Where new games are journaled (None: not journaled, tests).
    pub journal_dir: Option<PathBuf>,
    /// The next new game's journal (`play --journal` naming a file not yet written), rather
    /// than one named by the seed in `journal_dir`.
    pub journal: Option<PathBuf>,
    pub seed: u64,
    /// The chosen ruleset's house rules, each with the value chosen (loaded with the ruleset).
    pub house: Vec<(HouseRule, usize)>,
    /// `play --option KEY=VALUE`: applied after the house rules to every game started here.
    pub options: Vec<String>,
}

impl Setup {
    /// Load the chosen ruleset's house rules at their ruleset values; a ruleset that does not
    /// load has none (starting it reports the problem).
    pub fn load_house_rules(&mut self) {
        self.house = self
            .rulesets
            .get(self.ruleset)
            .and_then(|p| crate::games::house_rules(p).ok())
            .unwrap_or_default()
            .into_iter()
            .map(|h| {
                let d = h.default;
                (h, d)
            })
            .collect();
    }

    /// The option settings the chosen house rules stand for, in order.
    pub fn settings(&self) -> Vec<(&'static str, String)> {
        self.house
            .iter()
            .filter_map(|(h, c)| h.choices.get(*c))
            .flat_map(|c| c.settings.iter().cloned())
            .collect()
    }
}

/// A time-limit game's clock (sectionopoly: TIME LIMIT GAME, "a definite hour of termination").
#[derive(Debug, Clone, PartialEq)]
pub struct Clock {
    pub limit_ms: u64,
    /// Played before `since` (a resumed game: the time since it started).
    pub before_ms: u64,
    /// The device's time when the clock was set.
    pub since: u64,
    /// The table has been asked whether to end the game (asked once; "Time up" stays in the
    /// manage menu).
    pub asked: bool,
}

impl Clock {
    /// For a game with these options, started `played_ms` ago; None without a time limit.
    pub fn for_game(o: &property::Options, played_ms: u64, now: u64) -> Option<Clock> {
        (o.time_limit && o.time_limit_minutes > 0).then(|| Clock {
            limit_ms: o.time_limit_minutes as u64 * 60_000,
            before_ms: played_ms,
            since: now,
            asked: false,
        })
    }

    pub fn left_ms(&self, now: u64) -> u64 {
        self.limit_ms
            .saturating_sub(self.before_ms + now.saturating_sub(self.since))
    }

    /// "1:05": hours and minutes left, rounded up so 0:00 means the time is up.
    pub fn shown(&self, now: u64) -> String {
        let min = self.left_ms(now).div_ceil(60_000);
        format!("{}:{:02}", min / 60, min % 60)
    }
}

pub struct Ui {
    pub session: Option<Session>,
    /// The clock of a time-limit game.
    pub clock: Option<Clock>,
    /// A grid game in play (its own screens: src/ui/grid.rs).
    pub grid: Option<grid::GridTable>,
    /// An Illuminati game in play (src/ui/illuminati.rs).
    pub illuminati: Option<illuminati::IlluTable>,
    /// Whose squares the manage view shows (chosen from a list, or by a token tap).
    pub manage_for: Option<usize>,
    pub tags: TagMap,
    pub tags_path: Option<PathBuf>,
    pub cfg: TableConfig,
    pub setup: Setup,
    pub view: View,
    pub sel: usize,
    /// Every line narrated, oldest first (the notebook).
    pub log: Vec<String>,
    /// The last command's lines, shown until `toast_until`.
    pub toast: Vec<String>,
    pub toast_until: u64,
    /// A refusal or a remark, shown until the next input.
    pub note: Option<String>,
    /// Sounds to make, oldest first (the device loop hands them to the speaker).
    pub sounds: Vec<Sound>,
    /// The game's report once it is over: the final standings draw its net-worth lines, and
    /// its picture is saved beside the journal.
    pub final_report: Option<crate::report::Report>,
    auction_since: u64,
    pub now: u64,
    pub dirty: bool,
}

impl Ui {
    pub fn new(session: Option<Session>, tags: TagMap, cfg: TableConfig, setup: Setup) -> Ui {
        let clock = session
            .as_ref()
            .and_then(|s| Clock::for_game(&s.state.options, crate::saves::played_ms(&s.header), 0));
        let mut ui = Ui {
            session,
            clock,
            grid: None,
            illuminati: None,
            manage_for: None,
            tags,
            tags_path: None,
            cfg,
            setup,
            view: View::Setup,
            sel: 0,
            log: Vec::new(),
            toast: Vec::new(),
            toast_until: 0,
            note: None,
            sounds: Vec::new(),
            final_report: None,
            auction_since: 0,
            now: 0,
            dirty: true,
        };
        ui.view = ui.home_view();
        ui.setup.load_house_rules();
        if let Some(s) = &ui.session {
            ui.log = s.intro_lines();
        }
        ui
    }

    fn rules(&self) -> Option<&Ruleset> {
        self.session.as_ref().map(|s| &s.rules)
    }

    fn state(&self) -> Option<&State> {
        self.session.as_ref().map(|s| &s.state)
    }

    /// The menu of the current view.
    pub fn entries(&self) -> Vec<Entry> {
        match (&self.view, &self.session) {
            (View::Setup, _) => self.setup_entries(),
            (View::Enroll { .. }, _) => self.enroll_entries(),
            (_, None) => vec![],
            (View::Main, Some(se)) => self.main_entries(&se.rules, &se.state),
            (View::Manage, Some(se)) => {
                let mut out = Vec::new();
                // Raising money for a debt or a purchase: that player's squares only.
                let who: Vec<usize> = match (se.state.top(), self.manage_for) {
                    (Some(Pending::Debt(d)), _) => vec![d.debtor],
                    (Some(Pending::Buy { player, .. }), _) => vec![*player],
                    (_, Some(p)) => vec![p],
                    // Manage starts from a player: one list of everyone's squares is too long.
                    (_, None) => {
                        for p in se.state.active_players() {
                            out.push(entry(
                                format!("{}'s squares", se.state.players[p].name),
                                Act::ManageFor(p),
                            ));
                        }
                        vec![]
                    }
                };
                let mut cmds = Vec::new();
                legal::management(&se.rules, &se.state, &who, &mut cmds);
                // A debtor raises money: building is not offered until the debt is paid.
                let in_debt = matches!(se.state.top(), Some(Pending::Debt(_)));
                // Selling a group's buildings at once is legal from each of its lots; one line
                // per group is enough here (the square's own menu offers it from any lot).
                let mut sold_whole = Vec::new();
                for c in cmds {
                    if in_debt && matches!(c, Command::Build { .. }) {
                        continue;
                    }
                    if let Command::Sell { square, all: true } = c {
                        let group = se.rules.squares[square].group();
                        if sold_whole.contains(&group) {
                            continue;
                        }
                        sold_whole.push(group);
                    }
                    out.push(entry(menu::label(&se.rules, &se.state, &c), Act::Cmd(c)));
                }
                if se.state.top().is_none() {
                    out.push(entry("Deal: sell a square", Act::Deal));
                    // Only in a time-limit game, and the table confirms first.
                    if se.state.options.time_limit {
                        out.push(entry("Time up: end the game", Act::Cmd(Command::TimeUp)));
                    }
                }
                out.push(entry("Back", Act::Back));
                out
            }
            (View::Deal { square, buyer, .. }, Some(se)) => {
                let s = &se.state;
                let mut out = Vec::new();
                match (square, buyer) {
                    (None, _) => {
                        for sq in 0..se.rules.squares.len() {
                            if let Some(o) = s.owner(sq) {
                                let g = se.rules.squares[sq].group().unwrap_or(0);
                                if !s.group_has_buildings(&se.rules, g) {
                                    out.push(entry(
                                        format!(
                                            "{}: {}",
                                            s.players[o].name,
                                            menu::sq(&se.rules, sq)
                                        ),
                                        Act::DealSquare(sq),
                                    ));
                                }
                            }
                        }
                    }
                    (Some(sq), None) => {
                        let owner = s.owner(*sq);
                        for p in s.active_players() {
                            if Some(p) != owner {
                                out.push(entry(
                                    format!("Sell to {}", s.players[p].name),
                                    Act::DealBuyer(p),
                                ));
                            }
                        }
                    }
                    (Some(_), Some(_)) => out.push(entry("OK: agree the deal", Act::Confirm)),
                }
                out.push(entry("Back", Act::Back));
                out
            }
            (View::Log { .. }, _) | (View::Standings, _) => vec![entry("Back", Act::Back)],
            (View::Pager { pages, page }, _) => vec![entry(
                if page + 1 < pages.len() {
                    "OK: next"
                } else {
                    "OK"
                },
                Act::NextPage,
            )],
            (View::Bid { player, amount }, Some(se)) => vec![
                entry(
                    format!("{} bids {amount}", se.state.players[*player].name),
                    Act::Cmd(Command::Bid {
                        player: *player,
                        amount: *amount,
                    }),
                ),
                entry("Back", Act::Back),
            ],
            (View::Square { square }, Some(se)) => {
                let mut out = Vec::new();
                let everyone: Vec<usize> = se.state.active_players().collect();
                let mut cmds = Vec::new();
                legal::management(&se.rules, &se.state, &everyone, &mut cmds);
                for c in cmds {
                    let on_it = matches!(c,
                        Command::Build { square: q } | Command::Sell { square: q, .. }
                        | Command::Mortgage { square: q } | Command::Unmortgage { square: q }
                        if q == *square);
                    if on_it {
                        out.push(entry(menu::label(&se.rules, &se.state, &c), Act::Cmd(c)));
                    }
                }
                if se.state.top().is_none() {
                    out.push(entry("Sell it to a player", Act::DealSquare(*square)));
                }
                out.push(entry("Back", Act::Back));
                out
            }
            (View::ConfirmUndo, Some(se)) => {
                // Names, not ids: "Undo Mortgage Weapons Locker", as the menu said it.
                let what = se
                    .history
                    .last()
                    .map(|d| menu::label(&se.rules, &se.state, &d.cmd))
                    .unwrap_or_else(|| "nothing".into());
                vec![
                    entry(format!("Undo {what}"), Act::Confirm),
                    entry("Keep it", Act::Back),
                ]
            }
            (View::ConfirmTimeUp, _) => vec![
                entry("Yes: value all, end it", Act::Confirm),
                entry("No", Act::Back),
            ],
            (View::ConfirmConcede, _) => vec![
                entry("Yes: go bankrupt", Act::Confirm),
                entry("No", Act::Back),
            ],
        }
    }

    fn main_entries(&self, rules: &Ruleset, s: &State) -> Vec<Entry> {
        if s.over {
            return vec![
                entry("Final standings", Act::Standings),
                entry("New game", Act::NewGame),
                entry("Log", Act::Log),
            ];
        }
        let mut out = Vec::new();
        match s.top() {
            Some(Pending::Auction(a)) => {
                let ask = menu::ask(s, a, self.cfg.auction_step);
                for p in (0..a.open.len()).filter(|&p| a.open[p]) {
                    if a.high.map(|h| h.0) != Some(p) && s.cash(p) >= ask {
                        out.push(entry(
                            format!("{} bids {ask}+", s.players[p].name),
                            Act::BidFor(p),
                        ));
                    }
                }
                for p in (0..a.open.len()).filter(|&p| a.open[p]) {
                    if a.high.map(|h| h.0) != Some(p) {
                        out.push(entry(
                            format!("{} passes", s.players[p].name),
                            Act::Cmd(Command::Pass { player: p }),
                        ));
                    }
                }
                out.push(entry("Close the auction", Act::CloseAuction));
            }
            Some(Pending::Debt(_)) => {
                for c in legal::legal(rules, s) {
                    match c {
                        Command::Pay | Command::Resolve => {
                            out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)))
                        }
                        _ => {}
                    }
                }
                out.push(entry("Sell or mortgage...", Act::Manage));
                out.push(entry("Concede: bankrupt", Act::Cmd(Command::Concede)));
            }
            Some(Pending::Buy { .. }) => {
                for c in legal::legal(rules, s) {
                    if matches!(c, Command::Buy | Command::Decline) {
                        out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
                    }
                }
                out.push(entry("Mortgage or sell...", Act::Manage));
            }
            Some(_) => {
                for c in legal::legal(rules, s) {
                    out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
                }
            }
            None => {
                let mut cmds = Vec::new();
                legal::turn_commands(rules, s, &mut cmds);
                legal::claims(s, &mut cmds);
                for c in cmds {
                    out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
                }
                out.push(entry("Manage...", Act::Manage));
            }
        }
        out.push(entry("Standings", Act::Standings));
        out.push(entry("Log", Act::Log));
        out.push(entry("Undo", Act::Undo));
        out
    }

    fn setup_entries(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        // After a power cut the game goes on: resuming is the first, chosen line.
        if let Some(r) = &self.setup.resume {
            out.push(entry("Resume the last game", Act::Resume(r.clone())));
        }
        // Older saved games stay one press away (a new game does not hide them), named by
        // when they were last played and who played them.
        if let Some(dir) = &self.setup.journal_dir {
            for older in crate::saves::recent(dir, 3) {
                if Some(&older) != self.setup.resume.as_ref() {
                    let (when, who) = crate::saves::when_and_who(&older);
                    let day = when.split(' ').take(2).collect::<Vec<_>>().join(" ");
                    out.push(entry(
                        format!("Resume {day} {}", who.join(",")),
                        Act::Resume(older),
                    ));
                }
            }
        }
        let name = self
            .setup
            .rulesets
            .get(self.setup.ruleset)
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "(no rulesets)".into());
        out.push(entry(format!("Game: {name}"), Act::NextRuleset));
        for (i, (h, c)) in self.setup.house.iter().enumerate() {
            let word = h.choices.get(*c).map_or("", |c| c.word.as_str());
            out.push(entry(format!("{}: {word}", h.name), Act::NextChoice(i)));
        }
        if self.setup.players.len() < property::setup::MAX_PLAYERS {
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

    fn enroll_entries(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        if let Some(g) = &self.illuminati {
            let (s, r) = (&g.session.state, &g.session.rules);
            for p in &s.players {
                out.push(entry(
                    format!("Token of {}", p.name),
                    Act::Enroll(TagKind::Player {
                        name: p.name.to_string(),
                    }),
                ));
            }
            for c in &r.cards {
                out.push(entry(
                    format!("Card: {}", c.name),
                    Act::Enroll(TagKind::Group { id: c.id.clone() }),
                ));
            }
            out.push(entry("Cancel", Act::Back));
            return out;
        }
        if let Some(g) = &self.grid {
            let s = &g.session.state;
            for p in s.pieces.iter().take(s.humans) {
                out.push(entry(
                    format!("Token of {}", p.name),
                    Act::Enroll(TagKind::Player {
                        name: p.name.clone(),
                    }),
                ));
            }
            for card in ["up", "down", "left", "right", "attack", "pray", "study"] {
                out.push(entry(
                    format!("Grid card: {card}"),
                    Act::Enroll(TagKind::GridCard { card: card.into() }),
                ));
            }
            out.push(entry("Cancel", Act::Back));
            return out;
        }
        let players: Vec<String> = match self.state() {
            Some(s) => s.players.iter().map(|p| p.name.clone()).collect(),
            None => {
                let mut v = self.setup.players.clone();
                v.push(format!("P{}", self.setup.players.len() + 1));
                v
            }
        };
        for p in players {
            out.push(entry(
                format!("Token of {p}"),
                Act::Enroll(TagKind::Player { name: p }),
            ));
        }
        if let Some(rules) = self.rules() {
            for sq in rules.deeds() {
                out.push(entry(
                    format!("Deed {}", rules.squares[sq].name),
                    Act::Enroll(TagKind::Deed {
                        square: rules.squares[sq].id.clone(),
                    }),
                ));
            }
            for d in &rules.decks {
                for c in &d.cards {
                    out.push(entry(
                        format!("{}: {}", d.name, c.id),
                        Act::Enroll(TagKind::Card {
                            deck: d.id.clone(),
                            card: c.id.clone(),
                        }),
                    ));
                }
            }
        }
        out.push(entry("Cancel", Act::Back));
        out
    }

    fn go(&mut self, view: View) {
        self.view = view;
        self.sel = 0;
        self.dirty = true;
    }

    /// Carry out a command; its lines go to the log and stay on screen a while.
    fn command(&mut self, cmd: Command) {
        let Some(se) = self.session.as_mut() else {
            return;
        };
        match se.command(cmd) {
            Ok(done) => {
                let lines = done.public();
                self.log.extend(lines.iter().map(|l| menu::for_table(l)));
                let pages = menu::pages(&lines);
                self.toast = lines;
                self.toast_until = self.now + self.cfg.toast_ms;
                self.note = None;
                // The game has just ended: the final standings draw its report, and its
                // picture goes beside the journal.
                if se.state.over && self.final_report.is_none() {
                    let report = se.report();
                    if let Err(e) = crate::report::save_picture(se, &report) {
                        self.note = Some(format!("the game's picture was not saved: {e}"));
                    }
                    self.final_report = Some(report);
                }
                if matches!(se.state.top(), Some(Pending::Auction(_))) {
                    self.auction_since = self.now;
                }
                if let Some(pages) = pages {
                    self.view = View::Pager { pages, page: 0 };
                    self.sel = 0;
                    self.dirty = true;
                    return;
                }
            }
            Err(e) => {
                tracing::info!("refused at the table: {e}");
                self.note = Some(e.to_string())
            }
        }
        if !matches!(self.view, View::Manage) || self.entries().len() <= 1 {
            self.view = View::Main;
        }
        self.sel = 0;
        self.dirty = true;
    }

    /// One input; the sound it makes joins `sounds`: a refusal, or an accepted command
    /// (undo included) or a tag read.
    pub fn handle(&mut self, input: Input, now: u64) {
        let (done, refused) = self.progress();
        let tap = matches!(input, Input::Tag(_));
        self.dispatch(input, now);
        let (done_after, refused_after) = self.progress();
        if refused_after > refused {
            self.sounds.push(Sound::Refuse);
        } else if done_after != done || tap {
            self.sounds.push(Sound::Accept);
        }
    }

    /// Commands in effect and commands refused, over whichever game is in play.
    fn progress(&self) -> (usize, u64) {
        if let Some(s) = &self.session {
            (s.history.len(), s.refused)
        } else if let Some(g) = &self.grid {
            (g.session.history.len(), g.session.refused)
        } else if let Some(g) = &self.illuminati {
            (g.session.history.len(), g.session.refused)
        } else {
            (0, 0)
        }
    }

    fn dispatch(&mut self, input: Input, now: u64) {
        self.now = now;
        if self.grid.is_some() && !matches!(self.view, View::Enroll { .. }) {
            grid::handle(self, input);
            return;
        }
        if self.illuminati.is_some() && !matches!(self.view, View::Enroll { .. }) {
            illuminati::handle(self, input);
            return;
        }
        match input {
            Input::Tick(_) => self.tick(),
            Input::Quit => {}
            Input::Tag(uid) => {
                self.note = None;
                self.restart_countdown();
                self.tag(uid);
                self.dirty = true;
            }
            Input::Button(b, p) => {
                self.note = None;
                self.restart_countdown();
                self.button(b, p);
                self.dirty = true;
            }
        }
    }

    fn tick(&mut self) {
        if self.toast_until != 0 && self.now >= self.toast_until {
            self.toast_until = 0;
            self.dirty = true;
        }
        self.watch_clock();
        // An auction closes after a silence only when the table chose a timer (options).
        let silent = self.cfg.auction_silence_ms > 0
            && self.now.saturating_sub(self.auction_since) >= self.cfg.auction_silence_ms;
        if self.cfg.auction_silence_ms > 0
            && matches!(
                self.state().and_then(|s| s.top()),
                Some(Pending::Auction(_))
            )
        {
            // The countdown on screen changes every second.
            self.dirty = true;
        }
        if silent
            && matches!(
                self.state().and_then(|s| s.top()),
                Some(Pending::Auction(_))
            )
        {
            self.close_auction();
        }
    }

    /// A time-limit game: the clock on the main screen changes each minute, and when it runs
    /// out the table is asked, once, whether to end the game now.
    fn watch_clock(&mut self) {
        let over = self.state().is_none_or(|s| s.over);
        let Some(c) = self.clock.as_mut() else {
            return;
        };
        if over {
            return;
        }
        if c.left_ms(self.now) == 0 && !c.asked {
            c.asked = true;
            self.toast_until = 0;
            self.go(View::ConfirmTimeUp);
        } else if c.left_ms(self.now) % 60_000 < 100 {
            self.dirty = true;
        }
    }

    /// Any press or tap during an auction restarts its silence countdown.
    fn restart_countdown(&mut self) {
        if matches!(
            self.state().and_then(|s| s.top()),
            Some(Pending::Auction(_))
        ) {
            self.auction_since = self.now;
        }
    }

    /// Seconds before a silent auction closes, when the table chose a timer.
    pub fn auction_countdown(&self) -> Option<u64> {
        let open = matches!(
            self.state().and_then(|s| s.top()),
            Some(Pending::Auction(_))
        );
        (open && self.cfg.auction_silence_ms > 0).then(|| {
            let left = (self.auction_since + self.cfg.auction_silence_ms).saturating_sub(self.now);
            left.div_ceil(1000)
        })
    }

    /// The lowest bid the engine accepts now (0 when no auction is open).
    fn lowest_bid(&self) -> i64 {
        match self.state().and_then(|s| s.top()) {
            Some(Pending::Auction(a)) => self.state().map_or(0, |s| {
                crate::engine::property::auction::floor(s.options.auction_step, a)
            }),
            _ => 0,
        }
    }

    /// One command: one undo step takes the table back to the open auction.
    fn close_auction(&mut self) {
        self.command(Command::Close);
    }

    fn button(&mut self, b: Button, p: Press) {
        let entries = self.entries();
        match (b, p) {
            (_, Press::Release) => {}
            (Button::Up, Press::Press) => self.step(&entries, -1, 0),
            (Button::Down, Press::Press) => self.step(&entries, 1, 0),
            (Button::Up, Press::Repeat { held_ms }) => self.step(&entries, -1, held_ms),
            (Button::Down, Press::Repeat { held_ms }) => self.step(&entries, 1, held_ms),
            (Button::Ok, Press::Press) => {
                if let Some(e) = entries.get(self.sel).cloned() {
                    self.act(e.act);
                }
            }
            (Button::Back, Press::Press) if self.view != View::Main && self.view != View::Setup => {
                self.go(View::Main);
            }
            (Button::Roll, Press::Press) => {
                if self.view == View::Setup {
                    if self.setup.players.len() >= 2 {
                        self.act(Act::Start);
                    }
                } else if let Some(se) = &self.session {
                    if legal::legal(&se.rules, &se.state)
                        .iter()
                        .any(|c| matches!(c, Command::Roll { .. }))
                    {
                        self.command(Command::Roll { dice: None });
                    } else {
                        self.note = Some("no roll now".into());
                    }
                }
            }
            (Button::Ok, Press::Hold) if self.session.is_some() => {
                self.manage_for = None;
                self.go(View::Manage)
            }
            (Button::Back, Press::Hold) if self.session.is_some() => self.go(View::ConfirmUndo),
            _ => {}
        }
    }

    /// UP (-1) or DOWN (+1), pressed or held for `held_ms`: move in the menu; in a bid or a
    /// deal, raise or lower the amount (by more the longer the button is held); in the log,
    /// scroll back or forward.
    fn step(&mut self, entries: &[Entry], dir: i64, held_ms: u64) {
        let step = menu::held_step(self.cfg.auction_step, held_ms);
        let lowest_bid = self.lowest_bid();
        match &mut self.view {
            View::Bid { player, amount } => {
                let cash = self.session.as_ref().map_or(0, |se| se.state.cash(*player));
                *amount = (*amount - dir * step).min(cash).max(lowest_bid);
            }
            // Agreeing the price: UP/DOWN change it, the menu stays on "agree".
            View::Deal {
                square: Some(_),
                buyer: Some(_),
                price,
            } => *price = (*price - dir * step).max(0),
            View::Log { back } => *back = back.saturating_add_signed(-dir as isize),
            _ => {
                let n = entries.len();
                if n > 0 {
                    self.sel = (self.sel + if dir < 0 { n - 1 } else { 1 }) % n;
                }
            }
        }
    }

    fn act(&mut self, act: Act) {
        match act {
            Act::Cmd(Command::Concede) => self.go(View::ConfirmConcede),
            Act::Cmd(Command::TimeUp) => self.go(View::ConfirmTimeUp),
            Act::Cmd(c) => self.command(c),
            Act::Manage => {
                self.manage_for = None;
                self.go(View::Manage)
            }
            Act::ManageFor(p) => {
                self.manage_for = Some(p);
                self.go(View::Manage)
            }
            Act::Deal => self.go(View::Deal {
                square: None,
                buyer: None,
                price: 0,
            }),
            Act::Log => self.go(View::Log { back: 0 }),
            Act::Standings => self.go(View::Standings),
            Act::NextPage => match &mut self.view {
                View::Pager { pages, page } if *page + 1 < pages.len() => {
                    *page += 1;
                    self.sel = 0;
                }
                _ => {
                    // The lines have been read: the game's screen, without the toast again.
                    self.toast_until = 0;
                    self.go(View::Main);
                }
            },
            Act::NewGame => {
                self.session = None;
                self.clock = None;
                self.final_report = None;
                self.setup.players.clear();
                self.setup.resume = None;
                self.setup.seed = self.setup.seed.wrapping_add(1);
                self.log.clear();
                self.go(View::Setup);
            }
            Act::Undo => self.go(View::ConfirmUndo),
            Act::Back => self.go(self.home_view()),
            Act::CloseAuction => self.close_auction(),
            Act::BidFor(player) => {
                let step = self.cfg.auction_step;
                let ask = self.state().and_then(|s| match s.top() {
                    Some(Pending::Auction(a)) => Some(menu::ask(s, a, step)),
                    _ => None,
                });
                if let Some(amount) = ask {
                    self.go(View::Bid { player, amount });
                }
            }
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
            Act::Start => self.start(),
            Act::Resume(path) => self.resume(path),
            Act::DealSquare(sq) => {
                let price = self
                    .rules()
                    .and_then(|r| r.squares[sq].price())
                    .unwrap_or(0);
                self.view = View::Deal {
                    square: Some(sq),
                    buyer: None,
                    price,
                };
                self.sel = 0;
            }
            Act::DealBuyer(p) => {
                if let View::Deal { buyer, .. } = &mut self.view {
                    *buyer = Some(p);
                }
                self.sel = 0;
            }
            Act::Enroll(kind) => {
                if let View::Enroll { uid } = self.view.clone() {
                    self.tags.set(&uid, kind.clone());
                    self.save_tag(&uid, kind.clone());
                    self.note = Some(format!("tag enrolled as {}", kind.describe()));
                    if let (TagKind::Player { name }, View::Setup) = (&kind, &self.home_view()) {
                        if !self.setup.players.contains(name) {
                            self.setup.players.push(name.clone());
                        }
                    }
                    let back = self.home_view();
                    self.go(back);
                }
            }
            Act::Confirm => match self.view.clone() {
                View::ConfirmUndo => {
                    if let Some(se) = self.session.as_mut() {
                        let before = se.state.clone();
                        match se.undo() {
                            Ok(cmd) => {
                                let line = format!(
                                    "undone: {}",
                                    crate::engine::property::protocol::format_command(
                                        &se.rules, &before, &cmd
                                    )
                                );
                                self.log.push(line.clone());
                                self.toast = vec![line];
                                self.toast_until = self.now + self.cfg.toast_ms;
                                // An auction brought back by undo gets a fresh silence, or
                                // it would close again at once.
                                self.auction_since = self.now;
                            }
                            Err(e) => self.note = Some(e),
                        }
                    }
                    self.go(View::Main);
                }
                View::ConfirmConcede => self.command(Command::Concede),
                View::ConfirmTimeUp => self.command(Command::TimeUp),
                View::Deal {
                    square: Some(sq),
                    buyer: Some(to),
                    price,
                } => {
                    if let Some(from) = self.state().and_then(|s| s.owner(sq)) {
                        let get = if price > 0 {
                            smallvec::smallvec![TradeItem::Cash(price)]
                        } else {
                            smallvec::smallvec![]
                        };
                        self.command(Command::Trade(Trade {
                            from,
                            to,
                            give: smallvec::smallvec![TradeItem::Square(sq)],
                            get,
                        }));
                    }
                }
                _ => {}
            },
        }
        self.dirty = true;
    }

    /// A protocol command line carried out as if chosen from a menu (its lines paged and
    /// logged as at the table): dice the table rolled by hand, or a correction (`set ...`).
    pub fn enter(&mut self, line: &str) -> Result<(), String> {
        let se = self.session.as_ref().ok_or("no game in play")?;
        match crate::engine::property::protocol::parse(&se.rules, &se.state, line)? {
            crate::engine::property::protocol::Line::Command(c) => {
                let refused = se.refused;
                self.command(c);
                match self.session.as_ref() {
                    Some(se) if se.refused > refused => Err(self.note.clone().unwrap_or_default()),
                    _ => Ok(()),
                }
            }
            _ => Err(format!("{line}: not a command")),
        }
    }

    /// Open the manage list (what holding OK does), for tests of its contents.
    pub fn go_manage_for_test(&mut self) {
        self.go(View::Manage);
    }

    /// Where BACK and the end of a flow lead: the game, or the new-game screen before one.
    fn home_view(&self) -> View {
        if self.session.is_some() || self.grid.is_some() || self.illuminati.is_some() {
            View::Main
        } else {
            View::Setup
        }
    }

    /// Enroll on disk too; the map comes back with any tags others enrolled meanwhile.
    fn save_tag(&mut self, uid: &Uid, kind: TagKind) {
        if let Some(p) = &self.tags_path {
            match TagMap::update(p, |m| {
                m.set(uid, kind);
                Ok(())
            }) {
                Ok((map, ())) => self.tags = map,
                Err(e) => self.note = Some(e),
            }
        }
    }

    fn start(&mut self) {
        if let Err(e) = self.start_now() {
            self.note = Some(e);
        }
    }

    /// Start the chosen ruleset's game, whichever family it is: the new-game screen's START,
    /// and `play --players` (which starts at once).
    pub fn start_now(&mut self) -> Result<(), String> {
        let Some(path) = self.setup.rulesets.get(self.setup.ruleset).cloned() else {
            return Err("no ruleset files found".into());
        };
        match crate::games::family_of_ruleset(&path).as_deref() {
            Ok("grid") => return self.start_grid(&path),
            Ok("illuminati") => return self.start_illuminati(&path),
            _ => {}
        }
        let s = self.new_session::<crate::engine::property::Property>(&path)?;
        self.clock = Clock::for_game(&s.state.options, 0, self.now);
        self.log = s.intro_lines();
        self.session = Some(s);
        self.go(View::Main);
        Ok(())
    }

    /// A new game of family `F` from this ruleset file, journaled like any other.
    fn new_session<F: crate::engine::game::Family>(
        &mut self,
        path: &std::path::Path,
    ) -> Result<crate::session::Session<F>, String> {
        let rules = crate::rulesets::load::<F>(path)?;
        let mut o = F::default_options(&rules);
        // The house rules chosen on this screen, over the ruleset's own options.
        for (key, value) in self.setup.settings() {
            F::set_option(&mut o, key, &value)?;
        }
        // Then `play --option KEY=VALUE`, which wins over the screen's choice.
        crate::games::set_options::<F>(&mut o, &self.setup.options)?;
        let journal = self.journal_path();
        crate::session::Session::<F>::new(
            rules,
            &self.setup.players,
            self.setup.seed,
            o,
            journal.as_deref(),
        )
    }

    /// A new grid game: its own screens take over (src/ui/grid.rs).
    fn start_grid(&mut self, path: &std::path::Path) -> Result<(), String> {
        let s = self.new_session::<crate::engine::grid::Grid>(path)?;
        self.log = s.intro_lines();
        self.grid = Some(grid::GridTable::new(s));
        self.view = View::Main;
        self.dirty = true;
        Ok(())
    }

    /// A new Illuminati game: its own screens take over (src/ui/illuminati.rs).
    fn start_illuminati(&mut self, path: &std::path::Path) -> Result<(), String> {
        let s = self.new_session::<crate::engine::illuminati::Illuminati>(path)?;
        self.log = s.intro_lines();
        self.illuminati = Some(illuminati::IlluTable::new(s));
        self.view = View::Main;
        self.dirty = true;
        Ok(())
    }

    fn journal_path(&mut self) -> Option<PathBuf> {
        // A file named on the command line serves the first game only: a later game started
        // from this screen must not write into it.
        if let Some(j) = self.setup.journal.take() {
            return Some(j);
        }
        self.setup.journal_dir.as_ref().map(|d| {
            let _ = std::fs::create_dir_all(d);
            d.join(format!("game-{}.journal", self.setup.seed))
        })
    }

    /// A resumed game's log: the whole story, then the resume's messages.
    fn resumed_log<F: crate::engine::game::Family>(
        s: &crate::session::Session<F>,
        msgs: Vec<String>,
    ) -> Vec<String> {
        s.story()
            .iter()
            .chain(&msgs)
            .map(|l| menu::for_table(l))
            .collect()
    }

    fn resume(&mut self, path: PathBuf) {
        if let Err(e) = self.resume_now(path) {
            self.note = Some(e);
        }
    }

    /// Resume a saved game, whichever family wrote it: the new-game screen's RESUME, and
    /// `play --journal` on a journal that exists.
    pub fn resume_now(&mut self, path: PathBuf) -> Result<(), String> {
        let family = crate::journal::family_of(&path).ok().flatten();
        if family.as_deref() == Some("illuminati") {
            let (s, msgs) = crate::saves::resume::<crate::engine::illuminati::Illuminati>(
                &self.setup.rulesets,
                &path,
            )?;
            self.log = Self::resumed_log(&s, msgs);
            self.illuminati = Some(illuminati::IlluTable::new(s));
            self.view = View::Main;
            return Ok(());
        }
        if family.as_deref() == Some("grid") {
            let (s, msgs) =
                crate::saves::resume::<crate::engine::grid::Grid>(&self.setup.rulesets, &path)?;
            self.log = Self::resumed_log(&s, msgs);
            self.grid = Some(grid::GridTable::new(s));
            self.view = View::Main;
            return Ok(());
        }
        let (s, msgs) =
            crate::saves::resume::<crate::engine::property::Property>(&self.setup.rulesets, &path)?;
        self.clock = Clock::for_game(
            &s.state.options,
            crate::saves::played_ms(&s.header),
            self.now,
        );
        self.final_report = s.state.over.then(|| s.report());
        self.log = Self::resumed_log(&s, msgs);
        self.session = Some(s);
        self.go(View::Main);
        Ok(())
    }

    fn tag(&mut self, uid: Uid) {
        let kind = self.tags.get(&uid).cloned();
        let Some(kind) = kind else {
            self.go(View::Enroll { uid });
            self.note = Some("new tag: what is it?".into());
            return;
        };
        if self.view == View::Setup {
            if let TagKind::Player { name } = kind {
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
        }
        let Some(se) = &self.session else {
            return;
        };
        let (rules, s) = (&se.rules, &se.state);
        match kind {
            TagKind::Player { name } => {
                let Some(p) = s.player_index(&name) else {
                    self.note = Some(format!("{name} is not in this game"));
                    return;
                };
                if let View::Deal {
                    square: Some(_),
                    buyer,
                    ..
                } = &mut self.view
                {
                    *buyer = Some(p);
                    return;
                }
                match s.top().cloned() {
                    // Choosing a bid: the tapping player bids the amount shown.
                    Some(Pending::Auction(_)) if matches!(self.view, View::Bid { .. }) => {
                        if let View::Bid { amount, .. } = self.view {
                            self.command(Command::Bid { player: p, amount });
                        }
                    }
                    // A token tap raises the bid by the step (or accepts the ask).
                    Some(Pending::Auction(a)) => {
                        let ask = menu::ask(s, &a, self.cfg.auction_step);
                        self.command(Command::Bid {
                            player: p,
                            amount: ask,
                        });
                    }
                    _ => {
                        // A token tap opens that player's squares, with their cash shown.
                        self.note = Some(format!(
                            "{}: {} cash, status {}",
                            name,
                            s.cash(p),
                            s.players[p].status
                        ));
                        self.manage_for = Some(p);
                        self.view = View::Manage;
                        self.sel = 0;
                    }
                }
            }
            TagKind::Deed { square } => {
                let Some(sq) = rules.square_index(&square) else {
                    self.note = Some(format!("this ruleset has no square {square}"));
                    return;
                };
                // Manage that square: build, sell, mortgage, lift, or sell it to a player.
                if s.owner(sq).is_some() {
                    self.go(View::Square { square: sq });
                } else {
                    self.note = Some(format!(
                        "{}: {}",
                        rules.squares[sq].name,
                        match s.owner(sq) {
                            Some(o) => format!("owned by {}", s.players[o].name),
                            None => "not owned".into(),
                        }
                    ));
                }
            }
            TagKind::Card { deck, card } => {
                let d = rules.deck_index(&deck);
                let c = d.and_then(|d| rules.decks[d].cards.iter().position(|x| x.id == card));
                match (d, c) {
                    (Some(d), Some(c)) if matches!(s.top(), Some(Pending::Card { .. })) => self
                        .command(Command::Draw {
                            deck: d,
                            card: c as u16,
                        }),
                    _ => self.note = Some(format!("card {deck}:{card}: not now")),
                }
            }
            TagKind::Piece { label } => self.note = Some(format!("{label}: not used in this game")),
            TagKind::GridCard { card } => {
                self.note = Some(format!("grid card {card}: not used in this game"))
            }
            TagKind::Group { id } => self.note = Some(format!("group {id}: not used in this game")),
        }
    }
}
