//! Illuminati scenario tests: one per rule and modifier, named after it, with the attack
//! numbers worked out by hand in each test. Positions are built with the table corrections.

use boardside::engine::illuminati::state::Status;
use boardside::engine::illuminati::Illuminati;
use boardside::engine::illuminati::{IlluOptions, IlluRules};
use boardside::session::Session;

pub type Game = super::At<Illuminati>;

fn rules() -> IlluRules {
    boardside::rulesets::load::<Illuminati>(&format!(
        "{}/rulesets/illuminati.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// Ann, Bob and Cy (clockwise), with these Illuminati; nothing dealt; Ann's turn, drawn.
fn game(ann: &str, bob: &str, cy: &str) -> Game {
    game_with(ann, bob, cy, &[])
}

fn game_with(ann: &str, bob: &str, cy: &str, options: &[&str]) -> Game {
    let r = rules();
    let mut o = r.options.clone();
    for kv in options {
        let (k, v) = kv.split_once('=').unwrap();
        o.set(k, v).unwrap();
    }
    let names: Vec<String> = ["Ann", "Bob", "Cy"].iter().map(|s| s.to_string()).collect();
    let s = Session::<Illuminati>::new(r, &names, 1, o, None).unwrap();
    let mut g = Game::of(s);
    g.ok(&format!("illuminati Ann {ann}"));
    g.ok(&format!("illuminati Bob {bob}"));
    g.ok(&format!("illuminati Cy {cy}"));
    if bob == "ufos" {
        g.ok("goal Bob gnomes");
    }
    g.ok("start");
    g
}

impl Game {
    pub fn json(&mut self) -> serde_json::Value {
        serde_json::from_str(&self.s.run_line("state")[0]).unwrap()
    }
    pub fn group(&mut self, id: &str) -> serde_json::Value {
        let v = self.json();
        v["groups"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap()
            .clone()
    }
    pub fn treasury(&mut self, id: &str) -> i64 {
        let r = &self.s.rules;
        let c = r.card(id).unwrap();
        self.s.state.cards[c].treasury
    }
    pub fn player_treasury(&mut self, name: &str) -> i64 {
        let v = self.json();
        v["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()["treasury"]
            .as_i64()
            .unwrap()
    }
    /// The attack's modifiers and the number needed.
    pub fn need(&mut self) -> (Vec<(String, i64)>, i64) {
        let v = self.json();
        let a = &v["attack"];
        let m = a["modifiers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| (x[0].as_str().unwrap().to_string(), x[1].as_i64().unwrap()))
            .collect();
        (m, a["need"].as_i64().unwrap())
    }
}

fn has(m: &[(String, i64)], label: &str, v: i64) -> bool {
    m.iter().any(|(l, x)| l.contains(label) && *x == v)
}

// ---- The sequence of play -------------------------------------------------------------------

#[test]
fn income_is_collected_on_every_card_into_its_own_treasury_post_office_included() {
    let mut g = game("bavarian", "network", "gnomes");
    // Ann started with 9 and collected 9 at her first turn.
    assert_eq!(g.player_treasury("Ann"), 18);
    g.run("set owner big-media Ann; set owner post-office Ann under big-media; set treasury post-office 3");
    // Cy (the Gnomes) draws one card, Bob (the Network) two.
    g.run("draw cia; end; draw fbi; end; draw kgb; draw kkk; end");
    // Ann's income: Bavarian +9, Big Media +3, the Post Office -1 from its own treasury.
    assert_eq!(g.player_treasury("Ann"), 27);
    assert_eq!(g.treasury("big-media"), 3);
    assert_eq!(g.treasury("post-office"), 2);
    assert!(
        g.said("income: The Bavarian Illuminati +9 MB (now 27)"),
        "{:?}",
        g.lines
    );
    assert!(
        g.said("income: Post Office pays 1 MB (its negative income)"),
        "{:?}",
        g.lines
    );
}

#[test]
fn the_irs_taxes_each_other_player_two_megabucks_on_its_owners_income_phase() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner irs Ann");
    let (bob, cy) = (g.player_treasury("Bob"), g.player_treasury("Cy"));
    g.run("draw cia; end; draw fbi; end; draw kgb; draw kkk; end");
    // Cy and Bob each collected their income once, then paid 2 to the I.R.S.
    assert_eq!(g.player_treasury("Bob"), bob + 9 - 2);
    assert_eq!(g.player_treasury("Cy"), cy + 12 - 2);
    assert_eq!(g.treasury("irs"), 2 + 2 + 2, "income 2 and two taxes of 2");
}

/// The I.R.S.'s card: "Tax may come from any group. If a player has no money he owes no tax."
/// Bob's Illuminati treasury is empty: the richer of his groups pays. Cy has 1 MB in his
/// Illuminati treasury and 4 in a group: 1 from each. Nobody's money anywhere: nothing.
#[test]
fn the_irs_tax_comes_from_any_group_and_nothing_from_nothing() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner irs Ann");
    // Ann, Cy, then Bob play a turn; before Bob ends his, the treasuries are set.
    g.run("draw cia; end; draw fbi; end; draw kgb; draw kkk");
    g.run("set treasury network 0; set owner pentagon Bob; set treasury pentagon 3");
    g.run("set owner moonies Bob; set treasury moonies 5");
    g.run("set treasury gnomes 1; set owner big-media Cy; set treasury big-media 4");
    let irs = g.treasury("irs");
    g.run("end");
    assert_eq!(g.treasury("moonies"), 5 - 2, "the richer group pays");
    assert_eq!(g.treasury("pentagon"), 3);
    assert_eq!(g.treasury("network"), 0);
    assert_eq!((g.treasury("gnomes"), g.treasury("big-media")), (0, 4 - 1));
    assert_eq!(
        g.treasury("irs"),
        irs + 2 + 2 + 2,
        "income 2 and two taxes of 2"
    );
    assert!(
        g.said("I.R.S. taxes 1 MB from The Gnomes of Zurich"),
        "{:?}",
        g.lines
    );

    // A player with no money anywhere owes nothing.
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner irs Ann");
    g.run("draw cia; end; draw fbi; end; draw kgb; draw kkk");
    g.run("set treasury network 0; set treasury gnomes 0");
    let irs = g.treasury("irs");
    g.run("end");
    assert_eq!(g.treasury("irs"), irs + 2, "income alone");
}

/// `tax_from=illuminati` (how releases before the option read the card, and what a journal
/// they saved resumes with): only the Illuminati treasury pays; empty, nothing is taxed.
#[test]
fn with_tax_from_illuminati_only_the_illuminati_treasury_pays_the_irs() {
    let mut g = game_with("bavarian", "network", "gnomes", &["tax_from=illuminati"]);
    g.run("set owner irs Ann");
    g.run("draw cia; end; draw fbi; end; draw kgb; draw kkk");
    g.run("set treasury network 0; set owner moonies Bob; set treasury moonies 5");
    g.run("set treasury gnomes 1");
    let irs = g.treasury("irs");
    g.run("end");
    assert_eq!(g.treasury("moonies"), 5);
    assert_eq!(g.treasury("gnomes"), 0);
    assert_eq!(g.treasury("irs"), irs + 2 + 1);
    // A journal's options saved before the key existed read as this reading; new games
    // default to the whole structure.
    let old: IlluOptions = serde_json::from_str(r#"{"illuminati_card_counts":true}"#).unwrap();
    assert!(!old.tax_from_structure);
    assert!(IlluOptions::default().tax_from_structure);
}

#[test]
fn play_goes_counter_clockwise() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw cia; end");
    assert_eq!(g.json()["current"], "Cy");
    g.run("draw fbi; end");
    assert_eq!(g.json()["current"], "Bob");
    let mut g = game_with("bavarian", "network", "gnomes", &["turn_order=listed"]);
    g.run("draw cia; end");
    assert_eq!(g.json()["current"], "Bob");
}

#[test]
fn a_drawn_group_goes_uncontrolled_and_a_special_stays_hidden() {
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("draw cia");
    assert_eq!(g.group("cia")["status"], "uncontrolled");
    g.ok("end");
    g.ok("draw special swiss-bank");
    assert!(g.said("Cy draws a special card (kept hidden)"));
    let table = g.s.run_line("state")[0].clone();
    assert!(!table.contains("swiss-bank"), "the table never sees it");
    let own = g.s.run_line("state --as Cy")[0].clone();
    assert!(own.contains("swiss-bank"), "{own}");
}

/// illuminati: Sequence of Play: 1. income, 2. draw a card (the Network two), 3. two
/// actions. The actions and the end of the turn wait for the draw; a free action (dropping a
/// group) does not.
#[test]
fn the_turn_waits_for_its_draw_the_networks_two_before_any_action_or_its_end() {
    let mut g = game("network", "bavarian", "gnomes");
    g.run("set owner cia Ann; set owner fbi Ann");
    assert!(g.refused("end").contains("Ann draws first"));
    assert!(g.refused("attack control cia fbi").contains("draws first"));
    assert!(g.refused("pass").contains("draws first"));
    assert!(g.refused("give cia Bob").contains("draws first"));
    g.ok("drop fbi");
    g.ok("draw kgb");
    assert_eq!(g.json()["draws_left"], 1);
    assert!(
        g.s.run_line("prompt")[0].contains("draws"),
        "the prompt asks for the second draw"
    );
    assert!(g.refused("end").contains("draws first"), "the second draw");
    g.ok("draw kkk");
    assert_eq!(g.json()["draws_left"], 0);
    assert!(g.refused("draw moonies").contains("has drawn this turn"));
    g.ok("end");
}

/// With `draw_first=false` (the reading of releases before the option), a turn may end and
/// act without its draw; the table is told.
#[test]
fn with_draw_first_off_a_turn_may_end_without_its_draw() {
    let mut g = game_with("network", "bavarian", "gnomes", &["draw_first=false"]);
    g.ok("end");
    assert!(g.said("ends the turn without drawing"), "{:?}", g.lines);
}

#[test]
fn the_draw_comes_first_in_the_prompt_and_there_are_two_actions() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner cia Ann; set owner fbi Ann; set owner kgb Ann");
    assert!(g.s.run_line("prompt")[0].contains("Ann draws"));
    g.ok("draw pentagon");
    // The actions left are counted as a player says them.
    assert!(g.s.run_line("prompt")[0].starts_with("Ann: 2 actions, 2 transfers left"));
    g.run("give cia Bob");
    assert!(g.s.run_line("prompt")[0].starts_with("Ann: 1 action, 2 transfers left"));
    g.run("give fbi Cy");
    assert!(g.refused("give kgb Bob").contains("no action left"));
}

#[test]
fn passing_gives_five_megabucks_and_only_without_any_action() {
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("draw cia");
    g.ok("pass");
    assert_eq!(g.player_treasury("Ann"), 18 + 5);
    assert_eq!(g.json()["current"], "Cy");
    g.run("draw fbi; set owner kgb Cy");
    g.ok("drop kgb");
    assert!(g.refused("pass").contains("no action of any kind"));
}

/// illuminati: Passing, "not to take any actions of any sort": a special used (a free action)
/// takes the pass away as giving one does; another player's special on this turn does not.
#[test]
fn passing_is_gone_once_a_special_is_played_as_once_one_is_given() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw cia; set specials Ann 1; set specials Bob 1");
    g.ok("play slush-fund by Bob");
    g.ok("play slush-fund by Ann");
    assert!(g.refused("pass").contains("no action of any kind"));
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw cia; set specials Ann 1");
    g.ok("give-special Ann Bob");
    assert!(g.refused("pass").contains("no action of any kind"));
}

// ---- Attack to control: the number needed -----------------------------------------------------

#[test]
fn attack_to_control_is_power_minus_resistance() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw cia");
    g.ok("attack control bavarian cia");
    // Bavarian power 10 - C.I.A. resistance 5 = 5.
    let (m, need) = g.need();
    assert!(
        has(&m, "power of The Bavarian Illuminati", 10) && has(&m, "resistance of C.I.A.", -5),
        "{m:?}"
    );
    assert_eq!(need, 5);
    assert!(g.said("= 5: roll 5 or less"), "{:?}", g.lines);
}

#[test]
fn aiding_groups_add_their_transferable_power_from_the_attackers_structure_only() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner big-media Ann; set owner cia Bob; draw pentagon");
    // Bavarian 10 + Big Media's transferable 3 - Pentagon's resistance 6 = 7.
    g.ok("attack control bavarian pentagon with big-media");
    assert_eq!(g.need().1, 7);
    g.ok("call-off");
    assert!(g
        .refused("attack control bavarian pentagon with cia")
        .contains("only other members"));
}

