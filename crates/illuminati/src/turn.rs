//! Setup and the sequence of a turn (illuminati: SEQUENCE OF PLAY): choosing Illuminati and
//! the UFOs' secret goal, income with its working, the draw, the two actions and free actions,
//! the two money transfers, special powers at the end of the turn, passing, and the next
//! player, counter-clockwise.

use super::event::{Event, Purse, Why};
use super::places::Set;
use super::rules::{Ability, Goal, IlluRules};
use super::state::{Phase, State, Status, Turn};
use super::structure::{adjacent, income, open_arrows, subtree};
use super::{attack, Command, Table};
use boardside_engine::ensure;
use boardside_engine::RuleError;

pub fn choose(t: &mut Table, player: usize, card: usize) -> Result<(), RuleError> {
    ensure!(
        t.s.phase == Phase::Setup,
        "Illuminati are chosen before `start`"
    );
    ensure!(
        t.rules.cards[card].illuminati,
        "{} is a group, not an Illuminati",
        t.rules.cards[card].name
    );
    if let Some(other) =
        (0..t.s.players.len()).find(|&q| q != player && t.s.players[q].illuminati == Some(card))
    {
        return Err(RuleError::new(format!(
            "{} already plays {}",
            t.s.players[other].name, t.rules.cards[card].name
        )));
    }
    if let Some(old) = t.s.players[player].illuminati {
        t.emit(Event::Place {
            card: old,
            status: Status::Deck,
            owner: None,
            master: None,
        });
    }
    t.emit(Event::Chose { player, card });
    Ok(())
}

/// `goal PLAYER ID`: the UFOs' secret goal, another Illuminati's special goal.
/// The first player whose Illuminati is the UFOs and whose secret goal is still to choose:
/// who the setup waits on once every Illuminati is chosen.
pub fn wants_goal(r: &IlluRules, s: &State) -> Option<usize> {
    (0..s.players.len()).find(|&p| {
        s.players[p].goal.is_none()
            && s.players[p]
                .illuminati
                .is_some_and(|i| r.cards[i].goal == Some(Goal::Secret))
    })
}

pub fn goal(t: &mut Table, player: usize, card: usize) -> Result<(), RuleError> {
    ensure!(
        t.s.phase == Phase::Setup,
        "the secret goal is chosen before `start`"
    );
    let ill = t.s.players[player].illuminati;
    ensure!(
        ill.is_some_and(|i| t.rules.cards[i].goal == Some(Goal::Secret)),
        "only the UFOs choose a secret goal"
    );
    let g = &t.rules.cards[card];
    ensure!(
        g.illuminati
            && !matches!(
                g.goal,
                Some(Goal::Secret) | Some(Goal::Regular { .. }) | None
            ),
        "the goal is another Illuminati's special goal, not {}'s",
        g.name
    );
    t.emit(Event::Goal { player, card });
    Ok(())
}

pub fn deal(t: &mut Table, groups: &[usize]) -> Result<(), RuleError> {
    ensure!(
        t.s.phase == Phase::Setup,
        "the starting groups are dealt before `start`; later, `draw GROUP`"
    );
    for &g in groups {
        ensure!(
            !t.rules.cards[g].illuminati,
            "{} is an Illuminati",
            t.rules.cards[g].name
        );
        ensure!(
            t.s.cards[g].status == Status::Deck,
            "{} is not in the deck",
            t.rules.cards[g].name
        );
    }
    for &g in groups {
        t.emit(Event::Place {
            card: g,
            status: Status::Uncontrolled,
            owner: None,
            master: None,
        });
    }
    Ok(())
}

