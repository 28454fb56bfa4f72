//! A player's hand on the device: the specials to play, opened only after that player's
//! token is tapped, and the choices that are theirs alone.

use super::*;

/// A player's specials: each to play or to give to another player.
pub(super) fn hand_entries(g: &Se, player: usize) -> Vec<(String, IAct)> {
    let s = &g.state;
    let r = &g.rules;
    let pn = |p: usize| s.players[p].name.to_string();
    let mut out: Vec<(String, IAct)> = Vec::new();
    let mut seen: Vec<Option<usize>> = vec![];
    for k in s.players[player].specials.iter() {
        if seen.contains(k) {
            continue;
        }
        seen.push(*k);
        match k {
            Some(k) => out.push((
                format!("Play {}", r.specials[*k].name),
                play_act(g, player, *k),
            )),
            // Drawn without a tag: the player says which it is as they play it.
            None => out.push((
                "Play a special...".into(),
                IAct::Go(IView::Unknown { player }),
            )),
        }
        for to in (0..s.players.len()).filter(|&to| to != player && !s.players[to].eliminated) {
            let what = k.map_or("a card".to_string(), |k| r.specials[k].name.clone());
            out.push((
                // The one who gets it first: three lines for one card read apart when cut.
                format!("Give to {}: {what}", pn(to)),
                IAct::Cmd(Command::GiveSpecial {
                    from: player,
                    to,
                    special: *k,
                }),
            ));
        }
    }
    out.push((
        "Back".into(),
        IAct::Go(if s.attack.is_some() {
            IView::Attack { scroll: 0 }
        } else {
            IView::Main
        }),
    ));
    out
}

/// The privilege's cost in money when the attacker's Illuminati may pay for it (illuminati:
/// the Bavarian Illuminati, one privileged attack a turn for 5 MB); None once paid this turn.
pub(super) fn privilege_cost(g: &Se) -> Option<i64> {
    privilege_price(g).filter(|_| !g.state.turn.privilege_used)
}

/// What the attacker's Illuminati pays for a privilege, if it may pay at all.
pub(super) fn privilege_price(g: &Se) -> Option<i64> {
    let (s, r) = (&g.state, &g.rules);
    let a = s.attack.as_ref()?;
    let ill = s.players[a.player].illuminati?;
    r.cards[ill].abilities.iter().find_map(|ab| match ab {
        Ability::Privilege { cost } => Some(*cost),
        _ => None,
    })
}

/// The attacker's specials, one line each to discard for the privilege.
pub(super) fn discard_entries(g: &Se, player: usize) -> Vec<(String, IAct)> {
    let (s, r) = (&g.state, &g.rules);
    let mut out: Vec<(String, IAct)> = Vec::new();
    let mut seen: Vec<Option<usize>> = vec![];
    for k in &s.players[player].specials {
        if seen.contains(k) {
            continue;
        }
        seen.push(*k);
        let label = match k {
            Some(k) => format!("Discard {}", r.specials[*k].name),
            // Untold to the device: "no card named" means paying where the Illuminati may.
            None if privilege_cost(g).is_none() => "Discard a special".into(),
            None => continue,
        };
        out.push((label, IAct::Cmd(Command::Privilege { special: *k })));
    }
    out.push(("Back".into(), IAct::Go(IView::Attack { scroll: 0 })));
    out
}

/// Playing special `k`: at once, or on a group chosen next when it names one.
pub(super) fn play_act(g: &Se, player: usize, k: usize) -> IAct {
    if needs_target(&g.rules.specials[k].effect) {
        IAct::Go(IView::Target {
            player,
            special: k,
            by_token: true,
        })
    } else {
        IAct::Cmd(Command::Play {
            player,
            special: k,
            target: None,
            master: None,
        })
    }
}

