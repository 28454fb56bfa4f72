//! Who may make a command now: the one rule every input path asks (the device's buttons, a
//! token tap, a paired phone, a computer seat, the voice), from the game's state alone.
//!
//! Each family says whose a command is, as data (`Play::whose`: the table's, one seat's own,
//! or a deal that binds several seats); `may` holds that against who made the input. A
//! refusal says why in players' words.

pub use super::game::Whose;
use super::game::{Family, Play, ToAct};

/// Who made an input that may change the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Actor {
    /// The device's buttons: whoever stands at the device, for the table.
    #[default]
    Table,
    /// The device's buttons after this seat's token was tapped (the token opened the menu
    /// the command was chosen from): the table, and that seat in person.
    Token(usize),
    /// This seat's paired phone.
    Phone(usize),
    /// This seat, played by the device.
    Computer(usize),
}

impl Actor {
    /// The seat that made the input itself, if any (the table is no seat).
    pub fn seat(self) -> Option<usize> {
        match self {
            Actor::Table => None,
            Actor::Token(s) | Actor::Phone(s) | Actor::Computer(s) => Some(s),
        }
    }

    /// How the log says who acted, after the player's name: " (phone)", " (computer)", or
    /// nothing at the device.
    pub fn how(self) -> &'static str {
        match self {
            Actor::Table | Actor::Token(_) => "",
            Actor::Phone(_) => " (phone)",
            Actor::Computer(_) => " (computer)",
        }
    }
}

/// Does the game wait on `seat` now, in its own moment (named alone by `to_act`, or among
/// several choosing at once)?
pub fn waits_on<F: Family>(rules: &F::Rules, state: &F::State, seat: usize) -> bool {
    match F::to_act(rules, state) {
        ToAct::One(p) | ToAct::Chance { player: p, .. } => p == seat,
        ToAct::Several(ps) => ps.contains(&seat),
        ToAct::Over { .. } => false,
    }
}

/// What the rule needs of the table besides the game: the players' names (for the words of a
/// refusal), the seats the device plays, and the seats that have said yes to this command
/// themselves (a deal: tokens tapped on the deal, phones agreeing, a computer seat's answer).
#[derive(Debug, Clone, Copy)]
pub struct Seats<'a> {
    pub names: &'a [String],
    pub computers: &'a [usize],
    pub yes: &'a [usize],
}

impl Seats<'_> {
    fn name(&self, seat: usize) -> &str {
        self.names.get(seat).map_or("that player", String::as_str)
    }
}

/// Does the command name its own dice (a roll with the faces given)?
pub fn names_dice<F: Family>(cmd: &F::Command) -> bool {
    F::set_chance(cmd, None).is_some_and(|bare| &bare != cmd)
}

/// May `actor` make `cmd` now? The rule, in full:
/// - the dice are the device's or the table's: only the table's buttons may enter rolled
///   values; a phone or a computer seat asks the device to roll;
/// - a command that is nobody's own (`Whose::Table`) is the table's: its buttons, a token
///   (anyone may ask the device to roll dice that are no seat's own);
/// - a seat's own choice is made by that seat (its token, phone or computer seat), never by
///   another seat's; the table's buttons may make it for a person whose moment it is, never
///   for a computer seat (it decides for itself) and never out of that seat's moment;
/// - a deal is carried out only once every seat it binds has said yes itself, and no seat
///   outside it may put it forward;
/// - a card drawn from a physical deck is reported by the table, or by the phone of the
///   person who drew it, never by a computer seat.
///
/// Pairing a phone is the table's too: only the device's pairing question, answered with the
/// seat's token, pairs one (no phone input reaches it). The command's legality is the rules'
/// own question, asked after this one.
pub fn may<F: Family>(
    rules: &F::Rules,
    state: &F::State,
    seats: Seats<'_>,
    actor: Actor,
    cmd: &F::Command,
) -> Result<(), String> {
    if names_dice::<F>(cmd) && actor != Actor::Table {
        return Err(match actor.seat() {
            Some(s) => format!(
                "{} may ask the device to roll, never name the dice",
                seats.name(s)
            ),
            None => "the dice are the device's to roll".into(),
        });
    }
    match F::whose(rules, state, cmd) {
        // A roll that is no seat's own (the game's own pieces placed by the dice): anyone
        // may ask the device to roll it, as the game waits on it.
        Whose::Table if F::chance(rules, state, cmd).is_some() => Ok(()),
        Whose::Table => match actor {
            Actor::Table | Actor::Token(_) => Ok(()),
            Actor::Phone(s) | Actor::Computer(s) => Err(format!(
                "that is the table's to do at the device, not {}'s",
                seats.name(s)
            )),
        },
        Whose::Seat { seat, table_may } => match actor {
            Actor::Token(p) | Actor::Phone(p) | Actor::Computer(p) if p == seat => Ok(()),
            Actor::Phone(p) | Actor::Computer(p) => Err(format!(
                "that is {}'s to decide, not {}'s",
                seats.name(seat),
                seats.name(p)
            )),
            Actor::Table | Actor::Token(_) => {
                if seats.computers.contains(&seat) {
                    Err(format!(
                        "{} is a computer seat: it decides for itself",
                        seats.name(seat)
                    ))
                } else if !table_may {
                    Err(token_first(seats.name(seat)))
                } else {
                    Ok(())
                }
            }
        },
        Whose::Report { seat } => match actor {
            Actor::Table | Actor::Token(_) => Ok(()),
            Actor::Phone(p) if p == seat => Ok(()),
            Actor::Phone(p) | Actor::Computer(p) => Err(format!(
                "the table reports the card {} drew, not {}'s {}",
                seats.name(seat),
                seats.name(p),
                if matches!(actor, Actor::Phone(_)) {
                    "phone"
                } else {
                    "computer seat"
                }
            )),
        },
        Whose::Deal(binds) => {
            if let Some(s) = actor.seat().filter(|s| !binds.contains(s)) {
                if actor != Actor::Token(s) {
                    return Err(format!("{} is not part of that deal", seats.name(s)));
                }
            }
            let waiting: Vec<&str> = binds
                .iter()
                .filter(|b| !seats.yes.contains(b))
                .map(|&b| seats.name(b))
                .collect();
            if waiting.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "the deal waits for {}'s own yes (token, phone, or the computer's answer)",
                    waiting.join(" and ")
                ))
            }
        }
    }
}

/// Why the buttons alone may not make a person's own choice out of their moment (the
/// device says it for a choice that is no command too: refusing a deal put to them).
pub fn token_first(name: &str) -> String {
    format!("that is {name}'s own: {name} taps their token first")
}

/// The seat whose own free choice a command is (`Play::whose`), for the computer seats.
pub fn decided_by<F: Play>(rules: &F::Rules, state: &F::State, cmd: &F::Command) -> Option<usize> {
    F::whose(rules, state, cmd).seat()
}
