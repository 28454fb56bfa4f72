//! The grid game on the device alone: sides from the menu, placement by ROLL, orders sealed
//! by token and card taps, the reveal a page at a time, the close up and the notebook, and a
//! whole game from the new-game screen to the final standings.

use super::*;
use boardside::engine::grid::Grid;

fn grid_ui() -> Ui {
    grid_ui_made(|_| {})
}

/// `grid_ui`, its game set up by `made` before the device opens it.
fn grid_ui_made(made: impl FnOnce(&mut boardside::session::Session<Grid>)) -> Ui {
    grid_ui_with(&["Ann", "Bob"], made)
}

/// `grid_ui_made`, with tokens enrolled for these players only.
/// A grid game of these players, seed 5, before the device opens it.
fn grid_game(names: &[&str]) -> boardside::session::Session<Grid> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/grid.toml");
    let rules = boardside::rulesets::load::<Grid>(path).unwrap();
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    boardside::session::Session::<Grid>::new(rules.clone(), &names, 5, rules.options, None).unwrap()
}

fn grid_ui_with(tokens: &[&str], made: impl FnOnce(&mut boardside::session::Session<Grid>)) -> Ui {
    let mut s = grid_game(&["Ann", "Bob"]);
    made(&mut s);
    let tags = table_tags(tokens, &GRID_CARDS.map(|c| format!("grid_card:{c}")), 0xC0);
    ui_with(s, tags, TableConfig::default(), Setup::default())
}

const GRID_CARDS: [&str; 6] = ["up", "down", "left", "right", "attack", "pray"];

fn card(name: &str) -> Input {
    piece(0xC0, &GRID_CARDS, name)
}

fn grid_state(ui: &Ui) -> &boardside::engine::grid::State {
    &ui.session::<boardside::engine::grid::Grid>().unwrap().state
}

fn grid_choose(ui: &mut Ui, label: &str, now: u64) {
    choose(ui, label, now);
}

#[test]
fn a_grid_round_is_sealed_by_token_and_card_taps_and_revealed_on_the_board() {
    use boardside::engine::grid::state::Phase;
    let (mut ui, now) = grid_placed(&["Ann: no side", "Bob: no side", "Bob: scientists"]);
    assert_eq!(grid_state(&ui).phase, Phase::Orders);
    let ann_at = grid_state(&ui).pieces[0].at.unwrap();
    // Ann taps her token, then her cards, then OK; the screen shows only that she sealed.
    ui.handle(ann(), now);
    let dir = if ann_at.0 < 13 { "right" } else { "left" };
    ui.handle(card(dir), now + 1);
    key(&mut ui, "\r", now + 2);
    assert!(grid_state(&ui).pieces[0].order.is_some());
    let mut frame = boardside::hw::Frame::default();
    render(&ui, &mut frame);
    let shown = frame.to_ascii();
    golden("grid-sealed", &ui);
    // Bob has no tagged cards here: the private menu, which opens only after his token and
    // blanks once sealed.
    grid_choose(&mut ui, "Seal for Bob", now + 3);
    assert!(
        !ui.labels().iter().any(|l| l == "attack"),
        "{:?}",
        ui.labels()
    );
    ui.handle(ann(), now + 3);
    assert!(
        !ui.labels().iter().any(|l| l == "attack"),
        "Ann's token opens nothing"
    );
    ui.handle(bob(), now + 3);
    grid_choose(&mut ui, "Choose from a list", now + 3);
    grid_choose(&mut ui, "attack", now + 4);
    // The reveal: the orders, one page at a time, then the board.
    assert!(matches!(ui.view(), View::Pager(_)));
    golden("grid-reveal", &ui);
    while *ui.view() != View::Game {
        key(&mut ui, "\r", now + 5);
    }
    assert!(matches!(
        ui.screens::<boardside::ui::grid::GridScreens>()
            .unwrap()
            .view,
        boardside::ui::grid::GView::Board { .. }
    ));
    golden("grid-board", &ui);
    let moved = grid_state(&ui).pieces[0].at.unwrap();
    assert_ne!(moved, ann_at, "Ann moved {dir}");
    assert!(!shown.is_empty());
}

#[test]
fn undoing_a_sealed_grid_order_never_shows_its_cards() {
    let (mut ui, now) = grid_in_round_one();
    ui.handle(ann(), now);
    ui.handle(card("attack"), now + 1);
    key(&mut ui, "\r", now + 2);
    ui.handle(
        Input::Button(Button::Back, boardside::hw::Press::Hold),
        now + 3,
    );
    let labels: Vec<String> = ui.labels();
    assert_eq!(labels[0], "Undo Ann's sealed order");
    key(&mut ui, "\r", now + 4);
    assert!(ui
        .desk()
        .log()
        .last()
        .unwrap()
        .contains("undone: Ann's sealed order"));
    assert!(
        !ui.desk().log().iter().any(|l| l.contains("attack")),
        "{:?}",
        ui.desk().log()
    );
    assert!(grid_state(&ui).pieces[0].order.is_none());
}

/// Sides chosen, placed by ROLL: the first round's orders are due.
fn grid_in_round_one() -> (Ui, u64) {
    grid_placed(&["Ann: no side", "Bob: no side"])
}

/// Sides chosen from the menu (each line toggles the player's side), then placement by the
/// device's d20s: ROLL until every piece stands.
fn grid_placed(sides: &[&str]) -> (Ui, u64) {
    placed(grid_ui(), sides)
}

