//! The commands that are legal now: the device's menus and the random simulator choose only
//! from these, so neither can offer an illegal move. Rolls come without dice (chance fills them).

use super::building::{build_step, buildable, can_build, sell_step};
use super::command::{Command, Item, TaxChoice, Trade};
use super::mortgage::{can_unmortgage, mortgage_ok};
use super::ruleset::{Effect, Ruleset};
use super::state::{Lot, Pending, SquareSet, State};
use super::trade::can_trade;
use super::{auction, autoresolve, jail};
use boardside_engine::in_place::PushInPlace;

pub fn legal(rules: &Ruleset, s: &State) -> Vec<Command> {
    let mut out = Vec::new();
    legal_into(rules, s, &mut out);
    out
}

/// `legal`, added to `out` (a list the caller reuses).
pub(crate) fn legal_into(rules: &Ruleset, s: &State, out: &mut Vec<Command>) {
    if s.over {
        return;
    }
    match s.top() {
        Some(Pending::FirstRoll { .. }) | Some(Pending::UtilityRoll { .. }) => {
            out.push_in_place(|| Command::Roll { dice: None })
        }
        Some(Pending::Buy { player, square, .. }) => {
            if s.cash(*player) >= rules.squares[*square].price().unwrap_or(0) {
                out.push_in_place(|| Command::Buy);
            }
            out.push_in_place(|| Command::Decline);
            // Anyone may deal while a purchase waits (`may_manage`), not only the buyer.
            let everyone: Vec<usize> = s.active_players().collect();
            management(rules, s, &everyone, out);
        }
        Some(Pending::Auction(a)) => {
            out.push_in_place(|| Command::Close);
            let sizes = BidSizes::of(rules, s, a);
            for p in (0..a.open.len()).filter(|&p| a.open[p]) {
                if a.high.map(|(h, _)| h) != Some(p) {
                    out.push_in_place(|| Command::Pass { player: p });
                }
                for amount in sizes.for_player(s, a, p) {
                    out.push_in_place(|| Command::Bid { player: p, amount });
                }
            }
        }
        Some(Pending::Tax { .. }) => {
            out.push_in_place(|| Command::Tax {
                choice: TaxChoice::Flat,
            });
            out.push_in_place(|| Command::Tax {
                choice: TaxChoice::Percent,
            });
        }
        Some(Pending::Debt(d)) => {
            if s.cash(d.debtor) >= d.amount {
                out.push_in_place(|| Command::Pay);
            } else if autoresolve::plan(rules, s).is_ok() {
                out.push_in_place(|| Command::Resolve);
            }
            out.push_in_place(|| Command::Concede);
            let everyone: Vec<usize> = s.active_players().collect();
            management(rules, s, &everyone, out);
        }
        Some(Pending::Card { deck, .. }) => {
            for card in s.decks[*deck].cards() {
                out.push_in_place(|| Command::Draw { deck: *deck, card });
            }
        }
        Some(Pending::Mortgaged { player, squares }) => {
            for sq in squares.iter() {
                out.push_in_place(|| Command::Keep { square: sq });
                if s.cash(*player) >= rules.mortgage_value(sq) + rules.interest(sq) {
                    out.push_in_place(|| Command::Unmortgage { square: sq });
                }
            }
        }
        Some(Pending::Shortage { hotel, wishes, .. }) => {
            out.push_in_place(|| Command::WantNone);
            for p in (0..wishes.len()).filter(|&p| wishes[p].is_none()) {
                let most = super::building::capacity(rules, s, p, *hotel).clamp(0, 255) as u8;
                for count in 0..=most {
                    out.push_in_place(|| Command::Want { player: p, count });
                }
            }
        }
        Some(Pending::Place { player, hotel }) => {
            for sq in s.owned_by(*player) {
                if can_build(rules, s, sq).is_ok_and(|st| st.hotel() == *hotel) {
                    out.push_in_place(|| Command::Build { square: sq });
                }
            }
        }
        None => {
            turn_commands(rules, s, out);
            claims(s, out);
            let everyone: Vec<usize> = s.active_players().collect();
            management(rules, s, &everyone, out);
            trades(rules, s, out);
        }
    }
}

/// The sizes of bid an auction offers now: the floor, or with free bidding four sizes (the
/// floor, ten more, half the printed price, the printed price), each once, smallest first. An
/// array: asked for every bid the random player considers.
pub struct BidSizes {
    /// The distinct sizes, ascending, in `sizes[..count]`.
    sizes: [i64; 4],
    count: usize,
}

