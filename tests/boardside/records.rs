//! `boardside records` over a folder of seeded games of all five rulesets, one unfinished and
//! one damaged among them: every figure below was checked by hand against the journals (the
//! winners' events, the rent payments, the bids, the stuns, the rolls) and the rating worked
//! out on paper from the places; the cache, the exports and the device's and web view's
//! pages of the same records.

use boardside::records::{self, export, rating, table, tally};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

const BIN: &str = env!("CARGO_BIN_EXE_boardside");

fn ruleset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rulesets/{name}.toml"))
}

pub(crate) fn rulesets() -> Vec<PathBuf> {
    [
        "sectionopoly",
        "suetology",
        "scientopoly",
        "grid",
        "illuminati",
    ]
    .map(ruleset)
    .to_vec()
}

/// A saved game of the folder: its file, ruleset, seed, players, when it started (seconds
/// after `EVENING`) and how many minutes it lasted; `commands` stops it early.
struct Game {
    file: &'static str,
    ruleset: &'static str,
    seed: u64,
    players: &'static [&'static str],
    start: u64,
    minutes: u64,
    commands: u64,
}

/// 2026-11-27 19:00:00 UTC.
const EVENING: u64 = 1_795_806_000;

const GAMES: [Game; 7] = [
    Game {
        file: "a-sectionopoly.journal",
        ruleset: "sectionopoly",
        seed: 1,
        players: &["Ann", "Bob", "Cy"],
        start: 0,
        minutes: 95,
        commands: u64::MAX,
    },
    Game {
        file: "b-grid.journal",
        ruleset: "grid",
        seed: 3,
        players: &["Ann", "Bob", "Cy", "Dee"],
        start: 2 * 3600,
        minutes: 40,
        commands: u64::MAX,
    },
    Game {
        file: "c-illuminati.journal",
        ruleset: "illuminati",
        seed: 3,
        players: &["Bob", "Cy", "Dee"],
        start: 86_400,
        minutes: 75,
        commands: u64::MAX,
    },
    Game {
        file: "d-scientopoly.journal",
        ruleset: "scientopoly",
        seed: 8,
        players: &["Cy", "Ann", "Bob"],
        start: 86_400 + 2 * 3600,
        minutes: 60,
        commands: u64::MAX,
    },
    Game {
        file: "e-suetology.journal",
        ruleset: "suetology",
        seed: 2,
        players: &["Dee", "Ann", "Bob"],
        start: 2 * 86_400,
        minutes: 80,
        commands: u64::MAX,
    },
    Game {
        file: "f-sectionopoly.journal",
        ruleset: "sectionopoly",
        seed: 5,
        players: &["Bob", "ann", "Cy"],
        start: 2 * 86_400 + 2 * 3600,
        minutes: 70,
        commands: u64::MAX,
    },
    // Stopped after 60 commands: not over, so not counted.
    Game {
        file: "g-unfinished.journal",
        ruleset: "sectionopoly",
        seed: 2,
        players: &["Ann", "Bob", "Eve"],
        start: 3 * 86_400,
        minutes: 20,
        commands: 60,
    },
];

/// The journal's header says it started at `started` (sealed again as the program seals it).
fn set_started(path: &Path, started: u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let (head, rest) = text.split_once('\n').unwrap();
    let body = boardside::journal::unseal(head).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&format!("{body}}}")).unwrap();
    v["started"] = started.into();
    let head = boardside::journal::seal(&serde_json::to_string(&v).unwrap());
    std::fs::write(path, format!("{head}\n{rest}")).unwrap();
}

/// The journal's records say they were made evenly over `minutes` from `start`, the game
/// open all that time (sealed again as the program seals them): the records read a game's end
/// and length from these, never from the file's time.
fn set_times(path: &Path, start: u64, minutes: u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let n = lines.len() as u64 - 1;
    for (k, line) in lines.iter_mut().enumerate().skip(1) {
        let body = boardside::journal::unseal(line).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&format!("{body}}}")).unwrap();
        let k = k as u64;
        v["at"] = (start + k * minutes * 60 / n).into();
        v["open_ms"] = (k * minutes * 60_000 / n).into();
        *line = boardside::journal::seal(&serde_json::to_string(&v).unwrap());
    }
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

