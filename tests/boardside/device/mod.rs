//! Device tests: debounce and tap filtering with injected time, the frame, the SSD1306 and
//! MFRC522 drivers at the byte level (embedded-hal-mock, and a simulated MFRC522 chip for the
//! card exchange), golden frames of the key screens, and a short game driven through the
//! simulator's input path.

mod authority;
mod chip;
mod computer;
mod coverage;
mod enrol;
mod glyphs;
mod grid;
mod illuminati;
mod pages;
mod records;
mod registers;
mod resume;
mod talk;
mod ways_out;
mod web;

use boardside::hw::debounce::Debouncer;
use boardside::hw::pi::OledScreen;
use boardside::hw::tap::TapFilter;
use boardside::hw::{Frame, Press, Screen, Uid};
use embedded_hal_mock::eh1::i2c::{Mock as I2cMock, Transaction as I2c};

/// The tests drive the shell only through `Ui::handle`, as the device loop does: what a test
/// tells it (a protocol line, START, a saved game, settings) is an `ui::Input` like a press.
pub trait Drive {
    fn tell(&mut self, input: boardside::ui::Input) -> boardside::ui::effects::Effects;
    /// A protocol line carried out as the table's (`Input::Line`).
    fn enter(&mut self, line: &str) -> Result<(), String> {
        self.tell(boardside::ui::Input::Line(line.into())).outcome()
    }
    fn start_now(&mut self) -> Result<(), String> {
        self.tell(boardside::ui::Input::Start).outcome()
    }
    fn resume_now(&mut self, journal: std::path::PathBuf) -> Result<(), String> {
        self.tell(boardside::ui::Input::Resume(journal)).outcome()
    }
    fn tags_kept(&mut self, kept: Result<boardside::tags::TagMap, String>) {
        self.tell(boardside::ui::Input::TagsKept(kept));
    }
    fn show_odds(&mut self, on: bool, games: Option<u64>) {
        self.tell(boardside::ui::Input::Odds { on, games });
    }
    fn configure(&mut self, cfg: boardside::config::TableConfig) {
        self.tell(boardside::ui::Input::Settings(cfg));
    }
    fn set_players(&mut self, names: Vec<String>) {
        self.tell(boardside::ui::Input::Players(names));
    }
    fn put_away_note(&mut self) {
        self.tell(boardside::ui::Input::PutAwayNote);
    }
    fn turn_to_page(&mut self, page: usize) {
        self.tell(boardside::ui::Input::Page(page));
    }
    fn scroll_to(&mut self, row: usize) {
        self.tell(boardside::ui::Input::Scroll(row));
    }
    fn select(&mut self, line: usize) {
        self.tell(boardside::ui::Input::Select(line));
    }
    /// A game set up elsewhere takes the screen (`Input::Open`).
    fn open<F: OnDevice>(&mut self, s: boardside::session::Session<F>) {
        self.tell(boardside::ui::Input::open(s));
    }
    /// Protocol lines entered at the table, each carried out (`Input::Line`).
    fn lines(&mut self, lines: &[&str]) {
        for line in lines {
            let done = self.enter(line);
            assert!(done.is_ok(), "{line}: {done:?}");
        }
    }
}

impl Drive for boardside::ui::Ui {
    /// Told at the time of the last input, as the device loop tells it between inputs.
    fn tell(&mut self, input: boardside::ui::Input) -> boardside::ui::effects::Effects {
        let now = self.desk().now();
        self.handle(input, now)
    }
}

#[test]
fn debounce_ignores_bounces_and_reports_press_release_hold() {
    let mut d = Debouncer::new(20, 800);
    // Contact bounce: on/off within a few ms.
    assert_eq!(d.sample(true, 0), None);
    assert_eq!(d.sample(false, 3), None);
    assert_eq!(d.sample(true, 6), None);
    assert_eq!(d.sample(true, 20), None, "only 14 ms stable");
    assert_eq!(d.sample(true, 26), Some(Press::Press));
    assert_eq!(d.sample(true, 500), None);
    assert_eq!(d.sample(true, 826), Some(Press::Hold));
    assert_eq!(d.sample(true, 900), None, "one hold per press");
    assert_eq!(
        d.sample(false, 1000),
        Some(Press::Repeat { held_ms: 974 }),
        "held until the release has been stable for 20 ms"
    );
    assert_eq!(d.sample(false, 1020), Some(Press::Release));
}

#[test]
fn a_card_resting_on_a_flickering_reader_is_one_tap() {
    let card = Uid(vec![0x04, 0xA1, 0xB2, 0xC3]);
    let other = Uid(vec![0xDE, 0xAD, 0xBE, 0xEF]);
    let mut f = TapFilter::new(800);
    assert_eq!(f.poll(Some(card.clone()), 0), Some(card.clone()));
    // Present, missed, present again: the flicker of a resting card.
    let mut taps = 0;
    for t in (60..3000).step_by(60) {
        let seen = if (t / 60) % 3 == 0 {
            None
        } else {
            Some(card.clone())
        };
        taps += f.poll(seen, t).is_some() as u32;
    }
    assert_eq!(taps, 0);
    // Lifted for longer than 800 ms, then back: a second tap.
    assert_eq!(f.poll(None, 3100), None);
    assert_eq!(f.poll(Some(card.clone()), 4000), Some(card.clone()));
    // Another card taps at once.
    assert_eq!(f.poll(Some(other.clone()), 4060), Some(other));
}

#[test]
fn the_buttons_read_any_embedded_hal_pin_active_low_debounced() {
    use boardside::hw::pi::Buttons;
    use boardside::hw::Button;
    use embedded_hal_mock::eh1::digital::{Mock as Pin, State, Transaction as T};
    // OK is pressed (low) for three samples 10 ms apart, then released; ROLL stays up.
    // Debounced at 15 ms: each change counts once it has held that long.
    let ok = Pin::new(&[
        T::get(State::High),
        T::get(State::Low),
        T::get(State::Low),
        T::get(State::Low),
        T::get(State::High),
        T::get(State::High),
        T::get(State::High),
        T::get(State::High),
    ]);
    let roll = Pin::new(&vec![T::get(State::High); 8]);
    let mut buttons = Buttons::new(vec![(Button::Ok, ok), (Button::Roll, roll)], 15, 800);
    let mut events = Vec::new();
    for t in 0..8 {
        events.extend(buttons.events(t * 10));
    }
    assert_eq!(
        events,
        [
            Input::Button(Button::Ok, Press::Press),
            Input::Button(Button::Ok, Press::Release)
        ]
    );
    for (_, mut pin) in buttons.into_pins() {
        pin.done();
    }
}

#[test]
fn the_buzzer_sounds_on_any_embedded_hal_pin_one_beep_or_two() {
    use boardside::hw::buzzer::Sound;
    use boardside::hw::pi::{Buzzer, Piezo};
    use embedded_hal_mock::eh1::digital::{Mock, State, Transaction as T};
    /// An active buzzer on a mock pin: high while it sounds.
    struct Active(Mock);
    impl embedded_hal::digital::ErrorType for Active {
        type Error = core::convert::Infallible;
    }
    impl embedded_hal::digital::OutputPin for Active {
        fn set_low(&mut self) -> Result<(), Self::Error> {
            embedded_hal::digital::OutputPin::set_low(&mut self.0).unwrap();
            Ok(())
        }
        fn set_high(&mut self) -> Result<(), Self::Error> {
            embedded_hal::digital::OutputPin::set_high(&mut self.0).unwrap();
            Ok(())
        }
    }
    impl Piezo for Active {}
    // A refusal: on, off, on, off (120 ms, 80 ms gap, 120 ms).
    let pin = Mock::new(&[
        T::set(State::High),
        T::set(State::Low),
        T::set(State::High),
        T::set(State::Low),
    ]);
    let mut buzzer = Buzzer::new(Active(pin));
    buzzer.play(Sound::Refuse, 0);
    for t in (5..400).step_by(5) {
        buzzer.follow(t);
    }
    buzzer.pin().0.done();
}

#[test]
fn a_reader_whose_version_reads_0x00_is_a_wiring_fault_never_found() {
    use boardside::hw::pi::reader_line;
    let (line, found) = reader_line("/dev/spidev0.0", Some(0x00));
    assert!(!found);
    assert!(
        line.starts_with("reader: not answering on /dev/spidev0.0 (version 0x00)")
            && line.contains("wiring"),
        "{line}"
    );
    assert!(!reader_line("/dev/spidev0.0", Some(0xFF)).1);
    assert!(!reader_line("/dev/spidev0.0", None).1);
    assert_eq!(
        reader_line("/dev/spidev0.0", Some(0x92)),
        (
            "reader: found on /dev/spidev0.0 (version 0x92)".to_string(),
            true
        )
    );
    assert!(reader_line("/dev/spidev0.0", Some(0x88))
        .0
        .contains("not a genuine"));
}

#[test]
fn the_service_may_open_every_gpiochip_rppal_scans() {
    // rppal stops at the first /dev/gpiochipN it may not open; on a Pi whose SoC chip is not
    // the first, a policy naming only some chips would hide the buttons.
    let unit = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/hardware/package/boardside.service"
    ))
    .unwrap();
    let allowed: Vec<&str> = unit
        .lines()
        .filter_map(|l| l.strip_prefix("DeviceAllow="))
        .collect();
    assert!(allowed.contains(&"char-gpiochip rw"), "{allowed:?}");
    // The voice: the sound card's nodes and the audio group, nothing more.
    assert!(allowed.contains(&"char-alsa rw"), "{allowed:?}");
    assert!(unit.contains("SupplementaryGroups=gpio i2c spi audio"));
    assert!(
        !allowed.iter().any(|a| a.starts_with("/dev/gpiochip")),
        "no single chips: {allowed:?}"
    );
}

#[test]
fn frame_pixels_changes_and_ascii() {
    let mut a = Frame::default();
    a.set(0, 0, true);
    a.set(127, 63, true);
    assert!(a.get(0, 0) && a.get(127, 63) && !a.get(1, 0));
    assert_eq!(a.bytes()[0], 0x01);
    assert_eq!(a.bytes()[7 * 128 + 127], 0x80);
    let b = Frame::default();
    let changes: Vec<_> = a.changes(&b).collect();
    assert_eq!(changes, vec![(0, 0, true), (127, 63, true)]);
    let art = a.to_ascii();
    assert_eq!(art.lines().count(), 64);
    assert!(art.starts_with('#'));
}

/// SSD1306 datasheet §10.1 command table; each command goes as [0x00 (Co=0, D/C#=0), cmd...].
fn init_sequence() -> Vec<I2c> {
    // display off; clock; 64 rows; offset 0; start line 0; charge pump on; horizontal
    // addressing; COM pins; segment remap; COM scan descending; pre-charge; contrast; VCOMH;
    // display follows RAM; not inverted; scrolling off; display on.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/ssd1306-init.hex"
    ))
    .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let bytes = l
                .split_whitespace()
                .map(|h| u8::from_str_radix(h, 16).unwrap())
                .collect();
            I2c::write(0x3C, bytes)
        })
        .collect()
}

/// The first flush after power-up sends the whole frame (the display RAM starts random):
/// column and page address ranges, then 1,024 data bytes in 16-byte writes [0x40, ...].
fn full_flush(frame: &Frame) -> Vec<I2c> {
    let mut t = vec![
        I2c::write(0x3C, vec![0x00, 0x21, 0x00, 0x7F]),
        I2c::write(0x3C, vec![0x00, 0x22, 0x00, 0x07]),
    ];
    for chunk in frame.bytes().chunks(16) {
        let mut v = vec![0x40];
        v.extend_from_slice(chunk);
        t.push(I2c::write(0x3C, v));
    }
    t
}

#[test]
fn ssd1306_init_sequence_and_first_full_flush() {
    // A frame with one pixel: after power-up the whole RAM goes over once.
    let mut f = Frame::default();
    f.set(0, 0, true);
    let mut expect = init_sequence();
    expect.extend(full_flush(&f));
    let mut bus = I2cMock::new(&expect);
    let mut screen = OledScreen::new(bus.clone(), 0x3C).unwrap();
    assert_eq!(screen.show(&f).unwrap(), 4 + 4 + 64 * 17);
    bus.done();
}

#[test]
fn ssd1306_partial_flush_sends_only_the_changed_columns_and_pages() {
    let mut first = Frame::default();
    first.set(0, 0, true);
    let mut next = first.clone();
    next.set(10, 20, true); // column 10, page 2, bit 4
    next.set(11, 21, true); // column 11, page 2, bit 5
    let mut expect = init_sequence();
    expect.extend(full_flush(&first));
    expect.extend([
        I2c::write(0x3C, vec![0x00, 0x21, 10, 11]),
        I2c::write(0x3C, vec![0x00, 0x22, 2, 2]),
        I2c::write(0x3C, vec![0x40, 0x10, 0x20]),
    ]);
    let mut bus = I2cMock::new(&expect);
    let mut screen = OledScreen::new(bus.clone(), 0x3C).unwrap();
    screen.show(&first).unwrap();
    assert_eq!(screen.show(&next).unwrap(), 11);
    // Nothing changed: nothing sent.
    assert_eq!(screen.show(&next).unwrap(), 0);
    bus.done();
}

use boardside::hw::pi::Reader;
use embedded_hal_mock::eh1::spi::{Mock as SpiMock, Transaction as Spi};

/// MFRC522 datasheet §8.1.2.3: a register write is [reg << 1, value]; a read is
/// [(reg << 1) | 0x80, 0] with the value in the second byte.
fn spi_write(reg: u8, v: u8) -> Vec<Spi<u8>> {
    vec![
        Spi::transaction_start(),
        Spi::write_vec(vec![reg << 1, v]),
        Spi::transaction_end(),
    ]
}

fn spi_read(reg: u8, v: u8) -> Vec<Spi<u8>> {
    vec![
        Spi::transaction_start(),
        Spi::transfer_in_place(vec![(reg << 1) | 0x80, 0], vec![0, v]),
        Spi::transaction_end(),
    ]
}

#[test]
fn mfrc522_init_and_version_bytes() {
    let mut t = Vec::new();
    t.extend(spi_write(0x01, 0x0F)); // CommandReg: SoftReset
    t.extend(spi_read(0x01, 0x00)); // CommandReg: power-down bit clear, ready
    t.extend(spi_write(0x12, 0x00)); // TxModeReg
    t.extend(spi_write(0x13, 0x00)); // RxModeReg
    t.extend(spi_write(0x24, 0x26)); // ModWidthReg default
    t.extend(spi_write(0x2A, 0x80)); // TModeReg: timer starts after sending
    t.extend(spi_write(0x2B, 0xA9)); // TPrescalerReg: 40 kHz
    t.extend(spi_write(0x2C, 0x03)); // TReloadReg high: 1000 ticks = 25 ms
    t.extend(spi_write(0x2D, 0xE8)); // TReloadReg low
    t.extend(spi_write(0x15, 0x40)); // TxASKReg: force 100% ASK
    t.extend(spi_write(0x11, 0x3D)); // ModeReg: CRC preset 0x6363
    t.extend(spi_read(0x14, 0x80)); // TxControlReg...
    t.extend(spi_write(0x14, 0x83)); // ...antenna on (Tx1RFEn, Tx2RFEn)
    t.extend(spi_read(0x37, 0x92)); // VersionReg: MFRC522 version 2.0
    let mut spi = SpiMock::new(&t);
    let mut reader = Reader::new(spi.clone(), 800, 0).unwrap();
    assert_eq!(reader.version(), Some(0x92));
    spi.done();
}

#[test]
fn mfrc522_request_anticollision_select_reads_a_4_byte_uid() {
    let mut reader =
        Reader::new(chip::Chip::new(Some(vec![0x04, 0xA1, 0xB2, 0xC3])), 800, 0).unwrap();
    let uid = reader.read_uid().expect("a card in the field");
    assert_eq!(uid.hex(), "04A1B2C3");
}

#[test]
fn mfrc522_reads_a_7_byte_uid_through_two_cascade_levels() {
    let card = vec![0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66];
    let mut reader = Reader::new(chip::Chip::new(Some(card)), 800, 0).unwrap();
    assert_eq!(reader.read_uid().unwrap().hex(), "04112233445566");
}

#[test]
fn mfrc522_no_card_is_no_uid_and_no_error() {
    let mut reader = Reader::new(chip::Chip::new(None), 800, 0).unwrap();
    assert_eq!(reader.read_uid(), None);
}

