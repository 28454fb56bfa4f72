//! The property games (sectionopoly, suetology, scientopoly) behind the shared game API: each
//! method hands over to the rule area, grammar or narration that owns it.

use boardside_engine::game::{About, Deal, Events, Figure, PlayRng, Started};
use rand::seq::SliceRandom;
use serde_json::Value;

use super::protocol::{self, Line};
use super::state::Pending;
use super::{
    autoresolve, event, legal, narrate, random, setup, Command, Correction, Event, Item, Options,
    Ruleset, Setup, State,
};
use boardside_engine::authority::{waits_on, Whose};
use boardside_engine::dice::Dice;
use boardside_engine::game::{Audience, Chance, Game, Parsed, Play, Said, Story, ToAct, Words};
use boardside_engine::RuleError;

/// The property family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Property;

impl Game for Property {
    const GAME: &'static str = "property";
    const VERBS: &'static str = protocol::VERBS;
    type Rules = Ruleset;
    type Options = Options;
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;

    fn parse_rules(file: &str, text: &str) -> Result<Ruleset, String> {
        Ruleset::parse(file, text).map_err(|e| e.to_string())
    }
    fn about(r: &Ruleset) -> About<'_> {
        About {
            id: &r.id,
            name: &r.name,
            hash: &r.hash,
            continues: &r.continues,
            summary: format!(
                "{} ({} squares, {} groups, {} decks)",
                r.name,
                r.squares.len(),
                r.groups.len(),
                r.decks.len()
            ),
            board: protocol::board_json(r),
        }
    }
    fn options(r: &Ruleset, set: &[(&str, &str)]) -> Result<Options, String> {
        boardside_engine::game::set_each(&r.options, set, Options::set)
    }

    /// The decks and the deeds shuffled from the seed, or a saved shuffle checked.
    fn start(
        r: &Ruleset,
        players: &[String],
        o: &Options,
        deal: Deal<'_, Setup>,
    ) -> Result<Started<Self>, RuleError> {
        let setup = match deal {
            Deal::Draw(rng) => {
                let mut setup = Setup::unshuffled(r);
                for order in setup.deck_orders.iter_mut() {
                    order.shuffle(rng);
                }
                setup.deeds.shuffle(rng);
                setup
            }
            Deal::Saved(setup) => {
                check_setup(r, players, setup).map_err(RuleError::new)?;
                setup.clone()
            }
        };
        let (state, intro) = setup::new_game(r, players, o, &setup)?;
        Ok(Started {
            setup,
            state,
            intro,
        })
    }

    /// A command from anywhere (a journal may name a square that is not on the board) is
    /// checked before the rules read it; random play's own moves skip the check.
    fn execute_into(
        r: &Ruleset,
        s: &mut State,
        c: &Command,
        out: &mut Events<Event>,
    ) -> Result<(), RuleError> {
        check_command(r, s, c).map_err(RuleError::new)?;
        super::execute_into(r, s, c, out)
    }

    #[inline(always)]
    fn apply(r: &Ruleset, s: &mut State, e: &Event) {
        event::apply(r, s, e)
    }

    /// Notes are remarks with no effect on the state: a release may add or reword them.
    fn remark(e: &Event) -> bool {
        matches!(e, Event::Note(_))
    }

    fn to_act(_r: &Ruleset, s: &State) -> ToAct {
        let two_d6 = || Chance { dice: vec![6, 6] };
        if s.over {
            return ToAct::Over {
                winners: if s.tied.is_empty() {
                    s.winner.into_iter().collect()
                } else {
                    s.tied.clone()
                },
            };
        }
        match s.top() {
            Some(Pending::Auction(a)) => {
                ToAct::Several((0..a.open.len()).filter(|&p| a.open[p]).collect())
            }
            Some(Pending::FirstRoll { .. }) | Some(Pending::UtilityRoll { .. }) => ToAct::Chance {
                player: s.acting_player(),
                chance: two_d6(),
            },
            Some(_) => ToAct::One(s.acting_player()),
            None if legal::turn_offers(s) != legal::TurnOffers::End => ToAct::Chance {
                player: s.current,
                chance: two_d6(),
            },
            None => ToAct::One(s.current),
        }
    }

    fn chance(_r: &Ruleset, _s: &State, c: &Command) -> Option<Chance> {
        matches!(c, Command::Roll { dice: None }).then(|| Chance { dice: vec![6, 6] })
    }

    fn set_chance(c: &Command, faces: Option<&[u8]>) -> Option<Command> {
        match (c, faces) {
            (Command::Roll { dice: None }, Some([a, b])) => Some(Command::Roll {
                dice: Some(Dice(*a, *b)),
            }),
            (_, Some(_)) => Some(c.clone()),
            (Command::Roll { dice: Some(_) }, None) => Some(Command::Roll { dice: None }),
            (_, None) => None,
        }
    }

    fn legal(r: &Ruleset, s: &State) -> Vec<Command> {
        legal::legal(r, s)
    }

    /// Money and the derived bookkeeping; with `by_play`, building kept even too (a table's
    /// correction may break it).
    fn invariants(r: &Ruleset, s: &State, by_play: bool) -> Result<(), String> {
        random::invariants(r, s)?;
        if by_play {
            random::even_building(r, s)?;
        }
        Ok(())
    }
}