fn touch(path: &Path, unix: u64) {
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(unix))
        .unwrap();
}

/// The folder: the seven games, and a copy of the first damaged in its fifth line.
pub(crate) fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardside-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let all = boardside::games::all();
    for g in &GAMES {
        let path = dir.join(g.file);
        let kind = boardside::ui::kinds::for_ruleset(&all, &ruleset(g.ruleset)).unwrap();
        let players: Vec<String> = g.players.iter().map(|p| p.to_string()).collect();
        let saved = boardside::tools::Saved {
            players: &players,
            seed: g.seed,
            commands: g.commands,
            journal: &path,
        };
        let r = ruleset(g.ruleset);
        boardside::with_family!(kind.game(), F => boardside::tools::save_random::<F>(&r, &[], &saved))
            .unwrap();
        set_started(&path, EVENING + g.start);
        set_times(&path, EVENING + g.start, g.minutes);
    }
    let text = std::fs::read_to_string(dir.join(GAMES[0].file)).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[4] = lines[4]
        .replacen("\"seq\":4", "\"seq\":4 ", 1)
        .replacen('e', "E", 1);
    let damaged = dir.join("z-damaged.journal");
    std::fs::write(&damaged, lines.join("\n") + "\n").unwrap();
    touch(&damaged, EVENING + 4 * 86_400);
    dir
}

/// `boardside records --dir DIR` with these arguments: what it printed.
fn records_cli(dir: &Path, more: &[&std::ffi::OsStr]) -> String {
    let run = Command::new(BIN)
        .args(["records", "--dir"])
        .arg(dir)
        .args(more)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{err}");
    String::from_utf8_lossy(&run.stdout).into_owned()
}

fn records_of(dir: &Path) -> (records::Folder, tally::Tally) {
    let f = boardside::games::records(dir, &rulesets());
    let t = tally::tally(&f.games);
    (f, t)
}

/// The lines `boardside records` prints, each checked by hand against the journals: the
/// minutes from the times the folder was given; the winners from each journal's last events
/// (the grid game: Ann alone kept the scientists' side, Bob, Cy and Dee were converted); the
/// places from the standings (bankrupt players level at 0); the ratings worked out on paper
/// from those places in the order the games ended.
const EXPECTED: &[&str] = &[
    "6 finished games; 1 journal damaged (named below)",
    "Dee: 3 games, 1 win, rating 1510, played 3h15, longest streak 1",
    "  rival: Bob",
    "  nemesis: Ann",
    "  wins per game: grid 0/1; illuminati 1/1; suetology 0/1",
    "Bob: 6 games, 3 wins, rating 1507, played 7h00, longest streak 2",
    "  rival: Cy",
    "  wins per game: sectionopoly 1/2; grid 0/1; illuminati 0/1; scientopoly 1/1; suetology 1/1",
    "Cy: 5 games, 0 wins, rating 1495, played 5h40, longest streak 0",
    "Ann: 5 games, 2 wins, rating 1488, played 5h45, longest streak 1",
    "  nemesis: Bob",
    "grid: 1 game, mean length 40 min, mean rounds 15.0",
    "  wins by seat: 1 1/1 (100%), 2 0/1 (0%), 3 0/1 (0%), 4 0/1 (0%)",
    "  wins by side: religionists 0/3 (0%), scientists 1/1 (100%)",
    "illuminati: 1 game, mean length 75 min, mean turns 29.0, mean rounds 10.0",
    "  wins by seat: 1 0/1 (0%), 2 0/1 (0%), 3 1/1 (100%)",
    "  wins by side: The Bavarian Illuminati 0/1 (0%), The Servants of Cthulhu 0/1 (0%), The UFOs 1/1 (100%)",
    "sectionopoly: 2 games, mean length 82 min, mean turns 404.0, mean rounds 135.0",
    "  wins by seat: 1 0/2 (0%), 2 2/2 (100%), 3 0/2 (0%)",
    "suetology: 1 game, mean length 80 min, mean turns 389.0, mean rounds 130.0",
    "grid: longest stun, Ann stunned Cy for 2 rounds (b-grid.journal)",
    "illuminati: biggest attack that succeeded, Dee took California with Multinational Oil Companies and 11 MB (rolled 7, needed 8 or less) (c-illuminati.journal)",
    "scientopoly: longest auction, 5 bids for Publications Org East, won by Ann (d-scientopoly.journal)",
    "scientopoly: most donation paid in one game, Bob paid 2792 credits in donation (d-scientopoly.journal)",
    "sectionopoly: longest auction, 11 bids for Strategy Room, won by Cy (f-sectionopoly.journal)",
    "sectionopoly: most rent paid in one game, Cy paid 10658 OPs in rent (f-sectionopoly.journal)",
    "suetology: longest auction, 6 bids for Water Works, won by Bob (e-suetology.journal)",
    "suetology: most rent paid in one game, Dee paid 8182 in rent (e-suetology.journal)",
    "sectionopoly: 29 Nov 22:10, Bob, ann*, Cy, 70 min (f-sectionopoly.journal)",
    "grid: 27 Nov 21:40, Ann*, Bob, Cy, Dee, 40 min (b-grid.journal)",
    "DAMAGED JOURNALS (NOT COUNTED)",
];

