//! The seats played from elsewhere, in one place: phones asking for a seat (as the table
//! answers them on the device) and a paired phone's private choice carried out; computer
//! seats' choices, worked out in a thread and carried out once the table has read the last
//! change. Both reach the game through the desk, as the buttons do (the authority rule).

use super::*;

impl Ui {
    /// The next phone asking to pair takes the screen, unless one is on it already; with no
    /// game in play the phones wait (a seat is a player of a game), until their asks lapse.
    /// A phone asks to pair (the web view): it waits its turn on the device's screen.
    pub(super) fn phone_asks(&mut self, code: String, name: Option<String>) {
        if let Some(name) = name {
            self.phones.names.insert(code.clone(), name);
        }
        self.phones.asks.push_back(code);
        self.phones.later = false;
    }

    pub(super) fn show_pairing(&mut self) {
        if self.game.is_none() || self.phones.later {
            return;
        }
        if matches!(
            self.view,
            View::Pair { .. } | View::Enroll { .. } | View::Name { .. } | View::ConfirmUndo
        ) {
            return;
        }
        if let Some(code) = self.phones.asks.front().cloned() {
            // A new code's question starts clean: no note left from the last pairing ("phone
            // 9006 is Ann's now") over it.
            self.desk.note = None;
            self.go(View::Pair {
                code,
                seat: None,
                tapped: false,
            });
        }
    }

    /// Only these phones still ask to pair: the others are forgotten, and one on the screen
    /// leaves it.
    pub(super) fn keep_asks(&mut self, waiting: &[String]) {
        self.phones.asks.retain(|c| waiting.contains(c));
        self.phones.names.retain(|c, _| waiting.contains(c));
        if let View::Pair { code, .. } = &self.view {
            if !waiting.contains(code) {
                let home = self.home();
                self.go(home);
            }
        }
    }

    /// The phone showing `code` gets `seat`: chosen on the question, its token tapped, OK. A
    /// name typed on the phone becomes the seat's, in the game and on the token just tapped.
    pub(super) fn pair(&mut self, code: String, seat: usize) {
        let name = self
            .game
            .as_ref()
            .and_then(|g| g.players().get(seat).cloned())
            .unwrap_or_default();
        self.phones.asks.retain(|c| *c != code);
        self.desk.out.claimed.push((code.clone(), seat));
        let typed = self.phones.names.remove(&code).filter(|n| *n != name);
        let tapped = self.phones.tapped.take();
        let renamed = match (typed, self.game.as_mut()) {
            (Some(new), Some(g)) => Some(g.rename(seat, &new).map(|()| new)),
            _ => None,
        };
        self.desk.note = Some(match renamed {
            None => format!("phone {code} is {name}'s now"),
            Some(Ok(new)) => {
                self.desk.out.renamed.push((seat, new.clone()));
                if let Some(uid) = tapped {
                    // The token keeps its label's sticker under its new name.
                    let sticker = self
                        .tags
                        .tags
                        .iter()
                        .find(|t| t.uid == uid.hex())
                        .and_then(|t| t.sticker.clone());
                    self.save_tag(crate::tags::Tag {
                        uid: uid.hex(),
                        kind: TagKind::Player { name: new.clone() },
                        sticker,
                    });
                }
                format!("phone {code} is {new}'s now ({name} renamed)")
            }
            Some(Err(e)) => format!("phone {code} is {name}'s now; not renamed: {e}"),
        });
        let home = self.home();
        self.go(home);
    }

    /// A paired phone's private choice, carried out as the seat's private menu would: the
    /// refusal when it is not one of the seat's choices now or the rules refuse it.
    /// The lines the rules told that seat alone (a card only its player may read) go back to the
    /// phone, never to the device's screen.
    pub(super) fn phone_choice(&mut self, seat: usize, line: &str) -> Result<Vec<String>, String> {
        let g = self.game.as_mut().ok_or("no game in play")?;
        let flow = g.choose_private(&mut self.desk, seat, line)?;
        self.follow(flow);
        self.desk.out.redraw = true;
        Ok(std::mem::take(&mut self.desk.told)
            .into_iter()
            .filter(|(p, _)| *p == seat)
            .map(|(_, l)| l)
            .collect())
    }

    /// A computer seat the game waits on: its choice asked of the worker once per position,
    /// and carried out on the game's screen once the table has had `computer_ms` to read the
    /// last change (never over a page, the log or a question).
    pub(super) fn computer_turn(&mut self) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        if self.view != View::Game {
            return;
        }
        let at = g.position(&self.desk);
        if self.computer_since.0 != at {
            self.computer_since = (at, self.desk.now);
        }
        // A choice worked out for an earlier position (someone moved meanwhile: another's
        // interference in its attack) is dropped, and the seat asked again below.
        if self
            .computer
            .shown
            .as_ref()
            .is_some_and(|(done_at, _)| *done_at != at)
        {
            self.computer.shown = None;
        }
        if let Some((_, mv)) = self.computer.shown.clone() {
            if self.desk.now < self.computer_since.1 + self.desk.cfg.computer_ms {
                return;
            }
            // A move that would close the others' window waits, said on screen.
            if let Some(why) = g.holds(&self.desk, &mv) {
                if self.desk.note.as_deref() != Some(why.as_str()) {
                    self.desk.note = Some(why);
                    self.desk.out.redraw = true;
                }
                return;
            }
            self.computer.shown = None;
            let name = g.players().get(mv.seat).cloned().unwrap_or_default();
            match g.computer_move(&mut self.desk, &mv) {
                Ok(flow) => self.follow(flow),
                Err(e) => {
                    // Never tried again at this position: the table plays it for the seat.
                    self.computer_stuck = Some(at);
                    self.desk.note = Some(format!("{name} (computer) cannot: {e}"));
                }
            }
            self.desk.out.redraw = true;
            return;
        }
        if self.computer_stuck == Some(at) || self.computer.asked_for(at) {
            return;
        }
        let budget = crate::computer::Budget {
            playouts: self.desk.cfg.computer_playouts,
            ..Default::default()
        };
        let job = g.computer_job(&self.desk, budget);
        if let Some(job) = job {
            let work = self
                .computer
                .ask(at, || job, worker::Found::Computer, "computer seat");
            self.desk.out.jobs.extend(work);
        }
    }
}
