//! Illuminati's events as words with their working: income card by card, the attack's
//! modifiers and the number needed, the roll, money spent and where it went. Secret goals and
//! hidden specials are told to their player alone.

use super::event::{Event, Purse, Why};
use super::protocol::working_lines;
use super::rules::IlluRules;
use super::state::{State, Status};
use boardside_engine::game::{Audience, Said};
use boardside_engine::words::counted;

pub fn event(r: &IlluRules, s: &State, e: &Event) -> Option<Said> {
    let pn = |p: usize| s.players[p].name.clone();
    let cn = |c: usize| r.cards[c].name.clone();
    let purse = |x: &Purse| match x {
        Purse::Bank => "the bank".to_string(),
        Purse::Card(c) => cn(*c),
    };
    let mut to = Audience::Table;
    let text = match e {
        Event::Chose { player, card } => format!("{} plays {}", pn(*player), cn(*card)),
        // Which goal stays secret (the player reads it with `state --as PLAYER`).
        Event::Goal { player, .. } => format!("{} has chosen a secret goal (kept hidden)", pn(*player)),
        Event::Place { card, status, owner, master } => match (status, owner, master) {
            // Many names are plural ("The UFOs", "Feminists"): the card's name leads, then a
            // colon, so no verb has to agree with it.
            (Status::Controlled, Some(o), Some(m)) => format!("{}: now in {}'s power structure, under {}", cn(*card), pn(*o), cn(*m)),
            (Status::Uncontrolled, _, _) => format!("{}: uncontrolled, face up", cn(*card)),
            (Status::Dead, _, _) => format!("{}: to the dead pile", cn(*card)),
            (Status::Deck, _, _) => return None,
            _ => return None,
        },
        Event::Money { from, to: dest, amount, why } => match why {
            Why::Start => format!("{}: {amount} MB to start", purse(dest)),
            Why::Income if matches!(from, Purse::Bank) => format!("income: {} +{amount} MB (now {})", purse(dest), treasury(s, dest)),
            Why::Income => format!("income: {} pays {amount} MB (its negative income)", purse(from)),
            Why::Tax { .. } => format!("{} taxes {amount} MB from {}", purse(dest), purse(from)),
            Why::Pass => format!("{} passes: +{amount} MB to {}", pn(s.current), purse(dest)),
            Why::Transfer => format!("{amount} MB moved from {} to {}", purse(from), purse(dest)),
            Why::Gift => format!("{amount} MB given from {} to {}", purse(from), purse(dest)),
            Why::Spent { player, role } => format!("{} spends {amount} MB from {} ({}); it goes to the bank", pn(*player), purse(from), role.word()),
            Why::Capture => format!("{amount} MB of {}'s treasury goes to the bank (half, rounded down, follows the group)", purse(from)),
            Why::Lost => format!("{}'s {amount} MB go to the bank", purse(from)),
            Why::Special { special } => format!("{}: +{amount} MB to {}", r.specials[*special].name, purse(dest)),
            Why::ExtraDraw => format!("{} pays {amount} MB for an extra draw", purse(from)),
            Why::TakenBack => format!("{amount} MB of income taken back from {}", purse(from)),
            Why::Correction => format!("{} now holds {} MB (correction)", purse(if matches!(from, Purse::Bank) { dest } else { from }), treasury(s, if matches!(from, Purse::Bank) { dest } else { from })),
        },
        Event::Phase { .. } | Event::TurnState { .. } | Event::KeepBeforeRoll { .. } | Event::KeepBeforeSpecial { .. } | Event::Destroyed { .. } => return None,
        Event::TurnStarts { player } => format!("{}'s turn", pn(*player)),
        Event::Drew { player, .. } => format!("{} draws a special card (kept hidden)", pn(*player)),
        // Which special it is stays between the two players.
        Event::GaveSpecial { from, to, .. } => format!("{} gives {} a special card", pn(*from), pn(*to)),
        Event::Discard { player, special, played } => match (played, special) {
            (true, Some(k)) => format!("{} plays {}", pn(*player), r.specials[*k].name),
            _ => format!("{} discards a special card", pn(*player)),
        },
        Event::Attack { attack: None } => return None,
        Event::Attack { attack: Some(a) } => {
            let untouched = a.attacker_mb + a.group_mb + a.defender_mb + a.interfere.iter().sum::<i64>() + a.assist.iter().sum::<i64>() == 0;
            let need = super::attack::need(r, s, a);
            // Committed with nothing spent: the roll's own bookkeeping, said by the roll.
            if untouched && a.committed {
                return None;
            }
            if untouched && !a.privileged && !a.abolished {
                format!(
                    "{} attacks to {} {} with {}{}: {}",
                    pn(a.player),
                    a.kind.word(),
                    cn(a.target),
                    cn(a.attacker),
                    if a.aid.is_empty() { String::new() } else { format!(", aided by {}", a.aid.iter().map(|&g| cn(g)).collect::<Vec<_>>().join(", ")) },
                    working_lines(r, s, a).iter().map(|l| l.trim().to_string()).collect::<Vec<_>>().join("; ")
                )
            } else {
                format!(
                    "{}{}",
                    if super::protocol::can_succeed(need) { format!("now needed: {need} or less") } else { "now the attack cannot succeed".to_string() },
                    if a.privileged { " (privileged: no interference)" } else if a.abolished { " (privilege abolished)" } else { "" }
                )
            }
        }
        Event::Rolled { dice, total, need, success } => format!(
            "roll {} + {} = {total} against {need}: {}",
            dice.0,
            dice.1,
            if *success { "success".to_string() } else if *total >= 11 { "fails (11 and 12 always fail)".to_string() } else { "fails".to_string() }
        ),
        Event::Restore { .. } => "worked out again, as before the card".into(),
        Event::Eliminated { player } => format!("{} is eliminated", pn(*player)),
        Event::Arrows { card, arrows } => format!("{}: {arrows} outward control arrows", cn(*card)),
        Event::Alignments { card, alignments } => format!(
            "{}: {} this turn",
            cn(*card),
            alignments.as_ref().map(|v| v.iter().map(|a| a.word()).collect::<Vec<_>>().join(", ")).unwrap_or_default()
        ),
        Event::Stats { card, stats } => format!("{}: power {}, transferable {}, income {} (entered by the table)", cn(*card), stats.0, stats.1, stats.2),
        Event::SetTurn { player } => format!("it is {}'s turn (correction)", pn(*player)),
        Event::Note { to: who, text } => {
            if let Some(p) = who {
                to = Audience::Player(*p);
            }
            text.clone()
        }
        Event::Winner { player, why } => format!("{} wins: {why}", pn(*player)),
    };
    Some(Said {
        audience: to,
        text,
        speech: None,
    })
}

