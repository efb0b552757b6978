//! The rule table: every rule, once ([`RULES`], in `rules/mod.rs` beside
//! the calls that run the rules). A row says which codes the rule reports
//! (and, per code, how code the project already guards treats it), where
//! it runs and what in a plain C++ file can make it report, and which
//! identifiers it reports itself. This module holds the row's types and
//! what is computed from the rows, which used to be kept by hand beside the
//! rules: the prefilter's words
//! ([`crate::engine::nothing_to_translate`]), the codes a branch only HIP
//! compiles quiets ([`super::branches`]), the codes a portable `#else`
//! makes a note ([`super::guards`]), the names the unsupported-API finding
//! leaves to another rule. The tests below fail where a file emits a code
//! no row of it declares, or a code has no row (ruff's rule registry,
//! `codes.rs`, is the model).

use super::RULES;
use crate::diagnostic::Code;

/// One rule: a check (or a family of checks in one module) and its codes.
pub(crate) struct Rule {
    /// What it checks, in a few words.
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the table's tests"))]
    pub(crate) name: &'static str,
    /// The files under `src/` that emit its findings.
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the table's tests"))]
    pub(crate) sources: &'static [&'static str],
    /// Its codes, each with how it treats guarded code.
    pub(crate) codes: &'static [(Code, Guarded)],
    /// Where it runs.
    pub(crate) runs: Runs,
    /// Identifiers this rule reports itself: the unsupported-API finding
    /// leaves them alone rather than say the same again.
    pub(crate) names: &'static [&'static [u8]],
}

/// Where a rule runs, and so what the prefilter must stop at.
pub(crate) enum Runs {
    /// In every C/C++/CUDA file: a plain C++ file holding one of these
    /// triggers is not skipped.
    Anywhere(Triggers),
    /// Only in files that show CUDA (a `.cu`/`.cuh` file, the kernel
    /// language, a CUDA name or header). Those are the words the
    /// translation acts on, at which the prefilter stops already.
    CudaFiles,
    /// On what the translation passes resolved (names, headers, calls,
    /// members): in every file, on the words those passes act on, at which
    /// the prefilter stops already.
    Translation,
    /// In build files (CMake, Make, Python), which no prefilter skips.
    BuildFiles,
    /// The tool's own failures (I/O, a panic): nothing in a file's text
    /// triggers them.
    Tool,
}

/// What in a plain C++ file may make an [`Runs::Anywhere`] rule report.
pub(crate) struct Triggers {
    /// Whole identifiers (any part of an include path counts: the prefilter
    /// reads words, not directives).
    pub(crate) words: &'static [&'static [u8]],
    /// Prefixes of identifiers.
    pub(crate) prefixes: &'static [&'static [u8]],
    /// Text anywhere.
    pub(crate) substrings: &'static [&'static [u8]],
}

/// How a code treats code the project guards with the preprocessor. (In a
/// branch no HIP build compiles, no code but the tool's errors reports:
/// [`super::branches`].)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Guarded {
    /// A hazard: reported wherever a HIP build compiles the code.
    Hazard,
    /// About a CUDA name left as it is: quiet in a branch only HIP compiles
    /// (the project's own HIP layer spells CUDA names on purpose).
    CudaName,
    /// A hazard a portable `#else` already routes around: a note there
    /// ([`super::guards`]).
    GuardableHazard,
    /// Both: about a CUDA name, and a note where the group has a portable
    /// branch (`__CUDA_ARCH__`, the CUDA version macros).
    GuardableCudaName,
}

impl Guarded {
    /// Whether the code is quiet in a branch only HIP compiles.
    pub(crate) fn quiet_in_hip_layer(self) -> bool {
        matches!(self, Guarded::CudaName | Guarded::GuardableCudaName)
    }

    /// Whether [`super::guards`] makes it a note where the code is guarded.
    pub(crate) fn note_where_guarded(self) -> bool {
        matches!(self, Guarded::GuardableHazard | Guarded::GuardableCudaName)
    }
}

