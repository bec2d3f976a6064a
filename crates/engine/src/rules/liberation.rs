//! Liberation (Hoplite Wars H10): a Minor's home City retaken by a power of
//! its own player returns to the Minor.

use crate::variant::{PowerId, ProvinceId, Variant};

/// When the centre changes player, and it is the home of a Minor of the
/// mover's player, the Minor owns it.
pub fn capture(v: &Variant, p: ProvinceId, mover: PowerId, current: Option<PowerId>) -> Option<PowerId> {
    if current.is_some_and(|c| v.same_player(c, mover)) {
        return None;
    }
    v.home_of(p).filter(|&m| v.same_player(m, mover) && v.major_of(m) != m)
}
