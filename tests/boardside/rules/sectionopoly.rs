//! Scenario tests for sectionopoly: one per rule sentence, named after the rule (given a state,
//! a command, the expected state and events), driven through the engine API.

use super::Table;
use boardside::engine::property;
use boardside::engine::property::state::{Pending, HOTEL};
use boardside::engine::property::{Command, Event};

fn game(players: &[&str]) -> Table {
    Table::new("sectionopoly", players, |_| {})
}

fn game_with(players: &[&str], edit: impl FnOnce(&mut property::Options)) -> Table {
    Table::new("sectionopoly", players, edit)
}

// ---- PREPARATION and THE PLAY --------------------------------------------------------------

#[test]
fn preparation_each_player_starts_with_1500() {
    let t = game(&["Ann", "Bob", "Cy"]);
    for n in ["Ann", "Bob", "Cy"] {
        assert_eq!(t.cash(n), 1500);
    }
    assert_eq!(t.s.state.ledger.total(), 0);
}

#[test]
fn the_play_highest_first_roll_starts() {
    let mut t = game_with(&["Ann", "Bob", "Cy"], |o| {
        o.first_player = property::options::FirstPlayer::Dice
    });
    t.run("roll 1 2; roll 6 5; roll 3 3");
    assert_eq!(t.s.state.current, t.p("Bob"));
    assert!(t.pending().is_none());
    assert_eq!(t.pos("Bob"), 0, "first-turn rolls do not move");
}

#[test]
fn the_play_tied_highest_first_rolls_roll_again() {
    let mut t = game_with(&["Ann", "Bob", "Cy"], |o| {
        o.first_player = property::options::FirstPlayer::Dice
    });
    t.run("roll 6 5; roll 1 1; roll 5 6");
    assert!(t.said("Ann and Cy tie on 11"));
    t.run("roll 2 2; roll 3 3");
    assert_eq!(t.s.state.current, t.p("Cy"));
}

#[test]
fn the_play_tokens_may_share_a_square() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 2 3; buy; end; roll 4 1");
    assert_eq!(t.pos("Ann"), t.pos("Bob"));
}

#[test]
fn the_play_turn_passes_to_the_left_after_end() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Ann", &["comm-north"]);
    t.run("roll 2 3; end");
    assert_eq!(t.s.state.current, 1);
    t.run("roll 2 3; end; roll 2 3; end");
    assert_eq!(t.s.state.current, 0);
}

#[test]
fn end_is_refused_before_rolling() {
    let mut t = game(&["Ann", "Bob"]);
    assert!(t.refused("end").contains("has not rolled"));
}

// ---- BRIEFING ------------------------------------------------------------------------------

#[test]
fn briefing_salary_when_passing() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set position Ann 38; roll 2 3");
    assert_eq!(t.pos("Ann"), 3);
    assert!(t.said("Housekeeping pays Ann 200 OPs salary for passing Briefing"));
    assert_eq!(t.cash("Ann"), 1700);
}

/// Paid on landing as on passing, and said as it happened: "for landing on Briefing" (played
/// by hand: a token that stopped on it was paid "for passing Briefing").
#[test]
fn briefing_salary_when_landing_on_it() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set position Ann 35; roll 2 3");
    assert_eq!(t.pos("Ann"), 0);
    assert_eq!(t.cash("Ann"), 1700);
    assert!(
        t.said("Housekeeping pays Ann 200 OPs salary for landing on Briefing"),
        "{:?}",
        t.lines
    );
}

#[test]
fn briefing_salary_by_card() {
    let mut t = game(&["Ann", "Bob"]);
    t.top_card("chance", "advance-to-11");
    t.run("set position Ann 33; roll 1 2");
    assert_eq!(t.pos("Ann"), 11);
    assert_eq!(t.cash("Ann"), 1700);
}

#[test]
fn briefing_paid_twice_passing_then_advance_to_briefing_card() {
    // Passing on the dice to CQS two spaces beyond, then "advance to Briefing": 200 + 200.
    let mut t = game(&["Ann", "Bob"]);
    t.top_card("community", "advance-to-go");
    t.run("set position Ann 38; roll 1 3");
    assert_eq!(t.pos("Ann"), 0);
    assert_eq!(t.cash("Ann"), 1900);
}

#[test]
fn briefing_no_salary_going_back() {
    let mut t = game(&["Ann", "Bob"]);
    t.top_card("chance", "back-3");
    t.run("set position Ann 2; roll 2 3");
    assert_eq!(t.pos("Ann"), 4, "7 - 3 = Abeyance");
    assert!(matches!(t.pending(), Some(Pending::Tax { .. })));
    assert_eq!(t.cash("Ann"), 1500);
}

// ---- CAPTURING PROPERTY ----------------------------------------------------------------------

#[test]
fn capturing_property_buy_at_printed_price() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 2; buy");
    assert_eq!(t.owner("oversight").as_deref(), Some("Ann"));
    assert_eq!(t.cash("Ann"), 1440);
}

#[test]
fn capturing_property_cannot_buy_without_the_money() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set cash Ann 50; roll 1 2");
    assert!(t.refused("buy").contains("has 50"));
}

#[test]
fn capturing_property_declined_goes_to_auction_everyone_bids() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.run("roll 1 2; decline");
    match t.pending() {
        Some(Pending::Auction(a)) => assert_eq!(a.open.as_slice(), [true, true, true]),
        other => panic!("{other:?}"),
    }
    // The player who declined may bid; any opening bid.
    t.run("bid Ann 1; bid Bob 30; bid Ann 31; pass Cy; pass Bob");
    assert_eq!(t.owner("oversight").as_deref(), Some("Ann"));
    assert_eq!(t.cash("Ann"), 1500 - 31);
}

#[test]
fn capturing_property_auction_buyer_pays_housekeeping() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 2; decline; bid Bob 45; pass Ann");
    assert_eq!(t.owner("oversight").as_deref(), Some("Bob"));
    assert_eq!(t.cash("Bob"), 1455);
    assert_eq!(t.s.state.ledger.total(), 0);
}

#[test]
fn capturing_property_auction_without_bids_bank_keeps() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 2; decline; pass Ann; pass Bob");
    assert_eq!(t.owner("oversight"), None);
    assert!(t.pending().is_none());
}

#[test]
fn auction_bids_must_rise_and_be_affordable() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 2; decline; bid Bob 45");
    assert!(t.refused("bid Ann 45").contains("at least 46"));
    assert!(t.refused("bid Ann 5000").contains("only 1500"));
    assert!(t.refused("pass Bob").contains("high bid"));
}

// ---- PAYING RENT ---------------------------------------------------------------------------

#[test]
fn paying_rent_from_the_deed() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["oversight"]);
    t.run("roll 1 2");
    assert_eq!(t.cash("Ann"), 1496);
    assert_eq!(t.cash("Bob"), 1504);
    // The deed's figure has no working to show: said as the price is.
    assert!(t.said("Ann pays Bob 4 OPs rent on Oversight (printed rent)"));
}

#[test]
fn paying_rent_double_on_unimproved_full_group() {
    let mut t = game(&["Ann", "Bob"]);
    t.own(
        "Bob",
        &["operations-floor", "strategy-room", "red-cell-wing"],
    );
    t.run("set position Ann 25; roll 3 3");
    assert_eq!(t.cash("Ann"), 1500 - 52);
    assert!(t.said("Ann pays Bob 52 OPs rent on Operations Floor (26 x 2, full group)"));
}

