//! Greedy placement of marks and names: each goes to the first of a ring of
//! spots around its anchor that overlaps nothing placed before it and lies
//! in its own region, or else to the spot that overlaps least.

use crate::geometry::{Pt, Rect};

pub struct Placer {
    frame: Rect,
    taken: Vec<Rect>,
}

impl Placer {
    pub fn new(frame: Rect) -> Placer {
        Placer { frame, taken: Vec::new() }
    }

    pub fn reserve(&mut self, r: Rect) {
        self.taken.push(r);
    }

    /// Places a box of half-size `half` near `anchor`, at distance `reach`
    /// (below first, then the other sides, then farther out), reserves it
    /// and returns its centre.
    pub fn place(&mut self, anchor: Pt, reach: f64, half: Pt, wanted: &dyn Fn(Pt) -> bool) -> Pt {
        let mut best: Option<(f64, Pt)> = None;
        for ring in [1.0, 1.6, 2.3] {
            for (dx, dy) in [
                (0.0f64, 1.0f64),
                (0.0, -1.0),
                (1.0, 0.0),
                (-1.0, 0.0),
                (0.8, 0.8),
                (-0.8, 0.8),
                (0.8, -0.8),
                (-0.8, -0.8),
            ] {
                let d = reach * ring;
                let c = Pt::new(anchor.x + dx * (d + (half.x - half.y).max(0.0) * dx.abs()), anchor.y + dy * d);
                let r = Rect { min: Pt::new(c.x - half.x, c.y - half.y), max: Pt::new(c.x + half.x, c.y + half.y) };
                let overlap: f64 = self.taken.iter().filter(|t| t.overlaps(&r)).map(|t| overlap_area(t, &r)).sum();
                let outside = if r.inside(&self.frame) { 0.0 } else { 1e9 };
                let foreign = if wanted(c) { 0.0 } else { half.x * half.y };
                let cost = overlap * 4.0 + outside + foreign + ring * 1e-3;
                if overlap == 0.0 && outside == 0.0 && foreign == 0.0 {
                    self.taken.push(r);
                    return c;
                }
                match best {
                    Some((b, _)) if b <= cost => {}
                    _ => best = Some((cost, c)),
                }
            }
        }
        let c = best.map_or(anchor, |(_, c)| c);
        self.taken.push(Rect { min: Pt::new(c.x - half.x, c.y - half.y), max: Pt::new(c.x + half.x, c.y + half.y) });
        c
    }
}

fn overlap_area(a: &Rect, b: &Rect) -> f64 {
    let w = a.max.x.min(b.max.x) - a.min.x.max(b.min.x);
    let h = a.max.y.min(b.max.y) - a.min.y.max(b.min.y);
    w.max(0.0) * h.max(0.0)
}
