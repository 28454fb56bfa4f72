//! Boardside: the bank, dice, decks and notebook for printed board games, on a Raspberry Pi.
//! `engine` is the pure rules engine; the rest drives it (protocol, journal, session, tools).
// No unsafe code but the tag map's file lock (tags.rs), allowed there alone.
#![deny(unsafe_code)]

pub mod app;
#[cfg(feature = "lab")]
pub mod calibrate;
pub mod cli;
/// Computer seats (pure, in the engine crate): the same path as the rest of the program uses.
pub use boardside_engine::computer;
pub mod config;
pub mod conformance;
pub mod doctor;
pub mod games;
/// The rules engine as one path: its shared parts (`engine::game`, `engine::ledger`, ...) and
/// the game families this build knows, each a crate of its own (crates/).
pub mod engine {
    pub use boardside_engine::*;
    pub use boardside_grid as grid;
    pub use boardside_illuminati as illuminati;
    pub use boardside_property as property;
}
pub mod hw;
pub mod journal;
#[cfg(feature = "lab")]
pub mod lab;
pub mod logging;
pub mod odds;
#[cfg(feature = "print")]
pub mod print;
pub mod records;
pub mod report;
pub mod rulesets;
pub mod saves;
pub mod session;
pub mod sets;
pub mod simulate;
pub mod tags;
pub mod tools;
#[cfg(feature = "lab")]
pub mod tournament;
pub mod ui;
pub mod voice;
pub mod web;
