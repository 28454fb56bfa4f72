//! `boardside print` looked at as a printer would: each kind of page written by the program,
//! turned into PNG by poppler's pdftoppm (Debian's poppler-utils; CI installs it), its page
//! count checked, every label's words found inside their circle (pdftotext's word boxes), and
//! the board's fields counted.

use boardside::print::{labels, Doc, Paper};
use boardside::sets;
use boardside::tags::TagMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_boardside");
const RULESETS: [&str; 5] = [
    "sectionopoly",
    "suetology",
    "scientopoly",
    "grid",
    "illuminati",
];

fn ruleset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rulesets/{name}.toml"))
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("boardside-print-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `boardside print` of these parts: the PDF's path.
fn print(name: &str, only: &str, paper: &str, out: &Path) -> PathBuf {
    let pdf = out.join(format!("{name}-{only}-{paper}.pdf"));
    let run = Command::new(BIN)
        .args(["print", "--ruleset"])
        .arg(ruleset(name))
        .args(["--paper", paper, "--only", only, "--out"])
        .arg(&pdf)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{name} {only}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    pdf
}

/// A poppler tool's output; its absence said plainly.
fn poppler(tool: &str, args: &[&str], pdf: &Path) -> String {
    let out = Command::new(tool)
        .args(args)
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap_or_else(|e| panic!("{tool}: {e} (install Debian's poppler-utils)"));
    assert!(out.status.success(), "{tool} {}", pdf.display());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Render every page to PNG with pdftoppm: how many pages it wrote.
fn rendered(pdf: &Path) -> usize {
    let prefix = pdf.with_extension("");
    let out = Command::new("pdftoppm")
        .args(["-r", "20", "-png"])
        .arg(pdf)
        .arg(&prefix)
        .output()
        .unwrap_or_else(|e| panic!("pdftoppm: {e} (install Debian's poppler-utils)"));
    assert!(out.status.success(), "pdftoppm {}", pdf.display());
    let stem = prefix.file_name().unwrap().to_string_lossy().into_owned();
    std::fs::read_dir(pdf.parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with(&format!("{stem}-")) && n.ends_with(".png")
        })
        .count()
}

/// pdftotext's word boxes, page by page: (page, x0, y0, x1, y1 in mm from the top left, word).
fn words(pdf: &Path) -> Vec<(usize, f32, f32, f32, f32, String)> {
    let html = poppler("pdftotext", &["-bbox"], pdf);
    let mm = |v: &str| v.parse::<f32>().unwrap() * 25.4 / 72.0;
    let attr = |l: &str, k: &str| -> String {
        let from = l.find(&format!("{k}=\"")).unwrap() + k.len() + 2;
        l[from..].split('"').next().unwrap().to_string()
    };
    let mut out = Vec::new();
    let mut page = 0;
    for l in html.lines() {
        let l = l.trim();
        if l.starts_with("<page") {
            page += 1;
        } else if l.starts_with("<word") {
            let text = l.split('>').nth(1).unwrap().split('<').next().unwrap();
            out.push((
                page - 1,
                mm(&attr(l, "xMin")),
                mm(&attr(l, "yMin")),
                mm(&attr(l, "xMax")),
                mm(&attr(l, "yMax")),
                text.to_string(),
            ));
        }
    }
    out
}

/// The label sheet as the program lays it out: (page, centre, sticker) of every label.
fn label_places(name: &str, paper: Paper) -> (usize, Vec<labels::Placed>) {
    let path = ruleset(name);
    let kind = boardside::ui::kinds::for_ruleset(&boardside::games::all(), &path).unwrap();
    let names = sets::token_names(&[], &TagMap::default(), kind.facts().seats.1);
    let list = sets::with_tokens_and_all(&names, kind.sets(&path).unwrap());
    let mut doc = Doc::new(paper, name);
    let placed = labels::sheet(&mut doc, name, &list);
    let wanted = list.last().unwrap().slots.len();
    assert_eq!(placed.len(), wanted, "{name}: a label for every piece");
    (doc.pages.len(), placed)
}

#[test]
fn every_rulesets_label_sheet_prints_each_label_inside_its_circle() {
    let out = dir("labels");
    for name in RULESETS {
        for (paper, word) in [(Paper::A4, "a4"), (Paper::Letter, "letter")] {
            let pdf = print(name, "labels", word, &out);
            let (pages, placed) = label_places(name, paper);
            assert_eq!(rendered(&pdf), pages, "{name} {word}: pages rendered");
            let boxes = words(&pdf);
            let r = labels::DIAMETER / 2.0;
            let mut near_any = vec![0usize; placed.len()];
            for (page, x0, y0, x1, y1, w) in &boxes {
                let mid = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                let Some(i) = placed.iter().position(|l| {
                    l.page == *page
                        && (l.centre.0 - mid.0).hypot(l.centre.1 - mid.1) < labels::PITCH / 2.0
                }) else {
                    continue;
                };
                near_any[i] += 1;
                let c = placed[i].centre;
                for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
                    let d = (x - c.0).hypot(y - c.1);
                    assert!(
                        d <= r,
                        "{name} {word}: '{w}' of label {} reaches {d:.1} mm from its centre \
                         (the circle is {r} mm)",
                        placed[i].sticker
                    );
                }
            }
            // Every label has its words, its sticker's number among them.
            for (
                i,
                labels::Placed {
                    page,
                    centre: c,
                    sticker,
                },
            ) in placed.iter().enumerate()
            {
                assert!(
                    near_any[i] >= 2,
                    "{name} {word}: label {sticker} has no words"
                );
                let number = sticker.rsplit(' ').next().unwrap();
                assert!(
                    boxes.iter().any(|(p, x0, y0, x1, y1, w)| p == page
                        && w == number
                        && (c.0 - (x0 + x1) / 2.0).hypot(c.1 - (y0 + y1) / 2.0) < r),
                    "{name} {word}: label {sticker}'s number"
                );
            }
        }
    }
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn the_property_boards_deeds_and_decks_print_every_square_deed_and_card() {
    use boardside::engine::property::Ruleset;
    let out = dir("property");
    for name in ["sectionopoly", "suetology", "scientopoly"] {
        let rules: Ruleset =
            boardside::rulesets::load::<boardside::engine::property::Property>(&ruleset(name))
                .unwrap();
        // The board: 480 mm square over 3 x 2 pages of A4, every square's name on it.
        let pdf = print(name, "board", "a4", &out);
        assert_eq!(rendered(&pdf), 6, "{name}: board pages");
        let text = poppler("pdftotext", &["-raw"], &pdf);
        let found: std::collections::HashSet<&str> = text.split_whitespace().collect();
        let fields = rules
            .squares
            .iter()
            .filter(|s| s.name.split_whitespace().all(|w| found.contains(w)))
            .count();
        assert_eq!(
            fields,
            rules.squares.len(),
            "{name}: squares named on the board"
        );
        // The deeds, nine a page, each with its price and its label.
        let pdf = print(name, "deeds", "a4", &out);
        let deeds = rules.deeds().len();
        assert_eq!(rendered(&pdf), deeds.div_ceil(9), "{name}: deed pages");
        let text = poppler("pdftotext", &["-raw"], &pdf);
        for n in 1..=deeds {
            assert!(
                text.contains(&format!("label deeds {n}\n")),
                "{name}: deed {n}'s label"
            );
        }
        // The decks, five cards a page, fold-over: each card's label once.
        let pdf = print(name, "decks", "a4", &out);
        let pages: usize = rules.decks.iter().map(|d| d.cards.len().div_ceil(5)).sum();
        assert_eq!(rendered(&pdf), pages, "{name}: deck pages");
        let text = poppler("pdftotext", &["-raw"], &pdf);
        for d in &rules.decks {
            for (i, c) in d.cards.iter().enumerate() {
                let label = format!("{} label {} {}", c.id, d.id, i + 1);
                assert_eq!(text.matches(&label).count(), 1, "{name}: {label}");
            }
        }
    }
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn the_grid_board_prints_its_13_by_19_fields_wall_slots_and_strips_over_pages() {
    let out = dir("grid");
    for (paper, pages) in [("a4", 6), ("letter", 6)] {
        let pdf = print("grid", "board", paper, &out);
        assert_eq!(rendered(&pdf), pages, "grid board on {paper}");
        // Every field's coordinates, some twice where pages overlap; none missing.
        let boxes = words(&pdf);
        let fields: std::collections::HashSet<&str> = boxes
            .iter()
            .map(|b| b.5.as_str())
            .filter(|w| w.starts_with('(') && w.ends_with(')'))
            .collect();
        assert_eq!(fields.len(), 13 * 19, "grid fields on {paper}");
        assert!(fields.contains("(13,19)") && fields.contains("(1,1)"));
        let text = poppler("pdftotext", &["-raw"], &pdf);
        assert!(text.contains("Scientists' power strip") && text.contains("Religionists'"));
    }
    // The grid game prints no deeds or decks, and Illuminati only labels: said, not a blank PDF.
    let run = Command::new(BIN)
        .args(["print", "--ruleset"])
        .arg(ruleset("illuminati"))
        .args(["--only", "board", "--out"])
        .arg(out.join("none.pdf"))
        .output()
        .unwrap();
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("cards are published"));
    assert!(!out.join("none.pdf").exists());
    std::fs::remove_dir_all(&out).unwrap();
}

/// The fold of every card strip: the dashed upright lines (x, top, bottom) of each page.
fn folds(d: &boardside::print::Drawing) -> Vec<(f32, f32, f32)> {
    use boardside::print::Shape;
    d.shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Line {
                from,
                to,
                dashed: true,
                ..
            } if from.0 == to.0 => Some((from.0, from.1.min(to.1), from.1.max(to.1))),
            _ => None,
        })
        .collect()
}

