//! The property games at the table (sectionopoly, suetology, scientopoly): the turn's menu
//! from the engine's legal commands, managing squares (by a player's list or a deed's tap),
//! a private sale, bidding with UP/DOWN or a token tap (an auction closes by silence only
//! with a chosen timer), drawn cards by tap, a debt's choices, a time-limit game's clock, and
//! the questions before conceding or ending on time.

pub mod menu;

use crate::engine::property::command::{Command, Item as TradeItem, Trade};
use crate::engine::property::options::Options;
use crate::engine::property::state::Pending;
use crate::engine::property::{legal, Property, Ruleset, State};
use crate::hw::{Button, Press};
use crate::session::Session;
use crate::sets::PieceSet;
use crate::ui::houserules::{Choice, HouseRule};
use crate::ui::offers::Amount;
use crate::ui::screen::{Desk, Flow, Pages, Screens, Tapped};
use crate::ui::text::wrap;

type Se = Session<Property>;

/// What a menu line does when chosen.
#[derive(Debug, Clone, PartialEq)]
pub enum Act {
    Cmd(Command),
    Manage,
    /// Manage this player's squares only.
    ManageFor(usize),
    Deal,
    Log,
    Standings,
    NewGame,
    Undo,
    Back,
    /// Pass every bidder left but the high one: the auction closes.
    CloseAuction,
    /// Choose this bidder's amount with UP/DOWN (View::Bid).
    BidFor(usize),
    /// Choose how many buildings this player wants in a shortage (View::Want).
    WantFor(usize),
    DealSquare(usize),
    DealBuyer(usize),
    Confirm,
    /// A deal put to this seat (a computer seat's offer): its token says yes.
    Offered(usize),
    /// The deal put to this seat (its protocol line), refused.
    RefuseOffer(usize, String),
}

/// A line of the property screens' menus.
pub type Entry = crate::ui::screen::Entry<Act>;
use crate::ui::screen::entry;

#[derive(Debug, Clone, PartialEq)]
pub enum View {
    Main,
    Manage,
    /// A private sale: which square, to whom, for how much; the sides who have said yes by
    /// tapping their tokens (a computer side answers for itself once it is put to it).
    Deal {
        square: Option<usize>,
        buyer: Option<usize>,
        price: i64,
        yes: Vec<usize>,
    },
    /// A bid being chosen: UP/DOWN change the amount (faster while held), OK bids it for
    /// `player`, and a token tap bids it for whoever tapped.
    Bid {
        player: usize,
        amount: i64,
    },
    /// In a possible building shortage, how many this player wants now: UP/DOWN set it.
    Want {
        player: usize,
        count: u8,
    },
    /// One square's options, opened by tapping its deed.
    Square {
        square: usize,
    },
    ConfirmConcede,
    ConfirmTimeUp,
    /// Auto-resolve's plan (the mortgages and sales it would make), shown before it is done.
    ConfirmResolve,
}

/// A time-limit game's clock (sectionopoly: TIME LIMIT GAME, "a definite hour of termination").
#[derive(Debug, Clone, PartialEq)]
pub struct Clock {
    pub limit_ms: u64,
    /// Played before `since` (a resumed game: the time since it started).
    pub before_ms: u64,
    /// The device's time when the clock was set.
    pub since: u64,
    /// The table has been asked whether to end the game (asked once; "Time up" stays in the
    /// manage menu).
    pub asked: bool,
}

impl Clock {
    /// For a game with these options, started `played_ms` ago; None without a time limit.
    pub fn for_game(o: &Options, played_ms: u64, now: u64) -> Option<Clock> {
        (o.time_limit && o.time_limit_minutes > 0).then(|| Clock {
            limit_ms: o.time_limit_minutes as u64 * 60_000,
            before_ms: played_ms,
            since: now,
            asked: false,
        })
    }

    pub fn left_ms(&self, now: u64) -> u64 {
        self.limit_ms
            .saturating_sub(self.before_ms + now.saturating_sub(self.since))
    }

    /// "1:05": hours and minutes left, rounded up so 0:00 means the time is up.
    pub fn shown(&self, now: u64) -> String {
        let min = self.left_ms(now).div_ceil(60_000);
        format!("{}:{:02}", min / 60, min % 60)
    }
}

