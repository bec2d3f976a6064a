//! The event streams (`text/event-stream`): one per open page. A game's
//! stream (the game and press pages) carries what its reader may see of
//! that game; the list's stream carries the public changes (phases,
//! readiness, status, seats) of the reader's games. Each event has its id;
//! a stream opened with `Last-Event-ID` (as a browser reconnects) first
//! gets what came after it.

use super::hub::Told;
use super::Event;
use crate::auth::Viewer;
use crate::error::Result;
use crate::games::{self, Game};
use crate::press::conversation::Conversation;
use crate::secrecy::{self, Reader};
use crate::App;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{self, KeepAlive, Sse};
use axum::routing::get;
use axum::Router;
use futures_util::stream::{self, Stream};
use std::collections::{HashSet, VecDeque};
use std::convert::Infallible;
use std::sync::Arc;
use tokio::sync::broadcast::{error::RecvError, Receiver};

pub fn routes() -> Router<App> {
    Router::new().route("/games/{id}/events", get(game_stream)).route("/events", get(list_stream))
}

/// What a stream is for.
enum Scope {
    /// One game, as this reader sees it.
    Game { game: Box<Game>, reader: Reader, user: Option<crate::accounts::User> },
    /// These games' public changes.
    List(HashSet<i64>),
}

struct Feed {
    app: App,
    scope: Scope,
    rx: Receiver<Told>,
    /// Every event up to this id has been sent, or was not for this reader,
    /// or was given up on: the id each event sent carries, and the one to
    /// reconnect from.
    mark: i64,
    /// Read from the table, to send first.
    queue: VecDeque<Arc<Event>>,
    /// The hub's mark when the queue was read: each event of the queue
    /// sent, the mark moves to its id, up to this one.
    queue_cap: i64,
    /// The mark once the queue is sent.
    mark_after_queue: i64,
    /// The ids above the mark already read (from the table or the hub,
    /// which may bring them again).
    seen: HashSet<i64>,
    /// What is read next from the table, once the queue is sent: from this
    /// id, with the hub's mark when the reading began.
    reading: Option<(i64, i64)>,
}

/// Events read from the table at once.
const PAGE: i64 = 1000;

/// The id a reconnecting browser sends.
fn last_event_id(headers: &HeaderMap) -> Option<i64> {
    headers.get("last-event-id").and_then(|h| h.to_str().ok()).and_then(|s| s.trim().parse().ok())
}

