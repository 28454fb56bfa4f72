//! Attacks to control, neutralize and destroy (illuminati: ATTACKS): who may attack what, the
//! number needed with every modifier labelled, money spent by each side, privilege, calling an
//! attack off, the roll, and what success does to the power structures and their money.

use super::event::{Event, Purse, Role, Why};
use super::rules::{Ability, Alignment, AlignmentList, IlluRules, Kind};
use super::state::{Attack, Phase, State, Status};
use super::structure::{alignments, depth, open_arrows, power, puppets, subtree, transferable};
use super::{specials, turn, Table};
use boardside_engine::ensure;
use boardside_engine::RuleError;

/// One modifier of an attack's number, kept as what it is: its words are made only when the
/// working is shown (the random player and the dice ask for the number alone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// The attacking group's power, or the target's when destroying.
    Power(usize),
    Transferable(usize),
    Resistance(usize),
    Neutralize,
    /// `alignment_once`: one modifier for any alike alignment, one for any opposed.
    AlikeOnce,
    OpposedOnce,
    Both(Alignment),
    Against(Alignment, Alignment),
    /// The target's distance from its Illuminati (1, 2 or 3).
    Depth(u8),
    Ability(usize),
    AttackerSpent {
        mb: i64,
        player: usize,
    },
    GroupSpent {
        mb: i64,
        card: usize,
    },
    DefenderSpent {
        mb: i64,
        owner: Option<usize>,
    },
    Interfere {
        mb: i64,
        player: usize,
    },
    Assist {
        mb: i64,
        player: usize,
    },
}

impl Term {
    pub fn words(self, r: &IlluRules, s: &State) -> String {
        let name = |c: usize| &r.cards[c].name;
        let pn = |p: usize| &s.players[p].name;
        match self {
            Term::Power(c) => format!("power of {}", name(c)),
            Term::Transferable(c) => format!("transferable power of {}", name(c)),
            Term::Resistance(c) => format!("resistance of {}", name(c)),
            Term::Neutralize => "attack to neutralize".into(),
            Term::AlikeOnce => "alike alignment".into(),
            Term::OpposedOnce => "opposed alignment".into(),
            Term::Both(x) => format!("both {}", x.word()),
            Term::Against(x, y) => format!("{} against {}", x.word(), y.word()),
            Term::Depth(1) => "attached directly to its Illuminati".into(),
            Term::Depth(2) => "one group away from its Illuminati".into(),
            Term::Depth(_) => "two groups away from its Illuminati".into(),
            Term::Ability(c) => format!("{}'s ability", name(c)),
            Term::AttackerSpent { mb, player } => format!("{mb} MB spent by {}", pn(player)),
            Term::GroupSpent { mb, card } => format!("{mb} MB spent by {} (x2)", name(card)),
            Term::DefenderSpent { mb, owner } => {
                let who: &str = owner.map_or("", |o| pn(o));
                format!("{mb} MB spent by {who}'s Illuminati")
            }
            Term::Interfere { mb, player } => format!("{mb} MB to interfere by {}", pn(player)),
            Term::Assist { mb, player } => format!("{mb} MB to assist by {}", pn(player)),
        }
    }
}

/// The attack's working: each modifier with its label, and the number needed.
pub fn working(r: &IlluRules, s: &State, a: &Attack) -> (Vec<(String, i64)>, i64) {
    let mut m = Vec::new();
    terms(r, s, a, &mut |t, v| m.push((t.words(r, s), v)));
    let need = m.iter().map(|(_, v)| v).sum();
    (m, need)
}

/// The number the attack needs (the sum of its working).
pub fn need(r: &IlluRules, s: &State, a: &Attack) -> i64 {
    asking(r, s, |needs| needs.need(r, s, a))
}

/// What the open attack would need were `cmd` carried out (None when the rules would not take
/// it, or it leaves no attack open): the attacker's money and assistance raise it, a defence
/// and interference lower it. Tried on a copy.
pub fn need_after(r: &IlluRules, s: &State, cmd: &super::Command) -> Option<i64> {
    let mut t = s.clone();
    let mut quiet = boardside_engine::game::Events {
        kept: false,
        ..Default::default()
    };
    super::execute_or_abandon(r, &mut t, cmd, &mut quiet).ok()?;
    Some(need(r, &t, t.attack.as_ref()?))
}

