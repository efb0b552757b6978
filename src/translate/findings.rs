//! What happens to diagnostics after the passes and rules: severities and
//! suppressions through [`crate::diagnostic::resolve`], with the lines a
//! C++ suppression comment covers (`// hipify-ignore: CODE` its own line
//! or, alone on its line, the next line of code), and, with `--fix`, the
//! exact fixes merged into the edits, each fix all or nothing.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::Cx;
use crate::diagnostic::resolve::{self, Suppression};
use crate::diagnostic::{Applicability, Diagnostic};
use crate::edit::Edit;
use crate::source::LineIndex;

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
    let mut code_lines: Vec<usize> = cx
        .lx
        .tokens
        .iter()
        .map(|t| index.line_col(t.start as usize).0)
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
                    == Some(super::includes::HIP_RUNTIME.as_bytes())
        })
        .map(|d| index.line_col(d.hash as usize).0)
        .collect();
    // A comment in a dropped argument is gone from the translation: it
    // suppresses nothing there, so nothing here either.
    let deleted = super::deleted_ranges(cx);
    for &(start, end) in &cx.lx.comments {
        let (start, end) = (start as usize, end as usize);
        if super::within(&deleted, &(start..end)) {
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

/// The comments that hold a suppression and stay in the translation,
/// sorted. A fix that would remove one (an `asm` statement with a comment
/// inside) is not applied: the second run, without it, would fix what it
/// suppressed. One in text the translation deletes anyway (a dropped warp
/// mask) is gone for the second run whatever the fix does, and suppresses
/// nothing (see [`resolve`]): it keeps no fix out.
pub(super) fn suppression_comments(cx: &Cx<'_>) -> Vec<std::ops::Range<usize>> {
    if memchr::memmem::find(cx.src, b"hipify-ignore").is_none() {
        return Vec::new();
    }
    let finder = memchr::memmem::Finder::new(b"hipify-ignore");
    let deleted = super::deleted_ranges(cx);
    cx.lx
        .comments
        .iter()
        .map(|&(s, e)| s as usize..e as usize)
        .filter(|r| finder.find(&cx.src[r.clone()]).is_some())
        .filter(|r| !super::within(&deleted, r))
        .collect()
}

/// `ranges` sorted and merged where they overlap or touch.
pub(super) fn disjoint(mut ranges: Vec<std::ops::Range<usize>>) -> Vec<std::ops::Range<usize>> {
    ranges.sort_by_key(|r| r.start);
    let mut out: Vec<std::ops::Range<usize>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

/// Merges the safe fixes of `diags` into `edits` where they do not overlap
/// anything accepted already, nor remove a comment of `kept` (sorted), nor
/// change text in `frozen` (sorted, disjoint: what a pass left as it is for
/// what it holds, which a fix could take away); returns the diagnostics
/// left (unfixed) and the number fixed.
///
/// A fix edit that replaces a range holding translation edits (an `asm`
/// statement with a renamed operand) takes their place: rules see the
/// translation's edits and write such a fix against the translated text, so
/// the first `--fix` run does what a second would (the output of a `--fix`
/// run translates to itself). Edits reaching across a fix's range, or on
/// the very same range, still keep the fix out.
pub(super) fn apply_fixes(
    edits: &mut Vec<Edit>,
    diags: Vec<Diagnostic>,
    kept: &[std::ops::Range<usize>],
    frozen: &[std::ops::Range<usize>],
    all: bool,
) -> (Vec<Diagnostic>, u32) {
    let mut fixed = 0;
    let mut left = Vec::with_capacity(diags.len());
    let mut taken: HashMap<(usize, usize), ()> = HashMap::new();
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
        // The same fix offered twice (one literal behind two uses) counts once.
        let key = fix
            .edits
            .first()
            .map_or((0, 0), |e| (e.range.start, e.range.end));
        if taken.contains_key(&key) {
            fixed += 1;
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
            // A suppression comment it would remove.
            let comment = !r.is_empty() && {
                let c = kept.partition_point(|c| c.end <= r.start);
                kept.get(c).is_some_and(|c| c.start < r.end)
            };
            // Text a pass left for what it holds (an insertion at either
            // end of it changes none of it).
            let f = frozen.partition_point(|c| c.end <= r.start);
            let frozen = frozen.get(f).is_some_and(|c| c.start < r.end);
            from_left || inside || fixes || comment || frozen
        });
        if clash {
            left.push(d);
            continue;
        }
        taken.insert(key, ());
        for &i in &covered {
            gone[i] = true;
        }
        for f in &fix.edits {
            if f.range.is_empty() {
                points.insert(f.range.start);
            } else {
                let end = spans.entry(f.range.start).or_insert(f.range.end);
                *end = (*end).max(f.range.end);
            }
            added.push(f.clone());
        }
        fixed += 1;
    }
    if gone.contains(&true) {
        let mut k = 0;
        edits.retain(|_| {
            k += 1;
            !gone[k - 1]
        });
    }
    edits.extend(added);
    (left, fixed)
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
