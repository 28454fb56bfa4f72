//! Read off the frame as a player reads it: every line a command tells the table is on the
//! screen whole, in order and once, above the menu or page by page, in random evenings of all
//! five rulesets at every table size; and every screen's rows fit or scroll.

use super::coverage::{evening, Verbs};
use super::*;
use boardside::engine::grid::Grid;
use boardside::engine::illuminati::Illuminati;
use boardside::ui::pages::Pager;
use boardside::ui::screen::Screens;
use boardside::ui::text::{fit, for_table, line, COLS, ROWS};
use std::collections::HashMap;
use std::sync::OnceLock;

/// One character cell of the 5x8 font as bits (column-major), from pixel column `x`.
fn cell(frame: &Frame, x: usize, y: usize, inverted: bool) -> u64 {
    let mut bits = 0u64;
    for dx in 0..5 {
        for dy in 0..8 {
            bits = bits << 1 | u64::from(frame.get(x + dx, y + dy) != inverted);
        }
    }
    bits
}

/// The font's printable characters by their cells, drawn by the device's own line drawing.
fn glyphs() -> &'static HashMap<u64, char> {
    static GLYPHS: OnceLock<HashMap<u64, char>> = OnceLock::new();
    GLYPHS.get_or_init(|| {
        // ASCII, then Latin-1's signs and letters (the odds' "±", Zoë), an ASCII glyph kept
        // where a Latin-1 one draws the same (the no-break space, the soft hyphen).
        let mut map = HashMap::new();
        for c in (0x20u32..0x7f)
            .chain(0xa1..=0xff)
            .filter_map(char::from_u32)
        {
            let mut f = Frame::default();
            line(&mut f, 0, 0, &c.to_string(), false);
            map.entry(cell(&f, 1, 0, false)).or_insert(c);
        }
        map
    })
}

/// The text rows of a frame drawn in the shared layout, header first (an inverted row has its
/// first pixel column lit); a cell no character matches reads as '\u{fffd}'.
pub fn read(frame: &Frame) -> Vec<String> {
    (0..ROWS)
        .map(|row| {
            let inverted = frame.get(0, row * 8);
            let text: String = (0..COLS)
                .map(|c| {
                    *glyphs()
                        .get(&cell(frame, 1 + 5 * c, row * 8, inverted))
                        .unwrap_or(&'\u{fffd}')
                })
                .collect();
            text.trim_end().to_string()
        })
        .collect()
}

/// The screen as drawn now, read.
fn screen(ui: &Ui) -> Vec<String> {
    let mut f = Frame::default();
    render(ui, &mut f);
    read(&f)
}