#[test]
fn a_card_strip_is_folded_on_a_dashed_line_with_nothing_solid_over_it() {
    use boardside::engine::property::Property;
    use boardside::print::Shape;
    let rules = boardside::rulesets::load::<Property>(&ruleset("sectionopoly")).unwrap();
    let mut doc = Doc::new(Paper::A4, "sectionopoly");
    boardside::print::property::decks(&rules, &mut doc);
    let mut checked = 0;
    for page in &doc.pages {
        for (fx, top, bottom) in folds(page) {
            checked += 1;
            let over = |x: f32, y0: f32, y1: f32| {
                (x - fx).abs() < 0.01 && y0.min(y1) < bottom - 0.01 && y0.max(y1) > top + 0.01
            };
            for s in &page.shapes {
                let solid = match s {
                    Shape::Rect {
                        x, y, w, h, line, ..
                    } if *line > 0.0 => over(*x, *y, y + h) || over(x + w, *y, y + h),
                    Shape::Line {
                        from,
                        to,
                        dashed: false,
                        ..
                    } => from.0 == to.0 && over(from.0, from.1, to.1),
                    _ => false,
                };
                assert!(!solid, "a solid line over the fold at x {fx}: {s:?}");
            }
        }
    }
    assert!(checked >= 30, "only {checked} folds");
}

