//! What the device loop and the web server share, behind one lock: the views (the table's,
//! and each seat's own), the seats' secrets, the phones asking to pair, and the phones'
//! private choices waiting for the device loop (the only place a command is carried out).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// At most this many phones may wait to be paired at once (more is someone pressing "pair"
/// in a loop).
pub const MOST_ASKS: usize = 4;
/// A pairing not claimed on the device within this long lapses.
pub const ASK_LASTS: Duration = Duration::from_secs(120);
pub use crate::config::RATE_LIMIT;
pub const RATE_WINDOW: Duration = Duration::from_secs(10);
/// Event streams open at once (eight phones and a tablet, with room to reconnect).
pub const MOST_STREAMS: usize = 24;
/// Event streams one address may hold unless the config says otherwise: a quarter of them (a
/// household's tablet and a phone or two behind one address), so two addresses never take the
/// table's places.
pub const STREAMS_FROM_ONE: usize = crate::config::VIEWS_PER_ADDRESS;
const _: () = assert!(STREAMS_FROM_ONE * 4 == MOST_STREAMS);
/// How long a phone's choice waits for the device loop to carry it out.
pub const CHOICE_WAITS: Duration = Duration::from_secs(5);

#[derive(Default)]
pub struct Hub {
    shared: Mutex<Shared>,
    changed: Condvar,
    /// The page, made once (`server::page`).
    page: String,
}

#[derive(Default)]
struct Shared {
    /// Bumped with every new view.
    version: u64,
    /// The table's view (what a spectator sees), as JSON.
    table: Arc<str>,
    /// Each seat's own view, as JSON.
    seats: Vec<Arc<str>>,
    /// The game's report as SVG, once it is over.
    report: Option<Arc<str>>,
    /// The save folder and the ruleset files the records page reads.
    records: Option<(std::path::PathBuf, Vec<std::path::PathBuf>)>,
    /// The game in play (its identity: a new game, even of the same names, forgets the
    /// paired phones) and its seats' names.
    game: String,
    names: Vec<String>,
    keys: Vec<Option<Key>>,
    asks: Vec<Ask>,
    inbox: VecDeque<Choice>,
    answers: HashMap<u64, Result<Vec<String>, String>>,
    /// Choices whose phone stopped waiting: their answers are dropped, not kept.
    abandoned: std::collections::HashSet<u64>,
    next_choice: u64,
    streams: usize,
    /// Open event streams by address: none may hold more than `views_per_address`.
    streams_from: HashMap<IpAddr, usize>,
    /// `STREAMS_FROM_ONE`, or the config's own (0 until set: the constant).
    views_per_address: usize,
    rates: HashMap<IpAddr, (Instant, u32)>,
    /// `RATE_LIMIT`, or the config's own (0 until set: the constant).
    rate_limit: u32,
    /// When the table last refused a phone from each address.
    refused: HashMap<IpAddr, Instant>,
    /// Bumped whenever the seats' secrets or the pairings change (what `pairings` saves).
    pairing_version: u64,
}

/// The seats' secrets and the pairings under way, as a power cut must not lose them: saved
/// by the device loop after each change (`Web::tick`) and read back when the device starts
/// again, so a phone asking to pair is asked about again and a paired phone keeps its seat.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Pairings {
    /// The game the pairings were made in (`Playing::view`'s `id`); none in pairings saved by
    /// an earlier release, which are then kept for no game.
    #[serde(default)]
    pub game: String,
    pub names: Vec<String>,
    /// Each seat's secret and the highest request number it used.
    pub keys: Vec<Option<(String, u64)>>,
    pub asks: Vec<SavedAsk>,
}

/// A pairing under way, as saved.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SavedAsk {
    pub from: IpAddr,
    pub ticket: String,
    pub code: String,
    /// When it was asked, in seconds since 1970 (a cut longer than an ask lasts lapses it).
    pub made: u64,
    /// Claimed for a seat (its phone may not have heard yet), refused, or waiting (None).
    pub seat: Option<usize>,
    pub refused: bool,
    /// The name typed on the phone (saved since it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// After the table refuses a phone, its address may not ask again for this long: the
