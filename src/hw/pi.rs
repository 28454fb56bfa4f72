//! The Raspberry Pi backend: five buttons on GPIO inputs with pull-ups (rppal), the MFRC522
//! reader on SPI (mfrc522 over linux-embedded-hal's spidev), the SSD1306 OLED on I2C (ssd1306
//! over linux-embedded-hal's i2cdev). Each device is found at start-up or reported with the
//! usual fix; the game goes on without the reader if it is missing.

use std::cell::Cell;
use std::rc::Rc;

use embedded_hal::digital::{InputPin, OutputPin};
use embedded_hal::i2c::{ErrorType, I2c, Operation};
use embedded_hal::spi::SpiDevice;
use mfrc522::comm::blocking::spi::{DummyDelay, SpiInterface};
use mfrc522::{Initialized, Mfrc522};
use ssd1306::mode::BufferedGraphicsMode;
use ssd1306::prelude::*;
use ssd1306::{I2CDisplayInterface, Ssd1306};

use super::buzzer::{Change, Sound, Timeline};
use super::debounce::Debouncer;
use super::tap::TapFilter;
use super::{Button, Frame, Input, Inputs, Screen, Speaker, Uid};
use crate::config::Config;

/// An I2C bus that counts the bytes it writes (what an update costs on a 400 kHz bus).
pub struct Counting<I> {
    pub inner: I,
    pub written: Rc<Cell<usize>>,
}

impl<I: ErrorType> ErrorType for Counting<I> {
    type Error = I::Error;
}

impl<I: I2c> I2c for Counting<I> {
    fn write(&mut self, address: u8, bytes: &[u8]) -> Result<(), Self::Error> {
        self.written.set(self.written.get() + bytes.len());
        self.inner.write(address, bytes)
    }

    fn read(&mut self, address: u8, buf: &mut [u8]) -> Result<(), Self::Error> {
        self.inner.read(address, buf)
    }

    fn write_read(&mut self, address: u8, bytes: &[u8], buf: &mut [u8]) -> Result<(), Self::Error> {
        self.written.set(self.written.get() + bytes.len());
        self.inner.write_read(address, bytes, buf)
    }

    fn transaction(&mut self, address: u8, ops: &mut [Operation<'_>]) -> Result<(), Self::Error> {
        let n: usize = ops
            .iter()
            .map(|op| match op {
                Operation::Write(bytes) => bytes.len(),
                Operation::Read(_) => 0,
            })
            .sum();
        self.written.set(self.written.get() + n);
        self.inner.transaction(address, ops)
    }
}

type Display<I> =
    Ssd1306<I2CInterface<Counting<I>>, DisplaySize128x64, BufferedGraphicsMode<DisplaySize128x64>>;

/// The OLED. `show` sets only the pixels that changed since the last frame, so the driver's
/// dirty rectangle, and with it what goes over the bus, is only the part that changed.
pub struct OledScreen<I: I2c> {
    display: Display<I>,
    last: Frame,
    written: Rc<Cell<usize>>,
}

impl<I: I2c> OledScreen<I> {
    /// Initialise the display (the driver sends the SSD1306 power-up sequence) and clear it.
    pub fn new(i2c: I, address: u8) -> Result<Self, String> {
        let written = Rc::new(Cell::new(0));
        let bus = Counting {
            inner: i2c,
            written: written.clone(),
        };
        let interface = I2CDisplayInterface::new_custom_address(bus, address);
        let mut display = Ssd1306::new(interface, DisplaySize128x64, DisplayRotation::Rotate0)
            .into_buffered_graphics_mode();
        display
            .init()
            .map_err(|e| format!("the display did not answer: {e:?}"))?;
        Ok(OledScreen {
            display,
            last: Frame::default(),
            written,
        })
    }
}

impl<I: I2c> Screen for OledScreen<I> {
    fn show(&mut self, frame: &Frame) -> Result<usize, String> {
        let mut changed = false;
        for (x, y, on) in frame.changes(&self.last) {
            self.display.set_pixel(x as u32, y as u32, on);
            changed = true;
        }
        if !changed {
            return Ok(0);
        }
        let before = self.written.get();
        self.display
            .flush()
            .map_err(|e| format!("the display stopped answering: {e:?}"))?;
        self.last = frame.clone();
        Ok(self.written.get() - before)
    }
}

/// The MFRC522 reader: a card resting on it answers every wake-up, so the tap filter turns
/// it into one tap; read errors (a card leaving mid-read) are retried on the next poll.
pub struct Reader<S: SpiDevice> {
    chip: Mfrc522<SpiInterface<S, DummyDelay>, Initialized>,
    filter: TapFilter,
    poll_ms: u64,
    next_poll: u64,
}

impl<S: SpiDevice> Reader<S> {
    pub fn new(spi: S, gone_ms: u64, poll_ms: u64) -> Result<Self, String> {
        let chip = Mfrc522::new(SpiInterface::new(spi))
            .init()
            .map_err(|e| format!("the reader did not answer: {e:?}"))?;
        Ok(Reader {
            chip,
            filter: TapFilter::new(gone_ms),
            poll_ms,
            next_poll: 0,
        })
    }

