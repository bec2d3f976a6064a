//! Convoy intent and possibility: which convoy orders show intent (DATC
//! 4.A.3, 6.G.6, 6.G.7, 6.G.19), and whether any convoy could carry an army
//! at all (6.D.31, 6.D.32). With Multiplicity, a convoying force carries no
//! more armies than it has fleets (M8).

use super::{Part, Plan, Plans, WHOLE};
use crate::adjudicate::outcome::Illegal;
use crate::state::{Force, Moves};
use crate::variant::{bits, LocId, ProvinceId, Variant};
use std::cell::{Cell, Ref, RefCell};

/// The forces at sea that have fleets: where they are, what they hold, and
/// which force they are. Found when a convoy is first asked about that a
/// route of one sea does not answer (`Seas::one_sea`; most phases ask
/// nothing: about 450 instructions an opening, issue 31), then kept until
/// the next position's `forget`. Asked through a shared reference (the
/// planner's), so what is found sits in a cell.
#[derive(Default)]
pub struct Seas {
    found: Cell<bool>,
    seas: RefCell<Found>,
    /// The last route of one sea found (`Seas::one_sea`), also until
    /// `forget`: a move's supports ask what the move asked, and are given
    /// with it (issue 31).
    last_one_sea: Cell<Option<OneSea>>,
}

/// A route of one sea: `carried` armies from `from` to `dest` in force
/// `carrier`'s fleets.
#[derive(Clone, Copy)]
struct OneSea {
    from: ProvinceId,
    dest: ProvinceId,
    carried: usize,
    carrier: u16,
}

/// What `Seas::find` found.
#[derive(Default)]
struct Found {
    list: Vec<Sea>,
    /// The provinces of the seas that could carry one army, excepting no
    /// force (`Sea::carries(1, None)`: the usual convoy), a bit each in
    /// words as a row of `Variant::any_borders` has them: a question about
    /// one army copies them instead of filtering the list (issue 31).
    lone: Vec<u64>,
    /// The questions about one army answered from `lone` (`convoy_possible`):
    /// the army's province, the destination, the answer. Such an answer
    /// depends on nothing else, so each is worked out once a position (the
    /// move and the supports of it ask the same, issue 31).
    asked: RefCell<Vec<(ProvinceId, ProvinceId, bool)>>,
}

#[derive(Clone, Copy)]
struct Sea {
    province: ProvinceId,
    armies: usize,
    fleets: usize,
    force: u16,
}

/// Seas in a convoy's way: kept inline for any usual number of fleets at
/// sea (no allocation per convoy order).
type Seaway = smallvec::SmallVec<[ProvinceId; 16]>;

impl Seas {
    /// A new position: its seas are found when first asked about.
    pub fn forget(&mut self) {
        *self.found.get_mut() = false;
        *self.last_one_sea.get_mut() = None;
    }

