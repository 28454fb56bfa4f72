//! What an input did that the shell does not do itself: the screen to draw again, sounds,
//! lines to speak, a finished game's picture and enrolled tags to write, work for threads,
//! and the table's answers to phones. `Ui::handle` returns them; the device loop and the web view carry them
//! out, so the shell writes no file and touches no device (the session alone writes its
//! journal).

use std::path::{Path, PathBuf};

use crate::engine::game::Speech;
use crate::hw::buzzer::Sound;
use crate::report::Report;
use crate::tags::TagMap;

#[derive(Debug, Default)]
pub struct Effects {
    /// What the screen shows changed: draw it again.
    pub redraw: bool,
    /// Sounds to make, oldest first.
    pub sounds: Vec<Sound>,
    /// What the table should hear, a batch a command.
    pub spoken: Vec<Vec<Speech>>,
    /// Say the last line again (ROLL with nothing to roll).
    pub say_again: bool,
    /// A game that has just ended: its picture, to write beside its journal.
    pub picture: Option<(PathBuf, Report)>,
    /// Tags enrolled at the table, to keep in the tag map's file.
    pub enrolled: Vec<crate::tags::Tag>,
    /// Phones the table gave a seat (their code and the seat), and codes it refused.
    pub claimed: Vec<(String, usize)>,
    pub refused: Vec<String>,
    /// Seats renamed (a name typed on a phone as it paired), for the web view's pairings.
    pub renamed: Vec<(usize, String)>,
    /// Work on a position for a thread of its own (the odds, a computer seat's choice): the
    /// device loop runs each (`worker::Runner`) and tells the shell what it found.
    pub jobs: Vec<super::worker::Work>,
    /// A phone's choice (`Input::PhoneChoice`) answered: the lines its seat is told, or why
    /// it was refused (shown on that phone only).
    pub answered: Option<Result<Vec<String>, String>>,
}

impl Effects {
    /// Another input's effects after these.
    pub fn add(&mut self, later: Effects) {
        self.redraw |= later.redraw;
        self.sounds.extend(later.sounds);
        self.spoken.extend(later.spoken);
        self.say_again |= later.say_again;
        if later.picture.is_some() {
            self.picture = later.picture;
        }
        self.enrolled.extend(later.enrolled);
        self.claimed.extend(later.claimed);
        self.refused.extend(later.refused);
        self.renamed.extend(later.renamed);
        self.jobs.extend(later.jobs);
        if later.answered.is_some() {
            self.answered = later.answered;
        }
    }

    /// Whether an input the shell answers (a line, START, a saved game: `ui::Input`) was
    /// carried out, or why not.
    pub fn outcome(&self) -> Result<(), String> {
        match &self.answered {
            Some(Err(e)) => Err(e.clone()),
            _ => Ok(()),
        }
    }

    /// Write the finished game's picture, if there is one.
    pub fn write_picture(&self) -> Result<(), String> {
        let Some((path, report)) = &self.picture else {
            return Ok(());
        };
        crate::report::write(report, path)?;
        tracing::info!("the game's picture: {}", path.display());
        Ok(())
    }

    /// Keep the enrolled tags in the tag map's file: the map as the file now has it (with
    /// any tags others enrolled meanwhile), or why it could not be written. None when
    /// nothing was enrolled.
    pub fn keep_tags(&self, file: &Path) -> Option<Result<TagMap, String>> {
        if self.enrolled.is_empty() {
            return None;
        }
        Some(
            TagMap::update(file, |m| {
                for tag in &self.enrolled {
                    m.put(tag.clone());
                }
                Ok(())
            })
            .map(|(map, ())| map),
        )
    }
}