#[test]
fn records_print_every_table_from_the_folder() {
    let dir = folder("print");
    let out = records_cli(&dir, &[]);
    let lines: Vec<&str> = out.lines().collect();
    for want in EXPECTED {
        assert!(lines.contains(want), "no line {want:?} in:\n{out}");
    }
    // The damaged journal named with its line; the unfinished game counted nowhere.
    assert!(
        out.contains("z-damaged.journal:5: the checksum does not match"),
        "{out}"
    );
    assert!(
        !out.contains("Eve") && !out.contains("g-unfinished"),
        "{out}"
    );
    assert!(out.contains(rating::EXPLAINED), "{out}");
}

#[test]
fn the_rating_is_elo_between_every_two_players_by_place() {
    let dir = folder("rating");
    let (f, t) = records_of(&dir);
    // The first game alone, on paper: Bob first, Cy second, Ann third (out first: she went
    // bankrupt at command 249, Cy later). K 32 shared by 2: 16 a pair. Bob beats both from
    // an expected 0.5: +8 +8; Cy beats Ann and loses to Bob: 0; Ann loses both: -16.
    let first = rating::ratings(&f.games[..1], tally::key);
    assert_eq!(first["bob"], 1516.0);
    assert_eq!(first["cy"], 1500.0);
    assert_eq!(first["ann"], 1484.0);
    // All six, worked out by hand from the places (players out in the order they went out)
    // to two decimals.
    let rated = |n: &str| t.players.iter().find(|p| p.name == n).unwrap().rating;
    for (name, want) in [
        ("Ann", 1487.66),
        ("Bob", 1506.77),
        ("Cy", 1495.20),
        ("Dee", 1510.37),
    ] {
        assert!((rated(name) - want).abs() < 0.01, "{name}: {}", rated(name));
    }
    // "ann" in the last game is Ann: one player by name, whatever the case.
    assert_eq!(t.players.len(), 4);
    assert_eq!(t.players.iter().find(|p| p.name == "Ann").unwrap().games, 5);
}

#[test]
fn the_cache_is_rebuilt_when_a_journal_is_damaged_or_deleted() {
    let dir = folder("cache");
    let (first, t1) = records_of(&dir);
    assert_eq!(first.read, 8, "every journal read the first time");
    assert!(dir.join(records::CACHE).exists());
    let (again, t2) = records_of(&dir);
    assert_eq!(again.read, 0, "nothing read again while no journal changed");
    assert_eq!(
        (again.games.clone(), t2.clone()),
        (first.games.clone(), t1.clone())
    );

    // A journal damaged after it was cached: read again, named, no longer counted.
    let f = dir.join("f-sectionopoly.journal");
    let text = std::fs::read_to_string(&f).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[9] = lines[9].replacen("\"seq\":9", "\"seq\":90", 1);
    std::fs::write(&f, lines.join("\n") + "\n").unwrap();
    let (hurt, t3) = records_of(&dir);
    assert_eq!(hurt.read, 1);
    assert_eq!(hurt.games.len(), 5);
    assert!(
        hurt.damaged
            .iter()
            .any(|d| d.contains("f-sectionopoly.journal:10")),
        "{:?}",
        hurt.damaged
    );
    let bob = |t: &tally::Tally| t.players.iter().find(|p| p.name == "Bob").unwrap().games;
    assert_eq!(bob(&t3), 5);

    // A journal deleted: gone from the records and from the cache.
    std::fs::remove_file(dir.join("d-scientopoly.journal")).unwrap();
    let (less, _) = records_of(&dir);
    assert_eq!(less.games.len(), 4);
    assert!(!std::fs::read_to_string(dir.join(records::CACHE))
        .unwrap()
        .contains("d-scientopoly"));

    // A cache that does not read is rebuilt from the journals, with the same figures.
    std::fs::write(dir.join(records::CACHE), "{ not json").unwrap();
    let (rebuilt, t5) = records_of(&dir);
    assert!(rebuilt.note.as_deref().unwrap().contains("rebuilt"));
    assert_eq!(rebuilt.read, 7);
    let (fresh, t6) = {
        std::fs::remove_file(dir.join(records::CACHE)).unwrap();
        records_of(&dir)
    };
    assert_eq!((rebuilt.games, t5), (fresh.games, t6));
}

