//! Boardside's tests, in one binary (one link instead of one per file): the rule scenarios of
//! every game (`rules`), the shared conformance suite (`conformance`), the device's screens,
//! drivers and flows (`device`), the command line end to end (`script`), and the shared parts
//! (`parts`), the shape's guards (`shape`); and a sixth game family written as a test fixture (`count`).

mod architecture;
mod conformance;
mod count;
mod device;
mod hear;
mod odds;
mod parts;
mod print;
mod records;
mod rules;
mod script;
mod shape;
mod voice;
