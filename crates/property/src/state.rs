//! The state of a property game: players, who owns what, buildings, bank supply, decks, the
//! turn in progress and the decisions the table still owes.

use serde::{Deserialize, Serialize};

use super::options::Options;
use super::ruleset::Ruleset;
use boardside_engine::deck::Deck;
use boardside_engine::dice::Dice;
use boardside_engine::game::Aside;
use boardside_engine::inline::Inline;
use boardside_engine::ledger::{Account, Ledger};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub position: usize,
    /// `Some(failed attempts)` while in jail.
    pub jail: Option<u8>,
    pub bankrupt: bool,
    /// Cards held: (deck, card).
    pub cards: Vec<(usize, u16)>,
    /// Status points (scientopoly); 0 in games without status.
    pub status: u8,
}

/// One square's holding. `level`: 0-4 houses, 5 = the top building (hotel / Command HQ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Holding {
    pub owner: Option<usize>,
    pub mortgaged: bool,
    pub level: u8,
}

pub const HOTEL: u8 = 5;

/// What the building and mortgage rules ask of a whole group (`State::group_now`): read in
/// one pass, so one lot's checks (build, sell, mortgage) do not each walk the group again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GroupNow {
    /// The player who owns every member, if one does.
    pub owner: Option<usize>,
    /// Some member is mortgaged.
    pub mortgaged: bool,
    /// The lowest and highest building level on the members.
    pub lowest: u8,
    pub highest: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Turn {
    pub rolled: bool,
    /// Doubles thrown in a row this turn.
    pub doubles: u8,
    /// Doubles oblige another roll.
    pub roll_again: bool,
    pub last_roll: Option<Dice>,
    /// The squares mortgaged this turn: the steady player lifts none of them before the turn
    /// is over (the 10% would be lost for nothing). Derived from this turn's events.
    #[serde(skip)]
    pub mortgaged: SquareSet,
}

/// What is for sale in an auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lot {
    Square(usize),
    /// One building from a short bank supply (sectionopoly: BUILDING SHORTAGES).
    Building {
        hotel: bool,
    },
}

/// A yes or no for each seat, held in place (an auction's bidders are read and copied on every
/// bid and pass); saved as a plain list.
pub type Seats = Inline<bool, { super::setup::MAX_PLAYERS }>;

/// A number for each seat, or none yet (the first roll's totals, the buildings each player
/// wants in a shortage), held in place; saved as a plain list.
pub type SeatCounts = Inline<Option<u8>, { super::setup::MAX_PLAYERS }>;

/// Seats in order (players tied on the first roll or for the win), held in place: an event is
/// then plain data, so the simulator's list of events is cleared without a pass; saved as a
/// plain list.
pub type SeatList = Inline<usize, { super::setup::MAX_PLAYERS }>;

/// Squares, held in place as one bit per square of the largest board a ruleset may have
/// (`ruleset::MAX_SQUARES`), listed in board order; saved as a plain list. A pending decision
/// holds one (the mortgaged squares a player received), and events carry pending decisions.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct SquareSet([u64; SQUARE_WORDS]);

const SQUARE_WORDS: usize = super::ruleset::MAX_SQUARES.div_ceil(64);

