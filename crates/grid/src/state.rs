//! The grid game's state: pieces with their stickers, notebook counts, stun and wonder; the
//! walls; the two power strips; the phase of the game and the orders sealed this round.

use serde::{Deserialize, Serialize};

use boardside_engine::bits::{ones_in, OnesIn};
use boardside_engine::game::Aside;
use boardside_engine::inline::{Held, Inline};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Team {
    Scientists,
    Religionists,
}

impl Team {
    pub const BOTH: [Team; 2] = [Team::Scientists, Team::Religionists];
    /// The teams' `word`s, in the order of `BOTH`.
    pub const WORDS: [&'static str; 2] = ["scientists", "religionists"];
    pub fn other(self) -> Team {
        match self {
            Team::Scientists => Team::Religionists,
            Team::Religionists => Team::Scientists,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn word(self) -> &'static str {
        match self {
            Team::Scientists => "scientists",
            Team::Religionists => "religionists",
        }
    }
    pub fn parse(w: &str) -> Option<Team> {
        match w.to_ascii_lowercase().as_str() {
            "scientists" | "scientist" => Some(Team::Scientists),
            "religionists" | "religionist" => Some(Team::Religionists),
            _ => None,
        }
    }
}

/// A sticker's colour: the strength of feet, hands or head.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    #[default]
    Green,
    Yellow,
    Red,
}

impl Level {
    /// In order: a sticker's level by its index.
    pub const ALL: [Level; 3] = [Level::Green, Level::Yellow, Level::Red];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn word(self) -> &'static str {
        match self {
            Level::Green => "green",
            Level::Yellow => "yellow",
            Level::Red => "red",
        }
    }
    pub fn parse(w: &str) -> Option<Level> {
        match w {
            "green" => Some(Level::Green),
            "yellow" => Some(Level::Yellow),
            "red" => Some(Level::Red),
            _ => None,
        }
    }
    pub fn next(self) -> Level {
        match self {
            Level::Green => Level::Yellow,
            _ => Level::Red,
        }
    }
}

/// The three sticker places of a piece, each upgraded by its own action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    Feet,
    Hands,
    Head,
}

impl Part {
    pub fn word(self) -> &'static str {
        match self {
            Part::Feet => "feet",
            Part::Hands => "hands",
            Part::Head => "head",
        }
    }
    pub fn parse(w: &str) -> Option<Part> {
        match w {
            "feet" => Some(Part::Feet),
            "hands" => Some(Part::Hands),
            "head" => Some(Part::Head),
            _ => None,
        }
    }
    /// The action whose count upgrades this part.
    pub fn action(self) -> Action {
        match self {
            Part::Feet => Action::Move,
            Part::Hands => Action::Attack,
            Part::Head => Action::Pray,
        }
    }
}

/// What the notebook counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Move,
    Attack,
    Pray,
}

impl Action {
    pub fn word(self) -> &'static str {
        match self {
            Action::Move => "move",
            Action::Attack => "attack",
            Action::Pray => "pray",
        }
    }
    pub fn part(self) -> Part {
        match self {
            Action::Move => Part::Feet,
            Action::Attack => Part::Hands,
            Action::Pray => Part::Head,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];
    pub fn word(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
    /// grid-game reading: row 1 is the top, so `up` is row - 1.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }
}

/// One sealed order: 1 to 3 move cards in order, or one attack, or one prayer/study.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    Move(Path),
    Attack,
    Pray,
}

/// The most move cards in one order (grid-game: Movement ¶1).
pub const MOST_CARDS: usize = 3;

/// A move order's cards, held in place: an order is plain data, made and copied without the
/// heap (the computer seats seal one each round).
pub type Path = Inline<Dir, MOST_CARDS>;

impl Held for Dir {
    const SPARE: Dir = Dir::Up;
    const TOO_MANY: &'static str = "at most three move cards";
}

/// The most pieces in a game: every player, and as many computer seats as even the teams
/// (grid-game: Preparation ¶1).
pub const MOST_PIECES: usize = 2 * super::family::MAX_HUMANS;

