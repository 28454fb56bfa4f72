//! Starting, resuming and leaving a game, and a protocol line carried out as if chosen: what
//! the table's game becomes (the view that shows it is the caller's to open).

use std::path::PathBuf;

use super::screen::{Flow, NewGame, Playing};
use super::table::Table;
use super::text;

impl Table {
    /// Leave the game for the new-game screen (its saved journal stays listed there).
    pub(super) fn new_game(&mut self) {
        self.odds.reset();
        self.game = None;
        self.desk.final_report = None;
        self.desk.log.clear();
        self.setup.players.clear();
        self.setup.resume = None;
        // The next game's journal is a new file.
        self.setup.seed = self.setup.seed.wrapping_add(1);
        self.setup.list_saves();
    }

    /// A protocol command line carried out as if chosen from a menu (its lines paged and
    /// logged as at the table): dice the table rolled by hand, or a correction (`set ...`).
    pub(super) fn enter(&mut self, line: &str) -> Result<Flow, String> {
        let g = self.game.as_mut().ok_or("no game in play")?;
        let flow = g.enter(&mut self.desk, line)?;
        self.desk.out.redraw = true;
        Ok(flow)
    }

    /// Start the chosen ruleset's game, whichever family it is: the new-game screen's START,
    /// and `play --players` (which starts at once).
    pub(super) fn start_now(&mut self) -> Result<(), String> {
        let path = self
            .setup
            .ruleset_path()
            .cloned()
            .ok_or("no ruleset files found")?;
        let kind = self.setup.kind()?;
        let new = NewGame {
            ruleset: &path,
            players: &self.setup.players.clone(),
            seed: self.setup.seed,
            settings: self.setup.settings(),
            options: &self.setup.options.clone(),
            journal: self.setup.next_journal(),
        };
        self.desk.final_report = None;
        let mut game = kind.start(&new, &mut self.desk)?;
        if !self.setup.computers.is_empty() {
            let seats = self
                .setup
                .computers
                .iter()
                .map(|&(seat, level)| crate::computer::ComputerSeat {
                    seat,
                    level,
                    deals: self.setup.computer_deals,
                })
                .collect();
            game.set_computers(seats)?;
        }
        self.play(game, Vec::new());
        Ok(())
    }

    /// Resume a saved game, whichever family wrote it: the new-game screen's RESUME, and
    /// `play --journal` on a journal that exists.
    pub(super) fn resume_now(&mut self, path: PathBuf) -> Result<(), String> {
        let kind = super::kinds::for_journal(&self.setup.games, &path)?;
        self.desk.final_report = None;
        let (game, msgs) = kind.resume(&self.setup.rulesets, &path, &mut self.desk)?;
        self.play(game, msgs);
        Ok(())
    }

    /// A game is the table's (its screens shown next): its log is its whole story (then any messages), and a game
    /// already over keeps its report for the final standings.
    pub(super) fn play(&mut self, game: Box<dyn Playing>, messages: Vec<String>) {
        // What belonged to the last game's moments: deals put to seats, a tapped token's
        // authority, an attack's passes.
        self.desk.offers = Default::default();
        self.desk.token = None;
        self.desk.yes.clear();
        self.desk.passed.clear();
        self.desk.took_part.clear();
        self.desk.waiting = None;
        self.desk.window_since = None;
        self.desk.log = game
            .story()
            .iter()
            .chain(&messages)
            .map(|l| text::for_table(l))
            .collect();
        if game.over() && self.desk.final_report.is_none() {
            self.desk.final_report = Some(game.report());
        }
        self.game = Some(game);
    }
}
