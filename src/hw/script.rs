//! The scripted backend for tests: inputs queued in advance, frames recorded as they are shown.

use std::collections::VecDeque;

use super::buzzer::Sound;
use super::{Frame, Input, Inputs, Screen, Speaker};

#[derive(Default)]
pub struct ScriptedInputs {
    queue: VecDeque<Input>,
}

impl ScriptedInputs {
    pub fn new(inputs: impl IntoIterator<Item = Input>) -> Self {
        ScriptedInputs {
            queue: inputs.into_iter().collect(),
        }
    }
}

impl Inputs for ScriptedInputs {
    /// One queued input per poll, then `Quit` when the script is done.
    fn poll(&mut self, _now_ms: u64, _wait_ms: u64) -> Vec<Input> {
        vec![self.queue.pop_front().unwrap_or(Input::Quit)]
    }
}

/// Keeps every frame shown.
#[derive(Default)]
pub struct RecordingScreen {
    pub frames: Vec<Frame>,
}

impl Screen for RecordingScreen {
    fn show(&mut self, frame: &Frame) -> Result<usize, String> {
        self.frames.push(frame.clone());
        Ok(0)
    }
}

/// A scripted device: queued inputs and recorded frames.
#[derive(Default)]
pub struct Scripted {
    pub inputs: ScriptedInputs,
    pub screen: RecordingScreen,
    /// Every sound the device made.
    pub sounds: Vec<Sound>,
}

impl Speaker for Scripted {
    fn sound(&mut self, sound: Sound, _now_ms: u64) {
        self.sounds.push(sound);
    }
}

impl Inputs for Scripted {
    fn poll(&mut self, now_ms: u64, wait_ms: u64) -> Vec<Input> {
        self.inputs.poll(now_ms, wait_ms)
    }
}

impl Screen for Scripted {
    fn show(&mut self, frame: &Frame) -> Result<usize, String> {
        self.screen.show(frame)
    }
}
