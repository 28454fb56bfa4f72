//! Buildings (sectionopoly: SUBSTATIONS, COMMAND HEADQUARTERS, BUILDING SHORTAGES, SELLING
//! PROPERTY): whole unmortgaged group, even building and selling, houses then one hotel that
//! returns the houses, the bank's limited supply and auctions when it runs short.

use super::event::{Event, Note};
use super::purchase::open_auction_among;
use super::ruleset::Ruleset;
use super::state::{GroupNow, Lot, Pending, SeatCounts, SquareSet, State, Why, HOTEL};
use super::{debt, may_manage, Table};
use crate::Helpers as _;
use boardside_engine::ensure;
use boardside_engine::ledger::Account;
use boardside_engine::RuleError;

/// One building step on a lot: who pays, what it costs, the level it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub owner: usize,
    pub cost: i64,
    pub from: u8,
    pub to: u8,
}

impl Step {
    pub fn hotel(&self) -> bool {
        self.to == HOTEL
    }
}

/// Why a building step is refused: a small value, turned into a sentence only when a player
/// sees it (the menus and the simulator probe many lots; formatting each refusal was most of
/// their cost).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    NotALot,
    Unowned,
    GroupIncomplete { owner: usize, group: usize },
    Mortgaged { square: usize, group: usize },
    HasTop,
    Uneven { square: usize, lowest: u8 },
    NoHotels,
    NoHouses,
    NoBuildings,
    SellUneven { square: usize },
    CannotBreakDown,
}

impl Refusal {
    pub fn explain(self, rules: &Ruleset, s: &State, sq: usize) -> RuleError {
        let t = &rules.theme;
        let name = &rules.squares[sq].name;
        RuleError::new(match self {
            Refusal::NotALot => format!("{name} is not a lot: only lots take {}", t.houses),
            Refusal::Unowned => format!("nobody owns {name}"),
            Refusal::GroupIncomplete { owner, group } => format!(
                "{} must own all of {} to build",
                s.players[owner].name, rules.groups[group].name
            ),
            Refusal::Mortgaged { square, group } => format!(
                "{} is mortgaged: lift it before building on {}",
                rules.squares[square].name, rules.groups[group].name
            ),
            Refusal::HasTop => format!("{name} has a {} already; one per lot", t.hotel),
            Refusal::Uneven { square, lowest } => format!(
                "build evenly: {} has {lowest}, build there first",
                rules.squares[square].name
            ),
            Refusal::NoHotels => {
                format!(
                    "{} has no {} left: wait until one is sold back",
                    t.bank, t.hotels
                )
            }
            Refusal::NoHouses => {
                format!(
                    "{} has no {} left: wait until some are sold back",
                    t.bank, t.houses
                )
            }
            Refusal::NoBuildings => format!("{name} has no buildings to sell"),
            Refusal::SellUneven { square } => {
                format!(
                    "sell evenly: sell from {} first",
                    rules.squares[square].name
                )
            }
            Refusal::CannotBreakDown => format!(
                "{} has only {} {} to break the {} down: sell the group's buildings at once \
                 with `sell {} all`",
                t.bank, s.houses, t.houses, t.hotel, rules.squares[sq].id
            ),
        })
    }
}

/// May one more building go on this lot (cash aside)?
pub fn can_build(rules: &Ruleset, s: &State, sq: usize) -> Result<Step, Refusal> {
    let group = rules.squares[sq].group().ok_or(Refusal::NotALot)?;
    build_step(rules, s, sq, &s.group_now(group))
}

/// `can_build`, given the lot's group as it stands (read once by a caller asking about many
/// lots).
pub(crate) fn build_step(
    rules: &Ruleset,
    s: &State,
    sq: usize,
    now: &GroupNow,
) -> Result<Step, Refusal> {
    let square = &rules.squares[sq];
    let cost = square.build_cost().ok_or(Refusal::NotALot)?;
    let group = square.group().expect("lots have groups");
    let owner = s.owner(sq).ok_or(Refusal::Unowned)?;
    let members = &rules.groups[group].members;
    if now.owner != Some(owner) {
        return Err(Refusal::GroupIncomplete { owner, group });
    }
    if now.mortgaged {
        let m = members.iter().find(|&&m| s.squares[m].mortgaged);
        return Err(Refusal::Mortgaged {
            square: m.copied().unwrap_or(sq),
            group,
        });
    }
    let level = s.squares[sq].level;
    if level >= HOTEL {
        return Err(Refusal::HasTop);
    }
    let lowest = now.lowest;
    if level > lowest {
        let m = members
            .iter()
            .find(|&&m| s.squares[m].level == lowest)
            .copied()
            .unwrap_or(sq);
        return Err(Refusal::Uneven { square: m, lowest });
    }
    let to = if level >= s.houses_before_hotel {
        HOTEL
    } else {
        level + 1
    };
    if to == HOTEL && s.hotels <= 0 {
        return Err(Refusal::NoHotels);
    }
    if to != HOTEL && s.houses <= 0 {
        return Err(Refusal::NoHouses);
    }
    Ok(Step {
        owner,
        cost,
        from: level,
        to,
    })
}

