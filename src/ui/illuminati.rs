//! Illuminati at the table: tapping a group card shows it (treasury, master, puppets, open
//! arrows) or draws it; an attack is declared by tapping the attacker, the target and any
//! aiding groups, then choosing the kind; the attack screen lists every modifier and the
//! number needed (UP/DOWN scroll it); a player taps their token to add money, with UP and DOWN
//! setting the amount; ROLL rolls. A victory-watch screen shows each player's distance to
//! their goals without the UFOs' secret. Specials stay private: played from a private menu.

use crate::engine::game::Words;
use crate::engine::illuminati::protocol::{watch, working_lines};
use crate::engine::illuminati::rules::Kind;
use crate::engine::illuminati::state::{Phase, Status};
use crate::engine::illuminati::structure::{open_arrows, puppets};
use crate::engine::illuminati::{Command, IlluRules, Illuminati};
use crate::hw::{Button, Press};
use crate::session::Session;
use crate::ui::houserules::HouseRule;
use crate::ui::screen::{Desk, Flow, Screens, Tapped};
use crate::ui::text::{fit, wrap};

type Se = Session<Illuminati>;

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
}

#[derive(Debug, Clone, PartialEq)]
pub enum IAct {
    Cmd(Command),
    Go(IView),
    Declare(Kind),
    Spend,
    Log,
    Undo,
}

/// Illuminati's screens.
pub struct IlluScreens {
    pub view: IView,
    pub sel: usize,
}

