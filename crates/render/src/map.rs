//! The board itself: regions filled by terrain and owner, borders and
//! coastlines, supply centres (value, home, destroyed), standoffs and names.

use crate::board::{coast_size, label_size, Board};
use crate::coast::Shore;
use crate::geometry::{Across, Pt};
use crate::palette;
use crate::svg::Svg;
use polemarch_engine::variant::{ProvinceId, Terrain};
use polemarch_engine::{Position, Variant};

/// Water or land, for coastlines: a coastline runs between the two.
fn watery(t: Terrain) -> bool {
    matches!(t, Terrain::Sea)
}

/// Is `p` drawn impassable: by its terrain, or because the variant's rules
/// let no unit enter it (Imperator's Sassanid spaces, I9)?
pub fn impassable(v: &Variant, p: ProvinceId) -> bool {
    v.province(p).terrain == Terrain::Impassable || v.rules.never_entered(v, p)
}

/// The fill of a province's region: sea blue, impassable grey, a centre in
/// its owner's colour, other land plain.
pub fn fill(v: &Variant, pos: &Position, p: ProvinceId) -> String {
    let province = v.province(p);
    match province.terrain {
        Terrain::Sea => palette::SEA.into(),
        _ if impassable(v, p) => palette::IMPASSABLE.into(),
        _ => match pos.owners.get(p.index()).copied().flatten() {
            Some(owner) => palette::tint(&palette::power(v, owner), 0.55),
            None => palette::LAND.into(),
        },
    }
}

/// The regions' group: filled without anti-aliasing (`crispEdges`), which
/// takes a third of the time of rasterising a map; every edge between two
/// regions has a border or the coastline drawn over it, anti-aliased, so
/// no jagged edge shows, and regions side by side leave no seam.
const REGIONS: &str = "<g id=\"regions\" shape-rendering=\"crispEdges\">\n";

pub fn regions(svg: &mut Svg, board: &Board, v: &Variant, pos: &Position) {
    if let Some(shore) = &board.shore {
        return coastal(svg, board, v, pos, shore);
    }
    svg.raw(REGIONS);
    cells(svg, board, v, pos, |_| true);
    svg.raw("</g>\n");
    borders(svg, board, v, |_| true, |a, b| vec![(a, b)]);
}

/// The regions of a map with its real coastline: the water's regions, then
/// the land (outside any region plain) with the land's regions cut to it,
/// then the coastline over both.
fn coastal(svg: &mut Svg, board: &Board, v: &Variant, pos: &Position, shore: &Shore) {
    let f = board.frame;
    let d = shore.path(true);
    let rest = shore.path(false);
    let rect = |colour: &str| {
        format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{colour}\"/>\n",
            f.min.x,
            f.min.y,
            f.width(),
            f.height()
        )
    };
    svg.raw(&format!("{REGIONS}{}", rect(palette::OPEN_SEA)));
    cells(svg, board, v, pos, |p| board.water[p.index()]);
    borders(svg, board, v, |p| board.water[p.index()], |a, b| vec![(a, b)]);
    svg.raw(&format!("<path fill=\"{}\" fill-rule=\"evenodd\" d=\"{d}{rest}\"/>\n", palette::OPEN_LAND));
    for (i, site) in board.sites.iter().enumerate() {
        let cell = &board.cells[i];
        if cell.points.is_empty() || board.water[site.province.index()] {
            continue;
        }
        let land = shore.land_in(&cell.points);
        if land.is_empty() {
            continue;
        }
        let colour = fill(v, pos, site.province);
        svg.raw(&format!(
            "<path fill=\"{colour}\" fill-rule=\"evenodd\" data-province=\"{}\" d=\"{land}\"/>\n",
            v.province(site.province).abbr
        ));
        if impassable(v, site.province) {
            svg.raw(&format!("<path fill=\"url(#hatch)\" fill-rule=\"evenodd\" d=\"{land}\"/>\n"));
        }
    }
    borders(svg, board, v, |p| !board.water[p.index()], |a, b| shore.on_land_parts(a, b));
    svg.raw(&format!(
        "<path id=\"coastline\" shape-rendering=\"auto\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\" \
         stroke-linejoin=\"bevel\" d=\"{d}{rest}\"/>\n</g>\n",
        palette::COAST,
        0.12 * board.unit
    ));
}

