//! The grid game's resolution cases, in the style of the Diplomacy adjudicator test cases:
//! each test is one case (its id in the name, its intent in the doc line), given a position
//! and the sealed orders, with the expected result. Pieces are placed with `place` before
//! `start`, on an empty board (walls=none) unless the case adds walls.

use boardside::engine::grid::state::{Action, Dir, Field, Part, Phase, State, Team};
use boardside::engine::grid::{Grid, GridRules};
use boardside::session::Session;
use rand::rngs::StdRng;

pub type Board = super::At<Grid>;

fn rules() -> GridRules {
    boardside::rulesets::load::<Grid>(&format!(
        "{}/rulesets/grid.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// `pieces`: "Ann:s:5,5 Bob:r:6,5" (name, s or r, column, row); `setup` lines run before
/// `start` (walls); `options` as KEY=VALUE.
fn board_with(pieces: &str, setup: &[&str], options: &[&str]) -> Board {
    let r = rules();
    let mut o = r.options.clone();
    o.no_walls = true;
    for kv in options {
        let (k, v) = kv.split_once('=').unwrap();
        o.set(k, v).unwrap();
    }
    let specs: Vec<Vec<&str>> = pieces
        .split_whitespace()
        .map(|p| p.split(':').collect())
        .collect();
    let names: Vec<String> = specs.iter().map(|p| p[0].to_string()).collect();
    let s = Session::<Grid>::new(r, &names, 7, o, None).unwrap();
    let mut b = Board::of(s);
    for p in &specs {
        let team = if p[1] == "s" {
            "scientists"
        } else {
            "religionists"
        };
        let (c, r) = p[2].split_once(',').unwrap();
        b.ok(&format!("side {} {team}", p[0]));
        b.ok(&format!("place {} {c} {r}", p[0]));
    }
    for l in setup {
        b.ok(l);
    }
    b.ok("start");
    b
}

/// A game without walls for `names`, seed 3, with the computer's pieces it adds: `lines` run
/// in order (sides, places, `start`, the computer pieces' places).
fn with_computers(names: &[&str], lines: &[&str]) -> Session<Grid> {
    let r = rules();
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let mut o = r.options.clone();
    o.no_walls = true;
    let mut s = Session::<Grid>::new(r, &names, 3, o, None).unwrap();
    for l in lines {
        s.run_line(l);
    }
    s
}

fn board(pieces: &str) -> Board {
    board_with(pieces, &[], &[])
}

impl Board {
    /// The round's orders ("Ann right right"); every line but the last must be accepted.
    pub fn round(&mut self, orders: &[&str]) -> &mut Board {
        let mut all = Vec::new();
        for o in orders {
            self.ok(&format!("order {o}"));
            all.extend(self.lines.clone());
        }
        self.lines = all;
        self
    }
    fn i(&self, name: &str) -> usize {
        self.s.state.index_of(name).unwrap()
    }
    pub fn at(&self, name: &str) -> (u8, u8) {
        self.s.state.pieces[self.i(name)].at.unwrap()
    }
    pub fn stunned(&self, name: &str) -> u32 {
        self.s.state.pieces[self.i(name)].stunned
    }
    pub fn team(&self, name: &str) -> Team {
        self.s.state.pieces[self.i(name)].team.unwrap()
    }
    pub fn wonder(&self, name: &str) -> u32 {
        self.s.state.pieces[self.i(name)].wonder
    }
    pub fn count(&self, name: &str, a: Action) -> u32 {
        self.s.state.pieces[self.i(name)].count(a)
    }
    pub fn sticker(&self, name: &str, p: Part) -> &'static str {
        self.s.state.pieces[self.i(name)].sticker(p).word()
    }
    pub fn strip(&self, t: Team) -> u32 {
        self.s.state.strips[t.index()]
    }
    pub fn round_no(&self) -> u32 {
        self.s.state.round
    }
}

// ---- A. Moves -------------------------------------------------------------------------------

/// G.A.1 One move card moves one field.
#[test]
fn g_a_01_a_single_step_moves_one_field() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9");
    b.round(&["Ann right", "Bob pray"]);
    assert_eq!(b.at("Ann"), (6, 5));
    assert!(b.said("Ann moves right to (6,5)"), "{:?}", b.lines);
}

/// G.A.2 Row 1 is the top: up is row - 1, down row + 1, left column - 1.
#[test]
fn g_a_02_up_is_toward_row_one() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9 Cy:s:2,2 Dee:r:12,12");
    b.round(&["Ann up", "Bob down", "Cy left", "Dee right"]);
    assert_eq!(b.at("Ann"), (5, 4));
    assert_eq!(b.at("Bob"), (9, 10));
    assert_eq!(b.at("Cy"), (1, 2));
    assert_eq!(b.at("Dee"), (13, 12));
}

/// G.A.3 A step off the board fails.
#[test]
fn g_a_03_a_step_off_the_board_fails() {
    let mut b = board("Ann:s:1,1 Bob:r:13,19");
    b.round(&["Ann left", "Bob down"]);
    assert_eq!(b.at("Ann"), (1, 1));
    assert_eq!(b.at("Bob"), (13, 19));
    assert!(b.said("blocked by the edge of the board"), "{:?}", b.lines);
}

/// G.A.4 A step across a wall fails, with the wall named.
#[test]
fn g_a_04_a_step_into_a_wall_fails() {
    let mut b = board_with("Ann:s:5,7 Bob:r:9,9", &["wall 5 7 east"], &[]);
    b.round(&["Ann right", "Bob pray"]);
    assert_eq!(b.at("Ann"), (5, 7));
    assert!(
        b.said("Ann: step 1 (right) from (5,7) blocked by the wall east of (5,7)"),
        "{:?}",
        b.lines
    );
}

/// G.A.5 A wall on a field's south edge blocks the step up from the field below, and a wall
/// on the east edge blocks the step left from the field beyond it.
#[test]
fn g_a_05_walls_block_from_both_sides() {
    let mut b = board_with(
        "Ann:s:5,5 Bob:r:7,5",
        &["wall 5 4 south", "wall 6 5 east"],
        &[],
    );
    b.round(&["Ann up", "Bob left"]);
    assert_eq!(b.at("Ann"), (5, 5));
    assert_eq!(b.at("Bob"), (7, 5));
}

/// G.A.6 A 2-unit wall of the ruleset covers two edges in a line.
#[test]
fn g_a_06_a_two_unit_wall_blocks_both_of_its_edges() {
    // rulesets/grid.toml: a 2-unit wall east of (3,3), so also east of (3,4).
    let mut b = board_with("Ann:s:3,3 Bob:r:3,4", &[], &["walls=default"]);
    b.round(&["Ann right", "Bob right"]);
    assert_eq!(b.at("Ann"), (3, 3));
    assert_eq!(b.at("Bob"), (3, 4));
}

/// G.A.7 Green feet allow one move card; two are refused.
#[test]
fn g_a_07_green_feet_refuse_two_move_cards() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9");
    let why = b.refused("order Ann right right");
    assert!(why.contains("feet allow 1 move card"), "{why}");
}

/// G.A.8 Yellow feet move up to two fields, red up to three, in the order given.
#[test]
fn g_a_08_yellow_and_red_feet_move_two_and_three_fields() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9");
    b.ok("set sticker Ann feet yellow")
        .ok("set sticker Bob feet red");
    b.round(&["Ann right down", "Bob left left up"]);
    assert_eq!(b.at("Ann"), (6, 6));
    assert_eq!(b.at("Bob"), (7, 8));
}

/// G.A.9 A failed step ends that player's stack for the round.
#[test]
fn g_a_09_a_blocked_step_ends_the_stack() {
    let mut b = board_with("Ann:s:5,5 Bob:r:9,9", &["wall 6 5 east"], &[]);
    b.ok("set sticker Ann feet red");
    b.round(&["Ann right right down", "Bob pray"]);
    assert_eq!(
        b.at("Ann"),
        (6, 5),
        "the third card is not played after the second failed"
    );
    assert!(b.said("step 2 (right) from (6,5) blocked by the wall east of (6,5); the rest of the stack is lost"), "{:?}", b.lines);
}

