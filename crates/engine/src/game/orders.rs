//! Orders as a power submits them: each line is read and checked against the
//! current phase, and said to be accepted, replaced (an earlier order for the
//! same unit is replaced) or rejected with the reason. A power may resubmit
//! until the phase is processed.

use super::record::{PhaseRecord, Status, Submission, SubmittedOrder};
use super::{GameError, GameRecord};
use crate::adjudicate::{recycle, Adjudicator, Legality, OrderResult, Verdict};
use crate::order::{before_comment, parse_order, parse_order_line, Action, Order};
use crate::state::{Force, Position};
use crate::variant::{PhaseKind, PowerId, ProvinceId, Variant};

/// What an order takes up: its unit's province, or its build site. A waive
/// takes up nothing (each waive is one more), nor does a build where
/// several may go to one centre.
fn slot(v: &Variant, order: &Order) -> Option<ProvinceId> {
    match order.action {
        Action::Waive => None,
        // With Multiplicity several builds may go to one centre (M12).
        Action::Build if v.rules.builds_join() => None,
        _ => order.unit.as_ref().map(|u| v.province_of(u.loc)),
    }
}

/// Is this an adjustment (or placement) phase? There a power's new
/// submission replaces all its earlier orders: builds are a set, not orders
/// for units.
fn adjusting(v: &Variant, pos: &Position) -> bool {
    v.calendar.kind(pos.phase) == crate::variant::PhaseKind::Adjustment
}

/// The orders in force for a phase that starts at `pos`: every accepted
/// order, each replaced by a later one for the same unit (in adjustment
/// phases, a power's later submission, if any of it was accepted, replaces
/// all its earlier orders).
pub fn orders_in_force(v: &Variant, pos: &Position, phase: &PhaseRecord) -> Result<Vec<Order>, GameError> {
    let mut orders: Vec<Order> = Vec::new();
    for s in &phase.submissions {
        take_in(v, pos, &mut orders, s)?;
    }
    Ok(orders)
}

/// The orders in force `orders` after submission `s`.
fn take_in(v: &Variant, pos: &Position, orders: &mut Vec<Order>, s: &Submission) -> Result<(), GameError> {
    let unknown = || GameError::Record(format!("submission by unknown power `{}`", s.power));
    let power = v.find_power(&s.power).ok_or_else(unknown)?;
    // A submission with nothing accepted leaves the earlier one standing.
    if adjusting(v, pos) && s.orders.iter().any(|o| o.status != Status::Rejected) {
        orders.retain(|o| o.power != Some(power));
    }
    for o in s.orders.iter().filter(|o| o.status != Status::Rejected) {
        let text = o.order.as_deref().unwrap_or(&o.text);
        let order = parse_order(v, text, Some(power))
            .map_err(|e| GameError::Record(format!("recorded order `{text}` of {}: {e}", s.power)))?;
        place(v, pos, orders, order);
    }
    Ok(())
}

/// The forces that have no order in force yet, in board order: in a
/// movement phase each unit on the board, in a retreat phase each
/// dislodged unit; none in an adjustment phase (a power's orders there are
/// a set, not orders for units). Only powers with something to order count.
pub fn units_without_orders(v: &Variant, rec: &GameRecord, pos: &Position) -> Result<Vec<Force>, GameError> {
    let phase = rec.phases.last().expect("a current phase");
    let orders = orders_in_force(v, pos, phase)?;
    // A mixed force (Hoplite Wars H3) is ordered by any of its powers.
    let by_its_power =
        |f: &Force, o: &Order| o.power == Some(f.power) || f.components.iter().any(|c| o.power == Some(c.power));
    let ordered = |f: &Force| {
        orders.iter().any(|o| {
            by_its_power(f, o) && o.unit.as_ref().is_some_and(|u| v.province_of(u.loc) == v.province_of(f.loc))
        })
    };
    let units: Vec<&Force> = match v.calendar.kind(pos.phase) {
        PhaseKind::Movement => pos.forces.iter().collect(),
        PhaseKind::Retreat => pos.dislodged.iter().map(|d| &d.force).collect(),
        PhaseKind::Adjustment => Vec::new(),
    };
    // I5: the judge orders the Barbarians' and Persians' units.
    let units: Vec<&Force> = units.into_iter().filter(|f| !v.rules.played_by_judge(f.power)).collect();
    // A box (C10) holds several units: each order there covers one of them.
    let mut covered: Vec<(PowerId, ProvinceId)> = Vec::new();
    let mut left = Vec::new();
    for f in units {
        let p = v.province_of(f.loc);
        if !v.is_box(p) {
            if !ordered(f) {
                left.push(f.clone());
            }
            continue;
        }
        let orders_here = orders
            .iter()
            .filter(|o| by_its_power(f, o) && o.unit.as_ref().is_some_and(|u| v.province_of(u.loc) == p))
            .count();
        if covered.iter().filter(|&&c| c == (f.power, p)).count() < orders_here {
            covered.push((f.power, p));
        } else {
            left.push(f.clone());
        }
    }
    Ok(left)
}