#[test]
fn paying_rent_single_again_once_a_lot_of_the_group_is_traded_away() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own(
        "Bob",
        &["operations-floor", "strategy-room", "red-cell-wing"],
    );
    t.run("trade Bob Cy red-cell-wing for $10; set position Ann 25; roll 3 3");
    assert_eq!(t.cash("Ann"), 1500 - 26);
    assert!(t.said("Ann pays Bob 26 OPs rent on Operations Floor"));
    assert!(t.refused("build strategy-room").contains("must own all of"));
    // The group is whole again once the lot comes back: building is open.
    t.run("trade Cy Bob red-cell-wing for $10; build strategy-room");
    assert_eq!(t.level("strategy-room"), 1);
}

#[test]
fn paying_rent_double_also_with_another_lot_of_the_group_mortgaged() {
    let mut t = game(&["Ann", "Bob"]);
    t.own(
        "Bob",
        &["operations-floor", "strategy-room", "red-cell-wing"],
    );
    t.run("mortgage red-cell-wing; set position Ann 25; roll 3 3");
    assert_eq!(t.cash("Ann"), 1448);
}

#[test]
fn paying_rent_with_substations_and_command_hq() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["centre", "oversight"]);
    t.run("set buildings centre 4; set buildings oversight 5; roll 1 2");
    assert_eq!(t.cash("Ann"), 1500 - 450, "Command HQ on Oversight");
    assert!(t.said("(Command HQ: 450)"));
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["centre", "oversight"]);
    t.run("set buildings centre 3; set buildings oversight 3; set position Ann 39; roll 1 1");
    assert!(t.said("rent on Centre (3 Substations: 90)"));
    assert_eq!(t.cash("Ann"), 1500 + 200 - 90);
}

#[test]
fn comm_stations_rent_by_count_owned() {
    let mut t = game(&["Ann", "Bob"]);
    let expected = [(1, 25), (2, 50), (3, 100), (4, 200)];
    let stations = ["comm-north", "comm-east", "comm-south", "comm-west"];
    for (n, rent) in expected {
        let mut t2 = game(&["Ann", "Bob"]);
        t2.own("Bob", &stations[..n]);
        t2.run("roll 2 3");
        assert_eq!(t2.cash("Ann"), 1500 - rent, "{n} stations");
    }
    // Mortgaged stations still count for the others' rent.
    t.own("Bob", &stations);
    t.run("mortgage comm-west; roll 2 3");
    assert_eq!(t.cash("Ann"), 1300);
}

#[test]
fn utility_rent_four_times_dice_or_ten_with_both() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["power-grid"]);
    t.run("set position Ann 5; roll 3 4");
    assert_eq!(t.cash("Ann"), 1500 - 28);
    assert!(t.said("dice 7 x 4, 1 owned"));
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["power-grid", "data-core"]);
    t.run("set position Ann 5; roll 3 4");
    assert_eq!(t.cash("Ann"), 1500 - 70);
}

#[test]
fn paying_rent_none_on_a_mortgaged_square() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["oversight"]);
    t.run("mortgage oversight; roll 1 2");
    assert_eq!(t.cash("Ann"), 1500);
    assert!(t.said("mortgaged: no rent"));
}

#[test]
fn white_room_owner_in_jail_still_collects_rent() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["oversight"]);
    t.run("set jailed Bob yes; roll 1 2");
    assert_eq!(t.cash("Bob"), 1504);
}

#[test]
fn paying_rent_owner_must_ask_before_second_following_roll() {
    let mut t = game_with(&["Ann", "Bob", "Cy"], |o| o.rent_must_be_asked = true);
    t.own("Bob", &["oversight", "centre"]);
    t.run("roll 1 2");
    assert_eq!(t.cash("Ann"), 1500, "not collected until asked");
    assert_eq!(t.s.state.claims.len(), 1);
    // Bob (first following) rolls: still claimable; then Bob asks.
    t.run("end; roll 2 3; claim oversight");
    assert_eq!(t.cash("Ann"), 1492, "4 x 2, full group");
    // A second landing: not asked before Cy (second following) rolls, so it lapses.
    let mut t = game_with(&["Ann", "Bob", "Cy"], |o| o.rent_must_be_asked = true);
    t.own("Bob", &["oversight", "walters-area"]);
    t.run("roll 1 2; end; set position Bob 3; roll 2 3; end");
    t.run("roll 2 3");
    assert!(!t.s.state.claims.iter().any(|c| c.square == 3));
    assert!(t.said("not asked for in time"));
    assert!(t.refused("claim oversight").contains("no rent is waiting"));
    assert_eq!(t.cash("Ann"), 1500);
}

// ---- INCOMING INTEL and CLOSED QUARTERS STANDBY ----------------------------------------------

#[test]
fn cards_return_to_the_bottom_of_their_deck() {
    let mut t = game(&["Ann", "Bob"]);
    t.top_card("chance", "dividend-50");
    let d = t.s.rules.deck_index("chance").unwrap();
    t.run("roll 3 4");
    assert_eq!(t.cash("Ann"), 1550);
    let last = t.s.state.decks[d].cards().last().unwrap();
    assert_eq!(t.s.rules.decks[d].cards[last as usize].id, "dividend-50");
    assert_eq!(t.s.state.decks[d].len(), 16);
}

#[test]
fn get_out_card_held_until_used_then_returned_to_bottom() {
    let mut t = game(&["Ann", "Bob"]);
    t.top_card("chance", "get-out-of-jail");
    let d = t.s.rules.deck_index("chance").unwrap();
    t.run("roll 3 4");
    assert_eq!(t.s.state.players[0].cards.len(), 1);
    assert_eq!(t.s.state.decks[d].len(), 15);
    t.run("set jailed Ann yes; set turn Ann; jail card");
    assert!(!t.jailed("Ann"));
    assert!(t.s.state.players[0].cards.is_empty());
    assert_eq!(t.s.state.decks[d].len(), 16);
}

#[test]
fn get_out_card_may_be_sold_to_another_player() {
    let mut t = game(&["Ann", "Bob"]);
    t.top_card("chance", "get-out-of-jail");
    t.run("roll 3 4; end; trade Ann Bob card:chance for $40");
    assert_eq!(t.s.state.players[1].cards.len(), 1);
    assert_eq!(t.cash("Ann"), 1540);
    // Bob, in the White Room, plays the card he bought.
    t.run("set jailed Bob yes; set turn Bob; jail card");
    assert!(!t.jailed("Bob"));
}

#[test]
fn card_nearest_utility_owned_pays_ten_times_a_fresh_roll() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["power-grid"]);
    t.top_card("chance", "nearest-utility");
    t.run("roll 3 4");
    assert_eq!(t.pos("Ann"), 12);
    assert!(matches!(t.pending(), Some(Pending::UtilityRoll { .. })));
    t.run("roll 2 3");
    assert_eq!(t.cash("Ann"), 1450);
    assert!(t.said("dice 5 x 10"));
}

#[test]
fn card_nearest_station_owned_pays_twice_the_rent() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["comm-east", "comm-west"]);
    t.top_card("chance", "nearest-railroad");
    t.run("roll 3 4");
    assert_eq!(t.pos("Ann"), 15);
    assert_eq!(t.cash("Ann"), 1400, "50 x 2");
}

#[test]
fn card_nearest_unowned_may_be_bought() {
    let mut t = game(&["Ann", "Bob"]);
    t.top_card("chance", "nearest-railroad-2");
    t.run("set position Ann 32; roll 1 3");
    assert_eq!(t.pos("Ann"), 5, "wraps past Briefing to North COMM");
    assert_eq!(t.cash("Ann"), 1700);
    t.run("buy");
    assert_eq!(t.owner("comm-north").as_deref(), Some("Ann"));
}

