//! Illuminati on the device alone: set up by token and card taps (the Illuminati, the
//! face-up groups, the UFOs' secret goal on a private menu), attacks declared by taps and paid
//! by token taps, the dice on a page of their own, specials played and given from a private
//! menu, and a whole game from the new-game screen to the final standings.

use super::*;

fn illuminati_ui() -> Ui {
    use boardside::engine::illuminati::Illuminati;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/illuminati.toml");
    let rules = boardside::rulesets::load::<Illuminati>(path).unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
    let mut s = boardside::session::Session::<Illuminati>::new(
        rules.clone(),
        &names,
        5,
        rules.options,
        None,
    )
    .unwrap();
    for l in [
        "illuminati Ann bavarian",
        "illuminati Bob ufos",
        "goal Bob gnomes",
        "illuminati Cy gnomes",
        "uncontrolled cia big-media post-office moonies",
        "start",
        "set owner fbi Ann",
    ] {
        let out = s.run_line(l);
        assert!(!out.iter().any(|x| x.starts_with("error")), "{l}: {out:?}");
    }
    let groups = ["bavarian", "cia", "fbi", "kgb", "moonies"].map(|g| format!("group:{g}"));
    let tags = table_tags(&["Ann", "Bob"], &groups, 0xD0);
    ui_with(s, tags, TableConfig::default(), Setup::default())
}

fn group_tap(id: &str) -> Input {
    piece(0xD0, &["bavarian", "cia", "fbi", "kgb", "moonies"], id)
}

fn illuminati_choose(ui: &mut Ui, label: &str, now: u64) {
    choose(ui, label, now);
}

#[test]
fn an_illuminati_attack_is_declared_by_tag_taps_and_paid_by_token_taps() {
    let mut ui = illuminati_ui();
    // The turn's draw: tapping a card from the deck draws it.
    ui.handle(group_tap("kgb"), 1);
    let state = || ();
    let _ = state;
    {
        let s = &ui
            .session::<boardside::engine::illuminati::Illuminati>()
            .unwrap()
            .state;
        assert_eq!(s.turn.draws_left, 0);
    }
    // Attacker, target, aid: the Bavarian Illuminati on the C.I.A., aided by the F.B.I.
    ui.handle(group_tap("bavarian"), 2);
    ui.handle(group_tap("cia"), 3);
    ui.handle(group_tap("fbi"), 4);
    illuminati_choose(&mut ui, "Attack to control", 5);
    let g = ui
        .session::<boardside::engine::illuminati::Illuminati>()
        .unwrap();
    let a = g.state.attack.as_ref().expect("the attack is open");
    assert_eq!(a.aid.len(), 1);
    // 10 + 2 (the F.B.I.'s transferable power) - 5 = 7, before any money.
    golden("illuminati-attack", &ui);
    // Ann taps her token and raises the amount to 2 with UP, then OK.
    ui.handle(ann(), 6);
    key(&mut ui, "k", 7);
    illuminati_choose(&mut ui, "OK: spend 2 MB", 8);
    let g = ui
        .session::<boardside::engine::illuminati::Illuminati>()
        .unwrap();
    let (_, need) = boardside::engine::illuminati::attack::working(
        &g.rules,
        &g.state,
        g.state.attack.as_ref().unwrap(),
    );
    assert_eq!(need, 9);
    key(&mut ui, "r", 9);
    assert!(
        ui.session::<boardside::engine::illuminati::Illuminati>()
            .unwrap()
            .state
            .attack
            .is_none(),
        "rolled and worked out"
    );
}

#[test]
fn the_illuminati_victory_watch_shows_each_players_distance_without_the_ufos_secret() {
    let mut ui = illuminati_ui();
    // (The live odds under the watch come in their own time: not in a golden frame.)
    ui.odds_on = false;
    ui.handle(group_tap("kgb"), 1);
    illuminati_choose(&mut ui, "Victory watch", 2);
    golden("illuminati-watch", &ui);
    let mut frame = boardside::hw::Frame::default();
    render(&ui, &mut frame);
    let g = ui
        .session::<boardside::engine::illuminati::Illuminati>()
        .unwrap();
    let lines = boardside::engine::illuminati::protocol::watch(&g.rules, &g.state);
    assert!(
        lines[1].contains("secret goal") && !lines[1].contains("MB"),
        "{lines:?}"
    );
    assert!(lines[2].contains("/150 MB"), "{lines:?}");
}