/// Would this answer of `build_step` allow a building but for the bank's supply (and the
/// owner's cash, which it does not ask)? What `buildable` asks of each lot.
pub(crate) fn open_but_for_supply(answer: &Result<Step, Refusal>) -> bool {
    matches!(
        answer,
        Ok(_) | Err(Refusal::NoHouses) | Err(Refusal::NoHotels)
    )
}

/// The lots `p` could build on now but for their cash and the bank's supply: in a group they
/// own whole (`State::whole`), each lot `build_step` would open. A look at building asks this
/// of the few groups a player owns whole, not of every lot on the board.
pub fn buildable(rules: &Ruleset, s: &State, p: usize) -> SquareSet {
    let mut set = SquareSet::default();
    // No group whole, no lot (`State::wholes`, kept by `apply`): most looks end here.
    if s.wholes[p] == 0 {
        return set;
    }
    for (g, whole) in s.whole.iter().enumerate() {
        if *whole != Some(p) {
            continue;
        }
        let now = s.group_now(g);
        // A mortgaged member closes every lot of the group (`build_step`'s `Mortgaged`
        // refusal), answered once for the group.
        if now.mortgaged {
            continue;
        }
        for &m in &rules.groups[g].members {
            if open_but_for_supply(&build_step(rules, s, m, &now)) {
                set.insert(m);
            }
        }
    }
    set
}

pub(crate) fn check_build(rules: &Ruleset, s: &State, sq: usize) -> Result<Step, RuleError> {
    can_build(rules, s, sq).map_err(|r| r.explain(rules, s, sq))
}

pub fn build(t: &mut Table, sq: usize) -> Result<(), RuleError> {
    if let Some(Pending::Place { player, hotel }) = t.s.top().cloned() {
        return place(t, player, hotel, sq);
    }
    let step = check_build(t.rules, t.s, sq)?;
    may_manage(t, step.owner)?;
    ensure!(
        t.s.cash(step.owner) >= step.cost,
        "{} has {} and a {} on {} costs {}",
        t.name(step.owner),
        t.s.cash(step.owner),
        if step.hotel() {
            &t.rules.theme.hotel
        } else {
            &t.rules.theme.house
        },
        t.square_name(sq),
        step.cost
    );
    if t.s.options.building_auction && scarce(t.rules, t.s, step.owner, step.hotel()) {
        // The bank may run short: ask the others who could build how many they want now
        // (sectionopoly: BUILDING SHORTAGES is about wishes, not what could ever be built).
        let others = eligible(t.rules, t.s, step.hotel());
        let wishes = (0..t.s.players.len())
            .map(|p| {
                if p == step.owner {
                    Some(1)
                } else if others.contains(&p) {
                    None
                } else {
                    Some(0)
                }
            })
            .collect();
        t.emit(Event::Await {
            pending: Pending::Shortage {
                builder: step.owner,
                square: sq,
                hotel: step.hotel(),
                wishes,
            },
        });
        return Ok(());
    }
    t.pay(
        Account::Player(step.owner),
        Account::Bank,
        step.cost,
        Why::Build { square: sq },
    );
    t.emit(Event::Level {
        square: sq,
        from: step.from,
        to: step.to,
    });
    Ok(())
}

/// The winner of a building auction puts it on one of their lots (paid for by the bid).
fn place(t: &mut Table, player: usize, hotel: bool, sq: usize) -> Result<(), RuleError> {
    let step = check_build(t.rules, t.s, sq)?;
    ensure!(
        step.owner == player,
        "{} won the auction and places the building",
        t.name(player)
    );
    ensure!(
        step.hotel() == hotel,
        "the building won is a {}; {} takes a {} next",
        if hotel {
            &t.rules.theme.hotel
        } else {
            &t.rules.theme.house
        },
        t.square_name(sq),
        if step.hotel() {
            &t.rules.theme.hotel
        } else {
            &t.rules.theme.house
        }
    );
    t.emit(Event::Done);
    t.emit(Event::Level {
        square: sq,
        from: step.from,
        to: step.to,
    });
    Ok(())
}

/// Players who could put up a building of that kind now.
pub fn eligible(rules: &Ruleset, s: &State, hotel: bool) -> Vec<usize> {
    eligible_players(rules, s, hotel).collect()
}