/// The orders of `power` in force in the current phase, as the judge
/// prints them.
pub fn orders_in_force_of(v: &Variant, rec: &GameRecord, power: PowerId) -> Result<Vec<String>, GameError> {
    let pos = super::current(v, rec)?;
    orders_in_force_at(v, &pos, rec.phases.last().expect("a current phase"), power)
}

/// [`orders_in_force_of`] in `phase`, the record of the open phase that
/// starts at `pos`.
pub fn orders_in_force_at(
    v: &Variant,
    pos: &Position,
    phase: &PhaseRecord,
    power: PowerId,
) -> Result<Vec<String>, GameError> {
    let orders = orders_in_force(v, pos, phase)?;
    Ok(orders.iter().filter(|o| o.power == Some(power)).map(|o| o.display(v).to_string()).collect())
}

/// Adds an order to the orders in force, replacing one for the same slot;
/// true when it replaced.
pub fn place(v: &Variant, pos: &Position, orders: &mut Vec<Order>, order: Order) -> bool {
    if let Some(i) = replaced(v, pos, orders, &order) {
        orders[i] = order;
        return true;
    }
    orders.push(order);
    false
}

/// The order in force that `order` replaces, if any: the power's order for
/// the same slot. A box (C10) holds several units: there a power has one
/// order per unit of that kind it has in the box, and an order beyond that
/// replaces its earliest one for them; orders that name no kind share the
/// units the orders naming a kind leave.
fn replaced(v: &Variant, pos: &Position, orders: &[Order], order: &Order) -> Option<usize> {
    let key = slot(v, order)?;
    let same = |o: &Order| o.power == order.power && slot(v, o) == Some(key);
    if !v.is_box(key) {
        return orders.iter().position(same);
    }
    let kinds = |o: &Order| {
        let mut k: Vec<_> = o
            .unit
            .as_ref()
            .and_then(|u| u.components.as_ref())
            .map(|c| c.iter().map(|c| c.kind).collect())
            .unwrap_or_default();
        k.sort_unstable();
        k
    };
    let written = kinds(order);
    let force_kinds = |f: &Force| {
        let mut k: Vec<_> = f.components.iter().map(|c| c.kind).collect();
        k.sort_unstable();
        k
    };
    let theirs: Vec<&Force> =
        pos.forces_in(v, key).filter(|f| order.power.is_none_or(|p| v.same_player(p, f.power))).collect();
    let room = if written.is_empty() {
        // As the judge binds them (adjudicate/plan/boxes.rs): the orders
        // naming a kind take their units first; one naming none has what
        // is left.
        let mut taken = vec![false; theirs.len()];
        for k in orders.iter().filter(|o| same(o)).map(kinds).filter(|k| !k.is_empty()) {
            if let Some(i) = (0..theirs.len()).find(|&i| !taken[i] && force_kinds(theirs[i]) == k) {
                taken[i] = true;
            }
        }
        taken.iter().filter(|&&t| !t).count()
    } else {
        theirs.iter().filter(|f| force_kinds(f) == written).count()
    };
    let mut mine = orders.iter().enumerate().filter(|(_, o)| same(o) && kinds(o) == written).map(|(i, _)| i);
    let first = mine.next()?;
    (1 + mine.count() >= room).then_some(first)
}

