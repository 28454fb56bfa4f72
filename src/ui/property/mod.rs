//! The property games at the table (sectionopoly, suetology, scientopoly): the turn's menu
//! from the engine's legal commands, managing squares (by a player's list or a deed's tap),
//! a private sale, bidding with UP/DOWN or a token tap (an auction closes by silence only
//! with a chosen timer), drawn cards by tap, a debt's choices, a time-limit game's clock, and
//! the questions before conceding or ending on time.

mod acts;
mod clock;
mod deals;
mod entries;
mod houserules;
pub mod menu;
mod taps;
pub use clock::Clock;
pub use deals::Sale;
pub use houserules::house_rules;

use crate::engine::property::command::{Command, Item as TradeItem, Trade};
use crate::engine::property::options::Options;
use crate::engine::property::state::Pending;
use crate::engine::property::{legal, Property, Ruleset, State};
use crate::hw::{Button, Press};
use crate::session::Session;
use crate::sets::PieceSet;
use crate::ui::houserules::{Choice, HouseRule};
use crate::ui::offers::Amount;
use crate::ui::screen::{Desk, Facts, Flow, Pages, Screens, Tapped};
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
    /// A kept card sold: its holder and its deck.
    DealCard(usize, usize),
    DealBuyer(usize),
    /// A square of the buyer's given back in exchange (None: nothing back).
    DealBack(Option<usize>),
    Confirm,
    /// A deal put to this seat (its protocol line): its token says yes to it.
    Offered(usize, String),
    /// The deal put to this seat (its protocol line), refused.
    RefuseOffer(usize, String),
    /// Who takes which deeds dealt at the start (a short game), on pages.
    Dealt,
}

/// A line of the property screens' menus.
pub type Entry = crate::ui::screen::Entry<Act>;
use crate::ui::screen::entry;

