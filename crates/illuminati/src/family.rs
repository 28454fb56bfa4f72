//! Illuminati behind the shared game API: each method hands over to the module that owns it;
//! the random player and the invariants the conformance suite checks live here.

use boardside_engine::game::{About, Deal, Events, Figure, PlayRng, Started};
use rand::seq::IndexedRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::places::{Places, Set};
use super::rules::{Goal, IlluOptions, IlluRules, Kind};
use super::state::{CardState, Phase, Player, State, Status, Turn};
use super::structure::{depth, open_arrows, puppets};
use super::{event, narrate, protocol, Command, Event};
use boardside_engine::authority::Whose;
use boardside_engine::game::{below, Picks};
use boardside_engine::game::{Audience, Chance, Game, Parsed, Play, Said, Story, ToAct, Words};
use boardside_engine::RuleError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Illuminati;

/// Nothing is shuffled by the device: the table deals the real cards and says what they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Setup {}

fn check_names(players: &[String]) -> Result<(), String> {
    if players.len() < 2 || players.len() > super::state::MOST_PLAYERS {
        return Err(format!(
            "Illuminati needs 2 to 8 players, not {}",
            players.len()
        ));
    }
    for (i, p) in players.iter().enumerate() {
        if p.trim().is_empty()
            || p.contains(char::is_whitespace)
            || p.eq_ignore_ascii_case("illuminati")
            || p.eq_ignore_ascii_case("none")
        {
            return Err(format!(
                "player name '{p}' must be one word (not illuminati or none)"
            ));
        }
        if players[..i].iter().any(|q| q.eq_ignore_ascii_case(p)) {
            return Err(format!("two players are called {p}"));
        }
    }
    Ok(())
}

impl Game for Illuminati {
    const GAME: &'static str = "illuminati";
    const VERBS: &'static str = protocol::VERBS;
    type Rules = IlluRules;
    type Options = IlluOptions;
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;