/// `need` asked through this thread's memo (`Needs`), borrowed once for all of `f`'s
/// questions: the steady player weighs every pair of attacker and target in one look.
pub(crate) fn asking<T>(r: &IlluRules, s: &State, f: impl FnOnce(&mut Asker<'_>) -> T) -> T {
    NEEDS.with(|needs| match needs.try_borrow_mut() {
        Ok(mut needs) => {
            needs.keep_for(r, s);
            f(&mut Asker(Some(&mut needs)))
        }
        // Asked while already asking (never, as things stand): worked out afresh.
        Err(_) => f(&mut Asker(None)),
    })
}

/// The memo, borrowed (`asking`).
pub(crate) struct Asker<'a>(Option<&'a mut Needs>);

impl Asker<'_> {
    /// The number the attack needs: the cards' part remembered where it can be, the money
    /// spent added.
    pub(crate) fn need(&mut self, r: &IlluRules, s: &State, a: &Attack) -> i64 {
        let mut money = 0;
        money_terms(s, a, &mut |_, v| money += v);
        self.fresh(r, s, a) + money
    }

    /// `need` of an attack nobody has spent on yet (`fresh`): the cards' part is all of it.
    pub(crate) fn fresh(&mut self, r: &IlluRules, s: &State, a: &Attack) -> i64 {
        match &mut self.0 {
            Some(needs) => needs.cards_part(r, s, a),
            None => cards_part(r, s, a),
        }
    }
}

/// The sum of the attack's modifiers that come from the cards (all but the money spent).
fn cards_part(r: &IlluRules, s: &State, a: &Attack) -> i64 {
    let mut sum = 0;
    card_terms(r, s, a, &mut |_, v| sum += v);
    sum
}

thread_local! {
    /// Each thread's memo (a computer seat's playouts run in their own thread).
    static NEEDS: std::cell::RefCell<Needs> = std::cell::RefCell::new(Needs::default());
}

/// The cards' part of the number an attack on a group nobody holds needs, remembered per kind,
/// attacker and target: the random and steady players ask it at every step of every attack
/// (the steady player for every pair it weighs), and it depends on the rules, the cards'
/// printed numbers and alignments, the attacking player's Illuminati (its bonuses) and the
/// alignment option only, so long as no group aids and neither card's numbers were entered by
/// the table nor its alignments changed this turn (the Lasers): then it is worked out afresh.
/// The same numbers as the working's, read from a table.
#[derive(Default)]
struct Needs {
    /// The rules (`IlluRules::serial`) and alignment option the numbers are for.
    rules: u64,
    once: bool,
    cards: usize,
    /// Per kind, attacker and target: whose Illuminati's bonuses it counted (0: not known; 1:
    /// no Illuminati; card i: i + 2) and the number.
    cells: Vec<(u16, i16)>,
}

impl Needs {
    /// Forget the numbers when they were for other rules or another alignment option.
    fn keep_for(&mut self, r: &IlluRules, s: &State) {
        let cards = r.cards.len();
        if self.rules != r.serial.0 || self.once != s.alignment_once || self.cards != cards {
            self.rules = r.serial.0;
            self.once = s.alignment_once;
            self.cards = cards;
            self.cells.clear();
            self.cells.resize(3 * cards * cards, (0, 0));
        }
    }

    /// `cards_part`, from the table when it can be.
    fn cards_part(&mut self, r: &IlluRules, s: &State, a: &Attack) -> i64 {
        let (at, tg) = (&s.cards[a.attacker], &s.cards[a.target]);
        // 0 is "not known": no Illuminati is 1, Illuminati card i is i + 2.
        let ill = s.players[a.player].illuminati.map_or(1, |i| i + 2);
        let plain = r.serial.0 != 0
            && a.aid.is_empty()
            && at.stats.is_none()
            && at.alignments.is_none()
            && tg.stats.is_none()
            && tg.alignments.is_none()
            && tg.owner.is_none()
            && tg.master.is_none()
            && !r.cards[a.target].illuminati
            && ill < u16::MAX as usize;
        if !plain {
            return cards_part(r, s, a);
        }
        let cards = self.cards;
        let kind = match a.kind {
            Kind::Control => 0,
            Kind::Neutralize => 1,
            Kind::Destroy => 2,
        };
        let cell = &mut self.cells[(kind * cards + a.attacker) * cards + a.target];
        if cell.0 == ill as u16 {
            return cell.1.into();
        }
        let n = cards_part(r, s, a);
        if let Ok(small) = i16::try_from(n) {
            *cell = (ill as u16, small);
        }
        n
    }
}

