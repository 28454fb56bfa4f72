//! What every view of the shell shares (`Table`): the game in play, the desk lent to its
//! screens, the tag map, the new-game screen's choices, the phones asking, the odds and the
//! computer seats' work; and the few things more than one view does with them (a tag enrolled,
//! a tag in words, the voice's settings).

use super::act::{Act, Entry};
use super::screen::{entry, Desk, Playing};
use super::setup::Setup;
use super::{phones, worker};
use crate::sets::{self, PieceSet};
use crate::tags::{TagKind, TagMap};

/// The voice's paces on the menu: a name, words a minute.
pub(super) const PACES: [(&str, u32); 3] = [("normal", 165), ("fast", 200), ("slow", 135)];
/// Its loudness: a name, espeak-ng's amplitude.
pub(super) const VOLUMES: [(&str, u32); 3] = [("normal", 100), ("loud", 170), ("quiet", 50)];

/// The name of a setting's value on the menu, and the next value round.
pub(super) fn named(list: &[(&'static str, u32)], now: u32) -> (&'static str, u32) {
    let at = list.iter().position(|(_, v)| *v == now);
    (
        at.map_or("custom", |i| list[i].0),
        list[at.map_or(0, |i| (i + 1) % list.len())].1,
    )
}

pub struct Table {
    /// The game in play, of any family.
    pub(super) game: Option<Box<dyn Playing>>,
    /// What the shell lends the game's screens: the log, the note, the time, the settings.
    pub(super) desk: Desk,
    pub(super) tags: TagMap,
    pub(super) setup: Setup,
    /// The live odds, worked out in a thread after each change of the game.
    pub(super) odds: worker::Asked<crate::odds::Odds>,
    /// Show the odds (the new-game screen's "Odds" line; a table may prefer not to know).
    pub(super) odds_on: bool,
    /// How many games the device plays out for them.
    pub(super) odds_rollouts: crate::odds::Rollouts,
    /// Phones asking to pair with a seat (the web view), and the table's answers.
    pub(super) phones: phones::Phones,
    /// A computer seat's next choice, worked out in a thread of its own.
    pub(super) computer: worker::Asked<crate::computer::Move>,
    /// The position the game last changed to, and when (a computer seat waits
    /// `computer_ms` after it); a position where a computer seat's choice was refused.
    pub(super) computer_since: (u64, u64),
    pub(super) computer_stuck: Option<u64>,
    /// A sentence being heard (TALK): the job's result, the phrases it was heard against,
    /// and the flag TALK's release sets.
    pub(super) hearing: worker::Asked<Result<Option<String>, String>>,
    pub(super) phrases: Vec<crate::voice::said::Phrase>,
    pub(super) talk_stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Table {
    /// The people among the players of the game in play, or (before one) among those named on
    /// the new-game screen: a computer seat has no token, since the device plays it and a tap
    /// of its own could do nothing for it (issue 66).
    pub(super) fn people(&self) -> Vec<String> {
        let Some(g) = &self.game else {
            return self.setup.people();
        };
        let computers = g.computers();
        let seats = g.players().into_iter().enumerate();
        seats
            .filter(|(i, _)| !computers.iter().any(|c| c.seat == *i))
            .map(|(_, name)| name)
            .collect()
    }

    /// Enrol: the map here at once, the file by the device loop (`Effects::keep_tags`).
    pub(super) fn save_tag(&mut self, tag: crate::tags::Tag) {
        self.tags.put(tag.clone());
        self.desk.out.enrolled.push(tag);
    }

    /// The sets of the game in play, or of the game chosen on the new-game screen: its tokens
    /// (the people named there, then tokens already enrolled, then the common names, one per
    /// seat), the family's own sets, and everything together.
    pub fn piece_sets(&self) -> Result<Vec<PieceSet>, String> {
        if let Some(g) = &self.game {
            return Ok(sets::with_tokens_and_all(&self.people(), g.sets()));
        }
        let kind = self.setup.kind()?;
        let path = self.setup.ruleset_path().ok_or("no ruleset files found")?;
        let names = sets::token_names(&self.people(), &self.tags, kind.facts().seats.1);
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

    /// The names of the players here and of every token enrolled.
    pub(super) fn taken_names(&self) -> Vec<String> {
        let mut out = self.setup.players.clone();
        if let Some(g) = &self.game {
            out.extend(g.players());
        }
        out.extend(self.tags.tags.iter().filter_map(|t| match &t.kind {
            TagKind::Player { name } => Some(name.clone()),
            _ => None,
        }));
        out
    }

    /// The voice off (at once: what it is saying stops) or on again, said on screen.
    pub(super) fn toggle_voice(&mut self) {
        self.desk.voice.on = !self.desk.voice.on;
        self.desk.note = Some(if self.desk.voice.on {
            "voice on".into()
        } else {
            "voice off (hold ROLL to hear it again)".into()
        });
        self.desk.out.redraw = true;
    }

    /// The voice's lines: on or off, its pace and loudness.
    pub(super) fn voice_entries(&self) -> Vec<Entry> {
        let v = self.desk.voice;
        vec![
            entry(
                format!("Voice: {}", if v.on { "on" } else { "off" }),
                Act::Voice,
            ),
            entry(
                format!("Voice pace: {}", named(&PACES, v.speed).0),
                Act::VoicePace,
            ),
            entry(
                format!("Voice volume: {}", named(&VOLUMES, v.volume).0),
                Act::VoiceVolume,
            ),
        ]
    }

    /// A setting's line chosen (the voice, the odds), on whichever menu shows it: true when
    /// `act` was one.
    pub(super) fn setting(&mut self, act: &Act) -> bool {
        match act {
            Act::Voice => self.toggle_voice(),
            Act::VoicePace => self.desk.voice.speed = named(&PACES, self.desk.voice.speed).1,
            Act::VoiceVolume => self.desk.voice.volume = named(&VOLUMES, self.desk.voice.volume).1,
            Act::Odds => {
                self.odds_on = !self.odds_on;
                if !self.odds_on {
                    self.odds.reset();
                }
            }
            _ => return false,
        }
        true
    }
}
