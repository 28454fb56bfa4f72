//! What can be said now (issue 69): the phrases the device listens for at a position, each
//! the table's words for a move it offers (`Screens::words`, said as people say them:
//! `voice::said`) and the protocol command it stands for. Only what the buttons may do now
//! (the authority rule, for the table or the seat whose token opened the menu), never what
//! only a seat may see (`Screens::hidden`: a hand, a sealed order, a secret goal); a phrase
//! two moves share stands for neither. The table's own words beside them: roll, end the
//! turn, undo, again, cancel.

use std::collections::BTreeMap;

use crate::engine::authority::Actor;
use crate::session::Session;
use crate::voice::said;

use super::screen::{OnDevice, Screens};

/// What a phrase heard offers.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Offer {
    /// A protocol command, carried out once OK confirms it.
    Line(String),
    /// The table's own word: undo (asked first), again (the last line said again), cancel
    /// (BACK).
    Shell(&'static str),
}

impl Offer {
    /// As `hear` prints it: the protocol command, or the table's word.
    pub fn text(&self) -> &str {
        match self {
            Offer::Line(l) => l,
            Offer::Shell(w) => w,
        }
    }
}

/// The phrases at this position and what each offers, sorted by phrase.
pub fn phrases<F: OnDevice>(g: &Session<F>, actor: Actor) -> Vec<(String, Offer)> {
    let (rules, s) = (&g.rules, &g.state);
    let mut by_phrase: BTreeMap<String, Option<Offer>> = BTreeMap::new();
    let mut add = |phrase: String, offer: Offer| {
        by_phrase
            .entry(phrase)
            .and_modify(|was| {
                // One phrase, two moves: it stands for neither ("not understood").
                if was.as_ref() != Some(&offer) {
                    *was = None;
                }
            })
            .or_insert(Some(offer));
    };
    for cmd in F::legal(rules, s) {
        if F::Screens::hidden(g, &cmd) || g.may(actor, &cmd, &[]).is_err() {
            continue;
        }
        let line = F::format_command(rules, s, &cmd);
        let words = F::Screens::words(g, &cmd);
        for phrase in said::spoken(&words) {
            add(phrase, Offer::Line(line.clone()));
        }
        // The table's short words for the device's dice and the end of a turn.
        if F::chance(rules, s, &cmd).is_some() {
            add("roll".into(), Offer::Line(line.clone()));
        }
        if said::spoken(&words).iter().any(|p| p.starts_with("end ")) {
            add("end the turn".into(), Offer::Line(line.clone()));
        }
    }
    if !g.history.is_empty() {
        add("undo".into(), Offer::Shell("undo"));
    }
    add("again".into(), Offer::Shell("again"));
    add("cancel".into(), Offer::Shell("cancel"));
    by_phrase
        .into_iter()
        .filter_map(|(p, o)| Some((p, o?)))
        .collect()
}

/// The phrases at a saved game's position, for `boardside hear JOURNAL --list`: said for the
/// table at the device (no token tapped).
pub fn at_journal<F: OnDevice>(
    rulesets: &[std::path::PathBuf],
    journal: &std::path::Path,
) -> Result<Vec<(String, Offer)>, String> {
    let (g, _) = crate::saves::resume::<F>(rulesets, journal)?;
    if crate::engine::game::is_over::<F>(&g.rules, &g.state) {
        return Err(format!(
            "{}: the game is over; nothing is listened for",
            journal.display()
        ));
    }
    Ok(phrases(&g, Actor::Table))
}
