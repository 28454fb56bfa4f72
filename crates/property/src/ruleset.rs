//! The property-game ruleset file: board, groups, decks, money, supply, options and theme names,
//! loaded from TOML and checked, with every problem reported as `file:line: what is wrong`.

use boardside_engine::ledger::MAX_RULE_AMOUNT;
use boardside_engine::ruleset_file::{self, content_hash, line_of};
use serde::{Deserialize, Serialize};
use std::fmt;
use toml::Spanned;

use super::options::Options;

/// A problem with a ruleset file, located as precisely as the file allows.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesetError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
    /// The other problems found in the same run (`boardside check` lists them all).
    pub also: Vec<RulesetError>,
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.message)?,
            None => write!(f, "{}: {}", self.file, self.message)?,
        }
        for more in &self.also {
            write!(f, "\n{more}")?;
        }
        Ok(())
    }
}

impl std::error::Error for RulesetError {}

// ---------------------------------------------------------------------------------------------
// The file as written (serde shapes). Kept apart from the checked, compiled `Ruleset` below so
// that a person editing a copy gets told about every field by name.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDef {
    id: String,
    name: String,
    game: Spanned<String>,
    money: MoneyDef,
    supply: SupplyDef,
    #[serde(default)]
    theme: Theme,
    /// Earlier versions of this file (their content hashes, `Ruleset::hash`) whose saved
    /// games this one plays the same: a change of words alone keeps them resuming.
    #[serde(default)]
    continues: Vec<String>,
    options: Option<Spanned<toml::Table>>,
    groups: Vec<Spanned<GroupDef>>,
    squares: Vec<Spanned<SquareDef>>,
    #[serde(default)]
    decks: Vec<Spanned<DeckDef>>,
    status: Option<Spanned<StatusDef>>,
}

/// Status points (scientopoly ¶5-6): what each development level can deliver.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StatusDef {
    /// The highest status each level delivers: unimproved, each house level, the top level.
    level_caps: Vec<u8>,
    /// Names of the levels in the same order (Mission, Org, AO, Idle Org).
    level_names: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoneyDef {
    start_cash: i64,
    salary: i64,
    #[serde(default = "default_jail_fine")]
    jail_fine: i64,
    #[serde(default = "default_interest")]
    mortgage_interest_percent: i64,
}

fn default_jail_fine() -> i64 {
    50
}
fn default_interest() -> i64 {
    10
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SupplyDef {
    houses: u32,
    hotels: u32,
    /// Houses on every lot of a group before the top building (4 in the standard game).
    #[serde(default = "default_houses_before_top")]
    houses_before_top: u8,
}

fn default_houses_before_top() -> u8 {
    4
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupDef {
    id: String,
    name: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SquareDef {
    index: usize,
    id: String,
    name: String,
    kind: String,
    group: Option<String>,
    price: Option<i64>,
    rents: Option<Vec<i64>>,
    build_cost: Option<i64>,
    multipliers: Option<Vec<i64>>,
    deck: Option<String>,
    amount: Option<i64>,
    percent: Option<i64>,
    /// The highest status this square delivers whatever its development (status games).
    delivers: Option<u8>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckDef {
    id: String,
    name: String,
    cards: Vec<Spanned<CardDef>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardDef {
    id: String,
    text: String,
    effect: Effect,
    /// A known card that is not in the deck at the start (an edition variant), so that a
    /// physical card of that edition can still be named with `draw`.
    #[serde(default)]
    spare: bool,
}

// ---------------------------------------------------------------------------------------------
// The checked ruleset the engine reads.

/// Words the table sees: the theme's names for the bank, the money, the buildings and rent.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct Theme {
    pub bank: String,
    pub money: String,
    pub house: String,
    pub houses: String,
    pub hotel: String,
    pub hotels: String,
    pub jail: String,
    pub visiting: String,
    /// What a player pays on landing on another's square ("rent"; scientopoly: "donation").
    pub rent: String,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            bank: "the bank".into(),
            money: "".into(),
            house: "house".into(),
            houses: "houses".into(),
            hotel: "hotel".into(),
            hotels: "hotels".into(),
            jail: "jail".into(),
            visiting: "just visiting".into(),
            rent: "rent".into(),
        }
    }
}

/// What a card does when drawn (standard-board.md, card effects).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Move forward to a square; salary when passing or landing on the start square.
    Advance { to: usize },
    /// Move forward to the next square of a group; `rent` says how the rent is changed.
    AdvanceNearest { group: String, rent: NearestRent },
    /// Move back some squares (never collects salary).
    Back { steps: usize },
    /// The bank pays the player.
    Collect { amount: i64 },
    /// The player pays the bank.
    Pay { amount: i64 },
    /// The player pays every other player.
    PayEachPlayer { amount: i64 },
    /// Every other player pays the player.
    CollectFromEachPlayer { amount: i64 },
    /// Pay per building owned.
    Repairs { per_house: i64, per_hotel: i64 },
    /// Straight to jail, no salary.
    GoToJail,
    /// Kept until used to leave jail, then back to the bottom of its deck.
    GetOutOfJail,
}

/// How the rent is charged after an advance-to-nearest card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NearestRent {
    /// The normal rent.
    Normal,
    /// Twice the normal rent.
    Double,
    /// A fresh roll of the dice times ten.
    TenTimesDice,
}

