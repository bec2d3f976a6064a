//! A phase's orders as arrows, marked by result: a move or retreat is an
//! arrow, a support a thin line ending in a ring (at the supported unit, or
//! on the supported move), a convoy a dotted line to the convoyed army's
//! path, a hold a ring round the unit; builds get a green ring, removals and
//! disbands a cross. Succeeded: solid, in the power's colour; failed: dashed,
//! with a red cross at its end; illegal: grey and dotted, with a red cross.
//! Each order with a unit is one `<g class="order">` group.

use crate::board::Board;
use crate::forces;
use crate::geometry::Pt;
use crate::map::cross;
use crate::palette;
use crate::svg::{escape, Svg};
use polemarch_engine::adjudicate::Verdict;
use polemarch_engine::order::{Action, Order, UnitRef};
use polemarch_engine::variant::PhaseKind;
use polemarch_engine::variant::{LocId, PowerId};
use polemarch_engine::{Force, Position, Variant};

/// An order to draw, with its result when the phase has been adjudicated.
#[derive(Clone, Debug)]
pub struct DrawnOrder {
    pub order: Order,
    pub verdict: Option<Verdict>,
}

struct Pen<'a> {
    svg: &'a mut Svg,
    board: &'a Board,
    v: &'a Variant,
    colour: String,
    verdict: Option<Verdict>,
}

pub fn draw(svg: &mut Svg, board: &Board, v: &Variant, pos: &Position, orders: &[DrawnOrder]) {
    let retreat = v.calendar.kind(pos.phase) == PhaseKind::Retreat;
    svg.raw("<g id=\"orders\" stroke-linecap=\"round\" font-family=\"DejaVu Sans\">\n");
    for d in orders {
        let Some(unit) = &d.order.unit else { continue };
        let power = d.order.power.or_else(|| owner_at(pos, v, unit.loc));
        let colour = power.map_or(palette::INK.to_string(), |p| palette::shade(&palette::power(v, p), 0.25));
        let word = d.verdict.map_or("given", |x| match x {
            Verdict::Success => "succeeded",
            Verdict::Failure => "failed",
            Verdict::Illegal => "illegal",
        });
        svg.raw(&format!("<g class=\"order {word}\" data-unit=\"{}\">\n", escape(&v.loc_abbr(unit.loc))));
        let from = if retreat { forces::dislodged_place(board, unit.loc) } else { board.unit_at[unit.loc.index()] };
        let mut pen = Pen { svg, board, v, colour, verdict: d.verdict };
        pen.action(from, unit, power, &d.order.action);
        svg.raw("</g>\n");
    }
    svg.raw("</g>\n");
}

fn owner_at(pos: &Position, v: &Variant, loc: LocId) -> Option<PowerId> {
    let p = v.province_of(loc);
    pos.forces.iter().chain(pos.dislodged.iter().map(|d| &d.force)).find(|f| v.province_of(f.loc) == p).map(|f| f.power)
}

