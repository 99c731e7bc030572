//! Line, point and bar charts drawn with plotters, keeping their data so that
//! a test (or a curious reader) can check every number a chart shows.

use plotters::coord::types::RangedCoordf64;
use plotters::element::{DashedPathElement, DynElement, IntoDynElement};
use plotters::prelude::{
    Cartesian2d, ChartBuilder, ChartContext, Circle, DashedLineSeries, PathElement, Rectangle,
    SeriesLabelPosition, ShapeStyle, Text, TextStyle,
};
use plotters::style::Color;
#[cfg(feature = "serde")]
use serde::Serialize;

use super::canvas::{Canvas, Rgb};
use super::chart_area::{ChartArea, Shared};
use super::palette::{self, GREY, INK, LEFT};
use super::picture::Picture;

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Style {
    /// A solid line through the points, with dots.
    Line,
    /// A dashed line: numbers from a formula rather than a measurement.
    Dashed,
    /// Filled dots only.
    Points,
    /// Open circles only: published reference numbers.
    Rings,
    /// Vertical bars from the bottom of the chart.
    Bars,
}

/// One named set of points.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Series {
    /// The legend's name.
    pub name: String,
    /// `[r, g, b]`.
    pub colour: [u8; 3],
    /// How it is drawn.
    pub style: Style,
    /// `(x, y)` pairs.
    pub points: Vec<(f64, f64)>,
    /// Optional error bars: half-heights, one per point.
    pub errors: Option<Vec<f64>>,
    /// Whether the legend lists it.
    pub in_legend: bool,
}

impl Series {
    /// A series named `name` in `colour`.
    pub fn new(
        name: impl Into<String>,
        colour: Rgb,
        style: Style,
        points: Vec<(f64, f64)>,
    ) -> Self {
        Self {
            name: name.into(),
            colour: [colour.0, colour.1, colour.2],
            style,
            points,
            errors: None,
            in_legend: true,
        }
    }

    /// Leaves the series out of the legend (a continuation of another one).
    pub fn unlisted(mut self) -> Self {
        self.in_legend = false;
        self
    }

    /// Adds error bars of half-height `errors[i]` to point `i`.
    pub fn with_errors(mut self, errors: Vec<f64>) -> Self {
        self.errors = Some(errors);
        self
    }

    fn rgb(&self) -> Rgb {
        Rgb(self.colour[0], self.colour[1], self.colour[2])
    }
}

/// A text pinned to a point of the chart.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Note {
    /// Where, in data coordinates.
    pub at: (f64, f64),
    /// What it says.
    pub text: String,
    /// Written to the left of the point (ending there) instead of the right.
    pub left: bool,
    /// Where the words go, in data coordinates, when they would cover a line
    /// next to the point: a thin leader joins them to the point.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub label_at: Option<(f64, f64)>,
}

/// Where the legend goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub enum Legend {
    /// Top left corner of the plot.
    UpperLeft,
    /// Top right corner.
    UpperRight,
    /// Bottom right corner.
    LowerRight,
}

/// A chart: axes, series, notes, and a few lines of findings for the text
/// version.
///
/// ```
/// use queens::display::{Chart, Picture, Series, Style};
/// let chart = Chart::new("squares", "n", "n²")
///     .series(Series::new("n²", queens::display::Rgb(0, 0, 0), Style::Line,
///                         (1..5).map(|n| (n as f64, (n * n) as f64)).collect()));
/// assert!(chart.svg().contains("squares"));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Chart {
    /// The title above the plot.
    pub title: String,
    /// The x axis' name.
    pub x_label: String,
    /// The y axis' name.
    pub y_label: String,
    /// Logarithmic x axis.
    pub x_log: bool,
    /// Logarithmic y axis.
    pub y_log: bool,
    /// The data.
    pub series: Vec<Series>,
    /// Texts pinned to points.
    pub notes: Vec<Note>,
    /// What the chart shows, in sentences (the text version prints them).
    pub findings: Vec<String>,
    /// Where the legend goes.
    pub legend: Legend,
    /// Empty space above the data, as a fraction of its span (linear y only).
    pub headroom: f64,
    /// Width and height in pixels.
    pub size: (u32, u32),
}