/// A square's kind. `repr(u8)`: the kind is then a plain byte, so asking whether a square is a
/// property (every landing does) is one compare, not a decode of the kind hidden in a list's
/// spare bits followed by a jump the processor often guessed wrong.
#[derive(Debug, Clone, PartialEq)]
#[repr(u8)]
pub enum Kind {
    Start,
    Lot {
        group: usize,
        price: i64,
        /// unimproved, each house level, the top building
        rents: Vec<i64>,
        build_cost: i64,
    },
    Station {
        group: usize,
        price: i64,
        /// rent by how many of the group the owner has (1-based)
        rents: Vec<i64>,
    },
    Utility {
        group: usize,
        price: i64,
        /// dice multiplier by how many of the group the owner has (1-based)
        multipliers: Vec<i64>,
    },
    Card {
        deck: usize,
    },
    Tax {
        amount: i64,
        /// When set, the player may instead pay this percentage of total worth.
        percent: Option<i64>,
    },
    Jail,
    GoToJail,
    Free,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Square {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    /// Status games: the highest status delivered here, when it does not depend on development.
    pub delivers: Option<u8>,
}

impl Square {
    /// Printed price of a square that can be owned.
    pub fn price(&self) -> Option<i64> {
        match self.kind {
            Kind::Lot { price, .. } | Kind::Station { price, .. } | Kind::Utility { price, .. } => {
                Some(price)
            }
            _ => None,
        }
    }
    pub fn group(&self) -> Option<usize> {
        match self.kind {
            Kind::Lot { group, .. } | Kind::Station { group, .. } | Kind::Utility { group, .. } => {
                Some(group)
            }
            _ => None,
        }
    }
    pub fn build_cost(&self) -> Option<i64> {
        match self.kind {
            Kind::Lot { build_cost, .. } => Some(build_cost),
            _ => None,
        }
    }
    pub fn is_lot(&self) -> bool {
        matches!(self.kind, Kind::Lot { .. })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub id: String,
    pub name: String,
    pub members: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub id: String,
    pub text: String,
    pub effect: Effect,
    pub spare: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DeckRules {
    pub id: String,
    pub name: String,
    pub cards: Vec<Card>,
}

impl DeckRules {
    /// One card of the deck in words, with the article its name takes: "an INTEL card",
    /// "a CQS card".
    pub fn a_card(&self) -> String {
        self.a("card")
    }

    /// One `noun` of the deck, the article by the deck's name: "an INTEL get-out card".
    pub fn a(&self, noun: &str) -> String {
        format!("{} {noun}", super::narrate::a(&self.name))
    }
}

#[derive(Debug, Clone)]
pub struct Ruleset {
    pub id: String,
    pub name: String,
    /// FNV-1a of the file's bytes: a journal records it and refuses to resume on a changed file.
    pub hash: String,
    /// Earlier versions' hashes whose games this file plays the same (the file's `continues`).
    pub continues: Vec<String>,
    pub start_cash: i64,
    pub salary: i64,
    pub jail_fine: i64,
    pub interest_percent: i64,
    pub houses: u32,
    pub hotels: u32,
    pub houses_before_top: u8,
    pub theme: Theme,
    pub options: Options,
    pub squares: Vec<Square>,
    pub groups: Vec<Group>,
    pub decks: Vec<DeckRules>,
    pub jail: usize,
    pub status: Option<StatusRules>,
}

/// Status points (scientopoly): the highest status each development level delivers, by level
/// (0 = unimproved ... houses_before_top, then the top building), and the levels' names.
#[derive(Debug, Clone, PartialEq)]
pub struct StatusRules {
    pub level_caps: Vec<u8>,
    pub level_names: Vec<String>,
}

/// One square's kind and its fields, as the file gives them (a lot's rents, group, price and
/// building cost; a station's; a utility's multipliers; a card square's deck; a tax): the
/// first problem found, with the square's line.
fn square_kind(
    sd: &SquareDef,
    here: Option<std::ops::Range<usize>>,
    def: &FileDef,
    groups: &[Group],
    decks: &[DeckRules],
    err: &dyn Fn(Option<std::ops::Range<usize>>, String) -> RulesetError,
) -> Result<Kind, RulesetError> {
    let need = |field: &str, v: Option<i64>| -> Result<i64, RulesetError> {
        match v {
            Some(x) if x >= 0 => Ok(x),
            Some(x) => Err(err(
                here.clone(),
                format!("square '{}': {field} = {x} must not be negative", sd.id),
            )),
            None => Err(err(
                here.clone(),
                format!("square '{}' ({}) needs {field}", sd.id, sd.kind),
            )),
        }
    };
    let group_of = |g: &Option<String>| -> Result<usize, RulesetError> {
        let g = g.as_ref().ok_or_else(|| {
            err(
                here.clone(),
                format!("square '{}' ({}) needs group", sd.id, sd.kind),
            )
        })?;
        groups.iter().position(|x| &x.id == g).ok_or_else(|| {
            err(
                here.clone(),
                format!(
                    "square '{}': group '{g}' is not defined in [[groups]]",
                    sd.id
                ),
            )
        })
    };
    let kind = (|| -> Result<Kind, RulesetError> {
        Ok(match sd.kind.as_str() {
            "start" => Kind::Start,
            "lot" => {
                let rents = sd.rents.clone().ok_or_else(|| {
                    err(
                        here.clone(),
                        format!("square '{}' (lot) needs rents", sd.id),
                    )
                })?;
                let want = def.supply.houses_before_top as usize + 2;
                if rents.len() != want {
                    return Err(err(
                        here.clone(),
                        format!(
                            "square '{}': rents has {} values; a lot needs {want} \
                         (unimproved, 1-{} {}, {})",
                            sd.id,
                            rents.len(),
                            def.supply.houses_before_top,
                            def.theme.houses,
                            def.theme.hotel
                        ),
                    ));
                }
                Kind::Lot {
                    group: group_of(&sd.group)?,
                    price: need("price", sd.price)?,
                    rents,
                    build_cost: need("build_cost", sd.build_cost)?,
                }
            }
            "station" => {
                let rents = sd.rents.clone().ok_or_else(|| {
                    err(
                        here.clone(),
                        format!("square '{}' (station) needs rents", sd.id),
                    )
                })?;
                Kind::Station {
                    group: group_of(&sd.group)?,
                    price: need("price", sd.price)?,
                    rents,
                }
            }
            "utility" => {
                let multipliers = sd.multipliers.clone().ok_or_else(|| {
                    err(
                        here.clone(),
                        format!("square '{}' (utility) needs multipliers", sd.id),
                    )
                })?;
                Kind::Utility {
                    group: group_of(&sd.group)?,
                    price: need("price", sd.price)?,
                    multipliers,
                }
            }
            "card" => {
                let d = sd.deck.as_ref().ok_or_else(|| {
                    err(
                        here.clone(),
                        format!("square '{}' (card) needs deck", sd.id),
                    )
                })?;
                let deck = decks.iter().position(|x| &x.id == d).ok_or_else(|| {
                    err(
                        here.clone(),
                        format!("square '{}': deck '{d}' is not defined in [[decks]]", sd.id),
                    )
                })?;
                Kind::Card { deck }
            }
            "tax" => Kind::Tax {
                amount: need("amount", sd.amount)?,
                percent: sd.percent,
            },
            "jail" => Kind::Jail,
            "go_to_jail" => Kind::GoToJail,
            "free" => Kind::Free,
            other => {
                return Err(err(
                    here.clone(),
                    format!(
                        "square '{}': kind '{other}' is not one of start, lot, station, \
                     utility, card, tax, jail, go_to_jail, free",
                        sd.id
                    ),
                ))
            }
        })
    })()?;

    for (field, x) in kind_amounts(&kind) {
        amount(field, x).map_err(|m| err(here.clone(), format!("square '{}': {m}", sd.id)))?;
    }
    Ok(kind)
}

/// The groups and decks of a ruleset file, each defined once, every deck with a card and
/// each card listed once in it.
fn read_groups_and_decks(
    def: &FileDef,
    err: &dyn Fn(Option<std::ops::Range<usize>>, String) -> RulesetError,
    problems: &mut Vec<RulesetError>,
) -> (Vec<Group>, Vec<DeckRules>) {
    let mut groups: Vec<Group> = Vec::new();
    for g in &def.groups {
        if groups.iter().any(|x| x.id == g.get_ref().id) {
            problems.push(err(
                Some(g.span()),
                format!("group '{}' is defined twice", g.get_ref().id),
            ));
            continue;
        }
        groups.push(Group {
            id: g.get_ref().id.clone(),
            name: g.get_ref().name.clone(),
            members: Vec::new(),
        });
    }

    let mut decks: Vec<DeckRules> = Vec::new();
    for d in &def.decks {
        let dd = d.get_ref();
        if decks.iter().any(|x| x.id == dd.id) {
            problems.push(err(
                Some(d.span()),
                format!("deck '{}' is defined twice", dd.id),
            ));
            continue;
        }
        let mut cards: Vec<Card> = Vec::new();
        for c in &dd.cards {
            let cd = c.get_ref();
            if cards.iter().any(|x| x.id == cd.id) {
                problems.push(err(
                    Some(c.span()),
                    format!("deck '{}': card '{}' is listed twice", dd.id, cd.id),
                ));
                continue;
            }
            cards.push(Card {
                id: cd.id.clone(),
                text: cd.text.clone(),
                effect: cd.effect.clone(),
                spare: cd.spare,
            });
        }
        if !cards.iter().any(|c| !c.spare) {
            problems.push(err(
                Some(d.span()),
                format!("deck '{}' has no cards", dd.id),
            ));
        }
        decks.push(DeckRules {
            id: dd.id.clone(),
            name: dd.name.clone(),
            cards,
        });
    }
    (groups, decks)
}

/// Every card's effect on this board: a square to advance to that exists, a group that is
/// defined, amounts within what a printed game has.
fn check_card_effects(
    def: &FileDef,
    decks: &[DeckRules],
    groups: &[Group],
    err: &dyn Fn(Option<std::ops::Range<usize>>, String) -> RulesetError,
    problems: &mut Vec<RulesetError>,
) {
    let n = def.squares.len();
    for (d, dd) in def.decks.iter().zip(decks) {
        for (c, card) in d.get_ref().cards.iter().zip(&dd.cards) {
            let bad = match &card.effect {
                Effect::Advance { to } if *to >= n => Some(format!("to = {to} is off the board")),
                Effect::AdvanceNearest { group, .. } if !groups.iter().any(|g| &g.id == group) => {
                    Some(format!("group '{group}' is not defined"))
                }
                _ => effect_amounts(&card.effect)
                    .into_iter()
                    .find_map(|(field, x)| amount(field, x).err()),
            };
            if let Some(b) = bad {
                problems.push(err(
                    Some(c.span()),
                    format!("deck '{}' card '{}': {b}", dd.id, card.id),
                ));
            }
        }
    }
}

/// The money and the supply of buildings within what a printed game has, each problem at its
/// key's line.
fn check_money_and_supply(file: &str, text: &str, def: &FileDef, problems: &mut Vec<RulesetError>) {
    let m = &def.money;
    for (field, x) in [
        ("start_cash", m.start_cash),
        ("salary", m.salary),
        ("jail_fine", m.jail_fine),
        ("mortgage_interest_percent", m.mortgage_interest_percent),
    ] {
        if let Err(msg) = amount(field, x) {
            problems.push(RulesetError {
                file: file.to_string(),
                line: key_line(text, "money", field),
                message: format!("[money] {msg}"),
                also: vec![],
            });
        }
    }
    // Levels run 0..=4 houses, then the top building (state::HOTEL = 5).
    if !(1..=4).contains(&def.supply.houses_before_top) {
        problems.push(RulesetError {
            file: file.to_string(),
            line: key_line(text, "supply", "houses_before_top"),
            message: format!(
                "[supply] houses_before_top = {} runs from 1 to 4",
                def.supply.houses_before_top
            ),
            also: vec![],
        });
    }
    for (field, x) in [("houses", def.supply.houses), ("hotels", def.supply.hotels)] {
        if x > 10_000 {
            problems.push(RulesetError {
                file: file.to_string(),
                line: key_line(text, "supply", field),
                message: format!(
                    "[supply] {field} = {x} is more than a printed game has (at most 10000)"
                ),
                also: vec![],
            });
        }
    }
}

/// The board as a whole, once every square was read (all of them, or nothing is said): the
/// start on square 0, a jail (its square returned), each group's members as the rules need
/// them.
fn check_board(
    def: &FileDef,
    squares: &[Square],
    groups: &mut [Group],
    err: &dyn Fn(Option<std::ops::Range<usize>>, String) -> RulesetError,
    problems: &mut Vec<RulesetError>,
) -> usize {
    let n = def.squares.len();
    let mut jail = 0;
    if squares.len() == n && n > 0 {
        if !matches!(squares[0].kind, Kind::Start) {
            problems.push(err(
                None,
                "square 0 must be the start square (kind = \"start\")".into(),
            ));
        }
        match squares.iter().position(|s| matches!(s.kind, Kind::Jail)) {
            Some(j) => jail = j,
            None => problems.push(err(
                None,
                "the board needs a square of kind = \"jail\"".into(),
            )),
        }
        for (i, sq) in squares.iter().enumerate() {
            if let Some(g) = sq.group() {
                groups[g].members.push(i);
            }
        }
        let line_of_group = |g: &Group| {
            def.groups
                .iter()
                .find(|d| d.get_ref().id == g.id)
                .map(|d| d.span())
        };
        for g in groups.iter() {
            if let Some(problem) = group_problem(g, squares) {
                problems.push(err(line_of_group(g), problem));
            }
        }
    }
    jail
}

/// The board's squares, each at its index (a square with a problem is left out, the problem
/// said), their number within what the game allows.
fn read_squares(
    def: &FileDef,
    groups: &[Group],
    decks: &[DeckRules],
    err: &dyn Fn(Option<std::ops::Range<usize>>, String) -> RulesetError,
    problems: &mut Vec<RulesetError>,
) -> Vec<Option<Square>> {
    let n = def.squares.len();
    if n > MAX_SQUARES {
        // At the first square past the limit.
        problems.push(err(
            def.squares.get(MAX_SQUARES).map(|s| s.span()),
            format!("the board has {n} squares; at most {MAX_SQUARES} are allowed"),
        ));
    }
    if n < 4 {
        // At the last square there is (or the file's `game` line).
        problems.push(err(
            Some(def.squares.last().map_or(def.game.span(), |s| s.span())),
            format!("the board has {n} squares; at least 4 are needed"),
        ));
    }
    let mut squares: Vec<Option<Square>> = vec![None; n];
    let mut ids: Vec<&str> = Vec::new();
    for s in &def.squares {
        let sd = s.get_ref();
        let here = Some(s.span());
        if sd.index >= n {
            problems.push(err(
                here,
                format!(
                    "square '{}': index {} is outside 0..{}",
                    sd.id,
                    sd.index,
                    n - 1
                ),
            ));
            continue;
        }
        if squares[sd.index].is_some() {
            problems.push(err(
                here,
                format!("square index {} is used twice", sd.index),
            ));
            continue;
        }
        if ids.contains(&sd.id.as_str()) {
            problems.push(err(here, format!("square id '{}' is used twice", sd.id)));
            continue;
        }
        if sd.id.parse::<usize>().is_ok() || sd.id.contains(char::is_whitespace) {
            problems.push(err(
                here,
                format!("square id '{}' must be a word, not a number", sd.id),
            ));
            continue;
        }
        ids.push(&sd.id);
        // The square's kind and fields; a problem is reported and the next square read.
        let kind = square_kind(sd, here, def, groups, decks, err);
        let kind = match kind {
            Ok(k) => k,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        squares[sd.index] = Some(Square {
            id: sd.id.clone(),
            name: sd.name.clone(),
            kind,
            delivers: sd.delivers,
        });
    }
    // What does not depend on the squares: card effects, money, supply, status.
    squares
}

impl Ruleset {
    /// Parse and check a ruleset; `file` is only used to name the file in errors. Every
    /// problem is reported, in the order of the file's sections, not only the first (a file
    /// that is not TOML at all has one).
    pub fn parse(file: &str, text: &str) -> Result<Ruleset, RulesetError> {
        let err = |span: Option<std::ops::Range<usize>>, message: String| RulesetError {
            file: file.to_string(),
            line: span.map(|s| line_of(text, s.start)),
            message,
            also: vec![],
        };
        // Every key the file has that is no field: each a problem, and the rest checked too.
        let as_error = |p: &ruleset_file::Problem| RulesetError {
            file: file.to_string(),
            line: p.line,
            message: p.message.clone(),
            also: vec![],
        };
        let (def, unknown) = ruleset_file::parse_all::<FileDef>(text).map_err(|p| {
            let mut all: Vec<RulesetError> = p.iter().map(as_error).collect();
            let mut first = all.remove(0);
            first.also = all;
            first
        })?;
        let mut problems: Vec<RulesetError> = unknown.iter().map(as_error).collect();
        if def.game.get_ref() != "property" {
            return Err(err(
                Some(def.game.span()),
                format!(
                    "game = \"{}\": this loader reads property games only",
                    def.game.get_ref()
                ),
            ));
        }
        let mut options = Options::default();
        if let Some(table) = &def.options {
            for (key, value) in table.get_ref() {
                let v = match value {
                    toml::Value::String(s) => s.clone(),
                    toml::Value::Boolean(b) => b.to_string(),
                    toml::Value::Integer(i) => i.to_string(),
                    _ => format!("{value:?}"),
                };
                if let Err(m) = options.set(key, &v) {
                    problems.push(err(Some(table.span()), format!("[options] {m}")));
                }
            }
        }

        let (mut groups, decks) = read_groups_and_decks(&def, &err, &mut problems);

        let squares = read_squares(&def, &groups, &decks, &err, &mut problems);
        check_card_effects(&def, &decks, &groups, &err, &mut problems);
        check_money_and_supply(file, text, &def, &mut problems);
        let status = match &def.status {
            None => None,
            Some(st) => {
                let levels = def.supply.houses_before_top as usize + 2;
                let d = st.get_ref();
                if d.level_caps.len() != levels || d.level_names.len() != levels {
                    problems.push(err(
                        Some(st.span()),
                        format!(
                            "[status] level_caps and level_names need {levels} values each \
                             (unimproved, each level, the top level)"
                        ),
                    ));
                }
                Some(StatusRules {
                    level_caps: d.level_caps.clone(),
                    level_names: d.level_names.clone(),
                })
            }
        };
        if options.target_status > 0 && status.is_none() {
            problems.push(err(
                None,
                "target_status needs a [status] table saying what each level delivers".into(),
            ));
        }

        // The board as a whole, once every square was read.
        let squares: Vec<Square> = squares.into_iter().flatten().collect();
        let jail = check_board(&def, &squares, &mut groups, &err, &mut problems);
        if !problems.is_empty() {
            let mut first = problems.remove(0);
            first.also = problems;
            return Err(first);
        }
        Ok(Ruleset {
            id: def.id,
            name: def.name,
            hash: content_hash(text.as_bytes()),
            continues: def.continues,
            start_cash: def.money.start_cash,
            salary: def.money.salary,
            jail_fine: def.money.jail_fine,
            interest_percent: def.money.mortgage_interest_percent,
            houses: def.supply.houses,
            hotels: def.supply.hotels,
            houses_before_top: def.supply.houses_before_top,
            theme: def.theme,
            options,
            squares,
            groups,
            decks,
            jail,
            status,
        })
    }

    pub fn square_index(&self, name: &str) -> Option<usize> {
        if let Ok(i) = name.parse::<usize>() {
            return (i < self.squares.len()).then_some(i);
        }
        let lower = name.to_ascii_lowercase();
        self.squares.iter().position(|s| s.id == lower)
    }

    pub fn deck_index(&self, name: &str) -> Option<usize> {
        let lower = name.to_ascii_lowercase();
        self.decks
            .iter()
            .position(|d| d.id == lower || d.name.to_ascii_lowercase() == lower)
    }

    /// Squares a player can own, in board order.
    pub fn deeds(&self) -> Vec<usize> {
        // Room for every square at once: collected from a filter, the list grew four times
        // at every game's start.
        let mut deeds = Vec::with_capacity(self.squares.len());
        deeds.extend((0..self.squares.len()).filter(|&i| self.squares[i].price().is_some()));
        deeds
    }

    /// Amount of a percentage, rounded half up to whole money (used for the 10% mortgage
    /// interest and for the percentage tax).
    pub(crate) fn percent_of(value: i64, percent: i64) -> i64 {
        (value * percent + 50).div_euclid(100)
    }

    pub fn mortgage_value(&self, square: usize) -> i64 {
        self.squares[square].price().unwrap_or(0) / 2
    }

    pub fn interest(&self, square: usize) -> i64 {
        Ruleset::percent_of(self.mortgage_value(square), self.interest_percent)
    }
}

/// The largest board a ruleset may describe (a printed board has 40; some have more).
pub const MAX_SQUARES: usize = 400;

/// Amounts in a ruleset are never negative (no rule has a negative price, rent, fee or card
/// amount) and never absurd, so that no sum of them can overflow.
/// What is wrong with a group, if anything: no squares, kinds mixed, or a station's rents
/// or a utility's multipliers not one per member.
fn group_problem(g: &Group, squares: &[Square]) -> Option<String> {
    let Some(&first) = g.members.first() else {
        return Some(format!("group '{}' has no squares", g.id));
    };
    let count = g.members.len();
    for &m in &g.members {
        if std::mem::discriminant(&squares[m].kind) != std::mem::discriminant(&squares[first].kind)
        {
            return Some(format!(
                "group '{}' mixes lots, stations and utilities",
                g.id
            ));
        }
        match &squares[m].kind {
            Kind::Station { rents, .. } if rents.len() != count => {
                return Some(format!(
                    "station '{}' has {} rents; its group has {count} stations",
                    squares[m].id,
                    rents.len()
                ))
            }
            Kind::Utility { multipliers, .. } if multipliers.len() != count => {
                return Some(format!(
                    "utility '{}' has {} multipliers; its group has {count} utilities",
                    squares[m].id,
                    multipliers.len()
                ))
            }
            _ => {}
        }
    }
    None
}

/// A number a printed game could have: money from 0 to `MAX_RULE_AMOUNT`, a percentage (a
/// tax's, the mortgage interest) and a utility's multiplier from 0 to 100.
fn amount(field: &str, x: i64) -> Result<(), String> {
    let most = if field.ends_with("percent") || field == "multipliers" {
        100
    } else {
        MAX_RULE_AMOUNT
    };
    if x < 0 {
        Err(format!("{field} = {x} must not be negative"))
    } else if x > most {
        Err(format!("{field} = {x} is absurd (at most {most})"))
    } else {
        Ok(())
    }
}

fn kind_amounts(k: &Kind) -> Vec<(&'static str, i64)> {
    let many =
        |field: &'static str, v: &[i64]| v.iter().map(move |&x| (field, x)).collect::<Vec<_>>();
    match k {
        Kind::Lot {
            price,
            rents,
            build_cost,
            ..
        } => [
            vec![("price", *price), ("build_cost", *build_cost)],
            many("rents", rents),
        ]
        .concat(),
        Kind::Station { price, rents, .. } => {
            [vec![("price", *price)], many("rents", rents)].concat()
        }
        Kind::Utility {
            price, multipliers, ..
        } => [vec![("price", *price)], many("multipliers", multipliers)].concat(),
        Kind::Tax { amount, percent } => {
            let mut v = vec![("amount", *amount)];
            v.extend(percent.map(|p| ("percent", p)));
            v
        }
        _ => vec![],
    }
}

fn effect_amounts(e: &Effect) -> Vec<(&'static str, i64)> {
    match *e {
        Effect::Collect { amount }
        | Effect::Pay { amount }
        | Effect::PayEachPlayer { amount }
        | Effect::CollectFromEachPlayer { amount } => vec![("amount", amount)],
        Effect::Repairs {
            per_house,
            per_hotel,
        } => vec![("per_house", per_house), ("per_hotel", per_hotel)],
        _ => vec![],
    }
}

/// The line of `key = ...` inside the `[table]` section of a TOML text, if it is there.
/// The line of `key` in `[table]`; the table's own line when the key is not written there
/// (a misspelt key read under its field's name, or a default).
fn key_line(text: &str, table: &str, key: &str) -> Option<usize> {
    let header = format!("[{table}]");
    let (mut inside, mut table_line) = (false, None);
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') {
            inside = t == header;
            if inside {
                table_line = Some(i + 1);
            }
        } else if inside && t.split('=').next().map(str::trim) == Some(key) {
            return Some(i + 1);
        }
    }
    table_line
}
