//! `cargo bench -- hear` (issue 69): how well the device hears what can be said. espeak-ng
//! speaks phrases of random positions of all five rulesets (three voices, two speeds) through
//! the same path as the microphone (a WAV, the recogniser, the position's grammar); each is
//! heard as its own command, as another (never carried out: OK confirms first), or as
//! nothing. Then table chatter, which should be nothing, and valgrind's count of the
//! instructions recognising a two-second sentence takes. Figures, never asserted.

use std::path::{Path, PathBuf};
use std::process::Command;

use boardside::engine::authority::Actor;
use boardside::engine::game::PlayRng;
use boardside::session::Session;
use boardside::ui::screen::{OnDevice, Screens};
use boardside::voice::listen::Ears;
use boardside::voice::said::Phrase;
use rand::seq::IndexedRandom;
use rand::SeedableRng;

/// espeak-ng's voices and speeds the phrases are said in, in turn: a man and a woman of the
/// US and a British man, through espeak-ng's Klatt synthesiser and its f2 variant, which the
/// model hears as it hears people. espeak-ng's own voices (its default formant synthesis,
/// farther from the speech the model learnt on) are measured beside them for comparison.
const VOICES: [&str; 3] = ["en-us+klatt", "en-us+f2", "en+klatt"];
const OWN_VOICES: [&str; 3] = ["en-us", "en", "en-us+f3"];
const SPEEDS: [u32; 2] = [150, 185];
/// Phrases heard per ruleset.
const PER_RULESET: usize = 64;

/// Table chatter, none of it a move: each should be heard as nothing.
const CHATTER: [&str; 100] = [
    "pass the crisps",
    "whose turn is it",
    "is it my go",
    "I need a drink",
    "did you see that",
    "hang on a second",
    "where did the dice go",
    "that is not fair",
    "you always win",
    "shall we have a break",
    "who wants tea",
    "the pizza is here",
    "can you reach the cards",
    "I forgot what I was doing",
    "this is taking ages",
    "nice one",
    "oh no not again",
    "I think I am losing",
    "wait what happened",
    "read that again please",
    "how much money do you have",
    "let me think about it",
    "are you sure",
    "I am so hungry",
    "turn the music down",
    "my phone is ringing",
    "what time is it",
    "we should play this more often",
    "that was close",
    "you owe me one",
    "I will get you next time",
    "stop looking at my cards",
    "it is getting late",
    "one more game",
    "I have no idea",
    "where is the cat",
    "did somebody cheat",
    "that is brilliant",
    "can I see the rules",
    "I am going to the kitchen",
    "do you want a biscuit",
    "hold on I am thinking",
    "tell me when it is my turn",
    "the light is too bright",
    "what did she say",
    "I love this game",
    "I hate this game",
    "let us swap seats",
    "who is keeping score",
    "just a minute",
    "the dog wants to go out",
    "can somebody open the window",
    "I spilled my drink",
    "that was a great move",
    "how long have we been playing",
    "I need the bathroom",
    "be quiet for a moment",
    "we are out of milk",
    "is anybody winning",
    "that card is mine",
    "I was not paying attention",
    "please do not shout",
    "the table is wobbly",
    "shall I order food",
    "my hands are full",
    "I cannot reach",
    "what is on television",
    "the bus leaves at ten",
    "I have work tomorrow",
    "this chair is broken",
    "you are very quiet tonight",
    "has anyone seen my glasses",
    "it is raining outside",
    "do we have any more ice",
    "let me count my money",
    "that is a lot of houses",
    "I am not speaking to you",
    "you did that on purpose",
    "can we start again",
    "remind me of the rules",
    "it is your fault",
    "I want a rematch",
    "that makes no sense",
    "look at the time",
    "we should go to bed",
    "mind the candle",
    "my feet are cold",
    "the kettle is boiling",
    "close the door please",
    "who brought the wine",
    "stop laughing",
    "I nearly had it",
    "what a disaster",
    "good luck everyone",
    "keep it down",
    "fetch me a pen",
    "where are the instructions",
    "the neighbours are noisy",
    "I give up for now",
    "let us see what happens",
];

