//! The picture's board, computed once per variant: the region of every
//! province (a Voronoi diagram of the provinces' points and their coasts'
//! points), the size of the marks, and where each mark and name goes.

use crate::geometry::{voronoi, Across, Cell, Pt, Rect};
use crate::placement::Placer;
use polemarch_engine::variant::{LocId, ProvinceId, Terrain};
use polemarch_engine::Variant;

/// One site of the diagram: a point belonging to a province.
#[derive(Clone, Copy, Debug)]
pub struct Site {
    pub province: ProvinceId,
    pub at: Pt,
}

/// Everything about the picture that depends only on the variant.
#[derive(Clone, Debug)]
pub struct Board {
    /// The map's part of the picture, in map coordinates.
    pub frame: Rect,
    /// The size of a unit's mark: a fifth of the typical distance between
    /// neighbouring provinces' points.
    pub unit: f64,
    pub sites: Vec<Site>,
    /// The cell of each site (empty for a site at the same point as another).
    pub cells: Vec<Cell>,
    /// The sites of each province (none for a place behind the walls: it is
    /// drawn inside its centre's region).
    pub regions: Vec<Vec<usize>>,
    /// Where a force at each location is drawn.
    pub unit_at: Vec<Pt>,
    /// Where each province's supply-centre mark is drawn (centres only).
    pub centre_at: Vec<Option<Pt>>,
    /// Where each province's name is written, and the name written there.
    pub label_at: Vec<Option<(Pt, String)>>,
    /// The coasts of multi-coast provinces: each coast's location, and
    /// where its short name (`nc`) is written, beside the coast's point.
    pub coast_labels: Vec<(LocId, Pt)>,
}

impl Board {
    pub fn new(v: &Variant) -> Board {
        let mut sites = Vec::new();
        let mut regions = vec![Vec::new(); v.province_count()];
        for p in v.province_ids() {
            let province = v.province(p);
            if province.walls_of.is_some() {
                continue;
            }
            regions[p.index()].push(sites.len());
            sites.push(Site { province: p, at: pt(province.at) });
            for &c in &province.coasts {
                regions[p.index()].push(sites.len());
                sites.push(Site { province: p, at: pt(v.loc(c).at) });
            }
        }
        let mut points: Vec<Pt> = sites.iter().map(|s| s.at).collect();
        let spacing = typical_spacing(&points);
        let unit = 0.2 * spacing;
        let frame = frame_around(&points, 2.5 * unit);
        let mut cells = voronoi(&points, frame, 2.2 * spacing);
        let first = Board {
            frame,
            unit,
            sites: sites.clone(),
            cells: cells.clone(),
            regions: regions.clone(),
            unit_at: Vec::new(),
            centre_at: Vec::new(),
            label_at: Vec::new(),
            coast_labels: Vec::new(),
        };
        if add_bridges(v, &first, &mut sites, &mut regions) {
            points = sites.iter().map(|s| s.at).collect();
            cells = voronoi(&points, frame, 2.2 * spacing);
        }
        let unit_at = unit_places(v, unit);
        let mut board = Board {
            frame,
            unit,
            sites,
            cells,
            regions,
            unit_at,
            centre_at: vec![None; v.province_count()],
            label_at: vec![None; v.province_count()],
            coast_labels: Vec::new(),
        };
        board.place_marks(v);
        board
    }

    /// The box a province's name takes (as placed; an estimate of the
    /// text's width).
    pub fn label_box(&self, province: ProvinceId) -> Option<Rect> {
        let (at, text) = self.label_at[province.index()].as_ref()?;
        let half = Pt::new(0.5 * text_width(text, label_size(self.unit)), 0.5 * label_size(self.unit));
        Some(Rect { min: Pt::new(at.x - half.x, at.y - half.y), max: Pt::new(at.x + half.x, at.y + half.y) })
    }

    /// Is `p` inside one of the cells of `province`?
    pub fn in_region(&self, province: ProvinceId, p: Pt) -> bool {
        self.regions[province.index()].iter().any(|&s| inside(&self.cells[s], p))
    }

