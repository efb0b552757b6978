//! CUDA constructs that translate but mean something else (or nothing) in
//! HIP: `__CUDA_ARCH__`, two-argument `__launch_bounds__`, `warpSize` as a
//! compile-time constant, texture and surface references, and builtin
//! index variables passed to device `printf`.

use super::{Cx, NameQuery};
use crate::diagnostic::{Applicability, Code, Diagnostic};
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::mappings::Version;
use crate::tokens::{BracketSet, Way};

/// Checks identifier token `i`, spelled `name`.
pub(super) fn ident(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    {
        match name {
            b"__CUDA_ARCH__" => out.push(
                Diagnostic::new(
                    Code::CudaArchGuard,
                    cx.tok(i).range(),
                    "`__CUDA_ARCH__` is not defined when HIP compiles device code",
                )
                .with_help("keep the CUDA test and add the HIP one: `defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)`; for capabilities use the __HIP_ARCH_HAS_* macros"),
            ),
            b"__launch_bounds__" => launch_bounds(cx, i, out),
            b"dim3" | b"uint3" => vector_conversion(cx, i, name, out),
            b"threadIdx" | b"blockIdx" | b"blockDim" | b"gridDim" => {
                index_arithmetic(cx, i, name, out)
            }
            b"warpSize" => warp_size_constant(cx, i, out),
            b"texture" | b"surface" if is_reference_declaration(cx, i) && !own_class(cx, name) => out.push(
                Diagnostic::new(
                    Code::TextureReference,
                    cx.tok(i).range(),
                    format!(
                        "{} reference: removed in CUDA 12, deprecated in HIP",
                        String::from_utf8_lossy(cx.text(i))
                    ),
                )
                .with_help("port to texture/surface objects (cudaTextureObject_t → hipTextureObject_t)"),
            ),
            b"printf" if cx.opts.target.hip_version < Version::new(6, 0, 0) => printf_args(cx, i, out),
            b"__ldca" | b"__ldcg" | b"__ldcs" => cache_hint_load(cx, i, out),
            b"__ldg" if cx.opts.target.hip_version < Version::new(5, 7, 0) => {
                bf16_ldg_before_57(cx, i, out)
            }
            b"atomicAdd" | b"atomicMin" | b"atomicMax" | b"atomicCAS" | b"__shfl" | b"__shfl_up"
            | b"__shfl_down" | b"__shfl_xor" | b"__shfl_sync" | b"__shfl_up_sync"
            | b"__shfl_down_sync" | b"__shfl_xor_sync"
                if cx.opts.target.hip_version < Version::new(5, 3, 0) =>
            {
                overload_hip52_lacks(cx, i, name, out)
            }
            // HIP's device-scope name, which the translation gives them: the
            // overloads HIP 5.2 lacks are the same.
            b"atomicAdd_block" | b"atomicMin_block" | b"atomicMax_block" | b"atomicCAS_block"
                if cx.opts.target.hip_version < Version::new(5, 3, 0) =>
            {
                overload_hip52_lacks(cx, i, &name[..name.len() - b"_block".len()], out)
            }
            b"__hadd" | b"__hsub" | b"__hmul" | b"__hdiv" | b"__hfma" | b"__hneg" | b"__habs"
            | b"__hmax" | b"__hmin" | b"__heq" | b"__hne" | b"__hlt" | b"__hle" | b"__hgt"
            | b"__hge" | b"__hadd_sat" | b"__hsub_sat" | b"__hmul_sat" | b"__hfma_sat"
            | b"__hfma_relu" | b"__hisnan" | b"__hisinf" | b"hsqrt" | b"hrsqrt" | b"hrcp"
            | b"hexp" | b"hexp2" | b"hlog" | b"hlog2" | b"hsin" | b"hcos" | b"hfloor"
            | b"hceil" | b"htrunc" | b"hrint"
                if cx.opts.target.hip_version < Version::new(5, 7, 0) =>
            {
                if name == b"hrcp" {
                    half_rcp_unlinked(cx, i, name, out);
                }
                bf16_arithmetic_before_57(cx, i, name, out)
            }
            b"h2rcp" => {
                half_rcp_unlinked(cx, i, name, out);
                bf162_intrinsic_before_57(cx, i, name, out)
            }
            // The pair's block defines the division, max and min, negation,
            // absolute value and comparisons.
            b"__hadd2_sat" | b"__hsub2_sat" | b"__hmul2_sat" | b"__hfma2_sat"
            | b"__hfma2_relu" | b"__hadd2_rn" | b"__hsub2_rn" | b"__hmul2_rn" | b"__hcmadd"
            | b"__hequ2" | b"__hneu2" | b"__hltu2" | b"__hleu2" | b"__hgtu2" | b"__hgeu2"
            | b"__hbequ2" | b"__hbneu2" | b"__hbltu2" | b"__hbleu2" | b"__hbgtu2" | b"__hbgeu2"
            | b"__lows2bfloat162" | b"__highs2bfloat162" | b"__low2bfloat162"
            | b"__high2bfloat162" | b"__lowhigh2highlow" | b"h2exp" | b"h2exp2" | b"h2exp10"
            | b"h2log" | b"h2log2" | b"h2log10" | b"h2sqrt" | b"h2rsqrt" | b"h2sin" | b"h2cos"
            | b"h2floor" | b"h2ceil" | b"h2trunc" | b"h2rint" => {
                bf162_intrinsic_before_57(cx, i, name, out)
            }
            b"__ffs" | b"__ffsll" => ambiguous_bit_scan(cx, i, name, out),
            b"rsqrtf" | b"rsqrt" => host_math(cx, i, name, out),
            b"sincos" | b"sincospi" => float_math(cx, i, name, out),
            b"min" | b"max" => host_min_max(cx, i, name, out),
            b"tex1DLod" | b"tex2DLod" | b"tex3DLod" | b"texCubemapLod" | b"tex1DGrad"
            | b"tex2DGrad" | b"tex3DGrad" | b"tex2Dgather" => image_instruction_fetch(cx, i, out),
            _ => {}
        }
    }
}

/// The first rename of the file to one of AMD's FNUZ FP8 types
/// (`__nv_fp8_e4m3` → `__hip_fp8_e4m3_fnuz` at HIP 6.2, which has no OCP
/// type; from 6.3 the names map to HIP's OCP types and this is silent): CUDA's
/// types are OCP FP8, whose E4M3 has exponent bias 7, a negative zero and
/// NaN at 0x7f/0xff; FNUZ E4M3 has bias 8, no negative zero and its one NaN
/// at 0x80. Values compute alike in float, but the same bits are other
/// numbers, so stored or exchanged FP8 data changes meaning. Read from the
/// edits, so any mapping to a `_fnuz` name is covered.
pub(super) fn fnuz_fp8(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    // Edits are short words: a byte loop is cheaper than setting up a
    // searcher for each.
    // The types (`__hip_fp8_e4m3_fnuz`) and the interpretations
    // (`__HIP_E4M3_FNUZ`, which a conversion encodes bytes by).
    let fnuz = |b: &[u8]| {
        (0..b.len())
            .any(|i| b[i] == b'_' && (b[i..].starts_with(b"_fnuz") || b[i..].starts_with(b"_FNUZ")))
    };
    let renamed = cx.edits.iter().find(|e| {
        fnuz(e.text.as_bytes()) && !e.range.is_empty() && !fnuz(&cx.src[e.range.clone()])
    });
    let Some(e) = renamed else {
        return;
    };
    let cuda = String::from_utf8_lossy(&cx.src[e.range.clone()]);
    out.push(
        Diagnostic::new(
            Code::UnsupportedApi,
            e.range.clone(),
            format!(
                "`{cuda}` (OCP FP8) becomes `{}`, AMD's FNUZ format: another exponent bias and no negative zero, so the same bytes are other values",
                e.text
            ),
        )
        .with_help("values converted to and from float agree (range aside: FNUZ E4M3 tops out at 240, OCP at 448); FP8 data stored in files, exchanged with CUDA builds or reinterpreted as bytes must be converted; this file's other FP8 names are mapped the same way; HIP 6.3 and later have the OCP types (`--hip-version 6.3`)"),
    );
}

/// CUDA's texture and surface object handles, `unsigned long long` there and
/// pointers in HIP (`hipTextureObject_t` is `struct __hip_texture*`).
const HANDLE_TYPES: &[&[u8]] = &[
    b"cudaTextureObject_t",
    b"cudaSurfaceObject_t",
    b"CUtexObject",
    b"CUsurfObject",
];

/// Handles used as the integers they are in CUDA: a variable of an integer
/// type initialised from one, a handle assigned from an integer variable,
/// or compared with one (or with a literal other than 0). HIP's handles
/// are pointers, so these do not compile there.
pub(super) fn integer_handles(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    if !HANDLE_TYPES
        .iter()
        .any(|t| memchr::memmem::find(cx.src, t).is_some())
    {
        return;
    }
    integer_handle_casts(cx, out);
    // The file's handle variables: `cudaTextureObject_t tex = 0;`, a
    // parameter `cudaSurfaceObject_t surf`, `CUtexObject a, b;`.
    let handles = variables_of(cx, HANDLE_TYPES);
    if handles.is_empty() {
        return;
    }
    let integer = |words: &[&[u8]]| {
        !words.is_empty()
            && words.iter().all(|w| {
                matches!(
                    *w,
                    b"unsigned"
                        | b"signed"
                        | b"long"
                        | b"int"
                        | b"uint64_t"
                        | b"int64_t"
                        | b"size_t"
                        | b"uintptr_t"
                        | b"intptr_t"
                        | b"uint32_t"
                        | b"int32_t"
                )
            })
    };
    let integer_var = |t: usize| {
        cx.tok(t).kind == TokenKind::Ident
            && !handles.contains(&cx.text(t))
            && declared_type(cx, t).is_some_and(|w| integer(&w))
    };
    let nonzero_literal = |t: usize| {
        cx.tok(t).kind == TokenKind::Number && cx.text(t).iter().any(|b| (b'1'..=b'9').contains(b))
    };
    for k in 0..cx.lx.tokens.len() {
        if cx.tok(k).kind != TokenKind::Ident
            || !handles.contains(&cx.text(k))
            || cx.tok(k).in_directive()
        {
            continue;
        }
        let (Some(p), Some(n)) = (cx.prev(k), cx.next(k)) else {
            continue;
        };
        let ends = |t: usize| matches!(cx.text(t), b";" | b"," | b")");
        let how = if cx.is_punct(p, b"=")
            && ends(n)
            && cx.prev(p).is_some_and(|d| {
                cx.tok(d).kind == TokenKind::Ident
                    && declared_type(cx, d).is_some_and(|w| integer(&w))
                    && cx
                        .prev(d)
                        .is_some_and(|t| cx.tok(t).kind == TokenKind::Ident)
            }) {
            Some("stored in an integer variable")
        } else if cx.is_punct(n, b"=")
            && comparison_operand(cx, n).is_none()
            && !cx
                .prev(k)
                .is_some_and(|t| HANDLE_TYPES.contains(&cx.text(t)))
            && cx
                .next(n)
                .is_some_and(|w| integer_var(w) && cx.next(w).is_some_and(ends))
        {
            Some("assigned from an integer variable")
        } else if comparison_operand(cx, n).is_some_and(|w| {
            (integer_var(w) || nonzero_literal(w))
                && cx.next(w).is_some_and(|e| !cx.is_punct(e, b"("))
        }) {
            Some("compared with an integer")
        } else {
            None
        };
        let how = how.or_else(|| {
            integer_operator(cx, n)
                .map(|_| "an operand of integer arithmetic (a bitwise or shift operator)")
        });
        let Some(how) = how else {
            continue;
        };
        out.push(
            Diagnostic::new(
                Code::UnsupportedApi,
                cx.tok(k).range(),
                format!(
                    "`{}` is a texture or surface object handle, {how}: CUDA's handles are `unsigned long long`, HIP's are pointers",
                    String::from_utf8_lossy(cx.text(k))
                ),
            )
            .with_help("keep handles in handle-typed variables, or convert explicitly (`reinterpret_cast<uintptr_t>(h)` and back)"),
        );
    }
}

/// A cast to a handle type (`(cudaTextureObject_t)lo`, `((CUtexObject)hi) << 32`)
/// whose value integer arithmetic uses: the integer halves of a handle put
/// back together, which HIP's pointer handles do not allow.
fn integer_handle_casts(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    for (o, ty) in (1..cx.lx.tokens.len()).filter_map(|t| {
        let o = cx.prev(t).filter(|&o| cx.is_punct(o, b"("))?;
        (HANDLE_TYPES.contains(&cx.text(t))
            && cx.next(t).is_some_and(|c| cx.is_punct(c, b")"))
            && !cx.tok(t).in_directive())
        .then_some((o, t))
    }) {
        let Some(close) = cx.next(ty) else { continue };
        // The cast's operand: a parenthesised expression, or a name with
        // its members, indices and calls.
        let Some(mut end) = cx.next(close) else {
            continue;
        };
        if cx.is_punct(end, b"(") {
            let Some(c) = cx.matching_close(end) else {
                continue;
            };
            end = c;
        } else if cx.tok(end).kind == TokenKind::Ident {
            while let Some(n) = cx.next(end) {
                if let Some(m) = cx.next(n).filter(|&m| {
                    matches!(cx.text(n), b"." | b"->") && cx.tok(m).kind == TokenKind::Ident
                }) {
                    end = m;
                } else if matches!(cx.text(n), b"[" | b"(") {
                    let Some(c) = cx.matching_close(n) else { break };
                    end = c;
                } else {
                    break;
                }
            }
        } else {
            continue;
        }
        let mut after = cx.next(end);
        // `((T)x) << 32`: the parentheses around the cast.
        if let Some(c) = after.filter(|&c| {
            cx.is_punct(c, b")") && cx.matching_open(c).is_some_and(|p| cx.next(p) == Some(o))
        }) {
            after = cx.next(c);
        }
        if after.and_then(|a| integer_operator(cx, a)).is_none() {
            continue;
        }
        out.push(
            Diagnostic::new(
                Code::UnsupportedApi,
                cx.span(o, close + 1),
                format!(
                    "an integer converted to `{}` and used in integer arithmetic (a bitwise or shift operator): CUDA's texture and surface object handles are `unsigned long long`, HIP's are pointers",
                    String::from_utf8_lossy(cx.text(ty))
                ),
            )
            .with_help("keep handles whole (in handle-typed variables or arrays), or do the arithmetic on `uintptr_t` and convert the result explicitly (`reinterpret_cast<hipTextureObject_t>(bits)`)"),
        );
    }
}

/// The operator at `op` when it is a bitwise or shift operator on an
/// integer literal (`& 0xFFFFFFFF`, `>> 32`, `<< 32`, `| 1`): its last token.
/// A stream's `<<` is followed by something else; `&&` and `||` are logic.
fn integer_operator(cx: &Cx<'_>, op: usize) -> Option<usize> {
    let adjacent = |a: usize, b: usize| cx.tok(a).end == cx.tok(b).start;
    let last = match cx.text(op) {
        b"&" | b"|" | b"^" | b"%" => {
            let n = cx.next(op)?;
            if cx.is_punct(n, cx.text(op)) && adjacent(op, n) {
                return None;
            }
            op
        }
        b">" | b"<" => cx
            .next(op)
            .filter(|&n| cx.is_punct(n, cx.text(op)) && adjacent(op, n))?,
        _ => return None,
    };
    let operand = cx.next(last)?;
    (cx.tok(operand).kind == TokenKind::Number).then_some(last)
}

/// The variables the file declares with one of `types` (`CUtexObject a, b;`,
/// a parameter `cudaSurfaceObject_t surf`, `CUdeviceptr d = 0;`), as a
/// set: callers test every token against it, and an amalgamated source
/// declares hundreds.
fn variables_of<'a>(cx: &Cx<'a>, types: &[&[u8]]) -> Names<'a> {
    // The type names' tokens, found in the text (they are rare), in order.
    let tokens = &cx.lx.tokens;
    let mut k = 0;
    let mut typed: Vec<usize> = (types.iter())
        .flat_map(|ty| memchr::memmem::find_iter(cx.src, ty).map(move |at| (at, ty)))
        .filter_map(|(at, ty)| {
            k = cx.first_at_or_after(at, k);
            (tokens
                .get(k)
                .is_some_and(|t| t.start as usize == at && t.kind == TokenKind::Ident)
                && cx.text(k) == *ty)
                .then_some(k)
        })
        .collect();
    typed.sort_unstable();
    let mut handles = Names::default();
    for k in typed {
        // Past a reference's `&` (`CUdeviceptr &in`), not an rvalue's `&&`.
        let mut v = cx.next(k);
        if let Some(r) = v.filter(|&r| cx.is_punct(r, b"&"))
            && !cx.next(r).is_some_and(|n| cx.is_punct(n, b"&"))
        {
            v = cx.next(r);
        }
        while let Some(name) = v.filter(|&n| cx.tok(n).kind == TokenKind::Ident) {
            if !ends_declarator(cx, name) {
                break;
            }
            handles.insert(cx.text(name));
            // `a = 0, b` in one declaration (not a parameter list's next
            // parameter): past the initialiser to the comma.
            let parameter = cx
                .prev(k)
                .is_some_and(|p| matches!(cx.text(p), b"(" | b","));
            let mut c = cx.next(name);
            while let Some(t) = c.filter(|&t| !matches!(cx.text(t), b"," | b";" | b")" | b"}")) {
                c = match cx.text(t) {
                    b"(" | b"[" | b"{" => cx.matching_close(t).and_then(|close| cx.next(close)),
                    _ => cx.next(t),
                };
            }
            v = c
                .filter(|&c| cx.is_punct(c, b",") && !parameter)
                .and_then(|c| cx.next(c));
        }
    }
    handles
}

/// A set of names, hashed as the declarator index hashes them. Callers ask
/// about every token of a file: the lengths and first bytes of the names
/// rule most out before any hashing.
#[derive(Default)]
struct Names<'a> {
    set: std::collections::HashSet<&'a [u8], foldhash::fast::FixedState>,
    /// Bit `n` (`n` < 64): a name `n` bytes long (bit 63: 63 or more).
    lengths: u64,
    /// Bit `b`: a name that starts with byte `b`.
    firsts: [u64; 4],
}

impl<'a> Names<'a> {
    fn insert(&mut self, name: &'a [u8]) {
        let Some(&first) = name.first() else {
            return;
        };
        self.lengths |= 1 << name.len().min(63);
        self.firsts[usize::from(first >> 6)] |= 1 << (first & 63);
        self.set.insert(name);
    }

    fn contains(&self, name: &&[u8]) -> bool {
        name.first().is_some_and(|&first| {
            self.lengths & (1 << name.len().min(63)) != 0
                && self.firsts[usize::from(first >> 6)] & (1 << (first & 63)) != 0
                && self.set.contains(name)
        })
    }

    fn is_empty(&self) -> bool {
        self.set.is_empty()
    }
}

