//! Forces: one mark each, in its power's colour, with its composition
//! written on it (`A`, `F`, `2A/F`, `G`, `DA`, `A*`): an army's mark is a
//! rounded box, a fleet's a hull. Several forces in a box stand in a row;
//! behind the walls, a force has a wall drawn round it; a dislodged force
//! stands aside, red-edged, with a red arrow from where the attack came.

use crate::board::{text_width, Board};
use crate::geometry::Pt;
use crate::palette;
use crate::svg::Svg;
use polemarch_engine::state::{write_composition, Dislodged};
use polemarch_engine::variant::LocId;
use polemarch_engine::{Force, Position, Variant};

/// Where each force of the position is drawn, in the position's order.
pub fn places(board: &Board, v: &Variant, pos: &Position) -> Vec<Pt> {
    let u = board.unit;
    let mut seen: Vec<(usize, usize)> = Vec::new();
    pos.forces
        .iter()
        .map(|f| {
            let p = v.province_of(f.loc).index();
            let k = match seen.iter_mut().find(|(q, _)| *q == p) {
                Some((_, n)) => {
                    *n += 1;
                    *n - 1
                }
                None => {
                    seen.push((p, 1));
                    0
                }
            };
            let at = board.unit_at[f.loc.index()];
            // In a box, the forces stand in rows of four.
            Pt::new(at.x + (k % 4) as f64 * 1.7 * u, at.y + (k / 4) as f64 * 1.3 * u)
        })
        .collect()
}

/// Where a dislodged force at `loc` is drawn: down and to the right of its place.
pub fn dislodged_place(board: &Board, loc: LocId) -> Pt {
    let at = board.unit_at[loc.index()];
    Pt::new(at.x + 0.9 * board.unit, at.y + 0.8 * board.unit)
}

pub fn draw(svg: &mut Svg, board: &Board, v: &Variant, pos: &Position) {
    let places = places(board, v, pos);
    svg.raw("<g id=\"forces\" font-family=\"DejaVu Sans\">\n");
    for (f, &at) in pos.forces.iter().zip(&places) {
        let walled = v.province(v.province_of(f.loc)).walls_of.is_some();
        mark(svg, board, v, f, at, Style { dislodged: false, walled });
    }
    svg.raw("</g>\n<g id=\"dislodged\" font-family=\"DejaVu Sans\">\n");
    for d in &pos.dislodged {
        dislodged(svg, board, v, d);
    }
    svg.raw("</g>\n");
}

fn dislodged(svg: &mut Svg, board: &Board, v: &Variant, d: &Dislodged) {
    let at = dislodged_place(board, d.force.loc);
    if let Some(from) = d.attacker_from {
        let src = board.unit_at[LocId::of_province(from).index()];
        let style =
            format!("stroke=\"{}\" stroke-width=\"{:.2}\" stroke-opacity=\"0.7\"", palette::FAILED, 0.08 * board.unit);
        svg.line(src.lerp(at, 0.55), at.lerp(src, 0.25), &style);
    }
    mark(svg, board, v, &d.force, at, Style { dislodged: true, walled: false });
}

#[derive(Clone, Copy)]
pub struct Style {
    pub dislodged: bool,
    pub walled: bool,
}

/// The mark of one force at `at`.
pub fn mark(svg: &mut Svg, board: &Board, v: &Variant, f: &Force, at: Pt, style: Style) {
    let u = board.unit;
    let colour = palette::power(v, f.power);
    let text = write_composition(&f.components);
    let size = if text.len() > 2 { 0.55 * u } else { 0.7 * u };
    let w = (text_width(&text, size) + 0.5 * u).max(1.3 * u);
    let h = 1.0 * u;
    let (edge, width) = if style.dislodged {
        (palette::FAILED.to_string(), 0.16 * u)
    } else {
        (palette::shade(&colour, 0.5), 0.08 * u)
    };
    let opacity = if style.dislodged { " fill-opacity=\"0.8\"" } else { "" };
    let class = if style.dislodged { "force dislodged" } else { "force" };
    let body = format!("class=\"{class}\" fill=\"{colour}\" stroke=\"{edge}\" stroke-width=\"{width:.2}\"{opacity}");
    if style.walled {
        let m = 0.22 * u;
        svg.rect(
            Pt::new(at.x - w / 2.0 - m, at.y - h / 2.0 - m),
            w + 2.0 * m,
            h + 2.0 * m,
            0.0,
            &format!(
                "class=\"walls\" fill=\"#fdfbf5\" stroke=\"{}\" stroke-width=\"{:.2}\" stroke-dasharray=\"{:.1} \
                 {:.1}\"",
                palette::INK,
                0.12 * u,
                0.25 * u,
                0.12 * u
            ),
        );
    }
    if f.is_fleet() {
        hull(svg, at, w, h, &body);
    } else {
        svg.rect(Pt::new(at.x - w / 2.0, at.y - h / 2.0), w, h, 0.25 * u, &body);
    }
    svg.text(at, size, &text, &format!("fill=\"{}\" font-weight=\"bold\"", palette::text_on(&colour)));
}

/// A fleet's hull: flat deck, sloping bow and stern.
fn hull(svg: &mut Svg, at: Pt, w: f64, h: f64, style: &str) {
    let (l, r, t, b) = (at.x - w / 2.0, at.x + w / 2.0, at.y - h / 2.0, at.y + h / 2.0);
    let points = [Pt::new(l - 0.15 * h, t), Pt::new(r + 0.15 * h, t), Pt::new(r - 0.2 * h, b), Pt::new(l + 0.2 * h, b)];
    svg.polygon(&points, style);
}
