//! Computer seats: a seat the device plays by the same commands as a person. `Steady` is the
//! family's steady player; `Strong` looks ahead: each of its own choices is played out many
//! times by the steady player, every playout from the table's public view with what the seat
//! may not see (other hands, the UFOs' goal, sealed orders, the deck's order) drawn afresh
//! (`Play::redraw_hidden`, keeping only the seat's own hand and goal), and the choice that
//! wins most often is made. Strength comes from the number of playouts, never from a bonus;
//! the same position, public view and seed give the same choice whatever is hidden.

use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::game::{below, is_over, rolled, winning_sides, Events, Family, PlayRng, ToAct};

/// How a computer seat plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Any legal choice of its own, at random (the tournament's yardstick).
    Random,
    /// The family's steady player.
    Steady,
    /// Looks ahead by playouts.
    Strong,
}

impl Level {
    pub fn read(word: &str) -> Result<Level, String> {
        match word {
            "random" => Ok(Level::Random),
            "steady" => Ok(Level::Steady),
            "strong" => Ok(Level::Strong),
            w => Err(format!(
                "'{w}': a computer seat is random, steady or strong"
            )),
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Steady => "steady",
            Level::Strong => "strong",
        }
    }
}

/// A seat the device plays, as its journal keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ComputerSeat {
    pub seat: usize,
    pub level: Level,
    /// Does it accept and offer deals (a table may switch them off)?
    #[serde(default = "yes")]
    pub deals: bool,
}

fn yes() -> bool {
    true
}

/// A computer seat's choice for the device to carry out: its protocol line, and why (a strong
/// seat's estimate, a deal's chance before and after).
#[derive(Debug, Clone, PartialEq)]
pub struct Move {
    pub seat: usize,
    pub line: String,
    pub why: Option<String>,
}

/// "22%": a chance as the table reads it.
pub fn percent(p: f64) -> String {
    format!("{:.0}%", 100.0 * p)
}

/// "its chance 22% -> 27%": a chance before and after a move, as a computer seat's why says
/// it; in tenths where whole percents would read the same ("34% -> 34%", played by hand:
/// the table saw no reason at all).
pub fn chance_moves(before: f64, after: f64) -> String {
    if percent(before) == percent(after) {
        format!("its chance {:.1}% -> {:.1}%", 100.0 * before, 100.0 * after)
    } else {
        format!("its chance {} -> {}", percent(before), percent(after))
    }
}

/// What the strong seat may spend on one decision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Playouts of each choice it weighs.
    pub playouts: u32,
    /// Player-turns (the grid game: rounds) a playout looks ahead before the position is
    /// judged by the standings.
    pub horizon: u64,
    /// The most choices it weighs (the steady player's among them); more are sampled.
    pub most_choices: usize,
}

impl Default for Budget {
    fn default() -> Self {
        // The budget the strength and the Pi's decision times were measured with
        // (docs/performance.md, "Computer seats"): fewer playouts weigh worse, more take longer.
        Budget {
            playouts: 48,
            horizon: 60,
            most_choices: 12,
        }
    }
}

/// A choice made, and what the look ahead thought of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice<C> {
    pub cmd: C,
    /// The seat's estimated chance with this choice, and with the steady player's (strong
    /// seats only: 0..1).
    pub chance: Option<(f64, f64)>,
}