    fn parse_rules(file: &str, text: &str) -> Result<IlluRules, String> {
        IlluRules::parse(file, text)
    }
    fn about(r: &IlluRules) -> About<'_> {
        About {
            id: &r.id,
            name: &r.name,
            hash: &r.hash,
            continues: &r.continues,
            summary: format!(
                "{} ({} Illuminati, {} groups, {} specials)",
                r.name,
                r.illuminati().count(),
                r.groups().count(),
                r.specials.iter().map(|s| s.copies).sum::<u32>()
            ),
            board: Value::Null,
        }
    }
    fn options(r: &IlluRules, set: &[(&str, &str)]) -> Result<IlluOptions, String> {
        boardside_engine::game::set_each(&r.options, set, IlluOptions::set)
    }
    /// Nothing is drawn: the table deals the real cards and says what they are.
    fn start(
        r: &IlluRules,
        players: &[String],
        o: &IlluOptions,
        _deal: Deal<'_, Setup>,
    ) -> Result<Started<Self>, RuleError> {
        check_names(players).map_err(RuleError::new)?;
        let mut state = State {
            phase: Phase::Setup,
            players: players
                .iter()
                .map(|n| Player {
                    name: n.as_str().into(),
                    illuminati: None,
                    specials: vec![],
                    eliminated: false,
                    goal: None,
                    destroyed: 0,
                })
                .collect(),
            cards: r
                .cards
                .iter()
                .map(|c| CardState {
                    status: Status::Deck,
                    owner: None,
                    master: None,
                    treasury: 0,
                    arrows: c.illuminati.then_some(4),
                    alignments: None,
                    stats: None,
                    puppets: 0,
                })
                .collect(),
            bank: 0,
            current: 0,
            turn: Turn::default(),
            income: Vec::new(),
            attack: None,
            before_roll: None,
            before_special: None,
            winner: None,
            won_by: None,
            illuminati_card_counts: o.illuminati_card_counts,
            alignment_once: o.alignment_once,
            orphans_to_master: o.orphans_to_master,
            neutralize_needs_arrow: o.neutralize_needs_arrow,
            listed_order: o.listed_order,
            tax_from_structure: o.tax_from_structure,
            draw_first: o.draw_first,
            strict_pass: o.strict_pass,
            neutralize_controlled_only: o.neutralize_controlled_only,
            places: Places::default(),
            watch: Default::default(),
            undo: Default::default(),
        };
        state.places = Places::of_game(r, &state.cards, players.len());
        Ok(Started {
            setup: Setup {},
            state,
            intro: vec![],
        })
    }
    fn execute_into(
        r: &IlluRules,
        s: &mut State,
        c: &Command,
        out: &mut Events<Event>,
    ) -> Result<(), RuleError> {
        check_command(r, s, c).map_err(RuleError::new)?;
        super::execute_into(r, s, c, out)
    }

    /// The event applied, and noted for the victory watch and simulate (`State::watch`).
    #[inline(always)]
    fn apply(r: &IlluRules, s: &mut State, e: &Event) {
        // A new turn ends the Lasers' alignments: whether they were used is read before it.
        let lasers = s.turn.laser_used;
        event::apply(s, e);
        s.watch.0.touched |= super::victory::players_touched(r, s, e, lasers).0;
        if let Event::TurnStarts { .. } = e {
            s.watch.0.turns += 1;
        }
    }
    /// Notes are remarks; keeping (or forgetting) the state before a roll is the rules' own
    /// bookkeeping, taken again on every replay (an earlier release kept it before every roll,
    /// this one only when someone could rework the roll: its journals still resume).
    fn remark(e: &Event) -> bool {
        matches!(e, Event::Note { .. } | Event::KeepBeforeRoll { .. })
    }
    fn to_act(r: &IlluRules, s: &State) -> ToAct {
        match s.phase {
            // Each Illuminati chosen, then the UFOs' secret goal (a computer seat playing the
            // UFOs waited on nobody and the game never started).
            Phase::Setup => ToAct::One(
                s.players
                    .iter()
                    .position(|p| p.illuminati.is_none())
                    .or_else(|| super::turn::wants_goal(r, s))
                    .unwrap_or(0),
            ),
            Phase::Over => ToAct::Over {
                winners: s.winner.into_iter().collect(),
            },
            Phase::Turn if s.attack.is_some() => ToAct::Several(
                (0..s.players.len())
                    .filter(|&p| !s.players[p].eliminated)
                    .collect(),
            ),
            Phase::Turn => ToAct::One(s.current),
        }
    }
    fn chance(_r: &IlluRules, s: &State, c: &Command) -> Option<Chance> {
        (matches!(c, Command::Roll { dice: None }) && s.attack.is_some())
            .then(|| Chance { dice: vec![6, 6] })
    }
    fn set_chance(c: &Command, faces: Option<&[u8]>) -> Option<Command> {
        match (c, faces) {
            (Command::Roll { dice: None }, Some([a, b])) => Some(Command::Roll {
                dice: Some((*a, *b)),
            }),
            (_, Some(_)) => Some(c.clone()),
            (Command::Roll { dice: Some(_) }, None) => Some(Command::Roll { dice: None }),
            (_, None) => None,
        }
    }
    fn legal(r: &IlluRules, s: &State) -> Vec<Command> {
        candidates(r, s)
            .into_iter()
            .filter(|c| is_legal(r, s, c))
            .collect()
    }
    fn invariants(r: &IlluRules, s: &State, _by_play: bool) -> Result<(), String> {
        invariants(r, s)
    }
}

impl Words for Illuminati {
    fn parse(r: &IlluRules, s: &State, line: &str) -> Result<Parsed<Command>, String> {
        protocol::parse(r, s, line)
    }
    fn format_command(r: &IlluRules, s: &State, c: &Command) -> String {
        protocol::format_command(r, s, c)
    }
    /// A secret goal named in an undo message stays secret.
    fn public_command(r: &IlluRules, s: &State, c: &Command) -> String {
        match c {
            Command::Goal { player, .. } if *player < s.players.len() => {
                format!("{}'s secret goal", s.players[*player].name)
            }
            _ => protocol::format_command(r, s, c),
        }
    }
    fn narrate(r: &IlluRules, after: &State, e: &Event) -> Option<Said> {
        Said::of(
            narrate::event(r, after, e),
            super::speech::event(r, after, e),
        )
    }
    fn state_json(r: &IlluRules, s: &State, viewer: Audience) -> Value {
        protocol::state_json(r, s, viewer)
    }
    fn prompt(r: &IlluRules, s: &State) -> String {
        narrate::prompt(r, s)
    }
}

