//! What a seat may decide away from the buttons: an amount its phone types (a bid), and a
//! deal put to seats that answer on their phones or as computer seats, which waits until
//! every seat it binds has said yes itself (or one refuses).

use serde::Serialize;

/// A choice with an amount the phone types or steps (a bid): `line` with `{amount}` in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Amount {
    pub label: String,
    pub line: String,
    pub least: i64,
    pub most: i64,
}

impl Amount {
    /// The choice whose protocol line at its least amount is `at_least` (the amount its last
    /// word), open to any amount from `least` to `most`.
    pub fn open(label: String, at_least: &str, least: i64, most: i64) -> Option<Amount> {
        let (head, _) = at_least.rsplit_once(' ')?;
        Some(Amount {
            label,
            line: format!("{head} {{amount}}"),
            least,
            most,
        })
    }

    /// The protocol line for `amount`, or why that amount is not offered.
    pub fn line_for(&self, amount: i64) -> Result<String, String> {
        if amount < self.least || amount > self.most {
            return Err(format!(
                "{}: {amount} is not between {} and {}",
                self.label, self.least, self.most
            ));
        }
        Ok(self.line.replace("{amount}", &amount.to_string()))
    }
}

/// A command that binds several seats (a deal), offered from a phone: the seats that have
/// agreed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// The command as its protocol line (the same words from every phone that agrees).
    pub line: String,
    /// Who offered it (None: the table, at the device).
    pub from: Option<usize>,
    /// Every seat it binds, and those that have agreed.
    pub binds: Vec<usize>,
    pub agreed: Vec<usize>,
}

impl Offer {
    /// Does it wait on `seat` to agree?
    pub fn waits_on(&self, seat: usize) -> bool {
        self.binds.contains(&seat) && !self.agreed.contains(&seat)
    }
    /// Has every seat it binds agreed?
    pub fn agreed_by_all(&self) -> bool {
        self.binds.iter().all(|s| self.agreed.contains(s))
    }
}

/// The deals offered from phones and not yet carried out or refused.
#[derive(Debug, Default)]
pub struct Offers {
    pub open: Vec<Offer>,
}

/// What a seat's agreement did.
#[derive(Debug, PartialEq, Eq)]
pub enum Agreed {
    /// Every seat has agreed: carry it out. Who offered it (None: the table, at the device).
    All(Option<usize>),
    /// Offered or agreed; waiting on these seats.
    Waiting(Vec<usize>),
}

impl Offers {
    /// `seat` agrees to the command `line` that binds `binds` (offering it, when nobody has,
    /// as `from`: a seat, or the table).
    pub fn agree(
        &mut self,
        from: Option<usize>,
        seat: usize,
        line: &str,
        binds: Vec<usize>,
    ) -> Agreed {
        let i = match self.open.iter().position(|o| o.line == line) {
            Some(i) => i,
            None => {
                self.open.push(Offer {
                    line: line.to_string(),
                    from,
                    binds,
                    agreed: Vec::new(),
                });
                self.open.len() - 1
            }
        };
        let o = &mut self.open[i];
        if !o.agreed.contains(&seat) {
            o.agreed.push(seat);
        }
        if o.agreed_by_all() {
            return Agreed::All(self.open.remove(i).from);
        }
        Agreed::Waiting(
            o.binds
                .iter()
                .copied()
                .filter(|s| !o.agreed.contains(s))
                .collect(),
        )
    }

    /// `seat` refuses the offer `line` that waits on it: the offer, gone.
    pub fn refuse(&mut self, seat: usize, line: &str) -> Option<Offer> {
        let i = self
            .open
            .iter()
            .position(|o| o.line == line && o.binds.contains(&seat))?;
        Some(self.open.remove(i))
    }

    /// The offers waiting on `seat`.
    pub fn waiting_on(&self, seat: usize) -> impl Iterator<Item = &Offer> {
        self.open.iter().filter(move |o| o.waits_on(seat))
    }
}
