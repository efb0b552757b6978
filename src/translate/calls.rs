//! Call arguments: splitting `f(a, b<c, d>(e), g)` into arguments, and the
//! argument rewrites some HIP APIs need (`HIP_SYMBOL(sym)`,
//! `reinterpret_cast<const void*>(kernel)`, an added flags argument, a dropped
//! warp mask).

use super::Cx;
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::mappings::{CallRewrite, Legacy};

/// A call's arguments as token ranges `[start, end)`, and the closing paren.
pub(crate) struct Args {
    pub(crate) args: Vec<(usize, usize)>,
    pub(crate) close: usize,
}

impl Cx<'_> {
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
                    b'<' if self.follows_name(i) => {
                        let angles =
                            angles.get_or_insert_with(|| self.template_closes_top(open + 1..close));
                        let angle_close = angles[i - open - 1];
                        if angle_close != u32::MAX {
                            i = angle_close as usize;
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

    /// [`Cx::template_close`]`(open, range.end)` for every `<` in `range`,
    /// found in one pass: indexed by token − `range.start`, `u32::MAX` where
    /// there is none.
    pub(crate) fn template_closes(&self, range: std::ops::Range<usize>) -> Vec<u32> {
        self.angle_closes(range, false)
    }

    /// [`Cx::template_closes`] for the `<` outside any bracket of `range`
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
                        .filter(|&e| !self.brackets().ends_lists_in(i + 1..e));
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

/// The rewrite chosen for one call.
pub(super) struct CallEdit {
    /// The HIP name to use (may depend on the argument count).
    pub(super) name: &'static str,
    /// Skip identifiers before this offset (a dropped argument).
    pub(super) skip_until: usize,
    /// The call is left as it is: its arguments are no expressions.
    pub(super) left: bool,
    /// The call is left as it is, and says nothing: its arguments could
    /// not be read.
    pub(super) unread: bool,
}

/// Whether the tokens `a..b` (a call's arguments) could hold no
/// expression: braces, a `;`, or a word that opens a namespace or linkage
/// block. Dropping an argument there would change the scopes after the
/// call.
fn not_an_expression(cx: &Cx<'_>, a: usize, b: usize) -> bool {
    (a..b).any(|k| {
        matches!(cx.text(k), b"{" | b"}" | b";")
            || (cx.tok(k).kind == TokenKind::Ident
                && matches!(
                    cx.text(k),
                    b"namespace" | b"extern" | b"struct" | b"class" | b"union" | b"enum"
                ))
    })
}

/// Applies `rewrite`/`legacy` to the call whose name is token `name_tok`,
/// whose default HIP name is `hip`. Returns the name to use.
pub(super) fn rewrite_call(
    cx: &mut Cx<'_>,
    name_tok: usize,
    hip: &'static str,
    rewrite: Option<&'static CallRewrite>,
    legacy: Option<&'static Legacy>,
) -> CallEdit {
    let mut out = CallEdit {
        name: hip,
        skip_until: 0,
        left: false,
        unread: false,
    };
    let Some(open) = cx.next(name_tok).filter(|&o| cx.is_punct(o, b"(")) else {
        return out;
    };
    let Some(Args { args, close }) = cx.call_args(open) else {
        // A call whose mask cannot be found (its arguments run across a
        // directive, or never close) keeps its CUDA name with the mask: the
        // next round may read it whole.
        out.unread = legacy.is_some_and(|l| l.drop_first_arg);
        return out;
    };
    let arity = args.len();
    let drops_mask = legacy.is_some_and(|l| l.drop_first_arg);
    if drops_mask && not_an_expression(cx, open + 1, close) {
        out.left = true;
        return out;
    }
    if let Some(rw) = rewrite {
        if let Some(&(_, name)) = rw.by_arity.iter().find(|(n, _)| *n as usize == arity) {
            out.name = name;
        }
        if let Some((index, wrapper)) = rw.wrap_arg {
            if let Some(&(a, b)) = args.get(index as usize) {
                if a < b && !already_wrapped(cx, a, b, wrapper) {
                    let r = cx.span(a, b);
                    cx.edits.push(Edit::insert(r.start, format!("{wrapper}(")));
                    cx.edits.push(Edit::insert(r.end, ")"));
                    cx.stats.arguments += 1;
                }
            }
        }
        if let Some((n, text)) = rw.append_arg {
            if n as usize == arity {
                let at = cx.tok(close).start as usize;
                cx.edits.push(Edit::insert(at, format!(", {text}")));
                cx.stats.arguments += 1;
            }
        }
    }
    if drops_mask && arity >= 2 {
        let from = cx.tok(args[0].0).start as usize;
        let to = cx.tok(args[1].0).start as usize;
        cx.edits.push(Edit::delete(from..to));
        cx.stats.arguments += 1;
        out.skip_until = to;
    }
    out
}

/// Whether argument tokens `a..b` already carry the wrapper (mixed CUDA/HIP
/// code, or a cast written by hand).
fn already_wrapped(cx: &Cx<'_>, a: usize, b: usize, wrapper: &str) -> bool {
    let first_word = wrapper.split(['<', '(']).next().unwrap_or(wrapper);
    if cx.text(a) == first_word.as_bytes() {
        return true;
    }
    // `(const void*)k`, `(void*)k`: a C-style cast to a void pointer.
    if wrapper.contains("void") && cx.is_punct(a, b"(") {
        if let Some(close) = cx.matching_close(a) {
            return close < b && (a..close).any(|i| cx.is_ident(i, b"void"));
        }
    }
    false
}
