//! What an Illuminati game's report draws: each player's money (every treasury in the power
//! structure) and the groups they control, turn by turn.

use super::Illuminati;
use boardside_engine::game::StepOf;
use boardside_engine::panels::{series, Panel, Report};

pub fn report(players: &[String], steps: &[StepOf<Illuminati>]) -> Report {
    let mut money = series(players);
    let mut groups = series(players);
    let mut turn = 0usize;
    let mut current = None;
    for (i, step) in steps.iter().enumerate() {
        let s = &step.after;
        // Nothing to draw before the game starts: no treasury is filled yet (the first
        // points are the starting treasuries).
        if s.phase == super::state::Phase::Setup {
            continue;
        }
        // A new turn whenever the player to act changes.
        let turned = current != Some(s.current);
        if turned {
            current = Some(s.current);
            turn += 1;
        }
        if turned || i + 1 == steps.len() {
            for p in 0..players.len().min(s.players.len()) {
                let structure = s.structure(p);
                let cash: i64 = structure.iter().map(|&c| s.cards[c].treasury).sum();
                // The Illuminati card leads the structure; the rest are the groups held.
                let held = structure
                    .iter()
                    .filter(|&&c| Some(c) != s.players[p].illuminati)
                    .count();
                money[p].points.push((turn as f64, cash as f64));
                groups[p].points.push((turn as f64, held as f64));
            }
        }
    }
    Report {
        title: String::new(),
        panels: vec![
            Panel::Lines {
                title: "Money in each power structure".into(),
                x_label: "turn".into(),
                y_label: "megabucks".into(),
                series: money,
            },
            Panel::Lines {
                title: "Groups controlled".into(),
                x_label: "turn".into(),
                y_label: "groups".into(),
                series: groups,
            },
        ],
    }
}