/// Per code (by its place in [`Code::ALL`]): how it treats guarded code,
/// from the rows, at compile time (the engine asks for every finding).
const GUARDED: [Guarded; Code::ALL.len()] = {
    let mut by_code = [Guarded::Hazard; Code::ALL.len()];
    let mut r = 0;
    while r < RULES.len() {
        let codes = RULES[r].codes;
        let mut c = 0;
        while c < codes.len() {
            by_code[codes[c].0 as usize] = codes[c].1;
            c += 1;
        }
        r += 1;
    }
    by_code
};

/// How `code` treats guarded code.
pub(crate) fn guarded(code: Code) -> Guarded {
    GUARDED[code as usize]
}

/// The triggers of the rules that run in every C++ file.
pub(crate) fn triggers() -> impl Iterator<Item = &'static Triggers> {
    RULES.iter().filter_map(|r| match &r.runs {
        Runs::Anywhere(t) => Some(t),
        _ => None,
    })
}

/// Whether a rule reports identifier `name` itself (so the unsupported-API
/// finding need not).
pub(crate) fn reported_by_a_rule(name: &[u8]) -> bool {
    RULES.iter().any(|r| r.names.contains(&name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn src_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
    }

    /// The `.rs` files under `dir`, recursively.
    fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                rust_files(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }

    /// The codes `text` emits: a `Code::X` that opens a call's arguments
    /// or a tuple (`Diagnostic::new(Code::X`, `out.diag(Code::X`,
    /// `(Code::X, "message", …)`) or fills a `code:` field. Comparisons
    /// and lists (`d.code == Code::X`, `[Code::X, …]`) only read codes.
    fn emitted(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        for (at, _) in text.match_indices("Code::") {
            let before = text[..at].trim_end();
            if !(before.ends_with('(') || before.ends_with("code:")) {
                continue;
            }
            let rest = &text[at + 6..];
            let end = rest
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(rest.len());
            // `Code::parse` and `Code::ALL` are no codes.
            if rest.starts_with(|c: char| c.is_ascii_uppercase()) && &rest[..end] != "ALL" {
                out.push(&rest[..end]);
            }
        }
        out
    }

    #[test]
    fn every_code_has_a_rule() {
        for c in Code::ALL {
            assert!(
                RULES.iter().any(|r| r.codes.iter().any(|(x, _)| x == c)),
                "{c} is in no row of RULES (rules/mod.rs)"
            );
        }
    }

    #[test]
    fn a_code_treats_guarded_code_one_way() {
        for r in RULES {
            for &(c, g) in r.codes {
                assert_eq!(
                    guarded(c),
                    g,
                    "{c}: rows disagree on how it treats guarded code"
                );
            }
        }
    }

    /// A file that emits a code is a source of a row that declares it: a
    /// new rule (or a new code of an old one) missing from the table fails
    /// here.
    #[test]
    fn every_emitted_code_is_in_its_rule_row() {
        let root = src_dir();
        let mut files = Vec::new();
        rust_files(&root, &mut files);
        let mut checked = 0;
        for path in files {
            let rel = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            // The registry names every code; it emits none.
            if rel == "diagnostic/codes.rs" {
                continue;
            }
            let mut text = std::fs::read_to_string(&path).unwrap();
            if rel == "rules/mod.rs" {
                // The table's rows name codes; they emit none.
                let a = text.find("pub(crate) const RULES").unwrap();
                let b = a + text[a..].find("\n];\n").unwrap();
                text.replace_range(a..b, "");
            }
            // Unit tests assert on codes; they emit none.
            let text = text.split("#[cfg(test)]").next().unwrap_or_default();
            for name in emitted(text) {
                let code = Code::ALL
                    .iter()
                    .find(|c| format!("{c:?}") == name)
                    .unwrap_or_else(|| panic!("{rel}: unknown code {name}"));
                let declared = RULES.iter().any(|r| {
                    r.sources.contains(&rel.as_str()) && r.codes.iter().any(|(c, _)| c == code)
                });
                assert!(
                    declared,
                    "{rel} emits {code} ({name}), but no row of RULES (rules/mod.rs) with that source declares it"
                );
                checked += 1;
            }
        }
        assert!(checked > 50, "the scan found only {checked} emitted codes");
    }

    /// A row's sources exist (a renamed file would make its row vacuous).
    #[test]
    fn sources_exist() {
        for r in RULES {
            for s in r.sources {
                assert!(src_dir().join(s).is_file(), "{}: no src/{s}", r.name);
            }
        }
    }
}
