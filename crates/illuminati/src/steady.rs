//! The steady player of Illuminati: what the odds play out from a position, and `simulate
//! --player steady`. With an action left it weighs every attack to control an uncontrolled
//! group it could declare (each of its cards with an open arrow against each target): the
//! chance of the roll, after what it would spend, times what the group brings (its income and
//! power). It declares the best when that is worth it, spends on it while keeping a reserve in
//! its Illuminati treasury for defence, then rolls; when nothing is worth it, it passes (the
//! 5 MB of a turn without action) or ends. The draw and the dice are the only chance.

use boardside_engine::game::{below, PlayRng};

use super::attack::{can_declare, fresh, need};
use super::places::Set;
use super::rules::{IlluRules, Kind};
use super::state::{Phase, State, Status};
use super::structure::{income, open_arrows, power};
use super::Command;

/// MB the Illuminati treasury keeps for defence.
const RESERVE: i64 = 10;
/// The number a roll is bought up to: 8 or less succeeds 72% of the time.
const AIM: i64 = 8;

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
        let want = AIM - need(r, s, a);
        if want > 0 && a.player == p {
            // From the attacking group first, then the Illuminati down to its reserve.
            let sources = [(a.attacker, 0), (ill.unwrap_or(a.attacker), RESERVE)];
            for (src, keep) in sources {
                let spare = s.cards[src].treasury - if Some(src) == ill { keep } else { 0 };
                if spare > 0 {
                    return Some(Command::Spend {
                        player: p,
                        source: src,
                        amount: want.min(spare),
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
    let money: i64 = s.players[p]
        .illuminati
        .map_or(0, |i| (s.cards[i].treasury - RESERVE).max(0));
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
    let mut memo = MEMO.take();
    memo.keep_for(r, s);
    for t in s.places.either(Set::Uncontrolled, Set::Controlled) {
        if s.cards[t].status != Status::Uncontrolled {
            continue;
        }
        let value = (income(r, s, t).max(0) + power(r, s, t).max(0) + 1) as f64;
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
            let n = memo.need(r, s, &trial);
            let bought = (n + money + s.cards[a].treasury).min(AIM.max(n));
            let worth = chance(bought) * value;
            if best.is_none_or(|(w, _, _)| worth > w) {
                best = Some((worth, a, t));
            }
        }
    }
    MEMO.set(memo);
    // Worth an action when it is likelier than not to bring a group of some use.
    let (worth, attacker, target) = best?;
    (worth >= 1.5).then_some(Command::Attack {
        kind: Kind::Control,
        attacker,
        target,
        aid: vec![],
    })
}

thread_local! {
    /// Each thread's memo (a computer seat's playouts run in their own thread).
    static MEMO: std::cell::Cell<Memo> = std::cell::Cell::new(Memo::default());
}

/// The number a fresh control attack on a group nobody holds needs, remembered per attacker
/// and target: the steady player weighs every such pair at every action of every playout, and
/// the number depends on the rules, the cards' printed numbers and alignments, the attacking
/// player's Illuminati (its bonuses) and the alignment option only, so long as neither card's
/// numbers were entered by the table nor its alignments changed this turn (the Lasers), which
/// `need` is asked for afresh. The same numbers as `need`, read from a table.
#[derive(Default)]
struct Memo {
    /// The rules (`IlluRules::serial`) and alignment option the numbers are for.
    rules: u64,
    once: bool,
    cards: usize,
    /// Per attacker and target: whose Illuminati's bonuses it counted (0: not known; 1: no
    /// Illuminati; card i: i + 2) and the number.
    cells: Vec<(u16, i16)>,
}

impl Memo {
    /// Forget the numbers when they were for other rules or another alignment option.
    fn keep_for(&mut self, r: &IlluRules, s: &State) {
        let cards = r.cards.len();
        if self.rules != r.serial.0 || self.once != s.alignment_once || self.cards != cards {
            self.rules = r.serial.0;
            self.once = s.alignment_once;
            self.cards = cards;
            self.cells.clear();
            self.cells.resize(cards * cards, (0, 0));
        }
    }

    /// `need` of a fresh control attack, from the table when it can be.
    fn need(&mut self, r: &IlluRules, s: &State, a: &super::state::Attack) -> i64 {
        let (at, tg) = (&s.cards[a.attacker], &s.cards[a.target]);
        // 0 is "not known": no Illuminati is 1, Illuminati card i is i + 2.
        let ill = s.players[a.player].illuminati.map_or(1, |i| i + 2);
        let plain = r.serial.0 != 0
            && a.aid.is_empty()
            && at.stats.is_none()
            && at.alignments.is_none()
            && tg.stats.is_none()
            && tg.alignments.is_none()
            && tg.owner.is_none()
            && tg.master.is_none()
            && !r.cards[a.target].illuminati
            && ill < u16::MAX as usize;
        if !plain {
            return need(r, s, a);
        }
        let cell = &mut self.cells[a.attacker * self.cards + a.target];
        if cell.0 == ill as u16 {
            return cell.1.into();
        }
        let n = need(r, s, a);
        if let Ok(small) = i16::try_from(n) {
            *cell = (ill as u16, small);
        }
        n
    }
}
