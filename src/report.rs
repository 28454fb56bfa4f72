//! `boardside report`: the story of a game in pictures. Each family says what to draw from its
//! journal (lines over the turns, who-paid-whom tables, a heat strip of the board); this module
//! replays the journal and draws those panels with plotters, as SVG or PNG.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

pub use crate::engine::panels::{series, Panel, Report, Series, Step};

const WIDTH: u32 = 1000;
const PANEL: u32 = 380;
const TITLE: u32 = 40;

/// The panels laid out in rows: tables two to a row (they are narrow), the rest alone.
fn rows(panels: &[Panel]) -> Vec<Vec<&Panel>> {
    let mut out: Vec<Vec<&Panel>> = Vec::new();
    for p in panels {
        match (p, out.last_mut()) {
            (Panel::Table { .. }, Some(row))
                if row.len() == 1 && matches!(row[0], Panel::Table { .. }) =>
            {
                row.push(p)
            }
            _ => out.push(vec![p]),
        }
    }
    out
}

/// Write the report to `out`: SVG or PNG by the file's extension.
pub fn write(report: &Report, out: &Path) -> Result<(), String> {
    let shown = out.display();
    let ext = out
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    // Both backends lay text out with the font's measures.
    register_font()?;
    match ext.as_str() {
        "svg" => {
            let text = svg(report).map_err(|e| format!("{shown}: {e}"))?;
            std::fs::write(out, text).map_err(|e| format!("{shown}: {e}"))
        }
        #[cfg(not(feature = "png"))]
        "png" => Err(format!(
            "{shown}: this build draws SVG only (the Pi's, to stay small): name the picture .svg"
        )),
        #[cfg(feature = "png")]
        "png" => {
            let height = TITLE + PANEL * rows(&report.panels).len().max(1) as u32;
            // Drawn into memory, then encoded with the png crate (not plotters' image-based
            // encoder, whose decoders the Pi's binary would carry for nothing).
            let mut rgb = vec![0u8; (WIDTH * height * 3) as usize];
            {
                let root =
                    BitMapBackend::with_buffer(&mut rgb, (WIDTH, height)).into_drawing_area();
                draw(&root, report).map_err(|e| format!("{shown}: {e}"))?;
                root.present().map_err(|e| format!("{shown}: {e}"))?;
            }
            let file = std::fs::File::create(out).map_err(|e| format!("{shown}: {e}"))?;
            let mut png = png::Encoder::new(std::io::BufWriter::new(file), WIDTH, height);
            png.set_color(png::ColorType::Rgb);
            png.set_depth(png::BitDepth::Eight);
            png.write_header()
                .and_then(|mut w| w.write_image_data(&rgb))
                .map_err(|e| format!("{shown}: {e}"))
        }
        _ => Err(format!("{shown}: name the picture .svg or .png")),
    }
}

/// The report as SVG text (the web view serves it when the game ends; `write` saves it).
pub fn svg(report: &Report) -> Result<String, String> {
    register_font()?;
    let height = TITLE + PANEL * rows(&report.panels).len().max(1) as u32;
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (WIDTH, height)).into_drawing_area();
        draw(&root, report).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(text)
}

/// Where the letters' shapes and measures come from: a TrueType font of the system (Debian:
/// fonts-dejavu-core, which the package depends on).
pub const FONTS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
];

fn register_font() -> Result<(), String> {
    static DONE: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    DONE.get_or_init(|| {
        let bytes = FONTS
            .iter()
            .find_map(|p| std::fs::read(p).ok())
            .ok_or_else(|| {
                format!(
                    "drawing needs a TrueType font and none was found ({}); install \
                     fonts-dejavu-core",
                    FONTS.join(", ")
                )
            })?;
        // Registered once for the life of the program: plotters keeps a 'static reference.
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        plotters::style::register_font("sans-serif", FontStyle::Normal, bytes)
            .map_err(|_| "the font file could not be read as TrueType".to_string())
    })
    .clone()
}

