//! Push to talk on the device (issue 69): TALK listens, the screen shows and the voice says
//! back what was heard as the move it would make, OK carries it out, BACK drops it. The
//! sentences are made by espeak-ng and heard by pocketsphinx (both needed: without them these
//! tests fail, saying so; CI installs them); the microphone is a recording ("file:PATH").

use super::*;
use boardside::ui::talk::Step;
use boardside::voice::listen::Hearing;
use boardside::voice::said::Offer;

/// espeak-ng says `text` into a WAV file of its own.
fn recording(text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardside-talk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    crate::hear::say(text, &dir, &text.replace(' ', "-"))
}

/// The microphone hears `text` (said by espeak-ng) when TALK is pressed next.
fn microphone_says(ui: &mut Ui, text: &str, now: u64) {
    let cfg = TableConfig {
        hearing: Hearing {
            on: true,
            microphone: format!("file:{}", recording(text).display()),
        },
        ..TableConfig::default()
    };
    ui.handle(boardside::ui::Input::Settings(cfg), now);
}

/// TALK pressed and released, the listening job run as the device loop runs it: what the
/// talk view shows then.
fn talk(ui: &mut Ui, now: u64) -> Step {
    let mut done = ui.handle(Input::Button(Button::Talk, Press::Press), now);
    ui.handle(Input::Button(Button::Talk, Press::Release), now + 1);
    let work = std::mem::take(&mut done.jobs)
        .into_iter()
        .find(|w| w.about == "listening")
        .expect("TALK hands out a listening job");
    let found = work.run().expect("the job hears something or says why not");
    ui.handle(found, now + 2);
    match ui.view() {
        View::Talk(t) => t.step.clone(),
        v => panic!("not the talk view: {v:?}"),
    }
}

/// The phrase the device listens for now that offers `line`.
fn phrase_for(ui: &Ui, line: &str) -> String {
    let phrases = ui.game().unwrap().listen(ui.desk());
    phrases
        .iter()
        .find(|p| p.offer == Offer::Line(line.into()))
        .unwrap_or_else(|| panic!("nothing offers {line}: {phrases:?}"))
        .said
        .clone()
}

#[test]
fn a_property_turn_is_played_by_voice_each_move_confirmed_by_ok() {
    let mut ui = table_ui(5);
    // "roll": heard, said back, nothing done before OK.
    microphone_says(&mut ui, "roll", 1);
    let step = talk(&mut ui, 2);
    assert!(
        matches!(&step, Step::Heard(p) if p.offer == Offer::Line("roll".into())),
        "{step:?}"
    );
    assert_eq!(
        ui.session::<Property>().unwrap().history.len(),
        0,
        "nothing before OK"
    );
    assert!(ui.labels()[0].starts_with("OK: "), "{:?}", ui.labels());
    key(&mut ui, "\r", 3);
    // The roll's lines on pages, then the game.
    for _ in 0..6 {
        if *ui.view() != View::Game {
            key(&mut ui, "\r", 4);
        }
    }
    assert_eq!(*ui.view(), View::Game);
    assert!(
        ui.log().iter().any(|l| l.starts_with("Ann rolls")),
        "{:?}",
        ui.log()
    );
    // The next move offered (the shortest phrase of a game move), said and confirmed the
    // same way; BACK first drops one.
    let phrases = ui.game().unwrap().listen(ui.desk());
    let (said, line) = phrases
        .iter()
        .filter_map(|p| match &p.offer {
            Offer::Line(l) => Some((p.said.clone(), l.clone())),
            Offer::Shell(_) | Offer::Amount { .. } | Offer::Menu { .. } => None,
        })
        .min_by_key(|(s, _)| s.len())
        .expect("a move is offered after the roll");
    let line = line.as_str();
    let before = ui.session::<Property>().unwrap().history.len();
    microphone_says(&mut ui, &said, 10);
    let step = talk(&mut ui, 11);
    assert!(
        matches!(&step, Step::Heard(p) if p.offer == Offer::Line(line.into())),
        "{said}: {line}: {step:?} among {phrases:?}"
    );
    key(&mut ui, "\x7f", 12);
    assert_eq!(
        ui.session::<Property>().unwrap().history.len(),
        before,
        "BACK drops it"
    );
    assert!(matches!(talk(&mut ui, 13), Step::Heard(_)));
    key(&mut ui, "\r", 14);
    assert_eq!(
        ui.session::<Property>().unwrap().history.len(),
        before + 1,
        "{said}: {line}"
    );
    // Table chatter is nothing: not understood, never the nearest move.
    microphone_says(&mut ui, "whose turn is it", 20);
    assert!(matches!(talk(&mut ui, 21), Step::Nothing(_)));
    assert_eq!(ui.labels(), ["Back"]);
}

