//! Ending a game by agreement: each surviving power's standing vote for a
//! draw of every survivor (DIAS) or its concession to another power, and
//! the game master's declared draw (as `polemarch game draw`). A draw all
//! survivors vote for ends the game drawn between them; a concession every
//! other survivor makes to one power ends it with that power's win. The
//! result goes into the game's record (its `result`, which `game show` and
//! the record's download read), and the game is over. Who voted what is
//! shown to all only in a game created so (`votes_shown`); else each sees
//! only their own vote.
//!
//! The notice of the result (issue 25's notices) is posted after merge: it
//! is not on this branch.

use crate::accounts::User;
use crate::error::{Error, Result};
use crate::games::{self, Game, Status};
use crate::judge;
use crate::App;
use polemarch_engine::game::{self, record::GameResult};
use polemarch_engine::Variant;

/// A power's standing vote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Vote {
    /// A draw of every surviving power.
    Draw,
    /// Concedes the game to this power.
    Concede(String),
}

impl Vote {
    /// As kept in `seats.vote` and shown: `draw`, `concede France`.
    pub fn text(&self) -> String {
        match self {
            Vote::Draw => "draw".into(),
            Vote::Concede(p) => format!("concede {p}"),
        }
    }

    pub fn read(text: &str) -> Option<Vote> {
        match text.split_once(' ') {
            None if text == "draw" => Some(Vote::Draw),
            Some(("concede", p)) => Some(Vote::Concede(p.to_string())),
            _ => None,
        }
    }
}

/// The surviving powers of the game's current position, by name.
fn survivors(v: &Variant, g: &Game) -> Result<Vec<String>> {
    let pos = game::current(v, &g.record)?;
    Ok(game::survivors(v, &pos).into_iter().map(|p| v.power(p).name.clone()).collect())
}

/// What the votes come to: the result they agree on, if they do.
pub fn agreed(survivors: &[String], votes: &[(String, Vote)]) -> Option<GameResult> {
    let vote_of = |p: &String| votes.iter().find(|(q, _)| q == p).map(|(_, v)| v);
    if !survivors.is_empty() && survivors.iter().all(|p| vote_of(p) == Some(&Vote::Draw)) {
        return Some(GameResult::Draw(survivors.to_vec()));
    }
    survivors.iter().find_map(|winner| {
        let others: Vec<&String> = survivors.iter().filter(|p| *p != winner).collect();
        let all = !others.is_empty() && others.iter().all(|p| vote_of(p) == Some(&Vote::Concede(winner.clone())));
        all.then(|| GameResult::Solo(winner.clone()))
    })
}

fn must_be_running(g: &Game) -> Result<()> {
    if g.status == Status::Over || g.record.result.is_some() {
        return Err(Error::conflict("the game is over"));
    }
    Ok(())
}

/// `user`'s power `power` votes `vote` (None: withdraws its vote). The
/// game's result, when this vote completed an agreement.
pub async fn vote(app: &App, game_id: i64, user: &User, power: &str, vote: Option<Vote>) -> Result<Option<String>> {
    for _ in 0..20 {
        let _turn = app.game_turn(game_id).await;
        let g = games::load_cached(app, game_id).await?;
        let v = games::variant_of(&app.variants, &g)?;
        let name = judge::authorise_power(&app.db, &g, &v, power, user).await?;
        must_be_running(&g)?;
        let survivors = survivors(&v, &g)?;
        if !survivors.contains(&name) {
            return Err(Error::conflict(format!("{name} is out of the game: only the surviving powers vote")));
        }
        let vote = match vote.clone() {
            Some(Vote::Concede(to)) => {
                let to = v.power(games::power_of(&v, &to)?).name.clone();
                if to == name || !survivors.contains(&to) {
                    return Err(Error::bad(format!(
                        "{name} may concede only to another surviving power ({})",
                        survivors.join(", ")
                    )));
                }
                Some(Vote::Concede(to))
            }
            other => other,
        };
        // Only while the game is as read (not over, the seat not changed).
        let written = sqlx::query(
            "UPDATE seats SET vote = $1 WHERE game_id = $2 AND power = $3 AND EXISTS (SELECT 1 FROM games \
             WHERE id = $2 AND version = $4)",
        )
        .bind(vote.as_ref().map(Vote::text))
        .bind(g.id)
        .bind(&name)
        .bind(g.version)
        .execute(&app.writer)
        .await?
        .rows_affected();
        if written == 0 {
            continue;
        }
        let votes: Vec<(String, Vote)> = games::seats(&app.db, &g)
            .await?
            .into_iter()
            .filter_map(|s| Some((s.power, Vote::read(s.vote.as_deref()?)?)))
            .collect();
        let Some(result) = agreed(&survivors, &votes) else { return Ok(None) };
        if judge::finish(app, &g, result.clone()).await? {
            return Ok(Some(game::result_text(&result)));
        }
    }
    Err(Error::conflict("the game is busy (too many changes at once): try again"))
}

/// The game master declares the game drawn between its survivors.
pub async fn declare_draw(app: &App, game_id: i64, user: &User) -> Result<String> {
    for _ in 0..20 {
        let _turn = app.game_turn(game_id).await;
        let g = games::load_cached(app, game_id).await?;
        games::must_be_gm(&g, user.id)?;
        must_be_running(&g)?;
        let v = games::variant_of(&app.variants, &g)?;
        let result = GameResult::Draw(survivors(&v, &g)?);
        if judge::finish(app, &g, result.clone()).await? {
            return Ok(game::result_text(&result));
        }
    }
    Err(Error::conflict("the game is busy (too many changes at once): try again"))
}
