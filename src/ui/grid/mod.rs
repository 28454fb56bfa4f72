//! The grid game at the table: choosing sides, the walls the table plugs in, placing by the
//! device's d20s, sealing orders by tapping a token then the physical action cards (or on a
//! private menu, opened only by that token and blank once sealed), the reveal announced a page
//! at a time, and the board, notebook and strips. The shared screen never shows a sealed
//! order's cards.

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
use crate::ui::screen::{Desk, Facts, Flow, Pages, Screens, Tapped};
use crate::ui::text::{counted, fit, layout, wrap};

mod board;
mod menu;
mod notebook;
mod status;
use board::*;
pub use board::{legend, tags, TURN_MS};
use notebook::*;
pub use status::pages;
use status::*;

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
    /// The whole board, each piece a mark too small for a letter: one piece at a time is
    /// named on the map (its letter beside it, a frame round it, its legend line lit), in turn
    /// every `board::TURN_MS` or the one UP/DOWN picked (`pick`, a piece's index); `turn` is the
    /// turn last drawn.
    Board {
        pick: Option<usize>,
        turn: u64,
    },
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
#[derive(Clone)]
pub struct GridScreens {
    pub view: GView,
    pub sel: usize,
    /// The main menu's line that opened a view only looked at (the board, the notebook):
    /// BACK returns there.
    pub opened_from: usize,
}

impl Screens for GridScreens {
    type F = Grid;
    const FACTS: Facts = Facts {
        seats: (1, crate::engine::grid::family::MAX_HUMANS),
        piece_kinds: &[
            "card move-up|move-down|move-left|move-right|attack|pray|study: an action card",
        ],
        web_view: include_str!("grid.js"),
        // grid-game: players talk, but nothing passes between seats but the orders.
        deals: false,
    };