/// Every modifier of the attack, in the order the working shows them. Generic over what is
/// done with each (not a call through a pointer for every term): `need`, asked at every roll
/// and by the random player at every step of an attack, only adds the numbers.
fn terms(r: &IlluRules, s: &State, a: &Attack, add: &mut impl FnMut(Term, i64)) {
    card_terms(r, s, a, add);
    money_terms(s, a, add);
}

/// The modifiers that come from the cards: power, resistance, alignments, depth, abilities.
fn card_terms(r: &IlluRules, s: &State, a: &Attack, add: &mut impl FnMut(Term, i64)) {
    add(Term::Power(a.attacker), power(r, s, a.attacker));
    for &g in &a.aid {
        add(Term::Transferable(g), transferable(r, s, g));
    }
    let att_al = attacker_alignments(r, s, a);
    let att_al = att_al.as_slice();
    let tgt_al = alignments(r, s, a.target);
    match a.kind {
        Kind::Destroy => add(Term::Power(a.target), -power(r, s, a.target)),
        _ => add(
            Term::Resistance(a.target),
            -resistance(r, s, a.target, att_al),
        ),
    }
    if a.kind == Kind::Neutralize {
        add(Term::Neutralize, 6);
    }
    // Alignments: +4 alike and -4 opposed for control and neutralize; reversed for destroy.
    let sign = if a.kind == Kind::Destroy { -1 } else { 1 };
    let alike = || {
        att_al
            .iter()
            .copied()
            .filter(|x| tgt_al.iter().any(|y| x.alike(*y)))
    };
    let opposed = || {
        att_al.iter().flat_map(|&x| {
            tgt_al
                .iter()
                .filter(move |&&y| x.opposes(y))
                .map(move |&y| (x, y))
        })
    };
    if s.alignment_once {
        if alike().next().is_some() {
            add(Term::AlikeOnce, 4 * sign);
        }
        if opposed().next().is_some() {
            add(Term::OpposedOnce, -4 * sign);
        }
    } else {
        for x in alike() {
            add(Term::Both(x), 4 * sign);
        }
        for (x, y) in opposed() {
            add(Term::Against(x, y), -4 * sign);
        }
    }
    match depth(s, a.target) {
        Some(1) => add(Term::Depth(1), -10),
        Some(2) => add(Term::Depth(2), -5),
        Some(3) => add(Term::Depth(3), -2),
        _ => {}
    }
    bonuses(r, s, a, add);
}

/// The modifiers that come from the money spent on either side.
fn money_terms(s: &State, a: &Attack, add: &mut impl FnMut(Term, i64)) {
    if a.attacker_mb > 0 {
        let (mb, player) = (a.attacker_mb, a.player);
        add(Term::AttackerSpent { mb, player }, mb);
    }
    if a.group_mb > 0 {
        let (mb, card) = (a.group_mb, a.target);
        add(Term::GroupSpent { mb, card }, -2 * mb);
    }
    if a.defender_mb > 0 {
        let (mb, owner) = (a.defender_mb, s.cards[a.target].owner);
        add(Term::DefenderSpent { mb, owner }, -mb);
    }
    for (player, &mb) in a.interfere.iter().enumerate() {
        if mb > 0 {
            add(Term::Interfere { mb, player }, -mb);
        }
    }
    for (player, &mb) in a.assist.iter().enumerate() {
        if mb > 0 {
            add(Term::Assist { mb, player }, mb);
        }
    }
}

/// The attacking group's alignments, with any it counts as having for this attack.
fn attacker_alignments(r: &IlluRules, s: &State, a: &Attack) -> AlignmentList {
    let mut al = AlignmentList::of(alignments(r, s, a.attacker));
    let tgt = alignments(r, s, a.target);
    for ab in &r.cards[a.attacker].abilities {
        if let Ability::ActsAs {
            alignment,
            on,
            target_alignment,
        } = ab
        {
            if on.contains(&a.kind) && tgt.contains(target_alignment) {
                al.add(*alignment);
            }
        }
    }
    al
}

