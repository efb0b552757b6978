//! Identifier rewriting: every identifier that names a CUDA API becomes its HIP
//! name, in code, macro bodies and `#if` conditions alike; never a member
//! (`x.cudaMalloc`), never a name qualified by a namespace or class that is
//! not CUDA's (`std::`, `mylib::cudaFree`), never inside comments or literals
//! (the lexer gives those no identifier tokens).

use std::collections::{HashMap, HashSet};
use std::sync::{LazyLock, Mutex};

use super::Cx;
use super::calls;
use super::includes;
use super::shims;
use crate::diagnostic::{Applicability, Code, Diagnostic};
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::mappings::{self, Family, Kind, Mapping, Status, Target};

/// The words that mean a file uses the CUDA kernel language.
pub(crate) const KERNEL_WORDS: &[&[u8]] = &[
    b"__global__",
    b"__device__",
    b"__host__",
    b"__shared__",
    b"__constant__",
    b"__managed__",
    b"__launch_bounds__",
    b"threadIdx",
    b"blockIdx",
    b"blockDim",
    b"gridDim",
    b"__syncthreads",
];

/// Whether `word` is one of [`KERNEL_WORDS`].
pub(crate) fn is_kernel_word(word: &[u8]) -> bool {
    // Called on every identifier until one is found: test the cheap
    // first byte and length before comparing.
    matches!(word.first(), Some(b'_' | b't' | b'b' | b'g'))
        && (7..=17).contains(&word.len())
        && matches!(
            word,
            b"__global__"
                | b"__device__"
                | b"__host__"
                | b"__shared__"
                | b"__constant__"
                | b"__managed__"
                | b"__launch_bounds__"
                | b"threadIdx"
                | b"blockIdx"
                | b"blockDim"
                | b"gridDim"
                | b"__syncthreads"
        )
}

/// Directives whose identifiers are not code (messages, pragmas, file names).
const OPAQUE_DIRECTIVES: &[&str] = &[
    "include",
    "include_next",
    "import",
    "pragma",
    "error",
    "warning",
    "line",
    "ident",
    "sccs",
];

/// Keywords and CUDA specifiers that may stand before a globally qualified
/// name (`typename ::cub::BlockReduce<…>`, `using ::cub::Sum;`,
/// `__shared__ ::cub::…`): the `::` after them opens the global scope, it does
/// not qualify by them.
const BEFORE_GLOBAL_SCOPE: &[&[u8]] = &[
    b"typename",
    b"typedef",
    b"using",
    b"namespace",
    b"const",
    b"constexpr",
    b"volatile",
    b"static",
    b"extern",
    b"inline",
    b"friend",
    b"struct",
    b"class",
    b"union",
    b"enum",
    b"public",
    b"protected",
    b"private",
    b"virtual",
    b"mutable",
    b"thread_local",
    b"register",
    b"__device__",
    b"__host__",
    b"__global__",
    b"__shared__",
    b"__constant__",
    b"__managed__",
    b"__forceinline__",
    b"__noinline__",
    b"__restrict__",
];

/// Words before an identifier that do not make it a declaration.
pub(crate) const NOT_A_TYPE: &[&[u8]] = &[
    b"return",
    b"case",
    b"else",
    b"throw",
    b"new",
    b"delete",
    b"sizeof",
    b"co_return",
    b"co_yield",
    b"co_await",
    b"and",
    b"or",
    b"not",
    b"defined",
    b"if",
    b"elif",
    b"ifdef",
    b"ifndef",
    b"undef",
    b"do",
    b"goto",
    b"decltype",
    b"typeid",
    b"alignof",
];

/// Plain types: a name declared with one (`const unsigned int umin = 0;`) is
/// a variable, never the API it is spelled like.
const PLAIN_TYPES: &[&[u8]] = &[
    b"int",
    b"unsigned",
    b"signed",
    b"short",
    b"long",
    b"char",
    b"float",
    b"double",
    b"bool",
    b"auto",
    b"size_t",
    b"int32_t",
    b"uint32_t",
    b"int64_t",
    b"uint64_t",
];

/// Qualifiers of namespace mappings like `thrust::cuda` (the `thrust`).
static NAMESPACE_QUALIFIERS: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    mappings::all()
        .iter()
        .filter(|m| m.kind == Kind::Namespace)
        .filter_map(|m| m.cuda.rsplit_once("::").map(|(q, _)| q))
        .collect()
});

