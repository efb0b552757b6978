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

use std::collections::HashMap;
use std::io::IsTerminal;

use args::{Cli, Color, Command, TargetArgs};
use hipify_rs::config::{self, Config};
use hipify_rs::diagnostic::{Code, Diagnostic, FixAvailability, Severity};
use hipify_rs::mappings::{self, HeaderAction, Target, Version};
use hipify_rs::output::{self, Durability, Written};
use hipify_rs::project::ProjectNames;
use hipify_rs::render::stats::Leftovers;
use hipify_rs::render::{self, FileReport, Format, Summary};
use hipify_rs::translate::{Language, Options, Stats, Translation, translate};
use hipify_rs::{exit_codes, source, verify, walk};

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

/// The target: flags, else the config file, else the defaults.
fn target(args: &TargetArgs, config: &Config) -> Result<Target> {
    let hip_version = match args.hip_version.as_ref().or(config.hip_version.as_ref()) {
        None => mappings::NEWEST_HIP,
        Some(v) => Version::parse(v).with_context(|| {
            format!("--hip-version: `{v}` is not a version (expected X.Y, e.g. 6.2)")
        })?,
    };
    Ok(Target {
        hip_version,
        roc: args.roc || config.roc.unwrap_or(false),
        miopen: args.miopen || config.miopen.unwrap_or(false),
        experimental: args.experimental || config.experimental.unwrap_or(false),
        use_hip_data_types: args.use_hip_data_types || config.use_hip_data_types.unwrap_or(false),
    })
}

fn load_config(cli: &Cli) -> Result<Config> {
    if cli.no_config {
        return Ok(Config::default());
    }
    let path = match &cli.config {
        Some(p) => Some(p.clone()),
        None => {
            let start = cli
                .paths
                .first()
                .cloned()
                .unwrap_or_else(|| PathBuf::from("."));
            config::find(&start)
        }
    };
    match path {
        Some(p) => Ok(Config::load(&p)?),
        None => Ok(Config::default()),
    }
}

/// Config levels, then `--warn`, `--deny`, `--allow` (flags win).
fn severities(cli: &Cli, config: &Config) -> Result<HashMap<Code, Severity>> {
    let mut out = config.severities().map_err(anyhow::Error::msg)?;
    for (codes, level) in [
        (&cli.warn, Severity::Warning),
        (&cli.deny, Severity::Error),
        (&cli.allow, Severity::Off),
    ] {
        for c in codes {
            let code = Code::parse(c).with_context(|| {
                format!("unknown diagnostic code `{c}` (see `hipify-rs --list-codes`)")
            })?;
            out.insert(code, level);
        }
    }
    Ok(out)
}

fn explain(code: &str) -> Result<u8> {
    let c = Code::parse(code).with_context(|| {
        format!("unknown diagnostic code `{code}` (see `hipify-rs --list-codes`)")
    })?;
    let i = c.info();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{} ({}): {}
",
        i.id, i.name, i.summary
    )?;
    writeln!(
        out,
        "Default level: {}.
",
        i.default_severity.name()
    )?;
    writeln!(out, "{}", i.explanation)?;
    Ok(exit_codes::SUCCESS)
}

fn list_codes(format: Format) -> Result<u8> {
    let mut out = io::stdout().lock();
    for c in Code::ALL {
        let i = c.info();
        if format == Format::Json {
            let fix = match i.fix {
                FixAvailability::Always => "always",
                FixAvailability::Sometimes => "sometimes",
                FixAvailability::Never => "never",
            };
            writeln!(
                out,
                "{}",
                serde_json::json!({"code": i.id, "name": i.name, "severity": i.default_severity.name(), "fix": fix, "summary": i.summary})
            )?;
        } else {
            writeln!(
                out,
                "{}	{}	{}	{}",
                i.id,
                i.name,
                i.default_severity.name(),
                i.summary
            )?;
        }
    }
    Ok(exit_codes::SUCCESS)
}

