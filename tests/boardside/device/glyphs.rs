//! Every character the device writes is one its screen's font can draw: random evenings of
//! all five rulesets from the device (the words of every menu, message, header, log line,
//! toast, standings and private choice they reach), and every player name the device offers.

use super::coverage::{evening, Verbs};
use super::*;
use boardside::engine::grid::Grid;
use boardside::engine::illuminati::Illuminati;
use boardside::ui::screen::OnDevice;
use boardside::ui::text::{for_table, missing, wrap};
use std::collections::BTreeMap;

/// Each string the screen shows now.
fn shown(ui: &Ui) -> Vec<String> {
    let mut out = ui.labels();
    out.extend(ui.log().iter().rev().take(8).cloned());
    // The last command's lines as the screens show them (in table words).
    out.extend(ui.desk().toast().iter().map(|l| for_table(l)));
    // The note as drawn, row by row (a line break in it starts a row).
    out.extend(ui.desk().note().into_iter().flat_map(wrap));
    if let Some(g) = ui.game() {
        out.push(g.header(ui.desk()));
        out.extend(g.message(ui.desk()));
        let (title, rows) = g.standings();
        out.push(title);
        // Drawn row by row too (a property player's standing is two rows).
        out.extend(rows.iter().flat_map(|r| wrap(r)));
        for seat in 0..g.players().len() {
            out.extend(g.private_choices(ui.desk(), seat).into_iter().map(|c| c.0));
        }
    }
    out
}

/// The characters the font lacks, each with a line that wrote it; and the lines that show the
/// protocol's typing (a backquoted command), which means nothing at a table of buttons.
fn lacking<F: OnDevice>(
    ruleset: &str,
    seed: u64,
    found: &mut BTreeMap<char, String>,
    typing: &mut Vec<String>,
) -> usize {
    let mut looked = 0;
    for players in [2, 4] {
        evening::<F>(
            ruleset,
            players,
            seed + players as u64,
            400,
            &mut Verbs::default(),
            None,
            |ui, _, _| {
                for line in shown(ui) {
                    looked += 1;
                    if line.contains('`') && typing.len() < 10 {
                        typing.push(format!("{ruleset}: {line}"));
                    }
                    for c in missing(&line) {
                        found
                            .entry(c)
                            .or_insert_with(|| format!("{ruleset}: {line}"));
                    }
                }
            },
        );
    }
    looked
}

#[test]
fn the_screen_font_draws_every_character_the_device_writes() {
    let mut found = BTreeMap::new();
    let mut typing = Vec::new();
    let mut looked = 0;
    for ruleset in ["sectionopoly", "suetology", "scientopoly"] {
        looked += lacking::<Property>(ruleset, 70, &mut found, &mut typing);
    }
    looked += lacking::<Grid>("grid", 71, &mut found, &mut typing);
    looked += lacking::<Illuminati>("illuminati", 72, &mut found, &mut typing);
    // Every name the device offers, and every letter a name is typed with.
    for name in boardside::tags::COMMON {
        for c in missing(name) {
            found.entry(c).or_insert_with(|| format!("name {name}"));
        }
    }
    for letter in b'A'..=b'Z' {
        let typed = boardside::ui::names::add("", letter) + &boardside::ui::names::add("X", letter);
        for c in missing(&typed) {
            found.entry(c).or_insert_with(|| format!("typed {typed}"));
        }
    }
    assert!(looked > 10_000, "only {looked} lines looked at");
    assert!(
        found.is_empty(),
        "characters the screen's font cannot draw: {found:#?}"
    );
    assert!(
        typing.is_empty(),
        "the protocol's typing on the device: {typing:#?}"
    );
}

#[test]
fn the_odds_plus_or_minus_and_a_latin_name_draw_as_written() {
    use boardside::ui::text::{drawable, fit, line};
    assert!(missing("Ann 41% ±3, Zoë, José").is_empty());
    assert_eq!(drawable("“Ann’s” – go…"), "\"Ann's\" - go...");
    assert_eq!(missing("Ann ☺"), vec!['☺']);
    // A line of accented names cuts by characters, not bytes.
    assert_eq!(fit(&"é".repeat(30)).chars().count(), 25);
    let mut plain = Frame::default();
    let mut sign = Frame::default();
    line(&mut plain, 0, 0, "?", false);
    line(&mut sign, 0, 0, "±", false);
    assert_ne!(plain, sign, "± has a glyph of its own");
}
