//! Words for the table: each event as one line with its arithmetic shown ("Bob pays Ann 52
//! rent on Walter's Area (26 x 2, full group)"), and what the game is waiting for.

use super::event::{Event, How, JailExit, JailWhy, Note, StatusWhy};
use super::options::ReceivedMortgage;
use super::ruleset::Ruleset;
use super::state::{Auction, Lot, Pending, RentRule, RentWorking, State, Why, HOTEL};
use boardside_engine::ledger::Account;
use boardside_engine::words::counted_as;

fn who(s: &State, p: usize) -> &str {
    &s.players[p].name
}

fn sq(rules: &Ruleset, i: usize) -> &str {
    &rules.squares[i].name
}

/// A side of a payment; `first` when it opens the sentence.
fn account(rules: &Ruleset, s: &State, a: Account, first: bool) -> String {
    match a {
        Account::Bank if first => capitalise(&rules.theme.bank),
        Account::Bank => rules.theme.bank.clone(),
        Account::Player(p) => who(s, p).to_string(),
    }
}

/// A noun with its article: "an INTEL", "an Idle Org", "a Hotel", "a University" (a vowel
/// letter takes "an" but where it sounds "you" or "won").
pub fn a(noun: &str) -> String {
    let low = noun.to_lowercase();
    let vowel = low.starts_with(['a', 'e', 'i', 'o', 'u'])
        && !["uni", "use", "usu", "one", "eu"]
            .iter()
            .any(|p| low.starts_with(p));
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

/// A word as the first of a line or a menu's line: "rent" as "Rent", "upgrade" as "Upgrade"
/// (the rulesets' theme words are written as in running text).
pub fn capitalise(x: &str) -> String {
    let mut c = x.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

pub(crate) fn rent_working(rules: &Ruleset, w: &RentWorking) -> String {
    let t = &rules.theme;
    match w.rule {
        // The deed's own figure, nothing to work out: said as the price is ("printed price"),
        // its amount being in the payment's words already ("pays Bob 6 OPs rent").
        RentRule::Unimproved => format!("printed {}", t.rent),
        RentRule::FullGroup => format!("{} x 2, full group", w.base),
        RentRule::Houses { count } => {
            format!("{}: {}", counted_as(count, &t.house, &t.houses), w.base)
        }
        RentRule::Hotel => format!("{}: {}", t.hotel, w.base),
        RentRule::ByCount { owned, card: false } => format!("{owned} owned: {}", w.base),
        RentRule::ByCount { owned, card: true } => {
            format!("{} x 2, {owned} owned, the card doubles it", w.base / 2)
        }
        RentRule::Dice { owned } => format!("dice {} x {}, {owned} owned", w.base, w.times),
        RentRule::CardDice => format!("dice {} x 10, the card's {}", w.base, t.rent),
    }
}

pub(crate) fn lot(rules: &Ruleset, l: &Lot) -> String {
    match l {
        Lot::Square(i) => sq(rules, *i).to_string(),
        Lot::Building { hotel: true } => format!("a {}", rules.theme.hotel),
        Lot::Building { hotel: false } => format!("a {}", rules.theme.house),
    }
}

fn card_text(rules: &Ruleset, deck: usize, card: u16) -> String {
    let c = &rules.decks[deck].cards[card as usize];
    format!("{} card \"{}\"", rules.decks[deck].name, c.text)
}

/// A debt said as its payment will be, with its working: "Ann owes Bob 52 OPs rent on ...".
fn owes(
    rules: &Ruleset,
    s: &State,
    debtor: usize,
    creditor: Option<usize>,
    amount: i64,
    why: &Why,
) -> String {
    format!(
        "{} owes {} {amount}{} {}",
        who(s, debtor),
        account(rules, s, State::account(creditor), false),
        money(rules),
        reason(rules, why, false)
    )
}

/// The money word after an amount, with its space ("52 OPs"), or nothing.
fn money(rules: &Ruleset) -> String {
    if rules.theme.money.is_empty() {
        String::new()
    } else {
        format!(" {}", rules.theme.money)
    }
}

/// Why money moved; `landed`: the payee stands on the start square (its salary was for
/// landing there, not passing).
fn reason(rules: &Ruleset, why: &Why, landed: bool) -> String {
    match why {
        Why::StartingMoney => "starting money".into(),
        // sectionopoly: "BRIEFING" ¶1: paid on landing or passing; said as it happened.
        Why::Salary if landed => format!("salary for landing on {}", sq(rules, 0)),
        Why::Salary => format!("salary for passing {}", sq(rules, 0)),
        Why::Rent { square, working } => {
            format!(
                "{} on {} ({})",
                rules.theme.rent,
                sq(rules, *square),
                rent_working(rules, working)
            )
        }
        Why::Price { square } => format!("for {} (printed price)", sq(rules, *square)),
        Why::Bid { lot: l } => format!("for {} (winning bid)", lot(rules, l)),
        // Said as a tax: "for Abeyance (flat)" read as a purchase.
        Why::FlatTax { square } => format!("for {} (flat tax)", sq(rules, *square)),
        Why::PercentTax {
            square,
            worth,
            percent,
        } => format!(
            "for {} (tax: {percent}% of total worth {worth})",
            sq(rules, *square)
        ),
        // "by the Chance card": its words were read as it was drawn, in the same command's
        // lines; a card paying each player quoted them again in every payment.
        Why::Card { deck, .. } => format!("by the {} card", rules.decks[*deck].name),
        Why::Repairs {
            deck,
            card,
            houses,
            hotels,
        } => {
            let (per_house, per_hotel) = match rules.decks[*deck].cards[*card as usize].effect {
                super::ruleset::Effect::Repairs {
                    per_house,
                    per_hotel,
                } => (per_house, per_hotel),
                _ => (0, 0),
            };
            format!(
                "by the {} card ({houses} x {per_house} + {hotels} x {per_hotel})",
                rules.decks[*deck].name
            )
        }
        Why::JailFine => format!("fine to leave {}", rules.theme.jail),
        Why::Build { square } => format!("for a building on {}", sq(rules, *square)),
        Why::SellBuilding { square, steps } => {
            let cost = rules.squares[*square].build_cost().unwrap_or(0);
            format!(
                "for buildings sold back from {} ({steps} x {cost} / 2)",
                sq(rules, *square)
            )
        }
        Why::Mortgage { square } => format!(
            "mortgage on {} (half of {})",
            sq(rules, *square),
            rules.squares[*square].price().unwrap_or(0)
        ),
        Why::Unmortgage { square, interest } => format!(
            "to lift the mortgage on {} ({} + {interest} interest)",
            sq(rules, *square),
            rules.mortgage_value(*square)
        ),
        Why::Interest { square } => format!(
            "interest on the mortgage of {} ({}% of {})",
            sq(rules, *square),
            rules.interest_percent,
            rules.mortgage_value(*square)
        ),
        Why::Trade => "in a trade".into(),
        Why::Bankruptcy => "everything, on going bankrupt".into(),
        Why::Dealt { square } => format!("for {}, dealt at the start", sq(rules, *square)),
        Why::Correction => "(table correction)".into(),
    }
}

/// A square's buildings in the theme's words ("2 Substations", "a Command HQ", "the level
/// ..." where the ruleset names its levels).
pub fn level_text(rules: &Ruleset, level: u8) -> String {
    let t = &rules.theme;
    if let Some(name) = super::status::level_name(rules, level) {
        return format!("the level {name}");
    }
    if level == HOTEL {
        format!("a {}", t.hotel)
    } else {
        counted_as(level, &t.house, &t.houses)
    }
}

/// One line for an event, or None for pure bookkeeping.
pub fn event(rules: &Ruleset, s: &State, e: &Event) -> Option<String> {
    let t = &rules.theme;
    Some(match e {
        Event::FirstRoll { player, dice } => {
            format!("{} rolls {dice} for the first turn", who(s, *player))
        }
        Event::FirstRollTie { players, total } => format!(
            "{} tie on {total}: they roll again",
            players
                .iter()
                .map(|&p| who(s, p))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Event::TurnStarts { player } => format!("{}'s turn", who(s, *player)),
        Event::Rolled { player, dice, .. } => {
            let d = if dice.is_double() { " (doubles)" } else { "" };
            format!("{} rolls {dice}{d}", who(s, *player))
        }
        Event::ChanceRoll { player, dice } => format!("{} rolls {dice}", who(s, *player)),
        Event::Moved {
            player,
            from,
            to,
            how,
        } => {
            let verb = match how {
                How::Dice => "moves",
                How::Card => "advances",
                How::Back => "goes back",
                How::Correction => "is put",
            };
            format!(
                "{} {verb} from {} ({from}) to {} ({to})",
                who(s, *player),
                sq(rules, *from),
                sq(rules, *to)
            )
        }
        Event::Paid {
            from,
            to,
            amount,
            why,
        } => format!(
            "{} pays {} {amount}{} {}",
            account(rules, s, *from, true),
            account(rules, s, *to, false),
            money(rules),
            reason(
                rules,
                why,
                matches!(to, Account::Player(p) if s.players[*p].position == 0)
            )
        ),
        Event::Owner { square, owner } => match owner {
            Some(p) => format!("{} now owns {}", who(s, *p), sq(rules, *square)),
            None => format!("{} goes back to {}", sq(rules, *square), t.bank),
        },
        Event::Mortgage { square, on: true } => format!("{} is mortgaged", sq(rules, *square)),
        Event::Mortgage { square, on: false } => {
            format!("{} is no longer mortgaged", sq(rules, *square))
        }
        // The bank's stock is not repeated after every house: a row of builds is read
        // beside the manage menu, which shows the stock; a shortage is told when it bites.
        Event::Level { square, from, to } => format!(
            "{} now has {} (was {})",
            sq(rules, *square),
            level_text(rules, *to),
            level_text(rules, *from),
        ),
        Event::JailIn { .. }
        | Event::JailAttempt { .. }
        | Event::JailOut { .. }
        | Event::CardDrawn { .. }
        | Event::CardKept { .. }
        | Event::CardReturned { .. }
        | Event::CardUsed { .. }
        | Event::CardGiven { .. } => return jail_and_card_words(rules, s, e),
        Event::Bid { player, amount } => format!("{} bids {amount}", who(s, *player)),
        Event::Passed { player } => format!("{} passes", who(s, *player)),
        Event::Await { .. } => format!("now: {}", waiting_for(rules, s)),
        Event::Update { .. } | Event::Done | Event::Dropped { .. } => return None,
        Event::ClaimOpen { claim } => format!(
            "{} may ask {} for {} {} on {} ({}) before {} rolls: `claim {}`",
            who(s, claim.owner),
            who(s, claim.payer),
            claim.amount,
            t.rent,
            sq(rules, claim.square),
            rent_working(rules, &claim.working),
            who(s, claim.lapses_on),
            rules.squares[claim.square].id
        ),
        Event::ClaimClosed { .. } => return None,
        Event::Bankrupt { player, creditor } => format!(
            "{} is bankrupt{} and leaves the game",
            who(s, *player),
            match creditor {
                Some(c) => format!(" to {}", who(s, *c)),
                None => format!(" to {}", t.bank),
            }
        ),
        Event::Worth { player, worth } => format!("{} is worth {worth}", who(s, *player)),
        Event::Status {
            player,
            status,
            why,
        } => format!(
            "{} reaches status {status} ({})",
            who(s, *player),
            match why {
                StatusWhy::Donation { square } => format!("service at {}", sq(rules, *square)),
                StatusWhy::Bought { square } => {
                    format!("instant service, buying {}", sq(rules, *square))
                }
                StatusWhy::OwnSite { square } => {
                    format!("service at own {}, free", sq(rules, *square))
                }
                StatusWhy::FairGame { square } => format!(
                    "service at {}, free: its owner is in {}",
                    sq(rules, *square),
                    t.jail
                ),
                StatusWhy::Correction => "table correction".into(),
            }
        ),
        Event::Winner { player } => format!("{} wins the game", who(s, *player)),
        Event::Tie { players } => format!("{} tie for the win", tied_names(s, players)),
        Event::Note(n) => note_words(rules, s, n),
    })
}

/// Going to jail and out of it, and the cards drawn, kept, used and given, in words; None
/// for the other events (`event` words them).
fn jail_and_card_words(rules: &Ruleset, s: &State, e: &Event) -> Option<String> {
    let t = &rules.theme;
    Some(match e {
        Event::JailIn { player, why } => format!(
            // sectionopoly: "WHITE ROOM" ¶1: no salary, and the turn ends; the device ends
            // it with `end` (building and deals may come first), so the line says what the
            // rule takes away, never "turn over" above "manage or end the turn".
            "{} goes to {}{}: no salary, no more rolls",
            who(s, *player),
            t.jail,
            match why {
                JailWhy::Square => "",
                JailWhy::Card => " by a card",
                JailWhy::ThirdDoubles => " for a third doubles in a row",
                JailWhy::Correction => " (table correction)",
            }
        ),
        Event::JailAttempt { player, attempts } => match s.options.jail_turns() {
            Some(turns) => format!(
                "{} stays in {} (no doubles, {attempts} of {turns} tries)",
                who(s, *player),
                t.jail
            ),
            None => format!(
                "{} stays in {} (no doubles, {attempts} {} so far)",
                who(s, *player),
                t.jail,
                if *attempts == 1 { "try" } else { "tries" }
            ),
        },
        Event::JailOut { player, how } => format!(
            "{} leaves {}{}",
            who(s, *player),
            t.jail,
            match how {
                JailExit::Doubles => " on doubles, moving by that roll with no extra roll",
                JailExit::Paid => " by paying the fine",
                JailExit::Card => " with a get-out card",
                JailExit::ForcedFine => " after the last try, fine paid, moving by the roll",
                JailExit::Correction => " (table correction)",
            }
        ),
        Event::CardDrawn { player, deck, card } => {
            format!(
                "{} draws the {}",
                who(s, *player),
                card_text(rules, *deck, *card)
            )
        }
        Event::CardKept { player, .. } => format!("{} keeps the card until used", who(s, *player)),
        // The table puts its own card back under the deck; one the device drew from its own
        // deck goes back without a word (the table has no card to put back).
        Event::CardReturned { .. } if !s.options.physical_decks => return None,
        Event::CardReturned { deck, .. } => {
            format!("the card goes to the bottom of {}", rules.decks[*deck].name)
        }
        Event::CardUsed { player, deck, .. } => {
            format!(
                "{} hands in {}",
                who(s, *player),
                rules.decks[*deck].a_card()
            )
        }
        Event::CardGiven { from, to, deck, .. } => format!(
            "{} gives {} {}",
            who(s, *from),
            who(s, *to),
            rules.decks[*deck].a("get-out card")
        ),
        _ => return None,
    })
}

/// A note: what happened without changing the game (just visiting, no bids, a landing
/// without effect, a shortage of buildings...).
fn note_words(rules: &Ruleset, s: &State, n: &Note) -> String {
    let t = &rules.theme;
    match n {
        Note::JustVisiting { player } => format!("{} is {}", who(s, *player), t.visiting),
        Note::FreeRest { player, square } => {
            format!("{} rests on {}", who(s, *player), sq(rules, *square))
        }
        Note::NoRentMortgaged { square } => {
            format!("{} is mortgaged: no {}", sq(rules, *square), t.rent)
        }
        Note::OwnSquare { player, square } => {
            let owns = format!("{} owns {}", who(s, *player), sq(rules, *square));
            // scientopoly ¶5-6: her own site gives her status only on an eligible landing;
            // why this one gives none is said, as it is on another's site.
            let cap = super::status::cap(rules, s, *square);
            if super::status::counted(s)
                && cap > 0
                && !super::status::eligible(rules, s, *player, *square)
            {
                format!(
                    "{owns}: it delivers status up to {cap} and {} has {}, nothing gained",
                    who(s, *player),
                    s.players[*player].status
                )
            } else {
                owns
            }
        }
        Note::BankKeeps { square } => {
            format!("no bids: {} keeps {}", t.bank, sq(rules, *square))
        }
        Note::BankKeepsBuilding => format!("no bids: {} keeps the building", t.bank),
        Note::RollAgain { player } => format!("doubles: {} rolls again", who(s, *player)),
        Note::ClaimLapsed { square } => {
            format!(
                "the {} on {} was not asked for in time",
                t.rent,
                sq(rules, *square)
            )
        }
        // A failed roll to leave jail: no move. Not "turn over" while the device still asks
        // for the end of the turn (`end`; building and deals may come first).
        Note::TurnOver { player } => format!("{} does not move this turn", who(s, *player)),
        Note::Ineligible {
            player,
            square,
            cap,
        } => format!(
            "{} delivers status up to {cap} and {} has {}: an ineligible landing, nothing \
             paid, nothing gained",
            sq(rules, *square),
            who(s, *player),
            s.players[*player].status
        ),
        Note::FreeService { square } => format!(
            "the owner of {} is in {}: no donation is due",
            sq(rules, *square),
            t.jail
        ),
        Note::NothingToRepair { player } => format!(
            "{} pays nothing: no {} or {}",
            who(s, *player),
            rules.theme.houses,
            rules.theme.hotels
        ),
        Note::Declined { player, square } => {
            format!("{} declines {}", who(s, *player), sq(rules, *square))
        }
        Note::Unsold { square } => format!("{} stays unsold", sq(rules, *square)),
        Note::Wish { player, count } => format!("{} wants {count} now", who(s, *player)),
        Note::Shortage {
            wanted,
            supply,
            hotel,
        } => {
            let what = match (*hotel, *wanted == 1) {
                (true, true) => &t.hotel,
                (true, false) => &t.hotels,
                (false, true) => &t.house,
                (false, false) => &t.houses,
            };
            if wanted > supply {
                format!(
                    "{wanted} {what} wanted, {} has {supply}: they are auctioned",
                    t.bank
                )
            } else {
                format!(
                    "{wanted} {what} wanted, {} has {supply}: no shortage",
                    t.bank
                )
            }
        }
        Note::KeptMortgaged { player, square } => format!(
            "{} keeps {} mortgaged, at no fee now (lifting it later costs the usual {}%)",
            who(s, *player),
            sq(rules, *square),
            rules.interest_percent
        ),
        Note::BeyondWorth {
            debtor,
            creditor,
            amount,
            worth,
            why,
        } => format!(
            "{}, more than {}'s net worth of {worth}",
            owes(rules, s, *debtor, *creditor, *amount, why),
            who(s, *debtor)
        ),
    }
}

/// What the game waits for, as one sentence with the verbs to answer it.
pub(crate) fn waiting_for(rules: &Ruleset, s: &State) -> String {
    let t = &rules.theme;
    match s.top() {
        Some(Pending::FirstRoll { .. }) => format!(
            "{} rolls for the first turn (`roll`)",
            who(s, s.acting_player())
        ),
        Some(Pending::Buy {
            player,
            square,
            second_offer,
            status_point,
        }) => format!(
            "{} may buy {} for {} (`buy`){} or `decline` it{}",
            who(s, *player),
            sq(rules, *square),
            rules.squares[*square].price().unwrap_or(0),
            if *status_point {
                ", with a status point,"
            } else {
                ""
            },
            if *second_offer {
                ": take it or leave it"
            } else {
                " to auction"
            }
        ),
        Some(Pending::Auction(a)) => auction_words(rules, s, a),
        Some(Pending::Tax { player, square }) => {
            let (amount, percent) = match rules.squares[*square].kind {
                super::ruleset::Kind::Tax { amount, percent } => (amount, percent.unwrap_or(10)),
                _ => (0, 0),
            };
            format!(
                "{} chooses how to pay {}: `tax flat` ({amount}) or `tax percent` ({percent}% of \
                 total worth), before the worth is added up",
                who(s, *player),
                sq(rules, *square)
            )
        }
        Some(Pending::Debt(d)) => format!(
            "{} and has {}: sell or mortgage, then `pay`, or `concede`",
            owes(rules, s, d.debtor, d.creditor, d.amount, &d.why),
            s.cash(d.debtor)
        ),
        Some(Pending::Card { player, deck }) => format!(
            "{} draws a card from {}: `draw {} CARD`",
            who(s, *player),
            rules.decks[*deck].name,
            rules.decks[*deck].id
        ),
        Some(Pending::UtilityRoll { player, square }) => format!(
            "{} rolls the dice for the {} on {} (`roll`)",
            who(s, *player),
            rules.theme.rent,
            sq(rules, *square)
        ),
        Some(Pending::Mortgaged { player, squares }) => {
            // Each square's real cost under this game's rule (options: received_mortgage).
            let choices = squares
                .iter()
                .map(|q| {
                    let (value, interest) = super::mortgage::lift_cost(rules, q);
                    let keep = match s.options.received_mortgage {
                        ReceivedMortgage::Interest => format!("keeping it costs {interest} now"),
                        _ => "keeping it costs nothing now".to_string(),
                    };
                    format!(
                        "{}: lifting costs {} ({value} + {interest}), {keep}",
                        sq(rules, q),
                        value + interest
                    )
                })
                .collect::<Vec<_>>()
                .join("; ");
            format!(
                "{} received mortgaged squares, to lift or keep each: `unmortgage SQ` or `keep SQ` ({choices})",
                who(s, *player)
            )
        }
        Some(Pending::Place { player, hotel }) => format!(
            "{} places the {} won at auction: `build SQ`",
            who(s, *player),
            if *hotel { &t.hotel } else { &t.house }
        ),
        Some(Pending::Shortage {
            builder,
            hotel,
            wishes,
            ..
        }) => {
            let what = if *hotel { &t.hotels } else { &t.houses };
            let asked: Vec<&str> = (0..wishes.len())
                .filter(|&p| wishes[p].is_none())
                .map(|p| who(s, p))
                .collect();
            format!(
                "{} builds, and {} has {} {what} left: how many do {} want now? (`want PLAYER N`)",
                who(s, *builder),
                t.bank,
                if *hotel { s.hotels } else { s.houses },
                asked.join(", ")
            )
        }
        None => {
            let p = s.current;
            let name = who(s, p);
            match super::legal::turn_offers(s) {
                super::legal::TurnOffers::Jail => format!(
                    "{name} is in {}: roll for doubles (`roll`), pay the fine (`jail pay`) or use a card (`jail card`)",
                    t.jail
                ),
                super::legal::TurnOffers::Roll => format!("{name} to `roll`"),
                super::legal::TurnOffers::End => {
                    format!("{name} to `end` the turn (or build, mortgage, trade)")
                }
            }
        }
    }
}

/// An auction waiting: the lot, the high bid, the ask and who is still in.
fn auction_words(rules: &Ruleset, s: &State, a: &Auction) -> String {
    let open: Vec<&str> = (0..a.open.len())
        .filter(|&q| a.open[q])
        .map(|q| who(s, q))
        .collect();
    let step = s.options.auction_step;
    let ask = super::auction::floor(step, a);
    let high = match a.high {
        Some((h, v)) => format!("{} bids {v}", who(s, h)),
        None => "no bid yet".to_string(),
    };
    if step > 0 {
        format!(
            "auction of {}: {high}; the ask is {ask}: `accept PLAYER` or `pass PLAYER` \
             ({} still in)",
            lot(rules, &a.lot),
            open.join(", ")
        )
    } else {
        format!(
            "auction of {}: {high}, bids from {ask}; `bid PLAYER AMOUNT` or \
             `pass PLAYER` ({} still in)",
            lot(rules, &a.lot),
            open.join(", ")
        )
    }
}

pub(crate) fn game_over(s: &State) -> String {
    match s.winner {
        Some(w) => format!("the game is over: {} won", who(s, w)),
        None if !s.tied.is_empty() => format!("the game is over: {} tie", tied_names(s, &s.tied)),
        None => "the game is over".into(),
    }
}

/// "Ann, Bob and Cy".
pub fn tied_names(s: &State, players: &[usize]) -> String {
    let names: Vec<&str> = players.iter().map(|&p| who(s, p)).collect();
    boardside_engine::words::listed(&names)
}