/// The property games' screens.
pub struct PropertyScreens {
    pub view: View,
    pub sel: usize,
    /// Whose squares the manage view shows (chosen from a list, or by a token tap).
    pub manage_for: Option<usize>,
    /// The clock of a time-limit game.
    pub clock: Option<Clock>,
    auction_since: u64,
}

impl Screens for PropertyScreens {
    type F = Property;
    const SEATS: (usize, usize) = (2, crate::engine::property::setup::MAX_PLAYERS);
    const PIECE_KINDS: &'static [&'static str] = &[
        "deed SQUARE: a square's deed (deed oversight)",
        "card DECK CARD: a deck's card (card chance get-out-of-jail)",
    ];
    const WEB_VIEW: &'static str = include_str!("view.js");

    fn open(g: &Se, desk: &mut Desk) -> Self {
        let played = g.played_ms();
        PropertyScreens {
            view: View::Main,
            sel: 0,
            manage_for: None,
            clock: Clock::for_game(&g.state.options, played, desk.now),
            auction_since: desk.now,
        }
    }

    fn house_rules(r: &Ruleset) -> Vec<HouseRule> {
        house_rules(r)
    }

    /// A paired phone offers its seat's own decisions now, in the device menu's words: its
    /// roll, purchase, bids and passes, debts, jail and taxes, and the building, selling and
    /// mortgaging of its own squares. Closing an auction and corrections stay on the device
    /// (the table's); a deal is offered from a phone and agreed on the other side's (`binds`).
    fn private_choices(g: &Se, seat: usize) -> Vec<(String, Command)> {
        let (rules, s) = (&g.rules, &g.state);
        legal::legal(rules, s)
            .into_iter()
            .filter(|c| legal::decided_by(s, c) == Some(seat))
            .map(|c| (menu::label(rules, s, &c), c))
            .collect()
    }

    /// What the table does for a computer seat: move its token, hand it deeds, put its
    /// buildings up or take them down, turn its mortgaged deeds over.
    fn table_does(rules: &Ruleset, before: &State, s: &State, seat: usize) -> Option<String> {
        let mut out: Vec<String> = Vec::new();
        let (was, now) = (&before.players[seat], &s.players[seat]);
        if was.position != now.position {
            out.push(format!(
                "put its token on {}",
                rules.squares[now.position].name
            ));
        }
        for (i, (a, b)) in before.squares.iter().zip(&s.squares).enumerate() {
            let name = &rules.squares[i].name;
            if b.owner == Some(seat) && a.owner != Some(seat) {
                out.push(format!("hand it the deed of {name}"));
            }
            if a.owner == Some(seat) && b.owner != Some(seat) {
                out.push(format!("pass its deed of {name} on"));
            }
            if b.owner == Some(seat) && a.level != b.level {
                out.push(format!("make {name} {} buildings", b.level));
            }
            if b.owner == Some(seat) && a.mortgaged != b.mortgaged {
                let side = if b.mortgaged { "face down" } else { "face up" };
                out.push(format!("turn {name} {side}"));
            }
        }
        (!out.is_empty()).then(|| out.join(", "))
    }

    /// In an auction the seat is still in: a bid from the least the device offers it up to
    /// the cash it holds.
    fn amounts(g: &Se, seat: usize) -> Vec<Amount> {
        let (rules, s) = (&g.rules, &g.state);
        let least = legal::legal(rules, s)
            .into_iter()
            .filter_map(|c| match c {
                Command::Bid { player, amount } if player == seat => Some(amount),
                _ => None,
            })
            .min();
        let Some(least) = least else {
            return Vec::new();
        };
        let most = s.cash(seat).max(least);
        // The bid's words with the amount left to the phone.
        let line = <Property as crate::engine::game::Words>::format_command(
            rules,
            s,
            &Command::Bid {
                player: seat,
                amount: least,
            },
        );
        let Some((head, _)) = line.rsplit_once(' ') else {
            return Vec::new();
        };
        vec![Amount {
            label: format!("Bid ({least} to {most})"),
            line: format!("{head} {{amount}}"),
            least,
            most,
        }]
    }

    #[cfg(feature = "print")]
    fn print(rules: &Ruleset, doc: &mut crate::print::Doc, parts: crate::print::Parts) {
        crate::print::property::print(rules, doc, parts);
    }

    fn sets(rules: &Ruleset) -> Vec<PieceSet> {
        // The deeds in board order, then each deck as its cards are listed.
        let mut out = vec![PieceSet::of_pieces(
            "deeds",
            "Deeds",
            rules.deeds().into_iter().map(|sq| {
                let s = &rules.squares[sq];
                (format!("deed:{}", s.id), format!("Deed {}", s.name))
            }),
        )];
        for d in &rules.decks {
            out.push(PieceSet::of_pieces(
                &d.id,
                &d.name,
                d.cards.iter().map(|c| {
                    (
                        format!("card:{}:{}", d.id, c.id),
                        format!("{}: {}", d.name, c.id),
                    )
                }),
            ));
        }
        out
    }

    fn labels(&self, g: &Se, desk: &Desk) -> Vec<String> {
        self.entries(g, desk).into_iter().map(|e| e.label).collect()
    }
    fn sel(&self) -> usize {
        self.sel
    }
    fn select(&mut self, i: usize) {
        self.sel = i;
    }

    fn button(&mut self, g: &mut Se, desk: &mut Desk, b: Button, p: Press) -> Flow {
        self.restart_countdown(g, desk);
        let entries = self.entries(g, desk);
        match (b, p) {
            (_, Press::Release) => Flow::Stay,
            (Button::Up, Press::Press) => self.step(g, desk, &entries, -1, 0),
            (Button::Down, Press::Press) => self.step(g, desk, &entries, 1, 0),
            (Button::Up, Press::Repeat { held_ms }) => self.step(g, desk, &entries, -1, held_ms),
            (Button::Down, Press::Repeat { held_ms }) => self.step(g, desk, &entries, 1, held_ms),
            (Button::Ok, Press::Press) => match entries.get(self.sel).cloned() {
                Some(e) => self.act(g, desk, e.act),
                None => Flow::Stay,
            },
            (Button::Back, Press::Press) if self.view != View::Main => {
                self.go(View::Main);
                Flow::Stay
            }
            (Button::Roll, Press::Press) => {
                if legal::legal(&g.rules, &g.state)
                    .iter()
                    .any(|c| matches!(c, Command::Roll { .. }))
                {
                    self.command(g, desk, Command::Roll { dice: None })
                } else {
                    desk.nothing_to_roll("no roll now");
                    Flow::Stay
                }
            }
            (Button::Ok, Press::Hold) => {
                self.manage_for = None;
                self.go(View::Manage);
                Flow::Stay
            }
            _ => Flow::Stay,
        }
    }

    fn tag(&mut self, g: &mut Se, desk: &mut Desk, tag: Tapped) -> Flow {
        self.restart_countdown(g, desk);
        match tag {
            Tapped::Player(p) => self.token(g, desk, p),
            Tapped::Piece(id) => self.piece(g, desk, id),
        }
    }

    fn tick(&mut self, g: &mut Se, desk: &mut Desk) -> Flow {
        let mut flow = self.watch_clock(g, desk);
        let auction = matches!(g.state.top(), Some(Pending::Auction(_)));
        // An auction closes after a silence only when the table chose a timer (options).
        let timer = desk.cfg.auction_silence_ms;
        if timer > 0 && auction {
            // The countdown on screen changes every second.
            desk.redraw = true;
            if desk.now.saturating_sub(self.auction_since) >= timer {
                flow = match self.command(g, desk, Command::Close) {
                    Flow::Stay => Flow::Show,
                    other => other,
                };
            }
        }
        flow
    }

    fn header(&self, g: &Se, desk: &Desk) -> String {
        if let Some(left) = self.auction_countdown(g, desk) {
            return format!("Auction: closes in {left}s");
        }
        let s = &g.state;
        // During the first-turn roll-off, the player rolling is not the current one.
        let p = match s.top() {
            Some(Pending::FirstRoll { .. }) => s.acting_player(),
            _ => s.current,
        };
        // A time-limit game's clock first: the table watches it.
        let clock = match &self.clock {
            Some(c) if !s.over => format!("{} ", c.shown(desk.now)),
            _ => String::new(),
        };
        let who = format!("{clock}{} {} @", s.players[p].name, s.cash(p));
        let room = crate::ui::text::COLS.saturating_sub(who.len());
        let place = &g.rules.squares[s.players[p].position].name;
        format!("{who}{}", crate::ui::text::shorten(place, room))
    }

    fn message(&self, g: &Se, desk: &Desk) -> Vec<String> {
        if let Some(n) = &desk.note {
            return wrap(n);
        }
        let (rules, s) = (&g.rules, &g.state);
        match self.view {
            View::Deal {
                square: Some(sq),
                buyer: Some(b),
                price,
                ..
            } => {
                return wrap(&format!(
                    "Sell {} to {} for {price}? UP/DOWN price; each side taps to agree",
                    rules.squares[sq].name, s.players[b].name
                ))
            }
            View::Want { player, count } => {
                return wrap(&format!(
                    "{} wants {count} now (UP/DOWN), OK says it",
                    s.players[player].name
                ))
            }
            View::Bid { player, amount } => {
                let high = match s.top() {
                    Some(Pending::Auction(a)) => match a.high {
                        Some((h, v)) => format!("high: {} {v}", s.players[h].name),
                        None => "no bids yet".into(),
                    },
                    _ => String::new(),
                };
                return wrap(&format!(
                    "{}'s bid: {amount} ({high}). UP/DOWN change it, hold for faster; a token \
                     tap bids it",
                    s.players[player].name
                ));
            }
            // A command's lines first, as on the manage menu.
            View::Square { square } if !desk.toasting() => {
                let owner = s
                    .owner(square)
                    .map(|o| s.players[o].name.clone())
                    .unwrap_or_default();
                return wrap(&format!("{} ({owner})", rules.squares[square].name));
            }
            View::ConfirmTimeUp => {
                let why = match &self.clock {
                    Some(c) if c.left_ms(desk.now) == 0 => {
                        let minutes = c.limit_ms / 60_000;
                        let word = if minutes == 1 {
                            "minute is"
                        } else {
                            "minutes are"
                        };
                        format!("The agreed {minutes} {word} over. ")
                    }
                    _ => String::new(),
                };
                return wrap(&format!(
                    "{why}End the game now? Everything is valued and the richest player wins."
                ));
            }
            View::ConfirmConcede => {
                if let Some(Pending::Debt(d)) = s.top() {
                    let more = crate::engine::property::debt::net_worth(rules, s, d.debtor)
                        - s.cash(d.debtor);
                    return wrap(&format!(
                        "{} owes {}. Selling and mortgaging could still raise {more}. Go \
                         bankrupt?",
                        s.players[d.debtor].name, d.amount
                    ));
                }
            }
            View::ConfirmResolve => {
                return match crate::engine::property::autoresolve::plan(rules, s) {
                    Ok(steps) => {
                        let mut lines: Vec<String> =
                            steps.iter().map(|c| menu::label(rules, s, c)).collect();
                        lines.push("then pay the debt".into());
                        crate::ui::text::wrap_all(&lines)
                    }
                    Err(e) => wrap(&e.to_string()),
                };
            }
            _ => {}
        }
        if desk.toasting() {
            // The lines in the order told (the prompt is the headline's, in its own words).
            let wrapped = crate::ui::text::wrap_all(&menu::shown(&desk.toast));
            // Lines that do not fit beside this menu were read on pages, or whole beside
            // the menu they were told at, before the screen changed.
            let room = crate::ui::text::room(&self.labels(g, desk), self.sel);
            if !wrapped.is_empty() && wrapped.len() <= room {
                return wrapped;
            }
        }
        let mut out = wrap(&menu::headline(rules, s, desk.cfg.auction_step));
        if self.view == View::Manage {
            // Building: what the bank has left (the lines after each house leave it out),
            // where it fits beside the chosen line.
            let left = wrap(&format!(
                "Left: {} {}, {} {}",
                s.houses, rules.theme.houses, s.hotels, rules.theme.hotels
            ));
            if out.len() + left.len() <= crate::ui::text::room(&self.labels(g, desk), self.sel) {
                out.extend(left);
            }
        }
        out
    }

    /// After a command from the manage or square menu, that menu stays, the cursor on the
    /// same kind of line (the next building after a building, never a sale).
    fn command(&mut self, g: &mut Se, desk: &mut Desk, cmd: Command) -> Flow {
        let done = cmd.clone();
        let lines = desk.run(g, cmd);
        // Refused: the screen stays as it was (a deal priced above the buyer's cash keeps its
        // square, buyer and price, to be lowered), the reason on it.
        if lines.is_none() {
            return Flow::Stay;
        }
        if matches!(g.state.top(), Some(Pending::Auction(_))) {
            self.auction_since = desk.now;
        }
        // The manage and square menus serve a turn, a debt or a purchase; anything else that
        // is now waiting (an auction, a shortage) is asked on the main screen.
        let serves = matches!(
            g.state.top(),
            None | Some(Pending::Debt(_)) | Some(Pending::Buy { .. })
        );
        let stays = matches!(self.view, View::Manage | View::Square { .. })
            && serves
            && self.entries(g, desk).len() > 1;
        if stays {
            // A row of builds is a press each: the payment shows above the menu and no pager
            // stands between one house and the next, unless the lines do not fit there (a
            // mortgage's payment and its notice): then pages first, back to the same menu.
            self.sel = self.next_alike(g, desk, &done);
        } else {
            self.go(View::Main);
        }
        // Beside the manage menu the lines may take its rows down to the chosen line alone;
        // beside the main menu, three rows.
        let room = if stays {
            crate::ui::text::room(&self.labels(g, desk), self.sel)
        } else {
            3
        };
        match lines.as_deref().and_then(|l| menu::pages(l, room)) {
            Some(pages) => Flow::Pager(Pages {
                title: None,
                pages,
                last: "OK",
            }),
            None => Flow::Stay,
        }
    }

    fn standings(g: &Se) -> (String, Vec<String>) {
        let s = &g.state;
        let title = match (s.over, g.rules.status.is_some()) {
            (true, _) if s.tied.len() > 1 => "Final: a shared win".to_string(),
            (true, _) => match s.winner {
                Some(w) => format!("Final: {} won", s.players[w].name),
                None => "Final standings".into(),
            },
            (false, true) => "Standings (status, worth)".into(),
            (false, false) => "Standings (worth)".into(),
        };
        (title, menu::standings(&g.rules, s))
    }

    /// Names, not ids: "Undo Mortgage Weapons Locker", as the menu said it.
    fn words(g: &Se, cmd: &Command) -> String {
        menu::label(&g.rules, &g.state, cmd)
    }

    fn progress(g: &Se) -> String {
        format!("turn {}", g.state.turns)
    }

    fn undone(&mut self, _g: &Se, desk: &mut Desk) {
        // An auction brought back by undo gets a fresh silence, or it would close again at once.
        self.auction_since = desk.now;
        self.go(View::Main);
    }
}