#[test]
fn alignment_plus_four_for_each_shared_and_minus_four_for_each_opposed() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner cia Ann; draw pentagon");
    // C.I.A. (government, violent) on the Pentagon (government, violent, straight):
    // power 6 - resistance 6 + 4 + 4 = 8, and a -10 for... nothing: the Pentagon is uncontrolled.
    g.ok("attack control cia pentagon");
    let (m, need) = g.need();
    assert!(
        has(&m, "both government", 4) && has(&m, "both violent", 4),
        "{m:?}"
    );
    assert_eq!(need, 8);
    g.ok("call-off");
    // Feminists (liberal) on Congressional Wives (conservative, straight): 2 - 4 - 4 = -6.
    g.run("set owner feminists Ann; set owner congressional-wives none");
    g.ok("attack control feminists congressional-wives");
    let (m, need) = g.need();
    assert!(has(&m, "liberal against conservative", -4), "{m:?}");
    assert_eq!(need, 2 - 4 - 4);
}

#[test]
fn alignment_counted_once_is_an_option() {
    let mut g = game_with("bavarian", "network", "gnomes", &["alignment_once=true"]);
    g.run("set owner cia Ann; draw pentagon");
    g.ok("attack control cia pentagon");
    // C.I.A. 6 - Pentagon 6 + 4 once for all that is alike.
    assert_eq!(g.need().1, 4);
}

#[test]
fn any_two_fanatic_groups_are_opposed_never_alike() {
    let mut g = game("bavarian", "network", "gnomes");
    // Moonies (peaceful, fanatic) on Goldfish Fanciers (peaceful, fanatic):
    // 2 - 4 + 4 (both peaceful) - 4 (fanatic against fanatic) = -2.
    g.run("set owner moonies Ann; draw goldfish-fanciers");
    g.ok("attack control moonies goldfish-fanciers");
    let (m, need) = g.need();
    assert!(
        has(&m, "both peaceful", 4) && has(&m, "fanatic against fanatic", -4),
        "{m:?}"
    );
    assert!(!m.iter().any(|(l, _)| l.contains("both fanatic")), "{m:?}");
    assert_eq!(need, -2);
}

/// illuminati: Attack to Neutralize sends a controlled group back to the uncontrolled area;
/// with the option `neutralize_controlled_only`, one already there is refused.
#[test]
fn only_a_controlled_group_can_be_neutralized_when_the_table_says_so() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw cia");
    g.ok("attack neutralize bavarian cia");
    let mut g = game_with(
        "bavarian",
        "network",
        "gnomes",
        &["neutralize_controlled_only=true"],
    );
    g.run("draw cia");
    assert!(g
        .refused("attack neutralize bavarian cia")
        .contains("uncontrolled already"));
    g.ok("attack control bavarian cia");
}

#[test]
fn attack_to_neutralize_gets_plus_six() {
    // On a group nobody controls, as the ruleset's option allows, to count the bonus alone.
    let mut g = game_with(
        "bavarian",
        "network",
        "gnomes",
        &["neutralize_controlled_only=false"],
    );
    g.ok("draw cia");
    g.ok("attack neutralize bavarian cia");
    let (m, need) = g.need();
    assert!(has(&m, "attack to neutralize", 6), "{m:?}");
    assert_eq!(need, 10 - 5 + 6);
}

#[test]
fn attack_to_destroy_is_power_minus_power_with_the_alignment_signs_reversed() {
    let mut g = game("bavarian", "network", "gnomes");
    // Feminists (liberal) destroying Congressional Wives (conservative, straight, power 1):
    // 2 - 1 + 4 (opposed, reversed) = 5.
    g.run("set owner feminists Ann; draw congressional-wives");
    g.ok("attack destroy feminists congressional-wives");
    let (m, need) = g.need();
    assert!(
        has(&m, "power of Congressional Wives", -1) && has(&m, "liberal against conservative", 4),
        "{m:?}"
    );
    assert_eq!(need, 5);
}

#[test]
fn distance_from_the_defending_illuminati_minus_ten_five_and_two() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner cia Cy; set owner fbi Cy under cia; set owner kgb Cy under fbi; set owner kkk Cy under kgb; draw pentagon");
    for (target, res, d) in [
        ("cia", 5, -10),
        ("fbi", 6, -5),
        ("kgb", 6, -2),
        ("kkk", 5, 0),
    ] {
        g.ok(&format!("attack destroy bavarian {target}"));
        let (m, need) = g.need();
        let power = match target {
            "cia" => 6,
            "fbi" => 4,
            "kgb" => 2,
            _ => 2,
        };
        let _ = res;
        assert_eq!(need, 10 - power + d, "{target}: {m:?}");
        g.ok("call-off");
    }
}

