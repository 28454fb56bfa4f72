//! The device loop, the same for the Pi, the terminal simulator and the tests: inputs to the
//! UI, the UI's commands to the session (which journals them), the frame to the screen, and
//! what the table should hear to the voice.

use crate::hw::{Backend, Frame, Input};
use crate::ui::{render::render, Ui};
use crate::voice::speaker::Voice;
use crate::web::Web;

/// Run until the backend says `Quit`. `clock` gives milliseconds since the start (real time on
/// the table, made-up time in tests). With the web view, each pass ends by handing it the
/// game, after the frame is shown: a phone never delays the device's own screen.
pub fn run(
    backend: &mut dyn Backend,
    ui: &mut Ui,
    clock: &mut dyn FnMut() -> u64,
    voice: &mut Voice,
    mut web: Option<&mut Web>,
) -> Result<(), String> {
    let mut frame = Frame::default();
    let mut heard = None;
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
        // The voice follows the table's setting, then says each command's lines.
        if heard != Some(ui.desk.voice) {
            let v = ui.desk.voice;
            voice.set_on(v.on);
            voice.set_pace(v.speed, v.volume);
            heard = Some(v);
        }
        for lines in ui.desk.spoken.drain(..) {
            voice.say(lines);
        }
        if std::mem::take(&mut ui.desk.say_again) {
            voice.again();
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
        if let Some(web) = web.as_deref_mut() {
            web.tick(ui);
        }
    }
}
