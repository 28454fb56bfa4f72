//! Boardside: the bank, dice, decks and notebook for printed board games, on a Raspberry Pi.
//! `engine` is the pure rules engine; the rest drives it (protocol, journal, session, tools).

pub mod app;
pub mod cli;
pub mod conformance;
pub mod doctor;
pub mod engine;
pub mod games;
pub mod hw;
pub mod journal;
pub mod lab;
pub mod logging;
/// The property games' protocol grammar (kept at this path for scripts and tests).
pub use engine::property::protocol;
pub mod report;
pub mod rulesets;
pub mod saves;
pub mod session;
pub mod simulate;
pub mod tags;
pub mod ui;
