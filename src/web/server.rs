//! The web view's routes: the page, a viewer's view once or as a stream of server-sent
//! events, the report once the game is over, pairing a phone with a seat, and a paired
//! phone's private choice. Every request is
//! rate-limited by address; a seat's view and choices need that seat's secret.

use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::time::Duration;

use super::http::{self, Request};
use super::hub::{Asked, Hub};

/// The page: HTML, CSS and script in one file, built into the program (nothing to install),
/// with each family's drawing put in at `/* FAMILY VIEWS */`.
const PAGE: &str = include_str!("page.html");

/// The page with every family's drawing (`Kind::web_view`) in it.
pub fn page() -> String {
    let views: Vec<&str> = crate::games::all().iter().map(|k| k.web_view()).collect();
    PAGE.replace("/* FAMILY VIEWS */", &views.join("\n"))
}

/// A stream sends a comment this often when nothing changes, so a phone can tell the
/// connection is alive (and a dead one is noticed by the failed write).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Serve on `listener` until the program ends: a thread a connection (streams hold theirs;
/// `Hub` caps how many).
pub fn serve(listener: TcpListener, hub: Arc<Hub>) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        // However many addresses ask at once, no more threads than this.
        if open.load(Ordering::Relaxed) >= MOST_CONNECTIONS {
            http::error(&mut stream, 503, "too busy: try again soon");
            continue;
        }
        open.fetch_add(1, Ordering::Relaxed);
        let (hub, done) = (hub.clone(), open.clone());
        let spawned = std::thread::Builder::new()
            .name("web".into())
            .spawn(move || {
                connection(stream, &hub);
                done.fetch_sub(1, Ordering::Relaxed);
            });
        if let Err(e) = spawned {
            open.fetch_sub(1, Ordering::Relaxed);
            tracing::warn!("web: no thread for a connection: {e}");
        }
    }
}

/// Connections served at once (the open views, which the hub caps lower, and requests).
pub const MOST_CONNECTIONS: usize = 64;

fn connection(mut stream: TcpStream, hub: &Hub) {
    let ip = match stream.peer_addr() {
        Ok(SocketAddr::V4(a)) => std::net::IpAddr::V4(*a.ip()),
        Ok(SocketAddr::V6(a)) => std::net::IpAddr::V6(*a.ip()),
        Err(_) => return,
    };
    if !hub.allow(ip) {
        http::error(&mut stream, 429, "too many requests: wait a few seconds");
        return;
    }
    let req = match http::read_request(&stream) {
        Ok(r) => r,
        Err(r) => {
            http::error(&mut stream, r.status, r.why);
            return;
        }
    };
    route(&mut stream, hub, &req, ip);
}

/// One request from `ip` answered.
fn route(stream: &mut TcpStream, hub: &Hub, req: &Request, ip: std::net::IpAddr) {
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
        ("POST", "/pair") => match hub.ask(ip) {
            Ok((ticket, code)) => http::json(
                stream,
                200,
                &serde_json::json!({ "ticket": ticket, "code": code }),
            ),
            Err(d) => http::error(stream, d.status, &d.why),
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
        (_, "/" | "/view" | "/events" | "/pair" | "/choose") => {
            http::error(stream, 405, "not with that method")
        }
        _ => http::error(stream, 404, "no such page"),
    }
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
    if !hub.open_stream() {
        http::error(stream, 503, "too many open views: try again soon");
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
            hub.wait_newer(seen, KEEP_ALIVE);
        }
    }
    hub.close_stream();
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
