//! A process's hub of events: one pump reads the new rows of `events` in
//! id order and broadcasts them to the streams of this process. It is woken
//! after this process commits an event and, on PostgreSQL, by a NOTIFY from
//! any process; it also looks once a second (another process on the same
//! SQLite file, a notification lost while the listener reconnected).
//!
//! On PostgreSQL a transaction may take its event's id before another's
//! and commit after it: the pump sees the later id first, and the skipped
//! one (a gap) is looked for again for a few seconds. Each event goes out
//! with the hub's mark: every event of an id up to it has been broadcast,
//! or given up on (a gap that never came: a transaction rolled back). A
//! stream gives the mark to its reader as its events' id, so that a reader
//! reconnecting from it misses nothing (stream.rs).
//!
//! An event wakes only the streams that may want it: a game's streams get
//! that game's events, on a channel of the game's own, and the lists'
//! streams get every game's changes but its messages. So a message costs
//! the streams of its game, not every stream open on the server (with
//! 1,000 open, a broadcast to all spent most of the server's time waking
//! streams that threw the event away).

use super::{since, these, Event, CHANNEL};
use sqlx::AnyPool;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, Notify};

/// An event as broadcast, with the hub's mark once it was sent.
#[derive(Clone)]
pub struct Told {
    pub event: Arc<Event>,
    pub mark: i64,
}

pub struct Hub {
    /// To the lists' streams: every event but messages.
    lists: broadcast::Sender<Told>,
    /// To each game's streams: its events (a game whose streams are all
    /// closed is dropped at the next subscription or event).
    games: Mutex<HashMap<i64, broadcast::Sender<Told>>>,
    wake: Notify,
    read: Mutex<Read>,
}

/// What the pump has read of the table.
struct Read {
    /// The highest id read.
    last: i64,
    /// The ids skipped below it, looked for until the instant given.
    gaps: Vec<(i64, Instant)>,
}

impl Read {
    /// Every event up to this id has been broadcast, or given up on.
    fn mark(&self) -> i64 {
        self.gaps.iter().map(|g| g.0 - 1).min().unwrap_or(self.last)
    }

    /// Ids between the last read and `id` were skipped: look for them.
    fn skipped_to(&mut self, id: i64) {
        if id > self.last + 1 && self.gaps.len() < MAX_GAPS {
            let until = Instant::now() + GAP_LIFE;
            self.gaps.extend((self.last + 1..id).take(MAX_GAPS - self.gaps.len()).map(|id| (id, until)));
        }
        self.last = self.last.max(id);
    }
}

/// Events a slow stream of the lists may fall behind by before it reads
/// the table instead.
const BACKLOG: usize = 16_384;
/// The same for a game's stream (a channel a game: its own events only).
const GAME_BACKLOG: usize = 1024;
/// How long a skipped id is looked for.
const GAP_LIFE: Duration = Duration::from_secs(5);
/// At most this many ids looked for (beyond, given up at once).
const MAX_GAPS: usize = 10_000;

impl Hub {
    /// A hub that has read up to id `last`, of which the ids `missing`
    /// (not there yet: perhaps not committed) are looked for.
    pub fn new(last: i64, missing: &[i64]) -> Hub {
        let mut read = Read { last: 0, gaps: Vec::new() };
        let until = Instant::now() + GAP_LIFE;
        read.gaps.extend(missing.iter().filter(|&&id| id < last).take(MAX_GAPS).map(|&id| (id, until)));
        read.last = last;
        Hub {
            lists: broadcast::channel(BACKLOG).0,
            games: Mutex::new(HashMap::new()),
            wake: Notify::new(),
            read: Mutex::new(read),
        }
    }

    /// A receiver of the events broadcast from now on that a list may
    /// want: every game's, but messages.
    pub fn subscribe_lists(&self) -> broadcast::Receiver<Told> {
        self.lists.subscribe()
    }

    /// A receiver of game `game`'s events broadcast from now on.
    pub fn subscribe_game(&self, game: i64) -> broadcast::Receiver<Told> {
        let mut games = self.games();
        games.retain(|_, s| s.receiver_count() > 0);
        games.entry(game).or_insert_with(|| broadcast::channel(GAME_BACKLOG).0).subscribe()
    }

    /// New events were committed: the pump reads them now.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Every event of an id up to this one has been broadcast (or given up
    /// on).
    pub fn mark(&self) -> i64 {
        self.read().mark()
    }

    fn read(&self) -> std::sync::MutexGuard<'_, Read> {
        self.read.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<i64, broadcast::Sender<Told>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Broadcasts `e`, read (`read` updated for it first), to its game's
    /// streams and, unless it is a message, to the lists'.
    fn tell(&self, read: &Read, e: Event) {
        let told = Told { event: Arc::new(e), mark: read.mark() };
        let mut games = self.games();
        if let Some(game) = games.get(&told.event.game_id) {
            if game.send(told.clone()).is_err() {
                games.remove(&told.event.game_id);
            }
        }
        if for_lists(&told.event) {
            let _ = self.lists.send(told);
        }
    }
}

/// Whether a list's stream may want the event: not a message (a list shows
/// a game's public changes; stream.rs asks the rest).
pub fn for_lists(e: &Event) -> bool {
    e.kind != "message"
}

/// Pumps the table's new events into the hub until the hub is dropped.
pub async fn pump(db: AnyPool, hub: Weak<Hub>) {
    loop {
        let Some(h) = hub.upgrade() else { return };
        if let Err(e) = pump_once(&db, &h).await {
            eprintln!("polemarch serve: events: {}", e.message);
        }
        let _ = tokio::time::timeout(Duration::from_secs(1), h.wake.notified()).await;
    }
}

async fn pump_once(db: &AnyPool, hub: &Hub) -> crate::error::Result<()> {
    let looked_for: Vec<i64> = hub.read().gaps.iter().map(|g| g.0).collect();
    if !looked_for.is_empty() {
        let found = these(db, &looked_for).await?;
        let mut read = hub.read();
        for e in found {
            read.gaps.retain(|g| g.0 != e.id);
            hub.tell(&read, e);
        }
        let now = Instant::now();
        read.gaps.retain(|g| g.1 > now);
    }
    loop {
        let last = hub.read().last;
        let batch = since(db, None, last, 1000).await?;
        let full = batch.len() == 1000;
        let mut read = hub.read();
        for e in batch {
            read.skipped_to(e.id);
            hub.tell(&read, e);
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
