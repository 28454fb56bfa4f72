//! The grid game behind the shared game API: each method hands over to the module that owns
//! it; the random player and the invariants the conformance suite checks live here.

use boardside_engine::bits::{nth_one, select_in_byte};
use boardside_engine::game::{About, Deal, Events, Figure, PlayRng, Started};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeSet;

use super::rules::{GridOptions, GridRules};
use super::state::{Dir, Edge, Order, Phase, Piece, State, Team, Walls};
use super::{computer, event, narrate, protocol, round, Command, Correction, Event, Faces};
use boardside_engine::authority::Whose;
use boardside_engine::game::{
    below, Audience, Chance, Game, Parsed, Play, Said, Story, ToAct, Words,
};
use boardside_engine::RuleError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid;

/// What is drawn from the seed when a game is created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The computer seats' tie-breaks.
    pub seed: u64,
}

pub const MAX_HUMANS: usize = 8;

fn check_names(players: &[String]) -> Result<(), String> {
    if players.is_empty() || players.len() > MAX_HUMANS {
        return Err(format!(
            "the grid game needs 1 to {MAX_HUMANS} players, not {}",
            players.len()
        ));
    }
    for (i, p) in players.iter().enumerate() {
        if p.trim().is_empty() || p.contains(char::is_whitespace) {
            return Err(format!("player name '{p}' must be one word"));
        }
        if players[..i].iter().any(|q| q.eq_ignore_ascii_case(p)) {
            return Err(format!("two players are called {p}"));
        }
    }
    Ok(())
}

impl Game for Grid {
    /// Notes only put a correction into words: a release may add or reword them.
    fn remark(e: &Event) -> bool {
        matches!(e, Event::Note { .. })
    }
    const GAME: &'static str = "grid";
    const VERBS: &'static str = protocol::VERBS;
    type Rules = GridRules;
    type Options = GridOptions;
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;

