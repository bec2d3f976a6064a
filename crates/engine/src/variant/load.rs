//! Builds a `Variant` from its two files, resolving every name to an id and
//! collecting every problem found (docs/variant-format.md).

use super::calendar::{Calendar, Era, Phase, PhaseKind, Step};
use super::file::{MapFile, PictureFile, ProvinceFile, VariantFile};
use super::names::{normalize, NameMap};
use super::{check, BitMatrix, Kind, Loc, LocId, Picture, Power, PowerId, Province, ProvinceId, Terrain, Variant};
use std::fmt;
use std::path::Path;

/// One thing wrong with a variant: the file, the key, the province (if any)
/// and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub file: String,
    pub key: String,
    pub province: Option<String>,
    pub message: String,
}

impl Problem {
    pub fn new(file: &str, key: &str, message: String) -> Problem {
        Problem { file: file.into(), key: key.into(), province: None, message }
    }

    pub fn at(file: &str, province: &str, key: &str, message: String) -> Problem {
        Problem { file: file.into(), key: key.into(), province: Some(province.into()), message }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.province {
            Some(p) => write!(f, "{}: province `{}`, {}: {}", self.file, p, self.key, self.message),
            None => write!(f, "{}: {}: {}", self.file, self.key, self.message),
        }
    }
}

/// Loads a variant from a folder holding variant.toml and map.toml.
pub fn load_dir(dir: &Path) -> Result<Variant, Vec<Problem>> {
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name))
            .map_err(|e| vec![Problem::new(name, "(file)", format!("cannot read {}: {e}", dir.join(name).display()))])
    };
    let variant = read("variant.toml")?;
    let vf = variant_file(&variant)?;
    let map_name = vf.map.clone().unwrap_or_else(|| "map.toml".into());
    let map = read(&map_name)?;
    let mut variant = load_files(vf, &map)?;
    if let Some(picture) = &mut variant.picture {
        picture.map_dir = dir.join(&map_name).parent().map(Path::to_path_buf);
    }
    Ok(variant)
}

/// Loads a variant from the texts of its two files.
pub fn load_texts(variant_toml: &str, map_toml: &str) -> Result<Variant, Vec<Problem>> {
    load_files(variant_file(variant_toml)?, map_toml)
}

fn variant_file(variant_toml: &str) -> Result<VariantFile, Vec<Problem>> {
    toml::from_str(variant_toml).map_err(|e| vec![toml_problem("variant.toml", variant_toml, e)])
}

fn load_files(vf: VariantFile, map_toml: &str) -> Result<Variant, Vec<Problem>> {
    let mf: MapFile = toml::from_str(map_toml).map_err(|e| vec![toml_problem("map.toml", map_toml, e)])?;
    let mut problems = Vec::new();
    let variant = build(vf, mf, &mut problems);
    if problems.is_empty() {
        check::check(&variant, &mut problems);
    }
    if problems.is_empty() {
        Ok(variant)
    } else {
        Err(problems)
    }
}

/// A TOML error, placed by line and column.
fn toml_problem(file: &str, text: &str, e: toml::de::Error) -> Problem {
    let key = match e.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("line {line}, column {column}")
        }
        None => "(file)".into(),
    };
    Problem::new(file, &key, e.message().trim().replace('\n', "; "))
}

fn terrain(s: &str) -> Option<Terrain> {
    match s {
        "land" => Some(Terrain::Land),
        "coast" => Some(Terrain::Coast),
        "sea" => Some(Terrain::Sea),
        "islands" => Some(Terrain::Islands),
        "impassable" => Some(Terrain::Impassable),
        _ => None,
    }
}

/// The names of the board: provinces, coasts, places behind the walls and
/// every alias.
struct Names {
    locs: NameMap<LocId>,
}

impl Names {
    /// Adds a name of `loc`; a problem names the province `owner` of the map
    /// file and its `key`.
    fn add(&mut self, name: &str, loc: LocId, owner: &str, key: &str, problems: &mut Vec<Problem>) {
        let normal = normalize(name);
        if normal.is_empty() {
            problems.push(Problem::at("map.toml", owner, key, format!("`{name}` has no letters")));
            return;
        }
        if let Some(&other) = self.locs.get(&normal) {
            if other != loc {
                problems.push(Problem::at(
                    "map.toml",
                    owner,
                    key,
                    format!("name `{name}` is already used by another location"),
                ));
            }
            return;
        }
        self.locs.insert(normal, loc);
    }
}

