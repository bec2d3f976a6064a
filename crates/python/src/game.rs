//! `Game`: one game, shaped like MILA's `diplomacy.Game`. It keeps the
//! engine's game record (docs/game-record.md), written only when it is
//! read (`unwritten`), and as values the current position and the orders
//! in force, so that a phase is not read back from the record's JSON; the
//! methods are thin: the work is the engine's (`game::submit_at`,
//! `adjudicate`, `game::process_orders`, `replay::export_mila`) and the
//! bots' generator's.

use crate::convert::{from_py, to_py};
use crate::errors::{GameOverError, OrderError, PolemarchError, UnknownPowerError};
use crate::load::{loaded, Loaded};
use crate::possible::Possible;
use crate::power::{Power, Powers};
use crate::said::Texts;
use crate::unwritten::{self, Step};
use crate::{map_info, orders, saved, status};
use polemarch_engine::adjudicate::adjudicate;
use polemarch_engine::game::{self, GameRecord, GameResult};
use polemarch_engine::order::Order;
use polemarch_engine::replay::{export_mila, mila_phase_name, mila_state};
use polemarch_engine::variant::{PhaseKind, PowerId};
use polemarch_engine::{Position, Variant};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyWeakrefReference};
use std::sync::Arc;

/// A game of any polemarch variant, shaped like MILA's `diplomacy.Game`.
#[pyclass(module = "polemarch", subclass, weakref)]
#[derive(Clone)]
pub struct Game {
    pub(crate) v: Arc<Variant>,
    /// The variant's listed orders' text, kept across phases and games.
    texts: Arc<Texts>,
    pub(crate) rec: GameRecord,
    /// The current position: the start of the open phase.
    pub(crate) pos: Position,
    /// The legal orders of the current phase, once listed.
    pub(crate) possible: Option<Arc<Possible>>,
    /// The orders in force this phase, as the record's submissions give
    /// them (`game::orders_in_force`); None in a game read back with
    /// orders given in its open phase: read them from the record.
    pub(crate) in_force: Option<Vec<Order>>,
    /// What was played and is not yet written into `rec` (`write_record`
    /// writes it before the record is read); `rec.result` is always
    /// up to date.
    pub(crate) unwritten: Vec<Step>,
    /// `powers`, once asked for: live views of this game, holding it
    /// weakly (a copy of the game starts without).
    powers: Powers,
}

pub fn err(e: impl Into<String>) -> PyErr {
    PolemarchError::new_err(e.into())
}

impl Game {
    pub fn from_record(Loaded { v, texts }: Loaded, rec: GameRecord) -> PyResult<Game> {
        let pos = game::current(&v, &rec).map_err(err)?;
        let open = rec.phases.last().expect("a current phase");
        let in_force = open.submissions.is_empty().then(Vec::new);
        Ok(Game { v, texts, rec, pos, possible: None, in_force, unwritten: Vec::new(), powers: Powers::default() })
    }

    /// The power of this name (any of its names, any letter case).
    pub fn power(&self, name: &str) -> PyResult<PowerId> {
        // Its own name in any letter case (`FRANCE`, as the keys give it)
        // is found without normalising it.
        let own = self.v.power_ids().find(|&p| self.v.power(p).name.eq_ignore_ascii_case(name));
        own.or_else(|| self.v.find_power(name)).ok_or_else(|| {
            let names: Vec<String> = self.v.powers.iter().map(|p| p.name.to_uppercase()).collect();
            UnknownPowerError::new_err(format!(
                "unknown power `{name}` (powers of {}: {})",
                self.v.id,
                names.join(", ")
            ))
        })
    }

    /// The power this Python string names: found as the very key
    /// `powers` gives (`FRANCE`), or by `power`.
    pub fn power_named(&self, name: &Bound<'_, PyString>) -> PyResult<PowerId> {
        let keys = self.texts.power_keys(name.py(), &self.v);
        match keys.iter().position(|k| k.as_ptr() == name.as_ptr()) {
            Some(i) => Ok(PowerId(i as u8)),
            None => self.power(&name.to_cow()?),
        }
    }

