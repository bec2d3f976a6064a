//! The demo game: on a database with no game, a public game of standard
//! whose seven powers bots play, a few phases already processed, paused so
//! that it stays as it is to be looked at.

use crate::error::Result;
use crate::games::{self, NewGame};
use crate::judge::{self, Cause, Change};
use crate::App;
use polemarch_engine::game;
use polemarch_engine::variant::PhaseKind;
use sqlx::Row;

/// Phases the bots play at least before the demo is shown (then on to the
/// next movement phase, so that it opens on one).
pub const PHASES: i64 = 4;

/// Makes the demo game if the database has no game; its id.
pub async fn ensure(app: &App) -> Result<Option<i64>> {
    let count: i64 = sqlx::query("SELECT COUNT(*) FROM games").fetch_one(&app.db).await?.try_get(0)?;
    if count > 0 {
        return Ok(None);
    }
    let gm = match crate::accounts::user_named(&app.db, "demo").await {
        Ok(u) => u,
        // Nobody signs in as the demo's game master: its password is
        // random, and sign-up refuses its name (accounts::RESERVED).
        Err(_) => crate::accounts::create(&app.writer, "demo", &crate::accounts::random_token()).await?,
    };
    let new = NewGame { name: "Demo: standard, played by bots".into(), variant: "standard".into(), deadline_secs: 86_400, seed: Some(1901), public: true };
    let id = games::create(&app.writer, &app.variants, gm.id, new).await?;
    let g = games::load(&app.db, id).await?;
    let v = games::variant_of(&app.variants, &g)?;
    for p in v.power_ids() {
        judge::change(app, id, &gm, Change::Bot(v.power(p).name.clone(), Some("greedy".into()))).await?;
    }
    for _ in 0..2 * PHASES {
        let g = games::load(&app.db, id).await?;
        let moving = game::current(&v, &g.record).is_ok_and(|pos| v.calendar.kind(pos.phase) == PhaseKind::Movement);
        if g.phase_index >= PHASES && moving {
            break;
        }
        judge::process(app, id, g.phase_index, Cause::GameMaster).await?;
    }
    judge::change(app, id, &gm, Change::Pause).await?;
    Ok(Some(id))
}