/// RFC 4180 read back: the fields of each record.
fn csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = vec![];
    let (mut row, mut field, mut quoted, mut chars) =
        (vec![], String::new(), false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => row.push(std::mem::take(&mut field)),
            ('\r', false) => {}
            ('\n', false) => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (c, _) => field.push(c),
        }
    }
    rows
}

#[test]
fn the_exports_open_in_a_spreadsheet_and_in_bg_stats() {
    let dir = folder("export");
    let out = dir.join("export");
    records_cli(&dir, &["--export".as_ref(), out.as_os_str()]);
    let plays = csv(&std::fs::read_to_string(out.join("plays.csv")).unwrap());
    // A header and a row per player per game: 3 + 4 + 3 + 3 + 3 + 3.
    assert_eq!(plays.len(), 20);
    assert!(plays.iter().all(|r| r.len() == plays[0].len()), "{plays:?}");
    let col = |name: &str| plays[0].iter().position(|h| h == name).unwrap();
    let bob_a = plays
        .iter()
        .find(|r| r[col("journal")] == "a-sectionopoly.journal" && r[col("player")] == "Bob")
        .unwrap();
    assert_eq!(bob_a[col("winner")], "true");
    assert_eq!(bob_a[col("place")], "1");
    assert_eq!(bob_a[col("minutes")], "95");
    assert_eq!(bob_a[col("ended")], "2026-11-27 20:35:00");
    // The report linked from each row: the command that draws it, until it is drawn.
    assert!(bob_a[col("report")].starts_with("boardside report "));
    std::fs::write(dir.join("a-sectionopoly.svg"), "<svg/>").unwrap();
    assert_eq!(
        records::report_link(&dir, "a-sectionopoly.journal"),
        dir.join("a-sectionopoly.svg").display().to_string()
    );
    let players = csv(&std::fs::read_to_string(out.join("players.csv")).unwrap());
    assert_eq!(players.len(), 5);
    assert_eq!(&players[2][..5], ["Bob", "false", "6", "3", "1507"]);
    let games = csv(&std::fs::read_to_string(out.join("games.csv")).unwrap());
    assert!(games
        .iter()
        .any(|r| r[0] == "illuminati" && r[5] == "side" && r[6] == "The UFOs" && r[8] == "1"));
    assert!(table::field("a, \"b\"") == "\"a, \"\"b\"\"\"");

    // BG Stats' play file: every reference resolves, one player per name.
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("boardside.bgsplay")).unwrap())
            .unwrap();
    let ids = |k: &str| -> Vec<u64> {
        v[k].as_array()
            .unwrap()
            .iter()
            .map(|x| x["id"].as_u64().unwrap())
            .collect()
    };
    let (players, games) = (ids("players"), ids("games"));
    assert_eq!(players.len(), 4);
    assert_eq!(games.len(), 5);
    let plays = v["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 6);
    for p in plays {
        assert!(games.contains(&p["gameRefId"].as_u64().unwrap()));
        assert_eq!(p["locationRefId"], 1);
        let date = p["playDate"].as_str().unwrap();
        assert_eq!(date.len(), 19, "{date}");
        let scores = p["playerScores"].as_array().unwrap();
        assert!(scores.iter().any(|s| s["winner"] == true));
        for s in scores {
            assert!(players.contains(&s["playerRefId"].as_u64().unwrap()));
            assert!(s["score"].is_string());
            assert!(s["rank"].as_u64().unwrap() >= 1);
        }
        let uuid = p["uuid"].as_str().unwrap();
        assert_eq!(
            uuid.split('-').map(str::len).collect::<Vec<_>>(),
            [8, 4, 4, 4, 12]
        );
    }
    let grid = plays
        .iter()
        .find(|p| p["comments"].as_str().unwrap().contains("b-grid"))
        .unwrap();
    assert_eq!(grid["usesTeams"], true);
    assert_eq!(grid["durationMin"], 40);
}

