//! The device's ears (issue 69): Debian's pocketsphinx with its installed US English model,
//! run as a program the way espeak-ng is (nothing linked into the binary, no model fetched at
//! run time), restricted to a grammar of what can be said now. Beside the phrases, a loop of
//! the model's phones hears any other sentence, so chatter is "nothing", never the nearest
//! command. Recordings are WAV files (`wav`), taken at 16 kHz, one channel.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

use super::said::AMOUNT;

/// Where Debian's packages put the recogniser and its model.
const PROGRAM: &str = "pocketsphinx_continuous";
const MODEL: &str = "/usr/share/pocketsphinx/model/en-us/en-us";
const DICTIONARY: &str = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict";
/// The recogniser's word insertion penalty (its `-wip`): each phone of the loop is a word,
/// so a sentence heard as phones pays it once a phone, a phrase once a word. Measured with
/// the bench (`cargo bench -- hear`): 1e-1 hears 99% of phrases as their own and 99 of 100
/// chatter sentences as nothing; 1e-2 lets chatter through as "again" (94 of 100), 1 misses
/// phrases (97.8%).
const WORD_PRICE: &str = "1e-1";
/// The grammar's odds that a sentence is not a move (the phone loop's share of the start):
/// the phrases share the rest.
const CHATTER: f64 = 0.5;
/// How to install them.
pub const INSTALL: &str = "sudo apt install pocketsphinx pocketsphinx-en-us";

/// The model's phones: a sentence outside the grammar is heard as a loop of them, each a
/// "word" of one phone (`ph` and its name), priced as every word is (`WORD_PRICE`): a
/// phrase of a few words wins where it was said, the loop where it was not.
const PHONES: &[&str] = &[
    "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH",
    "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH",
    "UW", "V", "W", "Y", "Z", "ZH",
];

/// Listening as the config sets it (`[voice] listen`, `microphone`).
#[derive(Debug, Clone, PartialEq)]
pub struct Hearing {
    pub on: bool,
    pub microphone: String,
}

impl Default for Hearing {
    fn default() -> Self {
        Hearing::of(&super::VoiceConfig::default())
    }
}

impl Hearing {
    pub fn of(voice: &super::VoiceConfig) -> Hearing {
        Hearing {
            on: voice.listen,
            microphone: voice.microphone.clone(),
        }
    }
}

/// The longest the device listens for one sentence, TALK held or not.
pub const MOST_MS: u64 = 4_000;

/// A sentence from the microphone, into `to`: recorded with ALSA's `arecord` from the
/// configured device until `stop` (TALK released), a pause after it (`paused`) or `MOST_MS`;
/// a "file:PATH" microphone is that recording. The file to hear.
pub fn record(microphone: &str, stop: &AtomicBool, to: &Path) -> Result<PathBuf, String> {
    if let Some(path) = microphone.strip_prefix("file:") {
        return Ok(PathBuf::from(path));
    }
    let seconds = (MOST_MS / 1000).to_string();
    let mut child = Command::new("arecord")
        .args([
            "-q", "-D", microphone, "-f", "S16_LE", "-r", "16000", "-c", "1",
        ])
        .args(["-d", &seconds])
        .arg(to)
        .spawn()
        .map_err(|e| format!("arecord: {e} (sudo apt install alsa-utils)"))?;
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => return Ok(to.to_path_buf()),
            Ok(Some(status)) => {
                return Err(format!(
                    "the microphone '{microphone}' could not be recorded ({status}): `arecord -l` lists the devices; set `microphone` under [voice]"
                ))
            }
            Ok(None) if stop.load(Ordering::Relaxed) => {
                // Released: what was said so far is the sentence (the WAV's length is read
                // from the file, not its header).
                let _ = child.kill();
                let _ = child.wait();
                return Ok(to.to_path_buf());
            }
            Ok(None) if paused(to) => {
                // A pause after the sentence (the simulator has no release): it is over.
                let _ = child.kill();
                let _ = child.wait();
                return Ok(to.to_path_buf());
            }
            Ok(None) => std::thread::sleep(std::time::Duration::from_millis(50)),
            Err(e) => return Err(format!("arecord: {e}")),
        }
    }
}

