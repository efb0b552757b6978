//! The argument rewrites some HIP APIs need (`HIP_SYMBOL(sym)`,
//! `reinterpret_cast<const void*>(kernel)`, an added flags argument, a dropped
//! warp mask).

use super::Cx;
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::mappings::{CallRewrite, Legacy};
use crate::tokens::Args;

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
        if let Some(&(_, text)) = rw.append_arg.iter().find(|(n, _)| *n as usize == arity) {
            let at = cx.tok(close).start as usize;
            cx.edits.push(Edit::insert(at, format!(", {text}")));
            cx.stats.arguments += 1;
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
