//! PNG from SVG through resvg, with DejaVu Sans (from the `dejavu` crate)
//! as the only font, so that a picture is the same on every machine.

use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// The narrowest and widest PNG drawn, in pixels: a width outside is
/// clamped to them (the command line refuses it instead).
pub const WIDTHS: std::ops::RangeInclusive<u32> = 16..=8000;

/// The fonts, read once: DejaVu Sans, regular and bold.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut fonts = usvg::fontdb::Database::new();
            fonts.load_font_data(dejavu::sans::regular().to_vec());
            fonts.load_font_data(dejavu::sans::bold().to_vec());
            Arc::new(fonts)
        })
        .clone()
}

/// Rasterises `svg` to a PNG `width` pixels wide (its height in
/// proportion); None: the size the SVG gives.
pub fn png(svg: &str, width: Option<u32>) -> Result<Vec<u8>, String> {
    let options = usvg::Options { font_family: "DejaVu Sans".into(), fontdb: fonts(), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("the picture is not valid SVG: {e}"))?;
    let size = tree.size();
    let width = width.unwrap_or(size.width().round() as u32).clamp(*WIDTHS.start(), *WIDTHS.end());
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).ceil() as u32;
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("cannot make a picture of {width}x{height} pixels"))?;
    // On the map's paper: the last row of pixels, which the picture covers
    // only in part, is then opaque too.
    let [r, g, b] = crate::palette::rgb(crate::palette::PAPER);
    pixmap.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    encode(&pixmap).map_err(|e| format!("cannot encode the PNG: {e}"))
}

/// The PNG of `pixmap`, which is opaque (drawn on the paper): RGB, with
/// fast compression, which makes the file somewhat larger and the encoding
/// several times quicker than the default level.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    // Premultiplied and straight colours are the same when opaque.
    let mut rgb = vec![0; pixmap.pixels().len() * 3];
    for (to, from) in rgb.chunks_exact_mut(3).zip(pixmap.data().chunks_exact(4)) {
        to.copy_from_slice(&from[..3]);
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.write_header()?.write_image_data(&rgb)?;
    Ok(out)
}
