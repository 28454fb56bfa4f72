//! The turn's menu: the actions left, the turn's end, the Lasers and the Recyclers, and the
//! line that says whose turn it is and what they may do.

use super::*;

/// The game's main menu: the setup's choices, a turn's draws, actions and specials, or the
/// end's standings; the watch, the log and undo.
pub(super) fn main_entries(g: &Se) -> Vec<(String, IAct)> {
    let s = &g.state;
    let r = &g.rules;
    let pn = |p: usize| s.players[p].name.to_string();
    let mut out: Vec<(String, IAct)> = Vec::new();
    match s.phase {
        Phase::Setup => {
            // A computer seat chooses its own: its line is none of the buttons' (issue 66).
            for p in (0..s.players.len()).filter(|&p| !g.header.is_computer(p)) {
                let label = s.players[p]
                    .illuminati
                    .map(|i| r.cards[i].name.clone())
                    .unwrap_or_else(|| "no Illuminati".into());
                out.push((
                    format!("{}: {label}", pn(p)),
                    IAct::Go(IView::ForPlayer { player: p }),
                ));
            }
            if let Some(p) = wants_goal(&g.rules, &g.state).filter(|&p| !g.header.is_computer(p)) {
                out.push((
                    format!("Secret goal: {}", pn(p)),
                    ask(p, IAct::Go(IView::Goal { player: p })),
                ));
            }
            out.push(("Deal a group face up".into(), IAct::Go(IView::Groups)));
            out.push(("Start".into(), IAct::Cmd(Command::Start)));
        }
        Phase::Turn => {
            let groups = (
                format!("Groups of {}", pn(s.current)),
                IAct::Go(IView::Structure),
            );
            // A computer seat's turn: the table draws its card, and the rest is its own
            // (issue 66: its lines never appear on the buttons' menus).
            let people = !g.header.is_computer(s.current);
            if s.turn.draws_left > 0 {
                out.push(("Drew a group".into(), IAct::Go(IView::Groups)));
                out.push((
                    "Drew a special".into(),
                    IAct::Cmd(Command::DrawSpecial { special: None }),
                ));
                if people {
                    out.push(groups);
                }
            } else if people {
                // With actions left the groups (where the actions are) come first: an OK
                // pressed once too often, after the dice's page, opens them and never ends
                // the turn unasked.
                let acting = s.turn.actions_left > 0;
                if acting {
                    out.push(groups.clone());
                }
                out.push(("End the turn".into(), IAct::Cmd(Command::End)));
                if !s.turn.acted {
                    out.push(("Pass: +5 MB".into(), IAct::Cmd(Command::Pass)));
                }
                if !acting {
                    out.push(groups);
                }
            }
            // The dry run only where a group of the structure recycles (the
            // menu is read at every frame).
            if people
                && has_ability(g, |a| matches!(a, Ability::ExtraDraw { .. }))
                && legal(g, &Command::Recycle)
            {
                out.push(("Recycle: one more draw".into(), IAct::Cmd(Command::Recycle)));
            }
            if people && has_lasers(g) && !s.turn.laser_used {
                out.push((
                    "Lasers: change an alignment".into(),
                    IAct::Go(IView::Laser { group: None }),
                ));
            }
            // A hand or a goal behind a token: a computer seat's has none.
            for p in (0..s.players.len()).filter(|&p| !g.header.is_computer(p)) {
                if !s.players[p].specials.is_empty() {
                    out.push((
                        format!("Specials: {}", pn(p)),
                        ask(p, IAct::Go(IView::Hand { player: p })),
                    ));
                }
            }
            // The UFOs' player may look at their secret goal again, behind their token.
            if let Some((p, words)) = ufos_goal(g).filter(|(p, _)| !g.header.is_computer(*p)) {
                let secret = IView::Secret {
                    player: p,
                    lines: vec![words],
                    public: vec![],
                };
                out.push((format!("Secret goal: {}", pn(p)), ask(p, IAct::Go(secret))));
            }
            out.push(("Income this turn".into(), IAct::Go(IView::Income)));
        }
        Phase::Over => {
            out.push(("Final standings".into(), IAct::Standings));
            out.push(("New game".into(), IAct::NewGame));
        }
    }
    // The shell's standings screen: the watch, and the live odds under it.
    out.push(("Victory watch".into(), IAct::Standings));
    out.push(("Log".into(), IAct::Log));
    out.push(("Undo".into(), IAct::Undo));
    out
}

