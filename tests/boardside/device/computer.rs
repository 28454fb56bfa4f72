//! Computer seats on the device: added on the new-game screen, played by the device's worker
//! thread through the same commands as a person, to the final standings in every family (the
//! table opens them from the menu and every side is on them); a
//! deal offered to one is answered by its chance; and a seat's choice is the same whatever is
//! hidden from it.

use super::*;
use boardside::computer::{self, Budget, Level};
use boardside::engine::game::{Family, PlayRng, Words};
use boardside::ui::View;
use rand::SeedableRng;

/// The table's settings for a quick test: computer seats act at once, with few playouts.
fn quick() -> TableConfig {
    TableConfig {
        computer_ms: 0,
        computer_playouts: 2,
        ..TableConfig::default()
    }
}

/// A new-game screen for this ruleset, with these seats added as a table adds them.
fn table_with(ruleset: &str, humans: &[&str], bots: &[Level], options: &[&str]) -> Ui {
    let setup = Setup {
        rulesets: vec![format!("{}/rulesets/{ruleset}.toml", env!("CARGO_MANIFEST_DIR")).into()],
        players: humans.iter().map(|h| h.to_string()).collect(),
        options: options.iter().map(|o| o.to_string()).collect(),
        seed: 11,
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), quick(), setup);
    for level in bots {
        choose(&mut ui, &format!("Add computer seat: {}", level.word()), 0);
    }
    ui
}

/// Play on: ticks (the computer seats act from their thread), OK through any page, and where
/// the game waits on no computer seat the table's part (a card drawn, a roll for the game's own
/// piece, the end of a timed game) done by `table`. The number of commands, once it is over.
fn play_to_the_end<F: boardside::ui::screen::OnDevice>(
    ui: &mut Ui,
    most: usize,
    table: impl Fn(&boardside::session::Session<F>, &mut PlayRng) -> Option<String>,
) -> usize {
    let mut rng = PlayRng::seed_from_u64(3);
    let mut now = 1_000;
    for _ in 0..most {
        let g = ui.session::<F>().unwrap();
        if ui.game().unwrap().over() {
            return g.history.len();
        }
        let bots = g
            .header
            .computers
            .iter()
            .map(|c| c.seat)
            .collect::<Vec<_>>();
        let waited = bots
            .iter()
            .any(|&b| computer::waits_on::<F>(&g.rules, &g.state, b));
        if !waited {
            // Nobody the device plays is waited on: the table does its part.
            if let Some(line) = table(g, &mut rng) {
                ui.enter(&line)
                    .unwrap_or_else(|e| panic!("the table's {line}: {e}"));
            }
        }
        now += 10;
        ui.handle(Input::Tick(now), now);
        if matches!(ui.view(), View::Pager { .. }) {
            key(ui, "\r", now);
        }
        std::thread::sleep(std::time::Duration::from_micros(50));
    }
    let g = ui.session::<F>().unwrap();
    panic!(
        "not over after {most} ticks, {} commands; waiting: {}; view {:?}; note {:?}; log ends {:?}",
        g.history.len(),
        g.prompt(),
        ui.view(),
        ui.desk().note(),
        &ui.log()[ui.log().len().saturating_sub(6)..]
    );
}

/// Once the game is over, as a table ends it: OK through any page left, then "Final
/// standings" from the game's menu; the standings screen names every side (the players; the
/// grid game's teams, when `teams`).
fn open_the_final_standings(ui: &mut Ui, teams: bool) {
    let mut now = 50_000_000;
    while matches!(ui.view(), View::Pager { .. }) {
        key(ui, "\r", now);
        now += 10;
    }
    choose(ui, "Final standings", now);
    assert!(matches!(ui.view(), View::Standings), "{:?}", ui.view());
    let mut frame = Frame::default();
    render(ui, &mut frame);
    let screen = super::pages::read(&frame).join("\n");
    let (title, _) = ui.game().unwrap().standings();
    assert!(screen.contains(&title[..title.len().min(20)]), "{screen}");
    let sides = if teams {
        vec!["scientists".to_string(), "religionists".to_string()]
    } else {
        ui.game().unwrap().players()
    };
    for p in sides {
        let short: String = p.chars().take(4).collect();
        assert!(
            screen.contains(&short),
            "{p} not on the standings:\n{screen}"
        );
    }
}

