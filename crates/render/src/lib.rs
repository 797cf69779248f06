#![doc = include_str!("../README.md")]

use std::fmt::Write as _;

/// The player shared by every page: controls, fragment, keyboard, `#state`.
const PLAYER: &str = include_str!("../assets/player.js");
/// The drawing of each kind of scene.
const PEGS: &str = include_str!("../assets/pegs.js");
const COINS: &str = include_str!("../assets/coins.js");
const MARBLES: &str = include_str!("../assets/marbles.js");
const STYLE: &str = include_str!("../assets/style.css");

/// Discs on pegs: the start, and the moves that the page plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PegsScene {
    /// The page's title.
    pub title: String,
    /// How many pegs (3 or 4).
    pub pegs: usize,
    /// Each peg's disc sizes from the bottom up (sizes from 1; equal sizes allowed).
    pub start: Vec<Vec<u32>>,
    /// The moves.
    pub moves: PegMoves,
}

/// The moves of a [`PegsScene`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PegMoves {
    /// Moves `(from, to)`, pegs counted from 0: the top disc of `from` onto `to`.
    List(Vec<(u8, u8)>),
    /// The optimal transfer of a perfect tower of `discs` discs on three pegs, from `from` to
    /// `to` (pegs from 0): `2^discs - 1` moves that the page computes from their index (disc `d`
    /// moves for the `m`-th time at move `(2m - 1) 2^d`, always in the same cyclic direction).
    Tower {
        /// The number of discs (at most 40, so that every move index is exact in the page).
        discs: u32,
        /// The peg the tower leaves.
        from: u8,
        /// The peg it goes to.
        to: u8,
    },
}

impl PegMoves {
    /// The moves `(from, to)` of a solution, pegs counted from 0.
    pub fn list(moves: impl IntoIterator<Item = (usize, usize)>) -> Self {
        PegMoves::List(moves.into_iter().map(|(a, b)| (a as u8, b as u8)).collect())
    }
}

/// A grid of coins and the flips that the page plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoinsScene {
    /// The page's title.
    pub title: String,
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Whether each cell (row by row) shows tails at the start.
    pub tails: Vec<bool>,
    /// The flips, in order; `None` when no sequence of flips solves the grid (the page says so).
    pub flips: Option<Vec<Flip>>,
}

/// One flip: its name and the cells (row by row, from 0) it turns over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flip {
    /// The flip's name, such as `R1` or `D2`.
    pub label: String,
    /// The cells it turns over.
    pub cells: Vec<usize>,
}

/// A marble board and what each tilt does to the two marbles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarblesScene {
    /// The page's title.
    pub title: String,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The board row by row: `#` wall, `O` hole, anything else empty.
    pub cells: Vec<u8>,
    /// The red marble's cell at the start.
    pub red: usize,
    /// The blue marble's cell at the start.
    pub blue: usize,
    /// The tilts, in order; `None` when red cannot escape (the page says so).
    pub tilts: Option<Vec<Tilted>>,
}

/// One tilt and where it leaves the marbles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tilted {
    /// `L`, `R`, `U` or `D`.
    pub direction: char,
    /// Red's cell after the tilt, `None` when it fell into the hole.
    pub red: Option<usize>,
    /// Blue's cell after the tilt, `None` when it fell into the hole.
    pub blue: Option<usize>,
}

/// Escapes text for HTML.
fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON array of numbers.
fn json_numbers<T: std::fmt::Display>(values: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
    format!("[{}]", items.join(","))
}

/// A JSON number or `null`.
fn json_option(value: Option<usize>) -> String {
    value.map_or_else(|| "null".to_string(), |v| v.to_string())
}

/// The page around a scene: `data` is the scene as a JSON object, `draw` the kind's script.
fn page(title: &str, data: &str, draw: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <h1>{title}</h1>\n<div id=\"stage\"></div>\n<p id=\"note\"></p>\n\
         <div id=\"controls\">\n\
         <button id=\"first\" title=\"Home\">|&lt;</button>\n\
         <button id=\"back\" title=\"Left arrow\">&lt;</button>\n\
         <button id=\"play\" title=\"Space\">play</button>\n\
         <button id=\"forward\" title=\"Right arrow\">&gt;</button>\n\
         <button id=\"last\" title=\"End\">&gt;|</button>\n\
         <input id=\"slider\" type=\"range\" min=\"0\" value=\"0\">\n\
         <span id=\"counter\"></span>\n\
         <label>speed <select id=\"speed\"><option value=\"0.25\">0.25x</option>\
         <option value=\"1\" selected>1x</option><option value=\"4\">4x</option>\
         <option value=\"16\">16x</option><option value=\"256\">256x</option></select></label>\n\
         </div>\n<div id=\"state\" data-step=\"\" data-config=\"\"></div>\n\
         <script>\nconst DATA = {data};\n{draw}\n{PLAYER}</script>\n</body>\n</html>\n",
        title = html(title),
    )
}

