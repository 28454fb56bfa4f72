//! What Illuminati says aloud: whose turn, the number an attack needs and the roll's result,
//! captures and destructions, money spent going to the bank, a player one group short of a
//! goal, the winner. Never a hidden thing: a special in hand, the UFOs' goal.

use super::attack::need;
use super::event::{Event, Purse, Why};
use super::rules::{IlluRules, Kind};
use super::state::State;
use super::victory::{progress, Measure};
use boardside_engine::game::{Speech, Weight};

/// The spoken form of an event, if the table should hear it (`after`: the state just after).
pub fn event(r: &IlluRules, after: &State, e: &Event) -> Option<Speech> {
    let s = after;
    let pn = |p: usize| s.players[p].name.to_string();
    let cn = |c: usize| r.cards[c].name.as_str();
    let say = |w, topic, text: String| Some(Speech::new(w, topic, text));
    match e {
        Event::TurnStarts { player } => {
            say(Weight::Turn, "turn", format!("{}'s turn", pn(*player)))
        }
        // Declared, or money spent on it: the number needed now (the latest replaces).
        Event::Attack { attack: Some(a) } => say(
            Weight::Normal,
            "attack",
            match need(r, s, a) {
                n if n < 2 => format!("{}'s attack cannot succeed", pn(a.player)),
                n => format!("{} needs {n} or less", pn(a.player)),
            },
        ),
        // Said while the attack is still in the state (its end comes next).
        Event::Rolled { total, success, .. } => {
            let outcome = match (s.attack.as_ref(), success) {
                (Some(a), true) => match a.kind {
                    Kind::Control => format!("{} is taken", cn(a.target)),
                    Kind::Neutralize => format!("{} is neutralized", cn(a.target)),
                    Kind::Destroy => format!("{} is destroyed", cn(a.target)),
                },
                (_, true) => "success".into(),
                (_, false) => "it fails".into(),
            };
            say(Weight::High, "attack", format!("Rolled {total}: {outcome}"))
        }
        Event::Money {
            to: Purse::Bank,
            amount,
            why: Why::Spent { player, .. },
            ..
        } => say(
            Weight::Low,
            "spent",
            format!("{} puts {amount} MB in the bank", pn(*player)),
        ),
        // After a capture: the player one group short of a goal.
        Event::TurnState { turn } => {
            let (_, target) = turn.capture?;
            let owner = s.cards[target].owner?;
            progress(r, s, owner)
                .iter()
                .find(|g| !g.secret && g.need - g.have == 1)
                .and_then(|g| match g.label {
                    Measure::Groups => Some("group".to_string()),
                    Measure::Aligned(a) => Some(format!("{} group", a.word())),
                    _ => None,
                })
                .and_then(|what| {
                    say(
                        Weight::High,
                        "goal",
                        format!("{} needs one more {what}", pn(owner)),
                    )
                })
        }
        Event::Eliminated { player } => say(
            Weight::High,
            "out",
            format!("{} is out of the game", pn(*player)),
        ),
        Event::Winner { player, .. } => say(Weight::High, "end", format!("{} wins!", pn(*player))),
        _ => None,
    }
}
