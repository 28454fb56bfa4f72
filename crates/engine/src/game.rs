//! The game API every game family implements: rules and options from a ruleset, a game created
//! from setup data, commands carried out all-or-nothing into events, who must act now, the
//! legal commands, invariants, and the family's own text (grammar, narration, state JSON).
//! Session, journal, simulate, the CLI and the conformance tests are written once against it.

use rand::rngs::StdRng;

/// A command with its dice rolled by `rng` when it needs some (a random player's, a computer
/// seat's playout).
pub fn rolled<F: Game>(
    rules: &F::Rules,
    state: &F::State,
    cmd: &F::Command,
    rng: &mut PlayRng,
) -> F::Command {
    match F::chance(rules, state, cmd) {
        Some(ch) => {
            let faces: Vec<u8> = ch
                .dice
                .iter()
                .map(|&f| 1 + below(rng, f.into()) as u8)
                .collect();
            F::set_chance(cmd, Some(&faces)).unwrap_or_else(|| cmd.clone())
        }
        None => cmd.clone(),
    }
}

/// The random players' generator (simulate, the conformance suite): xoshiro256++, a small,
/// fast generator whose output for a seed is fixed by its published algorithm on every
/// platform. Setups and the table's own dice keep `StdRng`, so saved games replay as before.
pub type PlayRng = rand_xoshiro::Xoshiro256PlusPlus;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::fmt::Debug;

use super::panels::{Feat, Report, Step};
use super::RuleError;

/// Who may see a line of narration or a view of the state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// The shared screen, the public log, plain `state`.
    Table,
    /// One player's private view (`state --as PLAYER`, a private menu).
    Player(usize),
}

/// One line of narration, who may read it, and what of it a table that listens hears.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub audience: Audience,
    pub text: String,
    /// Its short spoken form, when it is worth saying aloud (only a line for the whole table
    /// is ever spoken).
    pub speech: Option<Speech>,
}

impl Said {
    pub fn public(text: impl Into<String>) -> Said {
        Said {
            audience: Audience::Table,
            text: text.into(),
            speech: None,
        }
    }

    /// The same line, with the words the voice says for it.
    pub fn aloud(mut self, speech: Option<Speech>) -> Said {
        self.speech = speech;
        self
    }

    /// An event's line and its spoken form, either of which may be missing (a turn's
    /// bookkeeping has no line but may be worth saying); None when it has neither. A line
    /// that is only spoken has no text, and the log and the screen leave it out.
    pub fn of(line: Option<Said>, speech: Option<Speech>) -> Option<Said> {
        match (line, speech) {
            (Some(l), sp) => Some(l.aloud(sp)),
            (None, Some(sp)) => Some(Said::public(String::new()).aloud(Some(sp))),
            (None, None) => None,
        }
    }

    /// Is this a line to read (not one only spoken)?
    pub fn written(&self) -> bool {
        !self.text.is_empty()
    }

    /// What is said aloud: a public line's speech, never a private one's.
    pub fn spoken(&self) -> Option<&Speech> {
        match self.audience {
            Audience::Table => self.speech.as_ref(),
            Audience::Player(_) => None,
        }
    }
}

/// A few words for the voice: what matters, never the arithmetic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Speech {
    pub text: String,
    pub weight: Weight,
    /// What the words are about ("rent", "attack"): a newer line on the same topic replaces
    /// one not yet said, so the table hears the latest state of a thing.
    pub topic: &'static str,
}

impl Speech {
    pub fn new(weight: Weight, topic: &'static str, text: impl Into<String>) -> Speech {
        Speech {
            text: text.into(),
            weight,
            topic,
        }
    }
}

/// How much a spoken line matters when the table is faster than the voice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Weight {
    /// Dropped first.
    Low,
    Normal,
    /// A winner, a bankruptcy, a conversion: said even in a burst.
    High,
    /// A new turn: what is still waiting about the old one is dropped, and the line being
    /// said is cut short.
    Turn,
}

