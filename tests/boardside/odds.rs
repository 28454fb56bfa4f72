//! The odds: played out from the public view only (changing only the hidden parts of the true
//! state changes nothing), each seat near 1/n at a symmetric start, a lopsided position
//! given to its leader, and the steady players better than random ones where it shows.

use std::sync::atomic::AtomicBool;

use boardside::engine::game::{Family, Play, PlayRng};
use boardside::odds::{estimate, Odds, Rollouts};
use boardside::session::Session;
use rand::SeedableRng;

fn ruleset<F: Family>(name: &str) -> F::Rules {
    boardside::rulesets::load::<F>(format!(
        "{}/rulesets/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn game<F: Family>(name: &str, players: &[&str], lines: &str) -> Session<F> {
    let rules = ruleset::<F>(name);
    let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    let opts = boardside::tools::options::<F>(&rules, &["first_player=listed".to_string()])
        .or_else(|_| boardside::tools::options::<F>(&rules, &[]))
        .unwrap();
    let mut s = Session::<F>::new(rules, &names, 3, opts, None).unwrap();
    for l in lines.lines() {
        let out = s.run_line(l);
        assert!(!out.iter().any(|x| x.starts_with("error")), "{l}: {out:?}");
    }
    s
}

/// What the odds say, their time aside.
fn said(o: &Odds) -> (Vec<String>, Vec<f64>, u64, u64) {
    (o.sides.clone(), o.wins.clone(), o.games, o.unfinished)
}

fn odds<F: Family>(s: &Session<F>, state: &F::State, games: u64) -> Odds {
    let cfg = Rollouts {
        games,
        seed: 7,
        max_turns: 200,
        jobs: 2,
    };
    estimate::<F>(
        &s.rules,
        state,
        &s.header.players,
        &cfg,
        &AtomicBool::new(false),
    )
    .unwrap()
}

#[test]
fn property_odds_never_read_the_unseen_order_of_the_decks() {
    use boardside::engine::property::Property;
    let s = game::<Property>(
        "sectionopoly",
        &["Ann", "Bob", "Cy"],
        "roll 1 2\nbuy\nend\n",
    );
    let mut other = s.state.clone();
    let mut rng = PlayRng::seed_from_u64(99);
    for d in other.decks.iter_mut() {
        *d = d.redrawn(&mut rng);
    }
    assert_ne!(other.decks, s.state.decks, "the true orders differ");
    assert_eq!(said(&odds(&s, &s.state, 300)), said(&odds(&s, &other, 300)));
}

#[test]
fn illuminati_odds_never_read_the_hands_or_the_ufos_goal() {
    use boardside::engine::illuminati::Illuminati;
    let s = game::<Illuminati>(
        "illuminati",
        &["Ann", "Bob", "Cy"],
        "illuminati Ann bavarian\nilluminati Bob ufos\ngoal Bob gnomes\nilluminati Cy gnomes\n\
         uncontrolled cia big-media post-office moonies\nstart\ndraw special swiss-bank\nend\n\
         draw special assassination\nend\n",
    );
    let mut other = s.state.clone();
    let r = &s.rules;
    for p in other.players.iter_mut() {
        for slot in p.specials.iter_mut() {
            *slot = r.special("bribery");
        }
    }
    other.players[1].goal = r.card("network");
    assert_ne!(other, s.state);
    assert_eq!(said(&odds(&s, &s.state, 300)), said(&odds(&s, &other, 300)));
}

#[test]
fn grid_odds_never_read_a_sealed_order() {
    use boardside::engine::grid::Grid;
    let s = game::<Grid>(
        "grid",
        &["Ann", "Bob", "Cy", "Dee"],
        "side Ann scientists\nside Bob scientists\nside Cy religionists\nside Dee religionists\n\
         start\nroll 2 3\nroll 3 3\nroll 9 9\nroll 10 10\norder Ann attack\n",
    );
    let mut other = s.state.clone();
    other.pieces[0].order = Some(boardside::engine::grid::state::Order::Pray);
    assert_ne!(other, s.state);
    assert_eq!(said(&odds(&s, &s.state, 200)), said(&odds(&s, &other, 200)));
}

#[test]
fn at_a_symmetric_start_each_seat_is_near_one_in_n() {
    use boardside::engine::property::Property;
    let s = game::<Property>("sectionopoly", &["Ann", "Bob", "Cy", "Dee"], "");
    let o = odds(&s, &s.state, 2000);
    for i in 0..4 {
        let gap = (o.chance(i) - 0.25).abs();
        // Within the interval, with a little room for the first player's move.
        assert!(gap <= o.margin(i) + 0.03, "{:?}", o.lines());
    }
}

#[test]
fn a_player_with_hotels_on_two_full_groups_against_cash_for_three_rents_is_over_ninety() {
    use boardside::engine::property::Property;
    let s = game::<Property>(
        "sectionopoly",
        &["Ann", "Bob"],
        "set owner strategy-room Ann\nset owner operations-floor Ann\nset owner red-cell-wing Ann\n\
         set owner weapons-locker Ann\nset owner firing-range Ann\nset owner tactical-room Ann\n\
         set buildings strategy-room 5\nset buildings operations-floor 5\nset buildings red-cell-wing 5\n\
         set buildings weapons-locker 5\nset buildings firing-range 5\nset buildings tactical-room 5\n\
         set cash Bob 3000\n",
    );
    let o = odds(&s, &s.state, 500);
    assert!(o.chance(0) > 0.9, "{:?}", o.lines());
}

#[test]
fn the_steady_property_player_buys_what_it_lands_on_with_cash_to_spare() {
    use boardside::engine::property::Property;
    let s = game::<Property>("sectionopoly", &["Ann", "Bob"], "roll 1 2\n");
    // Offered Oversight with 1,500 in hand: the steady player buys.
    let mut rng = PlayRng::seed_from_u64(1);
    let cmd = Property::steady(&s.rules, &s.state, None, &mut rng);
    assert_eq!(cmd, Some(boardside::engine::property::Command::Buy));
}

/// The chart of chances and its turning points, drawn for a short game of this family.
fn story<F: Family>(name: &str, players: &[&str], lines: &str) {
    let s = game::<F>(name, players, lines);
    let cfg = Rollouts {
        games: 40,
        seed: 1,
        max_turns: 100,
        jobs: 2,
    };
    let panels = boardside::odds::over_the_game::<F>(&s.rules, &s.header.players, &s.steps(), &cfg);
    match &panels[..] {
        [boardside::report::Panel::Lines { series, .. }, boardside::report::Panel::Notes { lines, .. }] =>
        {
            assert_eq!(series.len(), F::standing(&s.rules, &s.state).scores.len());
            assert!(series.iter().all(|l| l.points.len() >= 2), "{series:?}");
            assert!(!lines.is_empty());
        }
        other => panic!("{other:?}"),
    }
    let out =
        std::env::temp_dir().join(format!("boardside-odds-{}-{name}.svg", std::process::id()));
    let report = boardside::report::Report {
        title: name.into(),
        panels,
    };
    boardside::report::write(&report, &out).unwrap();
    let svg = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    assert!(svg.contains("Chance to win") && svg.contains("Turning points"));
}

#[test]
fn the_report_draws_each_familys_chances_over_the_game_and_its_turning_points() {
    use boardside::engine::grid::Grid;
    use boardside::engine::illuminati::Illuminati;
    use boardside::engine::property::Property;
    story::<Property>(
        "sectionopoly",
        &["Ann", "Bob"],
        "roll 1 2\nbuy\nend\nroll 1 2\nend\nroll 3 4\nend\n",
    );
    story::<Grid>(
        "grid",
        &["Ann", "Bob", "Cy", "Dee"],
        "side Ann scientists\nside Bob scientists\nside Cy religionists\nside Dee religionists\n\
         start\nroll 2 3\nroll 3 3\nroll 9 9\nroll 10 10\norder Ann attack\norder Bob pray\n\
         order Ann pray\norder Bob pray\n",
    );
    story::<Illuminati>(
        "illuminati",
        &["Ann", "Bob", "Cy"],
        "illuminati Ann bavarian\nilluminati Bob ufos\ngoal Bob gnomes\nilluminati Cy gnomes\n\
         uncontrolled cia big-media post-office moonies\nstart\ndraw fbi\n\
         attack control bavarian cia\nroll 2 3\nend\ndraw special\npass\n",
    );
}

/// The one playout (`engine::playout::play_on`, issue 67): its cap counts player-turns from
/// where it starts, whatever the game's own count, so a rollout from late in a game plays as
/// far as one from its start (the odds' rollouts once stopped at once past turn 200).
#[test]
fn a_playout_is_capped_by_turns_from_where_it_starts() {
    use boardside::engine::game::{Events, Play, PlayRng};
    use boardside::engine::playout::{play_on, Stop};
    use boardside::engine::property::Property;
    use rand::SeedableRng;
    let rules = boardside::rulesets::load::<Property>(&format!(
        "{}/rulesets/sectionopoly.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let names: Vec<String> = ["A", "B", "C", "D"].iter().map(|n| n.to_string()).collect();
    let mut g = boardside::session::Session::<Property>::new(
        rules.clone(),
        &names,
        4,
        rules.options.clone(),
        None,
    )
    .unwrap();
    let mut rng = PlayRng::seed_from_u64(4);
    while Property::turns(&g.rules, &g.state).unwrap_or(0) < 230 && !g.over() {
        let c = Property::random_command(&g.rules, &g.state, &mut rng).unwrap();
        g.command(c).unwrap();
    }
    assert!(!g.over(), "the game went on past turn 230");
    let mut s = g.state.clone();
    let at = Property::turns(&rules, &s).unwrap();
    let mut events = Events {
        kept: false,
        ..Events::default()
    };
    let mut seen = Vec::new();
    let (stop, played) = play_on::<Property>(
        &rules,
        &mut s,
        10,
        &mut events,
        |s| Property::steady(&rules, s, None, &mut rng),
        |_, t| seen.push(t),
    )
    .unwrap();
    match stop {
        Stop::Cap => {
            assert_eq!(played, 10);
            assert_eq!(Property::turns(&rules, &s).unwrap(), at + 10);
            assert_eq!(seen, (1..=10).collect::<Vec<u64>>());
        }
        Stop::Over => assert!(boardside::engine::game::is_over::<Property>(&rules, &s)),
        Stop::NoMove => panic!("the steady player had no move"),
    }
}

/// Played by hand (the grid game, round 1, two pieces a side spread over the board): the odds
/// read "scientists 100% ±0", every one of the 2,000 games stopped at the cap and given to the
/// side a point of strip ahead. The steady player, the one the odds and the strong seat's
/// playouts use, stunned any awake enemy beside it, and two such enemies stunned each other
/// each time they woke, round after round, to the cap. The games now end, and the odds are
/// the games'.
#[test]
fn grid_odds_from_an_even_start_are_played_to_the_end_not_given_to_a_leader() {
    use boardside::engine::grid::Grid;
    let s = game::<Grid>(
        "grid",
        &["Ann", "Bob", "Cy"],
        "side Ann scientists\nside Bob religionists\nside Cy scientists\nstart\nroll 8 6\n\
         roll 12 2\nroll 12 7\nroll 7 10\norder Bob down\norder Cy left\n",
    );
    let o = odds(&s, &s.state, 400);
    assert!(
        o.unfinished * 4 < o.games,
        "{} of {} capped",
        o.unfinished,
        o.games
    );
    for side in 0..2 {
        assert!((0.1..0.9).contains(&o.chance(side)), "{:?}", o.lines());
    }
}
