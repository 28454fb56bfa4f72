//! Count to the target at the table: the menu adds 1 or 2, ROLL rolls the die, a "chip" tag
//! adds one; the standings are each player's share; the end offers a new game.

use super::family::{Command, Count, Rules};
use boardside::hw::{Button, Press};
use boardside::session::Session;
use boardside::ui::screen::{Desk, Flow, Screens, Tapped};
use boardside::ui::text::{step, wrap};

type Se = Session<Count>;

#[derive(Debug, Clone, PartialEq)]
enum Act {
    Cmd(Command),
    Standings,
    Log,
    Undo,
    NewGame,
}

#[derive(Clone)]
pub struct CountScreens {
    sel: usize,
}

impl CountScreens {
    fn entries(&self, g: &Se) -> Vec<(String, Act)> {
        if g.state.winner.is_some() {
            return vec![
                ("Final standings".into(), Act::Standings),
                ("New game".into(), Act::NewGame),
            ];
        }
        let mut out = Vec::new();
        for n in 1..=2 {
            if g.state.count + n <= g.rules.target {
                out.push((format!("Add {n}"), Act::Cmd(Command::Add { n })));
            }
        }
        out.push(("Standings".into(), Act::Standings));
        out.push(("Log".into(), Act::Log));
        out.push(("Undo".into(), Act::Undo));
        out
    }
}

impl Screens for CountScreens {
    type F = Count;
    const FACTS: boardside::ui::screen::Facts = boardside::ui::screen::Facts {
        seats: (2, 6),
        piece_kinds: &["chip one: a chip that adds one"],
        web_view: "",
        deals: false,
    };

    fn open(_g: &Se, _desk: &mut Desk) -> Self {
        CountScreens { sel: 0 }
    }
    fn sets(_rules: &Rules) -> Vec<boardside::sets::PieceSet> {
        vec![boardside::sets::PieceSet::of_pieces(
            "chips",
            "Chips",
            [("chip:one".to_string(), "Chip: one".to_string())],
        )]
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
        match (b, p) {
            (Button::Up, Press::Press) => self.sel = step(self.sel, entries.len(), -1),
            (Button::Down, Press::Press) => self.sel = step(self.sel, entries.len(), 1),
            (Button::Ok, Press::Press) => match entries.get(self.sel).map(|e| e.1.clone()) {
                Some(Act::Cmd(c)) => return self.command(g, desk, c),
                Some(Act::Standings) => return Flow::Standings,
                Some(Act::Log) => return Flow::Log,
                Some(Act::Undo) => return Flow::ConfirmUndo,
                Some(Act::NewGame) => return Flow::NewGame,
                None => {}
            },
            (Button::Roll, Press::Press) => {
                return self.command(g, desk, Command::Roll { die: None })
            }
            _ => {}
        }
        Flow::Stay
    }
    fn tag(&mut self, g: &mut Se, desk: &mut Desk, tag: Tapped) -> Flow {
        match tag {
            Tapped::Piece("chip:one") => self.command(g, desk, Command::Add { n: 1 }),
            Tapped::Player(p) => {
                desk.set_note(Some(format!(
                    "{} added {}",
                    g.state.players[p], g.state.added[p]
                )));
                Flow::Stay
            }
            Tapped::Piece(id) => {
                desk.set_note(Some(format!("{id}: not used in this game")));
                Flow::Stay
            }
        }
    }
    fn header(&self, g: &Se, _desk: &Desk) -> String {
        format!("Count {} of {}", g.state.count, g.rules.target)
    }
    fn message(&self, g: &Se, desk: &Desk) -> Vec<String> {
        match desk.note() {
            Some(n) => wrap(n),
            None => wrap(&<Count as boardside::engine::game::Words>::prompt(
                &g.rules, &g.state,
            )),
        }
    }
    fn command(&mut self, g: &mut Se, desk: &mut Desk, cmd: Command) -> Flow {
        if let Some(lines) = desk.run::<Self>(g, cmd) {
            desk.set_note(lines.first().cloned());
        }
        self.sel = 0;
        Flow::Stay
    }
    fn standings(g: &Se) -> (String, Vec<String>) {
        let title = if g.state.winner.is_some() {
            "Final standings"
        } else {
            "Standings"
        };
        let lines = g
            .state
            .players
            .iter()
            .zip(&g.state.added)
            .map(|(p, a)| format!("{p} {a}"))
            .collect();
        (title.into(), lines)
    }
}