/// How to translate, from the command line over the config: one place, so
/// that `verify` compiles the translation the main command writes.
fn options(t: &TargetArgs, apply_fixes: bool, cli: &Cli, config: &Config) -> Result<Options> {
    Ok(Options {
        target: target(t, config)?,
        kernel_execution_syntax: t.hip_kernel_execution_syntax
            || config.hip_kernel_execution_syntax.unwrap_or(false),
        apply_fixes,
        severities: severities(cli, config)?,
        extra_mappings: config.mappings.clone().into_iter().collect(),
        keep_strings: t.keep_strings || config.keep_strings.unwrap_or(false),
    })
}

fn run_verify(cli: &Cli, config: &Config) -> Result<u8> {
    let Some(Command::Verify {
        paths,
        offload_arch,
        include,
        define,
        compile_commands,
        hipcc,
        flags,
        target: t,
    }) = &cli.command
    else {
        unreachable!("called for verify only");
    };
    let roots = if paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        paths.clone()
    };
    let walk_opts = walk::WalkOptions {
        include: config.include.clone(),
        exclude: config.exclude.clone(),
        no_ignore: false,
    };
    let (files, errors) = walk::files(&roots, &walk_opts);
    if let Some(e) = errors.first() {
        bail!(
            "{}: {}",
            e.path.as_deref().unwrap_or(Path::new(".")).display(),
            e.message
        );
    }
    let files: Vec<PathBuf> = files
        .iter()
        .map(|f| std::fs::canonicalize(f).unwrap_or_else(|_| f.clone()))
        .collect();
    // Translate for the HIP that will compile it, unless told otherwise.
    let mut target = target(t, config)?;
    if t.hip_version.is_none() && config.hip_version.is_none() {
        if let Some(v) = verify::hipcc_hip_version(hipcc) {
            target.hip_version = v;
        }
    }
    let opts = verify::VerifyOptions {
        // The translation the main command writes (config's launch syntax,
        // strings and severities), with the fixes applied.
        translate: Options {
            target,
            ..options(t, true, cli, config)?
        },
        archs: offload_arch.clone(),
        include_dirs: include.clone(),
        defines: define.clone(),
        compile_commands: compile_commands.clone(),
        hipcc: hipcc.clone(),
        extra_flags: flags.clone(),
    };
    let verdicts = verify::verify(&files, &opts)?;
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut out = io::stdout().lock();
    let mut failed = 0;
    for v in &verdicts {
        let shown = v.path.strip_prefix(&cwd).unwrap_or(&v.path);
        if v.ok {
            writeln!(out, "OK   {}", shown.display())?;
        } else {
            failed += 1;
            writeln!(out, "FAIL {}", shown.display())?;
            for e in &v.errors {
                writeln!(out, "     {e}")?;
            }
            for f in &v.findings {
                writeln!(out, "     hipify-rs: {f}")?;
            }
        }
    }
    writeln!(
        out,
        "hipify-rs verify: {} of {} compiled",
        verdicts.len() - failed,
        verdicts.len()
    )?;
    Ok(if failed > 0 {
        exit_codes::FINDINGS
    } else {
        exit_codes::SUCCESS
    })
}

/// A unified diff with ANSI colours: removals red, additions green, hunk
/// headers cyan, file headers bold.
fn colorize_diff(diff: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(diff.len() + diff.len() / 8);
    for line in diff.split_inclusive(|&b| b == b'\n') {
        let style: &[u8] = if line.starts_with(b"+++") || line.starts_with(b"---") {
            b"\x1b[1m"
        } else if line.starts_with(b"+") {
            b"\x1b[32m"
        } else if line.starts_with(b"-") {
            b"\x1b[31m"
        } else if line.starts_with(b"@@") {
            b"\x1b[36m"
        } else {
            b""
        };
        if style.is_empty() {
            out.extend_from_slice(line);
            continue;
        }
        let (body, nl) = match line.strip_suffix(b"\n") {
            Some(b) => (b, &b"\n"[..]),
            None => (line, &b""[..]),
        };
        out.extend_from_slice(style);
        out.extend_from_slice(body);
        out.extend_from_slice(b"\x1b[0m");
        out.extend_from_slice(nl);
    }
    out
}

