//! Multiplicity II's switch. Its force model (a force is a list of
//! components; merge groups, splits, supports as amounts) is the engine's
//! one code path for every variant; what the variant switches on is the
//! notation and the orders that make several components meet: MERGE, SPLIT
//! and S MERGE (M6, M9), and builds that join the power's force in a centre
//! (M12).

use super::options::{flag, Names, OptionError};
use super::{Mechanic, Notation};
use crate::variant::Variant;

/// Multiplicity II: forces of several components, MERGE and SPLIT; a
/// build may join the power's force in its centre (M12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Multiplicity;

impl Mechanic for Multiplicity {
    const OPTION: &'static str = "multiplicity";
    const RANK: u8 = 0;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Multiplicity)
    }

    fn describe(&self, _: &Variant) -> String {
        "multiplicity".into()
    }

    fn reads(&self, notation: Notation) -> bool {
        notation == Notation::MergeSplit
    }

    fn composite_forces(&self) -> bool {
        true
    }

    fn builds_join(&self) -> bool {
        true
    }
}
