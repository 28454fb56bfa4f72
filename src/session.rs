//! A game at the table, for any game family: the one loop every front end runs. It turns
//! chance into data (the device's dice, the setup from the seed), passes commands to the
//! engine, journals each accepted one, and keeps the history for undo, replay and resume.
//! The shared verbs (`undo`, `state [--as PLAYER]`, `prompt`, `help`) are answered here; every
//! other line goes to the family's grammar.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::Path;

use crate::engine::game::StepOf;
use crate::engine::game::{Audience, Deal, Events, Family, Parsed, Said, Speech, Started, ToAct};
use crate::engine::panels::{Report, Step};
use crate::engine::RuleError;
use crate::journal::{Found, Header, JournalFile, Loaded, Record, Stamp, FORMAT};

/// The device's dice: a stream from the game's seed. Its position is part of the game: undo
/// and resume rebuild it from the commands in effect, so an undone roll comes back the same.
#[derive(Clone)]
pub struct DeviceDice {
    seed: u64,
    rng: StdRng,
}

impl DeviceDice {
    pub fn new(seed: u64) -> Self {
        DeviceDice {
            seed,
            rng: StdRng::seed_from_u64(seed ^ 0xd1ce_d1ce_d1ce_d1ce),
        }
    }
    /// One die of `faces` faces.
    pub fn die(&mut self, faces: u8) -> u8 {
        self.rng.random_range(1..=faces.max(1))
    }
    fn rewind<'a>(&mut self, used: impl Iterator<Item = &'a [u8]>) {
        *self = DeviceDice::new(self.seed);
        for faces in used {
            for &f in faces {
                self.die(f);
            }
        }
    }
}

/// What an accepted command did: its events, and each in words for its audience (told as the
/// rules applied it).
#[derive(Debug, Clone)]
pub struct Accepted<F: Family> {
    pub events: Vec<F::Event>,
    pub said: Vec<Said>,
}

impl<F: Family> Accepted<F> {
    /// The lines the whole table may read.
    pub fn public(&self) -> Vec<String> {
        Session::<F>::public(&self.said)
    }
}

/// One accepted command as kept in memory.
#[derive(Debug, Clone)]
pub struct Done<F: Family> {
    pub cmd: F::Command,
    /// The faces of each die the device rolled for it.
    pub device: Vec<u8>,
    pub events: Vec<F::Event>,
    /// When it was made (`journal::Stamp`; none where the game is not saved, or the journal
    /// did not keep it).
    pub stamp: Stamp,
}

pub struct Session<F: Family> {
    pub rules: F::Rules,
    pub header: Header<F>,
    pub state: F::State,
    genesis: F::State,
    /// The start's story (money handed out, deeds dealt, pieces placed).
    pub intro: Vec<F::Event>,
    /// Commands in effect (undone ones removed), oldest first.
    pub history: Vec<Done<F>>,
    dice: DeviceDice,
    file: Option<JournalFile>,
    /// Commands refused so far (the device sounds each refusal).
    pub refused: u64,
    /// The stamp of the journal's last record (a command or an undo): when the game was last
    /// saved, and how long it had been open by then.
    pub clock: Stamp,
}

/// A resumed game and the messages for the table; None when no game was saved yet.
pub type Resumed<F> = Option<(Session<F>, Vec<String>)>;

/// What one protocol line did.
pub enum Outcome {
    /// Nothing: a blank line or a comment.
    Nothing,
    /// A question answered; nothing changed.
    Shown(Vec<String>),
    /// A command carried out (or undone), with what it caused for each audience.
    Done(Vec<Said>),
    Refused(String),
}

impl<F: Family> Session<F> {
    /// A new game, journaled to `journal` when given (a file holding a game is refused).
    pub fn new(
        rules: F::Rules,
        players: &[String],
        seed: u64,
        options: F::Options,
        journal: Option<&Path>,
    ) -> Result<Session<F>, String> {
        let mut rng = StdRng::seed_from_u64(seed);
        let started =
            F::start(&rules, players, &options, Deal::Draw(&mut rng)).map_err(|e| e.to_string())?;
        Self::begin(rules, players, seed, options, started, journal)
    }

