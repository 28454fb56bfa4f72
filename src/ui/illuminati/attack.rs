//! An attack on the device: its menu (kind, target, the money put in, the roll), who still
//! may spend, and what makes a group a target.

use super::*;

/// The attack's menu: the roll, each player's money for or against, calling it off,
/// privileging and abolishing it, the specials.
pub(super) fn attack_entries(g: &Se) -> Vec<(String, IAct)> {
    let s = &g.state;
    let pn = |p: usize| s.players[p].name.to_string();
    let back = || ("Back".to_string(), IAct::Go(IView::Main));
    let mut out: Vec<(String, IAct)> = Vec::new();
    let Some(a) = &s.attack else {
        out.push(back());
        return out;
    };
    // A computer seat's roll, calling off, hand and abolishing are its own (issue 66): the
    // table's part in its attack is the people's money and their pass.
    let computer = |p: usize| g.header.is_computer(p);
    let roll = || ("Roll".to_string(), IAct::Cmd(Command::Roll { dice: None }));
    let call_off = || ("Call it off".to_string(), IAct::Cmd(Command::CallOff));
    // Calling off and privilege are declared before any money goes to the bank (the engine
    // refuses them after): offered only while they can be taken.
    let callable = !a.committed && !computer(a.player);
    // An attack no roll can win opens on calling it off, free while no money is in the bank:
    // one OK on "Roll" threw it away. Its roll comes after the money that might change that.
    let hopeless = callable
        && !crate::engine::illuminati::protocol::can_succeed(
            crate::engine::illuminati::attack::need(&g.rules, s, a),
        );
    if hopeless {
        out.push(call_off());
    } else if !computer(a.player) {
        out.push(roll());
    }
    // A computer seat spends its own money (it is asked, not listed); anyone
    // else's money is spent after their own token (`Session::may`), the player
    // whose turn it is excepted.
    for p in (0..s.players.len()).filter(|&p| !s.players[p].eliminated && !computer(p)) {
        // A player who is neither side may interfere or assist: a line each.
        let sides = role(s, a, p, false) != role(s, a, p, true);
        let ways: &[bool] = if sides { &[false, true] } else { &[false] };
        for &assist in ways {
            let money = IAct::Go(money_view(g, p, assist));
            out.push((
                format!("{} {}: MB", pn(p), role(s, a, p, assist)),
                if p == s.current { money } else { ask(p, money) },
            ));
        }
    }
    if hopeless {
        out.push(roll());
    }
    // A computer seat's roll waits for the people to pass (`holds`); at a table of computer
    // seats it waits for nobody.
    let people = (0..s.players.len()).any(|p| !s.players[p].eliminated && !computer(p));
    if computer(s.current) && people {
        out.push(("Everyone passes".into(), IAct::AllPass));
    }
    if callable {
        if !hopeless {
            out.push(call_off());
        }
        // Privilege: the Bavarians may pay for it; anyone may discard a special instead,
        // chosen behind their token (illuminati: Bavarian Illuminati; Special cards).
        if !a.privileged && !a.abolished {
            if let Some(cost) = privilege_cost(g) {
                out.push((
                    format!("Privilege: pay {cost} MB"),
                    IAct::Cmd(Command::Privilege { special: None }),
                ));
            }
            if !s.players[a.player].specials.is_empty() {
                out.push((
                    "Privilege: discard a special".into(),
                    ask(a.player, IAct::Go(IView::Discard { player: a.player })),
                ));
            }
        }
    }
    if a.privileged {
        for p in (0..s.players.len()).filter(|&p| s.players[p].specials.len() >= 2) {
            if p != a.player && !computer(p) {
                out.push((
                    format!("{} abolishes", pn(p)),
                    ask(p, IAct::Cmd(Command::Abolish { player: p })),
                ));
            }
        }
    }
    for p in (0..s.players.len()).filter(|&p| !s.players[p].specials.is_empty() && !computer(p)) {
        out.push((
            format!("Specials: {}", pn(p)),
            ask(p, IAct::Go(IView::Hand { player: p })),
        ));
    }
    out
}

