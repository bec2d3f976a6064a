//! Supply and victory as functions of the position, asked of the
//! variant's `[victory]` table and its mechanics.

use crate::state::Position;
use crate::variant::{Goal, Kind, PowerId, ProvinceId, Variant};

/// What `power`'s centres are worth in a Winter, in halves: its own
/// centres' values (Cities 2, Towns 1; the mechanics' values: Rome to the
/// Romans, garrison-required and destroyed centres), with loans (D7), and
/// what they supply beyond that (City State's double centres C2, the
/// Emperor's halves C13).
pub fn supply(v: &Variant, pos: &Position, power: PowerId) -> u32 {
    supplies(v, pos)[power.index()]
}

/// `supply` of every power at once (one pass over the centres), by power:
/// the one place supply is worked out. A lent centre's supply is the
/// borrower's.
#[inline]
pub fn supplies(v: &Variant, pos: &Position) -> Vec<u32> {
    count(v, pos, true, true)
}

/// `supplies`, written into `supply` (a buffer kept from phase to phase).
pub fn supplies_into(v: &Variant, pos: &Position, supply: &mut Vec<u32>) {
    count_into(v, pos, true, true, supply)
}

/// What every power's own centres supply it, loans left out: a centre it
/// lent is not its own supply, one lent to it neither (D2's
/// self-supporting units).
pub fn own_supplies(v: &Variant, pos: &Position) -> Vec<u32> {
    count(v, pos, false, true)
}

/// What every power's centres count for victory, in halves, with loans:
/// each centre at its value (`centre_value`), never at what it supplies in
/// a Winter (City State: Venezia and Genova count once, C1, C2; the
/// Emperor's centres count whole, C13).
pub fn victory_centres(v: &Variant, pos: &Position) -> Vec<u32> {
    count(v, pos, true, false)
}

/// Each centre's value to its holder; `as_supply` adds the `supply_value`
/// hook (what it supplies in a Winter, which victory does not count) and
/// the supply beyond the centres.
fn count(v: &Variant, pos: &Position, with_loans: bool, as_supply: bool) -> Vec<u32> {
    let mut supply = Vec::new();
    count_into(v, pos, with_loans, as_supply, &mut supply);
    supply
}

fn count_into(v: &Variant, pos: &Position, with_loans: bool, as_supply: bool, supply: &mut Vec<u32>) {
    centres_worth_into(v, pos, with_loans, as_supply, supply);
    if as_supply {
        // I3: the Emperor's +4 with Rome, his own supply.
        v.rules.supply_bonus(v, pos, supply);
    }
    // T3, T5: the Winter bonuses are supply, not centres (neither victory
    // nor a power's own supply for D2's self-supporting units counts them).
    if with_loans && as_supply && !v.rules.mechanics.is_empty() {
        v.rules.add_bonuses(v, pos, supply);
    }
}

/// What the centres alone are worth to each holder, in halves. (Inlined:
/// `supplies` runs in every adjustment and retreat.)
#[inline]
fn centres_worth(v: &Variant, pos: &Position, with_loans: bool, as_supply: bool) -> Vec<u32> {
    let mut supply = Vec::new();
    centres_worth_into(v, pos, with_loans, as_supply, &mut supply);
    supply
}

/// `centres_worth`, written into `supply` (a buffer kept from phase to
/// phase).
fn centres_worth_into(v: &Variant, pos: &Position, with_loans: bool, as_supply: bool, supply: &mut Vec<u32>) {
    supply.clear();
    supply.resize(v.powers.len(), 0);
    if v.rules.mechanics.is_empty() {
        // No mechanic (standard): each centre is its owner's, at its own
        // value, as the hooks would say centre by centre, counted without
        // asking them.
        for &c in &v.centres {
            if let Some(Some(o)) = pos.owners.get(c.index()) {
                supply[o.index()] += u32::from(v.province(c).centre);
            }
        }
        return;
    }
    for (p, owner) in pos.owners.iter().enumerate() {
        if let Some(&o) = owner.as_ref() {
            let p = crate::variant::ProvinceId::new(p);
            let holder = v.rules.supply_holder(&pos.state, p, o);
            if with_loans || holder == o {
                let value = v.rules.centre_value(v, pos, p, o, holder);
                supply[holder.index()] +=
                    if as_supply { v.rules.supply_value(v, pos, p, o, holder, value) } else { value };
            }
        }
    }
}

/// Each power's supply in three parts, in halves, by power: its own
/// centres, the centres lent to it (D7), and the bonuses beyond the
/// centres (the Emperor's +4 with Rome, I3; the Dictator's, the Consul's
/// and the Senate's, T3, T5). Their sum is `supplies`.
pub struct SupplyParts {
    pub own: Vec<u32>,
    pub loaned: Vec<u32>,
    pub bonus: Vec<u32>,
}

/// `supplies` in its three parts (what `game show` prints, the same way in
/// every variant).
pub fn supply_parts(v: &Variant, pos: &Position) -> SupplyParts {
    let own = centres_worth(v, pos, false, true);
    let with_loans = centres_worth(v, pos, true, true);
    let loaned = with_loans.iter().zip(&own).map(|(w, o)| w - o).collect();
    let mut bonus = vec![0; v.powers.len()];
    v.rules.supply_bonus(v, pos, &mut bonus);
    if !v.rules.mechanics.is_empty() {
        v.rules.add_bonuses(v, pos, &mut bonus);
    }
    SupplyParts { own, loaned, bonus }
}

