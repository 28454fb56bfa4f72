//! The bank and the players' accounts. Every transfer names both sides, so the sum of all
//! balances, the bank's included, stays zero: money is never made or lost by a rule.

use serde::{Deserialize, Serialize};

/// The most any balance may be set to by a correction (a trillion): far above any table's
/// money, far below where i64 arithmetic could wrap.
pub const MAX_MONEY: i64 = 1_000_000_000_000;

/// The most any single amount in a ruleset file may be (a billion).
pub const MAX_RULE_AMOUNT: i64 = 1_000_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Account {
    Bank,
    Player(usize),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    cash: Vec<i64>,
    /// The bank never goes broke (sectionopoly: HOUSEKEEPING ¶1): its balance may be negative,
    /// it is the money it has issued.
    bank: i64,
}

impl Ledger {
    pub fn new(players: usize) -> Self {
        Ledger {
            cash: vec![0; players],
            bank: 0,
        }
    }

    pub fn cash(&self, player: usize) -> i64 {
        self.cash[player]
    }

    pub fn bank(&self) -> i64 {
        self.bank
    }

    /// Move money. Amounts are bounded where they enter (rulesets, corrections, bids), so
    /// this never comes near the limits; saturating arithmetic makes sure it can never wrap.
    #[inline(always)]
    pub fn transfer(&mut self, from: Account, to: Account, amount: i64) {
        let f = self.slot(from);
        *f = f.saturating_sub(amount);
        let t = self.slot(to);
        *t = t.saturating_add(amount);
    }

    #[inline(always)]
    fn slot(&mut self, a: Account) -> &mut i64 {
        match a {
            Account::Bank => &mut self.bank,
            Account::Player(p) => &mut self.cash[p],
        }
    }

    /// Zero whenever money is conserved.
    pub fn total(&self) -> i64 {
        self.bank + self.cash.iter().sum::<i64>()
    }
}
