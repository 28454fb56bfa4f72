//! The grid game's ruleset file (rulesets/grid.toml) and its named options: board size, the
//! default walls, strip length, sticker thresholds, stun rounds, move limits, wonder rounds.
//! Every value is checked, and problems are reported as `file:line: what is wrong`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use toml::Spanned;

use boardside_engine::ruleset_file;

use super::state::Edge;

#[derive(Debug, Clone, PartialEq)]
pub struct GridRules {
    pub id: String,
    pub name: String,
    pub hash: String,
    /// Earlier versions' hashes whose games this file plays the same (the file's `continues`).
    pub continues: Vec<String>,
    pub columns: u8,
    pub rows: u8,
    /// The default layout, as wall units.
    pub walls: BTreeSet<(u8, u8, Edge)>,
    /// How many layout walls (of 1 or 2 units) the file lists.
    pub wall_pieces: usize,
    /// Sticker colours: actions needed for yellow, then for red (10 and 10 + 15).
    pub thresholds: [u32; 2],
    /// Rounds of stun by the attacker's hands, green/yellow/red.
    pub stun_rounds: [u32; 3],
    /// Move cards allowed by the feet, green/yellow/red.
    pub max_steps: [u32; 3],
    /// Strip units an effective prayer adds by the head, green/yellow/red.
    pub prayer_units: [u32; 3],
    pub wonder_rounds: u32,
    pub options: GridOptions,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GridOptions {
    /// `walls=none`: start from an empty board; the table adds its own walls.
    pub no_walls: bool,
    /// `strip_length=N`: the power strips' length.
    pub strip_length: u32,
    /// `stunned_holder_converts=false`: a stunned wonder holder converts nobody. The rulebook
    /// lists moving, attacking and praying as what a stun stops; the wonder is not an action,
    /// so by default it keeps working.
    pub stunned_holder_converts: bool,
    /// Stuns as releases before this field decided them: a second, shorter stun on a
    /// stunned player restarted the running one's count (a round added), and with
    /// `stunned_holder_converts=false` a holder stunned this round did not convert in it. A
    /// journal saved by one of those has no such key and resumes with them, so its recorded
    /// results and the state it reaches are what they were; a new game never sets it, and it
    /// is no option a table chooses.
    #[serde(default = "earlier_release")]
    pub earlier_stuns: bool,
    /// The computer's pieces' orders as releases before this field decided them: a piece
    /// attacked any awake enemy beside it, and waited for any teammate of a lower seat within
    /// reach. Their orders are worked out again when a journal is replayed, so one saved by
    /// those releases has no such key and resumes with them; a new game never sets it.
    #[serde(default = "earlier_release")]
    pub earlier_computer: bool,
    /// Wonders as releases before this field drew them: a strip that filled in the round its
    /// team converted the other team's last player still had its holder rolled for, a draw
    /// recorded in the journal; one saved by those releases has no such key and resumes with
    /// that draw, and a new game never sets it.
    #[serde(default = "earlier_release")]
    pub earlier_wonders: bool,
    /// A computer's piece as releases before this field decided whether a person teammate
    /// was coming to it: any move last round counted, even one walking away. Replayed
    /// journals work the computer's orders out again, so one saved by those releases has no
    /// such key and resumes with them; a new game never sets it.
    #[serde(default = "earlier_release")]
    pub earlier_mates: bool,
}

/// A journal's options without one of the `earlier_` keys were saved before it existed.
fn earlier_release() -> bool {
    true
}

impl Default for GridOptions {
    fn default() -> Self {
        GridOptions {
            no_walls: false,
            strip_length: 24,
            stunned_holder_converts: true,
            earlier_stuns: false,
            earlier_computer: false,
            earlier_wonders: false,
            earlier_mates: false,
        }
    }
}

pub const OPTION_KEYS: &str = "walls (default|none), strip_length (1-200), stunned_holder_converts";

impl GridOptions {
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "walls" => {
                self.no_walls = match value {
                    "none" => true,
                    "default" => false,
                    _ => return Err(format!("walls = {value}: expected default or none")),
                }
            }
            "strip_length" => {
                self.strip_length = value
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=200).contains(n))
                    .ok_or_else(|| {
                        format!("strip_length = {value}: a whole number from 1 to 200")
                    })?
            }
            "stunned_holder_converts" => {
                self.stunned_holder_converts = boardside_engine::ruleset_file::flag(key, value)?
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDef {
    game: Spanned<String>,
    id: String,
    name: String,
    /// Earlier versions of this file (their content hashes) whose saved games this one plays
    /// the same: a change of words alone keeps them resuming.
    #[serde(default)]
    continues: Vec<String>,
    board: Spanned<BoardDef>,
    #[serde(default)]
    walls: Vec<Spanned<WallDef>>,
    power: Spanned<PowerDef>,
    stickers: Spanned<StickerDef>,
    attack: Spanned<AttackDef>,
    movement: Spanned<MovementDef>,
    wonder: Spanned<WonderDef>,
    #[serde(default)]
    options: Option<Spanned<toml::Table>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardDef {
    columns: i64,
    rows: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WallDef {
    col: i64,
    row: i64,
    edge: String,
    #[serde(default = "one")]
    length: i64,
}

fn one() -> i64 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PowerDef {
    strip_length: i64,
    prayer_units: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StickerDef {
    thresholds: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackDef {
    stun_rounds: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MovementDef {
    max_steps: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WonderDef {
    rounds: i64,
}

impl GridRules {
    /// Parse and check; every problem found is reported, one per line, each with its line.
    pub fn parse(file: &str, text: &str) -> Result<GridRules, String> {
        let at = |span: std::ops::Range<usize>, m: String| ruleset_file::at(file, text, span, m);
        // Every key the file has that is no field: each a problem, and the rest checked too.
        let (def, unknown) = ruleset_file::parse_all::<FileDef>(text)
            .map_err(|p| p.iter().map(|x| x.at(file)).collect::<Vec<_>>().join("\n"))?;
        let mut problems: Vec<String> = unknown.iter().map(|x| x.at(file)).collect();
        if def.game.get_ref() != "grid" {
            problems.push(at(
                def.game.span(),
                format!(
                    "game = \"{}\": this loader reads the grid game",
                    def.game.get_ref()
                ),
            ));
        }
        let b = def.board.get_ref();
        let size_ok = |n: i64| (2..=60).contains(&n);
        if !size_ok(b.columns) || !size_ok(b.rows) {
            problems.push(at(
                def.board.span(),
                format!(
                    "the board is {}x{}; each side must be 2 to 60 fields",
                    b.columns, b.rows
                ),
            ));
        }
        let (cols, rows) = (b.columns.clamp(2, 60) as u8, b.rows.clamp(2, 60) as u8);
        let walls = read_walls(&def.walls, (cols, rows), &at, &mut problems);
        let three = |name: &str,
                     v: &[i64],
                     span: std::ops::Range<usize>,
                     lo: i64,
                     hi: i64,
                     problems: &mut Vec<String>|
         -> [u32; 3] {
            if v.len() != 3 || v.iter().any(|x| !(lo..=hi).contains(x)) {
                problems.push(at(span, format!("{name} = {v:?}: three whole numbers (green, yellow, red) from {lo} to {hi}")));
                return [1, 1, 1];
            }
            [v[0] as u32, v[1] as u32, v[2] as u32]
        };
        let p = def.power.get_ref();
        let prayer_units = three(
            "prayer_units",
            &p.prayer_units,
            def.power.span(),
            0,
            100,
            &mut problems,
        );
        if !(1..=200).contains(&p.strip_length) {
            problems.push(at(
                def.power.span(),
                format!("strip_length = {}: from 1 to 200", p.strip_length),
            ));
        }
        let stun_rounds = three(
            "stun_rounds",
            &def.attack.get_ref().stun_rounds,
            def.attack.span(),
            0,
            100,
            &mut problems,
        );
        let max_steps = three(
            "max_steps",
            &def.movement.get_ref().max_steps,
            def.movement.span(),
            1,
            3,
            &mut problems,
        );
        if max_steps.windows(2).any(|w| w[0] > w[1]) {
            problems.push(at(
                def.movement.span(),
                format!("max_steps = {max_steps:?} must not fall as the sticker rises"),
            ));
        }
        let th = &def.stickers.get_ref().thresholds;
        let thresholds = if th.len() == 2 && th[0] >= 1 && th[1] > th[0] && th[1] <= 100_000 {
            [th[0] as u32, th[1] as u32]
        } else {
            problems.push(at(def.stickers.span(), format!("thresholds = {th:?}: two rising counts, for yellow then red (such as [10, 25])")));
            [10, 25]
        };
        let wonder_rounds = def.wonder.get_ref().rounds;
        if !(1..=100).contains(&wonder_rounds) {
            problems.push(at(
                def.wonder.span(),
                format!("rounds = {wonder_rounds}: from 1 to 100"),
            ));
        }
        let mut options = GridOptions {
            strip_length: p.strip_length.clamp(1, 200) as u32,
            ..GridOptions::default()
        };
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
        Ok(GridRules {
            id: def.id,
            name: def.name,
            hash: ruleset_file::content_hash(text.as_bytes()),
            continues: def.continues,
            columns: cols,
            rows,
            wall_pieces: def.walls.len(),
            walls,
            thresholds,
            stun_rounds,
            max_steps,
            prayer_units,
            wonder_rounds: wonder_rounds as u32,
            options,
        })
    }

    pub fn on_board(&self, c: i32, r: i32) -> bool {
        c >= 1 && r >= 1 && c <= self.columns as i32 && r <= self.rows as i32
    }
}

/// The walls of a ruleset file as wall units, each problem (an edge that is neither east nor
/// south, a length other than 1 or 2, a unit off the board or listed twice) with its line.
fn read_walls(
    defs: &[Spanned<WallDef>],
    (cols, rows): (u8, u8),
    at: &dyn Fn(std::ops::Range<usize>, String) -> String,
    problems: &mut Vec<String>,
) -> BTreeSet<(u8, u8, Edge)> {
    let mut walls = BTreeSet::new();
    for w in defs {
        let wd = w.get_ref();
        let edge = match wd.edge.as_str() {
            "east" => Some(Edge::East),
            "south" => Some(Edge::South),
            other => {
                problems.push(at(
                    w.span(),
                    format!("wall edge '{other}': expected east or south"),
                ));
                None
            }
        };
        if !(1..=2).contains(&wd.length) {
            problems.push(at(
                w.span(),
                format!("wall length {}: walls are 1 or 2 units long", wd.length),
            ));
            continue;
        }
        let Some(edge) = edge else { continue };
        for k in 0..wd.length {
            // A 2-unit wall runs along its edge: an east wall downwards, a south wall rightwards.
            let (c, r) = match edge {
                Edge::East => (wd.col, wd.row + k),
                Edge::South => (wd.col + k, wd.row),
            };
            match unit(cols, rows, c, r, edge) {
                Ok(u) => {
                    if !walls.insert(u) {
                        problems.push(at(
                            w.span(),
                            format!("the wall at ({c},{r}) {} is listed twice", edge.word()),
                        ));
                    }
                }
                Err(m) => problems.push(at(w.span(), m)),
            }
        }
    }
    walls
}

/// A wall unit on the board: its field must be on the board and the edge must lie between two
/// fields (no wall on the board's own rim, which blocks anyway).
pub fn unit(cols: u8, rows: u8, c: i64, r: i64, e: Edge) -> Result<(u8, u8, Edge), String> {
    let inside = c >= 1 && r >= 1 && c <= cols as i64 && r <= rows as i64;
    let rim = match e {
        Edge::East => c == cols as i64,
        Edge::South => r == rows as i64,
    };
    if !inside || rim {
        return Err(format!(
            "a wall {} of ({c},{r}) is not between two fields of the {cols}x{rows} board",
            e.word()
        ));
    }
    Ok((c as u8, r as u8, e))
}
