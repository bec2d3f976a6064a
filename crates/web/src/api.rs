//! The JSON API (docs/api.md). Every POST has a JSON body
//! (`Content-Type: application/json`, which a cross-site form cannot send,
//! so the session cookie is safe to use here; a POST without it is refused
//! before anything else); a client without cookies sends
//! `Authorization: Bearer <token>`.

use crate::accounts::{self, User};
use crate::auth::{enter, session_cookie, Signed, Viewer};
use crate::draws;
use crate::error::{Error, Result};
use crate::games::{self, NewGame};
use crate::judge::{self, Change};
use crate::views;
use crate::App;
use axum::extract::{Path, State};
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

pub fn routes() -> Router<App> {
    Router::new()
        .route("/variants", get(variants))
        .route("/signup", post(sign_up))
        .route("/signin", post(sign_in))
        .route("/signout", post(sign_out))
        .route("/me", get(me))
        .route("/me/password", post(change_password))
        .route("/me/delete", post(delete_account))
        .route("/users/{name}", get(profile))
        .route("/games", get(my_games).post(create))
        .route("/join", post(join))
        .route("/games/{id}", get(game))
        .route("/games/{id}/seats", post(seat))
        .route("/games/{id}/pause", post(pause))
        .route("/games/{id}/resume", post(resume))
        .route("/games/{id}/extend", post(extend))
        .route("/games/{id}/process", post(process_now))
        .route("/games/{id}/draw", post(declare_draw))
        .route("/lobby", get(lobby))
        .route("/games/{id}/take", post(take))
        .route("/games/{id}/start", post(start))
        .route("/games/{id}/vote/{power}", post(vote))
        .route("/games/{id}/orders/{power}", get(orders).post(submit))
        .route("/games/{id}/check/{power}", post(check))
        .route("/games/{id}/legal/{power}", get(crate::map_api::legal))
        .route("/games/{id}/draft/{power}", post(crate::map_api::draft))
        .route("/games/{id}/ready/{power}", post(ready))
        .route("/games/{id}/phases/{n}", get(phase))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/mila", get(mila))
        .merge(crate::press::api::routes())
        .merge(crate::events::stream::routes())
        .merge(crate::mail::pages::api_routes())
        .layer(axum::middleware::from_fn(json_posts_only))
}

/// A POST must say its body is JSON: a cross-site form (which a browser
/// sends with the session cookie) cannot, so it changes nothing.
async fn json_posts_only(mut req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let json = req
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|t| t.split(';').next().unwrap_or("").trim().eq_ignore_ascii_case("application/json"));
    if req.method() == axum::http::Method::POST && !json {
        return Error::new(
            axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "an API POST has a JSON body, sent with `Content-Type: application/json`",
        )
        .into_response();
    }
    if json {
        // As the extractor reads it (`application/json ; charset=utf-8`,
        // a space before the `;`, is JSON too; JSON is UTF-8 whatever it says).
        req.headers_mut()
            .insert(axum::http::header::CONTENT_TYPE, axum::http::HeaderValue::from_static("application/json"));
    }
    next.run(req).await
}

async fn variants(State(app): State<App>) -> Json<Value> {
    Json(json!(app.variants.list().into_iter().map(|(id, name)| json!({"id": id, "name": name})).collect::<Vec<_>>()))
}

#[derive(Deserialize)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

fn signed_in(app: &App, session: &accounts::Session) -> Response {
    let body = Json(json!({"user": session.user, "token": session.token}));
    ([(SET_COOKIE, session_cookie(&session.token, app.secure_cookies))], body).into_response()
}

async fn sign_up(State(app): State<App>, viewer: Viewer, Json(c): Json<Credentials>) -> Result<Response> {
    Ok(signed_in(&app, &enter(&app, &viewer.ip, &c.name, &c.password, true).await?))
}

async fn sign_in(State(app): State<App>, viewer: Viewer, Json(c): Json<Credentials>) -> Result<Response> {
    Ok(signed_in(&app, &enter(&app, &viewer.ip, &c.name, &c.password, false).await?))
}