impl Play for Illuminati {
    fn random_command(r: &IlluRules, s: &State, rng: &mut PlayRng) -> Option<Command> {
        random_command(r, s, rng)
    }
    /// A seat's part in another player's open attack, for a computer seat to weigh against
    /// staying out (`computer::best_offer`): interfering or assisting with a few sums of
    /// money, or, as the target's owner, defending from the target (else its Illuminati).
    /// Each is "offered" to the seat itself: nobody else must agree.
    fn offers(r: &IlluRules, s: &State, seat: usize) -> Vec<(usize, Command)> {
        let Some(a) = &s.attack else {
            return Vec::new();
        };
        let Some(me) = s.players.get(seat).filter(|p| !p.eliminated) else {
            return Vec::new();
        };
        if seat == a.player {
            return Vec::new();
        }
        let defends = s.cards[a.target].owner == Some(seat);
        // Only a sum that changes the attack's chance, and the least that reaches each
        // chance: two dice show 2 at the least, and 11 and 12 always fail, so a need below 2
        // or above 10 is no different from 1 or 10 (played by hand: a seat spent 3 MB
        // defending against an attack that needed -8).
        let chance = |need: i64| need.clamp(1, 10);
        let now = chance(super::attack::need(r, s, a));
        // (Raises it, the chance reached): what the parts listed so far already do.
        let mut reached = vec![(true, now), (false, now)];
        let mut out = Vec::new();
        for amount in [1, 3, 6, 10] {
            let parts = if defends {
                let source = match me.illuminati {
                    Some(ill) if s.cards[a.target].treasury < amount => ill,
                    _ => a.target,
                };
                vec![Command::Spend {
                    player: seat,
                    source,
                    amount,
                }]
            } else {
                vec![
                    Command::Interfere {
                        player: seat,
                        amount,
                    },
                    Command::Assist {
                        player: seat,
                        amount,
                    },
                ]
            };
            for c in parts.into_iter().filter(|c| is_legal(r, s, c)) {
                let raises = matches!(c, Command::Assist { .. });
                match super::attack::need_after(r, s, &c).map(chance) {
                    Some(after) if !reached.contains(&(raises, after)) => {
                        reached.push((raises, after));
                        out.push((seat, c));
                    }
                    _ => {}
                }
            }
        }
        out
    }
    /// The random player's command carried out where it was made, not copied into `options`
    /// first: the copy read the command in wide loads over the narrow writes that had just
    /// made it, and waited on them (a third of the simulator loop's own time by the clock).
    fn random_move(
        r: &IlluRules,
        s: &mut State,
        rng: &mut PlayRng,
        _options: &mut Vec<Command>,
        out: &mut Events<Event>,
    ) -> Result<bool, String> {
        let Some(cmd) = random_command(r, s, rng) else {
            return Ok(false);
        };
        // The simulator abandons the state on a refusal: nothing to put back.
        super::execute_or_abandon(r, s, &cmd, out)
            .map_err(|e| format!("legal command {cmd:?} refused: {e}"))?;
        Ok(true)
    }
    /// The steady player (`steady::choose`); a seat's own: its command when it is that seat's.
    fn steady(r: &IlluRules, s: &State, seat: Option<usize>, rng: &mut PlayRng) -> Option<Command> {
        let c = super::steady::choose(r, s, rng, |rng| random_command(r, s, rng))?;
        match seat {
            Some(p) if Self::whose(r, s, &c).seat() != Some(p) => None,
            _ => Some(c),
        }
    }
    /// Whose choice a command is (`turn::decided_by`); a card drawn is the table's report.
    /// The table's buttons may make a seat's choice only in that seat's own turn (or at
    /// setup): money spent in another player's attack (defending, interfering, assisting), a
    /// special played or a gift made out of turn needs that player's token, phone or own
    /// computer seat.
    fn whose(r: &IlluRules, s: &State, c: &Command) -> Whose {
        let seat = match c {
            // Choosing one's Illuminati and the UFOs' goal are the player's own, once (a
            // choice changed afterwards is the table's correction); a card whose numbers the
            // table has not entered is no seat's to choose (the game could not start).
            Command::Illuminati { player, card } => s
                .players
                .get(*player)
                .filter(|p| p.illuminati.is_none())
                .filter(|_| !r.cards[*card].unknown || s.cards[*card].stats.is_some())
                .map(|_| *player),
            Command::Goal { player, .. } => s
                .players
                .get(*player)
                .filter(|p| p.goal.is_none())
                .map(|_| *player),
            Command::DrawGroup { .. } | Command::DrawSpecial { .. } => {
                return match super::turn::decided_by(s, c) {
                    Some(seat) => Whose::Report { seat },
                    None => Whose::Table,
                }
            }
            c => super::turn::decided_by(s, c),
        };
        match seat {
            Some(seat) => Whose::Seat {
                seat,
                table_may: s.phase == Phase::Setup || seat == s.current,
            },
            None => Whose::Table,
        }
    }
    /// What the table cannot see: which specials are in each hand (their number is public)
    /// and the UFOs' secret goal. Each hand is dealt afresh from the specials' copies, each
    /// secret goal drawn from the goals the UFOs may take.
    fn redraw_hidden(r: &IlluRules, s: &State, keep: Option<usize>, rng: &mut PlayRng) -> State {
        let mut out = s.clone();
        let copies: Vec<usize> = (0..r.specials.len())
            .flat_map(|k| std::iter::repeat_n(k, r.specials[k].copies as usize))
            .collect();
        let goals: Vec<usize> = r
            .illuminati()
            .filter(|&i| matches!(r.cards[i].goal, Some(ref g) if !matches!(g, Goal::Secret | Goal::Regular { .. })))
            .collect();
        for (i, p) in out.players.iter_mut().enumerate() {
            // A seat looking ahead knows its own hand and goal.
            if Some(i) == keep {
                continue;
            }
            for slot in p.specials.iter_mut() {
                *slot = (!copies.is_empty()).then(|| copies[below(rng, copies.len())]);
            }
            if p.goal.is_some() && !goals.is_empty() {
                p.goal = Some(goals[below(rng, goals.len())]);
            }
        }
        out
    }
    fn wild_command(r: &IlluRules, s: &State, rng: &mut PlayRng) -> Option<Command> {
        let n = s.players.len();
        let card = rng.random_range(0..r.cards.len());
        let other = rng.random_range(0..r.cards.len());
        Some(match rng.random_range(0..9) {
            0 => Command::Attack {
                kind: [Kind::Control, Kind::Neutralize, Kind::Destroy][rng.random_range(0..3)],
                attacker: card,
                target: other,
                aid: vec![],
            },
            1 => Command::Drop { group: card },
            2 => Command::Move {
                group: card,
                master: other,
            },
            3 => Command::Give {
                group: card,
                player: rng.random_range(0..n),
            },
            4 => Command::Pass,
            5 => Command::End,
            6 => Command::CallOff,
            7 => Command::DrawGroup { group: card },
            _ => Command::Spend {
                player: rng.random_range(0..n),
                source: card,
                amount: rng.random_range(-3..30),
            },
        })
    }
    /// Turns from the state's count (`State::watch`).
    fn turns(_r: &IlluRules, s: &State) -> Option<u64> {
        Some(s.watch.0.turns)
    }
    /// Each Illuminati played, and whether it won.
    fn figures(r: &IlluRules, s: &State) -> Vec<Figure> {
        s.players
            .iter()
            .enumerate()
            .filter_map(|(p, pl)| {
                let id = &r.cards[pl.illuminati?].id;
                Some(Figure::Share(format!("{id} won"), s.winner == Some(p)))
            })
            .collect()
    }
}