/// The type word of the nearest declaration before token `use_tok` of the
/// name it spells (`CUdeviceptr` of `CUdeviceptr d;`, `*` of `int *d`),
/// within 4096 tokens.
fn nearest_declaration_type<'a>(cx: &Cx<'a>, use_tok: usize) -> Option<&'a [u8]> {
    let before = use_tok.checked_sub(1)?;
    let type_word = |t: usize| {
        cx.tok(t).kind == TokenKind::Ident
            && !matches!(
                cx.text(t),
                b"return" | b"case" | b"goto" | b"else" | b"do" | b"delete" | b"throw" | b"sizeof"
            )
    };
    declarators(cx, use_tok, before).find_map(|k| {
        let ty = cx.prev(k)?;
        // `int *d`, `T<U> &d`, `char **d`: not an address or a dereference
        // (`{&d, &n}`, `(*d)`), which declares nothing.
        let declarator = cx.prev(ty).is_some_and(|b| {
            type_word(b) || cx.is_punct(b, b">") || (cx.is_punct(b, b"*") && cx.is_punct(ty, b"*"))
        });
        if (cx.is_punct(ty, b"*") || cx.is_punct(ty, b"&")) && !declarator {
            return None;
        }
        let typed = type_word(ty) || cx.is_punct(ty, b"*") || cx.is_punct(ty, b"&");
        // `CUdeviceptr &in` (geryon's nvd_memory.h): a reference is the
        // type it refers to.
        let referred = cx
            .is_punct(ty, b"&")
            .then(|| cx.prev(ty))
            .flatten()
            .filter(|&t| cx.tok(t).kind == TokenKind::Ident && !cx.is_punct(ty - 1, b"&"));
        typed.then(|| cx.text(referred.unwrap_or(ty)))
    })
}

/// The tokens from `from` back to 4096 tokens before `use_tok` that spell
/// its name followed by what ends a declarator (`=`, `;`, `,`, `)`, `[`,
/// `{`), nearest first. Read from the file's possible declarators
/// ([`crate::tokens::Tokens::possible_declarators`]): a scan of the window
/// per use cost thousands of tokens.
fn declarators<'a, 'c>(
    cx: &'c Cx<'a>,
    use_tok: usize,
    from: usize,
) -> impl Iterator<Item = usize> + use<'a, 'c> {
    let name = cx.text(use_tok);
    let window = use_tok.saturating_sub(4096)..from + 1;
    let bucket = cx.possible_declarators(name);
    // The bucket is in file order: start at the window's end.
    let end = bucket.partition_point(|&k| (k as usize) < window.end);
    (bucket[..end].iter().rev())
        .map(|&k| k as usize)
        .take_while(move |k| *k >= window.start)
        .filter(move |&k| cx.text(k) == name && ends_declarator(cx, k))
}

/// Whether identifier token `k` is followed by what ends a declarator.
fn ends_declarator(cx: &Cx<'_>, k: usize) -> bool {
    cx.next(k)
        .is_some_and(|n| matches!(cx.text(n), b"=" | b";" | b"," | b")" | b"[" | b"{"))
}

/// `CUdeviceptr` used as the integer it is in CUDA (`unsigned long long`;
/// HIP's `hipDeviceptr_t` is `void *`). An integer variable or a non-zero
/// literal stored into one, the cuda-samples way of filling a kernel's
/// argument buffer (`*(reinterpret_cast<CUdeviceptr *>(&buf[off])) =
/// width;`), is cast through `unsigned long long` to the pointer: the same
/// eight bytes (a required fix). Arithmetic on a `CUdeviceptr` variable
/// (`d + off`, `d += n`) is arithmetic on `void *` in HIP, which does not
/// compile: a finding.
pub(super) fn integer_device_pointers(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    const TYPES: &[&[u8]] = &[b"CUdeviceptr"];
    let all = 0..cx.lx.tokens.len();
    // What the headers the file includes by a relative path declare
    // `CUdeviceptr` and the file declares nowhere ([`crate::Options::
    // member_types`]): OpenMM's CudaArray.h member `CUdeviceptr pointer;`,
    // which CudaArray.cpp offsets (`pointer+offset*elementSize`), and its
    // accessor `CUdeviceptr& getDevicePointer()`.
    let from_headers = |ty: &str| -> Vec<&[u8]> {
        (cx.opts.member_types.iter())
            .filter(|(n, t)| {
                t == ty
                    && matches!(
                        declared_types(cx, n.as_bytes(), all.clone()),
                        Declared::Unseen
                    )
            })
            .map(|(n, _)| n.as_bytes())
            .collect()
    };
    let header_pointers = from_headers(DEVICE_POINTER);
    let header_accessors = from_headers(DEVICE_POINTER_ACCESSOR);
    // A file that calls the driver's memory API and includes headers of its
    // own may offset a pointer one of them declares: the operands it
    // declares nowhere are asked of them (the file is translated again
    // knowing their types: [`header_member_type`]).
    let ask = cx.opts.member_types.is_empty()
        && memchr::memmem::find(cx.src, b"cuMem").is_some()
        && (0..cx.lx.directives.len())
            .any(|d| super::include_path(cx, d).is_some_and(|(t, _)| cx.text(t)[0] == b'"'));
    let own = memchr::memmem::find(cx.src, TYPES[0]).is_some();
    if !own && header_pointers.is_empty() && header_accessors.is_empty() && !ask {
        return;
    }
    let mut pointers = if own {
        variables_of(cx, TYPES)
    } else {
        Names::default()
    };
    for name in &header_pointers {
        pointers.insert(name);
    }
    // A name the file declares with CUdeviceptr, or one a header does.
    let device_pointer = |o: usize| {
        pointers.contains(&cx.text(o))
            && (header_pointers.contains(&cx.text(o))
                || nearest_declaration_type(cx, o).is_some_and(|t| TYPES.contains(&t)))
    };
    // Variables declared with HIP's name are device pointers too, never an
    // integer value (a file half translated, as a second round reads it).
    let hip_pointers = if memchr::memmem::find(cx.src, b"hipDeviceptr_t").is_some() {
        variables_of(cx, &[b"hipDeviceptr_t"])
    } else {
        Names::default()
    };
    let integer_value = |v: usize| match cx.tok(v).kind {
        // An integer literal, not zero (`0` is the null pointer in HIP too).
        TokenKind::Number => super::warp::int_literal(cx.text(v)).is_some_and(|(x, _)| x != 0),
        TokenKind::Ident => {
            !pointers.contains(&cx.text(v))
                && !hip_pointers.contains(&cx.text(v))
                && declared_type(cx, v).is_some_and(|w| {
                    Arith::of_words(&w).is_some_and(|t| matches!(t, Arith::Int { .. }))
                })
        }
        _ => false,
    };
    for k in 0..cx.lx.tokens.len() {
        let t = cx.tok(k);
        if t.in_directive() || t.kind != TokenKind::Punct {
            continue;
        }
        let (Some(p), Some(n)) = (cx.prev(k), cx.next(k)) else {
            continue;
        };
        let text = cx.text(k);
        // `lhs = v;` where lhs is a CUdeviceptr: a variable, or `*(… CUdeviceptr *…)`.
        if text == b"="
            && !matches!(
                cx.text(p),
                b"=" | b"!" | b"<" | b">" | b"+" | b"-" | b"*" | b"/" | b"%" | b"&" | b"|" | b"^"
            )
            && !cx.is_punct(n, b"=")
            && cx.next(n).is_some_and(|e| cx.is_punct(e, b";"))
        {
            let lhs_pointer = if cx.tok(p).kind == TokenKind::Ident {
                // A use (not a declaration: `float a = 2;`, `CUdeviceptr d
                // = 0x10;`) of a name whose nearest declaration is a
                // CUdeviceptr's (not another function's `int *p`).
                pointers.contains(&cx.text(p))
                    && !cx.prev(p).is_some_and(|d| {
                        cx.tok(d).kind == TokenKind::Ident
                            && !matches!(cx.text(d), b"return" | b"case" | b"else" | b"do")
                    })
                    && nearest_declaration_type(cx, p).is_some_and(|t| TYPES.contains(&t))
            } else if cx.is_punct(p, b")") {
                // `*(reinterpret_cast<CUdeviceptr *>(…))`, `*(CUdeviceptr *)(…)`.
                cx.matching_open(p).is_some_and(|o| {
                    let star = cx.prev(o).is_some_and(|s| cx.is_punct(s, b"*"));
                    let deref_cast = star
                        && (o..p).any(|t| {
                            TYPES.contains(&cx.text(t))
                                && cx.next(t).is_some_and(|s| cx.is_punct(s, b"*"))
                        });
                    // `*(CUdeviceptr *)(…)`: the cast is the group before this one.
                    let cast_before = cx
                        .prev(o)
                        .filter(|&c| cx.is_punct(c, b")"))
                        .and_then(|c| cx.matching_open(c))
                        .is_some_and(|co| {
                            cx.prev(co).is_some_and(|s| cx.is_punct(s, b"*"))
                                && cx.next(co).is_some_and(|ty| TYPES.contains(&cx.text(ty)))
                        });
                    deref_cast || cast_before
                })
            } else {
                false
            };
            // The value's declaration last: the costliest question.
            if lhs_pointer && integer_value(n) {
                let v = cx.tok(n).range();
                out.push(
                    Diagnostic::new(
                        Code::UnsupportedApi,
                        v.clone(),
                        format!(
                            "`{}` is stored as a `CUdeviceptr`: an integer in CUDA, `void *` (hipDeviceptr_t) in HIP",
                            String::from_utf8_lossy(cx.text(n))
                        ),
                    )
                    .with_fix(
                        "cast it through `unsigned long long` to `hipDeviceptr_t` (the same eight bytes)",
                        vec![Edit::insert(v.start, "(hipDeviceptr_t)(unsigned long long)("), Edit::insert(v.end, ")")],
                        Applicability::Required,
                    ),
                );
            }
            continue;
        }
        // `d + off`, `d - e`, `d += n`, `base + d`: arithmetic on a pointer variable.
        if matches!(text, b"+" | b"-") {
            let bare = |o: usize| {
                cx.tok(o).kind == TokenKind::Ident
                    && !cx
                        .prev(o)
                        .is_some_and(|q| matches!(cx.text(q), b"." | b"->" | b"&" | b")"))
                    && !cx
                        .next(o)
                        .is_some_and(|q| matches!(cx.text(q), b"." | b"->" | b"[" | b"("))
            };
            let operand = [p, n].into_iter().find(|&o| bare(o) && device_pointer(o));
            if ask && operand.is_none() {
                for o in [p, n] {
                    if bare(o)
                        && !NOT_OPERAND.contains(&cx.text(o))
                        && matches!(
                            declared_types(cx, cx.text(o), all.clone()),
                            Declared::Unseen
                        )
                    {
                        header_member_type(cx, cx.text(o));
                    }
                }
                // `x.getDevicePointer() + off`: the accessor asked of them too.
                if let Some(f) = empty_call_name(cx, p)
                    && matches!(
                        declared_types(cx, cx.text(f), all.clone()),
                        Declared::Unseen
                    )
                {
                    header_member_type(cx, cx.text(f));
                }
            }
            // `x.getDevicePointer() + off`, of an accessor a header
            // declares to return a `CUdeviceptr` (a reference to one):
            // the extent of `x.` is not read, so a finding alone.
            if operand.is_none()
                && !cx.is_punct(n, b"=")
                && let Some(f) = empty_call_name(cx, p)
                && header_accessors.contains(&cx.text(f))
            {
                out.push(
                    Diagnostic::new(
                        Code::UnsupportedApi,
                        cx.span(f, n + 1),
                        pointer_arithmetic(&format!("{}()", String::from_utf8_lossy(cx.text(f)))),
                    )
                    .with_help(
                        "offset through a byte pointer: `(hipDeviceptr_t)((char *)x.f() + off)`",
                    ),
                );
                continue;
            }
            // `*d + off` where `d` is a `CUdeviceptr *` (an out-parameter).
            let operand = operand.or_else(|| {
                let star = cx.prev(p).filter(|&s| cx.is_punct(s, b"*"))?;
                let unary = cx.prev(star).is_none_or(|q| {
                    matches!(
                        cx.text(q),
                        b"(" | b"," | b"=" | b"return" | b"{" | b";" | b"?" | b":"
                    )
                });
                if !unary || cx.tok(p).kind != TokenKind::Ident {
                    return None;
                }
                // The nearest declaration (a use such as `f(d, …)` ends no type).
                let declaration = declarators(cx, p, p.checked_sub(1)?).find(|&d| {
                    cx.prev(d).is_some_and(|t| {
                        cx.tok(t).kind == TokenKind::Ident || matches!(cx.text(t), b"*" | b"&")
                    })
                });
                let declared = declaration.and_then(|d| cx.prev(d)).is_some_and(|s| {
                    cx.is_punct(s, b"*") && cx.prev(s).is_some_and(|t| TYPES.contains(&cx.text(t)))
                });
                declared.then_some(p)
            });
            let unary_or_step = cx.is_punct(n, b"+")
                || cx.is_punct(n, b"-")
                || cx.is_punct(p, b"+")
                || cx.is_punct(p, b"-");
            if let Some(o) = operand.filter(|_| !unary_or_step) {
                let found = Diagnostic::new(
                    Code::UnsupportedApi,
                    cx.span(p.min(o), n.max(o) + 1),
                    pointer_arithmetic(&String::from_utf8_lossy(cx.text(o))),
                );
                let is_pointer = |v: usize| device_pointer(v);
                out.push(match byte_offset(cx, k, o, &is_pointer) {
                    Some(edits) => found.with_fix(
                        "offset through a byte pointer: `(hipDeviceptr_t)((char *)d + off)`, the same address",
                        edits,
                        Applicability::Required,
                    ),
                    None => found.with_help(
                        "offset through a byte pointer: `(hipDeviceptr_t)((char *)d + off)`",
                    ),
                });
            }
        }
    }
}

/// The message of arithmetic on `what`, a `CUdeviceptr`.
fn pointer_arithmetic(what: &str) -> String {
    format!(
        "arithmetic on `{what}`, a `CUdeviceptr`: an integer in CUDA, `void *` (hipDeviceptr_t) in HIP, where this does not compile"
    )
}

/// The type [`header_member_types`] gives a name a header declares
/// `CUdeviceptr`, and one a header declares a function returning one (a
/// reference to one: `CUdeviceptr& getDevicePointer()`).
const DEVICE_POINTER: &str = "CUdeviceptr";
const DEVICE_POINTER_ACCESSOR: &str = "CUdeviceptr()";

/// Words before `+`/`-` that are no operand a header could declare.
const NOT_OPERAND: &[&[u8]] = &[
    b"return", b"case", b"sizeof", b"this", b"true", b"false", b"nullptr",
];

/// The function's name of an argument-less call that ends at token `close`
/// (`getDevicePointer` of `x.getDevicePointer()`).
fn empty_call_name(cx: &Cx<'_>, close: usize) -> Option<usize> {
    if !cx.is_punct(close, b")") {
        return None;
    }
    let open = cx.prev(close).filter(|&o| cx.is_punct(o, b"("))?;
    cx.prev(open)
        .filter(|&f| cx.tok(f).kind == TokenKind::Ident)
}

/// The edits that offset `CUdeviceptr` operand `o` of additive operator `op`
/// through a byte pointer, the same address as CUDA's integer sum: `d + n`
/// (`*d + n`) becomes `(hipDeviceptr_t)((char *)d + n)`, `d += n;` `d =
/// (hipDeviceptr_t)((char *)d + (n));`, and `d - e` of two the unsigned
/// difference of their bytes. `None` where the extent is unsure (the
/// pointer on the right, a template argument, a comparison right after
/// the offset, a second device pointer in a longer sum): the finding stays.
fn byte_offset(
    cx: &Cx<'_>,
    op: usize,
    o: usize,
    is_pointer: &dyn Fn(usize) -> bool,
) -> Option<Vec<Edit>> {
    if cx.prev(op) != Some(o) {
        return None;
    }
    // `*d` of an out-parameter `CUdeviceptr *d`: the operand starts at `*`.
    let start = cx.prev(o).filter(|&s| cx.is_punct(s, b"*")).unwrap_or(o);
    let before = cx.prev(start);
    let minus = cx.is_punct(op, b"-");
    let next = cx.next(op)?;
    let adjacent = |a: usize, b: usize| cx.tok(a).end == cx.tok(b).start;
    let operand = String::from_utf8_lossy(&cx.src[cx.span(start, o + 1)]).into_owned();
    if cx.is_punct(next, b"=") && adjacent(op, next) {
        // `d += n;` as a statement (a for loop's step included).
        let statement =
            before.is_none_or(|b| matches!(cx.text(b), b";" | b"{" | b"}" | b")" | b","));
        let first = cx.next(next)?;
        let last = assigned_end(cx, first)?;
        if !statement || (first..=last).any(is_pointer) {
            return None;
        }
        // The blanks after `+=` go with it (a comment stays).
        let gap = cx.tok(next).end as usize..cx.tok(first).start as usize;
        let blank = cx.src[gap.clone()].iter().all(u8::is_ascii_whitespace);
        let end = if blank { gap.end } else { gap.start };
        let sign = if minus { '-' } else { '+' };
        return Some(vec![
            Edit::replace(
                cx.tok(op).start as usize..end,
                format!("= (hipDeviceptr_t)((char *){operand} {sign} ("),
            ),
            Edit::insert(cx.tok(last).end as usize, "))"),
        ]);
    }
    // Below the sum's precedence only: `(`, `=`, `return d + n`, not
    // `a * d + n` nor a cast's `)`.
    let lower = before.is_none_or(|b| {
        matches!(
            cx.text(b),
            b"(" | b"," | b"=" | b"return" | b"{" | b";" | b"?" | b"["
        ) || (cx.is_punct(b, b":") && !cx.prev(b).is_some_and(|c| cx.is_punct(c, b":")))
    });
    let last = sum_end(cx, next)?;
    if !lower {
        return None;
    }
    if (next..=last).any(is_pointer) {
        // `d - e`: CUDA's unsigned difference, the bytes between them.
        return (minus && last == next && start == o && is_pointer(next)).then(|| {
            vec![
                Edit::insert(cx.tok(o).start as usize, "(unsigned long long)((char *)"),
                Edit::insert(cx.tok(next).start as usize, "(char *)"),
                Edit::insert(cx.tok(next).end as usize, ")"),
            ]
        });
    }
    Some(vec![
        Edit::insert(cx.tok(start).start as usize, "(hipDeviceptr_t)((char *)"),
        Edit::insert(cx.tok(last).end as usize, ")"),
    ])
}

/// The last token of the terms added to a pointer from token `from` on
/// (`n`, `(stripe * idx)`, `i * chunk + sizeof(float)`), ending where the
/// sum ends (`)`, `,`, `;`, `?`, `==`, …); `None` where that is unsure (a
/// `<` that may open template arguments, a statement's braces).
fn sum_end(cx: &Cx<'_>, from: usize) -> Option<usize> {
    let mut last = None;
    let mut ended = false;
    for step in cx.walk(from, BracketSet::ParensSquares, Way::Forward) {
        let k = step.k;
        if step.unmatched {
            ended = true;
            break;
        }
        if step.depth > 0 {
            last = Some(k);
            continue;
        }
        let t = cx.tok(k);
        let text = cx.text(k);
        // `::` of a qualified name: one token per character.
        let scope = text == b":"
            && (cx.next(k).is_some_and(|c| cx.is_punct(c, b":"))
                || last.is_some_and(|l| cx.is_punct(l, b":")));
        let operand = matches!(t.kind, TokenKind::Ident | TokenKind::Number)
            || matches!(text, b"(" | b"[" | b"*" | b"/" | b"%" | b"+" | b"-" | b".")
            || (text == b">" && last.is_some_and(|l| cx.is_punct(l, b"-")))
            || scope;
        if operand {
            last = Some(k);
            continue;
        }
        ended = matches!(
            text,
            b"," | b";" | b"?" | b":" | b"=" | b"!" | b"&" | b"|" | b"^" | b"}"
        );
        break;
    }
    // Ending on a term (not an operator nor a member access), before what
    // ends the sum (not a directive).
    last.filter(|&l| {
        ended
            && ({
                matches!(cx.tok(l).kind, TokenKind::Ident | TokenKind::Number)
                    || cx.is_punct(l, b")")
                    || cx.is_punct(l, b"]")
            })
    })
}

