//! The web view: the game in play served to phones and a tablet on the table's
//! network, live, each viewer seeing only what the rules let them see. The device stays the
//! game: the server only reads views the device loop made and hands the device loop what a
//! paired phone chose, which the device carries out as its own private menu would.
//!
//! Threads: one accepts connections, one serves each (an open view holds its thread). They
//! share a `Hub` with the device loop, which calls `Web::tick` once a pass, after the frame is
//! on the screen, so the web never delays a press's frame.

pub mod http;
pub mod hub;
pub mod records;
pub mod server;
pub mod service;

use std::net::TcpListener;
use std::sync::Arc;

use crate::engine::game::Audience;
use crate::hw::Input;
use crate::ui::effects::Effects;
use crate::ui::Ui;
use hub::Hub;

/// The web view as the device loop holds it.
pub struct Web {
    pub hub: Arc<Hub>,
    /// The address it listens on (the port the system gave, when asked for port 0).
    pub addr: std::net::SocketAddr,
    /// What the views were made from last: a new view only when it changed.
    made_from: Option<Stamp>,
    /// Where the seats' secrets and the pairings under way are kept across a power cut, and
    /// the hub's pairing version last saved there.
    saved: Option<(std::path::PathBuf, u64)>,
    /// The codes waiting to pair that the device was last told of.
    told_waiting: Vec<String>,
}