#[test]
fn a_special_cards_tap_draws_it_in_the_draw_and_the_income_screen_lists_each_card() {
    let mut ui = illuminati_ui();
    let mut tags = ui.tags.clone();
    tags.set(
        &Uid(vec![0xE0, 0, 0, 1]),
        TagKind::Piece {
            id: "group:swiss-bank".into(),
        },
    );
    ui.tags = tags;
    ui.handle(Input::Tag(Uid(vec![0xE0, 0, 0, 1])), 1);
    let s = &ui
        .session::<boardside::engine::illuminati::Illuminati>()
        .unwrap()
        .state;
    assert_eq!(s.players[0].specials.len(), 1, "drawn into Ann's hand");
    assert_eq!(s.turn.draws_left, 0);
    illuminati_choose(&mut ui, "Income this turn", 2);
    let mut frame = boardside::hw::Frame::default();
    render(&ui, &mut frame);
    assert_eq!(
        ui.screens::<boardside::games::illuminati_screens::IlluScreens>()
            .unwrap()
            .view,
        boardside::games::illuminati_screens::IView::Income
    );
    assert!(
        ui.session::<boardside::engine::illuminati::Illuminati>()
            .unwrap()
            .state
            .income
            .iter()
            .any(|&(_, v)| v == 9),
        "the Bavarian's +9"
    );
}

// ---- A whole evening ------------------------------------------------------------------------

/// The cards of the evening that carry a tag.
const TAGGED: &[&str] = &[
    "bavarian",
    "ufos",
    "gnomes",
    "cia",
    "big-media",
    "post-office",
    "moonies",
    "kgb",
    "fbi",
    "interference",
];

fn tapped(id: &str) -> Input {
    piece(0xF0, TAGGED, id)
}

fn illu(ui: &Ui) -> &boardside::session::Session<boardside::engine::illuminati::Illuminati> {
    ui.session::<boardside::engine::illuminati::Illuminati>()
        .expect("an Illuminati game")
}

fn card_index(ui: &Ui, id: &str) -> usize {
    illu(ui).rules.card(id).unwrap()
}

/// What the screen says, for a failing assertion.
fn said(ui: &Ui) -> String {
    format!(
        "note {:?}, menu {:?}, log tail {:?}",
        ui.desk.note,
        ui.labels(),
        &ui.log()[ui.log().len().saturating_sub(4)..]
    )
}

/// The acting player draws: a special the device is not told (the menu), or a tagged card.
fn draw(ui: &mut Ui, now: u64) {
    if illu(ui).state.turn.draws_left > 0 {
        choose(ui, "Drew a special", now);
    }
}

/// Declare an attack by taps: the attacking group, the target, then the kind on the menu.
fn declare(ui: &mut Ui, attacker: &str, target: &str, kind: &str, now: u64) {
    ui.handle(tapped(attacker), now);
    ui.handle(tapped(target), now);
    choose(ui, &format!("Attack to {kind}"), now);
    assert!(illu(ui).state.attack.is_some(), "{}", said(ui));
}

/// A player taps their token (twice to assist rather than interfere), sets the amount with
/// UP, and spends it with OK.
fn pay(ui: &mut Ui, token: Input, amount: i64, assist: bool, now: u64) {
    ui.handle(token.clone(), now);
    if assist {
        ui.handle(token, now);
    }
    for _ in 1..amount {
        key(ui, "k", now);
    }
    assert_eq!(
        ui.labels(),
        [format!("OK: spend {amount} MB")],
        "{}",
        said(ui)
    );
    key(ui, "\r", now);
}

/// ROLL, then read the dice's page; the attack is over.
fn roll(ui: &mut Ui, now: u64) {
    key(ui, "r", now);
    assert!(matches!(ui.view, View::Pager { .. }), "{}", said(ui));
    read_all(ui, now);
    assert!(illu(ui).state.attack.is_none(), "{}", said(ui));
}

