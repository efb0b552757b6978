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
use crate::tokens::Configuration;

pub(super) fn rewrite(cx: &mut Cx<'_>) {
    let templates = template_functions(cx);
    // The `(` of each launch rewritten so far to its kernel's first token:
    // a launch of a launch's result (`k<<<…>>>(p)<<<…>>>(q)`) takes that
    // launch whole as its kernel, so a chain is rewritten in one round.
    let mut launched: HashMap<usize, usize> = HashMap::new();
    let n = cx.lx.tokens.len();
    let mut i = 0;
    while i + 2 < n {
        if cx.is_triple(i, b'<') {
            if let Some(resume) = rewrite_launch(cx, i, &templates, &mut launched) {
                i = resume;
                continue;
            }
            cx.facts.launches_left = true;
        }
        i += 1;
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

/// Rewrites the launch whose configuration opens at `lt`; returns the token
/// to go on from, or `None` where it is left as it is. A launch that another
/// edit reaches into is left for the next round of translation, which reads
/// that edit done (a launch nested in another's configuration: the inner one
/// now, the outer one then).
fn rewrite_launch(
    cx: &mut Cx<'_>,
    lt: usize,
    templates: &HashSet<Vec<u8>>,
    launched: &mut HashMap<usize, usize>,
) -> Option<usize> {
    let kstart = kernel_start(cx, lt, launched)?;
    let Configuration::Closed { gt, args: config } = cx.launch_configuration(lt)? else {
        return None;
    };
    if !(2..=4).contains(&config.len()) || config.iter().any(|&(a, b)| a >= b) {
        return None;
    }
    let open = cx.next(gt + 2).filter(|&o| cx.is_punct(o, b"("))?;
    // The arguments: a directive among them leaves the launch as it is
    // (`hipLaunchKernelGGL` is a macro, and a directive in a macro's
    // arguments is undefined behaviour); a `(` closed by `]` or `}` is no
    // call.
    let close = cx.matching_close(open).filter(|&c| cx.is_punct(c, b")"))?;
    // The kernel and each configuration argument, first to last token.
    let kernel_span = cx.span(kstart, cx.prev(lt)? + 1);
    let mut config_spans = Vec::with_capacity(config.len());
    for &(a, b) in &config {
        config_spans.push(cx.span(a, cx.prev(b)? + 1));
    }
    // The rewrite keeps the kernel and each configuration argument as written;
    // a comment elsewhere in the replaced range would be lost, so leave such
    // a launch as it is (hipcc accepts `<<<…>>>`).
    let kept: Vec<Range<usize>> = std::iter::once(kernel_span.clone())
        .chain(config_spans.iter().cloned())
        .collect();
    let replaced = cx.tok(kstart).start as usize..cx.tok(open).end as usize;
    let loses_comment = cx.lx.comments.iter().any(|&(cs, ce)| {
        let (cs, ce) = (cs as usize, ce as usize);
        cs < replaced.end
            && ce > replaced.start
            && !kept.iter().any(|k| k.start <= cs && ce <= k.end)
    });
    if loses_comment {
        return None;
    }
    // Edits carry text; bytes that are not UTF-8 (a Latin-1 comment) must
    // pass through untouched, so such a launch is left as it is too.
    std::str::from_utf8(&cx.src[replaced.clone()]).ok()?;
    // An edit reaching across the range (a dropped warp mask, an earlier
    // launch) cannot be composed with this one: the next round rewrites it.
    let straddles = |e: &Edit| {
        let inside = replaced.start <= e.range.start && e.range.end <= replaced.end;
        let apart = e.range.end <= replaced.start || e.range.start >= replaced.end;
        !inside && !apart
    };
    // So can an edit inside it but outside the parts kept (a dropped warp
    // mask taking a `<<<` with it).
    let lost = |e: &Edit| {
        replaced.start <= e.range.start
            && e.range.end <= replaced.end
            && !kept
                .iter()
                .any(|k| k.start <= e.range.start && e.range.end <= k.end)
    };
    if cx.edits.iter().any(|e| straddles(e) || lost(e)) {
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
    cx.edits.push(Edit::replace(replaced, text));
    cx.stats.launches += 1;
    launched.insert(open, kstart);
    Some(open + 1)
}

/// Words that end an expression on their left: `else (*fp)<<<…>>>` launches `(*fp)`.
const KEYWORDS: &[&[u8]] = &[b"return", b"else", b"do", b"case", b"throw", b"co_await"];

/// First token of the kernel expression ending just before `<<<` at `lt`:
/// `k`, `ns::k`, `k<T, 4>`, `obj.k`, `(*fp)`, `table[i]`, `get()`.
fn kernel_start(cx: &Cx<'_>, lt: usize, launched: &HashMap<usize, usize>) -> Option<usize> {
    let mut j = cx.prev(lt)?;
    loop {
        // `j` ends a name (or what stands for one) that may be qualified.
        let mut name = false;
        if cx.is_punct(j, b">") {
            let open = angle_open_back(cx, j)?;
            j = cx.prev(open)?;
        } else if cx.is_punct(j, b")") || cx.is_punct(j, b"]") {
            let open = cx.matching_open(j)?;
            match cx.prev(open) {
                Some(p)
                    if cx.tok(p).kind == TokenKind::Ident && !KEYWORDS.contains(&cx.text(p)) =>
                {
                    j = p;
                }
                // A launch's arguments (`k<<<…>>>(p)<<<…>>>(q)`): its
                // result is the kernel, that launch whole where it was
                // rewritten here, else the next round's call.
                _ if launched.contains_key(&open) => {
                    j = launched[&open];
                    name = true;
                }
                Some(p) if p >= 2 && cx.is_triple(p - 2, b'>') => return None,
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
fn angle_open_back(cx: &Cx<'_>, close: usize) -> Option<usize> {
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
                b')' | b']' => i = cx.matching_open(i)?,
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
