//! Moves (grid-game: Movement ¶1, with the readings of rulesets/grid.toml): every piece takes
//! its stack's first step together, then the second, then the third. Each step is judged for
//! all pieces at once, never in seat order, the way the Diplomacy adjudicator test cases settle
//! simultaneous moves: walls, the board's edge, shared targets, swaps, and fields whose piece
//! stays all stop a step; chains and rotations into vacated fields succeed. A failed step ends
//! that piece's stack.

use super::event::{Block, Event};
use super::rules::GridRules;
use super::state::{Dir, Edge, Field, Order, Stamp, State};
use super::Table;

/// The wall unit a step from `from` in `dir` would cross.
pub(crate) fn wall_crossed(from: Field, dir: Dir) -> Option<(Field, Edge)> {
    let (c, r) = from;
    match dir {
        Dir::Right => Some(((c, r), Edge::East)),
        Dir::Down => Some(((c, r), Edge::South)),
        Dir::Left if c > 1 => Some(((c - 1, r), Edge::East)),
        Dir::Up if r > 1 => Some(((c, r - 1), Edge::South)),
        _ => None,
    }
}

/// The field one step away, if it is on the board and no wall is crossed.
pub fn step_to(rules: &GridRules, s: &State, from: Field, dir: Dir) -> Result<Field, Block> {
    let (dc, dr) = dir.delta();
    let (c, r) = (from.0 as i32 + dc, from.1 as i32 + dr);
    if !rules.on_board(c, r) {
        return Err(Block::Edge);
    }
    if let Some((field, edge)) = wall_crossed(from, dir) {
        if s.is_wall(field, edge) {
            return Err(Block::Wall { field, edge });
        }
    }
    Ok((c as u8, r as u8))
}

/// The steps the walls stop, field by field: `step_to` without searching the wall set (the
/// computer seats' path search asks for every field it reaches). The inverse of
/// `wall_crossed`: an east wall stops the step right from its field and left into it, a south
/// wall the step down from its field and up into it.
#[derive(Default)]
pub struct WallMap {
    /// One bit per direction (`Dir as usize`) for each field, row by row.
    stopped: Vec<u8>,
    /// The same read the other way, one bit set per field (row by row, 64 fields to a word)
    /// for each direction (`Dir as usize`) a step may take from it: the path search moves a
    /// whole set of fields a step at once.
    open: [Vec<u64>; 4],
    /// The board and walls the map was filled for: walls are set up before play, so a map is
    /// filled once and only checked after that.
    made_for: (u8, u8, Vec<u32>),
    /// The stamp of the walls it was last found to hold for (`Walls`).
    stamp: Stamp,
}

impl WallMap {
    /// Fill the map for this board and its walls (reusing the table); true when it changed.
    pub fn fill(&mut self, rules: &GridRules, s: &State) -> bool {
        let (columns, rows, walls) = &mut self.made_for;
        if (*columns, *rows) == (rules.columns, rules.rows) {
            // The same stamp is the same walls; other walls may still stand in the same
            // places (a saved game read again), and then the map holds too.
            if self.stamp == s.walls.stamp() {
                return false;
            }
            if walls[..] == *s.walls.keys() {
                self.stamp = s.walls.stamp();
                return false;
            }
        }
        self.stamp = s.walls.stamp();
        (*columns, *rows) = (rules.columns, rules.rows);
        walls.clear();
        walls.extend_from_slice(s.walls.keys());
        self.stopped.clear();
        self.stopped
            .resize(rules.columns as usize * rules.rows as usize, 0);
        // The board's edges stop a step as a wall does (a search then needs no bounds check).
        let (columns, rows) = (rules.columns, rules.rows);
        for c in 1..=columns {
            self.stop(rules, (c, 1), Dir::Up);
            self.stop(rules, (c, rows), Dir::Down);
        }
        for r in 1..=rows {
            self.stop(rules, (1, r), Dir::Left);
            self.stop(rules, (columns, r), Dir::Right);
        }
        for (c, r, edge) in &s.walls {
            let (dir, back, (c2, r2)) = match edge {
                Edge::East => (Dir::Right, Dir::Left, (c + 1, r)),
                Edge::South => (Dir::Down, Dir::Up, (c, r + 1)),
            };
            self.stop(rules, (c, r), dir);
            self.stop(rules, (c2, r2), back);
        }
        // Padded with empty words to the width the path search works in (`search_width`).
        let words = search_width(self.stopped.len().div_ceil(64));
        for d in Dir::ALL {
            let open = &mut self.open[d as usize];
            open.clear();
            open.resize(words, 0);
            for (i, &stopped) in self.stopped.iter().enumerate() {
                if stopped & (1 << d as u8) == 0 {
                    open[i / 64] |= 1 << (i % 64);
                }
            }
        }
        true
    }

