//! # arachne-plot
//!
//! Small x–y charts for arachne's experiments (speedup curves, E\[NBP\] against N, …), drawn
//! with `plotters` into an SVG and a PNG file side by side.
//!
//! The text is drawn with DejaVu Sans, embedded in the library (`fonts/DejaVuSans.ttf`, licence
//! beside it) and registered with plotters' `ab_glyph` renderer, so charts render on a bare
//! machine with no system fonts.
//!
//! ```no_run
//! use arachne_plot::{render, Chart, Series, Style};
//! let chart = Chart {
//!     title: "speedup".into(),
//!     x_label: "processors".into(),
//!     y_label: "speedup".into(),
//!     log_x: true,
//!     log_y: false,
//!     series: vec![Series {
//!         name: "tree-split".into(),
//!         points: vec![(1.0, 1.0), (2.0, 1.8), (4.0, 3.1)],
//!         style: Style::LinePoints,
//!     }],
//! };
//! let (svg, png) = render(&chart, std::path::Path::new("out/speedup")).unwrap();
//! ```
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The embedded font (DejaVu Sans; see `fonts/DejaVuSans-LICENSE.txt`).
static FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// Width and height of both the SVG and the PNG, in pixels.
pub const SIZE: (u32, u32) = (1024, 720);

/// How a series is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// A polyline through the points (in the order given).
    Line,
    /// A marker at each point.
    Points,
    /// Both.
    LinePoints,
    /// A segment between each consecutive pair of points (`p0–p1`, `p2–p3`, …), with short
    /// caps at both ends: error bars (two points at the same x) and other marks. Drawn in the
    /// colour of the series of the same name, without a legend entry of its own.
    Segments,
    /// The points taken in pairs, each pair a thin line without caps (e.g. a tree's edges).
    Edges,
    /// A hollow ring around each point (marks, e.g. mispredicted nodes).
    Rings,
    /// The series' name written (small, black) just below each point; no colour, no legend
    /// entry (e.g. the processor that searched a subtree).
    Labels,
}

/// One named series of points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// `(x, y)` points; on a log axis, points with a non-positive coordinate are skipped.
    pub points: Vec<(f64, f64)>,
    /// How to draw it.
    pub style: Style,
}

/// A chart: title, axis labels, axis scales and the series.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// Title above the plot.
    pub title: String,
    /// Label of the x axis.
    pub x_label: String,
    /// Label of the y axis.
    pub y_label: String,
    /// Logarithmic x axis.
    pub log_x: bool,
    /// Logarithmic y axis.
    pub log_y: bool,
    /// The series, drawn in order with distinct colours (up to 20 names without repeating);
    /// series with the same (non-empty) name share a colour and a legend entry (e.g. a line,
    /// its marked points and their error bars).
    pub series: Vec<Series>,
}

/// Why a chart could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// Creating the output directory or writing a file failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The embedded font could not be registered.
    #[error("the embedded font could not be loaded")]
    Font,
    /// plotters failed while drawing.
    #[error("drawing {path} failed: {msg}")]
    Draw {
        /// The file being drawn.
        path: PathBuf,
        /// plotters' message.
        msg: String,
    },
}

/// Writes `<stem>.svg` and `<stem>.png`; returns both paths.
///
/// The parent directory of `stem` is created if needed. Non-finite points, and points with a
/// non-positive coordinate on a log axis, are skipped.
pub fn render(chart: &Chart, stem: &Path) -> Result<(PathBuf, PathBuf), PlotError> {
    register_font()?;
    if let Some(dir) = stem.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| PlotError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let svg = with_ext(stem, "svg");
    let png = with_ext(stem, "png");
    {
        let root = SVGBackend::new(&svg, SIZE).into_drawing_area();
        draw(chart, root).map_err(|msg| PlotError::Draw {
            path: svg.clone(),
            msg,
        })?;
    }
    {
        let root = BitMapBackend::new(&png, SIZE).into_drawing_area();
        draw(chart, root).map_err(|msg| PlotError::Draw {
            path: png.clone(),
            msg,
        })?;
    }
    for p in [&svg, &png] {
        if let Err(source) = std::fs::metadata(p) {
            return Err(PlotError::Io {
                path: p.clone(),
                source,
            });
        }
    }
    Ok((svg, png))
}