/// `grid_placed` on this device.
fn placed(mut ui: Ui, sides: &[&str]) -> (Ui, u64) {
    use boardside::engine::grid::state::Phase;
    for (i, line) in sides.iter().chain(&["Start"]).enumerate() {
        grid_choose(&mut ui, line, 1 + i as u64);
    }
    let mut now = 10;
    while matches!(grid_state(&ui).phase, Phase::Placing { .. }) {
        key(&mut ui, "r", now);
        read_all(&mut ui, now);
        now += 1;
    }
    (ui, now)
}

/// Two players, one a side: the computer adds nobody (the teams are even), nobody can ever
/// pray with a teammate (grid-game: Study/Pray), so no wonder comes and the game can never
/// end. The sides screen says so while the table can still choose; two on one side is a game
/// (the computer's pieces even the teams).
#[test]
fn one_player_a_side_is_told_the_game_cannot_end() {
    let words = |ui: &Ui| ui.game().unwrap().message(ui.desk()).join(" ");
    let mut ui = grid_ui_made(|s| {
        s.run_line("side Ann scientists");
        s.run_line("side Bob religionists");
    });
    assert!(words(&ui).contains("can never end"), "{}", words(&ui));
    ui.enter("side Bob scientists").unwrap();
    assert!(!words(&ui).contains("can never end"), "{}", words(&ui));
}

#[test]
fn choosing_a_side_keeps_the_menus_choice_on_that_player() {
    let mut ui = grid_ui();
    key(&mut ui, "j", 1);
    assert_eq!(ui.labels()[ui.chosen()], "Bob: no side");
    key(&mut ui, "\r", 2);
    assert_eq!(
        ui.labels()[ui.chosen()],
        "Bob: scientists",
        "DOWN then OK stays on Bob"
    );
}

/// Played by hand: ROLL pressed for the next player while the last roll's lines were still on
/// their page did nothing. It closes the page and rolls, as OK then ROLL; the reveal, a page
/// with a title of its own, still waits for OK.
#[test]
fn roll_on_the_pages_of_a_roll_rolls_for_the_next_player_and_the_reveal_waits_for_ok() {
    use boardside::engine::grid::state::Phase;
    let mut ui = grid_ui();
    for (i, line) in ["Ann: no side", "Bob: no side", "Bob: scientists", "Start"]
        .iter()
        .enumerate()
    {
        grid_choose(&mut ui, line, 1 + i as u64);
    }
    key(&mut ui, "r", 10);
    assert!(grid_state(&ui).pieces[0].at.is_some(), "Ann placed");
    let View::Pager(pager) = ui.view() else {
        panic!("Ann's roll and what comes next do not fit above the menu: a page");
    };
    assert_eq!(pager.pages.title, None);
    let made = |ui: &Ui| ui.session::<Grid>().unwrap().history.len();
    let before = made(&ui);
    key(&mut ui, "r", 11);
    assert_eq!(made(&ui), before + 1, "the second ROLL rolled for Bob");
    assert!(
        ui.desk().toast().iter().any(|l| l.starts_with("Bob rolls")),
        "{:?}",
        ui.desk().toast()
    );
    read_all(&mut ui, 12);
    let mut now = 13;
    while matches!(grid_state(&ui).phase, Phase::Placing { .. }) {
        key(&mut ui, "r", now);
        now += 1;
    }
    // A round sealed by both (from their lists), then the reveal's pages: ROLL leaves them
    // where they are.
    read_all(&mut ui, now);
    for (who, token) in [("Ann", ann()), ("Bob", bob())] {
        grid_choose(&mut ui, &format!("Seal for {who}"), now);
        ui.handle(token, now);
        grid_choose(&mut ui, "Choose from a list", now);
        grid_choose(&mut ui, "attack", now);
    }
    let View::Pager(reveal) = ui.view().clone() else {
        panic!("the reveal is paged");
    };
    assert_eq!(reveal.pages.title.as_deref(), Some("Round 1 revealed"));
    key(&mut ui, "r", now + 1);
    assert_eq!(
        *ui.view(),
        View::Pager(reveal),
        "ROLL turns no page of the reveal"
    );
}

/// ROLL with nothing to roll says so above the screen's question, but never copies a seat's
/// own sealing screen into the note, which could outlast that screen.
#[test]
fn roll_in_the_orders_keeps_the_question_but_never_copies_a_sealing_screen() {
    let (mut ui, now) = grid_placed(&["Ann: no side", "Bob: no side", "Bob: scientists"]);
    read_all(&mut ui, now);
    key(&mut ui, "r", now);
    // Who has sealed, a row each, under the refusal.
    assert_eq!(
        ui.desk().note(),
        Some("no roll now\nAnn: waiting\nBob: waiting")
    );
    ui.handle(ann(), now + 1);
    ui.handle(card("up"), now + 2);
    key(&mut ui, "r", now + 3);
    assert_eq!(ui.desk().note(), Some("no roll now"));
}

/// Ann and Bob placed, only `tokens` known to the device; "Seal for `who`" chosen, and a tag
/// the device does not know tapped: the enrolment open (the time reached returned).
fn sealing_with_a_new_tag(tokens: &[&str], who: &str) -> (Ui, u64) {
    use boardside::engine::grid::state::Phase;
    let ui = grid_ui_with(tokens, |_| {});
    let (mut ui, now) = placed(ui, &["Ann: no side", "Bob: no side", "Bob: scientists"]);
    read_all(&mut ui, now);
    assert_eq!(grid_state(&ui).phase, Phase::Orders);
    grid_choose(&mut ui, &format!("Seal for {who}"), now);
    ui.handle(Input::Tag(Uid(vec![0xEE, 0, 0, 7])), now + 1);
    assert!(matches!(ui.view(), View::Enrol(_)));
    (ui, now)
}

