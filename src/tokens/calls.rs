//! Call arguments (`f(a, b<c, d>(e), g)` split into arguments) and template
//! argument lists: which `>` closes which `<`.

use super::{Configuration, Tokens};
use crate::lex::TokenKind;

/// A call's arguments as token ranges `[start, end)`, and the closing paren.
pub(crate) struct Args {
    pub(crate) args: Vec<(usize, usize)>,
    pub(crate) close: usize,
}

impl Tokens<'_> {
    /// Splits the arguments of the call whose `(` is token `open`.
    pub(crate) fn call_args(&self, open: usize) -> Option<Args> {
        let close = self.matching_close(open)?;
        let mut args = Vec::new();
        if close == open + 1 {
            return Some(Args { args, close });
        }
        let mut start = open + 1;
        let mut i = open + 1;
        // Every top-level `<`'s match, in one pass, made at the first (a
        // scan from each `<` would be quadratic in `f(a<a<a<…`).
        let mut angles: Option<Vec<u32>> = None;
        // Only the top level is read: a bracket inside is stepped over, so
        // calls nested in each other's arguments cost linear time.
        while i < close {
            let t = self.tok(i);
            if t.kind == TokenKind::Punct {
                match self.src[t.start as usize] {
                    b'(' | b'[' | b'{' => {
                        i = self
                            .matching_close(i)
                            .filter(|&c| c < close)
                            .unwrap_or(close);
                    }
                    b'<' => {
                        // A launch's configuration is one bracket pair, as
                        // its rewrite `hipLaunchKernelGGL(…)` is: a spaced
                        // `<< <` or a template kernel's `k<T><<<` reads no
                        // template list, and `k<<<<…>>>` none across its `,`.
                        let launch = (self.is_triple(i, b'<'))
                            .then(|| self.launch_configuration(i))
                            .flatten();
                        if let Some(Configuration::Closed { gt, .. }) = launch {
                            i = gt + 2;
                        } else if self.follows_name(i) {
                            let angles = angles
                                .get_or_insert_with(|| self.template_closes_top(open + 1..close));
                            let angle_close = angles[i - open - 1];
                            if angle_close != u32::MAX {
                                i = angle_close as usize;
                            }
                        }
                    }
                    b',' => {
                        args.push((start, i));
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            i += 1;
        }
        args.push((start, close));
        Some(Args { args, close })
    }

    /// Whether the `<` at `i` may open template arguments: it follows an
    /// identifier directly. (It does if a matching `>` comes too, without
    /// crossing a `;`, `{`, `&&` or `||`: lexically ambiguous; this is the
    /// usual reading.)
    fn follows_name(&self, i: usize) -> bool {
        i > 0
            && self.tok(i - 1).kind == TokenKind::Ident
            && self.tok(i - 1).end == self.tok(i).start
    }

    /// [`Tokens::template_close`]`(open, range.end)` for every `<` in `range`,
    /// found in one pass: indexed by token − `range.start`, `u32::MAX` where
    /// there is none.
    pub(crate) fn template_closes(&self, range: std::ops::Range<usize>) -> Vec<u32> {
        self.angle_closes(range, false)
    }

    /// [`Tokens::template_closes`] for the `<` outside any bracket of `range`
    /// alone (the others may be left `u32::MAX`): long bracketed groups that
    /// hold nothing ending a list are stepped over.
    fn template_closes_top(&self, range: std::ops::Range<usize>) -> Vec<u32> {
        self.angle_closes(range, true)
    }

    fn angle_closes(&self, range: std::ops::Range<usize>, top_only: bool) -> Vec<u32> {
        // Shorter groups are read through: cheaper than the tables.
        const LONG: usize = 64;
        let base = range.start;
        let mut close = vec![u32::MAX; range.len()];
        // Pending `<` with the paren depth they sit at (nondecreasing):
        // `(` and `[` nest; `;`, `{`, `}`, `&&` and `||` end every pending
        // list, a `)` or `]` the lists inside the parentheses it closes.
        let mut pending: Vec<(usize, usize)> = Vec::new();
        let mut paren = 0usize;
        let mut i = range.start;
        while i < range.end {
            let t = self.tok(i);
            if t.kind != TokenKind::Punct {
                i += 1;
                continue;
            }
            let c = self.src[t.start as usize];
            match c {
                b'<' => pending.push((i, paren)),
                b'>' => {
                    if let Some(&(o, _)) = pending.last().filter(|&&(_, d)| d == paren) {
                        pending.pop();
                        close[o - base] = i as u32;
                    }
                }
                b'(' | b'[' => {
                    // A group that ends no list leaves the pending ones as
                    // they were: what is inside matters only to `<` inside.
                    let group_end = top_only
                        .then(|| self.matching_close(i))
                        .flatten()
                        .filter(|&e| e < range.end && e - i > LONG)
                        .filter(|&e| !self.ends_lists_in(i + 1..e));
                    match group_end {
                        Some(e) => i = e,
                        None => paren += 1,
                    }
                }
                b')' | b']' => {
                    while pending.last().is_some_and(|&(_, d)| d == paren) {
                        pending.pop();
                    }
                    paren = paren.saturating_sub(1);
                }
                _ if self.ends_template_lists(i, range.end) => pending.clear(),
                _ => {}
            }
            i += 1;
        }
        close
    }

    /// Whether token `i` (before `limit`) ends every pending template
    /// argument list: `;`, `{`, `}`, or the first of `&&` or `||`.
    pub(crate) fn ends_template_lists(&self, i: usize, limit: usize) -> bool {
        let t = self.tok(i);
        if t.kind != TokenKind::Punct {
            return false;
        }
        match self.src[t.start as usize] {
            b';' | b'{' | b'}' => true,
            c @ (b'&' | b'|') => {
                i + 1 < limit && self.tok(i + 1).start == t.end && self.src[t.end as usize] == c
            }
            _ => false,
        }
    }

    /// The `>` closing the `<` at `open`, before `limit`.
    pub(crate) fn template_close(&self, open: usize, limit: usize) -> Option<usize> {
        let mut angle = 0i32;
        let mut paren = 0i32;
        for i in open..limit {
            let t = self.tok(i);
            if t.kind != TokenKind::Punct {
                continue;
            }
            match self.src[t.start as usize] {
                b'<' if paren == 0 => angle += 1,
                b'>' if paren == 0 => {
                    angle -= 1;
                    if angle == 0 {
                        return Some(i);
                    }
                }
                b'(' | b'[' => paren += 1,
                b')' | b']' => {
                    paren -= 1;
                    if paren < 0 {
                        return None;
                    }
                }
                _ if self.ends_template_lists(i, limit) => return None,
                _ => {}
            }
        }
        None
    }
}
