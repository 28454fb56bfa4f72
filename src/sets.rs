//! The sets of pieces a table tags in one pass (the tokens, a deck, the deeds, one player's
//! action cards, everything a game uses), in the order of the printed label sheet: each piece's
//! sticker (`deeds 12`), which of them have a tag already, and what a tapped tag is. The device's
//! "Enrol a set" and "Check the tags", `boardside tags enrol` and `boardside print` all read
//! these, so the sheet, the screen and the console name the same piece by the same number.

use crate::tags::{TagKind, TagMap};

/// A set of pieces as the label sheet prints it: numbered 1.. in this order.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceSet {
    /// The word `tags enrol --set` takes, and the sticker's prefix (`deeds`).
    pub key: String,
    /// The set's name on screen and sheet ("Deeds").
    pub name: String,
    pub slots: Vec<Slot>,
}

/// One piece of a set: the label printed for it and what its tag will stand for.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// The label's own name, kept with its tag (`deeds 12`): a swapped sticker shows as a
    /// number that is not the one the tap reports.
    pub sticker: String,
    /// The label's number in its set (1-based).
    pub number: usize,
    pub kind: TagKind,
    /// The piece in words ("Deed Centre").
    pub words: String,
}

impl PieceSet {
    /// A family's set of pieces: (piece id, words), numbered in this order.
    pub fn of_pieces(
        key: &str,
        name: &str,
        pieces: impl IntoIterator<Item = (String, String)>,
    ) -> PieceSet {
        PieceSet::numbered(
            key,
            name,
            pieces
                .into_iter()
                .map(|(id, words)| (TagKind::Piece { id }, words)),
        )
    }

    /// The players' tokens, one per name.
    pub fn tokens(names: &[String]) -> PieceSet {
        PieceSet::numbered(
            "tokens",
            "Tokens",
            names
                .iter()
                .map(|n| (TagKind::Player { name: n.clone() }, format!("Token of {n}"))),
        )
    }

    fn numbered(
        key: &str,
        name: &str,
        kinds: impl IntoIterator<Item = (TagKind, String)>,
    ) -> PieceSet {
        let slots = kinds
            .into_iter()
            .enumerate()
            .map(|(i, (kind, words))| Slot {
                sticker: format!("{key} {}", i + 1),
                number: i + 1,
                kind,
                words,
            })
            .collect();
        PieceSet {
            key: key.to_string(),
            name: name.to_string(),
            slots,
        }
    }

    /// Every set in one pass, each piece keeping its own set's sticker (so a pass of "all"
    /// and a pass of "deeds" share their progress).
    pub fn everything(sets: &[PieceSet]) -> PieceSet {
        PieceSet {
            key: "all".into(),
            name: "Everything".into(),
            slots: sets.iter().flat_map(|s| s.slots.iter().cloned()).collect(),
        }
    }
}

/// The sets of a game: the tokens first, then the family's, then everything together.
pub fn with_tokens_and_all(names: &[String], family: Vec<PieceSet>) -> Vec<PieceSet> {
    let mut out = vec![PieceSet::tokens(names)];
    out.extend(family);
    let all = PieceSet::everything(&out);
    out.push(all);
    out
}

/// The uid of the tag each slot has, if any: a tag enrolled for that sticker as that piece,
/// else (tags enrolled one at a time, before stickers, or a map edited by hand) a tag of the
/// same kind that no other slot took. What a tag stands for is its kind (its `id`); a sticker
/// that disagrees is not believed over it.
pub fn tagged(map: &TagMap, slots: &[Slot]) -> Vec<Option<String>> {
    let mut out: Vec<Option<String>> = slots
        .iter()
        .map(|s| {
            map.tags
                .iter()
                .find(|t| t.sticker.as_deref() == Some(s.sticker.as_str()) && t.kind == s.kind)
                .map(|t| t.uid.clone())
        })
        .collect();
    let mut used: Vec<&str> = out.iter().flatten().map(|u| u.as_str()).collect();
    let mut loose: Vec<(usize, String)> = Vec::new();
    for (i, s) in slots.iter().enumerate() {
        if out[i].is_some() {
            continue;
        }
        if let Some(t) = map
            .tags
            .iter()
            .find(|t| t.kind == s.kind && !used.contains(&t.uid.as_str()))
        {
            used.push(&t.uid);
            loose.push((i, t.uid.clone()));
        }
    }
    for (i, uid) in loose {
        out[i] = Some(uid);
    }
    out
}

