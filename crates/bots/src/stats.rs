//! Statistics over many self-played games: per power, wins, shares of
//! joint victories, draws, eliminations and average centres by year; per
//! bot, the same counts; and how long games last. Written as Markdown (also
//! what `polemarch selfplay` prints) and as JSON.

use crate::score::{self, Estimate};
use crate::selfplay::GameSummary;
use polemarch_engine::game::GameResult;
use polemarch_engine::Variant;
use serde_json::{json, Value};
use std::fmt::Write;

#[derive(Clone, Debug, Default)]
pub struct Counts {
    pub seats: usize,
    pub wins: usize,
    pub joint: usize,
    pub draws: usize,
    pub eliminated: usize,
    pub final_centres: f64,
}

pub struct Stats {
    pub variant: String,
    pub games: usize,
    pub years: u32,
    pub powers: Vec<String>,
    pub by_power: Vec<Counts>,
    pub by_bot: Vec<(String, Counts)>,
    /// Scores (`score.rs`): each bot's share of a game, and the same over
    /// the fair share, with 95% intervals; each power's share.
    pub score_by_bot: Vec<(String, Estimate, Estimate)>,
    pub score_by_power: Vec<Estimate>,
    pub balance: Vec<score::Balance>,
    /// Average centres of each power at the end of each year (a game that
    /// ended earlier counts with its last count).
    pub centres_by_year: Vec<Vec<f64>>,
    pub solos: usize,
    pub joints: usize,
    pub year_limit: usize,
    pub length_min: u32,
    pub length_max: u32,
    pub length_mean: f64,
    pub rejected: Vec<String>,
    /// Games the judge could not go on with (`--keep-going`): its errors.
    /// They count in no other figure.
    pub failed: Vec<String>,
}

fn named(result: &GameResult, name: &str) -> (bool, bool, bool) {
    match result {
        GameResult::Solo(w) => (w == name, false, false),
        GameResult::Joint(ws) => (false, ws.iter().any(|w| w == name), false),
        GameResult::Draw(ds) => (false, false, ds.iter().any(|d| d == name)),
    }
}

impl Stats {
    pub fn new(v: &Variant, games: &[GameSummary], years: u32) -> Stats {
        let powers: Vec<String> = v.powers.iter().map(|p| p.name.clone()).collect();
        let mut by_power = vec![Counts::default(); powers.len()];
        let mut by_bot: Vec<(String, Counts)> = Vec::new();
        let span = games.iter().map(|g| g.centres_by_year.len()).max().unwrap_or(0).max(years as usize);
        let mut centres_by_year = vec![vec![0.0; powers.len()]; span];
        for g in games {
            for (p, name) in powers.iter().enumerate() {
                let (won, joint, drew) = named(&g.result, name);
                let last = g.centres_by_year.last().map_or(0.0, |c| c[p]);
                let add = |c: &mut Counts| {
                    c.seats += 1;
                    c.wins += won as usize;
                    c.joint += joint as usize;
                    c.draws += drew as usize;
                    c.eliminated += g.eliminated[p] as usize;
                    c.final_centres += last;
                };
                add(&mut by_power[p]);
                let bot = g.bots[p];
                match by_bot.iter_mut().find(|(b, _)| b == bot) {
                    Some((_, c)) => add(c),
                    None => {
                        let mut c = Counts::default();
                        add(&mut c);
                        by_bot.push((bot.to_string(), c));
                    }
                }
                for (y, row) in centres_by_year.iter_mut().enumerate() {
                    row[p] += g.centres_by_year.get(y).map_or(last, |c| c[p]);
                }
            }
        }
        by_bot.sort_by(|a, b| a.0.cmp(&b.0));
        let n = games.len().max(1) as f64;
        for row in &mut centres_by_year {
            for c in row.iter_mut() {
                *c /= n;
            }
        }
        let lengths: Vec<u32> = games.iter().map(|g| g.years).collect();
        Stats {
            variant: v.name.clone(),
            games: games.len(),
            years,
            powers,
            by_power,
            by_bot,
            score_by_bot: score::by_bot(v, games),
            score_by_power: score::by_power(v, games),
            balance: score::balance(v, games),
            centres_by_year,
            solos: games.iter().filter(|g| matches!(g.result, GameResult::Solo(_))).count(),
            joints: games.iter().filter(|g| matches!(g.result, GameResult::Joint(_))).count(),
            year_limit: games.iter().filter(|g| g.by_year_limit).count(),
            length_min: lengths.iter().copied().min().unwrap_or(0),
            length_max: lengths.iter().copied().max().unwrap_or(0),
            length_mean: lengths.iter().map(|&l| l as f64).sum::<f64>() / n,
            rejected: games
                .iter()
                .flat_map(|g| g.rejected.iter().map(move |r| format!("game {}: {r}", g.index + 1)))
                .collect(),
            failed: Vec::new(),
        }
    }

