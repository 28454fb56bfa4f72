//! The architecture's guard (issue 67): reads the `use` edges between the files of src/ and
//! fails on an import circle (outside one family's screen folder), on the core reaching up
//! into the device, the web or the catalogue, and on hw/ importing web/; it prints the layers
//! and holds them against the drawing in docs/architecture.md, so the two say the same.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The files that hold the game and its records: below the device, the web view and the
/// catalogue, which may use them but never the other way round.
const CORE: &[&str] = &[
    "session.rs",
    "journal.rs",
    "saves.rs",
    "records/",
    "sets.rs",
    "rulesets.rs",
    "config.rs",
];
/// What the core may not import: the shell, the web view, the catalogue.
const ABOVE_CORE: &[&str] = &["ui/", "web/", "games.rs"];
/// The family screen folders, inside which files may import each other both ways.
const FAMILY_FOLDERS: &[&str] = &["ui/property/", "ui/grid/", "ui/illuminati/"];

/// Source text with comments, strings and character literals blanked, so that a path in a
/// doc comment or a message is no import.
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            '/' if c.get(i + 1) == Some(&'/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '/' if c.get(i + 1) == Some(&'*') => {
                let mut depth = 0;
                while i < c.len() {
                    if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                out.push(' ');
            }
            'r' if matches!(c.get(i + 1), Some('"') | Some('#'))
                && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_')) =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while c.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if c.get(j) != Some(&'"') {
                    out.push(c[i]);
                    i += 1;
                    continue;
                }
                j += 1;
                'raw: while j < c.len() {
                    if c[j] == '"' && (0..hashes).all(|h| c.get(j + 1 + h) == Some(&'#')) {
                        j += 1 + hashes;
                        break 'raw;
                    }
                    j += 1;
                }
                i = j;
                out.push_str("\"\"");
            }
            '"' => {
                i += 1;
                while i < c.len() && c[i] != '"' {
                    i += if c[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            '\'' => {
                // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
                if c.get(i + 1) == Some(&'\\') {
                    i += 2;
                    while i < c.len() && c[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                    out.push_str("' '");
                } else if c.get(i + 2) == Some(&'\'') {
                    i += 3;
                    out.push_str("' '");
                } else {
                    out.push('\'');
                    i += 1;
                }
            }
            ch => {
                out.push(ch);
                i += 1;
            }
        }
    }
    out
}

#[derive(Debug, PartialEq, Clone)]
enum Tok {
    Ident(String),
    Path,
    Open,
    Close,
    Comma,
    Other,
}

fn tokens(code: &str) -> Vec<Tok> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(c[start..i].iter().collect()));
            continue;
        }
        i += 1;
        out.push(match ch {
            ':' if c.get(i) == Some(&':') => {
                i += 1;
                Tok::Path
            }
            '{' => Tok::Open,
            '}' => Tok::Close,
            ',' => Tok::Comma,
            c if c.is_whitespace() => continue,
            _ => Tok::Other,
        });
    }
    out
}

/// The paths of a use tree (or a plain path in code) starting at `at`: each as its segments.
fn tree(t: &[Tok], at: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    loop {
        match t.get(*at) {
            Some(Tok::Ident(s)) => {
                if s != "self" || path.is_empty() {
                    path.push(s.clone());
                }
                *at += 1;
            }
            Some(Tok::Open) => {
                *at += 1;
                loop {
                    match t.get(*at) {
                        Some(Tok::Close) => {
                            *at += 1;
                            return;
                        }
                        Some(Tok::Comma) => *at += 1,
                        None => return,
                        _ => tree(t, at, path.clone(), out),
                    }
                }
            }
            _ => {
                out.push(path);
                return;
            }
        }
        if t.get(*at) == Some(&Tok::Path) {
            *at += 1;
        } else {
            out.push(path);
            return;
        }
    }
}

