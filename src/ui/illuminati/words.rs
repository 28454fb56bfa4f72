//! Illuminati's screen in words: the message rows of each view, the header, the dice's title,
//! a command as the table reads it, and the standings.

use super::*;

pub(super) fn header(view: &IView, g: &Se) -> String {
    let s = &g.state;
    let r = &g.rules;
    match (view, &s.phase) {
        (
            IView::Ask { player, .. } | IView::Secret { player, .. } | IView::Discard { player },
            _,
        ) => {
            format!("Only {}", s.players[*player].name)
        }
        (IView::Watch, _) => "Victory watch".into(),
        (IView::Income, _) => "Income this turn".into(),
        (IView::Goal { .. }, _) => "Secret goal".into(),
        (_, &Phase::Setup) => "Illuminati: setup".into(),
        (_, &Phase::Over) => "Illuminati: game over".into(),
        (IView::Attack { .. } | IView::Money { .. }, _) => match &s.attack {
            // No roll succeeding is said so, not "need -5".
            Some(a) => match crate::engine::illuminati::attack::need(r, s, a) {
                n if !crate::engine::illuminati::protocol::can_succeed(n) => {
                    "Attack: cannot succeed".into()
                }
                n => format!("Attack: need {n}"),
            },
            None => "Attack".into(),
        },
        _ => {
            let p = s.current;
            let mb = s.players[p]
                .illuminati
                .map(|i| s.cards[i].treasury)
                .unwrap_or(0);
            // The actions and transfers left are said in words on the turn's screen.
            format!("{}: {mb} MB", s.players[p].name)
        }
    }
}

/// The money screen's words: who spends, from which treasury (and the other, a tap away),
/// and what the money does to the number needed.
fn money_words(
    g: &Se,
    player: usize,
    amount: i64,
    assist: bool,
    from_illuminati: bool,
) -> Vec<String> {
    let (s, r) = (&g.state, &g.rules);
    let pn = |p: usize| s.players[p].name.to_string();
    let Some(a) = &s.attack else {
        return vec![];
    };
    let role = role(s, a, player, assist);
    let from = |illuminati: bool| {
        money_source(g, player, illuminati).map_or(String::new(), |c| {
            format!("{} ({} MB)", r.cards[c].name, s.cards[c].treasury)
        })
    };
    let mut lines = wrap(&format!(
        "{} {role}, from {}. UP/DOWN: amount",
        pn(player),
        from(from_illuminati)
    ));
    if matches!(role, "interferes" | "assists") {
        let other = if assist { "interfere" } else { "assist" };
        lines.extend(wrap(&format!("Tap again to {other}")));
    } else if money_source(g, player, !from_illuminati) != money_source(g, player, from_illuminati)
    {
        lines.extend(wrap(&format!("Tap again: from {}", from(!from_illuminati))));
    }
    // What this money does to the number needed, and when more cannot help: a roll of 11 or
    // 12 always fails, 2 is the least two dice show.
    let cmd = IlluScreens::money_command(g, player, amount, assist, from_illuminati);
    if let Some(after) = cmd
        .and_then(|c| crate::engine::illuminati::attack::need_after(&g.rules, &g.state, &c))
        .filter(|_| amount > 0)
    {
        lines.extend(wrap(&if after > 10 {
            format!("Need {after}: above 10 more cannot help (11, 12 fail)")
        } else if after < 2 {
            format!("Need {after}: it cannot succeed; more cannot help")
        } else {
            format!("Then: roll {after} or less")
        }));
    }
    // The button's hint only where it fits beside the menu's line: a long treasury's name,
    // the other role and a need that cannot succeed fill the six rows already.
    if lines.len() < crate::ui::text::MESSAGE_ROWS {
        lines.push("BACK: the attack".into());
    }
    lines
}

/// What this transfer costs, in words: free and why, one of the turn's two, or an action.
pub(super) fn transfer_words(g: &Se, from: usize, to: usize) -> String {
    use crate::engine::illuminati::turn::{transfer_cost, TransferCost};
    match transfer_cost(&g.rules, &g.state, from, to) {
        TransferCost::Capture => "Free: money onto the group just captured".into(),
        TransferCost::WhiteCollar => "Free: White Collar Crime frees money this turn".into(),
        TransferCost::Gnomes => "Free: the Gnomes move money once the actions are used".into(),
        TransferCost::Transfer { left } => {
            format!("One of the turn's 2 transfers ({left} left), no action")
        }
        TransferCost::Action => "Costs an action: the turn's 2 transfers are used".into(),
    }
}

/// "roll 3 + 4 = 7 against 8: success" as the pager's title "Dice 3 + 4 = 7".
pub(super) fn dice_title(line: &str) -> Option<String> {
    let rest = line.strip_prefix("roll ")?;
    let (sum, _) = rest.split_once(" against ")?;
    Some(format!("Dice {sum}"))
}

