//! The pure rules engine: shared parts every game uses (ledger, dice, decks, turn order,
//! errors) and one folder per game family. No files, clocks, threads or randomness in here.

pub mod bits;
pub mod deck;
pub mod dice;
pub mod error;
pub mod game;
pub mod grid;
pub mod illuminati;
pub mod in_place;
pub mod inline;
pub mod ledger;
pub mod panels;
pub mod property;
pub mod ruleset_file;
pub mod table;
pub mod turn;

pub use error::RuleError;
