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
pub const WAIT: Duration = Duration::from_secs(3);

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
                    Ok(job) => job(),
                    Err(_) => break,
                }
            });
        }
        Pool { jobs: Mutex::new(jobs), turns: tokio::sync::Semaphore::new(threads()) }
    })
}

/// How many hashes run at once: one a core.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Runs `work` (an argon2 hash or check: slow on purpose) on a hashing
/// thread, when one is free within [`WAIT`]; 503 otherwise.
pub async fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    let pool = pool();
    let busy = || Error::new(axum::http::StatusCode::SERVICE_UNAVAILABLE, "the server is busy checking passwords: try again in a few seconds");
    let _turn = tokio::time::timeout(WAIT, pool.turns.acquire()).await.map_err(|_| busy())?.map_err(|_| busy())?;
    let (done, answer) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = done.send(work());
    });
    pool.jobs.lock().unwrap_or_else(|e| e.into_inner()).send(job).map_err(|_| Error::internal("the hashing threads have stopped"))?;
    answer.await.map_err(|_| Error::internal("a hashing thread failed"))
}