impl SquareSet {
    pub fn contains(&self, sq: usize) -> bool {
        self.0
            .get(sq / 64)
            .is_some_and(|w| w & (1 << (sq % 64)) != 0)
    }
    /// Add a square (one beyond the largest board is not a square: readers refuse it first).
    pub fn insert(&mut self, sq: usize) {
        if let Some(w) = self.0.get_mut(sq / 64) {
            *w |= 1 << (sq % 64);
        }
    }
    pub fn remove(&mut self, sq: usize) {
        if let Some(w) = self.0.get_mut(sq / 64) {
            *w &= !(1 << (sq % 64));
        }
    }
    /// (The words or-ed together, not asked one by one: no branch per word.)
    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |all, &w| all | w) == 0
    }
    /// The squares in both sets.
    pub fn and(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
    /// The squares of this set not in the other.
    pub fn without(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }
    /// The squares in either set.
    pub fn or(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
    /// The squares in board order.
    pub fn iter(&self) -> boardside_engine::bits::Ones<std::array::IntoIter<u64, SQUARE_WORDS>> {
        boardside_engine::bits::ones(self.0.into_iter())
    }
}

impl FromIterator<usize> for SquareSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut set = SquareSet::default();
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

boardside_engine::shown_and_saved_as_list!(SquareSet);

impl<'de> Deserialize<'de> for SquareSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<usize>::deserialize(d)?;
        match list.iter().find(|&&sq| sq >= super::ruleset::MAX_SQUARES) {
            Some(sq) => Err(serde::de::Error::custom(format!(
                "square {sq} is beyond the largest board ({} squares)",
                super::ruleset::MAX_SQUARES
            ))),
            None => Ok(list.into_iter().collect()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    pub lot: Lot,
    pub high: Option<(usize, i64)>,
    /// Players still bidding (not passed, in the game), by seat.
    pub open: Seats,
    /// The lowest acceptable first bid.
    pub min: i64,
}

/// What happens once a debt is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum After {
    Nothing,
    /// The forced jail fine: then leave jail and move by the roll (sectionopoly: WHITE ROOM ¶3).
    LeaveJailAndMove(u8),
    /// A service donation: then one status point (scientopoly ¶5).
    GainStatus {
        square: usize,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Debt {
    pub debtor: usize,
    /// Shown to the debtor already (then only `pay` settles it); an unasked debt is paid
    /// automatically when it reaches the top and the debtor has the money.
    pub asked: bool,
    /// None: owed to the bank.
    pub creditor: Option<usize>,
    pub amount: i64,
    pub why: Why,
    pub then: After,
}

/// A decision the table owes before play goes on. The last one pushed is answered first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Everyone rolls for the first turn; `rolls[p]` is Some once p rolled in this round.
    FirstRoll {
        contenders: Seats,
        rolls: SeatCounts,
    },
    Buy {
        player: usize,
        square: usize,
        /// The two-player offer to the other player, take it or leave it (scientopoly ¶4).
        #[serde(default)]
        second_offer: bool,
        /// Buying it counts an instant-service status point (an eligible landing).
        #[serde(default)]
        status_point: bool,
    },
    Auction(Auction),
    /// A tax square with a choice of flat or percentage, chosen before the worth is shown.
    Tax {
        player: usize,
        square: usize,
    },
    Debt(Debt),
    /// Physical decks: the table draws a card and names it.
    Card {
        player: usize,
        deck: usize,
    },
    /// Advance-to-utility card: roll the dice and pay ten times the roll.
    UtilityRoll {
        player: usize,
        square: usize,
    },
    /// Mortgaged squares received: lift each now, or pay the interest and keep it mortgaged.
    Mortgaged {
        player: usize,
        squares: SquareSet,
    },
    /// A building won at auction waits to be placed.
    Place {
        player: usize,
        hotel: bool,
    },
    /// sectionopoly: BUILDING SHORTAGES: someone builds while the bank may run short; each
    /// other player who could build says how many they want now (`want PLAYER N`).
    Shortage {
        builder: usize,
        square: usize,
        hotel: bool,
        /// Per player: how many they want (the builder 1; players who cannot build 0);
        /// None while unanswered.
        wishes: SeatCounts,
    },
}

/// Rent owed but not yet asked for (option `rent_must_be_asked`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    pub payer: usize,
    pub owner: usize,
    pub square: usize,
    pub amount: i64,
    pub working: RentWorking,
    /// The claim lapses when this player next rolls.
    pub lapses_on: usize,
    /// What paying it brings (a status point).
    pub then: After,
}

/// The arithmetic behind a rent, kept so the screen can show it: `base x times`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RentWorking {
    pub base: i64,
    pub times: i64,
    pub rule: RentRule,
}

