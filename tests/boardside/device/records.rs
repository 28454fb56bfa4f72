//! The Records screen as a table reads it: chosen on the new-game screen with the buttons,
//! the records of the folder's finished games on pages (players, games, feats, the games
//! played, the damaged journal named), OK through to the last, and back to the new game.

use super::*;

/// The screen's rows as text.
fn screen(ui: &Ui) -> String {
    let mut frame = Frame::default();
    render(ui, &mut frame);
    super::pages::read(&frame).join("\n")
}

#[test]
fn the_records_screen_pages_through_every_table() {
    let dir = crate::records::folder("device");
    let setup = Setup {
        rulesets: crate::records::rulesets(),
        journal_dir: Some(dir.clone()),
        ..Default::default()
    };
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), setup);
    choose(&mut ui, "Records", 0);
    assert!(matches!(ui.view(), View::Pager(_)), "{:?}", ui.view());
    let mut seen = vec![screen(&ui)];
    for now in 1..200 {
        if !matches!(ui.view(), View::Pager(_)) {
            break;
        }
        key(&mut ui, "\r", now);
        seen.push(screen(&ui));
    }
    assert!(
        matches!(ui.view(), View::Setup(_)),
        "OK on the last page goes back"
    );
    let all = seen.join("\n");
    for want in [
        "6 finished games; 1",
        "PLAYERS",
        "Bob: 6 games, 3",
        "rating 1507",
        "nemesis: Ann",
        "wins per game:",
        "GAMES",
        "sectionopoly: 2 games,",
        "FEATS",
        "10658 OPs in rent",
        "GAMES PLAYED",
        "DAMAGED JOURNALS",
        "z-damaged.journal:5:",
    ] {
        assert!(all.contains(want), "no {want:?} on the pages:\n{all}");
        if std::env::var_os("SHOW_PAGES").is_some() {
            println!("{all}");
        }
    }
    // Each section begins a page of its own.
    for head in ["PLAYERS", "GAMES", "FEATS", "GAMES PLAYED"] {
        assert!(
            seen.iter()
                .any(|s| s.lines().nth(1).is_some_and(|l| l.trim() == head)),
            "{head} does not begin a page"
        );
    }
}
