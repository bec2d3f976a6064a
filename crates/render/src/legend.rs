//! The title (the variant and the phase) above the map, and the legend
//! below it: each power's colour with its centres and units, then the
//! marks the picture uses.

use crate::board::Board;
use crate::geometry::Pt;
use crate::palette;
use crate::svg::Svg;
use polemarch_engine::{Position, Variant};

/// The height of the title band, in units.
pub const TITLE: f64 = 2.2;

pub fn title(svg: &mut Svg, board: &Board, text: &str) {
    let u = board.unit;
    let c = Pt::new(board.frame.min.x + 0.5 * u, board.frame.min.y - 0.5 * TITLE * u);
    svg.text_left(
        c,
        1.1 * u,
        text,
        &format!("fill=\"{}\" font-weight=\"bold\" font-family=\"DejaVu Sans\"", palette::INK),
    );
}

/// One legend row's entries, laid left to right and wrapped to the map's width.
struct Rows {
    x: f64,
    y: f64,
    left: f64,
    right: f64,
    u: f64,
}

impl Rows {
    /// The point where the next entry of `width` units starts.
    fn next(&mut self, width: f64) -> Pt {
        if self.x + width * self.u > self.right {
            self.x = self.left;
            self.y += 1.4 * self.u;
        }
        let p = Pt::new(self.x, self.y);
        self.x += width * self.u;
        p
    }
}