/// The last token of the value assigned from token `from` on, up to the
/// statement's `;`, a for loop's `)` or a comma (not one that may separate
/// template arguments); `None` past braces.
fn assigned_end(cx: &Cx<'_>, from: usize) -> Option<usize> {
    let mut last = None;
    let mut angle = false;
    for step in cx.walk(from, BracketSet::ParensSquares, Way::Forward) {
        let text = cx.text(step.k);
        if step.unmatched || (step.depth == 0 && text == b";") {
            return last;
        }
        if step.depth == 0 {
            match text {
                b"," if !angle => return last,
                b"{" | b"}" | b"," => return None,
                b"<" => angle = true,
                _ => {}
            }
        }
        last = Some(step.k);
    }
    // A directive before the statement's end.
    None
}

/// The right operand of `==` or `!=` starting at token `op` (the lexer
/// gives one token per punctuation character).
fn comparison_operand(cx: &Cx<'_>, op: usize) -> Option<usize> {
    if !matches!(cx.text(op), b"=" | b"!") {
        return None;
    }
    let eq = cx
        .next(op)
        .filter(|&e| cx.is_punct(e, b"=") && cx.tok(e).start == cx.tok(op).end)?;
    cx.next(eq)
}

/// A texture fetch with an explicit level of detail or gradients, or a
/// gather (`tex2DLod<float>(t, u, v, l)`): HIP implements these with image
/// sample instructions that gfx90a (MI200) and gfx940 (MI300) lack, so hipcc
/// 5.2 fails in the backend for those targets ("requested image instruction
/// is not supported on this GPU"; tested: tex2D, tex3D, tex1Dfetch and the
/// layered Lod forms compile there; gfx908 and gfx1030 compile all of them).
fn image_instruction_fetch(cx: &Cx<'_>, i: usize, out: &mut Vec<Diagnostic>) {
    let called = cx
        .next(i)
        .is_some_and(|n| cx.is_punct(n, b"(") || cx.is_punct(n, b"<"));
    let member = cx
        .prev(i)
        .is_some_and(|p| matches!(cx.text(p), b"." | b"->" | b"::"));
    if !called || member || cx.tok(i).in_directive() {
        return;
    }
    let name = String::from_utf8_lossy(cx.text(i));
    out.push(
        Diagnostic::new(
            Code::UnsupportedApi,
            cx.tok(i).range(),
            format!("HIP's `{name}` uses image instructions gfx90a (MI200) and gfx940 (MI300) lack: hipcc fails in the backend for those targets"),
        )
        .with_help("for CDNA targets, sample level 0 (`tex2D`) or read the mip level's own array/texture object; RDNA (gfx1030) and gfx908 compile it"),
    );
}

/// A `dim3` initialized from a `uint3` (`dim3 grid(v)`, `dim3 b = v;`,
/// `dim3(v)`), or a `uint3` from a `dim3` or a builtin index variable
/// (`uint3 t = threadIdx;`, `uint3 d = blockDim;`). CUDA 13 declares the
/// conversions (vector_types.h: `dim3(uint3 v)` and `operator uint3()`);
/// HIP's `dim3` (hip_runtime_api.h, HIP 5.2.3 through 7.x) has only its
/// three-`uint32_t` constructor and no conversion, and its index variables
/// convert to `dim3` alone (amd_hip_runtime.h), so the port does not
/// compile. The fix is CUDA's own member-wise copy, `dim3(v.x, v.y, v.z)`
/// or `make_uint3(v.x, v.y, v.z)`, where the source is a name or an
/// element (`v`, `dims[i]`: read three times, as CUDA's constructor
/// does); a source of a type not known here is left alone.
fn vector_conversion(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    let Some(n) = cx.next(i) else { return };
    // The cast `dim3(v)` (not a declaration's `f(dim3(v))`'s name).
    if cx.is_punct(n, b"(") {
        let named = cx.prev(i).is_some_and(|p| {
            cx.tok(p).kind == TokenKind::Ident && !matches!(cx.text(p), b"return" | b"const")
        });
        if let Some(c) = cx.matching_close(n).filter(|_| !named) {
            converted(cx, name, n + 1, c, false, out);
        }
        return;
    }
    // Each declarator of `dim3 g(v), b = w, c{x};`: the source's tokens,
    // and whether the fix writes a constructor call (after `=`) or the
    // three arguments (in the brackets).
    let mut d = n;
    for _ in 0..16 {
        let Some(o) = cx.next(d).filter(|_| cx.tok(d).kind == TokenKind::Ident) else {
            return;
        };
        let end = match cx.text(o) {
            b"(" | b"{" => {
                let Some(c) = cx.matching_close(o) else {
                    return;
                };
                converted(cx, name, o + 1, c, false, out);
                c + 1
            }
            b"=" => {
                let Some(e) = initializer_end(cx, o) else {
                    return;
                };
                converted(cx, name, o + 1, e, true, out);
                e
            }
            b"," | b";" => o,
            _ => return,
        };
        assigned_later(cx, name, d, out);
        if end >= cx.lx.tokens.len() || !cx.is_punct(end, b",") {
            return;
        }
        d = end + 1;
    }
}

/// The token that ends the initializer or assigned value after `=` token
/// `o` (`;`, `,`, or the bracket closing around it), over brackets.
fn initializer_end(cx: &Cx<'_>, o: usize) -> Option<usize> {
    let mut e = o + 1;
    while e < cx.lx.tokens.len() && !matches!(cx.text(e), b";" | b"," | b")" | b"}") {
        if matches!(cx.text(e), b"(" | b"[" | b"{") {
            e = cx.matching_close(e)?;
        }
        e += 1;
    }
    Some(e)
}

/// The later assignments to the `dim3` or `uint3` (`name`) declared at
/// declarator `d`, which [`converted`] checks as it does an initializer:
/// `grid = v;` in the declaration's scope, or `cfg.grid = v;` anywhere
/// after where `d` is a class's member. CUDA assigns through the same
/// conversions (vector_types.h); HIP's `dim3` has only its implicit copy
/// assignment, and `uint3` none from a `dim3` or an index variable.
fn assigned_later(cx: &Cx<'_>, name: &[u8], d: usize, out: &mut Vec<Diagnostic>) {
    let open = cx.enclosing_open(d);
    let member = open.is_some_and(|o| class_body(cx, o));
    let end = match open {
        Some(o) if !member => cx.matching_close(o).unwrap_or(cx.lx.tokens.len()),
        _ => cx.lx.tokens.len(),
    };
    for u in cx.idents_named(cx.text(d), d + 1..end) {
        let (Some(o), Some(p)) = (cx.next(u), cx.prev(u)) else {
            continue;
        };
        if !cx.is_punct(o, b"=") || cx.next(o).is_some_and(|n| cx.is_punct(n, b"=")) {
            continue;
        }
        let statement = if member {
            cx.is_punct(p, b".") || cx.is_punct(p, b"->")
        } else {
            matches!(cx.text(p), b";" | b"{" | b"}" | b")" | b"else")
        };
        if let Some(e) = initializer_end(cx, o).filter(|_| statement) {
            converted(cx, name, o + 1, e, true, out);
        }
    }
}

/// Whether `{` token `o` opens a class's body (`struct S {`, `class C :
/// public B {`, `struct {`).
fn class_body(cx: &Cx<'_>, o: usize) -> bool {
    let mut k = o;
    for _ in 0..8 {
        let Some(p) = cx.prev(k) else { return false };
        match cx.text(p) {
            b"struct" | b"class" | b"union" => return true,
            b";" | b"{" | b"}" | b"(" | b")" | b"=" => return false,
            _ => k = p,
        }
    }
    false
}

/// The type words of member `m` (`shape` of `p.shape`, `pp->shape`,
/// `runs[i].shape`): its declaration in the body of the object's class,
/// where the object is a name declared of a class the file defines
/// (`Params p`, `Params *pp`, `Params runs[4]`); else those every
/// declaration in the file gives the name (`uint3 shape;` in a struct),
/// where they agree; else, where the file declares the name nowhere, the
/// type the headers it includes by a relative path give it
/// ([`crate::Options::member_types`]: a class declared in the project's
/// header). `None` where none is found or two differ; a member the file
/// and those headers do not declare is noted as wanted (the run reads the
/// headers and translates the file again: `Stats::wanted_members`).
fn member_type<'a>(cx: &Cx<'a>, m: usize) -> Option<Vec<&'a [u8]>> {
    let name = cx.text(m);
    let body = object_class_body(cx, m);
    let in_class = body.is_some();
    match declared_types(cx, name, body.unwrap_or(0..cx.lx.tokens.len())) {
        Declared::One(words) => Some(words),
        Declared::Differ => None,
        Declared::Unseen if in_class => None,
        Declared::Unseen => header_member_type(cx, name).map(|w| vec![w]),
    }
}

/// The type of member `name` that the file's headers declare
/// ([`crate::Options::member_types`]), or `None`, the name noted as wanted.
fn header_member_type<'a>(cx: &Cx<'a>, name: &[u8]) -> Option<&'a [u8]> {
    let known = (cx.opts.member_types.iter()).find(|(n, _)| n.as_bytes() == name);
    if let Some((_, ty)) = known {
        return Some(ty.as_bytes());
    }
    let mut wanted = cx.wanted_members.borrow_mut();
    if !wanted.iter().any(|w| w.as_bytes() == name) {
        wanted.push(String::from_utf8_lossy(name).into_owned());
    }
    None
}

/// What the declarations of a name within a token range say of its type.
enum Declared<'a> {
    /// None declares it.
    Unseen,
    /// All give these type words.
    One(Vec<&'a [u8]>),
    /// Two give different types.
    Differ,
}

/// The type words the declarations of `name` within token range `within`
/// give it (`uint3 shape;`, and the later declarators of a list, `dim3
/// grid, block;`), where they agree.
fn declared_types<'a>(cx: &Cx<'a>, name: &[u8], within: std::ops::Range<usize>) -> Declared<'a> {
    let mut found: Option<Vec<&[u8]>> = None;
    for &k in cx.possible_declarators(name) {
        let k = k as usize;
        if !within.contains(&k) || cx.text(k) != name || !ends_declarator(cx, k) {
            continue;
        }
        let Some(mut j) = cx.prev(k) else { continue };
        if cx.is_punct(j, b",") {
            match first_declarator_type_word(cx, j) {
                Some(w)
                    if cx
                        .next(w)
                        .is_some_and(|n| cx.tok(n).kind == TokenKind::Ident) =>
                {
                    j = w
                }
                _ => continue,
            }
        }
        if cx.tok(j).kind != TokenKind::Ident {
            continue;
        }
        let Some(words) = type_words_ending_at(cx, j) else {
            continue;
        };
        match &found {
            None => found = Some(words),
            Some(f) if *f == words => {}
            Some(_) => return Declared::Differ,
        }
    }
    found.map_or(Declared::Unseen, Declared::One)
}

/// Of `names` (class members a file wanted the type of), those whose every
/// declaration in header `src` gives the one type word `dim3`, `uint3` or
/// `CUdeviceptr`, with that word, and the functions it declares to return a
/// `CUdeviceptr` (a reference to one), with [`DEVICE_POINTER_ACCESSOR`];
/// `None` for a name the header declares with another type or with two.
/// Read by [`crate::project::with_own_functions`] only from a header whose
/// text holds one of the names and one of those types.
pub(crate) fn header_member_types(src: &[u8], names: &[String]) -> Vec<(String, Option<String>)> {
    let lx = crate::lex::lex(src);
    let tokens = crate::tokens::Tokens::new(src, &lx);
    let opts = crate::Options::default();
    let facts = crate::translate::Facts::default();
    let cx = Cx::new(&tokens, &opts, &[], &facts);
    let mut out = Vec::new();
    for name in names {
        match declared_types(&cx, name.as_bytes(), 0..lx.tokens.len()) {
            Declared::Unseen => {
                if returns_device_pointer(&cx, name.as_bytes()) {
                    out.push((name.clone(), Some(DEVICE_POINTER_ACCESSOR.to_owned())));
                }
            }
            Declared::One(w)
                if matches!(w.as_slice(), [b"dim3"] | [b"uint3"] | [b"CUdeviceptr"]) =>
            {
                out.push((
                    name.clone(),
                    Some(String::from_utf8_lossy(w[0]).into_owned()),
                ));
            }
            _ => out.push((name.clone(), None)),
        }
    }
    out
}

/// Whether the file declares a function `name` returning a `CUdeviceptr`
/// or a reference to one (`CUdeviceptr& getDevicePointer() {`), and
/// nothing else so named.
fn returns_device_pointer(cx: &Cx<'_>, name: &[u8]) -> bool {
    let mut found = false;
    for k in cx.idents_named(name, 0..cx.lx.tokens.len()) {
        let Some(t) = cx.prev(k) else { continue };
        let t = if cx.is_punct(t, b"&") {
            cx.prev(t)
        } else {
            Some(t)
        };
        let declared = cx.next(k).is_some_and(|o| cx.is_punct(o, b"("));
        match t {
            Some(t) if declared && cx.is_ident(t, b"CUdeviceptr") => found = true,
            Some(t)
                if declared
                    && cx.tok(t).kind == TokenKind::Ident
                    && !NOT_A_TYPE_WORD.contains(&cx.text(t)) =>
            {
                return false;
            }
            _ => {}
        }
    }
    found
}

/// Words before a call that make it no declaration.
const NOT_A_TYPE_WORD: &[&[u8]] = &[
    b"return", b"else", b"case", b"throw", b"new", b"delete", b"sizeof",
];

/// `cfg.grid = v;` where member `grid` is a `dim3` or `uint3` of a class
/// the file's headers declare ([`crate::Options::member_types`]), checked
/// as [`assigned_later`] checks the members of a class the file declares;
/// where the file has a relative include and no such types are known yet,
/// the members assigned a value that may convert (a member, a builtin
/// index variable, `make_uint3(…)`, a name declared `dim3` or `uint3`)
/// are noted as wanted ([`header_member_type`]).
pub(super) fn header_member_assignments(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    if cx.opts.member_types.is_empty() {
        let relative = (0..cx.lx.directives.len())
            .any(|d| super::include_path(cx, d).is_some_and(|(t, _)| cx.text(t)[0] == b'"'));
        if !relative {
            return;
        }
        for o in 1..cx.lx.tokens.len() {
            if !cx.is_punct(o, b"=") {
                continue;
            }
            let m = o - 1;
            if cx.tok(m).kind == TokenKind::Ident
                && cx
                    .prev(m)
                    .is_some_and(|p| cx.is_punct(p, b".") || cx.is_punct(p, b"->"))
                && initializer_end(cx, o).is_some_and(|e| may_convert(cx, o + 1, e))
                && matches!(
                    declared_types(cx, cx.text(m), 0..cx.lx.tokens.len()),
                    Declared::Unseen
                )
            {
                header_member_type(cx, cx.text(m));
            }
        }
        return;
    }
    for (name, ty) in &cx.opts.member_types {
        let name = name.as_bytes();
        if !matches!(ty.as_str(), "dim3" | "uint3") {
            continue;
        }
        if !matches!(
            declared_types(cx, name, 0..cx.lx.tokens.len()),
            Declared::Unseen
        ) {
            continue;
        }
        for u in cx.idents_named(name, 0..cx.lx.tokens.len()) {
            let (Some(o), Some(p)) = (cx.next(u), cx.prev(u)) else {
                continue;
            };
            if !cx.is_punct(o, b"=")
                || cx.next(o).is_some_and(|n| cx.is_punct(n, b"="))
                || !(cx.is_punct(p, b".") || cx.is_punct(p, b"->"))
            {
                continue;
            }
            if let Some(e) = initializer_end(cx, o) {
                converted(cx, ty.as_bytes(), o + 1, e, true, out);
            }
        }
    }
}

/// The nearest declaration of name token `s` with a constructor's brackets
/// (`dim3 grid(n / 256)`, `uint3 v{…}`), which the declarator index does not
/// hold (a call looks the same), a later declarator's too (`dim3 grid(n),
/// block(256)`): its name token and type word.
fn constructed<'a>(cx: &Cx<'a>, s: usize) -> Option<(usize, &'a [u8])> {
    let d = (cx.idents_named(cx.text(s), s.saturating_sub(4096)..s))
        .filter(|&d| {
            cx.next(d)
                .is_some_and(|o| cx.is_punct(o, b"(") || cx.is_punct(o, b"{"))
        })
        .last()?;
    let mut p = cx.prev(d)?;
    if cx.is_punct(p, b",") {
        p = first_declarator_type_word(cx, p)?;
    }
    (cx.tok(p).kind == TokenKind::Ident
        && !matches!(
            cx.text(p),
            b"return" | b"else" | b"case" | b"do" | b"throw" | b"new"
        ))
    .then(|| (d, cx.text(p)))
}

/// Whether the value at tokens `s..e` may be a `uint3` or `dim3` another
/// converts from: `make_uint3(…)`, a builtin index variable, a member
/// (`p.shape`, `cfg->grid`), or a name declared `dim3` or `uint3`.
fn may_convert(cx: &Cx<'_>, s: usize, e: usize) -> bool {
    if s >= e || cx.tok(s).kind != TokenKind::Ident {
        return false;
    }
    if cx.is_ident(s, b"make_uint3") {
        return true;
    }
    if e == s + 1 {
        return matches!(
            cx.text(s),
            b"threadIdx" | b"blockIdx" | b"blockDim" | b"gridDim"
        ) || operand_type(cx, s, e)
            .is_some_and(|t| matches!(t.as_slice(), [b"dim3"] | [b"uint3"]));
    }
    e >= s + 3
        && cx.tok(e - 1).kind == TokenKind::Ident
        && cx
            .prev(e - 1)
            .is_some_and(|p| cx.is_punct(p, b".") || cx.is_punct(p, b"->"))
}

