//! JSON values (the engine's MILA state and saved game) as Python objects,
//! and back: through the `json` module, one call each way.

use pyo3::prelude::*;
use pyo3::types::PyString;
use serde_json::Value;

/// A JSON value as Python dicts, lists, strings and numbers.
pub fn to_py(py: Python<'_>, value: &Value) -> PyResult<PyObject> {
    let text = serde_json::to_string(value).expect("JSON values serialize");
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// A Python object (or JSON text) as a JSON value.
pub fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    let text: String = if let Ok(s) = obj.downcast::<PyString>() {
        s.extract::<String>()?
    } else {
        obj.py().import("json")?.call_method1("dumps", (obj,))?.extract()?
    };
    serde_json::from_str(&text).map_err(|e| {
        crate::errors::SavedGameError::new_err(format!("not JSON: line {} column {}: {e}", e.line(), e.column()))
    })
}