/// A round's orders by piece (None: a stunned piece sealed nothing), held in place: the reveal
/// that shows them every round needs no heap; saved as a plain list.
pub type RoundOrders = Inline<Option<Order>, MOST_PIECES>;

/// A team's pieces, by index.
pub type Members = smallvec::SmallVec<[usize; MOST_PIECES]>;

impl Held for Order {
    const SPARE: Order = Order::Attack;
    const TOO_MANY: &'static str = "more orders than a game has pieces";
}

/// Which edge of a field a wall unit stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    East,
    South,
}

impl Edge {
    pub fn word(self) -> &'static str {
        match self {
            Edge::East => "east",
            Edge::South => "south",
        }
    }
}

/// A field: (column, row), both from 1.
pub type Field = (u8, u8);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub name: String,
    pub team: Option<Team>,
    pub computer: bool,
    pub at: Option<Field>,
    /// Sticker levels of feet, hands and head.
    pub stickers: [Level; 3],
    /// Notebook counts of moves, attacks and prayers.
    pub counts: [u32; 3],
    /// Rounds still to sit out.
    pub stunned: u32,
    /// Stunned during this round: the countdown at its end skips it (the stun counts the
    /// rounds that follow).
    pub fresh_stun: bool,
    /// Rounds of the big wonder left.
    pub wonder: u32,
    /// Granted this round: it acts from the next round on.
    pub fresh_wonder: bool,
    pub converted: bool,
    /// This round's sealed order (never shown before the reveal).
    pub order: Option<Order>,
}

impl Piece {
    pub fn new(name: &str, team: Option<Team>, computer: bool) -> Piece {
        Piece {
            name: name.to_string(),
            team,
            computer,
            at: None,
            stickers: [Level::Green; 3],
            counts: [0; 3],
            stunned: 0,
            fresh_stun: false,
            wonder: 0,
            fresh_wonder: false,
            converted: false,
            order: None,
        }
    }
    pub fn sticker(&self, p: Part) -> Level {
        self.stickers[p as usize]
    }
    pub fn count(&self, a: Action) -> u32 {
        self.counts[a as usize]
    }
    /// Awake and not yet sealed: during the orders phase, a human piece that still owes one
    /// (both read, no branch between them: `State::owing_seats` asks it of every seat).
    pub(crate) fn owes_order(&self) -> bool {
        (self.stunned == 0) & self.order.is_none()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Sides chosen, walls set, before `start`.
    Setup,
    /// Pieces are placed by 2d20, in seat order.
    Placing {
        piece: usize,
    },
    /// Orders are being sealed.
    Orders,
    /// A full strip: a member of this team is drawn for the big wonder.
    Wonder {
        team: Team,
    },
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub phase: Phase,
    pub round: u32,
    pub pieces: Vec<Piece>,
    /// How many of the pieces are human players (the first ones, in seat order).
    pub humans: usize,
    /// Wall units, each on the east or south edge of a field.
    pub walls: Walls,
    /// The two power strips, by `Team::index`.
    pub strips: [u32; 2],
    pub strip_length: u32,
    /// Option `stunned_holder_converts`.
    pub stunned_holder_converts: bool,
    /// Stuns as an earlier release decided them (`GridOptions::earlier_stuns`).
    pub earlier_stuns: bool,
    /// The computer's orders as an earlier release decided them
    /// (`GridOptions::earlier_computer`).
    #[serde(default)]
    pub earlier_computer: bool,
    /// Wonders as an earlier release drew them (`GridOptions::earlier_wonders`).
    #[serde(default)]
    pub earlier_wonders: bool,
    /// A teammate's coming as an earlier release judged it (`GridOptions::earlier_mates`).
    #[serde(default)]
    pub earlier_mates: bool,
    /// Strips that filled this round and still await their wonder draw, in order.
    pub wonders_due: Vec<Team>,
    /// The orders revealed last, by piece (None: sealed nothing).
    pub revealed: Vec<Option<Order>>,
    pub winner: Option<Team>,
    /// Drawn from the seed: the computer seats' tie-breaks.
    pub seed: u64,
    /// Counted by `apply` for simulate, so it lists no events.
    #[serde(skip)]
    pub counts: Aside<Counts>,
}

/// What simulate reports of a grid game, counted by `Family::apply` as events are applied:
/// rounds begun, pieces converted, wonders granted.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counts {
    pub rounds: u64,
    pub conversions: u64,
    pub wonders: u64,
}