/// How many of `power`'s units its own supply supports, cheapest first
/// (free units need no supply and do not count).
pub fn self_supporting_units(v: &Variant, pos: &Position, power: PowerId) -> u32 {
    let mut upkeeps: Vec<u32> = pos
        .forces
        .iter()
        .flat_map(|f| &f.components)
        .filter(|c| c.power == power && !c.free && c.kind.row().needs_supply)
        .map(|c| c.kind.row().upkeep as u32)
        .collect();
    upkeeps.sort_unstable();
    let mut left = own_supplies(v, pos)[power.index()];
    upkeeps.into_iter().take_while(|&u| left.checked_sub(u).map(|l| left = l).is_some()).count() as u32
}

/// The winners in `pos`: the powers (with victory by player, the Majors of
/// the players) that reach the goal; several only where the variant has
/// joint victories (otherwise a tie plays on). A goal in units is judged
/// after a Winter adjustment (`after_adjustment`), one in centres at any
/// time.
pub fn winners(v: &Variant, pos: &Position, after_adjustment: bool) -> Vec<PowerId> {
    let centres = matches!(v.victory.goal, Goal::Centres(_)).then(|| victory_centres(v, pos));
    let score = |p: PowerId| match v.victory.goal {
        // A power out of the game (City State C15) scores nothing.
        _ if v.rules.eliminated(&pos.state, p) => 0,
        Goal::Centres(_) => centres.as_ref().map_or(0, |c| c[p.index()]),
        Goal::SelfSupportingUnits(_) => self_supporting_units(v, pos, p),
    };
    let target = match v.victory.goal {
        Goal::Centres(halves) => halves,
        Goal::SelfSupportingUnits(_) if !after_adjustment => return Vec::new(),
        Goal::SelfSupportingUnits(units) => units,
    };
    let sides: Vec<Vec<PowerId>> = if v.victory.by_player {
        v.players.iter().map(|pl| pl.powers.clone()).collect()
    } else {
        v.power_ids().map(|p| vec![p]).collect()
    };
    let mut won: Vec<PowerId> =
        sides.iter().filter(|side| side.iter().map(|&p| score(p)).sum::<u32>() >= target).map(|side| side[0]).collect();
    // I2: the Emperor 5 units ahead wins too (a second winner is a tie).
    if let Some(p) = v.rules.victor(v, pos).filter(|p| after_adjustment && !won.contains(p)) {
        won.push(p);
    }
    if won.len() > 1 && !v.victory.joint {
        return Vec::new();
    }
    won
}

/// How far each power is from a victory by a mechanic's own rule (the
/// Emperor's lead, I2), which `winners` names only once it is reached, a
/// question the bots ask: the units short (0 when reached), by power; none
/// for a power that cannot win so, or is out of the game. (A goal in
/// centres or units is not asked here: the bots count the centres.)
pub fn shortfalls(v: &Variant, pos: &Position) -> Vec<Option<u32>> {
    shortfalls_with(v, pos, &units_on_board(v, pos))
}

/// `shortfalls` as they would stand after a Winter adjustment on `pos`,
/// its ownership standing (`units_after_adjustment`): the lead the
/// Emperor's builds, Rome's +4 among them (I3), would give him.
pub fn shortfalls_after_adjustment(v: &Variant, pos: &Position) -> Vec<Option<u32>> {
    // Where no power can win so (most variants), the count is not made.
    let now = shortfalls(v, pos);
    if now.iter().all(Option::is_none) {
        return now;
    }
    shortfalls_with(v, pos, &units_after_adjustment(v, pos))
}

fn shortfalls_with(v: &Variant, pos: &Position, units: &[u32]) -> Vec<Option<u32>> {
    v.power_ids()
        .map(|p| if v.rules.eliminated(&pos.state, p) { None } else { v.rules.shortfall(v, pos, units, p) })
        .collect()
}

/// Each power's units on the board (a force's components), by power.
pub(crate) fn units_on_board(v: &Variant, pos: &Position) -> Vec<u32> {
    let mut units = vec![0; v.powers.len()];
    for c in pos.forces.iter().flat_map(|f| &f.components) {
        units[c.power.index()] += 1;
    }
    units
}

/// Each power's units after a Winter adjustment on `pos` as its owners
/// stand, by power: less the removals its balance owes (`balances`), or
/// more by the builds it is due, as many as it has centres to build in
/// (owned, unoccupied, a site the rules allow now: home centres, or a
/// mechanic's answer, Imperator's any owned centre but only the starting
/// provinces in its first year, I3). A count, not an adjudication: a
/// mechanic's cap on builds (an Outlaw's two a year, T6) is not asked.
pub fn units_after_adjustment(v: &Variant, pos: &Position) -> Vec<u32> {
    let army = crate::adjudicate::upkeep(Kind::ARMY).max(1);
    let balances = crate::adjudicate::balances(v, pos);
    let mut units = units_on_board(v, pos);
    for p in v.power_ids() {
        let due = balances[p.index()].div_euclid(army);
        let n = &mut units[p.index()];
        if due < 0 {
            *n = n.saturating_sub(due.unsigned_abs());
            continue;
        }
        let site = |c: ProvinceId| v.rules.build_site_allows(v, pos, p, c, Kind::ARMY).is_ok();
        let sites = v
            .province_ids()
            .filter(|&c| pos.owners[c.index()] == Some(p) && v.is_centre(c) && !v.is_box(c))
            .filter(|&c| pos.force_in(v, c).is_none() && site(c))
            .count() as u32;
        *n += sites.min(due as u32);
    }
    units
}
