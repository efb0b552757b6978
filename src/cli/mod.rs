//! One invocation: arguments → file list → parallel translation → writes →
//! reports → exit status. Knows nothing of tokens or tables.

mod args;
mod commands;
mod printer;
mod process;
mod single_source;

use commands::{explain, list_codes, print_mappings, run_verify};
use printer::{Pending, Printer};
use process::{
    Destinations, Mode, Outcome, Run, process, refuse_colliding_destinations,
    refuse_output_dir_inside_inputs, remove_stale_temps,
};

use std::io::{self, Write};
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
use hipify_rs::engine::{self, FileKind, FileResult, untouched};
use hipify_rs::mappings::{self, HeaderAction, Target, Version};
use hipify_rs::output::{self, Durability, Written};
use hipify_rs::project::ProjectNames;
use hipify_rs::render::stats::Leftovers;
use hipify_rs::render::{self, FileReport, Format, Summary};
use hipify_rs::translate::{Options, Stats, Translation};
use hipify_rs::{exit_codes, verify, walk};
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
        // Read from the files once they are known.
        macro_declared: Vec::new(),
        host_device_macros: Vec::new(),
        pasted_uses: Vec::new(),
        shipped_headers: Vec::new(),
        own_functions: Vec::new(),
        member_types: Vec::new(),
        complex_header_included: false,
        report_fixed: false,
    })
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
    let mut opts = options(&cli.target, cli.fix, &cli, &config)?;
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
    let single_source = match cli.single_source {
        true => Some(single_source::Tree::new(&cli, &mode)?),
        false => None,
    };
    let files: Vec<PathBuf> = match &single_source {
        Some(tree) => files.into_iter().filter(|f| !tree.is_header(f)).collect(),
        None => files,
    };
    let dir_roots: Vec<PathBuf> = cli.paths.iter().filter(|p| p.is_dir()).cloned().collect();
    let outputs = match &mode {
        Mode::OutputDir(dir) => {
            refuse_output_dir_inside_inputs(dir, &cli.paths, &walk_opts)?;
            refuse_colliding_destinations(&files, &dir_roots)?;
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
    let printer = std::sync::Mutex::new(Printer::new(&cli, &mode, walk_errors.len()));
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
    hipify_rs::project::run_macros(&files, &opts.target).apply(&mut opts);
    let run = Run {
        cli: &cli,
        opts: &opts,
        project: &project,
        mode: &mode,
        dir_roots: &dir_roots,
        outputs: outputs.as_ref(),
        single_source: single_source.as_ref(),
    };
    let color = use_color(cli.color);
    let each = |(i, path): (usize, &PathBuf)| {
        let r = Pending::of(process(path, &run), &cli, &mode, color);
        if let Some(bar) = &progress {
            bar.inc(1);
        }
        // A worker that panicked while printing poisons the lock; the
        // others keep translating and writing, and the run reports it.
        if let Ok(mut p) = printer.lock() {
            p.submit(i, r, &run);
        }
    };
    if files.len() <= 1 {
        // One file (a build system's per-file call): no worker threads to start.
        files.iter().enumerate().for_each(each);
    } else {
        files.par_iter().enumerate().for_each(each);
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if let Some(tree) = &single_source {
        let header = Pending::of(tree.finish(&run), &cli, &mode, color);
        if let Ok(mut p) = printer.lock() {
            p.submit(files.len(), header, &run);
        }
    }
    printer
        .into_inner()
        .map_err(|_| anyhow::anyhow!("internal error while printing results"))?
        .finish(&run, &project)
}
