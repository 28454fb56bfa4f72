//! Tests of the shared parts and of helpers inside the families (moved here from the crates'
//! own test modules, so that `cargo test` builds one test binary).

mod turn {
    use boardside::engine::turn::next_seat;

    #[test]
    fn the_next_seat_skips_players_out_and_wraps_to_the_first() {
        let out = [false, true, false, true];
        assert_eq!(next_seat(0, 4, |s| !out[s]), 2);
        assert_eq!(next_seat(2, 4, |s| !out[s]), 0);
        // Alone in the game: the turn stays.
        assert_eq!(next_seat(2, 4, |s| s == 2), 2);
        // Nobody left: the current seat, as before.
        assert_eq!(next_seat(1, 4, |_| false), 1);
    }
}

mod bits {
    #[test]
    fn the_set_bits_in_order_across_words() {
        let words = [0b1010_0001u64, 0, 1 << 63 | 1];
        let got: Vec<usize> = boardside::engine::bits::ones(words.into_iter()).collect();
        assert_eq!(got, [0, 5, 7, 128, 191]);
    }

    #[test]
    fn the_set_bits_of_one_word_in_order_and_the_kth_of_them() {
        use boardside::engine::bits::{nth_one, ones_in};
        let word = 0b1010_0001u64 | 1 << 63;
        assert_eq!(ones_in(word).collect::<Vec<_>>(), [0, 5, 7, 63]);
        assert_eq!(ones_in(0).next(), None);
        for (k, i) in ones_in(word).enumerate() {
            assert_eq!(nth_one(std::iter::once(word), k), Some(i));
        }
        assert_eq!(nth_one(std::iter::once(word), 4), None);
    }

    /// `select` (the kth set bit of a word, found a byte at a time) agrees with taking the
    /// bits off one by one, for every k of thousands of words: sparse, dense, all ones, and
    /// words whose bits sit in one byte or at the ends.
    #[test]
    fn the_kth_set_bit_of_a_word_found_at_once_is_the_kth_taken_in_order() {
        use boardside::engine::bits::{ones_in, select};
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(32);
        let mut words = vec![1, 1 << 63, u64::MAX, 0xFF, 0xFF << 56, 1 << 63 | 1];
        for _ in 0..3000 {
            let (a, b, c): (u64, u64, u64) = (rng.random(), rng.random(), rng.random());
            words.extend([a, a & b, a & b & c, a | b]);
        }
        for w in words {
            for (k, i) in ones_in(w).enumerate() {
                assert_eq!(select(w, k), i, "word {w:#x}, k {k}");
            }
        }
        // A byte's kth bit read from the table, for every byte.
        for b in 0..=255u8 {
            for (k, i) in ones_in(b as u64).enumerate() {
                assert_eq!(
                    boardside::engine::bits::select_in_byte(b, k),
                    i,
                    "byte {b:#x}, k {k}"
                );
            }
        }
        // Across words: the second word's bits follow the first's 64.
        let two = [0b1001u64, 0b110];
        let got: Vec<_> = (0..4)
            .map(|k| boardside::engine::bits::nth_one(two.into_iter(), k))
            .collect();
        assert_eq!(got, [Some(0), Some(3), Some(65), Some(66)]);
    }

    /// `select_128` (the kth set bit of two words, the word chosen without a branch) agrees
    /// with `nth_one` over the same two words for every k up to one past the last bit, which
    /// both answer None; so do empty and one-sided pairs.
    #[test]
    fn the_kth_set_bit_of_128_bits_is_the_kth_of_its_two_words() {
        use boardside::engine::bits::{nth_one, select_128};
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(128);
        let mut pairs = vec![
            (0, 0),
            (u64::MAX, 0),
            (0, u64::MAX),
            (1, 1 << 63),
            (u64::MAX, u64::MAX),
        ];
        for _ in 0..2000 {
            let (a, b, c): (u64, u64, u64) = (rng.random(), rng.random(), rng.random());
            pairs.extend([(a, b), (a & b, 0), (0, b & c), (a & b & c, a | c)]);
        }
        for (lo, hi) in pairs {
            let w = lo as u128 | (hi as u128) << 64;
            for k in 0..=(w.count_ones() as usize + 1) {
                assert_eq!(
                    select_128(w, k),
                    nth_one([lo, hi].into_iter(), k),
                    "words {lo:#x} {hi:#x}, k {k}"
                );
            }
        }
    }
}

mod in_place {
    use boardside::engine::in_place::PushInPlace;

    #[test]
    fn values_come_in_order_and_the_list_grows_as_push_grows_it() {
        let mut v: Vec<String> = Vec::new();
        for i in 0..40 {
            v.push_in_place(|| i.to_string());
        }
        assert_eq!(v.len(), 40);
        assert_eq!(v[0], "0");
        assert_eq!(v[39], "39");
    }
}

mod places {
    use boardside::engine::illuminati::places::*;
    use boardside::engine::illuminati::state::{CardState, Status};

    fn card(status: Status, owner: Option<usize>) -> CardState {
        CardState {
            status,
            owner,
            master: None,
            treasury: 0,
            arrows: None,
            alignments: None,
            stats: None,
            puppets: 0,
        }
    }