/// Played by hand (a deal put to P2: "P2 taps their token to agree"): the new tag tapped was
/// offered first as P1's token, the first person without one, and OK would have given P2's
/// token to P1. A new tag tapped while the screen asks a person without a token to tap
/// theirs is offered first as that person's.
#[test]
fn a_new_tag_tapped_when_a_person_is_asked_for_is_offered_as_theirs() {
    // Nobody's token is known to the device.
    let (mut ui, now) = sealing_with_a_new_tag(&[], "Bob");
    assert_eq!(
        ui.labels()[ui.chosen()],
        "Token of Bob",
        "{:?}",
        ui.labels()
    );
    // Asked for nobody in particular: the first person without a token, as before.
    key(&mut ui, "\x7f", now + 2);
    key(&mut ui, "\x7f", now + 3);
    ui.handle(Input::Tag(Uid(vec![0xEE, 0, 0, 9])), now + 4);
    assert_eq!(
        ui.labels()[ui.chosen()],
        "Token of Ann",
        "{:?}",
        ui.labels()
    );
}

/// Played by hand: asked for Ann's token to seal her order, the table tapped a token the
/// device did not know and enrolled it as Ann's; the enrolment went back to the game, and Ann
/// had to tap again. The tap that opened the enrolment counts as the tap asked for.
#[test]
fn a_token_enrolled_when_it_was_asked_for_counts_as_its_tap() {
    // Only Bob's token is known to the device.
    let (mut ui, now) = sealing_with_a_new_tag(&["Bob"], "Ann");
    grid_choose(&mut ui, "Token of Ann", now + 2);
    assert_eq!(*ui.view(), View::Game);
    let seal = &ui
        .screens::<boardside::ui::grid::GridScreens>()
        .unwrap()
        .view;
    assert!(
        matches!(seal, boardside::ui::grid::GView::Seal { player: 0, .. }),
        "{seal:?}"
    );
    assert_eq!(ui.desk().note(), Some("tag enrolled as Ann's token"));
    // The enrolment is said a while, then the sealing's own question shows (played by hand:
    // the note hid "tap your cards" until the next input).
    let later = now + 2 + boardside::config::TableConfig::default().toast_ms;
    tick(&mut ui, later);
    assert_eq!(ui.desk().note(), None);
    let asked = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(asked.contains("Ann: tap your cards"), "{asked}");
    // The sealing goes on from her cards.
    ui.handle(card("attack"), later + 3);
    key(&mut ui, "\r", later + 4);
    assert!(grid_state(&ui).pieces[0].order.is_some(), "Ann sealed");
}

#[test]
fn the_reveal_pager_shows_every_row_of_every_line() {
    use boardside::ui::grid::pages;
    let lines: Vec<String> = (0..9)
        .map(|i| format!("cpu{i} moves right to a field far away on the board at (4,{i})"))
        .chain(["Ann: change the sticker of the feet to yellow".to_string()])
        .collect();
    let paged = pages(&lines, 6);
    assert!(paged.iter().all(|p| p.len() <= 6), "{paged:?}");
    let shown: Vec<String> = paged.concat();
    let all: Vec<String> = lines
        .iter()
        .flat_map(|l| boardside::ui::text::wrap(l))
        .collect();
    assert_eq!(shown, all, "no row lost, none repeated, in order");
    assert_eq!(
        paged.last().unwrap(),
        &boardside::ui::text::wrap(lines.last().unwrap()),
        "the sticker change alone"
    );
}

#[test]
fn a_refused_seal_never_shows_the_cards_tapped() {
    let (mut ui, now) = grid_in_round_one();
    // Green feet allow one move card; Ann taps two, then OK.
    ui.handle(ann(), now);
    ui.handle(card("up"), now + 1);
    ui.handle(card("left"), now + 2);
    key(&mut ui, "\r", now + 3);
    let note = ui.desk().note().map(str::to_string).unwrap_or_default();
    assert!(note.contains("that order cannot be sealed"), "{note}");
    for leak in ["2", "up", "left", "not 2"] {
        assert!(!note.contains(&format!(" {leak} ")), "{leak} in {note}");
    }
    assert!(grid_state(&ui).pieces[0].order.is_none());
    // Tapped again, right this time: sealed.
    ui.handle(card("up"), now + 4);
    key(&mut ui, "\r", now + 5);
    assert!(grid_state(&ui).pieces[0].order.is_some());
}

#[test]
fn the_board_close_up_goes_from_piece_to_piece_and_the_notebook_reads_in_words() {
    let (mut ui, now) = grid_in_round_one();
    grid_choose(&mut ui, "Board close up", now);
    golden("grid-close-up", &ui);
    let mut frame = boardside::hw::Frame::default();
    let mut titles = Vec::new();
    let pieces = grid_state(&ui).pieces.len() as u64;
    for i in 0..=pieces + 1 {
        render(&ui, &mut frame);
        let art = frame.to_ascii();
        titles.push(art.lines().take(8).collect::<Vec<_>>().join("\n"));
        key(&mut ui, "j", now + 1 + i);
    }
    // Ann first, then each piece in turn (all of them, too, when one window holds them).
    let n = pieces as usize;
    let distinct: std::collections::BTreeSet<&String> = titles.iter().collect();
    assert!(distinct.len() >= n, "each piece has its own close up");
    key(&mut ui, "\x7f", now + 10);
    grid_choose(&mut ui, "Notebook", now + 11);
    golden("grid-notebook", &ui);
    let mut frame = boardside::hw::Frame::default();
    render(&ui, &mut frame);
    let (_, lines) = (0, ui.game().unwrap().message(ui.desk()));
    assert!(lines.iter().any(|l| l.starts_with("moves")), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("BACK")), "{lines:?}");
}