impl BidSizes {
    pub fn of(rules: &Ruleset, s: &State, a: &super::state::Auction) -> BidSizes {
        let step = s.options.auction_step;
        let floor = auction::floor(step, a);
        let worth = match a.lot {
            Lot::Square(sq) => rules.squares[sq].price().unwrap_or(0),
            Lot::Building { .. } => floor,
        };
        let mut sizes = [floor, floor + 10, floor.max(worth / 2), floor.max(worth)];
        if step > 0 {
            return BidSizes { sizes, count: 1 };
        }
        sizes.sort_unstable();
        // Each size once: kept here, so that what a bidder may offer is a run from the
        // smallest (`count_for`), counted without walking a list.
        let mut count = 1;
        for i in 1..sizes.len() {
            if sizes[i] != sizes[count - 1] {
                sizes[count] = sizes[i];
                count += 1;
            }
        }
        BidSizes { sizes, count }
    }

    /// How many bids player `p` may make: none for the high bidder, else the sizes they can
    /// pay (the smallest ones, as the sizes are ascending).
    pub(crate) fn count_for(&self, s: &State, a: &super::state::Auction, p: usize) -> usize {
        if a.high.map(|(h, _)| h) == Some(p) {
            return 0;
        }
        let cash = s.cash(p);
        self.sizes[..self.count]
            .iter()
            .take_while(|&&amount| amount <= cash)
            .count()
    }

    /// The `k`th size, smallest first: a bidder may make the first `count_for` of them.
    pub fn nth(&self, k: usize) -> i64 {
        self.sizes[k]
    }

    /// The bids player `p` may make, smallest first.
    pub(crate) fn for_player<'a>(
        &'a self,
        s: &State,
        a: &super::state::Auction,
        p: usize,
    ) -> impl Iterator<Item = i64> + 'a {
        self.sizes[..self.count_for(s, a, p)].iter().copied()
    }
}

/// What the turn offers when nothing is pending (sectionopoly: THE PLAY; JAIL ¶3): a player
/// starting their turn in jail has its ways out; otherwise a roll until the dice are thrown
/// (and again after doubles), then the end of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnOffers {
    Jail,
    Roll,
    End,
}

/// The one statement of that rule: the lister, the random player and its fast path
/// (`turn_verb`), who acts (`Game::to_act`), the prompt, the roll's and the end's checks and
/// the device's headline all ask it.
#[inline(always)]
pub fn turn_offers(s: &State) -> TurnOffers {
    let p = s.current;
    if s.players[p].jail.is_some() && !s.turn.rolled {
        TurnOffers::Jail
    } else if !s.turn.rolled || s.turn.roll_again {
        TurnOffers::Roll
    } else {
        TurnOffers::End
    }
}

/// Whose decision a command is: the player it names (a bid, a pass, a wish), the owner of
/// the square it names (building, selling, mortgaging, asking for rent), or the player the
/// game waits for (the roll, a purchase, a debt, jail, a tax, a card). None for what only the
/// table decides: deals, closing an auction, the time limit, corrections.
pub fn decided_by(s: &State, c: &Command) -> Option<usize> {
    match c {
        Command::Accept { player }
        | Command::Bid { player, .. }
        | Command::Pass { player }
        | Command::Want { player, .. } => Some(*player),
        Command::Build { square }
        | Command::Sell { square, .. }
        | Command::Mortgage { square }
        | Command::Unmortgage { square }
        | Command::Keep { square }
        | Command::Claim { square } => s.owner(*square),
        Command::Roll { .. }
        | Command::Buy
        | Command::Decline
        | Command::Resolve
        | Command::JailPay
        | Command::JailCard
        | Command::Tax { .. }
        | Command::Draw { .. }
        | Command::Pay
        | Command::Concede
        | Command::End => Some(s.acting_player()),
        Command::Close
        | Command::WantNone
        | Command::Trade(_)
        | Command::TimeUp
        | Command::Set(_) => None,
    }
}

/// The current player's turn verbs when nothing is pending: roll, end, leave jail.
pub fn turn_commands(rules: &Ruleset, s: &State, out: &mut Vec<Command>) {
    // Written in place (`PushInPlace`): this push, copied from the stack, waited on the
    // stack write (engine::in_place).
    match turn_offers(s) {
        TurnOffers::Jail => in_jail(rules, s, out),
        TurnOffers::Roll => out.push_in_place(|| Command::Roll { dice: None }),
        TurnOffers::End => out.push_in_place(|| Command::End),
    }
}

