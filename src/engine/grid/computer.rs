//! The computer seats' player: a short list of priorities, the first that applies wins.
//! Distances are breadth-first searches that respect walls (not straight lines, which send a
//! piece at targets behind a wall). Ties are broken by the game's seed, so a game replays the
//! same, but no two games read alike.

use std::collections::VecDeque;

use super::movement::step_to;
use super::rules::GridRules;
use super::state::{adjacent, Dir, Field, Order, Part, State};

/// The order a computer seat seals this round.
pub fn order(rules: &GridRules, s: &State, me: usize) -> Order {
    let p = &s.pieces[me];
    let (Some(at), Some(team)) = (p.at, p.team) else {
        return Order::Pray;
    };
    let enemies: Vec<Field> = s
        .pieces
        .iter()
        .filter(|q| q.team == Some(team.other()))
        .filter_map(|q| q.at)
        .collect();
    let awake_enemy_near = s.pieces.iter().any(|q| {
        q.team == Some(team.other()) && q.stunned <= 1 && q.at.is_some_and(|f| adjacent(at, f))
    });
    let mates: Vec<(usize, Field)> = (0..s.pieces.len())
        .filter(|&i| i != me && s.pieces[i].team == Some(team))
        .filter_map(|i| s.pieces[i].at.map(|f| (i, f)))
        .collect();
    let steps = rules.max_steps[p.sticker(Part::Feet).index()] as usize;
    // 1. The wonder's holder goes where the other team is: every neighbour converts.
    if p.wonder > 0 {
        if enemies.iter().any(|&f| adjacent(at, f)) {
            return Order::Attack;
        }
        return walk(rules, s, me, at, &enemies, steps).unwrap_or(Order::Pray);
    }
    // 2. An enemy next to us that is not already out for long: attack.
    if awake_enemy_near {
        return Order::Attack;
    }
    // 3. A teammate next to us who can pray: pray together.
    if mates
        .iter()
        .any(|&(i, f)| adjacent(at, f) && s.pieces[i].stunned == 0)
    {
        return Order::Pray;
    }
    // 4. Our team holds a wonder: head for its victims, the enemies nearest the holder.
    let holder = mates.iter().find(|&&(i, _)| s.pieces[i].wonder > 0);
    if let Some(&(_, h)) = holder {
        let mut victims = enemies.clone();
        victims.sort_by_key(|&f| distance(f, h));
        victims.truncate(2);
        if let Some(o) = walk(rules, s, me, at, &victims, steps) {
            return o;
        }
    }
    // 5. Otherwise join the nearest teammate to pray, or, alone, go after the other team.
    let targets: Vec<Field> = if mates.is_empty() {
        enemies
    } else {
        mates.iter().map(|&(_, f)| f).collect()
    };
    walk(rules, s, me, at, &targets, steps).unwrap_or(Order::Pray)
}

fn distance(a: Field, b: Field) -> u32 {
    (a.0 as i32 - b.0 as i32).unsigned_abs() + (a.1 as i32 - b.1 as i32).unsigned_abs()
}

/// Up to `steps` moves along a shortest wall-respecting path to a free field next to one of
/// the targets; None when already there or no path exists.
fn walk(
    rules: &GridRules,
    s: &State,
    me: usize,
    from: Field,
    targets: &[Field],
    steps: usize,
) -> Option<Order> {
    if targets.iter().any(|&t| adjacent(from, t)) || targets.is_empty() {
        return None;
    }
    let idx = |f: Field| (f.1 as usize - 1) * rules.columns as usize + (f.0 as usize - 1);
    let mut came: Vec<Option<(Field, Dir)>> =
        vec![None; rules.columns as usize * rules.rows as usize];
    let mut seen = vec![false; came.len()];
    let mut queue = VecDeque::from([from]);
    seen[idx(from)] = true;
    // The seed and the round turn the order in which directions are tried: ties differ by game.
    let turn = (s.seed ^ (s.round as u64).wrapping_mul(0x9e37_79b9) ^ me as u64) as usize % 4;
    let dirs: Vec<Dir> = (0..4).map(|k| Dir::ALL[(k + turn) % 4]).collect();
    let mut goal = None;
    while let Some(f) = queue.pop_front() {
        let free = f == from || s.piece_at(f).is_none();
        if free && f != from && targets.iter().any(|&t| adjacent(f, t)) {
            goal = Some(f);
            break;
        }
        for &d in &dirs {
            if let Ok(n) = step_to(rules, s, f, d) {
                if !seen[idx(n)] {
                    seen[idx(n)] = true;
                    came[idx(n)] = Some((f, d));
                    queue.push_back(n);
                }
            }
        }
    }
    let mut path = Vec::new();
    let mut at = goal?;
    while at != from {
        let (prev, d) = came[idx(at)]?;
        path.push(d);
        at = prev;
    }
    path.reverse();
    path.truncate(steps.max(1));
    Some(Order::Move(path))
}