    /// Is there a route of one sea from `from` to `dest`: a sea touching
    /// both whose force could carry `carried` armies, leaving out `except`?
    /// The search's first step (most convoys are one fleet), asked of the
    /// provinces both touch and of the forces there, without finding the
    /// seas (issue 31); false says only that no such route is known. The
    /// last one found answers without looking again, unless it is
    /// `except`'s.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn one_sea(
        &self,
        v: &Variant,
        forces: &[Force],
        at: &[u16],
        carried: usize,
        except: Option<u16>,
        from: ProvinceId,
        dest: ProvinceId,
    ) -> bool {
        let last = self.last_one_sea.get();
        if last.is_some_and(|r| (r.from, r.dest, r.carried) == (from, dest, carried) && Some(r.carrier) != except) {
            return true;
        }
        let both = v.any_borders.row_words(from.index()).iter().zip(v.any_borders.row_words(dest.index()));
        for (w, (a, b)) in both.enumerate() {
            let mut bits = a & b;
            while bits != 0 {
                let p = ProvinceId::new(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                if carrier_at(v, forces, at, p, carried, except) {
                    self.last_one_sea.set(Some(OneSea { from, dest, carried, carrier: at[p.index()] }));
                    return true;
                }
            }
        }
        false
    }

    /// What is found of the seas among `forces` (the position's), found now
    /// if not yet.
    fn found(&self, v: &Variant, forces: &[Force]) -> Ref<'_, Found> {
        if !self.found.get() {
            self.find(v, forces);
        }
        self.seas.borrow()
    }

    /// Finds the forces at sea among `forces`, in place of the earlier ones:
    /// where the variant has the plain tables, whether a force is at sea
    /// is a bit of them (its location's), not its province's terrain
    /// (issue 31).
    #[cold]
    fn find(&self, v: &Variant, forces: &[Force]) {
        match super::plain::plain_tables(v) {
            Some(tables) => self.find_where(v, forces, |l| super::plain::at_sea(tables, l)),
            None => self.find_where(v, forces, |l| v.province(v.province_of(l)).terrain.convoys()),
        }
    }

    /// `find`, `at_sea` telling whether a location is in a province a
    /// fleet may convoy through.
    #[inline(always)]
    fn find_where(&self, v: &Variant, forces: &[Force], at_sea: impl Fn(LocId) -> bool) {
        let Found { list, lone, asked } = &mut *self.seas.borrow_mut();
        list.clear();
        asked.get_mut().clear();
        lone.clear();
        lone.resize(v.any_borders.words_per_row(), 0);
        // (A plain loop: most forces are not at sea, and the test is all
        // their cost. The lone bits are set in it, not in a pass of their
        // own over the list, issue 31.)
        for (i, f) in forces.iter().enumerate() {
            if !at_sea(f.loc) {
                continue;
            }
            let sea = Sea::of(v.province_of(f.loc), i as u16, f);
            if sea.fleets > 0 {
                if sea.carries(1, None) {
                    bits::set(lone, sea.province.index());
                }
                list.push(sea);
            }
        }
        self.found.set(true);
    }

    /// The seas whose force could carry `carried` armies, leaving out
    /// `except` (`Sea::carries`); `forces`: the position's, whose seas
    /// these are.
    fn carrying(&self, v: &Variant, forces: &[Force], carried: usize, except: Option<u16>) -> Seaway {
        let found = self.found(v, forces);
        found.list.iter().filter(|s| s.carries(carried, except)).map(|s| s.province).collect()
    }

    /// Is there a route of the seas whose force could carry `carried`
    /// armies, leaving out `except`, from `from` to `dest` (`route_exists`)?
    /// (Out of line: most questions are answered by a route of one sea
    /// before it, and inline it made their function keep more on its
    /// stack, issue 31.)
    #[inline(never)]
    fn route(
        &self,
        v: &Variant,
        forces: &[Force],
        carried: usize,
        except: Option<u16>,
        from: ProvinceId,
        dest: ProvinceId,
    ) -> bool {
        let found = self.found(v, forces);
        // One army, and `except` no force at a sea that carries one: the
        // seas found for it (`except`, if at such a sea, may be its only
        // carrier, so the list is asked), and the answer kept.
        let at_lone = |e: u16| bits::has(&found.lone, v.province_of(forces[e as usize].loc).index());
        if carried == 1 && !except.is_some_and(at_lone) {
            let known = found.asked.borrow().iter().find(|a| (a.0, a.1) == (from, dest)).map(|a| a.2);
            if let Some(answer) = known {
                return answer;
            }
            let answer = with_waters(v, |waters| {
                let words = waters.len() / 3;
                waters[..words].copy_from_slice(&found.lone);
                route_exists(v, from, dest, waters)
            });
            found.asked.borrow_mut().push((from, dest, answer));
            return answer;
        }
        with_waters(v, |waters| {
            for s in found.list.iter().filter(|s| s.carries(carried, except)) {
                bits::set(waters, s.province.index());
            }
            route_exists(v, from, dest, waters)
        })
    }
}

impl Sea {
    /// Force `force` (`body`), standing at sea in `province`.
    #[inline(always)]
    fn of(province: ProvinceId, force: u16, body: &Force) -> Sea {
        // (One component, as nearly every force: its kind read once, issue 31.)
        if let [one] = body.components[..] {
            let row = one.kind.row();
            let armies = (row.moves == Moves::Army) as usize;
            return Sea { province, armies, fleets: row.may_convoy as usize, force };
        }
        let [armies, _, _] = body.kinds();
        // M8: what can convoy (fleets) carries one army each.
        let fleets = body.components.iter().filter(|c| c.kind.row().may_convoy).count();
        Sea { province, armies, fleets, force }
    }

    /// Could its force carry `carried` armies (M8: its armies and the
    /// carried ones no more than its fleets), unless it is `except`?
    #[inline(always)]
    fn carries(&self, carried: usize, except: Option<u16>) -> bool {
        Some(self.force) != except && self.armies + carried <= self.fleets
    }
}

/// Seas as a set of provinces, a bit each, in words as a row of
/// `Variant::any_borders` has them: a route is then looked for a word of
/// provinces at a time (issue 31).
///
/// `with_waters(v, f)` gives `f` three such sets, empty, one after
/// another in one slice: on the stack for up to 512 provinces (every
/// variant today), else in a vector.
fn with_waters<R>(v: &Variant, f: impl FnOnce(&mut [u64]) -> R) -> R {
    let words = v.any_borders.words_per_row();
    if words <= 8 {
        f(&mut [0; 24][..3 * words])
    } else {
        f(&mut vec![0; 3 * words])
    }
}

