//! The grid game's screen in words: a reveal's pages, the header, the status of the round
//! and of each seat, and the orders that cannot be sealed yet.

use super::*;

/// Pages of a reveal: a sticker change or a conversion alone on its page so the player it
/// concerns sees it.
pub fn pages(lines: &[String], rows: usize) -> Vec<Vec<String>> {
    crate::ui::text::pages(lines, rows, |l| {
        l.contains("change the sticker") || l.contains("is converted")
    })
}

pub(super) fn header(g: &Se) -> String {
    let s = &g.state;
    match &s.phase {
        Phase::Setup => "Grid game: sides".into(),
        Phase::Placing { .. } => "Grid game: placing".into(),
        Phase::Orders => {
            let able: Vec<usize> = (0..s.humans).filter(|&i| s.may_order(i)).collect();
            let sealed = able
                .iter()
                .filter(|&&i| s.pieces[i].order.is_some())
                .count();
            format!("Round {} sealed {sealed}/{}", s.round, able.len())
        }
        Phase::Wonder { team } => format!("Wonder: {}", team.word()),
        Phase::Over => "Grid game over".into(),
    }
}

/// What the message area says on the main screen: who has sealed, never what.
pub(super) fn status(g: &Se) -> Vec<String> {
    let s = &g.state;
    let r = &g.rules;
    if s.phase == Phase::Orders {
        // One line a player while they fit beside the menu; a big table is told by groups
        // ("Waiting: Ann, Bob ...").
        let each: Vec<String> = (0..s.humans)
            .map(|i| {
                let p = &s.pieces[i];
                let what = if p.stunned > 0 {
                    format!("stunned {}", p.stunned)
                } else if p.order.is_some() {
                    "sealed".into()
                } else {
                    "waiting".into()
                };
                format!("{}: {what}", p.name)
            })
            .collect();
        if each.len() <= 4 {
            return each;
        }
        let group = |word: &str, test: &dyn Fn(usize) -> bool| {
            let names: Vec<&str> = (0..s.humans)
                .filter(|&i| test(i))
                .map(|i| s.pieces[i].name.as_str())
                .collect();
            (!names.is_empty()).then(|| format!("{word}: {}", names.join(", ")))
        };
        let p = &s.pieces;
        let lines: Vec<String> = [
            group("Waiting", &|i| p[i].stunned == 0 && p[i].order.is_none()),
            group("Sealed", &|i| p[i].stunned == 0 && p[i].order.is_some()),
            group("Stunned", &|i| p[i].stunned > 0),
        ]
        .into_iter()
        .flatten()
        .collect();
        return crate::ui::text::wrap_all(&lines);
    }
    // The table's words for each phase (the protocol's prompt names typed commands).
    let name = |i: usize| s.pieces[i].name.as_str();
    wrap(&match &s.phase {
        // One a side, the teams are even and the computer adds nobody: nobody can pray with a
        // teammate (grid-game: Study/Pray), no wonder comes, and the game could never end.
        Phase::Setup if alone_on_each_side(s) => {
            "One a side: nobody can pray with a teammate, so the game can never end. Put two on \
             one side"
                .into()
        }
        Phase::Setup => "Choose each player's side below (OK changes it), then Start".into(),
        // A computer seat rolls for its own piece: the table is not asked to.
        Phase::Placing { piece } if g.header.is_computer(*piece) => format!(
            "{} (computer) rolls two d20 for its starting field",
            name(*piece)
        ),
        Phase::Placing { piece } => format!(
            "{}: press ROLL for two d20, the starting field (a taken field rolls again)",
            name(*piece)
        ),
        // The roll is its roller's (`Grid::to_act`): a computer seat makes it itself.
        Phase::Wonder { team } => match wonder_roll(g) {
            Some((roller, die)) if g.header.is_computer(roller) => format!(
                "{} (computer) rolls a d{die} for who holds the big wonder",
                name(roller)
            ),
            _ => format!(
                "The {}' strip is full: press ROLL to draw who holds the big wonder",
                team.word()
            ),
        },
        _ => Grid::prompt(r, s),
    })
}

/// Who rolls now and the faces of the die (the wonder's draw: its team's first member, a d6,
/// a d20 for a team of more than six), as the game asks for it (`Grid::to_act`).
pub(super) fn wonder_roll(g: &Se) -> Option<(usize, u8)> {
    match Grid::to_act(&g.rules, &g.state) {
        crate::engine::game::ToAct::Chance { player, chance } => {
            Some((player, chance.dice.first().copied().unwrap_or(6)))
        }
        _ => None,
    }
}

/// What the shared screen says when a tapped order cannot be sealed, never which cards
/// were tapped: what any order may be, with this player's feet.
pub(super) fn unsealable(g: &Se, player: usize) -> String {
    let p = &g.state.pieces[player];
    let moves = match g.rules.max_steps[p.sticker(Part::Feet).index()] {
        1 => "one move card".to_string(),
        n => format!("1 to {n} move cards"),
    };
    format!(
        "{}: that order cannot be sealed. An order is {moves}, or one attack, pray or study \
         card: tap your cards again, then OK",
        p.name
    )
}

/// Every player has chosen a side and no side has more than one: once the teams are evened,
/// each is a piece alone.
fn alone_on_each_side(s: &crate::engine::grid::State) -> bool {
    use crate::engine::grid::state::Team;
    let humans = &s.pieces[..s.humans.min(s.pieces.len())];
    let on = |t: Team| humans.iter().filter(|p| p.team == Some(t)).count();
    humans.iter().all(|p| p.team.is_some())
        && on(Team::Scientists) <= 1
        && on(Team::Religionists) <= 1
}
