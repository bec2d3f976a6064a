//! The text form of variant state, at the edges only: position JSON's
//! `state` object, case files' PRESTATE_STATE / POSTSTATE_STATE lines and
//! `game show`. Each mechanic brings the codec of its own slot; the seed is
//! the engine's own.

use super::Rules;
use crate::state::{Position, VariantState};
use crate::variant::{PowerId, ProvinceId, UnknownPower, Variant};
use std::collections::BTreeMap;
use std::fmt;

/// What is wrong with the state's text, by kind: a key, or the value of
/// one (position JSON's `state`, case files' state lines). It prints the
/// text the judge has always printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StateError {
    /// A word that does not read as its key takes it: the word, and what
    /// was expected (`` `soon`: expected a whole number ``).
    Value { text: String, expected: String },
    /// A province the variant does not have.
    UnknownProvince(String),
    /// A power the variant does not have.
    UnknownPower(UnknownPower),
    /// A key no codec of the variant reads: the key, the variant and the
    /// keys it keeps.
    UnknownKey { key: String, variant: String, keeps: Vec<String> },
    /// A key with the wrong number of words after it: the key, and the
    /// shape its family takes (`colony <name>`).
    KeyShape { key: String, shape: String },
    /// An entry that reads, but that the variant's rules or the rest of
    /// the position rule out (`Korinthos lends to itself`).
    RuledOut(String),
    /// What is wrong with one key's entry, with the key.
    At { key: String, error: Box<StateError> },
}

impl StateError {
    /// A word that does not read: the word and what was expected.
    pub fn value(text: &str, expected: impl Into<String>) -> StateError {
        StateError::Value { text: text.to_string(), expected: expected.into() }
    }

    /// An entry the rules rule out, in words.
    pub fn ruled_out(why: impl Into<String>) -> StateError {
        StateError::RuledOut(why.into())
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Value { text, expected } => write!(f, "`{text}`: {expected}"),
            StateError::UnknownProvince(name) => write!(f, "unknown province `{name}`"),
            StateError::UnknownPower(e) => e.fmt(f),
            StateError::UnknownKey { key, variant, keeps } => {
                write!(f, "unknown state key `{key}` (variant {variant} keeps: {})", keeps.join(", "))
            }
            StateError::KeyShape { key, shape } => write!(f, "state key `{key}`: expected `{shape}`"),
            StateError::RuledOut(why) => f.write_str(why),
            StateError::At { key, error } => write!(f, "state `{key}`: {error}"),
        }
    }
}

crate::error::text_errors!(StateError);

impl From<UnknownPower> for StateError {
    fn from(e: UnknownPower) -> StateError {
        StateError::UnknownPower(e)
    }
}

/// How one family of state keys reads and writes: `key` alone (`delphi`),
/// or `key` and index words (`colony chi`, `delphi-builds sparta`; a loan's
/// link `loan ben rome egypt` takes three).
pub struct Codec {
    pub key: &'static str,
    /// The words after the key that name an entry, as its error messages
    /// show them (`<name>`; a loan's `<centre> <lender> <borrower>`); empty
    /// for a key alone.
    pub index: &'static str,
    /// Shown to the players by `game show` (the seed and pending claims
    /// are the judge's business).
    pub shown: bool,
    /// Writes each entry as (index, value); the index is empty when the key
    /// takes none.
    pub write: fn(&Variant, &VariantState, &mut dyn FnMut(String, String)),
    /// Reads one entry: (index, value).
    pub read: fn(&Variant, &str, &str, &mut VariantState) -> Result<(), StateError>,
}

/// The codecs of one mechanic's slot.
pub type Slot = &'static [Codec];

/// An indexed key whose entries are part of the position, not of the state
/// alone: City State's `siege <centre>` names a force on the board (the
/// unit behind the walls) as well as its slot's count, so it reads into and
/// writes from a whole position.
pub struct PositionCodec {
    pub key: &'static str,
    pub shown: bool,
    /// Writes each entry as (index, value).
    pub write: fn(&Variant, &Position, &mut dyn FnMut(String, String)),
    /// Reads one entry, (index, value), into the position.
    pub read: fn(&Variant, &str, &str, &mut Position) -> Result<(), StateError>,
}