#[test]
fn card_go_to_white_room_no_salary() {
    let mut t = game(&["Ann", "Bob"]);
    t.top_card("chance", "go-to-jail");
    t.run("set position Ann 30; roll 3 3");
    assert!(t.jailed("Ann"));
    assert_eq!(t.pos("Ann"), 10);
    assert_eq!(
        t.cash("Ann"),
        1500,
        "no salary though the card moves past Briefing"
    );
    assert!(
        t.refused("roll 1 2").contains("has rolled"),
        "doubles do not give a roll"
    );
}

#[test]
fn card_repairs_per_substation_and_command_hq() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.run("set buildings centre 5; set buildings oversight 3");
    t.top_card("chance", "general-repairs");
    t.run("roll 3 4");
    assert_eq!(t.cash("Ann"), 1500 - (3 * 25 + 100));
    assert!(t.said("(3 x 25 + 1 x 100)"));
}

/// Played by hand (scientopoly): a repairs card drawn by a player with no buildings was
/// followed by no payment and no word of one; a line says nothing is paid, and why.
#[test]
fn card_repairs_with_no_buildings_says_nothing_is_paid() {
    let mut t = game(&["Ann", "Bob"]);
    t.top_card("chance", "general-repairs");
    t.run("roll 3 4");
    assert_eq!(t.cash("Ann"), 1500);
    assert!(t.said("Ann pays nothing: no Substations or Command HQs"));
}

/// The steady player's round-figure bid (a tenth of the printed price at a time) stops where
/// its reserve would go: with 245 and 41 to beat on a 240 square it bids 45 (245 less the
/// reserve of 200), not the round 48.
#[test]
fn a_steady_bid_in_round_figures_keeps_the_reserve() {
    let mut t = game(&["Ann", "Bob"]);
    // The Perch (24), printed price 240: Ann declines it; Bob bids 40.
    t.run("set position Ann 21; set cash Ann 245; roll 1 2; decline; bid Bob 40");
    let rules = t.s.rules.clone();
    let bid = property::steady::bid_for(&rules, &t.s.state, t.p("Ann"));
    let ann = t.p("Ann");
    assert_eq!(
        bid,
        Some(Some(Command::Bid {
            player: ann,
            amount: 45
        }))
    );
}

#[test]
fn card_pay_each_player() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.top_card("chance", "chairman-50");
    t.run("roll 3 4");
    assert_eq!(
        (t.cash("Ann"), t.cash("Bob"), t.cash("Cy")),
        (1400, 1550, 1550)
    );
}

#[test]
fn card_collect_from_every_player() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.top_card("community", "opera-night-50");
    t.run("roll 1 1");
    assert_eq!(
        (t.cash("Ann"), t.cash("Bob"), t.cash("Cy")),
        (1600, 1450, 1450)
    );
}

#[test]
fn card_collect_from_every_player_who_is_short_owes_it() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.run("set cash Bob 20");
    t.top_card("community", "opera-night-50");
    t.run("roll 1 1");
    match t.pending() {
        Some(Pending::Debt(d)) => assert_eq!((d.debtor, d.amount), (1, 50)),
        other => panic!("{other:?}"),
    }
    assert_eq!(t.cash("Cy"), 1500, "Cy pays after Bob settles");
    t.run("concede");
    assert!(t.s.state.players[1].bankrupt);
    assert_eq!(t.cash("Cy"), 1450);
    assert_eq!(t.cash("Ann"), 1500 + 20 + 50);
}

#[test]
fn physical_decks_wait_for_the_card_drawn() {
    let mut t = game_with(&["Ann", "Bob"], |o| o.physical_decks = true);
    t.run("roll 3 4");
    assert!(matches!(t.pending(), Some(Pending::Card { .. })));
    assert!(t
        .refused("draw community bank-error-200")
        .contains("must draw from INTEL"));
    t.run("draw chance loan-matures-150");
    assert_eq!(t.cash("Ann"), 1650);
    // The other edition's card is known too.
    t.run("end; roll 1 1; draw community birthday-10");
    assert_eq!(t.cash("Bob"), 1510);
}

#[test]
fn draw_is_refused_when_the_device_draws() {
    let mut t = game(&["Ann", "Bob"]);
    assert!(t
        .refused("draw chance dividend-50")
        .contains("physical_decks"));
}

// ---- ABEYANCE and the luxury tax -------------------------------------------------------------

#[test]
fn abeyance_flat_200() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 3");
    assert_eq!(t.cash("Ann"), 1500, "nothing is paid before the choice");
    t.run("tax flat");
    assert_eq!(t.cash("Ann"), 1300);
    // Said as a tax, not as a price ("200 OPs for Abeyance (flat)" read as a purchase).
    assert!(t.said("Ann pays Housekeeping 200 OPs for Abeyance (flat tax)"));
}

#[test]
fn abeyance_ten_percent_of_total_worth() {
    // Worth: cash 1500 - 300 - 100 (after buying) ... set directly: cash 1000, Centre (60),
    // Oversight mortgaged (60 counted in full), 2 Substations on Centre? No: a group with a
    // mortgage cannot build, so buildings go on the light blues.
    let mut t = game(&["Ann", "Bob"]);
    t.own(
        "Ann",
        &[
            "centre",
            "oversight",
            "birkoffs-comm-center",
            "walters-area",
            "nikitas-apartment",
        ],
    );
    t.run("set cash Ann 1000; mortgage oversight; set buildings walters-area 2");
    // cash 1030, prices 60+60+100+100+120 = 440, buildings 2 x 50 = 100: worth 1570.
    t.run("roll 1 3; tax percent");
    assert_eq!(t.cash("Ann"), 1030 - 157);
    assert!(t.said("(tax: 10% of total worth 1570)"));
}

#[test]
fn abeyance_choice_is_made_before_the_total_is_shown() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 3");
    let text = property::prompt(&t.s.rules, &t.s.state).text;
    assert!(text.contains("tax flat") && !text.contains("1500"));
    assert!(t.refused("end").contains("tax"));
}

#[test]
fn luxury_tax_square_charges_75() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set position Ann 35; roll 1 2");
    assert_eq!(t.cash("Ann"), 1425);
}

// ---- doubles and THE WHITE ROOM ----------------------------------------------------------------

#[test]
fn the_play_doubles_roll_again() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set position Ann 16; roll 2 2");
    assert!(t.said("doubles: Ann rolls again"));
    assert!(t.refused("end").contains("must roll again"));
    t.run("roll 1 2; buy; end");
    assert_eq!(t.s.state.current, 1);
}

#[test]
fn white_room_third_doubles_in_succession() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["analysis-wing"]);
    t.run("set position Ann 10; roll 5 5; roll 3 3; roll 2 2");
    assert!(t.jailed("Ann"));
    assert_eq!(t.pos("Ann"), 10);
    assert!(t.refused("roll 1 2").contains("has rolled"));
    t.run("end");
}

#[test]
fn white_room_go_to_square_sends_there_no_salary() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set position Ann 25; roll 2 3");
    assert!(t.jailed("Ann"));
    assert_eq!(t.pos("Ann"), 10);
    assert_eq!(t.cash("Ann"), 1500);
    // No "turn over" while the device still asks for the end of the turn: what the rule
    // takes away is the salary and any roll again.
    assert!(t.said("Ann goes to The White Room: no salary, no more rolls"));
}

