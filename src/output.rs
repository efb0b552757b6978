//! Writing results safely: a temp file in the destination's directory,
//! flushed, given the original's permissions (and owner, where allowed), then
//! renamed over the destination. A reader (or a crash, or `kill -9`) sees the
//! old file or the new one, never a mix or a truncated file. Unchanged content
//! is not written, so mtimes stay and builds do not redo work.
//!
//! Temp files are named `.hipify-rs.<pid>.<random>.tmp`. A run that is killed
//! between creating one and renaming it leaves it behind; the next run removes
//! such leftovers in the directories it writes to ([`remove_stale_temps`]).

use std::collections::HashSet;
use std::ffi::OsStr;
use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

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
    /// `fsync` the temp file first (and the directory after the rename):
    /// replacing a user's source (`--inplace`), where a crash must leave the
    /// old bytes or the new, never an empty file.
    Synced,
    /// Rename only: a derived file (`--output-dir`, `-o`) that a re-run recreates.
    Renamed,
}

/// The first part of every temp file's name.
pub const TEMP_PREFIX: &str = ".hipify-rs.";
/// The last part of every temp file's name.
pub const TEMP_SUFFIX: &str = ".tmp";

/// Atomically replaces `dest` with `bytes` unless it already holds them.
/// Keeps `dest`'s permissions (or `perms_from`'s, for a new file). A `dest`
/// that is a symbolic link is replaced by a regular file: the link's target is
/// never written through.
pub fn write_atomic(
    dest: &Path,
    bytes: &[u8],
    perms_from: Option<&Path>,
    durability: Durability,
) -> io::Result<Written> {
    let existing = fs::symlink_metadata(dest).ok();
    if let Some(m) = existing.as_ref().filter(|m| m.is_file()) {
        if m.len() == bytes.len() as u64 && fs::read(dest).is_ok_and(|old| old == bytes) {
            return Ok(Written::Unchanged);
        }
    }
    let dir = match dest.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let meta = existing
        .filter(|m| m.is_file())
        .or_else(|| perms_from.and_then(|p| fs::metadata(p).ok()));
    static PREFIX: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| format!("{TEMP_PREFIX}{}.", std::process::id()));
    let mut tmp = tempfile::Builder::new()
        .prefix(PREFIX.as_str())
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    if let Some(m) = &meta {
        keep_owner(tmp.as_file(), m);
        tmp.as_file().set_permissions(m.permissions())?;
    }
    if durability == Durability::Synced {
        tmp.as_file().sync_all()?;
    }
    tmp.persist(dest).map_err(|e| e.error)?;
    if durability == Durability::Synced {
        sync_dir(dir);
    }
    Ok(Written::Written)
}

/// Gives the temp file the replaced file's owner and group, where the
/// process may (root, or a group it belongs to); otherwise leaves it.
#[cfg(unix)]
fn keep_owner(file: &fs::File, m: &fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    if let Ok(now) = file.metadata() {
        if now.uid() != m.uid() || now.gid() != m.gid() {
            let _ = std::os::unix::fs::fchown(file, Some(m.uid()), Some(m.gid()));
        }
    }
}

#[cfg(not(unix))]
fn keep_owner(_: &fs::File, _: &fs::Metadata) {}

/// Makes a rename in `dir` durable (best effort: not every platform or
/// file system can sync a directory).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Copies `src` to `src` + `suffix` (the `--backup` copy), atomically.
pub fn backup(src: &Path, suffix: &str) -> io::Result<()> {
    let mut name = src.as_os_str().to_owned();
    name.push(suffix);
    let bytes = fs::read(src)?;
    write_atomic(Path::new(&name), &bytes, Some(src), Durability::Synced).map(|_| ())
}

/// The path `rel` names under the output directory `root`, with its parent
/// directories created. Refuses (with an error naming the reason) a `rel` that
/// is absolute or contains `..`, and any directory on the way that is a
/// symbolic link or not a directory, so nothing is ever written outside
/// `root`. `root` itself may be a link: the user named it.
pub fn dest_within(root: &Path, rel: &Path) -> io::Result<PathBuf> {
    OutputDir::create(root)?.dest(rel)
}

/// An output directory being filled by one run: [`dest_within`] for many
/// files, each directory on the way checked (or created) once, not once per
/// file.
#[derive(Debug)]
pub struct OutputDir {
    root: PathBuf,
    /// Directories under `root` known to be real directories.
    checked: Mutex<HashSet<PathBuf>>,
}

