//! Enrolling a set of tags in one pass, in the label sheet's order, and checking the set, on
//! the device as a table does it before its first game; and the same pass at a console.

use super::*;
use boardside::hw::buzzer::Sound;
use boardside::sets::PieceSet;
use boardside::ui::enrolment::{Enrolment, Step};
use boardside::ui::View;

fn illuminati_setup() -> Ui {
    let setup = Setup {
        rulesets: vec![concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/illuminati.toml").into()],
        players: vec!["Ann".into(), "Bob".into()],
        ..Default::default()
    };
    Ui::new(TagMap::default(), TableConfig::default(), setup)
}

/// A fresh sticker: a tag no map knows.
fn sticker(n: u32) -> Uid {
    Uid(vec![0x04, 0xEE, (n >> 8) as u8, n as u8])
}

/// The set of this key, as the device lists it.
fn set(ui: &Ui, key: &str) -> PieceSet {
    ui.piece_sets()
        .unwrap()
        .into_iter()
        .find(|s| s.key == key)
        .unwrap_or_else(|| panic!("no set {key}"))
}

/// The screen's rows as text.
fn screen(ui: &Ui) -> String {
    let mut frame = Frame::default();
    render(ui, &mut frame);
    super::pages::read(&frame).join("\n")
}

/// Choose the line of the menu that begins with `start`.
fn choose_starting(ui: &mut Ui, start: &str, now: u64) -> Effects {
    let label = ui
        .labels()
        .into_iter()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line {start}: {:?}", ui.labels()));
    choose(ui, &label, now)
}

#[test]
fn every_illuminati_group_and_special_is_enrolled_in_one_pass_then_checked() {
    let dir = std::env::temp_dir().join(format!("boardside-enrol-set-{}", std::process::id()));
    let file = dir.join("tags.toml");
    let _ = std::fs::remove_dir_all(&dir);
    let mut ui = illuminati_setup();
    let mut now = 0;
    let mut n = 0;
    for key in ["groups", "specials"] {
        let want = set(&ui, key);
        choose(&mut ui, "Enrol a set of tags", now);
        assert!(matches!(ui.view(), View::Enrol(_)), "{:?}", ui.view());
        choose_starting(
            &mut ui,
            &format!("{}: 0 of {}", want.name, want.slots.len()),
            now,
        );
        for slot in &want.slots {
            // The screen names the next piece, numbered as its label.
            let View::Enrol(Enrolment {
                step: Step::Pass { set: shown, at },
                ..
            }) = ui.view().clone()
            else {
                panic!("the pass ended early, at {}: {:?}", slot.sticker, ui.view());
            };
            assert_eq!(shown.slots[at].sticker, slot.sticker);
            if slot.number == 12 && key == "groups" {
                golden("enrol-set", &ui);
            }
            n += 1;
            now += 500;
            let done = ui.handle(Input::Tag(sticker(n)), now);
            ui.tags_kept(done.keep_tags(&file).expect("the tap enrolled a tag"));
        }
        // The last label taken: the list again, the set whole.
        assert!(matches!(ui.view(), View::Enrol(_)), "{:?}", ui.view());
        assert!(
            ui.desk()
                .note()
                .is_some_and(|n| n.contains(&format!("all {} have tags", want.slots.len()))),
            "{:?}",
            ui.desk().note()
        );
        key_back(&mut ui, now);
    }
    // Every group and special is in the map's file, each with its label, in sheet order.
    let saved = TagMap::load(&file).unwrap();
    let groups = set(&ui, "groups");
    let specials = set(&ui, "specials");
    assert_eq!(saved.tags.len(), groups.slots.len() + specials.slots.len());
    for (i, slot) in groups.slots.iter().chain(&specials.slots).enumerate() {
        let t = &saved.tags[i];
        assert_eq!(t.uid, sticker(i as u32 + 1).hex());
        assert_eq!(t.kind, slot.kind);
        assert_eq!(t.sticker.as_deref(), Some(slot.sticker.as_str()));
    }
    // The check: only the tokens are missing, and each tap says what its tag is.
    choose(&mut ui, "Check the tags", now);
    let all = groups.slots.len() + specials.slots.len();
    let rows = screen(&ui);
    assert!(
        rows.contains(&format!(
            "{all} of {} tagged",
            all + set(&ui, "tokens").slots.len()
        )),
        "{rows}"
    );
    assert!(rows.contains("tokens 1 Token of Ann"), "{rows}");
    golden("check-tags", &ui);
    ui.handle(Input::Tag(sticker(5)), now + 1);
    assert_eq!(
        ui.desk().note(),
        Some(format!("label groups 5: {}", groups.slots[4].words).as_str())
    );
    ui.handle(Input::Tag(sticker(9999)), now + 2);
    assert!(
        ui.desk().note().is_some_and(|n| n.contains("not enrolled")),
        "{:?}",
        ui.desk().note()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn key_back(ui: &mut Ui, now: u64) {
    ui.handle(Input::Button(Button::Back, Press::Press), now);
}

#[test]
fn a_pass_refuses_a_known_tag_skips_goes_back_stops_and_resumes_where_it_stopped() {
    let setup = Setup {
        rulesets: vec![concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/sectionopoly.toml").into()],
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    let deeds = set(&ui, "deeds");
    choose(&mut ui, "Enrol a set of tags", 0);
    choose_starting(&mut ui, "Deeds: 0 of", 0);
    let at = |ui: &Ui| match ui.view() {
        View::Enrol(Enrolment {
            step: Step::Pass { at, .. },
            ..
        }) => *at,
        v => panic!("not enrolling: {v:?}"),
    };
    ui.handle(Input::Tag(sticker(1)), 1);
    ui.handle(Input::Tag(sticker(2)), 2);
    assert_eq!(at(&ui), 2);
    // A known tag: refused with what it is, nothing changed.
    let before = ui.tags().clone();
    let done = ui.handle(Input::Tag(sticker(1)), 3);
    assert_eq!(done.sounds, vec![Sound::Refuse]);
    assert!(done.enrolled.is_empty());
    assert_eq!(*ui.tags(), before);
    assert_eq!(
        ui.desk().note(),
        Some(
            format!(
                "refused: label deeds 1: {}; tap a new sticker",
                deeds.slots[0].words
            )
            .as_str()
        )
    );
    assert_eq!(at(&ui), 2);
    // DOWN skips label 3; UP goes back to it; DOWN again and label 4 takes the next tap.
    key(&mut ui, "j", 4);
    assert_eq!(at(&ui), 3);
    key(&mut ui, "k", 5);
    assert_eq!(at(&ui), 2);
    key(&mut ui, "j", 6);
    ui.handle(Input::Tag(sticker(3)), 7);
    assert_eq!(
        ui.tags()
            .tags
            .last()
            .and_then(|t| t.sticker.clone())
            .as_deref(),
        Some("deeds 4")
    );
    // BACK stops, keeping what was done: the list says so, and the next pass begins at the
    // label skipped.
    key_back(&mut ui, 8);
    assert!(matches!(ui.view(), View::Enrol(_)));
    assert_eq!(
        ui.desk().note(),
        Some(
            format!(
                "Deeds: 3 of {} tagged; the next pass begins at deeds 3",
                deeds.slots.len()
            )
            .as_str()
        )
    );
    choose_starting(&mut ui, "Deeds: 3 of", 9);
    assert_eq!(at(&ui), 2);
    assert!(screen(&ui).contains(&format!("3 of {}: tap", deeds.slots.len())));
    ui.handle(Input::Tag(sticker(4)), 10);
    assert_eq!(at(&ui), 4, "label 4 has its tag: the pass goes on at 5");
}

#[test]
fn tags_enrol_at_a_console_reads_uids_line_by_line_and_resumes() {
    let state = std::env::temp_dir().join(format!("boardside-enrol-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state);
    let run = |args: &[&str], input: &str| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_boardside"));
        cmd.arg("tags")
            .args([
                "--ruleset",
                concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/grid.toml"),
            ])
            .args(args)
            .env("BOARDSIDE_STATE", &state);
        let (code, out, err) = crate::script::output(cmd, input);
        (Some(code), out, err)
    };
    // Player 2's hand: three "move up" cards, and an odd line on the way.
    let (code, out, err) = run(
        &["enrol", "--set", "cards-2"],
        "04AA0001\n04AA0002\nnot-a-tag\n04AA0003\nstop\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("1 of 14: tap Move up (1 of 3)\n"), "{out}");
    assert!(out.contains("'not-a-tag' is not a tag UID"), "{out}");
    assert!(out.contains("label cards-2 3: Move up (3 of 3)"), "{out}");
    assert!(
        out.ends_with(
            "Action cards of player 2: 3 of 14 tagged; the next pass begins at cards-2 4\n"
        ),
        "{out}"
    );
    // The next pass begins at label 4; a tag already enrolled is refused.
    let (_, out, _) = run(&["enrol", "--set", "cards-2"], "04AA0001\n\n04AA0004\n");
    assert!(
        out.starts_with("4 of 14: tap Move down (1 of 3)\n"),
        "{out}"
    );
    assert!(
        out.contains("refused: label cards-2 1: Move up (1 of 3)"),
        "{out}"
    );
    assert!(out.contains("label cards-2 5: Move down (2 of 3)"), "{out}");
    // The check lists what is missing and says what a tap is.
    let (_, out, _) = run(&["check"], "04AA0004\n");
    assert!(
        out.contains("missing: label cards-2 4 Move down (1 of 3)"),
        "{out}"
    );
    assert!(
        out.ends_with("label cards-2 5: Move down (2 of 3)\n"),
        "{out}"
    );
    // A set the game has not: refused with the sets it has.
    let (code, _, err) = run(&["enrol", "--set", "deeds"], "");
    assert_ne!(code, Some(0));
    assert!(
        err.contains("no set 'deeds'") && err.contains("cards-8"),
        "{err}"
    );
    std::fs::remove_dir_all(&state).unwrap();
}

#[test]
fn tags_check_believes_a_tags_id_over_its_sticker_and_names_an_unknown_id() {
    use boardside::sets::{console_check, tagged};
    use boardside::tags::{Tag, TagKind};
    let set = PieceSet::of_pieces(
        "deeds",
        "Deeds",
        ["a", "b", "c"].map(|x| (format!("deed:{x}"), format!("Deed {x}"))),
    );
    let mut map = TagMap::default();
    // A hand-edited map: the tag says label "deeds 1" but is enrolled as deed c.
    let piece = |id: &str| TagKind::Piece { id: id.into() };
    map.put(Tag {
        uid: "04AA0001".into(),
        kind: piece("deed:c"),
        sticker: Some("deeds 1".into()),
    });
    map.put(Tag {
        uid: "04AA0002".into(),
        kind: piece("deed:zz"),
        sticker: None,
    });
    let have = tagged(&map, &set.slots);
    assert_eq!(
        have,
        [None, None, Some("04AA0001".to_string())],
        "the id counts"
    );
    let mut out = Vec::new();
    console_check(&map, &set, &b""[..], &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("1 of 3 pieces tagged"), "{out}");
    assert!(
        out.contains(
            "04AA0001: its sticker says label deeds 1 (Deed a), but it is enrolled as \"deed:c\""
        ),
        "{out}"
    );
    assert!(
        out.contains("unknown: tag 04AA0002 is enrolled as \"deed:zz\""),
        "{out}"
    );
}

#[test]
fn a_tag_map_that_is_not_utf8_is_refused_with_its_line() {
    let dir = std::env::temp_dir().join(format!("boardside-tags-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tags.toml");
    std::fs::write(
        &file,
        b"[[tags]]\nuid = \"04AA\"\nkind = \"player\"\nname = \"Ren\xe9e\"\n",
    )
    .unwrap();
    let err = TagMap::load(&file).unwrap_err();
    assert!(err.contains("tags.toml:4: not UTF-8"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_tag_tapped_at_a_label_that_has_one_is_not_dropped_in_silence() {
    let mut ui = illuminati_setup();
    choose(&mut ui, "Enrol a set of tags", 0);
    let groups = set(&ui, "groups");
    choose_starting(&mut ui, &format!("{}: 0 of", groups.name), 1);
    ui.handle(Input::Tag(sticker(1)), 2);
    // Back to label 1, which has its tag now, and a new sticker tapped there.
    key(&mut ui, "k", 3);
    ui.handle(Input::Tag(sticker(2)), 4);
    let note = ui.desk().note().unwrap_or_default().to_string();
    assert!(
        note.contains(&format!("tag {} not enrolled", sticker(2).hex()))
            && note.contains("groups 1 has its tag already"),
        "{note}"
    );
    assert!(ui.tags().get(&sticker(2)).is_none());
}

#[test]
fn the_specials_set_has_a_label_for_each_interference_card() {
    let ui = illuminati_setup();
    let specials = set(&ui, "specials");
    let interference: Vec<&str> = specials
        .slots
        .iter()
        .filter(|s| s.words.starts_with("Special: Interference"))
        .map(|s| s.words.as_str())
        .collect();
    assert_eq!(
        interference,
        [
            "Special: Interference (1 of 2)",
            "Special: Interference (2 of 2)"
        ]
    );
}

/// Played by hand: Ann had tapped her token and the screen asked for her Illuminati card; the
/// card's new tag was offered first as Bob's token (the first person without one), so OK
/// would have given Bob a token that was a card. Asked to tap a piece, not a token, the table
/// is offered the first piece without a tag; enrolled, it counts as the tap asked for.
#[test]
fn a_new_tag_tapped_when_a_card_is_asked_for_is_offered_as_a_card() {
    let setup = Setup {
        rulesets: vec![concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/illuminati.toml").into()],
        players: vec!["Ann".into(), "Bob".into(), "Cy".into()],
        ..Default::default()
    };
    let mut tags = TagMap::default();
    tags.set(
        &Uid(vec![0xA0, 0, 0, 1]),
        TagKind::Player { name: "Ann".into() },
    );
    let mut ui = Ui::new(tags, TableConfig::default(), setup);
    choose(&mut ui, "Start the game", 1);
    ui.handle(Input::Tag(Uid(vec![0xA0, 0, 0, 1])), 2);
    let asked = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(asked.contains("Ann: tap your Illuminati card"), "{asked}");
    ui.handle(Input::Tag(sticker(1)), 3);
    assert!(matches!(ui.view(), View::Enrol(_)), "{:?}", ui.view());
    let offered = ui.labels()[ui.chosen()].clone();
    assert!(
        offered.starts_with("Card: "),
        "{offered}: {:?}",
        ui.labels()
    );
    key(&mut ui, "\r", 4);
    assert_eq!(*ui.view(), View::Game);
    // The card enrolled is Ann's Illuminati now: the tap asked for.
    let g = ui
        .session::<boardside::engine::illuminati::Illuminati>()
        .expect("an Illuminati game");
    let chosen = g.state.players[0]
        .illuminati
        .map(|c| g.rules.cards[c].name.clone());
    assert_eq!(chosen.as_deref(), Some(&offered["Card: ".len()..]));
}