#[derive(Debug, Clone, PartialEq)]
pub enum View {
    Main,
    Manage,
    /// A private deal (`deals::Sale`): what is sold, to whom, for what; the sides who have
    /// said yes by tapping their tokens (a computer side answers for itself once put to it).
    Deal(Sale),
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

/// The property games' screens.
#[derive(Clone)]
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
    const FACTS: Facts = Facts {
        seats: (2, crate::engine::property::setup::MAX_PLAYERS),
        piece_kinds: &[
            "deed SQUARE: a square's deed (deed oversight)",
            "card DECK CARD: a deck's card (card chance get-out-of-jail)",
        ],
        web_view: include_str!("view.js"),
        // Squares, cards and money change hands by agreement (the trade).
        deals: true,
    };

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
    /// buildings up or take them down, turn its mortgaged deeds over. A deed that goes from
    /// one computer seat to another is said once, on the seat that takes it; the deeds of one
    /// move are one list ("hand it cpu1's deeds of Centre and Oversight").
    fn table_does(
        rules: &Ruleset,
        before: &State,
        s: &State,
        seat: usize,
        computers: &[usize],
        said: &mut Vec<String>,
    ) -> Option<(String, bool)> {
        use crate::engine::property::event::{Event, How};
        use crate::engine::property::narrate::event;
        use crate::engine::property::ruleset::Kind;
        use crate::engine::words::listed;
        let mut out: Vec<String> = Vec::new();
        // The events' lines this line says again ("cpu1 now owns Centre" beside "hand it the
        // deed of Centre"): the table reads each move once.
        let mut restated: Vec<Event> = Vec::new();
        let (was, now) = (&before.players[seat], &s.players[seat]);
        let moved = was.position != now.position;
        if moved {
            out.push(format!(
                "put its token on {}",
                rules.squares[now.position].name
            ));
            // The move that ends where the token stands, said by the dice or a card ("cpu1
            // moves from Oversight (3) to ..."), or by the dice onto a square that sends the
            // token on to jail, where its line goes and the line that sends it stays (its
            // why). Of a turn of two moves (the dice onto a card that moves it on) the first
            // line stays, and the table's line takes the last one's place, before what
            // follows it ("doubles: cpu1 rolls again"): a move on in the same command begins
            // on a card's square, as only a card moves a token on.
            let sent = now.jail.is_some() && was.jail.is_none();
            let squares = 0..rules.squares.len();
            let ends = squares.clone().filter(|&i| {
                i == now.position || sent && matches!(rules.squares[i].kind, Kind::GoToJail)
            });
            let starts: Vec<usize> = squares
                .clone()
                .filter(|&i| {
                    i == was.position || matches!(rules.squares[i].kind, Kind::Card { .. })
                })
                .collect();
            for to in ends {
                for &from in &starts {
                    restated.extend([How::Dice, How::Card, How::Back, How::Correction].map(
                        |how| Event::Moved {
                            player: seat,
                            from,
                            to,
                            how,
                        },
                    ));
                }
            }
        }
        let squares = || before.squares.iter().zip(&s.squares).enumerate();
        let name = |i: usize| rules.squares[i].name.as_str();
        let deeds = |n: usize| if n == 1 { "deed" } else { "deeds" };
        // Deeds taken, by whom they came from (the bank first, then each seat in turn).
        let mut from: Vec<(Option<usize>, Vec<&str>)> = Vec::new();
        // Deeds passed on to a person or to the bank, by where they go.
        let mut to: Vec<(Option<usize>, Vec<&str>)> = Vec::new();
        fn add<'a>(
            lists: &mut Vec<(Option<usize>, Vec<&'a str>)>,
            who: Option<usize>,
            sq: &'a str,
        ) {
            match lists.iter_mut().find(|(w, _)| *w == who) {
                Some((_, names)) => names.push(sq),
                None => lists.push((who, vec![sq])),
            }
        }
        for (i, (a, b)) in squares() {
            let owner = Event::Owner {
                square: i,
                owner: b.owner,
            };
            if b.owner == Some(seat) && a.owner != Some(seat) {
                add(&mut from, a.owner, name(i));
                restated.push(owner);
            } else if a.owner == Some(seat)
                && b.owner != Some(seat)
                && !b.owner.is_some_and(|o| computers.contains(&o))
            {
                add(&mut to, b.owner, name(i));
                restated.push(owner);
            }
        }
        from.sort_by_key(|(w, _)| *w);
        for (who, names) in &from {
            let whose = who.map_or("the".to_string(), |w| format!("{}'s", s.players[w].name));
            out.push(format!(
                "hand it {whose} {} of {}",
                deeds(names.len()),
                listed(names)
            ));
        }
        for (who, names) in &to {
            let whom = who.map_or(rules.theme.bank.as_str(), |w| s.players[w].name.as_str());
            out.push(format!(
                "pass its {} of {} to {whom}",
                deeds(names.len()),
                listed(names)
            ));
        }
        // In houses and hotels: a level ("make Cedar Lane 1 buildings", a hotel's 5)
        // is no piece the table holds.
        for (i, (a, b)) in squares() {
            if b.owner == Some(seat) && a.level != b.level {
                let (verb, way) = if b.level > a.level {
                    ("build", "up")
                } else {
                    ("take", "down")
                };
                let level = crate::engine::property::narrate::level_text(rules, b.level);
                out.push(format!("{verb} {} {way} to {level}", name(i)));
                restated.push(Event::Level {
                    square: i,
                    from: a.level,
                    to: b.level,
                });
            }
        }
        for (side, down) in [("face down", true), ("face up", false)] {
            let turned: Vec<usize> = squares()
                .filter(|(_, (a, b))| {
                    b.owner == Some(seat) && a.mortgaged != b.mortgaged && b.mortgaged == down
                })
                .map(|(i, _)| i)
                .collect();
            if !turned.is_empty() {
                let names: Vec<&str> = turned.iter().map(|&i| name(i)).collect();
                out.push(format!("turn {} {side}", listed(&names)));
                restated.extend(
                    turned
                        .iter()
                        .map(|&square| Event::Mortgage { square, on: down }),
                );
            }
        }
        let restated: Vec<String> = restated.iter().filter_map(|e| event(rules, s, e)).collect();
        said.retain(|l| !restated.contains(l));
        (!out.is_empty()).then(|| (out.join(", "), moved))
    }

