//! The press pages: a game's conversations with their unread counts and
//! the form to write, and one conversation's messages in time order (each
//! with the phase it was sent in) with the form to answer. Plain forms;
//! every text is escaped by the templates.

use super::conversation::Conversation;
use super::send::{self, Outgoing, MAX_CHARS};
use super::store::{self, Message};
use crate::auth::{check_csrf, Viewer};
use crate::error::Error;
use crate::games::{self, Game};
use crate::pages::{csrf_field, page, signed, PageResult};
use crate::secrecy::{self, Reader};
use crate::App;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect};
use axum::routing::get;
use axum::{Form, Router};
use maud::{html, Markup, PreEscaped};

pub fn routes() -> Router<App> {
    Router::new()
        .route("/games/{id}/press", get(list).post(post))
        .route("/games/{id}/press/{conversation}", get(conversation))
}

/// May the reader write in this game now (some power of his, press open)?
fn may_write(g: &Game, reader: &Reader) -> bool {
    !reader.powers.is_empty() && g.press.mode != super::Mode::None && !secrecy::ended(g)
}

fn header(g: &Game, title: &str) -> Markup {
    html! {
        h1 { (title) }
        p class="summary" {
            a href={ "/games/" (g.id) } { (g.name) } " · " (g.press.mode.describe())
            @if g.press.anonymous { " · anonymous" }
            @if g.press.private { " · private press stays private after the game" }
        }
    }
}

async fn list(State(app): State<App>, viewer: Viewer, Path(id): Path<i64>) -> PageResult {
    let user = viewer.session.as_ref().map(|s| &s.user);
    let (g, reader) = super::reading(&app, id, user).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let messages = store::visible(&app.db, &g, &reader).await?;
    let list = store::summaries(&app.db, &g, &reader, &messages).await?;
    let others: Vec<String> =
        v.power_ids().map(|p| v.power(p).name.clone()).filter(|p| !reader.powers.contains(p)).collect();
    let body = html! {
        (header(&g, &format!("Press — {}", g.name)))
        @if reader.powers.is_empty() && !secrecy::ended(&g) {
            p { "You play no power in this game: you read its public press only." }
        }
        h2 { "Conversations" }
        ul class="conversations" {
            @for c in &list {
                li {
                    a href={ "/games/" (id) "/press/" (c.path) } { (c.title) }
                    " — " (c.messages) " message" @if c.messages != 1 { "s" }
                    @if c.unread > 0 { " · " strong { (c.unread) " unread" } }
                }
            }
        }
        @if may_write(&g, &reader) {
            form method="post" action={ "/games/" (id) "/press" } class="press" {
                h2 { "New message" }
                (csrf_field(&viewer))
                (from_field(&reader.powers))
                @if g.press.mode == super::Mode::Public {
                    input type="hidden" name="to" value="all";
                    p { "To all the powers (this game has public press only)." }
                } @else {
                    fieldset {
                        legend { "To" }
                        label { input type="checkbox" name="to" value="all"; " All the powers (public)" }
                        @for p in &others { label { input type="checkbox" name="to" value=(p); " " (p) } }
                    }
                }
                (body_field())
                button { "Send" }
            }
        } @else if g.press.mode == super::Mode::None {
            p { "This game has no press: the judge's notices only." }
        }
    };
    let live = crate::events::page::live(&format!("/api/games/{id}/events"), &["ul.conversations"], &["form.press"]);
    Ok(page(&format!("Press — {}", g.name), &viewer, html! { (body) (PreEscaped(live)) }))
}

fn from_field(powers: &[String]) -> Markup {
    html! {
        @if let [one] = powers {
            input type="hidden" name="from" value=(one);
        } @else {
            label { "As " select name="from" { @for p in powers { option { (p) } } } }
        }
    }
}

fn body_field() -> Markup {
    html! { label { "Message " textarea name="body" rows="5" maxlength=(MAX_CHARS) required {} } }
}

