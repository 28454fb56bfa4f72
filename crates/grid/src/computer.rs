//! The computer seats' player: a short list of priorities, the first that applies wins.
//! Distances are breadth-first searches that respect walls (not straight lines, which send a
//! piece at targets behind a wall). Ties are broken by the game's seed, so a game replays the
//! same, but no two games read alike.

use std::cell::RefCell;

use super::movement::{field_index, search_width, WallMap};
use super::rules::GridRules;
use super::state::{adjacent, Dir, Field, Order, Part, Path, State, Team, MOST_PIECES};

thread_local! {
    static SCRATCH: RefCell<Search> = RefCell::new(Default::default());
}

/// The order a computer seat seals this round.
pub fn order(rules: &GridRules, s: &State, me: usize) -> Order {
    SCRATCH.with_borrow_mut(|search| decide(rules, s, me, search))
}

fn decide(rules: &GridRules, s: &State, me: usize, search: &mut Search) -> Order {
    let p = &s.pieces[me];
    let (Some(at), Some(team)) = (p.at, p.team) else {
        return Order::Pray;
    };
    // One pass over the pieces: the enemies on the board (and whether one next to us is
    // awake), the teammates on the board (seat, field). Held in place and filled without a
    // branch a piece: every piece is written at the end of both lists, and each list's length
    // grows only by the piece that belongs there (which pieces do, the processor cannot guess).
    let mut enemies = [(0, 0); MOST_PIECES];
    let mut mates = [(0, (0, 0)); MOST_PIECES];
    let (mut n_enemies, mut n_mates) = (0, 0);
    let mut awake_enemy_near = false;
    for (i, q) in s.pieces.iter().enumerate().take(MOST_PIECES) {
        let f = q.at.unwrap_or((0, 0));
        let on = q.at.is_some();
        let enemy = on & (q.team == Some(team.other()));
        let mate = on & (i != me) & (q.team == Some(team));
        enemies[n_enemies] = f;
        n_enemies += enemy as usize;
        mates[n_mates] = (i as u8, f);
        n_mates += mate as usize;
        awake_enemy_near |= enemy & (q.stunned == 0) & adjacent(at, f);
    }
    let (enemies, mates) = (&enemies[..n_enemies], &mates[..n_mates]);
    let steps = rules.max_steps[p.sticker(Part::Feet).index()] as usize;
    let mut walk = |targets: &[Field]| walk(rules, s, me, at, targets, steps, search);
    // 1. The wonder's holder goes where the other team is: every neighbour converts.
    if p.wonder > 0 {
        if enemies.iter().any(|&f| adjacent(at, f)) {
            return Order::Attack;
        }
        return walk(enemies).unwrap_or(Order::Pray);
    }
    // 2. An enemy next to us that is awake and could gain its team something this round: attack.
    // The rulebook lets any attack stun whoever stands next to it, stunned or not (grid-game:
    // Attack); the computer's pieces choose not to stun a piece again while it is still
    // stunned, so no person is kept out of the game round after round: once it wakes it may
    // act (and be attacked) like everyone else. An enemy that can neither pray (no awake
    // teammate beside it) nor convert is left alone: two such enemies stunned each other each
    // time they woke, to the end of time, and no game of the steady player's ended.
    // A journal of an earlier release replays its computer's orders as they were then made:
    // any awake enemy beside it was attacked (`GridOptions::earlier_computer`).
    let gains = |s: &State| {
        s.earlier_computer || enemy_may_gain(s, at, team.other()) && attack_this_round(s, me)
    };
    if awake_enemy_near && gains(s) {
        return Order::Attack;
    }
    // 3. A teammate next to us who can pray: pray together.
    if mates
        .iter()
        .any(|&(i, f)| adjacent(at, f) && s.pieces[i as usize].stunned == 0)
    {
        return Order::Pray;
    }
    // 4. Our team holds a wonder: head for its victims, the enemies nearest the holder.
    let holder = mates
        .iter()
        .find(|&&(i, _)| s.pieces[i as usize].wonder > 0);
    if let Some(&(_, h)) = holder {
        let mut victims = [(0, 0); MOST_PIECES];
        let victims = &mut victims[..enemies.len()];
        victims.copy_from_slice(enemies);
        victims.sort_by_key(|&f| distance(f, h));
        if let Some(o) = walk(&victims[..victims.len().min(2)]) {
            return o;
        }
    }
    // 5. Otherwise join the nearest teammate to pray, or, alone, go after the other team.
    if mates.is_empty() {
        return walk(enemies).unwrap_or(Order::Pray);
    }
    // Two teammates who are each other's nearest walk towards each other and, close, step
    // into the one field between them together: both are blocked (grid-game: Movement), round
    // after round. Within a round's reach of each other the lower seat walks, the other waits.
    if waits_for_mate(s, me, at, mates, steps) {
        return Order::Pray;
    }
    let mut targets = [(0, 0); MOST_PIECES];
    for (t, &(_, f)) in targets.iter_mut().zip(mates) {
        *t = f;
    }
    walk(&targets[..mates.len()]).unwrap_or(Order::Pray)
}

