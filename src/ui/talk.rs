//! Push to talk (issue 69): TALK starts the device listening for what can be said now
//! (`listen::phrases`, through the authority rule as the buttons act); what it heard is shown
//! and said back as the move it would make ("Buy for 200?"), and only OK carries it out:
//! BACK drops it, TALK again replaces it. Nothing is ever done on a sentence alone.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::engine::game::{Speech, Weight};
use crate::hw::{Button, Press};

use super::act::{Act, Entry};
use super::machine::{Machine, Next};
use super::screen::{entry, Flow};
use super::table::Table;
use super::worker;
use crate::voice::said::{Offer, Phrase};

/// The talk view: listening, or what was heard.
#[derive(Debug, Clone, PartialEq)]
pub struct Talk {
    pub step: Step,
    pub sel: usize,
}

/// Where talking is.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// Recording and recognising (TALK held, or a few seconds).
    Listening,
    /// A phrase heard, waiting for OK.
    Heard(Phrase),
    /// Nothing the device offers now was heard, or why nothing could be heard.
    Nothing(String),
}

impl Talk {
    pub(super) fn listening() -> Talk {
        Talk {
            step: Step::Listening,
            sel: 0,
        }
    }

    /// The screen's lines: listening, what was heard and the question, or that nothing was.
    pub fn message(&self) -> String {
        match &self.step {
            Step::Listening => "Listening... say a move (release TALK when done)".into(),
            Step::Heard(p) => format!("Heard \"{}\". {}?", p.said, p.words),
            Step::Nothing(why) => why.clone(),
        }
    }
}

impl Table {
    /// TALK pressed with a game in play: the moves that can be said now, as the buttons
    /// would make them (a seat's token's menu open, for that seat); None, with the note, when
    /// listening is off.
    pub(super) fn moves_to_hear(&mut self) -> Option<Vec<Phrase>> {
        let Some(g) = self.game.as_ref() else {
            self.desk.note = Some("start or resume a game first: then TALK hears a move".into());
            return None;
        };
        if !self.desk.cfg.hearing.on {
            self.desk.note = Some("listening is off: `listen = true` under [voice]".into());
            return None;
        }
        Some(g.listen(&self.desk))
    }

    /// The talk view is shown: `moves` and the lines of the game's menu it returns to are
    /// listened for, by a job that records and recognises a sentence (run by the device
    /// loop).
    pub(super) fn talk(&mut self, mut moves: Vec<Phrase>) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let hearing = self.desk.cfg.hearing.clone();
        let at = g.position(&self.desk);
        super::listen::menu(&mut moves, &g.labels(&self.desk));
        self.phrases = moves;
        let said: Vec<String> = self.phrases.iter().map(|p| p.said.clone()).collect();
        let stop = Arc::new(AtomicBool::new(false));
        self.talk_stop = Some(stop.clone());
        // A new TALK asks again at the same position: the last job is forgotten.
        self.hearing.reset();
        let job = move || -> worker::Job<Result<Option<String>, String>> {
            Box::new(move |_cancel| {
                Some(crate::voice::listen::listen(
                    &hearing.microphone,
                    &said,
                    &stop,
                ))
            })
        };
        let work = self.hearing.ask(at, job, worker::Found::Heard, "listening");
        self.desk.out.jobs.extend(work);
    }

    /// TALK released: the sentence is over.
    pub(super) fn talk_over(&mut self) {
        if let Some(stop) = self.talk_stop.take() {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// What the recogniser heard at position `at`, for the talk view: the phrase and its
    /// move, said back, or nothing.
    pub(super) fn heard(&mut self, at: u64, heard: Result<Option<String>, String>) -> Option<Step> {
        if !self.hearing.found(at, heard.clone()) {
            return None;
        }
        let still = self
            .game
            .as_ref()
            .is_some_and(|g| g.position(&self.desk) == at);
        let step = match heard {
            _ if !still => {
                Step::Nothing("the game moved on meanwhile: TALK to say it again".into())
            }
            Err(e) => Step::Nothing(e),
            Ok(None) => Step::Nothing("not understood: TALK to say it again".into()),
            Ok(Some(said)) => match crate::voice::said::heard(&self.phrases, &said) {
                Some(p) => {
                    // Said back as a question: nothing happens until OK.
                    let q = format!("{}?", p.words);
                    self.desk
                        .out
                        .spoken
                        .push(vec![Speech::new(Weight::High, "heard", q)]);
                    Step::Heard(p)
                }
                None => Step::Nothing("not understood: TALK to say it again".into()),
            },
        };
        self.desk.out.redraw = true;
        Some(step)
    }
}

impl<V> Machine<V> for Talk {
    fn entries(&self, _t: &Table) -> Vec<Entry> {
        match &self.step {
            Step::Heard(p) => vec![
                entry(format!("OK: {}", p.words), Act::Heard),
                entry("Drop it", Act::Back),
            ],
            _ => vec![entry("Back", Act::Back)],
        }
    }

    fn cursor(&mut self) -> Option<&mut usize> {
        Some(&mut self.sel)
    }

    fn act(&mut self, act: Act, t: &mut Table) -> Next<V> {
        let Step::Heard(p) = &self.step else {
            t.talk_over();
            return Next::Home;
        };
        if act != Act::Heard {
            t.desk.note = Some(format!("dropped: {}", p.words));
            return Next::Home;
        }
        match &p.offer {
            // Carried out as the buttons would: the authority rule asks for the table, or the
            // seat whose token opened the menu.
            Offer::Line(line) => match t.game.as_mut().map(|g| g.enter(&mut t.desk, line)) {
                Some(Ok(flow)) => Next::Flow(match flow {
                    Flow::Stay => Flow::Show,
                    other => other,
                }),
                Some(Err(e)) => {
                    t.desk.note = Some(e);
                    Next::Home
                }
                None => Next::Home,
            },
            Offer::Shell("undo") => Next::Flow(Flow::ConfirmUndo),
            Offer::Shell("again") => {
                t.desk.out.say_again = true;
                Next::Home
            }
            // A phrase heard with its amount offers that amount's line (`said::heard`).
            // A line of the game's menu: chosen as OK on it would, if it is still there.
            Offer::Menu { line, label } => {
                let Some(g) = t.game.as_mut() else {
                    return Next::Home;
                };
                if g.labels(&t.desk).get(*line) != Some(label) {
                    t.desk.note = Some("the menu changed: TALK to say it again".into());
                    return Next::Home;
                }
                g.select(*line);
                Next::Flow(g.button(&mut t.desk, Button::Ok, Press::Press))
            }
            Offer::Shell(_) | Offer::Amount { .. } => Next::Home,
        }
    }
}
