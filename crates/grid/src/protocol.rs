//! The grid game's protocol (docs/protocol.md): command grammar, commands written back as
//! text, the `state` JSON for a viewer, and the notebook and board as text.

use serde_json::{json, Value};

use super::rules::GridRules;
use super::state::{Action, Dir, Edge, Field, Level, Order, Part, Path, Phase, State, Team};
use super::{Command, Correction};
use boardside_engine::game::{Audience, Parsed};

pub const VERBS: &str = "side PLAYER scientists|religionists | wall COL ROW east|south | \
unwall COL ROW east|south | place PLAYER COL ROW | start | roll [D1 [D2]] | \
order PLAYER CARD [CARD [CARD]] (CARD: up down left right attack pray study) | next | notebook | \
board | strips | set sticker PLAYER feet|hands|head green|yellow|red | \
set count PLAYER move|attack|pray N | set stun PLAYER N | \
set strip scientists|religionists N | set team PLAYER scientists|religionists | \
set wonder PLAYER N";

struct Words<'a> {
    s: &'a State,
    words: Vec<&'a str>,
    at: usize,
}

impl<'a> Words<'a> {
    fn next(&mut self, what: &str) -> Result<&'a str, String> {
        let w = self
            .words
            .get(self.at)
            .copied()
            .ok_or_else(|| format!("missing {what}"))?;
        self.at += 1;
        Ok(w)
    }
    fn player(&mut self) -> Result<usize, String> {
        let w = self.next("a player")?;
        self.s.index_of(w).ok_or_else(|| {
            let names: Vec<&str> = self.s.pieces.iter().map(|p| p.name.as_str()).collect();
            format!("unknown player '{w}' (players: {})", names.join(", "))
        })
    }
    fn number(&mut self, what: &str, most: u32) -> Result<u32, String> {
        let w = self.next(what)?;
        w.parse::<u32>()
            .ok()
            .filter(|&n| n <= most)
            .ok_or_else(|| format!("{what} must be a whole number from 0 to {most}, not '{w}'"))
    }
    fn field(&mut self) -> Result<Field, String> {
        let c = self.number("the column", 255)?;
        let r = self.number("the row", 255)?;
        Ok((c as u8, r as u8))
    }
    fn team(&mut self) -> Result<Team, String> {
        let w = self.next("scientists or religionists")?;
        Team::parse(w).ok_or_else(|| format!("'{w}': expected scientists or religionists"))
    }
    fn edge(&mut self) -> Result<Edge, String> {
        match self.next("east or south")? {
            "east" => Ok(Edge::East),
            "south" => Ok(Edge::South),
            w => Err(format!(
                "'{w}': a wall stands on a field's east or south edge"
            )),
        }
    }
    fn end(&self) -> Result<(), String> {
        match self.words.get(self.at) {
            None => Ok(()),
            Some(w) => Err(format!("unexpected '{w}' at the end")),
        }
    }
}

/// The cards of an order, checked for form (the feet's limit is a rule, checked later).
pub fn cards(words: &[&str]) -> Result<Order, String> {
    let mut dirs = Vec::new();
    let mut other = Vec::new();
    for w in words {
        match w.to_ascii_lowercase().as_str() {
            "up" => dirs.push(Dir::Up),
            "down" => dirs.push(Dir::Down),
            "left" => dirs.push(Dir::Left),
            "right" => dirs.push(Dir::Right),
            "attack" => other.push(Order::Attack),
            // grid-game: the scientists' study card is the religionists' pray card.
            "pray" | "study" => other.push(Order::Pray),
            x => {
                return Err(format!(
                    "'{x}' is not a card: up, down, left, right, attack, pray or study"
                ))
            }
        }
    }
    match (dirs.is_empty(), other.len()) {
        (true, 0) => Err("an order needs at least one card".into()),
        (false, 0) if dirs.len() > 3 => Err("at most three move cards".into()),
        (false, 0) => Ok(Order::Move(Path::of(&dirs))),
        (true, 1) => Ok(other.remove(0)),
        (true, _) => Err("one attack or one pray/study card, not several".into()),
        (false, _) => Err("move cards and attack or pray/study cards do not mix".into()),
    }
}

pub fn parse(_rules: &GridRules, s: &State, line: &str) -> Result<Parsed<Command>, String> {
    let mut w = Words {
        s,
        words: line.split_whitespace().collect(),
        at: 1,
    };
    let verb = w
        .words
        .first()
        .map(|v| v.to_ascii_lowercase())
        .unwrap_or_default();
    let cmd = match verb.as_str() {
        "side" => Command::Side {
            player: w.player()?,
            team: w.team()?,
        },
        "wall" | "unwall" => Command::Wall {
            field: w.field()?,
            edge: w.edge()?,
            on: verb == "wall",
        },
        "place" => Command::Place {
            player: w.player()?,
            field: w.field()?,
        },
        "start" => Command::Start,
        "next" => Command::Next,
        "roll" => {
            let mut dice = super::Faces::new();
            while w.at < w.words.len() {
                dice.push(w.number("a die", 20)? as u8);
            }
            Command::Roll {
                dice: (!dice.is_empty()).then_some(dice),
            }
        }
        "order" => {
            let player = w.player()?;
            let order = cards(&w.words[w.at..])?;
            w.at = w.words.len();
            Command::Order { player, order }
        }
        "notebook" => return Ok(Parsed::Show(notebook(s))),
        "board" => return Ok(Parsed::Show(board(_rules, s))),
        "strips" => return Ok(Parsed::Show(vec![strips(s)])),
        "set" => Command::Set(parse_set(&mut w)?),
        _ => return Err(format!("unknown command '{verb}'; commands: {VERBS}")),
    };
    w.end()?;
    Ok(Parsed::Command(cmd))
}