impl Pen<'_> {
    fn u(&self) -> f64 {
        self.board.unit
    }

    fn at(&self, l: LocId) -> Pt {
        self.board.unit_at[l.index()]
    }

    /// The colour and width of this order's lines (grey when illegal);
    /// `width` in units.
    fn pen(&self, width: f64) -> String {
        let colour = if self.verdict == Some(Verdict::Illegal) { palette::ILLEGAL } else { &self.colour };
        format!("stroke=\"{colour}\" stroke-width=\"{:.2}\"", width * self.u())
    }

    /// The stroke of this order's lines, by result: solid when it
    /// succeeded (or has no result yet), dashed when it failed, dotted
    /// when illegal.
    fn stroke(&self, width: f64) -> String {
        let u = self.u();
        match self.verdict {
            Some(Verdict::Failure) => {
                format!("{} stroke-dasharray=\"{:.1} {:.1}\"", self.pen(width), 0.45 * u, 0.25 * u)
            }
            Some(Verdict::Illegal) => {
                format!("{} stroke-dasharray=\"{:.1} {:.1}\"", self.pen(width), 0.1 * u, 0.25 * u)
            }
            _ => self.pen(width),
        }
    }

    fn fill(&self) -> String {
        match self.verdict {
            Some(Verdict::Illegal) => palette::ILLEGAL.into(),
            _ => self.colour.clone(),
        }
    }

    /// The red cross of a failed or illegal order, at `at`.
    fn result_mark(&mut self, at: Pt) {
        if matches!(self.verdict, Some(Verdict::Failure | Verdict::Illegal)) {
            let u = self.u();
            cross(self.svg, at, 0.3 * u, palette::FAILED, 0.14 * u);
        }
    }

    fn action(&mut self, from: Pt, unit: &UnitRef, power: Option<PowerId>, action: &Action) {
        let u = self.u();
        match action {
            Action::Move { to, .. } | Action::Retreat { to } | Action::Merge { to, .. } => {
                let to = self.at(*to);
                self.arrow(from, to);
            }
            Action::Hold => {
                let style = format!("fill=\"none\" {}", self.stroke(0.14));
                self.svg.circle(from, 0.95 * u, &style);
                self.result_mark(Pt::new(from.x + 0.8 * u, from.y - 0.8 * u));
            }
            Action::SupportHold { unit: held } => {
                let to = self.at(held.loc);
                self.support(from, to, to);
            }
            Action::SupportMove { unit: mover, to } => {
                let (a, b) = (self.at(mover.loc), self.at(*to));
                self.support(from, a.lerp(b, 0.6), b);
            }
            Action::SupportMerge { to, .. } => {
                let to = self.at(*to);
                self.support(from, to, to);
            }
            Action::Convoy { unit: army, to } => {
                let (a, b) = (self.at(army.loc), self.at(*to));
                let target = a.lerp(b, 0.5);
                // A convoy's line is always dash-dotted; its colour says
                // when it is illegal, the red cross when it failed.
                let style = format!(
                    "stroke-dasharray=\"{:.1} {:.1} {:.1} {:.1}\" {}",
                    0.5 * u,
                    0.15 * u,
                    0.1 * u,
                    0.15 * u,
                    self.pen(0.09)
                );
                let start = from.lerp(target, (0.7 * u / from.dist(target).max(1e-9)).min(0.4));
                self.svg.line(start, target, &style);
                self.svg.circle(target, 0.2 * u, &format!("fill=\"{}\"", self.fill()));
                self.result_mark(target);
            }
            Action::Split { parts } => {
                for part in parts {
                    self.action(from, unit, power, &part.action);
                }
            }
            Action::Build => {
                let components = unit.components.clone().unwrap_or_default();
                if let Some(p) = power {
                    let f = Force { loc: unit.loc, power: p, components };
                    if !f.components.is_empty() && self.verdict != Some(Verdict::Illegal) {
                        forces::mark(
                            self.svg,
                            self.board,
                            self.v,
                            &f,
                            from,
                            forces::Style { dislodged: false, walled: false },
                        );
                    }
                }
                let ring = if self.verdict == Some(Verdict::Illegal) { palette::ILLEGAL } else { "#1e9e3a" };
                self.svg.circle(
                    from,
                    1.0 * u,
                    &format!("fill=\"none\" stroke=\"{ring}\" stroke-width=\"{:.2}\"", 0.16 * u),
                );
                self.result_mark(Pt::new(from.x + 0.8 * u, from.y - 0.8 * u));
            }
            Action::Remove | Action::Disband => {
                cross(self.svg, from, 0.75 * u, palette::FAILED, 0.2 * u);
            }
            Action::Sack => self.tag(from, "SACK"),
            Action::Destroy => self.tag(from, "DESTROY"),
            Action::Rebuild => self.tag(from, "REBUILD"),
            Action::Convert { to } => self.tag(from, &format!("to {}", to.letter())),
            Action::Loan { .. }
            | Action::EndLoan { .. }
            | Action::Designate { .. }
            | Action::Elect { .. }
            | Action::Outlaw { .. }
            | Action::Rival { .. }
            | Action::Fix { .. }
            | Action::Waive => {}
        }
    }

    /// A move: an arrow from unit to destination, stopping short of both.
    fn arrow(&mut self, from: Pt, to: Pt) {
        let u = self.u();
        let d = from.dist(to).max(1e-9);
        let a = from.lerp(to, (0.55 * u / d).min(0.3));
        let b = to.lerp(from, (0.6 * u / d).min(0.3));
        let (dx, dy) = ((b.x - a.x) / d, (b.y - a.y) / d);
        let head = 0.55 * u;
        let base = Pt::new(b.x - dx * head, b.y - dy * head);
        self.svg.line(a, base, &self.stroke(0.16));
        let left = Pt::new(base.x - dy * head * 0.55, base.y + dx * head * 0.55);
        let right = Pt::new(base.x + dy * head * 0.55, base.y - dx * head * 0.55);
        self.svg.polygon(&[b, left, right], &format!("fill=\"{}\"", self.fill()));
        self.result_mark(base);
    }

    /// A support: a thin curved line to `to`, ending in a ring; it bends
    /// away from the straight path to `towards` so that it does not hide it.
    fn support(&mut self, from: Pt, to: Pt, towards: Pt) {
        let u = self.u();
        let d = from.dist(to).max(1e-9);
        let a = from.lerp(to, (0.6 * u / d).min(0.3));
        let b = to.lerp(from, (0.45 * u / d).min(0.3));
        let mid = a.lerp(b, 0.5);
        let bend = 0.15 * d;
        let (nx, ny) = (-(b.y - a.y) / d, (b.x - a.x) / d);
        let side = if (towards.x - mid.x) * nx + (towards.y - mid.y) * ny > 0.0 { -1.0 } else { 1.0 };
        let via = Pt::new(mid.x + nx * bend * side, mid.y + ny * bend * side);
        self.svg.curve(a, via, b, &self.stroke(0.09));
        self.svg.circle(b, 0.22 * u, &format!("fill=\"none\" {}", self.pen(0.09)));
        self.result_mark(b);
    }

    /// A word beside the unit (SACK, DESTROY, REBUILD, a conversion).
    fn tag(&mut self, at: Pt, word: &str) {
        let u = self.u();
        let c = Pt::new(at.x, at.y - 0.95 * u);
        self.svg.text(c, 0.5 * u, word, &format!("fill=\"{}\" font-weight=\"bold\"", self.fill()));
        self.result_mark(Pt::new(c.x + 0.3 * u * word.len() as f64, c.y));
    }
}
