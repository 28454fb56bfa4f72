//! No screen without a way out: a new tag then BACK on the first screen, and a long walk of
//! random presses and taps through every game, each screen leaving by BACK to one with a menu.

use super::*;

#[test]
fn a_new_tag_then_back_on_the_first_screen_returns_to_the_new_game_screen() {
    let setup = Setup {
        rulesets: vec![ruleset_path("sectionopoly")],
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    // The simulator's `n`: a tag nobody enrolled.
    ui.handle(Input::Tag(Uid(vec![0x5E, 1, 2, 3])), 1);
    assert!(matches!(ui.view(), View::Enrol(_)));
    key(&mut ui, "\x7f", 2);
    assert!(matches!(ui.view(), View::Setup(_)));
    assert!(ui.labels().iter().any(|l| l.starts_with("Game: ")));
}

/// A small deterministic generator, so that a failure replays.
struct Walk(u64);
impl Walk {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn every_screen_of_every_game_has_a_way_out_by_back() {
    let games = [
        "sectionopoly",
        "suetology",
        "scientopoly",
        "grid",
        "illuminati",
    ];
    let mut tags = TagMap::default();
    for (i, name) in ["Ann", "Bob"].iter().enumerate() {
        tags.set(
            &Uid(vec![0xA0, 0, 0, i as u8]),
            TagKind::Player {
                name: (*name).into(),
            },
        );
    }
    for (i, id) in [
        "grid_card:up",
        "grid_card:attack",
        "group:bavarian",
        "group:cia",
        "special:bribery",
        "deed:centre",
    ]
    .iter()
    .enumerate()
    {
        tags.set(
            &Uid(vec![0xD0, 0, 0, i as u8]),
            TagKind::Piece { id: (*id).into() },
        );
    }
    let uids: Vec<Uid> = tags
        .tags
        .iter()
        .filter_map(|t| Uid::parse(&t.uid))
        .collect();
    for (k, game) in games.iter().enumerate() {
        let setup = Setup {
            rulesets: vec![ruleset_path(game)],
            players: vec!["Ann".into(), "Bob".into()],
            seed: k as u64,
            ..Default::default()
        };
        let mut ui = Ui::new(tags.clone(), TableConfig::default(), setup);
        choose(&mut ui, "Start the game", 0);
        assert!(ui.game().is_some(), "{game}: {:?}", ui.desk().note());
        let mut walk = Walk(k as u64 + 1);
        for step in 0..3000u64 {
            let now = step * 50;
            let input = match walk.next(10) {
                0 | 1 => Input::Button(Button::Down, Press::Press),
                2 => Input::Button(Button::Up, Press::Press),
                3..=5 => Input::Button(Button::Ok, Press::Press),
                6 => Input::Button(Button::Roll, Press::Press),
                7 => Input::Button(Button::Back, Press::Press),
                8 => Input::Tag(uids[walk.next(uids.len())].clone()),
                _ => Input::Tag(Uid(vec![0x5E, 0, 0, walk.next(200) as u8])),
            };
            ui.handle(input.clone(), now);
            // Whatever this screen is, BACK (three times at most) reaches one with a menu.
            if step % 7 == 0 {
                let mut out = false;
                for _ in 0..3 {
                    if !ui.labels().is_empty() {
                        out = true;
                        break;
                    }
                    ui.handle(Input::Button(Button::Back, Press::Press), now + 1);
                }
                assert!(
                    out || !ui.labels().is_empty(),
                    "{game}, step {step} after {input:?}: no menu within three BACKs ({:?})",
                    ui.view()
                );
            }
            if matches!(ui.view(), View::Setup(_)) {
                // A game ended and the table chose a new one: start it again, with two
                // players (the walk may have taken some off).
                ui.set_players(vec!["Ann".into(), "Bob".into()]);
                choose(&mut ui, "Start the game", now);
            }
        }
    }
}

#[test]
fn the_device_never_shows_console_syntax_in_a_refusal_or_a_hint() {
    use boardside::ui::text::for_table;
    assert_eq!(
        for_table("Ann has no Illuminati: `illuminati Ann ID`"),
        "Ann has no Illuminati"
    );
    assert_eq!(
        for_table("Ann draws: `draw GROUP` or `draw special [ID]`"),
        "Ann draws"
    );
    assert_eq!(
        for_table("Bob plays the UFOs: choose the secret goal first (`goal Bob ID`)"),
        "Bob plays the UFOs: choose the secret goal first"
    );
    assert_eq!(for_table("the dice: `roll` or `roll D1 D2`"), "the dice");
    // And at the table: START refused for a missing secret goal reads as words.
    let setup = Setup {
        rulesets: vec![ruleset_path("illuminati")],
        players: vec!["Ann".into(), "Bob".into()],
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    choose(&mut ui, "Start the game", 0);
    choose(&mut ui, "Start", 1);
    let note = ui.desk().note().map(str::to_string).unwrap_or_default();
    assert!(note.starts_with("Ann has no Illuminati"), "{note}");
    assert!(!note.contains('`'), "{note}");
}

#[test]
fn a_square_name_cut_on_the_menu_is_read_whole_while_chosen() {
    let mut ui = table_ui_given(5, &["set owner birkoffs-comm-center Ann"]);
    choose(&mut ui, "Manage...", 1);
    choose(&mut ui, "Ann's squares", 2);
    let labels = ui.labels();
    let long = labels
        .iter()
        .position(|l| l.contains("Birkoff's Comm Center"))
        .unwrap_or_else(|| panic!("{labels:?}"));
    assert!(
        labels[long].len() > boardside::ui::text::COLS,
        "{}",
        labels[long]
    );
    let message = vec!["first".to_string(), "second".to_string()];
    let rows = boardside::ui::text::rows("Ann 1500", &message, &labels, long, 3);
    let shown: Vec<&str> = rows.iter().map(|(t, _)| t.as_str()).collect();
    // The chosen line is cut on the menu, and whole (wrapped) above it.
    let whole = boardside::ui::text::wrap(&labels[long]);
    let at = shown
        .iter()
        .position(|r| *r == whole[0])
        .unwrap_or_else(|| panic!("{shown:?}"));
    assert_eq!(shown[at..at + whole.len()], whole[..]);
    assert!(rows
        .iter()
        .any(|(t, inv)| *inv && labels[long].starts_with(t.as_str())));
    assert_eq!(rows.len(), boardside::ui::text::ROWS);
}

#[test]
fn the_voice_hears_each_command_and_holding_roll_or_the_menu_turns_it_off() {
    let mut ui = table_ui_given(5, &["set owner oversight Bob"]);
    // A roll by the ROLL button: its lines reach the voice as one batch.
    let done = key(&mut ui, "r", 1);
    let batch = done.spoken.last().cloned().unwrap_or_default();
    assert!(
        batch.iter().any(|s| s.text.starts_with("Ann rolls ")),
        "{batch:?}"
    );
    // Holding ROLL: off at once, said on screen, with the voice's menu; again: on.
    let was = ui.view().clone();
    ui.handle(Input::Button(Button::Roll, Press::Hold), 2);
    assert!(!ui.desk().voice().on);
    assert!(ui.desk().note().unwrap_or("").starts_with("voice off"));
    assert!(matches!(ui.view(), View::Voice { .. }));
    ui.handle(Input::Button(Button::Roll, Press::Hold), 3);
    assert!(ui.desk().voice().on);
    // The menu: "Voice: on" turns it off, the pace goes to fast; BACK returns.
    choose(&mut ui, "Voice: on", 4);
    assert!(!ui.desk().voice().on);
    assert!(ui.labels().contains(&"Voice: off".to_string()));
    choose(&mut ui, "Voice pace: normal", 5);
    assert_eq!(ui.desk().voice().speed, 200, "fast");
    choose(&mut ui, "Voice volume: normal", 5);
    assert!(ui.labels().contains(&"Voice volume: loud".to_string()));
    key(&mut ui, "\x7f", 6);
    assert_eq!(*ui.view(), was, "back where the table was");
    // The new-game screen has the same lines.
    let setup = Setup {
        rulesets: vec![ruleset_path("sectionopoly")],
        ..Default::default()
    };
    let ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    assert!(ui.labels().contains(&"Voice: on".to_string()));
}

/// Each view owns its cursor (issue 67): the voice's menu opened over the new-game screen
/// moves its own, and BACK finds the new-game screen on the line it was on.
#[test]
fn the_voice_menu_returns_to_the_line_the_table_was_on() {
    let setup = Setup {
        rulesets: vec![ruleset_path("sectionopoly")],
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    key(&mut ui, "j", 1);
    key(&mut ui, "j", 2);
    let (line, label) = (ui.chosen(), ui.labels()[ui.chosen()].clone());
    assert_eq!(line, 2);
    ui.handle(Input::Button(Button::Roll, Press::Hold), 3);
    assert!(matches!(ui.view(), View::Voice { .. }));
    assert_eq!(ui.chosen(), 0, "the voice's menu starts on its first line");
    key(&mut ui, "j", 4);
    assert_eq!(ui.chosen(), 1);
    key(&mut ui, "\x7f", 5);
    assert!(matches!(ui.view(), View::Setup(_)));
    assert_eq!(ui.chosen(), line, "back on {label}");
    assert_eq!(ui.labels()[ui.chosen()], label);
}

#[test]
fn roll_with_nothing_to_roll_says_the_last_line_again() {
    let mut ui = table_ui(5);
    key(&mut ui, "r", 1);
    // A roll of doubles may want another roll; end the turn's rolls first.
    while ui.labels().iter().any(|l| l == "Roll the dice") {
        key(&mut ui, "r", 2);
    }
    if ui.labels().iter().any(|l| l == "End the turn") {
        let done = key(&mut ui, "r", 3);
        assert!(done.say_again, "{:?}", ui.desk().note());
    }
}

#[test]
fn the_odds_come_from_their_own_thread_and_a_press_never_waits_for_them() {
    let mut ui = table_ui(5);
    ui.show_odds(true, Some(200));
    // The press hands the odds out as a job and returns: the shell runs no job itself.
    let done = key(&mut ui, "r", 1);
    assert_eq!(done.jobs.len(), 1, "{:?}", done.jobs);
    let mut frame = Frame::default();
    render(&ui, &mut frame);
    read_all(&mut ui, 2);
    choose(&mut ui, "Standings", 2);
    assert!(matches!(ui.view(), View::Standings(_)));
    assert_eq!(ui.odds_lines(), ["Chance to win: working it out..."]);
    // The device loop runs it in a thread of its own; what it found comes in as an input.
    let workers = boardside::ui::worker::Runner::default();
    workers.start(done.jobs);
    let mut waited = 0;
    while ui.odds_lines().len() == 1 && waited < 600 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        for found in workers.finished() {
            ui.handle(found, 3 + waited);
        }
        waited += 1;
    }
    let lines = ui.odds_lines();
    // The heading on one row, how many games on the last (it wrapped as "Chance to win (200"
    // above "games):").
    assert_eq!(lines[0], "Chance to win:", "{lines:?}");
    assert_eq!(lines.last().unwrap(), "(200 games played)", "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| boardside::ui::text::wrap(l).len() == 1),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("Ann ") && lines[1].contains("% ±"),
        "{lines:?}"
    );
    render(&ui, &mut frame);
}

#[test]
fn a_table_that_prefers_not_to_know_turns_the_odds_off_on_the_new_game_screen() {
    let setup = Setup {
        rulesets: vec![ruleset_path("sectionopoly")],
        players: vec!["Ann".into(), "Bob".into()],
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    choose(&mut ui, "Odds: shown", 1);
    assert!(!ui.odds_on());
    choose(&mut ui, "Start the game", 2);
    key(&mut ui, "r", 3);
    assert!(ui.odds_lines().is_empty());
}

#[test]
fn a_card_longer_than_a_page_reads_whole_over_two_pages() {
    use boardside::ui::text::{pages, wrap_all, MESSAGE_ROWS};
    let card = "Ann draws the INTEL card: a long card whose words run past six rows of the \
                small screen, so that its last words, the ones that say what to do, would be \
                lost if the page were cut at its sixth row; they must be read on the next page"
        .to_string();
    let lines = vec!["Ann rolls 3 + 4 = 7".to_string(), card.clone()];
    let got = pages(&lines, MESSAGE_ROWS, |l| l.contains(" draws the "));
    assert!(got.iter().all(|p| p.len() <= MESSAGE_ROWS), "{got:?}");
    assert_eq!(
        got.concat(),
        wrap_all(&lines),
        "every row, in order, none twice"
    );
    assert!(got.len() >= 3, "the card on pages of its own: {got:?}");
}

/// Played by hand (sectionopoly): a drawn card of seven rows read six on its first page and
/// "it." alone on the next. A card longer than a page is shared evenly over its pages.
#[test]
fn a_card_longer_than_a_page_is_shared_evenly_never_a_word_alone() {
    use boardside::ui::text::{pages, MESSAGE_ROWS};
    let card = "cpu1 draws the INTEL card \"Intercept a transmission: go to the nearest COMM \
                Station. If owned, pay twice the rent; if not, you may buy it.\""
        .to_string();
    let got = pages(&[card], MESSAGE_ROWS, |l| l.contains(" draws the "));
    let rows: Vec<usize> = got.iter().map(Vec::len).collect();
    assert_eq!(rows, [4, 3], "{got:?}");
}

#[test]
fn the_pager_keeps_every_row_of_any_lines_in_order() {
    use boardside::ui::text::{pages, wrap_all, MESSAGE_ROWS};
    // Lines of every length from a fixed generator, some of them read alone.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let words = [
        "Ann", "pays", "Bob", "26", "x", "2", "=", "52,", "full", "colour", "set;",
    ];
    for _ in 0..300 {
        let mut lines = vec![];
        for _ in 0..(x % 7 + 1) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = (x % 60) as usize + 1;
            let line: Vec<&str> = (0..n)
                .map(|i| words[(i + x as usize) % words.len()])
                .collect();
            lines.push(line.join(" "));
        }
        let alone = |l: &str| l.len() % 3 == 0;
        let got = pages(&lines, MESSAGE_ROWS, alone);
        assert!(got.iter().all(|p| !p.is_empty() && p.len() <= MESSAGE_ROWS));
        assert_eq!(got.concat(), wrap_all(&lines), "{lines:?}");
    }
}

#[test]
fn a_new_players_token_is_named_from_a_list_or_letter_by_letter_and_kept_in_the_tag_map() {
    let dir = std::env::temp_dir().join(format!("boardside-names-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), Setup::default());
    // A new tag on the new-game screen: the first line is a new player's token.
    ui.handle(Input::Tag(Uid(vec![0x10, 0, 0, 1])), 1);
    assert_eq!(ui.labels()[ui.chosen()], "Token of a new player...");
    key(&mut ui, "\r", 2);
    // The device loop keeps each enrolment in the tag map's file.
    let file = dir.join("tags.toml");
    let done = choose(&mut ui, "Dee", 3);
    ui.tags_kept(done.keep_tags(&file).expect("Dee's token enrolled"));
    assert_eq!(ui.setup().players, ["Dee"]);
    // The enrolment is the tap that seats her, and the note says both.
    assert_eq!(
        ui.desk().note(),
        Some("tag enrolled as Dee's token; Dee joins")
    );
    // Another, typed: L (eleven DOWNs from A), I, V; ROLL is done.
    ui.handle(Input::Tag(Uid(vec![0x10, 0, 0, 2])), 4);
    key(&mut ui, "\r", 5);
    assert!(!ui.labels().contains(&"Dee".to_string()), "Dee is taken");
    choose(&mut ui, "Type a name...", 6);
    for _ in 0..11 {
        key(&mut ui, "j", 7);
    }
    key(&mut ui, "\r", 8);
    for _ in 0..3 {
        key(&mut ui, "k", 9);
    }
    key(&mut ui, "\r", 10);
    for _ in 0..13 {
        key(&mut ui, "j", 11);
    }
    key(&mut ui, "\r", 12);
    // A slip: one letter too many, rubbed out with BACK.
    key(&mut ui, "\r", 13);
    key(&mut ui, "\x7f", 14);
    let done = key(&mut ui, "r", 15);
    ui.tags_kept(done.keep_tags(&file).expect("Liv's token enrolled"));
    assert_eq!(ui.setup().players, ["Dee", "Liv"]);
    // A second token for a player already seated seats nobody twice.
    ui.handle(Input::Tag(Uid(vec![0x10, 0, 0, 3])), 16);
    key(&mut ui, "\r", 17);
    choose(&mut ui, "Type a name...", 18);
    for _ in 0..3 {
        key(&mut ui, "j", 19);
    }
    key(&mut ui, "\r", 20);
    key(&mut ui, "j", 21);
    key(&mut ui, "\r", 22);
    key(&mut ui, "\r", 23);
    key(&mut ui, "r", 24);
    assert_eq!(ui.setup().players, ["Dee", "Liv"]);
    assert_eq!(
        ui.desk().note(),
        Some("tag enrolled as Dee's token; Dee has joined already")
    );
    // Said a while, then the screen's list of players shows again.
    tick(&mut ui, 24 + TableConfig::default().toast_ms);
    assert_eq!(ui.desk().note(), None);
    let saved = TagMap::load(&file).unwrap();
    let names: Vec<String> = saved
        .tags
        .iter()
        .filter_map(|t| match &t.kind {
            TagKind::Player { name } => Some(name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(names, ["Dee", "Liv"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn typing_a_name_the_letter_being_chosen_is_not_shown_as_typed() {
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), Setup::default());
    ui.handle(Input::Tag(Uid(vec![0x10, 0, 0, 1])), 1);
    key(&mut ui, "\r", 2);
    choose(&mut ui, "Type a name...", 3);
    // B (one DOWN from A), added; the letter stays on B, offered as the next, lower case.
    key(&mut ui, "j", 4);
    key(&mut ui, "\r", 5);
    let mut frame = Frame::default();
    render(&ui, &mut frame);
    let rows = super::pages::read(&frame).join("\n");
    assert!(rows.contains("Name: B[b]"), "{rows}");
    assert!(!rows.contains("Name: Bb"), "{rows}");
    assert!(
        ui.labels().contains(&"OK adds b".to_string()),
        "{:?}",
        ui.labels()
    );
}

#[test]
fn a_long_refusal_takes_the_menus_rows_never_cut_and_the_chosen_line_stays() {
    use boardside::ui::text::{rows, wrap};
    let refusal = wrap(
        "Ann may build, sell and mortgage only on their own turn; it is Bob's turn now, so \
         this waits until Ann's next turn comes round",
    );
    assert!(refusal.len() >= 4, "{refusal:?}");
    let labels: Vec<String> = (1..=6).map(|i| format!("Line {i}")).collect();
    let shown = rows("Header", &refusal, &labels, 2, 4);
    let texts: Vec<&str> = shown.iter().map(|(t, _)| t.as_str()).collect();
    for r in &refusal {
        assert!(texts.contains(&r.as_str()), "{r:?} cut: {texts:?}");
    }
    assert!(
        shown.iter().any(|(t, inv)| t == "Line 3" && *inv),
        "{texts:?}"
    );
}

#[test]
fn a_job_the_loop_never_ran_is_handed_out_again_and_a_finished_one_is_not() {
    let mut ui = table_ui(5);
    ui.show_odds(true, Some(20));
    let first = key(&mut ui, "r", 1).jobs;
    assert_eq!(first.len(), 1, "{first:?}");
    // Dropped unrun (a caller that runs no jobs): the next input hands it out again.
    drop(first);
    let again = ui.handle(Input::Tick(2), 2).jobs;
    assert_eq!(again.len(), 1, "{again:?}");
    // Run and told: nothing more to hand out at this position.
    for work in again {
        if let Some(found) = work.run() {
            ui.handle(found, 3);
        }
    }
    assert!(ui.handle(Input::Tick(4), 4).jobs.is_empty());
    read_all(&mut ui, 5);
    choose(&mut ui, "Standings", 5);
    assert_eq!(ui.odds_lines().last().unwrap(), "(20 games played)");
}

/// Issue 68: Bob's token on Ann's turn opens Bob's squares, and once the tap's note fades the
/// screen still says whose they are, not "Ann: manage or end the turn".
#[test]
fn another_players_squares_say_whose_they_are_after_the_note_fades() {
    let mut ui = table_ui_given(5, &["set owner oversight Bob"]);
    ui.handle(bob(), 1);
    ui.put_away_note();
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(words.starts_with("Bob's squares"), "{words}");
    assert!(words.contains("BACK: Ann's turn"), "{words}");
    assert!(
        ui.labels().iter().any(|l| l.contains("Oversight")),
        "{:?}",
        ui.labels()
    );
}

/// Issue 68: with the printed decks on the table, the cards to choose from read as printed,
/// not by their ids ("Drew beauty-contest-10").
#[test]
fn a_card_drawn_from_the_tables_deck_is_listed_by_its_printed_words() {
    let rules = sectionopoly();
    let mut o = rules.options.clone();
    o.first_player = FirstPlayer::Listed;
    o.physical_decks = true;
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut s = Session::new(rules.clone(), &names, 5, o, None).unwrap();
    given(&mut s, &["roll 3 4"]);
    let ui = ui_with(
        s,
        TagMap::default(),
        TableConfig::default(),
        Setup::default(),
    );
    let drawn: Vec<String> = ui
        .labels()
        .into_iter()
        .filter(|l| l.starts_with("Drew"))
        .collect();
    assert!(!drawn.is_empty(), "{:?}", ui.labels());
    for l in &drawn {
        let text = l.strip_prefix("Drew: ").unwrap_or_else(|| panic!("{l}"));
        assert!(
            rules
                .decks
                .iter()
                .any(|d| d.cards.iter().any(|c| c.text == text)),
            "{l}"
        );
    }
    // The question names the deck with its article.
    let mut ui = ui;
    ui.put_away_note();
    let asked = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(asked.contains("draw an INTEL card"), "{asked}");
}

/// Issue 68: a deal at the device is more than one square for money: a square for a square
/// of the buyer's with money either way, and a kept Get Out of Jail card sold on its own.
#[test]
fn a_device_deal_swaps_squares_with_money_either_way_and_sells_a_kept_card() {
    use boardside::engine::property::ruleset::Effect;
    let mut ui = table_ui_given(5, &["set owner oversight Ann", "set owner centre Bob"]);
    sell_to_bob(&mut ui, "Oversight");
    let centre = line_with(&ui, "In exchange: ", "Centre");
    choose(&mut ui, &centre, 4);
    // DOWN below nothing: Ann adds 20 to the swap.
    for t in 0..2 {
        key(&mut ui, "j", 5 + t);
    }
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(
        words.contains("Ann's Oversight to Bob for Bob's Centre, Ann adding 20"),
        "{words}"
    );
    ui.handle(ann(), 8);
    ui.handle(bob(), 9);
    let before = (
        ui.session::<Property>().unwrap().state.cash(0),
        ui.session::<Property>().unwrap().state.cash(1),
    );
    choose(&mut ui, "OK: make the deal", 10);
    let s = &ui.session::<Property>().unwrap().state;
    let sq = |id: &str| {
        ui.session::<Property>()
            .unwrap()
            .rules
            .square_index(id)
            .unwrap()
    };
    assert_eq!(s.owner(sq("oversight")), Some(1));
    assert_eq!(s.owner(sq("centre")), Some(0));
    assert_eq!((s.cash(0), s.cash(1)), (before.0 - 20, before.1 + 20));

    // A kept card, sold on its own for money.
    let mut ui = table_ui_made(5, |g| {
        let (d, c) = g
            .rules
            .decks
            .iter()
            .enumerate()
            .find_map(|(d, deck)| {
                deck.cards
                    .iter()
                    .position(|c| c.effect == Effect::GetOutOfJail)
                    .map(|c| (d, c as u16))
            })
            .unwrap();
        g.state.players[0].cards.push((d, c));
    });
    // With a kept card at the table the deal's first step names it among what may be sold.
    choose(&mut ui, "Manage...", 1);
    choose(&mut ui, "Deal: sell a square", 1);
    let asked = ui.game().unwrap().message(ui.desk()).join(" ");
    assert_eq!(asked, "Deal: which square or kept card is sold?");
    key(&mut ui, "\x7f", 1);
    sell_to_bob(&mut ui, " card");
    ui.handle(ann(), 4);
    ui.handle(bob(), 5);
    let before = ui.session::<Property>().unwrap().state.cash(1);
    choose(&mut ui, "OK: make the deal", 6);
    let s = &ui.session::<Property>().unwrap().state;
    assert!(s.players[0].cards.is_empty() && s.players[1].cards.len() == 1);
    assert_eq!(s.cash(1), before - 50);
}

/// The first line of the menu shown that starts with `start` and holds `has`.
fn line_with(ui: &Ui, start: &str, has: &str) -> String {
    ui.labels()
        .into_iter()
        .find(|l| l.starts_with(start) && l.contains(has))
        .unwrap_or_else(|| panic!("no {start}...{has} in {:?}", ui.labels()))
}

/// Ann's deal screen opened on the thing of hers named `has`, sold to Bob.
/// Played by hand (sectionopoly): UP/DOWN took a deal's money to "cpu2 adding 1540" while
/// cpu2 held 949, a deal the rules then refuse ("has only 949 to give"). As a bid stops at
/// the bidder's cash, a deal's money stops at what the side paying it has.
#[test]
fn a_deals_money_stops_at_what_the_side_paying_it_has() {
    let mut ui = table_ui_given(
        5,
        &[
            "set owner oversight Ann",
            "set owner centre Bob",
            "set cash Ann 25",
            "set cash Bob 45",
        ],
    );
    sell_to_bob(&mut ui, "Oversight");
    choose(&mut ui, "For money only", 4);
    // UP/DOWN pressed `n` times, then the deal in words.
    let pressed = |ui: &mut Ui, k: &str, n: u64| {
        for t in 0..n {
            key(ui, k, 5 + t);
        }
        ui.game().unwrap().message(ui.desk()).join(" ")
    };
    for n in [0, 5] {
        let words = pressed(&mut ui, "k", n);
        assert!(words.contains("Ann's Oversight to Bob for 45?"), "{words}");
    }
    key(&mut ui, "\x08", 20);
    sell_to_bob(&mut ui, "Oversight");
    let centre = line_with(&ui, "In exchange: ", "Centre");
    choose(&mut ui, &centre, 21);
    let words = pressed(&mut ui, "j", 8);
    assert!(
        words.contains("Ann's Oversight to Bob for Bob's Centre, Ann adding 25?"),
        "{words}"
    );
}

fn sell_to_bob(ui: &mut Ui, has: &str) {
    choose(ui, "Manage...", 1);
    choose(ui, "Deal: sell a square", 1);
    let line = line_with(ui, "Ann: ", has);
    choose(ui, &line, 2);
    choose(ui, "Sell to Bob", 3);
}

/// A buyer sees that the square sold is mortgaged (played by hand in suetology: Dhl's
/// mortgaged Garnet Street was put to cpu1 as "Dhl's Garnet Street to cpu1 for 140?", the
/// buyer to pay the mortgage's interest besides), on the deal's screen and in its words.
#[test]
fn a_mortgaged_square_is_said_to_be_mortgaged_when_it_is_dealt() {
    let mut ui = table_ui_given(
        5,
        &["set owner oversight Ann", "set mortgaged oversight yes"],
    );
    sell_to_bob(&mut ui, "Oversight");
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(
        words.starts_with("Ann's Oversight (mortgaged) to Bob for "),
        "{words}"
    );
    // The undo question and a phone's offer say it in the same words.
    let g = ui.session::<Property>().unwrap();
    let sq = g.rules.square_index("oversight").unwrap();
    let deal = boardside::engine::property::command::Command::Trade(
        boardside::engine::property::command::Trade {
            from: 0,
            to: 1,
            give: smallvec::smallvec![boardside::engine::property::command::Item::Square(sq)],
            get: smallvec::smallvec![boardside::engine::property::command::Item::Cash(60)],
        },
    );
    let said = boardside::ui::property::menu::label(&g.rules, &g.state, &deal);
    assert_eq!(said, "Ann: Oversight (mortgaged) for Bob's 60");
}

/// Suetology: a mortgaged square received in a deal is lifted or kept at once; the question
/// names the square when there is one (played by hand it said "Ann: lift or keep the
/// mortgages" over one square), and counts them when there are more.
#[test]
fn a_received_mortgage_question_names_its_square() {
    use boardside::engine::property::state::Pending;
    let ui = super::table_ui_ruleset_given(
        "suetology",
        &[
            "set owner garnet-street Ann",
            "set mortgaged garnet-street yes",
            "trade Ann Bob garnet-street for $10",
        ],
    );
    let g = ui.session::<Property>().unwrap();
    assert!(
        matches!(g.state.top(), Some(Pending::Mortgaged { player: 1, .. })),
        "{:?}",
        g.state.top()
    );
    let asked = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(
        asked.starts_with("Bob: lift the mortgage on Garnet Street or keep it"),
        "{asked}"
    );
    let ui = super::table_ui_ruleset_given(
        "suetology",
        &[
            "set owner garnet-street Ann",
            "set owner cedar-lane Ann",
            "set mortgaged garnet-street yes",
            "set mortgaged cedar-lane yes",
            "trade Ann Bob garnet-street cedar-lane for $10",
        ],
    );
    let asked = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(
        asked.starts_with("Bob: lift or keep the mortgages (2 squares)"),
        "{asked}"
    );
}

/// Suetology manages squares on the owner's own turn only: another player's squares opened
/// by their token on Ann's turn say so, instead of an empty list (played by hand: "Ann's
/// squares (1310 cash). BACK: Dhl's turn" over nothing but "Deal" and "Back").
#[test]
fn another_players_squares_out_of_their_turn_say_they_wait_for_it() {
    let mut ui = super::table_ui_ruleset_given("suetology", &["set owner garnet-street Bob"]);
    ui.handle(bob(), 1);
    ui.put_away_note();
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(
        words.starts_with("Bob's squares (1500 cash): managed on their own turn only"),
        "{words}"
    );
    assert!(words.contains("BACK: Ann's turn"), "{words}");
    // Sectionopoly manages at any time: nothing of the kind is said there.
    let mut ui = table_ui_given(5, &["set owner oversight Bob"]);
    ui.handle(bob(), 1);
    ui.put_away_note();
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(!words.contains("own turn"), "{words}");
}

/// A deal is offered only where one may be made now (played by hand in scientopoly: Dhl,
/// declared SP in his own turn, was offered "Deal: sell a square", which opened on nothing but
/// "Back"). Scientopoly ¶7: nobody deals from the SP Hole; deals are begun in one's own turn.
#[test]
fn a_deal_is_offered_only_where_one_may_be_made_now() {
    let mut ui = super::table_ui_ruleset_given(
        "scientopoly",
        &[
            "set owner plymouth Ann",
            "set owner east-grinstead Bob",
            "set jailed Ann yes",
        ],
    );
    choose(&mut ui, "Manage...", 1);
    assert!(
        !ui.labels().iter().any(|l| l.starts_with("Deal")),
        "{:?}",
        ui.labels()
    );
    // Out of the SP Hole, Ann deals: her square to Bob, and Bob's to her only.
    let mut ui = super::table_ui_ruleset_given(
        "scientopoly",
        &["set owner plymouth Ann", "set owner east-grinstead Bob"],
    );
    choose(&mut ui, "Manage...", 1);
    choose(&mut ui, "Deal: sell a square", 1);
    let line = line_with(&ui, "Bob: ", "East Grinstead");
    choose(&mut ui, &line, 2);
    assert_eq!(ui.labels(), ["Sell to Ann", "Back"]);
}

/// Scientopoly ¶7: in the SP Hole a player hands in a card or tries for doubles, "no option
/// of merely paying", and may do nothing else: the questions say so (played by hand, Dhl in
/// the hole was asked to "manage or end the turn").
#[test]
fn in_the_sp_hole_the_questions_offer_only_what_the_hole_allows() {
    let mut ui = super::table_ui_ruleset_given("scientopoly", &["set jailed Ann yes"]);
    ui.put_away_note();
    let asked = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(
        asked.starts_with("Ann in the SP Hole: roll for doubles"),
        "{asked}"
    );
    let mut ui = super::table_ui_ruleset_given("scientopoly", &["set jailed Ann yes", "roll 1 2"]);
    ui.put_away_note();
    let asked = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(
        asked.starts_with("Ann: end the turn (in the SP Hole)"),
        "{asked}"
    );
    // Sectionopoly's jail is paid out of (a card only when one is held), and its prisoner
    // manages.
    let mut ui = table_ui_given(5, &["set jailed Ann yes"]);
    ui.put_away_note();
    let asked = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(asked.ends_with(": roll or pay"), "{asked}");
    let mut ui = table_ui_given(5, &["set jailed Ann yes", "roll 1 2"]);
    ui.put_away_note();
    let asked = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(asked.starts_with("Ann: manage or end the turn"), "{asked}");
}

/// Every line of a menu starts with a capital, whatever the ruleset calls a building
/// (played by hand in scientopoly: "upgrade 120: Plymouth" beside "Mortgage +120: Plymouth").
#[test]
fn a_building_line_starts_with_a_capital_in_every_ruleset() {
    let ui = super::table_ui_ruleset_given(
        "scientopoly",
        &["set owner plymouth Ann", "set owner east-grinstead Ann"],
    );
    let g = ui.session::<Property>().unwrap();
    let sq = g.rules.square_index("plymouth").unwrap();
    let label = boardside::ui::property::menu::label(
        &g.rules,
        &g.state,
        &boardside::engine::property::command::Command::Build { square: sq },
    );
    assert_eq!(label, "Upgrade 120: Plymouth");
}

/// Scientopoly ¶10: no square sold for less than its printed price. On the deal's screen DOWN
/// stops at the price (played by hand: Dhl's Munich went down from 560 to 460, a deal the
/// rules then refuse); sectionopoly's prices go down freely.
#[test]
fn a_deals_money_stops_at_the_least_the_rules_take() {
    let mut ui = super::table_ui_ruleset_given("scientopoly", &["set owner munich Ann"]);
    sell_to_bob(&mut ui, "Munich");
    for t in 0..5 {
        key(&mut ui, "j", 5 + t);
    }
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(words.starts_with("Ann's Munich to Bob for 560?"), "{words}");
    let mut ui = table_ui_given(5, &["set owner oversight Ann"]);
    sell_to_bob(&mut ui, "Oversight");
    key(&mut ui, "j", 5);
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(!words.contains(" for 60?"), "{words}");
}
