//! Boardside: the bank, dice, decks and notebook for printed board games, on a Raspberry Pi.
//! `engine` is the pure rules engine; the rest drives it (protocol, journal, session, tools).

pub mod app;
pub mod calibrate;
pub mod cli;
pub mod conformance;
pub mod doctor;
pub mod games;
pub use games::engine;
pub mod hw;
pub mod journal;
pub mod lab;
pub mod logging;
pub mod odds;
pub mod report;
pub mod rulesets;
pub mod saves;
pub mod session;
pub mod simulate;
pub mod tags;
pub mod tools;
pub mod ui;
pub mod voice;
pub mod web;