/// A player's money screen for the open attack: the attacker and the defender spend from
/// their group while it has money, then from their Illuminati.
pub(super) fn money_view(g: &Se, player: usize, assist: bool) -> IView {
    let group_dry = money_source(g, player, false).is_none_or(|c| g.state.cards[c].treasury == 0);
    IView::Money {
        player,
        amount: 1,
        assist,
        from_illuminati: group_dry,
    }
}

/// The treasury a player's money for the open attack comes from: the attacking group or the
/// target (the defender's), or their Illuminati; someone on neither side pays from their
/// Illuminati only (illuminati: Attacks, the money spent).
pub(super) fn money_source(g: &Se, player: usize, from_illuminati: bool) -> Option<usize> {
    let s = &g.state;
    let a = s.attack.as_ref()?;
    let ill = s.players[player].illuminati?;
    let group = if player == a.player {
        Some(a.attacker)
    } else if s.cards[a.target].owner == Some(player) {
        Some(a.target)
    } else {
        None
    };
    Some(match group {
        Some(c) if !from_illuminati => c,
        _ => ill,
    })
}

/// Is every copy of special `k` accounted for: discarded by the commands in effect, or known
/// to be in a hand? Then a tag of it tapped is a card from the discard pile, not one held.
pub(super) fn all_spent(g: &Se, k: usize) -> bool {
    use crate::engine::illuminati::event::Event;
    let discarded = g
        .history
        .iter()
        .flat_map(|d| d.events.iter())
        .filter(|e| matches!(e, Event::Discard { special: Some(x), .. } if *x == k))
        .count();
    let held = g
        .state
        .players
        .iter()
        .flat_map(|p| p.specials.iter())
        .filter(|h| **h == Some(k))
        .count();
    discarded + held >= g.rules.specials[k].copies as usize
}

/// The attack being declared, in words, with what the table taps next.
pub(super) fn declare_words(g: &Se, cards: &[usize]) -> String {
    let cn = |c: usize| g.rules.cards[c].name.as_str();
    match cards {
        [a] => format!("{} attacks: tap the target (or choose it)", cn(*a)),
        [a, t] => format!(
            "{} attacks {}: tap aiding groups, or choose the attack",
            cn(*a),
            cn(*t)
        ),
        [a, t, aid @ ..] => format!(
            "{} attacks {}, aided by {}: choose the attack",
            cn(*a),
            cn(*t),
            aid.iter().map(|&c| cn(c)).collect::<Vec<_>>().join(", ")
        ),
        [] => String::new(),
    }
}

/// Why card `c` cannot be attacked by the player whose turn it is, in the table's words.
pub(super) fn not_a_target(g: &Se, c: usize) -> Option<String> {
    let (s, r) = (&g.state, &g.rules);
    let name = &r.cards[c].name;
    Some(match s.cards[c].status {
        Status::Deck => format!("{name} is still in the deck: only a card in play is attacked"),
        Status::Dead => format!("{name} is destroyed"),
        _ if s.cards[c].owner == Some(s.current) => {
            format!("{name} is yours: tap a group outside your structure")
        }
        _ if r.cards[c].illuminati => format!("{name} is an Illuminati: it cannot be attacked"),
        _ if s.turn.actions_left == 0 => "no actions left this turn: no attack".into(),
        _ => return None,
    })
}

/// The attack by `attacker` on `target`, with `aid`, in each kind the rules allow now; never
/// to neutralize a group nobody controls (it would change nothing and spend an action).
pub(super) fn attack_kinds(g: &Se, attacker: usize, target: usize, aid: &[usize]) -> Vec<Command> {
    let uncontrolled = g.state.cards[target].status == Status::Uncontrolled;
    [Kind::Control, Kind::Neutralize, Kind::Destroy]
        .into_iter()
        .filter(|&k| !(k == Kind::Neutralize && uncontrolled))
        .map(|kind| Command::Attack {
            kind,
            attacker,
            target,
            aid: aid.to_vec(),
        })
        .filter(|cmd| legal(g, cmd))
        .collect()
}

