//! The pages: plain HTML forms that work without JavaScript, a little CSS.
//! Every form carries its CSRF token; every POST answers with a redirect to
//! a page (or the page again with the error).

use crate::accounts;
use crate::auth::{check_csrf, csrf_cookie, enter, session_cookie, Viewer};
use crate::error::Error;
use crate::games::{self, NewGame};
use crate::judge::{self, Change};
use crate::views::{self, GameView};
use crate::App;
use axum::extract::{Path, State};
use axum::http::header::{CONTENT_TYPE, SET_COOKIE};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use serde::Deserialize;
use std::fmt::Write;

pub fn routes() -> Router<App> {
    Router::new()
        .route("/", get(home))
        .route("/style.css", get(style))
        .route("/signup", get(sign_up_page).post(sign_up))
        .route("/signin", get(sign_in_page).post(sign_in))
        .route("/signout", post(sign_out))
        .route("/games", post(create))
        .route("/join", post(join))
        .route("/games/{id}", get(game_page))
        .route("/games/{id}/orders/{power}", post(submit))
        .route("/games/{id}/gm", post(gm))
        .route("/games/{id}/phases/{n}", get(phase_page))
        .route("/games/{id}/phases/{n}/map.svg", get(map))
}

/// An error shown as a page.
pub(crate) struct PageError(Error);

impl From<Error> for PageError {
    fn from(e: Error) -> Self {
        PageError(e)
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let body = format!(
            "<h1>{}</h1><p class=error>{}</p><p><a href=\"javascript:history.back()\">Back</a> · <a href=\"/\">Home</a></p>",
            self.0.status,
            esc(&self.0.message)
        );
        (self.0.status, Html(layout("Error", None, &body))).into_response()
    }
}

pub(crate) type PageResult = Result<Response, PageError>;

pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A name as one segment of a path (percent-encoded but for letters and
/// digits).
pub(crate) fn path_segment(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

fn layout(title: &str, viewer: Option<&Viewer>, body: &str) -> String {
    let nav = match viewer.and_then(|v| v.session.as_ref()) {
        Some(s) => format!(
            "<span>{}</span> <form method=post action=/signout class=inline><input type=hidden name=csrf value=\"{}\"><button>Sign out</button></form>",
            esc(&s.user.name),
            esc(&s.csrf)
        ),
        None => "<a href=/signin>Sign in</a> <a href=/signup>Sign up</a>".into(),
    };
    format!(
        "<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content=\"width=device-width, initial-scale=1\">\
         <title>{} · polemarch</title><link rel=stylesheet href=/style.css></head><body><header><a href=/ class=brand>polemarch</a><nav>{nav}</nav></header><main>{body}</main></body></html>",
        esc(title)
    )
}

pub(crate) fn page(title: &str, viewer: &Viewer, body: &str) -> Response {
    Html(layout(title, Some(viewer), body)).into_response()
}

pub(crate) fn csrf_field(viewer: &Viewer) -> String {
    let token = viewer.session.as_ref().map(|s| s.csrf.clone()).or_else(|| viewer.csrf_cookie.clone()).unwrap_or_default();
    format!("<input type=hidden name=csrf value=\"{}\">", esc(&token))
}

async fn style() -> Response {
    ([(CONTENT_TYPE, "text/css")], include_str!("style.css")).into_response()
}

fn when(secs: i64) -> String {
    let left = secs - crate::db::now();
    let text = polemarch_engine::game::record::utc_text(secs);
    if left > 0 {
        format!("{text} (in {})", duration(left))
    } else {
        format!("{text} (passed)")
    }
}

pub(crate) fn duration(secs: i64) -> String {
    match secs {
        s if s >= 86_400 => format!("{}d {}h", s / 86_400, s % 86_400 / 3600),
        s if s >= 3600 => format!("{}h {}m", s / 3600, s % 3600 / 60),
        s if s >= 60 => format!("{}m", s / 60),
        s => format!("{s}s"),
    }
}

fn game_list(list: &[(i64, String, String, i64, String)], due: &std::collections::HashSet<i64>) -> String {
    if list.is_empty() {
        return "<p>None yet.</p>".into();
    }
    let mut out = String::from("<ul class=games>");
    for (id, name, variant, phase, status) in list {
        let due = if due.contains(id) { " · <strong class=due>your orders are due</strong>" } else { "" };
        let _ = write!(out, "<li><a href=/games/{id}>{}</a> — {} · phase {} · {}{due}</li>", esc(name), esc(variant), phase + 1, esc(status));
    }
    out + "</ul>"
}

async fn home(State(app): State<App>, viewer: Viewer) -> PageResult {
    let mut body = String::from("<h1>The polemarch web judge</h1>");
    match &viewer.session {
        None => {
            body += "<p>Play any variant polemarch knows, from invitation to victory. <a href=/signup>Sign up</a> or <a href=/signin>sign in</a> to create or join a game.</p><h2>Games to look at</h2>";
            body += &game_list(&games::public_games(&app.db).await?, &Default::default());
        }
        Some(s) => {
            body += "<h2>Your games</h2>";
            body += &game_list(&games::list_for(&app.db, s.user.id).await?, &views::orders_due(&app, s.user.id).await?);
            body += &crate::events::page::live("/api/events", &["ul.games"], &[]);
            let options: String = app.variants.list().iter().map(|(id, name)| format!("<option value=\"{}\">{}</option>", esc(id), esc(name))).collect();
            let _ = write!(
                body,
                "<section class=forms><form method=post action=/join><h2>Join a game</h2>{csrf}<label>Invite code <input name=code required maxlength=20></label><button>Join</button></form>\
                 <form method=post action=/games><h2>New game</h2>{csrf}<label>Name <input name=name required maxlength=80></label>\
                 <label>Variant <select name=variant>{options}</select></label><label>Deadline per phase (hours) <input name=hours type=number min=0.02 step=any value=24></label>\
                 <label>Seed (blank: random) <input name=seed inputmode=numeric></label><label><input type=checkbox name=public value=1> Anyone may watch</label>{press}<button>Create</button></form></section>",
                csrf = csrf_field(&viewer),
                press = crate::press::pages::create_fields()
            );
        }
    }
    Ok(page("Home", &viewer, &body))
}

fn credentials_form(action: &str, title: &str, viewer: &Viewer, error: Option<&str>) -> String {
    let error = error.map(|e| format!("<p class=error>{}</p>", esc(e))).unwrap_or_default();
    format!(
        "<h1>{title}</h1>{error}<form method=post action={action} class=narrow>{}<label>Name <input name=name required maxlength=32 autocomplete=username></label>\
         <label>Password <input name=password type=password required minlength=8 autocomplete={}></label><button>{title}</button></form>",
        csrf_field(viewer),
        if action == "/signup" { "new-password" } else { "current-password" }
    )
}

/// A form page before signing in: sets the anonymous CSRF cookie.
fn anonymous_form(app: &App, mut viewer: Viewer, action: &str, title: &str, error: Option<&str>, status: StatusCode) -> Response {
    let token = viewer.csrf_cookie.clone().unwrap_or_else(accounts::random_token);
    viewer.csrf_cookie = Some(token.clone());
    let body = credentials_form(action, title, &viewer, error);
    (status, [(SET_COOKIE, csrf_cookie(&token, app.secure_cookies))], page(title, &viewer, &body)).into_response()
}

async fn sign_up_page(State(app): State<App>, viewer: Viewer) -> Response {
    anonymous_form(&app, viewer, "/signup", "Sign up", None, StatusCode::OK)
}

async fn sign_in_page(State(app): State<App>, viewer: Viewer) -> Response {
    anonymous_form(&app, viewer, "/signin", "Sign in", None, StatusCode::OK)
}

#[derive(Deserialize)]
struct CredentialsForm {
    csrf: String,
    name: String,
    password: String,
}

async fn sign_up(State(app): State<App>, viewer: Viewer, Form(f): Form<CredentialsForm>) -> PageResult {
    credentials(app, viewer, f, true).await
}

async fn sign_in(State(app): State<App>, viewer: Viewer, Form(f): Form<CredentialsForm>) -> PageResult {
    credentials(app, viewer, f, false).await
}

/// Signs up (`new`) or in, then home; or the form again with the error.
async fn credentials(app: App, viewer: Viewer, f: CredentialsForm, new: bool) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    match enter(&app, &viewer.ip, &f.name, &f.password, new).await {
        Ok(s) => Ok(([(SET_COOKIE, session_cookie(&s.token, app.secure_cookies))], Redirect::to("/")).into_response()),
        Err(e) if new => Ok(anonymous_form(&app, viewer, "/signup", "Sign up", Some(&e.message), e.status)),
        Err(e) => Ok(anonymous_form(&app, viewer, "/signin", "Sign in", Some(&e.message), e.status)),
    }
}

#[derive(Deserialize)]
struct CsrfOnly {
    csrf: String,
}

async fn sign_out(State(app): State<App>, viewer: Viewer, Form(f): Form<CsrfOnly>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    if let Some(s) = &viewer.session {
        accounts::end_session(&app.writer, &s.token).await?;
    }
    Ok(([(SET_COOKIE, session_cookie("", app.secure_cookies))], Redirect::to("/")).into_response())
}

pub(crate) fn signed(viewer: &Viewer) -> Result<&accounts::Session, PageError> {
    viewer.session.as_ref().ok_or(PageError(Error::unauthorized()))
}

#[derive(Deserialize)]
struct CreateForm {
    csrf: String,
    name: String,
    variant: String,
    hours: String,
    #[serde(default)]
    seed: String,
    #[serde(default)]
    public: Option<String>,
    #[serde(default)]
    press: String,
    #[serde(default)]
    anonymous: Option<String>,
    #[serde(default)]
    press_private: Option<String>,
}

async fn create(State(app): State<App>, viewer: Viewer, Form(f): Form<CreateForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    let hours: f64 = f.hours.trim().parse().map_err(|_| Error::bad(format!("the deadline `{}` is not a number of hours", f.hours)))?;
    let seed = match f.seed.trim() {
        "" => None,
        t => Some(t.parse().map_err(|_| Error::bad(format!("the seed `{t}` is not a whole number from 0 to {}", u64::MAX)))?),
    };
    let press = crate::press::Rules::new(&f.press, f.anonymous.is_some(), f.press_private.is_some())?;
    let new = NewGame { name: f.name, variant: f.variant, deadline_secs: (hours * 3600.0).round() as i64, seed, public: f.public.is_some(), press };
    let id = games::create(&app.writer, &app.variants, s.user.id, new).await?;
    Ok(Redirect::to(&format!("/games/{id}")).into_response())
}

#[derive(Deserialize)]
struct JoinForm {
    csrf: String,
    code: String,
}

async fn join(State(app): State<App>, viewer: Viewer, Form(f): Form<JoinForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    let id = games::join(&app.writer, s.user.id, &f.code).await?;
    Ok(Redirect::to(&format!("/games/{id}")).into_response())
}

async fn game_page(State(app): State<App>, viewer: Viewer, Path(id): Path<i64>) -> PageResult {
    let user = viewer.session.as_ref().map(|s| s.user.clone());
    let view = views::game_view(&app, id, user.as_ref()).await?;
    let g = games::load(&app.db, id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let mut body = format!("<h1>{}</h1>{}", esc(&view.name), summary(&view));
    body += &crate::press::pages::game_link(&app, &g, &crate::secrecy::Reader::of(&app.db, &g, user.as_ref()).await?).await?;
    let last = view.phases.len() - 1;
    let _ = write!(body, "<figure class=map><img src=/games/{id}/phases/{last}/map.svg alt=\"The map of {}\"></figure>", esc(&view.phase));
    for power in &view.my_powers {
        let o = views::orders_view(&app, &g, &v, power).await?;
        body += &orders_form(&viewer, &view, &o, judge::adjusting(&v, &g.record));
    }
    body += &seats_table(&view);
    body += &crate::mail::pages::game_form(&app, &viewer, id).await?;
    if view.game_master {
        body += &gm_panel(&viewer, &view);
    }
    body += "<h2>History</h2><ol class=phases>";
    for (i, name, processed) in view.phases.iter().rev() {
        let state = if *processed { "" } else { " (current)" };
        let _ = write!(body, "<li value={}><a href=/games/{id}/phases/{i}>{}</a>{state}</li>", i + 1, esc(name));
    }
    let _ = write!(body, "</ol><p>Download the record: <a href=/api/games/{id}/record>polemarch record</a> · <a href=/api/games/{id}/mila>MILA JSON</a></p>");
    if !view.my_powers.is_empty() {
        body += concat!("<script>", include_str!("check.js"), "</script>");
    }
    body += &crate::events::page::game(id);
    Ok(page(&view.name, &viewer, &body))
}

fn summary(view: &GameView) -> String {
    let mut s = format!("<p class=summary>{} · seed {} · <b>{}</b> · ", esc(&view.variant_name), esc(&view.seed), esc(&view.phase));
    match (&view.result, view.status.as_str()) {
        (Some(r), _) => s += &format!("the game is over: {}", esc(r)),
        (None, "paused") => s += &format!("paused ({} left when resumed)", duration(view.paused_left.unwrap_or(view.deadline_secs))),
        (None, _) => s += &view.deadline_at.map(|d| format!("deadline <time class=deadline data-at={d}>{}</time>", when(d))).unwrap_or_default(),
    }
    s += &format!(
        " · {} per phase · {}{}</p>",
        duration(view.deadline_secs),
        view.press.mode.describe(),
        if view.press.anonymous { " · anonymous" } else { "" }
    );
    if let Some(code) = &view.invite_code {
        s += &format!("<p>Invite code: <code class=code>{}</code> (players join with it from their home page)</p>", esc(code));
    }
    s
}

fn orders_form(viewer: &Viewer, view: &GameView, o: &views::OrdersView, adjusting: bool) -> String {
    let id = view.id;
    let power = esc(&o.power);
    let mut s = format!("<section class=orders><h2>Orders of {power} for {}</h2>", esc(&o.phase));
    if !view.to_order.contains(&o.power) {
        s += "<p>Nothing to order in this phase.</p>";
    }
    if !o.orders.is_empty() {
        s += "<ul class=verdicts>";
        for line in &o.orders {
            let status = format!("{:?}", line.status).to_lowercase();
            let shown = line.order.as_deref().unwrap_or(&line.text);
            let reason = line.reason.as_deref().map(|r| format!(" — {}", esc(r))).unwrap_or_default();
            let _ = write!(s, "<li class={status}><b>{status}</b> {}{reason}</li>", esc(shown));
        }
        s += "</ul>";
    }
    let in_force =
        if o.in_force.is_empty() { "nothing (units hold, retreats disband, adjustments by the rules)".to_string() } else { esc(&o.in_force.join(", ")) };
    let segment = path_segment(&o.power);
    let hint = if adjusting { "One build, disband or WAIVE a line." } else { "One order a line, in the judge notation (A par - bur, F lon S F nth, A mun H)." };
    let _ = write!(
        s,
        "<p>In force: {in_force}</p><form method=post action=\"/games/{id}/orders/{segment}\">{}<input type=hidden name=phase_index value={}><textarea name=orders rows=8 cols=50 placeholder=\"{hint}\" data-check=\"/api/games/{id}/check/{segment}\">{}</textarea><ul class=\"verdicts live\" aria-live=polite></ul>\
         <label><input type=checkbox name=ready value=1{}> Ready (process the phase when every power is ready)</label><button>Submit</button></form></section>",
        csrf_field(viewer),
        view.phase_index,
        esc(&o.text),
        if o.ready { " checked" } else { "" }
    );
    s
}

fn seats_table(view: &GameView) -> String {
    let mut s = String::from("<h2>Powers</h2><table class=seats><tr><th>Power</th><th>Player</th><th>Stand-in bot</th><th>Ready</th></tr>");
    for seat in &view.seats {
        let ready = if !view.to_order.contains(&seat.power) {
            "—"
        } else if seat.ready {
            "ready"
        } else {
            ""
        };
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{ready}</td></tr>",
            esc(&seat.power),
            esc(seat.user.as_deref().unwrap_or("nobody")),
            esc(seat.bot.as_deref().unwrap_or(""))
        );
    }
    s + "</table>"
}

fn gm_panel(viewer: &Viewer, view: &GameView) -> String {
    let id = view.id;
    let csrf = csrf_field(viewer);
    let powers: String = view.seats.iter().map(|s| format!("<option>{}</option>", esc(&s.power))).collect();
    let members: String = view.members.iter().map(|m| format!("<option>{}</option>", esc(m))).collect();
    let pause = if view.status == "paused" { "resume" } else { "pause" };
    format!(
        "<section class=gm><h2>Game master</h2>\
         <form method=post action=/games/{id}/gm>{csrf}<input type=hidden name=action value=seat><label>Power <select name=power>{powers}</select></label>\
         <label>Player <select name=user><option value=\"\">nobody</option>{members}</select></label><button>Assign</button></form>\
         <form method=post action=/games/{id}/gm>{csrf}<input type=hidden name=action value=bot><label>Power <select name=power>{powers}</select></label>\
         <label>Stand-in <select name=bot><option value=none>no bot</option><option>greedy</option><option>random</option></select></label><button>Set bot</button></form>\
         <form method=post action=/games/{id}/gm>{csrf}<input type=hidden name=action value=extend><label>Extend the deadline by (hours) <input name=hours type=number min=0.02 step=any value=24></label><button>Extend</button></form>\
         <form method=post action=/games/{id}/gm class=inline>{csrf}<input type=hidden name=action value={pause}><button>{}</button></form>\
         <form method=post action=/games/{id}/gm class=inline>{csrf}<input type=hidden name=action value=process><input type=hidden name=phase_index value={}><button>Process the phase now</button></form></section>",
        if pause == "pause" { "Pause" } else { "Resume" },
        view.phase_index
    )
}

#[derive(Deserialize)]
struct OrdersForm {
    csrf: String,
    /// The phase the form showed: orders are for it, never the next.
    phase_index: i64,
    orders: String,
    #[serde(default)]
    ready: Option<String>,
}

async fn submit(State(app): State<App>, viewer: Viewer, Path((id, power)): Path<(i64, String)>, Form(f): Form<OrdersForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    app.limits.submission(s.user.id)?;
    judge::submit(&app, id, &s.user, &power, f.phase_index, &f.orders, Some(f.ready.is_some())).await?;
    Ok(Redirect::to(&format!("/games/{id}")).into_response())
}

#[derive(Deserialize)]
struct GmForm {
    csrf: String,
    action: String,
    #[serde(default)]
    power: String,
    #[serde(default)]
    user: String,
    #[serde(default)]
    bot: String,
    #[serde(default)]
    hours: String,
    /// The phase the page showed (for `process`).
    #[serde(default)]
    phase_index: Option<i64>,
}

async fn gm(State(app): State<App>, viewer: Viewer, Path(id): Path<i64>, Form(f): Form<GmForm>) -> PageResult {
    check_csrf(&viewer, &f.csrf)?;
    let s = signed(&viewer)?;
    let g = games::load(&app.db, id).await?;
    games::must_be_gm(&g, s.user.id)?;
    match f.action.as_str() {
        "seat" => {
            let holder = games::seat_holder(&app.db, &g, Some(&f.user)).await?;
            judge::change(&app, id, &s.user, Change::Seat(f.power, holder)).await?
        }
        "bot" => judge::change(&app, id, &s.user, Change::Bot(f.power, Some(f.bot))).await?,
        "pause" => judge::change(&app, id, &s.user, Change::Pause).await?,
        "resume" => judge::change(&app, id, &s.user, Change::Resume).await?,
        "extend" => {
            let hours: f64 = f.hours.trim().parse().map_err(|_| Error::bad(format!("`{}` is not a number of hours", f.hours)))?;
            judge::change(&app, id, &s.user, Change::Extend((hours * 3600.0).round() as i64)).await?
        }
        "process" => {
            let phase_index = f.phase_index.ok_or_else(|| Error::bad("the form does not say which phase to process: reload the page"))?;
            judge::process_now(&app, id, &s.user, phase_index).await?;
        }
        other => return Err(Error::bad(format!("unknown action `{other}`")).into()),
    }
    Ok(Redirect::to(&format!("/games/{id}")).into_response())
}

async fn phase_page(State(app): State<App>, viewer: Viewer, Path((id, n)): Path<(i64, usize)>) -> PageResult {
    let g = games::load(&app.db, id).await?;
    games::may_view(&app.db, &g, viewer.session.as_ref().map(|s| s.user.id)).await?;
    let p = views::phase_view(&g, n)?;
    let mut body = format!("<h1>{} — {}</h1><p><a href=/games/{id}>Back to the game</a>", esc(&g.name), esc(&p.phase));
    if n > 0 {
        let _ = write!(body, " · <a href=/games/{id}/phases/{}>previous phase</a>", n - 1);
    }
    if n + 1 < g.record.phases.len() {
        let _ = write!(body, " · <a href=/games/{id}/phases/{}>next phase</a>", n + 1);
    }
    let _ = write!(body, "</p><figure class=map><img src=/games/{id}/phases/{n}/map.svg alt=\"The map of {}\"></figure>", esc(&p.phase));
    if p.processed {
        body += "<table class=results><tr><th>Power</th><th>Order</th><th>Result</th><th>Reason</th></tr>";
        for r in &p.results {
            let _ = write!(
                body,
                "<tr class={}><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&r.result.to_lowercase()),
                esc(&r.power),
                esc(&r.order),
                esc(&r.result),
                esc(&r.reason)
            );
        }
        body += "</table>";
    } else {
        body += "<p>This phase is not processed yet: its orders are secret until it is.</p>";
    }
    Ok(page(&p.phase, &viewer, &body))
}

async fn map(State(app): State<App>, viewer: Viewer, Path((id, n)): Path<(i64, usize)>) -> PageResult {
    let g = games::load(&app.db, id).await?;
    games::may_view(&app.db, &g, viewer.session.as_ref().map(|s| s.user.id)).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let svg = tokio::task::spawn_blocking(move || views::map_svg(&v, &app.variants.board(&v), &g, n)).await.map_err(|e| Error::internal(e.to_string()))??;
    Ok(([(CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}