/// Where the game stood when the views were made.
#[derive(Debug, Clone, PartialEq)]
struct Stamp {
    game: Option<(&'static str, u64)>,
    players: Vec<String>,
    odds: Vec<String>,
}

impl Web {
    /// Listen on `listen` (`ADDR:PORT`) and serve from a thread of its own.
    pub fn start(listen: &str) -> Result<Web, String> {
        let listener = TcpListener::bind(listen)
            .map_err(|e| format!("web view: cannot listen on {listen}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("web view: {listen}: {e}"))?;
        let hub = Hub::new(server::page());
        let serving = hub.clone();
        std::thread::Builder::new()
            .name("web-accept".into())
            .spawn(move || server::serve(listener, serving))
            .map_err(|e| format!("web view: no thread: {e}"))?;
        tracing::info!("web view on http://{addr}/");
        Ok(Web {
            hub,
            addr,
            made_from: None,
            saved: None,
            told_waiting: Vec::new(),
        })
    }

    /// `start`, keeping the pairings in `file` (the state folder's `pairings.json`): what it
    /// holds is read back first, so a power cut loses no paired phone and no phone asking. A
    /// file that cannot be read is named in the log and kept beside as `.damaged`; the
    /// pairings start afresh.
    pub fn start_keeping(listen: &str, file: std::path::PathBuf) -> Result<Web, String> {
        let mut web = Web::start(listen)?;
        match std::fs::read_to_string(&file) {
            Ok(text) => match serde_json::from_str::<hub::Pairings>(&text) {
                Ok(p) => web.hub.restore(p),
                Err(e) => {
                    let aside = file.with_extension("json.damaged");
                    tracing::warn!(
                        "{}:{}: not read ({e}); kept as {}, pairing starts afresh",
                        file.display(),
                        e.line(),
                        aside.display()
                    );
                    let _ = std::fs::rename(&file, &aside);
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => tracing::warn!("{}: {e}", file.display()),
        }
        web.saved = Some((file, web.hub.pairing_version()));
        Ok(web)
    }

    /// The pairings saved again when they changed (written whole, then renamed over the old).
    fn save_pairings(&mut self) {
        let Some((file, version)) = self.saved.as_mut() else {
            return;
        };
        let now = self.hub.pairing_version();
        if now == *version {
            return;
        }
        let text = serde_json::to_string(&self.hub.pairings()).unwrap_or_default();
        let tmp = file.with_extension("json.new");
        let written = std::fs::write(&tmp, text).and_then(|_| std::fs::rename(&tmp, &*file));
        match written {
            Ok(()) => *version = now,
            Err(e) => tracing::warn!("{}: pairings not saved: {e}", file.display()),
        }
    }

    /// One pass of the device loop: the table's answers to phones (this pass's effects) go to
    /// them, phones asking to pair and phones' choices go to the shell as inputs (its
    /// answers back to each phone), and the views are made again if the game changed. What
    /// those inputs did is the device loop's to carry out, as for a button.
    pub fn tick(&mut self, ui: &mut Ui, now: u64, told: &Effects) -> Effects {
        // A seat renamed as its phone paired: the phones keep their seats under the new name.
        for (seat, name) in &told.renamed {
            self.hub.rename(*seat, name);
        }
        for (code, seat) in &told.claimed {
            self.hub.claim(code, *seat);
        }
        for code in &told.refused {
            self.hub.refuse(code);
        }
        let mut done = Effects::default();
        // New asks, asks still waiting (the screen they waited behind may have been left), or
        // a phone that stopped waiting (its ask lapsed: it leaves the screen).
        let (new, waiting) = (self.hub.new_asks(), self.hub.waiting());
        if !new.is_empty() || !waiting.is_empty() || waiting != self.told_waiting {
            self.told_waiting = waiting.clone();
            done.add(ui.handle(Input::PhoneAsks { new, waiting }, now));
        }
        for choice in self.hub.take_choices() {
            let line = choice.line;
            let mut did = ui.handle(
                Input::PhoneChoice {
                    seat: choice.seat,
                    line,
                },
                now,
            );
            let answer = did
                .answered
                .take()
                .unwrap_or_else(|| Err("the device did not answer".into()));
            self.hub.answer(choice.id, answer);
            done.add(did);
        }
        self.publish(ui);
        self.save_pairings();
        done
    }

    /// The views of the game as it stands, when it changed since the last ones.
    fn publish(&mut self, ui: &Ui) {
        let stamp = Stamp {
            game: ui.game().map(|g| (g.game(), g.position(ui.desk()))),
            players: ui.game().map(|g| g.players()).unwrap_or_default(),
            odds: ui.odds_lines(),
        };
        if self.made_from.as_ref() == Some(&stamp) {
            return;
        }
        let (table, seats) = views(ui);
        // The game's identity: a new game forgets the phones paired in the last one.
        let id = ui.game().map_or(String::new(), |g| g.identity());
        // The report the final standings show, as a picture for the phones.
        let report = ui
            .game()
            .filter(|g| g.over())
            .and(ui.desk().final_report.as_ref())
            .and_then(|r| match crate::report::svg(r) {
                Ok(svg) => Some(svg),
                Err(e) => {
                    tracing::warn!("web view: the report: {e}");
                    None
                }
            });
        self.hub.set_report(report);
        self.hub.publish(&id, &stamp.players, table, seats);
        self.made_from = Some(stamp);
    }
}

/// The table's view and each seat's, as JSON text.
pub fn views(ui: &Ui) -> (String, Vec<String>) {
    let Some(g) = ui.game() else {
        let idle = serde_json::json!({
            "game": null,
            "waiting": "No game in play: set one up on the device.",
            "players": ui.setup().players,
        });
        return (idle.to_string(), vec![]);
    };
    // The table's view once; each seat's is it with the state that seat may see, and its
    // private choices.
    let mut table = g.view(ui.desk());
    table["odds"] = serde_json::json!(ui.odds_lines());
    let seats = (0..g.players().len())
        .map(|p| {
            let mut v = table.clone();
            v["state"] = g.state_for(Audience::Player(p));
            v["you"] = serde_json::json!(p);
            v["choices"] = serde_json::json!(g
                .private_choices(ui.desk(), p)
                .into_iter()
                .map(|(label, line)| serde_json::json!({ "label": label, "line": line }))
                .collect::<Vec<_>>());
            v["amounts"] = serde_json::json!(g.amounts(p));
            v.to_string()
        })
        .collect();
    (table.to_string(), seats)
}