// ---- A whole game ---------------------------------------------------------------------------

/// The card tags of the whole game (their own first byte: Cy's token is 0xC0).
fn whole_card(name: &str) -> Input {
    piece(0xE0, &GRID_CARDS, name)
}

/// The token of seat `i` (Ann, Bob, Cy).
fn token(i: usize) -> Input {
    [ann(), bob(), cy()][i].clone()
}

/// One step from `from` that brings it nearer `to` onto a free field, if any.
fn step_toward(
    s: &boardside::engine::grid::State,
    from: (u8, u8),
    to: (u8, u8),
) -> Option<&'static str> {
    let d = |a: (i32, i32)| (a.0 - to.0 as i32).abs() + (a.1 - to.1 as i32).abs();
    let here = (from.0 as i32, from.1 as i32);
    [
        ("up", (0, -1)),
        ("down", (0, 1)),
        ("left", (-1, 0)),
        ("right", (1, 0)),
    ]
    .into_iter()
    .filter(|(_, (dx, dy))| {
        let (c, r) = (here.0 + dx, here.1 + dy);
        c >= 1
            && r >= 1
            && c <= 13
            && r <= 19
            && s.piece_at((c as u8, r as u8)).is_none()
            && d((c, r)) < d(here)
    })
    .min_by_key(|(_, (dx, dy))| d((here.0 + dx, here.1 + dy)))
    .map(|(w, _)| w)
}

/// What a player at seat `i` seals, to bring the game to its end: while nobody holds the big
/// wonder, Ann waits and prays, Bob walks to her and prays beside her, and Cy walks to them,
/// attacks once and prays; once a piece holds the wonder it walks to the nearest enemy, its
/// team prays, and the humans of the other team walk to it.
fn order_for(s: &boardside::engine::grid::State, i: usize, attacked: bool) -> &'static str {
    use boardside::engine::grid::state::{adjacent, Team};
    let at = s.pieces[i].at.unwrap();
    let team = s.pieces[i].team.unwrap();
    let nearest = |t: Team| {
        s.pieces
            .iter()
            .enumerate()
            .filter(|(j, p)| *j != i && p.team == Some(t) && p.at.is_some())
            .map(|(_, p)| p.at.unwrap())
            .min_by_key(|f| (f.0 as i32 - at.0 as i32).abs() + (f.1 as i32 - at.1 as i32).abs())
    };
    let walk = |to: (u8, u8)| step_toward(s, at, to).unwrap_or("pray");
    let beside = |f: Option<(u8, u8)>| match f {
        Some(f) if !adjacent(at, f) => walk(f),
        _ => "pray",
    };
    if let Some(h) = s.pieces.iter().position(|p| p.wonder > 0) {
        let holder = s.pieces[h].team.unwrap();
        return if h == i {
            beside(nearest(holder.other()))
        } else if team == holder {
            beside(nearest(team))
        } else {
            beside(s.pieces[h].at)
        };
    }
    match (i, team) {
        (0, _) => "pray",
        (_, Team::Scientists) => beside(s.pieces[0].at),
        _ => match nearest(Team::Scientists) {
            Some(f) if adjacent(at, f) && !attacked => "attack",
            Some(f) if !attacked => walk(f),
            _ => "pray",
        },
    }
}

#[test]
fn a_whole_grid_game_from_the_new_game_screen_to_the_final_standings_by_buttons_and_taps() {
    use boardside::engine::grid::state::{Phase, Team};
    let tags = table_tags(
        &["Ann", "Bob", "Cy"],
        &["up", "down", "left", "right"]
            .map(|d| format!("card:move-{d}"))
            .into_iter()
            .chain(["card:attack".to_string(), "card:pray".to_string()])
            .collect::<Vec<_>>(),
        0xE0,
    );
    let mut ui = new_game_screen(tags, "grid", 3);
    // House rules on the new-game screen: no walls, strips of 12.
    choose(&mut ui, "Walls: printed", 11);
    for _ in 0..3 {
        let strip = labels(&ui)
            .into_iter()
            .find(|l| l.starts_with("Strip length"))
            .unwrap();
        choose(&mut ui, &strip, 12);
    }
    assert!(
        labels(&ui).iter().any(|l| l == "Strip length: 12"),
        "{:?}",
        labels(&ui)
    );
    choose(&mut ui, "Start the game", 13);
    golden("grid-sides", &ui);
    // Sides: Ann and Bob scientists, Cy a religionist; a computer seat evens the teams.
    choose(&mut ui, "Ann: no side", 20);
    choose(&mut ui, "Bob: no side", 21);
    choose(&mut ui, "Cy: no side", 22);
    choose(&mut ui, "Cy: scientists", 23);
    choose(&mut ui, "Start", 24);
    let s = grid_state(&ui);
    assert_eq!(s.pieces.len(), 4, "a computer seat joins the religionists");
    assert_eq!(s.pieces[3].team, Some(Team::Religionists));
    // Placement: ROLL until every piece stands.
    let mut now = 100;
    while matches!(grid_state(&ui).phase, Phase::Placing { .. }) {
        key(&mut ui, "r", now);
        read_all(&mut ui, now);
        now += 1;
    }
    let mut rounds_by_taps = 0;
    while grid_state(&ui).phase != Phase::Over {
        now += 10;
        assert!(
            now < 100_000,
            "no winner: {:?}",
            &ui.log()[ui.log().len().saturating_sub(8)..]
        );
        read_all(&mut ui, now);
        let s = grid_state(&ui).clone();
        match s.phase {
            Phase::Wonder { .. } => {
                key(&mut ui, "r", now);
            }
            Phase::Orders => {
                let Some(i) = s.owing().find(|&i| i < 3) else {
                    choose(&mut ui, "Play the round", now);
                    continue;
                };
                let attacked = ui.log().iter().any(|l| l.contains(" is stunned for "));
                let order = order_for(&s, i, attacked);
                ui.handle(token(i), now);
                ui.handle(whole_card(order), now + 1);
                key(&mut ui, "\r", now + 2);
                assert!(
                    grid_state(&ui).pieces[i].order.is_some()
                        || grid_state(&ui).round != s.round
                        || grid_state(&ui).phase != s.phase,
                    "{i} sealed {order}: {:?} {:?} {:?} {:?}",
                    ui.desk().note(),
                    ui.view(),
                    ui.labels(),
                    &ui.log()[ui.log().len().saturating_sub(5)..]
                );
                if i == 0 {
                    rounds_by_taps += 1;
                }
            }
            _ => panic!("{:?}", s.phase),
        }
    }
    read_all(&mut ui, now);
    let s = grid_state(&ui);
    assert!(rounds_by_taps >= 2);
    assert!(
        ui.log().iter().any(|l| l.contains(" is stunned for ")),
        "a stun: {:#?}",
        ui.log()
    );
    assert!(
        ui.log().iter().any(|l| l.contains("is converted")),
        "a conversion"
    );
    assert!(s.winner.is_some(), "{:#?}", ui.log());
    golden("grid-over", &ui);
    choose(&mut ui, "Final standings", now);
    assert!(matches!(ui.view(), View::Standings(_)));
    key(&mut ui, "\r", now);
    choose(&mut ui, "New game", now);
    assert!(matches!(ui.view(), View::Setup(_)));
}

