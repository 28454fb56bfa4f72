//! The grid game's events as words with their working ("Ann: step 2 (right) blocked by the
//! wall east of (5,7)"), each for its audience: a sealed order's cards are never public.

use super::event::{Block, Event, Placement};
use super::protocol::order_words;
use super::rules::GridRules;
use super::state::{Field, Order, Part, Phase, State, Team};
use boardside_engine::game::Said;

fn f(x: Field) -> String {
    format!("({},{})", x.0, x.1)
}

/// "studies" for a scientist, "prays" for a religionist: the same card.
fn prays(s: &State, p: usize) -> &'static str {
    match s.pieces[p].team {
        Some(Team::Scientists) => "studies",
        _ => "prays",
    }
}

fn part_use(p: Part) -> &'static str {
    match p {
        Part::Feet => "move cards",
        Part::Hands => "rounds of stun",
        Part::Head => "strip units",
    }
}

pub fn event(rules: &GridRules, s: &State, e: &Event) -> Option<Said> {
    let n = |i: usize| s.pieces[i].name.clone();
    let text = match e {
        Event::Side { player, team } => format!("{} plays with the {}", n(*player), team.word()),
        Event::Wall { field, edge, on } => format!(
            "wall {} {} of {}",
            if *on { "added" } else { "removed" },
            edge.word(),
            f(*field)
        ),
        Event::Computer { name, team } => {
            format!(
                "{name} joins the {} (a computer seat, to even the teams)",
                team.word()
            )
        }
        Event::Placed { player, field, how } => match how {
            Placement::Dice { d1, d2 } => {
                format!(
                    "{} rolls {d1} and {d2}: placed on {}",
                    n(*player),
                    f(*field)
                )
            }
            Placement::Table => format!("{} stands on {}", n(*player), f(*field)),
        },
        Event::Missed {
            player,
            d1,
            d2,
            taken_by,
        } => {
            let why = match taken_by {
                Some(o) => format!("{} is taken by {}", f((*d1, *d2)), n(*o)),
                None if *d1 > rules.columns => {
                    format!("column {d1} is off the board (1-{})", rules.columns)
                }
                None => format!("row {d2} is off the board (1-{})", rules.rows),
            };
            format!("{} rolls {d1} and {d2}: {why}; roll again", n(*player))
        }
        Event::Phase { phase } => match phase {
            // The same words as the prompt, so the console says it once.
            Phase::Placing { .. } => format!("now: {}", prompt(s)),
            Phase::Wonder { team } => {
                let members = s.team_members(*team);
                let faces = super::round::wonder_die(members.len());
                format!(
                    "the {} strip is full: roll a d{faces} for the big wonder ({})",
                    team.word(),
                    members
                        .iter()
                        .enumerate()
                        .map(|(k, &m)| format!("{} = {}", k + 1, n(m)))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
            _ => return None,
        },
        Event::Round { round } => format!("round {round}: seal your orders"),
        Event::Sealed { player, .. } => format!("{} has sealed their order", n(*player)),
        Event::Revealed { orders } => {
            let shown: Vec<String> = orders
                .iter()
                .enumerate()
                .map(|(i, o)| match o {
                    Some(o) => format!("{} {}", n(i), order_words(s, i, o)),
                    None => format!("{} (stunned)", n(i)),
                })
                .collect();
            format!("orders: {}", shown.join("; "))
        }
        Event::Step { .. }
        | Event::Blocked { .. }
        | Event::Stunned { .. }
        | Event::MissedAttack { .. }
        | Event::Prayer { .. }
        | Event::Unheard { .. }
        | Event::StripFull { .. }
        | Event::Strip { .. }
        | Event::WonderRoll { .. }
        | Event::Wonder { .. }
        | Event::Converted { .. } => round_words(s, e)?,
        Event::Countdown | Event::Count { .. } => return None,
        Event::Sticker {
            player,
            part,
            level,
            upgrade,
        } => {
            if *upgrade {
                let i = level.index();
                let what = match part {
                    Part::Feet => rules.max_steps[i],
                    Part::Hands => rules.stun_rounds[i],
                    Part::Head => rules.prayer_units[i],
                };
                format!(
                    "{}: change the sticker on the {} to {} ({} {} from the next round)",
                    n(*player),
                    part.word(),
                    level.word(),
                    what,
                    part_use(*part)
                )
            } else {
                format!(
                    "{}'s {} sticker is {} (correction)",
                    n(*player),
                    part.word(),
                    level.word()
                )
            }
        }
        Event::Stun { player, rounds } => format!(
            "{} is stunned for {rounds} round(s) (correction)",
            n(*player)
        ),
        Event::Team { player, team } => format!(
            "{} now plays with the {} (correction)",
            n(*player),
            team.word()
        ),
        Event::Note { text } => text.clone(),
        Event::Winner { team } => {
            let (kept, turned) = s.kept_and_converted(*team);
            let mut line = format!(
                "the {} win: {}",
                team.word(),
                if kept.is_empty() {
                    "nobody of the first hour".to_string()
                } else {
                    kept.iter().map(|&i| n(i)).collect::<Vec<_>>().join(", ")
                }
            );
            if !turned.is_empty() {
                line += &format!(
                    " (converts, listed apart: {})",
                    turned.iter().map(|&i| n(i)).collect::<Vec<_>>().join(", ")
                );
            }
            line
        }
    };
    Some(Said::public(text))
}

/// What a round's orders did (a step, a block, a stun, a prayer, the strips and the big
/// wonder), in words; None for the other events (`event` words them).
fn round_words(s: &State, e: &Event) -> Option<String> {
    let n = |i: usize| s.pieces[i].name.clone();
    Some(match e {
        Event::Step {
            player, to, dir, ..
        } => format!("{} moves {} to {}", n(*player), dir.word(), f(*to)),
        Event::Blocked {
            player,
            step,
            dir,
            from,
            why,
        } => {
            let why = match why {
                Block::Wall { field, edge } => format!("the wall {} of {}", edge.word(), f(*field)),
                Block::Edge => "the edge of the board".into(),
                Block::Occupied { by } => format!("{}, who stays on that field", n(*by)),
                Block::Contested => "another piece stepping into the same field".into(),
                Block::Swap { with } => format!("{}: two pieces cannot swap fields", n(*with)),
            };
            let more = matches!(s.revealed.get(*player), Some(Some(Order::Move(d))) if d.len() > *step as usize);
            let rest = if more {
                "; the rest of the stack is lost"
            } else {
                ""
            };
            format!(
                "{}: step {step} ({}) from {} blocked by {why}{}",
                n(*player),
                dir.word(),
                f(*from),
                rest
            )
        }
        Event::Stunned { player, by, rounds } => {
            let hands = s.pieces[*by].sticker(Part::Hands).word();
            format!(
                "{} attacks: {} is stunned for {rounds} rounds ({hands} hands); stun counts the \
                 rounds that follow",
                n(*by),
                n(*player)
            )
        }
        Event::MissedAttack { player } => {
            format!("{} attacks: nobody of the other team is around", n(*player))
        }
        Event::Prayer {
            player,
            units,
            with,
        } => format!(
            "{} {} with {}: +{units} to the {} strip ({} head)",
            n(*player),
            prays(s, *player),
            n(*with),
            s.pieces[*player].team.map(|t| t.word()).unwrap_or("?"),
            s.pieces[*player].sticker(Part::Head).word()
        ),
        Event::Unheard { player } => format!(
            "{} {} alone: no effect (a teammate on a field around must do it too)",
            n(*player),
            prays(s, *player)
        ),
        Event::StripFull { team } => format!(
            "the {} strip is full and empties: the big wonder",
            team.word()
        ),
        Event::Strip { team, value } => {
            format!("{} strip: {value} of {}", team.word(), s.strip_length)
        }
        Event::WonderRoll {
            team,
            faces,
            roll,
            chosen,
        } => match (faces, chosen) {
            (0, Some(c)) => format!(
                "{} is the only one of the {}: no roll needed",
                n(*c),
                team.word()
            ),
            (0, None) if s.team_members(*team).is_empty() => {
                format!("the {} have nobody left to hold the wonder", team.word())
            }
            (0, None) => format!(
                "the {} have nobody left to convert: no holder is drawn",
                team.other().word()
            ),
            (_, Some(c)) => format!("the d{faces} shows {roll}: {}", n(*c)),
            (_, None) => format!(
                "the d{faces} shows {roll}: the {} have only {} members; roll again",
                team.word(),
                s.team_members(*team).len()
            ),
        },
        Event::Wonder {
            player,
            rounds,
            granted,
        } => {
            if *granted {
                format!(
                    "{} holds the big wonder for the next {rounds} rounds: every player of the \
                     other team on a field around converts",
                    n(*player)
                )
            } else {
                format!(
                    "{} holds the big wonder for {rounds} round(s) (correction)",
                    n(*player)
                )
            }
        }
        Event::Converted { player, by, to } => format!(
            "{} is converted by {}'s wonder and now plays with the {} (stickers and notebook kept)",
            n(*player),
            n(*by),
            to.word()
        ),
        _ => return None,
    })
}

/// What the game waits for now.
pub fn prompt(s: &State) -> String {
    let n = |i: usize| s.pieces[i].name.clone();
    match &s.phase {
        Phase::Setup => {
            let unsided: Vec<String> = (0..s.humans)
                .filter(|&i| s.pieces[i].team.is_none())
                .map(n)
                .collect();
            if unsided.is_empty() {
                "set up: walls (`wall`, `unwall`), then `start`".into()
            } else {
                format!(
                    "choose sides: `side PLAYER scientists|religionists` ({} to choose)",
                    unsided.join(", ")
                )
            }
        }
        Phase::Placing { piece } => format!(
            "{} rolls two d20 for a starting field (`roll` or `roll D1 D2`)",
            n(*piece)
        ),
        Phase::Orders => {
            let owing: Vec<String> = s.owing().map(n).collect();
            if owing.is_empty() {
                format!(
                    "round {}: every player is stunned: `next` plays the round (the computer \
                     seats alone)",
                    s.round
                )
            } else {
                format!(
                    "round {}: waiting for sealed orders from {} (`order PLAYER CARD...`)",
                    s.round,
                    owing.join(", ")
                )
            }
        }
        Phase::Wonder { team } => format!(
            "roll a d{} to draw the {}' big wonder (`roll` or `roll N`)",
            super::round::wonder_die(s.team_members(*team).len()),
            team.word()
        ),
        Phase::Over => match s.winner {
            Some(t) => format!("the game is over: the {} won", t.word()),
            None => "the game is over".into(),
        },
    }
}
