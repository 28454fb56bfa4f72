//! Count to the target: the rules (add 1 or 2, or roll a die and add it unless it passes the
//! target; exactly the target wins), the words, random play and the standings.

use boardside::engine::game::{
    About, Audience, Chance, Deal, Events, Game, Parsed, Play, PlayRng, Said, Standing, Started,
    Story, ToAct, Words,
};
use boardside::engine::table::Table;
use boardside::engine::RuleError;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count;

#[derive(Debug, Clone, PartialEq)]
pub struct Rules {
    pub id: String,
    pub name: String,
    pub target: u32,
    pub hash: String,
}

#[derive(Deserialize)]
struct File {
    game: String,
    id: String,
    name: String,
    target: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct State {
    pub players: Vec<String>,
    pub count: u32,
    pub current: usize,
    /// Each player's share of the count.
    pub added: Vec<u32>,
    pub winner: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    Add { n: u32 },
    Roll { die: Option<u8> },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Added { player: usize, n: u32 },
    Bust { player: usize, die: u8 },
    Next { player: usize },
    Won { player: usize },
}

impl Game for Count {
    const GAME: &'static str = "count";
    const VERBS: &'static str = "add N | roll [D]";
    type Rules = Rules;
    type Options = ();
    type Setup = ();
    type State = State;
    type Command = Command;
    type Event = Event;

    fn parse_rules(file: &str, text: &str) -> Result<Rules, String> {
        let f: File = boardside::engine::ruleset_file::parse(file, text)?;
        if f.game != "count" || !(2..=100).contains(&f.target) {
            return Err(format!(
                "{file}: not a count ruleset with a target of 2 to 100"
            ));
        }
        Ok(Rules {
            id: f.id,
            name: f.name,
            target: f.target,
            hash: boardside::engine::ruleset_file::content_hash(text.as_bytes()),
        })
    }
    fn about(r: &Rules) -> About<'_> {
        About {
            id: &r.id,
            name: &r.name,
            hash: &r.hash,
            continues: &[],
            summary: format!("{} (to {})", r.name, r.target),
            board: serde_json::Value::Null,
        }
    }
    fn options(_: &Rules, set: &[(&str, &str)]) -> Result<(), String> {
        match set.first() {
            Some((key, _)) => Err(format!("unknown option {key}")),
            None => Ok(()),
        }
    }
    fn start(
        _: &Rules,
        players: &[String],
        _: &(),
        _: Deal<'_, ()>,
    ) -> Result<Started<Self>, RuleError> {
        if players.len() < 2 {
            return Err(RuleError::new("count needs two players or more"));
        }
        let state = State {
            players: players.to_vec(),
            count: 0,
            current: 0,
            added: vec![0; players.len()],
            winner: None,
        };
        Ok(Started {
            setup: (),
            state,
            intro: vec![],
        })
    }
    fn execute_into(
        r: &Rules,
        s: &mut State,
        cmd: &Command,
        out: &mut Events<Event>,
    ) -> Result<(), RuleError> {
        Table::<Count>::run(r, s, out, |t| {
            if t.s.winner.is_some() {
                return Err(RuleError::new("the game is over"));
            }
            let player = t.s.current;
            match *cmd {
                Command::Add { n } => {
                    if !(1..=2).contains(&n) {
                        return Err(RuleError::new("add 1 or 2"));
                    }
                    if t.s.count + n > t.rules.target {
                        return Err(RuleError::new(format!(
                            "{} would pass {}",
                            t.s.count + n,
                            t.rules.target
                        )));
                    }
                    t.emit(Event::Added { player, n });
                }
                Command::Roll { die: None } => return Err(RuleError::new("no die rolled")),
                Command::Roll { die: Some(d) } => {
                    if !(1..=6).contains(&d) {
                        return Err(RuleError::new("a die shows 1 to 6"));
                    }
                    if t.s.count + d as u32 > t.rules.target {
                        t.emit(Event::Bust { player, die: d });
                    } else {
                        t.emit(Event::Added {
                            player,
                            n: d as u32,
                        });
                    }
                }
            }
            if t.s.count == t.rules.target {
                t.emit(Event::Won { player });
            } else {
                let next = (player + 1) % t.s.players.len();
                t.emit(Event::Next { player: next });
            }
            Ok(())
        })
    }
    fn apply(_: &Rules, s: &mut State, e: &Event) {
        match *e {
            Event::Added { player, n } => {
                s.count += n;
                s.added[player] += n;
            }
            Event::Bust { .. } => {}
            Event::Next { player } => s.current = player,
            Event::Won { player } => s.winner = Some(player),
        }
    }
    fn to_act(_: &Rules, s: &State) -> ToAct {
        match s.winner {
            Some(w) => ToAct::Over { winners: vec![w] },
            None => ToAct::One(s.current),
        }
    }
    fn chance(_: &Rules, _: &State, cmd: &Command) -> Option<Chance> {
        matches!(cmd, Command::Roll { die: None }).then(|| Chance { dice: vec![6] })
    }
    fn set_chance(cmd: &Command, faces: Option<&[u8]>) -> Option<Command> {
        match (cmd, faces) {
            (Command::Roll { die: None }, Some(f)) => Some(Command::Roll {
                die: f.first().copied(),
            }),
            (_, Some(_)) => Some(cmd.clone()),
            (Command::Roll { die: Some(_) }, None) => Some(Command::Roll { die: None }),
            (_, None) => None,
        }
    }
    fn legal(r: &Rules, s: &State) -> Vec<Command> {
        if s.winner.is_some() {
            return vec![];
        }
        let mut out: Vec<Command> = (1..=2)
            .filter(|n| s.count + n <= r.target)
            .map(|n| Command::Add { n })
            .collect();
        out.extend((1..=6).map(|d| Command::Roll { die: Some(d) }));
        out
    }
    fn invariants(_: &Rules, s: &State, _by_play: bool) -> Result<(), String> {
        if s.added.iter().sum::<u32>() != s.count {
            return Err("the shares do not add up to the count".into());
        }
        Ok(())
    }
}

