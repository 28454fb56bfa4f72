//! Rent from the deed: base, double for a full group, by buildings, by number of stations
//! owned, dice times the utility multiplier (sectionopoly: PAYING RENT; standard-board.md).

use super::debt;
use super::event::{Event, StatusWhy};
use super::ruleset::{Kind, Ruleset};
use super::state::{After, Claim, RentRule, RentWorking, State, Why, HOTEL};
use super::Table;
use boardside_engine::turn::next_seat;

/// The rent due on an owned square, with its working. `roll` is the dice total that brought
/// the payer (utilities); `card_doubles` is the advance-to-nearest card's "twice the rent".
#[inline(always)]
pub fn rent(rules: &Ruleset, s: &State, sq: usize, roll: u8, card_doubles: bool) -> RentWorking {
    let owner = s.squares[sq].owner;
    // Kept by `apply` (`State::owned_in`), not counted from the group's squares at each
    // landing. Rent is only asked of an owned square.
    let owned_in_group = |g: usize| owner.map_or(0, |o| usize::from(s.owned_in[g][o]));
    let w = match &rules.squares[sq].kind {
        Kind::Lot { group, rents, .. } => {
            let level = s.squares[sq].level;
            if level == HOTEL {
                RentWorking {
                    base: rents[rents.len() - 1],
                    times: 1,
                    rule: RentRule::Hotel,
                }
            } else if level > 0 {
                RentWorking {
                    base: rents[level as usize],
                    times: 1,
                    rule: RentRule::Houses { count: level },
                }
            } else if s.options.full_group_double_rent && s.group_owner(*group) == owner {
                // Double rent on an unimproved lot of a full group, also when another lot of
                // the group is mortgaged (sectionopoly: PAYING RENT ¶3).
                RentWorking {
                    base: rents[0],
                    times: 2,
                    rule: RentRule::FullGroup,
                }
            } else {
                RentWorking {
                    base: rents[0],
                    times: 1,
                    rule: RentRule::Unimproved,
                }
            }
        }
        Kind::Station { group, rents, .. } => {
            let owned = owned_in_group(*group);
            RentWorking {
                base: rents[owned.max(1) - 1],
                times: 1,
                rule: RentRule::ByCount { owned, card: false },
            }
        }
        Kind::Utility {
            group, multipliers, ..
        } => {
            let owned = owned_in_group(*group);
            RentWorking {
                base: roll as i64,
                times: multipliers[owned.max(1) - 1],
                rule: RentRule::Dice { owned },
            }
        }
        _ => RentWorking {
            base: 0,
            times: 0,
            rule: RentRule::Unimproved,
        },
    };
    if card_doubles {
        let rule = match w.rule {
            RentRule::ByCount { owned, .. } => RentRule::ByCount { owned, card: true },
            other => other,
        };
        RentWorking {
            base: w.amount(),
            times: 2,
            rule,
        }
    } else {
        w
    }
}

/// Rent is due from `payer` to `owner`: charged now, or held as a claim the owner must ask for
/// when the table plays with `rent_must_be_asked`.
#[inline(always)]
pub fn due(
    t: &mut Table,
    payer: usize,
    owner: usize,
    sq: usize,
    working: RentWorking,
    then: After,
) {
    if t.s.options.rent_must_be_asked {
        // sectionopoly: PAYING RENT ¶3: ask before the second player following throws.
        // With `status_when_unasked` the status point is the landing's, counted now (a point
        // that wins ends the game before anything is asked); only the donation waits.
        let then = match then {
            After::GainStatus { square } if t.s.options.status_when_unasked => {
                super::status::gain(t, payer, StatusWhy::Donation { square });
                if t.s.over {
                    return;
                }
                After::Nothing
            }
            then => then,
        };
        let s = &*t.s;
        let first = next_seat(payer, s.players.len(), |q| s.in_game(q));
        let second = next_seat(first, s.players.len(), |q| s.in_game(q));
        t.emit(Event::ClaimOpen {
            claim: Claim {
                payer,
                owner,
                square: sq,
                amount: working.amount(),
                working,
                lapses_on: second,
                then,
            },
        });
    } else {
        charge_rent(t, payer, owner, sq, working, then);
    }
}

#[inline(always)]
pub(crate) fn charge_rent(
    t: &mut Table,
    payer: usize,
    owner: usize,
    sq: usize,
    working: RentWorking,
    then: After,
) {
    let why = Why::Rent {
        square: sq,
        working,
    };
    debt::owe(t, payer, Some(owner), working.amount(), why, then);
}
