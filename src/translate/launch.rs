//! `kernel<<<grid, block, shmem, stream>>>(args…)` →
//! `hipLaunchKernelGGL(kernel, dim3(grid), dim3(block), shmem, stream, args…)`,
//! hipify-clang's exact form, for `--hip-kernel-execution-syntax`.
//!
//! Lexical, so launches inside macro bodies are rewritten too. The kernel is
//! wrapped in `HIP_KERNEL_NAME(…)` when it has explicit template arguments or
//! is declared as a template in the file (its name may otherwise contain
//! commas the macro would split on).

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::Cx;
use crate::edit::Edit;
use crate::lex::TokenKind;

pub(super) fn rewrite(cx: &mut Cx<'_>) {
    let templates = template_functions(cx);
    let deleted = Deleted::new(cx);
    let mut launched = Launched::default();
    let n = cx.lx.tokens.len();
    let mut i = 0;
    while i + 2 < n {
        if is_triple(cx, i, b'<') {
            if let Some(resume) = rewrite_launch(cx, i, &templates, &deleted, &mut launched) {
                i = resume;
                continue;
            }
        }
        i += 1;
    }
    let asm = &mut cx.facts.asm_in_kernels;
    asm.sort_unstable();
    asm.dedup();
}

/// The launches rewritten so far.
#[derive(Default)]
struct Launched {
    /// The `(` of each to its kernel's first token.
    kernels: HashMap<usize, usize>,
    /// The bytes each replaced (disjoint), and where its `)` is, in the order
    /// rewritten, which is by start: a launch in another's arguments comes
    /// after it.
    replaced: Vec<(Range<usize>, usize)>,
}

impl Launched {
    /// Whether byte `at` lies in the text of a launch rewritten here.
    fn replaced_at(&self, at: usize) -> bool {
        let r = self.replaced.partition_point(|(r, _)| r.start <= at);
        r.checked_sub(1)
            .is_some_and(|r| at < self.replaced[r].0.end)
    }
}

/// `dim3(arg)`, but an argument that is already one `dim3(…)` call stays as
/// it is (hipify-clang does not wrap it twice).
fn as_dim3(arg: &str) -> String {
    let whole_call = arg.strip_prefix("dim3").and_then(|rest| {
        let rest = rest.trim_start();
        let inner = rest.strip_prefix('(')?.strip_suffix(')')?;
        // The `(` after `dim3` closes at the very end, not earlier.
        let mut depth = 0i32;
        inner
            .bytes()
            .all(|b| {
                depth += match b {
                    b'(' => 1,
                    b')' => -1,
                    _ => 0,
                };
                depth >= 0
            })
            .then_some(())
    });
    match whole_call {
        Some(()) => arg.to_string(),
        None => format!("dim3({arg})"),
    }
}

/// What follows the `<<<` at token `lt`, up to its `>>>`.
pub(super) enum Configuration {
    /// The `>>>` (its first token) at bracket depth 0, and each argument
    /// before it: its first token and the `,` or `>>>` after it.
    Closed {
        gt: usize,
        args: Vec<(usize, usize)>,
    },
    /// Another `<<<` (its first token) comes first.
    Nested(usize),
}

/// The launch configuration opened at `lt` (spaced or not); `None` where a
/// bracket closes that it did not open, a `;` comes first, or the context
/// ends.
pub(super) fn configuration(cx: &Cx<'_>, lt: usize) -> Option<Configuration> {
    let mut depth = 0i32;
    let mut j = lt + 2;
    let mut args = Vec::new();
    let mut arg_start = cx.next(j)?;
    loop {
        j = cx.next(j)?;
        let t = cx.tok(j);
        if t.kind != TokenKind::Punct {
            continue;
        }
        match cx.src[t.start as usize] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            b',' if depth == 0 => {
                args.push((arg_start, j));
                arg_start = cx.next(j)?;
            }
            b'>' if depth == 0 && is_triple(cx, j, b'>') => {
                args.push((arg_start, j));
                return Some(Configuration::Closed { gt: j, args });
            }
            b'<' if is_triple(cx, j, b'<') => return Some(Configuration::Nested(j)),
            b';' => return None,
            _ => {}
        }
    }
}

/// Three adjacent `c` punctuation tokens at `i` in one context: `<<<` or
/// `>>>`, or the same written with blanks between (`<< <`), which nvcc reads
/// alike (`>> >` in a launch's configuration cannot close a template).
pub(super) fn is_triple(cx: &Cx<'_>, i: usize, c: u8) -> bool {
    three_puncts(cx, i, c, |gap| {
        gap.is_empty() || gap.iter().all(u8::is_ascii_whitespace)
    })
}

