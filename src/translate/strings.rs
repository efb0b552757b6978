//! CUDA API names inside string literals, as hipify-clang rewrites them:
//! error messages (`"cudaMalloc failed"`) and NVRTC kernel source, which must
//! compile as HIP. Whole identifiers only, plain renames only (a name whose
//! call changes shape is left); never in `asm` operands, `#include` paths or
//! the messages of `#error`/`#pragma`. `--keep-strings` turns this off.

use super::Cx;
use super::identifiers;
use crate::edit::Edit;
use crate::lex::TokenKind;

pub(super) fn rewrite(cx: &mut Cx<'_>) {
    let mut asm_until = 0usize;
    // Inline assembly is rare: most files need no look at their words.
    let has_asm = memchr::memmem::find(cx.src, b"asm").is_some();
    for i in 0..cx.lx.tokens.len() {
        let tok = *cx.tok(i);
        if tok.kind != TokenKind::Str && !has_asm {
            continue;
        }
        if tok.kind == TokenKind::Ident
            && matches!(cx.src[tok.start as usize], b'a' | b'_')
            && matches!(cx.text(i), b"asm" | b"__asm__" | b"__asm")
        {
            // Skip to the operands' `)`: PTX and constraints are no C++.
            let mut open = cx.next(i);
            while let Some(o) = open.filter(|&o| !cx.is_punct(o, b"(")) {
                if cx.tok(o).kind != TokenKind::Ident {
                    break;
                }
                open = cx.next(o);
            }
            if let Some(close) = open
                .filter(|&o| cx.is_punct(o, b"("))
                .and_then(|o| cx.matching_close(o))
            {
                asm_until = asm_until.max(cx.tok(close).end as usize);
            }
            continue;
        }
        if tok.kind != TokenKind::Str || (tok.start as usize) < asm_until {
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
            if !(b.is_ascii_alphabetic() || b == b'_') {
                k += 1;
                continue;
            }
            let end = k + cx.src[k..body.end]
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                .unwrap_or(body.end - k);
            let word = &cx.src[k..end];
            if let Some((hip, family)) = (crate::mappings::may_be_key(word))
                .then(|| std::str::from_utf8(word).ok())
                .flatten()
                .and_then(|word| identifiers::plain_rename(word, &cx.opts.target))
            {
                cx.edits.push(Edit::replace(k..end, hip));
                *cx.stats.rewrites.entry(family).or_default() += 1;
            }
            k = end;
        }
    }
}
