//! What an Illuminati game's report draws: each player's money (every treasury in the power
//! structure) and the groups they control, turn by turn; and a finished game's feat for the
//! records, the biggest attack that succeeded.

use super::Illuminati;
use boardside_engine::game::StepOf;
use boardside_engine::panels::{series, Feat, Panel, Report};

use super::event::Event;
use super::rules::{IlluRules, Kind};

pub fn report(r: &IlluRules, players: &[String], steps: &[StepOf<Illuminati>]) -> Report {
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
            Panel::Notes {
                title: "What each played for".into(),
                lines: goals(r, players, steps),
            },
        ],
    }
}

/// Each player's Illuminati and its goals in words: the regular goal (groups to control) and
/// its special goal; the UFOs' secret one named once the game is over.
fn goals(r: &IlluRules, players: &[String], steps: &[StepOf<Illuminati>]) -> Vec<String> {
    let Some(s) = steps.last().map(|st| &st.after) else {
        return vec![];
    };
    let over = s.phase == super::state::Phase::Over;
    let regular = r.regular_goal(players.len());
    (0..players.len().min(s.players.len()))
        .filter_map(|p| {
            let ill = s.players[p].illuminati?;
            let card = &r.cards[ill];
            let special = match (&card.goal, s.players[p].goal) {
                (Some(super::rules::Goal::Secret), Some(chosen)) if over => r.cards[chosen]
                    .goal
                    .as_ref()
                    .map(|g| format!("{} (its secret goal)", g.words())),
                (Some(super::rules::Goal::Secret), _) => Some("a secret goal".into()),
                (Some(super::rules::Goal::Regular { .. }) | None, _) => None,
                (Some(g), _) => Some(g.words()),
            };
            // The SubGenius need fewer groups than the rest (its goal is the regular one).
            let fewer = match card.goal {
                Some(super::rules::Goal::Regular { fewer }) => fewer,
                _ => 0,
            };
            let groups = regular.saturating_sub(fewer);
            Some(match special {
                Some(sp) => format!(
                    "{}, {}: control {groups} groups, or {sp}",
                    players[p], card.name
                ),
                None => format!("{}, {}: control {groups} groups", players[p], card.name),
            })
        })
        .collect()
}

/// The biggest attack that succeeded: the most MB the attacking side (the attacker and those
/// who assisted) put into one attack whose roll succeeded and stood (a roll reworked by a
/// special straight after it does not count). Ties: the earlier.
pub fn feats(r: &IlluRules, players: &[String], steps: &[StepOf<Illuminati>]) -> Vec<Feat> {
    let name = |p: usize| players.get(p).map_or("?", |s| s.as_str());
    let card = |c: usize| r.cards.get(c).map_or("?", |x| x.name.as_str());
    let mut best: Option<Feat> = None;
    let mut standing: Option<Feat> = None;
    for (i, step) in steps.iter().enumerate() {
        let reworked = step
            .events
            .iter()
            .any(|e| matches!(e, Event::Restore { .. }));
        if let Some(f) = standing.take().filter(|_| !reworked) {
            if best.as_ref().is_none_or(|b| f.amount > b.amount) {
                best = Some(f);
            }
        }
        let rolled = step.events.iter().find_map(|e| match e {
            Event::Rolled {
                success: true,
                total,
                need,
                ..
            } => Some((*total, *need)),
            _ => None,
        });
        let before = i
            .checked_sub(1)
            .and_then(|j| steps[j].after.attack.as_ref());
        if let (Some((total, need)), Some(a)) = (rolled, before) {
            let mb = a.attacker_mb + a.assist.iter().sum::<i64>();
            let done = match a.kind {
                Kind::Control => "took",
                Kind::Neutralize => "neutralized",
                Kind::Destroy => "destroyed",
            };
            standing = Some(Feat {
                what: "biggest attack that succeeded".into(),
                seat: Some(a.player),
                amount: mb,
                words: format!(
                    "{} {done} {} with {} and {mb} MB (rolled {total}, needed {need} or less)",
                    name(a.player),
                    card(a.target),
                    card(a.attacker)
                ),
            });
        }
    }
    if let Some(f) = standing {
        if best.as_ref().is_none_or(|b| f.amount > b.amount) {
            best = Some(f);
        }
    }
    best.into_iter().collect()
}
