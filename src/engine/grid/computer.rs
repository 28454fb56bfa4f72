//! The computer seats' player: a short list of priorities, the first that applies wins.
//! Distances are breadth-first searches that respect walls (not straight lines, which send a
//! piece at targets behind a wall). Ties are broken by the game's seed, so a game replays the
//! same, but no two games read alike.

use std::cell::RefCell;

use super::movement::WallMap;
use super::rules::GridRules;
use super::state::{adjacent, around, Dir, Field, Order, Part, Path, State};

/// The lists a computer seat's decision reads, kept per thread with the search's tables and
/// refilled each time (every computer seat decides every round).
#[derive(Default)]
struct Lists {
    enemies: Vec<Field>,
    /// Teammates on the board: (seat, field).
    mates: Vec<(usize, Field)>,
    targets: Vec<Field>,
}

thread_local! {
    static SCRATCH: RefCell<(Lists, Search)> = RefCell::new(Default::default());
}

/// The order a computer seat seals this round.
pub fn order(rules: &GridRules, s: &State, me: usize) -> Order {
    SCRATCH.with_borrow_mut(|(lists, search)| decide(rules, s, me, lists, search))
}

fn decide(
    rules: &GridRules,
    s: &State,
    me: usize,
    lists: &mut Lists,
    search: &mut Search,
) -> Order {
    let p = &s.pieces[me];
    let (Some(at), Some(team)) = (p.at, p.team) else {
        return Order::Pray;
    };
    let Lists {
        enemies,
        mates,
        targets,
    } = lists;
    // One pass over the pieces: the enemies on the board (and whether one next to us is
    // awake), the teammates on the board.
    enemies.clear();
    mates.clear();
    let mut awake_enemy_near = false;
    for (i, q) in s.pieces.iter().enumerate() {
        let Some(f) = q.at else { continue };
        if q.team == Some(team.other()) {
            enemies.push(f);
            awake_enemy_near |= q.stunned <= 1 && adjacent(at, f);
        } else if i != me && q.team == Some(team) {
            mates.push((i, f));
        }
    }
    let steps = rules.max_steps[p.sticker(Part::Feet).index()] as usize;
    let mut walk = |targets: &[Field]| walk(rules, s, me, at, targets, steps, search);
    // 1. The wonder's holder goes where the other team is: every neighbour converts.
    if p.wonder > 0 {
        if enemies.iter().any(|&f| adjacent(at, f)) {
            return Order::Attack;
        }
        return walk(enemies).unwrap_or(Order::Pray);
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
        let victims = &mut *targets;
        victims.clear();
        victims.extend_from_slice(enemies);
        victims.sort_by_key(|&f| distance(f, h));
        victims.truncate(2);
        if let Some(o) = walk(victims) {
            return o;
        }
    }
    // 5. Otherwise join the nearest teammate to pray, or, alone, go after the other team.
    if mates.is_empty() {
        return walk(enemies).unwrap_or(Order::Pray);
    }
    targets.clear();
    targets.extend(mates.iter().map(|&(_, f)| f));
    walk(targets).unwrap_or(Order::Pray)
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
    search: &mut Search,
) -> Option<Order> {
    if targets.iter().any(|&t| adjacent(from, t)) || targets.is_empty() {
        return None;
    }
    // The seed and the round turn the order in which directions are tried: ties differ by game.
    let turn = (s.seed ^ (s.round as u64).wrapping_mul(0x9e37_79b9) ^ me as u64) as usize % 4;
    let path = search.path(rules, s, from, targets, turn)?;
    Some(Order::Move(Path::of(&path[..path.len().min(steps.max(1))])))
}

/// A breadth-first search's tables over the board's fields, each field by its index (row by
/// row).
#[derive(Default)]
struct Search {
    /// The direction (`Dir as u8`) of the step that first reached each field; `START` the
    /// field the search began on; not reached yet: `GOAL`, a free field next to a target
    /// (grid-game: Attack ¶1, the 8 fields around) where the search may end, or `UNSEEN`.
    /// One table, so a step reads one byte to learn both.
    came: Vec<u8>,
    /// Fields reached and not yet looked beyond, in the order reached (read from `next`).
    queue: Vec<u16>,
    walls: WallMap,
    /// The path found, first step first.
    path: Vec<Dir>,
}

const UNSEEN: u8 = u8::MAX;
const GOAL: u8 = u8::MAX - 1;
const START: u8 = u8::MAX - 2;

impl Search {
    /// A shortest path to a free field next to a target, directions tried from `turn` on.
    /// The first such field reached ends the search: fields are looked beyond in the order
    /// reached, so it is the one a search looking at each field in turn would meet first.
    fn path(
        &mut self,
        rules: &GridRules,
        s: &State,
        from: Field,
        targets: &[Field],
        turn: usize,
    ) -> Option<&[Dir]> {
        let columns = rules.columns as usize;
        let idx = |f: Field| (f.1 as usize - 1) * columns + (f.0 as usize - 1);
        let cells = columns * rules.rows as usize;
        self.came.clear();
        self.came.resize(cells, UNSEEN);
        self.queue.clear();
        self.walls.fill(rules, s);
        for &t in targets {
            for (c, r) in around(t) {
                if rules.on_board(c, r) {
                    self.came[idx((c as u8, r as u8))] = GOAL;
                }
            }
        }
        // A field a piece stands on (ours included) is no place to end.
        for f in s.pieces.iter().filter_map(|p| p.at) {
            self.came[idx(f)] = UNSEEN;
        }
        let start = idx(from);
        self.came[start] = START;
        self.queue.push(start as u16);
        // Each direction with how far it moves a field's index, worked out once per search.
        let dirs: [(Dir, isize); 4] = std::array::from_fn(|k| {
            let d = Dir::ALL[(k + turn) % 4];
            (d, offset(d, columns))
        });
        let mut goal = None;
        let mut next = 0;
        'search: while let Some(&i) = self.queue.get(next) {
            next += 1;
            let i = i as usize;
            // The field's walls read once for its four steps.
            let stopped = self.walls.stopped_from(i);
            for &(d, by) in &dirs {
                if stopped & (1 << d as u8) != 0 {
                    continue;
                }
                let n = i.wrapping_add_signed(by);
                let was = self.came[n];
                if was >= GOAL {
                    self.came[n] = d as u8;
                    if was == GOAL {
                        goal = Some(n);
                        break 'search;
                    }
                    self.queue.push(n as u16);
                }
            }
        }
        self.path.clear();
        let mut at = goal?;
        while self.came[at] != START {
            let d = Dir::ALL[self.came[at] as usize];
            self.path.push(d);
            at = at.wrapping_add_signed(-offset(d, columns));
        }
        self.path.reverse();
        Some(&self.path)
    }
}

/// How far one step moves a field's index (fields numbered row by row); the caller knows no
/// edge is in the way.
fn offset(d: Dir, columns: usize) -> isize {
    let (dc, dr) = d.delta();
    dr as isize * columns as isize + dc as isize
}
