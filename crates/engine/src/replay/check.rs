//! Replaying a recorded game: every phase but the last is adjudicated from
//! its recorded start with its recorded orders, and the outcome is compared
//! with the recorded start of the next phase (units, dislodged units, centre
//! owners) and with each order's recorded result. The replay always goes on
//! from the recorded start, so one difference does not hide the next.
//!
//! The replay plays under an edition (the variant's `rules.edition`); the
//! record was judged under its judge's own (`native`). Where the two differ,
//! a difference that switching one choice to the record's judge's answer
//! removes is that choice's difference, counted by class, not a failure.
//! Phases a record leaves out because it thought them empty are adjudicated
//! with no orders (and noted); a next phase other than the calendar's is
//! noted. Where the record contradicts itself (a glitch), the glitch is
//! reported apart: a phase whose own start or orders are wrong is not
//! adjudicated, and a wrong next start is compared away from the glitches'
//! provinces only (not at all when a glitch names none).

use super::diff::{order_key, order_provinces, position_differences, same_forces, same_owners, PositionDiff};
use super::{RecordedGame, RecordedPhase};
use crate::adjudicate::{
    adjudicate, adjustment_due, balances, can_retreat, recycle, Adjudicator, OrderResult, Verdict, Workspace,
};
use crate::rules::{Choice, Edition};
use crate::state::{Dislodged, Force, Position};
use crate::variant::{PhaseKind, PowerId, ProvinceId, Variant};

#[derive(Clone, Debug, PartialEq)]
pub struct ReplayReport {
    /// None when the replay agrees with the record throughout (but for the
    /// edition's differences).
    pub first_difference: Option<String>,
    pub notes: Vec<String>,
    /// Phases in the record.
    pub phases: usize,
    /// Differences from the record that the record's judge's answer to one
    /// choice of the edition removes: the choice, and the difference.
    pub edition_differences: Vec<(Choice, String)>,
    /// Where the record contradicts itself.
    pub record_errors: Vec<String>,
    /// Phases whose outcome could not be compared with the record because
    /// of its glitches: the phase's own start or orders are wrong, or the
    /// next start is wrong where no province says where.
    pub unchecked: usize,
}

/// Replays `game` under `v`'s edition; `native` is the edition of the judge
/// that wrote the record.
pub fn replay(v: &Variant, game: &RecordedGame, native: Edition) -> ReplayReport {
    replay_with(&mut Replayer::default(), v, game, native)
}

/// `replay`, working in what `replayer` kept from the records replayed
/// before (of any variant; `replay_text_with`): the same report.
pub fn replay_with(replayer: &mut Replayer, v: &Variant, game: &RecordedGame, native: Edition) -> ReplayReport {
    let mut replaying = Replaying::new(v, native, replayer);
    for phase in &game.phases {
        replaying.read(phase);
    }
    if let Some(first) = game.phases.first() {
        replaying.begin(first);
    }
    for pair in game.phases.windows(2) {
        replaying.pair(&pair[0], &pair[1]);
    }
    replaying.end(replayer)
}

/// What replays work in, kept from record to record (`replay_text_with`):
/// the adjudicator's scratch arrays, the results list and the two
/// positions a replay steps between. A replay of many records reuses their
/// memory; what one record's replay leaves in them, the next never reads.
pub struct Replayer {
    work: Workspace,
    results: Vec<OrderResult<'static>>,
    pos: Position,
    next: Position,
}

impl Default for Replayer {
    fn default() -> Replayer {
        Replayer { work: Workspace::default(), results: Vec::new(), pos: Position::blank(), next: Position::blank() }
    }
}

/// A replay under way: each phase read is counted and its glitches noted
/// (`read`), and each phase is adjudicated and compared with the next
/// (`pair`) until the first difference. The phases may come all at once
/// (`replay`) or as a record is read (`replay_text`).
pub(super) struct Replaying<'v> {
    native: Edition,
    judge: Adjudicator<'v>,
    report: ReplayReport,
    /// The position to go on from.
    pos: Position,
    /// What each phase is adjudicated into, kept from phase to phase so
    /// that a replay allocates no results list and no next position for
    /// each phase (the results list emptied between phases: `recycle`).
    results: Vec<OrderResult<'static>>,
    next: Position,
}

