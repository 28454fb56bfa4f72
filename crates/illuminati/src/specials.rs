//! Special cards (illuminati: specials): each played from a hand to its effect. Assassination
//! and Murphy's Law change the roll just made, so the attack is worked out again from the
//! state before it; Secrets Man Was Not Meant to Know cancels the special just played by going
//! back to the state before it.

use super::event::{Event, Purse, Snapshot, Why};
use super::rules::{Effect, IlluRules, Kind};
use super::state::{Phase, State, Status};
use super::structure::open_arrows;
use super::{attack, turn, Table};
use boardside_engine::ensure;
use boardside_engine::RuleError;

pub fn play(
    t: &mut Table,
    player: usize,
    special: usize,
    target: Option<usize>,
    master: Option<usize>,
) -> Result<(), RuleError> {
    ensure!(
        t.s.phase == Phase::Turn,
        "specials are played during the game"
    );
    let hand = &t.s.players[player].specials;
    let sp = &t.rules.specials[special];
    ensure!(
        hand.contains(&Some(special)) || hand.contains(&None),
        "{} holds no {}",
        t.s.players[player].name,
        sp.name
    );
    let effect = sp.effect.clone();
    let current = t.s.current;
    if effect != Effect::Secrets {
        // Kept so that Secrets Man can cancel this special: the state before it.
        t.emit(Event::KeepBeforeSpecial {
            keep: Some((player, Some(special))),
        });
    }
    match effect {
        Effect::RollTwo | Effect::RollTwelve => {
            if t.s.before_roll.is_none() {
                return Err(RuleError::new(format!(
                    "{} is played right after the dice of an attack",
                    sp.name
                )));
            }
            let hands = t.s.players.iter().map(|p| p.specials.clone()).collect();
            t.emit(Event::Restore {
                to: Snapshot::Roll,
                hands: Some(hands),
            });
            t.emit(Event::Discard {
                player,
                special: Some(special),
                played: true,
            });
            let dice = if effect == Effect::RollTwo {
                (1, 1)
            } else {
                (6, 6)
            };
            attack::resolve(t, dice);
        }
        Effect::Secrets => {
            let Some((q, cancelled, _)) = t.s.before_special.clone() else {
                return Err(RuleError::new(format!(
                    "{} is played right after another special",
                    sp.name
                )));
            };
            t.emit(Event::Restore {
                to: Snapshot::Special,
                hands: None,
            });
            t.emit(Event::Discard {
                player: q,
                special: cancelled,
                played: false,
            });
            t.emit(Event::Discard {
                player,
                special: Some(special),
                played: true,
            });
            return Ok(());
        }
        Effect::Bribery => bribery(t, player, special, target, master)?,
        Effect::Espionage => espionage(t, player, special, target)?,
        Effect::DeepAgent => {
            let mut a =
                t.s.attack
                    .clone()
                    .ok_or_else(|| RuleError::new("Deep Agent is played on a privileged attack"))?;
            ensure!(a.privileged, "the attack is not privileged");
            t.emit(Event::Discard {
                player,
                special: Some(special),
                played: true,
            });
            a.privileged = false;
            a.abolished = true;
            t.emit(Event::Attack { attack: Some(a) });
        }
        Effect::Interference => {
            let mut a =
                t.s.attack.clone().ok_or_else(|| {
                    RuleError::new("Interference is played on a privileged attack")
                })?;
            ensure!(
                a.privileged,
                "the attack is not privileged: interfere without it"
            );
            t.emit(Event::Discard {
                player,
                special: Some(special),
                played: true,
            });
            a.interference_cards.push(player);
            t.emit(Event::Attack { attack: Some(a) });
        }
        Effect::MarketManipulation => {
            ensure!(
                player == current,
                "Market Manipulation is played in your own income phase"
            );
            ensure!(
                !t.s.turn.acted && !t.s.turn.market_used && t.s.attack.is_none(),
                "the income phase is over"
            );
            t.emit(Event::Discard {
                player,
                special: Some(special),
                played: true,
            });
            turn::collect_income(t, player, true);
            let mut tu = t.s.turn.clone();
            tu.market_used = true;
            t.emit(Event::TurnState { turn: tu });
        }
        Effect::Senate => senate(t, player, special, current)?,
        Effect::Money { money } => bank_pays(t, player, special, money)?,
        Effect::WhiteCollar => white_collar(t, player, special, current)?,
        Effect::Whispering => whispering(t, player, special, target, current)?,
    }
    // Using a special is a free action: the player whose turn it is can no longer pass
    // (illuminati: Passing, "not to take any actions of any sort"). A capture's free
    // transfer stays.
    if player == current && t.s.strict_pass && !t.s.turn.acted {
        let mut tu = t.s.turn.clone();
        tu.acted = true;
        t.emit(Event::TurnState { turn: tu });
    }
    Ok(())
}

/// Bribery (illuminati: specials): an uncontrolled group taken at once, under the player's
/// own card with an open control arrow, for an action.
fn bribery(
    t: &mut Table,
    player: usize,
    special: usize,
    target: Option<usize>,
    master: Option<usize>,
) -> Result<(), RuleError> {
    ensure!(player == t.s.current, "Bribery is played on your own turn");
    let Some(g) = target else {
        return Err(RuleError::new(
            "which group? `play bribery GROUP [under MASTER]`",
        ));
    };
    ensure!(
        t.s.cards[g].status == Status::Uncontrolled,
        "{} is not uncontrolled",
        t.rules.cards[g].name
    );
    let m = master
        .or(t.s.players[player].illuminati)
        .ok_or_else(|| RuleError::new("no Illuminati"))?;
    ensure!(
        t.s.cards[m].owner == Some(player),
        "{} is not yours",
        t.rules.cards[m].name
    );
    if let Some(open) = open_arrows(t.s, m) {
        ensure!(
            open > 0,
            "{} has no open control arrow",
            t.rules.cards[m].name
        );
    }
    turn::ready_for_actions(t)?;
    turn::use_action(t, "Bribery")?;
    t.emit(Event::Discard {
        player,
        special: Some(special),
        played: true,
    });
    t.emit(Event::Place {
        card: g,
        status: Status::Controlled,
        owner: Some(player),
        master: Some(m),
    });
    Ok(())
}

