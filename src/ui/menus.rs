//! The shell's own menus as lines and what each does: the new-game screen, the voice's
//! menu, enrolling a tag, the pairing question, the pager, the log and the standings.

use super::acts::{named, PACES, VOLUMES};
use super::*;

impl Ui {
    /// The shell's own menu for the view shown now (empty on the game's screens).
    pub fn entries(&self) -> Vec<Entry> {
        match &self.view {
            View::Setup => self.setup_entries(),
            View::Enroll { .. } => self.enroll_entries(),
            View::Name { typed: None, .. } => {
                let mut out: Vec<Entry> = crate::tags::free(&self.taken_names())
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
            } => {
                // The letter alone: "OK adds b", not the name it would make.
                let next = names::add(name, *letter);
                let adds = next.get(name.len()..).unwrap_or_default();
                vec![entry(format!("OK adds {adds}"), Act::TypeName)]
            }
            View::Game | View::EnrolSet { .. } => vec![],
            View::Sets { sets } => self.sets_entries(sets),
            View::Check { .. } => vec![entry("Back", Act::Back)],
            View::Log { .. } | View::Standings { .. } => vec![entry("Back", Act::Back)],
            View::Pair { seat, tapped, .. } => self.pair_entries(*seat, *tapped),
            View::Voice { .. } => {
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
    pub(super) fn pair_entries(&self, seat: Option<usize>, tapped: bool) -> Vec<Entry> {
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
        // Several guests asking at once: one line answers them all (not a BACK each).
        if self.phones.asks.len() > 1 {
            out.push(entry(
                format!("Refuse all {} phones asking", self.phones.asks.len()),
                Act::RefuseAllPhones,
            ));
        }
        out
    }

    pub(super) fn setup_entries(&self) -> Vec<Entry> {
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
        if self.setup.players.len() < self.setup.most_players() {
            use crate::computer::Level;
            for level in [Level::Steady, Level::Strong] {
                out.push(entry(
                    format!("Add computer seat: {}", level.word()),
                    Act::AddComputer(level),
                ));
            }
        }
        if !self.setup.computers.is_empty() {
            out.push(entry(
                format!(
                    "Computer deals: {}",
                    if self.setup.computer_deals {
                        "on"
                    } else {
                        "off"
                    }
                ),
                Act::ComputerDeals,
            ));
        }
        if !self.setup.players.is_empty() {
            out.push(entry("Remove last player", Act::RemovePlayer));
        }
        if self.setup.players.len() >= 2 {
            out.push(entry("Start the game", Act::Start));
        }
        // Before the first game: the table's stickers, a set at a time, and a check of them.
        out.push(entry("Enrol a set of tags", Act::EnrolSets));
        out.push(entry("Check the tags", Act::CheckTags));
        if self.setup.journal_dir.is_some() {
            out.push(entry("Records", Act::Records));
        }
        out
    }

    /// The voice's lines: on or off, and its pace.
    pub(super) fn voice_entries(&self) -> Vec<Entry> {
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
    pub(super) fn taken_names(&self) -> Vec<String> {
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

    pub(super) fn enroll_entries(&self) -> Vec<Entry> {
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
            for (id, words) in crate::sets::pieces(&g.sets()) {
                out.push(entry(words, Act::Enroll(TagKind::Piece { id })));
            }
        }
        out.push(entry("Cancel", Act::Back));
        out
    }

    /// The enrolment menu's first line: the first token or piece no tag stands for yet (OK
    /// must never give a player a second token by default), else Cancel.
    pub(super) fn first_unenrolled(&self) -> usize {
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
}
