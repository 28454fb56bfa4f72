//! What each property view offers: its menu lines (the turn's, a player's squares to
//! manage, every line of a list), each with what it does.

use super::*;

impl PropertyScreens {
    pub(super) fn go(&mut self, view: View) {
        self.view = view;
        self.sel = 0;
    }

    /// BACK to the menu: from the manage menu (a player's squares too) or a deal opened
    /// there, the cursor on "Manage...", so OK opens it again (played by hand: the first line
    /// was "End the turn", and the turn ended); from anything else, the first line (the next
    /// move).
    pub(super) fn back(&mut self, g: &Se, desk: &Desk) {
        let opened_by_manage = matches!(self.view, View::Manage | View::Deal(_));
        self.go(View::Main);
        if opened_by_manage {
            if let Some(i) = self
                .entries(g, desk)
                .iter()
                .position(|e| e.act == Act::Manage)
            {
                self.sel = i;
            }
        }
    }

    /// Where the cursor goes after `done`: the same command again if it is still offered
    /// (another house on the same lot), else the next line of the same kind from where the
    /// cursor was, else the first of that kind, else "Back" (never a line of another kind,
    /// so a second press of OK cannot sell what was just built).
    pub(super) fn next_alike(&self, g: &Se, desk: &Desk, done: &Command) -> usize {
        let entries = self.entries(g, desk);
        let alike = |e: &Entry| matches!(&e.act, Act::Cmd(c) if std::mem::discriminant(c) == std::mem::discriminant(done));
        if let Some(i) = entries.iter().position(|e| e.act == Act::Cmd(done.clone())) {
            return i;
        }
        let after = (self.sel..entries.len()).find(|&i| alike(&entries[i]));
        after
            .or_else(|| entries.iter().position(alike))
            .or_else(|| entries.iter().position(|e| e.act == Act::Back))
            .unwrap_or(0)
    }

    /// The menu of the current view: a computer seat's own choices are its own, never on the
    /// buttons' menu (`Session::may`).
    pub fn entries(&self, g: &Se, desk: &Desk) -> Vec<Entry> {
        let bot = |p: usize| g.header.is_computer(p);
        let mut out = self.all_entries(g, desk);
        if self.view == View::Main {
            // Deals put to people at the table (a computer seat's offer) come first.
            let (rules, s) = (&g.rules, &g.state);
            let mut offered = Vec::new();
            for o in &desk.offers.open {
                let Ok(crate::engine::game::Parsed::Command(deal)) =
                    <Property as crate::engine::game::Words>::parse(rules, s, &o.line)
                else {
                    continue;
                };
                for p in o
                    .binds
                    .iter()
                    .copied()
                    .filter(|&p| o.waits_on(p) && !bot(p))
                {
                    let by = o.from.map_or("the table", |f| s.players[f].name.as_str());
                    offered.push(entry(
                        crate::ui::screen::deal_of(by, &menu::label(rules, s, &deal)),
                        Act::Offered(p, o.line.clone()),
                    ));
                    offered.push(entry(
                        format!("{} refuses it", s.players[p].name),
                        Act::RefuseOffer(p, o.line.clone()),
                    ));
                }
            }
            offered.append(&mut out);
            out = offered;
        }
        out.retain(|e| match &e.act {
            // Asked of the authority rule's `whose`: a card a computer seat drew is the
            // table's to report (`Whose::Report`), no choice of the seat's own.
            Act::Cmd(c) => !<Property as crate::engine::game::Play>::whose(&g.rules, &g.state, c)
                .seat()
                .is_some_and(bot),
            Act::BidFor(p) | Act::WantFor(p) | Act::ManageFor(p) => !bot(*p),
            // Raising money for a purchase or a debt is the buyer's or the debtor's own: for
            // a computer seat, a menu of nothing but Back.
            Act::Manage => match g.state.top() {
                Some(Pending::Buy { player, .. }) => !bot(*player),
                Some(Pending::Debt(d)) => !bot(d.debtor),
                _ => true,
            },
            _ => true,
        });
        out
    }