#[test]
fn mfrc522_a_card_left_on_the_reader_is_one_tap() {
    let mut reader = Reader::new(chip::Chip::new(Some(vec![1, 2, 3, 4])), 800, 50).unwrap();
    let taps = (0..100u64).filter_map(|i| reader.poll(i * 50)).count();
    assert_eq!(taps, 1, "five seconds resting on the reader");
}

#[test]
fn crc_a_matches_the_standard_example() {
    // ISO/IEC 14443-3 annex: CRC_A of 0x00 0x00 is 0xA0 0x1E.
    assert_eq!(chip::crc_a(&[0x00, 0x00]), [0xA0, 0x1E]);
}

use boardside::config::TableConfig;
use boardside::engine::property::options::FirstPlayer;
use boardside::engine::property::state::Pending;
use boardside::engine::property::{Command, Ruleset};
use boardside::hw::sim::key_input;
use boardside::hw::{Button, Input};
type Session = boardside::session::Session<Property>;
use boardside::engine::property::Property;
use boardside::tags::{TagKind, TagMap};
use boardside::ui::effects::Effects;
use boardside::ui::property::{self as prop, PropertyScreens};
use boardside::ui::render::render;
use boardside::ui::screen::OnDevice;
use boardside::ui::setup::Setup;
use boardside::ui::{Ui, View};

/// A device with this game in play.
fn ui_with<F: OnDevice>(
    s: boardside::session::Session<F>,
    tags: TagMap,
    cfg: TableConfig,
    setup: Setup,
) -> Ui {
    let mut ui = Ui::new(tags, cfg, setup);
    ui.open(s);
    ui
}

fn sectionopoly() -> Ruleset {
    boardside::rulesets::load::<Property>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rulesets/sectionopoly.toml"
    ))
    .unwrap()
}

fn table_ui(seed: u64) -> Ui {
    table_ui_given(seed, &[])
}

/// Time passing as the device loop has it, with the computer seats' choices worked out here
/// and now (no thread, the same choice every run) and told to the shell; the odds are left.
fn tick(ui: &mut Ui, now: u64) -> Effects {
    let mut done = ui.handle(Input::Tick(now), now);
    for work in std::mem::take(&mut done.jobs) {
        if work.about == "computer seat" {
            if let Some(found) = work.run() {
                done.add(ui.handle(found, now));
            }
        }
    }
    done
}

/// Protocol lines carried out on a session before the device opens it (a position set up).
fn given<F: boardside::engine::game::Family>(
    s: &mut boardside::session::Session<F>,
    lines: &[&str],
) {
    for line in lines {
        let out = s.run_line(line);
        assert!(
            !out.iter().any(|l| l.starts_with("error")),
            "{line}: {out:?}"
        );
    }
}

/// `table_ui`, its game set up by these protocol lines first.
fn table_ui_given(seed: u64, lines: &[&str]) -> Ui {
    table_ui_made(seed, |s| given(s, lines))
}

/// `table_ui`, its game set up by `made` before the device opens it.
fn table_ui_made(seed: u64, made: impl FnOnce(&mut Session)) -> Ui {
    table_ui_of(sectionopoly(), seed, made)
}

/// `table_ui_given` of another property ruleset (seed 5).
fn table_ui_ruleset_given(ruleset: &str, lines: &[&str]) -> Ui {
    let rules = boardside::rulesets::load::<Property>(&ruleset_path(ruleset)).unwrap();
    table_ui_of(rules, 5, |s| given(s, lines))
}

/// Ann and Bob at a table of these rules, tokens enrolled, the game set up by `made`.
fn table_ui_of(rules: Ruleset, seed: u64, made: impl FnOnce(&mut Session)) -> Ui {
    let mut tags = TagMap::default();
    tags.set(
        &Uid(vec![0xA0, 0, 0, 1]),
        TagKind::Player { name: "Ann".into() },
    );
    tags.set(
        &Uid(vec![0xB0, 0, 0, 2]),
        TagKind::Player { name: "Bob".into() },
    );
    table_ui_tagged(rules, seed, made, tags)
}

/// `table_ui_of` with only these tags known to the device.
fn table_ui_tagged(rules: Ruleset, seed: u64, made: impl FnOnce(&mut Session), tags: TagMap) -> Ui {
    let mut o = rules.options.clone();
    o.first_player = FirstPlayer::Listed;
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut s = Session::new(rules, &names, seed, o, None).unwrap();
    made(&mut s);
    ui_with(s, tags, TableConfig::default(), Setup::default())
}

/// Bob owns the brown group with four houses on each; Ann, with 100 and the `extra` set up,
/// lands on Oversight and owes 320 she cannot pay at once.
fn at_table(seed: u64, extra: &[&str]) -> Ui {
    let lines: Vec<&str> = [
        "set owner centre Bob",
        "set owner oversight Bob",
        "set buildings centre 4",
        "set buildings oversight 4",
    ]
    .iter()
    .chain(extra)
    .chain(&["set cash Ann 100", "roll 1 2"])
    .copied()
    .collect();
    table_ui_given(seed, &lines)
}

/// The token of the player so named, as the tag map has it, tapped.
fn tap_token(ui: &mut Ui, name: &str, now: u64) -> Effects {
    let uid = ui
        .tags()
        .tags
        .iter()
        .find(|t| matches!(&t.kind, TagKind::Player { name: n } if n == name))
        .and_then(|t| Uid::parse(&t.uid))
        .unwrap_or_else(|| panic!("no token of {name}"));
    ui.handle(Input::Tag(uid), now)
}

fn ann() -> Input {
    Input::Tag(Uid(vec![0xA0, 0, 0, 1]))
}

fn bob() -> Input {
    Input::Tag(Uid(vec![0xB0, 0, 0, 2]))
}

/// Compare a frame with tests/golden/NAME.txt; UPDATE_GOLDEN=1 rewrites the file.
fn golden(name: &str, ui: &Ui) {
    let mut frame = Frame::default();
    render(ui, &mut frame);
    let path = format!("{}/tests/golden/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let art = frame.to_ascii();
    if std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &art).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{path} is missing: run with UPDATE_GOLDEN=1 and review it"));
    assert!(
        art == want,
        "{name} differs from {path} (UPDATE_GOLDEN=1 rewrites it):\n{art}"
    );
}

/// The property screens' auction countdown, as the header shows it.
fn countdown(ui: &Ui) -> Option<u64> {
    ui.screens::<PropertyScreens>()
        .unwrap()
        .auction_countdown(ui.session::<Property>().unwrap(), ui.desk())
}

/// The property screens.
fn screens(ui: &Ui) -> &PropertyScreens {
    ui.screens::<PropertyScreens>().expect("a property game")
}

/// Move down to the menu entry with this label and press OK, as a person would.
/// Choose a menu line by DOWN and OK, as a person would: what the OK did.
fn choose(ui: &mut Ui, label: &str, now: u64) -> Effects {
    let i = ui
        .labels()
        .iter()
        .position(|e| e == label)
        .unwrap_or_else(|| panic!("no entry {label}: {:?}", ui.labels()));
    let n = ui.labels().len();
    for _ in 0..(i + n - ui.chosen() % n) % n {
        key(ui, "j", now);
    }
    key(ui, "\r", now)
}

/// A key of the terminal simulator pressed: what it did.
fn key(ui: &mut Ui, k: &str, now: u64) -> Effects {
    let input = key_input(k.as_bytes()).unwrap_or_else(|| panic!("no key {k}"));
    ui.handle(input, now)
}

