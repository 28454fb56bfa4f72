//! Rule errors: an illegal command is a value with a reason a player understands, never a panic.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError(pub String);

impl RuleError {
    pub fn new(reason: impl Into<String>) -> Self {
        RuleError(reason.into())
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RuleError {}

/// Return early with a rule error when a condition does not hold.
#[macro_export]
macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err($crate::engine::RuleError::new(format!($($fmt)+)));
        }
    };
}
