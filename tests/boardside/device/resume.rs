//! A power cut at every kind of decision a table can be in: the game is played on the device to
//! that moment (its journal written as it goes), the device is rebuilt from the journal alone,
//! and the resumed screen must read as the one before the cut (its header, its words, its
//! menu): an attack with money spent, an auction, a debt, a card being worked out, a tax
//! choice, a sealed order half the table has sealed, the UFOs' goal still to choose.

use super::*;
use boardside::engine::game::Words;
use boardside::engine::grid::Grid;
use boardside::engine::illuminati::Illuminati;
use boardside::engine::property::state::Pending;

/// A table with its journals in a folder of its own: Ann, Bob and Cy at `ruleset`'s new-game
/// screen, the house rules `house` chosen (menu lines, chosen once each).
fn journaled(ruleset: &str, name: &str, house: &[&str]) -> (Ui, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("boardside-resume-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let tags = table_tags(&["Ann", "Bob", "Cy"], &[], 0);
    let setup = Setup {
        rulesets: vec![ruleset_path(ruleset)],
        journal_dir: Some(dir.clone()),
        seed: 3,
        ..Default::default()
    };
    let mut ui = Ui::new(tags, TableConfig::default(), setup);
    ui.show_odds(false, None);
    for (i, t) in [ann(), bob(), cy()].into_iter().enumerate() {
        ui.handle(t, 1 + i as u64);
    }
    for line in house {
        choose(&mut ui, line, 5);
    }
    choose(&mut ui, "Start the game", 6);
    (ui, dir)
}

/// What the screen reads: its header, its words and its menu (a passing note or the last
/// command's lines aside: they belong to the moment, not to the decision).
fn reads(ui: &mut Ui) -> (String, Vec<String>, Vec<String>) {
    ui.put_away_note();
    let g = ui.game().expect("a game");
    (g.header(ui.desk()), g.message(ui.desk()), ui.labels())
}

/// Cut the power: the device is built again from the journal alone, on the new-game screen's
/// "Resume the last game", and must read as it did.
fn cut_and_resume<F: OnDevice>(ui: &mut Ui, ruleset: &str, dir: &std::path::Path, what: &str) {
    assert_eq!(
        *ui.view(),
        View::Game,
        "{what}: on the game's screen before the cut"
    );
    let before = reads(ui);
    let journal = ui
        .session::<F>()
        .and_then(|g| g.journal_path().map(|p| p.to_path_buf()))
        .expect("a journaled game");
    let setup = Setup {
        rulesets: vec![ruleset_path(ruleset)],
        journal_dir: Some(dir.to_path_buf()),
        resume: Some(journal),
        ..Default::default()
    };
    let mut again = Ui::new(ui.tags().clone(), TableConfig::default(), setup);
    again.show_odds(false, None);
    choose(&mut again, "Resume the last game", 1);
    assert_eq!(
        *again.view(),
        View::Game,
        "{what}: {:?}",
        again.desk().note()
    );
    assert_eq!(
        reads(&mut again),
        before,
        "{what}: the resumed screen differs"
    );
}

fn enter(ui: &mut Ui, line: &str) {
    if let Err(e) = ui.enter(line) {
        // A seat's own (an order, its money in another's attack): its token first.
        let name = e
            .strip_prefix("that is ")
            .and_then(|r| r.split("'s own").next())
            .unwrap_or_else(|| panic!("{line}: {e}"));
        super::tap_token(ui, name, 9);
        ui.enter(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    // The lines of the command read (a pager), back to the game's screen.
    while *ui.view() != View::Game {
        key(ui, "\r", 9);
    }
}

fn pending(ui: &Ui) -> Option<Pending> {
    ui.session::<Property>().unwrap().state.top().cloned()
}

/// Roll the first-turn roll-off out, then roll until `until` holds of the decision waiting.
fn roll_until(ui: &mut Ui, until: impl Fn(&Option<Pending>) -> bool) {
    for _ in 0..200 {
        if until(&pending(ui)) {
            return;
        }
        let line = match pending(ui) {
            Some(Pending::Buy { .. }) => "decline",
            Some(Pending::Auction(_)) => "close",
            Some(Pending::Debt(_)) => "concede",
            Some(Pending::Tax { .. }) => "tax flat",
            None if ui.labels().iter().any(|l| l == "End the turn") => "end",
            _ => "roll",
        };
        if ui.enter(line).is_err() {
            ui.enter("end").ok();
        }
        while *ui.view() != View::Game {
            key(ui, "\r", 9);
        }
    }
    panic!("never reached: {:?}", pending(ui));
}

#[test]
fn a_property_game_resumes_on_its_auction_and_on_a_card_being_drawn() {
    let (mut ui, dir) = journaled("sectionopoly", "property", &["Card decks on table: off"]);
    // An auction: a square declined.
    roll_until(&mut ui, |p| matches!(p, Some(Pending::Buy { .. })));
    enter(&mut ui, "decline");
    assert!(matches!(pending(&ui), Some(Pending::Auction(_))));
    cut_and_resume::<Property>(&mut ui, "sectionopoly", &dir, "an auction");
    enter(&mut ui, "close");
    // A card being worked out: the decks are on the table, the device waits for its tap.
    roll_until(&mut ui, |p| matches!(p, Some(Pending::Card { .. })));
    cut_and_resume::<Property>(&mut ui, "sectionopoly", &dir, "a card drawn");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Settle what waits and end the turn, until a turn waits for its roll.
fn fresh_turn(ui: &mut Ui) {
    for _ in 0..50 {
        roll_until(ui, |p| p.is_none());
        if ui.labels().iter().any(|l| l == "End the turn") {
            enter(ui, "end");
        } else if ui.labels().iter().any(|l| l == "Roll the dice") {
            return;
        } else {
            enter(ui, "roll");
        }
    }
    panic!("no fresh turn: {:?}", ui.labels());
}

#[test]
fn a_property_game_resumes_on_its_debt_and_its_tax_choice() {
    let (mut ui, dir) = journaled("sectionopoly", "debt", &[]);
    fresh_turn(&mut ui);
    let s = ui.session::<Property>().unwrap();
    let p = s.state.current;
    let who = s.state.players[p].name.clone();
    // The income tax square offers a choice: a flat sum or a tenth of worth.
    let tax = (0..s.rules.squares.len())
        .find(|&i| {
            matches!(
                s.rules.squares[i].kind,
                boardside::engine::property::ruleset::Kind::Tax {
                    percent: Some(_),
                    ..
                }
            )
        })
        .unwrap();
    let roll_to = |from: usize| format!("roll {} {}", (tax - from).div_ceil(2), (tax - from) / 2);
    enter(&mut ui, &format!("set position {who} {}", tax - 3));
    enter(&mut ui, &roll_to(tax - 3));
    assert!(
        matches!(pending(&ui), Some(Pending::Tax { .. })),
        "{:?}",
        pending(&ui)
    );
    cut_and_resume::<Property>(&mut ui, "sectionopoly", &dir, "a tax choice");
    enter(&mut ui, "tax flat");
    // A debt: more than the player has, owed to the bank.
    fresh_turn(&mut ui);
    let s = ui.session::<Property>().unwrap();
    let who = s.state.players[s.state.current].name.clone();
    enter(&mut ui, &format!("set cash {who} 10"));
    enter(&mut ui, &format!("set position {who} {}", tax - 3));
    enter(&mut ui, &roll_to(tax - 3));
    enter(&mut ui, "tax flat");
    assert!(
        matches!(pending(&ui), Some(Pending::Debt(_))),
        "{:?}",
        pending(&ui)
    );
    cut_and_resume::<Property>(&mut ui, "sectionopoly", &dir, "a debt");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_grid_game_resumes_with_half_the_table_sealed() {
    let (mut ui, dir) = journaled("grid", "grid", &[]);
    // Sides, then placement by the device's dice.
    enter(&mut ui, "side Ann scientists");
    enter(&mut ui, "side Bob religionists");
    enter(&mut ui, "side Cy scientists");
    enter(&mut ui, "start");
    while ui.session::<Grid>().unwrap().state.phase != boardside::engine::grid::state::Phase::Orders
    {
        enter(&mut ui, "roll");
    }
    enter(&mut ui, "order Ann attack");
    cut_and_resume::<Grid>(&mut ui, "grid", &dir, "one of three orders sealed");
    let g = ui.session::<Grid>().unwrap();
    assert!(
        !Grid::state_json(&g.rules, &g.state, boardside::engine::game::Audience::Table)
            .to_string()
            .contains("attack\""),
        "the sealed order stays sealed"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_illuminati_game_resumes_on_its_attack_and_on_the_ufos_goal_still_to_choose() {
    let (mut ui, dir) = journaled("illuminati", "illuminati", &[]);
    enter(&mut ui, "illuminati Ann bavarian");
    enter(&mut ui, "illuminati Bob ufos");
    enter(&mut ui, "illuminati Cy gnomes");
    cut_and_resume::<Illuminati>(&mut ui, "illuminati", &dir, "the UFOs' goal to choose");
    for l in [
        "goal Bob gnomes",
        "uncontrolled cia big-media post-office moonies",
        "start",
        "draw special",
        "attack control bavarian cia",
        "spend Ann bavarian 2",
        "interfere Bob 1",
    ] {
        enter(&mut ui, l);
    }
    // The table back on the attack's own screen (as after any money).
    key(&mut ui, "\x7f", 10);
    cut_and_resume::<Illuminati>(&mut ui, "illuminati", &dir, "an attack with money spent");
    let _ = std::fs::remove_dir_all(&dir);
}
