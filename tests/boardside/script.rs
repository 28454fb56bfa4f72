//! End-to-end tests through the `boardside` binary: the script protocol, the journal on disk,
//! `check`, `simulate`, and `play` without a terminal.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_boardside");

fn ruleset() -> String {
    format!("{}/rulesets/sectionopoly.toml", env!("CARGO_MANIFEST_DIR"))
}

pub fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let mut cmd = Command::new(BIN);
    cmd.args(args);
    output(cmd, input)
}

/// A command of the program run with `input` on its standard input: its exit code, standard
/// output and standard error.
pub fn output(mut cmd: Command, input: &str) -> (i32, String, String) {
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = spawn(&mut cmd);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn script(extra: &[&str], input: &str) -> String {
    script_in("sectionopoly", extra, input)
}

/// Run a script of the named ruleset for Ann and Bob, seed 3, the first listed player first
/// unless `extra` says otherwise; it must exit 0.
fn script_in(game: &str, extra: &[&str], input: &str) -> String {
    let r = ruleset_named(game);
    let mut args = vec![
        "script",
        "--ruleset",
        &r,
        "--players",
        "Ann,Bob",
        "--seed",
        "3",
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args, input);
    assert_eq!(code, 0, "{err}");
    out
}

fn last_state(out: &str) -> serde_json::Value {
    let line = out.lines().rev().find(|l| l.starts_with('{')).unwrap();
    serde_json::from_str(line).unwrap()
}

#[test]
fn script_plays_a_short_game_with_the_working_shown() {
    let out = script(
        &["--option", "first_player=listed"],
        "# Ann buys the green group, Bob lands on it\n\
         set owner operations-floor Ann\nset owner strategy-room Ann\nset owner red-cell-wing Ann\n\
         roll 1 2\nbuy\nend\nset position Bob 25\nroll 3 3\nstate\n",
    );
    assert!(
        out.contains("Ann pays Housekeeping 60 OPs for Oversight (printed price)"),
        "{out}"
    );
    assert!(
        out.contains("Bob pays Ann 52 OPs rent on Operations Floor (26 x 2, full group)"),
        "{out}"
    );
    let s = last_state(&out);
    assert_eq!(s["current"], "Bob");
    assert_eq!(s["players"][0]["cash"], 1500 - 60 + 52);
    assert_eq!(s["players"][1]["position"], 31);
    assert_eq!(s["winner"], serde_json::Value::Null);
    assert_eq!(s["bank"]["houses"], 32);
    let sq3 = s["squares"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["index"] == 3)
        .unwrap();
    assert_eq!(sq3["owner"], "Ann");
    assert_eq!(sq3["id"], "oversight");
}

#[test]
fn script_errors_leave_the_state_unchanged_and_go_on() {
    let out = script(
        &["--option", "first_player=listed"],
        "state\nend\nbuild 99\nroll 1 2\nstate\n",
    );
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 2, "{out}");
    assert!(out.contains("Ann moves from Briefing (0) to Oversight (3)"));
}

#[test]
fn script_squares_by_id_or_index() {
    let out = script(
        &["--option", "first_player=listed"],
        "set owner 1 Ann\nset owner oversight Ann\nbuild 1\nbuild centre\nstate\n",
    );
    assert!(
        out.lines().filter(|l| l.starts_with("error")).count() == 1,
        "{out}"
    );
    let s = last_state(&out);
    assert_eq!(s["squares"][0]["buildings"], 1);
}

#[test]
fn script_every_verb_is_understood() {
    // Each verb either acts or gives a rule's reason; none is an unknown command.
    let verbs = "roll\nroll 2 2\nbuy\ndecline\nbid Ann 5\npass Bob\nbuild centre\nsell centre\n\
        sell centre all\nmortgage centre\nunmortgage centre\nkeep centre\njail pay\njail card\n\
        tax flat\ntax percent\ndraw chance dividend-50\ntrade Ann Bob centre for $5\npay\n\
        concede\nclaim centre\nend\nundo\nset cash Ann 100\nset position Ann 5\n\
        set owner centre Bob\nset buildings centre 0\nset mortgaged centre no\n\
        set jailed Ann no\nset turn Ann\nprompt\nhelp\nstate\ntime-up\n";
    let out = script(&[], verbs);
    assert!(!out.contains("unknown command"), "{out}");
    // Every correction waited for the roll-off, so both still hold 1500: a tie, not a win.
    assert!(out.contains("Ann and Bob tie for the win"), "{out}");
}

