//! Enrolling tags (`Enrolment`): a tag the map does not know asked about and a new player's
//! token named; a whole set of tags in one pass and the check of them (`crate::sets`): the
//! screen names the next label ("12 of 28: tap Deed Centre"), the next new tag takes it, a
//! known tag is refused with what it already is, UP/DOWN go back and skip, BACK stops and
//! keeps what was done, and the next pass begins at the first label still without a tag.

use super::act::{Act, Entry};
use super::machine::{up_down, Machine, Next};
use super::names;
use super::screen::{entry, Flow};
use super::table::Table;
use super::text::{self, wrap};
use crate::hw::buzzer::Sound;
use crate::hw::{Button, Press, Uid};
use crate::sets::{self, PieceSet};
use crate::tags::{TagKind, TagMap};

/// Enrolling: where it is, and its chosen line.
#[derive(Debug, Clone, PartialEq)]
pub struct Enrolment {
    pub step: Step,
    pub sel: usize,
}

/// The steps of enrolling.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A tag the map does not know: what is it?
    Tag { uid: Uid },
    /// A new player's token being named (`names`): from the list (`typed` None), or typed,
    /// `letter` the one UP/DOWN are on.
    Name {
        uid: Uid,
        typed: Option<String>,
        letter: u8,
    },
    /// The sets of tags a table enrols in one pass (`crate::sets`), each with its progress.
    Sets { sets: Vec<PieceSet> },
    /// A set being enrolled in one pass: `at` is the label to tap next.
    Pass { set: PieceSet, at: usize },
    /// Every piece of the game: those with no tag yet listed (scrolled `scroll` rows down),
    /// each tap said.
    Check { all: PieceSet, scroll: usize },
}

impl Enrolment {
    fn at(step: Step) -> Enrolment {
        Enrolment { step, sel: 0 }
    }

    /// A tag the map does not know, asked about: the first token or piece no tag stands for
    /// yet is chosen (OK must never give a player a second token by default), else Cancel.
    /// A person the screen asks to tap their token, and who has none, comes before the
    /// rest: the new tag is most likely theirs (played by hand: "P2 taps their token to
    /// agree", and the tag was offered as P1's). A screen that asks for a piece and no token
    /// ("Ann: tap your Illuminati card") offers the first piece without a tag (played by
    /// hand: the card's tag was offered as another person's token).
    pub(super) fn unknown(uid: Uid, t: &Table) -> Enrolment {
        let entries = Self::kinds(t);
        let untagged = |kind: &TagKind| !t.tags.tags.iter().any(|tag| tag.kind == *kind);
        let asked = asked_to_tap(t, untagged).or_else(|| dealt_with(t, untagged));
        let piece_asked = asked.is_none() && asks_for_a_piece(t);
        let sel = entries
            .iter()
            .position(|e| match &e.act {
                Act::Enrol(kind @ TagKind::Player { name }) => {
                    untagged(kind) && asked.as_ref() == Some(name)
                }
                Act::Enrol(kind @ TagKind::Piece { .. }) => piece_asked && untagged(kind),
                _ => false,
            })
            .or_else(|| {
                entries.iter().position(|e| match &e.act {
                    Act::Enrol(kind) => untagged(kind),
                    Act::NameToken => true,
                    _ => false,
                })
            })
            .unwrap_or(entries.len().saturating_sub(1));
        Enrolment {
            step: Step::Tag { uid },
            sel,
        }
    }

    /// What a new tag may be: a player's token (a new player's before a game), a piece of
    /// the game in play.
    fn kinds(t: &Table) -> Vec<Entry> {
        let mut out: Vec<Entry> = t
            .people()
            .into_iter()
            .map(|name| {
                entry(
                    format!("Token of {name}"),
                    Act::Enrol(TagKind::Player { name }),
                )
            })
            .collect();
        if t.game.is_none() {
            out.push(entry("Token of a new player...", Act::NameToken));
        }
        if let Some(g) = &t.game {
            for (id, words) in crate::sets::pieces(&g.sets()) {
                out.push(entry(words, Act::Enrol(TagKind::Piece { id })));
            }
        }
        out.push(entry("Cancel", Act::Back));
        out
    }

