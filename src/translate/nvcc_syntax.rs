//! What nvcc accepts and clang (hipcc) rejects, where the fix is exact:
//! launch chevrons written with spaces (`k << <g, b >> > (args)`, one token
//! each to nvcc, a syntax error to clang) are joined, and the `register`
//! storage class, an error in C++17, is dropped (it never changed meaning).
//! Also what CUDA's headers accept and HIP's reject: `h = {}` on a half
//! type, which HIP's several `operator=` make ambiguous, names the type; and
//! `alignas` after a memory space (`__shared__ alignas(16) float t[…]`):
//! HIP's `__shared__`, `__device__`, `__constant__` and `__managed__` are
//! GNU attributes, after which clang takes no `alignas`, so it moves to the
//! declaration's start (`alignas(16) __shared__ float t[…]`: the specifiers
//! before it move after it), where it means the same.

use std::ops::Range;

use super::Cx;
use crate::edit::{self, Edit};
use crate::lex::TokenKind;
use crate::tokens::{Configuration, HALF_TYPES, may_hold_spaced_chevrons};

/// Joins `<< <` … `>> >` of a launch into `<<<` … `>>>`. A run of three `<`
/// is never C++ outside a launch; the launch's `>>>` is the first run of
/// three `>` at bracket depth 0 after it, followed by `(`.
pub(super) fn join_spaced_launches(cx: &mut Cx<'_>) {
    if !may_hold_spaced_chevrons(cx.src) {
        return;
    }
    // Text deleted or written anew (a call's argument HIP's form drops).
    let deleted = super::rewritten(cx);
    let n = cx.lx.tokens.len();
    let mut i = 0;
    while i + 2 < n {
        let t = cx.tok(i);
        if t.kind != TokenKind::Punct
            || cx.src[t.start as usize] != b'<'
            || !cx.is_spaced_triple(i, b'<')
        {
            i += 1;
            continue;
        }
        // Exactly three: in a run of four `<` (junk) any three joined leave
        // another three to join in the next run.
        let lt = |k: usize| cx.is_punct(k, b"<");
        if cx.prev(i).is_some_and(lt) || cx.next(i + 2).is_some_and(lt) {
            i += 3;
            continue;
        }
        let Some(close) = launch_close(cx, i) else {
            i += 3;
            continue;
        };
        let gaps: Vec<Range<usize>> = [i, i + 1, close, close + 1]
            .iter()
            .map(|&k| cx.tok(k).end as usize..cx.tok(k + 1).start as usize)
            .filter(|gap| !gap.is_empty())
            .collect();
        // Not where the translation deletes or rewrites the blanks (a
        // directive with a launch after its header name, an argument HIP's
        // call drops); a deletion elsewhere in the launch (`register`
        // dropped in its configuration) leaves them to join.
        let in_deleted = |gap: &Range<usize>| {
            let k = deleted.partition_point(|d| d.end <= gap.start);
            deleted.get(k).is_some_and(|d| d.start < gap.end)
        };
        if !gaps.iter().any(in_deleted) {
            cx.edits.extend(gaps.into_iter().map(Edit::delete));
        }
        i = close + 3;
    }
}

/// The first token of the `>>>` closing the launch configuration opened by
/// the `<<<` at `lt` (spaced or not), when a `(` follows it.
fn launch_close(cx: &Cx<'_>, lt: usize) -> Option<usize> {
    match cx.launch_configuration(lt)? {
        Configuration::Closed { gt, .. } => cx
            .next(gt + 2)
            .filter(|&o| cx.is_punct(o, b"("))
            .map(|_| gt),
        Configuration::Nested => None,
    }
}

/// Drops the `register` keyword (and the blanks after it) in a file compiled
/// as CUDA: C++17 removed the storage class, and clang rejects it there,
/// where nvcc only warns. An explicit register variable
/// (`register int r asm("r0")`) keeps it: there the keyword carries meaning.
pub(super) fn drop_register(cx: &mut Cx<'_>) {
    // Text the translation deletes already (a dropped warp mask) keeps it.
    let deleted = edit::deleted_ranges(&cx.edits);
    for k in 0..cx.facts.landmarks.register.len() {
        let i = cx.facts.landmarks.register[k] as usize;
        let tok = *cx.tok(i);
        if edit::within(&deleted, &tok.range()) {
            continue;
        }
        if tok.in_directive() && cx.lx.directives[tok.directive as usize].name != "define" {
            continue;
        }
        // A storage class comes before a type (`register int`, `register
        // ::ns::T`); anything else is none (junk: `register(`, `register #`,
        // whose dropping would leave a directive at a line's start).
        let before_a_type = cx
            .next(i)
            .is_some_and(|n| cx.tok(n).kind == TokenKind::Ident || cx.is_punct(n, b"::"));
        if !before_a_type {
            continue;
        }
        let mut j = i + 1;
        let mut explicit = false;
        while let Some(k) = cx.next(j - 1) {
            if [&b";"[..], b"{", b"=", b")", b","]
                .iter()
                .any(|p| cx.is_punct(k, p))
            {
                break;
            }
            if matches!(cx.text(k), b"asm" | b"__asm__" | b"__asm") {
                explicit = true;
                break;
            }
            j = k + 1;
        }
        if explicit {
            continue;
        }
        let end = cx
            .next(i)
            .map_or(tok.end as usize, |k| cx.tok(k).start as usize);
        let end = if cx.src[tok.end as usize..end]
            .iter()
            .all(|b| matches!(b, b' ' | b'\t'))
        {
            end
        } else {
            tok.end as usize
        };
        cx.edits.push(Edit::delete(tok.start as usize..end));
    }
}