    pub(super) fn all_entries(&self, g: &Se, desk: &Desk) -> Vec<Entry> {
        let (rules, s) = (&g.rules, &g.state);
        match &self.view {
            View::Main => self.main_entries(rules, s, desk),
            View::Manage => self.manage_entries(rules, s, desk.now),
            View::Deal(sale) => {
                let mut out = Vec::new();
                let seller = sale.seller(s);
                match (seller, sale.buyer) {
                    (None, _) => {
                        for (sq, o) in deals::dealable(rules, s) {
                            out.push(entry(
                                format!("{}: {}", s.players[o].name, menu::dealt(rules, s, sq)),
                                Act::DealSquare(sq),
                            ));
                        }
                        // A kept card may be sold too (the card says so).
                        for (p, deck) in deals::sellable_cards(s) {
                            out.push(entry(
                                format!("{}: {} card", s.players[p].name, rules.decks[deck].name),
                                Act::DealCard(p, deck),
                            ));
                        }
                    }
                    (Some(owner), None) => {
                        for p in deals::partners(s, owner) {
                            out.push(entry(
                                format!("Sell to {}", s.players[p].name),
                                Act::DealBuyer(p),
                            ));
                        }
                    }
                    // What comes back: money only, or a square of the buyer's (a swap, with
                    // money either way after).
                    (Some(_), Some(_)) if !sale.back_chosen => {
                        out.push(entry("For money only", Act::DealBack(None)));
                        for q in sale.backs(rules, s) {
                            out.push(entry(
                                format!("In exchange: {}", menu::dealt(rules, s, q)),
                                Act::DealBack(Some(q)),
                            ));
                        }
                    }
                    (Some(owner), Some(b)) => {
                        let waiting = self.deal_waits_on(g);
                        let bots: Vec<String> = [owner, b]
                            .into_iter()
                            .filter(|&p| g.header.is_computer(p))
                            .map(|p| s.players[p].name.clone())
                            .collect();
                        out.push(entry(
                            match (waiting.is_empty(), bots.is_empty()) {
                                (false, _) => format!("{} tap to agree", waiting.join(", ")),
                                (true, true) => "OK: make the deal".into(),
                                (true, false) => format!("OK: put it to {}", bots.join(", ")),
                            },
                            Act::Confirm,
                        ));
                    }
                }
                out.push(entry("Back", Act::Back));
                out
            }
            View::Want { player, count } => vec![
                entry(
                    format!("{} wants {count}", s.players[*player].name),
                    Act::Cmd(Command::Want {
                        player: *player,
                        count: *count,
                    }),
                ),
                entry("Back", Act::Back),
            ],
            View::Bid { player, amount } => {
                // DOWN stops at the least the auction takes now: bidding that is the rules'
                // `accept` ("the lowest acceptable bid"), said so.
                let least = match s.top() {
                    Some(Pending::Auction(a)) => Some(crate::engine::property::auction::floor(
                        s.options.auction_step,
                        a,
                    )),
                    _ => None,
                };
                let name = &s.players[*player].name;
                vec![
                    if least == Some(*amount) {
                        entry(
                            format!("{name} bids the least, {amount}"),
                            Act::Cmd(Command::Accept { player: *player }),
                        )
                    } else {
                        entry(
                            format!("{name} bids {amount}"),
                            Act::Cmd(Command::Bid {
                                player: *player,
                                amount: *amount,
                            }),
                        )
                    },
                    entry("Back", Act::Back),
                ]
            }
            View::Square { square } => {
                let mut out = Vec::new();
                let everyone: Vec<usize> = s.active_players().collect();
                let mut cmds = Vec::new();
                legal::management(rules, s, &everyone, &mut cmds);
                for c in cmds {
                    let on_it = matches!(c,
                        Command::Build { square: q } | Command::Sell { square: q, .. }
                        | Command::Mortgage { square: q } | Command::Unmortgage { square: q }
                        if q == *square);
                    if on_it && !spends_while_owing(s, &c) {
                        out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
                    }
                }
                let dealt = deals::dealable(rules, s).any(|(q, _)| q == *square);
                if s.top().is_none() && dealt {
                    out.push(entry("Sell it to a player", Act::DealSquare(*square)));
                }
                out.push(entry("Back", Act::Back));
                out
            }
            // What cannot be taken back is never the line OK lands on first.
            View::ConfirmTimeUp => vec![
                entry("No: play on", Act::Back),
                entry("Yes: value all, end it", Act::Confirm),
            ],
            View::ConfirmConcede => vec![
                entry("No: raise money", Act::Back),
                entry("Yes: go bankrupt", Act::Confirm),
            ],
            View::ConfirmResolve => vec![
                entry("No", Act::Back),
                entry("Yes: do it and pay", Act::Confirm),
            ],
        }
    }