/// The tokens of the body of the class of the object whose member is token
/// `m` (`p` of `p.shape`, `shapes` of `shapes[i]->shape`), where the object
/// is a name whose nearest declaration's last type word (over `*`, `&` and
/// qualifiers) names a class the file defines (`struct Params {`).
fn object_class_body(cx: &Cx<'_>, m: usize) -> Option<std::ops::Range<usize>> {
    let mut o = cx.prev(cx.prev(m)?)?;
    while cx.is_punct(o, b"]") {
        o = cx.prev(cx.matching_open(o)?)?;
    }
    if cx.tok(o).kind != TokenKind::Ident {
        return None;
    }
    // The nearest declarator whose type word is a word (not a use, as
    // `= shapes[0]` reads).
    let j = declarators(cx, o, o).filter(|&d| d != o).find_map(|d| {
        let mut j = cx.prev(d)?;
        while matches!(
            cx.text(j),
            b"*" | b"&" | b"const" | b"volatile" | b"__restrict__"
        ) {
            j = cx.prev(j)?;
        }
        if cx.is_punct(j, b",") {
            j = first_declarator_type_word(cx, j)?;
        }
        (cx.tok(j).kind == TokenKind::Ident && !matches!(cx.text(j), b"return" | b"case" | b"else"))
            .then_some(j)
    })?;
    let class = cx.text(j);
    cx.idents_named(class, 0..cx.lx.tokens.len()).find_map(|c| {
        let p = cx.prev(c)?;
        let n = cx.next(c)?;
        if !matches!(cx.text(p), b"struct" | b"class") {
            return None;
        }
        // `struct Params {` or `struct Params : Base {`.
        let open = (n..cx.lx.tokens.len().min(n + 32))
            .find(|&k| cx.is_punct(k, b"{") || cx.is_punct(k, b";"))?;
        cx.is_punct(open, b"{")
            .then(|| Some(open..cx.matching_close(open)?))
            .flatten()
    })
}

/// The last type word of the declaration whose later declarator follows
/// `,` token `j` (`Params` of `Params *pp = &p, runs[2]`): back over the
/// earlier declarators to the statement's start, then its words up to the
/// first declarator.
fn first_declarator_type_word(cx: &Cx<'_>, j: usize) -> Option<usize> {
    let mut k = j;
    loop {
        let p = cx.prev(k)?;
        match cx.text(p) {
            b")" | b"]" | b"}" => k = cx.matching_open(p)?,
            b";" | b"{" | b"(" => break,
            _ => k = p,
        }
    }
    let mut w = k;
    while cx
        .next(w)
        .is_some_and(|n| cx.tok(n).kind == TokenKind::Ident)
    {
        w = cx.next(w)?;
    }
    let after = cx.next(w)?;
    if matches!(cx.text(after), b"*" | b"&") {
        Some(w)
    } else {
        (w > k).then(|| cx.prev(w)).flatten()
    }
}

/// A builtin index variable used whole as an operand of an arithmetic
/// operator in device code (`threadIdx + blockIdx * blockDim`), which CUDA
/// computes on `uint3` (the index variables' type, `blockDim`/`gridDim`'s
/// `dim3` through its `operator uint3()`, vector_types.h) with the
/// project's or helper_math.h's `uint3` operators. HIP's index variables
/// are structs that convert to `dim3` alone (amd_hip_runtime.h, HIP 5.2.3
/// through 7.x), which no operator takes: the port does not compile. The
/// fix is the `uint3` CUDA computes on, its members copied.
fn index_arithmetic(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    const OPERATORS: &[&[u8]] = &[b"+", b"-", b"*", b"/", b"%"];
    let (Some(n), Some(p)) = (cx.next(i), cx.prev(i)) else {
        return;
    };
    // A member (`blockDim.x`) is an integer.
    if cx.is_punct(n, b".") {
        return;
    }
    // The left operand: `threadIdx + …` (not `threadIdx += …`).
    let left = OPERATORS.contains(&cx.text(n))
        && cx
            .next(n)
            .is_some_and(|a| !cx.is_punct(a, b"=") && cx.text(a) != cx.text(n));
    // The right operand of a binary operator: `… * blockDim`.
    let right = OPERATORS.contains(&cx.text(p))
        && cx.prev(p).is_some_and(|b| {
            cx.text(b) != cx.text(p)
                && (matches!(cx.tok(b).kind, TokenKind::Number)
                    || cx.is_punct(b, b")")
                    || cx.is_punct(b, b"]")
                    || (cx.tok(b).kind == TokenKind::Ident
                        && !matches!(cx.text(b), b"return" | b"case" | b"sizeof")))
        });
    if !(left || right) || cx.tok(i).in_directive() || !device_only(cx, i) {
        return;
    }
    let this = String::from_utf8_lossy(name);
    let text = format!("make_uint3({this}.x, {this}.y, {this}.z)");
    out.push(
        Diagnostic::new(
            Code::UnsupportedApi,
            cx.tok(i).range(),
            format!("HIP's `{this}` is no `uint3` and converts to `dim3` alone, which no arithmetic operator takes: the port does not compile"),
        )
        .with_help("compute on the uint3 CUDA does: `make_uint3(threadIdx.x, threadIdx.y, threadIdx.z)`")
        .with_fix(
            format!("copy the members ({text})"),
            vec![Edit::replace(cx.tok(i).range(), text)],
            Applicability::Required,
        ),
    );
}

/// The finding and fix of [`vector_conversion`] for source tokens `s..e`
/// of a `dim3` or `uint3` (`name`), where they are a name or an element of
/// the other type (`whole`: the fix is a constructor call, not the three
/// arguments).
fn converted(cx: &Cx<'_>, name: &[u8], s: usize, e: usize, whole: bool, out: &mut Vec<Diagnostic>) {
    if s >= e || cx.tok(s).kind != TokenKind::Ident || cx.tok(s).in_directive() {
        return;
    }
    // A `uint3` made in place (`dim3 g = make_uint3(n, 1, 1)`, `grid =
    // make_uint3(…)`): the `dim3` of the same three values.
    if name == b"dim3"
        && cx.is_ident(s, b"make_uint3")
        && cx.is_punct(s + 1, b"(")
        && cx.matching_close(s + 1) == Some(e - 1)
    {
        out.push(
            Diagnostic::new(
                Code::UnsupportedApi,
                cx.span(s, e),
                "HIP's `dim3` has no conversion from a `uint3` (CUDA's vector_types.h declares it): the port does not compile",
            )
            .with_help("make the `dim3` of the same values: `dim3(x, y, z)`")
            .with_fix(
                "make the dim3 (dim3(…))",
                vec![Edit::replace(cx.tok(s).range(), "dim3")],
                Applicability::Required,
            ),
        );
        return;
    }
    // A name or an element (`v`, `dims[i]`), or a member of one (`p.shape`,
    // `cfg->grid`, `runs[i].block`: `member`, its name); `pure` where it has
    // no side effect to repeat.
    let (mut k, mut pure, mut member) = (s + 1, true, None);
    loop {
        while k < e && cx.is_punct(k, b"[") {
            let Some(c) = cx.matching_close(k) else {
                return;
            };
            // Names and numbers, and `+ - *` between two of them (`i++`
            // lexes as two `+`).
            let operand = |t: usize| matches!(cx.tok(t).kind, TokenKind::Ident | TokenKind::Number);
            pure &= !(k + 1..c).any(|t| {
                !operand(t)
                    && !(matches!(cx.text(t), b"+" | b"-" | b"*")
                        && t > k + 1
                        && operand(t - 1)
                        && t + 1 < c
                        && operand(t + 1))
            });
            k = c + 1;
        }
        if k + 1 < e
            && (cx.is_punct(k, b".") || cx.is_punct(k, b"->"))
            && cx.tok(k + 1).kind == TokenKind::Ident
        {
            member = Some(k + 1);
            k += 2;
            continue;
        }
        break;
    }
    if k != e {
        return;
    }
    let builtin = e == s + 1
        && matches!(
            cx.text(s),
            b"threadIdx" | b"blockIdx" | b"blockDim" | b"gridDim"
        );
    let (from, to, make) = if name == b"dim3" {
        (&b"uint3"[..], "uint3", "dim3")
    } else {
        (&b"dim3"[..], "dim3", "make_uint3")
    };
    // Declared `uint3 v = …;`, `const dim3 d = …`, or with a constructor's
    // brackets (`dim3 grid(n / 256)`, which the declarator index does not
    // hold: a call looks the same), where no other declaration is nearer.
    let typed = (name == b"uint3" && builtin)
        || match member {
            // A member: its declarations' type, where it is the operand's last part.
            Some(m) => m + 1 == e && member_type(cx, m).is_some_and(|t| t.as_slice() == [from]),
            None => match operand_type(cx, s, e) {
                // Unless a declaration with a constructor's brackets is
                // nearer (`dim3 grid(s.grid)` after a struct's `uint3 grid;`).
                Some(t) => {
                    t.as_slice() == [from]
                        && (e > s + 1
                            || constructed(cx, s).is_none_or(|(d, ty)| {
                                ty == from
                                    || declarators(cx, s, s).any(|k| {
                                        k > d
                                            && k != s
                                            && cx
                                                .prev(k)
                                                .is_some_and(|p| cx.tok(p).kind == TokenKind::Ident)
                                    })
                            }))
                }
                None => e == s + 1 && constructed(cx, s).is_some_and(|(_, ty)| ty == from),
            },
        };
    if !typed {
        return;
    }
    let src = String::from_utf8_lossy(&cx.src[cx.span(s, e)]).into_owned();
    let members = format!("{src}.x, {src}.y, {src}.z");
    let text = if whole || name == b"uint3" {
        format!("{make}({members})")
    } else {
        members
    };
    let what = if builtin {
        format!("`{src}`")
    } else {
        format!("a `{to}`")
    };
    let this = String::from_utf8_lossy(name);
    let diagnostic = Diagnostic::new(
        Code::UnsupportedApi,
        cx.span(s, e),
        format!("HIP's `{this}` has no conversion from {what} (CUDA's vector_types.h declares it): the port does not compile"),
    )
    .with_help("copy the members: `dim3(v.x, v.y, v.z)`, `make_uint3(d.x, d.y, d.z)`");
    if !pure {
        out.push(diagnostic);
        return;
    }
    out.push(diagnostic.with_fix(
        format!("copy the members ({text})"),
        vec![Edit::replace(cx.span(s, e), text)],
        Applicability::Required,
    ));
}

/// The arguments of the call whose name is token `i` (`name(…)`).
fn called_args(cx: &Cx<'_>, i: usize) -> Option<crate::tokens::Args> {
    cx.next(i)
        .filter(|&o| cx.is_punct(o, b"("))
        .and_then(|o| cx.call_args(o))
}

/// `__ffs(x)` or `__ffsll(x)` on a variable (an element of an array or of
/// what a pointer points to, a cast) declared with a type HIP's overloads
/// make ambiguous: HIP declares `__ffs` for `int` and `unsigned
/// int`, `__ffsll` for `long long` and `unsigned long long`, so a `long`,
/// `int64_t` or `size_t` argument converts equally well to both. CUDA
/// declares one of each, so the cast to its parameter type is exact.
fn ambiguous_bit_scan(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    let Some(args) = called_args(cx, i) else {
        return;
    };
    let [(a, b)] = args.args[..] else {
        return;
    };
    if cx.tok(a).in_directive() {
        return;
    }
    let Some(ty) = operand_type(cx, a, b) else {
        return;
    };
    let wide = matches!(
        ty.as_slice(),
        [b"long"]
            | [b"long", b"int"]
            | [b"unsigned", b"long"]
            | [b"unsigned", b"long", b"int"]
            | [b"signed", b"long"]
            | [b"int64_t"]
            | [b"uint64_t"]
            | [b"size_t"]
            | [b"ssize_t"]
            | [b"ptrdiff_t"]
            | [b"intptr_t"]
            | [b"uintptr_t"]
    );
    let long_long = matches!(
        ty.as_slice(),
        [b"long", b"long"]
            | [b"long", b"long", b"int"]
            | [b"unsigned", b"long", b"long"]
            | [b"unsigned", b"long", b"long", b"int"]
    );
    let cast = match name {
        b"__ffsll" if wide => "long long",
        b"__ffs" if wide || long_long => "int",
        _ => return,
    };
    let name = String::from_utf8_lossy(name);
    let ty = ty
        .iter()
        .map(|w| String::from_utf8_lossy(w))
        .collect::<Vec<_>>()
        .join(" ");
    let arg = cx.span(a, b);
    out.push(
        Diagnostic::new(
            Code::UnsupportedApi,
            arg.clone(),
            format!("HIP's `{name}` overloads make a `{ty}` argument ambiguous"),
        )
        .with_fix(
            format!("cast to `{cast}`, the parameter type of CUDA's `{name}`"),
            vec![
                Edit::insert(arg.start, format!("({cast})(")),
                Edit::insert(arg.end, ")"),
            ],
            Applicability::Required,
        ),
    );
}

/// An arithmetic type as C++'s usual conversions see it (LP64): integer
/// rank (`int` 1, `long` 2, `long long` 3, after promotion) and signedness,
/// or a floating type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Arith {
    Int { rank: u8, unsigned: bool },
    Float,
    Double,
}

impl Arith {
    /// The type of the spelled type words (typedefs of the C and C++
    /// headers included), `None` for anything else (a class, a vector type).
    fn of_words(words: &[&[u8]]) -> Option<Arith> {
        let int = |rank, unsigned| Some(Arith::Int { rank, unsigned });
        let w: Vec<&[u8]> = words.iter().copied().filter(|w| *w != b"int").collect();
        match w.as_slice() {
            [] if !words.is_empty() => int(1, false),
            [b"signed"]
            | [b"short"]
            | [b"signed", b"short"]
            | [b"unsigned", b"short"]
            | [b"char"]
            | [b"signed", b"char"]
            | [b"unsigned", b"char"]
            | [b"bool"]
            | [b"int8_t" | b"int16_t" | b"int32_t" | b"uint8_t" | b"uint16_t"] => int(1, false),
            [b"unsigned"] | [b"uint32_t"] | [b"uint"] => int(1, true),
            [b"long"]
            | [b"signed", b"long"]
            | [b"int64_t" | b"ssize_t" | b"ptrdiff_t" | b"intptr_t"] => int(2, false),
            [b"unsigned", b"long"] | [b"size_t" | b"uint64_t" | b"uintptr_t"] => int(2, true),
            [b"long", b"long"] | [b"signed", b"long", b"long"] => int(3, false),
            [b"unsigned", b"long", b"long"] => int(3, true),
            [b"float"] => Some(Arith::Float),
            [b"double"] => Some(Arith::Double),
            _ => None,
        }
    }

    /// The type of a number literal (`2`, `4u`, `1ull`, `0.5f`, `1e-3`).
    fn of_literal(text: &[u8]) -> Option<Arith> {
        let lower = text.to_ascii_lowercase();
        let hex = lower.starts_with(b"0x");
        if (!hex && lower.iter().any(|b| matches!(b, b'.' | b'e')))
            || (hex && lower.contains(&b'p'))
        {
            return Some(match lower.last() {
                Some(b'f') => Arith::Float,
                Some(b'l') => return None,
                _ => Arith::Double,
            });
        }
        let suffix: Vec<u8> = lower
            .iter()
            .rev()
            .take_while(|b| matches!(b, b'u' | b'l'))
            .copied()
            .collect();
        let unsigned = suffix.contains(&b'u');
        let rank = match suffix.iter().filter(|&&b| b == b'l').count() {
            0 => 1,
            1 => 2,
            _ => 3,
        };
        Some(Arith::Int { rank, unsigned })
    }

    /// The common type of the usual arithmetic conversions (what CUDA's
    /// mixed `min`/`max` overloads return).
    fn common(self, other: Arith) -> Arith {
        use Arith::*;
        match (self, other) {
            (Double, _) | (_, Double) => Double,
            (Float, _) | (_, Float) => Float,
            (
                Int {
                    rank: r1,
                    unsigned: u1,
                },
                Int {
                    rank: r2,
                    unsigned: u2,
                },
            ) => {
                if u1 == u2 {
                    return Int {
                        rank: r1.max(r2),
                        unsigned: u1,
                    };
                }
                let (ur, sr) = if u1 { (r1, r2) } else { (r2, r1) };
                // `long` and `long long` are 64-bit, `int` 32-bit.
                let wider = |r: u8| if r == 1 { 32 } else { 64 };
                if ur >= sr {
                    Int {
                        rank: ur,
                        unsigned: true,
                    }
                } else if wider(sr) > wider(ur) {
                    Int {
                        rank: sr,
                        unsigned: false,
                    }
                } else {
                    Int {
                        rank: sr,
                        unsigned: true,
                    }
                }
            }
        }
    }

    fn spelling(self) -> &'static str {
        match self {
            Arith::Float => "float",
            Arith::Double => "double",
            Arith::Int {
                rank: 1,
                unsigned: false,
            } => "int",
            Arith::Int {
                rank: 1,
                unsigned: true,
            } => "unsigned int",
            Arith::Int {
                rank: 2,
                unsigned: false,
            } => "long",
            Arith::Int {
                rank: 2,
                unsigned: true,
            } => "unsigned long",
            Arith::Int {
                unsigned: false, ..
            } => "long long",
            Arith::Int { unsigned: true, .. } => "unsigned long long",
        }
    }
}

/// `min(a, b)`/`max(a, b)` in code the host compiles, on arguments that are
/// not `int`: CUDA declares `min` and `max` for the host as for the device,
/// for every arithmetic type and the mixed signed/unsigned pairs; HIP 5.2.3
/// declares for the host only `int min(int, int)` and `int max(int, int)`
/// (amd_math_functions.h), so hipcc compiles the call and converts both
/// arguments to `int`: `min(0.5f, 2.0f)` is 0, `max(n, 7)` on a `size_t`
/// of 5e9 is 705032704. Where both argument types are read (a variable's
/// declaration, a literal), the call becomes `std::min<T>` of CUDA's common
/// type, which host and device code compile (a required fix); where one is
/// read and not `int`, a finding. A device-only function (`__global__`,
/// `__device__` without `__host__`) has HIP's device overloads, which
/// promote as CUDA does. A file that defines `min` as a macro calls its own.
fn host_min_max(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    if cx.tok(i).in_directive() || defines_macro(cx, name) {
        return;
    }
    // Unqualified or `::min`: not a member, not `std::min`, not declared here.
    if let Some(p) = cx.prev(i) {
        let qualified = cx.is_punct(p, b"::")
            && cx
                .prev(p)
                .is_some_and(|q| cx.tok(q).kind == TokenKind::Ident || cx.is_punct(q, b">"));
        let declared = cx.tok(p).kind == TokenKind::Ident
            && !crate::translate::NOT_A_TYPE.contains(&cx.text(p));
        if qualified
            || declared
            || cx.is_punct(p, b".")
            || cx.is_punct(p, b"->")
            || cx.is_punct(p, b"~")
        {
            return;
        }
    }
    let Some(args) = called_args(cx, i) else {
        return;
    };
    let [(a0, a1), (b0, b1)] = args.args[..] else {
        return;
    };
    if device_only(cx, i) {
        builtin_index_min_max(cx, i, name, [(a0, a1), (b0, b1)], args.close, out);
        return;
    }
    let type_of = |s: usize, e: usize| arg_type(cx, s, e, 0);
    let int = Arith::Int {
        rank: 1,
        unsigned: false,
    };
    let (ta, tb) = (type_of(a0, a1), type_of(b0, b1));
    // In the project's namespace, its own overloads (NVIDIA Warp's per-type
    // `wp::min`) hide HIP's global ones; at file scope they sit beside
    // HIP's (helper_math.h's vector `max`), and those for other compilers
    // alone (its `#ifndef __CUDACC__` int `max`) are not compiled at all.
    let in_namespace = (cx.outermost_open(i))
        .is_some_and(|o| matches!(cx.scope(o + 1), crate::tokens::Scope::Namespace));
    if ta.iter().chain(&tb).any(|(t, _)| *t != int) && in_namespace && defined_for_cuda(cx, name) {
        return;
    }
    let name = String::from_utf8_lossy(name);
    match (ta, tb) {
        (Some((ta, sa)), Some((tb, sb))) => {
            let t = ta.common(tb);
            if t == int {
                return;
            }
            // The spelling of the argument whose type it is (`size_t`), else C's.
            let spelled = [(ta, sa), (tb, sb)]
                .into_iter()
                .find(|(x, _)| *x == t)
                .map_or_else(|| t.spelling().to_owned(), |(_, s)| s);
            let call = cuda_min_max(&name, t, &spelled);
            out.push(
                Diagnostic::new(
                    Code::UnsupportedApi,
                    cx.span(i, args.close + 1),
                    format!("HIP declares host `{name}` for `int` only: here it would convert `{spelled}` arguments to `int`"),
                )
                .with_fix(
                    format!("call `{call}`, CUDA's overload for these arguments"),
                    vec![Edit::replace(cx.tok(i).range(), call)],
                    Applicability::Required,
                ),
            );
        }
        // CUDA's overloads with a `double` operand are `(double, double)`,
        // `(float, double)` and `(double, float)` (crt/math_functions.hpp:
        // 1136-1146); any other partner, an integer, is ambiguous there. So
        // the call CUDA compiled computes in `double` whatever the other
        // argument is (OpenMM's `max(cutoff, iter->second)`).
        (Some((Arith::Double, spelled)), None) | (None, Some((Arith::Double, spelled))) => {
            out.push(
                Diagnostic::new(
                    Code::UnsupportedApi,
                    cx.span(i, args.close + 1),
                    format!("HIP declares host `{name}` for `int` only: here it would convert a `{spelled}` argument to `int`"),
                )
                .with_fix(
                    format!("call `{name}` as CUDA's overloads with a `double` operand do: `f{name}` in `double`"),
                    vec![Edit::replace(cx.tok(i).range(), format!("f{name}"))],
                    Applicability::Required,
                ),
            );
        }
        (Some((t, spelled)), None) | (None, Some((t, spelled))) if t != int => {
            let call = cuda_min_max(&name, t, &spelled);
            out.push(
                Diagnostic::new(
                    Code::UnsupportedApi,
                    cx.span(i, args.close + 1),
                    format!("HIP declares host `{name}` for `int` only: here it would convert a `{spelled}` argument to `int`"),
                )
                .with_help(format!("call what CUDA's overload for both arguments' type calls (`{call}`?)")),
            );
        }
        _ => {}
    }
}

