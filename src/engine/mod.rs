//! The one entry point from a file's bytes to its result: what kind of file
//! it is decides the translator (C++/CUDA, or a build file), binary content
//! is skipped, and a panic in a pass becomes an internal-error finding with
//! the file untouched. Pure, no file system: the CLI (which reads, writes
//! and renders), `verify`, the tests and both fuzz targets call
//! [`process`], so they all see the same translation.
//!
//! A C++/CUDA file goes through [`translate`]: the prefilter
//! ([`nothing_to_translate`]) skips what has nothing to translate; the rest
//! runs to a fixed point ([`translate_in_full`]): [`crate::translate`](mod@crate::translate)'s
//! passes, then the rules, then the findings (severities, suppressions,
//! fixes), round after round on the output until it translates to itself.
//! A round whose every edit is of a kind `settled.rs` lists (a word renamed,
//! a header path replaced …) is the last: the next would change nothing.
//! Debug builds and the fuzz targets run that next round anyway and panic
//! if it does change something.
//!
//! ```
//! use hipify_rs::engine::{process, FileKind, FileResult};
//! use hipify_rs::{Language, Options};
//! let FileResult::Translated(t) =
//!     process(b"cudaMalloc(&p, n);", FileKind::Source(Language::Cuda), &Options::default())
//! else { unreachable!() };
//! assert!(t.output.starts_with(b"#include <hip/hip_runtime.h>\nhipMalloc"));
//! ```

mod findings;
mod prefilter;
mod round;
mod settled;

pub(crate) use settled::is_wrong as is_wrong_settled;

pub use prefilter::nothing_to_translate;
pub use round::{translate_in_full, translate_with_edits};

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use crate::buildfiles::{self, BuildKind};
use crate::diagnostic::{Code, Diagnostic};
use crate::translate::{Language, Options, Stats, Translation};

/// What a file is, from its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// C, C++ or CUDA source.
    Source(Language),
    /// A build file (CMake, Make, setup.py, pyproject.toml).
    Build(BuildKind),
}

impl FileKind {
    /// The kind of the file at `path` (its name and extension only).
    pub fn of_path(path: &Path) -> FileKind {
        match buildfiles::kind_of(path) {
            Some(kind) => FileKind::Build(kind),
            None => FileKind::Source(Language::of_path(path)),
        }
    }
}

/// What became of a file's bytes.
#[derive(Debug, Clone)]
pub enum FileResult {
    /// Translated (or left as it is, with the reason among its findings).
    Translated(Translation),
    /// Not text: a NUL byte, or mostly bytes that are not text. Left alone.
    Binary,
}

/// Translates `src`, a file of kind `kind`.
pub fn process(src: &[u8], kind: FileKind, opts: &Options) -> FileResult {
    if crate::source::looks_binary(src) {
        return FileResult::Binary;
    }
    let run = || match kind {
        FileKind::Source(language) => translate(src, language, opts),
        FileKind::Build(kind) => buildfiles::translate_build_file(src, kind, opts),
    };
    FileResult::Translated(catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|payload| {
        if settled::is_wrong(&*payload) {
            // The confirming round of a debug build found a wrong shortcut:
            // a bug to see, not a file to skip.
            std::panic::resume_unwind(payload);
        }
        untouched(
            src,
            Diagnostic::new(
                Code::InternalPanic,
                0..0,
                "internal error while translating; the file was left untouched (please report it)",
            ),
        )
    }))
}

/// Translates one C/C++/CUDA file's bytes: nothing to do where the
/// prefilter proves so, else every pass and rule to a fixed point.
pub fn translate(src: &[u8], language: Language, opts: &Options) -> Translation {
    if nothing_to_translate(src, language, opts) {
        return Translation {
            output: src.to_vec(),
            changed: false,
            stats: Stats::default(),
            diagnostics: Vec::new(),
        };
    }
    translate_in_full(src, language, opts)
}

/// A translation that leaves `src` as it is and reports `d`.
pub fn untouched(src: &[u8], d: Diagnostic) -> Translation {
    Translation {
        output: src.to_vec(),
        changed: false,
        stats: Stats::default(),
        diagnostics: vec![d],
    }
}
