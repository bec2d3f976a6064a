//! Real coastlines: the land of a map of real geography (its coastline
//! file, made by tools/coastlines.py from Natural Earth) and the projection
//! from longitude and latitude to the map's coordinates, fitted to the
//! map's georeference (map.toml `[picture]`, docs/variant-format.md).

use crate::geometry::{Pt, Rect};
use polemarch_engine::Variant;

/// The land of a map, ring by ring, in degrees: `[longitude, latitude]`.
#[derive(Clone, Debug, Default)]
pub struct Land {
    pub rings: Vec<Vec<[f64; 2]>>,
}

impl Land {
    /// Reads a coastline file: `#` comments, then one ring a line, its
    /// points `lon,lat` separated by spaces, at least three of them.
    pub fn parse(text: &str) -> Result<Land, String> {
        let mut rings = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut ring = Vec::new();
            for (k, word) in line.split_whitespace().enumerate() {
                let point =
                    word.split_once(',').and_then(|(a, b)| Some([a.parse::<f64>().ok()?, b.parse::<f64>().ok()?]));
                match point {
                    Some([lon, lat])
                        if lon.is_finite() && lat.is_finite() && lon.abs() <= 540.0 && lat.abs() <= 90.0 =>
                    {
                        ring.push([lon, lat])
                    }
                    _ => {
                        return Err(format!(
                            "line {}, point {}: `{word}`: expected `longitude,latitude` in degrees",
                            i + 1,
                            k + 1
                        ))
                    }
                }
            }
            if ring.len() < 3 {
                return Err(format!("line {}: a ring of land needs at least three points, not {}", i + 1, ring.len()));
            }
            rings.push(ring);
        }
        if rings.is_empty() {
            return Err("no ring of land: expected one ring a line, `lon,lat lon,lat ...`".into());
        }
        Ok(Land { rings })
    }
}

/// From the globe to the map: a thin-plate spline through the places (an
/// affine map, bent so that every place falls exactly on its province's
/// point), on longitude scaled by the cosine of the places' mean latitude.
#[derive(Clone, Debug)]
pub struct Projection {
    cos_lat: f64,
    /// The places, scaled: the spline's centres.
    centres: Vec<Pt>,
    /// Centre and scale of the places, for a well-conditioned system.
    mid: Pt,
    scale: f64,
    /// For x and for y: the weight of each centre, then the affine part
    /// (constant, u, v).
    coef: [Vec<f64>; 2],
}

impl Projection {
    /// Fits the projection to `places`: (`[lon, lat]`, the map point it is).
    pub fn fit(places: &[([f64; 2], Pt)]) -> Result<Projection, String> {
        let n = places.len();
        if n < 3 {
            return Err(format!("{n} places: at least three are needed"));
        }
        let cos_lat = (places.iter().map(|p| p.0[1]).sum::<f64>() / n as f64).to_radians().cos();
        let raw: Vec<Pt> = places.iter().map(|p| Pt::new(p.0[0] * cos_lat, p.0[1])).collect();
        let mid =
            Pt::new(raw.iter().map(|p| p.x).sum::<f64>() / n as f64, raw.iter().map(|p| p.y).sum::<f64>() / n as f64);
        let scale = raw.iter().map(|p| p.dist(mid)).fold(0.0, f64::max).max(1e-9);
        let centres: Vec<Pt> = raw.iter().map(|p| Pt::new((p.x - mid.x) / scale, (p.y - mid.y) / scale)).collect();
        for i in 0..n {
            for j in 0..i {
                if centres[i].dist(centres[j]) < 1e-9 {
                    return Err(format!("places {} and {} are at the same longitude and latitude", j + 1, i + 1));
                }
            }
        }
        let size = n + 3;
        let mut m = vec![vec![0.0; size]; size];
        for i in 0..n {
            for j in 0..n {
                m[i][j] = kernel(centres[i].dist(centres[j]));
            }
            let row = [1.0, centres[i].x, centres[i].y];
            for k in 0..3 {
                m[i][n + k] = row[k];
                m[n + k][i] = row[k];
            }
        }
        let mut coef = [Vec::new(), Vec::new()];
        for (axis, c) in coef.iter_mut().enumerate() {
            let mut rhs = vec![0.0; size];
            for i in 0..n {
                rhs[i] = if axis == 0 { places[i].1.x } else { places[i].1.y };
            }
            *c = solve(m.clone(), rhs).ok_or("the places lie on one line: they fix no projection")?;
        }
        Ok(Projection { cos_lat, centres, mid, scale, coef })
    }

