//! A tag tapped during a property game: a player's token (their squares, a bid, a deal's
//! yes) or a piece (a deed, a card drawn).

use super::*;

impl PropertyScreens {
    /// A player's token: the buyer of a private sale, a bid in an auction, else that
    /// player's squares with their cash shown.
    pub(super) fn token(&mut self, g: &mut Se, desk: &mut Desk, p: usize) -> Flow {
        if let View::Deal(sale) = &mut self.view {
            if let Some(owner) = sale.seller(&g.state) {
                let name = &g.state.players[p].name;
                match sale.buyer {
                    // Only a player who may deal with the seller now (the buyers listed).
                    None if owner != p && deals::partners(&g.state, owner).all(|q| q != p) => {
                        desk.note = Some(format!(
                            "{name} may not deal with {} now",
                            g.state.players[owner].name
                        ));
                    }
                    // The first token that is not the seller's chooses the buyer.
                    None if owner != p => {
                        sale.buyer = Some(p);
                        sale.back_chosen = sale.backs(&g.rules, &g.state).is_empty();
                    }
                    None => desk.note = Some("choose the buyer, or tap their token".into()),
                    // Not whole yet: a yes now would be to a deal not made (and the next
                    // step drops it), so none is taken.
                    Some(b) if !sale.back_chosen && (b == p || owner == p) => {
                        desk.note = Some(format!(
                            "first choose what {} gives: money only, or a square",
                            g.state.players[b].name
                        ));
                    }
                    // Each side's own yes, at this deal (`Session::may`: a deal needs it).
                    Some(b) if b == p || owner == p => {
                        if !sale.yes.contains(&p) {
                            sale.yes.push(p);
                        }
                        desk.note = Some(format!("{name} agrees"));
                    }
                    Some(_) => desk.note = Some(format!("{name} is not part of this deal")),
                }
                return Flow::Stay;
            }
        }
        // A deal put to this seat: the token tapped on its line takes it, on its refusal
        // refuses it. Tapped anywhere else it is the player's token as at any time, and the
        // deal waits (played by hand: Cy, asked for the token to ask rent, would have sold
        // the square cpu1 wanted, the one deal waiting on Cy taken by any tap).
        match self.entries(g, desk).get(self.sel).map(|e| e.act.clone()) {
            Some(Act::Offered(q, line)) if q == p => {
                let binds = (desk.offers.waiting_on(p))
                    .find(|o| o.line == line)
                    .map(|o| o.binds.clone());
                if let Some(binds) = binds {
                    return self.agree_offer(g, desk, p, &line, binds);
                }
            }
            Some(Act::RefuseOffer(q, line)) if q == p => {
                self.refuse_offer(g, desk, p, &line);
                return Flow::Stay;
            }
            _ => {}
        }
        let s = &g.state;
        // The high bidder's own token: a second tap is no reason to pay more (a bid goes
        // over another player's, never one's own).
        if let Some(Pending::Auction(a)) = s.top() {
            if a.high.map(|h| h.0) == Some(p) {
                desk.note = Some(format!(
                    "{} holds the high bid ({}) already",
                    s.players[p].name,
                    a.high.map_or(0, |h| h.1)
                ));
                desk.sound = Some(crate::hw::buzzer::Sound::Refuse);
                return Flow::Stay;
            }
        }
        match s.top().cloned() {
            // Choosing a bid: the tapping player bids the amount shown.
            // "Anyone else building?": the tapping player says how many.
            Some(Pending::Shortage { wishes, .. }) if wishes.get(p) == Some(&None) => {
                self.go(View::Want {
                    player: p,
                    count: 1,
                });
                Flow::Stay
            }
            Some(Pending::Auction(_)) if matches!(self.view, View::Bid { .. }) => {
                if let View::Bid { amount, .. } = self.view {
                    return self.command(g, desk, Command::Bid { player: p, amount });
                }
                Flow::Stay
            }
            // A token tap raises the bid by the step (or accepts the ask).
            Some(Pending::Auction(a)) => {
                let ask = menu::ask(s, &a, desk.cfg.auction_step);
                self.command(
                    g,
                    desk,
                    Command::Bid {
                        player: p,
                        amount: ask,
                    },
                )
            }
            _ => {
                // Status only in a game that has it (scientopoly).
                desk.note = Some(if g.rules.status.is_some() {
                    format!(
                        "{}: {} cash, status {}",
                        s.players[p].name,
                        s.cash(p),
                        s.players[p].status
                    )
                } else {
                    format!("{}: {} cash", s.players[p].name, s.cash(p))
                });
                // A deal waiting on this player is taken only by the token tapped on it.
                let deals = desk.offers.waiting_on(p).count();
                if deals > 0 {
                    let waits = match deals {
                        1 => "a deal waits".to_string(),
                        n => format!("{n} deals wait"),
                    };
                    if let Some(note) = desk.note.as_mut() {
                        note.push_str(&format!(
                            "; {waits} on {}: choose one on the main menu, then the token",
                            s.players[p].name
                        ));
                    }
                }
                // Already on this player's squares (a line of theirs asked for the token):
                // the cursor stays on that line, so OK now makes it.
                if !(self.view == View::Manage && self.manage_for == Some(p)) {
                    self.sel = 0;
                }
                self.manage_for = Some(p);
                self.view = View::Manage;
                Flow::Stay
            }
        }
    }

    /// A deed opens its square's options; a deck's card is the card drawn when one is due.
    pub(super) fn piece(&mut self, g: &mut Se, desk: &mut Desk, id: &str) -> Flow {
        let (rules, s) = (&g.rules, &g.state);
        let words: Vec<&str> = id.split(':').collect();
        match words[..] {
            ["deed", square] => {
                let Some(sq) = rules.square_index(square) else {
                    desk.note = Some(format!("this ruleset has no square {square}"));
                    return Flow::Stay;
                };
                // Manage that square: build, sell, mortgage, lift, or sell it to a player.
                match s.owner(sq) {
                    Some(_) => self.go(View::Square { square: sq }),
                    None => desk.note = Some(format!("{}: not owned", rules.squares[sq].name)),
                }
                Flow::Stay
            }
            ["card", deck, card] => {
                let d = rules.deck_index(deck);
                let c = d.and_then(|d| rules.decks[d].cards.iter().position(|x| x.id == card));
                match (d, c) {
                    (Some(d), Some(c)) if matches!(s.top(), Some(Pending::Card { .. })) => self
                        .command(
                            g,
                            desk,
                            Command::Draw {
                                deck: d,
                                card: c as u16,
                            },
                        ),
                    _ => {
                        desk.note = Some(format!("card {deck}:{card}: not now"));
                        Flow::Stay
                    }
                }
            }
            _ => {
                desk.note = Some(format!("{id}: not used in this game"));
                Flow::Stay
            }
        }
    }
}
