//! Bracket walks: the one place outside the bracket table that counts bracket
//! depth token by token. Passes and rules that look for the bracket around a
//! token, or split a bracketed list at its top level, walk with
//! [`Tokens::walk`] and read each [`Step`]'s depth instead of keeping a
//! counter of their own.

use super::Tokens;
use crate::lex::TokenKind;

/// Which brackets a walk counts; the others are plain tokens to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BracketSet {
    /// `{` `}`: blocks and bodies.
    Braces,
    /// `(` `)`: calls and parameter lists.
    Parens,
    /// `(` `)` and `[` `]`: an expression's own brackets, not its blocks.
    ParensSquares,
    /// `(` `)`, `[` `]` and `{` `}`, paired by depth whatever their kind (as
    /// [`Tokens::matching_close`] pairs them).
    All,
}

impl BracketSet {
    /// `1` for an opening bracket of this set, `-1` for a closing one, `0`
    /// otherwise.
    fn sign(self, b: u8) -> i8 {
        match (self, b) {
            (BracketSet::Braces | BracketSet::All, b'{') => 1,
            (BracketSet::Braces | BracketSet::All, b'}') => -1,
            (BracketSet::Parens | BracketSet::ParensSquares | BracketSet::All, b'(') => 1,
            (BracketSet::Parens | BracketSet::ParensSquares | BracketSet::All, b')') => -1,
            (BracketSet::ParensSquares | BracketSet::All, b'[') => 1,
            (BracketSet::ParensSquares | BracketSet::All, b']') => -1,
            _ => 0,
        }
    }
}

/// Which way a walk goes and what it crosses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Way {
    /// Towards the file's start, within the first token's context (one
    /// directive, or the code between two directives).
    Back,
    /// Towards the file's end, within the first token's context.
    Forward,
    /// Towards the file's start over code tokens alone: directives are
    /// stepped over, so a body holding `#if … #else … #endif` is one body.
    BackOverDirectives,
    /// Towards the file's end over code tokens alone.
    ForwardOverDirectives,
}

impl Way {
    fn forward(self) -> bool {
        matches!(self, Way::Forward | Way::ForwardOverDirectives)
    }

    fn over_directives(self) -> bool {
        matches!(self, Way::BackOverDirectives | Way::ForwardOverDirectives)
    }
}

/// One token of a walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    /// The token's index.
    pub(crate) k: usize,
    /// How many brackets the walk has entered before this token (pairs it
    /// opened and has not yet left).
    pub(crate) depth: usize,
    /// The token is a bracket of the set that the walk did not enter: the
    /// opening bracket around the start (walking back), or the closing one
    /// after it (walking forward). The walk's depth stays 0 after it.
    pub(crate) unmatched: bool,
}

/// The iterator [`Tokens::walk`] returns.
pub(crate) struct Walk<'t, 'a> {
    cx: &'t Tokens<'a>,
    next: Option<usize>,
    brackets: BracketSet,
    way: Way,
    depth: usize,
}

impl Iterator for Walk<'_, '_> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        let k = self.next?;
        self.next = self.after(k);
        let t = self.cx.tok(k);
        let sign = if t.kind == TokenKind::Punct {
            self.brackets.sign(self.cx.src[t.start as usize])
        } else {
            0
        };
        // Walking back, a closing bracket enters a pair and an opening one
        // leaves it; walking forward, the other way round.
        let enters = if self.way.forward() {
            sign > 0
        } else {
            sign < 0
        };
        let leaves = sign != 0 && !enters;
        let depth = self.depth;
        if enters {
            self.depth += 1;
        } else if leaves && depth > 0 {
            self.depth -= 1;
        }
        Some(Step {
            k,
            depth,
            unmatched: leaves && depth == 0,
        })
    }
}

impl Walk<'_, '_> {
    fn after(&self, k: usize) -> Option<usize> {
        let cx = self.cx;
        if !self.way.over_directives() {
            return if self.way.forward() {
                cx.next(k)
            } else {
                cx.prev(k)
            };
        }
        let code = |j: &usize| !cx.tok(*j).in_directive();
        if self.way.forward() {
            (k + 1..cx.lx.tokens.len()).find(code)
        } else {
            (0..k).rev().find(code)
        }
    }
}

impl<'a> Tokens<'a> {
    /// The tokens from `start` (itself first) one way, each with the depth of
    /// `brackets` the walk has entered. A walk over directives starting in a
    /// directive reads that token, then code alone.
    pub(crate) fn walk(&self, start: usize, brackets: BracketSet, way: Way) -> Walk<'_, 'a> {
        Walk {
            cx: self,
            next: (start < self.lx.tokens.len()).then_some(start),
            brackets,
            way,
            depth: 0,
        }
    }

    /// The bracket of `brackets` around token `i`: the first opening one
    /// before it that it does not close, within its context.
    pub(crate) fn unclosed_before(&self, i: usize, brackets: BracketSet) -> Option<usize> {
        let start = self.prev(i)?;
        self.walk(start, brackets, Way::Back)
            .find(|s| s.unmatched)
            .map(|s| s.k)
    }
}

#[cfg(test)]
mod tests {
    use super::{BracketSet, Way};
    use crate::lex::lex;
    use crate::tokens::Tokens;

    fn texts(src: &str) -> (crate::lex::Lexed, &str) {
        (lex(src.as_bytes()), src)
    }

    #[test]
    fn back_finds_the_opening_bracket_around() {
        let (lx, src) = texts("f(a, g(b), {c}, d)");
        let cx = Tokens::new(src.as_bytes(), &lx);
        let d = lx.tokens.len() - 2;
        let open = cx.unclosed_before(d, BracketSet::All).unwrap();
        assert_eq!(cx.text(open), b"(");
        assert_eq!(open, 1);
        assert_eq!(cx.unclosed_before(d, BracketSet::Braces), None);
    }

    #[test]
    fn forward_depths_and_the_unmatched_close() {
        let (lx, src) = texts("a, (b, c), d) e");
        let cx = Tokens::new(src.as_bytes(), &lx);
        let steps: Vec<_> = cx.walk(0, BracketSet::All, Way::Forward).collect();
        let commas: Vec<_> = steps
            .iter()
            .filter(|s| cx.text(s.k) == b"," && s.depth == 0)
            .map(|s| s.k)
            .collect();
        assert_eq!(commas.len(), 2);
        let close = steps.iter().find(|s| s.unmatched).unwrap();
        assert_eq!(cx.text(close.k), b")");
        assert_eq!(close.k, lx.tokens.len() - 2);
    }

    #[test]
    fn a_context_walk_stops_at_a_directive_and_a_code_walk_steps_over_it() {
        let (lx, src) = texts("void f() {\n#if A\n  x();\n#endif\n  y();\n}\n");
        let cx = Tokens::new(src.as_bytes(), &lx);
        let y = (0..lx.tokens.len()).find(|&k| cx.text(k) == b"y").unwrap();
        assert_eq!(cx.unclosed_before(y, BracketSet::Braces), None);
        assert_eq!(cx.prev(y), None);
        let start = (0..y).rev().find(|&k| !cx.tok(k).in_directive()).unwrap();
        assert_eq!(cx.text(start), b";");
        let open = cx
            .walk(start, BracketSet::Braces, Way::BackOverDirectives)
            .find(|s| s.unmatched)
            .unwrap();
        assert_eq!(cx.text(open.k), b"{");
    }
}
