//! The grid game (rules in shared/rules/grid-game.txt, readings in rulesets/grid.toml):
//! scientists against religionists on a 13x19 board. Everyone seals an order each round; the
//! computer reveals and resolves them and keeps the notebook. `execute` is the entry point.
#![forbid(unsafe_code)]

pub mod computer;
pub mod corrections;
pub mod event;
pub mod family;
pub mod movement;
pub mod narrate;
pub mod orders;
pub mod protocol;
pub mod report;
pub mod round;
pub mod rules;
pub mod setup;
pub mod speech;
pub mod state;

pub use event::{apply, Event};
pub use family::Grid;
pub use rules::{GridOptions, GridRules};
pub use state::State;

use serde::{Deserialize, Serialize};

use boardside_engine::RuleError;
use state::{Action, Edge, Field, Level, Order, Part, Team};

/// A roll's faces: held in place (one or two dice), saved as a list.
pub type Faces = smallvec::SmallVec<[u8; 2]>;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    Side {
        player: usize,
        team: Team,
    },
    Wall {
        field: Field,
        edge: Edge,
        on: bool,
    },
    Place {
        player: usize,
        field: Field,
    },
    Start,
    /// Placement takes two d20, the wonder's draw one die; None until the device rolls.
    Roll {
        dice: Option<Faces>,
    },
    Order {
        player: usize,
        order: Order,
    },
    /// Play a round in which every human is stunned (the computer seats' orders alone).
    Next,
    Set(Correction),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Correction {
    Sticker {
        player: usize,
        part: Part,
        level: Level,
    },
    Count {
        player: usize,
        action: Action,
        value: u32,
    },
    Stun {
        player: usize,
        rounds: u32,
    },
    Strip {
        team: Team,
        value: u32,
    },
    Team {
        player: usize,
        team: Team,
    },
    Wonder {
        player: usize,
        rounds: u32,
    },
}

/// A command being carried out (engine::table): every change goes through `emit`.
pub type Table<'a> = boardside_engine::table::Table<'a, Grid>;

/// What the grid rules add to a command being carried out (a trait: the table is the engine's
/// type).
pub trait Helpers {
    fn name(&self, p: usize) -> &str;
}

impl Helpers for Table<'_> {
    fn name(&self, p: usize) -> &str {
        &self.s.pieces[p].name
    }
}

/// Carry out one command. Every command checks all its conditions before its first event,
/// so a refusal leaves the state as it was.
pub fn execute_into(
    rules: &GridRules,
    s: &mut State,
    cmd: &Command,
    out: &mut boardside_engine::game::Events<Event>,
) -> Result<(), RuleError> {
    out.clear();
    if let Some(team) = s.winner {
        return Err(RuleError::new(format!(
            "the game is over: the {} won",
            team.word()
        )));
    }
    Table::run(rules, s, out, |t| match cmd {
        Command::Side { player, team } => setup::side(t, *player, *team),
        Command::Wall { field, edge, on } => setup::wall(t, *field, *edge, *on),
        Command::Place { player, field } => setup::place(t, *player, *field),
        Command::Start => setup::start(t),
        Command::Roll { dice } => match t.s.phase {
            state::Phase::Placing { .. } => setup::roll(t, dice.as_deref()),
            state::Phase::Wonder { .. } => round::wonder_roll(t, dice.as_deref()),
            _ => Err(RuleError::new(
                "no roll is due: rolls place the pieces, and draw the big wonder's holder",
            )),
        },
        Command::Order { player, order } => orders::seal(t, *player, order),
        Command::Next => round::play_unattended(t),
        Command::Set(c) => corrections::correct(t, c),
    })
}
