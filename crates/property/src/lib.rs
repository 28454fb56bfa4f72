//! The property-game engine shared by sectionopoly, suetology and scientopoly: one engine,
//! rulesets and options for what differs. `execute` is the single entry point for commands.
#![forbid(unsafe_code)]

pub mod auction;
pub mod autoresolve;
pub mod building;
pub mod cards;
pub mod claims;
pub mod command;
pub mod corrections;
pub mod debt;
pub mod event;
pub mod family;
pub mod jail;
pub mod landing;
pub mod legal;
pub mod mortgage;
pub mod movement;
pub mod narrate;
pub mod options;
pub mod protocol;
pub mod purchase;
pub mod random;
pub mod rent;
pub mod report;
pub mod ruleset;
pub mod setup;
pub mod speech;
pub mod state;
pub mod status;
pub mod steady;
pub mod tax;
pub mod trade;
pub mod turns;

pub use command::{Command, Correction, Item, TaxChoice, Trade};
pub use event::{apply, Event};
pub use family::Property;
pub use options::Options;
pub use ruleset::Ruleset;
pub use setup::{new_game, Setup};
pub use state::{Pending, State};

use boardside_engine::ledger::Account;
use boardside_engine::RuleError;
use state::Why;

/// A command being carried out (engine::table): every change goes through `emit`.
pub type Table<'a> = boardside_engine::table::Table<'a, Property>;

/// What the property rules add to a command being carried out (a trait: the table is the
/// engine's type).
pub trait Helpers {
    /// Move money; nothing is recorded for a zero amount.
    fn pay(&mut self, from: Account, to: Account, amount: i64, why: Why);
    fn name(&self, p: usize) -> &str;
    fn square_name(&self, sq: usize) -> &str;
}

impl Helpers for Table<'_> {
    #[inline(always)]
    fn pay(&mut self, from: Account, to: Account, amount: i64, why: Why) {
        if amount != 0 {
            self.emit(Event::Paid {
                from,
                to,
                amount,
                why,
            });
        }
    }

    fn name(&self, p: usize) -> &str {
        &self.s.players[p].name
    }

    fn square_name(&self, sq: usize) -> &str {
        &self.rules.squares[sq].name
    }
}

/// Carry out one command on the state. On error the state is untouched: every command checks
/// all its conditions before its first event.
pub fn execute(rules: &Ruleset, s: &mut State, cmd: &Command) -> Result<Vec<Event>, RuleError> {
    let mut events = boardside_engine::game::Events::default();
    execute_into(rules, s, cmd, &mut events)?;
    Ok(events.list)
}

/// `execute`, writing the events into a buffer the caller reuses (the simulator's hot loop).
pub fn execute_into(
    rules: &Ruleset,
    s: &mut State,
    cmd: &Command,
    out: &mut boardside_engine::game::Events<Event>,
) -> Result<(), RuleError> {
    Table::run(rules, s, out, |t| dispatch(t, cmd))
}

/// `roll DICE` (with dice) or `end` (without), which the random player picked as the verb the
/// turn offers, carried out as `execute_into` would, without a command to dispatch on (the
/// random player's fast path, `Family::random_move`).
pub(crate) fn turn_verb(
    rules: &Ruleset,
    s: &mut State,
    roll: Option<boardside_engine::dice::Dice>,
    out: &mut boardside_engine::game::Events<Event>,
) -> Result<(), RuleError> {
    Table::run(rules, s, out, |t| {
        not_over(t)?;
        // The verb must be the one the turn offers now (`legal::turn_offers`, the rule the
        // lister and the random player ask too), nothing pending; the dice come from
        // `random::throw`, one to six each. Then `roll`'s and `end`'s bodies, whose own
        // checks would ask the same facts again.
        let p = t.s.current;
        debug_assert!(t.s.top().is_none());
        match roll {
            Some(dice) => {
                debug_assert_eq!(legal::turn_offers(t.s), legal::TurnOffers::Roll);
                turns::throw(t, p, dice);
            }
            None => {
                debug_assert_eq!(legal::turn_offers(t.s), legal::TurnOffers::End);
                turns::next_turn(t);
            }
        }
        Ok(())
    })
}

