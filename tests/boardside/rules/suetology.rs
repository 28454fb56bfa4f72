//! Scenario tests for suetology (shared/rules/suetology.txt and issue 5): one per rule sentence,
//! named after the rule, on the same property engine as sectionopoly.

use super::Table;
use boardside::engine::property::state::{Lot, Pending, HOTEL};

fn game(players: &[&str]) -> Table {
    Table::new("suetology", players, |_| {})
}

#[test]
fn each_player_starts_with_1500() {
    let t = game(&["Ann", "Bob"]);
    assert_eq!((t.cash("Ann"), t.cash("Bob")), (1500, 1500));
}

#[test]
fn unowned_street_buy_or_auction_nothing_else() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 2");
    assert!(matches!(t.pending(), Some(Pending::Buy { .. })));
    assert!(t.refused("end").contains("buy"));
    t.run("buy");
    assert_eq!(t.owner("birch-street").as_deref(), Some("Ann"));
}

#[test]
fn auction_starts_with_an_asking_price_of_10() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.run("roll 1 2; decline");
    match t.pending() {
        Some(Pending::Auction(a)) => assert_eq!((a.min, a.lot), (10, Lot::Square(3))),
        other => panic!("{other:?}"),
    }
    assert!(t.refused("bid Bob 5").contains("at least 10"));
}

#[test]
fn auction_each_acceptance_raises_the_ask_highest_acceptance_wins() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.run("roll 1 2; decline; accept Bob; accept Cy; accept Bob");
    assert!(t.said("Bob bids 30"));
    assert!(t.refused("bid Cy 45").contains("asking price is 40"));
    t.run("pass Ann; pass Cy");
    assert_eq!(t.owner("birch-street").as_deref(), Some("Bob"));
    assert_eq!(t.cash("Bob"), 1470);
}

#[test]
fn auction_no_acceptance_leaves_it_unsold() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 2; decline; pass Ann; pass Bob");
    assert_eq!(t.owner("birch-street"), None);
    assert!(t.said("keeps Birch Street"));
}

#[test]
fn stations_rent_25_50_100_200() {
    let stations = [
        "north-station",
        "east-station",
        "south-station",
        "west-station",
    ];
    for (n, rent) in [(1, 25), (2, 50), (3, 100), (4, 200)] {
        let mut t = game(&["Ann", "Bob"]);
        t.own("Bob", &stations[..n]);
        t.run("roll 2 3");
        assert_eq!(t.cash("Ann"), 1500 - rent, "{n} stations");
    }
}

#[test]
fn utilities_four_or_ten_times_the_roll_that_landed() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["power-works"]);
    t.run("set position Ann 7; roll 2 3");
    assert_eq!(t.cash("Ann"), 1500 - 20);
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["power-works", "water-works"]);
    t.run("set position Ann 7; roll 2 3");
    assert_eq!(t.cash("Ann"), 1500 - 50);
}

#[test]
fn rent_rises_with_a_complete_colour_set() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["ashford-row", "birch-street"]);
    t.run("roll 1 2");
    assert_eq!(t.cash("Ann"), 1500 - 8);
}

#[test]
fn increased_rent_still_due_on_unmortgaged_streets_of_a_set_with_a_mortgaged_one() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["ashford-row", "birch-street"]);
    t.run("set mortgaged ashford-row yes; roll 1 2");
    assert_eq!(t.cash("Ann"), 1500 - 8);
}

#[test]
fn increased_rent_on_stations_and_utilities_with_a_mortgaged_one() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["north-station", "east-station"]);
    t.run("set mortgaged east-station yes; roll 2 3");
    assert_eq!(t.cash("Ann"), 1500 - 50);
    let mut t = game(&["Ann", "Bob"]);
    t.own("Bob", &["power-works", "water-works"]);
    t.run("set mortgaged water-works yes; set position Ann 7; roll 2 3");
    assert_eq!(t.cash("Ann"), 1500 - 50);
}