    fn parse_rules(file: &str, text: &str) -> Result<GridRules, String> {
        GridRules::parse(file, text)
    }
    fn about(r: &GridRules) -> About<'_> {
        About {
            id: &r.id,
            name: &r.name,
            hash: &r.hash,
            continues: &r.continues,
            summary: format!(
                "{} ({}x{} board, {} walls, strip {})",
                r.name, r.columns, r.rows, r.wall_pieces, r.options.strip_length
            ),
            board: serde_json::json!({ "columns": r.columns, "rows": r.rows }),
        }
    }
    fn options(r: &GridRules, set: &[(&str, &str)]) -> Result<GridOptions, String> {
        boardside_engine::game::set_each(&r.options, set, GridOptions::set)
    }
    /// The setup is the seed of the computer's notebook (its pieces' choices).
    fn start(
        r: &GridRules,
        players: &[String],
        o: &GridOptions,
        deal: Deal<'_, Setup>,
    ) -> Result<Started<Self>, RuleError> {
        check_names(players).map_err(RuleError::new)?;
        let setup = match deal {
            Deal::Draw(rng) => Setup { seed: rng.random() },
            Deal::Saved(setup) => setup.clone(),
        };
        let state = State {
            phase: Phase::Setup,
            round: 0,
            pieces: players.iter().map(|p| Piece::new(p, None, false)).collect(),
            humans: players.len(),
            walls: if o.no_walls {
                Walls::default()
            } else {
                r.walls.iter().copied().collect()
            },
            strips: [0, 0],
            strip_length: o.strip_length,
            stunned_holder_converts: o.stunned_holder_converts,
            earlier_stuns: o.earlier_stuns,
            earlier_computer: o.earlier_computer,
            earlier_wonders: o.earlier_wonders,
            earlier_mates: o.earlier_mates,
            wonders_due: vec![],
            revealed: vec![],
            winner: None,
            seed: setup.seed,
            counts: Default::default(),
        };
        Ok(Started {
            setup,
            state,
            intro: vec![],
        })
    }
    fn execute_into(
        r: &GridRules,
        s: &mut State,
        c: &Command,
        out: &mut Events<Event>,
    ) -> Result<(), RuleError> {
        check_command(r, s, c).map_err(RuleError::new)?;
        super::execute_into(r, s, c, out)
    }
    /// The event applied, and counted for simulate (`State::counts`).
    #[inline(always)]
    fn apply(_r: &GridRules, s: &mut State, e: &Event) {
        event::apply(s, e);
        let counts = &mut s.counts.0;
        match e {
            Event::Round { .. } => counts.rounds += 1,
            Event::Converted { .. } => counts.conversions += 1,
            Event::Wonder { granted: true, .. } => counts.wonders += 1,
            _ => {}
        }
    }
    fn to_act(_r: &GridRules, s: &State) -> ToAct {
        match &s.phase {
            Phase::Setup => ToAct::One(
                (0..s.humans)
                    .find(|&i| s.pieces[i].team.is_none())
                    .unwrap_or(0),
            ),
            Phase::Placing { piece } => ToAct::Chance {
                player: *piece,
                chance: Chance { dice: vec![20, 20] },
            },
            // Nobody owes an order: every human is stunned, and the table says `next`.
            Phase::Orders if !s.anyone_owes() => ToAct::One(0),
            Phase::Orders => ToAct::Several(s.owing().collect()),
            Phase::Wonder { team } => {
                let members = s.team_members(*team);
                ToAct::Chance {
                    player: members.first().copied().unwrap_or(0),
                    chance: Chance {
                        dice: vec![round::wonder_die(members.len())],
                    },
                }
            }
            Phase::Over => ToAct::Over {
                // The converts are listed apart, not among the winners.
                winners: s
                    .winner
                    .map(|t| s.kept_and_converted(t).0)
                    .unwrap_or_default(),
            },
        }
    }
    fn chance(_r: &GridRules, s: &State, c: &Command) -> Option<Chance> {
        match (c, &s.phase) {
            (Command::Roll { dice: None }, Phase::Placing { .. }) => {
                Some(Chance { dice: vec![20, 20] })
            }
            (Command::Roll { dice: None }, Phase::Wonder { team }) => Some(Chance {
                dice: vec![round::wonder_die(s.team_members(*team).len())],
            }),
            _ => None,
        }
    }
    fn set_chance(c: &Command, faces: Option<&[u8]>) -> Option<Command> {
        match (c, faces) {
            (Command::Roll { dice: None }, Some(faces)) => Some(Command::Roll {
                dice: Some(Faces::from_slice(faces)),
            }),
            (_, Some(_)) => Some(c.clone()),
            (Command::Roll { dice: Some(_) }, None) => Some(Command::Roll { dice: None }),
            (_, None) => None,
        }
    }
    fn legal(r: &GridRules, s: &State) -> Vec<Command> {
        legal(r, s)
    }
    fn invariants(r: &GridRules, s: &State, _by_play: bool) -> Result<(), String> {
        invariants(r, s)
    }
}

impl Words for Grid {
    fn parse(r: &GridRules, s: &State, line: &str) -> Result<Parsed<Command>, String> {
        protocol::parse(r, s, line)
    }
    fn format_command(r: &GridRules, s: &State, c: &Command) -> String {
        protocol::format_command(r, s, c)
    }
    /// An undone sealed order names its player, never its cards.
    fn public_command(r: &GridRules, s: &State, c: &Command) -> String {
        match c {
            Command::Order { player, .. } if *player < s.pieces.len() => {
                format!("{}'s sealed order", s.pieces[*player].name)
            }
            _ => protocol::format_command(r, s, c),
        }
    }
    fn narrate(r: &GridRules, after: &State, e: &Event) -> Option<Said> {
        Said::of(narrate::event(r, after, e), super::speech::event(after, e))
    }
    fn state_json(r: &GridRules, s: &State, viewer: Audience) -> Value {
        protocol::state_json(r, s, viewer)
    }
    fn prompt(_r: &GridRules, s: &State) -> String {
        narrate::prompt(s)
    }
}