pub fn start(t: &mut Table) -> Result<(), RuleError> {
    ensure!(t.s.phase == Phase::Setup, "the game has started");
    for p in &t.s.players {
        let Some(i) = p.illuminati else {
            return Err(RuleError::new(format!(
                "{} has no Illuminati: `illuminati {} ID`",
                p.name, p.name
            )));
        };
        ensure!(
            !t.rules.cards[i].unknown || t.s.cards[i].stats.is_some(),
            "{}'s numbers are not known: enter them with `set stats {} POWER TRANSFERABLE INCOME`",
            t.rules.cards[i].name,
            t.rules.cards[i].id
        );
        ensure!(
            t.rules.cards[i].goal != Some(Goal::Secret) || p.goal.is_some(),
            "{} plays the UFOs: choose the secret goal first (`goal {} ID`)",
            p.name,
            p.name
        );
    }
    // Each Illuminati starts with its income in its treasury.
    for p in 0..t.s.players.len() {
        if let Some(i) = t.s.players[p].illuminati {
            let amount = income(t.rules, t.s, i);
            if amount > 0 {
                t.emit(Event::Money {
                    from: Purse::Bank,
                    to: Purse::Card(i),
                    amount,
                    why: Why::Start,
                });
            }
        }
    }
    t.emit(Event::Phase { phase: Phase::Turn });
    begin(t, 0);
    Ok(())
}

fn ability<T>(t: &Table, card: usize, f: impl Fn(&Ability) -> Option<T>) -> Option<T> {
    t.rules.cards[card].abilities.iter().find_map(f)
}

/// A turn begins: income, each card into its own treasury, with the working.
pub fn begin(t: &mut Table, player: usize) {
    t.emit(Event::TurnStarts { player });
    let draws = t.s.players[player]
        .illuminati
        .and_then(|i| {
            ability(t, i, |a| match a {
                Ability::Draws { count } => Some(*count),
                _ => None,
            })
        })
        .unwrap_or(1);
    let turn = Turn {
        draws_left: draws,
        actions_left: 2,
        transfers_left: 2,
        ..Turn::default()
    };
    collect_income(t, player, false);
    t.emit(Event::TurnState { turn });
}

/// Income for every card of the player's structure; `again` for Market Manipulation (no tax,
/// no Post Office). The state notes each payment from the bank (`State::income`).
pub(crate) fn collect_income(t: &mut Table, player: usize, again: bool) {
    // Listed once, held in place (a structure is a few cards; more spill to the heap), and
    // read by both passes: income and tax move money, never a card between structures.
    let mine: smallvec::SmallVec<[usize; 24]> = t.s.structure_iter(player).collect();
    for &c in &mine {
        let amount = income(t.rules, t.s, c);
        if amount > 0 {
            t.emit(Event::Money {
                from: Purse::Bank,
                to: Purse::Card(c),
                amount,
                why: Why::Income,
            });
        } else if amount < 0 && !again {
            // The Post Office: paid from its own treasury, else the Illuminati treasury.
            let owed = -amount;
            let ill = t.s.players[player].illuminati;
            let from = [Some(c), ill]
                .into_iter()
                .flatten()
                .find(|&f| t.s.cards[f].treasury >= owed);
            if let Some(f) = from {
                t.emit(Event::Money {
                    from: Purse::Card(f),
                    to: Purse::Bank,
                    amount: owed,
                    why: Why::Income,
                });
            }
        }
    }
    if !again {
        for &c in &mine {
            if let Some(tax) = ability(t, c, |a| match a {
                Ability::Tax { amount } => Some(*amount),
                _ => None,
            }) {
                tax_others(t, player, c, tax);
            }
        }
    }
}

/// A card that may pay a tax, sorted into the order it pays: its player, then the Illuminati
/// before groups and the richest first, then the card (the first of equals in structure order).
type TaxOrder = (usize, (bool, i64), usize);