/// Whose a command is, as a family says it (`Play::whose`; `authority::may` holds it against who made the input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Whose {
    /// Nobody's own: the table's (a card the table reports drawn, a correction, closing an
    /// auction, the dice rolled by hand).
    Table,
    /// One seat's own choice: its move, its money spent, its things given away.
    Seat {
        seat: usize,
        /// The game waits on this seat now in its own moment (its turn, its bid while an
        /// auction goes round, its debt): the table's buttons may make it for a person at
        /// that seat. False where the seat is not the one the game is at (its money spent
        /// in another player's attack, its squares managed in another player's turn): then
        /// only its token, its phone or its own computer seat may.
        table_may: bool,
    },
    /// A deal: each of these seats gives something and must say yes itself.
    Deal(Vec<usize>),
    /// A card drawn from a physical deck, reported by the table or by the person who drew it
    /// in their own turn (its token or phone: the card is turned over before the table);
    /// never by a computer seat, which sees no card (the table reports it for it).
    Report { seat: usize },
}

impl Whose {
    /// The seat whose own free choice it is (a computer seat chooses among these).
    pub fn seat(&self) -> Option<usize> {
        match self {
            Whose::Seat { seat, .. } => Some(*seat),
            _ => None,
        }
    }
}

/// Randomness a command needs from the device when the table did not give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chance {
    /// The faces of each die to roll, in order (`[6, 6]` for two d6, `[20, 20]` for 2d20).
    pub dice: Vec<u8>,
}

/// Who must act now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToAct {
    /// One player decides.
    One(usize),
    /// Several players at once, each owing a (possibly sealed) choice.
    Several(Vec<usize>),
    /// A roll is due, made by this player: the device rolls or the table enters the dice.
    Chance { player: usize, chance: Chance },
    /// The game is over; these players won (several on a tie or a team win).
    Over { winners: Vec<usize> },
}

/// A parsed line of a family's grammar.
#[derive(Debug, Clone, PartialEq)]
pub enum Parsed<C> {
    /// A command that may change the state.
    Command(C),
    /// A question answered from the state, changing nothing (its lines).
    Show(Vec<String>),
}

/// A moment's standings: a score per side and the seats out of the game; the sides, where
/// they are not the seats; and each side's chance, where the scores do not tell it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Standing {
    pub scores: Vec<i64>,
    pub out: usize,
    /// The sides that have won, when the sides are not the seats `to_act` names (the grid
    /// game's teams): None where `to_act` says it.
    pub won: Option<Vec<usize>>,
    /// The side each seat plays for now (the grid game's team; a conversion changes it):
    /// empty where each seat is its own side.
    pub side_of: Vec<usize>,
    /// The sides' names where they are not the seats (the grid game's teams): what the odds
    /// are given for. None: the players.
    pub teams: Option<&'static [&'static str]>,
    /// Each side's chance of winning judged from the position alone, for a computer seat's
    /// look ahead stopped before the end, where the scores do not tell who is winning
    /// (scientopoly's race to a target status, which net worth does not foretell); None
    /// judges by the shares of the scores.
    pub judged: Option<Vec<f64>>,
}

impl Standing {
    /// The side seat `seat` plays for.
    pub fn side(&self, seat: usize) -> usize {
        self.side_of.get(seat).copied().unwrap_or(seat)
    }

    /// The sides' names: the teams, or the players (as many as the scores).
    pub fn names(&self, players: &[String]) -> Vec<String> {
        match self.teams {
            Some(t) => t.iter().map(|n| n.to_string()).collect(),
            None => (0..self.scores.len())
                .map(|i| {
                    players
                        .get(i)
                        .cloned()
                        .unwrap_or_else(|| format!("seat {}", i + 1))
                })
                .collect(),
        }
    }

    /// The seat with the highest score, when one seat has it alone.
    pub fn leader(&self) -> Option<usize> {
        let best = *self.scores.iter().max()?;
        let mut at = self.scores.iter().enumerate().filter(|(_, &s)| s == best);
        let (seat, _) = at.next()?;
        at.next().is_none().then_some(seat)
    }
}