    pub fn power_key(&self, p: PowerId) -> String {
        self.v.power(p).name.to_uppercase()
    }

    pub fn live(&self) -> PyResult<()> {
        match &self.rec.result {
            Some(r) => Err(GameOverError::new_err(format!("the game is over ({})", game::result_text(r)))),
            None => Ok(()),
        }
    }

    /// Writes what was played into the record, before it is read.
    pub fn write_record(&mut self, py: Python<'_>) -> PyResult<()> {
        if self.unwritten.is_empty() {
            return Ok(());
        }
        let steps = std::mem::take(&mut self.unwritten);
        let (v, rec) = (&self.v, &mut self.rec);
        py.allow_threads(|| unwritten::write(v, rec, steps)).map_err(err)
    }

    /// The legal orders of the phase, listed once (without the GIL).
    pub fn possible(&mut self, py: Python<'_>) -> Arc<Possible> {
        if let Some(p) = &self.possible {
            return p.clone();
        }
        let (v, pos, texts) = (&self.v, &self.pos, &self.texts);
        let p = Arc::new(py.allow_threads(|| Possible::of(v, pos, texts)));
        texts.make_py(py);
        self.possible = Some(p.clone());
        p
    }

    pub fn from_saved(py: Python<'_>, saved_game: &Bound<'_, PyAny>, edition: Option<&str>) -> PyResult<Game> {
        let json = from_py(saved_game)?;
        let name = saved::map_of(&json)?;
        let loaded = loaded(&name, edition)?;
        let mut rec = py
            .allow_threads(|| saved::replay(&loaded.v, &name, &json))
            .map_err(crate::errors::SavedGameError::new_err)?;
        rec.edition = edition.map(str::to_ascii_lowercase);
        Game::from_record(loaded, rec)
    }
}

#[pymethods]
impl Game {
    /// A new game of `map_name` (any polemarch variant id, or a folder
    /// holding variant.toml; `variant` says the same), at its first phase.
    /// `seed` feeds the variants' random draws (dice, colonies); `edition`
    /// plays standard under another rule edition (`2023`, `droidippy`,
    /// `mila`). MILA's `game_id` and `rules` are accepted and ignored.
    #[new]
    #[pyo3(signature = (map_name="standard", variant=None, seed=0, edition=None, game_id=None, rules=None))]
    #[allow(unused_variables)]
    fn new(
        map_name: &str,
        variant: Option<&str>,
        seed: u64,
        edition: Option<&str>,
        game_id: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let name = match variant {
            Some(v) if map_name != "standard" && v != map_name => {
                return Err(PolemarchError::new_err(format!(
                    "map_name `{map_name}` and variant `{v}` differ: give one"
                )));
            }
            Some(v) => v,
            None => map_name,
        };
        let loaded = loaded(name, edition)?;
        let mut rec = game::new_game(&loaded.v, name, seed);
        rec.edition = edition.map(str::to_ascii_lowercase);
        Game::from_record(loaded, rec)
    }

    /// The variant's id (`standard`, `imperator`).
    #[getter]
    fn map_name(&self) -> String {
        self.rec.variant.clone()
    }

    /// The variant's id (the same as `map_name`).
    #[getter]
    fn variant(&self) -> String {
        self.rec.variant.clone()
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.rec.seed
    }

    /// `polemarch-<seed>`, as the saved game's `id`.
    #[getter]
    fn game_id(&self) -> String {
        format!("polemarch-{}", self.rec.seed)
    }

    /// The rule edition the game is played under, if not the variant's own.
    #[getter]
    fn edition(&self) -> Option<String> {
        self.rec.edition.clone()
    }

    /// The phase in words (`SPRING 1901 MOVEMENT`), or `COMPLETED`.
    #[getter]
    fn phase(&self) -> String {
        if self.rec.result.is_some() {
            return "COMPLETED".into();
        }
        self.v.calendar.display(self.pos.phase).to_string().replace(",", "").to_uppercase()
    }