impl Play for Grid {
    fn random_command(r: &GridRules, s: &State, rng: &mut PlayRng) -> Option<Command> {
        random_command(r, s, rng)
    }
    /// The steady player: every seat plays the computer seats' own heuristic (the engine's computer.rs),
    /// sides are taken to even the teams, and the dice are the only chance. A seat's own: its
    /// order by the heuristic, whoever else owes one (others' sealed orders are never read).
    fn steady(r: &GridRules, s: &State, seat: Option<usize>, rng: &mut PlayRng) -> Option<Command> {
        let Some(seat) = seat else {
            return steady_command(r, s, rng);
        };
        match s.phase {
            Phase::Orders if s.may_order(seat) && !s.pieces[seat].computer => {
                Some(Command::Order {
                    player: seat,
                    order: computer::order(r, s, seat),
                })
            }
            _ => steady_command(r, s, rng).filter(|c| Self::whose(r, s, c).seat() == Some(seat)),
        }
    }
    /// Sealed orders are the only hidden part: a rollout forgets them, and each player seals
    /// again.
    fn redraw_hidden(_r: &GridRules, s: &State, keep: Option<usize>, _rng: &mut PlayRng) -> State {
        let mut out = s.clone();
        for (i, p) in out.pieces.iter_mut().enumerate() {
            if Some(i) != keep {
                p.order = None;
            }
        }
        out
    }
    /// A seat's order and side are its own; the start, a roll and the next round wait on the
    /// human seat `to_act` names (a roll for one of the game's own pieces is the table's);
    /// the walls are the table's to set, and a correction nobody's choice. An order is sealed
    /// in secret: only its seat's token, phone or own computer seat makes it (sealed again,
    /// it is the player changing their mind, still theirs alone).
    fn whose(r: &GridRules, s: &State, c: &Command) -> Whose {
        let own = |seat| Whose::Seat {
            seat,
            table_may: true,
        };
        match c {
            Command::Order { player, .. } if *player < s.pieces.len() => Whose::Seat {
                seat: *player,
                table_may: false,
            },
            // A side is chosen once; changed afterwards, it is the table's doing.
            Command::Side { player, .. } => s
                .pieces
                .get(*player)
                .filter(|p| p.team.is_none())
                .map_or(Whose::Table, |_| own(*player)),
            Command::Roll { .. } | Command::Next | Command::Start => match Self::to_act(r, s) {
                ToAct::One(p) | ToAct::Chance { player: p, .. } if p < s.humans => own(p),
                _ => Whose::Table,
            },
            _ => Whose::Table,
        }
    }
    fn wild_command(r: &GridRules, s: &State, rng: &mut PlayRng) -> Option<Command> {
        let n = s.pieces.len();
        let p = rng.random_range(0..n);
        Some(match rng.random_range(0..8) {
            0 => {
                let k = rng.random_range(1..=3);
                Command::Order {
                    player: p,
                    order: Order::Move((0..k).map(|_| Dir::ALL[rng.random_range(0..4)]).collect()),
                }
            }
            1 => Command::Order {
                player: p,
                order: Order::Attack,
            },
            2 => Command::Side {
                player: p,
                team: Team::BOTH[rng.random_range(0..2)],
            },
            3 => Command::Start,
            4 => Command::Roll {
                dice: Some(smallvec::smallvec![
                    rng.random_range(1..=20),
                    rng.random_range(1..=20)
                ]),
            },
            5 => Command::Roll {
                dice: Some(smallvec::smallvec![rng.random_range(1..=20)]),
            },
            6 => Command::Wall {
                field: (
                    rng.random_range(0..=r.columns + 1),
                    rng.random_range(0..=r.rows + 1),
                ),
                edge: if rng.random() {
                    Edge::East
                } else {
                    Edge::South
                },
                on: rng.random(),
            },
            _ => Command::Place {
                player: p,
                field: (
                    rng.random_range(0..=r.columns + 1),
                    rng.random_range(0..=r.rows + 1),
                ),
            },
        })
    }
    /// Rounds from the state's count (`State::counts`).
    fn turns(_r: &GridRules, s: &State) -> Option<u64> {
        Some(s.counts.0.rounds)
    }
    /// Which team won, and the game's big wonders and conversions (`State::counts`).
    fn figures(_r: &GridRules, s: &State) -> Vec<Figure> {
        let counts = s.counts.0;
        let mut out = vec![Figure::Note("(turns are rounds in the grid game)".into())];
        if let Some(w) = s.winner {
            for t in Team::BOTH {
                out.push(Figure::Share(format!("{} win", t.word()), t == w));
            }
        }
        out.push(Figure::PerGame("big wonders".into(), counts.wonders));
        out.push(Figure::PerGame("conversions".into(), counts.conversions));
        out
    }
}

