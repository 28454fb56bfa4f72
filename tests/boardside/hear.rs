//! The bank listens (issue 69): `boardside hear JOURNAL --list` prints what can be said at a
//! saved position and the command each phrase offers; `hear JOURNAL FILE.wav` what a
//! recording says, or `nothing`. Recordings are made by espeak-ng and heard by Debian's
//! pocketsphinx (both needed: without them these tests fail, saying so; CI installs them).

use std::path::{Path, PathBuf};
use std::process::Command;

use boardside::voice::said;

use crate::script::run;

fn root(p: &str) -> String {
    format!("{}/{p}", env!("CARGO_MANIFEST_DIR"))
}

/// A saved game of `ruleset` after `script` (seed 3): its journal, named by `name` (each
/// test its own: the tests run at once).
fn saved(name: &str, ruleset: &str, players: &str, script: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "boardside-hear-{}-{name}-{ruleset}.journal",
        std::process::id(),
    ));
    let _ = std::fs::remove_file(&path);
    let ruleset = root(&format!("rulesets/{ruleset}.toml"));
    let journal = path.to_string_lossy().into_owned();
    let args = [
        "script",
        "--ruleset",
        &ruleset,
        "--players",
        players,
        "--seed",
        "3",
        "--journal",
        &journal,
        "-",
    ];
    let (code, _, err) = run(&args, script);
    assert_eq!(code, 0, "{err}");
    path
}

/// `hear --list` at a saved position: (phrase, command) pairs.
fn listed(journal: &Path) -> Vec<(String, String)> {
    let (code, out, err) = run(&["hear", &journal.to_string_lossy(), "--list"], "");
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| {
            let (p, c) = l.split_once('\t').unwrap_or_else(|| panic!("no tab: {l}"));
            (p.to_string(), c.to_string())
        })
        .collect()
}

/// espeak-ng says `text` into a WAV file (22 kHz: the program converts it).
pub fn say(text: &str, dir: &Path, name: &str) -> PathBuf {
    let wav = dir.join(format!("{name}.wav"));
    let made = Command::new("espeak-ng")
        .arg("-w")
        .arg(&wav)
        .arg(text)
        .status();
    assert!(
        made.is_ok_and(|s| s.success()),
        "the recordings are made by espeak-ng: install it (apt-get install espeak-ng)"
    );
    wav
}

#[test]
fn hear_lists_what_can_be_said_at_a_saved_position_with_the_command_it_offers() {
    // Sectionopoly, seed 3: Ann's third roll lands her on a square she may buy.
    let journal = saved("list", "sectionopoly", "Ann,Bob", "roll\nroll\nroll\n");
    let said = listed(&journal);
    let offers = |phrase: &str| {
        said.iter()
            .find(|(p, _)| p == phrase)
            .map(|(_, c)| c.as_str())
    };
    assert_eq!(offers("buy for two hundred"), Some("buy"), "{said:?}");
    assert_eq!(offers("buy for a hundred and twenty"), None);
    assert_eq!(offers("decline"), Some("decline"));
    assert_eq!(offers("undo"), Some("undo"));
    assert_eq!(offers("cancel"), Some("cancel"));
    // Amounts as people say them.
    let (p, _) = said
        .iter()
        .find(|(_, c)| c == "buy")
        .expect("buying is offered");
    assert!(
        p.chars()
            .all(|c| c.is_ascii_lowercase() || c == ' ' || c == '\''),
        "{p}"
    );
}

#[test]
fn nothing_private_is_listened_for_a_sealed_order_a_hand_or_a_secret_goal() {
    // The grid's first round: every order is sealed behind its player's token.
    let grid = saved(
        "private",
        "grid",
        "Ann,Bob",
        "side Ann scientists\nside Bob religionists\nstart\nroll\nroll\n",
    );
    let said = listed(&grid);
    assert!(!said.is_empty());
    assert!(
        said.iter().all(|(_, c)| !c.starts_with("order ")),
        "{said:?}"
    );
    // Illuminati's setup: the UFOs' goal is never listened for.
    let illuminati = saved("private", "illuminati", "Ann,Bob", "");
    let said = listed(&illuminati);
    assert!(
        said.iter().all(|(_, c)| !c.starts_with("goal ")),
        "{said:?}"
    );
    assert!(
        said.iter().any(|(_, c)| c.starts_with("illuminati ")),
        "{said:?}"
    );
    // Every ruleset lists something to say, each a line with its command.
    for ruleset in ["suetology", "scientopoly"] {
        let j = saved("private", ruleset, "Ann,Bob", "roll\n");
        assert!(listed(&j).len() > 2, "{ruleset}");
    }
}