/// A file's module path: src/ui/mod.rs is `ui`, src/ui/grid/board.rs `ui::grid::board`, lib.rs the root.
fn module_of(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// Every import edge between src/'s files (from, to), relative paths.
fn edges(files: &BTreeMap<String, String>) -> BTreeSet<(String, String)> {
    let by_module: BTreeMap<Vec<String>, String> =
        files.keys().map(|f| (module_of(f), f.clone())).collect();
    let mut out = BTreeSet::new();
    for (file, text) in files {
        let here = module_of(file);
        let code = code_only(text);
        let t = tokens(&code);
        // Child modules declared in this file (`mod text;`) may be named bare.
        let children: BTreeSet<String> = t
            .windows(2)
            .filter_map(|w| match w {
                [Tok::Ident(m), Tok::Ident(name)] if m == "mod" => Some(name.clone()),
                _ => None,
            })
            .collect();
        let mut paths = Vec::new();
        let mut i = 0;
        while i < t.len() {
            let starts = match (&t[i], t.get(i + 1)) {
                (Tok::Ident(s), Some(Tok::Path)) => {
                    let after_path = i > 0 && t[i - 1] == Tok::Path;
                    !after_path
                        && (s == "crate" || s == "super" || s == "self" || children.contains(s))
                }
                _ => false,
            };
            if starts {
                tree(&t, &mut i, Vec::new(), &mut paths);
            } else {
                i += 1;
            }
        }
        for p in paths {
            let mut abs: Vec<String> = Vec::new();
            let mut rest = p.as_slice();
            match rest.first().map(String::as_str) {
                Some("crate") => rest = &rest[1..],
                Some("super") => {
                    // A file's `super` is its parent module; a mod.rs is the module itself.
                    abs = here.clone();
                    while rest.first().map(String::as_str) == Some("super") {
                        abs.pop();
                        rest = &rest[1..];
                    }
                }
                Some("self") => {
                    abs = here.clone();
                    rest = &rest[1..];
                }
                _ => abs = here.clone(),
            }
            abs.extend(rest.iter().cloned());
            if abs.first().map(String::as_str) == Some("engine") {
                continue; // the engine crates, beside src/
            }
            // The longest prefix that is a file of its own.
            let target = (1..=abs.len())
                .rev()
                .find_map(|n| by_module.get(&abs[..n]))
                .cloned();
            if let Some(to) = target {
                if &to != file && to != "lib.rs" {
                    out.insert((file.clone(), to));
                }
            }
        }
    }
    out
}

fn read_src() -> BTreeMap<String, String> {
    fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<String, String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.path());
        for e in entries {
            let p = e.path();
            if p.is_dir() {
                walk(&p, base, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p
                    .strip_prefix(base)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                if rel != "main.rs" {
                    out.insert(rel, std::fs::read_to_string(&p).unwrap());
                }
            }
        }
    }
    let base = Path::new(ROOT).join("src");
    let mut out = BTreeMap::new();
    walk(&base, &base, &mut out);
    out
}