impl State {
    pub fn piece_at(&self, f: Field) -> Option<usize> {
        let seats = self.seats_at(f);
        (seats != 0).then(|| seats.trailing_zeros() as usize)
    }
    /// The seats standing on `f` as bits (at most one), every piece compared without a branch
    /// a piece: the step judgement asks it for every step, and which piece stands on a field
    /// is no pattern the processor could guess. Seats past a word's bits never exist
    /// (`MOST_PIECES`).
    pub(crate) fn seats_at(&self, f: Field) -> u64 {
        let mut seats = 0u64;
        for (j, p) in self.pieces.iter().enumerate().take(64) {
            let on = p.at.is_some_and(|at| (at.0 == f.0) & (at.1 == f.1));
            seats |= (on as u64) << j;
        }
        seats
    }
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.pieces
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
    }
    /// The team's pieces in seat order (held in place: asked for every round and every roll).
    pub fn team_members(&self, t: Team) -> Members {
        let mut members = Members::new();
        for (i, p) in self.pieces.iter().enumerate() {
            if p.team == Some(t) {
                members.push(i);
            }
        }
        members
    }
    /// The team's pieces that started with it, then those converted to it (a win names the
    /// converts apart).
    pub fn kept_and_converted(&self, t: Team) -> (Vec<usize>, Vec<usize>) {
        self.team_members(t)
            .into_iter()
            .partition(|&i| !self.pieces[i].converted)
    }
    /// May this piece seal an order this round?
    pub fn may_order(&self, i: usize) -> bool {
        self.phase == Phase::Orders && self.pieces[i].stunned == 0
    }
    /// The humans who still owe an order this round, in seat order (asked after every sealed
    /// order: listed only where wanted).
    pub fn owing(&self) -> OnesIn {
        ones_in(self.owing_seats())
    }
    /// `owing` as one bit a seat, found without a branch a seat (which seats still owe, the
    /// processor cannot guess): the random player counts them, then draws one.
    pub(crate) fn owing_seats(&self) -> u64 {
        if self.phase != Phase::Orders {
            return 0;
        }
        let mut seats = 0;
        // Seats past a word's bits are never human (`MAX_HUMANS`).
        for (i, p) in self.pieces.iter().take(self.humans.min(64)).enumerate() {
            seats |= (p.owes_order() as u64) << i;
        }
        seats
    }
    /// Does anyone still owe an order this round?
    pub fn anyone_owes(&self) -> bool {
        // Every human asked, none ending the look: the random player seals in no seat order,
        // so where the first that still owes sits is a branch the processor cannot guess.
        let humans = &self.pieces[..self.humans.min(self.pieces.len())];
        self.phase == Phase::Orders && humans.iter().fold(false, |any, p| any | p.owes_order())
    }
    pub fn is_wall(&self, f: Field, e: Edge) -> bool {
        self.walls.contains(&(f.0, f.1, e))
    }
}

/// The 8 fields around a field (grid-game: Attack ¶1), on or off the board.
pub fn around(f: Field) -> impl Iterator<Item = (i32, i32)> {
    let (c, r) = (f.0 as i32, f.1 as i32);
    (-1..=1)
        .flat_map(move |dc| (-1..=1).map(move |dr| (c + dc, r + dr)))
        .filter(move |&(x, y)| (x, y) != (c, r))
}