/// The first slot at or after `from` that has no tag yet.
pub fn next_untagged(map: &TagMap, set: &PieceSet, from: usize) -> Option<usize> {
    let have = tagged(map, &set.slots);
    (from..set.slots.len()).find(|&i| have[i].is_none())
}

/// The slots with no tag yet.
pub fn missing<'a>(map: &TagMap, set: &'a PieceSet) -> Vec<&'a Slot> {
    let have = tagged(map, &set.slots);
    set.slots
        .iter()
        .zip(have)
        .filter(|(_, h)| h.is_none())
        .map(|(s, _)| s)
        .collect()
}

/// What a tapped tag is, with its label's number when it was enrolled from a sheet ("Deeds 12:
/// Deed Centre"), so a table checking its set sees a swapped sticker at once.
pub fn what_is(map: &TagMap, all: &PieceSet, hex: &str) -> String {
    let Some(tag) = map.tags.iter().find(|t| t.uid == hex) else {
        return format!("tag {hex} is not enrolled: it stands for nothing yet");
    };
    let have = tagged(map, &all.slots);
    match all
        .slots
        .iter()
        .zip(&have)
        .find(|(_, h)| h.as_deref() == Some(hex))
    {
        Some((slot, _)) => format!("label {}: {}", slot.sticker, slot.words),
        None => format!(
            "tag {hex}: {} (on no label of this game)",
            tag.kind.describe()
        ),
    }
}

/// Every piece a tag may be in these sets, once each: (piece id, words), for the menu of a new
/// tag and `tags add`.
pub fn pieces(sets: &[PieceSet]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for s in sets.iter().flat_map(|s| &s.slots) {
        if let TagKind::Piece { id } = &s.kind {
            if !out.iter().any(|(i, _)| i == id) {
                out.push((id.clone(), s.words.clone()));
            }
        }
    }
    out
}

/// The tokens' names of a game: those given first (the players on the new-game screen, or
/// `--players`), then the tokens already enrolled, then the common names, one per seat, so the
/// printed sheet's "Token of Ann" is the first token a fresh table enrols.
pub fn token_names(first: &[String], map: &TagMap, seats: usize) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let enrolled = map.tags.iter().filter_map(|t| match &t.kind {
        TagKind::Player { name } => Some(name.clone()),
        TagKind::Piece { .. } => None,
    });
    for n in first.iter().cloned().chain(enrolled) {
        if !names.iter().any(|m| m.eq_ignore_ascii_case(&n)) {
            names.push(n);
        }
    }
    names.extend(crate::tags::free(&names).into_iter().map(String::from));
    names.truncate(seats);
    names
}