/// Whether token `i` is the name a `#define` defines as a HIP name
/// (`#define cudaMalloc hipMalloc`, `#define cudaFree myHipFree`).
fn defines_hip_layer(cx: &Cx<'_>, i: usize) -> bool {
    let tok = cx.tok(i);
    if !tok.in_directive() {
        return false;
    }
    let d = &cx.lx.directives[tok.directive as usize];
    d.name == "define"
        && i == d.first_token as usize + 1
        && (i + 1..d.end_token as usize).any(|k| {
            let t = cx.text(k);
            cx.tok(k).kind == TokenKind::Ident
                && (t.starts_with(b"hip")
                    || t.starts_with(b"HIP")
                    || t.windows(4).any(|w| w == b"_hip" || w == b"_HIP")
                    || t.windows(3).any(|w| w == b"Hip"))
        })
}

pub(super) fn rewrite(cx: &mut Cx<'_>, legacy_cublas: bool) {
    let mut skip_until = 0usize;
    // Dropped arguments: their identifiers are deleted with them.
    let mut skip: Vec<std::ops::Range<usize>> = Vec::new();
    let mut unknown: Vec<usize> = Vec::new();
    let mut declared: foldhash::HashSet<&[u8]> = Default::default();
    // Names the file declares as variables (`const unsigned umin = …`): a
    // variable is never the API it is spelled like, so its uses get no W005.
    let mut variables: foldhash::HashSet<&[u8]> = Default::default();
    let mut unsupported_at: Vec<(usize, Diagnostic)> = Vec::new();
    // APIs HIP lacks that the file defines itself (for its includers too).
    let mut defined: Vec<&[u8]> = Vec::new();
    let conditionals = includes::project_conditionals(cx);
    for i in 0..cx.lx.tokens.len() {
        let tok = *cx.tok(i);
        match tok.kind {
            TokenKind::Ident => {}
            TokenKind::Str => {
                cx.facts.landmarks.strings.push(i as u32);
                continue;
            }
            _ => continue,
        }
        let raw = cx.text(i);
        cx.facts.landmarks.note_ident(i, raw);
        if (tok.start as usize) < skip_until {
            continue;
        }
        if !skip.is_empty() {
            skip.retain(|r| r.end > tok.start as usize);
            if skip.iter().any(|r| r.contains(&(tok.start as usize))) {
                continue;
            }
        }
        // The hot path: most identifiers are no CUDA name, and are skipped
        // here after a length test, a bit test and a Bloom filter.
        if !cx.facts.kernel_language_unguarded && is_kernel_word(raw) {
            cx.facts.uses_kernel_language = true;
            cx.facts.kernel_language_unguarded =
                !includes::within_any(&conditionals, tok.start as usize);
        }
        if !tok.spliced && !may_be_cuda_name(raw) && cx.opts.extra_mappings.is_empty() {
            continue;
        }
        if tok.in_directive()
            && OPAQUE_DIRECTIVES.contains(&cx.lx.directives[tok.directive as usize].name.as_str())
        {
            continue;
        }
        if defines_hip_layer(cx, i) {
            // A project's own HIP layer (`#define cudaStream_t hipStream_t`,
            // ggml's vendors/hip.h): its CUDA name is what the code uses,
            // and no finding (here or in the run's other files) calls it
            // unsupported.
            skip_until = cx.lx.directives[tok.directive as usize].end as usize;
            declared.insert(cx.text(i));
            continue;
        }
        let name = cx.ident_name(i);
        if tok.spliced && !cx.facts.kernel_language_unguarded && is_kernel_word(&name) {
            cx.facts.uses_kernel_language = true;
            cx.facts.kernel_language_unguarded =
                !includes::within_any(&conditionals, tok.start as usize);
        }
        let Ok(name) = std::str::from_utf8(&name) else {
            continue;
        };
        let prev = cx.prev(i);
        if prev.is_some_and(|p| cx.is_punct(p, b".") || cx.is_punct(p, b"->")) {
            continue;
        }
        if let Some(p) = prev.filter(|&p| cx.is_punct(p, b"::")) {
            match cx.prev(p) {
                // `return ::cudaFree(p)`, `typename ::cub::…`: a keyword is no qualifier.
                Some(q)
                    if cx.tok(q).kind == TokenKind::Ident
                        && !NOT_A_TYPE.contains(&cx.text(q))
                        && !BEFORE_GLOBAL_SCOPE.contains(&cx.text(q)) =>
                {
                    let qualifier = String::from_utf8_lossy(cx.text(q));
                    if NAMESPACE_QUALIFIERS.contains(qualifier.as_ref()) {
                        let full = format!("{qualifier}::{name}");
                        if let Some(m) = mappings::lookup(&full) {
                            rename(
                                cx,
                                i,
                                m,
                                name,
                                m.resolve(&cx.opts.target).name.map(last_segment),
                            );
                            continue;
                        }
                    }
                    // Owned by a namespace or class that is not CUDA's.
                    if mappings::lookup(&qualifier).is_none() {
                        continue;
                    }
                }
                Some(q) if cx.is_punct(q, b">") => continue,
                _ => {} // `::cudaMalloc`: the global one.
            }
        }
        if let Some(user) = cx.opts.extra_mappings.get(name) {
            // The team's own mapping (hipify.toml) wins over the tables.
            if user != name {
                cx.edits.push(Edit::replace(tok.range(), user.clone()));
                cx.stats.user_rewrites += 1;
            }
            continue;
        }
        let Some(m) = mapping_for(name, &cx.opts.target).map(|m| in_sparse_call(cx, i, name, m))
        else {
            let cuda_shaped = looks_like_cuda(name) || is_declared_cuda_macro(name);
            if cuda_shaped {
                unknown.push(i);
            }
            if let Some(p) = prev.filter(|_| cuda_shaped) {
                if (cx.tok(p).kind == TokenKind::Ident && !NOT_A_TYPE.contains(&cx.text(p)))
                    || cx
                        .lx
                        .directives
                        .get(tok.directive as usize)
                        .is_some_and(|d| d.name == "define" && i == d.first_token as usize + 1)
                {
                    declared.insert(cx.text(i));
                }
            }
            continue;
        };
        if is_inert(m, name, &cx.opts.target) {
            continue;
        }
        if m.kind == Kind::Namespace && !names_namespace(cx, i, prev) {
            continue;
        }
        if prev.is_some_and(|p| PLAIN_TYPES.contains(&cx.text(p)))
            && cx
                .next(i)
                .is_some_and(|n| matches!(cx.text(n), b"=" | b";" | b"," | b"["))
        {
            // `unsigned umin = …`: a variable of a plain type, in any scope.
            // (A shim's `PFN_cuFoo cuFoo = dlsym(…)` keeps its findings.)
            variables.insert(cx.text(i));
        }
        if cx.facts.own_api_names.iter().any(|n| n.as_slice() == raw) {
            continue;
        }
        if looks_declared(cx, i, prev) && cx.is_user_declaration(i) {
            // At file scope, a pointer of the project's own (a loader's
            // `tcuInit *cuInit;`): the name is the project's in the rest of
            // the file too. (A namespace's or class's own `cudaFree` leaves
            // `::cudaFree` CUDA's.)
            if cx.scope(i) == crate::tokens::Scope::Global {
                cx.facts.own_api_names.push(raw.to_vec());
            }
            continue;
        }
        if matches!(m.family, Family::Runtime | Family::Driver) {
            cx.facts.uses_runtime_api = true;
            cx.facts.runtime_api_unguarded |=
                !includes::within_any(&conditionals, tok.start as usize);
        }
        // `max`, `sqrt`, `printf` are in the device table under their own
        // names: only a name that changes (or a non-device API) says "CUDA".
        if m.family != Family::Device || m.hip.name != Some(m.cuda) {
            cx.facts.uses_cuda_names = true;
        }
        if m.family == Family::Blas
            && m.kind == Kind::Function
            && (legacy_cublas || is_legacy_cublas_call(cx, i, name))
        {
            cx.diagnostics.push(
                Diagnostic::new(
                    Code::LegacyCublas,
                    tok.range(),
                    format!(
                        "`{name}` is legacy cuBLAS API (cublas.h); hipBLAS has no such function"
                    ),
                )
                .with_help("port the call to the cublas_v2.h API (with a handle), then translate"),
            );
            continue;
        }
        let resolved = m.resolve(&cx.opts.target);
        // A legacy form that is an expression (`[](…) { … }`) stands only
        // where the name is called.
        let resolved = match resolved.name {
            Some(expr)
                if resolved.legacy.is_some()
                    && !is_identifier(expr)
                    && !cx.next(i).is_some_and(|n| cx.is_punct(n, b"(")) =>
            {
                mappings::Resolved {
                    name: None,
                    status: Status::Unsupported,
                    legacy: None,
                }
            }
            _ => resolved,
        };
        let Some(mut hip) = resolved.name else {
            if defines_here(cx, i, prev) {
                // The project's own implementation of what HIP lacks (a
                // system-scope `atomicInc_system` shim, `#define
                // atomicInc_system …`): its uses are the project's, here and
                // in the files that include this one.
                if !defined.iter().any(|d| *d == cx.text(i)) {
                    defined.push(cx.text(i));
                }
                continue;
            }
            if !crate::mappings::REPORTED_BY_RULES.contains(&name) {
                unsupported_at.push((i, unsupported(cx, tok.range(), m, name, resolved.status)));
            }
            continue;
        };
        // Said once the call is known to become `hip` (not left as it is).
        let deprecated = (resolved.status == Status::Deprecated).then(|| {
            Diagnostic::new(
                Code::DeprecatedApi,
                tok.range(),
                format!(
                    "`{name}` becomes `{hip}`, which HIP deprecated in {}",
                    side(cx, m).deprecated
                ),
            )
        });
        if m.call.is_some() || resolved.legacy.is_some() {
            let roc = m.uses_roc(&cx.opts.target);
            let call = calls::rewrite_call(cx, i, hip, m.call, resolved.legacy, roc);
            if call.unread {
                continue;
            }
            if call.left {
                cx.diagnostics.push(
                    Diagnostic::new(
                        Code::ParseError,
                        tok.range(),
                        format!(
                            "`{name}` becomes `{hip}` without {}, but its arguments hold braces, a `;` or a declaration keyword, so the call was left as it is",
                            if resolved.legacy.is_some_and(|l| l.drop_first_arg) {
                                "its first argument"
                            } else {
                                "one of its arguments"
                            }
                        ),
                    )
                    .with_help("check the call's parentheses (a macro may hide them), then translate again"),
                );
                continue;
            }
            if call.kept {
                continue;
            }
            hip = call.name;
            skip.extend(call.skip);
        }
        cx.diagnostics.extend(deprecated);
        rename(cx, i, m, name, Some(hip));
    }
    let mut syncwarp = None;
    for (i, mut d) in unsupported_at {
        if variables.contains(cx.text(i))
            || declared.contains(cx.text(i))
            || defined.contains(&cx.text(i))
        {
            continue;
        }
        if cx.text(i) == b"__syncwarp" {
            // The first use decides where the macro goes; every use's
            // finding carries the same insertion, made once.
            match syncwarp.get_or_insert_with(|| shims::syncwarp(cx, i)) {
                shims::Syncwarp::Defined => continue,
                shims::Syncwarp::Insert(edit) => {
                    d = d.with_fix(
                        "define __syncwarp for AMD GPUs (a wavefront runs in lockstep: its memory ordering)",
                        vec![edit.clone()],
                        Applicability::Required,
                    );
                }
                shims::Syncwarp::Nowhere => {}
            }
        }
        cx.diagnostics.push(d);
    }
    // What the file declares, for the run's other files (project names).
    let mut own: Vec<String> = declared
        .iter()
        .filter_map(|d| std::str::from_utf8(d).ok())
        .filter(|d| mappings::cuda_header(d).is_some())
        .map(str::to_owned)
        .collect();
    own.sort_unstable();
    own.extend(defined.iter().map(|d| crate::project::defines(d)));
    cx.stats.declared = own;
    for i in unknown {
        if declared.contains(cx.text(i)) {
            continue;
        }
        let name = String::from_utf8_lossy(cx.text(i)).into_owned();
        // Only what CUDA declares: a CUDA-shaped name of the project's own
        // (`cudaCheck`) is none of the tool's business. (Names another file
        // of the run declares are dropped after the run: see `project`.)
        let Some(header) = mappings::cuda_header(&name) else {
            continue;
        };
        let near = closest_known(&name);
        let message = match near {
            Some(near) => format!(
                "`{name}` (CUDA, `{header}`) is in no mapping table; the nearest mapped name is `{near}`"
            ),
            None => format!("`{name}` (CUDA, `{header}`) is in no mapping table"),
        };
        cx.diagnostics.push(
            Diagnostic::new(Code::UnmappedApi, cx.tok(i).range(), message).with_help(
                "port the call by hand (HIP may name it differently), or map it in hipify.toml's [mappings]",
            ),
        );
    }
}

