//! The grid game at the table: choosing sides, placing by the device's d20s, sealing orders by
//! tapping a token then the physical action cards (or on a private menu that blanks once
//! sealed), the reveal announced one line at a time, and the board, notebook and strips.
//! The shared screen never shows a sealed order's cards.

use embedded_graphics::mono_font::ascii::FONT_5X8;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{Line, PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Baseline, Text};

use super::menu::{fit, wrap};
use super::Ui;
use crate::engine::game::Words;
use crate::engine::grid::family::orders_for;
use crate::engine::grid::protocol::{cards, order_words};
use crate::engine::grid::state::{Edge, Part, Phase, Team};
use crate::engine::grid::{Command, Grid};
use crate::hw::{Button, Frame, Input, Press};
use crate::session::Session;
use crate::tags::TagKind;

/// The grid screens.
#[derive(Debug, Clone, PartialEq)]
pub enum GView {
    Main,
    /// A player taps their action cards; OK seals. The screen shows only how many.
    Seal {
        player: usize,
        cards: Vec<String>,
    },
    /// A player without tagged cards picks the order here; it blanks once sealed.
    Private {
        player: usize,
    },
    /// The round's lines, one announcement at a time, then the board.
    Reveal {
        lines: Vec<String>,
        page: usize,
    },
    Board,
    Notebook,
    Strips,
    Log {
        back: usize,
    },
    ConfirmUndo,
}

/// A menu line and what it does.
#[derive(Debug, Clone, PartialEq)]
pub enum GAct {
    Cmd(Command),
    Go(GView),
    Seal,
    Undo,
    NewGame,
}

/// The grid game's screens.
pub type GridTable = super::table::Screen<Grid, GView>;

impl GridTable {
    pub fn new(session: Session<Grid>) -> GridTable {
        super::table::Screen::open(session, GView::Main)
    }

    /// Carry out a command. After a reveal, its lines are announced one page at a time.
    pub fn command(&mut self, cmd: Command, log: &mut Vec<String>) {
        match super::table::run(&mut self.session, cmd, log) {
            Ok(lines) if lines.iter().any(|l| l.starts_with("orders:")) => {
                self.go(GView::Reveal { lines, page: 0 })
            }
            Ok(lines) => {
                self.note = lines.last().cloned();
                self.go(GView::Main);
            }
            Err(e) => self.note = Some(e),
        }
    }

    pub fn entries(&self) -> Vec<(String, GAct)> {
        let s = &self.session.state;
        let r = &self.session.rules;
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
                }
                Phase::Placing { piece } => out.push((
                    format!("Roll for {}", name(*piece)),
                    GAct::Cmd(Command::Roll { dice: None }),
                )),
                Phase::Orders => {
                    if !s.anyone_owes() {
                        out.push(("Play the round".into(), GAct::Cmd(Command::Next)));
                    }
                    for i in s.owing() {
                        out.push((
                            format!("Seal for {}", name(i)),
                            GAct::Go(GView::Private { player: i }),
                        ));
                    }
                }
                Phase::Wonder { .. } => out.push((
                    "Roll for the wonder".into(),
                    GAct::Cmd(Command::Roll { dice: None }),
                )),
                Phase::Over => out.push(("New game".into(), GAct::NewGame)),
            },
            GView::Seal { .. } => {
                out.push(("OK: seal the order".into(), GAct::Seal));
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
            GView::Reveal { .. } => {
                out.push(("OK: next".into(), GAct::Go(GView::Main)));
                return out;
            }
            GView::ConfirmUndo => {
                return vec![
                    (super::table::undo_label(&self.session), GAct::Undo),
                    ("Keep it".into(), GAct::Go(GView::Main)),
                ];
            }
            GView::Board | GView::Notebook | GView::Strips | GView::Log { .. } => {
                return vec![("Back".into(), GAct::Go(GView::Main))];
            }
        }
        if !matches!(s.phase, Phase::Setup) {
            out.push(("Board".into(), GAct::Go(GView::Board)));
            out.push(("Notebook".into(), GAct::Go(GView::Notebook)));
            out.push(("Strips".into(), GAct::Go(GView::Strips)));
        }
        out.push(("Log".into(), GAct::Go(GView::Log { back: 0 })));
        out.push(("Undo".into(), GAct::Go(GView::ConfirmUndo)));
        out
    }

    fn act(&mut self, a: GAct, log: &mut Vec<String>) -> bool {
        match a {
            GAct::Cmd(c) => self.command(c, log),
            GAct::Go(v) => {
                // Past the last page of a reveal comes the board itself.
                let next = match (&self.view, v) {
                    (GView::Reveal { lines, page }, _) if page + 1 < pages(lines).len() => {
                        GView::Reveal {
                            lines: lines.clone(),
                            page: page + 1,
                        }
                    }
                    (GView::Reveal { .. }, _) => GView::Board,
                    (_, v) => v,
                };
                self.go(next);
            }
            GAct::Seal => {
                if let GView::Seal {
                    player,
                    cards: picked,
                } = self.view.clone()
                {
                    let words: Vec<&str> = picked.iter().map(String::as_str).collect();
                    match cards(&words) {
                        Ok(order) => self.command(Command::Order { player, order }, log),
                        Err(e) => self.note = Some(e),
                    }
                }
            }
            GAct::Undo => {
                self.note = Some(super::table::undo(&mut self.session, log));
                self.go(GView::Main);
            }
            GAct::NewGame => return true,
        }
        false
    }

    /// A tag tapped during a grid game: a token opens sealing, a card adds to the stack.
    fn tag(&mut self, kind: TagKind) {
        let s = &self.session.state;
        match (kind, &mut self.view) {
            (TagKind::GridCard { card }, GView::Seal { cards, .. }) => {
                cards.push(card);
                self.note = Some(format!("{} card(s) tapped; OK seals", cards.len()));
            }
            (TagKind::GridCard { .. }, _) => {
                self.note = Some("tap your token first, then your cards".into())
            }
            (TagKind::Player { name }, _) => match s.index_of(&name) {
                Some(p) if s.phase == Phase::Orders && s.may_order(p) && !s.pieces[p].computer => {
                    self.go(GView::Seal {
                        player: p,
                        cards: vec![],
                    });
                }
                Some(p) => {
                    let q = &s.pieces[p];
                    self.note = Some(format!(
                        "{}: {}, stun {}, wonder {}",
                        q.name,
                        q.team.map(|t| t.word()).unwrap_or("-"),
                        q.stunned,
                        q.wonder
                    ));
                }
                None => self.note = Some(format!("{name} is not in this game")),
            },
            _ => self.note = Some("not used in the grid game".into()),
        }
    }
}

