//! Members of CUDA types that HIP's counterpart names differently or lacks
//! (`mappings/members.toml`): `prop.sharedMemPerMultiprocessor` on a
//! `cudaDeviceProp`, `attr.type` on a `cudaPointerAttributes`,
//! `tile.meta_group_rank()` on a cooperative-groups tile. A member is only
//! touched where the object's type is known: a variable or parameter the
//! file declares with the CUDA type (`cudaDeviceProp prop;`,
//! `const cudaDeviceProp &p`, `cudaDeviceProp props[8]`,
//! `cg::thread_block_tile<32> t`, `auto t = cg::tiled_partition<32>(b)`),
//! used within the braces it is declared in, or a group a factory returns
//! (`cg::this_grid().block_rank()`, `cg::tiled_partition<32>(b).num_threads()`).
//! There the member is renamed
//! where HIP only names it differently (at the target version), and left
//! for the names rule to report (HIP-W005) where HIP has no such member.
//! A field HIP's struct gains only at a later version is read, below it,
//! through the legacy expression the table gives (`prop.asyncEngineCount`
//! below HIP 6.0: the device attribute, by a function `shims` defines).

use std::ops::Range;

use super::shims::{self, Definition};
use super::{Cx, Left};
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::mappings::{self, Family};
use crate::tokens::{BracketSet, Way};

/// Cooperative-groups functions whose result's type an `auto` takes.
const CG_FACTORIES: &[(&[u8], &str)] = &[
    (b"this_thread_block", "thread_block"),
    (b"this_grid", "grid_group"),
    (b"coalesced_threads", "coalesced_group"),
    // Only with a template argument (`tiled_partition<32>(b)`); the
    // dynamic form gives a `thread_group`.
    (b"tiled_partition", "thread_block_tile"),
];

/// Qualifiers of the cooperative-groups types (`cg::`, `cooperative_groups::`):
/// any namespace alias is allowed, as long as the file names the namespace
/// (or qualifies a name with `cg::`).
const CG_NAMESPACE: &[u8] = b"cooperative_groups";

/// The words that let the pass read cooperative-groups variables: the
/// namespace, or the alias every sample writes (`cg::`). A file with
/// neither holds none (the prefilter reads this).
pub(crate) const CG_WORDS: [&[u8]; 2] = [CG_NAMESPACE, b"cg"];

/// Variadic calls where the width of an argument's type matters.
const VARARGS_CALLS: &[&[u8]] = &[b"printf", b"fprintf", b"sprintf", b"snprintf"];

/// A variable of a CUDA type with listed members.
struct Var<'s> {
    name: &'s [u8],
    owner: &'static str,
    /// Where it is declared (a token index).
    at: usize,
    /// The tokens it is visible in.
    scope: Range<usize>,
}

