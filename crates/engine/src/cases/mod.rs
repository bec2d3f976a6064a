//! Adjudication case files (docs/case-files.md): reading them and running them.

mod board;
mod parse;
mod run;

pub use board::{force_line, forces, order_line, power_line, CaseError};
pub use parse::{parse_cases, Case, Line};
pub use run::{prestate, run_case, CaseReport};
