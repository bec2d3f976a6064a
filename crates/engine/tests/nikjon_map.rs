//! The Nikjon map (variants/nikjon/map.toml, made by tools/nikjon_map.py)
//! against the project's new design it was made from
//! (variants/nikjon/data/*.csv, copied from maps/nikjon): 70 spaces and 3
//! impassable mountain areas, 34 centres, 18 to win, the seven powers'
//! starts (N1, N2); and the clues of Sealy's note read off the loaded map,
//! whatever the case files do with them (tests/cases/nikjon/).

use polemarch_engine::cases::{parse_cases, run_case};
use polemarch_engine::rules::winners;
use polemarch_engine::state::Position;
use polemarch_engine::variant::{check::summary, embedded_variant, Goal, LocId, ProvinceId, Terrain};
use polemarch_engine::Variant;
use std::rc::Rc;

const PROVINCES: &str = include_str!("../../../variants/nikjon/data/provinces.csv");
const ADJACENCY: &str = include_str!("../../../variants/nikjon/data/adjacency.csv");
const STARTS: &str = include_str!("../../../variants/nikjon/data/starts.csv");

fn nikjon() -> Variant {
    embedded_variant("nikjon").expect("embedded").unwrap_or_else(|p| panic!("{p:?}"))
}

fn rows(csv: &str) -> Vec<Vec<&str>> {
    csv.lines().skip(1).filter(|l| !l.trim().is_empty()).map(|l| l.split(',').collect()).collect()
}

fn province(v: &Variant, abbr: &str) -> ProvinceId {
    v.province_of(v.find_loc(abbr).unwrap_or_else(|| panic!("{abbr} missing")))
}

/// The waters a single-coast province (or a coast, `gro/sc`) touches.
fn waters(v: &Variant, loc: &str) -> Vec<String> {
    let l = v.find_loc(loc).unwrap();
    let mut out: Vec<String> = v.fleet_neighbours[l.index()]
        .iter()
        .filter(|&&n| v.province(v.province_of(n)).terrain == Terrain::Sea)
        .map(|&n| v.loc_abbr(n))
        .collect();
    out.sort();
    out
}

