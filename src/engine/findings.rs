//! What happens to diagnostics after the passes and rules: severities and
//! suppressions through [`crate::diagnostic::resolve`], with the lines a
//! C++ suppression comment covers (`// hipify-ignore: CODE` its own line
//! or, alone on its line, the next line of code), and, with `--fix`, the
//! exact fixes merged into the edits, each fix all or nothing.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::diagnostic::resolve::{self, Suppression};
use crate::diagnostic::{Applicability, Diagnostic};
use crate::edit;
use crate::edit::Edit;
use crate::source::LineIndex;
use crate::translate::{Cx, HIP_RUNTIME};

/// Applies severities and suppressions; returns the diagnostics to report.
pub(super) fn resolve(cx: &Cx<'_>, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    resolve::resolve(cx.src, diags, &cx.opts.severities, |index| {
        suppressions(cx, index)
    })
}

/// A C++ comment's suppression covers the line it is on, or, standing
/// alone, the next line of code.
fn suppressions(cx: &Cx<'_>, index: &LineIndex) -> Vec<Suppression> {
    let mut out = Vec::new();
    // Lines that hold code, to find the line a standalone comment covers.
    let mut code_lines: Vec<usize> = index
        .lines_of_ascending(cx.lx.tokens.iter().map(|t| t.start as usize))
        .collect();
    code_lines.dedup();
    // Lines of `#include <hip/hip_runtime.h>`: the translation adds it before
    // the first line of code, below the comments there, so a suppression
    // above that line covers the line after the include: in its output as
    // in its input. (No finding is ever on such a line.)
    let hip_runtime: Vec<usize> = cx
        .lx
        .directives
        .iter()
        .filter(|d| {
            let name = d.first_token as usize + 1;
            d.name == "include"
                && d.end_token as usize == name + 1
                && cx.tok(name).kind == crate::lex::TokenKind::HeaderName
                && cx.text(name).get(1..cx.text(name).len().saturating_sub(1))
                    == Some(HIP_RUNTIME.as_bytes())
        })
        .map(|d| index.line_col(d.hash as usize).0)
        .collect();
    // A comment in a dropped argument is gone from the translation: it
    // suppresses nothing there, so nothing here either.
    let deleted = edit::deleted_ranges(&cx.edits);
    for &(start, end) in &cx.lx.comments {
        let (start, end) = (start as usize, end as usize);
        if edit::within(&deleted, &(start..end)) {
            continue;
        }
        let Some((file, codes)) = resolve::marks(&cx.src[start..end]) else {
            continue;
        };
        let line = index.line_col(start).0;
        let standalone = code_lines.binary_search(&line).is_err();
        let covered = if file {
            None
        } else if standalone {
            let after = code_lines.partition_point(|&l| l <= line);
            code_lines[after..]
                .iter()
                .copied()
                .find(|l| !hip_runtime.contains(l))
                .or(Some(line + 1))
        } else {
            Some(line)
        };
        let removal = resolve::removal(cx.src, index, line, start..end, standalone);
        out.push(Suppression::new(
            codes,
            covered.map(|l| l..=l),
            start..end,
            removal,
        ));
    }
    out
}

/// The comments that hold a suppression, sorted, but those in text the
/// translation deletes (a dropped warp mask), which suppress nothing. A fix
/// never removes one: the user's suppression would go with it.
pub(super) fn suppression_comments(cx: &Cx<'_>) -> Vec<std::ops::Range<usize>> {
    if memchr::memmem::find(cx.src, b"hipify-ignore").is_none() {
        return Vec::new();
    }
    let finder = memchr::memmem::Finder::new(b"hipify-ignore");
    let deleted = edit::deleted_ranges(&cx.edits);
    cx.lx
        .comments
        .iter()
        .map(|&(s, e)| s as usize..e as usize)
        .filter(|r| finder.find(&cx.src[r.clone()]).is_some())
        .filter(|r| !edit::within(&deleted, r))
        .collect()
}

/// What [`apply_fixes`] did.
pub(super) struct Fixes {
    /// The diagnostics left unfixed.
    pub(super) left: Vec<Diagnostic>,
    /// How many were fixed.
    pub(super) fixed: u32,
    /// The diagnostics fixed.
    pub(super) applied: Vec<Diagnostic>,
    /// Some fix was kept out by another edit (a rewrite over the same
    /// text): the next round of translation may apply it.
    pub(super) clashed: bool,
}

