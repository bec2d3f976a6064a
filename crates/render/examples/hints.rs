//! Suggests region hints (map.toml `region`, docs/variant-format.md) for a
//! built-in variant: for each pair of provinces that border on the map but
//! whose regions do not meet in the picture, tries a point of one of them
//! on the segment between their points (on its side of the coast) and keeps
//! the one that makes the most pairs meet, if it breaks none and leaves
//! every mark in its region. Prints the hints to add, `abbr x y`, and the
//! pairs still apart. A map author reviews them: they are suggestions.
//!
//!     cargo run --release -p polemarch-render --example hints -- standard [HINTS]
//!
//! HINTS: a file of hints to start from (`abbr x y` lines, as printed):
//! the hints of a map another variant shares, for instance.

use polemarch_engine::variant::{embedded_variant, ProvinceId, Terrain};
use polemarch_engine::Variant;
use polemarch_render::{Board, Pt};

/// A candidate hint: the pairs left apart with it, its province, the
/// hint, and those pairs.
type Found = (usize, ProvinceId, [f64; 2], Vec<(ProvinceId, ProvinceId)>);

fn score(v: &Variant) -> (usize, Vec<(ProvinceId, ProvinceId)>, bool) {
    let board = Board::of(v);
    let (_, unmet) = board.unmet_neighbours(v);
    let ok = board.misplaced(v).is_empty();
    (unmet.len(), unmet, ok)
}

fn main() {
    let id = std::env::args().nth(1).expect("a built-in variant's id");
    let mut v = embedded_variant(&id).expect("built in").expect("loads");
    let mut added = Vec::new();
    if let Some(file) = std::env::args().nth(2) {
        for line in std::fs::read_to_string(&file).expect("the hints file").lines().filter(|l| !l.trim().is_empty()) {
            let w: Vec<&str> = line.split_whitespace().collect();
            let p = v.province_of(v.find_loc(w[0]).expect("a province"));
            let hint = [w[1].parse().expect("x"), w[2].parse().expect("y")];
            v.provinces[p.index()].region.push(hint);
            added.push((p, hint));
        }
    }
    let (pairs, _) = Board::of(&v).unmet_neighbours(&v);
    let (mut best, mut unmet, _) = score(&v);
    eprintln!("{id}: {} of {pairs} pairs meet", pairs - best);
    for (a, b) in [unmet.clone(), unmet.clone()].concat() {
        if !score_has(&unmet, a, b) {
            continue;
        }
        let (pa, pb) = (v.province(a).clone(), v.province(b).clone());
        if pa.terrain == Terrain::Impassable || pb.terrain == Terrain::Impassable {
            continue;
        }
        let board = Board::of(&v);
        let (x, y) = (Pt::new(pa.at[0], pa.at[1]), Pt::new(pb.at[0], pb.at[1]));
        let mut found: Option<Found> = None;
        for (p, from, to) in [(a, x, y), (b, y, x)] {
            let normal = Pt::new(from.y - to.y, to.x - from.x);
            for (t, side) in
                [0.25, 0.35, 0.45, 0.55, 0.65, 0.75].into_iter().flat_map(|t| [(t, 0.0), (t, 0.2), (t, -0.2)])
            {
                let on = from.lerp(to, t);
                let at = Pt::new(on.x + side * normal.x, on.y + side * normal.y);
                let hint = [(at.x * 2.0).round() / 2.0, (at.y * 2.0).round() / 2.0];
                let inside = (0..2)
                    .all(|k| v.locs.iter().any(|l| l.at[k] <= hint[k]) && v.locs.iter().any(|l| l.at[k] >= hint[k]));
                if !inside || !board.right_side(p, Pt::new(hint[0], hint[1])) {
                    continue;
                }
                let mut w = v.clone();
                w.provinces[p.index()].region.push(hint);
                let (n, u, ok) = score(&w);
                let keeps = u.iter().all(|q| unmet.contains(q));
                if ok && keeps && n < best && found.as_ref().is_none_or(|f| n < f.0) {
                    found = Some((n, p, hint, u));
                }
            }
        }
        if let Some((n, p, hint, u)) = found {
            v.provinces[p.index()].region.push(hint);
            best = n;
            unmet = u;
            added.push((p, hint));
        }
    }
    for (p, h) in &added {
        println!("{} {} {}", v.province(*p).abbr, h[0], h[1]);
    }
    eprintln!("{id}: {} of {pairs} pairs meet with {} hints; apart:", pairs - best, added.len());
    for (a, b) in &unmet {
        eprintln!("  {} {}", v.province(*a).abbr, v.province(*b).abbr);
    }
}

fn score_has(unmet: &[(ProvinceId, ProvinceId)], a: ProvinceId, b: ProvinceId) -> bool {
    unmet.contains(&(a, b))
}