/// `polemarch variant check nikjon` prints these counts (the CLI's own test
/// pins them too, crates/cli/tests/cli.rs).
#[test]
fn counts_are_pinned() {
    let v = nikjon();
    let text = summary(&v);
    for line in [
        "Nikjon (nikjon): ok\n",
        "provinces: 73 (10 land, 40 coast, 20 sea, 3 impassable)\n",
        "coasts: 2 locations on 1 multi-coast province\n",
        // 180 before issue 30 removed Senna-Tarn and the Marches-Merrin, 179
        // before it removed Corra-Outer Taldt, 178 before Avalonia-Tobrou.
        "borders: 177 bordering pairs\n",
        "centres: 34 (34 worth 1; 22 home, 12 neutral), 34 in all\n",
        "powers: 7\n",
        "Arcadia      4 homes, 4 units\n",
        "Tobrou       3 homes, 3 units\n",
        "victory: 18 centres\n",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    assert!(!text.contains("rules:"), "Nikjon has no mechanic of its own (the 1971 rules): {text}");
    assert!(
        v.source.contains("NEW DESIGN") && v.source.contains("NOT Sealy's map"),
        "the source says the map is a new design: {}",
        v.source
    );
}

#[test]
fn provinces_match_the_data() {
    let v = nikjon();
    let rows = rows(PROVINCES);
    assert_eq!(rows.len(), 73);
    assert_eq!(v.provinces.len(), 73);
    for r in &rows {
        let (abbr, name, terrain, centre, home, coasts) = (r[0], r[1], r[2], r[3], r[4], r[5]);
        let id = province(&v, abbr);
        let p = v.province(id);
        assert_eq!(p.name, name);
        let expected = match terrain {
            "land" => Terrain::Land,
            "sea" => Terrain::Sea,
            "impassable" => Terrain::Impassable,
            "coast" | "island" => Terrain::Coast,
            other => panic!("{abbr}: terrain {other}"),
        };
        assert_eq!(p.terrain, expected, "{abbr}");
        // Every centre counts 1 (the 1971 rules).
        assert_eq!(p.centre, if centre == "sc" { 2 } else { 0 }, "{abbr}");
        let owner = v.home_of(id).map(|pw| v.power(pw).name.to_lowercase());
        assert_eq!(owner.as_deref(), Some(home).filter(|h| !h.is_empty()), "{abbr}");
        let names: Vec<String> = p.coasts.iter().map(|&c| v.loc(c).coast.clone().unwrap()).collect();
        assert_eq!(names, coasts.split_whitespace().collect::<Vec<_>>(), "{abbr}");
        // An island is reached by armies only by convoy.
        if terrain == "island" {
            assert!(v.army_neighbours[id.index()].is_empty(), "{abbr}");
        }
    }
}

/// Every row of the data is a border of the map, both ways, of its kind,
/// and the map has no border the data does not list.
#[test]
fn borders_match_the_data() {
    let v = nikjon();
    let mut kinds = [0; 3];
    let (mut army_pairs, mut fleet_pairs) = (0, 0);
    for r in rows(ADJACENCY) {
        let (a, b, kind) = (r[0], r[1], r[2]);
        let (la, lb) = (v.find_loc(a).unwrap(), v.find_loc(b).unwrap());
        let (pa, pb) = (v.province_of(la).index(), v.province_of(lb).index());
        kinds[["army", "both", "fleet"].iter().position(|k| *k == kind).unwrap()] += 1;
        let army = kind != "fleet";
        let fleet = kind != "army";
        if army {
            army_pairs += 1;
            assert!(v.army_borders.get(pa, pb) && v.army_borders.get(pb, pa), "army {a}-{b}");
        }
        if fleet {
            fleet_pairs += 1;
            assert!(
                v.fleet_borders.get(la.index(), lb.index()) && v.fleet_borders.get(lb.index(), la.index()),
                "fleet {a}-{b}"
            );
        }
    }
    // 57, 31, 96 before issue 30 changed the borders around Kovo, Tarn and
    // Merrin; 97 fleet rows until Corra left the Outer Taldt, 32 `both` rows
    // until Avalonia and Tobrou no longer bordered (issue 30).
    assert_eq!(kinds, [54, 31, 96]);
    let n = v.provinces.len();
    let army_in_map =
        (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).filter(|&(a, b)| v.army_borders.get(a, b)).count();
    let m = v.locs.len();
    let fleet_in_map =
        (0..m).flat_map(|a| (a + 1..m).map(move |b| (a, b))).filter(|&(a, b)| v.fleet_borders.get(a, b)).count();
    assert_eq!((army_in_map, fleet_in_map), (army_pairs, fleet_pairs));
}

/// N1: the seven powers' starts are the data's, 22 units.
#[test]
fn starts_match_the_data() {
    let v = nikjon();
    let mut listed: Vec<String> = rows(STARTS).iter().map(|r| format!("{} {} {}", r[0], r[1], r[2])).collect();
    let mut ours: Vec<String> = v
        .start_units
        .iter()
        .map(|&(p, k, l)| format!("{} {} {}", v.power(p).name.to_lowercase(), k.letter(), v.loc_abbr(l)))
        .collect();
    listed.sort();
    ours.sort();
    assert_eq!(ours, listed);
    assert_eq!(ours.len(), 22);
    assert_eq!(v.calendar.display(v.calendar.first).to_string(), "Spring 1901, Movement");
}

/// The note: "Initiall[y] there are fleets in Madia, Monai, Arama, Filia,
/// Lostrel, Grobag sc, Inserg, Petrad and Fibro, all other units being
/// armies."
#[test]
fn the_nine_fleets_of_the_note() {
    let v = nikjon();
    let mut fleets: Vec<String> = v
        .start_units
        .iter()
        .filter(|s| s.1.letter() == "F")
        .map(|&(_, _, l)| v.province(v.province_of(l)).name.clone())
        .collect();
    fleets.sort();
    assert_eq!(fleets, ["Arama", "Fibro", "Filia", "Grobag", "Inserg", "Lostrel", "Madia", "Monai", "Petrad"]);
    let grobag = v.start_units.iter().find(|s| v.province(v.province_of(s.2)).abbr == "gro").unwrap();
    assert_eq!(v.loc_abbr(grobag.2), "gro/sc");
    // The south coast faces Taj Bay, the north coast the Arcadian Sea.
    assert_eq!(waters(&v, "gro/sc"), ["taj"]);
    assert_eq!(waters(&v, "gro/nc"), ["acs"]);
}

/// The note's canal, rivers and lakes: Shole, Tobrou, Filia and Avalonia
/// each have one coast, joining waters that do not otherwise meet; Filia
/// and Avalonia border each other for armies; and no two of Taj Bay, the
/// Taldt and Alataadon border each other.
#[test]
fn the_waters_of_the_note() {
    let v = nikjon();
    for abbr in ["sho", "tob", "fil", "ava"] {
        assert!(v.province(province(&v, abbr)).coasts.is_empty(), "{abbr} has one coast");
    }
    assert_eq!(waters(&v, "sho"), ["acs", "bof", "taj"]);
    assert_eq!(waters(&v, "tob"), ["ala", "taj"]);
    assert_eq!(waters(&v, "fil"), ["taj", "tal"]);
    assert_eq!(waters(&v, "ava"), ["ala", "taj"]);
    assert!(v.army_borders.get(province(&v, "fil").index(), province(&v, "ava").index()));
    let three = ["taj", "tal", "ala"].map(|a| LocId::of_province(province(&v, a)).index());
    for a in three {
        for b in three {
            assert!(
                !v.fleet_borders.get(a, b),
                "{} and {} border each other",
                v.loc_abbr(v.loc_ids().nth(a).unwrap()),
                v.loc_abbr(v.loc_ids().nth(b).unwrap())
            );
        }
    }
    // Taj Bay is land-locked: it borders no sea at all.
    assert!(waters(&v, "taj").is_empty());
}

/// N2: "Impassable mountain areas are not spaces": the three have no
/// borders and no centre, and a unit line naming one is refused, in a case
/// file as in a position, with the line and the reason.
#[test]
fn the_mountains_are_not_spaces() {
    let v = nikjon();
    for abbr in ["spi", "orn", "gry"] {
        let p = province(&v, abbr);
        assert_eq!(v.province(p).terrain, Terrain::Impassable, "{abbr}");
        assert_eq!(v.province(p).centre, 0, "{abbr}");
        assert!((0..v.provinces.len()).all(|q| !v.any_borders.get(p.index(), q)), "{abbr} borders something");
    }
    let json = r#"{"phase": "Spring 1901, Movement", "units": {"Ollan": ["A spi"]}}"#;
    let err = Position::from_json(&v, json).unwrap_err().to_string();
    assert!(err.contains("`A spi`: an army cannot stand in the Spine (impassable)"), "{err}");
    let case = "CASE M.1 On the Spine\nVARIANT nikjon\nPRESTATE\n    Ollan: A spi\nORDERS\n    Ollan: A spi H\n\
                POSTSTATE_SAME\nEND\n";
    let cases = parse_cases(case);
    let v = Rc::new(v);
    let report = run_case(&cases[0], &mut |_| Ok(v.clone()));
    assert!(!report.passed);
    assert_eq!(report.problems, ["line 4: `Ollan: A spi`: no unit stands in the Spine (impassable): it is no space"]);
}

/// Tobrou's rivers: "fleets do not have to worry about which coast they are
/// on": there is no coast to name, and one named is an error of notation.
#[test]
fn tobrou_has_no_coast_to_name() {
    let v = nikjon();
    let tobrou = v.find_power("Tobrou").unwrap();
    assert!(polemarch_engine::order::parse_order(&v, "F taj - tob", Some(tobrou)).is_ok());
    let err = polemarch_engine::order::parse_order(&v, "F taj - tob/nc", Some(tobrou)).unwrap_err();
    assert!(err.to_string().contains("/nc"), "{err}");
}

/// N1: "34 centres, 18 to win": a power owning 18 of the 34 wins after an
/// ownership update; 17 is not enough.
#[test]
fn eighteen_of_thirty_four_win() {
    let v = nikjon();
    assert_eq!(v.victory.goal, Goal::Centres(36));
    assert_eq!(v.provinces.iter().filter(|p| p.centre > 0).count(), 34);
    let mut pos = Position::start(&v);
    assert!(winners(&v, &pos, false).is_empty());
    let senna = v.find_power("Senna").unwrap();
    let neutral: Vec<usize> =
        (0..v.provinces.len()).filter(|&i| v.provinces[i].centre > 0 && pos.owners[i].is_none()).collect();
    assert_eq!(neutral.len(), 12);
    // Senna's 3 homes and 14 more: 17.
    let others: Vec<usize> =
        (0..v.provinces.len()).filter(|&i| pos.owners[i].is_some_and(|o| v.power(o).name == "Tobrou")).collect();
    for &i in neutral.iter().chain(&others[..2]) {
        pos.owners[i] = Some(senna);
    }
    assert_eq!(pos.owners.iter().filter(|o| **o == Some(senna)).count(), 17);
    assert!(winners(&v, &pos, false).is_empty(), "17 centres do not win");
    pos.owners[others[2]] = Some(senna);
    let won: Vec<String> = winners(&v, &pos, false).iter().map(|&p| v.power(p).name.clone()).collect();
    assert_eq!(won, ["Senna"]);
}

/// A fleet coasts from one coast to another only along a sea both touch
/// (the data's rule for `both` rows and Grobag's coast rows): no border of
/// the map lets a fleet cross land.
#[test]
fn coastal_fleet_borders_follow_a_shared_sea() {
    let v = nikjon();
    let is_sea = |l: LocId| v.province(v.province_of(l)).terrain == Terrain::Sea;
    let mut checked = 0;
    for a in v.loc_ids().filter(|&l| !is_sea(l)) {
        for &b in v.fleet_neighbours[a.index()].iter().filter(|&&l| !is_sea(l)) {
            let shared =
                v.fleet_neighbours[a.index()].iter().any(|&s| is_sea(s) && v.fleet_borders.get(s.index(), b.index()));
            assert!(shared, "{} - {} shares no sea", v.loc_abbr(a), v.loc_abbr(b));
            checked += 1;
        }
    }
    // 31 `both` rows (31 before issue 30 too: Senna-Tarn went, Kovo-Senna
    // and Kovo-Tarn came, then Avalonia-Tobrou went) and Grobag's 4 coast rows to coasts (`gro/nc` to North
    // Arcadia and Shole, `gro/sc` to Shole and the East Taj Shore), each
    // seen from both sides.
    assert_eq!(checked, 2 * (31 + 4));
}
