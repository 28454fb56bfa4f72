//! The property games' words on a 25-column screen: what the game waits for, a label for each
//! legal command (so the menus are the engine's legal commands and never offer an illegal
//! one), the standings, and a command's lines as pages.

use crate::engine::property::command::{Command, TaxChoice};
use crate::engine::property::legal::TurnOffers;
use crate::engine::property::ruleset::Kind;
use crate::engine::property::state::{Lot, Pending, State};
use crate::engine::property::{auction, Ruleset};
use crate::ui::text::{for_table, wrap};

fn name(s: &State, p: usize) -> &str {
    &s.players[p].name
}

pub fn sq(rules: &Ruleset, i: usize) -> &str {
    &rules.squares[i].name
}

/// A square as a deal names it: "Garnet Street (mortgaged)" when it is, so the buyer knows
/// what comes with it (the interest to lift it, or suetology's choice on receiving it).
pub fn dealt(rules: &Ruleset, s: &State, i: usize) -> String {
    if s.squares[i].mortgaged {
        format!("{} (mortgaged)", sq(rules, i))
    } else {
        sq(rules, i).to_string()
    }
}

/// One or two short lines on what the table must do now.
pub fn headline(rules: &Ruleset, s: &State, auction_step: i64) -> String {
    if s.over {
        return match s.winner {
            Some(w) => format!("{} wins the game!", name(s, w)),
            None if !s.tied.is_empty() => format!(
                "{} tie for the win!",
                crate::engine::property::narrate::tied_names(s, &s.tied)
            ),
            None => "Game over".into(),
        };
    }
    match s.top() {
        Some(Pending::FirstRoll { .. }) => {
            format!("{}: roll for the first turn", name(s, s.acting_player()))
        }
        Some(Pending::Buy {
            player,
            square,
            status_point,
            ..
        }) => format!(
            "{}: buy {} for {}?{}",
            name(s, *player),
            sq(rules, *square),
            rules.squares[*square].price().unwrap_or(0),
            if *status_point { " (+1 status)" } else { "" }
        ),
        Some(Pending::Auction(a)) => {
            let lot = match a.lot {
                Lot::Square(i) => sq(rules, i).to_string(),
                Lot::Building { hotel } => {
                    if hotel {
                        rules.theme.hotel.clone()
                    } else {
                        rules.theme.house.clone()
                    }
                }
            };
            let high = match a.high {
                Some((h, v)) => format!("{} {v}", name(s, h)),
                None => "no bid".into(),
            };
            format!(
                "Auction {lot}: {high}. Tap a token to bid {}",
                ask(s, a, auction_step)
            )
        }
        Some(Pending::Tax { player, square }) => {
            format!(
                "{}: {}: flat or percent?",
                name(s, *player),
                sq(rules, *square)
            )
        }
        Some(Pending::Debt(d)) => format!(
            "{} owes {} {} and has {}",
            name(s, d.debtor),
            match d.creditor {
                Some(c) => name(s, c).to_string(),
                None => rules.theme.bank.clone(),
            },
            d.amount,
            s.cash(d.debtor)
        ),
        Some(Pending::Card { player, deck }) => format!(
            "{}: draw {} and tap it",
            name(s, *player),
            rules.decks[*deck].a_card()
        ),
        Some(Pending::UtilityRoll { player, .. }) => {
            format!("{}: roll for the {}", name(s, *player), rules.theme.rent)
        }
        // One square named, more counted (the question is asked of each on the menu).
        Some(Pending::Mortgaged { player, squares }) => {
            let mut each = squares.iter();
            match (each.next(), each.next()) {
                (Some(one), None) => format!(
                    "{}: lift the mortgage on {} or keep it",
                    name(s, *player),
                    sq(rules, one)
                ),
                _ => format!(
                    "{}: lift or keep the mortgages ({} squares)",
                    name(s, *player),
                    squares.iter().count()
                ),
            }
        }
        Some(Pending::Place { player, .. }) => {
            format!("{}: place the building", name(s, *player))
        }
        // sectionopoly: BUILDING SHORTAGES: asked once, of the whole table.
        Some(Pending::Shortage { hotel, .. }) => format!(
            "Only {} left: anyone else building now?",
            if *hotel { s.hotels } else { s.houses },
        ),
        None => {
            let p = s.current;
            // The turn's own rule (`legal::turn_offers`), as the engine asks it.
            let dice = s
                .turn
                .last_roll
                .map(|d| format!(" (rolled {}+{})", d.0, d.1))
                .unwrap_or_default();
            match crate::engine::property::legal::turn_offers(s) {
                // What the jail offers this player now (scientopoly ¶7: no paying out of
                // the SP Hole; a card only when one is held).
                TurnOffers::Jail => {
                    let mut offers = Vec::new();
                    crate::engine::property::legal::turn_commands(rules, s, &mut offers);
                    let ways: Vec<&str> = offers
                        .iter()
                        .filter_map(|c| match c {
                            Command::Roll { .. } => Some("roll"),
                            Command::JailPay => Some("pay"),
                            Command::JailCard => Some("card"),
                            _ => None,
                        })
                        .collect();
                    let ways = match ways.as_slice() {
                        ["roll"] => "roll for doubles".to_string(),
                        [first @ .., last] if !first.is_empty() => {
                            format!("{} or {last}", first.join(", "))
                        }
                        _ => ways.join(""),
                    };
                    format!("{} in {}: {ways}", name(s, p), rules.theme.jail)
                }
                // Barred from managing while jailed (scientopoly ¶7): nothing but the end.
                TurnOffers::End if s.options.jailed_cannot_deal && s.players[p].jail.is_some() => {
                    format!("{}: end the turn (in {})", name(s, p), rules.theme.jail)
                }
                TurnOffers::Roll if s.turn.rolled => {
                    format!("{}: doubles{dice}! Roll again", name(s, p))
                }
                TurnOffers::Roll => format!("{}: roll the dice", name(s, p)),
                TurnOffers::End => format!("{}: manage or end the turn{dice}", name(s, p)),
            }
        }
    }
}