#[test]
fn white_room_landing_there_is_just_interrogating() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set position Ann 5; roll 2 3");
    assert!(!t.jailed("Ann"));
    assert!(t.said("just interrogating"));
}

#[test]
fn white_room_exit_on_doubles_moves_without_another_roll() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set jailed Ann yes; roll 5 5");
    assert!(!t.jailed("Ann"));
    assert_eq!(t.pos("Ann"), 20);
    assert!(t.refused("roll 1 2").contains("has rolled"));
}

#[test]
fn white_room_failed_roll_ends_the_turn() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set jailed Ann yes; roll 1 2");
    assert!(t.jailed("Ann"));
    assert_eq!(t.pos("Ann"), 10);
    // Said as what the rule takes away, not "Ann's turn is over" above the question to end
    // it (the device ends a turn with `end`).
    assert!(t.said("Ann does not move this turn"));
    t.run("end");
}

#[test]
fn white_room_pay_50_before_rolling_on_first_two_turns() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set jailed Ann yes; roll 1 2; end; set turn Ann");
    t.run("jail pay");
    assert_eq!(t.cash("Ann"), 1450);
    assert!(!t.jailed("Ann"));
    t.run("roll 1 2");
    assert_eq!(t.pos("Ann"), 13);
}

#[test]
fn white_room_pay_refused_after_rolling() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set jailed Ann yes; roll 1 2");
    assert!(t.refused("jail pay").contains("has rolled"));
}

#[test]
fn white_room_third_turn_must_roll_unless_option() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set jailed Ann yes; roll 1 2; end; set turn Ann; roll 1 2; end; set turn Ann");
    assert!(t.refused("jail pay").contains("must roll"));
    let mut t = game_with(&["Ann", "Bob"], |o| o.jail_pay_on_last_turn = true);
    t.run("set jailed Ann yes; roll 1 2; end; set turn Ann; roll 1 2; end; set turn Ann");
    t.run("jail pay");
}

#[test]
fn white_room_forced_fine_after_third_failed_roll_then_move() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set jailed Ann yes; roll 1 2; end; set turn Ann; roll 1 2; end; set turn Ann");
    t.run("roll 4 2");
    assert!(!t.jailed("Ann"));
    assert_eq!(t.cash("Ann"), 1450);
    assert_eq!(t.pos("Ann"), 16);
    assert!(t.said("after the last try, fine paid"));
}

#[test]
fn white_room_forced_fine_unaffordable_is_a_debt_then_the_move() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre"]);
    t.run("set jailed Ann yes; set cash Ann 30; roll 1 2; end; set turn Ann; roll 1 2; end");
    t.run("set turn Ann");
    t.run("roll 4 2");
    assert!(matches!(t.pending(), Some(Pending::Debt(_))));
    assert_eq!(t.pos("Ann"), 10);
    t.run("mortgage centre; pay");
    assert_eq!(t.pos("Ann"), 16);
    assert_eq!(t.cash("Ann"), 30 + 30 - 50);
}

#[test]
fn white_room_may_buy_build_and_trade_while_inside() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.own("Bob", &["comm-north"]);
    t.run("set jailed Ann yes; build centre; trade Ann Bob $100 for comm-north");
    assert_eq!(t.level("centre"), 1);
    assert_eq!(t.owner("comm-north").as_deref(), Some("Ann"));
}

// ---- SUBSTATIONS, COMMAND HEADQUARTERS, BUILDING SHORTAGES -------------------------------------

#[test]
fn substations_need_the_whole_group() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre"]);
    assert!(t.refused("build centre").contains("must own all"));
}

#[test]
fn substations_not_on_a_group_with_a_mortgage() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.run("mortgage oversight");
    assert!(t.refused("build centre").contains("mortgaged"));
}

#[test]
fn substations_cost_the_deed_price_and_build_evenly() {
    let mut t = game(&["Ann", "Bob"]);
    t.own(
        "Ann",
        &["birkoffs-comm-center", "walters-area", "nikitas-apartment"],
    );
    t.run("build walters-area");
    assert_eq!(t.cash("Ann"), 1450);
    assert!(t.refused("build walters-area").contains("build evenly"));
    t.run("build birkoffs-comm-center; build nikitas-apartment; build walters-area");
    assert_eq!(t.level("walters-area"), 2);
    assert_eq!(t.s.state.houses, 28);
}

#[test]
fn command_hq_after_four_substations_returns_them() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.run("set buildings centre 4; set buildings oversight 3");
    assert!(t.refused("build centre").contains("build evenly"));
    t.run("build oversight; build centre");
    assert_eq!(t.level("centre"), HOTEL);
    assert_eq!((t.s.state.houses, t.s.state.hotels), (32 - 4, 11));
    assert!(t.refused("build centre").contains("one per lot"));
}

/// What the random player's look at building reads first (`building::buildable`): the lots
/// that could take a building but for cash and the bank's supply. It follows the building rules' own checks: a whole group, none of it mortgaged, the
/// lowest lots only (build evenly), none past the top building. A seat's count of groups owned
/// whole (`State::wholes`, which answers a look by a seat with none at once) follows each
/// change of owner.
#[test]
fn the_lots_that_could_take_a_building_follow_the_building_rules() {
    let mut t = game(&["Ann", "Bob"]);
    let lots = |t: &Table, who: &str| -> Vec<usize> {
        property::building::buildable(&t.s.rules, &t.s.state, t.p(who))
            .iter()
            .collect()
    };
    let none: Vec<usize> = vec![];
    let (centre, oversight) = (t.sq("centre"), t.sq("oversight"));
    let both = vec![centre.min(oversight), centre.max(oversight)];
    let wholes = |t: &Table| (t.s.state.wholes[t.p("Ann")], t.s.state.wholes[t.p("Bob")]);
    t.own("Ann", &["centre"]);
    assert_eq!(lots(&t, "Ann"), none, "half a group");
    assert_eq!(wholes(&t), (0, 0));
    t.own("Ann", &["oversight"]);
    assert_eq!(lots(&t, "Ann"), both);
    assert_eq!(wholes(&t), (1, 0));
    t.run("build centre");
    assert_eq!(lots(&t, "Ann"), [oversight], "build evenly");
    t.run("build oversight");
    assert_eq!(lots(&t, "Ann"), both);
    t.run("sell centre");
    assert_eq!(lots(&t, "Ann"), [centre], "sold back to uneven");
    t.run("sell oversight; mortgage oversight");
    assert_eq!(lots(&t, "Ann"), none, "a mortgage in the group");
    t.run("unmortgage oversight");
    assert_eq!(lots(&t, "Ann"), both);
    t.run("set buildings centre 4; set buildings oversight 4; build centre");
    assert_eq!(lots(&t, "Ann"), [oversight]);
    t.run("build oversight");
    assert_eq!(lots(&t, "Ann"), none, "the top building on every lot");
    t.run("set buildings centre 0; set buildings oversight 0; set owner centre Bob");
    assert_eq!(
        (lots(&t, "Ann"), lots(&t, "Bob")),
        (none.clone(), none.clone())
    );
    assert_eq!(wholes(&t), (0, 0), "the group broken");
    t.run("set owner oversight Bob");
    assert_eq!(lots(&t, "Bob"), both);
    assert_eq!(wholes(&t), (0, 1), "the group whole again, Bob's");
}

#[test]
fn building_shortage_refused_when_housekeeping_has_none() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.poke(|s| s.houses = 0);
    assert!(t.refused("build centre").contains("no Substations left"));
}