    fn open(_g: &Se, _desk: &mut Desk) -> Self {
        GridScreens {
            view: GView::Main,
            sel: 0,
            opened_from: 0,
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
                    GView::Board { pick, .. } => *pick = pick_next(g, *pick, desk.now, dir),
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
                    // A seat's own screen is never copied into a note (it could outlast it).
                    desk.nothing_to_roll("no roll now", |desk| match self.view {
                        GView::Private { .. } | GView::Seal { .. } => Vec::new(),
                        _ => self.message(g, desk),
                    });
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
                desk.note = Some(format!(
                    "{} tapped; OK seals",
                    counted(cards.len() as i64, "card")
                ));
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

    /// The overview names its pieces in turn: a new turn draws the screen again.
    fn tick(&mut self, _g: &mut Se, desk: &mut Desk) -> Flow {
        if let GView::Board { pick: None, turn } = &mut self.view {
            let now = desk.now / TURN_MS;
            if *turn != now {
                *turn = now;
                desk.redraw = true;
            }
        }
        Flow::Stay
    }

    fn menu_rows(&self, _g: &Se) -> usize {
        match self.view {
            GView::Notebook { .. } | GView::Strips | GView::Zoom { .. } => 0,
            _ => 4,
        }
    }

    fn draw(&self, g: &Se, desk: &Desk, frame: &mut Frame) {
        if let GView::Board { pick, .. } = self.view {
            frame.clear();
            board(g, named_piece(g, pick, desk.now), frame);
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
        // The main menu's line under the cursor, kept by its words (below).
        let line = (was == GView::Main)
            .then(|| self.entries(g).get(sel).map(|(label, _)| label.clone()))
            .flatten();
        // The round a reveal resolves: its pages are titled by it, not by the round the
        // table seals next (played by hand, "Round 2" over round 1's orders misled).
        let round = g.state.round;
        // The wall editor stays open for the next wall, what was done said above it.
        if let GView::Wall { col, row, east, .. } = was {
            let Some(lines) = desk.run::<Self>(g, cmd) else {
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
        match desk.run::<Self>(g, cmd) {
            Some(lines) if lines.iter().any(|l| l.starts_with("orders:")) => {
                // The new positions, unless the table must act first (the wonder's roll) or
                // the game is over (the final standings are one press away).
                self.go(if g.state.phase == Phase::Orders {
                    GView::board()
                } else {
                    GView::Main
                });
                Flow::Pager(Pages {
                    title: Some(format!("Round {round} revealed")),
                    pages: pages(&lines, crate::ui::text::MESSAGE_ROWS),
                    last: "OK: next",
                })
            }
            // A computer seat's seal never closes a person's sealing under way (issue 66: no
            // window closed): the view stays, the line is in the log and the header's count.
            Some(_)
                if matches!(desk.actor, crate::engine::authority::Actor::Computer(_))
                    && matches!(
                        was,
                        GView::Seal { .. } | GView::Private { .. } | GView::Ask { .. }
                    )
                    && g.state.phase == Phase::Orders =>
            {
                Flow::Stay
            }
            Some(lines) => {
                self.go(GView::Main);
                // The same menu keeps its line, found by its words where lines came or went
                // above it (a computer seat's side brought "Start" in over the walls' line),
                // else its place ("Ann: no side" became "Ann: scientists"); a new phase's
                // menu starts on its first ("Roll for Ann" after Start, never what the old
                // cursor pointed at).
                // Another piece's placing is a new moment too ("Roll for cpu2" after cpu1,
                // a computer seat, placed its own: the cursor had stayed on the walls' line).
                let same_phase = match (&phase, &g.state.phase) {
                    (Phase::Placing { .. }, Phase::Placing { .. }) => phase == g.state.phase,
                    _ => std::mem::discriminant(&phase) == std::mem::discriminant(&g.state.phase),
                };
                if was == GView::Main && same_phase {
                    let now = self.entries(g);
                    self.sel = line
                        .and_then(|l| now.iter().position(|(label, _)| *label == l))
                        .unwrap_or(sel.min(now.len().saturating_sub(1)));
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
        let mut lines: Vec<String> = sides
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
        // Over: who won, by name, the converts apart (as the win was told), so the final
        // standings say more than how many pieces each side has. The name comes first:
        // beside the final chart a row has 14 columns, and a name after "converted: " was
        // cut there ("converted: cpu", which cpu?).
        if let Some(t) = s.winner {
            let (kept, turned) = s.kept_and_converted(t);
            let name = |i: usize| &s.pieces[i].name;
            lines.extend(
                kept.iter()
                    .map(|&i| format!("{} won ({})", name(i), t.word())),
            );
            lines.extend(
                turned
                    .iter()
                    .map(|&i| format!("{} joined (converted to the {})", name(i), t.word())),
            );
        }
        let title = match s.winner {
            Some(t) => format!("Final: {} won", t.word()),
            None => "Standings".into(),
        };
        (title, lines)
    }

    fn undone(&mut self, _g: &Se, _desk: &mut Desk) {
        self.go(GView::Main);
    }

    /// The round, and the computer's pieces that play beside the people ("round 3, with
    /// cpu1"): the list of saved games names only the people.
    fn progress(g: &Se) -> String {
        let cpus: Vec<&str> = g
            .state
            .pieces
            .iter()
            .filter(|p| p.computer)
            .map(|p| p.name.as_str())
            .collect();
        // Sides and placing come before round 1: "round 0" read as a round played.
        let at = match g.state.phase {
            Phase::Setup | Phase::Placing { .. } => "the start".to_string(),
            _ => format!("round {}", g.state.round),
        };
        match cpus.as_slice() {
            [] => at,
            _ => format!("{at}, with {}", cpus.join(", ")),
        }
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
            // What the roll is for: a computer seat's is named so in the log ("cpu1: the d6
            // for the wonder (computer)"), and an undo asks about it so.
            Command::Roll { .. } => match s.phase {
                Phase::Wonder { .. } => format!(
                    "the d{} for the wonder",
                    status::wonder_roll(g).map_or(6, |(_, die)| die)
                ),
                Phase::Placing { piece } => format!("{}'s placing roll", pn(piece)),
                _ => "the roll".into(),
            },
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
    /// A sealed order is its player's alone until the reveal.
    fn hidden(_g: &Se, cmd: &Command) -> bool {
        matches!(cmd, Command::Order { .. })
    }

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
            opened_from: 0,
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