    /// The provinces whose regions share an edge with `province`'s.
    pub fn touching(&self, province: ProvinceId) -> Vec<ProvinceId> {
        let mut out: Vec<ProvinceId> = Vec::new();
        for &s in &self.regions[province.index()] {
            for a in &self.cells[s].across {
                if let Across::Site(j) = *a {
                    let q = self.sites[j].province;
                    if q != province && !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
        out
    }

    /// Centre marks and names, placed greedily where they overlap nothing
    /// already placed: every unit's place first, then coasts' names, then
    /// centres, then names.
    fn place_marks(&mut self, v: &Variant) {
        let u = self.unit;
        let mut placer = Placer::new(self.frame);
        for &at in &self.unit_at {
            placer.reserve(Rect { min: Pt::new(at.x - 0.8 * u, at.y - 0.6 * u), max: Pt::new(at.x + 0.8 * u, at.y + 0.6 * u) });
        }
        for p in v.province_ids() {
            for &c in &v.province(p).coasts {
                let name = v.loc(c).coast.clone().unwrap_or_default();
                let half = Pt::new(0.5 * text_width(&name, coast_size(u)), 0.5 * coast_size(u));
                let wanted = |at: Pt| self.in_region(p, at);
                let spot = placer.place(self.unit_at[c.index()], 0.95 * u, half, &wanted);
                self.coast_labels.push((c, spot));
            }
        }
        for p in v.province_ids() {
            let province = v.province(p);
            if province.centre == 0 || province.walls_of.is_some() {
                continue;
            }
            let at = pt(province.at);
            let r = 0.45 * u;
            let wanted = |c: Pt| self.in_region(p, c);
            let spot = placer.place(at, 1.35 * u, Pt::new(r, r), &wanted);
            self.centre_at[p.index()] = Some(spot);
        }
        for p in v.province_ids() {
            let province = v.province(p);
            if province.walls_of.is_some() {
                continue;
            }
            let text = label_text(v, p);
            let half = Pt::new(0.5 * text_width(&text, label_size(u)), 0.5 * label_size(u));
            let spot = match province.label {
                Some(l) => {
                    let l = pt(l);
                    placer.reserve(Rect { min: Pt::new(l.x - half.x, l.y - half.y), max: Pt::new(l.x + half.x, l.y + half.y) });
                    l
                }
                None => {
                    let wanted = |c: Pt| self.in_region(p, c);
                    placer.place(pt(province.at), 1.3 * u, half, &wanted)
                }
            };
            self.label_at[p.index()] = Some((spot, text));
        }
    }
}

/// Bridges between provinces that border on the map but whose regions do
/// not meet in `first` (the diagram of the points alone): two sites on the
/// segment between their points, one each side of the middle, so that the
/// regions meet there. A pair whose middle is well inside a third
/// province's region gets none: a bridge there would cut that province in
/// two. Returns whether it added any.
fn add_bridges(v: &Variant, first: &Board, sites: &mut Vec<Site>, regions: &mut [Vec<usize>]) -> bool {
    let base = sites.len();
    for a in v.province_ids() {
        if first.regions[a.index()].is_empty() {
            continue;
        }
        let touching = first.touching(a);
        for b in v.province_ids().filter(|&b| b > a && v.any_borders.get(a.index(), b.index()) && !touching.contains(&b)) {
            let (pa, pb) = (v.province(a), v.province(b));
            if pb.walls_of.is_some() || pa.terrain == Terrain::Impassable || pb.terrain == Terrain::Impassable {
                continue;
            }
            let (x, y) = (pt(pa.at), pt(pb.at));
            let middle = x.lerp(y, 0.5);
            let third = first.sites[..base].iter().filter(|s| s.province != a && s.province != b).map(|s| s.at.dist(middle)).fold(f64::MAX, f64::min);
            if third < 0.8 * middle.dist(x) {
                continue;
            }
            for (p, t) in [(a, BRIDGE), (b, 1.0 - BRIDGE)] {
                regions[p.index()].push(sites.len());
                sites.push(Site { province: p, at: x.lerp(y, t) });
            }
        }
    }
    sites.len() > base
}

/// Where a bridge's sites stand on the segment between two points.
const BRIDGE: f64 = 0.46;

/// The name written on the map: the abbreviation, upper case for a sea.
fn label_text(v: &Variant, p: ProvinceId) -> String {
    let province = v.province(p);
    match province.terrain {
        Terrain::Sea => province.abbr.to_uppercase(),
        _ => {
            let mut s = province.abbr.clone();
            if let Some(first) = s.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            s
        }
    }
}

/// The font size of coasts' names.
pub fn coast_size(unit: f64) -> f64 {
    0.48 * unit
}

/// The font size of names.
pub fn label_size(unit: f64) -> f64 {
    0.62 * unit
}

/// The width a text of DejaVu Sans takes at `size` (an estimate: 0.62 em a
/// character, a little more for capitals).
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().map(|c| if c.is_ascii_uppercase() || c.is_ascii_digit() { 0.7 } else { 0.6 }).sum::<f64>() * size
}

/// Where a force at each location stands: the location's point; behind the
/// walls, beside its centre's point (up and to the left).
fn unit_places(v: &Variant, u: f64) -> Vec<Pt> {
    v.loc_ids()
        .map(|l: LocId| {
            let loc = v.loc(l);
            let at = pt(loc.at);
            if loc.coast.is_none() && v.province(loc.province).walls_of.is_some() {
                Pt::new(at.x - 1.1 * u, at.y - 1.0 * u)
            } else {
                at
            }
        })
        .collect()
}

pub fn pt(a: [f64; 2]) -> Pt {
    Pt::new(a[0], a[1])
}

/// The median distance from a point to its nearest other point.
fn typical_spacing(points: &[Pt]) -> f64 {
    let mut nearest: Vec<f64> = points
        .iter()
        .enumerate()
        .filter_map(|(i, &p)| points.iter().enumerate().filter(|&(j, q)| j != i && q.dist(p) > 1e-9).map(|(_, q)| q.dist(p)).min_by(f64::total_cmp))
        .collect();
    if nearest.is_empty() {
        return 50.0;
    }
    nearest.sort_by(f64::total_cmp);
    nearest[nearest.len() / 2]
}

fn frame_around(points: &[Pt], margin: f64) -> Rect {
    let (mut min, mut max) = (Pt::new(f64::MAX, f64::MAX), Pt::new(f64::MIN, f64::MIN));
    for p in points {
        min = Pt::new(min.x.min(p.x), min.y.min(p.y));
        max = Pt::new(max.x.max(p.x), max.y.max(p.y));
    }
    if points.is_empty() {
        return Rect { min: Pt::new(0.0, 0.0), max: Pt::new(100.0, 100.0) };
    }
    Rect { min: Pt::new(min.x - margin, min.y - margin), max: Pt::new(max.x + margin, max.y + margin) }
}

/// Is `p` inside the convex cell?
fn inside(cell: &Cell, p: Pt) -> bool {
    let n = cell.points.len();
    if n < 3 {
        return false;
    }
    let mut sign = 0.0;
    for i in 0..n {
        let (a, b) = (cell.points[i], cell.points[(i + 1) % n]);
        let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
        if cross.abs() < 1e-12 {
            continue;
        }
        if sign == 0.0 {
            sign = cross.signum();
        } else if cross.signum() != sign {
            return false;
        }
    }
    true
}
