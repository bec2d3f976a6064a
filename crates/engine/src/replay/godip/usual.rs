//! The usual POSITIONS lines of godip's text, `England: fleet lon`, read
//! byte by byte where they stand: most lines of a record are such lines.
//! A usual line is a nation met before, its colon and a single space,
//! `army`, `fleet` or `supply` and a single space, three lower-case letters
//! that name a place, then the newline or the end of the text. Any other
//! line, and a usual line that says something wrong (a second unit in a
//! province, a supply centre that is none), is left to the general reader
//! (`entry` and `Reading::hold`), which reads it to the same effect or
//! says what is wrong.

use super::{board_order, Force, Kind, LocId, Nations, PowerId, Reading, Variant};
use crate::state::insert_in_order;

/// The places a record names by three letters, as met: found again by a
/// hash of the letters, not by the variant's lookup of names (a record
/// names each of its few dozen places hundreds of times).
pub(super) struct Places {
    slots: Box<[Place; 1 << BITS]>,
}

/// Three letters met: as one number (the first byte lowest, 0xff above
/// them, so that no letters are 0, which marks a free slot), whether they
/// name a place (an order's line may start with `PHASE` or `build`: such
/// words are met again in every phase), and the place's location, province
/// and whether that is a supply centre.
#[derive(Clone, Copy)]
pub(super) struct Place {
    letters: u32,
    pub(super) named: bool,
    pub(super) loc: LocId,
    province: u16,
    centre: bool,
}

/// log2 of the number of slots: room for a record's places with few
/// sharing a slot (the later of two that do is kept in the next free one).
const BITS: u32 = 10;

/// How many slots past its own a place is looked for, and kept in: the
/// table is far from full (a record names a few dozen places), so a place
/// not found within them is looked up each time, and never lost.
const PROBES: usize = 8;

impl Places {
    pub(super) fn new() -> Places {
        let slots = vec![Place::unnamed(0); 1 << BITS].into_boxed_slice();
        Places { slots: slots.try_into().unwrap_or_else(|_| unreachable!("1 << BITS slots")) }
    }

    /// The place that `name` (three bytes) names, if it names one
    /// (`named`). (Not an Option: one made here went through memory to be
    /// read, and the read waited, issue 31.)
    #[inline(always)]
    pub(super) fn find(&mut self, v: &Variant, name: [u8; 3]) -> Place {
        let letters = u32::from_le_bytes([name[0], name[1], name[2], 0xff]);
        let slot = (letters.wrapping_mul(0x9e37_79b1) >> (32 - BITS)) as usize;
        let place = self.slots[slot];
        if place.letters == letters {
            return place;
        }
        self.meet(v, letters, slot)
    }

    /// `find` for letters not in their own slot: in one of the next slots
    /// (they shared their slot with a place met before), or not met before
    /// (the variant's lookup, kept in the first free slot).
    #[cold]
    #[inline(never)]
    fn meet(&mut self, v: &Variant, letters: u32, slot: usize) -> Place {
        let mask = self.slots.len() - 1;
        let mut free = None;
        for i in (1..=PROBES).map(|k| (slot + k) & mask) {
            match self.slots[i].letters {
                l if l == letters => return self.slots[i],
                0 => {
                    free = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let name = &letters.to_le_bytes()[..3];
        let place = match std::str::from_utf8(name).ok().and_then(|name| v.find_three_letter_loc(name)) {
            Some(loc) => {
                let p = v.province_of(loc);
                Place { letters, named: true, loc, province: p.0, centre: v.is_centre(p) }
            }
            None => Place::unnamed(letters),
        };
        // The own slot is free only before the place is met there.
        let free = if self.slots[slot].letters == 0 { Some(slot) } else { free };
        if let Some(i) = free {
            self.slots[i] = place;
        }
        place
    }
}

impl Place {
    /// Letters that name no place (0: a free slot).
    fn unnamed(letters: u32) -> Place {
        Place { letters, named: false, loc: LocId(0), province: 0, centre: false }
    }
}

impl Nations<'_> {
    /// The power of the nation `line` starts with, when it is the one met
    /// before under its first letter and a colon follows it; with where
    /// the rest of the line starts, after the colon.
    /// (`w` is the line's window.)
    #[inline(always)]
    fn known_at(&self, line: &[u8], w: &Window) -> Option<(PowerId, usize)> {
        let slot = self.by_first[usize::from(w[0])] as usize;
        let head = *self.heads.get(slot.wrapping_sub(1))?;
        // Compared as one number where the name is short (with no call to
        // compare memory); the 8 bytes read may go past the line.
        if word8(w, 0) & head.mask == head.word {
            return Some((head.power, head.after));
        }
        let nation = self.list[slot - 1].0.as_bytes();
        (head.mask == 0 && line.starts_with(nation) && line.get(nation.len()) == Some(&b':'))
            .then_some((head.power, head.after))
    }
}

/// The start position being read, borrowed apart: what usual lines write.
struct Start<'r> {
    /// What each province holds so far (`Reading::seen`).
    seen: &'r mut [u8],
    owners: &'r mut [Option<PowerId>],
    forces: &'r mut Vec<Force>,
}

impl Reading<'_> {
    /// Reads the usual lines at the start of `text`, one after the other,
    /// counting them in `n`, up to the first other line: the text from
    /// there (None: the text ended with the last line read).
    pub(super) fn usual_lines<'t>(
        &mut self,
        v: &Variant,
        nations: &Nations,
        places: &mut Places,
        n: &mut usize,
        text: &'t str,
    ) -> Option<&'t str> {
        if self.in_orders {
            return self.usual_orders(v, places, n, text);
        }
        let mut start = Start { seen: &mut self.seen, owners: &mut self.pos.owners, forces: &mut self.pos.forces };
        each_line(text, n, |line, w| usual_line(v, nations, places, &mut start, line, w))
    }
}