#[test]
fn houses_need_a_complete_unmortgaged_set_and_even_building() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["ashford-row"]);
    assert!(t.refused("build ashford-row").contains("must own all"));
    t.own("Ann", &["birch-street"]);
    t.run("set mortgaged birch-street yes");
    assert!(t.refused("build ashford-row").contains("mortgaged"));
    t.run("set mortgaged birch-street no; build ashford-row");
    assert!(t.refused("build ashford-row").contains("build evenly"));
}

#[test]
fn four_houses_then_a_hotel() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["ashford-row", "birch-street"]);
    t.run("set buildings ashford-row 4; set buildings birch-street 4; build ashford-row");
    assert_eq!(t.level("ashford-row"), HOTEL);
    assert_eq!(t.s.state.houses, 32 - 8 + 4);
    assert!(t.refused("build ashford-row").contains("one per lot"));
}

#[test]
fn thirty_two_houses_in_the_bank_then_wait() {
    let mut t = game(&["Ann", "Bob"]);
    assert_eq!(t.s.state.houses, 32);
    t.own("Ann", &["ashford-row", "birch-street"]);
    t.own("Bob", &["rowan-avenue", "sycamore-street", "thorn-park"]);
    t.poke(|s| s.houses = 0);
    // No auction of scarce houses in suetology: you wait.
    assert!(t.refused("build ashford-row").contains("no houses left"));
    t.poke(|s| s.houses = 1);
    t.run("build ashford-row");
    assert!(t.pending().is_none());
}

#[test]
fn hotels_sold_back_as_four_houses() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["ashford-row", "birch-street"]);
    t.run("set buildings ashford-row 5; set buildings birch-street 5; sell ashford-row");
    assert_eq!(t.level("ashford-row"), 4);
    assert_eq!(t.cash("Ann"), 1525);
}

#[test]
fn jail_pay_50_then_roll_and_move_on_any_turn() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set jailed Ann yes; roll 1 2; end; set turn Ann; roll 1 2; end; set turn Ann");
    t.run("jail pay; roll 1 2");
    assert!(!t.jailed("Ann"));
    assert_eq!(t.cash("Ann"), 1450);
    assert_eq!(t.pos("Ann"), 13);
}

#[test]
fn jail_doubles_up_to_three_turns_then_pay_50_and_move() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("set jailed Ann yes; roll 1 2; end; set turn Ann; roll 1 2; end; set turn Ann");
    t.run("roll 2 4");
    assert!(!t.jailed("Ann"));
    assert_eq!((t.cash("Ann"), t.pos("Ann")), (1450, 16));
    let mut t = game(&["Ann", "Bob"]);
    t.run("set jailed Ann yes; roll 3 3");
    assert_eq!((t.jailed("Ann"), t.pos("Ann")), (false, 16));
    t.run("buy");
    assert!(
        t.refused("roll 1 2").contains("rolled"),
        "no second roll after leaving"
    );
}

#[test]
fn in_jail_still_collect_rent_bid_build_mortgage_and_trade() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["ashford-row", "birch-street", "victoria-heights"]);
    t.run("set jailed Ann yes; set turn Bob; roll 1 2");
    assert_eq!(t.cash("Ann"), 1508, "rent collected in jail");
    t.run("end; set turn Ann; build ashford-row; mortgage victoria-heights");
    t.run("trade Ann Bob victoria-heights for $10");
    let mut t = game(&["Ann", "Bob"]);
    t.run("set jailed Bob yes; roll 2 4; decline; accept Bob; pass Ann");
    assert_eq!(t.owner("cedar-lane").as_deref(), Some("Bob"));
}

#[test]
fn management_only_on_your_own_turn() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Bob", &["ashford-row", "birch-street"]);
    assert!(t.refused("build ashford-row").contains("own turn"));
    assert!(t.refused("mortgage ashford-row").contains("own turn"));
    assert!(t
        .refused("trade Bob Cy ashford-row for $100")
        .contains("own turn"));
    // A deal with the player whose turn it is, is theirs to make.
    t.run("trade Bob Ann ashford-row for $100");
    t.own("Bob", &["ashford-row"]);
    t.run("set turn Bob; build birch-street");
}