    /// The tag asked about or being named.
    fn uid(&self) -> Option<&Uid> {
        match &self.step {
            Step::Tag { uid } | Step::Name { uid, .. } => Some(uid),
            _ => None,
        }
    }

    /// Typing a name: UP/DOWN the letter, OK adds it, BACK rubs the last out (the list again
    /// when none is left), ROLL is done.
    fn typing<V>(&mut self, b: Button, p: Press, t: &mut Table) -> Next<V> {
        let Step::Name {
            typed: Some(name),
            letter,
            ..
        } = &mut self.step
        else {
            return Next::Stay;
        };
        match (b, p) {
            (Button::Up | Button::Down, Press::Press | Press::Repeat { .. }) => {
                *letter = names::step(*letter, if b == Button::Up { -1 } else { 1 });
            }
            (Button::Ok, Press::Press) => *name = names::add(name, *letter),
            (Button::Back, Press::Press) if !name.is_empty() => {
                name.pop();
            }
            (Button::Back, Press::Press) => return self.act(Act::NameToken, t),
            (Button::Roll, Press::Press) => match crate::tags::player_name(name) {
                Ok(name) => return self.act(Act::Enrol(TagKind::Player { name }), t),
                Err(_) => t.desk.note = Some("add a letter first (OK)".into()),
            },
            _ => {}
        }
        Next::Stay
    }

    /// The new tag enrolled as `kind`: said by its label, a new player's token seating them
    /// before a game.
    fn enrol<V>(&self, kind: TagKind, t: &mut Table) -> Next<V> {
        let Some(uid) = self.uid() else {
            return Next::Stay;
        };
        t.save_tag(crate::tags::Tag {
            uid: uid.hex(),
            kind: kind.clone(),
            sticker: None,
        });
        let enrolled = format!("tag enrolled as {}", t.tag_words(&kind));
        t.desk.note = Some(enrolled.clone());
        let Some(g) = t.game.as_mut() else {
            // On the new-game screen a token enrolled is a player joining, as its tap is, and
            // the note says so (it hides the screen's list of players a while).
            if let TagKind::Player { name } = &kind {
                let joined = match t.setup.join(name) {
                    true => "joins",
                    false => "has joined already",
                };
                t.desk.say_a_while(format!("{enrolled}; {name} {joined}"));
            }
            return Next::Home;
        };
        // In a game the tap that opened this was a tap on the game (a token asked for to
        // seal an order, a bid, a card drawn): once the tag is known it counts as that tap.
        let flow = match &kind {
            TagKind::Player { name } => g.token(&mut t.desk, name),
            TagKind::Piece { id } => g.piece(&mut t.desk, id),
        };
        // What the tap did is said after the enrolment, never instead of it; the enrolment
        // alone is said a while, then the screen the tap opened asks its own question (played
        // by hand: "tag enrolled as Bob's token" hid "Bob: tap your cards" until the next
        // input).
        match t.desk.note.as_mut() {
            Some(n) if **n != enrolled => *n = format!("{enrolled}; {n}"),
            _ => t.desk.say_a_while(enrolled),
        }
        Next::Flow(match flow {
            Flow::Stay => Flow::Show,
            other => other,
        })
    }
}

