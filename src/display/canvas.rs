//! What a picture draws on: plotters' SVG backend (the `plotters-svg` crate)
//! used directly, with a few shapes and text.
//!
//! Boards, galleries and Sudoku grids need no chart code, and plotters' own
//! crate is most of what a notebook's setup cell links (BENCHMARKS.md, "boards
//! without plotters"). Drawing with the backend plotters itself draws with
//! keeps every picture's SVG as it was, byte for byte; the charts (feature
//! `charts`) draw on the same backend through plotters (`display::chart_area`).

use std::cell::RefCell;
use std::rc::Rc;

use plotters_backend::text_anchor::{HPos, Pos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, FontFamily,
    FontStyle,
};
use plotters_svg::SVGBackend;

/// An sRGB colour: red, green, blue (the palette's, `display::palette`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// The backend's colour for `Rgb`: opaque, as every colour of the pictures is.
impl From<Rgb> for BackendColor {
    fn from(Rgb(r, g, b): Rgb) -> Self {
        BackendColor {
            alpha: 1.0,
            rgb: (r, g, b),
        }
    }
}

/// A rectangle of an SVG document being written: the whole picture, or a
/// part of it ([`part`](Self::part)) with its own origin.
#[derive(Clone)]
pub struct Canvas<'a> {
    backend: Rc<RefCell<SVGBackend<'a>>>,
    origin: (i32, i32),
    size: (u32, u32),
}

/// How a shape is painted: filled, or outlined with a stroke of some width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paint {
    colour: Rgb,
    filled: bool,
    width: u32,
}

impl Paint {
    /// The shape filled with `colour`.
    pub const fn fill(colour: Rgb) -> Self {
        Self {
            colour,
            filled: true,
            width: 1,
        }
    }

    /// The shape's outline in `colour`, `width` pixels wide.
    pub const fn stroke(colour: Rgb, width: u32) -> Self {
        Self {
            colour,
            filled: false,
            width,
        }
    }
}

impl BackendStyle for Paint {
    fn color(&self) -> BackendColor {
        self.colour.into()
    }

    fn stroke_width(&self) -> u32 {
        self.width
    }
}

/// A sans-serif font: its size, colour, weight and where the text's
/// position is on it (`palette::font` makes one).
#[derive(Clone, Copy)]
pub struct Font {
    pub(crate) px: f64,
    pub(crate) colour: Rgb,
    pub(crate) bold: bool,
    pub(crate) anchor: (HPos, VPos),
}

impl Font {
    /// The size the backend is given, here and in the charts: it writes
    /// `font-size` as size / 1.24 (plotters' convention for a font's em box),
    /// so `px` comes out.
    pub(super) fn backend_size(&self) -> f64 {
        self.px * 1.24
    }
}

impl BackendTextStyle for Font {
    type FontError = std::convert::Infallible;

    fn color(&self) -> BackendColor {
        self.colour.into()
    }

    fn size(&self) -> f64 {
        self.backend_size()
    }

    fn style(&self) -> FontStyle {
        if self.bold {
            FontStyle::Bold
        } else {
            FontStyle::Normal
        }
    }

    fn layout_box(&self, _: &str) -> Result<((i32, i32), (i32, i32)), Self::FontError> {
        // Only the SVG backend draws these fonts, and it lays nothing out:
        // the viewer does, from `text-anchor` and `dy`.
        Ok(((0, 0), (0, 0)))
    }

    fn anchor(&self) -> Pos {
        Pos::new(self.anchor.0, self.anchor.1)
    }

    fn family(&self) -> FontFamily<'_> {
        FontFamily::SansSerif
    }

    fn draw<E, DF: FnMut(i32, i32, BackendColor) -> Result<(), E>>(
        &self,
        _: &str,
        _: BackendCoord,
        _: DF,
    ) -> Result<Result<(), E>, Self::FontError> {
        // Rasterising text is a bitmap backend's need, never the SVG one's.
        Ok(Ok(()))
    }
}