/// A command's events as it is carried out, and, when the caller asked for them, the table's
/// words for each (`Words::narrate` against the state just after the event, said by
/// `engine::table::Table::emit` as the event is applied, never by applying it again).
#[derive(Debug, Clone, PartialEq)]
pub struct Events<E> {
    pub list: Vec<E>,
    /// `Some` when the caller wants the narration (the table); `None` in random play. Only
    /// `Events::told` makes it `Some`, and with `kept` true: told events are listed.
    pub told: Option<Vec<Said>>,
    /// Whether the events are listed at all. Every event is applied as it is made either
    /// way; random play, which reads its figures from the state (`Play::turns`,
    /// `Play::figures`), sets this false and skips writing each event out.
    pub kept: bool,
}

impl<E> Default for Events<E> {
    fn default() -> Self {
        Events {
            list: Vec::new(),
            told: None,
            kept: true,
        }
    }
}

impl<E> Events<E> {
    /// An empty list whose events will be told in words.
    pub fn told() -> Self {
        Events {
            list: Vec::new(),
            told: Some(Vec::new()),
            kept: true,
        }
    }
    /// Empty it for the next command, keeping its buffers (and whether it tells). Inlined
    /// where each command starts: as a call of its own it was 1.3% of the grid's random play.
    #[inline]
    pub fn clear(&mut self) {
        self.list.clear();
        if let Some(t) = self.told.as_mut() {
            t.clear();
        }
    }
}

/// What names a ruleset: its id (`sectionopoly`), its name for the table, a hash of the
/// file's content (a journal resumes only with the same rules) and one line of what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct About<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub hash: &'a str,
    /// Earlier contents' hashes whose saved games these rules play the same (a change of
    /// words alone): their journals resume too.
    pub continues: &'a [String],
    /// One line for `boardside check`: what the ruleset file holds.
    pub summary: String,
    /// The printed board, which never changes in a game (the web view draws it once): the
    /// property games' ring of squares, the grid's size. Null for a game without one.
    pub board: Value,
}

impl About<'_> {
    /// May a journal recorded with the ruleset content `hash` resume with these rules?
    pub fn plays(&self, hash: &str) -> bool {
        self.hash == hash || self.continues.iter().any(|h| h == hash)
    }
}