/// [`is_triple`] with blanks between some of the three.
pub(super) fn is_spaced_triple(cx: &Cx<'_>, i: usize, c: u8) -> bool {
    three_puncts(cx, i, c, |gap| gap.iter().all(u8::is_ascii_whitespace))
        && !three_puncts(cx, i, c, <[u8]>::is_empty)
}

fn three_puncts(cx: &Cx<'_>, i: usize, c: u8, gap_ok: impl Fn(&[u8]) -> bool) -> bool {
    let toks = &cx.lx.tokens;
    i + 2 < toks.len()
        && (0..3).all(|k| {
            let t = &toks[i + k];
            t.kind == TokenKind::Punct && cx.src[t.start as usize] == c
        })
        && gap_ok(&cx.src[toks[i].end as usize..toks[i + 1].start as usize])
        && gap_ok(&cx.src[toks[i + 1].end as usize..toks[i + 2].start as usize])
        && toks[i].directive == toks[i + 2].directive
}

/// The ranges of the translation's deleting edits, sorted: the directives it
/// deletes whole (a CUDA include with no HIP counterpart, or one whose HIP
/// header is already included) and dropped arguments. A second run no longer
/// sees those directives, and the passes do not see their tokens, so a
/// launch around one is rewritten; their bytes (a comment, bytes that are
/// not UTF-8) go with the replaced text. Any other directive
/// inside a launch leaves the launch as it is (a directive in a macro's
/// arguments is undefined behaviour, and `hipLaunchKernelGGL` is a macro).
struct Deleted {
    ranges: Vec<Range<usize>>,
}

impl Deleted {
    fn new(cx: &Cx<'_>) -> Deleted {
        Deleted {
            ranges: super::deleted_ranges(cx),
        }
    }

    /// Whether bytes `r` lie inside a deleted range.
    fn covers(&self, r: &Range<usize>) -> bool {
        super::within(&self.ranges, r)
    }
}