fn coast_full_name(coast: &str) -> Option<&'static str> {
    match coast {
        "nc" => Some("north coast"),
        "sc" => Some("south coast"),
        "ec" => Some("east coast"),
        "wc" => Some("west coast"),
        _ => None,
    }
}

/// The places of the map: the provinces (province i is location i), then
/// the places behind the walls (provinces too), then the coasts, and every
/// name they go by.
struct Board {
    provinces: Vec<Province>,
    locs: Vec<Loc>,
    names: Names,
    /// Provinces the variant's game closes (`flags.<game>` impassable):
    /// the borders the map lists to them are dropped.
    closed: Vec<bool>,
}

impl Board {
    /// The location of a name, if any.
    fn find(&self, name: &str) -> Option<LocId> {
        self.names.locs.get(&normalize(name)).copied()
    }

    /// The province of a name: a name of a coast is not one.
    fn find_province(&self, name: &str) -> Option<ProvinceId> {
        self.find(name).map(|l| &self.locs[l.index()]).filter(|loc| loc.coast.is_none()).map(|loc| loc.province)
    }
}

/// The borders of the board, as matrices and as neighbour lists.
struct Links {
    army_borders: BitMatrix,
    fleet_borders: BitMatrix,
    any_borders: BitMatrix,
    army_neighbours: Vec<Vec<ProvinceId>>,
    fleet_neighbours: Vec<Vec<LocId>>,
}

/// The starting position: each power's units and the owner of each centre.
struct Start {
    units: Vec<(PowerId, Kind, LocId)>,
    owners: Vec<Option<PowerId>>,
}

fn build(vf: VariantFile, mf: MapFile, problems: &mut Vec<Problem>) -> Variant {
    let mut board = Board {
        provinces: Vec::with_capacity(mf.provinces.len()),
        locs: Vec::new(),
        names: Names { locs: NameMap::default() },
        closed: Vec::new(),
    };
    add_provinces(&mf.provinces, &mut board, problems);
    add_walls(&mf.provinces, &mut board, problems);
    add_coasts(&mf.provinces, &mut board, problems);
    hints_inside(&board, problems);
    let (mut powers, power_names) = powers(&vf, &board, problems);
    board.closed = super::flags::read(&vf, &mf.provinces, &mut board.provinces, &mut powers, &power_names, problems);
    let links = links(&mf.provinces, &board, problems);
    let start = start(&vf, &powers, &board, problems);
    let (players, player_of) = players(&vf, &power_names, problems);
    let calendar = calendar(&vf, problems);
    let victory = victory(&vf, problems);
    let rules = crate::rules::from_table(
        &vf.rules,
        &|name| board.find_province(name),
        &|name| power_names.get(&normalize(name)).copied(),
        problems,
    );
    let kinds = rules.kinds();
    let picture = mf.picture.map(|pf| picture(pf, &board, problems));
    let home_owner = super::home_owners(&powers, board.provinces.len());
    Variant {
        id: vf.id,
        name: vf.name,
        source: vf.source,
        powers,
        players,
        player_of,
        boxes: (0..board.provinces.len()).filter(|&p| board.provinces[p].is_box).map(ProvinceId::new).collect(),
        centres: (0..board.provinces.len()).filter(|&p| board.provinces[p].centre > 0).map(ProvinceId::new).collect(),
        home_owner,
        provinces: board.provinces,
        locs: board.locs,
        calendar,
        victory,
        rules,
        kinds,
        start_units: start.units,
        start_owners: start.owners,
        army_borders: links.army_borders,
        fleet_borders: links.fleet_borders,
        any_borders: links.any_borders,
        fleet_neighbours: links.fleet_neighbours,
        army_neighbours: links.army_neighbours,
        picture,
        plain: Box::default(),
        home_distances: Box::default(),
        loc_names: board.names.locs,
        power_names,
    }
}

