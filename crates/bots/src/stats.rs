//! Statistics over many self-played games: per power, wins, shares of
//! joint victories, draws, eliminations and average centres by year; per
//! bot, the same counts; and how long games last. Written as Markdown (also
//! what `polemarch selfplay` prints) and as JSON.

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
            centres_by_year,
            solos: games.iter().filter(|g| matches!(g.result, GameResult::Solo(_))).count(),
            joints: games.iter().filter(|g| matches!(g.result, GameResult::Joint(_))).count(),
            year_limit: games.iter().filter(|g| g.by_year_limit).count(),
            length_min: lengths.iter().copied().min().unwrap_or(0),
            length_max: lengths.iter().copied().max().unwrap_or(0),
            length_mean: lengths.iter().map(|&l| l as f64).sum::<f64>() / n,
            rejected: games.iter().flat_map(|g| g.rejected.iter().map(move |r| format!("game {}: {r}", g.index + 1))).collect(),
        }
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
            "Results: {} solo, {} joint, {} drawn at the year limit. Length in game years: mean {:.1}, shortest {}, longest {}. Orders the judge rejected: {}.\n",
            self.solos,
            self.joints,
            self.year_limit,
            self.length_mean,
            self.length_min,
            self.length_max,
            self.rejected.len()
        );
        out += "| power | games | wins | joint wins | draws | eliminated | centres at the end |\n|---|---|---|---|---|---|---|\n";
        for (name, c) in self.powers.iter().zip(&self.by_power) {
            out += &Stats::counts_row(name, c);
        }
        out += "\n| bot | seats | wins | joint wins | draws | eliminated | centres at the end |\n|---|---|---|---|---|---|---|\n";
        for (name, c) in &self.by_bot {
            out += &Stats::counts_row(name, c);
        }
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
        if !self.rejected.is_empty() {
            out += "\nRejected orders (a bot's fault):\n\n";
            for r in self.rejected.iter().take(20) {
                let _ = writeln!(out, "- {r}");
            }
        }
        out
    }

    pub fn json(&self) -> Value {
        let counts = |c: &Counts| {
            json!({"games": c.seats, "wins": c.wins, "joint_wins": c.joint, "draws": c.draws, "eliminated": c.eliminated,
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
                c
            }).collect::<Vec<_>>(),
            "bots": self.by_bot.iter().map(|(name, c)| { let mut j = counts(c); j["bot"] = json!(name); j }).collect::<Vec<_>>(),
            "rejected_orders": self.rejected,
        })
    }
}

/// Two decimals, so that the JSON prints the same on every machine.
fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
