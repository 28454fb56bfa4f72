//! Where the program's log goes (tracing): under systemd, standard error is the journal, so
//! each line carries its syslog priority (`<4>` for a warning) and no timestamp (journald
//! stamps it); elsewhere, plain lines on standard error; while the terminal simulator owns the
//! screen, a file in the state folder, so the log never draws over the game. `RUST_LOG` sets
//! the level ("debug", "boardside=trace"); the default is info.
//!
//! Why not journald's native socket: the service runs with `RestrictAddressFamilies=none`
//! (Boardside needs no sockets), and systemd already connects standard error to the journal.

use std::io::Write;
use std::sync::Mutex;

use tracing::{Event, Level, Subscriber};
use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields, MakeWriter};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt;

/// Where lines go: standard error until `to_file` is called.
static FILE: Mutex<Option<std::fs::File>> = Mutex::new(None);

/// Start logging (once, at start-up; a second call changes nothing).
pub fn init() {
    let filter = std::env::var("RUST_LOG")
        .ok()
        .and_then(|v| v.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(Level::INFO));
    let builder = tracing_subscriber::fmt()
        .with_writer(Out)
        .with_ansi(false)
        .with_target(false);
    // A second start (tests, a library user with its own subscriber) keeps the first.
    let _ = if under_journald() {
        builder
            .event_format(Priority)
            .with_max_level(Level::TRACE)
            .finish()
            .with(filter)
            .try_init()
    } else {
        builder
            .with_max_level(Level::TRACE)
            .finish()
            .with(filter)
            .try_init()
    };
}

/// From now on, log to this file (appended) instead of standard error.
pub fn to_file(path: &std::path::Path) {
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Ok(f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        if let Ok(mut slot) = FILE.lock() {
            *slot = Some(f);
        }
    }
}

/// systemd sets JOURNAL_STREAM to the device and inode of the journal's stream when it
/// connects standard error to it (systemd.exec(5)).
fn under_journald() -> bool {
    use std::os::unix::fs::MetadataExt;
    let Some(v) = std::env::var_os("JOURNAL_STREAM") else {
        return false;
    };
    let v = v.to_string_lossy();
    let Some((dev, ino)) = v.split_once(':') else {
        return false;
    };
    match std::fs::metadata("/proc/self/fd/2") {
        Ok(m) => m.dev().to_string() == dev && m.ino().to_string() == ino,
        Err(_) => false,
    }
}

/// A line per event with its syslog priority, as journald reads standard error.
struct Priority;

impl<S, N> FormatEvent<S, N> for Priority
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> std::fmt::Result {
        write!(writer, "<{}>", priority(*event.metadata().level()))?;
        ctx.field_format().format_fields(writer.by_ref(), event)?;
        writeln!(writer)
    }
}

/// syslog priorities (RFC 5424): error 3, warning 4, informational 6, debug 7.
pub fn priority(level: Level) -> u8 {
    match level {
        Level::ERROR => 3,
        Level::WARN => 4,
        Level::INFO => 6,
        _ => 7,
    }
}

/// Standard error, or the log file once the simulator has the screen.
struct Out;

impl<'a> MakeWriter<'a> for Out {
    type Writer = Line;
    fn make_writer(&'a self) -> Line {
        Line(Vec::new())
    }
}

/// One event's text, written whole when dropped (lines from two threads never mix).
pub struct Line(Vec<u8>);

impl Write for Line {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        if let Ok(mut slot) = FILE.lock() {
            if let Some(f) = slot.as_mut() {
                let _ = f.write_all(&self.0);
                return;
            }
        }
        let _ = std::io::stderr().write_all(&self.0);
    }
}