/// `seed 42`: the game's seed.
const SEED: Codec = Codec {
    key: "seed",
    index: "",
    shown: false,
    write: |_, state, out| {
        if let Some(seed) = state.seed {
            out(String::new(), seed.to_string());
        }
    },
    read: |_, _, value, state| {
        state.seed = Some(value.parse().map_err(|_| StateError::value(value, "expected a whole number"))?);
        Ok(())
    },
};

impl Rules {
    /// The codecs of the state this variant keeps: the seed, then each
    /// mechanic's.
    fn codecs(&self) -> impl Iterator<Item = &'static Codec> {
        std::iter::once(&[SEED][..]).chain(self.slots()).flatten()
    }

    fn codec(&self, key: &str) -> Option<&'static Codec> {
        let first = key.split_whitespace().next().unwrap_or("");
        self.codecs().find(|c| c.key.eq_ignore_ascii_case(first))
    }

    fn position_codec(&self, key: &str) -> Option<&'static PositionCodec> {
        let first = key.split_whitespace().next().unwrap_or("");
        self.position_codecs().find(|c| c.key.eq_ignore_ascii_case(first))
    }
}

/// Writes a key that holds a year (`da-rebuilt 1301`, `emperor-out
/// 1302`), if set.
pub fn write_year(year: Option<i32>, out: &mut dyn FnMut(String, String)) {
    if let Some(year) = year {
        out(String::new(), year.to_string());
    }
}

/// Reads the value of a key that holds a year.
pub fn read_year(value: &str) -> Result<i32, StateError> {
    value.parse().map_err(|_| StateError::value(value, "expected a year"))
}

/// A province named in a state key.
pub fn province_index(v: &Variant, name: &str) -> Result<ProvinceId, StateError> {
    v.find_loc(name).map(|l| v.province_of(l)).ok_or_else(|| StateError::UnknownProvince(name.to_string()))
}

/// Writes a slot that names a power for each of some provinces
/// (`colony chi Athens`, `claim chi Athens`).
pub fn write_province_powers(v: &Variant, list: &[(ProvinceId, PowerId)], out: &mut dyn FnMut(String, String)) {
    for &(p, power) in list {
        out(v.province(p).abbr.clone(), v.power(power).name.clone());
    }
}

/// Reads one entry of such a slot into it: the province's power, kept in
/// province order.
pub fn read_province_power(
    v: &Variant,
    province: &str,
    power: &str,
    list: &mut Vec<(ProvinceId, PowerId)>,
) -> Result<(), StateError> {
    set_province_power(list, province_index(v, province)?, v.power_named(power)?);
    Ok(())
}

/// Sets the power of province `p` in such a slot.
pub fn set_province_power(list: &mut Vec<(ProvinceId, PowerId)>, p: ProvinceId, power: PowerId) {
    list.retain(|&(q, _)| q != p);
    list.push((p, power));
    list.sort_unstable();
}

/// Writes a key that holds a power (`dictator Caesar`), if set.
pub fn write_power(v: &Variant, power: Option<PowerId>, out: &mut dyn FnMut(String, String)) {
    if let Some(p) = power {
        out(String::new(), v.power(p).name.clone());
    }
}

/// Writes an indexed key with no value for each power of a list
/// (`eliminated crassus`, `disorder egypt`).
pub fn write_power_list(v: &Variant, list: &[PowerId], out: &mut dyn FnMut(String, String)) {
    for &p in list {
        out(v.power(p).name.to_lowercase(), String::new());
    }
}

/// Reads one entry of such a key into its list, kept in power order.
pub fn read_power_list(
    v: &Variant,
    key: &str,
    power: &str,
    value: &str,
    list: &mut Vec<PowerId>,
) -> Result<(), StateError> {
    if !value.is_empty() {
        return Err(StateError::value(value, format!("`{key} <power>` takes nothing after the power")));
    }
    let p = v.power_named(power)?;
    if let Err(i) = list.binary_search(&p) {
        list.insert(i, p);
    }
    Ok(())
}

/// The state as text: key -> value, keys in lower case.
pub fn write_state(v: &Variant, state: &VariantState) -> BTreeMap<String, String> {
    write(v, state, false).into_iter().collect()
}

/// The state the players see (`game show`), in the order the codecs write
/// it (a chain of loans link by link).
pub fn shown_state(v: &Variant, state: &VariantState) -> Vec<(String, String)> {
    write(v, state, true)
}

fn write(v: &Variant, state: &VariantState, only_shown: bool) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for codec in v.rules.codecs().filter(|c| c.shown || !only_shown) {
        (codec.write)(v, state, &mut |index, value| {
            let key = if codec.index_words() > 0 { format!("{} {index}", codec.key) } else { codec.key.to_string() };
            out.push((key, value));
        });
    }
    out
}

