//! What a grid game's report draws: the two power strips and each team's size, round by round.

use super::state::Team;
use super::Grid;
use boardside_engine::game::StepOf;
use boardside_engine::panels::{Panel, Report, Series};

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
