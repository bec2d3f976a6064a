//! The board's legal orders are the adjudicator's: `Legality` (which plans
//! a movement's orders without resolving them) calls illegal exactly the
//! candidates a whole adjudication calls ILLEGAL, in every phase of random
//! games of every variant, so the bots see the same legal orders as when
//! each round of candidates was adjudicated whole; so does
//! `Legality::rounds`, which sets the board up once for all the rounds of
//! a position, and its `legal_alone`, which asks each order alone where
//! `Legality::alone_as_in_rounds` says that is the same, and its
//! `retain_legal`, which asks a force's candidates together, and its
//! `retain_legal_for`, which asks them in their compact form. Beside the
//! generator's candidates (few of them illegal in standard), every force
//! is also ordered to every location, mostly illegal moves, and every
//! fleet to convoy every army to where it borders. And the full list
//! (`Board::every_convoy`) lists the convoys the bots leave out.

mod common;

use common::{autumn, standard};
use polemarch_bots::adjust::order;
use polemarch_bots::candidates::{self, Around, Extras};
use polemarch_bots::geometry::reach;
use polemarch_bots::selfplay::play_game;
use polemarch_bots::{bot_named, Board, Bot};
use polemarch_engine::adjudicate::{adjudicate, Legality, Verdict};
use polemarch_engine::game::{position_at, GameRecord};
use polemarch_engine::order::{Action, Order, UnitRef};
use polemarch_engine::state::{Component, Kind};
use polemarch_engine::variant::{embedded_ids, embedded_variant, LocId, PhaseKind};
use polemarch_engine::{Position, Variant};