/// The seat's own choices now: the legal commands that are its own decision (a roll is its
/// to ask for; the dice are the device's), each once.
pub fn own_choices<F: Family>(rules: &F::Rules, s: &F::State, seat: usize) -> Vec<F::Command> {
    let mut out: Vec<F::Command> = Vec::new();
    for c in F::legal(rules, s) {
        if crate::authority::decided_by::<F>(rules, s, &c) == Some(seat) && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// Does the game wait on this seat for a choice of its own now? Only when `to_act` names it:
/// what a seat may do at any moment (a free action, building on another's turn) is no reason
/// to act, or computer seats would pass a card to and fro for ever.
pub fn waits_on<F: Family>(rules: &F::Rules, s: &F::State, seat: usize) -> bool {
    let named = match F::to_act(rules, s) {
        ToAct::Over { .. } => false,
        ToAct::One(p) | ToAct::Chance { player: p, .. } => p == seat,
        ToAct::Several(v) => v.contains(&seat),
    };
    named && !own_choices::<F>(rules, s, seat).is_empty()
}

/// Does a computer seat of this level act now (`seed` as `choose` is given it)? Waited on,
/// and, above random, with a choice the steady player would make: where the steady player
/// leaves the moment to others (another's attack it stays out of), a computer seat waits too,
/// rather than give a card away or call an attack off at random for want of a plan.
pub fn acts_now<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    seat: usize,
    level: Level,
    seed: u64,
) -> bool {
    if !waits_on::<F>(rules, s, seat) {
        return false;
    }
    let own = own_choices::<F>(rules, s, seat);
    level == Level::Random || steady_choice::<F>(rules, s, seat, &own, &mut seeded(seed)).is_some()
}

/// The generator `choose` starts from for a seed.
fn seeded(seed: u64) -> PlayRng {
    PlayRng::seed_from_u64(seed ^ 0x5EA7_C0DE)
}

/// The seed a table's computer seat decides with at this moment of the game: from the game's
/// seed and the commands so far, so a resumed game decides as it would have.
pub fn seed_at(game_seed: u64, steps: usize) -> u64 {
    game_seed ^ ((steps as u64) << 20)
}

/// The command without dice, as the device asks for it (it rolls them itself).
fn unrolled<F: Family>(cmd: &F::Command) -> F::Command {
    F::set_chance(cmd, None).unwrap_or_else(|| cmd.clone())
}

/// The seat's choice now, or None when nothing is its to choose.
pub fn choose<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    seat: usize,
    level: Level,
    budget: &Budget,
    seed: u64,
) -> Option<Choice<F::Command>> {
    choose_this_turn::<F>(rules, s, seat, level, budget, seed, &[])
}

/// `choose`, knowing the seat's own moves of the turn under way (each with what it did): a
/// strong seat weighs no alternative that would take one of them back (mortgage then lift,
/// build then sell: its 10% or half lost for nothing).
pub fn choose_this_turn<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    seat: usize,
    level: Level,
    budget: &Budget,
    seed: u64,
    made: &[(F::Command, Vec<String>)],
) -> Option<Choice<F::Command>> {
    let own = own_choices::<F>(rules, s, seat);
    if own.is_empty() {
        return None;
    }
    let mut rng = seeded(seed);
    let steady = steady_choice::<F>(rules, s, seat, &own, &mut rng);
    if level == Level::Random {
        return Some(Choice {
            cmd: own[below(&mut rng, own.len())].clone(),
            chance: None,
        });
    }
    // Where the steady player leaves this moment to others, so does a computer seat.
    let steady = steady?;
    // The steady player's choice first, then a sample of the rest.
    let mut weighed = vec![steady.clone()];
    if level == Level::Strong {
        let mut rest: Vec<F::Command> = own
            .into_iter()
            .filter(|c| *c != steady && !undoes::<F>(rules, s, c, made))
            .collect();
        while weighed.len() < budget.most_choices && !rest.is_empty() {
            weighed.push(rest.swap_remove(below(&mut rng, rest.len())));
        }
    }
    if weighed.len() == 1 {
        return Some(Choice {
            cmd: steady,
            chance: None,
        });
    }
    let runs = weigh::<F>(rules, s, seat, &weighed, budget, seed);
    let best = better_than_steady(&runs);
    let mean = |j: usize| runs[j].iter().sum::<f64>() / runs[j].len().max(1) as f64;
    Some(Choice {
        cmd: weighed[best].clone(),
        chance: Some((mean(best), mean(0))),
    })
}