fn parse_set(w: &mut Words) -> Result<Correction, String> {
    Ok(match w.next("what to set")? {
        "sticker" => {
            let player = w.player()?;
            let part = w.next("feet, hands or head")?;
            let part = Part::parse(part).ok_or_else(|| format!("'{part}': feet, hands or head"))?;
            let level = w.next("green, yellow or red")?;
            let level =
                Level::parse(level).ok_or_else(|| format!("'{level}': green, yellow or red"))?;
            Correction::Sticker {
                player,
                part,
                level,
            }
        }
        "count" => {
            let player = w.player()?;
            let action = match w.next("move, attack or pray")? {
                "move" | "moves" => Action::Move,
                "attack" | "attacks" => Action::Attack,
                "pray" | "prayers" | "study" => Action::Pray,
                x => return Err(format!("'{x}': move, attack or pray")),
            };
            Correction::Count {
                player,
                action,
                value: w.number("the count", 100_000)?,
            }
        }
        "stun" => Correction::Stun {
            player: w.player()?,
            rounds: w.number("the rounds", 100_000)?,
        },
        "strip" => Correction::Strip {
            team: w.team()?,
            value: w.number("the units", 100_000)?,
        },
        "team" => Correction::Team {
            player: w.player()?,
            team: w.team()?,
        },
        "wonder" => Correction::Wonder {
            player: w.player()?,
            rounds: w.number("the rounds", 100_000)?,
        },
        x => {
            return Err(format!(
                "set {x}: expected sticker, count, stun, strip, team or wonder"
            ))
        }
    })
}

/// An order's cards as words, the way the player would say them ("right right", "study").
pub fn order_words(s: &State, player: usize, o: &Order) -> String {
    match o {
        Order::Move(d) => d.iter().map(|d| d.word()).collect::<Vec<_>>().join(" "),
        Order::Attack => "attack".into(),
        Order::Pray if s.pieces[player].team == Some(Team::Scientists) => "study".into(),
        Order::Pray => "pray".into(),
    }
}

pub fn format_command(_rules: &GridRules, s: &State, c: &Command) -> String {
    let name = |p: usize| {
        s.pieces
            .get(p)
            .map(|x| x.name.clone())
            .unwrap_or_else(|| format!("#{p}"))
    };
    match c {
        Command::Side { player, team } => format!("side {} {}", name(*player), team.word()),
        Command::Wall { field, edge, on } => format!(
            "{} {} {} {}",
            if *on { "wall" } else { "unwall" },
            field.0,
            field.1,
            edge.word()
        ),
        Command::Place { player, field } => {
            format!("place {} {} {}", name(*player), field.0, field.1)
        }
        Command::Start => "start".into(),
        Command::Next => "next".into(),
        Command::Roll { dice: None } => "roll".into(),
        Command::Roll { dice: Some(d) } => format!(
            "roll {}",
            d.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Command::Order { player, order } => {
            format!("order {} {}", name(*player), order_words(s, *player, order))
        }
        Command::Set(k) => match *k {
            Correction::Sticker {
                player,
                part,
                level,
            } => {
                format!(
                    "set sticker {} {} {}",
                    name(player),
                    part.word(),
                    level.word()
                )
            }
            Correction::Count {
                player,
                action,
                value,
            } => {
                format!("set count {} {} {value}", name(player), action.word())
            }
            Correction::Stun { player, rounds } => format!("set stun {} {rounds}", name(player)),
            Correction::Strip { team, value } => format!("set strip {} {value}", team.word()),
            Correction::Team { player, team } => {
                format!("set team {} {}", name(player), team.word())
            }
            Correction::Wonder { player, rounds } => {
                format!("set wonder {} {rounds}", name(player))
            }
        },
    }
}

fn phase_word(p: &Phase) -> &'static str {
    match p {
        Phase::Setup => "setup",
        Phase::Placing { .. } => "placing",
        Phase::Orders => "orders",
        Phase::Wonder { .. } => "wonder",
        Phase::Over => "over",
    }
}

