//! The argument rewrites some HIP APIs need (`HIP_SYMBOL(sym)`,
//! `reinterpret_cast<const void*>(kernel)`, an added flags argument, a dropped
//! warp mask, a dropped argument HIP has no parameter for), and what the
//! names rule (`rules/names.rs`) reports where a call's arguments have no
//! exact HIP form. Planned without touching the file's edits: the identifier
//! pass's resolve step reads the plan (its dropped arguments hold no names
//! to translate), its rewrite step makes the edits.

use std::ops::Range;

use super::Cx;
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::mappings::{ArgType, CallRewrite, Legacy};
use crate::tokens::Args;

/// The rewrite chosen for one call.
pub(crate) struct CallEdit {
    /// The HIP name to use (may depend on the argument count).
    pub(crate) name: &'static str,
    /// The argument edits: wrapped, appended and dropped arguments.
    pub(crate) edits: Vec<Edit>,
    /// How many arguments the edits rewrite (for the statistics).
    pub(crate) arguments: u32,
    /// What HIP takes otherwise that the edits cannot fix (`note`s of the
    /// table's `call_note`), for the names rule.
    pub(crate) notes: Vec<&'static str>,
    /// Where the call is kept ([`CallEdit::kept`]): the argument HIP has no
    /// parameter for (0-based), its text (shortened), and the table's note.
    pub(crate) not_null: Option<(u8, String, &'static str)>,
    /// Skip identifiers in these byte ranges (dropped arguments).
    pub(super) skip: Vec<Range<usize>>,
    /// The call is left as it is: its arguments are no expressions.
    pub(super) left: bool,
    /// The call is left as it is, and says nothing: its arguments could
    /// not be read.
    pub(super) unread: bool,
    /// The call keeps its CUDA name and arguments: an argument HIP has no
    /// parameter for is not null (a finding says so).
    pub(super) kept: bool,
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

/// Plans `rewrite`/`legacy` for the call whose name is token `name_tok`,
/// whose default HIP name is `hip`: the name to use and the edits.
pub(super) fn plan_call(
    cx: &Cx<'_>,
    name_tok: usize,
    hip: &'static str,
    rewrite: Option<&'static CallRewrite>,
    legacy: Option<&'static Legacy>,
) -> CallEdit {
    let mut out = CallEdit {
        name: hip,
        edits: Vec::new(),
        arguments: 0,
        notes: Vec::new(),
        not_null: None,
        skip: Vec::new(),
        left: false,
        unread: false,
        kept: false,
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
    // The arguments dropped at this arity (those whose type condition holds).
    let drops: Vec<_> = rewrite
        .into_iter()
        .flat_map(|r| r.drop_arg)
        .filter(|d| d.arity as usize == arity && type_holds(cx, &args, d.if_type))
        .collect();
    if (drops_mask || !drops.is_empty()) && not_an_expression(cx, open + 1, close) {
        out.left = true;
        return out;
    }
    if let Some(&(_, name)) = rewrite
        .into_iter()
        .flat_map(|r| r.by_arity)
        .find(|(n, _)| *n as usize == arity)
    {
        out.name = name;
    }
    if let Some(d) = drops
        .iter()
        .find(|d| d.if_null && !is_null(cx, args[d.index as usize]))
    {
        let (a, b) = args[d.index as usize];
        let text = String::from_utf8_lossy(&cx.src[cx.span(a, b)]).into_owned();
        let text = if text.len() > 40 || text.contains('\n') {
            String::from("…")
        } else {
            text
        };
        out.not_null = Some((d.index, text, d.note));
        out.kept = true;
        return out;
    }
    if let Some(rw) = rewrite {
        for w in rw.wrap_arg {
            if w.arity.is_some_and(|n| n as usize != arity)
                || drops.iter().any(|d| d.index == w.index)
                || !type_holds(cx, &args, w.if_type)
            {
                continue;
            }
            if let Some(&(a, b)) = args.get(w.index as usize) {
                if a < b && !already_wrapped(cx, a, b, w.with) {
                    let r = cx.span(a, b);
                    out.edits
                        .push(Edit::insert(r.start, format!("{}(", w.with)));
                    out.edits.push(Edit::insert(r.end, ")"));
                    out.arguments += 1;
                }
            }
        }
        if let Some(&(_, text)) = rw.append_arg.iter().find(|(n, _)| *n as usize == arity) {
            let at = cx.tok(close).start as usize;
            out.edits.push(Edit::insert(at, format!(", {text}")));
            out.arguments += 1;
        }
        for &(n, note) in rw.call_note {
            if n == 0 || n as usize == arity {
                out.notes.push(note);
            }
        }
    }
    let mut dropped: Vec<usize> = drops.iter().map(|d| d.index as usize).collect();
    if drops_mask && arity >= 2 {
        dropped.push(0);
    }
    dropped.sort_unstable();
    dropped.dedup();
    if dropped.len() >= arity {
        // Nothing would be left to separate: not a call this table means.
        return out;
    }
    for r in deletions(cx, &args, &dropped) {
        out.edits.push(Edit::delete(r.clone()));
        out.arguments += 1;
        out.skip.push(r);
    }
    out
}

/// The byte ranges that delete arguments `dropped` (sorted, fewer than all)
/// with their separating commas: `a, ` for the first argument, `, x` for
/// the others, adjacent ones merged.
fn deletions(cx: &Cx<'_>, args: &[(usize, usize)], dropped: &[usize]) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for &i in dropped {
        let r = if i == 0 {
            cx.tok(args[0].0).start as usize..cx.tok(args[1].0).start as usize
        } else {
            // From the end of the argument before (its last token, or the
            // comma before an empty one) to the end of this one.
            let prev_end = cx.tok(args[i].0 - 1).start as usize;
            let end = if args[i].0 < args[i].1 {
                cx.span(args[i].0, args[i].1).end
            } else {
                cx.tok(args[i].0 - 1).end as usize
            };
            prev_end..end
        };
        match out.last_mut() {
            Some(last) if last.end >= r.start => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

/// Whether `t` (if any) holds for the call's arguments: the argument it
/// names is declared as one of its types.
fn type_holds(cx: &Cx<'_>, args: &[(usize, usize)], t: Option<&ArgType>) -> bool {
    let Some(t) = t else { return true };
    args.get(t.index as usize)
        .is_some_and(|&(a, b)| declared_as(cx, a, b, t.types))
}

/// Whether the argument `a..b` is of one of `types`: it names one
/// (`cudaMemLocation{…}`, `(cudaMemLocation)x`), or it is a variable, a
/// member or an element (`loc`, `t.loc`, `p->loc`, `locs[i]`) whose nearest
/// declaration before the call declares it with one (`cudaMemLocation loc`,
/// `const struct cudaMemLocation &loc`).
fn declared_as(cx: &Cx<'_>, a: usize, b: usize, types: &[&str]) -> bool {
    let is_type = |k: usize| types.iter().any(|t| cx.text(k) == t.as_bytes());
    if (a..b).any(|k| cx.tok(k).kind == TokenKind::Ident && is_type(k)) {
        return true;
    }
    // The variable: the last name of a member chain, before any `[…]`.
    let mut end = b;
    while end > a && cx.is_punct(end - 1, b"]") {
        match cx.matching_open(end - 1) {
            Some(o) if o > a => end = o,
            _ => return false,
        }
    }
    let var = end - 1;
    if end <= a || cx.tok(var).kind != TokenKind::Ident {
        return false;
    }
    let chain = (a..var).all(|k| {
        cx.tok(k).kind == TokenKind::Ident
            || matches!(cx.text(k), b"." | b"->" | b"::" | b"&" | b"*" | b"(" | b")")
    });
    if !chain {
        return false;
    }
    let name = cx.text(var);
    for k in (0..a).rev() {
        if cx.text(k) != name || cx.tok(k).kind != TokenKind::Ident {
            continue;
        }
        let declares = cx
            .next(k)
            .is_some_and(|n| matches!(cx.text(n), b"=" | b";" | b"," | b")" | b"[" | b"{" | b":"));
        if !declares {
            continue;
        }
        // Step back over `&`, `*` and `const` to the type's last word.
        let mut p = cx.prev(k);
        while let Some(q) = p.filter(|&q| matches!(cx.text(q), b"&" | b"*" | b"const")) {
            p = cx.prev(q);
        }
        let Some(p) = p.filter(|&p| cx.tok(p).kind == TokenKind::Ident) else {
            continue;
        };
        if matches!(
            cx.text(p),
            b"return" | b"case" | b"goto" | b"throw" | b"sizeof" | b"delete" | b"co_return"
        ) {
            continue;
        }
        return is_type(p);
    }
    false
}

/// Whether the argument `a..b` is a null literal: `NULL`, `nullptr`,
/// `__null`, a zero (`0`, `0L`, `0x0`), possibly cast (`(T)0`,
/// `(T*)NULL`, `static_cast<T>(0)`) and parenthesized.
fn is_null(cx: &Cx<'_>, (mut a, mut b): (usize, usize)) -> bool {
    loop {
        if a >= b {
            return false;
        }
        if cx.is_punct(a, b"(") {
            let Some(c) = cx.matching_close(a).filter(|&c| c < b) else {
                return false;
            };
            if c == b - 1 {
                // `(x)`
                a += 1;
                b -= 1;
                continue;
            }
            // `(T)x`, `(T *)x`: a C-style cast to a type of words and `*`.
            let is_type = (a + 1..c)
                .all(|k| cx.tok(k).kind == TokenKind::Ident || matches!(cx.text(k), b"*" | b"::"));
            if !is_type || c == a + 1 {
                return false;
            }
            a = c + 1;
            continue;
        }
        if matches!(cx.text(a), b"static_cast" | b"reinterpret_cast")
            && cx.next(a).is_some_and(|n| cx.is_punct(n, b"<"))
        {
            // `static_cast<T>(x)`: the `(` after the first `>`, closing at the end.
            let Some(open) = (a + 2..b).find(|&k| cx.is_punct(k, b"(")) else {
                return false;
            };
            if !cx.is_punct(open - 1, b">") || cx.matching_close(open) != Some(b - 1) {
                return false;
            }
            a = open + 1;
            b -= 1;
            continue;
        }
        if b != a + 1 {
            return false;
        }
        let t = cx.text(a);
        return match cx.tok(a).kind {
            TokenKind::Ident => matches!(t, b"NULL" | b"nullptr" | b"__null"),
            TokenKind::Number => {
                let digits = t
                    .strip_prefix(b"0x")
                    .or_else(|| t.strip_prefix(b"0X"))
                    .unwrap_or(t);
                let digits: &[u8] = {
                    let mut d = digits;
                    while let [rest @ .., b'u' | b'U' | b'l' | b'L'] = d {
                        d = rest;
                    }
                    d
                };
                !digits.is_empty() && digits.iter().all(|&c| c == b'0')
            }
            _ => false,
        };
    }
}

/// Whether argument tokens `a..b` already carry the wrapper (mixed CUDA/HIP
/// code, or a cast written by hand).
fn already_wrapped(cx: &Cx<'_>, a: usize, b: usize, wrapper: &str) -> bool {
    if wrapper.starts_with('(') {
        // A C-style cast: the argument starts with the same tokens.
        let words = cast_tokens(wrapper);
        if words.len() < b - a
            && words
                .iter()
                .enumerate()
                .all(|(k, w)| cx.text(a + k) == w.as_bytes())
        {
            return true;
        }
    } else {
        let first_word = wrapper.split(['<', '(']).next().unwrap_or(wrapper);
        if cx.text(a) == first_word.as_bytes() {
            return true;
        }
    }
    // `(const void*)k`, `(void*)k`: a C-style cast to a void pointer.
    if wrapper.contains("void") && cx.is_punct(a, b"(") {
        if let Some(close) = cx.matching_close(a) {
            return close < b && (a..close).any(|i| cx.is_ident(i, b"void"));
        }
    }
    false
}

/// The tokens of a C-style cast as the lexer splits them: words, and one
/// byte of punctuation each.
fn cast_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;
    use crate::tokens::Tokens;

    /// `check` on the arguments of the last call in `src` (a name then `(`).
    fn on_last_call(src: &str, check: impl Fn(&Cx<'_>, &[(usize, usize)]) -> bool) -> bool {
        let lx = crate::lex::lex(src.as_bytes());
        let opts = Options::default();
        let cx = Cx::new(Tokens::new(src.as_bytes(), &lx), &opts);
        let open = (0..lx.tokens.len())
            .rev()
            .find(|&k| cx.is_punct(k, b"(") && cx.prev(k).is_some_and(|p| cx.is_ident(p, b"f")))
            .unwrap();
        let args = cx.call_args(open).unwrap().args;
        check(&cx, &args)
    }

    #[test]
    fn null_literals() {
        for arg in [
            "NULL",
            "nullptr",
            "0",
            "0L",
            "0ull",
            "0x0",
            "00",
            "(0)",
            "(CUoccupancyB2DSize)0",
            "(void *)0",
            "((void*)NULL)",
            "static_cast<CUctxCreateParams*>(nullptr)",
            "reinterpret_cast<void *>(0)",
        ] {
            assert!(
                on_last_call(&format!("f({arg});"), |cx, a| is_null(cx, a[0])),
                "{arg}"
            );
        }
        for arg in [
            "p", "1", "0.0", "'\\0'", "(T)p", "(void*)p", "&params", "0 + 0", "g(0)", "()",
        ] {
            assert!(
                !on_last_call(&format!("f({arg});"), |cx, a| is_null(cx, a[0])),
                "{arg}"
            );
        }
    }

    #[test]
    fn declared_types() {
        let loc = &["cudaMemLocation", "hipMemLocation"];
        let is = |src: &str| on_last_call(src, |cx, a| declared_as(cx, a[0].0, a[0].1, loc));
        assert!(is("cudaMemLocation loc = {}; loc.id = 0; f(loc);"));
        assert!(is("struct cudaMemLocation loc; f(loc);"));
        assert!(is("void g(const cudaMemLocation &loc) { f(loc); }"));
        assert!(is("cudaMemLocation locs[2]; f(locs[i + 1]);"));
        assert!(is("struct T { cudaMemLocation where; } t; f(t.where);"));
        assert!(is("f(cudaMemLocation{cudaMemLocationTypeDevice, 0});"));
        assert!(is("f((cudaMemLocation){cudaMemLocationTypeDevice, 0});"));
        // The nearest declaration decides: a shadowing `int`.
        assert!(!is("cudaMemLocation d; void g(int d) { f(d); }"));
        assert!(!is("int device = 0; f(device);"));
        assert!(!is("f(device);"));
        assert!(!is("f(cudaCpuDeviceId);"));
        assert!(!is("cudaMemLocation loc; f(loc.id);"));
        assert!(!is("cudaMemLocation loc; int n = g(loc); f(n);"));
    }
}
