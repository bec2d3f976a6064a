//! `Power`: one power's part of the position, as MILA's `game.powers[...]`
//! shows it (a snapshot taken when asked for; MILA's is a live object).
//! Every power of one snapshot shares the position and the orders then in
//! force, and writes its lists the first time one is read: research code
//! walks `game.powers` each phase for the names alone.

use polemarch_engine::game::survivors;
use polemarch_engine::order::Order;
use polemarch_engine::replay::{mila_order, mila_powers, MilaPower};
use polemarch_engine::variant::PowerId;
use polemarch_engine::{Position, Variant};
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::{Arc, OnceLock};

/// The position and the orders in force when the powers were asked for.
pub struct Snapshot {
    v: Arc<Variant>,
    pos: Position,
    orders: Vec<Order>,
    /// Every power's lists, once written.
    state: OnceLock<Vec<MilaPower>>,
}

impl Snapshot {
    pub fn new(v: Arc<Variant>, pos: Position, orders: Vec<Order>) -> Arc<Snapshot> {
        Arc::new(Snapshot { v, pos, orders, state: OnceLock::new() })
    }

    fn state(&self, p: PowerId) -> &MilaPower {
        &self.state.get_or_init(|| mila_powers(&self.v, &self.pos))[p.index()]
    }
}

#[pyclass(module = "polemarch", frozen)]
pub struct Power {
    /// `FRANCE`.
    #[pyo3(get)]
    name: Py<PyString>,
    power: PowerId,
    at: Arc<Snapshot>,
}

impl Power {
    pub fn new(name: Py<PyString>, power: PowerId, at: Arc<Snapshot>) -> Power {
        Power { name, power, at }
    }
}

#[pymethods]
impl Power {
    /// `A PAR`, `F STP/SC`; a dislodged unit starred (`*A PAR`).
    #[getter]
    fn units(&self) -> Vec<String> {
        self.at.state(self.power).units.clone()
    }

    /// The supply centres it owns (`PAR`).
    #[getter]
    fn centers(&self) -> Vec<String> {
        self.at.state(self.power).centers.clone()
    }

    /// Its home centres.
    #[getter]
    fn homes(&self) -> Vec<String> {
        self.at.state(self.power).homes.clone()
    }

    /// Each dislodged unit and where it may retreat.
    #[getter]
    fn retreats(&self) -> Vec<(String, Vec<String>)> {
        self.at.state(self.power).retreats.clone()
    }

    /// The orders it has given this phase, in force (MILA notation).
    #[getter]
    fn orders(&self) -> Vec<String> {
        let Snapshot { v, pos, orders, .. } = &*self.at;
        orders.iter().filter(|o| o.power == Some(self.power)).map(|o| mila_order(v, pos, o)).collect()
    }

    /// Out of the game: no unit, no centre (or put out by a mechanic).
    #[getter]
    fn eliminated(&self) -> bool {
        !survivors(&self.at.v, &self.at.pos).contains(&self.power)
    }

    /// Is the power out of the game (MILA's `is_eliminated()`)?
    fn is_eliminated(&self) -> bool {
        self.eliminated()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let state = self.at.state(self.power);
        let name = self.name.bind(py);
        format!("<Power {name}: {} units, {} centres>", state.units.len(), state.centers.len())
    }
}
