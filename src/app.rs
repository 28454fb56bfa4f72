//! The device loop, the same for the Pi, the terminal simulator and the tests: inputs to the
//! UI, the UI's commands to the session (which journals them), the frame to the screen, and
//! what the table should hear to the voice.

use std::path::Path;

use crate::hw::{Backend, Frame, Input};
use crate::ui::effects::Effects;
use crate::ui::{render::render, Ui};
use crate::voice::speaker::Voice;
use crate::web::Web;

/// Run until the backend says `Quit`. `clock` gives milliseconds since the start (real time on
/// the table, made-up time in tests). Each pass hands the inputs to the shell and carries out
/// what they did (`Effects`): sounds, the voice, files to write, the frame; with the web view,
/// the pass ends by handing it the game and the table's answers to phones, after the frame is
/// shown: a phone never delays the device's own screen.
pub fn run(
    backend: &mut dyn Backend,
    ui: &mut Ui,
    clock: &mut dyn FnMut() -> u64,
    voice: &mut Voice,
    tags_file: Option<&Path>,
    mut web: Option<&mut Web>,
) -> Result<(), String> {
    let mut frame = Frame::default();
    let mut heard = None;
    // The frame still to show (a failed show is retried with the next pass).
    let mut unshown = true;
    // Failed shows in a row: the display is retried with every frame, so a loose wire or a
    // glitch on the bus costs a redraw, never the game (the buttons and the journal go on).
    let mut failures = 0u64;
    // What the phones' inputs and the tag map as kept did in the last pass, carried out with
    // this pass's.
    let mut carried = Effects::default();
    let mut tag_file = TagFile::new(tags_file);
    // The shell's jobs (the odds, a computer seat's choice), each in a thread of its own.
    let workers = crate::ui::worker::Runner::default();
    loop {
        let now = clock();
        let mut done = std::mem::take(&mut carried);
        for found in workers.finished() {
            done.add(ui.handle(found, now));
        }
        for input in backend.poll(now, 40) {
            if input == Input::Quit {
                return Ok(());
            }
            // A tag enrolled meanwhile by `boardside tags add` counts from its first tap.
            if matches!(input, Input::Tag(_)) {
                if let Some(map) = tag_file.changed() {
                    done.add(ui.handle(crate::ui::Input::TagsKept(map), now));
                }
            }
            done.add(ui.handle(input, now));
        }
        done.add(ui.handle(Input::Tick(now), now));
        workers.start(std::mem::take(&mut done.jobs));
        for sound in &done.sounds {
            backend.sound(*sound, now);
        }
        // The voice follows the table's setting, then says each command's lines.
        if heard != Some(ui.voice()) {
            let v = ui.voice();
            voice.set_on(v.on);
            voice.set_pace(v.speed, v.volume);
            heard = Some(v);
        }
        for lines in std::mem::take(&mut done.spoken) {
            voice.say(lines);
        }
        if done.say_again {
            voice.again();
        }
        if let Err(e) = done.write_picture() {
            tracing::warn!("the game's picture was not saved: {e}");
        }
        if let Some(kept) = tags_file.and_then(|f| done.keep_tags(f)) {
            // The map as kept is news for the shell, told with the next pass's inputs.
            carried.add(ui.handle(crate::ui::Input::TagsKept(kept), now));
            tag_file.changed();
            unshown = true;
        }
        unshown |= done.redraw;
        if unshown {
            render(ui, &mut frame);
            match backend.show(&frame) {
                Ok(_) => {
                    if failures > 0 {
                        tracing::info!("display: answering again after {failures} failed updates");
                    }
                    failures = 0;
                    unshown = false;
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
        if let Some(web) = web.as_deref_mut() {
            carried.add(web.tick(ui, now, &done));
        }
    }
}

/// The tag map's file as the loop last knew it (its length and time): changed by another
/// program (`tags add`), it is read again.
struct TagFile<'a> {
    path: Option<&'a Path>,
    seen: Option<(u64, std::time::SystemTime)>,
}

impl<'a> TagFile<'a> {
    fn new(path: Option<&'a Path>) -> TagFile<'a> {
        let mut f = TagFile { path, seen: None };
        f.seen = f.stamp();
        f
    }

    fn stamp(&self) -> Option<(u64, std::time::SystemTime)> {
        let meta = std::fs::metadata(self.path?).ok()?;
        Some((meta.len(), meta.modified().ok()?))
    }

    /// The map read again when the file changed since last seen (a fault in it as the error).
    fn changed(&mut self) -> Option<Result<crate::tags::TagMap, String>> {
        let now = self.stamp();
        if now == self.seen {
            return None;
        }
        self.seen = now;
        Some(crate::tags::TagMap::load(self.path?))
    }
}
