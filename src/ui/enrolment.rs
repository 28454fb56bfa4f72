//! Enrolling a whole set of tags in one pass and checking them (`crate::sets`): the screen
//! names the next label ("12 of 28: tap Deed Centre"), the next new tag takes it, a known tag
//! is refused with what it already is, UP/DOWN go back and skip, BACK stops and keeps what was
//! done, and the next pass begins at the first label still without a tag.

use super::*;
use crate::sets::{self, PieceSet};
use text::wrap;

impl Ui {
    /// The sets of the game in play, or of the game chosen on the new-game screen: its tokens
    /// (the players named there, then tokens already enrolled, then the common names, one per
    /// seat), the family's own sets, and everything together.
    pub fn piece_sets(&self) -> Result<Vec<PieceSet>, String> {
        if let Some(g) = &self.game {
            return Ok(sets::with_tokens_and_all(&g.players(), g.sets()));
        }
        let kind = self.setup.kind()?;
        let path = self.setup.ruleset_path().ok_or("no ruleset files found")?;
        let names = sets::token_names(&self.setup.players, &self.tags, kind.seats().1);
        Ok(sets::with_tokens_and_all(&names, kind.sets(path)?))
    }

    /// What a tag stands for, in the table's words: "Bob's token", "Special: Interference" (the
    /// piece's label in its set), its id only for a piece no set of this game names.
    pub(super) fn tag_words(&self, kind: &TagKind) -> String {
        if let TagKind::Player { name } = kind {
            return format!("{name}'s token");
        }
        self.piece_sets()
            .ok()
            .and_then(|sets| {
                sets.iter()
                    .flat_map(|s| s.slots.iter())
                    .find(|slot| slot.kind == *kind)
                    .map(|slot| slot.words.clone())
            })
            .unwrap_or_else(|| kind.describe())
    }

    /// The list of sets, each with how many of its labels have a tag.
    pub(super) fn sets_entries(&self, list: &[PieceSet]) -> Vec<Entry> {
        let mut out: Vec<Entry> = list
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let missing = sets::missing(&self.tags, s).len();
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

    /// "Enrol a set" or "Check the tags" chosen: the sets of this game, or why there are none.
    pub(super) fn open_sets(&mut self, check: bool) {
        match self.piece_sets() {
            Ok(list) if check => {
                let all = list
                    .into_iter()
                    .last()
                    .unwrap_or_else(|| PieceSet::everything(&[]));
                self.go(View::Check { all, scroll: 0 });
            }
            Ok(list) => self.go(View::Sets { sets: list }),
            Err(e) => self.desk.note = Some(e),
        }
    }

    /// A set chosen: its pass begins at its first label with no tag yet.
    pub(super) fn begin_set(&mut self, set: PieceSet) {
        match sets::next_untagged(&self.tags, &set, 0) {
            Some(at) => self.go(View::EnrolSet { set, at }),
            None => {
                let note = format!("{}: all {} have tags", set.name, set.slots.len());
                self.desk.note = Some(note);
            }
        }
    }

    /// UP, DOWN and BACK during a pass: back one label, skip one, stop (what was enrolled is
    /// kept; the next pass begins at the first label still without a tag).
    pub(super) fn enrol_button(&mut self, b: Button, p: Press) {
        let View::EnrolSet { set, at } = &mut self.view else {
            return;
        };
        match (b, p) {
            (Button::Up, Press::Press | Press::Repeat { .. }) => *at = at.saturating_sub(1),
            (Button::Down, Press::Press | Press::Repeat { .. }) if *at + 1 < set.slots.len() => {
                *at += 1
            }
            (Button::Down, Press::Press) => {
                let set = set.clone();
                self.end_pass(&set);
            }
            (Button::Back, Press::Press) => {
                let set = set.clone();
                self.end_pass(&set);
            }
            (Button::Ok, Press::Press) => {
                self.desk.note =
                    Some("tap the piece named here; UP: back one, DOWN: skip, BACK: stop".into())
            }
            _ => {}
        }
    }

    /// The pass is over (stopped, or past the last label): what it left, and the list again.
    fn end_pass(&mut self, set: &PieceSet) {
        let missing = sets::missing(&self.tags, set);
        self.desk.note = Some(match missing.first() {
            None => format!("{}: all {} have tags", set.name, set.slots.len()),
            Some(first) => format!(
                "{}: {} of {} tagged; the next pass begins at {}",
                set.name,
                set.slots.len() - missing.len(),
                set.slots.len(),
                first.sticker
            ),
        });
        self.open_sets(false);
    }

    /// A tap during a pass: a new tag takes the label named, a known one is refused with what
    /// it is. True when the tap was this screen's.
    pub(super) fn enrol_tap(&mut self, uid: &Uid) -> bool {
        match self.view.clone() {
            View::EnrolSet { set, at } => {
                let all = self.piece_sets().map(|l| l.into_iter().last());
                let all = all.ok().flatten().unwrap_or_else(|| set.clone());
                if self.tags.get(uid).is_some() {
                    self.desk.note = Some(format!(
                        "refused: {}; tap a new sticker",
                        sets::what_is(&self.tags, &all, &uid.hex())
                    ));
                    self.desk.sound = Some(Sound::Refuse);
                    return true;
                }
                let Some(slot) = set.slots.get(at) else {
                    return true;
                };
                if sets::tagged(&self.tags, &set.slots)[at].is_some() {
                    // Said, never dropped in silence: the new tag stands for nothing yet.
                    self.desk.note = Some(format!(
                        "tag {} not enrolled: label {} has its tag already (DOWN: the next)",
                        uid.hex(),
                        slot.sticker
                    ));
                    self.desk.sound = Some(Sound::Refuse);
                    return true;
                }
                self.save_tag(crate::tags::Tag {
                    uid: uid.hex(),
                    kind: slot.kind.clone(),
                    sticker: Some(slot.sticker.clone()),
                });
                self.desk.note = Some(format!("label {}: {}", slot.sticker, slot.words));
                match sets::next_untagged(&self.tags, &set, at + 1) {
                    Some(next) => self.view = View::EnrolSet { set, at: next },
                    None => self.end_pass(&set),
                }
                true
            }
            View::Check { all, .. } => {
                self.desk.note = Some(sets::what_is(&self.tags, &all, &uid.hex()));
                true
            }
            View::Sets { sets: list } => {
                let all = PieceSet::everything(&list[..list.len().saturating_sub(1)]);
                self.desk.note = Some(sets::what_is(&self.tags, &all, &uid.hex()));
                true
            }
            _ => false,
        }
    }

    /// The message of a pass: the label to tap next, and the buttons.
    pub(super) fn enrol_message(set: &PieceSet, at: usize, tags: &TagMap) -> Vec<String> {
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
}