/// The I.R.S. (`by`, in `player`'s structure) taxes every other player still in (its card: "Tax
/// may come from any group. If a player has no money he owes no tax"): `tax` MB from the
/// Illuminati treasury first, then the richest groups (the first of equals in structure order),
/// until paid or the player has no money left. With `tax_from=illuminati`, the first of those
/// alone pays, as releases before that option read it.
fn tax_others(t: &mut Table, player: usize, by: usize, tax: i64) {
    // Every other player's cards in the order they pay, from one pass over the cards: a
    // payment moves money from one player's card to this one, never another player's.
    let mut purses: smallvec::SmallVec<[TaxOrder; 32]> = smallvec::SmallVec::new();
    for x in t.s.places.iter(Set::Controlled) {
        let card = &t.s.cards[x];
        let Some(q) = card.owner else {
            continue;
        };
        let Some(taxed) =
            t.s.players
                .get(q)
                .filter(|pl| q != player && !pl.eliminated)
        else {
            continue;
        };
        purses.push((q, (taxed.illuminati != Some(x), -card.treasury), x));
    }
    purses.sort_unstable();
    for cards in purses.chunk_by(|a, b| a.0 == b.0) {
        let mut owed = tax;
        let paying = if t.s.tax_from_structure {
            cards.len()
        } else {
            1
        };
        for &(_, _, from) in &cards[..paying] {
            let amount = owed.min(t.s.cards[from].treasury);
            if amount > 0 {
                t.emit(Event::Money {
                    from: Purse::Card(from),
                    to: Purse::Card(by),
                    amount,
                    why: Why::Tax { by },
                });
                owed -= amount;
            }
            if owed <= 0 {
                break;
            }
        }
    }
}

/// Actions are taken during a turn, after its draw (illuminati: Sequence of Play: 1. income,
/// 2. draw a card, 3. two actions; the free actions, such as dropping a group or playing a
/// special, may come at any time).
pub(crate) fn ready_for_actions(t: &Table) -> Result<(), RuleError> {
    ensure!(t.s.phase == Phase::Turn, "{}", not_now(t.s.phase));
    drawn(t.s)
}

/// The turn's draw is made (the Network's two, and any the Recyclers bought).
pub fn drawn(s: &State) -> Result<(), RuleError> {
    ensure!(
        s.turn.draws_left == 0 || !s.draw_first,
        "{} draws first (`draw GROUP` or `draw special`): income, the draw, then the actions",
        s.players[s.current].name
    );
    Ok(())
}

/// Why no turn's action can be taken in this phase.
pub(crate) fn not_now(phase: Phase) -> &'static str {
    match phase {
        Phase::Setup => "the game has not started (`start`)",
        _ => "the game is over",
    }
}

/// One of the turn's two actions.
pub(crate) fn use_action(t: &mut Table, what: &str) -> Result<(), RuleError> {
    ensure!(
        t.s.attack.is_none(),
        "an attack is being worked out: roll the dice or call it off first"
    );
    ensure!(
        t.s.turn.actions_left > 0,
        "{} has no action left for {what}",
        t.s.players[t.s.current].name
    );
    let mut turn = t.s.turn.clone();
    turn.actions_left -= 1;
    turn.acted = true;
    turn.capture = None;
    t.emit(Event::TurnState { turn });
    Ok(())
}

/// A free action of the player whose turn it is: no pass this turn (illuminati: Passing, "not
/// to take any actions of any sort"), and a capture's free transfer is gone.
fn touch(t: &mut Table) {
    if !t.s.turn.acted || t.s.turn.capture.is_some() {
        let mut turn = t.s.turn.clone();
        turn.acted = true;
        turn.capture = None;
        t.emit(Event::TurnState { turn });
    }
}

/// `draw GROUP` or `draw special [ID]`.
pub fn draw(t: &mut Table, group: Option<usize>, special: Option<usize>) -> Result<(), RuleError> {
    ensure!(t.s.phase == Phase::Turn, "cards are drawn during a turn");
    ensure!(
        t.s.turn.draws_left > 0,
        "{} has drawn this turn",
        t.s.players[t.s.current].name
    );
    if let Some(g) = group {
        ensure!(
            !t.rules.cards[g].illuminati && t.s.cards[g].status == Status::Deck,
            "{} is not in the deck",
            t.rules.cards[g].name
        );
        t.emit(Event::Place {
            card: g,
            status: Status::Uncontrolled,
            owner: None,
            master: None,
        });
    } else {
        t.emit(Event::Drew {
            player: t.s.current,
            special,
        });
    }
    let mut turn = t.s.turn.clone();
    turn.draws_left -= 1;
    t.emit(Event::TurnState { turn });
    Ok(())
}