async fn game_stream(
    State(app): State<App>,
    viewer: Viewer,
    Path(id): Path<i64>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = std::result::Result<sse::Event, Infallible>>>> {
    let user = viewer.session.map(|s| s.user);
    let (g, reader) = crate::press::reading(&app, id, user.as_ref()).await?;
    let scope = Scope::Game { game: Box::new(g), reader, user };
    open(app, scope, last_event_id(&headers)).await
}

async fn list_stream(
    State(app): State<App>,
    viewer: Viewer,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = std::result::Result<sse::Event, Infallible>>>> {
    let list = match &viewer.session {
        Some(s) => games::list_for(&app.db, s.user.id).await?,
        None => games::public_games(&app.db).await?,
    };
    open(app, Scope::List(list.into_iter().map(|g| g.id).collect()), last_event_id(&headers)).await
}

async fn open(
    app: App,
    scope: Scope,
    after: Option<i64>,
) -> Result<Sse<impl Stream<Item = std::result::Result<sse::Event, Infallible>>>> {
    // Subscribed before reading the table: nothing falls between the two.
    let rx = match &scope {
        Scope::Game { game, .. } => app.hub.subscribe_game(game.id),
        Scope::List(_) => app.hub.subscribe_lists(),
    };
    let mark = app.hub.mark();
    // Without a last id, from the hub's mark: what was committed since (an
    // event that came late) is read from the table too.
    let after = after.unwrap_or(mark);
    let mut feed = Feed {
        app,
        scope,
        rx,
        mark: after,
        queue: VecDeque::new(),
        queue_cap: after,
        mark_after_queue: after,
        seen: HashSet::new(),
        reading: None,
    };
    feed.read_from(after, mark).await?;
    let events = stream::unfold(feed, |mut feed| async move {
        let e = feed.next().await?;
        let out = sse::Event::default().id(feed.mark.to_string()).event(&e.kind).data(e.data_with_id());
        Some((Ok(out), feed))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}

impl Feed {
    /// The next event for this stream (None: the server is stopping).
    async fn next(&mut self) -> Option<Arc<Event>> {
        loop {
            let e = match self.queue.pop_front() {
                Some(e) => {
                    self.advance(e.id.min(self.queue_cap));
                    if self.queue.is_empty() {
                        self.advance(self.mark_after_queue);
                        self.read_on().await.ok()?;
                    }
                    e
                }
                None => match self.rx.recv().await {
                    Ok(told) => {
                        let id = told.event.id;
                        let again = id <= self.mark || self.seen.contains(&id);
                        self.advance(told.mark);
                        if again {
                            continue;
                        }
                        if id > self.mark {
                            self.seen.insert(id);
                        }
                        told.event
                    }
                    // Fallen behind the hub: the table has what was missed.
                    Err(RecvError::Lagged(_)) => {
                        let hub_mark = self.app.hub.mark();
                        self.read_from(self.mark, hub_mark).await.ok()?;
                        continue;
                    }
                    Err(RecvError::Closed) => return None,
                },
            };
            if self.wanted(&e).await {
                return Some(e);
            }
        }
    }

    /// Reads from the table what came after id `from`, to send before what
    /// the hub brings; `hub_mark` is the hub's mark, taken after
    /// subscribing and before reading: every event up to it was committed
    /// by then, so is read.
    async fn read_from(&mut self, from: i64, hub_mark: i64) -> Result<()> {
        self.reading = Some((from, hub_mark));
        self.read_on().await
    }

    /// Reads the next pages of the table (until one brings an event not
    /// sent yet, or the last); the mark moves once each page is sent.
    async fn read_on(&mut self) -> Result<()> {
        let game = match &self.scope {
            Scope::Game { game, .. } => Some(game.id),
            Scope::List(_) => None,
        };
        while let Some((from, hub_mark)) = self.reading {
            let page = super::since(&self.app.db, game, from, PAGE).await?;
            let full = page.len() as i64 == PAGE;
            let end = page.last().map_or(from, |e| e.id);
            for e in page {
                if self.seen.insert(e.id) {
                    self.queue.push_back(Arc::new(e));
                }
            }
            // An id up to the hub's mark that is not in the page was given
            // up on (every event up to it was committed before the page was
            // read); one above it, not committed then, the hub brings. So
            // the mark moves to each event sent (up to the hub's), and after
            // the page to its last id (a full page) or the hub's mark.
            let mark = if full { end.min(hub_mark) } else { hub_mark };
            self.reading = full.then_some((end, hub_mark));
            if self.queue.is_empty() {
                self.advance(mark);
            } else {
                (self.queue_cap, self.mark_after_queue) = (hub_mark, mark);
                break;
            }
        }
        Ok(())
    }

    /// Everything up to `mark` has been sent (or was not for this reader).
    fn advance(&mut self, mark: i64) {
        if mark > self.mark {
            self.mark = mark;
            // (Most often empty: no walk over its buckets at each event.)
            if !self.seen.is_empty() {
                self.seen.retain(|&id| id > mark);
            }
        }
    }

    /// Is the event for this stream's reader? (A change of phase or seats
    /// reads the game and the reader again first: the game may have ended,
    /// the reader's powers changed.)
    async fn wanted(&mut self, e: &Event) -> bool {
        match &mut self.scope {
            Scope::List(games) => {
                games.contains(&e.game_id)
                    && e.audience == crate::press::conversation::PUBLIC_KEY
                    && super::hub::for_lists(e)
            }
            Scope::Game { game, reader, user } => {
                if e.game_id != game.id {
                    return false;
                }
                if e.kind == "phase" || e.kind == "seats" {
                    if let Ok(g) = games::load_cached(&self.app, game.id).await {
                        if let Ok(r) = Reader::of(&self.app.db, &g, user.as_ref()).await {
                            (**game, *reader) = (g, r);
                        }
                    }
                }
                secrecy::may_see(game, reader, Conversation::from_key(&e.audience).audience())
            }
        }
    }
}
