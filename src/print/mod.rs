//! `boardside print`: the pages a table prints at home at true scale, as one PDF: the label
//! sheet of every set (`crate::sets`), and for the games no shop sells the board (tiled over
//! pages with overlap and crop marks), the title deeds and the card decks (fold-over, so no
//! double-sided printing). Drawn in millimetres from the page's top left; written with
//! pdf-writer in the PDF's standard Helvetica, so nothing is embedded and a page is a few KB.

pub mod grid;
pub mod labels;
pub mod property;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

/// A sheet of paper: its size in mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    pub fn read(word: &str) -> Result<Paper, String> {
        match word.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            w => Err(format!("'{w}': the paper is a4 or letter")),
        }
    }
    /// Width and height in mm, portrait.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

/// The margin every home printer leaves, in mm.
pub const MARGIN: f32 = 10.0;
/// How far tiles of a large drawing overlap, in mm: the strip glued under the next page.
pub const OVERLAP: f32 = 10.0;

/// A colour, 0..1 each.
pub type Rgb = (f32, f32, f32);
pub const BLACK: Rgb = (0.0, 0.0, 0.0);
pub const GREY: Rgb = (0.55, 0.55, 0.55);

/// Where a line of text stands against its x.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// One thing drawn, in mm from the drawing's top left.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Rgb>,
        /// The outline's width in mm (0: none).
        line: f32,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
        line: f32,
        dashed: bool,
        colour: Rgb,
    },
    Circle {
        centre: (f32, f32),
        r: f32,
        line: f32,
        dashed: bool,
    },
    /// What follows is drawn only inside this rectangle, until `Unclip`.
    Clip {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    Unclip,
    /// A line of text: `y` its baseline, `size` in points, turned `quarter` quarter-turns
    /// anticlockwise about (x, y).
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        text: String,
        align: Align,
        quarter: u8,
    },
}

/// A drawing: shapes, and its size in mm.
#[derive(Debug, Clone, Default)]
pub struct Drawing {
    pub w: f32,
    pub h: f32,
    pub shapes: Vec<Shape>,
}

impl Drawing {
    pub fn new(w: f32, h: f32) -> Drawing {
        Drawing {
            w,
            h,
            shapes: Vec::new(),
        }
    }
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Option<Rgb>, line: f32) {
        self.shapes.push(Shape::Rect {
            x,
            y,
            w,
            h,
            fill,
            line,
        });
    }
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), line: f32, dashed: bool) {
        self.shapes.push(Shape::Line {
            from,
            to,
            line,
            dashed,
            colour: BLACK,
        });
    }
    pub fn circle(&mut self, centre: (f32, f32), r: f32, line: f32, dashed: bool) {
        self.shapes.push(Shape::Circle {
            centre,
            r,
            line,
            dashed,
        });
    }
    pub fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, text: &str, align: Align) {
        self.turned(x, y, size, bold, text, align, 0);
    }
    #[allow(clippy::too_many_arguments)]
    pub fn turned(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        text: &str,
        align: Align,
        quarter: u8,
    ) {
        self.shapes.push(Shape::Text {
            x,
            y,
            size,
            bold,
            text: text.to_string(),
            align,
            quarter: quarter % 4,
        });
    }
    /// Lines of text wrapped to `width` mm, centred on `x`, the first baseline at `y`; the
    /// baseline after the last.
    pub fn paragraph(&mut self, x: f32, y: f32, width: f32, size: f32, text: &str) -> f32 {
        let mut y = y;
        for l in wrap(text, size, false, width) {
            self.text(x, y, size, false, &l, Align::Centre);
            y += leading(size);
        }
        y
    }
}

/// Points to mm.
pub fn pt(points: f32) -> f32 {
    points * 25.4 / 72.0
}

/// The distance from one baseline to the next, in mm.
pub fn leading(size: f32) -> f32 {
    pt(size) * 1.2
}