/// The strongly connected sets of more than one file (Tarjan's).
fn circles(nodes: &[String], edges: &BTreeSet<(String, String)>) -> Vec<Vec<String>> {
    let idx: BTreeMap<&str, usize> = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let mut next = vec![Vec::new(); nodes.len()];
    for (a, b) in edges {
        if let (Some(&x), Some(&y)) = (idx.get(a.as_str()), idx.get(b.as_str())) {
            next[x].push(y);
        }
    }
    struct S {
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        count: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(v: usize, next: &[Vec<usize>], s: &mut S) {
        s.index[v] = Some(s.count);
        s.low[v] = s.count;
        s.count += 1;
        s.stack.push(v);
        s.on[v] = true;
        for &w in &next[v] {
            match s.index[w] {
                None => {
                    visit(w, next, s);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(i) if s.on[w] => s.low[v] = s.low[v].min(i),
                _ => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut set = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on[w] = false;
                set.push(w);
                if w == v {
                    break;
                }
            }
            if set.len() > 1 {
                s.out.push(set);
            }
        }
    }
    let n = nodes.len();
    let mut s = S {
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        count: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(v, &next, &mut s);
        }
    }
    s.out
        .into_iter()
        .map(|set| {
            let mut names: Vec<String> = set.into_iter().map(|i| nodes[i].clone()).collect();
            names.sort();
            names
        })
        .collect()
}

/// The part of the program a file belongs to in the drawing: its folder, or the file.
fn part_of(file: &str) -> String {
    match file.split_once('/') {
        Some((dir, _)) => format!("{dir}/"),
        None => file.trim_end_matches(".rs").to_string(),
    }
}

/// The parts in layers: each part one floor above the highest part it imports, the engine
/// (outside src/) under them all. Lines as docs/architecture.md draws them, top first.
fn layers(edges: &BTreeSet<(String, String)>, files: &[String]) -> Result<Vec<String>, String> {
    // lib.rs only declares the modules: no part of any floor.
    let parts: BTreeSet<String> = files
        .iter()
        .filter(|f| *f != "lib.rs")
        .map(|f| part_of(f))
        .collect();
    let mut below: BTreeMap<String, BTreeSet<String>> =
        parts.iter().map(|p| (p.clone(), BTreeSet::new())).collect();
    for (a, b) in edges {
        let (pa, pb) = (part_of(a), part_of(b));
        if pa != pb {
            below.get_mut(&pa).unwrap().insert(pb);
        }
    }
    let mut floor: BTreeMap<String, usize> = BTreeMap::new();
    fn floor_of(
        p: &str,
        below: &BTreeMap<String, BTreeSet<String>>,
        floor: &mut BTreeMap<String, usize>,
        path: &mut Vec<String>,
    ) -> Result<usize, String> {
        if let Some(&f) = floor.get(p) {
            return Ok(f);
        }
        if path.iter().any(|q| q == p) {
            path.push(p.to_string());
            return Err(format!(
                "the parts import each other: {}",
                path.join(" -> ")
            ));
        }
        path.push(p.to_string());
        let mut f = 1;
        for q in &below[p] {
            f = f.max(1 + floor_of(q, below, floor, path)?);
        }
        path.pop();
        floor.insert(p.to_string(), f);
        Ok(f)
    }
    for p in &parts {
        floor_of(p, &below, &mut floor, &mut Vec::new())?;
    }
    let top = floor.values().copied().max().unwrap_or(0);
    let mut lines = Vec::new();
    for f in (1..=top).rev() {
        let here: Vec<&str> = floor
            .iter()
            .filter(|(_, &g)| g == f)
            .map(|(p, _)| p.as_str())
            .collect();
        lines.push(format!("{f:>2}  {}", here.join(" ")));
    }
    lines.push(" 0  crates/ (the engine and the families)".into());
    Ok(lines)
}

/// The findings of the rules above over a set of files: empty when the shape holds.
fn findings(files: &BTreeMap<String, String>) -> Vec<String> {
    let e = edges(files);
    let names: Vec<String> = files.keys().cloned().collect();
    let mut bad = Vec::new();
    for set in circles(&names, &e) {
        let one_folder = FAMILY_FOLDERS
            .iter()
            .any(|d| set.iter().all(|f| f.starts_with(d)));
        if !one_folder {
            bad.push(format!("import circle: {}", set.join(", ")));
        }
    }
    for (a, b) in &e {
        let core = CORE
            .iter()
            .any(|c| a == c || (c.ends_with('/') && a.starts_with(c)));
        if core
            && ABOVE_CORE
                .iter()
                .any(|u| b == u || (u.ends_with('/') && b.starts_with(u)))
        {
            bad.push(format!("the core reaches up: {a} imports {b}"));
        }
        if a.starts_with("hw/") && b.starts_with("web/") {
            bad.push(format!("hw/ imports web/: {a} imports {b}"));
        }
    }
    if let Err(e) = layers(&e, &names) {
        bad.push(e);
    }
    bad
}

#[test]
fn the_imports_keep_the_layers() {
    let files = read_src();
    let bad = findings(&files);
    assert!(bad.is_empty(), "the shape drifted:\n  {}", bad.join("\n  "));
    let names: Vec<String> = files.keys().cloned().collect();
    let drawn = layers(&edges(&files), &names).unwrap();
    println!("{}", drawn.join("\n"));
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/architecture.md")).unwrap();
    let block = format!("```layers\n{}\n```", drawn.join("\n"));
    assert!(
        doc.contains(&block),
        "docs/architecture.md does not draw the layers as they are; it should hold:\n{block}"
    );
}

/// The guard fails when the shape drifts: an upward import from the core, a circle, and hw/
/// reaching into web/, each added to the real source, are each found.
#[test]
fn the_guard_sees_an_upward_import_and_a_circle() {
    let files = read_src();
    let mut up = files.clone();
    up.get_mut("session.rs")
        .unwrap()
        .push_str("\nuse crate::ui::Ui;\n");
    assert!(findings(&up)
        .iter()
        .any(|f| f.contains("the core reaches up: session.rs imports ui/mod.rs")));
    let mut round = files.clone();
    round
        .get_mut("journal.rs")
        .unwrap()
        .push_str("\nuse crate::session::Session;\n");
    assert!(findings(&round)
        .iter()
        .any(|f| f.starts_with("import circle:") && f.contains("journal.rs")));
    let mut web = files.clone();
    web.get_mut("hw/mod.rs")
        .unwrap()
        .push_str("\nuse crate::web::hub::Hub;\n");
    assert!(findings(&web)
        .iter()
        .any(|f| f.starts_with("hw/ imports web/")));
    // Words in a comment or a string are no import.
    let mut words = files;
    words
        .get_mut("session.rs")
        .unwrap()
        .push_str("\n// use crate::ui::Ui;\nconst S: &str = \"crate::web::hub\";\n");
    assert!(findings(&words)
        .iter()
        .all(|f| !f.contains("session.rs imports")));
}

#[test]
fn paths_are_read_from_use_trees() {
    let t = tokens(&code_only(
        "use crate::{a::{self, B}, c::D}; x = super::e::f(); // crate::g",
    ));
    let mut paths = Vec::new();
    let mut i = 0;
    while i < t.len() {
        if matches!(&t[i], Tok::Ident(s) if s == "crate" || s == "super") {
            tree(&t, &mut i, Vec::new(), &mut paths);
        } else {
            i += 1;
        }
    }
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        joined,
        ["crate::a", "crate::a::B", "crate::c::D", "super::e::f"]
    );
}
