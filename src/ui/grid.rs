//! The grid game at the table: choosing sides, the walls the table plugs in, placing by the
//! device's d20s, sealing orders by tapping a token then the physical action cards (or on a
//! private menu, opened only by that token and blank once sealed), the reveal announced a page
//! at a time, and the board, notebook and strips. The shared screen never shows a sealed
//! order's cards.

use embedded_graphics::mono_font::ascii::FONT_5X8;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{Line, PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Baseline, Text};

use crate::engine::game::{Game, ToAct, Words};
use crate::engine::grid::family::{orders_for, MAX_HUMANS};
use crate::engine::grid::protocol::{cards, order_words};
use crate::engine::grid::state::{Edge, Part, Phase, Team};
use crate::engine::grid::{Command, Grid, GridRules};
use crate::hw::{Button, Frame, Press};
use crate::session::Session;
use crate::sets::PieceSet;
use crate::ui::houserules::HouseRule;
use crate::ui::screen::{Desk, Flow, Pages, Screens, Tapped};
use crate::ui::text::{fit, layout, wrap};

type Se = Session<Grid>;

/// The grid screens.
#[derive(Debug, Clone, PartialEq)]
pub enum GView {
    Main,
    /// A player taps their action cards; OK seals. The screen shows only how many.
    Seal {
        player: usize,
        cards: Vec<String>,
    },
    /// A player without tagged cards picks the order here (after their token); it blanks
    /// once sealed.
    Private {
        player: usize,
    },
    /// "Seal for Ann" chosen: Ann's token opens her sealing, nobody else's.
    Ask {
        player: usize,
    },
    /// A wall unit the table plugs in or pulls out before the first round (grid-game: set-up,
    /// "create your own playground"): UP/DOWN set the column, the row, then the edge; OK goes
    /// on to the next, then adds or removes it.
    Wall {
        col: u8,
        row: u8,
        east: bool,
        step: u8,
    },
    Board,
    /// The board close up around a piece (None: around all the pieces), letters on fields
    /// large enough to read at arm's length; UP/DOWN go from piece to piece.
    Zoom {
        around: Option<usize>,
    },
    /// One piece's notebook page; UP/DOWN turn the pages.
    Notebook {
        at: usize,
    },
    Strips,
}

/// A menu line and what it does.
#[derive(Debug, Clone, PartialEq)]
pub enum GAct {
    Cmd(Command),
    Go(GView),
    Seal,
    Log,
    Undo,
    NewGame,
    Standings,
}

/// The action cards a tag may be: its piece id and the card's word in the protocol.
const CARDS: [(&str, &str); 7] = [
    ("card:move-up", "up"),
    ("card:move-down", "down"),
    ("card:move-left", "left"),
    ("card:move-right", "right"),
    ("card:attack", "attack"),
    ("card:pray", "pray"),
    ("card:study", "study"),
];

/// One player's hand of action cards: the piece, its words, how many (grid-game: Preparation
/// 1b).
const HAND: [(&str, &str, usize); 6] = [
    ("card:move-up", "Move up", 3),
    ("card:move-down", "Move down", 3),
    ("card:move-left", "Move left", 3),
    ("card:move-right", "Move right", 3),
    ("card:attack", "Attack", 1),
    ("card:pray", "Pray/study", 1),
];

/// The card word of a tag's piece id (tags enrolled before ids, `grid_card:up`, read too).
fn card_word(id: &str) -> Option<&'static str> {
    let legacy = id
        .strip_prefix("grid_card:")
        .or_else(|| id.strip_prefix("grid-card:"));
    CARDS
        .iter()
        .find(|(piece, word)| *piece == id || legacy == Some(*word))
        .map(|(_, word)| *word)
}

/// The grid game's screens.
pub struct GridScreens {
    pub view: GView,
    pub sel: usize,
}