/// `boardside tags enrol --set KEY` at a console: the same pass as the device's, each line
/// read a tag's UID (a USB reader types one per tap), an empty line skipping the label, `back`
/// going back one, `stop` or the end of the input stopping with what was enrolled kept.
pub fn console_pass(
    file: &std::path::Path,
    set: &PieceSet,
    all: &PieceSet,
    input: impl std::io::BufRead,
    out: &mut impl std::io::Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let mut map = TagMap::load(file)?;
    let mut at = next_untagged(&map, set, 0);
    let mut lines = input.lines();
    while let Some(i) = at {
        let slot = &set.slots[i];
        writeln!(
            out,
            "{} of {}: tap {}",
            slot.number,
            set.slots.len(),
            slot.words
        )
        .map_err(io)?;
        let Some(line) = lines.next() else { break };
        let line = line.map_err(io)?;
        match line.trim() {
            "" => at = (i + 1 < set.slots.len()).then_some(i + 1),
            "back" => at = Some(i.saturating_sub(1)),
            "stop" => break,
            word => {
                let uid = match crate::tags::Uid::read(word) {
                    Ok(u) => u,
                    Err(e) => {
                        writeln!(out, "{e}: a tag's UID, an empty line, back or stop")
                            .map_err(io)?;
                        continue;
                    }
                };
                if map.get(&uid).is_some() {
                    writeln!(out, "refused: {}", what_is(&map, all, &uid.hex())).map_err(io)?;
                    continue;
                }
                if tagged(&map, &set.slots)[i].is_some() {
                    writeln!(
                        out,
                        "tag {} not enrolled: label {} has its tag already",
                        uid.hex(),
                        slot.sticker
                    )
                    .map_err(io)?;
                    at = (i + 1 < set.slots.len()).then_some(i + 1);
                    continue;
                }
                let tag = crate::tags::Tag {
                    uid: uid.hex(),
                    kind: slot.kind.clone(),
                    sticker: Some(slot.sticker.clone()),
                };
                // Under the map's lock: a tag the device enrolled meanwhile is not lost, and
                // one it enrolled as this very tag is not taken twice.
                (map, ()) = TagMap::update(file, |m| match m.get(&uid) {
                    Some(was) => Err(format!("{} is already the {}", uid.hex(), was.describe())),
                    None => {
                        m.put(tag);
                        Ok(())
                    }
                })?;
                writeln!(out, "label {}: {}", slot.sticker, slot.words).map_err(io)?;
                at = next_untagged(&map, set, i + 1);
            }
        }
    }
    let missing = missing(&map, set);
    match missing.first() {
        None => writeln!(out, "{}: all {} have tags", set.name, set.slots.len()),
        Some(first) => writeln!(
            out,
            "{}: {} of {} tagged; the next pass begins at {}",
            set.name,
            set.slots.len() - missing.len(),
            set.slots.len(),
            first.sticker
        ),
    }
    .map_err(io)
}

/// The map's tags a check should name: a piece id that is no piece of this game, and a
/// sticker that names another piece than the tag's id (the id is what counts).
pub fn doubtful(map: &TagMap, all: &PieceSet) -> Vec<String> {
    let mut out = vec![];
    for t in &map.tags {
        let TagKind::Piece { id } = &t.kind else {
            continue;
        };
        if !all.slots.iter().any(|s| s.kind == t.kind) {
            out.push(format!(
                "unknown: tag {} is enrolled as {id:?}, which is no piece of this game",
                t.uid
            ));
            continue;
        }
        let named = t
            .sticker
            .as_deref()
            .and_then(|st| all.slots.iter().find(|s| s.sticker == st));
        if let Some(slot) = named.filter(|s| s.kind != t.kind) {
            out.push(format!(
                "tag {}: its sticker says label {} ({}), but it is enrolled as {id:?}, which \
                 counts",
                t.uid, slot.sticker, slot.words
            ));
        }
    }
    out
}

/// `boardside tags check`: what the game needs and has no tag yet, then what each UID read is.
pub fn console_check(
    map: &TagMap,
    all: &PieceSet,
    input: impl std::io::BufRead,
    out: &mut impl std::io::Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let missing = missing(map, all);
    let n = all.slots.len();
    writeln!(out, "{} of {n} pieces tagged", n - missing.len()).map_err(io)?;
    for s in &missing {
        writeln!(out, "  missing: label {} {}", s.sticker, s.words).map_err(io)?;
    }
    for line in doubtful(map, all) {
        writeln!(out, "  {line}").map_err(io)?;
    }
    for line in input.lines() {
        let line = line.map_err(io)?;
        if line.trim().is_empty() {
            continue;
        }
        match crate::tags::Uid::read(line.trim()) {
            Ok(uid) => writeln!(out, "{}", what_is(map, all, &uid.hex())),
            Err(e) => writeln!(out, "{e}"),
        }
        .map_err(io)?;
    }
    Ok(())
}
