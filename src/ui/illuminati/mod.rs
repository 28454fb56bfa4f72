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
use crate::engine::illuminati::turn::wants_goal;
use crate::engine::illuminati::{Command, IlluRules, Illuminati};
use crate::hw::{Button, Press};
use crate::session::Session;
use crate::sets::PieceSet;
use crate::ui::houserules::HouseRule;
use crate::ui::offers::Amount;
use crate::ui::screen::{Desk, Facts, Flow, Screens, Tapped};
use crate::ui::text::{counted, for_table, wrap, wrap_all};

mod attack;
mod card;
mod hand;
mod menu;
mod setup;
mod taps;
mod turn;
mod words;
use attack::*;
use card::*;
use hand::*;
use menu::*;
use setup::*;
use turn::*;
use words::*;

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
    /// A player adds money to the attack: UP/DOWN set the amount, OK spends it. Someone on
    /// neither side interferes, or assists; the attacker and the defender spend from their
    /// group, or from their Illuminati (`from_illuminati`): the same token again switches.
    Money {
        player: usize,
        amount: i64,
        assist: bool,
        from_illuminati: bool,
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
    /// Asked before a group of yours is dropped (it cannot be undone by play): No first.
    Drop {
        card: usize,
    },
    /// The attacker's hand, on a private menu: which special is discarded to privilege the
    /// attack.
    Discard {
        player: usize,
    },
}