fn treasury(s: &State, p: &Purse) -> i64 {
    match p {
        Purse::Bank => s.bank,
        Purse::Card(c) => s.cards[*c].treasury,
    }
}

pub fn prompt(r: &IlluRules, s: &State) -> String {
    let pn = |p: usize| s.players[p].name.clone();
    match s.phase {
        super::state::Phase::Setup => match s.players.iter().position(|p| p.illuminati.is_none()) {
            Some(p) => format!("choose Illuminati: `illuminati {} ID`", pn(p)),
            None => "deal the face-up groups (`uncontrolled GROUP...`), then `start`".into(),
        },
        super::state::Phase::Over => format!(
            "the game is over: {} won",
            s.winner.map(pn).unwrap_or_default()
        ),
        super::state::Phase::Turn => {
            let p = s.current;
            if let Some(a) = &s.attack {
                let need = super::attack::need(r, s, a);
                return format!(
                    "attack on {}: {need} needed; `spend`, `interfere`, `assist`, then `roll`",
                    r.cards[a.target].name
                );
            }
            if s.turn.draws_left > 0 {
                return format!(
                    "{} draws a group or a special (`draw GROUP`, `draw special [ID]`)",
                    pn(p)
                );
            }
            format!(
                "{}: {}, {} left; `attack`, `transfer`, `move`, `give`, `drop`, `play`, `pass` or `end`",
                pn(p),
                counted(s.turn.actions_left, "action"),
                counted(s.turn.transfers_left, "transfer")
            )
        }
    }
}