/// device's screen is not a door to knock on (a guest refused once is not asked about again
/// this evening's next few turns).
pub const REFUSED_WAITS: Duration = Duration::from_secs(15 * 60);

/// A seat's secret and the highest request number it has used (a request numbered no
/// higher is a replay).
struct Key {
    secret: String,
    last: u64,
}

/// A phone asking to pair: the ticket it polls with, the code both screens show.
struct Ask {
    /// Where it asked from (a phone the table refused waits before it may ask again).
    from: IpAddr,
    ticket: String,
    code: String,
    made: Instant,
    state: Asked,
    /// Handed to the device loop already.
    shown: bool,
    /// The name typed on the phone, for its seat.
    name: Option<String>,
}

/// Where a pairing stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asked {
    Waiting {
        code: String,
    },
    Paired {
        seat: usize,
        name: String,
        key: String,
    },
    Refused,
}

/// A phone's private choice for the device loop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub id: u64,
    pub seat: usize,
    pub line: String,
}

/// Why a request was not served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Denied {
    pub status: u16,
    pub why: String,
}

fn denied(status: u16, why: impl Into<String>) -> Denied {
    Denied {
        status,
        why: why.into(),
    }
}

/// A secret nobody can guess: 16 bytes from the kernel's generator, as hex.
pub fn secret() -> String {
    use std::io::Read;
    let mut b = [0u8; 16];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut b));
    if read.is_err() {
        // No kernel generator (not Linux): the clock's nanoseconds, hashed by the standard
        // library's randomly keyed hasher, twice.
        use std::hash::{BuildHasher, Hasher};
        for half in b.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            half.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Equal, in time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

impl Hub {
    /// A hub serving `page`.
    pub fn new(page: String) -> Arc<Hub> {
        Arc::new(Hub {
            page,
            ..Hub::default()
        })
    }

    /// Requests one address may make in ten seconds (`[web] requests_per_10s`).
    pub fn set_rate_limit(&self, n: u32) {
        self.lock().rate_limit = n.max(1);
    }

    /// The live views one address may hold (`[web] views_per_address`), 1 to all of them.
    pub fn set_views_per_address(&self, n: usize) {
        self.lock().views_per_address = n.clamp(1, MOST_STREAMS);
    }

    pub fn page(&self) -> &str {
        &self.page
    }

    fn lock(&self) -> MutexGuard<'_, Shared> {
        // A thread that panicked while holding the lock leaves plain data behind: go on.
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    // --- the device loop's side ---

    /// New views: the table's and each seat's, for the game `game` and the seats named.
    /// Another game (whatever its names) forgets every paired phone; no game in play (the
    /// new-game screen, before a saved game is resumed) forgets none.
    pub fn publish(&self, game: &str, names: &[String], table: String, seats: Vec<String>) {
        let mut s = self.lock();
        if !names.is_empty() && (s.game != game || s.names != names) {
            if s.game != game {
                s.asks.retain(|a| !matches!(a.state, Asked::Paired { .. }));
            }
            s.game = game.to_string();
            s.names = names.to_vec();
            s.keys = names.iter().map(|_| None).collect();
            s.pairing_version += 1;
        }
        s.table = table.into();
        s.seats = seats.into_iter().map(Into::into).collect();
        s.version += 1;
        drop(s);
        self.changed.notify_all();
    }

    /// The game's report (None until the game is over).
    pub fn set_report(&self, svg: Option<String>) {
        self.lock().report = svg.map(Into::into);
    }

    /// The report, once the game is over.
    pub fn report(&self) -> Option<Arc<str>> {
        self.lock().report.clone()
    }

    /// The records page reads the games saved in `dir` (with these ruleset files).
    pub fn set_records(&self, dir: std::path::PathBuf, rulesets: Vec<std::path::PathBuf>) {
        self.lock().records = Some((dir, rulesets));
    }

    /// Where the records page reads from, when the device said.
    pub fn records(&self) -> Option<(std::path::PathBuf, Vec<std::path::PathBuf>)> {
        self.lock().records.clone()
    }

    /// The codes of phones asking to pair that the device has not been shown yet.
    pub fn new_asks(&self) -> Vec<(String, Option<String>)> {
        let mut s = self.lock();
        s.asks.retain(|a| a.made.elapsed() < ASK_LASTS);
        s.asks
            .iter_mut()
            .filter(|a| !a.shown && matches!(a.state, Asked::Waiting { .. }))
            .map(|a| {
                a.shown = true;
                (a.code.clone(), a.name.clone())
            })
            .collect()
    }

    /// The codes of phones still waiting to pair (not lapsed, claimed or refused).
    pub fn waiting(&self) -> Vec<String> {
        let mut s = self.lock();
        s.asks.retain(|a| a.made.elapsed() < ASK_LASTS);
        s.asks
            .iter()
            .filter(|a| matches!(a.state, Asked::Waiting { .. }))
            .map(|a| a.code.clone())
            .collect()
    }

    /// The table tapped `seat`'s token for the phone showing `code`: that phone gets the
    /// seat's secret (made now, or the one its other devices already have).
    /// A seat's player renamed at the table (a name typed at pairing): the same game, its
    /// phones keep their seats.
    pub fn rename(&self, seat: usize, name: &str) {
        let mut s = self.lock();
        if let Some(n) = s.names.get_mut(seat) {
            *n = name.to_string();
            s.pairing_version += 1;
        }
    }

    pub fn claim(&self, code: &str, seat: usize) {
        let mut s = self.lock();
        let Some(name) = s.names.get(seat).cloned() else {
            return;
        };
        let key = match &s.keys[seat] {
            Some(k) => k.secret.clone(),
            None => {
                let k = secret();
                s.keys[seat] = Some(Key {
                    secret: k.clone(),
                    last: 0,
                });
                k
            }
        };
        for a in s.asks.iter_mut().filter(|a| a.code == code) {
            if matches!(a.state, Asked::Waiting { .. }) {
                a.state = Asked::Paired {
                    seat,
                    name: name.clone(),
                    key: key.clone(),
                };
            }
        }
        s.pairing_version += 1;
    }

    /// How many times the secrets or the pairings changed: `pairings` is saved again when
    /// this moves.
    pub fn pairing_version(&self) -> u64 {
        self.lock().pairing_version
    }

    /// The secrets and the pairings still under way, to save.
    pub fn pairings(&self) -> Pairings {
        let s = self.lock();
        let now = unix_now();
        Pairings {
            game: s.game.clone(),
            names: s.names.clone(),
            keys: s
                .keys
                .iter()
                .map(|k| k.as_ref().map(|k| (k.secret.clone(), k.last)))
                .collect(),
            asks: s
                .asks
                .iter()
                .filter(|a| a.made.elapsed() < ASK_LASTS)
                .map(|a| SavedAsk {
                    from: a.from,
                    ticket: a.ticket.clone(),
                    code: a.code.clone(),
                    made: now.saturating_sub(a.made.elapsed().as_secs()),
                    seat: match &a.state {
                        Asked::Paired { seat, .. } => Some(*seat),
                        _ => None,
                    },
                    refused: a.state == Asked::Refused,
                    name: a.name.clone(),
                })
                .collect(),
        }
    }

    /// Secrets and pairings saved before a power cut: asks that have not lapsed meanwhile
    /// come back (to be shown on the device again), paired seats keep their secrets.
    pub fn restore(&self, p: Pairings) {
        let mut s = self.lock();
        let now = unix_now();
        s.keys = p
            .keys
            .iter()
            .map(|k| {
                k.as_ref().map(|(secret, last)| Key {
                    secret: secret.clone(),
                    last: *last,
                })
            })
            .collect();
        s.keys.resize_with(p.names.len(), || None);
        s.names = p.names;
        s.game = p.game;
        s.asks.clear();
        for a in p.asks {
            let age = Duration::from_secs(now.saturating_sub(a.made));
            let Some(made) = Instant::now().checked_sub(age).filter(|_| age < ASK_LASTS) else {
                continue;
            };
            let state = match (a.seat, a.refused) {
                (_, true) => Asked::Refused,
                (Some(seat), _) => match (s.names.get(seat), s.keys.get(seat)) {
                    (Some(name), Some(Some(k))) => Asked::Paired {
                        seat,
                        name: name.clone(),
                        key: k.secret.clone(),
                    },
                    _ => continue,
                },
                (None, _) => Asked::Waiting {
                    code: a.code.clone(),
                },
            };
            s.asks.push(Ask {
                from: a.from,
                ticket: a.ticket,
                code: a.code,
                made,
                state,
                shown: false,
                name: a.name,
            });
        }
        s.pairing_version += 1;
    }

    /// The table refused the phone showing `code`.
    pub fn refuse(&self, code: &str) {
        let mut s = self.lock();
        let mut from = vec![];
        for a in s.asks.iter_mut().filter(|a| a.code == code) {
            a.state = Asked::Refused;
            from.push(a.from);
        }
        s.pairing_version += 1;
        let now = Instant::now();
        s.refused
            .retain(|_, t| now.duration_since(*t) < REFUSED_WAITS);
        for ip in from {
            s.refused.insert(ip, now);
        }
    }

    /// The phones' choices waiting, oldest first.
    pub fn take_choices(&self) -> Vec<Choice> {
        self.lock().inbox.drain(..).collect()
    }

    /// How the device loop answered choice `id`.
    pub fn answer(&self, id: u64, result: Result<Vec<String>, String>) {
        let mut s = self.lock();
        if !s.abandoned.remove(&id) {
            s.answers.insert(id, result);
        }
        drop(s);
        self.changed.notify_all();
    }

    // --- the server's side ---

    /// May this address make another request now?
    pub fn allow(&self, ip: IpAddr) -> bool {
        let mut s = self.lock();
        let limit = if s.rate_limit == 0 {
            RATE_LIMIT
        } else {
            s.rate_limit
        };
        let now = Instant::now();
        if s.rates.len() > 1024 {
            s.rates
                .retain(|_, (t, _)| now.duration_since(*t) < RATE_WINDOW);
        }
        let (start, count) = s.rates.entry(ip).or_insert((now, 0));
        if now.duration_since(*start) >= RATE_WINDOW {
            (*start, *count) = (now, 0);
        }
        *count += 1;
        *count <= limit
    }

    /// Is this the seat's secret? Then the seat.
    pub fn check(&self, seat: usize, key: &str) -> Result<usize, Denied> {
        let s = self.lock();
        match s.keys.get(seat) {
            Some(Some(k)) if same(&k.secret, key) => Ok(seat),
            _ => Err(denied(403, "this phone is not paired with that seat")),
        }
    }

    /// The view for a viewer (None: the table's), and its version.
    pub fn view(&self, seat: Option<usize>) -> (u64, Arc<str>) {
        let s = self.lock();
        let v = match seat {
            Some(p) => s.seats.get(p).cloned().unwrap_or_else(|| s.table.clone()),
            None => s.table.clone(),
        };
        (s.version, v)
    }

    /// Wait until the views are newer than `seen`, or `timeout` passes; the version now.
    pub fn wait_newer(&self, seen: u64, timeout: Duration) -> u64 {
        let s = self.lock();
        let (s, _) = self
            .changed
            .wait_timeout_while(s, timeout, |s| s.version <= seen)
            .unwrap_or_else(|e| e.into_inner());
        s.version
    }

    /// One more event stream from `from`, if there is room in all and in that address's
    /// share; why not otherwise.
    pub fn open_stream(&self, from: IpAddr) -> Result<(), &'static str> {
        let mut s = self.lock();
        if s.streams >= MOST_STREAMS {
            return Err("too many open views: try again soon");
        }
        let most = match s.views_per_address {
            0 => STREAMS_FROM_ONE,
            n => n,
        };
        let mine = s.streams_from.entry(from).or_default();
        if *mine >= most {
            return Err("too many open views from this address: close one first");
        }
        *mine += 1;
        s.streams += 1;
        Ok(())
    }

    pub fn close_stream(&self, from: IpAddr) {
        let mut s = self.lock();
        s.streams = s.streams.saturating_sub(1);
        if let Some(n) = s.streams_from.get_mut(&from) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                s.streams_from.remove(&from);
            }
        }
    }

    /// A phone at `from` asks to pair: its ticket and the code to show.
    pub fn ask(&self, from: IpAddr, name: Option<String>) -> Result<(String, String), Denied> {
        if let Some(n) = &name {
            // One word the device can show and say: the game's own rules for names come later.
            let fits = (1..=16).contains(&n.chars().count())
                && n.chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
            if !fits {
                return Err(denied(
                    400,
                    "a name is one word of 1 to 16 letters or digits",
                ));
            }
        }
        let mut s = self.lock();
        s.asks.retain(|a| a.made.elapsed() < ASK_LASTS);
        if s.refused
            .get(&from)
            .is_some_and(|t| t.elapsed() < REFUSED_WAITS)
        {
            return Err(denied(429, "the table refused this phone: ask the table, then try again in a quarter of an hour"));
        }
        let waiting = |a: &&Ask| matches!(a.state, Asked::Waiting { .. });
        // One waiting ask an address: asking again (a page reloaded, its code lost) is told the
        // same code and ticket, never a second question for the table.
        if let Some(a) = s
            .asks
            .iter_mut()
            .find(|a| a.from == from && matches!(a.state, Asked::Waiting { .. }))
        {
            if name.is_some() {
                a.name = name;
            }
            return Ok((a.ticket.clone(), a.code.clone()));
        }
        if s.asks.iter().filter(waiting).count() >= MOST_ASKS {
            return Err(denied(429, "too many phones are waiting to pair"));
        }
        let ticket = secret();
        // Four digits from the ticket's own randomness, unlike every code still waiting.
        let mut n = u32::from_str_radix(&ticket[..8], 16).unwrap_or(0);
        let code = loop {
            let c = format!("{:04}", n % 10_000);
            if !s.asks.iter().any(|a| a.code == c) {
                break c;
            }
            n = n.wrapping_mul(2_654_435_761).wrapping_add(1);
        };
        s.asks.push(Ask {
            from,
            ticket: ticket.clone(),
            code: code.clone(),
            made: Instant::now(),
            state: Asked::Waiting { code: code.clone() },
            shown: false,
            name,
        });
        s.pairing_version += 1;
        Ok((ticket, code))
    }

    /// Where the pairing with this ticket stands (None: unknown or lapsed).
    pub fn asked(&self, ticket: &str) -> Option<Asked> {
        let s = self.lock();
        s.asks
            .iter()
            .find(|a| same(&a.ticket, ticket) && a.made.elapsed() < ASK_LASTS)
            .map(|a| a.state.clone())
    }

    /// A paired phone's private choice, numbered `n` (higher than any number the seat used
    /// before: a replayed request is refused), carried out by the device loop; its answer.
    /// Carried out: the lines the rules told that seat alone.
    pub fn choose(
        &self,
        seat: usize,
        key: &str,
        n: u64,
        line: &str,
    ) -> Result<Vec<String>, Denied> {
        let mut s = self.lock();
        match s.keys.get_mut(seat) {
            Some(Some(k)) if same(&k.secret, key) => {
                if n <= k.last {
                    return Err(denied(409, "this request was sent before (a replay)"));
                }
                k.last = n;
                s.pairing_version += 1;
            }
            _ => return Err(denied(403, "this phone is not paired with that seat")),
        }
        let id = s.next_choice;
        s.next_choice += 1;
        s.inbox.push_back(Choice {
            id,
            seat,
            line: line.to_string(),
        });
        let (mut s, _) = self
            .changed
            .wait_timeout_while(s, CHOICE_WAITS, |s| !s.answers.contains_key(&id))
            .unwrap_or_else(|e| e.into_inner());
        match s.answers.remove(&id) {
            Some(Ok(told)) => Ok(told),
            Some(Err(why)) => Err(denied(409, why)),
            None => {
                // Not taken in time: taken back, so it is never carried out late; taken but not
                // answered: its answer, when it comes, has nobody to go to.
                let waiting = s.inbox.len();
                s.inbox.retain(|c| c.id != id);
                if s.inbox.len() == waiting {
                    s.abandoned.insert(id);
                }
                Err(denied(503, "the device did not answer in time"))
            }
        }
    }
}