/// Whether an awake piece of `enemy` next to `at` could gain its team something this round:
/// it holds the big wonder, or an awake teammate of its stands beside it (they may pray).
fn enemy_may_gain(s: &State, at: Field, enemy: Team) -> bool {
    let awake = |q: &super::state::Piece| q.team == Some(enemy) && q.stunned == 0;
    s.pieces.iter().enumerate().any(|(i, e)| {
        let Some(f) = e.at.filter(|&f| awake(e) && adjacent(at, f)) else {
            return false;
        };
        e.wonder > 0
            || s.pieces
                .iter()
                .enumerate()
                .any(|(j, m)| j != i && awake(m) && m.at.is_some_and(|g| adjacent(f, g)))
    })
}

/// Whether `me` attacks this round where attacking may gain: one round in two, by the seed,
/// the round and the seat. Two pairs side by side, each able to pray, attacking every round
/// would stun each other each time they woke, for ever; a mixed choice lets one side act
/// while the other lies stunned, and the game moves on.
fn attack_this_round(s: &State, me: usize) -> bool {
    let mut x = s.seed ^ (s.round as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= (me as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 31;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    (x >> 32) & 1 == 0
}

/// Whether `me`, at `at`, waits for its nearest teammate to come: that teammate is of a lower
/// seat, has no nearer teammate than `me`, both could reach the field between them this round
/// (by their feet; walls aside, as a guess of when their paths may cross), and it is coming:
/// a computer's piece walks by this same rule, any other seat only if its last step last round
/// was towards `me` (a person praying where she stands, or walking elsewhere, never comes, and
/// `me` would pray alone round after round).
fn waits_for_mate(s: &State, me: usize, at: Field, mates: &[(u8, Field)], steps: usize) -> bool {
    let Some(&(m, f)) = mates.iter().min_by_key(|&&(i, f)| (distance(at, f), i)) else {
        return false;
    };
    let m = m as usize;
    let d = distance(at, f);
    let nearer = mates
        .iter()
        .any(|&(i, g)| i as usize != m && (distance(f, g), i as usize) < (d, me));
    let awake = s.pieces[m].stunned == 0;
    // An earlier release waited for any teammate (`GridOptions::earlier_computer`), a later
    // one for any that walked (`GridOptions::earlier_mates`).
    let coming = s.earlier_computer
        || s.pieces[m].computer
        || matches!(s.revealed.get(m), Some(Some(Order::Move(path)))
            if s.earlier_mates || stepped_towards(path, f, at));
    m < me && !nearer && awake && coming && d as usize <= 2 * steps.max(1) + 1
}

/// Whether the last step of `path`, which ended at `f` (or was blocked there), was towards
/// `to`: the field it left (or would have) is farther from `to` than `f` is. A step moves
/// one field along one axis, so that is: `to` lies ahead of `f` along the step, or level.
fn stepped_towards(path: &super::state::Path, f: Field, to: Field) -> bool {
    let Some(last) = path.iter().last() else {
        return false;
    };
    let (dx, dy) = last.delta();
    (to.0 as i32 - f.0 as i32) * dx + (to.1 as i32 - f.1 as i32) * dy >= 0
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
    let trip = Trip {
        from,
        targets,
        turn,
        steps: steps.max(1),
    };
    let path = search.path(rules, s, &trip)?;
    Some(Order::Move(Path::of(path)))
}

/// Where a computer seat's path search starts and may end: from `from` to a free field next to
/// one of `targets`, directions tried from `turn` on, the first `steps` of the path wanted.
pub struct Trip<'a> {
    pub from: Field,
    pub targets: &'a [Field],
    pub turn: usize,
    pub steps: usize,
}

impl Trip<'_> {
    /// The four directions in the order this trip tries them, each with how far a step in it
    /// moves a field's index.
    fn directions(&self, columns: usize) -> [(Dir, isize); 4] {
        std::array::from_fn(|k| {
            let d = Dir::ALL[(k + self.turn) % 4];
            (d, offset(d, columns))
        })
    }
}

