//! A command being carried out, for any family: rule code never assigns to the state, it
//! `emit`s events, each applied at once through the family's `apply` (so later rule code sees
//! the state as it now is), told in words when the caller asked (the table's narration, made
//! here against the state just after the event instead of by applying the events again), and
//! recorded. Each family adds its own helpers (`pay`, `name`).

use super::game::{Events, Family, Said};
use super::RuleError;

pub struct Table<'a, F: Family> {
    pub rules: &'a F::Rules,
    pub s: &'a mut F::State,
    pub events: Vec<F::Event>,
    /// The events' words so far, when the caller wants them (`Events::told`).
    told: Option<Vec<Said>>,
    /// Whether events are listed, or only applied (`Events::kept`).
    keep: bool,
}

impl<'a, F: Family> Table<'a, F> {
    /// Inlined where the event is made, so it is written straight into the list (an event
    /// owns no heap, so nothing has to hold it while the list grows); called, it was made on
    /// the caller's stack and copied in wide loads over narrow stores, a stall.
    #[inline(always)]
    pub fn emit(&mut self, e: F::Event) {
        // Applied before it goes into the list: where the family's `apply` is inlined too (the
        // property engine's), the compiler sees which event this is and keeps that arm alone,
        // instead of a jump on the kind of event that the processor often guessed wrong.
        F::apply(self.rules, self.s, &e);
        if self.told.is_some() {
            self.tell(&e);
        }
        if self.keep {
            self.events.push(e);
        }
    }

    /// The event in words against the state just after it. Out of line and marked cold:
    /// random play never asks for words, and every `emit` site stays small.
    #[cold]
    #[inline(never)]
    fn tell(&mut self, e: &F::Event) {
        if let (Some(told), Some(line)) = (self.told.as_mut(), F::narrate(self.rules, self.s, e)) {
            told.push(line);
        }
    }

    /// Run rule code on a table whose events (and words, when asked) go into `out`, whose
    /// buffers the caller reuses (the simulator's hot loop).
    pub fn run<T>(
        rules: &'a F::Rules,
        s: &'a mut F::State,
        out: &mut Events<F::Event>,
        body: impl FnOnce(&mut Table<'a, F>) -> Result<T, RuleError>,
    ) -> Result<T, RuleError> {
        out.clear();
        let mut t = Table {
            rules,
            s,
            keep: out.kept || out.told.is_some(),
            events: std::mem::take(&mut out.list),
            told: out.told.take(),
        };
        let result = body(&mut t);
        out.list = t.events;
        out.told = t.told;
        result
    }
}