#[test]
fn the_table_plugs_in_and_pulls_out_a_wall_on_the_device_before_the_first_round() {
    use boardside::engine::grid::state::Edge;
    let mut ui = grid_ui();
    grid_choose(&mut ui, "Walls: add or remove", 1);
    // Column 5 (DOWN four times from 1), row 7, the east edge.
    for _ in 0..4 {
        key(&mut ui, "j", 2);
    }
    grid_choose(&mut ui, "OK: next", 3);
    for _ in 0..6 {
        key(&mut ui, "j", 4);
    }
    grid_choose(&mut ui, "OK: next", 5);
    grid_choose(&mut ui, "OK: next", 6);
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(words.contains("east edge of column 5, row 7"), "{words}");
    let had = grid_state(&ui).is_wall((5, 7), Edge::East);
    let line = if had {
        "Remove this wall"
    } else {
        "Add this wall"
    };
    grid_choose(&mut ui, line, 7);
    assert_ne!(grid_state(&ui).is_wall((5, 7), Edge::East), had);
    // The editor stays open for the next: the same field again takes it back.
    for _ in 0..3 {
        grid_choose(&mut ui, "OK: next", 8);
    }
    let back = if had {
        "Add this wall"
    } else {
        "Remove this wall"
    };
    grid_choose(&mut ui, back, 9);
    assert_eq!(grid_state(&ui).is_wall((5, 7), Edge::East), had);
}

#[test]
fn a_half_tapped_order_stays_when_another_player_taps_their_token() {
    use boardside::engine::game::Play;
    use boardside::engine::grid::Grid;
    use rand::SeedableRng;
    let mut rng = boardside::engine::game::PlayRng::seed_from_u64(3);
    let mut ui = grid_ui_made(|s| {
        while s.state.phase != boardside::engine::grid::state::Phase::Orders {
            let cmd = Grid::random_command(&s.rules, &s.state, &mut rng).unwrap();
            s.command(cmd).unwrap();
        }
    });
    ui.handle(ann(), 1);
    ui.handle(card("attack"), 2);
    // Counted as a player says it.
    assert_eq!(ui.desk().note(), Some("1 card tapped; OK seals"));
    ui.handle(bob(), 3);
    let note = ui.desk().note().map(str::to_string).unwrap_or_default();
    assert!(note.contains("half tapped"), "{note}");
    grid_choose(&mut ui, "OK: seal the order", 4);
    assert!(
        !grid_state(&ui).owing().any(|p| p == 0),
        "Ann's order is sealed"
    );
}

/// The device opening this grid game with `seat` played by a steady computer seat.
fn with_computer_seat(mut s: boardside::session::Session<Grid>, seat: usize, tags: TagMap) -> Ui {
    s.set_computers(vec![boardside::computer::ComputerSeat {
        seat,
        level: boardside::computer::Level::Steady,
        deals: true,
    }])
    .unwrap();
    ui_with(s, tags, TableConfig::default(), Setup::default())
}