fn words<S: AsRef<str>>(lines: &[S]) -> String {
    lines
        .iter()
        .flat_map(|l| l.as_ref().split_whitespace())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The message rows of every page of the pager open now, read one page after another (the
/// menu's rows at the foot of each page left out).
fn pager_rows(ui: &mut Ui) -> Option<Vec<String>> {
    let View::Pager(Pager { pages, page }) = ui.view() else {
        return None;
    };
    let (count, at) = (pages.pages.len(), *page);
    let mut out = Vec::new();
    for p in 0..count {
        ui.turn_to_page(p);
        let labels: Vec<String> = ui.labels().iter().map(|l| fit(l)).collect();
        let mut rows = screen(ui)[1..].to_vec();
        while rows
            .last()
            .is_some_and(|r| r.is_empty() || labels.iter().any(|l| l.trim_end() == r))
        {
            rows.pop();
        }
        out.extend(rows);
    }
    ui.turn_to_page(at);
    Some(out)
}

/// What the checks saw, for the test's own assertion that it looked.
#[derive(Default)]
struct Seen {
    commands: usize,
    paged: usize,
}

/// After every input that made one command, the lines it told the table (less those a
/// family shows in its own words, `elsewhere`) are read on the screen: on a pager, its pages
/// hold exactly those lines' words in order; beside a menu, the screen holds them in order.
fn told_whole<F: OnDevice>(
    ruleset: &str,
    seed: u64,
    steps: usize,
    elsewhere: fn(&Ui, &str) -> bool,
    seen: &mut Seen,
) {
    let (least, most) = <F::Screens as Screens>::FACTS.seats;
    for players in least.max(2)..=most.min(8) {
        let mut before: Option<usize> = None;
        let mut verbs = Verbs::default();
        evening::<F>(
            ruleset,
            players,
            seed + players as u64,
            steps,
            &mut verbs,
            None,
            |ui, input, _| {
                let Some(g) = ui.session::<F>() else {
                    return;
                };
                let now = g.history.len();
                let one = before.is_some_and(|b| now == b + 1);
                before = Some(now);
                if !one {
                    return;
                }
                let told: Vec<String> = ui
                    .desk()
                    .toast()
                    .iter()
                    .filter(|l| !elsewhere(ui, l))
                    .map(|l| for_table(l))
                    .collect();
                let want = words(&told);
                if want.is_empty() {
                    return;
                }
                seen.commands += 1;
                match pager_rows(ui) {
                    Some(rows) => {
                        seen.paged += 1;
                        assert_eq!(
                            words(&rows),
                            want,
                            "{ruleset}, {players} players, after {input:?}: the pages read \
                             otherwise than the lines told\n{rows:#?}\n{told:#?}"
                        );
                    }
                    None => {
                        let rows = screen(ui);
                        assert!(
                            words(&rows[1..]).contains(&want),
                            "{ruleset}, {players} players, after {input:?}: the screen lost \
                             lines told\n{rows:#?}\n{told:#?}"
                        );
                    }
                }
            },
        );
    }
}

/// The property games' prompt ("now: ...") is the screen's own message, in its words.
fn property_elsewhere(_: &Ui, line: &str) -> bool {
    line.starts_with("now:")
}

/// An open attack's screen shows its working (the attack, the money spent, the total), which
/// its lines only repeat.
fn illuminati_elsewhere(ui: &Ui, _: &str) -> bool {
    ui.session::<Illuminati>()
        .is_some_and(|g| g.state.attack.is_some())
}

/// The grid game tells every line, its prompt too.
fn grid_elsewhere(_: &Ui, _: &str) -> bool {
    false
}

#[test]
fn every_line_told_is_read_whole_in_order_on_the_pages_of_every_ruleset() {
    let mut seen = Seen::default();
    for ruleset in ["sectionopoly", "suetology", "scientopoly"] {
        told_whole::<Property>(ruleset, 300, 1_500, property_elsewhere, &mut seen);
    }
    told_whole::<Grid>("grid", 400, 1_500, grid_elsewhere, &mut seen);
    told_whole::<Illuminati>("illuminati", 500, 1_500, illuminati_elsewhere, &mut seen);
    assert!(
        seen.commands > 2_000 && seen.paged > 200,
        "only {} commands read, {} on pages",
        seen.commands,
        seen.paged
    );
}

/// What the fit checks saw.
#[derive(Default)]
struct Fitted {
    game: usize,
    standings: usize,
}

/// At the most players the ruleset seats, after every input: a game screen drawn in the
/// shared layout shows its header uncut and every row of its message, whole and in order
/// (menus keep the chosen line on screen: UP/DOWN reach every line); the standings, scrolled
/// with DOWN, show every row of theirs.
fn every_screen_fits<F: OnDevice>(ruleset: &str, seed: u64, steps: usize, fitted: &mut Fitted) {
    let (_, most) = <F::Screens as Screens>::FACTS.seats;
    let mut verbs = Verbs::default();
    evening::<F>(
        ruleset,
        most.min(8),
        seed,
        steps,
        &mut verbs,
        None,
        |ui, input, _| {
            let Some(g) = ui.game() else {
                return;
            };
            match ui.view() {
                View::Game => {
                    let (header, message) = (g.header(ui.desk()), g.message(ui.desk()));
                    let rows = screen(ui);
                    // A screen drawn otherwise (the grid's board, a close-up) has no header
                    // row of text.
                    if rows[0] != fit(&header).trim_end() {
                        return;
                    }
                    fitted.game += 1;
                    assert!(
                        header.len() <= COLS,
                        "{ruleset}, after {input:?}: the header is cut: {header:?}"
                    );
                    let mut shown = rows[1..].iter();
                    // A blank row is room for a drawing (the strips' bars).
                    for m in message.iter().filter(|m| !m.trim().is_empty()) {
                        assert!(
                            m.len() <= COLS,
                            "{ruleset}, after {input:?}: a row is cut: {m:?}"
                        );
                        assert!(
                            shown.any(|r| r == m.trim_end()),
                            "{ruleset}, after {input:?}: {m:?} is not on the screen\n\
                             {rows:#?}\n{message:#?}"
                        );
                    }
                }
                View::Standings(_) if !g.over() => {
                    fitted.standings += 1;
                    let (_, lines) = g.standings();
                    let mut want = boardside::ui::text::wrap_all(&lines);
                    want.extend(boardside::ui::text::wrap_all(&ui.odds_lines()));
                    let mut seen: Vec<String> = Vec::new();
                    let at = ui.scroll();
                    for s in 0..want.len() + 1 {
                        ui.scroll_to(s);
                        seen.extend(screen(ui));
                    }
                    ui.scroll_to(at);
                    for w in &want {
                        assert!(
                            seen.iter().any(|r| r == w.trim_end()),
                            "{ruleset}: the standings never show {w:?}\n{seen:#?}"
                        );
                    }
                }
                _ => {}
            }
        },
    );
}

#[test]
fn every_screen_fits_or_scrolls_at_the_most_players_of_every_ruleset() {
    let mut fitted = Fitted::default();
    for (i, ruleset) in ["sectionopoly", "suetology", "scientopoly"]
        .iter()
        .enumerate()
    {
        for e in 0..2 {
            every_screen_fits::<Property>(ruleset, 600 + 10 * i as u64 + e, 2_000, &mut fitted);
        }
    }
    for e in 0..2 {
        every_screen_fits::<Grid>("grid", 700 + e, 2_000, &mut fitted);
        every_screen_fits::<Illuminati>("illuminati", 800 + e, 2_000, &mut fitted);
    }
    assert!(
        fitted.game > 5_000 && fitted.standings > 20,
        "only {} game screens and {} standings read",
        fitted.game,
        fitted.standings
    );
}

#[test]
fn a_refusal_on_the_device_loses_its_typed_commands_but_keeps_who_is_still_in() {
    let line = "not now: auction of Centre: Fay bids 42, bids from 43; `bid PLAYER AMOUNT` or \
                `pass PLAYER` (Bob, Cy still in)";
    assert_eq!(
        for_table(line),
        "not now: auction of Centre: Fay bids 42, bids from 43 (Bob, Cy still in)"
    );
    assert_eq!(
        for_table("draw one: `draw GROUP` or `draw special [ID]`"),
        "draw one"
    );
}

/// Issue 53: the new tag's screen keeps its title whatever is pressed.
#[test]
fn a_new_tags_title_stays_after_the_first_press() {
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), Setup::default());
    ui.handle(Input::Tag(Uid(vec![0x10, 0, 0, 9])), 1);
    let title = screen(&ui)[0].clone();
    assert_eq!(title, "Enrol a tag");
    for (i, k) in ["j", "j", "k"].iter().enumerate() {
        key(&mut ui, k, 2 + i as u64);
        assert_eq!(screen(&ui)[0], title, "after {k}");
    }
}