/// A command as the table says it: names, not ids; nothing hidden.
pub(super) fn command_words(g: &Se, cmd: &Command) -> String {
    let (s, r) = (&g.state, &g.rules);
    let pn = |p: usize| s.players.get(p).map_or("?", |x| &*x.name).to_string();
    let cn = |c: usize| r.cards.get(c).map_or("?", |x| &*x.name).to_string();
    let sn = |k: usize| r.specials.get(k).map_or("?", |x| &*x.name).to_string();
    match cmd {
        Command::Illuminati { player, card } => format!("{} takes {}", pn(*player), cn(*card)),
        Command::Goal { player, .. } => format!("{}'s secret goal", pn(*player)),
        Command::Uncontrolled { groups } => format!(
            "{} dealt face up",
            groups.iter().map(|&c| cn(c)).collect::<Vec<_>>().join(", ")
        ),
        Command::Start => "the start".into(),
        Command::DrawGroup { group } => format!("the draw of {}", cn(*group)),
        Command::DrawSpecial { .. } => "the draw of a special".into(),
        Command::Recycle => "the Recyclers' extra draw".into(),
        Command::Attack {
            kind,
            attacker,
            target,
            ..
        } => format!(
            "{} attacks to {} {}",
            cn(*attacker),
            kind.word(),
            cn(*target)
        ),
        Command::Privilege { special: Some(k) } => {
            format!("the privilege, discarding {}", sn(*k))
        }
        // Said before and after it is made: paid, by the Illuminati that pays for it.
        Command::Privilege { special: None } => match privilege_price(g) {
            Some(cost) => format!("the privilege, paying {cost} MB"),
            None => "the privilege, discarding a special".into(),
        },
        Command::Spend {
            player,
            source,
            amount,
        } => format!("{} spends {amount} MB from {}", pn(*player), cn(*source)),
        Command::Interfere { player, amount } => {
            format!("{} interferes with {amount} MB", pn(*player))
        }
        Command::Assist { player, amount } => format!("{} assists with {amount} MB", pn(*player)),
        Command::Abolish { player } => format!("{} abolishes the privilege", pn(*player)),
        Command::CallOff => "calling off the attack".into(),
        Command::Roll { .. } => "the attack's roll".into(),
        Command::Transfer { from, to, amount } => {
            format!("Move {amount} MB from {} to {}", cn(*from), cn(*to))
        }
        Command::Move { group, master } => format!("Put {} under {}", cn(*group), cn(*master)),
        Command::Give { group, player } => format!("Give {} to {}", cn(*group), pn(*player)),
        Command::Drop { group } => format!("Drop {}", cn(*group)),
        Command::GiveMoney {
            from,
            player,
            amount,
        } => format!("Give {amount} MB from {} to {}", cn(*from), pn(*player)),
        Command::GiveSpecial { from, to, .. } => {
            format!("{} gives a special to {}", pn(*from), pn(*to))
        }
        Command::Play {
            player,
            special,
            target,
            ..
        } => format!(
            "{} plays {}{}",
            pn(*player),
            sn(*special),
            target.map(|t| format!(" on {}", cn(t))).unwrap_or_default()
        ),
        Command::Laser { group, .. } => format!("the Lasers on {}", cn(*group)),
        Command::Pass => "the pass".into(),
        Command::End => "the end of the turn".into(),
        Command::Set(_) => "a table correction".into(),
    }
}

/// The victory watch; once the game is over, the winner first, then each player by how
/// near their nearest goal came (its count first, the goal in words after).
pub(super) fn standings(g: &Se) -> (String, Vec<String>) {
    let (s, r) = (&g.state, &g.rules);
    let Some(w) = s.winner.filter(|_| s.phase == Phase::Over) else {
        return ("Victory watch".into(), watch(r, s));
    };
    let best = |p: usize| {
        crate::engine::illuminati::victory::progress(r, s, p)
            .into_iter()
            .filter(|g| !g.secret || s.winner == Some(p))
            .max_by_key(|g| (g.have * 1000) / g.need.max(1))
    };
    let mut order: Vec<usize> = (0..s.players.len()).collect();
    order.sort_by_key(|&p| {
        (
            p != w,
            std::cmp::Reverse(best(p).map_or(0, |g| (g.have * 1000) / g.need.max(1))),
            p,
        )
    });
    let lines = order
        .iter()
        .enumerate()
        .map(|(i, &p)| match best(p) {
            Some(g) => format!(
                "{} {} {}/{} ({}){}",
                i + 1,
                s.players[p].name,
                g.have,
                g.need,
                g.label,
                if s.players[p].eliminated { " out" } else { "" }
            ),
            None => format!("{} {}", i + 1, s.players[p].name),
        })
        .collect();
    (format!("Final: {} won", s.players[w].name), lines)
}