impl Words for Property {
    fn parse(r: &Ruleset, s: &State, line: &str) -> Result<Parsed<Command>, String> {
        match protocol::parse(r, s, line)? {
            Line::Command(c) => Ok(Parsed::Command(c)),
            Line::Plan => Ok(Parsed::Show(vec![plan(r, s)?])),
            Line::Blank => Ok(Parsed::Show(vec![])),
            Line::Undo | Line::State | Line::Prompt | Line::Help => {
                Err(format!("`{}` takes no further words", line.trim()))
            }
        }
    }

    fn format_command(r: &Ruleset, s: &State, c: &Command) -> String {
        protocol::format_command(r, s, c)
    }

    fn narrate(r: &Ruleset, after: &State, e: &Event) -> Option<Said> {
        Said::of(
            narrate::event(r, after, e).map(Said::public),
            super::speech::event(r, after, e),
        )
    }

    /// Property games hide nothing: every viewer sees the table's state.
    fn state_json(r: &Ruleset, s: &State, _viewer: Audience) -> Value {
        protocol::state_json(r, s)
    }

    fn prompt(r: &Ruleset, s: &State) -> String {
        super::prompt(r, s).text
    }
}

impl Play for Property {
    /// The next command of the steady player (`steady::choose`); a seat's own: every open
    /// bidder of an auction has a choice of its own (`steady::bid_for`), else the steady
    /// player's command when it is that seat's.
    fn steady(r: &Ruleset, s: &State, seat: Option<usize>, rng: &mut PlayRng) -> Option<Command> {
        let Some(seat) = seat else {
            return super::steady::choose(r, s, rng);
        };
        match super::steady::bid_for(r, s, seat) {
            Some(choice) => choice,
            None => super::steady::choose(r, s, rng)
                .filter(|c| Self::whose(r, s, c).seat() == Some(seat)),
        }
    }
    fn offers(r: &Ruleset, s: &State, seat: usize) -> Vec<(usize, Command)> {
        super::trade::offers(r, s, seat)
    }

    /// The decks' unseen order is drawn afresh (which cards are left is known); a table
    /// drawing from physical decks has nothing hidden.
    fn redraw_hidden(_r: &Ruleset, s: &State, _keep: Option<usize>, rng: &mut PlayRng) -> State {
        let mut out = s.clone();
        if !s.options.physical_decks {
            for d in out.decks.iter_mut() {
                *d = d.redrawn(rng);
            }
        }
        out
    }

    /// A card drawn from a physical deck, closing an auction, the clock and a correction are
    /// the table's; a deal binds both its sides; anything else is the seat's that
    /// `legal::decided_by` names, which the table's buttons may make for it while the game
    /// waits on that seat (its turn, its debt, its bid), and only its token, phone or own
    /// computer seat otherwise (its squares managed in another's turn).
    fn whose(r: &Ruleset, s: &State, c: &Command) -> Whose {
        match c {
            Command::Draw { .. } => Whose::Report {
                seat: s.acting_player(),
            },
            Command::Trade(t) => Whose::Deal(vec![t.from, t.to]),
            c => match legal::decided_by(s, c) {
                Some(seat) => Whose::Seat {
                    seat,
                    table_may: waits_on::<Self>(r, s, seat),
                },
                None => Whose::Table,
            },
        }
    }

    fn random_command(r: &Ruleset, s: &State, rng: &mut PlayRng) -> Option<Command> {
        if s.over {
            return None;
        }
        random::choose(r, s, rng)
    }

    /// The turn's own verb, when the random player found it the only choice, is carried out
    /// without being listed or dispatched (`random::Pick`): the same draws and events.
    #[inline(always)]
    fn random_move(
        r: &Ruleset,
        s: &mut State,
        rng: &mut PlayRng,
        options: &mut Vec<Command>,
        out: &mut Events<Event>,
    ) -> Result<bool, String> {
        if s.over {
            return Ok(false);
        }
        let done = match random::pick(r, s, rng, options) {
            None => return Ok(false),
            Some(random::Pick::Listed(i)) => {
                let cmd = &options[i];
                super::execute_into(r, s, cmd, out)
                    .map_err(|e| format!("legal command {cmd:?} refused: {e}"))?;
                options.clear();
                return Ok(true);
            }
            Some(random::Pick::Roll(dice)) => super::turn_verb(r, s, Some(dice), out),
            Some(random::Pick::End) => super::turn_verb(r, s, None, out),
        };
        done.map(|()| true)
            .map_err(|e| format!("the turn's own verb refused: {e}"))
    }

    fn wild_command(r: &Ruleset, s: &State, rng: &mut PlayRng) -> Option<Command> {
        Some(random::wild_command(r, s, rng))
    }

    fn turns(_r: &Ruleset, s: &State) -> Option<u64> {
        Some(s.turns)
    }

    fn figures(_r: &Ruleset, s: &State) -> Vec<Figure> {
        random::figures(s)
    }
}

