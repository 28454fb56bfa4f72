//! The new-game screen: the ruleset chosen (any family's), its house rules in words, the
//! players (tapped tokens or added seats, within the family's limits), and the saved games to
//! resume, as a view of its own over the choices (`setup::Setup`). Starting and
//! resuming go through the catalogue (games.rs); nothing here knows a family.

use std::path::PathBuf;

use super::act::{Act, Entry};
use super::enrolment::{open_sets, Enrolment};
use super::machine::{then, Machine, Next};
use super::screen::{entry, Flow};
use super::table::Table;
use crate::hw::{Button, Press, Uid};
use crate::tags::TagKind;

/// The new-game screen as a view: its chosen line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NewGameMenu {
    pub sel: usize,
}

impl<V: From<Enrolment>> Machine<V> for NewGameMenu {
    fn entries(&self, t: &Table) -> Vec<Entry> {
        let setup = &t.setup;
        let mut out = Vec::new();
        let listed = |p: &PathBuf| setup.saved.iter().find(|l| &l.path == p);
        // After a power cut the game goes on: resuming is the first, chosen line (a finished
        // game is never resumed: it is listed with the finished ones).
        if let Some(r) = &setup.resume {
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
        for l in setup.saved.iter().filter(|l| !l.over) {
            if Some(&l.path) != setup.resume.as_ref() {
                out.push(entry(
                    format!("Resume {} ({})", words(l), l.progress),
                    Act::Resume(l.path.clone()),
                ));
            }
        }
        // Finished games apart: their final standings and report, never resumed.
        for l in setup.saved.iter().filter(|l| l.over).take(4) {
            out.push(entry(
                format!("Finished: {}", words(l)),
                Act::Finished(l.path.clone()),
            ));
        }
        let name = setup
            .ruleset_path()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "(no rulesets)".into());
        out.push(entry(format!("Game: {name}"), Act::NextRuleset));
        for (i, (h, c)) in setup.house.iter().enumerate() {
            let word = h.choices.get(*c).map_or("", |c| c.word.as_str());
            out.push(entry(format!("{}: {word}", h.name), Act::NextChoice(i)));
        }
        out.extend(t.voice_entries());
        out.push(entry(
            format!("Odds: {}", if t.odds_on { "shown" } else { "hidden" }),
            Act::Odds,
        ));
        if setup.players.len() < setup.most_players() {
            out.push(entry(
                format!("Add player {}", setup.next_player_name()),
                Act::AddPlayer,
            ));
            use crate::computer::Level;
            for level in [Level::Steady, Level::Strong] {
                out.push(entry(
                    format!("Add computer seat: {}", level.word()),
                    Act::AddComputer(level),
                ));
            }
        }
        // A switch only where players deal (the property games); elsewhere it would do nothing.
        let deals = setup.kind().is_ok_and(|k| k.facts().deals);
        if deals && !setup.computers.is_empty() {
            let on = if setup.computer_deals { "on" } else { "off" };
            out.push(entry(format!("Computer deals: {on}"), Act::ComputerDeals));
        }
        if !setup.players.is_empty() {
            out.push(entry("Remove last player", Act::RemovePlayer));
        }
        if setup.players.len() >= 2 {
            out.push(entry("Start the game", Act::Start));
        }
        // Before the first game: the table's stickers, a set at a time, and a check of them.
        out.push(entry("Enrol a set of tags", Act::EnrolSets));
        out.push(entry("Check the tags", Act::CheckTags));
        if setup.journal_dir.is_some() {
            out.push(entry("Records", Act::Records));
        }
        out
    }

    fn cursor(&mut self) -> Option<&mut usize> {
        Some(&mut self.sel)
    }

    /// ROLL starts the game once two are seated; BACK has nowhere to go.
    fn press(&mut self, b: Button, p: Press, t: &mut Table) -> Option<Next<V>> {
        match (b, p) {
            (Button::Roll, Press::Press) if t.setup.players.len() >= 2 => {
                Some(self.act(Act::Start, t))
            }
            (Button::Back, Press::Press) => Some(Next::Stay),
            _ => None,
        }
    }

    /// A line of the new-game screen chosen: a game resumed or started, the ruleset, a house
    /// rule's value, the players and computer seats, the tags, the records, the settings.
    fn act(&mut self, act: Act, t: &mut Table) -> Next<V> {
        let setup = &mut t.setup;
        match act {
            Act::Resume(path) => {
                let done = t.resume_now(path);
                return then(t, done, Next::Flow(Flow::Show));
            }
            Act::Finished(path) => {
                let done = t.resume_now(path);
                return then(t, done, Next::Flow(Flow::Standings));
            }
            Act::Start => {
                let done = t.start_now();
                return then(t, done, Next::Flow(Flow::Show));
            }
            Act::EnrolSets | Act::CheckTags => {
                let sets = open_sets(t, act == Act::CheckTags);
                return sets.map_or(Next::Stay, |e| Next::Go(e.into()));
            }
            Act::Records => {
                let pages = super::records::open(&t.setup);
                return pages.map_or(Next::Stay, |p| Next::Flow(Flow::Pager(p)));
            }
            Act::NextRuleset => {
                if !setup.rulesets.is_empty() {
                    setup.ruleset = (setup.ruleset + 1) % setup.rulesets.len();
                }
                setup.load_house_rules();
            }
            Act::NextChoice(i) => {
                if let Some((h, c)) = setup.house.get_mut(i) {
                    *c = (*c + 1) % h.choices.len().max(1);
                }
            }
            Act::AddPlayer => {
                let name = setup.next_player_name();
                setup.players.push(name);
            }
            Act::RemovePlayer => {
                setup.players.pop();
                let n = setup.players.len();
                setup.computers.retain(|(seat, _)| *seat < n);
            }
            Act::AddComputer(level) => {
                // cpu1, cpu2, ...: the grid's own computer pieces' names, so a computer seat
                // reads the same in every game; one word, as every game wants, and no
                // player's (a name typed on the device has no digits).
                let name = (1..)
                    .map(|i| format!("cpu{i}"))
                    .find(|n| !setup.players.iter().any(|p| p.eq_ignore_ascii_case(n)))
                    .unwrap_or_default();
                setup.computers.push((setup.players.len(), level));
                setup.players.push(name);
            }
            Act::ComputerDeals => setup.computer_deals = !setup.computer_deals,
            other => {
                t.setting(&other);
            }
        }
        Next::Stay
    }

    /// A player's token tapped before a game adds its player.
    fn tap(&mut self, _uid: &Uid, kind: Option<&TagKind>, t: &mut Table) -> Option<Next<V>> {
        if t.game.is_some() {
            return None;
        }
        let kind = kind?;
        if let TagKind::Player { name } = kind {
            t.setup.join(name);
            // On a saved game's line the message describes that game: a token is a new
            // game's, so the cursor goes to the game's line, whose message names the players.
            let saved = |a: &Act| matches!(a, Act::Resume(_) | Act::Finished(_));
            let entries = <Self as Machine<V>>::entries(self, t);
            if entries.get(self.sel).is_some_and(|e| saved(&e.act)) {
                self.sel = entries.iter().position(|e| !saved(&e.act)).unwrap_or(0);
            }
        }
        Some(Next::Stay)
    }
}