/// G.A.10 Two pieces stepping into the same field both fail (DATC 6.A.11).
#[test]
fn g_a_10_two_pieces_into_one_field_both_fail() {
    let mut b = board("Ann:s:4,5 Bob:r:6,5");
    b.round(&["Ann right", "Bob left"]);
    assert_eq!(b.at("Ann"), (4, 5));
    assert_eq!(b.at("Bob"), (6, 5));
    assert!(b.said("another piece stepping into the same field"));
}

/// G.A.11 Three pieces into one field all fail; the third does not walk into the field the
/// first two bounced from (DATC 6.A.12).
#[test]
fn g_a_11_three_pieces_into_one_field_all_fail() {
    let mut b = board("Ann:s:4,5 Bob:r:6,5 Cy:s:5,4 Dee:r:9,9");
    b.round(&["Ann right", "Bob left", "Cy down", "Dee pray"]);
    assert_eq!(b.at("Ann"), (4, 5));
    assert_eq!(b.at("Bob"), (6, 5));
    assert_eq!(b.at("Cy"), (5, 4));
}

/// G.A.12 A step into a field whose piece stays fails.
#[test]
fn g_a_12_a_step_into_a_field_whose_piece_stays_fails() {
    let mut b = board("Ann:s:4,5 Bob:r:5,5");
    b.round(&["Ann right", "Bob pray"]);
    assert_eq!(b.at("Ann"), (4, 5));
    assert!(
        b.said("blocked by Bob, who stays on that field"),
        "{:?}",
        b.lines
    );
}

/// G.A.13 A piece may follow into a field being vacated in the same step (DATC 6.E.1).
#[test]
fn g_a_13_a_step_into_a_field_being_vacated_succeeds() {
    let mut b = board("Ann:s:4,5 Bob:r:5,5");
    b.round(&["Ann right", "Bob right"]);
    assert_eq!(b.at("Ann"), (5, 5));
    assert_eq!(b.at("Bob"), (6, 5));
}

/// G.A.14 A chain of three pieces moves together.
#[test]
fn g_a_14_a_chain_of_three_moves_together() {
    let mut b = board("Ann:s:3,5 Bob:r:4,5 Cy:s:5,5 Dee:r:9,9");
    b.round(&["Ann right", "Bob right", "Cy right", "Dee pray"]);
    assert_eq!(
        (b.at("Ann"), b.at("Bob"), b.at("Cy")),
        ((4, 5), (5, 5), (6, 5))
    );
}

/// G.A.15 A rotation of four pieces, each into the next one's field, succeeds (DATC 6.C.1).
#[test]
fn g_a_15_a_rotation_succeeds() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5 Cy:s:6,6 Dee:r:5,6");
    b.round(&["Ann right", "Bob down", "Cy left", "Dee up"]);
    assert_eq!(
        (b.at("Ann"), b.at("Bob"), b.at("Cy"), b.at("Dee")),
        ((6, 5), (6, 6), (5, 6), (5, 5))
    );
}

/// G.A.16 A rotation with one blocked member: nobody moves (DATC 6.C.3).
#[test]
fn g_a_16_a_rotation_disrupted_by_a_wall_keeps_everyone_in_place() {
    let mut b = board_with(
        "Ann:s:5,5 Bob:r:6,5 Cy:s:6,6 Dee:r:5,6",
        &["wall 5 5 south"],
        &[],
    );
    b.round(&["Ann right", "Bob down", "Cy left", "Dee up"]);
    assert_eq!(
        (b.at("Ann"), b.at("Bob"), b.at("Cy"), b.at("Dee")),
        ((5, 5), (6, 5), (6, 6), (5, 6))
    );
}

/// G.A.17 Two pieces swapping fields both fail: they do not pass through each other.
#[test]
fn g_a_17_a_swap_fails_for_both() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5");
    b.round(&["Ann right", "Bob left"]);
    assert_eq!((b.at("Ann"), b.at("Bob")), ((5, 5), (6, 5)));
    assert!(b.said("two pieces cannot swap fields"));
}

/// G.A.18 A chain behind a blocked piece stays: the failure travels back.
#[test]
fn g_a_18_a_chain_behind_a_blocked_piece_stays() {
    let mut b = board_with(
        "Ann:s:4,5 Bob:r:5,5 Cy:s:9,9 Dee:r:1,1",
        &["wall 5 5 east"],
        &[],
    );
    b.round(&["Ann right", "Bob right", "Cy pray", "Dee pray"]);
    assert_eq!((b.at("Ann"), b.at("Bob")), ((4, 5), (5, 5)));
}

/// G.A.19 Steps are simultaneous: a second step may enter a field left in the first.
#[test]
fn g_a_19_a_second_step_enters_a_field_left_in_the_first() {
    let mut b = board("Ann:s:5,5 Bob:r:7,5");
    b.ok("set sticker Ann feet yellow");
    b.round(&["Ann right right", "Bob right"]);
    assert_eq!((b.at("Ann"), b.at("Bob")), ((7, 5), (8, 5)));
}

/// G.A.20 A second step into a field another piece reached in the first step, and stays on,
/// fails.
#[test]
fn g_a_20_a_second_step_into_a_field_taken_in_the_first_fails() {
    let mut b = board("Ann:s:5,5 Bob:r:8,5");
    b.ok("set sticker Ann feet yellow");
    b.round(&["Ann right right", "Bob left"]);
    assert_eq!((b.at("Ann"), b.at("Bob")), ((6, 5), (7, 5)));
}

/// G.A.21 A piece stepping into the edge does not stop another piece entering its target.
#[test]
fn g_a_21_a_piece_blocked_by_the_edge_does_not_contest_a_field() {
    let mut b = board("Ann:s:1,5 Bob:r:3,5");
    b.round(&["Ann left", "Bob left"]);
    assert_eq!((b.at("Ann"), b.at("Bob")), ((1, 5), (2, 5)));
}

/// G.A.22 Move cards and other cards do not mix; at most one attack or prayer.
#[test]
fn g_a_22_mixed_cards_are_refused() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9");
    assert!(b.refused("order Ann right attack").contains("do not mix"));
    assert!(b.refused("order Ann attack pray").contains("not several"));
    assert!(b.refused("order Ann jump").contains("not a card"));
    assert!(b.refused("order Zed up").contains("unknown player"));
}

/// G.A.23 Re-sealing before the reveal replaces the order.
#[test]
fn g_a_23_resealing_replaces_the_order() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9");
    b.round(&["Ann right", "Ann left", "Bob pray"]);
    assert_eq!(b.at("Ann"), (4, 5));
}

/// G.A.24 A sealed order is never shown to the table before the reveal.
#[test]
fn g_a_24_sealed_cards_are_hidden_until_the_reveal() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9");
    b.ok("order Ann right");
    assert_eq!(b.lines, vec!["Ann has sealed their order".to_string()]);
    let table = b.s.run_line("state").join("");
    assert!(
        table.contains("\"sealed\":true") && !table.contains("right"),
        "{table}"
    );
    let own = b.s.run_line("state --as Ann").join("");
    assert!(own.contains("\"order\":\"right\""), "{own}");
    let other = b.s.run_line("state --as Bob").join("");
    assert!(!other.contains("right"), "{other}");
    b.round(&["Bob pray"]);
    assert!(b.said("orders: Ann right; Bob pray"), "{:?}", b.lines);
}

// ---- B. Attacks and stuns -------------------------------------------------------------------

/// G.B.1 An attack stuns every enemy on the 8 fields around, diagonals included, for 2
/// rounds with green hands.
#[test]
fn g_b_01_an_attack_stuns_every_enemy_around() {
    let mut b = board("Ann:s:5,5 Bob:r:6,6 Cy:s:9,9 Dee:r:4,5");
    b.round(&["Ann attack", "Bob pray", "Cy pray", "Dee pray"]);
    assert_eq!((b.stunned("Bob"), b.stunned("Dee")), (2, 2));
    assert!(
        b.said("Ann attacks: Bob is stunned for 2 rounds (green hands)"),
        "{:?}",
        b.lines
    );
}

/// G.B.2 Teammates and pieces two fields away are not hit.
#[test]
fn g_b_02_an_attack_spares_teammates_and_the_far_away() {
    let mut b = board("Ann:s:5,5 Bob:r:7,5 Cy:s:6,5 Dee:r:9,9");
    b.round(&["Ann attack", "Bob pray", "Cy pray", "Dee pray"]);
    assert_eq!((b.stunned("Bob"), b.stunned("Cy")), (0, 0));
}

