//! A group card on the device: what it is and where it sits, and what it may do when its
//! owner taps it (attack, move money, go under another master, go, be dropped, give).

use super::*;

/// What a group of yours may do now, each line only when the rules would take it.
pub(super) fn card_entries(g: &Se, c: usize) -> Vec<(String, IAct)> {
    let (s, r) = (&g.state, &g.rules);
    let pn = |p: usize| s.players[p].name.to_string();
    let mut out = Vec::new();
    // Only where some target takes its attack (`card_words` says why not); before the
    // turn's draw, offered as ever (the target's tap says the draw comes first).
    if s.turn.actions_left > 0 && s.attack.is_none() && (!drawn(g) || can_attack(g, c).is_ok()) {
        out.push((
            "Attack with it".into(),
            IAct::Go(IView::Declare { cards: vec![c] }),
        ));
    }
    let anywhere = s.structure(s.current).into_iter().any(|to| {
        to != c
            && legal(
                g,
                &Command::Transfer {
                    from: c,
                    to,
                    amount: 1,
                },
            )
    });
    if anywhere {
        out.push((
            "Move MB to another group".into(),
            IAct::Go(IView::Transfer {
                from: c,
                to: None,
                amount: 1,
            }),
        ));
    }
    if !r.cards[c].illuminati {
        let under = s.structure(s.current).into_iter().any(|m| {
            legal(
                g,
                &Command::Move {
                    group: c,
                    master: m,
                },
            )
        });
        if under {
            out.push((
                "Move it under another group".into(),
                IAct::Go(IView::MoveUnder {
                    group: c,
                    master: None,
                }),
            ));
        }
        for q in 0..s.players.len() {
            let cmd = Command::Give {
                group: c,
                player: q,
            };
            if q != s.current && legal(g, &cmd) {
                out.push((format!("Give it to {}", pn(q)), IAct::Cmd(cmd)));
            }
        }
        if legal(g, &Command::Drop { group: c }) {
            out.push(("Drop it...".into(), IAct::Go(IView::Drop { card: c })));
        }
    }
    if s.cards[c].treasury > 0
        && s.players
            .iter()
            .enumerate()
            .any(|(q, p)| q != s.current && !p.eliminated && p.illuminati.is_some())
    {
        out.push((
            "Give MB to a player".into(),
            IAct::Go(IView::GiveMoney {
                from: c,
                to: None,
                amount: 1,
            }),
        ));
    }
    out.push(("Back".into(), IAct::Go(IView::Main)));
    out
}

/// Dropping a group, asked first: No (back to the group), or Yes.
pub(super) fn drop_entries(g: &Se, c: usize) -> Vec<(String, IAct)> {
    vec![
        ("No: keep it".into(), IAct::Go(IView::Card { card: c })),
        (
            format!("Yes: drop {}", g.rules.cards[c].name),
            IAct::Cmd(Command::Drop { group: c }),
        ),
    ]
}

/// What dropping a group does, said before it is done.
pub(super) fn drop_words(g: &Se, c: usize) -> String {
    let (s, r) = (&g.state, &g.rules);
    let mut out = format!(
        "Drop {}? It goes back to the uncontrolled groups",
        r.cards[c].name
    );
    if s.cards[c].treasury > 0 {
        out.push_str(&format!(", its {} MB to the bank", s.cards[c].treasury));
    }
    let under = puppets(s, c).len();
    if under > 0 {
        out.push_str(&format!(
            ", with {} under it",
            counted(under as i64, "group")
        ));
    }
    out
}

/// A group of yours, shown: its money and its place in the structure (a target tapped next
/// is attacked by it).
pub(super) fn card_words(g: &Se, c: usize) -> String {
    let (s, r) = (&g.state, &g.rules);
    // An attack left in the turn that this group cannot make: why, where its line would be.
    let why_not = match can_attack(g, c) {
        Err(why)
            if drawn(g)
                && s.turn.actions_left > 0
                && s.attack.is_none()
                && s.cards[c].owner == Some(s.current) =>
        {
            format!(". No attack now: {why}")
        }
        _ => String::new(),
    };
    format!(
        "{}: {} MB, {}{why_not}",
        r.cards[c].name,
        s.cards[c].treasury,
        place_words(g, c)
    )
}

/// Has the turn's draw been made (or need it not come first)? Until then the draw is what
/// the screen asks for, not why an attack cannot be made.
fn drawn(g: &Se) -> bool {
    g.state.turn.draws_left == 0 || !g.state.draw_first
}

/// A card's place in its structure: its master, its puppets and its open arrows (when the
/// card data counts them: otherwise the printed card says, and the table is trusted).
pub(super) fn place_words(g: &Se, c: usize) -> String {
    let (s, r) = (&g.state, &g.rules);
    let under = s.cards[c]
        .master
        .map(|m| format!("under {}, ", r.cards[m].name))
        .unwrap_or_default();
    let arrows = open_arrows(s, c)
        .map(|o| format!(", {}", counted(o, "open arrow")))
        .unwrap_or_default();
    format!(
        "{under}{}{arrows}",
        counted(puppets(s, c).len() as i64, "puppet")
    )
}

