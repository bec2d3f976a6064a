//! Dense integer ids: provinces, locations and powers are indices into the
//! variant's arrays.
//!
//! Each is its own type, so that a province cannot be passed where a
//! location or a power is expected. They are `#[repr(transparent)]` over the
//! integer they always were (`u16`, `u16`, `u8`): layouts do not change, and
//! [`index`](ProvinceId::index) compiles to the zero-extension an `as usize`
//! did. The ids are never serialized as numbers: positions, game records and
//! case files name provinces, locations and powers.
//!
//! The one conversion between kinds of id the model defines:
//! [`LocId::of_province`], a province's own location (the whole province),
//! which has the province's index.

/// A province: index into `Variant::provinces`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct ProvinceId(pub u16);

/// A location a unit can stand on: a province (same index as the province)
/// or one coast of a multi-coast province (indices after the provinces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct LocId(pub u16);

/// A power: index into `Variant::powers`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct PowerId(pub u8);

macro_rules! dense_id {
    ($id:ident, $int:ty, $what:literal) => {
        impl $id {
            #[doc = concat!(
                        "The ", $what, " at index `i` (for loops over `0..n`). The index must fit in a `",
                        stringify!($int),
                        "` (checked in debug builds)."
                    )]
            #[inline]
            pub const fn new(i: usize) -> $id {
                debug_assert!(i <= <$int>::MAX as usize);
                $id(i as $int)
            }

            #[doc = concat!(
                        "The index of the ", $what, ", for indexing the arrays that hold one entry per ", $what, "."
                    )]
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            #[doc = concat!("Every ", $what, " id `0..n`, in order.")]
            #[inline]
            pub fn all(n: usize) -> impl DoubleEndedIterator<Item = $id> + ExactSizeIterator + Clone {
                (0..n).map($id::new)
            }
        }
    };
}

dense_id!(ProvinceId, u16, "province");
dense_id!(LocId, u16, "location");
dense_id!(PowerId, u8, "power");

impl LocId {
    /// A province's own location: the whole province, where an army (or a
    /// fleet of a province without named coasts) stands.
    ///
    /// The variant loader numbers the locations so that province `i`'s own
    /// location is location `i` (the coasts of multi-coast provinces come
    /// after all the provinces). Code that needs a province's own location
    /// asks for it here, by name, rather than reusing the province's number
    /// as a location's.
    #[inline]
    pub const fn of_province(p: ProvinceId) -> LocId {
        LocId(p.0)
    }
}