/// The page that plays `scene`.
///
/// # Panics
/// When a tower transfer has more than 40 discs, or `from == to`.
pub fn pegs_page(scene: &PegsScene) -> String {
    let moves = match &scene.moves {
        PegMoves::List(moves) => format!(
            "{{\"list\":[{}]}}",
            moves
                .iter()
                .map(|&(from, to)| format!("{from},{to}"))
                .collect::<Vec<_>>()
                .join(",")
        ),
        &PegMoves::Tower { discs, from, to } => {
            assert!(
                discs <= 40 && from != to,
                "a tower transfer of at most 40 discs"
            );
            format!("{{\"tower\":{{\"discs\":{discs},\"from\":{from},\"to\":{to}}}}}")
        }
    };
    let start: Vec<String> = scene.start.iter().map(json_numbers).collect();
    let data = format!(
        "{{\"pegs\":{},\"start\":[{}],\"moves\":{moves}}}",
        scene.pegs,
        start.join(",")
    );
    page(&scene.title, &data, PEGS)
}

/// The page that plays `scene`.
pub fn coins_page(scene: &CoinsScene) -> String {
    let flips = scene.flips.as_ref().map_or_else(
        || "null".to_string(),
        |flips| {
            let items: Vec<String> = flips
                .iter()
                .map(|flip| {
                    format!(
                        "{{\"label\":{},\"cells\":{}}}",
                        json_string(&flip.label),
                        json_numbers(&flip.cells)
                    )
                })
                .collect();
            format!("[{}]", items.join(","))
        },
    );
    let data = format!(
        "{{\"rows\":{},\"cols\":{},\"tails\":{},\"flips\":{flips}}}",
        scene.rows,
        scene.cols,
        json_numbers(scene.tails.iter().map(|&t| u8::from(t)))
    );
    page(&scene.title, &data, COINS)
}

/// The page that plays `scene`.
pub fn marbles_page(scene: &MarblesScene) -> String {
    let tilts = scene.tilts.as_ref().map_or_else(
        || "null".to_string(),
        |tilts| {
            let items: Vec<String> = tilts
                .iter()
                .map(|t| {
                    format!(
                        "{{\"dir\":{},\"red\":{},\"blue\":{}}}",
                        json_string(&t.direction.to_string()),
                        json_option(t.red),
                        json_option(t.blue)
                    )
                })
                .collect();
            format!("[{}]", items.join(","))
        },
    );
    let cells: String = scene.cells.iter().map(|&c| char::from(c)).collect();
    let data = format!(
        "{{\"rows\":{},\"cols\":{},\"cells\":{},\"red\":{},\"blue\":{},\"tilts\":{tilts}}}",
        scene.rows,
        scene.cols,
        json_string(&cells),
        scene.red,
        scene.blue
    );
    page(&scene.title, &data, MARBLES)
}

/// A bar chart of `values` (one bar per index, `0..values.len()`) as a standalone SVG file:
/// a logarithmic vertical axis (zeros drawn as no bar), labelled axes, and the last non-zero
/// bar marked with its index and value.
pub fn bar_chart_svg(title: &str, x_label: &str, y_label: &str, values: &[u64]) -> String {
    let chart = Chart::new(values);
    let mut svg = String::new();
    chart.header(&mut svg, title);
    chart.grid(&mut svg);
    let last = values.iter().rposition(|&v| v > 0);
    chart.bars(&mut svg, values, last);
    chart.x_ticks(&mut svg, values.len());
    if let Some(index) = last {
        chart.mark(&mut svg, index, values[index]);
    }
    chart.axes(&mut svg, x_label, y_label);
    svg.push_str("</svg>\n");
    svg
}