/// Recyclers: pay its cost from its own treasury to draw one more card (not an action).
pub(crate) fn recycle(t: &mut Table) -> Result<(), RuleError> {
    let p = t.s.current;
    let found = t.s.structure(p).into_iter().find_map(|c| {
        ability(t, c, |a| match a {
            Ability::ExtraDraw { cost } => Some((c, *cost)),
            _ => None,
        })
    });
    let Some((c, cost)) = found else {
        return Err(RuleError::new("no group of yours buys extra draws"));
    };
    ensure!(
        t.s.cards[c].treasury >= cost,
        "{} has only {} MB; an extra draw costs {cost}",
        t.rules.cards[c].name,
        t.s.cards[c].treasury
    );
    t.emit(Event::Money {
        from: Purse::Card(c),
        to: Purse::Bank,
        amount: cost,
        why: Why::ExtraDraw,
    });
    let mut turn = t.s.turn.clone();
    turn.draws_left += 1;
    turn.acted = true;
    t.emit(Event::TurnState { turn });
    Ok(())
}

pub fn pass(t: &mut Table) -> Result<(), RuleError> {
    ready_for_actions(t)?;
    ensure!(
        !t.s.turn.acted && t.s.attack.is_none(),
        "passing means no action of any kind this turn"
    );
    let p = t.s.current;
    if let Some(i) = t.s.players[p].illuminati {
        t.emit(Event::Money {
            from: Purse::Bank,
            to: Purse::Card(i),
            amount: 5,
            why: Why::Pass,
        });
    }
    next(t);
    Ok(())
}

pub fn end(t: &mut Table) -> Result<(), RuleError> {
    ensure!(t.s.phase == Phase::Turn, "no turn is being played");
    ensure!(
        t.s.attack.is_none(),
        "an attack is being worked out: roll the dice or call it off first"
    );
    drawn(t.s)?;
    if t.s.turn.draws_left > 0 {
        let name = t.s.players[t.s.current].name.clone();
        t.emit(Event::Note {
            to: None,
            text: format!("{name} ends the turn without drawing"),
        });
    }
    next(t);
    Ok(())
}

/// The next player still in: counter-clockwise (the previous seat in the listed, clockwise
/// order), or the next listed with `turn_order=listed`.
pub fn next(t: &mut Table) {
    let n = t.s.players.len();
    let step = if t.s.listed_order { 1 } else { n - 1 };
    let mut p = t.s.current;
    for _ in 0..n {
        p = (p + step) % n;
        if !t.s.players[p].eliminated {
            break;
        }
    }
    begin(t, p);
}

fn own(t: &Table, card: usize) -> Result<(), RuleError> {
    let p = t.s.current;
    ensure!(
        t.s.cards[card].owner == Some(p) && t.s.cards[card].status == Status::Controlled,
        "{} is not in {}'s power structure",
        t.rules.cards[card].name,
        t.s.players[p].name
    );
    Ok(())
}

fn has(t: &Table, card: usize, f: impl Fn(&Ability) -> bool) -> bool {
    t.rules.cards[card].abilities.iter().any(f)
}

/// What a transfer between two groups of the player whose turn it is costs now (illuminati:
/// Transfer money, two a turn; the Gnomes' and White Collar Crime's free moves; money onto a
/// group just captured).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransferCost {
    /// Onto the group just captured, from its captor: part of the attack.
    Capture,
    /// White Collar Crime played this turn.
    WhiteCollar,
    /// The Gnomes of Zurich, once their actions are used.
    Gnomes,
    /// One of the turn's transfers, `left` of them before this one.
    Transfer { left: u8 },
    /// The turn's transfers are used: this one is an action.
    Action,
}