/// Has the recording so far a sentence and then a pause: its last 0.7 s far quieter (a tenth
/// of the loudness) than its loudest tenth of a second, which was speech (not a quiet room)?
pub fn paused(wav: &Path) -> bool {
    let Ok(bytes) = std::fs::read(wav) else {
        return false;
    };
    let samples: Vec<f64> = bytes
        .get(44..)
        .unwrap_or_default()
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]) as f64)
        .collect();
    // Loudness of each tenth of a second (1,600 samples at 16 kHz).
    let tenths: Vec<f64> = samples
        .chunks_exact(1_600)
        .map(|c| (c.iter().map(|s| s * s).sum::<f64>() / c.len() as f64).sqrt())
        .collect();
    let loudest = tenths.iter().copied().fold(0.0, f64::max);
    let Some(at) = tenths.iter().position(|&t| t == loudest) else {
        return false;
    };
    let quiet_since = tenths.len()
        - tenths
            .iter()
            .rev()
            .take_while(|&&t| t < loudest / 10.0)
            .count();
    loudest > 300.0 && quiet_since > at && tenths.len() - quiet_since >= 7
}

/// `doctor`'s check of the microphone: a recording named as the microphone exists, or ALSA's
/// `arecord` records a second from the configured device. What it found, or the fix.
pub fn check_microphone(microphone: &str) -> Result<String, String> {
    if let Some(path) = microphone.strip_prefix("file:") {
        return match Path::new(path).is_file() {
            true => Ok(format!("microphone: the recording {path}")),
            false => Err(format!(
                "microphone: the recording {path} is missing; set `microphone` under [voice] (an ALSA device: `arecord -l` lists them)"
            )),
        };
    }
    let out = Command::new("arecord")
        .args([
            "-q", "-D", microphone, "-d", "1", "-f", "S16_LE", "-r", "16000", "-c", "1",
        ])
        .args(["-t", "raw", "/dev/null"])
        .output()
        .map_err(|_| {
            "microphone: `arecord` is not installed (sudo apt install alsa-utils)".to_string()
        })?;
    if out.status.success() {
        Ok(format!("microphone: '{microphone}' records"))
    } else {
        Err(format!(
            "microphone: '{microphone}' does not record ({}): plug the USB microphone in, `arecord -l` lists the capture devices, set `microphone` under [voice] (\"plughw:1,0\")",
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// A sentence heard: recorded (`record`), then recognised against these phrases. The phrase
/// heard, None for nothing, or why nothing could be heard.
pub fn listen(
    microphone: &str,
    phrases: &[String],
    stop: &AtomicBool,
) -> Result<Option<String>, String> {
    let ears = Ears::installed()?;
    let dir = scratch()?;
    let heard = record(microphone, stop, &dir.join("talk.wav")).and_then(|wav| {
        let said: Vec<&str> = phrases.iter().map(String::as_str).collect();
        ears.hear_file(&wav, &said)
    });
    let _ = std::fs::remove_dir_all(&dir);
    heard
}

/// The recogniser as installed: its program, model and dictionary.
pub struct Ears {
    program: PathBuf,
    model: PathBuf,
    /// Each word's ways of being said, the commonest first.
    words: std::collections::HashMap<String, Vec<String>>,
}

impl Ears {
    /// The recogniser and its model as Debian installs them, or what is missing and how to
    /// install it.
    pub fn installed() -> Result<Ears, String> {
        let program = which(PROGRAM)
            .ok_or_else(|| format!("the recogniser `{PROGRAM}` is not installed ({INSTALL})"))?;
        if !Path::new(MODEL).is_dir() {
            return Err(format!(
                "the recogniser's model {MODEL} is missing ({INSTALL})"
            ));
        }
        let text = std::fs::read_to_string(DICTIONARY)
            .map_err(|e| format!("{DICTIONARY}: {e} ({INSTALL})"))?;
        let mut words: std::collections::HashMap<String, Vec<String>> = Default::default();
        for line in text.lines() {
            if let Some((w, phones)) = line.split_once(' ') {
                // "word(2)" is another way to say it ("a" said as the letter): kept too.
                let w = w.split('(').next().unwrap_or(w);
                words
                    .entry(w.to_string())
                    .or_default()
                    .push(phones.to_string());
            }
        }
        Ok(Ears {
            program,
            model: MODEL.into(),
            words,
        })
    }

    /// How a word is said, from the model's dictionary, else from its letters (a name the
    /// dictionary lacks: "cy", "cpu").
    fn phones(&self, word: &str) -> Vec<String> {
        if let Some(p) = self.words.get(word) {
            return p.clone();
        }
        // A word the dictionary lacks ("illuminati"): as espeak-ng would say it.
        if let Some(p) = espeak_phones(word) {
            return vec![p];
        }
        // Else letter by letter, each said as its name (the last of its ways: "a" as EY).
        let apart: Vec<String> = word
            .chars()
            .filter_map(|c| self.words.get(&c.to_string())?.last().cloned())
            .collect();
        if apart.is_empty() {
            return vec![];
        }
        vec![apart.join(" ")]
    }

    /// The grammar (a finite-state grammar in Sphinx's FSG format) and the dictionary of its
    /// words for these phrases, with the phone loop beside them. Written as states and
    /// transitions rather than JSGF: sphinxbase's JSGF `+` joins the loop's end to the rule's
    /// start (a phone then a phrase), and its alternatives carry no weights.
    pub fn grammar(&self, phrases: &[&str]) -> (String, String) {
        // Each word's pronunciations once (a word the dictionary lacks asks espeak-ng); the
        // number words where a phrase takes an amount.
        let numbers = super::said::number_words();
        let mut words: BTreeSet<&str> = phrases
            .iter()
            .flat_map(|p| p.split(' '))
            .filter(|w| *w != AMOUNT)
            .collect();
        if phrases.iter().any(|p| p.contains(AMOUNT)) {
            words.extend(numbers.iter().map(String::as_str));
        }
        let said: BTreeMap<&str, Vec<String>> =
            words.into_iter().map(|w| (w, self.phones(w))).collect();
        let kept: Vec<&str> = phrases
            .iter()
            .copied()
            .filter(|p| p.split(' ').all(|w| w == AMOUNT || !said[w].is_empty()))
            .collect();
        // State 0 starts, state 1 ends; each phrase a chain of its own between them, an
        // amount a network of number words.
        let mut net = Net {
            arcs: Vec::new(),
            states: 2,
        };
        for p in &kept {
            let words: Vec<&str> = p.split(' ').collect();
            let mut at = 0;
            for (k, w) in words.iter().enumerate() {
                let to = match k + 1 == words.len() {
                    true => 1,
                    false => net.state(),
                };
                let price = match k {
                    0 => (1.0 - CHATTER) / kept.len() as f64,
                    _ => 1.0,
                };
                if *w == AMOUNT {
                    // The price of the phrase is paid on entering its number.
                    let from = net.state();
                    net.arcs.push((at, from, price, None));
                    net.number(from, to);
                } else {
                    net.arcs.push((at, to, price, Some(w.to_string())));
                }
                at = to;
            }
        }
        // The loop: any phone first, then any phone again, and out at any point.
        let ring = net.state();
        let loop_words: Vec<String> = PHONES
            .iter()
            .map(|p| format!("ph{}", p.to_lowercase()))
            .collect();
        let each = 1.0 / PHONES.len() as f64;
        for w in &loop_words {
            net.arcs.push((0, ring, CHATTER * each, Some(w.clone())));
            net.arcs.push((ring, ring, each, Some(w.clone())));
        }
        net.skip(ring, 1);
        let mut fsg = format!(
            "FSG_BEGIN boardside\nNUM_STATES {}\nSTART_STATE 0\nFINAL_STATE 1\n",
            net.states
        );
        for (from, to, price, w) in net.arcs {
            match w {
                Some(w) => fsg.push_str(&format!("TRANSITION {from} {to} {price:.6e} {w}\n")),
                None => fsg.push_str(&format!("TRANSITION {from} {to} {price:.6e}\n")),
            }
        }
        fsg.push_str("FSG_END\n");
        let mut dict = String::new();
        for (w, p) in loop_words.iter().zip(PHONES) {
            dict.push_str(&format!("{w} {p}\n"));
        }
        for (w, phones) in said.iter().filter(|(_, p)| !p.is_empty()) {
            for (i, p) in phones.iter().enumerate() {
                match i {
                    0 => dict.push_str(&format!("{w} {p}\n")),
                    _ => dict.push_str(&format!("{w}({}) {p}\n", i + 1)),
                }
            }
        }
        (fsg, dict)
    }

    /// What a recording says: the words of the phrase heard (a number in the place of an
    /// amount), or None (chatter, silence, a sentence outside the phrases).
    pub fn hear_file(&self, wav: &Path, phrases: &[&str]) -> Result<Option<String>, String> {
        let (heard, _, _) = self.recognise(wav, phrases, &[])?;
        Ok(heard)
    }

    /// The recogniser run on `wav` (through the program `under`, if any: the bench counts its
    /// instructions under valgrind): the phrase heard, what it wrote to its standard error,
    /// and the recording's length in seconds.
    pub fn recognise(
        &self,
        wav: &Path,
        phrases: &[&str],
        under: &[&str],
    ) -> Result<(Option<String>, String, f64), String> {
        let samples = super::wav::read16k(wav)?;
        let seconds = samples.len() as f64 / super::wav::RATE as f64;
        let dir = scratch()?;
        let (fsg, dict) = self.grammar(phrases);
        let (g, d, w) = (
            dir.join("said.fsg"),
            dir.join("said.dict"),
            dir.join("said.wav"),
        );
        std::fs::write(&g, fsg).map_err(|e| format!("{}: {e}", g.display()))?;
        std::fs::write(&d, dict).map_err(|e| format!("{}: {e}", d.display()))?;
        super::wav::write16k(&w, &samples)?;
        // BOARDSIDE_HEAR_WIP tries another price (the bench's figures, for a maintainer).
        let price = std::env::var("BOARDSIDE_HEAR_WIP").unwrap_or(WORD_PRICE.into());
        let mut cmd = match under.split_first() {
            Some((first, rest)) => {
                let mut c = Command::new(first);
                c.args(rest).arg(&self.program);
                c
            }
            None => Command::new(&self.program),
        };
        let out = cmd
            .arg("-infile")
            .arg(&w)
            .arg("-hmm")
            .arg(&self.model)
            .arg("-fsg")
            .arg(&g)
            .arg("-dict")
            .arg(&d)
            // A high price on each word heard: a phrase said is heard as its few words rather
            // than as a run of phones, and chatter as phones rather than a phrase.
            .args(["-wip", &price])
            // Beams wide enough that a long phrase is never pruned away before its end.
            .args(["-beam", "1e-80", "-pbeam", "1e-80", "-wbeam", "1e-60"])
            .args(["-logfn", "/dev/null"])
            .output()
            .map_err(|e| format!("{}: {e} ({INSTALL})", self.program.display()));
        // BOARDSIDE_HEAR_KEEP leaves the grammar, dictionary and recording for a maintainer
        // to run the recogniser on by hand.
        if std::env::var_os("BOARDSIDE_HEAR_KEEP").is_none() {
            let _ = std::fs::remove_dir_all(&dir);
        }
        let out = out?;
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        if !out.status.success() {
            return Err(format!(
                "{} could not read {}: {}",
                PROGRAM,
                wav.display(),
                stderr.trim()
            ));
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let heard = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        // The phone loop's words are chatter; anything else is a phrase's words (with a
        // number where it takes an amount: `said::heard` finds which).
        let chatter = heard.is_empty()
            || heard.split(' ').any(|w| {
                w.strip_prefix("ph")
                    .is_some_and(|p| PHONES.contains(&p.to_uppercase().as_str()))
            });
        Ok(((!chatter).then_some(heard), stderr, seconds))
    }
}

/// A grammar being built: its transitions (from, to, weight, the word or none) and how many
/// states it has.
struct Net {
    arcs: Vec<(usize, usize, f64, Option<String>)>,
    states: usize,
}

impl Net {
    /// A new state.
    fn state(&mut self) -> usize {
        self.states += 1;
        self.states - 1
    }

    fn word(&mut self, from: usize, to: usize, w: &str) {
        self.arcs.push((from, to, 1.0, Some(w.to_string())));
    }

    fn skip(&mut self, from: usize, to: usize) {
        self.arcs.push((from, to, 1.0, None));
    }

    /// Any number from one to 999,999 between two states, said as `said::numbers` says
    /// them: "forty two", "a hundred and forty", "two thousand five hundred".
    fn number(&mut self, from: usize, to: usize) {
        self.hundreds(from, to);
        let (thousands, after) = (self.state(), self.state());
        self.hundreds(from, thousands);
        self.word(thousands, after, "thousand");
        self.skip(after, to);
        let rest = self.state();
        self.word(after, rest, "and");
        self.skip(after, rest);
        self.hundreds(rest, to);
    }

    /// One to 999: "seven", "forty two", "a hundred", "three hundred and six".
    fn hundreds(&mut self, from: usize, to: usize) {
        let (count, hundred, rest) = (self.state(), self.state(), self.state());
        for n in 1..10 {
            self.word(from, count, &super::said::number(n));
        }
        self.word(from, count, "a");
        self.word(count, hundred, "hundred");
        self.skip(hundred, to);
        self.word(hundred, rest, "and");
        self.skip(hundred, rest);
        self.tens(rest, to);
        self.tens(from, to);
    }

    /// One to 99: "seven", "twelve", "forty", "forty two".
    fn tens(&mut self, from: usize, to: usize) {
        for n in 1..20 {
            self.word(from, to, &super::said::number(n));
        }
        let ten = self.state();
        for n in (20..100).step_by(10) {
            self.word(from, ten, &super::said::number(n));
        }
        self.skip(ten, to);
        for n in 1..10 {
            self.word(ten, to, &super::said::number(n));
        }
    }
}

/// A program on the PATH.
fn which(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(program))
            .find(|p| p.is_file())
    })
}

/// A folder of its own for one recognition's grammar and dictionary.
fn scratch() -> Result<PathBuf, String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "boardside-hear-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

/// How espeak-ng (US English) says a word, in the model's phones (ARPAbet); None when it is
/// not installed or says a sound the table below lacks.
fn espeak_phones(word: &str) -> Option<String> {
    let out = Command::new("espeak-ng")
        .args(["-q", "-x", "--sep= ", "-v", "en-us"])
        .arg(word)
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let phones: Option<Vec<&str>> = text
        .split_whitespace()
        .map(|p| p.trim_start_matches(['\'', ',']))
        .filter(|p| !p.is_empty())
        .map(arpabet)
        .collect();
    let phones: Vec<&str> = phones?.into_iter().filter(|p| !p.is_empty()).collect();
    (!phones.is_empty()).then(|| phones.join(" "))
}

/// One espeak-ng phoneme (its ASCII names, stress marks taken off) as ARPAbet; "" for a
/// mark that is no sound (a glottal stop, a syllable break).
fn arpabet(p: &str) -> Option<&'static str> {
    Some(match p {
        "@" | "@2" | "@5" | "V" | "a#" | "@-" => "AH",
        "3" | "3:" | "@r" => "ER",
        "a" | "aa" => "AE",
        "A:" | "A" | "0" | "A@" => "AA",
        "e" | "E" | "e@" => "EH",
        "eI" => "EY",
        "i" | "i:" | "i@" => "IY",
        "I" | "I2" | "I#" => "IH",
        "O:" | "O" | "O@" | "o@" => "AO",
        "oU" | "o" => "OW",
        "OI" => "OY",
        "u:" | "u" => "UW",
        "U" | "U@" => "UH",
        "aI" | "aI@" => "AY",
        "aU" | "aU@" => "AW",
        "@L" => "AH L",
        "b" => "B",
        "d" | "d#" => "D",
        "D" => "DH",
        "f" => "F",
        "g" => "G",
        "h" => "HH",
        "j" => "Y",
        "k" | "x" => "K",
        "l" | "L" => "L",
        "m" => "M",
        "n" | "n-" => "N",
        "N" => "NG",
        "p" => "P",
        "r" | "r-" => "R",
        "s" => "S",
        "S" => "SH",
        "t" | "t#" | "*" => "T",
        "T" => "TH",
        "v" => "V",
        "w" => "W",
        "z" => "Z",
        "Z" => "ZH",
        "tS" => "CH",
        "dZ" => "JH",
        "?" | "_" | "_:" | "||" | "|" => "",
        _ => return None,
    })
}
