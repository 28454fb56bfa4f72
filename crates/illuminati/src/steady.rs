//! The steady player of Illuminati: what the odds play out from a position, and `simulate
//! --player steady`. With an action left it weighs every attack to control an uncontrolled
//! group it could declare (each of its cards with an open arrow against each target): the
//! chance of the roll, after what it would spend, times what the group brings (its income and
//! power). It declares the best when that is worth it, spends on it while keeping a reserve in
//! its Illuminati treasury for defence (whichever group attacks) and while what the money
//! buys is still worth it, then rolls; when nothing is worth it, it passes (the
//! 5 MB of a turn without action) or ends. The draw and the dice are the only chance.

use boardside_engine::game::{below, PlayRng};

use super::attack::{asking, can_declare, fresh, need};
use super::places::Set;
use super::rules::{IlluRules, Kind};
use super::state::{Phase, State, Status};
use super::structure::{income, open_arrows, power};
use super::Command;

/// MB the Illuminati treasury keeps for defence.
const RESERVE: i64 = 10;
/// The number a roll is bought up to: 8 or less succeeds 72% of the time.
const AIM: i64 = 8;
/// An attack is worth an action, and money, when its chance times the group's value is at
/// least this: likelier than not to bring a group of some use.
const WORTH: f64 = 1.5;

/// The chance that two dice show `need` or less (11 and 12 always fail).
fn chance(need: i64) -> f64 {
    let ways = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
    let top = need.clamp(0, 10) as usize;
    ways[..=top].iter().sum::<u32>() as f64 / 36.0
}

pub fn choose(
    r: &IlluRules,
    s: &State,
    rng: &mut PlayRng,
    random: impl Fn(&mut PlayRng) -> Option<Command>,
) -> Option<Command> {
    if s.phase != Phase::Turn {
        return random(rng);
    }
    let p = s.current;
    let ill = s.players[p].illuminati;
    if let Some(a) = &s.attack {
        let n = need(r, s, a);
        if n < AIM && a.player == p {
            // From the attacking group first, then the Illuminati, the Illuminati treasury
            // down to its reserve whichever group attacks; and only while what the money buys
            // is still worth an attack (another's interference can make it hopeless).
            let spare =
                |src: usize| s.cards[src].treasury - if Some(src) == ill { RESERVE } else { 0 };
            let sources = [Some(a.attacker), ill.filter(|&i| i != a.attacker)];
            let all: i64 = sources.iter().flatten().map(|&src| spare(src).max(0)).sum();
            if chance((n + all).min(AIM)) * value(r, s, a.target) >= WORTH {
                if let Some(src) = sources.into_iter().flatten().find(|&src| spare(src) > 0) {
                    return Some(Command::Spend {
                        player: p,
                        source: src,
                        amount: (AIM - n).min(spare(src)),
                    });
                }
            }
        }
        return Some(Command::Roll {
            dice: Some((below(rng, 6) as u8 + 1, below(rng, 6) as u8 + 1)),
        });
    }
    if s.turn.draws_left > 0 {
        // The draw is the table's chance: as the random player draws.
        return random(rng);
    }
    if s.turn.actions_left > 0 {
        if let Some(attack) = best_attack(r, s) {
            return Some(attack);
        }
    }
    Some(if s.turn.acted {
        Command::End
    } else {
        Command::Pass
    })
}

/// The attack to control with the best chance times value, when it is worth an action.
fn best_attack(r: &IlluRules, s: &State) -> Option<Command> {
    let p = s.current;
    let ill = s.players[p].illuminati;
    let money: i64 = ill.map_or(0, |i| (s.cards[i].treasury - RESERVE).max(0));
    let attackers: Vec<usize> = s
        .places
        .either(Set::Uncontrolled, Set::Controlled)
        .filter(|&c| s.cards[c].owner == Some(p) && open_arrows(s, c).is_none_or(|o| o > 0))
        .collect();
    let &first = attackers.first()?;
    let mut best: Option<(f64, usize, usize)> = None;
    // One attack value reused for every pair (not two vectors made for each); only its
    // attacker and target change, which is all `need` reads of a fresh attack.
    let mut trial = fresh(s, Kind::Control, first, first, &[]);
    let mut declarable: Vec<Option<bool>> = vec![None; attackers.len()];
    // The memo of attack numbers borrowed once for every pair weighed.
    asking(r, s, |needs| {
        for t in s.places.either(Set::Uncontrolled, Set::Controlled) {
            if s.cards[t].status != Status::Uncontrolled {
                continue;
            }
            let value = value(r, s, t);
            // No roll succeeds more often than 33 in 36: a target whose best cannot beat the
            // best found so far is not weighed (the same choice, found sooner: playouts ask this
            // at every step).
            if best.is_some_and(|(w, _, _)| chance(10) * value <= w) {
                continue;
            }
            // A target nobody holds that is no Illuminati passes every check of the target's (in
            // play, outside the structure, no Illuminati's immunity), so whether an attack on it
            // may be declared is the attacker's alone: asked once an attacker (`declarable`),
            // not for every pair; any other target is asked pair by pair.
            let plain = s.cards[t].owner.is_none() && !r.cards[t].illuminati;
            for (i, &a) in attackers.iter().enumerate() {
                let may = match (plain, declarable[i]) {
                    (true, Some(known)) => known,
                    _ => {
                        let may = can_declare(r, s, Kind::Control, a, t, &[]).is_ok();
                        if plain {
                            declarable[i] = Some(may);
                        }
                        may
                    }
                };
                if !may {
                    continue;
                }
                trial.attacker = a;
                trial.target = t;
                let n = needs.fresh(r, s, &trial);
                // The Illuminati's own money is in `money` already, above its reserve.
                let own = if Some(a) == ill {
                    0
                } else {
                    s.cards[a].treasury
                };
                let bought = (n + money + own).min(AIM.max(n));
                let worth = chance(bought) * value;
                if best.is_none_or(|(w, _, _)| worth > w) {
                    best = Some((worth, a, t));
                }
            }
        }
    });
    let (worth, attacker, target) = best?;
    (worth >= WORTH).then_some(Command::Attack {
        kind: Kind::Control,
        attacker,
        target,
        aid: vec![],
    })
}

/// What a group brings its controller, as the steady player weighs it: its income and power,
/// and one for the group itself.
fn value(r: &IlluRules, s: &State, group: usize) -> f64 {
    (income(r, s, group).max(0) + power(r, s, group).max(0) + 1) as f64
}
