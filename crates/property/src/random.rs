//! The property games' random player (simulate, the conformance suite), their invariants and
//! the figures simulate reports for them (status lead changes, wins on status).

use boardside_engine::game::{Figure, PlayRng};
use rand::Rng;

use super::state::{level_buildings, Auction, Pending, State, HOTEL};
use super::{legal, Command, Ruleset};
use boardside_engine::dice::Dice;
use boardside_engine::game::Picks;
use boardside_engine::in_place::PushInPlace;

/// What simulate reports of a game played for status (nothing for the others): how often the
/// sole status leader changed (`State::status_lead`) and whether the game was won by reaching
/// the target status.
pub fn figures(s: &State) -> Vec<Figure> {
    if s.options.target_status == 0 {
        return vec![];
    }
    vec![
        Figure::PerGame(
            "status lead changes".into(),
            u64::from(s.status_lead.0.changes),
        ),
        Figure::Share("won by reaching the target status".into(), won_on_status(s)),
    ]
}

fn won_on_status(s: &State) -> bool {
    s.options.target_status > 0
        && s.winner
            .is_some_and(|w| s.players[w].status >= s.options.target_status)
}

/// What must hold in every state, corrected by the table or not.
pub fn invariants(rules: &Ruleset, s: &State) -> Result<(), String> {
    if s.ledger.total() != 0 {
        return Err(format!("money not conserved: total {}", s.ledger.total()));
    }
    for (p, pl) in s.players.iter().enumerate() {
        if s.cash(p) < 0 {
            return Err(format!("{} has negative cash {}", pl.name, s.cash(p)));
        }
        if pl.bankrupt && (s.owned_by(p).next().is_some() || !pl.cards.is_empty() || s.cash(p) != 0)
        {
            return Err(format!("bankrupt {} still has assets", pl.name));
        }
    }
    for g in 0..rules.groups.len() {
        for p in 0..s.players.len() {
            let owned = rules.groups[g]
                .members
                .iter()
                .filter(|&&m| s.squares[m].owner == Some(p))
                .count();
            if usize::from(s.owned_in[g][p]) != owned {
                return Err(format!(
                    "{} is kept as {} of {} owned by {}, but its squares say {owned}",
                    rules.groups[g].id,
                    s.owned_in[g][p],
                    rules.groups[g].members.len(),
                    s.players[p].name
                ));
            }
        }
        if s.group_now(g) != s.group_from_squares(rules, g) {
            return Err(format!(
                "{} is kept as {:?}, but its squares say {:?}",
                rules.groups[g].id,
                s.group_now(g),
                s.group_from_squares(rules, g)
            ));
        }
        if s.whole[g] != s.owner_of_all(rules, g) {
            return Err(format!(
                "{} is kept as owned whole by {:?}, but its squares say {:?}",
                rules.groups[g].id,
                s.whole[g],
                s.owner_of_all(rules, g)
            ));
        }
    }
    for p in 0..s.players.len() {
        let whole = s.whole.iter().filter(|&&w| w == Some(p)).count();
        if usize::from(s.wholes[p]) != whole {
            return Err(format!(
                "{} is kept as owning {} groups whole, but the groups say {whole}",
                s.players[p].name, s.wholes[p]
            ));
        }
    }
    let (mut houses, mut hotels) = (0i64, 0i64);
    for (i, h) in s.squares.iter().enumerate() {
        // The sets `apply` keeps beside the squares say what the squares say.
        let held: Vec<usize> = (0..s.players.len())
            .filter(|&p| s.holdings[p].contains(i))
            .collect();
        if held != h.owner.into_iter().collect::<Vec<_>>() || s.mortgaged.contains(i) != h.mortgaged
        {
            return Err(format!(
                "{} is kept as held by {held:?} (mortgaged {}), but the square says {:?} \
                 (mortgaged {})",
                rules.squares[i].id,
                s.mortgaged.contains(i),
                h.owner,
                h.mortgaged
            ));
        }
        let (a, b) = level_buildings(h.level);
        houses += a;
        hotels += b;
        if h.level > 0 && (h.mortgaged || h.owner.is_none() || !rules.squares[i].is_lot()) {
            return Err(format!(
                "buildings on {} where none may stand",
                rules.squares[i].id
            ));
        }
        if h.level > HOTEL {
            return Err(format!("{} has level {}", rules.squares[i].id, h.level));
        }
    }
    if !(0..=rules.houses as i64).contains(&s.houses)
        || !(0..=rules.hotels as i64).contains(&s.hotels)
    {
        return Err(format!(
            "bank supply out of range: {} / {}",
            s.houses, s.hotels
        ));
    }
    if houses + s.houses != rules.houses as i64 || hotels + s.hotels != rules.hotels as i64 {
        return Err(format!(
            "buildings not conserved: {houses}+{} houses, {hotels}+{} hotels",
            s.houses, s.hotels
        ));
    }
    if !s.options.physical_decks {
        for (d, deck) in rules.decks.iter().enumerate() {
            let held = s
                .players
                .iter()
                .flat_map(|p| p.cards.iter())
                .filter(|c| c.0 == d)
                .count();
            let total = deck.cards.iter().filter(|c| !c.spare).count();
            if held + s.decks[d].len() != total {
                return Err(format!("deck {} lost cards", deck.id));
            }
        }
    }
    Ok(())
}