/// Where a new game's setup (shuffles, deals, placements) comes from.
pub enum Deal<'a, S> {
    /// Drawn from the seed's generator.
    Draw(&'a mut StdRng),
    /// Read from a saved game: checked against the rules and the players.
    Saved(&'a S),
}

/// A game begun: its setup (what a journal records), the starting state and the start's story.
pub struct Started<F: Game> {
    pub setup: F::Setup,
    pub state: F::State,
    pub intro: Vec<F::Event>,
}

/// A game family's rules: what a ruleset holds, how a game starts, commands carried out
/// all-or-nothing into events, `apply` (the only change to a state), who acts now and what is
/// legal. (The marker type derives Clone, Debug and PartialEq so that generic records can.)
pub trait Game: Sized + Clone + Debug + PartialEq + 'static {
    /// The ruleset's `game =` key for this family.
    const GAME: &'static str;
    /// The family's verbs, for `help` and unknown-command errors.
    const VERBS: &'static str;
    // Rules and options are shared by `simulate --jobs`'s threads. A copy of the rules and a
    // state go to the device's odds thread.
    type Rules: Clone + Sync + Send;
    type Options: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Sync;
    type Setup: Clone + PartialEq + Debug + Serialize + DeserializeOwned;
    /// Shared read-only among threads (the odds play out from one position on every core),
    /// and sent to the device's odds thread.
    type State: Clone + PartialEq + Debug + Sync + Send;
    /// Sent to the device's worker thread too (a computer seat's deals to weigh).
    type Command: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send;
    type Event: Clone + PartialEq + Debug + Serialize + DeserializeOwned;

    // --- the ruleset ---------------------------------------------------------------------
    /// Read and check a ruleset from its text (the file is read outside the engine); errors
    /// read `file:line: what is wrong`, `file` naming it.
    fn parse_rules(file: &str, text: &str) -> Result<Self::Rules, String>;
    /// What names the ruleset: its id, its name, its content's hash and a summary.
    fn about(rules: &Self::Rules) -> About<'_>;
    /// The ruleset's options with each named one set in turn (`--option KEY=VALUE`); a reason
    /// when a key or a value is wrong.
    fn options(rules: &Self::Rules, set: &[(&str, &str)]) -> Result<Self::Options, String>;

    // --- a game ----------------------------------------------------------------------------
    /// Begin a game: the setup drawn or read (`Deal`), the starting state and the start's
    /// story; refused when a saved setup does not fit the rules and the players.
    fn start(
        rules: &Self::Rules,
        players: &[String],
        opts: &Self::Options,
        deal: Deal<'_, Self::Setup>,
    ) -> Result<Started<Self>, RuleError>;
    /// Carry out a command, all or nothing (on error the state is exactly as it was), its
    /// events into a list the caller reuses (`execute` makes one), told in words when
    /// `out.told` asks for it (a family built on `engine::table::Table` gets that from `emit`).
    /// Any command is refused, never a panic: one read from a file may name a player, a
    /// square or a card that is not in the game.
    fn execute_into(
        rules: &Self::Rules,
        state: &mut Self::State,
        cmd: &Self::Command,
        out: &mut Events<Self::Event>,
    ) -> Result<(), RuleError>;
    /// The only change to a state: bookkeeping, no decisions.
    fn apply(rules: &Self::Rules, state: &mut Self::State, event: &Self::Event);
    /// An event a release may add, leave out or word differently: a remark that changes
    /// nothing, or bookkeeping the rules derive again on every replay.
    fn remark(_event: &Self::Event) -> bool {
        false
    }
    fn to_act(rules: &Self::Rules, state: &Self::State) -> ToAct;
    /// The device randomness this command still needs (a `roll` without dice), if any.
    fn chance(_rules: &Self::Rules, _state: &Self::State, _cmd: &Self::Command) -> Option<Chance> {
        None
    }
    /// The command with its dice set to `faces` (the device rolled them); with None, the
    /// command as the table gave it before the device rolled (a journal's record of the
    /// device's dice is checked against what it rolls), None when it carries no dice.
    fn set_chance(cmd: &Self::Command, faces: Option<&[u8]>) -> Option<Self::Command> {
        faces.map(|_| cmd.clone())
    }
    /// Every legal command now (menus, the simulator, the conformance suite).
    fn legal(rules: &Self::Rules, state: &Self::State) -> Vec<Self::Command>;
    /// What must hold after every command (money conserved, what `apply` keeps beside the
    /// facts agreeing with them); with `by_play`, also what play keeps and only a table's
    /// correction may break (the property games' even building), checked after every command
    /// of random play.
    fn invariants(
        _rules: &Self::Rules,
        _state: &Self::State,
        _by_play: bool,
    ) -> Result<(), String> {
        Ok(())
    }
}

/// A family's `Game::options`: the ruleset's `defaults` with each `(key, value)` set in turn
/// by the family's own `set`, the first refusal the error.
pub fn set_each<O: Clone>(
    defaults: &O,
    settings: &[(&str, &str)],
    set: impl Fn(&mut O, &str, &str) -> Result<(), String>,
) -> Result<O, String> {
    let mut o = defaults.clone();
    for (key, value) in settings {
        set(&mut o, key, value)?;
    }
    Ok(o)
}

/// Carry out a command, its events in a list of their own (`Game::execute_into`): on error
/// the state is exactly as it was.
pub fn execute<F: Game>(
    rules: &F::Rules,
    state: &mut F::State,
    cmd: &F::Command,
) -> Result<Vec<F::Event>, RuleError> {
    let mut out = Events::default();
    F::execute_into(rules, state, cmd, &mut out)?;
    Ok(out.list)
}

/// Has the game ended?
pub fn is_over<F: Game>(rules: &F::Rules, state: &F::State) -> bool {
    matches!(F::to_act(rules, state), ToAct::Over { .. })
}

/// Resume: do the recorded events and the events the rules decide now have the same effect?
/// Remarks (`Game::remark`) may differ between releases, so an old journal still resumes when
/// a release only words things better or keeps its own books otherwise.
pub fn same_result<F: Game>(recorded: &[F::Event], decided: &[F::Event]) -> bool {
    // The usual case, the very same events, is one comparison.
    let effect = |e: &&F::Event| !F::remark(e);
    recorded == decided
        || recorded
            .iter()
            .filter(effect)
            .eq(decided.iter().filter(effect))
}