#[test]
fn a_player_who_owes_money_may_raise_it_off_turn() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Bob", &["victoria-heights"]);
    t.run("set cash Bob 20");
    t.top_card("community", "opera-night-50");
    t.run("roll 1 1");
    assert!(matches!(t.pending(), Some(Pending::Debt(_))));
    t.run("mortgage victoria-heights; pay");
    assert_eq!(t.cash("Bob"), 20 + 200 - 50);
}

#[test]
fn mortgage_half_value_unmortgage_value_plus_ten_percent() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["victoria-heights"]);
    t.run("mortgage victoria-heights");
    assert_eq!(t.cash("Ann"), 1700);
    t.run("unmortgage victoria-heights");
    assert_eq!(t.cash("Ann"), 1480);
}

#[test]
fn receiving_a_mortgaged_property_choose_at_once_to_unmortgage_or_not() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["victoria-heights", "upper-mall"]);
    t.run("mortgage victoria-heights; mortgage upper-mall");
    t.run("trade Ann Bob victoria-heights upper-mall for $400");
    assert!(matches!(t.pending(), Some(Pending::Mortgaged { .. })));
    t.run("keep victoria-heights");
    assert_eq!(t.cash("Bob"), 1100, "no fee for keeping it mortgaged");
    assert!(
        t.said("keeps Victoria Heights mortgaged, at no fee now"),
        "{:?}",
        t.lines
    );
    t.run("unmortgage upper-mall");
    assert_eq!(t.cash("Bob"), 1100 - 175 - 18);
    assert!(t.pending().is_none());
}

#[test]
fn bankrupt_immediately_when_the_debt_exceeds_net_worth() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Bob", &["rowan-avenue", "sycamore-street", "thorn-park"]);
    t.own("Ann", &["ashford-row"]);
    // Net worth: 10 cash + 30 mortgage value = 40 < 52 rent.
    t.run("set cash Ann 10; set position Ann 25; roll 3 3");
    assert!(t.s.state.players[0].bankrupt);
    assert!(t.said("Ann is bankrupt to Bob"));
}

/// suetology: Bankruptcy ¶1, told with its working (played by hand: "Ann pays Bob 1400
/// everything, on going bankrupt", the 1500 rent owed never said).
#[test]
fn bankrupt_at_once_says_the_debt_and_the_worth_it_is_more_than() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Bob", &["rowan-avenue", "sycamore-street", "thorn-park"]);
    t.own("Ann", &["ashford-row"]);
    t.run("set cash Ann 10; set position Ann 25; roll 3 3");
    assert!(
        t.said("Ann owes Bob 52 rent on Rowan Avenue (")
            && t.said("more than Ann's net worth of 40"),
        "{:?}",
        t.lines
    );
}

#[test]
fn otherwise_raise_money_by_selling_and_mortgaging() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Bob", &["rowan-avenue", "sycamore-street", "thorn-park"]);
    t.own("Ann", &["victoria-heights"]);
    t.run("set cash Ann 30; set position Ann 25; roll 3 3");
    assert!(matches!(t.pending(), Some(Pending::Debt(_))));
    assert!(!t.s.state.players[0].bankrupt);
}

