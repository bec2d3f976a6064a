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

/// mimalloc's `mi_option_purge_delay`: its number in `mi_option_t` (the
/// C header of libmimalloc-sys 0.1.49, Cargo.lock; the crate's own
/// constants give the options either side of it, `eager_commit_delay`
/// 14 and `use_numa_nodes` 16, but not this one).
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

extern "C" {
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// Memory freed stays with mimalloc, not given back to the system after a
/// delay: a game's lists are made again at the next phase, and memory given
/// back is faulted in again, zeroed by the kernel (docs/benchmarks.md).
fn keep_freed_memory() {
    // SAFETY: mimalloc's own function (compiled into this library by
    // libmimalloc-sys, which links it), with one of its options and a
    // value it documents (-1: never purge). It is not thread-safe: it is
    // called as the module is made, with the GIL held, before any of this
    // library's code can run on another thread.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

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
    keep_freed_memory();
    m.add_class::<game::Game>()?;
    m.add_class::<power::Power>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(to_saved_game_format, m)?)?;
    m.add_function(wrap_pyfunction!(from_saved_game_format, m)?)?;
    m.add_function(wrap_pyfunction!(map_info::map_info, m)?)?;
    errors::add(m)?;
    Ok(())
}
