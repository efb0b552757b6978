//! One file from disk to disk: read it (refusing links under --inplace,
//! files too large, unreadable ones), translate it through the engine, and
//! write the result where the mode says.

use super::*;

/// What every worker needs to process a file.
pub(super) struct Run<'a> {
    pub(super) cli: &'a Cli,
    pub(super) opts: &'a Options,
    /// What the run's files declare (for HIP-W004).
    pub(super) project: &'a ProjectNames,
    pub(super) mode: &'a Mode,
    /// The directory arguments (output paths are relative to them).
    pub(super) dir_roots: &'a [PathBuf],
    pub(super) outputs: Option<&'a Destinations>,
    /// `--single-source`: the compat header, and what the files need of it.
    pub(super) single_source: Option<&'a single_source::Tree>,
}

/// Where `--output-dir` puts files, and what it must never replace.
pub(super) struct Destinations {
    pub(super) tree: output::OutputDir,
    /// Every input, by identity: a destination that is one is refused.
    pub(super) inputs: std::collections::HashSet<walk::FileId>,
}

/// Where results go.
pub(super) enum Mode {
    Stdout,
    File(PathBuf),
    InPlace,
    OutputDir(PathBuf),
    /// `--diff` and/or `--check`: write nothing.
    Preview,
}

impl Mode {
    pub(super) fn of(cli: &Cli, files: &[PathBuf]) -> Result<Mode> {
        let m = &cli.mode;
        let single = |what: &str| -> Result<()> {
            if files.len() != 1 || !cli.paths.iter().all(|p| p.is_file()) {
                bail!(
                    "{what} takes exactly one input file ({} given); use --inplace, --output-dir or --diff for several",
                    files.len()
                );
            }
            Ok(())
        };
        Ok(if m.inplace {
            Mode::InPlace
        } else if let Some(dir) = &m.output_dir {
            Mode::OutputDir(dir.clone())
        } else if let Some(f) = &m.output {
            single("-o")?;
            Mode::File(f.clone())
        } else if m.diff || cli.check {
            Mode::Preview
        } else {
            single("printing to stdout")?;
            Mode::Stdout
        })
    }
}

/// Removes temp files an interrupted run left in the directories this run
/// writes to (see `output::remove_stale_temps` for which ones).
pub(super) fn remove_stale_temps(
    files: &[PathBuf],
    cli: &Cli,
    mode: &Mode,
    dir_roots: &[PathBuf],
    run_started: std::time::SystemTime,
) {
    let mut dirs = std::collections::BTreeSet::new();
    for f in files {
        let dest = match mode {
            Mode::InPlace => f.clone(),
            Mode::OutputDir(dir) => dir.join(relative_to_roots(f, dir_roots)),
            Mode::File(dest) => dest.clone(),
            _ => return,
        };
        let parent = dest.parent().filter(|p| !p.as_os_str().is_empty());
        dirs.insert(parent.unwrap_or(Path::new(".")).to_path_buf());
    }
    for d in dirs {
        for removed in output::remove_stale_temps(&d, run_started) {
            if !cli.quiet {
                eprintln!(
                    "hipify-rs: note: {}: removed, a temp file left by an interrupted run",
                    removed.display()
                );
            }
        }
    }
}

/// Refuses an output dir inside a directory input, unless an `--exclude`
/// glob (or the config's `exclude`) keeps the walk out of it, so that a
/// second run cannot translate its own output.
pub(super) fn refuse_output_dir_inside_inputs(
    dir: &Path,
    inputs: &[PathBuf],
    walk_opts: &walk::WalkOptions,
) -> Result<()> {
    let Ok(out) = std::fs::canonicalize(dir).or_else(|_| {
        // Not created yet: judge by its parent.
        let parent = dir
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::canonicalize(parent).map(|p| p.join(dir.file_name().unwrap_or_default()))
    }) else {
        return Ok(());
    };
    for input in inputs {
        if let Ok(inp) = std::fs::canonicalize(input) {
            if inp.is_dir() && out.starts_with(&inp) {
                let rel = out.strip_prefix(&inp).unwrap_or(Path::new(""));
                if out != inp && walk::excludes_dir(input, rel, walk_opts) {
                    continue;
                }
                bail!(
                    "--output-dir {} is inside the input {}: a second run would translate its own output; choose a directory outside the inputs, or --exclude it",
                    dir.display(),
                    input.display()
                );
            }
        }
    }
    Ok(())
}

/// Refuses a run whose inputs would be written to one path under the output
/// dir (`a/main.cu` and `b/main.cu` from the directories `a` and `b`): the
/// later would replace the earlier, and a translation would be lost.
pub(super) fn refuse_colliding_destinations(
    files: &[PathBuf],
    dir_roots: &[PathBuf],
) -> Result<()> {
    let mut written: std::collections::HashMap<PathBuf, &Path> = std::collections::HashMap::new();
    for f in files {
        let dest = relative_to_roots(f, dir_roots);
        match written.get(&dest) {
            Some(&earlier)
                if walk::FileId::of(earlier) != walk::FileId::of(f)
                    || walk::FileId::of(f).is_none() =>
            {
                bail!(
                    "--output-dir: {} and {} would both be written to {} under it, and one translation would be lost; translate one directory at a time, or give their common parent",
                    earlier.display(),
                    f.display(),
                    dest.display()
                )
            }
            Some(_) => {}
            None => {
                written.insert(dest, f);
            }
        }
    }
    Ok(())
}