    /// The chip's version register (0x91 or 0x92 for a genuine MFRC522).
    pub fn version(&mut self) -> Option<u8> {
        self.chip.version().ok()
    }

    /// Wake any card in the field (WUPA also wakes halted cards), select it, read its UID,
    /// halt it.
    pub fn read_uid(&mut self) -> Option<Uid> {
        // No card answers a wake-up with a timeout; anything else is a failed exchange (a card
        // leaving mid-read, noise on the bus), retried at the next poll.
        let atqa = match self.chip.wupa() {
            Ok(a) => a,
            Err(mfrc522::Error::Timeout) => return None,
            Err(e) => {
                tracing::debug!("reader: wake-up failed ({e:?}); retrying at the next poll");
                return None;
            }
        };
        let uid = match self.chip.select(&atqa) {
            Ok(u) => u,
            Err(e) => {
                tracing::debug!("reader: select failed ({e:?}); retrying at the next poll");
                return None;
            }
        };
        let _ = self.chip.hlta();
        Some(Uid(uid.as_bytes().to_vec()))
    }

    pub fn poll(&mut self, now_ms: u64) -> Option<Uid> {
        if now_ms < self.next_poll {
            return None;
        }
        self.next_poll = now_ms + self.poll_ms;
        let seen = self.read_uid();
        self.filter.poll(seen, now_ms)
    }
}

/// The five buttons: active low with the Pi's internal pull-ups. Any embedded-hal input pin
/// will do (rppal's on the Pi, a mock in the tests).
pub struct Buttons<P: InputPin> {
    pins: Vec<(Button, P, Debouncer)>,
}

impl Buttons<rppal::gpio::InputPin> {
    /// The configured GPIO pins, as inputs with pull-ups.
    pub fn open(cfg: &Config) -> Result<Self, String> {
        let gpio = rppal::gpio::Gpio::new().map_err(|e| format!("GPIO: {e}"))?;
        let b = &cfg.buttons;
        let mut pins = Vec::new();
        for (button, pin) in [
            (Button::Up, b.up),
            (Button::Down, b.down),
            (Button::Ok, b.ok),
            (Button::Back, b.back),
            (Button::Roll, b.roll),
            (Button::Talk, b.talk),
        ] {
            let p = gpio
                .get(pin)
                .map_err(|e| format!("GPIO {pin} ({button:?}): {e}"))?
                .into_input_pullup();
            pins.push((button, p));
        }
        Ok(Buttons::new(pins, b.debounce_ms, b.hold_ms))
    }
}

impl<P: InputPin> Buttons<P> {
    pub fn new(pins: Vec<(Button, P)>, debounce_ms: u64, hold_ms: u64) -> Self {
        Buttons {
            pins: pins
                .into_iter()
                .map(|(b, p)| (b, p, Debouncer::new(debounce_ms, hold_ms)))
                .collect(),
        }
    }

    /// The pins, given back (tests check their mocks' expectations).
    pub fn into_pins(self) -> Vec<(Button, P)> {
        self.pins.into_iter().map(|(b, p, _)| (b, p)).collect()
    }