/// G.B.3 Yellow hands stun for 3 rounds, red for 4.
#[test]
fn g_b_03_yellow_and_red_hands_stun_longer() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5 Cy:s:10,10 Dee:r:11,11");
    b.ok("set sticker Ann hands yellow")
        .ok("set sticker Cy hands red");
    b.round(&["Ann attack", "Bob pray", "Cy attack", "Dee pray"]);
    assert_eq!((b.stunned("Bob"), b.stunned("Dee")), (3, 4));
}

/// G.B.4 Attacks come after moves: a piece that moved in is hit.
#[test]
fn g_b_04_an_attack_hits_a_piece_that_moved_in() {
    let mut b = board("Ann:s:5,5 Bob:r:7,5");
    b.round(&["Ann attack", "Bob left"]);
    assert_eq!(b.stunned("Bob"), 2);
}

/// G.B.5 ...and misses a piece that moved out; with nobody around it still counts.
#[test]
fn g_b_05_an_attack_misses_a_piece_that_moved_out_and_still_counts() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5");
    b.round(&["Ann attack", "Bob right"]);
    assert_eq!(b.stunned("Bob"), 0);
    assert!(b.said("nobody of the other team is around"));
    assert_eq!(b.count("Ann", Action::Attack), 1);
}

/// G.B.6 A stun counts the following rounds: the player seals nothing for exactly that many
/// rounds, then plays again.
#[test]
fn g_b_06_a_stunned_player_sits_out_exactly_the_following_rounds() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5 Cy:s:12,1 Dee:r:1,19");
    b.round(&["Ann attack", "Bob pray", "Cy pray", "Dee pray"]);
    assert!(b
        .refused("order Bob up")
        .contains("stunned for 2 more round"));
    b.round(&["Ann pray", "Cy pray", "Dee pray"]);
    assert!(b
        .refused("order Bob up")
        .contains("stunned for 1 more round"));
    b.round(&["Ann pray", "Cy pray", "Dee pray"]);
    assert_eq!(b.stunned("Bob"), 0);
    b.round(&["Ann pray", "Bob up", "Cy pray", "Dee pray"]);
    assert_eq!(b.at("Bob"), (6, 4));
}

/// G.B.7 Another stun on a stunned player sets the longer of the two, without adding.
#[test]
fn g_b_07_overlapping_stuns_take_the_longer_without_adding() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5 Cy:s:7,5 Dee:r:1,19");
    b.ok("set sticker Cy hands yellow");
    b.round(&["Ann attack", "Bob pray", "Cy attack", "Dee pray"]);
    assert_eq!(b.stunned("Bob"), 3, "max(2, 3), not 5");
}

/// G.B.8 Attacks are simultaneous: two enemies attacking each other are both stunned (and
/// with nobody left to seal, the two rounds they sit out are played on without them).
#[test]
fn g_b_08_simultaneous_attacks_stun_each_other() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5");
    b.round(&["Ann attack", "Bob attack"]);
    assert!(
        b.said("Ann attacks: Bob is stunned for 2 rounds"),
        "{:?}",
        b.lines
    );
    assert!(
        b.said("Bob attacks: Ann is stunned for 2 rounds"),
        "{:?}",
        b.lines
    );
    assert_eq!((b.stunned("Ann"), b.stunned("Bob")), (2, 2));
    // Nobody may seal: the table plays the two rounds they sit out with `next`.
    assert!(b.refused("order Ann up").contains("stunned"));
    b.ok("next");
    assert!(
        b.said("orders: Ann (stunned); Bob (stunned)"),
        "{:?}",
        b.lines
    );
    b.ok("next");
    assert_eq!(
        b.round_no(),
        4,
        "rounds 2 and 3 sat out, round 4 waits for orders"
    );
    assert_eq!((b.stunned("Ann"), b.stunned("Bob")), (0, 0));
    assert!(b
        .refused("next")
        .contains("waits for sealed orders from Ann, Bob"));
}

/// G.B.9 Walls do not shield from an attack: the 8 fields around reach over them.
#[test]
fn g_b_09_walls_do_not_stop_an_attack() {
    let mut b = board_with("Ann:s:5,5 Bob:r:6,5", &["wall 5 5 east"], &[]);
    b.round(&["Ann attack", "Bob pray"]);
    assert_eq!(b.stunned("Bob"), 2);
}

/// G.B.10 A second, shorter stun given while one runs neither adds a round nor restarts the
/// running one: Bob, stunned for rounds 2-5 (red hands in round 1), is stunned again in round
/// 2 for 2 rounds (rounds 3 and 4, inside the first): he is refused in round 5 and acts in
/// round 6.
#[test]
fn g_b_10_a_shorter_second_stun_neither_adds_a_round_nor_restarts_the_first() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5 Cy:s:7,5 Dee:r:1,19");
    b.ok("set sticker Ann hands red");
    b.round(&["Ann attack", "Bob pray", "Cy pray", "Dee pray"]);
    assert_eq!(b.stunned("Bob"), 4, "rounds 2, 3, 4 and 5");
    b.round(&["Ann pray", "Cy attack", "Dee pray"]);
    assert_eq!(
        b.stunned("Bob"),
        3,
        "rounds 3, 4 and 5: the longer, as it was"
    );
    for round in 3..=5 {
        assert_eq!(b.round_no(), round);
        assert!(
            b.refused("order Bob up").contains("stunned"),
            "round {round}"
        );
        b.round(&["Ann pray", "Cy pray", "Dee pray"]);
    }
    assert_eq!(b.round_no(), 6);
    b.round(&["Ann pray", "Bob up", "Cy pray", "Dee pray"]);
    assert_eq!(b.at("Bob"), (6, 4), "Bob acts in round 6");
}

/// G.B.11 A longer second stun given while one runs sets the longer from the round after:
/// stunned for rounds 2-3, then in round 2 for 4 more rounds (3-6), he acts in round 7.
#[test]
fn g_b_11_a_longer_second_stun_runs_from_the_round_after_it() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5 Cy:s:7,5 Dee:r:1,19");
    b.ok("set sticker Cy hands red");
    b.round(&["Ann attack", "Bob pray", "Cy pray", "Dee pray"]);
    assert_eq!(b.stunned("Bob"), 2, "rounds 2 and 3");
    b.round(&["Ann pray", "Cy attack", "Dee pray"]);
    assert_eq!(b.stunned("Bob"), 4, "rounds 3, 4, 5 and 6");
    for _ in 3..=6 {
        assert!(b.refused("order Bob up").contains("stunned"));
        b.round(&["Ann pray", "Cy pray", "Dee pray"]);
    }
    b.round(&["Ann pray", "Bob up", "Cy pray", "Dee pray"]);
    assert_eq!(b.at("Bob"), (6, 4), "Bob acts in round 7");
}

/// A journal the earlier release saved, where a shorter second stun restarted the running
/// one (tests/fixtures/grid-overlapping-stuns.jsonl, written by the release before the fix
/// of G.B.10): it resumes into the very state that release had (Bob stunned for 3 more rounds
/// at round 4), and a new game of the same lines gets the corrected count (2).
#[test]
fn a_journal_of_the_earlier_stun_reading_resumes_into_the_state_it_had() {
    let (resumed, path) =
        super::resume_fixture::<Grid>(rules(), "grid-overlapping-stuns.jsonl", |text| {
            assert!(!text.contains("earlier_stuns"), "not the earlier release's")
        });
    let bob = resumed.state.index_of("Bob").unwrap();
    assert_eq!(resumed.state.round, 4);
    assert_eq!(
        resumed.state.pieces[bob].stunned, 3,
        "as that release had it"
    );
    let mut now = board("Ann:s:5,5 Bob:r:6,5 Cy:s:7,5 Dee:r:1,19");
    now.ok("set sticker Ann hands red");
    now.round(&["Ann attack", "Bob pray", "Cy pray", "Dee pray"]);
    now.round(&["Ann pray", "Cy attack", "Dee pray"]);
    now.round(&["Ann pray", "Cy pray", "Dee pray"]);
    assert_eq!(now.stunned("Bob"), 2, "the corrected count");
    let _ = std::fs::remove_file(&path);
}

