//! Illuminati's setup at the table: the house rules and card sets it offers, the Illuminati
//! chosen by tapping a card, and the UFOs' secret goal still to choose.

use super::*;

pub(super) fn house_rules(r: &IlluRules) -> Vec<HouseRule> {
    let o = &r.options;
    // Each line is "name: value" on a 25-column screen, hence the short names.
    vec![
        HouseRule::either(
            "Turns",
            "turn_order",
            [
                ("counter-clockwise", "counter-clockwise"),
                ("as listed", "listed"),
            ],
            o.listed_order,
        ),
        HouseRule::either(
            "I.R.S. tax",
            "tax_from",
            [("Illuminati", "illuminati"), ("any group", "structure")],
            o.tax_from_structure,
        ),
        HouseRule::either(
            "Orphans",
            "orphans",
            [
                ("uncontrolled", "uncontrolled"),
                ("to the master", "master"),
            ],
            o.orphans_to_master,
        ),
        HouseRule::switch(
            "Illuminati counts",
            "illuminati_card_counts",
            o.illuminati_card_counts,
        ),
        HouseRule::switch("Alignment once", "alignment_once", o.alignment_once),
        HouseRule::either(
            "Neutralize",
            "neutralize_needs_arrow",
            [("no arrow", "false"), ("needs arrow", "true")],
            o.neutralize_needs_arrow,
        ),
    ]
}

pub(super) fn sets(r: &IlluRules) -> Vec<PieceSet> {
    // The cards as the card data lists them (the Illuminati first), then the specials.
    vec![
        PieceSet::of_pieces(
            "groups",
            "Groups",
            r.cards
                .iter()
                .map(|c| (format!("group:{}", c.id), format!("Card: {}", c.name))),
        ),
        PieceSet::of_pieces(
            "specials",
            "Specials",
            // A label for every card of the deck: two Interference cards are two labels
            // ("Special: Interference (1 of 2)"), both standing for the one special.
            r.specials.iter().flat_map(|k| {
                let n = k.copies.max(1);
                (1..=n).map(move |i| {
                    let words = if n == 1 {
                        format!("Special: {}", k.name)
                    } else {
                        format!("Special: {} ({i} of {n})", k.name)
                    };
                    (format!("special:{}", k.id), words)
                })
            }),
        ),
    ]
}

/// The Illuminati that `keep` keeps, by name, each line giving the command `cmd` makes of it.
pub(super) fn illuminati_list(
    g: &Se,
    keep: impl Fn(usize) -> bool,
    cmd: impl Fn(usize) -> Command,
) -> Vec<(String, IAct)> {
    g.rules
        .illuminati()
        .filter(|&i| keep(i))
        .map(|i| (g.rules.cards[i].name.clone(), IAct::Cmd(cmd(i))))
        .collect()
}

/// The UFOs' player still in the game and their chosen goal in words ("Your secret goal:
/// control 5 weird groups, the Discordian Society's").
pub(super) fn ufos_goal(g: &Se) -> Option<(usize, String)> {
    let (s, r) = (&g.state, &g.rules);
    (0..s.players.len()).find_map(|p| {
        let chosen = s.players[p].goal.filter(|_| !s.players[p].eliminated)?;
        let goal = r.cards[chosen].goal.as_ref()?;
        Some((
            p,
            format!(
                "Your secret goal: {}, as {} would.",
                goal.words(),
                r.cards[chosen].name
            ),
        ))
    })
}

/// What a player does with money in this attack: the attacker attacks, the target's owner
/// defends, anyone else interferes (or, by choice, assists).
pub(super) fn role(
    s: &crate::engine::illuminati::state::State,
    a: &Attack,
    p: usize,
    assist: bool,
) -> &'static str {
    if p == a.player {
        "attacks"
    } else if s.cards[a.target].owner == Some(p) {
        "defends"
    } else if assist {
        "assists"
    } else {
        "interferes"
    }
}

impl IlluScreens {
    /// A card tapped at setup: an Illuminati for the player chosen (else the first without
    /// one), or a group dealt face up.
    pub(super) fn setup_card_tapped(&mut self, g: &mut Se, desk: &mut Desk, c: usize) -> Flow {
        let r = &g.rules;
        let s = &g.state;
        let cmd = if r.cards[c].illuminati {
            let player = match self.view {
                IView::ForPlayer { player } => Some(player),
                _ => s.players.iter().position(|p| p.illuminati.is_none()),
            };
            let Some(player) = player else {
                desk.note = Some("everyone has an Illuminati: tap a token first".into());
                return Flow::Stay;
            };
            Command::Illuminati { player, card: c }
        } else {
            Command::Uncontrolled { groups: vec![c] }
        };
        self.command(g, desk, cmd)
    }
}
