//! The web view's routes: the page, a viewer's view once or as a stream of server-sent
//! events, the report once the game is over, pairing a phone with a seat, and a paired
//! phone's private choice. Every request is rate-limited by address and read whole within a
//! deadline, one address holds only so many connections, and a seat's view and choices need
//! that seat's secret.

use std::collections::HashMap;
use std::io::Write;
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::http::{self, Request};
use super::hub::{Asked, Hub};

/// The page: HTML, CSS and script in one file, built into the program (nothing to install),
/// with each family's drawing put in at `/* FAMILY VIEWS */`.
const PAGE: &str = include_str!("page.html");

/// The page with every family's drawing (`Kind::web_view`) in it.
pub fn page() -> String {
    let views: Vec<&str> = crate::games::all()
        .iter()
        .map(|k| k.facts().web_view)
        .collect();
    PAGE.replace("/* FAMILY VIEWS */", &views.join("\n"))
}

/// A stream sends a comment this often when nothing changes, so a phone can tell the
/// connection is alive (and a dead one is noticed by the failed write).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Serve on `listener` until the program ends: a thread a connection (streams hold theirs;
/// `Hub` caps how many), no more than `MOST_CONNECTIONS` in all nor `MOST_FROM_ONE` from one
/// address, so one address can never fill the server.
pub fn serve(listener: TcpListener, hub: Arc<Hub>) {
    let open = Arc::new(Open::default());
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        let since = Instant::now();
        let Some(ip) = peer(&stream) else { continue };
        let place = match open.take(ip) {
            Ok(p) => p,
            Err(why) => {
                http::error(&mut stream, 503, why);
                continue;
            }
        };
        let hub = hub.clone();
        let spawned = std::thread::Builder::new()
            .name("web".into())
            .spawn(move || {
                connection(stream, &hub, ip, since);
                drop(place);
            });
        if let Err(e) = spawned {
            tracing::warn!("web: no thread for a connection: {e}");
        }
    }
}

/// Connections served at once (the open views, which the hub caps lower, and requests).
pub const MOST_CONNECTIONS: usize = 64;
/// Connections one address may hold open at once: a phone needs two or three (its view's
/// stream and a request or two), and a few devices may share an address (a guest network);
/// one address still holds under a fifth of `MOST_CONNECTIONS`.
pub const MOST_FROM_ONE: usize = 12;

/// The connections open now, in all and by address.
#[derive(Default)]
pub struct Open {
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// A connection's place, given back when it is dropped.
pub struct Place {
    open: Arc<Open>,
    ip: IpAddr,
}

impl Open {
    /// A place for a connection from `ip`, or why there is none.
    pub fn take(self: &Arc<Self>, ip: IpAddr) -> Result<Place, &'static str> {
        let mut m = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if m.values().sum::<usize>() >= MOST_CONNECTIONS {
            return Err("too busy: try again soon");
        }
        let mine = m.entry(ip).or_default();
        if *mine >= MOST_FROM_ONE {
            return Err("too many connections from this address: close some first");
        }
        *mine += 1;
        Ok(Place {
            open: self.clone(),
            ip,
        })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut m = self
            .open
            .by_address
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = m.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                m.remove(&self.ip);
            }
        }
    }
}

/// The address a connection comes from.
fn peer(stream: &TcpStream) -> Option<IpAddr> {
    match stream.peer_addr() {
        Ok(SocketAddr::V4(a)) => Some(IpAddr::V4(*a.ip())),
        Ok(SocketAddr::V6(a)) => Some(IpAddr::V6(*a.ip())),
        Err(_) => None,
    }
}

fn connection(mut stream: TcpStream, hub: &Hub, ip: IpAddr, since: Instant) {
    if !hub.allow(ip) {
        http::error(&mut stream, 429, "too many requests: wait a few seconds");
        return;
    }
    let req = match http::read_request(&stream, since) {
        Ok(r) => r,
        Err(r) => {
            http::error(&mut stream, r.status, r.why);
            return;
        }
    };
    route(&mut stream, hub, &req, ip);
}