/// Reads and checks the lines a power submits, records the submission, and
/// says what became of each line.
pub fn submit(
    v: &Variant,
    rec: &mut GameRecord,
    power: PowerId,
    by: &str,
    at: &str,
    lines: &[String],
) -> Result<Vec<SubmittedOrder>, GameError> {
    if let Some(result) = &rec.result {
        return Err(GameError::Over(super::result_text(result)));
    }
    let pos = super::current(v, rec)?;
    submit_at(v, &pos, rec.phases.last_mut().expect("a current phase"), power, by, at, lines)
}

/// [`submit`] to `phase`, the record of the open phase that starts at
/// `pos` (for a caller that keeps the position and the phase's
/// submissions apart from the record, as the web judge does).
pub fn submit_at(
    v: &Variant,
    pos: &Position,
    phase: &mut PhaseRecord,
    power: PowerId,
    by: &str,
    at: &str,
    lines: &[String],
) -> Result<Vec<SubmittedOrder>, GameError> {
    let in_force = orders_in_force(v, pos, phase)?;
    submit_over(v, pos, phase, &in_force, power, by, at, lines)
}

/// [`submit_at`] for a caller that keeps the orders in force from one
/// submission to the next (self-play, which submits every power's orders
/// in turn): `in_force` must be [`orders_in_force`] of `phase`, and is
/// brought up to date with this submission (its accepted orders read once,
/// not again for every later submission).
#[allow(clippy::too_many_arguments)]
pub fn submit_kept(
    v: &Variant,
    pos: &Position,
    phase: &mut PhaseRecord,
    in_force: &mut Vec<Order>,
    power: PowerId,
    by: &str,
    at: &str,
    lines: &[String],
) -> Result<Vec<SubmittedOrder>, GameError> {
    let said = submit_over(v, pos, phase, in_force, power, by, at, lines)?;
    take_in(v, pos, in_force, phase.submissions.last().expect("just submitted"))?;
    Ok(said)
}

/// [`submit_kept`] for orders already read, each with the line it was
/// given as (the Python package's orders found among those it listed): they
/// are judged and recorded as the lines would be, without reading them
/// again, and `in_force` takes in the orders accepted as they are.
#[allow(clippy::too_many_arguments)]
pub fn submit_read(
    v: &Variant,
    pos: &Position,
    phase: &mut PhaseRecord,
    in_force: &mut Vec<Order>,
    power: PowerId,
    by: &str,
    at: &str,
    given: Vec<(String, Order)>,
) -> Vec<SubmittedOrder> {
    let read = given.into_iter().map(|(line, order)| (line, Ok(order)));
    let (said, accepted) = judge_over(v, pos, phase, in_force, power, by, at, read);
    // As `take_in` does with the submission's text.
    if adjusting(v, pos) && !accepted.is_empty() {
        in_force.retain(|o| o.power != Some(power));
    }
    for order in accepted {
        place(v, pos, in_force, order);
    }
    said
}

/// The submission checked against `earlier`, the orders in force before it.
#[allow(clippy::too_many_arguments)]
fn submit_over(
    v: &Variant,
    pos: &Position,
    phase: &mut PhaseRecord,
    earlier: &[Order],
    power: PowerId,
    by: &str,
    at: &str,
    lines: &[String],
) -> Result<Vec<SubmittedOrder>, GameError> {
    let read = lines.iter().map(|l| before_comment(l).trim()).filter(|l| !l.is_empty()).map(|line| {
        let parsed = if line.contains(':') { parse_order_line(v, line) } else { parse_order(v, line, Some(power)) };
        (line.to_string(), parsed.map_err(|e| e.to_string()))
    });
    Ok(judge_over(v, pos, phase, earlier, power, by, at, read).0)
}