/// The geometry of a bar chart: the page, its margins, the plot area and the scales.
struct Chart {
    /// The width of the page.
    width: f64,
    /// The height of the page.
    height: f64,
    /// The margin left of the plot.
    left: f64,
    /// The margin right of the plot.
    right: f64,
    /// The margin above the plot.
    top: f64,
    /// The width of the plot.
    plot_w: f64,
    /// The height of the plot.
    plot_h: f64,
    /// The decades the vertical axis spans, at least one.
    decades: f64,
    /// The horizontal room of one bar.
    bar_w: f64,
}

impl Chart {
    /// The geometry of the chart of `values`.
    fn new(values: &[u64]) -> Self {
        let (width, height) = (960.0_f64, 540.0_f64);
        let (left, right, top, bottom) = (90.0, 30.0, 50.0, 70.0);
        let plot_w = width - left - right;
        let plot_h = height - top - bottom;
        let max = values.iter().copied().max().unwrap_or(1).max(1) as f64;
        Self {
            width,
            height,
            left,
            right,
            top,
            plot_w,
            plot_h,
            decades: max.log10().ceil().max(1.0),
            bar_w: plot_w / values.len().max(1) as f64,
        }
    }

    /// The vertical position of the value `v` (below one drawn as one).
    fn y_of(&self, v: f64) -> f64 {
        self.top + self.plot_h - self.plot_h * (v.max(1.0).log10() / self.decades)
    }

    /// Writes the opening `<svg>` tag, the white background and `title`.
    fn header(&self, svg: &mut String, title: &str) {
        let (width, height) = (self.width, self.height);
        let _ = writeln!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"13\">"
        );
        let _ = writeln!(svg, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"28\" text-anchor=\"middle\" font-size=\"18\">{}</text>",
            width / 2.0,
            html(title)
        );
    }

    /// Writes a grid line and its label at every power of ten of the vertical axis.
    fn grid(&self, svg: &mut String) {
        let left = self.left;
        for decade in 0..=self.decades as u32 {
            let y = self.y_of(10f64.powi(decade as i32));
            let _ = writeln!(
                svg,
                "<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">1e{decade}</text>",
                self.width - self.right,
                left - 8.0,
                y + 4.0
            );
        }
    }

    /// Writes a bar for every non-zero value, the one at `last` in its own colour.
    fn bars(&self, svg: &mut String, values: &[u64], last: Option<usize>) {
        for (index, &value) in values.iter().enumerate() {
            if value == 0 {
                continue;
            }
            let x = self.left + self.bar_w * index as f64;
            let y = self.y_of(value as f64);
            let fill = if Some(index) == last {
                "#d62728"
            } else {
                "#1f77b4"
            };
            let _ = writeln!(
                svg,
                "<rect x=\"{x:.2}\" y=\"{y:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{fill}\">\
                 <title>{index}: {value}</title></rect>",
                (self.bar_w * 0.9).max(0.5),
                self.top + self.plot_h - y
            );
        }
    }

    /// Writes the index under the bars, every `bars / 10`-th one (each one below twenty bars).
    fn x_ticks(&self, svg: &mut String, bars: usize) {
        let step = (bars / 10).max(1);
        for index in (0..bars).step_by(step) {
            let x = self.left + self.bar_w * (index as f64 + 0.5);
            let _ = writeln!(
                svg,
                "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{index}</text>",
                self.top + self.plot_h + 18.0
            );
        }
    }

    /// Writes, above the bar at `index`, its index and its `value`.
    fn mark(&self, svg: &mut String, index: usize, value: u64) {
        let x = self.left + self.bar_w * (index as f64 + 0.5);
        let y = self.y_of(value as f64);
        let _ = writeln!(
            svg,
            "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#d62728\">\
             largest: {index} ({value} configurations)</text>",
            y - 8.0
        );
    }

    /// Writes the two axes and their labels.
    fn axes(&self, svg: &mut String, x_label: &str, y_label: &str) {
        let (left, top, plot_h) = (self.left, self.top, self.plot_h);
        let _ = writeln!(
            svg,
            "<line x1=\"{left}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"black\"/>\
             <line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{:.1}\" stroke=\"black\"/>",
            top + plot_h,
            self.width - self.right,
            top + plot_h,
            top + plot_h
        );
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            left + self.plot_w / 2.0,
            self.height - 20.0,
            html(x_label)
        );
        let _ = writeln!(
            svg,
            "<text transform=\"translate(24 {:.1}) rotate(-90)\" text-anchor=\"middle\">{}</text>",
            top + plot_h / 2.0,
            html(y_label)
        );
    }
}

#[cfg(test)]
mod tests;
