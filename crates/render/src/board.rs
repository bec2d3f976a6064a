//! The picture's board, computed once per variant: the region of every
//! province (a Voronoi diagram of the provinces' points and their coasts'
//! points), the size of the marks, and where each mark and name goes.

use crate::coast::{Land, Projection, Shore};
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
    /// The real land, for a map of real geography drawn with its
    /// coastlines (`Board::with_land`); None: a schematic map.
    pub shore: Option<Shore>,
    /// With real land: the pairs of provinces (land side, water side) that
    /// meet along the coastline (a stretch of coast in both regions),
    /// found when first asked for (`touching`): drawing does not need them.
    shore_pairs: std::sync::OnceLock<Vec<(ProvinceId, ProvinceId)>>,
    /// Each province's region lies on the water (`watery` terrain).
    pub water: Vec<bool>,
    /// Islands (Ancient Mediterranean's Baleares): the water and the
    /// islands in it, both sides of the coast.
    pub islands: Vec<bool>,
}

/// Which side of the coastline a province's region lies on, with real
/// land: seas and islands (the water round them) on the water.
pub fn watery(t: Terrain) -> bool {
    matches!(t, Terrain::Sea | Terrain::Islands)
}

impl Board {
    /// The schematic board: regions from the provinces' points alone.
    pub fn new(v: &Variant) -> Board {
        Board::build(v, None)
    }

    /// The board of a variant as the library can make it without I/O:
    /// with the built-in coastline for a built-in map with a `[picture]`
    /// (`embedded_land`), else schematic (a map read from a folder gets its
    /// coastline through `with_land`, from the caller who reads the file).
    pub fn of(v: &Variant) -> Board {
        let built_in = v.picture.as_ref().filter(|p| p.map_dir.is_none()).and_then(|_| crate::embedded_land(&v.id));
        built_in.and_then(|text| Board::with_land(v, text).ok()).unwrap_or_else(|| Board::new(v))
    }

    /// The board with the real coastline: `land_text` is the map's
    /// coastline file, projected by the map's georeference; land regions
    /// lie on the land, sea regions on the water (docs/rendering.md).
    pub fn with_land(v: &Variant, land_text: &str) -> Result<Board, String> {
        let land = Land::parse(land_text).map_err(|e| format!("the coastline file: {e}"))?;
        let projection = Projection::of(v).map_err(|e| format!("map.toml [picture]: {e}"))?;
        Ok(Board::build(v, Some((&land, &projection))))
    }