/// A journal the release before G.F.8 and G.F.9 saved (tests/fixtures/grid-earlier-computer
/// .jsonl): its computer's piece attacked Ann, awake but alone, twice. A replay works the
/// computer's orders out again, so it resumes with that release's orders (`earlier_computer`)
/// into the very state it had; a new game of the same lines leaves Ann alone.
#[test]
fn a_journal_of_the_earlier_computer_orders_resumes_into_the_state_it_had() {
    let (resumed, path) =
        super::resume_fixture::<Grid>(rules(), "grid-earlier-computer.jsonl", |text| {
            assert!(
                !text.contains("earlier_computer"),
                "not the earlier release's"
            )
        });
    assert_eq!(resumed.state.round, 8);
    assert_eq!(
        resumed.state.pieces[0].stunned, 2,
        "stunned again in round 7"
    );
    assert!(resumed.state.earlier_computer);
    let _ = std::fs::remove_file(&path);
    let mut now = with_computers(
        &["Ann"],
        &[
            "side Ann scientists",
            "place Ann 5 5",
            "start",
            "place cpu1 6 5",
        ],
    );
    assert!(
        !now.state.earlier_computer,
        "a new game plays today's computer"
    );
    let out = now.run_line("order Ann pray");
    assert!(
        !out.iter().any(|l| l.starts_with("cpu1 attacks")),
        "{out:?}"
    );
}

/// A journal the release before G.F.8's last reading saved (tests/fixtures/grid-earlier-mates
/// .jsonl): Cy, a person, walked away from his teammate cpu1, and cpu1 prayed alone in round 2,
/// waiting for him. A replay works the computer's orders out again, so it resumes with that
/// release's orders (`earlier_mates`) into the very state it had; a new game of the same lines
/// has cpu1 walk to Cy.
#[test]
fn a_journal_of_the_earlier_wait_for_a_teammate_resumes_into_the_state_it_had() {
    let (resumed, path) =
        super::resume_fixture::<Grid>(rules(), "grid-earlier-mates.jsonl", |text| {
            assert!(!text.contains("earlier_mates"), "not the earlier release's")
        });
    let cpu1 = resumed.state.index_of("cpu1").unwrap();
    assert!(resumed.state.earlier_mates);
    assert_eq!(resumed.state.round, 3);
    assert_eq!(resumed.state.pieces[cpu1].at, Some((12, 10)), "it waited");
    let _ = std::fs::remove_file(&path);
    let r = rules();
    let mut o = r.options.clone();
    o.no_walls = true;
    let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut now = Session::<Grid>::new(r, &names, 3, o, None).unwrap();
    for l in [
        "side Ann scientists",
        "side Bob scientists",
        "side Cy religionists",
        "place Ann 1 1",
        "place Bob 1 19",
        "place Cy 12 8",
        "start",
        "place cpu1 12 10",
        "set stun cpu1 1",
        "order Ann pray",
        "order Bob pray",
        "order Cy up",
        "order Ann pray",
        "order Bob pray",
        "order Cy pray",
    ] {
        now.run_line(l);
    }
    assert!(
        !now.state.earlier_mates,
        "a new game plays today's computer"
    );
    assert_eq!(now.state.round, 3);
    assert_eq!(
        now.state.pieces[cpu1].at,
        Some((12, 9)),
        "it walked towards Cy"
    );
}

/// A journal the release before G.D.9 saved (tests/fixtures/grid-earlier-wonder.jsonl): the
/// religionists' strip filled as they converted the last scientist, and the table rolled the
/// d6 for Cy's wonder before the win. It resumes with that draw (`earlier_wonders`) into the
/// very state it had; a new game draws no holder there (G.D.9).
#[test]
fn a_journal_of_the_earlier_wonder_draw_resumes_into_the_state_it_had() {
    let (resumed, path) =
        super::resume_fixture::<Grid>(rules(), "grid-earlier-wonder.jsonl", |text| {
            assert!(
                !text.contains("earlier_wonders"),
                "not the earlier release's"
            )
        });
    let s = &resumed.state;
    assert!(s.earlier_wonders);
    assert_eq!(s.winner, Some(Team::Religionists));
    assert_eq!(
        s.pieces[s.index_of("Cy").unwrap()].wonder,
        5,
        "drawn by the d6"
    );
    let _ = std::fs::remove_file(&path);
}

// ---- C. Prayer and study --------------------------------------------------------------------

/// G.C.1 A prayer with no praying teammate around has no effect, but it is counted.
#[test]
fn g_c_01_prayer_without_a_praying_neighbour_has_no_effect() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9 Cy:s:6,5 Dee:r:1,1");
    b.round(&["Ann study", "Bob pray", "Cy right", "Dee down"]);
    assert_eq!(b.strip(Team::Scientists), 0);
    assert_eq!(b.count("Ann", Action::Pray), 1);
    assert!(b.said("Ann studies alone: no effect"), "{:?}", b.lines);
}

/// G.C.2 Two praying teammates side by side each add their head's units.
#[test]
fn g_c_02_prayer_with_a_praying_neighbour_fills_the_strip() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9 Cy:s:6,6 Dee:r:1,1");
    b.round(&["Ann study", "Bob pray", "Cy study", "Dee down"]);
    assert_eq!(b.strip(Team::Scientists), 2);
    assert!(
        b.said("Ann studies with Cy: +1 to the scientists strip (green head)"),
        "{:?}",
        b.lines
    );
}

/// G.C.3 Yellow and red heads add 2 and 3 units.
#[test]
fn g_c_03_the_head_sets_the_units() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9 Cy:s:6,6 Dee:r:1,1");
    b.ok("set sticker Ann head yellow")
        .ok("set sticker Cy head red");
    b.round(&["Ann study", "Bob pray", "Cy study", "Dee down"]);
    assert_eq!(b.strip(Team::Scientists), 5);
}

/// G.C.4 A praying neighbour of the other team does not count.
#[test]
fn g_c_04_an_enemy_praying_next_door_does_not_count() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5");
    b.round(&["Ann study", "Bob pray"]);
    assert_eq!(
        (b.strip(Team::Scientists), b.strip(Team::Religionists)),
        (0, 0)
    );
}

/// G.C.5 Prayer is judged after the moves: pieces that walked together pray together.
#[test]
fn g_c_05_prayer_counts_from_the_new_positions() {
    let mut b = board("Ann:s:5,5 Bob:r:9,9 Cy:s:7,5 Dee:r:1,1");
    b.ok("set sticker Cy feet yellow");
    b.round(&["Ann study", "Bob pray", "Cy left", "Dee down"]);
    assert_eq!(b.strip(Team::Scientists), 0, "Cy moved, so Cy did not pray");
    b.round(&["Ann study", "Bob pray", "Cy study", "Dee down"]);
    assert_eq!(b.strip(Team::Scientists), 2);
}

// ---- D. The big wonder ----------------------------------------------------------------------

/// G.D.1 A full strip empties; a d6 draws the holder among the team, in seat order.
#[test]
fn g_d_01_a_full_strip_empties_and_a_d6_draws_the_holder() {
    let mut b = board_with(
        "Ann:s:5,5 Bob:r:9,9 Cy:s:6,6 Dee:r:1,1",
        &[],
        &["strip_length=2"],
    );
    b.round(&["Ann study", "Bob pray", "Cy study", "Dee down"]);
    assert_eq!(b.strip(Team::Scientists), 0);
    assert!(matches!(
        b.s.state.phase,
        Phase::Wonder {
            team: Team::Scientists
        }
    ));
    assert!(
        b.said("roll a d6 for the big wonder (1 = Ann, 2 = Cy)"),
        "{:?}",
        b.lines
    );
    assert!(b.refused("order Ann up").contains("being drawn"));
    b.ok("roll 2");
    assert_eq!(b.wonder("Cy"), 5);
    assert!(
        b.said("Cy holds the big wonder for the next 5 rounds"),
        "{:?}",
        b.lines
    );
    assert_eq!(b.round_no(), 2);
}

/// G.D.2 A roll above the team's size is rolled again.
#[test]
fn g_d_02_a_wonder_roll_above_the_team_size_is_rolled_again() {
    let mut b = board_with(
        "Ann:s:5,5 Bob:r:9,9 Cy:s:6,6 Dee:r:1,1",
        &[],
        &["strip_length=2"],
    );
    b.round(&["Ann study", "Bob pray", "Cy study", "Dee down"]);
    b.ok("roll 5");
    assert!(
        b.said("the d6 shows 5: the scientists have only 2 members; roll again"),
        "{:?}",
        b.lines
    );
    assert!(matches!(b.s.state.phase, Phase::Wonder { .. }));
    assert!(b.refused("roll 7").contains("a d6 shows 1 to 6"));
    b.ok("roll 1");
    assert_eq!(b.wonder("Ann"), 5);
}