impl Screens for IlluScreens {
    type F = Illuminati;
    const SEATS: (usize, usize) = (2, crate::engine::illuminati::state::MOST_PLAYERS);
    const PIECE_KINDS: &'static [&'static str] = &[
        "group ID: a group or Illuminati card (group cia)",
        "special ID: a special card (special assassination)",
    ];

    fn open(_g: &Se, _desk: &mut Desk) -> Self {
        IlluScreens {
            view: IView::Main,
            sel: 0,
        }
    }

    fn house_rules(r: &IlluRules) -> Vec<HouseRule> {
        let o = &r.options;
        // Each line is "name: value" on a 25-column screen, hence the short names.
        vec![
            HouseRule::either(
                "Turns",
                "turn_order",
                [
                    ("counter-clockwise", "counter-clockwise"),
                    ("as listed", "listed"),
                ],
                o.listed_order,
            ),
            HouseRule::either(
                "I.R.S. tax",
                "tax_from",
                [("Illuminati", "illuminati"), ("any group", "structure")],
                o.tax_from_structure,
            ),
            HouseRule::either(
                "Orphans",
                "orphans",
                [
                    ("uncontrolled", "uncontrolled"),
                    ("to the master", "master"),
                ],
                o.orphans_to_master,
            ),
            HouseRule::switch(
                "Illuminati counts",
                "illuminati_card_counts",
                o.illuminati_card_counts,
            ),
            HouseRule::switch("Alignment once", "alignment_once", o.alignment_once),
            HouseRule::either(
                "Neutralize",
                "neutralize_needs_arrow",
                [("no arrow", "false"), ("needs arrow", "true")],
                o.neutralize_needs_arrow,
            ),
        ]
    }

    fn pieces(r: &IlluRules) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = r
            .cards
            .iter()
            .map(|c| (format!("group:{}", c.id), format!("Card: {}", c.name)))
            .collect();
        out.extend(
            r.specials
                .iter()
                .map(|k| (format!("special:{}", k.id), format!("Special: {}", k.name))),
        );
        out
    }

    fn labels(&self, g: &Se, _desk: &Desk) -> Vec<String> {
        self.entries(g).into_iter().map(|(l, _)| fit(&l)).collect()
    }
    fn sel(&self) -> usize {
        self.sel
    }
    fn select(&mut self, i: usize) {
        self.sel = i;
    }

    fn button(&mut self, g: &mut Se, desk: &mut Desk, b: Button, p: Press) -> Flow {
        let entries = self.entries(g);
        let up = b == Button::Up;
        match (b, p) {
            (Button::Up | Button::Down, Press::Press | Press::Repeat { .. }) => {
                match &mut self.view {
                    IView::Money { amount, .. } => {
                        *amount = if up {
                            *amount + 1
                        } else {
                            (*amount - 1).max(1)
                        }
                    }
                    _ => {
                        self.sel =
                            crate::ui::text::step(self.sel, entries.len(), if up { -1 } else { 1 });
                        if let IView::Attack { scroll } = &mut self.view {
                            *scroll = if up {
                                scroll.saturating_sub(1)
                            } else {
                                *scroll + 1
                            };
                        }
                    }
                }
                Flow::Stay
            }
            (Button::Ok, Press::Press) => match entries.get(self.sel).cloned() {
                Some((_, a)) => self.act(g, desk, a),
                None => Flow::Stay,
            },
            (Button::Back, Press::Press) => {
                let v = if g.state.attack.is_some() {
                    IView::Attack { scroll: 0 }
                } else {
                    IView::Main
                };
                self.go(v);
                Flow::Stay
            }
            (Button::Roll, Press::Press) => {
                if g.state.attack.is_some() {
                    self.command(g, desk, Command::Roll { dice: None })
                } else {
                    desk.note = Some("no attack to roll for".into());
                    Flow::Stay
                }
            }
            _ => Flow::Stay,
        }
    }

    fn tag(&mut self, g: &mut Se, desk: &mut Desk, tag: Tapped) -> Flow {
        match tag {
            Tapped::Player(p) => {
                let s = &g.state;
                if s.attack.is_some() {
                    self.go(IView::Money {
                        player: p,
                        amount: 1,
                        assist: false,
                    });
                } else {
                    desk.note = Some(format!(
                        "{}: {} MB, {} specials",
                        s.players[p].name,
                        s.players[p]
                            .illuminati
                            .map(|i| s.cards[i].treasury)
                            .unwrap_or(0),
                        s.players[p].specials.len()
                    ));
                }
                Flow::Stay
            }
            Tapped::Piece(id) => self.piece(g, desk, id),
        }
    }

    fn header(&self, g: &Se, _desk: &Desk) -> String {
        header(&self.view, g)
    }

    fn message(&self, g: &Se, desk: &Desk) -> Vec<String> {
        if let Some(n) = &desk.note {
            return wrap(n);
        }
        let (s, r) = (&g.state, &g.rules);
        match &self.view {
            IView::Attack { scroll } => {
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
            IView::Money { player, amount, .. } => wrap(&format!(
                "{}: {amount} MB (UP/DOWN), OK spends",
                s.players[*player].name
            )),
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
            IView::Declare { cards } => wrap(&format!(
                "{}: tap the target, then aiding groups",
                cards
                    .iter()
                    .map(|&c| r.cards[c].name.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            IView::Hand { player } => {
                wrap(&format!("{} only: your specials", s.players[*player].name))
            }
            IView::Main => wrap(&Illuminati::prompt(r, s)),
        }
    }

    fn menu_rows(&self, _g: &Se) -> usize {
        match self.view {
            IView::Watch | IView::Income => 0,
            IView::Attack { .. } => 2,
            _ => 3,
        }
    }

    /// With an attack open the screen shows its working; otherwise the last line.
    fn command(&mut self, g: &mut Se, desk: &mut Desk, cmd: Command) -> Flow {
        if let Some(lines) = desk.run(g, cmd) {
            let open = g.state.attack.is_some();
            desk.note = if open { None } else { lines.last().cloned() };
            self.go(if open {
                IView::Attack { scroll: 0 }
            } else {
                IView::Main
            });
        }
        Flow::Stay
    }

    fn standings(g: &Se) -> (String, Vec<String>) {
        ("Victory watch".into(), watch(&g.rules, &g.state))
    }

    fn undone(&mut self, _g: &Se, _desk: &mut Desk) {
        self.go(IView::Main);
    }
}

impl IlluScreens {
    fn go(&mut self, v: IView) {
        self.view = v;
        self.sel = 0;
    }

    pub fn entries(&self, g: &Se) -> Vec<(String, IAct)> {
        let s = &g.state;
        let r = &g.rules;
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
            IView::Watch | IView::Income => out.push(("Back".into(), IAct::Go(IView::Main))),
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
                out.push(("Log".into(), IAct::Log));
                out.push(("Undo".into(), IAct::Undo));
            }
        }
        out
    }

    fn act(&mut self, g: &mut Se, desk: &mut Desk, a: IAct) -> Flow {
        match a {
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
                if let IView::Money {
                    player,
                    amount,
                    assist,
                } = self.view.clone()
                {
                    if let Some(cmd) = Self::money_command(g, player, amount, assist) {
                        return self.command(g, desk, cmd);
                    }
                }
            }
            IAct::Log => return Flow::Log,
            IAct::Undo => return Flow::ConfirmUndo,
        }
        Flow::Stay
    }

    /// The money command a player's tap means: the attacker from the attacking group, else its
    /// Illuminati; the defender from the target, else its Illuminati; anyone else interferes
    /// (or assists).
    fn money_command(g: &Se, player: usize, amount: i64, assist: bool) -> Option<Command> {
        let s = &g.state;
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

    /// A group's card: an aid or the target of the attack being declared, the draw when one
    /// is due, the attacker when its owner's turn has no attack open, else shown (its money,
    /// master, puppets and open arrows). A special's card is drawn into the hand when the
    /// draw is due, else played by the player whose turn it is.
    fn piece(&mut self, g: &mut Se, desk: &mut Desk, id: &str) -> Flow {
        let r = &g.rules;
        let s = &g.state;
        let (kind, name) = id.split_once(':').unwrap_or(("", id));
        if kind == "special" || (kind == "group" && r.special(name).is_some()) {
            let Some(k) = r.special(name) else {
                desk.note = Some(format!("this ruleset has no special {name}"));
                return Flow::Stay;
            };
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
            return self.command(g, desk, cmd);
        }
        if kind != "group" {
            desk.note = Some("not used in Illuminati".into());
            return Flow::Stay;
        }
        let Some(c) = r.card(name) else {
            desk.note = Some(format!("this ruleset has no group {name}"));
            return Flow::Stay;
        };
        if let IView::Declare { cards } = &mut self.view {
            if !cards.contains(&c) {
                cards.push(c);
            }
            desk.note = Some(match cards.len() {
                1 => "now tap the target".into(),
                2 => "tap aiding groups, or choose the attack".into(),
                n => format!("{} aiding", n - 2),
            });
            return Flow::Stay;
        }
        if s.phase == Phase::Turn
            && s.turn.draws_left > 0
            && s.cards[c].status == Status::Deck
            && !r.cards[c].illuminati
        {
            return self.command(g, desk, Command::DrawGroup { group: c });
        }
        if s.phase == Phase::Turn && s.attack.is_none() && s.cards[c].owner == Some(s.current) {
            self.view = IView::Declare { cards: vec![c] };
            self.sel = 0;
            desk.note = Some(format!("{} attacks: now tap the target", r.cards[c].name));
            return Flow::Stay;
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
        desk.note = Some(format!(
            "{}: {} MB, {}, master {master}, {} puppets, {arrows} open arrows",
            r.cards[c].name,
            cs.treasury,
            cs.status.word(),
            puppets(s, c).len()
        ));
        Flow::Stay
    }
}

fn header(view: &IView, g: &Se) -> String {
    let s = &g.state;
    let r = &g.rules;
    match (view, &s.phase) {
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
