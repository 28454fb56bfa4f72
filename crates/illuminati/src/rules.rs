//! Illuminati's ruleset file (rulesets/illuminati.toml): the Illuminati, the groups with their
//! numbers, alignments and abilities as data, the specials, the goals and the options. Every
//! problem is reported as `file:line: what is wrong`.

use serde::{Deserialize, Serialize};
use toml::Spanned;

use boardside_engine::inline::{Held, Inline};
use boardside_engine::ruleset_file;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Alignment {
    Government,
    Communist,
    Liberal,
    Conservative,
    Peaceful,
    Violent,
    Straight,
    Weird,
    Criminal,
    Fanatic,
}

/// A card's alignments held in place, in their order (there are ten in all): a card's state
/// is then plain data, copied without the heap (every command keeps a copy to put back on a
/// refusal).
pub type AlignmentList = Inline<Alignment, { Alignment::ALL.len() }>;

impl Held for Alignment {
    const SPARE: Alignment = Alignment::Government;
    const TOO_MANY: &'static str = "at most ten alignments";
}

impl Alignment {
    pub const ALL: [Alignment; 10] = [
        Alignment::Government,
        Alignment::Communist,
        Alignment::Liberal,
        Alignment::Conservative,
        Alignment::Peaceful,
        Alignment::Violent,
        Alignment::Straight,
        Alignment::Weird,
        Alignment::Criminal,
        Alignment::Fanatic,
    ];
    pub fn word(self) -> &'static str {
        match self {
            Alignment::Government => "government",
            Alignment::Communist => "communist",
            Alignment::Liberal => "liberal",
            Alignment::Conservative => "conservative",
            Alignment::Peaceful => "peaceful",
            Alignment::Violent => "violent",
            Alignment::Straight => "straight",
            Alignment::Weird => "weird",
            Alignment::Criminal => "criminal",
            Alignment::Fanatic => "fanatic",
        }
    }
    pub fn parse(w: &str) -> Option<Alignment> {
        Alignment::ALL
            .into_iter()
            .find(|a| a.word() == w.to_ascii_lowercase())
    }
    /// illuminati: Alignments: the four opposed pairs; Criminal has no opposite; any two
    /// Fanatic groups are opposed.
    pub(crate) fn opposes(self, other: Alignment) -> bool {
        use Alignment::*;
        matches!(
            (self, other),
            (Government, Communist)
                | (Communist, Government)
                | (Liberal, Conservative)
                | (Conservative, Liberal)
                | (Peaceful, Violent)
                | (Violent, Peaceful)
                | (Straight, Weird)
                | (Weird, Straight)
                | (Fanatic, Fanatic)
        )
    }
    /// Alike for the +4: the same alignment, except Fanatic, which opposes itself.
    pub fn alike(self, other: Alignment) -> bool {
        self == other && self != Alignment::Fanatic
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Control,
    Neutralize,
    Destroy,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::Control => "control",
            Kind::Neutralize => "neutralize",
            Kind::Destroy => "destroy",
        }
    }
}

/// What a card's ability does, as data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ability {
    /// +amount on attacks of these kinds, on one group or on groups of an alignment (or any);
    /// `direct`: only when this card is the attacker, not when it aids.
    Bonus {
        on: Vec<Kind>,
        #[serde(default)]
        target: Option<String>,
        #[serde(default)]
        target_alignment: Option<Alignment>,
        amount: i64,
        #[serde(default)]
        direct: bool,
    },
    /// Counts as having `alignment` when attacking groups of `target_alignment` this way.
    ActsAs {
        alignment: Alignment,
        on: Vec<Kind>,
        target_alignment: Alignment,
    },
    /// Its money transfers may go to any group of its power structure.
    TransferAnywhere,
    /// A different resistance against attackers of these alignments.
    ResistanceAgainst {
        attacker_alignments: Vec<Alignment>,
        resistance: i64,
    },
    /// Its owner taxes every other player this much on the owner's income phase.
    Tax { amount: i64 },
    /// Pay this from its treasury to draw an extra card (not an action).
    ExtraDraw { cost: i64 },
    /// On its owner's turn: add, remove or reverse one alignment of another group, that turn.
    AlignmentChange,
    /// +amount resistance for every other group of its owner's power structure.
    StructureResistance { amount: i64 },
    /// Immune to attacks by groups of these alignments (its whole power structure).
    Immune { attacker_alignments: Vec<Alignment> },
    /// One privileged attack a turn for this many MB.
    Privilege { cost: i64 },
    /// Reorganize the power structure freely at the end of the turn.
    Reorganize,
    /// Move money freely at the end of the turn.
    MoveMoney,
    /// Draws this many cards a turn.
    Draws { count: u8 },
    /// The Illuminati card may take part in this many attacks a turn.
    Attacks { count: u8 },
}