impl<V> Machine<V> for Enrolment {
    fn entries(&self, t: &Table) -> Vec<Entry> {
        match &self.step {
            Step::Tag { .. } => Self::kinds(t),
            Step::Name { typed: None, .. } => {
                let mut out: Vec<Entry> = crate::tags::free(&t.taken_names())
                    .into_iter()
                    .map(|name| {
                        entry(
                            name,
                            Act::Enrol(TagKind::Player {
                                name: name.to_string(),
                            }),
                        )
                    })
                    .collect();
                out.insert(0, entry("Type a name...", Act::TypeName));
                out.push(entry("Back", Act::Back));
                out
            }
            Step::Name {
                typed: Some(name),
                letter,
                ..
            } => {
                // The letter alone: "OK adds b", not the name it would make.
                let next = names::add(name, *letter);
                let adds = next.get(name.len()..).unwrap_or_default();
                vec![entry(format!("OK adds {adds}"), Act::TypeName)]
            }
            Step::Sets { sets } => sets_entries(sets, &t.tags),
            Step::Pass { .. } => vec![],
            Step::Check { .. } => vec![entry("Back", Act::Back)],
        }
    }

    fn cursor(&mut self) -> Option<&mut usize> {
        Some(&mut self.sel)
    }

    fn press(&mut self, b: Button, p: Press, t: &mut Table) -> Option<Next<V>> {
        match &mut self.step {
            Step::Name { typed: Some(_), .. } => Some(self.typing(b, p, t)),
            Step::Pass { set, at } => {
                if let Some(next) = pass_button(set, at, b, p, t) {
                    *self = next;
                }
                Some(Next::Stay)
            }
            Step::Check { all, scroll } => {
                let dir = up_down(b, p)?;
                let most = check_rows(all, &t.tags)
                    .len()
                    .saturating_sub(text::ROWS - 3);
                *scroll = scroll.saturating_add_signed(dir).min(most);
                Some(Next::Stay)
            }
            _ => None,
        }
    }

    fn act(&mut self, act: Act, t: &mut Table) -> Next<V> {
        match act {
            Act::Enrol(kind) => self.enrol(kind, t),
            Act::NameToken | Act::TypeName => {
                let Some(uid) = self.uid().cloned() else {
                    return Next::Stay;
                };
                let typed = (act == Act::TypeName).then(String::new);
                *self = Enrolment {
                    step: Step::Name {
                        uid,
                        typed,
                        letter: b'A',
                    },
                    sel: 0,
                };
                Next::Stay
            }
            Act::EnrolSet(i) => {
                let set = match &self.step {
                    Step::Sets { sets } => sets.get(i).cloned(),
                    _ => None,
                };
                if let Some(next) = set.and_then(|set| begin_set(set, t)) {
                    *self = next;
                }
                Next::Stay
            }
            _ => Next::Home,
        }
    }

    fn tap(&mut self, uid: &Uid, _kind: Option<&TagKind>, t: &mut Table) -> Option<Next<V>> {
        match &self.step {
            Step::Pass { set, at } => {
                if let Some(next) = pass_tap(set.clone(), *at, uid, t) {
                    *self = next;
                }
                Some(Next::Stay)
            }
            Step::Check { all, .. } => {
                t.desk.note = Some(sets::what_is(&t.tags, all, &uid.hex()));
                Some(Next::Stay)
            }
            Step::Sets { sets: list } => {
                let all = PieceSet::everything(&list[..list.len().saturating_sub(1)]);
                t.desk.note = Some(sets::what_is(&t.tags, &all, &uid.hex()));
                Some(Next::Stay)
            }
            _ => None,
        }
    }
}

/// The list of sets, each with how many of its labels have a tag.
fn sets_entries(list: &[PieceSet], tags: &TagMap) -> Vec<Entry> {
    let mut out: Vec<Entry> = list
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let missing = sets::missing(tags, s).len();
            let n = s.slots.len();
            entry(
                format!("{}: {} of {n} tagged", s.name, n - missing),
                Act::EnrolSet(i),
            )
        })
        .collect();
    out.push(entry("Back", Act::Back));
    out
}

/// "Enrol a set" or "Check the tags" chosen: the sets of this game, or (None) why there are
/// none, said.
pub(super) fn open_sets(t: &mut Table, check: bool) -> Option<Enrolment> {
    match t.piece_sets() {
        Ok(list) if check => {
            let all = list
                .into_iter()
                .last()
                .unwrap_or_else(|| PieceSet::everything(&[]));
            Some(Enrolment::at(Step::Check { all, scroll: 0 }))
        }
        Ok(list) => Some(Enrolment::at(Step::Sets { sets: list })),
        Err(e) => {
            t.desk.note = Some(e);
            None
        }
    }
}