/// The indices of the fields on the board among the 8 around field `i` (grid-game: Attack ¶1;
/// fewer at the edge), fields numbered row by row from 0.
fn ring(i: usize, columns: usize, rows: usize) -> impl Iterator<Item = usize> {
    let (c, r) = (i % columns, i / columns);
    (r.saturating_sub(1)..(r + 2).min(rows)).flat_map(move |y| {
        (c.saturating_sub(1)..(c + 2).min(columns))
            .filter(move |&x| (x, y) != (c, r))
            .map(move |x| y * columns + x)
    })
}

/// The first steps of the path a computer seat would take (the search `walk` makes; the rule
/// tests compare it with a plain breadth-first search).
pub fn path_to(rules: &GridRules, s: &State, trip: &Trip) -> Option<Vec<Dir>> {
    SCRATCH.with_borrow_mut(|search| search.path(rules, s, trip).map(<[Dir]>::to_vec))
}

/// A path search's tables: sets of fields as bits, row by row, 64 fields to a word (every
/// field of a layer moved a step at once, a few words a step instead of a queue of fields).
#[derive(Default)]
struct Search {
    /// Layer `k` (words `k * W ..` for the search's width `W`): the fields `k` steps from the
    /// nearest place the search may end, a free field next to a target (grid-game: Attack ¶1,
    /// the 8 fields around).
    layers: Vec<u64>,
    walls: WallMap,
    /// On a board of at most `TABLE_FIELDS` fields, every field's distance to every other
    /// around the walls, filled when the walls change (they are set up before play).
    distances: Distances,
    /// The path found, first step first.
    path: Vec<Dir>,
}

/// The largest board (in fields) whose distances are kept in a table: a distance is then at
/// most 254 steps and fits a byte (255 is "walled off"), and the standard board's table is
/// 61 KB. Larger boards search a layer at a time.
const TABLE_FIELDS: usize = 255;

/// The steps between two fields around the walls, `WALLED_OFF` when none lead there: row
/// `from` of `fields` bytes, fields row by row. Pieces stand in no one's way (only walls and
/// the edge stop a step), so the table holds while the walls do.
#[derive(Default)]
struct Distances {
    fields: usize,
    steps: Vec<u8>,
    /// Each field's neighbours on the board, the 8 fields around it (grid-game: Attack ¶1),
    /// and how many there are (fewer at the edge).
    around: Vec<([u8; 8], u8)>,
}

const WALLED_OFF: u8 = u8::MAX;

impl Distances {
    /// A breadth-first search from every field over the steps the walls leave open.
    fn fill(&mut self, walls: &WallMap, columns: usize, fields: usize) {
        self.fields = fields;
        self.steps.clear();
        self.steps.resize(fields * fields, WALLED_OFF);
        let mut queue = Vec::with_capacity(fields);
        for from in 0..fields {
            let row = &mut self.steps[from * fields..(from + 1) * fields];
            row[from] = 0;
            queue.clear();
            queue.push(from);
            let mut next = 0;
            while let Some(&i) = queue.get(next) {
                next += 1;
                for d in Dir::ALL {
                    // The edge stops a step as a wall does: no index leaves the board.
                    if !walls.stops(i, d) {
                        let j = i.wrapping_add_signed(offset(d, columns));
                        if row[j] == WALLED_OFF {
                            row[j] = row[i] + 1;
                            queue.push(j);
                        }
                    }
                }
            }
        }
        let rows = fields / columns;
        self.around.clear();
        self.around.extend((0..fields).map(|i| {
            let mut around = ([0; 8], 0);
            for j in ring(i, columns, rows) {
                around.0[around.1 as usize] = j as u8;
                around.1 += 1;
            }
            around
        }));
    }

