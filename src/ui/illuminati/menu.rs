//! What each Illuminati view offers (its menu lines, each with what it does) and what choosing
//! a line does.

use super::*;

impl IlluScreens {
    pub(super) fn go(&mut self, v: IView) {
        self.view = v;
        self.sel = 0;
    }

    pub fn entries(&self, g: &Se) -> Vec<(String, IAct)> {
        let s = &g.state;
        let r = &g.rules;
        let back = || ("Back".to_string(), IAct::Go(IView::Main));
        let mut out: Vec<(String, IAct)> = Vec::new();
        match &self.view {
            IView::Declare { cards } if cards.len() >= 2 => {
                // Only the kinds the rules allow (no neutralizing a group nobody controls).
                for cmd in attack_kinds(g, cards[0], cards[1], &cards[2..]) {
                    if let Command::Attack { kind, .. } = cmd {
                        out.push((format!("Attack to {}", kind.word()), IAct::Declare(kind)));
                    }
                }
                // Aid for a table without tags: the attacker's other groups.
                for c in s.structure(s.current) {
                    if !cards.contains(&c) && !r.cards[c].illuminati {
                        let mut with = cards.clone();
                        with.push(c);
                        out.push((
                            format!("Aided by {}", r.cards[c].name),
                            IAct::Go(IView::Declare { cards: with }),
                        ));
                    }
                }
                out.push(back());
            }
            // The target, for a table without tags: every group in play outside the
            // attacker's structure.
            IView::Declare { cards } => {
                let open = |c: usize| is_target(g, c) && refused_attack(g, cards[0], c).is_none();
                for c in r.groups().filter(|&c| open(c)) {
                    out.push((
                        format!("Target: {}", r.cards[c].name),
                        IAct::Go(IView::Declare {
                            cards: vec![cards[0], c],
                        }),
                    ));
                }
                out.push(back());
            }
            IView::Structure => {
                for c in s.structure(s.current) {
                    out.push((
                        format!("{} ({} MB)", r.cards[c].name, s.cards[c].treasury),
                        IAct::Go(IView::Card { card: c }),
                    ));
                }
                out.push(back());
            }
            IView::Card { card } => out.extend(card_entries(g, *card)),
            IView::Drop { card } => out.extend(drop_entries(g, *card)),
            IView::Transfer { .. }
            | IView::GiveMoney { .. }
            | IView::MoveUnder { .. }
            | IView::Laser { .. } => out.extend(moving_entries(g, &self.view)),
            IView::Ask { .. } => out.push(back_to_game(g)),
            IView::Secret { .. } => out.push(("OK: hide it".into(), back_to_game(g).1)),
            IView::Unknown { player } => {
                for k in 0..r.specials.len() {
                    out.push((
                        format!("Play {}", r.specials[k].name),
                        play_act(g, *player, k),
                    ));
                }
                out.push(("Back".into(), IAct::Go(IView::Hand { player: *player })));
            }
            IView::Attack { .. } => out.extend(attack_entries(g)),
            // UP and DOWN set the amount here, so OK is the only line.
            // DOWN to nothing: OK passes (a computer seat's roll waits for every pass).
            IView::Money {
                amount: 0, player, ..
            } => out.push(("OK: pass, spend nothing".into(), IAct::Pass(*player))),
            IView::Money { amount, .. } => {
                out.push((format!("OK: spend {amount} MB"), IAct::Spend));
            }
            IView::Hand { player } => out.extend(hand_entries(g, *player)),
            IView::Discard { player } => out.extend(discard_entries(g, *player)),
            IView::ForPlayer { player } => {
                let now = s.players[*player].illuminati;
                let free = |i: usize| {
                    !r.cards[i].unknown
                        && (now == Some(i) || !s.players.iter().any(|x| x.illuminati == Some(i)))
                };
                let player = *player;
                out.extend(illuminati_list(g, free, |card| Command::Illuminati {
                    player,
                    card,
                }));
                out.push(back());
            }
            // The UFOs take the special goal of another Illuminati (illuminati: the UFOs).
            IView::Goal { player } => {
                let special = |i: usize| {
                    !matches!(
                        r.cards[i].goal,
                        Some(Goal::Secret) | Some(Goal::Regular { .. }) | None
                    )
                };
                let player = *player;
                out.extend(illuminati_list(g, special, |card| Command::Goal {
                    player,
                    card,
                }));
                out.push(back());
            }
            IView::Groups => {
                for c in r.groups().filter(|&c| s.cards[c].status == Status::Deck) {
                    let cmd = if s.phase == Phase::Setup {
                        Command::Uncontrolled { groups: vec![c] }
                    } else {
                        Command::DrawGroup { group: c }
                    };
                    out.push((r.cards[c].name.clone(), IAct::Cmd(cmd)));
                }
                out.push(back());
            }
            IView::Target {
                player,
                special,
                by_token,
            } => {
                for c in (0..r.cards.len()).filter(|&c| {
                    matches!(s.cards[c].status, Status::Controlled | Status::Uncontrolled)
                }) {
                    out.push((
                        r.cards[c].name.clone(),
                        IAct::Cmd(Command::Play {
                            player: *player,
                            special: *special,
                            target: Some(c),
                            master: None,
                        }),
                    ));
                }
                // Back to the hand it came from; a card tapped came from no hand.
                out.push(if *by_token {
                    ("Back".into(), IAct::Go(IView::Hand { player: *player }))
                } else {
                    back_to_game(g)
                });
            }
            IView::Watch | IView::Income => out.push(back()),
            IView::Main => out.extend(main_entries(g)),
        }
        out
    }

