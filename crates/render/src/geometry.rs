//! Plane geometry for the regions: points, and the Voronoi cell of a site
//! as a convex polygon whose every edge remembers the site across it.

/// A point in map coordinates (y grows downwards, as in the variant files).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

impl Pt {
    pub fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }

    pub fn dist(self, o: Pt) -> f64 {
        ((self.x - o.x).powi(2) + (self.y - o.y).powi(2)).sqrt()
    }

    pub fn lerp(self, o: Pt, t: f64) -> Pt {
        Pt::new(self.x + (o.x - self.x) * t, self.y + (o.y - self.y) * t)
    }
}

/// A rectangle: `min` top left, `max` bottom right.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub min: Pt,
    pub max: Pt,
}

impl Rect {
    pub fn width(&self) -> f64 {
        self.max.x - self.min.x
    }

    pub fn height(&self) -> f64 {
        self.max.y - self.min.y
    }

    pub fn overlaps(&self, o: &Rect) -> bool {
        self.min.x < o.max.x && o.min.x < self.max.x && self.min.y < o.max.y && o.min.y < self.max.y
    }

    pub fn inside(&self, o: &Rect) -> bool {
        self.min.x >= o.min.x && self.min.y >= o.min.y && self.max.x <= o.max.x && self.max.y <= o.max.y
    }
}

/// What lies across an edge of a cell: another site, or the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Across {
    Frame,
    Site(usize),
}

/// A convex cell: vertices in order, and for each the edge that starts there.
#[derive(Clone, Debug, Default)]
pub struct Cell {
    pub points: Vec<Pt>,
    pub across: Vec<Across>,
}

impl Cell {
    /// The area-weighted centre of the cell (the first vertex if it has none).
    pub fn centroid(&self) -> Option<Pt> {
        let n = self.points.len();
        let (mut a, mut cx, mut cy) = (0.0, 0.0, 0.0);
        for i in 0..n {
            let (p, q) = (self.points[i], self.points[(i + 1) % n]);
            let cross = p.x * q.y - q.x * p.y;
            a += cross;
            cx += (p.x + q.x) * cross;
            cy += (p.y + q.y) * cross;
        }
        if a.abs() < 1e-9 {
            return self.points.first().copied();
        }
        Some(Pt::new(cx / (3.0 * a), cy / (3.0 * a)))
    }
}

/// The Voronoi cell of every site inside `frame`, by clipping the frame with
/// the half-plane nearer each site than each other site (nearest first, and
/// stopping once no farther site can reach the cell). Sites at the same
/// point as an earlier site get an empty cell.
/// No cell reaches farther than `reach` from its site: it is cut by a
/// sixteen-sided polygon round it (the far side of a lonely site is the
/// frame's, drawn as paper), so that edge provinces do not swell to the frame.
pub fn voronoi(sites: &[Pt], frame: Rect, reach: f64) -> Vec<Cell> {
    let corners = [frame.min, Pt::new(frame.max.x, frame.min.y), frame.max, Pt::new(frame.min.x, frame.max.y)];
    let mut cells = Vec::with_capacity(sites.len());
    let mut order: Vec<usize> = (0..sites.len()).collect();
    for (i, &s) in sites.iter().enumerate() {
        if sites[..i].iter().any(|&o| o.dist(s) < 1e-9) {
            cells.push(Cell::default());
            continue;
        }
        let mut cell = Cell { points: corners.to_vec(), across: vec![Across::Frame; 4] };
        order.sort_by(|&a, &b| sites[a].dist(s).total_cmp(&sites[b].dist(s)));
        for &j in &order {
            let o = sites[j];
            let d = o.dist(s);
            if j == i || d < 1e-9 {
                continue;
            }
            let reach = cell.points.iter().map(|p| p.dist(s)).fold(0.0, f64::max);
            if d > 2.0 * reach {
                break;
            }
            cell = clip(&cell, s, o, Across::Site(j));
            if cell.points.is_empty() {
                break;
            }
        }
        for k in 0..16 {
            let angle = k as f64 * std::f64::consts::PI / 8.0;
            let far = Pt::new(s.x + 2.0 * reach * angle.cos(), s.y + 2.0 * reach * angle.sin());
            cell = clip(&cell, s, far, Across::Frame);
        }
        cells.push(cell);
    }
    cells
}

/// The part of `cell` nearer `s` than `o` (Sutherland-Hodgman with labels:
/// the new edge along the bisector lies across `j`).
fn clip(cell: &Cell, s: Pt, o: Pt, j: Across) -> Cell {
    let (nx, ny) = (o.x - s.x, o.y - s.y);
    let m = s.lerp(o, 0.5);
    let side = |p: Pt| (p.x - m.x) * nx + (p.y - m.y) * ny;
    let n = cell.points.len();
    let mut out = Cell::default();
    for k in 0..n {
        let (a, b) = (cell.points[k], cell.points[(k + 1) % n]);
        let (da, db) = (side(a), side(b));
        let cut = |da: f64, db: f64| a.lerp(b, da / (da - db));
        if da <= 0.0 {
            out.points.push(a);
            out.across.push(cell.across[k]);
            if db > 0.0 {
                out.points.push(cut(da, db));
                out.across.push(j);
            }
        } else if db <= 0.0 {
            out.points.push(cut(da, db));
            out.across.push(cell.across[k]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_sites_split_the_frame_on_their_bisector() {
        let frame = Rect { min: Pt::new(0.0, 0.0), max: Pt::new(10.0, 10.0) };
        let cells = voronoi(&[Pt::new(2.0, 5.0), Pt::new(8.0, 5.0)], frame, 100.0);
        let left = cells[0].centroid().unwrap();
        assert!((left.x - 2.5).abs() < 1e-9 && (left.y - 5.0).abs() < 1e-9, "{left:?}");
        assert!(cells[0].across.contains(&Across::Site(1)));
        assert!(cells[1].across.contains(&Across::Site(0)));
        assert!(cells[0].points.iter().all(|p| p.x <= 5.0 + 1e-9));
    }

    #[test]
    fn a_lonely_site_reaches_no_farther_than_told() {
        let frame = Rect { min: Pt::new(0.0, 0.0), max: Pt::new(100.0, 100.0) };
        let cells = voronoi(&[Pt::new(50.0, 50.0)], frame, 10.0);
        assert!(cells[0].points.iter().all(|p| p.dist(Pt::new(50.0, 50.0)) <= 10.0 * 1.03), "{:?}", cells[0].points);
        assert!(cells[0].points.len() >= 16);
    }

    #[test]
    fn a_repeated_site_has_no_cell() {
        let frame = Rect { min: Pt::new(0.0, 0.0), max: Pt::new(10.0, 10.0) };
        let cells = voronoi(&[Pt::new(2.0, 5.0), Pt::new(2.0, 5.0), Pt::new(8.0, 5.0)], frame, 100.0);
        assert!(cells[1].points.is_empty());
        assert!(!cells[0].points.is_empty());
    }
}