fn rewrite_launch(
    cx: &mut Cx<'_>,
    lt: usize,
    templates: &HashSet<Vec<u8>>,
    deleted: &Deleted,
    launched: &mut Launched,
) -> Option<usize> {
    let kstart = kernel_start(cx, lt, &launched.kernels)?;
    // A kernel in parentheses that holds a `<<<` or `>>>` of no launch
    // rewritten here (`(>>>)<<<…>>>()`) is none: the second run could read
    // that bracket as part of another launch, around this one rewritten.
    if cx.is_punct(kstart, b"(")
        && (kstart..lt).any(|k| {
            (is_triple(cx, k, b'<') || is_triple(cx, k, b'>'))
                && !launched.replaced_at(cx.tok(k).start as usize)
        })
    {
        return None;
    }
    // A kernel that begins in the text a launch rewritten here replaced, from
    // inside that launch's arguments (`k<<<<,1>>>(><<<`: back to its
    // configuration's `<`), is none: the second run no longer sees that text.
    // Such a `<<<` must not hide the launches after it. (A launch whose
    // kernel is a whole rewritten launch, `k<<<…>>>(…)<<<…>>>(…)`, is one.)
    let at = cx.tok(lt).start as usize;
    let ks = cx.tok(kstart).start as usize;
    let r = (launched.replaced).partition_point(|(r, _)| r.start < at);
    if let Some((replaced, close)) = r.checked_sub(1).map(|r| &launched.replaced[r]) {
        if ks < replaced.end && at < *close {
            return None;
        }
    }
    // Nor is one that begins inside such text from after it (`_<<<<,6>>>()>`
    // back to the configuration's `<`).
    let r = (launched.replaced).partition_point(|(r, _)| r.start < ks);
    if r.checked_sub(1)
        .is_some_and(|r| ks < launched.replaced[r].0.end)
    {
        return None;
    }
    let (gt, config) = match configuration(cx, lt)? {
        Configuration::Closed { gt, args } => (gt, args),
        // Another `<<<` before the `>>>`: neither is rewritten, or the
        // second run would rewrite this one around the rewritten inner.
        // Unless an edit puts brackets between the two (`HIP_SYMBOL(` …
        // `)` around a call argument): the second run reads no
        // configuration across them, so the inner one is a launch.
        Configuration::Nested(j) => {
            let between = cx.tok(lt).start as usize..cx.tok(j).start as usize;
            let restructured = cx.edits.iter().any(|e| {
                e.range.start < between.end
                    && e.range.end > between.start
                    && e.text
                        .contains(['(', ')', '[', ']', '{', '}', ',', ';', '<', '>'])
            });
            return if restructured {
                None
            } else {
                Some(past_nested(cx, lt))
            };
        }
    };
    if !(2..=4).contains(&config.len()) || config.iter().any(|&(a, b)| a >= b) {
        return None;
    }
    let open = cx.next(gt + 2).filter(|&o| cx.is_punct(o, b"("))?;
    // The arguments: a directive among them that stays leaves the launch as
    // it is; a `(` closed by `]` or `}` is no call.
    let close = cx.matching_close(open).filter(|&c| cx.is_punct(c, b")"))?;
    // A `>>>` in the arguments that closes no `<<<` before it there
    // (`(p)<<<2,4>>>(>>>)<<<2,4>>>()`) leaves the launch as it is: in the
    // rewritten text the second run could read it as the end of another
    // launch's configuration. (A launch nested in the arguments keeps its
    // own `<<<…>>>` paired.)
    let mut nested = 0usize;
    for k in open + 1..close {
        let first = |c: &[u8]| cx.prev(k).is_none_or(|p| !cx.is_punct(p, c));
        if is_triple(cx, k, b'<') && first(b"<") {
            nested += 1;
        } else if is_triple(cx, k, b'>') && first(b">") {
            if nested == 0 {
                return None;
            }
            nested -= 1;
        }
    }
    // The kernel and each configuration argument, first to last token.
    let kernel_span = cx.span(kstart, cx.prev(lt)? + 1);
    // A `<<<` in the kernel that is not a launch rewritten here (`_<<<<…`)
    // would be one in the rewritten text, where the second run may read a
    // launch: leave this launch as it is.
    let stray = (kstart..lt)
        .any(|k| is_triple(cx, k, b'<') && !launched.replaced_at(cx.tok(k).start as usize));
    // An `asm` statement is no kernel, nor part of one (`{asm("trap")]`):
    // the launch is left as it is, and so is the statement, which gets no
    // fix (`asm("trap")` → `__builtin_trap()`), or the second run would
    // find no `asm` here and rewrite the launch around the fixed text.
    let asm: Vec<usize> = (kstart..lt)
        .filter(|&k| matches!(cx.text(k), b"asm" | b"__asm__" | b"__asm"))
        .map(|k| cx.tok(k).start as usize)
        .collect();
    if !asm.is_empty() {
        cx.facts.asm_in_kernels.extend(asm);
        return None;
    }
    if stray {
        return None;
    }
    let mut config_spans = Vec::with_capacity(config.len());
    for &(a, b) in &config {
        config_spans.push(cx.span(a, cx.prev(b)? + 1));
    }
    // The rewrite keeps the kernel and each configuration argument as written;
    // a comment elsewhere in the replaced range would be lost, so leave such
    // a launch as it is (hipcc accepts `<<<…>>>`). A comment in a deleted
    // directive goes with the directive.
    let kept: Vec<Range<usize>> = std::iter::once(kernel_span.clone())
        .chain(config_spans.iter().cloned())
        .collect();
    let replaced = cx.tok(kstart).start as usize..cx.tok(open).end as usize;
    let loses_comment = cx.lx.comments.iter().any(|&(cs, ce)| {
        let (cs, ce) = (cs as usize, ce as usize);
        cs < replaced.end
            && ce > replaced.start
            && !kept.iter().any(|k| k.start <= cs && ce <= k.end)
            && !deleted.covers(&(cs..ce))
    });
    if loses_comment {
        return None;
    }
    // Edits carry text; bytes that are not UTF-8 (a Latin-1 comment) must
    // pass through untouched, so such a launch is left as it is too.
    let mut at = replaced.start;
    let first = deleted.ranges.partition_point(|r| r.start < at);
    for r in &deleted.ranges[first..] {
        if r.start >= replaced.end {
            break;
        }
        if r.start >= at && r.end <= replaced.end {
            std::str::from_utf8(&cx.src[at..r.start]).ok()?;
            at = r.end;
        }
    }
    std::str::from_utf8(&cx.src[at..replaced.end]).ok()?;
    // An edit reaching across the range (a dropped warp mask, an earlier
    // launch) cannot be composed with this one: leave the launch as it is.
    let straddles = |e: &Edit| {
        let inside = replaced.start <= e.range.start && e.range.end <= replaced.end;
        let apart = e.range.end <= replaced.start || e.range.start >= replaced.end;
        !inside && !apart
    };
    if cx.edits.iter().any(straddles) {
        return None;
    }

    let kernel = cx.take_rendered(kernel_span);
    let last = cx.prev(lt)?;
    let is_template = kernel.contains('<')
        || (cx.tok(last).kind == TokenKind::Ident && templates.contains(cx.text(last)));
    let kernel = if is_template {
        format!("HIP_KERNEL_NAME({kernel})")
    } else {
        kernel
    };
    let mut parts = Vec::with_capacity(4);
    for span in config_spans {
        let text = cx.take_rendered(span);
        parts.push(text.trim().to_string());
    }
    // The deleted directives between the kept parts go with the replaced text.
    cx.edits.retain(|e| {
        !(e.text.is_empty()
            && !e.range.is_empty()
            && replaced.start <= e.range.start
            && e.range.end <= replaced.end)
    });
    let mut text = format!(
        "hipLaunchKernelGGL({kernel}, {}, {}, {}, {}",
        as_dim3(&parts[0]),
        as_dim3(&parts[1]),
        parts.get(2).map_or("0", String::as_str),
        parts.get(3).map_or("0", String::as_str)
    );
    if cx.next(open) != Some(close) {
        text.push(',');
        let after = cx.tok(open).end as usize;
        if !cx.src.get(after).is_some_and(|b| b.is_ascii_whitespace()) {
            text.push(' ');
        }
    }
    (launched.replaced).push((replaced.clone(), cx.tok(close).start as usize));
    cx.edits.push(Edit::replace(replaced, text));
    cx.stats.launches += 1;
    launched.kernels.insert(open, kstart);
    Some(open + 1)
}