    fn build(v: &Variant, land: Option<(&Land, &Projection)>) -> Board {
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
        // The marks' size and the frame come from the map's own points;
        // region hints (map.toml `region`), more points of their province
        // so that its region reaches where the province does, change the
        // regions only.
        let points: Vec<Pt> = sites.iter().map(|s| s.at).collect();
        for p in v.province_ids().filter(|&p| v.province(p).walls_of.is_none()) {
            for &hint in &v.province(p).region {
                regions[p.index()].push(sites.len());
                sites.push(Site { province: p, at: pt(hint) });
            }
        }
        let spacing = typical_spacing(&points);
        let unit = 0.2 * spacing;
        let frame = frame_around(&points, 2.5 * unit);
        let water: Vec<bool> = v.province_ids().map(|p| watery(v.province(p).terrain)).collect();
        let on_land: Vec<Pt> =
            sites[..points.len()].iter().filter(|s| !water[s.province.index()]).map(|s| s.at).collect();
        let shore = land.map(|(land, projection)| Shore::new(land, projection, frame, &on_land));
        let sides = shore.is_some();
        // With real land each region is cut to its side of the coast, so it
        // may reach farther: the water and land between the points is the
        // nearest province's, not paper.
        let reach = if sides { 4.0 } else { 2.2 } * spacing;
        let mut cells = diagram(v, &sites, frame, reach, sides);
        let mut first = Board {
            frame,
            unit,
            sites: sites.clone(),
            cells: cells.clone(),
            regions: regions.clone(),
            unit_at: Vec::new(),
            centre_at: Vec::new(),
            label_at: Vec::new(),
            coast_labels: Vec::new(),
            shore,
            shore_pairs: std::sync::OnceLock::new(),
            water: water.clone(),
            islands: v.province_ids().map(|p| v.province(p).terrain == Terrain::Islands).collect(),
        };
        if add_bridges(v, &first, &mut sites, &mut regions) {
            cells = diagram(v, &sites, frame, reach, sides);
        }
        let shore = first.shore.take();
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
            shore,
            shore_pairs: std::sync::OnceLock::new(),
            water: water.clone(),
            islands: v.province_ids().map(|p| v.province(p).terrain == Terrain::Islands).collect(),
        };
        board.place_marks(v);
        board
    }

    /// With real land: each pair (land-side province, water-side province)
    /// whose regions share a stretch of the coastline, found at the
    /// coastline's points.
    fn meeting_at_the_coast(&self) -> Vec<(ProvinceId, ProvinceId)> {
        let Some(shore) = &self.shore else { return Vec::new() };
        let mut pairs = Vec::new();
        // The cell holding a point is its nearest site's, of the sites on
        // its side (a Voronoi diagram each), if within that cell's reach.
        let owner = |p: Pt, water: bool| {
            (0..self.sites.len())
                .filter(|&s| self.water[self.sites[s].province.index()] == water && !self.cells[s].points.is_empty())
                .min_by(|&a, &b| self.sites[a].at.dist(p).total_cmp(&self.sites[b].at.dist(p)))
                .filter(|&s| inside(&self.cells[s], p))
                .map(|s| self.sites[s].province)
        };
        for r in &shore.rings {
            for k in 0..r.len() {
                for t in [0.0, 0.5] {
                    let p = r[k].lerp(r[(k + 1) % r.len()], t);
                    if let (Some(a), Some(b)) = (owner(p, false), owner(p, true)) {
                        if !pairs.contains(&(a, b)) {
                            pairs.push((a, b));
                        }
                    }
                }
            }
        }
        pairs
    }

    /// The provinces whose force's place (at a province's point, not a
    /// coast's) or centre's mark lies outside their own region, or one of
    /// whose region hints lies on the wrong side of the coast: with the
    /// real coastline, a point on the wrong side of the coast, which a
    /// better georeference (or a hint moved) fixes (`polemarch variant
    /// check` lists them).
    pub fn misplaced(&self, v: &Variant) -> Vec<String> {
        let mut wrong = Vec::new();
        for p in v.province_ids() {
            let province = v.province(p);
            if province.walls_of.is_some() || province.terrain == Terrain::Impassable {
                continue;
            }
            if !self.in_region(p, self.unit_at[p.index()]) {
                wrong.push(province.abbr.clone());
            } else if self.centre_at[p.index()].is_some_and(|at| !self.in_region(p, at)) {
                wrong.push(format!("{} (its centre)", province.abbr));
            }
            for (k, &hint) in province.region.iter().enumerate() {
                if !self.right_side(p, pt(hint)) {
                    wrong.push(format!("{} (its region hint {})", province.abbr, k + 1));
                }
            }
        }
        wrong
    }

    /// Is `p` on the side of the coastline where `province`'s region lies
    /// (always, on a schematic board)?
    pub fn right_side(&self, province: ProvinceId, p: Pt) -> bool {
        match &self.shore {
            Some(_) if self.islands[province.index()] => true,
            Some(shore) => shore.on_land(p) != self.water[province.index()],
            None => true,
        }
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
        self.regions[province.index()].iter().any(|&s| inside(&self.cells[s], p)) && self.right_side(province, p)
    }

    /// The provinces whose regions share an edge with `province`'s.
    /// With real land, two regions on one side meet where their cells'
    /// common edge has a point on that side, and a land and a water region
    /// meet along the coastline.
    pub fn touching(&self, province: ProvinceId) -> Vec<ProvinceId> {
        let mut out: Vec<ProvinceId> = Vec::new();
        for &s in &self.regions[province.index()] {
            let cell = &self.cells[s];
            for (k, a) in cell.across.iter().enumerate() {
                if let Across::Site(j) = *a {
                    let q = self.sites[j].province;
                    let (x, y) = (cell.points[k], cell.points[(k + 1) % cell.points.len()]);
                    let shown = (1..8).any(|t| self.right_side(province, x.lerp(y, t as f64 / 8.0)));
                    if q != province && shown && !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
        for &(a, b) in self.shore_pairs.get_or_init(|| self.meeting_at_the_coast()) {
            let q = if a == province {
                b
            } else if b == province {
                a
            } else {
                continue;
            };
            if !out.contains(&q) {
                out.push(q);
            }
        }
        out
    }

    /// The pairs of provinces that border on the map (places behind the
    /// walls left out), and of them those whose regions do not meet in the
    /// picture.
    pub fn unmet_neighbours(&self, v: &Variant) -> (usize, Vec<(ProvinceId, ProvinceId)>) {
        let (mut pairs, mut unmet) = (0, Vec::new());
        for a in v.province_ids().filter(|&a| v.province(a).walls_of.is_none()) {
            let touch = self.touching(a);
            for b in v
                .province_ids()
                .filter(|&b| b > a && v.any_borders.get(a.index(), b.index()) && v.province(b).walls_of.is_none())
            {
                pairs += 1;
                if !touch.contains(&b) {
                    unmet.push((a, b));
                }
            }
        }
        (pairs, unmet)
    }

    /// Centre marks and names, placed greedily where they overlap nothing
    /// already placed: every unit's place first, then coasts' names, then
    /// centres, then names.
    fn place_marks(&mut self, v: &Variant) {
        let u = self.unit;
        let mut placer = Placer::new(self.frame);
        for &at in &self.unit_at {
            placer.reserve(Rect {
                min: Pt::new(at.x - 0.8 * u, at.y - 0.6 * u),
                max: Pt::new(at.x + 0.8 * u, at.y + 0.6 * u),
            });
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
                    placer.reserve(Rect {
                        min: Pt::new(l.x - half.x, l.y - half.y),
                        max: Pt::new(l.x + half.x, l.y + half.y),
                    });
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
        for b in
            v.province_ids().filter(|&b| b > a && v.any_borders.get(a.index(), b.index()) && !touching.contains(&b))
        {
            let (pa, pb) = (v.province(a), v.province(b));
            let across_the_coast = first.shore.is_some() && watery(pa.terrain) != watery(pb.terrain);
            if across_the_coast
                || pb.walls_of.is_some()
                || pa.terrain == Terrain::Impassable
                || pb.terrain == Terrain::Impassable
            {
                continue;
            }
            let (x, y) = (pt(pa.at), pt(pb.at));
            let middle = x.lerp(y, 0.5);
            let third = first.sites[..base]
                .iter()
                .filter(|s| s.province != a && s.province != b)
                .map(|s| s.at.dist(middle))
                .fold(f64::MAX, f64::min);
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

/// The Voronoi cells of the sites; with real land (`sides`), one diagram
/// for the land's sites and one for the water's, so that each side's
/// regions cover its side of the coastline.
fn diagram(v: &Variant, sites: &[Site], frame: Rect, reach: f64, sides: bool) -> Vec<Cell> {
    let points: Vec<Pt> = sites.iter().map(|s| s.at).collect();
    if !sides {
        return voronoi(&points, frame, reach);
    }
    let mut cells = vec![Cell::default(); sites.len()];
    for water in [false, true] {
        let ids: Vec<usize> =
            (0..sites.len()).filter(|&i| watery(v.province(sites[i].province).terrain) == water).collect();
        let side: Vec<Pt> = ids.iter().map(|&i| points[i]).collect();
        for (k, mut cell) in voronoi(&side, frame, reach).into_iter().enumerate() {
            for a in &mut cell.across {
                if let Across::Site(j) = *a {
                    *a = Across::Site(ids[j]);
                }
            }
            cells[ids[k]] = cell;
        }
    }
    cells
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
        .filter_map(|(i, &p)| {
            points
                .iter()
                .enumerate()
                .filter(|&(j, q)| j != i && q.dist(p) > 1e-9)
                .map(|(_, q)| q.dist(p))
                .min_by(f64::total_cmp)
        })
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
