//! CUDA API names inside string literals, as hipify-clang rewrites them:
//! error messages (`"cudaMalloc failed"`) and NVRTC kernel source, which must
//! compile as HIP. Whole identifiers only, plain renames only (a name whose
//! call changes shape is left); never in `asm` operands, `#include` paths or
//! the messages of `#error`/`#pragma`. `--keep-strings` turns this off.

use super::Cx;
use super::identifiers;
use crate::edit::{self, Edit};
use crate::lex::{CLASS, TokenKind};

pub(super) fn rewrite(cx: &mut Cx<'_>) {
    // The operands of each `asm`, to its `)`: PTX and constraints are no C++.
    let mut asm: Vec<std::ops::Range<usize>> = (cx.facts.landmarks.asm.iter())
        .filter_map(|&a| {
            let a = a as usize;
            let mut open = cx.next(a);
            while let Some(o) = open.filter(|&o| !cx.is_punct(o, b"(")) {
                if cx.tok(o).kind != TokenKind::Ident {
                    break;
                }
                open = cx.next(o);
            }
            let close = open
                .filter(|&o| cx.is_punct(o, b"("))
                .and_then(|o| cx.matching_close(o))?;
            Some(cx.tok(a).start as usize..cx.tok(close).end as usize)
        })
        .collect();
    // Each range's end as the furthest so far: a string is in operands when
    // the last range starting before it reaches past it.
    for k in 1..asm.len() {
        asm[k].end = asm[k].end.max(asm[k - 1].end);
    }
    // What the identifier pass deletes or writes anew (a dropped warp mask,
    // a moved or dropped argument) is not translated again.
    let deleted = super::rewritten(cx);
    let strings = std::mem::take(&mut cx.facts.landmarks.strings);
    for &i in &strings {
        let i = i as usize;
        let tok = *cx.tok(i);
        let k = asm.partition_point(|r| r.start < tok.start as usize);
        if k > 0 && asm[k - 1].end > tok.start as usize || edit::within(&deleted, &tok.range()) {
            continue;
        }
        // A raw string left open runs to the end of the file: not translated.
        if cx.lx.unterminated.iter().any(|u| u.start == tok.start) {
            continue;
        }
        if tok.in_directive()
            && identifiers::is_opaque_directive(&cx.lx.directives[tok.directive as usize].name)
        {
            continue;
        }
        let text = &cx.src[tok.range()];
        let Some(quote) = text.iter().position(|&b| b == b'"') else {
            continue;
        };
        // A literal the lexer ended at the line's end was never closed.
        if text.len() < quote + 2 || !text.ends_with(b"\"") {
            continue;
        }
        let raw = text[..quote].ends_with(b"R");
        let body = tok.start as usize + quote + 1..tok.end as usize;
        let mut k = body.start;
        while k < body.end {
            let b = cx.src[k];
            if b == b'\\' && !raw {
                k += 2;
                continue;
            }
            if CLASS[b as usize] == 0 {
                k += 1;
                continue;
            }
            // A word as the lexer splits identifiers (a byte past ASCII or a
            // `$` belongs to it), as the prefilter reads it too; one that
            // starts with a digit is none.
            let end = k + cx.src[k..body.end]
                .iter()
                .position(|c| CLASS[*c as usize] == 0)
                .unwrap_or(body.end - k);
            let word = &cx.src[k..end];
            let name = (b.is_ascii_alphabetic() || b == b'_')
                && crate::mappings::may_be_key(word)
                && !cx.facts.own_api_names.iter().any(|n| n.as_slice() == word);
            let rename = name
                .then(|| std::str::from_utf8(word).ok())
                .flatten()
                .and_then(|word| identifiers::plain_rename(word, &cx.opts.target));
            if let Some((hip, family)) = rename {
                cx.edits.push(Edit::replace(k..end, hip));
                *cx.stats.rewrites.entry(family).or_default() += 1;
            }
            k = end;
        }
    }
    cx.facts.landmarks.strings = strings;
}
