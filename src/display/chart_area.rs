//! The charts draw with plotters (feature `charts`) on a [`Canvas`]: the
//! canvas as a plotters backend, and the palette's colours and fonts as
//! plotters' own.

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea};
use plotters::style::{Color, FontStyle, IntoFont, TextStyle};
use plotters_backend::text_anchor::Pos;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};

use super::canvas::{Canvas, Font, Rgb};

/// What a chart draws on: plotters' drawing area over a [`Canvas`].
pub(crate) type ChartArea<'a> = DrawingArea<Shared<'a>, Shift>;

/// A canvas as a plotters backend: every call goes to the canvas's SVG
/// backend, moved by the canvas's origin, so that a chart's SVG is what
/// plotters' own SVG backend would write.
pub(crate) struct Shared<'a>(Canvas<'a>);

impl<'a> Canvas<'a> {
    /// This canvas as plotters' drawing area, for a chart.
    pub(crate) fn plot(&self) -> ChartArea<'a> {
        Shared(self.clone()).into_drawing_area()
    }
}

impl Color for Rgb {
    fn to_backend_color(&self) -> BackendColor {
        (*self).into()
    }
}

impl From<Font> for TextStyle<'static> {
    fn from(font: Font) -> Self {
        let face = ("sans-serif", font.backend_size()).into_font();
        let face = if font.bold {
            face.style(FontStyle::Bold)
        } else {
            face
        };
        TextStyle {
            font: face,
            color: font.colour.to_backend_color(),
            pos: Pos::new(font.anchor.0, font.anchor.1),
        }
    }
}

type Failure = DrawingErrorKind<std::io::Error>;

impl DrawingBackend for Shared<'_> {
    type ErrorType = std::io::Error;

    fn get_size(&self) -> (u32, u32) {
        self.0.size()
    }

    fn ensure_prepared(&mut self) -> Result<(), Failure> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), Failure> {
        // The canvas presents the document once, when every part is drawn.
        Ok(())
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Failure> {
        let point = self.0.at(point);
        self.0.backend().draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), Failure> {
        let (from, to) = (self.0.at(from), self.0.at(to));
        self.0.backend().draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Failure> {
        let (a, b) = (self.0.at(upper_left), self.0.at(bottom_right));
        self.0.backend().draw_rect(a, b, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Failure> {
        let path: Vec<_> = path.into_iter().map(|p| self.0.at(p)).collect();
        self.0.backend().draw_path(path, style)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Failure> {
        let vert: Vec<_> = vert.into_iter().map(|p| self.0.at(p)).collect();
        self.0.backend().fill_polygon(vert, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Failure> {
        let center = self.0.at(center);
        self.0.backend().draw_circle(center, radius, style, fill)
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), Failure> {
        let pos = self.0.at(pos);
        self.0.backend().draw_text(text, style, pos)
    }
}