/// The width of a character in Helvetica, in thousandths of the font's size (its published
/// metrics; the bold face is about a tenth wider, counted so).
fn advance(c: char) -> u32 {
    match c {
        ' ' | '!' | ',' | '.' | '/' | ':' | ';' | '[' | ']' | 'I' | 'f' | 't' | '\\' => 278,
        '\'' => 191,
        '"' => 355,
        '(' | ')' | '-' | 'r' | '`' => 333,
        '*' => 389,
        '+' | '<' | '=' | '>' | '~' => 584,
        '%' => 889,
        '&' => 667,
        '@' => 1015,
        'i' | 'j' | 'l' | '|' => 222,
        'c' | 'k' | 's' | 'v' | 'x' | 'y' | 'z' | 'J' => 500,
        'm' => 833,
        'w' => 722,
        'M' => 833,
        'W' => 944,
        'C' | 'D' | 'H' | 'N' | 'R' | 'U' => 722,
        'G' | 'O' | 'Q' => 778,
        'F' | 'T' | 'Z' => 611,
        'L' => 556,
        'A' | 'B' | 'E' | 'K' | 'P' | 'S' | 'V' | 'X' | 'Y' => 667,
        c if c.is_ascii_digit() || c.is_ascii_lowercase() => 556,
        '#' | '$' | '?' | '_' | '^' => 556,
        _ => 778,
    }
}

/// The width of a line of text in mm.
pub fn width(text: &str, size: f32, bold: bool) -> f32 {
    let units: u32 = text.chars().map(advance).sum();
    let w = pt(size) * units as f32 / 1000.0;
    if bold {
        w * 1.1
    } else {
        w
    }
}

/// Words wrapped into lines no wider than `most` mm (a word wider than that alone is cut into
/// pieces that fit).
pub fn wrap(text: &str, size: f32, bold: bool, most: f32) -> Vec<String> {
    wrap_rows(text, size, bold, &mut |_| most).unwrap_or_default()
}

/// Words wrapped into rows whose widths `room(row)` gives (None: more rows than there is
/// room for, when `room` says 0).
pub fn wrap_rows(
    text: &str,
    size: f32,
    bold: bool,
    room: &mut dyn FnMut(usize) -> f32,
) -> Option<Vec<String>> {
    let mut rows: Vec<String> = Vec::new();
    let mut now = String::new();
    for word in text.split_whitespace() {
        let tried = if now.is_empty() {
            word.to_string()
        } else {
            format!("{now} {word}")
        };
        if width(&tried, size, bold) <= room(rows.len()) {
            now = tried;
            continue;
        }
        if !now.is_empty() {
            rows.push(std::mem::take(&mut now));
        }
        // A word too wide for a row of its own is cut where it must be.
        let mut rest = word.to_string();
        while width(&rest, size, bold) > room(rows.len()) {
            let most = room(rows.len());
            if most <= 0.0 {
                return None;
            }
            // At its own hyphen where one fits ("nearest-" / "railroad"), else where it must
            // be, with a hyphen added.
            let at_hyphen = rest
                .char_indices()
                .rev()
                .filter(|&(i, c)| c == '-' && i > 0)
                .map(|(i, _)| i + 1)
                .find(|&end| width(&rest[..end], size, bold) <= most);
            if let Some(end) = at_hyphen {
                rows.push(rest[..end].to_string());
                rest = rest[end..].to_string();
                continue;
            }
            let mut cut = String::new();
            for c in rest.chars() {
                if width(&format!("{cut}{c}-"), size, bold) > most {
                    break;
                }
                cut.push(c);
            }
            if cut.is_empty() {
                return None;
            }
            rest = rest[cut.len()..].to_string();
            rows.push(format!("{cut}-"));
        }
        now = rest;
    }
    if !now.is_empty() {
        if room(rows.len()) <= 0.0 {
            return None;
        }
        rows.push(now);
    }
    Some(rows)
}

/// The document: pages of the paper chosen, each a drawing the size of the paper.
pub struct Doc {
    pub paper: Paper,
    pub pages: Vec<Drawing>,
    /// The title every page's foot repeats ("sectionopoly: labels").
    pub title: String,
}

impl Doc {
    pub fn new(paper: Paper, title: &str) -> Doc {
        Doc {
            paper,
            pages: Vec::new(),
            title: title.to_string(),
        }
    }

    /// A new page, with its heading and a 50 mm scale bar (a table checks the printer kept
    /// true scale with a ruler); the drawing area begins below it, at `top()`.
    pub fn page(&mut self, heading: &str) -> &mut Drawing {
        let (w, h) = self.paper.size();
        let mut d = Drawing::new(w, h);
        d.text(MARGIN, MARGIN + 4.0, 10.0, true, heading, Align::Left);
        let (x0, y0) = (w - MARGIN - 50.0, MARGIN + 1.0);
        d.line((x0, y0 + 3.0), (x0 + 50.0, y0 + 3.0), 0.3, false);
        d.line((x0, y0 + 1.5), (x0, y0 + 4.5), 0.3, false);
        d.line((x0 + 50.0, y0 + 1.5), (x0 + 50.0, y0 + 4.5), 0.3, false);
        d.text(
            x0 + 25.0,
            y0 + 1.0,
            6.0,
            false,
            "50 mm at true scale",
            Align::Centre,
        );
        self.pages.push(d);
        self.pages.last_mut().expect("a page was just added")
    }

