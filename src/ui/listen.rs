//! What can be said now (issue 69): the phrases the device listens for at a position, each
//! the table's words for a move it offers (`Screens::words`, said as people say them:
//! `voice::said`) and the protocol command it stands for. Only what the buttons may do now
//! (the authority rule, for the table or the seat whose token opened the menu), never what
//! only a seat may see (`Screens::hidden`: a hand, a sealed order, a secret goal); a phrase
//! two moves share stands for neither. The table's own words beside them: roll, end the
//! turn, undo, again, cancel; and on the device, the lines of the game's menu that are no
//! move ("Standings", "Manage...", "Log": `menu`).

use std::collections::BTreeMap;

use crate::engine::authority::Actor;
use crate::engine::game::Family;
use crate::session::Session;
use crate::ui::offers::Amount;
use crate::voice::said::{self, Offer, Phrase};

/// The phrases at this position and what each offers, sorted by phrase: the family's screens
/// say which commands are `hidden`, each command's `words` (`Screens::hidden`,
/// `Screens::words`) and the moves that take any amount in a range (`Screens::amounts`: a
/// bid), listened for with any number in its place ("ann bids <amount>").
pub fn phrases<F: Family>(
    g: &Session<F>,
    actor: Actor,
    hidden: &dyn Fn(&F::Command) -> bool,
    words: &dyn Fn(&F::Command) -> String,
    amounts: &[Amount],
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
    for a in amounts {
        // The move at its least amount stands for them all: the authority rule and the
        // screens judge it; its words with the amount left open.
        let Ok(line) = a.line_for(a.least) else {
            continue;
        };
        let Ok(crate::engine::game::Parsed::Command(cmd)) = F::parse(rules, s, &line) else {
            continue;
        };
        if hidden(&cmd) || g.may(actor, &cmd, &[]).is_err() {
            continue;
        }
        let least = a.least.to_string();
        let text = words(&cmd);
        let Some(at) = text
            .split(' ')
            .position(|w| w.trim_matches(|c: char| !c.is_ascii_digit()) == least)
        else {
            continue;
        };
        let open = text
            .split(' ')
            .enumerate()
            .map(|(i, w)| if i == at { "{amount}" } else { w })
            .collect::<Vec<_>>()
            .join(" ");
        // Said as people say it, with the amount's place kept by a word that is no number.
        let Some(said) = said::spoken(&open.replace("{amount}", "amountslot"))
            .into_iter()
            .next()
        else {
            continue;
        };
        let offer = Offer::Amount {
            line: a.line.clone(),
            least: a.least,
            most: a.most,
        };
        add(said.replace("amountslot", said::AMOUNT), offer, &open);
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

/// The lines of the game's menu (`labels`, as the table sees it: a seat's private menu is
/// closed while the device listens) added to `phrases`, each chosen by its words as OK on it
/// would: a line whose words a move already has stays that move (the move is what the line
/// does), and words two lines share stand for neither.
pub fn menu(phrases: &mut Vec<Phrase>, labels: &[String]) {
    let mut lines: BTreeMap<String, Option<(usize, &String)>> = BTreeMap::new();
    for (i, label) in labels.iter().enumerate() {
        for said in said::spoken(label) {
            if phrases.iter().any(|p| p.said == said) {
                continue;
            }
            lines
                .entry(said)
                .and_modify(|was| *was = None)
                .or_insert(Some((i, label)));
        }
    }
    for (said, line) in lines {
        let Some((line, label)) = line else { continue };
        let words = label.trim_end_matches('.').to_string();
        let offer = Offer::Menu {
            line,
            label: label.clone(),
        };
        phrases.push(Phrase { said, offer, words });
    }
    phrases.sort_by(|a, b| a.said.cmp(&b.said));
}