    #[test]
    fn each_card_is_in_the_sets_of_its_place_and_moves_with_it() {
        // 70 cards (two words): the first is an Illuminati, the rest groups.
        let mut cards = vec![card(Status::Deck, None); 70];
        cards[0] = card(Status::Controlled, Some(1));
        cards[3] = card(Status::Uncontrolled, None);
        cards[65] = card(Status::Controlled, Some(1));
        cards[66] = card(Status::Dead, None);
        let mut p = Places::of((0..70).map(|c| c != 0), &cards, 2);
        let of = |p: &Places, s| p.iter(s).collect::<Vec<_>>();
        assert_eq!(of(&p, Set::Of(1)), [0, 65]);
        assert_eq!(of(&p, Set::Of(0)), Vec::<usize>::new());
        assert_eq!(of(&p, Set::Controlled), [0, 65]);
        assert_eq!(
            p.either(Set::Uncontrolled, Set::Controlled)
                .collect::<Vec<_>>(),
            [0, 3, 65]
        );
        assert_eq!(p.count_both(Set::Deck, Set::Groups), 66);
        // The kth of both, counted across the two words, is the kth listed.
        let both: Vec<usize> = p.both(Set::Deck, Set::Groups).collect();
        for (k, &c) in both.iter().enumerate() {
            assert_eq!(p.nth_both(Set::Deck, Set::Groups, k), Some(c));
        }
        assert_eq!(p.nth_both(Set::Deck, Set::Groups, 66), None);
        assert!(!p.iter(Set::Deck).any(|c| c == 66), "dead is in no set");
        // Player 0 takes card 3: out of the uncontrolled area, into their structure.
        p.put(3, &cards[3], false);
        cards[3] = card(Status::Controlled, Some(0));
        p.put(3, &cards[3], true);
        assert_eq!(of(&p, Set::Of(0)), [3]);
        assert_eq!(of(&p, Set::Uncontrolled), Vec::<usize>::new());
        assert_eq!(p, Places::of((0..70).map(|c| c != 0), &cards, 2));
        assert_eq!(p.both(Set::Deck, Set::Groups).next(), Some(1));
    }

    /// Counts and picks agree with the sets listed in order, for games of one word of cards,
    /// of two (read as one 128-bit number) and of more (read a word at a time), with cards
    /// placed at random among three players.
    #[test]
    fn counts_and_picks_agree_with_the_sets_listed_for_any_number_of_cards() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(106);
        for n in [30, 64, 106, 128, 129, 200] {
            for _ in 0..20 {
                let cards: Vec<CardState> = (0..n)
                    .map(|_| match rng.random_range(0..5) {
                        0 => card(Status::Deck, None),
                        1 => card(Status::Uncontrolled, None),
                        2 => card(Status::Dead, None),
                        _ => card(Status::Controlled, Some(rng.random_range(0..3))),
                    })
                    .collect();
                let p = Places::of((0..n).map(|c| c % 9 != 0), &cards, 3);
                for (a, b) in [
                    (Set::Uncontrolled, Set::Of(1)),
                    (Set::Controlled, Set::Of(2)),
                    (Set::Deck, Set::Groups),
                ] {
                    let without: Vec<usize> =
                        p.iter(a).filter(|&c| !p.iter(b).any(|x| x == c)).collect();
                    let both: Vec<usize> = p.both(a, b).collect();
                    assert_eq!(p.count_without(a, b), without.len(), "{n} cards");
                    assert_eq!(p.count_both(a, b), both.len(), "{n} cards");
                    for k in 0..=without.len() {
                        assert_eq!(
                            p.nth_without(a, b, k),
                            without.get(k).copied(),
                            "{n} cards, k {k}"
                        );
                    }
                    for k in 0..=both.len() {
                        assert_eq!(
                            p.nth_both(a, b, k),
                            both.get(k).copied(),
                            "{n} cards, k {k}"
                        );
                    }
                }
            }
        }
    }
}

mod state {
    use boardside::engine::grid::state::*;

    #[test]
    fn walls_set_in_any_order_are_the_same_walls() {
        let w = |c, r, e| (c, r, e);
        let mut a = Walls::default();
        for x in [
            w(3, 2, Edge::East),
            w(1, 1, Edge::South),
            w(3, 2, Edge::East),
        ] {
            a.insert(x);
        }
        let b: Walls = [w(1, 1, Edge::South), w(3, 2, Edge::East)]
            .into_iter()
            .collect();
        assert_eq!(a, b);
        assert_eq!(a.len(), 2);
        assert!(a.contains(&w(3, 2, Edge::East)) && !a.contains(&w(3, 2, Edge::South)));
        a.remove(&w(3, 2, Edge::East));
        a.remove(&w(9, 9, Edge::East));
        assert_eq!(a.iter().collect::<Vec<_>>(), [w(1, 1, Edge::South)]);
        // Saved as the list of (column, row, edge) it always was, read back in any order.
        let text = serde_json::to_string(&b).unwrap();
        assert_eq!(text, r#"[[1,1,"south"],[3,2,"east"]]"#);
        let read: Walls = serde_json::from_str(r#"[[3,2,"east"],[1,1,"south"]]"#).unwrap();
        assert_eq!(read, b);
    }
}

mod journal {
    use boardside::journal::*;

    #[test]
    fn crc32_of_the_standard_check_string() {
        // The check value every CRC-32 catalogue gives for "123456789".
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn a_sealed_line_unseals_and_a_changed_byte_does_not() {
        let line = seal(r#"{"seq":1,"record":"undo"}"#);
        assert_eq!(unseal(&line).unwrap(), r#"{"seq":1,"record":"undo""#);
        let bad = line.replace("1,", "2,");
        assert!(unseal(&bad)
            .unwrap_err()
            .contains("checksum does not match"));
    }
}
