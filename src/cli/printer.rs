//! Printing results in path order as they arrive: each file is rendered
//! by its worker, counted into the run's totals, and printed when its turn
//! comes (a file with HIP-W004 candidates, after the run).

use super::*;

/// Prints results in path order and adds up the counts; shared by the
/// workers behind a lock.
pub(super) struct Printer {
    /// Index of the next file to print.
    pub(super) next: usize,
    /// Results that arrived before their turn.
    pub(super) pending: std::collections::BTreeMap<usize, Pending>,
    pub(super) stdout: io::BufWriter<io::Stdout>,
    pub(super) summary: Summary,
    pub(super) total: Stats,
    pub(super) total_left: Leftovers,
    pub(super) sarif: Vec<serde_json::Value>,
    /// The first error printing met; nothing more is printed after it.
    pub(super) error: Option<anyhow::Error>,
    /// Colour diagnostics.
    pub(super) color: bool,
    /// Colour the diff.
    pub(super) diff_color: bool,
    /// Machine formats go to stdout unless it carries the translation or
    /// the diff.
    pub(super) machine_to_stderr: bool,
}

impl Printer {
    /// A printer for a run in `mode` that already met `failed` errors.
    pub(super) fn new(cli: &Cli, mode: &Mode, failed: usize) -> Printer {
        Printer {
            next: 0,
            pending: std::collections::BTreeMap::new(),
            stdout: io::BufWriter::new(io::stdout()),
            summary: Summary {
                failed,
                ..Summary::default()
            },
            total: Stats::default(),
            total_left: Leftovers::default(),
            sarif: Vec::new(),
            error: None,
            color: use_color(cli.color),
            diff_color: match cli.color {
                Color::Always => true,
                Color::Never => false,
                Color::Auto => std::env::var_os("NO_COLOR").is_none() && io::stdout().is_terminal(),
            },
            machine_to_stderr: matches!(mode, Mode::Stdout) || cli.mode.diff,
        }
    }

    /// Takes file `i`'s outcome: counts it and prints what is ready.
    pub(super) fn submit(&mut self, i: usize, r: Pending, run: &Run<'_>) {
        let r = match r {
            Pending::Rendered(r) => self.account(r, run.cli),
            deferred => deferred,
        };
        self.pending.insert(i, r);
        self.print_ready(run);
    }