/// Every province, as a province and as the location of the same index,
/// with its abbreviation, name and aliases.
fn add_provinces(pfs: &[ProvinceFile], board: &mut Board, problems: &mut Vec<Problem>) {
    for (i, pf) in pfs.iter().enumerate() {
        let t = terrain(&pf.terrain).unwrap_or_else(|| {
            problems.push(Problem::at(
                "map.toml",
                &pf.abbr,
                "terrain",
                format!("`{}` is not one of land, coast, sea, islands, impassable", pf.terrain),
            ));
            Terrain::Land
        });
        if pf.abbr.contains(['/', ' ', '(']) || pf.abbr.is_empty() {
            problems.push(Problem::at(
                "map.toml",
                &pf.abbr,
                "abbr",
                "an abbreviation may not be empty or contain '/', '(' or spaces".into(),
            ));
        }
        let at = pf.at.unwrap_or_else(|| {
            problems.push(Problem::at("map.toml", &pf.abbr, "at", "missing coordinates".into()));
            [0.0, 0.0]
        });
        let at = finite(at, &pf.abbr, "at", problems);
        let label = pf.label.map(|label| finite(label, &pf.abbr, "label", problems));
        board.provinces.push(Province {
            abbr: pf.abbr.clone(),
            name: pf.name.clone(),
            terrain: t,
            centre: pf.centre.unwrap_or(0),
            coasts: Vec::new(),
            at,
            label,
            region: pf
                .region
                .iter()
                .enumerate()
                .map(|(k, &hint)| finite(hint, &pf.abbr, &format!("region[{k}]"), problems))
                .collect(),
            is_box: pf.is_box,
            walls: None,
            walls_of: None,
            roman_centre: pf.roman_centre.unwrap_or(0),
            flags: Default::default(),
        });
        let p = ProvinceId::new(i);
        board.locs.push(Loc { province: p, coast: None, at });
        for name in std::iter::once(&pf.abbr).chain(std::iter::once(&pf.name)).chain(&pf.aliases) {
            board.names.add(name, LocId::of_province(p), &pf.abbr, "aliases", problems);
        }
    }
}

/// The place behind the walls of every province marked `walls`: a province
/// of its own after the map's provinces, not a centre, drawn where its
/// centre is, named `mil-walls` and `Milano walls` (docs/variant-format.md).
fn add_walls(pfs: &[ProvinceFile], board: &mut Board, problems: &mut Vec<Problem>) {
    for (i, pf) in pfs.iter().enumerate().filter(|(_, pf)| pf.walls) {
        let w = ProvinceId::new(board.provinces.len());
        let centre = &board.provinces[i];
        let place = Province {
            abbr: walls_abbr(&pf.abbr),
            name: format!("{} walls", pf.name),
            terrain: walls_terrain(pf, centre.terrain),
            centre: 0,
            coasts: Vec::new(),
            at: centre.at,
            label: None,
            region: Vec::new(),
            is_box: false,
            walls: None,
            walls_of: Some(ProvinceId::new(i)),
            roman_centre: 0,
            flags: Default::default(),
        };
        board.locs.push(Loc { province: w, coast: None, at: place.at });
        for name in walls_names(pf) {
            board.names.add(&name, LocId::of_province(w), &pf.abbr, "walls", problems);
        }
        board.provinces[i].walls = Some(w);
        board.provinces.push(place);
    }
}

/// The abbreviation of the place behind the walls of `abbr`: `mil-walls`.
fn walls_abbr(abbr: &str) -> String {
    format!("{abbr}-walls")
}

/// The names of a place behind the walls: `mil-walls`, `Milano walls`, and
/// `<alias> walls` for every alias.
fn walls_names(pf: &ProvinceFile) -> Vec<String> {
    let mut names = vec![walls_abbr(&pf.abbr)];
    names.extend(std::iter::once(&pf.name).chain(&pf.aliases).map(|name| format!("{name} walls")));
    names
}

/// What may stand behind the walls: armies, and fleets too behind the walls
/// of a coastal province of one coast (a port, City State C5).
fn walls_terrain(pf: &ProvinceFile, centre: Terrain) -> Terrain {
    if centre == Terrain::Coast && pf.coasts.is_empty() {
        Terrain::Coast
    } else {
        Terrain::Land
    }
}