/// A seat's specials (play one, on a target, or give it away) and, for the UFOs' player
/// at setup, the secret goal: the lines of its private menus on the device.
pub(super) fn private_choices(g: &Se, seat: usize) -> Vec<(String, Command)> {
    if seat >= g.state.players.len() {
        return vec![];
    }
    let on = |view: IView| {
        IlluScreens {
            view,
            sel: 0,
            moment: None,
        }
        .entries(g)
    };
    let mut views = vec![];
    if !g.state.players[seat].specials.is_empty() {
        views.push(IView::Hand { player: seat });
    }
    if wants_goal(&g.rules, &g.state) == Some(seat) {
        views.push(IView::Goal { player: seat });
    }
    let mut out = vec![];
    for view in views {
        for (label, act) in on(view) {
            match act {
                IAct::Cmd(cmd) => out.push((label, cmd)),
                // A special that names a group: one line a group it may name.
                IAct::Go(target @ IView::Target { .. }) => {
                    for (group, act) in on(target) {
                        if let IAct::Cmd(cmd) = act {
                            out.push((format!("{label} on {group}"), cmd));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    // The player in turn: the turn's own steps that name no card of the structure (those
    // are tapped in the tree): drawing, passing, ending; in an attack, the roll, calling
    // it off, a privilege.
    // A group drawn: one line a group in the deck (the phone's page puts them in one list).
    if g.state.phase == Phase::Turn && g.state.current == seat {
        for cmd in <Illuminati as crate::engine::game::Game>::legal(&g.rules, &g.state) {
            if matches!(
                cmd,
                Command::Roll { .. }
                    | Command::CallOff
                    | Command::Privilege { .. }
                    | Command::DrawSpecial { .. }
                    | Command::DrawGroup { .. }
                    | Command::Pass
                    | Command::End
                    | Command::Recycle
            ) {
                let label = match cmd {
                    Command::End => "End the turn".to_string(),
                    Command::Pass => "Pass: +5 MB".to_string(),
                    Command::Roll { .. } => "Roll for the attack".to_string(),
                    Command::DrawSpecial { .. } => "Drew a special".to_string(),
                    Command::DrawGroup { group } => format!("Drew {}", g.rules.cards[group].name),
                    Command::CallOff => "Call the attack off".to_string(),
                    _ => command_words(g, &cmd),
                };
                out.push((label, cmd));
            }
        }
    }
    // An open attack: this seat's part in it from the phone (interfere, assist, or
    // defend its own group), in the steps the engine offers a seat its part
    // (`Play::offers` made to the seat itself: the same list a computer seat weighs),
    // and abolishing a privilege.
    if g.state.attack.is_some() {
        let parts = <Illuminati as crate::engine::game::Play>::offers(&g.rules, &g.state, seat);
        for (_, cmd) in parts.into_iter().filter(|(to, _)| *to == seat) {
            out.push((command_words(g, &cmd), cmd));
        }
        let abolish = Command::Abolish { player: seat };
        if legal(g, &abolish) {
            out.push((command_words(g, &abolish), abolish));
        }
    }
    out
}

impl IlluScreens {
    /// A special's card tapped: drawn into the hand when the draw is due, else played by the
    /// player whose hand or money screen is open (the turn's player otherwise), its target
    /// asked for when it names one.
    pub(super) fn special_tapped(&mut self, g: &mut Se, desk: &mut Desk, name: &str) -> Flow {
        let r = &g.rules;
        let s = &g.state;
        let Some(k) = r.special(name) else {
            desk.note = Some(format!("this ruleset has no special {name}"));
            return Flow::Stay;
        };
        // Whose card: the player whose hand or money screen is open, else the turn's.
        let player = match self.view {
            IView::Hand { player } | IView::Discard { player } | IView::Money { player, .. } => {
                player
            }
            _ => s.current,
        };
        if !s.players[player].specials.contains(&Some(k)) && all_spent(g, k) {
            desk.note = Some(format!(
                "{} was played already: every copy is on the discard pile",
                r.specials[k].name
            ));
            desk.sound = Some(crate::hw::buzzer::Sound::Refuse);
            return Flow::Stay;
        }
        let cmd = if s.phase == Phase::Turn && s.turn.draws_left > 0 {
            Command::DrawSpecial { special: Some(k) }
        } else if needs_target(&r.specials[k].effect) {
            self.go(IView::Target {
                player,
                special: k,
                by_token: false,
            });
            return Flow::Stay;
        } else {
            Command::Play {
                player,
                special: k,
                target: None,
                master: None,
            }
        };
        self.command(g, desk, cmd)
    }
}