#[test]
fn money_attacker_plus_one_defending_group_minus_two_illuminati_minus_one_others_one_each() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner big-media Cy; set treasury big-media 10; draw pentagon");
    g.ok("attack control bavarian big-media");
    // 10 - 6 - 10 (directly under the Gnomes) = -6.
    assert_eq!(g.need().1, -6);
    let bank = g.json()["bank"].as_i64().unwrap();
    g.ok("spend Ann bavarian 8");
    assert_eq!(g.need().1, 2);
    assert!(g.said("now needed: 2 or less"), "{:?}", g.lines);
    g.ok("spend Cy big-media 1");
    assert_eq!(g.need().1, 0);
    g.ok("spend Cy illuminati 1");
    assert_eq!(g.need().1, -1);
    g.ok("interfere Bob 2");
    assert_eq!(g.need().1, -3);
    g.ok("assist Bob 3");
    assert_eq!(g.need().1, 0);
    // Every MB spent went to the bank: 8 + 1 + 1 + 2 + 3.
    assert_eq!(g.json()["bank"].as_i64().unwrap(), bank + 15);
    assert!(g.refused("spend Bob illuminati 1").contains("interfere"));
    assert!(g.refused("interfere Cy 1").contains("side in this attack"));
}

#[test]
fn a_roll_of_eleven_or_twelve_always_fails() {
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("draw moonies");
    g.ok("attack control bavarian moonies");
    g.ok("spend Ann bavarian 10");
    // 10 - 4 + 10 = 16, yet 5 + 6 fails.
    g.ok("roll 5 6");
    assert!(g.said("fails (11 and 12 always fail)"), "{:?}", g.lines);
    assert_eq!(g.group("moonies")["status"], "uncontrolled");
}

#[test]
fn a_successful_control_takes_the_puppets_and_half_of_each_treasury() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner cia Cy; set owner fbi Cy under cia; set treasury cia 9; set treasury fbi 5; draw moonies");
    g.run("set owner big-media Ann; set owner pentagon Ann under big-media");
    // 10 + 3 (Big Media) + 0 (Pentagon) - 5 - 10 (directly under the Gnomes) = -2; +9 MB = 7.
    g.ok("attack control bavarian cia with big-media pentagon");
    assert_eq!(g.need().1, -2);
    g.ok("spend Ann bavarian 9");
    g.ok("roll 1 1");
    assert_eq!(g.group("cia")["owner"], "Ann");
    assert_eq!(g.group("cia")["master"], "bavarian");
    assert_eq!(g.group("fbi")["owner"], "Ann");
    assert_eq!(g.group("fbi")["master"], "cia");
    // Half of 9 rounded down is 4; half of 5 is 2.
    assert_eq!(g.treasury("cia"), 4);
    assert_eq!(g.treasury("fbi"), 2);
    // The attacker may move money onto its new group at once, free.
    let transfers = g.json()["transfers_left"].clone();
    g.ok("transfer bavarian cia 3");
    assert_eq!(g.json()["transfers_left"], transfers);
    assert_eq!(g.treasury("cia"), 7);
}

/// illuminati: Power Structure: each puppet takes one of its master's outward arrows. The count
/// of puppets each card keeps (read for every attack considered) follows the cards as they are
/// placed, moved under another master and lost, and an arrow freed is open again at once.
#[test]
fn a_master_counts_its_puppets_as_they_come_and_go() {
    let mut g = game("bavarian", "network", "gnomes");
    let card = |g: &Game, id: &str| g.s.rules.card(id).unwrap();
    // Every card's kept count against the cards that hang from it.
    let agrees = |g: &Game| {
        let s = &g.s.state;
        (0..s.cards.len()).all(|m| {
            let held = (s.cards.iter())
                .filter(|c| c.master == Some(m) && c.status == Status::Controlled)
                .count();
            s.cards[m].puppets as usize == held
        })
    };
    let (cia, fbi) = (card(&g, "cia"), card(&g, "fbi"));
    g.run("set owner cia Ann; set arrows cia 2; set owner fbi Ann under cia; set owner kgb Ann under cia; draw moonies");
    assert_eq!(g.s.state.cards[cia].puppets, 2);
    assert!(agrees(&g));
    assert!(g
        .refused("attack control cia moonies")
        .contains("no open control arrow"));
    g.run("set arrows fbi 1; set owner kgb Ann under fbi");
    assert_eq!(
        (g.s.state.cards[cia].puppets, g.s.state.cards[fbi].puppets),
        (1, 1)
    );
    assert!(agrees(&g));
    g.ok("attack control cia moonies");
    g.run("call-off; set dead fbi");
    assert!(agrees(&g));
    assert_eq!(g.s.state.cards[fbi].puppets, 0);
}

#[test]
fn control_needs_an_open_arrow_destroy_does_not() {
    let mut g = game("bavarian", "network", "gnomes");
    // Moonies in Bob's structure: a group that can be neutralized.
    g.run("set owner cia Ann; set arrows cia 0; draw moonies; set owner moonies Bob");
    assert!(g
        .refused("attack control cia moonies")
        .contains("no open control arrow"));
    assert!(g
        .refused("attack neutralize cia moonies")
        .contains("no open control arrow"));
    g.ok("attack destroy cia moonies");
    let mut g = game_with(
        "bavarian",
        "network",
        "gnomes",
        &["neutralize_needs_arrow=false"],
    );
    g.run("set owner cia Ann; set arrows cia 0; draw moonies; set owner moonies Bob");
    g.ok("attack neutralize cia moonies");
}

#[test]
fn an_attack_may_be_called_off_until_money_is_in_the_bank_and_then_counts_as_an_action() {
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("draw moonies");
    g.ok("attack control bavarian moonies");
    g.ok("call-off");
    assert_eq!(
        g.json()["actions_left"],
        2,
        "a called-off attack costs nothing"
    );
    g.ok("attack control bavarian moonies");
    g.ok("spend Ann bavarian 1");
    assert_eq!(g.json()["actions_left"], 1);
    assert!(g.refused("call-off").contains("money is in the bank"));
}

#[test]
fn after_a_failed_first_attack_the_same_group_may_be_attacked_again() {
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("draw moonies");
    g.run("attack control bavarian moonies; roll 6 6");
    g.run("set owner cia Ann");
    // C.I.A. 6 - Moonies 4 - 4 (violent against peaceful) = -2; +5 MB = 3.
    g.ok("attack control cia moonies");
    g.ok("spend Ann bavarian 5");
    g.ok("roll 1 1");
    assert_eq!(g.group("moonies")["owner"], "Ann");
    assert_eq!(g.json()["actions_left"], 0);
}

#[test]
fn a_neutralized_group_and_its_puppets_become_uncontrolled_with_their_money_to_the_bank() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner cia Cy; set owner fbi Cy under cia; set treasury cia 4; draw moonies");
    g.run("attack neutralize bavarian cia; spend Ann bavarian 9; roll 1 1");
    assert_eq!(g.group("cia")["status"], "uncontrolled");
    assert_eq!(g.group("fbi")["status"], "uncontrolled");
    assert_eq!(g.treasury("cia"), 0);
}

#[test]
fn puppets_moving_up_to_the_master_is_an_option() {
    let mut g = game_with("bavarian", "network", "gnomes", &["orphans=master"]);
    g.run("set owner cia Cy; set owner fbi Cy under cia; draw moonies");
    g.run("attack destroy bavarian cia; spend Ann bavarian 9; roll 1 1");
    assert_eq!(g.group("cia")["status"], "dead");
    assert_eq!(g.group("fbi")["master"], "gnomes");
}

#[test]
fn a_destroyed_group_goes_to_the_dead_pile_and_cthulhu_destroys_with_plus_two() {
    let mut g = game("cthulhu", "network", "gnomes");
    g.ok("draw moonies");
    g.ok("attack destroy cthulhu moonies");
    // Cthulhu 9 - Moonies' power 2 + 2 (Cthulhu's ability) = 9.
    let (m, need) = g.need();
    assert!(has(&m, "The Servants of Cthulhu's ability", 2), "{m:?}");
    assert_eq!(need, 9);
    g.ok("roll 2 2");
    let v = g.json();
    assert_eq!(v["dead"], serde_json::json!(["moonies"]));
    assert_eq!(v["players"][0]["destroyed"], 1);
}

#[test]
fn the_discordians_are_immune_to_government_and_straight_groups() {
    let mut g = game("bavarian", "network", "discordian");
    g.run("set owner cia Ann; set owner punk-rockers Cy");
    g.ok("draw moonies");
    assert!(g
        .refused("attack destroy cia punk-rockers")
        .contains("immune to attacks by government groups"));
    g.ok("attack destroy bavarian punk-rockers");
}