/// Pages of a reveal: up to five lines each, but a sticker change or a conversion is
/// announced alone, so the player it concerns sees it.
pub fn pages(lines: &[String]) -> Vec<Vec<String>> {
    let alone = |l: &str| l.contains("change the sticker") || l.contains("is converted");
    let mut out: Vec<Vec<String>> = vec![];
    let mut page: Vec<String> = vec![];
    for l in lines {
        if alone(l) {
            if !page.is_empty() {
                out.push(std::mem::take(&mut page));
            }
            out.push(vec![l.clone()]);
        } else {
            page.push(l.clone());
            if page.len() == 5 {
                out.push(std::mem::take(&mut page));
            }
        }
    }
    if !page.is_empty() {
        out.push(page);
    }
    out
}

/// Input for a grid game; returns true when the table asked for a new game.
pub fn handle(ui: &mut Ui, input: Input) -> bool {
    let Some(g) = ui.grid.as_mut() else {
        return false;
    };
    match input {
        Input::Tick(_) | Input::Quit => return false,
        Input::Tag(uid) => {
            g.note = None;
            match ui.tags.get(&uid).cloned() {
                Some(kind) => g.tag(kind),
                None => {
                    ui.view = super::View::Enroll { uid };
                    ui.note = Some("new tag: what is it?".into());
                }
            }
        }
        Input::Button(b, p) => {
            g.note = None;
            let entries = g.entries();
            match (b, p) {
                (Button::Up | Button::Down, Press::Press | Press::Repeat { .. }) => {
                    match &mut g.view {
                        GView::Log { back } => {
                            *back = if b == Button::Up {
                                back.saturating_add(1)
                            } else {
                                back.saturating_sub(1)
                            }
                        }
                        _ if !entries.is_empty() => {
                            let n = entries.len();
                            g.sel = if b == Button::Up {
                                (g.sel + n - 1) % n
                            } else {
                                (g.sel + 1) % n
                            };
                        }
                        _ => {}
                    }
                }
                (Button::Ok, Press::Press) => {
                    if let Some((_, a)) = entries.get(g.sel).cloned() {
                        if g.act(a, &mut ui.log) {
                            ui.grid = None;
                            ui.view = super::View::Setup;
                        }
                    }
                }
                (Button::Back, Press::Press) => g.go(GView::Main),
                (Button::Back, Press::Hold) => g.go(GView::ConfirmUndo),
                (Button::Roll, Press::Press) => {
                    if matches!(
                        g.session.state.phase,
                        Phase::Placing { .. } | Phase::Wonder { .. }
                    ) {
                        g.command(Command::Roll { dice: None }, &mut ui.log);
                    } else {
                        g.note = Some("no roll now".into());
                    }
                }
                _ => {}
            }
        }
    }
    ui.dirty = true;
    false
}