    pub(super) fn act(&mut self, g: &mut Se, desk: &mut Desk, a: IAct) -> Flow {
        match a {
            // A computer seat still choosing (it waits `computer_ms` so the table can read):
            // the start waits for it, said so, never the rules' "has no Illuminati".
            IAct::Cmd(Command::Start) if computer_choosing(g).is_some() => {
                desk.note = computer_choosing(g).map(|w| format!("{w}: Start once it has"));
            }
            IAct::Cmd(c) => return self.command(g, desk, c),
            IAct::Go(v) => self.go(v),
            IAct::Declare(kind) => {
                if let IView::Declare { cards } = self.view.clone() {
                    let cmd = Command::Attack {
                        kind,
                        attacker: cards[0],
                        target: cards[1],
                        aid: cards[2..].to_vec(),
                    };
                    return self.command(g, desk, cmd);
                }
            }
            IAct::Spend => {
                let cmd = match self.view.clone() {
                    IView::Money {
                        player,
                        amount,
                        assist,
                        from_illuminati,
                    } => Self::money_command(g, player, amount, assist, from_illuminati),
                    IView::Transfer {
                        from,
                        to: Some(to),
                        amount,
                    } => Some(Command::Transfer { from, to, amount }),
                    IView::GiveMoney {
                        from,
                        to: Some(player),
                        amount,
                    } => Some(Command::GiveMoney {
                        from,
                        player,
                        amount,
                    }),
                    _ => None,
                };
                if let Some(cmd) = cmd {
                    return self.command(g, desk, cmd);
                }
            }
            IAct::Pass(p) => {
                if !desk.passed.contains(&p) {
                    desk.passed.push(p);
                }
                desk.note = Some(format!("{} passes", g.state.players[p].name));
                self.go(IView::Attack { scroll: 0 });
            }
            IAct::AllPass => {
                desk.passed = (0..g.state.players.len()).collect();
                desk.note = Some("everyone passes".into());
            }
            IAct::Log => return Flow::Log,
            IAct::Undo => return Flow::ConfirmUndo,
            IAct::Standings => return Flow::Standings,
            IAct::NewGame => return Flow::NewGame,
        }
        Flow::Stay
    }
}

/// Would the rules take this command now? (A menu offers only what they would.)
pub(super) fn legal(g: &Se, cmd: &Command) -> bool {
    refusal(g, cmd).is_none()
}

/// Why the rules would refuse this command now, tried on a copy (None: they would take it).
pub(super) fn refusal(g: &Se, cmd: &Command) -> Option<String> {
    let mut state = g.state.clone();
    crate::engine::game::execute::<Illuminati>(&g.rules, &mut state, cmd)
        .err()
        .map(|e| e.to_string())
}

/// The menu line that asks for `player`'s token before `then` (their hand, their goal).
pub(super) fn ask(player: usize, then: IAct) -> IAct {
    IAct::Go(IView::Ask {
        player,
        then: Box::new(then),
    })
}