/// Say `text` into `wav` with espeak-ng.
fn speak(text: &str, voice: &str, speed: u32, wav: &Path) -> bool {
    Command::new("espeak-ng")
        .args(["-v", voice, "-s", &speed.to_string(), "-w"])
        .arg(wav)
        .arg(text)
        .status()
        .is_ok_and(|s| s.success())
}

/// Random positions of a game of this ruleset (four players, seeds 1..): the phrases at each,
/// as the device lists them for the table.
fn positions<F: OnDevice>(ruleset: &str) -> Vec<Vec<Phrase>> {
    let rules = boardside::rulesets::load::<F>(ruleset).expect("ruleset");
    let options = F::options(&rules, &[]).expect("options");
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).into();
    let mut out = Vec::new();
    for seed in 1..=12u64 {
        let Ok(mut g) = Session::<F>::new(rules.clone(), &names, seed, options.clone(), None)
        else {
            continue;
        };
        let mut rng = PlayRng::seed_from_u64(seed);
        for step in 0..120 {
            if step % 30 == 7 {
                let screens = |c: &F::Command| <F::Screens as Screens>::hidden(&g, c);
                let words = |c: &F::Command| <F::Screens as Screens>::words(&g, c);
                let amounts: Vec<_> = (0..names.len())
                    .flat_map(|seat| <F::Screens as Screens>::amounts(&g, seat))
                    .collect();
                out.push(boardside::ui::listen::phrases(
                    &g,
                    Actor::Table,
                    &screens,
                    &words,
                    &amounts,
                ));
            }
            let Some(cmd) = F::random_command(&g.rules, &g.state, &mut rng) else {
                break;
            };
            if boardside::engine::game::execute::<F>(&g.rules, &mut g.state, &cmd).is_err() {
                break;
            }
        }
    }
    out
}

/// A phrase as a player says it: one that takes any amount ("ann bids <amount>") with an
/// amount of its range in one of the ways people say it, offering that amount's line.
fn said_with_amount(p: &Phrase, rng: &mut PlayRng) -> Phrase {
    use boardside::voice::said::{self, Offer, AMOUNT};
    use rand::Rng;
    let Offer::Amount { least, most, .. } = &p.offer else {
        return p.clone();
    };
    let n = rng.random_range(*least..=*most);
    let ways = said::numbers(n as u64);
    let way = ways.choose(rng).cloned().unwrap_or_default();
    p.at_amount(p.said.replace(AMOUNT, &way), n)
        .unwrap_or_else(|| p.clone())
}

/// How phrases were heard.
#[derive(Default)]
struct Tally {
    own: usize,
    other: usize,
    nothing: usize,
}

impl Tally {
    /// The tallies of every ruleset together.
    fn sum(by: &[(String, Tally)]) -> Tally {
        by.iter().fold(Tally::default(), |a, (_, t)| Tally {
            own: a.own + t.own,
            other: a.other + t.other,
            nothing: a.nothing + t.nothing,
        })
    }
    fn total(&self) -> usize {
        self.own + self.other + self.nothing
    }
    fn share(&self, n: usize) -> f64 {
        100.0 * n as f64 / self.total().max(1) as f64
    }
    /// "64 phrases, 93.8% their own command, 0.0% another, 6.2% nothing"
    fn words(&self) -> String {
        format!(
            "{} phrases, {:.1}% their own command, {:.1}% another, {:.1}% nothing",
            self.total(),
            self.share(self.own),
            self.share(self.other),
            self.share(self.nothing)
        )
    }
}

/// One phrase to say and hear: its ruleset, the phrases listened for, which it is, and how
/// it is said.
#[derive(Clone)]
struct Trial<'a> {
    name: &'a str,
    phrases: &'a [Phrase],
    said: Phrase,
    voice: &'a str,
    speed: u32,
}