#[test]
fn the_assassins_add_four_to_neutralize_and_the_discordians_four_to_control_weird() {
    let mut g = game_with(
        "assassins",
        "network",
        "discordian",
        &["neutralize_controlled_only=false"],
    );
    g.ok("draw moonies");
    g.ok("attack neutralize assassins moonies");
    assert!(has(&g.need().0, "The Society of Assassins's ability", 4));
    g.run("call-off; end; draw punk-rockers");
    g.ok("attack control discordian punk-rockers");
    // Discordians 8 - Punk Rockers' resistance 4 + 4 (weird) = 8.
    assert_eq!(g.need().1, 8);
}

#[test]
fn group_abilities_gun_lobby_survivalists_chinese_donors_and_direct_bonuses() {
    let mut g = game("bavarian", "network", "gnomes");
    // Gun Lobby: resistance 10 against a liberal attacker.
    g.run("set owner feminists Ann; draw gun-lobby");
    g.ok("attack control feminists gun-lobby");
    assert!(has(&g.need().0, "resistance of Gun Lobby", -10));
    g.ok("call-off");
    // Survivalists give +2 resistance to the rest of their structure.
    g.run("set owner survivalists Cy; set owner kkk Cy");
    g.ok("attack control bavarian kkk");
    assert!(
        has(&g.need().0, "resistance of KKK", -7),
        "{:?}",
        g.need().0
    );
    g.ok("call-off");
    // Chinese Campaign Donors count as government when controlling a government group.
    g.run("set owner chinese-campaign-donors Ann; set owner fbi none");
    g.ok("attack control chinese-campaign-donors fbi");
    assert!(has(&g.need().0, "both government", 4), "{:?}", g.need().0);
    g.ok("call-off");
    // The Mafia's bonus is for direct control only: none when it aids.
    g.run("set owner mafia Ann; set owner loan-sharks none");
    g.ok("attack control bavarian loan-sharks with mafia");
    assert!(!g
        .need()
        .0
        .iter()
        .any(|(l, _)| l.contains("Mafia's ability")));
    g.ok("call-off");
    g.ok("attack control mafia loan-sharks");
    assert!(has(&g.need().0, "The Mafia's ability", 3));
}

// ---- Privilege and the specials -------------------------------------------------------------

#[test]
fn a_privileged_attack_allows_no_interference_except_with_an_interference_card() {
    let mut g = game("network", "bavarian", "gnomes");
    g.run("draw moonies; draw special");
    g.ok("attack control network moonies");
    g.ok("privilege");
    assert_eq!(
        g.json()["players"][0]["specials"],
        0,
        "a special was discarded"
    );
    assert!(g.refused("interfere Bob 1").contains("privileged"));
    g.run("set specials Cy 1");
    g.ok("play interference by Cy");
    g.ok("interfere Cy 2");
    assert!(g.refused("interfere Bob 1").contains("privileged"));
}

#[test]
fn the_bavarians_pay_five_megabucks_for_one_privileged_attack_a_turn() {
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("draw moonies");
    g.ok("attack control bavarian moonies");
    g.ok("privilege");
    assert_eq!(g.player_treasury("Ann"), 18 - 5);
    assert!(g.json()["attack"]["privileged"].as_bool().unwrap());
}

#[test]
fn two_specials_from_one_player_or_deep_agent_abolish_privilege_for_good() {
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("draw moonies");
    g.run("attack control bavarian moonies; privilege; set specials Bob 2");
    g.ok("abolish Bob");
    assert!(!g.json()["attack"]["privileged"].as_bool().unwrap());
    g.ok("interfere Bob 1");
    assert!(g.refused("privilege").contains("abolished"));
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw moonies; attack control bavarian moonies; privilege; set specials Cy 1");
    g.ok("play deep-agent by Cy");
    assert!(!g.json()["attack"]["privileged"].as_bool().unwrap());
}

#[test]
fn assassination_makes_the_roll_a_two_and_murphys_law_a_twelve() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw moonies; set specials Bob 1; set specials Cy 1");
    g.run("attack control bavarian moonies; roll 6 5");
    assert_eq!(g.group("moonies")["status"], "uncontrolled");
    g.ok("play assassination by Bob");
    assert!(g.said("roll 1 + 1 = 2"), "{:?}", g.lines);
    assert_eq!(g.group("moonies")["owner"], "Ann");
    g.ok("play murphys-law by Cy");
    assert!(g.said("fails (11 and 12 always fail)"), "{:?}", g.lines);
    assert_eq!(g.group("moonies")["status"], "uncontrolled");
    assert_eq!(g.json()["players"][1]["specials"], 0);
    assert_eq!(g.json()["players"][2]["specials"], 0);
}

#[test]
fn money_specials_slush_fund_swiss_bank_and_white_collar_crime() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set specials Bob 3");
    g.ok("play slush-fund by Bob");
    g.ok("play swiss-bank by Bob");
    g.ok("play white-collar-crime by Bob");
    assert_eq!(g.player_treasury("Bob"), 9 + 15 + 25 + 5);
}

#[test]
fn bribery_takes_an_uncontrolled_group_and_counts_as_an_action() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw moonies; set specials Ann 1");
    g.ok("play bribery moonies");
    assert_eq!(g.group("moonies")["owner"], "Ann");
    assert_eq!(g.json()["actions_left"], 1);
}

#[test]
fn the_senate_committee_takes_a_turn_away() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set specials Bob 1");
    let before = g.player_treasury("Ann");
    g.ok("play senate-committee by Bob");
    assert_eq!(g.json()["current"], "Cy");
    assert_eq!(
        g.player_treasury("Ann"),
        before - 9,
        "the turn's income is taken back"
    );
}

#[test]
fn secrets_man_cancels_the_special_just_played() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set specials Bob 1; set specials Cy 1");
    g.ok("play swiss-bank by Bob");
    g.ok("play secrets-man by Cy");
    assert_eq!(g.player_treasury("Bob"), 9);
    assert_eq!(g.json()["players"][1]["specials"], 0);
    assert_eq!(g.json()["players"][2]["specials"], 0);
}

#[test]
fn market_manipulation_doubles_the_income_in_the_income_phase() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set specials Ann 1");
    g.ok("play market-manipulation");
    assert_eq!(g.player_treasury("Ann"), 18 + 9);
}

// ---- Money and groups -----------------------------------------------------------------------

#[test]
fn two_transfers_between_adjacent_groups_then_each_costs_an_action() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner cia Ann; set owner fbi Ann under cia; draw moonies");
    assert!(g
        .refused("transfer bavarian fbi 1")
        .contains("not next to each other"));
    g.run("transfer bavarian cia 5; transfer cia fbi 2");
    assert_eq!(g.json()["transfers_left"], 0);
    g.ok("transfer cia bavarian 1");
    assert_eq!(g.json()["actions_left"], 1);
}

#[test]
fn the_federal_reserve_transfers_anywhere_and_the_gnomes_freely_after_their_actions() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner federal-reserve Ann; set owner fbi Ann under federal-reserve; set owner cia Ann under fbi; set treasury federal-reserve 5; draw moonies");
    g.ok("transfer federal-reserve cia 2");
    let mut g = game("gnomes", "network", "bavarian");
    g.run("set owner cia Ann; set owner fbi Ann under cia; draw moonies; set owner kgb Ann; give kgb Bob; drop cia");
    g.run("set owner cia Ann; set owner fbi Ann under cia; set owner kgb Ann");
    g.ok("give kgb Bob");
    assert_eq!(g.json()["actions_left"], 0);
    g.ok("transfer gnomes fbi 3");
    assert_eq!(
        g.json()["transfers_left"],
        2,
        "the Gnomes' end-of-turn moves are free"
    );
}

#[test]
fn move_give_and_drop_a_group() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set owner cia Ann; set owner fbi Ann; set treasury fbi 3; draw moonies");
    g.ok("move fbi under cia");
    assert_eq!(g.group("fbi")["master"], "cia");
    g.ok("give cia Bob");
    assert_eq!(g.group("fbi")["owner"], "Bob", "its puppets go with it");
    g.run("end; draw kkk; set owner kgb Cy; set treasury kgb 4");
    g.ok("drop kgb");
    assert_eq!(g.group("kgb")["status"], "uncontrolled");
    assert_eq!(g.treasury("kgb"), 0);
}

// ---- Victory ---------------------------------------------------------------------------------

