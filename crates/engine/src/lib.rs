//! polemarch-engine: the adjudication engine of polemarch.
//!
//! The engine is a pure library: it reads variant files and texts it is
//! handed, and adjudicates `(variant, position, orders) -> outcome`. No I/O,
//! no clock, no global state.

// Dense integer ids index many arrays at once: index loops say so plainly.
#![allow(clippy::needless_range_loop)]

pub mod adjudicate;
pub mod cases;
mod error;
pub mod game;
pub mod order;
pub mod outcome;
pub mod replay;
pub mod rules;
pub mod state;
pub mod variant;

pub use adjudicate::{adjudicate, Outcome};
pub use order::{Order, Orders};
pub use state::{Force, Position};
pub use variant::Variant;