/// How each trial was heard (the phrase heard, if any), two at a time (the machine's two
/// cores), each worker with a recording of its own.
fn hear_all(ears: &Ears, trials: &[Trial], dir: &Path) -> Vec<Option<String>> {
    let mut heard: Vec<Option<String>> = vec![None; trials.len()];
    let size = trials.len().div_ceil(2).max(1);
    let chunks: Vec<(usize, &mut [Option<String>])> = heard.chunks_mut(size).enumerate().collect();
    std::thread::scope(|scope| {
        for (w, out) in chunks {
            scope.spawn(move || {
                let wav = dir.join(format!("said-{w}.wav"));
                for (k, slot) in out.iter_mut().enumerate() {
                    let t = &trials[w * size + k];
                    if !speak(&t.said.said, t.voice, t.speed, &wav) {
                        continue;
                    }
                    let listened: Vec<&str> = t.phrases.iter().map(|p| p.said.as_str()).collect();
                    *slot = ears.hear_file(&wav, &listened).unwrap_or(None);
                }
            });
        }
    });
    heard
}

/// The tally of trials heard, by ruleset in order, and the misses in words.
fn tally(trials: &[Trial], heard: &[Option<String>]) -> (Vec<(String, Tally)>, Vec<String>) {
    let mut by: Vec<(String, Tally)> = Vec::new();
    let mut missed = Vec::new();
    for (t, h) in trials.iter().zip(heard) {
        if by.last().is_none_or(|(n, _)| n != t.name) {
            by.push((t.name.to_string(), Tally::default()));
        }
        let tally = &mut by.last_mut().unwrap().1;
        match h
            .as_ref()
            .and_then(|h| boardside::voice::said::heard(t.phrases, h))
        {
            Some(p) if p.offer == t.said.offer => tally.own += 1,
            Some(p) => {
                tally.other += 1;
                missed.push(format!(
                    "{}: \"{}\" ({}, {}) heard as \"{}\"",
                    t.name, t.said.said, t.voice, t.speed, p.said
                ));
            }
            None => {
                tally.nothing += 1;
                missed.push(format!(
                    "{}: \"{}\" ({}, {}) not heard",
                    t.name, t.said.said, t.voice, t.speed
                ));
            }
        }
    }
    (by, missed)
}