#[test]
fn the_regular_goal_counts_the_illuminati_card_by_default() {
    // The Discordians, with no weird group, so that only the regular goal can be met.
    let ids = [
        "cia",
        "fbi",
        "kgb",
        "kkk",
        "mafia",
        "moonies",
        "yuppies",
        "texas",
        "big-media",
        "democrats",
        "republicans",
    ];
    let build = |g: &mut Game| {
        for (k, id) in ids.iter().enumerate() {
            let master = if k < 3 {
                "discordian".to_string()
            } else {
                ids[k % 3].to_string()
            };
            g.ok(&format!("set owner {id} Ann under {master}"));
        }
    };
    let mut g = game("discordian", "network", "gnomes");
    build(&mut g);
    // 11 groups + the Illuminati card = 12 of the 13 three players need: not yet.
    assert!(g.json()["winner"].is_null());
    g.ok("set owner pentagon Ann under cia");
    assert_eq!(g.json()["winner"], "Ann");
    assert!(g.json()["won_by"]
        .as_str()
        .unwrap()
        .contains("13 of 13 groups"));
    let mut g = game_with(
        "discordian",
        "network",
        "gnomes",
        &["illuminati_card_counts=false"],
    );
    build(&mut g);
    g.ok("set owner pentagon Ann under cia");
    assert!(g.json()["winner"].is_null(), "12 groups without the card");
}

#[test]
fn the_gnomes_win_with_150_megabucks_in_their_structure() {
    let mut g = game("gnomes", "network", "bavarian");
    g.run("set owner cia Ann; set treasury cia 100; set treasury Ann 49");
    assert!(g.json()["winner"].is_null());
    g.ok("set treasury cia 101");
    assert_eq!(g.json()["winner"], "Ann");
    assert!(g.json()["won_by"]
        .as_str()
        .unwrap()
        .contains("150 of 150 MB"));
}

#[test]
fn the_ufos_goal_is_secret_until_it_is_met() {
    let mut g = game("bavarian", "ufos", "network");
    let table = g.s.run_line("state")[0].clone();
    assert!(!table.contains("\"goal\""), "{table}");
    let watch = g.s.run_line("watch");
    assert!(
        watch
            .iter()
            .any(|l| l.starts_with("Bob:") && l.contains("secret goal") && !l.contains("MB")),
        "{watch:?}"
    );
    let own = g.s.run_line("state --as Bob")[0].clone();
    assert!(own.contains("\"goal\":\"gnomes\""), "{own}");
    g.ok("set treasury Bob 150");
    assert_eq!(g.json()["winner"], "Bob");
    assert!(g.json()["won_by"].as_str().unwrap().contains("secret goal"));
}

#[test]
fn cthulhu_counts_destroyed_groups_and_eliminated_illuminati() {
    let mut g = game("cthulhu", "network", "gnomes");
    g.ok("draw moonies");
    // The Network's Illuminati stands alone: it can be destroyed, which eliminates Bob.
    g.run("attack destroy cthulhu network; spend Ann cthulhu 9; roll 1 1");
    let v = g.json();
    assert_eq!(v["players"][1]["eliminated"], true);
    assert_eq!(v["players"][0]["destroyed"], 1);
}

#[test]
fn unknown_y2k_illuminati_need_their_numbers_before_start() {
    let r = rules();
    let names: Vec<String> = ["Ann", "Bob"].iter().map(|s| s.to_string()).collect();
    let mut s = Session::<Illuminati>::new(r.clone(), &names, 1, r.options.clone(), None).unwrap();
    s.run_line("illuminati Ann subgenius");
    s.run_line("illuminati Bob bavarian");
    let out = s.run_line("start");
    assert!(out[0].contains("set stats subgenius"), "{out:?}");
    s.run_line("set stats subgenius 8 8 7");
    let out = s.run_line("start");
    assert!(!out.iter().any(|l| l.starts_with("error")), "{out:?}");
    // The numbers entered are the card's: power 8, transferable 8, income 7, paid into its
    // treasury at the start and again as Ann's first turn begins.
    let sub = r.card("subgenius").unwrap();
    use boardside::engine::illuminati::structure;
    assert_eq!(
        (
            structure::power(&r, &s.state, sub),
            structure::transferable(&r, &s.state, sub),
            structure::income(&r, &s.state, sub),
            s.state.cards[sub].treasury
        ),
        (8, 8, 7, 14)
    );
    // The SubGenius need one group fewer: 12 for two players, shown on the watch.
    assert!(
        s.run_line("watch")[0].contains("1/12 groups"),
        "{:?}",
        s.run_line("watch")
    );
}

#[test]
fn computer_espionage_tells_only_its_player_a_groups_money_or_another_players_specials() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("set specials Bob 1; set owner cia Cy; set treasury cia 7; draw moonies");
    let out = g.s.run_line("play computer-espionage by Bob cia");
    assert!(
        !out.iter().any(|l| l.contains("7 MB")),
        "the table does not see it: {out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.contains("Bob plays Computer Espionage")),
        "{out:?}"
    );
    let own = g.s.run_line("state --as Bob")[0].clone();
    assert!(
        !own.contains("computer-espionage"),
        "the card is gone from Bob's hand: {own}"
    );
}

/// A game for random play from `seed`: two to four players by the seed, and the random
/// player's generator.
fn random_game(
    r: &IlluRules,
    seed: u64,
) -> (
    boardside::engine::illuminati::State,
    boardside::engine::game::PlayRng,
) {
    use boardside::engine::game::{Deal, Game};
    use rand::rngs::StdRng;
    use rand::SeedableRng;
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"][..2 + seed as usize % 3]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let options = Illuminati::options(r, &[]).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let started = Illuminati::start(r, &names, &options, Deal::Draw(&mut rng)).unwrap();
    (
        started.state,
        boardside::engine::game::PlayRng::seed_from_u64(seed),
    )
}

/// The copy `execute` keeps to put back on a refusal is made by copying into the copy kept
/// last time; copied into a stale copy from any earlier point of a game (or a copy with an
/// attack under way, or fewer players), it equals the state.
#[test]
fn a_state_copied_into_an_older_copy_equals_the_state() {
    use boardside::engine::game::Play;
    let r = rules();
    let mut kept = Vec::new();
    for seed in 0..6u64 {
        let (mut s, mut rng) = random_game(&r, seed);
        for step in 0..400 {
            let Some(cmd) = Illuminati::random_command(&r, &s, &mut rng) else {
                break;
            };
            boardside::engine::game::execute::<Illuminati>(&r, &mut s, &cmd).unwrap();
            if step % 37 == 0 {
                kept.push(s.clone());
            }
            if let Some(old) = kept.get_mut(step % 11) {
                s.copy_into(old);
                assert_eq!(*old, s, "seed {seed}, step {step}");
            }
        }
    }
    assert!(
        kept.iter().any(|k| k.attack.is_some()),
        "no copy with an attack under way"
    );
}