use super::table::text;

fn header(g: &GridTable) -> String {
    let s = &g.session.state;
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
fn status(g: &GridTable) -> Vec<String> {
    let s = &g.session.state;
    let r = &g.session.rules;
    if s.phase == Phase::Orders {
        let mut lines = Vec::new();
        for i in 0..s.humans {
            let p = &s.pieces[i];
            let what = if p.stunned > 0 {
                format!("stunned {}", p.stunned)
            } else if p.order.is_some() {
                "sealed".into()
            } else {
                "waiting".into()
            };
            lines.push(format!("{}: {what}", p.name));
        }
        return lines;
    }
    wrap(&Grid::prompt(r, s))
}

pub fn render(ui: &Ui, frame: &mut Frame) {
    let Some(g) = &ui.grid else {
        return;
    };
    frame.clear();
    if g.view == GView::Board {
        board(g, frame);
        return;
    }
    text(frame, 0, 0, &header(g), true);
    let msg: Vec<String> = if let Some(n) = &g.note {
        wrap(n)
    } else {
        match &g.view {
            GView::Seal { player, cards } => wrap(&format!(
                "{}: tap your cards in order, then OK ({} tapped)",
                g.session.state.pieces[*player].name,
                cards.len()
            )),
            GView::Private { player } => wrap(&format!(
                "{} only: choose your order (the screen blanks once sealed)",
                g.session.state.pieces[*player].name
            )),
            GView::Reveal { lines, page } => pages(lines)
                .get(*page)
                .map(|p| p.iter().flat_map(|l| wrap(l)).collect())
                .unwrap_or_default(),
            GView::Notebook => notebook_lines(g),
            GView::Strips => strips_lines(g),
            GView::Log { back } => {
                let lines: Vec<String> = ui.log.iter().flat_map(|l| wrap(l)).collect();
                let end = lines.len().saturating_sub(*back);
                lines[end.saturating_sub(7)..end].to_vec()
            }
            _ => status(g),
        }
    };
    let entries = g.entries();
    let menu_rows = match g.view {
        GView::Log { .. } | GView::Notebook | GView::Strips => 0,
        GView::Reveal { .. } => 1,
        _ => 4.min(entries.len()),
    };
    for (i, line) in msg.iter().take(7 - menu_rows).enumerate() {
        text(frame, 0, 1 + i, line, false);
    }
    if g.view == GView::Strips {
        strip_bars(g, frame);
    }
    if menu_rows == 0 {
        return;
    }
    let first = g
        .sel
        .saturating_sub(menu_rows - 1)
        .min(entries.len() - menu_rows);
    for (i, (label, _)) in entries.iter().skip(first).take(menu_rows).enumerate() {
        text(frame, 0, 8 - menu_rows + i, label, first + i == g.sel);
    }
}

fn notebook_lines(g: &GridTable) -> Vec<String> {
    let s = &g.session.state;
    let mut out = vec!["name  m  a  p  FHH st w".to_string()];
    for p in &s.pieces {
        let c = |l: crate::engine::grid::state::Level| {
            l.word().chars().next().unwrap_or('?').to_ascii_uppercase()
        };
        out.push(format!(
            "{:<5}{:>2} {:>2} {:>2}  {}{}{} {:>2} {}",
            p.name.chars().take(5).collect::<String>(),
            p.count(crate::engine::grid::state::Action::Move),
            p.count(crate::engine::grid::state::Action::Attack),
            p.count(crate::engine::grid::state::Action::Pray),
            c(p.sticker(Part::Feet)),
            c(p.sticker(Part::Hands)),
            c(p.sticker(Part::Head)),
            p.stunned,
            p.wonder
        ));
    }
    out
}

fn strips_lines(g: &GridTable) -> Vec<String> {
    let s = &g.session.state;
    vec![
        format!("scientists {}/{}", s.strips[0], s.strip_length),
        String::new(),
        format!("religionists {}/{}", s.strips[1], s.strip_length),
    ]
}

/// Two bars under the strips' labels, filled in proportion.
fn strip_bars(g: &GridTable, frame: &mut Frame) {
    let s = &g.session.state;
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
fn board(g: &GridTable, frame: &mut Frame) {
    let s = &g.session.state;
    let r = &g.session.rules;
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
    for (i, p) in s.pieces.iter().enumerate().take(16) {
        let tag = if p.computer {
            p.name.chars().last().unwrap_or('?')
        } else {
            p.name.chars().next().unwrap_or('?')
        };
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
