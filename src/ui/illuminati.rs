//! Illuminati at the table: tapping a group card shows it (treasury, master, puppets, open
//! arrows) or draws it; an attack is declared by tapping the attacker, the target and any
//! aiding groups, then choosing the kind; the attack screen lists every modifier and the
//! number needed (UP/DOWN scroll it); a player taps their token to add money, with UP and DOWN
//! setting the amount; ROLL rolls. A victory-watch screen shows each player's distance to
//! their goals without the UFOs' secret. Specials stay private: played from a private menu.

use super::menu::wrap;
use super::Ui;
use crate::engine::game::Words;
use crate::engine::illuminati::protocol::{watch, working_lines};
use crate::engine::illuminati::rules::Kind;
use crate::engine::illuminati::state::{Phase, Status};
use crate::engine::illuminati::structure::{open_arrows, puppets};
use crate::engine::illuminati::{Command, Illuminati};
use crate::hw::{Button, Frame, Input, Press};
use crate::session::Session;
use crate::tags::TagKind;

#[derive(Debug, Clone, PartialEq)]
pub enum IView {
    Main,
    /// Cards tapped for an attack: the attacker, the target, then any aid; OK picks the kind.
    Declare {
        cards: Vec<usize>,
    },
    /// The open attack's working, scrolled by UP/DOWN.
    Attack {
        scroll: usize,
    },
    /// A player adds money to the attack: UP/DOWN set the amount, OK spends it.
    Money {
        player: usize,
        amount: i64,
        assist: bool,
    },
    Watch,
    /// This turn's income, card by card.
    Income,
    /// A player's specials, on a private menu.
    Hand {
        player: usize,
    },
    Log {
        back: usize,
    },
    ConfirmUndo,
}

#[derive(Debug, Clone, PartialEq)]
pub enum IAct {
    Cmd(Command),
    Go(IView),
    Declare(Kind),
    Spend,
    Undo,
}

/// The Illuminati's screens.
pub type IlluTable = super::table::Screen<Illuminati, IView>;

impl IlluTable {
    pub fn new(session: Session<Illuminati>) -> IlluTable {
        super::table::Screen::open(session, IView::Main)
    }

    pub fn command(&mut self, cmd: Command, log: &mut Vec<String>) {
        match super::table::run(&mut self.session, cmd, log) {
            Ok(lines) => {
                // With an attack open the screen shows its working; otherwise the last line.
                let open = self.session.state.attack.is_some();
                self.note = if open { None } else { lines.last().cloned() };
                self.go(if open {
                    IView::Attack { scroll: 0 }
                } else {
                    IView::Main
                });
            }
            Err(e) => self.note = Some(e),
        }
    }