/// A special goal (illuminati: Special Victory Conditions).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Goal {
    Power {
        total: i64,
    },
    EveryAlignment,
    Alignment {
        alignment: Alignment,
        count: usize,
    },
    Money {
        total: i64,
    },
    Transferable {
        total: i64,
    },
    Destroyed {
        count: u32,
    },
    /// The UFOs: another Illuminati's special goal, chosen in secret.
    Secret,
    /// The regular goal with `fewer` groups less (SubGenius).
    Regular {
        fewer: usize,
    },
}

impl Goal {
    /// The goal in a player's words ("control 5 weird groups").
    pub fn words(&self) -> String {
        let groups = |n: usize, kind: &str| match n {
            1 => format!("1 {kind}group"),
            n => format!("{n} {kind}groups"),
        };
        match self {
            Goal::Power { total } => {
                format!(
                    "control groups of {total} power or more in all, the Illuminati's own included"
                )
            }
            Goal::EveryAlignment => "control a group of every alignment".into(),
            Goal::Alignment { alignment, count } => {
                format!(
                    "control {}",
                    groups(*count, &format!("{} ", alignment.word()))
                )
            }
            Goal::Money { total } => {
                format!("hold {total} MB in all the structure's treasuries")
            }
            Goal::Transferable { total } => {
                format!("control {total} transferable power in all, its own included")
            }
            Goal::Destroyed { count } => format!(
                "destroy {} (Illuminati eliminated count)",
                groups(*count as usize, "")
            ),
            Goal::Secret => "another Illuminati's special goal, chosen in secret".into(),
            Goal::Regular { fewer } => {
                format!("the regular goal, with {} fewer", groups(*fewer, ""))
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub illuminati: bool,
    pub power: i64,
    pub transferable: i64,
    /// None for an Illuminati (its power serves when it is attacked).
    pub resistance: Option<i64>,
    pub income: i64,
    pub alignments: Vec<Alignment>,
    pub abilities: Vec<Ability>,
    pub goal: Option<Goal>,
    /// Y2K Illuminati whose numbers the table must enter.
    pub unknown: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    RollTwo,
    RollTwelve,
    Bribery,
    Espionage,
    DeepAgent,
    Interference,
    MarketManipulation,
    Secrets,
    Senate,
    Whispering,
    WhiteCollar,
    #[serde(untagged)]
    Money {
        money: i64,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Special {
    pub id: String,
    pub name: String,
    pub effect: Effect,
    pub copies: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct IlluOptions {
    pub illuminati_card_counts: bool,
    pub alignment_once: bool,
    /// Puppets of a neutralized or destroyed group move up under its master (else they
    /// become uncontrolled).
    pub orphans_to_master: bool,
    pub neutralize_needs_arrow: bool,
    /// Play in the listed order instead of counter-clockwise.
    pub listed_order: bool,
    /// The I.R.S.'s tax comes from anywhere in the taxed player's structure ("may come from
    /// any group"): the Illuminati treasury first, then the richest groups, until paid or the
    /// player has no money left. Off (`tax_from=illuminati`), only the Illuminati treasury pays,
    /// as releases before this option did: a journal saved by one has no such key and resumes
    /// with it off, so its recorded results are what the rules give again.
    #[serde(default)]
    pub tax_from_structure: bool,
    /// The turn's draw comes before its actions, as the sequence of play has it (income, the
    /// draw, then two actions; free actions at any time). Off (`draw_first=false`), actions
    /// and ending the turn are not held back by a draw not yet made, as releases before this
    /// option had it: a journal saved by one has no such key and resumes with it off.
    #[serde(default)]
    pub draw_first: bool,
    /// Passing needs a turn with no free action either: using a special takes the pass away
    /// as dropping a group or giving money does (illuminati: Passing, "not any actions of any
    /// sort"). Off (`strict_pass=false`), a special used still lets the player pass, as
    /// releases before this option had it: a journal saved by one resumes with it off.
    #[serde(default)]
    pub strict_pass: bool,
    /// Only a controlled group can be attacked to neutralize (one already uncontrolled has
    /// nothing to lose). Off by default, as the summary states no such limit (an attack to
    /// neutralize an uncontrolled group is allowed, and the device simply does not offer it);
    /// a table that wants the rules to refuse it turns it on.
    #[serde(default)]
    pub neutralize_controlled_only: bool,
}

impl Default for IlluOptions {
    fn default() -> Self {
        IlluOptions {
            illuminati_card_counts: true,
            alignment_once: false,
            orphans_to_master: false,
            neutralize_needs_arrow: true,
            listed_order: false,
            tax_from_structure: true,
            draw_first: true,
            strict_pass: true,
            neutralize_controlled_only: false,
        }
    }
}

pub const OPTION_KEYS: &str =
    "illuminati_card_counts, alignment_once, orphans (uncontrolled|master), \
neutralize_needs_arrow, turn_order (counter-clockwise|listed), tax_from (structure|illuminati), \
draw_first, strict_pass, neutralize_controlled_only";

impl IlluOptions {
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "illuminati_card_counts" => {
                self.illuminati_card_counts = ruleset_file::flag(key, value)?
            }
            "alignment_once" => self.alignment_once = ruleset_file::flag(key, value)?,
            "neutralize_needs_arrow" => {
                self.neutralize_needs_arrow = ruleset_file::flag(key, value)?
            }
            "orphans" => {
                self.orphans_to_master =
                    ruleset_file::either(key, value, ["uncontrolled", "master"])?
            }
            "tax_from" => {
                self.tax_from_structure =
                    ruleset_file::either(key, value, ["illuminati", "structure"])?
            }
            "draw_first" => self.draw_first = ruleset_file::flag(key, value)?,
            "strict_pass" => self.strict_pass = ruleset_file::flag(key, value)?,
            "neutralize_controlled_only" => {
                self.neutralize_controlled_only = ruleset_file::flag(key, value)?
            }
            "turn_order" => {
                self.listed_order =
                    ruleset_file::either(key, value, ["counter-clockwise", "listed"])?
            }
            _ => {
                return Err(format!(
                    "unknown option '{key}'; known options: {OPTION_KEYS}"
                ))
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct IlluRules {
    pub id: String,
    pub name: String,
    pub hash: String,
    /// Earlier versions' hashes whose games this file plays the same (the file's `continues`).
    pub continues: Vec<String>,
    /// The Illuminati first, then the groups; a card's index is its number everywhere.
    pub cards: Vec<Card>,
    pub specials: Vec<Special>,
    /// (players, groups to control)
    pub regular: Vec<(usize, usize)>,
    pub options: IlluOptions,
    /// The cards whose ability adds resistance to every other group of their structure, with
    /// the amount (the Survivalists): read for every attack number, where a walk of the
    /// defender's structure asking each card's abilities was most of the resistance's cost.
    pub structure_resistance: Vec<(usize, i64)>,
    /// Each card's alignments as counters to add (`AlignmentLanes::of`), zero for an
    /// Illuminati: the victory watch sums a structure's alignments with three additions a
    /// card, not a loop over each card's list.
    pub alignment_lanes: Vec<AlignmentLanes>,
    /// This parse's own number (never 0 for rules read from a file), which the memo of
    /// attack numbers is kept for (`attack::Needs`): rules are never changed
    /// once read, so a number a card's attack needed under them stays right. Not compared.
    pub serial: boardside_engine::game::Aside<u64>,
}

/// Ten counters of 16 bits, one per alignment (`Alignment as usize`), four to a word: a
/// card's lanes hold 1 for each alignment it has (once, even if listed twice), and the sum of
/// a structure's lanes counts its groups of each alignment (a structure has far fewer than
/// 65,536 cards, so no lane carries into the next).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AlignmentLanes(pub [u64; 3]);

impl AlignmentLanes {
    pub fn of(alignments: &[Alignment]) -> AlignmentLanes {
        let mut lanes = [0u64; 3];
        for &a in alignments {
            let a = a as usize;
            lanes[a / 4] |= 1 << (16 * (a % 4));
        }
        AlignmentLanes(lanes)
    }
    pub fn add(&mut self, other: AlignmentLanes) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }
    /// The counter of alignment `a`.
    pub fn count(&self, a: Alignment) -> i64 {
        let a = a as usize;
        (self.0[a / 4] >> (16 * (a % 4)) & 0xffff) as i64
    }
}

/// What every card of a ruleset file must keep, each problem with the card's line: an id of
/// its own (no reserved word), every number of its abilities and goal within what a printed
/// card has, and a bonus naming a card that exists.
fn check_cards(
    cards: &[Card],
    def: &FileDef,
    at: &dyn Fn(std::ops::Range<usize>, String) -> String,
    problems: &mut Vec<String>,
) {
    // The Illuminati come first in `cards`, then the groups.
    let span = |i: usize, c: &Card| {
        if c.illuminati {
            def.illuminati[i].span()
        } else {
            def.groups[i - def.illuminati.len()].span()
        }
    };
    for (i, c) in cards.iter().enumerate() {
        if cards[..i].iter().any(|o| o.id == c.id)
            || c.id == "illuminati"
            || c.id == "special"
            || c.id == "none"
        {
            problems.push(at(
                span(i, c),
                format!("card id '{}' is used twice or is a reserved word", c.id),
            ));
        }
    }
    // Every number of an ability or a goal within what a printed card has.
    for (i, c) in cards.iter().enumerate() {
        for a in &c.abilities {
            if let Err(m) = ability_in_range(a) {
                problems.push(at(span(i, c), format!("'{}': {m}", c.id)));
            }
        }
        if let Some(Err(m)) = c.goal.as_ref().map(goal_in_range) {
            problems.push(at(span(i, c), format!("'{}': {m}", c.id)));
        }
    }
    // Abilities naming a card must name one that exists.
    for (i, c) in cards.iter().enumerate() {
        for a in &c.abilities {
            if let Ability::Bonus {
                target: Some(t), ..
            } = a
            {
                if !cards.iter().any(|o| &o.id == t) {
                    problems.push(at(
                        span(i, c),
                        format!("'{}': its bonus names '{t}', which is no card here", c.id),
                    ));
                }
            }
        }
    }
}

impl IlluRules {
    pub fn card(&self, id: &str) -> Option<usize> {
        self.cards
            .iter()
            .position(|c| c.id.eq_ignore_ascii_case(id))
    }
    pub fn special(&self, id: &str) -> Option<usize> {
        self.specials
            .iter()
            .position(|c| c.id.eq_ignore_ascii_case(id))
    }
    pub(crate) fn regular_goal(&self, players: usize) -> usize {
        self.regular
            .iter()
            .find(|(p, _)| *p == players)
            .or(self.regular.last())
            .map(|(_, g)| *g)
            .unwrap_or(12)
    }
    pub fn illuminati(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cards.len()).filter(|&i| self.cards[i].illuminati)
    }
    pub fn groups(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cards.len()).filter(|&i| !self.cards[i].illuminati)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDef {
    game: Spanned<String>,
    id: String,
    name: String,
    goals: Spanned<GoalsDef>,
    illuminati: Vec<Spanned<IlluDef>>,
    groups: Vec<Spanned<GroupDef>>,
    specials: Vec<Spanned<SpecialDef>>,
    #[serde(default)]
    options: Option<Spanned<toml::Table>>,
    /// Earlier versions of this file (their content hashes) whose saved games this one plays
    /// the same: a change of words alone keeps them resuming.
    #[serde(default)]
    continues: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GoalsDef {
    regular: Vec<(i64, i64)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct IlluDef {
    id: String,
    name: String,
    #[serde(default)]
    power: i64,
    #[serde(default)]
    transferable: i64,
    #[serde(default)]
    income: i64,
    #[serde(default)]
    powers: Vec<Ability>,
    goal: Goal,
    #[serde(default)]
    unknown: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupDef {
    id: String,
    name: String,
    power: i64,
    transferable: i64,
    resistance: i64,
    income: i64,
    alignments: Vec<Alignment>,
    #[serde(default)]
    abilities: Vec<Ability>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecialDef {
    id: String,
    name: String,
    effect: Effect,
    #[serde(default = "one")]
    copies: u32,
}

fn one() -> u32 {
    1
}

impl IlluRules {
    /// Parse and check; every problem is listed, one per line, each with its line.
    pub fn parse(file: &str, text: &str) -> Result<IlluRules, String> {
        let at = |span: std::ops::Range<usize>, m: String| ruleset_file::at(file, text, span, m);
        // Every key the file has that is no field: each a problem, and the rest checked too.
        let (def, unknown) = ruleset_file::parse_all::<FileDef>(text)
            .map_err(|p| p.iter().map(|x| x.at(file)).collect::<Vec<_>>().join("\n"))?;
        let mut problems: Vec<String> = unknown.iter().map(|x| x.at(file)).collect();
        if def.game.get_ref() != "illuminati" {
            problems.push(at(
                def.game.span(),
                format!(
                    "game = \"{}\": this loader reads Illuminati",
                    def.game.get_ref()
                ),
            ));
        }
        // Card numbers stay far from anything that could overflow (money is checked too).
        let sane = |x: i64, lo: i64| (lo..=1000).contains(&x);
        let mut cards: Vec<Card> = Vec::new();
        for d in &def.illuminati {
            let c = d.get_ref();
            if !(sane(c.power, 0) && sane(c.transferable, 0) && sane(c.income, 0)) {
                problems.push(at(
                    d.span(),
                    format!(
                        "Illuminati '{}': power, transferable and income run from 0 to 1000",
                        c.id
                    ),
                ));
            }
            cards.push(Card {
                id: c.id.clone(),
                name: c.name.clone(),
                illuminati: true,
                power: c.power,
                transferable: c.transferable,
                resistance: None,
                income: c.income,
                alignments: vec![],
                abilities: c.powers.clone(),
                goal: Some(c.goal.clone()),
                unknown: c.unknown,
            });
        }
        for d in &def.groups {
            let g = d.get_ref();
            if !(sane(g.power, 0)
                && sane(g.transferable, 0)
                && sane(g.resistance, 0)
                && sane(g.income, -100))
            {
                problems.push(at(d.span(), format!("group '{}': power, transferable and resistance run from 0 to 1000, income from -100", g.id)));
            }
            cards.push(Card {
                id: g.id.clone(),
                name: g.name.clone(),
                illuminati: false,
                power: g.power,
                transferable: g.transferable,
                resistance: Some(g.resistance),
                income: g.income,
                alignments: g.alignments.clone(),
                abilities: g.abilities.clone(),
                goal: None,
                unknown: false,
            });
        }
        check_cards(&cards, &def, &at, &mut problems);
        let mut specials = Vec::new();
        for d in &def.specials {
            let s = d.get_ref();
            if let Effect::Money { money } = s.effect {
                if !sane(money, 0) {
                    problems.push(at(
                        d.span(),
                        format!("special '{}': money {money} runs from 0 to 1000", s.id),
                    ));
                }
            }
            if !(1..=10).contains(&s.copies) {
                problems.push(at(
                    d.span(),
                    format!("special '{}': copies {} runs from 1 to 10", s.id, s.copies),
                ));
            }
            specials.push(Special {
                id: s.id.clone(),
                name: s.name.clone(),
                effect: s.effect.clone(),
                copies: s.copies,
            });
        }
        let mut regular = Vec::new();
        for &(p, g) in &def.goals.get_ref().regular {
            if !(2..=8).contains(&p) || !(1..=83).contains(&g) {
                problems.push(at(
                    def.goals.span(),
                    format!("regular goal [{p}, {g}]: players 2-8, groups 1-83"),
                ));
            } else {
                regular.push((p as usize, g as usize));
            }
        }
        let mut options = IlluOptions::default();
        ruleset_file::apply_options(
            file,
            text,
            &def.options,
            |k, v| options.set(k, v),
            &mut problems,
        );
        if !problems.is_empty() {
            return Err(problems.join("\n"));
        }
        let structure_resistance = cards
            .iter()
            .enumerate()
            .flat_map(|(c, card)| {
                card.abilities.iter().filter_map(move |ab| match ab {
                    Ability::StructureResistance { amount } => Some((c, *amount)),
                    _ => None,
                })
            })
            .collect();
        let alignment_lanes = cards
            .iter()
            .map(|c| match c.illuminati {
                true => AlignmentLanes::default(),
                false => AlignmentLanes::of(&c.alignments),
            })
            .collect();
        Ok(IlluRules {
            id: def.id,
            name: def.name,
            hash: ruleset_file::content_hash(text.as_bytes()),
            continues: def.continues,
            cards,
            specials,
            regular,
            options,
            structure_resistance,
            alignment_lanes,
            serial: boardside_engine::game::Aside(next_serial()),
        })
    }
}

/// A number no other rules read in this run have.
fn next_serial() -> u64 {
    static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A number of an ability in the range a printed card could have.
fn ability_in_range(a: &Ability) -> Result<(), String> {
    let within = |what: &str, x: i64, lo: i64, hi: i64| {
        if (lo..=hi).contains(&x) {
            Ok(())
        } else {
            Err(format!("{what} {x} runs from {lo} to {hi}"))
        }
    };
    match *a {
        Ability::Bonus { amount, .. } => within("a bonus of", amount, -50, 50),
        Ability::ResistanceAgainst { resistance, .. } => {
            within("a resistance of", resistance, 0, 1000)
        }
        Ability::Tax { amount } => within("a tax of", amount, 0, 100),
        Ability::ExtraDraw { cost } => within("an extra draw's cost of", cost, 0, 100),
        Ability::StructureResistance { amount } => {
            within("a resistance per group of", amount, 0, 50)
        }
        Ability::Privilege { cost } => within("a privilege's cost of", cost, 0, 100),
        Ability::Draws { count } => within("draws a turn:", count as i64, 1, 5),
        Ability::Attacks { count } => within("attacks a turn:", count as i64, 1, 5),
        _ => Ok(()),
    }
}

/// A number of a special goal in the range a printed card could have.
fn goal_in_range(g: &Goal) -> Result<(), String> {
    let within = |what: &str, x: i64, lo: i64, hi: i64| {
        if (lo..=hi).contains(&x) {
            Ok(())
        } else {
            Err(format!("the goal's {what} {x} runs from {lo} to {hi}"))
        }
    };
    match *g {
        Goal::Power { total } => within("power", total, 1, 1000),
        Goal::Money { total } => within("money", total, 1, 10_000),
        Goal::Transferable { total } => within("transferable power", total, 1, 1000),
        Goal::Alignment { count, .. } => within("count", count as i64, 1, 100),
        Goal::Destroyed { count } => within("count", count as i64, 1, 100),
        Goal::Regular { fewer } => within("groups fewer", fewer as i64, 0, 10),
        _ => Ok(()),
    }
}