/// What CUDA's host `min`/`max` overload for arguments of type `t`
/// (spelled `spelled`) computes, as a call HIP's host and device code both
/// compile: `fminf`/`fmaxf` for `float` and `fmin`/`fmax` for `double`, as
/// CUDA's own definitions call (crt/math_functions.hpp 13.0:1131-1149: a
/// NaN operand yields the other, which `std::max` does not), and
/// `std::min<T>` for integers (`umin`, `llmax`, … compare as `T`).
fn cuda_min_max(name: &str, t: Arith, spelled: &str) -> String {
    match t {
        Arith::Float => format!("f{name}f"),
        Arith::Double => format!("f{name}"),
        Arith::Int { .. } => format!("std::{name}<{spelled}>"),
    }
}

/// `min(threadIdx.x, n)`/`max(blockDim.x, 64u)` in device code: CUDA's
/// builtin index members are `unsigned int`, and CUDA declares `min`/`max`
/// for `unsigned int` with `int` or `unsigned int` (crt/math_functions.h:
/// any other second type is ambiguous there), comparing both as `unsigned
/// int`. HIP 5.2.3's members are structs that convert to `uint32_t`, which
/// its `min`/`max` (`T(T, T)`, `int`, `float`, `double`: clang's
/// __clang_hip_math.h) all take through a conversion: the call is
/// ambiguous. Both arguments cast to `unsigned int` pick CUDA's overload
/// on either HIP platform (a required fix; CUDA has no `min<T>`, so not
/// that).
fn builtin_index_min_max(
    cx: &Cx<'_>,
    i: usize,
    name: &[u8],
    args: [(usize, usize); 2],
    close: usize,
    out: &mut Vec<Diagnostic>,
) {
    let is_builtin = |(s, e): (usize, usize)| {
        e == s + 3
            && matches!(
                cx.text(s),
                b"threadIdx" | b"blockIdx" | b"blockDim" | b"gridDim"
            )
            && cx.is_punct(s + 1, b".")
            && matches!(cx.text(s + 2), b"x" | b"y" | b"z")
    };
    let unsigned = Arith::Int {
        rank: 1,
        unsigned: true,
    };
    let int = Arith::Int {
        rank: 1,
        unsigned: false,
    };
    // `None`: a builtin member; else the type read (`None` if unread).
    let read = |(s, e): (usize, usize)| (!is_builtin((s, e))).then(|| arg_type(cx, s, e, 0));
    let [a, b] = args;
    let (ta, tb) = (read(a), read(b));
    let fits = |t: &Option<Option<(Arith, String)>>| match t {
        None | Some(None) => true,
        Some(Some((t, _))) => *t == unsigned || *t == int,
    };
    if !(ta.is_none() || tb.is_none()) || !(fits(&ta) && fits(&tb)) {
        return;
    }
    let mut edits = Vec::new();
    for ((s, e), t) in [(a, ta), (b, tb)] {
        match t {
            None => edits.push(Edit::insert(cx.tok(s).start as usize, "(unsigned int)")),
            Some(Some((t, _))) if t == unsigned => {}
            Some(_) => {
                edits.push(Edit::insert(cx.tok(s).start as usize, "(unsigned int)("));
                edits.push(Edit::insert(cx.tok(e - 1).end as usize, ")"));
            }
        }
    }
    let name = String::from_utf8_lossy(name);
    out.push(
        Diagnostic::new(
            Code::UnsupportedApi,
            cx.span(i, close + 1),
            format!(
                "HIP's `{name}` overloads make a builtin index member (a struct in HIP) ambiguous"
            ),
        )
        .with_fix(
            "cast the arguments to `unsigned int`, CUDA's overload for them",
            edits,
            Applicability::Required,
        ),
    );
}

/// Whether the file defines `name` as a function-like macro (`#define
/// min(a, b) …`): a call of it is the project's. (The file's sorted macro
/// names first: most files define no `min`.)
fn defines_macro(cx: &Cx<'_>, name: &[u8]) -> bool {
    cx.defines_macro(name)
        && cx.lx.directives.iter().any(|d| {
            let t = d.first_token as usize + 1;
            d.name == "define"
                && t + 1 < d.end_token as usize
                && cx.text(t) == name
                && cx.is_punct(t + 1, b"(")
                && cx.tok(t + 1).start == cx.tok(t).end
        })
}

/// The type of the argument `s..e` of a `min`/`max` call, and its spelling:
/// a variable declared before, a literal, a cast, or a `min`/`max` call
/// itself (the common type of its arguments).
fn arg_type(cx: &Cx<'_>, s: usize, e: usize, depth: u8) -> Option<(Arith, String)> {
    let spell = |words: &[&[u8]]| {
        words
            .iter()
            .map(|w| String::from_utf8_lossy(w))
            .collect::<Vec<_>>()
            .join(" ")
    };
    // `-x` has the type of `x`.
    let s = if e > s + 1 && cx.is_punct(s, b"-") {
        s + 1
    } else {
        s
    };
    if let Some(words) = cast_type(cx, s, e) {
        return Some((Arith::of_words(&words)?, spell(&words)));
    }
    if depth < 4
        && matches!(cx.text(s), b"min" | b"max")
        && cx
            .next(s)
            .is_some_and(|o| cx.is_punct(o, b"(") && cx.matching_close(o) == Some(e - 1))
    {
        let args = cx.call_args(s + 1)?;
        let [(a0, a1), (b0, b1)] = args.args[..] else {
            return None;
        };
        let (ta, sa) = arg_type(cx, a0, a1, depth + 1)?;
        let (tb, sb) = arg_type(cx, b0, b1, depth + 1)?;
        let t = ta.common(tb);
        let spelled = if t == ta {
            sa
        } else if t == tb {
            sb
        } else {
            t.spelling().to_owned()
        };
        return Some((t, spelled));
    }
    if e != s + 1 {
        return None;
    }
    match cx.tok(s).kind {
        TokenKind::Number => Arith::of_literal(cx.text(s)).map(|t| (t, t.spelling().to_owned())),
        // A type's own word (`min(int, int)`, a declaration's unnamed
        // parameters) is no variable, even where a parameter list
        // (`(*)(void*, unsigned int)`) seems to declare one so named.
        TokenKind::Ident if Arith::of_words(&[cx.text(s)]).is_some() => None,
        TokenKind::Ident => {
            let words = declared_type(cx, s)?;
            Some((Arith::of_words(&words)?, spell(&words)))
        }
        _ => None,
    }
}

/// The type words of a cast that is the whole expression `s..e`:
/// `(T)x`, `(T)(…)`, `static_cast<T>(…)`.
fn cast_type<'a>(cx: &Cx<'a>, s: usize, e: usize) -> Option<Vec<&'a [u8]>> {
    let words = |a: usize, b: usize| -> Option<Vec<&'a [u8]>> {
        (a < b && (a..b).all(|k| cx.tok(k).kind == TokenKind::Ident))
            .then(|| (a..b).map(|k| cx.text(k)).collect())
    };
    // The operand after the type ends the expression: one token or a group.
    let operand_ends = |o: usize| {
        o + 1 == e || (cx.is_punct(o, b"(") && cx.matching_close(o).is_some_and(|c| c + 1 == e))
    };
    if cx.is_ident(s, b"static_cast") && cx.is_punct(s + 1, b"<") {
        let close = (s + 2..e).find(|&k| cx.is_punct(k, b">"))?;
        return (cx.is_punct(close + 1, b"(") && operand_ends(close + 1))
            .then(|| words(s + 2, close))
            .flatten();
    }
    if cx.is_punct(s, b"(") {
        let close = cx.matching_close(s)?;
        return (close + 1 < e && operand_ends(close + 1))
            .then(|| words(s + 1, close))
            .flatten();
    }
    // A functional cast to an arithmetic type, `unsigned(…)`, `float(x)`
    // (XGBoost's `min(grid_size, unsigned(DivRoundUp(…)))`): one word, so
    // never a call of a function the project names.
    if cx.tok(s).kind == TokenKind::Ident
        && s + 1 < e
        && operand_ends(s + 1)
        && cx.is_punct(s + 1, b"(")
        && Arith::of_words(&[cx.text(s)]).is_some()
    {
        return Some(vec![cx.text(s)]);
    }
    None
}

/// Whether token `i` is in a function only the device compiles
/// (`__global__`, or `__device__` without `__host__`).
fn device_only(cx: &Cx<'_>, i: usize) -> bool {
    targets(cx, i).is_some_and(|(device, host)| device && !host)
}

/// The targets the function whose body holds token `i` is declared for:
/// (`__global__` or `__device__`, `__host__`); `None` outside a function.
fn targets(cx: &Cx<'_>, i: usize) -> Option<(bool, bool)> {
    // Back to the function's `{`, over directives (`#pragma unroll` before
    // a loop, which `enclosing_function` stops at) and the blocks closed
    // before `i`.
    let stop = i.saturating_sub(20_000);
    let start = (stop..i).rev().find(|&k| !cx.tok(k).in_directive())?;
    let name = cx
        .walk(start, BracketSet::Braces, Way::BackOverDirectives)
        .take_while(|s| s.k >= stop)
        .filter(|s| s.unmatched)
        .find_map(|s| super::bodies::function_name(cx, s.k))?;
    let (mut device, mut host) = (false, false);
    let mut h = name;
    for _ in 0..64 {
        let Some(p) = cx.prev(h) else { break };
        if cx.is_punct(p, b";") || cx.is_punct(p, b"}") || cx.is_punct(p, b"{") {
            break;
        }
        match cx.text(p) {
            b"__global__" | b"__device__" => device = true,
            b"__host__" => host = true,
            _ => {}
        }
        h = p;
    }
    Some((device, host))
}

/// The type words of the nearest declaration before token `use_tok` of the
/// variable it names (`const int64_t x = …`, a parameter `size_t n`), less
/// qualifiers; `None` where none is found close by.
fn declared_type<'a>(cx: &Cx<'a>, use_tok: usize) -> Option<Vec<&'a [u8]>> {
    // From the token itself: it may be the declarator.
    declarators(cx, use_tok, use_tok).find_map(|k| {
        let j = cx.prev(k).filter(|&p| cx.tok(p).kind == TokenKind::Ident)?;
        type_words_ending_at(cx, j)
    })
}

/// The type of operand `s..e`, as type words: a variable (`x`), an element
/// of an array or of what a pointer points to (`words[i]`, `m[r][c]`,
/// declared `uint64_t words[32]`, `const long* __restrict__ m`), a cast.
/// The nearest declaration counts, whichever declarator of its statement it
/// is (`__half a = x, b;` types `b`: [`later_declarator_type`]).
pub(super) fn operand_type<'a>(cx: &Cx<'a>, s: usize, e: usize) -> Option<Vec<&'a [u8]>> {
    if let Some(words) = cast_type(cx, s, e) {
        return Some(words);
    }
    if cx.tok(s).kind != TokenKind::Ident {
        return None;
    }
    if let Some(words) = later_declarator_type(cx, s, e) {
        return Some(words);
    }
    // `name[…]…[…]` to the operand's end.
    let (mut subscripts, mut k) = (0, s + 1);
    while k < e && cx.is_punct(k, b"[") {
        k = cx.matching_close(k)? + 1;
        subscripts += 1;
    }
    if k != e {
        return None;
    }
    if subscripts == 0 {
        return declared_type(cx, s);
    }
    declarators(cx, s, s).find_map(|d| {
        // As many levels declared as the use subscripts: array bounds after
        // the declarator, `*` before it.
        let mut levels = 0;
        let mut after = d + 1;
        while cx.next(after - 1).is_some_and(|n| cx.is_punct(n, b"[")) {
            after = cx.matching_close(after)? + 1;
            levels += 1;
        }
        let mut j = cx.prev(d)?;
        loop {
            match cx.text(j) {
                b"*" => levels += 1,
                b"const" | b"volatile" | b"__restrict__" | b"__restrict" => {}
                _ => break,
            }
            j = cx.prev(j)?;
        }
        (levels == subscripts && cx.tok(j).kind == TokenKind::Ident)
            .then(|| type_words_ending_at(cx, j))
            .flatten()
    })
}

/// The type words of a declaration whose last type word is token `j`
/// (`const int64_t` of `const int64_t x`), in order, less qualifiers;
/// `None` where the words are a statement's (`return x`).
fn type_words_ending_at<'a>(cx: &Cx<'a>, mut j: usize) -> Option<Vec<&'a [u8]>> {
    let mut words = Vec::new();
    loop {
        match cx.text(j) {
            b"const" | b"volatile" | b"static" | b"register" | b"constexpr" | b"__shared__"
            | b"__device__" | b"__constant__" | b"std" | b"::" => {}
            w => words.push(w),
        }
        match cx.prev(j) {
            Some(p) if cx.tok(p).kind == TokenKind::Ident || cx.is_punct(p, b"::") => j = p,
            _ => break,
        }
    }
    // `return x;`, `case x:` and the like are no declarations.
    if words.iter().any(|w| {
        matches!(
            *w,
            b"return" | b"case" | b"goto" | b"else" | b"do" | b"delete" | b"throw"
        )
    }) {
        return None;
    }
    words.reverse();
    Some(words)
}

/// `__ldcg(p)`, `__ldcs(p)`, `__ldca(p)` on a pointer that is not to a
/// half: HIP declares these loads for `__half` and `__half2` alone, so the
/// port does not compile (`__ldg` it declares for every scalar and most
/// vector types).
fn cache_hint_load(cx: &Cx<'_>, i: usize, out: &mut Vec<Diagnostic>) {
    let Some(args) = called_args(cx, i) else {
        return;
    };
    let [(a, b)] = args.args[..] else {
        return;
    };
    let is_half = |t: usize| matches!(cx.text(t), b"__half" | b"__half2" | b"half" | b"half2");
    if (a..b).any(is_half) {
        return;
    }
    // The pointer's name (`p`, `&p[i]`, `p + i`): a half if its declaration
    // before the call says so (`const __half* __restrict__ p`).
    let Some(base) = (a..b).find(|&t| cx.tok(t).kind == TokenKind::Ident) else {
        return;
    };
    let declared_half = (cx.idents_named(cx.text(base), i.saturating_sub(20_000)..i))
        .any(|t| (1..=4).any(|back| t >= back && is_half(t - back)));
    // The project's own (here, or a header the file includes: the run's
    // second look, `Options::own_functions`).
    let own = (cx.opts.own_functions.iter()).any(|f| f.as_bytes() == cx.text(i));
    if declared_half || own || defines_macro(cx, cx.text(i)) || defines(cx, cx.text(i)) {
        return;
    }
    let name = String::from_utf8_lossy(cx.text(i));
    let diagnostic = Diagnostic::new(
        Code::UnsupportedApi,
        cx.span(i, b + 1),
        format!("HIP declares `{name}` for `__half` and `__half2` only: on this pointer the port does not compile"),
    )
    .with_help("read through the pointer on HIP (`*p`: HIP's own `__ldcs` is that load), keeping the cache hint for CUDA");
    // The load itself for every type, defined once, before the file's first
    // call of it (every call's fix the same insertion); where the file has
    // no line for it, the finding stays.
    let first = cx
        .memo_token(NameQuery::FirstServedCall, cx.text(i), || {
            (cx.idents_named(cx.text(i), 0..usize::MAX))
                .find(|&t| cx.next(t).is_some_and(|o| cx.is_punct(o, b"(")))
        })
        .map_or(i, |first| first.min(i));
    out.push(
        match cx
            .memo_definition(cx.text(i), || {
                Some(crate::translate::cache_hint_load(
                    cx,
                    cx.opts,
                    cx.text(i),
                    first,
                ))
            })
            .flatten()
        {
            Some((edit, title)) => diagnostic.with_fix(title, vec![edit], Applicability::Required),
            None => diagnostic,
        },
    );
}

/// The type words of the variable token `use_tok` names, its pointer and
/// qualifiers left out (`const __half2 *__restrict__ p` gives `__half2`, an
/// array `long long v[8]` gives `long long`), from its nearest declaration
/// before the use; `None` where none is found close by.
fn element_type<'a>(cx: &Cx<'a>, use_tok: usize) -> Option<Vec<&'a [u8]>> {
    for k in declarators(cx, use_tok, use_tok) {
        let mut j = cx.prev(k)?;
        while cx.is_punct(j, b"*")
            || matches!(
                cx.text(j),
                b"const" | b"volatile" | b"__restrict__" | b"__restrict"
            )
        {
            j = cx.prev(j)?;
        }
        let mut words = Vec::new();
        while cx.tok(j).kind == TokenKind::Ident {
            match cx.text(j) {
                b"const" | b"volatile" | b"static" | b"__shared__" | b"__device__"
                | b"__constant__" | b"extern" => {}
                w => words.push(w),
            }
            match cx.prev(j) {
                Some(p) if cx.tok(p).kind == TokenKind::Ident => j = p,
                _ => break,
            }
        }
        if words.is_empty()
            || words
                .iter()
                .any(|w| matches!(*w, b"return" | b"case" | b"else"))
        {
            continue;
        }
        words.reverse();
        return Some(words);
    }
    None
}