/// The table's part: a command no seat chooses (a card drawn, a roll for the game's own piece),
/// at random.
fn table_part<F: Family>(g: &boardside::session::Session<F>, rng: &mut PlayRng) -> Option<String> {
    let free: Vec<F::Command> = F::legal(&g.rules, &g.state)
        .into_iter()
        .filter(|c| F::decided_by(&g.rules, &g.state, c).is_none())
        .filter(|c| !format!("{c:?}").starts_with("Set") && !format!("{c:?}").starts_with("Wall"))
        .collect();
    if free.is_empty() {
        return None;
    }
    let c = &free[boardside::engine::game::below(rng, free.len())];
    Some(F::format_command(&g.rules, &g.state, c))
}

#[test]
fn a_sectionopoly_game_of_computer_seats_plays_from_the_new_game_screen_to_the_standings() {
    use boardside::engine::property::Property;
    let mut ui = table_with(
        "sectionopoly",
        &[],
        &[Level::Strong, Level::Steady, Level::Steady],
        &["short_game=true"],
    );
    assert_eq!(ui.setup().players, vec!["Bot1", "Bot2", "Bot3"]);
    choose(&mut ui, "Start the game", 0);
    assert_eq!(
        ui.session::<Property>().unwrap().header.computers.len(),
        3,
        "the journal's header keeps the computer seats"
    );
    // Each computer seat's command is said as the table's words, with what to do for it.
    let n = play_to_the_end::<Property>(&mut ui, 400_000, |g, rng| {
        // After 300 commands the table calls time (a short evening).
        if g.history.len() > 300 {
            return Some("time-up".into());
        }
        table_part::<Property>(g, rng)
    });
    assert!(n > 50, "{n} commands");
    let log = ui.log().join("\n");
    assert!(log.contains("(computer)"), "{log}");
    assert!(log.contains("put its token on"), "{log}");
    ui.handle(Input::Button(Button::Back, Press::Press), 9);
    assert!(ui.game().unwrap().over());
    open_the_final_standings(&mut ui, false);
}

#[test]
fn a_grid_game_of_computer_seats_plays_to_the_end() {
    use boardside::engine::grid::Grid;
    let mut ui = table_with(
        "grid",
        &[],
        &[Level::Strong, Level::Steady, Level::Steady, Level::Steady],
        &["strip_length=4"],
    );
    choose(&mut ui, "Start the game", 0);
    let n = play_to_the_end::<Grid>(&mut ui, 200_000, table_part::<Grid>);
    assert!(n > 10, "{n} commands");
    assert!(ui.log().iter().any(|l| l.contains("it seals its order")));
    open_the_final_standings(&mut ui, true);
}

#[test]
fn an_illuminati_game_with_computer_seats_plays_to_the_end_the_table_drawing_for_them() {
    use boardside::engine::illuminati::Illuminati;
    let mut ui = table_with(
        "illuminati",
        &[],
        &[Level::Strong, Level::Steady, Level::Steady],
        &[],
    );
    choose(&mut ui, "Start the game", 0);
    let n = play_to_the_end::<Illuminati>(&mut ui, 20_000, table_part::<Illuminati>);
    assert!(n > 10, "{n} commands");
    assert!(ui.log().iter().any(|l| l.contains("(computer)")));
    open_the_final_standings(&mut ui, false);
}

#[test]
fn a_strong_seats_choice_is_the_same_whatever_is_hidden_from_it() {
    use boardside::engine::illuminati::Illuminati;
    use boardside::engine::property::Property;
    hidden_never_read::<Property>("sectionopoly");
    hidden_never_read::<Illuminati>("illuminati");
    hidden_never_read::<boardside::engine::grid::Grid>("grid");
}