/// What a move did, as `undoes` compares it: its events but the remarks, in words of the
/// program (`Debug`), which cross to the worker's thread.
pub fn did<F: Family>(events: &[F::Event]) -> Vec<String> {
    events
        .iter()
        .filter(|e| !F::remark(e))
        .map(|e| format!("{e:?}"))
        .collect()
}

/// Would `c` take back one of the seat's moves `made` this turn (each with `did`)? It would
/// if, after `c`, that move could be made again with the very result it had: a mortgage
/// lifted can be taken out again for the same sum, a house sold built again for the same cost.
pub fn undoes<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    c: &F::Command,
    made: &[(F::Command, Vec<String>)],
) -> bool {
    if made.is_empty() {
        return false;
    }
    let mut after = s.clone();
    let c = rolled::<F>(rules, &after, c, &mut PlayRng::seed_from_u64(0));
    let mut events = Events {
        kept: false,
        ..Events::default()
    };
    if F::execute_into(rules, &mut after, &c, &mut events).is_err() {
        return false;
    }
    made.iter().any(|(d, done)| {
        let mut again = after.clone();
        crate::game::execute::<F>(rules, &mut again, d).is_ok_and(|redo| did::<F>(&redo) == *done)
    })
}

/// The choice to make: the one whose playouts beat the steady player's (choice 0) by the
/// most, when it beats them by more than the margin for as many choices as were weighed, in
/// standard errors of the paired differences (the playouts share their luck); else the steady
/// player's. Picking the best of many noisy estimates otherwise favours the luckiest, not
/// the best: held to twice its standard error each, some one of eleven choices no better than
/// the steady player's passed by luck about once in five decisions (a mortgage taken with
/// 3,000 in hand and lifted the next turn, played by hand at stop 88).
pub fn better_than_steady(runs: &[Vec<f64>]) -> usize {
    let z = lucky_lead(runs.len().saturating_sub(1));
    let mut best = (0, 0.0);
    for j in 1..runs.len() {
        let d: Vec<f64> = runs[j].iter().zip(&runs[0]).map(|(a, b)| a - b).collect();
        let n = d.len().max(2) as f64;
        let mean = d.iter().sum::<f64>() / n;
        let var = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
        let margin = z * (var / n).sqrt();
        if mean > margin && mean > best.1 {
            best = (j, mean);
        }
    }
    best.0
}

/// The lead, in standard errors, that luck alone gives any one of `others` choices no better
/// than the steady player's once in forty decisions (each is allowed a fortieth of that: the
/// Bonferroni bound): the normal distribution's upper quantile, by Abramowitz and Stegun's
/// 26.2.23 (within 0.0005). One choice: 1.96; eleven: 2.84.
fn lucky_lead(others: usize) -> f64 {
    let p = 0.025 / others.max(1) as f64;
    let t = (-2.0 * p.ln()).sqrt();
    t - (2.515517 + 0.802853 * t + 0.010328 * t * t)
        / (1.0 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t)
}

/// The steady player's choice for this seat now, without dice, when it is the seat's own:
/// one of its listed choices, or one the lists leave out (an Illuminati sum of money, which
/// menus choose with UP and DOWN) that is the seat's and that the rules accept; where the
/// steady player has none but the seat's own roll is waited for (its attack, once the others
/// had their say), that roll: nobody else may make it (`engine::authority`). None: the seat
/// leaves the moment to others.
fn steady_choice<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    seat: usize,
    own: &[F::Command],
    rng: &mut PlayRng,
) -> Option<F::Command> {
    planned::<F>(rules, s, seat, own, rng).or_else(|| {
        own.iter()
            .find(|c| F::chance(rules, s, c).is_some())
            .cloned()
    })
}

