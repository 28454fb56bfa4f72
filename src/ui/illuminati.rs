//! Illuminati at the table: tapping a group card shows it (treasury, master, puppets, open
//! arrows) or draws it; an attack is declared by tapping the attacker, the target and any
//! aiding groups, then choosing the kind; the attack screen lists every modifier and the
//! number needed (UP/DOWN scroll it); a player taps their token to add money, with UP and DOWN
//! setting the amount; ROLL rolls and the dice are shown on a page of their own. A
//! victory-watch screen shows each player's distance to their goals without the UFOs' secret.
//! A group of yours tapped on your turn opens what it may do: attack (tap the target), move
//! money to another group of yours, go under another master, go to another player, be
//! dropped, give money; the Lasers and the Recyclers are on the turn's menu. What is one
//! player's alone (their hand, the UFOs' goal, an abolition, Computer Espionage's answer)
//! opens only after that player's token is tapped, and blanks again after. At setup a player
//! taps their token then their Illuminati card, the face-up groups are dealt by tapping them,
//! and the UFOs' player chooses the secret goal on a private menu.

use crate::engine::illuminati::protocol::{watch, working_lines};
use crate::engine::illuminati::rules::{Ability, Alignment, Effect, Goal, Kind};
use crate::engine::illuminati::state::{Attack, Phase, Status};
use crate::engine::illuminati::structure::{open_arrows, puppets};
use crate::engine::illuminati::{Command, IlluRules, Illuminati};
use crate::hw::{Button, Press};
use crate::session::Session;
use crate::sets::PieceSet;
use crate::ui::houserules::HouseRule;
use crate::ui::screen::{Desk, Flow, Screens, Tapped};
use crate::ui::text::{for_table, wrap, wrap_all};

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
    /// A player's specials, on a private menu: play one, or give it away.
    Hand {
        player: usize,
    },
    /// Setup: this player's token was tapped; their Illuminati card is tapped (or chosen) next.
    ForPlayer {
        player: usize,
    },
    /// Setup: the UFOs' player chooses the secret goal, on a private menu.
    Goal {
        player: usize,
    },
    /// The groups in the deck, for a table whose cards carry no tags: one chosen is dealt face
    /// up at setup, or is the turn's draw.
    Groups,
    /// A special that names a group (Bribery, Computer Espionage, a Whispering Campaign): tap
    /// the group, or choose it here. `by_token`: opened from the player's hand, after their
    /// token (a special's card tapped opens it too, and then what it tells waits for the token).
    Target {
        player: usize,
        special: usize,
        by_token: bool,
    },
    /// The groups of the player whose turn it is, for a table without tags (or holding OK).
    Structure,
    /// A group of yours, tapped or chosen on your turn: attack with it (tap the target), or
    /// the moves the rules allow with it (illuminati: Actions, Free Actions).
    Card {
        card: usize,
    },
    /// Money moved from a group of yours to another of your structure: where to (tapped or
    /// chosen), then the amount (UP/DOWN), then OK.
    Transfer {
        from: usize,
        to: Option<usize>,
        amount: i64,
    },
    /// Money given from a group of yours to another player: who, then the amount.
    GiveMoney {
        from: usize,
        to: Option<usize>,
        amount: i64,
    },
    /// A group of yours put under another master of your structure (tapped or chosen), then
    /// the master's place in the structure shown before OK.
    MoveUnder {
        group: usize,
        master: Option<usize>,
    },
    /// The Orbital Mind Control Lasers: the group (tapped or chosen), then the change.
    Laser {
        group: Option<usize>,
    },
    /// One player's private screen waits for their token: `then` happens once it is tapped.
    Ask {
        player: usize,
        then: Box<IAct>,
    },
    /// What the rules told one player alone (Computer Espionage's answer), until OK.
    Secret {
        player: usize,
        lines: Vec<String>,
        /// The command's lines for the whole table ("Gus plays Computer Espionage"), above.
        public: Vec<String>,
    },
    /// A special the device was not told of, in a player's hand: which one is played.
    Unknown {
        player: usize,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum IAct {
    Cmd(Command),
    Go(IView),
    Declare(Kind),
    /// The amount screen's command: spend, interfere or assist; a transfer; a gift of money.
    Spend,
    Log,
    Undo,
    Standings,
    NewGame,
    /// This player spends nothing more on the open attack (a computer seat's roll waits for
    /// every other player to pass, or for the table's timer).
    Pass(usize),
    /// Every player passes on the open attack.
    AllPass,
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
    const WEB_VIEW: &'static str = include_str!("illuminati.js");

    /// A game resumed in the middle of an attack opens on the attack, with its Roll and its
    /// call-off, as it was before the cut.
    fn open(g: &Se, _desk: &mut Desk) -> Self {
        IlluScreens {
            view: if g.state.attack.is_some() {
                IView::Attack { scroll: 0 }
            } else {
                IView::Main
            },
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

    fn sets(r: &IlluRules) -> Vec<PieceSet> {
        // The cards as the card data lists them (the Illuminati first), then the specials.
        vec![
            PieceSet::of_pieces(
                "groups",
                "Groups",
                r.cards
                    .iter()
                    .map(|c| (format!("group:{}", c.id), format!("Card: {}", c.name))),
            ),
            PieceSet::of_pieces(
                "specials",
                "Specials",
                r.specials
                    .iter()
                    .map(|k| (format!("special:{}", k.id), format!("Special: {}", k.name))),
            ),
        ]
    }

    fn labels(&self, g: &Se, _desk: &Desk) -> Vec<String> {
        self.entries(g).into_iter().map(|(l, _)| l).collect()
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
                let most = self.most(g);
                match &mut self.view {
                    // Down to nothing: OK then passes on the attack.
                    IView::Money { amount, .. } => {
                        *amount = if up {
                            (*amount + 1).min(most.max(1))
                        } else {
                            (*amount - 1).max(0)
                        }
                    }
                    IView::Transfer {
                        to: Some(_),
                        amount,
                        ..
                    }
                    | IView::GiveMoney {
                        to: Some(_),
                        amount,
                        ..
                    } => {
                        *amount = if up {
                            (*amount + 1).min(most.max(1))
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
                let v = match &self.view {
                    IView::Money { .. } if g.state.attack.is_some() => IView::Attack { scroll: 0 },
                    IView::Transfer { from, .. } | IView::GiveMoney { from, .. } => {
                        IView::Card { card: *from }
                    }
                    IView::MoveUnder { group, .. } => IView::Card { card: *group },
                    IView::Card { .. } => IView::Structure,
                    _ if g.state.attack.is_some() => IView::Attack { scroll: 0 },
                    _ => IView::Main,
                };
                self.go(v);
                Flow::Stay
            }
            // Holding OK opens the groups of the player whose turn it is, as a property game
            // opens its management.
            (Button::Ok, Press::Hold) if g.state.phase == Phase::Turn => {
                self.go(IView::Structure);
                Flow::Stay
            }
            (Button::Roll, Press::Press) => {
                if g.state.attack.is_some() {
                    self.command(g, desk, Command::Roll { dice: None })
                } else {
                    desk.nothing_to_roll("no attack to roll for");
                    Flow::Stay
                }
            }
            _ => Flow::Stay,
        }
    }

    /// A player's token: at setup, whose Illuminati card comes next; during an attack, their
    /// money for it; else their treasury and hand size.
    fn tag(&mut self, g: &mut Se, desk: &mut Desk, tag: Tapped) -> Flow {
        match tag {
            Tapped::Player(p) => {
                let s = &g.state;
                if let IView::Ask { player, then } = &self.view {
                    if *player == p {
                        let then = (**then).clone();
                        self.sel = 0;
                        return self.act(g, desk, then);
                    }
                    desk.note = Some(format!(
                        "this is for {} alone: their token, or BACK",
                        s.players[*player].name
                    ));
                    return Flow::Stay;
                }
                if s.phase == Phase::Setup {
                    self.go(IView::ForPlayer { player: p });
                } else if let IView::Money { player, assist, .. } = &mut self.view {
                    // The same token again: interfere or assist, the other way.
                    if *player == p {
                        *assist = !*assist;
                    } else {
                        self.go(IView::Money {
                            player: p,
                            amount: 1,
                            assist: false,
                        });
                    }
                } else if s.attack.is_some() {
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

    /// The open attack's window for the others (interference, assistance, defence): when it
    /// opened, for the table's timer, and who has passed; both start afresh with each attack.
    fn tick(&mut self, g: &mut Se, desk: &mut Desk) -> Flow {
        match (&g.state.attack, desk.window_since) {
            (Some(_), None) => {
                desk.window_since = Some(desk.now);
                desk.passed.clear();
            }
            (None, Some(_)) => {
                desk.window_since = None;
                desk.passed.clear();
            }
            _ => {}
        }
        Flow::Stay
    }

    /// A computer seat's roll on its attack closes every other player's chance to interfere,
    /// assist or defend: it waits until each person has passed, or for the table's timer
    /// (`window_ms`), the time left on screen.
    fn holds(g: &Se, desk: &Desk, cmd: &Command) -> Option<String> {
        let s = &g.state;
        if s.attack.is_none() || !matches!(cmd, Command::Roll { .. }) {
            return None;
        }
        let bots: Vec<usize> = g.header.computers.iter().map(|c| c.seat).collect();
        let waiting: Vec<&str> = (0..s.players.len())
            .filter(|&p| p != s.current && !s.players[p].eliminated)
            .filter(|p| !bots.contains(p) && !desk.passed.contains(p))
            .map(|p| &*s.players[p].name)
            .collect();
        let since = desk.window_since.unwrap_or(desk.now);
        let left = (since + desk.cfg.window_ms).saturating_sub(desk.now);
        if waiting.is_empty() || left == 0 {
            return None;
        }
        Some(format!(
            "{} rolls once {} {} passed (a token, then pass; or Everyone passes), or in {} s",
            s.players[s.current].name,
            waiting.join(", "),
            if waiting.len() == 1 { "has" } else { "have" },
            left.div_ceil(1000)
        ))
    }

    fn message(&self, g: &Se, desk: &Desk) -> Vec<String> {
        if let Some(n) = &desk.note {
            return wrap(n);
        }
        let (s, r) = (&g.state, &g.rules);
        let pn = |p: usize| s.players[p].name.to_string();
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
                crate::ui::text::scrolled(&lines, *scroll)
            }
            IView::Money { player, assist, .. } => {
                let Some(a) = &s.attack else {
                    return vec![];
                };
                let role = role(s, a, *player, *assist);
                let mut lines = wrap(&format!("{} {role}. UP/DOWN: amount", pn(*player)));
                if matches!(role, "interferes" | "assists") {
                    let other = if *assist { "interfere" } else { "assist" };
                    lines.extend(wrap(&format!("Tap again to {other}")));
                }
                lines.push("BACK: the attack".into());
                lines
            }
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
            IView::Structure => wrap(&format!(
                "{}'s groups: choose one (or tap its card)",
                pn(s.current)
            )),
            IView::Card { card } => wrap(&card_words(g, *card)),
            IView::Transfer { from, to, .. } => {
                let have = format!("{} has {} MB", r.cards[*from].name, s.cards[*from].treasury);
                match to {
                    None => wrap(&format!("{have}. Tap or choose where the money goes")),
                    Some(_) => wrap(&format!(
                        "UP/DOWN: the amount, up to {}; {}",
                        s.cards[*from].treasury,
                        if s.turn.transfers_left > 0 {
                            format!("{} free transfers left", s.turn.transfers_left)
                        } else {
                            "an action unless free".into()
                        }
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

    fn menu_rows(&self, _g: &Se) -> usize {
        match self.view {
            IView::Watch | IView::Income => 0,
            IView::Attack { .. } | IView::Money { .. } | IView::Ask { .. } => 1,
            IView::Transfer { to: Some(_), .. }
            | IView::GiveMoney { to: Some(_), .. }
            | IView::MoveUnder {
                master: Some(_), ..
            } => 1,
            IView::Secret { .. } => 1,
            IView::Groups
            | IView::Goal { .. }
            | IView::Target { .. }
            | IView::Structure
            | IView::Unknown { .. }
            | IView::Laser { .. }
            | IView::MoveUnder { .. }
            | IView::Transfer { .. }
            | IView::GiveMoney { .. } => 5,
            IView::Card { .. } => 3,
            _ => 3,
        }
    }

    /// With an attack open the screen shows its working; a roll's dice get a page of their
    /// own; otherwise the last line, and the menu's choice stays where it was (DOWN then OK
    /// on a list of players must not jump back to the first).
    fn command(&mut self, g: &mut Se, desk: &mut Desk, cmd: Command) -> Flow {
        let (was, sel, phase) = (self.view.clone(), self.sel, g.state.phase);
        let Some(lines) = desk.run(g, cmd) else {
            return Flow::Stay;
        };
        // What the rules told one player alone: to their phone when it came from there;
        // on the device, behind that player's token (unless their hand was open for them).
        if !matches!(desk.actor, crate::engine::authority::Actor::Phone(_)) {
            if let Some(&(p, _)) = desk.told.first() {
                let told: Vec<String> = desk
                    .told
                    .iter()
                    .filter(|(q, _)| *q == p)
                    .map(|(_, l)| l.clone())
                    .collect();
                let secret = IView::Secret {
                    player: p,
                    lines: told,
                    public: lines.iter().map(|l| for_table(l)).collect(),
                };
                desk.note = None;
                self.go(match was {
                    IView::Hand { player }
                    | IView::Unknown { player }
                    | IView::Target {
                        player,
                        by_token: true,
                        ..
                    } if player == p => secret,
                    _ => IView::Ask {
                        player: p,
                        then: Box::new(IAct::Go(secret)),
                    },
                });
                return Flow::Stay;
            }
        }
        let open = g.state.attack.is_some();
        desk.note = None;
        self.go(if open {
            IView::Attack { scroll: 0 }
        } else {
            IView::Main
        });
        // An Illuminati chosen from a player's list: the cursor goes on to the next player's
        // line, so DOWN then OK never picks the same player again.
        if let (IView::ForPlayer { player }, Phase::Setup) = (&was, g.state.phase) {
            self.sel = (*player + 1).min(self.entries(g).len().saturating_sub(1));
        }
        // A new phase is a new menu: its first line, never what the old cursor points at
        // ("New game" at the end).
        else if phase == g.state.phase
            && (was == self.view || matches!(was, IView::Hand { .. }) && !open)
        {
            self.sel = sel.min(self.entries(g).len().saturating_sub(1));
        }
        // The dice on a page of their own; an open attack's screen shows its working, which
        // its other lines only repeat; else every line told, above the menu or page by page.
        match lines.iter().find_map(|l| dice_title(l)) {
            None if open => Flow::Stay,
            title => desk.tell(&lines, 4, title, |_| false),
        }
    }

    /// The victory watch; once the game is over, the winner first, then each player by how
    /// near their nearest goal came (its count first, the goal in words after).
    fn standings(g: &Se) -> (String, Vec<String>) {
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

    /// A seat's specials (play one, on a target, or give it away) and, for the UFOs' player
    /// at setup, the secret goal: the lines of its private menus on the device.
    fn private_choices(g: &Se, seat: usize) -> Vec<(String, Command)> {
        if seat >= g.state.players.len() {
            return vec![];
        }
        let on = |view: IView| IlluScreens { view, sel: 0 }.entries(g);
        let mut views = vec![];
        if !g.state.players[seat].specials.is_empty() {
            views.push(IView::Hand { player: seat });
        }
        if ufos_without_goal(g) == Some(seat) {
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
                        Command::Pass => "Pass".to_string(),
                        _ => Self::words(g, &cmd),
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
                out.push((Self::words(g, &cmd), cmd));
            }
            let abolish = Command::Abolish { player: seat };
            if legal(g, &abolish) {
                out.push((Self::words(g, &abolish), abolish));
            }
        }
        out
    }

    fn undone(&mut self, _g: &Se, _desk: &mut Desk) {
        self.go(IView::Main);
    }

    fn progress(g: &Se) -> String {
        // Turns begun, as `apply` counts them (rebuilt by every replay).
        format!("turn {}", g.state.watch.0.turns)
    }

    /// A command in the table's words, for the undo question and its answer ("Undo: Bob
    /// plays Computer Espionage"); a special given or a secret goal stays unnamed.
    fn words(g: &Se, cmd: &Command) -> String {
        command_words(g, cmd)
    }

    /// A hand, a goal or an answer for one player alone blanks when the shell takes the
    /// screen.
    fn leave(&mut self, g: &Se) {
        if matches!(
            self.view,
            IView::Hand { .. }
                | IView::Goal { .. }
                | IView::Unknown { .. }
                | IView::Secret { .. }
                | IView::Target { by_token: true, .. }
        ) {
            self.go(if g.state.attack.is_some() {
                IView::Attack { scroll: 0 }
            } else {
                IView::Main
            });
        }
    }
}

/// "roll 3 + 4 = 7 against 8: success" as the pager's title "Dice 3 + 4 = 7".
fn dice_title(line: &str) -> Option<String> {
    let rest = line.strip_prefix("roll ")?;
    let (sum, _) = rest.split_once(" against ")?;
    Some(format!("Dice {sum}"))
}

/// What a player does with money in this attack: the attacker attacks, the target's owner
/// defends, anyone else interferes (or, by choice, assists).
fn role(
    s: &crate::engine::illuminati::state::State,
    a: &Attack,
    p: usize,
    assist: bool,
) -> &'static str {
    if p == a.player {
        "attacks"
    } else if s.cards[a.target].owner == Some(p) {
        "defends"
    } else if assist {
        "assists"
    } else {
        "interferes"
    }
}

/// The main screen's words: what the table does next, in buttons and taps.
fn table_words(g: &Se) -> String {
    let s = &g.state;
    let pn = |p: usize| s.players[p].name.to_string();
    match s.phase {
        Phase::Setup => {
            if let Some(p) = s.players.iter().position(|p| p.illuminati.is_none()) {
                return format!("{}: tap your token, then your Illuminati card", pn(p));
            }
            if let Some(p) = ufos_without_goal(g) {
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
        Phase::Turn if s.turn.actions_left == 0 => format!(
            "{}: no actions left. Free moves (tap a group of yours), then End the turn",
            pn(s.current)
        ),
        Phase::Turn => format!(
            "{}: {} action(s) left. Tap a group of yours: attack, move money, more",
            pn(s.current),
            s.turn.actions_left
        ),
        Phase::Over => match s.winner {
            Some(p) => format!("{} won the game", pn(p)),
            None => "The game is over".into(),
        },
    }
}

/// The player who plays the UFOs and has not chosen their secret goal yet.
fn ufos_without_goal(g: &Se) -> Option<usize> {
    let (s, r) = (&g.state, &g.rules);
    (0..s.players.len()).find(|&p| {
        s.players[p].goal.is_none()
            && s.players[p]
                .illuminati
                .is_some_and(|i| r.cards[i].goal == Some(Goal::Secret))
    })
}

/// The attack's menu: the roll, each player's money for or against, calling it off,
/// privileging and abolishing it, the specials.
fn attack_entries(g: &Se) -> Vec<(String, IAct)> {
    let s = &g.state;
    let pn = |p: usize| s.players[p].name.to_string();
    let back = || ("Back".to_string(), IAct::Go(IView::Main));
    let mut out: Vec<(String, IAct)> = Vec::new();
    let Some(a) = &s.attack else {
        out.push(back());
        return out;
    };
    out.push(("Roll".into(), IAct::Cmd(Command::Roll { dice: None })));
    // A computer seat spends its own money (it is asked, not listed); anyone
    // else's money is spent after their own token (`Session::may`), the player
    // whose turn it is excepted.
    let bot = |p: usize| g.header.computers.iter().any(|c| c.seat == p);
    for p in (0..s.players.len()).filter(|&p| !s.players[p].eliminated && !bot(p)) {
        // A player who is neither side may interfere or assist: a line each.
        let sides = role(s, a, p, false) != role(s, a, p, true);
        let ways: &[bool] = if sides { &[false, true] } else { &[false] };
        for &assist in ways {
            let money = IAct::Go(IView::Money {
                player: p,
                amount: 1,
                assist,
            });
            out.push((
                format!("{} {}: MB", pn(p), role(s, a, p, assist)),
                if p == s.current { money } else { ask(p, money) },
            ));
        }
    }
    // A computer seat's roll waits for the others to pass (`holds`).
    if bot(s.current) {
        out.push(("Everyone passes".into(), IAct::AllPass));
    }
    // Both are declared before any money goes to the bank (the engine refuses
    // them after): offered only while they can be taken.
    if !a.committed {
        out.push(("Call it off".into(), IAct::Cmd(Command::CallOff)));
        if !a.privileged && !a.abolished {
            out.push((
                "Privilege".into(),
                IAct::Cmd(Command::Privilege { special: None }),
            ));
        }
    }
    if a.privileged {
        for p in (0..s.players.len()).filter(|&p| s.players[p].specials.len() >= 2) {
            if p != a.player {
                out.push((
                    format!("{} abolishes", pn(p)),
                    ask(p, IAct::Cmd(Command::Abolish { player: p })),
                ));
            }
        }
    }
    for p in (0..s.players.len()).filter(|&p| !s.players[p].specials.is_empty()) {
        out.push((
            format!("Specials: {}", pn(p)),
            ask(p, IAct::Go(IView::Hand { player: p })),
        ));
    }
    out
}

/// A player's specials: each to play or to give to another player.
fn hand_entries(g: &Se, player: usize) -> Vec<(String, IAct)> {
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
                format!("Give {what} to {}", pn(to)),
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

/// The game's main menu: the setup's choices, a turn's draws, actions and specials, or the
/// end's standings; the watch, the log and undo.
fn main_entries(g: &Se) -> Vec<(String, IAct)> {
    let s = &g.state;
    let r = &g.rules;
    let pn = |p: usize| s.players[p].name.to_string();
    let mut out: Vec<(String, IAct)> = Vec::new();
    match s.phase {
        Phase::Setup => {
            for p in 0..s.players.len() {
                let label = s.players[p]
                    .illuminati
                    .map(|i| r.cards[i].id.clone())
                    .unwrap_or_else(|| "no Illuminati".into());
                out.push((
                    format!("{}: {label}", pn(p)),
                    IAct::Go(IView::ForPlayer { player: p }),
                ));
            }
            if let Some(p) = ufos_without_goal(g) {
                out.push((
                    format!("Secret goal: {}", pn(p)),
                    ask(p, IAct::Go(IView::Goal { player: p })),
                ));
            }
            out.push(("Deal a group face up".into(), IAct::Go(IView::Groups)));
            out.push(("Start".into(), IAct::Cmd(Command::Start)));
        }
        Phase::Turn => {
            if s.turn.draws_left > 0 {
                out.push(("Drew a group".into(), IAct::Go(IView::Groups)));
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
            out.push((
                format!("Groups of {}", pn(s.current)),
                IAct::Go(IView::Structure),
            ));
            // The dry run only where a group of the structure recycles (the
            // menu is read at every frame).
            if has_ability(g, |a| matches!(a, Ability::ExtraDraw { .. }))
                && legal(g, &Command::Recycle)
            {
                out.push(("Recycle: one more draw".into(), IAct::Cmd(Command::Recycle)));
            }
            if has_lasers(g) && !s.turn.laser_used {
                out.push((
                    "Lasers: change an alignment".into(),
                    IAct::Go(IView::Laser { group: None }),
                ));
            }
            for p in 0..s.players.len() {
                if !s.players[p].specials.is_empty() {
                    out.push((
                        format!("Specials: {}", pn(p)),
                        ask(p, IAct::Go(IView::Hand { player: p })),
                    ));
                }
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

/// The menus that move money and cards: a transfer, money given, a group moved under another
/// card, the lasers' change of alignment.
fn moving_entries(g: &Se, view: &IView) -> Vec<(String, IAct)> {
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
        } => {
            for c in s.structure(s.current) {
                let cmd = Command::Transfer {
                    from: *from,
                    to: c,
                    amount: 1,
                };
                if c != *from && legal(g, &cmd) {
                    out.push((
                        format!("To {}", r.cards[c].name),
                        IAct::Go(IView::Transfer {
                            from: *from,
                            to: Some(c),
                            amount: *amount,
                        }),
                    ));
                }
            }
            out.push(("Back".into(), IAct::Go(IView::Card { card: *from })));
        }
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

impl IlluScreens {
    fn go(&mut self, v: IView) {
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
                for k in [Kind::Control, Kind::Neutralize, Kind::Destroy] {
                    out.push((format!("Attack to {}", k.word()), IAct::Declare(k)));
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
                for c in r.groups().filter(|&c| is_target(g, c)) {
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
                let cmd = match self.view.clone() {
                    IView::Money {
                        player,
                        amount,
                        assist,
                    } => Self::money_command(g, player, amount, assist),
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

    /// The most the amount screen shown now may ask: the source's money (a transfer, a gift);
    /// an attack's money is checked by the rules, whose refusal says what is there.
    fn most(&self, g: &Se) -> i64 {
        match &self.view {
            IView::Transfer { from, .. } | IView::GiveMoney { from, .. } => {
                g.state.cards[*from].treasury
            }
            _ => i64::MAX,
        }
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

    /// A special's card tapped: drawn into the hand when the draw is due, else played by the
    /// player whose hand or money screen is open (the turn's player otherwise), its target
    /// asked for when it names one.
    fn special_tapped(&mut self, g: &mut Se, desk: &mut Desk, name: &str) -> Flow {
        let r = &g.rules;
        let s = &g.state;
        let Some(k) = r.special(name) else {
            desk.note = Some(format!("this ruleset has no special {name}"));
            return Flow::Stay;
        };
        // Whose card: the player whose hand or money screen is open, else the turn's.
        let player = match self.view {
            IView::Hand { player } | IView::Money { player, .. } => player,
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

    /// A card tapped at setup: an Illuminati for the player chosen (else the first without
    /// one), or a group dealt face up.
    fn setup_card_tapped(&mut self, g: &mut Se, desk: &mut Desk, c: usize) -> Flow {
        let r = &g.rules;
        let s = &g.state;
        let cmd = if r.cards[c].illuminati {
            let player = match self.view {
                IView::ForPlayer { player } => Some(player),
                _ => s.players.iter().position(|p| p.illuminati.is_none()),
            };
            let Some(player) = player else {
                desk.note = Some("everyone has an Illuminati: tap a token first".into());
                return Flow::Stay;
            };
            Command::Illuminati { player, card: c }
        } else {
            Command::Uncontrolled { groups: vec![c] }
        };
        self.command(g, desk, cmd)
    }

    /// A group's card: at setup, an Illuminati for the player whose token was tapped (else
    /// the first without one) or a group dealt face up; an aid or the target of the attack
    /// being declared; the target of a special that names one; the draw when one is due; the
    /// attacker when its owner's turn has no attack open; else shown (its money, master,
    /// puppets and open arrows). A special's card is drawn into the hand when the draw is
    /// due, else played by the player whose turn it is.
    fn piece(&mut self, g: &mut Se, desk: &mut Desk, id: &str) -> Flow {
        let r = &g.rules;
        let s = &g.state;
        let (kind, name) = id.split_once(':').unwrap_or(("", id));
        if kind == "special" || (kind == "group" && r.special(name).is_some()) {
            return self.special_tapped(g, desk, name);
        }
        if kind != "group" {
            desk.note = Some("not used in Illuminati".into());
            return Flow::Stay;
        }
        let Some(c) = r.card(name) else {
            desk.note = Some(format!("this ruleset has no group {name}"));
            return Flow::Stay;
        };
        let cn = |c: usize| r.cards[c].name.clone();
        let mine = s.phase == Phase::Turn
            && s.cards[c].owner == Some(s.current)
            && s.cards[c].status == Status::Controlled;
        match self.view.clone() {
            IView::Ask { player, .. } => {
                desk.note = Some(format!(
                    "this waits for {}'s token, or BACK",
                    s.players[player].name
                ));
                return Flow::Stay;
            }
            IView::Transfer { from, to: None, .. } if mine && c != from => {
                self.go(IView::Transfer {
                    from,
                    to: Some(c),
                    amount: 1,
                });
                return Flow::Stay;
            }
            IView::MoveUnder {
                group,
                master: None,
            } if mine => {
                self.go(IView::MoveUnder {
                    group,
                    master: Some(c),
                });
                return Flow::Stay;
            }
            IView::Laser { group: None } if laser_target(g, c) => {
                self.go(IView::Laser { group: Some(c) });
                return Flow::Stay;
            }
            // From a group of yours: another of yours takes its money; any other group in
            // play is the target of an attack by it.
            IView::Card { card } if c != card => {
                if mine {
                    self.go(IView::Transfer {
                        from: card,
                        to: Some(c),
                        amount: 1,
                    });
                } else if let Some(why) = not_a_target(g, c) {
                    desk.note = Some(why);
                } else {
                    self.view = IView::Declare {
                        cards: vec![card, c],
                    };
                    self.sel = 0;
                    desk.note = Some(declare_words(g, &[card, c]));
                }
                return Flow::Stay;
            }
            _ => {}
        }
        if s.phase == Phase::Setup {
            return self.setup_card_tapped(g, desk, c);
        }
        if let IView::Target {
            player, special, ..
        } = self.view
        {
            return self.command(
                g,
                desk,
                Command::Play {
                    player,
                    special,
                    target: Some(c),
                    master: None,
                },
            );
        }
        if let IView::Declare { cards } = &mut self.view {
            // The target is a group in play outside the attacker's structure; the aid is a
            // group of the attacker's own (illuminati: Attacks).
            let why = match cards.len() {
                1 => not_a_target(g, c),
                _ if !mine => Some(format!(
                    "{} is not {}'s: only their own groups aid",
                    cn(c),
                    s.players[s.current].name
                )),
                _ => None,
            };
            if let Some(why) = why {
                desk.note = Some(why);
                return Flow::Stay;
            }
            if !cards.contains(&c) {
                cards.push(c);
            }
            let cards = cards.clone();
            self.sel = 0;
            desk.note = Some(declare_words(g, &cards));
            return Flow::Stay;
        }
        if s.phase == Phase::Turn
            && s.turn.draws_left > 0
            && s.cards[c].status == Status::Deck
            && !r.cards[c].illuminati
        {
            return self.command(g, desk, Command::DrawGroup { group: c });
        }
        if mine && s.attack.is_none() {
            // illuminati: a turn is income, the draw, then actions.
            if s.turn.draws_left > 0 && s.draw_first {
                desk.note = Some(format!(
                    "{} draws first: tap the card drawn",
                    s.players[s.current].name
                ));
                return Flow::Stay;
            }
            self.go(IView::Card { card: c });
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

/// The Illuminati that `keep` keeps, by name, each line giving the command `cmd` makes of it.
fn illuminati_list(
    g: &Se,
    keep: impl Fn(usize) -> bool,
    cmd: impl Fn(usize) -> Command,
) -> Vec<(String, IAct)> {
    g.rules
        .illuminati()
        .filter(|&i| keep(i))
        .map(|i| (g.rules.cards[i].name.clone(), IAct::Cmd(cmd(i))))
        .collect()
}

/// Specials played on a named group (the rules' Bribery, Computer Espionage and Whispering
/// Campaign); the rest need no target.
fn needs_target(e: &Effect) -> bool {
    matches!(e, Effect::Bribery | Effect::Espionage | Effect::Whispering)
}

fn header(view: &IView, g: &Se) -> String {
    let s = &g.state;
    let r = &g.rules;
    match (view, &s.phase) {
        (IView::Ask { player, .. } | IView::Secret { player, .. }, _) => {
            format!("Only {}", s.players[*player].name)
        }
        (IView::Watch, _) => "Victory watch".into(),
        (IView::Income, _) => "Income this turn".into(),
        (IView::Goal { .. }, _) => "Secret goal".into(),
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

/// Would the rules take this command now? (A menu offers only what they would.)
fn legal(g: &Se, cmd: &Command) -> bool {
    let mut state = g.state.clone();
    crate::engine::game::execute::<Illuminati>(&g.rules, &mut state, cmd).is_ok()
}

/// The menu line that asks for `player`'s token before `then` (their hand, their goal).
fn ask(player: usize, then: IAct) -> IAct {
    IAct::Go(IView::Ask {
        player,
        then: Box::new(then),
    })
}

/// Back to where the game is: the open attack, else the turn's menu.
fn back_to_game(g: &Se) -> (String, IAct) {
    (
        "Back".into(),
        IAct::Go(if g.state.attack.is_some() {
            IView::Attack { scroll: 0 }
        } else {
            IView::Main
        }),
    )
}

/// Playing special `k`: at once, or on a group chosen next when it names one.
fn play_act(g: &Se, player: usize, k: usize) -> IAct {
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

/// Why card `c` cannot be attacked by the player whose turn it is, in the table's words.
fn not_a_target(g: &Se, c: usize) -> Option<String> {
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

/// May card `c` be the target of an attack now (the tagless table's list)?
fn is_target(g: &Se, c: usize) -> bool {
    not_a_target(g, c).is_none()
}

/// Does a group of the structure of the player whose turn it is have an ability `is` names?
fn has_ability(g: &Se, is: impl Fn(&Ability) -> bool) -> bool {
    g.state
        .structure(g.state.current)
        .into_iter()
        .any(|c| g.rules.cards[c].abilities.iter().any(&is))
}

/// Has the player whose turn it is the Orbital Mind Control Lasers (or another group that
/// changes alignments)?
fn has_lasers(g: &Se) -> bool {
    has_ability(g, |a| matches!(a, Ability::AlignmentChange))
}

/// May the Lasers change card `c`'s alignments (any other group in play)?
fn laser_target(g: &Se, c: usize) -> bool {
    let (s, r) = (&g.state, &g.rules);
    !r.cards[c].illuminati
        && matches!(s.cards[c].status, Status::Controlled | Status::Uncontrolled)
        && !r.cards[c]
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::AlignmentChange))
}

/// A card's alignments in words ("Violent, Criminal", or "of no alignment").
fn alignments_words(g: &Se, c: usize) -> String {
    let als = crate::engine::illuminati::structure::alignments(&g.rules, &g.state, c);
    if als.is_empty() {
        "of no alignment".into()
    } else {
        als.iter().map(|a| a.word()).collect::<Vec<_>>().join(", ")
    }
}

/// The attack being declared, in words, with what the table taps next.
fn declare_words(g: &Se, cards: &[usize]) -> String {
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

/// A group of yours, shown: its money and its place in the structure (a target tapped next
/// is attacked by it).
fn card_words(g: &Se, c: usize) -> String {
    let (s, r) = (&g.state, &g.rules);
    format!(
        "{}: {} MB, {}",
        r.cards[c].name,
        s.cards[c].treasury,
        place_words(g, c)
    )
}

/// A card's place in its structure: its master, its puppets and its open arrows.
fn place_words(g: &Se, c: usize) -> String {
    let (s, r) = (&g.state, &g.rules);
    let under = s.cards[c]
        .master
        .map(|m| format!("under {}, ", r.cards[m].name))
        .unwrap_or_default();
    let arrows = open_arrows(s, c).map_or_else(|| "?".into(), |o| o.to_string());
    format!(
        "{under}{} puppets, {arrows} open arrows",
        puppets(s, c).len()
    )
}

/// What a group of yours may do now, each line only when the rules would take it.
fn card_entries(g: &Se, c: usize) -> Vec<(String, IAct)> {
    let (s, r) = (&g.state, &g.rules);
    let pn = |p: usize| s.players[p].name.to_string();
    let mut out = Vec::new();
    if s.turn.actions_left > 0 && s.attack.is_none() {
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
                "Put it under another".into(),
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
        let drop = Command::Drop { group: c };
        if legal(g, &drop) {
            out.push(("Drop it".into(), IAct::Cmd(drop)));
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

/// Is every copy of special `k` accounted for: discarded by the commands in effect, or known
/// to be in a hand? Then a tag of it tapped is a card from the discard pile, not one held.
fn all_spent(g: &Se, k: usize) -> bool {
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

/// A command as the table says it: names, not ids; nothing hidden.
fn command_words(g: &Se, cmd: &Command) -> String {
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
        Command::Privilege { .. } => "the privilege".into(),
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