/// Each order read (or the reason it could not be), checked against
/// `earlier`, the orders in force before it; the submission recorded in
/// `phase`. What became of each line, and the orders accepted.
#[allow(clippy::too_many_arguments)]
fn judge_over(
    v: &Variant,
    pos: &Position,
    phase: &mut PhaseRecord,
    earlier: &[Order],
    power: PowerId,
    by: &str,
    at: &str,
    read: impl Iterator<Item = (String, Result<Order, String>)>,
) -> (Vec<SubmittedOrder>, Vec<Order>) {
    let mut in_force = earlier.to_vec();
    if adjusting(v, pos) {
        in_force.retain(|o| o.power != Some(power));
    }
    let mut said = Vec::new();
    let mut accepted = Vec::new();
    let mut trials = Trials::new(v, pos);
    for (line, parsed) in read {
        let status = match parsed {
            Err(e) => Err(e),
            Ok(order) if order.power != Some(power) => Err(format!(
                "this is an order of {}, not of {}",
                v.power(order.power.unwrap()).name,
                v.power(power).name
            )),
            Ok(order) => check(&mut trials, pos, &in_force, &order).map(|()| order),
        };
        said.push(match status {
            Err(reason) => SubmittedOrder { text: line, status: Status::Rejected, order: None, reason: Some(reason) },
            Ok(order) => {
                let text = order.display(v).to_string();
                accepted.push(order.clone());
                let replaced = place(v, pos, &mut in_force, order);
                SubmittedOrder {
                    text: line,
                    status: if replaced { Status::Replaced } else { Status::Accepted },
                    order: Some(text),
                    reason: None,
                }
            }
        });
    }
    // A placement (a phase a mechanic adjudicates) is judged whole when it
    // is submitted: it replaces the power's earlier one whole, so it must
    // be complete (cost what the home centres are worth). If it is not,
    // nothing of it is accepted and the earlier placement stays in force.
    if v.rules.own_phase(v, pos) && said.iter().any(|s| s.status != Status::Rejected) {
        let mine: Vec<&Order> = in_force.iter().filter(|o| o.power == Some(power)).collect();
        if let Err(why) = v.rules.check_own_phase(v, pos, power, &mine, true) {
            let earlier = if earlier.iter().any(|o| o.power == Some(power)) {
                "the earlier placement stays in force"
            } else {
                "no placement is in force yet"
            };
            let reason = format!(
                "{} (this submission as a whole; it replaces nothing and {earlier})",
                crate::adjudicate::Reason::Illegal(why).describe(v)
            );
            for s in said.iter_mut().filter(|s| s.status != Status::Rejected) {
                *s = SubmittedOrder {
                    text: s.text.clone(),
                    status: Status::Rejected,
                    order: None,
                    reason: Some(reason.clone()),
                };
            }
            accepted.clear();
        }
    }
    let name = v.power(power).name.clone();
    phase.submissions.push(Submission { power: name, by: by.into(), at: at.into(), orders: said.clone() });
    (said, accepted)
}

/// The checks of a submission's orders, one after the other: the
/// legality questions and the adjudications that give a reason, and the
/// trial orders, results and next position kept from one check to the next.
struct Trials<'v> {
    judge: Adjudicator<'v>,
    legality: Legality<'v>,
    legal: Vec<bool>,
    orders: Vec<Order>,
    results: Vec<OrderResult<'static>>,
    next: Position,
}

impl<'v> Trials<'v> {
    fn new(v: &'v Variant, pos: &'v Position) -> Trials<'v> {
        Trials {
            judge: Adjudicator::new(v),
            legality: Legality::at(v, pos),
            legal: Vec::new(),
            orders: Vec::new(),
            results: Vec::new(),
            next: Position::blank(),
        }
    }
}