/// Whether `name` is one C++ identifier (not an expression standing for a
/// call: a legacy form may be one).
fn is_identifier(name: &str) -> bool {
    name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Whether the namespace name at `i` is used as one: before `::`
/// (`cub::Sum`, `::cub::Sum`), after `namespace` (`using namespace cub;`,
/// `using namespace ::cub;`), or as a namespace alias's target
/// (`namespace c = cub;`, `namespace c = ::cub;`). Elsewhere `cub` may be
/// anything of the user's.
fn names_namespace(cx: &Cx<'_>, i: usize, prev: Option<usize>) -> bool {
    if cx.next(i).is_some_and(|n| cx.is_punct(n, b"::")) {
        return true;
    }
    // Skip a global `::` before the name.
    let before = match prev {
        Some(p) if cx.is_punct(p, b"::") => cx.prev(p),
        other => other,
    };
    let Some(b) = before else { return false };
    if cx.is_ident(b, b"namespace") {
        // `namespace cub { … }` extends CUB at file scope; inside a user's
        // namespace (`namespace mylib { namespace cub {`) it is the user's own.
        let definition = cx.next(i).is_some_and(|n| cx.is_punct(n, b"{"));
        return !definition || cx.scope(i) == crate::tokens::Scope::Global;
    }
    cx.is_punct(b, b"=")
        && cx
            .prev(b)
            .filter(|&alias| cx.tok(alias).kind == TokenKind::Ident)
            .and_then(|alias| cx.prev(alias))
            .is_some_and(|n| cx.is_ident(n, b"namespace"))
}

/// Whether the cuBLAS call at token `i` is of the legacy API whatever the
/// file includes: the handle-less helpers, or a BLAS routine whose first
/// argument is a character (`cublasSgemm('N', …)`) rather than a handle.
/// (A file that includes `cublas.h` and names no handle type is legacy
/// throughout: the include scan keeps it so.)
fn is_legacy_cublas_call(cx: &Cx<'_>, i: usize, name: &str) -> bool {
    if matches!(
        name,
        "cublasInit" | "cublasShutdown" | "cublasAlloc" | "cublasFree" | "cublasGetError"
    ) {
        return true;
    }
    cx.next(i)
        .filter(|&o| cx.is_punct(o, b"("))
        .and_then(|o| cx.next(o))
        .is_some_and(|a| cx.tok(a).kind == TokenKind::Char)
}

/// Whether token `i` is what the file defines under that name: the name a
/// `#define` defines, or a function defined here (`T name(…) {`, a body
/// after the parameters), not a declaration copied from CUDA's headers.
fn defines_here(cx: &Cx<'_>, i: usize, prev: Option<usize>) -> bool {
    let tok = cx.tok(i);
    if tok.in_directive() {
        let d = &cx.lx.directives[tok.directive as usize];
        return d.name == "define" && i == d.first_token as usize + 1;
    }
    let Some(p) = prev else { return false };
    let typeish = match cx.tok(p).kind {
        TokenKind::Ident => !NOT_A_TYPE.contains(&cx.text(p)),
        TokenKind::Punct => matches!(cx.text(p), b"*" | b"&"),
        _ => false,
    };
    typeish
        && cx.scope(i) == crate::tokens::Scope::Global
        && cx
            .next(i)
            .filter(|&o| cx.is_punct(o, b"("))
            .and_then(|o| cx.matching_close(o))
            .and_then(|c| cx.next(c))
            .is_some_and(|b| cx.is_punct(b, b"{"))
}

/// Cheap lexical test before asking the parser: a type-like token before
/// (`void cudaFree(`, `T* cudaMalloc(`, `struct cudaX`, `using cudaX =`) and a
/// declarator-like token after. Macro bodies are not parsed, so never there.
fn looks_declared(cx: &Cx<'_>, i: usize, prev: Option<usize>) -> bool {
    if cx.tok(i).in_directive() {
        return false;
    }
    let Some(p) = prev else { return false };
    let typeish = match cx.tok(p).kind {
        TokenKind::Ident => !NOT_A_TYPE.contains(&cx.text(p)),
        TokenKind::Punct => matches!(cx.text(p), b"*" | b"&" | b">"),
        _ => false,
    };
    // `(*name)(…)`: a function pointer's declarator.
    let function_pointer = cx.is_punct(p, b"*")
        && cx.prev(p).is_some_and(|o| cx.is_punct(o, b"("))
        && cx.next(i).is_some_and(|n| cx.is_punct(n, b")"));
    typeish
        && (function_pointer
            || cx.next(i).is_some_and(|n| {
                matches!(cx.text(n), b"(" | b";" | b"=" | b"{" | b"[" | b"," | b":")
            }))
}

fn side<'m>(cx: &Cx<'_>, m: &'m Mapping) -> &'m mappings::Side {
    if cx.opts.target.roc && m.roc.name.is_some() {
        &m.roc
    } else {
        &m.hip
    }
}

fn last_segment(name: &str) -> &str {
    name.rsplit("::").next().unwrap_or(name)
}

fn rename(cx: &mut Cx<'_>, i: usize, m: &Mapping, name: &str, hip: Option<&'static str>) {
    let Some(hip) = hip else { return };
    if hip == "__HIPCC__" && tested_by_value(cx, i) {
        // `#if __CUDACC__`: HIP's NVIDIA headers define `__HIPCC__` empty,
        // and `#if` of nothing is an error there; whether it is defined
        // means the same on both platforms.
        cx.edits
            .push(Edit::replace(cx.tok(i).range(), "defined(__HIPCC__)"));
        *cx.stats.rewrites.entry(m.family).or_default() += 1;
        return;
    }
    if let Some(tag) = cx
        .prev(i)
        .filter(|&p| cx.is_ident(p, b"struct") && mappings::hip_is_typedef_only(m.cuda))
    {
        // `struct cudaGraphicsResource *r`: HIP's name is a typedef, which
        // `struct` cannot name.
        cx.edits.push(Edit::delete(
            cx.tok(tag).start as usize..cx.tok(i).start as usize,
        ));
    }
    if hip != name || cx.tok(i).spliced {
        cx.edits.push(Edit::replace(cx.tok(i).range(), hip));
        *cx.stats.rewrites.entry(m.family).or_default() += 1;
    }
}

/// Whether token `i` is read for its value in an `#if`/`#elif` condition
/// (not the operand of `defined`).
fn tested_by_value(cx: &Cx<'_>, i: usize) -> bool {
    let tok = cx.tok(i);
    if !tok.in_directive() {
        return false;
    }
    let d = &cx.lx.directives[tok.directive as usize];
    if !matches!(d.name.as_str(), "if" | "elif") {
        return false;
    }
    let prev = cx.prev(i).filter(|&p| p >= d.first_token as usize);
    let before = prev
        .and_then(|p| cx.prev(p))
        .filter(|&p| p >= d.first_token as usize);
    let is = |t: Option<usize>, text: &[u8]| t.is_some_and(|t| cx.text(t) == text);
    !(is(prev, b"defined") || (is(prev, b"(") && is(before, b"defined")))
}

fn unsupported(
    cx: &Cx<'_>,
    range: std::ops::Range<usize>,
    m: &Mapping,
    name: &str,
    status: Status,
) -> Diagnostic {
    let s = side(cx, m);
    let target = cx.opts.target.hip_version;
    let message = match status {
        Status::Removed => format!("`{name}` was removed from HIP in {}", s.removed),
        Status::Experimental => {
            format!("`{name}` is experimental in HIP; pass --experimental to translate it")
        }
        _ if s.name.is_some() && s.added > target => format!(
            "`{name}` needs HIP {} (`{}`); the target is HIP {target}",
            s.added,
            s.name.unwrap_or_default()
        ),
        _ => format!("`{name}` ({} API) has no HIP counterpart", m.family),
    };
    let d = Diagnostic::new(Code::UnsupportedApi, range, message);
    if m.note.is_empty() {
        d
    } else {
        d.with_help(m.note)
    }
}

/// The known CUDA name most like `name` (a typo, or a newer API's sibling),
/// if one is close enough to be worth saying. Only unknown names get here;
/// a codebase repeats its few unknown names (its own `cudaCheck` helper) many
/// times, so each name is scored against the tables once per process.
fn closest_known(name: &str) -> Option<&'static str> {
    static SEEN: LazyLock<Mutex<HashMap<String, Option<&'static str>>>> =
        LazyLock::new(Default::default);
    if let Some(near) = SEEN.lock().ok().and_then(|s| s.get(name).copied()) {
        return near;
    }
    // Typos and siblings share the family prefix and nearly the length;
    // scoring only those keeps an unknown name cheap (the tables hold 9,000).
    static BY_PREFIX: LazyLock<HashMap<&'static [u8], Vec<&'static str>>> = LazyLock::new(|| {
        let mut by = HashMap::<&[u8], Vec<&str>>::new();
        for m in mappings::all() {
            by.entry(prefix(m.cuda)).or_default().push(m.cuda);
        }
        by
    });
    fn prefix(name: &str) -> &[u8] {
        &name.as_bytes()[..name.len().min(4)]
    }
    let near = BY_PREFIX
        .get(prefix(name))
        .into_iter()
        .flatten()
        .filter(|known| known.len().abs_diff(name.len()) <= 3)
        // The same library: `cusolverDnX` is no near miss for `cusparseDnX`.
        .filter(|known| library_word(known) == library_word(name))
        .map(|known| (strsim::jaro_winkler(name, known), *known))
        .filter(|(score, _)| *score >= 0.88)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n);
    if let Ok(mut seen) = SEEN.lock() {
        seen.insert(name.to_owned(), near);
    }
    near
}