/// A family's words: its grammar (the protocol's verbs), each event as a line for an
/// audience, the state as JSON for a viewer, and what the table is asked now.
pub trait Words: Game {
    fn parse(
        rules: &Self::Rules,
        state: &Self::State,
        line: &str,
    ) -> Result<Parsed<Self::Command>, String>;
    fn format_command(rules: &Self::Rules, state: &Self::State, cmd: &Self::Command) -> String;
    /// A command as the table may see it (an undo message): a sealed choice stays hidden.
    fn public_command(rules: &Self::Rules, state: &Self::State, cmd: &Self::Command) -> String {
        Self::format_command(rules, state, cmd)
    }
    /// One event as words, against the state just after it; None for silent bookkeeping.
    fn narrate(rules: &Self::Rules, after: &Self::State, event: &Self::Event) -> Option<Said>;
    fn state_json(rules: &Self::Rules, state: &Self::State, viewer: Audience) -> Value;
    /// What the table is asked now, in words. Without the family's own words, who acts.
    fn prompt(rules: &Self::Rules, state: &Self::State) -> String {
        let seats = |ps: &[usize]| {
            ps.iter()
                .map(|p| format!("seat {}", p + 1))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match Self::to_act(rules, state) {
            ToAct::One(p) => format!("seat {} to act", p + 1),
            ToAct::Several(ps) => format!("waiting for {}", seats(&ps)),
            ToAct::Chance { player, .. } => format!("seat {} to roll", player + 1),
            ToAct::Over { winners } => format!("game over: {} won", seats(&winners)),
        }
    }
}

/// One figure of a finished game for `simulate`'s report, added up over the games by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Figure {
    /// A count, reported per game ("conversions": 3 in this game).
    PerGame(String, u64),
    /// Whether this game was one of these ("won by reaching the target status"), reported as
    /// how many of the games that answered.
    Share(String, bool),
    /// A line the report says once ("turns are rounds").
    Note(String),
}

