//! Conversion (Hoplite Wars H17): in Winter, `CONVERT A ath F` turns one
//! of the power's armies in a City or Town into a fleet (a coastal centre;
//! a two-coast one names its coast, unless a fleet there fixes it), or
//! `CONVERT F ath A` a fleet into an army. No cost.

use super::options::{flag, Names, OptionError};
use super::Mechanic;
use crate::order::Action;
use crate::order::Order;
use crate::outcome::{Illegal, Reason};
use crate::state::{Kind, Position};
use crate::variant::{LocId, Variant};

pub fn convert(v: &Variant, next: &mut Position, order: &Order, to: Kind) -> Result<Reason, Illegal> {
    let unit = order.unit.as_ref().ok_or(Illegal::NoUnit)?;
    let from = unit.components.as_ref().and_then(|c| c.first()).map(|c| c.kind).ok_or(Illegal::NoConversion)?;
    let p = v.province_of(unit.loc);
    let province = v.province(p);
    if from == to || from == Kind::GARRISON || to == Kind::GARRISON || province.centre == 0 {
        return Err(Illegal::NoConversion);
    }
    let power = order.power.ok_or(Illegal::NoUnit)?;
    let i = next.force_index(v, p).ok_or(Illegal::NoUnit)?;
    let force = &mut next.forces[i];
    let c = force.components.iter().position(|c| c.kind == from && c.power == power).ok_or(Illegal::NotYourUnit)?;
    if to == Kind::FLEET {
        if !province.terrain.shore() {
            return Err(Illegal::FleetToLand);
        }
        if !province.coasts.is_empty() && v.loc(force.loc).coast.is_none() {
            // The coast comes from the order (`CONVERT A meg/nc F`).
            if v.loc(unit.loc).coast.is_none() {
                return Err(Illegal::CoastNeeded);
            }
            force.loc = unit.loc;
        }
    }
    force.components[c].kind = to;
    if force.count(Kind::FLEET) == 0 {
        force.loc = LocId::of_province(p);
    }
    Ok(Reason::Converted)
}

/// `CONVERT A xxx F` in Winter (H17).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conversion;

impl Mechanic for Conversion {
    const OPTION: &'static str = "conversion";
    const RANK: u8 = 8;

    fn read(value: &toml::Value, _: &Names) -> Result<Option<Self>, OptionError> {
        flag(value, Conversion)
    }

    fn describe(&self, _: &Variant) -> String {
        "conversion".into()
    }

    fn adjust_order(&self, v: &Variant, next: &mut Position, order: &Order) -> Option<Result<Reason, Illegal>> {
        match order.action {
            Action::Convert { to } => Some(convert(v, next, order, to)),
            _ => None,
        }
    }
}
