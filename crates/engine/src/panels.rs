//! What a game's report shows, as data: lines over the turns, who-paid-whom tables and count
//! strips. Each family builds these from its replayed steps (`Story::report`); drawing them
//! (plotters, fonts, files) is the report module's job, outside the engine.

/// The start of a game (its events and the state after them), then each command's: `E` a
/// family's event, `S` its state (`game::StepOf<F>`).
pub struct Step<E, S> {
    pub events: Vec<E>,
    pub after: S,
}

/// One line of a chart: a player's or a team's value over the turns.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Panel {
    /// Values over the turns.
    Lines {
        title: String,
        x_label: String,
        y_label: String,
        series: Vec<Series>,
    },
    /// Amounts by payer (rows) and payee (columns).
    Table {
        title: String,
        rows: Vec<String>,
        cols: Vec<String>,
        cells: Vec<Vec<i64>>,
    },
    /// A count per board square, as a strip of cells shaded by the count.
    Strip {
        title: String,
        labels: Vec<String>,
        counts: Vec<u64>,
    },
    /// Lines of text under a chart (the game's turning points).
    Notes { title: String, lines: Vec<String> },
}

/// One game's feat for the table's records: what it is ("most rent paid in one game"), who
/// did it (a seat), how much (what records are ranked by) and the words ("Ann paid 1240 in
/// rent").
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Feat {
    pub what: String,
    pub seat: Option<usize>,
    pub amount: i64,
    pub words: String,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Report {
    pub title: String,
    pub panels: Vec<Panel>,
}

/// A series per name, filled by `push` as the replay goes.
pub fn series(names: &[String]) -> Vec<Series> {
    names
        .iter()
        .map(|n| Series {
            name: n.clone(),
            points: Vec::new(),
        })
        .collect()
}
