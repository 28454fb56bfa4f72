//! The voice: what each family says aloud in a scripted game (golden, through `script
//! --voice-out`), nothing secret ever said, a burst of events kept to a few utterances, a new
//! turn cutting the old one short, muting stopping the voice at once, and WAVs of real speech
//! (espeak-ng needed: without it those tests fail, saying so; CI installs it).

use std::path::{Path, PathBuf};
use std::process::Command;

use boardside::engine::game::{Speech, Weight};
use boardside::voice::queue::{Queue, MOST_WAITING};

fn root(p: &str) -> String {
    format!("{}/{p}", env!("CARGO_MANIFEST_DIR"))
}

/// The game of these lines, seed 3, played with `--voice-out`: the spoken lines and the
/// folder they were written to.
fn spoken(ruleset: &str, players: &str, options: &[&str], script: &str) -> (String, PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "boardside-voice-{}-{ruleset}-{}",
        std::process::id(),
        script.len()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let mut args = vec![
        "script".to_string(),
        "--ruleset".into(),
        root(&format!("rulesets/{ruleset}.toml")),
        "--players".into(),
        players.into(),
        "--seed".into(),
        "3".into(),
        "--voice-out".into(),
        dir.to_string_lossy().into_owned(),
    ];
    for o in options {
        args.push("--option".into());
        args.push((*o).into());
    }
    args.push("-".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, _, err) = crate::script::run(&args, script);
    assert_eq!(code, 0, "{err}");
    let said = std::fs::read_to_string(dir.join("spoken.txt")).unwrap();
    (said, dir)
}

fn golden(name: &str, said: &str) {
    let path = root(&format!("tests/golden/spoken-{name}.txt"));
    if std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1") {
        std::fs::write(&path, said).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(said, want, "{path} (UPDATE_GOLDEN=1 rewrites it)");
}

const PROPERTY: &str = "roll 1 2\nbuy\nend\nroll 1 2\nend\nroll 3 4\nend\nroll 3 3\n";
const GRID: &str = "side Ann scientists\nside Bob religionists\nstart\nroll 2 3\nroll 3 3\n\
                    order Ann attack\norder Bob pray\nnext\norder Ann pray\n";
const ILLUMINATI: &str = "illuminati Ann bavarian\nilluminati Bob ufos\ngoal Bob gnomes\n\
    illuminati Cy gnomes\nuncontrolled cia big-media post-office moonies\nstart\n\
    draw fbi\nattack control bavarian cia\nspend Ann bavarian 3\ninterfere Cy 1\nroll 2 3\n\
    end\ndraw special swiss-bank\ngive-special Cy Bob swiss-bank\npass\n";

#[test]
fn a_property_game_says_turns_rolls_landings_purchases_and_rent() {
    let (said, dir) = spoken(
        "sectionopoly",
        "Ann,Bob",
        &["first_player=listed"],
        PROPERTY,
    );
    assert!(said.contains("Bob pays Ann 4 rent"), "{said}");
    golden("property", &said);
    check_wavs(&dir, &said);
}

#[test]
fn a_grid_round_says_the_reveal_and_the_stun_never_a_sealed_order() {
    let (said, dir) = spoken("grid", "Ann,Bob", &["strip_length=12"], GRID);
    assert!(
        said.contains("Reveal!") && said.contains("stunned"),
        "{said}"
    );
    // Sealed orders are never spoken, before or after the reveal.
    for word in ["attack", "pray", "study"] {
        assert!(!said.to_lowercase().contains(word), "{word} in {said}");
    }
    golden("grid", &said);
    check_wavs(&dir, &said);
}

#[test]
fn an_illuminati_attack_says_the_number_and_the_roll_never_a_hidden_card_or_goal() {
    let (said, dir) = spoken("illuminati", "Ann,Bob,Cy", &[], ILLUMINATI);
    assert!(
        said.contains("needs 5 or less") && said.contains("C.I.A. is taken"),
        "{said}"
    );
    // The special drawn and given, and the UFOs' goal (the Gnomes'), are never said.
    for secret in ["Swiss", "special", "Gnomes", "goal"] {
        assert!(!said.contains(secret), "{secret} in {said}");
    }
    golden("illuminati", &said);
    check_wavs(&dir, &said);
}

/// Each line said has a WAV of real speech: mono 16-bit, a plausible length for its words,
/// and not silence. Without espeak-ng this fails, saying so: a check that passes without
/// checking would hide a silent device.
fn check_wavs(dir: &Path, said: &str) {
    let lines: Vec<&str> = said
        .lines()
        .filter(|l| !l.starts_with("(dropped)"))
        .collect();
    let espeak = Command::new("espeak-ng").arg("--version").output();
    assert!(
        espeak.is_ok_and(|o| o.status.success()),
        "the voice's WAV check needs espeak-ng: install it (apt-get install espeak-ng; \
         .ci/run does)"
    );
    for (i, line) in lines.iter().enumerate() {
        let path = dir.join(format!("{:04}.wav", i + 1));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (rate, samples) =
            pcm16(&bytes).unwrap_or_else(|| panic!("{}: not a WAV", path.display()));
        let seconds = samples.len() as f64 / rate as f64;
        let words = line.split_whitespace().count() as f64;
        assert!(
            seconds > 0.1 * words && seconds < 1.0 + 0.8 * words,
            "{line}: {seconds:.2} s for {words} words"
        );
        // Speech: a loud enough signal, and sound in a good share of 20 ms windows.
        let rms = (samples.iter().map(|&s| (s as f64).powi(2)).sum::<f64>() / samples.len() as f64)
            .sqrt();
        assert!(rms > 300.0, "{line}: rms {rms:.0} is near silence");
        let window = (rate / 50) as usize;
        let loud = samples
            .chunks(window)
            .filter(|w| w.iter().map(|&s| (s as i32).abs()).max().unwrap_or(0) > 1000)
            .count();
        let windows = samples.len().div_ceil(window);
        assert!(
            loud * 3 > windows,
            "{line}: sound in {loud} of {windows} windows"
        );
    }
}