#[test]
fn script_journal_resumes_across_runs() {
    let dir = std::env::temp_dir().join(format!("boardside-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let j = dir.join("game.journal");
    let _ = std::fs::remove_file(&j);
    let js = j.display().to_string();
    let first = script(
        &["--journal", &js, "--option", "first_player=listed"],
        "roll 1 2\nbuy\n",
    );
    assert!(first.contains("now owns Oversight"));
    let r = ruleset();
    let (code, second, err) = run(
        &["script", "--ruleset", &r, "--journal", &js],
        "end\nroll 1 2\nstate\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(second.contains("resumed"), "{second}");
    assert!(
        second.contains("Bob pays Ann 4 OPs rent on Oversight"),
        "{second}"
    );
    let (code, _, err) = run(
        &[
            "script",
            "--ruleset",
            &r,
            "--journal",
            &js,
            "--players",
            "Cy,Dee",
        ],
        "",
    );
    assert_ne!(code, 0);
    assert!(err.contains("players are Ann,Bob"), "{err}");
    std::fs::remove_file(&j).unwrap();
}

/// The console tells its players to resume with `--journal` alone: a saved game of any
/// family resumes without --ruleset, and a ruleset of another family is refused by name with
/// the file left as it was.
#[test]
fn a_saved_game_resumes_with_its_own_ruleset_when_none_is_named() {
    let dir = std::env::temp_dir().join(format!("boardside-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (game, moves, resumed) in [
        ("grid", "side Ann scientists\n", "resumed The grid game"),
        ("suetology", "roll 1 2\n", "resumed Suetology"),
    ] {
        let j = dir.join(format!("{game}.journal"));
        let _ = std::fs::remove_file(&j);
        let js = j.display().to_string();
        script_in(game, &["--journal", &js], moves);
        let (code, out, err) = run(&["script", "--journal", &js], "prompt\n");
        assert_eq!(code, 0, "{game}: {err}");
        assert!(out.contains(resumed), "{game}: {out}");
        assert!(out.contains("1 commands in effect"), "{game}: {out}");
        let before = std::fs::read(&j).unwrap();
        let other = if game == "grid" {
            ruleset()
        } else {
            ruleset_named("grid")
        };
        let (code, _, err) = run(&["script", "--ruleset", &other, "--journal", &js], "");
        assert_eq!(code, 2, "{game}: {err}");
        let held = if game == "grid" { "grid" } else { "property" };
        assert!(
            err.contains(&format!("this journal holds a {held} game")),
            "{game}: {err}"
        );
        assert_eq!(
            std::fs::read(&j).unwrap(),
            before,
            "{game}: the file changed"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A damaged save of a ruleset that shares its family with others (sectionopoly, suetology,
/// scientopoly) is refused with its own damaged line, not another ruleset's mismatch.
#[test]
fn a_damaged_save_is_refused_with_its_own_line_whatever_rulesets_share_its_family() {
    let dir = std::env::temp_dir().join(format!("boardside-damaged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let j = dir.join("game.journal");
    let js = j.display().to_string();
    script(&["--journal", &js], "roll 1 2\nbuy\nend\n");
    let text = std::fs::read_to_string(&j).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Sealed as written, so only replaying it finds the fault: a roll recorded as a purchase.
    let body = boardside::journal::unseal(&lines[1]).unwrap();
    assert!(body.contains("{\"roll\":{\"dice\":[1,2]}}"), "{body}");
    let body = body.replacen("{\"roll\":{\"dice\":[1,2]}}", "\"buy\"", 1);
    lines[1] = boardside::journal::seal(&format!("{body}}}"));
    std::fs::write(&j, lines.join("\n") + "\n").unwrap();
    let damaged = std::fs::read(&j).unwrap();
    let svg = dir.join("g.svg").display().to_string();
    for args in [
        vec!["report", &js, "--out", &svg],
        vec!["script", "--journal", &js],
    ] {
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(&format!("{js}:2: ")), "{args:?}: {err}");
        assert!(!err.contains("suetology"), "{args:?}: {err}");
        assert_eq!(
            std::fs::read(&j).unwrap(),
            damaged,
            "{args:?}: the file changed"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_reports_a_broken_ruleset_with_its_line() {
    let dir = std::env::temp_dir().join(format!("boardside-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    let text = std::fs::read_to_string(ruleset()).unwrap();
    std::fs::write(
        &bad,
        text.replacen("build_cost = 50", "build_cost = -50", 1),
    )
    .unwrap();
    let b = bad.display().to_string();
    let (code, out, _) = run(&["check", &ruleset(), &b], "");
    assert_ne!(code, 0);
    assert!(out.contains("sectionopoly.toml: ok"), "{out}");
    assert!(
        out.contains(&format!("{b}:")) && out.contains("must not be negative"),
        "{out}"
    );
    std::fs::remove_file(&bad).unwrap();
}

/// Issue 53: `check` lists every problem of a file, a value of the wrong type included, and
/// nothing the value read in its place caused.
#[test]
fn check_lists_every_problem_a_wrong_type_included() {
    let dir = std::env::temp_dir().join(format!("boardside-check-all-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    // Per family: the edits, then what must be said (with its line) and what must not.
    type Case<'a> = (
        &'a str,
        &'a [(&'a str, &'a str)],
        &'a [&'a str],
        &'a [&'a str],
    );
    let cases: [Case; 3] = [
        (
            "sectionopoly",
            &[
                ("salary = 200", "salary = \"lots\""),
                ("build_cost = 50", "build_cost = -50"),
            ],
            &["invalid type: string \"lots\"", "must not be negative"],
            &[],
        ),
        (
            "grid",
            &[
                ("strip_length = 24", "strip_length = \"long\""),
                ("rounds = 5", "roundz = 5"),
            ],
            &["invalid type: string \"long\"", "unknown field `roundz`"],
            &["strip_length = 0"],
        ),
        (
            "illuminati",
            &[
                ("power = 10", "power = true"),
                ("transferable = 10", "transferable = -3"),
            ],
            &["invalid type: boolean `true`", "run from 0 to 1000"],
            &[],
        ),
    ];
    for (name, edits, said, unsaid) in cases {
        let mut text = std::fs::read_to_string(format!("{root}/rulesets/{name}.toml")).unwrap();
        for (from, to) in edits {
            assert!(text.contains(from), "{name}: {from}");
            text = text.replacen(from, to, 1);
        }
        let bad = dir.join(format!("{name}.toml"));
        std::fs::write(&bad, &text).unwrap();
        let b = bad.display().to_string();
        let (code, out, err) = run(&["check", &b], "");
        assert_ne!(code, 0, "{name}");
        for s in said {
            assert!(
                out.lines()
                    .any(|l| l.starts_with(&format!("{b}:")) && l.contains(s)),
                "{name}: {s:?} not said with its line: {out}{err}"
            );
        }
        for s in unsaid {
            assert!(!out.contains(s), "{name}: {s:?} said: {out}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn simulate_prints_its_figures() {
    let r = ruleset();
    let (code, out, err) = run(
        &[
            "simulate",
            "--ruleset",
            &r,
            "--players",
            "4",
            "--games",
            "5",
            "--seed",
            "9",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for key in [
        "games/s:",
        "player-turns/s:",
        "turns per game:",
        "seat 1 wins:",
        "seat 4 wins:",
    ] {
        assert!(out.contains(key), "{key} missing: {out}");
    }
}

#[test]
fn play_and_console_without_a_terminal_say_so() {
    let r = ruleset();
    let state = std::env::temp_dir().join(format!("boardside-noterm-{}", std::process::id()));
    for verb in ["play", "console"] {
        let mut child = Command::new(BIN)
            .args([verb, "--ruleset", &r, "--players", "Ann,Bob"])
            .env("BOARDSIDE_STATE", &state)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdin.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{verb}");
        assert!(err.contains("needs a terminal"), "{verb}: {err}");
    }
    let _ = std::fs::remove_dir_all(&state);
}

#[test]
fn tags_enroll_list_and_remove_from_the_command_line() {
    let state = std::env::temp_dir().join(format!("boardside-tags-cli-{}", std::process::id()));
    let tags = |args: &[&str]| {
        let out = Command::new(BIN)
            .arg("tags")
            .args(args)
            .env("BOARDSIDE_STATE", &state)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(tags(&["add", "04a1b2c3", "player", "Ann"]).0, Some(0));
    assert_eq!(
        tags(&["add", "04A1B2C4", "card", "chance", "get-out-of-jail"]).0,
        Some(0)
    );
    let (_, list, _) = tags(&["list"]);
    assert!(list.contains("04A1B2C3  token of Ann"), "{list}");
    assert!(list.contains("piece card:chance:get-out-of-jail"), "{list}");
    assert_eq!(tags(&["remove", "04A1B2C3"]).0, Some(0));
    let (code, _, err) = tags(&["remove", "04A1B2C3"]);
    assert_ne!(code, Some(0));
    assert!(err.contains("not enrolled"), "{err}");
    let (code, _, err) = tags(&["add", "xyz", "player", "Bo"]);
    assert_ne!(code, Some(0));
    assert!(err.contains("not a tag UID"), "{err}");
    // An enrolled tag keeps its meaning until it is removed.
    let (code, _, err) = tags(&["add", "04A1B2C4", "player", "Bo"]);
    assert_ne!(code, Some(0));
    assert!(
        err.contains("is already the piece card:chance:get-out-of-jail"),
        "{err}"
    );
    // A player's name is one word, as the device reads it.
    let (code, _, err) = tags(&["add", "04A1B2C5", "player", "Ann", "Smith"]);
    assert_ne!(code, Some(0));
    assert!(err.contains("a player's name is one word"), "{err}");
    let (code, _, err) = tags(&["add", "04A1B2C5", "player", "Ann Smith"]);
    assert_ne!(code, Some(0));
    assert!(err.contains("one word of letters or digits"), "{err}");
    // The help lists every game's kinds of tag.
    let out = Command::new(BIN)
        .args(["tags", "add", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for kind in [
        "player NAME",
        "deed SQUARE",
        "card move-up",
        "group ID",
        "special ID",
    ] {
        assert!(help.contains(kind), "{kind} missing from:\n{help}");
    }
    let _ = std::fs::remove_dir_all(&state);
}

#[test]
fn bad_players_and_options_are_clear_errors() {
    let r = ruleset();
    for (args, want) in [
        (
            vec!["script", "--ruleset", &r, "--players", "Ann"],
            "2 to 8 players",
        ),
        (
            vec!["script", "--ruleset", &r, "--players", "Ann,ann"],
            "two players",
        ),
        (
            vec![
                "script",
                "--ruleset",
                &r,
                "--players",
                "A,B",
                "--option",
                "fast=yes",
            ],
            "unknown option",
        ),
        (
            vec!["script", "--ruleset", "nope.toml", "--players", "A,B"],
            "nope.toml",
        ),
    ] {
        let (code, _, err) = run(&args, "");
        assert_ne!(code, 0);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn the_documented_example_transcript_is_true() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let script_path = format!("{dir}/docs/examples/first-game.script");
    let r = ruleset();
    let (code, out, err) = run(
        &[
            "script",
            "--ruleset",
            &r,
            "--players",
            "Ann,Bob",
            "--seed",
            "1",
            &script_path,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let expected = std::fs::read_to_string(format!("{dir}/docs/examples/first-game.out")).unwrap();
    assert_eq!(out, expected, "docs/examples/first-game.out is out of date");
}

fn ruleset_named(name: &str) -> String {
    format!("{}/rulesets/{name}.toml", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn suetology_plays_through_the_script_protocol() {
    let out = script_in(
        "suetology",
        &["--option", "first_player=listed"],
        "roll 1 2\ndecline\naccept Bob\naccept Ann\naccept Bob\npass Ann\nplan\nstate\n",
    );
    assert!(
        out.contains("Bob pays the Bank 30 for Birch Street (winning bid)"),
        "{out}"
    );
    assert!(out.contains("error: nobody owes anything now"), "{out}");
    let s = last_state(&out);
    assert_eq!(s["players"][1]["cash"], 1470);
}

#[test]
fn scientopoly_plays_through_the_script_protocol() {
    let out = script_in(
        "scientopoly",
        &[
            "--option",
            "first_player=listed",
            "--option",
            "target_status=12",
        ],
        "roll 1 2\nbuy\nstate\n",
    );
    assert!(
        out.contains("Ann reaches status 1 (instant service, buying East Grinstead)"),
        "{out}"
    );
    let s = last_state(&out);
    assert_eq!(s["players"][0]["status"], 1);
    assert_eq!(s["target_status"], 12);
    let eg = s["squares"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["id"] == "east-grinstead")
        .unwrap();
    assert_eq!(eg["level"], "Mission");
}

#[test]
fn every_shipped_ruleset_checks_ok() {
    let mut args = vec!["check".to_string()];
    for name in [
        "sectionopoly",
        "suetology",
        "scientopoly",
        "grid",
        "illuminati",
    ] {
        args.push(ruleset_named(name));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, _) = run(&args, "");
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.matches(": ok: ").count(), 5, "{out}");
}

/// Run the binary with its own state directory (saved games, tag map), removed afterwards.
fn run_with_state(name: &str, args: &[&str]) -> std::process::Output {
    let state = std::env::temp_dir().join(format!("boardside-{name}-{}", std::process::id()));
    let out = Command::new(BIN)
        .args(args)
        .env("BOARDSIDE_STATE", &state)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&state);
    out
}

#[test]
fn doctor_names_each_device_and_its_fix() {
    let out = run_with_state("doctor", &["doctor"]);
    let text = String::from_utf8_lossy(&out.stdout);
    // No Pi here: not ready, each device with its path and its fix.
    assert_ne!(out.status.code(), Some(0));
    assert!(
        text.contains("/dev/i2c-1") && text.contains("raspi-config"),
        "{text}"
    );
    assert!(text.contains("/dev/spidev0.0"), "{text}");
    assert!(text.contains("ok   saved games go to"), "{text}");
    assert!(text.contains("ok   5 rulesets"), "{text}");
    // Listening (issue 69): the recogniser and its model, and the microphone, each with its
    // fix (no microphone on this machine).
    assert!(
        text.contains("ok   listening: pocketsphinx") || text.contains("pocketsphinx-en-us"),
        "{text}"
    );
    assert!(text.contains("microphone: "), "{text}");
    assert!(
        text.contains("ok   microphone") || text.contains("arecord"),
        "{text}"
    );
}

#[test]
fn play_no_sim_fails_clearly_without_the_pi() {
    let out = run_with_state("nosim", &["play", "--no-sim"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        err.contains("not ready") && err.contains("boardside doctor"),
        "{err}"
    );
}

fn run_bytes(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_line_of_invalid_utf8_on_standard_input_is_refused_and_the_script_goes_on() {
    let r = ruleset();
    let args = [
        "script",
        "--ruleset",
        &r,
        "--players",
        "Ann,Bob",
        "--seed",
        "3",
    ];
    let (code, out, err) = run_bytes(&args, b"roll 3 4\nroll \xff\xfe 4\nroll 5 5\nstate\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("error: line 2 is not UTF-8 text"), "{out}");
    assert!(
        out.contains("Bob rolls 5 + 5 = 10"),
        "the script went on: {out}"
    );
}

/// `tags` with its own state directory; (exit code, stdout, stderr).
fn tags_in(state: &std::path::Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(BIN)
        .arg("tags")
        .args(args)
        .env("BOARDSIDE_STATE", state)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn tags_add_with_a_non_hex_uid_is_refused_not_a_panic() {
    let state = std::env::temp_dir().join(format!("boardside-tags-utf8-{}", std::process::id()));
    for bad in ["aéb", "aéé4", "04A1B2C", "04A1B2C3D", "", "0x04A1B2"] {
        let (code, _, err) = tags_in(&state, &["add", bad, "player", "Ann"]);
        assert_eq!(code, Some(2), "{bad}: {err}");
        assert!(err.contains("not a tag UID"), "{bad}: {err}");
        assert!(!err.contains("panicked"), "{bad}: {err}");
    }
    let _ = std::fs::remove_dir_all(&state);
}

#[test]
fn eight_concurrent_tags_add_lose_no_tag() {
    let state = std::env::temp_dir().join(format!("boardside-tags-race-{}", std::process::id()));
    let children: Vec<_> = (0..8)
        .map(|i| {
            Command::new(BIN)
                .args(["tags", "add", &format!("0A0B0C{i:02X}"), "player"])
                .arg(format!("P{i}"))
                .env("BOARDSIDE_STATE", &state)
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let (_, list, _) = tags_in(&state, &["list"]);
    for i in 0..8 {
        assert!(
            list.contains(&format!("0A0B0C{i:02X}  token of P{i}")),
            "{list}"
        );
    }
    let _ = std::fs::remove_dir_all(&state);
}

#[test]
fn tags_naming_no_square_card_or_group_of_any_ruleset_are_refused() {
    let state = std::env::temp_dir().join(format!("boardside-tags-check-{}", std::process::id()));
    let run = |args: &[&str]| {
        let out = Command::new(BIN)
            .arg("tags")
            .args(args)
            .env("BOARDSIDE_STATE", &state)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&["add", "04A1B2C6", "deed", "nowhere"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("no ruleset here has a piece 'deed:nowhere'"),
        "{err}"
    );
    let (code, err) = run(&["add", "04A1B2C6", "card", "intel", "bogus"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("no ruleset here has a piece 'card:intel:bogus'"),
        "{err}"
    );
    let (code, err) = run(&["add", "04A1B2C6", "group", "atlantis"]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(run(&["add", "04A1B2C6", "deed", "oversight"]).0, Some(0));
    assert_eq!(run(&["add", "04A1B2C7", "group", "cia"]).0, Some(0));
    let _ = std::fs::remove_dir_all(&state);
}

#[test]
fn script_finds_the_default_ruleset_from_any_folder() {
    // An installed layout: the binary in bin/, the rulesets in share/boardside/rulesets.
    let root = std::env::temp_dir().join(format!("boardside-install-{}", std::process::id()));
    let bin = root.join("bin");
    let share = root.join("share/boardside/rulesets");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::create_dir_all(&share).unwrap();
    std::fs::copy(BIN, bin.join("boardside")).unwrap();
    std::fs::copy(ruleset(), share.join("sectionopoly.toml")).unwrap();
    let elsewhere = root.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let mut cmd = Command::new(bin.join("boardside"));
    cmd.args(["script", "--players", "Ann,Bob", "--seed", "3", "-"])
        .current_dir(&elsewhere)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let out = spawn(&mut cmd).wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("starting money"), "{text}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_closed_output_pipe_is_not_a_crash() {
    // `boardside simulate ... | head`: the reader goes away; the Pi build aborts on a panic.
    let mut child = Command::new(BIN)
        .args([
            "simulate",
            "--ruleset",
            &ruleset(),
            "--games",
            "50",
            "--seed",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{err}");
}

/// A random game of family `F` saved under `state/games/NAME.journal`, as the device saves
/// one: the seeded random player makes `moves` commands (or fewer if the game ends).
fn saved_random_game<F: boardside::engine::game::Family>(
    ruleset: &str,
    state: &std::path::Path,
    name: &str,
    players: &[&str],
    moves: usize,
) {
    use rand::SeedableRng;
    let rules = boardside::rulesets::load::<F>(ruleset).unwrap();
    let opts = F::options(&rules, &[]).unwrap();
    let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    let games = state.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let journal = games.join(format!("{name}.journal"));
    let mut s =
        boardside::session::Session::<F>::new(rules, &names, 5, opts, Some(&journal)).unwrap();
    let mut rng = boardside::engine::game::PlayRng::seed_from_u64(5);
    for _ in 0..moves {
        if s.over() {
            break;
        }
        let Some(cmd) = F::random_command(&s.rules, &s.state, &mut rng) else {
            break;
        };
        s.command(cmd).unwrap();
    }
}

/// Draw `report --last` into the state folder; the SVG's text (titles, axis labels, series).
fn report_last(state: &std::path::Path, out: &str) -> String {
    let mut child = Command::new(BIN)
        .args(["report", "--last", "--out"])
        .arg(state.join(format!("{out}.svg")))
        .arg("--out")
        .arg(state.join(format!("{out}.png")))
        .env("BOARDSIDE_STATE", state)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take();
    let done = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(done.status.success(), "report failed: {err}");
    // The PNG: its signature, and the width the report draws at.
    let png = std::fs::read(state.join(format!("{out}.png"))).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    assert_eq!(
        u32::from_be_bytes([png[16], png[17], png[18], png[19]]),
        1000
    );
    std::fs::read_to_string(state.join(format!("{out}.svg"))).unwrap()
}

/// Whether one of the SVG's text elements says exactly `text`.
fn has_text(svg: &str, text: &str) -> bool {
    svg.split("<text").skip(1).any(|t| {
        let inner = t
            .split_once('>')
            .and_then(|(_, rest)| rest.split_once("</text>"))
            .map(|(inner, _)| inner.trim())
            .unwrap_or("");
        let plain = inner
            .replace("&apos;", "'")
            .replace("&#39;", "'")
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        plain == text
    })
}

#[test]
fn report_last_draws_a_saved_game_of_each_family_with_its_series_and_axis_labels() {
    let state = std::env::temp_dir().join(format!("boardside-report-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state);
    // A property game: net worth lines per player, the four who-paid-whom tables, landings.
    saved_random_game::<boardside::engine::property::Property>(
        &ruleset_named("scientopoly"),
        &state,
        "a",
        &["Ann", "Bob", "Cy"],
        400,
    );
    let svg = report_last(&state, "property");
    for t in [
        "Worth (cash, squares at their price or mortgage value, buildings)",
        "Status",
        "turn",
        "worth",
        "Ann",
        "Bob",
        "Cy",
        "Who paid whom: rent",
        "Who paid whom: tax",
        "Who paid whom: cards",
        "Who paid whom: buildings",
        "Landings per square",
    ] {
        assert!(has_text(&svg, t), "{t} missing from the property report");
    }
    assert!(svg.matches("<polyline").count() >= 3, "a line per player");
    std::thread::sleep(std::time::Duration::from_millis(20));
    // The grid game: the two strips and the two teams over the rounds.
    saved_random_game::<boardside::engine::grid::Grid>(
        &ruleset_named("grid"),
        &state,
        "b",
        &["Ann", "Bob"],
        300,
    );
    let svg = report_last(&state, "grid");
    for t in [
        "Power strips",
        "Team sizes",
        "round",
        "strip",
        "pieces",
        "scientists' strip",
        "religionists' strip",
        "scientists",
        "religionists",
    ] {
        assert!(has_text(&svg, t), "{t} missing from the grid report");
    }
    std::thread::sleep(std::time::Duration::from_millis(20));
    // Illuminati: money and groups per player over the turns.
    saved_random_game::<boardside::engine::illuminati::Illuminati>(
        &ruleset_named("illuminati"),
        &state,
        "c",
        &["Ann", "Bob", "Cy"],
        300,
    );
    let svg = report_last(&state, "illuminati");
    for t in [
        "Money in each power structure",
        "Groups controlled",
        // Issue 68: what each played for, in words.
        "What each played for",
        "turn",
        "megabucks",
        "groups",
        "Ann",
        "Bob",
        "Cy",
    ] {
        assert!(has_text(&svg, t), "{t} missing from the Illuminati report");
    }
    // KEEP_REPORTS=1 keeps the pictures to look at.
    if std::env::var_os("KEEP_REPORTS").is_none() {
        let _ = std::fs::remove_dir_all(&state);
    }
}

#[test]
fn simulate_compare_sets_house_rules_side_by_side_with_intervals() {
    let dir = std::env::temp_dir().join(format!("boardside-lab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plot = dir.join("lab.svg");
    let r = ruleset();
    let p = plot.display().to_string();
    let (code, out, err) = run(
        &[
            "simulate",
            "--ruleset",
            &r,
            "--games",
            "30",
            "--players",
            "3",
            "--compare",
            "short_game=true",
            "short_game=false",
            "--plot",
            &p,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.is_empty(),
        "no progress bar when standard error is not a terminal: {err}"
    );
    for want in [
        "house-rule lab: 30 games per set",
        "short_game=false minus short_game=true (95% CI)",
        "turns per game",
        "lead changes per game",
        "seats out per game",
        "seat 1 wins",
        "seat 3 wins",
    ] {
        assert!(out.contains(want), "{want} missing:\n{out}");
    }
    let turns = out
        .lines()
        .find(|l| l.starts_with("turns per game"))
        .unwrap();
    assert!(turns.contains(" to ") && turns.contains('('), "{turns}");
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.contains("Game length") && svg.contains("Lead changes"));
    // The same seeds in every set: a set compared with itself differs by exactly nothing.
    let (code, out, _) = run(
        &[
            "simulate",
            "--ruleset",
            &r,
            "--games",
            "10",
            "--compare",
            "short_game=false",
            "short_game=false",
        ],
        "",
    );
    assert_eq!(code, 0);
    let turns = out
        .lines()
        .find(|l| l.starts_with("turns per game"))
        .unwrap();
    assert!(turns.contains("+0.0 (+0.0 to +0.0)"), "{turns}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn under_systemd_the_log_lines_carry_their_syslog_priority_elsewhere_plain_lines() {
    use std::os::unix::fs::MetadataExt;
    let dir = std::env::temp_dir().join(format!("boardside-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A saved game whose ruleset cannot be found (a ruleset of the table's own, then gone):
    // the resume is refused, and logged.
    let journal = dir.join("g.journal");
    let own = dir.join("own").join("house.toml");
    std::fs::create_dir_all(own.parent().unwrap()).unwrap();
    let text = std::fs::read_to_string(ruleset()).unwrap();
    std::fs::write(
        &own,
        text.replace("id = \"sectionopoly\"", "id = \"house-opoly\""),
    )
    .unwrap();
    let (code, _, _) = run(
        &[
            "script",
            "--ruleset",
            &own.display().to_string(),
            "--players",
            "Ann,Bob",
            "--journal",
            &journal.display().to_string(),
        ],
        "roll 1 2\n",
    );
    assert_eq!(code, 0);
    std::fs::remove_dir_all(own.parent().unwrap()).unwrap();
    let log = dir.join("stderr.txt");
    let err = std::fs::File::create(&log).unwrap();
    let m = std::fs::metadata(&log).unwrap();
    let status = Command::new(BIN)
        .args(["report", "--ruleset", "/nowhere/x.toml", "--out"])
        .arg(dir.join("x.svg"))
        .arg(&journal)
        .env("JOURNAL_STREAM", format!("{}:{}", m.dev(), m.ino()))
        .env("RUST_LOG", "info")
        .current_dir(&dir)
        .stdout(Stdio::null())
        .stderr(err)
        .status()
        .unwrap();
    assert!(!status.success());
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.lines().any(|l| l.starts_with("<4>resume refused: ")),
        "a warning, with journald's priority prefix:\n{text}"
    );
    // Without systemd: plain lines with the level written out.
    let out = Command::new(BIN)
        .args(["report", "--ruleset", "/nowhere/x.toml", "--out"])
        .arg(dir.join("x.svg"))
        .arg(&journal)
        .env_remove("JOURNAL_STREAM")
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.lines()
            .any(|l| l.contains("WARN") && l.contains("resume refused")),
        "{text}"
    );
    // RUST_LOG=error hides warnings.
    let out = Command::new(BIN)
        .args(["report", "--ruleset", "/nowhere/x.toml", "--out"])
        .arg(dir.join("x.svg"))
        .arg(&journal)
        .env("RUST_LOG", "error")
        .env_remove("JOURNAL_STREAM")
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(!text.contains("resume refused"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn simulate_with_several_jobs_gives_the_figures_of_one_job() {
    // Everything but the rates (which depend on the machine) must be the same.
    let figures = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| !l.contains("/s:"))
            .map(str::to_string)
            .collect()
    };
    for (game, players) in [("sectionopoly", "4"), ("illuminati", "3"), ("grid", "2")] {
        let r = ruleset_named(game);
        let args = |jobs: &'static str| {
            vec![
                "simulate".to_string(),
                "--ruleset".into(),
                r.clone(),
                "--games".into(),
                "13".into(),
                "--players".into(),
                players.into(),
                "--jobs".into(),
                jobs.into(),
            ]
        };
        let one = args("1");
        let four = args("4");
        let (c1, o1, e1) = run(&one.iter().map(String::as_str).collect::<Vec<_>>(), "");
        let (c4, o4, e4) = run(&four.iter().map(String::as_str).collect::<Vec<_>>(), "");
        assert_eq!((c1, c4), (0, 0), "{e1}{e4}");
        assert_eq!(figures(&o1), figures(&o4), "{game}");
        assert!(figures(&o1).len() >= 4, "{o1}");
    }
    // The lab too: the same games whatever the threads.
    let r = ruleset();
    let lab = |jobs: &str| {
        run(
            &[
                "simulate",
                "--ruleset",
                &r,
                "--games",
                "9",
                "--jobs",
                jobs,
                "--compare",
                "short_game=true",
                "short_game=false",
            ],
            "",
        )
        .1
    };
    assert_eq!(lab("1"), lab("3"));
}

#[test]
fn simulate_figures_for_a_seed_stay_as_recorded() {
    // Speed work must not change what a seed plays: every figure but the rates is kept in
    // tests/golden/simulate-RULESET.txt (UPDATE_GOLDEN=1 rewrites them, for a change of rules
    // that is explained in its commit).
    for game in [
        "sectionopoly",
        "suetology",
        "scientopoly",
        "grid",
        "illuminati",
    ] {
        let r = ruleset_named(game);
        let players = if game == "grid" { "2" } else { "4" };
        let (code, out, err) = run(
            &[
                "simulate",
                "--ruleset",
                &r,
                "--games",
                "40",
                "--seed",
                "3",
                "--players",
                players,
                "--jobs",
                "2",
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let figures: String = out
            .lines()
            .filter(|l| !l.contains("/s:"))
            .map(|l| format!("{l}\n"))
            .collect();
        let path = format!(
            "{}/tests/golden/simulate-{game}.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        if std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1") {
            std::fs::write(&path, &figures).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(figures, want, "{game}: the figures for seed 3 changed");
    }
}

/// Each console example in the README (a block that starts `cargo run --release -- console`)
/// plays as written: every line accepted, none refused.
#[test]
fn the_readmes_console_examples_work_as_written() {
    let readme =
        std::fs::read_to_string(format!("{}/README.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut examples = 0;
    for block in readme.split("```").skip(1).step_by(2) {
        let mut lines = block.lines().filter(|l| !l.trim().is_empty());
        let Some(first) = lines.next() else { continue };
        let Some(args) = first.trim().strip_prefix("cargo run --release -- console ") else {
            continue;
        };
        let mut argv: Vec<String> = vec!["script".into()];
        for a in args.split_whitespace() {
            argv.push(match a.strip_prefix("rulesets/") {
                Some(f) => format!("{}/rulesets/{f}", env!("CARGO_MANIFEST_DIR")),
                None => a.to_string(),
            });
        }
        let input: String = lines
            .map(|l| format!("{}\n", l.split('#').next().unwrap_or("").trim()))
            .collect();
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let (code, out, err) = run(&argv, &input);
        assert_eq!(code, 0, "{first}: {err}");
        assert!(
            !out.lines().any(|l| l.starts_with("error")),
            "{first}:\n{out}"
        );
        examples += 1;
    }
    assert!(examples >= 2, "the grid and Illuminati examples");
}

/// `boardside odds` on a saved game prints each side's chance with its interval, and says
/// what the figures rest on.
#[test]
fn odds_on_a_saved_game_prints_each_players_chance_with_an_interval() {
    let dir = std::env::temp_dir().join(format!("boardside-odds-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let journal = dir.join("game.journal");
    let j = journal.to_string_lossy().into_owned();
    let r = ruleset();
    let (code, _, err) = run(
        &[
            "script",
            "--ruleset",
            &r,
            "--players",
            "Ann,Bob",
            "--journal",
            &j,
            "-",
        ],
        "roll 1 2\nbuy\nend\n",
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["odds", &j, "--rollouts", "200", "--jobs", "2"], "");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("Ann ") && lines[0].contains("% ±"),
        "{out}"
    );
    assert!(lines[1].starts_with("Bob "), "{out}");
    assert!(lines[2].starts_with("200 games played out"), "{out}");
}

#[test]
fn web_on_needs_the_address_to_listen_on_and_web_off_undoes_it() {
    let dir = std::env::temp_dir().join(format!("boardside-web-switch-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let (code, _, err) = run(&["web", "on", "--unit-dir", d], "");
    assert_eq!(code, 2);
    assert!(err.contains("--listen 192.168.1.20:8080"), "{err}");
    assert!(!dir.exists(), "nothing written");
    let (code, out, _) = run(
        &["web", "on", "--listen", "127.0.0.1:8080", "--unit-dir", d],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("daemon-reload"), "{out}");
    let unit = std::fs::read_to_string(dir.join("boardside.service.d/web.conf")).unwrap();
    assert!(unit.contains("BOARDSIDE_WEB=127.0.0.1:8080"), "{unit}");
    let (code, out, _) = run(&["web", "off", "--unit-dir", d], "");
    assert_eq!((code, out.contains("removed")), (0, true), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The command started. A copy of the program just written by one test can be "busy" for a
/// moment (ETXTBSY): a process another test thread forked meanwhile holds the copy's write
/// handle until it execs (close-on-exec closes it only then), so the start is tried again.
fn spawn(cmd: &mut Command) -> std::process::Child {
    for _ in 0..100 {
        match cmd.spawn() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(20))
            }
            started => return started.unwrap(),
        }
    }
    cmd.spawn().unwrap()
}

/// The program alone in an empty folder: `$HOME` and the state folder there too.
fn alone(dir: &std::path::Path, args: &[&str], input: &str) -> (i32, String, String) {
    let mut cmd = Command::new(dir.join("boardside"));
    cmd.args(args)
        .current_dir(dir)
        .env("BOARDSIDE_STATE", dir.join("state"))
        .env("HOME", dir)
        .env_remove("XDG_STATE_HOME")
        .env_remove("XDG_CONFIG_HOME");
    output(cmd, input)
}

#[test]
fn the_program_alone_in_an_empty_folder_plays_every_family_and_enrolls_every_kind_of_tag() {
    let dir = std::env::temp_dir().join(format!("boardside-alone-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(BIN, dir.join("boardside")).unwrap();
    // Every shipped ruleset is there, built in.
    let (code, out, err) = alone(&dir, &["check"], "");
    assert_eq!(code, 0, "{out}{err}");
    for name in [
        "grid",
        "illuminati",
        "scientopoly",
        "sectionopoly",
        "suetology",
    ] {
        assert!(
            out.contains(&format!("(built in)/{name}.toml: ok")),
            "{name}: {out}"
        );
    }
    // A game of each family starts, is saved, and resumes by its journal alone.
    let games: [(&str, &str, &str); 5] = [
        ("sectionopoly.toml", "Ann,Bob", "roll 3 4\n"),
        ("suetology.toml", "Ann,Bob", "roll 3 4\n"),
        ("scientopoly.toml", "Ann,Bob", "roll 3 4\n"),
        (
            "grid.toml",
            "Ann,Bob",
            "side Ann scientists\nside Bob religionists\nstart\n",
        ),
        (
            "illuminati.toml",
            "Ann,Bob,Cy",
            "illuminati Ann bavarian\nilluminati Bob gnomes\nilluminati Cy network\n",
        ),
    ];
    for (ruleset, players, lines) in games {
        let journal = format!("{ruleset}.journal");
        let (code, out, err) = alone(
            &dir,
            &[
                "script",
                "--ruleset",
                ruleset,
                "--players",
                players,
                "--seed",
                "3",
                "--journal",
                &journal,
            ],
            lines,
        );
        assert_eq!(code, 0, "{ruleset}: {out}{err}");
        assert!(!out.contains("error"), "{ruleset}: {out}");
        let (code, out, err) = alone(&dir, &["script", "--journal", &journal], "state\n");
        assert_eq!(code, 0, "{ruleset} resumed: {out}{err}");
        assert!(!out.contains("error"), "{ruleset} resumed: {out}");
    }
    // A shipped ruleset by its bare name, as a table would type it.
    let (code, out, err) = alone(
        &dir,
        &[
            "simulate",
            "--ruleset",
            "grid",
            "--games",
            "2",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(code, 0, "simulate --ruleset grid: {out}{err}");
    let (code, out, err) = alone(&dir, &["check", "suetology"], "");
    assert_eq!(code, 0, "check suetology: {out}{err}");
    assert!(out.contains("suetology.toml: ok"), "{out}");
    // A tag of each kind, with and without naming the ruleset.
    let kinds: [&[&str]; 7] = [
        &["player", "Ann"],
        &["deed", "centre"],
        &["card", "chance", "advance-to-go"],
        &["card", "move-up"],
        &["group", "cia"],
        &["special", "assassination"],
        &["card", "attack"],
    ];
    for (i, words) in kinds.iter().enumerate() {
        let uid = format!("0A1B2C{i:02X}");
        let mut args = vec!["tags", "add", uid.as_str()];
        args.extend_from_slice(words);
        let (code, out, err) = alone(&dir, &args, "");
        assert_eq!(code, 0, "{words:?}: {out}{err}");
        assert!(out.contains("is now the"), "{words:?}: {out}");
    }
    let (code, out, err) = alone(
        &dir,
        &[
            "tags",
            "--ruleset",
            "grid.toml",
            "add",
            "0A1B2CFF",
            "card",
            "pray",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = alone(
        &dir,
        &[
            "tags",
            "--ruleset",
            "grid.toml",
            "add",
            "0A1B2CFE",
            "group",
            "cia",
        ],
        "",
    );
    assert_ne!(code, 0, "a group is not a grid piece: {out}{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tables_own_rulesets_folder_adds_to_the_built_in_ones_and_overrides_by_name() {
    let dir = std::env::temp_dir().join(format!("boardside-own-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("sectionopoly.toml"), "# the table's own\n").unwrap();
    std::fs::write(dir.join("house.toml"), "# a new one\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a ruleset\n").unwrap();
    let built = boardside::rulesets::built_in();
    let list = boardside::rulesets::with_folder(built.clone(), Some(&dir));
    assert_eq!(list.len(), built.len() + 1, "{list:?}");
    assert!(list.contains(&dir.join("sectionopoly.toml")), "{list:?}");
    assert!(!list
        .iter()
        .any(|p| p.ends_with("(built in)/sectionopoly.toml")));
    assert!(list.contains(&dir.join("house.toml")));
    assert!(!list.iter().any(|p| p.ends_with("notes.txt")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Saves written by an earlier release keep resuming: a scientopoly game saved with the
/// ruleset as it was before its landings were called donations (a change of words only)
/// resumes with today's built-in ruleset, which names that version in `continues`.
#[test]
fn a_scientopoly_game_saved_before_donations_resumes_with_todays_ruleset() {
    let dir = std::env::temp_dir().join(format!("boardside-continues-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let today = std::fs::read_to_string(format!(
        "{}/rulesets/scientopoly.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    // The earlier file: today's without the lines the changes since added (the words, and
    // later the comment on rent that must be asked).
    let added = [
        "# Games saved with the file as it was before `rent = \"donation\"`, and before the comment on",
        "# rent that must be asked (changes of words only), resume with this one.",
        "continues = [\"e2dd76318b7cbf91\", \"3b32aa6f2a9db916\"]",
        "# - With the house rule \"Rent must be asked\" (sectionopoly's, the owner asks before the second",
        "#   player after the payer throws): the status point comes with the donation asked, since the",
        "#   status is had in exchange for the donation; a donation never asked gives no point. A table",
        "#   that counts the point on the landing itself sets status_when_unasked = true (\"Status if",
        "#   not asked: on\"), and then only the donation waits to be asked.",
        "# The rulebook's word for what a landing pays the owner (a service donation), on every square.",
        "rent = \"donation\"",
    ];
    let earlier: String = today
        .split_inclusive('\n')
        .filter(|l| !added.contains(&l.trim_end()))
        .collect();
    assert_eq!(
        boardside::engine::ruleset_file::content_hash(earlier.as_bytes()),
        "e2dd76318b7cbf91",
        "the earlier file rebuilt exactly"
    );
    let old = dir.join("scientopoly.toml");
    std::fs::write(&old, &earlier).unwrap();
    let journal = dir.join("game.journal");
    let (j, o) = (journal.display().to_string(), old.display().to_string());
    let (code, out, err) = run(
        &[
            "script",
            "--ruleset",
            &o,
            "--players",
            "Ann,Bob",
            "--seed",
            "3",
            "--journal",
            &j,
        ],
        "roll 3 4\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    std::fs::remove_file(&old).unwrap();
    // Resumed with the built-in ruleset alone, by the program in that folder.
    std::fs::copy(BIN, dir.join("boardside")).unwrap();
    let (code, out, err) = alone(&dir, &["script", "--journal", "game.journal"], "state\n");
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("error"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