/// G.D.3 Both strips filling in one round draw both wonders, the scientists' first.
#[test]
fn g_d_03_both_strips_filling_in_one_round_draw_both_wonders() {
    let mut b = board_with(
        "Ann:s:5,5 Bob:r:9,9 Cy:s:6,6 Dee:r:10,10",
        &[],
        &["strip_length=2"],
    );
    b.round(&["Ann study", "Bob pray", "Cy study", "Dee pray"]);
    assert!(matches!(
        b.s.state.phase,
        Phase::Wonder {
            team: Team::Scientists
        }
    ));
    b.ok("roll 1");
    assert!(matches!(
        b.s.state.phase,
        Phase::Wonder {
            team: Team::Religionists
        }
    ));
    b.ok("roll 2");
    assert_eq!((b.wonder("Ann"), b.wonder("Dee")), (5, 5));
    assert_eq!(b.s.state.phase, Phase::Orders);
}

/// G.D.4 The holder converts the other team's neighbours in each of the next 5 rounds, from
/// the round after the draw.
#[test]
fn g_d_04_the_holder_converts_neighbours_for_the_next_five_rounds() {
    let mut b = board("Ann:s:5,5 Bob:r:12,12 Cy:s:1,1 Dee:r:1,19 Eve:r:7,5 Fay:s:13,1");
    b.ok("set wonder Ann 5");
    // The correction acts at once: this round, Eve is two fields away; Bob walks nowhere.
    b.round(&[
        "Ann pray", "Bob pray", "Cy pray", "Dee pray", "Eve left", "Fay pray",
    ]);
    assert_eq!(
        b.team("Eve"),
        Team::Scientists,
        "Eve stepped next to Ann and converted"
    );
    assert!(
        b.said("Eve is converted by Ann's wonder and now plays with the scientists"),
        "{:?}",
        b.lines
    );
    assert_eq!(b.wonder("Ann"), 4);
    for _ in 0..4 {
        b.round(&[
            "Ann pray", "Bob pray", "Cy pray", "Dee pray", "Eve pray", "Fay pray",
        ]);
    }
    assert_eq!(b.wonder("Ann"), 0);
}

/// G.D.5 A wonder drawn this round converts nobody until the next round.
#[test]
fn g_d_05_a_wonder_drawn_this_round_acts_from_the_next() {
    let mut b = board_with(
        "Ann:s:5,5 Bob:r:9,9 Cy:s:6,6 Dee:r:6,4",
        &[],
        &["strip_length=2"],
    );
    b.round(&["Ann study", "Bob pray", "Cy study", "Dee pray"]);
    b.ok("roll 1");
    assert_eq!(b.team("Dee"), Team::Religionists, "not yet");
    b.round(&["Ann pray", "Bob pray", "Cy pray", "Dee pray"]);
    assert_eq!(b.team("Dee"), Team::Scientists);
}

/// G.D.5b With `stunned_holder_converts=false`, a holder stunned this round still converts
/// this round (a stun counts only the rounds that follow: the same piece still prays this
/// round), and converts nobody while the stun runs.
#[test]
fn g_d_05b_a_holder_stunned_this_round_converts_this_round_in_the_other_reading() {
    let mut b = board_with(
        "Ann:s:5,5 Bob:r:6,5 Cy:s:1,1 Dee:r:5,7",
        &[],
        &["stunned_holder_converts=false"],
    );
    b.ok("set wonder Ann 5");
    b.round(&["Ann pray", "Bob attack", "Cy pray", "Dee pray"]);
    assert_eq!(b.stunned("Ann"), 2, "stunned for rounds 2 and 3");
    assert_eq!(b.team("Bob"), Team::Scientists, "converted in round 1");
    // Round 2: Ann sits out her stun, and her wonder converts nobody; Dee steps next to her.
    b.round(&["Bob pray", "Cy pray", "Dee up"]);
    assert_eq!(b.at("Dee"), (5, 6));
    assert_eq!(
        b.team("Dee"),
        Team::Religionists,
        "no conversion while stunned"
    );
}

/// G.D.6 A holder is never converted; converts keep stickers and counts.
#[test]
fn g_d_06_a_holder_is_not_converted_and_converts_keep_their_notebook() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5 Cy:s:1,1 Dee:r:7,5");
    b.ok("set wonder Ann 5").ok("set wonder Bob 5");
    b.ok("set sticker Dee feet yellow")
        .ok("set count Dee move 7");
    b.round(&["Ann pray", "Bob pray", "Cy pray", "Dee pray"]);
    assert_eq!(
        (b.team("Ann"), b.team("Bob")),
        (Team::Scientists, Team::Religionists)
    );
    assert_eq!(
        b.team("Dee"),
        Team::Religionists,
        "Dee is next to Bob only, a teammate"
    );
    b.ok("set team Dee religionists");
    b.ok("place Dee 4 6");
    b.round(&["Ann pray", "Bob pray", "Cy pray", "Dee pray"]);
    assert_eq!(b.team("Dee"), Team::Scientists);
    assert_eq!(b.sticker("Dee", Part::Feet), "yellow");
    assert_eq!(b.count("Dee", Action::Move), 7);
    assert!(b.s.state.pieces[3].converted);
}

/// G.D.7 A team of one needs no roll: its member holds the wonder. (Cy's study fills the
/// strip, then Bob's wonder converts Cy in the same wonder step, before the draw.)
#[test]
fn g_d_07_a_team_of_one_needs_no_roll() {
    let mut b = board_with(
        "Ann:s:5,5 Bob:r:7,7 Cy:s:6,6 Dee:r:1,19",
        &[],
        &["strip_length=2"],
    );
    b.ok("set wonder Bob 5");
    b.round(&["Ann study", "Bob pray", "Cy study", "Dee pray"]);
    assert_eq!(b.team("Cy"), Team::Religionists);
    assert!(
        b.said("Ann is the only one of the scientists: no roll needed"),
        "{:?}",
        b.lines
    );
    assert_eq!(b.wonder("Ann"), 5);
    assert_eq!(b.s.state.phase, Phase::Orders);
}

// ---- E. Notebook and stickers ---------------------------------------------------------------

/// G.E.1 A stack counts one movement; a move that never left its field counts nothing.
#[test]
fn g_e_01_a_stack_counts_once_and_a_failed_move_not_at_all() {
    let mut b = board("Ann:s:5,5 Bob:r:1,1");
    b.ok("set sticker Ann feet red");
    b.round(&["Ann right right right", "Bob left"]);
    assert_eq!(b.count("Ann", Action::Move), 1);
    assert_eq!(b.count("Bob", Action::Move), 0);
}

/// G.E.2 At exactly 10 the feet turn yellow, from the next round, and the screen says so.
#[test]
fn g_e_02_an_upgrade_at_exactly_ten() {
    let mut b = board("Ann:s:5,5 Bob:r:1,1");
    b.ok("set count Ann move 9");
    b.round(&["Ann right", "Bob pray"]);
    assert_eq!(b.count("Ann", Action::Move), 10);
    assert_eq!(b.sticker("Ann", Part::Feet), "yellow");
    assert!(
        b.said("Ann: change the sticker on the feet to yellow (2 move cards from the next round)"),
        "{:?}",
        b.lines
    );
    b.round(&["Ann right right", "Bob pray"]);
    assert_eq!(b.at("Ann"), (8, 5));
}

/// G.E.3 At 9 nothing changes; at 25 the part turns red.
#[test]
fn g_e_03_no_upgrade_at_nine_and_red_at_twenty_five() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5");
    b.ok("set count Ann attack 8");
    b.round(&["Ann attack", "Bob pray"]);
    assert_eq!(b.sticker("Ann", Part::Hands), "green");
    b.ok("set count Ann attack 24")
        .ok("set sticker Ann hands yellow");
    b.round(&["Ann attack"]);
    assert_eq!(b.sticker("Ann", Part::Hands), "red");
}

// ---- F. Setup and the end -------------------------------------------------------------------