impl Story for Grid {
    /// Each human seat scores its team's size; nobody is ever out (pieces change sides).
    /// A score per team, not per seat (the teams are what wins): its players, then its strip;
    /// a human seat is out once converted (only the never-converted members of the winning
    /// team win).
    /// The odds are the teams'; a piece plays for the team it is on now (a conversion
    /// changes it). The teams are the sides: the winning team, or the leading one.
    fn standing(_r: &GridRules, s: &State) -> boardside_engine::game::Standing {
        let scores: Vec<i64> = [Team::Scientists, Team::Religionists]
            .iter()
            .map(|&t| s.team_members(t).len() as i64 * 1000 + s.strips[t.index()] as i64)
            .collect();
        boardside_engine::game::Standing {
            won: Some(match s.winner {
                Some(t) => vec![t.index()],
                None => boardside_engine::game::leaders(&scores),
            }),
            scores,
            out: s
                .pieces
                .iter()
                .take(s.humans)
                .filter(|p| p.converted)
                .count(),
            side_of: s
                .pieces
                .iter()
                .map(|p| p.team.map_or(0, |t| t.index()))
                .collect(),
            teams: Some(&Team::WORDS),
            judged: None,
        }
    }
    fn report(
        _r: &GridRules,
        _players: &[String],
        steps: &[boardside_engine::game::StepOf<Self>],
    ) -> boardside_engine::panels::Report {
        super::report::report(steps)
    }
    /// The winners the records count are the winning team's members never converted; each
    /// seat's part is the team it chose at the start.
    fn record(
        _r: &GridRules,
        players: &[String],
        steps: &[boardside_engine::game::StepOf<Self>],
    ) -> boardside_engine::game::GameRecord {
        boardside_engine::game::GameRecord {
            winners: Some(super::report::kept_their_side(steps)),
            roles: (0..players.len())
                .map(|seat| super::report::first_side(steps, seat).map(|t| t.word().to_string()))
                .collect(),
            feats: super::report::feats(steps),
        }
    }
}

/// Every order a piece could seal now (its feet's limit), for menus and the conformance suite.
pub fn orders_for(r: &GridRules, s: &State, p: usize) -> Vec<Order> {
    (0..order_count(r, s, p))
        .map(|k| nth_order(r, s, p, k))
        .collect()
}

/// How many orders `orders_for` lists: attack, pray, and every move of 1 to the feet's most
/// steps in the four directions.
pub fn order_count(r: &GridRules, s: &State, p: usize) -> usize {
    let steps = most_steps(r, s, p) as u32;
    2 + (1..=steps).map(|k| 4usize.pow(k)).sum::<usize>()
}

fn most_steps(r: &GridRules, s: &State, p: usize) -> usize {
    r.max_steps[s.pieces[p].sticker(super::state::Part::Feet).index()] as usize
}

/// The `k`th order of `orders_for`, built alone (the random player samples without listing):
/// attack, pray, then the moves shortest first, each length in `Dir::ALL` order with the
/// first step varying slowest.
pub fn nth_order(r: &GridRules, s: &State, p: usize, k: usize) -> Order {
    match k {
        0 => Order::Attack,
        1 => Order::Pray,
        _ => {
            let (mut k, mut len) = (k - 2, 1u32);
            while len < most_steps(r, s, p) as u32 && k >= 4usize.pow(len) {
                k -= 4usize.pow(len);
                len += 1;
            }
            let path = (0..len)
                .rev()
                .map(|digit| Dir::ALL[(k / 4usize.pow(digit)) % 4])
                .collect();
            Order::Move(path)
        }
    }
}

