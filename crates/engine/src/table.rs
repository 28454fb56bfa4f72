//! A command being carried out, for any family: rule code never assigns to the state, it
//! `emit`s events, each applied at once through the family's `apply` (so later rule code sees
//! the state as it now is), told in words when the caller asked (the table's narration, made
//! here against the state just after the event instead of by applying the events again), and
//! recorded. Each family adds its own helpers (`pay`, `name`).

use super::game::{Events, Family};
use super::RuleError;

pub struct Table<'a, F: Family> {
    pub rules: &'a F::Rules,
    pub s: &'a mut F::State,
    /// The caller's buffers, written in place (moved into the table and back, the lists were
    /// a tenth of what a roll or an end of turn costs the simulator).
    out: &'a mut Events<F::Event>,
    /// Whether events are listed, or only applied (`Events::kept`, or words wanted).
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
        if self.keep {
            self.record(e);
        }
    }

    /// The event listed, and told in words against the state just after it when the caller
    /// asked: random play of most families lists nothing.
    #[inline(always)]
    fn record(&mut self, e: F::Event) {
        if self.out.told.is_some() {
            self.tell(&e);
        }
        self.out.list.push(e);
    }

    /// The events listed so far in this command.
    pub fn events(&self) -> &[F::Event] {
        &self.out.list
    }

    /// The event in words against the state just after it. Out of line and marked cold:
    /// random play never asks for words, and every `emit` site stays small.
    #[cold]
    #[inline(never)]
    fn tell(&mut self, e: &F::Event) {
        if let Some(line) = F::narrate(self.rules, self.s, e) {
            if let Some(told) = self.out.told.as_mut() {
                told.push(line);
            }
        }
    }

    /// Run rule code on a table whose events (and words, when asked) go into `out`, whose
    /// buffers the caller reuses (the simulator's hot loop).
    #[inline(always)]
    pub fn run<T>(
        rules: &'a F::Rules,
        s: &'a mut F::State,
        out: &'a mut Events<F::Event>,
        body: impl FnOnce(&mut Table<'a, F>) -> Result<T, RuleError>,
    ) -> Result<T, RuleError> {
        out.clear();
        // Words are only ever asked of a list that is kept (`Events::told`), so one flag.
        let keep = out.kept;
        let mut t = Table {
            rules,
            s,
            out,
            keep,
        };
        body(&mut t)
    }
}
