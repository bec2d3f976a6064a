//! Multiplicity II's switch. Its force model (a force is a list of
//! components; merge groups, splits, supports as amounts) is the engine's
//! one code path for every variant; what the variant switches on is the
//! notation and the orders that make several components meet: MERGE, SPLIT
//! and S MERGE (M6, M9), and builds that join the power's force in a centre
//! (M12).

use crate::order::Action;

/// Is this one of the orders Multiplicity brings?
pub fn brings(action: &Action) -> bool {
    matches!(action, Action::Split { .. } | Action::Merge { .. } | Action::SupportMerge { .. })
}
