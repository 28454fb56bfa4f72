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
