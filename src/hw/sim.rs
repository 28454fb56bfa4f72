//! The terminal simulator: the same 128x64 frame drawn with block characters (half blocks,
//! two pixels a character, when the terminal is wide enough; quadrant blocks, four a
//! character, otherwise), keys for the five buttons shown under it, and a list of the enrolled
//! tags to "tap". Raw keyboard input and the screen through crossterm; works in any terminal
//! and under tmux.

use std::io::Write;
use std::path::PathBuf;

use super::buzzer::{Change, Sound, Timeline};
use super::{Button, Frame, Input, Inputs, Press, Screen, Speaker, Uid};
use crate::tags::TagMap;

pub const KEYS: &str = "k/j or arrows: up/down  Enter: OK  Bksp: back  r: roll  \
v: talk  hold O/B/R: manage/undo/voice  t: tag  n: new tag  q: quit";

/// Map one key (bytes as read from the terminal) to an input. `None` for keys with no meaning.
pub fn key_input(key: &[u8]) -> Option<Input> {
    let b = |x| Some(Input::Button(x, Press::Press));
    match key {
        b"\x1b[A" | b"k" => b(Button::Up),
        b"\x1b[B" | b"j" => b(Button::Down),
        b"\r" | b"\n" | b"o" => b(Button::Ok),
        b"\x7f" | b"\x08" | b"\x1b" => b(Button::Back),
        b"r" | b" " => b(Button::Roll),
        b"v" => b(Button::Talk),
        b"O" => Some(Input::Button(Button::Ok, Press::Hold)),
        b"B" => Some(Input::Button(Button::Back, Press::Hold)),
        b"R" => Some(Input::Button(Button::Roll, Press::Hold)),
        b"q" | b"\x03" => Some(Input::Quit),
        _ => None,
    }
}

/// A key event as the bytes a terminal in raw mode sends for it, so that one table of keys
/// (`key_input`, `pick`) serves the simulator and its tests.
pub fn key_bytes(k: &crossterm::event::KeyEvent) -> Option<Vec<u8>> {
    use crossterm::event::{KeyCode, KeyModifiers};
    Some(match k.code {
        KeyCode::Up => b"\x1b[A".to_vec(),
        KeyCode::Down => b"\x1b[B".to_vec(),
        KeyCode::Enter => b"\r".to_vec(),
        KeyCode::Backspace => b"\x7f".to_vec(),
        KeyCode::Esc => b"\x1b".to_vec(),
        KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => b"\x03".to_vec(),
        KeyCode::Char(c) => c.to_string().into_bytes(),
        _ => return None,
    })
}

/// A terminal has no key release: a key held down arrives as the same key again and again
/// (the keyboard's auto-repeat: a first delay of 250-600 ms, then a key every 20-50 ms). UP and
/// DOWN arriving again within `KEY_REPEAT_MS` are one held button, reported as
/// `Press::Repeat` with how long it has been down (counted from the press that began it, the
/// key before the auto-repeat's first delay). A key arriving after a longer gap is a press of
/// its own: a person pressing twice in half a second means two steps, not a hold.
#[derive(Debug, Default)]
pub struct KeyRepeat {
    run: Option<(Button, u64, u64)>,
}

/// Longer than a keyboard's auto-repeat interval, shorter than two presses by hand.
pub const KEY_REPEAT_MS: u64 = 150;
/// Longer than a keyboard's auto-repeat delay (typically 250-600 ms): a hold may have begun
/// with the key before.
pub const KEY_RUN_GAP_MS: u64 = 650;

impl KeyRepeat {
    pub fn input(&mut self, input: Input, now_ms: u64) -> Input {
        let Input::Button(b @ (Button::Up | Button::Down), Press::Press) = input else {
            self.run = None;
            return input;
        };
        match self.run {
            Some((held, start, last))
                if held == b && now_ms.saturating_sub(last) <= KEY_REPEAT_MS =>
            {
                self.run = Some((b, start, now_ms));
                Input::Button(
                    b,
                    Press::Repeat {
                        held_ms: now_ms.saturating_sub(start),
                    },
                )
            }
            // The auto-repeat's first delay, or a second press by hand: a press, and a hold
            // that follows counts from the key before.
            Some((held, _, last)) if held == b && now_ms.saturating_sub(last) <= KEY_RUN_GAP_MS => {
                self.run = Some((b, last, now_ms));
                input
            }
            _ => {
                self.run = Some((b, now_ms, now_ms));
                input
            }
        }
    }
}