/// Issue 53, suetology: an asking-price auction has no amount to choose; each bidder's line
/// accepts the ask, and OK on it makes them the high bidder at that price.
#[test]
fn an_asking_price_auction_offers_accept_the_ask_never_an_amount_editor() {
    use boardside::engine::property::state::Pending;
    let rules = boardside::rulesets::load::<Property>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rulesets/suetology.toml"
    ))
    .unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
    let options = rules.options.clone();
    let mut g =
        boardside::session::Session::<Property>::new(rules, &names, 3, options, None).unwrap();
    super::coverage::property_auction(&mut g);
    let mut ui = ui_with(
        g,
        TagMap::default(),
        TableConfig::default(),
        Setup::default(),
    );
    let labels = ui.labels();
    assert!(
        !labels.iter().any(|l| l.contains(" bids ")),
        "an amount editor is offered: {labels:?}"
    );
    let accept = labels
        .iter()
        .find(|l| l.contains(" accepts "))
        .unwrap_or_else(|| panic!("no accept line: {labels:?}"))
        .clone();
    let (who, ask) = accept.split_once(" accepts ").unwrap();
    let ask: i64 = ask.parse().unwrap();
    choose(&mut ui, &accept, 5);
    let s = &ui.session::<Property>().unwrap().state;
    match s.top() {
        Some(Pending::Auction(a)) => {
            let (h, v) = a.high.expect("a high bid");
            assert_eq!((s.players[h].name.as_str(), v), (who, ask));
        }
        other => panic!("the auction closed at once: {other:?}"),
    }
}