/// Coordinates that are numbers (TOML also reads `nan` and `inf`): a
/// problem naming the province and key otherwise, and the origin instead.
fn finite(at: [f64; 2], abbr: &str, key: &str, problems: &mut Vec<Problem>) -> [f64; 2] {
    if at.iter().all(|c| c.is_finite()) {
        return at;
    }
    problems.push(Problem::at("map.toml", abbr, key, format!("[{}, {}]: expected two finite numbers", at[0], at[1])));
    [0.0, 0.0]
}

/// The `[picture]` table: its places name provinces of the map, each at a
/// longitude and latitude on the globe; at least three of them, to fit a
/// projection (docs/variant-format.md).
fn picture(pf: PictureFile, board: &Board, problems: &mut Vec<Problem>) -> Picture {
    if pf.coastline.trim().is_empty() || pf.coastline.contains("..") || Path::new(&pf.coastline).is_absolute() {
        problems.push(Problem::new(
            "map.toml",
            "picture.coastline",
            format!("`{}`: expected a file name beside map.toml", pf.coastline),
        ));
    }
    let mut places = Vec::new();
    for (name, [lon, lat]) in pf.places {
        let key = format!("picture.places.{name}");
        let Some(p) = board.find_province(&name) else {
            problems.push(Problem::new("map.toml", &key, format!("`{name}` is not a province of the map")));
            continue;
        };
        if !(lon.is_finite() && lat.is_finite() && (-180.0..=180.0).contains(&lon) && (-90.0..=90.0).contains(&lat)) {
            problems.push(Problem::new(
                "map.toml",
                &key,
                format!("[{lon}, {lat}]: expected [longitude, latitude] in degrees, -180 to 180 and -90 to 90"),
            ));
            continue;
        }
        if places.iter().any(|&(q, _)| q == p) {
            problems.push(Problem::new(
                "map.toml",
                &key,
                "the province has a place already (under another of its names)".into(),
            ));
            continue;
        }
        places.push((p, [lon, lat]));
    }
    if places.len() < 3 {
        problems.push(Problem::new(
            "map.toml",
            "picture.places",
            format!("{} places: at least three are needed to fit a projection", places.len()),
        ));
    }
    Picture { coastline: pf.coastline, map_dir: None, places }
}

/// Every region hint lies inside the picture: within the box of the map's
/// points (every province's and coast's `at`), which the picture's frame
/// holds (docs/variant-format.md).
fn hints_inside(board: &Board, problems: &mut Vec<Problem>) {
    let (mut min, mut max) = ([f64::MAX; 2], [f64::MIN; 2]);
    for loc in &board.locs {
        for k in 0..2 {
            min[k] = min[k].min(loc.at[k]);
            max[k] = max[k].max(loc.at[k]);
        }
    }
    for p in &board.provinces {
        for (k, h) in p.region.iter().enumerate() {
            if (0..2).any(|i| h[i] < min[i] || h[i] > max[i]) {
                let why = format!(
                    "[{}, {}]: outside the map's points (x {} to {}, y {} to {}): a region hint must lie inside the \
                     picture",
                    h[0], h[1], min[0], max[0], min[1], max[1]
                );
                problems.push(Problem::at("map.toml", &p.abbr, &format!("region[{k}]"), why));
            }
        }
    }
}

/// The coasts of the multi-coast provinces: a location each, after all the
/// provinces, with the names of each coast.
fn add_coasts(pfs: &[ProvinceFile], board: &mut Board, problems: &mut Vec<Problem>) {
    for (i, pf) in pfs.iter().enumerate() {
        for (coast, cf) in &pf.coasts {
            let l = LocId::new(board.locs.len());
            let at = cf.at.unwrap_or_else(|| {
                problems.push(Problem::at(
                    "map.toml",
                    &pf.abbr,
                    &format!("coasts.{coast}.at"),
                    "missing coordinates".into(),
                ));
                [0.0, 0.0]
            });
            let at = finite(at, &pf.abbr, &format!("coasts.{coast}.at"), problems);
            board.locs.push(Loc { province: ProvinceId::new(i), coast: Some(coast.clone()), at });
            board.provinces[i].coasts.push(l);
            for name in coast_names(pf, coast) {
                board.names.add(&name, l, &pf.abbr, "aliases", problems);
            }
        }
    }
}

