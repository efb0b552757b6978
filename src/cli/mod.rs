//! One invocation: arguments → file list → parallel translation → writes →
//! reports → exit status. Knows nothing of tokens or tables.

mod args;

use std::io::{self, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::Parser;
use rayon::prelude::*;

use args::{Cli, Command, TargetArgs};
use hipify_rs::diagnostic::{Code, Diagnostic};
use hipify_rs::mappings::{self, HeaderAction, Target, Version};
use hipify_rs::output::{self, Durability, Written};
use hipify_rs::report::{self, Leftovers};
use hipify_rs::translate::{Language, Options, Stats, Translation, translate};
use hipify_rs::{exit_codes, source, walk};

/// Runs the command line and returns its exit status.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() {
                exit_codes::FAILURE
            } else {
                exit_codes::SUCCESS
            });
        }
    };
    match execute(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) if is_broken_pipe(&e) => ExitCode::from(exit_codes::SUCCESS),
        Err(e) => {
            eprintln!("hipify-rs: error: {e:#}");
            ExitCode::from(exit_codes::FAILURE)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn target(args: &TargetArgs) -> Result<Target> {
    let hip_version = match &args.hip_version {
        None => mappings::NEWEST_HIP,
        Some(v) => Version::parse(v).with_context(|| {
            format!("--hip-version: `{v}` is not a version (expected X.Y, e.g. 6.2)")
        })?,
    };
    Ok(Target {
        hip_version,
        roc: args.roc,
        miopen: args.miopen,
        experimental: args.experimental,
        use_hip_data_types: args.use_hip_data_types,
    })
}

fn execute(cli: Cli) -> Result<u8> {
    if let Some(Command::Mappings { target: t }) = &cli.command {
        print_mappings(&target(t)?)?;
        return Ok(exit_codes::SUCCESS);
    }
    if cli.threads > 0 {
        rayon::ThreadPoolBuilder::new()
            .num_threads(cli.threads)
            .build_global()
            .context("starting worker threads")?;
    }
    let opts = Options {
        target: target(&cli.target)?,
        kernel_execution_syntax: cli.target.hip_kernel_execution_syntax,
        ..Options::default()
    };
    if cli.paths.is_empty() {
        bail!("no input paths (try `hipify-rs --help`)");
    }
    let walk_opts = walk::WalkOptions {
        include: cli.walk.include.clone(),
        exclude: cli.walk.exclude.clone(),
        no_ignore: cli.walk.no_ignore,
    };
    let (files, walk_errors) = walk::files(&cli.paths, &walk_opts);
    for e in &walk_errors {
        match &e.path {
            Some(p) => eprintln!("hipify-rs: error: {}: {}", p.display(), e.message),
            None => eprintln!("hipify-rs: error: {}", e.message),
        }
    }
    let mode = Mode::of(&cli, &files)?;
    if let Mode::OutputDir(dir) = &mode {
        refuse_output_dir_inside_inputs(dir, &cli.paths)?;
    }

    let outcomes: Vec<Outcome> = files
        .par_iter()
        .map(|path| process(path, &cli, &opts, &mode))
        .collect();

    let mut stdout = io::stdout().lock();
    let mut stderr = io::stderr().lock();
    let mut failed = !walk_errors.is_empty();
    let mut changed = 0;
    let mut total = Stats::default();
    let mut total_left = Leftovers::default();
    for o in &outcomes {
        if let Some(err) = &o.error {
            failed = true;
            writeln!(stderr, "hipify-rs: error: {}: {err}", o.path.display())?;
        }
        if let Some(note) = &o.note {
            writeln!(stderr, "hipify-rs: note: {}: {note}", o.path.display())?;
        }
        let Some(t) = &o.translation else { continue };
        if t.changed {
            changed += 1;
        }
        if !cli.quiet {
            report::diagnostics(&mut stderr, &o.path, &o.source, &t.diagnostics)?;
        }
        if let Some(diff) = &o.diff {
            stdout.write_all(diff)?;
        }
        if cli.stats {
            let left = Leftovers::of(&o.source, &t.diagnostics);
            report::file_stats(&mut stderr, &o.path, &t.stats, &left)?;
            total_left.merge_counts(&left);
        }
        total.add(&t.stats);
        match &mode {
            Mode::Stdout => stdout.write_all(&t.output)?,
            Mode::File(dest) => {
                output::write_atomic(dest, &t.output, Some(&o.path), Durability::Renamed)
                    .with_context(|| format!("writing {}", dest.display()))?;
            }
            _ => {}
        }
    }
    stdout.flush()?;
    if cli.stats {
        report::total_stats(&mut stderr, outcomes.len(), changed, &total, &total_left)?;
    }
    if failed {
        return Ok(exit_codes::FAILURE);
    }
    if cli.check {
        if changed > 0 {
            writeln!(
                stderr,
                "hipify-rs: {changed} of {} files would change",
                outcomes.len()
            )?;
            return Ok(exit_codes::FINDINGS);
        }
        writeln!(
            stderr,
            "hipify-rs: {} files checked, nothing to change",
            outcomes.len()
        )?;
    }
    Ok(exit_codes::SUCCESS)
}

/// Where results go.
enum Mode {
    Stdout,
    File(PathBuf),
    InPlace,
    OutputDir(PathBuf),
    /// `--diff` and/or `--check`: write nothing.
    Preview,
}

impl Mode {
    fn of(cli: &Cli, files: &[PathBuf]) -> Result<Mode> {
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

fn refuse_output_dir_inside_inputs(dir: &Path, inputs: &[PathBuf]) -> Result<()> {
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
                bail!(
                    "--output-dir {} is inside the input {}: a second run would translate its own output; choose a directory outside the inputs",
                    dir.display(),
                    input.display()
                );
            }
        }
    }
    Ok(())
}

