//! A piece tapped on the reader during Illuminati: a group card (shown, drawn, chosen as a
//! target or an aid), a special, a player's token.

use super::*;

impl IlluScreens {
    /// A group's card: at setup, an Illuminati for the player whose token was tapped (else
    /// the first without one) or a group dealt face up; an aid or the target of the attack
    /// being declared; the target of a special that names one; the draw when one is due; the
    /// attacker when its owner's turn has no attack open; else shown (its money, master,
    /// puppets and open arrows). A special's card is drawn into the hand when the draw is
    /// due, else played by the player whose turn it is.
    pub(super) fn piece(&mut self, g: &mut Se, desk: &mut Desk, id: &str) -> Flow {
        let r = &g.rules;
        let s = &g.state;
        let (kind, name) = id.split_once(':').unwrap_or(("", id));
        if kind == "special" || (kind == "group" && r.special(name).is_some()) {
            return self.special_tapped(g, desk, name);
        }
        if kind != "group" {
            desk.note = Some("not used in Illuminati".into());
            return Flow::Stay;
        }
        let Some(c) = r.card(name) else {
            desk.note = Some(format!("this ruleset has no group {name}"));
            return Flow::Stay;
        };
        let cn = |c: usize| r.cards[c].name.clone();
        let mine = s.phase == Phase::Turn
            && s.cards[c].owner == Some(s.current)
            && s.cards[c].status == Status::Controlled;
        match self.view.clone() {
            IView::Ask { player, .. } => {
                desk.note = Some(format!(
                    "this waits for {}'s token, or BACK",
                    s.players[player].name
                ));
                return Flow::Stay;
            }
            IView::Transfer { from, to: None, .. } if mine && c != from => {
                self.go(IView::Transfer {
                    from,
                    to: Some(c),
                    amount: 1,
                });
                return Flow::Stay;
            }
            IView::MoveUnder {
                group,
                master: None,
            } if mine => {
                self.go(IView::MoveUnder {
                    group,
                    master: Some(c),
                });
                return Flow::Stay;
            }
            IView::Laser { group: None } if laser_target(g, c) => {
                self.go(IView::Laser { group: Some(c) });
                return Flow::Stay;
            }
            // From a group of yours: another of yours takes its money; any other group in
            // play is the target of an attack by it.
            IView::Card { card } if c != card => {
                if mine {
                    self.go(IView::Transfer {
                        from: card,
                        to: Some(c),
                        amount: 1,
                    });
                } else if let Some(why) = not_a_target(g, c).or_else(|| refused_attack(g, card, c))
                {
                    desk.note = Some(why);
                    desk.sound = Some(crate::hw::buzzer::Sound::Refuse);
                } else {
                    self.view = IView::Declare {
                        cards: vec![card, c],
                    };
                    self.sel = 0;
                    desk.note = Some(declare_words(g, &[card, c]));
                }
                return Flow::Stay;
            }
            _ => {}
        }
        if s.phase == Phase::Setup {
            return self.setup_card_tapped(g, desk, c);
        }
        if let IView::Target {
            player, special, ..
        } = self.view
        {
            return self.command(
                g,
                desk,
                Command::Play {
                    player,
                    special,
                    target: Some(c),
                    master: None,
                },
            );
        }
        if let IView::Declare { cards } = &mut self.view {
            // The target is a group in play outside the attacker's structure; the aid is a
            // group of the attacker's own (illuminati: Attacks).
            let why = match cards.len() {
                1 => not_a_target(g, c).or_else(|| refused_attack(g, cards[0], c)),
                _ if !mine => Some(format!(
                    "{} is not {}'s: only their own groups aid",
                    cn(c),
                    s.players[s.current].name
                )),
                _ => None,
            };
            if let Some(why) = why {
                desk.note = Some(why);
                return Flow::Stay;
            }
            if !cards.contains(&c) {
                cards.push(c);
            }
            let cards = cards.clone();
            self.sel = 0;
            desk.note = Some(declare_words(g, &cards));
            return Flow::Stay;
        }
        if s.phase == Phase::Turn
            && s.turn.draws_left > 0
            && s.cards[c].status == Status::Deck
            && !r.cards[c].illuminati
        {
            return self.command(g, desk, Command::DrawGroup { group: c });
        }
        if mine && s.attack.is_none() {
            // illuminati: a turn is income, the draw, then actions.
            if s.turn.draws_left > 0 && s.draw_first {
                desk.note = Some(format!(
                    "{} draws first: tap the card drawn",
                    s.players[s.current].name
                ));
                return Flow::Stay;
            }
            self.go(IView::Card { card: c });
            return Flow::Stay;
        }
        // Show the card: its money, status, master, puppets and open arrows.
        desk.note = Some(format!(
            "{}: {} MB, {}, {}",
            r.cards[c].name,
            s.cards[c].treasury,
            s.cards[c].status.word(),
            place_words(g, c)
        ));
        Flow::Stay
    }
}
