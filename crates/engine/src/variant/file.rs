//! The variant files as written on disk (docs/variant-format.md), before
//! names are resolved to ids.

use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    pub id: String,
    pub name: String,
    pub source: String,
    /// The map file, when not this folder's map.toml (a path relative to
    /// this folder, e.g. `../standard/map.toml`).
    #[serde(default)]
    pub map: Option<String>,
    /// Which game's flags of a shared map this variant reads (`dv` on the
    /// Vedder map: `flags.dv`); None reads none.
    #[serde(default)]
    pub map_game: Option<String>,
    pub calendar: CalendarFile,
    pub victory: VictoryFile,
    #[serde(default)]
    pub rules: toml::Table,
    #[serde(rename = "power")]
    pub powers: Vec<PowerFile>,
    /// Players who each control several powers (Hoplite Wars); by default
    /// each power is a player.
    #[serde(default, rename = "player")]
    pub players: Vec<PlayerFile>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PlayerFile {
    pub name: String,
    /// The player's powers, the Major first.
    pub powers: Vec<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CalendarFile {
    pub phases: Vec<String>,
    pub first: String,
    pub era: String,
    #[serde(default)]
    pub ownership_after: Vec<String>,
    #[serde(default)]
    pub season_aliases: BTreeMap<String, String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct VictoryFile {
    /// Centres to win, in halves where Towns count half (20.5).
    #[serde(default)]
    pub centres: Option<f64>,
    /// Or: self-supporting units to win (Vedder D2).
    #[serde(default)]
    pub units: Option<u32>,
    /// `power` (default) or `player`: whose centres are counted together.
    #[serde(default)]
    pub by: Option<String>,
    /// Two or more at once share a joint victory (default: a tie plays on).
    #[serde(default)]
    pub joint: bool,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PowerFile {
    pub name: String,
    pub adjective: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub homes: Vec<String>,
    #[serde(default)]
    pub owns: Vec<String>,
    #[serde(default)]
    pub units: Vec<String>,
    /// The power's colour in pictures, `#rrggbb` (docs/rendering.md).
    #[serde(default)]
    pub colour: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    #[serde(rename = "province")]
    pub provinces: Vec<ProvinceFile>,
    /// How pictures draw the map's real geography (docs/variant-format.md,
    /// "Pictures: real coastlines"); none: a schematic map.
    #[serde(default)]
    pub picture: Option<PictureFile>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PictureFile {
    /// The land of the map, a file beside map.toml (made by
    /// tools/coastlines.py), read by the renderer only.
    pub coastline: String,
    /// The georeference: the longitude and latitude, in degrees, of named
    /// provinces' `at` points.
    pub places: BTreeMap<String, [f64; 2]>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ProvinceFile {
    pub abbr: String,
    pub name: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub terrain: String,
    #[serde(default)]
    pub centre: Option<u8>,
    pub at: Option<[f64; 2]>,
    /// Where the province's name is written in pictures (default: placed
    /// by the renderer where it overlaps nothing).
    #[serde(default)]
    pub label: Option<[f64; 2]>,
    /// Region hints: extra points of the province's region in pictures
    /// (more sites of its Voronoi cells), so that it reaches where the
    /// province does.
    #[serde(default)]
    pub region: Vec<[f64; 2]>,
    #[serde(default)]
    pub army: Vec<String>,
    #[serde(default)]
    pub fleet: Vec<String>,
    #[serde(default)]
    pub coasts: BTreeMap<String, CoastFile>,
    /// A box: holds any number of forces, of any players (City State's
    /// Germany).
    #[serde(default, rename = "box")]
    pub is_box: bool,
    /// A centre with a place behind its walls, which the loader adds beside
    /// it (City State's sieges).
    #[serde(default)]
    pub walls: bool,
    /// A centre worth more to a Roman owner (Vedder's Rome: 6 halves, 3
    /// centres), in halves; the variant names the Roman powers.
    #[serde(default)]
    pub roman_centre: Option<u8>,
    /// Flags per game of a shared map (`flags.dv = ["garrison_required"]`);
    /// a variant reads those of its `map_game`.
    #[serde(default)]
    pub flags: BTreeMap<String, Vec<String>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CoastFile {
    #[serde(default)]
    pub fleet: Vec<String>,
    pub at: Option<[f64; 2]>,
}