/// How the frame is drawn, by terminal size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cells {
    /// Half blocks: 1x2 pixels a character, 128x32 characters.
    Half,
    /// Quadrant blocks: 2x2, 64x32.
    Quadrant,
    /// Braille: 2x4, 64x16 (fits a 80x24 terminal).
    Braille,
}

impl Cells {
    pub fn for_terminal(cols: usize, rows: usize) -> Cells {
        if cols >= 130 && rows >= 38 {
            Cells::Half
        } else if rows >= 38 {
            Cells::Quadrant
        } else {
            Cells::Braille
        }
    }
    fn width(self) -> usize {
        if self == Cells::Half {
            128
        } else {
            64
        }
    }
}

/// The frame as characters.
pub fn blocks(frame: &Frame, cells: Cells) -> Vec<String> {
    let mut out = Vec::new();
    if cells == Cells::Braille {
        // Unicode braille: dot bits 1,2,3,7 down the left column, 4,5,6,8 down the right.
        const DOT: [[u32; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];
        for y in (0..64).step_by(4) {
            let line: String = (0..128)
                .step_by(2)
                .map(|x| {
                    let mut bits = 0;
                    for (dx, col) in DOT.iter().enumerate() {
                        for (dy, bit) in col.iter().enumerate() {
                            if frame.get(x + dx, y + dy) {
                                bits |= bit;
                            }
                        }
                    }
                    char::from_u32(0x2800 + bits).unwrap_or(' ')
                })
                .collect();
            out.push(line);
        }
        return out;
    }
    if cells == Cells::Half {
        for y in (0..64).step_by(2) {
            let line: String = (0..128)
                .map(|x| match (frame.get(x, y), frame.get(x, y + 1)) {
                    (false, false) => ' ',
                    (true, false) => '▀',
                    (false, true) => '▄',
                    (true, true) => '█',
                })
                .collect();
            out.push(line);
        }
    } else {
        const QUAD: [char; 16] = [
            ' ', '▘', '▝', '▀', '▖', '▌', '▞', '▛', '▗', '▚', '▐', '▜', '▄', '▙', '▟', '█',
        ];
        for y in (0..64).step_by(2) {
            let line: String = (0..128)
                .step_by(2)
                .map(|x| {
                    let bit = |dx: usize, dy: usize| frame.get(x + dx, y + dy) as usize;
                    QUAD[bit(0, 0) | bit(1, 0) << 1 | bit(0, 1) << 2 | bit(1, 1) << 3]
                })
                .collect();
            out.push(line);
        }
    }
    out
}

/// The terminal, raw while the simulator runs; restored when dropped.
pub struct Terminal {
    tags_path: PathBuf,
    /// The list of tags to tap is open (it takes the whole terminal while it is).
    picking: Option<Picker>,
    last: Option<Frame>,
    new_tags: u32,
    repeat: KeyRepeat,
    /// Feedback sounds, rung on the terminal bell: once to accept, twice to refuse.
    bell: Timeline,
}

impl Speaker for Terminal {
    fn sound(&mut self, sound: Sound, now_ms: u64) {
        self.bell.play(sound, now_ms);
        self.ring(now_ms);
    }
}

impl Terminal {
    /// Put the terminal in raw mode; fails (and says so) when standard input is no terminal.
    pub fn open(tags_path: PathBuf) -> Result<Terminal, String> {
        use std::io::IsTerminal;
        if !std::io::stdin().is_terminal() {
            return Err("the simulator needs a terminal (standard input is not one)".into());
        }
        crossterm::terminal::enable_raw_mode()
            .map_err(|e| format!("cannot put the terminal in raw mode: {e}"))?;
        let _ = crossterm::execute!(
            std::io::stdout(),
            crossterm::terminal::EnterAlternateScreen,
            crossterm::cursor::Hide,
            crossterm::terminal::Clear(crossterm::terminal::ClearType::All)
        );
        Ok(Terminal {
            tags_path,
            picking: None,
            last: None,
            new_tags: 0,
            repeat: KeyRepeat::default(),
            bell: Timeline::default(),
        })
    }

    /// Columns and rows of the terminal.
    fn size() -> (usize, usize) {
        crossterm::terminal::size().map_or((80, 24), |(c, r)| (c as usize, r as usize))
    }

    /// The keys pressed within `wait_ms`, each as the bytes a terminal sends for it.
    fn read_keys(&mut self, wait_ms: u64) -> Vec<Vec<u8>> {
        use crossterm::event::{self, Event, KeyEventKind};
        let mut keys = Vec::new();
        let mut wait = std::time::Duration::from_millis(wait_ms);
        while event::poll(wait).unwrap_or(false) {
            if let Ok(Event::Key(k)) = event::read() {
                if k.kind != KeyEventKind::Release {
                    if let Some(bytes) = key_bytes(&k) {
                        keys.push(bytes);
                    }
                }
            }
            // Whatever else is waiting, without waiting again.
            wait = std::time::Duration::ZERO;
        }
        keys
    }

    /// The bell for each tone of the sound playing (the terminal has one pitch).
    fn ring(&mut self, now_ms: u64) {
        if let Some(Change::Tone(_)) = self.bell.due(now_ms) {
            print!("\x07");
            let _ = std::io::stdout().flush();
        }
    }

    fn draw(&mut self, frame: &Frame) {
        let (cols, rows) = Self::size();
        if let Some(picker) = &self.picking {
            // The list stands in for the screen until a tag is tapped: however many tags,
            // it never pushes anything off the top of the terminal.
            let mut out = String::from("\x1b[H");
            for line in picker.lines(rows) {
                let cut: String = line.chars().take(cols).collect();
                out.push_str(&format!("{cut}\x1b[K\r\n"));
            }
            out.push_str("\x1b[J");
            print!("{out}");
            let _ = std::io::stdout().flush();
            return;
        }
        let cells = Cells::for_terminal(cols, rows);
        let mut out = String::from("\x1b[H");
        let rule = cells.width();
        out.push_str(&format!("┌{}┐\x1b[K\r\n", "─".repeat(rule)));
        for line in blocks(frame, cells) {
            out.push_str(&format!("│{line}│\x1b[K\r\n"));
        }
        out.push_str(&format!("└{}┘\x1b[K\r\n", "─".repeat(rule)));
        // The keys, wrapped to the terminal's width.
        let mut line = String::new();
        for chunk in KEYS.split("  ") {
            if !line.is_empty() && line.chars().count() + chunk.len() + 3 > cols {
                out.push_str(&format!("{line}\x1b[K\r\n"));
                line.clear();
            }
            line.push_str(&format!(" {chunk} "));
        }
        out.push_str(&format!("{line}\x1b[K\r\n"));
        out.push_str("\x1b[J");
        print!("{out}");
        let _ = std::io::stdout().flush();
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = crossterm::execute!(
            std::io::stdout(),
            crossterm::cursor::Show,
            crossterm::terminal::LeaveAlternateScreen
        );
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

impl Inputs for Terminal {
    fn poll(&mut self, now_ms: u64, wait_ms: u64) -> Vec<Input> {
        self.ring(now_ms);
        let mut out = Vec::new();
        for key in self.read_keys(wait_ms) {
            if let Some(picker) = self.picking.as_mut() {
                let picked = picker.key(&key);
                if picked != Pick::Stay {
                    self.picking = None;
                }
                if let Pick::Tag(uid) = picked {
                    out.push(Input::Tag(uid));
                }
                // The list (or the screen again) at once, not at the next change of the game.
                if let Some(f) = self.last.clone() {
                    self.draw(&f);
                }
                continue;
            }
            match key.as_slice() {
                b"t" => {
                    let map = TagMap::load(&self.tags_path).unwrap_or_default();
                    self.picking = Some(Picker::new(
                        map.tags
                            .iter()
                            .filter_map(|t| Some((t.kind.describe(), Uid::parse(&t.uid)?)))
                            .collect(),
                    ));
                    // Show the list now: the game's screen has not changed, so nothing else
                    // would redraw it.
                    if let Some(f) = self.last.clone() {
                        self.draw(&f);
                    }
                }
                b"n" => {
                    // A made-up tag nobody enrolled, as if a new card touched the reader.
                    self.new_tags += 1;
                    let n = self.new_tags;
                    let t = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.subsec_nanos())
                        .unwrap_or(0);
                    let mut bytes = t.to_be_bytes().to_vec();
                    bytes[0] = 0x5E;
                    bytes[3] = bytes[3].wrapping_add(n as u8);
                    out.push(Input::Tag(Uid(bytes)));
                }
                k => {
                    if let Some(i) = key_input(k) {
                        out.push(self.repeat.input(i, now_ms));
                    }
                }
            }
        }
        out
    }
}

impl Screen for Terminal {
    fn show(&mut self, frame: &Frame) -> Result<usize, String> {
        if self.last.as_ref() != Some(frame) || self.picking.is_some() {
            self.draw(frame);
            self.last = Some(frame.clone());
        }
        Ok(0)
    }
}

/// What a key did to the list of tags to tap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pick {
    /// Enter: tap the tag chosen.
    Tag(Uid),
    /// Esc (or Backspace with nothing typed): close the list.
    Close,
    /// The list stays open (a letter typed, the choice moved).
    Stay,
}

/// The enrolled tags to tap, as many as there are: typing narrows the list to the tags whose
/// words hold what was typed ("cia", "Ann"), UP/DOWN choose, Enter taps, Esc closes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picker {
    pub tags: Vec<(String, Uid)>,
    pub typed: String,
    pub chosen: usize,
}

