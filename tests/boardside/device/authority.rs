//! The authority rule (issue 66, "A fair table"): every command of every family, from every
//! kind of actor, over seeded random games, held against the rule as this file states it,
//! once, as a table; and the phone path asks the same rule (a refusal changes nothing).

use super::*;
use boardside::computer::{ComputerSeat, Level};
use boardside::engine::authority::{names_dice, Actor, Whose};
use boardside::engine::game::{Family, Game, Play, PlayRng, Words};
type GameSession<F> = boardside::session::Session<F>;
use boardside::engine::grid::Grid;
use boardside::engine::illuminati::Illuminati;
use rand::{Rng, SeedableRng};

/// What a command is, for the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Is {
    /// A roll the game waits on that is no seat's own, with no dice named (the device rolls).
    BareTableRoll,
    /// The table's: a card the table reports, a correction, closing an auction.
    Table,
    /// A person's own choice in their own moment (their turn, their bid, their debt).
    Own,
    /// A person's own choice out of their moment (their money in another's attack, their
    /// squares managed in another's turn, a sealed order).
    OwnOutOfMoment,
    /// A computer seat's own choice.
    ComputersOwn,
    /// A card drawn from a physical deck, reported (the seat that drew it).
    Report,
    /// A deal that not every side has said yes to.
    Deal,
    /// A deal every side has said yes to.
    DealAgreed,
}

/// Who makes it, seen from the command: the seat it is (or, for a deal, a side of it), or
/// another seat (for a deal: a seat outside it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum By {
    Table,
    Token,
    OtherToken,
    Phone,
    OtherPhone,
    Computer,
    OtherComputer,
}

const BY: [By; 7] = [
    By::Table,
    By::Token,
    By::OtherToken,
    By::Phone,
    By::OtherPhone,
    By::Computer,
    By::OtherComputer,
];

/// The rule. Besides this table: dice named in a command are only ever the table's buttons'
/// (a phone or computer seat asks the device to roll); and pairing is the table's (no phone
/// input reaches the pairing question).
const RULE: [(Is, [bool; 7]); 8] = [
    //                  Table  Token  OtherT Phone  OtherP Comp   OtherC
    (
        Is::BareTableRoll,
        [true, true, true, true, true, true, true],
    ),
    (Is::Table, [true, true, true, false, false, false, false]),
    (Is::Own, [true, true, true, true, false, true, false]),
    (
        Is::OwnOutOfMoment,
        [false, true, false, true, false, true, false],
    ),
    (
        Is::ComputersOwn,
        [false, true, false, true, false, true, false],
    ),
    (Is::Report, [true, true, true, true, false, false, false]),
    (Is::Deal, [false, false, false, false, false, false, false]),
    (Is::DealAgreed, [true, true, true, true, false, true, false]),
];

fn expected(is: Is, by: By, dice: bool) -> bool {
    if dice && by != By::Table {
        return false;
    }
    let row = RULE.iter().find(|(i, _)| *i == is).unwrap().1;
    row[BY.iter().position(|b| *b == by).unwrap()]
}

/// The seat the game is in: one computer seat (seat 1) among people.
const COMPUTER: usize = 1;