pub fn transfer_cost(r: &IlluRules, s: &State, from: usize, to: usize) -> TransferCost {
    let gnomes = s.players[s.current].illuminati.is_some_and(|i| {
        r.cards[i]
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::MoveMoney))
    });
    if s.turn.capture == Some((from, to)) {
        TransferCost::Capture
    } else if s.turn.free_money {
        TransferCost::WhiteCollar
    } else if gnomes && s.turn.actions_left == 0 {
        TransferCost::Gnomes
    } else if s.turn.transfers_left > 0 {
        TransferCost::Transfer {
            left: s.turn.transfers_left,
        }
    } else {
        TransferCost::Action
    }
}

/// `transfer FROM TO N` between adjacent groups: two a turn, then each costs an action. The
/// Federal Reserve sends anywhere in its structure; the Gnomes move money freely once their
/// actions are used; White Collar Crime frees money for the turn; money moved onto a group
/// just captured, from its captor, is part of the attack.
pub fn transfer(t: &mut Table, from: usize, to: usize, n: i64) -> Result<(), RuleError> {
    ready_for_actions(t)?;
    ensure!(
        t.s.attack.is_none(),
        "an attack is being worked out: roll the dice or call it off first"
    );
    own(t, from)?;
    own(t, to)?;
    ensure!(from != to, "the money is there already");
    ensure!(n > 0, "transfer at least 1 MB");
    ensure!(
        t.s.cards[from].treasury >= n,
        "{} has only {} MB",
        t.rules.cards[from].name,
        t.s.cards[from].treasury
    );
    let free = !matches!(
        transfer_cost(t.rules, t.s, from, to),
        TransferCost::Transfer { .. } | TransferCost::Action
    );
    let anywhere = free || has(t, from, |a| matches!(a, Ability::TransferAnywhere));
    ensure!(
        anywhere || adjacent(t.s, from, to),
        "{} and {} are not next to each other (a master and its puppet)",
        t.rules.cards[from].name,
        t.rules.cards[to].name
    );
    if !free {
        if t.s.turn.transfers_left > 0 {
            let mut turn = t.s.turn.clone();
            turn.transfers_left -= 1;
            turn.acted = true;
            turn.capture = None;
            t.emit(Event::TurnState { turn });
        } else {
            use_action(t, "another transfer")?;
        }
    }
    t.emit(Event::Money {
        from: Purse::Card(from),
        to: Purse::Card(to),
        amount: n,
        why: Why::Transfer,
    });
    Ok(())
}

/// `move GROUP under MASTER`: an action (free for the Bermuda Triangle once its actions are
/// used); the group's puppets move with it.
pub(crate) fn move_group(t: &mut Table, group: usize, master: usize) -> Result<(), RuleError> {
    ready_for_actions(t)?;
    own(t, group)?;
    own(t, master)?;
    ensure!(
        !t.rules.cards[group].illuminati,
        "an Illuminati stays at the top of its structure"
    );
    ensure!(
        !subtree(t.s, group).contains(&master),
        "{} is under {}",
        t.rules.cards[master].name,
        t.rules.cards[group].name
    );
    ensure!(
        t.s.cards[group].master != Some(master),
        "{} is under {} already",
        t.rules.cards[group].name,
        t.rules.cards[master].name
    );
    if let Some(open) = open_arrows(t.s, master) {
        ensure!(
            open > 0,
            "{} has no open control arrow",
            t.rules.cards[master].name
        );
    }
    let p = t.s.current;
    let bermuda = t.s.players[p]
        .illuminati
        .is_some_and(|i| has(t, i, |a| matches!(a, Ability::Reorganize)));
    if bermuda && t.s.turn.actions_left == 0 {
        touch(t);
    } else {
        use_action(t, "moving a group")?;
    }
    t.emit(Event::Place {
        card: group,
        status: Status::Controlled,
        owner: Some(p),
        master: Some(master),
    });
    Ok(())
}

