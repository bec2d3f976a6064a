//! The variant model: the board, the powers, the calendar, victory and rules,
//! resolved from the variant files into dense ids (docs/variant-format.md).

pub mod bits;
mod calendar;
pub mod check;
mod embedded;
mod file;
mod flags;
mod ids;
mod kinds;
mod load;
mod names;

pub use bits::BitMatrix;
pub use calendar::{Calendar, Era, Phase, PhaseError, PhaseKind, PhaseProblem, MAX_YEAR};
pub use embedded::{embedded_ids, embedded_variant};
pub use ids::{LocId, PowerId, ProvinceId};
pub use kinds::{Kind, KindRow, Moves, BUILT_IN};
pub use load::{load_dir, load_texts, Problem};
pub use names::normalize;
use names::{with_normal, NameMap};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Terrain {
    Land,
    Coast,
    Sea,
    /// Islands and the water around them, one space (Ancient Mediterranean's
    /// Baleares): armies and fleets may stand there; armies come and go only
    /// by convoy; for convoys it counts as a sea.
    Islands,
    Impassable,
}

impl Terrain {
    /// Armies may stand here (and be convoyed from or to here).
    pub fn holds_armies(self) -> bool {
        matches!(self, Terrain::Land | Terrain::Coast | Terrain::Islands)
    }

    /// Fleets may stand here.
    pub fn holds_fleets(self) -> bool {
        matches!(self, Terrain::Coast | Terrain::Sea | Terrain::Islands)
    }

    /// A fleet here may convoy.
    pub fn convoys(self) -> bool {
        matches!(self, Terrain::Sea | Terrain::Islands)
    }

    /// Both armies and fleets may stand here: the ends of a convoy.
    pub fn shore(self) -> bool {
        matches!(self, Terrain::Coast | Terrain::Islands)
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Land => "land",
            Terrain::Coast => "coast",
            Terrain::Sea => "sea",
            Terrain::Islands => "islands",
            Terrain::Impassable => "impassable",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Province {
    pub abbr: String,
    pub name: String,
    pub terrain: Terrain,
    /// Supply-centre value in halves (0: not a centre).
    pub centre: u8,
    /// Locations of the coasts of a multi-coast province (empty otherwise).
    pub coasts: Vec<LocId>,
    pub at: [f64; 2],
    /// Where pictures write the province's name (map.toml `label`), if the
    /// map says.
    pub label: Option<[f64; 2]>,
    /// Region hints (map.toml `region`): more points of the province's
    /// region in pictures, besides `at` and its coasts' points.
    pub region: Vec<[f64; 2]>,
    /// A box: holds any number of forces, of any players, where another
    /// province holds at most one force per player.
    pub is_box: bool,
    /// The place behind this centre's walls, if it has walls.
    pub walls: Option<ProvinceId>,
    /// For a place behind the walls: the centre whose walls these are.
    pub walls_of: Option<ProvinceId>,
    /// What the centre is worth to a Roman owner, in halves (0: `centre`,
    /// as to anyone; Vedder's Rome: 6).
    pub roman_centre: u8,
    /// The flags of this variant's game on a shared map (`map_game`).
    pub flags: ProvinceFlags,
}

/// The per-game flags of a province on a shared map (the Vedder map's
/// `flags.<game>`), for the variant's own game. A flag the variant does not
/// play is kept but never read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProvinceFlags {
    /// Counts for supply only while its owner's unit stands there at the
    /// Winter adjustment (Vedder D3).
    pub garrison_required: bool,
    /// May not be destroyed (Vedder D5: Alexandria, Antioch, Rome).
    pub not_destroyable: bool,
    /// Parthian: entered only by a supported attack (Triumvirate T9).
    pub parthian: bool,
    /// Sassanid: never entered (Imperator I9).
    pub sassanid: bool,
    /// A frontier province (Imperator I4).
    pub frontier: bool,
    /// Barbarians may not sack it (Imperator I5).
    pub barbarian_cannot_sack: bool,
    /// A port: fleets are built only here, by its owner (City State C3).
    pub port: bool,
    /// Worth 2 to its home power in a Winter with a sea chain to the
    /// southern edge (City State C2: Venezia, Genova).
    pub double_home: bool,
    /// On the southern edge of the board (City State C2, C4).
    pub southern_edge: bool,
    /// Only Imperial units enter it (City State C10: Germany and the Passes).
    pub imperial: bool,
    /// A Pass box: one unit, which must move (City State C10, C11).
    pub pass: bool,
}

/// How pictures draw a map of real geography (map.toml `[picture]`): the
/// file holding its land, which only the renderer reads (adjudication never
/// sees it), and the georeference, the longitude and latitude of named
/// provinces' points, from which the renderer fits its projection.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// The coastline file, relative to the folder of map.toml.
    pub coastline: String,
    /// The folder map.toml was read from, for a variant loaded from a
    /// folder (`load_dir`); None for a built-in variant, whose coastline the
    /// renderer has built in.
    pub map_dir: Option<std::path::PathBuf>,
    /// (province, [longitude, latitude] of its `at`), in degrees.
    pub places: Vec<(ProvinceId, [f64; 2])>,
}

