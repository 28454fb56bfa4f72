//! The device configuration file (hardware/boardside.toml is the example): which BCM pins the
//! buttons use, where the reader and the display are, timings at the table, and where the tag
//! map lives. Every field has a default, so a missing file means the standard wiring.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Requests one address may make in the web view's window (`web::hub::RATE_WINDOW`) unless
/// the config says otherwise (`[web] requests_per_10s`): a view a second and a choice now and
/// then is far below it.
pub const RATE_LIMIT: u32 = 60;

/// Live views one address may hold unless the config says otherwise (`[web]
/// views_per_address`): a quarter of the web view's places (`web::hub::MOST_STREAMS`, 24), so
/// two addresses never take them all.
pub const VIEWS_PER_ADDRESS: usize = 6;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub buttons: ButtonsConfig,
    pub reader: ReaderConfig,
    pub display: DisplayConfig,
    pub buzzer: BuzzerConfig,
    pub table: TableConfig,
    pub voice: crate::voice::VoiceConfig,
    pub web: WebConfig,
}

/// The web view (src/web): off unless the table turns it on. `listen` is where it binds: the
/// Pi's address on the home network for phones, or 127.0.0.1 for this machine alone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WebConfig {
    pub enabled: bool,
    pub listen: String,
    /// How many requests one address may make in ten seconds: a phone makes a few; phones
    /// that reach the Pi through one address (a shared tablet, a guest network's router) may
    /// need more.
    pub requests_per_10s: u32,
    /// How many live views one address may hold open: a quarter of the web view's places by
    /// default, so two addresses never take them all; phones behind one address need more.
    pub views_per_address: usize,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            enabled: false,
            listen: "127.0.0.1:8080".into(),
            requests_per_10s: RATE_LIMIT,
            views_per_address: VIEWS_PER_ADDRESS,
        }
    }
}

/// An optional passive piezo buzzer (hardware/README.md has the wiring): a short beep for an
/// accepted tap or command, two low beeps for a refusal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BuzzerConfig {
    pub enabled: bool,
    /// BCM GPIO driving the buzzer (through a transistor), with rppal's software PWM.
    pub pin: u8,
}

impl Default for BuzzerConfig {
    fn default() -> Self {
        BuzzerConfig {
            enabled: false,
            pin: 12,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ButtonsConfig {
    pub up: u8,
    pub down: u8,
    pub ok: u8,
    pub back: u8,
    pub roll: u8,
    /// Push to talk (the sixth button).
    pub talk: u8,
    pub debounce_ms: u64,
    pub hold_ms: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ReaderConfig {
    pub enabled: bool,
    pub spi: String,
    pub reset_pin: u8,
    /// A card must be away this long before it taps again.
    pub gone_ms: u64,
    pub poll_ms: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DisplayConfig {
    pub i2c: String,
    pub address: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TableConfig {
    /// The tag map; a relative path is under the state directory.
    pub tags: String,
    /// An auction closes after this long without a bid or a press; 0 (the default): never by
    /// silence, only when the table closes it.
    pub auction_silence_ms: u64,
    /// A tap or OK in an auction with free bidding raises the bid by this much.
    pub auction_step: i64,
    /// Money movements stay on screen this long.
    pub toast_ms: u64,
    /// A folder of ruleset files that adds to the built-in rulesets and overrides one of the
    /// same file name ("": none); a relative path is under the state directory.
    pub rulesets: String,
    /// A computer seat waits this long after the last change before it acts, so the table
    /// reads each line and moves its pieces.
    pub computer_ms: u64,
    /// A strong computer seat's playouts of each choice it weighs.
    pub computer_playouts: u32,
    /// A computer seat's move that would close what other players may still do (an
    /// Illuminati attack's interference and defence: its roll) waits until each has passed,
    /// or this long after the window opened.
    pub window_ms: u64,
    /// `[voice] listen` and `microphone`, for the shell's TALK (set from `[voice]` as the file
    /// is read; not a `[table]` key).
    #[serde(skip)]
    pub hearing: crate::voice::listen::Hearing,
}

impl Default for ButtonsConfig {
    fn default() -> Self {
        ButtonsConfig {
            up: 5,
            down: 6,
            ok: 13,
            back: 19,
            roll: 26,
            talk: 16,
            debounce_ms: 20,
            hold_ms: 800,
        }
    }
}

impl Default for ReaderConfig {
    fn default() -> Self {
        ReaderConfig {
            enabled: true,
            spi: "/dev/spidev0.0".into(),
            reset_pin: 25,
            gone_ms: 800,
            poll_ms: 60,
        }
    }
}

impl Default for DisplayConfig {
    fn default() -> Self {
        DisplayConfig {
            i2c: "/dev/i2c-1".into(),
            address: 0x3C,
        }
    }
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            tags: "tags.toml".into(),
            auction_silence_ms: 0,
            auction_step: 10,
            toast_ms: 4000,
            rulesets: String::new(),
            computer_ms: 2500,
            computer_playouts: crate::computer::Budget::default().playouts,
            window_ms: 30_000,
            hearing: Default::default(),
        }
    }
}

impl Config {
    /// Read a config file; errors name the file and line.
    pub fn load(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read the config: {e}", path.display()))?;
        let mut cfg: Config = toml::from_str(&text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            match line {
                Some(l) => format!("{}:{l}: {}", path.display(), e.message()),
                None => format!("{}: {}", path.display(), e.message()),
            }
        })?;
        cfg.table.hearing = crate::voice::listen::Hearing::of(&cfg.voice);
        Ok(cfg)
    }

    /// The table's own folder of ruleset files, if it names one: absolute as given, or under
    /// the state directory.
    pub fn rulesets_folder(&self) -> Option<PathBuf> {
        let p = PathBuf::from(&self.table.rulesets);
        match self.table.rulesets.is_empty() {
            true => None,
            false if p.is_absolute() => Some(p),
            false => Some(state_dir().join(p)),
        }
    }

    /// Where the tag map is: absolute as given, or under the state directory.
    pub fn tags_path(&self) -> PathBuf {
        let p = PathBuf::from(&self.table.tags);
        if p.is_absolute() {
            p
        } else {
            state_dir().join(p)
        }
    }
}

/// The folder of saved games: `games/` in the state directory (the device, the console and
/// every tool that reads a saved game share it).
pub fn games_dir() -> PathBuf {
    state_dir().join("games")
}

/// `$BOARDSIDE_STATE`, else `$STATE_DIRECTORY` (systemd), else `$XDG_STATE_HOME/boardside`,
/// else `~/.local/state/boardside`.
pub fn state_dir() -> PathBuf {
    if let Some(d) =
        std::env::var_os("BOARDSIDE_STATE").or_else(|| std::env::var_os("STATE_DIRECTORY"))
    {
        return PathBuf::from(d);
    }
    std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))
        .unwrap_or_else(std::env::temp_dir)
        .join("boardside")
}