/// `give GROUP PLAYER`: an action; the group, its puppets and their money go under the
/// other player's Illuminati.
pub fn give(t: &mut Table, group: usize, to: usize) -> Result<(), RuleError> {
    ready_for_actions(t)?;
    own(t, group)?;
    ensure!(
        !t.rules.cards[group].illuminati,
        "an Illuminati cannot be given away"
    );
    ensure!(
        to != t.s.current && !t.s.players[to].eliminated,
        "give it to another player in the game"
    );
    let Some(ill) = t.s.players[to].illuminati else {
        return Err(RuleError::new("that player has no Illuminati"));
    };
    if let Some(open) = open_arrows(t.s, ill) {
        ensure!(
            open > 0,
            "{}'s Illuminati has no open control arrow",
            t.s.players[to].name
        );
    }
    use_action(t, "giving a group away")?;
    for c in subtree(t.s, group) {
        let master = if c == group {
            Some(ill)
        } else {
            t.s.cards[c].master
        };
        t.emit(Event::Place {
            card: c,
            status: Status::Controlled,
            owner: Some(to),
            master,
        });
    }
    Ok(())
}

/// `drop GROUP`: a free action; it goes to the uncontrolled area, its money to the bank.
pub fn drop(t: &mut Table, group: usize) -> Result<(), RuleError> {
    // A free action: at any time of the turn, before the draw too.
    ensure!(t.s.phase == Phase::Turn, "{}", not_now(t.s.phase));
    ensure!(
        t.s.attack.is_none(),
        "an attack is being worked out: roll the dice or call it off first"
    );
    own(t, group)?;
    ensure!(
        !t.rules.cards[group].illuminati,
        "an Illuminati cannot be dropped"
    );
    touch(t);
    attack::orphans(t, group);
    let money = t.s.cards[group].treasury;
    if money > 0 {
        t.emit(Event::Money {
            from: Purse::Card(group),
            to: Purse::Bank,
            amount: money,
            why: Why::Lost,
        });
    }
    t.emit(Event::Place {
        card: group,
        status: Status::Uncontrolled,
        owner: None,
        master: None,
    });
    Ok(())
}

/// `give-money FROM PLAYER N`: a free action, into the other player's Illuminati treasury.
pub(crate) fn give_money(t: &mut Table, from: usize, to: usize, n: i64) -> Result<(), RuleError> {
    ensure!(t.s.phase == Phase::Turn, "money is given during a turn");
    let giver = t.s.cards[from]
        .owner
        .ok_or_else(|| RuleError::new("that money belongs to nobody"))?;
    ensure!(giver != to, "give it to another player");
    ensure!(n > 0, "give at least 1 MB");
    ensure!(
        t.s.cards[from].treasury >= n,
        "{} has only {} MB",
        t.rules.cards[from].name,
        t.s.cards[from].treasury
    );
    let Some(ill) = t.s.players[to].illuminati else {
        return Err(RuleError::new("that player has no Illuminati"));
    };
    if giver == t.s.current {
        touch(t);
    }
    t.emit(Event::Money {
        from: Purse::Card(from),
        to: Purse::Card(ill),
        amount: n,
        why: Why::Gift,
    });
    Ok(())
}

/// `give-special FROM TO [SPECIAL]`: a free action (illuminati: Free Actions, "give away money
/// or Specials"), at any time of a turn.
pub(crate) fn give_special(
    t: &mut Table,
    from: usize,
    to: usize,
    special: Option<usize>,
) -> Result<(), RuleError> {
    ensure!(t.s.phase == Phase::Turn, "specials are given during a turn");
    ensure!(from != to, "give it to another player");
    ensure!(
        !t.s.players[to].eliminated,
        "{} is out of the game",
        t.s.players[to].name
    );
    let hand = &t.s.players[from].specials;
    ensure!(
        !hand.is_empty(),
        "{} holds no special card",
        t.s.players[from].name
    );
    if let Some(k) = special {
        ensure!(
            hand.contains(&Some(k)) || hand.contains(&None),
            "{} does not hold {}",
            t.s.players[from].name,
            t.rules.specials[k].name
        );
    }
    if from == t.s.current {
        touch(t);
    }
    t.emit(Event::GaveSpecial { from, to, special });
    Ok(())
}