    /// `M` (movement), `R` (retreat), `A` (adjustment), or `-` when over.
    #[getter]
    fn phase_type(&self) -> &'static str {
        match (self.rec.result.is_some(), self.v.calendar.kind(self.pos.phase)) {
            (true, _) => "-",
            (_, PhaseKind::Movement) => "M",
            (_, PhaseKind::Retreat) => "R",
            (_, PhaseKind::Adjustment) => "A",
        }
    }

    /// The current phase's short name: `S1901M`, `F1901R`, `W1901A` (the
    /// season's first letter, Autumn written F; the year; the kind), or
    /// `COMPLETED` when the game is over.
    fn get_current_phase<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        if self.rec.result.is_some() {
            return pyo3::intern!(py, "COMPLETED").clone();
        }
        self.texts.phase_name(py, &self.v, self.pos.phase)
    }

    /// The position in MILA's dict shape: `name`, `units` (by power; a
    /// dislodged unit starred), `centers`, `homes`, `retreats`, `builds`
    /// (by power: `count`, positive to build, negative to remove, and the
    /// `homes` it may build at).
    fn get_state(&mut self, py: Python<'_>) -> PyResult<PyObject> {
        let mut state = mila_state(&self.v, &self.pos);
        let builds = self.builds(py);
        state["builds"] = builds;
        to_py(py, &state)
    }

    /// One power's part of the game: `powers[power_name]`, as MILA gives it.
    fn get_power<'py>(slf: &Bound<'py, Self>, power_name: &str) -> PyResult<Bound<'py, PyAny>> {
        let key = {
            let game = slf.borrow();
            let p = game.power(power_name)?;
            game.texts.power_keys(slf.py(), &game.v)[p.index()].clone_ref(slf.py())
        };
        Game::powers(slf)?.as_any().get_item(key)
    }

    /// Every power by name (upper case), as `Power`s: live views of the
    /// game (they show it as it stands when read), made at the first call;
    /// the same dict after, as MILA's `game.powers`.
    #[getter]
    fn powers<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        if let Some(made) = &slf.borrow().powers.0 {
            return Ok(made.bind(py).clone());
        }
        let out = PyDict::new(py);
        let weak = PyWeakrefReference::new(slf.as_any())?.unbind();
        {
            let game = slf.borrow();
            for (p, key) in game.v.power_ids().zip(game.texts.power_keys(py, &game.v)) {
                out.set_item(key.bind(py), Power::new(key.clone_ref(py), p, weak.clone_ref(py)))?;
            }
        }
        slf.borrow_mut().powers.0 = Some(out.clone().unbind());
        Ok(out)
    }

    /// The power names (upper case), in the variant's order.
    #[getter]
    fn power_names(&self) -> Vec<String> {
        self.v.power_ids().map(|p| self.power_key(p)).collect()
    }

    /// Where `power_name` has something to order this phase (`PAR`; a
    /// build site in a Winter); for every power, by name, when none is
    /// given.
    #[pyo3(signature = (power_name=None))]
    fn get_orderable_locations(
        &mut self,
        py: Python<'_>,
        power_name: Option<&Bound<'_, PyString>>,
    ) -> PyResult<PyObject> {
        let possible = self.possible(py);
        let keys = self.texts.province_keys(py, &self.v);
        let locs =
            |p: PowerId| PyList::new(py, possible.orderable[p.index()].iter().map(|&q| keys[q.index()].bind(py)));
        match power_name {
            Some(name) => Ok(locs(self.power_named(name)?)?.into_any().unbind()),
            None => {
                let out = PyDict::new(py);
                for p in self.v.power_ids() {
                    out.set_item(self.power_key(p), locs(p)?)?;
                }
                Ok(out.into_any().unbind())
            }
        }
    }

    /// Every legal order of every location, by location (`PAR`, and each
    /// coast, `STP/SC`; an empty list where there is nothing to order), as
    /// the judge applies legality (the GIL is released meanwhile). With
    /// `by_power`, a dict by power of each power's own (a province that
    /// holds units of several powers, City State's Germany, lists all of
    /// them otherwise).
    #[pyo3(signature = (by_power=false))]
    fn get_all_possible_orders<'py>(&mut self, py: Python<'py>, by_power: bool) -> PyResult<Bound<'py, PyDict>> {
        let possible = self.possible(py);
        let v = &self.v;
        let keys = self.texts.loc_keys(py, v);
        let of = |power: Option<PowerId>| -> PyResult<Bound<'py, PyDict>> {
            let out = self.texts.by_loc(py, v)?;
            for l in v.loc_ids() {
                out.set_item(keys[l.index()].bind(py), possible.list_at(py, v, l, power)?)?;
            }
            Ok(out)
        };
        if !by_power {
            return of(None);
        }
        let out = PyDict::new(py);
        for p in self.v.power_ids() {
            out.set_item(self.power_key(p), of(Some(p))?)?;
        }
        Ok(out)
    }

    /// Gives `power_name`'s orders (one order or a list), in MILA's
    /// notation (`A PAR - BUR`, `F BRE B`, `WAIVE`, `A LON - BEL VIA`) or
    /// polemarch's. An order replaces the earlier one of its unit. An order
    /// that cannot be read, or names no unit of the power, raises
    /// `OrderError`; one the judge calls illegal (not adjacent, a build
    /// too many) is dropped, as MILA drops it: the returned list says which
    /// and why, as `(order, reason)`.
    #[pyo3(signature = (power_name, orders, expand=true, replace=true))]
    #[allow(unused_variables)]
    fn set_orders(
        &mut self,
        power_name: &Bound<'_, PyString>,
        orders: &Bound<'_, PyAny>,
        expand: bool,
        replace: bool,
    ) -> PyResult<Vec<(String, String)>> {
        if !replace {
            return Err(PolemarchError::new_err(
                "replace=False is not supported: an order always replaces its unit's earlier one",
            ));
        }
        self.live()?;
        let power = self.power_named(power_name)?;
        // Kept as the Python strings given: one listed by
        // `get_all_possible_orders` is found as that very string.
        let given: Vec<Bound<'_, PyString>> = match orders.downcast::<PyString>() {
            Ok(one) => vec![one.clone()],
            Err(_) => {
                orders.extract().map_err(|_| OrderError::new_err("orders: expected a string or a list of strings"))?
            }
        };
        orders::set(self, power, &given)
    }

    /// Withdraws the orders of `power_name` (of every power when none).
    #[pyo3(signature = (power_name=None))]
    fn clear_orders(&mut self, py: Python<'_>, power_name: Option<&str>) -> PyResult<()> {
        self.write_record(py)?;
        let power = power_name.map(|n| self.power(n)).transpose()?;
        let name = power.map(|p| self.v.power(p).name.clone());
        let phase = self.rec.phases.last_mut().expect("a current phase");
        phase.submissions.retain(|s| name.as_ref().is_some_and(|n| *n != s.power));
        if let Some(orders) = &mut self.in_force {
            orders.retain(|o| power.is_some_and(|p| o.power != Some(p)));
        }
        Ok(())
    }

    /// The orders in force this phase (MILA notation): `power_name`'s, or
    /// every power's by name.
    #[pyo3(signature = (power_name=None))]
    fn get_orders(&self, py: Python<'_>, power_name: Option<&str>) -> PyResult<PyObject> {
        match power_name {
            Some(name) => {
                Ok(orders::in_force(self, self.power(name)?).map_err(err)?.into_pyobject(py)?.into_any().unbind())
            }
            None => {
                let out = PyDict::new(py);
                for p in self.v.power_ids() {
                    out.set_item(self.power_key(p), orders::in_force(self, p).map_err(err)?)?;
                }
                Ok(out.into_any().unbind())
            }
        }
    }

    /// Adjudicates the phase with the orders given (a unit with none
    /// holds; a retreat with none disbands; builds not given are waived,
    /// removals not given are made by civil disorder) and opens the next
    /// phase. The GIL is released meanwhile.
    fn process(&mut self, py: Python<'_>) -> PyResult<()> {
        self.live()?;
        // The orders kept in force are moved into the step (the phase
        // starts again with none), not copied.
        let orders = match self.in_force.take() {
            Some(orders) => orders,
            None => orders::parsed(self).map_err(err)?,
        };
        let (v, pos) = (&self.v, &self.pos);
        let (next, result) = py.allow_threads(|| {
            let next = adjudicate(v, pos, &orders).next;
            let result = game::result_after(v, pos, &next);
            (next, result)
        });
        let pos = std::mem::replace(&mut self.pos, next);
        // Only the first phase not yet written keeps its position (`unwritten`).
        let first = !self.unwritten.iter().any(|s| matches!(s, Step::Processed { .. }));
        self.unwritten.push(Step::Processed { from: first.then(|| Box::new(pos)), orders });
        self.rec.result = result;
        self.possible = None;
        // Room for an order of every force (a power's orders are added to
        // them, `set_orders`) without growing.
        self.in_force = Some(Vec::with_capacity(self.pos.forces.len().max(self.pos.dislodged.len())));
        Ok(())
    }

    /// Is the game over (a power won)?
    #[getter]
    fn is_game_done(&self) -> bool {
        self.rec.result.is_some()
    }

    /// When the game is over: the last phase's name, then the winners
    /// (the powers sharing a draw); empty while it goes on.
    #[getter]
    fn outcome(&mut self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.write_record(py)?;
        let Some(result) = &self.rec.result else { return Ok(Vec::new()) };
        let last = self.rec.phases.len().saturating_sub(2);
        let phase =
            game::position_at(&self.v, &self.rec, last).map(|p| mila_phase_name(&self.v, p.phase)).unwrap_or_default();
        let winners = match result {
            GameResult::Solo(w) => vec![w.clone()],
            GameResult::Draw(ws) | GameResult::Joint(ws) => ws.clone(),
        };
        Ok(std::iter::once(phase).chain(winners.iter().map(|w| w.to_uppercase())).collect())
    }

    /// The results of the phase last processed, MILA's way: by power, by
    /// unit (`A PAR`), its result codes (`bounce`, `cut`, `dislodged`,
    /// `void`, `no convoy`, `disrupted`, `disband`; none for success).
    #[pyo3(signature = (power_name=None))]
    fn get_order_status(&mut self, py: Python<'_>, power_name: Option<&str>) -> PyResult<PyObject> {
        self.write_record(py)?;
        let only = power_name.map(|n| self.power(n)).transpose()?;
        let by_power = status::last(self).map_err(err)?;
        let out = PyDict::new(py);
        for (p, units) in by_power {
            if only.is_some_and(|o| o != p) {
                continue;
            }
            let d = PyDict::new(py);
            for (unit, codes) in units {
                d.set_item(unit, codes)?;
            }
            if only.is_some() {
                return Ok(d.into_any().unbind());
            }
            out.set_item(self.power_key(p), d)?;
        }
        Ok(out.into_any().unbind())
    }

    /// The results of the phase last processed with the judge's reasons:
    /// dicts of `power`, `order` (polemarch notation), `result` (SUCCESS,
    /// FAILURE, ILLEGAL) and `reason` (`bounced with A mun (1 against 1)`).
    fn get_results(&mut self, py: Python<'_>) -> PyResult<PyObject> {
        self.write_record(py)?;
        let results = status::results(self);
        to_py(py, &serde_json::to_value(results).expect("results serialize"))
    }

    /// The saved game in MILA's format: the JSON `polemarch game export
    /// --format mila` writes, as a dict. `from_saved_game_format` reads it
    /// back to an equal game.
    // MILA's name; it writes the record first, hence `&mut self`.
    #[allow(clippy::wrong_self_convention)]
    pub fn to_saved_game_format(&mut self, py: Python<'_>) -> PyResult<PyObject> {
        self.write_record(py)?;
        let (v, rec) = (&self.v, &self.rec);
        let json = py.allow_threads(|| export_mila(v, rec)).map_err(err)?;
        to_py(py, &json)
    }

    /// A game from a saved game in MILA's format (a dict or JSON text):
    /// its orders are played again from the first phase; where the saved
    /// position differs from the judge's (another judge's game), the saved
    /// one is taken.
    #[staticmethod]
    #[pyo3(name = "from_saved_game_format", signature = (saved_game, edition=None))]
    fn from_saved_game_format_py(
        py: Python<'_>,
        saved_game: &Bound<'_, PyAny>,
        edition: Option<&str>,
    ) -> PyResult<Game> {
        Game::from_saved(py, saved_game, edition)
    }

    /// polemarch's own game record (docs/game-record.md), as a dict: what
    /// `polemarch game show` and the web judge read.
    // It writes the record first, hence `&mut self`.
    #[allow(clippy::wrong_self_convention)]
    fn to_record(&mut self, py: Python<'_>) -> PyResult<PyObject> {
        self.write_record(py)?;
        to_py(py, &serde_json::to_value(&self.rec).expect("records serialize"))
    }

    /// An independent copy.
    fn clone(&self) -> Game {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Game {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        Clone::clone(self)
    }

    /// The map with the units, and the orders given when `incl_orders`, as
    /// SVG text (written to `output_path` too when given). Only `svg` is
    /// drawn here (`polemarch render` writes PNG).
    #[pyo3(signature = (incl_orders=true, format="svg", output_format=None, output_path=None))]
    fn render(
        &self,
        incl_orders: bool,
        format: &str,
        output_format: Option<&str>,
        output_path: Option<&str>,
    ) -> PyResult<String> {
        let format = output_format.unwrap_or(format);
        if !format.eq_ignore_ascii_case("svg") {
            return Err(PolemarchError::new_err(format!(
                "unknown format `{format}`: only `svg` is drawn (the CLI's `polemarch render` writes PNG)"
            )));
        }
        let drawn = if incl_orders { orders::drawn(self).map_err(err)? } else { Vec::new() };
        let svg = polemarch_render::svg(&self.v, &self.pos, &drawn, None);
        if let Some(path) = output_path {
            std::fs::write(path, &svg).map_err(|e| PolemarchError::new_err(format!("{path}: {e}")))?;
        }
        Ok(svg)
    }

    /// The position as plain lists of integers, one entry per province
    /// (docs/python.md, "Arrays for learning").
    fn board_state(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &map_info::board_state(&self.v, &self.pos))
    }

    /// The variant's provinces, locations, powers and adjacency as plain
    /// lists (`polemarch.map_info`).
    fn map_info(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &map_info::lists(&self.v))
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("<polemarch.Game {} {}>", self.rec.variant, self.get_current_phase(py))
    }
}

impl Game {
    /// MILA's `builds`: by power, the count (positive: builds due;
    /// negative: removals owed; in whole units) and where it may build.
    fn builds(&mut self, py: Python<'_>) -> serde_json::Value {
        let adjusting = self.v.calendar.kind(self.pos.phase) == PhaseKind::Adjustment && self.rec.result.is_none();
        let balances = if adjusting {
            polemarch_engine::adjudicate::balances(&self.v, &self.pos)
        } else {
            vec![0; self.v.powers.len()]
        };
        let possible = if adjusting { Some(self.possible(py)) } else { None };
        let mut out = serde_json::Map::new();
        for p in self.v.power_ids() {
            let halves = balances[p.index()];
            // Halves of a centre to whole units: a half owed is a removal.
            let count = if halves >= 0 { halves / 2 } else { -((1 - halves) / 2) };
            let homes: Vec<String> = possible
                .as_ref()
                .map(|q| q.build_sites[p.index()].iter().map(|&h| self.v.province(h).abbr.to_uppercase()).collect())
                .unwrap_or_default();
            out.insert(self.power_key(p), serde_json::json!({ "count": count, "homes": homes }));
        }
        serde_json::Value::Object(out)
    }
}