/// A RIFF WAV's sample rate and 16-bit mono samples.
fn pcm16(b: &[u8]) -> Option<(u32, Vec<i16>)> {
    if b.get(0..4)? != b"RIFF" || b.get(8..12)? != b"WAVE" {
        return None;
    }
    let mut at = 12;
    let (mut rate, mut bits, mut channels) = (0, 0, 0);
    while at + 8 <= b.len() {
        let id = &b[at..at + 4];
        let len = u32::from_le_bytes(b[at + 4..at + 8].try_into().ok()?) as usize;
        let body = &b[at + 8..(at + 8 + len).min(b.len())];
        match id {
            b"fmt " => {
                channels = u16::from_le_bytes(body.get(2..4)?.try_into().ok()?);
                rate = u32::from_le_bytes(body.get(4..8)?.try_into().ok()?);
                bits = u16::from_le_bytes(body.get(14..16)?.try_into().ok()?);
            }
            b"data" => {
                if bits != 16 || channels != 1 {
                    return None;
                }
                let samples = body
                    .chunks_exact(2)
                    .map(|c| i16::from_le_bytes([c[0], c[1]]))
                    .collect();
                return Some((rate, samples));
            }
            _ => {}
        }
        at += 8 + len + (len & 1);
    }
    None
}

fn line(weight: Weight, topic: &'static str, text: &str) -> Speech {
    Speech::new(weight, topic, text)
}

#[test]
fn a_burst_of_twenty_events_is_said_in_a_few_lines_the_weightiest_kept() {
    let mut q = Queue::default();
    q.begin();
    let mut dropped = 0;
    for i in 0..20 {
        let (w, topic) = match i % 4 {
            0 => (Weight::Normal, "rent"),
            1 => (Weight::Low, "spent"),
            2 => (Weight::Normal, "move"),
            _ => (Weight::Low, "strip"),
        };
        dropped += q.push(line(w, topic, &format!("line {i}"))).dropped.len();
    }
    dropped += q.push(line(Weight::High, "end", "Ann wins!")).dropped.len();
    let mut said = Vec::new();
    while let Some(s) = q.take_next() {
        said.push(s.text);
    }
    assert!(said.len() <= MOST_WAITING, "{said:?}");
    assert_eq!(said.last().map(String::as_str), Some("Ann wins!"));
    // Three rents in a row: only the latest state of a thing is said.
    assert!(
        !said.iter().any(|s| s == "line 0" || s == "line 4"),
        "{said:?}"
    );
    assert_eq!(dropped + said.len(), 21, "each line said or dropped, once");
}

#[test]
fn a_new_turn_drops_what_waits_from_the_old_one_but_not_its_own_commands_lines() {
    let mut q = Queue::default();
    q.begin();
    q.push(line(Weight::Normal, "rent", "Ann pays Bob 52 rent"));
    q.push(line(Weight::Normal, "card", "Chance: advance to Go"));
    // The next command: the reveal, then a new round, together.
    q.begin();
    assert!(q
        .push(line(Weight::High, "reveal", "Reveal!"))
        .dropped
        .is_empty());
    let pushed = q.push(line(Weight::Turn, "round", "Round 2"));
    assert!(pushed.interrupt, "the line being said stops");
    assert_eq!(pushed.dropped.len(), 2, "the old command's lines go");
    assert_eq!(q.take_next().unwrap().text, "Reveal!");
    assert_eq!(q.take_next().unwrap().text, "Round 2");
}

/// A speech command that writes down each line it starts and finishes, slowly.
fn slow_speaker(dir: &Path) -> boardside::voice::VoiceConfig {
    let script = dir.join("say");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\n[ \"$1\" = --version ] && exit 0\nfor a; do last=\"$a\"; done\n\
             echo \"start $last\" >> {log}\nsleep 3\necho \"end $last\" >> {log}\n",
            log = dir.join("log").display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    boardside::voice::VoiceConfig {
        command: script.to_string_lossy().into_owned(),
        ..Default::default()
    }
}

#[test]
fn muting_the_voice_stops_the_line_being_said_and_forgets_what_waits() {
    let dir = std::env::temp_dir().join(format!("boardside-mute-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = slow_speaker(&dir);
    let mut voice = boardside::voice::speaker::Voice::new(&cfg);
    voice.say(vec![
        line(Weight::Normal, "rent", "Ann pays Bob 52 rent"),
        line(Weight::Normal, "card", "Chance: advance to Go"),
    ]);
    let log = || std::fs::read_to_string(dir.join("log")).unwrap_or_default();
    // Wait (up to ten seconds) for the first line to start, then mute.
    for _ in 0..200 {
        if log().contains("start") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(log().contains("start Ann pays Bob 52 rent"), "{}", log());
    voice.set_on(false);
    // The first line never finishes and the second never starts.
    std::thread::sleep(std::time::Duration::from_millis(3500));
    let said = log();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!said.contains("end "), "{said}");
    assert!(!said.contains("Chance"), "{said}");
}