#[test]
fn a_whole_illuminati_game_from_the_new_game_screen_to_the_final_standings_by_buttons_and_taps() {
    use boardside::engine::illuminati::state::{Phase, Status};
    let pieces: Vec<String> = TAGGED
        .iter()
        .map(|id| match *id {
            "interference" => format!("special:{id}"),
            _ => format!("group:{id}"),
        })
        .collect();
    let tags = table_tags(&["Ann", "Bob", "Cy"], &pieces, 0xF0);
    let mut ui = new_game_screen(tags, "illuminati", 11);
    choose(&mut ui, "Start the game", 20);
    golden("illuminati-setup", &ui);

    // Setup. Ann taps her token then her Illuminati; Bob the same; Cy's card alone goes to
    // the first player without one.
    ui.handle(ann(), 30);
    golden("illuminati-setup-choose", &ui);
    ui.handle(tapped("bavarian"), 31);
    ui.handle(bob(), 32);
    ui.handle(tapped("ufos"), 33);
    ui.handle(tapped("gnomes"), 34);
    let s = &illu(&ui).state;
    let ids: Vec<_> = s
        .players
        .iter()
        .map(|p| illu(&ui).rules.cards[p.illuminati.unwrap()].id.clone())
        .collect();
    assert_eq!(ids, ["bavarian", "ufos", "gnomes"], "{}", said(&ui));
    // The UFOs' secret goal, on Bob's private menu; the table hears only that he chose.
    // The menu asks for Bob's token first: the list opens for him alone.
    choose(&mut ui, "Secret goal: Bob", 35);
    golden("illuminati-secret-goal-ask", &ui);
    assert!(!ui.labels().iter().any(|l| l == "The Network"));
    ui.handle(cy(), 35);
    assert!(
        !ui.labels().iter().any(|l| l == "The Network"),
        "Cy's token opens nothing"
    );
    ui.handle(bob(), 35);
    golden("illuminati-secret-goal", &ui);
    choose(&mut ui, "The Network", 36);
    assert_eq!(
        illu(&ui).state.players[1].goal,
        Some(card_index(&ui, "network"))
    );
    assert!(
        !ui.log().iter().any(|l| l.contains("Network")),
        "{:?}",
        ui.log()
    );
    // The face-up groups: three tapped, one from the list.
    for (i, g) in ["cia", "big-media", "post-office"].iter().enumerate() {
        ui.handle(tapped(g), 40 + i as u64);
    }
    choose(&mut ui, "Deal a group face up", 44);
    choose(&mut ui, "The Mafia", 45);
    let s = &illu(&ui).state;
    let face_up = s
        .cards
        .iter()
        .filter(|c| c.status == Status::Uncontrolled)
        .count();
    assert_eq!(face_up, 4, "{}", said(&ui));
    golden("illuminati-setup-dealt", &ui);
    choose(&mut ui, "Start", 46);
    assert_eq!(illu(&ui).state.phase, Phase::Turn, "{}", said(&ui));

    // Ann's turn: income was paid, she draws the K.G.B. by tapping it; actions wait for it.
    let t = 100;
    assert!(illu(&ui).state.income.iter().any(|&(_, v)| v == 9));
    ui.handle(tapped("bavarian"), t);
    assert!(illu(&ui).state.attack.is_none());
    ui.handle(tapped("kgb"), t);
    assert_eq!(illu(&ui).state.turn.draws_left, 0, "{}", said(&ui));
    // An attack to control the C.I.A.: Ann spends, Bob interferes, Cy assists.
    declare(&mut ui, "bavarian", "cia", "control", t);
    pay(&mut ui, ann(), 3, false, t);
    pay(&mut ui, bob(), 1, false, t);
    pay(&mut ui, cy(), 2, true, t);
    let a = illu(&ui).state.attack.clone().unwrap();
    assert_eq!((a.attacker_mb, a.interfere[1], a.assist[2]), (3, 1, 2));
    // Money spent: it can no longer be called off or made privileged.
    assert!(!ui
        .labels()
        .iter()
        .any(|l| l == "Call it off" || l == "Privilege"));
    key(&mut ui, "r", t);
    golden("illuminati-dice", &ui);
    read_all(&mut ui, t);
    assert!(illu(&ui).state.attack.is_none());
    choose(&mut ui, "End the turn", t);

    // Turns go counter-clockwise (the rules' default): Cy draws Interference by tapping it,
    // then Bob draws from the menu.
    let t = 200;
    assert_eq!(illu(&ui).state.current, 2);
    ui.handle(tapped("interference"), t);
    assert_eq!(
        illu(&ui).state.players[2].specials,
        [illu(&ui).rules.special("interference")],
        "{}",
        said(&ui)
    );
    choose(&mut ui, "End the turn", t);
    draw(&mut ui, t);
    choose(&mut ui, "End the turn", t);

    // Ann again: a privileged attack (the Bavarians pay 5 MB) to control Big Media; Cy plays
    // Interference from her private menu and interferes.
    let t = 300;
    draw(&mut ui, t);
    declare(&mut ui, "bavarian", "big-media", "control", t);
    choose(&mut ui, "Privilege", t);
    assert!(illu(&ui).state.attack.as_ref().unwrap().privileged);
    choose(&mut ui, "Specials: Cy", t);
    ui.handle(cy(), t);
    choose(&mut ui, "Play Interference", t);
    pay(&mut ui, cy(), 2, false, t);
    assert_eq!(illu(&ui).state.attack.as_ref().unwrap().interfere[2], 2);
    roll(&mut ui, t);
    choose(&mut ui, "End the turn", t);

    // Cy, with the Gnomes, attacks to neutralize a group Ann controls; Bob interferes.
    let t = 400;
    draw(&mut ui, t);
    let ann_groups: Vec<usize> = (0..illu(&ui).rules.cards.len())
        .filter(|&c| {
            let s = &illu(&ui).state;
            s.cards[c].owner == Some(0) && !illu(&ui).rules.cards[c].illuminati
        })
        .collect();
    let target = ann_groups
        .iter()
        .map(|&c| illu(&ui).rules.cards[c].id.clone())
        .find(|id| TAGGED.contains(&id.as_str()))
        .expect("Ann controls a tagged group");
    declare(&mut ui, "gnomes", &target, "neutralize", t);
    pay(&mut ui, cy(), 2, false, t);
    pay(&mut ui, ann(), 1, false, t);
    pay(&mut ui, bob(), 1, false, t);
    roll(&mut ui, t);
    choose(&mut ui, "End the turn", t);
    // Bob, with the UFOs, attacks to destroy the Post Office.
    draw(&mut ui, t);
    declare(&mut ui, "ufos", "post-office", "destroy", t);
    pay(&mut ui, bob(), 1, false, t);
    roll(&mut ui, t);
    choose(&mut ui, "End the turn", t);
    for kind in ["control", "neutralize", "destroy"] {
        assert!(
            ui.log()
                .iter()
                .any(|l| l.contains(&format!("attacks to {kind}"))),
            "an attack to {kind}: {:?}",
            ui.log()
        );
    }
    assert!(ui.log().iter().any(|l| l.starts_with("roll ")));

    // Then the table passes until the Gnomes' 150 MB win the game for Cy.
    let mut t = 500;
    while illu(&ui).state.phase != Phase::Over {
        draw(&mut ui, t);
        if illu(&ui).state.phase == Phase::Over {
            break;
        }
        let pass = ui.labels().iter().any(|l| l == "Pass: +5 MB");
        choose(
            &mut ui,
            if pass { "Pass: +5 MB" } else { "End the turn" },
            t,
        );
        t += 1;
        assert!(t < 700, "nobody wins: {}", said(&ui));
    }
    let s = &illu(&ui).state;
    assert_eq!(s.winner, Some(2), "{}", said(&ui));
    golden("illuminati-over", &ui);
    choose(&mut ui, "Final standings", t);
    assert_eq!(ui.view, View::Standings);
    key(&mut ui, "\r", t);
    choose(&mut ui, "New game", t);
    assert_eq!(ui.view, View::Setup);
}

