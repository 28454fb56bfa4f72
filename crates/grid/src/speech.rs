//! What the grid game says aloud: "Reveal!", each stun and conversion, a strip filling, the
//! wonder and the winner. Never a sealed order before its reveal.

use super::event::Event;
use super::state::State;
use boardside_engine::game::{Speech, Weight};

/// The spoken form of an event, if the table should hear it (`after`: the state just after).
pub fn event(s: &State, e: &Event) -> Option<Speech> {
    let n = |i: usize| s.pieces[i].name.as_str();
    let say = |w, topic, text: String| Some(Speech::new(w, topic, text));
    match e {
        // A new round cuts short what is still being said of the last.
        Event::Round { round } => say(Weight::Turn, "round", format!("Round {round}")),
        Event::Revealed { .. } => say(Weight::High, "reveal", "Reveal!".into()),
        Event::Stunned { player, rounds, .. } => say(
            Weight::Normal,
            "stun",
            format!("{} is stunned for {rounds} rounds", n(*player)),
        ),
        // Filling: from three quarters on, each step is worth hearing.
        Event::Strip { team, value } if *value * 4 >= s.strip_length * 3 => say(
            Weight::Low,
            "strip",
            format!("The {} strip: {value} of {}", team.word(), s.strip_length),
        ),
        Event::StripFull { team } => say(
            Weight::High,
            "strip",
            format!("The {} strip is full!", team.word()),
        ),
        Event::Wonder {
            player,
            granted: true,
            ..
        } => say(
            Weight::High,
            "wonder",
            format!("{} holds the big wonder", n(*player)),
        ),
        Event::Converted { player, to, .. } => say(
            Weight::High,
            "convert",
            format!("{} joins the {}", n(*player), to.word()),
        ),
        Event::Winner { team } => say(Weight::High, "end", format!("The {} win!", team.word())),
        _ => None,
    }
}