impl RentWorking {
    pub fn amount(&self) -> i64 {
        self.base * self.times
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RentRule {
    Unimproved,
    /// Unimproved lot of a group one player owns: double rent.
    FullGroup,
    Houses {
        count: u8,
    },
    Hotel,
    /// Rent by the number of the group owned; `card` when a card doubles it.
    ByCount {
        owned: usize,
        card: bool,
    },
    /// Dice times the multiplier for the number owned.
    Dice {
        owned: usize,
    },
    /// A card's ten times a fresh roll.
    CardDice,
}

/// Why money moved: every payment carries its reason and its working.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    StartingMoney,
    Salary,
    Rent {
        square: usize,
        working: RentWorking,
    },
    Price {
        square: usize,
    },
    Bid {
        lot: Lot,
    },
    FlatTax {
        square: usize,
    },
    PercentTax {
        square: usize,
        worth: i64,
        percent: i64,
    },
    Card {
        deck: usize,
        card: u16,
    },
    Repairs {
        deck: usize,
        card: u16,
        houses: u32,
        hotels: u32,
    },
    JailFine,
    Build {
        square: usize,
    },
    SellBuilding {
        square: usize,
        steps: u8,
    },
    Mortgage {
        square: usize,
    },
    Unmortgage {
        square: usize,
        interest: i64,
    },
    Interest {
        square: usize,
    },
    Trade,
    Bankruptcy,
    Dealt {
        square: usize,
    },
    Correction,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub players: Vec<Player>,
    pub squares: Vec<Holding>,
    pub ledger: Ledger,
    pub houses: i64,
    pub hotels: i64,
    pub decks: Vec<Deck>,
    pub current: usize,
    pub turn: Turn,
    pub pending: Vec<Pending>,
    pub claims: Vec<Claim>,
    pub winner: Option<usize>,
    /// Players who share the win (a time-up valuation tie); empty otherwise.
    pub tied: Vec<usize>,
    pub over: bool,
    pub options: Options,
    /// The jail square (copied from the ruleset so `apply` needs nothing else).
    pub jail: usize,
    /// Per group: the player who owns every member, if one does. Derived from the squares'
    /// owners and kept by `apply` whenever an owner changes (rent and building ask it on every
    /// landing and every listing of what a player may build).
    pub whole: Vec<Option<usize>>,
    /// Per seat: how many groups the player owns whole (`whole` counted by owner). Kept by
    /// `apply` beside `whole` and checked by the invariants: a look at building by a player
    /// who owns no group whole (most of the random player's looks) is answered at once.
    #[serde(skip)]
    pub wholes: [u16; super::setup::MAX_PLAYERS],
    /// Per group, per seat: how many of the group's members the player owns. Kept by `apply`
    /// beside `whole` on each change of owner and checked by the invariants: rent on a station
    /// or a utility reads it, where it counted the group's owners at every such landing, and
    /// the group is owned whole when the count is its size. Wide enough for a group
    /// of every square of the largest board.
    #[serde(skip)]
    pub owned_in: Vec<[u16; super::setup::MAX_PLAYERS]>,
    /// Per group: its members' mortgages and building levels as `group_now` answers them (the
    /// owner aside, read from `whole`). Kept by `apply` on each change of a mortgage or a level
    /// and checked by the invariants: the building and mortgage rules and the management
    /// lister ask it of a group far more often than it changes.
    #[serde(skip)]
    pub levels: Vec<GroupNow>,
    /// Per player: the squares they own; and every mortgaged square. Derived like `whole`,
    /// kept by `apply` and checked by the invariants: the random player's look at a player's
    /// management visits only these, not every square on the board. Not part of
    /// the state as shown (`state`): the squares say it already.
    #[serde(skip)]
    pub holdings: Vec<SquareSet>,
    #[serde(skip)]
    pub mortgaged: SquareSet,
    /// Houses on every lot of a group before the top building: the ruleset's number, one less
    /// in the short game (SHORT GAME rule 2).
    pub houses_before_hotel: u8,
    /// Player-turns begun so far (kept by `apply`: simulate counts turns without reading
    /// every event).
    #[serde(default)]
    pub turns: u64,
    /// Who alone leads on status and how often that changed (kept by `apply` on each change
    /// of status): simulate's figure for a game played for status, read without its events.
    #[serde(skip)]
    pub status_lead: Aside<StatusLead>,
}

/// The sole leader on status, followed over a game.
#[derive(Debug, Clone, Copy, Default)]
pub struct StatusLead {
    last: Option<usize>,
    pub changes: u32,
}

impl StatusLead {
    /// After a change of status.
    pub(crate) fn see(&mut self, players: &[Player]) {
        let best = players.iter().map(|p| p.status).max().unwrap_or(0);
        let mut top = (0..players.len()).filter(|&p| players[p].status == best);
        if let (Some(p), None) = (top.next(), top.next()) {
            if self.last.is_some_and(|l| l != p) {
                self.changes += 1;
            }
            self.last = Some(p);
        }
    }
}

impl State {
    pub fn cash(&self, p: usize) -> i64 {
        self.ledger.cash(p)
    }
    pub fn in_game(&self, p: usize) -> bool {
        !self.players[p].bankrupt
    }
    pub fn active_players(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.players.len()).filter(|&p| self.in_game(p))
    }
    pub fn top(&self) -> Option<&Pending> {
        self.pending.last()
    }
    pub fn owner(&self, sq: usize) -> Option<usize> {
        self.squares[sq].owner
    }
    /// Squares a player owns, in board order.
    /// Work out `holdings` and `mortgaged` again from the squares (for a state put together by
    /// hand; play keeps them through `apply`).
    pub fn recount_holdings(&mut self) {
        for set in self.holdings.iter_mut() {
            *set = SquareSet::default();
        }
        self.mortgaged = SquareSet::default();
        for (sq, h) in self.squares.iter().enumerate() {
            if let Some(set) = h.owner.and_then(|p| self.holdings.get_mut(p)) {
                set.insert(sq);
            }
            if h.mortgaged {
                self.mortgaged.insert(sq);
            }
        }
    }
    pub fn owned_by(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        // Read from the player's set of squares, kept by `apply`: the management lister walks
        // this for every look at a player's squares.
        self.holdings[p].iter()
    }
    /// A group as it stands (kept by `apply`: `levels` and `whole`).
    pub(crate) fn group_now(&self, group: usize) -> GroupNow {
        GroupNow {
            owner: self.whole[group],
            ..self.levels[group]
        }
    }
    /// `group_now` worked out from the group's squares in one pass (what `apply` keeps and the
    /// invariants check).
    pub(crate) fn group_from_squares(&self, rules: &Ruleset, group: usize) -> GroupNow {
        let members = &rules.groups[group].members;
        let mut now = GroupNow {
            owner: self.whole[group],
            mortgaged: false,
            lowest: u8::MAX,
            highest: 0,
        };
        for &m in members {
            let h = &self.squares[m];
            now.mortgaged |= h.mortgaged;
            now.lowest = now.lowest.min(h.level);
            now.highest = now.highest.max(h.level);
        }
        now
    }
    /// Does one player own every square of the group?
    pub fn group_owner(&self, group: usize) -> Option<usize> {
        self.whole[group]
    }
    /// `group_owner` worked out from the squares (what `apply` keeps and the invariants check).
    pub(crate) fn owner_of_all(&self, rules: &Ruleset, group: usize) -> Option<usize> {
        let members = &rules.groups[group].members;
        let first = self.squares[members[0]].owner?;
        members
            .iter()
            .all(|&m| self.squares[m].owner == Some(first))
            .then_some(first)
    }
    pub fn group_has_buildings(&self, rules: &Ruleset, group: usize) -> bool {
        rules.groups[group]
            .members
            .iter()
            .any(|&m| self.squares[m].level > 0)
    }
    /// Houses and hotels standing on a player's lots.
    pub(crate) fn buildings_of(&self, p: usize) -> (u32, u32) {
        self.owned_by(p).fold((0, 0), |(h, t), sq| {
            let l = self.squares[sq].level;
            if l == HOTEL {
                (h, t + 1)
            } else {
                (h + l as u32, t)
            }
        })
    }
    pub fn account(p: Option<usize>) -> Account {
        match p {
            Some(p) => Account::Player(p),
            None => Account::Bank,
        }
    }
    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
    }
    /// The player the table is waiting on: the one a pending decision names, or the current player.
    pub fn acting_player(&self) -> usize {
        match self.top() {
            Some(Pending::Buy { player, .. })
            | Some(Pending::Tax { player, .. })
            | Some(Pending::Card { player, .. })
            | Some(Pending::UtilityRoll { player, .. })
            | Some(Pending::Mortgaged { player, .. })
            | Some(Pending::Place { player, .. }) => *player,
            Some(Pending::Debt(d)) => d.debtor,
            Some(Pending::Shortage {
                wishes, builder, ..
            }) => wishes.iter().position(|w| w.is_none()).unwrap_or(*builder),
            Some(Pending::FirstRoll { contenders, rolls }) => (0..contenders.len())
                .find(|&p| contenders[p] && rolls[p].is_none())
                .unwrap_or(0),
            _ => self.current,
        }
    }
}

