//! polemarch-render: maps as pictures (docs/rendering.md). From a variant,
//! a position and, if given, a phase's orders with their results, an SVG;
//! from an SVG, a PNG with the font built in. No I/O: callers read and
//! write the files.

mod board;
mod forces;
mod geometry;
mod legend;
mod map;
mod orders;
mod palette;
mod phase;
mod placement;
mod png;
mod svg;

pub use board::{Board, Site};
pub use geometry::{Across, Cell, Pt, Rect};
pub use orders::DrawnOrder;
pub use phase::phase_orders;
pub use png::{png, WIDTHS};

use polemarch_engine::{Position, Variant};
use svg::Svg;

/// The picture's width in pixels: wide enough that a unit's mark is about
/// 16 pixels across (names stay readable on a map whose provinces are
/// crowded in one part), between 900 and 2400.
pub fn natural_width(board: &Board) -> u32 {
    (16.0 * board.frame.width() / board.unit).clamp(900.0, 2400.0).round() as u32
}

/// The SVG of `pos` on the variant's board, with `orders` drawn (none for a
/// plain position) and `title` above it (default: the variant and phase).
pub fn svg(v: &Variant, pos: &Position, orders: &[DrawnOrder], title: Option<&str>) -> String {
    svg_on(&Board::new(v), v, pos, orders, title)
}

/// The same, on a board already computed (for many phases of one variant).
pub fn svg_on(board: &Board, v: &Variant, pos: &Position, orders: &[DrawnOrder], title: Option<&str>) -> String {
    let mut body = Svg::new();
    map::defs(&mut body, board.unit);
    map::regions(&mut body, board, v, pos);
    map::centres(&mut body, board, v, pos);
    map::labels(&mut body, board, v);
    map::standoffs(&mut body, board, pos);
    forces::draw(&mut body, board, v, pos);
    orders::draw(&mut body, board, v, pos, orders);
    let default_title = format!("{}: {}", v.name, v.calendar.display(pos.phase));
    legend::title(&mut body, board, title.unwrap_or(&default_title));
    let below = legend::legend(&mut body, board, v, pos, !orders.is_empty());
    let f = board.frame;
    let top = f.min.y - legend::TITLE * board.unit;
    let (w, h) = (f.width(), f.max.y + below - top);
    let px_w = natural_width(board) as f64;
    let px_h = (px_w * h / w).round();
    let mut out = String::with_capacity(body.out.len() + 512);
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{px_w:.0}\" height=\"{px_h:.0}\" viewBox=\"{:.1} {:.1} {:.1} {:.1}\">\n<title>{}</title>\n",
        f.min.x,
        top,
        w,
        h,
        svg::escape(title.unwrap_or(&default_title))
    ));
    out.push_str(&format!("<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"#fbf8f0\"/>\n", f.min.x, top));
    out.push_str(&body.out);
    out.push_str("</svg>\n");
    out
}
