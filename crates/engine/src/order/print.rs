//! Writes orders in the judge notation: `F lon - nth`, `A mun S A par - bur`.

use super::{Action, Order, UnitRef};
use crate::state::write_composition;
use crate::variant::Variant;
use std::fmt;

impl UnitRef {
    pub fn display<'a>(&'a self, variant: &'a Variant) -> UnitDisplay<'a> {
        UnitDisplay { unit: self, variant }
    }
}

pub struct UnitDisplay<'a> {
    unit: &'a UnitRef,
    variant: &'a Variant,
}

impl fmt::Display for UnitDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loc = self.variant.loc_name(self.unit.loc);
        match &self.unit.components {
            Some(c) => write!(f, "{} {loc}", write_composition(c)),
            None => write!(f, "{loc}"),
        }
    }
}

impl Order {
    /// The order in judge notation, without the power.
    pub fn display<'a>(&'a self, variant: &'a Variant) -> OrderDisplay<'a> {
        OrderDisplay { order: self, variant }
    }
}

pub struct OrderDisplay<'a> {
    order: &'a Order,
    variant: &'a Variant,
}

impl fmt::Display for OrderDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.action(f)?;
        match self.order.claim {
            Some(p) => write!(f, " CLAIM {}", self.variant.power(p).name),
            None => Ok(()),
        }
    }
}

impl OrderDisplay<'_> {
    fn action(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.variant;
        let own = MaybeUnit(self.order.unit.as_ref().map(|u| u.display(v)));
        let unit = || &own;
        match &self.order.action {
            Action::Hold => write!(f, "{} H", unit()),
            Action::Move { to, via_convoy } => {
                write!(f, "{} - {}", unit(), v.loc_name(*to))?;
                if *via_convoy {
                    write!(f, " via convoy")?;
                }
                Ok(())
            }
            Action::SupportHold { unit: u } => write!(f, "{} S {}", unit(), u.display(v)),
            Action::SupportMove { unit: u, to } => write!(f, "{} S {} - {}", unit(), u.display(v), v.loc_name(*to)),
            Action::Convoy { unit: u, to } => write!(f, "{} C {} - {}", unit(), u.display(v), v.loc_name(*to)),
            Action::Retreat { to } => write!(f, "{} R {}", unit(), v.loc_name(*to)),
            Action::Merge { to, with } => {
                write!(f, "{}", unit())?;
                for u in with {
                    write!(f, " & {}", u.display(v))?;
                }
                write!(f, " MERGE {}", v.loc_name(*to))
            }
            Action::SupportMerge { power, to } => match power {
                Some(p) => write!(f, "{} S {} MERGE {}", unit(), v.power(*p).name, v.loc_name(*to)),
                None => write!(f, "{} S MERGE {}", unit(), v.loc_name(*to)),
            },
            Action::Split { parts } => {
                write!(f, "{} SPLIT ", unit())?;
                let origin = self.order.unit.as_ref().map(|u| u.loc);
                for (i, part) in parts.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    let comp = write_composition(&part.components);
                    match (&part.action, origin) {
                        (Action::Move { to, via_convoy: false }, _) => write!(f, "{comp} {}", v.loc_name(*to))?,
                        (action, Some(origin)) => {
                            let order = Order {
                                claim: None,
                                power: None,
                                unit: Some(UnitRef { components: Some(part.components.clone()), loc: origin }),
                                action: action.clone(),
                            };
                            write!(f, "{}", order.display(v))?
                        }
                        (_, None) => write!(f, "{comp}")?,
                    }
                }
                Ok(())
            }
            Action::Disband => write!(f, "{} D", unit()),
            Action::Sack => write!(f, "{} SACK", unit()),
            Action::Destroy => write!(f, "{} DESTROY", unit()),
            Action::Rebuild => write!(f, "{} REBUILD", unit()),
            Action::Loan { centre, to } => write!(f, "LOAN {} TO {}", v.province(*centre).abbr, v.power(*to).name),
            Action::EndLoan { centre } => write!(f, "END LOAN {}", v.province(*centre).abbr),
            Action::Designate { unit: u } => write!(f, "DESIGNATE {}", u.display(v)),
            Action::Elect { power } => write!(f, "ELECT {}", v.power(*power).name),
            Action::Outlaw { power } => write!(f, "OUTLAW {}", v.power(*power).name),
            Action::Rival { power } => write!(f, "RIVAL {}", v.power(*power).name),
            Action::Fix { unit: u } => write!(f, "FIX {}", u.display(v)),
            Action::Convert { to } => write!(f, "CONVERT {} {}", unit(), to.letter()),
            Action::Build => write!(f, "BUILD {}", unit()),
            Action::Remove => write!(f, "REMOVE {}", unit()),
            Action::Waive => write!(f, "WAIVE"),
        }
    }
}

/// The unit an order names, if any (nothing is written for none).
struct MaybeUnit<'a>(Option<UnitDisplay<'a>>);

impl fmt::Display for MaybeUnit<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(u) => u.fmt(f),
            None => Ok(()),
        }
    }
}