/// DATC 6.G.7, 6.G.19: a convoy order by a fleet that no route of the army
/// through the fleets at sea needs is illegal, so it shows no intent to
/// convoy. (6.G.6: a fleet on a route through fleets that do not convoy
/// still shows intent.) The parts planned to convoy are `plans.convoys`.
/// A part of a split given such a convoy stays and holds, as a part whose
/// order is impossible does, and the split stands ("the movement of each
/// unit splitting follows the usual rules", Multiplicity seed rule 7, M9):
/// it keeps the split's order, which its other parts carry too.
#[inline(never)]
pub fn drop_needless_convoys(v: &Variant, forces: &[Force], at: &[u16], seas: &Seas, plans: &mut Plans) {
    for &g in &plans.convoys {
        let g = g as usize;
        let Plan::Convoy { army, dest } = plans.parts[g].plan else { continue };
        if needless_convoy(v, forces, at, seas, army, dest, plans.parts[g].origin) {
            plans.parts[g].plan = Plan::Hold;
            if plans.parts[g].split != WHOLE {
                continue;
            }
            if let Some(i) = plans.parts[g].order() {
                plans.parts[g].set_order(None);
                plans.illegal[i] = Some(Illegal::ConvoyNotOnRoute);
            }
        }
    }
}

/// Does no route of force `army` to `dest` through the fleets at sea need
/// a convoy by the fleet in `here`?
pub fn needless_convoy(
    v: &Variant,
    forces: &[Force],
    at: &[u16],
    seas: &Seas,
    army: u16,
    dest: ProvinceId,
    here: ProvinceId,
) -> bool {
    let army = &forces[army as usize];
    let (carried, from) = (army.kinds()[0], v.province_of(army.loc));
    // The route of one sea, `here` itself, where the fleet there could
    // carry the army (the search's first step, the seas neither found nor
    // listed, issue 31).
    let touches = |a: ProvinceId, b: ProvinceId| v.any_borders.get_within(a.index(), b.index());
    let one_sea = from != here && touches(from, here) && touches(here, dest);
    if one_sea && carrier_at(v, forces, at, here, carried, None) {
        debug_assert!(
            on_some_route(v, from, dest, &seas.carrying(v, forces, carried, None), here),
            "the route of one sea is a route the search finds"
        );
        return false;
    }
    !on_a_route_searched(v, forces, seas, carried, from, dest, here)
}

/// Is there a route of `carried` armies from `from` to `dest` through the
/// seas that passes `here` (`on_some_route`)? (Out of line: most convoys
/// are the route of one sea, answered before it, issue 31.)
#[inline(never)]
fn on_a_route_searched(
    v: &Variant,
    forces: &[Force],
    seas: &Seas,
    carried: usize,
    from: ProvinceId,
    dest: ProvinceId,
    here: ProvinceId,
) -> bool {
    let mut route = seas.carrying(v, forces, carried, None);
    // (`here` first: whether some route passes it does not depend on the
    // order the seas are tried in, and most such routes are that one sea,
    // found at the first step, issue 31.)
    if let Some(i) = route.iter().position(|&p| p == here) {
        route.swap(0, i);
    }
    on_some_route(v, from, dest, &route, here)
}

/// Is there a route from `from` to `dest` through the seas `fleets` that
/// passes `needed` and needs every sea on it (no shortcut: seas that are not
/// next on the route do not touch)?
fn on_some_route(v: &Variant, from: ProvinceId, dest: ProvinceId, fleets: &[ProvinceId], needed: ProvinceId) -> bool {
    fn touches(v: &Variant, a: ProvinceId, b: ProvinceId) -> bool {
        v.any_borders.get_within(a.index(), b.index())
    }
    fn extend(v: &Variant, path: &mut Seaway, fleets: &[ProvinceId], dest: ProvinceId, needed: ProvinceId) -> bool {
        let last = *path.last().unwrap();
        if path.len() > 1 && touches(v, last, dest) {
            return path.contains(&needed);
        }
        for &f in fleets {
            // No shortcut: f may touch only the last step of the path.
            if path.contains(&f) || !touches(v, last, f) || path[..path.len() - 1].iter().any(|&p| touches(v, p, f)) {
                continue;
            }
            path.push(f);
            if extend(v, path, fleets, dest, needed) {
                return true;
            }
            path.pop();
        }
        false
    }
    extend(v, &mut smallvec::smallvec![from], fleets, dest, needed)
}

/// DATC 4.A.3: an army moving to an adjacent province goes by convoy when
/// a fleet of its own power is ordered to convoy it there. `convoys`: the
/// parts planned to convoy; `forces`: how many forces (a force's first
/// part is at its own index, its other parts after all of them).
pub fn mark_own_convoys(forces: usize, convoys: &[u16], parts: &mut [Part]) {
    for &g in convoys {
        let Plan::Convoy { army, dest } = parts[g as usize].plan else { continue };
        let side = parts[g as usize].side;
        let (firsts, others) = parts.split_at_mut(forces);
        let armys = std::iter::once(&mut firsts[army as usize]).chain(others.iter_mut().filter(|p| p.force == army));
        for p in armys.filter(|p| p.side == side) {
            if let Plan::Move { dest: d, ref mut convoy, .. } = p.plan {
                if d == dest {
                    *convoy = true;
                }
            }
        }
    }
}