    /// The fit of a variant's georeference (map.toml `[picture]`).
    pub fn of(v: &Variant) -> Result<Projection, String> {
        let picture = v.picture.as_ref().ok_or("the map has no [picture] table: it is drawn schematically")?;
        let places: Vec<([f64; 2], Pt)> =
            picture.places.iter().map(|&(p, lonlat)| (lonlat, crate::board::pt(v.province(p).at))).collect();
        Projection::fit(&places)
    }

    /// Where a point of the globe is on the map.
    pub fn project(&self, lonlat: [f64; 2]) -> Pt {
        let p = Pt::new((lonlat[0] * self.cos_lat - self.mid.x) / self.scale, (lonlat[1] - self.mid.y) / self.scale);
        let n = self.centres.len();
        let (cx, cy) = (&self.coef[0], &self.coef[1]);
        let mut x = cx[n] + cx[n + 1] * p.x + cx[n + 2] * p.y;
        let mut y = cy[n] + cy[n + 1] * p.x + cy[n + 2] * p.y;
        for (i, q) in self.centres.iter().enumerate() {
            let k = kernel_squared((p.x - q.x).powi(2) + (p.y - q.y).powi(2));
            x += cx[i] * k;
            y += cy[i] * k;
        }
        Pt::new(x, y)
    }

    /// How far the projection bends away from the best affine map of the
    /// places, as the largest distance of a place from where that affine
    /// map puts it, in map units: a measure of how freely the map is drawn.
    pub fn bend(&self, places: &[([f64; 2], Pt)]) -> f64 {
        let n = self.centres.len();
        places
            .iter()
            .map(|(lonlat, _)| {
                let p = Pt::new(
                    (lonlat[0] * self.cos_lat - self.mid.x) / self.scale,
                    (lonlat[1] - self.mid.y) / self.scale,
                );
                let affine = |c: &Vec<f64>| c[n] + c[n + 1] * p.x + c[n + 2] * p.y;
                Pt::new(affine(&self.coef[0]), affine(&self.coef[1])).dist(self.project(*lonlat))
            })
            .fold(0.0, f64::max)
    }
}

/// The thin-plate spline's radial function, r² log r.
fn kernel(r: f64) -> f64 {
    kernel_squared(r * r)
}

/// The same of r², without a square root: r² log r = r² log(r²) / 2.
fn kernel_squared(r2: f64) -> f64 {
    if r2 < 1e-24 {
        0.0
    } else {
        0.5 * r2 * r2.ln()
    }
}