/// Random play, for `simulate`, the odds, the house-rule lab and the conformance suite. Every
/// method has a default that is right without it; a family overrides for a better player,
/// for hidden information, or for speed (the hot loop is `random_move`).
pub trait Play: Game {
    /// A seeded random player's next legal command, with any dice filled in; None when there
    /// is none (a stuck game, which the conformance suite reports). Without the family's own,
    /// one of `legal` at random.
    fn random_command(
        rules: &Self::Rules,
        state: &Self::State,
        rng: &mut PlayRng,
    ) -> Option<Self::Command> {
        let legal = Self::legal(rules, state);
        if legal.is_empty() {
            return None;
        }
        let cmd = &legal[below(rng, legal.len())];
        Some(rolled::<Self>(rules, state, cmd, rng))
    }
    /// One move of the random player chosen and carried out (simulate's hot loop): false when
    /// there is no legal move; an error when the rules refused the move chosen. The same
    /// choice, draws and events as `random_command` then `execute_into` (a family may list into
    /// `options`, a list the caller keeps between calls, carry some moves out without listing
    /// them, or skip what a refusal would have to put back: the caller abandons the state).
    fn random_move(
        rules: &Self::Rules,
        state: &mut Self::State,
        rng: &mut PlayRng,
        _options: &mut Vec<Self::Command>,
        out: &mut Events<Self::Event>,
    ) -> Result<bool, String> {
        let Some(cmd) = Self::random_command(rules, state, rng) else {
            return Ok(false);
        };
        Self::execute_into(rules, state, &cmd, out)
            .map_err(|e| format!("legal command {cmd:?} refused: {e}"))?;
        Ok(true)
    }
    /// The steady player (rollouts for the odds, `simulate --player steady`, every computer
    /// seat's plan): a sensible player, better than random, documented in each family's
    /// `steady` module. `seat` None: the next command, whoever makes it; `Some(seat)`: that
    /// seat's own choice now (where several choose at once: a sealed order, a bid), from what
    /// it may see, None when it has none. Without the family's own, the random player.
    fn steady(
        rules: &Self::Rules,
        state: &Self::State,
        seat: Option<usize>,
        rng: &mut PlayRng,
    ) -> Option<Self::Command> {
        let c = Self::random_command(rules, state, rng)?;
        match seat {
            Some(p) if Self::whose(rules, state, &c).seat() != Some(p) => None,
            _ => Some(c),
        }
    }
    /// The state a rollout starts from: the table's public view with every hidden part (the
    /// order of unseen cards, hands, secret goals, sealed orders) drawn afresh from `rng`,
    /// consistent with what the table has seen and never read from the true hidden parts;
    /// what seat `keep` sees of its own (its hand, its goal) kept, for a computer seat's
    /// look ahead. Without hidden parts, the state itself.
    fn redraw_hidden(
        _rules: &Self::Rules,
        state: &Self::State,
        _keep: Option<usize>,
        _rng: &mut PlayRng,
    ) -> Self::State {
        state.clone()
    }
    /// The deals a computer seat may offer now, each with the seat it is offered to, weighed
    /// by the offering seat's own chance before it is offered (`computer::best_offer`): the
    /// property games' bid for the last square of a group; or, offered to the seat itself,
    /// its own part in a moment that is another's (Illuminati: interfering, assisting or
    /// defending in another's attack), weighed against staying out. Without the family's
    /// own, none.
    fn offers(
        _rules: &Self::Rules,
        _state: &Self::State,
        _seat: usize,
    ) -> Vec<(usize, Self::Command)> {
        Vec::new()
    }
    /// Whose a command is (`authority::Whose`): the table's, one seat's own choice (and
    /// whether the table's buttons may make it for a person at that seat now), or a deal that
    /// binds several seats. `authority::may` holds it against who made the input; a computer
    /// seat chooses among its own. Without the family's own, the one seat `to_act` names.
    fn whose(rules: &Self::Rules, state: &Self::State, _cmd: &Self::Command) -> Whose {
        match Self::to_act(rules, state) {
            ToAct::One(p) | ToAct::Chance { player: p, .. } => Whose::Seat {
                seat: p,
                table_may: true,
            },
            _ => Whose::Table,
        }
    }
    /// A command picked with no regard to legality, to check that refusals change nothing;
    /// None when there is nothing to try. Without the family's own, a legal one.
    fn wild_command(
        rules: &Self::Rules,
        state: &Self::State,
        rng: &mut PlayRng,
    ) -> Option<Self::Command> {
        Self::random_command(rules, state, rng)
    }
    /// The player-turns (the grid game: rounds) begun so far, for `simulate`'s figures and its
    /// cap. Without it, every command counts as a turn.
    fn turns(_rules: &Self::Rules, _state: &Self::State) -> Option<u64> {
        None
    }
    /// The family's own figures of a game that ended (over, or at the cap).
    fn figures(_rules: &Self::Rules, _state: &Self::State) -> Vec<Figure> {
        Vec::new()
    }
}

/// A step of a family's game, for its report.
pub type StepOf<F> = Step<<F as Game>::Event, <F as Game>::State>;

/// A family's account of a game: who stands where now, and the report's panels.
pub trait Story: Game {
    /// Each seat's standing now (what "leading" means in this game: net worth, groups held,
    /// the team's size) and how many seats are out (bankrupt, eliminated): what the
    /// house-rule lab (`simulate --compare`) follows over a game.
    fn standing(_rules: &Self::Rules, _state: &Self::State) -> Standing {
        Standing::default()
    }
    /// The report's panels for a game replayed step by step (`boardside report`).
    fn report(_rules: &Self::Rules, _players: &[String], _steps: &[StepOf<Self>]) -> Report {
        Report::default()
    }
    /// A finished game as the table's records count it (`boardside records`), read from what
    /// the table was told only (a record never shows a hidden thing): see `GameRecord`.
    fn record(_rules: &Self::Rules, _players: &[String], _steps: &[StepOf<Self>]) -> GameRecord {
        GameRecord::default()
    }
}

