//! Which files to translate: explicit files always, directories walked with
//! `.gitignore` honoured and filtered by extension and globs. Returns a sorted,
//! de-duplicated list, so output is deterministic at any thread count.
//!
//! Symbolic links met while walking a directory are never followed (so a walk
//! cannot leave the tree, nor loop): each one that would have been a
//! candidate (a link to a directory, or a link whose name has a translated
//! extension) is reported as a [`WalkNote`] and skipped. A file reached twice
//! (overlapping arguments, a link named on the command line) is listed once,
//! under a spelling that is not a link where there is one.

use std::path::{Path, PathBuf};

use ignore::WalkBuilder;
use ignore::overrides::{Override, OverrideBuilder};

/// Extensions translated by default when walking directories.
pub const DEFAULT_EXTENSIONS: &[&str] = &[
    "cu", "cuh", "cpp", "cc", "cxx", "c++", "c", "h", "hpp", "hh", "hxx", "h++", "inl", "inc",
    "ipp", "tpp", "cuinc", "hu", "cu_inl",
];

/// How to walk.
#[derive(Debug, Clone, Default)]
pub struct WalkOptions {
    /// Extra globs a file must match (`--include`), in addition to the extensions.
    pub include: Vec<String>,
    /// Globs to skip (`--exclude`).
    pub exclude: Vec<String>,
    /// Do not honour `.gitignore` and friends.
    pub no_ignore: bool,
}

/// A path that could not be walked.
#[derive(Debug)]
pub struct WalkError {
    /// The path involved, if known.
    pub path: Option<PathBuf>,
    /// What went wrong.
    pub message: String,
}

/// Something skipped on purpose while walking (not an error).
#[derive(Debug)]
pub struct WalkNote {
    /// The path skipped.
    pub path: PathBuf,
    /// Why.
    pub message: String,
}

/// The result of a walk.
#[derive(Debug, Default)]
pub struct Walk {
    /// The files to translate, sorted, each file once.
    pub files: Vec<PathBuf>,
    /// Paths that could not be walked.
    pub errors: Vec<WalkError>,
    /// Paths skipped on purpose (symbolic links).
    pub notes: Vec<WalkNote>,
}

/// Lists the files under `roots`. Explicit file arguments are kept whatever
/// their extension; files under directories must have a known extension or
/// match `--include`.
pub fn files(roots: &[PathBuf], opts: &WalkOptions) -> (Vec<PathBuf>, Vec<WalkError>) {
    let w = walk(roots, opts);
    (w.files, w.errors)
}

/// Like [`files`], also returning what was skipped on purpose.
pub fn walk(roots: &[PathBuf], opts: &WalkOptions) -> Walk {
    let mut w = Walk::default();
    for root in roots {
        match std::fs::metadata(root) {
            Err(e) => w.errors.push(WalkError {
                path: Some(root.clone()),
                message: e.to_string(),
            }),
            Ok(m) if m.is_file() => w.files.push(root.clone()),
            Ok(m) if m.is_dir() => walk_dir(root, opts, &mut w),
            Ok(_) => w.notes.push(WalkNote {
                path: root.clone(),
                message: "not a regular file or directory; skipped".into(),
            }),
        }
    }
    w.files.sort();
    w.files.dedup();
    dedup_same_file(&mut w.files);
    w
}

fn overrides_for(root: &Path, opts: &WalkOptions, errors: &mut Vec<WalkError>) -> Override {
    let mut overrides = OverrideBuilder::new(root);
    for g in &opts.exclude {
        if let Err(e) = overrides.add(&format!("!{g}")) {
            errors.push(WalkError {
                path: None,
                message: format!("invalid glob `{g}`: {e}"),
            });
        }
    }
    overrides.build().unwrap_or_else(|_| Override::empty())
}

/// Whether a walk of `root` would skip everything under the directory `rel`
/// (relative to `root`) because an `--exclude` glob covers it: the glob
/// matches the directory or one of its parents (`out`, `/out`, `build/out`),
/// or every file the walk could pick up inside it (`out/**`).
pub fn excludes_dir(root: &Path, rel: &Path, opts: &WalkOptions) -> bool {
    let overrides = overrides_for(root, opts, &mut Vec::new());
    let mut prefix = PathBuf::new();
    for c in rel.components() {
        prefix.push(c);
        if overrides.matched(&prefix, true).is_ignore() {
            return true;
        }
    }
    if prefix.as_os_str().is_empty() {
        return false;
    }
    let probe = |name: String| overrides.matched(prefix.join(name), false).is_ignore();
    DEFAULT_EXTENSIONS
        .iter()
        .all(|x| probe(format!("hipify-rs-probe.{x}")) && probe(format!("sub/hipify-rs-probe.{x}")))
        && opts.include.is_empty()
}

