//! Dense integer ids: provinces, locations and powers are indices into the
//! variant's arrays.

/// A province: index into `Variant::provinces`.
pub type ProvinceId = u16;
/// A location a unit can stand on: a province (same index as the province)
/// or one coast of a multi-coast province (indices after the provinces).
pub type LocId = u16;
/// A power: index into `Variant::powers`.
pub type PowerId = u8;