/// Reads lines at the start of `text` with `read` (one line at the start
/// of the bytes it is given, with their window: where it ends, its newline
/// or the end of the text, or None when it is not its kind of line),
/// counting them in `n`: the text from the first line it does not read
/// (None: the text ended with the last line read).
#[inline(always)]
pub(super) fn each_line<'t>(
    text: &'t str,
    n: &mut usize,
    mut read: impl FnMut(&[u8], &Window) -> Option<usize>,
) -> Option<&'t str> {
    let bytes = text.as_bytes();
    let (mut at, mut lines) = (0, 0);
    loop {
        let line = &bytes[at..];
        // The window read where the line stands. (A copy is two stores of
        // 16 bytes, and the loads of a place's few bytes across the two
        // then waited for both: some fifth of the time a usual line took,
        // issue 31.) Within the last 32 bytes of the text, copied.
        let copied;
        let w = match line.first_chunk::<32>() {
            Some(w) => w,
            None => {
                copied = window(line);
                &copied
            }
        };
        let Some(end) = read(line, w) else { break };
        lines += 1;
        at += end;
        if at == bytes.len() {
            *n += lines;
            return None;
        }
        // (Past the newline: a line starts there.)
        at += 1;
    }
    *n += lines;
    Some(&text[at..])
}

/// The first bytes of a line, as many as a usual line has and more (the
/// bytes after the text's end read as zeros): a usual line is read from
/// fixed places in it, its length tested once.
pub(super) type Window = [u8; 32];

/// The window at the start of `line`, copied.
#[inline(always)]
pub(super) fn window(line: &[u8]) -> Window {
    match line.first_chunk::<32>() {
        Some(w) => *w,
        None => {
            let mut w = [0; 32];
            w[..line.len()].copy_from_slice(line);
            w
        }
    }
}

/// The 8 bytes of `w` at `at` (at most 24) as one number, the first byte
/// lowest.
#[inline(always)]
fn word8(w: &Window, at: usize) -> u64 {
    let mut bytes = [0; 8];
    bytes.copy_from_slice(&w[at..at + 8]);
    u64::from_le_bytes(bytes)
}

/// Whether the line (`w` its window) ends at `end`, with its newline or
/// the end of the text, every byte before it the line's own.
#[inline(always)]
pub(super) fn ends_at(line: &[u8], w: &Window, end: usize) -> bool {
    end == line.len() || (end < line.len() && w[end] == b'\n')
}

/// Reads one usual line at the start of `line` (`w` its window) into the
/// position: where it ends (its newline, or the end of the text), or None,
/// with nothing read, when it is not a usual line or says something wrong.
#[inline(always)]
fn usual_line(
    v: &Variant,
    nations: &Nations,
    places: &mut Places,
    start: &mut Start,
    line: &[u8],
    w: &Window,
) -> Option<usize> {
    let (power, at) = nations.known_at(line, w)?;
    // A usual line ends within the window (a longer nation's line is the
    // general reader's).
    if at > 20 {
        return None;
    }
    // The word after the colon, read as one number (the first byte lowest);
    // a centre's owner first, the most usual line.
    const SUPPLY: u64 = u64::from_le_bytes(*b" supply ");
    const ARMY: u64 = u64::from_le_bytes(*b" army \0\0");
    const FLEET: u64 = u64::from_le_bytes(*b" fleet \0");
    let read = word8(w, at);
    let (kind, at) = if read == SUPPLY {
        (None, at + 8)
    } else if read & 0xffff_ffff_ffff == ARMY {
        (Some(Kind::ARMY), at + 6)
    } else if read & 0xff_ffff_ffff_ffff == FLEET {
        (Some(Kind::FLEET), at + 7)
    } else {
        return None;
    };
    if !ends_at(line, w, at + 3) {
        return None;
    }
    let place = places.find(v, [w[at], w[at + 1], w[at + 2]]);
    if !place.named {
        return None;
    }
    let p = place.province as usize;
    let Some(kind) = kind else {
        if !place.centre {
            return None;
        }
        start.owners[p] = Some(power);
        return Some(at + 3);
    };
    // A second unit, or a unit on a coast (kept apart until the position
    // is complete): the general reader's.
    if start.seen[p] & 1 != 0 || place.loc != LocId(place.province) {
        return None;
    }
    start.seen[p] |= 1;
    let force = Force::single(power, kind, place.loc);
    if start.forces.last().is_some_and(|last| board_order(last, &force).is_gt()) {
        // godip lists units by province name: the few units out of board
        // order are put in place, and no sorting is needed.
        insert_in_order(start.forces, force);
    } else {
        start.forces.push(force);
    }
    Some(at + 3)
}