/// A card's alignments in words ("Violent, Criminal", or "of no alignment").
pub(super) fn alignments_words(g: &Se, c: usize) -> String {
    let als = crate::engine::illuminati::structure::alignments(&g.rules, &g.state, c);
    if als.is_empty() {
        "of no alignment".into()
    } else {
        als.iter().map(|a| a.word()).collect::<Vec<_>>().join(", ")
    }
}

/// The menus that move money and cards: a transfer, money given, a group moved under another
/// card, the lasers' change of alignment.
/// Where money from `from` may go: each group of the structure the rules allow, the free
/// transfer onto a group just captured saying so.
fn transfer_targets(g: &Se, from: usize, amount: i64) -> Vec<(String, IAct)> {
    use crate::engine::illuminati::turn::{transfer_cost, TransferCost};
    let (s, r) = (&g.state, &g.rules);
    let mut out: Vec<(String, IAct)> = Vec::new();
    for c in s.structure(s.current) {
        let cmd = Command::Transfer {
            from,
            to: c,
            amount: 1,
        };
        if c != from && legal(g, &cmd) {
            let free = transfer_cost(r, s, from, c) == TransferCost::Capture;
            out.push((
                format!(
                    "To {}{}",
                    r.cards[c].name,
                    if free { " (free)" } else { "" }
                ),
                IAct::Go(IView::Transfer {
                    from,
                    to: Some(c),
                    amount,
                }),
            ));
        }
    }
    out.push(("Back".into(), IAct::Go(IView::Card { card: from })));
    out
}

pub(super) fn moving_entries(g: &Se, view: &IView) -> Vec<(String, IAct)> {
    let s = &g.state;
    let r = &g.rules;
    let pn = |p: usize| s.players[p].name.to_string();
    let back = || ("Back".to_string(), IAct::Go(IView::Main));
    let mut out: Vec<(String, IAct)> = Vec::new();
    match view {
        IView::Transfer {
            from,
            to: None,
            amount,
        } => out.extend(transfer_targets(g, *from, *amount)),
        IView::Transfer {
            from,
            to: Some(to),
            amount,
        } => {
            out.push((
                format!(
                    "Move {amount} MB from {} to {}",
                    r.cards[*from].name, r.cards[*to].name
                ),
                IAct::Spend,
            ));
        }
        IView::GiveMoney {
            from,
            to: None,
            amount,
        } => {
            for q in (0..s.players.len()).filter(|&q| Some(q) != s.cards[*from].owner) {
                if !s.players[q].eliminated && s.players[q].illuminati.is_some() {
                    out.push((
                        format!("To {}", pn(q)),
                        IAct::Go(IView::GiveMoney {
                            from: *from,
                            to: Some(q),
                            amount: *amount,
                        }),
                    ));
                }
            }
            out.push(("Back".into(), IAct::Go(IView::Card { card: *from })));
        }
        IView::GiveMoney {
            from,
            to: Some(to),
            amount,
        } => {
            out.push((
                format!(
                    "Give {amount} MB from {} to {}",
                    r.cards[*from].name,
                    pn(*to)
                ),
                IAct::Spend,
            ));
        }
        IView::MoveUnder {
            group,
            master: None,
        } => {
            for m in s.structure(s.current) {
                let cmd = Command::Move {
                    group: *group,
                    master: m,
                };
                if legal(g, &cmd) {
                    out.push((
                        format!("Under {}", r.cards[m].name),
                        IAct::Go(IView::MoveUnder {
                            group: *group,
                            master: Some(m),
                        }),
                    ));
                }
            }
            out.push(("Back".into(), IAct::Go(IView::Card { card: *group })));
        }
        IView::MoveUnder {
            group,
            master: Some(m),
        } => out.push((
            format!("Put {} under {}", r.cards[*group].name, r.cards[*m].name),
            IAct::Cmd(Command::Move {
                group: *group,
                master: *m,
            }),
        )),
        IView::Laser { group: None } => {
            for c in (0..r.cards.len()).filter(|&c| laser_target(g, c)) {
                out.push((
                    r.cards[c].name.clone(),
                    IAct::Go(IView::Laser { group: Some(c) }),
                ));
            }
            out.push(back());
        }
        IView::Laser { group: Some(c) } => {
            let has = crate::engine::illuminati::structure::alignments(r, s, *c).to_vec();
            for al in Alignment::ALL {
                let hows: &[&str] = if has.contains(&al) {
                    &["remove", "reverse"]
                } else {
                    &["add"]
                };
                for how in hows {
                    let cmd = Command::Laser {
                        group: *c,
                        how: how.to_string(),
                        alignment: al,
                    };
                    if legal(g, &cmd) {
                        let mut word = how.to_string();
                        word[..1].make_ascii_uppercase();
                        let mut al_word = al.word().to_string();
                        al_word[..1].make_ascii_uppercase();
                        out.push((format!("{word} {al_word}"), IAct::Cmd(cmd)));
                    }
                }
            }
            out.push(("Back".into(), IAct::Go(IView::Laser { group: None })));
        }
        _ => {}
    }
    out
}