#[test]
fn the_grid_boards_legend_lies_below_its_column_numbers() {
    use boardside::engine::grid::Grid;
    use boardside::print::Shape;
    let rules = boardside::rulesets::load::<Grid>(&ruleset("grid")).unwrap();
    let d = boardside::print::grid::board(&rules);
    let mm = |pt: f32| pt * 25.4 / 72.0;
    let texts: Vec<(f32, f32, &str)> = d
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Text { y, size, text, .. } => Some((*y, *size, text.as_str())),
            _ => None,
        })
        .collect();
    let legend = texts
        .iter()
        .find(|t| t.2.starts_with("Grey slots"))
        .unwrap();
    let lowest_number = texts
        .iter()
        .filter(|t| t.2.parse::<u32>().is_ok())
        .map(|t| t.0)
        .fold(0.0f32, f32::max);
    // The legend's cap height starts below the numbers' baseline.
    assert!(
        legend.0 - mm(legend.1) * 0.75 > lowest_number + 0.5,
        "legend at {} over numbers at {lowest_number}",
        legend.0
    );
}

#[test]
fn print_out_a_folder_writes_the_pdf_into_it_and_leaves_nothing_half_written() {
    let d = dir("out-folder");
    let run = Command::new(BIN)
        .args(["print", "--ruleset"])
        .arg(ruleset("grid"))
        .arg("--out")
        .arg(&d)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(d.join("grid.pdf").is_file());
    // A place it cannot write: refused, and no DIR.pdf.new left beside it.
    let bad = d.join("missing").join("board.pdf");
    let run = Command::new(BIN)
        .args(["print", "--ruleset"])
        .arg(ruleset("grid"))
        .arg("--out")
        .arg(&bad)
        .output()
        .unwrap();
    assert!(!run.status.success());
    let left: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".new"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn printed_words_take_an_before_a_vowel_and_ids_break_at_their_hyphens() {
    use boardside::engine::property::narrate::a;
    use boardside::print::wrap;
    assert_eq!(a("INTEL"), "an INTEL");
    assert_eq!(a("Idle Org"), "an Idle Org");
    assert_eq!(a("Hotel"), "a Hotel");
    assert_eq!(a("University"), "a University");
    // A card id too wide for its row breaks after its own hyphen, not mid-word.
    let rows = wrap("nearest-railroad", 5.5, false, 12.0);
    assert!(
        rows.iter()
            .all(|r| r.ends_with('-') || !r.contains("railroa-")),
        "{rows:?}"
    );
    assert_eq!(
        rows.first().map(String::as_str),
        Some("nearest-"),
        "{rows:?}"
    );
}

#[test]
fn token_label_names_are_refused_when_empty_unprintable_or_more_than_the_seats() {
    let d = dir("names");
    let try_names = |names: &str| {
        Command::new(BIN)
            .args(["print", "--ruleset"])
            .arg(ruleset("illuminati"))
            .args(["--only", "labels", "--players", names, "--out"])
            .arg(d.join("labels.pdf"))
            .output()
            .unwrap()
    };
    for (names, why) in [
        ("Ann,,Bob", "an empty name"),
        ("Ann,Дима", "Дима: the PDF's fonts"),
        ("A,B,C,D,E,F,G,H,I", "9 names"),
    ] {
        let run = try_names(names);
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success() && err.contains(why), "{names}: {err}");
    }
    // Latin Extended-A prints by its base letters: no "?" on the label.
    let run = try_names("Łukasz,Zoë");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = poppler("pdftotext", &[], &d.join("labels.pdf"));
    assert!(text.contains("Lukasz") && text.contains("Zoë"), "{text}");
}
