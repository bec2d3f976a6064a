//! What a centre is worth to the power it supplies (Vedder D3): Rome 3
//! centres to a Roman holder (its owner, or the borrower of a loan) and 1
//! to anyone else (the map's `roman_centre`, the variant's
//! `roman_powers`); a centre flagged `garrison_required` counts only while
//! a unit of its owner stands in it at the Winter adjustment. Doubles
//! (Alexandria, Antioch) are plain map values (`centre = 4`).

use crate::state::Position;
use crate::variant::{PowerId, ProvinceId, Variant};

/// The value in halves of centre `p` under the Roman rule to `holder`, the
/// power it supplies (its owner, or the borrower of a loan).
pub fn roman_value(v: &Variant, romans: &[PowerId], p: ProvinceId, holder: PowerId) -> Option<u32> {
    let province = v.province(p);
    (province.roman_centre > 0 && romans.contains(&holder)).then_some(province.roman_centre as u32)
}

/// Does a garrison-required centre go unsupplied (no unit of its owner in
/// it)?
pub fn ungarrisoned(v: &Variant, pos: &Position, p: ProvinceId, owner: PowerId) -> bool {
    v.province(p).flags.garrison_required && !pos.forces_in(v, p).any(|f| f.components.iter().any(|c| c.power == owner))
}