// ---- One finding, one test --------------------------------------------------------------------

/// A fresh Illuminati table at its setup, Ann, Bob and Cy seated.
fn illuminati_setup() -> Ui {
    let tags = table_tags(&["Ann", "Bob", "Cy"], &[], 0);
    let mut ui = new_game_screen(tags, "illuminati", 4);
    choose(&mut ui, "Start the game", 1);
    ui
}

#[test]
fn choosing_an_illuminati_from_the_list_moves_the_cursor_on_to_the_next_player() {
    let mut ui = illuminati_setup();
    choose(&mut ui, "Ann: no Illuminati", 2);
    choose(&mut ui, "The Bavarian Illuminati", 3);
    assert_eq!(ui.labels()[ui.chosen()], "Bob: no Illuminati");
    key(&mut ui, "\r", 4);
    choose(&mut ui, "The Gnomes of Zurich", 5);
    assert_eq!(ui.labels()[ui.chosen()], "Cy: no Illuminati");
}

#[test]
fn the_face_up_groups_are_dealt_on_the_device_and_the_ufos_goal_is_chosen_privately() {
    let mut ui = illuminati_setup();
    for (line, card) in [
        ("Ann: no Illuminati", "The Bavarian Illuminati"),
        ("Bob: no Illuminati", "The UFOs"),
        ("Cy: no Illuminati", "The Gnomes of Zurich"),
    ] {
        choose(&mut ui, line, 2);
        choose(&mut ui, card, 3);
    }
    // START waits for the secret goal, in words.
    choose(&mut ui, "Start", 4);
    let note = ui.desk.note.clone().unwrap_or_default();
    assert!(note.contains("choose the secret goal first"), "{note}");
    choose(&mut ui, "Secret goal: Bob", 5);
    ui.handle(bob(), 5);
    choose(&mut ui, "The Network", 6);
    assert!(!ui.log().iter().any(|l| l.contains("Network")));
    for _ in 0..4 {
        choose(&mut ui, "Deal a group face up", 7);
        key(&mut ui, "\r", 8);
    }
    choose(&mut ui, "Start", 9);
    let s = &illu(&ui).state;
    assert_eq!(s.phase, boardside::engine::illuminati::state::Phase::Turn);
    let face_up = s
        .cards
        .iter()
        .filter(|c| c.status == boardside::engine::illuminati::state::Status::Uncontrolled)
        .count();
    assert_eq!(face_up, 4);
}