/// The token after the `>>>` that closes the `<<<` at `lt`, counting the
/// `<<<` nested in its configuration (or where the configuration ends
/// unclosed: a `;`, a bracket it did not open, the end of the context). A
/// `>>>` closes the innermost `<<<` opened at its bracket depth; one at
/// another depth (`k<<<1, (>>>) …`) closes none.
fn past_nested(cx: &Cx<'_>, lt: usize) -> usize {
    // The bracket depth of each `<<<` not closed yet.
    let mut open: Vec<i32> = Vec::new();
    let mut depth = 0i32;
    let mut i = lt;
    loop {
        if is_triple(cx, i, b'<') {
            open.push(depth);
            i += 2;
        } else if is_triple(cx, i, b'>') {
            if open.last() == Some(&depth) {
                open.pop();
            }
            i += 2;
            if open.is_empty() {
                return i + 1;
            }
        } else if cx.is_punct(i, b";") {
            return i;
        } else if cx.tok(i).kind == TokenKind::Punct {
            match cx.src[cx.tok(i).start as usize] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth < 0 {
                        return i;
                    }
                }
                _ => {}
            }
        }
        match cx.next(i) {
            Some(n) => i = n,
            None => return i + 1,
        }
    }
}

/// Words that end an expression on their left: `else (*fp)<<<…>>>` launches `(*fp)`.
const KEYWORDS: &[&[u8]] = &[b"return", b"else", b"do", b"case", b"throw", b"co_await"];

/// First token of the kernel expression ending just before `<<<` at `lt`:
/// `k`, `ns::k`, `k<T, 4>`, `obj.k`, `(*fp)`, `table[i]`, `get()`.
/// `launched` maps the `(` of each launch rewritten so far to its kernel's
/// first token.
fn kernel_start(cx: &Cx<'_>, lt: usize, launched: &HashMap<usize, usize>) -> Option<usize> {
    let mut j = cx.prev(lt)?;
    loop {
        // `j` ends a name (or what stands for one) that may be qualified.
        let mut name = false;
        if cx.is_punct(j, b">") {
            let open = angle_open_back(cx, j, launched)?;
            j = cx.prev(open)?;
        } else if cx.is_punct(j, b")") || cx.is_punct(j, b"]") {
            let open = cx.matching_open(j)?;
            match cx.prev(open) {
                Some(p)
                    if cx.tok(p).kind == TokenKind::Ident && !KEYWORDS.contains(&cx.text(p)) =>
                {
                    j = p;
                }
                // A rewritten launch's result launched
                // (`k<<<…>>>(…)<<<…>>>(…)`): the second run sees a call,
                // `hipLaunchKernelGGL(…)`, there, so the kernel is that
                // launch whole.
                _ if cx.is_punct(j, b")") && launched.contains_key(&open) => {
                    j = launched[&open];
                    name = true;
                }
                // `()<<<…>>>`: no kernel at all.
                _ if cx.next(open) == Some(j) => return None,
                _ => return Some(open),
            }
        }
        if !name && cx.tok(j).kind != TokenKind::Ident {
            return None;
        }
        match cx.prev(j) {
            Some(p) if cx.is_punct(p, b"::") => match cx.prev(p) {
                Some(q) if cx.tok(q).kind == TokenKind::Ident || cx.is_punct(q, b">") => j = q,
                _ => return Some(p),
            },
            Some(p) if cx.is_punct(p, b".") || cx.is_punct(p, b"->") => j = cx.prev(p)?,
            Some(p) if cx.is_ident(p, b"template") => match cx.prev(p) {
                Some(q) if cx.is_punct(q, b"::") || cx.is_punct(q, b".") => j = cx.prev(q)?,
                _ => return Some(j),
            },
            _ => return Some(j),
        }
    }
}

