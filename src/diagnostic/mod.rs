//! Findings: what a pass noticed and could not (or should not) rewrite.
//!
//! A [`Diagnostic`] carries a stable [`Code`] from the registry in
//! [`codes`], a byte range in the original file, text, and sometimes a
//! [`Fix`]; line and column are computed only when rendering (see
//! [`crate::source::LineIndex`]).

pub mod codes;
pub(crate) mod resolve;

pub use codes::{Code, FixAvailability, Severity};

use std::ops::Range;

use crate::edit::Edit;

/// Whether a fix may be applied without a human looking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Applicability {
    /// Shown as a suggestion; never applied.
    DisplayOnly,
    /// Exact: applied by `--fix`.
    Safe,
    /// Exact, and the translation does not compile at the target HIP version
    /// without it: applied by every translation, `--fix` or not.
    Required,
}

/// Edits that resolve a diagnostic, applied all together or not at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What the fix does, in a few words.
    pub title: String,
    /// Edits against the original bytes.
    pub edits: Vec<Edit>,
    /// Whether `--fix` applies it.
    pub applicability: Applicability,
}

/// One finding in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code.
    pub code: Code,
    /// The severity in effect (the registry's default unless configured).
    pub severity: Severity,
    /// Bytes of the original file it is about.
    pub range: Range<usize>,
    /// One specific line: what was found.
    pub message: String,
    /// What to do about it, if there is advice.
    pub help: Option<String>,
    /// An exact fix, where one exists.
    pub fix: Option<Fix>,
    /// A fact about the whole tree this finding waits for: after a run it
    /// is kept only where a file of the run states the fact (a header's
    /// `#define WARP_SIZE 32` where some file uses it as the warp size; see
    /// [`crate::project`]). A file checked on its own keeps it.
    pub awaits: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with the code's default severity, no help and no fix.
    pub fn new(code: Code, range: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.info().default_severity,
            range,
            message: message.into(),
            help: None,
            fix: None,
            awaits: None,
        }
    }

    /// Waits for a fact of the tree (see [`Diagnostic::awaits`]).
    pub fn awaiting(mut self, fact: String) -> Diagnostic {
        self.awaits = Some(fact);
        self
    }

    /// Adds help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Adds a fix.
    pub fn with_fix(
        mut self,
        title: impl Into<String>,
        edits: Vec<Edit>,
        applicability: Applicability,
    ) -> Diagnostic {
        self.fix = Some(Fix {
            title: title.into(),
            edits,
            applicability,
        });
        self
    }

    /// The severity in effect.
    pub fn severity(&self) -> Severity {
        self.severity
    }
}