/// The pointee or value type words of argument `(a, b)`: a cast's
/// (`(__half2 *)p`), else the variable's it names (`&x[i]`, `p + i`, `v`).
fn argument_type<'a>(cx: &Cx<'a>, (a, b): (usize, usize)) -> Option<Vec<&'a [u8]>> {
    if cx.is_punct(a, b"(") {
        let close = cx.matching_close(a).filter(|&c| c < b)?;
        let words: Vec<&[u8]> = (a + 1..close)
            .filter(|&t| cx.tok(t).kind == TokenKind::Ident)
            .map(|t| cx.text(t))
            .filter(|w| !matches!(*w, b"const" | b"volatile"))
            .collect();
        return (!words.is_empty() && close > a + 1).then_some(words);
    }
    let first = (a..b).find(|&t| !cx.is_punct(t, b"&"))?;
    (cx.tok(first).kind == TokenKind::Ident).then(|| element_type(cx, first))?
}

/// Overloads CUDA declares and HIP 5.2.3 does not (checked in its
/// amd_hip_atomic.h and amd_warp_functions.h), on an argument whose type
/// the file declares: `atomicAdd` on `__half`, `__half2`, bf16 or
/// `float2`/`float4` data, `atomicMin`/`atomicMax` on `long long`,
/// `atomicCAS` on `unsigned short`, and the shuffles of a `__half` or
/// `__half2` value (HIP 5.2 shuffles 32- and 64-bit scalars only: the call
/// is ambiguous). The port does not compile there; the fix defines CUDA's
/// overload (`atomicAdd` on `__half`, `__half2`, `float2`, `float4`;
/// `atomicMin`/`atomicMax` on `long long`; `atomicCAS` on `unsigned short`;
/// the `__half` and `__half2` shuffles).
fn overload_hip52_lacks(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    let Some(args) = called_args(cx, i) else {
        return;
    };
    let shuffle = name.starts_with(b"__shfl");
    let index = usize::from(shuffle && name.ends_with(b"_sync"));
    let Some(&arg) = args.args.get(index) else {
        return;
    };
    let Some(mut words) = argument_type(cx, arg) else {
        return;
    };
    // CUDA's other spellings of the half types, which the translation
    // renames to them (a round later, the rename's output says `__half`).
    for w in &mut words {
        *w = match *w {
            b"__nv_half" | b"nv_half" => b"__half",
            b"__nv_half2" | b"nv_half2" => b"__half2",
            w => w,
        };
    }
    let half = matches!(
        words.as_slice(),
        [b"__half"]
            | [b"half"]
            | [b"__half2"]
            | [b"half2"]
            | [b"__nv_bfloat16"]
            | [b"__nv_bfloat162"]
    );
    let lacks = match name {
        _ if shuffle => half,
        b"atomicAdd" => half || matches!(words.as_slice(), [b"float2"] | [b"float4"]),
        b"atomicMin" | b"atomicMax" => matches!(
            words.as_slice(),
            [b"long", b"long"] | [b"long", b"long", b"int"] | [b"signed", b"long", b"long"]
        ),
        b"atomicCAS" => matches!(
            words.as_slice(),
            [b"unsigned", b"short"] | [b"unsigned", b"short", b"int"] | [b"ushort"]
        ),
        _ => false,
    };
    // The bf16 pair's block, which the type's use brings below HIP 5.7,
    // shuffles it (its finding stays where the block has no line to go on).
    let pair = shuffle && words.as_slice() == [b"__nv_bfloat162"];
    if !lacks || defines(cx, name) || (pair && crate::translate::bf16_pair_shim(&cx.opts.target)) {
        return;
    }
    let ty = words
        .iter()
        .map(|w| String::from_utf8_lossy(w))
        .collect::<Vec<_>>()
        .join(" ");
    let name = String::from_utf8_lossy(name);
    let (what, help) = if shuffle {
        (
            format!("a `{ty}` value"),
            "shuffle its bits as an integer (`__half_as_ushort`, or a `__half2` through its 32-bit word) and convert back",
        )
    } else {
        (
            format!("`{ty}` data"),
            "write it as an atomicCAS loop on the 32- or 64-bit word that holds the value",
        )
    };
    let diagnostic = Diagnostic::new(
        Code::UnsupportedApi,
        cx.span(i, args.close + 1),
        format!("HIP 5.2 declares no `{name}` for {what}: the port does not compile"),
    )
    .with_help(help);
    // CUDA's overload, defined before the declaration holding the call.
    let overload = match (name.as_ref(), words.as_slice()) {
        ("atomicAdd", [b"__half"] | [b"half"]) => Some("__half"),
        ("atomicAdd", [b"__half2"] | [b"half2"]) => Some("__half2"),
        ("atomicAdd", [b"float2"]) => Some("float2"),
        ("atomicAdd", [b"float4"]) => Some("float4"),
        ("atomicMin" | "atomicMax", _) => Some("ll"),
        ("atomicCAS", _) => Some("ushort"),
        _ => None,
    }
    .and_then(|ty| {
        // Every call's fix is the definition where the file's first call
        // of the name needs it: one edit, written once. The scoped forms
        // (`atomicAdd_block`) count: where HIP lacks them they become the name,
        // and the next round would place the definition by them.
        let first = [String::new(), "_block".into(), "_system".into()]
            .iter()
            .filter_map(|scope| {
                let scoped = format!("{name}{scope}");
                (cx.idents_named(scoped.as_bytes(), 0..i)).find(|&k| {
                    cx.next(k).is_some_and(|n| cx.is_punct(n, b"("))
                        && !cx.tok(k).in_directive()
                        && !cx
                            .prev(k)
                            .is_some_and(|p| matches!(cx.text(p), b"." | b"->" | b"::"))
                })
            })
            .min()
            .unwrap_or(i);
        crate::translate::atomic_overload(cx, cx.opts, &name, ty, first)
    });
    // CUDA's shuffles of `__half`/`__half2` (bf16 has no HIP type to take).
    let half_shuffle = shuffle
        && matches!(
            words.as_slice(),
            [b"__half"] | [b"half"] | [b"__half2"] | [b"half2"]
        );
    // Defined once, before the file's first shuffle (every call's fix the
    // same insertion).
    let overload = overload.or_else(|| {
        let first = (0..i)
            .find(|&t| {
                cx.text(t).starts_with(b"__shfl")
                    && cx.tok(t).kind == TokenKind::Ident
                    && cx.next(t).is_some_and(|o| cx.is_punct(o, b"("))
            })
            .unwrap_or(i);
        half_shuffle
            .then(|| crate::translate::half_shuffle_overloads(cx, cx.opts, first))
            .flatten()
    });
    // CUDA's bf16 shuffles (with its bf16 arithmetic).
    let overload = overload.or_else(|| {
        (shuffle && matches!(words.as_slice(), [b"__nv_bfloat16"] | [b"nv_bfloat16"]))
            .then(|| bf16_scalar_fix(cx))
            .flatten()
    });
    out.push(match overload {
        Some((edit, title)) => diagnostic.with_fix(title, vec![edit], Applicability::Required),
        None => diagnostic,
    });
}

/// A half-precision intrinsic called on `__nv_bfloat16` values (its
/// first or second argument declared so in the file) below HIP 5.7: there
/// the type is the `hip_bfloat16` class, which has float operators but no
/// bf16 overload of `__hadd`, `__hmul`, `hexp`, …, so the call resolves to
/// another overload or none (`__hadd` is also HIP's integer average). The
/// port does not compile, or computes something else.
fn bf16_arithmetic_before_57(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    let Some(args) = called_args(cx, i) else {
        return;
    };
    let bf16 = args.args.iter().take(2).any(|&arg| {
        argument_type(cx, arg).is_some_and(|w| {
            // A later round reads the translated type (a fix that waited
            // for another insertion at its point).
            matches!(
                w.as_slice(),
                [b"__nv_bfloat16"] | [b"nv_bfloat16"] | [b"hip_bfloat16"]
            ) || matches!(w.as_slice(), [alias] if typedef_names(cx, alias, b"__nv_bfloat16")
                    || typedef_names(cx, alias, b"hip_bfloat16"))
        })
    });
    if !bf16 || defines(cx, name) {
        return;
    }
    // CUDA's own for the six the translation defines.
    let fix = BF16_SCALAR_DEFINED
        .contains(&name)
        .then(|| bf16_scalar_fix(cx))
        .flatten();
    let name = String::from_utf8_lossy(name);
    let diagnostic = Diagnostic::new(
            Code::UnsupportedApi,
            cx.span(i, args.close + 1),
            format!(
                "HIP before 5.7 has no `{name}` for `__nv_bfloat16` (there the `hip_bfloat16` class): the port does not compile, or calls another overload; the target is HIP {}",
                cx.opts.target.hip_version
            ),
        )
        .with_help("write it with hip_bfloat16's operators, which compute in float and round to bf16 (`x + y`, `x * y`; a sum can round twice where CUDA rounds once), or target HIP 5.7 (hip/hip_bf16.h)");
    out.push(match fix {
        Some((edit, title)) => diagnostic.with_fix(title, vec![edit], Applicability::Required),
        None => diagnostic,
    });
}

/// Whether the file makes `alias` a name of the type `ty` (one word): a
/// `typedef ty alias;` or `using alias = ty;` anywhere in it (llm.c's
/// `typedef __nv_bfloat16 floatX;`, perhaps one branch of an `#if`, whose
/// build is then the one that does not compile).
fn typedef_names(cx: &Cx<'_>, alias: &[u8], ty: &[u8]) -> bool {
    cx.idents_named(alias, 0..cx.lx.tokens.len()).any(|k| {
        let typedef = cx.next(k).is_some_and(|n| cx.is_punct(n, b";"))
            && cx.prev(k).is_some_and(|t| cx.text(t) == ty)
            && cx.prev(k).and_then(|t| cx.prev(t)).is_some_and(|d| {
                cx.text(d) == b"typedef"
                    || (cx.text(d) == b"const"
                        && cx.prev(d).is_some_and(|e| cx.text(e) == b"typedef"))
            });
        let using = cx.prev(k).is_some_and(|u| cx.text(u) == b"using")
            && cx.next(k).is_some_and(|e| cx.is_punct(e, b"="))
            && cx
                .next(k)
                .and_then(|e| cx.next(e))
                .is_some_and(|t| cx.text(t) == ty)
            && cx
                .next(k)
                .and_then(|e| cx.next(e))
                .and_then(|t| cx.next(t))
                .is_some_and(|n| cx.is_punct(n, b";"));
        typedef || using
    })
}

/// A `__half2` intrinsic the bf16 pair's definition (below HIP 5.7) does
/// not give, called on a `__nv_bfloat162` value: HIP has no overload for
/// the pair there, so the port does not compile (the type itself is
/// defined, so nothing else would say so).
fn bf162_intrinsic_before_57(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    if cx.opts.target.hip_version >= Version::new(5, 7, 0) {
        return;
    }
    let Some(args) = called_args(cx, i) else {
        return;
    };
    let pair = args.args.iter().take(3).any(|&arg| {
        argument_type(cx, arg)
            .is_some_and(|w| matches!(w.as_slice(), [b"__nv_bfloat162"] | [b"nv_bfloat162"]))
    });
    if !pair || defines(cx, name) {
        return;
    }
    let name = String::from_utf8_lossy(name);
    out.push(
        Diagnostic::new(
            Code::UnsupportedApi,
            cx.span(i, args.close + 1),
            format!(
                "HIP before 5.7 has no `{name}` for `__nv_bfloat162` (the pair the translation defines there has conversions, arithmetic, max and min, comparisons and shuffles): the port does not compile; the target is HIP {}",
                cx.opts.target.hip_version
            ),
        )
        .with_help("compute it lane by lane in float (`__low2float`, `__high2float`, `__floats2bfloat162_rn`), or target HIP 5.7 (hip/hip_bf16.h)"),
    );
}

/// `__ldg(p)` on a pointer to `__nv_bfloat16` below HIP 5.7: CUDA's
/// cuda_bf16.h declares the overload (a plain load of the value); HIP 5.2's
/// `hip_bfloat16` class has none (hip_ldg.h: scalars and vectors alone),
/// so the port does not compile. The pair's block defines the
/// `__nv_bfloat162` form; the scalar block this one.
fn bf16_ldg_before_57(cx: &Cx<'_>, i: usize, out: &mut Vec<Diagnostic>) {
    let Some(args) = called_args(cx, i) else {
        return;
    };
    if !is_bf16_ldg(cx, i) || defines(cx, b"__ldg") {
        return;
    }
    let diagnostic = Diagnostic::new(
        Code::UnsupportedApi,
        cx.span(i, args.close + 1),
        format!(
            "HIP before 5.7 has no `__ldg` for `__nv_bfloat16` (there the `hip_bfloat16` class): the port does not compile; the target is HIP {}",
            cx.opts.target.hip_version
        ),
    )
    .with_help("read through the pointer on HIP (`*p`: CUDA's `__ldg` loads the value), or target HIP 5.7 (hip/hip_bf16.h)");
    out.push(match bf16_scalar_fix(cx) {
        Some((edit, title)) => diagnostic.with_fix(title, vec![edit], Applicability::Required),
        None => diagnostic,
    });
}

/// Whether `__ldg` at `i` reads through a pointer (or an array) the file
/// declares of `__nv_bfloat16` (or of a name the file makes one): its
/// argument's first name (`p`, `&p[k]`, `p + k`), declared as `T *p`,
/// `const T *__restrict__ p`, `T p[N]`.
fn is_bf16_ldg(cx: &Cx<'_>, i: usize) -> bool {
    let Some(args) = called_args(cx, i) else {
        return false;
    };
    let [(a, b)] = args.args[..] else {
        return false;
    };
    let Some(base) = (a..b).find(|&t| cx.tok(t).kind == TokenKind::Ident) else {
        return false;
    };
    let is_bf16 = |w: &[u8]| {
        matches!(w, b"__nv_bfloat16" | b"nv_bfloat16" | b"hip_bfloat16")
            || typedef_names(cx, w, b"__nv_bfloat16")
            || typedef_names(cx, w, b"hip_bfloat16")
    };
    let declarations = cx.idents_named(cx.text(base), i.saturating_sub(20_000)..i);
    declarations.into_iter().any(|t| {
        let declared = cx
            .next(t)
            .is_some_and(|n| matches!(cx.text(n), b"," | b")" | b";" | b"=" | b"["));
        let mut k = t;
        while let Some(p) = cx.prev(k).filter(|&p| {
            matches!(
                cx.text(p),
                b"*" | b"const" | b"volatile" | b"__restrict__" | b"__restrict"
            )
        }) {
            k = p;
        }
        declared && k < t && cx.prev(k).is_some_and(|ty| is_bf16(cx.text(ty)))
            || declared
                && cx.next(t).is_some_and(|n| cx.is_punct(n, b"["))
                && cx.prev(t).is_some_and(|ty| is_bf16(cx.text(ty)))
    })
}

/// The scalar bf16 functions the translation defines below HIP 5.7
/// (`translate/shims/bf16_scalar.h`).
const BF16_SCALAR_DEFINED: &[&[u8]] = &[
    b"__hadd", b"__hsub", b"__hmul", b"__hfma", b"__hmax", b"__hmin", b"__habs", b"__hneg",
];

/// The definition of CUDA's `__hadd`, `__hsub`, `__hmul`, `__hfma`,
/// `__hmax`, `__hmin`, `__habs`, `__hneg` and shuffles on bf16 (below HIP 5.7), before the
/// file's first call of any of them that the file does not define (a
/// `__half` shim's `#define` of the name is none): every call's fix the
/// same insertion.
fn bf16_scalar_fix(cx: &Cx<'_>) -> Option<(Edit, &'static str)> {
    let first = (0..cx.lx.tokens.len()).find(|&t| {
        let text = cx.text(t);
        (BF16_SCALAR_DEFINED.contains(&text)
            || text.starts_with(b"__shfl")
            || (text == b"__ldg" && is_bf16_ldg(cx, t)))
            && cx.tok(t).kind == TokenKind::Ident
            && cx.next(t).is_some_and(|o| cx.is_punct(o, b"("))
            && cx.prev(t).is_none_or(|p| cx.text(p) != b"define")
            // A `__half` shim's macro of the name (`__hmax`) is a definition:
            // the block would go nowhere for it.
            && !defines(cx, text)
    })?;
    crate::translate::bf16_scalar_overloads(cx, cx.opts, first)
}

/// A call of `hrcp` or `h2rcp` below HIP 5.3: HIP 5.2.3's
/// `amd_hip_fp16.h` defines both over `__llvm_amdgcn_rcp_f16`, which it
/// declares and no device library defines (Debian's ocml/ockl 5.2.3), so
/// the code object does not link wherever the call is compiled (lld:
/// `undefined hidden symbol: __llvm_amdgcn_rcp_f16`). A project's own
/// definition of the name is left alone.
fn half_rcp_unlinked(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    let Some(args) = called_args(cx, i) else {
        return;
    };
    if cx.opts.target.hip_version >= Version::new(5, 3, 0) || defines(cx, name) {
        return;
    }
    let name = String::from_utf8_lossy(name);
    out.push(
        Diagnostic::new(
            Code::UnsupportedApi,
            cx.span(i, args.close + 1),
            format!(
                "HIP 5.2's `{name}` calls `__llvm_amdgcn_rcp_f16`, which no device library defines: the code object does not link; the target is HIP {}",
                cx.opts.target.hip_version
            ),
        )
        .with_help("divide instead (`__hdiv(__float2half(1.0f), x)`, `__h2div(__float2half2_rn(1.0f), x)`: rounded once, where CUDA's hrcp approximates in float), or target a newer HIP"),
    );
}

/// The `__half` functions HIP 5.2.3 declares `__device__` alone and CUDA 13
/// for the host too, which [`host_half_arithmetic`] finds host code calling.
const HOST_HALF_FUNCTIONS: &[&[u8]] = &[
    b"__hadd",
    b"__hsub",
    b"__hmul",
    b"__hdiv",
    b"__hneg",
    b"__habs",
    b"__hisnan",
    b"__hisinf",
    b"__half_as_short",
    b"__half_as_ushort",
    b"__short_as_half",
    b"__ushort_as_half",
    b"__heq",
    b"__hne",
    b"__hneu",
    b"__hlt",
    b"__hle",
    b"__hgt",
    b"__hge",
];

/// The operators CUDA 13 defines on `__half` for host and device
/// (cuda_fp16.hpp) and HIP 5.2.3 as `__device__` friends alone.
const HALF_OPERATORS: &[&[u8]] = &[
    b"+", b"-", b"*", b"/", b"+=", b"-=", b"*=", b"/=", b"==", b"!=", b"<", b"<=", b">", b">=",
];

