//! What each grid view offers (its menu lines, each with what it does), whose move the
//! device waits on, and what choosing a line does.

use super::*;

impl GridScreens {
    /// The one seat the game waits on (a roll, or the next round), if it waits on one.
    pub(super) fn waits_on(g: &Se) -> Option<usize> {
        match Grid::to_act(&g.rules, &g.state) {
            ToAct::One(p) | ToAct::Chance { player: p, .. } => Some(p),
            _ => None,
        }
    }

    pub(super) fn go(&mut self, v: GView) {
        // A view only looked at (the board, the close-up, the notebook, the strips) goes back
        // to the main menu's line that opened it, not the first line: looking at each in
        // turn walked down the menu again every time.
        let looked = |v: &GView| {
            matches!(
                v,
                GView::Board { .. } | GView::Zoom { .. } | GView::Notebook { .. } | GView::Strips
            )
        };
        let back_to = match (&self.view, &v) {
            (GView::Main, to) if looked(to) => {
                self.opened_from = self.sel;
                0
            }
            (from, GView::Main) if looked(from) => self.opened_from,
            _ => 0,
        };
        self.view = v;
        self.sel = back_to;
    }

    pub fn entries(&self, g: &Se) -> Vec<(String, GAct)> {
        let s = &g.state;
        let r = &g.rules;
        let mut out: Vec<(String, GAct)> = Vec::new();
        match &self.view {
            GView::Main => out.extend(main_entries(g)),
            GView::Seal { player, .. } => {
                out.push(("OK: seal the order".into(), GAct::Seal));
                out.push((
                    "Choose from a list".into(),
                    GAct::Go(GView::Private { player: *player }),
                ));
                out.push(("Back".into(), GAct::Go(GView::Main)));
                return out;
            }
            GView::Ask { .. } => return vec![("Back".into(), GAct::Go(GView::Main))],
            GView::Wall {
                col,
                row,
                east,
                step,
            } => {
                if *step < 3 {
                    return vec![
                        (
                            "OK: next".into(),
                            GAct::Go(GView::Wall {
                                col: *col,
                                row: *row,
                                east: *east,
                                step: step + 1,
                            }),
                        ),
                        ("Back".into(), GAct::Go(GView::Main)),
                    ];
                }
                let edge = if *east { Edge::East } else { Edge::South };
                let field = (*col, *row);
                let there = s.is_wall(field, edge);
                out.push((
                    if there {
                        "Remove this wall"
                    } else {
                        "Add this wall"
                    }
                    .into(),
                    GAct::Cmd(Command::Wall {
                        field,
                        edge,
                        on: !there,
                    }),
                ));
                out.push((
                    "Another field".into(),
                    GAct::Go(GView::Wall {
                        col: *col,
                        row: *row,
                        east: *east,
                        step: 0,
                    }),
                ));
                out.push(("Back".into(), GAct::Go(GView::Main)));
                return out;
            }
            GView::Private { player } => {
                for o in orders_for(r, s, *player) {
                    let label = order_words(s, *player, &o);
                    out.push((
                        label,
                        GAct::Cmd(Command::Order {
                            player: *player,
                            order: o,
                        }),
                    ));
                }
                out.push(("Back".into(), GAct::Go(GView::Main)));
                return out;
            }
            GView::Board { .. } | GView::Notebook { .. } | GView::Strips | GView::Zoom { .. } => {
                return vec![("Back".into(), GAct::Go(GView::Main))];
            }
        }
        if !matches!(s.phase, Phase::Setup) {
            out.push(("Board".into(), GAct::Go(GView::board())));
            out.push((
                "Board close up".into(),
                GAct::Go(GView::Zoom { around: Some(0) }),
            ));
            out.push(("Notebook".into(), GAct::Go(GView::Notebook { at: 0 })));
            out.push(("Strips".into(), GAct::Go(GView::Strips)));
            // The teams, and the live odds under them.
            if s.phase != Phase::Over {
                out.push(("Standings".into(), GAct::Standings));
            }
        }
        out.push(("Log".into(), GAct::Log));
        out.push(("Undo".into(), GAct::Undo));
        out
    }

