//! Rule errors: an illegal command is a value with a reason a player understands, never a panic.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError(pub String);

impl RuleError {
    pub fn new(reason: impl Into<String>) -> Self {
        BUILT.with(|n| n.set(n.get() + 1));
        RuleError(reason.into())
    }

    /// How many refusals this thread has put into words so far. Random play must build none:
    /// its probes use typed reasons (`building::Refusal`, `trade::Refusal`,
    /// `attack::Refusal`) that become words only when shown; the conformance suite checks.
    pub fn built_on_this_thread() -> u64 {
        BUILT.with(|n| n.get())
    }
}

thread_local! {
    static BUILT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
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
            return Err($crate::RuleError::new(format!($($fmt)+)));
        }
    };
}