/// Played by hand: Ann tapped her token to seal, opened "Choose from a list", and while she
/// read it cpu1 sealed its own order; her choice was then refused ("that is Ann's own: Ann
/// taps their token first"). A command made away from the buttons (a computer seat's, a
/// phone's) says nothing of who stands at the device: her token still holds.
#[test]
fn a_computer_seats_seal_keeps_the_token_of_the_person_sealing() {
    use boardside::engine::game::Play;
    use rand::SeedableRng;
    let mut rng = boardside::engine::game::PlayRng::seed_from_u64(3);
    let mut s = grid_game(&["Ann", "cpu1"]);
    while s.state.phase != boardside::engine::grid::state::Phase::Orders {
        let cmd = Grid::random_command(&s.rules, &s.state, &mut rng).unwrap();
        s.command(cmd).unwrap();
    }
    let tags = table_tags(
        &["Ann"],
        &GRID_CARDS.map(|c| format!("grid_card:{c}")),
        0xC0,
    );
    let mut ui = with_computer_seat(s, 1, tags);
    ui.handle(ann(), 1);
    grid_choose(&mut ui, "Choose from a list", 2);
    let mut now = 2;
    while grid_state(&ui).pieces[1].order.is_none() {
        now += 500;
        tick(&mut ui, now);
        assert!(now < 60_000, "cpu1 never sealed: {:?}", ui.log());
    }
    let order = ui.labels()[0].clone();
    grid_choose(&mut ui, &order, now + 1);
    // Both sealed, the round is revealed.
    assert!(
        ui.log().iter().any(|l| l.starts_with("orders: Ann attack")),
        "Ann's {order} was not sealed: {:?} {:?}",
        ui.desk().note(),
        ui.log()
    );
}

/// Played by hand: the religionists' strip filled, cpu1 (a computer seat) their first
/// member; the screen told the table "press ROLL to draw who holds the big wonder" while cpu1
/// rolled the d6 itself (grid-game: Study/Pray, the wonder's holder chosen by a d6).
#[test]
fn a_computer_seats_wonder_roll_is_said_to_be_its_own() {
    use boardside::engine::game::Play;
    use boardside::engine::grid::state::Phase;
    use rand::SeedableRng;
    let mut rng = boardside::engine::game::PlayRng::seed_from_u64(3);
    // Ann and Bob against cpu1, evened by the game's own cpu2: cpu1 is the religionists'
    // first member.
    let mut s = grid_game(&["Ann", "Bob", "cpu1"]);
    super::given(
        &mut s,
        &[
            "side Ann scientists",
            "side Bob scientists",
            "side cpu1 religionists",
            "start",
        ],
    );
    while s.state.phase != Phase::Orders {
        let cmd = Grid::random_command(&s.rules, &s.state, &mut rng).unwrap();
        s.command(cmd).unwrap();
    }
    let team = s.state.pieces[2].team.unwrap();
    assert_eq!(s.state.team_members(team).as_slice(), [2, 3]);
    s.state.phase = Phase::Wonder { team };
    s.state.wonders_due.push(team);
    let mut ui = with_computer_seat(s, 2, TagMap::default());
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert_eq!(
        words,
        "cpu1 (computer) rolls a d6 for who holds the big wonder"
    );
    // And the log names the roll ("cpu1: the roll (computer)" said nothing of what for).
    let mut now = 1;
    while !ui.log().iter().any(|l| l.contains("(computer)")) {
        now += 500;
        tick(&mut ui, now);
        assert!(now < 60_000, "cpu1 never rolled: {:?}", ui.log());
    }
    assert!(
        ui.log()
            .contains(&"cpu1: the d6 for the wonder (computer)".to_string()),
        "{:?}",
        ui.log()
    );
}

/// Played by hand: after cpu1 (a computer seat) placed its piece, the table was asked to
/// "press ROLL" for the game's own cpu2 with the cursor still on "Walls: add or remove" (the
/// line it had stood on while cpu1 rolled), so OK opened the wall editor. Another piece's
/// placing starts on its first line, the roll.
#[test]
fn the_next_pieces_placing_starts_on_its_roll_after_a_computer_seat_placed() {
    use boardside::engine::grid::state::Phase;
    let mut s = grid_game(&["Ann", "cpu1"]);
    super::given(
        &mut s,
        &["side Ann scientists", "side cpu1 scientists", "start"],
    );
    let mut ui = with_computer_seat(s, 1, TagMap::default());
    let mut now = 1;
    while grid_state(&ui).phase == (Phase::Placing { piece: 0 }) {
        key(&mut ui, "r", now);
        read_all(&mut ui, now);
        now += 1;
    }
    while grid_state(&ui).phase == (Phase::Placing { piece: 1 }) {
        now += 500;
        tick(&mut ui, now);
        read_all(&mut ui, now);
        assert!(now < 60_000, "cpu1 never placed: {:?}", ui.log());
    }
    ui.put_away_note();
    assert_eq!(grid_state(&ui).phase, Phase::Placing { piece: 2 });
    assert_eq!(
        ui.labels()[ui.chosen()],
        "Roll for cpu2",
        "{:?}",
        ui.labels()
    );
}

#[test]
fn the_placing_screen_starts_on_the_roll_and_says_where_the_piece_landed() {
    let mut ui = grid_ui();
    grid_choose(&mut ui, "Ann: no side", 1);
    grid_choose(&mut ui, "Bob: no side", 2);
    grid_choose(&mut ui, "Bob: scientists", 3);
    grid_choose(&mut ui, "Start", 4);
    let chosen = ui.labels()[ui.chosen()].clone();
    assert!(
        chosen.starts_with("Roll for "),
        "{chosen}: {:?}",
        ui.labels()
    );
    key(&mut ui, "\r", 5);
    // Above the menu, or on the pages when the roll said more than fits.
    let told = match ui.view() {
        View::Pager(p) => p.pages.pages.concat().join(" "),
        _ => ui.desk().note().map(str::to_string).unwrap_or_default(),
    };
    assert!(told.contains("placed on"), "{told} {:?}", ui.view());
}