impl<'v> Replaying<'v> {
    /// A replay under `v`, working in what `replayer` kept (`end` gives
    /// it back).
    pub(super) fn new(v: &'v Variant, native: Edition, replayer: &mut Replayer) -> Replaying<'v> {
        use std::mem::{replace, take};
        Replaying {
            native,
            judge: Adjudicator::with_workspace(v, take(&mut replayer.work)),
            report: ReplayReport {
                first_difference: None,
                notes: Vec::new(),
                phases: 0,
                edition_differences: Vec::new(),
                record_errors: Vec::new(),
                unchecked: 0,
            },
            pos: replace(&mut replayer.pos, Position::blank()),
            results: take(&mut replayer.results),
            next: replace(&mut replayer.next, Position::blank()),
        }
    }

    /// Counts a phase of the record, and notes where it contradicts itself.
    pub(super) fn read(&mut self, phase: &RecordedPhase) {
        self.report.phases += 1;
        let start = phase.start_glitch.as_ref().map(|g| &g.what);
        for glitch in [start, phase.orders_glitch.as_ref()].into_iter().flatten() {
            self.report.record_errors.push(format!("{}: {glitch}", phase.label));
        }
    }

    /// The replay goes on from the first phase's start.
    pub(super) fn begin(&mut self, first: &RecordedPhase) {
        self.pos.clone_from(&first.start);
    }

    /// Adjudicates `phase` and compares it with `recorded`, the phase after
    /// it, unless a difference was found before.
    pub(super) fn pair(&mut self, phase: &RecordedPhase, recorded: &RecordedPhase) {
        if self.report.first_difference.is_none() {
            self.report.first_difference = self.go_on(phase, recorded).err();
        }
    }

    /// The report, and what the replay worked in given back to `replayer`.
    pub(super) fn end(mut self, replayer: &mut Replayer) -> ReplayReport {
        if self.report.phases == 0 {
            self.report.first_difference = Some("the record has no phases".into());
        }
        replayer.work = self.judge.into_workspace();
        replayer.results = recycle(self.results);
        replayer.pos = self.pos;
        replayer.next = self.next;
        self.report
    }

    fn go_on(&mut self, phase: &RecordedPhase, recorded: &RecordedPhase) -> Result<(), String> {
        let report = &mut self.report;
        if phase.start_glitch.is_some() || phase.orders_glitch.is_some() {
            report.unchecked += 1;
            self.pos.clone_from(&recorded.start);
            return Ok(());
        }
        if recorded.start_glitch.as_ref().is_some_and(|g| g.provinces.is_none()) {
            report.unchecked += 1;
        }
        let mut results = recycle(std::mem::take(&mut self.results));
        let stepped =
            step(&mut self.judge, &mut results, &mut self.next, &self.pos, phase, recorded, &mut report.notes);
        self.results = recycle(results);
        match stepped {
            // polemarch's next position is the one to go on from; the
            // position just left is the next adjudication's buffer.
            Ok(None) => std::mem::swap(&mut self.pos, &mut self.next),
            Ok(Some(next)) => self.pos = next,
            Err(difference) => {
                let v = self.judge.variant();
                let (choice, next) =
                    explained(v, self.native, &self.pos, phase, recorded).ok_or_else(|| difference.clone())?;
                report.edition_differences.push((choice, difference));
                self.pos = next;
            }
        }
        Ok(())
    }
}

/// The one choice of the edition whose switch to the record's judge's
/// answer makes the phase agree with the record, and the position to go on
/// from.
fn explained(
    v: &Variant,
    native: Edition,
    pos: &Position,
    phase: &RecordedPhase,
    recorded: &RecordedPhase,
) -> Option<(Choice, Position)> {
    let ours = v.rules.edition;
    Choice::ALL.into_iter().filter(|&c| ours.differs(&native, c)).find_map(|c| {
        let mut switched = v.clone();
        switched.rules.edition = ours.with(&native, c);
        let mut next = Position::blank();
        let stepped =
            step(&mut Adjudicator::new(&switched), &mut Vec::new(), &mut next, pos, phase, recorded, &mut Vec::new());
        stepped.ok().map(|other| (c, other.unwrap_or(next)))
    })
}

/// Adjudicates one phase from `pos` into `results` and `next` and compares
/// it with the record: the position to go on from (None: polemarch's, in
/// `next`, where it is the record's; else the record's with what polemarch
/// knows), or the first difference.
fn step<'g>(
    judge: &mut Adjudicator,
    results: &mut Vec<OrderResult<'g>>,
    next: &mut Position,
    pos: &Position,
    phase: &'g RecordedPhase,
    recorded: &RecordedPhase,
    notes: &mut Vec<String>,
) -> Result<Option<Position>, String> {
    let v = judge.variant();
    // Written only when something is said of the phase.
    let name = || format!("{} ({})", phase.label, v.calendar.display(pos.phase));
    judge.adjudicate_into(pos, &phase.orders, results, next);
    if let Some(record) = &phase.results {
        for (j, said) in record.iter().enumerate() {
            let (Some(said), Some(ours)) = (said, results.get(j)) else { continue };
            if said.success != (ours.verdict() == Verdict::Success) {
                return Err(format!(
                    "{}: order {}: expected (record) {} ({}); actual (polemarch) {} ({})",
                    name(),
                    order_key(v, pos, &phase.orders[j]),
                    if said.success { "success" } else { "failure" },
                    said.said,
                    ours.verdict().word().to_lowercase(),
                    ours.reason.describe(v)
                ));
            }
        }
    }
    catch_up(v, &name, next, recorded.start.phase, &recorded.label, notes);
    let next = &*next;
    // Where the record's start contradicts itself: nothing is compared when
    // a glitch has no province, else all but the glitches' provinces.
    if let Some(glitch) = &recorded.start_glitch {
        let Some(provinces) = &glitch.provinces else { return Ok(Some(merged(&recorded.start, next))) };
        let diff = position_differences(v, &away_from(v, &recorded.start, provinces), &away_from(v, next, provinces));
        return if diff.is_empty() {
            Ok(Some(merged(&recorded.start, next)))
        } else {
            Err(difference(v, pos, phase, recorded, &diff, &name))
        };
    }
    // Which dislodged units have nowhere to go depends on where their
    // attackers came from and on standoffs, which records do not say: they
    // are judged on the record's position with what polemarch knows.
    let diff = if recorded.start.dislodged.is_empty() && next.dislodged.is_empty() {
        position_differences(v, &recorded.start, next)
    } else {
        if merged_is(v, &recorded.start, next) {
            // The same position has the same hopeless retreats.
            PositionDiff::default()
        } else {
            let recorded_start = merged(&recorded.start, next);
            position_differences(v, &without_hopeless(v, &recorded_start), &without_hopeless(v, next))
        }
    };
    if diff.is_empty() {
        // The replay goes on from the record's position; where it agrees
        // with polemarch's in all that is compared and the phase is the
        // same, polemarch's is that position (with the attack origins and
        // standoffs the record leaves out), and no copy is needed.
        return Ok((next.phase != recorded.start.phase).then(|| merged(&recorded.start, next)));
    }
    Err(difference(v, pos, phase, recorded, &diff, &name))
}