impl Screens for GridScreens {
    type F = Grid;
    const SEATS: (usize, usize) = (1, crate::engine::grid::family::MAX_HUMANS);
    const PIECE_KINDS: &'static [&'static str] =
        &["card move-up|move-down|move-left|move-right|attack|pray|study: an action card"];
    const WEB_VIEW: &'static str = include_str!("grid.js");

    fn open(_g: &Se, _desk: &mut Desk) -> Self {
        GridScreens {
            view: GView::Main,
            sel: 0,
        }
    }

    fn house_rules(r: &GridRules) -> Vec<HouseRule> {
        let o = &r.options;
        vec![
            HouseRule::either(
                "Walls",
                "walls",
                [("printed", "default"), ("none", "none")],
                o.no_walls,
            ),
            HouseRule::number(
                "Strip length",
                "strip_length",
                "",
                &[12, 18, 24, 30, 36],
                o.strip_length,
            ),
            // "Stunned holder converts: off" would not fit the screen's line.
            HouseRule::either(
                "Stunned holder",
                "stunned_holder_converts",
                [("does not", "false"), ("converts", "true")],
                o.stunned_holder_converts,
            ),
        ]
    }

    #[cfg(feature = "print")]
    fn print(rules: &GridRules, doc: &mut crate::print::Doc, parts: crate::print::Parts) {
        crate::print::grid::print(rules, doc, parts);
    }

    /// A computer seat's order is sealed for it; the reveal says how its piece moves.
    fn table_does(
        _rules: &GridRules,
        before: &crate::engine::grid::state::State,
        after: &crate::engine::grid::state::State,
        seat: usize,
    ) -> Option<String> {
        let sealed = |s: &crate::engine::grid::state::State| s.pieces[seat].order.is_some();
        (sealed(after) && !sealed(before)).then(|| "it seals its order".to_string())
    }

    fn sets(_rules: &GridRules) -> Vec<PieceSet> {
        // Each player's hand (grid-game: Preparation 1b): three of each move, one attack, one
        // pray/study card (the one card serves either team: `pray` and `study` are one order).
        let hand: Vec<(String, String)> = HAND
            .iter()
            .flat_map(|&(id, word, n)| {
                (1..=n).map(move |i| (id.to_string(), format!("{word} ({i} of {n})")))
            })
            .collect();
        (1..=MAX_HUMANS)
            .map(|p| {
                PieceSet::of_pieces(
                    &format!("cards-{p}"),
                    &format!("Action cards of player {p}"),
                    hand.iter().cloned(),
                )
            })
            .collect()
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
        let pieces = g.state.pieces.len();
        match (b, p) {
            (Button::Up | Button::Down, Press::Press | Press::Repeat { .. }) => {
                let dir = if b == Button::Up { -1 } else { 1 };
                match &mut self.view {
                    // Turn the notebook's pages, or go from piece to piece close up (and to
                    // all of them, after the last).
                    GView::Notebook { at } => *at = crate::ui::text::step(*at, pieces, dir),
                    GView::Wall {
                        col,
                        row,
                        east,
                        step,
                    } if *step < 3 => {
                        let (cols, rows) = (g.rules.columns as usize, g.rules.rows as usize);
                        match step {
                            0 => {
                                *col = crate::ui::text::step(*col as usize - 1, cols, dir) as u8 + 1
                            }
                            1 => {
                                *row = crate::ui::text::step(*row as usize - 1, rows, dir) as u8 + 1
                            }
                            _ => *east = !*east,
                        }
                    }
                    GView::Zoom { around } => {
                        // All the pieces come after the last, when one window holds them.
                        let stops = pieces + all_fit(g) as usize;
                        let now = around.map_or(pieces, |p| p);
                        let next = crate::ui::text::step(now, stops, dir);
                        *around = (next < pieces).then_some(next);
                    }
                    _ => self.sel = crate::ui::text::step(self.sel, entries.len(), dir),
                }
                Flow::Stay
            }
            (Button::Ok, Press::Press) => match entries.get(self.sel).cloned() {
                Some((_, a)) => self.act(g, desk, a),
                None => Flow::Stay,
            },
            (Button::Back, Press::Press) => {
                self.go(GView::Main);
                Flow::Stay
            }
            (Button::Roll, Press::Press) => {
                if matches!(g.state.phase, Phase::Placing { .. } | Phase::Wonder { .. }) {
                    self.command(g, desk, Command::Roll { dice: None })
                } else {
                    desk.nothing_to_roll("no roll now");
                    Flow::Stay
                }
            }
            _ => Flow::Stay,
        }
    }

    /// A token opens sealing; a card adds to the order being sealed. A half-tapped order is
    /// never dropped by another player's token: it is sealed with OK or dropped with BACK.
    fn tag(&mut self, g: &mut Se, desk: &mut Desk, tag: Tapped) -> Flow {
        let s = &g.state;
        match (tag, &mut self.view) {
            (Tapped::Player(p), GView::Ask { player }) => {
                if p == *player {
                    let player = *player;
                    self.go(GView::Seal {
                        player,
                        cards: vec![],
                    });
                } else {
                    desk.note = Some(format!(
                        "this is {}'s order: their token, or BACK",
                        s.pieces[*player].name
                    ));
                }
            }
            (Tapped::Player(p), GView::Seal { player, cards })
                if p != *player && !cards.is_empty() =>
            {
                // The half-tapped order stays its player's: the other tap opened nothing.
                desk.token = Some(*player);
                desk.note = Some(format!(
                    "{}'s order is half tapped: OK seals it, BACK drops it",
                    s.pieces[*player].name
                ));
            }
            (Tapped::Piece(id), GView::Seal { cards, .. }) if card_word(id).is_some() => {
                cards.push(card_word(id).unwrap_or_default().to_string());
                desk.note = Some(format!("{} card(s) tapped; OK seals", cards.len()));
            }
            (Tapped::Piece(id), _) if card_word(id).is_some() => {
                desk.note = Some("tap your token first, then your cards".into())
            }
            (Tapped::Player(p), _)
                if s.phase == Phase::Orders && s.may_order(p) && !s.pieces[p].computer =>
            {
                self.go(GView::Seal {
                    player: p,
                    cards: vec![],
                });
            }
            (Tapped::Player(p), _) => {
                let q = &s.pieces[p];
                desk.note = Some(format!(
                    "{}: {}, stun {}, wonder {}",
                    q.name,
                    q.team.map(|t| t.word()).unwrap_or("-"),
                    q.stunned,
                    q.wonder
                ));
            }
            (Tapped::Piece(_), _) => desk.note = Some("not used in the grid game".into()),
        }
        Flow::Stay
    }

    fn header(&self, g: &Se, _desk: &Desk) -> String {
        match self.view {
            GView::Notebook { at } => {
                format!("Notebook {} of {}", at + 1, g.state.pieces.len())
            }
            _ => header(g),
        }
    }

    fn message(&self, g: &Se, desk: &Desk) -> Vec<String> {
        if let Some(n) = &desk.note {
            return wrap(n);
        }
        match &self.view {
            GView::Seal { player, cards } => wrap(&format!(
                "{}: tap your cards in order, then OK ({} tapped)",
                g.state.pieces[*player].name,
                cards.len()
            )),
            GView::Private { player } => wrap(&format!(
                "{} only: choose your order (the screen blanks once sealed)",
                g.state.pieces[*player].name
            )),
            GView::Ask { player } => wrap(&format!(
                "{} only: tap your token to seal your order (BACK: not now)",
                g.state.pieces[*player].name
            )),
            GView::Wall {
                col,
                row,
                east,
                step,
            } => {
                let edge = if *east { "east" } else { "south" };
                let mut l = wrap(&format!(
                    "Wall on the {edge} edge of column {col}, row {row}"
                ));
                l.extend(wrap(match step {
                    0 => "UP/DOWN: the column; OK: next",
                    1 => "UP/DOWN: the row; OK: next",
                    2 => "UP/DOWN: east or south; OK: next",
                    _ => "Add or remove it",
                }));
                l
            }
            GView::Notebook { at } => notebook_page(g, *at),
            GView::Strips => strips_lines(g),
            _ => status(g),
        }
    }

    fn menu_rows(&self, _g: &Se) -> usize {
        match self.view {
            GView::Notebook { .. } | GView::Strips | GView::Zoom { .. } => 0,
            _ => 4,
        }
    }

    fn draw(&self, g: &Se, desk: &Desk, frame: &mut Frame) {
        if self.view == GView::Board {
            frame.clear();
            board(g, frame);
            return;
        }
        if let GView::Zoom { around } = self.view {
            frame.clear();
            close_up(g, around, frame);
            return;
        }
        layout(
            frame,
            &self.header(g, desk),
            &self.message(g, desk),
            &self.labels(g, desk),
            self.sel,
            self.menu_rows(g),
        );
        // The bars go on the strips' own blank rows, not over a note.
        if self.view == GView::Strips && desk.note.is_none() {
            strip_bars(g, frame);
        }
    }

    /// After a reveal, its lines are announced a page at a time, then the board. Otherwise
    /// the menu's choice stays where it was (DOWN then OK on a list of players must not
    /// jump back to the first).
    fn command(&mut self, g: &mut Se, desk: &mut Desk, cmd: Command) -> Flow {
        let (was, sel, phase) = (self.view.clone(), self.sel, g.state.phase.clone());
        // The wall editor stays open for the next wall, what was done said above it.
        if let GView::Wall { col, row, east, .. } = was {
            let Some(lines) = desk.run(g, cmd) else {
                return Flow::Stay;
            };
            self.view = GView::Wall {
                col,
                row,
                east,
                step: 0,
            };
            self.sel = 0;
            return desk.tell(&lines, 3, None, |_| false);
        }
        match desk.run(g, cmd) {
            Some(lines) if lines.iter().any(|l| l.starts_with("orders:")) => {
                // The new positions, unless the table must act first (the wonder's roll) or
                // the game is over (the final standings are one press away).
                self.go(if g.state.phase == Phase::Orders {
                    GView::Board
                } else {
                    GView::Main
                });
                Flow::Pager(Pages {
                    title: Some(header(g)),
                    pages: pages(&lines, crate::ui::text::MESSAGE_ROWS),
                    last: "OK: next",
                })
            }
            Some(lines) => {
                self.go(GView::Main);
                // The same menu keeps its line; a new phase's menu starts on its first ("Roll
                // for Ann" after Start, never what the old cursor pointed at).
                let same_phase =
                    std::mem::discriminant(&phase) == std::mem::discriminant(&g.state.phase);
                if was == GView::Main && same_phase {
                    self.sel = sel.min(self.entries(g).len().saturating_sub(1));
                }
                // Every line of the command (a placement says where the piece stands): above
                // the menu when they fit, else page by page.
                desk.tell(&lines, 3, None, |_| false)
            }
            None => Flow::Stay,
        }
    }

    /// Each side's pieces and strip, the winning side first once the game is over (the
    /// side left with players wins: grid-game, the end).
    fn standings(g: &Se) -> (String, Vec<String>) {
        let s = &g.state;
        let mut sides: Vec<(usize, Team)> = [Team::Scientists, Team::Religionists]
            .into_iter()
            .enumerate()
            .collect();
        sides.sort_by_key(|&(k, t)| (s.winner != Some(t), k));
        let lines = sides
            .iter()
            .map(|&(k, t)| {
                format!(
                    "{} {} (pieces; strip {}/{})",
                    t.word(),
                    s.team_members(t).len(),
                    s.strips[k],
                    s.strip_length
                )
            })
            .collect();
        let title = match s.winner {
            Some(t) => format!("Final: {} won", t.word()),
            None => "Standings".into(),
        };
        (title, lines)
    }

    fn undone(&mut self, _g: &Se, _desk: &mut Desk) {
        self.go(GView::Main);
    }

    fn progress(g: &Se) -> String {
        format!("round {}", g.state.round)
    }

    /// A command in the table's words, for the undo question and its answer; a sealed order
    /// names its player only.
    fn words(g: &Se, cmd: &Command) -> String {
        let s = &g.state;
        let pn = |p: usize| s.pieces.get(p).map_or("?", |x| &*x.name).to_string();
        match cmd {
            Command::Side { player, team } => {
                format!("{} on the {} side", pn(*player), team.word())
            }
            Command::Wall { field, edge, on } => format!(
                "{} the wall {} of column {}, row {}",
                if *on { "adding" } else { "removing" },
                edge.word(),
                field.0,
                field.1
            ),
            Command::Place { player, field } => {
                format!("{} put on column {}, row {}", pn(*player), field.0, field.1)
            }
            Command::Start => "the start".into(),
            Command::Roll { .. } => "the roll".into(),
            Command::Order { player, .. } => format!("{}'s sealed order", pn(*player)),
            Command::Next => "the round".into(),
            Command::Set(_) => "a table correction".into(),
        }
    }

    /// A player's sealing blanks when the shell takes the screen: the cards are tapped again.
    fn leave(&mut self, _g: &Se) {
        if matches!(self.view, GView::Private { .. } | GView::Seal { .. }) {
            self.go(GView::Main);
        }
    }

    /// The seat's order to seal this round, while it owes one: the device's private menu;
    /// and the roll or the next round when the game waits on this seat for it (its starting
    /// field, its team's wonder, a round where every order is stunned), or on a computer
    /// piece's roll, which any player at the table makes.
    fn private_choices(g: &Se, seat: usize) -> Vec<(String, Command)> {
        let s = &g.state;
        let mut out = Vec::new();
        // A computer piece's roll is the table's: any player's phone makes it.
        let asked = match Self::waits_on(g) {
            Some(p) if p < s.humans => p == seat,
            Some(_) => true,
            None => false,
        };
        if s.phase != Phase::Setup && asked {
            for cmd in Grid::legal(&g.rules, s) {
                match cmd {
                    Command::Roll { .. } => out.push(("Roll the dice".to_string(), cmd)),
                    Command::Next => out.push(("Next round".to_string(), cmd)),
                    _ => {}
                }
            }
        }
        if s.phase != Phase::Orders || !s.owing().any(|p| p == seat) {
            return out;
        }
        let view = GridScreens {
            view: GView::Private { player: seat },
            sel: 0,
        };
        out.extend(
            view.entries(g)
                .into_iter()
                .filter_map(|(label, act)| match act {
                    GAct::Cmd(cmd) => Some((label, cmd)),
                    _ => None,
                }),
        );
        out
    }
}