#[test]
fn planning_calls_illegal_what_adjudication_does_in_every_variant() {
    let (mut asked_alone, mut compact_asked) = (0, 0);
    for id in embedded_ids() {
        let v = embedded_variant(id).expect("built in").expect("valid");
        let rec = random_game(&v, id, 2);
        let mut check = Legality::new(&v);
        let (mut legal, mut illegal) = (0, 0);
        for i in 0..rec.phases.len() {
            let pos = position_at(&v, &rec, i).unwrap();
            if v.calendar.kind(pos.phase) != PhaseKind::Movement {
                continue;
            }
            let extras = Extras::of(&v);
            let reaches: Vec<_> = pos.forces.iter().map(|f| reach(&v, f)).collect();
            let around = Around::of(&v, &pos, &reaches);
            let mut scratch = candidates::Scratch::default();
            let compact: Vec<_> = (0..pos.forces.len())
                .map(|f| candidates::movement(&v, &pos, &extras, &reaches, &around, f, &mut scratch))
                .collect();
            let mut all: Vec<Vec<Order>> = compact
                .iter()
                .zip(&pos.forces)
                .map(|(cs, f)| cs.iter().map(|c| c.order(&pos.forces, f)).collect())
                .collect();
            for (f, orders) in pos.forces.iter().zip(&mut all) {
                orders.extend(v.loc_ids().map(|to| Order::for_force(f, Action::Move { to, via_convoy: false })));
                // Convoys of every army to where the fleet borders: most of
                // them on no route of the army (DATC 6.G.7).
                let here = v.province_of(f.loc).index();
                let near: Vec<_> = v.province_ids().filter(|p| v.any_borders.get(here, p.index())).collect();
                for army in pos.forces.iter().filter(|a| f.is_fleet() && a.is_army()) {
                    let unit = UnitRef { components: Some(army.components.clone()), loc: army.loc };
                    let convoy = |&p| Action::Convoy { unit: unit.clone(), to: LocId::of_province(p) };
                    orders.extend(near.iter().map(convoy).map(|a| Order::for_force(f, a)));
                }
            }
            let rounds = all.iter().map(Vec::len).max().unwrap_or(0);
            let (mut said, mut said_in_rounds) = (Vec::new(), Vec::new());
            let mut again = Legality::new(&v);
            let alone = again.alone_as_in_rounds(&pos, all.iter().flatten());
            asked_alone += usize::from(alone);
            let mut in_rounds = again.rounds(&pos);
            for k in 0..rounds {
                let round: Vec<Order> = all.iter().filter_map(|c| c.get(k).cloned()).collect();
                check.legal_into(&pos, &round, &mut said);
                in_rounds.legal_into(&round, &mut said_in_rounds);
                let whole = adjudicate(&v, &pos, &round);
                for (n, order) in round.iter().enumerate() {
                    let adjudicated = whole.results[n].verdict() != Verdict::Illegal;
                    assert_eq!(said[n], adjudicated, "{id}, {}: `{}`", rec.phases[i].phase, order.display(&v));
                    assert_eq!(
                        said_in_rounds[n],
                        adjudicated,
                        "{id}, {} in rounds: `{}`",
                        rec.phases[i].phase,
                        order.display(&v)
                    );
                    if alone {
                        let said_alone = in_rounds.legal_alone(order);
                        let (phase, text) = (&rec.phases[i].phase, order.display(&v));
                        assert_eq!(said_alone, adjudicated, "{id}, {phase} alone: `{text}`");
                    }
                    if adjudicated {
                        legal += 1;
                    } else {
                        illegal += 1;
                    }
                }
            }
            if alone {
                // A force's candidates asked together keep those asked alone.
                for orders in &all {
                    let mut kept = orders.clone();
                    in_rounds.retain_legal(&mut kept);
                    let one_by_one: Vec<Order> = orders.iter().filter(|o| in_rounds.legal_alone(o)).cloned().collect();
                    assert_eq!(kept, one_by_one, "{id}, {}: a force's candidates together", rec.phases[i].phase);
                }
                // And so do they asked in their compact form.
                for (f, cs) in compact.iter().enumerate() {
                    let mut kept = cs.clone();
                    in_rounds.retain_legal_for(f, &mut kept, |c| c.action(&pos.forces, &pos.forces[f]));
                    let one_by_one: Vec<_> =
                        cs.iter().filter(|c| in_rounds.legal_alone(&c.order(&pos.forces, &pos.forces[f]))).collect();
                    let kept: Vec<_> = kept.iter().collect();
                    assert_eq!(kept, one_by_one, "{id}, {}: a force's compact candidates", rec.phases[i].phase);
                    compact_asked += cs.len();
                }
            }
        }
        assert!(legal > 0 && illegal > 0, "{id}: {legal} legal and {illegal} illegal candidates compared");
    }
    assert!(asked_alone > 0, "no position's orders asked alone");
    assert!(compact_asked > 0, "no compact candidate asked");
}