/// `__half` arithmetic and comparisons in code the host compiles, below HIP
/// 5.3: a call of `__hadd`, `__hlt` … with a `__half` argument, or an
/// operator between two `__half` values (variables or elements of arrays and
/// pointers, declared `__half` or `half`). CUDA 13 defines them for the host
/// (cuda_fp16.hpp: in float, rounded to nearest); HIP 5.2.3's
/// `amd_hip_fp16.h` for the device alone, so host code computing a
/// reference result in `__half` does not compile and hipcc names no CUDA
/// construct. The fix defines CUDA's host forms once, before the first such
/// use ([`crate::translate::host_math_overload`]); device code keeps HIP's.
/// A file declaring its own `half` (OpenEXR's class) is left alone for it.
pub(super) fn host_half_arithmetic(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    if cx.opts.target.hip_version >= Version::new(5, 3, 0)
        || memchr::memmem::find(cx.src, b"half").is_none()
    {
        return;
    }
    let own_half = cx.idents_named(b"half", 0..cx.lx.tokens.len()).any(|k| {
        cx.prev(k)
            .is_some_and(|p| matches!(cx.text(p), b"class" | b"struct" | b"using" | b"typedef"))
            || cx.next(k).is_some_and(|n| cx.is_punct(n, b";"))
    });
    // The names a `__half` declaration declares (`__half a`, `half *h_x`):
    // only they can be an operand of that type, so the declaration look-ups
    // run on them alone.
    let mut declared: Vec<&[u8]> = Vec::new();
    let mut containers: Vec<(&[u8], usize)> = Vec::new();
    for k in (cx.idents_named(b"__half", 0..cx.lx.tokens.len()))
        .chain(cx.idents_named(b"half", 0..cx.lx.tokens.len()))
    {
        let mut d = cx.next(k);
        while let Some(n) = d.filter(|&n| {
            matches!(
                cx.text(n),
                b"*" | b"const" | b"__restrict__" | b"__restrict"
            )
        }) {
            d = cx.next(n);
        }
        // A standard container of them (`std::vector<__half> h_x(n)`,
        // `std::array<half, 8> taps`): its elements are `__half` values.
        let mut container = false;
        if d.is_some_and(|n| cx.is_punct(n, b">") || cx.is_punct(n, b","))
            && cx
                .prev(k)
                .filter(|&p| cx.is_punct(p, b"<"))
                .and_then(|p| cx.prev(p))
                .is_some_and(|c| {
                    matches!(
                        cx.text(c),
                        b"vector" | b"array" | b"host_vector" | b"deque" | b"valarray"
                    )
                })
        {
            let close = (k + 1..(k + 8).min(cx.lx.tokens.len())).find(|&t| cx.is_punct(t, b">"));
            // Over a reference (`const std::vector<__half> &ref`).
            d = close.and_then(|c| cx.next(c));
            while let Some(n) = d.filter(|&n| matches!(cx.text(n), b"&" | b"&&" | b"const")) {
                d = cx.next(n);
            }
            container = true;
        }
        let Some(d) = d.filter(|&d| cx.tok(d).kind == TokenKind::Ident) else {
            continue;
        };
        if container {
            containers.push((cx.text(d), d));
        } else {
            declared.push(cx.text(d));
        }
        // And the declarators after it (`__half a = x, b;`): a prefilter, so
        // a name too many costs a look-up and nothing else.
        let mut t = d + 1;
        while t < (d + 64).min(cx.lx.tokens.len()) && !matches!(cx.text(t), b";" | b")" | b"{") {
            if matches!(cx.text(t), b"(" | b"[") {
                t = cx.matching_close(t).unwrap_or(t);
            } else if cx.is_punct(t, b",") {
                let mut n = t + 1;
                while n < cx.lx.tokens.len() && cx.is_punct(n, b"*") {
                    n += 1;
                }
                if n < cx.lx.tokens.len() && cx.tok(n).kind == TokenKind::Ident {
                    if container {
                        containers.push((cx.text(n), n));
                    } else {
                        declared.push(cx.text(n));
                    }
                }
            }
            t += 1;
        }
    }
    if declared.is_empty() && containers.is_empty() {
        return;
    }
    // An element of a container (`h_x[i]`, one subscript) declared before
    // it in reach, and not declared again since with a type word.
    let element = |s: usize, e: usize| {
        cx.next(s)
            .filter(|&o| cx.is_punct(o, b"["))
            .and_then(|o| cx.matching_close(o))
            == Some(e - 1)
            && (containers.iter())
                .filter(|&&(name, d)| name == cx.text(s) && d < s)
                .map(|&(_, d)| d)
                .max()
                .is_some_and(|d| {
                    declaration_reaches(cx, d, s)
                        && !declarators(cx, s, s).take_while(|&o| o > d).any(|o| {
                            cx.prev(o)
                                .is_some_and(|p| cx.tok(p).kind == TokenKind::Ident)
                        })
                })
    };
    let half = |s: usize, e: usize| {
        element(s, e)
            || declared.contains(&cx.text(s))
                && declarators(cx, s, s)
                    .next()
                    .is_some_and(|d| declaration_reaches(cx, d, s))
                && operand_type(cx, s, e).is_some_and(|t| match t.as_slice() {
                    [b"__half"] => true,
                    [b"half"] => !own_half,
                    _ => false,
                })
    };
    let mut sites: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut inserted = cx.inserted_definitions().iter().peekable();
    for k in 0..cx.lx.tokens.len() {
        while inserted.next_if(|r| r.end as usize <= k).is_some() {}
        if inserted.peek().is_some_and(|r| r.start as usize <= k) || cx.tok(k).in_directive() {
            continue;
        }
        let text = cx.text(k);
        let site = if cx.tok(k).kind == TokenKind::Ident {
            if !HOST_HALF_FUNCTIONS.contains(&text)
                || cx
                    .prev(k)
                    .is_some_and(|p| matches!(cx.text(p), b"." | b"->" | b"::"))
            {
                continue;
            }
            let Some(args) = called_args(cx, k) else {
                continue;
            };
            // The bit casts to `__half` take an integer: host code calling
            // one needs the host form whatever its argument.
            let from_bits = matches!(text, b"__short_as_half" | b"__ushort_as_half");
            if !from_bits && !args.args.iter().any(|&(s, e)| half(s, e)) {
                continue;
            }
            let name = String::from_utf8_lossy(text);
            (
                cx.span(k, args.close + 1),
                format!(
                    "HIP 5.2's `{name}` is device code alone (CUDA's is host code too): host code calling it on `__half` values does not compile"
                ),
            )
        } else if cx.tok(k).kind == TokenKind::Punct && HALF_OPERATORS.contains(&text) {
            let (Some(left), Some(right)) = (half_operand_before(cx, k), half_operand_after(cx, k))
            else {
                continue;
            };
            if !half(left.0, left.1) || !half(right.0, right.1) {
                continue;
            }
            let op = String::from_utf8_lossy(text);
            (
                cx.span(left.0, right.1),
                format!(
                    "`{op}` on `__half` values in host code: HIP 5.2's `__half` operators are device code alone (CUDA's are host code too), so this does not compile"
                ),
            )
        } else {
            continue;
        };
        if in_host_function(cx, k) {
            sites.push(site);
        }
    }
    let Some((first, _)) = sites.first() else {
        return;
    };
    // A project with its own host forms (CUDA before 9 had none) keeps them.
    let own_operator = cx
        .idents_named(b"operator", 0..cx.lx.tokens.len())
        .any(|k| {
            cx.next(k)
                .filter(|&o| HALF_OPERATORS.contains(&cx.text(o)))
                .and_then(|o| cx.next(o))
                .filter(|&p| cx.is_punct(p, b"("))
                .and_then(|p| Some((p, cx.matching_close(p)?)))
                .is_some_and(|(p, q)| (p..q).any(|t| matches!(cx.text(t), b"__half" | b"half")))
        });
    if own_operator || HOST_HALF_FUNCTIONS.iter().any(|f| defined_for_cuda(cx, f)) {
        return;
    }
    // Every finding's fix is the one definition, where the first use needs it.
    let first = (0..cx.lx.tokens.len())
        .find(|&t| cx.tok(t).start as usize >= first.start)
        .unwrap_or(0);
    let Some(fix) = crate::translate::host_math_overload(cx, cx.opts, b"half", first) else {
        return;
    };
    for (range, message) in sites {
        out.push(fixed_by_definition(
            range,
            message,
            fix.clone(),
            "define CUDA's host `__half` operators for HIP (in float, rounded to nearest, as cuda_fp16.hpp's), or compute the host result in float".to_owned(),
        ));
    }
}

/// The type of operand `s..e` (`b`, `h_y[i]`) where its declaration is a
/// later declarator of a statement (`__half a = x, b;`, `half *h_x = …,
/// *h_y = …;`), where the nearest declarator of its name is one: the
/// statement's type words, where as many levels are declared as the operand
/// subscripts; `None` where the nearest is a first declarator (read by
/// [`operand_type`] itself).
fn later_declarator_type<'a>(cx: &Cx<'a>, s: usize, e: usize) -> Option<Vec<&'a [u8]>> {
    let subscripts = (s + 1..e).filter(|&k| cx.is_punct(k, b"[")).count();
    // The nearest declarator after a comma (over its `*`s); uses read as
    // declarators (`h_y[i] = …`) are passed over, a first declarator ends
    // the search (its type is `operand_type`'s).
    let starred = |d: usize| {
        let mut j = cx.prev(d)?;
        let mut stars = 0;
        while cx.is_punct(j, b"*") {
            stars += 1;
            j = cx.prev(j)?;
        }
        Some((j, stars))
    };
    let (d, (j, stars)) = declarators(cx, s, s)
        .filter(|&d| d != s)
        .filter_map(|d| Some((d, starred(d)?)))
        .find(|&(_, (j, _))| cx.is_punct(j, b",") || cx.tok(j).kind == TokenKind::Ident)?;
    let mut levels = stars;
    let mut after = d + 1;
    while after < cx.lx.tokens.len() && cx.is_punct(after, b"[") {
        after = cx.matching_close(after)? + 1;
        levels += 1;
    }
    if !cx.is_punct(j, b",") || levels != subscripts {
        return None;
    }
    // Back over the earlier declarators and their initializers to the
    // statement's first word.
    let mut k = j;
    loop {
        k = cx.prev(k)?;
        match cx.text(k) {
            b")" | b"]" | b"}" => k = cx.matching_open(k)?,
            b";" | b"{" | b"(" => return None,
            _ if cx.tok(k).kind == TokenKind::Ident
                && cx
                    .prev(k)
                    .is_some_and(|p| matches!(cx.text(p), b";" | b"{" | b"}")) =>
            {
                break;
            }
            _ => {}
        }
    }
    // A braced list's elements (`= {keys[i], keys[i] >> 1}`) are no
    // declarators.
    if cx
        .prev(k)
        .filter(|&p| cx.is_punct(p, b"{"))
        .and_then(|p| cx.prev(p))
        .is_some_and(|q| matches!(cx.text(q), b"=" | b"," | b"(" | b"[" | b"return"))
    {
        return None;
    }
    // `__half a`, `const half *h_x`: the words before the first declarator.
    let mut words = Vec::new();
    while cx.tok(k).kind == TokenKind::Ident {
        match cx.text(k) {
            b"const" | b"static" | b"volatile" => {}
            w => words.push(w),
        }
        k += 1;
    }
    // The last word is the first declarator's name, unless `*` parts them;
    // no type word left is no declaration (`x = 1, y = 2;`).
    if !cx.is_punct(k, b"*") {
        words.pop();
    }
    (!words.is_empty()).then_some(words)
}

/// Whether the declaration at declarator `d` may be in scope at token `u`:
/// not where it is a block's or a function's parameter and `u` lies outside
/// that block or body (the nearest declaration of a name may be another
/// function's: a loop's `for (auto v : …)` declares no declarator here). A
/// `d` in other brackets (a use read as a declarator: `f(x)`) says nothing.
fn declaration_reaches(cx: &Cx<'_>, d: usize, u: usize) -> bool {
    let Some(open) = cx.enclosing_open(d) else {
        return true;
    };
    let body = if cx.is_punct(open, b"(") {
        let Some(close) = cx.matching_close(open) else {
            return true;
        };
        let body = (close + 1..(close + 16).min(cx.lx.tokens.len()))
            .find(|&t| cx.is_punct(t, b"{") || cx.is_punct(t, b";"));
        match body {
            Some(b) if cx.is_punct(b, b"{") => b,
            _ => return true,
        }
    } else if cx.is_punct(open, b"{") {
        open
    } else {
        return true;
    };
    body < u && cx.matching_close(body).is_some_and(|c| u < c)
}

/// The operand `s..e` just before binary operator `op` (`x`, `a[i][j]`),
/// where nothing binding tighter reaches into it: not a member, a call's
/// result, a cast or a dereference.
fn half_operand_before(cx: &Cx<'_>, op: usize) -> Option<(usize, usize)> {
    let mut s = cx.prev(op)?;
    while cx.is_punct(s, b"]") {
        s = cx.prev(cx.matching_open(s)?)?;
    }
    let before = cx.prev(s)?;
    let bound = matches!(
        cx.text(before),
        b"." | b"->" | b"::" | b")" | b"*" | b"&" | b"~" | b"!" | b"++" | b"--" | b"sizeof"
    );
    (cx.tok(s).kind == TokenKind::Ident && !bound).then_some((s, op))
}

/// The operand `s..e` just after binary operator `op`, on the same terms.
fn half_operand_after(cx: &Cx<'_>, op: usize) -> Option<(usize, usize)> {
    let s = cx.next(op)?;
    if cx.tok(s).kind != TokenKind::Ident {
        return None;
    }
    let mut e = s + 1;
    while e < cx.lx.tokens.len() && cx.is_punct(e, b"[") {
        e = cx.matching_close(e)? + 1;
    }
    let after = (e < cx.lx.tokens.len()).then(|| cx.text(e));
    let bound = after.is_some_and(|t| matches!(t, b"(" | b"." | b"->" | b"::" | b"++" | b"--"));
    (!bound).then_some((s, e))
}

/// A call of `rsqrtf` or `rsqrt` in a function the host compiles (`__host__
/// __device__`, as helper_math.h's `normalize`, or a host function): CUDA
/// defines them for the host too (crt/math_functions.hpp), HIP for device
/// code alone, so hipcc rejects the call wherever host code reaches it.
/// CUDA's host form goes in (a required fix); a finding where it has no
/// line to go on. Not where the file defines the name itself for every
/// compiler (a stand-in under `#ifndef __CUDACC__` is for other compilers).
fn host_math(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    let called = cx.next(i).is_some_and(|n| cx.is_punct(n, b"("));
    let member = cx
        .prev(i)
        .is_some_and(|p| matches!(cx.text(p), b"." | b"->" | b"::"));
    let host_call = |k: usize| {
        cx.next(k).is_some_and(|n| cx.is_punct(n, b"("))
            && !cx
                .prev(k)
                .is_some_and(|p| matches!(cx.text(p), b"." | b"->" | b"::"))
            && !cx.tok(k).in_directive()
            && in_host_function(cx, k)
    };
    if !called
        || member
        || cx.tok(i).in_directive()
        || !in_host_function(cx, i)
        || defined_for_cuda(cx, name)
    {
        return;
    }
    // Every call's fix is the definition where the first such call needs
    // it: one edit, written once (in an include-guarded header as in a
    // source file).
    let first = cx
        .memo_token(NameQuery::FirstServedCall, name, || {
            cx.idents_named(name, 0..usize::MAX).find(|&k| host_call(k))
        })
        .map_or(i, |first| first.min(i));
    let Some(fix) = cx.memo_definition(name, || {
        crate::translate::host_math_overload(cx, cx.opts, name, first)
    }) else {
        return;
    };
    let name = String::from_utf8_lossy(name);
    out.push(fixed_by_definition(
        cx.tok(i).range(),
        format!(
            "HIP's `{name}` is device code alone (CUDA's is host code too): host code calling this function does not compile"
        ),
        fix,
        format!("define a host `{name}` for HIP (`1.0 / sqrt(x)`, as CUDA's)"),
    ));
}

/// A call of `sincos` or `sincospi` that may take CUDA's `float` overload
/// (its results' variables are not declared `double`): HIP declares both
/// for `double` alone, so on `float` variables (relion's `XFLOAT sa, ca;
/// sincos(x, &sa, &ca)`) the port does not compile. The fix defines CUDA's
/// overload ([`crate::translate::float_math_overload`]), which a call on
/// `double` variables leaves alone, so it is right whatever the type.
fn float_math(cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
    let candidate = |k: usize| {
        let qualified = cx.prev(k).is_some_and(|p| {
            matches!(cx.text(p), b"." | b"->")
                || (cx.is_punct(p, b"::")
                    && cx
                        .prev(p)
                        .is_some_and(|q| cx.tok(q).kind == TokenKind::Ident))
        });
        if qualified || cx.tok(k).in_directive() {
            return false;
        }
        let Some(args) = called_args(cx, k) else {
            return false;
        };
        let [_, (s, s_end), (c, c_end)] = args.args[..] else {
            return false;
        };
        // `&v` (or `v`, a pointer) with `v` declared `double`: HIP's own.
        let double = |a: usize, b: usize| {
            let v = if cx.is_punct(a, b"&") { a + 1 } else { a };
            v + 1 == b
                && cx.tok(v).kind == TokenKind::Ident
                && declared_type(cx, v).is_some_and(|t| t.as_slice() == [b"double"])
        };
        !(double(s, s_end) || double(c, c_end))
    };
    if !candidate(i) || defined_for_cuda(cx, name) {
        return;
    }
    // Every call's fix is the definition where the first such call needs
    // it: one edit, written once.
    let first = cx
        .memo_token(NameQuery::FirstServedCall, name, || {
            cx.idents_named(name, 0..usize::MAX).find(|&k| candidate(k))
        })
        .map_or(i, |first| first.min(i));
    let Some(fix) = cx.memo_definition(name, || {
        crate::translate::float_math_overload(cx, cx.opts, name, first)
    }) else {
        return;
    };
    let name = String::from_utf8_lossy(name);
    out.push(fixed_by_definition(
        cx.tok(i).range(),
        format!(
            "HIP declares `{name}` for `double` alone (CUDA for `float` too): a call on `float` variables does not compile"
        ),
        fix,
        format!("call `{name}f` on `float` variables"),
    ));
}