/// A computer seat the setup still waits on, in words: "Cy (computer) is choosing its
/// Illuminati" (or its secret goal), once every person has chosen theirs.
pub(super) fn computer_choosing(g: &Se) -> Option<String> {
    let s = &g.state;
    let pn = |p: usize| &s.players[p].name;
    if s.phase != Phase::Setup {
        return None;
    }
    let choosing = |p: &usize| s.players[*p].illuminati.is_none();
    let seats = 0..s.players.len();
    if seats
        .clone()
        .any(|p| !g.header.is_computer(p) && choosing(&p))
    {
        return None;
    }
    if let Some(p) = seats.clone().find(choosing) {
        return Some(format!("{} (computer) is choosing its Illuminati", pn(p)));
    }
    wants_goal(&g.rules, s)
        .filter(|&p| g.header.is_computer(p))
        .map(|p| format!("{} (computer) is choosing its secret goal", pn(p)))
}

/// The main screen's words: what the table does next, in buttons and taps.
pub(super) fn table_words(g: &Se) -> String {
    let s = &g.state;
    let pn = |p: usize| s.players[p].name.to_string();
    match s.phase {
        Phase::Setup => {
            let choosing = |p: &usize| s.players[*p].illuminati.is_none();
            let mut people = (0..s.players.len()).filter(|&p| !g.header.is_computer(p));
            if let Some(p) = people.find(choosing) {
                return format!("{}: tap your token, then your Illuminati card", pn(p));
            }
            if let Some(words) = computer_choosing(g) {
                return words;
            }
            if let Some(p) = wants_goal(&g.rules, &g.state) {
                return format!("{} plays the UFOs: choose the secret goal", pn(p));
            }
            let dealt = s
                .cards
                .iter()
                .filter(|c| c.status == Status::Uncontrolled)
                .count();
            format!("{dealt} groups face up. Tap each card dealt, then Start")
        }
        Phase::Turn if s.turn.draws_left > 0 => {
            format!("{} draws: tap the card drawn", pn(s.current))
        }
        // A computer seat's turn is its own to play (the table only draws its cards): no
        // words to tap its groups (played by hand: "cpu1: ... Tap a group of yours").
        Phase::Turn if g.header.is_computer(s.current) => {
            if s.turn.actions_left == 0 {
                format!(
                    "{} (computer): no actions left; it ends its turn itself",
                    pn(s.current)
                )
            } else {
                format!(
                    "{} (computer) plays its turn: {} and {} left",
                    pn(s.current),
                    counted(s.turn.actions_left, "action"),
                    counted(s.turn.transfers_left, "free transfer")
                )
            }
        }
        Phase::Turn if s.turn.actions_left == 0 => format!(
            "{}: no actions left. Free moves (tap a group of yours), then End the turn",
            pn(s.current)
        ),
        Phase::Turn => format!(
            "{}: {} and {} left. Tap a group of yours: attack, move money, more",
            pn(s.current),
            counted(s.turn.actions_left, "action"),
            counted(s.turn.transfers_left, "free transfer")
        ),
        Phase::Over => match s.winner {
            Some(p) => format!("{} won the game", pn(p)),
            None => "The game is over".into(),
        },
    }
}

/// Back to where the game is: the open attack, else the turn's menu.
pub(super) fn back_to_game(g: &Se) -> (String, IAct) {
    (
        "Back".into(),
        IAct::Go(if g.state.attack.is_some() {
            IView::Attack { scroll: 0 }
        } else {
            IView::Main
        }),
    )
}

/// Does a group of the structure of the player whose turn it is have an ability `is` names?
pub(super) fn has_ability(g: &Se, is: impl Fn(&Ability) -> bool) -> bool {
    g.state
        .structure(g.state.current)
        .into_iter()
        .any(|c| g.rules.cards[c].abilities.iter().any(&is))
}
