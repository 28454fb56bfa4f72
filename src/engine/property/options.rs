//! House-rule options of a property game: their defaults, their names on the command line
//! (`--option KEY=VALUE`) and in a ruleset's `[options]` table, and what each one implies.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// Everyone rolls; the highest total starts, ties roll again (sectionopoly: THE PLAY ¶1).
    Dice,
    /// The first listed player starts (quick scripts and tests).
    Listed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Real card decks on the table: the engine waits for `draw DECK CARD` instead of drawing.
    pub physical_decks: bool,
    /// sectionopoly: PAYING RENT ¶3, the owner must ask (`claim SQ`) before the second player
    /// after the payer rolls. Off: the device collects rent automatically.
    pub rent_must_be_asked: bool,
    /// sectionopoly: RULES for a SHORT GAME, all five changes.
    pub short_game: bool,
    /// sectionopoly: TIME LIMIT GAME: two deeds dealt to each player, paid for; `time-up` ends it.
    pub time_limit: bool,
    pub first_player: FirstPlayer,
    /// sectionopoly: BUILDING SHORTAGES: when buildings are scarce and several players could
    /// build, each building goes to auction.
    pub building_auction: bool,
    /// sectionopoly: WHITE ROOM says the 50 fine may be paid before rolling on "either of your
    /// next two turns"; most tables also allow it on the third. Off follows the rulebook.
    pub jail_pay_on_last_turn: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            physical_decks: false,
            rent_must_be_asked: false,
            short_game: false,
            time_limit: false,
            first_player: FirstPlayer::Dice,
            building_auction: true,
            jail_pay_on_last_turn: false,
        }
    }
}

pub const OPTION_NAMES: &[&str] = &[
    "physical_decks",
    "rent_must_be_asked",
    "short_game",
    "time_limit",
    "first_player",
    "building_auction",
    "jail_pay_on_last_turn",
];

fn parse_bool(key: &str, v: &str) -> Result<bool, String> {
    match v.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" => Ok(true),
        "false" | "no" | "off" | "0" => Ok(false),
        _ => Err(format!("{key} = {v}: expected true or false")),
    }
}

impl Options {
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "physical_decks" => self.physical_decks = parse_bool(key, value)?,
            "rent_must_be_asked" => self.rent_must_be_asked = parse_bool(key, value)?,
            "short_game" => self.short_game = parse_bool(key, value)?,
            "time_limit" => self.time_limit = parse_bool(key, value)?,
            "building_auction" => self.building_auction = parse_bool(key, value)?,
            "jail_pay_on_last_turn" => self.jail_pay_on_last_turn = parse_bool(key, value)?,
            "first_player" => {
                self.first_player = match value {
                    "dice" => FirstPlayer::Dice,
                    "listed" => FirstPlayer::Listed,
                    _ => return Err(format!("first_player = {value}: expected dice or listed")),
                }
            }
            _ => {
                return Err(format!(
                    "unknown option '{key}'; known options: {}",
                    OPTION_NAMES.join(", ")
                ))
            }
        }
        Ok(())
    }

    /// Houses on every lot of a group before the top building (short game: 3).
    pub fn houses_before_hotel(&self) -> u8 {
        if self.short_game {
            3
        } else {
            4
        }
    }

    /// Turns a player may spend trying for doubles in jail (short game: must leave on the next).
    pub fn jail_turns(&self) -> u8 {
        if self.short_game {
            1
        } else {
            3
        }
    }

    /// Free deeds dealt at the start (short game) and deeds dealt for payment (time limit).
    pub fn deeds_dealt(&self) -> (usize, bool) {
        if self.short_game {
            (3, false)
        } else if self.time_limit {
            (2, true)
        } else {
            (0, false)
        }
    }
}