    /// The fields a step in `dir` may leave from, as bits (field `i` row by row is bit
    /// `i % 64` of word `i / 64`; none past the board's last field), in `search_width` words.
    pub fn open(&self, dir: Dir) -> &[u64] {
        &self.open[dir as usize]
    }

    fn index(&self, f: Field) -> usize {
        field_index(f, self.made_for.0 as usize)
    }

    fn stop(&mut self, rules: &GridRules, f: Field, dir: Dir) {
        if rules.on_board(f.0 as i32, f.1 as i32) {
            let i = self.index(f);
            self.stopped[i] |= 1 << dir as u8;
        }
    }

    /// Does a wall or the board's edge stop this step from the field at `index` (row by row)?
    pub fn stops(&self, index: usize, dir: Dir) -> bool {
        self.stopped_from(index) & (1 << dir as u8) != 0
    }

    /// The steps stopped from the field at `index`: one bit per direction (`Dir as u8`).
    pub(crate) fn stopped_from(&self, index: usize) -> u8 {
        self.stopped[index]
    }

    /// The field one step away, as `step_to` answers it.
    pub fn step(&self, rules: &GridRules, from: Field, dir: Dir) -> Option<Field> {
        let (dc, dr) = dir.delta();
        let (c, r) = (from.0 as i32 + dc, from.1 as i32 + dr);
        let stopped = self.stopped[self.index(from)] & (1 << dir as u8) != 0;
        (rules.on_board(c, r) && !stopped).then_some((c as u8, r as u8))
    }
}

/// A field's index, row by row from 0 (the wall map's and the path search's numbering).
pub(crate) fn field_index(f: Field, columns: usize) -> usize {
    (f.1 as usize - 1) * columns + (f.0 as usize - 1)
}

/// The words a set of fields is held in for the path search, for a board of `words` words:
/// one of a few fixed widths, so the search's loops over a set have a length known when
/// compiled (unrolled, no bounds check; the standard 13x19 board fits 4). A 60x60 board, the
/// largest, needs 57.
pub fn search_width(words: usize) -> usize {
    match words {
        0..=4 => 4,
        5..=8 => 8,
        9..=16 => 16,
        17..=32 => 32,
        _ => 64,
    }
}

/// One step's lists, kept between steps and rounds (every round moves): who steps where, the
/// judgement of each, and the fields they aim at.
#[derive(Default)]
struct Steps {
    movers: Vec<(usize, Dir)>,
    result: Vec<Result<Field, Block>>,
    targets: Vec<Option<Field>>,
    /// The walls as a map, filled once per set of walls: a step judged is read from it, not
    /// searched for in the walls (only a stopped step asks `step_to` why).
    walls: WallMap,
}

