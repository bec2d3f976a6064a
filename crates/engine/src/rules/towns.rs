//! Towns every move (Hoplite Wars H6): a Town, a centre worth half, changes
//! hands after every movement season (after its retreats), not only after
//! the seasons the calendar names for every centre.

/// Does a centre worth `value` halves change hands after a season that
/// changes no other?
pub fn changes_hands_midyear(value: u8) -> bool {
    value == 1
}