/// Words of a declaration's specifiers that may come before its `alignas`.
const SPECIFIERS: &[&[u8]] = &[
    b"static",
    b"extern",
    b"const",
    b"volatile",
    b"constexpr",
    b"inline",
    b"thread_local",
    b"__shared__",
    b"__device__",
    b"__constant__",
    b"__managed__",
];

/// Puts an `alignas(…)` that follows a memory space among a declaration's
/// specifiers (`__shared__ alignas(16) float t[64];`, as cuda-samples'
/// globalToShmemAsyncCopy writes it) first, by moving the specifiers before
/// it after it: nvcc takes it there, clang rejects it after the GNU
/// attribute HIP's memory space is. In code and in `#define` bodies
/// (`#define SMEM_TILE __shared__ alignas(16) float tile[256]`), not where
/// the translation edits the specifiers.
pub(super) fn hoist_alignas(cx: &mut Cx<'_>) {
    for k in 0..cx.facts.landmarks.alignas.len() {
        let i = cx.facts.landmarks.alignas[k] as usize;
        let tok = *cx.tok(i);
        if tok.in_directive() && cx.lx.directives[tok.directive as usize].name != "define" {
            continue;
        }
        let mut start = i;
        let mut space = false;
        while let Some(p) = cx.prev(start) {
            let word = cx.text(p);
            if cx.tok(p).kind != TokenKind::Ident || !SPECIFIERS.contains(&word) {
                break;
            }
            space |= !matches!(
                word,
                b"static"
                    | b"extern"
                    | b"const"
                    | b"volatile"
                    | b"constexpr"
                    | b"inline"
                    | b"thread_local"
            );
            start = p;
        }
        let Some(open) = cx.next(i).filter(|&o| cx.is_punct(o, b"(")) else {
            continue;
        };
        let Some(close) = cx.matching_close(open) else {
            continue;
        };
        if !space {
            continue;
        }
        // The specifiers before it move after it, with the blanks that
        // follow them: `__shared__ alignas(16) float` becomes `alignas(16)
        // __shared__ float`; the `alignas` (renamed inside or not) stays.
        let run = cx.tok(start).start as usize..cx.tok(i).start as usize;
        let touched = |r: &Range<usize>| {
            cx.edits
                .iter()
                .any(|e| e.range.start < r.end && r.start < e.range.end.max(e.range.start + 1))
        };
        if touched(&run) {
            continue;
        }
        let words = String::from_utf8_lossy(cx.src[run.clone()].trim_ascii_end()).into_owned();
        let at = cx.tok(close).end as usize;
        cx.edits.push(Edit::delete(run));
        cx.edits.push(Edit::insert(at, format!(" {words}")));
    }
}

/// `x = {}` where `x` is declared with a half type becomes `x = half2{}`:
/// the same value-initialised (zero) value, with one `operator=` to pick.
pub(super) fn name_empty_braces(cx: &mut Cx<'_>) {
    if cx.facts.landmarks.half.is_empty() {
        return;
    }
    let n = cx.lx.tokens.len();
    // The names declared with a half type anywhere: only their `= {}` is
    // looked into (its declaration is searched backwards from there).
    let half_names: Vec<&[u8]> = (cx.facts.landmarks.half.iter())
        .map(|&i| i as usize)
        .filter_map(|i| cx.next(i).filter(|&k| cx.tok(k).kind == TokenKind::Ident))
        .map(|k| cx.text(k))
        .collect();
    if half_names.is_empty() {
        return;
    }
    let deleted = edit::deleted_ranges(&cx.edits);
    for i in 0..n {
        if cx.tok(i).kind != TokenKind::Ident {
            continue;
        }
        let Some(eq) = cx.next(i).filter(|&k| cx.is_punct(k, b"=")) else {
            continue;
        };
        let Some(open) = cx.next(eq).filter(|&k| cx.is_punct(k, b"{")) else {
            continue;
        };
        if !cx.next(open).is_some_and(|k| cx.is_punct(k, b"}")) {
            continue;
        }
        if !half_names.contains(&cx.text(i)) {
            continue;
        }
        let member = cx
            .prev(i)
            .is_some_and(|p| [&b"."[..], b"->", b"::"].iter().any(|m| cx.is_punct(p, m)));
        if member {
            continue;
        }
        if let Some(ty) = declared_type(cx, i).filter(|&t| HALF_TYPES.contains(&cx.text(t))) {
            let at = cx.tok(open).start as usize;
            if edit::within(&deleted, &(at..at)) {
                continue;
            }
            let name = String::from_utf8_lossy(cx.text(ty)).into_owned();
            cx.edits.push(Edit::insert(at, name));
        }
    }
}

/// The type token of the nearest declaration `TYPE NAME` before the use of
/// `NAME` at token `use_at`. `NAME` must be followed by what can follow a
/// declarator, so that a launch `k<<<…>>>` after a word is no declaration
/// (its rewrite, `hipLaunchKernelGGL(k, …`, is none either).
fn declared_type(cx: &Cx<'_>, use_at: usize) -> Option<usize> {
    let name = cx.text(use_at);
    (0..use_at).rev().find_map(|j| {
        if cx.tok(j).kind != TokenKind::Ident || cx.text(j) != name {
            return None;
        }
        let declarator_ends = cx.next(j).is_none_or(|k| {
            [&b";"[..], b",", b"=", b"(", b"[", b"{", b")", b":"]
                .iter()
                .any(|p| cx.is_punct(k, p))
        });
        if !declarator_ends {
            return None;
        }
        cx.prev(j).filter(|&p| cx.tok(p).kind == TokenKind::Ident)
    })
}
