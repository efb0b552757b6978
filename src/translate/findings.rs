//! What happens to diagnostics after the passes and rules: configured
//! severities, inline suppressions (`// hipify-ignore: CODE` for the next
//! line, `// hipify-ignore-file: CODE` for the file, unused ones reported),
//! and, with `--fix`, the exact fixes merged into the edits, each fix all or
//! nothing.

use std::collections::HashMap;

use super::Cx;
use crate::diagnostic::{Applicability, Code, Diagnostic, Severity};
use crate::edit::Edit;
use crate::source::LineIndex;

const LINE_MARK: &[u8] = b"hipify-ignore:";
const FILE_MARK: &[u8] = b"hipify-ignore-file:";

/// One suppression comment.
struct Suppression {
    codes: Vec<Code>,
    /// The line it covers (1-based); `None` for the whole file.
    line: Option<usize>,
    /// The comment's bytes, for the unused-suppression finding and its fix.
    comment: std::ops::Range<usize>,
    /// Bytes to delete to remove it (the whole line when it stands alone).
    removal: std::ops::Range<usize>,
    used: Vec<bool>,
}

/// Applies severities and suppressions; returns the diagnostics to report.
pub(super) fn resolve(cx: &Cx<'_>, mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    for d in &mut diags {
        if let Some(&s) = cx.opts.severities.get(&d.code) {
            d.severity = s;
        }
    }
    diags.retain(|d| d.severity != Severity::Off);
    // Two rules may see one token the same way (a 32-bit mask variable that
    // also stores a ballot): report it once.
    let mut seen = std::collections::HashSet::new();
    diags.retain(|d| seen.insert((d.code, d.range.start)));
    if memchr::memmem::find(cx.src, b"hipify-ignore").is_none() {
        return diags;
    }
    let index = LineIndex::new(cx.src);
    let mut sups = suppressions(cx, &index);
    diags.retain(|d| {
        let line = index.line_col(d.range.start).0;
        let mut suppressed = false;
        for s in &mut sups {
            if s.line.is_none_or(|l| l == line) {
                for (k, c) in s.codes.iter().enumerate() {
                    if *c == d.code {
                        s.used[k] = true;
                        suppressed = true;
                    }
                }
            }
        }
        !suppressed
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
                    match s.line {
                        Some(_) => "on the line this comment covers",
                        None => "anywhere in the file",
                    }
                ),
            );
            if let Some(&sev) = cx.opts.severities.get(&Code::UnusedSuppression) {
                d.severity = sev;
            }
            if s.codes.len() == 1 {
                d = d.with_fix(
                    "remove the comment",
                    vec![Edit::delete(s.removal.clone())],
                    Applicability::Safe,
                );
            }
            if d.severity != Severity::Off {
                diags.push(d);
            }
        }
    }
    diags
}

fn suppressions(cx: &Cx<'_>, index: &LineIndex) -> Vec<Suppression> {
    let mut out = Vec::new();
    // Lines that hold code, to find the line a standalone comment covers.
    let mut code_lines: Vec<usize> = cx
        .lx
        .tokens
        .iter()
        .map(|t| index.line_col(t.start as usize).0)
        .collect();
    code_lines.dedup();
    for &(start, end) in &cx.lx.comments {
        let (start, end) = (start as usize, end as usize);
        let text = &cx.src[start..end];
        let (file, at) = match (
            memchr::memmem::find(text, FILE_MARK),
            memchr::memmem::find(text, LINE_MARK),
        ) {
            (Some(p), _) => (true, p + FILE_MARK.len()),
            (None, Some(p)) => (false, p + LINE_MARK.len()),
            (None, None) => continue,
        };
        let rest = String::from_utf8_lossy(&text[at..]);
        let codes: Vec<Code> = rest
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .map_while(Code::parse)
            .collect();
        if codes.is_empty() {
            continue;
        }
        let line = index.line_col(start).0;
        let standalone = !code_lines.contains(&line);
        let covered = if file {
            None
        } else if standalone {
            code_lines
                .iter()
                .copied()
                .find(|&l| l > line)
                .or(Some(line + 1))
        } else {
            Some(line)
        };
        let removal = if standalone {
            // From the comment's line start to its end (a spliced `//` comment
            // runs on), with the line break after it.
            let r = index.line_range(cx.src, line);
            let mut e = end.max(r.end);
            if cx.src.get(e) == Some(&b'\r') {
                e += 1;
            }
            if cx.src.get(e) == Some(&b'\n') {
                e += 1;
            }
            r.start..e
        } else {
            // Trailing comment: remove it with the spaces before it.
            let mut s = start;
            while s > 0 && matches!(cx.src[s - 1], b' ' | b'\t') {
                s -= 1;
            }
            s..end
        };
        let used = vec![false; codes.len()];
        out.push(Suppression {
            codes,
            line: covered,
            comment: start..end,
            removal,
            used,
        });
    }
    out
}

/// Merges the safe fixes of `diags` into `edits` where they do not overlap
/// anything accepted already; returns the diagnostics left (unfixed) and the
/// number fixed.
pub(super) fn apply_fixes(edits: &mut Vec<Edit>, diags: Vec<Diagnostic>) -> (Vec<Diagnostic>, u32) {
    let mut fixed = 0;
    let mut left = Vec::with_capacity(diags.len());
    let mut taken: HashMap<(usize, usize), ()> = HashMap::new();
    let mut diags = diags;
    diags.sort_by_key(|d| {
        d.fix
            .as_ref()
            .and_then(|f| f.edits.first())
            .map_or(usize::MAX, |e| e.range.start)
    });
    for d in diags {
        let Some(fix) = d
            .fix
            .as_ref()
            .filter(|f| f.applicability == Applicability::Safe)
        else {
            left.push(d);
            continue;
        };
        // The same fix offered twice (one literal behind two uses) counts once.
        let key = fix
            .edits
            .first()
            .map_or((0, 0), |e| (e.range.start, e.range.end));
        if taken.contains_key(&key) {
            fixed += 1;
            continue;
        }
        let clash = fix.edits.iter().any(|f| {
            edits
                .iter()
                .any(|e| e.overlaps(f) || (e.range == f.range && !f.range.is_empty()))
        });
        if clash {
            left.push(d);
            continue;
        }
        taken.insert(key, ());
        edits.extend(fix.edits.iter().cloned());
        fixed += 1;
    }
    (left, fixed)
}