#[test]
fn the_wonders_holder_is_told_on_the_screen_not_only_in_the_log() {
    use boardside::engine::game::Play;
    use boardside::engine::grid::state::Phase;
    use boardside::engine::grid::Grid;
    use rand::SeedableRng;
    // Random games until one comes to the wonder's draw.
    for seed in 0..400 {
        let mut rng = boardside::engine::game::PlayRng::seed_from_u64(seed);
        let mut reached = false;
        let mut ui = grid_ui_made(|s| {
            for _ in 0..3_000 {
                if matches!(s.state.phase, Phase::Wonder { .. }) {
                    reached = true;
                    break;
                }
                if s.over() {
                    break;
                }
                let Some(cmd) = Grid::random_command(&s.rules, &s.state, &mut rng) else {
                    break;
                };
                s.command(cmd).unwrap();
            }
        });
        if !reached {
            continue;
        }
        // ROLL until the wonder is drawn; every roll's words are on the screen or its pages.
        let mut told = String::new();
        for t in 0..20 {
            if !matches!(grid_state(&ui).phase, Phase::Wonder { .. }) {
                break;
            }
            key(&mut ui, "r", t);
            told.push_str(&match ui.view() {
                View::Pager(p) => p.pages.pages.concat().join(" "),
                _ => ui.desk().note().map(str::to_string).unwrap_or_default(),
            });
            told.push('\n');
            while *ui.view() != View::Game {
                key(&mut ui, "\r", t);
            }
        }
        assert!(told.contains("holds the big wonder"), "{told}");
        return;
    }
    panic!("no random game came to the wonder's draw");
}

#[test]
fn the_boards_legend_tells_players_apart_even_when_their_names_start_alike() {
    use boardside::engine::grid::Grid;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/grid.toml");
    let rules = boardside::rulesets::load::<Grid>(path).unwrap();
    let names: Vec<String> = ["P1", "P2", "Ann", "Amy"].map(String::from).to_vec();
    let s = boardside::session::Session::<Grid>::new(rules.clone(), &names, 5, rules.options, None)
        .unwrap();
    let tags = boardside::ui::grid::tags(&s.state);
    // P1 and P2 by their numbers, as the final chart marks them (stop 85: the board read P
    // and 2 while the chart read 1 and 2).
    assert_eq!(&tags[..4], &['1', '2', 'A', 'M'], "{tags:?}");
    let mut seen = tags.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(
        seen.len(),
        tags.len(),
        "no two pieces share a letter: {tags:?}"
    );
}

/// Issue 53: three quick OKs on the round's screen seal nothing: a seal waits for its
/// player's token, then a choice on their private menu.
#[test]
fn three_quick_oks_on_the_rounds_screen_seal_no_order() {
    let (mut ui, now) = grid_in_round_one();
    for i in 0..3 {
        key(&mut ui, "\r", now + i);
    }
    let s = grid_state(&ui);
    assert!(
        s.pieces.iter().all(|p| p.order.is_none()),
        "sealed after three OKs: {:?}",
        ui.labels()
    );
}

/// Issue 68: the overview's legend keeps a stunned piece's side ("zz" took its place); the
/// piece shows stunned by its letter in lower case, as on the close up.
#[test]
fn the_overviews_legend_keeps_a_stunned_pieces_side() {
    let mut s = grid_state(&grid_ui()).clone();
    s.pieces[0].team = Some(boardside::engine::grid::state::Team::Scientists);
    s.pieces[0].at = Some((7, 17));
    s.pieces[0].stunned = 2;
    let lines = boardside::ui::grid::legend(&s);
    assert_eq!(lines[0], "a 7,17 sci", "{lines:?}");
    assert!(lines.iter().all(|l| !l.contains("zz")), "{lines:?}");
}

/// Issue 68: a saved grid game's line says the computer's pieces too ("round 1, with cpu1"):
/// the list names only the people.
#[test]
fn a_saved_grid_games_progress_names_the_computers_pieces() {
    use boardside::ui::screen::Screens;
    let mut s = grid_game(&["Ann", "Bob", "Cy"]);
    given(
        &mut s,
        &[
            "side Ann scientists",
            "side Bob scientists",
            "side Cy religionists",
            "start",
        ],
    );
    let progress = boardside::ui::grid::GridScreens::progress(&s);
    // Played by hand: a game saved while placing was "at round 0"; it is at the start.
    assert_eq!(progress, "the start, with cpu1");
    given(&mut s, &["roll 1 1", "roll 2 2", "roll 3 3", "roll 4 4"]);
    let progress = boardside::ui::grid::GridScreens::progress(&s);
    assert_eq!(progress, "round 1, with cpu1");
}

/// Issue 68: the overview's marks are too small for letters, so each piece is named on the
/// map in turn (its letter in a box beside it, its legend line lit), a turn every
/// `TURN_MS`, the screen drawn again as the turn changes; UP/DOWN pick a piece, which stays.
#[test]
fn the_overview_names_each_piece_on_the_map_in_turn() {
    use boardside::ui::grid::{GView, GridScreens, TURN_MS};
    let (mut ui, now) = grid_in_round_one();
    grid_choose(&mut ui, "Board", now);
    assert!(matches!(
        ui.screens::<GridScreens>().unwrap().view,
        GView::Board { .. }
    ));
    // The legend row lit: most of its pixels on.
    let lit_row = |ui: &Ui| {
        let mut frame = Frame::default();
        render(ui, &mut frame);
        (0..grid_state(ui).pieces.len())
            .filter(|i| {
                let on = (57..127)
                    .flat_map(|x| (i * 8..i * 8 + 8).map(move |y| (x, y)))
                    .filter(|&(x, y)| frame.get(x, y))
                    .count();
                on > 70 * 8 / 2
            })
            .collect::<Vec<usize>>()
    };
    let start = (now / TURN_MS + 1) * TURN_MS;
    tick(&mut ui, start);
    let first = lit_row(&ui);
    assert_eq!(first.len(), 1, "one piece named at a time: {first:?}");
    let done = tick(&mut ui, start + TURN_MS);
    assert!(done.redraw, "a new turn draws the screen again");
    let second = lit_row(&ui);
    assert_eq!(second.len(), 1);
    assert_ne!(first, second, "the next piece named");
    // DOWN picks the piece after the one named; it stays named as time passes.
    key(&mut ui, "j", start + TURN_MS + 1);
    let picked = lit_row(&ui);
    assert_ne!(picked, second);
    tick(&mut ui, start + 5 * TURN_MS);
    assert_eq!(lit_row(&ui), picked, "a picked piece stays named");
    // BACK leaves the overview.
    key(&mut ui, "\x7f", start + 5 * TURN_MS + 1);
    assert!(!matches!(
        ui.screens::<GridScreens>().unwrap().view,
        GView::Board { .. }
    ));
}