    /// Did every game end (none failed)?
    pub fn games_ok(&self) -> bool {
        self.failed.is_empty()
    }

    fn counts_row(name: &str, c: &Counts) -> String {
        let avg = if c.seats == 0 { 0.0 } else { c.final_centres / c.seats as f64 };
        format!("| {name} | {} | {} | {} | {} | {} | {avg:.1} |\n", c.seats, c.wins, c.joint, c.draws, c.eliminated)
    }

    /// The report as Markdown.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}: {} games (year limit {})\n", self.variant, self.games, self.years);
        let _ = writeln!(
            out,
            "Results: {} solo, {} joint, {} drawn at the year limit. Length in game years: mean {:.1}, shortest {}, \
             longest {}. Orders the judge rejected: {}.\n",
            self.solos,
            self.joints,
            self.year_limit,
            self.length_mean,
            self.length_min,
            self.length_max,
            self.rejected.len()
        );
        out += "| power | games | wins | joint wins | draws | eliminated | centres at the end |\n\
                |---|---|---|---|---|---|---|\n";
        for (name, c) in self.powers.iter().zip(&self.by_power) {
            out += &Stats::counts_row(name, c);
        }
        out += "\n| bot | seats | wins | joint wins | draws | eliminated | centres at the end |\n\
                |---|---|---|---|---|---|---|\n";
        for (name, c) in &self.by_bot {
            out += &Stats::counts_row(name, c);
        }
        out += &self.score_tables();
        out += "\nAverage centres at the end of each game year:\n\n| power |";
        let years = self.centres_by_year.len();
        for y in 1..=years {
            let _ = write!(out, " {y} |");
        }
        out += "\n|---|";
        out += &"---|".repeat(years);
        out += "\n";
        for (p, name) in self.powers.iter().enumerate() {
            let _ = write!(out, "| {name} |");
            for row in &self.centres_by_year {
                let _ = write!(out, " {:.1} |", row[p]);
            }
            out += "\n";
        }
        if !self.failed.is_empty() {
            out += "\nGames the judge could not go on with (counted in no figure above):\n\n";
            for f in &self.failed {
                let _ = writeln!(out, "- {f}");
            }
        }
        if !self.rejected.is_empty() {
            out += "\nRejected orders (a bot's fault):\n\n";
            for r in self.rejected.iter().take(20) {
                let _ = writeln!(out, "- {r}");
            }
        }
        out
    }

    /// Scores by bot and by power, with their 95% intervals.
    fn score_tables(&self) -> String {
        let mut out =
            String::from("\nScores (a game is 1: a solo's, or shared by a draw's survivors), with 95% intervals:\n\n");
        out += "| bot | score a game | times the fair share |\n|---|---|---|\n";
        for (name, e, ratio) in &self.score_by_bot {
            let _ = writeln!(
                out,
                "| {name} | {:.3} ± {:.3} | {:.2} ± {:.2} |",
                e.mean, e.half_width, ratio.mean, ratio.half_width
            );
        }
        out += "\n| power | score a game | solo | survived | centres at the end |\n|---|---|---|---|---|\n";
        for ((name, e), b) in self.powers.iter().zip(&self.score_by_power).zip(&self.balance) {
            let pct = |e: &Estimate| format!("{:.0}% ± {:.0}", 100.0 * e.mean, 100.0 * e.half_width);
            let _ = writeln!(
                out,
                "| {name} | {:.3} ± {:.3} | {} | {} | {:.1} ± {:.1} |",
                e.mean,
                e.half_width,
                pct(&b.solo),
                pct(&b.survived),
                b.centres.mean,
                b.centres.half_width
            );
        }
        out
    }

    pub fn json(&self) -> Value {
        let counts = |c: &Counts| {
            json!({"games": c.seats, "wins": c.wins, "joint_wins": c.joint, "draws": c.draws,
                   "eliminated": c.eliminated,
                   "average_final_centres": round(if c.seats == 0 { 0.0 } else { c.final_centres / c.seats as f64 })})
        };
        json!({
            "variant": self.variant,
            "games": self.games,
            "year_limit": self.years,
            "results": {"solo": self.solos, "joint": self.joints, "drawn_at_year_limit": self.year_limit},
            "length_years": {"mean": round(self.length_mean), "min": self.length_min, "max": self.length_max},
            "powers": self.powers.iter().enumerate().map(|(p, name)| {
                let mut c = counts(&self.by_power[p]);
                c["power"] = json!(name);
                c["centres_by_year"] = json!(self.centres_by_year.iter().map(|row| round(row[p])).collect::<Vec<_>>());
                c["score"] = estimate(&self.score_by_power[p]);
                c
            }).collect::<Vec<_>>(),
            "bots": self.by_bot.iter().map(|(name, c)| {
                let mut j = counts(c);
                j["bot"] = json!(name);
                if let Some((_, e, ratio)) = self.score_by_bot.iter().find(|(b, _, _)| b == name) {
                    j["score"] = estimate(e);
                    j["times_fair_share"] = estimate(ratio);
                }
                j
            }).collect::<Vec<_>>(),
            "rejected_orders": self.rejected,
            "failed_games": self.failed,
        })
    }
}