/// A difference as the report says it: the phase, what differs, and the
/// orders that name the provinces concerned.
fn difference(
    v: &Variant,
    pos: &Position,
    phase: &RecordedPhase,
    recorded: &RecordedPhase,
    diff: &PositionDiff,
    name: &dyn Fn() -> String,
) -> String {
    let involved: Vec<String> = phase
        .orders
        .iter()
        .filter(|o| order_provinces(v, o).iter().any(|p| diff.provinces.contains(p)))
        .map(|o| order_key(v, pos, o))
        .collect();
    format!(
        "{} -> {}: {}; orders involved: {}",
        name(),
        recorded.label,
        diff.what.join("; "),
        if involved.is_empty() { "none".into() } else { involved.join(", ") }
    )
}

/// The position without what stands in, or owns, `provinces`.
fn away_from(v: &Variant, pos: &Position, provinces: &[ProvinceId]) -> Position {
    let mut p = pos.clone();
    let elsewhere = |f: &Force| !provinces.contains(&v.province_of(f.loc));
    p.forces.retain(|f| elsewhere(f));
    p.dislodged.retain(|d| elsewhere(&d.force));
    for &q in provinces {
        p.owners[q.index()] = None;
    }
    p
}

/// Brings polemarch's next position to the record's next phase when the
/// record left out phases it thought empty (adjudicating them with no
/// orders), and notes any disagreement about which phase comes next.
fn catch_up(
    v: &Variant,
    name: &dyn Fn() -> String,
    next: &mut Position,
    wanted: crate::variant::Phase,
    label: &str,
    notes: &mut Vec<String>,
) {
    if next.phase == wanted {
        return;
    }
    let mut probe = next.clone();
    let mut skipped = Vec::new();
    let mut chosen = false;
    while probe.phase != wanted
        && v.calendar.kind(probe.phase) != PhaseKind::Movement
        && skipped.len() < v.calendar.steps.len()
    {
        chosen |= has_choice(v, &probe);
        skipped.push(v.calendar.display(probe.phase).to_string());
        probe = adjudicate(v, &probe, &[]).next;
    }
    if probe.phase == wanted {
        if chosen {
            notes.push(format!(
                "{}: the record has no {} phase after it; polemarch adjudicated it with no orders",
                name(),
                skipped.join(", ")
            ));
        }
        *next = probe;
        return;
    }
    notes.push(format!(
        "{}: the record goes on to {label}, polemarch's calendar to {}",
        name(),
        v.calendar.display(next.phase)
    ));
}