impl GridScreens {
    /// The one seat the game waits on (a roll, or the next round), if it waits on one.
    fn waits_on(g: &Se) -> Option<usize> {
        match Grid::to_act(&g.rules, &g.state) {
            ToAct::One(p) | ToAct::Chance { player: p, .. } => Some(p),
            _ => None,
        }
    }

    fn go(&mut self, v: GView) {
        self.view = v;
        self.sel = 0;
    }

    pub fn entries(&self, g: &Se) -> Vec<(String, GAct)> {
        let s = &g.state;
        let r = &g.rules;
        let name = |i: usize| s.pieces[i].name.clone();
        let mut out: Vec<(String, GAct)> = Vec::new();
        match &self.view {
            GView::Main => match &s.phase {
                Phase::Setup => {
                    for i in 0..s.humans {
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
                    out.push((
                        format!("Roll for {}", name(*piece)),
                        GAct::Cmd(Command::Roll { dice: None }),
                    ));
                    out.push(("Walls: add or remove".into(), GAct::Go(wall_editor())));
                }
                Phase::Orders => {
                    if !s.anyone_owes() {
                        out.push(("Play the round".into(), GAct::Cmd(Command::Next)));
                    }
                    for i in s.owing() {
                        out.push((
                            format!("Seal for {}", name(i)),
                            GAct::Go(GView::Ask { player: i }),
                        ));
                    }
                }
                Phase::Wonder { .. } => out.push((
                    "Roll for the wonder".into(),
                    GAct::Cmd(Command::Roll { dice: None }),
                )),
                Phase::Over => {
                    out.push(("Final standings".into(), GAct::Standings));
                    out.push(("New game".into(), GAct::NewGame));
                }
            },
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
            GView::Board | GView::Notebook { .. } | GView::Strips | GView::Zoom { .. } => {
                return vec![("Back".into(), GAct::Go(GView::Main))];
            }
        }
        if !matches!(s.phase, Phase::Setup) {
            out.push(("Board".into(), GAct::Go(GView::Board)));
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

    fn act(&mut self, g: &mut Se, desk: &mut Desk, a: GAct) -> Flow {
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

/// Pages of a reveal: a sticker change or a conversion alone on its page so the player it
/// concerns sees it.
pub fn pages(lines: &[String], rows: usize) -> Vec<Vec<String>> {
    crate::ui::text::pages(lines, rows, |l| {
        l.contains("change the sticker") || l.contains("is converted")
    })
}

fn header(g: &Se) -> String {
    let s = &g.state;
    match &s.phase {
        Phase::Setup => "Grid game: sides".into(),
        Phase::Placing { .. } => "Grid game: placing".into(),
        Phase::Orders => {
            let able: Vec<usize> = (0..s.humans).filter(|&i| s.may_order(i)).collect();
            let sealed = able
                .iter()
                .filter(|&&i| s.pieces[i].order.is_some())
                .count();
            format!("Round {} sealed {sealed}/{}", s.round, able.len())
        }
        Phase::Wonder { team } => format!("Wonder: {}", team.word()),
        Phase::Over => "Grid game over".into(),
    }
}

/// What the message area says on the main screen: who has sealed, never what.
fn status(g: &Se) -> Vec<String> {
    let s = &g.state;
    let r = &g.rules;
    if s.phase == Phase::Orders {
        // One line a player while they fit beside the menu; a big table is told by groups
        // ("Waiting: Ann, Bob ...").
        let each: Vec<String> = (0..s.humans)
            .map(|i| {
                let p = &s.pieces[i];
                let what = if p.stunned > 0 {
                    format!("stunned {}", p.stunned)
                } else if p.order.is_some() {
                    "sealed".into()
                } else {
                    "waiting".into()
                };
                format!("{}: {what}", p.name)
            })
            .collect();
        if each.len() <= 4 {
            return each;
        }
        let group = |word: &str, test: &dyn Fn(usize) -> bool| {
            let names: Vec<&str> = (0..s.humans)
                .filter(|&i| test(i))
                .map(|i| s.pieces[i].name.as_str())
                .collect();
            (!names.is_empty()).then(|| format!("{word}: {}", names.join(", ")))
        };
        let p = &s.pieces;
        let lines: Vec<String> = [
            group("Waiting", &|i| p[i].stunned == 0 && p[i].order.is_none()),
            group("Sealed", &|i| p[i].stunned == 0 && p[i].order.is_some()),
            group("Stunned", &|i| p[i].stunned > 0),
        ]
        .into_iter()
        .flatten()
        .collect();
        return crate::ui::text::wrap_all(&lines);
    }
    // The table's words for each phase (the protocol's prompt names typed commands).
    let name = |i: usize| s.pieces[i].name.as_str();
    wrap(&match &s.phase {
        Phase::Setup => "Choose each player's side below (OK changes it), then Start".into(),
        Phase::Placing { piece } => format!(
            "{}: press ROLL for two d20, the starting field (a taken field rolls again)",
            name(*piece)
        ),
        Phase::Wonder { team } => format!(
            "The {}' strip is full: press ROLL to draw who holds the big wonder",
            team.word()
        ),
        _ => Grid::prompt(r, s),
    })
}

/// What the shared screen says when a tapped order cannot be sealed, never which cards
/// were tapped: what any order may be, with this player's feet.
fn unsealable(g: &Se, player: usize) -> String {
    let p = &g.state.pieces[player];
    let moves = match g.rules.max_steps[p.sticker(Part::Feet).index()] {
        1 => "one move card".to_string(),
        n => format!("1 to {n} move cards"),
    };
    format!(
        "{}: that order cannot be sealed. An order is {moves}, or one attack, pray or study \
         card: tap your cards again, then OK",
        p.name
    )
}

/// One piece's page of the notebook, in words (the protocol's `notebook` is the table).
fn notebook_page(g: &Se, at: usize) -> Vec<String> {
    use crate::engine::grid::state::Action;
    let s = &g.state;
    let Some(p) = s.pieces.get(at) else {
        return vec![];
    };
    let team = p.team.map_or("no side", |t| t.word());
    let line = |what: &str, n: u32, part: Part| {
        format!(
            "{what:<8}{n:>3}  {:<6}{}",
            part.word(),
            p.sticker(part).word()
        )
    };
    let mut out = wrap(&format!(
        "{} ({team}){}",
        p.name,
        if p.converted { ", converted" } else { "" }
    ));
    out.extend([
        line("moves", p.count(Action::Move), Part::Feet),
        line("attacks", p.count(Action::Attack), Part::Hands),
        // A scientist studies where a religionist prays (grid-game: the action cards).
        line(
            if p.team == Some(Team::Scientists) {
                "studies"
            } else {
                "prayers"
            },
            p.count(Action::Pray),
            Part::Head,
        ),
        format!("stunned {}   wonder {}", p.stunned, p.wonder),
    ]);
    // A blank row before the hint where the seven rows allow it.
    if out.len() < 6 {
        out.push(String::new());
    }
    out.push("UP/DOWN: next page, BACK".into());
    out
}

fn strips_lines(g: &Se) -> Vec<String> {
    let s = &g.state;
    vec![
        format!("scientists {}/{}", s.strips[0], s.strip_length),
        String::new(),
        format!("religionists {}/{}", s.strips[1], s.strip_length),
    ]
}

/// Two bars under the strips' labels, filled in proportion.
fn strip_bars(g: &Se, frame: &mut Frame) {
    let s = &g.state;
    for (k, row) in [(0usize, 2), (1usize, 4)] {
        let y = row * 8 + 1;
        let _ = Rectangle::new(Point::new(2, y), Size::new(124, 6))
            .into_styled(PrimitiveStyle::with_stroke(BinaryColor::On, 1))
            .draw(frame);
        let w = 122 * s.strips[k] / s.strip_length.max(1);
        if w > 0 {
            let _ = Rectangle::new(Point::new(3, y + 1), Size::new(w, 4))
                .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
                .draw(frame);
        }
    }
}

/// The board, as printed: 13 x 19 fields of 4 x 3 pixels, walls as lines on the edges;
/// scientists as filled blocks, religionists hollow, a stunned piece as a dot, the wonder's
/// holder with a frame. On the right, each piece's initial (a computer seat's number) with its
/// field, since letters do not fit a 3-pixel row.
fn board(g: &Se, frame: &mut Frame) {
    let s = &g.state;
    let r = &g.rules;
    let (cw, ch) = (4i32, 3i32);
    let on = PrimitiveStyle::with_stroke(BinaryColor::On, 1);
    let w = r.columns as i32 * cw;
    let h = r.rows as i32 * ch;
    let _ = Rectangle::new(Point::new(0, 0), Size::new(w as u32 + 1, h as u32 + 1))
        .into_styled(on)
        .draw(frame);
    for (c, row, e) in &s.walls {
        let (x, y) = ((c as i32 - 1) * cw, (row as i32 - 1) * ch);
        let line = match e {
            Edge::East => Line::new(Point::new(x + cw, y), Point::new(x + cw, y + ch)),
            Edge::South => Line::new(Point::new(x, y + ch), Point::new(x + cw, y + ch)),
        };
        let _ = line.into_styled(on).draw(frame);
    }
    for p in &s.pieces {
        let Some((c, row)) = p.at else { continue };
        let (x, y) = ((c as i32 - 1) * cw + 1, (row as i32 - 1) * ch + 1);
        if p.stunned > 0 {
            let _ = Pixel(Point::new(x + 1, y), BinaryColor::On).draw(frame);
        } else if p.team == Some(Team::Scientists) {
            let _ = Rectangle::new(Point::new(x, y), Size::new(3, 2))
                .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
                .draw(frame);
        } else {
            let _ = Pixel(Point::new(x, y), BinaryColor::On).draw(frame);
            let _ = Pixel(Point::new(x + 2, y), BinaryColor::On).draw(frame);
            let _ = Pixel(Point::new(x, y + 1), BinaryColor::On).draw(frame);
            let _ = Pixel(Point::new(x + 2, y + 1), BinaryColor::On).draw(frame);
        }
        if p.wonder > 0 {
            let _ = Rectangle::new(Point::new(x - 1, y - 1), Size::new(5, 4))
                .into_styled(on)
                .draw(frame);
        }
    }
    // The legend: "A 7,17 sci" per piece (a stunned piece "zz"); two narrow columns past
    // eight pieces.
    let wide = s.pieces.len() <= 8;
    let tags = tags(s);
    for (i, p) in s.pieces.iter().enumerate().take(16) {
        let tag = tags[i];
        let at =
            p.at.map(|(c, r)| format!("{c},{r}"))
                .unwrap_or_else(|| "-".into());
        let side = match (p.stunned > 0, p.team) {
            (true, _) => "zz",
            (_, Some(Team::Scientists)) => "sci",
            _ => "rel",
        };
        let line = if wide {
            format!("{tag} {at} {side}")
        } else {
            format!("{tag} {at}")
        };
        let x = 56 + if wide { 0 } else { (i as i32 / 8) * 36 };
        let style = MonoTextStyle::new(&FONT_5X8, BinaryColor::On);
        let _ = Text::with_baseline(
            &fit(&line),
            Point::new(x, (i % 8) as i32 * 8),
            style,
            Baseline::Top,
        )
        .draw(frame);
    }
}

/// Each piece's letter, none the same: a human's initial, or (another human has it) the next
/// letter of their name no piece has, or their seat's number; a computer seat's number. P1
/// and P2 read P and 2, never P and P.
pub fn tags(s: &crate::engine::grid::state::State) -> Vec<char> {
    let computers: Vec<char> = s
        .pieces
        .iter()
        .filter(|p| p.computer)
        .filter_map(|p| p.name.chars().last())
        .collect();
    let mut out: Vec<char> = Vec::new();
    for (i, p) in s.pieces.iter().enumerate() {
        let c = if p.computer {
            p.name.chars().last().unwrap_or('?')
        } else {
            let seat = char::from_digit(((i + 1) % 10) as u32, 10).unwrap_or('?');
            p.name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .map(|c| c.to_ascii_uppercase())
                .chain(std::iter::once(seat))
                .find(|c| !out.contains(c) && !computers.contains(c))
                .unwrap_or(seat)
        };
        out.push(c);
    }
    out
}

/// A piece's letter on the board (`tags`); lower case while stunned.
fn letter(s: &crate::engine::grid::state::State, i: usize) -> char {
    let c = tags(s)[i];
    if s.pieces[i].stunned > 0 {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// The fields across and down that the close up shows.
const ACROSS: i32 = 9;
const DOWN: i32 = 6;

/// Do all the placed pieces fit in one close up?
fn all_fit(g: &Se) -> bool {
    let at: Vec<(u8, u8)> = g.state.pieces.iter().filter_map(|p| p.at).collect();
    let span = |f: fn(&(u8, u8)) -> u8| {
        at.iter().map(f).max().unwrap_or(0) as i32 - at.iter().map(f).min().unwrap_or(0) as i32
    };
    !at.is_empty() && span(|a| a.0) < ACROSS && span(|a| a.1) < DOWN
}

/// The board close up: 9 x 6 fields of 13 x 9 pixels around a piece, or around all of them,
/// each piece its letter (scientists white on black, religionists framed, a wonder's holder
/// framed twice, lower case while stunned), walls as lines, an empty field a dot.
fn close_up(g: &Se, around: Option<usize>, frame: &mut Frame) {
    // A field's width and height, the fields across and down, the window's top left corner.
    let (cw, ch, across, down, x0, y0) = (13i32, 9i32, ACROSS, DOWN, 5i32, 9i32);
    let s = &g.state;
    let r = &g.rules;
    let placed: Vec<(usize, (u8, u8))> = s
        .pieces
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.at.map(|at| (i, at)))
        .collect();
    // The field to centre on: the piece's, or the middle of all of them.
    let (cc, cr, title) = match around.and_then(|i| s.pieces[i].at.map(|at| (i, at))) {
        Some((i, (c, row))) => (
            c as i32,
            row as i32,
            format!("Close up: {} at {c},{row}", s.pieces[i].name),
        ),
        None => {
            let cols = placed.iter().map(|(_, (c, _))| *c as i32);
            let rows = placed.iter().map(|(_, (_, r))| *r as i32);
            let (lo_c, hi_c) = (cols.clone().min().unwrap_or(1), cols.max().unwrap_or(1));
            let (lo_r, hi_r) = (rows.clone().min().unwrap_or(1), rows.max().unwrap_or(1));
            (
                (lo_c + hi_c) / 2,
                (lo_r + hi_r) / 2,
                "Close up: all pieces".to_string(),
            )
        }
    };
    let first_c = (cc - across / 2).clamp(1, (r.columns as i32 - across + 1).max(1));
    let first_r = (cr - down / 2).clamp(1, (r.rows as i32 - down + 1).max(1));
    crate::ui::text::line(frame, 0, 0, &title, true);
    let on = PrimitiveStyle::with_stroke(BinaryColor::On, 1);
    let fill = PrimitiveStyle::with_fill(BinaryColor::On);
    let field_at = |c: i32, row: i32| (x0 + (c - first_c) * cw, y0 + (row - first_r) * ch);
    for c in first_c..(first_c + across).min(r.columns as i32 + 1) {
        for row in first_r..(first_r + down).min(r.rows as i32 + 1) {
            let (x, y) = field_at(c, row);
            let _ = Pixel(Point::new(x + cw / 2, y + ch / 2), BinaryColor::On).draw(frame);
        }
    }
    // The board's edges where the window meets them.
    let (left, top) = field_at(first_c, first_r);
    let (right, bottom) = field_at(
        (first_c + across).min(r.columns as i32 + 1),
        (first_r + down).min(r.rows as i32 + 1),
    );
    for (a, b, edge) in [
        ((left, top), (left, bottom), first_c == 1),
        (
            (right, top),
            (right, bottom),
            first_c + across > r.columns as i32,
        ),
        (
            (left, bottom - 1),
            (right, bottom - 1),
            first_r + down > r.rows as i32,
        ),
    ] {
        if edge {
            let _ = Line::new(Point::new(a.0, a.1), Point::new(b.0, b.1))
                .into_styled(on)
                .draw(frame);
        }
    }
    for (c, row, e) in &s.walls {
        let (c, row) = (c as i32, row as i32);
        if !(first_c..first_c + across).contains(&c) || !(first_r..first_r + down).contains(&row) {
            continue;
        }
        let (x, y) = field_at(c, row);
        let wall = match e {
            Edge::East => Line::new(
                Point::new(x + cw - 1, y),
                Point::new(x + cw - 1, y + ch - 1),
            ),
            Edge::South => Line::new(
                Point::new(x, y + ch - 1),
                Point::new(x + cw - 1, y + ch - 1),
            ),
        };
        let _ = wall
            .into_styled(PrimitiveStyle::with_stroke(BinaryColor::On, 2))
            .draw(frame);
    }
    for (i, (c, row)) in placed {
        let (c, row) = (c as i32, row as i32);
        if !(first_c..first_c + across).contains(&c) || !(first_r..first_r + down).contains(&row) {
            continue;
        }
        let p = &s.pieces[i];
        let (x, y) = field_at(c, row);
        let cell = Rectangle::new(
            Point::new(x + 1, y),
            Size::new(cw as u32 - 3, ch as u32 - 1),
        );
        let scientist = p.team == Some(Team::Scientists);
        let _ = cell
            .into_styled(if scientist { fill } else { on })
            .draw(frame);
        if p.wonder > 0 {
            let _ = Rectangle::new(
                Point::new(x, y - 1),
                Size::new(cw as u32 - 1, ch as u32 + 1),
            )
            .into_styled(on)
            .draw(frame);
        }
        let colour = if scientist {
            BinaryColor::Off
        } else {
            BinaryColor::On
        };
        let _ = Text::with_baseline(
            &letter(s, i).to_string(),
            Point::new(x + 4, y),
            MonoTextStyle::new(&FONT_5X8, colour),
            Baseline::Top,
        )
        .draw(frame);
    }
}

/// The wall editor at its first field, the column.
fn wall_editor() -> GView {
    GView::Wall {
        col: 1,
        row: 1,
        east: true,
        step: 0,
    }
}
