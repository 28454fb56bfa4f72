//! Turning reader polls into taps. MFRC522 readers are known to flicker: a card resting on the
//! antenna answers some polls and misses others. A card counts as one tap when it appears; it
//! must be gone for `gone_ms` before the same card can tap again. Pure, so tests inject time.

use super::Uid;

#[derive(Debug, Clone)]
pub struct TapFilter {
    gone_ms: u64,
    last: Option<Uid>,
    last_seen: u64,
}

impl TapFilter {
    pub fn new(gone_ms: u64) -> Self {
        TapFilter {
            gone_ms,
            last: None,
            last_seen: 0,
        }
    }

    /// One poll of the reader at `now_ms`: the card seen, if any. Returns a tap when a card
    /// arrives (a different card, or the same one after it was away long enough).
    pub fn poll(&mut self, seen: Option<Uid>, now_ms: u64) -> Option<Uid> {
        let away = now_ms.saturating_sub(self.last_seen) >= self.gone_ms;
        let uid = seen?;
        let new = match &self.last {
            Some(prev) => *prev != uid || away,
            None => true,
        };
        self.last = Some(uid.clone());
        self.last_seen = now_ms;
        new.then_some(uid)
    }
}