/// Computer Espionage (illuminati: specials): a group's money, or a player's specials, told to
/// the player who played it alone.
fn espionage(
    t: &mut Table,
    player: usize,
    special: usize,
    target: Option<usize>,
) -> Result<(), RuleError> {
    // A group's money, or (naming a player's Illuminati) that player's specials; told
    // to the player who played it alone.
    let Some(g) = target else {
        return Err(RuleError::new(
            "`play computer-espionage GROUP` (its money) or `play computer-espionage PLAYER` (their specials)",
        ));
    };
    let text = match t.s.cards[g]
        .owner
        .filter(|&o| t.s.players[o].illuminati == Some(g))
    {
        Some(o) => {
            let hand: Vec<String> = t.s.players[o]
                .specials
                .iter()
                .map(|k| {
                    k.map(|k| t.rules.specials[k].name.clone())
                        .unwrap_or_else(|| "a special not told to the device".into())
                })
                .collect();
            format!(
                "{} holds: {}",
                t.s.players[o].name,
                if hand.is_empty() {
                    "no specials".into()
                } else {
                    hand.join(", ")
                }
            )
        }
        None => format!(
            "{} holds {} MB",
            t.rules.cards[g].name, t.s.cards[g].treasury
        ),
    };
    t.emit(Event::Discard {
        player,
        special: Some(special),
        played: true,
    });
    t.emit(Event::Note {
        to: Some(player),
        text,
    });
    Ok(())
}

/// The Senate Investigating Committee (illuminati: specials): the money of this turn's income
/// taken back, and the turn lost.
fn senate(t: &mut Table, player: usize, special: usize, current: usize) -> Result<(), RuleError> {
    ensure!(
        !t.s.turn.acted && t.s.attack.is_none(),
        "the Senate Investigating Committee is played at the beginning of a turn"
    );
    t.emit(Event::Discard {
        player,
        special: Some(special),
        played: true,
    });
    // Taking money back pays nothing from the bank: the list stays as it is.
    for i in 0..t.s.income.len() {
        let (c, amount) = t.s.income[i];
        let back = amount.min(t.s.cards[c].treasury);
        if back > 0 {
            t.emit(Event::Money {
                from: Purse::Card(c),
                to: Purse::Bank,
                amount: back,
                why: Why::TakenBack,
            });
        }
    }
    t.emit(Event::Note {
        to: None,
        text: format!("{} loses the turn", t.s.players[current].name),
    });
    turn::next(t);
    Ok(())
}

/// A special that brings money (illuminati: specials): played, and the bank pays it to the
/// player's Illuminati.
fn bank_pays(t: &mut Table, player: usize, special: usize, amount: i64) -> Result<(), RuleError> {
    let ill = t.s.players[player]
        .illuminati
        .ok_or_else(|| RuleError::new("no Illuminati"))?;
    t.emit(Event::Discard {
        player,
        special: Some(special),
        played: true,
    });
    t.emit(Event::Money {
        from: Purse::Bank,
        to: Purse::Card(ill),
        amount,
        why: Why::Special { special },
    });
    Ok(())
}

/// White Collar Crime (illuminati: specials): 5 MB to the player's Illuminati, and on their own
/// turn money moved freely.
fn white_collar(
    t: &mut Table,
    player: usize,
    special: usize,
    current: usize,
) -> Result<(), RuleError> {
    bank_pays(t, player, special, 5)?;
    if player == current {
        let mut tu = t.s.turn.clone();
        tu.free_money = true;
        t.emit(Event::TurnState { turn: tu });
    }
    Ok(())
}

/// A Whispering Campaign (illuminati: specials): a destroy attack on a group of power 0, on
/// the player's own turn.
fn whispering(
    t: &mut Table,
    player: usize,
    special: usize,
    target: Option<usize>,
    current: usize,
) -> Result<(), RuleError> {
    ensure!(
        player == current,
        "a Whispering Campaign is started on your own turn"
    );
    let Some(g) = target else {
        return Err(RuleError::new(
            "which group? `play whispering-campaign GROUP`",
        ));
    };
    ensure!(
        super::structure::power(t.rules, t.s, g) == 0,
        "a Whispering Campaign attacks a group of power 0"
    );
    let ill = t.s.players[player]
        .illuminati
        .ok_or_else(|| RuleError::new("no Illuminati"))?;
    attack::declare(t, Kind::Destroy, ill, g, &[])?;
    t.emit(Event::Discard {
        player,
        special: Some(special),
        played: true,
    });
    Ok(())
}

/// Could anyone play Assassination or Murphy's Law on the roll about to be made? Only a hand
/// holding one, or a special the table has not named (it may be either), can; otherwise the
/// state before the roll need not be kept.
pub(crate) fn could_rework_roll(r: &IlluRules, s: &State) -> bool {
    s.players.iter().flat_map(|p| &p.specials).any(|held| {
        held.is_none_or(|sp| {
            matches!(
                r.specials.get(sp).map(|sp| &sp.effect),
                Some(Effect::RollTwo | Effect::RollTwelve)
            )
        })
    })
}
