//! Findings: what a pass noticed and could not (or should not) rewrite.
//!
//! A [`Diagnostic`] carries a stable [`Code`] from the registry in
//! [`codes`], a byte range in the original file, and text; line and column are
//! computed only when rendering (see [`crate::source::LineIndex`]).

pub mod codes;

pub use codes::{Code, Severity};

use std::ops::Range;

/// One finding in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code.
    pub code: Code,
    /// Bytes of the original file it is about.
    pub range: Range<usize>,
    /// One specific line: what was found.
    pub message: String,
    /// What to do about it, if there is advice.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with no help text.
    pub fn new(code: Code, range: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            range,
            message: message.into(),
            help: None,
        }
    }

    /// Adds help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// The severity the registry gives the code.
    pub fn severity(&self) -> Severity {
        self.code.info().default_severity
    }
}