    pub(super) fn manage_entries(&self, rules: &Ruleset, s: &State, now: u64) -> Vec<Entry> {
        let mut out = Vec::new();
        // Raising money for a debt or a purchase: that player's squares only.
        let who: Vec<usize> = match (s.top(), self.manage_for) {
            (Some(Pending::Debt(d)), _) => vec![d.debtor],
            (Some(Pending::Buy { player, .. }), _) => vec![*player],
            (_, Some(p)) => vec![p],
            // Manage starts from a player: one list of everyone's squares is too long.
            (_, None) => {
                for p in s.active_players() {
                    out.push(entry(
                        format!("{}'s squares", s.players[p].name),
                        Act::ManageFor(p),
                    ));
                }
                vec![]
            }
        };
        let mut cmds = Vec::new();
        // The rent these players may still ask for comes first: out of the owner's moment
        // it is asked from the menu their token opens (the authority rule), and it lapses
        // (sectionopoly: PAYING RENT ¶3). Played by hand: the token's menu had no such line.
        if crate::engine::property::claims::askable_now(s) {
            legal::claims(s, &mut cmds);
        }
        cmds.retain(|c| legal::decided_by(s, c).is_some_and(|p| who.contains(&p)));
        legal::management(rules, s, &who, &mut cmds);
        // Selling a group's buildings at once is legal from each of its lots; one line per
        // group is enough here (the square's own menu offers it from any lot).
        let mut sold_whole = Vec::new();
        for c in cmds {
            if spends_while_owing(s, &c) {
                continue;
            }
            if let Command::Sell { square, all: true } = c {
                let group = rules.squares[square].group();
                if sold_whole.contains(&group) {
                    continue;
                }
                sold_whole.push(group);
            }
            out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
        }
        if s.top().is_none() {
            // Only where a deal may be made now (not from the SP Hole, say).
            if deals::dealable(rules, s).next().is_some()
                || deals::sellable_cards(s).next().is_some()
            {
                out.push(entry("Deal: sell a square", Act::Deal));
            }
            // Only in a time-limit game, and the table confirms first. Before the agreed hour
            // the table may still agree to stop: that is ending early, not time up.
            if s.options.time_limit {
                let early = self.clock.as_ref().is_some_and(|c| c.left_ms(now) > 0);
                let label = if early {
                    "End the game early"
                } else {
                    "Time up: end the game"
                };
                out.push(entry(label, Act::Cmd(Command::TimeUp)));
            }
        }
        out.push(entry("Back", Act::Back));
        out
    }