/// The library a CUDA name's spelling names: the leading lower-case word
/// (`cusparse` of `cusparseSpMV`, `cuda` of `cudaMalloc`), or what comes
/// before the first `_` (`CUSPARSE` of `CUSPARSE_ORDER_COL`).
fn library_word(name: &str) -> &str {
    let end = if name.starts_with(|c: char| c.is_ascii_lowercase()) {
        name.find(|c: char| !c.is_ascii_lowercase())
    } else {
        name.find('_')
    };
    &name[..end.unwrap_or(name.len())]
}

/// Whether an identifier may be a CUDA name of the tables or have the shape
/// of one: the pass's cheap first test, which most identifiers fail.
fn may_be_cuda_name(word: &[u8]) -> bool {
    mappings::may_be_key(word) || looks_like_cuda_bytes(word)
}

/// Whether this pass may act on an identifier `word` (with no splice and no
/// user mappings): it has the shape of a CUDA name, or the tables map it
/// and it is not inert. The prefilter skips a file none of whose words
/// passes this.
pub(crate) fn may_act_on(word: &[u8], target: &Target) -> bool {
    looks_like_cuda_bytes(word)
        || (mappings::may_be_key(word)
            && std::str::from_utf8(word).is_ok_and(|name| {
                mapping_for(name, target).is_some_and(|m| !is_inert(m, name, target))
            }))
}

