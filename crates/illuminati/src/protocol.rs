//! Illuminati's protocol (docs/protocol.md): grammar with groups and Illuminati named by id,
//! commands written back as text, the `state` JSON for a viewer, and the victory watch.

use serde_json::{json, Value};

use super::attack::working;
use super::rules::{Alignment, IlluRules, Kind};
use super::state::{Phase, State, Status};
use super::structure::{income, power, transferable};
use super::victory::progress;
use super::{Command, Correction};
use boardside_engine::game::{Audience, Parsed};

pub const VERBS: &str = "illuminati PLAYER ID | goal PLAYER ID | uncontrolled GROUP... | start | \
draw GROUP | draw special [ID] | recycle | attack control|neutralize|destroy ATTACKER TARGET [with GROUP...] | \
privilege [SPECIAL] | spend PLAYER SOURCE N | interfere PLAYER N | assist PLAYER N | abolish PLAYER | \
call-off | roll [D1 D2] | transfer FROM TO N | move GROUP under MASTER | give GROUP PLAYER | \
drop GROUP | give-money FROM PLAYER N | give-special FROM TO [SPECIAL] | play SPECIAL [by PLAYER] [GROUP|PLAYER] [under MASTER] | \
laser GROUP add|remove|reverse ALIGNMENT | pass | end | watch | working | \
set treasury GROUP|PLAYER N | set owner GROUP PLAYER|none [under MASTER] | set dead GROUP | \
set arrows GROUP N | set specials PLAYER N | set turn PLAYER | set stats ID POWER TRANSFERABLE INCOME";

struct Words<'a> {
    r: &'a IlluRules,
    s: &'a State,
    words: Vec<&'a str>,
    at: usize,
}

impl<'a> Words<'a> {
    fn peek(&self) -> Option<&'a str> {
        self.words.get(self.at).copied()
    }
    fn next(&mut self, what: &str) -> Result<&'a str, String> {
        let w = self.peek().ok_or_else(|| format!("missing {what}"))?;
        self.at += 1;
        Ok(w)
    }
    fn player(&mut self) -> Result<usize, String> {
        let w = self.next("a player")?;
        self.s.player_index(w).ok_or_else(|| {
            let names: Vec<&str> = self.s.players.iter().map(|p| &*p.name).collect();
            format!("unknown player '{w}' (players: {})", names.join(", "))
        })
    }
    fn card(&mut self) -> Result<usize, String> {
        let w = self.next("a group")?;
        self.card_named(w)
    }
    fn card_named(&self, w: &str) -> Result<usize, String> {
        if w.eq_ignore_ascii_case("illuminati") {
            return self.s.players[self.s.current]
                .illuminati
                .ok_or_else(|| "the player has no Illuminati".to_string());
        }
        self.r.card(w).ok_or_else(|| {
            format!("unknown group '{w}' (name groups by id, such as cia or bavarian)")
        })
    }
    /// A source of money for a player: a group id, or `illuminati` for that player's own.
    fn source(&mut self, player: usize) -> Result<usize, String> {
        let w = self.next("a group or `illuminati`")?;
        if w.eq_ignore_ascii_case("illuminati") {
            return self.s.players[player]
                .illuminati
                .ok_or_else(|| format!("{} has no Illuminati", self.s.players[player].name));
        }
        self.card_named(w)
    }
    fn number(&mut self, what: &str) -> Result<i64, String> {
        let w = self.next(what)?;
        w.parse::<i64>()
            .ok()
            .filter(|n| n.abs() <= 1_000_000_000_000)
            .ok_or_else(|| format!("{what} must be a whole number, not '{w}'"))
    }
    fn special(&mut self) -> Result<usize, String> {
        let w = self.next("a special")?;
        self.r.special(w).ok_or_else(|| {
            let ids: Vec<&str> = self.r.specials.iter().map(|s| s.id.as_str()).collect();
            format!("unknown special '{w}' (specials: {})", ids.join(", "))
        })
    }
    fn end(&self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some(w) => Err(format!("unexpected '{w}' at the end")),
        }
    }
}

