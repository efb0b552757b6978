//! Identifier rewriting: every identifier that names a CUDA API becomes its HIP
//! name, in code, macro bodies and `#if` conditions alike; never a member
//! (`x.cudaMalloc`), never a name qualified by a namespace or class that is
//! not CUDA's (`std::`, `mylib::cudaFree`), never inside comments or literals
//! (the lexer gives those no identifier tokens).
//!
//! Two steps. [`resolve`] decides what each identifier is ([`Verdict`]: a
//! rename with its call's argument edits planned, the team's own mapping,
//! or why it is left: unsupported at the target, unknown to the tables,
//! legacy cuBLAS, a call whose arguments cannot be rewritten) and what the
//! file declares itself; [`rewrite`] makes the edits. The pass reports
//! nothing: the names rule (`rules/names.rs`) reads the same [`Name`]s.

use std::collections::HashSet;
use std::sync::LazyLock;

use super::Cx;
use super::calls;
use super::includes;
use super::shims;
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::mappings::{self, Family, Kind, Mapping, Status, Target};
use crate::tokens::{BracketSet, Scope, Way};

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
pub(crate) const PLAIN_TYPES: &[&[u8]] = &[
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
/// (`#define cudaMalloc hipMalloc`, `#define cudaFree myHipFree`), or as
/// the name it becomes at the target (ggml's `#define __shfl_xor_sync(mask,
/// var, laneMask, width) __shfl_xor(var, laneMask, width)` below HIP 6.2:
/// renamed, it defined a three-parameter `__shfl_xor` macro that every
/// two-argument `__shfl_xor` call after it fails to expand).
fn defines_hip_layer(cx: &Cx<'_>, i: usize) -> bool {
    let tok = cx.tok(i);
    if !tok.in_directive() {
        return false;
    }
    let d = &cx.lx.directives[tok.directive as usize];
    if d.name != "define" || i != d.first_token as usize + 1 {
        return false;
    }
    let becomes = std::str::from_utf8(cx.text(i))
        .ok()
        .and_then(|name| {
            let hip = mapping_for(name, &cx.opts.target)?
                .resolve(&cx.opts.target)
                .name?;
            (hip != name).then_some(hip)
        })
        .map(str::as_bytes);
    (i + 1..d.end_token as usize).any(|k| {
        let t = cx.text(k);
        cx.tok(k).kind == TokenKind::Ident
            && (t.starts_with(b"hip")
                || t.starts_with(b"HIP")
                || t.windows(4).any(|w| w == b"_hip" || w == b"_HIP")
                || t.windows(3).any(|w| w == b"Hip")
                || becomes == Some(t))
    })
}

/// What the resolve step made of one identifier: the rewrite step edits
/// from it, and the names rule (`rules/names.rs`) reports from it.
pub(crate) struct Name {
    /// The identifier's token.
    pub(crate) tok: usize,
    /// What it is.
    pub(crate) verdict: Verdict,
}

/// What an identifier maps to, and why it is left where it is.
pub(crate) enum Verdict {
    /// The team's own mapping (hipify.toml) renames it to this.
    User(String),
    /// It becomes `hip` (a namespace mapping's last segment; `None`: the
    /// target has no name, and it is left without a word), with the call's
    /// argument edits.
    Renamed {
        mapping: &'static Mapping,
        hip: Option<&'static str>,
        call: Option<Box<calls::CallEdit>>,
        /// HIP deprecated the replacement.
        deprecated: bool,
    },
    /// Legacy cuBLAS (cublas.h), which hipBLAS lacks: left as it is.
    LegacyCublas,
    /// It would become `hip` without an argument (`first`: the first), but
    /// the arguments hold braces, a `;` or a declaration keyword: the call
    /// is left as it is.
    CallLeft { hip: &'static str, first: bool },
    /// Left as it is: `hip` has no parameter for an argument that is not
    /// null ([`calls::CallEdit::not_null`]).
    CallKept {
        hip: &'static str,
        call: Box<calls::CallEdit>,
    },
    /// HIP has no counterpart at the target (`status`), and the file does
    /// not declare or define the name itself; `fix`: the edit that supplies
    /// it (`__syncwarp`'s definition).
    Unsupported {
        mapping: &'static Mapping,
        status: Status,
        fix: Option<Edit>,
    },
    /// CUDA-shaped, in no table, and not declared by the file.
    Unmapped,
}

/// Resolves every identifier of the file: what it maps to, or why it is
/// left. Notes what the later passes need in `cx.facts` and the names the
/// file declares in `cx.stats.declared`; makes no edit.
pub(super) fn resolve(cx: &mut Cx<'_>, legacy_cublas: bool) -> Vec<Name> {
    let mut names: Vec<Name> = Vec::new();
    let mut skip_until = 0usize;
    // Dropped arguments: their identifiers are deleted with them.
    let mut skip: Vec<std::ops::Range<usize>> = Vec::new();
    let mut unknown: Vec<usize> = Vec::new();
    let mut declared: foldhash::HashSet<&[u8]> = Default::default();
    // Names the file declares as variables (`const unsigned umin = …`): a
    // variable is never the API it is spelled like, so its uses get no W005.
    let mut variables: foldhash::HashSet<&[u8]> = Default::default();
    let mut unsupported_at: Vec<(usize, &'static Mapping, Status)> = Vec::new();
    // APIs HIP lacks that the file defines itself (for its includers too).
    let mut defined: Vec<&[u8]> = Vec::new();
    // What this file's classes and namespaces declare through a macro (read
    // at the first name qualified by one of the project's).
    let mut own_macro_declared: Option<Vec<(String, String)>> = None;
    let conditionals = includes::project_conditionals(cx);
    // The definitions an earlier round inserted are HIP code, and what they
    // define under CUDA's names (the bf16 pair's `__hmax2` below HIP 5.7)
    // is no use of those names: a use would bring in another definition.
    let inserted = cx.tokens.inserted_definitions().to_vec();
    let mut inserted = inserted.iter().peekable();
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
        while inserted.next_if(|r| r.end as usize <= i).is_some() {}
        if inserted.peek().is_some_and(|r| r.start as usize <= i) {
            continue;
        }
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
                            let hip = m.resolve(&cx.opts.target).name.map(last_segment);
                            names.push(Name {
                                tok: i,
                                verdict: Verdict::Renamed {
                                    mapping: m,
                                    hip,
                                    call: None,
                                    deprecated: false,
                                },
                            });
                            continue;
                        }
                    }
                    // CUDA's cooperative groups (`cg::` as every sample aliases
                    // them): a device function or type of the tables is
                    // CUDA's (`cg::cluster_group`, as vLLM writes it).
                    let cooperative = matches!(qualifier.as_ref(), "cooperative_groups" | "cg")
                        && mapping_for(name, &cx.opts.target).is_some_and(|m| {
                            m.family == Family::Device
                                && matches!(m.kind, Kind::Function | Kind::Type)
                        });
                    // Owned by a namespace or class that is not CUDA's.
                    if mappings::lookup(&qualifier).is_none() && !cooperative {
                        // Unless the class or namespace declares it through a
                        // macro whose argument is renamed (RMM's
                        // `RMM_CUDART_API_WRAPPER(cudaMemPoolCreate, …)` in
                        // `struct async_alloc`): whatever the definition
                        // became, `async_alloc::cudaMemPoolCreate` becomes too.
                        let pair = |(scope, n): &(String, String)| {
                            scope.as_str() == qualifier.as_ref() && n == name
                        };
                        let r = mapping_for(name, &cx.opts.target)
                            .map(|m| (m, m.resolve(&cx.opts.target)));
                        // The file's own asked last: it costs a scan of the file.
                        if let Some((m, r)) = r.filter(|(_, r)| r.legacy.is_none())
                            && (cx.opts.macro_declared.iter().any(pair)
                                || (own_macro_declared.get_or_insert_with(|| {
                                    if super::may_declare_through_macro(cx.src) {
                                        macro_declared_in(&cx.tokens)
                                    } else {
                                        Vec::new()
                                    }
                                }))
                                .iter()
                                .any(pair))
                        {
                            names.push(Name {
                                tok: i,
                                verdict: Verdict::Renamed {
                                    mapping: m,
                                    hip: r.name,
                                    call: None,
                                    deprecated: false,
                                },
                            });
                        }
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
                names.push(Name {
                    tok: i,
                    verdict: Verdict::User(user.clone()),
                });
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
        if name == "texture" && !cx.next(i).is_some_and(|n| cx.is_punct(n, b"<")) {
            // A variable or parameter (`GLuint texture`): only the template
            // `texture<…>` is CUDA's.
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
        if defines_own_type(cx, i, prev) {
            // `struct cuComplex { … };` (CUDA by Example's own complex type):
            // the project's type, here and in the rest of the file.
            cx.facts.own_api_names.push(raw.to_vec());
            continue;
        }
        if aliases_in_hip_layer(cx, i, prev) {
            // vLLM's `#ifdef USE_ROCM` `typedef unsigned long long CUdevice;`:
            // renamed, it would redefine HIP's type. Its uses are renamed
            // as anywhere: they then build whether or not the HIP build
            // defines the project's switch.
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
        if (m.family != Family::Device || m.hip.name != Some(m.cuda))
            && !is_plain_word_device_function(m)
        {
            cx.facts.uses_cuda_names = true;
        }
        if m.family == Family::Blas
            && m.kind == Kind::Function
            && (legacy_cublas || is_legacy_cublas_call(cx, i, name))
        {
            names.push(Name {
                tok: i,
                verdict: Verdict::LegacyCublas,
            });
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
            if !crate::rules::reported_by_a_rule(name.as_bytes()) {
                unsupported_at.push((i, m, resolved.status));
            }
            continue;
        };
        // Said once the call is known to become `hip` (not left as it is).
        let deprecated = resolved.status == Status::Deprecated;
        let mut planned = None;
        if m.call.is_some() || resolved.legacy.is_some() {
            let roc = m.uses_roc(&cx.opts.target);
            let call = calls::plan_call(cx, i, hip, m.call, resolved.legacy, roc);
            if call.unread {
                continue;
            }
            if call.left {
                let first = resolved.legacy.is_some_and(|l| l.drop_first_arg);
                names.push(Name {
                    tok: i,
                    verdict: Verdict::CallLeft { hip, first },
                });
                continue;
            }
            if call.kept {
                names.push(Name {
                    tok: i,
                    verdict: Verdict::CallKept {
                        hip: call.name,
                        call: Box::new(call),
                    },
                });
                continue;
            }
            hip = call.name;
            skip.extend(call.skip.iter().cloned());
            planned = Some(Box::new(call));
        }
        names.push(Name {
            tok: i,
            verdict: Verdict::Renamed {
                mapping: m,
                hip: Some(hip),
                call: planned,
                deprecated,
            },
        });
    }
    // What the file's shimmed includes define is the file's own.
    let shimmed = includes::shim_defines(cx);
    for &n in &shimmed {
        if !defined.contains(&n) {
            defined.push(n);
        }
    }
    // A function the translation defines: the first use decides where the
    // definition goes; every use's finding carries the same insertion, made once.
    let mut definitions: Vec<(&[u8], shims::Definition)> = Vec::new();
    let mut helpers: Vec<(&'static str, usize, &'static str)> = Vec::new();
    // The location arguments this round's call plans wrap (for a host location).
    let mut located: Option<Vec<std::ops::Range<usize>>> = None;
    for (i, mapping, status) in unsupported_at {
        if variables.contains(cx.text(i))
            || declared.contains(cx.text(i))
            || defined.contains(&cx.text(i))
        {
            continue;
        }
        let mut fix = None;
        let host = cx.text(i) == b"cudaMemLocationTypeHost";
        let planned = || {
            (names.iter())
                .filter_map(|n| match &n.verdict {
                    Verdict::Renamed { call: Some(c), .. } => Some(c),
                    _ => None,
                })
                .flat_map(|c| calls::located_operands(c))
                .collect()
        };
        if host && calls::host_location_exact(cx, i, located.get_or_insert_with(planned)) {
            fix = Some(Edit::replace(
                cx.tok(i).range(),
                "hipMemLocationTypeInvalid",
            ));
        } else if shims::has_function(cx.text(i), &cx.opts.target)
            && !mapping.uses_roc(&cx.opts.target)
        {
            let k = match definitions.iter().position(|(n, _)| *n == cx.text(i)) {
                Some(k) => k,
                None => {
                    let definition = shims::function(cx, i, &mut helpers);
                    if !matches!(definition, shims::Definition::Defined) {
                        let name = String::from_utf8_lossy(cx.text(i)).into_owned();
                        cx.stats.shimmed.push(name);
                    }
                    definitions.push((cx.text(i), definition));
                    definitions.len() - 1
                }
            };
            match &definitions[k].1 {
                // Another name's use brings the same block in this round
                // (CUDA's launch config): this use's fix is that insertion.
                shims::Definition::Defined => {
                    match shims::inserted_with(&definitions, cx.text(i)) {
                        Some(edit) => fix = Some(edit),
                        None => continue,
                    }
                }
                shims::Definition::Insert(edit) => fix = Some(edit.clone()),
                shims::Definition::Nowhere => {}
            }
        }
        names.push(Name {
            tok: i,
            verdict: Verdict::Unsupported {
                mapping,
                status,
                fix,
            },
        });
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
    for i in unknown {
        // A name no table maps that a block the file gets defines too
        // (`cudaLaunchKernelEx`, with CUDA's launch config).
        let shimmed = || {
            (definitions.iter()).any(|(n, d)| {
                !matches!(d, shims::Definition::Nowhere) && shims::same_block(n, cx.text(i))
            })
        };
        if !declared.contains(cx.text(i)) && !shimmed() {
            names.push(Name {
                tok: i,
                verdict: Verdict::Unmapped,
            });
        }
    }
    cx.stats.declared = own;
    names
}

/// Makes the edits `names` call for: renames and call arguments (moved
/// out of the call plans, which keep what the names rule reads).
pub(super) fn rewrite(cx: &mut Cx<'_>, names: &mut [Name]) {
    for n in names {
        match &mut n.verdict {
            Verdict::User(to) => {
                cx.edits
                    .push(Edit::replace(cx.tok(n.tok).range(), to.clone()));
                cx.stats.user_rewrites += 1;
            }
            Verdict::Renamed {
                mapping, hip, call, ..
            } => {
                if let Some(call) = call {
                    let gaps = call.edits.iter().filter(|e| !e.range.is_empty());
                    (cx.facts.rewritten_arguments).extend(gaps.map(|e| e.range.clone()));
                    cx.edits.append(&mut call.edits);
                    cx.stats.arguments += call.arguments;
                    for f in &call.renamed {
                        *cx.stats.rewrites.entry(*f).or_default() += 1;
                    }
                }
                rename(cx, n.tok, mapping, *hip);
            }
            _ => {}
        }
    }
}

/// The names the classes and namespaces of a file declare through a macro,
/// as `(scope name, CUDA name)`: what [`defined_through_macro`] finds for
/// each name the tables rename (see `Options::macro_declared`).
pub(crate) fn macro_declared_in(cx: &crate::tokens::Tokens<'_>) -> Vec<(String, String)> {
    let mut found = Vec::new();
    // A macro's argument of its own: `(` or `,` before it, `)` or `,`
    // after (tested first: the cheapest, and rarest, of the tests).
    let argument = |k: Option<usize>, ends: &[&[u8]]| k.is_some_and(|k| ends.contains(&cx.text(k)));
    for i in 0..cx.lx.tokens.len() {
        if cx.tok(i).kind != TokenKind::Ident
            || !argument(cx.prev(i), &[b"(", b","])
            || !argument(cx.next(i), &[b")", b","])
            || !may_be_cuda_name(cx.text(i))
        {
            continue;
        }
        let Ok(name) = std::str::from_utf8(cx.text(i)) else {
            continue;
        };
        if mappings::lookup(name).is_none() {
            continue;
        }
        if let Some(owner) = defined_through_macro(cx, i) {
            found.push((String::from_utf8_lossy(owner).into_owned(), name.to_owned()));
        }
    }
    found
}

/// The class or namespace (its name) whose scope the identifier at `i`, a
/// macro's argument of its own, is declared in through that macro, invoked
/// as a declaration there (`struct async_alloc { WRAP(cudaMemPoolCreate, …); }`,
/// `namespace ns { WRAP(cudaFree) }`): a statement of its own, outside any
/// function, so the macro's expansion declares what it names.
fn defined_through_macro<'a>(cx: &crate::tokens::Tokens<'a>, i: usize) -> Option<&'a [u8]> {
    if cx.tok(i).in_directive() || !matches!(cx.scope(i), Scope::Namespace | Scope::Class) {
        return None;
    }
    let open = cx.enclosing_open(i).filter(|&o| cx.is_punct(o, b"("))?;
    let invoked = cx
        .prev(open)
        .filter(|&m| cx.tok(m).kind == TokenKind::Ident)?;
    if !cx
        .prev(invoked)
        .is_none_or(|b| matches!(cx.text(b), b";" | b"{" | b"}"))
    {
        return None;
    }
    let brace = cx
        .enclosing_open(invoked)
        .filter(|&o| cx.is_punct(o, b"{"))?;
    // The scope's name: the last identifier of its head after `namespace`,
    // `struct`, `class` or `union` (`namespace a::b {`, `struct S : Base {`).
    let mut k = brace;
    let mut name = None;
    while let Some(p) = cx
        .prev(k)
        .filter(|&p| !matches!(cx.text(p), b";" | b"{" | b"}"))
    {
        k = p;
        match cx.text(p) {
            b":" => name = None,
            b"namespace" | b"struct" | b"class" | b"union" => return name,
            w if cx.tok(p).kind == TokenKind::Ident && w != b"final" && name.is_none() => {
                name = Some(w)
            }
            _ => {}
        }
    }
    None
}

/// Whether `name` is one C++ identifier (not an expression standing for a
/// call: a legacy form may be one).
fn is_identifier(name: &str) -> bool {
    name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Whether the namespace name at `i` is used as one: before `::`
/// (`cub::Sum`, `::cub::Sum`), after `namespace` (`using namespace cub;`,
/// `using namespace ::cub;`), or as a namespace alias's target
/// (`namespace c = cub;`, `namespace c = ::cub;`), not as the alias
/// (`namespace cub = hipcub;`). Elsewhere `cub` may be
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
        // `namespace cub = hipcub;` (a project's ROCm branch, mamba-ssm's)
        // declares the name: renamed, it would alias hipcub to itself.
        if cx.next(i).is_some_and(|n| cx.is_punct(n, b"=")) {
            return false;
        }
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
/// `#define` defines, a function defined here (`T name(…) {`, a body
/// after the parameters), not a declaration copied from CUDA's headers, or
/// the name a `typedef` declares and the enumerators of its enum (CuPy's
/// stub headers: `typedef enum { CUTENSOR_STATUS_SUCCESS = 0 }
/// cutensorStatus_t;` for builds without the library).
fn defines_here(cx: &Cx<'_>, i: usize, prev: Option<usize>) -> bool {
    let tok = cx.tok(i);
    if tok.in_directive() {
        let d = &cx.lx.directives[tok.directive as usize];
        return d.name == "define" && i == d.first_token as usize + 1;
    }
    let Some(p) = prev else { return false };
    if typedef_name(cx, i, p) || typedef_enumerator(cx, i, p) {
        return true;
    }
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

/// The first token of the statement that token `p` ends (brackets
/// skipped), back to a `;` or the bracket that holds it.
fn statement_start(cx: &Cx<'_>, p: usize) -> usize {
    let mut first = p;
    for s in cx.walk(p, BracketSet::All, Way::Back) {
        if s.unmatched || (s.depth == 0 && cx.is_punct(s.k, b";")) {
            break;
        }
        if s.depth == 0 {
            first = s.k;
        }
    }
    first
}

/// `typedef … name;`: token `i` (after `p`) is the name a `typedef` declares.
fn typedef_name(cx: &Cx<'_>, i: usize, p: usize) -> bool {
    cx.next(i).is_some_and(|n| cx.is_punct(n, b";"))
        && (cx.tok(p).kind == TokenKind::Ident || matches!(cx.text(p), b"*" | b"}"))
        && cx.is_ident(statement_start(cx, p), b"typedef")
}

/// `typedef enum { name = 0, … } T;`: token `i` (after `p`) is an
/// enumerator of a typedef's enum.
fn typedef_enumerator(cx: &Cx<'_>, i: usize, p: usize) -> bool {
    (cx.is_punct(p, b"{") || cx.is_punct(p, b","))
        && cx
            .next(i)
            .is_some_and(|n| matches!(cx.text(n), b"=" | b"," | b"}"))
        && cx.enclosing_open(i).is_some_and(|open| {
            cx.is_punct(open, b"{")
                && cx.prev(open).is_some_and(|e| {
                    cx.is_ident(e, b"enum")
                        && cx.prev(e).is_some_and(|t| cx.is_ident(t, b"typedef"))
                })
        })
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

/// Whether the name at `i` is defined as a class at file scope, outside any
/// conditional group (`struct cuComplex {`, `class cuComplex final : Base
/// {`): a definition CUDA's headers cannot have made (a CUDA type of that
/// name is a typedef, or its tag's definition would clash with the header),
/// so the type and every later use of the name are the project's. Under an
/// `#if` the file may define it only where CUDA's header is absent.
fn defines_own_type(cx: &Cx<'_>, i: usize, prev: Option<usize>) -> bool {
    if !prev.is_some_and(|p| matches!(cx.text(p), b"struct" | b"class" | b"union"))
        || cx.tok(i).in_directive()
        || cx.scope(i) != Scope::Global
    {
        return false;
    }
    let mut k = cx.next(i);
    if k.is_some_and(|n| cx.is_ident(n, b"final")) {
        k = k.and_then(|n| cx.next(n));
    }
    if k.is_some_and(|n| cx.is_punct(n, b":")) {
        // A base clause: up to the body, in the same statement.
        while let Some(n) = k.filter(|&n| !matches!(cx.text(n), b"{" | b";" | b"}")) {
            k = cx.next(n);
        }
    }
    k.is_some_and(|n| cx.is_punct(n, b"{"))
        && !includes::conditional_at(cx, cx.tok(i).start as usize)
}

/// Whether the name at `i` is a type alias (`typedef … name;`, `using name
/// = …;`) at file scope in a branch only HIP compiles (`#ifdef USE_ROCM`):
/// the project's HIP layer defines that CUDA name for its HIP build, where
/// CUDA's header is absent.
fn aliases_in_hip_layer(cx: &Cx<'_>, i: usize, prev: Option<usize>) -> bool {
    let Some(p) = prev else { return false };
    let alias = typedef_name(cx, i, p)
        || (cx.is_ident(p, b"using") && cx.next(i).is_some_and(|n| cx.is_punct(n, b"=")));
    alias
        && !cx.tok(i).in_directive()
        && cx.scope(i) == Scope::Global
        && crate::rules::branches::hip_only_at(&cx.tokens, cx.tok(i).start as usize)
}

fn last_segment(name: &str) -> &str {
    name.rsplit("::").next().unwrap_or(name)
}

fn rename(cx: &mut Cx<'_>, i: usize, m: &Mapping, hip: Option<&'static str>) {
    let Some(hip) = hip else { return };
    if hip == "__HIPCC__" && before_own_hip_branch(cx, i) {
        return;
    }
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
    if hip.is_empty() && names_macro(cx, i) {
        // `#ifndef __grid_constant__` / `#define __grid_constant__`: a
        // project's own fallback, which then defines it for HIP too.
        return;
    }
    if hip.is_empty() {
        // A deleted word (`CUDART_CB`, `__grid_constant__`) takes the blanks
        // after it along where a blank or `(` stands before it: `const
        // __grid_constant__ P p` becomes `const P p`, not `const  P p`.
        let mut range = cx.tok(i).range();
        let before = range.start.checked_sub(1).map(|b| cx.src[b]);
        if matches!(before, Some(b' ' | b'\t' | b'(')) {
            while matches!(cx.src.get(range.end), Some(b' ' | b'\t')) {
                range.end += 1;
            }
        }
        cx.edits.push(Edit::delete(range));
        *cx.stats.rewrites.entry(m.family).or_default() += 1;
        return;
    }
    // (A spliced name is rewritten whole; any other is its text.)
    if cx.tok(i).spliced || hip.as_bytes() != cx.text(i) {
        cx.edits.push(Edit::replace(cx.tok(i).range(), hip));
        *cx.stats.rewrites.entry(m.family).or_default() += 1;
    }
}

/// Whether token `i` (`__CUDACC__`) is in the condition of an `#if` or
/// `#elif` that the project's own HIP branch follows (see
/// [`crate::rules::conditions::before_own_hip_branch`]): left as it is.
/// So too where the project names nvcc apart from hipcc
/// ([`crate::rules::conditions::names_nvcc`]): in that test and in the
/// `#define EIGEN_CUDACC __CUDACC__` it guards.
fn before_own_hip_branch(cx: &Cx<'_>, i: usize) -> bool {
    use crate::rules::conditions::{aliases_nvcc, cuda_cc_kept, tests_hip_compiler};
    let tok = cx.tok(i);
    if !tok.in_directive() {
        return false;
    }
    let d = tok.directive as usize;
    let dir = &cx.lx.directives[d];
    cuda_cc_kept(&cx.tokens, d)
        || (dir.name == "define" && aliases_nvcc(&cx.tokens, dir) && tests_hip_compiler(&cx.tokens))
}

/// Whether token `i` names a macro in a directive rather than using it:
/// `#ifdef X`, `#ifndef X`, `#undef X`, `#define X …`, `defined(X)`.
fn names_macro(cx: &Cx<'_>, i: usize) -> bool {
    let tok = cx.tok(i);
    if !tok.in_directive() {
        return false;
    }
    let d = &cx.lx.directives[tok.directive as usize];
    let first = i == d.first_token as usize + 1;
    (first && matches!(d.name.as_str(), "ifdef" | "ifndef" | "undef" | "define"))
        || matches!(d.name.as_str(), "if" | "elif") && !tested_by_value(cx, i)
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

/// Whether an identifier may be a CUDA name of the tables or have the shape
/// of one: the pass's cheap first test, which most identifiers fail.
#[inline]
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

/// Whether a pass may rewrite identifier `word` (the fixed point's
/// shortcut asks, `engine/settled.rs`): the tables map it and it is not
/// inert, or it has the shape of a CUDA name (`cuFoo`, `cudaFoo`, `CU_FOO`).
/// Narrower than [`may_act_on`], the prefilter's test, which keeps every
/// word with CUDA's first letters (`cursor`, `nvals`): no edit comes of
/// such a word.
pub(crate) fn may_rewrite(word: &[u8], target: &Target) -> bool {
    std::str::from_utf8(word).is_ok_and(|name| {
        looks_like_cuda(name)
            || is_declared_cuda_macro(name)
            || (mappings::may_be_key(word)
                && mapping_for(name, target).is_some_and(|m| !is_inert(m, name, target)))
    })
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
/// arguments of a cuSPARSE (or, in a later round, rocSPARSE) call, or
/// anywhere in a file that uses cuSPARSE and not cuBLAS (no header of its
/// declares rocBLAS's names); else `m`.
fn in_sparse_call(cx: &Cx<'_>, i: usize, name: &str, m: &'static Mapping) -> &'static Mapping {
    if !cx.opts.target.roc || m.family == Family::Sparse {
        return m;
    }
    let Some(s) = mappings::lookup_in(Family::Sparse, name).filter(|s| s.roc.name.is_some()) else {
        return m;
    };
    if sparse_without_blas(cx.src) {
        return s;
    }
    let Some(start) = cx.prev(i) else { return m };
    for step in cx.walk(start, BracketSet::Parens, Way::Back) {
        if step.unmatched {
            // An argument list around `i`: a sparse call's?
            let sparse_call = cx.prev(step.k).is_some_and(|f| {
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
        } else if matches!(cx.text(step.k), b";" | b"{" | b"}") {
            break;
        }
    }
    m
}

/// Whether `src` names cuSPARSE (or rocSPARSE, in a later round) and no
/// BLAS library: a word test, as the names are distinctive.
pub(super) fn sparse_without_blas(src: &[u8]) -> bool {
    let has = |w: &[u8]| memchr::memmem::find(src, w).is_some();
    (has(b"cusparse") || has(b"rocsparse"))
        && !(has(b"cublas") || has(b"rocblas") || has(b"hipblas"))
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

/// A device function HIP lacks whose name is a plain word (`saturate`,
/// `mulhi`, `float_as_int`: old CUDA's device_functions.h), not CUDA's
/// shape: device code is written in the kernel language, so in a file that
/// shows no CUDA (OpenCV's CPU `saturate` templates, its SIMD `mulhi`) the
/// name is the project's, neither CUDA nor a finding ([`unclaimed_by_cuda`]).
fn is_plain_word_device_function(m: &Mapping) -> bool {
    m.family == Family::Device && m.hip.name.is_none() && !looks_like_cuda(m.cuda)
}

/// Drops, in a file that shows no CUDA, the verdicts of
/// [`is_plain_word_device_function`] names that nothing supplies.
pub(super) fn unclaimed_by_cuda(names: &mut Vec<Name>) {
    names.retain(|n| {
        !matches!(
            n.verdict,
            Verdict::Unsupported { mapping, fix: None, .. } if is_plain_word_device_function(mapping)
        )
    });
}

/// OpenGL's own types (GL/gl.h), which the tables list because CUDA's and
/// HIP's GL interop headers take them: HIP keeps them, and a file that
/// spells them shows OpenGL, not CUDA (a renderer beside the CUDA code).
const OPENGL_TYPES: [&str; 2] = ["GLenum", "GLuint"];

/// A mapping that leaves `name` as it is and says nothing: a device function
/// HIP has under the same name (`max`, `sqrt`, `printf`), supported and not
/// deprecated at the target, with no argument rewrite. The pass skips it at
/// once (whether the name is the user's own does not matter then), and the
/// prefilter need not stop for it: plain C++ is full of `max` and `abs`.
/// Nor for OpenGL's own types ([`OPENGL_TYPES`]).
fn is_inert(m: &Mapping, name: &str, target: &Target) -> bool {
    OPENGL_TYPES.contains(&name)
        || m.family == Family::Device && m.hip.name == Some(m.cuda) && m.call.is_none() && {
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