/// What happened to one file.
pub(super) struct Outcome {
    pub(super) path: PathBuf,
    pub(super) source: Vec<u8>,
    /// The translation; for a file that could not be read or written, one
    /// whose only diagnostic is HIP-E002.
    pub(super) translation: Option<Translation>,
    pub(super) diff: Option<Vec<u8>>,
    pub(super) failed: bool,
    pub(super) note: Option<String>,
}

/// Files at least this large are not read: token offsets are 32-bit.
pub(super) const MAX_FILE_SIZE: u64 = u32::MAX as u64;

pub(super) fn process(path: &Path, run: &Run<'_>) -> Outcome {
    let (cli, opts, mode) = (run.cli, run.opts, run.mode);
    let mut o = Outcome {
        path: path.to_path_buf(),
        source: Vec::new(),
        translation: None,
        diff: None,
        failed: false,
        note: None,
    };
    if matches!(mode, Mode::InPlace)
        && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
    {
        // Renaming over the link would replace it; writing through it would
        // change a file elsewhere. Neither is what the user can expect.
        let target = std::fs::read_link(path).unwrap_or_default();
        o.note = Some(format!(
            "symbolic link to {}; skipped by --inplace (name the target to translate it)",
            target.display()
        ));
        return o;
    }
    if let Ok(m) = std::fs::metadata(path) {
        if m.len() >= MAX_FILE_SIZE {
            o.note = Some(format!(
                "{} bytes: too large (4 GiB at most); skipped",
                m.len()
            ));
            return o;
        }
    }
    o.source = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            o.failed = true;
            o.translation = Some(untouched(
                &[],
                Diagnostic::new(Code::IoError, 0..0, format!("cannot read: {e}")),
            ));
            return o;
        }
    };
    let kind = FileKind::of_path(path);
    // A header the translation would write out in place, which the project
    // ships beside the file (`#include "math_constants.h"`): the project's.
    let shipped: Vec<String> = hipify_rs::translate::shimmed_headers()
        .filter(|h| memchr::memmem::find(&o.source, format!("\"{h}\"").as_bytes()).is_some())
        .filter(|h| path.parent().is_some_and(|d| d.join(h).is_file()))
        .map(str::to_owned)
        .collect();
    let local;
    let opts = if shipped.is_empty() {
        opts
    } else {
        local = Options {
            shipped_headers: shipped,
            ..opts.clone()
        };
        &local
    };
    let result = hipify_rs::project::with_own_functions(path, &o.source, opts, |opts| {
        match run.single_source {
            Some(tree) => tree.process(path, &o.source, kind, opts),
            None => engine::process(&o.source, kind, opts),
        }
    });
    let t = match result {
        FileResult::Translated(t) => t,
        FileResult::Binary => {
            o.note =
                Some("binary file (a NUL byte, or mostly bytes that are not text); skipped".into());
            return o;
        }
    };
    if let FileKind::Source(_) = kind {
        (run.project).note(
            path,
            &o.source,
            &t.stats.declared,
            &t.stats.relative_includes,
        );
    }
    let result = match mode {
        Mode::InPlace if t.changed => cli
            .backup
            .as_deref()
            .map_or(Ok(()), |suffix| output::backup(path, suffix))
            .and_then(|()| {
                output::write_atomic(path, &t.output, None, Durability::Synced).map(|_| ())
            }),
        Mode::OutputDir(_) => {
            let outputs = run.outputs.expect("--output-dir has its destinations");
            outputs
                .tree
                .dest(&relative_to_roots(path, run.dir_roots))
                .and_then(|dest| {
                    let is_input = std::fs::symlink_metadata(&dest).is_ok_and(|m| m.is_file())
                        && walk::FileId::of(&dest).is_some_and(|id| outputs.inputs.contains(&id));
                    if is_input {
                        return Err(io::Error::other(format!(
                            "{} is an input; not overwriting it",
                            dest.display()
                        )));
                    }
                    output::write_atomic(&dest, &t.output, Some(path), Durability::Renamed)
                        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dest.display())))
                })
                .map(|_: Written| ())
        }
        _ => Ok(()),
    };
    if let Err(e) = result {
        // Nothing was written: report it, and show no change.
        o.failed = true;
        o.translation = Some(untouched(
            &o.source,
            Diagnostic::new(Code::IoError, 0..0, format!("cannot write: {e}")),
        ));
        return o;
    }
    if cli.mode.diff && t.changed {
        o.diff = Some(render::diff::unified(path, &o.source, &t.output));
    }
    o.translation = Some(t);
    o
}

/// The path of `file` under the output dir: relative to the directory argument
/// it was found under (the innermost), or its file name for a file argument.
pub(super) fn relative_to_roots(file: &Path, dir_roots: &[PathBuf]) -> PathBuf {
    dir_roots
        .iter()
        .filter_map(|r| file.strip_prefix(r).ok())
        .min_by_key(|rel| rel.components().count())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(file.file_name().unwrap_or_default()))
}
