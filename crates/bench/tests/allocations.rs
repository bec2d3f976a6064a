//! What an adjudication allocates, counted by a global allocator that
//! counts the allocations of the thread asking: with a reused context and
//! reused result and position buffers (`Adjudicator::adjudicate_into`),
//! nothing, once warm, for each benchmark scenario; with a reused context
//! returning a new outcome (`Adjudicator::adjudicate`), one block for each
//! list it returns, no more.

use polemarch_bench::{ours, scenarios};
use polemarch_engine::adjudicate::{recycle, Adjudicator};
use polemarch_engine::{adjudicate, Position};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Allocations (and reallocations) made on this thread by `f`.
fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    (ALLOCATIONS.with(Cell::get) - before, r)
}

#[test]
fn a_warm_context_with_reused_buffers_allocates_nothing() {
    for scenario in scenarios::all() {
        let p = ours::prepare(scenario);
        let expected = adjudicate(&p.variant, &p.position, &p.orders);
        let mut judge = Adjudicator::new(&p.variant);
        let mut results = Vec::new();
        let mut next = Position::blank();
        for round in 0..5 {
            let (count, ()) = allocations(|| {
                let mut r = recycle(std::mem::take(&mut results));
                judge.adjudicate_into(&p.position, &p.orders, &mut r, &mut next);
                assert_eq!(r, expected.results, "{}: the same results as `adjudicate`", scenario.name);
                results = recycle(r);
            });
            assert_eq!(next, expected.next, "{}: the same next position as `adjudicate`", scenario.name);
            if round > 0 {
                assert_eq!(count, 0, "{}: adjudication {} allocated {count} times", scenario.name, round + 1);
            } else {
                assert!(count > 0, "{}: the first adjudication sizes the buffers", scenario.name);
            }
        }
    }
}

#[test]
fn a_warm_context_allocates_only_what_it_returns() {
    for scenario in scenarios::all() {
        let p = ours::prepare(scenario);
        let mut judge = Adjudicator::new(&p.variant);
        judge.adjudicate(&p.position, &p.orders);
        let (count, outcome) = allocations(|| judge.adjudicate(&p.position, &p.orders));
        let next = &outcome.next;
        // One block for each list the outcome holds that is not empty.
        let lists =
            [outcome.results.len(), next.forces.len(), next.dislodged.len(), next.contested.len(), next.owners.len()];
        let returned = lists.iter().filter(|&&n| n > 0).count()
            + next.dislodged.iter().filter(|d| !d.also_from.is_empty()).count();
        assert!(count <= returned, "{}: {count} allocations for {returned} lists returned", scenario.name);
        assert_eq!(outcome.results, adjudicate(&p.variant, &p.position, &p.orders).results, "{}", scenario.name);
    }
}