    /// Where a page's drawing area begins, below its heading.
    pub fn top() -> f32 {
        MARGIN + 8.0
    }

    /// The drawing area of a page: width and height in mm.
    pub fn area(&self) -> (f32, f32) {
        let (w, h) = self.paper.size();
        (w - 2.0 * MARGIN, h - Doc::top() - MARGIN - 4.0)
    }

    /// A drawing larger than a page, tiled over as many pages as it needs, each overlapping
    /// the next by `OVERLAP` (a grey line marks where the next page's edge goes), with crop
    /// marks at the corners and the tile's place ("row 1, column 2 of 2 x 3").
    pub fn tiled(&mut self, heading: &str, big: &Drawing) {
        let (aw, ah) = self.area();
        let step = (aw - OVERLAP, ah - OVERLAP);
        let cols = ((big.w - OVERLAP) / step.0).ceil().max(1.0) as usize;
        let rows = ((big.h - OVERLAP) / step.1).ceil().max(1.0) as usize;
        for r in 0..rows {
            for c in 0..cols {
                let (ox, oy) = (c as f32 * step.0, r as f32 * step.1);
                let (tw, th) = ((big.w - ox).min(aw), (big.h - oy).min(ah));
                let title = format!(
                    "{heading}: row {} of {rows}, column {} of {cols}",
                    r + 1,
                    c + 1
                );
                let page = self.page(&title);
                let (x0, y0) = (MARGIN, Doc::top());
                page.shapes.push(Shape::Clip {
                    x: x0,
                    y: y0,
                    w: tw,
                    h: th,
                });
                for s in &big.shapes {
                    if let Some(s) = moved(s, -ox + x0, -oy + y0, (x0, y0, tw, th)) {
                        page.shapes.push(s);
                    }
                }
                page.shapes.push(Shape::Unclip);
                // The overlap: the next tile's edge, right and below.
                if c + 1 < cols {
                    let x = x0 + step.0;
                    page.shapes.push(grey_line((x, y0), (x, y0 + th)));
                }
                if r + 1 < rows {
                    let y = y0 + step.1;
                    page.shapes.push(grey_line((x0, y), (x0 + tw, y)));
                }
                crop_marks(page, (x0, y0, tw, th));
            }
        }
    }

    /// The PDF.
    pub fn pdf(&self) -> Vec<u8> {
        let (w, h) = self.paper.size();
        let mm = |v: f32| v * 72.0 / 25.4;
        let mut pdf = Pdf::new();
        let catalog = Ref::new(1);
        let tree = Ref::new(2);
        let regular = Ref::new(3);
        let bold = Ref::new(4);
        let page_ids: Vec<Ref> = (0..self.pages.len())
            .map(|i| Ref::new(5 + 2 * i as i32))
            .collect();
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree)
            .kids(page_ids.iter().copied())
            .count(page_ids.len() as i32);
        for (font, name) in [(regular, "Helvetica"), (bold, "Helvetica-Bold")] {
            pdf.type1_font(font)
                .base_font(Name(name.as_bytes()))
                .encoding_predefined(Name(b"WinAnsiEncoding"));
        }
        for (i, d) in self.pages.iter().enumerate() {
            let content_id = Ref::new(6 + 2 * i as i32);
            let mut page = pdf.page(page_ids[i]);
            page.media_box(Rect::new(0.0, 0.0, mm(w), mm(h)))
                .parent(tree)
                .contents(content_id);
            let mut res = page.resources();
            let mut fonts = res.fonts();
            fonts.pair(Name(b"F1"), regular).pair(Name(b"F2"), bold);
            fonts.finish();
            res.finish();
            page.finish();
            let mut c = Content::new();
            let foot = format!("{}: page {} of {}", self.title, i + 1, self.pages.len());
            let mut shapes = d.shapes.clone();
            shapes.push(Shape::Text {
                x: w / 2.0,
                y: h - MARGIN + 2.0,
                size: 7.0,
                bold: false,
                text: foot,
                align: Align::Centre,
                quarter: 0,
            });
            for s in &shapes {
                draw(&mut c, s, h);
            }
            pdf.stream(content_id, &c.finish());
        }
        pdf.finish()
    }
}