    /// Sample every pin once; the debounced events. A pin that cannot be read counts as
    /// released (a button is never pressed by an error).
    pub fn events(&mut self, now_ms: u64) -> Vec<Input> {
        let mut out = Vec::new();
        for (button, pin, deb) in self.pins.iter_mut() {
            let down = pin.is_low().unwrap_or(false);
            if let Some(p) = deb.sample(down, now_ms) {
                out.push(Input::Button(*button, p));
            }
        }
        out
    }
}

/// What the buzzer needs of its pin: embedded-hal's output (an active buzzer sounds while the
/// pin is high, at its own pitch), and for a passive piezo a square wave at a pitch.
pub trait Piezo: OutputPin {
    /// Sound `hz`: by default the pin goes high (an active buzzer).
    fn tone(&mut self, hz: u32) -> Result<(), Self::Error> {
        let _ = hz;
        self.set_high()
    }
    /// Stop sounding.
    fn quiet(&mut self) -> Result<(), Self::Error> {
        self.set_low()
    }
}

/// On the Pi: rppal's software PWM at the tone's pitch, half duty (a passive piezo is
/// loudest with a square wave).
impl Piezo for rppal::gpio::OutputPin {
    fn tone(&mut self, hz: u32) -> Result<(), Self::Error> {
        // A failed PWM change leaves the buzzer silent at worst; the game goes on.
        let _ = self.set_pwm_frequency(hz as f64, 0.5);
        Ok(())
    }
    fn quiet(&mut self) -> Result<(), Self::Error> {
        let _ = self.clear_pwm();
        rppal::gpio::OutputPin::set_low(self);
        Ok(())
    }
}

/// The optional buzzer, following the sound's timeline on every poll.
pub struct Buzzer<P: Piezo> {
    pin: P,
    timeline: Timeline,
}

impl Buzzer<rppal::gpio::OutputPin> {
    pub fn open(cfg: &Config) -> Result<Self, String> {
        let pin = rppal::gpio::Gpio::new()
            .and_then(|g| g.get(cfg.buzzer.pin))
            .map_err(|e| format!("GPIO {}: {e}", cfg.buzzer.pin))?
            .into_output_low();
        Ok(Buzzer::new(pin))
    }
}

impl<P: Piezo> Buzzer<P> {
    pub fn new(pin: P) -> Self {
        Buzzer {
            pin,
            timeline: Timeline::default(),
        }
    }

    /// Start a sound now (it plays as `follow` is called).
    pub fn play(&mut self, sound: Sound, now_ms: u64) {
        self.timeline.play(sound, now_ms);
        self.follow(now_ms);
    }

    /// Bring the pin to what the sound wants at `now_ms` (called on every poll).
    pub fn follow(&mut self, now_ms: u64) {
        // A pin that fails leaves the buzzer silent at worst; the game goes on.
        let _ = match self.timeline.due(now_ms) {
            Some(Change::Tone(hz)) => self.pin.tone(hz),
            Some(Change::Silence) => self.pin.quiet(),
            None => Ok(()),
        };
    }

    /// The pin (tests check its mock's expectations).
    pub fn pin(&mut self) -> &mut P {
        &mut self.pin
    }
}

/// The whole device.
pub struct Pi {
    pub buttons: Buttons<rppal::gpio::InputPin>,
    pub buzzer: Option<Buzzer<rppal::gpio::OutputPin>>,
    pub reader: Option<Reader<linux_embedded_hal::SpidevDevice>>,
    pub screen: OledScreen<linux_embedded_hal::I2cdev>,
    /// Held high: the MFRC522's reset line is active low.
    _reset: Option<rppal::gpio::OutputPin>,
}

/// What start-up found: one line per device, and whether that device was there.
pub struct Found {
    pub lines: Vec<String>,
    /// For each line: the device answered.
    pub present: Vec<bool>,
    pub pi: Option<Pi>,
}

impl Found {
    /// Did any device answer (a Pi, however wired), or is this no Pi at all?
    pub fn any(&self) -> bool {
        self.present.iter().any(|&p| p)
    }