/// The mapping of `name` for the target: the primary one, or with `--roc`
/// one that gives a ROC name.
/// Whether `#name` is a directive whose text is not code.
pub(super) fn is_opaque_directive(name: &str) -> bool {
    OPAQUE_DIRECTIVES.contains(&name)
}

/// The HIP name of `word` where it is a plain rename at `target`: mapped,
/// supported, a different name, and no call or namespace rewrite with it.
/// (What a string literal may carry: it has no call around it to adjust.)
pub(super) fn plain_rename(word: &str, target: &Target) -> Option<(&'static str, Family)> {
    if !mappings::may_be_key(word.as_bytes()) {
        return None;
    }
    let m = mapping_for(word, target)?;
    // A name that depends on the call's arguments (`cudaEventCreate` with
    // flags is `hipEventCreateWithFlags`) has no one spelling in a string;
    // one whose arguments alone change (a cast, a default) has.
    if m.kind == Kind::Namespace || m.call.is_some_and(|c| !c.by_arity.is_empty()) {
        return None;
    }
    let r = m.resolve(target);
    if r.legacy.is_some() || !matches!(r.status, Status::Supported | Status::Deprecated) {
        return None;
    }
    r.name.filter(|&hip| hip != word).map(|hip| (hip, m.family))
}

/// With `--roc`, the cuSPARSE table's mapping of a name other tables map
/// too (`CUDA_R_32F`: `rocblas_datatype_f32_r` for rocBLAS,
/// `rocsparse_datatype_f32_r` for rocSPARSE) where token `i` is within the
/// arguments of a cuSPARSE (or, in a later round, rocSPARSE) call; else `m`.
fn in_sparse_call(cx: &Cx<'_>, i: usize, name: &str, m: &'static Mapping) -> &'static Mapping {
    if !cx.opts.target.roc || m.family == Family::Sparse {
        return m;
    }
    let Some(s) = mappings::lookup_in(Family::Sparse, name).filter(|s| s.roc.name.is_some()) else {
        return m;
    };
    let (mut k, mut depth) = (i, 0u32);
    while let Some(p) = cx.prev(k) {
        k = p;
        match cx.text(k) {
            b")" => depth += 1,
            b"(" if depth > 0 => depth -= 1,
            b"(" => {
                let sparse_call = cx.prev(k).is_some_and(|f| {
                    let f = cx.text(f);
                    f.starts_with(b"rocsparse_")
                        || std::str::from_utf8(f).is_ok_and(|f| {
                            mappings::lookup_in(Family::Sparse, f)
                                .is_some_and(|c| c.kind == Kind::Function)
                        })
                });
                if sparse_call {
                    return s;
                }
            }
            b";" | b"{" | b"}" => break,
            _ => {}
        }
    }
    m
}

