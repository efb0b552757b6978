//! Which kind of brace scope each token sits in — namespace, class, function
//! body or other block — from one lexical pass. Knowing that a declaration is
//! in a user's namespace or class needs only this; the parser then confirms
//! the declaration's shape on that one statement, so no file is ever parsed
//! whole.

use super::Tokens;
use crate::lex::TokenKind;

/// A brace scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// File scope (or `extern "C" { … }` at file scope).
    Global,
    /// `namespace X { … }`.
    Namespace,
    /// `struct`/`class`/`union X { … }`.
    Class,
    /// `enum X { … }`.
    Enum,
    /// A function body, a control block, an initializer.
    Block,
}

/// The innermost scope of every token (indexed like the tokens).
pub(crate) fn scopes(cx: &Tokens<'_>) -> Vec<Scope> {
    let n = cx.lx.tokens.len();
    let mut out = Vec::with_capacity(n);
    let mut stack: Vec<Scope> = Vec::new();
    // Start of the current statement head (after the last `;`, `{` or `}`).
    let mut head = 0;
    for i in 0..n {
        let t = cx.tok(i);
        if t.in_directive() || t.kind != TokenKind::Punct {
            out.push(*stack.last().unwrap_or(&Scope::Global));
            continue;
        }
        match cx.src[t.start as usize] {
            b'{' => {
                let parent = *stack.last().unwrap_or(&Scope::Global);
                let kind = classify(cx, head, i, parent);
                out.push(parent);
                stack.push(kind);
                head = i + 1;
            }
            b'}' => {
                stack.pop();
                out.push(*stack.last().unwrap_or(&Scope::Global));
                head = i + 1;
            }
            b';' => {
                out.push(*stack.last().unwrap_or(&Scope::Global));
                head = i + 1;
            }
            _ => out.push(*stack.last().unwrap_or(&Scope::Global)),
        }
    }
    out
}

/// The kind of the `{` at `open`, from the tokens of its head `head..open`.
fn classify(cx: &Tokens<'_>, head: usize, open: usize, parent: Scope) -> Scope {
    let code = |k: usize| !cx.tok(k).in_directive();
    let mut parens = false;
    let mut assigns = false;
    let mut first_word: Option<&[u8]> = None;
    for k in (head..open).filter(|&k| code(k)) {
        let t = cx.tok(k);
        match t.kind {
            TokenKind::Ident => {
                let w = cx.text(k);
                match w {
                    b"namespace" => return Scope::Namespace,
                    b"template" | b"typename" | b"export" | b"inline" => {}
                    _ if first_word.is_none() => first_word = Some(w),
                    _ => {}
                }
            }
            TokenKind::Str if cx.is_ident(k.saturating_sub(1), b"extern") => return parent,
            TokenKind::Punct if cx.is_punct(k, b"(") => parens = true,
            // `= {` opens an initializer, but only once no `namespace`
            // follows: a translation that completes an earlier statement
            // (junk before `namespace`) must not change what this scope is.
            TokenKind::Punct if cx.is_punct(k, b"=") => assigns = true,
            _ => {}
        }
    }
    if assigns {
        return Scope::Block;
    }
    match first_word {
        Some(b"struct" | b"class" | b"union") if !parens => Scope::Class,
        Some(b"enum") => Scope::Enum,
        _ => Scope::Block,
    }
}
