//! The seats played from elsewhere, in one place: phones asking for a seat, the question the
//! table answers on the device (`Pairing`), and a paired phone's private choice carried out;
//! computer seats' choices, worked out in a thread and carried out once the table has read the
//! last change. Both reach the game through the desk, as the buttons do (the authority rule).

use crate::hw::{Button, Press, Uid};
use crate::tags::TagKind;

use super::act::{Act, Entry};
use super::machine::{Machine, Next};
use super::screen::{entry, Flow};
use super::table::Table;
use super::worker;

/// A phone asks to pair: the code it shows. The table chooses the seat on this menu, that
/// seat's token is tapped, then OK gives the phone the seat; no other tap pairs.
#[derive(Debug, Clone, PartialEq)]
pub struct Pairing {
    pub code: String,
    pub seat: Option<usize>,
    pub tapped: bool,
    pub sel: usize,
}

impl<V> Machine<V> for Pairing {
    /// Whose seat the phone asks for, then (that token tapped) OK; or refuse it.
    fn entries(&self, t: &Table) -> Vec<Entry> {
        let players = t.game.as_ref().map(|g| g.players()).unwrap_or_default();
        let mut out = Vec::new();
        match self.seat {
            None => {
                for (i, name) in players.iter().enumerate() {
                    out.push(entry(format!("It is {name}'s phone"), Act::PairSeat(i)));
                }
            }
            Some(i) if self.tapped => {
                let name = players.get(i).map_or("", |n| n.as_str());
                out.push(entry(format!("OK: pair with {name}"), Act::PairOk));
            }
            Some(_) => {}
        }
        out.push(entry("Refuse this phone", Act::RefusePhone));
        // Several guests asking at once: one line answers them all (not a BACK each).
        if t.phones.asks.len() > 1 {
            out.push(entry(
                format!("Refuse all {} phones asking", t.phones.asks.len()),
                Act::RefuseAllPhones,
            ));
        }
        out
    }

    fn cursor(&mut self) -> Option<&mut usize> {
        Some(&mut self.sel)
    }

    /// BACK refuses the phone; ROLL is "later": back to the game, the phones asking wait
    /// (until their asks lapse) without taking the screen again.
    fn press(&mut self, b: Button, p: Press, t: &mut Table) -> Option<Next<V>> {
        match (b, p) {
            (Button::Back, Press::Press) => Some(self.act(Act::RefusePhone, t)),
            (Button::Roll, Press::Press) => {
                t.phones.later = true;
                t.desk.note = Some("phones asking: later".into());
                Some(Next::Home)
            }
            _ => None,
        }
    }

    fn act(&mut self, act: Act, t: &mut Table) -> Next<V> {
        match act {
            Act::PairSeat(i) => {
                self.seat = Some(i);
                self.tapped = false;
                self.sel = 0;
                Next::Stay
            }
            Act::PairOk => match self.seat {
                Some(seat) if self.tapped => {
                    t.pair(self.code.clone(), seat);
                    Next::Home
                }
                _ => Next::Stay,
            },
            Act::RefuseAllPhones => {
                let codes: Vec<String> = t.phones.asks.drain(..).collect();
                t.desk.note = Some(format!("{} phones refused", codes.len()));
                t.desk.out.refused.extend(codes);
                t.phones.names.clear();
                Next::Home
            }
            // Refused, by its line or BACK.
            _ => {
                let code = &self.code;
                t.desk.out.refused.push(code.clone());
                t.phones.asks.retain(|c| c != code);
                t.desk.note = Some(format!("phone {code} refused"));
                Next::Home
            }
        }
    }