    pub fn entries(&self) -> Vec<(String, IAct)> {
        let s = &self.session.state;
        let r = &self.session.rules;
        let pn = |p: usize| s.players[p].name.clone();
        let mut out: Vec<(String, IAct)> = Vec::new();
        match &self.view {
            IView::Declare { cards } if cards.len() >= 2 => {
                for k in [Kind::Control, Kind::Neutralize, Kind::Destroy] {
                    out.push((format!("Attack to {}", k.word()), IAct::Declare(k)));
                }
                out.push(("Back".into(), IAct::Go(IView::Main)));
            }
            IView::Declare { .. } => out.push(("Back".into(), IAct::Go(IView::Main))),
            IView::Attack { .. } => {
                out.push(("Roll".into(), IAct::Cmd(Command::Roll { dice: None })));
                for p in 0..s.players.len() {
                    out.push((
                        format!("Money: {}", pn(p)),
                        IAct::Go(IView::Money {
                            player: p,
                            amount: 1,
                            assist: false,
                        }),
                    ));
                }
                out.push(("Call it off".into(), IAct::Cmd(Command::CallOff)));
                out.push((
                    "Privilege".into(),
                    IAct::Cmd(Command::Privilege { special: None }),
                ));
            }
            IView::Money { .. } => {
                out.push(("OK: spend it".into(), IAct::Spend));
                out.push(("Back".into(), IAct::Go(IView::Attack { scroll: 0 })));
            }
            IView::Hand { player } => {
                for k in s.players[*player].specials.iter().flatten() {
                    out.push((
                        format!("Play {}", r.specials[*k].name),
                        IAct::Cmd(Command::Play {
                            player: *player,
                            special: *k,
                            target: None,
                            master: None,
                        }),
                    ));
                }
                out.push(("Back".into(), IAct::Go(IView::Main)));
            }
            IView::ConfirmUndo => {
                out.push((super::table::undo_label(&self.session), IAct::Undo));
                out.push(("Keep it".into(), IAct::Go(IView::Main)));
            }
            IView::Watch | IView::Income | IView::Log { .. } => {
                out.push(("Back".into(), IAct::Go(IView::Main)))
            }
            IView::Main => {
                match s.phase {
                    Phase::Setup => {
                        for p in 0..s.players.len() {
                            let taken: Vec<usize> =
                                s.players.iter().filter_map(|x| x.illuminati).collect();
                            let now = s.players[p].illuminati;
                            // The next free Illuminati after the one chosen (the menu line cycles).
                            let free: Vec<usize> = r
                                .illuminati()
                                .filter(|&i| {
                                    !r.cards[i].unknown && (!taken.contains(&i) || Some(i) == now)
                                })
                                .collect();
                            let at = now
                                .and_then(|n| free.iter().position(|&i| i == n))
                                .map_or(0, |k| k + 1);
                            let next = (!free.is_empty()).then(|| free[at % free.len()]);
                            if let Some(card) = next {
                                let label = now
                                    .map(|i| r.cards[i].id.clone())
                                    .unwrap_or_else(|| "no Illuminati".into());
                                out.push((
                                    format!("{}: {label}", pn(p)),
                                    IAct::Cmd(Command::Illuminati { player: p, card }),
                                ));
                            }
                        }
                        out.push(("Start".into(), IAct::Cmd(Command::Start)));
                    }
                    Phase::Turn => {
                        if s.turn.draws_left > 0 {
                            out.push((
                                "Drew a special".into(),
                                IAct::Cmd(Command::DrawSpecial { special: None }),
                            ));
                        } else {
                            out.push(("End the turn".into(), IAct::Cmd(Command::End)));
                            if !s.turn.acted {
                                out.push(("Pass: +5 MB".into(), IAct::Cmd(Command::Pass)));
                            }
                        }
                        for p in 0..s.players.len() {
                            if !s.players[p].specials.is_empty() {
                                out.push((
                                    format!("Specials: {}", pn(p)),
                                    IAct::Go(IView::Hand { player: p }),
                                ));
                            }
                        }
                    }
                    Phase::Over => {}
                }
                if s.phase == Phase::Turn {
                    out.push(("Income this turn".into(), IAct::Go(IView::Income)));
                }
                out.push(("Victory watch".into(), IAct::Go(IView::Watch)));
                out.push(("Log".into(), IAct::Go(IView::Log { back: 0 })));
                out.push(("Undo".into(), IAct::Go(IView::ConfirmUndo)));
            }
        }
        out
    }

    fn act(&mut self, a: IAct, log: &mut Vec<String>) {
        match a {
            IAct::Cmd(c) => self.command(c, log),
            IAct::Go(v) => self.go(v),
            IAct::Declare(kind) => {
                if let IView::Declare { cards } = self.view.clone() {
                    let cmd = Command::Attack {
                        kind,
                        attacker: cards[0],
                        target: cards[1],
                        aid: cards[2..].to_vec(),
                    };
                    self.command(cmd, log);
                }
            }
            IAct::Spend => {
                if let IView::Money {
                    player,
                    amount,
                    assist,
                } = self.view.clone()
                {
                    if let Some(cmd) = self.money_command(player, amount, assist) {
                        self.command(cmd, log);
                    }
                }
            }
            IAct::Undo => {
                self.note = Some(super::table::undo(&mut self.session, log));
                self.go(IView::Main);
            }
        }
    }

    /// The money command a player's tap means: the attacker from the attacking group, else its
    /// Illuminati; the defender from the target, else its Illuminati; anyone else interferes
    /// (or assists).
    fn money_command(&mut self, player: usize, amount: i64, assist: bool) -> Option<Command> {
        let s = &self.session.state;
        let a = s.attack.as_ref()?;
        let ill = s.players[player].illuminati?;
        let from = |first: usize| {
            if s.cards[first].treasury >= amount {
                first
            } else {
                ill
            }
        };
        Some(if player == a.player {
            Command::Spend {
                player,
                source: from(a.attacker),
                amount,
            }
        } else if s.cards[a.target].owner == Some(player) {
            Command::Spend {
                player,
                source: from(a.target),
                amount,
            }
        } else if assist {
            Command::Assist { player, amount }
        } else {
            Command::Interfere { player, amount }
        })
    }

