//! Horizontal bars with a name and a value each: timings side by side.

use plotters::element::IntoDynElement;
use plotters::prelude::{RGBColor, Rectangle, Text};
use plotters::style::Color;
#[cfg(feature = "serde")]
use serde::Serialize;

use super::chart::{Frame, Shape, axes};
use super::palette::{self, INK, LEFT};
use super::picture::{Area, Picture};

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
        colour: RGBColor,
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

    /// Adds a sentence to the findings.
    pub fn finding(mut self, text: impl Into<String>) -> Self {
        self.findings.push(text.into());
        self
    }

    fn value(&self, value: f64) -> f64 {
        if self.log { value.log10() } else { value }
    }
}

impl Picture for BarChart {
    fn size(&self) -> (u32, u32) {
        (760, 110 + 42 * self.bars.len().max(1) as u32)
    }

    fn draw(&self, area: &Area<'_>) -> Result<(), String> {
        area.fill(&palette::WHITE).map_err(|e| e.to_string())?;
        let values = self
            .bars
            .iter()
            .map(|b| b.value)
            .filter(|v| v.is_finite() && *v > 0.0);
        let (low, high) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let (low, high) = if low > high { (1.0, 10.0) } else { (low, high) };
        // Room on the right for the longest bar's words.
        let (start, end) = if self.log {
            (low / 3.0, high * 60.0)
        } else {
            (0.0, high * 1.9)
        };
        let count = self.bars.len().max(1) as f64;
        let mut chart = axes(
            area,
            &Frame {
                title: &self.title,
                x_label: &self.value_label,
                y_label: "",
                x: (self.value(start), self.value(end)),
                y: (-0.6, count - 0.4),
                log: (self.log, false),
                y_label_area: 0,
            },
        )?;
        // The first bar on top.
        let row = |i: usize| count - 1.0 - i as f64;
        let mut shapes: Vec<Shape<'_>> = Vec::new();
        for (i, bar) in self.bars.iter().enumerate() {
            let colour = RGBColor(bar.colour[0], bar.colour[1], bar.colour[2]);
            let (left, right) = (self.value(start), self.value(bar.value.max(start)));
            let corners = [(left, row(i) - 0.32), (right, row(i) + 0.32)];
            shapes.push(Rectangle::new(corners, colour.mix(0.85).filled()).into_dyn());
            let words = format!("  {}: {}", bar.label, bar.note);
            shapes
                .push(Text::new(words, (right, row(i)), palette::font(12.5, INK, LEFT)).into_dyn());
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
        out.trim_end().to_owned()
    }
}