/// A set chosen: its pass begins at its first label with no tag yet (None: all have one).
fn begin_set(set: PieceSet, t: &mut Table) -> Option<Enrolment> {
    match sets::next_untagged(&t.tags, &set, 0) {
        Some(at) => Some(Enrolment::at(Step::Pass { set, at })),
        None => {
            let note = format!("{}: all {} have tags", set.name, set.slots.len());
            t.desk.note = Some(note);
            None
        }
    }
}

/// UP, DOWN and BACK during a pass: back one label, skip one, stop (what was enrolled is
/// kept; the next pass begins at the first label still without a tag): the list again when
/// the pass is over.
fn pass_button(
    set: &PieceSet,
    at: &mut usize,
    b: Button,
    p: Press,
    t: &mut Table,
) -> Option<Enrolment> {
    match (b, p) {
        (Button::Up, Press::Press | Press::Repeat { .. }) => *at = at.saturating_sub(1),
        (Button::Down, Press::Press | Press::Repeat { .. }) if *at + 1 < set.slots.len() => {
            *at += 1
        }
        (Button::Down | Button::Back, Press::Press) => return end_pass(set, t),
        (Button::Ok, Press::Press) => {
            t.desk.note =
                Some("tap the piece named here; UP: back one, DOWN: skip, BACK: stop".into())
        }
        _ => {}
    }
    None
}

/// The pass is over (stopped, or past the last label): what it left, and the list again.
fn end_pass(set: &PieceSet, t: &mut Table) -> Option<Enrolment> {
    let missing = sets::missing(&t.tags, set);
    t.desk.note = Some(match missing.first() {
        None => format!("{}: all {} have tags", set.name, set.slots.len()),
        Some(first) => format!(
            "{}: {} of {} tagged; the next pass begins at {}",
            set.name,
            set.slots.len() - missing.len(),
            set.slots.len(),
            first.sticker
        ),
    });
    open_sets(t, false)
}

/// A tap during a pass: a new tag takes the label named, a known one is refused with what it
/// is. What the pass becomes: the next label, or the list once it is over.
fn pass_tap(set: PieceSet, at: usize, uid: &Uid, t: &mut Table) -> Option<Enrolment> {
    let all = t.piece_sets().map(|l| l.into_iter().last());
    let all = all.ok().flatten().unwrap_or_else(|| set.clone());
    if t.tags.get(uid).is_some() {
        t.desk.note = Some(format!(
            "refused: {}; tap a new sticker",
            sets::what_is(&t.tags, &all, &uid.hex())
        ));
        t.desk.sound = Some(Sound::Refuse);
        return None;
    }
    let slot = set.slots.get(at)?;
    if sets::tagged(&t.tags, &set.slots)[at].is_some() {
        // Said, never dropped in silence: the new tag stands for nothing yet.
        t.desk.note = Some(format!(
            "tag {} not enrolled: label {} has its tag already (DOWN: the next)",
            uid.hex(),
            slot.sticker
        ));
        t.desk.sound = Some(Sound::Refuse);
        return None;
    }
    t.save_tag(crate::tags::Tag {
        uid: uid.hex(),
        kind: slot.kind.clone(),
        sticker: Some(slot.sticker.clone()),
    });
    t.desk.note = Some(format!("label {}: {}", slot.sticker, slot.words));
    match sets::next_untagged(&t.tags, &set, at + 1) {
        Some(next) => Some(Enrolment::at(Step::Pass { set, at: next })),
        None => end_pass(&set, t),
    }
}