pub(super) fn rewrite(cx: &mut Cx<'_>) {
    let owners: Vec<&'static str> = {
        let mut o: Vec<&'static str> = mappings::MEMBERS.iter().map(|m| m.owner).collect();
        o.dedup();
        o
    };
    // The lengths of the words looked for (63 for any longer): a bit test
    // passes over nearly every other identifier before any comparison.
    let bit = |len: usize| 1u64 << len.min(63);
    let lengths = (owners.iter().map(|o| o.len()))
        .chain(CG_WORDS.map(<[u8]>::len))
        .chain([b"auto".len()])
        .fold(0u64, |m, len| m | bit(len));
    let n = cx.lx.tokens.len();
    let mut cg = false;
    let mut candidates = Vec::new();
    for i in 0..n {
        let t = cx.tok(i);
        if t.kind != TokenKind::Ident || lengths & bit(t.range().len()) == 0 || t.in_directive() {
            continue;
        }
        let text = cx.text(i);
        // `cg::` is the alias every sample and guide writes (an included
        // header may declare it).
        if text == CG_NAMESPACE
            || (text == b"cg" && cx.next(i).is_some_and(|n| cx.is_punct(n, b"::")))
        {
            cg = true;
        } else if text == b"auto" || owners.iter().any(|o| o.as_bytes() == text) {
            candidates.push(i);
        }
    }
    // A group a factory returns needs no variable (`cg::this_grid().x()`).
    if candidates.is_empty() && !cg {
        return;
    }
    let mut vars: Vec<Var<'_>> = Vec::new();
    for i in candidates {
        if cx.text(i) == b"auto" {
            if let Some(v) = auto_declaration(cx, i).filter(|_| cg) {
                vars.push(v);
            }
            continue;
        }
        let owner = owners
            .iter()
            .copied()
            .find(|o| o.as_bytes() == cx.text(i))
            .unwrap_or_default();
        let is_cg = !owner.starts_with("cuda");
        if is_cg && !cg {
            continue;
        }
        if cx
            .prev(i)
            .is_some_and(|p| cx.is_punct(p, b".") || cx.is_punct(p, b"->"))
        {
            continue;
        }
        declarators(cx, i, owner, &mut vars);
    }
    if vars.is_empty() && !cg {
        return;
    }
    // By name, then by declaration: [`visible`] searches them.
    vars.sort_by(|a, b| a.name.cmp(b.name).then(a.at.cmp(&b.at)));
    // Text the translation deletes already (an argument HIP's call drops,
    // such as `__all_sync`'s mask at HIP 5.2) is not rewritten.
    let deleted = crate::edit::deleted_ranges(&cx.edits);
    // The definition a field's legacy expression calls: made at its first use.
    let mut defined: Option<Definition> = None;
    // The project's own conditionals, read once, at the first rewrite that
    // writes kernel code.
    let mut conditionals: Option<Vec<std::ops::Range<usize>>> = None;
    let mut helpers = Vec::new();
    for i in 0..n {
        if !(cx.is_punct(i, b".") || cx.is_punct(i, b"->")) {
            continue;
        }
        if crate::edit::within(&deleted, &cx.tok(i).range()) {
            continue;
        }
        let Some(m) = cx.next(i).filter(|&m| cx.tok(m).kind == TokenKind::Ident) else {
            continue;
        };
        // A named variable, or a group a factory returns (whose first token
        // is the object; its calls have no effect, so it may be written twice).
        // In a macro's body only a group a factory returns has a known type.
        let (object, name, owner, temporary) = match object_of(cx, i) {
            Some((object, name)) if !cx.tok(i).in_directive() => {
                let Some(var) = visible(&vars, cx.text(name), i) else {
                    continue;
                };
                (object, name, var.owner, false)
            }
            _ => match temporary_of(cx, i).filter(|_| cg) {
                Some((object, owner)) => (object, object, owner, true),
                None => continue,
            },
        };
        let Ok(member) = std::str::from_utf8(cx.text(m)) else {
            continue;
        };
        let Some(entry) = mappings::member(owner, member) else {
            continue;
        };
        let r = entry.mapping.resolve(&cx.opts.target);
        let hip_type = mappings::lookup(owner)
            .and_then(|t| t.hip.name)
            .unwrap_or(owner);
        // The member left for the names rule to report.
        let left = || Left::Member {
            object,
            member: m,
            hip_type,
            entry,
        };
        match r.name {
            Some(expr) if r.legacy.is_some() && expr.contains('$') && has_fields(owner) => {
                // A field HIP's older struct lacks, read as an expression
                // over the object's other fields (`$`: the object and its
                // `.`/`->`) that calls a function the translation defines.
                if !is_field_read(cx, object, name, i, m) {
                    cx.facts.left.push(left());
                    continue;
                }
                // Inserted once, at the first use; after it, `Defined`.
                let definition = defined.get_or_insert_with(|| {
                    shims::definition(&cx.tokens, cx.opts, FIELD_SHIM, object, &mut helpers)
                });
                match std::mem::replace(definition, Definition::Defined) {
                    Definition::Insert(edit) => cx.edits.push(edit),
                    Definition::Defined => {}
                    Definition::Nowhere => {
                        *definition = Definition::Nowhere;
                        cx.facts.left.push(left());
                        continue;
                    }
                }
                let access =
                    cx.take_rendered(cx.tok(object).start as usize..cx.tok(i).end as usize);
                let text = expr.replace('$', &access);
                let range = cx.tok(object).start as usize..cx.tok(m).end as usize;
                cx.edits.push(Edit::replace(range, text));
                cx.facts.uses_runtime_api = true;
                *cx.stats.rewrites.entry(entry.mapping.family).or_default() += 1;
            }
            Some(expr) if (r.legacy.is_some() && expr.contains('$')) || is_expression(expr) => {
                // A legacy form that is an expression over the object (`$`:
                // the object and its `.`/`->`; `@`: the call's one argument,
                // none without it), or a HIP form that is an expression at
                // every version (`grid.block_rank()`'s, over the built-in
                // variables, with no `$`: the object goes), for a call on a
                // named variable; elsewhere left to report.
                let arity = usize::from(expr.contains('@'));
                let call = (cx.next(m))
                    .filter(|&o| cx.is_punct(o, b"("))
                    .and_then(|o| cx.call_args(o))
                    .filter(|a| a.args.len() == arity && a.args.iter().all(|&(s, e)| s < e))
                    .map(|a| (a.close, a.args.first().map(|&(s, e)| cx.span(s, e))));
                let access = String::from_utf8_lossy(
                    &cx.src[cx.tok(object).start as usize..cx.tok(i).end as usize],
                );
                // The object may be written twice: only where that has no effect.
                let pure = temporary || !["++", "--", "(", "="].iter().any(|e| access.contains(e));
                match call {
                    Some((close, argument)) if object == name && pure => {
                        // With what the translation already rewrites inside
                        // the object (`cg::tiled_partition<cg::this_grid()
                        // .num_threads()>(…)`): the object's text is copied.
                        let access =
                            cx.take_rendered(cx.tok(object).start as usize..cx.tok(i).end as usize);
                        let text = expr.replace('$', &access);
                        let start = cx.tok(object).start as usize;
                        let end = cx.tok(close).end as usize;
                        match (argument, text.split_once('@')) {
                            // The text around the argument, which stays as it
                            // is (other edits may rename inside it).
                            (Some(arg), Some((before, after))) => {
                                cx.edits
                                    .push(Edit::replace(start..arg.start, before.to_string()));
                                cx.edits
                                    .push(Edit::replace(arg.end..end, after.to_string()));
                            }
                            _ => cx.edits.push(Edit::replace(start..end, text.clone())),
                        }
                        // CUDA's expression over the built-in variables is
                        // kernel code: the file needs HIP's runtime header
                        // for it (a second round would add it).
                        if !cx.facts.kernel_language_unguarded
                            && text
                                .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                                .any(|w| super::identifiers::is_kernel_word(w.as_bytes()))
                        {
                            cx.facts.uses_kernel_language = true;
                            let spans = conditionals
                                .get_or_insert_with(|| super::includes::project_conditionals(cx));
                            cx.facts.kernel_language_unguarded =
                                !super::includes::within_any(spans, start);
                        }
                        *cx.stats.rewrites.entry(entry.mapping.family).or_default() += 1;
                    }
                    _ => cx.facts.left.push(left()),
                }
            }
            Some(hip) if hip != member => {
                // Only the grid's num_threads() is unsigned long long in
                // CUDA (a block's, a tile's and a coalesced group's are
                // unsigned int, as HIP's size()).
                if member == "num_threads" && owner == "grid_group" && in_varargs_call(cx, i) {
                    if object != name {
                        // `a[i].num_threads()` in a printf: left to report
                        // rather than guess where the cast goes.
                        cx.facts.left.push(Left::MemberInVarargs {
                            object,
                            member: m,
                            hip_type,
                            hip,
                        });
                        continue;
                    }
                    cx.edits.push(Edit::insert(
                        cx.tok(object).start as usize,
                        "(unsigned long long)",
                    ));
                }
                cx.edits.push(Edit::replace(cx.tok(m).range(), hip));
                *cx.stats.rewrites.entry(entry.mapping.family).or_default() += 1;
            }
            Some(_) => {}
            None => {
                cx.facts.left.push(left());
                if entry.mapping.family == Family::Runtime {
                    cx.facts.uses_runtime_api = true;
                }
            }
        }
    }
    through_macros(cx, &vars);
}