fn legal(r: &GridRules, s: &State) -> Vec<Command> {
    let mut out = Vec::new();
    let walls = |out: &mut Vec<Command>| {
        for c in 1..=r.columns {
            for row in 1..=r.rows {
                for edge in [Edge::East, Edge::South] {
                    if super::rules::unit(r.columns, r.rows, c as i64, row as i64, edge).is_ok() {
                        out.push(Command::Wall {
                            field: (c, row),
                            edge,
                            on: !s.is_wall((c, row), edge),
                        });
                    }
                }
            }
        }
    };
    match &s.phase {
        Phase::Setup => {
            for p in 0..s.humans {
                for team in Team::BOTH {
                    out.push(Command::Side { player: p, team });
                }
            }
            if (0..s.humans).all(|p| s.pieces[p].team.is_some()) {
                out.push(Command::Start);
            }
            walls(&mut out);
        }
        Phase::Placing { .. } => {
            out.push(Command::Roll { dice: None });
            walls(&mut out);
        }
        Phase::Orders => {
            if !s.anyone_owes() {
                out.push(Command::Next);
            }
            for p in (0..s.humans).filter(|&p| s.may_order(p)) {
                for order in orders_for(r, s, p) {
                    out.push(Command::Order { player: p, order });
                }
            }
        }
        Phase::Wonder { .. } => out.push(Command::Roll { dice: None }),
        Phase::Over => {}
    }
    out
}

fn random_command(r: &GridRules, s: &State, rng: &mut PlayRng) -> Option<Command> {
    Some(match &s.phase {
        Phase::Setup => match (0..s.humans).find(|&p| s.pieces[p].team.is_none()) {
            Some(p) => Command::Side {
                player: p,
                team: Team::BOTH[rng.random_range(0..2)],
            },
            None => Command::Start,
        },
        Phase::Placing { .. } => Command::Roll {
            dice: Some(smallvec::smallvec![
                rng.random_range(1..=20),
                rng.random_range(1..=20)
            ]),
        },
        Phase::Orders => {
            // Counted, then found: no list built for every sealed order.
            let owing = s.owing_seats();
            if owing == 0 {
                return Some(Command::Next);
            }
            let k = below(rng, owing.count_ones() as usize);
            // At most `MAX_HUMANS` (8) seats owe: a byte, its kth seat read from a table.
            let p = match u8::try_from(owing) {
                Ok(byte) => select_in_byte(byte, k),
                Err(_) => nth_one(std::iter::once(owing), k)?,
            };
            // Mostly the computer seats' own heuristic, sometimes any order: varied play.
            Command::Order {
                player: p,
                order: varied_order(r, s, p, (3, 5), rng),
            }
        }
        Phase::Wonder { team } => {
            let faces = round::wonder_die(s.team_members(*team).len());
            Command::Roll {
                dice: Some(smallvec::smallvec![rng.random_range(1..=faces)]),
            }
        }
        Phase::Over => return None,
    })
}

