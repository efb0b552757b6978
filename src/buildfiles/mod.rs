//! Build files: CMake, Make and Python (setup.py, pyproject.toml).
//!
//! Same contract as [`crate::engine::translate`]: bytes and options in, a
//! [`Translation`] out, no I/O. Each language has a small scanner that knows
//! its comments and strings ([`cmake`], [`make`], [`python`]); rewrites are
//! [`Edit`]s on the original bytes, applied once, so everything outside an edit
//! (comments included) is kept byte for byte. nvcc flags go through one table,
//! [`flags::FLAGS`], and CUDA libraries through [`flags::LIBS`].
//!
//! CMake and Make files are rewritten; Python files are only checked (PyTorch
//! builds `CUDAExtension` on ROCm with its own hipify). Rewrites are counted in
//! [`Stats::arguments`](crate::translate::Stats::arguments). See docs/BUILD-FILES.md.
//!
//! ```
//! use hipify_rs::buildfiles::{translate_build_file, BuildKind};
//! let t = translate_build_file(b"project(p LANGUAGES CXX CUDA)\n", BuildKind::CMake, &Default::default());
//! assert_eq!(t.output, b"project(p LANGUAGES CXX HIP)\n");
//! ```

pub mod cmake;
pub mod flags;
pub mod make;
pub mod python;

use std::ops::Range;
use std::path::Path;

use crate::diagnostic::resolve::{self, Suppression};
use crate::diagnostic::{Code, Diagnostic};
use crate::edit::Edit;
use crate::source::LineIndex;
use crate::translate::{Options, Stats, Translation};

/// The kinds of build file hipify-rs knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BuildKind {
    /// `CMakeLists.txt`, `*.cmake`.
    CMake,
    /// `Makefile`, `makefile`, `GNUmakefile`, `*.mk`.
    Make,
    /// `setup.py`.
    SetupPy,
    /// `pyproject.toml`.
    PyProject,
}

/// The build-file kind a path names, judged by its file name.
pub fn kind_of(path: &Path) -> Option<BuildKind> {
    let name = path.file_name()?.to_str()?;
    Some(match name {
        "CMakeLists.txt" => BuildKind::CMake,
        "Makefile" | "makefile" | "GNUmakefile" => BuildKind::Make,
        "setup.py" => BuildKind::SetupPy,
        "pyproject.toml" => BuildKind::PyProject,
        _ if name.ends_with(".cmake") => BuildKind::CMake,
        _ if name.ends_with(".mk") => BuildKind::Make,
        _ => return None,
    })
}

/// Translates one build file's bytes.
pub fn translate_build_file(src: &[u8], kind: BuildKind, opts: &Options) -> Translation {
    let mut out = Out::new(src, opts);
    match kind {
        BuildKind::CMake => cmake::translate(&mut out),
        BuildKind::Make => make::translate(&mut out),
        BuildKind::SetupPy => python::check(&mut out, false),
        BuildKind::PyProject => python::check(&mut out, true),
    }
    out.finish()
}

/// The AMD targets a CUDA architecture list becomes, until the user sets `GPU_TARGETS`.
pub const DEFAULT_GPU_TARGETS: &str = "gfx90a;gfx942;gfx1100";

/// What the translators of one file collect.
pub(crate) struct Out<'a> {
    pub(crate) src: &'a [u8],
    pub(crate) opts: &'a Options,
    pub(crate) edits: Vec<Edit>,
    pub(crate) diags: Vec<Diagnostic>,
    pub(crate) stats: Stats,
    /// Comment byte ranges, for `hipify-ignore` suppressions.
    pub(crate) comments: Vec<Range<usize>>,
    /// The file's line ending, for inserted lines.
    pub(crate) nl: &'static str,
}

impl<'a> Out<'a> {
    fn new(src: &'a [u8], opts: &'a Options) -> Out<'a> {
        let nl = if memchr::memmem::find(src, b"\r\n").is_some() {
            "\r\n"
        } else {
            "\n"
        };
        Out {
            src,
            opts,
            edits: Vec::new(),
            diags: Vec::new(),
            stats: Stats::default(),
            comments: Vec::new(),
            nl,
        }
    }

    /// The source text of `r` (lossy: build files are ASCII where it matters).
    pub(crate) fn text(&self, r: Range<usize>) -> std::borrow::Cow<'a, str> {
        String::from_utf8_lossy(&self.src[r])
    }

    /// Adds a rewrite, counted in the stats.
    pub(crate) fn edit(&mut self, e: Edit) {
        self.stats.arguments += 1;
        self.edits.push(e);
    }

    /// Adds a finding.
    pub(crate) fn diag(
        &mut self,
        code: Code,
        range: Range<usize>,
        msg: impl Into<String>,
        help: Option<&str>,
    ) {
        let mut d = Diagnostic::new(code, range, msg);
        if let Some(h) = help {
            d = d.with_help(h);
        }
        self.diags.push(d);
    }

    fn finish(self) -> Translation {
        let Out {
            src,
            opts,
            edits,
            diags,
            stats,
            comments,
            ..
        } = self;
        let diags = resolve::resolve(src, diags, &opts.severities, |index| {
            suppressions(src, &comments, index)
        });
        Translation::assemble(src, edits, diags, stats)
    }
}

