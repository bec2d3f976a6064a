//! Every legal order of every orderable location, as MILA lists them: the
//! bots' generator (`polemarch_bots::Board`), which keeps a candidate only
//! where the adjudicator does not call it illegal, so the orders are the
//! ones the judge accepts. Written in MILA's notation (`A PAR - BUR`); a
//! variant's own orders in polemarch's (`2A MAR SPLIT A PIE`), each text
//! once per process (`said`). Each is kept with its order (left in the
//! generator's lists: in a movement or a retreat its compact candidate,
//! `polemarch_bots::candidate`, an order made of it only when given), so
//! that `set_orders` finds a listed order by its text without reading it
//! again.

use crate::said::{SaidHere, Texts};
use polemarch_bots::adjust::{adjustment, placement_sites};
use polemarch_bots::candidate::Candidate;
use polemarch_bots::legal::{listing, ordered};
use polemarch_bots::Board;
use polemarch_engine::game::powers_to_order;
use polemarch_engine::order::{Action, Order};
use polemarch_engine::state::Force;
use polemarch_engine::variant::{LocId, PhaseKind, PowerId, ProvinceId};
use polemarch_engine::{Position, Variant};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use std::ops::Range;

/// The legal orders of one phase.
pub struct Possible {
    /// A movement's or a retreat's orders, as the generator gave them: by
    /// force, compact (`Listed::at` points in).
    candidates: Vec<Vec<Candidate>>,
    /// An adjustment's orders (`Listed::at` points in, its list 0).
    adjustments: Vec<Order>,
    /// Every order listed, each province's together (one list for the phase, not
    /// one per province: the memory is taken and given back once).
    listed: Vec<Listed>,
    /// By province: where its orders are in `listed`.
    at: Vec<Range<u32>>,
    /// Whether a province's orders were listed apart (`listed` is then
    /// grouped when the listing is done).
    apart: bool,
    /// By power: the provinces where it has something to order, sorted.
    pub orderable: Vec<Vec<ProvinceId>>,
    /// By power: where it may build (adjustments only), sorted.
    pub build_sites: Vec<Vec<ProvinceId>>,
}

/// One legal order: the location its unit (or build) stands at, the power
/// that may give it, its text and where the order is (`Possible::order`:
/// the orders stay where the generator put them, not moved).
pub struct Listed {
    pub loc: LocId,
    pub power: PowerId,
    pub said: SaidHere,
    at: (u32, u32),
}

impl Possible {
    pub fn of(v: &Variant, pos: &Position, texts: &Texts) -> Possible {
        let mut out = Possible {
            candidates: Vec::new(),
            adjustments: Vec::new(),
            listed: Vec::new(),
            at: vec![0..0; v.province_count()],
            apart: false,
            orderable: vec![Vec::new(); v.powers.len()],
            build_sites: vec![Vec::new(); v.powers.len()],
        };
        let mut text = Text { texts, v, pos };
        match v.calendar.kind(pos.phase) {
            PhaseKind::Movement | PhaseKind::Retreat => {
                out.candidates = listing(v, pos);
                out.listed.reserve(out.candidates.iter().map(Vec::len).sum());
                for i in 0..out.candidates.len() {
                    let force = ordered(v, pos, i);
                    if v.rules.played_by_judge(force.power) {
                        continue;
                    }
                    out.add_force(v, &mut text, force, i);
                }
            }
            PhaseKind::Adjustment if v.rules.own_phase(v, pos) => {
                let board = Board::new(v, pos);
                for power in powers_to_order(v, pos) {
                    for o in placement_sites(&board, power).into_iter().flatten() {
                        out.add(v, &mut text, power, o);
                    }
                }
            }
            PhaseKind::Adjustment => {
                let board = Board::new(v, pos);
                for power in powers_to_order(v, pos) {
                    let a = adjustment(&board, power);
                    for o in a.builds.iter().chain(&a.removes).chain(&a.converts) {
                        out.add(v, &mut text, power, o.clone());
                    }
                    for o in &a.builds {
                        let p = v.province_of(o.unit.as_ref().expect("a build names its unit").loc);
                        insert_sorted(&mut out.build_sites[power.index()], p);
                    }
                    // A build may be waived at every place one may be made.
                    let waive = Order { power: Some(power), unit: None, action: Action::Waive, claim: None };
                    for p in out.build_sites[power.index()].clone() {
                        let said = text.said(&waive);
                        let at = out.keep(waive.clone());
                        out.push(p, Listed { loc: LocId::of_province(p), power, said, at });
                    }
                }
            }
        }
        if out.apart {
            out.group(v);
        }
        out
    }

    /// Adds an order listed under province `p`.
    fn push(&mut self, p: ProvinceId, listed: Listed) {
        self.listed.push(listed);
        self.under(p, self.listed.len() - 1);
    }

    /// The orders listed from the `start`-th on are under province `p`.
    fn under(&mut self, p: ProvinceId, start: usize) {
        let (start, end) = (start as u32, self.listed.len() as u32);
        let here = &mut self.at[p.index()];
        if here.start == here.end {
            *here = start..end;
        } else if here.end == start {
            here.end = end;
        } else {
            self.apart = true;
        }
    }

    /// Puts each province's orders together, in the order listed.
    fn group(&mut self, v: &Variant) {
        self.listed.sort_by_key(|l| v.province_of(l.loc));
        self.at.fill(0..0);
        for (i, l) in self.listed.iter().enumerate() {
            let here = &mut self.at[v.province_of(l.loc).index()];
            if here.start == here.end {
                *here = i as u32..i as u32;
            }
            here.end = i as u32 + 1;
        }
        self.apart = false;
    }

