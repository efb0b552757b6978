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
use crate::mappings::{ArgItem, ArgList, ArgType, CallRewrite, FnPtr, Kind, Legacy, Version};
use crate::tokens::Args;

/// The rewrite chosen for one call.
pub(crate) struct CallEdit {
    /// The HIP name to use (may depend on the argument count).
    pub(crate) name: &'static str,
    /// The argument edits: wrapped, appended and dropped arguments.
    pub(crate) edits: Vec<Edit>,
    /// How many arguments the edits rewrite (for the statistics).
    pub(crate) arguments: u32,
    /// The families of the names an argument list copied renamed (for the
    /// statistics: [`rewrite_list`]).
    pub(crate) renamed: Vec<crate::mappings::Family>,
    /// What HIP takes otherwise that the edits cannot fix (`note`s of the
    /// table's `call_note`), for the names rule.
    pub(crate) notes: Vec<&'static str>,
    /// Where the call is kept ([`CallEdit::kept`]): the argument HIP has no
    /// parameter for (0-based), its text (shortened), and the table's note.
    pub(crate) not_null: Option<(u8, String, &'static str)>,
    /// Where the call is kept because an argument's value is not one the
    /// table's argument list is written for (`if_arg`): the argument
    /// (0-based), its text (shortened), and the table's note.
    pub(crate) other_value: Option<(u8, String, &'static str)>,
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
/// call. A braced list closed within one argument (`cudaMemLocation{t, 0}`,
/// `{.type = t}`) is an expression: it is stepped over.
fn not_an_expression(cx: &Cx<'_>, a: usize, b: usize) -> bool {
    let args = cx.call_args(a - 1).map(|c| c.args).unwrap_or_default();
    let mut k = a;
    while k < b {
        if cx.is_punct(k, b"{") {
            let arg_end = args
                .iter()
                .find(|&&(s, e)| s <= k && k < e)
                .map(|&(_, e)| e);
            match (cx.matching_close(k), arg_end) {
                (Some(c), Some(e)) if c < e => {
                    k = c + 1;
                    continue;
                }
                _ => return true,
            }
        }
        if matches!(cx.text(k), b"}" | b";")
            || (cx.tok(k).kind == TokenKind::Ident
                && matches!(
                    cx.text(k),
                    b"namespace" | b"extern" | b"struct" | b"class" | b"union" | b"enum"
                )
                && !tag_dropped(cx, k))
        {
            return true;
        }
        k += 1;
    }
    false
}

/// Whether `struct` token `k` goes with the CUDA type after it, whose HIP
/// name is a typedef (`struct cudaGraphicsResource` → `hipGraphicsResource`,
/// `identifiers::rename`): the next round does not read it, so neither
/// does this one.
fn tag_dropped(cx: &Cx<'_>, k: usize) -> bool {
    cx.text(k) == b"struct"
        && cx.next(k).is_some_and(|n| {
            cx.tok(n).kind == TokenKind::Ident
                && std::str::from_utf8(cx.text(n)).is_ok_and(crate::mappings::hip_is_typedef_only)
        })
}

/// The `call_note`s of `rw` that apply at `arity` (0: every arity), on the
/// ROC side (`roc`) those that hold there too (in the file `src`).
fn push_call_notes(src: &[u8], rw: &CallRewrite, arity: usize, roc: bool, out: &mut CallEdit) {
    for &(n, note, on_hip, on_roc, with_blas) in rw.call_note {
        let holds = if roc {
            on_roc && !(with_blas && super::identifiers::sparse_without_blas(src))
        } else {
            on_hip
        };
        if (n == 0 || n as usize == arity) && holds {
            out.notes.push(note);
        }
    }
}

/// The argument count of `name<…>(…)` at token `name_tok`, if it is written so.
fn templated_call_arity(cx: &Cx<'_>, name_tok: usize) -> Option<usize> {
    let lt = cx.next(name_tok).filter(|&l| cx.is_punct(l, b"<"))?;
    let gt = cx.template_close(lt, cx.lx.tokens.len())?;
    let open = cx.next(gt).filter(|&o| cx.is_punct(o, b"("))?;
    Some(cx.call_args(open)?.args.len())
}

/// Plans `rewrite`/`legacy` for the call whose name is token `name_tok`,
/// whose default HIP name is `hip` (a ROC name where `roc`: then only the
/// ROC side's argument lists apply): the name to use and the edits.
pub(super) fn plan_call(
    cx: &Cx<'_>,
    name_tok: usize,
    hip: &'static str,
    rewrite: Option<&'static CallRewrite>,
    legacy: Option<&'static Legacy>,
    roc: bool,
) -> CallEdit {
    let mut out = CallEdit {
        name: hip,
        edits: Vec::new(),
        arguments: 0,
        renamed: Vec::new(),
        notes: Vec::new(),
        not_null: None,
        other_value: None,
        skip: Vec::new(),
        left: false,
        unread: false,
        kept: false,
    };
    let Some(open) = cx.next(name_tok).filter(|&o| cx.is_punct(o, b"(")) else {
        if let Some(f) = rewrite.and_then(|r| r.fn_ptr).filter(|_| !roc) {
            plan_pointer(cx, name_tok, f, &mut out);
        } else if let Some(rw) = rewrite.filter(|r| !r.call_note.is_empty()) {
            // `name<T>(…)`: explicit template arguments (a value-returning
            // surface read). Only the notes apply; nothing is rewritten.
            if let Some(arity) = templated_call_arity(cx, name_tok) {
                push_call_notes(cx.src, rw, arity, roc, &mut out);
            }
        }
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
    if let Some(list) = rewrite.and_then(|r| r.args_for(arity, roc)) {
        if not_an_expression(cx, open + 1, close) || args.iter().any(|&(a, b)| a >= b) {
            out.left = true;
            return out;
        }
        if let Some(c) = list.if_arg {
            let (a, b) = args[c.index as usize];
            let holds = if c.not_null {
                !is_null(cx, (a, b))
            } else {
                b == a + 1 && c.is.iter().any(|w| cx.text(a) == w.as_bytes())
            };
            if !holds {
                out.other_value = Some((c.index, short_text(cx, a, b), c.note));
                out.kept = true;
                return out;
            }
        }
        if let Some(n) = repeated_with_effects(cx, &args, list) {
            let (a, b) = args[n];
            out.other_value = Some((n as u8, short_text(cx, a, b), TWICE));
            out.kept = true;
            return out;
        }
        rewrite_list(cx, &args, list, roc, &mut out);
        if !list.note.is_empty() {
            out.notes.push(list.note);
        }
        if roc {
            push_call_notes(
                cx.src,
                rewrite.expect("a list is the rewrite's"),
                arity,
                roc,
                &mut out,
            );
        }
        return out;
    }
    if roc {
        // The other rewrites are the HIP side's (hipSPARSE's buffer, …).
        if let Some(rw) = rewrite {
            push_call_notes(cx.src, rw, arity, roc, &mut out);
        }
        return out;
    }
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
        let text = short_text(cx, a, b);
        out.not_null = Some((d.index, text, d.note));
        out.kept = true;
        return out;
    }
    if let Some(rw) = rewrite {
        for w in rw.wrap_arg {
            if w.arity.is_some_and(|n| n as usize != arity)
                || (w.before != Version::NONE && cx.opts.target.hip_version >= w.before)
                || drops.iter().any(|d| d.index == w.index)
                || !type_holds(cx, &args, w.if_type)
            {
                continue;
            }
            // A bare null pointer constant (`NULL`, `nullptr`, `0`) converts
            // to any pointer type: a pointer cast would only be noise.
            let bare_null = |&(a, b): &(usize, usize)| b == a + 1 && is_null(cx, (a, b));
            if w.with.ends_with("*)") && args.get(w.index as usize).is_some_and(bare_null) {
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
        push_call_notes(cx.src, rw, arity, roc, &mut out);
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

/// Why a call whose list copies an argument with side effects is left.
const TWICE: &str = "the new argument list copies it twice, which would repeat its side effects: hold it in a variable first";

/// The first argument `list` copies more than once whose text changes
/// something (`p++`, `x = …`, `+=`): copying it would do that twice.
fn repeated_with_effects(cx: &Cx<'_>, args: &[(usize, usize)], list: &ArgList) -> Option<usize> {
    (0..args.len()).find(|&n| {
        list.to.iter().filter(|it| it.arg == Some(n as u8)).count() > 1 && {
            let (a, b) = args[n];
            (a..b).any(|k| {
                cx.tok(k).kind == TokenKind::Punct
                    && matches!(
                        cx.text(k),
                        b"++"
                            | b"--"
                            | b"="
                            | b"+="
                            | b"-="
                            | b"*="
                            | b"/="
                            | b"%="
                            | b"&="
                            | b"|="
                            | b"^="
                            | b"<<="
                            | b">>="
                    )
            })
        }
    })
}

/// Plans a use of a name HIP overloads (`fn_ptr`) that does not call it:
/// `&cudaMalloc`, `decltype(::cudaMallocAsync)`, `= cudaMalloc;`, an
/// argument (`set_allocator(cudaMalloc)`). HIP's templates make the name
/// an overload set there, which `auto`, `decltype` and an unconstrained
/// parameter cannot resolve: the use is cast to the C declaration's pointer
/// type (`static_cast<hipError_t (*)(void**, size_t)>(&hipMalloc)`;
/// `decltype(f)`, a function type, becomes `__typeof__(*static_cast<…>(f))`,
/// which clang and GCC give the function type), or, where HIP's declaration
/// has another type (`note`), reported. Left alone: a name qualified by a
/// namespace or class (someone else's), one already cast, and a bare name
/// among a macro's arguments (`LOAD_SYMBOL(cudaMalloc)` may paste or quote it).
fn plan_pointer(cx: &Cx<'_>, name_tok: usize, f: &FnPtr, out: &mut CallEdit) {
    let mut first = name_tok;
    if let Some(p) = cx.prev(first).filter(|&p| cx.is_punct(p, b"::")) {
        if cx
            .prev(p)
            .is_some_and(|q| cx.tok(q).kind == TokenKind::Ident || cx.is_punct(q, b">"))
        {
            return;
        }
        first = p;
    }
    let amp = cx.prev(first).filter(|&p| cx.is_punct(p, b"&"));
    let start = amp.unwrap_or(first);
    let (Some(before), Some(after)) = (cx.prev(start), cx.next(name_tok)) else {
        return;
    };
    let decltype = cx.is_punct(before, b"(")
        && cx.is_punct(after, b")")
        && cx.prev(before).is_some_and(|d| cx.is_ident(d, b"decltype"));
    // Already cast: `static_cast<…>(&cudaMalloc)`, `(F*)cudaMalloc`.
    let cast = cx.is_punct(before, b")")
        || (cx.is_punct(before, b"(") && cx.prev(before).is_some_and(|q| cx.is_punct(q, b">")));
    let value = decltype
        || amp.is_some()
        || (matches!(cx.text(before), b"=" | b"return" | b"{")
            && matches!(cx.text(after), b";" | b"," | b")" | b"}"))
        || (matches!(cx.text(before), b"(" | b",")
            && matches!(cx.text(after), b")" | b",")
            && not_a_macro_argument(cx, name_tok));
    if cast || !value {
        return;
    }
    if f.type_.is_empty() {
        out.notes.push(f.note);
        return;
    }
    let at = cx.tok(start).start as usize;
    let end = cx.tok(name_tok).end as usize;
    if decltype && amp.is_none() {
        let d = cx
            .prev(before)
            .expect("invariant: decltype precedes the parenthesis");
        out.edits
            .push(Edit::replace(cx.tok(d).range(), "__typeof__"));
        out.edits
            .push(Edit::insert(at, format!("*static_cast<{}>(", f.type_)));
    } else {
        out.edits
            .push(Edit::insert(at, format!("static_cast<{}>(", f.type_)));
    }
    out.edits.push(Edit::insert(end, ")"));
    out.arguments += 1;
}

/// Whether the call whose arguments hold token `i` is no macro's: its
/// callee has a lower-case letter (`set_allocator`, `std::function<…>`),
/// where `LOAD_SYMBOL` may quote or paste its argument.
fn not_a_macro_argument(cx: &Cx<'_>, i: usize) -> bool {
    let Some(open) = cx.enclosing_open(i).filter(|&o| cx.is_punct(o, b"(")) else {
        return false;
    };
    cx.prev(open).is_some_and(|c| {
        cx.is_punct(c, b">")
            || (cx.tok(c).kind == TokenKind::Ident
                && cx.text(c).iter().any(u8::is_ascii_lowercase)
                && !matches!(cx.text(c), b"if" | b"while" | b"switch" | b"sizeof"))
    })
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
    // The tokens spelling the name before the call, followed by what ends a
    // declarator (`=`, `;`, `,`, `)`, `[`, `{`, `:`), nearest first.
    let bucket = cx.possible_declarators(name);
    let before = bucket.partition_point(|&k| (k as usize) < a);
    for k in bucket[..before].iter().rev().map(|&k| k as usize) {
        if cx.text(k) != name {
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

/// The text of argument tokens `a..b` for a message: `…` where it is long
/// or runs over lines.
fn short_text(cx: &Cx<'_>, a: usize, b: usize) -> String {
    if b <= a {
        return String::new(); // an empty argument (`f(x, , y)`)
    }
    let text = String::from_utf8_lossy(&cx.src[cx.span(a, b)]).into_owned();
    if text.len() > 40 || text.contains('\n') {
        String::from("…")
    } else {
        text
    }
}

/// Writes the call's argument list (`args`, spans of tokens) as `list`
/// says. The longest run of arguments the list keeps in their order stays
/// where it is (a cast around one is inserted), so its identifiers are
/// translated in place; the text between them is replaced by the other
/// items, arguments copied as written (the next round translates them),
/// but an argument that is one enumerator the tables plainly rename (a
/// cuDNN one moved in a MIOpen call), which is copied renamed, as the next
/// round would: then it need not run. The edits go to `out.edits`, the
/// replaced ranges to `out.skip`.
fn rewrite_list(
    cx: &Cx<'_>,
    args: &[(usize, usize)],
    list: &ArgList,
    roc: bool,
    out: &mut CallEdit,
) {
    let spans: Vec<Range<usize>> = args.iter().map(|&(a, b)| cx.span(a, b)).collect();
    let text = |r: Range<usize>| String::from_utf8_lossy(&cx.src[r]).into_owned();
    let renamed = std::cell::RefCell::new(Vec::new());
    // (Not with `--roc`: there a name in a cuSPARSE call maps as the
    // identifier pass reads its call.)
    let arg_text = |n: usize| {
        let (a, b) = args[n];
        let word = (b == a + 1 && !roc)
            .then(|| cx.tok(a))
            .filter(|t| t.kind == TokenKind::Ident && !t.spliced)
            .and_then(|_| std::str::from_utf8(cx.text(a)).ok())
            .filter(|w| !cx.opts.extra_mappings.contains_key(*w))
            // An enumerator (a function's name may be rewritten as a pointer).
            .filter(|w| crate::mappings::lookup(w).is_some_and(|m| m.kind == Kind::EnumConstant));
        match word.and_then(|w| super::identifiers::plain_rename(w, &cx.opts.target)) {
            Some((hip, family)) => {
                renamed.borrow_mut().push(family);
                hip.to_owned()
            }
            None => text(spans[n].clone()),
        }
    };
    // A separator as written (`, `, `,\n    `) where it holds nothing else.
    let sep_at = |i: usize| -> Option<String> {
        let s = text(spans.get(i)?.end..spans.get(i + 1)?.start);
        (s.starts_with(',') && s[1..].chars().all(char::is_whitespace)).then_some(s)
    };
    let call_sep = sep_at(0).unwrap_or_else(|| String::from(", "));
    // A cast before an argument that is more than a postfix expression
    // (`c ? a : b`) holds it in parentheses.
    let paren = |it: &ArgItem| {
        it.before.ends_with(')')
            && it.arg.is_some_and(|n| {
                let (a, b) = args[n as usize];
                !is_postfix(cx, a, b)
            })
    };
    let item_text = |it: &ArgItem| {
        let arg = it.arg.map_or(String::new(), |n| arg_text(n as usize));
        if paren(it) {
            format!("{}({arg}){}", it.before, it.after)
        } else {
            format!("{}{arg}{}", it.before, it.after)
        }
    };
    let kept = kept_items(list.to);
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut push_gap =
        |range: Range<usize>, items: &[ArgItem], sep: &str, lead: bool, trail: bool| {
            let mut t = String::new();
            for (k, it) in items.iter().enumerate() {
                if k > 0 || lead {
                    t.push_str(sep);
                }
                t.push_str(&item_text(it));
            }
            if trail && (!items.is_empty() || lead) {
                t.push_str(sep);
            }
            edits.push((range, t));
        };
    let n = spans.len();
    if kept.is_empty() {
        push_gap(
            spans[0].start..spans[n - 1].end,
            list.to,
            &call_sep,
            false,
            false,
        );
    } else {
        let src = |p: usize| list.to[p].arg.map_or(0, usize::from);
        let (p0, s0) = (kept[0], src(kept[0]));
        if p0 > 0 || s0 > 0 {
            push_gap(
                spans[0].start..spans[s0].start,
                &list.to[..p0],
                &call_sep,
                false,
                p0 > 0,
            );
        }
        for w in kept.windows(2) {
            let (p, q) = (w[0], w[1]);
            let (s, t) = (src(p), src(q));
            if q > p + 1 || t > s + 1 {
                let sep = sep_at(s).unwrap_or_else(|| call_sep.clone());
                push_gap(
                    spans[s].end..spans[t].start,
                    &list.to[p + 1..q],
                    &sep,
                    true,
                    true,
                );
            }
        }
        let (pl, sl) = (kept[kept.len() - 1], src(kept[kept.len() - 1]));
        if pl + 1 < list.to.len() || sl + 1 < n {
            let sep = sep_at(sl).unwrap_or_else(|| call_sep.clone());
            push_gap(
                spans[sl].end..spans[n - 1].end,
                &list.to[pl + 1..],
                &sep,
                true,
                false,
            );
        }
        for &p in &kept {
            let (it, r) = (list.to[p], spans[src(p)].clone());
            let (open, close) = if paren(&it) { ("(", ")") } else { ("", "") };
            if !it.before.is_empty() {
                edits.push((r.start..r.start, format!("{}{open}", it.before)));
            }
            if !it.after.is_empty() || !close.is_empty() {
                edits.push((r.end..r.end, format!("{close}{}", it.after)));
            }
        }
    }
    // Touching edits become one, in order (an insertion before a range
    // that starts there, a range before an insertion at its end).
    edits.sort_by_key(|(r, _)| (r.start, r.end));
    let mut merged: Vec<(Range<usize>, String)> = Vec::new();
    for (r, t) in edits {
        match merged.last_mut() {
            Some((last, lt)) if last.end == r.start => {
                last.end = r.end;
                lt.push_str(&t);
            }
            _ => merged.push((r, t)),
        }
    }
    for (r, t) in merged {
        if !r.is_empty() {
            out.skip.push(r.clone());
        }
        out.edits.push(if r.is_empty() {
            Edit::insert(r.start, t)
        } else if t.is_empty() {
            Edit::delete(r)
        } else {
            Edit::replace(r, t)
        });
    }
    out.renamed.extend(renamed.into_inner());
    out.arguments += 1;
}

/// Whether the argument tokens `a..b` are a postfix expression, which a
/// cast binds whole: names joined by `.`, `->` or `::`, with `[…]` and
/// `(…)` after them, after any `&`, `*` or `(…)` of their own (`&x`,
/// `d_A`, `s.ptr[i]`, `buf()`, `(p)`).
fn is_postfix(cx: &Cx<'_>, a: usize, b: usize) -> bool {
    let mut k = a;
    while k < b && matches!(cx.text(k), b"&" | b"*") {
        k += 1;
    }
    if k == b {
        return false;
    }
    while k < b {
        if cx.is_punct(k, b"(") || cx.is_punct(k, b"[") {
            match cx.matching_close(k) {
                Some(c) if c < b => k = c + 1,
                _ => return false,
            }
            continue;
        }
        // `->` and `::` are two tokens each.
        if cx.is_punct(k, b"-") && k + 1 < b && cx.is_punct(k + 1, b">") {
            k += 2;
            continue;
        }
        let ok = matches!(cx.tok(k).kind, TokenKind::Ident | TokenKind::Number)
            || matches!(cx.text(k), b"." | b"->" | b":" | b"::");
        if !ok {
            return false;
        }
        k += 1;
    }
    true
}

/// The positions of the items that keep their argument where it is: the
/// longest run of items whose arguments rise strictly (the first such run).
fn kept_items(items: &[ArgItem]) -> Vec<usize> {
    let arg = |p: usize| items[p].arg.map(usize::from);
    // best[p]: length of the longest rising run ending at item p, and the item before.
    let mut best: Vec<(usize, Option<usize>)> = Vec::with_capacity(items.len());
    for p in 0..items.len() {
        let Some(a) = arg(p) else {
            best.push((0, None));
            continue;
        };
        let prev = (0..p)
            .filter(|&q| arg(q).is_some_and(|b| b < a) && best[q].0 > 0)
            .max_by_key(|&q| (best[q].0, std::cmp::Reverse(q)));
        best.push((prev.map_or(1, |q| best[q].0 + 1), prev));
    }
    let mut end = (0..items.len())
        .filter(|&p| best[p].0 > 0)
        .max_by_key(|&p| (best[p].0, std::cmp::Reverse(p)));
    let mut out = Vec::new();
    while let Some(p) = end {
        out.push(p);
        end = best[p].1;
    }
    out.reverse();
    out
}

/// The title of the fix [`host_location_exact`] allows.
pub(super) const HOST_LOCATION_TITLE: &str = "write hipMemLocationTypeInvalid: the location only reaches the prefetch's or advice's lambda, which passes hipCpuDeviceId for every type but a device";

/// Whether the `cudaMemLocationTypeHost` at token `i` only ever reaches the
/// location lambda a prefetch or an advice is wrapped in (`wrap_arg` above:
/// `l.type == hipMemLocationTypeDevice ? l.id : hipCpuDeviceId`), which
/// reads every type but a device's as the host: HIP's
/// `hipMemLocationTypeInvalid` is then exactly it. Where it is written in a
/// braced location that is the lambda's operand
/// (`hipMemLocation{cudaMemLocationTypeHost, 0}`, `{.type = …}`), or in one
/// that initializes a local variable, or assigned to its `.type`, whose
/// every other use is a `.type`/`.id` assignment or the lambda's whole
/// operand: there already, or planned in this round (`planned`: the byte
/// ranges of the operands [`located_operands`] finds in the call plans).
pub(super) fn host_location_exact(cx: &Cx<'_>, i: usize, planned: &[Range<usize>]) -> bool {
    const TYPES: [&[u8]; 2] = [b"cudaMemLocation", b"hipMemLocation"];
    // `.type = HOST ;` of a variable.
    if let Some(eq) = cx.prev(i).filter(|&p| cx.is_punct(p, b"=")) {
        let member = cx.prev(eq).filter(|&m| cx.is_ident(m, b"type"));
        let dot = member
            .and_then(|m| cx.prev(m))
            .filter(|&d| cx.is_punct(d, b"."));
        let var = dot.and_then(|d| cx.prev(d));
        if let (Some(d), Some(v)) = (dot, var.filter(|&v| cx.tok(v).kind == TokenKind::Ident)) {
            return cx.next(i).is_some_and(|n| cx.is_punct(n, b";"))
                && statement_start(cx, v)
                && d == v + 1
                && only_located(cx, v, &TYPES, planned);
        }
    }
    // The type of a braced location: first, or designated `.type =`.
    let Some(open) = cx.enclosing_open(i).filter(|&o| cx.is_punct(o, b"{")) else {
        return false;
    };
    let first = cx.next(open) == Some(i);
    let designated = (cx.prev(i).filter(|&eq| cx.is_punct(eq, b"=")))
        .and_then(|eq| cx.prev(eq))
        .filter(|&m| cx.is_ident(m, b"type"))
        .and_then(|m| cx.prev(m))
        .is_some_and(|d| cx.is_punct(d, b".") && cx.prev(d) == Some(open));
    let Some(close) = cx.matching_close(open) else {
        return false;
    };
    if !(first || designated)
        || !cx
            .next(i)
            .is_some_and(|n| matches!(cx.text(n), b"," | b"}"))
    {
        return false;
    }
    // Its start: `T{`, `(T){`, `{`.
    let mut start = open;
    if let Some(t) = cx
        .prev(open)
        .filter(|&t| TYPES.iter().any(|w| cx.is_ident(t, w)))
    {
        start = t;
    } else if let Some(c) = cx.prev(open).filter(|&c| cx.is_punct(c, b")")) {
        let cast = cx.matching_open(c);
        if cast.is_some_and(|o| o + 2 == c && TYPES.iter().any(|w| cx.is_ident(o + 1, w))) {
            start = c - 2;
        }
    }
    if location_operand(cx, start, close + 1, planned) {
        return true;
    }
    // A variable's initializer: `T v = {…}`, `T v{…}`.
    let var = cx.prev(start).and_then(|p| {
        if cx.is_punct(p, b"=") {
            cx.prev(p)
        } else {
            Some(p)
        }
    });
    var.is_some_and(|v| {
        cx.tok(v).kind == TokenKind::Ident
            && cx.next(close).is_some_and(|n| cx.is_punct(n, b";"))
            && cx
                .prev(v)
                .is_some_and(|t| TYPES.iter().any(|w| cx.is_ident(t, w)))
            && only_located(cx, v, &TYPES, planned)
    })
}

/// The byte ranges of the arguments `call` wraps in the location lambda.
pub(super) fn located_operands(call: &CallEdit) -> impl Iterator<Item = Range<usize>> + '_ {
    (call.edits.windows(2))
        .filter(|w| w[0].text.ends_with("hipCpuDeviceId; }(") && w[1].text == ")")
        .map(|w| w[0].range.start..w[1].range.start)
}

/// Whether tokens `a..b` are the whole operand of the location lambda:
/// `[](const hipMemLocation &l) { … hipCpuDeviceId; }(a..b)`, or of one
/// `planned` (byte ranges).
fn location_operand(cx: &Cx<'_>, a: usize, b: usize, planned: &[Range<usize>]) -> bool {
    if planned.contains(&cx.span(a, b)) {
        return true;
    }
    let Some(paren) = cx.prev(a).filter(|&p| cx.is_punct(p, b"(")) else {
        return false;
    };
    if cx.matching_close(paren) != Some(b) {
        return false;
    }
    let Some(body_end) = cx.prev(paren).filter(|&c| cx.is_punct(c, b"}")) else {
        return false;
    };
    let Some(body) = cx.matching_open(body_end) else {
        return false;
    };
    let params = cx
        .prev(body)
        .filter(|&p| cx.is_punct(p, b")"))
        .and_then(|p| cx.matching_open(p));
    params.is_some_and(|p| {
        p >= 2
            && cx.is_punct(p - 1, b"]")
            && cx.is_punct(p - 2, b"[")
            && (p..body).any(|k| cx.is_ident(k, b"hipMemLocation"))
            && (body..body_end).any(|k| cx.is_ident(k, b"hipCpuDeviceId"))
            && (body..body_end).any(|k| cx.is_ident(k, b"hipMemLocationTypeDevice"))
    })
}

/// Whether token `k` starts a statement (after `;`, `{`, `}`).
fn statement_start(cx: &Cx<'_>, k: usize) -> bool {
    cx.prev(k)
        .is_some_and(|p| matches!(cx.text(p), b";" | b"{" | b"}"))
}

/// Whether the variable `v` (a use of it, token) is a local of one of
/// `types`, declared in a block, and each use of it from its declaration to
/// the block's end is the declaration, a `v.type = …;`/`v.id = …;`
/// statement, or the whole operand of the location lambda.
fn only_located(cx: &Cx<'_>, v: usize, types: &[&[u8]], planned: &[Range<usize>]) -> bool {
    let name = cx.text(v);
    // The declaration: the nearest `T name` before (or at) the use.
    let Some(decl) = (0..=v).rev().find(|&k| {
        cx.text(k) == name
            && cx.tok(k).kind == TokenKind::Ident
            && cx
                .prev(k)
                .is_some_and(|t| types.iter().any(|w| cx.is_ident(t, w)))
    }) else {
        return false;
    };
    let ty = decl - 1;
    let declares = statement_start(cx, ty)
        || cx
            .prev(ty)
            .is_some_and(|s| cx.is_ident(s, b"struct") && statement_start(cx, s));
    let Some(block) = cx.enclosing_open(decl).filter(|&o| cx.is_punct(o, b"{")) else {
        return false;
    };
    let Some(end) = cx.matching_close(block) else {
        return false;
    };
    if !declares || cx.at_namespace_scope(decl) {
        return false;
    }
    (decl + 1..end).all(|k| {
        if cx.text(k) != name || cx.tok(k).kind != TokenKind::Ident {
            return true;
        }
        if cx
            .prev(k)
            .is_some_and(|p| matches!(cx.text(p), b"." | b"->" | b"::"))
        {
            return true; // another thing's member
        }
        let assigned = statement_start(cx, k)
            && cx.is_punct(k + 1, b".")
            && matches!(cx.text(k + 2), b"type" | b"id")
            && cx.is_punct(k + 3, b"=");
        assigned || location_operand(cx, k, k + 1, planned)
    })
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

    #[test]
    fn kept_items_rise() {
        let item = |arg: Option<u8>| ArgItem {
            before: if arg.is_some() { "" } else { "nullptr" },
            arg,
            after: "",
        };
        let list = |args: &[Option<u8>]| args.iter().map(|&a| item(a)).collect::<Vec<_>>();
        // cudnnConvolutionForward -> miopenConvolutionForward: 8 and 9 move.
        let conv: Vec<_> = [0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 8, 9]
            .map(Some)
            .to_vec();
        assert_eq!(
            kept_items(&list(&conv)),
            vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        );
        // csrmv: an item inserted, every argument kept.
        let csrmv = [Some(0), Some(1), None, Some(2)];
        assert_eq!(kept_items(&list(&csrmv)), vec![0, 1, 3]);
        // softmax: algo and mode go last.
        let softmax: Vec<_> = [0, 3, 4, 5, 6, 7, 8, 1, 2].map(Some).to_vec();
        assert_eq!(kept_items(&list(&softmax)), vec![0, 1, 2, 3, 4, 5, 6]);
        assert!(kept_items(&list(&[None, None])).is_empty());
    }

    #[test]
    fn postfix_arguments() {
        for (arg, simple) in [
            ("d_A", true),
            ("&one", true),
            ("s.ptr[i]", true),
            ("p->buf", true),
            ("ns::x", true),
            ("buf()", true),
            ("A + 1", false),
            ("t ? A : B", false),
            ("(T*)p", true),
            ("(a) + b", false),
        ] {
            let got = on_last_call(&format!("f({arg});"), |cx, a| {
                is_postfix(cx, a[0].0, a[0].1)
            });
            assert_eq!(got, simple, "{arg}");
        }
    }
}
