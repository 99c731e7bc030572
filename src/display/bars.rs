//! Horizontal bars with a name and a value each: timings side by side.

use plotters::element::IntoDynElement;
use plotters::prelude::{Rectangle, Text};
use plotters::style::Color;
#[cfg(feature = "serde")]
use serde::Serialize;

use super::canvas::{Canvas, Rgb};
use super::chart::{Frame, Shape, axes};
use super::palette::{self, INK, LEFT};
use super::picture::Picture;

/// One bar.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Bar {
    /// What it measures ("bitmask").
    pub label: String,
    /// How long or how many.
    pub value: f64,
    /// `[r, g, b]`.
    pub colour: [u8; 3],
    /// Written after the bar ("0.8 ms, 31x faster than sets").
    pub note: String,
}

/// Bars from top to bottom, on a linear or logarithmic value axis.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct BarChart {
    /// The title.
    pub title: String,
    /// The value axis' name.
    pub value_label: String,
    /// Logarithmic value axis.
    pub log: bool,
    /// The bars, top first.
    pub bars: Vec<Bar>,
    /// What the chart shows, in sentences.
    pub findings: Vec<String>,
    /// A note written under the bars, in the picture itself ([`note_if`]):
    /// what the reader must know before reading the bars, such as that
    /// they count a search that is not yet right.
    ///
    /// [`note_if`]: BarChart::note_if
    pub note: Option<String>,
}

impl BarChart {
    /// An empty chart.
    pub fn new(title: impl Into<String>, value_label: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            value_label: value_label.into(),
            log: false,
            bars: Vec::new(),
            findings: Vec::new(),
            note: None,
        }
    }

    /// Writes `note` under the bars, in the picture and its text, when
    /// there is one (as [`Table::note_if`] does under a table's rows): a
    /// chart of a wrong search's counts says so wherever it is shown.
    ///
    /// [`Table::note_if`]: crate::notebook::table::Table::note_if
    ///
    /// ```
    /// use queens::display::{BarChart, BLUE, Picture};
    /// let chart = BarChart::new("Nodes", "nodes").bar("yours", 3.0, BLUE, "3");
    /// assert!(!chart.clone().note_if(None).text().contains("differ"));
    /// let marked = chart.note_if(Some("These counts differ from the reference's.".into()));
    /// assert!(marked.text().ends_with("These counts differ from the reference's."));
    /// assert!(marked.svg().contains("These counts differ"));
    /// ```
    pub fn note_if(mut self, note: Option<String>) -> Self {
        self.note = note;
        self
    }

    /// The note's lines, wrapped to the picture's width.
    fn note_lines(&self) -> Vec<String> {
        self.note
            .as_deref()
            .map(|note| super::text::wrap(note, NOTE_CHARS))
            .unwrap_or_default()
    }

    /// The height the note takes under the bars: its lines and a margin,
    /// nothing without a note.
    fn note_px(lines: &[String]) -> u32 {
        if lines.is_empty() {
            0
        } else {
            NOTE_LINE_PX * lines.len() as u32 + 10
        }
    }

    /// Makes the value axis logarithmic.
    pub fn log(mut self) -> Self {
        self.log = true;
        self
    }

    /// Adds a bar.
    pub fn bar(
        mut self,
        label: impl Into<String>,
        value: f64,
        colour: Rgb,
        note: impl Into<String>,
    ) -> Self {
        self.bars.push(Bar {
            label: label.into(),
            value,
            colour: [colour.0, colour.1, colour.2],
            note: note.into(),
        });
        self
    }

    /// The value of the bar labelled `label` (the first, if several are).
    pub fn value_of(&self, label: &str) -> Option<f64> {
        self.bars
            .iter()
            .find(|bar| bar.label == label)
            .map(|bar| bar.value)
    }

    /// Adds a sentence to the findings.
    pub fn finding(mut self, text: impl Into<String>) -> Self {
        self.findings.push(text.into());
        self
    }

    fn value(&self, value: f64) -> f64 {
        if self.log { value.log10() } else { value }
    }

    /// Where the value axis ends (in axis units, a power of ten's exponent on
    /// a log axis): far enough right that each bar's words, written after
    /// the bar, end inside the picture, however long they are.
    fn axis_end(&self, start: f64) -> f64 {
        let from = self.value(start);
        let span = self
            .bars
            .iter()
            .filter(|bar| bar.value.is_finite())
            .map(|bar| {
                let words = bar.words().chars().count() as f64 * CHAR_PX / PLOT_PX;
                (self.value(bar.value.max(start)) - from) / (1.0 - words.min(0.8))
            })
            .fold(0.0, f64::max);
        from + if span > 0.0 { span * 1.02 } else { 1.0 }
    }
}

/// The characters of a line of the note under the bars: 12.5 px text
/// across the picture's 760 px, less its margins.
const NOTE_CHARS: usize = 100;
/// The height of a line of the note, in pixels.
const NOTE_LINE_PX: u32 = 18;