/// The target's resistance against this attacker (Gun Lobby), with its structure's extra
/// resistance (Survivalists); an Illuminati's power serves as its resistance.
fn resistance(r: &IlluRules, s: &State, target: usize, attacker_al: &[Alignment]) -> i64 {
    let mut res = r.cards[target]
        .resistance
        .unwrap_or_else(|| power(r, s, target));
    for ab in &r.cards[target].abilities {
        if let Ability::ResistanceAgainst {
            attacker_alignments,
            resistance,
        } = ab
        {
            if attacker_al.iter().any(|x| attacker_alignments.contains(x)) {
                res = *resistance;
            }
        }
    }
    // Every other card of the defender's structure with that ability adds to it.
    if let Some(owner) = s.cards[target].owner {
        for &(c, amount) in &r.structure_resistance {
            if c != target && s.in_structure(c, owner) {
                res += amount;
            }
        }
    }
    res
}

/// Card abilities that add to this attack: the attacker's, the aiding groups' ("any attempt"
/// bonuses only), and the attacking player's Illuminati's.
fn bonuses(r: &IlluRules, s: &State, a: &Attack, add: &mut impl FnMut(Term, i64)) {
    let tgt_al = alignments(r, s, a.target);
    let mut from = |c: usize, aiding: bool| {
        for ab in &r.cards[c].abilities {
            if let Ability::Bonus {
                on,
                target,
                target_alignment,
                amount,
                direct,
            } = ab
            {
                let hits = on.contains(&a.kind)
                    && target.as_ref().is_none_or(|t| r.cards[a.target].id == *t)
                    && target_alignment.is_none_or(|x| tgt_al.contains(&x));
                if hits && !(aiding && *direct) {
                    add(Term::Ability(c), *amount);
                }
            }
        }
    };
    from(a.attacker, false);
    for &g in &a.aid {
        from(g, true);
    }
    if let Some(ill) = s.players[a.player].illuminati {
        if ill != a.attacker && !a.aid.contains(&ill) {
            from(ill, true);
        }
    }
}

/// The target's structure is immune to this attacker (an Illuminati's ability): which
/// Illuminati, and the attacker's alignment it refuses.
fn immune(r: &IlluRules, s: &State, attacker: usize, target: usize) -> Option<(usize, Alignment)> {
    let owner = s.cards[target].owner?;
    let ill = s.players[owner].illuminati?;
    let att_al = alignments(r, s, attacker);
    r.cards[ill].abilities.iter().find_map(|ab| match ab {
        Ability::Immune {
            attacker_alignments,
        } => att_al
            .iter()
            .find(|x| attacker_alignments.contains(x))
            .map(|&x| (ill, x)),
        _ => None,
    })
}

/// How many attacks the Illuminati card may take part in this turn (the UFOs: two).
fn illuminati_attacks_allowed(r: &IlluRules, ill: usize) -> u8 {
    r.cards[ill]
        .abilities
        .iter()
        .find_map(|ab| match ab {
            Ability::Attacks { count } => Some(*count),
            _ => None,
        })
        .unwrap_or(1)
}

/// Why an attack may not be declared: a value, worded only when shown (the random player
/// tries attacks that may be refused).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    NotNow(Phase),
    /// The turn's draw comes before its actions.
    DrawFirst,
    UnderWay,
    NoAction,
    NotInStructure(usize),
    CannotAid(usize),
    AidTwice,
    AidsAgainstItself(usize),
    AlreadyInStructure(usize),
    NotInPlay(usize),
    IlluminatiNotNeutralized,
    /// Neutralizing sends a controlled group back to the uncontrolled area: one already there
    /// has nothing to lose.
    NothingToNeutralize(usize),
    NotLone(usize),
    IlluminatiUsed(usize),
    NoArrow(usize),
    Immune {
        illuminati: usize,
        alignment: Alignment,
    },
}