fn use_color(choice: Color) -> bool {
    match choice {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::env::var_os("NO_COLOR").is_none() && io::stderr().is_terminal(),
    }
}

fn execute(cli: Cli) -> Result<u8> {
    if let Some(code) = &cli.explain {
        return explain(code);
    }
    if cli.list_codes {
        return list_codes(cli.format);
    }
    let config = load_config(&cli)?;
    match &cli.command {
        Some(Command::Mappings { target: t }) => {
            print_mappings(&target(t, &config)?)?;
            return Ok(exit_codes::SUCCESS);
        }
        Some(Command::Verify { .. }) => return run_verify(&cli, &config),
        None => {}
    }
    let opts = options(&cli.target, cli.fix, &cli, &config)?;
    if cli.paths.is_empty() {
        bail!("no input paths (try `hipify-rs --help`)");
    }
    if cli.fix && cli.check && !cli.mode.diff {
        bail!(
            "--fix with --check writes nothing; add --diff to see the fixes, or use --inplace/--output-dir"
        );
    }
    let mut exclude = config.exclude.clone();
    exclude.extend(cli.walk.exclude.iter().cloned());
    let mut include = config.include.clone();
    include.extend(cli.walk.include.iter().cloned());
    let walk_opts = walk::WalkOptions {
        include,
        exclude,
        no_ignore: cli.walk.no_ignore,
    };
    let run_started = std::time::SystemTime::now();
    let walk::Walk {
        files,
        errors: walk_errors,
        notes: walk_notes,
    } = walk::walk(&cli.paths, &walk_opts);
    for e in &walk_errors {
        match &e.path {
            Some(p) => eprintln!("hipify-rs: error: {}: {}", p.display(), e.message),
            None => eprintln!("hipify-rs: error: {}", e.message),
        }
    }
    if !cli.quiet {
        for n in &walk_notes {
            eprintln!("hipify-rs: note: {}: {}", n.path.display(), n.message);
        }
    }
    let mode = Mode::of(&cli, &files)?;
    let dir_roots: Vec<PathBuf> = cli.paths.iter().filter(|p| p.is_dir()).cloned().collect();
    let outputs = match &mode {
        Mode::OutputDir(dir) => {
            refuse_output_dir_inside_inputs(dir, &cli.paths, &walk_opts)?;
            Some(Destinations {
                tree: output::OutputDir::create(dir)
                    .with_context(|| format!("creating --output-dir {}", dir.display()))?,
                inputs: files.iter().filter_map(|f| walk::FileId::of(f)).collect(),
            })
        }
        _ => None,
    };
    remove_stale_temps(&files, &cli, &mode, &dir_roots, run_started);

    let progress = (cli.format == Format::Human
        && !cli.quiet
        && files.len() >= 200
        && io::stderr().is_terminal())
    .then(|| {
        let bar = indicatif::ProgressBar::new(files.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let color = use_color(cli.color);
    let diff_color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::env::var_os("NO_COLOR").is_none() && io::stdout().is_terminal(),
    };
    // Machine formats go to stdout unless it carries the translation or the diff.
    let machine_to_stderr = matches!(mode, Mode::Stdout) || cli.mode.diff;
    let printer = std::sync::Mutex::new(Printer {
        next: 0,
        pending: std::collections::BTreeMap::new(),
        stdout: io::BufWriter::new(io::stdout()),
        summary: Summary {
            failed: walk_errors.len(),
            ..Summary::default()
        },
        total: Stats::default(),
        total_left: Leftovers::default(),
        sarif: Vec::new(),
        error: None,
    });

    // Workers translate, write and render each file, keeping only text, then
    // hand the result to the printer, which prints results in path order as
    // soon as they are next: memory holds the files in flight, never the tree,
    // and no thread waits on another except for the printer's lock.
    if files.len() > 1 && cli.threads > 0 {
        rayon::ThreadPoolBuilder::new()
            .num_threads(cli.threads)
            .build_global()
            .context("starting worker threads")?;
    }
    let project = ProjectNames::new(files.clone());
    let run = Run {
        cli: &cli,
        opts: &opts,
        project: &project,
        mode: &mode,
        dir_roots: &dir_roots,
        outputs: outputs.as_ref(),
    };
    let each = |(i, path): (usize, &PathBuf)| {
        let o = process(path, &run);
        // A HIP-W004 candidate may name what another file declares: such a
        // file is rendered once the run's names are known (and the files
        // after it are printed then, in order).
        let r = if o
            .translation
            .as_ref()
            .is_some_and(|t| t.diagnostics.iter().any(|d| d.code == Code::UnmappedApi))
        {
            let mut o = o;
            let unmapped = (o.translation.as_ref())
                .map(|t| hipify_rs::project::unmapped_names(t, &o.source))
                .unwrap_or_default();
            // Hold only what rendering will read: the file may be large.
            if let Some(t) = o.translation.as_mut() {
                if !matches!(mode, Mode::Stdout | Mode::File(_)) {
                    t.output = Vec::new();
                }
            }
            if !reads_source(&cli) {
                o.source = Vec::new();
                // Only counted: codes and severities are all that is read.
                for d in o.translation.iter_mut().flat_map(|t| &mut t.diagnostics) {
                    (d.message, d.help, d.fix) = (String::new(), None, None);
                }
            }
            Pending::Deferred(o, unmapped)
        } else {
            Pending::Rendered(render_outcome(o, &cli, &mode, color))
        };
        if let Some(bar) = &progress {
            bar.inc(1);
        }
        // A worker that panicked while printing poisons the lock; the
        // others keep translating and writing, and the run reports it.
        if let Ok(mut p) = printer.lock() {
            let r = match r {
                Pending::Rendered(r) => p.account(r),
                deferred => deferred,
            };
            p.pending.insert(i, r);
            p.print_ready(&run, machine_to_stderr, diff_color);
        }
    };
    if files.len() <= 1 {
        // One file (a build system's per-file call): no worker threads to start.
        files.iter().enumerate().for_each(each);
    } else {
        files.par_iter().enumerate().for_each(each);
    }
    let mut printer = printer
        .into_inner()
        .map_err(|_| anyhow::anyhow!("internal error while printing results"))?;
    if !printer.pending.is_empty() {
        let names = project.resolve();
        let pending = std::mem::take(&mut printer.pending);
        printer.pending = pending
            .into_par_iter()
            .map(|(i, r)| match r {
                Pending::Deferred(mut o, unmapped) => {
                    if let Some(t) = &mut o.translation {
                        hipify_rs::project::drop_declared(t, &unmapped, &names);
                    }
                    (i, Err(render_outcome(o, &cli, &mode, color)))
                }
                rendered => (i, Ok(rendered)),
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|(i, r)| (i, r.unwrap_or_else(|late| printer.account(late))))
            .collect();
        printer.print_ready(&run, machine_to_stderr, diff_color);
    }
    let Printer {
        mut stdout,
        mut summary,
        total,
        total_left,
        sarif,
        error,
        ..
    } = printer;
    if let Some(e) = error {
        return Err(e);
    }
    let mut stderr = io::stderr();
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if cli.stats {
        render::stats::total_stats(
            &mut stderr,
            summary.files,
            summary.changed,
            &total,
            &total_left,
        )?;
    }
    summary.exit_code = if summary.failed > 0 {
        exit_codes::FAILURE
    } else if cli.check && (summary.changed > 0 || summary.errors > 0 || summary.warnings > 0) {
        exit_codes::FINDINGS
    } else {
        exit_codes::SUCCESS
    };
    match cli.format {
        Format::Sarif => {
            let sink: &mut dyn Write = if machine_to_stderr {
                &mut stderr
            } else {
                &mut stdout
            };
            render::sarif::write(sink, sarif)?;
        }
        Format::Json => {
            let sink: &mut dyn Write = if machine_to_stderr {
                &mut stderr
            } else {
                &mut stdout
            };
            if cli.statistics {
                render::json::statistics(sink, &summary)?;
            }
            render::json::summary(sink, &summary)?;
        }
        _ if cli.statistics => render::human::statistics(&mut stdout, &summary)?,
        _ => {}
    }
    stdout.flush()?;
    if cli.format == Format::Human
        && !cli.quiet
        && (cli.check || cli.fix || !matches!(mode, Mode::Stdout))
    {
        writeln!(stderr, "{}", summary.line(cli.check))?;
    }
    Ok(summary.exit_code)
}

/// What every worker needs to process a file.
struct Run<'a> {
    cli: &'a Cli,
    opts: &'a Options,
    /// What the run's files declare (for HIP-W004).
    project: &'a ProjectNames,
    mode: &'a Mode,
    /// The directory arguments (output paths are relative to them).
    dir_roots: &'a [PathBuf],
    outputs: Option<&'a Destinations>,
}

/// Where `--output-dir` puts files, and what it must never replace.
struct Destinations {
    tree: output::OutputDir,
    /// Every input, by identity: a destination that is one is refused.
    inputs: std::collections::HashSet<walk::FileId>,
}

/// Prints results in path order and adds up the counts; shared by the
/// workers behind a lock.
struct Printer {
    /// Index of the next file to print.
    next: usize,
    /// Results that arrived before their turn.
    pending: std::collections::BTreeMap<usize, Pending>,
    stdout: io::BufWriter<io::Stdout>,
    summary: Summary,
    total: Stats,
    total_left: Leftovers,
    sarif: Vec<serde_json::Value>,
    /// The first error printing met; nothing more is printed after it.
    error: Option<anyhow::Error>,
}

impl Printer {
    /// Adds a file's counts to the run's totals as it arrives: what waits
    /// for its turn is only what prints.
    fn account(&mut self, mut r: Rendered) -> Pending {
        if let Some(counts) = r.counts.take() {
            self.summary.add(&counts);
            r.counted = true;
        }
        if let Some(left) = r.leftovers.take() {
            self.total_left.merge_counts(&left);
        }
        self.total.add(&std::mem::take(&mut r.stats));
        Pending::Rendered(r)
    }

    /// Prints every pending result whose turn has come.
    fn print_ready(&mut self, run: &Run<'_>, machine_to_stderr: bool, diff_color: bool) {
        while let Some(Pending::Rendered(_)) = self.pending.get(&self.next) {
            let Some(Pending::Rendered(r)) = self.pending.remove(&self.next) else {
                break;
            };
            self.next += 1;
            if self.error.is_none() {
                if let Err(e) = self.print(r, run, machine_to_stderr, diff_color) {
                    self.error = Some(e);
                }
            }
        }
    }

    fn print(
        &mut self,
        r: Rendered,
        run: &Run<'_>,
        machine_to_stderr: bool,
        diff_color: bool,
    ) -> Result<()> {
        let cli = run.cli;
        let mut stderr = io::stderr().lock();
        if let Some(note) = &r.note {
            if !cli.quiet {
                writeln!(stderr, "hipify-rs: note: {}: {note}", r.path.display())?;
            }
        }
        if !r.counted {
            return Ok(());
        }
        if cli.format == Format::Human || machine_to_stderr {
            stderr.write_all(&r.diagnostics)?;
        } else {
            self.stdout.write_all(&r.diagnostics)?;
        }
        if let Some(diff) = &r.diff {
            if diff_color {
                self.stdout.write_all(&colorize_diff(diff))?;
            } else {
                self.stdout.write_all(diff)?;
            }
        }
        stderr.write_all(&r.stats_text)?;
        self.sarif.extend(r.sarif);
        match run.mode {
            Mode::Stdout => self
                .stdout
                .write_all(r.output.as_deref().unwrap_or_default())?,
            Mode::File(dest) => {
                output::write_atomic(
                    dest,
                    r.output.as_deref().unwrap_or_default(),
                    Some(r.path.as_path()),
                    Durability::Renamed,
                )
                .with_context(|| format!("writing {}", dest.display()))?;
            }
            _ => {}
        }
        // Keep stdout in step with the diagnostics on stderr (a terminal
        // shows both), at one write per file rather than per line.
        if r.diff.is_some() || matches!(run.mode, Mode::Stdout) || !machine_to_stderr {
            self.stdout.flush()?;
        }
        Ok(())
    }
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

/// Removes temp files an interrupted run left in the directories this run
/// writes to (see `output::remove_stale_temps` for which ones).
fn remove_stale_temps(
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
fn refuse_output_dir_inside_inputs(
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

/// One file's results as text, rendered by the worker that processed it.
struct Rendered {
    path: PathBuf,
    note: Option<String>,
    /// The file's counts; `None` for a skipped file, and once added to the
    /// run's ([`Printer::account`]).
    counts: Option<Summary>,
    /// Whether the file was counted (not skipped): its output prints.
    counted: bool,
    /// Diagnostics in the chosen format (SARIF: see `sarif`).
    diagnostics: Vec<u8>,
    diff: Option<Vec<u8>>,
    /// The `--stats` block.
    stats_text: Vec<u8>,
    stats: Stats,
    leftovers: Option<Leftovers>,
    sarif: Vec<serde_json::Value>,
    /// The translation, kept only where it is printed or written later.
    output: Option<Vec<u8>>,
}

/// Whether [`render_outcome`] reads the source (for lines, columns and
/// snippets): not for counts alone.
fn reads_source(cli: &Cli) -> bool {
    (!cli.quiet && !cli.statistics) || cli.format == Format::Sarif || cli.stats
}

/// Renders what `o` needs to show while its bytes are at hand, then drops them.
fn render_outcome(o: Outcome, cli: &Cli, mode: &Mode, color: bool) -> Rendered {
    let mut r = Rendered {
        path: o.path,
        note: o.note,
        counts: None,
        counted: false,
        diagnostics: Vec::new(),
        diff: o.diff,
        stats_text: Vec::new(),
        stats: Stats::default(),
        leftovers: None,
        sarif: Vec::new(),
        output: None,
    };
    let Some(t) = o.translation else { return r };
    let mut counts = Summary::default();
    counts.count(&t);
    counts.failed = usize::from(o.failed);
    r.counts = Some(counts);
    let report = FileReport {
        path: &r.path,
        source: &o.source,
        translation: &t,
    };
    if !cli.quiet && !cli.statistics {
        // Writing to a Vec cannot fail.
        let _ = match cli.format {
            Format::Human => render::human::diagnostics(&mut r.diagnostics, &report, color),
            Format::Json => render::json::file(&mut r.diagnostics, &report),
            Format::Github => render::github::diagnostics(&mut r.diagnostics, &report),
            Format::Sarif => Ok(()),
        };
    }
    if cli.format == Format::Sarif {
        r.sarif = render::sarif::results(&report);
    }
    if cli.stats {
        let left = Leftovers::of(&o.source, &t.diagnostics);
        let _ = render::stats::file_stats(&mut r.stats_text, &r.path, &t.stats, &left);
        r.leftovers = Some(left);
    }
    r.stats = Stats {
        // Read by the project's names already; not added up.
        declared: Vec::new(),
        relative_includes: Vec::new(),
        ..t.stats
    };
    if matches!(mode, Mode::Stdout | Mode::File(_)) {
        r.output = Some(t.output);
    }
    r
}

/// A file's result waiting for its turn to print.
enum Pending {
    Rendered(Rendered),
    /// Rendered after the run: it holds HIP-W004 candidates (named here,
    /// in order).
    Deferred(Outcome, Vec<String>),
}

/// What happened to one file.
struct Outcome {
    path: PathBuf,
    source: Vec<u8>,
    /// The translation; for a file that could not be read or written, one
    /// whose only diagnostic is HIP-E002.
    translation: Option<Translation>,
    diff: Option<Vec<u8>>,
    failed: bool,
    note: Option<String>,
}

/// A translation that leaves `source` as it is and reports `d`.
fn untouched(source: &[u8], d: Diagnostic) -> Translation {
    Translation {
        output: source.to_vec(),
        changed: false,
        stats: Stats::default(),
        diagnostics: vec![d],
    }
}

/// Files at least this large are not read: token offsets are 32-bit.
const MAX_FILE_SIZE: u64 = u32::MAX as u64;

fn process(path: &Path, run: &Run<'_>) -> Outcome {
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
    if source::looks_binary(&o.source) {
        o.note =
            Some("binary file (a NUL byte, or mostly bytes that are not text); skipped".into());
        return o;
    }
    let language = Language::of_path(path);
    let build = hipify_rs::buildfiles::kind_of(path);
    let t = match catch_unwind(AssertUnwindSafe(|| match build {
        Some(kind) => hipify_rs::buildfiles::translate_build_file(&o.source, kind, opts),
        None => {
            let t = translate(&o.source, language, opts);
            run.project.note(
                path,
                &o.source,
                &t.stats.declared,
                &t.stats.relative_includes,
            );
            t
        }
    })) {
        Ok(t) => t,
        Err(_) => untouched(
            &o.source,
            Diagnostic::new(
                Code::InternalPanic,
                0..0,
                "internal error while translating; the file was left untouched (please report it)",
            ),
        ),
    };
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
        o.diff = Some(unified_diff(path, &o.source, &t.output));
    }
    o.translation = Some(t);
    o
}

/// The path of `file` under the output dir: relative to the directory argument
/// it was found under (the innermost), or its file name for a file argument.
fn relative_to_roots(file: &Path, dir_roots: &[PathBuf]) -> PathBuf {
    dir_roots
        .iter()
        .filter_map(|r| file.strip_prefix(r).ok())
        .min_by_key(|rel| rel.components().count())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(file.file_name().unwrap_or_default()))
}

/// A unified diff of the raw bytes (similar's own writer would turn bytes
/// that are not UTF-8 into U+FFFD, and `patch` would then reject the hunk).
fn unified_diff(path: &Path, old: &[u8], new: &[u8]) -> Vec<u8> {
    let diff = similar::TextDiff::from_lines(old, new);
    let name = path.display().to_string();
    let mut out = format!("--- a/{name}\n+++ b/{name}\n").into_bytes();
    // `-start,len` as diff writes it: 1-based; the line before for len 0.
    let range = |r: std::ops::Range<usize>| match r.len() {
        1 => format!("{}", r.start + 1),
        0 => format!("{},0", r.start),
        n => format!("{},{n}", r.start + 1),
    };
    for group in diff.grouped_ops(3) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else {
            continue;
        };
        let old_lines = first.old_range().start..last.old_range().end;
        let new_lines = first.new_range().start..last.new_range().end;
        out.extend(format!("@@ -{} +{} @@\n", range(old_lines), range(new_lines)).bytes());
        for op in &group {
            for change in diff.iter_changes(op) {
                out.push(match change.tag() {
                    similar::ChangeTag::Equal => b' ',
                    similar::ChangeTag::Delete => b'-',
                    similar::ChangeTag::Insert => b'+',
                });
                out.extend_from_slice(change.value());
                if change.missing_newline() {
                    out.extend_from_slice(b"\n\\ No newline at end of file\n");
                }
            }
        }
    }
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