pub fn parse(r: &IlluRules, s: &State, line: &str) -> Result<Parsed<Command>, String> {
    let mut w = Words {
        r,
        s,
        words: line.split_whitespace().collect(),
        at: 1,
    };
    let verb = w
        .words
        .first()
        .map(|v| v.to_ascii_lowercase())
        .unwrap_or_default();
    let cmd = match verb.as_str() {
        "illuminati" => Command::Illuminati {
            player: w.player()?,
            card: w.card()?,
        },
        "goal" => Command::Goal {
            player: w.player()?,
            card: w.card()?,
        },
        "uncontrolled" => {
            let mut groups = Vec::new();
            while w.peek().is_some() {
                groups.push(w.card()?);
            }
            Command::Uncontrolled { groups }
        }
        "start" => Command::Start,
        "draw" => match w.peek() {
            Some("special") => {
                w.at += 1;
                let special = if w.peek().is_some() {
                    Some(w.special()?)
                } else {
                    None
                };
                Command::DrawSpecial { special }
            }
            _ => Command::DrawGroup { group: w.card()? },
        },
        "recycle" => Command::Recycle,
        "attack" => parse_attack(&mut w)?,
        "privilege" => Command::Privilege {
            special: if w.peek().is_some() {
                Some(w.special()?)
            } else {
                None
            },
        },
        "spend" => {
            let player = w.player()?;
            let source = w.source(player)?;
            Command::Spend {
                player,
                source,
                amount: w.number("the MB")?,
            }
        }
        "interfere" => Command::Interfere {
            player: w.player()?,
            amount: w.number("the MB")?,
        },
        "assist" => Command::Assist {
            player: w.player()?,
            amount: w.number("the MB")?,
        },
        "abolish" => Command::Abolish {
            player: w.player()?,
        },
        "call-off" => Command::CallOff,
        "roll" => {
            if w.peek().is_none() {
                Command::Roll { dice: None }
            } else {
                let a = w.number("the first die")?;
                let b = w.number("the second die")?;
                let die = |x: i64| u8::try_from(x).ok().filter(|d| (1..=6).contains(d));
                match (die(a), die(b)) {
                    (Some(a), Some(b)) => Command::Roll { dice: Some((a, b)) },
                    _ => return Err(format!("dice show 1 to 6, not {a} and {b}")),
                }
            }
        }
        "transfer" => Command::Transfer {
            from: w.card()?,
            to: w.card()?,
            amount: w.number("the MB")?,
        },
        "move" => {
            let group = w.card()?;
            if w.next("`under`")? != "under" {
                return Err("`move GROUP under MASTER`".into());
            }
            Command::Move {
                group,
                master: w.card()?,
            }
        }
        "give" => Command::Give {
            group: w.card()?,
            player: w.player()?,
        },
        "drop" => Command::Drop { group: w.card()? },
        "give-special" => Command::GiveSpecial {
            from: w.player()?,
            to: w.player()?,
            special: if w.peek().is_some() {
                Some(w.special()?)
            } else {
                None
            },
        },
        "give-money" => Command::GiveMoney {
            from: w.card()?,
            player: w.player()?,
            amount: w.number("the MB")?,
        },
        "play" => parse_play(&mut w, s)?,
        "laser" => {
            let group = w.card()?;
            let how = w.next("add, remove or reverse")?.to_string();
            let a = w.next("an alignment")?;
            let alignment =
                Alignment::parse(a).ok_or_else(|| format!("'{a}' is not an alignment"))?;
            Command::Laser {
                group,
                how,
                alignment,
            }
        }
        "pass" => Command::Pass,
        "end" => Command::End,
        "watch" => return Ok(Parsed::Show(watch(r, s))),
        "working" => {
            return Ok(Parsed::Show(match &s.attack {
                Some(a) => working_lines(r, s, a),
                None => vec!["no attack is being worked out".into()],
            }))
        }
        "set" => Command::Set(parse_set(&mut w)?),
        _ => return Err(format!("unknown command '{verb}'; commands: {VERBS}")),
    };
    w.end()?;
    Ok(Parsed::Command(cmd))
}

/// `attack KIND ATTACKER TARGET [with AID...]`.
fn parse_attack(w: &mut Words) -> Result<Command, String> {
    let kind = match w.next("control, neutralize or destroy")? {
        "control" => Kind::Control,
        "neutralize" => Kind::Neutralize,
        "destroy" => Kind::Destroy,
        x => return Err(format!("attack {x}: control, neutralize or destroy")),
    };
    let attacker = w.card()?;
    let target = w.card()?;
    let mut aid = Vec::new();
    if w.peek() == Some("with") {
        w.at += 1;
        while w.peek().is_some() {
            aid.push(w.card()?);
        }
    }
    Ok(Command::Attack {
        kind,
        attacker,
        target,
        aid,
    })
}

