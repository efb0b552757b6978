//! `kernel<<<grid, block, shmem, stream>>>(args…)` →
//! `hipLaunchKernelGGL(kernel, dim3(grid), dim3(block), shmem, stream, args…)`,
//! hipify-clang's exact form, for `--hip-kernel-execution-syntax`.
//!
//! Lexical, so launches inside macro bodies are rewritten too. The kernel is
//! wrapped in `HIP_KERNEL_NAME(…)` when it has explicit template arguments or
//! is declared as a template in the file (its name may otherwise contain
//! commas the macro would split on).

use std::collections::HashSet;

use super::Cx;
use crate::edit::Edit;
use crate::lex::TokenKind;

pub(super) fn rewrite(cx: &mut Cx<'_>) {
    let templates = template_functions(cx);
    let n = cx.lx.tokens.len();
    let mut i = 0;
    while i + 2 < n {
        if is_triple(cx, i, b'<') {
            if let Some(resume) = rewrite_launch(cx, i, &templates) {
                i = resume;
                continue;
            }
        }
        i += 1;
    }
}

/// Three adjacent `c` punctuation tokens at `i` in one context.
fn is_triple(cx: &Cx<'_>, i: usize, c: u8) -> bool {
    let toks = &cx.lx.tokens;
    i + 2 < toks.len()
        && (0..3).all(|k| {
            let t = &toks[i + k];
            t.kind == TokenKind::Punct && cx.src[t.start as usize] == c
        })
        && toks[i].end == toks[i + 1].start
        && toks[i + 1].end == toks[i + 2].start
        && toks[i].directive == toks[i + 2].directive
}

fn rewrite_launch(cx: &mut Cx<'_>, lt: usize, templates: &HashSet<Vec<u8>>) -> Option<usize> {
    let kstart = kernel_start(cx, lt)?;
    // The configuration: up to `>>>` at bracket depth 0.
    let mut depth = 0i32;
    let mut j = lt + 2;
    let mut config = Vec::new();
    let mut arg_start = lt + 3;
    let gt = loop {
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
                config.push((arg_start, j));
                arg_start = j + 1;
            }
            b'>' if depth == 0 && is_triple(cx, j, b'>') => break j,
            // Another `<<<` before the `>>>`: this one is not a launch.
            b'<' if is_triple(cx, j, b'<') => return None,
            b';' => return None,
            _ => {}
        }
    };
    config.push((arg_start, gt));
    if !(2..=4).contains(&config.len()) || config.iter().any(|&(a, b)| a >= b) {
        return None;
    }
    let open = cx.next(gt + 2).filter(|&o| cx.is_punct(o, b"("))?;
    let close = cx.matching_close(open)?;
    // The rewrite keeps the kernel and each configuration argument as written;
    // a comment elsewhere in the replaced range would be lost, so leave such
    // a launch as it is (hipcc accepts `<<<…>>>`).
    let kept: Vec<std::ops::Range<usize>> = std::iter::once(cx.span(kstart, lt))
        .chain(config.iter().map(|&(a, b)| cx.span(a, b)))
        .collect();
    let replaced = cx.tok(kstart).start as usize..cx.tok(open).end as usize;
    let loses_comment = cx.lx.comments.iter().any(|&(cs, ce)| {
        let (cs, ce) = (cs as usize, ce as usize);
        cs < replaced.end
            && ce > replaced.start
            && !kept.iter().any(|k| k.start <= cs && ce <= k.end)
    });
    // Edits carry text; bytes that are not UTF-8 (a Latin-1 comment) must
    // pass through untouched, so such a launch is left as it is too.
    if loses_comment || std::str::from_utf8(&cx.src[replaced.clone()]).is_err() {
        return None;
    }
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

    let kernel = cx.take_rendered(cx.span(kstart, lt));
    let last = lt - 1;
    let is_template = kernel.contains('<')
        || (cx.tok(last).kind == TokenKind::Ident && templates.contains(cx.text(last)));
    let kernel = if is_template {
        format!("HIP_KERNEL_NAME({kernel})")
    } else {
        kernel
    };
    let mut parts = Vec::with_capacity(4);
    for &(a, b) in &config {
        let text = cx.take_rendered(cx.span(a, b));
        parts.push(text.trim().to_string());
    }
    let mut text = format!(
        "hipLaunchKernelGGL({kernel}, dim3({}), dim3({}), {}, {}",
        parts[0],
        parts[1],
        parts.get(2).map_or("0", String::as_str),
        parts.get(3).map_or("0", String::as_str)
    );
    if close > open + 1 {
        text.push(',');
        let after = cx.tok(open).end as usize;
        if !cx.src.get(after).is_some_and(|b| b.is_ascii_whitespace()) {
            text.push(' ');
        }
    }
    let range = cx.tok(kstart).start as usize..cx.tok(open).end as usize;
    cx.edits.push(Edit::replace(range, text));
    cx.stats.launches += 1;
    Some(open + 1)
}

/// Words that end an expression on their left: `else (*fp)<<<…>>>` launches `(*fp)`.
const KEYWORDS: &[&[u8]] = &[b"return", b"else", b"do", b"case", b"throw", b"co_await"];

/// First token of the kernel expression ending just before `<<<` at `lt`:
/// `k`, `ns::k`, `k<T, 4>`, `obj.k`, `(*fp)`, `table[i]`, `get()`.
fn kernel_start(cx: &Cx<'_>, lt: usize) -> Option<usize> {
    let mut j = cx.prev(lt)?;
    loop {
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
                _ => return Some(open),
            }
        }
        if cx.tok(j).kind != TokenKind::Ident {
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
                b';' => return None,
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
fn template_functions(cx: &Cx<'_>) -> HashSet<Vec<u8>> {
    let mut names = HashSet::new();
    let n = cx.lx.tokens.len();
    for i in 0..n {
        if !cx.is_ident(i, b"template") {
            continue;
        }
        let Some(open) = cx.next(i).filter(|&o| cx.is_punct(o, b"<")) else {
            continue;
        };
        let Some(mut j) = cx.template_close(open, n) else {
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
                    b'<' => match cx.template_close(k, n) {
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
                    b';' | b'{' | b'=' | b'}' => break,
                    _ => {}
                },
                _ => {}
            }
        }
    }
    names
}