fn with_ext(stem: &Path, ext: &str) -> PathBuf {
    let mut s = stem.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

fn register_font() -> Result<(), PlotError> {
    static DONE: OnceLock<bool> = OnceLock::new();
    let ok = *DONE.get_or_init(|| {
        ["sans-serif", "serif", "monospace"].iter().all(|family| {
            plotters::style::register_font(family, FontStyle::Normal, FONT).is_ok()
                && plotters::style::register_font(family, FontStyle::Bold, FONT).is_ok()
        })
    });
    if ok {
        Ok(())
    } else {
        Err(PlotError::Font)
    }
}

/// Distinct colours, in order: a chart with up to this many differently named series never
/// repeats a colour (the Tableau 10 palette, then darker and lighter variants that stay
/// distinguishable from it).
const COLOURS: [RGBColor; 20] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(0, 0, 0),
    RGBColor(0, 63, 92),
    RGBColor(128, 0, 0),
    RGBColor(0, 100, 0),
    RGBColor(255, 187, 120),
    RGBColor(197, 176, 213),
    RGBColor(128, 128, 0),
    RGBColor(0, 128, 128),
    RGBColor(255, 0, 255),
    RGBColor(152, 223, 138),
];

/// The points of `s` that can be drawn on the chart's axes.
fn drawable(chart: &Chart, s: &Series) -> Vec<(f64, f64)> {
    s.points
        .iter()
        .copied()
        .filter(|&(x, y)| x.is_finite() && y.is_finite())
        .filter(|&(x, _)| !chart.log_x || x > 0.0)
        .filter(|&(_, y)| !chart.log_y || y > 0.0)
        .collect()
}

/// Axis range covering `vals` with a margin (multiplicative on a log axis).
fn axis_range(vals: impl Iterator<Item = f64>, log: bool) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in vals {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() || !hi.is_finite() {
        return if log { (1.0, 10.0) } else { (0.0, 1.0) };
    }
    if log {
        // Start at a power of ten so that plotters' log axis labels the values in between.
        let decade = 10f64.powf(lo.log10().floor());
        if hi / lo < 1.0001 {
            (decade.min(lo / 2.0), hi * 2.0)
        } else {
            let f = (hi / lo).powf(0.04);
            (decade.min(lo / f), hi * f)
        }
    } else if hi - lo < 1e-12 * (1.0 + hi.abs()) {
        (lo - 0.5 - lo.abs() * 0.05, hi + 0.5 + hi.abs() * 0.05)
    } else {
        let m = (hi - lo) * 0.04;
        (lo - m, hi + m)
    }
}

/// True when every value is a whole number (processors, depths, plies, counts): such an axis
/// labels whole numbers only.
fn integral(mut vals: impl Iterator<Item = f64>) -> bool {
    vals.all(|v| (v - v.round()).abs() < 1e-9)
}

/// A tick label; on an axis of whole numbers, none at a fractional tick.
fn axis_tick(v: f64, integers: bool) -> String {
    if integers && (v - v.round()).abs() > 1e-9 * v.abs().max(1.0) {
        String::new()
    } else {
        tick(v)
    }
}

fn draw<DB: DrawingBackend>(chart: &Chart, root: DrawingArea<DB, Shift>) -> Result<(), String> {
    let pts: Vec<Vec<(f64, f64)>> = chart.series.iter().map(|s| drawable(chart, s)).collect();
    let (x0, x1) = axis_range(pts.iter().flatten().map(|p| p.0), chart.log_x);
    let (y0, y1) = axis_range(pts.iter().flatten().map(|p| p.1), chart.log_y);
    match (chart.log_x, chart.log_y) {
        (false, false) => draw_on(chart, &pts, root, x0..x1, y0..y1),
        (true, false) => draw_on(chart, &pts, root, (x0..x1).log_scale(), y0..y1),
        (false, true) => draw_on(chart, &pts, root, x0..x1, (y0..y1).log_scale()),
        (true, true) => draw_on(
            chart,
            &pts,
            root,
            (x0..x1).log_scale(),
            (y0..y1).log_scale(),
        ),
    }
}