/// G.F.1 Computer seats join the smaller team until the teams are even.
#[test]
fn g_f_01_computer_seats_even_the_teams() {
    let r = rules();
    let names: Vec<String> = ["Ann", "Bob", "Cy"].iter().map(|s| s.to_string()).collect();
    let mut s = Session::<Grid>::new(r.clone(), &names, 3, r.options.clone(), None).unwrap();
    for l in [
        "side Ann scientists",
        "side Bob scientists",
        "side Cy scientists",
        "start",
    ] {
        s.run_line(l);
    }
    let cpus: Vec<_> = s.state.pieces.iter().filter(|p| p.computer).collect();
    assert_eq!(cpus.len(), 3);
    assert!(cpus.iter().all(|p| p.team == Some(Team::Religionists)));
    assert_eq!(cpus[0].name, "cpu1");
}

/// G.F.2 Placement rolls again off the board or onto a taken field; `roll D1 D2` takes the
/// table's dice.
#[test]
fn g_f_02_placement_rolls_again_off_the_board_or_onto_a_taken_field() {
    let r = rules();
    let names: Vec<String> = ["Ann", "Bob"].iter().map(|s| s.to_string()).collect();
    let mut s = Session::<Grid>::new(r.clone(), &names, 3, r.options.clone(), None).unwrap();
    for l in ["side Ann scientists", "side Bob religionists", "start"] {
        s.run_line(l);
    }
    let out = s.run_line("roll 14 3");
    assert!(out[0].contains("column 14 is off the board"), "{out:?}");
    s.run_line("roll 4 3");
    let out = s.run_line("roll 4 3");
    assert!(out[0].contains("(4,3) is taken by Ann"), "{out:?}");
    let out = s.run_line("roll 4 20");
    assert!(out[0].contains("row 20 is off the board"), "{out:?}");
    s.run_line("roll 5 19");
    assert_eq!(s.state.pieces[1].at, Some((5, 19)));
    assert_eq!(s.state.phase, Phase::Orders);
}

/// G.F.3 The game ends after a round that leaves a team with no players; the winners are
/// the team's members never converted, converts listed apart; orders after it are refused.
#[test]
fn g_f_03_the_game_ends_when_a_team_has_no_players() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5");
    b.ok("set wonder Ann 5");
    b.round(&["Ann pray", "Bob pray"]);
    assert_eq!(b.s.state.winner, Some(Team::Scientists));
    assert!(
        b.said("the scientists win: Ann (converts, listed apart: Bob)"),
        "{:?}",
        b.lines
    );
    let v = b.s.run_line("state").join("");
    assert!(
        v.contains("\"winner\":\"scientists\"")
            && v.contains("\"winners\":[\"Ann\"]")
            && v.contains("\"converts\":[\"Bob\"]"),
        "{v}"
    );
    assert!(b.refused("order Ann up").contains("the game is over"));
}

/// G.F.4 The notebook is a table, one row per player.
#[test]
fn g_f_04_the_notebook_shows_counts_stickers_stun_and_wonder() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5");
    b.round(&["Ann attack", "Bob pray"]);
    let nb = b.s.run_line("notebook");
    assert!(
        nb[0].contains("moves") && nb[0].contains("wonder"),
        "{nb:?}"
    );
    assert!(
        nb[1].starts_with("Ann") && nb[1].contains("scientists"),
        "{nb:?}"
    );
    assert!(
        nb[2].starts_with("Bob") && nb[2].trim_end().ends_with('0'),
        "{nb:?}"
    );
}

/// G.F.5 When every human is stunned, `next` plays each round with the computer seats alone.
#[test]
fn g_f_05_rounds_go_on_while_every_human_is_stunned() {
    let r = rules();
    let names: Vec<String> = vec!["Ann".into()];
    let mut s = Session::<Grid>::new(r.clone(), &names, 3, r.options.clone(), None).unwrap();
    for l in [
        "side Ann scientists",
        "place Ann 5 5",
        "start",
        "place cpu1 9 9",
    ] {
        s.run_line(l);
    }
    // cpu1 stands by the table's hand; stun Ann for two rounds: the computer plays them alone.
    assert_eq!(s.state.round, 1);
    s.run_line("set stun Ann 2");
    assert!(s.run_line("prompt")[0].contains("`next` plays the round"));
    let out = s.run_line("next");
    assert!(
        out.iter()
            .any(|l| l.starts_with("orders: Ann (stunned); cpu1 ")),
        "{out:?}"
    );
    s.run_line("next");
    assert_eq!(s.state.round, 3, "rounds 1 and 2 played without Ann");
    assert_eq!(s.state.pieces[0].stunned, 0);
    assert_eq!(s.state.phase, Phase::Orders);
}

/// G.F.6 (issue 66, "the grid's computer locks people out") A computer piece does not stun a
/// piece that is still stunned: next to cpu1, Ann (stunned one more round) sits that round out
/// and plays the next; only then, awake, may cpu1 attack her again.
#[test]
fn g_f_06_a_computer_piece_never_stuns_a_piece_still_stunned() {
    let mut s = with_computers(
        &["Ann"],
        &[
            "side Ann scientists",
            "place Ann 5 5",
            "start",
            "place cpu1 6 5",
        ],
    );
    s.run_line("set stun Ann 1");
    let out = s.run_line("next");
    assert!(
        out.iter()
            .any(|l| l.starts_with("orders: Ann (stunned); cpu1 ")),
        "{out:?}"
    );
    assert!(
        !out.iter().any(|l| l.starts_with("cpu1 attacks")),
        "cpu1 stunned Ann again: {out:?}"
    );
    assert_eq!(s.state.pieces[0].stunned, 0, "Ann plays the next round");
}

/// G.F.9 A computer's piece attacks an awake enemy beside it only where the attack gains: the
/// enemy could pray (an awake teammate beside it) or holds the big wonder. Alone, Ann can do
/// nothing, and cpu1 leaves her be (two lone enemies that stunned each other each time they
/// woke did so to the end of the game); with Bob beside her it attacks, one round in two by
/// the seed, so two such pairs never stun each other for ever.
#[test]
fn g_f_09_a_computer_piece_attacks_only_where_the_attack_gains() {
    use boardside::engine::grid::computer::order;
    use boardside::engine::grid::state::Order;
    let mut s = with_computers(
        &["Ann", "Bob"],
        &[
            "side Ann scientists",
            "side Bob scientists",
            "place Ann 5 5",
            "place Bob 1 1",
            "start",
            "place cpu1 6 5",
            "place cpu2 13 19",
        ],
    );
    let cpu1 = s.state.index_of("cpu1").unwrap();
    let attacks = |s: &Session<Grid>| -> Vec<bool> {
        (1..=20)
            .map(|round| {
                let mut at = s.state.clone();
                at.round = round;
                order(&s.rules, &at, cpu1) == Order::Attack
            })
            .collect()
    };
    assert!(!attacks(&s).contains(&true), "Ann alone was attacked");
    s.run_line("place Bob 4 5");
    let beside = attacks(&s);
    assert!(
        beside.contains(&true) && beside.contains(&false),
        "{beside:?}"
    );
    s.run_line("set stun Bob 2");
    assert!(!attacks(&s).contains(&true), "Bob stunned: Ann cannot pray");
    s.run_line("set stun Bob 0");
    s.run_line("set wonder Ann 5");
    s.run_line("place Bob 1 1");
    assert!(
        attacks(&s).contains(&true),
        "Ann holding the wonder is attacked"
    );
}

/// G.F.7 Two computer teammates with one field between them do not both step into it (both
/// would be blocked, grid-game: Movement, round after round): the lower seat comes, the other
/// waits, and the next round they pray side by side.
#[test]
fn g_f_07_computer_teammates_one_field_apart_do_not_block_each_other() {
    let mut s = with_computers(
        &["Ann", "Bob"],
        &[
            "side Ann scientists",
            "side Bob scientists",
            "place Ann 12 18",
            "place Bob 13 19",
            "start",
            "place cpu1 2 4",
            "place cpu2 2 6",
        ],
    );
    s.run_line("order Ann pray");
    let out = s.run_line("order Bob pray");
    assert!(
        !out.iter()
            .any(|l| l.contains("stepping into the same field")),
        "{out:?}"
    );
    let (a, b) = (s.state.pieces[2].at, s.state.pieces[3].at);
    assert_eq!((a, b), (Some((2, 5)), Some((2, 6))), "{out:?}");
    s.run_line("order Ann pray");
    let out = s.run_line("order Bob pray");
    assert!(
        out.iter().any(|l| l.starts_with("cpu1 prays with cpu2")),
        "{out:?}"
    );
}