impl Refusal {
    pub fn explain(self, r: &IlluRules, s: &State) -> RuleError {
        let name = |c: usize| &r.cards[c].name;
        let current = &s.players[s.current].name;
        RuleError::new(match self {
            Refusal::NotNow(phase) => turn::not_now(phase).to_string(),
            Refusal::DrawFirst => return turn::drawn(s).unwrap_err(),
            Refusal::UnderWay => {
                "an attack is already being worked out: roll the dice or call it off first".into()
            }
            Refusal::NoAction => format!("{current} has no action left this turn"),
            Refusal::NotInStructure(c) => {
                format!("{} is not in {current}'s power structure", name(c))
            }
            Refusal::CannotAid(g) => format!(
                "{} cannot aid: only other members of {current}'s own power structure can",
                name(g)
            ),
            Refusal::AidTwice => "a group is named twice among the aid".into(),
            Refusal::AidsAgainstItself(c) => format!("{} cannot aid against itself", name(c)),
            Refusal::AlreadyInStructure(c) => {
                format!("{} is already in {current}'s power structure", name(c))
            }
            Refusal::NotInPlay(c) => {
                format!("{} is not in play ({})", name(c), s.cards[c].status.word())
            }
            Refusal::IlluminatiNotNeutralized => {
                "an Illuminati cannot be neutralized, only controlled or destroyed".into()
            }
            Refusal::NothingToNeutralize(c) => format!(
                "{} is uncontrolled already: only a controlled group can be neutralized",
                name(c)
            ),
            Refusal::NotLone(c) => format!(
                "{} still has groups under it: only a lone Illuminati can be attacked",
                name(c)
            ),
            Refusal::IlluminatiUsed(ill) => format!(
                "{} has taken part in its attack{} this turn",
                name(ill),
                if illuminati_attacks_allowed(r, ill) > 1 {
                    "s"
                } else {
                    ""
                }
            ),
            Refusal::NoArrow(c) => format!("{} has no open control arrow", name(c)),
            Refusal::Immune {
                illuminati,
                alignment,
            } => format!(
                "{}'s power structure is immune to attacks by {} groups",
                name(illuminati),
                alignment.word()
            ),
        })
    }
}

/// May the player whose turn it is declare this attack now?
pub(crate) fn can_declare(
    r: &IlluRules,
    s: &State,
    kind: Kind,
    attacker: usize,
    target: usize,
    aid: &[usize],
) -> Result<(), Refusal> {
    let fail = |cond: bool, why: Refusal| if cond { Ok(()) } else { Err(why) };
    fail(s.phase == Phase::Turn, Refusal::NotNow(s.phase))?;
    fail(s.turn.draws_left == 0 || !s.draw_first, Refusal::DrawFirst)?;
    fail(s.attack.is_none(), Refusal::UnderWay)?;
    let p = s.current;
    fail(s.turn.actions_left > 0, Refusal::NoAction)?;
    let mine = |c: usize| s.cards[c].owner == Some(p) && s.cards[c].status == Status::Controlled;
    fail(mine(attacker), Refusal::NotInStructure(attacker))?;
    for &g in aid {
        fail(mine(g) && g != attacker, Refusal::CannotAid(g))?;
    }
    let twice = (0..aid.len()).any(|i| aid[..i].contains(&aid[i]));
    fail(!twice, Refusal::AidTwice)?;
    fail(!aid.contains(&target), Refusal::AidsAgainstItself(target))?;
    let ts = &s.cards[target];
    fail(ts.owner != Some(p), Refusal::AlreadyInStructure(target))?;
    fail(
        matches!(ts.status, Status::Uncontrolled | Status::Controlled),
        Refusal::NotInPlay(target),
    )?;
    if kind == Kind::Neutralize && s.neutralize_controlled_only && !r.cards[target].illuminati {
        fail(
            ts.status == Status::Controlled,
            Refusal::NothingToNeutralize(target),
        )?;
    }
    if r.cards[target].illuminati {
        fail(kind != Kind::Neutralize, Refusal::IlluminatiNotNeutralized)?;
        fail(ts.puppets == 0, Refusal::NotLone(target))?;
    }
    if let Some(ill) = s.players[p].illuminati {
        let uses = (attacker == ill) as u8 + aid.contains(&ill) as u8;
        fail(
            uses == 0 || s.turn.illuminati_attacks < illuminati_attacks_allowed(r, ill),
            Refusal::IlluminatiUsed(ill),
        )?;
    }
    let needs_arrow =
        kind == Kind::Control || (kind == Kind::Neutralize && s.neutralize_needs_arrow);
    if needs_arrow {
        if let Some(open) = open_arrows(s, attacker) {
            fail(open > 0, Refusal::NoArrow(attacker))?;
        }
    }
    match immune(r, s, attacker, target) {
        Some((illuminati, alignment)) => Err(Refusal::Immune {
            illuminati,
            alignment,
        }),
        None => Ok(()),
    }
}