fn invariants(r: &GridRules, s: &State) -> Result<(), String> {
    let mut seen = BTreeSet::new();
    for p in &s.pieces {
        if let Some(f) = p.at {
            if !r.on_board(f.0 as i32, f.1 as i32) {
                return Err(format!("{} stands off the board at {f:?}", p.name));
            }
            if !seen.insert(f) {
                return Err(format!("two pieces share {f:?}"));
            }
        }
        if p.order.is_some() && (p.computer || p.stunned > 0 || s.phase != Phase::Orders) {
            return Err(format!("{} holds a sealed order it may not have", p.name));
        }
    }
    for t in Team::BOTH {
        if s.strips[t.index()] > s.strip_length {
            return Err(format!("the {} strip overflows", t.word()));
        }
    }
    if !matches!(s.phase, Phase::Setup) && s.pieces.iter().any(|p| p.team.is_none()) {
        return Err("a piece has no team after the start".into());
    }
    if matches!(s.phase, Phase::Orders) {
        if s.pieces.iter().any(|p| p.at.is_none()) {
            return Err("a round is played with a piece off the board".into());
        }
        if !s.wonders_due.is_empty() {
            return Err("a wonder draw was skipped".into());
        }
        if !s.anyone_owes() && (0..s.humans).any(|p| s.may_order(p)) {
            return Err("a round waits for orders but nobody owes one".into());
        }
    }
    if (s.winner.is_some()) != (s.phase == Phase::Over) {
        return Err("the winner and the phase disagree".into());
    }
    if let Some(w) = s.winner {
        if !s.team_members(w.other()).is_empty() {
            return Err("a winner while the other team still has players".into());
        }
    }
    Ok(())
}

/// A command's numbers in range: every player it names is in the game, a move has 1 to 3
/// cards, dice are dice and a wall is on the board.
fn check_command(r: &GridRules, s: &State, c: &Command) -> Result<(), String> {
    let player = |p: usize| {
        (p < s.pieces.len())
            .then_some(())
            .ok_or_else(|| format!("player number {p} is not in this game"))
    };
    match c {
        Command::Side { player: p, .. } | Command::Place { player: p, .. } => player(*p),
        Command::Order { player: p, order } => {
            player(*p)?;
            match order {
                Order::Move(d) if d.is_empty() || d.len() > 3 => {
                    Err("a move order has 1 to 3 cards".into())
                }
                _ => Ok(()),
            }
        }
        Command::Roll { dice: Some(d) }
            if d.is_empty() || d.len() > 2 || d.iter().any(|&x| x == 0 || x > 20) =>
        {
            Err(format!("dice {d:?} are not one or two dice of 1 to 20"))
        }
        Command::Wall { field, .. } if field.0 as u16 > r.columns as u16 + 1 => {
            Err("off the board".into())
        }
        Command::Set(k) => match *k {
            Correction::Sticker { player: p, .. }
            | Correction::Count { player: p, .. }
            | Correction::Stun { player: p, .. }
            | Correction::Team { player: p, .. }
            | Correction::Wonder { player: p, .. } => player(p),
            Correction::Strip { .. } => Ok(()),
        },
        _ => Ok(()),
    }
}

/// Seat `p`'s order: the computer seats' heuristic `heuristic.0` times in `heuristic.1`,
/// otherwise any of its legal orders.
fn varied_order(
    r: &GridRules,
    s: &State,
    p: usize,
    heuristic: (u32, u32),
    rng: &mut PlayRng,
) -> Order {
    if rng.random_ratio(heuristic.0, heuristic.1) {
        computer::order(r, s, p)
    } else {
        nth_order(r, s, p, below(rng, order_count(r, s, p)))
    }
}

/// The steady player's next command, whoever makes it (`Play::steady`).
fn steady_command(r: &GridRules, s: &State, rng: &mut PlayRng) -> Option<Command> {
    match &s.phase {
        Phase::Setup => Some(match (0..s.humans).find(|&p| s.pieces[p].team.is_none()) {
            Some(p) => {
                let sci = s.team_members(Team::Scientists).len();
                let rel = s.team_members(Team::Religionists).len();
                Command::Side {
                    player: p,
                    team: if sci <= rel {
                        Team::Scientists
                    } else {
                        Team::Religionists
                    },
                }
            }
            None => Command::Start,
        }),
        // A person's order in a playout: the heuristic four times in five, else any order.
        // People do not always play the sensible move, and with the heuristic alone every
        // playout from a position was the same game (the wonder's die aside): the odds read
        // 100% ±0 from the first round, and a strong seat's 48 playouts of a choice were one.
        Phase::Orders => Some(match s.owing().next() {
            Some(p) => Command::Order {
                player: p,
                order: varied_order(r, s, p, (4, 5), rng),
            },
            None => Command::Next,
        }),
        _ => random_command(r, s, rng),
    }
}