/// Every command `cmd` of this position from every actor, each verdict held against `RULE`;
/// how many verdicts were checked.
fn check_position<F: Family>(g: &GameSession<F>, cmd: &F::Command, players: usize) -> usize {
    let (r, s) = (&g.rules, &g.state);
    let dice = names_dice::<F>(cmd);
    let whose = F::whose(r, s, cmd);
    let mut checked = 0;
    // Deals are asked twice: with no yes, and with every side's.
    let yeses: Vec<Vec<usize>> = match &whose {
        Whose::Deal(binds) => vec![vec![], binds.clone()],
        _ => vec![vec![]],
    };
    for yes in &yeses {
        let (is, seat) = match &whose {
            Whose::Table if F::chance(r, s, cmd).is_some() => (Is::BareTableRoll, None),
            Whose::Table => (Is::Table, None),
            Whose::Seat { seat, .. } if *seat == COMPUTER => (Is::ComputersOwn, Some(*seat)),
            Whose::Seat { seat, table_may } => (
                if *table_may {
                    Is::Own
                } else {
                    Is::OwnOutOfMoment
                },
                Some(*seat),
            ),
            Whose::Report { seat } => (Is::Report, Some(*seat)),
            Whose::Deal(binds) => (
                if binds.iter().all(|b| yes.contains(b)) {
                    Is::DealAgreed
                } else {
                    Is::Deal
                },
                binds.first().copied(),
            ),
        };
        let inside = |p: usize| match &whose {
            Whose::Deal(binds) => binds.contains(&p),
            _ => Some(p) == seat,
        };
        let mut actors = vec![(Actor::Table, By::Table)];
        for p in 0..players {
            let (mine, other) = (inside(p), !inside(p));
            if mine || other {
                actors.push((
                    Actor::Token(p),
                    if mine { By::Token } else { By::OtherToken },
                ));
                actors.push((
                    Actor::Phone(p),
                    if mine { By::Phone } else { By::OtherPhone },
                ));
                actors.push((
                    Actor::Computer(p),
                    if mine {
                        By::Computer
                    } else {
                        By::OtherComputer
                    },
                ));
            }
        }
        for (actor, by) in actors {
            let got = g.may(actor, cmd, yes);
            assert_eq!(
                got.is_ok(),
                expected(is, by, dice),
                "{} ({is:?}, dice named: {dice}) by {actor:?} ({by:?}), yes {yes:?}: {got:?}",
                F::format_command(r, s, cmd)
            );
            if let Err(why) = got {
                assert!(!why.is_empty() && !why.contains("Some("), "{why}");
            }
            checked += 1;
        }
    }
    checked
}

/// Seeded random games of one ruleset: at each position every legal command, each bare roll
/// with its dice named too, and a command picked with no regard to legality, from every actor.
fn every_command_from_every_actor<F: Family>(ruleset: &str, players: usize, moves: usize) {
    let rules = boardside::rulesets::load::<F>(&ruleset_path(ruleset)).unwrap();
    let names: Vec<String> = ["Ann", "cpu1", "Cy", "Dee"][..players]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let mut checked = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 1..=3u64 {
        let options = F::options(&rules, &[]).unwrap();
        let mut g = GameSession::<F>::new(rules.clone(), &names, seed, options, None).unwrap();
        g.set_computers(vec![ComputerSeat {
            seat: COMPUTER,
            level: Level::Steady,
            deals: true,
        }])
        .unwrap();
        let mut rng = PlayRng::seed_from_u64(seed);
        for _ in 0..moves {
            if g.over() {
                break;
            }
            let mut cmds = F::legal(&g.rules, &g.state);
            let rolled: Vec<F::Command> = cmds
                .iter()
                .filter(|c| F::chance(&g.rules, &g.state, c).is_some())
                .map(|c| boardside::engine::game::rolled::<F>(&g.rules, &g.state, c, &mut rng))
                .collect();
            cmds.extend(rolled);
            cmds.extend(F::wild_command(&g.rules, &g.state, &mut rng));
            for c in &cmds {
                kinds.insert(format!(
                    "{:?}",
                    std::mem::discriminant(&F::whose(&g.rules, &g.state, c))
                ));
                checked += check_position::<F>(&g, c, players);
            }
            let Some(cmd) = F::random_command(&g.rules, &g.state, &mut rng) else {
                break;
            };
            g.command(cmd).unwrap();
        }
    }
    assert!(checked > 1000, "{ruleset}: only {checked} verdicts");
    assert!(kinds.len() >= 2, "{ruleset}: whose was always one kind");
}

#[test]
fn the_authority_rule_holds_for_every_command_of_sectionopoly_from_every_actor() {
    every_command_from_every_actor::<Property>("sectionopoly", 4, 150);
}