pub fn declare(
    t: &mut Table,
    kind: Kind,
    attacker: usize,
    target: usize,
    aid: &[usize],
) -> Result<(), RuleError> {
    can_declare(t.rules, t.s, kind, attacker, target, aid).map_err(|x| x.explain(t.rules, t.s))?;
    let a = fresh(t.s, kind, attacker, target, aid);
    t.emit(Event::Attack { attack: Some(a) });
    Ok(())
}

/// The current player's attack as declared, before any money or card (the steady player
/// weighs attacks it has not declared by it).
pub fn fresh(s: &State, kind: Kind, attacker: usize, target: usize, aid: &[usize]) -> Attack {
    let n = s.players.len();
    Attack {
        kind,
        player: s.current,
        attacker,
        target,
        aid: aid.to_vec(),
        attacker_mb: 0,
        group_mb: 0,
        defender_mb: 0,
        interfere: std::iter::repeat_n(0, n).collect(),
        assist: std::iter::repeat_n(0, n).collect(),
        privileged: false,
        abolished: false,
        interference_cards: vec![],
        committed: false,
    }
}

fn current(t: &Table) -> Result<Attack, RuleError> {
    t.s.attack
        .clone()
        .ok_or_else(|| RuleError::new("no attack is being worked out"))
}

/// The attack becomes one of the turn's actions when money is first spent or the dice roll.
fn commit(t: &mut Table, a: &mut Attack) {
    if !a.committed {
        a.committed = true;
        let mut turn = t.s.turn.clone();
        turn.actions_left = turn.actions_left.saturating_sub(1);
        turn.acted = true;
        if let Some(ill) = t.s.players[a.player].illuminati {
            if a.attacker == ill || a.aid.contains(&ill) {
                turn.illuminati_attacks += 1;
            }
        }
        t.emit(Event::TurnState { turn });
    }
}

fn pay(t: &mut Table, from: usize, n: i64, player: usize, role: Role) -> Result<(), RuleError> {
    ensure!(n > 0, "spend at least 1 MB");
    ensure!(
        t.s.cards[from].treasury >= n,
        "{} has only {} MB",
        t.rules.cards[from].name,
        t.s.cards[from].treasury
    );
    t.emit(Event::Money {
        from: Purse::Card(from),
        to: Purse::Bank,
        amount: n,
        why: Why::Spent { player, role },
    });
    Ok(())
}

/// `spend PLAYER SOURCE N`: the attacker from the attacking group or its Illuminati; the
/// defender from the target group or its Illuminati.
pub fn spend(t: &mut Table, player: usize, source: usize, n: i64) -> Result<(), RuleError> {
    let mut a = current(t)?;
    let s = &*t.s;
    let owner = s.cards[a.target].owner;
    let ill = s.players[player].illuminati;
    let pname = s.players[player].name.clone();
    if player == a.player {
        ensure!(
            source == a.attacker || Some(source) == ill,
            "{pname} spends from the attacking group or the Illuminati treasury"
        );
        pay(t, source, n, player, Role::Attacker)?;
        a.attacker_mb += n;
    } else if owner == Some(player) {
        if source == a.target {
            pay(t, source, n, player, Role::DefendingGroup)?;
            a.group_mb += n;
        } else {
            ensure!(
                Some(source) == ill,
                "{pname} defends with money from the target group or the Illuminati treasury"
            );
            pay(t, source, n, player, Role::DefendingIlluminati)?;
            a.defender_mb += n;
        }
    } else {
        return Err(RuleError::new(format!(
            "{pname} is neither attacker nor defender: `interfere {pname} N` or `assist {pname} N`"
        )));
    }
    commit(t, &mut a);
    t.emit(Event::Attack { attack: Some(a) });
    Ok(())
}