#[test]
fn building_shortage_auction_when_several_players_want_more_than_the_bank_has() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.own(
        "Bob",
        &["operations-floor", "strategy-room", "red-cell-wing"],
    );
    t.poke(|s| s.houses = 3);
    t.run("build centre");
    // Bob could build too: he is asked how many he wants now. Ann's 1 and Bob's 3 are more
    // than the bank's 3, so the house is auctioned.
    assert!(
        matches!(t.pending(), Some(Pending::Shortage { .. })),
        "{:?}",
        t.pending()
    );
    assert!(t.refused("want Ann 1").contains("not asked"));
    t.run("want Bob 3");
    assert!(
        t.said("4 Substations wanted, Housekeeping has 3: they are auctioned"),
        "{:?}",
        t.lines
    );
    match t.pending() {
        Some(Pending::Auction(a)) => assert_eq!(a.min, 50),
        other => panic!("{other:?}"),
    }
    t.run("bid Bob 60; bid Ann 80; pass Bob");
    assert!(matches!(t.pending(), Some(Pending::Place { .. })));
    t.run("build oversight");
    assert_eq!(t.level("oversight"), 1);
    assert_eq!(t.cash("Ann"), 1420);
    assert_eq!(t.s.state.houses, 2);
}

#[test]
fn selling_substations_at_half_price_evenly() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.run("set buildings centre 2; set buildings oversight 1");
    assert!(t.refused("sell oversight").contains("sell evenly"));
    t.run("sell centre");
    assert_eq!(t.cash("Ann"), 1525);
    assert_eq!(t.level("centre"), 1);
}

#[test]
fn selling_command_hq_broken_down_to_substations() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.run("set buildings centre 5; set buildings oversight 5; sell centre");
    assert_eq!(t.level("centre"), 4);
    assert_eq!(t.cash("Ann"), 1525);
}

#[test]
fn selling_command_hqs_of_a_group_at_once() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.run("set buildings centre 5; set buildings oversight 5");
    t.poke(|s| s.houses = 0);
    assert!(t.refused("sell centre").contains("sell centre all"));
    t.run("sell centre all");
    assert_eq!((t.level("centre"), t.level("oversight")), (0, 0));
    assert_eq!(t.cash("Ann"), 1500 + 2 * 5 * 25);
}

#[test]
fn selling_a_groups_buildings_at_once_is_offered_from_every_lot_of_the_group() {
    // `sell SQ all` clears SQ's whole group, so it is legal from any of its lots: from the lot
    // the even rule keeps from selling one step, from a lot with none, and from a group whose
    // top buildings the bank lacks the houses to break down (where it is the only way out).
    let sells_all = |t: &Table, sq: &str| {
        let square = t.s.rules.square_index(sq).unwrap();
        property::legal::legal(&t.s.rules, &t.s.state)
            .contains(&Command::Sell { square, all: true })
    };
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    assert!(!sells_all(&t, "centre"), "no buildings, nothing to sell");
    t.run("set buildings oversight 1");
    assert!(t.refused("sell centre").contains("no buildings"));
    assert!(sells_all(&t, "centre") && sells_all(&t, "oversight"));
    t.run("set buildings centre 5; set buildings oversight 5");
    t.poke(|s| s.houses = 0);
    assert!(t.refused("sell oversight").contains("sell oversight all"));
    assert!(sells_all(&t, "centre") && sells_all(&t, "oversight"));
    t.run("sell oversight all");
    assert_eq!((t.level("centre"), t.level("oversight")), (0, 0));
}

// ---- SELLING PROPERTY (trades) ---------------------------------------------------------------

#[test]
fn selling_property_squares_cash_and_cards_between_players() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "comm-north"]);
    t.own("Bob", &["power-grid"]);
    t.run("trade Ann Bob centre comm-north for power-grid $10");
    assert_eq!(t.owner("centre").as_deref(), Some("Bob"));
    assert_eq!(t.owner("power-grid").as_deref(), Some("Ann"));
    assert_eq!(t.cash("Ann"), 1510);
}

#[test]
fn selling_property_not_while_buildings_stand_on_the_group() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.run("set buildings oversight 1");
    assert!(t
        .refused("trade Ann Bob centre for $100")
        .contains("buildings stand"));
}

#[test]
fn miscellaneous_no_loans_between_players() {
    let mut t = game(&["Ann", "Bob"]);
    assert!(t
        .refused("trade Ann Bob $100 for nothing")
        .contains("may not lend"));
    assert!(t
        .refused("trade Ann Bob $100 for $120")
        .contains("may not lend"));
}

#[test]
fn trade_refused_for_things_not_owned() {
    let mut t = game(&["Ann", "Bob"]);
    assert!(t
        .refused("trade Ann Bob centre for $1")
        .contains("does not own"));
    assert!(t
        .refused("trade Ann Bob card:chance for $1")
        .contains("no INTEL card"));
    assert!(t
        .refused("trade Ann Bob comm-north for $2000")
        .contains("does not own"));
}

// ---- MORTGAGES ------------------------------------------------------------------------------

#[test]
fn mortgages_pay_half_the_price() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["operations-office"]);
    t.run("mortgage operations-office");
    assert_eq!(t.cash("Ann"), 1700);
    assert!(t
        .refused("mortgage operations-office")
        .contains("mortgaged already"));
}

#[test]
fn mortgages_only_when_the_group_has_no_buildings() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.run("set buildings oversight 1");
    assert!(t.refused("mortgage centre").contains("sell the buildings"));
}

#[test]
fn mortgages_lifted_at_value_plus_ten_percent() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["operations-office"]);
    t.run("mortgage operations-office; unmortgage operations-office");
    assert_eq!(t.cash("Ann"), 1700 - 220);
    assert!(t.said("(200 + 20 interest)"));
}

#[test]
fn mortgages_received_pay_ten_percent_now_and_again_on_lifting() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["operations-office"]);
    t.run("mortgage operations-office; trade Ann Bob operations-office for $150");
    assert!(matches!(t.pending(), Some(Pending::Mortgaged { .. })));
    t.run("keep operations-office");
    assert_eq!(t.cash("Bob"), 1500 - 150 - 20);
    t.run("unmortgage operations-office");
    assert_eq!(t.cash("Bob"), 1330 - 220);
}

#[test]
fn mortgages_received_may_be_lifted_at_once() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["operations-office"]);
    t.run("mortgage operations-office; trade Ann Bob operations-office for $150");
    assert!(t.refused("end").contains("mortgaged"));
    t.run("unmortgage operations-office");
    assert_eq!(t.cash("Bob"), 1500 - 150 - 220);
    assert!(t.pending().is_none());
}

// ---- BANKRUPTCY and debts --------------------------------------------------------------------

#[test]
fn debts_raise_money_then_pay() {
    let mut t = game(&["Ann", "Bob"]);
    t.own(
        "Bob",
        &["operations-floor", "strategy-room", "red-cell-wing"],
    );
    t.own("Ann", &["operations-office"]);
    t.run("set cash Ann 30; set position Ann 25; roll 3 3");
    // What is owed is said with its working, as a payment is.
    assert!(
        t.said("Ann owes Bob 52 OPs rent on Operations Floor (") && t.said(") and has 30"),
        "{:?}",
        t.lines
    );
    assert!(t.refused("pay").contains("22 short"));
    assert!(t.refused("end").contains("owes"));
    t.run("mortgage operations-office; pay");
    assert_eq!(t.cash("Ann"), 30 + 200 - 52);
    assert_eq!(t.cash("Bob"), 1552);
}

