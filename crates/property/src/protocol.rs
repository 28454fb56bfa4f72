//! The public command protocol (docs/protocol.md): one text line per command, parsed into an
//! engine command with players, squares, decks and cards resolved by name; commands written
//! back as text; the `state` line as JSON.

use serde_json::{json, Value};

use crate::command::{Command, Correction, Item, TaxChoice, Trade};
use crate::state::{Lot, Pending, State};
use crate::Ruleset;
use boardside_engine::dice::Dice;

/// One line of a script.
#[derive(Debug, Clone, PartialEq)]
pub enum Line {
    Blank,
    Command(Command),
    Undo,
    State,
    Prompt,
    Help,
    /// Show the auto-resolve plan for the debt waiting (changes nothing).
    Plan,
}

pub const VERBS: &str = "roll [D1 D2] | buy | decline | bid PLAYER AMOUNT | accept PLAYER | \
pass PLAYER | close | want PLAYER N | want none | plan | resolve | \
build SQ | sell SQ [all] | mortgage SQ | unmortgage SQ | keep SQ | jail pay | jail card | \
tax flat | tax percent | draw DECK CARD | trade FROM TO ITEMS for ITEMS | pay | concede | \
claim SQ | end | time-up | set cash PLAYER N | \
set position PLAYER SQ | set owner SQ PLAYER|bank | set buildings SQ N | \
set mortgaged SQ yes|no | set jailed PLAYER yes|no | set turn PLAYER | set status PLAYER N";

struct Words<'a> {
    rules: &'a Ruleset,
    state: &'a State,
    words: Vec<&'a str>,
    at: usize,
}

