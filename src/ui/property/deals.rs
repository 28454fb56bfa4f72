//! A deal or a private sale at the table: what is sold (a square, or a kept card the card
//! says may be sold), to whom, what comes back (money either way, a square of the buyer's),
//! whose say it waits on, and each side agreeing.

use super::*;

/// A deal being made on the device's deal screen.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Sale {
    /// The square sold.
    pub square: Option<usize>,
    /// Or a kept card sold instead (its holder, its deck).
    pub card: Option<(usize, usize)>,
    pub buyer: Option<usize>,
    /// What the buyer pays the seller; below 0, what the seller pays the buyer.
    pub price: i64,
    /// A square of the buyer's given back in exchange.
    pub back: Option<usize>,
    /// Whether what comes back was chosen (money only, or a square of the buyer's and money
    /// either way): then UP/DOWN set the money.
    pub back_chosen: bool,
    /// The sides who said yes, at this deal.
    pub yes: Vec<usize>,
}

/// The squares a deal may name, with their owners: owned, in no group with buildings (the
/// rules refuse the rest: `trade`).
pub fn dealable<'a>(rules: &'a Ruleset, s: &'a State) -> impl Iterator<Item = (usize, usize)> + 'a {
    (0..rules.squares.len()).filter_map(move |q| {
        let grp = rules.squares[q].group().unwrap_or(0);
        let owner = s.owner(q)?;
        let free = !s.group_has_buildings(rules, grp) && partners(s, owner).next().is_some();
        free.then_some((q, owner))
    })
}

/// Who may make a deal with `p` now (`legal::may_deal`: turns, the jail), in seat order.
pub fn partners(s: &State, p: usize) -> impl Iterator<Item = usize> + '_ {
    s.active_players()
        .filter(move |&q| crate::engine::property::legal::may_deal(s, p, q))
}

/// The kept cards that may be sold now: each holder's, with the card's deck.
pub fn sellable_cards(s: &State) -> impl Iterator<Item = (usize, usize)> + '_ {
    s.active_players()
        .filter(|&p| partners(s, p).next().is_some())
        .flat_map(move |p| s.players[p].cards.iter().map(move |&(deck, _)| (p, deck)))
}

impl Sale {
    /// The buyer's squares that may come back in exchange (none of a group with buildings).
    pub fn backs(&self, rules: &Ruleset, s: &State) -> Vec<usize> {
        let Some(b) = self.buyer else {
            return vec![];
        };
        dealable(rules, s)
            .filter(|&(_, owner)| owner == b)
            .map(|(q, _)| q)
            .collect()
    }

    /// Who sells: the square's owner, or the card's holder.
    pub fn seller(&self, s: &State) -> Option<usize> {
        match (self.square, self.card) {
            (Some(sq), _) => s.owner(sq),
            (None, Some((p, _))) => Some(p),
            (None, None) => None,
        }
    }

    /// The money the deal may name: up to the buyer's cash; below nothing (the seller adding
    /// money) only with a square back, down to the seller's cash. The rules refuse a side
    /// giving more than it has (`trade`), so UP/DOWN stop there, as a bid stops at the
    /// bidder's cash.
    pub fn payable(&self, s: &State) -> std::ops::RangeInclusive<i64> {
        let most = self.buyer.map_or(0, |b| s.cash(b).max(0));
        let least = match (self.back, self.seller(s)) {
            (Some(_), Some(seller)) => -s.cash(seller).max(0),
            _ => 0,
        };
        least..=most
    }

    /// The money kept within what each side can pay (`payable`).
    pub fn clamp_price(&mut self, s: &State) {
        let r = self.payable(s);
        self.price = self.price.clamp(*r.start(), *r.end());
    }

    /// Where the rules set a least price (`min_trade_price`, scientopoly ¶10), would either
    /// side receive less than the printed price of the squares it gives (`trade::below_price`,
    /// the trade's own test)?
    pub fn short_of_price(&self, rules: &Ruleset, s: &State) -> bool {
        use crate::engine::property::trade::below_price;
        if !s.options.min_trade_price {
            return false;
        }
        match self.trade(s) {
            Some(Command::Trade(t)) => {
                below_price(rules, &t.give, &t.get).is_some()
                    || below_price(rules, &t.get, &t.give).is_some()
            }
            _ => false,
        }
    }

    /// The deal as the rules take it, once the seller, the thing sold and the buyer are known.
    pub fn trade(&self, s: &State) -> Option<Command> {
        let (from, to) = (self.seller(s)?, self.buyer?);
        let mut give: crate::engine::property::command::Items = smallvec::smallvec![];
        let mut get: crate::engine::property::command::Items = smallvec::smallvec![];
        give.extend(self.square.map(TradeItem::Square));
        give.extend(self.card.map(|(_, deck)| TradeItem::Card(deck)));
        get.extend(self.back.map(TradeItem::Square));
        match self.price {
            0 => {}
            p if p > 0 => get.push(TradeItem::Cash(p)),
            p => give.push(TradeItem::Cash(-p)),
        }
        Some(Command::Trade(Trade {
            from,
            to,
            give,
            get,
        }))
    }

    /// What is sold, in words: "Ann's Oversight", "Ann's Intel card".
    pub fn sold(&self, rules: &Ruleset, s: &State) -> Option<String> {
        let thing = match (self.square, self.card) {
            (Some(sq), _) => super::menu::dealt(rules, s, sq),
            (None, Some((_, deck))) => format!("{} card", rules.decks[deck].name),
            _ => return None,
        };
        Some(format!("{}'s {thing}", s.players[self.seller(s)?].name))
    }