impl Story for Illuminati {
    /// Groups held per seat (the race to the victory count); the eliminated are out.
    fn standing(_r: &IlluRules, s: &State) -> boardside_engine::game::Standing {
        boardside_engine::game::Standing {
            scores: (0..s.players.len())
                .map(|p| s.structure(p).len() as i64)
                .collect(),
            out: s.players.iter().filter(|p| p.eliminated).count(),
            ..Default::default()
        }
    }
    fn report(
        r: &IlluRules,
        players: &[String],
        steps: &[boardside_engine::game::StepOf<Self>],
    ) -> boardside_engine::panels::Report {
        super::report::report(r, players, steps)
    }
    /// Each seat's part is the Illuminati card it plays (none before it is chosen).
    fn record(
        r: &IlluRules,
        players: &[String],
        steps: &[boardside_engine::game::StepOf<Self>],
    ) -> boardside_engine::game::GameRecord {
        let role = |seat: usize| {
            let ill = steps.last()?.after.players.get(seat)?.illuminati?;
            Some(r.cards.get(ill)?.name.clone())
        };
        boardside_engine::game::GameRecord {
            winners: None,
            roles: (0..players.len()).map(role).collect(),
            feats: super::report::feats(r, players, steps),
        }
    }
}

fn is_legal(r: &IlluRules, s: &State, c: &Command) -> bool {
    // An attack is checked without being tried on a copy: most candidates are attacks.
    if let Command::Attack {
        kind,
        attacker,
        target,
        aid,
    } = c
    {
        return s.winner.is_none()
            && super::attack::can_declare(r, s, *kind, *attacker, *target, aid).is_ok();
    }
    let c = match c {
        Command::Roll { dice: None } => Command::Roll { dice: Some((1, 1)) },
        other => other.clone(),
    };
    let mut copy = s.clone();
    let mut out = Events::default();
    super::execute_into(r, &mut copy, &c, &mut out).is_ok()
}