/// In a Winter of a variant with no mechanic, `Legality` judges the
/// orders alone, without the civil disorder after them: its verdicts are
/// a whole adjudication's, in every Winter of random games of every
/// variant. The orders: each power's builds of every kind at every centre
/// it owns, its removals (of its own forces and of another's) and a
/// waiver, all written together (the first legal builds and removals
/// count) and each alone, asked of a `Legality` made for any position and
/// of one made for this one (`Legality::at`); the reason it gives for the
/// last of them, where illegal, is the adjudication's.
#[test]
fn a_winter_judged_alone_calls_illegal_what_adjudication_does_in_every_variant() {
    let mut winters_alone = 0;
    for id in embedded_ids() {
        let v = embedded_variant(id).expect("built in").expect("valid");
        let rec = random_game(&v, id, 5);
        let mut check = Legality::new(&v);
        let (mut said, mut legal, mut illegal) = (Vec::new(), 0, 0);
        for i in 0..rec.phases.len() {
            let pos = position_at(&v, &rec, i).unwrap();
            if v.calendar.kind(pos.phase) != PhaseKind::Adjustment {
                continue;
            }
            let winter = winter_orders(&v, &pos);
            let alone = check.answers_short(&pos, &winter);
            assert_eq!(alone, v.rules.mechanics.is_empty(), "{id}: a Winter judged alone only with no mechanic");
            winters_alone += usize::from(alone);
            // And one `Legality` for this position, which sets the Winter
            // up at its first question, whatever the questions after it.
            let (mut bound, mut said_bound) = (Legality::at(&v, &pos), Vec::new());
            let each = winter.chunks(1);
            for orders in std::iter::once(winter.as_slice()).chain(each) {
                check.legal_into(&pos, orders, &mut said);
                bound.legal_into(&pos, orders, &mut said_bound);
                let whole = adjudicate(&v, &pos, orders);
                for (n, order) in orders.iter().enumerate() {
                    let adjudicated = whole.results[n].verdict() != Verdict::Illegal;
                    assert_eq!(said[n], adjudicated, "{id}, {}: `{}`", rec.phases[i].phase, order.display(&v));
                    let (phase, text) = (&rec.phases[i].phase, order.display(&v));
                    assert_eq!(said_bound[n], adjudicated, "{id}, {phase}, set up once: `{text}`");
                    *(if adjudicated { &mut legal } else { &mut illegal }) += 1;
                }
                // The last order's reason, where illegal, is the adjudication's.
                let last = &whole.results[orders.len() - 1];
                let why = (last.verdict() == Verdict::Illegal).then_some(last.reason);
                let text = orders.last().unwrap().display(&v);
                assert_eq!(check.last_illegal(), why, "{id}, {}: the reason of `{text}`", rec.phases[i].phase);
                assert_eq!(
                    bound.last_illegal(),
                    why,
                    "{id}, {}, set up once: the reason of `{text}`",
                    rec.phases[i].phase
                );
            }
        }
        assert!(legal > 0 && illegal > 0, "{id}: {legal} legal and {illegal} illegal Winter orders compared");
    }
    assert!(winters_alone > 0, "no Winter judged alone");
}

/// A game of `years` years of variant `id` by the random bot.
fn random_game(v: &Variant, id: &str, years: u32) -> GameRecord {
    let random = bot_named("random").unwrap();
    let bots: Vec<&dyn Bot> = v.powers.iter().map(|_| random.as_ref()).collect();
    let played = play_game(v, id, &bots, 0, 7, years, "2026-01-01T00:00:00Z");
    played.unwrap_or_else(|e| panic!("{id}: {}", e.message)).0
}

/// Every power's builds of every kind at every centre it owns, its
/// removals of its forces' components and of another power's first force,
/// and a waiver.
fn winter_orders(v: &Variant, pos: &Position) -> Vec<Order> {
    let mut orders = Vec::new();
    for power in v.power_ids() {
        for loc in v.loc_ids().filter(|&l| pos.owners[v.province_of(l).index()] == Some(power)) {
            for &kind in &v.kinds {
                orders.push(order(power, &[Component { kind, power, free: false }], loc, Action::Build));
            }
        }
        let theirs = pos.forces.iter().find(|f| f.power != power);
        for f in pos.forces.iter().filter(|f| f.power == power).chain(theirs) {
            orders.extend(f.components.iter().map(|c| order(power, &[*c], f.loc, Action::Remove)));
        }
        orders.push(Order { power: Some(power), unit: None, action: Action::Waive, claim: None });
    }
    orders
}

/// The bots weigh an army's nearest eight destinations by convoy; the full
/// list (the Python package's) has every coast the fleets at sea reach,
/// each legal.
#[test]
fn every_convoy_destination_is_listed_where_the_bots_weigh_eight() {
    let v = standard();
    let fleets = ["nth", "eng", "mao", "iri"].map(|sea| ("England", Kind::FLEET, sea));
    let pos = autumn(&v, &[[("England", Kind::ARMY, "lon")].as_slice(), &fleets].concat());
    let lon = pos.forces.iter().position(|f| f.is_army()).unwrap();
    let by_convoy =
        |b: &Board| b.legal[lon].iter().filter(|o| matches!(o.action, Action::Move { via_convoy: true, .. })).count();
    let (bots, all) = (by_convoy(&Board::new(&v, &pos)), by_convoy(&Board::every_convoy(&v, &pos)));
    assert_eq!(bots, 8);
    assert!(all > 8, "{all} destinations by convoy");
}
