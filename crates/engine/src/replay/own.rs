//! A polemarch game record as a recorded game: every phase's start, and for
//! the processed ones the orders in force and each order's recorded result.

use super::{RecordedGame, RecordedPhase, RecordedResult};
use crate::game::{position_at, GameError, GameRecord};
use crate::order::{parse_order, ParseError};
use crate::variant::Variant;
use std::fmt;

/// Why a polemarch record (read as JSON) does not read as a recorded game,
/// by kind; it prints the text the judge has always printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwnError {
    /// A phase's start position cannot be rebuilt.
    Position(GameError),
    /// A phase's orders are listed under a power the variant has not.
    UnknownPower { phase: String, power: String },
    /// An order of a processed phase (`text`, of `power`) that does not read
    /// (why boxed: it is the largest part of the error, which every
    /// `Result` of a record's reading carries).
    Order { phase: String, power: String, text: String, error: Box<ParseError> },
}

impl fmt::Display for OwnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OwnError::Position(e) => write!(f, "{e}"),
            OwnError::UnknownPower { phase, power } => write!(f, "phase {phase}: unknown power `{power}`"),
            OwnError::Order { phase, power, text, error } => {
                write!(f, "phase {phase}: order `{text}` of {power}: {error}")
            }
        }
    }
}

crate::error::text_errors!(OwnError);

/// Reads a polemarch record; `name` labels it (`RecordedGame::name`).
pub fn import_own(v: &Variant, rec: &GameRecord) -> Result<RecordedGame, OwnError> {
    let mut phases = Vec::with_capacity(rec.phases.len());
    for (i, record) in rec.phases.iter().enumerate() {
        let start = position_at(v, rec, i).map_err(OwnError::Position)?;
        let (mut orders, mut results) = (Vec::new(), None);
        if let Some(done) = &record.processed {
            let mut used = vec![false; done.results.len()];
            let mut said = Vec::new();
            for (power_name, list) in &done.orders {
                let power = v
                    .find_power(power_name)
                    .ok_or_else(|| OwnError::UnknownPower { phase: record.phase.clone(), power: power_name.clone() })?;
                for text in list {
                    orders.push(parse_order(v, text, Some(power)).map_err(|error| OwnError::Order {
                        phase: record.phase.clone(),
                        power: power_name.clone(),
                        text: text.clone(),
                        error: Box::new(error),
                    })?);
                    // The result recorded for this order: the first unused one
                    // of the same power and text.
                    let found = done
                        .results
                        .iter()
                        .enumerate()
                        .position(|(j, r)| !used[j] && r.power == *power_name && r.order == *text);
                    said.push(found.map(|j| {
                        used[j] = true;
                        let r = &done.results[j];
                        RecordedResult { success: r.result == "SUCCESS", said: format!("{} ({})", r.result, r.reason) }
                    }));
                }
            }
            results = Some(said);
        }
        phases.push(RecordedPhase {
            label: record.phase.clone(),
            start,
            orders,
            results,
            start_glitch: None,
            orders_glitch: None,
        });
    }
    Ok(RecordedGame { phases, end: rec.result.clone() })
}

#[cfg(test)]
mod tests {
    use super::{import_own, OwnError};
    use crate::game;
    use crate::variant::embedded_variant;

    /// A processed phase whose orders do not read says its kind and where.
    #[test]
    fn a_record_that_does_not_read_says_its_kind() {
        let v = embedded_variant("standard").expect("built in").expect("valid");
        let mut rec = game::new_game(&v, "standard", 1);
        game::submit(&v, &mut rec, v.find_power("France").unwrap(), "France", "now", &["A par - bur".into()]).unwrap();
        game::process(&v, &mut rec).unwrap();
        assert!(import_own(&v, &rec).is_ok());
        let done = rec.phases[0].processed.as_mut().unwrap();
        let orders = done.orders.remove("France").unwrap();
        done.orders.insert("Atlantis".into(), orders);
        let e = import_own(&v, &rec).unwrap_err();
        assert_eq!(e.to_string(), "phase Spring 1901, Movement: unknown power `Atlantis`");
        assert_eq!(e, OwnError::UnknownPower { phase: rec.phases[0].phase.clone(), power: "Atlantis".into() });
        let done = rec.phases[0].processed.as_mut().unwrap();
        done.orders.clear();
        done.orders.insert("France".into(), vec!["A par - xyz".into()]);
        let e = import_own(&v, &rec).unwrap_err();
        assert!(matches!(&e, OwnError::Order { text, power, .. } if text == "A par - xyz" && power == "France"));
        assert!(
            e.to_string().starts_with("phase Spring 1901, Movement: order `A par - xyz` of France: column "),
            "{e}"
        );
    }
}
