//! The bank and the players' accounts. Every transfer names both sides, so the sum of all
//! balances, the bank's included, stays zero: money is never made or lost by a rule.

use serde::{Deserialize, Serialize};

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

    pub fn transfer(&mut self, from: Account, to: Account, amount: i64) {
        *self.slot(from) -= amount;
        *self.slot(to) += amount;
    }

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