/// What play keeps and only a table's correction may break: buildings stand evenly on each
/// group (the even-building rule: a table may set one lot's buildings, then the next).
pub(crate) fn even_building(rules: &Ruleset, s: &State) -> Result<(), String> {
    for g in &rules.groups {
        let steps = |l: u8| {
            if l == HOTEL {
                s.houses_before_hotel + 1
            } else {
                l
            }
        };
        let levels: Vec<u8> = g
            .members
            .iter()
            .map(|&m| steps(s.squares[m].level))
            .collect();
        let (lo, hi) = (levels.iter().min().copied(), levels.iter().max().copied());
        if let (Some(lo), Some(hi)) = (lo, hi) {
            if hi > lo + 1 {
                return Err(format!("uneven building on {}: {levels:?}", g.id));
            }
        }
    }
    Ok(())
}

/// A random player's choice among the legal commands, weighted like a plausible table. With
/// nothing pending it first picks what kind of thing to do, then asks only for those commands.
pub fn choose(rules: &Ruleset, s: &State, rng: &mut PlayRng) -> Option<Command> {
    // One list of options per thread, reused: the chooser runs for every simulated command.
    thread_local! {
        static OPTIONS: std::cell::RefCell<Vec<Command>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    OPTIONS.with_borrow_mut(|options| {
        // Taken out of the list rather than copied: the list is cleared before the next choice.
        choose_in(rules, s, rng, options).map(|i| options.swap_remove(i))
    })
}

/// What the random player picked: a command in its list, or, when the turn's own verb was
/// the only thing on offer, that verb found without listing it (simulate's fast path).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    Listed(usize),
    Roll(Dice),
    End,
}

/// `choose`, as the index of the choice in `options` (cleared first, then listed into).
pub(crate) fn choose_in(
    rules: &Ruleset,
    s: &State,
    rng: &mut PlayRng,
    options: &mut Vec<Command>,
) -> Option<usize> {
    Some(match pick(rules, s, rng, options)? {
        Pick::Listed(i) => i,
        Pick::Roll(dice) => {
            options.push_in_place(|| Command::Roll { dice: Some(dice) });
            0
        }
        Pick::End => {
            options.push_in_place(|| Command::End);
            0
        }
    })
}

/// `choose_in`, leaving the turn's own verb unlisted when it is the only choice: the same
/// draws in the same order, so the same games.
#[inline(always)]
pub fn pick(
    rules: &Ruleset,
    s: &State,
    rng: &mut PlayRng,
    options: &mut Vec<Command>,
) -> Option<Pick> {
    // Empty already: the caller clears the list once it has carried out a listed pick
    // (`Family::random_move`), so the turn's own verbs, which list nothing, clear nothing.
    if !options.is_empty() {
        options.clear();
    }
    let chosen = match s.top() {
        None => idle(rules, s, rng, options),
        Some(_) => answer(rules, s, rng, options).map(Pick::Listed),
    }?;
    if let Pick::Listed(i) = chosen {
        if let Command::Roll { dice: d @ None } = &mut options[i] {
            *d = Some(throw(&mut Picks::new(rng)));
        }
    }
    Some(chosen)
}

/// Both dice from one pick: 36 equally likely throws.
fn throw(d: &mut Picks<'_>) -> Dice {
    // Read from a table, not divided out (a roll is most decisions).
    const THROWS: [Dice; 36] = {
        let mut all = [Dice(1, 1); 36];
        let mut i = 0;
        while i < 36 {
            all[i] = Dice(i as u8 / 6 + 1, i as u8 % 6 + 1);
            i += 1;
        }
        all
    };
    THROWS[d.below(36) % 36]
}

