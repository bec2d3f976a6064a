//! A small timing harness: warm up, then run batches of iterations until the
//! time budget is spent, and report the median of the per-iteration times of
//! the batches.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// How long to measure.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Time spent running the code before measuring.
    pub warm_up: Duration,
    /// Time spent measuring.
    pub measure: Duration,
    /// How many batches the measuring time is split into.
    pub batches: u32,
}

impl Budget {
    /// About one second per measurement.
    pub const FULL: Budget =
        Budget { warm_up: Duration::from_millis(200), measure: Duration::from_secs(1), batches: 30 };

    /// For `cargo bench -p polemarch-bench -- --quick`.
    pub const QUICK: Budget =
        Budget { warm_up: Duration::from_millis(30), measure: Duration::from_millis(150), batches: 15 };
}

/// The result of one measurement.
#[derive(Debug, Clone, Copy)]
pub struct Measurement {
    /// Median over the batches of (batch time / iterations in the batch).
    pub median: Duration,
    /// Fastest and slowest batch, per iteration.
    pub fastest: Duration,
    pub slowest: Duration,
    /// Iterations run while measuring (warm-up not counted).
    pub iterations: u64,
    pub batches: u32,
}

/// Times `routine`, passing it `input` through `black_box` on every call and
/// sending its output through `black_box` too (the output is dropped inside
/// the timed batch, so freeing it is counted).
pub fn measure<'a, I: ?Sized, R>(budget: Budget, input: &'a I, mut routine: impl FnMut(&'a I) -> R) -> Measurement {
    // Warm up, and learn roughly how long one iteration takes.
    let start = Instant::now();
    let mut warm_iterations = 0u64;
    while start.elapsed() < budget.warm_up || warm_iterations == 0 {
        black_box(routine(black_box(input)));
        warm_iterations += 1;
    }
    let per_iteration = start.elapsed().as_secs_f64() / warm_iterations as f64;
    let batch_time = budget.measure.as_secs_f64() / f64::from(budget.batches.max(1));
    let batch_size = ((batch_time / per_iteration.max(1e-9)) as u64).max(1);

    let mut samples = Vec::with_capacity(budget.batches as usize);
    let mut iterations = 0;
    let measuring = Instant::now();
    while samples.len() < budget.batches as usize || measuring.elapsed() < budget.measure {
        let batch = Instant::now();
        for _ in 0..batch_size {
            black_box(routine(black_box(input)));
        }
        samples.push(batch.elapsed().as_secs_f64() / batch_size as f64);
        iterations += batch_size;
    }

    samples.sort_by(f64::total_cmp);
    Measurement {
        median: Duration::from_secs_f64(median(&samples)),
        fastest: Duration::from_secs_f64(samples[0]),
        slowest: Duration::from_secs_f64(samples[samples.len() - 1]),
        iterations,
        batches: samples.len() as u32,
    }
}

fn median(sorted: &[f64]) -> f64 {
    let middle = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    } else {
        sorted[middle]
    }
}

/// `1.23 µs`, `456 ns`, `7.89 ms`.
pub fn format_duration(duration: Duration) -> String {
    let nanos = duration.as_secs_f64() * 1e9;
    if nanos < 1e3 {
        format!("{nanos:.0} ns")
    } else if nanos < 1e6 {
        format!("{:.2} µs", nanos / 1e3)
    } else if nanos < 1e9 {
        format!("{:.2} ms", nanos / 1e6)
    } else {
        format!("{:.2} s", nanos / 1e9)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_something() {
        let budget = Budget { warm_up: Duration::from_millis(1), measure: Duration::from_millis(5), batches: 5 };
        let m = measure(budget, &[3u64, 1, 2][..], |xs| xs.iter().sum::<u64>());
        assert!(m.batches >= 5);
        assert!(m.fastest <= m.median && m.median <= m.slowest);
    }

    #[test]
    fn formats() {
        assert_eq!(format_duration(Duration::from_nanos(456)), "456 ns");
        assert_eq!(format_duration(Duration::from_nanos(1_230)), "1.23 µs");
        assert_eq!(format_duration(Duration::from_micros(7_890)), "7.89 ms");
    }
}