/// Merges the fixes of `diags` (the required ones, and with `all` the safe
/// ones too) into `edits` where they do not overlap anything accepted
/// already nor remove a suppression comment of `kept` (sorted), each fix
/// all or nothing.
///
/// A fix edit that replaces a range holding translation edits (an `asm`
/// statement with a renamed operand) takes their place: rules see the
/// translation's edits and write such a fix against the translated text.
/// Edits reaching across a fix's range, or on the very same range, keep
/// the fix out for this round.
///
/// Where a fix inserts at a point the translation inserts at too, the
/// fix's first insertion goes after the translation's and its later ones
/// before: those close what the fix wraps (the `#endif` of a guard around
/// a definition comes right after its `}`, before the runtime include the
/// next line gets), so the two nest.
pub(super) fn apply_fixes(
    edits: &mut Vec<Edit>,
    diags: Vec<Diagnostic>,
    kept: &[std::ops::Range<usize>],
    all: bool,
) -> Fixes {
    let mut fixed = 0;
    let mut clashed = false;
    let mut left = Vec::with_capacity(diags.len());
    let mut applied = Vec::new();
    let mut taken: HashMap<(usize, usize, std::borrow::Cow<'_, str>), ()> = HashMap::new();
    // The translation's edits by start (stably: insertions at one point keep
    // their order), with the furthest end before each, so that each fix is
    // checked against the edits near it only.
    edits.sort_by_key(|e| e.range.start);
    let mut max_end = Vec::with_capacity(edits.len() + 1);
    max_end.push(0);
    for e in edits.iter() {
        max_end.push(e.range.end.max(*max_end.last().unwrap_or(&0)));
    }
    let mut gone = vec![false; edits.len()];
    // The fixes accepted: replacements (disjoint) by start → end, insertions.
    let mut spans: BTreeMap<usize, usize> = BTreeMap::new();
    let mut points: BTreeSet<usize> = BTreeSet::new();
    let mut added: Vec<Edit> = Vec::new();
    let mut closes: Vec<Edit> = Vec::new();
    let mut covered: Vec<usize> = Vec::new();
    let mut diags = diags;
    diags.sort_by_key(|d| {
        d.fix
            .as_ref()
            .and_then(|f| f.edits.first())
            .map_or(usize::MAX, |e| e.range.start)
    });
    for d in diags {
        let Some(fix) = d.fix.as_ref().filter(|f| {
            f.applicability == Applicability::Required
                || (all && f.applicability == Applicability::Safe)
        }) else {
            left.push(d);
            continue;
        };
        // The same fix offered twice (one literal behind two uses) counts
        // once; two insertions at one point (two shims) are two fixes.
        let key = fix.edits.first().map_or((0, 0, Default::default()), |e| {
            (e.range.start, e.range.end, e.text.clone())
        });
        if taken.contains_key(&key) {
            fixed += 1;
            applied.push(d);
            continue;
        }
        covered.clear();
        let clash = fix.edits.iter().any(|f| {
            let r = &f.range;
            // A translation edit reaching into `f` from before it. (One
            // taken over by an accepted fix lies in that fix, which `f`
            // then overlaps too.)
            let k = edits.partition_point(|e| e.range.start < r.start);
            let from_left = max_end[k] > r.start;
            // The translation edits starting inside `f`: covered, or a clash.
            let inside = edits[k..]
                .iter()
                .enumerate()
                .take_while(|(_, e)| e.range.start < r.end)
                .filter(|&(i, _)| !gone[k + i])
                .any(|(i, e)| {
                    if fix.edits.iter().any(|g| covers(g, e)) {
                        covered.push(k + i);
                        false
                    } else {
                        e.overlaps(f)
                    }
                });
            // The fixes accepted before.
            let fixes = spans.range(..=r.start).next_back().is_some_and(|(&s, &e)| {
                s < r.start && e > r.start || s == r.start && !r.is_empty()
            }) || spans
                .range(r.start + 1..r.end.max(r.start + 1))
                .next()
                .is_some()
                || (!r.is_empty() && points.range(r.start + 1..r.end).next().is_some());
            from_left || inside || fixes
        });
        // A suppression comment it would remove.
        let removes_comment = fix.edits.iter().any(|f| {
            let r = &f.range;
            let c = kept.partition_point(|c| c.end <= r.start);
            !r.is_empty() && kept.get(c).is_some_and(|c| c.start < r.end)
        });
        if clash || removes_comment {
            clashed |= clash;
            left.push(d);
            continue;
        }
        taken.insert(key, ());
        for &i in &covered {
            gone[i] = true;
        }
        for (n, f) in fix.edits.iter().enumerate() {
            if f.range.is_empty() {
                points.insert(f.range.start);
                if n > 0 {
                    closes.push(f.clone());
                    continue;
                }
            } else {
                let end = spans.entry(f.range.start).or_insert(f.range.end);
                *end = (*end).max(f.range.end);
            }
            added.push(f.clone());
        }
        fixed += 1;
        applied.push(d);
    }
    if gone.contains(&true) {
        let mut k = 0;
        edits.retain(|_| {
            k += 1;
            !gone[k - 1]
        });
    }
    if !closes.is_empty() {
        // Sorted stably by start later (`edit::normalize`): first at their
        // points.
        closes.append(edits);
        *edits = closes;
    }
    edits.extend(added);
    Fixes {
        left,
        fixed,
        applied,
        clashed,
    }
}

/// Whether fix edit `f` replaces a larger range holding all of `e` (an
/// insertion at either end of `f` stays outside it).
fn covers(f: &Edit, e: &Edit) -> bool {
    let (f, e) = (&f.range, &e.range);
    !f.is_empty()
        && f != e
        && f.start <= e.start
        && e.end <= f.end
        && !(e.is_empty() && (e.start == f.start || e.start == f.end))
}