type Drawn = Result<(), Box<dyn std::error::Error>>;

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, r: &Report) -> Drawn
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let (top, rest) = root.split_vertically(TITLE);
    top.draw(&Text::new(
        r.title.clone(),
        (10, 10),
        ("sans-serif", 22).into_font(),
    ))?;
    let rows = rows(&r.panels);
    let bands = rest.split_evenly((rows.len().max(1), 1));
    for (band, row) in bands.iter().zip(&rows) {
        let cells = band.split_evenly((1, row.len()));
        for (area, panel) in cells.iter().zip(row) {
            panel_into(area, panel)?;
        }
    }
    Ok(())
}

fn panel_into<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, panel: &Panel) -> Drawn
where
    DB::ErrorType: 'static,
{
    {
        match panel {
            Panel::Lines {
                title,
                x_label,
                y_label,
                series,
            } => lines(area, title, x_label, y_label, series)?,
            Panel::Table {
                title,
                rows,
                cols,
                cells,
            } => table(area, title, rows, cols, cells)?,
            Panel::Strip {
                title,
                labels,
                counts,
            } => strip(area, title, labels, counts)?,
            Panel::Notes { title, lines } => notes(area, title, lines)?,
        }
    }
    Ok(())
}

fn lines<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Drawn
where
    DB::ErrorType: 'static,
{
    let all = || series.iter().flat_map(|s| s.points.iter());
    let x_max = all().map(|p| p.0).fold(1.0, f64::max);
    let y_max = all().map(|p| p.1).fold(1.0, f64::max);
    let y_min = all().map(|p| p.1).fold(0.0, f64::min);
    // The legend stands in a margin of its own on the right, clear of the lines' ends.
    const LEGEND: u32 = 150;
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 18))
        .margin(10)
        .margin_right(LEGEND)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..x_max, y_min..y_max * 1.05)?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .x_label_formatter(&whole)
        .y_label_formatter(&whole)
        .label_style(("sans-serif", 13))
        .draw()?;
    // Lines that run together (two teams of the same size) must both show: every other line
    // is dashed and thinner, drawn over the solid ones.
    for (i, s) in series.iter().enumerate() {
        let color = Palette99::pick(i).mix(0.9);
        let dashed = i % 2 == 1;
        let style = color.stroke_width(if dashed { 2 } else { 4 });
        if dashed {
            chart.draw_series(DashedLineSeries::new(s.points.iter().copied(), 8, 5, style))?;
        } else {
            chart.draw_series(LineSeries::new(s.points.iter().copied(), style))?;
        }
    }
    // The legend, drawn in the right-hand margin: a swatch of each line's style and its name.
    // (Pixel ranges are the picture's; `area` draws from its own corner.)
    let (plot_x, _) = chart.plotting_area().get_pixel_range();
    let (area_x, _) = area.get_pixel_range();
    let x = plot_x.end - area_x.start + 12;
    for (i, s) in series.iter().enumerate() {
        let y = 40 + i as i32 * 20;
        let color = Palette99::pick(i).mix(0.9);
        let width = if i % 2 == 1 { 2 } else { 4 };
        area.draw(&PathElement::new(
            vec![(x, y), (x + 24, y)],
            color.stroke_width(width),
        ))?;
        area.draw(&Text::new(
            s.name.clone(),
            (x + 30, y - 7),
            ("sans-serif", 13).into_font().color(&BLACK),
        ))?;
    }
    Ok(())
}

/// Axis numbers: counts and money are whole, so ticks between whole numbers stay blank.
fn whole(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{v:.0}")
    } else {
        String::new()
    }
}

