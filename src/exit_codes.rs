//! Exit statuses, documented in `--help` and the README.

/// Success: everything translated (or, with `--check`, nothing left to change).
pub const SUCCESS: u8 = 0;
/// `--check`/`--diff --check`: some file would change, or an error-level finding remains.
pub const FINDINGS: u8 = 1;
/// The run failed: bad usage, a missing or unreadable path, a write that failed.
pub const FAILURE: u8 = 2;