/// Does a retreat or adjustment phase leave anyone a choice? Not when every
/// dislodged unit has nowhere to go, nor when builds are due only to powers
/// that have nowhere to build (the adjudicator's rules decide both).
/// Records leave such phases out.
fn has_choice(v: &Variant, pos: &Position) -> bool {
    match v.calendar.kind(pos.phase) {
        PhaseKind::Movement => true,
        PhaseKind::Retreat => can_retreat(v, pos).contains(&true),
        PhaseKind::Adjustment => balances(v, pos).into_iter().enumerate().any(|(p, b)| {
            b < 0 || (adjustment_due(v, pos, b, PowerId::new(p)) && crate::game::can_build(v, pos, PowerId::new(p)))
        }),
    }
}

/// The position without dislodged units that have nowhere to retreat: they
/// are disbanded, whether at once (as godip and MILA do) or in the retreat
/// phase (as polemarch does).
fn without_hopeless<'a>(v: &Variant, pos: &'a Position) -> std::borrow::Cow<'a, Position> {
    let keep = can_retreat(v, pos);
    if keep.iter().all(|&k| k) {
        return std::borrow::Cow::Borrowed(pos);
    }
    let mut p = pos.clone();
    let mut kept = keep.into_iter();
    p.dislodged.retain(|_| kept.next().unwrap_or(true));
    std::borrow::Cow::Owned(p)
}

/// The record's position, with what polemarch knows and the record does
/// not say: where each dislodged unit's attacker came from, and standoffs.
fn merged(recorded: &Position, ours: &Position) -> Position {
    let mut m = recorded.clone();
    for d in &mut m.dislodged {
        if let Some(o) = ours.dislodged.iter().find(|o| o.force == d.force) {
            d.attacker_from = o.attacker_from;
            d.by_convoy = o.by_convoy;
        }
    }
    if m.phase == ours.phase && m.contested.is_empty() {
        m.contested = ours.contested.clone();
    }
    m
}

