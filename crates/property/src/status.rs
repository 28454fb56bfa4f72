//! Status points (scientopoly ¶5-7): which landings are eligible (the site's level must deliver
//! the player's next status), gaining a point, and winning on the target status.

use super::debt;
use super::event::{Event, StatusWhy};
use super::ruleset::Ruleset;
use super::state::{State, HOTEL};
use super::Table;

/// Does this game count status?
pub fn counted(s: &State) -> bool {
    s.options.target_status > 0
}

/// The highest status the square delivers now: its own figure (Flag 36, Freewinds 40, the
/// stations), or what its development level delivers (Mission 10, Org 20, AO 30, Idle Org 30).
pub fn cap(rules: &Ruleset, s: &State, sq: usize) -> u8 {
    if let Some(d) = rules.squares[sq].delivers {
        return d;
    }
    let Some(st) = &rules.status else {
        return u8::MAX;
    };
    let level = s.squares[sq].level;
    let index = if level == HOTEL {
        st.level_caps.len() - 1
    } else {
        (level as usize).min(st.level_caps.len() - 1)
    };
    st.level_caps[index]
}

/// An eligible landing: the site can deliver the player's next status.
pub fn eligible(rules: &Ruleset, s: &State, p: usize, sq: usize) -> bool {
    s.players[p].status < cap(rules, s, sq)
}

/// One status point; reaching the target wins the game.
pub(crate) fn gain(t: &mut Table, p: usize, why: StatusWhy) {
    let status = t.s.players[p].status.saturating_add(1);
    t.emit(Event::Status {
        player: p,
        status,
        why,
    });
    if status >= t.s.options.target_status && !t.s.over {
        debt::finish(t, p);
    }
}

/// Each player's chance in the race to the target status judged from the statuses alone, for
/// a computer seat's look ahead stopped before the end (`Story::judged`); None in a game
/// without status. Net worth says nothing of who wins this race (over 3,000 games of steady
/// players, the shares of worth at any turn foretold the winner no better than a guess), the
/// statuses do: a point ahead counts more the nearer the leader is to the target, each one
/// multiplying a player's odds by e^(3 / the points the leader still needs), the weight that
/// foretold those games best. A bankrupt player has no chance.
pub fn race_chances(s: &State) -> Option<Vec<f64>> {
    if !counted(s) {
        return None;
    }
    let alive = |p: usize| !s.players[p].bankrupt;
    let lead = (0..s.players.len())
        .filter(|&p| alive(p))
        .map(|p| s.players[p].status)
        .max()
        .unwrap_or(0);
    let needs = f64::from(s.options.target_status.saturating_sub(lead).max(1));
    let odds: Vec<f64> = (0..s.players.len())
        .map(|p| {
            if alive(p) {
                (3.0 * f64::from(s.players[p].status) / needs).exp()
            } else {
                0.0
            }
        })
        .collect();
    let sum: f64 = odds.iter().sum();
    Some(if sum > 0.0 {
        odds.iter().map(|o| o / sum).collect()
    } else {
        vec![0.0; odds.len()]
    })
}

/// The name of a development level, when the ruleset names them.
pub(crate) fn level_name(rules: &Ruleset, level: u8) -> Option<&str> {
    let st = rules.status.as_ref()?;
    let index = if level == HOTEL {
        st.level_names.len() - 1
    } else {
        level as usize
    };
    st.level_names.get(index).map(String::as_str)
}
