//! Two six-sided dice as an outcome: the engine is told what was rolled, it never rolls.

use crate::RuleError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice(pub u8, pub u8);

impl Dice {
    pub fn new(a: u8, b: u8) -> Result<Dice, RuleError> {
        if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
            return Err(RuleError::new(format!("dice show 1 to 6, not {a} and {b}")));
        }
        Ok(Dice(a, b))
    }
    pub fn total(self) -> u8 {
        self.0 + self.1
    }
    pub fn is_double(self) -> bool {
        self.0 == self.1
    }
}

impl std::fmt::Display for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} + {} = {}", self.0, self.1, self.total())
    }
}