fn walk_dir(root: &Path, opts: &WalkOptions, w: &mut Walk) {
    let overrides = overrides_for(root, opts, &mut w.errors);
    let include = build_globset(&opts.include, &mut w.errors);
    let mut builder = WalkBuilder::new(root);
    builder
        .overrides(overrides)
        .hidden(false)
        .git_ignore(!opts.no_ignore)
        .git_global(!opts.no_ignore)
        .git_exclude(!opts.no_ignore)
        .ignore(!opts.no_ignore)
        .parents(!opts.no_ignore)
        .require_git(false)
        .follow_links(false)
        .filter_entry(|e| e.file_name() != ".git");
    let wanted = |p: &Path| {
        let by_ext = p
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| DEFAULT_EXTENSIONS.contains(&x));
        by_ext
            || crate::buildfiles::kind_of(p).is_some()
            || include.as_ref().is_some_and(|g| {
                g.is_match(p.strip_prefix(root).unwrap_or(p))
                    || g.is_match(p.file_name().unwrap_or_default())
            })
    };
    for entry in builder.build() {
        match entry {
            Ok(e) if e.file_type().is_some_and(|t| t.is_file()) => {
                if wanted(e.path()) {
                    w.files.push(e.path().to_path_buf());
                }
            }
            // The walk root itself is followed when it is a link (the user
            // named it); links inside it never are.
            Ok(e) if e.path_is_symlink() && e.depth() > 0 => {
                let p = e.path();
                let target = std::fs::read_link(p)
                    .map(|t| t.display().to_string())
                    .unwrap_or_else(|_| "?".into());
                let message = match std::fs::metadata(p) {
                    Ok(m) if m.is_dir() => Some(format!(
                        "symbolic link to the directory {target}; not followed"
                    )),
                    Ok(_) if wanted(p) => Some(format!(
                        "symbolic link to {target}; not followed (its target is translated where a walk finds it as a file)"
                    )),
                    Err(e) if wanted(p) => Some(format!(
                        "symbolic link to {target} that cannot be followed ({e}); skipped"
                    )),
                    _ => None,
                };
                if let Some(message) = message {
                    w.notes.push(WalkNote {
                        path: p.to_path_buf(),
                        message,
                    });
                }
            }
            Ok(_) => {}
            Err(e) => w.errors.push(WalkError {
                path: None,
                message: e.to_string(),
            }),
        }
    }
}

fn build_globset(globs: &[String], errors: &mut Vec<WalkError>) -> Option<globset::GlobSet> {
    if globs.is_empty() {
        return None;
    }
    let mut b = globset::GlobSetBuilder::new();
    for g in globs {
        match globset::Glob::new(g) {
            Ok(glob) => {
                b.add(glob);
            }
            Err(e) => errors.push(WalkError {
                path: None,
                message: format!("invalid glob `{g}`: {e}"),
            }),
        }
    }
    b.build().ok()
}

/// Identifies a file whatever the path to it (links, `..`, hard links), to
/// tell whether a destination is one of the inputs.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FileId(#[cfg(unix)] (u64, u64), #[cfg(not(unix))] PathBuf);

impl FileId {
    /// The file `path` names (following links); `None` if it does not exist.
    pub fn of(path: &Path) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            std::fs::metadata(path)
                .ok()
                .map(|m| FileId((m.dev(), m.ino())))
        }
        #[cfg(not(unix))]
        {
            std::fs::canonicalize(path).ok().map(FileId)
        }
    }
}

/// Drops paths that name a file already listed (overlapping arguments,
/// `a/../a/x.cu`, a symbolic link named beside its target), keeping the first
/// spelling that is not itself a symbolic link (else the first).
fn dedup_same_file(paths: &mut Vec<PathBuf>) {
    use std::collections::HashMap;
    let is_link = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink());
    // file → index of the spelling kept
    let mut chosen: HashMap<FileId, usize> = HashMap::new();
    let mut keep = vec![true; paths.len()];
    for (i, p) in paths.iter().enumerate() {
        let Some(c) = FileId::of(p) else {
            continue;
        };
        match chosen.get(&c).copied() {
            None => {
                chosen.insert(c, i);
            }
            Some(j) if is_link(&paths[j]) && !is_link(p) => {
                keep[j] = false;
                chosen.insert(c, i);
            }
            Some(_) => keep[i] = false,
        }
    }
    let mut i = 0;
    paths.retain(|_| {
        i += 1;
        keep[i - 1]
    });
}