#[test]
fn golden_new_game_screen() {
    let setup = Setup {
        rulesets: vec![concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/sectionopoly.toml").into()],
        players: vec!["Ann".into(), "Bob".into()],
        ..Default::default()
    };
    let ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    golden("new-game", &ui);
}

#[test]
fn golden_new_game_screen_with_illuminati_house_rules() {
    let setup = Setup {
        rulesets: vec![concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/illuminati.toml").into()],
        players: vec!["Ann".into(), "Bob".into()],
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    // Down to the last house rule, the screen scrolled to show the longest of them.
    let last = ui
        .labels()
        .iter()
        .position(|e| e.starts_with("Neutralize"))
        .expect("the neutralize house rule");
    for _ in 0..last {
        key(&mut ui, "j", 0);
    }
    golden("new-game-illuminati", &ui);
}

#[test]
fn every_house_rule_line_on_the_new_game_screen_shows_its_value_whole() {
    // The line is "name: value"; the screen cuts what does not fit, and a cut line hides the
    // very value the table is choosing ("Orphaned puppets:" with nothing after it).
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets");
    let (mut seen, mut cut) = (0, Vec::new());
    for file in std::fs::read_dir(root).unwrap() {
        let path = file.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let rules = boardside::ui::kinds::for_ruleset(&boardside::games::all(), &path)
            .unwrap()
            .house_rules(&path)
            .unwrap();
        for h in &rules {
            for c in &h.choices {
                let line = format!("{}: {}", h.name, c.word);
                if line.len() > boardside::ui::text::COLS {
                    cut.push(format!("{}: {line:?}", path.display()));
                }
                seen += 1;
            }
        }
    }
    assert!(seen > 20, "only {seen} house-rule lines found");
    assert!(
        cut.is_empty(),
        "longer than the screen's {} columns:\n{}",
        boardside::ui::text::COLS,
        cut.join("\n")
    );
}

#[test]
fn golden_turn_buy_auction_and_debt_screens() {
    let mut ui = table_ui(1);
    golden("turn-start", &ui);
    ui.handle(Input::Button(Button::Roll, Press::Press), 0);
    // Seed 1's first device roll: show the working of the move for a while, then the offer.
    golden("after-roll", &ui);
    // An offer to buy, from dice thrown at the table.
    let mut ui = table_ui_given(1, &["roll 1 2"]);
    golden("buy-offer", &ui);
    // Decline into an auction; Bob taps his token to bid. This table chose a silence timer.
    ui.configure(TableConfig {
        auction_silence_ms: 8000,
        ..TableConfig::default()
    });
    choose(&mut ui, "Decline", 60_000);
    ui.handle(bob(), 60_100);
    ui.handle(Input::Tick(60_200), 60_200);
    golden("auction", &ui);
    // Silence closes it: Bob wins at his bid.
    ui.handle(Input::Tick(70_000), 70_000);
    golden("auction-closed", &ui);
    // A debt: Ann cannot pay a rent.
    let mut ui = at_table(2, &[]);
    ui.handle(Input::Tick(1), 1);
    assert!(matches!(
        ui.session::<Property>().unwrap().state.top(),
        Some(Pending::Debt(_))
    ));
    golden("debt", &ui);
}

/// Played by hand: ROLL pressed while Ann was asked to buy said "no roll now", and that took
/// the place of her question. The screen says both, the question after.
#[test]
fn roll_with_a_question_waiting_says_no_roll_and_keeps_the_question() {
    let rows = |ui: &Ui| ui.game().unwrap().message(ui.desk());
    let mut ui = table_ui_given(1, &["roll 1 2"]);
    let asked = rows(&ui);
    assert!(asked[0].starts_with("Ann: buy Oversight"), "{asked:?}");
    let made = ui.session::<Property>().unwrap().history.len();
    let done = ui.handle(Input::Button(Button::Roll, Press::Press), 1);
    assert_eq!(ui.session::<Property>().unwrap().history.len(), made);
    assert!(done.say_again, "the voice says the question again");
    // Row for row under the refusal, within the three rows above the menu.
    let mut want = vec!["no roll now".to_string()];
    want.extend(asked);
    assert_eq!(rows(&ui), want);
    assert!(want.len() <= 3);
    ui.handle(Input::Button(Button::Roll, Press::Press), 2);
    assert_eq!(rows(&ui), want);
}

/// Played by hand: just after a roll its lines stand in the question's place a while, and
/// ROLL then said "no roll now" alone (the lines and the note did not fit together). The
/// press ends the lines' while: what it keeps is the question waiting.
#[test]
fn roll_just_after_a_roll_keeps_the_question_not_the_rolls_lines() {
    let rows = |ui: &Ui| ui.game().unwrap().message(ui.desk());
    let mut ui = table_ui(1);
    ui.enter("roll 1 2").unwrap();
    assert!(ui.desk().toasting(), "the roll's lines stand a while");
    assert!(rows(&ui)[0].starts_with("Ann rolls"), "{:?}", rows(&ui));
    ui.handle(Input::Button(Button::Roll, Press::Press), 1);
    let shown = rows(&ui);
    assert_eq!(shown[0], "no roll now");
    assert!(shown[1].starts_with("Ann: buy Oversight"), "{shown:?}");
}

/// Played by hand: the records were 14 pages and only OK turned them, forward; a page
/// passed could not be read again. DOWN turns to the next page and UP to the one before.
#[test]
fn up_and_down_turn_the_pages_both_ways() {
    let page = |ui: &Ui| match ui.view() {
        View::Pager(p) => p.page,
        v => panic!("no pages open: {v:?}"),
    };
    // Seed 3's roll tells more than one page.
    let mut ui = table_ui(3);
    ui.handle(Input::Button(Button::Roll, Press::Press), 1);
    assert_eq!(page(&ui), 0);
    key(&mut ui, "j", 2);
    assert_eq!(page(&ui), 1);
    key(&mut ui, "k", 3);
    assert_eq!(page(&ui), 0);
    // Never before the first page, and UP there leaves the pages open.
    key(&mut ui, "k", 4);
    assert_eq!(page(&ui), 0);
}

/// Found playing by hand: ROLL pressed while a player's squares were open rolled, but the
/// squares stayed on screen and the question the roll asked ("buy it?") with them hidden.
#[test]
fn roll_from_a_players_squares_goes_to_what_the_roll_asks() {
    // Seed 3's roll lands Ann on a station for sale.
    let mut ui = table_ui_given(3, &["set owner centre Ann"]);
    choose(&mut ui, "Manage...", 1);
    choose(&mut ui, "Ann's squares", 2);
    assert_eq!(screens(&ui).view, prop::View::Manage);
    let made = ui.session::<Property>().unwrap().history.len();
    ui.handle(Input::Button(Button::Roll, Press::Press), 3);
    let s = &ui.session::<Property>().unwrap();
    assert!(s.history.len() > made, "the roll was made");
    assert!(matches!(
        s.state.top(),
        Some(boardside::engine::property::state::Pending::Buy { .. })
    ));
    assert_eq!(screens(&ui).view, prop::View::Main);
    // The roll's lines first, on their pages, then the question with its answers.
    for _ in 0..4 {
        if ui.labels()[0].starts_with("OK") {
            key(&mut ui, "\r", 4);
        }
    }
    assert!(ui.labels()[0].starts_with("Buy for"), "{:?}", ui.labels());
}

#[test]
fn a_short_game_through_the_simulator_keys_and_tag_taps() {
    let mut ui = table_ui(7);
    // This table chose to close auctions after 8 s of silence.
    ui.configure(TableConfig {
        auction_silence_ms: 8000,
        ..TableConfig::default()
    });
    let mut now = 0;
    let mut auctions = 0;
    for _ in 0..400 {
        now += 100;
        let s = ui.session::<Property>().unwrap().state.clone();
        if s.over {
            break;
        }
        // A command's lines that did not fit are read page by page first.
        if matches!(ui.view(), boardside::ui::View::Pager(_)) {
            key(&mut ui, "\r", now);
            continue;
        }
        match s.top() {
            Some(Pending::Buy { .. }) => {
                // Decline every offer: the auction is played with token taps.
                choose(&mut ui, "Decline", now);
            }
            Some(Pending::Auction(_)) => {
                auctions += 1;
                // Ann and Bob tap in turn, then silence closes it.
                ui.handle(ann(), now);
                ui.handle(bob(), now + 500);
                ui.handle(ann(), now + 1000);
                now += 20_000;
                ui.handle(Input::Tick(now), now);
            }
            Some(_) => {
                key(&mut ui, "\r", now);
            }
            None => {
                if s.turn.rolled && !s.turn.roll_again {
                    let end = ui.labels().iter().position(|e| e == "End the turn");
                    match end {
                        Some(i) => {
                            for _ in 0..i {
                                key(&mut ui, "j", now);
                            }
                            key(&mut ui, "\r", now);
                        }
                        None => {
                            key(&mut ui, "\r", now);
                        }
                    }
                } else {
                    key(&mut ui, "r", now);
                }
            }
        }
    }
    let se = ui.session::<Property>().unwrap();
    let s = &se.state;
    assert!(auctions >= 3, "auctions played: {auctions}");
    let owned = s.squares.iter().filter(|h| h.owner.is_some()).count();
    assert!(owned >= 3, "squares won at auction: {owned}");
    assert!(ui.desk().log().iter().any(|l| l.contains("(winning bid)")));
    assert!(
        ui.desk().log().iter().any(|l| l.contains(" rent on ")),
        "rent paid"
    );
    assert!(
        ui.desk().log().iter().any(|l| l.contains("draws the")),
        "a card drawn"
    );
    assert_eq!(s.ledger.total(), 0);
    assert_eq!(se.replay(), *s, "the journal replays to the same state");
    assert!(se
        .history
        .iter()
        .any(|d| matches!(d.cmd, Command::Bid { .. })));
}

#[test]
fn an_unknown_tag_opens_enrolment_and_is_saved() {
    let mut ui = table_ui(3);
    let dir = std::env::temp_dir().join(format!("boardside-tags-{}", std::process::id()));
    let path = dir.join("tags.toml");
    let new = Uid(vec![0x11, 0x22, 0x33, 0x44]);
    ui.handle(Input::Tag(new.clone()), 0);
    assert!(matches!(ui.view(), boardside::ui::View::Enrol(_)));
    golden("enroll", &ui);
    // Ann and Bob have their tokens: the line chosen first is the first piece no tag stands
    // for yet (OK never gives a player a second token by default).
    let labels = ui.labels();
    assert!(labels[ui.chosen()].starts_with("Deed "), "{labels:?}");
    // The device loop keeps what was enrolled in the tag map's file.
    let done = key(&mut ui, "\r", 10);
    ui.tags_kept(done.keep_tags(&path).expect("a tag was enrolled"));
    let saved = TagMap::load(&path).unwrap();
    assert!(
        matches!(saved.get(&new), Some(TagKind::Piece { id }) if id.starts_with("deed:")),
        "{:?}",
        saved.get(&new)
    );
    // A player without a token: that token is the line chosen first.
    let mut ui = table_ui(3);
    ui.tags_kept(Ok(TagMap::default()));
    ui.handle(Input::Tag(Uid(vec![0x11, 0x22, 0x33, 0x45])), 20);
    assert_eq!(ui.labels()[ui.chosen()], "Token of Ann");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tag_listed_twice_in_the_map_is_refused_with_both_lines() {
    let dir = std::env::temp_dir().join(format!("boardside-twice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tags.toml");
    std::fs::write(
        &path,
        "[[tag]]\nuid = \"A0000001\"\nwhat = \"player\"\nname = \"Ann\"\n\n\
         [[tag]]\nuid = \"A0000001\"\nwhat = \"player\"\nname = \"Bob\"\n",
    )
    .unwrap();
    let e = TagMap::load(&path).unwrap_err();
    assert!(
        e.contains("tags.toml:7: tag A0000001 is listed twice (first at line 2)"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tag_map_written_before_pieces_had_ids_keeps_every_tag_and_its_meaning() {
    // The map as the previous release wrote it: a kind of its own per game's piece.
    let dir = std::env::temp_dir().join(format!("boardside-old-tags-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tags.toml");
    std::fs::write(
        &path,
        r#"[[tag]]
uid = "A0000001"
what = "player"
name = "Ann"

[[tag]]
uid = "DEED0001"
what = "deed"
square = "centre"

[[tag]]
uid = "CA000001"
what = "card"
deck = "intel"
card = "advance-to-go"

[[tag]]
uid = "C0000001"
what = "grid_card"
card = "up"

[[tag]]
uid = "D0000001"
what = "group"
id = "cia"

[[tag]]
uid = "E0000001"
what = "piece"
label = "red hat"
"#,
    )
    .unwrap();
    let map = TagMap::load(&path).unwrap();
    let kind = |hex: &str| map.get(&Uid::read(hex).unwrap()).cloned().unwrap();
    assert_eq!(kind("A0000001"), TagKind::Player { name: "Ann".into() });
    let piece = |id: &str| TagKind::Piece { id: id.into() };
    assert_eq!(kind("DEED0001"), piece("deed:centre"));
    assert_eq!(kind("CA000001"), piece("card:intel:advance-to-go"));
    assert_eq!(kind("C0000001"), piece("grid_card:up"));
    assert_eq!(kind("D0000001"), piece("group:cia"));
    assert_eq!(kind("E0000001"), piece("red hat"));
    // The old deed tag still opens its square's options in a property game.
    let mut ui = table_ui(5);
    ui.tags_kept(Ok(map));
    ui.lines(&["set owner centre Ann"]);
    ui.handle(Input::Tag(Uid::read("DEED0001").unwrap()), 0);
    assert_eq!(screens(&ui).view, prop::View::Square { square: 1 });
    // Written back, the map keeps every tag, in the new form.
    let written = dir.join("again.toml");
    TagMap::update(&written, |m| {
        *m = ui.tags().clone();
        Ok(())
    })
    .unwrap();
    assert_eq!(TagMap::load(&written).unwrap(), *ui.tags());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn undo_asks_first() {
    let mut ui = table_ui(4);
    ui.handle(Input::Button(Button::Roll, Press::Press), 0);
    let before = ui.session::<Property>().unwrap().history.len();
    ui.handle(Input::Button(Button::Back, Press::Hold), 10);
    assert_eq!(
        ui.session::<Property>().unwrap().history.len(),
        before,
        "nothing undone yet"
    );
    golden("confirm-undo", &ui);
    key(&mut ui, "\r", 20);
    assert_eq!(ui.session::<Property>().unwrap().history.len(), before - 1);
}

#[test]
fn debt_screen_offers_raising_money_and_conceding() {
    let mut ui = at_table(
        2,
        &[
            "set owner comm-north Ann",
            "set owner operations-office Ann",
        ],
    );
    let labels: Vec<String> = ui.labels();
    assert_eq!(
        labels,
        [
            "Auto-resolve the debt",
            "Sell or mortgage...",
            "Concede: bankrupt",
            "Standings",
            "Log",
            "Undo"
        ]
    );
    let s = &ui.session::<Property>().unwrap().state;
    assert_eq!(
        boardside::ui::property::menu::headline(&ui.session::<Property>().unwrap().rules, s, 10),
        "Ann owes Bob 320 and has 100"
    );
    // Auto-resolve first shows its plan, the cursor on "No"; then it mortgages the cheapest
    // way and pays.
    key(&mut ui, "\r", 5);
    assert_eq!(ui.labels(), ["No", "Yes: do it and pay"]);
    let plan = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(
        plan.starts_with("Mortgage ") && plan.ends_with("then pay the debt"),
        "{plan}"
    );
    assert!(ui.session::<Property>().unwrap().state.top().is_some());
    choose(&mut ui, "Yes: do it and pay", 6);
    let s = &ui.session::<Property>().unwrap().state;
    assert!(s.top().is_none());
    assert_eq!(s.cash(0), 100 + 100 + 200 - 320);
}

/// Played by hand: P2 owed cpu1 550 with 81, and auto-resolve's plan stood over "No" and
/// "Yes: do it and pay" cut after its third mortgage: the table was asked to agree to sales
/// it could not read. A plan longer than the screen is read on pages first, every step and
/// the payment, then asked.
#[test]
fn a_plan_longer_than_the_screen_is_read_whole_before_it_is_agreed() {
    let mut ui = at_table(
        2,
        &[
            "set owner birkoffs-comm-center Ann",
            "set owner walters-area Ann",
            "set owner nikitas-apartment Ann",
            "set owner madelines-office Ann",
        ],
    );
    let steps: Vec<String> = {
        let g = ui.session::<Property>().unwrap();
        boardside::engine::property::autoresolve::plan(&g.rules, &g.state)
            .unwrap()
            .iter()
            .map(|c| boardside::ui::property::menu::label(&g.rules, &g.state, c))
            .collect()
    };
    assert!(steps.len() >= 4, "{steps:?}");
    key(&mut ui, "\r", 5);
    let mut read = Vec::new();
    if let View::Pager(p) = ui.view() {
        read.extend(p.pages.pages.concat());
    }
    while matches!(ui.view(), View::Pager(_)) {
        key(&mut ui, "\r", 6);
    }
    // Only the rows the screen has beside the question are read there.
    let room = boardside::ui::text::room(&ui.labels(), ui.chosen());
    read.extend(ui.game().unwrap().message(ui.desk()).into_iter().take(room));
    let read = read.join(" ");
    for step in &steps {
        let words: String = step.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(read.contains(&words), "{step} not read: {read}");
    }
    assert!(read.contains("then pay the debt"), "{read}");
    assert_eq!(ui.labels(), ["No", "Yes: do it and pay"]);
}

#[test]
fn confirming_bankruptcy_starts_on_no_and_says_what_could_still_be_raised() {
    let mut ui = at_table(2, &["set owner comm-north Ann"]);
    choose(&mut ui, "Concede: bankrupt", 1);
    assert_eq!(ui.labels(), ["No: raise money", "Yes: go bankrupt"]);
    assert_eq!(ui.chosen(), 0);
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(
        words.contains("Ann owes 320") && words.contains("could still raise 100"),
        "{words}"
    );
    key(&mut ui, "\r", 2);
    assert!(!ui.session::<Property>().unwrap().state.players[0].bankrupt);
}

/// Played by hand: with her last square mortgaged the question said "Selling and mortgaging
/// could still raise 0"; it says nothing is left.
#[test]
fn confirming_bankruptcy_with_nothing_left_says_so() {
    let mut ui = at_table(2, &[]);
    choose(&mut ui, "Concede: bankrupt", 1);
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert_eq!(
        words,
        "Ann owes 320. Nothing is left to sell or mortgage. Go bankrupt?"
    );
}

/// Played by hand (sectionopoly, the 60-minute game): P1 went bankrupt first and cpu2 later,
/// and the final standings read "2 P1 0 out" and "2 cpu2 0 out", a shared second place, where
/// the records give cpu2 second and P1 third. On the device too the one out later finishes
/// above the one out earlier.
#[test]
fn bankrupt_players_finish_in_the_order_they_went_out_on_the_final_standings() {
    let rules = sectionopoly();
    let mut o = rules.options.clone();
    o.first_player = FirstPlayer::Listed;
    let names: Vec<String> = ["Ann", "Bob", "Cy"].iter().map(|n| n.to_string()).collect();
    let s = Session::new(rules, &names, 3, o, None).unwrap();
    let mut ui = ui_with(
        s,
        TagMap::default(),
        TableConfig::default(),
        Setup::default(),
    );
    for l in [
        "set owner centre Bob",
        "set owner oversight Bob",
        "set buildings centre 4",
        "set buildings oversight 4",
        "set cash Ann 10",
        "set cash Cy 10",
        "roll 1 2",
        "concede",
        "set position Bob 0",
        "roll 1 2",
        "end",
        "set position Cy 0",
        "roll 1 2",
        "concede",
    ] {
        ui.enter(l).unwrap_or_else(|e| panic!("{l}: {e}"));
    }
    assert!(ui.session::<Property>().unwrap().state.over);
    let (_, rows) = ui.game().unwrap().standings();
    let firsts: Vec<&str> = rows.iter().map(|r| r.lines().next().unwrap()).collect();
    assert!(firsts[0].starts_with("1 Bob "), "{firsts:?}");
    assert!(firsts[1].starts_with("2 Cy 0 out"), "{firsts:?}");
    assert!(firsts[2].starts_with("3 Ann 0 out"), "{firsts:?}");
}

/// Found playing by hand: once the game was over the header still named the player whose
/// turn it had been and their cash ("Cy 1091 @South COMM S."), as if play went on.
#[test]
fn the_header_says_the_game_is_over_not_whose_turn_it_was() {
    let mut ui = at_table(2, &[]);
    choose(&mut ui, "Concede: bankrupt", 1);
    choose(&mut ui, "Yes: go bankrupt", 2);
    assert!(ui.session::<Property>().unwrap().state.over);
    let header = ui.game().unwrap().header(ui.desk());
    assert_eq!(header, "Sectionopoly: game over");
}

/// A time-limit game of sectionopoly for Ann and Bob, with these options besides.
fn timed_ui(edit: impl FnOnce(&mut boardside::engine::property::Options)) -> Ui {
    let rules = sectionopoly();
    let mut o = rules.options.clone();
    o.time_limit = true;
    edit(&mut o);
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let s = Session::new(rules, &names, 3, o, None).unwrap();
    ui_with(
        s,
        TagMap::default(),
        TableConfig::default(),
        Setup::default(),
    )
}

#[test]
fn a_one_minute_game_says_the_agreed_minute_is_over() {
    let mut ui = timed_ui(|o| o.time_limit_minutes = 1);
    ui.handle(Input::Tick(60_000), 60_000);
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(words.starts_with("The agreed 1 minute is over."), "{words}");
}

#[test]
fn after_building_the_cursor_rests_on_the_next_building_never_on_a_sale() {
    let mut ui = table_ui(5);
    ui.lines(&["set owner centre Ann", "set owner oversight Ann"]);
    choose(&mut ui, "Manage...", 1);
    choose(&mut ui, "Ann's squares", 2);
    // OK again and again builds evenly across the group, one press a house, and stays here.
    let built = |ui: &Ui| {
        let s = &ui.session::<Property>().unwrap().state;
        s.squares[1].level + s.squares[3].level
    };
    let first = ui
        .labels()
        .iter()
        .position(|l| l.starts_with("Substation"))
        .unwrap();
    for _ in 0..first {
        key(&mut ui, "j", 3);
    }
    for n in 1..=8u8 {
        key(&mut ui, "\r", 4);
        assert_eq!(built(&ui), n, "{:?} {:?}", ui.desk().note(), ui.view());
        assert_eq!(screens(&ui).view, prop::View::Manage);
        let on = &ui.labels()[ui.chosen()];
        assert!(!on.starts_with("Sell"), "after {n} the cursor is on {on}");
    }
    // Once the houses are all up, the next line is a hotel; never a sale.
    let on = ui.labels()[ui.chosen()].clone();
    assert!(on.starts_with("Command HQ") || on == "Back", "{on}");
}

/// Played by hand: P1 opened "Manage...", then a deal's list, pressed BACK and then OK to
/// open the manage menu again; the cursor had gone back to the menu's first line, "End the
/// turn", and the turn ended (and again after building from P1's squares). BACK (the button
/// or the menu's "Back") returns the cursor to the line that opened the sub-menu.
#[test]
fn back_from_the_manage_menu_returns_the_cursor_to_manage() {
    let mut ui = table_ui(5);
    ui.lines(&["set owner centre Bob", "roll 1 2", "decline", "close"]);
    while ui.labels() == ["OK"] {
        key(&mut ui, "\r", 0);
    }
    ui.put_away_note();
    assert_eq!(
        ui.labels()[ui.chosen()],
        "End the turn",
        "{:?}",
        ui.labels()
    );
    choose(&mut ui, "Manage...", 1);
    key(&mut ui, "\x7f", 2);
    assert_eq!(ui.labels()[ui.chosen()], "Manage...", "{:?}", ui.labels());
    choose(&mut ui, "Manage...", 3);
    choose(&mut ui, "Deal: sell a square", 4);
    key(&mut ui, "\x7f", 5);
    assert_eq!(ui.labels()[ui.chosen()], "Manage...", "{:?}", ui.labels());
    choose(&mut ui, "Manage...", 6);
    choose(&mut ui, "Back", 7);
    assert_eq!(ui.labels()[ui.chosen()], "Manage...", "{:?}", ui.labels());
    // From a player's squares too (played by hand: "Back" after building, then OK).
    choose(&mut ui, "Manage...", 8);
    choose(&mut ui, "Ann's squares", 9);
    choose(&mut ui, "Back", 10);
    assert_eq!(ui.labels()[ui.chosen()], "Manage...", "{:?}", ui.labels());
}

/// The pages after the roll read, the menu's line that asks for rent.
fn ask_line(ui: &mut Ui) -> String {
    while ui.labels() == ["OK"] {
        key(ui, "\r", 0);
    }
    ui.labels()
        .into_iter()
        .find(|l| l.starts_with("Ask "))
        .unwrap_or_else(|| panic!("no Ask line: {:?}", ui.labels()))
}

/// Played by hand (scientopoly, "Rent must be asked: on"): during another player's turn the
/// table chose "Ask donation: Vienna" for Ann and was told "Ann taps their token first"; her
/// token opened her squares, where no line asked, and BACK put the token away with its
/// menu: the rent could not be asked until her own turn. The menu her token opens offers
/// her open claims first (sectionopoly: PAYING RENT ¶3, ask before the second player after
/// the payer throws), and OK there asks in person.
#[test]
fn the_menu_a_token_opens_asks_for_that_owners_rent() {
    let mut rules = sectionopoly();
    rules.options.rent_must_be_asked = true;
    let mut ui = table_ui_of(rules, 5, |s| {
        given(s, &["set owner oversight Ann", "set turn Bob", "roll 1 2"])
    });
    let ask = ask_line(&mut ui);
    // At the buttons alone, in Bob's turn: Ann's own, refused.
    choose(&mut ui, &ask, 1);
    let cash = |ui: &Ui| ui.session::<Property>().unwrap().state.cash(0);
    let before = cash(&ui);
    assert!(
        ui.desk()
            .note()
            .unwrap_or("")
            .contains("Ann taps their token first"),
        "{:?}",
        ui.desk().note()
    );
    // Her token: her menu, its first line the rent she may ask.
    ui.handle(ann(), 2);
    assert_eq!(ui.labels()[ui.chosen()], ask, "{:?}", ui.labels());
    key(&mut ui, "\r", 3);
    let s = &ui.session::<Property>().unwrap().state;
    assert!(s.claims.is_empty(), "asked: {:?}", s.claims);
    assert!(cash(&ui) > before, "Ann is paid the rent");
}

/// Played by hand (suetology, "Rent must be asked: on"): in P1's turn the table chose P2's
/// "Ask rent: Ivy Close" and was told "that is P2's own: P2 taps their token first"; P2's
/// token, new to the device, was offered as P1's (the first person without one), since the
/// note's words stood on two lines of the screen and neither line asked on its own. A new
/// tag tapped then is offered first as the token of the person the note names.
#[test]
fn a_new_tag_tapped_when_a_claim_waits_for_its_owner_is_offered_as_theirs() {
    use boardside::ui::enrolment::Enrolment;
    let mut rules = sectionopoly();
    rules.options.rent_must_be_asked = true;
    let made = |s: &mut Session| given(s, &["set owner oversight Bob", "roll 1 2"]);
    // Nobody's token known: Ann, then Bob, is the first person without one.
    let mut ui = table_ui_tagged(rules, 5, made, TagMap::default());
    let ask = ask_line(&mut ui);
    choose(&mut ui, &ask, 1);
    let note = ui.desk().note().unwrap_or("").to_string();
    assert!(note.contains("Bob taps their token first"), "{note}");
    ui.handle(Input::Tag(Uid(vec![0xEE, 0, 0, 5])), 2);
    assert!(
        matches!(ui.view(), View::Enrol(Enrolment { .. })),
        "{:?}",
        ui.view()
    );
    assert_eq!(
        ui.labels()[ui.chosen()],
        "Token of Bob",
        "{:?}",
        ui.labels()
    );
}

#[test]
fn a_possible_building_shortage_asks_the_table_once_anyone_else_building() {
    let owners = [
        "set owner centre Ann",
        "set owner oversight Ann",
        "set owner operations-floor Bob",
        "set owner strategy-room Bob",
        "set owner red-cell-wing Bob",
    ];
    let mut ui = table_ui_given(5, &owners);
    // A full bank: Ann's house goes up without a question.
    choose(&mut ui, "Manage...", 1);
    choose(&mut ui, "Ann's squares", 2);
    choose(&mut ui, "Substation 50: Centre", 3);
    assert!(top(&ui).is_none(), "{:?}", top(&ui));
    // Five left: one question for the table, its first answer "no one else".
    let mut ui = table_ui_made(5, |s| {
        given(s, &owners);
        given(s, &["set buildings centre 1"]);
        s.state.houses = 5;
    });
    choose(&mut ui, "Manage...", 1);
    choose(&mut ui, "Ann's squares", 2);
    choose(&mut ui, "Substation 50: Oversight", 4);
    assert!(matches!(top(&ui), Some(Pending::Shortage { .. })));
    assert_eq!(ui.labels()[..2], ["No one else: build", "Bob builds too"]);
    assert!(ui.game().unwrap().message(ui.desk())[0].starts_with("Only 5 left"));
    // Bob taps his token and says two.
    ui.handle(bob(), 5);
    key(&mut ui, "k", 6);
    assert_eq!(ui.labels()[0], "Bob wants 2");
    key(&mut ui, "\r", 7);
    assert!(top(&ui).is_none(), "3 wanted of 5: no shortage");
    let s = &ui.session::<Property>().unwrap().state;
    assert_eq!((s.squares[1].level, s.squares[3].level), (1, 1));
}

#[test]
fn tapping_a_deed_opens_that_squares_options() {
    let mut ui = table_ui(5);
    let deed = Uid(vec![0xDE, 0xED, 0, 1]);
    let mut tags = ui.tags().clone();
    tags.set(
        &deed,
        TagKind::Piece {
            id: "deed:centre".into(),
        },
    );
    ui.tags_kept(Ok(tags));
    ui.lines(&["set owner centre Ann", "set owner oversight Ann"]);
    ui.handle(Input::Tag(deed), 0);
    let labels: Vec<String> = ui.labels();
    assert_eq!(
        labels,
        [
            "Substation 50: Centre",
            "Mortgage +30: Centre",
            "Sell it to a player",
            "Back"
        ]
    );
    key(&mut ui, "\r", 10);
    assert_eq!(ui.session::<Property>().unwrap().state.squares[1].level, 1);
    // Sell Oversight to Bob by tapping its deed, then Bob's token, at the printed price.
    let deed2 = Uid(vec![0xDE, 0xED, 0, 3]);
    let mut tags = ui.tags().clone();
    tags.set(
        &deed2,
        TagKind::Piece {
            id: "deed:oversight".into(),
        },
    );
    ui.tags_kept(Ok(tags));
    let mut ui2 = table_ui(6);
    ui2.tags_kept(Ok(ui.tags().clone()));
    ui2.lines(&["set owner oversight Ann"]);
    ui2.handle(Input::Tag(deed2), 0);
    choose(&mut ui2, "Sell it to a player", 2);
    ui2.handle(bob(), 3);
    // UP raises the price by the step, DOWN lowers it: 60 + 10 + 10 - 10 = 70.
    key(&mut ui2, "k", 4);
    key(&mut ui2, "k", 4);
    key(&mut ui2, "j", 4);
    // Each side's own yes, by its token, at this price.
    ui2.handle(ann(), 4);
    ui2.handle(bob(), 4);
    key(&mut ui2, "\r", 5);
    let s = &ui2.session::<Property>().unwrap().state;
    assert_eq!(s.squares[3].owner, Some(1));
    assert_eq!((s.cash(0), s.cash(1)), (1570, 1430));
}

/// Ann and Bob's sectionopoly game, two rolls in, saved in `dir` as game-1.journal and the
/// plug pulled: the state it was left in.
fn game_saved_in(dir: &std::path::Path) -> boardside::engine::property::State {
    let rules = sectionopoly();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let journal = dir.join("game-1.journal");
    let mut before = Session::new(
        rules.clone(),
        &names,
        1,
        rules.options.clone(),
        Some(&journal),
    )
    .unwrap();
    given(&mut before, &["roll 3 4", "roll 5 5"]);
    before.state.clone()
}

#[test]
fn after_a_power_cut_the_first_choice_resumes_the_saved_game() {
    let dir = std::env::temp_dir().join(format!("boardside-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = game_saved_in(&dir);
    let setup = Setup {
        rulesets: vec![concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/sectionopoly.toml").into()],
        resume: boardside::saves::newest(&dir),
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    assert_eq!(ui.labels()[0], "Resume the last game");
    key(&mut ui, "\r", 0);
    assert_eq!(ui.session::<Property>().unwrap().state, saved);
    // Issue 68: the log every viewer reads names the file, never the folders it sits in.
    let last = ui.log().last().cloned().unwrap_or_default();
    assert!(
        last.starts_with("resumed Sectionopoly from game-1.journal"),
        "{last}"
    );
    assert!(
        !ui.log().iter().any(|l| l.contains(&*dir.to_string_lossy())),
        "{:?}",
        ui.log()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The new-game screen after a game was saved in `dir` (made here): its save listed, "Resume
/// the last game" the first line.
fn over_a_save(dir: &std::path::Path) -> Setup {
    std::fs::create_dir_all(dir).unwrap();
    game_saved_in(dir);
    Setup {
        rulesets: vec![concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/sectionopoly.toml").into()],
        resume: boardside::saves::newest(dir),
        journal_dir: Some(dir.to_path_buf()),
        ..Default::default()
    }
}

/// Issue 68: "Resume the last game" says how far the game got, on the screen above it.
#[test]
fn resume_the_last_game_says_how_far_it_got() {
    let dir = std::env::temp_dir().join(format!("boardside-progress-{}", std::process::id()));
    let ui = Ui::new(TagMap::default(), TableConfig::default(), over_a_save(&dir));
    assert_eq!(ui.labels()[0], "Resume the last game");
    let words = boardside::ui::render::setup_message(&ui).join(" ");
    assert!(
        words.contains("Ann and Bob") && words.contains(", at turn"),
        "{words}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Played by hand: a game saved before its first turn was "at turn 0" (the grid game's
/// "at round 0"); it is at the start, in every family.
#[test]
fn a_game_saved_before_play_began_is_at_the_start() {
    use boardside::engine::illuminati::Illuminati;
    use boardside::ui::screen::Screens;
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let rules = sectionopoly();
    let s = Session::new(rules.clone(), &names, 1, rules.options.clone(), None).unwrap();
    assert_eq!(PropertyScreens::progress(&s), "the start");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/illuminati.toml");
    let rules = boardside::rulesets::load::<Illuminati>(path).unwrap();
    let s = boardside::session::Session::<Illuminati>::new(
        rules.clone(),
        &names,
        1,
        rules.options.clone(),
        None,
    )
    .unwrap();
    assert_eq!(
        boardside::ui::illuminati::IlluScreens::progress(&s),
        "the start"
    );
}

/// Played by hand: with "Resume the last game" chosen (the first line after a saved game),
/// tokens tapped for a new game joined it, but the screen went on describing the saved game,
/// so nobody saw their tap count. A token moves the cursor to the game's line, where the
/// message names the players.
#[test]
fn a_token_tapped_over_a_saved_games_line_shows_the_players_it_joined() {
    let dir = std::env::temp_dir().join(format!("boardside-tap-over-{}", std::process::id()));
    let tags = table_tags(&["Ann", "Bob"], &[], 0xD0);
    let mut ui = Ui::new(tags, TableConfig::default(), over_a_save(&dir));
    assert_eq!(ui.labels()[ui.chosen()], "Resume the last game");
    ui.handle(ann(), 1);
    ui.handle(bob(), 2);
    let words = boardside::ui::render::setup_message(&ui).join(" ");
    assert!(words.starts_with("Players: Ann, Bob."), "{words}");
    assert!(
        ui.labels()[ui.chosen()].starts_with("Game: "),
        "{}",
        ui.labels()[ui.chosen()]
    );
    // Chosen again by hand, the saved game's line still says what it is.
    while !ui.labels()[ui.chosen()].starts_with("Resume") {
        key(&mut ui, "k", 3);
    }
    let words = boardside::ui::render::setup_message(&ui).join(" ");
    assert!(words.contains(", at turn"), "{words}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_saved_game_resumes_with_the_ruleset_it_was_started_with() {
    let dir = std::env::temp_dir().join(format!("boardside-resume-any-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let journal = dir.join("suetology.journal");
    let root = env!("CARGO_MANIFEST_DIR");
    let sue =
        boardside::rulesets::load::<Property>(&format!("{root}/rulesets/suetology.toml")).unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut s = Session::new(sue.clone(), &names, 2, sue.options.clone(), Some(&journal)).unwrap();
    s.run_line("roll 2 3");
    let saved = s.state.clone();
    drop(s);
    let files: Vec<std::path::PathBuf> = ["sectionopoly", "scientopoly", "suetology"]
        .iter()
        .map(|n| format!("{root}/rulesets/{n}.toml").into())
        .collect();
    let (resumed, _) = boardside::saves::resume::<Property>(&files, &journal).unwrap();
    assert_eq!(resumed.rules.id, "suetology");
    assert_eq!(resumed.state, saved);
    let err = boardside::saves::resume::<Property>(&files[..2], &journal)
        .err()
        .unwrap();
    assert!(err.contains("ruleset"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tag_uid_that_is_not_hex_is_refused_with_a_reason_never_a_panic() {
    // The simulator lists the map's tags through Uid::parse; a hand-edited map may hold these.
    for bad in ["aéb", "é", "04A1B2C", "04A1B2Cé", "zz112233", ""] {
        assert_eq!(Uid::parse(bad), None, "{bad}");
        assert!(
            Uid::read(bad).unwrap_err().contains("not a tag UID"),
            "{bad}"
        );
    }
    assert_eq!(
        Uid::read("04a1b2c3").unwrap(),
        Uid(vec![0x04, 0xA1, 0xB2, 0xC3])
    );
    assert_eq!(Uid::read("04A1B2C3D4E5F6").unwrap().0.len(), 7);
}

/// The tokens of these players (`ann()`, `bob()` and `cy()` tap them) and a tag for each
/// piece, `piece(byte, ...)` tapping it.
fn table_tags(players: &[&str], pieces: &[String], byte: u8) -> TagMap {
    let mut tags = TagMap::default();
    for (uid, name, last) in [(0xA0, "Ann", 1), (0xB0, "Bob", 2), (0xC0, "Cy", 3)] {
        if players.contains(&name) {
            tags.set(
                &Uid(vec![uid, 0, 0, last]),
                TagKind::Player { name: name.into() },
            );
        }
    }
    for (i, id) in pieces.iter().enumerate() {
        tags.set(
            &Uid(vec![byte, 0, 0, i as u8]),
            TagKind::Piece { id: id.clone() },
        );
    }
    tags
}

/// The tap of the piece `id` of `list`, enrolled by `table_tags(.., byte)`.
fn piece(byte: u8, list: &[&str], id: &str) -> Input {
    let i = list
        .iter()
        .position(|c| *c == id)
        .unwrap_or_else(|| panic!("no tag for {id}"));
    Input::Tag(Uid(vec![byte, 0, 0, i as u8]))
}

#[test]
fn an_auction_never_closes_by_silence_unless_the_table_chose_a_timer_and_undo_reopens_it() {
    let mut ui = table_ui_given(1, &["roll 1 2"]);
    choose(&mut ui, "Decline", 1_000);
    ui.handle(bob(), 1_100);
    // A long silence: without a timer the auction stays open, and no countdown shows.
    ui.handle(Input::Tick(600_000), 600_000);
    assert!(matches!(
        ui.session::<Property>().unwrap().state.top(),
        Some(Pending::Auction(_))
    ));
    assert_eq!(countdown(&ui), None);
    // Closing is one command; one undo brings the open auction back.
    choose(&mut ui, "Close the auction", 600_100);
    assert!(ui.session::<Property>().unwrap().state.top().is_none());
    read_all(&mut ui, 600_100);
    ui.handle(Input::Button(Button::Back, Press::Hold), 600_100);
    key(&mut ui, "\r", 600_100);
    assert!(matches!(
        ui.session::<Property>().unwrap().state.top(),
        Some(Pending::Auction(_))
    ));
    // With a timer the countdown shows, and any press restarts it.
    ui.configure(TableConfig {
        auction_silence_ms: 8000,
        ..TableConfig::default()
    });
    ui.handle(Input::Tick(601_000), 601_000);
    ui.handle(
        Input::Button(Button::Down, boardside::hw::Press::Press),
        601_000,
    );
    assert_eq!(countdown(&ui), Some(8));
    ui.handle(Input::Tick(605_000), 605_000);
    assert_eq!(countdown(&ui), Some(4));
    let mut frame = boardside::hw::Frame::default();
    render(&ui, &mut frame);
    ui.handle(Input::Tick(610_000), 610_000);
    assert!(
        ui.session::<Property>().unwrap().state.top().is_none(),
        "closed by silence"
    );
}

#[test]
fn time_up_is_offered_only_in_a_time_limit_game_and_asks_first() {
    let mut ui = table_ui_given(3, &["roll 3 4"]);
    ui.handle(Input::Button(Button::Ok, boardside::hw::Press::Hold), 10);
    assert!(!ui.labels().iter().any(|e| e.starts_with("Time up")));
    let mut ui = timed_ui(|o| o.first_player = FirstPlayer::Listed);
    ui.handle(Input::Button(Button::Ok, boardside::hw::Press::Hold), 10);
    choose(&mut ui, "Time up: end the game", 20);
    assert!(
        !ui.session::<Property>().unwrap().state.over,
        "it asks first"
    );
    choose(&mut ui, "Yes: value all, end it", 30);
    assert!(ui.session::<Property>().unwrap().state.over);
}

/// Played by hand (sectionopoly, the 60-minute game): the manage menu offered "Time up: end
/// the game" with 59 minutes on the clock, as if the agreed hour had come. Before it comes, the
/// table may still agree to stop, and the line says so; once it has come, it is time up.
#[test]
fn a_time_limit_game_stopped_before_its_hour_is_ended_early_not_time_up() {
    let mut ui = timed_ui(|o| {
        o.first_player = FirstPlayer::Listed;
        o.time_limit_minutes = 60;
    });
    ui.handle(Input::Button(Button::Ok, boardside::hw::Press::Hold), 10);
    let labels = ui.labels();
    assert!(
        labels.iter().any(|l| l == "End the game early"),
        "{labels:?}"
    );
    assert!(
        !labels.iter().any(|l| l.starts_with("Time up")),
        "{labels:?}"
    );
    let end = 60 * 60_000 + 10;
    ui.handle(Input::Tick(end), end);
    choose(&mut ui, "No: play on", end + 10);
    ui.handle(
        Input::Button(Button::Ok, boardside::hw::Press::Hold),
        end + 20,
    );
    let labels = ui.labels();
    assert!(
        labels.iter().any(|l| l == "Time up: end the game"),
        "{labels:?}"
    );
    assert!(
        !labels.iter().any(|l| l == "End the game early"),
        "{labels:?}"
    );
    choose(&mut ui, "Time up: end the game", end + 30);
    assert_eq!(screens(&ui).view, prop::View::ConfirmTimeUp);
}

#[test]
fn a_resumed_game_shows_its_whole_story_in_table_words_and_older_saves_stay_listed() {
    let dir = std::env::temp_dir().join(format!("boardside-resume-log-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let rules_path: std::path::PathBuf =
        concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/sectionopoly.toml").into();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    for (i, seed) in [(1, 8), (2, 9)] {
        let r = sectionopoly();
        let mut s = Session::new(
            r.clone(),
            &names,
            seed,
            r.options.clone(),
            Some(&dir.join(format!("game-{i}.journal"))),
        )
        .unwrap();
        for l in ["roll 3 4", "roll 5 5", "roll 1 2"] {
            s.run_line(l);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let newest = boardside::saves::newest(&dir).unwrap();
    let setup = Setup {
        rulesets: vec![rules_path],
        players: vec![],
        resume: Some(newest),
        journal_dir: Some(dir.clone()),
        ..Setup::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    let labels: Vec<String> = ui.labels();
    // The older save is named by its game, day, time and players; the line chosen says what
    // it is.
    let older = labels
        .iter()
        .find(|l| l.starts_with("Resume sectionopoly ") && l.contains(" Ann,Bob ("))
        .unwrap_or_else(|| panic!("{labels:?}"));
    let i = labels.iter().position(|l| l == older).unwrap();
    for _ in 0..i {
        key(&mut ui, "j", 1);
    }
    let mut frame = Frame::default();
    render(&ui, &mut frame);
    let about = boardside::saves::describe(&dir.join("game-1.journal"));
    assert!(
        about.starts_with("sectionopoly: Ann and Bob; last played "),
        "{about}"
    );
    ui.select(0);
    choose(&mut ui, "Resume the last game", 1);
    assert!(
        ui.desk()
            .log()
            .iter()
            .any(|l| l.contains("Bob rolls 1 + 2 = 3")),
        "{:?}",
        ui.desk().log()
    );
    assert!(
        ui.desk().log().iter().any(|l| l.contains("starting money")),
        "{:?}",
        ui.desk().log()
    );
    assert!(
        !ui.desk().log().iter().any(|l| l.contains('`')),
        "{:?}",
        ui.desk().log()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_simulators_tag_list_reaches_every_tag_and_never_outgrows_the_terminal() {
    use boardside::hw::sim::{Pick, Picker};
    // More tags than the nine digits could reach: two tokens and 40 groups.
    let mut tags = vec![
        ("token of Ann".to_string(), Uid(vec![0xA0, 0, 0, 1])),
        ("token of Bob".to_string(), Uid(vec![0xB0, 0, 0, 2])),
    ];
    for i in 0..40u8 {
        tags.push((format!("piece group:g{i}"), Uid(vec![0xD0, 0, 0, i])));
    }
    let mut p = Picker::new(tags);
    // Down to the 31st and Enter taps it.
    for _ in 0..30 {
        assert_eq!(p.key(b"\x1b[B"), Pick::Stay);
    }
    assert_eq!(p.key(b"\r"), Pick::Tag(Uid(vec![0xD0, 0, 0, 28])));
    // Typing narrows the list; Backspace widens it again, and closes it when empty.
    let mut p = Picker::new(p.tags.clone());
    for k in ["g", "3", "9"] {
        p.key(k.as_bytes());
    }
    assert_eq!(p.shown().len(), 1);
    assert_eq!(p.key(b"\r"), Pick::Tag(Uid(vec![0xD0, 0, 0, 39])));
    p.key(b"\x7f");
    assert_eq!(p.shown().len(), 11, "g3, and g30 to g39");
    for _ in 0..2 {
        p.key(b"\x7f");
    }
    assert_eq!(
        p.key(b"\x7f"),
        Pick::Close,
        "nothing typed: Backspace closes"
    );
    assert_eq!(Picker::new(vec![]).key(b"\x1b"), Pick::Close);
    // At the recommended terminal size (38 rows) and a small one, the list fits.
    for rows in [38, 24, 10] {
        let lines = p.lines(rows);
        assert!(lines.len() < rows, "{} lines on {rows} rows", lines.len());
    }
}

#[test]
fn standings_are_one_press_away_and_the_end_shows_final_standings_with_ties_then_new_game() {
    let mut ui = timed_ui(|o| o.first_player = FirstPlayer::Listed);
    choose(&mut ui, "Standings", 1);
    assert!(matches!(ui.view(), boardside::ui::View::Standings(_)));
    let rows = boardside::ui::property::menu::standings(
        &ui.session::<Property>().unwrap().rules,
        &ui.session::<Property>().unwrap().state,
        &[],
    );
    // The time-limit game deals two deeds each: different cash, the same worth, one place.
    assert_eq!(
        rows,
        vec![
            "1 Ann 1500\n(cash 1080, 2 sq)",
            "1 Bob 1500\n(cash 1060, 2 sq)"
        ],
        "a tie shares first place"
    );
    // Each player on two rows, the place, name and worth first, the cash and squares whole
    // below (the screen wrapped "(cash 1080, 2" and left "sq)" alone on a row).
    assert_eq!(
        boardside::ui::text::wrap_all(&rows),
        [
            "1 Ann 1500",
            "(cash 1080, 2 sq)",
            "1 Bob 1500",
            "(cash 1060, 2 sq)"
        ]
    );
    key(&mut ui, "\r", 2);
    ui.handle(Input::Button(Button::Ok, boardside::hw::Press::Hold), 3);
    choose(&mut ui, "Time up: end the game", 4);
    choose(&mut ui, "Yes: value all, end it", 5);
    // The valuation's lines are read page by page.
    while matches!(ui.view(), boardside::ui::View::Pager(_)) {
        key(&mut ui, "\r", 6);
    }
    let labels: Vec<String> = ui.labels();
    assert_eq!(labels, vec!["Final standings", "New game", "Log"]);
    choose(&mut ui, "Final standings", 6);
    let mut frame = boardside::hw::Frame::default();
    render(&ui, &mut frame);
    key(&mut ui, "\r", 7);
    choose(&mut ui, "New game", 8);
    assert!(matches!(ui.view(), boardside::ui::View::Setup(_)));
    assert!(ui.session::<Property>().is_none());
}

#[test]
fn every_line_of_a_command_can_be_read_and_a_drawn_card_has_its_own_page() {
    let lines: Vec<String> = vec![
        "Ann rolls 3 + 4 = 7".into(),
        "Ann moves from Briefing (0) to Chance (7)".into(),
        "Ann draws the Chance card: advance to the nearest utility".into(),
        "Ann moves from Chance (7) to Section Power Grid (12)".into(),
        "now: Ann may buy Section Power Grid for 150 (`buy`) or `decline` it".into(),
    ];
    let pages =
        boardside::ui::property::menu::pages(&lines, 3).expect("too much for the message area");
    assert_eq!(pages.len(), 3, "{pages:?}");
    assert!(
        pages[1]
            .join(" ")
            .contains("advance to the nearest utility"),
        "{pages:?}"
    );
    assert!(pages.iter().flatten().all(|l| !l.contains('`')));
    // A short command needs no pager.
    assert!(boardside::ui::property::menu::pages(&["Ann passes".to_string()], 3).is_none());
}

#[test]
fn long_names_are_cut_after_a_whole_word_not_mid_word() {
    use boardside::ui::text::fit;
    assert_eq!(
        fit("Bob 1500 @Interrogation Suite"),
        "Bob 1500 @Interrogation"
    );
    assert_eq!(fit("short"), "short");
    // One long word has no place to cut: it is cut at the screen's edge.
    assert_eq!(
        fit("Supercalifragilisticexpialidocious"),
        "Supercalifragilisticexpia"
    );
}

/// A debtor raises money: neither building nor lifting a mortgage, which spend it, is
/// offered until the debt is paid (played by hand: P1, owing cpu1 900 with 308, was offered
/// "Lift 110" on every square under "Sell or mortgage...").
#[test]
fn a_debtor_is_not_offered_building_and_each_action_shows_its_cost() {
    let mut ui = at_table(
        2,
        &[
            "set owner comm-north Ann",
            "set owner weapons-locker Ann",
            "set owner firing-range Ann",
            "set owner tactical-room Ann",
            "set owner walters-area Ann",
            "set mortgaged walters-area yes",
        ],
    );
    ui.handle(Input::Button(Button::Ok, Press::Hold), 3);
    let labels: Vec<String> = ui.labels();
    assert!(
        !labels.iter().any(|l| l.starts_with("Substation")),
        "{labels:?}"
    );
    assert!(!labels.iter().any(|l| l.starts_with("Lift")), "{labels:?}");
    // Nor what the bank has left to build with (played by hand: "Left: 32 Substations, 1
    // Command HQs" took two of the rows above a debtor's menu).
    let said = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(!said.contains("Left:"), "{said}");
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Mortgage +90: Weapons")),
        "{labels:?}"
    );
}

/// The manage menu says what the bank has left to build with, one of a kind in the singular.
#[test]
fn the_manage_menu_says_the_buildings_left_one_in_the_singular() {
    let lots = [
        "centre",
        "oversight",
        "birkoffs-comm-center",
        "walters-area",
        "nikitas-apartment",
        "madelines-office",
        "profiling-lab",
        "interrogation-suite",
        "weapons-locker",
        "firing-range",
        "tactical-room",
    ];
    let mut ui = table_ui(3);
    for lot in lots {
        ui.lines(&[&format!("set owner {lot} Bob")]);
        ui.lines(&[&format!("set buildings {lot} 5")]);
    }
    ui.handle(boardside::ui::Input::PutAwayNote, 10);
    ui.handle(Input::Button(Button::Ok, Press::Hold), 10);
    let said = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(
        said.contains("Left: 32 Substations, 1 Command HQ"),
        "{said}"
    );
    assert!(!said.contains("HQs"), "{said}");
}

#[test]
fn selling_a_whole_groups_buildings_is_one_line_with_the_groups_total() {
    let mut ui = table_ui(3);
    for l in [
        "set owner centre Bob",
        "set owner oversight Bob",
        "set buildings centre 4",
        "set buildings oversight 3",
    ] {
        ui.lines(&[l]);
    }
    ui.handle(Input::Button(Button::Ok, boardside::hw::Press::Hold), 10);
    choose(&mut ui, "Bob's squares", 20);
    let labels: Vec<String> = ui.labels();
    // Seven houses at 50, sold back at half: 175, whichever lot names the group.
    let all: Vec<&String> = labels
        .iter()
        .filter(|l| l.starts_with("Sell group's buildings"))
        .collect();
    assert_eq!(all, ["Sell group's buildings +175: Centre"], "{labels:?}");
    assert!(
        labels.contains(&"Sell 1 +25: Centre".to_string()),
        "{labels:?}"
    );
}

#[test]
fn manage_starts_from_a_player_and_lists_only_that_players_squares() {
    let mut ui = table_ui(3);
    for l in [
        "set owner centre Ann",
        "set owner oversight Ann",
        "set owner comm-north Bob",
    ] {
        ui.lines(&[l]);
    }
    ui.handle(Input::Button(Button::Ok, boardside::hw::Press::Hold), 10);
    let labels: Vec<String> = ui.labels();
    assert_eq!(
        &labels[..2],
        ["Ann's squares", "Bob's squares"],
        "{labels:?}"
    );
    choose(&mut ui, "Bob's squares", 20);
    let labels: Vec<String> = ui.labels();
    assert!(labels.iter().any(|l| l.contains(": North")), "{labels:?}");
    assert!(!labels.iter().any(|l| l.contains("Centre")), "{labels:?}");
    // Ann taps her token: her squares, with her cash in the note.
    key(&mut ui, "\x7f", 30);
    ui.handle(ann(), 40);
    let labels: Vec<String> = ui.labels();
    assert!(labels.iter().any(|l| l.contains("Centre")), "{labels:?}");
    assert!(!labels.iter().any(|l| l.contains(": North")), "{labels:?}");
}

/// In Bob's turn the table opens Ann's squares from the menu and chooses to lift her mortgage:
/// it is hers to decide, and the note asks for her token. Her tap keeps the line chosen, so
/// OK lifts it (a random walk of presses found the cursor back on her first line, the line
/// to be found again).
#[test]
fn a_token_asked_for_keeps_the_cursor_on_the_line_that_asked_for_it() {
    let mut ui = table_ui_given(
        3,
        &[
            "set owner centre Ann",
            "set owner oversight Ann",
            "set mortgaged oversight yes",
            "set turn Bob",
        ],
    );
    ui.handle(Input::Button(Button::Ok, boardside::hw::Press::Hold), 10);
    choose(&mut ui, "Ann's squares", 20);
    let lift = ui
        .labels()
        .into_iter()
        .find(|l| l.starts_with("Lift"))
        .expect("a line to lift the mortgage");
    choose(&mut ui, &lift, 30);
    let note = ui.desk().note().unwrap_or_default().to_string();
    assert!(note.contains("Ann taps their token first"), "{note}");
    ui.handle(ann(), 40);
    assert_eq!(ui.labels()[ui.chosen()], lift, "{:?}", ui.labels());
    key(&mut ui, "\r", 50);
    let g = ui.session::<Property>().unwrap();
    let oversight = g.rules.square_index("oversight").unwrap();
    assert!(
        !g.state.squares[oversight].mortgaged,
        "{:?}",
        ui.desk().note()
    );
}

#[test]
fn a_held_button_repeats_after_the_hold_with_how_long_it_has_been_down() {
    let mut d = Debouncer::new(20, 800);
    assert_eq!(d.sample(true, 0), None);
    assert_eq!(d.sample(true, 20), Some(Press::Press));
    assert_eq!(d.sample(true, 820), Some(Press::Hold));
    assert_eq!(d.sample(true, 900), None, "not yet a repeat");
    assert_eq!(d.sample(true, 970), Some(Press::Repeat { held_ms: 950 }));
    assert_eq!(d.sample(true, 1120), Some(Press::Repeat { held_ms: 1100 }));
    assert_eq!(d.sample(false, 1200), None);
    assert_eq!(d.sample(false, 1220), Some(Press::Release));
    assert_eq!(d.sample(false, 2000), None, "no repeats once released");
}

#[test]
fn presses_by_hand_0_4_s_apart_are_presses_never_a_hold() {
    use boardside::hw::sim::KeyRepeat;
    let up = || Input::Button(Button::Up, Press::Press);
    let mut k = KeyRepeat::default();
    for i in 0..13 {
        assert_eq!(k.input(up(), i * 400), up(), "press {i}");
    }
}

#[test]
fn the_simulator_treats_a_key_arriving_again_and_again_as_a_held_button() {
    use boardside::hw::sim::KeyRepeat;
    let up = || Input::Button(Button::Up, Press::Press);
    let mut k = KeyRepeat::default();
    assert_eq!(k.input(up(), 0), up());
    // The keyboard's auto-repeat: the same key every 30 ms after a 500 ms delay. The first
    // after the delay is one more step; then a hold counted from the first press.
    assert_eq!(k.input(up(), 500), up());
    assert_eq!(
        k.input(up(), 530),
        Input::Button(Button::Up, Press::Repeat { held_ms: 530 })
    );
    for t in (560..2_530).step_by(30) {
        k.input(up(), t);
    }
    assert_eq!(
        k.input(up(), 2_530),
        Input::Button(Button::Up, Press::Repeat { held_ms: 2_530 }),
        "a run lasts while the key keeps coming"
    );
    // Another key, or a pause, ends the run.
    assert_eq!(
        k.input(Input::Button(Button::Ok, Press::Press), 2_540),
        Input::Button(Button::Ok, Press::Press)
    );
    assert_eq!(k.input(up(), 2_550), up());
    assert_eq!(
        k.input(up(), 4_000),
        up(),
        "a pause of 1.45 s is two presses"
    );
}

#[test]
fn bids_change_with_up_and_down_faster_when_held_and_a_token_tap_bids_the_shown_amount() {
    let mut ui = table_ui_given(1, &["roll 1 2"]);
    choose(&mut ui, "Decline", 1_000);
    choose(&mut ui, "Ann bids 10+", 1_100);
    let amount = |ui: &Ui| match screens(ui).view {
        prop::View::Bid { amount, .. } => amount,
        ref v => panic!("not choosing a bid: {v:?}"),
    };
    assert_eq!(amount(&ui), 10);
    let up = |held_ms| Input::Button(Button::Up, Press::Repeat { held_ms });
    ui.handle(Input::Button(Button::Up, Press::Press), 1_200);
    assert_eq!(amount(&ui), 20, "a press: the table's step");
    ui.handle(Input::Button(Button::Down, Press::Press), 1_300);
    ui.handle(Input::Button(Button::Down, Press::Press), 1_400);
    assert_eq!(
        amount(&ui),
        1,
        "never below the lowest bid the engine takes"
    );
    ui.handle(up(950), 2_000);
    assert_eq!(amount(&ui), 11, "held under 2 s: still 10 a step");
    ui.handle(up(2_100), 3_000);
    assert_eq!(amount(&ui), 61, "held 2 s: 50 a step");
    ui.handle(up(4_200), 5_000);
    assert_eq!(amount(&ui), 161, "held 4 s: 100 a step");
    golden("bid", &ui);
    // Bob taps his token: he bids what the screen shows.
    ui.handle(bob(), 6_000);
    match ui.session::<Property>().unwrap().state.top() {
        Some(Pending::Auction(a)) => assert_eq!(a.high, Some((1, 161))),
        other => panic!("no auction: {other:?}"),
    }
    // Ann's amount can go no higher than her cash.
    choose(&mut ui, "Ann bids 171+", 7_000);
    for t in 0..40 {
        ui.handle(up(5_000 + t * 150), 8_000 + t * 150);
    }
    assert_eq!(amount(&ui), 1500);
    choose(&mut ui, "Ann bids 1500", 20_000);
    match ui.session::<Property>().unwrap().state.top() {
        Some(Pending::Auction(a)) => assert_eq!(a.high, Some((0, 1500))),
        other => panic!("no auction: {other:?}"),
    }
}

/// The new-game screen of this ruleset, Ann, Bob and Cy having tapped their tokens.
fn new_game_screen(tags: TagMap, ruleset: &str, seed: u64) -> Ui {
    let setup = Setup {
        rulesets: vec![ruleset_path(ruleset)],
        seed,
        ..Default::default()
    };
    let mut ui = Ui::new(tags, TableConfig::default(), setup);
    for (i, t) in [ann(), bob(), cy()].into_iter().enumerate() {
        ui.handle(t, 10 + i as u64);
    }
    assert_eq!(ui.setup().players, ["Ann", "Bob", "Cy"]);
    ui
}

fn ruleset_path(name: &str) -> std::path::PathBuf {
    format!("{}/rulesets/{name}.toml", env!("CARGO_MANIFEST_DIR")).into()
}

fn labels(ui: &Ui) -> Vec<String> {
    ui.labels()
}

#[test]
fn the_new_game_screen_offers_house_rules_in_words_and_a_time_limit_game_keeps_a_clock() {
    let setup = Setup {
        rulesets: vec![ruleset_path("sectionopoly")],
        players: vec!["Ann".into(), "Bob".into()],
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    let l = labels(&ui);
    for want in [
        "Length: standard",
        "Card decks on table: off",
        "Rent must be asked: off",
    ] {
        assert!(l.iter().any(|x| x == want), "{want} in {l:?}");
    }
    choose(&mut ui, "Length: standard", 10);
    choose(&mut ui, "Length: short game", 20);
    choose(&mut ui, "Length: 60 min limit", 30);
    assert!(labels(&ui).iter().any(|x| x == "Length: 90 min limit"));
    choose(&mut ui, "Start the game", 1_000);
    let o = &ui.session::<Property>().expect("started").state.options;
    assert!(o.time_limit && !o.short_game && o.time_limit_minutes == 90);
    // The clock is on the main screen and counts down.
    assert_eq!(screens(&ui).clock.as_ref().unwrap().shown(1_000), "1:30");
    ui.handle(Input::Tick(1_000 + 30 * 60_000), 1_000 + 30 * 60_000);
    assert_eq!(
        screens(&ui).clock.as_ref().unwrap().shown(ui.desk().now()),
        "1:00"
    );
    assert_eq!(screens(&ui).view, prop::View::Main);
    // Time is up: the table is asked before the game ends.
    let end = 1_000 + 90 * 60_000;
    ui.handle(Input::Tick(end), end);
    assert_eq!(screens(&ui).view, prop::View::ConfirmTimeUp);
    golden("time-up", &ui);
    // The cursor starts on "No": a double press never ends the evening.
    assert_eq!(ui.labels()[ui.chosen()], "No: play on");
    choose(&mut ui, "No: play on", end + 10);
    assert!(
        !ui.session::<Property>().unwrap().state.over,
        "the table plays on"
    );
    ui.handle(Input::Tick(end + 60_000), end + 60_000);
    assert_eq!(screens(&ui).view, prop::View::Main, "asked once");
}

#[test]
fn scientopolys_target_status_is_chosen_on_the_new_game_screen() {
    let setup = Setup {
        rulesets: vec![ruleset_path("scientopoly")],
        players: vec!["Ann".into(), "Bob".into()],
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    choose(&mut ui, "Target status: 20", 10);
    // With rent that must be asked, when a donation's status point counts (scientopoly.toml).
    choose(&mut ui, "Rent must be asked: off", 12);
    choose(&mut ui, "Status if not asked: off", 14);
    choose(&mut ui, "Start the game", 20);
    let o = &ui.session::<Property>().unwrap().state.options;
    assert_eq!(o.target_status, 25);
    assert!(o.rent_must_be_asked && o.status_when_unasked);
    assert!(
        screens(&ui).clock.is_none(),
        "no clock without a time limit"
    );
}

#[test]
fn a_saved_time_limit_game_keeps_its_clock_after_a_power_cut() {
    let dir = std::env::temp_dir().join(format!("boardside-clock-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let setup = Setup {
        rulesets: vec![ruleset_path("sectionopoly")],
        players: vec!["Ann".into(), "Bob".into()],
        journal_dir: Some(dir.clone()),
        seed: 7,
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup.clone());
    choose(&mut ui, "Length: standard", 10);
    choose(&mut ui, "Length: short game", 20);
    choose(&mut ui, "Length: 60 min limit", 30);
    choose(&mut ui, "Start the game", 40);
    let journal = dir.join("game-7.journal");
    // The journal says when the game started; twenty minutes ago, as if the power went then.
    let text = std::fs::read_to_string(&journal).unwrap();
    let (head, rest) = text.split_once('\n').unwrap();
    let at = head.find("\"started\":").expect("the start is recorded") + 10;
    let digits = head[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let started: u64 = head[at..at + digits].parse().unwrap();
    assert!(boardside::journal::unix_now().abs_diff(started) < 60);
    // Reseal the header line as the journal does: the CRC-32 of what comes before ,"crc".
    let moved = format!(
        "{}{}{}",
        &head[..at],
        started - 20 * 60,
        &head[at + digits..]
    );
    let body = &moved[..moved.find(",\"crc\":\"").unwrap()];
    let fresh = format!(
        "{body},\"crc\":\"{:08x}\"}}\n{rest}",
        boardside::journal::crc32(body.as_bytes())
    );
    std::fs::write(&journal, fresh).unwrap();
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    ui.handle(Input::Tick(5), 5);
    let line = labels(&ui)
        .into_iter()
        .find(|l| l.starts_with("Resume ") && l.contains("Ann,Bob ("))
        .expect("the saved game is offered");
    choose(&mut ui, &line, 10);
    assert!(ui.session::<Property>().is_some(), "{:?}", ui.desk().note());
    let shown = screens(&ui).clock.as_ref().expect("the clock").shown(10);
    assert_eq!(shown, "1:10", "90 minutes agreed, 20 played before the cut");
    // When it runs out the table is asked, and yes ends the game.
    let end = 10 + 70 * 60_000;
    ui.handle(Input::Tick(end), end);
    assert_eq!(screens(&ui).view, prop::View::ConfirmTimeUp);
    choose(&mut ui, "Yes: value all, end it", end + 10);
    assert!(ui.session::<Property>().unwrap().state.over);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_accepted_command_beeps_once_high_and_a_refusal_twice_low() {
    use boardside::hw::buzzer::{Change, Sound, Timeline};
    let mut t = Timeline::default();
    t.play(Sound::Accept, 1_000);
    assert_eq!(t.due(1_000), Some(Change::Tone(2_700)));
    assert_eq!(t.due(1_020), None);
    assert_eq!(t.due(1_050), Some(Change::Silence));
    t.play(Sound::Refuse, 2_000);
    assert_eq!(t.due(2_000), Some(Change::Tone(440)));
    assert_eq!(t.due(2_130), Some(Change::Silence), "the gap");
    assert_eq!(t.due(2_210), Some(Change::Tone(440)), "the second beep");
    assert_eq!(t.due(2_400), Some(Change::Silence));
    // A poll that comes late never plays a tone whose time has passed.
    t.play(Sound::Accept, 3_000);
    assert_eq!(t.due(3_200), None);
}

#[test]
fn the_device_sounds_accepted_commands_and_taps_and_refusals_but_not_menu_moves() {
    use boardside::hw::buzzer::Sound;
    use boardside::hw::script::{Scripted, ScriptedInputs};
    let mut ui = table_ui_given(1, &["set cash Bob 5"]);
    let mut dev = Scripted {
        inputs: ScriptedInputs::new([
            Input::Button(Button::Down, Press::Press),
            Input::Button(Button::Roll, Press::Press),
        ]),
        ..Default::default()
    };
    let mut t = 0;
    let mut clock = || {
        t += 10;
        t
    };
    boardside::app::run(
        &mut dev,
        &mut ui,
        &mut clock,
        &mut boardside::voice::speaker::Voice::silent(),
        None,
        None,
    )
    .unwrap();
    assert_eq!(
        dev.sounds,
        vec![Sound::Accept],
        "the roll, not the menu move"
    );
    // Ann declines; Bob's token bids the ask of 10 with 5 in hand: refused.
    let mut ui = table_ui_given(1, &["set cash Bob 5", "roll 1 2"]);
    let at = |ui: &Ui| ui.session::<Property>().unwrap().state.top().cloned();
    choose(&mut ui, "Decline", 1_000);
    assert!(
        matches!(at(&ui), Some(Pending::Auction(_))),
        "{:?}",
        at(&ui)
    );
    assert_eq!(ui.handle(bob(), 1_100).sounds, vec![Sound::Refuse]);
    assert_eq!(ui.handle(ann(), 1_200).sounds, vec![Sound::Accept]);
}

#[test]
fn the_example_config_shows_every_default_including_the_buzzer() {
    use boardside::config::Config;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/hardware/boardside.toml");
    let cfg = Config::load(path.as_ref()).unwrap();
    assert_eq!(cfg, Config::default());
    assert!(!cfg.buzzer.enabled && cfg.buzzer.pin == 12);
}

// ---- A whole evening of each property ruleset on the device (issue: the table experience,
// "Done when"). The device rolls its own dice; to reach the squares each step needs, the test
// enters the dice as a table that rolled by hand would (`Ui::enter`), through the same path
// as a menu choice, so every line is paged and logged as at the table.

fn cy() -> Input {
    Input::Tag(Uid(vec![0xC0, 0, 0, 3]))
}

fn top(ui: &Ui) -> Option<Pending> {
    ui.session::<Property>().unwrap().state.top().cloned()
}

/// Read every page with OK until the game's screen is back.
fn read_all(ui: &mut Ui, now: u64) {
    for _ in 0..50 {
        if !matches!(ui.view(), View::Pager(_)) {
            return;
        }
        key(ui, "\r", now);
    }
    panic!("the pager never ends");
}

/// The property screens' menu with what each line does.
fn prop_entries(ui: &Ui) -> Vec<prop::Entry> {
    screens(ui).entries(ui.session::<Property>().unwrap(), ui.desk())
}

/// Move to the first entry whose action matches and press OK.
fn choose_act(ui: &mut Ui, what: &str, pick: impl Fn(&prop::Act) -> bool, now: u64) {
    let label = prop_entries(ui)
        .into_iter()
        .find(|e| pick(&e.act))
        .unwrap_or_else(|| panic!("no {what} in {:?}", labels(ui)))
        .label;
    choose(ui, &label, now);
}

/// The acting player rolls by hand so as to land on `target` (moved three short of it first
/// when it is not within a roll).
fn land_on(ui: &mut Ui, target: usize, now: u64) {
    let se = ui.session::<Property>().unwrap();
    let (s, n) = (&se.state, se.rules.squares.len());
    let p = s.current;
    let name = s.players[p].name.clone();
    let mut d = (target + n - s.players[p].position) % n;
    if !(3..=11).contains(&d) {
        ui.enter(&format!("set position {name} {}", (target + n - 3) % n))
            .unwrap();
        d = 3;
    }
    let a = if d <= 7 { 1 } else { d - 6 };
    let b = d - a;
    assert_ne!(a, b);
    ui.enter(&format!("roll {a} {b}")).unwrap();
    let at = ui.session::<Property>().unwrap().state.players[p].position;
    assert_eq!(at, target, "{name} should be on square {target}");
    read_all(ui, now);
}

/// End the acting player's turn from the menu.
fn end_turn(ui: &mut Ui, now: u64) {
    choose_act(
        ui,
        "End the turn",
        |a| *a == prop::Act::Cmd(Command::End),
        now,
    );
    read_all(ui, now);
}

fn evening(ruleset: &str, house: &[&str], house_to: &str) {
    use boardside::engine::property::ruleset::Kind;
    use prop::Act;
    let tags = table_tags(&["Ann", "Bob", "Cy"], &[], 0);
    // The players tap their tokens; a house rule is chosen on the new-game screen.
    let mut ui = new_game_screen(tags, ruleset, 11);
    for h in house {
        choose(&mut ui, h, 20);
    }
    assert!(
        labels(&ui).iter().any(|l| l == house_to),
        "{:?}",
        labels(&ui)
    );
    choose(&mut ui, "Start the game", 30);
    assert!(ui.session::<Property>().is_some(), "{:?}", ui.desk().note());
    // The roll-off, by the ROLL button.
    let mut t = 100;
    while matches!(top(&ui), Some(Pending::FirstRoll { .. })) {
        ui.handle(Input::Button(Button::Roll, Press::Press), t);
        read_all(&mut ui, t);
        t += 10;
        assert!(t < 10_000, "the roll-off never ends");
    }
    let rules = ui.session::<Property>().unwrap().rules.clone();
    let n = rules.squares.len();
    let from = |ui: &Ui, want: &dyn Fn(usize) -> bool| {
        let s = &ui.session::<Property>().unwrap().state;
        let pos = s.players[s.current].position;
        (1..n)
            .map(|k| (pos + k) % n)
            .find(|&q| want(q))
            .expect("such a square")
    };

    // A card square: the card's text is read on the device.
    let card = from(&ui, &|q| matches!(rules.squares[q].kind, Kind::Card { .. }));
    let lines_before = ui.desk().log().len();
    land_on(&mut ui, card, t);
    assert!(
        ui.desk().log().len() > lines_before,
        "the card was narrated"
    );
    let mut frame = Frame::default();
    render(&ui, &mut frame);
    // Whatever the card did, finish the turn (a purchase it offered is declined).
    settle_turn(&mut ui, t);

    // An auction nobody bids on, closed, undone, closed again.
    let free = from(&ui, &|q| {
        rules.squares[q].price().is_some()
            && ui.session::<Property>().unwrap().state.owner(q).is_none()
    });
    land_on(&mut ui, free, t);
    choose_act(&mut ui, "Decline", |a| *a == Act::Cmd(Command::Decline), t);
    read_all(&mut ui, t);
    assert!(
        matches!(top(&ui), Some(Pending::Auction(_))),
        "{:?}",
        top(&ui)
    );
    choose(&mut ui, "Close the auction", t);
    read_all(&mut ui, t);
    assert!(ui
        .session::<Property>()
        .unwrap()
        .state
        .owner(free)
        .is_none());
    ui.handle(Input::Button(Button::Back, Press::Hold), t);
    assert!(matches!(ui.view(), View::ConfirmUndo(_)));
    key(&mut ui, "\r", t);
    assert!(
        matches!(top(&ui), Some(Pending::Auction(_))),
        "undo reopens it"
    );
    choose(&mut ui, "Close the auction", t);
    read_all(&mut ui, t);
    settle_turn(&mut ui, t);

    // Building from the manage screen: the acting player owns the first lot group.
    let s = &ui.session::<Property>().unwrap().state;
    let (builder, name) = (s.current, s.players[s.current].name.clone());
    let group = rules
        .groups
        .iter()
        // Past the start square, so that the rolls onto it never pass it and pay a salary.
        .find(|g| rules.squares[g.members[0]].is_lot() && g.members.iter().all(|&m| m >= 4))
        .unwrap();
    for &m in &group.members {
        let id = rules.squares[m].id.clone();
        ui.enter(&format!("set owner {id} {name}")).unwrap();
    }
    ui.handle(Input::Button(Button::Ok, Press::Hold), t);
    choose(&mut ui, &format!("{name}'s squares"), t);
    choose_act(
        &mut ui,
        "a building",
        |a| matches!(a, Act::Cmd(Command::Build { .. })),
        t,
    );
    read_all(&mut ui, t);
    let built: u32 = group
        .members
        .iter()
        .map(|&m| ui.session::<Property>().unwrap().state.squares[m].level as u32)
        .sum();
    assert_eq!(built, 1, "one building bought from the manage screen");
    let lot = *group
        .members
        .iter()
        .find(|&&m| ui.session::<Property>().unwrap().state.squares[m].level > 0)
        .unwrap();
    ui.handle(Input::Button(Button::Back, Press::Press), t);
    land_on(&mut ui, lot, t);
    settle_turn(&mut ui, t);

    // A debt: the next player, short of cash but owning a station, lands on the built lot.
    let s = &ui.session::<Property>().unwrap().state;
    let debtor = s.current;
    assert_ne!(debtor, builder);
    let dname = s.players[debtor].name.clone();
    let station = (0..n)
        .find(|&q| matches!(rules.squares[q].kind, Kind::Station { .. }) && s.owner(q).is_none())
        .unwrap();
    ui.enter(&format!("set owner {} {dname}", rules.squares[station].id))
        .unwrap();
    ui.enter(&format!("set cash {dname} 1")).unwrap();
    land_on(&mut ui, lot, t);
    assert!(
        matches!(top(&ui), Some(Pending::Debt(_))),
        "{dname} owes rent: {:?}",
        top(&ui)
    );
    golden(&format!("evening-{ruleset}-debt"), &ui);
    choose(&mut ui, "Sell or mortgage...", t);
    choose_act(
        &mut ui,
        "mortgage the station",
        |a| *a == Act::Cmd(Command::Mortgage { square: station }),
        t,
    );
    read_all(&mut ui, t);
    if matches!(top(&ui), Some(Pending::Debt(_))) {
        ui.handle(Input::Button(Button::Back, Press::Press), t);
        choose_act(&mut ui, "Pay", |a| *a == Act::Cmd(Command::Pay), t);
        read_all(&mut ui, t);
    }
    assert!(
        !matches!(top(&ui), Some(Pending::Debt(_))),
        "{:?}",
        top(&ui)
    );
    settle_turn(&mut ui, t);

    // The end: the two others go bankrupt on the built lot, conceding from the debt screen.
    while !ui.session::<Property>().unwrap().state.over {
        let s = &ui.session::<Property>().unwrap().state;
        let p = s.current;
        let pname = s.players[p].name.clone();
        if p == builder {
            // The builder takes a quiet roll onto a square of their own.
            land_on(&mut ui, lot, t);
            settle_turn(&mut ui, t);
            continue;
        }
        for q in s.owned_by(p).collect::<Vec<_>>() {
            ui.enter(&format!("set owner {} {}", rules.squares[q].id, name))
                .unwrap();
        }
        ui.enter(&format!("set cash {pname} 0")).unwrap();
        land_on(&mut ui, lot, t);
        if matches!(top(&ui), Some(Pending::Debt(_))) {
            choose(&mut ui, "Concede: bankrupt", t);
            choose(&mut ui, "Yes: go bankrupt", t);
            read_all(&mut ui, t);
        }
        settle_turn(&mut ui, t);
        t += 1;
        assert!(t < 1_000, "the game never ends");
    }
    // The final standings, then a new game without a restart.
    choose(&mut ui, "Final standings", t);
    assert!(matches!(ui.view(), View::Standings(_)));
    golden(&format!("evening-{ruleset}-final"), &ui);
    // One worth on back-to-back screens: each "X is worth N" of the end page is X's figure in
    // the standings.
    let (_, standings) = ui.game().unwrap().standings();
    let mut worths = 0;
    for line in ui.log() {
        let Some((who, worth)) = line.split_once(" is worth ") else {
            continue;
        };
        worths += 1;
        assert!(
            standings
                .iter()
                .any(|l| boardside::ui::text::measure(l).ends_with(&format!(" {who} {worth}"))),
            "{line}, but the standings say {standings:?}"
        );
    }
    // (The short game ends by valuing everyone; the others end with one player left.)
    if ruleset == "sectionopoly" {
        assert!(
            worths > 0,
            "the end page values every player: {:?}",
            ui.log()
        );
    }
    ui.handle(Input::Button(Button::Back, Press::Press), t);
    choose(&mut ui, "New game", t);
    assert!(matches!(ui.view(), View::Setup(_)));
    assert!(ui.session::<Property>().is_none());
    let _ = builder;
}

/// Finish whatever the turn is waiting for (a purchase is declined and its auction closed, a
/// debt is paid or conceded), then end it; back at the next player's turn start.
fn settle_turn(ui: &mut Ui, now: u64) {
    use prop::Act;
    for _ in 0..20 {
        read_all(ui, now);
        if ui.session::<Property>().unwrap().state.over {
            return;
        }
        if *ui.view() != View::Game || screens(ui).view != prop::View::Main {
            ui.handle(Input::Button(Button::Back, Press::Press), now);
        }
        let entries = prop_entries(ui);
        let has = |want: &Command| entries.iter().any(|e| e.act == Act::Cmd(want.clone()));
        match top(ui) {
            None if has(&Command::End) => return end_turn(ui, now),
            None => {
                // Doubles: roll again.
                ui.handle(Input::Button(Button::Roll, Press::Press), now);
            }
            Some(Pending::Buy { .. }) => {
                choose_act(ui, "Decline", |a| *a == Act::Cmd(Command::Decline), now)
            }
            Some(Pending::Auction(_)) => {
                choose(ui, "Close the auction", now);
            }
            Some(Pending::Debt(_)) if has(&Command::Pay) => {
                choose_act(ui, "Pay", |a| *a == Act::Cmd(Command::Pay), now)
            }
            Some(Pending::Debt(_)) => {
                choose(ui, "Concede: bankrupt", now);
                choose(ui, "Yes: go bankrupt", now);
            }
            Some(_) => {
                // Anything else the rules ask (a jail choice, a tax choice...): the first line.
                key(ui, "\r", now);
            }
        }
    }
    panic!("the turn never settles: {:?} {:?}", top(ui), labels(ui));
}

#[test]
fn an_evening_of_sectionopoly_on_the_device_from_new_game_to_new_game() {
    evening("sectionopoly", &["Length: standard"], "Length: short game");
}

#[test]
fn an_evening_of_suetology_on_the_device_from_new_game_to_new_game() {
    evening(
        "suetology",
        &["Length: standard", "Length: short game"],
        "Length: 60 min limit",
    );
}

#[test]
fn an_evening_of_scientopoly_on_the_device_from_new_game_to_new_game() {
    evening("scientopoly", &["Target status: 20"], "Target status: 25");
}

#[test]
fn a_saves_day_is_the_calendar_day_and_time() {
    use boardside::journal::day_and_time;
    assert_eq!(day_and_time(0), "1 Jan 00:00");
    assert_eq!(day_and_time(1_795_379_460), "22 Nov 20:31");
    assert_eq!(day_and_time(1_709_251_140), "29 Feb 23:59", "a leap day");
}

#[test]
fn crossterm_keys_become_the_simulators_keys() {
    use boardside::hw::sim::key_bytes;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let k = |code| key_bytes(&KeyEvent::new(code, KeyModifiers::NONE)).unwrap();
    let input = |code| key_input(&k(code));
    assert_eq!(
        input(KeyCode::Up),
        Some(Input::Button(Button::Up, Press::Press))
    );
    assert_eq!(
        input(KeyCode::Down),
        Some(Input::Button(Button::Down, Press::Press))
    );
    assert_eq!(
        input(KeyCode::Enter),
        Some(Input::Button(Button::Ok, Press::Press))
    );
    assert_eq!(
        input(KeyCode::Backspace),
        Some(Input::Button(Button::Back, Press::Press))
    );
    assert_eq!(
        input(KeyCode::Char('r')),
        Some(Input::Button(Button::Roll, Press::Press))
    );
    assert_eq!(
        input(KeyCode::Char('O')),
        Some(Input::Button(Button::Ok, Press::Hold))
    );
    assert_eq!(input(KeyCode::Char('q')), Some(Input::Quit));
    let ctrl_c = key_bytes(&KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)).unwrap();
    assert_eq!(key_input(&ctrl_c), Some(Input::Quit));
    assert_eq!(
        key_bytes(&KeyEvent::new(KeyCode::F(5), KeyModifiers::NONE)),
        None
    );
}

#[test]
fn a_display_that_fails_is_retried_and_the_game_goes_on() {
    use boardside::hw::buzzer::Sound;
    use boardside::hw::script::ScriptedInputs;
    use boardside::hw::{Inputs, Screen, Speaker};
    /// Fails its first three updates, then shows.
    struct Flaky {
        inputs: ScriptedInputs,
        failures_left: u32,
        shown: u32,
    }
    impl Inputs for Flaky {
        fn poll(&mut self, now: u64, wait: u64) -> Vec<Input> {
            self.inputs.poll(now, wait)
        }
    }
    impl Screen for Flaky {
        fn show(&mut self, _: &Frame) -> Result<usize, String> {
            if self.failures_left > 0 {
                self.failures_left -= 1;
                return Err("the display stopped answering".into());
            }
            self.shown += 1;
            Ok(0)
        }
    }
    impl Speaker for Flaky {
        fn sound(&mut self, _: Sound, _: u64) {}
    }
    let mut ui = table_ui(1);
    let mut dev = Flaky {
        inputs: ScriptedInputs::new([
            Input::Tick(1),
            Input::Tick(2),
            Input::Button(Button::Roll, Press::Press),
            Input::Tick(3),
        ]),
        failures_left: 3,
        shown: 0,
    };
    run_loop(&mut dev, &mut ui, None).expect("the loop goes on");
    assert!(dev.shown >= 1, "shown once the display answers again");
    assert_eq!(
        ui.session::<Property>().unwrap().history.len(),
        1,
        "the roll was made while the display was failing"
    );
}

#[test]
fn a_grid_game_that_ends_at_the_table_saves_its_picture_beside_the_journal() {
    use boardside::engine::game::{Game, Parsed, Words};
    use boardside::engine::grid::Grid;
    let dir = std::env::temp_dir().join(format!("boardside-grid-end-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let journal = dir.join("game-1.journal");
    let rules =
        boardside::rulesets::load::<Grid>(&ruleset_path("grid").display().to_string()).unwrap();
    let o = Grid::options(&rules, &[("walls", "none")]).unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut s =
        boardside::session::Session::<Grid>::new(rules, &names, 7, o, Some(&journal)).unwrap();
    let mut desk = boardside::ui::screen::Desk::default();
    for line in [
        "side Ann scientists",
        "place Ann 5 5",
        "side Bob religionists",
        "place Bob 6 5",
        "start",
        "set wonder Ann 5",
        "order Ann pray",
        "order Bob pray",
    ] {
        let Ok(Parsed::Command(c)) = Grid::parse(&s.rules, &s.state, line) else {
            panic!("{line}: not a command");
        };
        // An order is sealed after its player's token (the authority rule).
        desk.tapped(
            line.strip_prefix("order ")
                .and_then(|l| s.player_index(&l[..3])),
        );
        desk.run::<boardside::ui::grid::GridScreens>(&mut s, c)
            .unwrap_or_else(|| panic!("{line}: {:?}", desk.note()));
    }
    assert!(s.over(), "the religionists have nobody left");
    // The picture is an effect of the last command, written by the device loop.
    desk.take_effects().write_picture().unwrap();
    let svg = std::fs::read_to_string(dir.join("game-1.svg")).expect("the picture was saved");
    assert!(svg.contains("Power strips") && svg.contains("Team sizes"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn named_players_start_any_familys_game_at_once_and_its_save_resumes_the_same_way() {
    // `play --players` once read every ruleset as a property game and refused the grid game
    // and Illuminati ("unknown field"): it now starts through the new-game screen's START.
    let dir = std::env::temp_dir().join(format!("boardside-start-now-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (family, players) in [("grid", 2), ("illuminati", 3), ("sectionopoly", 2)] {
        let ruleset: std::path::PathBuf =
            format!("{}/rulesets/{family}.toml", env!("CARGO_MANIFEST_DIR")).into();
        let journal = dir.join(format!("{family}.journal"));
        let names: Vec<String> = ["Ann", "Bob", "Cy"][..players]
            .iter()
            .map(|n| n.to_string())
            .collect();
        let setup = Setup {
            rulesets: vec![ruleset.clone()],
            players: names.clone(),
            journal_dir: Some(dir.clone()),
            journal: Some(journal.clone()),
            seed: 5,
            ..Setup::default()
        };
        let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
        ui.start_now().unwrap_or_else(|e| panic!("{family}: {e}"));
        let started = [
            ui.session::<boardside::engine::grid::Grid>().is_some(),
            ui.session::<boardside::engine::illuminati::Illuminati>()
                .is_some(),
            ui.session::<Property>().is_some(),
        ];
        let want = match family {
            "grid" => [true, false, false],
            "illuminati" => [false, true, false],
            _ => [false, false, true],
        };
        assert_eq!(started, want, "{family}");
        assert!(journal.exists(), "{family}: saved where named");
        // The named file serves that game only: a second START writes a file of its own.
        assert_eq!(ui.setup().journal, None);

        let setup = Setup {
            rulesets: vec![ruleset],
            ..Setup::default()
        };
        let mut again = Ui::new(TagMap::default(), TableConfig::default(), setup);
        again
            .resume_now(journal.clone())
            .unwrap_or_else(|e| panic!("{family}: {e}"));
        let resumed = [
            again.session::<boardside::engine::grid::Grid>().is_some(),
            again
                .session::<boardside::engine::illuminati::Illuminati>()
                .is_some(),
            again.session::<Property>().is_some(),
        ];
        assert_eq!(resumed, want, "{family} resumed");
    }
    // A ruleset that cannot be read is a message, not a game.
    let setup = Setup {
        rulesets: vec![dir.join("missing.toml")],
        players: vec!["Ann".into(), "Bob".into()],
        ..Setup::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    let err = ui.start_now().unwrap_err();
    assert!(err.contains("missing.toml"), "{err}");
    assert!(ui.game().is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Played by hand (scientopoly): with Bob offered a square on Ann's turn, "Mortgage or
/// sell..." opened on nothing but "Back" (scientopoly: only on one's own turn, and Ann had
/// no squares). The line is offered only when there is something behind it.
#[test]
fn mortgage_or_sell_is_offered_at_a_purchase_only_when_someone_may() {
    // Ann lands on Copenhagen, for sale, on her turn; Bob owns an implant station.
    let offered = |lines: &[&str]| {
        let rules = boardside::rulesets::load::<Property>(&ruleset_path("scientopoly")).unwrap();
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let mut o = rules.options.clone();
        o.first_player = FirstPlayer::Listed;
        let mut s = Session::new(rules, &names, 1, o, None).unwrap();
        given(&mut s, lines);
        given(&mut s, &["set owner implant-alpha Bob", "roll 2 4"]);
        let mut ui = ui_with(
            s,
            TagMap::default(),
            TableConfig::default(),
            Setup::default(),
        );
        read_all(&mut ui, 1);
        assert!(ui.labels()[0].starts_with("Buy for"), "{:?}", ui.labels());
        ui.labels()
    };
    let labels = offered(&[]);
    assert!(
        !labels.iter().any(|l| l == "Mortgage or sell..."),
        "{labels:?}"
    );
    // Ann, whose turn it is, owns a square she may mortgage: the line is there.
    let labels = offered(&["set owner plymouth Ann"]);
    assert!(
        labels.iter().any(|l| l == "Mortgage or sell..."),
        "{labels:?}"
    );
}

#[test]
fn final_standings_put_the_winner_first_by_the_games_own_measure_status_in_scientopoly() {
    let path = ruleset_path("scientopoly");
    let rules = boardside::rulesets::load::<Property>(&path).unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
    let mut s = Session::new(rules.clone(), &names, 1, rules.options.clone(), None).unwrap();
    // Bob won by status though Ann is worth more; Cy has more status than Ann.
    s.state.players[0].status = 5;
    s.state.players[1].status = 20;
    s.state.players[2].status = 9;
    // Ann owns the dearest square: worth more than Bob and Cy.
    let dearest = (0..s.rules.squares.len())
        .max_by_key(|&i| s.rules.squares[i].price().unwrap_or(0))
        .unwrap();
    s.state.squares[dearest].owner = Some(0);
    s.state.winner = Some(1);
    s.state.over = true;
    let lines = boardside::ui::property::menu::standings(&s.rules, &s.state, &[]);
    assert!(lines[0].starts_with("1 Bob st20 "), "{lines:?}");
    assert!(lines[1].starts_with("2 Cy st9 "), "{lines:?}");
    assert!(lines[2].starts_with("3 Ann st5 "), "{lines:?}");
    let mut ui = ui_with(
        s,
        TagMap::default(),
        TableConfig::default(),
        Setup::default(),
    );
    let (title, _) = ui.game().unwrap().standings();
    assert_eq!(title, "Final: Bob won");
    ui.show_odds(false, None);
}

#[test]
fn the_standings_scroll_to_their_last_line_with_a_hint() {
    use boardside::ui::text::scrolled;
    let rows: Vec<String> = (1..=12).map(|i| format!("row {i}")).collect();
    let top = scrolled(&rows, 0);
    assert_eq!(top.len(), 6);
    assert_eq!(top.last().unwrap(), "DOWN: more");
    let bottom = scrolled(&rows, 99);
    assert_eq!(
        bottom[bottom.len() - 2],
        "row 12",
        "the last row is reachable"
    );
    assert_eq!(bottom.last().unwrap(), "UP: back to the top");
    // Every row is shown on some scroll position.
    let seen: std::collections::BTreeSet<String> =
        (0..12).flat_map(|k| scrolled(&rows, k)).collect();
    assert!(rows.iter().all(|r| seen.contains(r)));
}

#[test]
fn the_high_bidder_cannot_outbid_himself_with_a_second_tap() {
    let mut ui = table_ui(1);
    // Ann lands on a square and declines it: the auction opens.
    for _ in 0..40 {
        match top(&ui) {
            Some(Pending::Buy { .. }) => {
                ui.enter("decline").unwrap();
                break;
            }
            _ => {
                if ui.enter("roll").is_err() {
                    ui.enter("end").unwrap();
                }
            }
        }
    }
    assert!(
        matches!(top(&ui), Some(Pending::Auction(_))),
        "{:?}",
        top(&ui)
    );
    ui.handle(bob(), 1);
    let high = |ui: &Ui| match top(ui) {
        Some(Pending::Auction(a)) => a.high,
        _ => None,
    };
    let first = high(&ui).expect("Bob's bid");
    assert_eq!(first.0, 1);
    ui.handle(bob(), 2);
    assert_eq!(
        high(&ui),
        Some(first),
        "a second tap of his own changes nothing"
    );
    assert!(ui
        .desk()
        .note()
        .map(str::to_string)
        .unwrap_or_default()
        .contains("high bid"));
    ui.handle(ann(), 3);
    assert_eq!(high(&ui).map(|h| h.0), Some(0), "Ann outbids him");
}

#[test]
fn scientopolys_target_status_runs_from_1_to_40_as_the_rules_allow() {
    let rules = boardside::rulesets::load::<Property>(&ruleset_path("scientopoly")).unwrap();
    let rules = boardside::ui::property::house_rules(&rules);
    let target = rules.iter().find(|h| h.name == "Target status").unwrap();
    let words: Vec<&str> = target.choices.iter().map(|c| c.word.as_str()).collect();
    assert_eq!(words.first(), Some(&"1"), "{words:?}");
    assert_eq!(words.last(), Some(&"40"), "{words:?}");
}

#[test]
fn a_token_tap_in_a_game_without_status_never_says_status() {
    let mut ui = table_ui(1);
    ui.handle(ann(), 1);
    let note = ui.desk().note().map(str::to_string).unwrap_or_default();
    assert!(
        note.starts_with("Ann: ") && !note.contains("status"),
        "{note}"
    );
}

#[test]
fn saved_games_list_every_unfinished_one_with_how_far_it_got_and_finished_ones_apart() {
    let dir = std::env::temp_dir().join(format!("boardside-listing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let rules = sectionopoly();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut o = rules.options.clone();
    o.first_player = FirstPlayer::Listed;
    // An unfinished game, then a finished one (Bob concedes at once), the newest last.
    let mut s = Session::new(
        rules.clone(),
        &names,
        1,
        o.clone(),
        Some(&dir.join("a.journal")),
    )
    .unwrap();
    s.run_line("roll 3 4");
    drop(s);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut s = Session::new(rules, &names, 2, o, Some(&dir.join("b.journal"))).unwrap();
    // Ann, with nothing, lands on the income tax and pays the flat sum she cannot: she
    // concedes, and Bob has won.
    for l in [
        "set cash Ann 0",
        "set position Ann 1",
        "roll 1 2",
        "tax flat",
        "concede",
    ] {
        let out = s.run_line(l);
        assert!(!out.iter().any(|x| x.starts_with("error")), "{l}: {out:?}");
    }
    assert!(s.over());
    drop(s);
    let setup = Setup {
        rulesets: vec![ruleset_path("sectionopoly")],
        resume: boardside::saves::newest(&dir),
        journal_dir: Some(dir.clone()),
        ..Setup::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    let labels = ui.labels();
    let unfinished = labels
        .iter()
        .find(|l| l.starts_with("Resume sectionopoly") && l.ends_with("(turn 1)"))
        .unwrap_or_else(|| panic!("{labels:?}"));
    assert!(
        labels.iter().position(|l| l == unfinished)
            < labels.iter().position(|l| l.starts_with("Finished:")),
        "unfinished first: {labels:?}"
    );
    // The newest is finished: never offered as the last game to resume.
    assert!(
        !labels.iter().any(|l| l == "Resume the last game"),
        "{labels:?}"
    );
    let finished = labels
        .iter()
        .find(|l| l.starts_with("Finished: sectionopoly"))
        .unwrap_or_else(|| panic!("{labels:?}"))
        .clone();
    // Played by hand: on a finished game's line the screen said "Players: none yet"; it
    // describes that game, as a saved game's line does.
    while ui.labels()[ui.chosen()] != finished {
        key(&mut ui, "j", 1);
    }
    let words = boardside::ui::render::setup_message(&ui).join(" ");
    assert!(
        words.starts_with("sectionopoly: Ann and Bob;") && words.contains("finished"),
        "{words}"
    );
    choose(&mut ui, &finished, 1);
    assert!(
        matches!(ui.view(), View::Standings(_)),
        "its final standings open"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Played by hand: choosing the square of a deal, then its buyer, the screen still said
/// "Ann: roll the dice" above the lists; each step says what it asks.
#[test]
fn each_step_of_a_deal_says_what_it_asks() {
    let rows = |ui: &Ui| ui.game().unwrap().message(ui.desk()).join(" ");
    let lines = ["set owner centre Ann", "set owner comm-north Bob"];
    let mut ui = table_ui_given(3, &lines);
    choose(&mut ui, "Manage...", 1);
    choose(&mut ui, "Deal: sell a square", 2);
    assert_eq!(rows(&ui), "Deal: which square is sold?");
    choose(&mut ui, "Ann: Centre", 3);
    assert_eq!(
        rows(&ui),
        "Who buys Ann's Centre? Choose, or tap their token"
    );
    choose(&mut ui, "Sell to Bob", 4);
    assert!(rows(&ui).starts_with("What does Bob give"), "{}", rows(&ui));
    // A token tapped before the deal is whole agrees to nothing yet, and says so (it said
    // "Ann agrees", a yes the next step dropped).
    ui.handle(ann(), 5);
    assert_eq!(
        ui.desk().note(),
        Some("first choose what Bob gives: money only, or a square")
    );
    let prop::View::Deal(sale) = &screens(&ui).view else {
        panic!("{:?}", screens(&ui).view);
    };
    assert!(sale.yes.is_empty());
}

/// A deal the rules refuse is refused when the table agrees it, and its set-up is kept. The
/// money cannot be set above the buyer's cash (`Sale::payable`), but where no square goes for
/// less than its printed price (scientopoly ¶10) a buyer short of it still makes a deal the
/// rules refuse.
#[test]
fn a_deal_the_rules_refuse_is_refused_and_keeps_its_set_up() {
    let mut ui =
        table_ui_ruleset_given("scientopoly", &["set owner munich Ann", "set cash Bob 100"]);
    choose(&mut ui, "Manage...", 1);
    choose(&mut ui, "Deal: sell a square", 2);
    let line = ui
        .labels()
        .into_iter()
        .find(|l| l.starts_with("Ann: ") && l.contains("Munich"))
        .unwrap_or_else(|| panic!("{:?}", ui.labels()));
    choose(&mut ui, &line, 3);
    choose(&mut ui, "Sell to Bob", 4);
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(words.starts_with("Ann's Munich to Bob for 100?"), "{words}");
    // Each side says yes by its own token.
    ui.handle(ann(), 4);
    ui.handle(bob(), 4);
    let before = screens(&ui).view.clone();
    choose(&mut ui, "OK: make the deal", 5);
    assert!(ui.desk().note().is_some(), "the refusal is said");
    assert_eq!(
        screens(&ui).view,
        before,
        "the square, buyer and price are kept"
    );
}

#[test]
fn a_tag_enrolled_with_tags_add_while_the_device_runs_counts_from_its_first_tap() {
    use boardside::hw::buzzer::Sound;
    use boardside::hw::{Inputs, Screen, Speaker};
    let dir = std::env::temp_dir().join(format!("boardside-tags-add-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tags.toml");
    std::fs::write(&file, "").unwrap();
    /// `tags add` runs in another program between two polls, then the tag is tapped.
    struct Table {
        file: std::path::PathBuf,
        step: u32,
    }
    impl Inputs for Table {
        fn poll(&mut self, _: u64, _: u64) -> Vec<Input> {
            self.step += 1;
            let uid = Uid(vec![0x10, 0, 0, 9]);
            match self.step {
                1 => vec![Input::Tick(1)],
                2 => {
                    // Another second on the clock: the file's time moves on however coarse.
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    TagMap::update(&self.file, |m| {
                        m.put(boardside::tags::Tag {
                            uid: uid.hex(),
                            kind: TagKind::Player { name: "Liv".into() },
                            sticker: None,
                        });
                        Ok(())
                    })
                    .unwrap();
                    vec![Input::Tag(uid)]
                }
                _ => vec![Input::Quit],
            }
        }
    }
    impl Screen for Table {
        fn show(&mut self, _: &Frame) -> Result<usize, String> {
            Ok(0)
        }
    }
    impl Speaker for Table {
        fn sound(&mut self, _: Sound, _: u64) {}
    }
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), Setup::default());
    let mut dev = Table {
        file: file.clone(),
        step: 0,
    };
    run_loop(&mut dev, &mut ui, Some(&file)).unwrap();
    assert_eq!(ui.setup().players, ["Liv"], "Liv's token seats her at once");
    assert!(!matches!(ui.view(), boardside::ui::View::Enrol(_)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn back_from_the_log_puts_the_cursor_on_the_menus_first_line() {
    let mut ui = table_ui(3);
    choose(&mut ui, "Log", 10);
    assert!(
        matches!(ui.view(), boardside::ui::View::Log(_)),
        "{:?}",
        ui.view()
    );
    key(&mut ui, "\x7f", 11);
    assert!(
        matches!(ui.view(), boardside::ui::View::Game),
        "{:?}",
        ui.view()
    );
    assert_eq!(ui.chosen(), 0, "{:?}", ui.labels());
}

#[test]
fn the_final_charts_marks_never_clash() {
    use boardside::ui::render::marks;
    assert_eq!(marks(&["Bob", "Bert"]), [Some('B'), Some('E')]);
    // Numbered names sharing an initial are marked by their numbers, every one of them
    // (played by hand: three computer seats' lines were marked "C", "2" and "3").
    assert_eq!(
        marks(&["cpu1", "cpu2", "Cy"]),
        [Some('1'), Some('2'), Some('C')]
    );
    assert_eq!(
        marks(&["P1", "P2", "P3"]),
        [Some('1'), Some('2'), Some('3')]
    );
    assert_eq!(
        marks(&["P1", "P2", "cpu1"]),
        [Some('1'), Some('2'), Some('C')]
    );
    assert_eq!(
        marks(&["Ann", "Abe", "Al"]),
        [Some('A'), Some('B'), Some('L')]
    );
}

/// Played by hand (Illuminati, to the end): cpu1's and cpu2's lines ended together at the top
/// of the final chart, and cpu2's mark, pushed up above cpu1's, stood in the title bar,
/// unseen. A mark goes below the others where there is no room above.
#[test]
fn the_final_charts_marks_stay_inside_the_chart() {
    use boardside::ui::render::mark_rows;
    assert_eq!(mark_rows(&[10, 10, 12], 8, 48), [8, 16, 24]);
    assert_eq!(mark_rows(&[50, 30, 52], 8, 48), [46, 26, 38]);
}

/// The device loop over a made-up table, ten milliseconds a pass, silent, without the web.
fn run_loop(
    dev: &mut dyn boardside::hw::Backend,
    ui: &mut Ui,
    tags_file: Option<&std::path::Path>,
) -> Result<(), String> {
    let mut t = 0;
    let mut clock = || {
        t += 10;
        t
    };
    let mut voice = boardside::voice::speaker::Voice::silent();
    boardside::app::run(dev, ui, &mut clock, &mut voice, tags_file, None)
}

/// Played by hand (scientopoly): Ann on Flag (Clearwater) read "Ann 4348 @Flag (." in the
/// header: the bracketed word's initial was its bracket. A word is shortened to its first
/// letter, its brackets kept.
#[test]
fn a_shortened_square_name_keeps_its_brackets() {
    use boardside::ui::text::shorten;
    assert_eq!(shorten("Flag (Clearwater)", 11), "Flag (C.)");
    assert_eq!(shorten("Closed Quarters Standby", 18), "Closed Quarters S.");
    assert_eq!(shorten("Flag (Clearwater)", 21), "Flag (Clearwater)");
}