/// `turn_commands` for a player starting their turn in jail (apart: the usual turn is asked
/// for on nearly every decision the simulator makes).
#[inline(never)]
fn in_jail(rules: &Ruleset, s: &State, out: &mut Vec<Command>) {
    let p = s.current;
    out.push_in_place(|| Command::Roll { dice: None });
    let attempts = s.players[p].jail.unwrap_or(0);
    if jail::fine_allowed(s, attempts).is_ok() && s.cash(p) >= rules.jail_fine {
        out.push_in_place(|| Command::JailPay);
    }
    let has_card = s.players[p]
        .cards
        .iter()
        .any(|&(d, c)| rules.decks[d].cards[c as usize].effect == Effect::GetOutOfJail);
    if has_card {
        out.push_in_place(|| Command::JailCard);
    }
}

/// Rent that owners may still ask for.
pub fn claims(s: &State, out: &mut Vec<Command>) {
    for c in &s.claims {
        out.push_in_place(|| Command::Claim { square: c.square });
    }
}

/// Building, selling, mortgaging and lifting for these players' squares.
pub fn management(rules: &Ruleset, s: &State, players: &[usize], out: &mut Vec<Command>) {
    management_of(rules, s, players, Kinds::ALL, out)
}

/// Which kinds of management command to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kinds {
    pub build: bool,
    pub sell: bool,
    pub mortgage: bool,
    pub unmortgage: bool,
}

impl Kinds {
    pub const NONE: Kinds = Kinds {
        build: false,
        sell: false,
        mortgage: false,
        unmortgage: false,
    };
    pub const ALL: Kinds = Kinds {
        build: true,
        sell: true,
        mortgage: true,
        unmortgage: true,
    };
    pub const BUILD: Kinds = Kinds {
        build: true,
        ..Kinds::NONE
    };
}

/// The squares `management_of` looks at for `p`, in board order: every square `p` holds
/// when selling or mortgaging is asked; otherwise the lots that could take a building
/// (`building::buildable`) for building and `p`'s mortgaged squares for lifting. Found once a
/// look: most of the random player's looks find none and list nothing.
#[derive(Clone, Copy)]
pub struct LookedAt<'a> {
    rules: &'a Ruleset,
    s: &'a State,
    p: usize,
    kinds: Kinds,
}

#[inline(always)]
pub fn looked_at<'a>(rules: &'a Ruleset, s: &'a State, p: usize, kinds: Kinds) -> LookedAt<'a> {
    LookedAt { rules, s, p, kinds }
}

impl LookedAt<'_> {
    #[inline(always)]
    fn everything(&self) -> bool {
        self.kinds.sell || self.kinds.mortgage
    }

    /// The squares, as a set visited in board order.
    #[inline(always)]
    pub fn squares(&self) -> SquareSet {
        let (s, p, k) = (self.s, self.p, self.kinds);
        if self.everything() {
            return s.holdings[p];
        }
        let mut want = if k.unmortgage {
            s.holdings[p].and(&s.mortgaged)
        } else {
            SquareSet::default()
        };
        if k.build {
            want = want.or(&buildable(self.rules, s, p));
        }
        want
    }
}

/// `management` for only some kinds, in the same order: the random player decides what it
/// wants first and so never checks (and lists) what it would throw away.
pub(crate) fn management_of(
    rules: &Ruleset,
    s: &State,
    players: &[usize],
    kinds: Kinds,
    out: &mut Vec<Command>,
) {
    for &p in players {
        let squares = looked_at(rules, s, p, kinds).squares();
        if !squares.is_empty() {
            management_over(rules, s, p, kinds, &squares, out);
        }
    }
}