/// A place a unit stands: a whole province, or one coast of it.
#[derive(Clone, Debug)]
pub struct Loc {
    pub province: ProvinceId,
    /// The short coast name (`nc`) for a coast location.
    pub coast: Option<String>,
    pub at: [f64; 2],
}

#[derive(Clone, Debug)]
pub struct Power {
    pub name: String,
    pub adjective: String,
    pub homes: Vec<ProvinceId>,
    /// Extra build sites of this power only, while it owns them (the map's
    /// `optional_home:<power>` flag; Vedder D4: Athens for Macedonia).
    pub optional_homes: Vec<ProvinceId>,
    /// The power's colour in pictures, `#rrggbb` (variant.toml `colour`),
    /// if the variant gives one.
    pub colour: Option<String>,
}

/// What wins the game (`[victory]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Victory {
    pub goal: Goal,
    /// A player's powers count together (H8).
    pub by_player: bool,
    /// Two or more reaching the goal at once share a joint victory;
    /// otherwise a tie plays on.
    pub joint: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// At least this many halves of centres.
    Centres(u32),
    /// At least this many units supported by one's own centres, after a
    /// Winter adjustment (Vedder D2, T10, I2).
    SelfSupportingUnits(u32),
}

/// A player: the powers one person plays (one, in most variants).
#[derive(Clone, Debug)]
pub struct Player {
    pub name: String,
    /// The player's powers, the Major first.
    pub powers: Vec<PowerId>,
}

/// What the planner keeps of its own rules' answers for a force of one
/// component, a matrix for armies and one for fleets of each
/// (adjudicate/plan/plain.rs): `moves`, from location to location, the
/// plain moves; `reach`, from location to province, where it can support;
/// `seas`, a bit per location, those in a province a fleet may convoy
/// through.
#[derive(Clone, Debug)]
pub(crate) struct PlainTables {
    pub(crate) moves: [BitMatrix; 2],
    pub(crate) reach: [BitMatrix; 2],
    pub(crate) seas: Vec<u64>,
}