impl Chart {
    /// An empty chart.
    pub fn new(
        title: impl Into<String>,
        x_label: impl Into<String>,
        y_label: impl Into<String>,
    ) -> Self {
        Self {
            title: title.into(),
            x_label: x_label.into(),
            y_label: y_label.into(),
            x_log: false,
            y_log: false,
            series: Vec::new(),
            notes: Vec::new(),
            findings: Vec::new(),
            legend: Legend::UpperLeft,
            headroom: 0.1,
            size: (760, 440),
        }
    }

    /// Makes the y axis logarithmic.
    pub fn log_y(mut self) -> Self {
        self.y_log = true;
        self
    }

    /// Makes the x axis logarithmic.
    pub fn log_x(mut self) -> Self {
        self.x_log = true;
        self
    }

    /// Adds a series.
    pub fn series(mut self, series: Series) -> Self {
        self.series.push(series);
        self
    }

    /// Pins `text` to the point `(x, y)`, written above and to the right.
    pub fn note(mut self, x: f64, y: f64, text: impl Into<String>) -> Self {
        self.notes.push(Note {
            at: (x, y),
            text: text.into(),
            left: false,
            label_at: None,
        });
        self
    }

    /// Pins `text` to the point `(x, y)`, written above and to the left.
    pub fn note_left(mut self, x: f64, y: f64, text: impl Into<String>) -> Self {
        self.notes.push(Note {
            at: (x, y),
            text: text.into(),
            left: true,
            label_at: None,
        });
        self
    }

    /// Pins `text` to the point `(x, y)`, written at `label` (data
    /// coordinates, in an empty part of the plot) with a leader to the point.
    pub fn note_away(mut self, x: f64, y: f64, label: (f64, f64), text: impl Into<String>) -> Self {
        self.notes.push(Note {
            at: (x, y),
            text: text.into(),
            left: false,
            label_at: Some(label),
        });
        self
    }

    /// Leaves `fraction` of the plot's height empty above the data (room for
    /// the legend); on a log y axis, a fraction past the default 0.1 adds that
    /// share of the data's decades.
    pub fn headroom(mut self, fraction: f64) -> Self {
        self.headroom = fraction.clamp(0.0, 4.0);
        self
    }

    /// Adds a sentence to the findings.
    pub fn finding(mut self, text: impl Into<String>) -> Self {
        self.findings.push(text.into());
        self
    }

    /// Moves the legend.
    pub fn legend(mut self, legend: Legend) -> Self {
        self.legend = legend;
        self
    }

    /// The series called `name`, if any.
    pub fn find(&self, name: &str) -> Option<&Series> {
        self.series.iter().find(|s| s.name == name)
    }

    fn usable(&self, (x, y): (f64, f64)) -> bool {
        x.is_finite() && y.is_finite() && (!self.x_log || x > 0.0) && (!self.y_log || y > 0.0)
    }

