//! Counter-based hashing for synthetic trees.
//!
//! A node's random quantities are pure functions of `(seed, node key)`, so a tree is the same
//! whatever order it is visited in, by whichever algorithm, serial or parallel. The mixer is
//! SplitMix64's finalizer (Steele, Lea, Flood 2014), a bijection on `u64` with full avalanche.

/// SplitMix64 finalizer: a strong bijective mix of a 64-bit word.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Hash of `(a, b)`: order-sensitive, for deriving a child key from a parent key and index.
#[inline]
pub const fn hash2(a: u64, b: u64) -> u64 {
    mix64(a ^ mix64(b.wrapping_add(0x9e37_79b9_7f4a_7c15)))
}

/// Uniform integer in `[lo, hi)` from a 64-bit hash (Lemire's multiply-shift; bias < 2^-32
/// for ranges below 2^32).
#[inline]
pub const fn uniform_in(h: u64, lo: i64, hi: i64) -> i64 {
    let span = (hi - lo) as u64;
    lo + (((h as u128) * (span as u128)) >> 64) as i64
}