    fn tag(&mut self, kind: TagKind, log: &mut Vec<String>) {
        let r = &self.session.rules;
        let s = &self.session.state;
        match kind {
            TagKind::Group { id } if r.special(&id).is_some() => {
                // A special's card: drawn into the hand when the draw is due, else played by
                // the player whose turn it is (privately, from their hand).
                let k = r.special(&id).unwrap_or(0);
                let cmd = if s.phase == Phase::Turn && s.turn.draws_left > 0 {
                    Command::DrawSpecial { special: Some(k) }
                } else {
                    Command::Play {
                        player: s.current,
                        special: k,
                        target: None,
                        master: None,
                    }
                };
                self.command(cmd, log);
            }
            TagKind::Group { id } => {
                let Some(c) = r.card(&id) else {
                    self.note = Some(format!("this ruleset has no group {id}"));
                    return;
                };
                if let IView::Declare { cards } = &mut self.view {
                    if !cards.contains(&c) {
                        cards.push(c);
                    }
                    self.note = Some(match cards.len() {
                        1 => "now tap the target".into(),
                        2 => "tap aiding groups, or choose the attack".into(),
                        n => format!("{} aiding", n - 2),
                    });
                    return;
                }
                if s.phase == Phase::Turn
                    && s.turn.draws_left > 0
                    && s.cards[c].status == Status::Deck
                    && !r.cards[c].illuminati
                {
                    self.command(Command::DrawGroup { group: c }, log);
                    return;
                }
                if s.phase == Phase::Turn
                    && s.attack.is_none()
                    && s.cards[c].owner == Some(s.current)
                {
                    self.view = IView::Declare { cards: vec![c] };
                    self.sel = 0;
                    self.note = Some(format!("{} attacks: now tap the target", r.cards[c].name));
                    return;
                }
                // Show the card: its money, master, puppets and open arrows.
                let cs = &s.cards[c];
                let master = cs
                    .master
                    .map(|m| r.cards[m].name.clone())
                    .unwrap_or_else(|| "none".into());
                let arrows = open_arrows(s, c)
                    .map(|o| o.to_string())
                    .unwrap_or_else(|| "?".into());
                self.note = Some(format!(
                    "{}: {} MB, {}, master {master}, {} puppets, {arrows} open arrows",
                    r.cards[c].name,
                    cs.treasury,
                    cs.status.word(),
                    puppets(s, c).len()
                ));
            }
            TagKind::Player { name } => match s.player_index(&name) {
                Some(p) if s.attack.is_some() => self.go(IView::Money {
                    player: p,
                    amount: 1,
                    assist: false,
                }),
                Some(p) => {
                    self.note = Some(format!(
                        "{}: {} MB, {} specials",
                        name,
                        s.players[p]
                            .illuminati
                            .map(|i| s.cards[i].treasury)
                            .unwrap_or(0),
                        s.players[p].specials.len()
                    ))
                }
                None => self.note = Some(format!("{name} is not in this game")),
            },
            _ => self.note = Some("not used in Illuminati".into()),
        }
    }
}

pub fn handle(ui: &mut Ui, input: Input) {
    let Some(g) = ui.illuminati.as_mut() else {
        return;
    };
    match input {
        Input::Tick(_) | Input::Quit => return,
        Input::Tag(uid) => {
            g.note = None;
            match ui.tags.get(&uid).cloned() {
                Some(kind) => g.tag(kind, &mut ui.log),
                None => {
                    ui.view = super::View::Enroll { uid };
                    ui.note = Some("new tag: what is it?".into());
                }
            }
        }
        Input::Button(b, p) => {
            g.note = None;
            let entries = g.entries();
            let up = b == Button::Up;
            match (b, p) {
                (Button::Up | Button::Down, Press::Press | Press::Repeat { .. }) => {
                    match &mut g.view {
                        IView::Money { amount, .. } => {
                            *amount = if up {
                                *amount + 1
                            } else {
                                (*amount - 1).max(1)
                            }
                        }
                        IView::Log { back } => {
                            *back = if up {
                                back.saturating_add(1)
                            } else {
                                back.saturating_sub(1)
                            }
                        }
                        _ if !entries.is_empty() => {
                            let n = entries.len();
                            g.sel = if up {
                                (g.sel + n - 1) % n
                            } else {
                                (g.sel + 1) % n
                            };
                            if let IView::Attack { scroll } = &mut g.view {
                                *scroll = if up {
                                    scroll.saturating_sub(1)
                                } else {
                                    *scroll + 1
                                };
                            }
                        }
                        _ => {}
                    }
                }
                (Button::Ok, Press::Press) => {
                    if let Some((_, a)) = entries.get(g.sel).cloned() {
                        g.act(a, &mut ui.log);
                    }
                }
                (Button::Back, Press::Press) => {
                    let v = if g.session.state.attack.is_some() {
                        IView::Attack { scroll: 0 }
                    } else {
                        IView::Main
                    };
                    g.go(v);
                }
                (Button::Back, Press::Hold) => g.go(IView::ConfirmUndo),
                (Button::Roll, Press::Press) => {
                    if g.session.state.attack.is_some() {
                        g.command(Command::Roll { dice: None }, &mut ui.log);
                    } else {
                        g.note = Some("no attack to roll for".into());
                    }
                }
                _ => {}
            }
        }
    }
    ui.dirty = true;
}

