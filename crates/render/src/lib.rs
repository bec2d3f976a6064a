//! polemarch-render: maps as pictures (docs/rendering.md). From a variant,
//! a position and, if given, a phase's orders with their results, an SVG;
//! from an SVG, a PNG with the font built in. No I/O: callers read and
//! write the files.

mod board;
mod coast;
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
pub use coast::{Land, Projection, Shore};
pub use geometry::{Across, Cell, Pt, Rect};
pub use orders::DrawnOrder;
pub use phase::phase_orders;
pub use png::{png, WIDTHS};

use polemarch_engine::{Position, Variant};
use svg::Svg;

/// The coastline files of the built-in maps of real geography, by the
/// variant's id (the files the maps' `[picture]` tables name; the
/// renderer's, not the engine's: adjudication never carries them).
pub fn embedded_land(variant: &str) -> Option<&'static str> {
    match variant {
        "standard" | "multiplicity" => Some(include_str!("../../../variants/standard/coast.txt")),
        "ancient_mediterranean" => Some(include_str!("../../../variants/ancient_mediterranean/coast.txt")),
        "hoplite_wars" => Some(include_str!("../../../variants/hoplite_wars/coast.txt")),
        "diadochi_v" | "triumvirate" | "imperator" => Some(include_str!("../../../variants/vedder/coast.txt")),
        "city_state" => Some(include_str!("../../../variants/city_state/coast.txt")),
        _ => None,
    }
}

/// The board of a variant: with its real coastline when its map has a
/// `[picture]` and `land` is the text of its coastline file, else
/// schematic.
pub fn board_of(v: &Variant, land: Option<&str>) -> Result<Board, String> {
    match (&v.picture, land) {
        (Some(_), Some(text)) => Board::with_land(v, text),
        _ => Ok(Board::new(v)),
    }
}

/// The picture's width in pixels: wide enough that a unit's mark is about
/// 16 pixels across (names stay readable on a map whose provinces are
/// crowded in one part), between 900 and 2400.
pub fn natural_width(board: &Board) -> u32 {
    (16.0 * board.frame.width() / board.unit).clamp(900.0, 2400.0).round() as u32
}

/// The SVG of `pos` on the variant's board, with `orders` drawn (none for a
/// plain position) and `title` above it (default: the variant and phase).
/// On `Board::of(v)`: with the real coastline of a built-in map of real
/// geography, else schematic.
pub fn svg(v: &Variant, pos: &Position, orders: &[DrawnOrder], title: Option<&str>) -> String {
    svg_on(&Board::of(v), v, pos, orders, title)
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
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{px_w:.0}\" height=\"{px_h:.0}\" viewBox=\"{:.1} {:.1} \
         {:.1} {:.1}\">\n<title>{}</title>\n",
        f.min.x,
        top,
        w,
        h,
        svg::escape(title.unwrap_or(&default_title))
    ));
    out.push_str(&format!(
        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"{}\"/>\n",
        f.min.x,
        top,
        palette::PAPER
    ));
    out.push_str(&body.out);
    out.push_str("</svg>\n");
    out
}