/// Gaussian elimination with partial pivoting; None if singular.
fn solve(mut m: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &c| m[a][col].abs().total_cmp(&m[c][col].abs()))?;
        if m[pivot][col].abs() < 1e-10 {
            return None;
        }
        m.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = m[col].clone();
        for row in col + 1..n {
            let f = m[row][col] / pivot_row[col];
            if f != 0.0 {
                for (x, p) in m[row][col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= f * p;
                }
                b[row] -= f * b[col];
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| m[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / m[row][row];
    }
    Some(x)
}

/// The land on the picture: its rings projected and cut to the frame, and
/// an index to tell quickly whether a point is on land.
#[derive(Clone, Debug)]
pub struct Shore {
    pub rings: Vec<Vec<Pt>>,
    /// Whether each ring is part of the board: it holds the point of a
    /// province on the land. Other land (Ireland on the standard map) is
    /// drawn, but is no province's.
    pub played: Vec<bool>,
    /// Each ring's bounding box.
    boxes: Vec<Rect>,
    /// The frame cut into horizontal strips; each strip lists the ring
    /// edges (ring, index of the edge's first point) that cross it.
    strips: Vec<Vec<(u32, u32)>>,
    top: f64,
    strip: f64,
}

const STRIPS: usize = 256;

impl Shore {
    /// `points`: the points of the provinces on the land; a ring holding
    /// none of them is not played.
    pub fn new(land: &Land, projection: &Projection, frame: Rect, points: &[Pt]) -> Shore {
        let rings: Vec<Vec<Pt>> = land
            .rings
            .iter()
            .map(|r| clip_to(&r.iter().map(|&p| projection.project(p)).collect::<Vec<_>>(), frame))
            .filter(|r| r.len() >= 3)
            .collect();
        let strip = frame.height() / STRIPS as f64;
        let mut strips = vec![Vec::new(); STRIPS];
        for (i, r) in rings.iter().enumerate() {
            for k in 0..r.len() {
                let (a, b) = (r[k], r[(k + 1) % r.len()]);
                let lo = (((a.y.min(b.y) - frame.min.y) / strip).floor().max(0.0) as usize).min(STRIPS - 1);
                let hi = (((a.y.max(b.y) - frame.min.y) / strip).floor().max(0.0) as usize).min(STRIPS - 1);
                for s in &mut strips[lo..=hi] {
                    s.push((i as u32, k as u32));
                }
            }
        }
        let boxes = rings
            .iter()
            .map(|r| Rect {
                min: Pt::new(
                    r.iter().map(|p| p.x).fold(f64::MAX, f64::min),
                    r.iter().map(|p| p.y).fold(f64::MAX, f64::min),
                ),
                max: Pt::new(
                    r.iter().map(|p| p.x).fold(f64::MIN, f64::max),
                    r.iter().map(|p| p.y).fold(f64::MIN, f64::max),
                ),
            })
            .collect();
        let mut shore = Shore { played: vec![true; rings.len()], rings, boxes, strips, top: frame.min.y, strip };
        let n = shore.rings.len();
        // A lake (the Caspian) is a ring inside another: it is played as
        // the land round it is.
        let holder: Vec<Option<usize>> =
            (0..n).map(|i| (0..n).find(|&j| j != i && shore.in_ring(j, shore.rings[i][0]))).collect();
        let played: Vec<bool> = (0..n).map(|i| points.iter().any(|&p| shore.in_ring(i, p))).collect();
        shore.played = (0..n).map(|i| holder[i].map_or(played[i], |j| played[j])).collect();
        shore
    }

    /// Is `p` inside ring `i`?
    fn in_ring(&self, i: usize, p: Pt) -> bool {
        let s = ((p.y - self.top) / self.strip).floor();
        if s < 0.0 || s >= STRIPS as f64 {
            return false;
        }
        let r = &self.rings[i];
        let mut inside = false;
        for &(j, k) in &self.strips[s as usize] {
            if j as usize != i {
                continue;
            }
            let (a, b) = (r[k as usize], r[(k as usize + 1) % r.len()]);
            if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                inside = !inside;
            }
        }
        inside
    }

    /// Is `p` on the board's land (inside an odd number of played rings)?
    pub fn on_land(&self, p: Pt) -> bool {
        let s = ((p.y - self.top) / self.strip).floor();
        if s < 0.0 || s >= STRIPS as f64 {
            return false;
        }
        let mut inside = false;
        for &(i, k) in &self.strips[s as usize] {
            if !self.played[i as usize] {
                continue;
            }
            let r = &self.rings[i as usize];
            let (a, b) = (r[k as usize], r[(k as usize + 1) % r.len()]);
            if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                inside = !inside;
            }
        }
        inside
    }

    /// The SVG path (for an even-odd fill) of the board's land inside the
    /// convex `cell`: each played ring cut to it. Empty if none is.
    pub fn land_in(&self, cell: &[Pt]) -> String {
        let (mut min, mut max) = (Pt::new(f64::MAX, f64::MAX), Pt::new(f64::MIN, f64::MIN));
        for p in cell {
            min = Pt::new(min.x.min(p.x), min.y.min(p.y));
            max = Pt::new(max.x.max(p.x), max.y.max(p.y));
        }
        let cell_box = Rect { min, max };
        let mut d = String::new();
        for (i, r) in self.rings.iter().enumerate() {
            if !self.played[i] || !self.boxes[i].overlaps(&cell_box) {
                continue;
            }
            let piece = clip_convex(r, cell);
            if piece.len() < 3 {
                continue;
            }
            ring_path(&mut d, &piece);
        }
        d
    }

    /// The parts of the segment from `a` to `b` on the board's land, to a
    /// 24th of its length.
    pub fn on_land_parts(&self, a: Pt, b: Pt) -> Vec<(Pt, Pt)> {
        const STEPS: usize = 24;
        let mut parts = Vec::new();
        let mut start: Option<f64> = None;
        for k in 0..=STEPS {
            let t = k as f64 / STEPS as f64;
            let land = k < STEPS && self.on_land(a.lerp(b, t + 0.5 / STEPS as f64));
            match (land, start) {
                (true, None) => start = Some(t),
                (false, Some(t0)) => {
                    parts.push((a.lerp(b, t0), a.lerp(b, t)));
                    start = None;
                }
                _ => {}
            }
        }
        parts
    }

    /// The SVG path of the rings, of the board's land (`played`) or of
    /// the rest.
    pub fn path(&self, played: bool) -> String {
        let mut d = String::with_capacity(self.rings.iter().map(|r| r.len() * 14).sum());
        for (_, r) in self.rings.iter().enumerate().filter(|&(i, _)| self.played[i] == played) {
            ring_path(&mut d, r);
        }
        d
    }
}

