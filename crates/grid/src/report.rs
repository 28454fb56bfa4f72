//! What a grid game's report draws: the two power strips and each team's size, round by round.

use super::state::Team;
use super::Grid;
use boardside_engine::game::StepOf;
use boardside_engine::panels::{Feat, Panel, Report, Series};

use super::event::Event;

pub fn report(steps: &[StepOf<Grid>]) -> Report {
    let line = |name: &str| Series {
        name: name.into(),
        points: Vec::new(),
    };
    let mut strips = [line("scientists' strip"), line("religionists' strip")];
    let mut sizes = [line("scientists"), line("religionists")];
    let mut last_round = None;
    for (i, step) in steps.iter().enumerate() {
        let s = &step.after;
        // Nothing to draw while the sides are being chosen (no team has anyone yet).
        if s.phase == super::state::Phase::Setup {
            continue;
        }
        // One point per round: the state when the round changed, and the end.
        if last_round != Some(s.round) || i + 1 == steps.len() {
            last_round = Some(s.round);
            let x = s.round as f64;
            for t in Team::BOTH {
                strips[t.index()]
                    .points
                    .push((x, s.strips[t.index()] as f64));
                sizes[t.index()]
                    .points
                    .push((x, s.team_members(t).len() as f64));
            }
        }
    }
    Report {
        title: String::new(),
        panels: vec![
            Panel::Lines {
                title: "Power strips".into(),
                x_label: "round".into(),
                y_label: "strip".into(),
                series: strips.to_vec(),
            },
            Panel::Lines {
                title: "Team sizes".into(),
                x_label: "round".into(),
                y_label: "pieces".into(),
                series: sizes.to_vec(),
            },
        ],
    }
}

/// The team a seat chose at the start (a table's correction before any choice counts as it).
pub fn first_side(steps: &[StepOf<Grid>], seat: usize) -> Option<Team> {
    steps.iter().flat_map(|s| &s.events).find_map(|e| match e {
        Event::Side { player, team } | Event::Team { player, team } if *player == seat => {
            Some(*team)
        }
        _ => None,
    })
}

/// grid-game, the goal: convince every player of the other side "while not being converted
/// yourself". The winners a table's records count: the members of the winning team at the
/// end who were never converted (the engine's winners are the whole team, as the game ends).
pub fn kept_their_side(steps: &[StepOf<Grid>]) -> Vec<usize> {
    let Some(end) = steps.last().map(|s| &s.after) else {
        return vec![];
    };
    let converted = |seat: usize| {
        steps
            .iter()
            .flat_map(|s| &s.events)
            .any(|e| matches!(e, Event::Converted { player, .. } if *player == seat))
    };
    (0..end.pieces.len())
        .filter(|&p| end.winner.is_some() && end.pieces[p].team == end.winner && !converted(p))
        .collect()
}

/// The longest stun of the game (the most rounds one attack stunned a piece for), and by whom.
/// Ties: the earlier.
pub fn feats(steps: &[StepOf<Grid>]) -> Vec<Feat> {
    // Pieces by name as the table calls them (the computer's seats too).
    let end = steps.last().map(|s| &s.after);
    let name = |p: usize| {
        end.and_then(|s| s.pieces.get(p))
            .map_or("?", |x| x.name.as_str())
    };
    let mut best: Option<(u32, usize, usize)> = None;
    for step in steps {
        for e in &step.events {
            if let Event::Stunned { player, by, rounds } = e {
                if best.is_none_or(|b| *rounds > b.0) {
                    best = Some((*rounds, *player, *by));
                }
            }
        }
    }
    best.map(|(rounds, player, by)| Feat {
        what: "longest stun".into(),
        seat: Some(by),
        amount: rounds as i64,
        words: format!("{} stunned {} for {rounds} rounds", name(by), name(player)),
    })
    .into_iter()
    .collect()
}