/// Positions of seeded random games where a seat has several choices: that seat's strong
/// choice from the true state and from states whose hidden parts (other hands, goals, sealed
/// orders, the decks' order) were drawn afresh, keeping what the seat sees, is the same.
fn hidden_never_read<F: Family>(ruleset: &str) {
    let path = format!("{}/rulesets/{ruleset}.toml", env!("CARGO_MANIFEST_DIR"));
    let rules = boardside::rulesets::load::<F>(std::path::Path::new(&path)).unwrap();
    let options = boardside::tools::options::<F>(&rules, &[]).unwrap();
    let budget = Budget {
        playouts: 3,
        horizon: 12,
        most_choices: 4,
    };
    let mut checked = 0;
    for game in 0..20u64 {
        let mut s = boardside::simulate::start::<F>(&rules, &options, 4, game).unwrap();
        let mut rng = PlayRng::seed_from_u64(game);
        for step in 0..400 {
            let Some(cmd) = F::random_command(&rules, &s, &mut rng) else {
                break;
            };
            if step % 37 == 36 {
                for seat in 0..4 {
                    if computer::own_choices::<F>(&rules, &s, seat).len() < 2 {
                        continue;
                    }
                    let want = computer::choose::<F>(&rules, &s, seat, Level::Strong, &budget, 9);
                    for k in 0..3 {
                        let mut r = PlayRng::seed_from_u64(100 + k);
                        let other = F::redraw_hidden(&rules, &s, Some(seat), &mut r);
                        let got =
                            computer::choose::<F>(&rules, &other, seat, Level::Strong, &budget, 9);
                        assert_eq!(
                            got.map(|c| c.cmd),
                            want.clone().map(|c| c.cmd),
                            "{ruleset}: game {game} step {step} seat {seat}: the choice changed \
                             with what it cannot see"
                        );
                    }
                    checked += 1;
                }
            }
            if F::execute_into(
                &rules,
                &mut s,
                &cmd,
                &mut boardside::engine::game::Events::default(),
            )
            .is_err()
            {
                break;
            }
        }
    }
    assert!(checked >= 10, "{ruleset}: only {checked} positions checked");
}

#[test]
fn a_deal_offered_to_a_computer_seat_is_answered_by_its_chance_and_said_why() {
    use boardside::engine::property::command::{Command, Item, Trade};
    use boardside::engine::property::Property;
    for (deals, gift) in [(true, true), (true, false), (false, true)] {
        let mut ui = table_with(
            "sectionopoly",
            &["Ann"],
            &[Level::Strong],
            &["first_player=listed"],
        );
        if !deals {
            choose(&mut ui, "Computer deals: on", 0);
        }
        choose(&mut ui, "Start the game", 0);
        // Ann lands on Oversight and buys it.
        ui.enter("roll 1 2").unwrap();
        ui.enter("buy").unwrap();
        let g = ui.session::<Property>().unwrap();
        let sq = g.state.owned_by(0).next().expect("Ann owns a square");
        // A gift (Oversight for 1) or a robbery (1 for all of Bot1's cash).
        let cash = g.state.cash(1);
        let trade = if gift {
            Trade {
                from: 0,
                to: 1,
                give: smallvec::smallvec![Item::Square(sq)],
                get: smallvec::smallvec![Item::Cash(1)],
            }
        } else {
            Trade {
                from: 0,
                to: 1,
                give: smallvec::smallvec![Item::Cash(1)],
                get: smallvec::smallvec![Item::Cash(cash)],
            }
        };
        let line = Property::format_command(&g.rules, &g.state, &Command::Trade(trade));
        let done = ui.handle(
            Input::PhoneChoice {
                seat: 0,
                line: line.clone(),
            },
            10,
        );
        assert!(
            done.answered.as_ref().is_some_and(|a| a.is_ok()),
            "{line}: {:?}",
            done.answered
        );
        // Ticks until Bot1 has answered.
        let mut now = 20;
        while !ui
            .log()
            .iter()
            .any(|l| l.contains("Bot1 accepts") || l.contains("Bot1 refuses"))
        {
            now += 10;
            ui.handle(Input::Tick(now), now);
            // The table reads what is on the pages (a computer seat waits while they are open).
            if matches!(ui.view(), View::Pager { .. }) {
                key(&mut ui, "\r", now);
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
            assert!(now < 200_000, "Bot1 never answered: {:?}", ui.log());
        }
        let said = ui.log().join("\n");
        let owner = ui.session::<Property>().unwrap().state.owner(sq);
        match (deals, gift) {
            (true, true) => {
                assert!(said.contains("Bot1 accepts: its chance"), "{said}");
                assert_eq!(owner, Some(1), "the gift taken");
            }
            (true, false) => {
                assert!(said.contains("Bot1 refuses: its chance"), "{said}");
                assert_eq!(owner, Some(0));
            }
            _ => {
                assert!(said.contains("it makes no deals"), "{said}");
                assert_eq!(owner, Some(0));
            }
        }
    }
}
