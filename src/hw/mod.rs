//! The hardware boundary: what the table does (buttons, tag taps, time passing) and what it
//! sees (a 128x64 one-bit frame), with the backends behind it: the Raspberry Pi, the terminal
//! simulator, and a scripted one for tests.

pub mod buzzer;
pub mod config;
pub mod debounce;
pub mod frame;
pub mod pi;
pub mod script;
pub mod sim;
pub mod tap;

pub use frame::Frame;

/// The five buttons (hardware/README.md has the wiring).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Button {
    Up,
    Down,
    Ok,
    Back,
    Roll,
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

/// A tag's unique id, as read from the card (4, 7 or 10 bytes).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uid(pub Vec<u8>);

impl Uid {
    pub fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02X}")).collect()
    }
    pub fn parse(hex: &str) -> Option<Uid> {
        Uid::read(hex).ok()
    }

    /// A UID written in hex (4, 7 or 10 bytes, as ISO 14443-3 cascade levels give them), or
    /// why it is not one. Only ASCII hex digits are looked at, so no text can panic here.
    pub fn read(hex: &str) -> Result<Uid, String> {
        let hex = hex.trim();
        let bad =
            || format!("'{hex}' is not a tag UID: write 8, 14 or 20 hex digits, such as 04A1B2C3");
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) || ![8, 14, 20].contains(&hex.len()) {
            return Err(bad());
        }
        hex.as_bytes()
            .chunks(2)
            .map(|pair| {
                std::str::from_utf8(pair)
                    .ok()
                    .and_then(|p| u8::from_str_radix(p, 16).ok())
            })
            .collect::<Option<Vec<u8>>>()
            .map(Uid)
            .ok_or_else(bad)
    }
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