    /// Only the chosen seat's token is taken: any other tap is told so and does nothing (a
    /// tap meant for the game never pairs a phone).
    fn tap(&mut self, uid: &Uid, kind: Option<&TagKind>, t: &mut Table) -> Option<Next<V>> {
        let kind = kind?;
        let players = t.game.as_ref().map(|g| g.players()).unwrap_or_default();
        t.desk.note = Some(match (self.seat, kind) {
            (None, _) => "a phone asks to pair: first choose whose phone it is".into(),
            (Some(s), TagKind::Player { name })
                if players.get(s).is_some_and(|p| p.eq_ignore_ascii_case(name)) =>
            {
                self.tapped = true;
                t.phones.tapped = Some(uid.clone());
                self.sel = 0;
                format!("{name}'s token: OK pairs the phone")
            }
            (Some(s), _) => format!(
                "this pairs a phone with {}: only their token, or BACK",
                players.get(s).map_or("", |n| n.as_str())
            ),
        });
        Some(Next::Stay)
    }
}

impl Table {
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

    /// The pairing question for the next phone asking, if one may take the screen: not
    /// before a game (a seat is a player of a game), not when the table said "later".
    pub(super) fn next_pairing(&mut self) -> Option<Pairing> {
        if self.game.is_none() || self.phones.later {
            return None;
        }
        let code = self.phones.asks.front().cloned()?;
        // A new code's question starts clean: no note left from the last pairing ("phone
        // 9006 is Ann's now") over it.
        self.desk.note = None;
        Some(Pairing {
            code,
            seat: None,
            tapped: false,
            sel: 0,
        })
    }

    /// Only these phones still ask to pair: the others are forgotten.
    pub(super) fn keep_asks(&mut self, waiting: &[String]) {
        self.phones.asks.retain(|c| waiting.contains(c));
        self.phones.names.retain(|c, _| waiting.contains(c));
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
    }

    /// A paired phone's private choice, carried out as the seat's private menu would: the
    /// refusal when it is not one of the seat's choices now or the rules refuse it.
    /// The lines the rules told that seat alone (a card only its player may read) go back to the
    /// phone, never to the device's screen.
    pub(super) fn phone_choice(
        &mut self,
        seat: usize,
        line: &str,
    ) -> Result<(Flow, Vec<String>), String> {
        let g = self.game.as_mut().ok_or("no game in play")?;
        let flow = g.choose_private(&mut self.desk, seat, line)?;
        self.desk.out.redraw = true;
        let told = std::mem::take(&mut self.desk.told)
            .into_iter()
            .filter(|(p, _)| *p == seat)
            .map(|(_, l)| l)
            .collect();
        Ok((flow, told))
    }

    /// A computer seat the game waits on: its choice asked of the worker once per position,
    /// and carried out on the game's screen once the table has had `computer_ms` to read the
    /// last change (the caller's: only on the game's screen, never over a page, the log or a
    /// question; and not while the table is choosing on it). What the game's screens ask next.
    pub(super) fn computer_turn(&mut self) -> Flow {
        let Some(g) = self.game.as_mut() else {
            return Flow::Stay;
        };
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
            // Not while a person is partway through a choice (a list opened, an amount
            // being set): the move would close it under them.
            if self.desk.now < self.computer_since.1 + self.desk.cfg.computer_ms || g.choosing() {
                return Flow::Stay;
            }
            // A move that would close the others' window waits, said on screen.
            if let Some(why) = g.holds(&self.desk, &mv) {
                if self.desk.waiting.as_deref() != Some(why.as_str()) {
                    self.desk.waiting = Some(why);
                    self.desk.out.redraw = true;
                }
                return Flow::Stay;
            }
            self.desk.waiting = None;
            self.computer.shown = None;
            let name = g.players().get(mv.seat).cloned().unwrap_or_default();
            self.desk.out.redraw = true;
            return match g.computer_move(&mut self.desk, &mv) {
                Ok(flow) => flow,
                Err(e) => {
                    // Never tried again at this position: the table plays it for the seat.
                    self.computer_stuck = Some(at);
                    self.desk.note = Some(format!("{name} (computer) cannot: {e}"));
                    Flow::Stay
                }
            };
        }
        if self.computer_stuck == Some(at) || self.computer.asked_for(at) {
            return Flow::Stay;
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
        Flow::Stay
    }
}