    /// Row `i`: the steps from field `i` to every field.
    fn from(&self, i: usize) -> &[u8] {
        &self.steps[i * self.fields..(i + 1) * self.fields]
    }
}

fn has(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 != 0
}

impl Search {
    /// The trip's first `steps` of a shortest path to a free field next to a target. The path
    /// is the one a breadth-first search from `from` would meet first, looking beyond fields in
    /// the order reached and trying directions from `turn` on: of all shortest paths, the first
    /// when their directions are read as words in that order. So the search measures every
    /// field's distance back from the ends (read from the distance table on a board that has
    /// one, else a layer at a time until it reaches `from`); then walks forward, each step in
    /// the first direction that comes one closer.
    fn path(&mut self, rules: &GridRules, s: &State, trip: &Trip) -> Option<&[Dir]> {
        let changed = self.walls.fill(rules, s);
        let fields = rules.columns as usize * rules.rows as usize;
        if fields <= TABLE_FIELDS {
            if changed || self.distances.fields != fields {
                self.distances
                    .fill(&self.walls, rules.columns as usize, fields);
            }
            return self.path_by_table(rules, s, trip);
        }
        let words = fields.div_ceil(64);
        // A fixed width for the board (`search_width`): most searches end within a few
        // layers, and a layer's loops of a width known when compiled cost a fraction of
        // loops over a length read at run time.
        match search_width(words) {
            4 => self.path_in::<4>(rules, s, trip),
            8 => self.path_in::<8>(rules, s, trip),
            16 => self.path_in::<16>(rules, s, trip),
            32 => self.path_in::<32>(rules, s, trip),
            _ => self.path_in::<64>(rules, s, trip),
        }
    }

    /// `path` read from the distance table: the search's layer `k` is the fields whose
    /// nearest end is `k` steps away, so the same walk forward finds the same path.
    fn path_by_table(&mut self, rules: &GridRules, s: &State, trip: &Trip) -> Option<&[Dir]> {
        let columns = rules.columns as usize;
        let idx = |f: Field| field_index(f, columns);
        // A field a piece stands on (ours included) is no place to end: as bits, 4 words
        // hold a board of `TABLE_FIELDS`.
        let mut taken = [0u64; 4];
        for i in s.pieces.iter().filter_map(|p| p.at.map(idx)) {
            taken[i / 64] |= 1 << (i % 64);
        }
        // The ends: the free fields of the 8 around each target (grid-game: Attack ¶1), a
        // field as its index (under 256 here). Written without a branch a field: each is
        // written at the end and counted when it is free.
        let table = &self.distances;
        let mut ends = [0u8; 8 * MOST_PIECES + 1];
        let mut n = 0;
        for &t in trip.targets.iter().take(MOST_PIECES) {
            let (ring, count) = table.around[idx(t)];
            for (k, e) in ring.into_iter().enumerate() {
                ends[n] = e;
                n += (k < count as usize && !has(&taken, e as usize)) as usize;
            }
        }
        let start = idx(trip.from);
        let here = table.from(start);
        let distance = ends[..n]
            .iter()
            .fold(WALLED_OFF, |near, &e| near.min(here[e as usize]));
        if distance == WALLED_OFF {
            return None;
        }
        // Only an end at the distance can be one step nearer from the next field (a step
        // changes a distance by one at most), and so on down the path: the ends kept shrink
        // to those every step so far leads to.
        let mut kept = 0;
        for i in 0..n {
            let e = ends[i];
            ends[kept] = e;
            kept += (here[e as usize] == distance) as usize;
        }
        let dirs = trip.directions(columns);
        self.path.clear();
        let mut at = start;
        for left in (0..distance).rev().take(trip.steps) {
            let near = &ends[..kept];
            let &(d, by) = dirs.iter().find(|&&(d, by)| {
                !self.walls.stops(at, d) && {
                    let there = table.from(at.wrapping_add_signed(by));
                    near.iter().any(|&e| there[e as usize] == left)
                }
            })?;
            at = at.wrapping_add_signed(by);
            let there = table.from(at);
            let mut still = 0;
            for i in 0..kept {
                let e = ends[i];
                ends[still] = e;
                still += (there[e as usize] == left) as usize;
            }
            kept = still;
            self.path.push(d);
        }
        Some(&self.path)
    }