    /// After the run: renders the files that waited for the tree's names
    /// (`project`), prints everything left, then the totals. The exit code.
    pub(super) fn finish(mut self, run: &Run<'_>, project: &ProjectNames) -> Result<u8> {
        let (cli, mode) = (run.cli, run.mode);
        if !self.pending.is_empty() {
            let names = project.resolve();
            let color = self.color;
            let rendered: Vec<(usize, Result<Pending, Rendered>)> =
                std::mem::take(&mut self.pending)
                    .into_par_iter()
                    .map(|(i, r)| match r {
                        Pending::Deferred(mut o, unmapped) => {
                            if let Some(t) = &mut o.translation {
                                let path = &o.path;
                                let defined = std::cell::OnceCell::new();
                                hipify_rs::project::drop_declared(
                                    t,
                                    &unmapped,
                                    |n| {
                                        names.contains(n)
                                            || defined
                                                .get_or_init(|| project.defined_in(path))
                                                .contains(n)
                                    },
                                    |f| project.stated_for(path, f),
                                );
                            }
                            (i, Err(render_outcome(o, cli, mode, color)))
                        }
                        rendered => (i, Ok(rendered)),
                    })
                    .collect();
            for (i, r) in rendered {
                let r = r.unwrap_or_else(|late| self.account(late, cli));
                self.pending.insert(i, r);
            }
            self.print_ready(run);
        }
        let Printer {
            mut stdout,
            mut summary,
            total,
            total_left,
            sarif,
            error,
            machine_to_stderr,
            ..
        } = self;
        if let Some(e) = error {
            return Err(e);
        }
        let mut stderr = io::stderr();
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
        let sink: &mut dyn Write = if machine_to_stderr {
            &mut stderr
        } else {
            &mut stdout
        };
        match cli.format {
            Format::Sarif => render::sarif::write(sink, sarif)?,
            Format::Json => {
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
            writeln!(io::stderr(), "{}", summary.line(cli.check))?;
        }
        Ok(summary.exit_code)
    }

    /// Adds a file's counts to the run's totals as it arrives: what waits
    /// for its turn is only what prints (for most files under `-q`, nothing).
    fn account(&mut self, mut r: Rendered, cli: &Cli) -> Pending {
        if let Some(counts) = r.counts.take() {
            self.summary.add(&counts);
            r.counted = true;
        }
        if let Some(left) = r.leftovers.take() {
            self.total_left.merge_counts(&left);
        }
        self.total.add(&std::mem::take(&mut r.stats));
        let silent = r.diagnostics.is_empty()
            && r.diff.is_none()
            && r.stats_text.is_empty()
            && r.sarif.is_empty()
            && r.output.is_none()
            && (r.note.is_none() || cli.quiet);
        if silent {
            Pending::Printed
        } else {
            Pending::Rendered(r)
        }
    }

    /// Prints every pending result whose turn has come.
    fn print_ready(&mut self, run: &Run<'_>) {
        while let Some(Pending::Rendered(_) | Pending::Printed) = self.pending.get(&self.next) {
            let Some(Pending::Rendered(r)) = self.pending.remove(&self.next) else {
                self.next += 1;
                continue;
            };
            self.next += 1;
            if self.error.is_none() {
                if let Err(e) = self.print(r, run) {
                    self.error = Some(e);
                }
            }
        }
    }

    fn print(&mut self, r: Rendered, run: &Run<'_>) -> Result<()> {
        let (cli, machine_to_stderr) = (run.cli, self.machine_to_stderr);
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
            if self.diff_color {
                self.stdout.write_all(&render::diff::colorize(diff))?;
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

/// One file's results as text, rendered by the worker that processed it.
pub(super) struct Rendered {
    pub(super) path: PathBuf,
    pub(super) note: Option<String>,
    /// The file's counts; `None` for a skipped file, and once added to the
    /// run's ([`Printer::account`]).
    pub(super) counts: Option<Summary>,
    /// Whether the file was counted (not skipped): its output prints.
    pub(super) counted: bool,
    /// Diagnostics in the chosen format (SARIF: see `sarif`).
    pub(super) diagnostics: Vec<u8>,
    pub(super) diff: Option<Vec<u8>>,
    /// The `--stats` block.
    pub(super) stats_text: Vec<u8>,
    pub(super) stats: Stats,
    pub(super) leftovers: Option<Leftovers>,
    pub(super) sarif: Vec<serde_json::Value>,
    /// The translation, kept only where it is printed or written later.
    pub(super) output: Option<Vec<u8>>,
}

/// Whether [`render_outcome`] reads the source (for lines, columns and
/// snippets): not for counts alone.
pub(super) fn reads_source(cli: &Cli) -> bool {
    (!cli.quiet && !cli.statistics) || cli.format == Format::Sarif || cli.stats
}

/// Renders what `o` needs to show while its bytes are at hand, then drops them.
pub(super) fn render_outcome(o: Outcome, cli: &Cli, mode: &Mode, color: bool) -> Rendered {
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
pub(super) enum Pending {
    Rendered(Rendered),
    /// Counted, with nothing to print.
    Printed,
    /// Rendered after the run: it holds HIP-W004 candidates (named here,
    /// in order).
    Deferred(Outcome, Vec<String>),
}

impl Pending {
    /// What waits of outcome `o` for its turn: rendered now, or, where a
    /// HIP-W004 candidate may name what another file declares, rendered once
    /// the run's names are known (holding only what rendering will read).
    pub(super) fn of(mut o: Outcome, cli: &Cli, mode: &Mode, color: bool) -> Pending {
        let Some(t) = (o.translation.as_mut()).filter(|t| hipify_rs::project::has_deferred(t))
        else {
            return Pending::Rendered(render_outcome(o, cli, mode, color));
        };
        let unmapped = hipify_rs::project::unmapped_names(t, &o.source);
        if !matches!(mode, Mode::Stdout | Mode::File(_)) {
            t.output = Vec::new(); // written already
        }
        if !reads_source(cli) {
            o.source = Vec::new();
            // Only counted: codes and severities are all that is read.
            for d in &mut t.diagnostics {
                (d.message, d.help, d.fix) = (String::new(), None, None);
            }
            t.diagnostics.shrink_to_fit();
        }
        Pending::Deferred(o, unmapped)
    }
}