/// `eligible`, without the list (a refusal is only a reason here, never words).
fn eligible_players<'a>(
    rules: &'a Ruleset,
    s: &'a State,
    hotel: bool,
) -> impl Iterator<Item = usize> + 'a {
    s.active_players().filter(move |&p| {
        s.owned_by(p).any(|sq| {
            can_build(rules, s, sq).is_ok_and(|st| st.hotel() == hotel && s.cash(p) >= st.cost)
        })
    })
}

/// How many houses (or hotels) a player could put up now, on complete unmortgaged groups.
pub fn capacity(rules: &Ruleset, s: &State, p: usize, hotel: bool) -> i64 {
    s.owned_by(p).map(|sq| room(rules, s, sq, hotel)).sum()
}

/// How many houses (or hotels) could go on this lot: none unless its group is owned whole and
/// unmortgaged.
fn room(rules: &Ruleset, s: &State, sq: usize, hotel: bool) -> i64 {
    let Some(g) = rules.squares[sq]
        .group()
        .filter(|_| rules.squares[sq].is_lot())
    else {
        return 0;
    };
    if !takes_buildings(rules, s, g) {
        return 0;
    }
    steps_left(s, sq, hotel)
}

/// Does this group take buildings: owned whole, none of it mortgaged?
fn takes_buildings(rules: &Ruleset, s: &State, g: usize) -> bool {
    s.group_owner(g).is_some()
        && !rules.groups[g]
            .members
            .iter()
            .any(|&m| s.squares[m].mortgaged)
}

/// How many houses (or the hotel) this lot could still take, its group aside.
fn steps_left(s: &State, sq: usize, hotel: bool) -> i64 {
    let level = s.squares[sq].level;
    let before_hotel = s.houses_before_hotel;
    if hotel {
        (level < HOTEL) as i64
    } else {
        before_hotel.saturating_sub(level.min(before_hotel)) as i64
    }
}

/// `want PLAYER N`: a player's answer in a possible shortage. When everyone has answered:
/// wishes beyond the bank's supply are auctioned among those who want some; otherwise the
/// builder builds and the others build on their turns as usual.
pub fn want(t: &mut Table, player: usize, count: u8) -> Result<(), RuleError> {
    let (builder, square, hotel, mut wishes) = asking(t)?;
    ensure!(
        wishes.get(player) == Some(&None),
        "{} is not asked how many {} they want",
        t.name(player),
        if hotel {
            &t.rules.theme.hotels
        } else {
            &t.rules.theme.houses
        }
    );
    let most = capacity(t.rules, t.s, player, hotel);
    ensure!(
        (count as i64) <= most,
        "{} could put up at most {most} now",
        t.name(player)
    );
    wishes[player] = Some(count);
    // Every check before the first event: the build must still be possible.
    let step = check_build(t.rules, t.s, square)?;
    t.emit(Event::Note(Note::Wish { player, count }));
    settle(t, builder, square, hotel, wishes, step);
    Ok(())
}

/// `want none`: the table's one answer to "anyone else building?": everyone not yet asked
/// wants none now, and the builder builds (or, with wishes already beyond the supply, the
/// auction opens).
pub(crate) fn want_none(t: &mut Table) -> Result<(), RuleError> {
    let (builder, square, hotel, mut wishes) = asking(t)?;
    let step = check_build(t.rules, t.s, square)?;
    for (player, w) in wishes.iter_mut().enumerate() {
        if w.is_none() {
            *w = Some(0);
            t.emit(Event::Note(Note::Wish { player, count: 0 }));
        }
    }
    settle(t, builder, square, hotel, wishes, step);
    Ok(())
}

/// The shortage being asked about: builder, square, hotel, the answers so far.
type Asking = (usize, usize, bool, SeatCounts);

fn asking(t: &Table) -> Result<Asking, RuleError> {
    match t.s.top().cloned() {
        Some(Pending::Shortage {
            builder,
            square,
            hotel,
            wishes,
        }) => Ok((builder, square, hotel, wishes)),
        _ => Err(RuleError::new("nobody is asking who wants to build")),
    }
}

/// With every answer in: an auction among those who want some when they want more than the
/// bank has, else the builder's building goes up. Until then the question stays open.
fn settle(
    t: &mut Table,
    builder: usize,
    square: usize,
    hotel: bool,
    wishes: SeatCounts,
    step: Step,
) {
    if wishes.iter().any(|w| w.is_none()) {
        t.emit(Event::Update {
            pending: Pending::Shortage {
                builder,
                square,
                hotel,
                wishes,
            },
        });
        return;
    }
    t.emit(Event::Done);
    let wanted: i64 = wishes.iter().map(|w| w.unwrap_or(0) as i64).sum();
    let supply = if hotel { t.s.hotels } else { t.s.houses };
    t.emit(Event::Note(Note::Shortage {
        wanted,
        supply,
        hotel,
    }));
    if wanted > supply {
        let bidders: Vec<usize> = (0..wishes.len())
            .filter(|&p| wishes[p].unwrap_or(0) > 0)
            .collect();
        // Only players who want the building take part; bidding opens at its price.
        open_auction_among(t, Lot::Building { hotel }, step.cost, &bidders);
    } else {
        t.pay(
            Account::Player(builder),
            Account::Bank,
            step.cost,
            Why::Build { square },
        );
        t.emit(Event::Level {
            square,
            from: step.from,
            to: step.to,
        });
    }
}

