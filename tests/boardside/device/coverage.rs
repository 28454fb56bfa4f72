//! Every move from the device: a table of buttons and tag taps plays random evenings of each
//! ruleset from its new-game screen (house rules chosen at random, every token and piece
//! enrolled, time passing), choosing menu lines, tapping tags and pressing buttons as a person
//! might, and the verbs its commands used are gathered. Each verb of the family's own list that
//! a player uses in play (not a `set` correction, not a query) must have been reached; a verb
//! added later without a screen fails here by name. The same walk checks what every screen
//! and spoken line shows against the hidden things of the seats whose token was not tapped.

use super::*;
use boardside::engine::game::{Family, Parsed};
use boardside::engine::grid::Grid;
use boardside::engine::illuminati::Illuminati;
use boardside::ui::screen::Screens;
use rand::SeedableRng;
use std::collections::BTreeSet;

/// A small, fixed random source for the walk (the test must not depend on rand's streams).
pub(super) struct Walk(pub(super) u64);

impl Walk {
    pub(super) fn below(&mut self, n: usize) -> usize {
        // xorshift64*: enough for choosing presses.
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize) % n.max(1)
    }
}

/// The queries of docs/protocol.md: words shown, no command made.
const QUERIES: [&str; 6] = ["plan", "watch", "working", "notebook", "board", "strips"];

const NAMES: [&str; 8] = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"];

/// The verbs of a family's list that a player uses in play: each alternative's first word,
/// less the table's corrections (`set`, and the grid's `place`, which docs/protocol.md
/// calls one) and the queries (a verb whose line alone the family answers with words).
fn play_verbs<F: Family>(rules: &F::Rules, state: &F::State) -> BTreeSet<String> {
    F::VERBS
        .split(" | ")
        .filter_map(|alt| alt.split_whitespace().next())
        .map(str::to_string)
        .filter(|v| v != "set" && v != "place" && !QUERIES.contains(&v.as_str()))
        .filter(|v| !matches!(F::parse(rules, state, v), Ok(Parsed::Show(_))))
        .collect()
}

/// A command's verb: the first word of its protocol line.
fn verb<F: Family>(g: &boardside::session::Session<F>, cmd: &F::Command) -> Option<String> {
    F::format_command(&g.rules, &g.state, cmd)
        .split_whitespace()
        .next()
        .map(str::to_string)
}

/// The words a player could read now: the header, the message, the menu, a page being read.
fn screen_words(ui: &Ui) -> String {
    screen_words_of(ui, ui.game())
}

/// `screen_words`, with the game's screens those of `game` (the one in play, or a copy).
fn screen_words_of(ui: &Ui, game: Option<&dyn boardside::ui::screen::Playing>) -> String {
    let mut out = match (ui.view(), game) {
        (View::Game, Some(g)) => g.labels(ui.desk()),
        _ => ui.labels(),
    }
    .join("\n");
    match (ui.view(), game) {
        (View::Game, Some(g)) => {
            out.push('\n');
            out.push_str(&g.header(ui.desk()));
            out.push('\n');
            out.push_str(&g.message(ui.desk()).join("\n"));
        }
        (View::Pager(p), _) => {
            out.push('\n');
            out.push_str(&p.pages.pages[p.page].join("\n"));
        }
        _ => {}
    }
    if let Some(n) = &ui.desk().note() {
        out.push('\n');
        out.push_str(n);
    }
    out
}

/// The verbs a walk is after (`targets`), those its device commands used (`seen`), and those
/// the rules made legal in the games it played (`legal`).
#[derive(Default)]
pub(super) struct Verbs {
    seen: BTreeSet<String>,
    targets: BTreeSet<String>,
    legal: BTreeSet<String>,
}