/// The Orbital Mind Control Lasers: once a turn, add, remove or reverse one alignment of any
/// other group in play, for this turn.
pub fn laser(
    t: &mut Table,
    group: usize,
    how: &str,
    al: super::rules::Alignment,
) -> Result<(), RuleError> {
    ready_for_actions(t)?;
    let p = t.s.current;
    ensure!(
        t.s.structure(p)
            .iter()
            .any(|&c| has(t, c, |a| matches!(a, Ability::AlignmentChange))),
        "no group of yours changes alignments"
    );
    ensure!(
        !t.s.turn.laser_used,
        "the alignment change is used this turn"
    );
    ensure!(
        !has(t, group, |a| matches!(a, Ability::AlignmentChange))
            && !t.rules.cards[group].illuminati,
        "choose another group"
    );
    ensure!(
        matches!(
            t.s.cards[group].status,
            Status::Controlled | Status::Uncontrolled
        ),
        "{} is not in play",
        t.rules.cards[group].name
    );
    let mut als = super::structure::alignments(t.rules, t.s, group).to_vec();
    match how {
        "add" => {
            ensure!(!als.contains(&al), "it is {} already", al.word());
            als.push(al);
        }
        "remove" => {
            ensure!(als.contains(&al), "it is not {}", al.word());
            als.retain(|&x| x != al);
        }
        "reverse" => {
            ensure!(als.contains(&al), "it is not {}", al.word());
            let opposite = super::rules::Alignment::ALL
                .into_iter()
                .find(|&o| o != al && al.opposes(o));
            let Some(o) = opposite else {
                return Err(RuleError::new(format!(
                    "{} has no opposite to reverse to",
                    al.word()
                )));
            };
            als.retain(|&x| x != al);
            if !als.contains(&o) {
                als.push(o);
            }
        }
        _ => return Err(RuleError::new("add, remove or reverse")),
    }
    let mut turn = t.s.turn.clone();
    turn.laser_used = true;
    turn.acted = true;
    t.emit(Event::TurnState { turn });
    t.emit(Event::Alignments {
        card: group,
        alignments: Some(als),
    });
    Ok(())
}

/// Used by the lone-state checks: has the player anything but the Illuminati card?
pub fn alone(s: &State, p: usize) -> bool {
    s.structure(p).len() <= 1
}

/// Whose decision a command is: the player in turn for the turn's actions and the attack's
/// roll; the player named for spending, interfering, assisting, abolishing and playing a
/// special; a special's or money's giver. None for what only the table decides (setup,
/// corrections). The rules still refuse what is not allowed now.
pub fn decided_by(s: &State, cmd: &Command) -> Option<usize> {
    let in_turn = (s.phase == Phase::Turn).then_some(s.current);
    match cmd {
        Command::Spend { player, .. }
        | Command::Interfere { player, .. }
        | Command::Assist { player, .. }
        | Command::Abolish { player }
        | Command::Play { player, .. } => Some(*player),
        Command::GiveSpecial { from, .. } => Some(*from),
        Command::GiveMoney { from, .. } => s.cards.get(*from).and_then(|c| c.owner),
        Command::Attack { .. }
        | Command::Transfer { .. }
        | Command::Move { .. }
        | Command::Give { .. }
        | Command::Drop { .. }
        | Command::DrawGroup { .. }
        | Command::DrawSpecial { .. }
        | Command::Recycle
        | Command::Pass
        | Command::End
        | Command::Roll { .. }
        | Command::CallOff
        | Command::Privilege { .. }
        | Command::Laser { .. } => in_turn,
        _ => None,
    }
}