/// The names of one coast: `stp/nc`, `St Petersburg nc`, `St Petersburg
/// (north coast)`, `stp north coast`, and `<alias>/nc` for the name and
/// every alias.
fn coast_names(pf: &ProvinceFile, coast: &str) -> Vec<String> {
    let mut names = vec![format!("{}/{coast}", pf.abbr), format!("{} {coast}", pf.name)];
    if let Some(full) = coast_full_name(coast) {
        names.push(format!("{} ({full})", pf.name));
        names.push(format!("{} {full}", pf.abbr));
    }
    for alias in std::iter::once(&pf.name).chain(&pf.aliases) {
        names.push(format!("{alias}/{coast}"));
    }
    names
}

/// The borders of the map files, with the neighbour lists and the
/// any-border matrix drawn from them.
fn links(pfs: &[ProvinceFile], board: &Board, problems: &mut Vec<Problem>) -> Links {
    let (mut army_borders, mut fleet_borders) = borders(pfs, board, problems);
    walls_borders(board, &mut army_borders, &mut fleet_borders);
    let n = board.provinces.len();
    let mut any_borders = BitMatrix::new(n);
    let mut army_neighbours = vec![Vec::new(); n];
    let mut fleet_neighbours = vec![Vec::new(); board.locs.len()];
    for a in 0..n {
        for b in 0..n {
            if army_borders.get(a, b) {
                army_neighbours[a].push(ProvinceId::new(b));
                any_borders.set(a, b);
            }
        }
    }
    for a in 0..board.locs.len() {
        for b in 0..board.locs.len() {
            if fleet_borders.get(a, b) {
                fleet_neighbours[a].push(LocId::new(b));
                any_borders.set(board.locs[a].province.index(), board.locs[b].province.index());
            }
        }
    }
    Links { army_borders, fleet_borders, any_borders, army_neighbours, fleet_neighbours }
}

/// Every place behind the walls borders its province, and only it: by
/// army, and by fleet where fleets may stand behind the walls.
fn walls_borders(board: &Board, army: &mut BitMatrix, fleet: &mut BitMatrix) {
    for (w, place) in board.provinces.iter().enumerate() {
        let Some(c) = place.walls_of.map(ProvinceId::index) else { continue };
        army.set(w, c);
        army.set(c, w);
        if place.terrain.holds_fleets() {
            fleet.set(w, c);
            fleet.set(c, w);
        }
    }
}

/// The powers with their home centres, and the table of every power's
/// names (name, adjective, aliases).
fn powers(vf: &VariantFile, board: &Board, problems: &mut Vec<Problem>) -> (Vec<Power>, NameMap<PowerId>) {
    let mut power_names = NameMap::default();
    let mut powers = Vec::new();
    for (i, pw) in vf.powers.iter().enumerate() {
        for name in std::iter::once(&pw.name).chain(std::iter::once(&pw.adjective)).chain(&pw.aliases) {
            if power_names.insert(normalize(name), PowerId::new(i)).is_some() {
                problems.push(Problem::new(
                    "variant.toml",
                    &format!("power `{}`", pw.name),
                    format!("name `{name}` is used twice"),
                ));
            }
        }
        let mut homes = Vec::new();
        for h in &pw.homes {
            match board.find_province(h) {
                Some(p) => homes.push(p),
                None => problems.push(Problem::new(
                    "variant.toml",
                    &format!("power `{}`.homes", pw.name),
                    format!("unknown province `{h}`"),
                )),
            }
        }
        let colour = pw.colour.clone().filter(|c| {
            let ok = c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|d| d.is_ascii_hexdigit());
            if !ok {
                problems.push(Problem::new(
                    "variant.toml",
                    &format!("power `{}`.colour", pw.name),
                    format!("`{c}` is not a colour: expected `#rrggbb`, six hexadecimal digits"),
                ));
            }
            ok
        });
        powers.push(Power {
            name: pw.name.clone(),
            adjective: pw.adjective.clone(),
            homes,
            optional_homes: Vec::new(),
            colour,
        });
    }
    (powers, power_names)
}