fn draw_on<DB, X, Y>(
    chart: &Chart,
    pts: &[Vec<(f64, f64)>],
    root: DrawingArea<DB, Shift>,
    x: X,
    y: Y,
) -> Result<(), String>
where
    DB: DrawingBackend,
    X: AsRangedCoord<Value = f64>,
    Y: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let e = |e: &dyn std::fmt::Display| e.to_string();
    let int_x = !chart.log_x && integral(pts.iter().flatten().map(|p| p.0));
    let int_y = !chart.log_y && integral(pts.iter().flatten().map(|p| p.1));
    root.fill(&WHITE).map_err(|x| e(&x))?;
    let mut cc = ChartBuilder::on(&root)
        .caption(&chart.title, ("sans-serif", 26))
        .margin(18)
        .x_label_area_size(56)
        .y_label_area_size(84)
        .build_cartesian_2d(x, y)
        .map_err(|x| e(&x))?;
    cc.configure_mesh()
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .light_line_style(RGBColor(240, 240, 240))
        .max_light_lines(4)
        .x_labels(10)
        .y_labels(10)
        .x_label_formatter(&|v| axis_tick(*v, int_x))
        .y_label_formatter(&|v| axis_tick(*v, int_y))
        .draw()
        .map_err(|x| e(&x))?;
    let mut any_label = false;
    // Series with the same name share a colour and one legend entry.
    let mut names: Vec<&str> = Vec::new();
    for (s, p) in chart.series.iter().zip(pts) {
        if s.style == Style::Labels {
            let font = ("sans-serif", 11).into_font().color(&BLACK);
            cc.draw_series(p.iter().map(|&(px, py)| {
                EmptyElement::at((px, py)) + Text::new(s.name.clone(), (-3, 5), font.clone())
            }))
            .map_err(|x| e(&x))?;
            continue;
        }
        let (i, first) = match names.iter().position(|&x| x == s.name) {
            Some(i) if !s.name.is_empty() => (i, false),
            _ => {
                names.push(&s.name);
                (names.len() - 1, true)
            }
        };
        let colour = COLOURS[i % COLOURS.len()];
        let line = colour.stroke_width(2);
        let mut legend_done = !first;
        if matches!(s.style, Style::Line | Style::LinePoints) {
            let anno = cc
                .draw_series(LineSeries::new(p.iter().copied(), line))
                .map_err(|x| e(&x))?;
            if !s.name.is_empty() && !legend_done {
                anno.label(s.name.as_str()).legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                });
                legend_done = true;
            }
        }
        if s.style == Style::Edges {
            let thin = colour.mix(0.6).stroke_width(1);
            let anno = cc
                .draw_series(
                    p.chunks_exact(2)
                        .map(|c| PathElement::new(vec![c[0], c[1]], thin)),
                )
                .map_err(|x| e(&x))?;
            if !s.name.is_empty() && !legend_done {
                anno.label(s.name.as_str()).legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(1))
                });
                legend_done = true;
            }
        }
        if s.style == Style::Rings {
            let ring = colour.stroke_width(2);
            let anno = cc
                .draw_series(p.iter().map(|&(px, py)| Circle::new((px, py), 8, ring)))
                .map_err(|x| e(&x))?;
            if !s.name.is_empty() && !legend_done {
                anno.label(s.name.as_str())
                    .legend(move |(x, y)| Circle::new((x + 10, y), 7, ring));
                legend_done = true;
            }
        }
        if matches!(s.style, Style::Points | Style::LinePoints) {
            let anno = cc
                .draw_series(
                    p.iter()
                        .map(|&(px, py)| Circle::new((px, py), 4, colour.filled())),
                )
                .map_err(|x| e(&x))?;
            if !s.name.is_empty() && !legend_done {
                anno.label(s.name.as_str())
                    .legend(move |(x, y)| Circle::new((x + 10, y), 4, colour.filled()));
                legend_done = true;
            }
        }
        if s.style == Style::Segments {
            for pair in p.chunks_exact(2) {
                let (a, b) = (pair[0], pair[1]);
                cc.draw_series(std::iter::once(PathElement::new(vec![a, b], line)))
                    .map_err(|x| e(&x))?;
                // Caps: 4-pixel ticks across each end, in pixel space.
                for end in [a, b] {
                    let c = cc.backend_coord(&end);
                    let (dx, dy) = if a.0 == b.0 { (4, 0) } else { (0, 4) };
                    root.draw(&PathElement::new(
                        vec![(c.0 - dx, c.1 - dy), (c.0 + dx, c.1 + dy)],
                        line,
                    ))
                    .map_err(|x| e(&x))?;
                }
            }
            if !s.name.is_empty() && !legend_done {
                // A series of marks only: its name still gets a legend entry.
                cc.draw_series(std::iter::empty::<PathElement<(f64, f64)>>())
                    .map_err(|x| e(&x))?
                    .label(s.name.as_str())
                    .legend(move |(x, y)| {
                        PathElement::new(
                            vec![(x + 10, y - 6), (x + 10, y + 6)],
                            colour.stroke_width(2),
                        )
                    });
                legend_done = true;
            }
        }
        any_label |= legend_done && first;
    }
    if any_label {
        cc.configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 15))
            .draw()
            .map_err(|x| e(&x))?;
    }
    root.present().map_err(|x| e(&x))?;
    Ok(())
}