#[test]
fn bankruptcy_to_a_player_hands_over_everything() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own(
        "Ann",
        &["centre", "oversight", "comm-north", "operations-office"],
    );
    t.own("Bob", &["adrians-retreat"]);
    t.top_card("chance", "get-out-of-jail");
    t.run("set buildings centre 2; set buildings oversight 2; mortgage operations-office");
    t.run("set position Ann 4; roll 1 2");
    assert_eq!(t.s.state.players[0].cards.len(), 1);
    t.run("end; roll 1 1; roll 1 2; end");
    t.run("set turn Ann; set cash Ann 10; set position Ann 35; roll 1 1");
    // Adrian's Retreat unimproved, Bob owns only it: rent 35. Ann has 10.
    assert!(
        matches!(t.pending(), Some(Pending::Debt(_))),
        "{:?}",
        t.lines
    );
    let bob_before = t.cash("Bob");
    t.run("concede");
    assert!(t.s.state.players[0].bankrupt);
    // 4 Substations back at half of 50: 100 to Ann, then all of Ann's cash (110) to Bob.
    assert_eq!(t.cash("Bob"), bob_before + 110);
    assert_eq!(t.owner("centre").as_deref(), Some("Bob"));
    assert_eq!(t.level("centre"), 0);
    assert_eq!(t.s.state.players[1].cards.len(), 1);
    // The mortgaged square: Bob pays 10% now or lifts it.
    assert!(matches!(t.pending(), Some(Pending::Mortgaged { .. })));
    t.run("keep operations-office");
    assert_eq!(t.cash("Bob"), bob_before + 110 - 20);
    assert_eq!(t.s.state.current, t.p("Bob"), "the turn passes on");
}

#[test]
fn bankruptcy_to_housekeeping_auctions_the_squares() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Ann", &["centre", "comm-north"]);
    t.run("mortgage comm-north; set cash Ann 10; set position Ann 2; roll 1 1");
    // Abeyance at 4: 2 + 2 = 4.
    t.run("tax flat");
    t.run("concede");
    assert!(t.s.state.players[0].bankrupt);
    assert_eq!(t.owner("centre"), None);
    assert!(!t.s.state.squares[t.sq("comm-north")].mortgaged);
    match t.pending() {
        Some(Pending::Auction(a)) => {
            assert_eq!(a.lot, property::state::Lot::Square(1));
            assert_eq!(a.open.as_slice(), [false, true, true]);
        }
        other => panic!("{other:?}"),
    }
    t.run("bid Cy 20; pass Bob; pass Bob; pass Cy");
    assert_eq!(t.owner("centre").as_deref(), Some("Cy"));
    assert_eq!(t.owner("comm-north"), None);
    assert_eq!(t.s.state.current, t.p("Bob"));
}

#[test]
fn bankruptcy_last_player_left_wins() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["oversight"]);
    t.run("set cash Ann 1; roll 1 2; concede");
    assert_eq!(t.s.state.winner, Some(1));
    assert!(t.refused("roll 1 2").contains("game is over"));
}

// ---- SHORT GAME and TIME LIMIT GAME ----------------------------------------------------------

#[test]
fn short_game_deals_three_free_deeds_each() {
    let t = game_with(&["Ann", "Bob"], |o| o.short_game = true);
    assert_eq!(t.s.state.owned_by(0).count(), 3);
    assert_eq!(t.s.state.owned_by(1).count(), 3);
    assert_eq!(t.cash("Ann"), 1500);
}

#[test]
fn short_game_command_hq_after_three_substations() {
    let mut t = game_with(&["Ann", "Bob"], |o| o.short_game = true);
    t.run("set owner centre bank; set owner oversight bank");
    t.own("Ann", &["centre", "oversight"]);
    t.run("set buildings centre 3; set buildings oversight 3; build centre");
    assert_eq!(t.level("centre"), HOTEL);
    assert_eq!(t.s.state.houses, 32 - 3);
}

#[test]
fn short_game_white_room_exit_on_next_turn_roll_then_pay() {
    let mut t = game_with(&["Ann", "Bob"], |o| o.short_game = true);
    t.run("set jailed Ann yes; roll 1 2");
    assert!(!t.jailed("Ann"));
    assert_eq!(t.pos("Ann"), 13);
    assert_eq!(t.cash("Ann"), 1450 - rent_if_owned(&t, 13));
}

fn rent_if_owned(t: &Table, sq: usize) -> i64 {
    if t.s.state.squares[sq].owner.is_some_and(|o| o != 0) {
        10
    } else {
        0
    }
}

#[test]
fn short_game_abeyance_is_a_flat_200() {
    let mut t = game_with(&["Ann", "Bob"], |o| o.short_game = true);
    t.run("roll 1 3");
    assert!(t.pending().is_none());
    assert_eq!(t.cash("Ann"), 1300);
}

#[test]
fn short_game_ends_at_the_first_bankruptcy_richest_wins() {
    let mut t = game_with(&["Ann", "Bob", "Cy"], |o| o.short_game = true);
    for sq in t.s.rules.deeds() {
        t.run(&format!("set owner {sq} bank"));
    }
    t.own("Bob", &["centre", "oversight", "operations-office"]);
    t.own("Cy", &["adrians-retreat"]);
    t.run("set buildings centre 5; set buildings oversight 3; mortgage operations-office");
    t.run("set cash Ann 1; roll 1 2; concede");
    assert!(t.s.state.over);
    // Bob: cash 1500 + 200 (mortgage) + 1 (Ann's cash) = 1701; centre 60 + HQ 4 x 50 = 260,
    // oversight 60 + 3 x 50 = 210, operations-office mortgaged at half: 200. Total 2371.
    assert!(t.said("Bob is worth 2371"));
    assert_eq!(t.s.state.winner, Some(1));
}

#[test]
fn time_limit_game_deals_two_deeds_paid_for() {
    let t = game_with(&["Ann", "Bob"], |o| o.time_limit = true);
    let ann: Vec<usize> = t.s.state.owned_by(0).collect();
    assert_eq!(ann.len(), 2);
    let paid: i64 = ann
        .iter()
        .map(|&q| t.s.rules.squares[q].price().unwrap())
        .sum();
    assert_eq!(t.cash("Ann"), 1500 - paid);
}

#[test]
fn time_limit_game_richest_wins_when_time_is_up() {
    let mut t = game_with(&["Ann", "Bob"], |o| o.time_limit = true);
    t.run("set cash Bob 5000; time-up");
    assert_eq!(t.s.state.winner, Some(1));
    assert!(t.said("Bob wins"));
}

// ---- table corrections -----------------------------------------------------------------------

#[test]
fn corrections_set_every_field() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set cash Ann 999; set position Bob 21; set owner centre Bob; set owner oversight Bob");
    t.run("set buildings centre 2; set jailed Ann yes; set turn Bob");
    assert_eq!(t.cash("Ann"), 999);
    assert_eq!(t.pos("Bob"), 21);
    assert_eq!(t.level("centre"), 2);
    assert_eq!(t.s.state.houses, 30);
    assert!(t.jailed("Ann"));
    assert_eq!(t.s.state.current, 1);
    assert_eq!(t.s.state.ledger.total(), 0);
    t.run("set owner oversight bank");
    assert!(t.refused("set mortgaged centre yes").contains("buildings"));
    assert!(t.refused("set owner centre Ann").contains("buildings"));
}

#[test]
fn corrections_refused_while_a_decision_is_pending() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 2");
    assert!(t.refused("set cash Ann 5").contains("buy"));
}