async fn conversation(State(app): State<App>, viewer: Viewer, Path((id, path)): Path<(i64, String)>) -> PageResult {
    let user = viewer.session.as_ref().map(|s| &s.user);
    let (g, reader) = super::reading(&app, id, user).await?;
    let v = games::variant_of(&app.variants, &g)?;
    let c = Conversation::from_path(&v, &path)?;
    let messages = super::open_conversation(&app, &g, &reader, &c).await?;
    let mine: Vec<String> = reader.powers.iter().filter(|p| c.is_public() || c.powers.contains(p)).cloned().collect();
    let title = c.title();
    let body = html! {
        (header(&g, &title))
        p { a href={ "/games/" (id) "/press" } { "Every conversation" } }
        ol class="messages" aria-live="polite" data-conversation=(c.key()) {
            @for m in &messages { (message(m)) }
        }
        @if messages.is_empty() { p class="no-messages" { "No message yet." } }
        @if may_write(&g, &reader) && !mine.is_empty() {
            form method="post" action={ "/games/" (id) "/press" } class="press" {
                h2 { "Answer" }
                (csrf_field(&viewer))
                (from_field(&mine))
                @if c.is_public() { input type="hidden" name="to" value="all"; }
                @for p in &c.powers { input type="hidden" name="to" value=(p); }
                (body_field())
                button { "Send" }
            }
        }
    };
    let live = crate::events::page::live(&format!("/api/games/{id}/events"), &[], &[]);
    Ok(page(&title, &viewer, html! { (body) (PreEscaped(live)) }))
}

/// One message as a list item.
pub fn message(m: &Message) -> Markup {
    let from = m.from.as_deref().unwrap_or("The judge");
    html! {
        li class=(if m.from.is_none() { "notice" } else { "message" }) data-id=(m.id) {
            p class="meta" {
                strong { (from) } " · " (m.phase) " · "
                time class="sent" data-at=(m.sent_at / 1000) {
                    (polemarch_engine::game::record::utc_text(m.sent_at / 1000))
                }
            }
            p class="body" { (m.body) }
        }
    }
}

async fn post(
    State(app): State<App>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> PageResult {
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).unwrap_or("");
    check_csrf(&viewer, field("csrf"))?;
    let s = signed(&viewer)?;
    let to: Vec<String> = fields.iter().filter(|(k, _)| k == "to").map(|(_, v)| v.clone()).collect();
    if to.is_empty() {
        return Err(Error::bad("choose whom the message is to").into());
    }
    let m = send::send(&app, id, &s.user, Outgoing { from: field("from"), to: &to, body: field("body") }).await?;
    Ok(Redirect::to(&format!("/games/{id}/press/{}", m.conversation().path())).into_response())
}

/// The game page's link to its press, with the reader's unread count.
pub async fn game_link(app: &App, g: &Game, reader: &Reader) -> crate::error::Result<String> {
    let messages = store::visible(&app.db, g, reader).await?;
    let unread: usize = store::summaries(&app.db, g, reader, &messages).await?.iter().map(|s| s.unread).sum();
    Ok(html! {
        p class="press-link" {
            a href={ "/games/" (g.id) "/press" } { "Press" } " (" (g.press.mode.describe()) ")"
            @if unread > 0 { " · " strong { (unread) " unread" } }
        }
    }
    .into_string())
}

/// The new-game form's press choices.
pub fn create_fields() -> String {
    html! {
        label { "Press " select name="press" {
            @for m in [super::Mode::Full, super::Mode::Public, super::Mode::None, super::Mode::Rulebook] {
                option value=(m.word()) { (m.describe()) }
            }
        } }
        label {
            input type="checkbox" name="anonymous" value="1";
            " Anonymous (players' names hidden until the game ends; gunboat always is)"
        }
        label {
            input type="checkbox" name="press_private" value="1";
            " Keep private press private after the game ends"
        }
    }
    .into_string()
}