/// The starting position: every power owns its homes and what it `owns`,
/// and has its `units`.
fn start(vf: &VariantFile, powers: &[Power], board: &Board, problems: &mut Vec<Problem>) -> Start {
    let mut owners = vec![None; board.provinces.len()];
    let mut units = Vec::new();
    for (i, pw) in vf.powers.iter().enumerate() {
        let key = format!("power `{}`", pw.name);
        for &h in &powers[i].homes {
            owners[h.index()] = Some(PowerId::new(i));
        }
        for o in &pw.owns {
            match board.find_province(o) {
                Some(p) => owners[p.index()] = Some(PowerId::new(i)),
                None => problems.push(Problem::new(
                    "variant.toml",
                    &format!("{key}.owns"),
                    format!("unknown province `{o}`"),
                )),
            }
        }
        for u in &pw.units {
            match parse_unit(u, &|name| board.find(name)) {
                Ok((kind, l)) => units.push((PowerId::new(i), kind, l)),
                Err(e) => problems.push(Problem::new("variant.toml", &format!("{key}.units"), e)),
            }
        }
    }
    Start { units, owners }
}

/// The victory condition: centres or self-supporting units, by power or by
/// player, joint or not.
fn victory(vf: &VariantFile, problems: &mut Vec<Problem>) -> super::Victory {
    let vv = &vf.victory;
    let goal = match (vv.centres, vv.units) {
        (Some(centres), None) => {
            if (centres * 2.0).fract() != 0.0 || centres <= 0.0 {
                problems.push(Problem::new(
                    "variant.toml",
                    "victory.centres",
                    "expected a positive number of centres in halves (18, 20.5)".into(),
                ));
            }
            super::Goal::Centres((centres * 2.0).round() as u32)
        }
        (None, Some(units)) if units > 0 => super::Goal::SelfSupportingUnits(units),
        _ => {
            problems.push(Problem::new(
                "variant.toml",
                "victory",
                "expected one goal: `centres = 18` or `units = 25` (self-supporting units)".into(),
            ));
            super::Goal::Centres(0)
        }
    };
    let by_player = match vv.by.as_deref() {
        None | Some("power") => false,
        Some("player") => true,
        Some(other) => {
            problems.push(Problem::new("variant.toml", "victory.by", format!("`{other}`: expected power or player")));
            false
        }
    };
    super::Victory { goal, by_player, joint: vv.joint }
}

/// The players: as listed, or one per power.
fn players(
    vf: &VariantFile,
    power_names: &NameMap<PowerId>,
    problems: &mut Vec<Problem>,
) -> (Vec<super::Player>, Vec<u8>) {
    let n = vf.powers.len();
    if vf.players.is_empty() {
        return (
            (0..n).map(|p| super::Player { name: vf.powers[p].name.clone(), powers: vec![PowerId::new(p)] }).collect(),
            (0..n as u8).collect(),
        );
    }
    let mut player_of = vec![u8::MAX; n];
    let mut players = Vec::new();
    for (i, pf) in vf.players.iter().enumerate() {
        let mut powers = Vec::new();
        for name in &pf.powers {
            match power_names.get(&normalize(name)) {
                Some(&p) if player_of[p.index()] == u8::MAX => {
                    player_of[p.index()] = i as u8;
                    powers.push(p);
                }
                Some(_) => problems.push(Problem::new(
                    "variant.toml",
                    &format!("player `{}`.powers", pf.name),
                    format!("`{name}` already belongs to a player"),
                )),
                None => problems.push(Problem::new(
                    "variant.toml",
                    &format!("player `{}`.powers", pf.name),
                    format!("unknown power `{name}`"),
                )),
            }
        }
        if powers.is_empty() {
            problems.push(Problem::new(
                "variant.toml",
                &format!("player `{}`.powers", pf.name),
                "a player needs a power".into(),
            ));
            powers.push(PowerId(0));
        }
        players.push(super::Player { name: pf.name.clone(), powers });
    }
    for (p, &pl) in player_of.iter().enumerate() {
        if pl == u8::MAX {
            problems.push(Problem::new(
                "variant.toml",
                &format!("power `{}`", vf.powers[p].name),
                "belongs to no player".into(),
            ));
        }
    }
    (players, player_of)
}

fn parse_unit(text: &str, loc_of: &dyn Fn(&str) -> Option<LocId>) -> Result<(Kind, LocId), String> {
    let (letter, place) =
        text.trim().split_once(' ').ok_or_else(|| format!("`{text}`: expected a unit like `A par` or `F stp/sc`"))?;
    let kind = Kind::from_code(letter).ok_or_else(|| format!("`{text}`: unknown unit kind `{letter}`"))?;
    let loc = loc_of(place.trim()).ok_or_else(|| format!("`{text}`: unknown location `{}`", place.trim()))?;
    Ok((kind, loc))
}

