//! What happens to a file's findings once its passes are done, for C++ and
//! build files alike: the configured severities, one finding per code and
//! place, inline suppressions (`hipify-ignore: CODE` for the lines it
//! covers, `hipify-ignore-file: CODE` for the file), and a HIP-W015 for each
//! suppression that suppressed nothing. Each file kind only says which
//! lines its suppression comments cover.

use std::collections::HashMap;
use std::ops::{Range, RangeInclusive};

use super::{Applicability, Code, Diagnostic, Severity};
use crate::edit::Edit;
use crate::source::LineIndex;

const LINE_MARK: &[u8] = b"hipify-ignore:";
const FILE_MARK: &[u8] = b"hipify-ignore-file:";

/// One suppression comment.
pub(crate) struct Suppression {
    codes: Vec<Code>,
    /// The lines it covers (1-based); `None` for the whole file.
    lines: Option<RangeInclusive<usize>>,
    /// The comment's bytes, for the unused-suppression finding.
    comment: Range<usize>,
    /// Bytes to delete to remove it (the whole line when it stands alone).
    removal: Range<usize>,
    used: Vec<bool>,
}

/// A comment's suppression marks: whether it is file-wide, and its codes
/// (`None` where it holds no mark, or no code after it).
pub(crate) fn marks(text: &[u8]) -> Option<(bool, Vec<Code>)> {
    // Every comment of a file is asked: one searcher for the marks' common
    // start, built once (a search builds one per call).
    static MARK: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"hipify-ignore"));
    MARK.find(text)?;
    let (file, at) = match (
        memchr::memmem::find(text, FILE_MARK),
        memchr::memmem::find(text, LINE_MARK),
    ) {
        (Some(p), _) => (true, p + FILE_MARK.len()),
        (None, Some(p)) => (false, p + LINE_MARK.len()),
        (None, None) => return None,
    };
    let rest = String::from_utf8_lossy(&text[at..]);
    let codes: Vec<Code> = rest
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map_while(Code::parse)
        .collect();
    (!codes.is_empty()).then_some((file, codes))
}

impl Suppression {
    /// A suppression of `codes` over `lines` (`None`: the file), written in
    /// the comment at `comment`, removed by deleting `removal`.
    pub(crate) fn new(
        codes: Vec<Code>,
        lines: Option<RangeInclusive<usize>>,
        comment: Range<usize>,
        removal: Range<usize>,
    ) -> Suppression {
        let used = vec![false; codes.len()];
        Suppression {
            codes,
            lines,
            comment,
            removal,
            used,
        }
    }
}

/// Applies `severities` and the suppressions (made by `suppressions`, only
/// for a file that mentions `hipify-ignore`) to `diags`; returns the
/// findings to report.
pub(crate) fn resolve(
    src: &[u8],
    mut diags: Vec<Diagnostic>,
    severities: &HashMap<Code, Severity>,
    suppressions: impl FnOnce(&LineIndex) -> Vec<Suppression>,
) -> Vec<Diagnostic> {
    // A finding a rule makes `Off` is latent: reported at another target
    // (a 32-bit mask from HIP 6.2), so a suppression of it is used, but
    // not reported at this one. No code is `Off` by default.
    for d in &mut diags {
        if d.severity != Severity::Off
            && let Some(&s) = severities.get(&d.code)
        {
            d.severity = s;
        }
    }
    // Two rules may see one token the same way (a 32-bit mask variable that
    // also stores a ballot): report it once.
    let mut seen = std::collections::HashSet::new();
    diags.retain(|d| seen.insert((d.code, d.range.start)));
    if memchr::memmem::find(src, b"hipify-ignore").is_none() {
        diags.retain(|d| d.severity != Severity::Off);
        return diags;
    }
    let index = LineIndex::new(src);
    let mut sups = suppressions(&index);
    diags.retain(|d| {
        let line = index.line_col(d.range.start).0;
        let mut suppressed = false;
        for s in &mut sups {
            if s.lines.as_ref().is_none_or(|l| l.contains(&line)) {
                for (k, c) in s.codes.iter().enumerate() {
                    if *c == d.code {
                        s.used[k] = true;
                        suppressed = true;
                    }
                }
            }
        }
        !suppressed && d.severity != Severity::Off
    });
    for s in sups {
        for (k, code) in s.codes.iter().enumerate() {
            if s.used[k] {
                continue;
            }
            let mut d = Diagnostic::new(
                Code::UnusedSuppression,
                s.comment.clone(),
                format!(
                    "`{code}` is suppressed here but not reported {}",
                    match s.lines {
                        Some(_) => "on the line this comment covers",
                        None => "anywhere in the file",
                    }
                ),
            );
            if let Some(&sev) = severities.get(&Code::UnusedSuppression) {
                d.severity = sev;
            }
            // A suggestion, not applied by `--fix`: the comment may be used
            // at another target (`--hip-version 5.2`), or by the CUDA source
            // it was written for, whose finding the translation removed.
            if s.codes.len() == 1 {
                d = d.with_fix(
                    "remove the comment",
                    vec![Edit::delete(s.removal.clone())],
                    Applicability::DisplayOnly,
                );
            }
            if d.severity != Severity::Off {
                diags.push(d);
            }
        }
    }
    diags
}

/// The bytes that remove the comment at `comment` on line `line`: the whole
/// line with its line break where nothing else is on it (`standalone`),
/// else the comment with the blanks before it.
pub(crate) fn removal(
    src: &[u8],
    index: &LineIndex,
    line: usize,
    comment: Range<usize>,
    standalone: bool,
) -> Range<usize> {
    if standalone {
        // From the line's start to the comment's end (a spliced `//`
        // comment runs on), with the line break after it.
        let r = index.line_range(src, line);
        let mut e = comment.end.max(r.end);
        if src.get(e) == Some(&b'\r') {
            e += 1;
        }
        if src.get(e) == Some(&b'\n') {
            e += 1;
        }
        r.start..e
    } else {
        let mut s = comment.start;
        while s > 0 && matches!(src[s - 1], b' ' | b'\t') {
            s -= 1;
        }
        s..comment.end
    }
}
