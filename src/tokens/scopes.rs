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

/// The innermost scope of every token, kept where it changes: at each brace
/// of code, the scope after it, in token order. A table per token cost more
/// to fill than every question asked of it.
pub(crate) struct Scopes {
    changes: Vec<Change>,
}

struct Change {
    /// The brace token.
    at: u32,
    /// Whether it is a `{` (it opens `after`) rather than a `}`.
    opens: bool,
    /// The scope after it.
    after: Scope,
    /// How many braces of code are open after it.
    depth: u32,
}

impl Scopes {
    pub(crate) fn new(cx: &Tokens<'_>) -> Scopes {
        let mut changes = Vec::new();
        let mut stack: Vec<Scope> = Vec::new();
        // Start of the current statement head (after the last `;`, `{` or `}`).
        let mut head = 0;
        for (i, t) in cx.lx.tokens.iter().enumerate() {
            if t.kind != TokenKind::Punct || t.in_directive() {
                continue;
            }
            let at = i as u32;
            match cx.src[t.start as usize] {
                b'{' => {
                    let parent = *stack.last().unwrap_or(&Scope::Global);
                    let after = classify(cx, head, i, parent);
                    stack.push(after);
                    changes.push(Change {
                        at,
                        opens: true,
                        after,
                        depth: stack.len() as u32,
                    });
                    head = i + 1;
                }
                b'}' => {
                    stack.pop();
                    let after = *stack.last().unwrap_or(&Scope::Global);
                    changes.push(Change {
                        at,
                        opens: false,
                        after,
                        depth: stack.len() as u32,
                    });
                    head = i + 1;
                }
                b';' => head = i + 1,
                _ => {}
            }
        }
        Scopes { changes }
    }

    /// The innermost scope of token `i`: the one after the last brace up to
    /// it, but a `{` sits in the scope around it.
    pub(crate) fn at(&self, i: usize) -> Scope {
        let mut k = self.changes.partition_point(|c| c.at as usize <= i);
        if k > 0 && self.changes[k - 1].at as usize == i && self.changes[k - 1].opens {
            k -= 1;
        }
        k.checked_sub(1)
            .map_or(Scope::Global, |k| self.changes[k].after)
    }

    /// The `{` of code that opens the outermost brace scope holding token
    /// `i`, however directives split the code; `None` at file scope.
    pub(crate) fn outermost_open(&self, i: usize) -> Option<usize> {
        let k = self.changes.partition_point(|c| c.at as usize <= i);
        let last = k.checked_sub(1)?;
        if self.changes[last].depth == 0 {
            return None;
        }
        (self.changes[..k].iter().rev())
            .find(|c| c.opens && c.depth == 1)
            .map(|c| c.at as usize)
    }

    /// Whether a `{` of code up to token `i` (itself included) is still
    /// open after it: no walk back from `i` finds an unmatched `{` otherwise.
    pub(crate) fn open_after(&self, i: usize) -> bool {
        let k = self.changes.partition_point(|c| c.at as usize <= i);
        k.checked_sub(1).is_some_and(|k| self.changes[k].depth > 0)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The scope of every token as the stack says while walking them, to
    /// check the kept changes against.
    fn per_token(cx: &Tokens<'_>) -> Vec<Scope> {
        let mut out = Vec::new();
        let mut stack: Vec<Scope> = Vec::new();
        let top = |s: &Vec<Scope>| *s.last().unwrap_or(&Scope::Global);
        let mut head = 0;
        for (i, t) in cx.lx.tokens.iter().enumerate() {
            let brace =
                (t.kind == TokenKind::Punct && !t.in_directive()).then(|| cx.src[t.start as usize]);
            match brace {
                Some(b'{') => {
                    out.push(top(&stack));
                    stack.push(classify(cx, head, i, top(&stack)));
                    head = i + 1;
                }
                Some(b'}') => {
                    stack.pop();
                    out.push(top(&stack));
                    head = i + 1;
                }
                Some(b';') => {
                    out.push(top(&stack));
                    head = i + 1;
                }
                _ => out.push(top(&stack)),
            }
        }
        out
    }

    #[test]
    fn kept_changes_answer_as_the_walk() {
        let src = b"namespace a { struct S { int f() { return 1; } }; }\n\
            #if X\n{ }\n#endif\nint g[] = { 1, 2 };\nextern \"C\" { void h(); }\n\
            } } void k() { if (x) { } }\nenum E { A };\n{";
        let lx = crate::lex::lex(src);
        let cx = Tokens::new(src, &lx);
        let scopes = Scopes::new(&cx);
        let want = per_token(&cx);
        for (i, &w) in want.iter().enumerate() {
            assert_eq!(
                scopes.at(i),
                w,
                "token {i} `{}`",
                String::from_utf8_lossy(cx.text(i))
            );
        }
        assert!(want.contains(&Scope::Class) && want.contains(&Scope::Enum));
    }

    /// `open_after` says no brace is open exactly where no walk back finds
    /// an unmatched `{` (within any run of code between directives).
    #[test]
    fn open_after_agrees_with_the_walk_back() {
        use crate::tokens::{BracketSet, Way};
        let src = b"namespace a { int x;\n#include <a.h>\n}\nvoid f() {\n#pragma unroll\n for(;;) { } }\n\
            } } extern \"C\" { int y; }\n#if X\n{\n#endif\n int z; }\n{";
        let lx = crate::lex::lex(src);
        let cx = Tokens::new(src, &lx);
        let scopes = Scopes::new(&cx);
        let mut open_seen = false;
        for i in (0..lx.tokens.len()).filter(|&i| !cx.tok(i).in_directive()) {
            let found = cx
                .walk(i, BracketSet::Braces, Way::Back)
                .any(|s| s.unmatched);
            // Open after `i` whenever the walk finds one; the walk may miss one
            // opened before a directive.
            if found {
                assert!(
                    scopes.open_after(i),
                    "token {i} `{}`",
                    String::from_utf8_lossy(cx.text(i))
                );
            }
            open_seen |= scopes.open_after(i) && !found;
        }
        assert!(
            open_seen,
            "a brace opened before a directive is open after it"
        );
    }
}
