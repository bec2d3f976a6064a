//! polemarch for Python: the `polemarch._polemarch` extension module. A
//! `Game` shaped like MILA's `diplomacy.Game`, over the engine's game
//! manager (docs/python.md). Everything is the engine's: orders are read,
//! checked and adjudicated by it, the legal orders are the bots' generator's
//! (the adjudicator's own verdicts), the saved game is the engine's MILA
//! export. The GIL is released while the engine adjudicates and lists
//! orders.

mod arena;
mod convert;
mod errors;
mod game;
mod kept;
mod load;
mod map_info;
mod orders;
mod possible;
mod power;
mod said;
mod saved;
mod status;
mod unwritten;

use pyo3::prelude::*;

/// The extension's Rust memory (orders, listings, positions) from
/// mimalloc rather than the C library's allocator: faster for the many
/// small lists a phase makes and frees (docs/benchmarks.md, Python).
/// Memory Python makes and frees is Python's allocator's, untouched.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The ids of the variants built in (`standard`, `imperator` ...).
#[pyfunction]
fn variants() -> Vec<&'static str> {
    polemarch_engine::variant::embedded_ids()
}

/// `game`'s saved game in MILA's format (as MILA's
/// `diplomacy.utils.export.to_saved_game_format`).
#[pyfunction]
fn to_saved_game_format(py: Python<'_>, game: &mut game::Game) -> PyResult<PyObject> {
    game.to_saved_game_format(py)
}

/// A game from a saved game in MILA's format (a dict, or its JSON text), as
/// MILA's `diplomacy.utils.export.from_saved_game_format`.
#[pyfunction]
#[pyo3(signature = (saved_game, edition=None))]
fn from_saved_game_format(
    py: Python<'_>,
    saved_game: &Bound<'_, PyAny>,
    edition: Option<&str>,
) -> PyResult<game::Game> {
    game::Game::from_saved(py, saved_game, edition)
}

#[pymodule]
fn _polemarch(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::Game>()?;
    m.add_class::<power::Power>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(to_saved_game_format, m)?)?;
    m.add_function(wrap_pyfunction!(from_saved_game_format, m)?)?;
    m.add_function(wrap_pyfunction!(map_info::map_info, m)?)?;
    errors::add(m)?;
    Ok(())
}