/// A mean and its 95% interval, in JSON.
fn estimate(e: &Estimate) -> Value {
    json!({"mean": round3(e.mean), "low": round3(e.low()), "high": round3(e.high())})
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Two decimals, so that the JSON prints the same on every machine.
fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::Stats;
    use crate::selfplay::GameSummary;
    use polemarch_engine::game::GameResult;
    use polemarch_engine::variant::embedded_variant;

    fn game(
        index: usize,
        result: GameResult,
        years: Vec<Vec<f64>>,
        eliminated: [bool; 7],
        bots: [&'static str; 7],
    ) -> GameSummary {
        GameSummary {
            index,
            seed: index as u64,
            bots: bots.to_vec(),
            by_year_limit: matches!(result, GameResult::Draw(_)),
            result,
            years: years.len() as u32,
            phases: 3 * years.len(),
            centres_by_year: years,
            eliminated: eliminated.to_vec(),
            rejected: Vec::new(),
        }
    }

    /// Two made-up games of standard: a solo in the second year, and a
    /// draw at a three-year limit. Counts by power and by bot, centres by
    /// year with the solo's last count carried on, and lengths.
    #[test]
    fn counts_add_up() {
        let v = embedded_variant("standard").unwrap().unwrap();
        let g = |a: f64, e: f64| vec![a, e, 3.0, 3.0, 3.0, 3.0, 3.0];
        let solo = game(
            0,
            GameResult::Solo("Austria".into()),
            vec![g(5.0, 3.0), g(18.0, 0.0)],
            [false, true, false, false, false, false, false],
            ["greedy", "random", "random", "random", "random", "random", "random"],
        );
        let names = |ps: &[&str]| ps.iter().map(|p| p.to_string()).collect();
        let draw = game(
            1,
            GameResult::Draw(names(&["Austria", "England", "France"])),
            vec![g(4.0, 4.0), g(4.0, 5.0), g(3.0, 6.0)],
            [false; 7],
            ["random", "greedy", "random", "random", "random", "random", "random"],
        );
        let s = Stats::new(&v, &[solo, draw], 3);
        let austria = &s.by_power[0];
        assert_eq!((austria.seats, austria.wins, austria.draws, austria.eliminated), (2, 1, 1, 0));
        let england = &s.by_power[1];
        assert_eq!((england.wins, england.draws, england.eliminated), (0, 1, 1));
        assert_eq!(s.by_power[3].draws, 0, "Germany is not in the draw");
        let greedy = &s.by_bot.iter().find(|(b, _)| b == "greedy").unwrap().1;
        assert_eq!((greedy.seats, greedy.wins, greedy.draws, greedy.eliminated), (2, 1, 1, 0));
        // Austria: (5 + 4) / 2, (18 + 4) / 2, then the solo's 18 carried to year 3: (18 + 3) / 2.
        assert_eq!(s.centres_by_year.iter().map(|row| row[0]).collect::<Vec<_>>(), [4.5, 11.0, 10.5]);
        assert_eq!((s.solos, s.year_limit, s.length_min, s.length_max), (1, 1, 2, 3));
        assert!((s.length_mean - 2.5).abs() < 1e-9);
        let md = s.markdown();
        assert!(md.contains("| Austria | 2 | 1 | 0 | 1 | 0 | 10.5 |"), "{md}");
        assert_eq!(s.json()["powers"][0]["centres_by_year"], serde_json::json!([4.5, 11.0, 10.5]));
    }
}