/// Is `order` legal in this phase, given the orders already in force? It is
/// adjudicated with them (without the one it would replace) and must not
/// come out illegal.
fn check(trials: &mut Trials, pos: &Position, in_force: &[Order], order: &Order) -> Result<(), String> {
    let v = trials.judge.variant();
    if v.rules.own_phase(v, pos) {
        // A phase a mechanic adjudicates (a placement) is judged as a whole:
        // here, each line as it comes.
        let mut mine: Vec<&Order> = in_force.iter().filter(|o| o.power == order.power).collect();
        mine.push(order);
        let power = order.power.expect("a submitting power");
        return v
            .rules
            .check_own_phase(v, pos, power, &mine, false)
            .map_err(|why| crate::adjudicate::Reason::Illegal(why).describe(v));
    }
    let gone = replaced(v, pos, in_force, order);
    let trial = &mut trials.orders;
    trial.clear();
    trial.extend(in_force.iter().enumerate().filter(|&(i, _)| Some(i) != gone).map(|(_, o)| o.clone()));
    trial.push(order.clone());
    // The adjudicator's verdict, by planning alone or by judging a
    // Winter's orders alone where that answers (`Legality`), with the
    // reason where they were judged; elsewhere, and for the reason of an
    // order planning calls illegal, the orders are adjudicated whole
    // (once: the same verdict).
    if trials.legality.answers_short(pos, trial) {
        trials.legality.legal_into(pos, trial, &mut trials.legal);
        if trials.legal.last() == Some(&true) {
            return Ok(());
        }
        if let Some(why) = trials.legality.last_illegal() {
            return Err(why.describe(v));
        }
    }
    let mut results = recycle(std::mem::take(&mut trials.results));
    trials.judge.adjudicate_into(pos, trial, &mut results, &mut trials.next);
    let r = &results[trial.len() - 1];
    let checked = if r.verdict() == Verdict::Illegal { Err(r.reason.describe(v)) } else { Ok(()) };
    trials.results = recycle(results);
    checked
}

#[cfg(test)]
mod tests {
    use super::super::{current, new_game};
    use crate::variant::embedded_variant;