/// A short tick label: integers without a decimal point, others to 3 significant digits,
/// very large or small magnitudes in exponent form.
fn tick(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if !(1e-3..1e7).contains(&a) {
        format!("{v:.1e}")
    } else if (v - v.round()).abs() < 1e-9 * a.max(1.0) {
        format!("{}", v.round() as i64)
    } else {
        let digits = (2 - a.log10().floor() as i32).max(0) as usize;
        let s = format!("{v:.digits$}");
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks() {
        assert_eq!(tick(10000.0), "10000");
        assert_eq!(tick(1.0), "1");
        assert_eq!(tick(0.25), "0.25");
        assert_eq!(tick(2.5), "2.5");
        assert_eq!(tick(0.0), "0");
        assert_eq!(tick(3.0e8), "3.0e8");
        // An axis of whole numbers labels only whole ticks.
        assert!(integral([1.0, 2.0, 35.0].into_iter()));
        assert!(!integral([1.0, 2.5].into_iter()));
        assert_eq!(axis_tick(2.5, true), "");
        assert_eq!(axis_tick(3.0, true), "3");
        assert_eq!(axis_tick(2.5, false), "2.5");
    }

    #[test]
    fn ranges() {
        assert_eq!(axis_range([].into_iter(), false), (0.0, 1.0));
        let (a, b) = axis_range([1.0, 100.0].into_iter(), true);
        assert!(a < 1.0 && a > 0.5 && b > 100.0 && b < 200.0);
        let (a, _) = axis_range([2.0, 35.0].into_iter(), true);
        assert_eq!(a, 1.0);
        let (a, b) = axis_range([3.0, 3.0].into_iter(), false);
        assert!(a < 3.0 && b > 3.0);
    }

    #[test]
    fn log_axes_skip_nonpositive() {
        let c = Chart {
            title: String::new(),
            x_label: String::new(),
            y_label: String::new(),
            log_x: true,
            log_y: false,
            series: vec![],
        };
        let s = Series {
            name: "s".into(),
            points: vec![(0.0, 1.0), (-1.0, 2.0), (2.0, -3.0), (f64::NAN, 1.0)],
            style: Style::Points,
        };
        assert_eq!(drawable(&c, &s), vec![(2.0, -3.0)]);
    }
}