fn mapping_for(name: &str, target: &Target) -> Option<&'static Mapping> {
    let m = mappings::lookup(name)?;
    if target.roc && m.roc.name.is_none() {
        // Another table (cuBLAS for CUDA_R_32F, say) may give a ROC name.
        return Some(
            mappings::lookup_all(name)
                .find(|e| e.roc.name.is_some())
                .unwrap_or(m),
        );
    }
    Some(m)
}

/// A mapping that leaves `name` as it is and says nothing: a device function
/// HIP has under the same name (`max`, `sqrt`, `printf`), supported and not
/// deprecated at the target, with no argument rewrite. The pass skips it at
/// once (whether the name is the user's own does not matter then), and the
/// prefilter need not stop for it: plain C++ is full of `max` and `abs`.
fn is_inert(m: &Mapping, name: &str, target: &Target) -> bool {
    m.family == Family::Device && m.hip.name == Some(m.cuda) && m.call.is_none() && {
        let r = m.resolve(target);
        r.name == Some(name) && r.legacy.is_none() && r.status == Status::Supported
    }
}

/// The qualifiers (`thrust`) of namespace mappings (`thrust::cuda`): the pass
/// looks `thrust::name` up, so the prefilter stops at them.
pub(crate) fn namespace_qualifiers() -> impl Iterator<Item = &'static str> {
    NAMESPACE_QUALIFIERS.iter().copied()
}