impl PropertyScreens {
    fn go(&mut self, view: View) {
        self.view = view;
        self.sel = 0;
    }

    /// Where the cursor goes after `done`: the same command again if it is still offered
    /// (another house on the same lot), else the next line of the same kind from where the
    /// cursor was, else the first of that kind, else "Back" (never a line of another kind,
    /// so a second press of OK cannot sell what was just built).
    fn next_alike(&self, g: &Se, desk: &Desk, done: &Command) -> usize {
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
        let bot = |p: usize| g.header.computers.iter().any(|c| c.seat == p);
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
                        format!("{by}'s deal: {}", menu::label(rules, s, &deal)),
                        Act::Offered(p),
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
            Act::Cmd(c) => !legal::decided_by(&g.state, c).is_some_and(bot),
            Act::BidFor(p) | Act::WantFor(p) | Act::ManageFor(p) => !bot(*p),
            _ => true,
        });
        out
    }

    fn all_entries(&self, g: &Se, desk: &Desk) -> Vec<Entry> {
        let (rules, s) = (&g.rules, &g.state);
        match &self.view {
            View::Main => self.main_entries(rules, s, desk),
            View::Manage => self.manage_entries(rules, s),
            View::Deal { square, buyer, .. } => {
                let mut out = Vec::new();
                match (square, buyer) {
                    (None, _) => {
                        for sq in 0..rules.squares.len() {
                            if let Some(o) = s.owner(sq) {
                                let grp = rules.squares[sq].group().unwrap_or(0);
                                if !s.group_has_buildings(rules, grp) {
                                    out.push(entry(
                                        format!("{}: {}", s.players[o].name, menu::sq(rules, sq)),
                                        Act::DealSquare(sq),
                                    ));
                                }
                            }
                        }
                    }
                    (Some(sq), None) => {
                        let owner = s.owner(*sq);
                        for p in s.active_players() {
                            if Some(p) != owner {
                                out.push(entry(
                                    format!("Sell to {}", s.players[p].name),
                                    Act::DealBuyer(p),
                                ));
                            }
                        }
                    }
                    (Some(sq), Some(b)) => {
                        let waiting = self.deal_waits_on(g);
                        let bots: Vec<String> = [s.owner(*sq), Some(*b)]
                            .into_iter()
                            .flatten()
                            .filter(|p| g.header.computers.iter().any(|c| c.seat == *p))
                            .map(|p| s.players[p].name.clone())
                            .collect();
                        out.push(entry(
                            match (waiting.is_empty(), bots.is_empty()) {
                                (false, _) => format!("{} tap to agree", waiting.join(", ")),
                                (true, true) => "OK: make the deal".into(),
                                (true, false) => format!("OK: put it to {}", bots.join(", ")),
                            },
                            Act::Confirm,
                        ))
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
                    if on_it {
                        out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
                    }
                }
                if s.top().is_none() {
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

    fn manage_entries(&self, rules: &Ruleset, s: &State) -> Vec<Entry> {
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
        legal::management(rules, s, &who, &mut cmds);
        // A debtor raises money: building is not offered until the debt is paid.
        let in_debt = matches!(s.top(), Some(Pending::Debt(_)));
        // Selling a group's buildings at once is legal from each of its lots; one line per
        // group is enough here (the square's own menu offers it from any lot).
        let mut sold_whole = Vec::new();
        for c in cmds {
            if in_debt && matches!(c, Command::Build { .. }) {
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
            out.push(entry("Deal: sell a square", Act::Deal));
            // Only in a time-limit game, and the table confirms first.
            if s.options.time_limit {
                out.push(entry("Time up: end the game", Act::Cmd(Command::TimeUp)));
            }
        }
        out.push(entry("Back", Act::Back));
        out
    }

    fn main_entries(&self, rules: &Ruleset, s: &State, desk: &Desk) -> Vec<Entry> {
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
                for c in legal::legal(rules, s) {
                    if matches!(c, Command::Buy | Command::Decline) {
                        out.push(entry(menu::label(rules, s, &c), Act::Cmd(c)));
                    }
                }
                out.push(entry("Mortgage or sell...", Act::Manage));
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
        out.push(entry("Standings", Act::Standings));
        out.push(entry("Log", Act::Log));
        out.push(entry("Undo", Act::Undo));
        out
    }

    /// UP (-1) or DOWN (+1), pressed or held for `held_ms`: move in the menu; in a bid or a
    /// deal, raise or lower the amount (by more the longer the button is held).
    fn step(&mut self, g: &Se, desk: &Desk, entries: &[Entry], dir: i64, held_ms: u64) -> Flow {
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
            View::Deal {
                square: Some(_),
                buyer: Some(_),
                price,
                yes,
            } => {
                *price = (*price - dir * step).max(0);
                yes.clear();
            }
            _ => self.sel = crate::ui::text::step(self.sel, entries.len(), dir),
        }
        Flow::Stay
    }

    fn act(&mut self, g: &mut Se, desk: &mut Desk, act: Act) -> Flow {
        match act {
            Act::Cmd(Command::Concede) => self.go(View::ConfirmConcede),
            Act::Cmd(Command::TimeUp) => self.go(View::ConfirmTimeUp),
            Act::Cmd(Command::Resolve) => self.go(View::ConfirmResolve),
            Act::Cmd(c) => return self.command(g, desk, c),
            Act::Manage => {
                self.manage_for = None;
                self.go(View::Manage)
            }
            Act::ManageFor(p) => {
                self.manage_for = Some(p);
                self.go(View::Manage)
            }
            Act::Deal => self.go(View::Deal {
                square: None,
                buyer: None,
                price: 0,
                yes: Vec::new(),
            }),
            Act::Log => return Flow::Log,
            Act::Standings => return Flow::Standings,
            Act::NewGame => return Flow::NewGame,
            Act::Undo => return Flow::ConfirmUndo,
            Act::Back => self.go(View::Main),
            Act::CloseAuction => return self.command(g, desk, Command::Close),
            Act::Offered(p) => {
                desk.note = Some(format!(
                    "{} taps their token to agree",
                    g.state.players[p].name
                ))
            }
            Act::RefuseOffer(p, line) => {
                if let Some(o) = desk.offers.refuse(p, &line) {
                    let by = o
                        .from
                        .map_or("the table", |f| g.state.players[f].name.as_str());
                    let line = format!("{} refuses {by}'s deal: {line}", g.state.players[p].name);
                    desk.say_of_phone(line);
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
                self.go(View::Deal {
                    square: Some(sq),
                    buyer: None,
                    price,
                    yes: Vec::new(),
                });
            }
            Act::DealBuyer(p) => {
                if let View::Deal { buyer, .. } = &mut self.view {
                    *buyer = Some(p);
                }
                self.sel = 0;
            }
            Act::Confirm => match self.view.clone() {
                View::ConfirmConcede => return self.command(g, desk, Command::Concede),
                View::ConfirmTimeUp => return self.command(g, desk, Command::TimeUp),
                View::ConfirmResolve => return self.command(g, desk, Command::Resolve),
                View::Deal {
                    square: Some(sq),
                    buyer: Some(to),
                    price,
                    yes,
                } => {
                    if let Some(from) = g.state.owner(sq) {
                        let get = if price > 0 {
                            smallvec::smallvec![TradeItem::Cash(price)]
                        } else {
                            smallvec::smallvec![]
                        };
                        let deal = Command::Trade(Trade {
                            from,
                            to,
                            give: smallvec::smallvec![TradeItem::Square(sq)],
                            get,
                        });
                        return self.agree_deal(g, desk, deal, [from, to], yes);
                    }
                }
                _ => {}
            },
        }
        Flow::Stay
    }

    /// The human sides of the deal on screen that have not tapped their tokens yet.
    fn deal_waits_on(&self, g: &Se) -> Vec<String> {
        let View::Deal {
            square: Some(sq),
            buyer: Some(b),
            yes,
            ..
        } = &self.view
        else {
            return Vec::new();
        };
        [g.state.owner(*sq), Some(*b)]
            .into_iter()
            .flatten()
            .filter(|p| !yes.contains(p) && !g.header.computers.iter().any(|c| c.seat == *p))
            .map(|p| g.state.players[p].name.clone())
            .collect()
    }

    /// The deal made on the deal screen, with the yes of the sides that tapped their tokens:
    /// carried out when every side has said yes, else put to the computer sides, which answer
    /// by their own chance (`Desk::offers`); refused, with who it waits for, otherwise.
    fn agree_deal(
        &mut self,
        g: &mut Se,
        desk: &mut Desk,
        deal: Command,
        sides: [usize; 2],
        yes: Vec<usize>,
    ) -> Flow {
        let bots: Vec<usize> = sides
            .into_iter()
            .filter(|p| g.header.computers.iter().any(|c| c.seat == *p))
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
        desk.say_of_phone(format!(
            "The deal is put to {}: {}",
            names.join(", "),
            menu::label(&g.rules, &g.state, &deal)
        ));
        self.go(View::Main);
        Flow::Stay
    }

    /// Seat `p`'s token says yes to a deal put to it; carried out once every side agrees.
    fn agree_offer(
        &mut self,
        g: &mut Se,
        desk: &mut Desk,
        p: usize,
        line: &str,
        binds: Vec<usize>,
    ) -> Flow {
        use crate::engine::game::{Parsed, Words};
        match desk.offers.agree(None, p, line, binds.clone()) {
            crate::ui::offers::Agreed::All => {
                let Ok(Parsed::Command(deal)) = Property::parse(&g.rules, &g.state, line) else {
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

    /// A player's token: the buyer of a private sale, a bid in an auction, else that
    /// player's squares with their cash shown.
    fn token(&mut self, g: &mut Se, desk: &mut Desk, p: usize) -> Flow {
        if let View::Deal {
            square: Some(sq),
            buyer,
            yes,
            ..
        } = &mut self.view
        {
            let name = &g.state.players[p].name;
            let owner = g.state.owner(*sq);
            match *buyer {
                // The first token that is not the owner's chooses the buyer.
                None if owner != Some(p) => *buyer = Some(p),
                None => desk.note = Some("choose the buyer, or tap their token".into()),
                // Each side's own yes, at this price (`Session::may`: a deal needs it).
                Some(b) if b == p || owner == Some(p) => {
                    if !yes.contains(&p) {
                        yes.push(p);
                    }
                    desk.note = Some(format!("{name} agrees"));
                }
                Some(_) => desk.note = Some(format!("{name} is not part of this deal")),
            }
            return Flow::Stay;
        }
        // A deal put to this seat (a computer seat's offer): the token says yes to it.
        let s = &g.state;
        let offered = desk.offers.waiting_on(p).next().cloned();
        if let Some(o) = offered {
            return self.agree_offer(g, desk, p, &o.line, o.binds);
        }
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
                self.manage_for = Some(p);
                self.view = View::Manage;
                self.sel = 0;
                Flow::Stay
            }
        }
    }

    /// A deed opens its square's options; a deck's card is the card drawn when one is due.
    fn piece(&mut self, g: &mut Se, desk: &mut Desk, id: &str) -> Flow {
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

    /// A time-limit game: the clock on the main screen changes each minute, and when it runs
    /// out the table is asked, once, whether to end the game now.
    fn watch_clock(&mut self, g: &Se, desk: &mut Desk) -> Flow {
        let Some(c) = self.clock.as_mut() else {
            return Flow::Stay;
        };
        if g.state.over {
            return Flow::Stay;
        }
        if c.left_ms(desk.now) == 0 && !c.asked {
            c.asked = true;
            desk.toast_until = 0;
            self.go(View::ConfirmTimeUp);
            return Flow::Show;
        }
        if c.left_ms(desk.now) % 60_000 < 100 {
            desk.redraw = true;
        }
        Flow::Stay
    }

    /// Any press or tap during an auction restarts its silence countdown.
    fn restart_countdown(&mut self, g: &Se, desk: &Desk) {
        if matches!(g.state.top(), Some(Pending::Auction(_))) {
            self.auction_since = desk.now;
        }
    }

    /// Seconds before a silent auction closes, when the table chose a timer.
    pub fn auction_countdown(&self, g: &Se, desk: &Desk) -> Option<u64> {
        let open = matches!(g.state.top(), Some(Pending::Auction(_)));
        (open && desk.cfg.auction_silence_ms > 0).then(|| {
            let left = (self.auction_since + desk.cfg.auction_silence_ms).saturating_sub(desk.now);
            left.div_ceil(1000)
        })
    }
}

/// The house rules the new-game screen offers for a property ruleset, in words: the game's
/// length (standard, the short game, a time limit), the target status (scientopoly), physical
/// card decks, and rent that must be asked for.
pub fn house_rules(r: &Ruleset) -> Vec<HouseRule> {
    let o = &r.options;
    let length = |word: &str, short: bool, limit: bool, minutes: u32| Choice {
        word: word.into(),
        settings: vec![
            ("short_game", short.to_string()),
            ("time_limit", limit.to_string()),
            ("time_limit_minutes", minutes.to_string()),
        ],
    };
    let mut lengths = vec![
        length("standard", false, false, 0),
        length("short game", true, false, 0),
    ];
    if o.time_limit && !o.short_game && ![60, 90, 120, 180].contains(&o.time_limit_minutes) {
        let word = match o.time_limit_minutes {
            0 => "limit, no clock".to_string(),
            m => format!("{m} min limit"),
        };
        lengths.push(length(&word, false, true, o.time_limit_minutes));
    }
    for m in [60, 90, 120, 180] {
        lengths.push(length(&format!("{m} min limit"), false, true, m));
    }
    let holds = |c: &Choice| {
        let mut t = o.clone();
        c.settings.iter().all(|(k, v)| t.set(k, v).is_ok()) && t == *o
    };
    let mut out = vec![HouseRule::new("Length", lengths, holds)];
    if r.status.is_some() {
        out.push(HouseRule::number(
            "Target status",
            "target_status",
            "",
            // The rules allow any target from 1 to 40 (scientopoly ¶5): the short games as
            // well as the long, a few presses apart (the ruleset's own is added if missing).
            &[1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40],
            o.target_status as u32,
        ));
    }
    out.push(HouseRule::switch(
        "Card decks on table",
        "physical_decks",
        o.physical_decks,
    ));
    out.push(HouseRule::switch(
        "Rent must be asked",
        "rent_must_be_asked",
        o.rent_must_be_asked,
    ));
    out
}