/// Building counts per level: (houses, hotels) standing at that level.
pub(crate) fn level_buildings(level: u8) -> (i64, i64) {
    if level == HOTEL {
        (0, 1)
    } else {
        (level as i64, 0)
    }
}

/// Total worth for the percentage tax (sectionopoly: ABEYANCE): cash, the printed price of
/// every square owned, mortgaged or not, and the cost of the buildings.
pub(crate) fn total_worth(rules: &Ruleset, s: &State, p: usize) -> i64 {
    s.cash(p)
        + s.owned_by(p)
            .map(|sq| rules.squares[sq].price().unwrap_or(0) + building_value(rules, s, sq))
            .sum::<i64>()
}

/// What the buildings on a lot cost: a top building counts with the houses turned in for it.
pub(crate) fn building_value(rules: &Ruleset, s: &State, sq: usize) -> i64 {
    let cost = rules.squares[sq].build_cost().unwrap_or(0);
    let level = s.squares[sq].level;
    if level == HOTEL {
        cost * (s.houses_before_hotel as i64 + 1)
    } else {
        cost * level as i64
    }
}

/// What `sell SQ all` raises: every building on the lot's group, each lot's at half what it
/// cost (`debt::sell_all_buildings`).
pub fn group_resale(rules: &Ruleset, s: &State, sq: usize) -> i64 {
    rules.squares[sq].group().map_or(0, |g| {
        rules.groups[g]
            .members
            .iter()
            .map(|&m| building_value(rules, s, m) / 2)
            .sum()
    })
}

/// A player's worth as the end of the game values it (sectionopoly: SHORT GAME rule 5, also
/// used for the time-limit game): cash, printed price of unmortgaged squares, the mortgage
/// value (half of it) for mortgaged ones, buildings at cost. The one worth the table is shown:
/// the standings, the report's chart and the end of the game. (The Abeyance tax's "total
/// worth" counts mortgaged squares at full price: `total_worth`.)
pub fn valuation(rules: &Ruleset, s: &State, p: usize) -> i64 {
    s.cash(p)
        + s.owned_by(p)
            .map(|sq| {
                let land = if s.squares[sq].mortgaged {
                    rules.mortgage_value(sq)
                } else {
                    rules.squares[sq].price().unwrap_or(0)
                };
                land + building_value(rules, s, sq)
            })
            .sum::<i64>()
}