/// The first two bytes of every name [`looks_like_cuda_bytes`] passes.
pub(crate) const CUDA_SHAPED_PAIRS: &[&[u8; 2]] = &[b"cu", b"CU", b"nv"];

/// [`looks_like_cuda`] on bytes, loosely: a cheap superset for skipping.
fn looks_like_cuda_bytes(name: &[u8]) -> bool {
    match name {
        [b'c', b'u', ..] | [b'C', b'U', b'_', ..] | [b'n', b'v', ..] => true,
        [b'C', b'U', ..] => std::str::from_utf8(name).is_ok_and(is_declared_cuda_macro),
        _ => false,
    }
}

/// Whether `name` is an upper-case macro or enumerator of CUDA's libraries
/// that CUDA 13's headers declare (`CUSPARSEAPI`, `CUFFT_VERSION`): the
/// shape [`looks_like_cuda`] misses (no `CU_`), which a helper header tests
/// in `#ifdef` to learn that a library's header was included.
fn is_declared_cuda_macro(name: &str) -> bool {
    name.starts_with("CU")
        && name
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        && mappings::cuda_header(name).is_some()
}

/// Whether `name` has the shape of a CUDA API name (`cudaX`, `cuX`, `CU_X`,
/// `cublasX` …), so that one missing from the tables deserves a mention.
pub(crate) fn looks_like_cuda(name: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "cuda", "cublas", "cusparse", "curand", "cufft", "cusolver", "cudnn", "nvrtc", "cu", "CU_",
    ];
    PREFIXES.iter().any(|p| {
        name.strip_prefix(p).is_some_and(|rest| {
            let next = rest.bytes().next();
            if p.ends_with('_') {
                next.is_some_and(|b| b.is_ascii_uppercase())
            } else {
                next.is_some_and(|b| b.is_ascii_uppercase())
                    && rest.bytes().any(|b| b.is_ascii_lowercase())
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::looks_like_cuda;

    #[test]
    fn cuda_shaped_names() {
        for n in ["cudaFooBar", "cuFooBar", "CU_FOO", "cublasFoo"] {
            assert!(looks_like_cuda(n), "{n}");
        }
        // User helpers and plain words are not flagged.
        for n in [
            "cuda_stream",
            "cudaX",
            "CUDA",
            "CUDA_CHECK",
            "custom",
            "cutlass",
            "cursor",
        ] {
            assert!(!looks_like_cuda(n), "{n}");
        }
    }
}