/// The steady player's own plan for the seat (`steady_choice`), if it has one.
fn planned<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    seat: usize,
    own: &[F::Command],
    rng: &mut PlayRng,
) -> Option<F::Command> {
    let c = unrolled::<F>(&F::steady(rules, s, Some(seat), rng)?);
    if own.contains(&c) {
        return Some(c);
    }
    if crate::authority::decided_by::<F>(rules, s, &c) != Some(seat) {
        return None;
    }
    let mut tried = s.clone();
    let with_dice = rolled::<F>(rules, &tried, &c, &mut PlayRng::seed_from_u64(0));
    let mut events = Events {
        kept: false,
        ..Events::default()
    };
    F::execute_into(rules, &mut tried, &with_dice, &mut events)
        .is_ok()
        .then_some(c)
}

/// Each choice's playouts' values for the seat (its chance to win, 0..1): the k-th playout of
/// every choice starts from the same redrawn view with the same dice, so the choices are
/// compared on equal luck. A choice the redrawn view refuses counts 0 there.
pub fn weigh<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    seat: usize,
    choices: &[F::Command],
    budget: &Budget,
    seed: u64,
) -> Vec<Vec<f64>> {
    let mut runs = vec![Vec::with_capacity(budget.playouts as usize); choices.len()];
    let mut events = Events {
        kept: false,
        ..Events::default()
    };
    for k in 0..budget.playouts as u64 {
        let mut rng =
            PlayRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(k));
        let view = F::redraw_hidden(rules, s, Some(seat), &mut rng);
        let luck: u64 = rand::Rng::random(&mut rng);
        for (j, c) in choices.iter().enumerate() {
            let mut play = view.clone();
            let mut rng = PlayRng::seed_from_u64(luck);
            let c = rolled::<F>(rules, &play, c, &mut rng);
            let v = if F::execute_into(rules, &mut play, &c, &mut events).is_err() {
                0.0
            } else {
                playout::<F>(rules, play, seat, budget.horizon, &mut rng, &mut events)
            };
            runs[j].push(v);
        }
    }
    runs
}

/// One playout by the steady player from here: the seat's share of the win when the game
/// ends within the horizon, else its side's share of the standings' scores.
fn playout<F: Family>(
    rules: &F::Rules,
    mut s: F::State,
    seat: usize,
    horizon: u64,
    rng: &mut PlayRng,
    events: &mut Events<F::Event>,
) -> f64 {
    // A refused command ends it where it stands, judged as at the horizon.
    let _ = crate::playout::play_on::<F>(
        rules,
        &mut s,
        horizon,
        events,
        |s| F::steady(rules, s, None, rng),
        |_, _| {},
    );
    value::<F>(rules, &s, seat)
}

/// What a position is worth to a seat: its share of the win once the game is over, else its
/// side's chance as the family judges it (`Story::judged`), or its side's share of the
/// standings' positive scores.
pub fn value<F: Family>(rules: &F::Rules, s: &F::State, seat: usize) -> f64 {
    let standing = F::standing(rules, s);
    let side = standing.side(seat);
    if is_over::<F>(rules, s) {
        let won = winning_sides::<F>(rules, s);
        return if won.contains(&side) {
            1.0 / won.len() as f64
        } else {
            0.0
        };
    }
    if let Some(chances) = standing.judged {
        return chances.get(side).copied().unwrap_or(0.0);
    }
    let scores = standing.scores;
    let sum: i64 = scores.iter().map(|&v| v.max(0)).sum();
    match scores.get(side) {
        Some(&v) if sum > 0 => v.max(0) as f64 / sum as f64,
        _ => 1.0 / scores.len().max(1) as f64,
    }
}