#[test]
fn the_authority_rule_holds_for_every_command_of_suetology_from_every_actor() {
    every_command_from_every_actor::<Property>("suetology", 4, 150);
}

#[test]
fn the_authority_rule_holds_for_every_command_of_scientopoly_from_every_actor() {
    every_command_from_every_actor::<Property>("scientopoly", 4, 150);
}

#[test]
fn the_authority_rule_holds_for_every_command_of_the_grid_game_from_every_actor() {
    every_command_from_every_actor::<Grid>("grid", 4, 150);
}

#[test]
fn the_authority_rule_holds_for_every_command_of_illuminati_from_every_actor() {
    every_command_from_every_actor::<Illuminati>("illuminati", 4, 150);
}

/// The phone path asks the rule: over random positions, a line a seat's phone may not make is
/// refused with the rule's reason and changes nothing; one it may make reaches the rules.
#[test]
fn a_phone_is_refused_whatever_the_rule_refuses_and_nothing_changes() {
    let rules = sectionopoly();
    let names: Vec<String> = ["Ann", "Bob", "Cy"].iter().map(|n| n.to_string()).collect();
    let s = Session::new(rules.clone(), &names, 4, rules.options.clone(), None).unwrap();
    let mut ui = ui_with(
        s,
        TagMap::default(),
        TableConfig::default(),
        Setup::default(),
    );
    let mut rng = PlayRng::seed_from_u64(9);
    let (mut refused, mut taken) = (0, 0);
    let mut agreed: std::collections::HashMap<String, std::collections::BTreeSet<usize>> =
        Default::default();
    for step in 0..300u64 {
        let g = ui.session::<Property>().unwrap();
        if g.over() {
            break;
        }
        let mut cmds = Property::legal(&g.rules, &g.state);
        cmds.extend(
            cmds.clone()
                .iter()
                .filter(|c| Property::chance(&g.rules, &g.state, c).is_some())
                .map(|c| {
                    boardside::engine::game::rolled::<Property>(&g.rules, &g.state, c, &mut rng)
                }),
        );
        let cmd = cmds[rng.random_range(0..cmds.len())].clone();
        let seat = rng.random_range(0..3);
        let line = Property::format_command(&g.rules, &g.state, &cmd);
        // A deal from one of its sides is that side's yes, put to the other (it waits).
        let yes = match Property::whose(&g.rules, &g.state, &cmd) {
            Whose::Deal(binds) if binds.contains(&seat) => binds,
            _ => vec![],
        };
        let rule = g.may(Actor::Phone(seat), &cmd, &yes);
        let before = (g.history.len(), g.state.clone());
        let answer = ui
            .handle(
                Input::PhoneChoice {
                    seat,
                    line: line.clone(),
                },
                step,
            )
            .answered
            .unwrap();
        let g = ui.session::<Property>().unwrap();
        match rule {
            Err(why) => {
                refused += 1;
                assert_eq!(answer, Err(why), "{line} from seat {seat}");
                assert_eq!((g.history.len(), &g.state), (before.0, &before.1), "{line}");
            }
            Ok(()) => {
                if !yes.is_empty() {
                    // Carried out only once every side has said yes on its own phone.
                    let said = agreed.entry(line.clone()).or_default();
                    said.insert(seat);
                    if g.history.len() > before.0 {
                        assert!(yes.iter().all(|b| said.contains(b)), "{line}: {said:?}");
                        agreed.remove(&line);
                    }
                }
                taken += usize::from(g.history.len() > before.0);
            }
        }
        // The game goes on by the table's own moves (entered as its lines: any it may make).
        let g = ui.session::<Property>().unwrap();
        if let Some(c) = Property::random_command(&g.rules, &g.state, &mut rng) {
            let line = Property::format_command(&g.rules, &g.state, &c);
            let _ = ui.enter(&line);
        }
    }
    assert!(
        refused > 50 && taken > 10,
        "refused {refused}, taken {taken}"
    );
}

