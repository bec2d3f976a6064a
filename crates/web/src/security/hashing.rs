//! Where argon2 runs: on a few threads of its own, one a core, at most one
//! hash each at a time. Each hash takes 19 MiB; on the runtime's blocking
//! pool every new thread kept its own (the allocator's arena per thread),
//! and a flood of sign-ins took the server from 10 MB to 720 MB, where it
//! stayed. On the same few threads the memory is reused: at most one block
//! a thread. A request waits [`WAIT`] at most for a turn; after that it is
//! answered 503 (with `Retry-After`, security::headers).

use crate::error::{Error, Result};
use std::sync::mpsc;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// How long a sign-in or sign-up waits for a hashing thread.
pub const WAIT: Duration = Duration::from_secs(10);

type Job = Box<dyn FnOnce() + Send>;

struct Pool {
    jobs: Mutex<mpsc::Sender<Job>>,
    turns: tokio::sync::Semaphore,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = std::sync::Arc::new(Mutex::new(queue));
        for i in 0..threads() {
            let queue = queue.clone();
            let _ = std::thread::Builder::new().name(format!("argon2-{i}")).spawn(move || loop {
                let job = queue.lock().unwrap_or_else(|e| e.into_inner()).recv();
                match job {
                    Ok(job) => {
                        job();
                        give_back();
                    }
                    Err(_) => break,
                }
            });
        }
        Pool { jobs: Mutex::new(jobs), turns: tokio::sync::Semaphore::new(threads()) }
    })
}

/// Hands the memory freed back to the system: glibc's allocator keeps
/// what a thread freed in its arena (a hash's 19 MiB, and what the
/// requests around it left in the others), and the process would stay as
/// large as its busiest moment.
fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free pages of the allocator's own.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// How many hashes run at once: one a core.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Runs `work` (an argon2 hash or check: slow on purpose) on a hashing
/// thread, when one is free within [`WAIT`]; 503 otherwise.
pub async fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    run_within(WAIT, work).await
}

/// [`run`], waiting `wait` at most for a turn.
async fn run_within<T: Send + 'static>(wait: Duration, work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    let pool = pool();
    let busy = || {
        Error::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy checking passwords: try again in a few seconds",
        )
    };
    let _turn = tokio::time::timeout(wait, pool.turns.acquire()).await.map_err(|_| busy())?.map_err(|_| busy())?;
    let (done, answer) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = done.send(work());
    });
    pool.jobs
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .send(job)
        .map_err(|_| Error::internal("the hashing threads have stopped"))?;
    answer.await.map_err(|_| Error::internal("a hashing thread failed"))
}

#[cfg(test)]
mod tests {
    use super::{run, run_within, threads};
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_that_finds_no_thread_free_in_time_is_told_to_come_back() {
        // Every thread busy for half a second.
        let busy: Vec<_> =
            (0..threads()).map(|_| tokio::spawn(run(|| std::thread::sleep(Duration::from_millis(500))))).collect();
        tokio::time::sleep(Duration::from_millis(100)).await;
        let e = run_within(Duration::from_millis(50), || ()).await.unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        // Waiting long enough, it gets its turn, on one of the same threads.
        let name =
            run_within(Duration::from_secs(5), || std::thread::current().name().map(String::from)).await.unwrap();
        assert!(name.is_some_and(|n| n.starts_with("argon2-")));
        for b in busy {
            b.await.unwrap().unwrap();
        }
    }
}