#[test]
fn an_attack_roll_shows_its_dice_on_a_page_of_their_own() {
    let mut ui = illuminati_ui();
    ui.handle(group_tap("kgb"), 1);
    ui.handle(group_tap("bavarian"), 2);
    ui.handle(group_tap("cia"), 3);
    illuminati_choose(&mut ui, "Attack to control", 4);
    key(&mut ui, "r", 5);
    let View::Pager { pages, .. } = &ui.view else {
        panic!("{:?}", ui.view)
    };
    let title = pages.title.clone().unwrap_or_default();
    assert!(
        title.starts_with("Dice ") && title.contains(" = "),
        "{title}"
    );
    let first = pages.pages[0].join(" ");
    assert!(
        first.contains("roll ") && first.contains(" against "),
        "{first}"
    );
    // The attack's first line is not said again by the roll.
    let attacks = ui
        .log()
        .iter()
        .filter(|l| l.contains("attacks to control"))
        .count();
    assert_eq!(attacks, 1, "{:?}", ui.log());
}

#[test]
fn privilege_and_call_off_are_offered_only_before_money_and_money_says_the_role() {
    let mut ui = illuminati_ui();
    ui.handle(group_tap("kgb"), 1);
    ui.handle(group_tap("bavarian"), 2);
    ui.handle(group_tap("cia"), 3);
    illuminati_choose(&mut ui, "Attack to control", 4);
    let l = ui.labels();
    assert!(l.contains(&"Call it off".to_string()) && l.contains(&"Privilege".to_string()));
    assert!(l.contains(&"Ann attacks: MB".to_string()));
    assert!(l.contains(&"Bob interferes: MB".to_string()));
    // Bob's money screen says he interferes; a second tap of his token makes it an assist.
    ui.handle(bob(), 5);
    let said = |ui: &Ui| ui.game.as_ref().unwrap().message(&ui.desk).join(" ");
    assert!(said(&ui).starts_with("Bob interferes"), "{}", said(&ui));
    ui.handle(bob(), 6);
    assert!(said(&ui).starts_with("Bob assists"), "{}", said(&ui));
    key(&mut ui, "\r", 7);
    assert_eq!(illu(&ui).state.attack.as_ref().unwrap().assist[1], 1);
    // Money is in the bank: neither is offered any more.
    let l = ui.labels();
    assert!(
        !l.iter().any(|x| x == "Call it off" || x == "Privilege"),
        "{l:?}"
    );
}