/// Every command is refused once the game is over (asked before every command: the check
/// inlined, the refusal's words out of line).
#[inline(always)]
fn not_over(t: &Table) -> Result<(), RuleError> {
    if t.s.over {
        return Err(game_over(t.s));
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn game_over(s: &State) -> RuleError {
    let who = s.winner.map(|w| s.players[w].name.clone());
    RuleError::new(match who {
        Some(w) => format!("the game is over: {w} won"),
        None => "the game is over".to_string(),
    })
}

fn dispatch(t: &mut Table, cmd: &Command) -> Result<(), RuleError> {
    not_over(t)?;
    match cmd {
        Command::Roll { dice } => turns::roll(t, *dice)?,
        Command::End => turns::end(t)?,
        Command::Buy => purchase::buy(t)?,
        Command::Decline => purchase::decline(t)?,
        Command::Bid { player, amount } => auction::bid(t, *player, *amount)?,
        Command::Accept { player } => auction::accept(t, *player)?,
        Command::Resolve => autoresolve::resolve(t)?,
        Command::Pass { player } => auction::pass(t, *player)?,
        Command::Close => auction::close(t)?,
        Command::Want { player, count } => building::want(t, *player, *count)?,
        Command::WantNone => building::want_none(t)?,
        Command::Build { square } => building::build(t, *square)?,
        Command::Sell { square, all } => building::sell(t, *square, *all)?,
        Command::Mortgage { square } => mortgage::mortgage(t, *square)?,
        Command::Unmortgage { square } => mortgage::unmortgage(t, *square)?,
        Command::Keep { square } => mortgage::keep(t, *square)?,
        Command::JailPay => jail::pay(t)?,
        Command::JailCard => jail::use_card(t)?,
        Command::Tax { choice } => tax::choose(t, *choice)?,
        Command::Draw { deck, card } => cards::draw_physical(t, *deck, *card)?,
        Command::Trade(trade) => trade::trade(t, trade)?,
        Command::Pay => debt::pay(t)?,
        Command::Concede => debt::concede(t)?,
        Command::Claim { square } => claims::claim(t, *square)?,
        Command::TimeUp => debt::time_up(t)?,
        Command::Set(c) => corrections::correct(t, c)?,
    }
    Ok(())
}

/// What the table is asked next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// Who must act (None when the game is over).
    pub player: Option<usize>,
    pub text: String,
}

pub fn prompt(rules: &Ruleset, s: &State) -> Prompt {
    if s.over {
        return Prompt {
            player: None,
            text: narrate::game_over(s),
        };
    }
    Prompt {
        player: Some(s.acting_player()),
        text: narrate::waiting_for(rules, s),
    }
}

/// Refuse a command while the table owes a decision (turn verbs and corrections).
#[inline]
pub(crate) fn no_decision(t: &Table) -> Result<(), RuleError> {
    match t.s.top() {
        None => Ok(()),
        Some(_) => Err(owed(t)),
    }
}

/// `no_decision`'s refusal, worded apart: the check runs on every roll and end.
#[cold]
fn owed(t: &Table) -> RuleError {
    RuleError::new(format!("first: {}", narrate::waiting_for(t.rules, t.s)))
}

/// Why a player may not deal now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Barred {
    NotTheirTurn,
    InJail,
}

/// May this player buy, sell, build, mortgage, trade or bid now? Only on their own turn where
/// the ruleset says so (suetology, scientopoly), never from the SP Hole (scientopoly ¶7); a
/// player who owes money may always raise it. `own_turn`: whether the own-turn rule applies.
pub(crate) fn dealing_allowed(s: &State, p: usize, own_turn: bool) -> Result<(), Barred> {
    if let Some(Pending::Debt(d)) = s.top() {
        if d.debtor == p {
            return Ok(());
        }
    }
    if s.options.jailed_cannot_deal && s.players[p].jail.is_some() {
        return Err(Barred::InJail);
    }
    if own_turn && s.options.manage_on_own_turn_only && p != s.current {
        return Err(Barred::NotTheirTurn);
    }
    Ok(())
}

/// Buying, selling and mortgaging are allowed at any time (sectionopoly: SUBSTATIONS ¶2,
/// MORTGAGES ¶1), except while a decision that freezes the board is open (an auction, the
/// first roll, a card or roll being resolved, a building being placed), and subject to
/// `dealing_allowed` for the player acting.
pub(crate) fn may_manage(t: &Table, actor: usize) -> Result<(), RuleError> {
    match t.s.top() {
        None | Some(Pending::Buy { .. }) | Some(Pending::Debt(_)) => {}
        Some(_) => {
            return Err(RuleError::new(format!(
                "not now: {}",
                narrate::waiting_for(t.rules, t.s)
            )))
        }
    }
    dealing_allowed(t.s, actor, true).map_err(|b| {
        RuleError::new(match b {
            Barred::NotTheirTurn => format!(
                "{} may only buy, sell, mortgage or trade on their own turn; it is {}'s",
                t.name(actor),
                t.name(t.s.current)
            ),
            Barred::InJail => format!(
                "{} is in {} and may not buy, sell or trade until out",
                t.name(actor),
                t.rules.theme.jail
            ),
        })
    })
}