/// `merged(recorded, ours) == *ours`, without writing out the merged
/// position. (Every field is named, so a field added to a position or a
/// dislodged unit cannot be left out of the comparison here.)
fn merged_is(v: &Variant, recorded: &Position, ours: &Position) -> bool {
    let Position { phase, forces, dislodged, contested, owners, state } = recorded;
    let dislodged_is = |d: &Dislodged, o: &Dislodged| {
        let Dislodged { force, attacker_from: _, by_convoy: _, also_from } = d;
        // Where the attacker came from is polemarch's where it knows it.
        let known = ours.dislodged.iter().find(|k| k.force == *force).unwrap_or(d);
        *force == o.force
            && known.attacker_from == o.attacker_from
            && known.by_convoy == o.by_convoy
            && *also_from == o.also_from
    };
    *phase == ours.phase
        && same_forces(forces, &ours.forces)
        && dislodged.len() == ours.dislodged.len()
        && dislodged.iter().zip(&ours.dislodged).all(|(d, o)| dislodged_is(d, o))
        && (contested.is_empty() || *contested == ours.contested)
        && same_owners(v, owners, &ours.owners)
        && *state == ours.state
}

#[cfg(test)]
mod tests {
    use super::has_choice;
    use crate::state::{Force, Kind, Position};
    use crate::variant::{embedded_variant, LocId, Variant};

    fn variant(id: &str) -> Variant {
        embedded_variant(id).expect("built in").expect("valid")
    }

    fn at(v: &Variant, phase: &str) -> Position {
        let mut pos = Position::start(v);
        pos.phase = v.calendar.parse_phase(phase).unwrap();
        pos
    }

    #[test]
    fn standard_adjustment_choices() {
        let v = variant("standard");
        let place = |name: &str| v.province_of(v.find_loc(name).unwrap());
        let france = v.find_power("France").unwrap();
        // Nothing due to anyone.
        let winter = at(&v, "Winter 1901, Adjustment");
        assert!(!has_choice(&v, &winter));
        // A build due, but every home centre is occupied.
        let mut pos = winter.clone();
        pos.owners[place("bel").index()] = Some(france);
        assert!(!has_choice(&v, &pos));
        // The same with Paris free.
        let par = pos.forces.iter().position(|f| v.province_of(f.loc) == place("par")).unwrap();
        pos.forces[par].loc = v.find_loc("pic").unwrap();
        assert!(has_choice(&v, &pos));
        // A removal due.
        let mut pos = winter.clone();
        pos.owners[place("mar").index()] = None;
        assert!(has_choice(&v, &pos));
    }

    /// Hoplite Wars builds in any owned centre (H7), garrisons cost half a
    /// centre and a build may join the power's own force: a power whose home
    /// centres are all occupied still has builds to choose.
    #[test]
    fn builds_by_the_variant_rules() {
        let v = variant("hoplite_wars");
        let athens = v.find_power("Athens").unwrap();
        let mut pos = at(&v, "Winter 450 BC, Adjustment");
        pos.forces.clear();
        pos.owners.iter_mut().for_each(|o| *o = None);
        for &h in &v.power(athens).homes {
            pos.owners[h.index()] = Some(athens);
            pos.forces.push(Force::single(athens, Kind::ARMY, LocId::of_province(h)));
        }
        assert!(!has_choice(&v, &pos), "balanced: nothing to build or remove");
        let town = v
            .province_ids()
            .find(|&p| {
                v.is_centre(p)
                    && v.home_of(p).is_none()
                    && v.province(p).terrain.holds_armies()
                    && !v.rules.get::<crate::rules::Colonies>().is_some_and(|c| c.0.contains(&p))
            })
            .unwrap();
        pos.owners[town.index()] = Some(athens);
        assert!(has_choice(&v, &pos));
    }
}