/// Are two fields neighbours among the 8 around?
/// Asked for every pair of pieces a round reads (attacks, prayers, conversions, the computer
/// seats): the three tests are combined without a branch, which the processor could not guess
/// on random positions.
#[inline]
pub fn adjacent(a: Field, b: Field) -> bool {
    // A difference of -1, 0 or 1 is 0, 1 or 2 once 1 is added (wrapping: one compare each).
    let near = |x: u8, y: u8| x.wrapping_sub(y).wrapping_add(1) < 3;
    near(a.0, b.0) & near(a.1, b.1) & (a != b)
}

/// The wall units standing (field and edge), in order, each packed into one number (column,
/// row, edge): the computer seats' path search checks its wall map against them on every
/// search, and two lists of plain numbers compare as plain memory (a list of tuples compares
/// field by field). Saved as a list of (column, row, edge), as before.
///
/// Each set of walls also carries a stamp, new whenever walls are made or changed and kept by
/// a copy: a wall map made for the same stamp was made for the same walls, so the path search
/// (asked several times a round) knows its map holds without comparing the lists.
#[derive(Clone, Default)]
pub struct Walls(Vec<u32>, Stamp);

/// A set of walls' stamp (`Walls`): 0 for the empty walls of `Default`, else drawn from a count
/// shared by every thread, so no two sets of walls made apart ever share one.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Stamp(u64);

impl Stamp {
    fn new() -> Stamp {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Stamp(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

/// Walls are the same walls when they stand in the same places, whatever their stamps.
impl PartialEq for Walls {
    fn eq(&self, other: &Walls) -> bool {
        self.0 == other.0
    }
}
impl Eq for Walls {}

/// A wall unit as one number; in the same order as the (column, row, edge) it stands for.
fn pack((c, r, e): (u8, u8, Edge)) -> u32 {
    (c as u32) << 16 | (r as u32) << 8 | e as u32
}

fn unpack(k: &u32) -> (u8, u8, Edge) {
    let edge = if k & 1 == 0 { Edge::East } else { Edge::South };
    ((k >> 16) as u8, (k >> 8) as u8, edge)
}

impl Walls {
    pub fn contains(&self, w: &(u8, u8, Edge)) -> bool {
        self.0.binary_search(&pack(*w)).is_ok()
    }
    pub fn insert(&mut self, w: (u8, u8, Edge)) {
        if let Err(i) = self.0.binary_search(&pack(w)) {
            self.0.insert(i, pack(w));
            self.1 = Stamp::new();
        }
    }
    pub fn remove(&mut self, w: &(u8, u8, Edge)) {
        if let Ok(i) = self.0.binary_search(&pack(*w)) {
            self.0.remove(i);
            self.1 = Stamp::new();
        }
    }
    /// The stamp of these walls as they stand (`Walls`).
    pub fn stamp(&self) -> Stamp {
        self.1
    }
    pub fn iter(&self) -> WallIter<'_> {
        self.0.iter().map(unpack)
    }
    /// The walls as the packed numbers (what a wall map was made for).
    pub fn keys(&self) -> &[u32] {
        &self.0
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The walls in order, as (column, row, edge).
pub type WallIter<'a> = std::iter::Map<std::slice::Iter<'a, u32>, fn(&u32) -> (u8, u8, Edge)>;

impl FromIterator<(u8, u8, Edge)> for Walls {
    fn from_iter<I: IntoIterator<Item = (u8, u8, Edge)>>(iter: I) -> Self {
        let mut v: Vec<u32> = iter.into_iter().map(pack).collect();
        v.sort_unstable();
        v.dedup();
        Walls(v, Stamp::new())
    }
}

impl<'a> IntoIterator for &'a Walls {
    type Item = (u8, u8, Edge);
    type IntoIter = WallIter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

boardside_engine::shown_and_saved_as_list!(Walls);

/// A saved list is read in any order (kept sorted, once each).
impl<'de> Deserialize<'de> for Walls {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<(u8, u8, Edge)>::deserialize(d)?.into_iter().collect())
    }
}
