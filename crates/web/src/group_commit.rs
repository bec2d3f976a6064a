//! Group commit: the busiest writes (orders submitted, messages sent) that
//! arrive while a commit is being synced wait for it, then go together in
//! one transaction, each inside a savepoint of its own, committed (and
//! synced) once for all of them.
//!
//! A commit waits for the disk (SQLite syncs its log at every commit, as
//! PostgreSQL does), and SQLite has one writer at a time: one transaction
//! a write, they could not go faster than one a sync (about 230 a second
//! on a disk that syncs in 4.4 ms), and past that rate they queued without
//! end. Grouped, the rate a sync is the writes that came meanwhile. Each
//! write still sees the ones before it, as if alone and in turn; one that
//! fails is rolled back to its savepoint and the others are kept; none is
//! answered before the commit that holds it is synced.
//!
//! PostgreSQL groups the syncs of concurrent commits itself, and writes on
//! many connections at once: there each write is its own transaction, at
//! once (funnelled through one writer, the load test's p99 tripled).

use crate::error::{Error, Result};
use futures_util::future::BoxFuture;
use sqlx::{AnyConnection, AnyPool, Connection};
use tokio::sync::{mpsc, oneshot};

/// At most this many writes go in one commit.
const MOST: usize = 64;

/// The queue of writes waiting for the writer.
#[derive(Clone)]
pub enum GroupCommit {
    /// SQLite: the queue of the one writer.
    Grouped(mpsc::UnboundedSender<Box<dyn Pending>>),
    /// PostgreSQL: each write in a transaction of its own, on this pool.
    Alone(AnyPool),
}

/// A write: runs on the connection of the group's transaction, and tells
/// its result once the transaction is committed (or is not).
pub trait Pending: Send {
    /// Runs the write; false: it failed (its savepoint is rolled back).
    fn run<'c>(&'c mut self, conn: &'c mut AnyConnection) -> BoxFuture<'c, bool>;
    /// Answers with the write's result, or the commit's error.
    fn answer(self: Box<Self>, committed: &Result<()>);
}

struct Job<F, T> {
    work: Option<F>,
    result: Option<Result<T>>,
    answer: oneshot::Sender<Result<T>>,
}

impl<F, T> Pending for Job<F, T>
where
    F: for<'c> FnOnce(&'c mut AnyConnection) -> BoxFuture<'c, Result<T>> + Send,
    T: Send,
{
    fn run<'c>(&'c mut self, conn: &'c mut AnyConnection) -> BoxFuture<'c, bool> {
        let work = self.work.take().expect("a write runs once");
        Box::pin(async move {
            let result = work(conn).await;
            let ok = result.is_ok();
            self.result = Some(result);
            ok
        })
    }

    fn answer(self: Box<Self>, committed: &Result<()>) {
        let result = match (self.result, committed) {
            (Some(Err(e)), _) => Err(e),
            (_, Err(e)) => Err(e.clone()),
            (Some(Ok(value)), Ok(())) => Ok(value),
            (None, Ok(())) => Err(Error::internal("a write was never run")),
        };
        let _ = self.answer.send(result);
    }
}

impl GroupCommit {
    /// On SQLite, the queue and its writer on `writer` (the server's
    /// writing pool), until every copy of the queue is dropped; on
    /// PostgreSQL, `writer` itself.
    pub fn start(writer: AnyPool, sqlite: bool) -> GroupCommit {
        if !sqlite {
            return GroupCommit::Alone(writer);
        }
        let (jobs, queue) = mpsc::unbounded_channel();
        tokio::spawn(write_all(writer, queue));
        GroupCommit::Grouped(jobs)
    }

    /// Runs `work` in a transaction with the writes waiting beside it, and
    /// answers its result once that transaction is committed. `work` must
    /// leave nothing half done when it fails: what it wrote is rolled back
    /// to its savepoint.
    pub async fn write<F, T>(&self, work: F) -> Result<T>
    where
        F: for<'c> FnOnce(&'c mut AnyConnection) -> BoxFuture<'c, Result<T>> + Send + 'static,
        T: Send + 'static,
    {
        let jobs = match self {
            GroupCommit::Grouped(jobs) => jobs,
            GroupCommit::Alone(pool) => {
                let mut tx = pool.begin().await?;
                let value = work(&mut tx).await?;
                tx.commit().await?;
                return Ok(value);
            }
        };
        let (answer, answered) = oneshot::channel();
        let job = Job { work: Some(work), result: None, answer };
        jobs.send(Box::new(job)).map_err(|_| Error::internal("the writer has stopped"))?;
        answered.await.map_err(|_| Error::internal("the writer stopped before answering"))?
    }
}

/// The writer: takes what waits (up to [`MOST`]), writes it in one
/// transaction, commits, answers; again.
async fn write_all(writer: AnyPool, mut queue: mpsc::UnboundedReceiver<Box<dyn Pending>>) {
    let mut group: Vec<Box<dyn Pending>> = Vec::new();
    while queue.recv_many(&mut group, MOST).await > 0 {
        let committed = write_group(&writer, &mut group).await;
        for job in group.drain(..) {
            job.answer(&committed);
        }
    }
}

async fn write_group(writer: &AnyPool, group: &mut [Box<dyn Pending>]) -> Result<()> {
    let mut conn = writer.acquire().await?;
    let mut tx = conn.begin().await?;
    for job in group.iter_mut() {
        sqlx::query("SAVEPOINT one_write").execute(&mut *tx).await?;
        if !job.run(&mut tx).await {
            sqlx::query("ROLLBACK TO SAVEPOINT one_write").execute(&mut *tx).await?;
        }
        sqlx::query("RELEASE SAVEPOINT one_write").execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes that go together: each sees the ones before it, one that
    /// fails is undone alone (its own error to its caller), the others are
    /// kept and answered after their commit.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_failed_write_is_undone_alone() {
        let dir = std::env::temp_dir().join(format!("polemarch-group-commit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.join("t.db").display());
        let pool = crate::db::pool(&url, 1).await.unwrap();
        sqlx::query("CREATE TABLE t (n BIGINT PRIMARY KEY)").execute(&pool).await.unwrap();
        let commits = GroupCommit::start(pool.clone(), true);
        let writes = (0..40i64).map(|n| {
            let commits = commits.clone();
            tokio::spawn(async move {
                commits
                    .write(move |conn| {
                        Box::pin(async move {
                            sqlx::query("INSERT INTO t (n) VALUES ($1)").bind(n).execute(&mut *conn).await?;
                            if n % 3 == 0 {
                                return Err(Error::bad(format!("{n} refused")));
                            }
                            let row = sqlx::query("SELECT COUNT(*) FROM t").fetch_one(&mut *conn).await?;
                            Ok(sqlx::Row::try_get::<i64, _>(&row, 0)?)
                        })
                    })
                    .await
            })
        });
        let answers: Vec<Result<i64>> =
            futures_util::future::join_all(writes).await.into_iter().map(|j| j.unwrap()).collect();
        for (n, answer) in answers.iter().enumerate() {
            match answer {
                Err(e) => assert!(n % 3 == 0 && e.message == format!("{n} refused"), "{n}: {}", e.message),
                Ok(count) => assert!(n % 3 != 0 && *count >= 1, "{n}: {count}"),
            }
        }
        let kept: Vec<i64> = sqlx::query_scalar("SELECT n FROM t ORDER BY n").fetch_all(&pool).await.unwrap();
        assert_eq!(kept, (0..40).filter(|n| n % 3 != 0).collect::<Vec<_>>());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