fn grey_line(from: (f32, f32), to: (f32, f32)) -> Shape {
    Shape::Line {
        from,
        to,
        line: 0.2,
        dashed: true,
        colour: GREY,
    }
}

/// Short lines outside each corner of a tile, where the scissors go.
fn crop_marks(page: &mut Drawing, (x, y, w, h): (f32, f32, f32, f32)) {
    for (cx, cy, dx, dy) in [
        (x, y, -1.0, -1.0),
        (x + w, y, 1.0, -1.0),
        (x, y + h, -1.0, 1.0),
        (x + w, y + h, 1.0, 1.0),
    ] {
        page.line((cx + dx, cy), (cx + dx * 5.0, cy), 0.2, false);
        page.line((cx, cy + dy), (cx, cy + dy * 5.0), 0.2, false);
    }
}

/// A shape moved by (dx, dy), kept when any of it may fall inside the tile (x, y, w, h) (the
/// page's clip cuts what does not: the overlap shows it whole on one page or the other).
fn moved(s: &Shape, dx: f32, dy: f32, clip: (f32, f32, f32, f32)) -> Option<Shape> {
    let (cx, cy, cw, ch) = clip;
    let mut s = s.clone();
    let (x0, y0, x1, y1) = match &mut s {
        Shape::Rect { x, y, w, h, .. } => {
            *x += dx;
            *y += dy;
            (*x, *y, *x + *w, *y + *h)
        }
        Shape::Line { from, to, .. } => {
            *from = (from.0 + dx, from.1 + dy);
            *to = (to.0 + dx, to.1 + dy);
            (
                from.0.min(to.0),
                from.1.min(to.1),
                from.0.max(to.0),
                from.1.max(to.1),
            )
        }
        Shape::Circle { centre, r, .. } => {
            *centre = (centre.0 + dx, centre.1 + dy);
            (centre.0 - *r, centre.1 - *r, centre.0 + *r, centre.1 + *r)
        }
        Shape::Text {
            x,
            y,
            size,
            text,
            bold,
            ..
        } => {
            *x += dx;
            *y += dy;
            // Any turn, any alignment: a box the text's width every way round its anchor.
            let w = width(text, *size, *bold).max(pt(*size));
            (*x - w, *y - w, *x + w, *y + w)
        }
        Shape::Clip { .. } | Shape::Unclip => return Some(s),
    };
    (x1 >= cx && x0 <= cx + cw && y1 >= cy && y0 <= cy + ch).then_some(s)
}

/// A point (a along the text, b down from its baseline) turned `quarter` quarter-turns
/// anticlockwise, in the page's coordinates (y down).
fn turn(a: f32, b: f32, quarter: u8) -> (f32, f32) {
    match quarter % 4 {
        0 => (a, b),
        1 => (b, -a),
        2 => (-a, -b),
        _ => (-b, a),
    }
}

/// Latin Extended-A (U+0100 to U+017F) by its base letters, for the standard fonts, which lack
/// it: "Łukasz" prints as "Lukasz", not "?ukasz". `/` marks the two-letter ones (IJ, OE).
const EXTENDED_A: &str = "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIi//\
                          JjKkkLlLlLlLlLlNnNnNnnNnOoOoOo//RrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs";

/// A character as the standard fonts' WinAnsi encoding holds it (None: it has no form there).
fn win_ansi_char(c: char, out: &mut Vec<u8>) -> bool {
    let n = c as u32;
    match c {
        '\u{2018}' | '\u{2019}' => out.push(b'\''),
        '\u{201C}' | '\u{201D}' => out.push(b'"'),
        '\u{2013}' | '\u{2014}' => out.push(b'-'),
        c if n < 0x80 && !c.is_control() => out.push(n as u8),
        _ if (0xA0..=0xFF).contains(&n) => out.push(n as u8),
        _ if (0x100..=0x17F).contains(&n) => {
            let i = (n - 0x100) as usize;
            match (n, EXTENDED_A.as_bytes().get(i)) {
                (0x132, _) => out.extend(b"IJ"),
                (0x133, _) => out.extend(b"ij"),
                (0x152, _) => out.extend(b"OE"),
                (0x153, _) => out.extend(b"oe"),
                (_, Some(&b)) => out.push(b),
                (_, None) => return false,
            }
        }
        _ => return false,
    }
    true
}

