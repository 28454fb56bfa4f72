//! Work on a position in a thread of its own: the live odds after each change of the game
//! (shown on the standings when they are in), a computer seat's next choice. The shell only
//! asks (`Asked`, handing the job out in `Effects::jobs`); the device loop runs each job in a
//! thread (`Runner`) and tells the shell what it found (`Finding`, an `Input`). A change while
//! a job runs cancels it and asks again; no press ever waits for one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A job: the result for one position, stopping when told to (None when stopped).
pub type Job<T> = Box<dyn FnOnce(&AtomicBool) -> Option<T> + Send>;

/// What a job found, told back to the shell.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    Odds(crate::odds::Odds),
    Computer(crate::computer::Move),
    /// The phrase a sentence was heard as (None: nothing offered now), or why nothing could
    /// be heard (no microphone, no recogniser).
    Heard(Result<Option<String>, String>),
}

/// What a job found for position `at`.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub at: u64,
    pub found: Found,
}

/// A job handed out by the shell: what it works out ("odds", "computer seat"), for which
/// position, the flag that cancels it. Dropped unrun (a caller that runs no jobs), it sets
/// that flag, so the shell asks again rather than wait for it forever.
pub struct Work {
    pub about: &'static str,
    pub at: u64,
    cancel: Arc<AtomicBool>,
    job: Option<Job<Found>>,
}

impl Drop for Work {
    fn drop(&mut self) {
        if self.job.is_some() {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }
}

impl std::fmt::Debug for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Work {{ {} at {} }}", self.about, self.at)
    }
}

impl Work {
    /// Run it here and now: what it found (None when it was cancelled or found nothing).
    pub fn run(mut self) -> Option<Finding> {
        let job = self.job.take()?;
        let found = job(&self.cancel)?;
        (!self.cancel.load(Ordering::Relaxed)).then_some(Finding { at: self.at, found })
    }
}

/// The shell's side of one kind of job: the position asked about, and the result shown.
pub struct Asked<T> {
    /// The position the latest job is for (the game's count of commands in effect, with the
    /// undos that brought it there).
    asked: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
    /// The result in: of which position, and what it is.
    pub shown: Option<(u64, T)>,
}

impl<T> Default for Asked<T> {
    fn default() -> Self {
        Asked {
            asked: None,
            cancel: None,
            shown: None,
        }
    }
}

impl<T> Asked<T> {
    /// The job for position `at`, unless one was asked for it already; one for an earlier
    /// position is cancelled. `found` says what its result is.
    pub fn ask(
        &mut self,
        at: u64,
        job: impl FnOnce() -> Job<T>,
        found: fn(T) -> Found,
        about: &'static str,
    ) -> Option<Work>
    where
        T: 'static,
    {
        if self.asked_for(at) {
            return None;
        }
        self.cancel_running();
        self.asked = Some(at);
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(cancel.clone());
        let job = job();
        Some(Work {
            about,
            at,
            cancel,
            job: Some(Box::new(move |c| job(c).map(found))),
        })
    }

    /// Was a job asked for position `at` (its result may be in, or still coming)? Not when
    /// it was dropped unrun: it is asked again.
    pub fn asked_for(&self, at: u64) -> bool {
        let dropped = self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed));
        self.asked == Some(at) && !dropped
    }

    /// A job's result: kept when it is for the position last asked; true when it was.
    pub fn found(&mut self, at: u64, result: T) -> bool {
        if self.asked != Some(at) {
            return false;
        }
        self.shown = Some((at, result));
        true
    }

    /// Stop any job and forget its result (a new game, odds turned off).
    pub fn reset(&mut self) {
        self.cancel_running();
        self.asked = None;
        self.shown = None;
    }

    fn cancel_running(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
    }
}

impl<T> Drop for Asked<T> {
    fn drop(&mut self) {
        self.cancel_running();
    }
}

/// The device loop's side: each job in a thread of its own; what they found, collected.
#[derive(Default)]
pub struct Runner {
    done: Arc<Mutex<Vec<Finding>>>,
}

impl Runner {
    /// Start these jobs, each in its own thread.
    pub fn start(&self, jobs: Vec<Work>) {
        for work in jobs {
            let done = self.done.clone();
            let started = std::thread::Builder::new()
                .name(work.about.into())
                .spawn(move || {
                    if let Some(found) = work.run() {
                        if let Ok(mut d) = done.lock() {
                            d.push(found);
                        }
                    }
                });
            if let Err(e) = started {
                tracing::warn!("cannot start a worker thread ({e})");
            }
        }
    }

    /// What the jobs finished since the last call found, to hand to the shell.
    pub fn finished(&self) -> Vec<Finding> {
        self.done
            .lock()
            .map(|mut d| std::mem::take(&mut *d))
            .unwrap_or_default()
    }
}