/// `choose_in` with nothing pending: a turn verb, or now and then a player's management, a
/// claim or a deal (nearly every decision the simulator makes, so kept apart from the rest).
/// Every pick it makes comes from one draw of the generator (`Picks`).
#[inline(always)]
fn idle(rules: &Ruleset, s: &State, rng: &mut PlayRng, v: &mut Vec<Command>) -> Option<Pick> {
    let mut d = Picks::new(rng);
    // What kind of move first; the player and how keen they are only where a kind needs them
    // (most decisions are the turn's own verbs, which need neither).
    let kind = d.below(100);
    if kind < 22 {
        let someone = someone(s, &mut d);
        let r = d.below(100);
        // Only the kinds the player would make now: the same list as listing all of
        // the player's management and filtering, without checking the rest.
        let kinds = legal::Kinds {
            build: r < 70,
            sell: r < 5,
            mortgage: r < 5,
            unmortgage: r < 20,
        };
        // Asked here, not in a call: a look that drew no kind (three in ten) or building
        // alone by a player with no group whole lists nothing. The squares are found once.
        let squares = legal::looked_at(rules, s, someone, kinds).squares();
        if !squares.is_empty() {
            legal::management_over(rules, s, someone, kinds, &squares, v)
        }
    } else if kind == 22 {
        let someone = someone(s, &mut d);
        let sq = d.below(rules.squares.len());
        if let (Some(from), Some(price)) = (s.owner(sq), rules.squares[sq].price()) {
            let deal = super::Trade {
                from,
                to: someone,
                give: smallvec::smallvec![super::Item::Square(sq)],
                get: smallvec::smallvec![super::Item::Cash(price)],
            };
            if legal::trade_ok(rules, s, &deal) {
                v.push(Command::Trade(deal));
            }
        }
    } else if !s.claims.is_empty() && kind <= 40 {
        // Claims are open only under `rent_must_be_asked`: asked first, the branch the
        // processor guesses.
        legal::claims(s, v);
    }
    if v.is_empty() {
        // Out of jail or already rolled, the turn offers one verb (`legal::turn_offers`):
        // picked without a list.
        match legal::turn_offers(s) {
            legal::TurnOffers::Roll => return Some(Pick::Roll(throw(&mut d))),
            legal::TurnOffers::End => return Some(Pick::End),
            legal::TurnOffers::Jail => legal::turn_commands(rules, s, v),
        }
    }
    (!v.is_empty()).then(|| Pick::Listed(d.below(v.len())))
}

/// One player still in the game, at random: sample one player's options (or one deal) rather
/// than list everyone's, the same legal moves far cheaper to ask for.
fn someone(s: &State, d: &mut Picks<'_>) -> usize {
    let n = s.players.len();
    // Round the table from a random seat to the first still playing.
    let mut q = d.below(n);
    for _ in 0..n {
        if s.in_game(q) {
            return q;
        }
        q += 1;
        if q == n {
            q = 0;
        }
    }
    s.current
}

/// `choose_in` with a decision pending: the answers listed, then picked with a table's weights.
#[inline(never)]
fn answer(
    rules: &Ruleset,
    s: &State,
    rng: &mut PlayRng,
    options: &mut Vec<Command>,
) -> Option<usize> {
    match s.top() {
        Some(Pending::Auction(a)) if !s.over => {
            options.push_in_place(|| bid_or_pass(rules, s, a, rng));
            return Some(0);
        }
        // An offer answered without listing both answers and picking among them:
        // bought three times in four when the player has the price, else declined, from the
        // one draw the list's picks made, so the same games.
        Some(Pending::Buy { player, square, .. }) if !s.over => {
            let keen = Picks::new(rng).ratio(3, 4);
            let buy = keen && s.cash(*player) >= rules.squares[*square].price().unwrap_or(0);
            options.push_in_place(|| if buy { Command::Buy } else { Command::Decline });
            return Some(0);
        }
        // A debtor who can pay pays, without listing the squares they could raise money
        // from. The draw that picking `pay` from a list made is still taken, so that a seed
        // plays the same game.
        Some(Pending::Debt(d)) if !s.over && s.cash(d.debtor) >= d.amount => {
            Picks::new(rng).below(1);
            options.push_in_place(|| Command::Pay);
            return Some(0);
        }
        // Only what the choices below can pick, in the order `legal` lists them (so the
        // same seed picks the same command): a debtor raising money from their own squares,
        // or conceding.
        Some(Pending::Debt(d)) if !s.over => {
            options.push_in_place(|| Command::Concede);
            let kinds = legal::Kinds {
                build: false,
                sell: true,
                mortgage: true,
                unmortgage: false,
            };
            legal::management_of(rules, s, &[d.debtor], kinds, options);
        }
        _ => legal::legal_into(rules, s, options),
    }
    let list = &*options;
    // Every pick from one draw (`Picks`).
    let mut d = Picks::new(rng);
    // The index of one of the options `f` accepts, at random (counted, then found: no list
    // built).
    let pick = |d: &mut Picks<'_>, f: &dyn Fn(&Command) -> bool| -> Option<usize> {
        let n = list.iter().filter(|c| f(c)).count();
        (n > 0).then(|| {
            let k = d.below(n);
            list.iter()
                .enumerate()
                .filter(|(_, c)| f(c))
                .nth(k)
                .map(|(i, _)| i)
        })?
    };
    let chosen = match s.top() {
        // A debtor raises money from their own squares (others may deal too, but a debtor
        // at the table sells and mortgages their own).
        // (A debtor who can pay was answered above; a game over lists nothing.)
        Some(Pending::Debt(debt)) => if d.ratio(19, 20) {
            pick(&mut d, &|c| match c {
                Command::Sell { square, .. } | Command::Mortgage { square } => {
                    s.owner(*square) == Some(debt.debtor)
                }
                _ => false,
            })
        } else {
            None
        }
        .or_else(|| pick(&mut d, &|c| matches!(c, Command::Concede))),
        _ => None,
    };
    chosen.or_else(|| (!list.is_empty()).then(|| d.below(list.len())))
}

