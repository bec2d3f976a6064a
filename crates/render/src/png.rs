//! PNG from SVG through resvg, with DejaVu Sans (from the `dejavu` crate)
//! as the only font, so that a picture is the same on every machine.

use resvg::{tiny_skia, usvg};
use std::sync::Arc;

/// The narrowest and widest PNG drawn, in pixels: a width outside is
/// clamped to them (the command line refuses it instead).
pub const WIDTHS: std::ops::RangeInclusive<u32> = 16..=8000;

/// Rasterises `svg` to a PNG `width` pixels wide (its height in
/// proportion); None: the size the SVG gives.
pub fn png(svg: &str, width: Option<u32>) -> Result<Vec<u8>, String> {
    let mut fonts = usvg::fontdb::Database::new();
    fonts.load_font_data(dejavu::sans::regular().to_vec());
    fonts.load_font_data(dejavu::sans::bold().to_vec());
    let options = usvg::Options { font_family: "DejaVu Sans".into(), fontdb: Arc::new(fonts), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("the picture is not valid SVG: {e}"))?;
    let size = tree.size();
    let width = width.unwrap_or(size.width().round() as u32).clamp(*WIDTHS.start(), *WIDTHS.end());
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).ceil() as u32;
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or_else(|| format!("cannot make a picture of {width}x{height} pixels"))?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("cannot encode the PNG: {e}"))
}