impl Picker {
    pub fn new(tags: Vec<(String, Uid)>) -> Picker {
        Picker {
            tags,
            typed: String::new(),
            chosen: 0,
        }
    }

    /// The tags whose words hold what was typed, in the map's order.
    pub fn shown(&self) -> Vec<&(String, Uid)> {
        let want = self.typed.to_lowercase();
        self.tags
            .iter()
            .filter(|(words, uid)| {
                want.is_empty()
                    || words.to_lowercase().contains(&want)
                    || uid.hex().to_lowercase().contains(&want)
            })
            .collect()
    }

    pub fn key(&mut self, key: &[u8]) -> Pick {
        let n = self.shown().len();
        match key {
            b"\x1b" => return Pick::Close,
            b"\r" | b"\n" => {
                return match self.shown().get(self.chosen) {
                    Some((_, uid)) => Pick::Tag(uid.clone()),
                    None => Pick::Stay,
                }
            }
            b"\x1b[A" => self.chosen = self.chosen.saturating_sub(1),
            b"\x1b[B" => self.chosen = (self.chosen + 1).min(n.saturating_sub(1)),
            b"\x7f" | b"\x08" => {
                if self.typed.pop().is_none() {
                    return Pick::Close;
                }
                self.chosen = 0;
            }
            k => {
                if let Ok(s) = std::str::from_utf8(k) {
                    if s.chars().all(|c| !c.is_control()) {
                        self.typed.push_str(s);
                        self.chosen = 0;
                    }
                }
            }
        }
        Pick::Stay
    }

    /// The list as lines for a terminal of `rows` rows: the question, what was typed, then a
    /// window of the tags around the chosen one (never more lines than the terminal has).
    pub fn lines(&self, rows: usize) -> Vec<String> {
        let shown = self.shown();
        let mut out = vec![
            " Tap which tag? Type to narrow the list, UP/DOWN to choose, Enter taps, Esc closes"
                .to_string(),
            format!(
                " typed: {}   ({} of {} tags)",
                self.typed,
                shown.len(),
                self.tags.len()
            ),
        ];
        if self.tags.is_empty() {
            out.push(" no tags enrolled yet: Esc, then n taps a new one".into());
        }
        let room = rows.saturating_sub(out.len() + 1).max(1);
        let first = self.chosen.saturating_sub(room - 1);
        for (i, (words, uid)) in shown.iter().enumerate().skip(first).take(room) {
            let mark = if i == self.chosen { '>' } else { ' ' };
            out.push(format!(" {mark} {words} ({})", uid.hex()));
        }
        out
    }
}