/// Draws the legend below the frame; returns the height it took, in map units.
pub fn legend(svg: &mut Svg, board: &Board, v: &Variant, pos: &Position, with_orders: bool) -> f64 {
    let u = board.unit;
    let f = board.frame;
    let size = 0.62 * u;
    let style = format!("fill=\"{}\" font-family=\"DejaVu Sans\"", palette::INK);
    let mut rows =
        Rows { x: f.min.x + 0.5 * u, y: f.max.y + 1.2 * u, left: f.min.x + 0.5 * u, right: f.max.x - 0.5 * u, u };
    svg.raw("<g id=\"legend\">\n");
    for p in v.power_ids() {
        let colour = palette::power(v, p);
        let halves: u32 = v
            .province_ids()
            .filter(|&q| pos.owners.get(q.index()).copied().flatten() == Some(p))
            .map(|q| v.province(q).centre as u32)
            .sum();
        let units: usize = pos.forces.iter().filter(|f| f.power == p).map(|f| f.components.len()).sum();
        let centres = if halves % 2 == 1 { format!("{}½", halves / 2) } else { (halves / 2).to_string() };
        let text = format!(
            "{}: {centres} {}, {units} {}",
            v.power(p).name,
            if halves == 2 { "centre" } else { "centres" },
            if units == 1 { "unit" } else { "units" }
        );
        let width = 1.4 + text.chars().count() as f64 * 0.4 + 0.8;
        let at = rows.next(width);
        svg.rect(
            Pt::new(at.x, at.y - 0.4 * u),
            0.8 * u,
            0.8 * u,
            0.15 * u,
            &format!("fill=\"{colour}\" stroke=\"{}\"", palette::shade(&colour, 0.5)),
        );
        svg.text_left(Pt::new(at.x + 1.1 * u, at.y), size, &text, &style);
    }
    rows.x = rows.right;
    let mut entry = |svg: &mut Svg, label: &str, draw: &dyn Fn(&mut Svg, Pt)| {
        let width = 1.6 + label.chars().count() as f64 * 0.4 + 0.8;
        let at = rows.next(width);
        draw(svg, Pt::new(at.x + 0.5 * u, at.y));
        svg.text_left(Pt::new(at.x + 1.3 * u, at.y), size, label, &style);
    };
    let ink = palette::INK;
    entry(svg, "supply centre (owner's colour)", &|s, c| {
        s.circle(c, 0.32 * u, &format!("fill=\"#ffffff\" stroke=\"{ink}\" stroke-width=\"{:.2}\"", 0.06 * u))
    });
    entry(svg, "ring: home centre", &|s, c| {
        s.circle(c, 0.44 * u, &format!("fill=\"none\" stroke=\"{ink}\" stroke-width=\"{:.2}\"", 0.14 * u))
    });
    if v.province_ids().any(|p| v.province(p).centre == 1) {
        entry(svg, "Town (half a centre)", &|s, c| {
            s.circle(c, 0.24 * u, &format!("fill=\"#ffffff\" stroke=\"{ink}\" stroke-width=\"{:.2}\"", 0.06 * u))
        });
    }
    if v.province_ids().any(|p| v.province(p).centre > 2) {
        entry(svg, "number: centres it counts for", &|s, c| {
            s.circle(c, 0.32 * u, &format!("fill=\"#ffffff\" stroke=\"{ink}\" stroke-width=\"{:.2}\"", 0.06 * u));
            s.text(c, 0.45 * u, "2", "font-weight=\"bold\"");
        });
    }
    if !pos.state.loans.is_empty() {
        entry(svg, "L, dashed ring: centre lent (borrower's colour)", &|s, c| {
            s.circle(
                c,
                0.4 * u,
                &format!(
                    "fill=\"none\" stroke=\"{ink}\" stroke-width=\"{:.2}\" stroke-dasharray=\"{:.2} {:.2}\"",
                    0.1 * u,
                    0.18 * u,
                    0.08 * u
                ),
            )
        });
    }
    entry(svg, "A army, F fleet, 2A/F a force", &|s, c| {
        s.rect(
            Pt::new(c.x - 0.4 * u, c.y - 0.35 * u),
            0.8 * u,
            0.7 * u,
            0.2 * u,
            &format!("fill=\"#bbbbbb\" stroke=\"{ink}\""),
        )
    });
    entry(svg, "dislodged", &|s, c| {
        s.rect(
            Pt::new(c.x - 0.4 * u, c.y - 0.35 * u),
            0.8 * u,
            0.7 * u,
            0.2 * u,
            &format!("fill=\"#bbbbbb\" stroke=\"{}\" stroke-width=\"{:.2}\"", palette::FAILED, 0.14 * u),
        )
    });
    entry(svg, "standoff", &|s, c| {
        s.circle(
            c,
            0.4 * u,
            &format!(
                "fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\" stroke-dasharray=\"{:.1} {:.1}\"",
                palette::FAILED,
                0.1 * u,
                0.15 * u,
                0.1 * u
            ),
        )
    });
    if v.province_ids().any(|p| v.province(p).walls_of.is_some()) {
        entry(svg, "behind the walls", &|s, c| {
            s.rect(
                Pt::new(c.x - 0.45 * u, c.y - 0.4 * u),
                0.9 * u,
                0.8 * u,
                0.0,
                &format!(
                    "fill=\"none\" stroke=\"{ink}\" stroke-width=\"{:.2}\" stroke-dasharray=\"{:.1} {:.1}\"",
                    0.1 * u,
                    0.2 * u,
                    0.1 * u
                ),
            )
        });
    }
    if v.province_ids().any(|p| crate::map::impassable(v, p)) {
        entry(svg, "impassable", &|s, c| {
            s.rect(
                Pt::new(c.x - 0.4 * u, c.y - 0.35 * u),
                0.8 * u,
                0.7 * u,
                0.0,
                &format!("fill=\"{}\"", palette::IMPASSABLE),
            )
        });
    }
    if with_orders {
        let line = |colour: &str, dash: &str| {
            let colour = colour.to_string();
            let dash = dash.to_string();
            move |s: &mut Svg, c: Pt| {
                s.line(
                    Pt::new(c.x - 0.5 * u, c.y),
                    Pt::new(c.x + 0.5 * u, c.y),
                    &format!("stroke=\"{colour}\" stroke-width=\"{:.2}\" {dash}", 0.16 * u),
                )
            }
        };
        entry(svg, "order succeeded", &line(ink, ""));
        entry(svg, "failed (red cross)", &line(ink, &format!("stroke-dasharray=\"{:.1} {:.1}\"", 0.3 * u, 0.15 * u)));
        entry(svg, "illegal", &line(palette::ILLEGAL, &format!("stroke-dasharray=\"{:.1} {:.1}\"", 0.1 * u, 0.2 * u)));
        entry(svg, "support (ring), convoy (dots)", &|s, c| {
            s.circle(c, 0.22 * u, &format!("fill=\"none\" stroke=\"{ink}\" stroke-width=\"{:.2}\"", 0.09 * u))
        });
    }
    svg.raw("</g>\n");
    rows.y + 1.0 * u - f.max.y
}