fn text(frame: &mut Frame, row: usize, s: &str, inverted: bool) {
    super::table::text(frame, 0, row, s, inverted)
}

fn header(g: &IlluTable) -> String {
    let s = &g.session.state;
    let r = &g.session.rules;
    match (&g.view, &s.phase) {
        (IView::Watch, _) => "Victory watch".into(),
        (IView::Income, _) => "Income this turn".into(),
        (_, &Phase::Setup) => "Illuminati: setup".into(),
        (_, &Phase::Over) => "Illuminati: game over".into(),
        (IView::Attack { .. } | IView::Money { .. }, _) => match &s.attack {
            Some(a) => format!(
                "Attack: need {}",
                crate::engine::illuminati::attack::need(r, s, a)
            ),
            None => "Attack".into(),
        },
        _ => {
            let p = s.current;
            let mb = s.players[p]
                .illuminati
                .map(|i| s.cards[i].treasury)
                .unwrap_or(0);
            format!(
                "{} {mb}MB a{} t{}",
                s.players[p].name, s.turn.actions_left, s.turn.transfers_left
            )
        }
    }
}

pub fn render(ui: &Ui, frame: &mut Frame) {
    let Some(g) = &ui.illuminati else { return };
    let s = &g.session.state;
    let r = &g.session.rules;
    frame.clear();
    text(frame, 0, &header(g), true);
    let msg: Vec<String> = match (&g.note, &g.view) {
        (Some(n), _) => wrap(n),
        (None, IView::Attack { scroll }) => {
            let lines: Vec<String> = s
                .attack
                .as_ref()
                .map(|a| working_lines(r, s, a))
                .unwrap_or_default()
                .iter()
                .flat_map(|l| wrap(l.trim()))
                .collect();
            let start = (*scroll).min(lines.len().saturating_sub(4));
            lines[start..].to_vec()
        }
        (None, IView::Money { player, amount, .. }) => wrap(&format!(
            "{}: {amount} MB (UP/DOWN), OK spends",
            s.players[*player].name
        )),
        (None, IView::Watch) => watch(r, s).iter().flat_map(|l| wrap(l)).collect(),
        (None, IView::Income) => {
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
        (None, IView::Declare { cards }) => wrap(&format!(
            "{}: tap the target, then aiding groups",
            cards
                .iter()
                .map(|&c| r.cards[c].name.clone())
                .collect::<Vec<_>>()
                .join(", ")
        )),
        (None, IView::Hand { player }) => {
            wrap(&format!("{} only: your specials", s.players[*player].name))
        }
        (None, IView::Log { back }) => {
            let lines: Vec<String> = ui.log.iter().flat_map(|l| wrap(l)).collect();
            let end = lines.len().saturating_sub(*back);
            lines[end.saturating_sub(7)..end].to_vec()
        }
        _ => wrap(&Illuminati::prompt(r, s)),
    };
    let entries = g.entries();
    let menu_rows = match g.view {
        IView::Watch | IView::Income | IView::Log { .. } => 0,
        IView::Attack { .. } => 2,
        _ => 3.min(entries.len()),
    };
    for (i, line) in msg.iter().take(7 - menu_rows).enumerate() {
        text(frame, 1 + i, line, false);
    }
    if menu_rows == 0 || entries.is_empty() {
        return;
    }
    let first = g
        .sel
        .saturating_sub(menu_rows - 1)
        .min(entries.len().saturating_sub(menu_rows));
    for (i, (label, _)) in entries.iter().skip(first).take(menu_rows).enumerate() {
        text(frame, 8 - menu_rows + i, label, first + i == g.sel);
    }
}