/// The commands worth trying now (without amounts of money, which menus choose with UP/DOWN).
fn candidates(r: &IlluRules, s: &State) -> Vec<Command> {
    let mut out = Vec::new();
    let n = s.players.len();
    match s.phase {
        Phase::Over => {}
        Phase::Setup => {
            for p in 0..n {
                for i in r.illuminati() {
                    out.push(Command::Illuminati { player: p, card: i });
                    out.push(Command::Goal { player: p, card: i });
                }
            }
            out.push(Command::Start);
        }
        Phase::Turn => {
            let p = s.current;
            // Specials may be given at any time of a turn (a free action).
            for from in 0..n {
                if let Some(&special) = s.players[from].specials.first() {
                    for to in (0..n).filter(|&to| to != from) {
                        out.push(Command::GiveSpecial { from, to, special });
                    }
                }
            }
            if s.attack.is_some() {
                out.push(Command::Roll { dice: None });
                out.push(Command::CallOff);
                out.push(Command::Privilege { special: None });
                for q in 0..n {
                    out.push(Command::Abolish { player: q });
                }
                return out;
            }
            if s.turn.draws_left > 0 {
                for g in r.groups().filter(|&g| s.cards[g].status == Status::Deck) {
                    out.push(Command::DrawGroup { group: g });
                }
                out.push(Command::DrawSpecial { special: None });
            }
            out.push(Command::Pass);
            out.push(Command::End);
            out.push(Command::Recycle);
            let mine = s.structure(p);
            for &a in &mine {
                for t in 0..r.cards.len() {
                    if matches!(s.cards[t].status, Status::Uncontrolled | Status::Controlled)
                        && s.cards[t].owner != Some(p)
                    {
                        for kind in [Kind::Control, Kind::Neutralize, Kind::Destroy] {
                            out.push(Command::Attack {
                                kind,
                                attacker: a,
                                target: t,
                                aid: vec![],
                            });
                        }
                    }
                }
                if !r.cards[a].illuminati {
                    out.push(Command::Drop { group: a });
                    for &m in &mine {
                        out.push(Command::Move {
                            group: a,
                            master: m,
                        });
                    }
                    for q in 0..n {
                        out.push(Command::Give {
                            group: a,
                            player: q,
                        });
                    }
                }
            }
        }
    }
    out
}

