//! A Bloom filter over every CUDA name in the tables, so that the identifiers
//! of ordinary code (`size`, `buffer`, `max_len`) are rejected after a few
//! instructions, before the perfect hash. `scripts/gen_tables.rs` includes this
//! file to set the bits; the lookup tests them, so both agree by construction.

/// Bits in the filter: 2^18 (32 KiB, cache-resident). With two probes and
/// ~9,000 names, about one word in 200 that is no CUDA name gets past it.
pub const FILTER_BITS: usize = 1 << 18;

/// The two bit positions of `name` (FNV-1a, 64 bits, split in halves).
pub fn probes(name: &[u8]) -> [usize; 2] {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in name {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    [
        (h as usize) & (FILTER_BITS - 1),
        ((h >> 32) as usize) & (FILTER_BITS - 1),
    ]
}