/// Money spent in an attack names its role as saves always wrote it ("defending group"), so a
/// save from an earlier release reads the same.
#[test]
fn a_spending_role_is_saved_in_the_words_saves_always_held() {
    use boardside::engine::illuminati::event::{Role, Why};
    let why = Why::Spent {
        player: 1,
        role: Role::DefendingGroup,
    };
    let text = serde_json::to_string(&why).unwrap();
    assert_eq!(text, r#"{"spent":{"player":1,"role":"defending group"}}"#);
    assert_eq!(serde_json::from_str::<Why>(&text).unwrap(), why);
    for word in [
        "attacker",
        "defending Illuminati",
        "assist",
        "interfere",
        "privilege",
    ] {
        let old = format!(r#"{{"spent":{{"player":0,"role":"{word}"}}}}"#);
        let read = serde_json::from_str::<Why>(&old).unwrap();
        assert!(matches!(read, Why::Spent { role, .. } if role.word() == word));
    }
}

/// An attack's interference and assistance per player, a player's name and a turn's income
/// are saved as plain lists and strings, as earlier releases wrote them; a list longer than a table's
/// seats is refused with a reason.
#[test]
fn a_saved_attack_reads_its_amounts_per_player_as_lists() {
    use boardside::engine::illuminati::state::{Attack, Player};
    let earlier = r#"{"kind":"control","player":0,"attacker":3,"target":9,"aid":[],"attacker_mb":2,"group_mb":0,"defender_mb":1,"interfere":[0,0,4],"assist":[0,5,0],"privileged":false,"abolished":false,"interference_cards":[],"committed":true}"#;
    let a: Attack = serde_json::from_str(earlier).unwrap();
    assert_eq!(a.interfere.as_slice(), [0, 0, 4]);
    assert_eq!(a.assist.as_slice(), [0, 5, 0]);
    assert_eq!(serde_json::to_string(&a).unwrap(), earlier);
    let nine = earlier.replace("[0,0,4]", "[0,0,0,0,0,0,0,0,4]");
    let why = serde_json::from_str::<Attack>(&nine)
        .unwrap_err()
        .to_string();
    assert!(
        why.contains("more amounts than a game has players"),
        "{why}"
    );
    let player = r#"{"name":"Ann","illuminati":2,"specials":[null],"eliminated":false,"goal":null,"destroyed":0}"#;
    let p: Player = serde_json::from_str(player).unwrap();
    assert_eq!(&*p.name, "Ann");
    assert_eq!(serde_json::to_string(&p).unwrap(), player);
    // An earlier release saved the turn's income in the turn itself; such a turn still reads
    // (the income is now the state's, rebuilt from the payments on replay).
    let earlier = r#"{"draws_left":1,"actions_left":2,"transfers_left":2,"acted":false,"illuminati_attacks":0,"privilege_used":false,"failed_target":null,"laser_used":false,"free_money":false,"capture":null,"income":[[3,2],[7,-1]],"market_used":false}"#;
    let turn: boardside::engine::illuminati::state::Turn = serde_json::from_str(earlier).unwrap();
    assert_eq!(turn.draws_left, 1);
    let text = serde_json::to_string(&turn).unwrap();
    assert!(!text.contains("income"), "{text}");
}

/// A save from the release whose turns carried their income (a list in every turn-state event)
/// resumes: the income of the turn under way is rebuilt from its payments, the same state a
/// game played now reaches with the same commands, and the game goes on.
#[test]
fn a_journal_whose_turns_carried_their_income_still_resumes() {
    // A copy: the resumed game writes on.
    let (mut resumed, path) =
        super::resume_fixture::<Illuminati>(rules(), "illuminati-turn-income.jsonl", |text| {
            assert!(
                text.contains(r#""income":[[0,9]]"#),
                "not the earlier format"
            )
        });
    // (That release taxed for the I.R.S. from the Illuminati treasury alone: its journals
    // resume with that reading, `tax_from=illuminati`.)
    assert!(!resumed.state.tax_from_structure);
    // (Nor did it hold actions back until the draw: `draw_first=false`.)
    assert!(!resumed.state.draw_first);
    // (Nor were a special's use or a neutralized uncontrolled group refused.)
    assert!(!resumed.state.strict_pass && !resumed.state.neutralize_controlled_only);
    let mut now = game_with(
        "bavarian",
        "network",
        "gnomes",
        &[
            "tax_from=illuminati",
            "draw_first=false",
            "strict_pass=false",
            "neutralize_controlled_only=false",
        ],
    );
    now.run("draw moonies; attack control bavarian moonies; roll 6 5; end; end; end");
    assert_eq!(resumed.state, now.s.state);
    let bavarian = rules().card("bavarian").unwrap();
    assert_eq!(resumed.state.income, vec![(bavarian, 9)]);
    assert!(matches!(
        resumed.line("end"),
        boardside::session::Outcome::Done(_)
    ));
    std::fs::remove_file(&path).unwrap();
}

/// The snapshot kept before each roll (for Assassination and Murphy's Law) is made in the
/// buffers of the one let go before it, and is then exactly the state at that moment; one
/// still held elsewhere (a copy of the state, an undo) is never written over.
#[test]
fn a_snapshot_made_in_a_released_ones_buffers_is_the_state_of_its_own_moment() {
    use boardside::engine::illuminati::state::State;
    let g = game("bavarian", "network", "gnomes");
    let first = g.s.state.clone();
    let bare = |s: &State| {
        let mut s = s.clone();
        s.before_roll = None;
        s.before_special = None;
        s
    };
    State::release(Some(first.snapshot()));
    let mut later = first.clone();
    later.bank -= 5;
    later.cards[0].treasury += 5;
    later.current = 1;
    let snap = later.snapshot();
    assert_eq!(*snap, bare(&later));
    // Held twice: let go of one, and the next snapshot must not reuse it.
    let held = snap.clone();
    State::release(Some(snap));
    let again = first.snapshot();
    assert_eq!(*again, bare(&first));
    assert_eq!(*held, bare(&later));
}

/// illuminati: specials: Assassination and Murphy's Law work the attack out again from the
/// state just before the dice. That state is kept as the cards changed since (each noted at its
/// first change) and the rest copied whole; put back, it must be exactly the state a full copy
/// would have kept: checked on every roll a hand could rework in random games.
#[test]
fn a_reworked_roll_puts_back_exactly_the_state_before_the_dice() {
    use boardside::engine::game::Play;
    use boardside::engine::illuminati::event::{Event, Snapshot};
    use boardside::engine::illuminati::{apply, Command};
    let r = rules();
    let mut checked = 0;
    for seed in 0..8u64 {
        let (mut s, mut rng) = random_game(&r, seed);
        for step in 0..600 {
            let Some(cmd) = Illuminati::random_command(&r, &s, &mut rng) else {
                break;
            };
            let before = s.clone();
            let events = boardside::engine::game::execute::<Illuminati>(&r, &mut s, &cmd).unwrap();
            if !matches!(cmd, Command::Roll { .. }) || s.before_roll.is_none() {
                continue;
            }
            // The state a full copy kept: this command's events up to the dice (the attack
            // committed, its money spent), from the state before it.
            let at = events
                .iter()
                .position(|e| matches!(e, Event::Rolled { .. }))
                .expect("a roll rolls");
            let mut expected = before;
            for e in &events[..at] {
                apply(&mut expected, e);
            }
            expected.before_roll = None;
            expected.before_special = None;
            let mut restored = s.clone();
            apply(
                &mut restored,
                &Event::Restore {
                    to: Snapshot::Roll,
                    hands: None,
                },
            );
            assert!(
                restored.before_roll.is_some(),
                "the roll may be reworked again"
            );
            restored.before_roll = None;
            restored.before_special = None;
            assert_eq!(restored, expected, "seed {seed}, step {step}");
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} rolls kept");
}

/// A gift is only money changing hands, yet it can meet the Gnomes' goal: the watch looks
/// again after money moves whenever a player counts money, and the win comes at once.
#[test]
fn a_gift_that_brings_the_gnomes_to_their_goal_wins_at_once() {
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("set treasury Cy 149");
    assert!(g.json()["winner"].is_null());
    g.ok("give-money bavarian Cy 1");
    assert_eq!(g.json()["winner"], "Cy");
    assert!(g.json()["won_by"]
        .as_str()
        .unwrap()
        .contains("150 of 150 MB"));
}

/// illuminati: Assassination and Murphy's Law are played right after the dice: the state before
/// the roll is kept only while some hand could hold one (a named one, or a special the table has
/// not named), and an attack with no such hand copies nothing.
#[test]
fn the_state_before_a_roll_is_kept_only_while_a_hand_could_rework_it() {
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw moonies; attack control bavarian moonies; roll 6 5");
    assert!(g.s.state.before_roll.is_none(), "no hand holds a special");
    assert!(g.refused("play assassination by Bob").contains("holds no"));
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw moonies; set specials Bob 1; attack control bavarian moonies; roll 6 5");
    assert!(
        g.s.state.before_roll.is_some(),
        "Bob's special may be Assassination"
    );
    g.ok("play assassination by Bob");
    assert_eq!(g.group("moonies")["owner"], "Ann");
}

/// Earlier releases kept the state before every roll, and their journals record that: such a
/// journal still resumes (keeping it is the rules' own bookkeeping, done again on replay), while a
/// recorded result that differs in what it does is still caught.
#[test]
fn a_journal_that_kept_the_state_before_every_roll_still_resumes() {
    use boardside::engine::illuminati::event::Event;
    let mut g = game("bavarian", "network", "gnomes");
    g.run("draw moonies; attack control bavarian moonies; roll 6 5");
    let decided = g.s.history.last().unwrap().events.clone();
    assert!(!decided
        .iter()
        .any(|e| matches!(e, Event::KeepBeforeRoll { .. })));
    let at = decided
        .iter()
        .position(|e| matches!(e, Event::Rolled { .. }))
        .unwrap();
    let mut earlier = decided.clone();
    earlier.insert(at, Event::KeepBeforeRoll { on: true });
    assert!(boardside::engine::game::same_result::<Illuminati>(
        &earlier, &decided
    ));
    let mut changed = decided.clone();
    changed.remove(at);
    assert!(!boardside::engine::game::same_result::<Illuminati>(
        &changed, &decided
    ));
}

/// illuminati: Victory Conditions: every goal counts the player's own structure (and the groups
/// they destroyed), so the watch sums only the structures of the players a command touched: the
/// owner a card joins, a money-counting player whose structure gains, the player who destroyed;
/// a change that can touch anyone (an elimination, a new turn after the Lasers) looks at all.
/// And a goal met by a touched player is still seen.
#[test]
fn the_watch_sums_only_the_structures_a_command_touched() {
    use boardside::engine::illuminati::event::{Event, Purse, Why};
    use boardside::engine::illuminati::state::Status;
    use boardside::engine::illuminati::victory::{players_touched, Players};
    let g = game("bavarian", "network", "gnomes");
    let (r, s) = (&g.s.rules, &g.s.state);
    let cia = r.card("cia").unwrap();
    let place = |owner| Event::Place {
        card: cia,
        status: Status::Controlled,
        owner: Some(owner),
        master: None,
    };
    assert_eq!(players_touched(r, s, &place(1), false), Players(0b010));
    let income = Event::Money {
        from: Purse::Bank,
        to: Purse::Card(r.card("gnomes").unwrap()),
        amount: 5,
        why: Why::Income,
    };
    assert_eq!(players_touched(r, s, &income, false), Players(0b100));
    assert_eq!(
        players_touched(r, s, &Event::Destroyed { player: 0 }, false),
        Players(0b001)
    );
    assert_eq!(
        players_touched(r, s, &Event::Eliminated { player: 2 }, false),
        Players::ALL
    );
    let starts = Event::TurnStarts { player: 1 };
    assert_eq!(players_touched(r, s, &starts, true), Players::ALL);
    assert_eq!(players_touched(r, s, &starts, false), Players::NONE);
    // Cy (the Gnomes of Zurich: 150 MB) reaches the goal when a correction sets the Gnomes'
    // treasury: seen although only Cy's structure was summed.
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("set treasury gnomes 149");
    assert!(g.s.state.winner.is_none());
    g.ok("set treasury gnomes 150");
    assert_eq!(g.s.state.winner, Some(2));
}

/// illuminati: Victory Conditions: the watch looks again after money moves only when it reaches
/// the structure of a player whose goal counts money (no goal was met before, and money leaving
/// a structure meets none): money into the Gnomes' structure is looked at, money out of it or
/// into another player's structure is not.
#[test]
fn the_watch_looks_again_when_money_reaches_a_player_who_counts_money() {
    use boardside::engine::illuminati::event::{Event, Purse, Why};
    use boardside::engine::illuminati::victory::may_change_goals;
    let g = game("bavarian", "network", "gnomes");
    let (r, s) = (&g.s.rules, &g.s.state);
    let card = |id: &str| Purse::Card(r.card(id).unwrap());
    let money = |from, to, amount| Event::Money {
        from,
        to,
        amount,
        why: Why::Transfer,
    };
    assert!(may_change_goals(
        r,
        s,
        &money(Purse::Bank, card("gnomes"), 5),
        false
    ));
    assert!(may_change_goals(
        r,
        s,
        &money(card("gnomes"), Purse::Bank, -5),
        false
    ));
    assert!(!may_change_goals(
        r,
        s,
        &money(card("gnomes"), Purse::Bank, 5),
        false
    ));
    assert!(!may_change_goals(
        r,
        s,
        &money(Purse::Bank, card("bavarian"), 5),
        false
    ));
    // Nobody counts money: no money event is looked at.
    let g = game("bavarian", "network", "discordian");
    let (r, s) = (&g.s.rules, &g.s.state);
    let card = |id: &str| Purse::Card(r.card(id).unwrap());
    assert!(!may_change_goals(
        r,
        s,
        &money(Purse::Bank, card("network"), 5),
        false
    ));
}

/// illuminati: Victory Conditions: a card placed in a structure is looked at (a capture can
/// meet a goal); one leaving every structure is not (a drawn group laid out uncontrolled, a
/// neutralized group: it only lowers what goals count).
#[test]
fn the_watch_looks_again_when_a_card_is_placed_in_a_structure() {
    use boardside::engine::illuminati::event::Event;
    use boardside::engine::illuminati::state::Status;
    use boardside::engine::illuminati::victory::may_change_goals;
    let g = game("bavarian", "network", "gnomes");
    let (r, s) = (&g.s.rules, &g.s.state);
    let moonies = r.card("moonies").unwrap();
    let place = |status, owner, master| Event::Place {
        card: moonies,
        status,
        owner,
        master,
    };
    let bavarian = r.card("bavarian").unwrap();
    assert!(may_change_goals(
        r,
        s,
        &place(Status::Controlled, Some(0), Some(bavarian)),
        false
    ));
    assert!(!may_change_goals(
        r,
        s,
        &place(Status::Uncontrolled, None, None),
        false
    ));
    assert!(!may_change_goals(
        r,
        s,
        &place(Status::Deck, None, None),
        false
    ));
}

/// illuminati: the Orbital Mind Control Lasers change an alignment "for that turn only", and
/// Victory Conditions are looked at after every change: when the next turn starts the change
/// ends, and a Weird group it had taken away counts again for the Discordians, who win then.
#[test]
fn a_goal_met_when_the_lasers_change_ends_wins_as_the_next_turn_starts() {
    let mut g = game("discordian", "network", "gnomes");
    g.run(
        "set owner comic-book Ann; set owner flat-earthers Ann; set owner hackers Ann; \
         set owner intellectuals Ann; set owner men-in-black none; draw special; end",
    );
    // Whoever plays next holds the Lasers.
    let next = g.json()["current"].as_str().unwrap().to_string();
    assert_ne!(next, "Ann");
    g.ok(&format!("set owner orbital-mind-control-lasers {next}"));
    g.ok("draw special");
    g.ok("laser men-in-black remove weird");
    g.ok("set owner men-in-black Ann under comic-book");
    assert!(
        g.json()["winner"].is_null(),
        "4 Weird groups while the change lasts"
    );
    g.ok("end");
    assert_eq!(g.json()["winner"], "Ann");
    assert!(g.json()["won_by"].as_str().unwrap().contains("5 of 5"));
}

/// The watch's shortcut: a new turn is looked at only when the command began in a turn that
/// used the Lasers (no other turn leaves an alignment changed).
#[test]
fn the_watch_looks_again_at_a_new_turn_only_after_the_lasers_were_used() {
    use boardside::engine::illuminati::event::Event;
    use boardside::engine::illuminati::victory::may_change_goals;
    let g = game("discordian", "network", "gnomes");
    let (r, s) = (&g.s.rules, &g.s.state);
    let starts = Event::TurnStarts { player: 1 };
    assert!(may_change_goals(r, s, &starts, true));
    assert!(!may_change_goals(r, s, &starts, false));
}

/// The roll says the dice against the number; the attack itself was said when declared and
/// is not said again by a roll with no money spent.
#[test]
fn a_roll_says_the_dice_against_the_number_and_not_the_attack_again() {
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("draw kgb");
    g.ok("attack control bavarian kgb");
    assert_eq!(
        g.lines
            .iter()
            .filter(|l| l.contains("attacks to control"))
            .count(),
        1
    );
    g.ok("roll 3 4");
    assert!(!g.said("attacks to control"), "{:?}", g.lines);
    assert!(g.said("roll 3 + 4 = 7 against"), "{:?}", g.lines);
}

/// illuminati: Free Actions, "give away money or Specials": a special passes from one hand to
/// another at any time of a turn, the table told only that one was given.
#[test]
fn a_special_may_be_given_to_another_player_as_a_free_action() {
    let mut g = game("bavarian", "network", "gnomes");
    g.ok("draw special swiss-bank");
    assert!(g
        .refused("give-special Bob Cy")
        .contains("holds no special"));
    assert!(g.refused("give-special Ann Ann").contains("another player"));
    assert!(g
        .refused("give-special Ann Bob deep-agent")
        .contains("does not hold"));
    g.ok("give-special Ann Bob swiss-bank");
    assert!(g.said("Ann gives Bob a special card"), "{:?}", g.lines);
    assert!(
        !g.lines.iter().any(|l| l.contains("Swiss")),
        "which one stays hidden"
    );
    let bob = g.s.state.player_index("Bob").unwrap();
    let swiss = g.s.rules.special("swiss-bank").unwrap();
    assert_eq!(g.s.state.players[bob].specials, vec![Some(swiss)]);
    assert!(g.s.state.players[0].specials.is_empty());
    // A free action: Ann has not passed, but she may still take her two actions.
    assert_eq!(g.json()["actions_left"], 2);
}

/// Every accepted command says what it did: calling an attack off, and the UFOs' secret goal
/// (said without saying which).
#[test]
fn calling_off_and_choosing_the_secret_goal_are_said() {
    let mut g = game("bavarian", "ufos", "gnomes");
    g.ok("draw kgb");
    g.ok("attack control bavarian kgb");
    g.ok("call-off");
    assert!(g.said("Ann calls off the attack on KGB"), "{:?}", g.lines);
    let names: Vec<String> = ["Ann", "Bob"].iter().map(|s| s.to_string()).collect();
    let r = rules();
    let mut h =
        Game::of(Session::<Illuminati>::new(r.clone(), &names, 1, r.options, None).unwrap());
    h.ok("illuminati Bob ufos");
    h.ok("goal Bob gnomes");
    assert!(h.said("Bob has chosen a secret goal"), "{:?}", h.lines);
    assert!(!h.lines.iter().any(|l| l.contains("Gnomes")), "never which");
}

/// The report's money starts from the starting treasuries (it started at 0, before the game's
/// start, when nobody had chosen an Illuminati yet).
#[test]
fn the_reports_money_starts_at_the_starting_treasuries() {
    let g = game("bavarian", "network", "gnomes");
    let report = g.s.report();
    let boardside::engine::panels::Panel::Lines { series, .. } = &report.panels[0] else {
        panic!("the money panel first");
    };
    for s in series {
        assert!(s.points[0].1 > 0.0, "{}: {:?}", s.name, s.points);
    }
}

/// "The UFOs starts", "Feminists joins": names are often plural, so a card's name leads its
/// line and a colon follows, with no verb that must agree.
#[test]
fn a_cards_lines_read_right_whether_its_name_is_plural_or_not() {
    let mut g = game("bavarian", "ufos", "gnomes");
    assert!(g.said("The UFOs: 8 MB to start"), "{:?}", g.lines);
    g.ok("draw kgb");
    assert!(g.said("KGB: uncontrolled, face up"), "{:?}", g.lines);
    let all = g.lines.join("\n");
    for bad in ["UFOs starts", "UFOs has", "UFOs is", "UFOs joins"] {
        assert!(!all.contains(bad), "{bad}: {all}");
    }
}

/// Issue 70: the number an attack needs is the sum of its working (the modifiers the device
/// shows), also when the cards' part is remembered (`attack::need`, per thread and rules): in
/// random games every attack under way, money spent on it or not, and every attack of every
/// kind the current player's groups could try on each group nobody holds, asked twice in a
/// thread that has seen all the positions before.
#[test]
fn the_number_an_attack_needs_is_the_sum_of_its_working_remembered_or_not() {
    use boardside::engine::illuminati::attack::{fresh, need, working};
    use boardside::engine::illuminati::rules::Kind;
    let r = rules();
    let (mut asked, mut with_money) = (0, 0);
    for s in random_positions(&r) {
        let mut attacks: Vec<_> = s.attack.iter().cloned().collect();
        let p = s.current;
        for a in (0..s.cards.len()).filter(|&c| s.cards[c].owner == Some(p)) {
            for t in (0..s.cards.len()).filter(|&t| s.cards[t].status == Status::Uncontrolled) {
                for kind in [Kind::Control, Kind::Neutralize, Kind::Destroy] {
                    attacks.push(fresh(&s, kind, a, t, &[]));
                }
            }
        }
        for a in &attacks {
            let sum = working(&r, &s, a).1;
            assert_eq!(need(&r, &s, a), sum, "{a:?}");
            assert_eq!(need(&r, &s, a), sum, "asked again: {a:?}");
            asked += 1;
            with_money += usize::from(a.attacker_mb + a.group_mb + a.defender_mb > 0);
        }
    }
    assert!(
        asked > 1000 && with_money > 10,
        "{asked} attacks, {with_money} with money"
    );
}

/// The positions of six random games of 4 (seeds 0 to 5), up to 400 commands each.
fn random_positions(r: &IlluRules) -> Vec<boardside::engine::illuminati::State> {
    use boardside::engine::game::{execute, is_over, Play, PlayRng};
    use rand::SeedableRng;
    let mut positions = Vec::new();
    for seed in 0..6u64 {
        let mut s = boardside::simulate::start::<Illuminati>(r, &r.options, 4, seed).unwrap();
        let mut rng = PlayRng::seed_from_u64(seed);
        for _ in 0..400 {
            if is_over::<Illuminati>(r, &s) {
                break;
            }
            positions.push(s.clone());
            let c = Illuminati::random_command(r, &s, &mut rng).unwrap();
            execute::<Illuminati>(r, &mut s, &c).unwrap();
        }
    }
    positions
}

/// Issue 70: the number each attack on a group nobody holds needs is remembered (per thread,
/// per rules); remembered or worked out afresh, every choice of the steady player is the same. Each
/// position of random games is asked in one thread that has seen all the positions before it
/// and in a fresh thread that has seen none.
#[test]
fn the_steady_players_memo_of_attack_numbers_changes_no_choice() {
    use boardside::engine::game::{Play, PlayRng};
    use rand::SeedableRng;
    let r = rules();
    let positions = random_positions(&r);
    let choose = |s: &boardside::engine::illuminati::State, k: usize| {
        Illuminati::steady(&r, s, None, &mut PlayRng::seed_from_u64(k as u64))
    };
    let warm: Vec<_> = std::thread::scope(|t| {
        t.spawn(|| {
            positions
                .iter()
                .enumerate()
                .map(|(k, s)| choose(s, k))
                .collect()
        })
        .join()
        .unwrap()
    });
    for (k, s) in positions.iter().enumerate().step_by(7) {
        let cold = std::thread::scope(|t| t.spawn(|| choose(s, k)).join().unwrap());
        assert_eq!(cold, warm[k], "position {k}");
    }
    assert!(
        warm.iter().any(|c| matches!(
            c,
            Some(boardside::engine::illuminati::Command::Attack { .. })
        )),
        "the positions include attacks weighed"
    );
}

/// Setup: once every Illuminati is chosen, the game waits on the UFOs' player for the secret
/// goal (who is to act, as a computer seat reads it; it named the first seat before, and a computer
/// seat playing the UFOs never chose).
#[test]
fn setup_waits_on_the_ufos_player_for_the_secret_goal() {
    use boardside::engine::game::{Game as _, ToAct};
    let names: Vec<String> = ["Ann", "Bob", "Cy"].iter().map(|s| s.to_string()).collect();
    let r = rules();
    let s = Session::<Illuminati>::new(r.clone(), &names, 1, r.options.clone(), None).unwrap();
    let mut g = Game::of(s);
    let to_act = |g: &Game| Illuminati::to_act(&g.s.rules, &g.s.state);
    g.ok("illuminati Ann bavarian");
    assert!(matches!(to_act(&g), ToAct::One(1)));
    g.ok("illuminati Bob gnomes");
    g.ok("illuminati Cy ufos");
    assert!(matches!(to_act(&g), ToAct::One(2)), "the UFOs' goal");
    g.ok("goal Cy bavarian");
}

/// Ann's Bavarian Illuminati attacks Big Media, nobody's, to control it, after `setup`.
fn bavarian_attacks_big_media(setup: &str) -> Game {
    let mut g = game("bavarian", "network", "gnomes");
    g.run(&format!("draw big-media; {setup}"));
    g.ok("attack control bavarian big-media");
    g
}

/// The steady player's command for the player whose turn it is.
fn steady_command(g: &Game) -> Option<boardside::engine::illuminati::Command> {
    use boardside::engine::game::{Play, PlayRng};
    use rand::SeedableRng;
    Illuminati::steady(&g.s.rules, &g.s.state, None, &mut PlayRng::seed_from_u64(1))
}

/// Played by hand: a steady computer seat attacked with its Illuminati itself and spent all of
/// its 8 MB on the roll, below the 10 it keeps for defence. The reserve is the Illuminati
/// treasury's whichever group attacks.
#[test]
fn a_steady_seat_keeps_its_reserve_when_its_illuminati_attacks() {
    use boardside::engine::illuminati::Command;
    let mut g = bavarian_attacks_big_media("set treasury bavarian 12");
    // The Bavarian Illuminati 10 - Big Media 6 = 4.
    assert_eq!(g.need().1, 4);
    let bavarian = g.s.rules.card("bavarian").unwrap();
    assert_eq!(
        steady_command(&g),
        Some(Command::Spend {
            player: 0,
            source: bavarian,
            amount: 2
        }),
        "12 MB less the 10 kept"
    );
}

/// Played by hand: another player's interference left a steady seat's attack needing 2 after
/// all it could spend, and it spent its treasury on that 1-in-36 roll. Money goes into an
/// attack only while what it buys is still worth an attack to the seat.
#[test]
fn a_steady_seat_spends_nothing_on_an_attack_interference_made_hopeless() {
    use boardside::engine::illuminati::Command;
    let mut g = bavarian_attacks_big_media("set treasury bavarian 14; set treasury network 20");
    g.ok("interfere Bob 10");
    // 4 - 10 MB of interference = -6; the 4 MB above the reserve would make it -2.
    assert_eq!(g.need().1, -6);
    assert!(
        matches!(steady_command(&g), Some(Command::Roll { .. })),
        "{:?}",
        steady_command(&g)
    );
}
