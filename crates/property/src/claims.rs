//! Rent that must be asked for (option `rent_must_be_asked`, sectionopoly: PAYING RENT ¶3):
//! the owner claims it with `claim SQ` before the second player after the payer rolls.

use super::event::{Event, Note};
use super::rent;
use super::Table;
use crate::Helpers as _;
use boardside_engine::RuleError;

pub fn claim(t: &mut Table, square: usize) -> Result<(), RuleError> {
    let Some(i) = t.s.claims.iter().position(|c| c.square == square) else {
        return Err(RuleError::new(format!(
            "no rent is waiting to be asked for on {}",
            t.square_name(square)
        )));
    };
    if !askable_now(t.s) {
        return Err(super::turns::busy(t, "not now"));
    }
    let c = t.s.claims[i].clone();
    t.emit(Event::ClaimClosed { index: i });
    rent::charge_rent(t, c.payer, c.owner, c.square, c.working, c.then);
    Ok(())
}

/// Rent may be asked now: nothing pending but a purchase or a debt (money asked for may pay
/// for either).
pub fn askable_now(s: &super::state::State) -> bool {
    matches!(
        s.top(),
        None | Some(super::Pending::Buy { .. } | super::Pending::Debt(_))
    )
}

/// `roller` is about to throw at the start of a turn: claims that lapse on them are gone.
pub fn lapse(t: &mut Table, roller: usize) {
    for i in (0..t.s.claims.len()).rev() {
        if t.s.claims[i].lapses_on == roller {
            let square = t.s.claims[i].square;
            t.emit(Event::ClaimClosed { index: i });
            t.emit(Event::Note(Note::ClaimLapsed { square }));
        }
    }
}