    /// The data's bounds, padded, and never empty.
    fn bounds(&self) -> ((f64, f64), (f64, f64)) {
        let points = self
            .series
            .iter()
            .flat_map(|s| {
                let errors = s.errors.clone().unwrap_or_default();
                s.points.iter().enumerate().flat_map(move |(i, &(x, y))| {
                    let e = errors.get(i).copied().unwrap_or(0.0);
                    [(x, y - e), (x, y + e)]
                })
            })
            .chain(self.notes.iter().map(|n| n.at))
            .filter(|&p| self.usable(p));
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for (x, y) in points {
            (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
        }
        if x0 > x1 {
            (x0, x1, y0, y1) = (1.0, 2.0, 1.0, 2.0);
        }
        let bars = self.series.iter().any(|s| s.style == Style::Bars);
        let (x0, x1) = if self.x_log {
            (x0 / 2.0, x1 * 2.0)
        } else if bars {
            (x0 - 0.6, x1 + 0.6)
        } else {
            let span = (x1 - x0).max(1e-9);
            (x0 - span * 0.04, x1 + span * 0.04)
        };
        let (y0, y1) = if self.y_log {
            // Headroom past the default adds that fraction of the data's decades.
            let extra = (y1 / y0).max(1.0).powf((self.headroom - 0.1).max(0.0));
            (y0 / 2.0, y1 * 4.0 * extra)
        } else {
            // Linear axes start at 0 unless the data goes below it.
            let low = y0.min(0.0);
            let span = (y1 - low).max(1e-9);
            let low = if low < 0.0 { low - span * 0.04 } else { 0.0 };
            (low, y1 + span * self.headroom)
        };
        ((x0, x1), (y0, y1))
    }

    /// Where a value sits on an axis: itself, or its logarithm.
    fn axis(value: f64, log: bool) -> f64 {
        if log { value.log10() } else { value }
    }

    fn to_axes(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (Self::axis(x, self.x_log), Self::axis(y, self.y_log))
    }

    /// The points of `series` a chart can show, in axis units.
    fn plotted(&self, series: &Series) -> Vec<(f64, f64)> {
        series
            .points
            .iter()
            .copied()
            .filter(|&p| self.usable(p))
            .map(|p| self.to_axes(p))
            .collect()
    }

    /// Every series in its style, with its error bars and legend entry, then
    /// the notes on top.
    fn draw_series<'a, 'b: 'a>(
        &self,
        area: &ChartArea<'b>,
        chart: &mut Plot<'a, 'b>,
    ) -> Result<(), String> {
        let err = |e: plotters::drawing::DrawingAreaErrorKind<_>| e.to_string();
        let bottom = chart.y_range().start;
        let bar_series: Vec<usize> = (0..self.series.len())
            .filter(|&i| self.series[i].style == Style::Bars)
            .collect();
        for (index, series) in self.series.iter().enumerate() {
            let colour = series.rgb();
            let points = self.plotted(series);
            let mut shapes = match series.style {
                Style::Line => line(&points, colour),
                Style::Dashed => dashed(&points, colour),
                Style::Points => dots(&points, 4, colour.filled()),
                Style::Rings => dots(&points, 6, stroke(colour)),
                Style::Bars => {
                    let slot = bar_series.iter().position(|&i| i == index).unwrap_or(0);
                    bars(&points, (slot, bar_series.len()), bottom, colour)
                }
            };
            shapes.extend(self.error_bars(series, bottom));
            let drawn = chart.draw_series(shapes).map_err(err)?;
            if series.in_legend {
                let style = series.style;
                drawn
                    .label(&series.name)
                    .legend(move |at| legend_sample(style, colour, at));
            }
        }
        self.draw_notes(area, chart)
    }

    /// A vertical line of half-height `errors[i]` through point `i`.
    fn error_bars<'b>(&self, series: &Series, bottom: f64) -> Vec<Shape<'b>> {
        let Some(errors) = &series.errors else {
            return Vec::new();
        };
        series
            .points
            .iter()
            .zip(errors)
            .filter(|(p, _)| self.usable(**p))
            .map(|(&(x, y), &e)| {
                // A bar reaching zero or below stops at the bottom of a log axis.
                let low = if self.y_log && y - e <= 0.0 {
                    bottom
                } else {
                    Self::axis(y - e, self.y_log)
                };
                let x = Self::axis(x, self.x_log);
                let ends = vec![(x, low), (x, Self::axis(y + e, self.y_log))];
                PathElement::new(ends, stroke(series.rgb())).into_dyn()
            })
            .collect()
    }

