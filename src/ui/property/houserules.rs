//! The house rules a property ruleset offers on the new-game screen.

use super::*;

/// The house rules the new-game screen offers for a property ruleset, in words: the game's
/// length (standard, the short game, a time limit), the target status (scientopoly), physical
/// card decks, rent that must be asked for, and (with status) whether a donation never asked
/// still counts its status point.
pub fn house_rules(r: &Ruleset) -> Vec<HouseRule> {
    let o = &r.options;
    let length = |word: &str, short: bool, limit: bool, minutes: u32| Choice {
        word: word.into(),
        settings: vec![
            ("short_game", short.to_string()),
            ("time_limit", limit.to_string()),
            ("time_limit_minutes", minutes.to_string()),
        ],
    };
    let mut lengths = vec![
        length("standard", false, false, 0),
        length("short game", true, false, 0),
    ];
    if o.time_limit && !o.short_game && ![60, 90, 120, 180].contains(&o.time_limit_minutes) {
        let word = match o.time_limit_minutes {
            0 => "limit, no clock".to_string(),
            m => format!("{m} min limit"),
        };
        lengths.push(length(&word, false, true, o.time_limit_minutes));
    }
    for m in [60, 90, 120, 180] {
        lengths.push(length(&format!("{m} min limit"), false, true, m));
    }
    let holds = |c: &Choice| {
        let mut t = o.clone();
        c.settings.iter().all(|(k, v)| t.set(k, v).is_ok()) && t == *o
    };
    let mut out = vec![HouseRule::new("Length", lengths, holds)];
    if r.status.is_some() {
        out.push(HouseRule::number(
            "Target status",
            "target_status",
            "",
            // The rules allow any target from 1 to 40 (scientopoly ¶5): the short games as
            // well as the long, a few presses apart (the ruleset's own is added if missing).
            &[1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40],
            o.target_status as u32,
        ));
    }
    out.push(HouseRule::switch(
        "Card decks on table",
        "physical_decks",
        o.physical_decks,
    ));
    out.push(HouseRule::switch(
        "Rent must be asked",
        "rent_must_be_asked",
        o.rent_must_be_asked,
    ));
    // With rent that must be asked, a game of status chooses when the landing's point counts
    // (scientopoly ¶5 read: with the donation asked; this on: at once, asked or not).
    if r.status.is_some() {
        out.push(HouseRule::switch(
            "Status if not asked",
            "status_when_unasked",
            o.status_when_unasked,
        ));
    }
    out
}
