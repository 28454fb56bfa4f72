//! `cargo bench`: the engine's speed figures (printed, never asserted; the machines are shared).
//! - one command: `decide` on a mid-game state, then `apply` of its events (no rendering);
//! - random play: player-turns per second with buying, auctions, building and trades on;
//! - resume: replaying a 10,000-command journal from disk.

use boardside::engine::game::Family;
use boardside::engine::property::{Property, Ruleset};
use boardside::session::PropertySession as Session;
use boardside::simulate::{self, Config};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::hint::black_box;
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let rules = Ruleset::load(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rulesets/sectionopoly.toml"
    ))
    .expect("ruleset");
    let names = simulate::names(4);

    // Mid-game states with the command the random player would choose next.
    let mut cases = Vec::new();
    for seed in 0..50u64 {
        let setup = Property::setup(
            &rules,
            &names,
            &rules.options,
            &mut StdRng::seed_from_u64(seed),
        );
        let (mut s, _) = Property::new_game(&rules, &names, &rules.options, &setup).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..300 {
            if s.over {
                break;
            }
            let cmd = Property::random_command(&rules, &s, &mut rng).unwrap();
            Property::execute(&rules, &mut s, &cmd).unwrap();
        }
        if !s.over {
            let cmd = Property::random_command(&rules, &s, &mut rng).unwrap();
            cases.push((s, cmd));
        }
    }
    let rounds = 2000;
    let mut samples = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        for _ in 0..rounds {
            for (s, cmd) in &cases {
                let events = Property::execute(&rules, &mut s.clone(), cmd).unwrap();
                let mut after = s.clone();
                for e in &events {
                    Property::apply(&rules, &mut after, e);
                }
                black_box(after);
            }
        }
        samples.push(t.elapsed().as_secs_f64() * 1e9 / (rounds * cases.len()) as f64);
    }
    println!(
        "one command (decide on a copy + apply), median: {:.0} ns",
        median(samples)
    );

    let cfg = Config {
        players: 4,
        games: 300,
        seed: 1,
        max_turns: 1000,
        check: false,
    };
    let report = simulate::run::<Property>(&rules, &rules.options, &cfg).unwrap();
    for l in report.lines().iter().take(5) {
        println!("random play, 4 players: {l}");
    }

    // A journal of 10,000 commands (8 players, so the game lasts), then resume it.
    let dir = std::env::temp_dir().join(format!("boardside-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("long.journal");
    let mut made = 0;
    for seed in 0.. {
        let _ = std::fs::remove_file(&path);
        let mut session = Session::new(
            rules.clone(),
            &simulate::names(8),
            seed,
            rules.options.clone(),
            Some(&path),
        )
        .unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        while !session.state.over && session.history.len() < 10_000 {
            let cmd = Property::random_command(&rules, &session.state, &mut rng).unwrap();
            session.command(cmd).unwrap();
        }
        made = session.history.len();
        if made == 10_000 {
            break;
        }
    }
    let bytes = std::fs::metadata(&path).unwrap().len();
    let mut samples = Vec::new();
    for _ in 0..15 {
        let t = Instant::now();
        let (s, _) = Session::resume(rules.clone(), &path).unwrap().unwrap();
        black_box(&s.state);
        samples.push(t.elapsed().as_secs_f64() * 1e3);
    }
    println!(
        "resume a {made}-command journal ({:.1} MB), median: {:.1} ms",
        bytes as f64 / 1e6,
        median(samples)
    );
    std::fs::remove_dir_all(&dir).unwrap();

    device(&rules);
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
    use boardside::hw::config::TableConfig;
    use boardside::hw::pi::OledScreen;
    use boardside::hw::{Button, Frame, Input, Press, Screen};
    use boardside::tags::TagMap;
    use boardside::ui::{render::render, Setup, Ui};

    let names = simulate::names(4);
    let mut samples = Vec::new();
    let mut frame = Frame::default();
    for seed in 0..300u64 {
        let session =
            Session::new(rules.clone(), &names, seed, rules.options.clone(), None).unwrap();
        let mut ui = Ui::new(
            Some(session),
            TagMap::default(),
            TableConfig::default(),
            Setup::default(),
        );
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

    // One number changing: a player's cash on the turn screen.
    let mut listed = rules.options.clone();
    listed.first_player = boardside::engine::property::options::FirstPlayer::Listed;
    let session = Session::new(rules.clone(), &names, 1, listed, None).unwrap();
    let mut ui = Ui::new(
        Some(session),
        TagMap::default(),
        TableConfig::default(),
        Setup::default(),
    );
    let mut screen = OledScreen::new(NullBus, 0x3C).unwrap();
    render(&ui, &mut frame);
    let full = screen.show(&frame).unwrap();
    let se = ui.session.as_mut().unwrap();
    let who = se.state.players[se.state.current].name.clone();
    let out = se.run_line(&format!("set cash {who} 1460"));
    assert!(!out.iter().any(|l| l.starts_with("error")), "{out:?}");
    ui.dirty = true;
    render(&ui, &mut frame);
    let one = screen.show(&frame).unwrap();
    println!("device: bytes flushed, whole frame: {full}; one number changing: {one}");
}
