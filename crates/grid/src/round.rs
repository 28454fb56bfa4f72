//! A round's resolution, in the order rulesets/grid.toml records: the reveal, moves, attacks,
//! prayer and study, the big wonder, stuns and wonders counting down, sticker upgrades, and
//! the end of the game. A full strip pauses the round for the roll that draws its holder.

use super::computer;
use super::event::Event;
use super::movement;
use super::state::{
    adjacent, Action, Field, Level, Order, Part, Phase, RoundOrders, Team, MOST_PIECES,
};
use super::Table;
use boardside_engine::bits::{ones_in, OnesIn};
use boardside_engine::ensure;
use boardside_engine::RuleError;

/// Start the next round (the first after placement). When no human may seal an order (all
/// stunned), the table plays the round with `next`: one round per command, so the table
/// sees each round, and computer seats that keep the humans stunned never loop the program.
pub(crate) fn next_round(t: &mut Table) {
    let round = t.s.round + 1;
    t.emit(Event::Round { round });
    t.emit(Event::Phase {
        phase: Phase::Orders,
    });
}

/// `next`: play a round in which no human may seal an order.
pub(crate) fn play_unattended(t: &mut Table) -> Result<(), RuleError> {
    ensure!(
        t.s.phase == Phase::Orders,
        "`next` plays a round in which every player is stunned; none is waiting now"
    );
    ensure!(
        !t.s.anyone_owes(),
        "the round waits for sealed orders from {}",
        t.s.owing()
            .map(|i| t.s.pieces[i].name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    reveal_and_resolve(t);
    next_round_if_done(t);
    Ok(())
}

/// After a resolution: finish the round unless a wonder draw waits, then the next round.
pub(crate) fn next_round_if_done(t: &mut Table) {
    if t.s.phase == Phase::Orders {
        finish_round(t);
        if t.s.winner.is_none() {
            next_round(t);
        }
    }
}

/// The computer seats seal, every order is shown, and steps 1-4 are carried out.
pub(crate) fn reveal_and_resolve(t: &mut Table) {
    // The round's orders and who moved, kept per thread and refilled (every round resolves).
    thread_local! {
        static ROUND: std::cell::RefCell<(Vec<Option<Order>>, Vec<usize>)> =
            const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
    }
    match ROUND.with(|kept| kept.try_borrow_mut().map(|mut kept| resolve(t, &mut kept))) {
        Ok(()) => {}
        // A round resolved inside another (never in this program): lists of its own.
        Err(_) => resolve(t, &mut Default::default()),
    }
}

fn resolve(t: &mut Table, (orders, moved): &mut (Vec<Option<Order>>, Vec<usize>)) {
    let n = t.s.pieces.len();
    orders.clear();
    orders.extend((0..n).map(|i| {
        let p = &t.s.pieces[i];
        if p.stunned > 0 {
            None
        } else if p.computer {
            Some(computer::order(t.rules, t.s, i))
        } else {
            p.order
        }
    }));
    t.emit(Event::Revealed {
        orders: RoundOrders::of(orders),
    });
    let orders = &orders[..];
    // 1. Moves, one step at a time for everyone together.
    movement::move_all(t, orders, moved);
    for &p in moved.iter() {
        count(t, p, Action::Move);
    }
    // Who stands next to whom from the new positions, for the next three steps.
    let near = Near::look(t.s, orders);
    // 2. Attacks, from the new positions, all at once.
    attacks(t, &near);
    // 3. Prayer and study.
    prayers(t, &near);
    // 4. The big wonder: holders convert, then full strips draw new holders.
    conversions(t, &near);
    for team in Team::BOTH {
        if t.s.strips[team.index()] >= t.s.strip_length {
            t.emit(Event::StripFull { team });
        }
    }
    draw_wonders(t);
}

// Inlined where the round counts: a call for every piece's action was 0.9% of random play.
#[inline]
fn count(t: &mut Table, p: usize, a: Action) {
    let value = t.s.pieces[p].count(a).saturating_add(1);
    t.emit(Event::Count {
        player: p,
        action: a,
        value,
    });
}

/// Where everyone stands once the moves are done, as sets of seats (a bit a seat): who is next
/// to whom, who is on which team, and what each sealed. Attacks, prayers and conversions
/// read it rather than asking every pair of pieces with a branch the processor cannot guess
/// on random positions. Stuns and prayers move nobody and change no team, and conversions
/// read the teams as they stood, so one look serves the three steps.
struct Near {
    /// Each seat's field ((0, 0) when off the board) and how many seats there are.
    at: [Field; MOST_PIECES],
    n: usize,
    /// The seats on the board of each team, by `Team::index`.
    team: [u32; 2],
    /// The seats that sealed an attack, and a prayer.
    attacking: u32,
    praying: u32,
}

impl Near {
    fn look(s: &super::State, orders: &[Option<Order>]) -> Near {
        let mut near = Near {
            at: [(0, 0); MOST_PIECES],
            n: s.pieces.len().min(MOST_PIECES),
            team: [0; 2],
            attacking: 0,
            praying: 0,
        };
        // By team, a third set for the seats on none (none after the start).
        let mut team = [0u32; 3];
        for (i, p) in s.pieces.iter().enumerate().take(MOST_PIECES) {
            near.at[i] = p.at.unwrap_or((0, 0));
            team[p.team.map_or(2, Team::index)] |= (p.at.is_some() as u32) << i;
            let order = orders.get(i);
            near.attacking |= (matches!(order, Some(Some(Order::Attack))) as u32) << i;
            near.praying |= (matches!(order, Some(Some(Order::Pray))) as u32) << i;
        }
        near.team = [team[0], team[1]];
        near
    }

    /// The seats of `team` on the 8 fields around seat `p` (which stands on the board: only a
    /// seat on a team is asked).
    fn of_team_around(&self, p: usize, team: Team) -> u32 {
        let mut around = 0;
        for (j, &f) in self.at[..self.n].iter().enumerate() {
            around |= (adjacent(self.at[p], f) as u32) << j;
        }
        around & self.team[team.index()]
    }
}

/// The seats of a set, lowest first.
fn seats(set: u32) -> OnesIn {
    ones_in(set as u64)
}

/// The team a seat is on when it is on the board (`Near::team`).
fn team_of(near: &Near, p: usize) -> Option<Team> {
    Team::BOTH
        .into_iter()
        .find(|t| near.team[t.index()] >> p & 1 != 0)
}

/// grid-game: Attack ¶1: every player of the other team on the 8 fields around is stunned,
/// for 2, 3 or 4 rounds by the attacker's hands. Teams are as they were before the attacks.
fn attacks(t: &mut Table, near: &Near) {
    // Emitted as found: a stun changes no team and no field, so every attack still reads the
    // board as it stood.
    for a in seats(near.attacking) {
        let Some(team) = team_of(near, a) else {
            continue;
        };
        let rounds = t.rules.stun_rounds[t.s.pieces[a].sticker(Part::Hands).index()];
        let victims = near.of_team_around(a, team.other());
        if victims == 0 {
            t.emit(Event::MissedAttack { player: a });
        }
        for v in seats(victims) {
            t.emit(Event::Stunned {
                player: v,
                by: a,
                rounds,
            });
        }
    }
    for a in seats(near.attacking) {
        count(t, a, Action::Attack);
    }
}

/// grid-game: Study/Pray ¶1: a prayer counts only when a teammate on the 8 fields around
/// prays too; each adds 1, 2 or 3 units by the head to the team's strip.
fn prayers(t: &mut Table, near: &Near) {
    let mut gained = [0u32; 2];
    for p in seats(near.praying) {
        let Some(team) = team_of(near, p) else {
            continue;
        };
        // The first teammate around who prays too (never the piece itself: not around it).
        match seats(near.of_team_around(p, team) & near.praying).next() {
            Some(with) => {
                let units = t.rules.prayer_units[t.s.pieces[p].sticker(Part::Head).index()];
                gained[team.index()] += units;
                t.emit(Event::Prayer {
                    player: p,
                    units,
                    with,
                });
            }
            None => t.emit(Event::Unheard { player: p }),
        }
    }
    for team in Team::BOTH {
        if gained[team.index()] > 0 {
            let value = (t.s.strips[team.index()] + gained[team.index()]).min(t.s.strip_length);
            t.emit(Event::Strip { team, value });
        }
    }
    for p in seats(near.praying) {
        count(t, p, Action::Pray);
    }
}

/// Holders of a wonder from an earlier round convert every player of the other team on the 8
/// fields around; all at once, from the teams as they stood, and a holder is never converted.
fn conversions(t: &mut Table, near: &Near) {
    let mut holders = 0u32;
    for (h, p) in t.s.pieces.iter().enumerate().take(MOST_PIECES) {
        // A stun counts the rounds that follow: a holder stunned this round still acted in
        // it (its order was revealed); one stunned since an earlier round sealed nothing.
        let sat_out = if t.s.earlier_stuns {
            p.stunned > 0
        } else {
            !t.s.revealed.get(h).is_some_and(|o| o.is_some())
        };
        let acts = p.wonder > 0 && !p.fresh_wonder && (!sat_out || t.s.stunned_holder_converts);
        holders |= (acts as u32) << h;
    }
    if holders == 0 {
        return;
    }
    // Held in place: found before any is emitted (the teams as they stood).
    let mut turned: smallvec::SmallVec<[(usize, usize, Team); MOST_PIECES]> = Default::default();
    for v in 0..t.s.pieces.len().min(MOST_PIECES) {
        if t.s.pieces[v].wonder > 0 {
            continue;
        }
        let Some(team) = team_of(near, v) else {
            continue;
        };
        if let Some(by) = seats(near.of_team_around(v, team.other()) & holders).next() {
            turned.push((v, by, team.other()));
        }
    }
    for (player, by, to) in turned {
        t.emit(Event::Converted { player, by, to });
    }
}

/// Draw a holder for each full strip, pausing for a roll where the team has several members.
fn draw_wonders(t: &mut Table) {
    while let Some(&team) = t.s.wonders_due.first() {
        let members = t.s.team_members(team);
        // The goal is reached once the other team has nobody left (grid-game: Goal): a holder
        // would have nobody to convert, so none is drawn and the round ends the game.
        if !t.s.earlier_wonders && t.s.team_members(team.other()).is_empty() {
            t.emit(Event::WonderRoll {
                team,
                faces: 0,
                roll: 0,
                chosen: None,
            });
            continue;
        }
        if members.len() >= 2 {
            t.emit(Event::Phase {
                phase: Phase::Wonder { team },
            });
            return;
        }
        // One member (or none): nothing to roll for.
        t.emit(Event::WonderRoll {
            team,
            faces: 0,
            roll: 0,
            chosen: members.first().copied(),
        });
        if let Some(&holder) = members.first() {
            grant(t, holder);
        }
    }
    if matches!(t.s.phase, Phase::Wonder { .. }) {
        t.emit(Event::Phase {
            phase: Phase::Orders,
        });
    }
}

fn grant(t: &mut Table, holder: usize) {
    t.emit(Event::Wonder {
        player: holder,
        rounds: t.rules.wonder_rounds,
        granted: true,
    });
}

/// The die that draws a holder: a d6 (grid-game: Study/Pray ¶1), or for a team of more than
/// six a d20; a roll above the team's size is rolled again.
pub(crate) fn wonder_die(t_size: usize) -> u8 {
    if t_size <= 6 {
        6
    } else {
        20
    }
}

/// `roll` during the wonder's draw: member N in seat order holds it.
pub(crate) fn wonder_roll(t: &mut Table, dice: Option<&[u8]>) -> Result<(), RuleError> {
    let Phase::Wonder { team } = t.s.phase else {
        return Err(RuleError::new("no wonder is being drawn"));
    };
    let members = t.s.team_members(team);
    let faces = wonder_die(members.len());
    let Some(&[roll]) = dice else {
        return Err(RuleError::new(format!(
            "the wonder's holder is drawn with one d{faces}: `roll` or `roll N`"
        )));
    };
    ensure!(
        (1..=faces).contains(&roll),
        "a d{faces} shows 1 to {faces}, not {roll}"
    );
    let chosen = members.get(roll as usize - 1).copied();
    t.emit(Event::WonderRoll {
        team,
        faces,
        roll,
        chosen,
    });
    if let Some(holder) = chosen {
        grant(t, holder);
        draw_wonders(t);
        next_round_if_done(t);
    }
    Ok(())
}

/// Steps 5 and 6, and the end: stuns and wonders count down, stickers follow the notebook,
/// and a team with no players left loses.
pub(crate) fn finish_round(t: &mut Table) {
    t.emit(Event::Countdown);
    let n = t.s.pieces.len();
    for p in 0..n {
        for part in [Part::Feet, Part::Hands, Part::Head] {
            let c = t.s.pieces[p].count(part.action());
            // The level the count has reached, counted without a branch (where each count
            // stands is no pattern the processor could guess): the upgrade itself is rare.
            let reached =
                (c >= t.rules.thresholds[0]) as usize + (c >= t.rules.thresholds[1]) as usize;
            let want = Level::ALL[reached];
            if t.s.pieces[p].sticker(part) < want {
                t.emit(Event::Sticker {
                    player: p,
                    part,
                    level: want,
                    upgrade: true,
                });
            }
        }
    }
    for team in Team::BOTH {
        if !t.s.pieces.iter().any(|p| p.team == Some(team)) {
            t.emit(Event::Winner { team: team.other() });
            return;
        }
    }
}
