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
        let mut depth = 0usize;
        let mut start = open + 1;
        let mut i = open + 1;
        while i < close {
            let t = self.tok(i);
            if t.kind == TokenKind::Punct {
                match self.src[t.start as usize] {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                    b'<' if depth == 0 && self.opens_template(i, close) => {
                        i = self.template_close(i, close).unwrap_or(i);
                    }
                    b',' if depth == 0 => {
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

    /// Whether the `<` at `i` opens template arguments: it follows an
    /// identifier and a matching `>` comes before `limit` without crossing a
    /// `;`, `{`, `&&` or `||`. (Lexically ambiguous; this is the usual reading.)
    fn opens_template(&self, i: usize, limit: usize) -> bool {
        i > 0
            && self.tok(i - 1).kind == TokenKind::Ident
            && self.tok(i - 1).end == self.tok(i).start
            && self.template_close(i, limit).is_some()
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
                b';' | b'{' | b'}' => return None,
                b'&' | b'|'
                    if i + 1 < limit
                        && self.tok(i + 1).start == t.end
                        && self.src[t.end as usize] == self.src[t.start as usize] =>
                {
                    return None;
                }
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
    };
    let Some(open) = cx.next(name_tok).filter(|&o| cx.is_punct(o, b"(")) else {
        return out;
    };
    let Some(Args { args, close }) = cx.call_args(open) else {
        return out;
    };
    let arity = args.len();
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
    if let Some(l) = legacy {
        if l.drop_first_arg && arity >= 2 {
            let from = cx.tok(args[0].0).start as usize;
            let to = cx.tok(args[1].0).start as usize;
            cx.edits.push(Edit::delete(from..to));
            cx.stats.arguments += 1;
            out.skip_until = to;
        }
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