/// Issue 66, "a phone picks its own dice": `roll 6 6` from the roller's own phone is refused
/// and changes nothing; `roll` asks the device, which rolls.
#[test]
fn a_phone_cannot_pick_its_own_dice() {
    let mut ui = table_ui(3);
    let before = ui.session::<Property>().unwrap().history.len();
    let answer = ui
        .handle(
            Input::PhoneChoice {
                seat: 0,
                line: "roll 6 6".into(),
            },
            1,
        )
        .answered
        .unwrap();
    assert!(
        answer
            .as_ref()
            .is_err_and(|e| e.contains("never name the dice")),
        "{answer:?}"
    );
    assert_eq!(ui.session::<Property>().unwrap().history.len(), before);
    let answer = ui
        .handle(
            Input::PhoneChoice {
                seat: 0,
                line: "roll".into(),
            },
            2,
        )
        .answered
        .unwrap();
    assert!(answer.is_ok(), "{answer:?}");
    assert_eq!(ui.session::<Property>().unwrap().history.len(), before + 1);
    assert!(
        ui.log()
            .iter()
            .any(|l| l.starts_with("Ann rolls") && l.ends_with("(phone)")),
        "{:?}",
        ui.log()
    );
    // Bob's phone may not roll for Ann either, nor may the table name a computer seat's.
    let g = ui.session::<Property>().unwrap();
    assert!(g
        .may(
            Actor::Phone(1),
            &boardside::engine::property::Command::Roll { dice: None },
            &[]
        )
        .is_err());
}

/// Issue 66, "'(phone)' lands on the next player's turn line": a phone's end of turn is said
/// on a line of its own, "Ann: End the turn (phone)" (the menu's words, not the protocol's),
/// and the next turn's line is nobody's phone.
#[test]
fn a_phones_end_of_turn_is_named_on_its_own_line_not_the_next_turns() {
    let mut ui = table_ui(3);
    for line in ["roll 1 2", "decline"] {
        ui.enter(line).unwrap();
    }
    // Ann's turn, the square declined: the auction closes by the table, then Ann ends.
    while ui.session::<Property>().unwrap().state.top().is_some() {
        ui.enter("close")
            .unwrap_or_else(|e| panic!("{e}: {:?}", ui.log()));
    }
    let answer = ui
        .handle(
            Input::PhoneChoice {
                seat: 0,
                line: "end".into(),
            },
            5,
        )
        .answered
        .unwrap();
    assert!(answer.is_ok(), "{answer:?}");
    let log = ui.log();
    let at = log
        .iter()
        .position(|l| l == "Ann: End the turn (phone)")
        .unwrap_or_else(|| panic!("{log:?}"));
    assert!(
        log[at + 1..].iter().all(|l| !l.contains("(phone)")),
        "{log:?}"
    );
    assert!(
        log[at + 1..].iter().any(|l| l.starts_with("Bob")),
        "{log:?}"
    );
}

/// A deal offered from a phone in one game is not waiting in the next one.
#[test]
fn a_deal_offered_in_one_game_is_gone_in_the_next() {
    let mut ui = table_ui(3);
    ui.enter("set owner centre Ann").unwrap();
    let line = "trade Ann Bob centre for $100".to_string();
    let answer = ui
        .handle(Input::PhoneChoice { seat: 0, line }, 1)
        .answered
        .unwrap();
    assert!(answer.is_ok(), "{answer:?}");
    let waiting = |ui: &Ui| {
        ui.game()
            .unwrap()
            .private_choices(ui.desk(), 1)
            .iter()
            .any(|(l, _)| l.starts_with("Accept Ann's deal"))
    };
    assert!(waiting(&ui), "the deal waits on Bob");
    let rules = sectionopoly();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    ui.open(Session::new(rules.clone(), &names, 4, rules.options, None).unwrap());
    assert!(!waiting(&ui), "a new game starts with no deal waiting");
}