#[derive(Clone, Debug)]
pub struct Variant {
    pub id: String,
    pub name: String,
    pub source: String,
    pub powers: Vec<Power>,
    pub players: Vec<Player>,
    /// The player of each power.
    pub player_of: Vec<u8>,
    pub provinces: Vec<Province>,
    /// The boxes (`is_box`): provinces holding any number of forces, each
    /// a separate force (City State's Germany, C10). Empty on most maps.
    pub boxes: Vec<ProvinceId>,
    /// The supply centres (provinces with a `centre` value), in province
    /// order: a Winter counts them without walking every province.
    pub centres: Vec<ProvinceId>,
    /// Whose home each province is (the first power that lists it), made
    /// at load from the powers' homes: read through `home_of`.
    home_owner: Vec<Option<PowerId>>,
    pub locs: Vec<Loc>,
    pub calendar: Calendar,
    pub victory: Victory,
    /// The mechanics the variant plays, from its `[rules]` table.
    pub rules: crate::rules::Rules,
    /// The unit kinds the variant has (rows of the kind table).
    pub kinds: Vec<Kind>,
    /// Starting units: (power, kind letter, location).
    pub start_units: Vec<(PowerId, Kind, LocId)>,
    /// Starting owner of every province (centres only).
    pub start_owners: Vec<Option<PowerId>>,
    /// Army borders between provinces.
    pub army_borders: BitMatrix,
    /// Fleet borders between locations.
    pub fleet_borders: BitMatrix,
    /// Provinces that touch by any border (army or fleet, any coast).
    pub any_borders: BitMatrix,
    /// Fleet neighbours of every location, sorted.
    pub fleet_neighbours: Vec<Vec<LocId>>,
    /// Army neighbours of every province, sorted.
    pub army_neighbours: Vec<Vec<ProvinceId>>,
    /// Real geography for pictures, if the map has it (map.toml `[picture]`).
    pub picture: Option<Picture>,
    /// The planner's plain moves and reaches (adjudicate/plan/plain.rs):
    /// filled from the planner's own rules the first time it asks, never by
    /// the loader. (Boxed: a cell inside the variant itself would cost every
    /// `&Variant` the compiler's knowledge that what it points to does not
    /// change; measured, the retreat rose by 300 instructions, issue 31.)
    pub(crate) plain: Box<std::sync::OnceLock<PlainTables>>,
    /// Each power's distances from its home centres, for civil disorder
    /// (adjudicate/civil_disorder.rs): found the first time it asks, never
    /// by the loader. (Boxed, as `plain` is.)
    pub(crate) home_distances: Box<std::sync::OnceLock<Vec<crate::adjudicate::HomeDistances>>>,
    pub(crate) loc_names: NameMap<LocId>,
    pub(crate) power_names: NameMap<PowerId>,
}

impl Variant {
    pub fn province(&self, p: ProvinceId) -> &Province {
        &self.provinces[p.index()]
    }

    pub fn loc(&self, l: LocId) -> &Loc {
        &self.locs[l.index()]
    }

    pub fn province_of(&self, l: LocId) -> ProvinceId {
        self.locs[l.index()].province
    }

    pub fn power(&self, p: PowerId) -> &Power {
        &self.powers[p.index()]
    }

    /// Do two powers belong to one player (the same side)?
    pub fn same_player(&self, a: PowerId, b: PowerId) -> bool {
        self.player_of[a.index()] == self.player_of[b.index()]
    }

    /// The Major of a power's player (the power itself where each power is
    /// a player).
    pub fn major_of(&self, p: PowerId) -> PowerId {
        self.players[self.player_of[p.index()] as usize].powers[0]
    }

    /// Short name of a location: `lon`, `stp/nc`.
    pub fn loc_abbr(&self, l: LocId) -> String {
        self.loc_name(l).to_string()
    }

