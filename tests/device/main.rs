//! Device tests: debounce and tap filtering with injected time, the frame, the SSD1306 and
//! MFRC522 drivers at the byte level (embedded-hal-mock, and a simulated MFRC522 chip for the
//! card exchange), golden frames of the key screens, and a short game driven through the
//! simulator's input path.

mod chip;

use boardside::hw::debounce::Debouncer;
use boardside::hw::pi::OledScreen;
use boardside::hw::tap::TapFilter;
use boardside::hw::{Frame, Press, Screen, Uid};
use embedded_hal_mock::eh1::i2c::{Mock as I2cMock, Transaction as I2c};

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
    assert_eq!(d.sample(false, 1000), None);
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
    let cmds: &[&[u8]] = &[
        &[0xAE],       // display off
        &[0xD5, 0x80], // clock divide ratio / oscillator
        &[0xA8, 0x3F], // multiplex ratio: 64 rows
        &[0xD3, 0x00], // display offset 0
        &[0x40],       // start line 0
        &[0x8D, 0x14], // charge pump on
        &[0x20, 0x00], // horizontal addressing
        &[0xDA, 0x12], // COM pins: alternative configuration
        &[0xA1],       // segment remap
        &[0xC8],       // COM scan descending
        &[0xD9, 0x21], // pre-charge period
        &[0x81, 0x5F], // contrast
        &[0xDB, 0x40], // VCOMH deselect level
        &[0xA4],       // display follows RAM
        &[0xA6],       // normal (not inverted)
        &[0x2E],       // scrolling off
        &[0xAF],       // display on
    ];
    cmds.iter()
        .map(|c| {
            let mut v = vec![0x00];
            v.extend_from_slice(c);
            I2c::write(0x3C, v)
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