    pub(super) fn act(&mut self, g: &mut Se, desk: &mut Desk, a: GAct) -> Flow {
        match a {
            GAct::Cmd(c) => return self.command(g, desk, c),
            GAct::Go(v) => self.go(v),
            GAct::Seal => {
                if let GView::Seal {
                    player,
                    cards: picked,
                } = self.view.clone()
                {
                    let words: Vec<&str> = picked.iter().map(String::as_str).collect();
                    // The shared screen never says what was tapped: a refusal is told in
                    // words that fit any order, and the cards are tapped again.
                    let sealed = match cards(&words) {
                        Ok(order) => {
                            let flow = self.command(g, desk, Command::Order { player, order });
                            desk.refusal.is_none().then_some(flow)
                        }
                        Err(_) => None,
                    };
                    if let Some(flow) = sealed {
                        return flow;
                    }
                    desk.note = Some(unsealable(g, player));
                    desk.refusal = None;
                    self.view = GView::Seal {
                        player,
                        cards: vec![],
                    };
                }
            }
            GAct::Log => return Flow::Log,
            GAct::Undo => return Flow::ConfirmUndo,
            GAct::NewGame => return Flow::NewGame,
            GAct::Standings => return Flow::Standings,
        }
        Flow::Stay
    }
}

/// The game's main menu, by phase: the sides and the start, the placing rolls, the orders
/// to seal and the round, the wonder's roll, the end. A computer seat's side, roll and order
/// are its own, no line here (issue 66).
fn main_entries(g: &Se) -> Vec<(String, GAct)> {
    let s = &g.state;
    let name = |i: usize| s.pieces[i].name.clone();
    let mut out: Vec<(String, GAct)> = Vec::new();
    match &s.phase {
        Phase::Setup => {
            // A computer seat picks its own side (issue 66: no line of the buttons').
            for i in (0..s.humans).filter(|&i| !g.header.is_computer(i)) {
                let next = match s.pieces[i].team {
                    Some(Team::Scientists) => Team::Religionists,
                    _ => Team::Scientists,
                };
                let now = s.pieces[i].team.map(|t| t.word()).unwrap_or("no side");
                out.push((
                    format!("{}: {now}", name(i)),
                    GAct::Cmd(Command::Side {
                        player: i,
                        team: next,
                    }),
                ));
            }
            if (0..s.humans).all(|i| s.pieces[i].team.is_some()) {
                out.push(("Start".into(), GAct::Cmd(Command::Start)));
            }
            out.push(("Walls: add or remove".into(), GAct::Go(wall_editor())));
        }
        Phase::Placing { piece } => {
            // A computer seat rolls for its own piece.
            if !g.header.is_computer(*piece) {
                out.push((
                    format!("Roll for {}", name(*piece)),
                    GAct::Cmd(Command::Roll { dice: None }),
                ));
            }
            out.push(("Walls: add or remove".into(), GAct::Go(wall_editor())));
        }
        Phase::Orders => {
            if !s.anyone_owes() {
                out.push(("Play the round".into(), GAct::Cmd(Command::Next)));
            }
            for i in s.owing().filter(|&i| !g.header.is_computer(i)) {
                out.push((
                    format!("Seal for {}", name(i)),
                    GAct::Go(GView::Ask { player: i }),
                ));
            }
        }
        // The draw is rolled by the team's first member: a computer seat rolls its own.
        Phase::Wonder { team } => {
            if !s
                .team_members(*team)
                .first()
                .is_some_and(|&i| g.header.is_computer(i))
            {
                out.push((
                    "Roll for the wonder".into(),
                    GAct::Cmd(Command::Roll { dice: None }),
                ));
            }
        }
        Phase::Over => {
            out.push(("Final standings".into(), GAct::Standings));
            out.push(("New game".into(), GAct::NewGame));
        }
    }
    out
}
