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
    /// The set's opening and closing brackets, as bit masks over ASCII.
    fn masks(self) -> (u128, u128) {
        let bits = |bytes: &[u8]| bytes.iter().fold(0u128, |m, &b| m | 1 << b);
        let (opens, closes): (&[u8], &[u8]) = match self {
            BracketSet::Braces => (b"{", b"}"),
            BracketSet::Parens => (b"(", b")"),
            BracketSet::ParensSquares => (b"([", b")]"),
            BracketSet::All => (b"([{", b")]}"),
        };
        (bits(opens), bits(closes))
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
    /// The brackets that enter a pair and those that leave one, walking
    /// this way (see [`BracketSet::masks`]).
    enters: u128,
    leaves: u128,
    way: Way,
    depth: usize,
}

impl Iterator for Walk<'_, '_> {
    type Item = Step;

    #[inline(always)]
    fn next(&mut self) -> Option<Step> {
        let k = self.next?;
        self.next = self.after(k);
        let t = self.cx.tok(k);
        let depth = self.depth;
        let mut unmatched = false;
        if t.kind == TokenKind::Punct {
            let bit = 1u128 << (self.cx.src[t.start as usize] & 0x7f);
            if self.enters & bit != 0 {
                self.depth += 1;
            } else if self.leaves & bit != 0 {
                unmatched = depth == 0;
                self.depth = depth.saturating_sub(1);
            }
        }
        Some(Step {
            k,
            depth,
            unmatched,
        })
    }
}

impl Walk<'_, '_> {
    #[inline(always)]
    fn after(&self, k: usize) -> Option<usize> {
        let cx = self.cx;
        match self.way {
            Way::Back => cx.prev(k),
            Way::Forward => cx.next(k),
            Way::BackOverDirectives => (0..k).rev().find(|&j| !cx.tok(j).in_directive()),
            Way::ForwardOverDirectives => {
                (k + 1..cx.lx.tokens.len()).find(|&j| !cx.tok(j).in_directive())
            }
        }
    }
}

impl<'a> Tokens<'a> {
    /// The tokens from `start` (itself first) one way, each with the depth of
    /// `brackets` the walk has entered. A walk over directives starting in a
    /// directive reads that token, then code alone.
    pub(crate) fn walk(&self, start: usize, brackets: BracketSet, way: Way) -> Walk<'_, 'a> {
        // Walking back, a closing bracket enters a pair and an opening one
        // leaves it; walking forward, the other way round.
        let (opens, closes) = brackets.masks();
        let (enters, leaves) = match way {
            Way::Forward | Way::ForwardOverDirectives => (opens, closes),
            Way::Back | Way::BackOverDirectives => (closes, opens),
        };
        Walk {
            cx: self,
            next: (start < self.lx.tokens.len()).then_some(start),
            enters,
            leaves,
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
