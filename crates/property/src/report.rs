//! What a property game's report draws: each player's net worth over the turns (and status in
//! status games), who paid whom for rent, tax, cards and buildings, and how often each square
//! was landed on; and a finished game's feats for the records (the most rent paid, the longest
//! auction).

use super::event::{Event, How};
use super::state::{valuation, Lot, Pending, Why};
use super::{Property, Ruleset};
use boardside_engine::game::StepOf;
use boardside_engine::ledger::Account;
use boardside_engine::panels::{series, Feat, Panel, Report};

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

/// A property game's feats for the table's records: the most rent one player paid over the
/// game, and the auction with the most bids (and who won it).
pub fn feats(rules: &Ruleset, players: &[String], steps: &[StepOf<Property>]) -> Vec<Feat> {
    let n = players.len();
    let name = |p: usize| players.get(p).map_or("?", |s| s.as_str());
    let money = &rules.theme.money;
    let mut rent = vec![0i64; n];
    // The auction under way: its lot, its bids so far and the last bidder.
    let mut auction: Option<(Lot, i64, Option<usize>)> = None;
    let mut longest: Option<(Lot, i64, Option<usize>)> = None;
    for step in steps {
        for e in &step.events {
            match e {
                Event::Paid {
                    from: Account::Player(p),
                    amount,
                    why: Why::Rent { .. },
                    ..
                } if *p < n => rent[*p] += amount,
                Event::Await {
                    pending: Pending::Auction(a),
                } => auction = Some((a.lot, 0, None)),
                Event::Bid { player, .. } => {
                    if let Some((_, bids, last)) = &mut auction {
                        *bids += 1;
                        *last = Some(*player);
                    }
                }
                _ => {}
            }
        }
        // An auction is over once none waits any more; the first of the longest is kept.
        let waits = step
            .after
            .pending
            .iter()
            .any(|p| matches!(p, Pending::Auction(_)));
        if !waits {
            if let Some(done) = auction.take() {
                if longest.as_ref().is_none_or(|l| done.1 > l.1) {
                    longest = Some(done);
                }
            }
        }
    }
    let mut out = Vec::new();
    if let Some((p, &amount)) = rent
        .iter()
        .enumerate()
        .max_by_key(|&(p, a)| (*a, usize::MAX - p))
    {
        if amount > 0 {
            out.push(Feat {
                what: format!("most {} paid in one game", rules.theme.rent),
                seat: Some(p),
                amount,
                words: format!(
                    "{} paid {amount}{}{money} in {}",
                    name(p),
                    if money.is_empty() { "" } else { " " },
                    rules.theme.rent
                ),
            });
        }
    }
    if let Some((lot, bids, won)) = longest.filter(|l| l.1 > 0) {
        let lot = super::narrate::lot(rules, &lot);
        out.push(Feat {
            what: "longest auction".into(),
            seat: won,
            amount: bids,
            words: match won {
                Some(p) => format!("{bids} bids for {lot}, won by {}", name(p)),
                None => format!("{bids} bids for {lot}"),
            },
        });
    }
    out
}