async fn sign_out(State(app): State<App>, Signed(s): Signed) -> Result<Response> {
    accounts::end_session(&app.writer, &s.token).await?;
    Ok(([(SET_COOKIE, session_cookie("", app.secure_cookies))], Json(json!({"signed_out": true}))).into_response())
}

async fn profile(
    State(app): State<App>,
    viewer: Viewer,
    Path(name): Path<String>,
) -> Result<Json<crate::profiles::Profile>> {
    Ok(Json(crate::profiles::profile(&app, &name, viewer.session.as_ref().map(|s| &s.user)).await?))
}

#[derive(Deserialize)]
struct NewPassword {
    current: String,
    new: String,
}

async fn change_password(State(app): State<App>, Signed(s): Signed, Json(p): Json<NewPassword>) -> Result<Json<Value>> {
    crate::profiles::change_password(&app, &s.user, &p.current, &p.new).await?;
    Ok(Json(json!({"changed": true})))
}

#[derive(Deserialize)]
struct Deletion {
    password: String,
}

async fn delete_account(State(app): State<App>, Signed(s): Signed, Json(d): Json<Deletion>) -> Result<Response> {
    let freed = crate::profiles::delete_account(&app, &s.user, &d.password).await?;
    Ok((
        [(SET_COOKIE, session_cookie("", app.secure_cookies))],
        Json(json!({"deleted": true, "games_with_seats_freed": freed})),
    )
        .into_response())
}

async fn me(Signed(s): Signed) -> Json<User> {
    Json(s.user)
}

async fn my_games(State(app): State<App>, Signed(s): Signed) -> Result<Json<Vec<games::GameSummary>>> {
    Ok(Json(crate::lobby::mark_due(&app, &s.user, games::list_for(&app.db, s.user.id).await?).await?))
}

async fn lobby(State(app): State<App>) -> Result<Json<Vec<crate::lobby::Waiting>>> {
    Ok(Json(crate::lobby::list(&app).await?))
}

#[derive(Deserialize)]
struct Take {
    /// A free power, or "any".
    power: String,
}

async fn take(
    State(app): State<App>,
    Signed(s): Signed,
    Path(id): Path<i64>,
    Json(t): Json<Take>,
) -> Result<Json<Value>> {
    crate::lobby::take(&app, id, &s.user, &t.power).await?;
    let g = games::load(&app.db, id).await?;
    Ok(Json(json!(crate::lobby::waiting(&app, &g).await?)))
}

async fn start(State(app): State<App>, Signed(s): Signed, Path(id): Path<i64>) -> Result<Json<Value>> {
    let dealt = crate::lobby::start(&app, id, &s.user).await?;
    Ok(Json(json!({"started": true, "dealt": dealt.len()})))
}

#[derive(Deserialize)]
struct Create {
    name: String,
    variant: String,
    /// Seconds per phase.
    deadline_secs: i64,
    seed: Option<u64>,
    #[serde(default)]
    public: bool,
    /// `full` (left out), `public`, `none` (gunboat) or `rulebook`.
    #[serde(default)]
    press: String,
    #[serde(default)]
    anonymous: bool,
    /// Private press stays private once the game ends.
    #[serde(default)]
    press_private: bool,
    /// Draw votes and concessions shown to all (default: secret).
    #[serde(default)]
    draw_votes_shown: bool,
    /// Opens in the lobby: public, players take seats, the game master starts it.
    #[serde(default)]
    lobby: bool,
}

async fn create(State(app): State<App>, Signed(s): Signed, Json(c): Json<Create>) -> Result<Json<Value>> {
    app.limits.new_game(s.user.id)?;
    let press = crate::press::Rules::new(&c.press, c.anonymous, c.press_private)?;
    let new = NewGame {
        name: c.name,
        variant: c.variant,
        deadline_secs: c.deadline_secs,
        seed: c.seed,
        public: c.public,
        press,
        votes_shown: c.draw_votes_shown,
        lobby: c.lobby,
    };
    let id = games::create(&app.writer, &app.variants, s.user.id, new).await?;
    let g = games::load(&app.db, id).await?;
    Ok(Json(json!({"id": id, "invite_code": g.invite_code, "seed": g.seed})))
}

