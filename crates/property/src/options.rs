//! Options of a property game: the house rules a table may switch, and the rule differences
//! between the property rulesets (sectionopoly, suetology, scientopoly), with their defaults,
//! their names on the command line (`--option KEY=VALUE`) and in a ruleset's `[options]` table.
//! Defaults are sectionopoly's rules.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// Everyone rolls; the highest total starts, ties roll again (sectionopoly: THE PLAY ¶1).
    Dice,
    /// The first listed player starts (quick scripts and tests).
    Listed,
}

/// What happens when a player receives a mortgaged square (trade or bankruptcy).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReceivedMortgage {
    /// Lift it now (value + 10%) or pay 10% now and more later (sectionopoly: MORTGAGES ¶2).
    Interest,
    /// Choose at once to lift it or not, no fee (suetology: Deals & Trades).
    Choose,
    /// Nothing is asked; lift it later as usual (scientopoly ¶11).
    Keep,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    // ---- house rules --------------------------------------------------------------------
    /// Real card decks on the table: the engine waits for `draw DECK CARD` instead of drawing.
    pub physical_decks: bool,
    /// sectionopoly: PAYING RENT ¶3, the owner must ask (`claim SQ`) before the second player
    /// after the payer rolls. Off: the device collects rent automatically.
    pub rent_must_be_asked: bool,
    /// With `rent_must_be_asked` in a game of status: the eligible landing's status point is
    /// counted at once, and only the donation waits to be asked. Off (the reading of
    /// scientopoly ¶5, the status "in exchange for the service donation"): the point comes
    /// with the donation asked, and neither when it lapses.
    pub status_when_unasked: bool,
    /// sectionopoly: RULES for a SHORT GAME, all five changes.
    pub short_game: bool,
    /// sectionopoly: TIME LIMIT GAME: two deeds dealt to each player, paid for; `time-up` ends it.
    pub time_limit: bool,
    /// The agreed length of a time-limit game in minutes ("agree upon a definite hour of
    /// termination"): the device shows the clock and asks to end the game when it runs out.
    /// 0: no clock, the table says `time-up` itself.
    pub time_limit_minutes: u32,
    pub first_player: FirstPlayer,
    /// sectionopoly: BUILDING SHORTAGES: when buildings are scarce and several players could
    /// build, each building goes to auction.
    pub building_auction: bool,
    /// sectionopoly: WHITE ROOM allows the fine before rolling on "either of your next two
    /// turns"; suetology allows it on every turn in jail.
    pub jail_pay_on_last_turn: bool,

    // ---- rule differences between the property rulesets --------------------------------
    /// The lowest first bid in an auction (suetology: the device asks 10).
    pub auction_opening: i64,
    /// 0: free bids. More: the device asks a price, each acceptance raises it by this much
    /// (suetology: Auctions).
    pub auction_step: i64,
    /// Building, selling, mortgaging and trades only on the player's own turn (suetology:
    /// "You can only initiate these actions on your turn"; scientopoly ¶8).
    pub manage_on_own_turn_only: bool,
    pub received_mortgage: ReceivedMortgage,
    /// Bankrupt at once when the debt exceeds net worth (suetology: Bankruptcy).
    pub bankrupt_when_worth_short: bool,
    /// Bankrupt to a player: the properties are mortgaged first, the money and the mortgaged
    /// properties go to the creditor (suetology: Bankruptcy).
    pub bankrupt_mortgages_all: bool,
    /// Bankrupt to a player: developments go with the squares instead of back to the bank
    /// (scientopoly ¶11, "all the assets are given to that player").
    pub bankrupt_transfers_buildings: bool,
    /// Squares of a player bankrupt to the bank are auctioned (sectionopoly, suetology); off,
    /// the bank simply keeps them (scientopoly ¶11).
    pub bank_auctions_bankrupt: bool,
    /// Double rent on unimproved lots of a full group (off in scientopoly: donations are by
    /// development level).
    pub full_group_double_rent: bool,
    /// Leaving jail by paying the fine (off in scientopoly: "no option of merely paying").
    pub jail_fine_exit: bool,
    /// After the last failed roll the fine is forced (off in scientopoly: try for doubles
    /// turn after turn).
    pub jail_forced_fine: bool,
    /// A jailed player may not buy, sell, trade or bid (scientopoly ¶7, SP Hole).
    pub jailed_cannot_deal: bool,
    /// A jailed owner still collects rent (off in scientopoly: landers get the service free).
    pub jailed_owner_collects: bool,
    /// A declined purchase in a two-player game is offered to the other player at the printed
    /// price, take it or leave it, instead of an auction (scientopoly ¶4).
    pub two_player_offer: bool,
    /// No square given away or traded for less than its printed price (scientopoly ¶10).
    pub min_trade_price: bool,
    /// The status a player must reach to win; 0 when the game has no status (scientopoly ¶5).
    pub target_status: u8,
    /// Offers as releases before this field made them: a square declined in a two-player
    /// game was offered to the other player even in the SP Hole, where ¶7 forbids buying. A
    /// journal saved by one of those has no such key and resumes with it, so its recorded
    /// results are what they were; a new game never sets it, and it is no option a table
    /// chooses.
    #[serde(default = "earlier_release")]
    pub earlier_offers: bool,
}

/// A journal's options without `earlier_offers` were saved before it existed.
fn earlier_release() -> bool {
    true
}

