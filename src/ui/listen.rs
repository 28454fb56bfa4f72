//! What can be said now (issue 69): the phrases the device listens for at a position, each
//! the table's words for a move it offers (`Screens::words`, said as people say them:
//! `voice::said`) and the protocol command it stands for. Only what the buttons may do now
//! (the authority rule, for the table or the seat whose token opened the menu), never what
//! only a seat may see (`Screens::hidden`: a hand, a sealed order, a secret goal); a phrase
//! two moves share stands for neither. The table's own words beside them: roll, end the
//! turn, undo, again, cancel.

use std::collections::BTreeMap;

use crate::engine::authority::Actor;
use crate::engine::game::Family;
use crate::session::Session;
use crate::voice::said::{self, Offer, Phrase};

/// The phrases at this position and what each offers, sorted by phrase: the family's screens
/// say which commands are `hidden` and each command's `words` (`Screens::hidden`,
/// `Screens::words`).
pub fn phrases<F: Family>(
    g: &Session<F>,
    actor: Actor,
    hidden: &dyn Fn(&F::Command) -> bool,
    words: &dyn Fn(&F::Command) -> String,
) -> Vec<Phrase> {
    let (rules, s) = (&g.rules, &g.state);
    let mut by_phrase: BTreeMap<String, Option<(Offer, String)>> = BTreeMap::new();
    let mut add = |said: String, offer: Offer, words: &str| {
        by_phrase
            .entry(said)
            .and_modify(|was| {
                // One phrase, two moves: it stands for neither ("not understood").
                if was.as_ref().map(|w| &w.0) != Some(&offer) {
                    *was = None;
                }
            })
            .or_insert(Some((offer, words.to_string())));
    };
    for cmd in F::legal(rules, s) {
        if hidden(&cmd) || g.may(actor, &cmd, &[]).is_err() {
            continue;
        }
        let line = Offer::Line(F::format_command(rules, s, &cmd));
        let words = words(&cmd);
        let said = said::spoken(&words);
        for phrase in &said {
            add(phrase.clone(), line.clone(), &words);
        }
        // The table's short words for the device's dice and the end of a turn.
        if F::chance(rules, s, &cmd).is_some() {
            add("roll".into(), line.clone(), &words);
        }
        if said.iter().any(|p| p.starts_with("end ")) {
            add("end the turn".into(), line.clone(), &words);
        }
    }
    if !g.history.is_empty() {
        add(
            "undo".into(),
            Offer::Shell("undo"),
            "Take the last move back",
        );
    }
    add(
        "again".into(),
        Offer::Shell("again"),
        "Say the last line again",
    );
    add("cancel".into(), Offer::Shell("cancel"), "Back to the game");
    by_phrase
        .into_iter()
        .filter_map(|(said, o)| {
            let (offer, words) = o?;
            Some(Phrase { said, offer, words })
        })
        .collect()
}
