//! The new-game screen's choices (`Setup`): the ruleset chosen (any family's), its house
//! rules, the players and computer seats, the saved games and where new ones are journaled.

use std::path::PathBuf;

use super::houserules::HouseRule;
use super::kinds::Kind;

/// The choices of the new-game screen.
#[derive(Clone)]
pub struct Setup {
    /// The families this device plays (games.rs's catalogue, or a test's).
    pub games: Vec<&'static dyn Kind>,
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
    /// The saved games in `journal_dir`, at a glance (`list_saves`).
    pub saved: Vec<crate::saves::Listed>,
    /// The seats the device plays ("Add computer seat"), by seat, and how.
    pub computers: Vec<(usize, crate::computer::Level)>,
    /// Do the computer seats deal (the table may switch it off)?
    pub computer_deals: bool,
}

impl Setup {
    /// A new-game screen over this catalogue (games.rs's `Default` gives every family).
    pub fn with(games: Vec<&'static dyn Kind>) -> Self {
        Setup {
            games,
            rulesets: Vec::new(),
            ruleset: 0,
            players: Vec::new(),
            resume: None,
            journal_dir: None,
            journal: None,
            seed: 0,
            house: Vec::new(),
            options: Vec::new(),
            saved: Vec::new(),
            computers: Vec::new(),
            computer_deals: true,
        }
    }
}

impl std::fmt::Debug for Setup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Setup")
            .field("rulesets", &self.rulesets)
            .field("ruleset", &self.ruleset)
            .field("players", &self.players)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

impl Setup {
    /// The people named, in seat order: the players less the computer seats.
    pub fn people(&self) -> Vec<String> {
        let computer = |i: usize| self.computers.iter().any(|&(seat, _)| seat == i);
        let seats = self.players.iter().enumerate();
        seats
            .filter(|&(i, _)| !computer(i))
            .map(|(_, name)| name.clone())
            .collect()
    }

    /// The name "Add player" gives: P and the number of people seated with this one (computer
    /// seats are not counted: "P3" after P1, P2, cpu1 and cpu2), the next number where that
    /// name is taken.
    pub fn next_player_name(&self) -> String {
        (self.people().len() + 1..)
            .map(|n| format!("P{n}"))
            .find(|name| !self.players.iter().any(|p| p.eq_ignore_ascii_case(name)))
            .unwrap_or_default()
    }

    /// A player's token tapped (or enrolled) before a game seats them, once: whether it
    /// seated them now (names are one player whatever their case, as the tag map reads them).
    pub fn join(&mut self, name: &str) -> bool {
        let seated = self.players.iter().any(|p| p.eq_ignore_ascii_case(name));
        if !seated {
            self.players.push(name.to_string());
        }
        !seated
    }

    /// The ruleset file chosen.
    pub fn ruleset_path(&self) -> Option<&PathBuf> {
        self.rulesets.get(self.ruleset)
    }

    /// The family of the chosen ruleset.
    pub fn kind(&self) -> Result<&'static dyn Kind, String> {
        let path = self.ruleset_path().ok_or("no ruleset files found")?;
        super::kinds::for_ruleset(&self.games, path)
    }

    /// The most players the chosen game seats.
    pub fn most_players(&self) -> usize {
        self.kind().map_or(8, |k| k.facts().seats.1)
    }

    /// Load the chosen ruleset's house rules at their ruleset values; a ruleset that does not
    /// load has none (starting it reports the problem).
    pub fn load_house_rules(&mut self) {
        let rules = match (self.kind(), self.ruleset_path()) {
            (Ok(k), Some(p)) => k.house_rules(p).unwrap_or_default(),
            _ => Vec::new(),
        };
        self.house = rules
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

    /// The journal of the next new game: a file named on the command line serves the first
    /// game only (a later game started from this screen must not write into it); else one
    /// named by the seed in the save folder.
    /// List the saved games again (when the screen opens): each replayed once, not at every
    /// frame.
    pub fn list_saves(&mut self) {
        self.saved = match &self.journal_dir {
            Some(dir) => {
                let glance = super::kinds::glance(&self.games, &self.rulesets);
                crate::saves::listing(dir, 12, &glance)
            }
            None => Vec::new(),
        };
    }

    pub fn next_journal(&mut self) -> Option<PathBuf> {
        if let Some(j) = self.journal.take() {
            return Some(j);
        }
        self.journal_dir.as_ref().map(|d| {
            let _ = std::fs::create_dir_all(d);
            d.join(format!("game-{}.journal", self.seed))
        })
    }
}