    /// Notes: a dot at the point, the words a few pixels off it, drawn on
    /// the picture's own area (pixel offsets are not data coordinates).
    fn draw_notes<'a, 'b: 'a>(
        &self,
        area: &ChartArea<'b>,
        chart: &mut Plot<'a, 'b>,
    ) -> Result<(), String> {
        let err = |e: plotters::drawing::DrawingAreaErrorKind<_>| e.to_string();
        let mut dots: Vec<Shape<'b>> = Vec::new();
        for note in self.notes.iter().filter(|n| self.usable(n.at)) {
            let at = self.to_axes(note.at);
            dots.push(Circle::new(at, 3, INK.filled()).into_dyn());
            self.draw_note_words(area, chart, note, at)?;
        }
        chart.draw_series(dots).map_err(err)?;
        Ok(())
    }

    /// The words of `note` (at `at`, in axis units), with a leader when they
    /// sit away from the point.
    fn draw_note_words<'a, 'b: 'a>(
        &self,
        area: &ChartArea<'b>,
        chart: &Plot<'a, 'b>,
        note: &Note,
        at: (f64, f64),
    ) -> Result<(), String> {
        let err = |e: plotters::drawing::DrawingAreaErrorKind<_>| e.to_string();
        let base = area.get_base_pixel();
        let (x, y) = chart.backend_coord(&at);
        let (dx, anchor) = if note.left {
            (-8, palette::RIGHT)
        } else {
            (8, LEFT)
        };
        let mut position = (x - base.0 + dx, y - base.1 - 12);
        if let Some(label) = note.label_at.filter(|&l| self.usable(l)) {
            let (lx, ly) = chart.backend_coord(&self.to_axes(label));
            let (lx, ly) = (lx - base.0, ly - base.1);
            let leader = ShapeStyle::from(&INK).stroke_width(1);
            area.draw(&PathElement::new(
                vec![(x - base.0, y - base.1), (lx - 3, ly)],
                leader,
            ))
            .map_err(err)?;
            position = (lx, ly);
        }
        area.draw(&Text::new(
            note.text.clone(),
            position,
            palette::bold(12.0, INK, anchor),
        ))
        .map_err(err)?;
        Ok(())
    }
}

/// The pen of lines, rings and error bars.
fn stroke(colour: Rgb) -> ShapeStyle {
    ShapeStyle::from(&colour).stroke_width(2)
}

/// A circle of radius `r` at every point.
fn dots<'b>(points: &[(f64, f64)], r: u32, style: ShapeStyle) -> Vec<Shape<'b>> {
    points
        .iter()
        .map(|&p| Circle::new(p, r, style).into_dyn())
        .collect()
}

/// [`Style::Line`]: a solid line with a dot on each point.
fn line<'b>(points: &[(f64, f64)], colour: Rgb) -> Vec<Shape<'b>> {
    let mut shapes = vec![PathElement::new(points.to_vec(), stroke(colour)).into_dyn()];
    shapes.extend(dots(points, 3, colour.filled()));
    shapes
}

/// [`Style::Dashed`]: a dashed line, no dots.
fn dashed<'b>(points: &[(f64, f64)], colour: Rgb) -> Vec<Shape<'b>> {
    DashedLineSeries::new(points.to_vec(), 7, 5, stroke(colour))
        .into_iter()
        .map(|dashes| dashes.into_dyn())
        .collect()
}

/// [`Style::Bars`]: bars from `bottom`; the `slot`-th of `count` bar series
/// takes its share of the 0.8 wide space around each x.
fn bars<'b>(
    points: &[(f64, f64)],
    (slot, count): (usize, usize),
    bottom: f64,
    colour: Rgb,
) -> Vec<Shape<'b>> {
    let width = 0.8 / count.max(1) as f64;
    points
        .iter()
        .map(|&(x, y)| {
            let left = x - 0.4 + slot as f64 * width;
            let corners = [(left, bottom), (left + width * 0.92, y)];
            Rectangle::new(corners, colour.mix(0.85).filled()).into_dyn()
        })
        .collect()
}

/// The legend's sample of a series drawn in `style`, at `(x, y)`.
fn legend_sample<'b>(style: Style, colour: Rgb, (x, y): (i32, i32)) -> LegendShape<'b> {
    match style {
        Style::Rings => Circle::new((x + 9, y), 5, stroke(colour)).into_dyn(),
        Style::Bars | Style::Points => {
            Rectangle::new([(x + 3, y - 5), (x + 13, y + 5)], colour.filled()).into_dyn()
        }
        Style::Line => PathElement::new(vec![(x, y), (x + 18, y)], stroke(colour)).into_dyn(),
        // Dashed in the legend too, so it never reads as the solid line of
        // another series in a similar colour.
        Style::Dashed => {
            DashedPathElement::new(vec![(x, y), (x + 19, y)], 5, 4, stroke(colour)).into_dyn()
        }
    }
}