pub fn run() {
    let Ok(ears) = Ears::installed() else {
        println!("hear: the recogniser is not installed (sudo apt install pocketsphinx pocketsphinx-en-us)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("boardside-bench-hear-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    if !speak("roll", "en-us", 160, &dir.join("check.wav")) {
        println!("hear: espeak-ng is not installed (sudo apt install espeak-ng)");
        return;
    }
    let root = super::speed::path;
    use boardside::engine::{grid::Grid, illuminati::Illuminati, property::Property};
    let games: Vec<(&str, Vec<Vec<Phrase>>)> = vec![
        ("sectionopoly", positions::<Property>(&root("sectionopoly"))),
        ("suetology", positions::<Property>(&root("suetology"))),
        ("scientopoly", positions::<Property>(&root("scientopoly"))),
        ("grid", positions::<Grid>(&root("grid"))),
        ("illuminati", positions::<Illuminati>(&root("illuminati"))),
    ];
    // The phrases to say: PER_RULESET of each ruleset, from its positions in turn, each in
    // the next voice and speed.
    let mut rng = PlayRng::seed_from_u64(69);
    let mut trials: Vec<Trial> = Vec::new();
    for (name, at) in &games {
        for k in 0..PER_RULESET {
            let Some(phrases) = at.get(k % at.len().max(1)) else {
                break;
            };
            let Some(said) = phrases.choose(&mut rng) else {
                continue;
            };
            let said = said_with_amount(said, &mut rng);
            let turn = trials.len();
            trials.push(Trial {
                name,
                phrases,
                said,
                voice: VOICES[turn % 3],
                speed: SPEEDS[(turn / 3) % 2],
            });
        }
    }
    let heard = hear_all(&ears, &trials, &dir);
    let (by, missed) = tally(&trials, &heard);
    for (name, t) in &by {
        println!("hear {name}: {}", t.words());
    }
    let all = Tally::sum(&by);
    println!(
        "hear all ({}; {} and {} words a minute): {} (goals: 95% their own, at most 2% another, none carried out: OK confirms first)",
        VOICES.join(", "),
        SPEEDS[0],
        SPEEDS[1],
        all.words()
    );
    for m in missed.iter().take(16) {
        println!("  {m}");
    }
    // For comparison: every other phrase again in espeak-ng's own voices, in turn.
    let plain: Vec<Trial> = trials
        .iter()
        .step_by(2)
        .enumerate()
        .map(|(i, t)| Trial {
            voice: OWN_VOICES[i % 3],
            ..t.clone()
        })
        .collect();
    let heard = hear_all(&ears, &plain, &dir);
    let (by, _) = tally(&plain, &heard);
    let t = Tally::sum(&by);
    println!(
        "hear in espeak-ng's own voices ({}, for comparison): {}",
        OWN_VOICES.join(", "),
        t.words()
    );
    // Chatter against the phrases of positions of every ruleset in turn.
    let said: Vec<Phrase> = CHATTER
        .iter()
        .map(|c| Phrase {
            said: c.to_string(),
            offer: boardside::voice::said::Offer::Shell("chatter"),
            words: String::new(),
        })
        .collect();
    let chatter: Vec<Trial> = said
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let at = &games[i % games.len()].1;
            let phrases = at.get(i % at.len().max(1))?;
            Some(Trial {
                name: "chatter",
                phrases,
                said: s.clone(),
                voice: VOICES[i % 3],
                speed: SPEEDS[i % 2],
            })
        })
        .collect();
    let heard = hear_all(&ears, &chatter, &dir);
    let mut quiet = 0;
    for (t, h) in chatter.iter().zip(&heard) {
        match h {
            None => quiet += 1,
            Some(h) => println!("  chatter heard as a move: \"{}\" as \"{h}\"", t.said.said),
        }
    }
    println!(
        "hear chatter: {quiet} of {} sentences offered nothing (goal 95%)",
        chatter.len()
    );
    instructions(&ears, &games[0].1, &dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// valgrind's count of the instructions recognising a two-second sentence (the recogniser's
/// run on the sectionopoly grammar of a position), and the time that means on a Pi 4.
fn instructions(ears: &Ears, positions: &[Vec<Phrase>], dir: &Path) {
    let Some(phrases) = positions.iter().max_by_key(|p| p.len()) else {
        return;
    };
    let wav: PathBuf = dir.join("two-seconds.wav");
    // A sentence of about two seconds at the slower speed.
    let said = &phrases.iter().max_by_key(|p| p.said.len()).unwrap().said;
    if !speak(said, VOICES[0], 120, &wav) {
        return;
    }
    let listened: Vec<&str> = phrases.iter().map(|p| p.said.as_str()).collect();
    let counted = ears
        .recognise(&wav, &listened, &super::speed::VALGRIND)
        .and_then(|(_, stderr, seconds)| {
            let count = super::speed::refs(&stderr)
                .ok_or("valgrind gave no count (sudo apt install valgrind)")?;
            Ok((count, seconds))
        });
    match counted {
        Ok((count, seconds)) => {
            // The work grows with the length of the recording: two seconds' worth of it.
            let two = (count as f64 * 2.0 / seconds.max(0.1)) as u64;
            let (hz, ipc) = super::speed::PI4;
            println!(
                "hear instructions: {:.0} M to recognise a {seconds:.1}-second sentence against {} phrases; two seconds of speech {:.0} M, about {:.2} s on a Pi 4 ({:.1} GHz, {ipc} instruction a cycle; goal under 1.5 s)",
                count as f64 / 1e6,
                phrases.len(),
                two as f64 / 1e6,
                super::speed::seconds(two, super::speed::PI4),
                hz / 1e9,
            );
        }
        Err(e) => println!("hear instructions: {e}"),
    }
}