/// One command of a game where each seat plays at its level (`tournament`): the seat the game
/// waits on chooses; where several may act, one of them at random that has a choice at its
/// level; where no seat chooses (a card drawn, a deal), the random player stands in for the
/// table.
pub fn next_command<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    levels: &[Level],
    budget: &Budget,
    rng: &mut PlayRng,
) -> Option<F::Command> {
    let waiting: Vec<usize> = match F::to_act(rules, s) {
        ToAct::Over { .. } => return None,
        ToAct::One(p) | ToAct::Chance { player: p, .. } => vec![p],
        ToAct::Several(v) => v,
    };
    let choosing: Vec<usize> = waiting
        .into_iter()
        .filter(|&p| p < levels.len() && waits_on::<F>(rules, s, p))
        .collect();
    // The seats waited on, from one at random: the first with a choice at its level makes it.
    let seed: u64 = rand::Rng::random(rng);
    let first = below(rng, choosing.len().max(1));
    for i in 0..choosing.len() {
        let seat = choosing[(first + i) % choosing.len()];
        if let Some(c) = choose::<F>(rules, s, seat, levels[seat], budget, seed) {
            return Some(rolled::<F>(rules, s, &c.cmd, rng));
        }
    }
    F::random_command(rules, s, rng)
}

/// A deal's worth to a seat: its estimated chance without the deal and with it, from the same
/// playouts (the same redrawn views and luck either way).
pub fn deal_chances<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    seat: usize,
    deal: &F::Command,
    budget: &Budget,
    seed: u64,
) -> (f64, f64) {
    let (mut without, mut with) = (0.0, 0.0);
    let mut events = Events {
        kept: false,
        ..Events::default()
    };
    let n = budget.playouts.max(1);
    for k in 0..n as u64 {
        let mut rng =
            PlayRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(k));
        let view = F::redraw_hidden(rules, s, Some(seat), &mut rng);
        let luck: u64 = rand::Rng::random(&mut rng);
        let mut r = PlayRng::seed_from_u64(luck);
        without += playout::<F>(
            rules,
            view.clone(),
            seat,
            budget.horizon,
            &mut r,
            &mut events,
        );
        let mut play = view;
        let mut r = PlayRng::seed_from_u64(luck);
        if F::execute_into(rules, &mut play, deal, &mut events).is_ok() {
            with += playout::<F>(rules, play, seat, budget.horizon, &mut r, &mut events);
        }
    }
    (without / n as f64, with / n as f64)
}

/// A seat's answer to a deal offered to it: take it only when its own chance rises (before,
/// after, from the same playouts).
pub fn answer<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    seat: usize,
    deal: &F::Command,
    budget: &Budget,
    seed: u64,
) -> (bool, f64, f64) {
    let (before, after) = deal_chances::<F>(rules, s, seat, deal, budget, seed);
    (after > before, before, after)
}

/// How many deals a strong seat weighs at one moment: each costs two sets of playouts.
pub const DEALS_WEIGHED: usize = 4;

/// The deals a strong seat may weigh offering now (`Play::offers`, with the seat each goes
/// to): those not offered before in this game (`offered`: a deal is offered once), at most
/// `DEALS_WEIGHED`. The one deal policy of the device and the tournament.
pub fn deals_to_weigh<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    seat: usize,
    offered: impl Fn(&F::Command) -> bool,
) -> Vec<(usize, F::Command)> {
    F::offers(rules, s, seat)
        .into_iter()
        .filter(|(_, d)| !offered(d))
        .take(DEALS_WEIGHED)
        .collect()
}

/// The deal a strong seat offers now, of `deals` (`Play::offers` less those offered already):
/// the one that raises its own chance the most, by more than 3 points (the deal, its chance
/// before and after); None when none does, or when `cancelled` says to stop.
pub fn best_offer<F: Family>(
    rules: &F::Rules,
    s: &F::State,
    seat: usize,
    deals: &[F::Command],
    budget: &Budget,
    seed: u64,
    cancelled: impl Fn() -> bool,
) -> Option<(F::Command, f64, f64)> {
    let mut best: Option<(F::Command, f64, f64)> = None;
    for d in deals {
        if cancelled() {
            return None;
        }
        let (before, after) = deal_chances::<F>(rules, s, seat, d, budget, seed);
        if after > before + 0.03 && best.as_ref().is_none_or(|b| after - before > b.2 - b.1) {
            best = Some((d.clone(), before, after));
        }
    }
    best
}