impl OutputDir {
    /// Creates `root` (and its parents) if missing.
    pub fn create(root: &Path) -> io::Result<OutputDir> {
        fs::create_dir_all(root)?;
        Ok(OutputDir {
            root: root.to_path_buf(),
            checked: Mutex::default(),
        })
    }

    /// The output directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// See [`dest_within`].
    pub fn dest(&self, rel: &Path) -> io::Result<PathBuf> {
        let escapes = || {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{} would be outside the output directory {}",
                    rel.display(),
                    self.root.display()
                ),
            )
        };
        let mut parts = Vec::new();
        for c in rel.components() {
            match c {
                Component::Normal(p) => parts.push(p),
                Component::CurDir => {}
                _ => return Err(escapes()),
            }
        }
        let Some(file) = parts.pop() else {
            return Err(escapes());
        };
        let mut dir = self.root.clone();
        for p in parts {
            dir.push(p);
            let known = self.checked.lock().is_ok_and(|c| c.contains(&dir));
            if !known {
                ensure_real_dir(&dir)?;
                if let Ok(mut c) = self.checked.lock() {
                    c.insert(dir.clone());
                }
            }
        }
        Ok(dir.join(file))
    }
}

/// `dir` exists as a directory, not a link to one: created if missing.
fn ensure_real_dir(dir: &Path) -> io::Result<()> {
    for _ in 0..2 {
        match fs::symlink_metadata(dir) {
            Ok(m) if m.is_dir() => return Ok(()),
            Ok(m) if m.file_type().is_symlink() => {
                return Err(io::Error::other(format!(
                    "{} is a symbolic link; not writing through it",
                    dir.display()
                )));
            }
            Ok(_) => {
                return Err(io::Error::other(format!(
                    "{} exists and is not a directory",
                    dir.display()
                )));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => match fs::create_dir(dir) {
                // Another worker may have made it meanwhile: look again.
                Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
                _ => {}
            },
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Whether `name` is one of our temp files: `.hipify-rs.<pid>.<random>.tmp`
/// (this version) or `.hipify-rs.<random>.tmp` (earlier versions). Returns the
/// owning process id where the name has one.
pub fn parse_temp_name(name: &OsStr) -> Option<Option<u32>> {
    let name = name.to_str()?;
    let middle = name.strip_prefix(TEMP_PREFIX)?.strip_suffix(TEMP_SUFFIX)?;
    let random_ok = |r: &str| r.len() == 6 && r.bytes().all(|b| b.is_ascii_alphanumeric());
    match middle.split_once('.') {
        Some((pid, random)) if random_ok(random) && !pid.is_empty() => {
            pid.bytes().all(|b| b.is_ascii_digit()).then_some(())?;
            Some(Some(pid.parse().ok()?))
        }
        None if random_ok(middle) => Some(None),
        _ => None,
    }
}

/// How old a temp file without a live owner we can check must be before it
/// counts as left behind.
const UNOWNED_AGE: Duration = Duration::from_secs(3600);

/// Removes the temp files a killed run left in `dir`, returning their paths.
///
/// Only names matching [`parse_temp_name`] are considered, and only regular
/// files last modified before `run_started`. Of those, a file is removed when
/// the process named in it is gone (checked in `/proc`; never our own id), or,
/// where that cannot be checked (no `/proc`, or an earlier version's name
/// without a process id), when it is more than an hour older than
/// `run_started`. A run in progress on this machine therefore never loses its
/// temp files to another.
pub fn remove_stale_temps(dir: &Path, run_started: SystemTime) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return removed;
    };
    let proc_ok = Path::new("/proc/self").exists();
    let me = std::process::id();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(owner) = parse_temp_name(&name) else {
            continue;
        };
        let Ok(m) = entry.metadata() else { continue };
        let Ok(modified) = m.modified() else { continue };
        if !m.is_file() || modified >= run_started {
            continue;
        }
        let stale = match owner {
            Some(pid) if proc_ok => pid != me && !Path::new("/proc").join(pid.to_string()).exists(),
            _ => modified + UNOWNED_AGE < run_started,
        };
        if stale && fs::remove_file(entry.path()).is_ok() {
            removed.push(entry.path());
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temp_names() {
        let p = |s: &str| parse_temp_name(OsStr::new(s));
        assert_eq!(p(".hipify-rs.1234.aB3xYz.tmp"), Some(Some(1234)));
        assert_eq!(p(".hipify-rs.aB3xYz.tmp"), Some(None));
        assert_eq!(p(".hipify-rs..aB3xYz.tmp"), None);
        assert_eq!(p(".hipify-rs.12x.aB3xYz.tmp"), None);
        assert_eq!(p(".hipify-rs.1234.aB3xY.tmp"), None);
        assert_eq!(p(".hipify-rs.1234.aB3xYz.tmp.cu"), None);
        assert_eq!(p("hipify-rs.1234.aB3xYz.tmp"), None);
        assert_eq!(p(".hipify-rs.1234.aB3-Yz.tmp"), None);
    }

    #[test]
    fn own_temp_names_parse() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dir.path().join("a.cu");
        write_atomic(&dest, b"x", None, Durability::Renamed).unwrap();
        let tmp = tempfile::Builder::new()
            .prefix(&format!("{TEMP_PREFIX}{}.", std::process::id()))
            .suffix(TEMP_SUFFIX)
            .tempfile_in(dir.path())
            .unwrap();
        assert_eq!(
            parse_temp_name(tmp.path().file_name().unwrap()),
            Some(Some(std::process::id()))
        );
    }

    #[test]
    fn stale_temps_of_dead_processes_only() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        // A pid that cannot be running: above the kernel's pid_max limit.
        let dead = d.join(".hipify-rs.4194305.abcdef.tmp");
        let mine = d.join(format!(".hipify-rs.{}.abcdef.tmp", std::process::id()));
        let live = d.join(".hipify-rs.1.abcdef.tmp"); // init is always there
        let other = d.join(".hipify-rs.4194305.abcdef.tmp.keep");
        let user = d.join("notes.tmp");
        for p in [&dead, &mine, &live, &other, &user] {
            fs::write(p, "x").unwrap();
        }
        std::thread::sleep(Duration::from_millis(20));
        let removed = remove_stale_temps(d, SystemTime::now());
        if Path::new("/proc/1").exists() {
            assert_eq!(removed, vec![dead.clone()]);
            assert!(live.exists());
        }
        assert!(!dead.exists());
        assert!(mine.exists() && other.exists() && user.exists());
        // Files newer than the run's start are never touched.
        fs::write(&dead, "x").unwrap();
        let before = SystemTime::now() - Duration::from_secs(60);
        assert!(remove_stale_temps(d, before).is_empty());
    }

    #[test]
    fn dest_within_refuses_escapes_and_links() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("out");
        let outside = dir.path().join("elsewhere");
        fs::create_dir_all(&outside).unwrap();
        assert!(dest_within(&root, Path::new("../x.cu")).is_err());
        assert!(dest_within(&root, Path::new("/etc/x.cu")).is_err());
        assert!(dest_within(&root, Path::new("a/../../x.cu")).is_err());
        assert_eq!(
            dest_within(&root, Path::new("a/b/x.cu")).unwrap(),
            root.join("a/b/x.cu")
        );
        assert!(root.join("a/b").is_dir());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&outside, root.join("link")).unwrap();
            let e = dest_within(&root, Path::new("link/sub/x.cu")).unwrap_err();
            assert!(e.to_string().contains("symbolic link"), "{e}");
            assert!(!outside.join("sub").exists());
        }
    }

    #[cfg(unix)]
    #[test]
    fn symlink_dest_is_replaced_not_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.cu");
        let link = dir.path().join("link.cu");
        fs::write(&target, "original").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        // Even when the target already holds the bytes, the link is replaced.
        write_atomic(&link, b"original", None, Durability::Renamed).unwrap();
        assert!(
            !fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        write_atomic(&link, b"new", None, Durability::Synced).unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"original");
        assert_eq!(fs::read(&link).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn permissions_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("a.cu");
        fs::write(&f, "old").unwrap();
        fs::set_permissions(&f, fs::Permissions::from_mode(0o640)).unwrap();
        assert_eq!(
            write_atomic(&f, b"new", None, Durability::Synced).unwrap(),
            Written::Written
        );
        assert_eq!(
            fs::metadata(&f).unwrap().permissions().mode() & 0o777,
            0o640
        );
        assert_eq!(
            write_atomic(&f, b"new", None, Durability::Synced).unwrap(),
            Written::Unchanged
        );
    }
}
