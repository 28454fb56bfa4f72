//! The rule scenario tests of every game, in one test binary: a shared table harness that
//! drives the engine through the protocol's words, and one module per game.

use boardside::engine::property::protocol::{self, Line};
use boardside::engine::property::state::Pending;
use boardside::engine::property::{self, narrate, Event, Options, Ruleset, Setup, State};

mod grid;
mod illuminati;
mod scientopoly;
mod sectionopoly;
mod suetology;

/// A game at the table: the rules, the state, and the narrated lines of the last command.
pub struct Table {
    pub rules: Ruleset,
    pub s: State,
    pub lines: Vec<String>,
}

pub fn rules(name: &str) -> Ruleset {
    boardside::rulesets::load::<boardside::engine::property::Property>(&format!(
        "{}/rulesets/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

impl Table {
    /// A new game of the named ruleset: the first listed player starts, decks unshuffled.
    pub fn new(ruleset: &str, players: &[&str], edit: impl FnOnce(&mut Options)) -> Table {
        let rules = rules(ruleset);
        let mut o = rules.options.clone();
        o.first_player = property::options::FirstPlayer::Listed;
        edit(&mut o);
        let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        let (s, _) = property::new_game(&rules, &names, &o, &Setup::unshuffled(&rules)).unwrap();
        Table {
            rules,
            s,
            lines: vec![],
        }
    }
    pub fn exec(&mut self, line: &str) -> Result<Vec<Event>, String> {
        let cmd = match protocol::parse(&self.rules, &self.s, line)? {
            Line::Command(c) => c,
            other => panic!("not a command: {other:?}"),
        };
        let before = self.s.clone();
        match property::execute(&self.rules, &mut self.s, &cmd) {
            Ok(events) => {
                let mut s = before;
                self.lines.clear();
                for e in &events {
                    property::apply(&self.rules, &mut s, e);
                    if let Some(l) = narrate::event(&self.rules, &s, e) {
                        self.lines.push(l);
                    }
                }
                Ok(events)
            }
            Err(e) => {
                assert_eq!(self.s, before, "a refused command changed the state");
                Err(e.to_string())
            }
        }
    }
    /// Run lines that must all be accepted.
    pub fn run(&mut self, lines: &str) -> Vec<Event> {
        let mut all = vec![];
        for l in lines.split(';').map(str::trim).filter(|l| !l.is_empty()) {
            all.extend(
                self.exec(l)
                    .unwrap_or_else(|e| panic!("`{l}` refused: {e}")),
            );
        }
        all
    }
    /// A line that must be refused; returns the reason.
    pub fn refused(&mut self, line: &str) -> String {
        match self.exec(line) {
            Ok(_) => panic!("`{line}` was accepted"),
            Err(e) => e,
        }
    }
    pub fn p(&self, name: &str) -> usize {
        self.s.player_index(name).unwrap()
    }
    pub fn sq(&self, id: &str) -> usize {
        self.rules.square_index(id).unwrap()
    }
    pub fn cash(&self, name: &str) -> i64 {
        self.s.cash(self.p(name))
    }
    pub fn pos(&self, name: &str) -> usize {
        self.s.players[self.p(name)].position
    }
    pub fn owner(&self, id: &str) -> Option<String> {
        self.s.squares[self.sq(id)]
            .owner
            .map(|o| self.s.players[o].name.clone())
    }
    pub fn level(&self, id: &str) -> u8 {
        self.s.squares[self.sq(id)].level
    }
    pub fn status(&self, name: &str) -> u8 {
        self.s.players[self.p(name)].status
    }
    pub fn jailed(&self, name: &str) -> bool {
        self.s.players[self.p(name)].jail.is_some()
    }
    pub fn own(&mut self, player: &str, squares: &[&str]) {
        for q in squares {
            self.run(&format!("set owner {q} {player}"));
        }
    }
    pub fn top_card(&mut self, deck: &str, card: &str) {
        let d = self.rules.deck_index(deck).unwrap();
        let c = self.rules.decks[d]
            .cards
            .iter()
            .position(|x| x.id == card)
            .unwrap() as u16;
        let mut order: Vec<u16> = self.s.decks[d].cards().filter(|&x| x != c).collect();
        order.insert(0, c);
        self.s.decks[d] = boardside::engine::deck::Deck::new(order);
    }
    pub fn said(&self, text: &str) -> bool {
        self.lines.iter().any(|l| l.contains(text))
    }
    pub fn pending(&self) -> Option<&Pending> {
        self.s.top()
    }
}

/// A game of any family driven through the protocol's words, with the table's lines of the
/// last command: the harness the grid and Illuminati scenarios share.
pub struct At<F: boardside::engine::game::Family> {
    pub s: boardside::session::Session<F>,
    pub lines: Vec<String>,
}

impl<F: boardside::engine::game::Family> At<F> {
    /// A line that must be accepted; its lines are kept. The family's invariants hold after
    /// it (what `apply` keeps beside the facts, such as Illuminati's card places, included).
    pub fn ok(&mut self, line: &str) -> &mut Self {
        let out = self.s.run_line(line);
        assert!(
            !out.iter().any(|l| l.starts_with("error:")),
            "`{line}`: {out:?}"
        );
        if let Err(e) = F::invariants(&self.s.rules, &self.s.state) {
            panic!("after `{line}`: {e}");
        }
        self.lines = out;
        self
    }
    /// Lines separated by `;`, all to be accepted; their lines are kept together.
    pub fn run(&mut self, lines: &str) -> &mut Self {
        let mut all = vec![];
        for l in lines.split(';').map(str::trim).filter(|l| !l.is_empty()) {
            self.ok(l);
            all.extend(self.lines.clone());
        }
        self.lines = all;
        self
    }
    /// A line that must be refused, changing nothing; returns the refusal.
    pub fn refused(&mut self, line: &str) -> String {
        let before = self.s.state.clone();
        let out = self.s.run_line(line);
        assert!(
            out.len() == 1 && out[0].starts_with("error: "),
            "`{line}` accepted: {out:?}"
        );
        assert_eq!(self.s.state, before, "a refused command changed the state");
        out[0].clone()
    }
    pub fn said(&self, text: &str) -> bool {
        self.lines.iter().any(|l| l.contains(text))
    }
}