/// The cells of the provinces `shown` picks, filled by terrain and owner.
fn cells(svg: &mut Svg, board: &Board, v: &Variant, pos: &Position, shown: impl Fn(ProvinceId) -> bool) {
    for (i, site) in board.sites.iter().enumerate() {
        let cell = &board.cells[i];
        if cell.points.is_empty() || !shown(site.province) {
            continue;
        }
        let colour = fill(v, pos, site.province);
        let mut style = format!("fill=\"{colour}\"");
        style.push_str(&format!(" data-province=\"{}\"", v.province(site.province).abbr));
        svg.polygon(&cell.points, &style);
        if impassable(v, site.province) {
            svg.polygon(&cell.points, "fill=\"url(#hatch)\"");
        }
        if v.province(site.province).terrain == Terrain::Islands {
            svg.polygon(&cell.points, "fill=\"url(#waves)\"");
        }
    }
}

/// Each edge between two provinces' regions once: a coastline where water
/// meets land, a thin border elsewhere.
fn borders(
    svg: &mut Svg,
    board: &Board,
    v: &Variant,
    shown: impl Fn(ProvinceId) -> bool,
    parts: impl Fn(Pt, Pt) -> Vec<(Pt, Pt)>,
) {
    let u = board.unit;
    svg.raw("<g class=\"borders\" shape-rendering=\"auto\" stroke-linecap=\"round\">\n");
    for (i, cell) in board.cells.iter().enumerate() {
        let n = cell.points.len();
        let a = board.sites[i].province;
        for k in 0..n {
            let Across::Site(j) = cell.across[k] else { continue };
            let b = board.sites[j].province;
            if a == b || j < i || !shown(a) || !shown(b) {
                continue;
            }
            let (ta, tb) = (v.province(a).terrain, v.province(b).terrain);
            let style = if watery(ta) != watery(tb) {
                format!("stroke=\"{}\" stroke-width=\"{:.2}\"", palette::COAST, 0.16 * u)
            } else if watery(ta) {
                format!(
                    "stroke=\"{}\" stroke-width=\"{:.2}\" stroke-dasharray=\"{:.1} {:.1}\"",
                    palette::COAST,
                    0.04 * u,
                    0.2 * u,
                    0.2 * u
                )
            } else {
                format!("stroke=\"{}\" stroke-width=\"{:.2}\"", palette::BORDER, 0.06 * u)
            };
            for (x, y) in parts(cell.points[k], cell.points[(k + 1) % n]) {
                svg.line(x, y, &style);
            }
        }
    }
    svg.raw("</g>\n");
}

/// Supply centres: a dot (a small one for a Town, worth half), the number
/// of centres it counts for where more than one, a ring in the home power's
/// colour, a cross over a destroyed centre.
pub fn centres(svg: &mut Svg, board: &Board, v: &Variant, pos: &Position) {
    let u = board.unit;
    svg.raw("<g id=\"centres\">\n");
    for p in v.province_ids() {
        let Some(at) = board.centre_at[p.index()] else { continue };
        let value = v.province(p).centre;
        let r = if value < 2 { 0.24 * u } else { 0.32 * u };
        if let Some(home) = v.home_of(p) {
            svg.circle(
                at,
                r + 0.12 * u,
                &format!(
                    "fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\"",
                    palette::shade(&palette::power(v, home), 0.15),
                    0.14 * u
                ),
            );
        }
        let owner = pos.owners.get(p.index()).copied().flatten();
        let dot = owner.map_or("#ffffff".to_string(), |o| palette::power(v, o));
        svg.circle(at, r, &format!("fill=\"{dot}\" stroke=\"{}\" stroke-width=\"{:.2}\"", palette::INK, 0.06 * u));
        if value > 2 {
            let n = value / 2;
            svg.text(
                at,
                0.45 * u,
                &n.to_string(),
                &format!("fill=\"{}\" font-weight=\"bold\"", palette::text_on(&dot)),
            );
        }
        if pos.state.destroyed.contains(&p) {
            cross(svg, at, 0.5 * u, palette::FAILED, 0.1 * u);
        }
    }
    // A lent centre (Vedder D7): a dashed ring in the borrower's colour, an
    // `L` beside it, short dashes while the loan is ending. A chain of
    // loans is drawn once, for its last borrower, who has the supply.
    let loans = &pos.state.loans;
    for (i, loan) in loans.iter().enumerate() {
        if loans.get(i + 1).is_some_and(|next| next.centre == loan.centre) {
            continue;
        }
        let Some(at) = board.centre_at[loan.centre.index()] else { continue };
        let colour = palette::power(v, loan.borrower);
        let dash = if loan.ending { 0.08 * u } else { 0.22 * u };
        svg.raw("<g class=\"loan\">");
        svg.circle(
            at,
            0.62 * u,
            &format!(
                "fill=\"none\" stroke=\"{colour}\" stroke-width=\"{:.2}\" stroke-dasharray=\"{dash:.2} {:.2}\"",
                0.12 * u,
                0.1 * u
            ),
        );
        svg.text(
            Pt::new(at.x + 0.75 * u, at.y - 0.55 * u),
            0.5 * u,
            "L",
            &format!("fill=\"{colour}\" font-weight=\"bold\""),
        );
        svg.raw("</g>\n");
    }
    svg.raw("</g>\n");
}