/// The random player's setup: an Illuminati for each seat, a secret goal where one is drawn,
/// the first uncontrolled groups, then the start.
fn random_setup(r: &IlluRules, s: &State, rng: &mut PlayRng) -> Option<Command> {
    if let Some(p) = s.players.iter().position(|x| x.illuminati.is_none()) {
        let taken: Vec<usize> = s.players.iter().filter_map(|x| x.illuminati).collect();
        let free: Vec<usize> = r
            .illuminati()
            .filter(|&i| !taken.contains(&i) && !r.cards[i].unknown)
            .collect();
        return Some(Command::Illuminati {
            player: p,
            card: *free.choose(rng)?,
        });
    }
    if let Some(p) = super::turn::wants_goal(r, s) {
        let goals: Vec<usize> = r.illuminati().filter(|&i| matches!(r.cards[i].goal, Some(ref g) if !matches!(g, Goal::Secret | Goal::Regular { .. }))).collect();
        return Some(Command::Goal {
            player: p,
            card: *goals.choose(rng)?,
        });
    }
    if !r
        .groups()
        .any(|g| s.cards[g].status == Status::Uncontrolled)
    {
        let deck: Vec<usize> = r
            .groups()
            .filter(|&g| s.cards[g].status == Status::Deck)
            .collect();
        let groups: Vec<usize> = deck.choose_multiple(rng, 4).copied().collect();
        return Some(Command::Uncontrolled { groups });
    }
    Some(Command::Start)
}

fn random_command(r: &IlluRules, s: &State, rng: &mut PlayRng) -> Option<Command> {
    Some(match s.phase {
        Phase::Over => return None,
        Phase::Setup => return random_setup(r, s, rng),
        Phase::Turn => {
            let p = s.current;
            // Every pick of the decision from as few draws of the generator as will do.
            let mut d = Picks::new(rng);
            if let Some(a) = &s.attack {
                let need = super::attack::need(r, s, a);
                // Spend towards a need of 8 (a roll that succeeds 72% of the time), from the
                // attacking group first, then the Illuminati, as a table would.
                if need < 8 && d.ratio(7, 8) {
                    let want = 8 - need;
                    let ill = s.players[p].illuminati;
                    for src in [Some(a.attacker), ill].into_iter().flatten() {
                        let have = s.cards[src].treasury;
                        if have > 0 {
                            return Some(Command::Spend {
                                player: p,
                                source: src,
                                amount: want.min(have),
                            });
                        }
                    }
                }
                if !super::protocol::can_succeed(need) && !a.committed {
                    return Some(Command::CallOff);
                }
                return Some(Command::Roll {
                    dice: Some((d.below(6) as u8 + 1, d.below(6) as u8 + 1)),
                });
            }
            if s.turn.draws_left > 0 {
                // The k-th group of the deck, counted then found (no list): the same draw
                // from the generator as choosing from a list of them.
                let n = s.places.count_both(Set::Deck, Set::Groups);
                let g = (n > 0)
                    .then(|| s.places.nth_both(Set::Deck, Set::Groups, d.below(n)))
                    .flatten();
                return Some(match g {
                    Some(g) if d.ratio(5, 6) => Command::DrawGroup { group: g },
                    _ => Command::DrawSpecial { special: None },
                });
            }
            if s.turn.actions_left > 0 && d.ratio(9, 10) {
                // Attack an uncontrolled group (sometimes another player's) with the strongest
                // of the player's own cards that has an open arrow (the first in the structure
                // among equals; a card's open arrows are counted only when it would be
                // stronger than the best so far).
                let mut strongest: Option<(usize, i64)> = None;
                for t in s.places.iter(Set::Of(p)) {
                    let power = super::structure::power(r, s, t);
                    if strongest.is_none_or(|(_, best)| power > best)
                        && open_arrows(s, t).is_none_or(|o| o > 0)
                    {
                        strongest = Some((t, power));
                    }
                }
                // The target, weighed without a list: an uncontrolled group three
                // times as often as another player's card at depth 2 or more (its master has
                // a master in turn: no walk up to the Illuminati), one picked from both
                // counted together; another player's card nearer their Illuminati is no
                // target, and a try that lands on one is spent like a refused one.
                let uncontrolled = s.places.count_without(Set::Uncontrolled, Set::Of(p));
                let others = s.places.count_without(Set::Controlled, Set::Of(p));
                let weight = 3 * uncontrolled + others;
                let attack = strongest.and_then(|(a, _)| {
                    (0..4).find_map(|_| {
                        if weight == 0 {
                            return Some(None);
                        }
                        let k = d.below(weight);
                        let t = if k < 3 * uncontrolled {
                            s.places.nth_without(Set::Uncontrolled, Set::Of(p), k / 3)?
                        } else {
                            let t = s.places.nth_without(
                                Set::Controlled,
                                Set::Of(p),
                                k - 3 * uncontrolled,
                            )?;
                            let deep = s.cards[t]
                                .master
                                .is_some_and(|m| s.cards[m].master.is_some());
                            if !deep {
                                return None;
                            }
                            t
                        };
                        let kind = if d.ratio(1, 8) {
                            Kind::Destroy
                        } else {
                            Kind::Control
                        };
                        super::attack::can_declare(r, s, kind, a, t, &[])
                            .is_ok()
                            .then_some(Some(Command::Attack {
                                kind,
                                attacker: a,
                                target: t,
                                aid: vec![],
                            }))
                    })
                });
                if let Some(Some(attack)) = attack {
                    return Some(attack);
                }
            }
            if !s.turn.acted && d.ratio(1, 4) {
                return Some(Command::Pass);
            }
            Command::End
        }
    })
}