/// `management_of` for one player, over the squares `looked_at(..).squares()` found for them
/// (not empty): the random player finds them once to learn whether it looks at all.
pub(crate) fn management_over(
    rules: &Ruleset,
    s: &State,
    p: usize,
    kinds: Kinds,
    squares: &SquareSet,
    out: &mut Vec<Command>,
) {
    if super::dealing_allowed(s, p, true).is_err() {
        return;
    }
    // Building alone needs only the lots that could take a building (`building::buildable`,
    // visited in board order); the others would be refused by `build_step`.
    let is_whole = |g: usize| s.group_owner(g) == Some(p);
    if kinds == Kinds::BUILD {
        for sq in squares.iter() {
            let Some(g) = rules.squares[sq].group() else {
                continue;
            };
            // The group as it stands: kept by `apply` (`State::levels`), so read where asked.
            let now = s.group_now(g);
            if build_step(rules, s, sq, &now).is_ok_and(|st| s.cash(p) >= st.cost) {
                out.push_in_place(|| Command::Build { square: sq });
            }
        }
        return;
    }
    // Only the squares some asked kind could name (`looked_at`), in board order.
    for sq in squares.iter() {
        let Some(g) = rules.squares[sq].group() else {
            if kinds.unmortgage && s.mortgaged.contains(sq) && can_unmortgage(rules, s, sq).is_ok()
            {
                out.push_in_place(|| Command::Unmortgage { square: sq });
            }
            continue;
        };
        // The group as it stands, read only when some kind asked for needs it.
        let needed = (kinds.build && is_whole(g)) || kinds.sell || kinds.mortgage;
        if needed {
            let now = &s.group_now(g);
            if kinds.build
                && now.owner == Some(p)
                && build_step(rules, s, sq, now).is_ok_and(|st| s.cash(p) >= st.cost)
            {
                out.push_in_place(|| Command::Build { square: sq });
            }
            // A lot with no building, or a square not mortgaged, is the first refusal of
            // `sell_step` and `can_unmortgage`: asked here from the state, without the
            // call, for most of the squares a look visits.
            if kinds.sell && s.squares[sq].level > 0 && sell_step(rules, s, sq, now).is_ok() {
                out.push_in_place(|| Command::Sell {
                    square: sq,
                    all: false,
                });
            }
            // `sell SQ all` clears SQ's whole group, so any of its lots names it: also the
            // lot the even rule keeps from selling one step, one with none, and a group
            // whose top buildings the bank cannot break down (then the only way out).
            if kinds.sell && now.highest > 0 && rules.squares[sq].is_lot() {
                out.push_in_place(|| Command::Sell {
                    square: sq,
                    all: true,
                });
            }
            if kinds.mortgage && mortgage_ok(s, sq, g, now).is_ok() {
                out.push_in_place(|| Command::Mortgage { square: sq });
            }
        }
        if kinds.unmortgage && s.mortgaged.contains(sq) && can_unmortgage(rules, s, sq).is_ok() {
            out.push_in_place(|| Command::Unmortgage { square: sq });
        }
    }
}

/// A sample of sensible deals: any tradable square for its printed price in cash, and a
/// get-out card for 50.
pub fn trades(rules: &Ruleset, s: &State, out: &mut Vec<Command>) {
    let players: Vec<usize> = s.active_players().collect();
    for &from in &players {
        for sq in s.owned_by(from) {
            let price = rules.squares[sq].price().unwrap_or(0);
            for &to in &players {
                let tr = Trade {
                    from,
                    to,
                    give: smallvec::smallvec![Item::Square(sq)],
                    get: smallvec::smallvec![Item::Cash(price)],
                };
                if trade_ok(rules, s, &tr) {
                    out.push(Command::Trade(tr));
                }
            }
        }
        for &(deck, _) in s.players[from].cards.iter().take(1) {
            for &to in &players {
                let tr = Trade {
                    from,
                    to,
                    give: smallvec::smallvec![Item::Card(deck)],
                    get: smallvec::smallvec![Item::Cash(50)],
                };
                if trade_ok(rules, s, &tr) {
                    out.push(Command::Trade(tr));
                }
            }
        }
    }
}

/// Would `trade::trade` accept this deal now (turn and jail conditions and the deal itself)?
pub(crate) fn trade_ok(rules: &Ruleset, s: &State, tr: &Trade) -> bool {
    may_deal(s, tr.from, tr.to) && can_trade(rules, s, tr).is_ok()
}

/// May `a` and `b` make a deal now, whatever it holds: the one whose turn it is starts it
/// where deals are begun in one's own turn (suetology, scientopoly), and neither is where
/// dealing is barred (scientopoly ¶7: the SP Hole). The device offers deals by it.
pub fn may_deal(s: &State, a: usize, b: usize) -> bool {
    let (starter, other) = super::trade::parties(s, a, b);
    a != b
        && super::dealing_allowed(s, starter, true).is_ok()
        && super::dealing_allowed(s, other, false).is_ok()
}
