//! The grid game's events, each carrying its working, and `apply`, the only code that changes a
//! grid state (bookkeeping only: every decision is taken by the rule modules).

use serde::{Deserialize, Serialize};

use super::state::{
    Action, Dir, Edge, Field, Level, Order, Part, Phase, Piece, RoundOrders, State, Team,
};

/// Why a move step failed (grid-game readings: walls, the board's edge, conflicts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Block {
    /// A wall on this edge of this field.
    Wall {
        field: Field,
        edge: Edge,
    },
    Edge,
    /// Another piece stays there this step.
    Occupied {
        by: usize,
    },
    /// Several pieces stepped into the same field.
    Contested,
    /// Two pieces tried to swap fields.
    Swap {
        with: usize,
    },
}

/// How a piece came to its starting field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Placement {
    Dice {
        d1: u8,
        d2: u8,
    },
    /// `place`: the table put it there.
    Table,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A remark for the table that changes nothing (what a correction did, in words); a
    /// release may add, leave out or reword it (`Game::remark`).
    Note {
        text: String,
    },
    Side {
        player: usize,
        team: Team,
    },
    Wall {
        field: Field,
        edge: Edge,
        on: bool,
    },
    /// A computer seat joins the smaller team (grid-game: Preparation ¶1).
    Computer {
        name: String,
        team: Team,
    },
    Placed {
        player: usize,
        field: Field,
        how: Placement,
    },
    /// A placement roll that must be rolled again; `taken_by` when the field is occupied.
    Missed {
        player: usize,
        d1: u8,
        d2: u8,
        taken_by: Option<usize>,
    },
    Phase {
        phase: Phase,
    },
    Round {
        round: u32,
    },
    /// An order sealed (its cards are only for the player until the reveal).
    Sealed {
        player: usize,
        order: Order,
    },
    /// Every order of the round, the computer seats' included, face up.
    Revealed {
        orders: RoundOrders,
    },
    Step {
        player: usize,
        from: Field,
        to: Field,
        dir: Dir,
    },
    Blocked {
        player: usize,
        step: u8,
        dir: Dir,
        from: Field,
        why: Block,
    },
    Stunned {
        player: usize,
        by: usize,
        rounds: u32,
    },
    /// An attack with no enemy around: counted, no effect.
    MissedAttack {
        player: usize,
    },
    Prayer {
        player: usize,
        units: u32,
        with: usize,
    },
    /// A prayer with no teammate praying around: counted, no effect.
    Unheard {
        player: usize,
    },
    Strip {
        team: Team,
        value: u32,
    },
    /// A full strip empties and its team's wonder is due to be drawn.
    StripFull {
        team: Team,
    },
    /// The strip was full: the table or the device rolls to choose a member.
    WonderRoll {
        team: Team,
        faces: u8,
        roll: u8,
        chosen: Option<usize>,
    },
    /// `granted`: drawn this round, so it acts from the next round on (a table correction
    /// acts at once).
    Wonder {
        player: usize,
        rounds: u32,
        granted: bool,
    },
    Converted {
        player: usize,
        by: usize,
        to: Team,
    },
    /// The round's end: stuns and wonders that were in force count down.
    Countdown,
    Count {
        player: usize,
        action: Action,
        value: u32,
    },
    Sticker {
        player: usize,
        part: Part,
        level: Level,
        upgrade: bool,
    },
    Stun {
        player: usize,
        rounds: u32,
    },
    Team {
        player: usize,
        team: Team,
    },
    Winner {
        team: Team,
    },
}