/// G.F.8 A computer's piece waits for a teammate only while that teammate is coming: a
/// computer piece walks by the same rule, and a seat that walked last round is on its way; a
/// person who prayed where she stood is not (played by hand: the steady cpu2 prayed alone for
/// many rounds two fields from Ann, who never came), so it walks to her instead.
#[test]
fn g_f_08_a_computer_seat_waits_for_a_teammate_only_while_it_comes() {
    use boardside::engine::grid::computer::order;
    use boardside::engine::grid::state::Order;
    let mut s = with_computers(
        &["Ann", "Bob"],
        &[
            "side Ann scientists",
            "side Bob scientists",
            "place Ann 5 5",
            "place Bob 5 9",
            "start",
            "place cpu1 12 18",
            "place cpu2 13 19",
        ],
    );
    // Bob's order as a steady seat would seal it (Ann is the lower seat).
    let bobs = |s: &Session<Grid>| order(&s.rules, &s.state, 1);
    // Ann walks towards Bob: she is coming, and Bob waits where he is.
    s.run_line("order Ann down");
    s.run_line("order Bob pray");
    assert_eq!(s.state.pieces[0].at, Some((5, 6)));
    assert_eq!(bobs(&s), Order::Pray, "Ann is on her way");
    // Ann prays where she stands: she is not coming, and Bob goes to her.
    s.run_line("order Ann pray");
    s.run_line("order Bob pray");
    assert!(matches!(bobs(&s), Order::Move(_)), "{:?}", bobs(&s));
    // Ann walks away from Bob, still within a round's reach: she is not coming either
    // (played by hand: a steady seat studied alone round after round beside a teammate who
    // walked elsewhere each round), and Bob goes to her.
    s.run_line("order Ann down");
    s.run_line("order Bob pray");
    s.run_line("order Ann up");
    s.run_line("order Bob pray");
    assert_eq!(s.state.pieces[0].at, Some((5, 6)));
    assert!(matches!(bobs(&s), Order::Move(_)), "{:?}", bobs(&s));
}

/// G.D.8 A strip that fills as its whole team is converted draws nobody, and the game ends:
/// no endless draw for a team of none.
#[test]
fn g_d_08_a_full_strip_of_a_team_with_nobody_left_draws_nobody() {
    let mut b = board_with(
        "Ann:s:5,5 Bob:r:6,6 Cy:s:5,6 Dee:r:1,19",
        &[],
        &["strip_length=2"],
    );
    b.ok("set wonder Bob 5");
    b.round(&["Ann study", "Bob pray", "Cy study", "Dee pray"]);
    assert_eq!(
        (b.team("Ann"), b.team("Cy")),
        (Team::Religionists, Team::Religionists)
    );
    assert!(
        b.said("the scientists have nobody left to hold the wonder"),
        "{:?}",
        b.lines
    );
    assert_eq!(b.s.state.winner, Some(Team::Religionists));
}

/// G.D.9 A strip that fills in the round its team converts the other team's last player
/// draws no holder: nobody is left to convert, and the game is won at the round's end (played
/// by hand: the table was asked to roll a d6 for a wonder after the last scientist had
/// converted, and only then told the religionists had won).
#[test]
fn g_d_09_a_strip_that_fills_as_the_game_is_won_draws_no_holder() {
    let mut b = board_with(
        "Ann:s:5,5 Bob:r:6,6 Cy:r:7,7 Dee:s:7,5",
        &[],
        &["strip_length=2"],
    );
    b.ok("set wonder Bob 5");
    b.round(&["Ann study", "Bob pray", "Cy pray", "Dee study"]);
    assert_eq!(
        (b.team("Ann"), b.team("Dee")),
        (Team::Religionists, Team::Religionists)
    );
    assert!(
        b.said("the scientists have nobody left to convert: no holder is drawn"),
        "{:?}",
        b.lines
    );
    assert!(!b.said("roll a d6"), "{:?}", b.lines);
    assert_eq!(b.s.state.winner, Some(Team::Religionists));
    assert_eq!(b.s.state.phase, Phase::Over);
}

// ---- G. The computer's shortcuts ------------------------------------------------------------

/// G.G.1 The wall map the computer seats search with stops exactly the steps `step_to` stops,
/// on every field in every direction (the board's edges too), with the ruleset's walls and
/// walls added at the table, and follows a change of walls.
#[test]
fn g_g_01_the_wall_map_stops_what_step_to_stops() {
    use boardside::engine::grid::movement::{step_to, WallMap};
    use boardside::engine::grid::state::Dir;
    let b = board_with(
        "Ann:s:5,5 Bob:r:7,5",
        &[
            "wall 5 4 south",
            "wall 6 5 east",
            "wall 1 1 east",
            "wall 12 19 east",
        ],
        &["walls=default"],
    );
    let (r, s) = (&b.s.rules, &b.s.state);
    assert!(s.walls.len() >= 4);
    let mut map = WallMap::default();
    map.fill(r, s);
    for c in 1..=r.columns {
        for row in 1..=r.rows {
            for d in Dir::ALL {
                assert_eq!(
                    map.step(r, (c, row), d),
                    step_to(r, s, (c, row), d).ok(),
                    "({c},{row}) {d:?}"
                );
                let index = (row as usize - 1) * r.columns as usize + (c as usize - 1);
                assert_eq!(
                    map.stops(index, d),
                    step_to(r, s, (c, row), d).is_err(),
                    "({c},{row}) {d:?} (edges stop too)"
                );
            }
        }
    }
    // The map is filled once for a set of walls, and again when they change.
    let (c, row) = (1..r.columns)
        .flat_map(|c| (1..=r.rows).map(move |row| (c, row)))
        .find(|&f| map.step(r, f, Dir::Right).is_some())
        .expect("a field with no wall east of it");
    let mut more = s.clone();
    more.walls
        .insert((c, row, boardside::engine::grid::state::Edge::East));
    map.fill(r, &more);
    assert_eq!(map.step(r, (c, row), Dir::Right), None);
    assert_eq!(map.step(r, (c + 1, row), Dir::Left), None);
    map.fill(r, s);
    assert_eq!(map.step(r, (c, row), Dir::Right), Some((c + 1, row)));
    // Walls known by their stamp: a copy of the walls holds the map without a refill, and
    // so do walls changed back to where they stood (a new stamp, the same places).
    assert!(
        !map.fill(r, &s.clone()),
        "a copy of the walls is the same walls"
    );
    more.walls
        .remove(&(c, row, boardside::engine::grid::state::Edge::East));
    assert_ne!(more.walls.stamp(), s.walls.stamp());
    assert!(!map.fill(r, &more), "the same places need no new map");
    assert_eq!(map.step(r, (c, row), Dir::Right), Some((c + 1, row)));
    more.walls
        .insert((c, row, boardside::engine::grid::state::Edge::East));
    assert!(map.fill(r, &more), "a wall added since is a new map");
    assert_eq!(map.step(r, (c, row), Dir::Right), None);
}

/// G.G.3 The computer seats' path search (distances counted back from the fields a path may
/// end on, a layer of fields at a time) finds the very path a plain breadth-first search from
/// the piece finds, looking beyond fields in the order reached and trying directions from
/// the seat's turn on: the same first steps, the same length, none when walls shut the piece
/// in. Hundreds of random boards: walls, pieces, targets; on the standard board, on boards
/// that read distances from a table (255 fields at most) and those just past it, and on boards
/// of every width the layered search works in (`movement::search_width`: 4 to 64 words).
#[test]
fn g_g_03_the_path_search_finds_the_breadth_first_path() {
    use rand::SeedableRng;
    let b = board_with("Ann:s:5,5 Bob:r:7,5 Cy:s:2,2 Di:r:12,18", &[], &[]);
    // The standard board and 8 x 8 and 15 x 17 (distance tables), 16 x 16 (256 fields, the
    // smallest searched in layers), then 8, 10, 25, 33 and 57 words (widths 8 to 64).
    let sizes = [
        (13, 19),
        (8, 8),
        (15, 17),
        (16, 16),
        (25, 20),
        (30, 20),
        (40, 40),
        (60, 35),
        (60, 60),
    ];
    for (size, (columns, rows)) in sizes.into_iter().enumerate() {
        let mut r = b.s.rules.clone();
        (r.columns, r.rows) = (columns, rows);
        let mut rng = StdRng::seed_from_u64(13 + size as u64);
        search_boards(&r, &b.s.state, &mut rng);
    }
}

