//! `Power`: one power's part of the game, as MILA's `game.powers[...]`
//! shows it: a live view of its game, made once per game (`Game::powers`
//! keeps the dict), whose units, centres and orders are the game's as they
//! stand when read, not when the `Power` was taken. A `Power` holds its
//! game by a weak reference: a strong one would make the game and its
//! powers a cycle, which only the garbage collector's rare full passes
//! free (a finished game's record then outlives it: 1,000 games of
//! standard grew the process by 18 MB).

use crate::errors::PolemarchError;
use crate::game::Game;
use crate::orders;
use polemarch_engine::game::survivors;
use polemarch_engine::replay::{mila_order, mila_power, MilaPower};
use polemarch_engine::variant::PowerId;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyWeakrefMethods, PyWeakrefReference};

/// `game.powers`: every power's `Power`, made at the first call and the
/// same dict after (a copy of the game makes its own).
#[derive(Default)]
pub struct Powers(pub Option<Py<PyDict>>);

impl Clone for Powers {
    fn clone(&self) -> Powers {
        Powers(None)
    }
}

#[pyclass(module = "polemarch", frozen)]
pub struct Power {
    /// `FRANCE`.
    #[pyo3(get)]
    name: Py<PyString>,
    power: PowerId,
    /// The game it reads (weakly: the game keeps its powers).
    game: Py<PyWeakrefReference>,
}

impl Power {
    pub fn new(name: Py<PyString>, power: PowerId, game: Py<PyWeakrefReference>) -> Power {
        Power { name, power, game }
    }

    /// Its game, while there is one.
    fn game<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, Game>> {
        self.game
            .bind(py)
            .upgrade_as::<Game>()?
            .ok_or_else(|| PolemarchError::new_err(format!("the game of this Power ({}) is gone", self.name.bind(py))))
    }

    /// `f` of its game as it stands now (a clear error, not a panic, if
    /// another thread holds the game mutably).
    fn read<T>(&self, py: Python<'_>, f: impl FnOnce(&Game) -> PyResult<T>) -> PyResult<T> {
        let game = self.game(py)?;
        let game = game.try_borrow()?;
        f(&game)
    }

    /// Its lists as the game stands now.
    fn state(&self, py: Python<'_>) -> PyResult<MilaPower> {
        self.read(py, |game| Ok(mila_power(&game.v, &game.pos, self.power)))
    }
}

#[pymethods]
impl Power {
    /// `A PAR`, `F STP/SC`; a dislodged unit starred (`*A PAR`).
    #[getter]
    fn units(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        Ok(self.state(py)?.units)
    }

    /// The supply centres it owns (`PAR`).
    #[getter]
    fn centers(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        Ok(self.state(py)?.centers)
    }

    /// Its home centres.
    #[getter]
    fn homes(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        Ok(self.state(py)?.homes)
    }

    /// Each dislodged unit and where it may retreat.
    #[getter]
    fn retreats(&self, py: Python<'_>) -> PyResult<Vec<(String, Vec<String>)>> {
        Ok(self.state(py)?.retreats)
    }

    /// The orders it has given this phase, in force (MILA notation).
    #[getter]
    fn orders(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.read(py, |game| {
            let given = orders::parsed(game).map_err(crate::game::err)?;
            let (v, pos) = (&game.v, &game.pos);
            Ok(given.iter().filter(|o| o.power == Some(self.power)).map(|o| mila_order(v, pos, o)).collect())
        })
    }

    /// Out of the game: no unit, no centre (or put out by a mechanic).
    #[getter]
    fn eliminated(&self, py: Python<'_>) -> PyResult<bool> {
        self.read(py, |game| Ok(!survivors(&game.v, &game.pos).contains(&self.power)))
    }

    /// Is the power out of the game (MILA's `is_eliminated()`)?
    fn is_eliminated(&self, py: Python<'_>) -> PyResult<bool> {
        self.eliminated(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let state = self.state(py)?;
        let name = self.name.bind(py);
        Ok(format!("<Power {name}: {} units, {} centres>", state.units.len(), state.centers.len()))
    }
}