    /// Whether a new submission replaces a power's earlier builds depends on
    /// the phase of the position, not on reading the record's label (a
    /// record edited by hand may label its phases otherwise).
    #[test]
    fn adjustment_resubmission_replaces_builds_whatever_the_label() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let mut rec = new_game(&v, "standard", 1);
        let mut pos = current(&v, &rec).unwrap();
        pos.phase = v.calendar.parse_phase("Winter 1901, Adjustment").unwrap();
        let (france, par) = (v.find_power("France").unwrap(), v.province_of(v.find_loc("par").unwrap()));
        pos.forces.retain(|f| v.province_of(f.loc) != par);
        rec.phases[0].start = pos.to_json(&v);
        rec.phases[0].phase = "the first winter".into();
        super::submit(&v, &mut rec, france, "France", "now", &["BUILD A par".into()]).unwrap();
        super::submit(&v, &mut rec, france, "France", "now", &["WAIVE".into()]).unwrap();
        let pos = current(&v, &rec).unwrap();
        let in_force: Vec<String> = super::orders_in_force(&v, &pos, &rec.phases[0])
            .unwrap()
            .iter()
            .map(|o| o.display(&v).to_string())
            .collect();
        assert_eq!(in_force, ["WAIVE"]);
    }

    /// Orders already read are judged and recorded as their lines are
    /// (`submit_read` against `submit_kept`): builds accepted, one where a
    /// unit stands rejected with its reason, a later submission replacing the earlier.
    #[test]
    fn orders_already_read_are_judged_as_their_lines() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let rec = new_game(&v, "standard", 1);
        let mut pos = current(&v, &rec).unwrap();
        pos.phase = v.calendar.parse_phase("Winter 1901, Adjustment").unwrap();
        let france = v.find_power("France").unwrap();
        let gone = [v.find_loc("par").unwrap(), v.find_loc("bre").unwrap()];
        pos.forces.retain(|f| !gone.contains(&f.loc));
        let submissions: [&[&str]; 2] = [&["BUILD A par", "BUILD F bre", "BUILD A mar"], &["BUILD F bre", "WAIVE"]];
        let (mut by_lines, mut by_orders) = (rec.phases[0].clone(), rec.phases[0].clone());
        let (mut kept, mut read) = (Vec::new(), Vec::new());
        for lines in submissions {
            let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            let said = super::submit_kept(&v, &pos, &mut by_lines, &mut kept, france, "me", "now", &lines).unwrap();
            let given = lines.iter().map(|l| (l.clone(), crate::order::parse_order(&v, l, Some(france)).unwrap()));
            let said_read =
                super::submit_read(&v, &pos, &mut by_orders, &mut read, france, "me", "now", given.collect());
            assert_eq!(said_read, said);
            assert_eq!(read, kept);
        }
        assert_eq!(by_orders.submissions, by_lines.submissions);
        let statuses: Vec<_> = by_lines.submissions[0].orders.iter().map(|s| s.status).collect();
        assert_eq!(statuses, [super::Status::Accepted, super::Status::Accepted, super::Status::Rejected]);
        let in_force: Vec<String> = read.iter().map(|o| o.display(&v).to_string()).collect();
        assert_eq!(in_force, ["BUILD F bre", "WAIVE"]);
    }

    /// A mixed force ordered by its Minor is not listed as without an order
    /// (Hoplite Wars H3: either power orders it).
    #[test]
    fn a_mixed_force_ordered_by_its_minor_has_an_order() {
        use crate::state::{Force, Kind, Position};
        let v = embedded_variant("hoplite_wars").expect("built in").expect("valid");
        let mut rec = new_game(&v, "hoplite_wars", 1);
        let start = current(&v, &rec).unwrap();
        let phase = v.calendar.parse_phase("Spring 450 BC, Movement").unwrap();
        let (sparta, elatea, spa) =
            (v.find_power("Sparta").unwrap(), v.find_power("Elatea").unwrap(), v.find_loc("spa").unwrap());
        let mut pos = Position::empty(&v, phase);
        pos.owners = start.owners.clone();
        let mut force = Force::single(sparta, Kind::ARMY, spa);
        force.join(&v, Force::single(elatea, Kind::ARMY, spa));
        pos.forces.push(force);
        pos.forces.push(Force::single(sparta, Kind::ARMY, v.find_loc("pra").unwrap()));
        rec.phases[0].start = pos.to_json(&v);
        rec.phases[0].phase = v.calendar.display(phase).to_string();
        let said = super::submit(&v, &mut rec, elatea, "Elatea", "now", &["2A spa H".into()]).unwrap();
        assert_eq!(said[0].status, super::Status::Accepted, "{said:?}");
        let pos = current(&v, &rec).unwrap();
        let left: Vec<String> =
            super::units_without_orders(&v, &rec, &pos).unwrap().iter().map(|f| v.loc_abbr(f.loc)).collect();
        assert_eq!(left, ["pra"]);
    }

    /// C10: Germany holds three DAs at City State's start. Each order
    /// there covers one of them; the units left without orders are the
    /// others; an order beyond the three replaces the earliest.
    #[test]
    fn orders_for_units_in_a_box_each_cover_one() {
        let v = embedded_variant("city_state").expect("built in").expect("valid");
        let mut rec = new_game(&v, "city_state", 1);
        let emperor = v.find_power("Emperor").unwrap();
        let pos = current(&v, &rec).unwrap();
        let left = |rec: &crate::game::GameRecord| {
            super::units_without_orders(&v, rec, &pos)
                .unwrap()
                .iter()
                .filter(|f| f.power == emperor)
                .map(|f| v.loc_abbr(f.loc))
                .collect::<Vec<_>>()
        };
        assert_eq!(left(&rec), ["ger", "ger", "ger"]);
        let said =
            super::submit(&v, &mut rec, emperor, "Emperor", "now", &["DA ger - stg".into(), "DA ger - brn".into()])
                .unwrap();
        assert!(said.iter().all(|s| s.status == super::Status::Accepted), "{said:?}");
        assert_eq!(left(&rec), ["ger"]);
        super::submit(&v, &mut rec, emperor, "Emperor", "now", &["DA ger - sep".into()]).unwrap();
        assert!(left(&rec).is_empty());
        let said = super::submit(&v, &mut rec, emperor, "Emperor", "now", &["DA ger - tar".into()]).unwrap();
        assert_eq!(said[0].status, super::Status::Replaced);
        assert_eq!(
            super::orders_in_force_of(&v, &rec, emperor).unwrap(),
            ["DA ger - tar", "DA ger - brn", "DA ger - sep"]
        );
    }
}