#[derive(Deserialize)]
struct Join {
    code: String,
}

async fn join(State(app): State<App>, Signed(s): Signed, Json(j): Json<Join>) -> Result<Json<Value>> {
    app.limits.join(s.user.id)?;
    let id = games::join(&app.writer, s.user.id, &j.code).await?;
    Ok(Json(json!({"id": id})))
}

async fn game(State(app): State<App>, viewer: Viewer, Path(id): Path<i64>) -> Result<Json<views::GameView>> {
    Ok(Json(views::game_view(&app, id, viewer.session.as_ref().map(|s| &s.user)).await?))
}

#[derive(Deserialize)]
struct SeatChange {
    power: String,
    /// Give the power to this member (null or "": nobody). Left out: the
    /// player is left as it is.
    #[serde(default, deserialize_with = "some")]
    user: Option<Option<String>>,
    /// Set the bot that stands in ("greedy", "random"; null or "none": no
    /// bot). Left out: the bot is left as it is.
    #[serde(default, deserialize_with = "some")]
    bot: Option<Option<String>>,
}

fn some<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Option<Option<String>>, D::Error> {
    Ok(Some(Option::deserialize(d)?))
}

async fn seat(
    State(app): State<App>,
    Signed(s): Signed,
    Path(id): Path<i64>,
    Json(c): Json<SeatChange>,
) -> Result<Json<Value>> {
    let g = games::load(&app.db, id).await?;
    games::must_be_gm(&g, s.user.id)?;
    app.limits.seat(s.user.id)?;
    if let Some(bot) = c.bot {
        judge::change(&app, id, &s.user, Change::Bot(c.power.clone(), bot)).await?;
    }
    if let Some(user) = c.user {
        let holder = games::seat_holder(&app.db, &g, user.as_deref()).await?;
        judge::change(&app, id, &s.user, Change::Seat(c.power.clone(), holder)).await?;
    }
    Ok(Json(json!(views::game_view(&app, id, Some(&s.user)).await?.seats)))
}

async fn pause(State(app): State<App>, Signed(s): Signed, Path(id): Path<i64>) -> Result<Json<Value>> {
    judge::change(&app, id, &s.user, Change::Pause).await?;
    Ok(Json(json!({"status": "paused"})))
}

async fn resume(State(app): State<App>, Signed(s): Signed, Path(id): Path<i64>) -> Result<Json<Value>> {
    judge::change(&app, id, &s.user, Change::Resume).await?;
    Ok(Json(json!({"status": "active"})))
}

#[derive(Deserialize)]
struct Extend {
    seconds: i64,
}

async fn extend(
    State(app): State<App>,
    Signed(s): Signed,
    Path(id): Path<i64>,
    Json(e): Json<Extend>,
) -> Result<Json<Value>> {
    judge::change(&app, id, &s.user, Change::Extend(e.seconds)).await?;
    let g = games::load(&app.db, id).await?;
    Ok(Json(json!({"deadline_at": g.deadline_at, "paused_left": g.paused_left})))
}

#[derive(Deserialize)]
struct VoteBody {
    /// `draw`, `concede` (with `to`), or null to withdraw.
    vote: Option<String>,
    #[serde(default)]
    to: Option<String>,
}

async fn vote(
    State(app): State<App>,
    Signed(s): Signed,
    Path((id, power)): Path<(i64, String)>,
    Json(b): Json<VoteBody>,
) -> Result<Json<Value>> {
    app.limits.submission(s.user.id)?;
    let vote = match (b.vote.as_deref(), b.to) {
        (None, _) => None,
        (Some("draw"), _) => Some(draws::Vote::Draw),
        (Some("concede"), Some(to)) => Some(draws::Vote::Concede(to)),
        (Some("concede"), None) => return Err(Error::bad("a concession says to whom: `\"to\": \"France\"`")),
        (Some(other), _) => {
            return Err(Error::bad(format!("`{other}` is no vote (expected \"draw\", \"concede\" or null)")))
        }
    };
    let shown = vote.as_ref().map(draws::Vote::text);
    let result = draws::vote(&app, id, &s.user, &power, vote).await?;
    Ok(Json(json!({"vote": shown, "result": result})))
}