/// Appends a closed ring to an SVG path.
fn ring_path(d: &mut String, ring: &[Pt]) {
    use std::fmt::Write;
    for (k, p) in ring.iter().enumerate() {
        let _ = write!(d, "{}{:.3},{:.3}", if k == 0 { 'M' } else { 'L' }, p.x, p.y);
    }
    d.push('Z');
}

/// The part of `ring` inside the convex polygon `cell` (Sutherland-Hodgman:
/// where the ring leaves and re-enters the cell, the piece runs along the
/// cell's edge, which an even-odd fill leaves unseen).
pub fn clip_convex(ring: &[Pt], cell: &[Pt]) -> Vec<Pt> {
    let n = cell.len();
    let area: f64 = (0..n).map(|k| cell[k].x * cell[(k + 1) % n].y - cell[(k + 1) % n].x * cell[k].y).sum();
    let sign = area.signum();
    let mut out = ring.to_vec();
    for k in 0..n {
        let (a, b) = (cell[k], cell[(k + 1) % n]);
        let side = |p: Pt| sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x));
        let input = std::mem::take(&mut out);
        let m = input.len();
        for i in 0..m {
            let (p, q) = (input[i], input[(i + 1) % m]);
            let (sp, sq) = (side(p), side(q));
            if sp >= 0.0 {
                out.push(p);
            }
            if (sp >= 0.0) != (sq >= 0.0) {
                out.push(p.lerp(q, sp / (sp - sq)));
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// A ring cut to a rectangle.
fn clip_to(ring: &[Pt], frame: Rect) -> Vec<Pt> {
    clip_convex(ring, &[frame.min, Pt::new(frame.max.x, frame.min.y), frame.max, Pt::new(frame.min.x, frame.max.y)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_projection_puts_every_place_on_its_point_and_is_affine_for_affine_places() {
        let places: Vec<([f64; 2], Pt)> = [
            ([0.0, 0.0], Pt::new(100.0, 500.0)),
            ([10.0, 0.0], Pt::new(300.0, 500.0)),
            ([0.0, 10.0], Pt::new(100.0, 300.0)),
            ([10.0, 10.0], Pt::new(300.0, 300.0)),
        ]
        .to_vec();
        let p = Projection::fit(&places).unwrap();
        for (lonlat, at) in &places {
            assert!(p.project(*lonlat).dist(*at) < 1e-6);
        }
        let mid = p.project([5.0, 5.0]);
        assert!(mid.dist(Pt::new(200.0, 400.0)) < 1.0, "{mid:?}");
        assert!(p.bend(&places) < 1e-6);
        let bent = [places.clone(), vec![([5.0, 5.0], Pt::new(230.0, 400.0))]].concat();
        let q = Projection::fit(&bent).unwrap();
        assert!(q.project([5.0, 5.0]).dist(Pt::new(230.0, 400.0)) < 1e-6);
        assert!(q.bend(&bent) > 5.0);
    }

    #[test]
    fn a_ring_cut_to_a_convex_cell_keeps_what_lies_inside() {
        let square = [Pt::new(0.0, 0.0), Pt::new(4.0, 0.0), Pt::new(4.0, 4.0), Pt::new(0.0, 4.0)];
        let cell = [Pt::new(2.0, -1.0), Pt::new(6.0, -1.0), Pt::new(6.0, 5.0), Pt::new(2.0, 5.0)];
        let piece = clip_convex(&square, &cell);
        let area = 0.5
            * (0..piece.len())
                .map(|k| piece[k].x * piece[(k + 1) % piece.len()].y - piece[(k + 1) % piece.len()].x * piece[k].y)
                .sum::<f64>();
        assert!((area.abs() - 8.0).abs() < 1e-9, "{piece:?}");
        let reversed: Vec<Pt> = cell.iter().rev().copied().collect();
        assert_eq!(clip_convex(&square, &reversed).len(), piece.len(), "either orientation of the cell");
        assert!(clip_convex(&square, &[Pt::new(10.0, 10.0), Pt::new(11.0, 10.0), Pt::new(11.0, 11.0)]).is_empty());
    }

    #[test]
    fn places_on_one_line_fix_no_projection() {
        let line: Vec<([f64; 2], Pt)> = (0..4).map(|i| ([i as f64, 0.0], Pt::new(i as f64 * 10.0, 0.0))).collect();
        assert!(Projection::fit(&line).is_err());
    }

    #[test]
    fn a_coastline_file_is_read_and_its_mistakes_named_by_line() {
        let land = Land::parse("# land\n0,0 1,0 1,1\n\n2,2 3,2 3,3 2,3\n").unwrap();
        assert_eq!(land.rings.len(), 2);
        assert_eq!(land.rings[1].len(), 4);
        let e = Land::parse("# land\n0,0 1,x 1,1\n").unwrap_err();
        assert!(e.starts_with("line 2, point 2: `1,x`"), "{e}");
        assert!(Land::parse("0,0 1,1\n").unwrap_err().contains("at least three"));
        assert!(Land::parse("# nothing\n").is_err());
    }

    #[test]
    fn a_point_is_on_land_inside_a_ring_and_not_in_its_hole() {
        let frame = Rect { min: Pt::new(-10.0, -10.0), max: Pt::new(10.0, 10.0) };
        let places =
            [([0.0, 0.0], Pt::new(0.0, 0.0)), ([1.0, 0.0], Pt::new(1.0, 0.0)), ([0.0, 1.0], Pt::new(0.0, 1.0))];
        let p = Projection::fit(&places).unwrap();
        let land = Land {
            rings: vec![
                vec![[-5.0, -5.0], [5.0, -5.0], [5.0, 5.0], [-5.0, 5.0]],
                vec![[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]],
            ],
        };
        let shore = Shore::new(&land, &p, frame, &[Pt::new(3.0, 0.5)]);
        assert!(shore.on_land(Pt::new(3.0, 0.5)));
        assert!(!shore.on_land(Pt::new(0.0, 0.2)));
        assert!(!shore.on_land(Pt::new(7.0, 0.0)));
        let unplayed = Shore::new(&land, &p, frame, &[Pt::new(20.0, 20.0)]);
        assert!(!unplayed.on_land(Pt::new(3.0, 0.5)), "land holding no province's point is not the board's");
        assert_eq!(unplayed.path(false), shore.path(true));
    }
}