/// sectionopoly: BUILDING SHORTAGES ¶2: the bank's supply may be short when two or more players
/// wish to buy more than it has. What is asked now is the builder's one building; the others
/// who could build might want as many as their lots still take. Only when that could be more
/// than the bank has is the table asked (a full bank and one group each never stops a build).
pub fn scarce(rules: &Ruleset, s: &State, builder: usize, hotel: bool) -> bool {
    let supply = if hotel { s.hotels } else { s.houses };
    // First what every other owner of a whole group could ever put up, read group by group
    // (only groups owned whole and unmortgaged take buildings, `room`): within the supply,
    // no shortage, and the players need not be asked one by one (asked on every build).
    let mut most = 0;
    for (g, group) in rules.groups.iter().enumerate() {
        if s.group_owner(g) == Some(builder) || !takes_buildings(rules, s, g) {
            continue;
        }
        for &m in &group.members {
            if rules.squares[m].is_lot() {
                most += steps_left(s, m, hotel);
            }
        }
    }
    if most < supply {
        return false;
    }
    let others: i64 = eligible_players(rules, s, hotel)
        .filter(|&p| p != builder)
        .map(|p| capacity(rules, s, p, hotel))
        .sum();
    // Nobody else could build: no shortage to share out.
    others > 0 && 1 + others > supply
}

/// May one building step be sold from this lot?
pub(crate) fn can_sell(rules: &Ruleset, s: &State, sq: usize) -> Result<Step, Refusal> {
    if s.squares[sq].level == 0 {
        return Err(Refusal::NoBuildings);
    }
    let group = rules.squares[sq].group().expect("lots have groups");
    sell_step(rules, s, sq, &s.group_now(group))
}

/// `can_sell`, given the lot's group as it stands.
pub(crate) fn sell_step(
    rules: &Ruleset,
    s: &State,
    sq: usize,
    now: &GroupNow,
) -> Result<Step, Refusal> {
    let square = &rules.squares[sq];
    let level = s.squares[sq].level;
    if level == 0 {
        return Err(Refusal::NoBuildings);
    }
    let owner = s.owner(sq).expect("buildings stand on owned lots");
    let group = square.group().expect("lots have groups");
    let members = &rules.groups[group].members;
    let highest = now.highest;
    if level < highest {
        let m = members
            .iter()
            .find(|&&m| s.squares[m].level == highest)
            .copied()
            .unwrap_or(sq);
        return Err(Refusal::SellUneven { square: m });
    }
    let to = if level == HOTEL {
        let back = s.houses_before_hotel;
        if s.houses < back as i64 {
            return Err(Refusal::CannotBreakDown);
        }
        back
    } else {
        level - 1
    };
    Ok(Step {
        owner,
        cost: square.build_cost().unwrap_or(0),
        from: level,
        to,
    })
}

pub(crate) fn check_sell(rules: &Ruleset, s: &State, sq: usize) -> Result<Step, RuleError> {
    can_sell(rules, s, sq).map_err(|r| r.explain(rules, s, sq))
}

/// Sell one step back at half price, or with `all` every building on the lot's group.
pub fn sell(t: &mut Table, sq: usize, all: bool) -> Result<(), RuleError> {
    let Some(owner) = t.s.owner(sq) else {
        return Err(RuleError::new(format!("nobody owns {}", t.square_name(sq))));
    };
    may_manage(t, owner)?;
    ensure!(
        t.rules.squares[sq].is_lot(),
        "{} is not a lot",
        t.square_name(sq)
    );
    if all {
        let group = t.rules.squares[sq].group().expect("lots have groups");
        ensure!(
            t.s.group_has_buildings(t.rules, group),
            "{} has no buildings to sell",
            t.rules.groups[group].name
        );
        for m in t.rules.groups[group].members.clone() {
            debt::sell_all_buildings(t, m);
        }
        return Ok(());
    }
    let step = check_sell(t.rules, t.s, sq)?;
    t.pay(
        Account::Bank,
        Account::Player(step.owner),
        step.cost / 2,
        Why::SellBuilding {
            square: sq,
            steps: 1,
        },
    );
    t.emit(Event::Level {
        square: sq,
        from: step.from,
        to: step.to,
    });
    Ok(())
}
