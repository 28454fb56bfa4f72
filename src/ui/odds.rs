//! Live odds on the device: a game's odds are worked out in a thread of their own after each
//! change of the game, and shown on the standings screen when they are in. A change while a
//! job runs cancels it and starts another; no press ever waits for one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::odds::Odds;

/// A job: the odds of one position, stopping when told to (None when stopped).
pub type Job = Box<dyn FnOnce(&AtomicBool) -> Option<Odds> + Send>;

#[derive(Default)]
pub struct Worker {
    /// The position the latest job is for (the game's count of commands in effect, with the
    /// undos that brought it there).
    asked: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
    done: Arc<Mutex<Option<(u64, Odds)>>>,
    /// The odds shown: of which position, and what they are.
    pub shown: Option<(u64, Odds)>,
}

impl Worker {
    /// Start a job for position `at` unless one was started for it already; one for an earlier
    /// position is cancelled.
    pub fn ask(&mut self, at: u64, job: impl FnOnce() -> Job) {
        if self.asked == Some(at) {
            return;
        }
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        self.asked = Some(at);
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(cancel.clone());
        let done = self.done.clone();
        let job = job();
        let started = std::thread::Builder::new()
            .name("odds".into())
            .spawn(move || {
                if let Some(odds) = job(&cancel) {
                    if !cancel.load(Ordering::Relaxed) {
                        if let Ok(mut d) = done.lock() {
                            *d = Some((at, odds));
                        }
                    }
                }
            });
        if let Err(e) = started {
            tracing::warn!("odds: cannot start a thread ({e}); no odds shown");
        }
    }

    /// Take in a finished job's odds; true when the odds shown changed.
    pub fn collect(&mut self) -> bool {
        let Ok(mut d) = self.done.lock() else {
            return false;
        };
        match d.take() {
            Some((at, odds)) if Some(at) == self.asked => {
                self.shown = Some((at, odds));
                true
            }
            _ => false,
        }
    }

    /// Stop any job and forget the odds (a new game, or odds turned off).
    pub fn reset(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        self.asked = None;
        self.shown = None;
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
    }
}
