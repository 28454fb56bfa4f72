//! The rule scenario tests of every game, in one test binary: one table harness for every
//! family (`At`), which drives a session through the protocol's words, keeps the table's lines
//! of the last command, checks the family's invariants after every accepted line and that a
//! refused line changes nothing; and one module per game.

use boardside::engine::game::Family;
use boardside::engine::property::state::Pending;
use boardside::engine::property::{self, Options, Property, Setup};
use boardside::session::{Outcome, Session};

mod grid;
mod illuminati;
mod scientopoly;
mod sectionopoly;
mod suetology;

/// A property game's table.
pub type Table = At<Property>;

pub fn rules(name: &str) -> property::Ruleset {
    boardside::rulesets::load::<Property>(format!(
        "{}/rulesets/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// A journal an earlier release saved (tests/fixtures/NAME), resumed from a copy in the
/// temporary folder (the resumed game writes on: the caller removes the copy), once `was`
/// has checked the text is that release's.
pub fn resume_fixture<F: Family>(
    rules: F::Rules,
    name: &str,
    was: impl FnOnce(&str),
) -> (Session<F>, std::path::PathBuf) {
    let fixture = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&fixture).unwrap();
    was(&text);
    let path = std::env::temp_dir().join(format!("boardside-{}-{name}", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let (resumed, _) = Session::<F>::resume(rules, &path).unwrap().expect("a game");
    (resumed, path)
}

/// A game of any family driven through the protocol's words, with the table's lines of the
/// last command.
pub struct At<F: Family> {
    pub s: Session<F>,
    pub lines: Vec<String>,
    /// The state was set by hand (`poke`) into one no command reaches: its invariants are not
    /// asked of it from then on.
    poked: bool,
}

impl<F: Family> At<F> {
    pub fn of(s: Session<F>) -> Self {
        At {
            s,
            lines: vec![],
            poked: false,
        }
    }
    /// One line: accepted, with its table lines kept and the family's invariants holding
    /// after it (what `apply` keeps beside the facts, such as Illuminati's card places,
    /// included); or refused, changing nothing, with the reason.
    pub fn exec(&mut self, line: &str) -> Result<Vec<F::Event>, String> {
        let events = self.exec_unchecked(line)?;
        self.check(line);
        Ok(events)
    }
    /// The family's invariants hold now (unless the state was set by hand).
    fn check(&self, after: &str) {
        if self.poked {
            return;
        }
        if let Err(e) = F::invariants(&self.s.rules, &self.s.state, false) {
            panic!("after `{after}`: {e}");
        }
    }
    /// Set the state by hand, as no command would (a bank out of houses); the invariants are
    /// not asked of the game from then on.
    pub fn poke(&mut self, change: impl FnOnce(&mut F::State)) {
        change(&mut self.s.state);
        self.poked = true;
    }
    fn exec_unchecked(&mut self, line: &str) -> Result<Vec<F::Event>, String> {
        let before = self.s.state.clone();
        match self.s.line(line) {
            Outcome::Done(said) => {
                self.lines = Session::<F>::public(&said);
                // Every accepted command says what it did.
                assert!(!self.lines.is_empty(), "`{line}` was accepted in silence");
                Ok(self.events())
            }
            Outcome::Refused(e) => {
                assert!(
                    self.s.state == before,
                    "`{line}` was refused ({e}) but changed the state"
                );
                Err(e)
            }
            Outcome::Shown(lines) => panic!("`{line}` is a question, not a command: {lines:?}"),
            Outcome::Nothing => panic!("`{line}` is not a command"),
        }
    }
    /// The events of the last command in effect.
    pub fn events(&self) -> Vec<F::Event> {
        self.s
            .history
            .last()
            .map(|d| d.events.clone())
            .unwrap_or_default()
    }
    /// A line that must be accepted; its lines are kept.
    pub fn ok(&mut self, line: &str) -> &mut Self {
        if let Err(e) = self.exec(line) {
            panic!("`{line}` refused: {e}");
        }
        self
    }
    /// Lines separated by `;`, all to be accepted; their lines are kept together. The
    /// invariants hold after each line but a correction (`set ...`), which a table makes a
    /// step at a time (one lot's buildings, then the next), and after the whole run.
    pub fn run(&mut self, lines: &str) -> &mut Self {
        let mut all = vec![];
        for l in lines.split(';').map(str::trim).filter(|l| !l.is_empty()) {
            if let Err(e) = self.exec_unchecked(l) {
                panic!("`{l}` refused: {e}");
            }
            if !l.starts_with("set ") {
                self.check(l);
            }
            all.extend(self.lines.clone());
        }
        self.check(lines);
        self.lines = all;
        self
    }
    /// A line that must be refused, changing nothing; returns the refusal as the table reads
    /// it (`error: ...`).
    pub fn refused(&mut self, line: &str) -> String {
        match self.exec(line) {
            Ok(_) => panic!("`{line}` was accepted: {:?}", self.lines),
            Err(e) => format!("error: {e}"),
        }
    }
    pub fn said(&self, text: &str) -> bool {
        self.lines.iter().any(|l| l.contains(text))
    }
}

impl At<Property> {
    /// A new game of the named ruleset: the first listed player starts, decks unshuffled.
    pub fn new(ruleset: &str, players: &[&str], edit: impl FnOnce(&mut Options)) -> Table {
        let rules = rules(ruleset);
        let mut o = rules.options.clone();
        o.first_player = property::options::FirstPlayer::Listed;
        edit(&mut o);
        let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        let setup = Setup::unshuffled(&rules);
        At::of(Session::with_setup(rules, &names, 1, o, setup, None).unwrap())
    }
    pub fn p(&self, name: &str) -> usize {
        self.s.state.player_index(name).unwrap()
    }
    pub fn sq(&self, id: &str) -> usize {
        self.s.rules.square_index(id).unwrap()
    }
    pub fn cash(&self, name: &str) -> i64 {
        self.s.state.cash(self.p(name))
    }
    pub fn pos(&self, name: &str) -> usize {
        self.s.state.players[self.p(name)].position
    }
    pub fn owner(&self, id: &str) -> Option<String> {
        self.s.state.squares[self.sq(id)]
            .owner
            .map(|o| self.s.state.players[o].name.clone())
    }
    pub fn level(&self, id: &str) -> u8 {
        self.s.state.squares[self.sq(id)].level
    }
    pub fn status(&self, name: &str) -> u8 {
        self.s.state.players[self.p(name)].status
    }
    pub fn jailed(&self, name: &str) -> bool {
        self.s.state.players[self.p(name)].jail.is_some()
    }
    pub fn own(&mut self, player: &str, squares: &[&str]) {
        for q in squares {
            self.run(&format!("set owner {q} {player}"));
        }
    }
    /// Put this card on top of its deck (a table that stacked it so).
    pub fn top_card(&mut self, deck: &str, card: &str) {
        let r = &self.s.rules;
        let d = r.deck_index(deck).unwrap();
        let c = r.decks[d].cards.iter().position(|x| x.id == card).unwrap() as u16;
        let mut order: Vec<u16> = self.s.state.decks[d].cards().filter(|&x| x != c).collect();
        order.insert(0, c);
        self.s.state.decks[d] = boardside::engine::deck::Deck::new(order);
    }
    pub fn pending(&self) -> Option<&Pending> {
        self.s.state.top()
    }
}