/// The bid a tap (or OK) makes in this auction: the engine's asking price, or with free
/// bidding the high bid plus the table's step.
pub fn ask(s: &State, a: &crate::engine::property::state::Auction, step: i64) -> i64 {
    let engine_step = s.options.auction_step;
    if engine_step > 0 {
        auction::floor(engine_step, a)
    } else {
        match a.high {
            Some((_, h)) => h + step.max(1),
            None => a.min.max(step.max(1)),
        }
    }
}

/// How much one UP/DOWN step changes a bid or a price when the button has been held for
/// `held_ms`: the table's step at first, then 50, then 100, so 150 is a few presses away and
/// 1,000 a couple of seconds' hold (issue: "holding a button speeds the step up").
pub fn held_step(step: i64, held_ms: u64) -> i64 {
    match held_ms {
        0..2_000 => step.max(1),
        2_000..4_000 => 50,
        _ => 100,
    }
}

/// A command as a menu label.
pub fn label(rules: &Ruleset, s: &State, cmd: &Command) -> String {
    let l: String = match cmd {
        Command::Roll { .. } => "Roll the dice".to_string(),
        Command::End => "End the turn".into(),
        Command::Buy => match s.top() {
            Some(Pending::Buy { square, .. }) => {
                format!("Buy for {}", rules.squares[*square].price().unwrap_or(0))
            }
            _ => "Buy".into(),
        },
        Command::Decline => "Decline".into(),
        Command::Bid { player, amount } => format!("{} bids {amount}", name(s, *player)),
        Command::Accept { player } => format!("{} accepts", name(s, *player)),
        Command::Pass { player } => format!("{} passes", name(s, *player)),
        Command::Close => "Close the auction".into(),
        Command::Want { player, count } => format!("{} wants {count}", name(s, *player)),
        // Each action with what it costs or brings in, the amount before the name so that
        // cutting a long name never hides it: "Hotel 50: Oversight", "Lift 33: Centre".
        Command::Build { square } => {
            match crate::engine::property::building::can_build(rules, s, *square) {
                Ok(step) => format!(
                    "{} {}: {}",
                    crate::engine::property::narrate::capitalise(if step.hotel() {
                        &rules.theme.hotel
                    } else {
                        &rules.theme.house
                    }),
                    step.cost,
                    sq(rules, *square)
                ),
                Err(_) => format!("Build: {}", sq(rules, *square)),
            }
        }
        Command::Sell { square, all: false } => format!(
            "Sell 1 +{}: {}",
            rules.squares[*square].build_cost().unwrap_or(0) / 2,
            sq(rules, *square)
        ),
        // Every building of the colour group, said so (not "Sell all", which read as the square).
        Command::Sell { square, all: true } => format!(
            "Sell group's buildings +{}: {}",
            crate::engine::property::state::group_resale(rules, s, *square),
            sq(rules, *square)
        ),
        Command::Mortgage { square } => {
            format!(
                "Mortgage +{}: {}",
                rules.mortgage_value(*square),
                sq(rules, *square)
            )
        }
        Command::Unmortgage { square } => format!(
            "Lift {}: {}",
            rules.mortgage_value(*square) + rules.interest(*square),
            sq(rules, *square)
        ),
        Command::Keep { square } => {
            let fee = match s.options.received_mortgage {
                crate::engine::property::options::ReceivedMortgage::Interest => {
                    rules.interest(*square)
                }
                _ => 0,
            };
            if fee > 0 {
                format!("Keep it, pay {fee} interest: {}", sq(rules, *square))
            } else {
                format!("Keep it mortgaged: {}", sq(rules, *square))
            }
        }
        Command::JailPay => format!("Pay the fine {}", rules.jail_fine),
        Command::JailCard => "Use a get-out card".into(),
        Command::Tax { choice } => {
            let square = match s.top() {
                Some(Pending::Tax { square, .. }) => *square,
                _ => 0,
            };
            let (amount, percent) = match rules.squares[square].kind {
                Kind::Tax { amount, percent } => (amount, percent.unwrap_or(10)),
                _ => (0, 0),
            };
            match choice {
                TaxChoice::Flat => format!("Pay {amount} flat"),
                TaxChoice::Percent => format!("Pay {percent}% of worth"),
            }
        }
        // The card's own words, as printed: the table reads them off the card it holds.
        Command::Draw { deck, card } => {
            // Looked up, not indexed: a line from a phone or a file may name no such card.
            let card = (rules.decks.get(*deck)).and_then(|d| d.cards.get(*card as usize));
            card.map_or_else(|| "Drew a card".into(), |c| format!("Drew: {}", c.text))
        }
        Command::Trade(t) => deal_words(rules, s, t),
        Command::Pay => "Pay".into(),
        Command::Resolve => "Auto-resolve the debt".into(),
        Command::WantNone => "No one else: build".into(),
        Command::Concede => "Concede: bankrupt".into(),
        Command::Claim { square } => format!("Ask {}: {}", rules.theme.rent, sq(rules, *square)),
        Command::TimeUp => "Time up: end the game".into(),
        Command::Set(_) => "Correction".into(),
    };
    // Whole: the screen cuts a long line and shows it whole while it is chosen.
    l
}