    /// Each device's line in the log: found ones as news, missing ones as warnings with
    /// their fix.
    pub fn log(&self) {
        for (line, &here) in self.lines.iter().zip(&self.present) {
            if here {
                tracing::info!("{line}");
            } else {
                tracing::warn!("{line}");
            }
        }
    }
}

/// Open the reader as the config says: the reset line held high, SPI mode 0 at 1 MHz.
pub fn open_reader(
    cfg: &Config,
) -> Result<
    (
        Reader<linux_embedded_hal::SpidevDevice>,
        rppal::gpio::OutputPin,
    ),
    String,
> {
    use linux_embedded_hal::spidev::{SpiModeFlags, SpidevOptions};
    let r = &cfg.reader;
    let reset = rppal::gpio::Gpio::new()
        .and_then(|g| g.get(r.reset_pin))
        .map_err(|e| format!("reset pin GPIO {}: {e}", r.reset_pin))?
        .into_output_high();
    let mut spi =
        linux_embedded_hal::SpidevDevice::open(&r.spi).map_err(|e| format!("{}: {e}", r.spi))?;
    let options = SpidevOptions::new()
        .max_speed_hz(1_000_000)
        .mode(SpiModeFlags::SPI_MODE_0)
        .build();
    spi.configure(&options)
        .map_err(|e| format!("{}: cannot configure: {e}", r.spi))?;
    Ok((Reader::new(spi, r.gone_ms, r.poll_ms)?, reset))
}

/// Open the display as the config says.
pub fn open_screen(cfg: &Config) -> Result<OledScreen<linux_embedded_hal::I2cdev>, String> {
    let bus = linux_embedded_hal::I2cdev::new(&cfg.display.i2c)
        .map_err(|e| format!("{}: {e}", cfg.display.i2c))?;
    OledScreen::new(bus, cfg.display.address)
}

/// A device found (its line kept for the log and `doctor`).
fn found(lines: &mut Vec<(String, bool)>, line: String) {
    lines.push((line, true));
}

/// A device missing, with its fix.
fn missing(lines: &mut Vec<(String, bool)>, line: String) {
    lines.push((line, false));
}

/// The reader's line, from what its version register said: 0x00 or 0xFF (or no answer) is
/// an SPI bus with no chip on it, or a wiring fault (hardware/README.md), never a reader
/// found; 0x91 and 0x92 are the genuine MFRC522's; anything else answers, but is a clone.
pub fn reader_line(spi: &str, version: Option<u8>) -> (String, bool) {
    match version {
        None | Some(0x00) | Some(0xFF) => (
            format!(
                "reader: not answering on {spi} (version {}): check its wiring (hardware/README.md); \
                 playing on buttons alone",
                version.map_or("unread".into(), |v| format!("0x{v:02X}"))
            ),
            false,
        ),
        Some(v @ (0x91 | 0x92)) => (format!("reader: found on {spi} (version 0x{v:02X})"), true),
        Some(v) => (
            format!("reader: found on {spi} (version 0x{v:02X}, not a genuine MFRC522's)"),
            true,
        ),
    }
}

/// Look for the configured devices. Buttons and display are needed for a Pi game; the reader
/// is optional (buttons alone play the whole game).
pub fn detect(cfg: &Config) -> Found {
    let mut lines: Vec<(String, bool)> = Vec::new();
    let buttons = Buttons::open(cfg);
    match &buttons {
        Ok(_) => found(&mut lines, "buttons: found on GPIO".into()),
        Err(e) => missing(
            &mut lines,
            format!("buttons: not found ({e}); on a Pi, run as a user in the gpio group"),
        ),
    }
    let screen = open_screen(cfg);
    match &screen {
        Ok(_) => found(
            &mut lines,
            format!(
                "display: found on {} at 0x{:02X}",
                cfg.display.i2c, cfg.display.address
            ),
        ),
        Err(e) => missing(
            &mut lines,
            format!(
                "display: not found ({e}); enable I2C (raspi-config > Interface Options > I2C), \
             join the i2c group, check the address with `i2cdetect -y 1`"
            ),
        ),
    }
    let reader = if cfg.reader.enabled {
        match open_reader(cfg) {
            Ok((mut r, reset)) => {
                let (line, answers) = reader_line(&cfg.reader.spi, r.version());
                lines.push((line, answers));
                answers.then_some((r, reset))
            }
            Err(e) => {
                missing(
                    &mut lines,
                    format!(
                        "reader: not found ({e}); enable SPI (raspi-config > Interface Options > \
                     SPI) and join the spi group. Playing on buttons alone."
                    ),
                );
                None
            }
        }
    } else {
        found(&mut lines, "reader: disabled in the config".into());
        None
    };
    let buzzer = if cfg.buzzer.enabled {
        match Buzzer::open(cfg) {
            Ok(b) => {
                found(&mut lines, format!("buzzer: on GPIO {}", cfg.buzzer.pin));
                Some(b)
            }
            Err(e) => {
                missing(
                    &mut lines,
                    format!("buzzer: not available ({e}); playing silently"),
                );
                None
            }
        }
    } else {
        None
    };
    let pi = match (buttons, screen) {
        (Ok(buttons), Ok(screen)) => {
            let (reader, reset) = match reader {
                Some((r, p)) => (Some(r), Some(p)),
                None => (None, None),
            };
            Some(Pi {
                buttons,
                buzzer,
                reader,
                screen,
                _reset: reset,
            })
        }
        _ => None,
    };
    let (lines, present) = lines.into_iter().unzip();
    Found { lines, present, pi }
}

impl Inputs for Pi {
    fn poll(&mut self, now_ms: u64, wait_ms: u64) -> Vec<Input> {
        // Sample at 5 ms: fast enough for debounce, idle otherwise.
        std::thread::sleep(std::time::Duration::from_millis(wait_ms.min(5)));
        if let Some(b) = self.buzzer.as_mut() {
            b.follow(now_ms);
        }
        let mut out = self.buttons.events(now_ms);
        if let Some(r) = self.reader.as_mut() {
            if let Some(uid) = r.poll(now_ms) {
                out.push(Input::Tag(uid));
            }
        }
        out
    }
}

impl Speaker for Pi {
    fn sound(&mut self, sound: Sound, now_ms: u64) {
        if let Some(b) = self.buzzer.as_mut() {
            b.play(sound, now_ms);
        }
    }
}

impl Screen for Pi {
    fn show(&mut self, frame: &Frame) -> Result<usize, String> {
        self.screen.show(frame)
    }
}