fn table<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    rows: &[String],
    cols: &[String],
    cells: &[Vec<i64>],
) -> Drawn
where
    DB::ErrorType: 'static,
{
    let area = area.titled(title, ("sans-serif", 18))?;
    let (w, h) = area.dim_in_pixel();
    let left = 70i32;
    let top = 30i32;
    let cw = ((w as i32 - left - 10) / cols.len().max(1) as i32).max(10);
    let ch = ((h as i32 - top - 10) / rows.len().max(1) as i32).clamp(10, 40);
    let most = cells.iter().flatten().copied().max().unwrap_or(0).max(1);
    let font = ("sans-serif", 13).into_font();
    area.draw(&Text::new("paid by / to".to_string(), (4, 8), font.clone()))?;
    for (c, name) in cols.iter().enumerate() {
        area.draw(&Text::new(
            name.clone(),
            (left + c as i32 * cw + 4, top - 18),
            font.clone(),
        ))?;
    }
    for (r, name) in rows.iter().enumerate() {
        let y = top + r as i32 * ch;
        area.draw(&Text::new(name.clone(), (4, y + ch / 3), font.clone()))?;
        for c in 0..cols.len() {
            let v = cells
                .get(r)
                .and_then(|row| row.get(c))
                .copied()
                .unwrap_or(0);
            let x = left + c as i32 * cw;
            let shade = 1.0 - 0.75 * (v as f64 / most as f64);
            let fill = RGBColor((255.0 * shade) as u8, (255.0 * shade) as u8, 255);
            area.draw(&Rectangle::new([(x, y), (x + cw, y + ch)], fill.filled()))?;
            area.draw(&Rectangle::new([(x, y), (x + cw, y + ch)], BLACK.mix(0.3)))?;
            if v != 0 {
                area.draw(&Text::new(v.to_string(), (x + 4, y + ch / 3), font.clone()))?;
            }
        }
    }
    Ok(())
}

fn strip<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    labels: &[String],
    counts: &[u64],
) -> Drawn
where
    DB::ErrorType: 'static,
{
    let area = area.titled(title, ("sans-serif", 18))?;
    let (w, _) = area.dim_in_pixel();
    let n = counts.len().max(1) as i32;
    let cw = ((w as i32 - 20) / n).max(4);
    let most = counts.iter().copied().max().unwrap_or(0).max(1);
    let font = ("sans-serif", 11).into_font();
    for (i, &c) in counts.iter().enumerate() {
        let x = 10 + i as i32 * cw;
        let heat = c as f64 / most as f64;
        let fill = RGBColor(
            255,
            (255.0 * (1.0 - heat)) as u8,
            (255.0 * (1.0 - heat)) as u8,
        );
        area.draw(&Rectangle::new([(x, 10), (x + cw, 70)], fill.filled()))?;
        area.draw(&Rectangle::new([(x, 10), (x + cw, 70)], BLACK.mix(0.3)))?;
        area.draw(&Text::new(i.to_string(), (x + 2, 74), font.clone()))?;
        area.draw(&Text::new(c.to_string(), (x + 2, 40), font.clone()))?;
    }
    // The busiest squares by name: the strip's cells are too narrow for them.
    let mut order: Vec<usize> = (0..counts.len()).collect();
    order.sort_by(|&a, &b| counts[b].cmp(&counts[a]).then(a.cmp(&b)));
    for (k, &i) in order.iter().take(8).enumerate() {
        let name = labels.get(i).cloned().unwrap_or_default();
        area.draw(&Text::new(
            format!("{i} {name}: {}", counts[i]),
            (
                10 + (k as i32 % 4) * (w as i32 / 4),
                100 + (k as i32 / 4) * 20,
            ),
            ("sans-serif", 13).into_font(),
        ))?;
    }
    Ok(())
}

/// Lines of text: a title, then one line each.
fn notes<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, title: &str, lines: &[String]) -> Drawn
where
    DB::ErrorType: 'static,
{
    area.draw(&Text::new(
        title.to_string(),
        (20, 10),
        ("sans-serif", 18).into_font(),
    ))?;
    for (i, l) in lines.iter().enumerate() {
        area.draw(&Text::new(
            l.clone(),
            (20, 44 + 24 * i as i32),
            ("sans-serif", 15).into_font(),
        ))?;
    }
    Ok(())
}