async fn declare_draw(State(app): State<App>, Signed(s): Signed, Path(id): Path<i64>) -> Result<Json<Value>> {
    Ok(Json(json!({"result": draws::declare_draw(&app, id, &s.user).await?})))
}

/// The phase a request is for (the current one, as the client last saw it).
#[derive(Deserialize)]
struct ForPhase {
    phase_index: i64,
}

async fn process_now(
    State(app): State<App>,
    Signed(s): Signed,
    Path(id): Path<i64>,
    Json(p): Json<ForPhase>,
) -> Result<Json<Value>> {
    Ok(Json(json!({"processed": judge::process_now(&app, id, &s.user, p.phase_index).await?})))
}

/// The power's submission for the current phase: its own player only.
async fn orders(
    State(app): State<App>,
    Signed(s): Signed,
    Path((id, power)): Path<(i64, String)>,
) -> Result<Json<Value>> {
    let g = games::load(&app.db, id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let name = judge::authorise_power(&app.db, &g, &v, &power, &s.user).await?;
    Ok(Json(json!(views::orders_view(&app, &g, &v, &name).await?)))
}

#[derive(Deserialize)]
struct Orders {
    phase_index: i64,
    orders: String,
    #[serde(default)]
    ready: Option<bool>,
}

async fn submit(
    State(app): State<App>,
    Signed(s): Signed,
    Path((id, power)): Path<(i64, String)>,
    Json(o): Json<Orders>,
) -> Result<Json<judge::Submitted>> {
    app.limits.submission(s.user.id)?;
    Ok(Json(judge::submit(&app, id, &s.user, &power, o.phase_index, &o.orders, o.ready).await?))
}

/// The verdicts a submission would get, nothing kept.
async fn check(
    State(app): State<App>,
    Signed(s): Signed,
    Path((id, power)): Path<(i64, String)>,
    Json(o): Json<Orders>,
) -> Result<Json<Value>> {
    app.limits.check(&format!("check {}", s.user.id), app.limits.settings.submissions_per_minute)?;
    let checked = judge::check(&app, id, &s.user, &power, o.phase_index, &o.orders).await?;
    let verdicts = views::verdicts(&checked.orders, &checked.in_force);
    Ok(Json(json!({"orders": checked.orders, "in_force": checked.in_force, "verdicts": verdicts})))
}

#[derive(Deserialize)]
struct Ready {
    phase_index: i64,
    ready: bool,
}

async fn ready(
    State(app): State<App>,
    Signed(s): Signed,
    Path((id, power)): Path<(i64, String)>,
    Json(r): Json<Ready>,
) -> Result<Json<Value>> {
    app.limits.submission(s.user.id)?;
    let processed = judge::set_ready(&app, id, &s.user, &power, r.phase_index, r.ready).await?;
    Ok(Json(json!({"ready": r.ready, "processed": processed})))
}

async fn phase(
    State(app): State<App>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, usize)>,
) -> Result<Json<views::PhaseView>> {
    let g = games::load(&app.db, id).await?;
    games::may_view(&app.db, &g, viewer.session.as_ref().map(|s| s.user.id)).await?;
    Ok(Json(views::phase_view(&g, n)?))
}

async fn record(State(app): State<App>, viewer: Viewer, Path(id): Path<i64>) -> Result<Response> {
    let (g, reader) = crate::press::reading(&app, id, viewer.session.as_ref().map(|s| &s.user)).await?;
    Ok(views::download(&format!("game-{id}.json"), &crate::press::record_for(&app, &g, &reader).await?))
}

async fn mila(State(app): State<App>, viewer: Viewer, Path(id): Path<i64>) -> Result<Response> {
    let (g, reader) = crate::press::reading(&app, id, viewer.session.as_ref().map(|s| &s.user)).await?;
    let v = games::variant_of(&app.variants, &g)?;
    // A record that does not export is the server's fault (500), by kind.
    let json = polemarch_engine::replay::export_mila(&v, &crate::press::record_for(&app, &g, &reader).await?)?;
    Ok(views::download(&format!("game-{id}-mila.json"), &json))
}
