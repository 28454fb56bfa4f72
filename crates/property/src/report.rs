//! What a property game's report draws: each player's net worth over the turns (and status in
//! status games), who paid whom for rent, tax, cards and buildings, and how often each square
//! was landed on.

use super::event::{Event, How};
use super::state::{valuation, Why};
use super::{Property, Ruleset};
use boardside_engine::game::StepOf;
use boardside_engine::ledger::Account;
use boardside_engine::panels::{series, Panel, Report};

/// The reasons the who-paid-whom tables split money by.
const REASONS: [&str; 4] = ["rent", "tax", "cards", "buildings"];

fn reason(why: &Why) -> Option<usize> {
    match why {
        Why::Rent { .. } => Some(0),
        Why::FlatTax { .. } | Why::PercentTax { .. } => Some(1),
        Why::Card { .. } | Why::Repairs { .. } => Some(2),
        Why::Build { .. } | Why::SellBuilding { .. } => Some(3),
        _ => None,
    }
}

pub fn report(rules: &Ruleset, players: &[String], steps: &[StepOf<Property>]) -> Report {
    let n = players.len();
    let mut worth = series(players);
    let mut status = series(players);
    // Rows and columns: the players, then the bank.
    let mut paid = vec![vec![vec![0i64; n + 1]; n + 1]; REASONS.len()];
    let mut landings = vec![0u64; rules.squares.len()];
    let mut turn = 0usize;
    let at = |a: &Account| match a {
        Account::Player(p) => (*p).min(n),
        Account::Bank => n,
    };
    for (i, step) in steps.iter().enumerate() {
        let mut turned = i == 0;
        for e in &step.events {
            match e {
                Event::TurnStarts { .. } => {
                    turn += 1;
                    turned = true;
                }
                Event::Paid {
                    from,
                    to,
                    amount,
                    why,
                } => {
                    if let Some(r) = reason(why) {
                        paid[r][at(from)][at(to)] += amount;
                    }
                }
                // A landing is a move that ends on the square (by the dice or a card), not a
                // correction of the table's.
                Event::Moved { to, how, .. } if !matches!(how, How::Correction) => {
                    if let Some(c) = landings.get_mut(*to) {
                        *c += 1;
                    }
                }
                _ => {}
            }
        }
        // One point per turn (and the last state), so the lines have the turns as x.
        if turned || i + 1 == steps.len() {
            let s = &step.after;
            for p in 0..n.min(s.players.len()) {
                let x = turn as f64;
                worth[p].points.push((x, valuation(rules, s, p) as f64));
                status[p].points.push((x, s.players[p].status as f64));
            }
        }
    }
    let mut panels = vec![Panel::Lines {
        title: "Worth (cash, squares at their price or mortgage value, buildings)".into(),
        x_label: "turn".into(),
        y_label: "worth".into(),
        series: worth,
    }];
    if rules.status.is_some() {
        panels.push(Panel::Lines {
            title: "Status".into(),
            x_label: "turn".into(),
            y_label: "status".into(),
            series: status,
        });
    }
    let mut names: Vec<String> = players.to_vec();
    names.push("Bank".into());
    for (r, cells) in paid.into_iter().enumerate() {
        panels.push(Panel::Table {
            title: format!("Who paid whom: {}", REASONS[r]),
            rows: names.clone(),
            cols: names.clone(),
            cells,
        });
    }
    panels.push(Panel::Strip {
        title: "Landings per square".into(),
        labels: rules.squares.iter().map(|s| s.name.clone()).collect(),
        counts: landings,
    });
    Report {
        title: String::new(),
        panels,
    }
}
