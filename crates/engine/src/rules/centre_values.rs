//! What a centre is worth to the power it supplies (Vedder D3): Rome 3
//! centres to a Roman holder (its owner, or the borrower of a loan) and 1
//! to anyone else (the map's `roman_centre`, the variant's
//! `roman_powers`); a centre flagged `garrison_required` counts only while
//! a unit of its owner stands in it at the Winter adjustment. Doubles
//! (Alexandria, Antioch) are plain map values (`centre = 4`).

use super::options::{all_named, Names, OptionError};
use super::{Mechanic, Rules};
use crate::state::Position;
use crate::variant::{PowerId, ProvinceId, Variant};
use std::ops::ControlFlow;

/// The value in halves of centre `p` under the Roman rule to `holder`, the
/// power it supplies (its owner, or the borrower of a loan).
pub fn roman_value(v: &Variant, romans: &[PowerId], p: ProvinceId, holder: PowerId) -> Option<u32> {
    let province = v.province(p);
    (province.roman_centre > 0 && romans.contains(&holder)).then_some(province.roman_centre as u32)
}

/// Centres worth more to these powers, the Romans (the map's
/// `roman_centre`; Vedder D3: Rome 3 to Rome).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RomanCentres(pub Vec<PowerId>);

/// The powers to whom Rome is worth more (D3, T1).
pub fn romans(r: &Rules) -> &[PowerId] {
    r.get::<RomanCentres>().map_or(&[], |m| &m.0)
}

impl Mechanic for RomanCentres {
    const OPTION: &'static str = "roman_powers";
    const RANK: u8 = 10;

    fn read(value: &toml::Value, names: &Names) -> Result<Option<Self>, OptionError> {
        Ok(Some(RomanCentres(all_named(value, "power", names.power)?)))
    }

    fn describe(&self, v: &Variant) -> String {
        format!(
            "centres worth more to {}",
            self.0.iter().map(|&p| v.power(p).name.as_str()).collect::<Vec<_>>().join(", ")
        )
    }

    /// Rome is worth 3 to a Roman holder (seed rule 3: "for the ROMAN
    /// player only"), whoever owns it.
    fn centre_value(
        &self,
        _: &Rules,
        v: &Variant,
        _: &Position,
        p: ProvinceId,
        _: PowerId,
        holder: PowerId,
        value: u32,
    ) -> ControlFlow<u32, u32> {
        ControlFlow::Continue(roman_value(v, &self.0, p, holder).unwrap_or(value))
    }
}