/// An auction's answer, counted and then found, not listed (an auction asks every
/// bidder in turn, and each answer listed every bid and pass): a bid half the time, else a
/// pass, else a bid, else closing it; each among its kind as `legal` lists them, so the same
/// draws pick the same command as picking from that list.
fn bid_or_pass(rules: &Ruleset, s: &State, a: &Auction, rng: &mut PlayRng) -> Command {
    let sizes = legal::BidSizes::of(rules, s, a);
    let high = a.high.map(|(h, _)| h);
    // Each bidder's number of bids, counted once (listing them was most of an
    // auction's answer); the bids are found from the counts, bidder by bidder.
    let mut counts = [0usize; super::setup::MAX_PLAYERS];
    let (mut n_bids, mut n_passes) = (0, 0);
    for p in (0..a.open.len()).filter(|&p| a.open[p]) {
        counts[p] = sizes.count_for(s, a, p);
        n_bids += counts[p];
        n_passes += usize::from(Some(p) != high);
    }
    let mut d = Picks::new(rng);
    let bid_first = d.below(2) == 0;
    // A bid when one was drawn first, or when nobody may pass.
    if n_bids > 0 && (bid_first || n_passes == 0) {
        let mut k = d.below(n_bids);
        for (player, &n) in counts.iter().enumerate() {
            if k < n {
                return Command::Bid {
                    player,
                    amount: sizes.nth(k),
                };
            }
            k -= n;
        }
    } else if n_passes > 0 {
        let k = d.below(n_passes);
        let mut passers = (0..a.open.len()).filter(|&p| a.open[p] && Some(p) != high);
        if let Some(player) = passers.nth(k) {
            return Command::Pass { player };
        }
    }
    Command::Close
}

/// A command picked with no regard to legality, to check that refusals change nothing.
pub fn wild_command(rules: &Ruleset, s: &State, rng: &mut PlayRng) -> Command {
    let n = s.players.len();
    let sq = rng.random_range(0..rules.squares.len());
    let p = rng.random_range(0..n);
    match rng.random_range(0..14) {
        0 => Command::End,
        1 => Command::Buy,
        2 => Command::Decline,
        3 => Command::Bid {
            player: p,
            amount: rng.random_range(-5..3000),
        },
        4 => Command::Build { square: sq },
        5 => Command::Sell {
            square: sq,
            all: rng.random(),
        },
        6 => Command::Mortgage { square: sq },
        7 => Command::Unmortgage { square: sq },
        8 => Command::Pay,
        9 => Command::JailPay,
        10 => Command::Keep { square: sq },
        11 => Command::Claim { square: sq },
        12 => Command::Roll {
            dice: Some(Dice(rng.random_range(1..=6), rng.random_range(1..=6))),
        },
        _ => Command::Trade(super::Trade {
            from: p,
            to: rng.random_range(0..n),
            give: smallvec::smallvec![super::Item::Square(sq)],
            get: smallvec::smallvec![super::Item::Cash(rng.random_range(-10..500))],
        }),
    }
}