/// `# hipify-ignore: CODE` covers its own line and the next one;
/// `# hipify-ignore-file: CODE` the whole file.
fn suppressions(src: &[u8], comments: &[Range<usize>], index: &LineIndex) -> Vec<Suppression> {
    let mut out = Vec::new();
    for c in comments {
        let Some((file, codes)) = resolve::marks(&src[c.clone()]) else {
            continue;
        };
        let line = index.line_col(c.start).0;
        let line_start = index.line_range(src, line).start;
        let standalone = src[line_start..c.start]
            .iter()
            .all(|b| b.is_ascii_whitespace());
        let removal = resolve::removal(src, index, line, c.clone(), standalone);
        let lines = (!file).then_some(line..=line + 1);
        out.push(Suppression::new(codes, lines, c.clone(), removal));
    }
    out
}

/// The indentation of the line `at` is on, if only whitespace precedes `at` there.
pub(crate) fn indent_at(src: &[u8], at: usize) -> String {
    let start = src[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let pre = &src[start..at];
    if pre.iter().all(|&b| b == b' ' || b == b'\t') {
        String::from_utf8_lossy(pre).into_owned()
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_name() {
        for (p, k) in [
            ("a/CMakeLists.txt", Some(BuildKind::CMake)),
            ("cmake/Deps.cmake", Some(BuildKind::CMake)),
            ("Makefile", Some(BuildKind::Make)),
            ("x/makefile", Some(BuildKind::Make)),
            ("GNUmakefile", Some(BuildKind::Make)),
            ("rules.mk", Some(BuildKind::Make)),
            ("setup.py", Some(BuildKind::SetupPy)),
            ("pyproject.toml", Some(BuildKind::PyProject)),
            ("main.cu", None),
            ("CMakeLists.txt.orig", None),
            ("other.py", None),
        ] {
            assert_eq!(kind_of(Path::new(p)), k, "{p}");
        }
    }

    #[test]
    fn unused_suppressions_are_reported_as_in_cpp() {
        // One path for C++ and build files: a suppression that suppresses
        // nothing is a HIP-W015 here too, with the comment's removal.
        let src = b"cmake_minimum_required(VERSION 3.21)\n# hipify-ignore: HIP-W017\nproject(p LANGUAGES CXX)\nset(X 1)  # hipify-ignore: HIP-W017\n";
        let t = translate_build_file(src, BuildKind::CMake, &Options::default());
        let unused: Vec<&Diagnostic> = (t.diagnostics.iter())
            .filter(|d| d.code == Code::UnusedSuppression)
            .collect();
        assert_eq!(unused.len(), 2, "{:?}", t.diagnostics);
        let removed = |d: &Diagnostic| {
            let e = &d.fix.as_ref().expect("a removal").edits[0];
            String::from_utf8_lossy(&src[e.range.clone()]).into_owned()
        };
        assert_eq!(removed(unused[0]), "# hipify-ignore: HIP-W017\n");
        assert_eq!(removed(unused[1]), "  # hipify-ignore: HIP-W017");
        // Configured off, as for C++.
        let mut opts = Options::default();
        opts.severities
            .insert(Code::UnusedSuppression, crate::diagnostic::Severity::Off);
        let t = translate_build_file(src, BuildKind::CMake, &opts);
        assert!(
            t.diagnostics
                .iter()
                .all(|d| d.code != Code::UnusedSuppression)
        );
    }

    #[test]
    fn suppression_comment() {
        let src = b"# hipify-ignore: HIP-W017\nset(CMAKE_CUDA_ARCHITECTURES 70)\n";
        let t = translate_build_file(src, BuildKind::CMake, &Options::default());
        assert!(t.diagnostics.iter().all(|d| d.code != Code::GpuArchList));
        assert!(t.changed);
    }
}
