//! Conformance tests shared by every game: seeded random legal play with invariants after each
//! command, replay == live state, undo then redo == identity, refused commands harmless; and the
//! journal and ruleset files' behaviour on bad input.

use boardside::conformance;
use boardside::engine::property::{Options, Property, Ruleset};
type Session = boardside::session::Session<boardside::engine::property::Property>;
use boardside::simulate::{self, Config};
use std::io::Write;
use std::path::PathBuf;

fn ruleset_path(name: &str) -> String {
    format!("{}/rulesets/{name}.toml", env!("CARGO_MANIFEST_DIR"))
}

fn rules(name: &str) -> Ruleset {
    boardside::rulesets::load::<boardside::engine::property::Property>(&ruleset_path(name)).unwrap()
}

fn checked(name: &str, players: usize, games: u64, seed: u64, edit: impl Fn(&mut Options)) {
    let r = rules(name);
    let mut o = r.options.clone();
    edit(&mut o);
    let cfg = Config {
        players,
        games,
        seed,
        max_turns: 400,
        check: true,
        steady: false,
    };
    let report = simulate::run::<Property>(&r, &o, &cfg).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, games);
    assert!(
        report.commands > games * 50,
        "games too short to mean anything"
    );
}

const PROPERTY_RULESETS: &[&str] = &["sectionopoly", "suetology", "scientopoly"];

#[test]
fn random_seeded_play_keeps_every_invariant() {
    for name in PROPERTY_RULESETS {
        checked(name, 4, 60, 1, |_| {});
        checked(name, 2, 40, 1000, |_| {});
        checked(name, 6, 20, 2000, |_| {});
    }
}

#[test]
fn random_play_with_house_rules_keeps_every_invariant() {
    // The house rules every property ruleset offers.
    for name in PROPERTY_RULESETS {
        checked(name, 4, 20, 5000, |o| o.rent_must_be_asked = true);
        checked(name, 3, 20, 6000, |o| o.physical_decks = true);
        checked(name, 3, 20, 7000, |o| o.time_limit = true);
    }
    // sectionopoly's own variants.
    {
        let name = "sectionopoly";
        checked(name, 3, 40, 3000, |o| o.short_game = true);
        checked(name, 4, 30, 8000, |o| {
            o.building_auction = false;
            o.jail_pay_on_last_turn = true;
        });
    }
}

