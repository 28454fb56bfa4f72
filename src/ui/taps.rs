//! What a tag tap does on the shell: a set being enrolled takes it, an unknown tag is asked
//! about, the pairing question takes only the chosen seat's token, a token on the new-game
//! screen adds its player, and any other tap speaks to the game.

use super::*;

impl Ui {
    /// Enroll: the map here at once, the file by the device loop (`Effects::keep_tags`).
    pub(super) fn save_tag(&mut self, tag: crate::tags::Tag) {
        self.tags.put(tag.clone());
        self.desk.out.enrolled.push(tag);
    }

    pub(super) fn tag(&mut self, uid: Uid) {
        // Enrolling a set, or checking one: the tap is that screen's.
        if self.enrol_tap(&uid) {
            return;
        }
        let Some(kind) = self.tags.get(&uid).cloned() else {
            self.go(View::Enroll { uid });
            self.sel = self.first_unenrolled();
            return;
        };
        // The pairing question takes only the chosen seat's token: any other tap is told
        // so and does nothing (a tap meant for the game never pairs a phone).
        if let View::Pair { seat, tapped, .. } = &mut self.view {
            let players = self.game.as_ref().map(|g| g.players()).unwrap_or_default();
            self.desk.note = Some(match (*seat, &kind) {
                (None, _) => "a phone asks to pair: first choose whose phone it is".into(),
                (Some(s), TagKind::Player { name })
                    if players.get(s).is_some_and(|p| p.eq_ignore_ascii_case(name)) =>
                {
                    *tapped = true;
                    self.phones.tapped = Some(uid.clone());
                    self.sel = 0;
                    format!("{name}'s token: OK pairs the phone")
                }
                (Some(s), _) => format!(
                    "this pairs a phone with {}: only their token, or BACK",
                    players.get(s).map_or("", |n| n.as_str())
                ),
            });
            return;
        }
        let Some(g) = self.game.as_mut() else {
            // On the new-game screen a token adds its player.
            if let (View::Setup, TagKind::Player { name }) = (&self.view, kind) {
                if !self
                    .setup
                    .players
                    .iter()
                    .any(|p| p.eq_ignore_ascii_case(&name))
                {
                    self.setup.players.push(name);
                }
            }
            return;
        };
        // A tap speaks to the game, whatever the shell showed.
        Self::uncover(&mut self.view, &mut self.desk);
        let flow = match kind {
            TagKind::Player { name } => g.token(&mut self.desk, &name),
            TagKind::Piece { id } => g.piece(&mut self.desk, &id),
        };
        self.follow(flow);
    }
}