/// The variable named `name` that token `at` sees: the last one declared
/// before it whose scope holds it (`vars` sorted by name, then declaration).
fn visible<'v, 's>(vars: &'v [Var<'s>], name: &[u8], at: usize) -> Option<&'v Var<'s>> {
    let first = vars.partition_point(|v| v.name < name);
    let last = first + vars[first..].partition_point(|v| v.name == name && v.at < at);
    vars[first..last]
        .iter()
        .rev()
        .find(|v| v.scope.contains(&at))
}

/// A function-like macro whose body reaches a member through one of its
/// parameters (`#define WARP_ID(g) ((g).meta_group_rank())`): the body's
/// member is known only at each use, so a use on a variable of a type the
/// member differs on in HIP (`WARP_ID(tile)`) is left for the names rule
/// to report (the body serves every type it is used on).
fn through_macros(cx: &mut Cx<'_>, vars: &[Var<'_>]) {
    if vars.is_empty() {
        return;
    }
    let mut found = Vec::new();
    for d in cx.lx.directives.iter().filter(|d| d.name == "define") {
        let (name, end) = (d.first_token as usize + 1, d.end_token as usize);
        if name + 1 >= end
            || !cx.is_punct(name + 1, b"(")
            || cx.tok(name + 1).start != cx.tok(name).end
        {
            continue;
        }
        let Some(close) = cx.matching_close(name + 1).filter(|&c| c < end) else {
            continue;
        };
        let params: Vec<&[u8]> = (name + 2..close)
            .filter(|&k| cx.tok(k).kind == TokenKind::Ident)
            .map(|k| cx.text(k))
            .collect();
        for dot in close + 1..end {
            if !(cx.is_punct(dot, b".") || cx.is_punct(dot, b"->")) || dot + 1 >= end {
                continue;
            }
            let m = dot + 1;
            // `g.member` or `(g).member`, `g` a parameter.
            let object = match dot.checked_sub(1) {
                Some(p) if cx.is_punct(p, b")") && p >= 2 && cx.is_punct(p - 2, b"(") => p - 1,
                Some(p) => p,
                None => continue,
            };
            if cx.tok(m).kind != TokenKind::Ident || cx.tok(object).kind != TokenKind::Ident {
                continue;
            }
            // Not `x.g.member`, `x::g.member` or a call's `f(g).member`: the
            // parameter itself is the object.
            let paren = object + 1 != dot;
            let first = if paren { object - 1 } else { object };
            let before = cx.tok(first - 1);
            if [&b"."[..], b"->", b"::"].contains(&cx.text(first - 1))
                || (paren
                    && first - 1 > close
                    && (before.kind == TokenKind::Ident
                        || [&b")"[..], b"]", b">"].contains(&cx.text(first - 1))))
            {
                continue;
            }
            if let Some(p) = params.iter().position(|&p| p == cx.text(object)) {
                found.push(BodyMember {
                    name: cx.text(name),
                    param: p,
                    first,
                    dot,
                    member: m,
                });
            }
        }
    }
    if found.is_empty() {
        return;
    }
    // Each body member's uses: the call's tokens, the argument's, and the
    // group's type where the argument says it.
    let mut uses: Vec<Vec<MacroUse>> = vec![Vec::new(); found.len()];
    // The macros' names, sorted, each with its body members' indices, and
    // their lengths (63 for any longer): a bit test passes over nearly
    // every other identifier before any comparison.
    let mut by_name: Vec<(&[u8], usize)> =
        found.iter().enumerate().map(|(k, b)| (b.name, k)).collect();
    by_name.sort_unstable();
    let bit = |len: usize| 1u64 << len.min(63);
    let lengths = by_name
        .iter()
        .fold(0u64, |m, (name, _)| m | bit(name.len()));
    for i in 0..cx.lx.tokens.len() {
        let t = cx.tok(i);
        if t.kind != TokenKind::Ident || lengths & bit(t.range().len()) == 0 || t.in_directive() {
            continue;
        }
        let text = cx.text(i);
        let first = by_name.partition_point(|&(name, _)| name < text);
        let named = by_name[first..]
            .iter()
            .take_while(|&&(name, _)| name == text);
        for (k, b) in named.map(|&(_, k)| (k, &found[k])) {
            let Some(args) = (cx.next(i))
                .filter(|&o| cx.is_punct(o, b"("))
                .and_then(|o| cx.call_args(o))
            else {
                continue;
            };
            // The argument is a variable of a listed type, named alone, or
            // the group a factory returns (`cg::tiled_partition<32>(b)`).
            let Some(&(s, e)) = args.args.get(b.param) else {
                continue;
            };
            let owner = if e == s + 1 {
                visible(vars, cx.text(s), s).map(|v| v.owner)
            } else {
                factory_argument(cx, s, e)
            };
            uses[k].push((i..args.close + 1, s..e, owner));
        }
    }
    for (b, uses) in found.iter().zip(uses) {
        let Ok(member) = std::str::from_utf8(cx.text(b.member)) else {
            continue;
        };
        // Every use on one type of group: the body is written for it.
        let owners: Vec<_> = uses.iter().map(|u| u.2).collect();
        if let Some(&Some(owner)) = owners
            .first()
            .filter(|_| owners.windows(2).all(|w| w[0] == w[1]))
        {
            if let Some(entry) = mappings::member(owner, member) {
                if rewrite_body(cx, b, owner, entry) {
                    continue;
                }
            }
        }
        for (call, argument, owner) in uses {
            let Some((owner, entry)) = owner.and_then(|o| Some((o, mappings::member(o, member)?)))
            else {
                continue;
            };
            let r = entry.mapping.resolve(&cx.opts.target);
            if r.legacy.is_none() && r.name == Some(entry.mapping.cuda) {
                continue;
            }
            let hip_type = (mappings::lookup(owner).and_then(|t| t.hip.name)).unwrap_or(owner);
            cx.facts.left.push(Left::MacroMember {
                call,
                argument,
                member: b.member,
                hip_type,
                hip: r.name.filter(|_| r.legacy.is_none()),
                entry,
            });
        }
    }
}

