//! A game at the table: the one loop every front end runs. It turns chance into data (device
//! dice, shuffles from the seed), passes commands to the engine, journals each accepted one,
//! and keeps the effective history for undo, replay and resume.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::path::Path;

use crate::engine::dice::Dice;
use crate::engine::property::{
    self, apply, narrate, Command, Event, Options, Ruleset, Setup, State,
};
use crate::engine::RuleError;
use crate::journal::{Header, JournalFile, Record, FORMAT};
use crate::protocol::{self, Line};

/// The device's dice: a generator seeded from the game's seed, apart from the setup's.
pub struct DeviceDice {
    rng: StdRng,
}

impl DeviceDice {
    pub fn new(seed: u64) -> Self {
        DeviceDice {
            rng: StdRng::seed_from_u64(seed ^ 0xd1ce_d1ce_d1ce_d1ce),
        }
    }
    pub fn roll(&mut self) -> Dice {
        Dice(self.rng.random_range(1..=6), self.rng.random_range(1..=6))
    }
}

/// Shuffle the decks and the deeds from the seed.
pub fn make_setup(rules: &Ruleset, seed: u64) -> Setup {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut setup = Setup::unshuffled(rules);
    for order in setup.deck_orders.iter_mut() {
        order.shuffle(&mut rng);
    }
    setup.deeds.shuffle(&mut rng);
    setup
}

/// One accepted command as kept in memory.
#[derive(Debug, Clone)]
pub struct Done {
    pub cmd: Command,
    pub events: Vec<Event>,
}

pub struct Session {
    pub rules: Ruleset,
    pub header: Header,
    pub state: State,
    genesis: State,
    /// The start's story (money handed out, deeds dealt).
    pub intro: Vec<Event>,
    /// Commands in effect (undone ones removed), oldest first.
    pub history: Vec<Done>,
    dice: DeviceDice,
    file: Option<JournalFile>,
}

impl Session {
    /// A new game, journaled to `journal` when given (the file must not exist yet).
    pub fn new(
        rules: Ruleset,
        players: &[String],
        seed: u64,
        options: Options,
        journal: Option<&Path>,
    ) -> Result<Session, String> {
        let setup = make_setup(&rules, seed);
        let (state, intro) =
            property::new_game(&rules, players, &options, &setup).map_err(|e| e.to_string())?;
        let header = Header {
            boardside_journal: FORMAT,
            ruleset: rules.id.clone(),
            ruleset_hash: rules.hash.clone(),
            players: players.to_vec(),
            seed,
            options,
            setup,
        };
        let file = match journal {
            Some(p) => Some(JournalFile::create(p, &header)?),
            None => None,
        };
        Ok(Session {
            rules,
            header,
            genesis: state.clone(),
            state,
            intro,
            history: Vec::new(),
            dice: DeviceDice::new(seed),
            file,
        })
    }

    /// Resume from a journal. Returns the session and messages for the table.
    pub fn resume(rules: Ruleset, path: &Path) -> Result<(Session, Vec<String>), String> {
        let loaded = JournalFile::open(path)?;
        let h = &loaded.header;
        if h.ruleset != rules.id || h.ruleset_hash != rules.hash {
            return Err(format!(
                "{}: this game was started with ruleset '{}' (content {}), but the ruleset given \
                 is '{}' (content {}): the ruleset changed since, so the game cannot be \
                 replayed with it",
                path.display(),
                h.ruleset,
                h.ruleset_hash,
                rules.id,
                rules.hash
            ));
        }
        let (genesis, intro) = property::new_game(&rules, &h.players, &h.options, &h.setup)
            .map_err(|e| format!("{}:1: {e}", path.display()))?;
        let mut dice = DeviceDice::new(h.seed);
        let mut history: Vec<Done> = Vec::new();
        for r in &loaded.records {
            match r {
                Record::Command {
                    cmd,
                    device_roll,
                    events,
                } => {
                    if *device_roll {
                        dice.roll();
                    }
                    history.push(Done {
                        cmd: cmd.clone(),
                        events: events.clone(),
                    });
                }
                Record::Undo => {
                    history.pop();
                }
            }
        }
        let mut state = genesis.clone();
        for d in &history {
            for e in &d.events {
                apply(&mut state, e);
            }
        }
        let mut messages = loaded.warnings;
        messages.push(format!(
            "resumed {} from {}: {} commands in effect",
            rules.name,
            path.display(),
            history.len()
        ));
        Ok((
            Session {
                rules,
                header: loaded.header,
                genesis,
                state,
                intro,
                history,
                dice,
                file: Some(loaded.file),
            },
            messages,
        ))
    }