    pub(super) fn main_entries(&self, rules: &Ruleset, s: &State, desk: &Desk) -> Vec<Entry> {
        if s.over {
            return vec![
                entry("Final standings", Act::Standings),
                entry("New game", Act::NewGame),
                entry("Log", Act::Log),
            ];
        }
        let mut out = Vec::new();
        match s.top() {
            Some(Pending::Auction(a)) => {
                let ask = menu::ask(s, a, desk.cfg.auction_step);
                for p in (0..a.open.len()).filter(|&p| a.open[p]) {
                    if a.high.map(|h| h.0) != Some(p) && s.cash(p) >= ask {
                        // An asking-price auction (suetology: the bank asks, each acceptance
                        // raises the ask) has no amount to choose: the bidder accepts it.
                        out.push(if s.options.auction_step > 0 {
                            entry(
                                format!("{} accepts {ask}", s.players[p].name),
                                Act::Cmd(Command::Accept { player: p }),
                            )
                        } else {
                            entry(format!("{} bids {ask}+", s.players[p].name), Act::BidFor(p))
                        });
                    }
                }
                for p in (0..a.open.len()).filter(|&p| a.open[p]) {
                    if a.high.map(|h| h.0) != Some(p) {
                        out.push(entry(
                            format!("{} passes", s.players[p].name),
                            Act::Cmd(Command::Pass { player: p }),
                        ));
                    }
                }
                out.push(entry("Close the auction", Act::CloseAuction));
            }
            Some(Pending::Debt(_)) => {
                for c in legal::legal(rules, s) {
                    if matches!(c, Command::Pay | Command::Resolve) {
                        out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
                    }
                }
                out.push(entry("Sell or mortgage...", Act::Manage));
                out.push(entry("Concede: bankrupt", Act::Cmd(Command::Concede)));
            }
            // One question for the table; a player who wants some says how many.
            Some(Pending::Shortage { wishes, .. }) => {
                out.push(entry(
                    menu::label(rules, s, &Command::WantNone),
                    Act::Cmd(Command::WantNone),
                ));
                for p in (0..wishes.len()).filter(|&p| wishes[p].is_none()) {
                    out.push(entry(
                        format!("{} builds too", s.players[p].name),
                        Act::WantFor(p),
                    ));
                }
            }
            Some(Pending::Buy { .. }) => {
                let mut managing = false;
                for c in legal::legal(rules, s) {
                    if matches!(c, Command::Buy | Command::Decline) {
                        out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
                    } else {
                        managing = true;
                    }
                }
                // Only with something behind it (scientopoly: one's own turn only; a player
                // with no squares): a menu of nothing but "Back" puzzled the table.
                if managing {
                    out.push(entry("Mortgage or sell...", Act::Manage));
                }
            }
            Some(_) => {
                for c in legal::legal(rules, s) {
                    out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
                }
            }
            None => {
                let mut cmds = Vec::new();
                legal::turn_commands(rules, s, &mut cmds);
                legal::claims(s, &mut cmds);
                for c in cmds {
                    out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
                }
                out.push(entry("Manage...", Act::Manage));
            }
        }
        // A short game deals deeds at the start: until a token has moved, who takes which
        // is a line of its own (the table hands them out, a computer seat's too).
        if !deeds_dealt(rules, s).is_empty() {
            out.push(entry("Deeds dealt", Act::Dealt));
        }
        out.push(entry("Standings", Act::Standings));
        out.push(entry("Log", Act::Log));
        out.push(entry("Undo", Act::Undo));
        out
    }
}

/// Before the first token has moved, the deeds each player holds, dealt at the start (a short
/// game): "Ann takes Newgate, Power Works and Victoria Heights", a line a player who holds any.
pub fn deeds_dealt(rules: &Ruleset, s: &State) -> Vec<String> {
    if s.turns > 1 || s.players.iter().any(|p| p.position != 0) {
        return Vec::new();
    }
    (0..s.players.len())
        .filter_map(|p| {
            let names: Vec<&str> = (0..rules.squares.len())
                .filter(|&i| s.squares[i].owner == Some(p))
                .map(|i| rules.squares[i].name.as_str())
                .collect();
            (!names.is_empty()).then(|| {
                format!(
                    "{} takes {}",
                    s.players[p].name,
                    crate::engine::words::listed(&names)
                )
            })
        })
        .collect()
}

/// A debt waits and `c` spends money (a building, a mortgage lifted): a debtor raises money,
/// so the menus offer neither until the debt is paid (played by hand: "Lift 110" on every
/// square of a player owing 900 with 308, under "Sell or mortgage...").
fn spends_while_owing(s: &State, c: &Command) -> bool {
    debt_waits(s) && matches!(c, Command::Build { .. } | Command::Unmortgage { .. })
}

/// A debt waits to be paid: the menus offer no building (`spends_while_owing`).
pub(super) fn debt_waits(s: &State) -> bool {
    matches!(s.top(), Some(Pending::Debt(_)))
}
