//! Reading and replaying a record at once: each phase is adjudicated and
//! compared with the one before it as soon as it is read, so a record's
//! phases are never all kept (godip's text; the JSON formats are read
//! whole first, as serde reads them).

use super::check::Replaying;
use super::{godip, import, replay, Format, ImportError, RecordedPhase, ReplayReport};
use crate::rules::Edition;
use crate::variant::Variant;

/// `replay(v, &import(v, format, text)?, native)`, reading and replaying
/// phase by phase where the format allows: the same report, and the same
/// error where the text does not read (an error anywhere in it wins over
/// the phases replayed before it).
pub fn replay_text(v: &Variant, format: Format, text: &str, native: Edition) -> Result<ReplayReport, ImportError> {
    if format != Format::Godip {
        return import(v, format, text).map(|game| replay(v, &game, native));
    }
    let mut replaying = Replaying::new(v, native);
    // The phase before the one just read (its lists are given back to the
    // reader in turn, to read the phase after next into).
    let mut before: Option<RecordedPhase> = None;
    godip::read_godip(v, text, &mut |read| {
        replaying.read(read);
        match &mut before {
            Some(phase) => {
                replaying.pair(phase, read);
                std::mem::swap(phase, read);
            }
            None => {
                replaying.begin(read);
                before = Some(std::mem::replace(read, RecordedPhase::blank()));
            }
        }
    })
    .map_err(ImportError::Godip)?;
    Ok(replaying.end())
}