/// What happened to one file.
struct Outcome {
    path: PathBuf,
    source: Vec<u8>,
    translation: Option<Translation>,
    diff: Option<Vec<u8>>,
    error: Option<String>,
    note: Option<String>,
}

fn process(path: &Path, cli: &Cli, opts: &Options, mode: &Mode) -> Outcome {
    let mut o = Outcome {
        path: path.to_path_buf(),
        source: Vec::new(),
        translation: None,
        diff: None,
        error: None,
        note: None,
    };
    o.source = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            o.error = Some(format!("cannot read: {e}"));
            return o;
        }
    };
    if source::looks_binary(&o.source) {
        o.note = Some("binary file (NUL bytes); skipped".into());
        return o;
    }
    let language = Language::of_path(path);
    let t = match catch_unwind(AssertUnwindSafe(|| translate(&o.source, language, opts))) {
        Ok(t) => t,
        Err(_) => {
            let d = Diagnostic::new(
                Code::InternalPanic,
                0..0,
                "internal error while translating; the file was left untouched (please report it)",
            );
            Translation {
                output: o.source.clone(),
                changed: false,
                stats: Stats::default(),
                diagnostics: vec![d],
            }
        }
    };
    let result = match mode {
        Mode::InPlace if t.changed => cli
            .backup
            .as_deref()
            .map_or(Ok(()), |suffix| output::backup(path, suffix))
            .and_then(|()| {
                output::write_atomic(path, &t.output, None, Durability::Synced).map(|_| ())
            }),
        Mode::OutputDir(dir) => {
            let dest = dir.join(relative_to_roots(path, &cli.paths));
            std::fs::create_dir_all(dest.parent().unwrap_or(dir))
                .and_then(|()| {
                    output::write_atomic(&dest, &t.output, Some(path), Durability::Renamed)
                })
                .map(|_: Written| ())
        }
        _ => Ok(()),
    };
    if let Err(e) = result {
        o.error = Some(format!("cannot write: {e}"));
    }
    if cli.mode.diff && t.changed {
        o.diff = Some(unified_diff(path, &o.source, &t.output));
    }
    o.translation = Some(t);
    o
}

/// The path of `file` under the output dir: relative to the directory argument
/// it was found under, or its file name for a file argument.
fn relative_to_roots(file: &Path, roots: &[PathBuf]) -> PathBuf {
    roots
        .iter()
        .filter(|r| r.is_dir())
        .filter_map(|r| file.strip_prefix(r).ok())
        .min_by_key(|rel| rel.components().count())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(file.file_name().unwrap_or_default()))
}

fn unified_diff(path: &Path, old: &[u8], new: &[u8]) -> Vec<u8> {
    let diff = similar::TextDiff::from_lines(old, new);
    let name = path.display().to_string();
    let mut out = Vec::new();
    let _ = diff
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_writer(&mut out);
    out
}

fn print_mappings(t: &Target) -> Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for m in mappings::all() {
        let r = m.resolve(t);
        writeln!(
            out,
            "{}\t{}\t{}\t{}",
            m.cuda,
            r.name.filter(|n| !n.is_empty()).unwrap_or("-"),
            m.family,
            r.status.name()
        )?;
    }
    for h in mappings::all_headers() {
        // A header HIP needs nothing for (the include is dropped) is
        // supported with no HIP name.
        let (name, status) = match h.resolve(t) {
            HeaderAction::Replace(name) => (name, "supported"),
            HeaderAction::Remove => ("-", "supported"),
            HeaderAction::Keep => ("-", "unsupported"),
        };
        writeln!(
            out,
            "{}\t{}\t{}\t{}",
            h.cuda,
            name,
            mappings::Family::Headers,
            status
        )?;
    }
    out.flush()?;
    Ok(())
}