#[test]
fn a_recording_is_heard_as_its_command_and_chatter_as_nothing() {
    let journal = saved("heard", "sectionopoly", "Ann,Bob", "roll\nroll\nroll\n");
    let dir = journal.with_extension("wavs");
    std::fs::create_dir_all(&dir).unwrap();
    let files = [
        say("buy for two hundred", &dir, "buy"),
        say("decline", &dir, "decline"),
        say("pass the crisps", &dir, "crisps"),
    ];
    let mut args = vec!["hear".to_string(), journal.to_string_lossy().into_owned()];
    args.extend(files.iter().map(|f| f.to_string_lossy().into_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = run(&args, "");
    assert_eq!(
        code, 0,
        "the recogniser is pocketsphinx: apt-get install pocketsphinx pocketsphinx-en-us\n{err}"
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        ["buy for two hundred\tbuy", "decline\tdecline", "nothing"],
        "{err}"
    );
    // A file that is no recording is refused with what to do, and nothing else happens.
    let text = dir.join("notes.wav");
    std::fs::write(&text, "not a recording").unwrap();
    let (code, _, err) = run(
        &["hear", &journal.to_string_lossy(), &text.to_string_lossy()],
        "",
    );
    assert_ne!(code, 0);
    assert!(
        err.contains("not a WAV file") && err.contains("16000"),
        "{err}"
    );
}

#[test]
fn amounts_are_said_every_way_a_table_says_them() {
    assert_eq!(said::number(140), "one hundred and forty");
    assert_eq!(said::number(7), "seven");
    assert_eq!(said::number(1500), "one thousand five hundred");
    assert_eq!(said::number(2005), "two thousand and five");
    assert_eq!(
        said::numbers(140),
        [
            "one hundred and forty",
            "one hundred forty",
            "a hundred and forty",
            "a hundred forty"
        ]
    );
    assert_eq!(
        said::spoken("Buy Centre for 120?"),
        [
            "buy centre for one hundred and twenty",
            "buy centre for one hundred twenty",
            "buy centre for a hundred and twenty",
            "buy centre for a hundred twenty"
        ]
    );
    assert_eq!(
        said::spoken("cpu1: end (computer)"),
        ["cpu one end computer"]
    );
    assert_eq!(said::spoken("Pass: +5 MB"), ["pass plus five mb"]);
    assert_eq!(
        said::spoken("Pay 10% of worth"),
        ["pay ten percent of worth"]
    );
}

/// Without a release (the simulator), a sentence ends at the pause after it: the recording
/// so far has speech, then 0.7 s far quieter; not while speech goes on, not in a quiet room.
#[test]
fn listening_stops_at_the_pause_after_a_sentence() {
    use boardside::voice::{listen::paused, wav};
    let dir = std::env::temp_dir().join(format!("boardside-pause-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let speech = wav::read16k(&say("buy for two hundred", &dir, "speech")).unwrap();
    let file = dir.join("so-far.wav");
    let heard = |samples: &[i16]| {
        wav::write16k(&file, samples).unwrap();
        paused(&file)
    };
    let mut then_quiet = speech.clone();
    then_quiet.extend(std::iter::repeat_n(0, 16_000));
    assert!(heard(&then_quiet), "a sentence and a second's quiet");
    assert!(!heard(&speech[..speech.len() / 2]), "half a sentence");
    assert!(!heard(&[3; 32_000]), "a quiet room");
}

#[test]
fn a_bid_is_listened_for_at_any_amount_the_bidder_may_bid() {
    // Sectionopoly, seed 3: Ann declines the square she landed on, and it goes to auction.
    let journal = saved(
        "bid",
        "sectionopoly",
        "Ann,Bob",
        "roll\nroll\nroll\ndecline\n",
    );
    let said = listed(&journal);
    assert!(
        said.contains(&("ann bids <amount>".into(), "bid Ann {amount}".into())),
        "{said:?}"
    );
    // The words heard around a number, said any way a table says it, are that bid.
    let phrases: Vec<said::Phrase> = said
        .iter()
        .filter(|(p, _)| p.contains(said::AMOUNT))
        .map(|(p, c)| said::Phrase {
            said: p.clone(),
            offer: said::Offer::Amount {
                line: c.clone(),
                least: 1,
                most: 1500,
            },
            words: String::new(),
        })
        .collect();
    let line = |heard: &str| said::heard(&phrases, heard).map(|p| p.offer.text().to_string());
    assert_eq!(
        line("bob bids a hundred and forty").as_deref(),
        Some("bid Bob 140")
    );
    assert_eq!(line("ann bids forty two").as_deref(), Some("bid Ann 42"));
    assert_eq!(
        line("ann bids one thousand and five").as_deref(),
        Some("bid Ann 1005")
    );
    // More than the bidder holds, or no number: nothing.
    assert_eq!(line("ann bids two thousand"), None);
    assert_eq!(line("ann bids"), None);
    assert_eq!(line("ann bids the lot"), None);
    // A recording of a bid at an amount no menu lists is heard as that bid.
    let dir = journal.with_extension("wavs");
    std::fs::create_dir_all(&dir).unwrap();
    let wav = say("Bob bids forty five", &dir, "bid");
    let (code, out, err) = run(
        &["hear", &journal.to_string_lossy(), &wav.to_string_lossy()],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "bob bids forty five\tbid Bob 45");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn number_words_say_the_amount_they_name() {
    let n = |s: &str| said::amount(&s.split(' ').collect::<Vec<_>>());
    assert_eq!(n("eleven"), Some(11));
    assert_eq!(n("a hundred"), Some(100));
    assert_eq!(n("one hundred forty"), Some(140));
    assert_eq!(n("two thousand five hundred"), Some(2500));
    assert_eq!(n("a thousand and two"), Some(1002));
    assert_eq!(n("a"), None);
    assert_eq!(n("crisps"), None);
    // Every way `numbers` says an amount reads back as it.
    for k in [1, 19, 40, 99, 100, 140, 999, 1000, 1500, 20_345] {
        for way in said::numbers(k) {
            assert_eq!(n(&way), Some(k), "{way}");
        }
    }
}

#[test]
fn illuminati_money_is_listened_for_moved_at_any_amount_the_group_holds() {
    use boardside::engine::authority::Actor;
    use boardside::engine::game::{Game, Play, PlayRng};
    use boardside::engine::illuminati::Illuminati;
    use boardside::ui::screen::{OnDevice, Screens};
    use rand::SeedableRng;
    type S = <Illuminati as OnDevice>::Screens;
    let rules = boardside::rulesets::load::<Illuminati>(&root("rulesets/illuminati.toml")).unwrap();
    let options = Illuminati::options(&rules, &[]).unwrap();
    let names: Vec<String> = ["Ann", "Bob"].map(String::from).into();
    // Random play until the player whose turn it is may move money between two groups.
    let mut found = None;
    'seeds: for seed in 1..20u64 {
        let mut g = boardside::session::Session::<Illuminati>::new(
            rules.clone(),
            &names,
            seed,
            options.clone(),
            None,
        )
        .unwrap();
        let mut rng = PlayRng::seed_from_u64(seed);
        for _ in 0..200 {
            let seat = g.state.current;
            if !S::amounts(&g, seat).is_empty() {
                found = Some(g);
                break 'seeds;
            }
            let Some(c) = Illuminati::random_command(&g.rules, &g.state, &mut rng) else {
                break;
            };
            if g.command(c).is_err() {
                break;
            }
        }
    }
    let g = found.expect("a position where money may move");
    let amounts: Vec<_> = (0..2).flat_map(|seat| S::amounts(&g, seat)).collect();
    let phrases = boardside::ui::listen::phrases(
        &g,
        Actor::Table,
        &|c| S::hidden(&g, c),
        &|c| S::words(&g, c),
        &amounts,
    );
    let moving: Vec<&said::Phrase> = phrases
        .iter()
        .filter(|p| p.said.starts_with("move <amount> mb from "))
        .collect();
    assert!(!moving.is_empty(), "{phrases:?}");
    // Said with a number the group holds, it is that transfer; more than it holds, nothing.
    let p = moving[0];
    let said::Offer::Amount { line, most, .. } = &p.offer else {
        panic!("{p:?}");
    };
    let one = said::heard(&phrases, &p.said.replace(said::AMOUNT, "one")).unwrap();
    assert_eq!(one.offer.text(), line.replace("{amount}", "1"));
    let over = said::number(*most as u64 + 1);
    assert!(said::heard(&phrases, &p.said.replace(said::AMOUNT, &over)).is_none());
}

#[test]
fn a_menu_line_yields_to_a_move_of_its_words_and_two_lines_of_one_phrase_stand_for_neither() {
    use boardside::voice::said::{Offer, Phrase};
    let mut phrases = vec![Phrase {
        said: "roll".into(),
        offer: Offer::Line("roll".into()),
        words: "Roll".into(),
    }];
    let labels = ["Roll", "Manage...", "Log", "Log", "Standings"].map(String::from);
    boardside::ui::listen::menu(&mut phrases, &labels);
    let said: Vec<(&str, &Offer)> = phrases
        .iter()
        .map(|p| (p.said.as_str(), &p.offer))
        .collect();
    assert_eq!(
        said,
        [
            (
                "manage",
                &Offer::Menu {
                    line: 1,
                    label: "Manage...".into()
                }
            ),
            ("roll", &Offer::Line("roll".into())),
            (
                "standings",
                &Offer::Menu {
                    line: 4,
                    label: "Standings".into()
                }
            ),
        ]
    );
    assert_eq!(phrases[0].words, "Manage", "said back without the dots");
}