/// Sealed again after a change, as the program seals a line.
fn reseal(line: &str, from: &str, to: &str) -> String {
    let body = boardside::journal::unseal(line).unwrap();
    boardside::journal::seal(&format!("{}}}", body.replace(from, to)))
}

#[test]
fn records_never_reveal_the_ufos_secret_goal() {
    // Illuminati, seed 11, three players: Cy plays the UFOs and secretly chooses the goal of
    // Illuminati card 4; Bob wins with 13 groups and the goal is never revealed. The same game
    // with another secret goal (card 2) plays out the same: its records must be the same to
    // the letter, or they would tell the goal.
    let dir = std::env::temp_dir().join(format!("boardside-records-ufo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let all = boardside::games::all();
    let kind = boardside::ui::kinds::for_ruleset(&all, &ruleset("illuminati")).unwrap();
    let players: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let one = dir.join("one.journal");
    let saved = boardside::tools::Saved {
        players: &players,
        seed: 11,
        commands: u64::MAX,
        journal: &one,
    };
    let r = ruleset("illuminati");
    boardside::with_family!(kind.game(), F => boardside::tools::save_random::<F>(&r, &[], &saved))
        .unwrap();
    let text = std::fs::read_to_string(&one).unwrap();
    let chosen = "\"goal\":{\"player\":2,\"card\":4}";
    assert!(text.contains(chosen), "the UFOs chose card 4's goal");
    let other: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                l.to_string()
            } else {
                reseal(l, chosen, "\"goal\":{\"player\":2,\"card\":2}")
            }
        })
        .collect();
    let two = dir.join("two.journal");
    std::fs::write(&two, other.join("\n") + "\n").unwrap();
    let a = kind.played(&rulesets(), &one).unwrap().unwrap();
    let b = kind.played(&rulesets(), &two).unwrap().unwrap();
    assert!(!a.winners.contains(&2), "the UFOs did not win");
    assert_eq!(
        records::Played {
            file: String::new(),
            ended: 0,
            ..a
        },
        records::Played {
            file: String::new(),
            ended: 0,
            ..b
        }
    );
    let f = boardside::games::records(&dir, &rulesets());
    assert_eq!(f.games.len(), 2, "{:?}", f.damaged);
    let t = tally::tally(&f.games);
    let text = table::printed(&f, &t, false).join("\n") + &table::csv(&table::plays(&f, &dir));
    assert!(!text.to_lowercase().contains("goal"), "{text}");
}

/// Issue 66, "records ids are not unique": the exports' UUIDs are name-based (RFC 4122
/// version 5, SHA-1), as any other tool computes them, and a play's is made from what
/// identifies it (game, start, players), so renaming its journal keeps it.
#[test]
fn records_export_name_based_uuids_that_stay_when_a_journal_is_renamed() {
    // Python's uuid.uuid5(uuid.NAMESPACE_URL, "boardside:player:ann").
    assert_eq!(
        export::uuid("player", "ann"),
        "084dc9dd-f8fa-53f9-acaf-9b2380416bd7"
    );
    let dir = folder("uuid-rename");
    let uuids = |dir: &Path| -> Vec<String> {
        let (f, _) = records_of(dir);
        let v = export::bgsplay(&f);
        let mut out: Vec<String> = v["plays"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["uuid"].as_str().unwrap().to_string())
            .collect();
        out.sort();
        out
    };
    let before = uuids(&dir);
    let unique: std::collections::BTreeSet<&String> = before.iter().collect();
    assert_eq!(unique.len(), before.len(), "{before:?}");
    std::fs::rename(
        dir.join("a-sectionopoly.journal"),
        dir.join("zz-renamed.journal"),
    )
    .unwrap();
    assert_eq!(uuids(&dir), before, "the same plays after a rename");
}