/// Why `attacker` may not attack `target` in any way now (the Illuminati has had its attack
/// this turn, no action is left, ...): said at the tap, before the kind is asked.
pub(super) fn refused_attack(g: &Se, attacker: usize, target: usize) -> Option<String> {
    if !attack_kinds(g, attacker, target, &[]).is_empty() {
        return None;
    }
    let cmd = Command::Attack {
        kind: Kind::Control,
        attacker,
        target,
        aid: vec![],
    };
    refusal(g, &cmd)
}

/// May group `c` attack now: some target takes an attack from it; else why not, in the
/// rules' words for the first target (an Illuminati already in its turn's attack), or that
/// nothing may be attacked.
pub(super) fn can_attack(g: &Se, c: usize) -> Result<(), String> {
    let targets: Vec<usize> = g.rules.groups().filter(|&t| is_target(g, t)).collect();
    let mut refusals = targets.iter().map(|&t| refused_attack(g, c, t));
    match refusals.next() {
        None => Err("no group may be attacked now".into()),
        Some(None) => Ok(()),
        Some(Some(why)) => match refusals.any(|r| r.is_none()) {
            true => Ok(()),
            false => Err(why),
        },
    }
}

/// May card `c` be the target of an attack now (the tagless table's list)?
pub(super) fn is_target(g: &Se, c: usize) -> bool {
    not_a_target(g, c).is_none()
}

/// Specials played on a named group (the rules' Bribery, Computer Espionage and Whispering
/// Campaign); the rest need no target.
pub(super) fn needs_target(e: &Effect) -> bool {
    matches!(e, Effect::Bribery | Effect::Espionage | Effect::Whispering)
}

/// Has the player whose turn it is the Orbital Mind Control Lasers (or another group that
/// changes alignments)?
pub(super) fn has_lasers(g: &Se) -> bool {
    has_ability(g, |a| matches!(a, Ability::AlignmentChange))
}

/// May the Lasers change card `c`'s alignments (any other group in play)?
pub(super) fn laser_target(g: &Se, c: usize) -> bool {
    let (s, r) = (&g.state, &g.rules);
    !r.cards[c].illuminati
        && matches!(s.cards[c].status, Status::Controlled | Status::Uncontrolled)
        && !r.cards[c]
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::AlignmentChange))
}

impl IlluScreens {
    /// The most the amount screen shown now may ask: the source's money (a transfer, a gift);
    /// an attack's money is checked by the rules, whose refusal says what is there.
    pub(super) fn most(&self, g: &Se) -> i64 {
        match &self.view {
            IView::Transfer { from, .. } | IView::GiveMoney { from, .. } => {
                g.state.cards[*from].treasury
            }
            // No more than the treasury it comes from holds.
            IView::Money {
                player,
                from_illuminati,
                ..
            } => {
                money_source(g, *player, *from_illuminati).map_or(0, |c| g.state.cards[c].treasury)
            }
            _ => i64::MAX,
        }
    }

    /// The money command a player's tap means: the attacker from the attacking group or its
    /// Illuminati, the defender from the target or its Illuminati, as the screen shows;
    /// anyone else interferes (or assists) from their Illuminati.
    pub(super) fn money_command(
        g: &Se,
        player: usize,
        amount: i64,
        assist: bool,
        from_illuminati: bool,
    ) -> Option<Command> {
        let s = &g.state;
        let a = s.attack.as_ref()?;
        let source = money_source(g, player, from_illuminati)?;
        Some(
            if player == a.player || s.cards[a.target].owner == Some(player) {
                Command::Spend {
                    player,
                    source,
                    amount,
                }
            } else if assist {
                Command::Assist { player, amount }
            } else {
                Command::Interfere { player, amount }
            },
        )
    }
}
