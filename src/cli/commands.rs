//! The commands that translate nothing: `--explain`, `--list-codes`,
//! `mappings` and `verify`.

use super::*;

pub(super) fn explain(code: &str) -> Result<u8> {
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

pub(super) fn list_codes(format: Format) -> Result<u8> {
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

pub(super) fn run_verify(cli: &Cli, config: &Config) -> Result<u8> {
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
    let mut translate = Options {
        target,
        ..options(t, true, cli, config)?
    };
    hipify_rs::project::run_macros(&files, &translate.target).apply(&mut translate);
    let opts = verify::VerifyOptions {
        // The translation the main command writes (config's launch syntax,
        // strings and severities), with the fixes applied.
        translate,
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

pub(super) fn print_mappings(t: &Target) -> Result<()> {
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
