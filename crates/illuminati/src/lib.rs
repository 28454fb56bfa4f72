//! Illuminati (rules summary in shared/rules/illuminati.txt, readings in
//! rulesets/illuminati.toml): the bank of megabucks on every card, the power structures, the
//! attack calculator with its working, the specials and the victory watch. `execute` is the
//! entry point.
#![forbid(unsafe_code)]

pub mod attack;
pub mod corrections;
pub mod event;
pub mod family;
pub mod narrate;
pub mod places;
pub mod protocol;
pub mod report;
pub mod rules;
pub mod specials;
pub mod speech;
pub mod state;
pub mod steady;
pub mod structure;
pub mod turn;
pub mod victory;

pub use event::{apply, Event};
pub use family::Illuminati;
pub use rules::{IlluOptions, IlluRules};
pub use state::State;

use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use boardside_engine::RuleError;
use rules::{Alignment, Effect, Kind};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    Illuminati {
        player: usize,
        card: usize,
    },
    Goal {
        player: usize,
        card: usize,
    },
    Uncontrolled {
        groups: Vec<usize>,
    },
    Start,
    DrawGroup {
        group: usize,
    },
    DrawSpecial {
        special: Option<usize>,
    },
    Recycle,
    Attack {
        kind: Kind,
        attacker: usize,
        target: usize,
        aid: Vec<usize>,
    },
    Privilege {
        special: Option<usize>,
    },
    Spend {
        player: usize,
        source: usize,
        amount: i64,
    },
    Interfere {
        player: usize,
        amount: i64,
    },
    Assist {
        player: usize,
        amount: i64,
    },
    Abolish {
        player: usize,
    },
    CallOff,
    Roll {
        dice: Option<(u8, u8)>,
    },
    Transfer {
        from: usize,
        to: usize,
        amount: i64,
    },
    Move {
        group: usize,
        master: usize,
    },
    Give {
        group: usize,
        player: usize,
    },
    Drop {
        group: usize,
    },
    GiveMoney {
        from: usize,
        player: usize,
        amount: i64,
    },
    /// A free action: one special from a player's hand to another's (the named one, or one
    /// the device does not know).
    GiveSpecial {
        from: usize,
        to: usize,
        special: Option<usize>,
    },
    Play {
        player: usize,
        special: usize,
        target: Option<usize>,
        master: Option<usize>,
    },
    Laser {
        group: usize,
        how: String,
        alignment: Alignment,
    },
    Pass,
    End,
    Set(Correction),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Correction {
    Treasury {
        card: usize,
        amount: i64,
    },
    Owner {
        card: usize,
        owner: Option<usize>,
        master: Option<usize>,
    },
    Dead {
        card: usize,
    },
    Arrows {
        card: usize,
        arrows: u8,
    },
    Specials {
        player: usize,
        count: usize,
    },
    Turn {
        player: usize,
    },
    Stats {
        card: usize,
        power: i64,
        transferable: i64,
        income: i64,
    },
}

/// A command being carried out (engine::table): every change goes through `emit`.
pub type Table<'a> = boardside_engine::table::Table<'a, Illuminati>;

/// Carry out one command; on a refusal the state is put back exactly as it was.
pub fn execute_into(
    r: &IlluRules,
    s: &mut State,
    cmd: &Command,
    out: &mut boardside_engine::game::Events<Event>,
) -> Result<(), RuleError> {
    out.clear();
    not_over(s)?;
    // The copy to put back is kept per thread and copied into, reusing its buffers (a fresh
    // copy if a command were ever carried out inside another).
    thread_local! {
        static BEFORE: RefCell<Option<State>> = const { RefCell::new(None) };
    }
    // The cards are not copied: `apply` notes each as it was at its first change
    // (`state::CardLog`), and a refusal puts those back with the rest.
    BEFORE.with(|kept| match kept.try_borrow_mut() {
        Ok(mut kept) => {
            let before = match kept.as_mut() {
                Some(before) => {
                    s.copy_parts_into(before, false);
                    before
                }
                None => kept.insert(State {
                    cards: Vec::new(),
                    ..s.clone()
                }),
            };
            s.undo.0.changed.clear();
            s.undo.0.on = true;
            let result = carry_out(r, s, cmd, out, None);
            s.undo.0.on = false;
            if result.is_err() {
                let changed = std::mem::take(&mut s.undo.0.changed);
                state::put_back(before, &changed, s);
                s.undo.0.changed = changed;
            }
            result
        }
        Err(_) => carry_out(r, s, cmd, out, Some(&s.clone())),
    })
}

/// `execute_into` without the copy to put back: for a caller that abandons the state on a
/// refusal (the simulator). The copy is a fifth of the time of a simulated command.
pub fn execute_or_abandon(
    r: &IlluRules,
    s: &mut State,
    cmd: &Command,
    out: &mut boardside_engine::game::Events<Event>,
) -> Result<(), RuleError> {
    out.clear();
    not_over(s)?;
    carry_out(r, s, cmd, out, None)
}

