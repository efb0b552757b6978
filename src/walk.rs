//! Which files to translate: explicit files always, directories walked with
//! `.gitignore` honoured and filtered by extension and globs. Returns a sorted,
//! de-duplicated list, so output is deterministic at any thread count.

use std::path::{Path, PathBuf};

use ignore::WalkBuilder;
use ignore::overrides::OverrideBuilder;

/// Extensions translated by default when walking directories.
pub const DEFAULT_EXTENSIONS: &[&str] = &[
    "cu", "cuh", "cpp", "cc", "cxx", "c++", "c", "h", "hpp", "hh", "hxx", "h++", "inl", "inc",
    "ipp", "tpp", "cuinc",
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

/// Lists the files under `roots`. Explicit file arguments are kept whatever
/// their extension; files under directories must have a known extension or
/// match `--include`.
pub fn files(roots: &[PathBuf], opts: &WalkOptions) -> (Vec<PathBuf>, Vec<WalkError>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for root in roots {
        match std::fs::metadata(root) {
            Err(e) => errors.push(WalkError {
                path: Some(root.clone()),
                message: e.to_string(),
            }),
            Ok(m) if m.is_file() => out.push(root.clone()),
            Ok(_) => walk_dir(root, opts, &mut out, &mut errors),
        }
    }
    out.sort();
    out.dedup();
    dedup_same_file(&mut out);
    (out, errors)
}

fn walk_dir(root: &Path, opts: &WalkOptions, out: &mut Vec<PathBuf>, errors: &mut Vec<WalkError>) {
    let mut overrides = OverrideBuilder::new(root);
    let mut bad_glob = |g: &str, e: ignore::Error| {
        errors.push(WalkError {
            path: None,
            message: format!("invalid glob `{g}`: {e}"),
        })
    };
    for g in &opts.exclude {
        if let Err(e) = overrides.add(&format!("!{g}")) {
            bad_glob(g, e);
        }
    }
    let overrides = overrides
        .build()
        .unwrap_or_else(|_| ignore::overrides::Override::empty());
    let include = build_globset(&opts.include, errors);
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
    for entry in builder.build() {
        match entry {
            Ok(e) if e.file_type().is_some_and(|t| t.is_file()) => {
                let p = e.path();
                let by_ext = p
                    .extension()
                    .and_then(|x| x.to_str())
                    .is_some_and(|x| DEFAULT_EXTENSIONS.contains(&x));
                let by_glob = include.as_ref().is_some_and(|g| {
                    g.is_match(p.strip_prefix(root).unwrap_or(p))
                        || g.is_match(p.file_name().unwrap_or_default())
                });
                if by_ext || by_glob {
                    out.push(p.to_path_buf());
                }
            }
            Ok(_) => {}
            Err(e) => errors.push(WalkError {
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

/// Drops later paths that name a file already listed (overlapping arguments,
/// `a/../a/x.cu`), keeping the first spelling.
fn dedup_same_file(paths: &mut Vec<PathBuf>) {
    let mut seen = std::collections::HashSet::new();
    paths.retain(|p| match std::fs::canonicalize(p) {
        Ok(c) => seen.insert(c),
        Err(_) => true,
    });
}
