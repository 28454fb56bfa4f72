//! `cargo bench`: the speed figures of every family (printed, never asserted; the machines are
//! shared): one command decided on a mid-game state and its events applied; random play in
//! player-turns per second on one core and on every core (with the scaling); a journal of up
//! to 10,000 commands replayed from disk; then the device's button-to-frame time.
//! `cargo bench -- NAME` runs one family only (sectionopoly, grid, illuminati, device);
//! `cargo bench -- hear` how well the device hears what can be said (`hear`); `cargo bench --
//! speed` the instructions of each family's heaviest strong decision, the odds and random play
//! (`speed`, under valgrind).

mod hear;
mod speed;

use boardside::engine::game::Family;
use boardside::engine::game::PlayRng;
use boardside::engine::grid::Grid;
use boardside::engine::illuminati::Illuminati;
use boardside::engine::property::{Property, Ruleset};
use boardside::session::Session;
use boardside::simulate::{self, Config};
use rand::SeedableRng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Counts heap allocations, so the bench can show that random play allocates (next to)
/// nothing per command (issue 13: a hot path without allocation).
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed straight to the system allocator; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(rest) = args.strip_prefix(&["--count".to_string()]) {
        return speed::count(rest);
    }
    let path = speed::path;
    // `cargo bench` passes `--bench`; any other word picks what to run.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    // Words after "speed" name the rulesets it counts, not the timed figures to run.
    let speed_at = only.iter().position(|o| o == "speed");
    let timed = &only[..speed_at.unwrap_or(only.len())];
    let wanted = |name: &str| only.is_empty() || timed.iter().any(|o| o == name);
    let rules =
        boardside::rulesets::load::<boardside::engine::property::Property>(&path("sectionopoly"))
            .expect("ruleset");
    if wanted("sectionopoly") {
        family::<Property>("sectionopoly", &path("sectionopoly"), 4);
    }
    if wanted("grid") {
        family::<Grid>("grid", &path("grid"), 4);
    }
    if wanted("illuminati") {
        family::<Illuminati>("illuminati", &path("illuminati"), 4);
    }
    if wanted("device") {
        device(&rules);
    }
    // Hearing spawns the recogniser hundreds of times: asked for by name only.
    if only.iter().any(|o| o == "hear") {
        hear::run();
    }
    // Counting instructions runs valgrind dozens of times: asked for by name only.
    if let Some(at) = speed_at {
        speed::run(&only[at + 1..]);
    }
}