/// The plotting area's width: the picture's 760 px less plotters' margins.
const PLOT_PX: f64 = 732.0;
/// A generous average width of a character at 12.5 px sans-serif, digits
/// and capitals included.
const CHAR_PX: f64 = 7.0;

impl Bar {
    /// What is written after the bar.
    fn words(&self) -> String {
        format!("  {}: {}", self.label, self.note)
    }
}

impl Picture for BarChart {
    fn size(&self) -> (u32, u32) {
        let under = Self::note_px(&self.note_lines());
        (760, 110 + 42 * self.bars.len().max(1) as u32 + under)
    }

    fn draw(&self, canvas: &Canvas<'_>) -> Result<(), String> {
        let area = &canvas.plot();
        area.fill(&palette::WHITE).map_err(|e| e.to_string())?;
        let note = self.note_lines();
        let (_, height) = self.size();
        let (area, foot) = area.split_vertically(height - Self::note_px(&note));
        for (k, line) in note.iter().enumerate() {
            let y = (k as u32 * NOTE_LINE_PX) as i32;
            foot.draw(&Text::new(
                line.as_str(),
                (16, y),
                palette::font(12.5, INK, LEFT),
            ))
            .map_err(|e| e.to_string())?;
        }
        let area = &area;
        let positive = self.bars.iter().map(|b| b.value);
        let low = positive
            .filter(|v| v.is_finite() && *v > 0.0)
            .fold(f64::INFINITY, f64::min);
        let low = if low.is_finite() { low } else { 1.0 };
        let start = if self.log { low / 3.0 } else { 0.0 };
        let count = self.bars.len().max(1) as f64;
        let mut chart = axes(
            area,
            &Frame {
                title: &self.title,
                x_label: &self.value_label,
                y_label: "",
                x: (self.value(start), self.axis_end(start)),
                y: (-0.6, count - 0.4),
                log: (self.log, false),
                y_label_area: 0,
            },
        )?;
        // The first bar on top.
        let row = |i: usize| count - 1.0 - i as f64;
        let mut shapes: Vec<Shape<'_>> = Vec::new();
        for (i, bar) in self.bars.iter().enumerate() {
            let colour = Rgb(bar.colour[0], bar.colour[1], bar.colour[2]);
            let (left, right) = (self.value(start), self.value(bar.value.max(start)));
            let corners = [(left, row(i) - 0.32), (right, row(i) + 0.32)];
            shapes.push(Rectangle::new(corners, colour.mix(0.85).filled()).into_dyn());
            shapes.push(
                Text::new(bar.words(), (right, row(i)), palette::font(12.5, INK, LEFT)).into_dyn(),
            );
        }
        chart.draw_series(shapes).map_err(|e| e.to_string())?;
        Ok(())
    }

    fn text(&self) -> String {
        let mut out = format!("{}\n", self.title);
        for bar in &self.bars {
            out.push_str(&format!("  {:<18} {}\n", bar.label, bar.note));
        }
        for finding in &self.findings {
            out.push_str(&format!("{finding}\n"));
        }
        if let Some(note) = &self.note {
            out.push_str(&format!("{note}\n"));
        }
        out.trim_end().to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::palette::{BLUE, GREEN};

    /// Each bar's end plus its words, in the plot's widths, for `chart`.
    fn ends(chart: &BarChart) -> Vec<f64> {
        let start = if chart.log { 100.0 / 3.0 } else { 0.0 };
        let (from, to) = (chart.value(start), chart.axis_end(start));
        let words = |bar: &Bar| bar.words().chars().count() as f64 * CHAR_PX / PLOT_PX;
        let end = |bar: &Bar| (chart.value(bar.value) - from) / (to - from) + words(bar);
        chart.bars.iter().map(end).collect()
    }

    #[test]
    fn a_bar_s_value_is_found_by_its_label() {
        let chart = BarChart::new("Time", "ms")
            .bar("sets", 12.5, BLUE, "12.5 ms")
            .bar("arrays", 2.5, GREEN, "2.5 ms");
        assert_eq!(chart.value_of("arrays"), Some(2.5));
        assert_eq!(chart.value_of("bitmask"), None);
    }

    #[test]
    fn the_longest_bar_keeps_room_for_its_words() {
        for log in [false, true] {
            let mut chart = BarChart::new("Nodes", "nodes");
            chart.log = log;
            let chart = chart
                .bar(
                    "Sudoku, ten puzzles · yours",
                    2_345_678.0,
                    BLUE,
                    "2,345,678 nodes",
                )
                .bar("Sudoku, ten puzzles · MRV", 100.0, GREEN, "100 nodes");
            let ends = ends(&chart);
            assert!(ends.iter().all(|&end| end <= 1.0), "log {log}: {ends:?}");
            // Not so much room that the longest bar shrinks to a stub.
            assert!(ends[0] > 0.9, "log {log}: {ends:?}");
        }
    }
}