#[test]
fn a_full_four_player_game_ends_with_a_winner_or_the_cap() {
    let r = rules("sectionopoly");
    let cfg = Config {
        players: 4,
        games: 1,
        seed: 42,
        max_turns: 2000,
        check: true,
        steady: false,
    };
    let report = simulate::run::<Property>(&r, &r.options, &cfg).unwrap();
    assert_eq!(report.games, 1);
    assert_eq!(report.wins.iter().sum::<u64>() + report.capped, 1);
    assert!(report
        .lines()
        .iter()
        .any(|l| l.starts_with("player-turns/s")));
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardside-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// A new sectionopoly game for Ann and Bob, journaled to a fresh file.
fn journaled(name: &str, seed: u64) -> (Ruleset, PathBuf, Session) {
    let path = temp(&format!("{name}.journal"));
    let r = rules("sectionopoly");
    let s = Session::new(
        r.clone(),
        &names(&["Ann", "Bob"]),
        seed,
        r.options.clone(),
        Some(&path),
    )
    .unwrap();
    (r, path, s)
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn play(s: &mut Session, lines: &[&str]) {
    for l in lines {
        let out = s.run_line(l);
        assert!(!out.iter().any(|o| o.starts_with("error:")), "{l}: {out:?}");
    }
}

#[test]
fn journal_resume_gives_the_same_state_and_next_dice() {
    let path = temp("resume.journal");
    let r = rules("sectionopoly");
    let ab = names(&["Ann", "Bob"]);
    let mut a = Session::new(r.clone(), &ab, 7, r.options.clone(), Some(&path)).unwrap();
    play(&mut a, &["roll", "roll"]);
    let live = a.state.clone();
    drop(a);
    let (mut b, msgs) = Session::resume(r.clone(), &path).unwrap().unwrap();
    assert!(msgs.iter().any(|m| m.contains("resumed")));
    assert_eq!(b.state, live);
    play(&mut b, &["roll"]);
    // The same game never interrupted: its third device roll is the resumed game's first.
    let mut c = Session::new(r.clone(), &ab, 7, r.options.clone(), None).unwrap();
    play(&mut c, &["roll", "roll", "roll"]);
    assert_eq!(b.history.last().unwrap().cmd, c.history.last().unwrap().cmd);
    assert_eq!(b.state, c.state);
    std::fs::remove_file(&path).unwrap();
}

/// Issue 55: a name typed on a phone as it pairs replaces the seat's name: the state, the
/// words and the journal say it, the game and its dice go on as they were, and the journal
/// resumes with the new name. A name already at the table is refused, changing nothing.
#[test]
fn renaming_a_seat_keeps_the_game_and_the_journal_resumes_with_the_new_name() {
    let (r, path, mut s) = journaled("rename", 7);
    play(&mut s, &["roll", "roll", "roll", "undo", "roll"]);
    let before = s.state.clone();
    let (cmds, cash) = (s.history.len(), (s.state.cash(0), s.state.cash(1)));
    assert!(s.rename(1, "Ann").is_err(), "a name already at the table");
    assert_eq!(s.header.players, names(&["Ann", "Bob"]));
    s.rename(1, "Robert").unwrap();
    assert_eq!(s.header.players, names(&["Ann", "Robert"]));
    assert_eq!(s.state.players[1].name, "Robert");
    assert_eq!(
        s.history.len(),
        cmds,
        "every command in effect, none undone"
    );
    assert_eq!((s.state.cash(0), s.state.cash(1)), cash);
    assert_eq!(s.state.players[0], before.players[0]);
    // Another command after it, journaled after the rewritten lines.
    play(&mut s, &["undo"]);
    let live = s.state.clone();
    drop(s);
    let (resumed, _) = Session::resume(r.clone(), &path).unwrap().unwrap();
    assert_eq!(resumed.header.players, names(&["Ann", "Robert"]));
    assert_eq!(resumed.state, live);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn journal_undo_any_number_of_steps_restores_dice_and_decks() {
    let (r, path, mut s) = journaled("undo", 11);
    let start = s.state.clone();
    play(&mut s, &["roll 3 4", "roll 5 6", "roll 3 4"]);
    let mid = s.state.clone();
    play(&mut s, &["undo", "undo", "undo"]);
    assert_eq!(s.state, start);
    play(&mut s, &["roll 3 4", "roll 5 6", "roll 3 4"]);
    assert_eq!(s.state, mid, "undo then redo is the identity");
    assert!(s.run_line("undo").iter().all(|l| l.starts_with("undone: ")));
    drop(s);
    // Undo records are journaled: resuming honours them.
    let (s2, _) = Session::resume(r, &path).unwrap().unwrap();
    assert_eq!(s2.history.len(), 2);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn journal_torn_last_line_is_dropped_with_a_message() {
    let (r, path, mut s) = journaled("torn", 5);
    play(&mut s, &["roll 3 4", "roll 1 2"]);
    let kept = s.state.clone();
    drop(s);
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    f.write_all(b"{\"record\":\"command\",\"cmd\":{\"verb\":\"ro")
        .unwrap();
    drop(f);
    let (mut s, msgs) = Session::resume(r.clone(), &path).unwrap().unwrap();
    assert!(msgs.iter().any(|m| m.contains("cut off")), "{msgs:?}");
    assert_eq!(s.state, kept);
    // The file was cut back: the next command appends cleanly and resumes again.
    play(&mut s, &["roll 2 2"]);
    let after = s.state.clone();
    drop(s);
    let (s, msgs) = Session::resume(r, &path).unwrap().unwrap();
    assert!(!msgs.iter().any(|m| m.contains("cut off")));
    assert_eq!(s.state, after);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn journal_damaged_middle_line_is_refused_and_left_untouched() {
    let (r, path, mut s) = journaled("damaged", 5);
    play(&mut s, &["roll 3 4", "roll 1 2", "roll 2 1"]);
    drop(s);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[2] = "garbage";
    let damaged = lines.join("\n") + "\n";
    std::fs::write(&path, &damaged).unwrap();
    let err = Session::resume(r, &path).err().unwrap();
    assert!(err.contains(":3:"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn journal_from_a_changed_ruleset_is_refused() {
    let (_, path, s) = journaled("changed", 5);
    drop(s);
    let text = std::fs::read_to_string(ruleset_path("sectionopoly")).unwrap();
    let changed =
        Ruleset::parse("copy.toml", &text.replace("salary = 200", "salary = 400")).unwrap();
    let err = Session::resume(changed, &path).err().unwrap();
    assert!(err.contains("ruleset changed"), "{err}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn journal_is_not_overwritten_by_a_new_game() {
    let path = temp("exists.journal");
    std::fs::write(&path, "precious\n").unwrap();
    let r = rules("sectionopoly");
    let err = Session::new(
        r.clone(),
        &names(&["Ann", "Bob"]),
        5,
        r.options.clone(),
        Some(&path),
    );
    assert!(err.is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious\n");
    std::fs::remove_file(&path).unwrap();
}

fn broken(edit: impl Fn(String) -> String) -> String {
    let text = std::fs::read_to_string(ruleset_path("sectionopoly")).unwrap();
    Ruleset::parse("broken.toml", &edit(text))
        .unwrap_err()
        .to_string()
}

#[test]
fn broken_ruleset_files_are_reported_with_file_and_line() {
    let e = broken(|t| t.replace("rents = [2, 10, 30, 90, 160, 250]", "rents = [2, 10]"));
    assert!(
        e.starts_with("broken.toml:") && e.contains("rents has 2 values"),
        "{e}"
    );
    let e = broken(|t| t.replacen("group = \"brown\"", "group = \"beige\"", 1));
    assert!(e.contains("group 'beige' is not defined"), "{e}");
    let e = broken(|t| t.replacen("index = 3\n", "index = 1\n", 1));
    assert!(e.contains("index 1 is used twice"), "{e}");
    let e = broken(|t| t.replacen("price = 60", "price = \"sixty\"", 1));
    assert!(
        e.starts_with("broken.toml:") && e.contains("invalid type"),
        "{e}"
    );
    let e = broken(|t| t.replace("short_game = false", "short_gaem = false"));
    assert!(e.contains("unknown option 'short_gaem'"), "{e}");
    let e = broken(|t| t.replacen("kind = \"lot\"", "kind = \"lott\"", 1));
    assert!(e.contains("kind 'lott'"), "{e}");
    let e = broken(|t| t + "\n[[squares]\n");
    assert!(e.starts_with("broken.toml:"), "{e}");
    // The line named is the square's.
    let e = broken(|t| t.replace("rents = [4, 20, 60, 180, 320, 450]", "rents = [4]"));
    let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
    let text = std::fs::read_to_string(ruleset_path("sectionopoly")).unwrap();
    let at = text.lines().nth(line - 1).unwrap_or("");
    assert!(
        at.contains("[[squares]]") || at.contains("index = 3"),
        "line {line}: {at}"
    );
}

#[test]
fn a_property_ruleset_with_four_problems_reports_all_four_in_one_run_each_with_its_line() {
    let e = broken(|t| {
        // The second square's build cost (the first square gets the unknown group).
        let at = t.match_indices("build_cost = 50").nth(1).unwrap().0;
        let t = format!("{}build_cost = -50{}", &t[..at], &t[at + 15..]);
        t.replacen("group = \"brown\"", "group = \"beige\"", 1)
            .replace("short_game = false", "short_gaem = false")
            .replace("salary = 200", "salary = -200")
    });
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 4, "{e}");
    for want in [
        "unknown option 'short_gaem'",
        "group 'beige' is not defined",
        "build_cost = -50 must not be negative",
        "[money] salary = -200",
    ] {
        let found = lines.iter().find(|l| l.contains(want));
        let found = found.unwrap_or_else(|| panic!("{want} missing from:\n{e}"));
        let n: usize = found.split(':').nth(1).unwrap().parse().unwrap_or(0);
        assert!(
            found.starts_with("broken.toml:") && n > 0,
            "no file:line on {found}"
        );
    }
}

#[test]
fn unknown_words_in_scripts_are_errors_not_crashes() {
    let r = rules("sectionopoly");
    let mut s = Session::new(
        r.clone(),
        &names(&["Ann", "Bob"]),
        5,
        r.options.clone(),
        None,
    )
    .unwrap();
    let before = s.state.clone();
    for bad in [
        "fly",
        "roll 7 1",
        "roll 1",
        "bid Zed 10",
        "build nowhere",
        "build 99",
        "trade Ann Bob centre",
        "set cash Ann lots",
        "set buildings centre 9",
        "draw chance no-such-card",
        "jail escape",
        "buy now",
        "undo",
    ] {
        let out = s.run_line(bad);
        assert!(
            out.len() == 1 && out[0].starts_with("error: "),
            "{bad}: {out:?}"
        );
        assert_eq!(s.state, before, "{bad}");
    }
}

#[test]
fn every_property_ruleset_passes_the_shared_suite() {
    let dir = temp("suite").parent().unwrap().to_path_buf();
    for name in PROPERTY_RULESETS {
        let r = rules(name);
        let cfg = Config {
            players: 3,
            games: 4,
            seed: 77,
            max_turns: 300,
            check: true,
            steady: false,
        };
        conformance::suite::<Property>(&r, &r.options, &cfg, &dir)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

// --- Journal format 2: regressions for each failure found at the table -------------------

/// A journaled game of a few commands; the file's bytes.
fn written(name: &str) -> (Ruleset, PathBuf, Vec<u8>) {
    let (r, path, mut s) = journaled(name, 9);
    // Roll-off (Bob starts), Bob buys Oversight for 60, then Ann's turn.
    play(
        &mut s,
        &["roll 3 4", "roll 5 5", "roll 1 2", "buy", "end", "roll 3 3"],
    );
    drop(s);
    let bytes = std::fs::read(&path).unwrap();
    (r, path, bytes)
}

fn lines_of(bytes: &[u8]) -> Vec<String> {
    String::from_utf8(bytes.to_vec())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn write_lines(path: &PathBuf, lines: &[String]) -> Vec<u8> {
    let text = lines.join("\n") + "\n";
    std::fs::write(path, &text).unwrap();
    text.into_bytes()
}

/// Resuming must fail with `file:LINE:` and leave the bytes exactly as they were.
fn refused_untouched(r: Ruleset, path: &PathBuf, line: usize, says: &str) {
    let before = std::fs::read(path).unwrap();
    let err = Session::resume(r, path)
        .err()
        .expect("resume must be refused");
    assert!(err.contains(&format!(":{line}:")), "{err}");
    assert!(err.contains(says), "{err}");
    assert_eq!(std::fs::read(path).unwrap(), before, "the file changed");
}

#[test]
fn journal_one_changed_digit_inside_a_record_is_refused_not_a_panic() {
    let (r, path, bytes) = written("digit");
    let mut lines = lines_of(&bytes);
    // The first `roll 3 4` record: change the 3 of its dice.
    lines[1] = lines[1].replacen("[3,4]", "[9,4]", 1);
    assert!(lines[1].contains("[9,4]"), "{}", lines[1]);
    write_lines(&path, &lines);
    refused_untouched(r, &path, 2, "checksum");
}

/// Rewrite a sealed line's checksum so that it matches its (edited) bytes.
fn reseal(line: &str) -> String {
    let at = line.rfind(",\"crc\":\"").unwrap();
    let body = &line[..at];
    format!(
        "{body},\"crc\":\"{:08x}\"}}",
        boardside::journal::crc32(body.as_bytes())
    )
}

#[test]
fn journal_a_changed_amount_with_a_matching_checksum_is_refused_not_a_different_game() {
    let (r, path, bytes) = written("amount");
    let mut lines = lines_of(&bytes);
    // `buy` paid the printed price; claim it paid 1 instead, and fix the checksum too.
    let buy = lines
        .iter()
        .position(|l| l.contains("{\"cmd\":\"buy\""))
        .unwrap();
    let edited = lines[buy].replacen("\"amount\":60", "\"amount\":1", 1);
    assert_ne!(edited, lines[buy], "{}", lines[buy]);
    lines[buy] = reseal(&edited);
    write_lines(&path, &lines);
    refused_untouched(r, &path, buy + 1, "not what the rules give");
}

#[test]
fn journal_a_changed_key_is_refused() {
    let (r, path, bytes) = written("key");
    let mut lines = lines_of(&bytes);
    lines[2] = reseal(&lines[2].replacen("\"events\"", "\"evens\"", 1));
    write_lines(&path, &lines);
    refused_untouched(r, &path, 3, "unreadable record");
}

#[test]
fn journal_a_duplicated_last_line_is_refused_not_applied_twice() {
    let (r, path, bytes) = written("duplicate");
    let mut lines = lines_of(&bytes);
    lines.push(lines.last().unwrap().clone());
    let n = lines.len();
    write_lines(&path, &lines);
    refused_untouched(r, &path, n, "record number");
}

#[test]
fn journal_a_complete_last_line_with_one_damaged_byte_is_damage_not_a_torn_write() {
    let (r, path, bytes) = written("last-byte");
    let mut lines = lines_of(&bytes);
    let n = lines.len();
    let last = lines[n - 1].replacen("roll", "rolL", 1);
    lines[n - 1] = last;
    write_lines(&path, &lines);
    refused_untouched(r, &path, n, "checksum");
}

#[test]
fn journal_a_refused_resume_never_truncates_the_file() {
    let (_, path, mut bytes) = written("refused-torn");
    bytes.extend_from_slice(b"{\"seq\":6,\"rec");
    std::fs::write(&path, &bytes).unwrap();
    let text = std::fs::read_to_string(ruleset_path("sectionopoly")).unwrap();
    let changed =
        Ruleset::parse("copy.toml", &text.replace("salary = 200", "salary = 400")).unwrap();
    let err = Session::resume(changed, &path).err().unwrap();
    assert!(err.contains("ruleset changed"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

/// A new game can be started in a file that holds no game, and its records resume.
fn starts_fresh_there(r: Ruleset, path: &std::path::Path) {
    let mut s = Session::new(
        r.clone(),
        &names(&["Ann", "Bob"]),
        3,
        r.options.clone(),
        Some(path),
    )
    .expect("a file with no game in it: a new one starts there");
    play(&mut s, &["roll 3 4"]);
    drop(s);
    let (s, _) = Session::resume(r, path).unwrap().unwrap();
    assert_eq!(s.history.len(), 1);
}

#[test]
fn journal_an_empty_file_is_no_game_yet_and_a_new_game_starts_there() {
    let path = temp("empty.journal");
    std::fs::write(&path, b"").unwrap();
    let r = rules("sectionopoly");
    assert!(Session::resume(r.clone(), &path).unwrap().is_none());
    starts_fresh_there(r, &path);
}

#[test]
fn journal_a_header_without_its_newline_is_no_game_yet() {
    let (r, path, bytes) = written("torn-header");
    let first = bytes.iter().position(|&b| b == b'\n').unwrap();
    std::fs::write(&path, &bytes[..first]).unwrap();
    assert!(Session::resume(r.clone(), &path).unwrap().is_none());
    // A new game replaces the torn header, and the next record does not glue onto it.
    starts_fresh_there(r, &path);
}

#[test]
fn journal_format_1_written_by_the_previous_release_still_resumes() {
    // Written by release 0.1.0 (format 1): header, then `roll 3 4`, then an undo.
    let (r, path, mut lines, mut live) = format_1("format1.journal", &["roll 3 4", "roll 5 2"]);
    lines.push("\"undo\"".into());
    write_lines(&path, &lines);
    let (mut resumed, msgs) = Session::resume(r.clone(), &path).unwrap().unwrap();
    assert!(
        msgs.iter().any(|m| m.contains("1 commands in effect")),
        "{msgs:?}"
    );
    play(&mut live, &["undo"]);
    assert_eq!(resumed.state, live.state);
    // It goes on in format 1, so the file stays readable by both releases.
    play(&mut resumed, &["roll 6 1"]);
    drop(resumed);
    let last = std::fs::read_to_string(&path).unwrap();
    let last = last.lines().last().unwrap();
    assert!(last.starts_with("{\"command\""), "{last}");
    assert!(Session::resume(r, &path).unwrap().is_some());
}

#[test]
fn device_dice_roll_undo_roll_gives_the_same_dice() {
    let (r, path, mut s) = journaled("reroll", 21);
    let first = s.run_line("roll");
    play(&mut s, &["undo"]);
    assert_eq!(
        s.run_line("roll"),
        first,
        "undo must not let a player re-roll"
    );
    // And across a resume: undo, then the same roll again.
    drop(s);
    let (mut s, _) = Session::resume(r, &path).unwrap().unwrap();
    play(&mut s, &["undo"]);
    assert_eq!(s.run_line("roll"), first);
}

#[test]
fn a_refused_device_roll_uses_up_no_dice() {
    let (_, _, mut s) = journaled("refused-roll", 22);
    let r = s.rules.clone();
    let mut twin = Session::new(r.clone(), &names(&["Ann", "Bob"]), 22, r.options, None).unwrap();
    // Bob starts and lands on Oversight: a purchase waits, so a roll is refused.
    let opening = ["roll 3 4", "roll 5 5", "roll 1 2"];
    play(&mut s, &opening);
    play(&mut twin, &opening);
    let refused = s.run_line("roll");
    assert!(refused[0].starts_with("error:"), "{refused:?}");
    play(&mut s, &["buy", "end"]);
    play(&mut twin, &["buy", "end"]);
    assert_eq!(s.run_line("roll"), twin.run_line("roll"));
}

#[test]
fn check_refuses_an_absurd_start_cash_and_a_negative_card_amount_with_their_lines() {
    let text = std::fs::read_to_string(ruleset_path("sectionopoly")).unwrap();
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let e = broken(|t| t.replace("start_cash = 1500", "start_cash = 9223372036854775807"));
    assert!(
        e.contains("start_cash = 9223372036854775807 is absurd"),
        "{e}"
    );
    assert!(
        e.starts_with(&format!("broken.toml:{}:", line_of("start_cash"))),
        "{e}"
    );
    let e = broken(|t| t.replace("salary = 200", "salary = -5"));
    assert!(
        e.contains("[money] salary = -5 must not be negative"),
        "{e}"
    );
    assert!(
        e.starts_with(&format!("broken.toml:{}:", line_of("salary ="))),
        "{e}"
    );
    // The first card paying money: make its amount negative.
    let at = text.find("kind = \"collect\", amount = ").unwrap();
    let end = at + text[at..].find('}').unwrap();
    let mut t2 = text.clone();
    t2.replace_range(at..end, "kind = \"collect\", amount = -100 ");
    let e = Ruleset::parse("broken.toml", &t2).unwrap_err().to_string();
    assert!(e.contains("amount = -100 must not be negative"), "{e}");
    let card_line = t2[..at].matches('\n').count() + 1;
    let named: usize = e.split(':').nth(1).unwrap().parse().unwrap();
    assert!(
        named <= card_line && card_line - named < 6,
        "{e} (card at {card_line})"
    );
    let e = broken(|t| t.replacen("price = 60", "price = 99999999999", 1));
    assert!(e.contains("price = 99999999999 is absurd"), "{e}");
}

#[test]
fn every_legal_command_is_accepted_and_accepted_commands_are_listed() {
    use boardside::engine::property::Command;
    for name in PROPERTY_RULESETS {
        let r = rules(name);
        // Bids, trades and table dice carry amounts a menu cannot list.
        conformance::legal_agrees::<Property>(&r, &r.options, 3, 4, 400, |c| {
            matches!(
                c,
                Command::Bid { .. } | Command::Trade(_) | Command::Roll { .. }
            )
        })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// A toy family for the suite's own tests: players count up in turn to 10, but the rules
/// forget to give any command at 5, so a live game gets stuck there.
mod stuck {
    use boardside::engine::game::{
        Audience, Deal, Events, Game, Parsed, Play, PlayRng, Said, Started, Story, ToAct, Words,
    };
    use boardside::engine::table::Table;
    use boardside::engine::RuleError;
    use serde_json::{json, Value};

    #[derive(Debug, Clone, PartialEq)]
    pub struct Stuck;

    /// Counting stops at 5 (the rules' mistake) or at 10 (the end).
    fn stopped(s: &(u32, usize)) -> bool {
        s.0 == 5 || s.0 >= 10
    }

    impl Game for Stuck {
        const GAME: &'static str = "stuck";
        const VERBS: &'static str = "count";
        type Rules = ();
        type Options = ();
        type Setup = ();
        type State = (u32, usize);
        type Command = ();
        type Event = ();
        fn parse_rules(_: &str, _: &str) -> Result<(), String> {
            Ok(())
        }
        fn about(_: &()) -> boardside::engine::game::About<'_> {
            boardside::engine::game::About {
                id: "stuck",
                name: "Stuck",
                hash: "0",
                continues: &[],
                summary: "stuck".into(),
                board: serde_json::Value::Null,
            }
        }
        fn options(_: &(), _: &[(&str, &str)]) -> Result<(), String> {
            Ok(())
        }
        fn start(
            _: &(),
            p: &[String],
            _: &(),
            _: Deal<'_, ()>,
        ) -> Result<Started<Self>, RuleError> {
            Ok(Started {
                setup: (),
                state: (0, p.len()),
                intro: vec![],
            })
        }
        fn execute_into(
            r: &(),
            s: &mut (u32, usize),
            _: &(),
            out: &mut Events<()>,
        ) -> Result<(), RuleError> {
            Table::<Stuck>::run(r, s, out, |t| {
                if stopped(t.s) {
                    return Err(RuleError::new("no count now"));
                }
                t.emit(());
                Ok(())
            })
        }
        fn apply(_: &(), s: &mut (u32, usize), _: &()) {
            s.0 += 1;
        }
        fn to_act(_: &(), s: &(u32, usize)) -> ToAct {
            if s.0 >= 10 {
                ToAct::Over { winners: vec![0] }
            } else {
                ToAct::One(s.0 as usize % s.1)
            }
        }
        fn legal(_: &(), s: &(u32, usize)) -> Vec<()> {
            if stopped(s) {
                vec![]
            } else {
                vec![()]
            }
        }
    }

    impl Words for Stuck {
        fn parse(_: &(), _: &(u32, usize), _: &str) -> Result<Parsed<()>, String> {
            Ok(Parsed::Command(()))
        }
        fn format_command(_: &(), _: &(u32, usize), _: &()) -> String {
            "count".into()
        }
        fn narrate(_: &(), s: &(u32, usize), _: &()) -> Option<Said> {
            Some(Said::public(format!("{}", s.0)))
        }
        fn state_json(_: &(), s: &(u32, usize), _: Audience) -> Value {
            json!({ "count": s.0 })
        }
        fn prompt(_: &(), s: &(u32, usize)) -> String {
            format!("count from {}", s.0)
        }
    }

    impl Play for Stuck {
        fn random_command(r: &(), s: &(u32, usize), _: &mut PlayRng) -> Option<()> {
            Self::legal(r, s).pop()
        }
    }

    /// Nothing to report beyond the defaults.
    impl Story for Stuck {}
}

#[test]
fn simulate_fails_when_a_live_game_has_no_legal_command() {
    for check in [false, true] {
        let cfg = Config {
            players: 2,
            games: 1,
            seed: 1,
            max_turns: 100,
            check,
            steady: false,
        };
        let err = simulate::run::<stuck::Stuck>(&(), &(), &cfg)
            .err()
            .expect("a stuck game must fail simulate, not count as a time-up");
        assert!(err.contains("no legal command"), "{err}");
    }
}

#[test]
fn the_grid_game_passes_the_shared_suite() {
    use boardside::engine::grid::Grid;
    let path = format!("{}/rulesets/grid.toml", env!("CARGO_MANIFEST_DIR"));
    let r = boardside::rulesets::load::<Grid>(&path).unwrap();
    let dir = temp("grid-suite").parent().unwrap().to_path_buf();
    for (players, seed) in [(2, 1), (3, 50), (5, 90)] {
        let cfg = Config {
            players,
            games: 6,
            seed,
            max_turns: 400,
            check: true,
            steady: false,
        };
        let report = conformance::suite::<Grid>(&r, &r.options, &cfg, &dir)
            .unwrap_or_else(|e| panic!("{players} players: {e}"));
        assert!(report.commands > 6 * 20, "games too short to mean anything");
    }
}

#[test]
fn every_legal_grid_command_is_accepted_and_accepted_ones_are_listed() {
    use boardside::engine::grid::{Command, Grid};
    let path = format!("{}/rulesets/grid.toml", env!("CARGO_MANIFEST_DIR"));
    let r = boardside::rulesets::load::<Grid>(&path).unwrap();
    // `place` is a correction and table dice are typed in, not menu entries.
    conformance::legal_agrees::<Grid>(&r, &r.options, 3, 4, 300, |c| {
        matches!(c, Command::Place { .. } | Command::Roll { .. })
    })
    .unwrap();
}

#[test]
fn illuminati_passes_the_shared_suite() {
    use boardside::engine::illuminati::Illuminati;
    let path = format!("{}/rulesets/illuminati.toml", env!("CARGO_MANIFEST_DIR"));
    let r = boardside::rulesets::load::<Illuminati>(&path).unwrap();
    let dir = temp("illuminati-suite").parent().unwrap().to_path_buf();
    for (players, seed) in [(2, 3), (4, 40)] {
        let cfg = Config {
            players,
            games: 3,
            seed,
            max_turns: 120,
            check: true,
            steady: false,
        };
        conformance::suite::<Illuminati>(&r, &r.options, &cfg, &dir)
            .unwrap_or_else(|e| panic!("{players} players: {e}"));
    }
}

#[test]
fn every_legal_illuminati_command_is_accepted_and_accepted_ones_are_listed() {
    use boardside::engine::illuminati::{Command, Illuminati};
    let path = format!("{}/rulesets/illuminati.toml", env!("CARGO_MANIFEST_DIR"));
    let r = boardside::rulesets::load::<Illuminati>(&path).unwrap();
    // Amounts of money, the table's dice and corrections are not menu entries.
    conformance::legal_agrees::<Illuminati>(&r, &r.options, 3, 5, 80, |c| {
        matches!(
            c,
            Command::Spend { .. } | Command::Roll { .. } | Command::Set(_)
        )
    })
    .unwrap();
}

/// Issue 13: the simulator's random play never puts a refusal into words. Its probes of
/// moves that may be refused (a trade, a build, an attack) use typed reasons, worded only when
/// a player is shown them; every chosen command is legal.
#[test]
fn random_play_puts_no_refusal_into_words() {
    use boardside::engine::game::Family;
    use boardside::engine::grid::Grid;
    use boardside::engine::illuminati::Illuminati;
    use boardside::engine::RuleError;
    fn family<F: Family>(name: &str) {
        let r = boardside::rulesets::load::<F>(&ruleset_path(name)).unwrap();
        let options = F::options(&r, &[]).unwrap();
        let cfg = Config {
            players: 4,
            games: 40,
            seed: 5,
            max_turns: 1000,
            check: false,
            steady: false,
        };
        let before = RuleError::built_on_this_thread();
        let mut commands = 0;
        for game in 0..cfg.games {
            let outcome =
                simulate::play_fast::<F>(&r, &options, &cfg, cfg.seed + game, None, &mut |_, _| {})
                    .unwrap();
            commands += outcome.commands;
        }
        assert!(commands > 1000, "{name}: only {commands} commands played");
        // A refusal put into words, anywhere on this thread, counts.
        assert_eq!(
            RuleError::built_on_this_thread(),
            before,
            "{name}: refusals worded during random play"
        );
    }
    for name in PROPERTY_RULESETS {
        family::<Property>(name);
    }
    family::<Grid>("grid");
    family::<Illuminati>("illuminati");
}

/// The line of `file:line: ...` in a problem.
fn line_no(problem: &str) -> usize {
    problem
        .split(':')
        .nth(1)
        .unwrap_or("0")
        .trim()
        .parse()
        .unwrap_or(0)
}

#[test]
fn an_unknown_field_hides_no_other_problem_and_a_misspelt_field_is_still_checked() {
    // `salry` is no field of [money]: it is reported, and read as `salary` (the field the
    // table misses), whose value is checked too; the start cash's problem is reported as well.
    let e = broken(|t| {
        t.replace("salary = 200", "salry = -200")
            .replace("start_cash = 1500", "start_cash = -5")
            .replace("[supply]", "[supply]\nhouse = 32")
    });
    for want in [
        "unknown field `salry`",
        "unknown field `house`",
        "[money] salary = -200 must not be negative",
        "[money] start_cash = -5 must not be negative",
    ] {
        let line = e.lines().find(|l| l.contains(want));
        let line = line.unwrap_or_else(|| panic!("{want} missing from:\n{e}"));
        assert!(line_no(line) > 0, "no line on {line}");
    }
}

#[test]
fn an_unknown_game_family_and_a_board_of_too_few_squares_name_their_lines() {
    let dir = temp("family-line");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("gird.toml");
    let text = std::fs::read_to_string(ruleset_path("grid")).unwrap();
    std::fs::write(&path, text.replace("game = \"grid\"", "game = \"gird\"")).unwrap();
    let e = boardside::ui::kinds::for_ruleset(&boardside::games::all(), &path)
        .err()
        .expect("no family is called gird");
    assert!(e.contains("unknown game family 'gird'"), "{e}");
    let line = line_no(&e);
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .nth(line - 1)
            .unwrap()
            .contains("gird"),
        "{e}"
    );
    // A board of three squares: at the last of them.
    let e = broken(|t| {
        let cut = t.match_indices("[[squares]]").nth(3).unwrap().0;
        let decks = t.find("[[decks]]").unwrap_or(t.len()).max(cut);
        format!("{}{}", &t[..cut], &t[decks..])
    });
    let found = e.lines().find(|l| l.contains("the board has 3 squares"));
    assert!(found.is_some_and(|l| line_no(l) > 0), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn absurd_numbers_are_refused_in_every_family_with_their_lines() {
    // Property: a mortgage interest of 1,000,000%.
    let e = broken(|t| {
        t.replace(
            "mortgage_interest_percent = 10",
            "mortgage_interest_percent = 1000000",
        )
    });
    assert!(
        e.contains("mortgage_interest_percent = 1000000 is absurd (at most 100)"),
        "{e}"
    );
    // Illuminati: a bonus that would overflow, a negative tax, a privilege of 4.6e18.
    let text = std::fs::read_to_string(ruleset_path("illuminati")).unwrap();
    let bad = text
        .replacen(
            r#"{ kind = "bonus", on = ["destroy"], amount = 2 }"#,
            r#"{ kind = "bonus", on = ["destroy"], amount = 9223372036854775807 }"#,
            1,
        )
        .replacen(
            r#"{ kind = "privilege", cost = 5 }"#,
            r#"{ kind = "privilege", cost = 4600000000000000000 }"#,
            1,
        );
    let bad = match bad.find(r#"kind = "tax", amount = "#) {
        Some(at) => {
            let end = at + bad[at..].find('}').unwrap();
            format!("{}kind = \"tax\", amount = -3 {}", &bad[..at], &bad[end..])
        }
        None => bad,
    };
    let e = boardside::engine::illuminati::IlluRules::parse("broken.toml", &bad).unwrap_err();
    for want in [
        "a bonus of 9223372036854775807 runs from -50 to 50",
        "a privilege's cost of 4600000000000000000 runs from 0 to 100",
        "a tax of -3 runs from 0 to 100",
    ] {
        let line = e.lines().find(|l| l.contains(want));
        let line = line.unwrap_or_else(|| panic!("{want} missing from:\n{e}"));
        assert!(line_no(line) > 0, "no line on {line}");
    }
}

/// A format 1 journal (no seals) as the previous format wrote it: header, then the records;
/// with the session that played them.
fn format_1(name: &str, lines: &[&str]) -> (Ruleset, PathBuf, Vec<String>, Session) {
    let r = rules("sectionopoly");
    let path = temp(name);
    let mut s = Session::new(
        r.clone(),
        &names(&["Ann", "Bob"]),
        12,
        r.options.clone(),
        None,
    )
    .unwrap();
    let header = serde_json::json!({
        "boardside_journal": 1,
        "ruleset": r.id,
        "ruleset_hash": r.hash,
        "players": ["Ann", "Bob"],
        "seed": 12,
        "options": s.header.options,
        "setup": s.header.setup,
    });
    play(&mut s, lines);
    let mut text = vec![header.to_string()];
    for d in &s.history {
        let mut rec = serde_json::json!({"command": {"cmd": d.cmd, "events": d.events}});
        if !d.device.is_empty() {
            rec["command"]["device_roll"] = serde_json::json!(true);
        }
        text.push(rec.to_string());
    }
    write_lines(&path, &text);
    (r, path, text, s)
}

#[test]
fn journal_format_1_with_a_damaged_key_anywhere_is_refused_with_its_line() {
    // One flipped byte in an option's key: the option would be read as left out.
    let (r, path, mut lines, _) = format_1("f1-option.journal", &["roll 3 4", "roll"]);
    assert!(
        Session::resume(r.clone(), &path).unwrap().is_some(),
        "as written it resumes"
    );
    assert!(lines[0].contains("\"auction_step\""), "{}", lines[0]);
    lines[0] = lines[0].replace("\"auction_step\"", "\"auction_stgp\"");
    write_lines(&path, &lines);
    refused_untouched(r.clone(), &path, 1, "unknown key `options.auction_stgp`");
    // The same in a record's `device_roll`, the device's dice then read as typed ones.
    let (r, path, mut lines, _) = format_1("f1-device.journal", &["roll 3 4", "roll"]);
    assert!(lines[2].contains("\"device_roll\":true"), "{}", lines[2]);
    lines[2] = lines[2].replace("\"device_roll\"", "\"device_rolk\"");
    write_lines(&path, &lines);
    refused_untouched(r, &path, 3, "unknown key `command.device_rolk`");
}

#[test]
fn journal_a_record_of_device_dice_that_the_command_does_not_roll_is_refused() {
    // A roll the device makes records its two d6; damaged to one, and resealed so that the
    // checksum holds, it would shift every later device roll.
    let (r, path, mut s) = journaled("device-faces", 9);
    play(&mut s, &["roll", "roll 3 4"]);
    drop(s);
    let mut lines = lines_of(&std::fs::read(&path).unwrap());
    assert!(lines[1].contains("\"device\":[6,6]"), "{}", lines[1]);
    lines[1] = reseal(&lines[1].replace("\"device\":[6,6]", "\"device\":[6]"));
    write_lines(&path, &lines);
    refused_untouched(r, &path, 2, "the device rolled dice of [6] faces");
}