    /// A new game from a setup given rather than drawn from the seed (a table's own order of
    /// the decks; rule tests with unshuffled decks).
    pub fn with_setup(
        rules: F::Rules,
        players: &[String],
        seed: u64,
        options: F::Options,
        setup: F::Setup,
        journal: Option<&Path>,
    ) -> Result<Session<F>, String> {
        let started =
            F::start(&rules, players, &options, Deal::Saved(&setup)).map_err(|e| e.to_string())?;
        Self::begin(rules, players, seed, options, started, journal)
    }

    fn begin(
        rules: F::Rules,
        players: &[String],
        seed: u64,
        options: F::Options,
        started: Started<F>,
        journal: Option<&Path>,
    ) -> Result<Session<F>, String> {
        let Started {
            setup,
            state,
            intro,
        } = started;
        let header = Header {
            boardside_journal: FORMAT,
            game: F::GAME.to_string(),
            ruleset: F::about(&rules).id.to_string(),
            ruleset_hash: F::about(&rules).hash.to_string(),
            players: players.to_vec(),
            seed,
            options,
            setup,
            started: if journal.is_some() {
                crate::journal::unix_now()
            } else {
                0
            },
            computers: Vec::new(),
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
            refused: 0,
            clock: Stamp::default(),
        })
    }

    /// Resume from a journal: `Ok(None)` when the file holds no game yet (missing, empty, or
    /// cut off inside its header). Every record is checked against the rules before the game
    /// goes on; a refused resume leaves the file byte for byte as it was.
    pub fn resume(rules: F::Rules, path: &Path) -> Result<Resumed<F>, String> {
        let loaded = match JournalFile::read::<F>(path)? {
            Found::Nothing => return Ok(None),
            Found::Game(l) => l,
        };
        let mut session = Self::rebuild(rules, &loaded)?;
        let mut messages = Vec::new();
        // The table's log (on the device and every phone) names the file, not the folders it
        // sits in; the service's own log has the whole path.
        let file = path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into(),
        );
        tracing::info!("resuming {}", path.display());
        if let Some((line, _)) = loaded.torn {
            messages.push(format!(
                "{file}:{line}: the last record was cut off (power lost while saving?); it is \
                 dropped, everything before it is kept"
            ));
        }
        session.file = Some(JournalFile::continue_after(&loaded)?);
        messages.push(format!(
            "resumed {} from {file}: {} commands in effect",
            F::about(&session.rules).name,
            session.history.len()
        ));
        Ok(Some((session, messages)))
    }

    /// The game a journal holds, replayed to see where it stands, the file left as it is and
    /// not opened for writing (a listing of saved games).
    pub fn glance(rules: F::Rules, path: &Path) -> Result<Option<Session<F>>, String> {
        match JournalFile::read::<F>(path)? {
            Found::Nothing => Ok(None),
            Found::Game(l) => Self::rebuild(rules, &l).map(Some),
        }
    }

    /// The game a journal describes, every record decided again by the rules and compared with
    /// what was recorded: no content of a file can panic or silently give another game.
    fn rebuild(rules: F::Rules, loaded: &Loaded<F>) -> Result<Session<F>, String> {
        let shown = loaded.path.display();
        let h = &loaded.header;
        // A format 1 journal names no family: the caller chose the one those were.
        if !h.game.is_empty() && h.game != F::GAME {
            return Err(format!(
                "{shown}:1: this journal is a '{}' game, not a '{}' game",
                h.game,
                F::GAME
            ));
        }
        if h.ruleset != F::about(&rules).id || !F::about(&rules).plays(&h.ruleset_hash) {
            return Err(format!(
                "{shown}: this game was started with ruleset '{}' (content {}), but the ruleset \
                 given is '{}' (content {}): the ruleset changed since, so the game cannot be \
                 replayed with it",
                h.ruleset,
                h.ruleset_hash,
                F::about(&rules).id,
                F::about(&rules).hash
            ));
        }
        let Started {
            state: genesis,
            intro,
            ..
        } = F::start(&rules, &h.players, &h.options, Deal::Saved(&h.setup))
            .map_err(|e| format!("{shown}:1: {e}"))?;
        let mut s = Session {
            rules,
            header: h.clone(),
            state: genesis.clone(),
            genesis,
            intro,
            history: Vec::new(),
            dice: DeviceDice::new(h.seed),
            file: None,
            refused: 0,
            clock: loaded.last_stamp().unwrap_or_default(),
        };
        for (i, (line, record)) in loaded.records.iter().enumerate() {
            let stamp = loaded.stamps.get(i).copied().unwrap_or_default();
            let at = |what: String| format!("{shown}:{line}: {what}");
            match record {
                Record::Command { cmd, events, .. } => {
                    let device = record.device_faces();
                    // What the command rolls, asked before it is carried out.
                    let rolls = F::set_chance(cmd, None)
                        .and_then(|typed| F::chance(&s.rules, &s.state, &typed));
                    // A command read from a file may name what is not in the game: the rules
                    // refuse it, and it is shown as recorded (its words could not be looked up).
                    let decided = crate::engine::game::execute::<F>(&s.rules, &mut s.state, cmd)
                        .map_err(|e| {
                            at(format!(
                                "the recorded command {cmd:?} is refused by the rules ({e}): the \
                             journal does not match this game"
                            ))
                        })?;
                    // The device's dice recorded are the dice this command rolls, or the
                    // stream would go on from the wrong place after it.
                    if !device.is_empty() && rolls.as_ref().map(|c| &c.dice) != Some(&device) {
                        return Err(at(format!(
                            "the record says the device rolled dice of {device:?} faces for `{}`, \
                             which rolls {}: the journal was changed or damaged, and was \
                             left untouched",
                            F::format_command(&s.rules, &s.state, cmd),
                            rolls.map_or("no dice".into(), |c| format!("{:?}", c.dice))
                        )));
                    }
                    if !crate::engine::game::same_result::<F>(events, &decided) {
                        return Err(at(format!(
                            "the recorded result of `{}` is not what the rules give: the \
                             journal was changed or damaged, and was left untouched",
                            F::format_command(&s.rules, &s.genesis, cmd)
                        )));
                    }
                    for &f in &device {
                        s.dice.die(f);
                    }
                    s.history.push(Done {
                        cmd: cmd.clone(),
                        device,
                        events: decided,
                        stamp,
                    });
                }
                Record::Undo => {
                    if s.history.pop().is_none() {
                        return Err(at("an undo with nothing to undo".into()));
                    }
                    s.state = s.replay();
                    s.rewind_dice();
                }
            }
        }
        Ok(s)
    }

    fn rewind_dice(&mut self) {
        let used: Vec<&[u8]> = self.history.iter().map(|d| d.device.as_slice()).collect();
        self.dice.rewind(used.into_iter());
    }

    /// Carry out an engine command: device dice filled in, the result journaled, each event
    /// told in words as the rules apply it. On any refusal (the rules, or the journal cannot
    /// be written) nothing has changed. No copy of the state is made: a refusal by the rules
    /// leaves it untouched, and the rare failed write replays the commands in effect.
    pub fn command(&mut self, cmd: F::Command) -> Result<Accepted<F>, RuleError> {
        // Roll on a copy of the stream: a refused command uses up no dice.
        let mut dice = self.dice.clone();
        let mut device = Vec::new();
        let cmd = match F::chance(&self.rules, &self.state, &cmd) {
            Some(chance) => {
                let faces: Vec<u8> = chance.dice.iter().map(|&f| dice.die(f)).collect();
                device = chance.dice;
                F::set_chance(&cmd, Some(&faces)).unwrap_or(cmd)
            }
            None => cmd,
        };
        let mut out = Events::told();
        F::execute_into(&self.rules, &mut self.state, &cmd, &mut out).inspect_err(|_| {
            self.refused += 1;
        })?;
        let said = out.told.unwrap_or_default();
        let mut done = Done {
            cmd,
            device,
            events: out.list,
            stamp: Stamp::default(),
        };
        if let Some(file) = self.file.as_mut() {
            match file.append_command::<F>(&done.cmd, &done.device, &done.events) {
                Ok(stamp) => {
                    done.stamp = stamp;
                    self.clock = stamp;
                }
                Err(e) => {
                    self.state = self.replay();
                    self.refused += 1;
                    return Err(RuleError::new(e));
                }
            }
        }
        self.dice = dice;
        let events = done.events.clone();
        self.history.push(done);
        Ok(Accepted { events, said })
    }

    /// Take back the last command in effect: the state is replayed without it, and the
    /// device's dice stream goes back with it. Returns the command undone.
    pub fn undo(&mut self) -> Result<F::Command, String> {
        let Some(last) = self.history.last().cloned() else {
            return Err("nothing to undo".into());
        };
        if let Some(file) = self.file.as_mut() {
            self.clock = file.append_undo::<F>()?;
        }
        self.history.pop();
        self.state = self.replay();
        self.rewind_dice();
        Ok(last.cmd)
    }

    /// The state rebuilt from the start and the events of every command in effect.
    pub fn replay(&self) -> F::State {
        let mut s = self.genesis.clone();
        for d in &self.history {
            for e in &d.events {
                F::apply(&self.rules, &mut s, e);
            }
        }
        s
    }

    /// Events as the table's lines: what is meant for one player is left out.
    pub fn public(said: &[Said]) -> Vec<String> {
        said.iter()
            .filter(|l| l.audience == Audience::Table && l.written())
            .map(|l| l.text.clone())
            .collect()
    }

    /// The start's story as lines (starting money, deeds dealt, who rolls first).
    /// The file the game is saved in, if it is saved.
    pub fn journal_path(&self) -> Option<&Path> {
        self.file.as_ref().map(|f| f.path())
    }

    /// The state the game started from (before any command).
    pub fn genesis(&self) -> &F::State {
        &self.genesis
    }

    pub fn intro_lines(&self) -> Vec<String> {
        // The intro's events are already in the starting state; narrate them against it.
        self.intro
            .iter()
            .filter_map(|e| F::narrate(&self.rules, &self.genesis, e))
            .filter(|l| l.audience == Audience::Table && l.written())
            .map(|l| l.text)
            .collect()
    }

    /// The whole game so far as the table's lines: the start, then every command in effect,
    /// each event narrated against the state as it was (a resumed game's log).
    pub fn story(&self) -> Vec<String> {
        let mut out = self.intro_lines();
        let mut s = self.genesis.clone();
        for d in &self.history {
            for e in &d.events {
                F::apply(&self.rules, &mut s, e);
                if let Some(l) = F::narrate(&self.rules, &s, e)
                    .filter(|l| l.audience == Audience::Table && l.written())
                {
                    out.push(l.text);
                }
            }
        }
        out
    }

    /// By seat, the last command after which its standing was above nothing: players out of
    /// the game (bankrupt, eliminated) finish in the order they went out, on the final
    /// standings and in the records alike.
    pub fn lasted(&self) -> Vec<usize> {
        let rules = &self.rules;
        let mut state = self.genesis().clone();
        let mut last = vec![0; self.header.players.len()];
        for (i, d) in self.history.iter().enumerate() {
            for e in &d.events {
                F::apply(rules, &mut state, e);
            }
            let standing = F::standing(rules, &state);
            for (seat, l) in last.iter_mut().enumerate() {
                if standing
                    .scores
                    .get(standing.side(seat))
                    .is_some_and(|&v| v > 0)
                {
                    *l = i + 1;
                }
            }
        }
        last
    }

    /// The game replayed from its start, command by command (the report's input).
    pub fn steps(&self) -> Vec<StepOf<F>> {
        let mut state = self.genesis().clone();
        let mut out = vec![Step {
            events: self.intro.clone(),
            after: state.clone(),
        }];
        for done in &self.history {
            for e in &done.events {
                F::apply(&self.rules, &mut state, e);
            }
            out.push(Step {
                events: done.events.clone(),
                after: state.clone(),
            });
        }
        out
    }

    /// This game's report, from the family's panels.
    pub fn report(&self) -> Report {
        let mut r = F::report(&self.rules, &self.header.players, &self.steps());
        if r.title.is_empty() {
            r.title = format!(
                "{}: {}",
                F::about(&self.rules).name,
                self.header.players.join(", ")
            );
        }
        r
    }

    /// A player's name changed (typed on their phone as it paired): the game begun again
    /// from its setup under the new names and every command in effect carried out again, so
    /// the state, its words and the journal all say the new name; the journal is written
    /// afresh and put in place whole (commands undone are not carried over). Refused, with
    /// nothing changed, for a name the game does not take.
    pub fn rename(&mut self, seat: usize, name: &str) -> Result<(), String> {
        let mut players = self.header.players.clone();
        if seat >= players.len() {
            return Err(format!("there is no seat {}", seat + 1));
        }
        if players[seat] == name {
            return Ok(());
        }
        if players
            .iter()
            .enumerate()
            .any(|(i, p)| i != seat && p.eq_ignore_ascii_case(name))
        {
            return Err(format!("{name} is already at the table"));
        }
        players[seat] = name.to_string();
        let opts = &self.header.options;
        let Started {
            state: genesis,
            intro,
            ..
        } = F::start(&self.rules, &players, opts, Deal::Saved(&self.header.setup))
            .map_err(|e| e.to_string())?;
        let mut state = genesis.clone();
        let mut history = Vec::with_capacity(self.history.len());
        for d in &self.history {
            let events = crate::engine::game::execute::<F>(&self.rules, &mut state, &d.cmd)
                .map_err(|e| format!("the game would not play the same under {name}: {e}"))?;
            history.push(Done {
                cmd: d.cmd.clone(),
                device: d.device.clone(),
                events,
                stamp: d.stamp,
            });
        }
        let mut header = self.header.clone();
        header.players = players;
        header.boardside_journal = FORMAT;
        self.rewrite_journal(&header, &history)?;
        self.header = header;
        self.genesis = genesis;
        self.intro = intro;
        self.state = state;
        self.history = history;
        Ok(())
    }

    /// The seats the device plays, kept in the journal's header (written afresh and put in
    /// place whole, as a rename is), so a resumed game goes on with them.
    pub fn set_computers(
        &mut self,
        seats: Vec<crate::computer::ComputerSeat>,
    ) -> Result<(), String> {
        if let Some(bad) = seats.iter().find(|c| c.seat >= self.header.players.len()) {
            return Err(format!("there is no seat {}", bad.seat + 1));
        }
        let mut header = self.header.clone();
        header.computers = seats;
        header.boardside_journal = FORMAT;
        self.rewrite_journal(&header, &self.history.clone())?;
        self.header = header;
        Ok(())
    }

    /// The journal written afresh under `header` with these commands (each keeping when it
    /// was made) and put in place whole; the game's time goes on from where it was.
    fn rewrite_journal(&mut self, header: &Header<F>, history: &[Done<F>]) -> Result<(), String> {
        if let Some(old) = &self.file {
            let commands = history
                .iter()
                .map(|d| (&d.cmd, d.device.as_slice(), d.events.as_slice(), d.stamp));
            self.file = Some(JournalFile::rewrite::<F>(
                old.path(),
                header,
                commands,
                old.now(),
            )?);
        }
        Ok(())
    }

    /// The seat of the player so named (any case).
    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.header
            .players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
    }

    /// How long the game has been open, in milliseconds: its time runs only while it is
    /// open (a time-limit game's clock), never while the box is closed. 0 for a game not saved.
    pub fn played_ms(&self) -> u64 {
        self.file.as_ref().map_or(0, |f| f.now().open_ms)
    }

    pub fn prompt(&self) -> String {
        F::prompt(&self.rules, &self.state)
    }

    /// Would the rules carry `cmd` out now? Decided on a copy, the game untouched: a deal is
    /// agreed (from a phone or by a token) only when it would be, else the rule's words.
    pub fn carried_out_now(&self, cmd: &F::Command) -> Result<(), String> {
        crate::engine::game::execute::<F>(&self.rules, &mut self.state.clone(), cmd)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// May `actor` make `cmd` now (`engine::authority::may`, the one rule every input path
    /// asks)? `yes`: the seats that have said yes to it themselves (a deal's sides).
    pub fn may(
        &self,
        actor: crate::engine::authority::Actor,
        cmd: &F::Command,
        yes: &[usize],
    ) -> Result<(), String> {
        let computers: Vec<usize> = self.header.computers.iter().map(|c| c.seat).collect();
        let seats = crate::engine::authority::Seats {
            names: &self.header.players,
            computers: &computers,
            yes,
        };
        crate::engine::authority::may::<F>(&self.rules, &self.state, seats, actor, cmd)
    }

    pub fn to_act(&self) -> ToAct {
        F::to_act(&self.rules, &self.state)
    }

    /// A copy of the game with another state, writing no journal: for asking what a screen
    /// would show, never for play.
    pub fn what_if(&self, state: F::State) -> Session<F> {
        Session {
            rules: self.rules.clone(),
            header: self.header.clone(),
            state,
            genesis: self.genesis.clone(),
            intro: self.intro.clone(),
            history: self.history.clone(),
            dice: self.dice.clone(),
            file: None,
            refused: self.refused,
            clock: self.clock,
        }
    }

    pub fn over(&self) -> bool {
        matches!(self.to_act(), ToAct::Over { .. })
    }

    /// Carry out one protocol line.
    pub fn line(&mut self, line: &str) -> Outcome {
        let text = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(verb) = words.first() else {
            return Outcome::Nothing;
        };
        match verb.to_ascii_lowercase().as_str() {
            "undo" if words.len() == 1 => {
                // Named against the state it was carried out to, before it goes.
                let what = self
                    .history
                    .last()
                    .map(|d| F::public_command(&self.rules, &self.state, &d.cmd));
                match self.undo() {
                    Ok(_) => Outcome::Done(vec![Said::public(format!(
                        "undone: {}",
                        what.unwrap_or_default()
                    ))]),
                    Err(e) => Outcome::Refused(e),
                }
            }
            "state" => match words[1..] {
                [] => Outcome::Shown(vec![self.state_json(Audience::Table)]),
                ["--as", who] => match self.player_index(who) {
                    Some(p) => Outcome::Shown(vec![self.state_json(Audience::Player(p))]),
                    None => Outcome::Refused(format!("unknown player '{who}'")),
                },
                _ => Outcome::Refused("`state` or `state --as PLAYER`".into()),
            },
            "prompt" => Outcome::Shown(vec![self.prompt()]),
            "help" => Outcome::Shown(vec![format!(
                "commands: {} | undo | state [--as PLAYER] | prompt | help",
                F::VERBS
            )]),
            _ => match F::parse(&self.rules, &self.state, text) {
                Err(e) => Outcome::Refused(e),
                Ok(Parsed::Show(lines)) => Outcome::Shown(lines),
                Ok(Parsed::Command(cmd)) => match self.command(cmd) {
                    Ok(done) => Outcome::Done(done.said),
                    Err(e) => Outcome::Refused(e.to_string()),
                },
            },
        }
    }

    fn state_json(&self, viewer: Audience) -> String {
        F::state_json(&self.rules, &self.state, viewer).to_string()
    }

    /// Run one protocol line; the table's lines to print (events, `error: ...`, answers).
    pub fn run_line(&mut self, line: &str) -> Vec<String> {
        self.run_spoken(line).0
    }

    /// `run_line`, and what the table would hear of it (public lines only).
    pub fn run_spoken(&mut self, line: &str) -> (Vec<String>, Vec<Speech>) {
        match self.line(line) {
            Outcome::Nothing => (vec![], vec![]),
            Outcome::Shown(lines) => (lines, vec![]),
            Outcome::Done(said) => (
                Self::public(&said),
                said.iter().filter_map(|l| l.spoken().cloned()).collect(),
            ),
            Outcome::Refused(e) => (vec![format!("error: {e}")], vec![]),
        }
    }
}