    /// `path` with sets of fields in `W` words (the wall map's width).
    fn path_in<const W: usize>(
        &mut self,
        rules: &GridRules,
        s: &State,
        trip: &Trip,
    ) -> Option<&[Dir]> {
        let &Trip {
            from,
            targets,
            steps,
            ..
        } = trip;
        let columns = rules.columns as usize;
        let idx = |f: Field| field_index(f, columns);
        // The 8 fields around each target that are on the board (`ring`).
        let rows = rules.rows as usize;
        let mut layer = [0u64; W];
        for &t in targets {
            for i in ring(idx(t), columns, rows) {
                layer[i / 64] |= 1 << (i % 64);
            }
        }
        // A field a piece stands on (ours included) is no place to end.
        for f in s.pieces.iter().filter_map(|p| p.at) {
            let i = idx(f);
            layer[i / 64] &= !(1 << (i % 64));
        }
        let start = idx(from);
        let mut opens = [&[0u64; W]; 4];
        for d in Dir::ALL {
            // The wall map is filled at this width (`search_width`).
            opens[d as usize] = self.walls.open(d).try_into().ok()?;
        }
        let mut reached = layer;
        // The layers are kept from search to search (their length set here).
        self.layers.clear();
        self.layers.extend_from_slice(&layer);
        let mut distance = 0;
        while !has(&layer, start) {
            // The next layer: the fields not reached yet from which some step lands in this
            // one, all four directions in one pass over the words.
            layer = step_back(&layer, &mut reached, opens, columns as u32);
            // The words or-ed, not compared as an array: the array's compare read the layer
            // back in wide loads over the narrow writes just made, a stall.
            if layer.iter().fold(0, |all, &w| all | w) == 0 {
                return None;
            }
            self.layers.extend_from_slice(&layer);
            distance += 1;
        }
        // Forward from `from`, each step to the field one closer, by the first direction.
        let dirs = trip.directions(columns);
        self.path.clear();
        let mut at = start;
        for left in (0..distance).rev().take(steps) {
            let closer = &self.layers[left * W..(left + 1) * W];
            let &(d, by) = dirs.iter().find(|&&(d, by)| {
                has(opens[d as usize], at) && has(closer, at.wrapping_add_signed(by))
            })?;
            self.path.push(d);
            at = at.wrapping_add_signed(by);
        }
        Some(&self.path)
    }
}

/// One layer of the search back from the ends: field `i` joins the next layer when it is not
/// reached yet and some step open from it lands in `layer`. Sets of fields as bits, row by
/// row, in `W` words (a word past either end reads as empty); a step up or down moves a row
/// (`columns`, at most 60, under a word), left or right one bit.
fn step_back<const W: usize>(
    layer: &[u64; W],
    reached: &mut [u64; W],
    open: [&[u64; W]; 4],
    columns: u32,
) -> [u64; W] {
    let c = columns;
    let [up, down, left, right] = open;
    let mut next = [0u64; W];
    for i in 0..W {
        let mid = layer[i];
        let lo = if i > 0 { layer[i - 1] } else { 0 };
        let hi = if i + 1 < W { layer[i + 1] } else { 0 };
        // Up from i lands on i - columns, down on i + columns, left on i - 1, right on i + 1.
        let joins = (((mid << c) | (lo >> (64 - c))) & up[i])
            | (((mid >> c) | (hi << (64 - c))) & down[i])
            | (((mid << 1) | (lo >> 63)) & left[i])
            | (((mid >> 1) | (hi << 63)) & right[i]);
        let joins = joins & !reached[i];
        reached[i] |= joins;
        next[i] = joins;
    }
    next
}

/// How far one step moves a field's index (fields numbered row by row); the caller knows no
/// edge is in the way.
fn offset(d: Dir, columns: usize) -> isize {
    let (dc, dr) = d.delta();
    dr as isize * columns as isize + dc as isize
}
