//! Work on a position in a thread of its own: the live odds after each change of the game
//! (shown on the standings when they are in), a computer seat's next choice. A change while a
//! job runs cancels it and starts another; no press ever waits for one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A job: the result for one position, stopping when told to (None when stopped).
pub type Job<T> = Box<dyn FnOnce(&AtomicBool) -> Option<T> + Send>;

pub struct Worker<T> {
    /// The position the latest job is for (the game's count of commands in effect, with the
    /// undos that brought it there).
    asked: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
    done: Arc<Mutex<Option<(u64, T)>>>,
    /// The result in: of which position, and what it is.
    pub shown: Option<(u64, T)>,
}

impl<T> Default for Worker<T> {
    fn default() -> Self {
        Worker {
            asked: None,
            cancel: None,
            done: Arc::new(Mutex::new(None)),
            shown: None,
        }
    }
}

impl<T: Send + 'static> Worker<T> {
    /// Start a job for position `at` unless one was started for it already; one for an earlier
    /// position is cancelled.
    pub fn ask(&mut self, at: u64, job: impl FnOnce() -> Job<T>) {
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
            .name("worker".into())
            .spawn(move || {
                if let Some(result) = job(&cancel) {
                    if !cancel.load(Ordering::Relaxed) {
                        if let Ok(mut d) = done.lock() {
                            *d = Some((at, result));
                        }
                    }
                }
            });
        if let Err(e) = started {
            tracing::warn!("cannot start a worker thread ({e})");
        }
    }

    /// Was a job started for position `at` (its result may be in, or still coming)?
    pub fn asked_for(&self, at: u64) -> bool {
        self.asked == Some(at)
    }

    /// Take in a finished job's result; true when the result shown changed.
    pub fn collect(&mut self) -> bool {
        let Ok(mut d) = self.done.lock() else {
            return false;
        };
        match d.take() {
            Some((at, result)) if Some(at) == self.asked => {
                self.shown = Some((at, result));
                true
            }
            _ => false,
        }
    }

    /// Stop any job and forget its result (a new game, odds turned off).
    pub fn reset(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        self.asked = None;
        self.shown = None;
    }
}

impl<T> Drop for Worker<T> {
    fn drop(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
    }
}
