//! The shape's guards (issue 67): the game API's size, counted from its source and held
//! against the number docs/architecture.md states, so a wave of features that regrows it
//! fails here instead of drifting.

use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Each `pub trait` of a source text, with its methods: (trait, method, has a default body).
fn trait_methods(text: &str) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if let Some(rest) = line.strip_prefix("pub trait ") {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            // A trait with an empty body (`{}` on its line) has no methods.
            current = (!line.trim_end().ends_with("{}")).then_some(name);
            continue;
        }
        if *line == "}" {
            current = None;
            continue;
        }
        let (Some(t), Some(rest)) = (&current, line.strip_prefix("    fn ")) else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The declaration runs to the first `;` (required) or `{` (a default body) outside
        // brackets: `[u8; 4]` in a type is no end.
        let mut depth = 0i32;
        let mut default = None;
        'scan: for l in &lines[i..] {
            for c in l.chars() {
                match c {
                    '(' | '[' | '<' => depth += 1,
                    ')' | ']' => depth -= 1,
                    '>' if depth > 0 => depth -= 1,
                    ';' if depth == 0 => {
                        default = Some(false);
                        break 'scan;
                    }
                    '{' if depth == 0 => {
                        default = Some(true);
                        break 'scan;
                    }
                    _ => {}
                }
            }
        }
        out.push((t.clone(), name, default.unwrap_or(false)));
    }
    out
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The game API: the methods of every trait of the engine crate that a family crate
/// implements (a trait moved out of game.rs still counts), and how many are required.
fn game_api() -> (Vec<(String, String, bool)>, usize) {
    let mut engine = Vec::new();
    sources(&Path::new(ROOT).join("crates/engine/src"), &mut engine);
    let mut families = String::new();
    for crate_dir in ["property", "grid", "illuminati"] {
        let mut files = Vec::new();
        sources(
            &Path::new(ROOT).join("crates").join(crate_dir).join("src"),
            &mut files,
        );
        for f in files {
            families.push_str(&std::fs::read_to_string(f).unwrap());
        }
    }
    let mut methods = Vec::new();
    for f in engine {
        for m in trait_methods(&std::fs::read_to_string(f).unwrap()) {
            if families.contains(&format!("impl {} for", m.0)) {
                methods.push(m);
            }
        }
    }
    let required = methods.iter().filter(|m| !m.2).count();
    (methods, required)
}

/// The numbers docs/architecture.md states: "The game API: N methods in all, M of them
/// required".
fn stated() -> (usize, usize) {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/architecture.md")).unwrap();
    let at = doc
        .find("The game API: ")
        .expect("docs/architecture.md states the game API's size");
    let words: Vec<&str> = doc[at..].split_whitespace().collect();
    let n = words[3].parse().expect("N methods in all");
    let m = words[7].parse().expect("M of them required");
    (n, m)
}

#[test]
fn the_game_api_is_no_larger_than_docs_architecture_md_says() {
    let (methods, required) = game_api();
    let (n, m) = stated();
    let list: Vec<String> = methods
        .iter()
        .map(|(t, f, _)| format!("{t}::{f}"))
        .collect();
    println!(
        "game API: {} methods, {required} required (the doc says {n} and {m})",
        methods.len()
    );
    assert!(
        methods.len() <= n && required <= m,
        "the game API has {} methods ({required} required), more than the {n} ({m}) \
         docs/architecture.md states: fold the new one into data, or change the design, \
         never the number: {list:?}",
        methods.len()
    );
    // The ceiling the project set itself (issue 67): 30 methods, 12 required.
    assert!(n <= 30 && m <= 12, "the doc's numbers went past 30 and 12");
    assert!(list.contains(&"Game::execute_into".to_string()), "{list:?}");
}

#[test]
fn the_method_counter_reads_required_and_default_methods() {
    let text = "pub trait T {\n    fn a(x: [u8; 4]) -> u8;\n    fn b(&self) -> u8 {\n        1\n    }\n    fn c(\n        x: u8,\n    ) -> Option<Vec<u8>> {\n        None\n    }\n}\npub trait E {}\n";
    let got = trait_methods(text);
    assert_eq!(
        got,
        vec![
            ("T".to_string(), "a".to_string(), false),
            ("T".to_string(), "b".to_string(), true),
            ("T".to_string(), "c".to_string(), true),
        ]
    );
}

/// The functions of a source text longer than `most` lines (signature to closing brace), with
/// their first line: a function ends at the first `}` at its own indentation.
fn long_functions(text: &str, most: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let indent = line.len() - line.trim_start().len();
        let words = line.trim_start();
        let rest = [
            "pub(crate) fn ",
            "pub(super) fn ",
            "pub fn ",
            "fn ",
            "const fn ",
        ]
        .iter()
        .find_map(|p| words.strip_prefix(p));
        let Some(rest) = rest else {
            i += 1;
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The signature runs to a `{` (a body) or a `;` (no body).
        let mut j = i;
        while j < lines.len() && !lines[j].ends_with('{') && !lines[j].ends_with(';') {
            j += 1;
        }
        if j >= lines.len() || lines[j].ends_with(';') {
            i = j + 1;
            continue;
        }
        let close = format!("{}}}", " ".repeat(indent));
        let end = (j + 1..lines.len())
            .find(|&k| lines[k] == close)
            .unwrap_or(lines.len() - 1);
        if end - i + 1 > most {
            out.push((name, i + 1, end - i + 1));
        }
        i = end + 1;
    }
    out
}

/// Issue 67: no function in src/ or crates/ over 150 lines, so that a wave of features grows
/// new functions with names rather than one match that nobody can read.
#[test]
fn no_function_is_over_150_lines() {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(&Path::new(ROOT).join("src"), &mut files);
    walk(&Path::new(ROOT).join("crates"), &mut files);
    let mut long = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (name, line, n) in long_functions(&text, 150) {
            long.push(format!("{}:{line}: {name} is {n} lines", f.display()));
        }
    }
    assert!(
        long.is_empty(),
        "split these by what each part does:\n{}",
        long.join("\n")
    );
}

#[test]
fn a_long_function_is_found_and_a_short_one_is_not() {
    let body = "    let x = 1;\n".repeat(160);
    let text = format!(
        "fn short() {{\n    1;\n}}\n\nimpl T {{\n    pub fn long(&self) {{\n{body}    }}\n}}\n"
    );
    let found = long_functions(&text, 150);
    assert_eq!(found, vec![("long".to_string(), 6, 162)]);
}