/// Names, where the board placed them.
pub fn labels(svg: &mut Svg, board: &Board, v: &Variant) {
    let size = label_size(board.unit);
    svg.raw("<g id=\"names\" font-family=\"DejaVu Sans\">\n");
    for p in v.province_ids() {
        let Some((at, text)) = &board.label_at[p.index()] else { continue };
        let colour = if v.province(p).terrain == Terrain::Sea { palette::COAST } else { palette::INK };
        svg.text(*at, size, text, &format!("fill=\"{colour}\""));
    }
    // Each coast of a multi-coast province: its short name in italics by
    // the coast's point, where a fleet on that coast stands.
    let small = coast_size(board.unit);
    for &(c, at) in &board.coast_labels {
        let name = v.loc(c).coast.as_deref().unwrap_or("");
        svg.text(at, small, name, &format!("class=\"coast\" fill=\"{}\" font-style=\"italic\"", palette::COAST));
        let point = board.unit_at[c.index()];
        svg.circle(point, 0.1 * board.unit, &format!("fill=\"{}\"", palette::COAST));
    }
    svg.raw("</g>\n");
}

/// Provinces left empty by a standoff: a ring of short dashes.
pub fn standoffs(svg: &mut Svg, board: &Board, pos: &Position) {
    let u = board.unit;
    for &p in &pos.contested {
        let at = board.unit_at[p.index()];
        svg.circle(
            at,
            0.75 * u,
            &format!(
                "class=\"standoff\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\" stroke-dasharray=\"{:.1} \
                 {:.1}\"",
                palette::FAILED,
                0.12 * u,
                0.2 * u,
                0.15 * u
            ),
        );
        cross(svg, at, 0.35 * u, palette::FAILED, 0.1 * u);
    }
}

/// An X of half-size `r`.
pub fn cross(svg: &mut Svg, at: Pt, r: f64, colour: &str, width: f64) {
    let style = format!("stroke=\"{colour}\" stroke-width=\"{width:.2}\" stroke-linecap=\"round\"");
    svg.line(Pt::new(at.x - r, at.y - r), Pt::new(at.x + r, at.y + r), &style);
    svg.line(Pt::new(at.x - r, at.y + r), Pt::new(at.x + r, at.y - r), &style);
}

/// Patterns the regions use: hatching for impassable spaces, waves for islands.
pub fn defs(svg: &mut Svg, u: f64) {
    svg.raw(&format!(
        "<defs><pattern id=\"hatch\" patternUnits=\"userSpaceOnUse\" width=\"{w:.1}\" height=\"{w:.1}\" \
         patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"{w:.1}\" stroke=\"#6f6a62\" \
         stroke-width=\"{s:.2}\"/></pattern>\
         <pattern id=\"waves\" patternUnits=\"userSpaceOnUse\" width=\"{w:.1}\" height=\"{w:.1}\">\
         <circle cx=\"{h:.1}\" cy=\"{h:.1}\" r=\"{s:.2}\" fill=\"{sea}\"/></pattern></defs>\n",
        w = 0.5 * u,
        h = 0.25 * u,
        s = 0.08 * u,
        sea = palette::COAST
    ));
}
