//! Writing results safely: a temp file in the destination's directory,
//! flushed, given the original's permissions, then renamed over the
//! destination. A reader (or a crash) sees the old file or the new one, never
//! a mix. Unchanged content is not written, so mtimes stay and builds do not
//! redo work.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// What a write did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// The destination already held these bytes.
    Unchanged,
    /// The destination was created or replaced.
    Written,
}

/// Whether a write must reach the disk before the rename.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// `fsync` the temp file first: replacing a user's source (`--inplace`),
    /// where a crash must leave the old bytes or the new, never an empty file.
    Synced,
    /// Rename only: a derived file (`--output-dir`, `-o`) that a re-run recreates.
    Renamed,
}

/// Atomically replaces `dest` with `bytes` unless it already holds them.
/// Keeps `dest`'s permissions (or `perms_from`'s, for a new file).
pub fn write_atomic(
    dest: &Path,
    bytes: &[u8],
    perms_from: Option<&Path>,
    durability: Durability,
) -> io::Result<Written> {
    if let Ok(existing) = fs::read(dest) {
        if existing == bytes {
            return Ok(Written::Unchanged);
        }
    }
    let dir = match dest.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let perms = fs::metadata(dest)
        .or_else(|e| perms_from.map_or(Err(e), fs::metadata))
        .map(|m| m.permissions())
        .ok();
    let mut tmp = tempfile::Builder::new()
        .prefix(".hipify-rs.")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    if durability == Durability::Synced {
        tmp.as_file().sync_all()?;
    }
    if let Some(p) = perms {
        fs::set_permissions(tmp.path(), p)?;
    }
    tmp.persist(dest).map_err(|e| e.error)?;
    Ok(Written::Written)
}

/// Copies `src` to `src` + `suffix` (the `--backup` copy), atomically.
pub fn backup(src: &Path, suffix: &str) -> io::Result<()> {
    let mut name = src.as_os_str().to_owned();
    name.push(suffix);
    let bytes = fs::read(src)?;
    write_atomic(Path::new(&name), &bytes, Some(src), Durability::Synced).map(|_| ())
}