/// Issue 66, "time is counted while the box is closed": the records take each game's start,
/// end and minutes from its own journal, so a copy of the save folder with new file times
/// (and in another order) gives the same records and the same exports.
#[test]
fn records_are_identical_after_a_copy_of_the_folder_with_new_file_times() {
    let dir = folder("copied-from");
    let copy = dir.with_file_name(format!(
        "{}-copy",
        dir.file_name().unwrap().to_string_lossy()
    ));
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::create_dir_all(&copy).unwrap();
    // Copied newest first, each with a file time of its own, none the game's.
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".journal"))
        .collect();
    names.sort();
    names.reverse();
    for (i, name) in names.iter().enumerate() {
        std::fs::copy(dir.join(name), copy.join(name)).unwrap();
        touch(&copy.join(name), EVENING + 40 * 86_400 + 60 * i as u64);
    }
    let printed = |d: &Path| records_cli(d, &[]).replace(&d.display().to_string(), "DIR");
    assert_eq!(printed(&copy), printed(&dir));
    let (a, b) = (records_of(&dir).0, records_of(&copy).0);
    assert_eq!(export::bgsplay(&a), export::bgsplay(&b));
    for g in &a.games {
        let want = GAMES.iter().find(|w| w.file == g.file).unwrap();
        assert_eq!(g.minutes(), Some(want.minutes), "{}", g.file);
        assert_eq!(
            g.ended,
            EVENING + want.start + want.minutes * 60,
            "{}",
            g.file
        );
    }
}