/// A use of a macro: the call's tokens, the argument's, and the group's
/// type where the argument says it.
type MacroUse = (Range<usize>, Range<usize>, Option<&'static str>);

/// A member a function-like macro's body reaches through a parameter.
struct BodyMember<'s> {
    /// The macro's name.
    name: &'s [u8],
    /// Which parameter is the object.
    param: usize,
    /// The object's first token (`g`, or the `(` of `(g)`), the `.` after
    /// it, and the member's name.
    first: usize,
    dot: usize,
    member: usize,
}

/// Writes the HIP form of the body's member for `owner`, the group every
/// use of the macro in the file passes: HIP's name (`g.num_threads()` ->
/// `g.size()`), or the expression a member HIP lacks is at the target
/// (`(g).meta_group_rank()` -> `(cooperative_groups::this_thread_block()
/// .thread_rank() / (g).size())`) where it takes no argument. Whether it did.
fn rewrite_body(
    cx: &mut Cx<'_>,
    b: &BodyMember<'_>,
    owner: &str,
    entry: &'static mappings::Member,
) -> bool {
    let r = entry.mapping.resolve(&cx.opts.target);
    let Some(hip) = r.name else {
        return false;
    };
    let member = entry.mapping.cuda;
    let expression = (r.legacy.is_some() && hip.contains('$')) || is_expression(hip);
    if !expression {
        // A grid's num_threads() is unsigned long long in CUDA: a cast
        // would depend on where each use sits.
        if hip == member || (member == "num_threads" && owner == "grid_group") {
            return false;
        }
        cx.edits.push(Edit::replace(cx.tok(b.member).range(), hip));
        *cx.stats.rewrites.entry(entry.mapping.family).or_default() += 1;
        return true;
    }
    // `member()` in the body, with no argument.
    let call = (cx.next(b.member))
        .filter(|&o| cx.is_punct(o, b"(") && cx.tok(o).in_directive())
        .and_then(|o| cx.next(o).filter(|&c| cx.is_punct(c, b")")));
    let (Some(close), false) = (call, hip.contains('@') || has_fields(owner)) else {
        return false;
    };
    let access = String::from_utf8_lossy(
        &cx.src[cx.tok(b.first).start as usize..cx.tok(b.dot).end as usize],
    );
    let text = hip.replace('$', &access);
    if text
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .any(|w| super::identifiers::is_kernel_word(w.as_bytes()))
    {
        // CUDA's expression over the built-in variables: the file then
        // needs HIP's runtime header, as for a named group.
        cx.facts.uses_kernel_language = true;
        cx.facts.kernel_language_unguarded = true;
    }
    let range = cx.tok(b.first).start as usize..cx.tok(close).end as usize;
    cx.edits.push(Edit::replace(range, text));
    *cx.stats.rewrites.entry(entry.mapping.family).or_default() += 1;
    true
}

