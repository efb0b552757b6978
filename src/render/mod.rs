//! Output: one renderer per `--format`, plus `--stats` and the summary. Each
//! writes to a given `impl Write` from results computed elsewhere, in path
//! order, so output is identical at any thread count.

pub mod diff;
pub mod github;
pub mod human;
pub mod json;
pub mod sarif;
pub mod stats;

use std::path::Path;

use crate::diagnostic::Severity;
use crate::translate::Translation;

/// How diagnostics are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// rustc-like: a snippet with a caret under the finding, and help.
    Human,
    /// JSON Lines with a documented schema (see [`json`]).
    Json,
    /// SARIF 2.1.0, as GitHub code scanning accepts it.
    Sarif,
    /// GitHub Actions workflow commands (`::warning file=…::…`).
    Github,
}

impl Format {
    /// Every format: its name on the command line, and what it prints.
    pub const ALL: [(Format, &'static str, &'static str); 4] = [
        (
            Format::Human,
            "human",
            "rustc-like: a snippet with a caret under the finding, and help",
        ),
        (
            Format::Json,
            "json",
            "JSON Lines, one record per finding (schema: src/render/json.rs)",
        ),
        (
            Format::Sarif,
            "sarif",
            "SARIF 2.1.0, as GitHub code scanning accepts it",
        ),
        (
            Format::Github,
            "github",
            "GitHub Actions workflow commands (`::warning file=…::…`)",
        ),
    ];

    /// The format called `name` on the command line.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|(f, _, _)| *f)
    }
}

/// One file's results, for the renderers.
#[derive(Debug, Clone, Copy)]
pub struct FileReport<'a> {
    /// The path as given or walked.
    pub path: &'a Path,
    /// The original bytes.
    pub source: &'a [u8],
    /// What translation found and did.
    pub translation: &'a Translation,
}

/// Totals of a run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files processed.
    pub files: usize,
    /// Files whose translation differs from their content.
    pub changed: usize,
    /// Files that could not be read or written.
    pub failed: usize,
    /// Diagnostics at error level.
    pub errors: usize,
    /// Diagnostics at warning level.
    pub warnings: usize,
    /// Diagnostics at info level.
    pub infos: usize,
    /// Diagnostics fixed by `--fix`.
    pub fixed: usize,
    /// The exit status the run ends with.
    pub exit_code: u8,
    /// Findings per code (any severity but off), for `--statistics`.
    pub per_code: std::collections::BTreeMap<crate::diagnostic::Code, usize>,
}

impl Summary {
    /// Counts one file's diagnostics.
    pub fn count(&mut self, t: &Translation) {
        self.files += 1;
        self.changed += usize::from(t.changed);
        self.fixed += t.stats.fixed as usize;
        for d in &t.diagnostics {
            if d.severity != Severity::Off {
                *self.per_code.entry(d.code).or_default() += 1;
            }
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Info => self.infos += 1,
                Severity::Off => {}
            }
        }
    }

    /// Adds another file's (or run's) counts; the exit code is left alone.
    pub fn add(&mut self, o: &Summary) {
        self.files += o.files;
        self.changed += o.changed;
        self.failed += o.failed;
        self.errors += o.errors;
        self.warnings += o.warnings;
        self.infos += o.infos;
        self.fixed += o.fixed;
        for (c, n) in &o.per_code {
            *self.per_code.entry(*c).or_default() += n;
        }
    }

    /// `--statistics`: `(count, code)` largest first, ties in code order.
    pub fn statistics(&self) -> Vec<(usize, crate::diagnostic::Code)> {
        let mut rows: Vec<_> = self.per_code.iter().map(|(c, n)| (*n, *c)).collect();
        rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        rows
    }

    /// The last line of human output.
    pub fn line(&self, check: bool) -> String {
        let mut parts = vec![format!(
            "{} files, {} {}",
            self.files,
            self.changed,
            if check { "would change" } else { "changed" }
        )];
        parts.push(format!(
            "{} errors, {} warnings, {} notes",
            self.errors, self.warnings, self.infos
        ));
        if self.fixed > 0 {
            parts.push(format!("{} fixed", self.fixed));
        }
        if self.failed > 0 {
            parts.push(format!("{} failed", self.failed));
        }
        format!("hipify-rs: {}", parts.join("; "))
    }
}

/// A path as a forward-slash string without a leading `./`.
pub(crate) fn display_path(path: &Path) -> String {
    let s = path.to_string_lossy().replace('\\', "/");
    s.strip_prefix("./").map(str::to_string).unwrap_or(s)
}