fn invariants(r: &IlluRules, s: &State) -> Result<(), String> {
    // The sets kept by `apply` agree with the cards (checked first: the rest reads them).
    let places = Places::of_game(r, &s.cards, s.players.len());
    if s.places != places {
        return Err(format!(
            "the cards' places are kept as {:?}, the cards say {:?}",
            s.places, places
        ));
    }
    let total: i64 = s.bank + s.cards.iter().map(|c| c.treasury).sum::<i64>();
    if total != 0 {
        return Err(format!("money not conserved: {total}"));
    }
    for (i, c) in s.cards.iter().enumerate() {
        if c.treasury < 0 {
            return Err(format!("{} has a negative treasury", r.cards[i].name));
        }
        // The count kept by `apply` agrees with the cards.
        if c.puppets as usize != puppets(s, i).len() {
            return Err(format!(
                "{} counts {} puppets, holds {}",
                r.cards[i].name,
                c.puppets,
                puppets(s, i).len()
            ));
        }
        match c.status {
            Status::Controlled => {
                let owner = c
                    .owner
                    .ok_or_else(|| format!("{} is controlled by nobody", r.cards[i].name))?;
                if r.cards[i].illuminati {
                    if c.master.is_some() || s.players[owner].illuminati != Some(i) {
                        return Err(format!("{} is misplaced", r.cards[i].name));
                    }
                } else {
                    let m = c
                        .master
                        .ok_or_else(|| format!("{} has no master", r.cards[i].name))?;
                    if s.cards[m].owner != Some(owner) || s.cards[m].status != Status::Controlled {
                        return Err(format!(
                            "{}'s master is not in its structure",
                            r.cards[i].name
                        ));
                    }
                    if depth(s, i).is_none() {
                        return Err(format!("{} hangs from no Illuminati", r.cards[i].name));
                    }
                }
                if let Some(a) = c.arrows {
                    if puppets(s, i).len() > a as usize {
                        return Err(format!(
                            "{} holds more puppets than arrows",
                            r.cards[i].name
                        ));
                    }
                }
            }
            _ => {
                if c.owner.is_some() || c.master.is_some() || c.treasury != 0 {
                    return Err(format!(
                        "{} is out of play yet owned or holding money",
                        r.cards[i].name
                    ));
                }
            }
        }
    }
    // The victory watch relies on it: only a turn that used the Lasers leaves an alignment
    // changed (the change ends with the turn).
    if !s.turn.laser_used && s.cards.iter().any(|c| c.alignments.is_some()) {
        return Err("an alignment is changed in a turn that did not use the Lasers".into());
    }
    if (s.winner.is_some()) != (s.phase == Phase::Over) {
        return Err("the winner and the phase disagree".into());
    }
    // The watch looks again only after events that can change a goal: a full look must agree.
    if s.phase == Phase::Turn {
        if let Some((p, why)) = super::victory::winner(r, s) {
            return Err(format!(
                "{} has won ({why}) and nobody said so",
                s.players[p].name
            ));
        }
    }
    Ok(())
}