/// Every chart draws on linear `f64` axes (a log axis holds logarithms and
/// labels them as powers of ten). One coordinate type means one copy of
/// plotters' generic drawing code to compile, which keeps the notebooks' first
/// cell fast: four axis combinations cost seconds in every fresh kernel.
pub(crate) type Plot<'a, 'b> =
    ChartContext<'a, Shared<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// A shape on a chart, boxed so that all shapes share one drawing routine.
pub(crate) type Shape<'b> = DynElement<'static, Shared<'b>, (f64, f64)>;

/// A legend sample.
type LegendShape<'b> = DynElement<'static, Shared<'b>, (i32, i32)>;

/// An axis' tick label: the value, or on a log axis the power of ten it
/// stands for (ticks between powers stay blank).
pub(crate) fn tick(value: f64, log: bool) -> String {
    if !log {
        compact(value)
    } else if (value - value.round()).abs() < 1e-6 {
        compact(10f64.powi(value.round() as i32))
    } else {
        String::new()
    }
}

/// What [`axes`] draws: title, axis names, ranges (in axis units, that is
/// logarithms on a log axis), which axes are logarithmic.
pub(crate) struct Frame<'t> {
    pub title: &'t str,
    pub x_label: &'t str,
    pub y_label: &'t str,
    pub x: (f64, f64),
    pub y: (f64, f64),
    pub log: (bool, bool),
    /// Room for the y axis' labels; 0 hides them.
    pub y_label_area: u32,
}

/// Builds the title, axes and grid of a chart on `area`.
pub(crate) fn axes<'a, 'b>(
    area: &'a ChartArea<'b>,
    frame: &Frame<'_>,
) -> Result<Plot<'a, 'b>, String> {
    let err = |e: plotters::drawing::DrawingAreaErrorKind<_>| e.to_string();
    let mut chart = ChartBuilder::on(area)
        .caption(frame.title, TextStyle::from(palette::bold(15.0, INK, LEFT)))
        .margin(14)
        .x_label_area_size(44)
        .y_label_area_size(frame.y_label_area)
        .build_cartesian_2d(frame.x.0..frame.x.1, frame.y.0..frame.y.1)
        .map_err(err)?;
    let (x_log, y_log) = frame.log;
    let x_ticks = move |v: &f64| tick(*v, x_log);
    let y_ticks = move |v: &f64| tick(*v, y_log);
    // On a log axis, enough ticks that every power of ten gets one.
    let ticks = |(lo, hi): (f64, f64), log: bool| {
        if log {
            ((hi - lo).ceil() as usize + 1).clamp(2, 24)
        } else {
            10
        }
    };
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(frame.x_label)
        .y_desc(frame.y_label)
        .x_label_formatter(&x_ticks)
        .y_label_formatter(&y_ticks)
        .x_labels(ticks(frame.x, x_log))
        .y_labels(ticks(frame.y, y_log))
        .light_line_style(palette::tint(GREY, 0.12))
        .bold_line_style(palette::tint(GREY, 0.3))
        .label_style(TextStyle::from(palette::font(11.5, INK, LEFT)))
        .axis_desc_style(TextStyle::from(palette::font(12.5, INK, LEFT)));
    if frame.y_label_area == 0 {
        mesh.disable_y_mesh().y_labels(0);
    }
    mesh.draw().map_err(err)?;
    Ok(chart)
}
/// `1500` as `1.5k`, `2_000_000` as `2M`: short tick labels.
pub fn compact(value: f64) -> String {
    let trim = |v: f64| {
        let text = format!("{v:.2}");
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    };
    let size = value.abs();
    if size >= 1e12 {
        format!("{}T", trim(value / 1e12))
    } else if size >= 1e9 {
        format!("{}B", trim(value / 1e9))
    } else if size >= 1e6 {
        format!("{}M", trim(value / 1e6))
    } else if size >= 1e4 {
        format!("{}k", trim(value / 1e3))
    } else {
        trim(value)
    }
}

impl Picture for Chart {
    fn size(&self) -> (u32, u32) {
        self.size
    }

