//! A sixth game family as a test fixture: "count to the target" (tests/fixtures/count.toml).
//! Its rules, words, random play and story (`family`) and its device screens (`screens`) are
//! all a family has to write; the test plays it from the new-game screen to the final
//! standings with buttons and tag taps only, and runs the shared conformance suite on it.

pub mod family;
pub mod screens;

use std::marker::PhantomData;

use boardside::games::{Kind, Of};
use boardside::ui::screen::OnDevice;

impl OnDevice for family::Count {
    type Screens = screens::CountScreens;
}

/// The device's catalogue with this family added: the "one line in games.rs" of a real family.
pub fn catalogue() -> Vec<&'static dyn Kind> {
    let mut games = boardside::games::all();
    games.push(&Of::<family::Count>(PhantomData));
    games
}

use boardside::config::TableConfig;
use boardside::hw::{Button, Input, Press, Uid};
use boardside::tags::{TagKind, TagMap};
use boardside::ui::setup::Setup;
use boardside::ui::{Ui, View};

fn ruleset() -> std::path::PathBuf {
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/count.toml").into()
}

fn press(ui: &mut Ui, b: Button, now: u64) {
    ui.handle(Input::Button(b, Press::Press), now);
}

/// Down to the line with this label, then OK, as a person would.
fn choose(ui: &mut Ui, label: &str, now: u64) {
    let labels = ui.labels();
    let i = labels
        .iter()
        .position(|l| l == label)
        .unwrap_or_else(|| panic!("no {label} in {labels:?}"));
    while ui.chosen() != i {
        press(ui, Button::Down, now);
    }
    press(ui, Button::Ok, now);
}

#[test]
fn a_sixth_family_plays_from_the_new_game_screen_through_its_own_screens() {
    let chip = Uid(vec![0xC1, 0x19, 0, 1]);
    let mut tags = TagMap::default();
    tags.set(
        &chip,
        TagKind::Piece {
            id: "chip:one".into(),
        },
    );
    let setup = Setup {
        games: catalogue(),
        rulesets: vec![ruleset()],
        ..Setup::default()
    };
    let mut ui = Ui::new(tags, TableConfig::default(), setup);
    // The new-game screen knows the family from the ruleset's `game` key.
    assert!(
        ui.labels().contains(&"Game: count".to_string()),
        "{:?}",
        ui.labels()
    );
    choose(&mut ui, "Add player P1", 1);
    choose(&mut ui, "Add player P2", 2);
    choose(&mut ui, "Start the game", 3);
    assert_eq!(*ui.view(), View::Game);
    assert!(ui.session::<family::Count>().is_some());
    // Its own screens: the menu, ROLL, a tag tap.
    choose(&mut ui, "Add 2", 4);
    ui.handle(Input::Tag(chip.clone()), 5);
    press(&mut ui, Button::Roll, 6);
    let count = ui.session::<family::Count>().unwrap().state.count;
    assert!(
        count >= 3,
        "2, then 1, then a die (or nothing on a bust): {count}"
    );
    // The shell's log has the family's words; standings come from the family.
    assert!(
        ui.log().iter().any(|l| l.contains("P1 adds 2")),
        "{:?}",
        ui.log()
    );
    choose(&mut ui, "Standings", 7);
    assert!(matches!(ui.view(), View::Standings(_)));
    press(&mut ui, Button::Back, 8);
    // To the end by the menu alone: add 1 until someone reaches the target.
    let mut now = 10;
    while ui
        .session::<family::Count>()
        .unwrap()
        .state
        .winner
        .is_none()
    {
        choose(&mut ui, "Add 1", now);
        now += 1;
    }
    assert!(ui.log().last().unwrap().contains("wins"), "{:?}", ui.log());
    choose(&mut ui, "Final standings", now);
    assert!(matches!(ui.view(), View::Standings(_)));
    let mut frame = boardside::hw::Frame::default();
    boardside::ui::render::render(&ui, &mut frame);
    assert!(frame.to_ascii().contains('#'), "the standings are drawn");
    press(&mut ui, Button::Back, now + 1);
    choose(&mut ui, "New game", now + 2);
    assert!(matches!(ui.view(), View::Setup(_)));
    assert!(ui.game().is_none());
}

#[test]
fn the_sixth_family_passes_the_shared_conformance_suite() {
    let rules = boardside::rulesets::load::<family::Count>(ruleset()).unwrap();
    let cfg = boardside::simulate::Config {
        players: 3,
        games: 30,
        seed: 1,
        max_turns: 200,
        check: true,
        steady: false,
    };
    let dir = std::env::temp_dir().join(format!("boardside-count-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let report = boardside::conformance::suite::<family::Count>(&rules, &(), &cfg, &dir)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 30);
    let _ = std::fs::remove_dir_all(&dir);
}
