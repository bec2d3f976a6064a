//! A process's hub of events: one pump reads the new rows of `events` in
//! id order and broadcasts them to the streams of this process. It is woken
//! after this process commits an event and, on PostgreSQL, by a NOTIFY from
//! any process; it also looks once a second (another process on the same
//! SQLite file, a notification lost while the listener reconnected). An
//! id skipped (a PostgreSQL transaction that took its id before another's
//! but committed after it) is looked for again for a few seconds.

use super::{since, these, Event, CHANNEL};
use sqlx::AnyPool;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, Notify};

pub struct Hub {
    sender: broadcast::Sender<Arc<Event>>,
    wake: Notify,
    /// The id of the last event broadcast.
    last: AtomicI64,
}

/// Events a slow stream may fall behind by before it reads the table
/// instead.
const BACKLOG: usize = 16_384;
/// How long a skipped id is looked for.
const GAP_LIFE: Duration = Duration::from_secs(5);

impl Hub {
    pub fn new(last: i64) -> Hub {
        Hub { sender: broadcast::channel(BACKLOG).0, wake: Notify::new(), last: AtomicI64::new(last) }
    }

    /// A receiver of every event broadcast from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Event>> {
        self.sender.subscribe()
    }

    /// New events were committed: the pump reads them now.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    pub fn last(&self) -> i64 {
        self.last.load(Ordering::SeqCst)
    }
}

/// Pumps the table's new events into the hub until the hub is dropped.
pub async fn pump(db: AnyPool, hub: Weak<Hub>) {
    let mut gaps: Vec<(i64, Instant)> = Vec::new();
    loop {
        let Some(h) = hub.upgrade() else { return };
        if let Err(e) = pump_once(&db, &h, &mut gaps).await {
            eprintln!("polemarch serve: events: {}", e.message);
        }
        let _ = tokio::time::timeout(Duration::from_secs(1), h.wake.notified()).await;
    }
}

async fn pump_once(db: &AnyPool, hub: &Hub, gaps: &mut Vec<(i64, Instant)>) -> crate::error::Result<()> {
    if !gaps.is_empty() {
        let ids: Vec<i64> = gaps.iter().map(|g| g.0).collect();
        for e in these(db, &ids).await? {
            gaps.retain(|g| g.0 != e.id);
            let _ = hub.sender.send(Arc::new(e));
        }
        gaps.retain(|g| g.1.elapsed() < GAP_LIFE);
    }
    loop {
        let last = hub.last();
        let batch = since(db, None, last, 1000).await?;
        let full = batch.len() == 1000;
        let mut previous = last;
        for e in batch {
            if e.id > previous + 1 && gaps.len() < 10_000 {
                gaps.extend((previous + 1..e.id).take(1000).map(|id| (id, Instant::now())));
            }
            previous = e.id;
            hub.last.store(e.id, Ordering::SeqCst);
            let _ = hub.sender.send(Arc::new(e));
        }
        if !full {
            return Ok(());
        }
    }
}

/// On PostgreSQL: wakes the pump at every NOTIFY on the events' channel,
/// from any process, until the hub is dropped.
pub async fn listen(url: String, hub: Weak<Hub>) {
    loop {
        match sqlx::postgres::PgListener::connect(&url).await {
            Ok(mut listener) => match listener.listen(CHANNEL).await {
                Ok(()) => loop {
                    let Some(h) = hub.upgrade() else { return };
                    drop(h);
                    match tokio::time::timeout(Duration::from_secs(5), listener.try_recv()).await {
                        Ok(Ok(Some(_))) => hub.upgrade().map_or((), |h| h.wake()),
                        // Reconnected (sqlx does it): what came meanwhile is read now.
                        Ok(Ok(None)) => hub.upgrade().map_or((), |h| h.wake()),
                        Ok(Err(e)) => {
                            eprintln!("polemarch serve: events: listening: {e}");
                            break;
                        }
                        Err(_) => {}
                    }
                },
                Err(e) => eprintln!("polemarch serve: events: cannot listen: {e}"),
            },
            Err(e) => eprintln!("polemarch serve: events: cannot connect to listen: {e}"),
        }
        if hub.upgrade().is_none() {
            return;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