/// Above another player's squares, opened by their token in someone else's turn: whose they
/// are and their cash, and where squares are managed on the owner's own turn only
/// (suetology, scientopoly), that an empty list waits for it.
pub fn others_squares(rules: &Ruleset, s: &State, p: usize) -> String {
    let waits = s.options.manage_on_own_turn_only && {
        let mut listed = Vec::new();
        crate::engine::property::legal::management(rules, s, &[p], &mut listed);
        listed.is_empty()
    };
    format!(
        "{}'s squares ({} cash){}. BACK: {}'s turn",
        name(s, p),
        s.cash(p),
        if waits {
            ": managed on their own turn only"
        } else {
            ""
        },
        name(s, s.current)
    )
}

/// The standings, richest first: "1 Ann 1520" above "(cash 1200, 4 sq)", a player's two
/// rows broken where they part (wrapped at the screen's width, a number was left a row apart
/// from its word). Equal worth shares a place, so a tie shows as a tie; bankrupt players
/// finish in the order they went out, the later above (`lasted`: `Session::lasted`, by seat;
/// empty where nobody is out).
pub fn standings(rules: &Ruleset, s: &State, lasted: &[usize]) -> Vec<String> {
    // By the game's own measure: the winner first, then status where the game has it
    // (scientopoly ¶5: the target status wins), then worth; a bankrupt player last.
    let status = rules.status.is_some();
    let key = |p: usize| {
        (
            s.winner != Some(p) && !s.tied.contains(&p),
            s.players[p].bankrupt,
            std::cmp::Reverse(if status {
                s.players[p].status as i64
            } else {
                0
            }),
            std::cmp::Reverse(crate::engine::property::state::valuation(rules, s, p)),
            std::cmp::Reverse(lasted.get(p).copied().unwrap_or(0)),
        )
    };
    let mut rows: Vec<usize> = (0..s.players.len()).collect();
    rows.sort_by_key(|&p| (key(p), p));
    let mut out = Vec::new();
    let mut place = 0;
    for (i, &p) in rows.iter().enumerate() {
        if i == 0 || key(rows[i - 1]) != key(p) {
            place = i + 1;
        }
        let worth = crate::engine::property::state::valuation(rules, s, p);
        let squares = s.owned_by(p).count();
        let gone = if s.players[p].bankrupt { " out" } else { "" };
        out.push(if status {
            format!(
                "{place} {} st{} {worth}{gone}\n(cash {}, {squares} sq)",
                name(s, p),
                s.players[p].status,
                s.cash(p)
            )
        } else {
            format!(
                "{place} {} {worth}{gone}\n(cash {}, {squares} sq)",
                name(s, p),
                s.cash(p)
            )
        });
    }
    out
}

