//! The voice: the table hears what matters (each family marks its lines' spoken forms and
//! weights), said by espeak-ng in a thread of its own, or written down with `--voice-out`.

pub mod listen;
pub mod queue;
pub mod record;
pub mod said;
pub mod speaker;
pub mod wav;

use serde::{Deserialize, Serialize};

/// `[voice]` in boardside.toml.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct VoiceConfig {
    /// Speak at all (the table can still mute it: hold ROLL, or the menu).
    pub enabled: bool,
    /// The speech command: espeak-ng's arguments (-v, -s, -a, -w).
    pub command: String,
    /// The voice (espeak-ng -v): "en", "en-us", "de", ...
    pub voice: String,
    /// Words a minute.
    pub speed: u32,
    /// Loudness, 0 to 200 (100 is normal).
    pub volume: u32,
    /// Listen when TALK is pressed (issue 69): Debian's pocketsphinx hears a move said.
    pub listen: bool,
    /// The ALSA capture device the microphone is ("default", "plughw:1,0": `arecord -l`
    /// lists them); "file:PATH" hears a recording instead (a table without a microphone
    /// trying it, and the tests).
    pub microphone: String,
}

impl Default for VoiceConfig {
    fn default() -> Self {
        VoiceConfig {
            enabled: true,
            command: "espeak-ng".into(),
            voice: "en".into(),
            speed: 165,
            volume: 100,
            listen: true,
            microphone: "default".into(),
        }
    }
}
