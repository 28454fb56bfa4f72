//! A view of the shell as a small state machine (`Machine`): its menu, its cursor, the lines
//! chosen, the buttons it reads itself and the taps it takes, and where each leads (`Next`).
//! The views are the types of their own modules; `view::View` is the one they are shown as
//! (`V` here, so that no view imports the list of all views).

use crate::hw::{Button, Press, Uid};
use crate::tags::TagKind;

use super::act::{Act, Entry};
use super::screen::Flow;
use super::table::Table;

/// Where a view's input leads.
#[derive(Debug)]
pub enum Next<V> {
    /// This view still (its own state may have changed).
    Stay,
    /// Another of the shell's views.
    Go(V),
    /// The game if one is in play, else the new-game screen.
    Home,
    /// Where this view was opened from (the voice's menu), else home.
    Back,
    /// What the game's screens may ask too: the game, its log, pages, the standings, the
    /// question before an undo, a new game.
    Flow(Flow),
}

/// One view of the shell as a state machine, shown as `V`.
pub trait Machine<V> {
    /// Its menu's lines now.
    fn entries(&self, t: &Table) -> Vec<Entry>;
    /// The line chosen now (None: the view has no menu cursor, OK takes its first line).
    fn cursor(&mut self) -> Option<&mut usize>;
    /// A button the view reads itself (typing, a pass, scrolling); None: the menu's keys
    /// (`menu_press`).
    fn press(&mut self, _b: Button, _p: Press, _t: &mut Table) -> Option<Next<V>> {
        None
    }
    /// A line of its menu chosen.
    fn act(&mut self, act: Act, t: &mut Table) -> Next<V>;
    /// A tag tapped (`kind` what the map says it is): None when the view leaves it to the
    /// shell (an unknown tag asked about, a known one to the game).
    fn tap(&mut self, _uid: &Uid, _kind: Option<&TagKind>, _t: &mut Table) -> Option<Next<V>> {
        None
    }
}

/// UP (-1) or DOWN (1), pressed or held: a step up or down a menu or a scrolled screen.
pub fn up_down(b: Button, p: Press) -> Option<isize> {
    match (b, p) {
        (Button::Up, Press::Press | Press::Repeat { .. }) => Some(-1),
        (Button::Down, Press::Press | Press::Repeat { .. }) => Some(1),
        _ => None,
    }
}

/// The keys every menu shares: UP/DOWN move the cursor, OK carries out the line chosen, BACK
/// goes back, holding BACK asks before an undo.
pub fn menu_press<V>(m: &mut dyn Machine<V>, b: Button, p: Press, t: &mut Table) -> Next<V> {
    let entries = m.entries(t);
    if let Some(dir) = up_down(b, p) {
        if let Some(sel) = m.cursor() {
            *sel = super::text::step(*sel, entries.len(), dir as i64);
        }
        return Next::Stay;
    }
    match (b, p) {
        (Button::Ok, Press::Press) => {
            let sel = m.cursor().map_or(0, |s| *s);
            match entries.get(sel) {
                Some(e) => m.act(e.act.clone(), t),
                None => Next::Stay,
            }
        }
        (Button::Back, Press::Press) => m.act(Act::Back, t),
        (Button::Back, Press::Hold) if t.game.is_some() => Next::Flow(Flow::ConfirmUndo),
        _ => Next::Stay,
    }
}

/// `next` once `done` went well; else why not, said on the view shown.
pub fn then<V>(t: &mut Table, done: Result<(), String>, next: Next<V>) -> Next<V> {
    match done {
        Ok(()) => next,
        Err(e) => {
            t.desk.note = Some(e);
            Next::Stay
        }
    }
}
