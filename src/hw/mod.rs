//! The hardware boundary: what the table does (buttons, tag taps, time passing) and what it
//! sees (a 128x64 one-bit frame), with the backends behind it: the Raspberry Pi, the terminal
//! simulator, and a scripted one for tests.

pub mod buzzer;
pub mod debounce;
pub mod frame;
pub mod pi;
pub mod script;
pub mod sim;
pub mod tap;

pub use crate::tags::Uid;
pub use frame::Frame;

/// The five buttons (hardware/README.md has the wiring).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Button {
    Up,
    Down,
    Ok,
    Back,
    Roll,
    /// Push to talk: the device listens while it is held (issue 69).
    Talk,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    Press,
    Release,
    /// Held down past the hold time (once per press).
    Hold,
    /// Still held: repeated while the button stays down after the hold time, with how long
    /// it has been down, so UP/DOWN can speed up the longer they are held (bids, prices).
    Repeat {
        held_ms: u64,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    Button(Button, Press),
    Tag(Uid),
    /// Time passes (milliseconds since start): timeouts such as the auction's silence.
    Tick(u64),
    /// The person at a terminal asked to leave.
    Quit,
    /// From the web view: the phones that newly ask to pair (each code with the name typed
    /// on the phone, if any), and every code still waiting (the others have stopped asking).
    PhoneAsks {
        new: Vec<(String, Option<String>)>,
        waiting: Vec<String>,
    },
    /// From the web view: a paired phone's choice for its seat (a protocol line).
    PhoneChoice {
        seat: usize,
        line: String,
    },
}

/// Where inputs come from. `poll` returns what happened since the last call, waiting at most
/// `wait_ms` for something to happen.
pub trait Inputs {
    fn poll(&mut self, now_ms: u64, wait_ms: u64) -> Vec<Input>;
}

/// Where feedback sounds go (a piezo buzzer, the terminal bell); silent by default.
pub trait Speaker {
    fn sound(&mut self, _sound: buzzer::Sound, _now_ms: u64) {}
}

/// A device: inputs, a screen and a speaker in one (the terminal, the Pi, a script).
pub trait Backend: Inputs + Screen + Speaker {}
impl<T: Inputs + Screen + Speaker> Backend for T {}

/// Where frames go. `show` sends what changed since the last frame shown; it returns the
/// number of bytes that went to the display (0 for a screen that is not a bus).
pub trait Screen {
    fn show(&mut self, frame: &Frame) -> Result<usize, String>;
}