/// `play SPECIAL [by PLAYER] [TARGET] [under MASTER]`.
fn parse_play(w: &mut Words, s: &State) -> Result<Command, String> {
    let special = w.special()?;
    let mut player = s.current;
    if w.peek() == Some("by") {
        w.at += 1;
        player = w.player()?;
    }
    let mut target = None;
    if let Some(x) = w.peek().filter(|&x| x != "under") {
        w.at += 1;
        target = Some(match s.player_index(x) {
            Some(p) => s.players[p]
                .illuminati
                .ok_or("that player has no Illuminati")?,
            None => w.card_named(x)?,
        });
    }
    let mut master = None;
    if w.peek() == Some("under") {
        w.at += 1;
        master = Some(w.card()?);
    }
    Ok(Command::Play {
        player,
        special,
        target,
        master,
    })
}

fn parse_set(w: &mut Words) -> Result<Correction, String> {
    Ok(match w.next("what to set")? {
        "treasury" => {
            let x = w.next("a group or player")?;
            let card = match w.s.player_index(x) {
                Some(p) => w.s.players[p]
                    .illuminati
                    .ok_or("that player has no Illuminati")?,
                None => w.card_named(x)?,
            };
            Correction::Treasury {
                card,
                amount: w.number("the MB")?,
            }
        }
        "owner" => {
            let card = w.card()?;
            let owner = match w.peek() {
                Some("none") => {
                    w.at += 1;
                    None
                }
                _ => Some(w.player()?),
            };
            let mut master = None;
            if w.peek() == Some("under") {
                w.at += 1;
                master = Some(w.card()?);
            }
            Correction::Owner {
                card,
                owner,
                master,
            }
        }
        "dead" => Correction::Dead { card: w.card()? },
        "arrows" => {
            let card = w.card()?;
            let n = w.number("the arrows")?;
            Correction::Arrows {
                card,
                arrows: u8::try_from(n).map_err(|_| format!("{n} arrows?"))?,
            }
        }
        "specials" => {
            let player = w.player()?;
            let n = w.number("the count")?;
            Correction::Specials {
                player,
                count: usize::try_from(n).map_err(|_| format!("{n} specials?"))?,
            }
        }
        "turn" => Correction::Turn {
            player: w.player()?,
        },
        "stats" => Correction::Stats {
            card: w.card()?,
            power: w.number("the power")?,
            transferable: w.number("the transferable power")?,
            income: w.number("the income")?,
        },
        x => {
            return Err(format!(
                "set {x}: treasury, owner, dead, arrows, specials, turn or stats"
            ))
        }
    })
}