/// DATC 4.A.3 as the DATC v2 preferred it (6.G.8 in v2.4): an army moving
/// by convoy to a province it borders, with no route of fleets ordered to
/// convoy it there, takes the land route instead. `named`: the forces the
/// orders named (`Plans::touched`); `forces`: how many forces (the parts
/// after them are split from the named ones).
pub fn fall_back_to_land(v: &Variant, forces: usize, named: &[u16], parts: &mut [Part]) {
    let movers = named.iter().map(|&f| f as usize).chain(forces..parts.len());
    for m in movers {
        let Plan::Move { dest, convoy: true, .. } = parts[m].plan else { continue };
        let from = parts[m].origin;
        if !v.army_borders.get_within(from.index(), dest.index()) {
            continue;
        }
        let army = parts[m].force;
        let route = with_waters(v, |waters| {
            for p in parts.iter().filter(|p| p.plan == Plan::Convoy { army, dest }) {
                bits::set(waters, p.origin.index());
            }
            route_exists(v, from, dest, waters)
        });
        if !route {
            if let Plan::Move { ref mut convoy, .. } = parts[m].plan {
                *convoy = false;
            }
        }
    }
}

/// Is there a chain of the seas from `from` to `dest`? `waters`: three
/// sets (`with_waters`), the first the seas; the other two, empty, are
/// worked in: the seas reached, and those reached but not yet looked
/// from. The seas `from` touches are reached first, then those each
/// reached sea touches.
fn route_exists(v: &Variant, from: ProvinceId, dest: ProvinceId, waters: &mut [u64]) -> bool {
    let words = waters.len() / 3;
    let (fleets, rest) = waters.split_at_mut(words);
    let (seen, todo) = rest.split_at_mut(words);
    search(v, from, dest, fleets, seen, todo)
}

/// `route_exists` in its three sets, passed apart. (Out of line, so that
/// the compiler knows the sets do not overlap: its loops over their words
/// then need no run-time test of it, issue 31.)
#[inline(never)]
fn search(v: &Variant, from: ProvinceId, dest: ProvinceId, fleets: &[u64], seen: &mut [u64], todo: &mut [u64]) -> bool {
    let touched_by = |p: usize| v.any_borders.row_words(p);
    for ((s, t), (f, r)) in seen.iter_mut().zip(todo.iter_mut()).zip(fleets.iter().zip(touched_by(from.index()))) {
        *s = f & r;
        *t = f & r;
    }
    while let Some(w) = todo.iter().position(|&bits| bits != 0) {
        let sea = w * 64 + todo[w].trailing_zeros() as usize;
        todo[w] &= todo[w] - 1;
        if v.any_borders.get_within(sea, dest.index()) {
            return true;
        }
        for ((s, t), (f, r)) in seen.iter_mut().zip(todo.iter_mut()).zip(fleets.iter().zip(touched_by(sea))) {
            let new = f & r & !*s;
            *s |= new;
            *t |= new;
        }
    }
    false
}

/// Could fleets standing at sea carry `army` to `dest`, not counting force
/// `except`? (DATC 6.D.31, 6.D.32: a move or support that no convoy could
/// make possible is illegal.) `at`: the position's occupancy (`occupancy`).
pub fn convoy_possible(
    v: &Variant,
    forces: &[Force],
    at: &[u16],
    seas: &Seas,
    army: &Force,
    dest: ProvinceId,
    except: Option<u16>,
) -> bool {
    let (carried, from) = (army.kinds()[0], v.province_of(army.loc));
    if seas.one_sea(v, forces, at, carried, except, from, dest) {
        debug_assert!(seas.route(v, forces, carried, except, from, dest), "a route of one sea is a route");
        return true;
    }
    seas.route(v, forces, carried, except, from, dest)
}

/// Is the force in province `p` (`at`: the occupancy) one of the seas
/// (`Seas::find`) that could carry `carried` armies, unless it is
/// `except`? (A box reads empty: no, which only sends the question the
/// general way.)
#[inline(always)]
fn carrier_at(v: &Variant, forces: &[Force], at: &[u16], p: ProvinceId, carried: usize, except: Option<u16>) -> bool {
    let g = at[p.index()];
    let Some(body) = forces.get(g as usize) else { return false };
    v.province(p).terrain.convoys() && {
        let sea = Sea::of(p, g, body);
        sea.fleets > 0 && sea.carries(carried, except)
    }
}