/// G.G.3 on one board size: 400 random cases.
fn search_boards(r: &GridRules, start: &State, rng: &mut StdRng) {
    use boardside::engine::grid::computer::{path_to, Trip};
    use boardside::engine::grid::state::{adjacent, Edge, Field};
    use rand::Rng;
    // A wall unit between two fields of the board, as the ruleset and `wall` accept one.
    let on_board = |(c, row, edge): (u8, u8, Edge)| {
        boardside::engine::grid::rules::unit(r.columns, r.rows, c.into(), row.into(), edge).is_ok()
    };
    let (mut found, mut shut_in) = (0, 0);
    for case in 0..400 {
        let mut s = start.clone();
        let field = |rng: &mut StdRng| -> Field {
            (
                rng.random_range(1..=r.columns),
                rng.random_range(1..=r.rows),
            )
        };
        // From none to many walls (many walls shut pieces in).
        for _ in 0..rng.random_range(0..(case % 4) * 40 + 1) {
            let (c, row) = field(rng);
            let edge = if rng.random_bool(0.5) {
                Edge::East
            } else {
                Edge::South
            };
            if on_board((c, row, edge)) {
                s.walls.insert((c, row, edge));
            }
        }
        for p in s.pieces.iter_mut() {
            p.at = Some(field(rng));
        }
        let from = s.pieces[0].at.unwrap();
        // Now and then the piece walled in on all four sides.
        if case % 10 == 0 {
            let (c, row) = from;
            let around = [(c, row, Edge::East), (c - 1, row, Edge::East)];
            let above = [(c, row, Edge::South), (c, row - 1, Edge::South)];
            for wall in around.into_iter().chain(above) {
                if on_board(wall) {
                    s.walls.insert(wall);
                }
            }
        }
        let targets: Vec<Field> = (1..s.pieces.len())
            .filter(|_| rng.random_bool(0.7))
            .filter_map(|i| s.pieces[i].at)
            .filter(|&t| !adjacent(from, t) && t != from)
            .collect();
        if targets.is_empty() {
            continue;
        }
        let turn = rng.random_range(0..4);
        let want = queue_search(r, &s, from, &targets, turn);
        let trip = |steps| Trip {
            from,
            targets: &targets,
            turn,
            steps,
        };
        assert_eq!(
            path_to(r, &s, &trip(usize::MAX)),
            want,
            "case {case}: from {from:?} to {targets:?}, turn {turn}, walls {:?}",
            s.walls.keys()
        );
        // A seat moves its feet's steps at most: the path's first steps.
        let first = path_to(r, &s, &trip(2));
        assert_eq!(first, want.as_ref().map(|p| p[..p.len().min(2)].to_vec()));
        match want {
            Some(_) => found += 1,
            None => shut_in += 1,
        }
    }
    assert!(
        found > 200 && shut_in > 20,
        "{}x{}: found {found}, shut in {shut_in}",
        r.columns,
        r.rows
    );
}

/// G.G.3's reference: a queue of fields, each looked beyond once, in the order reached.
fn queue_search(
    r: &GridRules,
    s: &State,
    from: Field,
    targets: &[Field],
    turn: usize,
) -> Option<Vec<Dir>> {
    use boardside::engine::grid::movement::step_to;
    use boardside::engine::grid::state::adjacent;
    use std::collections::VecDeque;
    let ends = |f: Field| {
        targets.iter().any(|&t| adjacent(f, t)) && s.pieces.iter().all(|p| p.at != Some(f))
    };
    let mut came: std::collections::HashMap<Field, Option<(Field, Dir)>> = [(from, None)].into();
    let mut queue = VecDeque::from([from]);
    while let Some(f) = queue.pop_front() {
        for k in 0..4 {
            let d = Dir::ALL[(k + turn) % 4];
            let Ok(n) = step_to(r, s, f, d) else { continue };
            if came.contains_key(&n) {
                continue;
            }
            came.insert(n, Some((f, d)));
            if ends(n) {
                let mut path = vec![];
                let mut at = n;
                while let Some(Some((back, d))) = came.get(&at) {
                    path.push(*d);
                    at = *back;
                }
                path.reverse();
                return Some(path);
            }
            queue.push_back(n);
        }
    }
    None
}

/// G.G.2 The orders a piece may seal, listed one by one or built by their place in the list,
/// are the same: attack, pray, then every move shortest first.
#[test]
fn g_g_02_an_order_built_by_its_place_is_the_listed_one() {
    use boardside::engine::grid::family::{nth_order, order_count, orders_for};
    use boardside::engine::grid::state::{Dir, Order, Path};
    let mut b = board("Ann:s:5,5 Bob:r:7,5");
    b.ok("set sticker Ann feet red");
    let (r, s) = (&b.s.rules, &b.s.state);
    let all = orders_for(r, s, 0);
    // Red feet: three steps, so 2 + 4 + 16 + 64 orders.
    assert_eq!(all.len(), 86);
    assert_eq!(order_count(r, s, 0), all.len());
    assert_eq!(all[2], Order::Move(Path::of(&[Dir::Up])));
    assert_eq!(all[6], Order::Move(Path::of(&[Dir::Up, Dir::Up])));
    assert_eq!(all[7], Order::Move(Path::of(&[Dir::Up, Dir::Down])));
    assert_eq!(all[85], Order::Move(Path::of(&[Dir::Right; 3])));
    for (k, o) in all.iter().enumerate() {
        assert_eq!(&nth_order(r, s, 0, k), o);
    }
}

/// G.G.3 A move order is written as the list of its cards, as saves always wrote it, and a
/// saved order of more than three cards is refused when read, never cut short.
#[test]
fn g_g_03_a_move_order_is_saved_as_a_list_of_cards() {
    use boardside::engine::grid::state::{Dir, Order, Path};
    let o = Order::Move(Path::of(&[Dir::Up, Dir::Left]));
    let text = serde_json::to_string(&o).unwrap();
    assert_eq!(text, r#"{"move":["up","left"]}"#);
    assert_eq!(serde_json::from_str::<Order>(&text).unwrap(), o);
    let four = r#"{"move":["up","up","up","up"]}"#;
    let err = serde_json::from_str::<Order>(four).unwrap_err();
    assert!(err.to_string().contains("at most three"), "{err}");
}

/// G.G.4 A round's revealed orders are written as a plain list by piece (null for a stunned
/// piece), as saves always wrote them; a list longer than a game's pieces is refused when read.
#[test]
fn g_g_04_a_revealed_round_is_saved_as_a_list_of_orders() {
    use boardside::engine::grid::event::Event;
    let earlier = r#"{"revealed":{"orders":[{"move":["up"]},null,"attack","pray"]}}"#;
    let e: Event = serde_json::from_str(earlier).unwrap();
    let Event::Revealed { orders } = &e else {
        panic!("not a reveal: {e:?}")
    };
    assert_eq!(orders.len(), 4);
    assert!(orders[1].is_none());
    assert_eq!(serde_json::to_string(&e).unwrap(), earlier);
    let seventeen = format!(
        r#"{{"revealed":{{"orders":[{}]}}}}"#,
        vec!["\"pray\""; 17].join(",")
    );
    let err = serde_json::from_str::<Event>(&seventeen).unwrap_err();
    assert!(
        err.to_string()
            .contains("more orders than a game has pieces"),
        "{err}"
    );
}

/// Every accepted command says what it did: a correction of the notebook too.
#[test]
fn a_notebook_correction_is_said() {
    let mut b = board("Ann:s:5,5 Bob:r:6,5");
    b.ok("set count Ann move 7");
    assert!(
        b.said("Ann's notebook: 7 moves (table correction)"),
        "{:?}",
        b.lines
    );
    assert_eq!(b.count("Ann", Action::Move), 7);
}

/// The report draws from the game's start: the teams have their players from the first point.
#[test]
fn the_reports_team_sizes_start_with_the_teams() {
    let b = board("Ann:s:5,5 Bob:r:6,5");
    let report = b.s.report();
    let boardside::engine::panels::Panel::Lines { series, .. } = &report.panels[1] else {
        panic!("the team sizes second");
    };
    for s in series {
        assert_eq!(s.points[0].1, 1.0, "{}: {:?}", s.name, s.points);
    }
}
