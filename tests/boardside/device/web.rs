//! The web view (issue 33): pairing a phone by a token tap, each viewer's view (a spectator
//! and every other seat never see a hidden thing, in a response or a pushed event), a paired
//! phone's private choices carried out by the device as its private menu would, and the
//! server's refusals (forged, replayed, too large, too many).

use super::*;
use boardside::engine::game::{Game, Play};
use boardside::engine::grid::Grid;
use boardside::engine::illuminati::Illuminati;
use boardside::session::Session as GameSession;
use boardside::web::{http, hub::Hub, Web};
use rand::SeedableRng;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};

/// One request to the web view; its status and body.
fn ask(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out[9..12].parse().unwrap();
    let body = out.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    (status, body.to_string())
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// This machine, as the hub sees a phone on it.
fn here() -> std::net::IpAddr {
    std::net::Ipv4Addr::LOCALHOST.into()
}

/// The first view an event stream pushes.
fn first_event(addr: SocketAddr, path: &str) -> Value {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut r = BufReader::new(s);
    let mut line = String::new();
    loop {
        line.clear();
        assert!(r.read_line(&mut line).unwrap() > 0, "the stream ended");
        if let Some(data) = line.strip_prefix("data: ") {
            return json(data);
        }
    }
}

/// What only a seat may see, in a player's part of a view: specials, the goal (by id and by
/// name), the order.
const HIDDEN: [&str; 5] = ["hand", "hand_names", "goal", "goal_name", "order"];

/// No viewer but `seat` sees a hidden field of `seat`'s, a seat sees its own, and only a
/// seat's own view lists private choices (the grid and Illuminati, which have secrets).
fn private_to_its_seat(view: &Value, viewer: Option<usize>) {
    let players = view["state"]["players"].as_array().expect("players");
    for (p, pl) in players.iter().enumerate() {
        for f in HIDDEN {
            if Some(p) != viewer {
                assert!(pl.get(f).is_none(), "{f} of seat {p} shown to {viewer:?}");
            }
        }
    }
    assert_eq!(view.get("choices").is_some(), viewer.is_some());
    // And a seat does see its own (its hand, its goal, its order: present, if empty).
    if let Some(v) = viewer {
        assert!(
            HIDDEN.iter().any(|f| players[v].get(f).is_some()),
            "seat {v} is not shown its own hidden things: {}",
            players[v]
        );
    }
}

fn illuminati_setup_ui() -> Ui {
    let mut s = illuminati_session();
    for l in [
        "illuminati Ann bavarian",
        "illuminati Bob ufos",
        "illuminati Cy gnomes",
    ] {
        let out = s.run_line(l);
        assert!(!out.iter().any(|x| x.starts_with("error")), "{l}: {out:?}");
    }
    let tags = table_tags(&["Ann", "Bob", "Cy"], &[], 0xD0);
    ui_with(s, tags, TableConfig::default(), Setup::default())
}

/// The device loop's passes until `done` holds (a phone's request waits for one).
fn passes(web: &mut Web, ui: &mut Ui, done: impl Fn() -> bool) {
    for _ in 0..500 {
        web.tick(ui, 1, &boardside::ui::effects::Effects::default());
        if done() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the phone's request never arrived");
}

/// A phone's choice sent from its own thread while the device loop runs; the answer.
/// Ann's phone paired as the device asks it (her seat chosen, her token, OK): its secret.
fn pair_ann(web: &mut Web, ui: &mut Ui) -> String {
    let asked = json(&ask(web.addr, "POST", "/pair", "").1);
    web.tick(ui, 1, &boardside::ui::effects::Effects::default());
    choose(ui, "It is Ann's phone", 1);
    ui.handle(ann(), 1);
    let done = choose(ui, "OK: pair with Ann", 1);
    web.tick(ui, 1, &done);
    let ticket = asked["ticket"].as_str().unwrap();
    let paired = json(&ask(web.addr, "GET", &format!("/pair?ticket={ticket}"), "").1);
    paired["key"].as_str().unwrap().to_string()
}

fn choose_from_phone(web: &mut Web, ui: &mut Ui, body: String) -> (u16, String) {
    let addr = web.addr;
    let phone = std::thread::spawn(move || ask(addr, "POST", "/choose", &body));
    passes(web, ui, || phone.is_finished());
    phone.join().unwrap()
}

#[test]
fn a_phone_pairs_by_a_token_tap_sees_its_own_secrets_and_chooses_them_privately() {
    let mut ui = illuminati_setup_ui();
    let mut web = Web::start("127.0.0.1:0").unwrap();
    let addr = web.addr;
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    // The page is one file, served by the program.
    let (status, page) = ask(addr, "GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("<title>Boardside</title>") && page.contains("EventSource"));
    // The table's view: the game, the players, no one's secrets, no choices.
    let (status, table) = ask(addr, "GET", "/view", "");
    assert_eq!(status, 200);
    let table = json(&table);
    assert_eq!(table["game"], "illuminati");
    private_to_its_seat(&table, None);

    // Bob's phone asks; the device shows the phone's code and asks whose it is; the table
    // chooses Bob, Bob taps his token, then OK gives the phone his seat.
    let (status, asked) = ask(addr, "POST", "/pair", "");
    assert_eq!(status, 200);
    let asked = json(&asked);
    let (ticket, code) = (
        asked["ticket"].as_str().unwrap(),
        asked["code"].as_str().unwrap(),
    );
    assert_eq!(code.len(), 4);
    let (_, waiting) = ask(addr, "GET", &format!("/pair?ticket={ticket}"), "");
    assert_eq!(json(&waiting)["state"], "waiting");
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    assert!(matches!(
        ui.view(),
        View::Pair(p) if p.code == code && p.seat.is_none() && !p.tapped
    ));
    // A token tap before the seat is chosen pairs nothing.
    ui.handle(bob(), 1);
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    assert!(matches!(ui.view(), View::Pair(p) if p.seat.is_none()));
    choose(&mut ui, "It is Bob's phone", 2);
    // Ann's token is not Bob's: nothing.
    ui.handle(ann(), 3);
    assert!(matches!(ui.view(), View::Pair(p) if !p.tapped));
    ui.handle(bob(), 4);
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    let (_, still) = ask(addr, "GET", &format!("/pair?ticket={ticket}"), "");
    assert_eq!(
        json(&still)["state"],
        "waiting",
        "the tap alone pairs nothing"
    );
    let done = choose(&mut ui, "OK: pair with Bob", 5);
    web.tick(&mut ui, 1, &done);
    assert_eq!(*ui.view(), View::Game, "back to the game once paired");
    let (_, paired) = ask(addr, "GET", &format!("/pair?ticket={ticket}"), "");
    let paired = json(&paired);
    assert_eq!(paired["state"], "paired");
    assert_eq!(paired["seat"], 1);
    assert_eq!(paired["name"], "Bob");
    let key = paired["key"].as_str().unwrap().to_string();
    assert_eq!(key.len(), 32);

    // Bob's view: his own secret goal to choose, privately; nobody else's secrets.
    let (status, mine) = ask(addr, "GET", &format!("/view?seat=1&key={key}"), "");
    assert_eq!(status, 200);
    let mine = json(&mine);
    private_to_its_seat(&mine, Some(1));
    let choices = mine["choices"].as_array().unwrap();
    let goal = choices
        .iter()
        .find(|c| c["line"].as_str().unwrap().starts_with("goal Bob"))
        .unwrap_or_else(|| panic!("the UFOs' goal among Bob's choices: {choices:?}"));
    // A forged key, and Bob's key for another seat, see nothing.
    assert_eq!(ask(addr, "GET", "/view?seat=1&key=00", "").0, 403);
    assert_eq!(
        ask(addr, "GET", &format!("/view?seat=0&key={key}"), "").0,
        403
    );
    assert_eq!(ask(addr, "GET", "/events?seat=2&key=", "").0, 403);

    // The streams: Bob's first pushed view has his choices, the table's none.
    private_to_its_seat(
        &first_event(addr, &format!("/events?seat=1&key={key}")),
        Some(1),
    );
    private_to_its_seat(&first_event(addr, "/events"), None);

    // Bob chooses the goal on his phone: carried out by the device, as his private menu.
    let line = goal["line"].as_str().unwrap().to_string();
    let body = |n: u64, key: &str, line: &str| {
        serde_json::json!({ "seat": 1, "key": key, "n": n, "line": line }).to_string()
    };
    let (status, answer) = choose_from_phone(&mut web, &mut ui, body(5, &key, &line));
    assert_eq!(
        (status, json(&answer)["ok"].clone()),
        (200, Value::Bool(true))
    );
    let s = &ui.session::<Illuminati>().unwrap().state;
    assert!(s.players[1].goal.is_some(), "the goal is chosen");
    // The same request again is a replay; a forged key is refused; so is a line not among
    // the seat's choices now (the goal is chosen: nothing is left to choose).
    assert_eq!(
        choose_from_phone(&mut web, &mut ui, body(5, &key, &line)).0,
        409
    );
    assert_eq!(
        choose_from_phone(&mut web, &mut ui, body(6, "0123", &line)).0,
        403
    );
    let (status, why) = choose_from_phone(&mut web, &mut ui, body(7, &key, "start"));
    assert_eq!(status, 409);
    assert!(why.contains("the table's to do"), "{why}");
    // The table's view after it: still no goal, anyone's.
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    private_to_its_seat(&json(&ask(addr, "GET", "/view", "").1), None);
}

#[test]
fn a_phone_the_table_refuses_with_back_gets_no_seat() {
    let mut ui = illuminati_setup_ui();
    let mut web = Web::start("127.0.0.1:0").unwrap();
    let asked = json(&ask(web.addr, "POST", "/pair", "").1);
    let ticket = asked["ticket"].as_str().unwrap();
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    assert!(matches!(ui.view(), View::Pair(_)));
    // The golden frame with a fixed code (the real one is random): the same question asked
    // of another device by a phone showing 4821.
    let mut same = illuminati_setup_ui();
    same.handle(
        boardside::hw::Input::PhoneAsks {
            new: vec![("4821".into(), None)],
            waiting: vec!["4821".into()],
        },
        1,
    );
    golden("pair-phone", &same);
    let done = key(&mut ui, "\x7f", 1);
    web.tick(&mut ui, 1, &done);
    assert_eq!(*ui.view(), View::Game);
    let state = json(&ask(web.addr, "GET", &format!("/pair?ticket={ticket}"), "").1);
    assert_eq!(state["state"], "refused");
    // A phone the table refused waits before it may ask (and take the device's screen) again.
    let (status, why) = ask(web.addr, "POST", "/pair", "");
    assert_eq!(status, 429);
    assert!(why.contains("refused"), "{why}");
    // A made-up ticket is nobody's.
    let state = json(&ask(web.addr, "GET", "/pair?ticket=feed", "").1);
    assert_eq!(state["state"], "lapsed");
}

/// Issue 68: four phones asking at once do not hold the device's screen: one line refuses
/// them all, or ROLL puts them off until another phone asks; a new code's question carries
/// no note from the last pairing.
#[test]
fn phones_asking_at_once_are_refused_together_or_put_off_with_roll() {
    let asks = |codes: &[&str]| boardside::hw::Input::PhoneAsks {
        new: codes.iter().map(|c| (c.to_string(), None)).collect(),
        waiting: codes.iter().map(|c| c.to_string()).collect(),
    };
    let mut ui = illuminati_setup_ui();
    ui.handle(asks(&["1111", "2222", "3333", "4444"]), 1);
    assert!(matches!(ui.view(), View::Pair(_)));
    let done = choose(&mut ui, "Refuse all 4 phones asking", 2);
    assert_eq!(done.refused.len(), 4, "{:?}", done.refused);
    ui.handle(Input::Tick(3), 3);
    assert_eq!(*ui.view(), View::Game);
    // ROLL: later. The phones still asking do not take the screen back on the next tick...
    let mut ui = illuminati_setup_ui();
    ui.handle(asks(&["1111", "2222"]), 1);
    key(&mut ui, "r", 2);
    assert_eq!(*ui.view(), View::Game);
    ui.handle(
        boardside::hw::Input::PhoneAsks {
            new: vec![],
            waiting: vec!["1111".into(), "2222".into()],
        },
        3,
    );
    ui.handle(Input::Tick(4), 4);
    assert_eq!(*ui.view(), View::Game);
    // ... until another phone asks; its question starts without an old note.
    ui.handle(
        boardside::hw::Input::PhoneAsks {
            new: vec![("5555".into(), None)],
            waiting: vec!["1111".into(), "2222".into(), "5555".into()],
        },
        5,
    );
    assert!(matches!(ui.view(), View::Pair(_)));
    assert_eq!(ui.desk().note(), None);
}

/// The device with this game, no tags enrolled and the table's settings as they come.
fn table_of<F: OnDevice>(s: GameSession<F>) -> Ui {
    ui_with(
        s,
        TagMap::default(),
        TableConfig::default(),
        Setup::default(),
    )
}

/// A grid game of Ann and Bob, seeded `seed`, not begun.
fn grid_game(seed: u64) -> GameSession<Grid> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/grid.toml");
    let rules = boardside::rulesets::load::<Grid>(path).unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let options = Grid::options(&rules, &[]).unwrap();
    GameSession::<Grid>::new(rules, &names, seed, options, None).unwrap()
}

#[test]
fn a_grid_player_seals_an_order_from_the_phone_and_only_they_see_it() {
    let mut s = grid_game(3);
    let mut rng = boardside::engine::game::PlayRng::seed_from_u64(3);
    while s.state.phase != boardside::engine::grid::state::Phase::Orders {
        let cmd = Grid::random_command(&s.rules, &s.state, &mut rng).unwrap();
        s.command(cmd).unwrap();
    }
    let mut ui = ui_with(
        s,
        table_tags(&["Ann", "Bob"], &[], 0xD0),
        TableConfig::default(),
        Setup::default(),
    );
    let mut web = Web::start("127.0.0.1:0").unwrap();
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    // Pairing by the hub's own path: ask, then the table's seat, tap and OK.
    let key = pair_ann(&mut web, &mut ui);
    let mine = json(&ask(web.addr, "GET", &format!("/view?seat=0&key={key}"), "").1);
    // The device's private menu for Ann's order, as it reads on the device.
    let attack = mine["choices"][0].clone();
    assert_eq!(attack["line"], "order Ann attack", "{}", mine["choices"]);
    let body = serde_json::json!({ "seat": 0, "key": key, "n": 1, "line": attack["line"] });
    let (status, _) = choose_from_phone(&mut web, &mut ui, body.to_string());
    assert_eq!(status, 200);
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    let table = json(&ask(web.addr, "GET", "/view", "").1);
    assert_eq!(table["state"]["players"][0]["sealed"], true);
    private_to_its_seat(&table, None);
    let mine = json(&ask(web.addr, "GET", &format!("/view?seat=0&key={key}"), "").1);
    assert!(mine["state"]["players"][0]["order"]
        .as_str()
        .is_some_and(|o| o.contains("attack")));
    assert!(
        mine["choices"].as_array().unwrap().is_empty(),
        "sealed: nothing left"
    );
}

/// Random games of the two families with secrets: after every command, the table's view and
/// each seat's carry no other seat's hidden things.
#[test]
fn no_view_ever_carries_another_seats_hidden_things() {
    fn play<F: OnDevice>(ruleset: &str, names: &[&str], commands: usize) {
        let path = format!("{}/rulesets/{ruleset}.toml", env!("CARGO_MANIFEST_DIR"));
        let rules = boardside::rulesets::load::<F>(&path).unwrap();
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let mut s = GameSession::<F>::new(
            rules.clone(),
            &names,
            11,
            F::options(&rules, &[]).unwrap(),
            None,
        )
        .unwrap();
        let mut ui = table_of(s.what_if(s.state.clone()));
        let mut rng = boardside::engine::game::PlayRng::seed_from_u64(11);
        for _ in 0..commands {
            // The device opens the game at each position the random play reaches.
            ui.open(s.what_if(s.state.clone()));
            let (table, seats) = boardside::web::views(&ui);
            private_to_its_seat(&json(&table), None);
            for (p, v) in seats.iter().enumerate() {
                private_to_its_seat(&json(v), Some(p));
            }
            if s.over() {
                break;
            }
            let cmd = F::random_command(&s.rules, &s.state, &mut rng).unwrap();
            s.command(cmd).unwrap();
        }
    }
    play::<Illuminati>("illuminati", &["Ann", "Bob", "Cy"], 300);
    play::<Grid>("grid", &["Ann", "Bob", "Cy"], 150);
}

#[test]
fn requests_past_the_limits_are_refused_with_the_reason() {
    let read = |bytes: &[u8]| http::read_from(&mut std::io::Cursor::new(bytes.to_vec()));
    let ok = read(b"GET /view?seat=1&key=a%20b+c HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    assert_eq!(ok.path, "/view");
    assert_eq!(ok.param("seat"), Some("1"));
    assert_eq!(ok.param("key"), Some("a b c"));
    let status = |bytes: &[u8]| read(bytes).unwrap_err().status;
    assert_eq!(status(b"nonsense\r\n\r\n"), 400);
    assert_eq!(status(b"GET / HTTP/2\r\n\r\n"), 505);
    assert_eq!(status(b"GET / HTTP/1.1\r\nHost x\r\n\r\n"), 400);
    let long = format!(
        "GET / HTTP/1.1\r\nX: {}\r\n\r\n",
        "a".repeat(http::MAX_HEAD)
    );
    assert_eq!(status(long.as_bytes()), 431);
    let big = format!(
        "POST /choose HTTP/1.1\r\nContent-Length: {}\r\n\r\n",
        http::MAX_BODY + 1
    );
    assert_eq!(status(big.as_bytes()), 413);
    assert_eq!(
        status(b"POST /choose HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
        411
    );
    assert_eq!(
        status(b"POST /choose HTTP/1.1\r\nContent-Length: 9\r\n\r\nab"),
        400
    );
    assert_eq!(status(b"GET / HTTP/1.1\r\nX: \xff\r\n\r\n"), 400);

    // One address may make so many requests in a window; another is not held back by it.
    let hub = Hub::default();
    let me: std::net::IpAddr = "192.168.1.9".parse().unwrap();
    for _ in 0..boardside::web::hub::RATE_LIMIT {
        assert!(hub.allow(me));
    }
    assert!(!hub.allow(me), "past the limit");
    assert!(hub.allow("192.168.1.10".parse().unwrap()));
    // At most a few phones wait to pair at once, one an address.
    for i in 0..boardside::web::hub::MOST_ASKS {
        hub.ask(
            std::net::Ipv4Addr::new(192, 168, 1, 20 + i as u8).into(),
            None,
        )
        .unwrap();
    }
    assert_eq!(hub.ask(here(), None).unwrap_err().status, 429);

    // Over the network: an unknown page, a wrong method, a bad choice.
    let web = Web::start("127.0.0.1:0").unwrap();
    assert_eq!(ask(web.addr, "GET", "/nothing", "").0, 404);
    assert_eq!(ask(web.addr, "DELETE", "/view", "").0, 405);
    assert_eq!(ask(web.addr, "POST", "/choose", "{\"seat\": 1}").0, 400);
    assert_eq!(ask(web.addr, "GET", "/view?seat=x", "").0, 400);
}

/// The load test (run by .ci/run, not by `cargo test`: it takes ten minutes): nine phones
/// paired with the eight seats of a game each send their seat a command a second (one of the
/// choices its view offers, or a bid typed) while they and the table's own presses, a command
/// a second too, go on for BOARDSIDE_LOAD_SECONDS (600 unless set), with nine event streams
/// open. Nothing is lost: every phone's command is answered (carried out or refused with its
/// reason, never left unanswered), every stream ends on the last command and never goes back,
/// and the journal holds every command carried out. The figures (press to frame with and
/// without the phones) are printed, not asserted.
#[test]
#[ignore = "ten minutes; .ci/run runs it"]
fn load_nine_phones_each_sending_a_command_a_second() {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    let seconds: u64 = std::env::var("BOARDSIDE_LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(600);
    let dir = std::env::temp_dir().join(format!("boardside-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let journal = dir.join("load.journal");
    let rules = sectionopoly();
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
        .map(String::from)
        .to_vec();
    let s = GameSession::<Property>::new(
        rules.clone(),
        &names,
        9,
        rules.options.clone(),
        Some(&journal),
    )
    .unwrap();
    let mut ui = table_of(s);
    ui.show_odds(false, None);
    let mut rng = boardside::engine::game::PlayRng::seed_from_u64(9);
    // One command the table makes, as a press would: chosen at random, entered, drawn.
    let mut frame = Frame::default();
    let mut press = |ui: &mut Ui| -> Option<Duration> {
        let g = ui.session::<Property>()?;
        if g.over() {
            return None;
        }
        // What the table's buttons may make (another player's squares need their token).
        let table = boardside::engine::authority::Actor::Table;
        let cmd = Property::random_command(&g.rules, &g.state, &mut rng)
            .filter(|c| g.may(table, c, &[]).is_ok())
            .or_else(|| {
                Property::legal(&g.rules, &g.state)
                    .into_iter()
                    .find(|c| g.may(table, c, &[]).is_ok())
            })?;
        let line =
            <Property as boardside::engine::game::Words>::format_command(&g.rules, &g.state, &cmd);
        let t = Instant::now();
        ui.enter(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        render(ui, &mut frame);
        Some(t.elapsed())
    };
    // The device loop's passes (40 ms each) with a press a second, for `secs`, ticking the web
    // view when there is one (which carries the phones' commands out); each press's time.
    let mut passes = |ui: &mut Ui, web: &mut Option<&mut Web>, secs: u64| -> Vec<Duration> {
        let mut times = vec![];
        let start = Instant::now();
        let mut next = start;
        while start.elapsed() < Duration::from_secs(secs) {
            if let Some(w) = web.as_deref_mut() {
                w.tick(ui, 1, &Effects::default());
            }
            if Instant::now() >= next {
                next += Duration::from_secs(1);
                if let Some(d) = press(ui) {
                    times.push(d);
                }
            }
            std::thread::sleep(Duration::from_millis(40));
        }
        times
    };
    // The same passes with no web view first, as the baseline.
    let mut alone = passes(&mut ui, &mut None, (seconds / 10).max(5));
    let pressed = ui.session::<Property>().unwrap().history.len() as u64;

    let mut web = Web::start("127.0.0.1:0").unwrap();
    // Nine phones behind this machine's one address, as a config may allow (the default
    // share of one address is a quarter of the views).
    web.hub
        .set_views_per_address(boardside::web::hub::MOST_STREAMS);
    web.tick(&mut ui, 1, &Effects::default());
    // Each seat paired as the table would (asked, then claimed for the seat): its secret.
    let keys: Vec<String> = (0..names.len())
        .map(|seat| {
            let (ticket, code) = web.hub.ask(here(), None).unwrap();
            web.hub.claim(&code, seat);
            match web.hub.asked(&ticket) {
                Some(boardside::web::hub::Asked::Paired { key, .. }) => key,
                other => panic!("seat {seat}: {other:?}"),
            }
        })
        .collect();
    let addr = web.addr;
    let stop = Arc::new(AtomicBool::new(false));
    let viewers: Vec<_> = (0..9)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut s = TcpStream::connect(addr).unwrap();
                write!(s, "GET /events HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
                s.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
                let mut r = BufReader::new(s);
                let (mut seen, mut events, mut line) = (0u64, 0u64, String::new());
                while !stop.load(Ordering::Relaxed) {
                    line.clear();
                    match r.read_line(&mut line) {
                        Ok(0) => panic!("a viewer's stream ended"),
                        Ok(_) => {}
                        Err(_) => continue,
                    }
                    if let Some(data) = line.strip_prefix("data: ") {
                        let n = json(data)["commands"].as_u64().unwrap();
                        assert!(n >= seen, "a viewer saw the game go back: {n} after {seen}");
                        (seen, events) = (n, events + 1);
                    }
                }
                (seen, events)
            })
        })
        .collect();
    // Nine phones: one a seat, and a second phone of the first seat (its two phones take
    // turns, so each request's number is higher than the last the seat used).
    let numbers: Arc<Vec<Mutex<u64>>> = Arc::new((0..names.len()).map(|_| Mutex::new(0)).collect());
    let (taken, refused) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    // The phones stop first; the viewers once the last views are pushed.
    let phones_stop = Arc::new(AtomicBool::new(false));
    let phones: Vec<_> = (0..9)
        .map(|i| {
            let seat = i % names.len();
            let (hub, key, numbers) = (web.hub.clone(), keys[seat].clone(), numbers.clone());
            let (stop, taken, refused) = (phones_stop.clone(), taken.clone(), refused.clone());
            std::thread::spawn(move || {
                use rand::Rng;
                let mut pick = boardside::engine::game::PlayRng::seed_from_u64(i as u64);
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1000));
                    let view = json(&hub.view(Some(seat)).1);
                    let mut lines: Vec<String> = view["choices"]
                        .as_array()
                        .map(|c| {
                            c.iter()
                                .filter_map(|c| c["line"].as_str().map(String::from))
                                .collect()
                        })
                        .unwrap_or_default();
                    for a in view["amounts"].as_array().into_iter().flatten() {
                        let (least, most) =
                            (a["least"].as_i64().unwrap(), a["most"].as_i64().unwrap());
                        let n = pick.random_range(least..=most);
                        lines.push(
                            a["line"]
                                .as_str()
                                .unwrap()
                                .replace("{amount}", &n.to_string()),
                        );
                    }
                    // Nothing to choose: a command of another's, which the device refuses.
                    let line = if lines.is_empty() {
                        "end".to_string()
                    } else {
                        lines[pick.random_range(0..lines.len())].clone()
                    };
                    let mut last = numbers[seat].lock().unwrap();
                    *last += 1;
                    match hub.choose(seat, &key, *last, &line) {
                        Ok(_) => taken.fetch_add(1, Ordering::Relaxed),
                        Err(d) if d.status == 409 => refused.fetch_add(1, Ordering::Relaxed),
                        Err(d) => panic!("phone {i}: {line}: lost ({} {})", d.status, d.why),
                    };
                }
            })
        })
        .collect();
    let mut with = passes(&mut ui, &mut Some(&mut web), seconds);
    phones_stop.store(true, Ordering::Relaxed);
    // The phones' last requests answered, then the views of the last command pushed.
    let started = Instant::now();
    while phones.iter().any(|p| !p.is_finished()) && started.elapsed() < Duration::from_secs(10) {
        web.tick(&mut ui, 1, &Effects::default());
        std::thread::sleep(Duration::from_millis(40));
    }
    for p in phones {
        p.join().expect("a phone's command was lost");
    }
    web.tick(&mut ui, 1, &Effects::default());
    let last = ui.session::<Property>().unwrap().history.len() as u64;
    // The viewers read on until the last views have reached them.
    std::thread::sleep(Duration::from_millis(1500));
    stop.store(true, Ordering::Relaxed);
    for (i, v) in viewers.into_iter().enumerate() {
        let (seen, events) = v.join().unwrap();
        assert_eq!(seen, last, "viewer {i} ended on command {seen}, not {last}");
        println!("viewer {i}: {events} views pushed, ended on command {seen}");
    }
    let (taken, refused) = (
        taken.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed),
    );
    println!("phones: {taken} commands carried out, {refused} refused with their reason");
    assert!(taken > 0, "no phone's command was carried out");
    // The journal holds every command: it resumes to the same game.
    drop(ui);
    let (resumed, _) = GameSession::<Property>::resume(rules, &journal)
        .unwrap()
        .expect("the journal holds the game");
    assert_eq!(resumed.history.len() as u64, last);
    assert!(
        last >= pressed + taken,
        "{last} commands, {pressed} pressed alone, {taken} from phones"
    );
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v[v.len() / 2].as_micros()
    };
    let p99 = |v: &Vec<Duration>| v[v.len() * 99 / 100].as_micros();
    let (ma, mw) = (median(&mut alone), median(&mut with));
    println!(
        "press to frame: {ma} us median, {} us p99 alone; {mw} us median, {} us p99 with nine \
         phones ({} and {} presses)",
        p99(&alone),
        p99(&with),
        alone.len(),
        with.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_web_switch_writes_and_removes_the_services_network_drop_in() {
    use boardside::web::service;
    let dir = std::env::temp_dir().join(format!("boardside-units-{}", std::process::id()));
    let path = service::drop_in_path(&dir);
    // A listen address that does not parse writes nothing.
    assert!(service::on(&dir, "192.168.1.20").is_err());
    assert!(!path.exists());
    service::on(&dir, "192.168.1.20:8080").unwrap();
    let unit = std::fs::read_to_string(&path).unwrap();
    for line in [
        "Environment=BOARDSIDE_WEB=192.168.1.20:8080",
        "PrivateNetwork=no",
        "RestrictAddressFamilies=AF_INET AF_INET6",
        "IPAddressDeny=any",
    ] {
        assert!(unit.lines().any(|l| l == line), "{line} missing:\n{unit}");
    }
    // Only home-network ranges (and this machine) may connect.
    let allow = unit
        .lines()
        .find(|l| l.starts_with("IPAddressAllow="))
        .unwrap();
    assert!(
        allow.contains("192.168.0.0/16") && !allow.contains("0.0.0.0/0"),
        "{allow}"
    );
    service::off(&dir).unwrap();
    assert!(!path.exists());
    // Off again: nothing to remove, and said so.
    assert!(service::off(&dir).unwrap()[0].contains("not there"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_report_is_served_once_the_game_is_over() {
    let mut s = grid_game(4);
    let mut web = Web::start("127.0.0.1:0").unwrap();
    let mut ui = table_of(grid_game(4));
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    assert_eq!(
        ask(web.addr, "GET", "/report.svg", "").0,
        404,
        "no report mid-game"
    );
    let mut rng = boardside::engine::game::PlayRng::seed_from_u64(4);
    while !s.over() {
        let cmd = Grid::random_command(&s.rules, &s.state, &mut rng).unwrap();
        s.command(cmd).unwrap();
    }
    // The finished game on the device: its final standings, and the report for the phones.
    let mut ui = table_of(s);
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    let view = json(&ask(web.addr, "GET", "/view", "").1);
    assert_eq!(view["over"], true);
    let (status, svg) = ask(web.addr, "GET", "/report.svg", "");
    assert_eq!(status, 200);
    assert!(
        svg.contains("<svg") && svg.contains("Ann"),
        "{}",
        &svg[..200.min(svg.len())]
    );
}

#[test]
fn a_choice_the_device_does_not_take_in_time_is_never_carried_out_late() {
    let hub = std::sync::Arc::new(Hub::default());
    hub.publish("game", &["Ann".to_string()], "{}".into(), vec!["{}".into()]);
    let (ticket, code) = hub.ask(here(), None).unwrap();
    hub.claim(&code, 0);
    let Some(boardside::web::hub::Asked::Paired { key, .. }) = hub.asked(&ticket) else {
        panic!("Ann's phone is paired");
    };
    let phone = {
        let hub = hub.clone();
        std::thread::spawn(move || hub.choose(0, &key, 1, "end"))
    };
    // The device loop is busy (it never looks): the phone is told so, and the choice is
    // taken back, so the device never carries it out afterwards.
    let refused = phone.join().unwrap().unwrap_err();
    assert_eq!(refused.status, 503);
    assert!(hub.take_choices().is_empty());
}

#[test]
fn a_phone_asking_before_a_game_waits_for_it_and_a_lapsed_one_leaves_the_screen() {
    let mut web = Web::start("127.0.0.1:0").unwrap();
    // The new-game screen: the phone's ask waits (a seat is a player of a game).
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), Setup::default());
    let asked = json(&ask(web.addr, "POST", "/pair", "").1);
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    assert!(matches!(ui.view(), View::Setup(_)));
    let ticket = asked["ticket"].as_str().unwrap();
    let state = json(&ask(web.addr, "GET", &format!("/pair?ticket={ticket}"), "").1);
    assert_eq!(state["state"], "waiting");
    // The game starts: the device asks the table.
    ui.open(illuminati_session());
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    assert!(matches!(ui.view(), View::Pair(_)), "{:?}", ui.view());
    // An ask the hub no longer has (lapsed) leaves the device's screen.
    ui.handle(
        boardside::hw::Input::PhoneAsks {
            new: vec![],
            waiting: vec![],
        },
        1,
    );
    assert_eq!(*ui.view(), View::Game);
    assert!(ui.phones_asking().is_empty());
}

/// A new Illuminati game of Ann, Bob and Cy, nothing chosen yet.
/// Ann (the UFOs, Gnomes for her goal), Bob (Bavaria) and Cy (the Gnomes) begun, Ann in
/// turn, then `lines`.
fn illuminati_started(lines: &[&str]) -> GameSession<Illuminati> {
    let mut s = illuminati_session();
    for l in [
        "illuminati Ann ufos",
        "goal Ann gnomes",
        "illuminati Bob bavarian",
        "illuminati Cy gnomes",
        "uncontrolled cia big-media post-office moonies",
        "start",
    ]
    .iter()
    .chain(lines)
    {
        let out = s.run_line(l);
        assert!(!out.iter().any(|x| x.starts_with("error")), "{l}: {out:?}");
    }
    s
}

fn illuminati_session() -> GameSession<Illuminati> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/illuminati.toml");
    let rules = boardside::rulesets::load::<Illuminati>(path).unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
    GameSession::<Illuminati>::new(rules.clone(), &names, 5, rules.options, None).unwrap()
}

#[test]
fn computer_espionage_played_from_a_phone_tells_that_phone_what_it_found() {
    let mut s = illuminati_session();
    for l in super::illuminati::SETUP
        .iter()
        .chain(&["draw special computer-espionage", "set specials Bob 1"])
    {
        let out = s.run_line(l);
        assert!(!out.iter().any(|x| x.starts_with("error")), "{l}: {out:?}");
    }
    let tags = table_tags(&["Ann", "Bob", "Cy"], &[], 0xD0);
    let mut ui = ui_with(s, tags, TableConfig::default(), Setup::default());
    let mut web = Web::start("127.0.0.1:0").unwrap();
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    let key = pair_ann(&mut web, &mut ui);
    let mine = json(&ask(web.addr, "GET", &format!("/view?seat=0&key={key}"), "").1);
    let line = mine["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["line"].as_str().unwrap().to_string())
        .find(|l| l.starts_with("play computer-espionage") && l.contains("ufos"))
        .unwrap_or_else(|| panic!("espionage on the UFOs among {:?}", mine["choices"]));
    let body = serde_json::json!({ "seat": 0, "key": key, "n": 1, "line": line }).to_string();
    let (status, answer) = choose_from_phone(&mut web, &mut ui, body);
    assert_eq!(status, 200, "{answer}");
    let told = json(&answer)["told"].clone();
    assert!(
        told.to_string().contains("Bob holds"),
        "the phone is told what it found: {answer}"
    );
    // The device shows nothing of it, and the table's log never has it.
    let words = ui.game().unwrap().message(ui.desk()).join(" ");
    assert!(!words.contains("holds"), "{words}");
    assert!(!ui.log().iter().any(|l| l.contains("holds")));
}

#[test]
fn a_power_cut_keeps_a_paired_phones_seat_and_asks_again_about_a_waiting_one() {
    let dir = std::env::temp_dir().join(format!("boardside-pairings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (journal, pairings) = (dir.join("game.journal"), dir.join("pairings.json"));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/illuminati.toml");
    let rules = boardside::rulesets::load::<Illuminati>(path).unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
    let mut s =
        GameSession::<Illuminati>::new(rules.clone(), &names, 5, rules.options, Some(&journal))
            .unwrap();
    for l in &super::illuminati::SETUP[..4] {
        s.run_line(l);
    }
    let tags = table_tags(&["Ann", "Bob", "Cy"], &[], 0xD0);
    let mut ui = ui_with(s, tags.clone(), TableConfig::default(), Setup::default());
    let mut web = Web::start_keeping("127.0.0.1:0", pairings.clone()).unwrap();
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    // Ann's phone is paired; Bob's asks, and the device shows its question.
    let key = pair_ann(&mut web, &mut ui);
    let bob_ask = json(&ask(web.addr, "POST", "/pair", "").1);
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    let question = ui.view().clone();
    assert!(matches!(question, View::Pair(_)), "{question:?}");
    let before = ui.labels();

    // The power goes: the device and its web view start again from their files.
    drop(web);
    drop(ui);
    let setup = Setup {
        rulesets: vec![ruleset_path("illuminati")],
        resume: Some(journal.clone()),
        ..Default::default()
    };
    let mut ui = Ui::new(tags, TableConfig::default(), setup);
    ui.show_odds(false, None);
    let mut web = Web::start_keeping("127.0.0.1:0", pairings).unwrap();
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    choose(&mut ui, "Resume the last game", 2);
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    // Bob's phone is asked about again, the same question, the same lines.
    assert_eq!(*ui.view(), question);
    assert_eq!(ui.labels(), before);
    let t = bob_ask["ticket"].as_str().unwrap();
    let (_, waiting) = ask(web.addr, "GET", &format!("/pair?ticket={t}"), "");
    assert_eq!(json(&waiting)["state"], "waiting");
    // Ann's phone still sees her seat with its secret.
    let (status, _) = ask(web.addr, "GET", &format!("/view?seat=0&key={key}"), "");
    assert_eq!(status, 200);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_pairings_file_is_kept_aside_and_pairing_starts_afresh() {
    let dir = std::env::temp_dir().join(format!("boardside-pairings-bad-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("pairings.json");
    std::fs::write(&file, "{\"names\": [\"Ann\"], \x00").unwrap();
    let web = Web::start_keeping("127.0.0.1:0", file.clone()).unwrap();
    assert_eq!(web.hub.pairings().keys, Vec::<Option<(String, u64)>>::new());
    assert_eq!(
        std::fs::read(dir.join("pairings.json.damaged")).unwrap(),
        b"{\"names\": [\"Ann\"], \x00"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_web_views_waiting_line_is_in_the_tables_words_never_typed_commands() {
    let mut s = illuminati_session();
    for l in &super::illuminati::SETUP {
        s.run_line(l);
    }
    let mut ui = table_of(s);
    let mut web = Web::start("127.0.0.1:0").unwrap();
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    let view = json(&ask(web.addr, "GET", "/view", "").1);
    let waiting = view["waiting"].as_str().unwrap();
    assert_eq!(waiting, "Ann draws a group or a special");
    assert!(
        !waiting.contains('`') && !waiting.contains("GROUP"),
        "{waiting}"
    );
}

// ---- A hostile home network (issue 55): each test bounded in time on the loopback ---------

/// A status line read from a connection, or None when the server closed it without one.
fn answer_of(s: &mut TcpStream) -> Option<u16> {
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    out.get(9..12).and_then(|c| c.parse().ok())
}

#[test]
fn a_slow_sender_is_cut_within_five_seconds_of_its_first_byte() {
    let web = Web::start("127.0.0.1:0").unwrap();
    let mut s = TcpStream::connect(web.addr).unwrap();
    let first = std::time::Instant::now();
    s.write_all(b"G").unwrap();
    // A byte a second: each read is quick, the whole request is not.
    let mut cut = None;
    for b in b"ET / HTTP/1.1\r\nHost: x\r\nX-Slow: yes\r\n\r\n" {
        std::thread::sleep(std::time::Duration::from_millis(500));
        if s.write_all(&[*b]).is_err() {
            cut = Some(first.elapsed());
            break;
        }
        s.set_read_timeout(Some(std::time::Duration::from_millis(1)))
            .unwrap();
        let mut buf = [0u8; 64];
        match s.read(&mut buf) {
            Ok(_) => {
                cut = Some(first.elapsed());
                break;
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => {
                cut = Some(first.elapsed());
                break;
            }
        }
    }
    let cut = cut.expect("the slow request was never cut off");
    assert!(
        cut < std::time::Duration::from_millis(6_500),
        "cut after {cut:?}"
    );
}

#[test]
fn one_address_holds_only_so_many_connections_and_others_are_still_served() {
    use boardside::web::server::{Open, MOST_FROM_ONE};
    // The count itself, by address.
    let open = std::sync::Arc::new(Open::default());
    let a: std::net::IpAddr = "192.168.1.30".parse().unwrap();
    let b: std::net::IpAddr = "192.168.1.31".parse().unwrap();
    let mut held: Vec<_> = (0..MOST_FROM_ONE).map(|_| open.take(a).unwrap()).collect();
    assert!(open.take(a).is_err(), "one address past its share");
    assert!(open.take(b).is_ok(), "another address is still served");
    held.pop();
    assert!(
        open.take(a).is_ok(),
        "a closed connection gives its place back"
    );

    // Over the loopback: idle connections up to the share, then the next is told at once.
    let web = Web::start("127.0.0.1:0").unwrap();
    let idle: Vec<TcpStream> = (0..MOST_FROM_ONE)
        .map(|_| TcpStream::connect(web.addr).unwrap())
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let start = std::time::Instant::now();
    let mut s = TcpStream::connect(web.addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(3)))
        .unwrap();
    assert_eq!(answer_of(&mut s), Some(503));
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
    drop(idle);
}

/// Issue 68: a phone asking again (its page reloaded, its code gone) is shown the same code,
/// and the table is asked once.
#[test]
fn a_phone_asks_for_a_seat_once_until_the_table_answers() {
    let web = Web::start("127.0.0.1:0").unwrap();
    let (status, first) = ask(web.addr, "POST", "/pair", "");
    assert_eq!(status, 200);
    let (status, again) = ask(web.addr, "POST", "/pair", "");
    assert_eq!(status, 200);
    assert_eq!(json(&first)["code"], json(&again)["code"]);
    assert_eq!(json(&first)["ticket"], json(&again)["ticket"]);
    assert_eq!(web.hub.new_asks().len(), 1, "one question for the table");
}

/// Issue 68: no address holds more than a quarter of the live views, so two cannot take the
/// table's places; a view closed frees its address's place.
#[test]
fn one_address_holds_no_more_than_a_quarter_of_the_live_views() {
    use boardside::web::hub::{Hub, MOST_STREAMS, STREAMS_FROM_ONE};
    let hub = Hub::new(String::new());
    let (a, b): (std::net::IpAddr, std::net::IpAddr) =
        ("10.0.0.2".parse().unwrap(), "10.0.0.3".parse().unwrap());
    assert_eq!(STREAMS_FROM_ONE, MOST_STREAMS / 4);
    for _ in 0..STREAMS_FROM_ONE {
        hub.open_stream(a).unwrap();
    }
    assert!(hub
        .open_stream(a)
        .unwrap_err()
        .contains("from this address"));
    hub.open_stream(b).unwrap();
    hub.close_stream(a);
    hub.open_stream(a).unwrap();
}

#[test]
fn a_closed_stream_frees_its_place_at_once() {
    use boardside::web::server::MOST_FROM_ONE;
    let web = Web::start("127.0.0.1:0").unwrap();
    // Phones behind one address, as the config may allow: every connection a view.
    web.hub
        .set_views_per_address(boardside::web::hub::MOST_STREAMS);
    // This address's whole share as open views.
    let open_view = || {
        let mut s = TcpStream::connect(web.addr).unwrap();
        write!(s, "GET /events HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut r = BufReader::new(s.try_clone().unwrap());
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        assert!(line.contains("200"), "{line}");
        s
    };
    // A request's status, or None when the server closed the connection first (a refusal
    // sent before the request was read may reach the client as a reset).
    let status = || -> Option<u16> {
        let mut s = TcpStream::connect(web.addr).ok()?;
        let _ = write!(s, "GET /view HTTP/1.1\r\nHost: x\r\n\r\n");
        answer_of(&mut s)
    };
    let mut views: Vec<TcpStream> = (0..MOST_FROM_ONE).map(|_| open_view()).collect();
    assert_ne!(status(), Some(200), "the share is full");
    // One phone goes away: its place is free well before the stream's next keep-alive.
    drop(views.pop());
    let start = std::time::Instant::now();
    let served = loop {
        if status() == Some(200) {
            break true;
        }
        if start.elapsed() > std::time::Duration::from_secs(3) {
            break false;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(served, "the closed stream still holds its place");
    drop(views);
}

/// Issue 55: a paired phone offers its seat's own decisions in the device menu's words and
/// makes them through the same session, journal and refusals as a button; the device's log
/// says the phone did it; another seat's decision is not among its choices.
#[test]
fn a_paired_phone_makes_its_seats_own_decisions_and_the_device_says_so() {
    let mut ui = table_ui(1);
    ui.show_odds(false, None);
    let mut web = Web::start("127.0.0.1:0").unwrap();
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    let key = pair_ann(&mut web, &mut ui);
    web.tick(&mut ui, 1, &boardside::ui::effects::Effects::default());
    let view = json(&ask(web.addr, "GET", &format!("/view?seat=0&key={key}"), "").1);
    let choices = view["choices"].as_array().expect("Ann's choices").clone();
    let roll = choices
        .iter()
        .find(|c| c["label"].as_str().unwrap_or("").starts_with("Roll"))
        .unwrap_or_else(|| panic!("no roll among Ann's choices: {choices:?}"));
    let line = roll["line"].as_str().unwrap().to_string();
    let body = |n: u64, line: &str| {
        serde_json::json!({ "seat": 0, "key": key, "n": n, "line": line }).to_string()
    };
    let (status, answer) = choose_from_phone(&mut web, &mut ui, body(1, &line));
    assert_eq!(status, 200, "{answer}");
    let s = &ui.session::<Property>().unwrap();
    assert_eq!(s.history.len(), 1, "the roll went through the session");
    assert!(
        ui.log()
            .iter()
            .any(|l| l.contains("rolls") && l.ends_with("(phone)")),
        "{:?}",
        ui.log()
    );
    // Bob's decisions are not Ann's to make from her phone.
    let (status, why) = choose_from_phone(&mut web, &mut ui, body(2, "pass Bob"));
    assert_eq!(status, 409, "{why}");
}

/// Issue 55: in an open Illuminati attack a seat's phone offers its part (interfere or
/// assist, in steps of money the rules take now), carried out as a menu choice would be.
#[test]
fn an_illuminati_phone_interferes_in_an_open_attack() {
    let mut s = illuminati_session();
    for l in super::illuminati::SETUP
        .iter()
        .chain(&["draw special", "attack control bavarian cia"])
    {
        let out = s.run_line(l);
        assert!(!out.iter().any(|x| x.starts_with("error")), "{l}: {out:?}");
    }
    let tags = table_tags(&["Ann", "Bob", "Cy"], &[], 0xD0);
    let mut ui = ui_with(s, tags, TableConfig::default(), Setup::default());
    let choices = ui.game().unwrap().private_choices(ui.desk(), 2);
    let (label, line) = choices
        .iter()
        .find(|(l, _)| l.starts_with("Cy interferes with 1 MB"))
        .unwrap_or_else(|| panic!("no interference among Cy's choices: {choices:?}"))
        .clone();
    assert!(
        choices.iter().any(|(l, _)| l.starts_with("Cy assists")),
        "{choices:?}"
    );
    let need = |ui: &Ui| ui.game().unwrap().header(ui.desk());
    let before = need(&ui);
    ui.handle(
        boardside::hw::Input::PhoneChoice {
            seat: 2,
            line: line.clone(),
        },
        1,
    )
    .answered
    .unwrap()
    .unwrap();
    assert!(
        ui.session::<Illuminati>().unwrap().state.attack.is_some(),
        "the attack is still open"
    );
    assert_ne!(need(&ui), before, "{label}: the need moved");
    assert!(
        ui.log().iter().any(|l| l.starts_with("Cy spends 1 MB")
            && l.contains("(interfere)")
            && l.ends_with("(phone)")),
        "{:?}",
        ui.log()
    );
}

/// A property game of Ann, Bob and Cy (Ann first), after `lines`, on the device.
fn property_table(lines: &[&str]) -> Ui {
    property_table_tagged(lines, TagMap::default())
}

/// `property_table`, with these tags known.
fn property_table_tagged(lines: &[&str], tags: TagMap) -> Ui {
    let rules = sectionopoly();
    let mut o = rules.options.clone();
    o.first_player = FirstPlayer::Listed;
    let names: Vec<String> = ["Ann", "Bob", "Cy"].iter().map(|n| n.to_string()).collect();
    let mut s = GameSession::<Property>::new(rules, &names, 1, o, None).unwrap();
    for l in lines {
        let out = s.run_line(l);
        assert!(!out.iter().any(|x| x.starts_with("error")), "{l}: {out:?}");
    }
    let mut ui = ui_with(s, tags, TableConfig::default(), Setup::default());
    ui.show_odds(false, None);
    ui
}

/// A seat's phone sends a line (what POST /choose hands the device loop): its answer, and
/// whether the device made a sound of refusal.
fn from_phone(ui: &mut Ui, seat: usize, line: &str) -> (Result<Vec<String>, String>, bool) {
    let done = ui.handle(
        boardside::hw::Input::PhoneChoice {
            seat,
            line: line.to_string(),
        },
        1,
    );
    let beeped = done.sounds.contains(&boardside::hw::buzzer::Sound::Refuse);
    (
        done.answered.expect("every phone choice is answered"),
        beeped,
    )
}

/// Who owns the square `id` now.
fn owner(ui: &Ui, id: &str) -> Option<usize> {
    let s = ui.session::<Property>().unwrap();
    let q = s.rules.squares.iter().position(|q| q.id == id).unwrap();
    s.state.owner(q)
}

/// A line from a seat's phone that the device takes.
fn phone_takes(ui: &mut Ui, seat: usize, line: &str) {
    let (answer, beeped) = from_phone(ui, seat, line);
    assert!(answer.is_ok() && !beeped, "{line}: {answer:?}");
}

/// Issue 55: every seat in an auction bids from its own phone at once, an amount it types
/// (from the least the device would offer up to its cash); the highest bid wins, through the
/// same session and rules as a button; a bid for another seat, or too low, is refused on that
/// phone alone, the device staying quiet.
#[test]
fn three_phones_bid_in_one_auction_and_the_highest_wins() {
    let mut ui = property_table(&["roll 1 2", "decline"]);
    for seat in 0..3 {
        let amounts = ui.game().unwrap().amounts(seat);
        assert_eq!(amounts.len(), 1, "seat {seat}: {amounts:?}");
        assert_eq!(amounts[0].most, 1500, "up to the seat's cash");
    }
    let bid =
        |ui: &Ui, seat: usize, n: i64| ui.game().unwrap().amounts(seat)[0].line_for(n).unwrap();
    for (seat, n) in [(0, 40), (1, 55), (2, 70), (0, 90)] {
        let line = bid(&ui, seat, n);
        phone_takes(&mut ui, seat, &line);
    }
    // Too low now, and a bid in another's name: that phone is told why; nothing changes.
    let before = ui.session::<Property>().unwrap().history.len();
    let (low, beeped) = from_phone(&mut ui, 1, "bid Bob 60");
    assert!(
        low.as_ref().is_err_and(|e| e.contains("at least 91")),
        "{low:?}"
    );
    assert!(!beeped, "a phone's refusal is the phone's");
    let (theirs, _) = from_phone(&mut ui, 1, "bid Cy 200");
    assert!(theirs.is_err(), "{theirs:?}");
    assert_eq!(ui.session::<Property>().unwrap().history.len(), before);
    for (seat, line) in [(1, "pass Bob"), (2, "pass Cy")] {
        phone_takes(&mut ui, seat, line);
    }
    let s = ui.session::<Property>().unwrap();
    assert_eq!(owner(&ui, "oversight"), Some(0), "Ann's 90 was the highest");
    assert_eq!(s.state.cash(0), 1500 - 90);
    assert!(
        ui.log()
            .iter()
            .any(|l| l.contains("90") && l.ends_with("(phone)")),
        "{:?}",
        ui.log()
    );
}

/// Issue 55: a deal offered on one phone waits, changing nothing, until the other side
/// accepts it on theirs (then it is carried out as one command); the other side may refuse
/// it instead; a third seat can neither accept nor refuse a deal it is not part of.
#[test]
fn a_deal_offered_on_one_phone_is_accepted_or_refused_on_the_other() {
    let mut ui = property_table(&["set owner oversight Ann", "set owner centre Bob"]);
    let deal = "trade Ann Bob oversight for $100";
    phone_takes(&mut ui, 0, deal);
    let history = ui.session::<Property>().unwrap().history.len();
    let choices = ui.game().unwrap().private_choices(ui.desk(), 1);
    let accept = choices
        .iter()
        .find(|(label, _)| label.starts_with("Accept Ann's deal"))
        .unwrap_or_else(|| panic!("no deal among Bob's choices: {choices:?}"))
        .clone();
    // Issue 68: in the table's words, not the protocol's line.
    assert!(
        accept.0.contains("Oversight") && !accept.0.contains("trade "),
        "{}",
        accept.0
    );
    // Whose deal it is is said once ("Accept Ann's deal: Ann: ..." read twice).
    assert!(
        !accept.0.starts_with("Accept Ann's deal: Ann"),
        "{}",
        accept.0
    );
    assert!(ui
        .game()
        .unwrap()
        .private_choices(ui.desk(), 2)
        .iter()
        .all(|(l, _)| !l.contains("deal")));
    let (cy, _) = from_phone(&mut ui, 2, &accept.1);
    assert!(
        cy.as_ref().is_err_and(|e| e.contains("not part of")),
        "{cy:?}"
    );
    assert_eq!(
        ui.session::<Property>().unwrap().history.len(),
        history,
        "nothing yet"
    );
    phone_takes(&mut ui, 1, &accept.1);
    assert_eq!(owner(&ui, "oversight"), Some(1));
    let s = ui.session::<Property>().unwrap();
    assert_eq!((s.state.cash(0), s.state.cash(1)), (1600, 1400));
    assert_eq!(s.history.len(), history + 1, "one command, journaled");
    // Refused: the offer is gone, and nothing changed.
    phone_takes(&mut ui, 1, "trade Bob Ann centre for $50");
    let refuse = ui
        .game()
        .unwrap()
        .private_choices(ui.desk(), 0)
        .into_iter()
        .find(|(label, _)| label.starts_with("Refuse Bob's deal"))
        .expect("Ann may refuse Bob's deal");
    phone_takes(&mut ui, 0, &refuse.1);
    assert!(ui
        .game()
        .unwrap()
        .private_choices(ui.desk(), 0)
        .iter()
        .all(|(l, _)| !l.contains("deal")));
    assert_eq!(owner(&ui, "centre"), Some(1));
    assert!(
        ui.desk().note().is_some_and(|n| n.contains("refuses")),
        "{:?}",
        ui.desk().note()
    );
}

/// Played by hand: cpu1 offered P2 a deal, then landed on a card; P2's token said yes while
/// the card was still to be drawn, the rules refused the deal ("not now: ..."), and the offer
/// was gone from the menu, though nobody had refused it. A deal the rules refuse for now
/// stays open, to be agreed once the game allows it.
#[test]
fn a_deal_agreed_while_the_rules_refuse_it_for_now_stays_open() {
    let tags = super::table_tags(&["Ann"], &[], 0xD0);
    let mut ui = property_table_tagged(&["set owner centre Bob"], tags);
    phone_takes(&mut ui, 1, "trade Bob Ann centre for $50");
    ui.enter("roll 1 2").unwrap();
    ui.enter("decline").unwrap();
    let offered = |ui: &Ui| {
        ui.labels()
            .into_iter()
            .find(|l| l.starts_with("Bob's deal"))
    };
    let line = offered(&ui).unwrap_or_else(|| panic!("{:?}", ui.labels()));
    choose(&mut ui, &line, 2);
    ui.handle(super::ann(), 3);
    assert_eq!(owner(&ui, "centre"), Some(1), "not during the auction");
    assert!(
        offered(&ui).is_some(),
        "{:?} {:?}",
        ui.labels(),
        ui.desk().note()
    );
    // Once the auction is over, Ann's yes carries it out.
    for line in ["pass Ann", "pass Bob", "pass Cy"] {
        ui.enter(line).unwrap();
    }
    let line = offered(&ui).unwrap_or_else(|| panic!("{:?}", ui.labels()));
    choose(&mut ui, &line, 4);
    ui.handle(super::ann(), 5);
    assert_eq!(owner(&ui, "centre"), Some(0), "{:?}", ui.desk().note());
}

/// Issue 55: Illuminati's actions from the phone of the player in turn, named by the cards of
/// its own structure (a transfer, typed with its amount); the same from another seat's phone
/// is refused on that phone.
#[test]
fn an_illuminati_phone_transfers_from_its_own_structure() {
    let s = illuminati_started(&["draw special slush-fund", "set owner cia Ann under ufos"]);
    let current = s.state.current;
    let mut ui = table_of(s);
    ui.show_odds(false, None);
    let treasury = |ui: &Ui, id: &str| {
        let s = ui.session::<Illuminati>().unwrap();
        let c = s.rules.cards.iter().position(|c| c.id == id).unwrap();
        s.state.cards[c].treasury
    };
    assert_eq!(current, 0, "Ann plays first");
    let (before_b, before_c) = (treasury(&ui, "ufos"), treasury(&ui, "cia"));
    let (refused, beeped) = from_phone(&mut ui, 1, "transfer ufos cia 2");
    assert!(refused.is_err() && !beeped, "{refused:?}");
    assert_eq!(treasury(&ui, "cia"), before_c, "nothing moved");
    phone_takes(&mut ui, current, "transfer ufos cia 2");
    assert_eq!(
        (treasury(&ui, "ufos"), treasury(&ui, "cia")),
        (before_b - 2, before_c + 2)
    );
    assert!(
        ui.log().iter().any(|l| l.ends_with("(phone)")),
        "{:?}",
        ui.log()
    );
}

/// Issue 55: a name typed on the phone as it asks to pair becomes the seat's name once the
/// table pairs it (the seat chosen, its token, OK): in the game, the web view, the pairing,
/// and on the token tapped; a name that is not one word is refused by the server.
#[test]
fn a_name_typed_at_pairing_becomes_the_seats_name() {
    let mut ui = table_ui(1);
    ui.show_odds(false, None);
    let mut web = Web::start("127.0.0.1:0").unwrap();
    web.tick(&mut ui, 1, &Effects::default());
    let (status, why) = ask(web.addr, "POST", "/pair", r#"{"name": "Ann Marie"}"#);
    assert_eq!(status, 400, "{why}");
    let asked = json(&ask(web.addr, "POST", "/pair", r#"{"name": "Annie"}"#).1);
    web.tick(&mut ui, 1, &Effects::default());
    choose(&mut ui, "It is Ann's phone", 1);
    ui.handle(ann(), 1);
    let done = choose(&mut ui, "OK: pair with Ann", 1);
    assert_eq!(done.renamed, vec![(0, "Annie".to_string())]);
    web.tick(&mut ui, 1, &done);
    assert_eq!(ui.game().unwrap().players(), ["Annie", "Bob"]);
    let ticket = asked["ticket"].as_str().unwrap();
    let paired = json(&ask(web.addr, "GET", &format!("/pair?ticket={ticket}"), "").1);
    assert_eq!(
        (paired["state"].as_str(), paired["seat"].as_u64()),
        (Some("paired"), Some(0))
    );
    assert_eq!(paired["name"], "Annie");
    web.tick(&mut ui, 1, &Effects::default());
    let view = json(&ask(web.addr, "GET", "/view", "").1);
    assert_eq!(view["players"][0], "Annie", "{view}");
    assert_eq!(
        ui.tags().get(&Uid(vec![0xA0, 0, 0, 1])),
        Some(&TagKind::Player {
            name: "Annie".into()
        }),
        "her token names her new name"
    );
    // The game goes on under it: her roll is told with her new name.
    ui.handle(Input::Button(Button::Roll, Press::Press), 2);
    assert!(
        ui.log().iter().any(|l| l.starts_with("Annie")),
        "{:?}",
        ui.log()
    );
}

/// What a seat's phone can send now: its listed choices, an amount in each of its amount
/// fields, and (Illuminati) the actions its tree composes for the cards of its structure.
fn phone_lines(ui: &Ui, seat: usize, walk: &mut boardside::engine::game::PlayRng) -> Vec<String> {
    use rand::Rng;
    let g = ui.game().unwrap();
    let mut out: Vec<String> = g
        .private_choices(ui.desk(), seat)
        .into_iter()
        .map(|(_, line)| line)
        .filter(|l| !l.starts_with("refuse "))
        .collect();
    for a in g.amounts(seat) {
        out.push(a.line_for(walk.random_range(a.least..=a.most)).unwrap());
    }
    if let Some(s) = g.session_any().downcast_ref::<GameSession<Illuminati>>() {
        use boardside::engine::illuminati::Command as C;
        let tree = Illuminati::legal(&s.rules, &s.state)
            .into_iter()
            .filter(|c| {
                matches!(
                    c,
                    C::Attack { .. } | C::Move { .. } | C::Give { .. } | C::Drop { .. }
                ) && s.state.current == seat
            });
        out.extend(tree.map(|c| {
            <Illuminati as boardside::engine::game::Words>::format_command(&s.rules, &s.state, &c)
        }));
    }
    out
}

/// Issue 55: whole games of every family with every seat's decisions made on that seat's
/// phone (the device only set the game up): each step, a seat the game waits on sends one of
/// the lines its phone offers, through `Input::PhoneChoice`. The game never waits on
/// something no phone can send, and it ends.
#[test]
fn whole_games_are_played_from_the_seats_phones_alone() {
    use boardside::engine::game::ToAct;
    use rand::{Rng, SeedableRng};
    fn play(mut ui: Ui, label: &str, cap: usize) -> (bool, usize) {
        let mut walk = boardside::engine::game::PlayRng::seed_from_u64(3);
        let mut commands = 0;
        for _ in 0..cap {
            let g = ui.game().unwrap();
            if g.over() {
                return (true, commands);
            }
            let seats = g.players().len();
            let mut waiting: Vec<usize> = match to_act(&ui) {
                ToAct::One(p) | ToAct::Chance { player: p, .. } => vec![p],
                ToAct::Several(ps) => ps,
                ToAct::Over { .. } => return (true, commands),
            };
            // A computer piece's roll (the grid game) is made from any player's phone.
            waiting.retain(|&p| p < seats);
            if waiting.is_empty() {
                waiting = (0..seats).collect();
            }
            let offers: Vec<(usize, Vec<String>)> = waiting
                .iter()
                .map(|&p| (p, phone_lines(&ui, p, &mut walk)))
                .filter(|(_, lines)| !lines.is_empty())
                .collect();
            assert!(
                !offers.is_empty(),
                "{label}: the game waits on {waiting:?}, whose phones offer nothing: {}",
                ui.game().unwrap().header(ui.desk())
            );
            let (seat, lines) = &offers[walk.random_range(0..offers.len())];
            let line = &lines[walk.random_range(0..lines.len())];
            let (answer, _) = from_phone(&mut ui, *seat, line);
            if answer.is_ok() {
                commands += 1;
            }
        }
        (false, commands)
    }
    fn to_act(ui: &Ui) -> boardside::engine::game::ToAct {
        let g = ui.game().unwrap();
        if let Some(s) = g.session_any().downcast_ref::<GameSession<Property>>() {
            return Property::to_act(&s.rules, &s.state);
        }
        if let Some(s) = g.session_any().downcast_ref::<GameSession<Grid>>() {
            return Grid::to_act(&s.rules, &s.state);
        }
        let s = g
            .session_any()
            .downcast_ref::<GameSession<Illuminati>>()
            .unwrap();
        Illuminati::to_act(&s.rules, &s.state)
    }
    let (over, n) = play(property_table(&[]), "sectionopoly", 20_000);
    assert!(
        over,
        "sectionopoly: not over after {n} commands from phones"
    );
    // Four players, three against one: random orders between two evenly matched sides may go
    // on for thousands of rounds (simulate caps half of its two-player games).
    let rules = boardside::rulesets::load::<Grid>(&ruleset_path("grid")).unwrap();
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let options = Grid::options(&rules, &[]).unwrap();
    let mut grid = GameSession::<Grid>::new(rules, &names, 5, options, None).unwrap();
    for l in [
        "side Ann scientists",
        "side Bob scientists",
        "side Cy scientists",
        "side Dee religionists",
        "start",
    ] {
        assert!(
            !grid.run_line(l).iter().any(|x| x.starts_with("error")),
            "{l}"
        );
    }
    let (over, n) = play(table_of(grid), "grid", 20_000);
    assert!(
        over,
        "the grid game: not over after {n} commands from phones"
    );
    let illuminati = illuminati_started(&[]);
    let (over, n) = play(table_of(illuminati), "illuminati", 20_000);
    assert!(over, "illuminati: not over after {n} commands from phones");
}

/// The records page (issue 58): the tables of the save folder's finished games, each game
/// linked to its report, the exports to download, and nothing outside the folder served.
#[test]
fn the_web_view_shows_the_records_and_each_games_report() {
    let dir = crate::records::folder("web");
    let web = Web::start("127.0.0.1:0").unwrap();
    let (status, _) = ask(web.addr, "GET", "/records", "");
    assert_eq!(status, 404, "no records before the device names its folder");
    web.hub.set_records(dir.clone(), crate::records::rulesets());
    let (status, page) = ask(web.addr, "GET", "/records", "");
    assert_eq!(status, 200);
    for want in [
        "<h2>Players</h2>",
        "<td>Bob</td><td></td><td>6</td><td>3</td><td>1507</td>",
        "<h2>Games</h2>",
        "The UFOs 1/1 (100%)",
        "Cy paid 10658 OPs in rent",
        "href=\"/records/report.svg?game=a-sectionopoly.journal\"",
        "href=\"/records/file?name=boardside.bgsplay\"",
        "z-damaged.journal:5",
    ] {
        assert!(page.contains(want), "no {want:?} in the page");
    }
    let (status, svg) = ask(
        web.addr,
        "GET",
        "/records/report.svg?game=a-sectionopoly.journal",
        "",
    );
    assert_eq!(status, 200);
    assert!(svg.contains("<svg"), "{}", &svg[..svg.len().min(200)]);
    let (status, csv) = ask(web.addr, "GET", "/records/file?name=plays.csv", "");
    assert_eq!(status, 200);
    assert!(csv.starts_with("ended,game,journal,report,"));
    // Issue 68: the game still in play (or one to resume) has no report to read by its name.
    let rules = boardside::rulesets::load::<boardside::engine::property::Property>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rulesets/sectionopoly.toml"
    ))
    .unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let mut live = boardside::session::Session::<boardside::engine::property::Property>::new(
        rules.clone(),
        &names,
        1,
        rules.options.clone(),
        Some(&dir.join("in-play.journal")),
    )
    .unwrap();
    live.run_line("roll 3 4");
    drop(live);
    for bad in [
        "../records.journal",
        "z-damaged.journal",
        "records.cache.json",
        "in-play.journal",
        "",
    ] {
        let (status, _) = ask(
            web.addr,
            "GET",
            &format!("/records/report.svg?game={bad}"),
            "",
        );
        assert_eq!(status, 404, "{bad}");
    }
}

/// Issue 66, "phones stay paired into the next game": a new game forgets every paired phone,
/// even one of the same names, and a restart keeps the pairings only for the game they were
/// made in.
#[test]
fn a_new_game_forgets_every_paired_phone_and_a_restart_keeps_only_its_own_games() {
    use boardside::web::hub::Asked;
    let names = ["Ann".to_string()];
    let view = || ("{}".to_string(), vec!["{}".to_string()]);
    let hub = std::sync::Arc::new(Hub::default());
    let (t, v) = view();
    hub.publish("game-1", &names, t, v);
    let (ticket, code) = hub.ask(here(), None).unwrap();
    hub.claim(&code, 0);
    assert!(matches!(hub.asked(&ticket), Some(Asked::Paired { .. })));
    let saved = hub.pairings();
    assert_eq!(saved.game, "game-1");
    // A restart into the same game keeps Ann's phone.
    let same = Hub::default();
    same.restore(saved.clone());
    let (t, v) = view();
    same.publish("game-1", &names, t, v);
    assert!(same.pairings().keys[0].is_some());
    assert!(matches!(same.asked(&ticket), Some(Asked::Paired { .. })));
    // A restart into another game of the same names forgets it.
    let other = Hub::default();
    other.restore(saved);
    let (t, v) = view();
    other.publish("game-2", &names, t, v);
    assert!(other.pairings().keys[0].is_none());
    assert!(!matches!(other.asked(&ticket), Some(Asked::Paired { .. })));
    // So does a new game without a restart.
    let (t, v) = view();
    hub.publish("game-2", &names, t, v);
    assert!(hub.pairings().keys[0].is_none());
    assert!(!matches!(hub.asked(&ticket), Some(Asked::Paired { .. })));
}

/// Two deals waiting on one player: her token takes the one chosen on the menu (played by
/// hand: with two offers to Ann on the menu, the second chosen, her token carried out the
/// first, at the lower price).
#[test]
fn a_token_takes_the_deal_chosen_on_the_menu_not_the_first_offered() {
    let mut tags = TagMap::default();
    tags.set(
        &Uid(vec![0xA0, 0, 0, 1]),
        TagKind::Player { name: "Ann".into() },
    );
    let mut ui = property_table_tagged(&["set owner oversight Ann"], tags);
    phone_takes(&mut ui, 1, "trade Bob Ann $100 for oversight");
    phone_takes(&mut ui, 2, "trade Cy Ann $150 for oversight");
    // With neither chosen, the token opens Ann's own menu, saying the deals wait for a
    // choice on the main menu.
    let roll = ui
        .labels()
        .iter()
        .position(|l| l == "Roll the dice")
        .unwrap();
    while ui.chosen() != roll {
        key(&mut ui, "j", 1);
    }
    ui.handle(ann(), 1);
    assert_eq!(owner(&ui, "oversight"), Some(0), "{:?}", ui.log());
    let note = ui.desk().note().unwrap_or_default().to_string();
    assert!(
        note.contains("2 deals wait on Ann: choose one on the main menu"),
        "{note}"
    );
    key(&mut ui, "\x7f", 1);
    let at = ui
        .labels()
        .iter()
        .position(|l| l.starts_with("Cy's deal"))
        .unwrap_or_else(|| panic!("Cy's deal is not on the menu: {:?}", ui.labels()));
    while ui.chosen() != at {
        key(&mut ui, "j", 2);
    }
    key(&mut ui, "\r", 3);
    ui.handle(ann(), 4);
    assert_eq!(
        owner(&ui, "oversight"),
        Some(2),
        "{:?} {:?}",
        ui.log(),
        ui.desk().note()
    );
    assert_eq!(ui.session::<Property>().unwrap().state.cash(0), 1500 + 150);
}

/// A deal the rules would refuse is refused as it is offered, in the rule's words, and never
/// put to the other side (played: a gift of money offered from a phone to a computer seat,
/// which sectionopoly forbids, was answered "refuses: its chance 32% -> 0%").
#[test]
fn a_deal_the_rules_refuse_is_refused_when_offered_not_put_to_the_other_side() {
    let mut ui = property_table(&[]);
    let (answer, _) = from_phone(&mut ui, 0, "trade Ann Bob $10 for nothing");
    let why = answer.expect_err("a gift of money is no deal in sectionopoly");
    assert!(why.contains("may not lend or give"), "{why}");
    assert!(ui.desk().offers().is_empty(), "{:?}", ui.desk().offers());
}