    /// [`Variant::loc_abbr`] as a value to write (no text is made for it).
    pub fn loc_name(&self, l: LocId) -> LocName<'_> {
        LocName { v: self, l }
    }

    /// Finds a location by any of its names (abbreviation, full name, alias,
    /// with or without coast), in any letter case.
    pub fn find_loc(&self, name: &str) -> Option<LocId> {
        // Three letters of either case (`par`, MILA's `PAR`), found inline.
        if let Some(found) = self.loc_names.get_three_letters_any_case(name) {
            return found.copied();
        }
        // `((mil))`: the place behind the walls of Milano (City State), and
        // no place where the centre has no walls.
        if let Some(inner) = name.trim().strip_prefix("((").and_then(|n| n.strip_suffix("))")) {
            let centre = self.province_of(self.find_loc(inner)?);
            return self.province(centre).walls.map(LocId::of_province);
        }
        with_normal(name, |n| self.loc_names.get(n).copied())
    }

    /// The location a name of three lower-case letters (`par`, the usual
    /// name in records) stands for, found inline; None for any other name
    /// (`find_loc` finds those) and for an unknown one.
    #[inline]
    pub fn find_three_letter_loc(&self, name: &str) -> Option<LocId> {
        self.loc_names.get_three_letters(name).flatten().copied()
    }

    pub fn find_power(&self, name: &str) -> Option<PowerId> {
        with_normal(name, |n| self.power_names.get(n).copied())
    }

    /// A power by name, or the error that names the variant's powers.
    pub fn power_named(&self, name: &str) -> Result<PowerId, UnknownPower> {
        self.find_power(name).ok_or_else(|| UnknownPower {
            name: crate::order::excerpt(name).to_string(),
            powers: self.powers.iter().map(|p| p.name.clone()).collect(),
        })
    }

    /// The location of a coast of a province, by short coast name.
    pub fn coast_loc(&self, p: ProvinceId, coast: &str) -> Option<LocId> {
        self.province(p).coasts.iter().copied().find(|&l| self.loc(l).coast.as_deref() == Some(coast))
    }

    pub fn is_centre(&self, p: ProvinceId) -> bool {
        self.province(p).centre > 0
    }

    pub fn province_count(&self) -> usize {
        self.provinces.len()
    }

    /// Every province, in order.
    pub fn province_ids(&self) -> impl DoubleEndedIterator<Item = ProvinceId> + ExactSizeIterator + Clone {
        ProvinceId::all(self.provinces.len())
    }

    /// Every location, in order: the provinces' own, then the coasts.
    pub fn loc_ids(&self) -> impl DoubleEndedIterator<Item = LocId> + ExactSizeIterator + Clone {
        LocId::all(self.locs.len())
    }

    /// Every power, in order.
    pub fn power_ids(&self) -> impl DoubleEndedIterator<Item = PowerId> + ExactSizeIterator + Clone {
        PowerId::all(self.powers.len())
    }

    /// Does the variant have units of this kind?
    pub fn has_kind(&self, k: Kind) -> bool {
        self.kinds.contains(&k)
    }

    /// Is `p` a box (any number of forces, each on its own)?
    #[inline]
    pub fn is_box(&self, p: ProvinceId) -> bool {
        !self.boxes.is_empty() && self.boxes.contains(&p)
    }

    /// Has the variant kinds that cannot move (garrisons)?
    pub fn has_immobile_kinds(&self) -> bool {
        self.kinds.iter().any(|k| !k.row().moves())
    }

    /// The power whose home centre `p` is, if any.
    pub fn home_of(&self, p: ProvinceId) -> Option<PowerId> {
        self.home_owner.get(p.index()).copied().flatten()
    }
}

/// Whose home each of `provinces` provinces is: the first power that
/// lists it.
pub(super) fn home_owners(powers: &[Power], provinces: usize) -> Vec<Option<PowerId>> {
    let mut owner = vec![None; provinces];
    for (i, power) in powers.iter().enumerate().rev() {
        for h in &power.homes {
            owner[h.index()] = Some(PowerId::new(i));
        }
    }
    owner
}

/// A location's short name, written where it is wanted (`lon`, `stp/nc`).
pub struct LocName<'a> {
    v: &'a Variant,
    l: LocId,
}

impl std::fmt::Display for LocName<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let loc = self.v.loc(self.l);
        let province = self.v.province(loc.province);
        match (&loc.coast, province.walls_of) {
            (Some(c), _) => write!(f, "{}/{c}", province.abbr),
            // City State: behind the walls of Milano is written `((mil))`.
            (None, Some(centre)) => write!(f, "(({}))", self.v.province(centre).abbr),
            (None, None) => f.write_str(&province.abbr),
        }
    }
}

/// A name that is no power of the variant (bad input where a person wrote
/// it, a fault of the data where a file did). It prints
/// ``unknown power `Prussia` (powers: Austria, England, ...)``.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownPower {
    /// The name as written, shortened if long.
    pub name: String,
    /// The variant's powers.
    pub powers: Vec<String>,
}

impl std::fmt::Display for UnknownPower {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown power `{}` (powers: {})", self.name, self.powers.join(", "))
    }
}

crate::error::text_errors!(UnknownPower);
