//! Ruleset files: where the device and the tools find them, and reading one into a family's
//! rules (the engine parses text; the file is read here). The shipped rulesets are built into
//! the program, so it plays from any folder; a folder of ruleset files (beside a named one,
//! `rulesets/` here, the installed share folder) adds to them and overrides one of the same
//! file name.

use std::path::{Path, PathBuf};

use crate::engine::game::Game;

/// Where a built-in ruleset seems to live: `(built in)/sectionopoly.toml` in lists and in
/// `file:line` messages. No folder of that name is ever read.
pub const BUILT_IN: &str = "(built in)";

/// The shipped rulesets, as the program carries them: (file name, text).
const SHIPPED: [(&str, &str); 5] = [
    ("grid.toml", include_str!("../rulesets/grid.toml")),
    (
        "illuminati.toml",
        include_str!("../rulesets/illuminati.toml"),
    ),
    (
        "scientopoly.toml",
        include_str!("../rulesets/scientopoly.toml"),
    ),
    (
        "sectionopoly.toml",
        include_str!("../rulesets/sectionopoly.toml"),
    ),
    ("suetology.toml", include_str!("../rulesets/suetology.toml")),
];

/// The built-in rulesets, as paths under `BUILT_IN`.
pub fn built_in() -> Vec<PathBuf> {
    SHIPPED
        .iter()
        .map(|(name, _)| Path::new(BUILT_IN).join(name))
        .collect()
}

/// A ruleset's text: a built-in one's from the program, any other from its file.
pub fn text(path: &Path) -> Result<String, String> {
    if let Ok(name) = path.strip_prefix(BUILT_IN) {
        if let Some((_, text)) = SHIPPED.iter().find(|(n, _)| Path::new(n) == name) {
            return Ok(text.to_string());
        }
    }
    std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read the ruleset: {e}", path.display()))
}

/// Read a ruleset file and parse it as family `F`'s; errors read `file:line: what is wrong`.
pub fn load<F: Game>(path: impl AsRef<Path>) -> Result<F::Rules, String> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let text = text(path)?;
    F::parse_rules(&file, &text)
        .map_err(|e| crate::engine::ruleset_file::without_echoes(&file, &text, &e))
}

/// The `game` key of a ruleset file: which family it is for (None when the file has no such
/// key, or does not parse, so that the default family's parser reports the problem with its
/// line).
pub fn game_key(path: &Path) -> Result<Option<String>, String> {
    Ok(game_line(path)?.map(|(game, _)| game))
}

/// The `game` key of a ruleset file and its line.
pub fn game_line(path: &Path) -> Result<Option<(String, usize)>, String> {
    let text = text(path)?;
    #[derive(serde::Deserialize)]
    struct Key {
        game: Option<toml::Spanned<String>>,
    }
    Ok(toml::from_str::<Key>(&text)
        .ok()
        .and_then(|k| k.game)
        .map(|g| {
            let line = crate::engine::ruleset_file::line_of(&text, g.span().start);
            (g.into_inner(), line)
        }))
}

/// Ruleset files the new-game screen offers: those beside the given one, else the first of
/// the usual places that has any (the working directory's rulesets/, the installed share
/// directory), then every built-in one no file there overrides by name.
pub fn files(hint: Option<&Path>) -> Vec<PathBuf> {
    let mut out = folder_files(hint);
    for b in built_in() {
        if !out.iter().any(|f| f.file_name() == b.file_name()) {
            out.push(b);
        }
    }
    // The hinted ruleset first.
    if let Some(h) = hint {
        if let Some(i) = out.iter().position(|f| f.file_name() == h.file_name()) {
            let hinted = out.remove(i);
            out.insert(0, hinted);
        }
    }
    out
}

/// `files` with a folder's ruleset files too (`--rulesets DIR`, the config's `rulesets`):
/// each added, or in place of the one of the same file name.
pub fn with_folder(mut list: Vec<PathBuf>, folder: Option<&Path>) -> Vec<PathBuf> {
    let Some(read) = folder.and_then(|f| std::fs::read_dir(f).ok()) else {
        return list;
    };
    let mut own: Vec<PathBuf> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    own.sort();
    for f in own {
        match list.iter().position(|l| l.file_name() == f.file_name()) {
            Some(i) => list[i] = f,
            None => list.push(f),
        }
    }
    list
}

/// The ruleset files of the first folder of the usual places that has any.
fn folder_files(hint: Option<&Path>) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(dir) = hint.and_then(Path::parent) {
        dirs.push(dir.to_path_buf());
    }
    dirs.push("rulesets".into());
    if let Ok(exe) = std::env::current_exe() {
        if let Some(prefix) = exe.parent().and_then(Path::parent) {
            dirs.push(prefix.join("share/boardside/rulesets"));
        }
    }
    dirs.push("/usr/share/boardside/rulesets".into());
    for d in dirs {
        let Ok(read) = std::fs::read_dir(&d) else {
            continue;
        };
        let mut files: Vec<PathBuf> = read
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        if !files.is_empty() {
            files.sort();
            return files;
        }
    }
    Vec::new()
}

/// A ruleset path as given, or, when it does not exist and is relative, the file of that
/// name in the usual places (rulesets/ here, beside the binary, /usr/share/boardside), else
/// the built-in one: so every tool works from any folder with a shipped ruleset's name.
pub fn find(path: &Path) -> PathBuf {
    if path.exists() || path.is_absolute() {
        return path.to_path_buf();
    }
    let Some(name) = path.file_name() else {
        return path.to_path_buf();
    };
    // A bare name (`--ruleset grid`) is that name's file.
    let with_toml = std::ffi::OsString::from(format!("{}.toml", name.to_string_lossy()));
    files(None)
        .into_iter()
        .find(|f| f.file_name() == Some(name) || f.file_name() == Some(with_toml.as_os_str()))
        .unwrap_or_else(|| path.to_path_buf())
}