/// Refuse every command once someone has won.
fn not_over(s: &State) -> Result<(), RuleError> {
    match s.winner {
        Some(w) => Err(RuleError::new(format!(
            "the game is over: {} won",
            s.players[w].name
        ))),
        None => Ok(()),
    }
}

/// Run the command; on a refusal put `before` back (when kept) and record nothing.
fn carry_out(
    r: &IlluRules,
    s: &mut State,
    cmd: &Command,
    out: &mut boardside_engine::game::Events<Event>,
    before: Option<&State>,
) -> Result<(), RuleError> {
    let result = Table::run(r, s, out, |t| {
        // Whose goals the command's events touch, noted by `apply` as each is applied.
        t.s.watch.0.touched = 0;
        dispatch(t, cmd).map(|()| {
            // Only a change to what goals count can make a winner, and only for the players
            // whose goals it touched: the watch was run after every earlier change and found
            // none (the invariants check a full look agrees).
            let touched = victory::Players(t.s.watch.0.touched);
            if t.s.phase == state::Phase::Turn && touched != victory::Players::NONE {
                if let Some((p, why)) = victory::winner_among(r, t.s, touched) {
                    t.emit(Event::Winner { player: p, why });
                }
            }
        })
    });
    if result.is_err() {
        if let Some(before) = before {
            before.copy_into(s);
        }
        out.clear();
    }
    result
}

fn dispatch(t: &mut Table, cmd: &Command) -> Result<(), RuleError> {
    // Assassination and Murphy's Law follow the roll at once, Secrets Man the special: any
    // other command closes those windows.
    let effect = match cmd {
        Command::Play { special, .. } => Some(t.rules.specials[*special].effect.clone()),
        _ => None,
    };
    let keeps_roll = matches!(
        effect,
        Some(Effect::RollTwo | Effect::RollTwelve | Effect::Secrets)
    );
    if !keeps_roll && t.s.before_roll.is_some() {
        t.emit(Event::KeepBeforeRoll { on: false });
    }
    if effect != Some(Effect::Secrets) && t.s.before_special.is_some() {
        t.emit(Event::KeepBeforeSpecial { keep: None });
    }
    let needs_turn = !matches!(
        cmd,
        Command::Illuminati { .. }
            | Command::Goal { .. }
            | Command::Uncontrolled { .. }
            | Command::Start
            | Command::Set(_)
    );
    if needs_turn && t.s.phase == state::Phase::Setup {
        return Err(RuleError::new("the game has not started: choose Illuminati, deal the uncontrolled groups, then `start`"));
    }
    match cmd {
        Command::Illuminati { player, card } => turn::choose(t, *player, *card),
        Command::Goal { player, card } => turn::goal(t, *player, *card),
        Command::Uncontrolled { groups } => turn::deal(t, groups),
        Command::Start => turn::start(t),
        Command::DrawGroup { group } => turn::draw(t, Some(*group), None),
        Command::DrawSpecial { special } => turn::draw(t, None, *special),
        Command::Recycle => turn::recycle(t),
        Command::Attack {
            kind,
            attacker,
            target,
            aid,
        } => attack::declare(t, *kind, *attacker, *target, aid),
        Command::Privilege { special } => attack::privilege(t, *special),
        Command::Spend {
            player,
            source,
            amount,
        } => attack::spend(t, *player, *source, *amount),
        Command::Interfere { player, amount } => attack::meddle(t, *player, *amount, false),
        Command::Assist { player, amount } => attack::meddle(t, *player, *amount, true),
        Command::Abolish { player } => attack::abolish(t, *player),
        Command::CallOff => attack::call_off(t),
        Command::Roll { dice } => {
            let d = dice.ok_or_else(|| RuleError::new("the dice: `roll` or `roll D1 D2`"))?;
            attack::roll(t, d)
        }
        Command::Transfer { from, to, amount } => turn::transfer(t, *from, *to, *amount),
        Command::Move { group, master } => turn::move_group(t, *group, *master),
        Command::Give { group, player } => turn::give(t, *group, *player),
        Command::Drop { group } => turn::drop(t, *group),
        Command::GiveMoney {
            from,
            player,
            amount,
        } => turn::give_money(t, *from, *player, *amount),
        Command::GiveSpecial { from, to, special } => turn::give_special(t, *from, *to, *special),
        Command::Play {
            player,
            special,
            target,
            master,
        } => specials::play(t, *player, *special, *target, *master),
        Command::Laser {
            group,
            how,
            alignment,
        } => turn::laser(t, *group, how, *alignment),
        Command::Pass => turn::pass(t),
        Command::End => turn::end(t),
        Command::Set(c) => corrections::correct(t, c),
    }
}
