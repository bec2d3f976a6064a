//! The search bot's value of a position to one power, a heuristic in place
//! of a trained network: the centres it would hold (the engine's own
//! `victory_centres`, on the position with each centre given to the force
//! standing in it), its units, the centres it could take next, less its
//! centres an enemy could take next and the strongest other player's
//! centres; and the game itself, won or lost, when someone reaches the
//! variant's victory (the engine's `winners`, a goal in units or the
//! Emperor's lead included), and before that how near the nearest other
//! player is to a victory the centres do not show (the engine's
//! `shortfalls_after_adjustment`: the units short of the Emperor's lead
//! after the coming Winter's builds, Rome's +4 among them), worth stopping
//! the more steeply the nearer; both judged after the losses of the coming
//! retreats where a player falls in them with his holdings going to
//! another (the engine's retreat phase, `stakes::falls`: Imperator I1). A
//! power that may be out of the game for the loss of a vital unit (a
//! dislodged one that has no retreat, one at risk at the coming Winter,
//! `stakes.rs`, the engine's answers; or one an enemy could attack with
//! more than we could hold it with) loses that chance of all it has.

use crate::geometry::reach;
use crate::stakes::{chance_out, falls, Risks};
use polemarch_engine::rules::{shortfalls_after_adjustment, victory_centres, winners};
use polemarch_engine::variant::{PowerId, ProvinceId};
use polemarch_engine::{Position, Variant};

/// What a unit is worth beside its centres, in centres.
const UNIT: f64 = 0.3;
/// What a centre of ours that an enemy could enter with more than we
/// could hold it with loses, as a share of its worth.
const THREAT: f64 = 0.4;
/// A dislodged unit of ours: it may retreat, or be lost.
const DISLODGED: f64 = 0.2;
/// A centre not ours that we could take next, with more than any one enemy
/// could bring (a third of it with less).
const REACH: f64 = 0.3;
/// The strongest other player's centres: a leader is worth stopping.
const LEADER: f64 = 0.2;
/// The nearest other player's distance from a victory by a mechanic's
/// rule (in units, `shortfalls_after_adjustment`) under which he is worth
/// stopping ...
pub const CLOSE: u32 = 6;
/// ... at this much for the square of how far inside it he is.
const RIVAL: f64 = 2.0;
/// Reaching the victory goal.
const WIN: f64 = 1000.0;

/// `next` with every centre owned by the force standing in it: the owners
/// the next change of ownership would give, if all stayed.
fn projected(v: &Variant, next: &Position) -> Position {
    let mut pos = next.clone();
    for f in &next.forces {
        let p = v.province_of(f.loc);
        if v.is_centre(p) && !v.is_box(p) {
            pos.owners[p.index()] = Some(f.power);
        }
    }
    pos
}

/// The value of `next`, the position after a movement, to `me`; `risks`
/// are those of the coming Winter.
pub fn value(v: &Variant, next: &Position, me: PowerId, risks: &Risks) -> f64 {
    let pos = projected(v, next);
    let halves = victory_centres(v, &pos);
    let centres = halves[me.index()] as f64 / 2.0;
    // The others as they stand once the retreats have put out a player who
    // loses a vital unit in them, his holdings with his heir.
    let fallen = falls(v, next).map(|after| projected(v, &after));
    let (after, after_halves) = match &fallen {
        Some(after) => (after, victory_centres(v, after)),
        None => (&pos, halves.clone()),
    };
    // The variant's own victory, judged as after a Winter (a goal in units
    // too): ours, or another's to stop.
    let won = winners(v, after, true);
    if won.iter().any(|&w| v.same_player(w, me)) {
        return WIN + centres;
    }
    let lost = if won.is_empty() { 0.0 } else { WIN / 2.0 };
    // The strongest other player's centres.
    let others = || v.power_ids().filter(|&p| !v.same_player(p, me));
    let leader = others().map(|p| after_halves[p.index()]).max().unwrap_or(0) as f64 / 2.0;
    // The nearest other player's distance from a victory by a mechanic's
    // rule (the Emperor's lead), as the coming Winter's adjustment would
    // leave it (its builds, capped by the free build sites).
    let nearest = nearest_victory(v, after, me).map_or(u32::MAX, |(units, _)| units);
    let rival = RIVAL * f64::from(CLOSE.saturating_sub(nearest).pow(2));
    // The strength each side could bring to each province next.
    let mut ours = vec![0u32; v.province_count()];
    let mut theirs = vec![vec![0u32; v.province_count()]; v.powers.len()];
    let mut units = 0.0;
    for f in &next.forces {
        let here = v.province_of(f.loc);
        if f.power == me {
            units += f.strength() as f64;
            ours[here.index()] += f.strength();
            for p in reach(v, f) {
                ours[p.index()] += f.strength();
            }
        } else if !v.same_player(f.power, me) {
            for p in reach(v, f) {
                theirs[f.power.index()][p.index()] += f.strength();
            }
        }
    }
    let mut threatened = 0.0;
    for p in v.province_ids().filter(|&p| pos.owners[p.index()] == Some(me)) {
        let enemy = theirs.iter().map(|row| row[p.index()]).max().unwrap_or(0);
        if enemy > ours[p.index()] {
            threatened += v.province(p).centre as f64 / 2.0;
        }
    }
    // Centres not ours within reach: to take next, where no one enemy could
    // bring more.
    let mut within_reach = 0.0;
    for p in v.province_ids().filter(|&p| v.is_centre(p) && pos.owners[p.index()] != Some(me) && ours[p.index()] > 0) {
        let enemy = theirs.iter().map(|row| row[p.index()]).max().unwrap_or(0);
        let share = if ours[p.index()] > enemy { REACH } else { REACH / 3.0 };
        within_reach += share * v.province(p).centre as f64 / 2.0;
    }
    let dislodged = next.dislodged.iter().filter(|d| d.force.power == me).count() as f64;
    // A vital unit one enemy could attack with more than we could hold it
    // with is as much at risk as a centre so threatened.
    let enemy_at = |p: ProvinceId| theirs.iter().map(|row| row[p.index()]).max().unwrap_or(0);
    let exposed = |p: ProvinceId| if enemy_at(p) > ours[p.index()] { THREAT } else { 0.0 };
    let out = chance_out(v, next, me, risks, exposed) * (centres + UNIT * units);
    centres + UNIT * units + within_reach
        - THREAT * threatened
        - DISLODGED * dislodged
        - LEADER * leader
        - rival
        - lost
        - out
}

/// The other player nearest a victory by a mechanic's own rule, with how
/// many units he is short of it, as the coming Winter's adjustment would
/// leave `pos` (`shortfalls_after_adjustment`; the first power of the
/// nearest).
pub fn nearest_victory(v: &Variant, pos: &Position, me: PowerId) -> Option<(u32, PowerId)> {
    let far = shortfalls_after_adjustment(v, pos);
    v.power_ids().filter(|&p| !v.same_player(p, me)).filter_map(|p| far[p.index()].map(|s| (s, p))).min()
}