/// `interfere PLAYER N` and `assist PLAYER N`: another player's Illuminati treasury only; not
/// in a privileged attack, except by a player who played Interference on it.
pub(crate) fn meddle(t: &mut Table, player: usize, n: i64, assist: bool) -> Result<(), RuleError> {
    let mut a = current(t)?;
    let s = &*t.s;
    let pname = s.players[player].name.clone();
    ensure!(
        player != a.player && s.cards[a.target].owner != Some(player),
        "{pname} is a side in this attack: `spend {pname} SOURCE N`"
    );
    ensure!(
        !a.privileged || a.interference_cards.contains(&player),
        "the attack is privileged: only a player who plays Interference may interfere or assist"
    );
    let ill = s.players[player]
        .illuminati
        .ok_or_else(|| RuleError::new(format!("{pname} has no Illuminati")))?;
    pay(
        t,
        ill,
        n,
        player,
        if assist {
            Role::Assist
        } else {
            Role::Interfere
        },
    )?;
    if assist {
        a.assist[player] += n;
    } else {
        a.interfere[player] += n;
    }
    commit(t, &mut a);
    t.emit(Event::Attack { attack: Some(a) });
    Ok(())
}

/// `privilege [SPECIAL]`: the attacker discards a special (the Bavarian Illuminati may pay
/// instead, once a turn), before any money is spent.
pub fn privilege(t: &mut Table, special: Option<usize>) -> Result<(), RuleError> {
    let mut a = current(t)?;
    ensure!(!a.privileged, "the attack is privileged already");
    ensure!(
        !a.abolished,
        "this attack's privilege was abolished and cannot come back"
    );
    ensure!(
        !a.committed,
        "privilege is declared with the attack, before any money is spent"
    );
    let p = a.player;
    let ill = t.s.players[p].illuminati;
    let cost = ill.and_then(|i| {
        t.rules.cards[i].abilities.iter().find_map(|ab| match ab {
            Ability::Privilege { cost } => Some(*cost),
            _ => None,
        })
    });
    match (cost, special, ill) {
        (Some(cost), None, Some(i)) if !t.s.turn.privilege_used => {
            ensure!(
                t.s.cards[i].treasury >= cost,
                "privilege costs {cost} MB; the Illuminati treasury has {}",
                t.s.cards[i].treasury
            );
            t.emit(Event::Money {
                from: Purse::Card(i),
                to: Purse::Bank,
                amount: cost,
                why: Why::Spent {
                    player: p,
                    role: Role::Privilege,
                },
            });
            let mut turn = t.s.turn.clone();
            turn.privilege_used = true;
            t.emit(Event::TurnState { turn });
        }
        _ => {
            ensure!(
                !t.s.players[p].specials.is_empty(),
                "privilege costs a special card, and {} holds none",
                t.s.players[p].name
            );
            if let Some(sp) = special {
                ensure!(
                    t.s.players[p].specials.contains(&Some(sp))
                        || t.s.players[p].specials.contains(&None),
                    "{} does not hold {}",
                    t.s.players[p].name,
                    t.rules.specials[sp].name
                );
            }
            t.emit(Event::Discard {
                player: p,
                special,
                played: false,
            });
        }
    }
    a.privileged = true;
    t.emit(Event::Attack { attack: Some(a) });
    Ok(())
}

/// `abolish PLAYER`: that player discards two specials and the privilege is gone for good.
pub fn abolish(t: &mut Table, player: usize) -> Result<(), RuleError> {
    let mut a = current(t)?;
    ensure!(a.privileged, "the attack is not privileged");
    ensure!(
        t.s.players[player].specials.len() >= 2,
        "{} needs two specials to abolish the privilege",
        t.s.players[player].name
    );
    t.emit(Event::Discard {
        player,
        special: None,
        played: false,
    });
    t.emit(Event::Discard {
        player,
        special: None,
        played: false,
    });
    a.privileged = false;
    a.abolished = true;
    t.emit(Event::Attack { attack: Some(a) });
    Ok(())
}

/// `call-off`: possible until money has gone to the bank for the attack.
pub(crate) fn call_off(t: &mut Table) -> Result<(), RuleError> {
    let a = current(t)?;
    ensure!(
        !a.committed,
        "money is in the bank for this attack: it goes on (roll)"
    );
    t.emit(Event::Attack { attack: None });
    t.emit(Event::Note {
        to: None,
        text: format!(
            "{} calls off the attack on {}",
            t.s.players[a.player].name, t.rules.cards[a.target].name
        ),
    });
    Ok(())
}