/// The message of a pass: the label to tap next, and the buttons.
pub(super) fn pass_message(set: &PieceSet, at: usize, tags: &TagMap) -> Vec<String> {
    let Some(slot) = set.slots.get(at) else {
        return vec![];
    };
    let n = set.slots.len();
    let done = sets::tagged(tags, &set.slots)[at].is_some();
    let mut out = wrap(&if done {
        format!("{} of {n}: {} has its tag", slot.number, slot.words)
    } else {
        format!("{} of {n}: tap {}", slot.number, slot.words)
    });
    out.extend(wrap("UP: back. DOWN: skip. BACK: stop, kept."));
    out
}

/// The check's message: how many pieces of the game have tags, and each one missing.
pub(super) fn check_rows(all: &PieceSet, tags: &TagMap) -> Vec<String> {
    let missing = sets::missing(tags, all);
    let n = all.slots.len();
    if missing.is_empty() {
        return wrap(&format!(
            "All {n} pieces have tags. Tap any tag to see what it is."
        ));
    }
    let mut out = vec![format!("{} of {n} tagged. Missing:", n - missing.len())];
    out.extend(missing.iter().map(|s| format!("{} {}", s.sticker, s.words)));
    out.push("Tap a tag to see what it is.".into());
    out
}

/// The person without a token whom the game's screen asks to tap one ("Bob taps their token
/// to agree", "Bob only: tap your token to seal", "that is Bob's own: Bob taps their token
/// first"): the name nearest before a "tap" that asks for a token, in its sentence. The
/// screen's lines are read as one text: a note wrapped on the screen puts "taps" and "token"
/// on two lines (played by hand: the new tag was offered as the first person's).
fn asked_to_tap(t: &Table, untagged: impl Fn(&TagKind) -> bool) -> Option<String> {
    let g = t.game.as_ref()?;
    let people = t.people();
    let has_token = |name: &String| !untagged(&TagKind::Player { name: name.clone() });
    let text = g.message(&t.desk).join(" ");
    text.match_indices("tap").find_map(|(at, _)| {
        let clause = |s: &str| s.find(['.', '(']).unwrap_or(s.len());
        let after = &text[at..];
        if !after[..clause(after)].contains("token") {
            return None;
        }
        let start = text[..at].rfind(". ").map_or(0, |dot| dot + 2);
        let before = &text[start..at];
        people
            .iter()
            .filter(|p| !has_token(p))
            .filter_map(|p| named_last(before, p).map(|at| (at, p)))
            .max()
            .map(|(_, p)| p.clone())
    })
}

/// The one person without a token on whom the open deals wait (a computer seat's offer to
/// them): the next token tapped is most likely theirs, to agree, though the note that asked
/// for it may have given way to another seat's move (played by hand).
fn dealt_with(t: &Table, untagged: impl Fn(&TagKind) -> bool) -> Option<String> {
    let g = t.game.as_ref()?;
    let names = g.players();
    let people = t.people();
    let mut waited: Vec<&String> = (t.desk.offers.open.iter())
        .flat_map(|o| o.binds.iter().filter(|&&p| o.waits_on(p)))
        .filter_map(|&p| names.get(p))
        .filter(|n| people.contains(n))
        .filter(|n| untagged(&TagKind::Player { name: (*n).clone() }))
        .collect();
    waited.sort();
    waited.dedup();
    match waited[..] {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// Whether the game's screen asks the table to tap something other than a token (a card,
/// a deed): a line that says "tap" and never "token".
fn asks_for_a_piece(t: &Table) -> bool {
    let Some(g) = t.game.as_ref() else {
        return false;
    };
    let lines = g.message(&t.desk);
    lines.iter().any(|l| l.contains("tap")) && !lines.iter().any(|l| l.contains("token"))
}

/// Where `name` last stands in `text` as a whole name (no letter or digit beside it: never
/// "Ann" inside "Anna").
fn named_last(text: &str, name: &str) -> Option<usize> {
    let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.rmatch_indices(name).map(|(at, _)| at).find(|&at| {
        !alnum(text[..at].chars().next_back()) && !alnum(text[at + name.len()..].chars().next())
    })
}
