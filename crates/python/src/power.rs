//! `Power`: one power's part of the position, as MILA's `game.powers[...]`
//! shows it (a snapshot taken when asked for; MILA's is a live object).

use pyo3::prelude::*;

#[pyclass(module = "polemarch", frozen, get_all)]
#[derive(Clone)]
pub struct Power {
    /// `FRANCE`.
    pub name: String,
    /// `A PAR`, `F STP/SC`; a dislodged unit starred (`*A PAR`).
    pub units: Vec<String>,
    /// The supply centres it owns (`PAR`).
    pub centers: Vec<String>,
    /// Its home centres.
    pub homes: Vec<String>,
    /// Each dislodged unit and where it may retreat.
    pub retreats: Vec<(String, Vec<String>)>,
    /// The orders it has given this phase, in force (MILA notation).
    pub orders: Vec<String>,
    /// Out of the game: no unit, no centre (or put out by a mechanic).
    pub eliminated: bool,
}

#[pymethods]
impl Power {
    /// Is the power out of the game (MILA's `is_eliminated()`)?
    fn is_eliminated(&self) -> bool {
        self.eliminated
    }

    fn __repr__(&self) -> String {
        format!("<Power {}: {} units, {} centres>", self.name, self.units.len(), self.centers.len())
    }
}
