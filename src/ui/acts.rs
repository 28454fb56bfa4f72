//! What a button does on the shell's own screens, and what a chosen line of its menus does.

use super::*;

/// The voice's paces on the menu: a name, words a minute.
pub(super) const PACES: [(&str, u32); 3] = [("normal", 165), ("fast", 200), ("slow", 135)];
/// Its loudness: a name, espeak-ng's amplitude.
pub(super) const VOLUMES: [(&str, u32); 3] = [("normal", 100), ("loud", 170), ("quiet", 50)];

/// The name of a setting's value on the menu, and the next value round.
pub(super) fn named(list: &[(&'static str, u32)], now: u32) -> (&'static str, u32) {
    let at = list.iter().position(|(_, v)| *v == now);
    (
        at.map_or("custom", |i| list[i].0),
        list[at.map_or(0, |i| (i + 1) % list.len())].1,
    )
}

impl Ui {
    pub(super) fn button(&mut self, b: Button, p: Press) {
        // Holding ROLL mutes the voice at once (and brings it back), on any screen, and
        // shows the voice's menu (OK: back where the table was).
        if (b, p) == (Button::Roll, Press::Hold) {
            self.toggle_voice();
            // Where the table was, kept by the voice's menu (held again there: still there).
            let back = match &self.view {
                View::Voice { back } => back.clone(),
                v => Box::new(v.clone()),
            };
            self.go(View::Voice { back });
            return;
        }
        if self.view == View::Game {
            let Some(g) = self.game.as_mut() else {
                self.go(View::Setup);
                return;
            };
            // Holding BACK takes the last command back, in every game, after asking.
            if (b, p) == (Button::Back, Press::Hold) {
                self.go(View::ConfirmUndo);
                return;
            }

            let flow = g.button(&mut self.desk, b, p);
            self.follow(flow);
            return;
        }
        if let View::Name {
            typed: Some(name),
            letter,
            ..
        } = &mut self.view
        {
            match (b, p) {
                (Button::Up | Button::Down, Press::Press | Press::Repeat { .. }) => {
                    *letter = names::step(*letter, if b == Button::Up { -1 } else { 1 });
                }
                (Button::Ok, Press::Press) => *name = names::add(name, *letter),
                (Button::Back, Press::Press) if !name.is_empty() => {
                    name.pop();
                }
                (Button::Back, Press::Press) => self.act(Act::NameToken),
                (Button::Roll, Press::Press) => {
                    let name = name.clone();
                    match crate::tags::player_name(&name) {
                        Ok(name) => self.act(Act::Enroll(TagKind::Player { name })),
                        Err(_) => self.desk.note = Some("add a letter first (OK)".into()),
                    }
                }
                _ => {}
            }
            return;
        }
        if matches!(self.view, View::EnrolSet { .. }) {
            self.enrol_button(b, p);
            return;
        }
        let entries = self.entries();
        match (b, p) {
            (_, Press::Release) => {}
            (Button::Up | Button::Down, Press::Press | Press::Repeat { .. }) => {
                let dir = if b == Button::Up { -1 } else { 1 };
                let most = self.most_scroll();
                match &mut self.view {
                    View::Log { back } => *back = back.saturating_add_signed(-dir as isize),
                    View::Check { scroll, .. } | View::Standings { scroll } => {
                        *scroll = scroll.saturating_add_signed(dir as isize).min(most);
                    }
                    _ => self.sel = text::step(self.sel, entries.len(), dir),
                }
            }
            (Button::Ok, Press::Press) => {
                if let Some(e) = entries.get(self.sel).cloned() {
                    self.act(e.act);
                }
            }
            (Button::Back, Press::Press) if matches!(self.view, View::Pair { .. }) => {
                self.act(Act::RefusePhone)
            }
            // ROLL on the pairing question: later, back to the game; the phones asking wait
            // (until their asks lapse) without taking the screen again.
            (Button::Roll, Press::Press) if matches!(self.view, View::Pair { .. }) => {
                self.phones.later = true;
                self.desk.note = Some("phones asking: later".into());
                let home = self.home();
                self.go(home);
            }
            (Button::Back, Press::Press) if self.view != View::Setup => self.act(Act::Back),
            (Button::Back, Press::Hold) if self.game.is_some() => self.go(View::ConfirmUndo),
            (Button::Roll, Press::Press)
                if self.view == View::Setup && self.setup.players.len() >= 2 =>
            {
                self.act(Act::Start)
            }
            _ => {}
        }
    }

    /// How far the view shown may scroll: the tags still to enrol past the screen, the
    /// standings' last rows (the final standings: their last lines).
    fn most_scroll(&self) -> usize {
        match &self.view {
            View::Check { all, .. } => {
                let rows = Self::check_rows(all, &self.tags).len();
                rows.saturating_sub(text::ROWS - 3)
            }
            View::Standings { .. } => self.game.as_ref().map_or(0, |g| {
                let (_, mut lines) = g.standings();
                if g.over() {
                    return lines.len().saturating_sub(text::ROWS - 2);
                }
                lines.extend(self.odds_lines());
                text::wrap_all(&lines).len().saturating_sub(text::ROWS - 3)
            }),
            _ => 0,
        }
    }

    pub(super) fn act(&mut self, act: Act) {
        match act {
            Act::Resume(_)
            | Act::Finished(_)
            | Act::NextRuleset
            | Act::NextChoice(_)
            | Act::AddPlayer
            | Act::RemovePlayer
            | Act::AddComputer(_)
            | Act::ComputerDeals
            | Act::Start => self.new_game_act(act),
            Act::Enroll(kind) => {
                if let View::Enroll { uid } | View::Name { uid, .. } = self.view.clone() {
                    self.save_tag(crate::tags::Tag {
                        uid: uid.hex(),
                        kind: kind.clone(),
                        sticker: None,
                    });
                    self.desk.note = Some(format!("tag enrolled as {}", self.tag_words(&kind)));
                    if let (TagKind::Player { name }, None) = (&kind, &self.game) {
                        if !self.setup.players.contains(name) {
                            self.setup.players.push(name.clone());
                        }
                    }
                    let home = self.home();
                    self.go(home);
                }
            }
            Act::EnrolSets => self.open_sets(false),
            Act::CheckTags => self.open_sets(true),
            Act::Records => self.open_records(),
            Act::EnrolSet(i) => {
                if let View::Sets { sets } = &self.view {
                    if let Some(set) = sets.get(i).cloned() {
                        self.begin_set(set);
                    }
                }
            }
            Act::NextPage => match &mut self.view {
                View::Pager { pages, page } if *page + 1 < pages.pages.len() => {
                    *page += 1;
                    self.sel = 0;
                }
                _ => {
                    let home = self.home();
                    self.go(home);
                }
            },
            Act::Undo => {
                if let Some(g) = self.game.as_mut() {
                    let line = g.undo(&mut self.desk);
                    self.desk.toast = vec![line.clone()];
                    self.desk.toast_until = self.desk.now + self.desk.cfg.toast_ms;
                    self.desk.note = Some(line);
                }
                self.go(View::Game);
            }
            Act::Voice => self.toggle_voice(),
            Act::VoicePace => self.desk.voice.speed = named(&PACES, self.desk.voice.speed).1,
            Act::VoiceVolume => self.desk.voice.volume = named(&VOLUMES, self.desk.voice.volume).1,
            Act::Odds => {
                self.odds_on = !self.odds_on;
                if !self.odds_on {
                    self.odds.reset();
                }
            }
            Act::NameToken => {
                if let View::Enroll { uid } | View::Name { uid, .. } = self.view.clone() {
                    self.go(View::Name {
                        uid,
                        typed: None,
                        letter: b'A',
                    });
                }
            }
            Act::TypeName => {
                if let View::Name { uid, .. } = self.view.clone() {
                    self.go(View::Name {
                        uid,
                        typed: Some(String::new()),
                        letter: b'A',
                    });
                }
            }
            Act::PairSeat(i) => {
                if let View::Pair { seat, tapped, .. } = &mut self.view {
                    *seat = Some(i);
                    *tapped = false;
                    self.sel = 0;
                }
            }
            Act::PairOk => {
                if let View::Pair {
                    code,
                    seat: Some(seat),
                    tapped: true,
                } = self.view.clone()
                {
                    self.pair(code, seat);
                }
            }
            Act::RefusePhone => {
                if let View::Pair { code, .. } = &self.view {
                    self.desk.out.refused.push(code.clone());
                    self.phones.asks.retain(|c| c != code);
                    self.desk.note = Some(format!("phone {code} refused"));
                }
                let home = self.home();
                self.go(home);
            }
            Act::RefuseAllPhones => {
                let codes: Vec<String> = self.phones.asks.drain(..).collect();
                self.desk.note = Some(format!("{} phones refused", codes.len()));
                self.desk.out.refused.extend(codes);
                self.phones.names.clear();
                let home = self.home();
                self.go(home);
            }
            Act::Back => {
                let home = match &self.view {
                    View::Voice { back } => (**back).clone(),
                    _ => self.home(),
                };
                // Back from the log or the standings to the game: the cursor on the menu's
                // first line (the turn's next move), not still on "Log".
                let looked = matches!(self.view, View::Log { .. } | View::Standings { .. });
                if looked && home == View::Game {
                    if let Some(g) = self.game.as_mut() {
                        g.select(0);
                    }
                }
                self.go(home);
            }
        }
        self.desk.out.redraw = true;
    }

    /// A line of the new-game screen chosen: a game resumed or started, the ruleset, a house
    /// rule's value, the players and computer seats.
    fn new_game_act(&mut self, act: Act) {
        match act {
            Act::Resume(path) => {
                if let Err(e) = self.resume_now(path) {
                    self.desk.note = Some(e);
                }
            }
            Act::Finished(path) => match self.resume_now(path) {
                Ok(()) => self.go(View::Standings { scroll: 0 }),
                Err(e) => self.desk.note = Some(e),
            },
            Act::NextRuleset => {
                if !self.setup.rulesets.is_empty() {
                    self.setup.ruleset = (self.setup.ruleset + 1) % self.setup.rulesets.len();
                }
                self.setup.load_house_rules();
            }
            Act::NextChoice(i) => {
                if let Some((h, c)) = self.setup.house.get_mut(i) {
                    *c = (*c + 1) % h.choices.len().max(1);
                }
            }
            Act::AddPlayer => {
                let name = format!("P{}", self.setup.players.len() + 1);
                self.setup.players.push(name);
            }
            Act::RemovePlayer => {
                self.setup.players.pop();
                let n = self.setup.players.len();
                self.setup.computers.retain(|(seat, _)| *seat < n);
            }
            Act::AddComputer(level) => {
                // Bot1, Bot2, ...: names no player takes, one word as every game wants.
                let name = (1..)
                    .map(|i| format!("Bot{i}"))
                    .find(|n| !self.setup.players.iter().any(|p| p.eq_ignore_ascii_case(n)))
                    .unwrap_or_default();
                self.setup.computers.push((self.setup.players.len(), level));
                self.setup.players.push(name);
            }
            Act::ComputerDeals => self.setup.computer_deals = !self.setup.computer_deals,
            Act::Start => {
                if let Err(e) = self.start_now() {
                    self.desk.note = Some(e);
                }
            }
            _ => {}
        }
    }
}
