//! The exceptions: every bad input is one of these, naming what was wrong
//! and what was expected (never a panic).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(polemarch, PolemarchError, PyValueError, "Base of polemarch's errors (a ValueError).");
create_exception!(polemarch, UnknownVariantError, PolemarchError, "No variant of that id (or folder).");
create_exception!(polemarch, UnknownPowerError, PolemarchError, "No power of that name in the variant.");
create_exception!(
    polemarch,
    OrderError,
    PolemarchError,
    "An order that cannot be read, or names no unit of the power giving it."
);
create_exception!(
    polemarch,
    GameOverError,
    PolemarchError,
    "The game is over: nothing more can be ordered or processed."
);
create_exception!(polemarch, SavedGameError, PolemarchError, "A saved game that cannot be read.");

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PolemarchError", py.get_type::<PolemarchError>())?;
    m.add("UnknownVariantError", py.get_type::<UnknownVariantError>())?;
    m.add("UnknownPowerError", py.get_type::<UnknownPowerError>())?;
    m.add("OrderError", py.get_type::<OrderError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("SavedGameError", py.get_type::<SavedGameError>())?;
    Ok(())
}
