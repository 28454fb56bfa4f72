//! The victory watch (illuminati: Victory Conditions): each player's distance to the regular
//! goal and to their special goal, checked after every command. The UFOs' goal stays secret.

use super::rules::{Alignment, Goal, IlluRules};
use super::state::State;
use super::structure::{alignments, groups_of, power, transferable, wealth};

/// One goal: what it is, how far the player is, and what it takes.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub label: String,
    pub have: i64,
    pub need: i64,
    /// The UFOs' secret goal: never shown before it is met.
    pub secret: bool,
}

impl Progress {
    pub fn met(&self) -> bool {
        self.have >= self.need
    }
}

fn special(r: &IlluRules, s: &State, p: usize, goal: &Goal) -> Option<Progress> {
    let groups = groups_of(r, s, p);
    let ill = s.players[p].illuminati?;
    let all = s.structure(p);
    let count = |a: Alignment| {
        groups
            .iter()
            .filter(|&&g| alignments(r, s, g).contains(&a))
            .count() as i64
    };
    Some(match goal {
        Goal::Power { total } => Progress {
            label: "power".into(),
            have: all.iter().map(|&c| power(r, s, c)).sum(),
            need: *total,
            secret: false,
        },
        Goal::Transferable { total } => Progress {
            label: "transferable power".into(),
            have: all.iter().map(|&c| transferable(r, s, c)).sum(),
            need: *total,
            secret: false,
        },
        Goal::Money { total } => Progress {
            label: "MB".into(),
            have: wealth(s, p),
            need: *total,
            secret: false,
        },
        Goal::Alignment {
            alignment,
            count: n,
        } => Progress {
            label: format!("{} groups", alignment.word()),
            have: count(*alignment),
            need: *n as i64,
            secret: false,
        },
        Goal::EveryAlignment => Progress {
            label: "alignments".into(),
            have: Alignment::ALL.iter().filter(|&&a| count(a) > 0).count() as i64,
            need: Alignment::ALL.len() as i64,
            secret: false,
        },
        Goal::Destroyed { count: n } => Progress {
            label: "destroyed".into(),
            have: s.players[p].destroyed as i64,
            need: *n as i64,
            secret: false,
        },
        Goal::Secret => {
            let chosen = s.players[p].goal?;
            let g = r.cards[chosen].goal.clone()?;
            let mut pr = special(r, s, p, &g)?;
            pr.secret = true;
            pr
        }
        Goal::Regular { .. } => return None,
    })
    .filter(|_| ill < r.cards.len())
}

/// Every goal of a player: the regular one first, then the special one.
pub fn progress(r: &IlluRules, s: &State, p: usize) -> Vec<Progress> {
    let Some(ill) = s.players[p].illuminati else {
        return vec![];
    };
    let goal = r.cards[ill].goal.clone();
    let fewer = match goal {
        Some(Goal::Regular { fewer }) => fewer,
        _ => 0,
    };
    let mut have = groups_of(r, s, p).len() as i64;
    if s.illuminati_card_counts {
        have += 1;
    }
    let need = r.regular_goal(s.players.len()).saturating_sub(fewer) as i64;
    let mut out = vec![Progress {
        label: "groups".into(),
        have,
        need,
        secret: false,
    }];
    if let Some(pr) = goal.as_ref().and_then(|g| special(r, s, p, g)) {
        out.push(pr);
    }
    out
}

/// The first player who meets a goal (the player whose turn it is first), and how.
pub fn winner(r: &IlluRules, s: &State) -> Option<(usize, String)> {
    let n = s.players.len();
    let alive: Vec<usize> = (0..n).filter(|&p| !s.players[p].eliminated).collect();
    if alive.len() == 1 && n > 1 {
        return Some((alive[0], "the last player standing".into()));
    }
    for k in 0..n {
        let p = (s.current + k) % n;
        if s.players[p].eliminated {
            continue;
        }
        for g in progress(r, s, p) {
            if g.met() {
                let how = if g.secret {
                    format!("the secret goal: {} of {} {}", g.have, g.need, g.label)
                } else {
                    format!("{} of {} {}", g.have, g.need, g.label)
                };
                return Some((p, how));
            }
        }
    }
    None
}