    /// Any screen but the menu is a choice under way: a player's squares, a deal being set
    /// up, a bid or a want being stepped, a question to confirm.
    fn choosing(&self, _g: &Se) -> bool {
        self.view != View::Main
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
        Amount::open(format!("Bid ({least} to {most})"), &line, least, most)
            .into_iter()
            .collect()
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
                self.back(g, desk);
                Flow::Stay
            }
            (Button::Roll, Press::Press) => {
                if legal::legal(&g.rules, &g.state)
                    .iter()
                    .any(|c| matches!(c, Command::Roll { .. }))
                {
                    self.command(g, desk, Command::Roll { dice: None })
                } else {
                    desk.nothing_to_roll("no roll now", |desk| self.message(g, desk));
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
        // Over, nobody's turn: the last player's cash and square would read as play going on.
        if s.over {
            let over = format!("{}: game over", g.rules.name);
            return crate::ui::text::shorten(&over, crate::ui::text::COLS);
        }
        // During the first-turn roll-off, the player rolling is not the current one.
        let p = match s.top() {
            Some(Pending::FirstRoll { .. }) => s.acting_player(),
            _ => s.current,
        };
        // A time-limit game's clock first: the table watches it.
        let clock = match &self.clock {
            Some(c) => format!("{} ", c.shown(desk.now)),
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
            // Each step of a deal says what it asks (played by hand: "Ann: roll the dice"
            // stood over the list of squares, then over the list of buyers).
            View::Deal(ref sale) if sale.buyer.is_none() => {
                // Named as the list offers it: a kept card too when one is on the list.
                let cards =
                    (self.entries(g, desk).iter()).any(|e| matches!(e.act, Act::DealCard(..)));
                return wrap(&match sale.sold(rules, s) {
                    None if cards => "Deal: which square or kept card is sold?".to_string(),
                    None => "Deal: which square is sold?".to_string(),
                    Some(sold) => format!("Who buys {sold}? Choose, or tap their token"),
                });
            }
            View::Deal(ref sale) if sale.buyer.is_some() && !sale.back_chosen => {
                if let (Some(b), Some(sold)) = (sale.buyer, sale.sold(rules, s)) {
                    return wrap(&format!(
                        "What does {} give for {sold}? Money only, or a square",
                        s.players[b].name
                    ));
                }
            }
            View::Deal(ref sale) if sale.buyer.is_some() => {
                if let Some(words) = sale.words(rules, s) {
                    return wrap(&format!(
                        "{words}? UP/DOWN the money; each side taps to agree"
                    ));
                }
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
            // Another player's squares, opened by their token: whose they are stays said once
            // the tap's note fades, never the turn's own headline over them.
            View::Manage if !desk.toasting() => {
                if let Some(p) = self.manage_for.filter(|&p| p != s.current) {
                    return wrap(&menu::others_squares(rules, s, p));
                }
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
                    // "could still raise 0" read as a sum still to be had.
                    let left = match more {
                        0 => "Nothing is left to sell or mortgage".to_string(),
                        _ => format!("Selling and mortgaging could still raise {more}"),
                    };
                    return wrap(&format!(
                        "{} owes {}. {left}. Go bankrupt?",
                        s.players[d.debtor].name, d.amount
                    ));
                }
            }
            View::ConfirmResolve => return self.plan_question(g, desk),
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
        // A computer seat sees no card: the table draws it for the seat and reports it.
        if let (View::Main, Some(Pending::Card { player, deck })) = (&self.view, s.top()) {
            if g.header.is_computer(*player) {
                return wrap(&format!(
                    "Draw {} for {} (computer): tap it, or choose it below",
                    rules.decks[*deck].a_card(),
                    s.players[*player].name
                ));
            }
        }
        let mut out = wrap(&menu::headline(rules, s, desk.cfg.auction_step));
        // A debtor is offered no building (`entries::spends_while_owing`): nothing left to
        // build with is said over their menu.
        if self.view == View::Manage && !entries::debt_waits(s) {
            // Building: what the bank has left (the lines after each house leave it out),
            // where it fits beside the chosen line.
            let t = &rules.theme;
            let left = wrap(&format!(
                "Left: {}, {}",
                crate::engine::words::counted_as(s.houses, &t.house, &t.houses),
                crate::engine::words::counted_as(s.hotels, &t.hotel, &t.hotels)
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
        // The main menu's line under the cursor and the moment it serves (whose turn, what
        // waits, who is asked: a tie on the first roll asks another seat in the same wait),
        // for another seat's command (below).
        let moment = |g: &Se| {
            let s = &g.state;
            (
                s.current,
                s.top().map(std::mem::discriminant),
                s.acting_player(),
            )
        };
        let line = (self.view == View::Main)
            .then(|| self.labels(g, desk).get(self.sel).cloned())
            .flatten();
        let was = moment(g);
        let lines = desk.run::<Self>(g, cmd);
        // Refused: the screen stays as it was (a deal priced above the buyer's cash keeps its
        // square, buyer and price, to be lowered), the reason on it.
        if lines.is_none() {
            return Flow::Stay;
        }
        if matches!(g.state.top(), Some(Pending::Auction(_))) {
            self.auction_since = desk.now;
        }
        // The manage and square menus serve a turn, a debt or a purchase; anything else that
        // is now waiting (an auction, a shortage) is asked on the main screen. A roll (ROLL,
        // pressed over them) is no line of theirs: what it asks is on the main screen.
        let serves = matches!(
            g.state.top(),
            None | Some(Pending::Debt(_)) | Some(Pending::Buy { .. })
        );
        let stays = matches!(self.view, View::Manage | View::Square { .. })
            && serves
            && !matches!(done, Command::Roll { .. })
            && self.entries(g, desk).len() > 1;
        if stays {
            // A row of builds is a press each: the payment shows above the menu and no pager
            // stands between one house and the next, unless the lines do not fit there (a
            // mortgage's payment and its notice): then pages first, back to the same menu.
            self.sel = self.next_alike(g, desk, &done);
        } else {
            self.go(View::Main);
            // Another seat's command (a computer seat's bid, a phone's) in the same moment
            // keeps the cursor on the line it was on, found by its words: played by hand, each
            // bid put it back on "Ann bids ...+", and "Ann passes" below was hard to reach.
            // A new moment (another's turn, another seat asked) starts on its first line.
            use crate::engine::authority::Actor;
            let away = matches!(desk.actor, Actor::Computer(_) | Actor::Phone(_));
            if away && moment(g) == was {
                if let Some(i) =
                    line.and_then(|l| self.labels(g, desk).iter().position(|x| *x == l))
                {
                    self.sel = i;
                }
            }
        }
        // Beside the manage menu the lines may take its rows down to the chosen line alone;
        // beside the main menu, three rows, fewer where its chosen line is read whole (a card
        // of the table's deck to tap: the roll's lines were neither paged nor shown).
        let room = crate::ui::text::room(&self.labels(g, desk), self.sel);
        let room = if stays { room } else { room.min(3) };
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
        // When each bankrupt player went out, worked out only once somebody has.
        let lasted = if s.players.iter().any(|p| p.bankrupt) {
            g.lasted()
        } else {
            Vec::new()
        };
        (title, menu::standings(&g.rules, s, &lasted))
    }

    /// Names, not ids: "Undo Mortgage Weapons Locker", as the menu said it.
    fn words(g: &Se, cmd: &Command) -> String {
        menu::label(&g.rules, &g.state, cmd)
    }

    fn progress(g: &Se) -> String {
        // Before the first turn (the roll for it): "turn 0" read as a turn played.
        match g.state.turns {
            0 => "the start".into(),
            n => format!("turn {n}"),
        }
    }

    fn undone(&mut self, _g: &Se, desk: &mut Desk) {
        // An auction brought back by undo gets a fresh silence, or it would close again at once.
        self.auction_since = desk.now;
        self.go(View::Main);
    }
}

/// Auto-resolve's plan in the table's words, each sale or mortgage and then the payment (the
/// rules' `autoresolve::plan`), or why there is none.
fn plan_lines(rules: &Ruleset, s: &State) -> Result<Vec<String>, String> {
    let steps = crate::engine::property::autoresolve::plan(rules, s).map_err(|e| e.to_string())?;
    let mut lines: Vec<String> = steps.iter().map(|c| menu::label(rules, s, c)).collect();
    lines.push("then pay the debt".into());
    Ok(lines)
}

impl PropertyScreens {
    /// Does the plan stand whole in the rows beside the question ("No", "Yes")?
    fn plan_fits(&self, g: &Se, desk: &Desk, lines: &[String]) -> bool {
        crate::ui::text::wrap_all(lines).len()
            <= crate::ui::text::room(&self.labels(g, desk), self.sel)
    }

    /// The question over auto-resolve's plan: the plan itself where it fits, else a line
    /// saying it was read on its pages (`plan_pages`).
    fn plan_question(&self, g: &Se, desk: &Desk) -> Vec<String> {
        match plan_lines(&g.rules, &g.state) {
            Ok(lines) if self.plan_fits(g, desk, &lines) => crate::ui::text::wrap_all(&lines),
            Ok(lines) => wrap(&format!(
                "Raise the money in the {} steps just read, then pay the debt?",
                lines.len() - 1
            )),
            Err(e) => wrap(&e),
        }
    }

    /// A plan longer than the question's rows, on pages to read whole before it is asked
    /// (played by hand: it stood cut after its third mortgage).
    pub(super) fn plan_pages(&self, g: &Se, desk: &Desk) -> Option<Pages> {
        let lines = plan_lines(&g.rules, &g.state).ok()?;
        (!self.plan_fits(g, desk, &lines)).then(|| Pages {
            title: Some("Auto-resolve's plan".into()),
            pages: crate::ui::text::pages(&lines, crate::ui::text::MESSAGE_ROWS, |_| false),
            last: "OK: next",
        })
    }
}
