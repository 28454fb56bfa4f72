//! The device loop, the same for the Pi, the terminal simulator and the tests: inputs to the
//! UI, the UI's commands to the session (which journals them), the frame to the screen.

use std::path::{Path, PathBuf};

use crate::hw::{Backend, Frame, Input};
use crate::ui::{render::render, Ui};

/// Run until the backend says `Quit`. `clock` gives milliseconds since the start (real time on
/// the table, made-up time in tests).
pub fn run(
    backend: &mut dyn Backend,
    ui: &mut Ui,
    clock: &mut dyn FnMut() -> u64,
) -> Result<(), String> {
    let mut frame = Frame::default();
    // Failed shows in a row: the display is retried with every frame, so a loose wire or a
    // glitch on the bus costs a redraw, never the game (the buttons and the journal go on).
    let mut failures = 0u64;
    loop {
        let now = clock();
        for input in backend.poll(now, 40) {
            if input == Input::Quit {
                return Ok(());
            }
            ui.handle(input, now);
        }
        for sound in ui.sounds.drain(..) {
            backend.sound(sound, now);
        }
        ui.handle(Input::Tick(now), now);
        if ui.dirty {
            render(ui, &mut frame);
            match backend.show(&frame) {
                Ok(_) => {
                    if failures > 0 {
                        tracing::info!("display: answering again after {failures} failed updates");
                    }
                    failures = 0;
                    ui.dirty = false;
                }
                Err(e) => {
                    failures += 1;
                    // The first failure, then one line a hundred, not one per frame.
                    if failures == 1 || failures % 100 == 0 {
                        tracing::warn!("display: {e} (update {failures} failed; retrying)");
                    }
                }
            }
        }
    }
}

/// Ruleset files the new-game screen offers: those beside the given one, else the usual
/// places (the working directory's rulesets/, the installed share directory).
pub fn ruleset_files(hint: Option<&Path>) -> Vec<PathBuf> {
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

/// Resume a journal with whichever of these ruleset files it was started with.
pub fn resume_any(
    rulesets: &[PathBuf],
    journal: &Path,
) -> Result<(crate::session::PropertySession, Vec<String>), String> {
    resume_family::<crate::engine::property::Property>(rulesets, journal)
}

/// Resume a journal of family `F` with whichever of these ruleset files it was started with.
pub fn resume_family<F: crate::engine::game::Family>(
    rulesets: &[PathBuf],
    journal: &Path,
) -> Result<(crate::session::Session<F>, Vec<String>), String> {
    let mut last = format!("{}: no ruleset file matches this game", journal.display());
    for r in rulesets {
        let Ok(rules) = F::load(&r.display().to_string()) else {
            continue;
        };
        match crate::session::Session::<F>::resume(rules, journal) {
            Ok(Some(found)) => {
                tracing::info!(
                    "resumed {} with {}: {} commands",
                    journal.display(),
                    r.display(),
                    found.0.history.len()
                );
                return Ok(found);
            }
            Ok(None) => return Err(format!("{}: no game saved there yet", journal.display())),
            Err(e) => last = e,
        }
    }
    tracing::warn!("resume refused: {last}");
    Err(last)
}

/// The newest saved games in a directory of journals, newest first.
pub fn recent_journals(dir: &Path, most: usize) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return vec![];
    };
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = read
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "journal"))
        .filter_map(|e| Some((e.metadata().and_then(|m| m.modified()).ok()?, e.path())))
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    found.into_iter().take(most).map(|(_, p)| p).collect()
}

/// The newest saved game in a directory of journals.
pub fn newest_journal(dir: &Path) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "journal"))
        .max_by_key(|e| e.metadata().and_then(|m| m.modified()).ok())
        .map(|e| e.path())
}

/// A ruleset path as given, or, when it does not exist and is relative, the file of that
/// name in the usual places (rulesets/ here, beside the binary, /usr/share/boardside): so
/// `boardside script` works from any folder with the default ruleset.
pub fn find_ruleset(path: &Path) -> PathBuf {
    if path.exists() || path.is_absolute() {
        return path.to_path_buf();
    }
    let Some(name) = path.file_name() else {
        return path.to_path_buf();
    };
    ruleset_files(None)
        .into_iter()
        .find(|f| f.file_name() == Some(name))
        .unwrap_or_else(|| path.to_path_buf())
}

/// Check that a tag names something a ruleset has: a square, a deck card, a group or
/// special, among the ruleset files this machine has.
pub fn check_tag(kind: &crate::tags::TagKind) -> Result<(), String> {
    use crate::engine::game::Family;
    use crate::tags::TagKind;
    let files = ruleset_files(None);
    let property: Vec<crate::engine::property::Ruleset> = files
        .iter()
        .filter_map(|f| crate::engine::property::Ruleset::load(&f.display().to_string()).ok())
        .collect();
    let illuminati: Vec<crate::engine::illuminati::IlluRules> = files
        .iter()
        .filter_map(|f| crate::engine::illuminati::Illuminati::load(&f.display().to_string()).ok())
        .collect();
    match kind {
        TagKind::Deed { square } => property
            .iter()
            .any(|r| {
                r.square_index(square)
                    .is_some_and(|q| r.squares[q].price().is_some())
            })
            .then_some(())
            .ok_or_else(|| format!("no ruleset here has a square '{square}' with a deed")),
        TagKind::Card { deck, card } => property
            .iter()
            .any(|r| {
                r.deck_index(deck)
                    .is_some_and(|d| r.decks[d].cards.iter().any(|c| c.id == *card))
            })
            .then_some(())
            .ok_or_else(|| format!("no ruleset here has a card '{card}' in a deck '{deck}'")),
        TagKind::Group { id } => illuminati
            .iter()
            .any(|r| r.card(id).is_some() || r.special(id).is_some())
            .then_some(())
            .ok_or_else(|| format!("no ruleset here has a group, Illuminati or special '{id}'")),
        _ => Ok(()),
    }
}
