//! A command being carried out, for any family: rule code never assigns to the state, it
//! `emit`s events, each applied at once through the family's `apply` (so later rule code sees
//! the state as it now is) and recorded. Each family adds its own helpers (`pay`, `name`).

use super::game::Family;
use super::RuleError;

pub struct Table<'a, F: Family> {
    pub rules: &'a F::Rules,
    pub s: &'a mut F::State,
    pub events: Vec<F::Event>,
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
        self.events.push(e);
    }

    /// Run rule code on a table whose events go into `out`, a buffer the caller reuses (the
    /// simulator's hot loop).
    pub fn run<T>(
        rules: &'a F::Rules,
        s: &'a mut F::State,
        out: &mut Vec<F::Event>,
        body: impl FnOnce(&mut Table<'a, F>) -> Result<T, RuleError>,
    ) -> Result<T, RuleError> {
        out.clear();
        let mut t = Table {
            rules,
            s,
            events: std::mem::take(out),
        };
        let result = body(&mut t);
        *out = t.events;
        result
    }
}