    /// The deal in words: "Ann's Oversight to Bob for 60", "... for Bob's Centre and 20".
    pub fn words(&self, rules: &Ruleset, s: &State) -> Option<String> {
        let (from, to) = (self.seller(s)?, self.buyer?);
        let sold = self.sold(rules, s)?;
        let back = self.back.map(|q| {
            format!(
                "{}'s {}",
                s.players[to].name,
                super::menu::dealt(rules, s, q)
            )
        });
        let money = |n: i64| n.to_string();
        let paid = match (back, self.price) {
            (None, p) if p >= 0 => money(p),
            (None, p) => format!("nothing, {} paying {}", s.players[from].name, money(-p)),
            (Some(b), 0) => b,
            (Some(b), p) if p > 0 => format!("{b} and {}", money(p)),
            (Some(b), p) => format!("{b}, {} adding {}", s.players[from].name, money(-p)),
        };
        Some(format!("{sold} to {} for {paid}", s.players[to].name))
    }
}

impl PropertyScreens {
    /// The human sides of the deal on screen that have not tapped their tokens yet.
    pub(super) fn deal_waits_on(&self, g: &Se) -> Vec<String> {
        let View::Deal(sale) = &self.view else {
            return Vec::new();
        };
        let Some(b) = sale.buyer else {
            return Vec::new();
        };
        [sale.seller(&g.state), Some(b)]
            .into_iter()
            .flatten()
            .filter(|p| !sale.yes.contains(p) && !g.header.is_computer(*p))
            .map(|p| g.state.players[p].name.clone())
            .collect()
    }

    /// The deal made on the deal screen, with the yes of the sides that tapped their tokens:
    /// carried out when every side has said yes, else put to the computer sides, which answer
    /// by their own chance (`Desk::offers`); refused, with who it waits for, otherwise.
    pub(super) fn agree_deal(
        &mut self,
        g: &mut Se,
        desk: &mut Desk,
        deal: Command,
        sides: [usize; 2],
        yes: Vec<usize>,
    ) -> Flow {
        let bots: Vec<usize> = sides
            .into_iter()
            .filter(|&p| g.header.is_computer(p))
            .collect();
        let people_agree = sides.iter().all(|p| bots.contains(p) || yes.contains(p));
        if bots.is_empty() || !people_agree {
            let kept = std::mem::replace(&mut desk.yes, yes);
            let flow = self.command(g, desk, deal);
            desk.yes = kept;
            return flow;
        }
        use crate::engine::game::Words;
        let line = Property::format_command(&g.rules, &g.state, &deal);
        for &p in &yes {
            desk.offers.agree(None, p, &line, sides.to_vec());
        }
        let names: Vec<&str> = bots
            .iter()
            .map(|&p| g.state.players[p].name.as_str())
            .collect();
        // Put to one seat whose side the words give first, that seat is named once ("The
        // deal is put to cpu1: Copenhagen for Ann's 400", never "cpu1: cpu1: ...").
        let to = names.join(", ");
        let label = menu::label(&g.rules, &g.state, &deal);
        desk.say_of_phone(format!(
            "The deal is put to {to}: {}",
            crate::ui::screen::offered(&to, &label)
        ));
        self.go(View::Main);
        Flow::Stay
    }

    /// `p` refuses the deal `line` put to them: gone, and said.
    pub(super) fn refuse_offer(&self, g: &Se, desk: &mut Desk, p: usize, line: &str) {
        if let Some(o) = desk.offers.refuse(p, line) {
            let deal = crate::ui::screen::said::<PropertyScreens>(g, line);
            let name = |p: usize| g.state.players[p].name.as_str();
            desk.say_of_phone(crate::ui::screen::answered(
                name(p),
                "refuses",
                o.from.map(name),
                "",
                &deal,
            ));
        }
    }

    /// Seat `p`'s token says yes to a deal put to it; carried out once every side agrees.
    pub(super) fn agree_offer(
        &mut self,
        g: &mut Se,
        desk: &mut Desk,
        p: usize,
        line: &str,
        binds: Vec<usize>,
    ) -> Flow {
        use crate::engine::game::{Parsed, Words};
        let deal = match Property::parse(&g.rules, &g.state, line) {
            Ok(Parsed::Command(deal)) => Some(deal),
            _ => None,
        };
        // A deal the rules refuse now (an auction or a card to draw first) is not agreed: the
        // rule's words, and the offer stays open (played by hand, it was gone though nobody
        // had refused it), as a phone's yes is (`Session::carried_out_now`).
        if let Some(Err(e)) = deal.as_ref().map(|d| g.carried_out_now(d)) {
            desk.note = Some(e);
            return Flow::Stay;
        }
        match desk.offers.agree(None, p, line, binds.clone()) {
            crate::ui::offers::Agreed::All(_) => {
                let Some(deal) = deal else {
                    desk.note = Some(format!("{line}: no longer a deal"));
                    return Flow::Stay;
                };
                let kept = std::mem::replace(&mut desk.yes, binds);
                let flow = self.command(g, desk, deal);
                desk.yes = kept;
                flow
            }
            crate::ui::offers::Agreed::Waiting(_) => {
                desk.note = Some(format!("{} agrees", g.state.players[p].name));
                Flow::Stay
            }
        }
    }
}