/// One family's figures: a command decided and applied, random play on one core and on every
/// core, and a journal replayed.
fn family<F: Family>(label: &str, ruleset: &str, players: usize) {
    let rules = boardside::rulesets::load::<F>(ruleset).expect("ruleset");
    let options = F::options(&rules, &[]).unwrap();

    // Mid-game states with the command the random player would choose next.
    let mut cases = Vec::new();
    for seed in 0..50u64 {
        let mut s = simulate::start::<F>(&rules, &options, players, seed).unwrap();
        let mut rng = PlayRng::seed_from_u64(seed);
        for _ in 0..300 {
            if !F::legal(&rules, &s).is_empty()
                && boardside::engine::game::winners::<F>(&rules, &s).is_none()
            {
                let cmd = F::random_command(&rules, &s, &mut rng).unwrap();
                boardside::engine::game::execute::<F>(&rules, &mut s, &cmd).unwrap();
            }
        }
        if boardside::engine::game::winners::<F>(&rules, &s).is_none() {
            if let Some(cmd) = F::random_command(&rules, &s, &mut rng) {
                cases.push((s, cmd));
            }
        }
    }
    let rounds = 200;
    let mut samples = Vec::new();
    for _ in 0..15 {
        let t = Instant::now();
        for _ in 0..rounds {
            for (s, cmd) in &cases {
                let events =
                    boardside::engine::game::execute::<F>(&rules, &mut s.clone(), cmd).unwrap();
                let mut after = s.clone();
                for e in &events {
                    F::apply(&rules, &mut after, e);
                }
                black_box(after);
            }
        }
        samples.push(t.elapsed().as_secs_f64() * 1e9 / (rounds * cases.len().max(1)) as f64);
    }
    println!(
        "{label}: one command (decide on a copy + apply), median of {} states: {:.0} ns",
        cases.len(),
        median(samples)
    );

    // Random play: one core, then every core (the same games, so the same figures). Enough
    // games for about a second on one core (at least 400): a short run's scaling is mostly
    // the threads starting and the last game finishing alone.
    let mut cfg = Config {
        players,
        games: 100,
        seed: 1,
        max_turns: 1000,
        check: false,
        steady: false,
    };
    let trial = simulate::run_jobs::<F>(&rules, &options, &cfg, 1).unwrap();
    cfg.games = ((cfg.games as f64 / trial.seconds.max(1e-3)) as u64).clamp(400, 20_000);
    let allocations = ALLOCATIONS.load(Ordering::Relaxed);
    let one = simulate::run_jobs::<F>(&rules, &options, &cfg, 1).unwrap();
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - allocations;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let all = simulate::run_jobs::<F>(&rules, &options, &cfg, cores).unwrap();
    let rate = |r: &simulate::Report| r.player_turns as f64 / r.seconds.max(1e-9);
    println!(
        "{label}: random play, {players} players: {:.0} player-turns/s on one core \
         ({:.0} commands/s, {:.1} games/s)",
        rate(&one),
        one.commands as f64 / one.seconds.max(1e-9),
        one.games as f64 / one.seconds.max(1e-9)
    );
    println!(
        "{label}: heap allocations in random play: {:.3} a command ({allocations} in {} \
         commands, {} games set up included)",
        allocations as f64 / one.commands.max(1) as f64,
        one.commands,
        one.games
    );
    println!(
        "{label}: random play on {cores} cores: {:.0} player-turns/s, {:.0}% of linear",
        rate(&all),
        100.0 * rate(&all) / (rate(&one) * cores as f64)
    );

    // The odds: rollouts by the steady player, one core, from the start and from mid-game
    // (the first of the mid-game states above), as the device plays them out.
    let start = simulate::start::<F>(&rules, &options, players, 1).unwrap();
    let rollouts = boardside::odds::Rollouts {
        jobs: 1,
        ..Default::default()
    };
    let never = std::sync::atomic::AtomicBool::new(false);
    for (when, state) in [("start", &start), ("mid-game", &cases[0].0)] {
        let o = boardside::odds::estimate::<F>(&rules, state, &[], &rollouts, &never).unwrap();
        println!(
            "{label}: odds from the {when}: {:.0} rollouts/s on one core ({} games of at most \
             {} turns in {:.3} s, {} stopped at the cap)",
            o.games as f64 / o.seconds.max(1e-9),
            o.games,
            rollouts.max_turns,
            o.seconds,
            o.unfinished
        );
    }

    // The longest journal of the first seeds (up to 10,000 commands), then resume it.
    let dir = std::env::temp_dir().join(format!("boardside-bench-{}-{label}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let best = dir.join("long.journal");
    let mut made = 0;
    for seed in 0..20u64 {
        let path = dir.join("try.journal");
        let _ = std::fs::remove_file(&path);
        let many = simulate::names(players.max(if label == "sectionopoly" { 8 } else { 0 }));
        let mut session =
            Session::<F>::new(rules.clone(), &many, seed, options.clone(), Some(&path)).unwrap();
        let mut rng = PlayRng::seed_from_u64(seed);
        while !session.over() && session.history.len() < 10_000 {
            let Some(cmd) = F::random_command(&rules, &session.state, &mut rng) else {
                break;
            };
            session.command(cmd).unwrap();
        }
        if session.history.len() > made {
            made = session.history.len();
            std::fs::rename(&path, &best).unwrap();
        }
        if made == 10_000 {
            break;
        }
    }
    let bytes = std::fs::metadata(&best).unwrap().len();
    let mut samples = Vec::new();
    for _ in 0..10 {
        let t = Instant::now();
        let (s, _) = Session::<F>::resume(rules.clone(), &best).unwrap().unwrap();
        black_box(&s.state);
        samples.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let ms = median(samples);
    println!(
        "{label}: resume a {made}-command journal ({:.2} MB), median: {ms:.1} ms \
         ({:.1} us a command)",
        bytes as f64 / 1e6,
        ms * 1e3 / made.max(1) as f64
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An I2C bus that accepts everything (the screen counts the bytes itself).
struct NullBus;
impl embedded_hal::i2c::ErrorType for NullBus {
    type Error = core::convert::Infallible;
}
impl embedded_hal::i2c::I2c for NullBus {
    fn transaction(
        &mut self,
        _: u8,
        _: &mut [embedded_hal::i2c::Operation<'_>],
    ) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// The device: a button press through the UI and the engine into the frame, and what one
/// changed number costs on the I2C bus.
fn device(rules: &Ruleset) {
    use boardside::config::TableConfig;
    use boardside::hw::pi::OledScreen;
    use boardside::hw::{Button, Frame, Input, Press, Screen};
    use boardside::tags::TagMap;
    use boardside::ui::setup::Setup;
    use boardside::ui::{render::render, Ui};

    let names = simulate::names(4);
    // A 4-player table of seed `seed` on the device.
    let table = |seed: u64| {
        let session =
            Session::<Property>::new(rules.clone(), &names, seed, rules.options.clone(), None)
                .unwrap();
        let mut ui = Ui::new(TagMap::default(), TableConfig::default(), Setup::default());
        ui.handle(boardside::ui::Input::open(session), 0);
        ui
    };
    let mut samples = Vec::new();
    let mut frame = Frame::default();
    for seed in 0..300u64 {
        let mut ui = table(seed);
        for i in 0..6u64 {
            let t = Instant::now();
            ui.handle(Input::Button(Button::Roll, Press::Press), i * 100);
            render(&ui, &mut frame);
            samples.push(t.elapsed().as_secs_f64() * 1e6);
            black_box(&frame);
        }
    }
    println!(
        "device: button -> engine -> frame, median: {:.0} us",
        median(samples)
    );

    // The same presses on two tables at once, alternating so the machine's noise falls on
    // both alike: one with no web view, one with the web view on and nine phones holding the
    // table's view open (issue 33). There the frame comes first and the views after it
    // (`Web::tick`, timed apart), as in the device loop.
    let mut web = boardside::web::Web::start("127.0.0.1:0").unwrap();
    let viewers: Vec<_> = (0..9)
        .map(|_| {
            let addr = web.addr;
            std::thread::spawn(move || {
                use std::io::{Read, Write};
                let mut s = std::net::TcpStream::connect(addr).unwrap();
                let _ = write!(s, "GET /events HTTP/1.1\r\nHost: bench\r\n\r\n");
                let mut buf = [0u8; 65536];
                while s.read(&mut buf).is_ok_and(|n| n > 0) {}
            })
        })
        .collect();
    let (mut alone, mut pressed, mut views) = (Vec::new(), Vec::new(), Vec::new());
    for seed in 0..300u64 {
        let (mut a, mut b) = (table(seed), table(seed));
        web.tick(&mut b, 1, &boardside::ui::effects::Effects::default());
        for i in 0..6u64 {
            for (ui, with_web) in [(&mut a, false), (&mut b, true)] {
                let t = Instant::now();
                ui.handle(Input::Button(Button::Roll, Press::Press), i * 100);
                render(ui, &mut frame);
                let took = t.elapsed().as_secs_f64() * 1e6;
                black_box(&frame);
                if with_web {
                    pressed.push(took);
                    let t = Instant::now();
                    web.tick(ui, 1, &boardside::ui::effects::Effects::default());
                    views.push(t.elapsed().as_secs_f64() * 1e6);
                } else {
                    alone.push(took);
                }
                // Presses a little apart, as at a table: the phones take their views between
                // them (back to back, the bench would time the two cores' contention).
                std::thread::sleep(std::time::Duration::from_millis(3));
            }
        }
    }
    println!(
        "device, presses 3 ms apart: button -> engine -> frame, median: {:.0} us; with the web \
         view and nine viewers: {:.0} us, then the views made: {:.0} us",
        median(alone),
        median(pressed),
        median(views)
    );
    drop(viewers);

    // One number changing: a player's cash on the turn screen.
    let mut listed = rules.options.clone();
    listed.first_player = boardside::engine::property::options::FirstPlayer::Listed;
    let session = Session::<Property>::new(rules.clone(), &names, 1, listed.clone(), None).unwrap();
    let who = session.state.players[session.state.current].name.clone();
    let mut ui = Ui::new(TagMap::default(), TableConfig::default(), Setup::default());
    ui.handle(boardside::ui::Input::open(session), 0);
    let mut screen = OledScreen::new(NullBus, 0x3C).unwrap();
    render(&ui, &mut frame);
    let full = screen.show(&frame).unwrap();
    let set = ui.handle(
        boardside::ui::Input::Line(format!("set cash {who} 1460")),
        0,
    );
    set.outcome().unwrap();
    ui.handle(boardside::ui::Input::PutAwayNote, 0);
    render(&ui, &mut frame);
    let one = screen.show(&frame).unwrap();
    println!("device: bytes flushed, whole frame: {full}; one number changing: {one}");

    // A strong computer seat thinking in its thread while the table presses: the same presses
    // (DOWN on the turn's menu) on a table whose seat to act is a person, and on one whose seat
    // to act is a strong computer seat working out its move (many playouts, so it is busy
    // throughout), alternating.
    let thinking = |computer: bool| {
        let mut session =
            Session::<Property>::new(rules.clone(), &names, 1, listed.clone(), None).unwrap();
        if computer {
            session
                .set_computers(vec![boardside::computer::ComputerSeat {
                    seat: 0,
                    level: boardside::computer::Level::Strong,
                    deals: true,
                }])
                .unwrap();
        }
        let cfg = TableConfig {
            computer_playouts: 1_000_000,
            computer_ms: 0,
            ..TableConfig::default()
        };
        let mut ui = Ui::new(TagMap::default(), cfg, Setup::default());
        ui.handle(boardside::ui::Input::open(session), 0);
        // The device loop runs the seat's job in a thread of its own.
        let workers = boardside::ui::worker::Runner::default();
        workers.start(ui.handle(Input::Tick(1), 1).jobs);
        (ui, workers)
    };
    let ((mut person, _idle), (mut cpu, _working)) = (thinking(false), thinking(true));
    let (mut alone, mut busy) = (Vec::new(), Vec::new());
    for i in 0..2000u64 {
        for (ui, with_cpu) in [(&mut person, false), (&mut cpu, true)] {
            let t = Instant::now();
            ui.handle(Input::Button(Button::Down, Press::Press), 10 + i);
            render(ui, &mut frame);
            let took = t.elapsed().as_secs_f64() * 1e6;
            black_box(&frame);
            if with_cpu {
                busy.push(took)
            } else {
                alone.push(took)
            }
        }
    }
    println!(
        "device: button -> frame, median: {:.0} us; while a strong computer seat thinks in its \
         thread: {:.0} us",
        median(alone),
        median(busy)
    );
}