/// The type of the group a factory call `s..e` returns, where the call is
/// the whole argument (`cg::tiled_partition<32>(b)`, `this_thread_block()`).
fn factory_argument(cx: &Cx<'_>, s: usize, e: usize) -> Option<&'static str> {
    let close = e.checked_sub(1).filter(|&c| cx.is_punct(c, b")"))?;
    let (f, owner) = factory_before(cx, cx.matching_open(close)?)?;
    // Only the factory's qualifiers before it (`cg::`, `cooperative_groups::`).
    let qualified = (s..f).all(|k| cx.is_punct(k, b"::") || names_cg_namespace(cx, k));
    qualified.then_some(owner)
}

/// Whether a member's HIP form is an expression rather than a member's name.
fn is_expression(hip: &str) -> bool {
    !hip.bytes().all(|b| b == b'_' || b.is_ascii_alphanumeric())
}

/// The function the legacy expressions of fields call (`shims`).
const FIELD_SHIM: &[u8] = b"hipify_rs_device_attribute";

/// Whether the members `owner` lists are data fields: the runtime's structs
/// (`cudaDeviceProp`); the cooperative-groups classes list member functions.
fn has_fields(owner: &str) -> bool {
    owner.starts_with("cuda")
}

/// Whether `.member` at `dot`/`m` on the variable `object` reads the field
/// alone: on the variable itself (`prop.f`, `p->f`: its other fields can be
/// named the same way), not assigned, incremented, indexed, called or taken
/// the address of (an expression's value is no object). Punctuation is one
/// byte a token, so the operators are read from bytes that touch: `==`,
/// `<=` and `&&` are reads, `+=`, `<<=` and `++` writes, and `&` after an
/// operand (`a & prop.f`, `c && prop.f`) is no address.
fn is_field_read(cx: &Cx<'_>, object: usize, name: usize, dot: usize, m: usize) -> bool {
    let plain = object == name && cx.next(object) == Some(dot);
    let glued = |a: usize| {
        cx.next(a)
            .filter(|&b| cx.tok(a).end == cx.tok(b).start && cx.tok(b).kind == TokenKind::Punct)
    };
    let after = cx.next(m).is_none_or(|k| {
        let second = glued(k).map(|n| (n, cx.text(n)));
        let write = match (cx.text(k), second) {
            (b"(" | b"[", _) => true,
            (b"=", Some((_, b"="))) => false,
            (b"=", _) => true,
            (b"+", Some((_, b"+" | b"="))) | (b"-", Some((_, b"-" | b"="))) => true,
            (b"*" | b"/" | b"%" | b"&" | b"|" | b"^", Some((_, b"="))) => true,
            // `<<=`, `>>=`; a shift or `<=` reads.
            (b"<", Some((n, b"<"))) | (b">", Some((n, b">"))) => {
                glued(n).is_some_and(|e| cx.text(e) == b"=")
            }
            _ => false,
        };
        cx.tok(k).kind != TokenKind::Punct || !write
    });
    let operand_end = |q: usize| match cx.tok(q).kind {
        TokenKind::Ident => !matches!(cx.text(q), b"return" | b"case" | b"throw" | b"co_return"),
        TokenKind::Number | TokenKind::Str | TokenKind::Char => true,
        _ => cx.is_punct(q, b")") || cx.is_punct(q, b"]"),
    };
    let before = cx.prev(object).is_none_or(|p| {
        let joined = |q: usize| glued(q) == Some(p);
        if [&b"."[..], b"->", b"::"].iter().any(|w| cx.is_punct(p, w)) {
            false
        } else if cx.is_punct(p, b"&") {
            // Binary: after an operand, or the second byte of `&&`.
            cx.prev(p)
                .is_some_and(|q| (cx.is_punct(q, b"&") && joined(q)) || operand_end(q))
        } else if cx.is_punct(p, b"+") || cx.is_punct(p, b"-") {
            // Not `++prop.f`, `--prop.f`.
            !cx.prev(p)
                .is_some_and(|q| cx.text(q) == cx.text(p) && joined(q))
        } else {
            true
        }
    });
    plain && after && before
}

/// The object before the `.`/`->` at `dot`: its first token and the token
/// naming the variable (`prop` of `prop.x`, of `prop[i].x`).
fn object_of(cx: &Cx<'_>, dot: usize) -> Option<(usize, usize)> {
    let p = cx.prev(dot)?;
    if cx.tok(p).kind == TokenKind::Ident {
        return Some((p, p));
    }
    if cx.is_punct(p, b"]") {
        let open = cx.matching_open(p)?;
        let v = cx
            .prev(open)
            .filter(|&v| cx.tok(v).kind == TokenKind::Ident)?;
        return Some((v, v));
    }
    None
}

/// The group a cooperative-groups factory returns before the `.` at `dot`
/// (`cg::this_grid()`, `this_thread_block()`, `cg::tiled_partition<32>(b)`):
/// its first token and its type, where its arguments are plain names or
/// other factories' calls (nothing with an effect).
fn temporary_of(cx: &Cx<'_>, dot: usize) -> Option<(usize, &'static str)> {
    if !cx.is_punct(dot, b".") {
        return None;
    }
    let close = cx.prev(dot).filter(|&p| cx.is_punct(p, b")"))?;
    let open = cx.matching_open(close)?;
    let (f, owner) = factory_before(cx, open)?;
    // `cg::`, `cooperative_groups::`, `::cooperative_groups::`.
    let mut start = f;
    while let Some(colons) = cx.prev(start).filter(|&c| cx.is_punct(c, b"::")) {
        start = colons;
        match cx
            .prev(colons)
            .filter(|&q| cx.tok(q).kind == TokenKind::Ident)
        {
            // Only cooperative groups' namespace or an alias of it (`cg`):
            // `C10_CUDA_CHECK::this_grid()` in junk is no factory call, and
            // the macro's own rename would overlap the rewrite.
            Some(q) if names_cg_namespace(cx, q) => start = q,
            Some(_) => return None,
            None => break,
        }
    }
    // A member of something else (`obj.this_grid()`) is not the factory.
    if cx
        .prev(start)
        .is_some_and(|p| cx.is_punct(p, b".") || cx.is_punct(p, b"->"))
    {
        return None;
    }
    // An assignment, an increment, or a call of anything but a factory
    // (punctuation is one byte a token; an `==` counts, conservatively).
    let effect = (open + 1..close).any(|k| {
        matches!(cx.text(k), b"=" | b"+" | b"-")
            || (cx.is_punct(k, b"(") && factory_before(cx, k).is_none())
    });
    (!effect).then_some((start, owner))
}

/// Whether the qualifier at `q` names cooperative groups' namespace:
/// `cooperative_groups`, `cg`, or a namespace alias the file declares
/// (`namespace groups = cooperative_groups;`).
fn names_cg_namespace(cx: &Cx<'_>, q: usize) -> bool {
    let name = cx.text(q);
    matches!(name, b"cooperative_groups" | b"cg")
        || cx.idents_named(name, 0..q).any(|k| {
            cx.prev(k).is_some_and(|p| cx.text(p) == b"namespace")
                && cx.next(k).is_some_and(|e| cx.is_punct(e, b"="))
        })
}

/// The factory whose argument list opens at `open` (`this_grid(`,
/// `tiled_partition<32>(`, never the dynamic `tiled_partition(b, 32)`, a
/// `thread_group`): its name's token and the type it returns.
fn factory_before(cx: &Cx<'_>, open: usize) -> Option<(usize, &'static str)> {
    let mut f = cx.prev(open)?;
    let tile = cx.is_punct(f, b">");
    if tile {
        // `tiled_partition<N>`: the `<` whose list ends at this `>`.
        let gt = f;
        f = (gt.saturating_sub(32)..gt).rev().find(|&k| {
            cx.is_ident(k, b"tiled_partition")
                && cx
                    .next(k)
                    .filter(|&lt| cx.is_punct(lt, b"<"))
                    .and_then(|lt| template_end(cx, lt))
                    == Some(gt)
        })?;
    }
    let &(_, owner) = CG_FACTORIES.iter().find(|(name, _)| *name == cx.text(f))?;
    ((owner == "thread_block_tile") == tile).then_some((f, owner))
}

/// Whether the token at `i` is inside the arguments of a `printf`-like call.
fn in_varargs_call(cx: &Cx<'_>, i: usize) -> bool {
    let mut k = i;
    while let Some(o) = enclosing_open(cx, k) {
        if !cx.is_punct(o, b"(") {
            return false;
        }
        if cx
            .prev(o)
            .is_some_and(|f| VARARGS_CALLS.contains(&cx.text(f)))
        {
            return true;
        }
        k = o;
    }
    false
}

/// The variables a declaration of type `owner` at token `ty` declares:
/// `T v;`, `T v = …`, `T *v`, `const T &v` (a parameter), `T v[4]`,
/// `T a, b;`, `T<32> v` (a template's arguments skipped).
fn declarators<'s>(cx: &Cx<'s>, ty: usize, owner: &'static str, vars: &mut Vec<Var<'s>>) {
    let mut j = cx.next(ty);
    if let Some(lt) = j.filter(|&k| cx.is_punct(k, b"<")) {
        j = template_end(cx, lt).and_then(|gt| cx.next(gt));
    }
    let Some(scope) = scope_of(cx, ty) else {
        return;
    };
    let parameter = scope.1;
    loop {
        while let Some(k) = j.filter(|&k| {
            matches!(
                cx.text(k),
                b"*" | b"&" | b"&&" | b"const" | b"volatile" | b"__restrict__" | b"__restrict"
            )
        }) {
            j = cx.next(k);
        }
        let Some(v) = j.filter(|&k| cx.tok(k).kind == TokenKind::Ident) else {
            return;
        };
        let Some(after) = cx.next(v) else { return };
        if !matches!(cx.text(after), b";" | b"=" | b"," | b")" | b"[" | b"{") {
            return;
        }
        vars.push(Var {
            name: cx.text(v),
            owner,
            at: v,
            scope: scope.0.clone(),
        });
        if parameter {
            return;
        }
        // `T a = x, b;`: on to the next declarator at this depth.
        let mut k = after;
        loop {
            match cx.text(k) {
                b"," => break,
                b";" | b")" | b"}" => return,
                b"(" | b"[" | b"{" => {
                    k = match cx.matching_close(k) {
                        Some(c) => c,
                        None => return,
                    }
                }
                _ => {}
            }
            k = match cx.next(k) {
                Some(n) => n,
                None => return,
            };
        }
        j = cx.next(k);
    }
}

