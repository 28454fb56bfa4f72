//! Button debounce and hold detection from raw pin levels sampled with a timestamp: a level
//! must stay put for `debounce_ms` before it counts (contact bounce lasts a few ms); a press
//! held for `hold_ms` also gives one `Hold`, then a `Repeat` every `REPEAT_MS` while it stays
//! down. Pure, so tests inject time.

use super::Press;

/// How often a held button repeats (about seven steps a second: fast, still countable).
pub const REPEAT_MS: u64 = 150;

#[derive(Debug, Clone)]
pub struct Debouncer {
    debounce_ms: u64,
    hold_ms: u64,
    /// The debounced state: pressed or not.
    stable: bool,
    /// The raw level last seen, and since when.
    raw: bool,
    raw_since: u64,
    pressed_at: u64,
    held: bool,
    repeated_at: u64,
}

impl Debouncer {
    pub fn new(debounce_ms: u64, hold_ms: u64) -> Self {
        Debouncer {
            debounce_ms,
            hold_ms,
            stable: false,
            raw: false,
            raw_since: 0,
            pressed_at: 0,
            held: false,
            repeated_at: 0,
        }
    }

    /// Feed one sample (`pressed`: the raw level means pressed) taken at `now_ms`.
    pub fn sample(&mut self, pressed: bool, now_ms: u64) -> Option<Press> {
        if pressed != self.raw {
            self.raw = pressed;
            self.raw_since = now_ms;
        }
        if self.raw != self.stable && now_ms.saturating_sub(self.raw_since) >= self.debounce_ms {
            self.stable = self.raw;
            if self.stable {
                self.pressed_at = now_ms;
                self.held = false;
                return Some(Press::Press);
            }
            return Some(Press::Release);
        }
        if self.stable && !self.held && now_ms.saturating_sub(self.pressed_at) >= self.hold_ms {
            self.held = true;
            self.repeated_at = now_ms;
            return Some(Press::Hold);
        }
        if self.stable && self.held && now_ms.saturating_sub(self.repeated_at) >= REPEAT_MS {
            self.repeated_at = now_ms;
            return Some(Press::Repeat {
                held_ms: now_ms.saturating_sub(self.pressed_at),
            });
        }
        None
    }
}