/// A finished game as the table's records count it (`Story::record`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameRecord {
    /// The seats counted as its winners, where the rules ask more of a winner than being on
    /// the winning side (the grid game: not converted on the way): None counts every seat on
    /// a winning side.
    pub winners: Option<Vec<usize>>,
    /// What each seat played as, where the game gives it a part the records count wins by (an
    /// Illuminati card, the grid game's team chosen at the start); empty where a seat is only
    /// a seat.
    pub roles: Vec<Option<String>>,
    /// Its feats: the most rent paid, the longest auction, the biggest attack that succeeded,
    /// the longest stun.
    pub feats: Vec<Feat>,
}

/// The sides that have won (the game over: `Standing::won`, else `to_act`'s winners), or that
/// lead by `standing` (a rollout stopped at its cap: the unfinished game is given to its
/// leaders).
pub fn winning_sides<F: Family>(rules: &F::Rules, state: &F::State) -> Vec<usize> {
    let standing = F::standing(rules, state);
    if let Some(won) = standing.won {
        return won;
    }
    if let ToAct::Over { winners } = F::to_act(rules, state) {
        return winners;
    }
    leaders(&standing.scores)
}

/// The sides with the best score (several on a tie).
pub fn leaders(scores: &[i64]) -> Vec<usize> {
    let best = scores.iter().copied().max().unwrap_or(0);
    (0..scores.len()).filter(|&i| scores[i] == best).collect()
}

/// One game family (the property games, the grid game, Illuminati): its rules, words, random
/// play and story. Session, journal, simulate, the report and the conformance suite are
/// written once against it.
pub trait Family: Game + Words + Play + Story {}
impl<T: Game + Words + Play + Story> Family for T {}

/// The winners when the game is over.
pub fn winners<F: Family>(rules: &F::Rules, state: &F::State) -> Option<Vec<usize>> {
    match F::to_act(rules, state) {
        ToAct::Over { winners } => Some(winners),
        _ => None,
    }
}

/// A random index below `n`: the very draw `rng.random_range(0..n)` makes (rand samples a
/// `usize` range that fits 32 bits with its 32-bit sampler), through the 32-bit sampler
/// directly, which the compiler inlines; the `usize` one is an out-of-line call on every draw
/// of the random players.
pub fn below(rng: &mut PlayRng, n: usize) -> usize {
    use rand::Rng;
    debug_assert!(u32::try_from(n).is_ok(), "below: {n} does not fit 32 bits");
    rng.random_range(0..n as u32) as usize
}

/// Bookkeeping a family's `apply` keeps beside its state, so that neither the rules' own
/// shortcuts nor simulate have to list a command's events to read them: never
/// saved (its field is `#[serde(skip)]`) and never compared, since two states that differ only
/// here are the same game.
#[derive(Debug, Clone, Copy, Default)]
pub struct Aside<T>(pub T);

impl<T> PartialEq for Aside<T> {
    fn eq(&self, _: &Aside<T>) -> bool {
        true
    }
}

impl<T> Eq for Aside<T> {}

/// Small random picks, several from each 64-bit draw of the generator (rand's
/// `random_range` and `random_ratio` cost a draw each, with a check for a rare redraw and, for
/// a ratio, a 128-bit division; the random players' usual decision asks for three or four,
/// and that was a tenth to a quarter of random play). Each pick multiplies the bits left by
/// `n` and keeps the whole part (Lemire's multiply-shift without the redraw), so a pick is off
/// from even by at most `n` in 2^32 or less; a fresh draw is taken once the picks made from
/// one multiply past 2^32.
pub struct Picks<'a> {
    rng: &'a mut PlayRng,
    bits: u64,
    /// The product of the ranges picked from `bits` so far.
    used: u64,
}

impl<'a> Picks<'a> {
    pub fn new(rng: &'a mut PlayRng) -> Picks<'a> {
        Picks {
            rng,
            bits: 0,
            used: u64::MAX,
        }
    }

    /// An index below `n` (`n` at least 1).
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        if self.used.saturating_mul(n) > 1 << 32 {
            use rand::RngCore;
            self.bits = self.rng.next_u64();
            self.used = 1;
        }
        self.used *= n;
        let wide = self.bits as u128 * n as u128;
        self.bits = wide as u64;
        (wide >> 64) as usize
    }

    /// True `k` times in `n`.
    #[inline(always)]
    pub fn ratio(&mut self, k: usize, n: usize) -> bool {
        self.below(n) < k
    }
}
