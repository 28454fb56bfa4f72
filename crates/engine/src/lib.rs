//! The rules engine's shared parts, used by every game family (each family is a crate of its
//! own in a folder beside these files, built on this one): the game API, the ledger, dice,
//! decks, turn order, how a count is said, rule errors, a command being carried out
//! (`table`), the report's panels as data. Pure: no files, clocks, threads of its own or
//! ambient randomness (clippy.toml beside this file forbids them, for this crate and the
//! families); dice and shuffles arrive as data.
#![forbid(unsafe_code)]

pub mod authority;
pub mod bits;
pub mod computer;
pub mod deck;
pub mod dice;
pub mod error;
pub mod game;
pub mod in_place;
pub mod inline;
pub mod ledger;
pub mod panels;
pub mod playout;
pub mod ruleset_file;
pub mod table;
pub mod turn;
pub mod words;

pub use error::RuleError;