impl<'a> Words<'a> {
    fn next(&mut self, what: &str) -> Result<&'a str, String> {
        let w = self
            .words
            .get(self.at)
            .copied()
            .ok_or_else(|| format!("missing {what}"))?;
        self.at += 1;
        Ok(w)
    }
    fn end(&self) -> Result<(), String> {
        match self.words.get(self.at) {
            None => Ok(()),
            Some(w) => Err(format!("unexpected '{w}' at the end")),
        }
    }
    fn player(&mut self) -> Result<usize, String> {
        let w = self.next("a player")?;
        self.state.player_index(w).ok_or_else(|| {
            format!(
                "unknown player '{w}' (players: {})",
                self.state
                    .players
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
    }
    fn square(&mut self) -> Result<usize, String> {
        let w = self.next("a square")?;
        square(self.rules, w)
    }
    fn number(&mut self, what: &str) -> Result<i64, String> {
        let w = self.next(what)?;
        w.parse::<i64>()
            .map_err(|_| format!("{what} must be a whole number, not '{w}'"))
    }
    fn yes_no(&mut self) -> Result<bool, String> {
        match self.next("yes or no")? {
            "yes" | "true" | "on" => Ok(true),
            "no" | "false" | "off" => Ok(false),
            w => Err(format!("expected yes or no, not '{w}'")),
        }
    }
    fn deck(&mut self) -> Result<usize, String> {
        let w = self.next("a deck")?;
        deck(self.rules, w)
    }
}

fn square(rules: &Ruleset, w: &str) -> Result<usize, String> {
    rules.square_index(w).ok_or_else(|| {
        format!(
            "unknown square '{w}' (name a square by its id, such as '{}', or its index 0-{})",
            rules.squares[1].id,
            rules.squares.len() - 1
        )
    })
}

fn deck(rules: &Ruleset, w: &str) -> Result<usize, String> {
    rules.deck_index(w).ok_or_else(|| {
        format!(
            "unknown deck '{w}' (decks: {})",
            rules
                .decks
                .iter()
                .map(|d| d.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// Parse one line. Errors are reasons for the `error:` line; nothing has happened.
pub fn parse(rules: &Ruleset, state: &State, line: &str) -> Result<Line, String> {
    let text = line.split('#').next().unwrap_or("");
    let mut w = Words {
        rules,
        state,
        words: text.split_whitespace().collect(),
        at: 0,
    };
    let Some(verb) = w.words.first().copied() else {
        return Ok(Line::Blank);
    };
    w.at = 1;
    let verb = verb.to_ascii_lowercase();
    let cmd = match verb.as_str() {
        "roll" => {
            if w.words.len() == 1 {
                Command::Roll { dice: None }
            } else {
                let a = w.number("the first die")?;
                let b = w.number("the second die")?;
                let (a, b) = (u8::try_from(a).unwrap_or(0), u8::try_from(b).unwrap_or(0));
                Command::Roll {
                    dice: Some(Dice::new(a, b).map_err(|e| e.to_string())?),
                }
            }
        }
        "buy" => Command::Buy,
        "decline" => Command::Decline,
        "bid" => Command::Bid {
            player: w.player()?,
            amount: w.number("the amount")?,
        },
        "accept" => Command::Accept {
            player: w.player()?,
        },
        "resolve" => Command::Resolve,
        "plan" => {
            w.end()?;
            return Ok(Line::Plan);
        }
        "pass" => Command::Pass {
            player: w.player()?,
        },
        "close" => Command::Close,
        // `want none`: one answer for everyone not yet asked (a player named "none" is
        // still `want none N`).
        "want" if w.words.get(w.at) == Some(&"none") && w.words.len() == w.at + 1 => {
            w.at += 1;
            Command::WantNone
        }
        "want" => {
            let player = w.player()?;
            let n = w.number("how many")?;
            Command::Want {
                player,
                count: u8::try_from(n).map_err(|_| format!("want {n}? a count from 0 to 255"))?,
            }
        }
        "build" => Command::Build {
            square: w.square()?,
        },
        "sell" => {
            let square = w.square()?;
            let all = match w.words.get(w.at) {
                Some(&"all") => {
                    w.at += 1;
                    true
                }
                _ => false,
            };
            Command::Sell { square, all }
        }
        "mortgage" => Command::Mortgage {
            square: w.square()?,
        },
        "unmortgage" => Command::Unmortgage {
            square: w.square()?,
        },
        "keep" => Command::Keep {
            square: w.square()?,
        },
        "jail" => match w.next("pay or card")? {
            "pay" => Command::JailPay,
            "card" => Command::JailCard,
            x => return Err(format!("jail {x}: expected `jail pay` or `jail card`")),
        },
        "tax" => Command::Tax {
            choice: match w.next("flat or percent")? {
                "flat" => TaxChoice::Flat,
                "percent" => TaxChoice::Percent,
                x => return Err(format!("tax {x}: expected `tax flat` or `tax percent`")),
            },
        },
        "draw" => {
            let d = w.deck()?;
            let id = w.next("a card id")?;
            let card = rules.decks[d]
                .cards
                .iter()
                .position(|c| c.id == id)
                .ok_or_else(|| format!("{} has no card '{id}'", rules.decks[d].name))?;
            Command::Draw {
                deck: d,
                card: card as u16,
            }
        }
        "trade" => Command::Trade(parse_trade(&mut w)?),
        "pay" => Command::Pay,
        "concede" => Command::Concede,
        "claim" => Command::Claim {
            square: w.square()?,
        },
        "end" => Command::End,
        "time-up" => Command::TimeUp,
        "undo" => {
            w.end()?;
            return Ok(Line::Undo);
        }
        "state" => {
            w.end()?;
            return Ok(Line::State);
        }
        "prompt" => return Ok(Line::Prompt),
        "help" => return Ok(Line::Help),
        "set" => Command::Set(parse_set(&mut w)?),
        _ => return Err(format!("unknown command '{verb}'; commands: {VERBS}")),
    };
    w.end()?;
    Ok(Line::Command(cmd))
}

fn parse_trade(w: &mut Words) -> Result<Trade, String> {
    let from = w.player()?;
    let to = w.player()?;
    let mut give = super::command::Items::new();
    let mut get = super::command::Items::new();
    let mut side = &mut give;
    let mut saw_for = false;
    while w.at < w.words.len() {
        let word = w.next("an item")?;
        if word == "for" {
            if saw_for {
                return Err("`for` appears twice in the trade".into());
            }
            saw_for = true;
            side = &mut get;
            continue;
        }
        if word == "nothing" {
            continue;
        }
        side.push(item(w.rules, word)?);
    }
    if !saw_for {
        return Err("a trade reads `trade FROM TO ITEMS for ITEMS` (`nothing` for none)".into());
    }
    Ok(Trade {
        from,
        to,
        give,
        get,
    })
}

fn item(rules: &Ruleset, word: &str) -> Result<Item, String> {
    if let Some(n) = word
        .strip_prefix('$')
        .or_else(|| word.strip_prefix("cash:"))
    {
        return n
            .parse::<i64>()
            .map(Item::Cash)
            .map_err(|_| format!("'{word}': money is written $N, such as $50"));
    }
    if let Some(d) = word.strip_prefix("card:") {
        return Ok(Item::Card(deck(rules, d)?));
    }
    Ok(Item::Square(square(rules, word)?))
}

fn parse_set(w: &mut Words) -> Result<Correction, String> {
    Ok(match w.next("what to set")? {
        "cash" => Correction::Cash {
            player: w.player()?,
            amount: w.number("the amount")?,
        },
        "position" => Correction::Position {
            player: w.player()?,
            square: w.square()?,
        },
        "owner" => {
            let square = w.square()?;
            let owner = match w.words.get(w.at) {
                Some(b) if b.eq_ignore_ascii_case("bank") => {
                    w.at += 1;
                    None
                }
                _ => Some(w.player()?),
            };
            Correction::Owner { square, owner }
        }
        "buildings" => {
            let square = w.square()?;
            let n = w.number("the number of buildings (0-5)")?;
            Correction::Buildings {
                square,
                level: u8::try_from(n).ok().filter(|&l| l <= 5).ok_or_else(|| {
                    format!("buildings go from 0 to 5 (5 = the top building), not {n}")
                })?,
            }
        }
        "mortgaged" => Correction::Mortgaged {
            square: w.square()?,
            on: w.yes_no()?,
        },
        "jailed" => Correction::Jailed {
            player: w.player()?,
            on: w.yes_no()?,
        },
        "status" => {
            let player = w.player()?;
            let n = w.number("the status")?;
            Correction::Status {
                player,
                status: u8::try_from(n).map_err(|_| format!("status {n} is out of range"))?,
            }
        }
        "turn" => Correction::Turn {
            player: w.player()?,
        },
        x => {
            return Err(format!(
                "set {x}: expected cash, position, owner, buildings, mortgaged, jailed or turn"
            ))
        }
    })
}

/// A command as the protocol writes it (for the journal's readers, undo messages, transcripts).
pub fn format_command(rules: &Ruleset, s: &State, cmd: &Command) -> String {
    let p = |i: usize| s.players[i].name.clone();
    let q = |i: usize| rules.squares[i].id.clone();
    let items = |v: &[Item]| {
        if v.is_empty() {
            return "nothing".to_string();
        }
        v.iter()
            .map(|i| match *i {
                Item::Square(sq) => q(sq),
                Item::Cash(n) => format!("${n}"),
                Item::Card(d) => format!("card:{}", rules.decks[d].id),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    match cmd {
        Command::Roll { dice: Some(d) } => format!("roll {} {}", d.0, d.1),
        Command::Roll { dice: None } => "roll".into(),
        Command::Buy => "buy".into(),
        Command::Decline => "decline".into(),
        Command::Bid { player, amount } => format!("bid {} {amount}", p(*player)),
        Command::Accept { player } => format!("accept {}", p(*player)),
        Command::Resolve => "resolve".into(),
        Command::Pass { player } => format!("pass {}", p(*player)),
        Command::Close => "close".into(),
        Command::Want { player, count } => format!("want {} {count}", p(*player)),
        Command::WantNone => "want none".into(),
        Command::Build { square } => format!("build {}", q(*square)),
        Command::Sell { square, all } => {
            format!("sell {}{}", q(*square), if *all { " all" } else { "" })
        }
        Command::Mortgage { square } => format!("mortgage {}", q(*square)),
        Command::Unmortgage { square } => format!("unmortgage {}", q(*square)),
        Command::Keep { square } => format!("keep {}", q(*square)),
        Command::JailPay => "jail pay".into(),
        Command::JailCard => "jail card".into(),
        Command::Tax { choice } => match choice {
            TaxChoice::Flat => "tax flat".into(),
            TaxChoice::Percent => "tax percent".into(),
        },
        Command::Draw { deck, card } => format!(
            "draw {} {}",
            rules.decks[*deck].id, rules.decks[*deck].cards[*card as usize].id
        ),
        Command::Trade(t) => format!(
            "trade {} {} {} for {}",
            p(t.from),
            p(t.to),
            items(&t.give),
            items(&t.get)
        ),
        Command::Pay => "pay".into(),
        Command::Concede => "concede".into(),
        Command::Claim { square } => format!("claim {}", q(*square)),
        Command::End => "end".into(),
        Command::TimeUp => "time-up".into(),
        Command::Set(c) => match *c {
            Correction::Cash { player, amount } => format!("set cash {} {amount}", p(player)),
            Correction::Position { player, square } => {
                format!("set position {} {}", p(player), q(square))
            }
            Correction::Owner { square, owner } => format!(
                "set owner {} {}",
                q(square),
                owner.map(p).unwrap_or_else(|| "bank".into())
            ),
            Correction::Buildings { square, level } => {
                format!("set buildings {} {level}", q(square))
            }
            Correction::Mortgaged { square, on } => {
                format!(
                    "set mortgaged {} {}",
                    q(square),
                    if on { "yes" } else { "no" }
                )
            }
            Correction::Jailed { player, on } => {
                format!("set jailed {} {}", p(player), if on { "yes" } else { "no" })
            }
            Correction::Turn { player } => format!("set turn {}", p(player)),
            Correction::Status { player, status } => {
                format!("set status {} {status}", p(player))
            }
        },
    }
}

fn pending_json(rules: &Ruleset, s: &State, p: &Pending) -> Value {
    let name = |i: usize| s.players[i].name.clone();
    let sq = |i: usize| rules.squares[i].id.clone();
    match p {
        Pending::FirstRoll { .. } => {
            json!({"decision": "first_roll", "player": name(s.acting_player())})
        }
        Pending::Buy {
            player,
            square,
            second_offer,
            status_point,
        } => json!({
            "decision": "buy",
            "player": name(*player),
            "square": sq(*square),
            "second_offer": second_offer,
            "status_point": status_point,
        }),
        Pending::Auction(a) => json!({
            "decision": "auction",
            "lot": match a.lot {
                Lot::Square(i) => sq(i),
                Lot::Building { hotel: true } => "hotel".to_string(),
                Lot::Building { hotel: false } => "house".to_string(),
            },
            "high_bid": a.high.map(|(_, v)| v),
            "high_bidder": a.high.map(|(h, _)| name(h)),
            "bidders": (0..a.open.len()).filter(|&q| a.open[q]).map(name).collect::<Vec<_>>(),
            "min": a.min,
        }),
        Pending::Tax { player, square } => {
            json!({"decision": "tax", "player": name(*player), "square": sq(*square)})
        }
        Pending::Debt(d) => json!({
            "decision": "debt",
            "player": name(d.debtor),
            "creditor": d.creditor.map(name),
            "amount": d.amount,
        }),
        Pending::Card { player, deck } => {
            json!({"decision": "draw", "player": name(*player), "deck": rules.decks[*deck].id})
        }
        Pending::UtilityRoll { player, square } => {
            json!({"decision": "utility_roll", "player": name(*player), "square": sq(*square)})
        }
        Pending::Mortgaged { player, squares } => json!({
            "decision": "mortgaged_received",
            "player": name(*player),
            "squares": squares.iter().map(sq).collect::<Vec<_>>(),
        }),
        Pending::Shortage {
            builder,
            square,
            hotel,
            wishes,
        } => json!({
            "decision": "shortage",
            "player": name(s.acting_player()),
            "builder": name(*builder),
            "square": sq(*square),
            "hotel": hotel,
            "wishes": wishes,
        }),
        Pending::Place { player, hotel } => {
            json!({"decision": "place_building", "player": name(*player), "hotel": hotel})
        }
    }
}

/// The printed board (the web view's ring): every square in board order with its kind and
/// group, and the groups by name.
pub fn board_json(rules: &Ruleset) -> Value {
    use crate::ruleset::Kind;
    let squares: Vec<Value> = rules
        .squares
        .iter()
        .enumerate()
        .map(|(i, q)| {
            let kind = match &q.kind {
                Kind::Start => "start",
                Kind::Lot { .. } => "lot",
                Kind::Station { .. } => "station",
                Kind::Utility { .. } => "utility",
                Kind::Card { .. } => "card",
                Kind::Tax { .. } => "tax",
                Kind::Free => "free",
                Kind::Jail => "jail",
                Kind::GoToJail => "go_to_jail",
            };
            json!({
                "index": i,
                "id": q.id,
                "name": q.name,
                "kind": kind,
                "group": q.group().map(|g| rules.groups[g].id.as_str()),
                "price": q.price(),
            })
        })
        .collect();
    let groups: Vec<Value> = rules
        .groups
        .iter()
        .map(|g| json!({ "id": g.id, "name": g.name }))
        .collect();
    json!({ "squares": squares, "groups": groups })
}

/// The whole game state as one JSON value (`state`). Status games add each player's `status`
/// and each site's development `level` by name.
pub fn state_json(rules: &Ruleset, s: &State) -> Value {
    let mut v = base_state_json(rules, s);
    // Only a game that ended in a tie says who shares the win (outputs stay as they were).
    if !s.tied.is_empty() {
        v["tied"] = json!(s
            .tied
            .iter()
            .map(|&p| s.players[p].name.clone())
            .collect::<Vec<_>>());
    }
    if rules.status.is_some() {
        if let Some(players) = v["players"].as_array_mut() {
            for (p, j) in players.iter_mut().enumerate() {
                j["status"] = json!(s.players[p].status);
            }
        }
        if let Some(squares) = v["squares"].as_array_mut() {
            for j in squares.iter_mut() {
                let i = j["index"].as_u64().unwrap_or(0) as usize;
                j["level"] = json!(crate::status::level_name(rules, s.squares[i].level)
                    .filter(|_| rules.squares[i].is_lot()));
            }
        }
        v["target_status"] = json!(s.options.target_status);
    }
    v
}

fn base_state_json(rules: &Ruleset, s: &State) -> Value {
    let name = |i: usize| s.players[i].name.clone();
    json!({
        "ruleset": rules.id,
        "current": name(s.current),
        "winner": s.winner.map(name),
        "pending": s.top().map(|p| pending_json(rules, s, p)),
        "turn": {
            "rolled": s.turn.rolled,
            "doubles": s.turn.doubles,
            "roll_again": s.turn.roll_again,
            "last_roll": s.turn.last_roll.map(|d| [d.0, d.1]),
        },
        "players": s.players.iter().enumerate().map(|(i, p)| json!({
            "name": p.name,
            "cash": s.cash(i),
            "position": p.position,
            "square": rules.squares[p.position].id,
            "jailed": p.jail.is_some(),
            "jail_attempts": p.jail.unwrap_or(0),
            "bankrupt": p.bankrupt,
            "cards": p.cards.iter().map(|&(d, c)| format!(
                "{}:{}", rules.decks[d].id, rules.decks[d].cards[c as usize].id
            )).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "squares": s.squares.iter().enumerate()
            .filter(|(i, _)| rules.squares[*i].price().is_some())
            .map(|(i, h)| json!({
                "index": i,
                "id": rules.squares[i].id,
                "name": rules.squares[i].name,
                "owner": h.owner.map(name),
                "mortgaged": h.mortgaged,
                "buildings": h.level,
            })).collect::<Vec<_>>(),
        "bank": {"houses": s.houses, "hotels": s.hotels},
        "claims": s.claims.iter().map(|c| json!({
            "square": rules.squares[c.square].id,
            "payer": name(c.payer),
            "owner": name(c.owner),
            "amount": c.amount,
            "lapses_when_rolls": name(c.lapses_on),
        })).collect::<Vec<_>>(),
    })
}