impl IlluScreens {
    pub(super) fn message_rows(&self, g: &Se, desk: &Desk) -> Vec<String> {
        let (s, r) = (&g.state, &g.rules);
        // Why a computer seat's roll waits (the time left for the others), while an attack is
        // open: over the attack's page, never over a screen a person is partway through.
        let waiting = desk.waiting.as_ref().filter(|_| s.attack.is_some());
        if let (IView::Attack { scroll }, Some(a)) = (&self.view, &s.attack) {
            // Why the roll waits and a note (a refusal, another's part) come first, and the
            // attack's working after them on DOWN: whoever decides whether to interfere reads
            // the time left, what is attacked and the roll it needs (played by hand: the time
            // left took the whole page).
            let lines: Vec<String> = waiting
                .into_iter()
                .chain(&desk.note)
                .flat_map(|n| wrap(n))
                .chain(working_lines(r, s, a).iter().flat_map(|l| wrap(l.trim())))
                .collect();
            return crate::ui::text::scrolled(&lines, *scroll);
        }
        if let Some(n) = &desk.note {
            return wrap(n);
        }
        if let (IView::Main, Some(w)) = (&self.view, waiting) {
            return wrap(w);
        }
        let pn = |p: usize| s.players[p].name.to_string();
        match &self.view {
            // (With no attack open, the attack's page has no working.)
            IView::Attack { .. } => Vec::new(),
            IView::Money {
                player,
                assist,
                from_illuminati,
                amount,
            } => money_words(g, *player, *amount, *assist, *from_illuminati),
            IView::Watch => watch(r, s).iter().flat_map(|l| wrap(l)).collect(),
            IView::Income => {
                let mut lines: Vec<String> = s
                    .income
                    .iter()
                    .map(|&(c, v)| format!("{} {v:+}", r.cards[c].name))
                    .collect();
                if lines.is_empty() {
                    lines.push("no income this turn".into());
                }
                lines.iter().flat_map(|l| wrap(l)).collect()
            }
            IView::Declare { cards } => wrap(&declare_words(g, cards)),
            IView::Hand { player } => wrap(&format!("{} only: your specials", pn(*player))),
            IView::Discard { player } => wrap(&format!(
                "{} only: which special is discarded to privilege the attack?",
                pn(*player)
            )),
            IView::Structure => wrap(&format!(
                "{}'s groups: choose one (or tap its card)",
                pn(s.current)
            )),
            IView::Card { card } => wrap(&card_words(g, *card)),
            IView::Drop { card } => wrap(&drop_words(g, *card)),
            IView::Transfer { from, to, .. } => {
                let have = format!("{} has {} MB", r.cards[*from].name, s.cards[*from].treasury);
                match to {
                    None => wrap(&format!("{have}. Tap or choose where the money goes")),
                    Some(to) => wrap(&format!(
                        "UP/DOWN: the amount, up to {}. {}",
                        s.cards[*from].treasury,
                        transfer_words(g, *from, *to)
                    )),
                }
            }
            IView::GiveMoney { from, to, .. } => {
                let have = format!("{} has {} MB", r.cards[*from].name, s.cards[*from].treasury);
                match to {
                    None => wrap(&format!("{have}. To whom?")),
                    Some(_) => wrap(&format!(
                        "UP/DOWN: the amount, up to {}; a free action",
                        s.cards[*from].treasury
                    )),
                }
            }
            IView::MoveUnder {
                group,
                master: None,
            } => wrap(&format!(
                "{} (with its {} puppets) goes under which group? Tap it or choose",
                r.cards[*group].name,
                puppets(s, *group).len()
            )),
            IView::MoveUnder {
                group,
                master: Some(m),
            } => wrap(&format!(
                "{} goes under {} ({}), taking its {} puppets",
                r.cards[*group].name,
                r.cards[*m].name,
                place_words(g, *m),
                puppets(s, *group).len()
            )),
            IView::Laser { group: None } => {
                wrap("Lasers: tap or choose the group whose alignment changes")
            }
            IView::Laser { group: Some(c) } => wrap(&format!(
                "{} is {}",
                r.cards[*c].name,
                alignments_words(g, *c)
            )),
            IView::Ask { player, then } => {
                // What the table was told first (the special played), then whose token opens
                // the rest.
                let mut out = match then.as_ref() {
                    IAct::Go(IView::Secret { public, .. }) => wrap_all(public),
                    _ => vec![],
                };
                out.extend(wrap(&format!(
                    "For {} alone: {}, tap your token (BACK: not now)",
                    pn(*player),
                    pn(*player)
                )));
                out
            }
            IView::Secret { lines, public, .. } => {
                wrap_all(&public.iter().chain(lines).collect::<Vec<_>>())
            }
            IView::Unknown { player } => {
                wrap(&format!("{} only: which special is it?", pn(*player)))
            }
            IView::ForPlayer { player } => wrap(&format!(
                "{}: tap your Illuminati card, or choose it",
                pn(*player)
            )),
            IView::Goal { player } => wrap(&format!(
                "{} only: the goal of which Illuminati is yours?",
                pn(*player)
            )),
            IView::Groups => wrap(if s.phase == Phase::Setup {
                "Which group is dealt face up?"
            } else {
                "Which group was drawn?"
            }),
            IView::Target { special, .. } => wrap(&format!(
                "{}: tap the group, or choose it",
                r.specials[*special].name
            )),
            IView::Main => wrap(&table_words(g)),
        }
    }
}