    /// The orders listed under province `p`.
    fn here(&self, p: ProvinceId) -> &[Listed] {
        let at = &self.at[p.index()];
        &self.listed[at.start as usize..at.end as usize]
    }

    /// The order listed as `l`, made (in a movement or a retreat) in `pos`,
    /// the position listed.
    pub fn order(&self, v: &Variant, pos: &Position, l: &Listed) -> Order {
        let (i, k) = (l.at.0 as usize, l.at.1 as usize);
        match self.candidates.get(i) {
            Some(cs) => cs[k].order(&pos.forces, ordered(v, pos, i)),
            None => self.adjustments[k].clone(),
        }
    }

    /// Force `i`'s orders (`candidates[i]`), all under its province, their
    /// texts looked up together (each names the force: its location).
    fn add_force(&mut self, v: &Variant, text: &mut Text, force: &Force, i: usize) {
        let Text { texts, pos, .. } = *text;
        let candidates = &self.candidates[i];
        if candidates.is_empty() {
            return;
        }
        let (start, loc, power) = (self.listed.len(), force.loc, force.power);
        let listed = &mut self.listed;
        texts.each_said(
            &pos.forces,
            force,
            candidates,
            |c| texts.write(v, pos, &c.order(&pos.forces, force)),
            |k, said| listed.push(Listed { loc, power, said, at: (i as u32, k as u32) }),
        );
        let p = v.province_of(loc);
        self.under(p, start);
        insert_sorted(&mut self.orderable[power.index()], p);
    }

    fn add(&mut self, v: &Variant, text: &mut Text, power: PowerId, o: Order) {
        let loc = o.unit.as_ref().expect("a unit's order names it").loc;
        let p = v.province_of(loc);
        let said = text.said(&o);
        let at = self.keep(o);
        self.push(p, Listed { loc, power, said, at });
        insert_sorted(&mut self.orderable[power.index()], p);
    }

    /// Keeps an adjustment's order, and says where.
    fn keep(&mut self, o: Order) -> (u32, u32) {
        self.adjustments.push(o);
        (0, self.adjustments.len() as u32 - 1)
    }

    /// The orders listed under location `l` (a province: all of its
    /// orders; a coast: those of the province when one of its units or
    /// builds is on that coast), of `power` only when one is given.
    fn at(&self, v: &Variant, l: LocId, power: Option<PowerId>) -> Vec<&SaidHere> {
        let p = v.province_of(l);
        let whose = |q: &PowerId| power.is_none_or(|w| w == *q);
        let here = self.here(p).iter().filter(|o| whose(&o.power));
        let on_coast = l == LocId::of_province(p) || self.here(p).iter().any(|o| o.loc == l && whose(&o.power));
        here.filter(|_| on_coast).map(|o| &o.said).collect()
    }

    /// `at` as a new Python list: every order of a province under its own
    /// name, for every power, straight from the listing.
    pub fn list_at<'py>(
        &self,
        py: Python<'py>,
        v: &Variant,
        l: LocId,
        power: Option<PowerId>,
    ) -> PyResult<Bound<'py, PyList>> {
        let p = v.province_of(l);
        let here = self.here(p);
        if here.is_empty() {
            return Ok(PyList::empty(py));
        }
        if power.is_none() && l == LocId::of_province(p) {
            return PyList::new(py, here.iter().map(|o| o.said.py(py)));
        }
        PyList::new(py, self.at(v, l, power).into_iter().map(|s| s.py(py)))
    }

    /// `power`'s listed order whose text is the Python string `s` itself
    /// (as `get_all_possible_orders` gave it), looked for in the power's
    /// provinces from the `from`-th on (orders are mostly given in the
    /// order of `get_orderable_locations`); `from` is left where it was.
    pub fn find_given(&self, power: PowerId, s: &Bound<'_, PyString>, from: &mut usize) -> Option<&Listed> {
        let mine = &self.orderable[power.index()];
        for k in 0..mine.len() {
            let i = (*from + k) % mine.len();
            if let Some(l) = self.here(mine[i]).iter().find(|o| o.power == power && o.said.is(s)) {
                *from = i;
                return Some(l);
            }
        }
        None
    }

    /// `power`'s listed order with this text: looked for first under the
    /// province its second word names (`A PAR - BUR`, `F STP/SC S ...`),
    /// then everywhere.
    pub fn find(&self, v: &Variant, power: PowerId, text: &str) -> Option<&Listed> {
        let mine = |o: &&Listed| o.power == power && o.said.text == text;
        let place = text.split_whitespace().nth(1).and_then(|w| w.split('/').next());
        let here = place.and_then(|w| v.find_loc(w)).and_then(|l| self.here(v.province_of(l)).iter().find(mine));
        here.or_else(|| self.listed.iter().find(mine))
    }
}

/// The listed orders' text: kept, or written in MILA's notation.
struct Text<'a> {
    texts: &'a Texts,
    v: &'a Variant,
    pos: &'a Position,
}

impl Text<'_> {
    fn said(&mut self, o: &Order) -> SaidHere {
        self.texts.said(o, || self.texts.write(self.v, self.pos, o))
    }
}

fn insert_sorted(list: &mut Vec<ProvinceId>, p: ProvinceId) {
    if let Err(i) = list.binary_search(&p) {
        list.insert(i, p);
    }
}