/// `auto v = cg::tiled_partition<32>(…)`, `auto v = this_thread_block()`:
/// the variable and the type of what the factory returns.
fn auto_declaration<'s>(cx: &Cx<'s>, at: usize) -> Option<Var<'s>> {
    let mut j = cx.next(at)?;
    while matches!(cx.text(j), b"&" | b"&&" | b"const") {
        j = cx.next(j)?;
    }
    let v = Some(j).filter(|&k| cx.tok(k).kind == TokenKind::Ident)?;
    let eq = cx.next(v).filter(|&k| cx.is_punct(k, b"="))?;
    let mut f = cx.next(eq)?;
    // `cg::`, `cooperative_groups::`, `::cooperative_groups::`.
    while let Some(colons) = cx.next(f).filter(|&k| cx.is_punct(k, b"::")) {
        f = cx.next(colons)?;
    }
    if cx.is_punct(f, b"::") {
        f = cx.next(f)?;
    }
    let &(_, owner) = CG_FACTORIES.iter().find(|(name, _)| *name == cx.text(f))?;
    let open = cx.next(f)?;
    if owner == "thread_block_tile" && !cx.is_punct(open, b"<") {
        return None;
    }
    if owner != "thread_block_tile" && !cx.is_punct(open, b"(") {
        return None;
    }
    let (scope, _) = scope_of(cx, at)?;
    Some(Var {
        name: cx.text(v),
        owner,
        at: v,
        scope,
    })
}