/// Issue 66, "a time-limit game counted the time the box was closed": the game's open time
/// goes on from where it was when it is resumed, whatever time passed meanwhile.
#[test]
fn a_games_time_runs_only_while_it_is_open() {
    use boardside::engine::property::Property;
    let dir = std::env::temp_dir().join(format!("boardside-open-time-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("timed.journal");
    let rules = boardside::rulesets::load::<Property>(&ruleset("sectionopoly")).unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let o = rules.options.clone();
    let mut g =
        boardside::session::Session::<Property>::new(rules.clone(), &names, 1, o, Some(&path))
            .unwrap();
    assert!(g.run_line("roll").iter().all(|l| !l.starts_with("error")));
    drop(g);
    // The game was last saved after 2 h 57 min open; its header says it started a day ago (the
    // box was closed most of that time).
    set_started(&path, boardside::journal::unix_now() - 86_400);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let last = lines.len() - 1;
    let body = boardside::journal::unseal(&lines[last]).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&format!("{body}}}")).unwrap();
    v["open_ms"] = (177u64 * 60_000).into();
    lines[last] = boardside::journal::seal(&serde_json::to_string(&v).unwrap());
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let (g, _) = boardside::session::Session::<Property>::resume(rules, &path)
        .unwrap()
        .unwrap();
    let open = g.played_ms();
    assert!(
        (177 * 60_000..178 * 60_000).contains(&open),
        "open {open} ms: the day the box was closed is not counted"
    );
}

/// Issue 66, "`startPlayer` is always seat 1": the seat that took the first turn, as the
/// game's own story tells it ("Cy's turn" first), is the play's start player in the export.
#[test]
fn the_start_player_is_the_seat_that_took_the_first_turn() {
    use boardside::engine::illuminati::Illuminati;
    use boardside::engine::property::Property;
    let dir = folder("start-player");
    let (f, _) = records_of(&dir);
    let v = export::bgsplay(&f);
    let mut not_first_seat = 0;
    for (g, play) in f.games.iter().zip(v["plays"].as_array().unwrap()) {
        let path = dir.join(&g.file);
        let story = match g.game.as_str() {
            "illuminati" => boardside::saves::reread::<Illuminati>(&rulesets(), &path)
                .unwrap()
                .story(),
            "grid" => continue,
            _ => boardside::saves::reread::<Property>(&rulesets(), &path)
                .unwrap()
                .story(),
        };
        let told = story
            .iter()
            .find_map(|l| l.strip_suffix("'s turn"))
            .unwrap_or_else(|| panic!("{}: no turn told", g.file));
        let seat = g.players.iter().position(|p| p == told).unwrap();
        assert_eq!(g.first, Some(seat), "{}", g.file);
        let starts: Vec<bool> = play["playerScores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["startPlayer"] == true)
            .collect();
        assert_eq!(starts.iter().filter(|s| **s).count(), 1, "{}", g.file);
        assert!(starts[seat], "{}: {starts:?}", g.file);
        not_first_seat += usize::from(seat != 0);
    }
    assert!(not_first_seat > 0, "the dice chose seat 1 every time");
}

#[test]
fn bankrupt_players_finish_in_the_order_they_went_out() {
    let dir = folder("out-order");
    let (f, _) = records_of(&dir);
    let place = |file: &str| f.games.iter().find(|g| g.file == file).unwrap().places();
    // a: Ann (seat 0) went bankrupt first, Cy later: Bob 1st, Cy 2nd, Ann 3rd, not both 2nd.
    assert_eq!(place("a-sectionopoly.journal"), [3, 1, 2]);
    // e: Ann (seat 1) out before Dee; f: Bob (seat 0) out before Cy.
    assert_eq!(place("e-suetology.journal"), [2, 3, 1]);
    assert_eq!(place("f-sectionopoly.journal"), [3, 1, 2]);
}

#[test]
fn the_grid_counts_rounds_not_turns_and_bg_stats_gets_rounds_and_no_team_scores() {
    let dir = folder("rounds");
    let (f, t) = records_of(&dir);
    let grid = t.games.iter().find(|g| g.game == "grid").unwrap();
    assert_eq!((grid.mean_turns, grid.mean_rounds), (None, Some(15.0)));
    let a = f.games.iter().find(|g| g.game == "sectionopoly").unwrap();
    // Player-turns of three players over three, rounded up: the rounds of the table.
    assert_eq!(a.rounds, a.turns.map(|t| t.div_ceil(3)));
    let v = export::bgsplay(&f);
    for p in v["plays"].as_array().unwrap() {
        let journal = p["comments"].as_str().unwrap();
        let game = f.games.iter().find(|g| journal.ends_with(&g.file)).unwrap();
        assert_eq!(p["rounds"], game.rounds.unwrap(), "{journal}");
        if game.game == "grid" {
            // A team's size is no score of a player's: ranks and winners say it.
            assert!(p["playerScores"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["score"] == ""));
        }
    }
}

#[test]
fn a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text() {
    assert_eq!(table::field("=1+1"), "'=1+1");
    assert_eq!(table::field("@SUM(A1)"), "'@SUM(A1)");
    assert_eq!(table::field("+cmd, x"), "\"'+cmd, x\"");
    // Numbers stay numbers.
    assert_eq!(table::field("-5"), "-5");
    assert_eq!(table::field("Ann"), "Ann");
}

#[test]
fn records_take_the_folder_as_a_word_and_a_missing_folder_is_no_games_yet() {
    let dir = folder("word");
    let run = Command::new(BIN).arg("records").arg(&dir).output().unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(out.starts_with("6 finished games"), "{out}");
    // Reading each journal is not news: nothing logged a journal at a time.
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(!err.contains("a-sectionopoly.journal"), "{err}");
    let none = dir.join("no-such-folder");
    let run = Command::new(BIN)
        .arg("records")
        .arg(&none)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        out.contains("no saved games in") && out.contains("0 finished games"),
        "{out}"
    );
}

#[test]
fn a_binary_file_is_not_a_journal_rather_than_no_game_yet() {
    let dir = std::env::temp_dir().join(format!("boardside-binary-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("picture.journal");
    std::fs::write(&file, [0x89, b'P', b'N', b'G', 0, 1, 2, 0xff]).unwrap();
    let err = boardside::journal::peek(&file).unwrap_err();
    assert!(
        err.contains("picture.journal:1: not a Boardside journal"),
        "{err}"
    );
    // An empty file, or a header a power cut left without its line end, is no game yet.
    std::fs::write(&file, "").unwrap();
    assert_eq!(boardside::journal::peek(&file), Ok(None));
    std::fs::write(&file, "{\"game\":\"gr").unwrap();
    assert_eq!(boardside::journal::peek(&file), Ok(None));
    let _ = std::fs::remove_dir_all(&dir);
}