/// A command's numbers in range: every player, card and special it names is in the game.
fn check_command(r: &IlluRules, s: &State, c: &Command) -> Result<(), String> {
    let n = s.players.len();
    let cards = r.cards.len();
    let sp = r.specials.len();
    let p = |x: usize| {
        if x < n {
            Ok(())
        } else {
            Err(format!("player number {x} is not in this game"))
        }
    };
    let k = |x: usize| {
        if x < cards {
            Ok(())
        } else {
            Err(format!("card number {x} is not in this ruleset"))
        }
    };
    let q = |x: usize| {
        if x < sp {
            Ok(())
        } else {
            Err(format!("special number {x} is not in this ruleset"))
        }
    };
    match c {
        Command::Illuminati { player, card } | Command::Goal { player, card } => {
            p(*player).and(k(*card))
        }
        Command::Uncontrolled { groups } => groups.iter().try_for_each(|&g| k(g)),
        Command::DrawGroup { group } | Command::Drop { group } => k(*group),
        Command::DrawSpecial { special } | Command::Privilege { special } => {
            special.map_or(Ok(()), q)
        }
        Command::Attack {
            attacker,
            target,
            aid,
            ..
        } => k(*attacker)
            .and(k(*target))
            .and(aid.iter().try_for_each(|&g| k(g))),
        Command::Spend { player, source, .. } => p(*player).and(k(*source)),
        Command::Interfere { player, .. }
        | Command::Assist { player, .. }
        | Command::Abolish { player } => p(*player),
        Command::Roll { dice: Some((a, b)) } if !(1..=6).contains(a) || !(1..=6).contains(b) => {
            Err("dice show 1 to 6".into())
        }
        Command::Transfer { from, to, .. } => k(*from).and(k(*to)),
        Command::Move { group, master } => k(*group).and(k(*master)),
        Command::Give { group, player } => k(*group).and(p(*player)),
        Command::GiveMoney { from, player, .. } => k(*from).and(p(*player)),
        Command::GiveSpecial { from, to, special } => {
            p(*from).and(p(*to)).and(special.map_or(Ok(()), q))
        }
        Command::Play {
            player,
            special,
            target,
            master,
        } => p(*player)
            .and(q(*special))
            .and(target.map_or(Ok(()), k))
            .and(master.map_or(Ok(()), k)),
        Command::Laser { group, .. } => k(*group),
        Command::Set(x) => match x {
            super::Correction::Treasury { card, .. }
            | super::Correction::Dead { card }
            | super::Correction::Arrows { card, .. }
            | super::Correction::Stats { card, .. } => k(*card),
            super::Correction::Owner {
                card,
                owner,
                master,
            } => k(*card)
                .and(owner.map_or(Ok(()), p))
                .and(master.map_or(Ok(()), k)),
            super::Correction::Specials { player, .. } | super::Correction::Turn { player } => {
                p(*player)
            }
        },
        _ => Ok(()),
    }
}