/// A command's lines as the screen shows them: in the table's words, the prompt ("now:
/// ...") left to the headline, which says it in its own words.
pub fn shown(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| !l.starts_with("now:"))
        .map(|l| for_table(l))
        .collect()
}

/// A command's lines as pages for the pager, when they do not fit the message area (`room`
/// rows beside the menu) or one is a drawn card: each card gets a page of its own. None when
/// they fit.
pub fn pages(lines: &[String], room: usize) -> Option<Vec<Vec<String>>> {
    let shown = shown(lines);
    let wrapped: usize = shown.iter().map(|l| wrap(l).len()).sum();
    let card = |l: &str| l.contains(" draws the ");
    if wrapped <= room && !shown.iter().any(|l| card(l)) {
        return None;
    }
    Some(crate::ui::text::pages(
        &shown,
        crate::ui::text::MESSAGE_ROWS,
        card,
    ))
}

/// A deal in the table's words: "cpu1: 420 for Ann's Centre" (what the offering side gives,
/// for what the other side gives).
pub fn deal_words(
    rules: &Ruleset,
    s: &State,
    t: &crate::engine::property::command::Trade,
) -> String {
    use crate::engine::property::command::Item;
    let items = |list: &[Item]| -> String {
        let words: Vec<String> = list
            .iter()
            .map(|i| match i {
                Item::Cash(n) => n.to_string(),
                Item::Square(q) => dealt(rules, s, *q),
                Item::Card(d) => rules.decks[*d].a_card(),
            })
            .collect();
        if words.is_empty() {
            "nothing".into()
        } else {
            words.join(" + ")
        }
    };
    let name = |p: usize| s.players.get(p).map_or("?", |p| p.name.as_str());
    format!(
        "{}: {} for {}'s {}",
        name(t.from),
        items(&t.give),
        name(t.to),
        items(&t.get)
    )
}