#[test]
fn rent_shows_its_working() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["centre", "oversight"]);
    t.run("roll 1 2");
    assert!(t.said("Ann pays Bob 8 OPs rent on Oversight (4 x 2, full group)"));
}

#[test]
fn legal_commands_are_all_accepted() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Ann", &["centre", "oversight", "comm-north"]);
    t.run("roll 2 4");
    for cmd in property::legal::legal(&t.s.rules, &t.s.state) {
        let cmd = match cmd {
            property::Command::Roll { dice: None } => property::Command::Roll {
                dice: Some(boardside::engine::dice::Dice(1, 2)),
            },
            c => c,
        };
        let mut s = t.s.state.clone();
        property::execute(&t.s.rules, &mut s, &cmd).unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    }
}

#[test]
fn closing_an_auction_is_one_command_and_the_high_bidder_wins() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.run("roll 1 2; decline; bid Bob 30");
    let events = t.run("close").events();
    assert_eq!(t.owner("oversight").as_deref(), Some("Bob"));
    assert_eq!(t.cash("Bob"), 1500 - 30);
    // Everyone else passed inside that one command.
    let passes = events
        .iter()
        .filter(|e| matches!(e, Event::Passed { .. }))
        .count();
    assert_eq!(passes, 2);
    // Closing with no bid: the bank keeps it.
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 2; decline; close");
    assert_eq!(t.owner("oversight"), None);
    assert!(t.pending().is_none());
    assert!(t.refused("close").contains("no auction is open"));
}

#[test]
fn a_cash_correction_that_would_overflow_is_refused() {
    let mut t = game(&["Ann", "Bob"]);
    let why = t.refused("set cash Ann 9223372036854775807");
    assert!(why.contains("more money than a game can hold"), "{why}");
    // The largest allowed balance still passes the start square without wrapping.
    t.run("set cash Ann 1000000000000; set position Ann 37; roll 1 2");
    assert_eq!(
        t.cash("Ann"),
        1_000_000_000_000 + 200,
        "salary on the start square"
    );
}

#[test]
fn a_trade_of_money_that_would_overflow_is_refused() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["oversight"]);
    let why = t.refused("trade Bob Ann $9223372036854775807 $9223372036854775807 for oversight");
    assert!(why.contains("more money than a game can hold"), "{why}");
}

#[test]
fn time_limit_game_a_tie_on_worth_is_a_shared_win_never_the_first_seat() {
    let mut t = Table::new("sectionopoly", &["Ann", "Bob", "Cy"], |o| {
        o.time_limit = true
    });
    // Everyone still holds the 1500 they started with: a three-way tie.
    let events = t.run("time-up").events();
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Tie { players } if players.len() == 3)));
    assert!(t.said("Ann, Bob and Cy tie for the win"), "{:?}", t.lines);
    assert!(t.s.state.over && t.s.state.winner.is_none());
    let v = boardside::engine::property::protocol::state_json(&t.s.rules, &t.s.state);
    assert_eq!(v["tied"], serde_json::json!(["Ann", "Bob", "Cy"]));
    // One richer player wins alone.
    let mut t = Table::new("sectionopoly", &["Ann", "Bob", "Cy"], |o| {
        o.time_limit = true
    });
    t.run("set cash Bob 1501; time-up");
    assert_eq!(t.s.state.winner, Some(t.p("Bob")));
}

#[test]
fn building_shortage_is_not_asked_while_the_bank_could_meet_this_build_and_every_other_wish() {
    // Ann's one house and Bob's twelve at most (green, three lots) fit in a full bank of 32:
    // the house goes up at once, nobody is asked.
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.own(
        "Bob",
        &["operations-floor", "strategy-room", "red-cell-wing"],
    );
    t.run("build centre");
    assert!(t.pending().is_none(), "{:?}", t.pending());
    assert_eq!(t.level("centre"), 1);
    // With 13 left, 1 + 12 still fits; with 12 left it might not, and the table is asked.
    t.poke(|s| s.houses = 13);
    t.run("build oversight");
    assert!(t.pending().is_none(), "{:?}", t.pending());
    t.poke(|s| s.houses = 12);
    t.run("build centre");
    assert!(matches!(t.pending(), Some(Pending::Shortage { .. })));
}

/// Ann (brown), Bob (green) and Cy (light blue) each own a whole group.
fn three_builders() -> Table {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Ann", &["centre", "oversight"]);
    t.own(
        "Bob",
        &["operations-floor", "strategy-room", "red-cell-wing"],
    );
    t.own(
        "Cy",
        &["birkoffs-comm-center", "walters-area", "nikitas-apartment"],
    );
    t
}

#[test]
fn building_shortage_is_asked_once_want_none_answers_for_everyone_not_yet_asked() {
    let mut t = three_builders();
    t.poke(|s| s.houses = 5);
    t.run("build centre");
    assert!(matches!(t.pending(), Some(Pending::Shortage { .. })));
    // "Anyone else building?" "No one": one answer, and Ann's house goes up.
    t.run("want none");
    assert!(
        t.said("Bob wants 0 now") && t.said("Cy wants 0 now"),
        "{:?}",
        t.lines
    );
    assert!(t.pending().is_none());
    assert_eq!(t.level("centre"), 1);
    assert_eq!(t.cash("Ann"), 1500 - 50);
    assert!(t.refused("want none").contains("nobody is asking"));
}

#[test]
fn building_shortage_want_none_after_one_answer_settles_with_that_answer() {
    let mut t = three_builders();
    t.poke(|s| s.houses = 3);
    t.run("build centre");
    t.run("want Bob 3; want none");
    assert!(
        t.said("4 Substations wanted, Housekeeping has 3: they are auctioned"),
        "{:?}",
        t.lines
    );
    assert!(matches!(t.pending(), Some(Pending::Auction(_))));
}

#[test]
fn building_shortage_is_about_wishes_no_auction_while_the_bank_has_enough() {
    // Ann (brown) and Bob (green) could put up 8 + 12 = 20 houses, more than the bank's 10;
    // but the bank is short only if they want more than 10 now.
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["centre", "oversight"]);
    t.own(
        "Bob",
        &["operations-floor", "strategy-room", "red-cell-wing"],
    );
    t.poke(|s| s.houses = 10);
    t.run("build centre");
    t.run("want Bob 2");
    assert!(
        t.said("3 Substations wanted, Housekeeping has 10: no shortage"),
        "{:?}",
        t.lines
    );
    assert_eq!(t.level("centre"), 1);
    assert!(t.pending().is_none());
    assert_eq!(t.cash("Ann"), 1500 - 50);
    assert!(t.refused("want Bob 99").contains("nobody is asking"));
}

/// A deal is saved as two plain lists, as earlier releases wrote it, whether a side holds one
/// item (kept in place, no heap) or several or none.
#[test]
fn a_saved_trade_reads_the_same_with_one_many_or_no_items() {
    use boardside::engine::property::command::{Command, Item};
    let earlier =
        r#"{"trade":{"from":0,"to":1,"give":[{"square":3},{"card":0},{"cash":50}],"get":[]}}"#;
    let cmd: Command = serde_json::from_str(earlier).unwrap();
    let Command::Trade(tr) = &cmd else {
        panic!("not a trade: {cmd:?}")
    };
    assert_eq!(
        tr.give.as_slice(),
        &[Item::Square(3), Item::Card(0), Item::Cash(50)]
    );
    assert!(tr.get.is_empty());
    assert_eq!(serde_json::to_string(&cmd).unwrap(), earlier);
    let one = r#"{"trade":{"from":1,"to":0,"give":[{"square":5}],"get":[{"cash":200}]}}"#;
    let cmd: Command = serde_json::from_str(one).unwrap();
    assert_eq!(serde_json::to_string(&cmd).unwrap(), one);
}