impl Story for Property {
    /// Net worth per seat (0 once bankrupt); the bankrupt are out; in a race to a target
    /// status, each seat's chance in that race (which net worth does not foretell).
    fn standing(r: &Ruleset, s: &State) -> boardside_engine::game::Standing {
        boardside_engine::game::Standing {
            scores: (0..s.players.len())
                .map(|p| {
                    if s.players[p].bankrupt {
                        0
                    } else {
                        super::state::valuation(r, s, p)
                    }
                })
                .collect(),
            out: s.players.iter().filter(|p| p.bankrupt).count(),
            judged: super::status::race_chances(s),
            ..Default::default()
        }
    }
    fn report(
        r: &Ruleset,
        players: &[String],
        steps: &[boardside_engine::game::StepOf<Self>],
    ) -> boardside_engine::panels::Report {
        super::report::report(r, players, steps)
    }
    fn record(
        r: &Ruleset,
        players: &[String],
        steps: &[boardside_engine::game::StepOf<Self>],
    ) -> boardside_engine::game::GameRecord {
        boardside_engine::game::GameRecord {
            feats: super::report::feats(r, players, steps),
            ..Default::default()
        }
    }
}

/// The auto-resolve plan for the debt waiting, as one line (`plan`; changes nothing).
fn plan(r: &Ruleset, s: &State) -> Result<String, String> {
    let steps = autoresolve::plan(r, s).map_err(|e| e.to_string())?;
    Ok(if steps.is_empty() {
        "plan: nothing to sell: `pay`".into()
    } else {
        format!(
            "plan: {}, then pay (`resolve` does it all)",
            steps
                .iter()
                .map(|c| protocol::format_command(r, s, c))
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// A setup read from a file fits the rules and the players: the players' names, and every
/// deck's order holding that deck's cards.
fn check_setup(r: &Ruleset, players: &[String], s: &Setup) -> Result<(), String> {
    setup::check_names(players).map_err(|e| e.to_string())?;
    let want = Setup::unshuffled(r);
    let same_cards = |a: &[u16], b: &[u16]| {
        let (mut a, mut b) = (a.to_vec(), b.to_vec());
        a.sort_unstable();
        b.sort_unstable();
        a == b
    };
    if s.deck_orders.len() != want.deck_orders.len()
        || !s
            .deck_orders
            .iter()
            .zip(&want.deck_orders)
            .all(|(a, b)| same_cards(a, b))
    {
        return Err("the saved deck order is not a shuffle of the ruleset's decks".into());
    }
    let mut deeds = s.deeds.clone();
    let mut all = want.deeds.clone();
    deeds.sort_unstable();
    all.sort_unstable();
    if deeds != all {
        return Err("the saved deeds are not a shuffle of the ruleset's deeds".into());
    }
    Ok(())
}

/// A command's numbers in range: every player, square, deck and card it names is in the game.
fn check_command(r: &Ruleset, s: &State, c: &Command) -> Result<(), String> {
    let n = s.players.len();
    let player = |p: usize| {
        (p < n)
            .then_some(())
            .ok_or_else(|| format!("player number {p} is not in this game"))
    };
    let square = |q: usize| {
        (q < r.squares.len())
            .then_some(())
            .ok_or_else(|| format!("square number {q} is not on this board"))
    };
    let deck = |d: usize| {
        (d < r.decks.len())
            .then_some(())
            .ok_or_else(|| format!("deck number {d} is not in this ruleset"))
    };
    match c {
        Command::Roll { dice: Some(d) } => {
            Dice::new(d.0, d.1).map(|_| ()).map_err(|e| e.to_string())
        }
        Command::Bid { player: p, .. }
        | Command::Accept { player: p }
        | Command::Pass { player: p }
        | Command::Want { player: p, .. } => player(*p),
        Command::Build { square: q }
        | Command::Sell { square: q, .. }
        | Command::Mortgage { square: q }
        | Command::Unmortgage { square: q }
        | Command::Keep { square: q }
        | Command::Claim { square: q } => square(*q),
        Command::Draw { deck: d, card } => {
            deck(*d)?;
            ((*card as usize) < r.decks[*d].cards.len())
                .then_some(())
                .ok_or_else(|| format!("card number {card} is not in that deck"))
        }
        Command::Trade(t) => {
            player(t.from)?;
            player(t.to)?;
            for i in t.give.iter().chain(&t.get) {
                match *i {
                    Item::Square(q) => square(q)?,
                    Item::Card(d) => deck(d)?,
                    Item::Cash(_) => {}
                }
            }
            Ok(())
        }
        Command::Set(k) => match *k {
            Correction::Cash { player: p, .. }
            | Correction::Jailed { player: p, .. }
            | Correction::Status { player: p, .. }
            | Correction::Turn { player: p } => player(p),
            Correction::Position {
                player: p,
                square: q,
            } => player(p).and(square(q)),
            Correction::Owner { square: q, owner } => square(q).and(owner.map_or(Ok(()), player)),
            Correction::Buildings { square: q, .. } | Correction::Mortgaged { square: q, .. } => {
                square(q)
            }
        },
        _ => Ok(()),
    }
}