impl<'a> Canvas<'a> {
    /// Draws a picture of `size` with `draw` and returns the SVG document,
    /// or what went wrong.
    pub(crate) fn render(
        size: (u32, u32),
        draw: impl FnOnce(&Canvas<'_>) -> Result<(), String>,
    ) -> Result<String, String> {
        let mut svg = String::new();
        {
            let canvas = Canvas {
                backend: Rc::new(RefCell::new(SVGBackend::with_string(&mut svg, size))),
                origin: (0, 0),
                size,
            };
            draw(&canvas)?;
            canvas
                .backend
                .borrow_mut()
                .present()
                .map_err(|e| e.to_string())?;
        }
        Ok(svg)
    }

    /// Width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// The part of this canvas at `at` (from its top-left corner) of `size`,
    /// whose own top-left corner is (0, 0). As plotters' `shrink`, it stays
    /// inside this canvas where it would start beyond it.
    pub fn part(&self, at: (u32, u32), size: (u32, u32)) -> Canvas<'a> {
        let right = self.origin.0 + self.size.0 as i32;
        let bottom = self.origin.1 + self.size.1 as i32;
        let x = right.min(self.origin.0 + at.0 as i32);
        let y = bottom.min(self.origin.1 + at.1 as i32);
        Canvas {
            backend: Rc::clone(&self.backend),
            origin: (x, y),
            size,
        }
    }

    /// The SVG backend everything is drawn with (the charts' too).
    pub(super) fn backend(&self) -> std::cell::RefMut<'_, SVGBackend<'a>> {
        self.backend.borrow_mut()
    }

    /// `(x, y)` of this canvas in the whole picture's pixels.
    pub(super) fn at(&self, (x, y): (i32, i32)) -> (i32, i32) {
        (self.origin.0 + x, self.origin.1 + y)
    }

    fn result<E: std::error::Error + Send + Sync>(
        result: Result<(), plotters_backend::DrawingErrorKind<E>>,
    ) -> Result<(), String> {
        result.map_err(|e| e.to_string())
    }

    /// Fills the whole canvas with `colour`.
    pub fn fill(&self, colour: Rgb) -> Result<(), String> {
        let (x, y) = self.origin;
        let end = (x + self.size.0 as i32, y + self.size.1 as i32);
        Self::result(
            self.backend()
                .draw_rect((x, y), end, &Paint::fill(colour), true),
        )
    }

    /// A rectangle from one corner to the opposite one.
    pub fn rect(&self, from: (i32, i32), to: (i32, i32), paint: Paint) -> Result<(), String> {
        let (a, b) = (self.at(from), self.at(to));
        let upper_left = (a.0.min(b.0), a.1.min(b.1));
        let lower_right = (a.0.max(b.0), a.1.max(b.1));
        Self::result(
            self.backend()
                .draw_rect(upper_left, lower_right, &paint, paint.filled),
        )
    }

    /// A circle of `radius` pixels around `centre`.
    pub fn circle(&self, centre: (i32, i32), radius: u32, paint: Paint) -> Result<(), String> {
        Self::result(
            self.backend()
                .draw_circle(self.at(centre), radius, &paint, paint.filled),
        )
    }

    /// A polygon through `points`, filled with `colour`.
    pub fn polygon(&self, points: &[(i32, i32)], colour: Rgb) -> Result<(), String> {
        let points = points.iter().map(|&p| self.at(p));
        Self::result(self.backend().fill_polygon(points, &Paint::fill(colour)))
    }

    /// A line through `points`.
    pub fn path(&self, points: &[(i32, i32)], paint: Paint) -> Result<(), String> {
        let points = points.iter().map(|&p| self.at(p));
        Self::result(self.backend().draw_path(points, &paint))
    }

    /// `text` in `font`, its anchor at `at`.
    pub fn text(&self, text: &str, at: (i32, i32), font: Font) -> Result<(), String> {
        Self::result(self.backend().draw_text(text, &font, self.at(at)))
    }
}