    /// Carry out an engine command: device dice filled in, the result journaled.
    pub fn command(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        let (cmd, device_roll) = match cmd {
            Command::Roll { dice: None } => {
                // Validate before using up a roll of the device's dice.
                let probe = Command::Roll {
                    dice: Some(Dice(1, 2)),
                };
                property::execute(&self.rules, &mut self.state.clone(), &probe)?;
                (
                    Command::Roll {
                        dice: Some(self.dice.roll()),
                    },
                    true,
                )
            }
            other => (other, false),
        };
        let before = self.file.as_ref().map(|_| self.state.clone());
        let events = property::execute(&self.rules, &mut self.state, &cmd)?;
        if let Some(file) = self.file.as_mut() {
            let record = Record::Command {
                cmd: cmd.clone(),
                device_roll,
                events: events.clone(),
            };
            if let Err(e) = file.append(&record) {
                self.state = before.expect("kept when journaling");
                return Err(RuleError::new(e));
            }
        }
        self.history.push(Done {
            cmd,
            events: events.clone(),
        });
        Ok(events)
    }

    /// Take back the last command in effect: the state is replayed without it, so dice and
    /// deck order come back exactly. Returns the command undone.
    pub fn undo(&mut self) -> Result<Command, String> {
        let Some(last) = self.history.last().cloned() else {
            return Err("nothing to undo".into());
        };
        if let Some(file) = self.file.as_mut() {
            file.append(&Record::Undo)?;
        }
        self.history.pop();
        self.state = self.replay();
        Ok(last.cmd)
    }

    /// The state rebuilt from the start and the events of every command in effect.
    pub fn replay(&self) -> State {
        let mut s = self.genesis.clone();
        for d in &self.history {
            for e in &d.events {
                apply(&mut s, e);
            }
        }
        s
    }

    /// Narrate events, each against the state as it was when it happened.
    pub fn narrate(&self, before: &State, events: &[Event]) -> Vec<String> {
        let mut s = before.clone();
        let mut out = Vec::new();
        for e in events {
            apply(&mut s, e);
            if let Some(line) = narrate::event(&self.rules, &s, e) {
                out.push(line);
            }
        }
        out
    }

    /// The start's story as lines (starting money, deeds dealt, who rolls first).
    pub fn intro_lines(&self) -> Vec<String> {
        self.intro
            .iter()
            .filter_map(|e| narrate::event(&self.rules, &self.genesis, e))
            .collect()
    }

    /// Run one protocol line; the lines to print (events, `error: ...`, or the state).
    pub fn run_line(&mut self, line: &str) -> Vec<String> {
        let parsed = protocol::parse(&self.rules, &self.state, line);
        match parsed {
            Err(e) => vec![format!("error: {e}")],
            Ok(Line::Blank) => vec![],
            Ok(Line::State) => vec![protocol::state_json(&self.rules, &self.state).to_string()],
            Ok(Line::Prompt) => vec![property::prompt(&self.rules, &self.state).text],
            Ok(Line::Help) => vec![format!("commands: {}", protocol::VERBS)],
            Ok(Line::Plan) => match property::autoresolve::plan(&self.rules, &self.state) {
                Ok(steps) if steps.is_empty() => vec!["plan: nothing to sell: `pay`".into()],
                Ok(steps) => vec![format!(
                    "plan: {}, then pay (`resolve` does it all)",
                    steps
                        .iter()
                        .map(|c| protocol::format_command(&self.rules, &self.state, c))
                        .collect::<Vec<_>>()
                        .join(", ")
                )],
                Err(e) => vec![format!("error: {e}")],
            },
            Ok(Line::Undo) => {
                let before = self.state.clone();
                match self.undo() {
                    Ok(cmd) => vec![format!(
                        "undone: {}",
                        protocol::format_command(&self.rules, &before, &cmd)
                    )],
                    Err(e) => vec![format!("error: {e}")],
                }
            }
            Ok(Line::Command(cmd)) => {
                let before = self.state.clone();
                match self.command(cmd) {
                    Ok(events) => self.narrate(&before, &events),
                    Err(e) => vec![format!("error: {e}")],
                }
            }
        }
    }
}