#[inline(always)]
pub fn apply(s: &mut State, e: &Event) {
    // The events of every round's resolution here, the rest in `apply_other`: inlined where
    // each event is made (`Table::emit`), this is there only the arm for that event.
    match e {
        Event::Sealed { player, order } => s.pieces[*player].order = Some(*order),
        Event::Step { player, to, .. } => s.pieces[*player].at = Some(*to),
        Event::Stunned { player, rounds, .. } => {
            let earlier = s.earlier_stuns;
            let p = &mut s.pieces[*player];
            // A stun counts the rounds that follow. Another stun sets the longer of the two,
            // without adding (grid.toml, Attack): a stun running since an earlier round has
            // `stunned - 1` rounds left after this one, so only a longer new one replaces it
            // (and then skips this round's countdown); a shorter one changes nothing, and the
            // running stun keeps counting down.
            let left_after_this_round = if p.fresh_stun || earlier {
                p.stunned
            } else {
                p.stunned.saturating_sub(1)
            };
            if *rounds > left_after_this_round {
                p.stunned = *rounds;
                p.fresh_stun = true;
            } else if earlier {
                p.fresh_stun = true;
            }
        }
        Event::Strip { team, value } => s.strips[team.index()] = *value,
        Event::Count {
            player,
            action,
            value,
        } => s.pieces[*player].counts[*action as usize] = *value,
        Event::Round { round } => s.round = *round,
        // Every round's too: applied where made, not through the jump on the kind of event in
        // `apply_other`, which the processor often guessed wrong.
        Event::Revealed { orders } => {
            for p in s.pieces.iter_mut() {
                p.order = None;
            }
            s.revealed.clear();
            s.revealed.extend_from_slice(orders);
        }
        Event::Phase { phase } => s.phase = phase.clone(),
        Event::Countdown => {
            // Without a branch a piece (who was stunned or granted this round is random).
            for p in s.pieces.iter_mut() {
                p.stunned = p.stunned.saturating_sub(!p.fresh_stun as u32);
                p.fresh_stun = false;
                p.wonder = p.wonder.saturating_sub(!p.fresh_wonder as u32);
                p.fresh_wonder = false;
            }
        }
        Event::Blocked { .. }
        | Event::Prayer { .. }
        | Event::Missed { .. }
        | Event::MissedAttack { .. }
        | Event::Unheard { .. } => {}
        _ => apply_other(s, e),
    }
}

/// `apply` for the events of set-up, wonders, corrections and the end.
#[inline(never)]
fn apply_other(s: &mut State, e: &Event) {
    match e {
        Event::Note { .. } => {}
        Event::Side { player, team } | Event::Team { player, team } => {
            s.pieces[*player].team = Some(*team)
        }
        Event::Wall { field, edge, on } => {
            if *on {
                s.walls.insert((field.0, field.1, *edge));
            } else {
                s.walls.remove(&(field.0, field.1, *edge));
            }
        }
        Event::Computer { name, team } => s.pieces.push(Piece::new(name, Some(*team), true)),
        Event::Placed { player, field, .. } => s.pieces[*player].at = Some(*field),
        Event::StripFull { team } => {
            s.strips[team.index()] = 0;
            s.wonders_due.push(*team);
        }
        Event::WonderRoll {
            team,
            chosen,
            faces,
            ..
        } => {
            // Drawn, or nothing to roll for (a team of one, or of none): the draw is done.
            if chosen.is_some() || *faces == 0 {
                s.wonders_due.retain(|t| t != team);
            }
        }
        Event::Wonder {
            player,
            rounds,
            granted,
        } => {
            let p = &mut s.pieces[*player];
            p.wonder = *rounds;
            p.fresh_wonder = *granted && *rounds > 0;
        }
        Event::Converted { player, to, .. } => {
            let p = &mut s.pieces[*player];
            p.team = Some(*to);
            p.converted = true;
        }
        Event::Sticker {
            player,
            part,
            level,
            ..
        } => s.pieces[*player].stickers[*part as usize] = *level,
        Event::Stun { player, rounds } => {
            s.pieces[*player].stunned = *rounds;
            s.pieces[*player].fresh_stun = false;
        }
        Event::Winner { team } => {
            s.winner = Some(*team);
            s.phase = Phase::Over;
        }
        // Applied by `apply` itself.
        Event::Sealed { .. }
        | Event::Step { .. }
        | Event::Stunned { .. }
        | Event::Strip { .. }
        | Event::Count { .. }
        | Event::Round { .. }
        | Event::Revealed { .. }
        | Event::Phase { .. }
        | Event::Countdown
        | Event::Blocked { .. }
        | Event::Prayer { .. }
        | Event::Missed { .. }
        | Event::MissedAttack { .. }
        | Event::Unheard { .. } => apply(s, e),
    }
}