/// HIP-W005 at `range` whose required fix inserts the definition `fix`
/// (from a `*_overload` of the shims), or, where none can go, `help`.
fn fixed_by_definition(
    range: std::ops::Range<usize>,
    message: String,
    fix: Option<(Edit, &'static str)>,
    help: String,
) -> Diagnostic {
    let diagnostic = Diagnostic::new(Code::UnsupportedApi, range, message);
    match fix {
        Some((edit, title)) => diagnostic.with_fix(title, vec![edit], Applicability::Required),
        None => diagnostic.with_help(help),
    }
}

/// Whether token `i` is in a function body the host compiles: one with
/// `__host__`, or with no `__device__` nor `__global__`.
fn in_host_function(cx: &Cx<'_>, i: usize) -> bool {
    targets(cx, i).is_some_and(|(device, host)| host || !device)
}

/// Whether the file declares function `name` where CUDA compiles it: a
/// declaration outside every `#ifndef __CUDACC__`/`__HIPCC__` conditional
/// (helper_math.h's host `rsqrtf` stands in for CUDA's under other
/// compilers alone).
fn defined_for_cuda(cx: &Cx<'_>, name: &[u8]) -> bool {
    cx.memo(NameQuery::DefinedForCuda, name, || {
        declarations(cx, name).any(|k| !for_other_compilers(cx, cx.tok(k).start as usize))
    })
}

/// Whether byte `at` lies in an open `#ifndef __CUDACC__` (or `__HIPCC__`,
/// or `#if !defined(…)` of them) group.
fn for_other_compilers(cx: &Cx<'_>, at: usize) -> bool {
    let mut open: Vec<bool> = Vec::new();
    for d in cx
        .lx
        .directives
        .iter()
        .take_while(|d| (d.hash as usize) < at)
    {
        let words = || (d.first_token as usize + 1..d.end_token as usize).map(|t| cx.text(t));
        let compiler = || words().any(|w| w == b"__CUDACC__" || w == b"__HIPCC__");
        match d.name.as_str() {
            "ifndef" => open.push(compiler()),
            "if" => open.push(compiler() && words().any(|w| w == b"!")),
            "ifdef" => open.push(false),
            "else" | "elif" => {
                if let Some(top) = open.last_mut() {
                    *top = false;
                }
            }
            "endif" => {
                open.pop();
            }
            _ => {}
        }
    }
    open.contains(&true)
}

/// Whether the file declares a function spelled `name` itself (`__device__
/// __half atomicAdd(__half *a, __half v)`, the usual stand-in for an
/// overload the platform lacks): a type word, not `return` and the like,
/// right before `name(`.
fn defines(cx: &Cx<'_>, name: &[u8]) -> bool {
    cx.memo(NameQuery::DefinesFunction, name, || {
        declarations(cx, name).next().is_some()
    })
}

/// The tokens that declare a function spelled `name` (see [`defines`]).
fn declarations<'c>(cx: &'c Cx<'_>, name: &'c [u8]) -> impl Iterator<Item = usize> + 'c {
    cx.idents_named(name, 0..cx.lx.tokens.len())
        .filter(move |&k| {
            cx.next(k).is_some_and(|o| cx.is_punct(o, b"("))
                && cx.prev(k).is_some_and(|p| {
                    cx.tok(p).kind == TokenKind::Ident
                        && !matches!(cx.text(p), b"return" | b"else" | b"case" | b"do" | b"throw")
                })
        })
}

/// Kernel launches. In device code (`child<<<g, b>>>(…)` in a `__global__`
/// or `__device__` function: CUDA's dynamic parallelism) HIP launches
/// nothing: kernels launch from the host only, so the port does not compile
/// there. On the host, a grid or block given as a `uint3` (`<<<s.grid,
/// s.block>>>` of a struct's `uint3` members) converts to CUDA's `dim3`
/// (vector_types.h) but not to HIP's: [`vector_conversion`]'s finding, at
/// the launch as at the `dim3(v)` its `hipLaunchKernelGGL` form writes.
pub(super) fn launches(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    // A `uint3` is named in the file or known of a header's member: most
    // files have none, and reading each launch's argument types is dear.
    let uint3 = memchr::memmem::find(cx.src, b"uint3").is_some()
        || cx.opts.member_types.iter().any(|(_, t)| t == "uint3");
    let mut last: Option<(usize, (usize, usize), bool)> = None;
    let mut k = 0;
    for at in memchr::memmem::find_iter(cx.src, b"<<<") {
        k = cx.first_at_or_after(at, k);
        if k + 2 >= cx.lx.tokens.len()
            || cx.tok(k).start as usize != at
            || cx.tok(k).in_directive()
            || !cx.is_punct(k, b"<")
        {
            continue;
        }
        // Launches come in token order and most sit in a few long host
        // functions: the walk stops at the last launch if they share one.
        let prior = last.map(|(at, function, _)| (at, function));
        // A launch in no function found (a body the braces leave open) is
        // the host's, as `dim3(v)` in its `hipLaunchKernelGGL` form reads.
        let device = match super::bodies::enclosing_function(cx, k, prior) {
            Some(function) => {
                let device = match last.filter(|&(_, f, _)| f == function) {
                    Some((_, _, device)) => device,
                    None => device_function(cx, function.1),
                };
                last = Some((k, function, device));
                device
            }
            None => false,
        };
        if !device {
            if let Some(crate::tokens::Configuration::Closed { args, .. }) =
                cx.launch_configuration(k).filter(|_| uint3)
            {
                for &(s, e) in args.iter().take(2) {
                    converted(cx, b"dim3", s, e, true, out);
                }
            }
            continue;
        }
        // The launch configuration `<<<…>>>`, for the span.
        let end = (k..cx.lx.tokens.len().min(k + 256))
            .find(|&e| {
                e >= k + 3
                    && cx.is_punct(e, b">")
                    && cx.is_punct(e - 1, b">")
                    && cx.is_punct(e - 2, b">")
            })
            .map_or(k + 3, |e| e + 1);
        out.push(
            Diagnostic::new(
                Code::UnsupportedApi,
                cx.span(k, end),
                "kernel launch from device code (dynamic parallelism): HIP launches kernels from the host only",
            )
            .with_help("launch the child kernel from the host after the parent returns, or fold its work into the parent (a loop, or a grid-wide sync with cooperative groups)"),
        );
    }
}

/// Whether the function named at token `name` is declared `__global__` or
/// `__device__`: its head, back from the name to the statement before.
fn device_function(cx: &Cx<'_>, name: usize) -> bool {
    let mut h = name;
    for _ in 0..64 {
        let Some(p) = cx.prev(h) else { break };
        if cx.is_punct(p, b";") || cx.is_punct(p, b"}") || cx.is_punct(p, b"{") {
            break;
        }
        if cx.is_ident(p, b"__global__") || cx.is_ident(p, b"__device__") {
            return true;
        }
        h = p;
    }
    false
}

fn launch_bounds(cx: &Cx<'_>, i: usize, out: &mut Vec<Diagnostic>) {
    let Some(open) = cx.next(i).filter(|&o| cx.is_punct(o, b"(")) else {
        return;
    };
    let Some(args) = cx.call_args(open) else {
        return;
    };
    if args.args.len() < 2 {
        return;
    }
    let literal = |(a, b): (usize, usize)| {
        (b == a + 1 && cx.tok(a).kind == TokenKind::Number)
            .then(|| super::warp::int_literal(cx.text(a)).map(|(v, _)| v))
            .flatten()
    };
    let (max_threads, min_blocks) = (literal(args.args[0]), literal(args.args[1]));
    // CUDA asks for MIN_BLOCKS * MAX_THREADS threads resident per SM; a CDNA
    // compute unit holds them as 64-lane waves over 4 execution units, so
    // the same occupancy is that product / 256 waves per unit (rounded
    // down: the help never asks for more than CUDA did).
    let same_waves = max_threads
        .zip(min_blocks)
        .map(|(t, m)| (m * t / 256).max(1));
    if min_blocks == Some(1) || same_waves.is_some() && same_waves == min_blocks {
        // One block resident, or one wave per unit, asks for nothing a
        // kernel does not get anyway; and where the two readings give the
        // same occupancy (256 threads) nothing changes.
        return;
    }
    let (a, b) = args.args[1];
    if a >= b {
        return;
    }
    let help = match (max_threads, min_blocks, same_waves) {
        (Some(t), Some(m), Some(waves)) => {
            let unit = if waves == 1 { "wave" } else { "waves" };
            format!(
                "the same occupancy on CDNA (4 execution units of 64-lane waves per CU) is {m} * {t} / 256 = {waves} {unit} per unit: `__launch_bounds__({t}, {waves})`; or drop the second argument"
            )
        }
        _ => "CUDA's MIN_BLOCKS * MAX_THREADS resident threads are MIN_BLOCKS * MAX_THREADS / 256 waves per execution unit on CDNA (4 units of 64 lanes per CU); rescale by hand, or drop the second argument".to_owned(),
    };
    out.push(
        Diagnostic::new(
            Code::LaunchBoundsMinBlocks,
            cx.span(i, args.close + 1),
            "two-argument `__launch_bounds__`: HIP reads the second argument as minimum warps per execution unit, not minimum blocks per SM",
        )
        .with_help(help),
    );
}

/// `warpSize` as a template argument, array bound, `constexpr`/`static_assert`
/// operand or `case` label: not a constant in HIP from ROCm 7.
fn warp_size_constant(cx: &Cx<'_>, i: usize, out: &mut Vec<Diagnostic>) {
    let prev = cx.prev(i).map(|p| cx.text(p)).unwrap_or_default();
    let next = cx.next(i).map(|n| cx.text(n)).unwrap_or_default();
    let mut role = match (prev, next) {
        (b"<" | b",", b">" | b",") if in_template_args(cx, i) => Some("a template argument"),
        (b"[", b"]") => Some("an array bound"),
        (b"case", _) => Some("a case label"),
        _ => None,
    };
    if role.is_none() {
        // In a constexpr declaration or static_assert on the same statement.
        let mut k = i;
        while let Some(p) = cx.prev(k) {
            match cx.text(p) {
                b";" | b"{" | b"}" => break,
                b"constexpr" => {
                    role = Some("a constexpr value");
                    break;
                }
                b"static_assert" => {
                    role = Some("a static_assert operand");
                    break;
                }
                _ => k = p,
            }
        }
    }
    if let Some(role) = role.filter(|_| !own_warp_size(cx, i)) {
        out.push(
            Diagnostic::new(
                Code::WarpSizeConstexpr,
                cx.tok(i).range(),
                format!("`warpSize` used as {role}; it is not a compile-time constant in HIP from ROCm 7"),
            )
            .with_help("use a per-target constant of your own (64 on CDNA, 32 on RDNA), or __AMDGCN_WAVEFRONT_SIZE on older ROCm"),
        );
    }
}

/// Whether `warpSize` at token `i` is the project's own name, a constant
/// HIP's does not replace: a template parameter (SuiteSparse GraphBLAS'
/// `template<typename T, int warpSize> … T shared[warpSize]`), a variable
/// or parameter declared in scope, or a macro.
fn own_warp_size(cx: &Cx<'_>, i: usize) -> bool {
    if cx.defines_macro(b"warpSize") {
        return true;
    }
    // A declaration before `i`, in scope. Most files declare none: asked once
    // per file, not a search of the text before each use.
    let declares_any = || {
        cx.idents_named(b"warpSize", 0..usize::MAX)
            .any(|d| declares_warp_size(cx, d))
    };
    if !cx.memo(NameQuery::DeclaresTyped, b"warpSize", declares_any) {
        return false;
    }
    cx.idents_named(b"warpSize", 0..i).any(|d| {
        declares_warp_size(cx, d)
            && match template_parameter_scope(cx, d) {
                Some(end) => i < end,
                None => super::warp::in_scope(cx, d, i),
            }
    })
}

/// Whether `warpSize` at token `d` is declared there: a type word before
/// it, and the end of a declarator after it.
fn declares_warp_size(cx: &Cx<'_>, d: usize) -> bool {
    let typed = cx.prev(d).is_some_and(|p| {
        matches!(
            cx.text(p),
            b"int"
                | b"unsigned"
                | b"long"
                | b"short"
                | b"size_t"
                | b"auto"
                | b"uint32_t"
                | b"int32_t"
        )
    });
    let ends = cx
        .next(d)
        .is_some_and(|n| matches!(cx.text(n), b">" | b"," | b"=" | b";" | b")"));
    typed && ends
}

/// Where the declaration ends whose template parameter list holds token
/// `d` (`template<…, int warpSize> … { … }`): its body's `}` or its `;`.
fn template_parameter_scope(cx: &Cx<'_>, d: usize) -> Option<usize> {
    let open = cx
        .walk(d, BracketSet::All, Way::Back)
        .take_while(|s| {
            !(s.unmatched || s.depth == 0 && matches!(cx.text(s.k), b";" | b"{" | b"}"))
        })
        .find(|s| {
            s.depth == 0
                && cx.is_punct(s.k, b"<")
                && cx.prev(s.k).is_some_and(|t| cx.is_ident(t, b"template"))
        })?
        .k;
    let close = cx.template_close(open, cx.lx.tokens.len())?;
    if close < d {
        return None;
    }
    let end = cx
        .walk(close + 1, BracketSet::Parens, Way::ForwardOverDirectives)
        .take_while(|s| !s.unmatched)
        .find(|s| s.depth == 0 && matches!(cx.text(s.k), b";" | b"{"))?
        .k;
    if cx.is_punct(end, b"{") {
        cx.matching_close(end)
    } else {
        Some(end)
    }
}

fn in_template_args(cx: &Cx<'_>, i: usize) -> bool {
    let mut depth = 0;
    let mut k = i;
    while let Some(p) = cx.prev(k) {
        match cx.text(p) {
            b">" => depth += 1,
            b"<" if depth == 0 => {
                return cx
                    .prev(p)
                    .is_some_and(|n| cx.tok(n).kind == TokenKind::Ident);
            }
            b"<" => depth -= 1,
            b";" | b"{" | b"}" | b"(" | b")" => return false,
            _ => {}
        }
        k = p;
    }
    false
}

/// `texture<float, 1, cudaReadModeElementType> tex;` (not `cudaTextureObject_t`).
/// The file declares a class of that name itself (`namespace img {
/// template <…> struct texture { … }; }`, used after `using namespace
/// img;`): a `texture<…>` there is the project's.
fn own_class(cx: &Cx<'_>, name: &[u8]) -> bool {
    cx.memo(NameQuery::DeclaresClass, name, || declares_class(cx, name))
}

/// [`own_class`], asked of the file.
fn declares_class(cx: &Cx<'_>, name: &[u8]) -> bool {
    let mut k = 0;
    memchr::memmem::find_iter(cx.src, name).any(|at| {
        k = cx.first_at_or_after(at, k);
        k < cx.lx.tokens.len()
            && cx.tok(k).start as usize == at
            && cx.is_ident(k, name)
            && cx
                .prev(k)
                .is_some_and(|p| cx.is_ident(p, b"struct") || cx.is_ident(p, b"class"))
            && cx.next(k).is_some_and(|n| !cx.is_punct(n, b"<"))
    })
}

fn is_reference_declaration(cx: &Cx<'_>, i: usize) -> bool {
    let Some(lt) = cx.next(i).filter(|&k| cx.is_punct(k, b"<")) else {
        return false;
    };
    let Some(gt) = cx.template_close(lt, cx.lx.tokens.len()) else {
        return false;
    };
    cx.next(gt)
        .is_some_and(|n| cx.tok(n).kind == TokenKind::Ident || cx.is_punct(n, b"&"))
        && !cx
            .prev(i)
            .is_some_and(|p| cx.is_punct(p, b"::") || cx.is_punct(p, b"."))
}

/// Builtin index members passed to device `printf`: HIP before 6.0 rejects them.
fn printf_args(cx: &Cx<'_>, i: usize, out: &mut Vec<Diagnostic>) {
    let Some(open) = cx.next(i).filter(|&o| cx.is_punct(o, b"(")) else {
        return;
    };
    let Some(args) = cx.call_args(open) else {
        return;
    };
    for &(a, b) in args.args.iter().skip(1) {
        // Exactly `threadIdx.x` (three tokens).
        if b == a + 3
            && matches!(
                cx.text(a),
                b"threadIdx" | b"blockIdx" | b"blockDim" | b"gridDim"
            )
            && cx.is_punct(a + 1, b".")
            && matches!(cx.text(a + 2), b"x" | b"y" | b"z")
        {
            let r = cx.span(a, b);
            let text = String::from_utf8_lossy(&cx.src[r.clone()]).into_owned();
            out.push(
                Diagnostic::new(
                    Code::PrintfBuiltinArg,
                    r.clone(),
                    format!("`{text}` passed to device printf: HIP before 6.0 cannot pass it as a variadic argument"),
                )
                .with_help("cast it to its CUDA type: (unsigned)")
                .with_fix(
                    format!("cast to `(unsigned){text}`"),
                    vec![Edit::insert(r.start, "(unsigned)")],
                    Applicability::Required,
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The type words `operand_type` gives the last use of `name` in `src`.
    fn type_of(src: &str, name: &str) -> Option<Vec<String>> {
        let lx = crate::lex::lex(src.as_bytes());
        let tokens = crate::tokens::Tokens::new(src.as_bytes(), &lx);
        let opts = crate::Options::default();
        let facts = crate::translate::Facts::default();
        let cx = Cx::new(&tokens, &opts, &[], &facts);
        let u = (0..lx.tokens.len())
            .rev()
            .find(|&k| cx.text(k) == name.as_bytes())?;
        let mut e = u + 1;
        while e < lx.tokens.len() && cx.is_punct(e, b"[") {
            e = cx.matching_close(e)? + 1;
        }
        operand_type(&cx, u, e).map(|w| {
            w.iter()
                .map(|w| String::from_utf8_lossy(w).into_owned())
                .collect()
        })
    }

    #[test]
    fn header_member_types_agree_or_say_none() {
        let header = b"struct A { dim3 grid, block; uint3 tile; int n; };\n\
            struct B { uint3 shape; };\n\
            struct C { dim3 shape; int tile2; };\n\
            void f(int a, dim3 g);\n";
        let names: Vec<String> = ["grid", "block", "tile", "n", "shape", "missing", "a"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let got = header_member_types(header, &names);
        let want: Vec<(String, Option<String>)> = [
            ("grid", Some("dim3")),
            ("block", Some("dim3")),
            ("tile", Some("uint3")),
            ("n", None),
            ("shape", None),
            ("a", None),
        ]
        .iter()
        .map(|(n, t)| (n.to_string(), t.map(str::to_string)))
        .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn every_declarator_of_a_list_is_typed() {
        // (source, the name whose last use is typed, the type words).
        let cases: &[(&str, &str, Option<&str>)] = &[
            ("void f() { __half a = x, b; g(b); }", "b", Some("__half")),
            ("void f() { __half a = x, b; g(a); }", "a", Some("__half")),
            (
                "void f() { const uint3 p, q = v, r; g(r); }",
                "r",
                Some("uint3"),
            ),
            (
                "void f() { half *h_x = p, *h_y = q; g(h_y[i]); }",
                "h_y",
                Some("half"),
            ),
            ("void f() { dim3 a(1, 2), b = c; g(b); }", "b", Some("dim3")),
            // The nearest declaration counts: a later `int b` shadows a list's `b`.
            (
                "void f() { __half a, b; { int b = 0; g(b); } }",
                "b",
                Some("int"),
            ),
            (
                "void f() { int b = 0; __half a, b2; g(b); }",
                "b",
                Some("int"),
            ),
            // A pointer declarator is no element: `h_y` itself is not a `half`.
            ("void f() { half *h_x = p, *h_y = q; g(h_y); }", "h_y", None),
            (
                "void f() { uint3 b = m(8, 4), s[2] = {m(1), m(2)}; g(s[0]); }",
                "s",
                Some("uint3"),
            ),
            (
                "void f() {\n  uint3 block = make_uint3(8, 8, 4), sizes[2] = {make_uint3(1, 1, 1), make_uint3(2, 2, 2)};\n  dim3 u2(sizes[1]);\n}\n",
                "sizes",
                Some("uint3"),
            ),
            // Elements of a braced list and a comma expression are no declarators.
            (
                "void f(const long* keys) { int64_t l[2] = {keys[i], keys[i] >> 1}; g(keys[i]); }",
                "keys",
                Some("long"),
            ),
            ("void f() { int x; x = 1, y = 2; g(y); }", "y", None),
            // Arguments of a call are no declaration list.
            ("void f() { g(x, b); h(b); }", "b", None),
        ];
        for &(src, name, want) in cases {
            let got = type_of(src, name).map(|w| w.join(" "));
            assert_eq!(got.as_deref(), want, "{src}");
        }
    }
}