/// The state of a position as text, with the keys that are part of the
/// position (`siege`): what position JSON and case files write.
pub fn write_position_state(v: &Variant, pos: &Position) -> BTreeMap<String, String> {
    write_position(v, pos, false).into_iter().collect()
}

/// The state of a position the players see (`game show`), in the order
/// the codecs write it.
pub fn shown_position_state(v: &Variant, pos: &Position) -> Vec<(String, String)> {
    write_position(v, pos, true)
}

fn write_position(v: &Variant, pos: &Position, only_shown: bool) -> Vec<(String, String)> {
    let mut out = write(v, &pos.state, only_shown);
    for codec in v.rules.position_codecs().filter(|c| c.shown || !only_shown) {
        (codec.write)(v, pos, &mut |index, value| {
            out.push((format!("{} {index}", codec.key), value));
        });
    }
    out
}

/// Reads a position's state from its text into `pos`, whose units are read
/// already: the state keys, then the keys that are part of the position
/// (`siege mil Milan A 1` puts Milan's army behind the walls of Milano).
/// An unknown key or a bad value is an error naming the key.
pub fn read_position_state<'a>(
    v: &Variant,
    entries: impl IntoIterator<Item = (&'a str, &'a str)>,
    pos: &mut Position,
) -> Result<(), StateError> {
    let (of_position, of_state): (Vec<_>, Vec<_>) =
        entries.into_iter().partition(|(key, _)| v.rules.position_codec(key).is_some());
    pos.state = read_state(v, of_state)?;
    for (key, value) in of_position {
        let codec = v.rules.position_codec(key).expect("partitioned so");
        let words: Vec<&str> = key.split_whitespace().collect();
        if words.len() != 2 {
            return Err(StateError::KeyShape { key: key.to_string(), shape: format!("{} <name>", codec.key) });
        }
        (codec.read)(v, words[1], value.trim(), pos).map_err(|e| at(key, e))?;
    }
    Ok(())
}

/// Reads the state from its text; an unknown key or a bad value is an
/// error naming the key.
pub fn read_state<'a>(
    v: &Variant,
    entries: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<VariantState, StateError> {
    let mut state = VariantState::default();
    for (key, value) in entries {
        let codec = v.rules.codec(key).ok_or_else(|| unknown_key(v, key))?;
        let words: Vec<&str> = key.split_whitespace().collect();
        if words.len() != 1 + codec.index_words() {
            return Err(StateError::KeyShape { key: key.to_string(), shape: shape(codec) });
        }
        let index = words[1..].join(" ");
        (codec.read)(v, &index, value.trim(), &mut state).map_err(|e| at(key, e))?;
    }
    v.rules.settle_state(v, &mut state)?;
    Ok(state)
}

/// Splits a case file's state line (`colony chi Athens`) into its key
/// (`colony chi`, lower case) and value (`Athens`).
pub fn state_key(v: &Variant, line: &str) -> (String, String) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let index_words = match v.rules.codec(line) {
        Some(c) => c.index_words(),
        None => usize::from(v.rules.position_codec(line).is_some()),
    };
    // An indexed key may take no value (`destroyed kor`); a line naming
    // fewer index words than its key takes (`loan ben (unset)`) names every
    // key that starts so.
    let split = if words.len() > index_words { 1 + index_words } else { 2.min(words.len()) };
    (words[..split].join(" ").to_ascii_lowercase(), words[split..].join(" "))
}

fn shape(codec: &Codec) -> String {
    if codec.index.is_empty() {
        codec.key.to_string()
    } else {
        format!("{} {}", codec.key, codec.index)
    }
}

impl Codec {
    /// How many words after the key name an entry: 0 for a key alone.
    fn index_words(&self) -> usize {
        self.index.split_whitespace().count()
    }
}

fn unknown_key(v: &Variant, key: &str) -> StateError {
    let keeps = v.rules.codecs().map(shape).chain(v.rules.position_codecs().map(|c| format!("{} <name>", c.key)));
    StateError::UnknownKey { key: key.to_string(), variant: v.id.to_string(), keeps: keeps.collect() }
}

/// One key's error, with the key.
fn at(key: &str, error: StateError) -> StateError {
    StateError::At { key: key.to_string(), error: Box::new(error) }
}