/// One request from `ip` answered.
fn route(stream: &mut TcpStream, hub: &Hub, req: &Request, ip: IpAddr) {
    match (req.method.as_str(), req.path.as_str()) {
        ("GET", "/") => http::respond(
            stream,
            200,
            "text/html; charset=utf-8",
            hub.page().as_bytes(),
        ),
        ("GET", "/view") => match viewer(hub, req) {
            Ok(seat) => {
                let (_, view) = hub.view(seat);
                http::respond(stream, 200, "application/json", view.as_bytes());
            }
            Err((status, why)) => http::error(stream, status, &why),
        },
        ("GET", "/events") => match viewer(hub, req) {
            Ok(seat) => events(stream, hub, seat),
            Err((status, why)) => http::error(stream, status, &why),
        },
        ("GET", "/report.svg") => match hub.report() {
            Some(svg) => http::respond(stream, 200, "image/svg+xml", svg.as_bytes()),
            None => http::error(stream, 404, "the game is not over: no report yet"),
        },
        ("POST", "/pair") => match pair_name(&req.body)
            .and_then(|name| hub.ask(ip, name).map_err(|d| (d.status, d.why)))
        {
            Ok((ticket, code)) => http::json(
                stream,
                200,
                &serde_json::json!({ "ticket": ticket, "code": code }),
            ),
            Err((status, why)) => http::error(stream, status, &why),
        },
        ("GET", "/pair") => {
            let answer = match hub.asked(req.param("ticket").unwrap_or("")) {
                None => serde_json::json!({ "state": "lapsed" }),
                Some(Asked::Waiting { code }) => {
                    serde_json::json!({ "state": "waiting", "code": code })
                }
                Some(Asked::Refused) => serde_json::json!({ "state": "refused" }),
                Some(Asked::Paired { seat, name, key }) => serde_json::json!({
                    "state": "paired", "seat": seat, "name": name, "key": key
                }),
            };
            http::json(stream, 200, &answer);
        }
        ("POST", "/choose") => choose(stream, hub, req),
        ("GET", "/records" | "/records/report.svg" | "/records/file") => {
            let Some((dir, rulesets)) = hub.records() else {
                return http::error(stream, 404, "no save folder: the records are the device's");
            };
            let answer = match req.path.as_str() {
                "/records" => Ok((
                    "text/html; charset=utf-8",
                    super::records::page(&dir, &rulesets),
                )),
                "/records/report.svg" => {
                    super::records::report(&dir, &rulesets, req.param("game").unwrap_or(""))
                        .map(|svg| ("image/svg+xml", svg))
                }
                _ => super::records::export(&dir, &rulesets, req.param("name").unwrap_or("")),
            };
            match answer {
                Ok((kind, body)) => http::respond(stream, 200, kind, body.as_bytes()),
                Err(why) => http::error(stream, 404, &why),
            }
        }
        (_, "/" | "/view" | "/events" | "/pair" | "/choose") => {
            http::error(stream, 405, "not with that method")
        }
        _ => http::error(stream, 404, "no such page"),
    }
}

/// The name a phone typed as it asked to pair (`{"name": "..."}`), if any: an empty body or
/// an empty name is none.
fn pair_name(body: &[u8]) -> Result<Option<String>, (u16, String)> {
    #[derive(serde::Deserialize)]
    struct Asking {
        #[serde(default)]
        name: Option<String>,
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let asking: Asking = serde_json::from_slice(body)
        .map_err(|_| (400, "send {\"name\": \"...\"} or nothing".to_string()))?;
    Ok(asking
        .name
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty()))
}

/// The viewer a request names: none (the table's view), or a seat with its secret.
fn viewer(hub: &Hub, req: &Request) -> Result<Option<usize>, (u16, String)> {
    let Some(seat) = req.param("seat") else {
        return Ok(None);
    };
    let seat: usize = seat
        .parse()
        .map_err(|_| (400, "seat must be a number".to_string()))?;
    hub.check(seat, req.param("key").unwrap_or(""))
        .map(Some)
        .map_err(|d| (d.status, d.why))
}

/// The viewer's view now, then each newer one as it comes (server-sent events), until the
/// phone goes away.
fn events(stream: &mut TcpStream, hub: &Hub, seat: Option<usize>) {
    let Some(from) = stream.peer_addr().ok().map(|a| a.ip()) else {
        return;
    };
    if let Err(why) = hub.open_stream(from) {
        http::error(stream, 503, why);
        return;
    }
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
                X-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\n";
    let _ = stream.set_write_timeout(Some(Duration::from_secs(10)));
    let mut ok = stream.write_all(head.as_bytes()).is_ok();
    let mut seen = 0;
    while ok {
        let (version, view) = hub.view(seat);
        if version > seen {
            seen = version;
            ok = write!(stream, "data: {view}\n\n").is_ok() && stream.flush().is_ok();
        } else {
            ok = stream.write_all(b": alive\n\n").is_ok();
        }
        if ok {
            ok = wait_open(stream, hub, seen);
        }
    }
    hub.close_stream(from);
}

/// How often a waiting stream looks whether its phone has gone.
const LOOK: Duration = Duration::from_millis(250);

/// Wait for a view newer than `seen`, or `KEEP_ALIVE`; false as soon as the phone closed
/// its end (the stream's place is freed then, not at the next failed write).
fn wait_open(stream: &TcpStream, hub: &Hub, seen: u64) -> bool {
    let start = Instant::now();
    while start.elapsed() < KEEP_ALIVE {
        if hub.wait_newer(seen, LOOK) > seen {
            return true;
        }
        if closed(stream) {
            return false;
        }
    }
    true
}

/// Has the other end closed the connection? (A phone sends nothing after its request, so
/// anything to read is its end: zero bytes, or an error.)
fn closed(stream: &TcpStream) -> bool {
    if stream.set_nonblocking(true).is_err() {
        return true;
    }
    let mut byte = [0u8; 1];
    let gone = match stream.peek(&mut byte) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
    };
    gone || stream.set_nonblocking(false).is_err()
}

/// A paired phone's private choice: `{"seat": 1, "key": "...", "n": 7, "line": "..."}`.
fn choose(stream: &mut TcpStream, hub: &Hub, req: &Request) {
    #[derive(serde::Deserialize)]
    struct Body {
        seat: usize,
        key: String,
        n: u64,
        line: String,
    }
    let body: Body = match serde_json::from_slice(&req.body) {
        Ok(b) => b,
        Err(e) => {
            http::error(stream, 400, &format!("not a choice: {e}"));
            return;
        }
    };
    match hub.choose(body.seat, &body.key, body.n, &body.line) {
        // What the rules told this seat alone (a card only its player may read) goes back to it.
        Ok(told) => http::json(
            stream,
            200,
            &serde_json::json!({ "ok": true, "told": told }),
        ),
        Err(d) => http::error(stream, d.status, &d.why),
    }
}
