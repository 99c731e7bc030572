//! What every picture is: something drawn as SVG on a [`Canvas`] and
//! described in text, shown in Jupyter as both.

use super::canvas::Canvas;

/// Something that can be drawn as SVG and described in text.
pub trait Picture {
    /// Width and height in pixels.
    fn size(&self) -> (u32, u32);

    /// Draws the picture on `canvas`, whose top-left corner is the picture's.
    fn draw(&self, canvas: &Canvas<'_>) -> Result<(), String>;

    /// The same information as plain text.
    fn text(&self) -> String;

    /// The picture as a standalone SVG document.
    fn svg(&self) -> String {
        match Canvas::render(self.size(), |canvas| self.draw(canvas)) {
            Ok(svg) => on_a_card(svg, self.size()),
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

/// `svg` with its white background (the rectangle a picture fills first,
/// the whole canvas) made a card: rounded corners and a thin edge, so that
/// on a dark page it is a framed figure, not a white box. The pictures'
/// colours stay on white, where their contrast is tested; a transparent
/// background would follow no theme, since an SVG shown as an image cannot
/// see JupyterLab's. A picture with another background is left as it is.
pub(crate) fn on_a_card(svg: String, (width, height): (u32, u32)) -> String {
    use super::palette::{CARD_EDGE, CARD_RADIUS, WHITE};
    let hex = |c: super::canvas::Rgb| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
    let background = format!(
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" opacity=\"1\" fill=\"{}\" stroke=\"none\"/>",
        hex(WHITE)
    );
    // Inset by half the edge's width, so that the whole line is drawn.
    let card = format!(
        "<rect x=\"0.5\" y=\"0.5\" width=\"{}\" height=\"{}\" rx=\"{CARD_RADIUS}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1\"/>",
        width.saturating_sub(1),
        height.saturating_sub(1),
        hex(WHITE),
        hex(CARD_EDGE)
    );
    svg.replacen(&background, &card, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture drawn on white comes on a card: its background rounded and
    /// edged, once, the size unchanged; one drawn otherwise is left alone.
    #[test]
    fn a_picture_on_white_comes_on_a_card() {
        struct Blank;
        impl Picture for Blank {
            fn size(&self) -> (u32, u32) {
                (40, 30)
            }
            fn draw(&self, canvas: &Canvas<'_>) -> Result<(), String> {
                canvas.fill(super::super::palette::WHITE)
            }
            fn text(&self) -> String {
                String::new()
            }
        }
        let svg = Blank.svg();
        assert!(svg.starts_with("<svg width=\"40\" height=\"30\""), "{svg}");
        assert_eq!(svg.matches("<rect").count(), 1, "{svg}");
        assert!(
            svg.contains("width=\"39\" height=\"29\" rx=\"8\" fill=\"#FFFFFF\" stroke=\"#B0BEC5\""),
            "{svg}"
        );
        let plain = "<svg><rect x=\"1\"/></svg>".to_owned();
        assert_eq!(on_a_card(plain.clone(), (40, 30)), plain);
    }
}
