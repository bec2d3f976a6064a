//! What the variant's mechanics put at stake, as the engine answers it,
//! read for the bots: where a unit standing at the coming Winter may be
//! lost whatever its orders (`Rules::winter_risks`: Imperator's frontier
//! dice), and which units' loss puts their power out (`Rules::vital_units`:
//! a Triumvir's T, a Commander's AGC, the Emperor's guard). The bots know
//! no rule: where no mechanic answers (standard, most variants) nothing is
//! at stake here and the bots play as before.
//!
//! A bot with a vital unit at risk moves it off or covers it (DumbBot's
//! values, the search bot's value), and names a safer army its personal
//! unit where the adjudicator allows `DESIGNATE` (the first phase).

use crate::candidates::unit_ref;
use crate::geometry::Distances;
use crate::legal::Board;
use polemarch_engine::adjudicate::{adjudicate, retreat_options};
use polemarch_engine::order::{Action, Order};
use polemarch_engine::rules::Vital;
use polemarch_engine::variant::{PhaseKind, PowerId, ProvinceId};
use polemarch_engine::{Position, Variant};

/// The risks of one phase's position, by province.
pub struct Risks {
    /// The chance that a unit standing there is lost at the coming Winter
    /// (empty where no province is at risk).
    coming: Vec<f64>,
    /// At risk at some Winter, the coming one or a later one.
    ever: Vec<bool>,
}

impl Risks {
    pub fn of(v: &Variant, pos: &Position) -> Risks {
        let risks = v.rules.winter_risks(v, pos);
        let mut coming = Vec::new();
        let mut ever = vec![false; v.province_count()];
        for r in risks {
            ever[r.province.index()] = true;
            if r.coming {
                coming.resize(v.province_count(), 0.0);
                coming[r.province.index()] = r.chance;
            }
        }
        Risks { coming, ever }
    }

    /// The chance that a unit in `p` is lost at the coming Winter.
    pub fn coming(&self, p: ProvinceId) -> f64 {
        self.coming.get(p.index()).copied().unwrap_or(0.0)
    }

    /// Is any province at risk at the coming Winter?
    pub fn any_coming(&self) -> bool {
        !self.coming.is_empty()
    }

    /// Is `p` at risk at some Winter to come?
    pub fn ever(&self, p: ProvinceId) -> bool {
        self.ever[p.index()]
    }
}

/// The chance, 0 to 1, that `me` is out of the game for the loss of a
/// vital unit, on the position after a movement (`next`, its dislodged
/// units waiting): a dislodged one that is lost when dislodged or has no
/// retreat, or one standing at risk at the coming Winter or in danger in
/// the next movement (`exposed`: the caller's chance for a unit standing
/// in that province).
pub fn chance_out(
    v: &Variant,
    next: &Position,
    me: PowerId,
    risks: &Risks,
    exposed: impl Fn(ProvinceId) -> f64,
) -> f64 {
    let mut safe = 1.0;
    for Vital { at, lost_when_dislodged } in v.rules.vital_units(v, next, me) {
        let dislodged = next.dislodged.iter().find(|d| d.force.power == me && v.province_of(d.force.loc) == at);
        let lost = match dislodged {
            Some(d) if lost_when_dislodged || retreat_options(v, next, d).is_empty() => 1.0,
            Some(_) => 0.0,
            None => 1.0 - (1.0 - risks.coming(at)) * (1.0 - exposed(at)),
        };
        safe *= 1.0 - lost;
    }
    1.0 - safe
}

/// In a movement where the adjudicator allows it (the first phase), a
/// `DESIGNATE` of `me`'s army that stands fewest steps from safety (a
/// province at no risk at any Winter to come), where the vital unit it
/// would replace stands further.
pub fn designation(board: &Board, me: PowerId) -> Option<Order> {
    let (v, pos) = (board.v, board.pos);
    if board.kind != PhaseKind::Movement || pos.phase != v.calendar.first {
        return None;
    }
    let risks = Risks::of(v, pos);
    let vital = v.rules.vital_units(v, pos, me);
    if !vital.iter().any(|u| risks.ever(u.at)) {
        return None;
    }
    let safe: Vec<ProvinceId> = v.province_ids().filter(|&p| !risks.ever(p)).collect();
    let steps = Distances::to(v, &safe);
    let far = |i: usize| steps.of(v, &pos.forces[i], pos.forces[i].loc);
    let now = pos.forces.iter().position(|f| f.power == me && vital.iter().any(|u| u.at == v.province_of(f.loc)))?;
    let designate = |i: usize| Order {
        power: Some(me),
        unit: None,
        action: Action::Designate { unit: unit_ref(&pos.forces[i]) },
        claim: None,
    };
    (0..pos.forces.len())
        .filter(|&i| i != now && pos.forces[i].power == me && pos.forces[i].is_army() && far(i) < far(now))
        .map(|i| (far(i), designate(i)))
        .filter(|(_, o)| board.legal_alone(o))
        .min_by_key(|(steps, _)| *steps)
        .map(|(_, o)| o)
}

/// The position after `next`'s retreats, where a vital unit of any power
/// is lost in them (dislodged and lost when dislodged, or with no
/// retreat): the engine's own retreat phase with no orders, which puts
/// that player out and gives his holdings to his heir (Imperator I1: the
/// Emperor; Triumvirate T4: the one who dislodged him alone). None where
/// no vital unit is lost, the position after the movement then standing.
/// (Every unit waiting to retreat is disbanded in it: no retreat is
/// ordered.)
pub fn falls(v: &Variant, next: &Position) -> Option<Position> {
    if next.dislodged.is_empty() {
        return None;
    }
    let lost = |p: PowerId| {
        v.rules.vital_units(v, next, p).into_iter().any(|Vital { at, lost_when_dislodged }| {
            next.dislodged.iter().any(|d| {
                d.force.power == p
                    && v.province_of(d.force.loc) == at
                    && (lost_when_dislodged || retreat_options(v, next, d).is_empty())
            })
        })
    };
    v.power_ids().any(lost).then(|| adjudicate(v, next, &[]).next)
}
