//! The press endpoints of the JSON API (docs/api.md, "Press").

use super::conversation::Conversation;
use super::send::{self, Outgoing};
use super::store;
use crate::auth::{Signed, Viewer};
use crate::error::Result;
use crate::games;
use crate::App;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

pub fn routes() -> Router<App> {
    Router::new()
        .route("/games/{id}/press", get(conversations).post(post))
        .route("/games/{id}/press/{conversation}", get(conversation))
}

async fn conversations(State(app): State<App>, viewer: Viewer, Path(id): Path<i64>) -> Result<Json<Value>> {
    let user = viewer.session.as_ref().map(|s| &s.user);
    let (g, reader) = super::reading(&app, id, user).await?;
    let messages = store::visible(&app.db, &g, &reader).await?;
    let list = store::summaries(&app.db, &g, &reader, &messages).await?;
    Ok(Json(json!({"rules": g.press, "my_powers": reader.powers, "conversations": list})))
}

async fn conversation(
    State(app): State<App>,
    viewer: Viewer,
    Path((id, path)): Path<(i64, String)>,
) -> Result<Json<Value>> {
    let user = viewer.session.as_ref().map(|s| &s.user);
    let (g, reader) = super::reading(&app, id, user).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let c = Conversation::from_path(&v, &path)?;
    let messages = super::open_conversation(&app, &g, &reader, &c).await?;
    Ok(Json(json!({"powers": c.powers, "public": c.is_public(), "title": c.title(), "messages": messages})))
}

#[derive(Deserialize)]
struct Post {
    from: String,
    /// The other powers, or `["all"]`.
    to: Vec<String>,
    body: String,
}

async fn post(
    State(app): State<App>,
    Signed(s): Signed,
    Path(id): Path<i64>,
    Json(p): Json<Post>,
) -> Result<Json<store::Message>> {
    Ok(Json(send::send(&app, id, &s.user, Outgoing { from: &p.from, to: &p.to, body: &p.body }).await?))
}