/// The mortgaged squares a player received, waiting for the lift-or-keep answer, and the seats
/// of a tie are saved as plain lists, as earlier releases wrote them (a list in any order reads
/// as the same squares, asked in board order); a square beyond the largest board is refused
/// with a reason.
#[test]
fn a_saved_received_mortgage_and_a_tie_read_their_lists() {
    let earlier = r#"{"mortgaged":{"player":1,"squares":[39,3,11]}}"#;
    let p: Pending = serde_json::from_str(earlier).unwrap();
    let Pending::Mortgaged { player, squares } = &p else {
        panic!("not the received-mortgage decision: {p:?}")
    };
    assert_eq!(*player, 1);
    assert_eq!(squares.iter().collect::<Vec<_>>(), [3, 11, 39]);
    assert!(squares.contains(11) && !squares.contains(12));
    assert_eq!(
        serde_json::to_string(&p).unwrap(),
        r#"{"mortgaged":{"player":1,"squares":[3,11,39]}}"#
    );
    let far = r#"{"mortgaged":{"player":1,"squares":[3,400]}}"#;
    let why = serde_json::from_str::<Pending>(far)
        .unwrap_err()
        .to_string();
    assert!(
        why.contains("square 400 is beyond the largest board"),
        "{why}"
    );
    let tie = r#"{"tie":{"players":[0,2]}}"#;
    let e: Event = serde_json::from_str(tie).unwrap();
    assert!(matches!(&e, Event::Tie { players } if players.as_slice() == [0, 2]));
    assert_eq!(serde_json::to_string(&e).unwrap(), tie);
    let roll_tie = r#"{"first_roll_tie":{"players":[1,3],"total":9}}"#;
    let e: Event = serde_json::from_str(roll_tie).unwrap();
    assert_eq!(serde_json::to_string(&e).unwrap(), roll_tie);
}

/// An auction's bidders (and the first roll's seats) are saved as plain lists, as earlier
/// releases wrote them; a list longer than a game's seats is refused with a reason, never read
/// past.
#[test]
fn a_saved_auction_reads_its_bidders_as_a_list() {
    use boardside::engine::property::state::Auction;
    let earlier = r#"{"lot":{"square":1},"high":[2,60],"open":[false,true,true],"min":1}"#;
    let a: Auction = serde_json::from_str(earlier).unwrap();
    assert_eq!(a.open.as_slice(), [false, true, true]);
    assert_eq!(serde_json::to_string(&a).unwrap(), earlier);
    let nine = r#"{"lot":{"square":1},"high":null,"open":[true,true,true,true,true,true,true,true,true],"min":1}"#;
    let why = serde_json::from_str::<Auction>(nine)
        .unwrap_err()
        .to_string();
    assert!(why.contains("more seats than a game has players"), "{why}");
    // The first roll's contenders and totals, per seat, likewise.
    let first = r#"{"first_roll":{"contenders":[true,false,true],"rolls":[7,null,null]}}"#;
    let p: Pending = serde_json::from_str(first).unwrap();
    assert!(
        matches!(&p, Pending::FirstRoll { rolls, .. } if rolls.as_slice() == [Some(7), None, None])
    );
    assert_eq!(serde_json::to_string(&p).unwrap(), first);
}

/// A player's squares come in board order on any board, the largest included: each player's
/// squares are kept as a bit set (`State::holdings`, 64 squares a word), so a board of more
/// than one word and a word cut short must list exactly what a look at each square lists.
#[test]
fn a_players_squares_are_listed_in_board_order_on_boards_of_any_size() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    for n in [1, 40, 63, 64, 65, 128, 150, 400] {
        t.s.state.squares = (0..n)
            .map(|i| property::state::Holding {
                owner: match (i * 7 + n) % 5 {
                    0 | 3 => None,
                    k => Some(k % 3),
                },
                ..Default::default()
            })
            .collect();
        t.s.state.recount_holdings();
        for p in 0..3 {
            let looked: Vec<usize> = (0..n)
                .filter(|&i| t.s.state.squares[i].owner == Some(p))
                .collect();
            assert_eq!(
                t.s.state.owned_by(p).collect::<Vec<_>>(),
                looked,
                "{n} squares, {p}"
            );
        }
    }
}

/// sectionopoly: PAYING RENT ¶3 on a board of any size: a player who owns every lot of a group
/// is paid double rent on its unimproved lots however many lots the group has. Each player's
/// count of a group is kept beside the state (`State::owned_in`, issue 32), wide enough for a
/// group of more lots than a byte counts.
#[test]
fn a_group_of_three_hundred_lots_owned_whole_doubles_its_rent() {
    use boardside::engine::property::{Ruleset, Setup};
    use boardside::session::Session;
    let mut text = std::fs::read_to_string(format!(
        "{}/rulesets/sectionopoly.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    for i in 40..340 {
        text.push_str(&format!(
            "\n[[squares]]\nindex = {i}\nid = \"far-lot-{i}\"\nname = \"Far lot {i}\"\n\
             kind = \"lot\"\ngroup = \"brown\"\nprice = 60\nrents = [2, 10, 30, 90, 160, 250]\n\
             build_cost = 50\n"
        ));
    }
    let rules = Ruleset::parse("wide.toml", &text).unwrap();
    let mut o = rules.options.clone();
    o.first_player = property::options::FirstPlayer::Listed;
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let setup = Setup::unshuffled(&rules);
    let mut t = Table::of(Session::with_setup(rules, &names, 1, o, setup, None).unwrap());
    let mut lots = vec!["centre".to_string(), "oversight".to_string()];
    lots.extend((40..340).map(|i| format!("far-lot-{i}")));
    let last = lots.pop().unwrap();
    let all_but_one: Vec<&str> = lots.iter().map(String::as_str).collect();
    t.own("Ann", &all_but_one);
    let brown =
        t.s.rules
            .groups
            .iter()
            .position(|g| g.id == "brown")
            .unwrap();
    assert_eq!(
        t.s.state.group_owner(brown),
        None,
        "one lot is still the bank's"
    );
    t.own("Ann", &[last.as_str()]);
    assert_eq!(t.s.state.group_owner(brown), Some(0));
    assert_eq!(t.s.state.owned_in[brown][0], 302);
    // Bob, on the board's last square, rolls 1 and 1: past the start (salary) onto Centre.
    t.run("roll 3 4; end; set position Bob 339");
    let ann = t.cash("Ann");
    t.run("roll 1 1");
    assert_eq!(t.pos("Bob"), 1);
    assert_eq!(t.cash("Bob"), 1500 + 200 - 4, "rent 2 x 2, the full group");
    assert_eq!(t.cash("Ann"), ann + 4);
    assert!(t.said("2 x 2"), "{:?}", t.lines);
}

/// A deck named as a card of it is said with its article: "an INTEL card", "a CQS card",
/// "an Awards card" (the device asked "draw a INTEL card and tap it").
#[test]
fn a_card_of_a_deck_takes_the_article_its_name_sounds() {
    let said = |ruleset: &str| -> Vec<String> {
        super::rules(ruleset)
            .decks
            .iter()
            .map(|d| d.a_card())
            .collect()
    };
    assert_eq!(said("sectionopoly"), ["an INTEL card", "a CQS card"]);
    assert_eq!(
        said("scientopoly"),
        ["an Awards card", "a Penalties card", "a Chance card"]
    );
}
