//! What every picture is: something drawn as SVG on an [`Area`] and described
//! in text, shown in Jupyter as both.

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea, SVGBackend};

/// The area a picture draws on: an SVG canvas, or a part of one.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Something that can be drawn as SVG and described in text.
pub trait Picture {
    /// Width and height in pixels.
    fn size(&self) -> (u32, u32);

    /// Draws the picture on `area`, whose top-left corner is the picture's.
    fn draw(&self, area: &Area<'_>) -> Result<(), String>;

    /// The same information as plain text.
    fn text(&self) -> String;

    /// The picture as a standalone SVG document.
    fn svg(&self) -> String {
        let mut svg = String::new();
        let result = {
            let area = SVGBackend::with_string(&mut svg, self.size()).into_drawing_area();
            self.draw(&area)
                .and_then(|()| area.present().map_err(|e| e.to_string()))
        };
        match result {
            Ok(()) => svg,
            // Drawing into a string cannot fail short of a bug; say so in the
            // picture rather than panic in the reader's notebook.
            Err(error) => format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"40\">\
                 <text x=\"8\" y=\"24\">could not draw: {}</text></svg>",
                error.replace('&', "&amp;").replace('<', "&lt;")
            ),
        }
    }

    /// Writes [`svg`](Self::svg) to `path`.
    fn save_svg(&self, path: &std::path::Path) -> std::io::Result<()> {
        std::fs::write(path, self.svg())
    }
}

/// Prints one Jupyter display bundle: the SVG and its text version.
pub(crate) fn show(picture: &impl Picture) {
    println!(
        "EVCXR_BEGIN_CONTENT image/svg+xml\n{}\nEVCXR_END_CONTENT",
        picture.svg()
    );
    println!(
        "EVCXR_BEGIN_CONTENT text/plain\n{}\nEVCXR_END_CONTENT",
        picture.text()
    );
}
