//! Reading and replaying a record at once: each phase is adjudicated and
//! compared with the one before it as soon as it is read, so a record's
//! phases are never all kept (godip's text; the JSON formats are read
//! whole first, as serde reads them).

use super::check::{replay_with, Replayer, Replaying};
use super::{godip, import, Format, ImportError, RecordedPhase, ReplayReport};
use crate::rules::Edition;
use crate::variant::Variant;

/// `replay(v, &import(v, format, text)?, native)`, reading and replaying
/// phase by phase where the format allows: the same report, and the same
/// error where the text does not read (an error anywhere in it wins over
/// the phases replayed before it).
pub fn replay_text(v: &Variant, format: Format, text: &str, native: Edition) -> Result<ReplayReport, ImportError> {
    replay_text_with(&mut Replayer::default(), v, format, text, native)
}

/// `replay_text`, working in what `replayer` kept from the records
/// replayed before (of any variant): the same report, and for a run of
/// records, the adjudicator's scratch and the replay's lists made once.
pub fn replay_text_with(
    replayer: &mut Replayer,
    v: &Variant,
    format: Format,
    text: &str,
    native: Edition,
) -> Result<ReplayReport, ImportError> {
    if format != Format::Godip {
        return import(v, format, text).map(|game| replay_with(replayer, v, &game, native));
    }
    let mut replaying = Replaying::new(v, native, replayer);
    // The phase before the one just read (its lists are given back to the
    // reader in turn, to read the phase after next into).
    let mut before: Option<RecordedPhase> = None;
    let done = godip::read_godip(v, text, &mut |read| {
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
    .map_err(ImportError::Godip);
    // (Given back even when the text stops reading.)
    let report = replaying.end(replayer);
    done.map(|()| report)
}