impl Words for Count {
    fn parse(_: &Rules, _: &State, line: &str) -> Result<Parsed<Command>, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["add", n] => n
                .parse()
                .map(|n| Parsed::Command(Command::Add { n }))
                .map_err(|_| format!("'{n}': add a number")),
            ["roll"] => Ok(Parsed::Command(Command::Roll { die: None })),
            ["roll", d] => d
                .parse()
                .map(|d| Parsed::Command(Command::Roll { die: Some(d) }))
                .map_err(|_| format!("'{d}': a die's face")),
            _ => Err(format!("'{line}': add N or roll")),
        }
    }
    fn format_command(_: &Rules, _: &State, cmd: &Command) -> String {
        match cmd {
            Command::Add { n } => format!("add {n}"),
            Command::Roll { die: Some(d) } => format!("roll {d}"),
            Command::Roll { die: None } => "roll".into(),
        }
    }
    fn narrate(r: &Rules, s: &State, e: &Event) -> Option<Said> {
        let name = |p: usize| &s.players[p];
        Some(Said::public(match *e {
            Event::Added { player, n } => {
                format!(
                    "{} adds {n}: the count is {} of {}",
                    name(player),
                    s.count,
                    r.target
                )
            }
            Event::Bust { player, die } => format!(
                "{} rolls {die}, which would pass {}: nothing added",
                name(player),
                r.target
            ),
            Event::Next { player } => format!("{}'s turn", name(player)),
            Event::Won { player } => format!("{} reaches {} and wins!", name(player), r.target),
        }))
    }
    fn state_json(_: &Rules, s: &State, _: Audience) -> Value {
        json!({ "count": s.count, "current": s.players[s.current], "added": s.added })
    }
    fn prompt(r: &Rules, s: &State) -> String {
        match s.winner {
            Some(w) => format!("{} won", s.players[w]),
            None => format!(
                "{}: add 1 or 2, or roll (count {} of {})",
                s.players[s.current], s.count, r.target
            ),
        }
    }
}

/// Random play from `legal`, and every command is a turn: the defaults. Only the wild
/// commands, for the refusals, are its own.
impl Play for Count {
    fn wild_command(_: &Rules, _: &State, rng: &mut PlayRng) -> Option<Command> {
        Some(Command::Add {
            n: boardside::engine::game::below(rng, 5) as u32,
        })
    }
}

impl Story for Count {
    /// Each player's share of the count.
    fn standing(_: &Rules, s: &State) -> Standing {
        Standing {
            scores: s.added.iter().map(|&a| a as i64).collect(),
            out: 0,
            ..Standing::default()
        }
    }
}