impl IView {
    /// The player this screen is for alone (their hand, their goal, what the rules told them
    /// alone), if it is one: it opens only after their token.
    pub fn private_to(&self) -> Option<usize> {
        match self {
            IView::Hand { player }
            | IView::Goal { player }
            | IView::Unknown { player }
            | IView::Discard { player }
            | IView::Secret { player, .. }
            | IView::Target {
                player,
                by_token: true,
                ..
            } => Some(*player),
            _ => None,
        }
    }
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
#[derive(Clone)]
pub struct IlluScreens {
    pub view: IView,
    pub sel: usize,
    /// The open attack as the last tick found it (`tick`): its window opens and closes with
    /// it, and once someone changes it (money spent, a card played) a strong seat that passed
    /// weighs its part again. None when the screens open, so a game resumed mid-attack opens
    /// its window afresh.
    pub moment: Option<Attack>,
}

impl Screens for IlluScreens {
    type F = Illuminati;
    const FACTS: Facts = Facts {
        seats: (2, crate::engine::illuminati::state::MOST_PLAYERS),
        piece_kinds: &[
            "group ID: a group or Illuminati card (group cia)",
            "special ID: a special card (special assassination)",
        ],
        web_view: include_str!("illuminati.js"),
        // A seat's part in another's attack is its own choice, weighed apart (not a deal).
        deals: false,
    };

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
            moment: None,
        }
    }

    fn house_rules(r: &IlluRules) -> Vec<HouseRule> {
        setup::house_rules(r)
    }

    fn sets(r: &IlluRules) -> Vec<PieceSet> {
        setup::sets(r)
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
                    // A seat's own screen is never copied into a note (it could outlast it).
                    desk.nothing_to_roll("no attack to roll for", |desk| {
                        match self.view.private_to() {
                            None => self.message(g, desk),
                            Some(_) => Vec::new(),
                        }
                    });
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
                // Another player's token closes a private screen left open (a hand, a goal):
                // what OK does next is never that player's choice.
                if self.view.private_to().is_some_and(|q| q != p) {
                    self.leave(g);
                }
                if s.phase == Phase::Setup {
                    self.go(IView::ForPlayer { player: p });
                } else if let IView::Money {
                    player,
                    assist,
                    from_illuminati,
                    amount,
                } = &mut self.view
                {
                    // The same token again: interfere or assist, or the other treasury.
                    if *player == p {
                        match s.attack.as_ref() {
                            Some(a) if role(s, a, p, false) != role(s, a, p, true) => {
                                *assist = !*assist
                            }
                            _ => {
                                *from_illuminati = !*from_illuminati;
                                // No more than the other treasury holds.
                                let held = money_source(g, p, *from_illuminati)
                                    .map_or(0, |c| g.state.cards[c].treasury);
                                *amount = (*amount).min(held.max(1));
                            }
                        }
                    } else {
                        self.go(money_view(g, p, false));
                    }
                } else if s.attack.is_some() {
                    self.go(money_view(g, p, false));
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
        if g.state.attack == self.moment {
            return Flow::Stay;
        }
        match (&self.moment, &g.state.attack) {
            // An attack opened or closed: a new window, nobody has passed or taken part.
            (None, _) | (_, None) => {
                desk.window_since = g.state.attack.as_ref().map(|_| desk.now);
                desk.passed.clear();
                desk.took_part.clear();
            }
            // The attack changed: the computer seats weigh their part again; a person's pass
            // is theirs and stands.
            _ => desk.passed.retain(|&p| !g.header.is_computer(p)),
        }
        self.moment = g.state.attack.clone();
        Flow::Stay
    }

    /// Any screen but the menu is a choice under way (a group to deal, a card's moves, a
    /// hand). While an attack is open its window has its own rule (`holds`: until each
    /// person has passed or the table's timer runs out), whatever screen is open.
    fn choosing(&self, g: &Se) -> bool {
        g.state.attack.is_none() && self.view != IView::Main
    }

    /// A computer seat's roll on its attack closes every other player's chance to interfere,
    /// assist or defend: it waits until each person has passed, or for the table's timer
    /// (`window_ms`), the time left on screen.
    fn holds(g: &Se, desk: &Desk, cmd: &Command) -> Option<String> {
        let s = &g.state;
        if s.attack.is_none() || !matches!(cmd, Command::Roll { .. }) {
            return None;
        }
        let waiting: Vec<&str> = (0..s.players.len())
            .filter(|&p| p != s.current && !s.players[p].eliminated)
            .filter(|p| !g.header.is_computer(*p) && !desk.passed.contains(p))
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
        self.message_rows(g, desk)
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
            | IView::Discard { .. }
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
        let turn = g.state.current;
        // The draw remakes the turn's menu (its two draw lines go, the actions come): the
        // line under the old cursor is another one ("End the turn"), never kept.
        let draw = matches!(cmd, Command::DrawGroup { .. } | Command::DrawSpecial { .. });
        let open_before = g.state.attack.is_some();
        let Some(lines) = desk.run::<Self>(g, cmd) else {
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
            // (The line after that player's own: computer seats have none.)
            let entries = self.entries(g);
            let own = entries
                .iter()
                .position(|e| e.1 == IAct::Go(IView::ForPlayer { player: *player }));
            self.sel = own.map_or(0, |i| (i + 1).min(entries.len().saturating_sub(1)));
        }
        // A group dealt face up from the list: the cursor stays on the deal, so OK deals the
        // next of the four rather than opening the first player's choice again.
        else if let (IView::Groups, Phase::Setup) = (&was, g.state.phase) {
            let deal = IAct::Go(IView::Groups);
            self.sel = self
                .entries(g)
                .iter()
                .position(|e| e.1 == deal)
                .unwrap_or(0);
        }
        // A new phase or turn is a new menu: its first line, never what the old cursor
        // points at ("New game" at the end, "Drew a special" after "End the turn").
        else if phase == g.state.phase
            && turn == g.state.current
            && !draw
            && (was == self.view || matches!(was, IView::Hand { .. }) && !open)
        {
            self.sel = sel.min(self.entries(g).len().saturating_sub(1));
        }
        // The dice on a page of their own; an open attack's screen shows its working, which
        // its other lines only repeat, after them where the part was taken away from the
        // buttons (a computer seat's, a phone's): played by hand, a computer seat's
        // interference turned the header's roll from 10 to 4 while the attacker read the
        // page, and nothing on it said why. Else every line told, above the menu or page by
        // page.
        match lines.iter().find_map(|l| dice_title(l)) {
            None if open => {
                // Its first line, the part itself ("cpu1 spends 3 MB from The Network
                // (interfere) ..."): the header says the roll now needed, the log the rest.
                // (An attack declared is its page: its working is all its line says.)
                if open_before && !desk.acting().how().is_empty() {
                    desk.note = lines.first().map(|l| for_table(l));
                }
                Flow::Stay
            }
            title => desk.tell(&lines, 4, title, |_| false),
        }
    }

    fn standings(g: &Se) -> (String, Vec<String>) {
        words::standings(g)
    }

    fn private_choices(g: &Se, seat: usize) -> Vec<(String, Command)> {
        hand::private_choices(g, seat)
    }

    /// A hand's cards and the UFOs' goal are their player's to see: a special drawn, played,
    /// given or discarded by name, and a goal chosen (issue 69: nothing private by voice).
    fn hidden(_g: &Se, cmd: &Command) -> bool {
        matches!(
            cmd,
            Command::Goal { .. }
                | Command::Play { .. }
                | Command::DrawSpecial { special: Some(_) }
                | Command::Privilege { special: Some(_) }
                | Command::GiveSpecial {
                    special: Some(_),
                    ..
                }
        )
    }

    fn undone(&mut self, _g: &Se, _desk: &mut Desk) {
        self.go(IView::Main);
    }

    fn progress(g: &Se) -> String {
        // Turns begun, as `apply` counts them (rebuilt by every replay); none yet is the
        // start ("turn 0" read as a turn played).
        match g.state.watch.0.turns {
            0 => "the start".into(),
            n => format!("turn {n}"),
        }
    }

    /// On the seat's own turn, money moved between two groups of its structure, any amount the
    /// first holds (the rules' transfer: each pair the rules allow now).
    fn amounts(g: &Se, seat: usize) -> Vec<Amount> {
        let s = &g.state;
        if seat != s.current {
            return Vec::new();
        }
        let mine = s.structure(seat);
        let mut out = Vec::new();
        for &from in &mine {
            let most = s.cards[from].treasury;
            for &to in mine.iter().filter(|&&to| to != from) {
                let cmd = Command::Transfer {
                    from,
                    to,
                    amount: 1,
                };
                if most < 1 || !legal(g, &cmd) {
                    continue;
                }
                let line =
                    <Illuminati as crate::engine::game::Words>::format_command(&g.rules, s, &cmd);
                // "Move from The Network to The C.I.A. (1 to 9 MB)"
                let label = command_words(g, &cmd).replacen(" 1 MB", "", 1);
                out.extend(Amount::open(
                    format!("{label} (1 to {most} MB)"),
                    &line,
                    1,
                    most,
                ));
            }
        }
        out
    }

    /// A command in the table's words, for the undo question and its answer ("Undo: Bob
    /// plays Computer Espionage"); a special given or a secret goal stays unnamed.
    fn words(g: &Se, cmd: &Command) -> String {
        command_words(g, cmd)
    }

    /// A hand, a goal or an answer for one player alone blanks when the shell takes the
    /// screen.
    fn leave(&mut self, g: &Se) {
        if self.view.private_to().is_some() {
            self.go(if g.state.attack.is_some() {
                IView::Attack { scroll: 0 }
            } else {
                IView::Main
            });
        }
    }
}