/// `judge` of `lists.movers`, into `lists.result` (`lists.walls` filled for these walls).
fn judge_into(rules: &GridRules, s: &State, lists: &mut Steps) {
    let Steps {
        movers,
        result: out,
        targets,
        walls,
        ..
    } = lists;
    let from = |i: usize| {
        s.pieces[movers[i].0]
            .at
            .expect("a moving piece stands on the board")
    };
    out.clear();
    targets.clear();
    for (i, &(_, d)) in movers.iter().enumerate() {
        let to = match walls.step(rules, from(i), d) {
            Some(to) => Ok(to),
            None => step_to(rules, s, from(i), d),
        };
        out.push(to);
        targets.push(to.ok());
    }
    // Every pair of steps compared without a branch a pair (which steps meet, the processor
    // cannot guess), fields as numbers (0: none), the pairs met kept as sets of movers.
    let key = |f: Option<Field>| f.map_or(0, |(c, r)| (c as u16) << 8 | r as u16);
    for i in 0..movers.len() {
        let (to, here) = (key(targets[i]), key(Some(from(i))));
        let (mut same, mut swap) = (0u64, 0u64);
        for (j, &other) in targets.iter().enumerate() {
            same |= ((key(other) == to) as u64) << j;
            swap |= ((to == key(Some(from(j)))) as u64 & (key(other) == here) as u64) << j;
        }
        let others = !(1u64 << i);
        if swap & others != 0 {
            // Two pieces swapping fields both fail: they cannot pass through each other
            // (DATC 6.E.2); the last such mover is named, as a pass over them would.
            let j = 63 - (swap & others).leading_zeros() as usize;
            out[i] = Err(Block::Swap { with: movers[j].0 });
        } else if to != 0 && same & others != 0 {
            // Two or more pieces stepping into the same field all fail (DATC 6.A.11,
            // 6.A.12: no "first two bounce, the third goes in").
            out[i] = Err(Block::Contested);
        }
    }
    // A step into a field whose piece stays fails; repeat until nothing changes, so a failure
    // can stop a chain behind it, while a chain or a rotation that all moves succeeds (6.C.1).
    // Who stands where and who leaves are sets of seats (`State::seats_at`), found without a
    // branch a piece: which piece stands on a field, the processor cannot guess.
    let mut leaving = 0u64;
    for (&(p, _), r) in movers.iter().zip(out.iter()) {
        leaving |= (r.is_ok() as u64) << p;
    }
    loop {
        let mut changed = false;
        for i in 0..movers.len() {
            let Ok(f) = out[i] else { continue };
            // The first piece there (`piece_at`), which stays.
            let there = s.seats_at(f);
            let occupant = there & there.wrapping_neg();
            if occupant & !leaving != 0 {
                out[i] = Err(Block::Occupied {
                    by: occupant.trailing_zeros() as usize,
                });
                leaving &= !(1 << movers[i].0);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// Carry out every move order of the round, step by step; `moved` is set to who moved at
/// least once.
pub(crate) fn move_all(t: &mut Table, orders: &[Option<Order>], moved: &mut Vec<usize>) {
    thread_local! {
        static STEPS: std::cell::RefCell<Steps> = std::cell::RefCell::new(Steps::default());
    }
    STEPS.with_borrow_mut(|lists| move_with(t, orders, lists, moved))
}

fn move_with(t: &mut Table, orders: &[Option<Order>], lists: &mut Steps, moved: &mut Vec<usize>) {
    // Walls change only between rounds: the map is checked once a round, not at every step.
    lists.walls.fill(t.rules, t.s);
    // The first step's movers: every seat that sealed a move, in seat order.
    lists.movers.clear();
    for (i, o) in orders.iter().enumerate() {
        if let Some(Order::Move(path)) = o {
            if let Some(&d) = path.first() {
                lists.movers.push((i, d));
            }
        }
    }
    moved.clear();
    for k in 0..3 {
        if lists.movers.is_empty() {
            break;
        }
        // Every step judged before any is applied; each event then moves only its own piece,
        // so the rest read the positions everyone was judged from.
        judge_into(t.rules, t.s, lists);
        // The next step's movers are kept in place from this step's (a pass over
        // every seat for each step asked three things of each, none the processor could
        // guess): a piece steps on while its steps succeed and its path goes on.
        let mut kept = 0;
        for m in 0..lists.movers.len() {
            let (p, dir) = lists.movers[m];
            let from = t.s.pieces[p].at.expect("placed");
            match lists.result[m] {
                Ok(to) => {
                    if k == 0 {
                        // Whoever stepped at all stepped first.
                        moved.push(p);
                    }
                    t.emit(Event::Step {
                        player: p,
                        from,
                        to,
                        dir,
                    });
                    if let Some(Some(Order::Move(path))) = orders.get(p) {
                        if let Some(&next) = path.get(k + 1) {
                            lists.movers[kept] = (p, next);
                            kept += 1;
                        }
                    }
                }
                Err(why) => t.emit(Event::Blocked {
                    player: p,
                    step: k as u8 + 1,
                    dir,
                    from,
                    why,
                }),
            }
        }
        lists.movers.truncate(kept);
    }
}
