//! The event streams (`text/event-stream`): one per open page. A game's
//! stream (the game and press pages) carries what its reader may see of
//! that game; the list's stream carries the public changes (phases,
//! readiness, status, seats) of the reader's games. Each event has its id;
//! a stream opened with `Last-Event-ID` (as a browser reconnects) first
//! gets what came after it.

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
    rx: Receiver<Arc<Event>>,
    /// Read from the table, to send first.
    queue: VecDeque<Arc<Event>>,
    /// The ids sent from the table (the hub may bring them again).
    replayed: HashSet<i64>,
    last: i64,
}

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
    open(app, scope, Some(id), last_event_id(&headers)).await
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
    open(app, Scope::List(list.into_iter().map(|g| g.id).collect()), None, last_event_id(&headers)).await
}

async fn open(
    app: App,
    scope: Scope,
    game_id: Option<i64>,
    after: Option<i64>,
) -> Result<Sse<impl Stream<Item = std::result::Result<sse::Event, Infallible>>>> {
    // Subscribed before reading the table: nothing falls between the two.
    let rx = app.hub.subscribe();
    let (queue, last) = match after {
        Some(after) => {
            let missed: VecDeque<Arc<Event>> = super::since(&app.db, game_id, after, 5000).await?.into_iter().map(Arc::new).collect();
            (missed, after)
        }
        None => (VecDeque::new(), app.hub.last()),
    };
    let replayed = queue.iter().map(|e| e.id).collect();
    let feed = Feed { app, scope, rx, queue, replayed, last };
    let events = stream::unfold(feed, |mut feed| async move {
        let e = feed.next().await?;
        let out = sse::Event::default().id(e.id.to_string()).event(&e.kind).data(&e.data);
        Some((Ok(out), feed))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}

impl Feed {
    /// The next event for this stream (None: the server is stopping).
    async fn next(&mut self) -> Option<Arc<Event>> {
        loop {
            let e = match self.queue.pop_front() {
                Some(e) => e,
                None => match self.rx.recv().await {
                    Ok(e) if self.replayed.contains(&e.id) => continue,
                    Ok(e) => e,
                    // Fallen behind the hub: the table has what was missed.
                    Err(RecvError::Lagged(_)) => {
                        let game = match &self.scope {
                            Scope::Game { game, .. } => Some(game.id),
                            Scope::List(_) => None,
                        };
                        let missed = super::since(&self.app.db, game, self.last, 5000).await.ok()?;
                        self.replayed.extend(missed.iter().map(|e| e.id));
                        self.queue.extend(missed.into_iter().map(Arc::new));
                        continue;
                    }
                    Err(RecvError::Closed) => return None,
                },
            };
            self.last = self.last.max(e.id);
            if self.wanted(&e).await {
                return Some(e);
            }
        }
    }

    /// Is the event for this stream's reader? (A change of phase or seats
    /// reads the game and the reader again first: the game may have ended,
    /// the reader's powers changed.)
    async fn wanted(&mut self, e: &Event) -> bool {
        match &mut self.scope {
            Scope::List(games) => games.contains(&e.game_id) && e.audience == crate::press::conversation::PUBLIC_KEY && e.kind != "message",
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