/// Text for the standard fonts' WinAnsi encoding: Latin-1 as it is, Latin Extended-A by its
/// base letters, typographic quotes and dashes as their plain forms, anything else a
/// question mark (`printable` says beforehand where a name would get one).
fn win_ansi(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if !win_ansi_char(c, &mut out) {
            out.push(b'?');
        }
    }
    out
}

/// Can the PDF's fonts print every letter of `text`?
pub fn printable(text: &str) -> bool {
    let mut scratch = Vec::new();
    text.chars().all(|c| win_ansi_char(c, &mut scratch))
}

/// One shape into the page's content stream (PDF's origin is the bottom left, in points).
fn draw(c: &mut Content, s: &Shape, page_h: f32) {
    let p = |v: f32| v * 72.0 / 25.4;
    let y = |v: f32| p(page_h - v);
    match s {
        Shape::Clip { x, y: top, w, h } => {
            c.save_state();
            c.rect(p(*x), y(top + h), p(*w), p(*h));
            c.clip_nonzero();
            c.end_path();
        }
        Shape::Unclip => {
            c.restore_state();
        }
        Shape::Rect {
            x,
            y: top,
            w,
            h,
            fill,
            line,
        } => {
            c.save_state();
            if let Some((r, g, b)) = fill {
                c.set_fill_rgb(*r, *g, *b);
                c.rect(p(*x), y(top + h), p(*w), p(*h));
                c.fill_nonzero();
            }
            if *line > 0.0 {
                c.set_line_width(p(*line));
                c.rect(p(*x), y(top + h), p(*w), p(*h));
                c.stroke();
            }
            c.restore_state();
        }
        Shape::Line {
            from,
            to,
            line,
            dashed,
            colour,
        } => {
            c.save_state();
            c.set_line_width(p(*line));
            c.set_stroke_rgb(colour.0, colour.1, colour.2);
            if *dashed {
                c.set_dash_pattern([p(1.5), p(1.0)], 0.0);
            }
            c.move_to(p(from.0), y(from.1));
            c.line_to(p(to.0), y(to.1));
            c.stroke();
            c.restore_state();
        }
        Shape::Circle {
            centre,
            r,
            line,
            dashed,
        } => {
            // Four Bezier quarters; 0.5523 puts their middle on the circle.
            let (cx, cy, r) = (p(centre.0), y(centre.1), p(*r));
            let k = r * 0.552_284_8;
            c.save_state();
            c.set_line_width(p(*line));
            if *dashed {
                c.set_dash_pattern([p(1.5), p(1.0)], 0.0);
            }
            c.move_to(cx + r, cy);
            c.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
            c.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
            c.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
            c.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
            c.close_and_stroke();
            c.restore_state();
        }
        Shape::Text {
            x,
            y: base,
            size,
            bold,
            text,
            align,
            quarter,
        } => {
            let w = width(text, *size, *bold);
            let shift = match align {
                Align::Left => 0.0,
                Align::Centre => -w / 2.0,
                Align::Right => -w,
            };
            let (sx, sy) = turn(shift, 0.0, *quarter);
            // Anticlockwise on the page is anticlockwise in PDF's y-up space too.
            let (cos, sin) = match quarter % 4 {
                0 => (1.0, 0.0),
                1 => (0.0, 1.0),
                2 => (-1.0, 0.0),
                _ => (0.0, -1.0),
            };
            let font = if *bold { Name(b"F2") } else { Name(b"F1") };
            c.begin_text();
            c.set_font(font, *size);
            c.set_text_matrix([cos, sin, -sin, cos, p(x + sx), y(base + sy)]);
            c.show(Str(&win_ansi(text)));
            c.end_text();
        }
    }
}

/// What `boardside print` puts in the PDF.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Parts {
    pub labels: bool,
    pub board: bool,
    pub deeds: bool,
    pub decks: bool,
}

impl Parts {
    pub const ALL: Parts = Parts {
        labels: true,
        board: true,
        deeds: true,
        decks: true,
    };
    /// `--only labels,board`: the parts named.
    pub fn read(words: &[String]) -> Result<Parts, String> {
        if words.is_empty() {
            return Ok(Parts::ALL);
        }
        let mut p = Parts {
            labels: false,
            board: false,
            deeds: false,
            decks: false,
        };
        for w in words {
            match w.as_str() {
                "labels" => p.labels = true,
                "board" => p.board = true,
                "deeds" => p.deeds = true,
                "decks" => p.decks = true,
                w => {
                    return Err(format!(
                        "'{w}': the parts are labels, board, deeds and decks"
                    ))
                }
            }
        }
        Ok(p)
    }
}