#[test]
fn an_illuminati_attack_is_declared_by_voice_and_confirmed_by_ok() {
    use boardside::engine::illuminati::Illuminati;
    let mut ui = super::illuminati::illuminati_ui_made(|g| given(g, &["draw special"]));
    let said = phrase_for(&ui, "attack control bavarian cia");
    microphone_says(&mut ui, &said, 1);
    let step = talk(&mut ui, 2);
    assert!(
        matches!(&step, Step::Heard(p) if p.offer == Offer::Line("attack control bavarian cia".into())),
        "{said}: {step:?}"
    );
    assert!(
        ui.session::<Illuminati>().unwrap().state.attack.is_none(),
        "nothing before OK"
    );
    key(&mut ui, "\r", 3);
    assert!(
        ui.session::<Illuminati>().unwrap().state.attack.is_some(),
        "{:?}",
        ui.log()
    );
}

#[test]
fn a_menu_line_that_is_no_move_is_said_by_its_words_and_chosen_by_ok() {
    let mut ui = table_ui(5);
    let labels = ui.labels();
    let line = labels
        .iter()
        .position(|l| l == "Log")
        .expect("the menu has Log");
    microphone_says(&mut ui, "log", 1);
    let step = talk(&mut ui, 2);
    assert!(
        matches!(&step, Step::Heard(p) if p.offer == Offer::Menu { line, label: "Log".into() }),
        "{step:?}"
    );
    assert!(matches!(ui.view(), View::Talk(_)), "nothing before OK");
    key(&mut ui, "\r", 3);
    assert!(matches!(ui.view(), View::Log(_)), "{:?}", ui.view());
    assert_eq!(
        ui.session::<Property>().unwrap().history.len(),
        0,
        "a menu line is no move"
    );
}

#[test]
fn a_private_menu_closes_as_the_device_listens_and_its_lines_are_not_listened_for() {
    let mut ui = super::illuminati::illuminati_ui_made(|_| {});
    ui.enter("set specials Bob 1").unwrap();
    ui.handle(super::illuminati::group_tap("kgb"), 1);
    choose(&mut ui, "Specials: Bob", 2);
    ui.handle(bob(), 3);
    let give = ui
        .labels()
        .into_iter()
        .find(|l| l.starts_with("Give"))
        .expect("Bob's hand is open behind his token");
    microphone_says(&mut ui, &give, 4);
    let step = talk(&mut ui, 5);
    // The hand closed as the talk view opened: its lines are not there to be chosen.
    let labels = ui.game().unwrap().labels(ui.desk());
    assert!(!labels.iter().any(|l| l.starts_with("Give")), "{labels:?}");
    assert!(
        !matches!(&step, Step::Heard(p) if p.words.starts_with("Give")),
        "{give}: {step:?}"
    );
}

#[test]
fn a_seats_move_is_said_after_its_token_and_confirmed_for_that_seat() {
    let mut ui = table_ui_given(5, &["set owner oversight Bob"]);
    let mortgage = |ui: &Ui| {
        ui.game()
            .unwrap()
            .listen(ui.desk())
            .into_iter()
            .find(|p| matches!(&p.offer, Offer::Line(l) if l.starts_with("mortgage")))
    };
    assert_eq!(
        mortgage(&ui),
        None,
        "Bob's square is his to mortgage, not the table's"
    );
    let before = ui.session::<Property>().unwrap().history.len();
    ui.handle(bob(), 1);
    let p = mortgage(&ui).expect("Bob's token lets his squares be said");
    microphone_says(&mut ui, &p.said, 2);
    let step = talk(&mut ui, 3);
    assert!(
        matches!(&step, Step::Heard(h) if h.offer == p.offer),
        "{}: {step:?}",
        p.said
    );
    key(&mut ui, "\r", 4);
    assert_eq!(
        ui.session::<Property>().unwrap().history.len(),
        before + 1,
        "{:?}",
        ui.log()
    );
    assert!(ui.log().iter().any(|l| l == "Oversight is mortgaged"));
}