    fn draw(&self, canvas: &Canvas<'_>) -> Result<(), String> {
        let area = &canvas.plot();
        area.fill(&palette::WHITE).map_err(|e| e.to_string())?;
        let ((x0, x1), (y0, y1)) = self.bounds();
        let mut chart = axes(
            area,
            &Frame {
                title: &self.title,
                x_label: &self.x_label,
                y_label: &self.y_label,
                x: (Self::axis(x0, self.x_log), Self::axis(x1, self.x_log)),
                y: (Self::axis(y0, self.y_log), Self::axis(y1, self.y_log)),
                log: (self.x_log, self.y_log),
                y_label_area: 64,
            },
        )?;
        self.draw_series(area, &mut chart)?;
        chart
            .configure_series_labels()
            .position(match self.legend {
                Legend::UpperLeft => SeriesLabelPosition::UpperLeft,
                Legend::UpperRight => SeriesLabelPosition::UpperRight,
                Legend::LowerRight => SeriesLabelPosition::LowerRight,
            })
            .background_style(palette::WHITE.mix(0.85))
            .border_style(palette::tint(GREY, 0.4))
            .label_font(TextStyle::from(palette::font(12.0, INK, LEFT)))
            .draw()
            .map_err(|e| e.to_string())
    }
    fn text(&self) -> String {
        let mut out = format!("{}\n", self.title);
        for series in &self.series {
            let points = if series.points.len() > TEXT_POINTS {
                // A wall of pairs reads as nothing: its range, and the
                // findings below for the numbers that matter.
                let ys = series.points.iter().map(|&(_, y)| y);
                let low = ys.clone().fold(f64::INFINITY, f64::min);
                let high = ys.fold(f64::NEG_INFINITY, f64::max);
                format!(
                    "{} points, from {} to {}",
                    series.points.len(),
                    exact(low),
                    exact(high)
                )
            } else {
                let pairs: Vec<String> = series
                    .points
                    .iter()
                    .map(|(x, y)| format!("{}: {}", compact(*x), exact(*y)))
                    .collect();
                pairs.join(", ")
            };
            out.push_str(&format!("  {:<22} {points}\n", series.name));
        }
        for note in &self.notes {
            out.push_str(&format!("  note: {}\n", note.text));
        }
        for finding in &self.findings {
            out.push_str(&format!("{finding}\n"));
        }
        out.trim_end().to_owned()
    }
}

/// The points of a series the text version lists one by one; a longer
/// series is summed up by its range.
const TEXT_POINTS: usize = 20;

/// A number as the text version prints it: whole numbers in full.
fn exact(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e18 {
        format!("{}", value as i64)
    } else {
        format!("{value:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_series_reads_as_its_range_in_text() {
        let points = |n: usize| (1..=n).map(|i| (i as f64 + 0.76, i as f64)).collect();
        let chart = Chart::new("t", "x", "y")
            .series(Series::new(
                "short",
                crate::display::BLUE,
                Style::Points,
                points(3),
            ))
            .series(Series::new(
                "long",
                crate::display::BLUE,
                Style::Points,
                points(40),
            ));
        let text = chart.text();
        assert!(text.contains("1.76: 1, 2.76: 2, 3.76: 3"), "{text}");
        assert!(
            text.contains("long                   40 points, from 1 to 40"),
            "{text}"
        );
    }

    #[test]
    fn tick_labels_are_short() {
        assert_eq!(compact(2057.0), "2057");
        assert_eq!(compact(19_173_961.0), "19.17M");
        assert_eq!(compact(100_000.0), "100k");
        assert_eq!(compact(0.5), "0.5");
        assert_eq!(compact(3e9), "3B");
    }

    #[test]
    fn log_axes_drop_points_they_cannot_show() {
        let chart = Chart::new("t", "x", "y").log_y().series(Series::new(
            "s",
            GREY,
            Style::Line,
            vec![(1.0, 0.0), (2.0, 10.0), (3.0, 1000.0)],
        ));
        let ((_, _), (y0, y1)) = chart.bounds();
        assert!(y0 > 0.0 && y0 <= 10.0 && y1 >= 1000.0);
        assert!(chart.svg().contains("<svg"));
    }
}