pub fn format_command(r: &IlluRules, s: &State, c: &Command) -> String {
    let p = |i: usize| {
        s.players
            .get(i)
            .map(|x| x.name.to_string())
            .unwrap_or_else(|| format!("#{i}"))
    };
    let g = |i: usize| {
        r.cards
            .get(i)
            .map(|x| x.id.clone())
            .unwrap_or_else(|| format!("#{i}"))
    };
    let sp = |i: usize| {
        r.specials
            .get(i)
            .map(|x| x.id.clone())
            .unwrap_or_else(|| format!("#{i}"))
    };
    match c {
        Command::Illuminati { player, card } => format!("illuminati {} {}", p(*player), g(*card)),
        Command::Goal { player, card } => format!("goal {} {}", p(*player), g(*card)),
        Command::Uncontrolled { groups } => format!(
            "uncontrolled {}",
            groups.iter().map(|&x| g(x)).collect::<Vec<_>>().join(" ")
        ),
        Command::Start => "start".into(),
        Command::DrawGroup { group } => format!("draw {}", g(*group)),
        Command::DrawSpecial { special } => format!(
            "draw special{}",
            special.map(|x| format!(" {}", sp(x))).unwrap_or_default()
        ),
        Command::Recycle => "recycle".into(),
        Command::Attack {
            kind,
            attacker,
            target,
            aid,
        } => format!(
            "attack {} {} {}{}",
            kind.word(),
            g(*attacker),
            g(*target),
            if aid.is_empty() {
                String::new()
            } else {
                format!(
                    " with {}",
                    aid.iter().map(|&x| g(x)).collect::<Vec<_>>().join(" ")
                )
            }
        ),
        Command::Privilege { special } => format!(
            "privilege{}",
            special.map(|x| format!(" {}", sp(x))).unwrap_or_default()
        ),
        Command::Spend {
            player,
            source,
            amount,
        } => format!("spend {} {} {amount}", p(*player), g(*source)),
        Command::Interfere { player, amount } => format!("interfere {} {amount}", p(*player)),
        Command::Assist { player, amount } => format!("assist {} {amount}", p(*player)),
        Command::Abolish { player } => format!("abolish {}", p(*player)),
        Command::CallOff => "call-off".into(),
        Command::Roll { dice: None } => "roll".into(),
        Command::Roll { dice: Some((a, b)) } => format!("roll {a} {b}"),
        Command::Transfer { from, to, amount } => {
            format!("transfer {} {} {amount}", g(*from), g(*to))
        }
        Command::Move { group, master } => format!("move {} under {}", g(*group), g(*master)),
        Command::Give { group, player } => format!("give {} {}", g(*group), p(*player)),
        Command::Drop { group } => format!("drop {}", g(*group)),
        Command::GiveMoney {
            from,
            player,
            amount,
        } => format!("give-money {} {} {amount}", g(*from), p(*player)),
        Command::GiveSpecial { from, to, special } => format!(
            "give-special {} {}{}",
            p(*from),
            p(*to),
            special
                .map(|k| format!(" {}", r.specials[k].id))
                .unwrap_or_default()
        ),
        Command::Play {
            player,
            special,
            target,
            master,
        } => format!(
            "play {} by {}{}{}",
            sp(*special),
            p(*player),
            target.map(|x| format!(" {}", g(x))).unwrap_or_default(),
            master
                .map(|x| format!(" under {}", g(x)))
                .unwrap_or_default()
        ),
        Command::Laser {
            group,
            how,
            alignment,
        } => format!("laser {} {how} {}", g(*group), alignment.word()),
        Command::Pass => "pass".into(),
        Command::End => "end".into(),
        Command::Set(k) => match k {
            Correction::Treasury { card, amount } => format!("set treasury {} {amount}", g(*card)),
            Correction::Owner {
                card,
                owner,
                master,
            } => format!(
                "set owner {} {}{}",
                g(*card),
                owner.map(p).unwrap_or_else(|| "none".into()),
                master
                    .map(|m| format!(" under {}", g(m)))
                    .unwrap_or_default()
            ),
            Correction::Dead { card } => format!("set dead {}", g(*card)),
            Correction::Arrows { card, arrows } => format!("set arrows {} {arrows}", g(*card)),
            Correction::Specials { player, count } => {
                format!("set specials {} {count}", p(*player))
            }
            Correction::Turn { player } => format!("set turn {}", p(*player)),
            Correction::Stats {
                card,
                power,
                transferable,
                income,
            } => format!("set stats {} {power} {transferable} {income}", g(*card)),
        },
    }
}

/// The attack's working as lines: each modifier, then the number needed.
pub fn working_lines(r: &IlluRules, s: &State, a: &super::state::Attack) -> Vec<String> {
    let (m, need) = working(r, s, a);
    let mut out: Vec<String> = m.iter().map(|(l, v)| format!("  {v:+} {l}")).collect();
    out.push(format!(
        "  = {need}: {}{}",
        needed_roll(need),
        if a.privileged { "; privileged" } else { "" }
    ));
    out
}

/// Can any roll meet this number needed? Two dice show 2 at the least.
pub fn can_succeed(need: i64) -> bool {
    need >= 2
}

/// What a number needed means at the table: the roll that succeeds, or that none can (two
/// dice show 2 at the least; 11 and 12 always fail: illuminati, Attacks).
pub fn needed_roll(need: i64) -> String {
    if !can_succeed(need) {
        "cannot succeed (two dice show 2 at the least)".into()
    } else {
        format!(
            "roll {} or less on two dice (11 and 12 always fail)",
            need.min(10)
        )
    }
}