impl Default for Options {
    fn default() -> Self {
        Options {
            physical_decks: false,
            rent_must_be_asked: false,
            status_when_unasked: false,
            short_game: false,
            time_limit: false,
            time_limit_minutes: 0,
            first_player: FirstPlayer::Dice,
            building_auction: true,
            jail_pay_on_last_turn: false,
            auction_opening: 1,
            auction_step: 0,
            manage_on_own_turn_only: false,
            received_mortgage: ReceivedMortgage::Interest,
            bankrupt_when_worth_short: false,
            bankrupt_mortgages_all: false,
            bankrupt_transfers_buildings: false,
            bank_auctions_bankrupt: true,
            full_group_double_rent: true,
            jail_fine_exit: true,
            jail_forced_fine: true,
            jailed_cannot_deal: false,
            jailed_owner_collects: true,
            two_player_offer: false,
            min_trade_price: false,
            target_status: 0,
            earlier_offers: false,
        }
    }
}

pub const OPTION_NAMES: &[&str] = &[
    "physical_decks",
    "rent_must_be_asked",
    "status_when_unasked",
    "short_game",
    "time_limit",
    "time_limit_minutes",
    "first_player",
    "building_auction",
    "jail_pay_on_last_turn",
    "auction_opening",
    "auction_step",
    "manage_on_own_turn_only",
    "received_mortgage",
    "bankrupt_when_worth_short",
    "bankrupt_mortgages_all",
    "bankrupt_transfers_buildings",
    "bank_auctions_bankrupt",
    "full_group_double_rent",
    "jail_fine_exit",
    "jail_forced_fine",
    "jailed_cannot_deal",
    "jailed_owner_collects",
    "two_player_offer",
    "min_trade_price",
    "target_status",
];

fn parse_bool(key: &str, v: &str) -> Result<bool, String> {
    match v.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" => Ok(true),
        "false" | "no" | "off" | "0" => Ok(false),
        _ => Err(format!("{key} = {v}: expected true or false")),
    }
}

fn parse_int(key: &str, v: &str, range: std::ops::RangeInclusive<i64>) -> Result<i64, String> {
    v.parse::<i64>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            format!(
                "{key} = {v}: expected a whole number from {} to {}",
                range.start(),
                range.end()
            )
        })
}

impl Options {
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let b = |v: &str| parse_bool(key, v);
        match key {
            "physical_decks" => self.physical_decks = b(value)?,
            "rent_must_be_asked" => self.rent_must_be_asked = b(value)?,
            "status_when_unasked" => self.status_when_unasked = b(value)?,
            "short_game" => self.short_game = b(value)?,
            "time_limit" => self.time_limit = b(value)?,
            "building_auction" => self.building_auction = b(value)?,
            "jail_pay_on_last_turn" => self.jail_pay_on_last_turn = b(value)?,
            "manage_on_own_turn_only" => self.manage_on_own_turn_only = b(value)?,
            "bankrupt_when_worth_short" => self.bankrupt_when_worth_short = b(value)?,
            "bankrupt_mortgages_all" => self.bankrupt_mortgages_all = b(value)?,
            "bankrupt_transfers_buildings" => self.bankrupt_transfers_buildings = b(value)?,
            "bank_auctions_bankrupt" => self.bank_auctions_bankrupt = b(value)?,
            "full_group_double_rent" => self.full_group_double_rent = b(value)?,
            "jail_fine_exit" => self.jail_fine_exit = b(value)?,
            "jail_forced_fine" => self.jail_forced_fine = b(value)?,
            "jailed_cannot_deal" => self.jailed_cannot_deal = b(value)?,
            "jailed_owner_collects" => self.jailed_owner_collects = b(value)?,
            "two_player_offer" => self.two_player_offer = b(value)?,
            "min_trade_price" => self.min_trade_price = b(value)?,
            "auction_opening" => self.auction_opening = parse_int(key, value, 1..=100_000)?,
            "auction_step" => self.auction_step = parse_int(key, value, 0..=100_000)?,
            "time_limit_minutes" => {
                self.time_limit_minutes = parse_int(key, value, 0..=24 * 60)? as u32
            }
            "target_status" => self.target_status = parse_int(key, value, 0..=255)? as u8,
            "first_player" => {
                self.first_player = match value {
                    "dice" => FirstPlayer::Dice,
                    "listed" => FirstPlayer::Listed,
                    _ => return Err(format!("first_player = {value}: expected dice or listed")),
                }
            }
            "received_mortgage" => {
                self.received_mortgage = match value {
                    "interest" => ReceivedMortgage::Interest,
                    "choose" => ReceivedMortgage::Choose,
                    "keep" => ReceivedMortgage::Keep,
                    _ => {
                        return Err(format!(
                            "received_mortgage = {value}: expected interest, choose or keep"
                        ))
                    }
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

    /// Turns a player may spend trying for doubles in jail before the fine is forced (short
    /// game: must leave on the next); None when there is no limit.
    pub(crate) fn jail_turns(&self) -> Option<u8> {
        if !self.jail_forced_fine {
            None
        } else if self.short_game {
            Some(1)
        } else {
            Some(3)
        }
    }

    /// Free deeds dealt at the start (short game) and deeds dealt for payment (time limit).
    pub(crate) fn deeds_dealt(&self) -> (usize, bool) {
        if self.short_game {
            (3, false)
        } else if self.time_limit {
            (2, true)
        } else {
            (0, false)
        }
    }
}