/// Issue 53: a mortgaged square received in a trade is kept by paying the interest, and the
/// menu says so ("Keep it, pay 20 interest"), never "Keep mortgaged 20".
#[test]
fn keeping_a_received_mortgage_says_it_pays_the_interest() {
    let rules = boardside::rulesets::load::<Property>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rulesets/sectionopoly.toml"
    ))
    .unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut options = rules.options.clone();
    options.first_player = FirstPlayer::Listed;
    let mut g =
        boardside::session::Session::<Property>::new(rules, &names, 3, options, None).unwrap();
    for l in [
        "set owner operations-office Ann",
        "mortgage operations-office",
        "trade Ann Bob operations-office for $150",
    ] {
        let out = g.run_line(l);
        assert!(!out.iter().any(|x| x.starts_with("error")), "{l}: {out:?}");
    }
    let ui = ui_with(
        g,
        TagMap::default(),
        TableConfig::default(),
        Setup::default(),
    );
    let labels = ui.labels();
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Keep it, pay 20 interest")),
        "{labels:?}"
    );
    assert!(!labels.iter().any(|l| l.starts_with("Keep mortgaged")));
}

/// Played by hand (scientopoly, stop 88): beside the final chart cpu1 and cpu2 both read "c"
/// ("1 c st20 32362", "3 c st12 12226"): which won? Where shortened names leave two players
/// alike, each has its name whole on a row and its figures, whole, on the next; a row that
/// fits, or a name still told apart, stays one row.
#[test]
fn the_final_standings_tell_players_with_alike_names_apart() {
    use boardside::ui::text::{final_rows, FINAL_COLS};
    let strings = |l: &[&str]| -> Vec<String> { l.iter().map(|s| s.to_string()).collect() };
    let rows_of =
        |names: &[&str], lines: &[&str]| final_rows(&strings(lines), &strings(names), FINAL_COLS);
    let rows = rows_of(
        &["Ann", "cpu1", "cpu2"],
        &[
            "1 cpu1 st20 32362\n(cash 20762, 9 sq)",
            "2 Ann st15 16678\n(cash 12094, 8 sq)",
            "3 cpu2 st12 12226\n(cash 6466, 11 sq)",
        ],
    );
    assert_eq!(
        rows,
        [
            "1 cpu1",
            "  st20 32362",
            "2 A st15 16678",
            "3 cpu2",
            "  st12 12226"
        ],
        "{rows:?}"
    );
    assert!(rows.iter().all(|r| r.chars().count() <= FINAL_COLS));
    // Short enough, or shortened and still told apart: one row each.
    let short = ["1 cpu1 st2 36", "2 cpu2 st1 12"];
    assert_eq!(rows_of(&["cpu1", "cpu2"], &short), short);
    assert_eq!(
        rows_of(
            &["Ann", "Bobby"],
            &["1 Bobby st20 32362", "2 Ann st15 16678"]
        ),
        ["1 B st20 32362", "2 A st15 16678"]
    );
}

/// Issue 66, "the final standings cut digits": at the most players of every property ruleset,
/// with five-digit sums, each final standings row keeps every figure whole in the 14 columns
/// beside the chart, the name shortened instead.
#[test]
fn the_final_standings_never_cut_a_figure_at_the_most_players_with_five_digit_sums() {
    use boardside::engine::game::Game;
    use boardside::ui::text::{fit_row, measure};
    for ruleset in ["sectionopoly", "suetology", "scientopoly"] {
        let rules = boardside::rulesets::load::<Property>(&super::ruleset_path(ruleset)).unwrap();
        let most = <PropertyScreens as boardside::ui::screen::Screens>::FACTS
            .seats
            .1;
        let names: Vec<String> = (1..=most).map(|i| format!("Player{i}")).collect();
        let options = Property::options(&rules, &[("first_player", "listed")]).unwrap();
        let mut g =
            boardside::session::Session::<Property>::new(rules, &names, 3, options, None).unwrap();
        for (i, n) in names.iter().enumerate() {
            let out = g.run_line(&format!("set cash {n} {}", 25_467 + 1_000 * i));
            assert!(!out.iter().any(|l| l.starts_with("error")), "{out:?}");
        }
        let (_, rows) = <PropertyScreens as boardside::ui::screen::Screens>::standings(&g);
        assert_eq!(rows.len(), most);
        for row in rows {
            let short = measure(&row);
            let fitted = fit_row(short, &names, 14);
            assert!(fitted.chars().count() <= 14, "{ruleset}: {fitted:?}");
            for figure in short.split(' ').skip(2) {
                assert!(
                    fitted.ends_with(figure) || fitted.contains(&format!(" {figure} ")),
                    "{ruleset}: {figure} cut from {short:?}: {fitted:?}"
                );
            }
            assert!(
                short.rsplit(' ').next().is_some_and(|f| f.len() >= 5),
                "{short}"
            );
        }
    }
}