/// One random evening of `ruleset` with `players` players, `steps` inputs long: the verbs its
/// commands used join `seen`; `watch` sees the device after every input.
pub(super) fn evening<F: OnDevice>(
    ruleset: &str,
    players: usize,
    seed: u64,
    steps: usize,
    verbs: &mut Verbs,
    scene: Option<Scene<F>>,
    mut watch: impl FnMut(&mut Ui, &Input, &Effects),
) {
    let Verbs {
        seen,
        targets,
        legal,
    } = verbs;
    let rules = boardside::rulesets::load::<F>(&ruleset_path(ruleset)).unwrap();
    let mut tags = TagMap::default();
    let mut uids = Vec::new();
    for (i, name) in NAMES.iter().take(players).enumerate() {
        let uid = Uid(vec![0xA0, 0, 1, i as u8]);
        tags.set(
            &uid,
            TagKind::Player {
                name: (*name).into(),
            },
        );
        uids.push(uid);
    }
    for (i, (id, _)) in boardside::sets::pieces(&<F::Screens as Screens>::sets(&rules))
        .into_iter()
        .enumerate()
    {
        let uid = Uid(vec![0xB0, 1, (i >> 8) as u8, i as u8]);
        tags.set(&uid, TagKind::Piece { id });
        uids.push(uid);
    }
    let setup = Setup {
        rulesets: vec![ruleset_path(ruleset)],
        seed,
        ..Default::default()
    };
    let mut ui = Ui::new(tags, TableConfig::default(), setup);
    ui.show_odds(false, None);
    let mut walk = Walk(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    if let Some(scene) = scene {
        // A rare moment set up by the rules' own commands (a building shortage, an attack a
        // player may abolish the privilege of), then the device takes over.
        let names: Vec<String> = NAMES.iter().take(players).map(|n| n.to_string()).collect();
        let options = F::options(&rules, &[]).unwrap();
        let mut g =
            boardside::session::Session::<F>::new(rules.clone(), &names, seed, options, None)
                .unwrap();
        scene(&mut g);
        ui.open(g);
    } else if seed % 2 == 0 {
        // From the new-game screen: the players tap their tokens.
        for uid in &uids[..players] {
            ui.handle(Input::Tag(uid.clone()), 1);
        }
    } else {
        // From the middle of a game the random player has played under random house rules:
        // debts, rare groups and late-game moves are reached as often as the start.
        let mut chosen: Vec<(&str, String)> = Vec::new();
        for h in <F::Screens as Screens>::house_rules(&rules) {
            let choice = &h.choices[walk.below(h.choices.len())];
            chosen.extend(choice.settings.iter().cloned());
        }
        let settings: Vec<(&str, &str)> = chosen.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let options = F::options(&rules, &settings).unwrap();
        let names: Vec<String> = NAMES.iter().take(players).map(|n| n.to_string()).collect();
        let mut g =
            boardside::session::Session::<F>::new(rules.clone(), &names, seed, options, None)
                .unwrap();
        // The device takes over where a verb it has not reached yet is legal (or after a
        // random number of commands).
        let mut rng = boardside::engine::game::PlayRng::seed_from_u64(seed);
        for _ in 0..walk.below(20_000) {
            if g.over() {
                break;
            }
            let now: BTreeSet<String> = F::legal(&g.rules, &g.state)
                .iter()
                .filter_map(|c| verb::<F>(&g, c))
                .collect();
            let wanted = now.iter().any(|v| targets.contains(v) && !seen.contains(v));
            legal.extend(now);
            if wanted {
                break;
            }
            let Some(cmd) = F::random_command(&g.rules, &g.state, &mut rng) else {
                break;
            };
            g.command(cmd).unwrap();
        }
        ui.open(g);
    }
    let mut now = 10;
    for _ in 0..steps {
        now += 100;
        let before = ui
            .session::<F>()
            .map(|g| g.history.len())
            .unwrap_or(usize::MAX);
        // A screen whose one line is Back waits for something else (a token, a card): a
        // person taps rather than leaving at once.
        let waiting = ui.labels() == ["Back"];
        let input = match walk.below(100) {
            0..=79 if waiting => Input::Tag(uids[walk.below(players)].clone()),
            // A menu line, reached with DOWN and chosen with OK, as a person would.
            0..=44 => {
                let n = ui.labels().len();
                if n > 0 {
                    let want = walk.below(n);
                    // At most a round of the menu: on an amount screen DOWN is the amount.
                    for _ in 0..n {
                        if ui.chosen() % n == want || ui.labels().len() != n {
                            break;
                        }
                        ui.handle(Input::Button(Button::Down, Press::Press), now);
                    }
                }
                Input::Button(Button::Ok, Press::Press)
            }
            // A tap: a player's token as often as any piece.
            45..=55 => Input::Tag(uids[walk.below(players)].clone()),
            56..=66 => Input::Tag(uids[walk.below(uids.len())].clone()),
            67..=74 => Input::Button(Button::Roll, Press::Press),
            75..=81 => Input::Button(Button::Back, Press::Press),
            82..=86 => Input::Button(Button::Up, Press::Press),
            87..=91 => Input::Button(Button::Down, Press::Press),
            92..=94 => Input::Button(Button::Ok, Press::Hold),
            95 => Input::Button(Button::Back, Press::Hold),
            _ => {
                // Time passes: a timer, a clock, an agreed time running out.
                now += [1_000, 10_000, 120_000, 3_600_000][walk.below(4)];
                Input::Tick(now)
            }
        };
        let done = ui.handle(input.clone(), now);
        if let Some(g) = ui.session::<F>() {
            if g.history.len() > before {
                for d in &g.history[before..] {
                    seen.extend(verb::<F>(g, &d.cmd));
                }
            }
        }
        watch(&mut ui, &input, &done);
    }
    if std::env::var("COVERAGE_TRACE").is_ok() {
        eprintln!(
            "{ruleset} {players} seed {seed}: {} commands, view {:?}, {:?}",
            ui.session::<F>().map_or(0, |g| g.history.len()),
            ui.view(),
            ui.labels()
        );
    }
}

/// A rare moment of a game, set up through the session (the rules' own commands).
type Scene<F> = fn(&mut boardside::session::Session<F>);

/// Protocol lines carried out in a scene; each must be accepted.
fn lines<F: Family>(g: &mut boardside::session::Session<F>, lines: &[&str]) {
    for l in lines {
        let out = g.run_line(l);
        assert!(!out.iter().any(|x| x.starts_with("error")), "{l}: {out:?}");
    }
}

/// The walk for one ruleset: several evenings at several table sizes (and one from each
/// scene); fails naming each verb no device path reached. `never` names the verbs this
/// ruleset's rules never make legal, each with the reason, which the caller checks.
fn every_verb<F: OnDevice>(
    ruleset: &str,
    sizes: &[usize],
    evenings: u64,
    steps: usize,
    scenes: &[Scene<F>],
    never: &[(&str, bool)],
) {
    let rules = boardside::rulesets::load::<F>(&ruleset_path(ruleset)).unwrap();
    let names: Vec<String> = NAMES.iter().take(sizes[0]).map(|n| n.to_string()).collect();
    let opts = F::options(&rules, &[]).unwrap();
    let state = boardside::session::Session::<F>::new(rules.clone(), &names, 1, opts, None)
        .unwrap()
        .state;
    let want = play_verbs::<F>(&rules, &state);
    let mut verbs = Verbs {
        targets: want.clone(),
        ..Verbs::default()
    };
    let done = |v: &Verbs| {
        want.iter()
            .all(|w| v.seen.contains(w) || never.iter().any(|(n, _)| n == w))
    };
    for e in 0..evenings {
        let players = sizes[e as usize % sizes.len()];
        evening::<F>(
            ruleset,
            players,
            1000 + e,
            steps,
            &mut verbs,
            None,
            |_, _, _| {},
        );
    }
    // Then the scenes in turn, until every verb is reached (at most 40 times each: a scene's
    // moment passes quickly, and a walk may leave it before its verb).
    for e in 0..40 * scenes.len() as u64 {
        if done(&verbs) {
            break;
        }
        let scene = scenes[e as usize % scenes.len()];
        evening::<F>(
            ruleset,
            3,
            5000 + e,
            steps,
            &mut verbs,
            Some(scene),
            |_, _, _| {},
        );
    }
    let Verbs { seen, legal, .. } = verbs;
    // A verb this ruleset never makes legal (a tax choice on a board without one) has no
    // state to be reached from, and the caller says why; every other one must be reached.
    for (v, why_holds) in never {
        assert!(
            *why_holds,
            "{ruleset}: the reason given for `{v}` does not hold"
        );
        assert!(!seen.contains(*v), "{ruleset}: `{v}` was reached after all");
    }
    let missing: Vec<&String> = want
        .iter()
        .filter(|v| !seen.contains(*v) && !never.iter().any(|(n, _)| n == v))
        .collect();
    assert!(
        missing.is_empty(),
        "{ruleset}: no device path reached {missing:?} (reached {seen:?}; legal in play {legal:?})"
    );
}

/// Property: a tax square with a percentage to choose, and asking prices, in this ruleset.
fn property_facts(ruleset: &str) -> (bool, bool, bool, bool) {
    use boardside::engine::property::ruleset::Kind;
    let r = boardside::rulesets::load::<Property>(&ruleset_path(ruleset)).unwrap();
    let tax_choice = r.squares.iter().any(|sq| {
        matches!(
            sq.kind,
            Kind::Tax {
                percent: Some(_),
                ..
            }
        )
    });
    let o = &r.options;
    (
        tax_choice,
        o.auction_step > 0,
        o.building_auction,
        o.received_mortgage != boardside::engine::property::options::ReceivedMortgage::Keep,
    )
}

/// Property: the roll-off for the first turn rolled out.
fn first_turn(g: &mut boardside::session::Session<Property>) {
    use boardside::engine::property::state::Pending;
    for _ in 0..50 {
        if !matches!(g.state.top(), Some(Pending::FirstRoll { .. })) {
            return;
        }
        lines(g, &["roll"]);
    }
}

/// Property: an auction open, a square just declined.
pub(super) fn property_auction(g: &mut boardside::session::Session<Property>) {
    use boardside::engine::property::state::Pending;
    first_turn(g);
    for _ in 0..200 {
        match g.state.top() {
            Some(Pending::Auction(_)) => return,
            Some(Pending::Buy { .. }) => {
                g.run_line("decline");
            }
            _ => {
                if g.run_line("roll").iter().any(|l| l.starts_with("error")) {
                    g.run_line("end");
                }
            }
        }
    }
    panic!("no auction opened");
}

/// Property: Ann owes Bob more than the 100 she has, and has mortgaged her squares.
fn property_debt_paid(g: &mut boardside::session::Session<Property>) {
    property_debt(g, true);
}

/// Property: Ann owes Bob more than the 100 she has.
fn property_debt_owed(g: &mut boardside::session::Session<Property>) {
    property_debt(g, false);
}

fn property_debt(g: &mut boardside::session::Session<Property>, raised: bool) {
    first_turn(g);
    let r = &g.rules;
    // Bob's group, each lot with its top building; Ann, with nothing in hand, lands on its
    // last lot (1 + 3 ahead: no doubles, no salary on the way).
    // The group whose top rent is the least, past the fourth square: rent she cannot pay
    // from nothing, which her squares can raise (so the table may resolve it; suetology
    // bankrupts at once a debtor worth less than the debt).
    let top = |i: usize| match &r.squares[i].kind {
        boardside::engine::property::ruleset::Kind::Lot { rents, .. } => rents[rents.len() - 1],
        _ => i64::MAX,
    };
    let group = (4..r.squares.len())
        .filter(|&i| r.squares[i].is_lot())
        .min_by_key(|&i| top(i))
        .and_then(|i| r.squares[i].group())
        .unwrap();
    let lots: Vec<usize> = (0..r.squares.len())
        .filter(|&i| r.squares[i].group() == Some(group))
        .collect();
    let mut set = vec![];
    for &sq in &lots {
        set.push(format!("set owner {} Bob", r.squares[sq].id));
        set.push(format!("set buildings {} 5", r.squares[sq].id));
    }
    // Ann's eight dearest squares: mortgaged, they raise what she owes.
    let mut mine: Vec<usize> = (0..r.squares.len())
        .filter(|&i| r.squares[i].price().is_some() && r.squares[i].group() != Some(group))
        .collect();
    mine.sort_by_key(|&i| std::cmp::Reverse(r.squares[i].price()));
    let mine: Vec<String> = mine[..8].iter().map(|&i| r.squares[i].id.clone()).collect();
    for sq in &mine {
        set.push(format!("set owner {sq} Ann"));
    }
    set.push("set cash Ann 0".into());
    if r.status.is_some() {
        // Scientopoly: a low status is eligible for the service, and donates.
        set.push("set status Ann 1".into());
    }
    set.push("set turn Ann".into());
    let target = *lots.last().unwrap();
    set.push(format!("set position Ann {}", target - 4));
    set.push("roll 1 3".into());
    let set: Vec<&str> = set.iter().map(String::as_str).collect();
    lines(g, &set);
    assert!(
        matches!(
            g.state.top(),
            Some(boardside::engine::property::state::Pending::Debt(_))
        ),
        "no debt: {:?}",
        &g.story()[g.story().len().saturating_sub(8)..]
    );
    // Money raised while the debt waits (what refuses, a square already enough, is left).
    for sq in mine.iter().filter(|_| raised) {
        g.run_line(&format!("mortgage {sq}"));
    }
}

#[test]
fn every_sectionopoly_move_is_reachable_on_the_device() {
    every_verb::<Property>(
        "sectionopoly",
        &[2, 3, 4],
        16,
        4_000,
        &[
            property_debt_paid,
            property_debt_owed,
            sectionopoly_shortage,
        ],
        &[],
    );
}

/// Sectionopoly: Ann builds on the brown group while Bob could build on his, five houses
/// left: the table is asked who else builds.
fn sectionopoly_shortage(g: &mut boardside::session::Session<Property>) {
    first_turn(g);
    lines(
        g,
        &[
            "set owner centre Ann",
            "set owner oversight Ann",
            "set owner operations-floor Bob",
            "set owner strategy-room Bob",
            "set owner red-cell-wing Bob",
            "build centre",
        ],
    );
    g.state.houses = 5;
    lines(g, &["build oversight"]);
}

#[test]
fn every_suetology_move_is_reachable_on_the_device() {
    let (tax, _, shortage, _) = property_facts("suetology");
    every_verb::<Property>(
        "suetology",
        &[2, 3, 4],
        16,
        4_000,
        &[property_debt_paid, property_debt_owed, property_auction],
        &[("tax", !tax), ("want", !shortage)],
    );
}

#[test]
fn every_scientopoly_move_is_reachable_on_the_device() {
    let (tax, _, shortage, keep) = property_facts("scientopoly");
    every_verb::<Property>(
        "scientopoly",
        &[2, 3, 4],
        16,
        4_000,
        &[property_debt_paid, property_debt_owed, property_auction],
        &[("tax", !tax), ("want", !shortage), ("keep", !keep)],
    );
}

/// The grid: every person stunned, so the round is played without them (`next`). The
/// computer's pieces stun only where it gains (`computer::order`), so a walk seldom gets here.
fn grid_all_stunned(g: &mut boardside::session::Session<Grid>) {
    lines(
        g,
        &[
            "side Ann scientists",
            "side Bob scientists",
            "side Cy religionists",
            "place Ann 5 5",
            "place Bob 5 6",
            "place Cy 9 9",
            "start",
            "place cpu1 12 18",
            "set stun Ann 2",
            "set stun Bob 2",
            "set stun Cy 1",
        ],
    );
}

#[test]
fn every_grid_move_is_reachable_on_the_device() {
    every_verb::<Grid>("grid", &[2, 3, 4], 12, 3_000, &[grid_all_stunned], &[]);
}

/// Illuminati: Ann's privileged attack, and Bob holding two specials to abolish it with.
fn illuminati_privileged(g: &mut boardside::session::Session<Illuminati>) {
    lines(g, &super::illuminati::SETUP);
    lines(
        g,
        &[
            "draw special",
            "set specials Bob 2",
            "attack control bavarian cia",
            "privilege",
        ],
    );
}

/// Illuminati: Ann's turn with the Orbital Mind Control Lasers and the Recyclers (money to
/// spend) in her structure.
fn illuminati_powers(g: &mut boardside::session::Session<Illuminati>) {
    lines(g, &super::illuminati::SETUP);
    lines(
        g,
        &[
            "set owner orbital-mind-control-lasers Ann",
            "set owner recyclers Ann",
            "set treasury recyclers 10",
        ],
    );
}

#[test]
fn every_illuminati_move_is_reachable_on_the_device() {
    every_verb::<Illuminati>(
        "illuminati",
        &[2, 3, 4],
        12,
        4_000,
        &[illuminati_privileged, illuminati_powers],
        &[],
    );
}

// ---- Hidden things ------------------------------------------------------------------------------

/// The seat whose own private screen is open, if one is: only there may its hidden things
/// show, and only after its token.
fn illuminati_private(ui: &Ui) -> Option<usize> {
    use boardside::ui::illuminati::IlluScreens;
    if *ui.view() != View::Game {
        return None;
    }
    ui.screens::<IlluScreens>()?.view.private_to()
}

fn grid_private(ui: &Ui) -> Option<usize> {
    use boardside::ui::grid::{GView, GridScreens};
    if *ui.view() != View::Game {
        return None;
    }
    match ui.screens::<GridScreens>()?.view {
        GView::Private { player } | GView::Seal { player, .. } => Some(player),
        _ => None,
    }
}

/// Every screen but a seat's own private one reads the same whatever the hidden things are:
/// after each input the screen is read again with the hidden things drawn afresh (hands, the
/// UFOs' goal, sealed orders), and the two must be the same.
fn hidden_stays_hidden<F: OnDevice>(
    ruleset: &str,
    evenings: u64,
    steps: usize,
    redraw: fn(&F::Rules, &F::State, &mut boardside::engine::game::PlayRng) -> F::State,
    private: fn(&Ui) -> Option<usize>,
    hidden_names: fn(&F::Rules, &F::State) -> Vec<String>,
) {
    let mut rng = boardside::engine::game::PlayRng::seed_from_u64(7);
    let mut checked = 0;
    for e in 0..evenings {
        let players = [2, 3, 4][e as usize % 3];
        let mut verbs = Verbs::default();
        // The private screen open before this input: one newly open must have been opened by
        // its seat's token.
        let mut open: Option<usize> = None;
        evening::<F>(
            ruleset,
            players,
            2000 + e,
            steps,
            &mut verbs,
            None,
            |ui, input, done| {
                let token = match input {
                    Input::Tag(uid) => match ui.tags().get(uid) {
                        Some(TagKind::Player { name }) => ui
                            .game()
                            .and_then(|g| g.players().iter().position(|p| p == name)),
                        _ => None,
                    },
                    _ => None,
                };
                // The voice says only the table's lines: no hidden name is heard that the
                // table's log does not show.
                let heard: Vec<String> = done
                    .spoken
                    .iter()
                    .flatten()
                    .map(|sp| sp.text.clone())
                    .collect();
                let Some(g) = ui.session::<F>() else {
                    return;
                };
                let tail = ui.log()[ui.log().len().saturating_sub(12)..].join("\n");
                for name in hidden_names(&g.rules, &g.state) {
                    for line in &heard {
                        assert!(
                            !line.contains(&name) || tail.contains(&name),
                            "{ruleset}: the voice said {name:?}: {line:?}"
                        );
                    }
                }
                if let Some(seat) = private(ui) {
                    assert!(
                        open == Some(seat) || token == Some(seat),
                        "{ruleset}: seat {seat}'s private screen opened by {input:?} = {token:?} \
                     of {:?} ({})",
                        ui.game().map(|g| g.players()),
                        screen_words(ui)
                    );
                    open = Some(seat);
                    return;
                }
                open = None;
                let shown = screen_words(ui);
                let g = ui.session::<F>().unwrap();
                let other = redraw(&g.rules, &g.state, &mut rng);
                let again = screen_words_of(ui, ui.what_if::<F>(other).as_deref());
                assert_eq!(
                    shown, again,
                    "{ruleset}: this screen changes with another seat's hidden things"
                );
                checked += 1;
            },
        );
    }
    assert!(checked > 1000, "{ruleset}: only {checked} screens checked");
}

#[test]
fn no_illuminati_screen_or_spoken_line_shows_a_hand_or_the_goal_without_its_players_tap() {
    use boardside::engine::game::Play;
    hidden_stays_hidden::<Illuminati>(
        "illuminati",
        6,
        3_000,
        |r, s, rng| Illuminati::redraw_hidden(r, s, None, rng),
        illuminati_private,
        |r, s| {
            s.players
                .iter()
                .flat_map(|p| p.specials.iter().flatten())
                .map(|&k| r.specials[k].name.clone())
                .collect()
        },
    );
}

#[test]
fn no_grid_screen_shows_a_sealed_order_without_its_players_tap() {
    use boardside::engine::grid::state::Order;
    hidden_stays_hidden::<Grid>(
        "grid",
        6,
        3_000,
        |_, s, _| {
            let mut out = s.clone();
            for p in out.pieces.iter_mut() {
                if let Some(o) = &p.order {
                    p.order = Some(match o {
                        Order::Attack => Order::Pray,
                        _ => Order::Attack,
                    });
                }
            }
            out
        },
        grid_private,
        |_, _| Vec::new(),
    );
}
