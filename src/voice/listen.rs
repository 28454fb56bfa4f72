//! The device's ears (issue 69): Debian's pocketsphinx with its installed US English model,
//! run as a program the way espeak-ng is (nothing linked into the binary, no model fetched at
//! run time), restricted to a grammar of what can be said now. Chatter is heard as a loop of
//! common words beside the phrases, so a sentence outside them is "nothing", never the
//! nearest command. Recordings are WAV files (`wav`), taken at 16 kHz, one channel.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where Debian's packages put the recogniser and its model.
const PROGRAM: &str = "pocketsphinx_continuous";
const MODEL: &str = "/usr/share/pocketsphinx/model/en-us/en-us";
const DICTIONARY: &str = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict";
/// The recogniser's word insertion penalty (its `-wip`).
const WORD_PRICE: &str = "1e-3";
/// How to install them.
pub const INSTALL: &str = "sudo apt install pocketsphinx pocketsphinx-en-us";

/// Words of table chatter a sentence outside the grammar is heard as (none of them alone is a
/// phrase): the commonest words of English talk, and the game's own small words.
const CHATTER: &[&str] = &[
    "the", "a", "is", "it", "i", "you", "we", "that", "this", "what", "who", "whose", "where",
    "when", "how", "why", "do", "did", "does", "have", "has", "had", "be", "was", "are", "were",
    "can", "could", "would", "should", "will", "me", "my", "your", "our", "to", "of", "in", "on",
    "at", "with", "and", "or", "but", "so", "if", "not", "no", "yes", "oh", "okay", "well", "just",
    "get", "got", "go", "going", "come", "let's", "look", "see", "think", "know", "want", "need",
    "like", "good", "great", "nice", "time", "now", "then", "there", "here", "one", "two", "more",
    "some", "any", "all", "again", "play", "game", "turn", "pass", "please", "thanks", "hand",
    "card", "money", "more", "crisps", "drink", "tea", "coffee", "pizza", "night", "win", "lose",
    "lucky", "hold", "on", "wait", "sorry",
];

/// The recogniser as installed: its program, model and dictionary.
pub struct Ears {
    program: PathBuf,
    model: PathBuf,
    words: std::collections::HashMap<String, String>,
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
        let mut words = std::collections::HashMap::new();
        for line in text.lines() {
            if let Some((w, phones)) = line.split_once(' ') {
                // "word(2)" is another way to say it; the first is kept.
                if !w.contains('(') {
                    words.entry(w.to_string()).or_insert(phones.to_string());
                }
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
    fn phones(&self, word: &str) -> String {
        if let Some(p) = self.words.get(word) {
            return p.clone();
        }
        let apart: Vec<String> = word
            .chars()
            .filter_map(|c| self.words.get(&c.to_string()).cloned())
            .collect();
        apart.join(" ")
    }

    /// The grammar (JSGF) and the dictionary of its words for these phrases, with the chatter
    /// loop beside them.
    pub fn grammar(&self, phrases: &[&str]) -> (String, String) {
        let mut jsgf = String::from(
            "#JSGF V1.0;\ngrammar boardside;\npublic <said> = <move> | <chatter>;\n<move> = ",
        );
        let mut words: BTreeSet<&str> = BTreeSet::new();
        let kept: Vec<&str> = phrases
            .iter()
            .copied()
            .filter(|p| p.split(' ').all(|w| !self.phones(w).is_empty()))
            .collect();
        for (i, p) in kept.iter().enumerate() {
            if i > 0 {
                jsgf.push_str("\n  | ");
            }
            jsgf.push_str(p);
            words.extend(p.split(' '));
        }
        if kept.is_empty() {
            jsgf.push_str("<NULL>");
        }
        jsgf.push_str(";\n<chatter> = (");
        let chatter: Vec<&str> = CHATTER
            .iter()
            .copied()
            .filter(|w| self.words.contains_key(*w))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        jsgf.push_str(&chatter.join(" | "));
        jsgf.push_str(")+;\n");
        words.extend(chatter.iter().copied());
        let dict: String = words
            .iter()
            .map(|w| format!("{w} {}\n", self.phones(w)))
            .collect();
        (jsgf, dict)
    }

    /// What a recording says: the phrase heard, or None (chatter, silence, a sentence outside
    /// the phrases).
    pub fn hear_file(&self, wav: &Path, phrases: &[&str]) -> Result<Option<String>, String> {
        let samples = super::wav::read16k(wav)?;
        let dir = scratch()?;
        let (jsgf, dict) = self.grammar(phrases);
        let (g, d, w) = (
            dir.join("said.gram"),
            dir.join("said.dict"),
            dir.join("said.wav"),
        );
        std::fs::write(&g, jsgf).map_err(|e| format!("{}: {e}", g.display()))?;
        std::fs::write(&d, dict).map_err(|e| format!("{}: {e}", d.display()))?;
        super::wav::write16k(&w, &samples)?;
        let out = Command::new(&self.program)
            .arg("-infile")
            .arg(&w)
            .arg("-hmm")
            .arg(&self.model)
            .arg("-jsgf")
            .arg(&g)
            .arg("-dict")
            .arg(&d)
            // A high price on each word heard: a sentence is heard as one phrase rather than
            // as a run of chatter words (measured with the bench: `hear` in benches/).
            .args(["-wip", WORD_PRICE])
            .args(["-logfn", "/dev/null"])
            .output()
            .map_err(|e| format!("{}: {e} ({INSTALL})", self.program.display()));
        // BOARDSIDE_HEAR_KEEP leaves the grammar, dictionary and recording for a maintainer
        // to run the recogniser on by hand.
        if std::env::var_os("BOARDSIDE_HEAR_KEEP").is_none() {
            let _ = std::fs::remove_dir_all(&dir);
        }
        let out = out?;
        if !out.status.success() {
            return Err(format!(
                "{} could not read {}: {}",
                PROGRAM,
                wav.display(),
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let heard = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        Ok(phrases.iter().find(|p| **p == heard).map(|p| p.to_string()))
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