/// `roll [D1 D2]`: at or under the number needed succeeds; 11 and 12 always fail.
pub fn roll(t: &mut Table, dice: (u8, u8)) -> Result<(), RuleError> {
    let mut a = current(t)?;
    ensure!(
        (1..=6).contains(&dice.0) && (1..=6).contains(&dice.1),
        "dice show 1 to 6, not {} and {}",
        dice.0,
        dice.1
    );
    if !a.committed {
        commit(t, &mut a);
        t.emit(Event::Attack { attack: Some(a) });
    }
    // Kept for Assassination and Murphy's Law, played right after the dice, when a hand
    // could hold one (not kept before every roll for nothing).
    if specials::could_rework_roll(t.rules, t.s) {
        t.emit(Event::KeepBeforeRoll { on: true });
    }
    resolve(t, dice);
    Ok(())
}

/// Work out the attack with these dice.
pub fn resolve(t: &mut Table, dice: (u8, u8)) {
    // Read in place, not cloned (every roll resolves): what the steps below need of the
    // attack is copied out before it is cleared.
    let Some(a) = &t.s.attack else { return };
    let need = need(t.rules, t.s, a);
    let (kind, player, attacker, target) = (a.kind, a.player, a.attacker, a.target);
    let total = dice.0 + dice.1;
    let success = total <= 10 && (total as i64) <= need;
    t.emit(Event::Rolled {
        dice,
        total,
        need,
        success,
    });
    t.emit(Event::Attack { attack: None });
    let mut turn = t.s.turn.clone();
    turn.failed_target = (!success).then_some(target);
    turn.capture = None;
    t.emit(Event::TurnState { turn });
    if !success {
        return;
    }
    let lone_illuminati = t.rules.cards[target].illuminati;
    match kind {
        Kind::Control if !lone_illuminati => capture(t, player, attacker, target),
        Kind::Neutralize => {
            orphans(t, target);
            lose(t, target, Status::Uncontrolled);
        }
        _ => {
            // Destroy, or a lone Illuminati taken: out of the game.
            orphans(t, target);
            if let Some(owner) = t.s.cards[target].owner.filter(|_| lone_illuminati) {
                t.emit(Event::Eliminated { player: owner });
            }
            lose(t, target, Status::Dead);
            t.emit(Event::Destroyed { player });
        }
    }
}

/// A card leaves its power structure; its money goes to the bank.
fn lose(t: &mut Table, card: usize, status: Status) {
    let money = t.s.cards[card].treasury;
    if money != 0 {
        t.emit(Event::Money {
            from: Purse::Card(card),
            to: Purse::Bank,
            amount: money,
            why: Why::Lost,
        });
    }
    t.emit(Event::Place {
        card,
        status,
        owner: None,
        master: None,
    });
}

/// The puppets of a group that leaves: uncontrolled (with their own puppets), or moved up
/// under its master (option `orphans=master`).
pub fn orphans(t: &mut Table, card: usize) {
    // Most cards lost hold no puppet (the count kept by `apply`): no pass over the structures.
    if t.s.cards[card].puppets == 0 {
        return;
    }
    let master = t.s.cards[card].master;
    for p in puppets(t.s, card) {
        match (t.s.orphans_to_master, master) {
            (true, Some(m)) => {
                let owner = t.s.cards[p].owner;
                t.emit(Event::Place {
                    card: p,
                    status: Status::Controlled,
                    owner,
                    master: Some(m),
                });
            }
            _ => {
                for c in subtree(t.s, p).into_iter().rev() {
                    lose(t, c, Status::Uncontrolled);
                }
            }
        }
    }
}

/// Control: the target and its puppets join the attacker's structure; half of each captured
/// treasury, rounded down, follows, the rest goes to the bank.
/// `player`'s `attacker` took `target`.
fn capture(t: &mut Table, player: usize, attacker: usize, target: usize) {
    let cards = subtree(t.s, target);
    for &c in &cards {
        let money = t.s.cards[c].treasury;
        let to_bank = money - money / 2;
        if to_bank > 0 {
            t.emit(Event::Money {
                from: Purse::Card(c),
                to: Purse::Bank,
                amount: to_bank,
                why: Why::Capture,
            });
        }
    }
    for &c in &cards {
        let master = if c == target {
            Some(attacker)
        } else {
            t.s.cards[c].master
        };
        t.emit(Event::Place {
            card: c,
            status: Status::Controlled,
            owner: Some(player),
            master,
        });
    }
    let mut turn = t.s.turn.clone();
    turn.capture = Some((attacker, target));
    t.emit(Event::TurnState { turn });
}
