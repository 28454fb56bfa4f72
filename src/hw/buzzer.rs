//! Feedback sounds: what an accepted tap or command and a refusal sound like, as tones on a
//! timeline that any speaker follows (a piezo buzzer on the Pi, the terminal bell in the
//! simulator). Pure: the time is passed in, so tests read the timeline.

/// What the table hears.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sound {
    /// A tap was read, or a command was accepted: one short high beep.
    Accept,
    /// A command was refused: two low beeps, unlike any accepted sound.
    Refuse,
}

/// One step of a sound: a tone of `hz` (0: silence) lasting `ms`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tone {
    pub hz: u32,
    pub ms: u64,
}

/// A passive piezo is loudest near its resonance (about 2-4 kHz for the common 12 mm parts);
/// the refusal sits well below it so the two sounds differ in pitch as well as rhythm.
pub fn tones(sound: Sound) -> &'static [Tone] {
    match sound {
        Sound::Accept => &[Tone { hz: 2_700, ms: 50 }],
        Sound::Refuse => &[
            Tone { hz: 440, ms: 120 },
            Tone { hz: 0, ms: 80 },
            Tone { hz: 440, ms: 120 },
        ],
    }
}

/// What the speaker must do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Start a tone of this pitch.
    Tone(u32),
    Silence,
}

/// The sound being played, as a timeline of tones. A new sound replaces the one playing
/// (the latest input is the one the table is waiting to hear about).
#[derive(Debug, Default, Clone)]
pub struct Timeline {
    /// (when it starts, the tone), in order.
    steps: Vec<(u64, Tone)>,
    /// The pitch sounding now (0: silent).
    current: u32,
}

impl Timeline {
    pub fn play(&mut self, sound: Sound, now: u64) {
        let mut at = now;
        self.steps.clear();
        for &t in tones(sound) {
            self.steps.push((at, t));
            at += t.ms;
        }
    }

    /// What the speaker must change at `now`, if anything: the tone whose time covers `now`,
    /// or silence. A late poll never plays a stale tone.
    pub fn due(&mut self, now: u64) -> Option<Change> {
        let want = self
            .steps
            .iter()
            .find(|(start, t)| *start <= now && now < start + t.ms)
            .map_or(0, |(_, t)| t.hz);
        if want == self.current {
            return None;
        }
        self.current = want;
        Some(if want == 0 {
            Change::Silence
        } else {
            Change::Tone(want)
        })
    }
}