/// The state for a viewer: the table sees who has sealed; a player also sees their own order.
pub fn state_json(rules: &GridRules, s: &State, viewer: Audience) -> Value {
    let name = |i: usize| s.pieces[i].name.clone();
    let players: Vec<Value> = s
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut v = json!({
                "name": p.name,
                "team": p.team.map(|t| t.word()),
                "computer": p.computer,
                "col": p.at.map(|f| f.0),
                "row": p.at.map(|f| f.1),
                "feet": p.sticker(Part::Feet).word(),
                "hands": p.sticker(Part::Hands).word(),
                "head": p.sticker(Part::Head).word(),
                "moves": p.count(Action::Move),
                "attacks": p.count(Action::Attack),
                "prayers": p.count(Action::Pray),
                "stunned": p.stunned,
                "wonder": p.wonder,
                "converted": p.converted,
                "sealed": p.order.is_some(),
            });
            if viewer == Audience::Player(i) {
                v["order"] = json!(p.order.as_ref().map(|o| order_words(s, i, o)));
            }
            v
        })
        .collect();
    let (kept, turned) = s
        .winner
        .map(|t| s.kept_and_converted(t))
        .unwrap_or_default();
    let on_team = |converted: bool| -> Vec<String> {
        let seats = if converted { &turned } else { &kept };
        seats.iter().map(|&i| name(i)).collect()
    };
    json!({
        "game": "grid",
        "ruleset": rules.id,
        "phase": phase_word(&s.phase),
        "round": s.round,
        "placing": match s.phase { Phase::Placing { piece } => Some(name(piece)), _ => None },
        "wonder_draw": match s.phase { Phase::Wonder { team } => Some(team.word()), _ => None },
        "players": players,
        "strips": {
            "scientists": s.strips[Team::Scientists.index()],
            "religionists": s.strips[Team::Religionists.index()],
        },
        "strip_length": s.strip_length,
        "walls": s.walls.iter().map(|(c, r, e)| json!([c, r, e.word()])).collect::<Vec<_>>(),
        "revealed": s.revealed.iter().enumerate().filter_map(|(i, o)| {
            o.as_ref().map(|o| json!([name(i), order_words(s, i, o)]))
        }).collect::<Vec<_>>(),
        "winner": s.winner.map(|t| t.word()),
        "winners": on_team(false),
        "converts": on_team(true),
    })
}

/// The computer's notebook: one row per player.
pub fn notebook(s: &State) -> Vec<String> {
    let mut out = vec![format!(
        "{:<10} {:<12} {:>5} {:>7} {:>7}  {:<6} {:<6} {:<6} {:>4} {:>6}",
        "player", "team", "moves", "attacks", "prayers", "feet", "hands", "head", "stun", "wonder"
    )];
    for p in &s.pieces {
        out.push(format!(
            "{:<10} {:<12} {:>5} {:>7} {:>7}  {:<6} {:<6} {:<6} {:>4} {:>6}",
            p.name,
            p.team.map(|t| t.word()).unwrap_or("-"),
            p.count(Action::Move),
            p.count(Action::Attack),
            p.count(Action::Pray),
            p.sticker(Part::Feet).word(),
            p.sticker(Part::Hands).word(),
            p.sticker(Part::Head).word(),
            p.stunned,
            p.wonder
        ));
    }
    out
}

pub fn strips(s: &State) -> String {
    format!(
        "strips: scientists {} of {}, religionists {} of {}",
        s.strips[0], s.strip_length, s.strips[1], s.strip_length
    )
}

/// The board as text: pieces by initial, computer seats by number (lower case when stunned,
/// `*` after a wonder holder), a header of column numbers' last digits,
/// `|` and `_` for walls.
pub fn board(rules: &GridRules, s: &State) -> Vec<String> {
    let mut out = Vec::new();
    let cols = rules.columns;
    out.push(format!(
        "    {}",
        (1..=cols)
            .map(|c| format!("{:<2}", c % 10))
            .collect::<String>()
    ));
    for r in 1..=rules.rows {
        let mut line = format!("{r:>3} ");
        let mut under = String::from("    ");
        for c in 1..=cols {
            let cell = match s.piece_at((c, r)) {
                Some(i) => {
                    let p = &s.pieces[i];
                    // Computer seats show their number (cpu1 is 1), players their initial.
                    let ch = if p.computer {
                        p.name.chars().last().unwrap_or('?')
                    } else {
                        p.name.chars().next().unwrap_or('?')
                    };
                    if p.stunned > 0 {
                        ch.to_ascii_lowercase()
                    } else {
                        ch.to_ascii_uppercase()
                    }
                }
                None => '.',
            };
            line.push(cell);
            line.push(if s.is_wall((c, r), Edge::East) {
                '|'
            } else if s.piece_at((c, r)).is_some_and(|i| s.pieces[i].wonder > 0) {
                '*'
            } else {
                ' '
            });
            under.push(if s.is_wall((c, r), Edge::South) {
                '_'
            } else {
                ' '
            });
            under.push(' ');
        }
        out.push(line.trim_end().to_string());
        if !under.trim().is_empty() {
            out.push(under.trim_end().to_string());
        }
    }
    out
}