/// The victory watch for the table: each player's distance to their goals; the UFOs' secret
/// goal is never shown.
pub fn watch(r: &IlluRules, s: &State) -> Vec<String> {
    s.players
        .iter()
        .enumerate()
        .map(|(p, pl)| {
            let goals: Vec<String> = progress(r, s, p)
                .iter()
                .map(|g| {
                    if g.secret {
                        "secret goal".to_string()
                    } else {
                        format!("{}/{} {}", g.have, g.need, g.label)
                    }
                })
                .collect();
            format!(
                "{}: {}{}",
                pl.name,
                goals.join(", "),
                if pl.eliminated { " (out)" } else { "" }
            )
        })
        .collect()
}

pub fn state_json(r: &IlluRules, s: &State, viewer: Audience) -> Value {
    let pn = |i: usize| s.players[i].name.clone();
    let players: Vec<Value> = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut v = json!({
                "name": p.name,
                "illuminati": p.illuminati.map(|c| r.cards[c].id.clone()),
                "treasury": p.illuminati.map(|c| s.cards[c].treasury).unwrap_or(0),
                "specials": p.specials.len(),
                "controls": super::structure::groups_of(r, s, i).iter().map(|&c| r.cards[c].id.clone()).collect::<Vec<_>>(),
                "eliminated": p.eliminated,
                "destroyed": p.destroyed,
            });
            if viewer == Audience::Player(i) {
                v["hand"] = json!(p.specials.iter().map(|x| x.map(|k| r.specials[k].id.clone())).collect::<Vec<_>>());
                v["goal"] = json!(p.goal.map(|c| r.cards[c].id.clone()));
                // The same in the cards' printed names (the web view shows these).
                v["hand_names"] = json!(p.specials.iter().map(|x| x.map(|k| r.specials[k].name.clone())).collect::<Vec<_>>());
                v["goal_name"] = json!(p.goal.map(|c| r.cards[c].name.clone()));
            }
            v
        })
        .collect();
    let groups: Vec<Value> = r
        .groups()
        .map(|c| {
            let cs = &s.cards[c];
            json!({
                "id": r.cards[c].id,
                "name": r.cards[c].name,
                "status": cs.status.word(),
                "owner": cs.owner.map(pn),
                "master": cs.master.map(|m| r.cards[m].id.clone()),
                "treasury": cs.treasury,
                "power": power(r, s, c),
                "transferable": transferable(r, s, c),
                "resistance": r.cards[c].resistance,
                "income": income(r, s, c),
                "alignments": super::structure::alignments(r, s, c).iter().map(|a| a.word()).collect::<Vec<_>>(),
                "arrows": cs.arrows,
                "open_arrows": super::structure::open_arrows(s, c),
            })
        })
        .collect();
    let attack = s.attack.as_ref().map(|a| {
        let (m, need) = working(r, s, a);
        json!({
            "kind": a.kind.word(),
            "attacker": r.cards[a.attacker].id,
            "target": r.cards[a.target].id,
            "aid": a.aid.iter().map(|&c| r.cards[c].id.clone()).collect::<Vec<_>>(),
            "modifiers": m.iter().map(|(l, v)| json!([l, v])).collect::<Vec<_>>(),
            "need": need,
            "privileged": a.privileged,
        })
    });
    json!({
        "game": "illuminati",
        "ruleset": r.id,
        "phase": match s.phase { Phase::Setup => "setup", Phase::Turn => "turn", Phase::Over => "over" },
        "current": pn(s.current),
        "actions_left": s.turn.actions_left,
        "transfers_left": s.turn.transfers_left,
        "draws_left": s.turn.draws_left,
        "players": players,
        "groups": groups,
        "illuminati": r.illuminati().map(|c| json!({
            "id": r.cards[c].id,
            "name": r.cards[c].name,
            "status": s.cards[c].status.word(),
            "owner": s.cards[c].owner.map(pn),
            "treasury": s.cards[c].treasury,
            "power": power(r, s, c),
            "open_arrows": super::structure::open_arrows(s, c),
        })).filter(|v| v["status"] != "deck").collect::<Vec<_>>(),
        "attack": attack,
        "dead": r.groups().filter(|&c| s.cards[c].status == Status::Dead).map(|c| r.cards[c].id.clone()).collect::<Vec<_>>(),
        "winner": s.winner.map(pn),
        "won_by": s.won_by,
        "bank": s.bank,
    })
}
