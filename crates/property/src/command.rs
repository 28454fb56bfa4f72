//! What the table can tell a property game: the commands of the protocol, already resolved to
//! player, square and deck numbers.

use serde::{Deserialize, Serialize};

use boardside_engine::dice::Dice;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaxChoice {
    Flat,
    Percent,
}

/// One thing changing hands in a trade.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    Square(usize),
    Cash(i64),
    /// A held card (a get-out card) of this deck.
    Card(usize),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trade {
    pub from: usize,
    pub to: usize,
    /// What `from` gives to `to`.
    pub give: Items,
    /// What `to` gives to `from` in return.
    pub get: Items,
}

/// One side of a deal: held in place when it is a single item (most deals, and every deal the
/// simulator proposes: a square for cash), so such a command needs no heap; saved as a list.
pub type Items = smallvec::SmallVec<[Item; 1]>;

/// Table corrections: journaled and undoable, allowed when no decision is pending.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Correction {
    Cash { player: usize, amount: i64 },
    Position { player: usize, square: usize },
    Owner { square: usize, owner: Option<usize> },
    Buildings { square: usize, level: u8 },
    Mortgaged { square: usize, on: bool },
    Jailed { player: usize, on: bool },
    Status { player: usize, status: u8 },
    Turn { player: usize },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    /// Dice outcome; None until the device (or the table) supplies it.
    Roll {
        dice: Option<Dice>,
    },
    Buy,
    Decline,
    /// Accept the auction's asking price (or bid the lowest acceptable amount).
    Accept {
        player: usize,
    },
    /// Settle the debt waiting by the cheapest plan of sales and mortgages, then pay.
    Resolve,
    Bid {
        player: usize,
        amount: i64,
    },
    Pass {
        player: usize,
    },
    /// Close the open auction: every bidder but the high bidder passes (one command, one undo).
    Close,
    /// In a possible building shortage: how many buildings this player wants now.
    Want {
        player: usize,
        count: u8,
    },
    /// In a possible building shortage: nobody else wants any now (`want none`: every player
    /// not yet asked answers 0, one answer for the table).
    WantNone,
    Build {
        square: usize,
    },
    /// Sell one building step from a lot, or (`all`) every building on its group at once.
    Sell {
        square: usize,
        all: bool,
    },
    Mortgage {
        square: usize,
    },
    Unmortgage {
        square: usize,
    },
    /// Keep a received mortgaged square mortgaged, paying the interest now.
    Keep {
        square: usize,
    },
    JailPay,
    JailCard,
    Tax {
        choice: TaxChoice,
    },
    Draw {
        deck: usize,
        card: u16,
    },
    Trade(Trade),
    Pay,
    Concede,
    /// The owner asks for rent due on a square (option `rent_must_be_asked`).
    Claim {
        square: usize,
    },
    End,
    TimeUp,
    Set(Correction),
}
