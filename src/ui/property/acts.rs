//! What choosing a property menu line does: a step through a list, a command, a view.

use super::*;

impl PropertyScreens {
    /// UP (-1) or DOWN (+1), pressed or held for `held_ms`: move in the menu; in a bid or a
    /// deal, raise or lower the amount (by more the longer the button is held).
    pub(super) fn step(
        &mut self,
        g: &Se,
        desk: &Desk,
        entries: &[Entry],
        dir: i64,
        held_ms: u64,
    ) -> Flow {
        let step = menu::held_step(desk.cfg.auction_step, held_ms);
        let lowest_bid = match g.state.top() {
            Some(Pending::Auction(a)) => {
                crate::engine::property::auction::floor(g.state.options.auction_step, a)
            }
            _ => 0,
        };
        match &mut self.view {
            View::Bid { player, amount } => {
                let cash = g.state.cash(*player);
                *amount = (*amount - dir * step).min(cash).max(lowest_bid);
            }
            View::Want { player, count } => {
                let hotel = matches!(g.state.top(), Some(Pending::Shortage { hotel: true, .. }));
                let most =
                    crate::engine::property::building::capacity(&g.rules, &g.state, *player, hotel)
                        .clamp(1, 255) as i64;
                *count = (*count as i64 - dir).clamp(1, most) as u8;
            }
            // Agreeing the price: UP/DOWN change it, the menu stays on "agree"; a yes was
            // to the old price.
            // With a square back, the money may go either way (below 0 the seller adds it).
            View::Deal(sale) if sale.buyer.is_some() && sale.back_chosen => {
                let (was, short) = (sale.price, sale.short_of_price(&g.rules, &g.state));
                sale.price -= dir * step;
                sale.clamp_price(&g.state);
                // Where no square goes for less than its printed price (scientopoly ¶10), the
                // money stops where either side would come to receive less (the rules' own
                // test); from a price already short (a swap starts at 0) it moves freely.
                if !short && sale.short_of_price(&g.rules, &g.state) {
                    sale.price = was;
                }
                sale.yes.clear();
            }
            _ => self.sel = crate::ui::text::step(self.sel, entries.len(), dir),
        }
        Flow::Stay
    }

    pub(super) fn act(&mut self, g: &mut Se, desk: &mut Desk, act: Act) -> Flow {
        match act {
            Act::Cmd(Command::Concede) => self.go(View::ConfirmConcede),
            Act::Cmd(Command::TimeUp) => self.go(View::ConfirmTimeUp),
            Act::Cmd(Command::Resolve) => {
                self.go(View::ConfirmResolve);
                if let Some(pages) = self.plan_pages(g, desk) {
                    return Flow::Pager(pages);
                }
            }
            Act::Cmd(c) => return self.command(g, desk, c),
            Act::Manage => {
                self.manage_for = None;
                self.go(View::Manage)
            }
            Act::ManageFor(p) => {
                self.manage_for = Some(p);
                self.go(View::Manage)
            }
            Act::Deal => self.go(View::Deal(Sale::default())),
            Act::Log => return Flow::Log,
            Act::Dealt => {
                let lines = super::entries::deeds_dealt(&g.rules, &g.state);
                return Flow::Pager(crate::ui::screen::Pages {
                    title: Some("Deeds dealt".into()),
                    pages: crate::ui::text::pages(&lines, crate::ui::text::MESSAGE_ROWS, |_| false),
                    last: "OK",
                });
            }
            Act::Standings => return Flow::Standings,
            Act::NewGame => return Flow::NewGame,
            Act::Undo => return Flow::ConfirmUndo,
            Act::Back => self.back(g, desk),
            Act::CloseAuction => return self.command(g, desk, Command::Close),
            Act::Offered(p, _) => {
                desk.note = Some(format!(
                    "{} taps their token to agree",
                    g.state.players[p].name
                ))
            }
            // Refusing is the person's own choice (the authority rule's reading for a seat's
            // choice): the buttons make it in their moment, else their token, tapped on this
            // line or before (played by hand: Ann's buttons refused cpu1's deal to Cy).
            Act::RefuseOffer(p, line) => {
                use crate::engine::authority;
                let own = desk.acting() == authority::Actor::Token(p)
                    || authority::waits_on::<Property>(&g.rules, &g.state, p);
                if own {
                    self.refuse_offer(g, desk, p, &line);
                } else {
                    desk.note = Some(authority::token_first(&g.state.players[p].name));
                    desk.sound = Some(crate::hw::buzzer::Sound::Refuse);
                }
            }
            Act::WantFor(player) => self.go(View::Want { player, count: 1 }),
            Act::BidFor(player) => {
                if let Some(Pending::Auction(a)) = g.state.top() {
                    let amount = menu::ask(&g.state, a, desk.cfg.auction_step);
                    self.go(View::Bid { player, amount });
                }
            }
            Act::DealSquare(sq) => {
                let price = g.rules.squares[sq].price().unwrap_or(0);
                self.go(View::Deal(Sale {
                    square: Some(sq),
                    price,
                    ..Sale::default()
                }));
            }
            // A kept card, sold as the card says it may be: from 50, the usual asking.
            Act::DealCard(holder, deck) => self.go(View::Deal(Sale {
                card: Some((holder, deck)),
                price: 50,
                ..Sale::default()
            })),
            Act::DealBuyer(p) => {
                if let View::Deal(sale) = &mut self.view {
                    sale.buyer = Some(p);
                    sale.clamp_price(&g.state);
                    // Nothing of the buyer's could come back: money it is.
                    sale.back_chosen = sale.backs(&g.rules, &g.state).is_empty();
                }
                self.sel = 0;
            }
            Act::DealBack(q) => {
                if let View::Deal(sale) = &mut self.view {
                    sale.back = q;
                    sale.back_chosen = true;
                    // Square for square: the money starts at nothing either way.
                    sale.price = if q.is_some() { 0 } else { sale.price };
                    sale.clamp_price(&g.state);
                    sale.yes.clear();
                }
                self.sel = 0;
            }
            Act::Confirm => match self.view.clone() {
                View::ConfirmConcede => return self.command(g, desk, Command::Concede),
                View::ConfirmTimeUp => return self.command(g, desk, Command::TimeUp),
                View::ConfirmResolve => return self.command(g, desk, Command::Resolve),
                View::Deal(sale) => {
                    if let (Some(deal), Some(from), Some(to)) =
                        (sale.trade(&g.state), sale.seller(&g.state), sale.buyer)
                    {
                        return self.agree_deal(g, desk, deal, [from, to], sale.yes);
                    }
                }
                _ => {}
            },
        }
        Flow::Stay
    }
}
