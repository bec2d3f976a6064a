//! Scores, the strength measure of bot ladders: each game is worth 1,
//! split among its winners: a solo's player (its powers equally), a joint
//! victory's players, or a draw's survivors at the year limit. A power's
//! fair share is 1 over the powers that play (the judge's own, Imperator's
//! invaders, never score). A bot's score in a game is the mean of its
//! seats' there, and over a run the mean over the games it sat in, with a
//! 95% interval (the normal approximation, 1.96 standard errors of that
//! mean): games are independent, seats within a game are not.

use crate::selfplay::GameSummary;
use polemarch_engine::game::GameResult;
use polemarch_engine::variant::PowerId;
use polemarch_engine::Variant;

/// Each power's score in one game, in the variant's order of powers.
pub fn scores(v: &Variant, result: &GameResult) -> Vec<f64> {
    let named = |name: &String| v.find_power(name);
    let winners: Vec<PowerId> = match result {
        GameResult::Solo(w) => {
            named(w).map(|w| v.power_ids().filter(|&p| v.same_player(p, w)).collect()).unwrap_or_default()
        }
        GameResult::Joint(ws) => {
            let ws: Vec<PowerId> = ws.iter().filter_map(named).collect();
            v.power_ids().filter(|&p| ws.iter().any(|&w| v.same_player(p, w))).collect()
        }
        GameResult::Draw(ds) => ds.iter().filter_map(named).collect(),
    };
    let mut out = vec![0.0; v.powers.len()];
    for &p in &winners {
        out[p.index()] = 1.0 / winners.len() as f64;
    }
    out
}

/// The share of a game each playing power would have if all were equal.
pub fn fair_share(v: &Variant) -> f64 {
    1.0 / v.power_ids().filter(|&p| !v.rules.played_by_judge(p)).count().max(1) as f64
}

/// A mean with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    /// Half the interval's width.
    pub half_width: f64,
    pub n: usize,
}

impl Estimate {
    pub fn of(xs: &[f64]) -> Estimate {
        let n = xs.len();
        if n == 0 {
            return Estimate { mean: 0.0, half_width: 0.0, n };
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = if n > 1 { xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64 } else { 0.0 };
        Estimate { mean, half_width: 1.96 * (var / n as f64).sqrt(), n }
    }

    /// The interval over `by`: a ratio to the fair share, say.
    pub fn scaled(self, by: f64) -> Estimate {
        Estimate { mean: self.mean * by, half_width: self.half_width * by, n: self.n }
    }

    pub fn low(&self) -> f64 {
        self.mean - self.half_width
    }

    pub fn high(&self) -> f64 {
        self.mean + self.half_width
    }
}

/// The score of each bot over a run: (bot, its score as a share of a
/// game, the same over the fair share), by bot name.
pub fn by_bot(v: &Variant, games: &[GameSummary]) -> Vec<(String, Estimate, Estimate)> {
    let mut names: Vec<&'static str> = games.iter().flat_map(|g| g.bots.iter().copied()).collect();
    names.sort_unstable();
    names.dedup();
    let fair = fair_share(v);
    names
        .into_iter()
        .map(|name| {
            let per_game: Vec<f64> = games
                .iter()
                .filter_map(|g| {
                    let s = scores(v, &g.result);
                    let seats: Vec<f64> = v
                        .power_ids()
                        .filter(|&p| g.bots[p.index()] == name && !v.rules.played_by_judge(p))
                        .map(|p| s[p.index()])
                        .collect();
                    (!seats.is_empty()).then(|| seats.iter().sum::<f64>() / seats.len() as f64)
                })
                .collect();
            let e = Estimate::of(&per_game);
            (name.to_string(), e, e.scaled(1.0 / fair))
        })
        .collect()
}

/// Each power's score over a run, with its interval.
pub fn by_power(v: &Variant, games: &[GameSummary]) -> Vec<Estimate> {
    let all: Vec<Vec<f64>> = games.iter().map(|g| scores(v, &g.result)).collect();
    v.power_ids().map(|p| Estimate::of(&all.iter().map(|s| s[p.index()]).collect::<Vec<_>>())).collect()
}

/// Each power's balance figures over a run, with intervals: how often it
/// won alone, how often it survived to the end, and its centres at the end.
pub struct Balance {
    pub solo: Estimate,
    pub survived: Estimate,
    pub centres: Estimate,
}

pub fn balance(v: &Variant, games: &[GameSummary]) -> Vec<Balance> {
    v.power_ids()
        .map(|p| {
            let of = |f: &dyn Fn(&GameSummary) -> f64| Estimate::of(&games.iter().map(f).collect::<Vec<_>>());
            let name = &v.power(p).name;
            Balance {
                solo: of(&|g| matches!(&g.result, GameResult::Solo(w) if w == name) as u8 as f64),
                survived: of(&|g| !g.eliminated[p.index()] as u8 as f64),
                centres: of(&|g| g.centres_by_year.last().map_or(0.0, |c| c[p.index()])),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use polemarch_engine::variant::embedded_variant;

    #[test]
    fn a_game_is_worth_one_split_among_its_winners() {
        let v = embedded_variant("standard").unwrap().unwrap();
        let solo = scores(&v, &GameResult::Solo("France".into()));
        assert_eq!(solo, [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
        let draw =
            scores(&v, &GameResult::Draw(vec!["Austria".into(), "Turkey".into(), "Italy".into(), "England".into()]));
        assert_eq!(draw, [0.25, 0.25, 0.0, 0.0, 0.25, 0.0, 0.25]);
        assert!((fair_share(&v) - 1.0 / 7.0).abs() < 1e-12);
    }

    #[test]
    fn the_interval_narrows_with_the_games() {
        let e = Estimate::of(&[1.0, 0.0, 0.0, 1.0]);
        assert_eq!(e.mean, 0.5);
        // Sample variance 1/3, over 4 games: 1.96 * sqrt(1/12).
        assert!((e.half_width - 1.96 * (1.0f64 / 12.0).sqrt()).abs() < 1e-12);
        let wide = Estimate::of(&[1.0, 0.0]).half_width;
        assert!(e.half_width < wide);
        assert_eq!(Estimate::of(&[]).n, 0);
    }
}