#[test]
fn auto_resolve_proposes_the_cheapest_plan_and_applies_it() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Bob", &["rowan-avenue", "sycamore-street", "thorn-park"]);
    t.own(
        "Ann",
        &[
            "ashford-row",
            "birch-street",
            "victoria-heights",
            "north-station",
        ],
    );
    t.run("set buildings ashford-row 1; set buildings birch-street 1");
    t.run("set cash Ann 30; set position Ann 25; roll 3 3");
    // Mortgages before building sales, the smallest that covers first.
    let plan = property::autoresolve::plan(&t.s.rules, &t.s.state).unwrap();
    let words: Vec<String> = plan
        .iter()
        .map(|c| boardside::engine::property::protocol::format_command(&t.s.rules, &t.s.state, c))
        .collect();
    assert_eq!(words, vec!["mortgage north-station"]);
    t.run("resolve");
    assert!(t.pending().is_none());
    assert_eq!(t.cash("Ann"), 30 + 100 - 52);
    assert_eq!(t.level("ashford-row"), 1, "buildings kept");
}

#[test]
fn auto_resolve_sells_buildings_when_nothing_is_left_to_mortgage() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Bob", &["rowan-avenue", "sycamore-street", "thorn-park"]);
    t.own("Ann", &["ashford-row", "birch-street"]);
    t.run("set buildings ashford-row 2; set buildings birch-street 2");
    t.run("set cash Ann 10; set position Ann 25; roll 3 3");
    t.run("resolve");
    // 52 - 10 = 42: two houses sold at 25 each (evenly), then paid.
    assert_eq!(t.level("ashford-row") + t.level("birch-street"), 2);
    assert_eq!(t.cash("Ann"), 10 + 50 - 52);
}

#[test]
fn bankrupt_to_a_player_buildings_sold_properties_mortgaged_all_to_the_creditor() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Ann", &["ashford-row", "birch-street"]);
    t.own("Bob", &["upper-mall", "victoria-heights"]);
    t.run("set buildings ashford-row 1; set buildings birch-street 1; set cash Ann 0");
    // Net worth 2 x 25 resale + 2 x 30 mortgage value = 110, far below the hotel's 1500.
    t.run("set buildings upper-mall 5; set buildings victoria-heights 5");
    t.run("set position Ann 34; roll 1 2");
    assert!(t.s.state.players[0].bankrupt);
    // Houses sold (2 x 25), both lots mortgaged (2 x 30): 110 to Bob with the lots.
    assert_eq!(t.cash("Bob"), 1500 + 110);
    assert_eq!(t.owner("ashford-row").as_deref(), Some("Bob"));
    assert!(t.s.state.squares[1].mortgaged && t.s.state.squares[3].mortgaged);
    assert!(matches!(t.pending(), Some(Pending::Mortgaged { .. })));
}

#[test]
fn bankrupt_to_the_bank_properties_unmortgaged_and_auctioned() {
    let mut t = game(&["Ann", "Bob", "Cy"]);
    t.own("Ann", &["ashford-row"]);
    t.run("set mortgaged ashford-row yes; set cash Ann 10; set position Ann 36; roll 1 1");
    assert!(
        t.s.state.players[0].bankrupt,
        "super tax 100 is more than 10 + 0"
    );
    assert!(!t.s.state.squares[1].mortgaged);
    assert!(matches!(t.pending(), Some(Pending::Auction(_))));
}

#[test]
fn taxes_are_flat() {
    let mut t = game(&["Ann", "Bob"]);
    t.run("roll 1 3");
    assert_eq!(t.cash("Ann"), 1300);
    t.run("end; set turn Ann; set position Ann 36; roll 1 1");
    assert_eq!(t.cash("Ann"), 1200);
}

use boardside::engine::property;

#[test]
fn the_received_mortgage_prompt_says_what_keep_and_lift_really_cost() {
    let mut t = game(&["Ann", "Bob"]);
    t.own("Ann", &["victoria-heights"]);
    t.run("mortgage victoria-heights");
    t.run("trade Ann Bob victoria-heights for $400");
    let asked = boardside::engine::property::prompt(&t.s.rules, &t.s.state).text;
    // Suetology charges nothing to keep it; lifting is the mortgage value plus 10%.
    assert!(asked.contains("keeping it costs nothing now"), "{asked}");
    assert!(!asked.contains("interest now"), "{asked}");
    assert!(asked.contains("lifting costs 220 (200 + 20)"), "{asked}");
}