/// The tokens a declaration at `i` is visible in, and whether it is a
/// function's parameter: the braces around it; for a parameter the body
/// after the parameter list; at file scope the whole file.
fn scope_of(cx: &Cx<'_>, i: usize) -> Option<(Range<usize>, bool)> {
    let Some(open) = enclosing_open(cx, i) else {
        return Some((0..cx.lx.tokens.len(), false));
    };
    let close = matching_close(cx, open)?;
    match cx.text(open) {
        b"{" => Some((open..close, false)),
        b"(" => {
            // The function's body: the `{` a few tokens of code after the
            // list (`) const {`, `) noexcept {`, `) -> T {`), directives
            // between them skipped, as the brackets are paired.
            let mut k = close;
            for _ in 0..8 {
                k = (k + 1..cx.lx.tokens.len()).find(|&j| !cx.tok(j).in_directive())?;
                if cx.is_punct(k, b"{") {
                    return Some((open..matching_close(cx, k)?, true));
                }
                if matches!(cx.text(k), b";" | b"}" | b"=") {
                    return None;
                }
            }
            None
        }
        _ => None,
    }
}

/// The bracket that opens around code token `i`, counting the brackets of
/// code alone: a body holding `#if … #else … #endif` is still one body
/// (unlike [`crate::tokens::Tokens::enclosing_open`], whose pairs stop at
/// directives).
fn enclosing_open(cx: &Cx<'_>, i: usize) -> Option<usize> {
    let start = (0..i).rev().find(|&k| !cx.tok(k).in_directive())?;
    let mut walk = cx.walk(start, BracketSet::All, Way::BackOverDirectives);
    walk.find(|s| s.unmatched).map(|s| s.k)
}

/// The bracket closing the one at `open`, counting the brackets of code
/// alone (see [`enclosing_open`]).
fn matching_close(cx: &Cx<'_>, open: usize) -> Option<usize> {
    let start = (open + 1..cx.lx.tokens.len()).find(|&k| !cx.tok(k).in_directive())?;
    let mut walk = cx.walk(start, BracketSet::All, Way::ForwardOverDirectives);
    walk.find(|s| s.unmatched).map(|s| s.k)
}

/// The `>` closing the template argument list opened at `lt`.
fn template_end(cx: &Cx<'_>, lt: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut k = lt;
    for _ in 0..32 {
        match cx.text(k) {
            b"<" => depth += 1,
            b">" => depth -= 1,
            b">>" => depth -= 2,
            b";" | b"{" | b"}" => return None,
            _ => {}
        }
        if depth <= 0 {
            return Some(k);
        }
        k = cx.next(k)?;
    }
    None
}
