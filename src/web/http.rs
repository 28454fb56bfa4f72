//! Just enough HTTP/1.1 for the web view, read with limits: a request line, headers and a
//! small body, each capped, and a slow client cut off, so a phone (or anything else on the
//! network) can neither hold the device's memory nor a thread for long.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The most a request line and its headers may take.
pub const MAX_HEAD: usize = 8 * 1024;
/// The most a request body may take (a phone's choice is a line of JSON).
pub const MAX_BODY: usize = 2 * 1024;
/// How long a client may take to send its whole request, from the connection's start: a
/// sender of one byte at a time is cut off then, not each read's own timeout later.
pub const READ_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub method: String,
    /// The path without its query.
    pub path: String,
    /// The query's pairs, in order (`seat=1&key=ab`).
    pub query: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    /// The value of a query parameter.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why a request could not be read: the status to answer with, and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub why: &'static str,
}

fn refuse(status: u16, why: &'static str) -> Refusal {
    Refusal { status, why }
}

/// Read one request from `stream` within the limits above, the whole of it by `READ_TIMEOUT`
/// after `since` (the connection's start).
pub fn read_request(stream: &TcpStream, since: Instant) -> Result<Request, Refusal> {
    let timed = Timed {
        stream,
        until: since + READ_TIMEOUT,
    };
    let mut reader = BufReader::new(timed.take((MAX_HEAD + MAX_BODY) as u64));
    read_from(&mut reader)
}

/// A stream read against one deadline: each read may wait only for what is left of it.
struct Timed<'a> {
    stream: &'a TcpStream,
    until: Instant,
}

impl Read for Timed<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        let mut s = self.stream;
        s.read(buf)
    }
}

/// `read_request` from any reader (the tests feed it bytes).
pub fn read_from(reader: &mut impl BufRead) -> Result<Request, Refusal> {
    let mut head = 0usize;
    let mut line = String::new();
    let mut next_line = |line: &mut String| -> Result<(), Refusal> {
        line.clear();
        let mut bytes = Vec::new();
        let n = reader
            .by_ref()
            .take((MAX_HEAD - head + 1) as u64)
            .read_until(b'\n', &mut bytes)
            .map_err(|_| refuse(408, "the request came too slowly"))?;
        head += n;
        if head > MAX_HEAD {
            return Err(refuse(431, "the request's head is too long"));
        }
        if n == 0 || !bytes.ends_with(b"\n") {
            return Err(refuse(400, "the request ended early"));
        }
        *line = String::from_utf8(bytes).map_err(|_| refuse(400, "the request is not text"))?;
        Ok(())
    };
    next_line(&mut line)?;
    let mut parts = line.trim_end().split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(refuse(400, "not an HTTP request line"));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(refuse(505, "only HTTP/1.x"));
    }
    let (method, target) = (method.to_string(), target.to_string());
    let mut length = 0usize;
    loop {
        next_line(&mut line)?;
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let Some((name, value)) = header.split_once(':') else {
            return Err(refuse(400, "a header without a colon"));
        };
        if name.eq_ignore_ascii_case("content-length") {
            length = value
                .trim()
                .parse()
                .map_err(|_| refuse(400, "a Content-Length that is not a number"))?;
        }
        if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(refuse(411, "send the body with a Content-Length"));
        }
    }
    if length > MAX_BODY {
        return Err(refuse(413, "the body is too long"));
    }
    let mut body = vec![0; length];
    reader
        .read_exact(&mut body)
        .map_err(|_| refuse(400, "the body ended early"))?;
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p.to_string(), parse_query(q)),
        None => (target, vec![]),
    };
    Ok(Request {
        method,
        path,
        query,
        body,
    })
}

/// `a=1&b=two` as pairs, each part percent-decoded (`+` is a space).
fn parse_query(q: &str) -> Vec<(String, String)> {
    q.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect()
}

fn decode(s: &str) -> String {
    let hex = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match (
            b[i],
            b.get(i + 1).and_then(|&c| hex(c)),
            b.get(i + 2).and_then(|&c| hex(c)),
        ) {
            (b'+', _, _) => out.push(b' '),
            (b'%', Some(hi), Some(lo)) => {
                out.push(hi << 4 | lo);
                i += 2;
            }
            (c, _, _) => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Write a whole response and close: the status, a type, the body, and headers that keep a
/// browser from caching a view or framing the page elsewhere.
pub fn respond(stream: &mut impl Write, status: u16, kind: &str, body: &[u8]) {
    let head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
         X-Frame-Options: DENY\r\nConnection: close\r\n\r\n",
        reason(status),
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
    let _ = stream.flush();
}

/// A JSON answer.
pub fn json(stream: &mut impl Write, status: u16, value: &serde_json::Value) {
    respond(
        stream,
        status,
        "application/json",
        value.to_string().as_bytes(),
    );
}

/// A refusal as JSON: `{"error": why}`.
pub fn error(stream: &mut impl Write, status: u16, why: &str) {
    json(stream, status, &serde_json::json!({ "error": why }));
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Payload Too Large",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Error",
    }
}