/// The `<` matching the `>` at `close`, scanning backwards over template arguments.
/// A launch rewritten here counts as the call the second run sees,
/// `hipLaunchKernelGGL(…)`: the scan steps over it whole (its `<<<` and
/// `>>>` are no angle brackets), from its `)` to before its kernel.
fn angle_open_back(cx: &Cx<'_>, close: usize, launched: &HashMap<usize, usize>) -> Option<usize> {
    let mut angle = 0i32;
    let mut i = close;
    loop {
        let t = cx.tok(i);
        if t.kind == TokenKind::Punct {
            match cx.src[t.start as usize] {
                b'>' => angle += 1,
                b'<' => {
                    angle -= 1;
                    if angle == 0 {
                        return Some(i);
                    }
                }
                b')' | b']' => {
                    i = cx.matching_open(i)?;
                    if let Some(&kernel) = launched.get(&i) {
                        i = kernel;
                    }
                }
                // Out of the brackets the `>` is in: no template list
                // (`n<f(s, >`) reaches across one.
                b'(' | b'[' | b'{' | b'}' | b';' => return None,
                _ => {}
            }
        }
        i = cx.prev(i)?;
    }
}

/// Specifiers with parenthesized arguments that come before a declarator's name.
const ATTRIBUTES: &[&[u8]] = &[
    b"__launch_bounds__",
    b"__attribute__",
    b"__declspec",
    b"alignas",
    b"__align__",
    b"decltype",
];

/// Names of functions declared as templates in this file
/// (`template <typename T> __global__ void axpy(…)`).
///
/// Linear: every `<` is matched in one pass first ([`Cx::template_closes`];
/// other brackets by [`Cx::matching_close`]'s table), and a declarator's
/// scan ends at a `>` or `)` it did not open, so the scans of nested
/// templates (`template <template <…> class T>`) do not overlap.
fn template_functions(cx: &Cx<'_>) -> HashSet<Vec<u8>> {
    let mut names = HashSet::new();
    let n = cx.lx.tokens.len();
    let angles = cx.template_closes(0..n);
    let angle = |open: usize| (angles[open] != u32::MAX).then_some(angles[open] as usize);
    for i in 0..n {
        if !cx.is_ident(i, b"template") {
            continue;
        }
        let Some(open) = cx.next(i).filter(|&o| cx.is_punct(o, b"<")) else {
            continue;
        };
        let Some(mut j) = angle(open) else {
            continue;
        };
        // The declarator's name is the identifier before the first `(` at depth 0.
        let mut last_ident = None;
        while let Some(k) = cx.next(j) {
            j = k;
            let t = cx.tok(k);
            match t.kind {
                TokenKind::Ident if cx.is_ident(k, b"template") => break,
                TokenKind::Ident => last_ident = Some(k),
                TokenKind::Punct => match cx.src[t.start as usize] {
                    b'<' => match angle(k) {
                        Some(c) => j = c,
                        None => break,
                    },
                    b'(' if last_ident.is_some_and(|l| ATTRIBUTES.contains(&cx.text(l))) => {
                        match cx.matching_close(k) {
                            Some(c) => j = c,
                            None => break,
                        }
                        last_ident = None;
                    }
                    b'(' => {
                        if let Some(name) = last_ident {
                            names.insert(cx.text(name).to_vec());
                        }
                        break;
                    }
                    // The end of an enclosing template parameter list or call.
                    b';' | b'{' | b'=' | b'}' | b'>' | b')' => break,
                    _ => {}
                },
                _ => {}
            }
        }
    }
    names
}
