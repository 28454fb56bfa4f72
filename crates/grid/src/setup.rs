//! Preparation (grid-game: Preparation ¶1-2): sides, walls, computer seats for the smaller
//! team, and placing the pieces by two d20 in seat order.

use super::event::{Event, Placement};
use super::rules;
use super::state::{Edge, Field, Phase, Team};
use super::{round, Table};
use crate::Helpers as _;
use boardside_engine::ensure;
use boardside_engine::RuleError;

pub fn side(t: &mut Table, player: usize, team: Team) -> Result<(), RuleError> {
    ensure!(
        t.s.phase == Phase::Setup,
        "sides are chosen before `start`; after it, `set team` corrects a piece's team"
    );
    ensure!(player < t.s.humans, "{} is a computer seat", t.name(player));
    t.emit(Event::Side { player, team });
    Ok(())
}

/// `wall` and `unwall`: the table may change the walls before the first round.
pub fn wall(t: &mut Table, field: Field, edge: Edge, on: bool) -> Result<(), RuleError> {
    ensure!(
        matches!(t.s.phase, Phase::Setup | Phase::Placing { .. }),
        "walls are set before the first round"
    );
    let (c, r) = (field.0 as i64, field.1 as i64);
    rules::unit(t.rules.columns, t.rules.rows, c, r, edge).map_err(RuleError::new)?;
    let there = t.s.is_wall(field, edge);
    ensure!(
        on != there,
        "there is {} wall {} of ({c},{r})",
        if there { "already a" } else { "no" },
        edge.word()
    );
    t.emit(Event::Wall { field, edge, on });
    Ok(())
}

/// `place`: a table correction, valid at any time: the piece stands where the table put it.
pub fn place(t: &mut Table, player: usize, field: Field) -> Result<(), RuleError> {
    ensure!(
        t.rules.on_board(field.0 as i32, field.1 as i32),
        "({},{}) is not on the {}x{} board",
        field.0,
        field.1,
        t.rules.columns,
        t.rules.rows
    );
    if let Some(other) = t.s.piece_at(field).filter(|&o| o != player) {
        return Err(RuleError::new(format!(
            "{} already stands on ({},{})",
            t.name(other),
            field.0,
            field.1
        )));
    }
    t.emit(Event::Placed {
        player,
        field,
        how: Placement::Table,
    });
    if matches!(t.s.phase, Phase::Placing { piece } if piece == player) {
        next_to_place(t);
    }
    Ok(())
}

/// `start`: computer seats join the smaller team until the teams are even, then the pieces
/// are placed.
pub fn start(t: &mut Table) -> Result<(), RuleError> {
    ensure!(t.s.phase == Phase::Setup, "the game has started");
    let unsided: Vec<&str> = (0..t.s.humans)
        .filter(|&i| t.s.pieces[i].team.is_none())
        .map(|i| t.s.pieces[i].name.as_str())
        .collect();
    ensure!(
        unsided.is_empty(),
        "first choose a side for {}: `side PLAYER scientists|religionists`",
        unsided.join(", ")
    );
    let size = |t: &Table, team: Team| t.s.team_members(team).len();
    loop {
        let (a, b) = (size(t, Team::Scientists), size(t, Team::Religionists));
        if a == b {
            break;
        }
        let team = if a < b {
            Team::Scientists
        } else {
            Team::Religionists
        };
        // cpu1, cpu2, ...: numbered after any computer seat the device seated as a player
        // (the device names its own seats so too, one name for a computer in every game).
        let taken = |name: &str| t.s.pieces.iter().any(|p| p.name.eq_ignore_ascii_case(name));
        let name = (1..)
            .map(|n| format!("cpu{n}"))
            .find(|n| !taken(n))
            .unwrap_or_default();
        t.emit(Event::Computer { name, team });
    }
    next_to_place(t);
    Ok(())
}

/// The next piece without a field, in seat order; when all stand, the first round begins.
fn next_to_place(t: &mut Table) {
    match (0..t.s.pieces.len()).find(|&i| t.s.pieces[i].at.is_none()) {
        Some(piece) => t.emit(Event::Phase {
            phase: Phase::Placing { piece },
        }),
        None => round::next_round(t),
    }
}

/// A placement roll: the first d20 is the column (1-13), the second the row (1-19); off the
/// board or onto a taken field, the same piece rolls again (grid-game: Preparation ¶2b).
pub fn roll(t: &mut Table, dice: Option<&[u8]>) -> Result<(), RuleError> {
    let Phase::Placing { piece } = t.s.phase else {
        return Err(RuleError::new("no piece is being placed"));
    };
    let Some(&[d1, d2]) = dice else {
        return Err(RuleError::new(
            "placing takes two d20: `roll` or `roll D1 D2` (column, row)",
        ));
    };
    ensure!(
        (1..=20).contains(&d1) && (1..=20).contains(&d2),
        "a d20 shows 1 to 20, not {d1} and {d2}"
    );
    let field = (d1, d2);
    let on = t.rules.on_board(d1 as i32, d2 as i32);
    let taken_by = if on { t.s.piece_at(field) } else { None };
    if !on || taken_by.is_some() {
        t.emit(Event::Missed {
            player: piece,
            d1,
            d2,
            taken_by,
        });
        return Ok(());
    }
    t.emit(Event::Placed {
        player: piece,
        field,
        how: Placement::Dice { d1, d2 },
    });
    next_to_place(t);
    Ok(())
}