/// Found playing by hand: the last placement's two lines, told above the menu, ran together
/// in one row ("placed on (1,15) round 1: seal your orders"); each line starts a row.
#[test]
fn lines_told_above_the_menu_each_start_a_row() {
    use boardside::engine::grid::state::Phase;
    let mut ui = grid_ui_with(&["Ann", "Bob"], |_| {});
    for (i, line) in ["Ann: no side", "Bob: no side", "Bob: scientists", "Start"]
        .iter()
        .enumerate()
    {
        grid_choose(&mut ui, line, 1 + i as u64);
    }
    let mut now = 10;
    loop {
        key(&mut ui, "r", now);
        if grid_state(&ui).phase == Phase::Orders {
            break;
        }
        read_all(&mut ui, now);
        now += 1;
    }
    assert_eq!(*ui.view(), View::Game, "the lines fit above the menu");
    let rows = ui.game().unwrap().message(ui.desk());
    assert!(rows[0].contains("rolls"), "{rows:?}");
    assert!(
        rows.iter().any(|r| r.starts_with("round 1: seal")),
        "{rows:?}"
    );
}

/// Played by hand to the end: the final standings said "scientists 2, religionists 0" and
/// never who won; the players of the winning side are named, the converts apart.
#[test]
fn the_final_standings_name_who_won_and_who_was_converted() {
    use boardside::ui::screen::Screens;
    let mut s = grid_game(&["Ann", "Bobby"]);
    given(
        &mut s,
        &[
            "side Ann scientists",
            "side Bobby religionists",
            "start",
            "roll 5 5",
            "roll 6 5",
            "set wonder Ann 5",
            "order Ann pray",
            "order Bobby attack",
        ],
    );
    assert!(s.over());
    let (title, lines) = boardside::ui::grid::GridScreens::standings(&s);
    assert_eq!(title, "Final: scientists won");
    assert!(
        lines.contains(&"Ann won (scientists)".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Bobby joined (converted to the scientists)".to_string()),
        "{lines:?}"
    );
    // Beside the final chart each row has 14 columns: a name is never cut there (played by
    // hand: "converted: cpu2" showed as "converted: cpu", which of cpu1, cpu2 or cpu3?).
    let players = ["Ann".to_string(), "Bobby".to_string()];
    let short: Vec<String> = lines
        .iter()
        .map(|l| boardside::ui::text::fit_row(boardside::ui::text::measure(l), &players, 14))
        .collect();
    assert_eq!(short[2..], ["Ann won", "Bobby joined"], "{short:?}");
}

/// Played by hand: BACK from the board, the close-up, the notebook or the strips put the
/// cursor on the first line ("Seal for Ann"), so looking at each in turn took the walk down
/// the menu again every time. BACK returns to the line that opened the view.
#[test]
fn back_from_a_view_only_looked_at_returns_to_the_line_that_opened_it() {
    let ui = grid_ui_with(&["Ann", "Bob"], |_| {});
    let (mut ui, now) = placed(ui, &["Ann: no side", "Bob: no side", "Bob: scientists"]);
    read_all(&mut ui, now);
    for line in ["Board", "Board close up", "Notebook", "Strips"] {
        grid_choose(&mut ui, line, now);
        key(&mut ui, "\x7f", now);
        assert_eq!(ui.labels()[ui.chosen()], line, "back from {line}");
        // The "Back" line does the same as the button.
        grid_choose(&mut ui, line, now);
        grid_choose(&mut ui, "Back", now);
        assert_eq!(ui.labels()[ui.chosen()], line, "Back from {line}");
    }
}

/// The board marks each piece as the final chart does (`render::marks`): at a table of Ann, Cy
/// and two computer seats the overview read "P" and "U" for cpu1 and cpu2 (the initials
/// taken, their next letters), the chart 1 and 2 (played by hand).
#[test]
fn the_boards_marks_are_the_final_charts() {
    let names = ["Ann", "Cy", "cpu1", "cpu2"];
    let mut s = grid_game(&names).state.clone();
    for (i, p) in s.pieces.iter_mut().enumerate() {
        p.team = Some(boardside::engine::grid::state::Team::Scientists);
        p.at = Some((i as u8 + 1, 1));
    }
    let marks: Vec<char> = boardside::ui::render::marks(&names)
        .into_iter()
        .map(Option::unwrap)
        .collect();
    assert_eq!(marks, ['A', 'C', '1', '2']);
    let lines = boardside::ui::grid::legend(&s);
    for (line, mark) in lines.iter().zip(&marks) {
        assert!(line.starts_with(*mark), "{lines:?}");
    }
}
