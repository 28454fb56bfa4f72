//! Ruleset files: where the device and the tools find them, and reading one into a family's
//! rules (the engine parses text; the file is read here).

use std::path::{Path, PathBuf};

use crate::engine::game::Game;

/// Read a ruleset file and parse it as family `F`'s; errors read `file:line: what is wrong`.
pub fn load<F: Game>(path: impl AsRef<Path>) -> Result<F::Rules, String> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{file}: cannot read the ruleset: {e}"))?;
    F::parse_rules(&file, &text)
}

/// The `game` key of a ruleset file: which family it is for (None when the file has no such
/// key, or does not parse, so that the default family's parser reports the problem with its
/// line).
pub fn game_key(path: &Path) -> Result<Option<String>, String> {
    Ok(game_line(path)?.map(|(game, _)| game))
}

/// The `game` key of a ruleset file and its line.
pub fn game_line(path: &Path) -> Result<Option<(String, usize)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
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

/// Ruleset files the new-game screen offers: those beside the given one, else the usual
/// places (the working directory's rulesets/, the installed share directory).
pub fn files(hint: Option<&Path>) -> Vec<PathBuf> {
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
            // The hinted ruleset first.
            if let Some(h) = hint {
                if let Some(i) = files.iter().position(|f| f.file_name() == h.file_name()) {
                    files.swap(0, i);
                }
            }
            return files;
        }
    }
    Vec::new()
}

/// A ruleset path as given, or, when it does not exist and is relative, the file of that
/// name in the usual places (rulesets/ here, beside the binary, /usr/share/boardside): so
/// `boardside script` works from any folder with the default ruleset.
pub fn find(path: &Path) -> PathBuf {
    if path.exists() || path.is_absolute() {
        return path.to_path_buf();
    }
    let Some(name) = path.file_name() else {
        return path.to_path_buf();
    };
    files(None)
        .into_iter()
        .find(|f| f.file_name() == Some(name))
        .unwrap_or_else(|| path.to_path_buf())
}