/// The army and fleet borders as the map files list them.
fn borders(pfs: &[ProvinceFile], board: &Board, problems: &mut Vec<Problem>) -> (BitMatrix, BitMatrix) {
    let n = board.provinces.len();
    let mut army = BitMatrix::new(n);
    let mut fleet = BitMatrix::new(board.locs.len());
    let closed = |p: usize| board.closed.get(p).copied().unwrap_or(false);
    for (i, pf) in pfs.iter().enumerate() {
        for to in &pf.army {
            match board.find(to).map(|l| &board.locs[l.index()]) {
                Some(loc) if closed(i) || closed(loc.province.index()) => {}
                Some(loc) if loc.coast.is_none() => army.set(i, loc.province.index()),
                Some(_) => problems.push(Problem::at(
                    "map.toml",
                    &pf.abbr,
                    "army",
                    format!("`{to}` is a coast; army borders name provinces"),
                )),
                None => problems.push(Problem::at("map.toml", &pf.abbr, "army", format!("unknown province `{to}`"))),
            }
        }
        let mut fleet_list = |from: LocId, list: &[String], key: &str| {
            for to in list {
                match board.find(to) {
                    Some(l) if closed(i) || closed(board.locs[l.index()].province.index()) => {}
                    Some(l) => fleet.set(from.index(), l.index()),
                    None => problems.push(Problem::at("map.toml", &pf.abbr, key, format!("unknown location `{to}`"))),
                }
            }
        };
        fleet_list(LocId::of_province(ProvinceId::new(i)), &pf.fleet, "fleet");
        for (coast, cf) in &pf.coasts {
            let l = board.provinces[i]
                .coasts
                .iter()
                .copied()
                .find(|&l| board.locs[l.index()].coast.as_deref() == Some(coast))
                .expect("coast was registered");
            fleet_list(l, &cf.fleet, &format!("coasts.{coast}.fleet"));
        }
        if !pf.coasts.is_empty() && !pf.fleet.is_empty() {
            problems.push(Problem::at(
                "map.toml",
                &pf.abbr,
                "fleet",
                "a province with coasts lists its fleet borders per coast".into(),
            ));
        }
    }
    (army, fleet)
}

fn calendar(vf: &VariantFile, problems: &mut Vec<Problem>) -> Calendar {
    let c = &vf.calendar;
    let mut steps = Vec::new();
    for p in &c.phases {
        let words: Vec<&str> = p.split_whitespace().collect();
        match (words.as_slice(), words.get(1).and_then(|k| PhaseKind::parse(k))) {
            ([season, _], Some(kind)) => steps.push(Step {
                season: season.to_string(),
                kind,
                changes_ownership: c.ownership_after.iter().any(|s| normalize(s) == normalize(season)),
            }),
            _ => problems.push(Problem::new(
                "variant.toml",
                "calendar.phases",
                format!("`{p}`: expected `<Season> <movement|retreat|adjustment>`"),
            )),
        }
    }
    let era = match c.era.as_str() {
        "AD" => Era::Ad,
        "BC" => Era::Bc,
        other => {
            problems.push(Problem::new("variant.toml", "calendar.era", format!("`{other}`: expected AD or BC")));
            Era::Ad
        }
    };
    let mut calendar = Calendar {
        steps,
        first: Phase { step: 0, year: 0 },
        era,
        season_aliases: c.season_aliases.iter().map(|(k, v)| (normalize(k), normalize(v))).collect(),
    };
    for s in &c.ownership_after {
        if !calendar.steps.iter().any(|st| normalize(&st.season) == normalize(s)) {
            problems.push(Problem::new(
                "variant.toml",
                "calendar.ownership_after",
                format!("`{s}` is not a season of the calendar"),
            ));
        }
    }
    if calendar.steps.is_empty() {
        problems.push(Problem::new("variant.toml", "calendar.phases", "the calendar has no phases".into()));
        return calendar;
    }
    match calendar.parse_phase(&c.first) {
        Ok(first) => calendar.first = first,
        Err(e) => problems.push(Problem::new("variant.toml", "calendar.first", e.to_string())),
    }
    calendar
}
