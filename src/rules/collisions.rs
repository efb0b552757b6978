//! Definitions of the project's that HIP's headers make twice: compound
//! assignments on the vector types (`HIP_vector_type` declares them as
//! members; CUDA defines none, so projects vendor `helper_math.h`), `atomicMax`/`atomicMin` on floating
//! point, `__ffsll`. Both are visible after translation: calls become
//! ambiguous, or the function is redefined. Reported where the project
//! defines it; which one to keep is the project's choice.

use super::Cx;
use crate::diagnostic::{Applicability, Code, Diagnostic};
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::source::LineIndex;
use crate::tokens::{BracketSet, Way};

/// What may make [`vector_type_declaration`] report in any C++ file (the
/// rule table's row, from which the prefilter's words come).
pub(super) const VECTOR_TYPE_TRIGGERS: super::table::Triggers = super::table::Triggers {
    words: VECTOR_TYPES,
    prefixes: &[],
    substrings: &[],
};

/// The vector types HIP gives arithmetic operators.
const VECTOR_TYPES: &[&[u8]] = &[
    b"char2",
    b"char3",
    b"char4",
    b"uchar2",
    b"uchar3",
    b"uchar4",
    b"short2",
    b"short3",
    b"short4",
    b"ushort2",
    b"ushort3",
    b"ushort4",
    b"int2",
    b"int3",
    b"int4",
    b"uint2",
    b"uint3",
    b"uint4",
    b"long2",
    b"long3",
    b"long4",
    b"ulong2",
    b"ulong3",
    b"ulong4",
    b"longlong2",
    b"longlong3",
    b"longlong4",
    b"ulonglong2",
    b"ulonglong3",
    b"ulonglong4",
    b"float2",
    b"float3",
    b"float4",
    b"double2",
    b"double3",
    b"double4",
];

/// A file's operator collisions so far, and what the checks read once.
#[derive(Default)]
pub(super) struct Collisions {
    /// A vendored `helper_math.h` has 150 of them: [`Collisions::summarize`]
    /// makes them one finding.
    operators: Vec<Operator>,
    /// Per directive: whether HIP never compiles the code after it.
    never_compiled_after: std::cell::OnceCell<Vec<bool>>,
    /// The file's own macros defined as `__host__ __device__`, read on
    /// first need (once per file, not per operator).
    host_device_macros: std::cell::OnceCell<Vec<String>>,
    /// The lines the translation keeps for CUDA alone: the other rules'
    /// findings there are for code HIP never compiles.
    cuda_only: Vec<(usize, usize)>,
    /// Whether the unit includes CUDA's or HIP's complex header, read
    /// once ([`Collisions::complex_header`]).
    complex_header: std::cell::OnceCell<Option<bool>>,
    /// A use that would collide were the complex header in the unit, in a
    /// file that may include it through a header of its own: the run
    /// reads those headers ([`super::Outcome::wants_complex_header`]).
    pub(super) wants_complex_header: bool,
    /// The names that may be declared `float2` or `double2` (every
    /// identifier from such a type word to the `;` or `{` after it), read
    /// once where the complex header is not known: only a use of one is
    /// probed ([`Collisions::may_be_complex_vector`]).
    vector_names: std::cell::OnceCell<Vec<Box<[u8]>>>,
}

impl Collisions {
    /// Checks identifier token `i` (`name`): an `operator` over a vector
    /// type, or a definition of a function HIP defines too.
    pub(super) fn ident(&mut self, cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
        match name {
            b"operator" => {
                if let Some(found) = operator(cx, i, self) {
                    self.operators.push(found);
                } else if !complex_operator(cx, i, self, out) {
                    own_pair_definition(cx, i, self, out);
                }
            }
            b"atomicMax" | b"atomicMin" | b"__ffsll" => function(cx, i, name, self, out),
            _ if cx
                .next(i)
                .is_some_and(|k| matches!(cx.text(k), b"*" | b"/" | b"+" | b"-" | b"["))
                && self.complex_header(cx) != Some(false) =>
            {
                if self.complex_header(cx).is_some() {
                    complex_vector_use(cx, i, self, out)
                } else if !self.wants_complex_header && self.may_be_complex_vector(cx, name) {
                    // Where the names may be `float2` or `double2` both:
                    // reading the headers costs less than the types.
                    self.wants_complex_header = vector_use_at(cx, i)
                        .is_some_and(|u| self.may_be_complex_vector(cx, cx.text(u.right.start)));
                }
            }
            _ if name.starts_with(b"__") && PAIR_FUNCTIONS.contains(&name) => {
                own_pair_definition(cx, i, self, out)
            }
            _ => {}
        }
    }

    /// Whether the translated unit includes HIP's complex header: the
    /// file includes it or CUDA's ([`includes_complex_header`]), or a
    /// header the file includes by a relative path does
    /// ([`crate::Options::complex_header_included`], the run's second
    /// look). `None`: not known, where the file includes headers of its
    /// own and names `float2` or `double2`.
    fn complex_header(&self, cx: &Cx<'_>) -> Option<bool> {
        *self.complex_header.get_or_init(|| {
            if cx.opts.complex_header_included || includes_complex_header(cx) {
                return Some(true);
            }
            let vectors = || {
                [&b"float2"[..], b"double2"]
                    .iter()
                    .any(|w| memchr::memmem::find(cx.src, w).is_some())
            };
            let relative = || {
                (0..cx.lx.directives.len())
                    .any(|d| super::include_path(cx, d).is_some_and(|(t, _)| cx.text(t)[0] == b'"'))
            };
            (!(relative() && vectors())).then_some(false)
        })
    }

    /// Whether `name` may be declared `float2` or `double2` in the file
    /// (a superset of what [`super::semantics::operand_type`] reads).
    fn may_be_complex_vector(&self, cx: &Cx<'_>, name: &[u8]) -> bool {
        let names = self.vector_names.get_or_init(|| {
            let mut names: Vec<Box<[u8]>> = Vec::new();
            for ty in [&b"float2"[..], b"double2"] {
                for t in cx.idents_named(ty, 0..cx.lx.tokens.len()) {
                    for k in t + 1..cx.lx.tokens.len() {
                        if cx.is_punct(k, b";") || cx.is_punct(k, b"{") {
                            break;
                        }
                        if cx.tok(k).kind == TokenKind::Ident {
                            names.push(cx.text(k).into());
                        }
                    }
                }
            }
            names.sort_unstable();
            names.dedup();
            names
        });
        names.binary_search_by(|n| (**n).cmp(name)).is_ok()
    }

    /// Whether byte `at` lies in a branch AMD's HIP never compiles
    /// (`#ifdef __NVCC__`, `#ifndef __HIP_PLATFORM_AMD__`).
    fn hip_never_compiles(&self, cx: &Cx<'_>, at: usize) -> bool {
        let after = (self.never_compiled_after)
            .get_or_init(|| super::branches::hip_never_compiles_after(cx));
        let dirs = &cx.lx.directives;
        let k = dirs.partition_point(|d| (d.line_start as usize) < at);
        k > 0 && after.get(k - 1).copied().unwrap_or(false)
    }

    /// Adds the file's operator collisions to `out`, as one finding, and
    /// its collapsed overloads; drops the findings in what is left to CUDA.
    /// Returns the lines kept for CUDA alone.
    /// The findings of the whole file, once its tokens are read; `cuda`:
    /// whether the file shows CUDA (the rule table runs this rule in those
    /// files alone, and the prefilter skips plain C++ by that).
    pub(super) fn summarize(
        mut self,
        cx: &Cx<'_>,
        cuda: bool,
        out: &mut Vec<Diagnostic>,
    ) -> Vec<(usize, usize)> {
        let operators = std::mem::take(&mut self.operators);
        self.cuda_only
            .extend(operators.iter().filter_map(|o| o.guard));
        summarize_operators(cx, operators, out);
        if cuda {
            self.vector_type_macros(cx, out);
        }
        collapsed_overloads(cx, &mut self.cuda_only, out);
        collapsed_macro_names(cx, out);
        retain_outside(&self.cuda_only, out);
        self.cuda_only
    }
}

impl Collisions {
    /// `#define int2 _lgpu_int2` (LAMMPS' lal_precision.h, for host code
    /// that includes `cuda.h` alone, which declares no vector types): the
    /// translation includes HIP's runtime header for `cuda.h`, which
    /// declares `int2` itself, and where it comes after the macro, the
    /// macro rewrites HIP's declaration (a typedef redefinition). Read once
    /// per file, from the `#define`s: an object-like macro named like a
    /// vector type, in code HIP compiles.
    fn vector_type_macros(&self, cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
        for d in cx.lx.directives.iter().filter(|d| d.name == "define") {
            let name = d.first_token as usize + 1;
            if name >= d.end_token as usize || !VECTOR_TYPES.contains(&cx.text(name)) {
                continue;
            }
            let function_like = name + 1 < d.end_token as usize
                && cx.is_punct(name + 1, b"(")
                && cx.tok(name + 1).start == cx.tok(name).end;
            if function_like || self.hip_never_compiles(cx, d.hash as usize) {
                continue;
            }
            let ty = String::from_utf8_lossy(cx.text(name));
            out.push(
                Diagnostic::new(
                    Code::HipCollision,
                    cx.tok(name).range(),
                    format!(
                        "the project defines `{ty}` as a macro; HIP's runtime header declares the vector type `{ty}`, and the macro rewrites that declaration where the header is included after it"
                    ),
                )
                .with_help(format!(
                    "keep the macro for CUDA only (`#ifndef __HIP_PLATFORM_AMD__`, as the project's HIP build would), or include HIP's runtime header before it: HIP's `{ty}` has the same members"
                )),
            );
        }
    }
}

/// The parameter list `(`…`)` after token `from` and what follows it, when
/// it is a definition (`{` after the `)`, past `const`/qualifiers).
fn defined_params(cx: &Cx<'_>, open: usize) -> Option<(usize, usize)> {
    let close = cx.matching_close(open).filter(|&c| cx.is_punct(c, b")"))?;
    let mut k = cx.next(close)?;
    while cx.tok(k).kind == TokenKind::Ident {
        k = cx.next(k)?;
    }
    cx.is_punct(k, b"{").then_some((open, close))
}

fn operator(cx: &Cx<'_>, i: usize, found: &Collisions) -> Option<Operator> {
    // `operator` then its symbol's punctuation, then `(`.
    let mut k = cx.next(i);
    let mut op = Vec::new();
    let op_start = k;
    while let Some(j) = k.filter(|&j| cx.tok(j).kind == TokenKind::Punct && !cx.is_punct(j, b"(")) {
        op.extend_from_slice(cx.text(j));
        k = cx.next(j);
    }
    let op_tokens = op_start.map_or(0..0, |s| s..k.unwrap_or(s));
    if matches!(op.as_slice(), b"+" | b"-" | b"*" | b"/") {
        return complex_vector_operator(cx, i, &op, k, found);
    }
    // HIP declares the compound assignments as members of its vector type:
    // with the project's free one, `a += b` has two exact matches. (Its
    // binary operators lose to a project's non-template ones: those compile.)
    if !matches!(
        op.as_slice(),
        b"+=" | b"-=" | b"*=" | b"/=" | b"%=" | b"&=" | b"|=" | b"^=" | b"<<=" | b">>="
    ) {
        return None;
    }
    let (open, close) = k
        .filter(|&o| cx.is_punct(o, b"("))
        .and_then(|o| defined_params(cx, o))?;
    let ty = (open + 1..close).find(|&p| VECTOR_TYPES.contains(&cx.text(p)))?;
    // Only vector by vector: with a scalar operand the project's function,
    // no template, beats HIP's member template, and HIP has none for the
    // shifts and bitwise operators.
    let comma = (open + 1..close).find(|&k| cx.is_punct(k, b","))?;
    if !(comma + 1..close).any(|k| cx.text(k) == cx.text(ty)) {
        return None;
    }
    if found.hip_never_compiles(cx, cx.tok(i).start as usize) {
        return None;
    }
    let guard = componentwise_guard(cx, i, op_tokens, (open, close), ty);
    let (op, ty) = (
        String::from_utf8_lossy(&op),
        String::from_utf8_lossy(cx.text(ty)),
    );
    Some(Operator {
        ty: ty.to_string(),
        found: Diagnostic::new(
            Code::HipCollision,
            cx.span(i, open),
            format!("the project defines `operator{op}` on `{ty}`, which HIP's headers define too: calls become ambiguous"),
        )
        .with_help(format!("remove it (HIP's `operator{op}` on `{ty}` does the same), or keep it only for CUDA with `#ifndef __HIP_PLATFORM_AMD__`")),
        guard,
    })
}

/// A binary `+ - * /` of the project's on two `float2` or two `double2`
/// (helper_math.h's `operator+(float2 a, float2 b)`): HIP's complex types
/// are these vector types (`typedef float2 hipFloatComplex`,
/// amd_hip_complex.h, HIP 5.2.3: 131, 178), and `hip_complex.h` defines the
/// four operators on them (225-270, by `const &`), so where a unit
/// includes it (a `cuComplex.h`, `cufft.h` or `cublas_v2.h` translated) every
/// call is ambiguous between the two non-templates (checked with hipcc
/// 5.2). A `+` or `-` that adds the components (`return make_float2(a.x +
/// b.x, a.y + b.y);`) is kept for CUDA alone: HIP's complex sum and, where
/// `hip_complex.h` is not included, `HIP_vector_type`'s operator template
/// compute the same. A `*` or `/` is no such thing (HIP's is the complex
/// product, the project's the components'): reported where the file
/// includes CUDA's complex header itself, and left to the compiler
/// elsewhere (an error at the call, never a silent change).
fn complex_vector_operator(
    cx: &Cx<'_>,
    i: usize,
    op: &[u8],
    k: Option<usize>,
    found: &Collisions,
) -> Option<Operator> {
    let (open, close) = k
        .filter(|&o| cx.is_punct(o, b"("))
        .and_then(|o| defined_params(cx, o))?;
    let params = cx.call_args(open)?.args;
    let [(a0, a1), (b0, b1)] = params.as_slice() else {
        return None;
    };
    let ty = (*a0..*a1).find(|&t| matches!(cx.text(t), b"float2" | b"double2"))?;
    let same = |(s, e): (usize, usize)| {
        (s..e).filter(|&t| cx.text(t) == cx.text(ty)).count() == 1
            && !(s..e).any(|t| cx.is_punct(t, b"*") || cx.is_punct(t, b"::"))
            && e > s + 1
            && cx.tok(e - 1).kind == TokenKind::Ident
            && cx.text(e - 1) != cx.text(ty)
    };
    // `operator*(float2 a, float s)`: hip_complex.h's scalar product
    // (`operator*(const hipFloatComplex&, float)`, and for `double`) ties
    // with it; both scale the components.
    let scalar = op == b"*"
        && *b1 == *b0 + 2
        && matches!(cx.text(*b0), b"float" | b"double")
        && cx.tok(*b0 + 1).kind == TokenKind::Ident;
    if !same((*a0, *a1))
        || !(scalar || same((*b0, *b1)))
        || found.hip_never_compiles(cx, cx.tok(i).start as usize)
    {
        return None;
    }
    let names = (cx.text(a1 - 1), cx.text(b1 - 1));
    let guard = (scalar || matches!(op, b"+" | b"-"))
        .then(|| componentwise_sum(cx, op, ty, names, scalar, close))
        .flatten()
        .and_then(|end| definition_lines(cx, i, end));
    if guard.is_none() && (scalar || !includes_complex_header(cx)) {
        return None;
    }
    let (op, ty) = (
        String::from_utf8_lossy(op),
        String::from_utf8_lossy(cx.text(ty)),
    );
    let complex = if ty == "float2" {
        "hipFloatComplex"
    } else {
        "hipDoubleComplex"
    };
    Some(Operator {
        ty: ty.to_string(),
        found: Diagnostic::new(
            Code::HipCollision,
            cx.span(i, open),
            format!("the project defines `operator{op}` on `{ty}`, which is HIP's `{complex}`: `hip_complex.h` defines `operator{op}` on it too, so where a unit includes it (for cuComplex.h, cuFFT or cuBLAS) calls are ambiguous"),
        )
        .with_help(if guard.is_some() {
            format!("keep it only for CUDA with `#ifndef __HIP_PLATFORM_AMD__`: HIP's complex `operator{op}` and its vector operator compute the same")
        } else {
            format!("HIP's `operator{op}` on `{complex}` is the complex one, not component-wise: call a function of the project's for this operation where the unit includes `hip_complex.h`")
        }),
        guard,
    })
}

/// The operands of a use `a op b` at token `i` that [`complex_vector_use`]
/// checks, read from the tokens alone.
struct VectorUse {
    /// The left operand's tokens, `a` or `a[i]`, and its operator.
    left: std::ops::Range<usize>,
    op: usize,
    /// The `=` of a compound assignment.
    compound: Option<usize>,
    /// The right operand's tokens, a name or an element.
    right: std::ops::Range<usize>,
}

/// The use at token `i` ([`VectorUse`]), or `None` where it is none of
/// `a op= b`, `a * b`, `a / b` with names or elements as operands.
fn vector_use_at(cx: &Cx<'_>, i: usize) -> Option<VectorUse> {
    let start = i;
    if cx.prev(start).is_some_and(|p| {
        cx.tok(p).kind == TokenKind::Ident
            || [&b"."[..], b"->", b"::", b"*", b"/", b"%", b"&"]
                .iter()
                .any(|q| cx.is_punct(p, q))
    }) || cx.tok(i).in_directive()
    {
        return None;
    }
    let mut k = i + 1;
    while k < cx.lx.tokens.len() && cx.is_punct(k, b"[") {
        k = cx.matching_close(k)? + 1;
    }
    let op = cx.next(k - 1).filter(|&o| o == k)?;
    let compound = cx
        .next(op)
        .filter(|&q| cx.is_punct(q, b"=") && cx.tok(q).start == cx.tok(op).end);
    let binary = matches!(cx.text(op), b"*" | b"/");
    if compound.is_none() && !binary {
        return None;
    }
    // A `*` or `/` followed by `=` with no space is compound; `a * *p`,
    // `a - -b` and `a ++` are not the forms read here.
    let r = compound.map_or(op + 1, |q| q + 1);
    if r >= cx.lx.tokens.len() || cx.tok(r).kind != TokenKind::Ident || cx.tok(r).in_directive() {
        return None;
    }
    let mut e = r + 1;
    while e < cx.lx.tokens.len() && cx.is_punct(e, b"[") {
        e = cx.matching_close(e)? + 1;
    }
    if e < cx.lx.tokens.len()
        && [&b"."[..], b"->", b"(", b"::"]
            .iter()
            .any(|q| cx.is_punct(e, q))
    {
        return None;
    }
    Some(VectorUse {
        left: start..k,
        op,
        compound,
        right: r..e,
    })
}

/// A use `a * b`, `a / b` or `a op= b` (`+= -= *= /=`) of two `float2` or
/// two `double2` (read from their declarations) in a unit that includes
/// cuComplex.h ([`Collisions::complex_header`]), where token `i` ends the left operand's name. CUDA declares
/// no operator on them, so the project defines these (helper_math.h), and
/// the translated unit includes `hip_complex.h`, which defines them on
/// HIP's complex types, these very types (HIP 5.2.3, amd_hip_complex.h:
/// 77-119): the binary ones tie with the project's `__host__ __device__`
/// ones, the compound ones with `HIP_vector_type`'s members as well
/// (hipcc 5.2: 'use of overloaded operator is ambiguous', even where the
/// project's is kept for CUDA alone). A statement `a += b;` or `a -= b;`
/// becomes `a.operator+=(b);`, HIP's member, which adds the components as
/// every reading does; the complex product and quotient are not the
/// components', so the others are reported at the use.
fn complex_vector_use(cx: &Cx<'_>, i: usize, found: &Collisions, out: &mut Vec<Diagnostic>) {
    let Some(VectorUse {
        left: std::ops::Range { start, end: k },
        op,
        compound,
        right: std::ops::Range { start: r, end: e },
    }) = vector_use_at(cx, i)
    else {
        return;
    };
    let vector = |s: usize, e: usize| {
        super::semantics::operand_type(cx, s, e)
            .filter(|w| matches!(w.as_slice(), [b"float2"] | [b"double2"]))
            .map(|w| w[0])
    };
    let Some(ty) = vector(start, k) else { return };
    if vector(r, e) != Some(ty) || found.hip_never_compiles(cx, cx.tok(i).start as usize) {
        return;
    }
    let sym = String::from_utf8_lossy(cx.text(op)).into_owned()
        + if compound.is_some() { "=" } else { "" };
    let tyname = String::from_utf8_lossy(ty);
    let complex = if ty == b"float2" {
        "hipFloatComplex"
    } else {
        "hipDoubleComplex"
    };
    let span = cx.span(start, e);
    let mut d = Diagnostic::new(
        Code::HipCollision,
        span.clone(),
        format!(
            "`{sym}` on two `{tyname}`, HIP's `{complex}`: the unit includes `hip_complex.h` (for cuComplex.h), whose `operator{sym}` on it ties with the project's{} (hipcc: ambiguous)",
            if compound.is_some() {
                " and `HIP_vector_type`'s member"
            } else {
                ""
            }
        ),
    );
    // `a += b;` as a statement, `b` up to the `;` with no comma.
    let statement = compound.is_some()
        && matches!(cx.text(op), b"+" | b"-")
        && cx.prev(start).is_some_and(|p| {
            [&b";"[..], b"{", b"}"].iter().any(|q| cx.is_punct(p, q))
                || cx.is_ident(p, b"else")
                || cx.is_punct(p, b")")
                    && cx
                        .matching_open(p)
                        .and_then(|o| cx.prev(o))
                        .is_some_and(|w| {
                            [&b"if"[..], b"for", b"while"]
                                .iter()
                                .any(|c| cx.is_ident(w, c))
                        })
        });
    let semi = statement
        .then(|| {
            let mut j = r;
            while j < cx.lx.tokens.len() && !cx.tok(j).in_directive() {
                match cx.text(j) {
                    b";" if cx.tok(j).kind == TokenKind::Punct => return Some(j),
                    b"(" | b"[" | b"{" => j = cx.matching_close(j)?,
                    b"," | b")" | b"]" | b"}" | b"?" => return None,
                    _ => {}
                }
                j += 1;
            }
            None
        })
        .flatten();
    if let Some(semi) = semi.filter(|_| compound.is_some()) {
        d = d.with_fix(
            format!(
                "call HIP's member `operator{sym}`, which {} the components as the project's does",
                if sym == "+=" { "adds" } else { "subtracts" }
            ),
            vec![
                Edit::replace(
                    cx.tok(k - 1).end as usize..cx.tok(r).start as usize,
                    format!(".operator{sym}("),
                ),
                Edit::insert(cx.tok(semi).start as usize, ")"),
            ],
            Applicability::Required,
        );
    } else if matches!(cx.text(op), b"+" | b"-") {
        d = d.with_help(format!(
            "all of them compute the same: write it as a statement of its own (`a {sym} b;`, which the translation makes HIP's member call) or call `.operator{sym}(b)`"
        ));
    } else {
        d = d.with_help(format!(
            "HIP's `operator{sym}` on `{complex}` is the complex one, not the components': write the operation the project means (`make_{tyname}(a.x {0} b.x, a.y {0} b.y)`, or `hipCmul`/`hipCdiv`) at this use",
            String::from_utf8_lossy(cx.text(op))
        ));
    }
    out.push(d);
}

/// The closing `}` of the body after parameters `close` where it only
/// returns the components' `op` (`return make_float2(a.x + b.x, a.y +
/// b.y);` for vector type token `ty`, parameters named `a`, `b`; with
/// `scalar`, `b` is a scalar: `return make_float2(a.x * b, a.y * b);`).
fn componentwise_sum(
    cx: &Cx<'_>,
    op: &[u8],
    ty: usize,
    (a, b): (&[u8], &[u8]),
    scalar: bool,
    close: usize,
) -> Option<usize> {
    let mut brace = cx.next(close)?;
    while cx.tok(brace).kind == TokenKind::Ident {
        brace = cx.next(brace)?;
    }
    let end = cx.matching_close(brace)?;
    let make = [&b"make_"[..], cx.text(ty)].concat();
    let mut want: Vec<&[u8]> = vec![b"return", &make, b"("];
    for (n, c) in [&b"x"[..], b"y"].into_iter().enumerate() {
        if n > 0 {
            want.push(b",");
        }
        want.extend([a, b".", c, op, b]);
        if !scalar {
            want.extend([&b"."[..], c]);
        }
    }
    want.extend([&b")"[..], b";"]);
    let body: Vec<&[u8]> = (brace + 1..end).map(|k| cx.text(k)).collect();
    (body == want).then_some(end)
}

/// Whether the file includes CUDA's or HIP's complex header, or one the
/// translation makes include HIP's ([`includes_complex_header_text`]).
fn includes_complex_header(cx: &Cx<'_>) -> bool {
    cx.lx
        .directives
        .iter()
        .filter(|d| d.name == "include")
        .any(|d| {
            includes_complex_header_text(
                &cx.src[d.hash as usize..d.end as usize],
                cx.opts.target.roc,
            )
        })
}

/// Whether `#include` line `line` brings HIP's complex header into the
/// translated unit: `cuComplex.h` (which becomes it), `hip_complex.h`, and
/// cuSPARSE's headers, which become `hipsparse/hipsparse.h`, which includes
/// it (Debian's hipSPARSE 5.2.3, hipsparse.h:45; rocSPARSE's, with `roc`,
/// does not). Read by [`crate::project`] in the headers a file includes
/// too.
pub(crate) fn includes_complex_header_text(line: &[u8], roc: bool) -> bool {
    let sparse: &[&[u8]] = if roc {
        &[]
    } else {
        &[b"cusparse.h", b"cusparse_v2.h", b"hipsparse.h"]
    };
    [&b"cuComplex.h"[..], b"hip_complex.h"]
        .iter()
        .chain(sparse)
        .any(|h| memchr::memmem::find(line, h).is_some())
}

/// CUDA's complex types and HIP's: `cuComplex.h` declares no operators,
/// so projects write their own (ELPA's `operator+` on `cuDoubleComplex`),
/// while HIP's `hip_complex.h` defines them on `hipFloatComplex` and
/// `hipDoubleComplex` (amd_hip_complex.h, HIP 5.2.3: 225-270).
const COMPLEX_TYPES: &[&[u8]] = &[
    b"cuComplex",
    b"cuFloatComplex",
    b"cuDoubleComplex",
    b"hipComplex",
    b"hipFloatComplex",
    b"hipDoubleComplex",
];

/// The scalars HIP multiplies a complex number by on the right
/// (`COMPLEX_SCALAR_PRODUCT`).
const COMPLEX_SCALARS: &[&[u8]] = &[
    b"short",
    b"int",
    b"float",
    b"long",
    b"double",
    b"unsigned",
    b"signed",
    b"size_t",
    b"int32_t",
    b"uint32_t",
    b"int64_t",
    b"uint64_t",
];

/// A definition at token `i` (`operator`) of an operator HIP's complex
/// header defines on the same types: `-a`, `a + b`, `a - b`, `a * b`,
/// `a / b`, `a == b`, `a != b`, the four compound assignments, and
/// `a * scalar`. The translation makes the types HIP's, so the definition
/// is a redefinition (by `const &`) or every call is ambiguous (by value).
/// Reported (HIP-W021); returns whether it was one.
fn complex_operator(
    cx: &Cx<'_>,
    i: usize,
    collisions: &Collisions,
    out: &mut Vec<Diagnostic>,
) -> bool {
    let mut k = cx.next(i);
    let mut op = Vec::new();
    while let Some(j) = k.filter(|&j| cx.tok(j).kind == TokenKind::Punct && !cx.is_punct(j, b"(")) {
        op.extend_from_slice(cx.text(j));
        k = cx.next(j);
    }
    let Some((open, close)) = k
        .filter(|&o| cx.is_punct(o, b"("))
        .and_then(|o| defined_params(cx, o))
    else {
        return false;
    };
    let params = cx.call_args(open).map(|a| a.args).unwrap_or_default();
    let complex_in = |(a, b): (usize, usize)| (a..b).find(|&t| COMPLEX_TYPES.contains(&cx.text(t)));
    let Some(ty) = params.first().and_then(|&p| complex_in(p)) else {
        return false;
    };
    let same = |p: (usize, usize)| complex_in(p).is_some_and(|t| cx.text(t) == cx.text(ty));
    // A parameter's type words (its name dropped) all name a scalar.
    let scalar = |(a, b): (usize, usize)| {
        let named = b > a + 1 && !COMPLEX_SCALARS.contains(&cx.text(b - 1));
        let words = a..if named { b - 1 } else { b };
        !words.is_empty()
            && words
                .clone()
                .all(|t| COMPLEX_SCALARS.contains(&cx.text(t)) || cx.is_ident(t, b"const"))
            && words.into_iter().any(|t| !cx.is_ident(t, b"const"))
    };
    let on_hip_types = match (op.as_slice(), params.as_slice()) {
        (b"-", [_]) => true,
        (b"+" | b"-" | b"*" | b"/" | b"==" | b"!=" | b"+=" | b"-=" | b"*=" | b"/=", [_, b]) => {
            same(*b) || op == b"*" && scalar(*b)
        }
        _ => false,
    };
    // HIP's parameters: `const T&` but the left of a compound assignment
    // (`T&`) and a scalar (by value). The same ones are a redefinition;
    // others collide only in a `__host__ __device__` definition, whose
    // calls then match HIP's as well (clang prefers a `__device__` or a
    // host function to HIP's `__host__ __device__` one).
    let reference = |(a, b): (usize, usize)| (a..b).any(|t| cx.is_punct(t, b"&"));
    let constant = |(a, b): (usize, usize)| (a..b).any(|t| cx.is_ident(t, b"const"));
    let as_hip = params.iter().enumerate().all(|(n, &p)| {
        let left_of_compound =
            n == 0 && op.len() == 2 && op[1] == b'=' && op[0] != b'=' && op[0] != b'!';
        match (n, scalar(p)) {
            (1, true) => !reference(p),
            _ if left_of_compound => reference(p) && !constant(p),
            _ => reference(p) && constant(p),
        }
    });
    let head = cx
        .walk(i, BracketSet::All, Way::Back)
        .take_while(|s| {
            !(s.unmatched || s.depth == 0 && matches!(cx.text(s.k), b";" | b"{" | b"}"))
        })
        .map(|s| s.k);
    let (mut host, mut device) = (false, false);
    // A project's macro for both (`HOST_DEVICE inline cuFloatComplex
    // operator+(…)`, `#define HOST_DEVICE __host__ __device__` in this file
    // or a header of the run).
    for t in head {
        host |= cx.is_ident(t, b"__host__");
        device |= cx.is_ident(t, b"__device__");
        if cx.tok(t).kind == TokenKind::Ident && !cx.text(t).starts_with(b"__") {
            let word = cx.text(t);
            let named = |m: &String| m.as_bytes() == word;
            let both = cx.opts.host_device_macros.iter().any(named)
                || (collisions.host_device_macros)
                    .get_or_init(|| crate::project::host_device_macros(cx.src))
                    .iter()
                    .any(named);
            host |= both;
            device |= both;
        }
    }
    let redefined = on_hip_types && as_hip;
    let collides = on_hip_types && (as_hip || host && device);
    if !collides
        || collisions.hip_never_compiles(cx, cx.tok(i).start as usize)
        || cx.scope(i) == crate::tokens::Scope::Class
    {
        return collides;
    }
    let guard =
        complex_call_body(cx, &op, &params, close).and_then(|end| definition_lines(cx, i, end));
    let (op, ty) = (
        String::from_utf8_lossy(&op),
        String::from_utf8_lossy(cx.text(ty)),
    );
    let found = Diagnostic::new(
        Code::HipCollision,
        cx.span(i, open),
        format!(
            "the project defines `operator{op}` on `{ty}`, which HIP's complex header defines too (on hipFloatComplex and hipDoubleComplex): {}",
            if redefined {
                "a redefinition"
            } else {
                "every use is ambiguous"
            }
        ),
    );
    out.push(match guard {
        Some(lines) => found.with_fix(
            format!("keep the project's `operator{op}` for CUDA only (HIP's computes the same)"),
            guard_lines(cx, lines, "!defined(__HIP_PLATFORM_AMD__)"),
            Applicability::Required,
        ),
        None => found.with_help("remove it where it computes what HIP's does, or keep it only for CUDA with `#ifndef __HIP_PLATFORM_AMD__`"),
    });
    true
}

/// The closing `}` of the body after parameters `close`, where it only
/// returns cuComplex.h's function for binary operator `op` on the two
/// parameters in order (`return cuCaddf(a, b);`): what HIP's operator
/// computes (amd_hip_complex.h's operators and hipCadd … hipCdiv do the
/// same arithmetic).
fn complex_call_body(
    cx: &Cx<'_>,
    op: &[u8],
    params: &[(usize, usize)],
    close: usize,
) -> Option<usize> {
    let stem: &[u8] = match op {
        b"+" => b"Cadd",
        b"-" => b"Csub",
        b"*" => b"Cmul",
        b"/" => b"Cdiv",
        _ => return None,
    };
    let [(_, a), (_, b)] = params else {
        return None;
    };
    let mut brace = cx.next(close)?;
    while cx.tok(brace).kind == TokenKind::Ident {
        brace = cx.next(brace)?;
    }
    let end = cx.matching_close(brace)?;
    let body: Vec<&[u8]> = (brace + 1..end).map(|k| cx.text(k)).collect();
    let [b"return", f, b"(", x, b",", y, b")", b";"] = body.as_slice() else {
        return None;
    };
    let f = f.strip_prefix(b"cu").or_else(|| f.strip_prefix(b"hip"))?;
    let f = f.strip_suffix(b"f").unwrap_or(f);
    (f == stem && *x == cx.text(a - 1) && *y == cx.text(b - 1)).then_some(end)
}

/// A project's compound operator on a HIP vector type.
pub(super) struct Operator {
    ty: String,
    found: Diagnostic,
    /// Where the definition starts and ends, when it only applies the
    /// operator to each component (`a.x += b.x; a.y += b.y;`): then HIP's
    /// member operator computes the same, and the definition can be kept
    /// for CUDA alone.
    guard: Option<(usize, usize)>,
}

/// The bytes before and after the definition of the operator at token
/// `at` (its `operator`), with parameters `params` and op tokens `op`, on
/// vector type token `ty`: when it does what HIP's does, component by
/// component, and stands on lines of its own at namespace scope.
fn componentwise_guard(
    cx: &Cx<'_>,
    at: usize,
    op: std::ops::Range<usize>,
    (open, close): (usize, usize),
    ty: usize,
) -> Option<(usize, usize)> {
    let components: &[&[u8]] = match cx.text(ty).last()? {
        b'2' => &[b"x", b"y"],
        b'3' => &[b"x", b"y", b"z"],
        b'4' => &[b"x", b"y", b"z", b"w"],
        _ => return None,
    };
    // Two parameters: `T &a`, then `T b` / `const T &b`.
    let comma = (open + 1..close).find(|&k| cx.is_punct(k, b","))?;
    let a = comma
        .checked_sub(1)
        .filter(|&a| cx.tok(a).kind == TokenKind::Ident)?;
    let b = close
        .checked_sub(1)
        .filter(|&b| b > comma && cx.tok(b).kind == TokenKind::Ident)?;
    let first_is_ref =
        (open + 1..a).any(|k| cx.is_punct(k, b"&")) && (open + 1..a).any(|k| k == ty);
    if !first_is_ref || (comma + 1..b).any(|k| cx.is_punct(k, b",") || cx.is_punct(k, b"(")) {
        return None;
    }
    // The body: `a.c OP b.c;` for each component, in order, then maybe
    // `return a;`.
    let mut brace = cx.next(close)?;
    while cx.tok(brace).kind == TokenKind::Ident {
        brace = cx.next(brace)?;
    }
    let end = cx.matching_close(brace)?;
    let mut want: Vec<&[u8]> = Vec::new();
    for c in components {
        want.extend([cx.text(a), b".", c]);
        want.extend(op.clone().map(|k| cx.text(k)));
        want.extend([cx.text(b), b".", c, b";"]);
    }
    let body: Vec<&[u8]> = (brace + 1..end).map(|k| cx.text(k)).collect();
    let returns = [&b"return"[..], cx.text(a), b";"];
    if body != want && body != [&want[..], &returns[..]].concat() {
        return None;
    }
    definition_lines(cx, at, end)
}

/// The bytes from the start of the line where the definition around token
/// `at` (its name, or `operator`) starts to the end of the line of its
/// closing `}`, token `end`: when it stands on lines of its own at
/// namespace scope, so that a guard can go around it.
fn definition_lines(cx: &Cx<'_>, at: usize, end: usize) -> Option<(usize, usize)> {
    // Not in a directive (`#define`, or text after `#endif`): only code
    // can be put between lines of its own.
    if cx.tok(at).in_directive() || !cx.at_namespace_scope(at) {
        return None;
    }
    // Nor where the file defines a platform macro the guards test: the
    // guard's value would be the file's, unknown, and the definition would
    // look unguarded to the next run.
    const GUARD_MACROS: [&[u8]; 3] = [
        b"__HIP_PLATFORM_AMD__",
        b"__HIP_PLATFORM_NVIDIA__",
        b"__HIP__",
    ];
    if GUARD_MACROS.iter().any(|m| cx.defines_macro(m)) {
        return None;
    }
    // Whole lines: nothing of code before its first token on that line, or
    // after its `}` on that one.
    let mut first = at;
    while let Some(p) = cx
        .prev(first)
        .filter(|&p| !matches!(cx.text(p), b";" | b"{" | b"}"))
    {
        first = p;
    }
    // Specifiers and the return type only (`inline __device__ float4&`):
    // not a definition inside an expression (`(operator+=(…){…})<<<…>>>`).
    if (first..at).any(|k| {
        cx.tok(k).kind != TokenKind::Ident
            && !matches!(cx.text(k), b"&" | b"*" | b"::" | b"<" | b">" | b",")
    }) {
        return None;
    }
    let start = cx.tok(first).start as usize;
    let line_start = memchr::memrchr(b'\n', &cx.src[..start]).map_or(0, |p| p + 1);
    if first > 0 && cx.tok(first - 1).end as usize > line_start {
        return None;
    }
    let stop = cx.tok(end).end as usize;
    let line_end = memchr::memchr(b'\n', &cx.src[stop..]).map_or(cx.src.len(), |p| stop + p + 1);
    if cx
        .lx
        .tokens
        .get(end + 1)
        .is_some_and(|t| (t.start as usize) < line_end)
    {
        return None;
    }
    if cx.in_comment(line_start) || cx.in_comment(line_end) {
        return None;
    }
    // Nor inside text another rewrite replaces (a launch taken whole); at
    // its start the guard goes before it (a deleted `#include` right after
    // the definition).
    let replaced = |p: usize| cx.replaced_around(p);
    if replaced(line_start) || replaced(line_end) {
        return None;
    }
    Some((line_start, line_end))
}

/// The edits that put lines `start..end` under `#if condition`.
fn guard_lines(cx: &Cx<'_>, (start, end): (usize, usize), condition: &str) -> Vec<Edit> {
    let nl = crate::source::line_ending(cx.src);
    let close = if end == cx.src.len() && !cx.src.ends_with(b"\n") {
        format!("{nl}#endif{nl}")
    } else {
        format!("#endif{nl}")
    };
    vec![
        Edit::insert(start, format!("#if {condition}{nl}")),
        Edit::insert(end, close),
    ]
}

/// One finding for a file's operator collisions: at the first, with the
/// count of the others (one decision removes or guards them all).
fn summarize_operators(cx: &Cx<'_>, operators: Vec<Operator>, out: &mut Vec<Diagnostic>) {
    // One that computes what HIP's does is kept for CUDA alone: exact, and
    // the translation does not compile without it. Each on its own, so that
    // what becomes of one never depends on another (a fix removing that one
    // would change it in the next run).
    let (exact, others): (Vec<Operator>, Vec<Operator>) =
        operators.into_iter().partition(|o| o.guard.is_some());
    for o in exact {
        let Some(lines) = o.guard else {
            continue;
        };
        out.push(o.found.with_fix(
            "keep the project's operator for CUDA only (HIP's computes the same)",
            guard_lines(cx, lines, "!defined(__HIP_PLATFORM_AMD__)"),
            Applicability::Required,
        ));
    }
    let n = others.len();
    let mut types: Vec<&str> = Vec::new();
    for o in &others {
        if !types.contains(&o.ty.as_str()) {
            types.push(&o.ty);
        }
    }
    // The types named, so a compiler error on any of them leads here.
    let message = (n > 1).then(|| {
        format!(
            " (and {} more of this file's operators on HIP's vector types: {})",
            n - 1,
            types.join(", ")
        )
    });
    let Some(mut first) = others.into_iter().next().map(|o| o.found) else {
        return;
    };
    if let Some(more) = message {
        first.message.push_str(&more);
    }
    out.push(first);
}

/// Token `i` is declared in a named namespace (`namespace bvh { … }`):
/// unqualified calls there find it before HIP's global one, and nothing is
/// defined twice. (An anonymous namespace's clashes at file scope.) The
/// walk back counts the braces of code across directives: a function body
/// before it with an `#if` inside (SUNDIALS' `atomicAdd` over
/// `__CUDA_ARCH__`) has its braces in two runs of code, which
/// `enclosing_open` does not pair, and the walk over directives does.
fn in_named_namespace(cx: &Cx<'_>, i: usize) -> bool {
    if cx.scope(i) != crate::tokens::Scope::Namespace {
        return false;
    }
    // Each brace opened around it, innermost first (`Tokens::walk` pairs
    // the braces of code across directives).
    let Some(start) = (0..i).rev().find(|&k| !cx.tok(k).in_directive()) else {
        return false;
    };
    let walk = cx.walk(start, BracketSet::Braces, Way::BackOverDirectives);
    for open in walk.filter(|s| s.unmatched).map(|s| s.k) {
        // The scope it opens: the token after it sits there.
        if cx.scope(open + 1) != crate::tokens::Scope::Namespace {
            return false;
        }
        if cx
            .prev(open)
            .is_some_and(|p| cx.tok(p).kind == TokenKind::Ident && !cx.is_ident(p, b"namespace"))
        {
            return true;
        }
    }
    false
}

fn function(
    cx: &Cx<'_>,
    i: usize,
    name: &[u8],
    collisions: &mut Collisions,
    out: &mut Vec<Diagnostic>,
) {
    // A definition: a type before the name, `(`…`) {` after it.
    let typed = cx
        .prev(i)
        .is_some_and(|p| cx.tok(p).kind == TokenKind::Ident || cx.is_punct(p, b"*"));
    if !typed
        || cx
            .prev(i)
            .is_some_and(|p| matches!(cx.text(p), b"return" | b"else"))
    {
        return;
    }
    let Some((open, close)) = cx
        .next(i)
        .filter(|&o| cx.is_punct(o, b"("))
        .and_then(|o| defined_params(cx, o))
    else {
        return;
    };
    let floating = (open + 1..close).any(|p| matches!(cx.text(p), b"float" | b"double"));
    if name != b"__ffsll" && !floating {
        return; // HIP's integer atomicMax/atomicMin are CUDA's too: no project defines them
    }
    // A member (`struct glob { static __device__ float atomicMin(…) }`) is
    // the class's: HIP's `::atomicMin` does not collide with it.
    if collisions.hip_never_compiles(cx, cx.tok(i).start as usize)
        || cx.scope(i) == crate::tokens::Scope::Class
        || in_named_namespace(cx, i)
    {
        return;
    }
    let name = String::from_utf8_lossy(name);
    let found = Diagnostic::new(
        Code::HipCollision,
        cx.tok(i).range(),
        format!(
            "the project defines `{name}`, which HIP's headers define with the same parameters"
        ),
    );
    // HIP's computes what CUDA's documented contract asks (the old value,
    // the maximum stored): on AMD the project's is left to CUDA alone.
    // HIP's NVIDIA path has only CUDA's functions, so it keeps the
    // project's.
    let body_close = {
        let mut brace = cx.next(close);
        while let Some(b) = brace.filter(|&b| cx.tok(b).kind == TokenKind::Ident) {
            brace = cx.next(b);
        }
        brace.and_then(|b| cx.matching_close(b))
    };
    match body_close.and_then(|end| definition_lines(cx, i, end)) {
        Some(lines) => out.push(
            {
                collisions.cuda_only.push(lines);
                found
            }
            .with_fix(
                format!("keep the project's `{name}` for CUDA only (HIP's does the same)"),
                guard_lines(cx, lines, "!defined(__HIP_PLATFORM_AMD__)"),
                Applicability::Required,
            ),
        ),
        None => out.push(found.with_help(format!(
            "remove the project's `{name}` (HIP's does the same), or rename it and its calls"
        ))),
    }
}

/// A forward declaration of a CUDA vector type (`struct uchar4;`: "CUDA
/// for Engineers"' kernel.h declares the type its launchers take without
/// CUDA's headers). CUDA's are structs; HIP's headers make each a typedef
/// of `HIP_vector_type` (amd_hip_vector_types.h), which conflicts with the
/// declaration in either order. Standing alone on its line, it becomes the
/// include of HIP's vector types, which declares the type on both HIP
/// platforms. In any C++ file (a header of launchers names no CUDA API),
/// where the file does not define the type itself.
pub(super) fn vector_type_declaration(
    cx: &Cx<'_>,
    i: usize,
    found: &Collisions,
    out: &mut Vec<Diagnostic>,
) {
    let Some(ty) = cx.next(i).filter(|&t| VECTOR_TYPES.contains(&cx.text(t))) else {
        return;
    };
    let Some(semi) = cx.next(ty).filter(|&t| cx.is_punct(t, b";")) else {
        return;
    };
    let own = cx
        .idents_named(cx.text(ty), 0..cx.lx.tokens.len())
        .any(|k| {
            cx.prev(k)
                .is_some_and(|p| cx.text(p) == b"struct" || cx.text(p) == b"class")
                && cx
                    .next(k)
                    .is_some_and(|n| cx.is_punct(n, b"{") || cx.is_punct(n, b":"))
                || cx.next(k).is_some_and(|n| cx.is_punct(n, b";"))
                    && cx.prev(k).is_some_and(|p| cx.is_punct(p, b"}"))
        });
    if own {
        return;
    }
    // A declaration of its own, not `typedef struct float4 …;` or a
    // parameter's elaborated type.
    if cx
        .prev(i)
        .is_some_and(|p| !cx.is_punct(p, b";") && !cx.is_punct(p, b"{") && !cx.is_punct(p, b"}"))
        && !cx.prev(i).is_some_and(|p| cx.tok(p).in_directive())
        || cx.tok(i).in_directive()
        || cx.scope(i) == crate::tokens::Scope::Class
        || found.hip_never_compiles(cx, cx.tok(i).start as usize)
    {
        return;
    }
    let (start, end) = (cx.tok(i).start as usize, cx.tok(semi).end as usize);
    let line_start = cx.src[..start]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |n| n + 1);
    let line_end = cx.src[end..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(cx.src.len(), |n| end + n);
    let alone = cx.src[line_start..start]
        .iter()
        .all(|b| matches!(b, b' ' | b'\t'))
        && cx.src[end..line_end]
            .iter()
            .all(|b| matches!(b, b' ' | b'\t' | b'\r'));
    let ty = String::from_utf8_lossy(cx.text(ty));
    let found = Diagnostic::new(
        Code::HipCollision,
        cx.span(i, semi + 1),
        format!(
            "the project declares `struct {ty}`; HIP's headers make `{ty}` a typedef of HIP_vector_type, which conflicts with the declaration"
        ),
    );
    out.push(if alone {
        found.with_fix(
            format!("include HIP's vector types in place of the declaration of `{ty}`"),
            vec![Edit::replace(start..end, "#include <hip/hip_vector_types.h>")],
            Applicability::Required,
        )
    } else {
        found.with_help(format!("include <hip/hip_vector_types.h> on a line of its own in place of the declaration of `{ty}`"))
    });
}

/// The functions the bf16 pair's block (below HIP 5.7:
/// `translate/shims/bf162.h`) defines on `__nv_bfloat162` under CUDA's names.
const PAIR_FUNCTIONS: &[&[u8]] = &[
    b"__low2float",
    b"__high2float",
    b"__hadd2",
    b"__hsub2",
    b"__hmul2",
    b"__hfma2",
    b"__h2div",
    b"__hneg2",
    b"__habs2",
    b"__hmax2",
    b"__hmin2",
    b"__hmax2_nan",
    b"__hmin2_nan",
    b"__heq2",
    b"__hne2",
    b"__hlt2",
    b"__hle2",
    b"__hgt2",
    b"__hge2",
    b"__hbeq2",
    b"__hbne2",
    b"__hblt2",
    b"__hble2",
    b"__hbgt2",
    b"__hbge2",
    b"__hisnan2",
    b"__shfl",
    b"__shfl_up",
    b"__shfl_down",
    b"__shfl_xor",
];

/// The operators the bf16 pair's block defines on `__nv_bfloat162`.
const PAIR_OPERATORS: &[&[u8]] = &[
    b"+", b"-", b"*", b"/", b"+=", b"-=", b"*=", b"/=", b"==", b"!=", b"<", b">", b"<=", b">=",
];

/// A project's own definition of an intrinsic or operator on
/// `__nv_bfloat162` (code written for GPUs before sm_80, or CUDA before
/// 12, defined them itself) at a target where the translation defines the
/// pair with CUDA's own (below HIP 5.7): the two clash, so the project's is
/// kept for CUDA alone, where HIP's NVIDIA path (CUDA's pair, whose
/// `__CUDA_BF16_TYPES_EXIST__` keeps the block out) still compiles it.
fn own_pair_definition(
    cx: &Cx<'_>,
    i: usize,
    collisions: &mut Collisions,
    out: &mut Vec<Diagnostic>,
) {
    if !crate::translate::bf16_pair_shim(&cx.opts.target) {
        return;
    }
    let typed = cx.prev(i).is_some_and(|p| {
        cx.tok(p).kind == TokenKind::Ident || cx.is_punct(p, b"*") || cx.is_punct(p, b"&")
    });
    if !typed
        || cx
            .prev(i)
            .is_some_and(|p| matches!(cx.text(p), b"return" | b"else"))
    {
        return;
    }
    // The operator's symbol, for an `operator`.
    let mut k = cx.next(i);
    let mut op = Vec::new();
    if cx.text(i) == b"operator" {
        while let Some(j) =
            k.filter(|&j| cx.tok(j).kind == TokenKind::Punct && !cx.is_punct(j, b"("))
        {
            op.extend_from_slice(cx.text(j));
            k = cx.next(j);
        }
        if !PAIR_OPERATORS.contains(&op.as_slice()) {
            return;
        }
    }
    let Some((open, close)) = k
        .filter(|&o| cx.is_punct(o, b"("))
        .and_then(|o| defined_params(cx, o))
    else {
        return;
    };
    if !(open + 1..close).any(|p| matches!(cx.text(p), b"__nv_bfloat162" | b"nv_bfloat162"))
        || collisions.hip_never_compiles(cx, cx.tok(i).start as usize)
        || cx.scope(i) == crate::tokens::Scope::Class
        || in_named_namespace(cx, i)
    {
        return;
    }
    let name = format!(
        "{}{}",
        String::from_utf8_lossy(cx.text(i)),
        String::from_utf8_lossy(&op)
    );
    let found = Diagnostic::new(
        Code::HipCollision,
        cx.span(i, open),
        format!(
            "the project defines `{name}` on `__nv_bfloat162`, which the translation defines below HIP 5.7 with the pair (CUDA's own); the target is HIP {}",
            cx.opts.target.hip_version
        ),
    );
    let body_close = cx.next(close).and_then(|mut b| {
        while cx.tok(b).kind == TokenKind::Ident {
            b = cx.next(b)?;
        }
        cx.matching_close(b)
    });
    match body_close.and_then(|end| definition_lines(cx, i, end)) {
        Some(lines) => {
            collisions.cuda_only.push(lines);
            out.push(found.with_fix(
                format!("keep the project's `{name}` on `__nv_bfloat162` for CUDA only (the translation's computes CUDA's own)"),
                guard_lines(cx, lines, "!defined(__HIP_PLATFORM_AMD__)"),
                Applicability::Required,
            ));
        }
        None => out.push(found.with_help(format!(
            "keep the project's `{name}` for CUDA alone (`#ifndef __HIP_PLATFORM_AMD__`): the translation's computes CUDA's own"
        ))),
    }
}

/// A function definition at namespace scope whose parameter list the
/// translation rewrites.
struct Overload {
    /// The name token.
    name: usize,
    /// The parameter list's `(` and `)`.
    params: (usize, usize),
    /// The parameter types after translation, one entry per parameter,
    /// read once another definition has the same name.
    translated: std::cell::OnceCell<Vec<String>>,
    /// The bracket around the name (`enclosing_open`), read once
    /// it matters: at namespace scope that walk crosses the whole file.
    scope_open: std::cell::OnceCell<Option<usize>>,
}

/// The identifiers outside directives that an edit rewrites whole, with
/// the edit (the edits come in runs of text order: each search starts at the
/// last).
fn renamed_words<'c>(cx: &'c Cx<'_>) -> impl Iterator<Item = (usize, &'c crate::edit::Edit)> + 'c {
    let mut k = 0;
    cx.edits.iter().filter_map(move |e| {
        k = cx.first_at_or_after(e.range.start, k);
        (k < cx.lx.tokens.len()
            && cx.tok(k).range() == e.range
            && cx.tok(k).kind == TokenKind::Ident
            && !cx.tok(k).in_directive())
        .then_some((k, e))
    })
}

/// Definitions of one name, at one scope, whose parameter types differ in
/// CUDA and are the same after translation (`errstr(cudaError_t)` and
/// `errstr(CUresult)` both take `hipError_t`): a redefinition on HIP. The
/// first is kept; each later one is kept for CUDA alone, under a guard no
/// HIP build compiles (both HIP platforms make the types one).
fn collapsed_overloads(
    cx: &Cx<'_>,
    cuda_only: &mut Vec<(usize, usize)>,
    out: &mut Vec<Diagnostic>,
) {
    let mut seen: std::collections::HashSet<usize> = std::collections::HashSet::new();
    let mut overloads: Vec<Overload> = Vec::new();
    for (k, _) in renamed_words(cx) {
        // A parameter's type: after `(`, `,` or a qualifier, before a
        // declarator.
        if !cx
            .prev(k)
            .is_some_and(|p| matches!(cx.text(p), b"(" | b"," | b"const" | b"struct" | b"enum"))
            || !cx.next(k).is_some_and(|n| {
                cx.tok(n).kind == TokenKind::Ident
                    || matches!(cx.text(n), b"*" | b"&" | b"," | b")")
            })
        {
            continue;
        }
        let Some(open) = cx.enclosing_open(k).filter(|&o| cx.is_punct(o, b"(")) else {
            continue;
        };
        if !seen.insert(open) {
            continue;
        }
        let Some(name) = cx
            .prev(open)
            .filter(|&n| cx.tok(n).kind == TokenKind::Ident)
        else {
            continue;
        };
        let typed = cx.prev(name).is_some_and(|p| {
            cx.tok(p).kind == TokenKind::Ident || matches!(cx.text(p), b"*" | b"&")
        });
        if !typed || !cx.at_namespace_scope(name) {
            continue;
        }
        let Some(params) = defined_params(cx, open) else {
            continue;
        };
        overloads.push(Overload {
            name,
            params,
            translated: std::cell::OnceCell::new(),
            scope_open: std::cell::OnceCell::new(),
        });
    }
    let line_index = std::cell::OnceCell::new();
    let paths = std::cell::OnceCell::new();
    let exclusive = |a: usize, b: usize| {
        let paths = paths.get_or_init(|| {
            let starts: Vec<usize> = (overloads.iter())
                .map(|o| cx.tok(o.name).start as usize)
                .collect();
            branch_paths(cx, &starts)
        });
        exclusive_branches(&paths[a], &paths[b])
    };
    let scope_open = |o: &Overload| *o.scope_open.get_or_init(|| cx.enclosing_open(o.name));
    fn translated<'o>(cx: &Cx<'_>, o: &'o Overload) -> &'o [String] {
        o.translated
            .get_or_init(|| parameter_types(cx, o.params, true))
    }
    for (n, later) in overloads.iter().enumerate() {
        let first = overloads[..n].iter().enumerate().find(|&(m, o)| {
            cx.text(o.name) == cx.text(later.name)
                && translated(cx, o) == translated(cx, later)
                && scope_open(o) == scope_open(later)
                && !exclusive(m, n)
                // The same types in CUDA too: what tells them apart there
                // (a template's arguments, `template <> R to(T)`) stays.
                && parameter_types(cx, o.params, false) != parameter_types(cx, later.params, false)
        });
        let Some((_, first)) = first else {
            continue;
        };
        let name = String::from_utf8_lossy(cx.text(later.name));
        let before = |o: &Overload| {
            let (a, b) = o.params;
            String::from_utf8_lossy(&cx.src[cx.span(a, b + 1)]).into_owned()
        };
        let found = Diagnostic::new(
            Code::HipCollision,
            cx.span(later.name, later.params.1 + 1),
            format!(
                "`{name}{}` and `{name}{}` (line {}) take the same types on HIP ({}): a redefinition",
                before(later),
                before(first),
                line_of(cx, &line_index, first.name),
                translated(cx, later).join(", "),
            ),
        );
        let body_close = cx.next(later.params.1).and_then(|mut b| {
            while cx.tok(b).kind == TokenKind::Ident {
                b = cx.next(b)?;
            }
            cx.matching_close(b)
        });
        let guard = format!("!({})", crate::single_source::HIP_GUARD);
        match body_close.and_then(|end| definition_lines(cx, later.name, end)) {
            Some(lines) => out.push(
                {
                    cuda_only.push(lines);
                    found
                }
                .with_fix(
                    format!(
                        "keep this `{name}` for CUDA only (HIP compiles the one on line {})",
                        line_of(cx, &line_index, first.name)
                    ),
                    guard_lines(cx, lines, &guard),
                    Applicability::Required,
                ),
            ),
            None => out.push(found.with_help(format!(
                "keep one `{name}` on HIP: put this one under `#if {guard}`"
            ))),
        }
    }
}

/// Two invocations of one macro at namespace scope whose first argument,
/// two CUDA names, the translation gives one HIP name: UCX's
/// src/ucm/cuda/cudamem.c hooks each allocator by pasting its name
/// (`UCM_DEFINE_REPLACE_DLSYM_PTR_FUNC(cuMemAlloc, …)`,
/// `…(cuMemAlloc_v2, …)`, `…(cudaMalloc, …)`: all `hipMalloc` on HIP), and
/// the expansions define `ucm_orig_hipMalloc_dlsym` twice. A macro invoked
/// at namespace scope with a function's name defines something from it;
/// which of the two HIP keeps is the project's choice: reported at the
/// later one (HIP-W021), with no fix.
fn collapsed_macro_names(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    // (macro, HIP name, CUDA name, argument token)
    let mut seen: Vec<(&[u8], &str, &[u8], usize)> = Vec::new();
    let line_index = std::cell::OnceCell::new();
    for (k, e) in renamed_words(cx) {
        if !cx
            .next(k)
            .is_some_and(|n| matches!(cx.text(n), b"," | b")"))
        {
            continue;
        }
        let Some(open) = cx.prev(k).filter(|&o| cx.is_punct(o, b"(")) else {
            continue;
        };
        let Some(mac) = cx
            .prev(open)
            .filter(|&m| cx.tok(m).kind == TokenKind::Ident)
        else {
            continue;
        };
        // A statement of its own: after `;`, `}`, another invocation's `)`,
        // a directive line or nothing (not `R f(cuType x)`).
        let own_statement = match cx.prev(mac) {
            None => true,
            Some(p) => matches!(cx.text(p), b";" | b"}" | b")") || cx.tok(p).in_directive(),
        };
        if !own_statement
            || !cx.at_namespace_scope(mac)
            || (std::str::from_utf8(cx.text(mac)).ok())
                .and_then(crate::mappings::lookup)
                .is_some()
        {
            continue;
        }
        seen.push((cx.text(mac), &e.text, cx.text(k), k));
    }
    if seen.len() < 2 {
        return;
    }
    let paths = std::cell::OnceCell::new();
    let exclusive = |a: usize, b: usize| {
        let paths = paths.get_or_init(|| {
            let starts: Vec<usize> = seen.iter().map(|s| cx.tok(s.3).start as usize).collect();
            branch_paths(cx, &starts)
        });
        exclusive_branches(&paths[a], &paths[b])
    };
    for (n, &(mac, hip, cuda, k)) in seen.iter().enumerate() {
        let earlier = seen[..n]
            .iter()
            .enumerate()
            .find(|&(m, &(mm, h, c, _))| mm == mac && h == hip && c != cuda && !exclusive(m, n))
            .map(|(_, &(_, _, c, at))| (c, at));
        if let Some((first, at)) = earlier {
            let name = String::from_utf8_lossy(mac);
            out.push(
                Diagnostic::new(
                    Code::HipCollision,
                    cx.tok(k).range(),
                    format!(
                        "`{name}({}, …)` and `{name}({}, …)` (line {}) both become `{name}({hip}, …)` on HIP: what the macro defines from its argument is defined twice",
                        String::from_utf8_lossy(cuda),
                        String::from_utf8_lossy(first),
                        line_of(cx, &line_index, at),
                    ),
                )
                .with_help(format!(
                    "keep one `{name}({hip}, …)` on HIP: put this one under `#if !({})`",
                    crate::single_source::HIP_GUARD
                )),
            );
        }
    }
}

/// The types of the parameters `(`…`)`, as the source writes them or (with
/// `translated`) as the translation does: each parameter's tokens, with the
/// edits applied, less its name and default argument.
fn parameter_types(cx: &Cx<'_>, (open, close): (usize, usize), translated: bool) -> Vec<String> {
    let renamed = |k: usize| {
        let r = cx.tok(k).range();
        (cx.edit_replacing(&r).filter(|_| translated)).map_or_else(
            || String::from_utf8_lossy(cx.text(k)).into_owned(),
            |e| e.text.to_string(),
        )
    };
    let mut types = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    let mut k = open + 1;
    while k <= close {
        if k == close || cx.is_punct(k, b",") {
            // The declarator's name: a last word after a type.
            if current.len() > 1
                && cx.tok(*current.last().unwrap_or(&k)).kind == TokenKind::Ident
                && !is_type_word(cx.text(current[current.len() - 1]))
            {
                current.pop();
            }
            types.push(
                current
                    .iter()
                    .map(|&t| renamed(t))
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            current.clear();
            k += 1;
            continue;
        }
        if cx.is_punct(k, b"=") {
            // A default argument: skip to the parameter's end.
            while k < close && !cx.is_punct(k, b",") {
                k = match cx.text(k) {
                    b"(" | b"[" | b"{" => cx.matching_close(k).map_or(close, |c| c + 1),
                    _ => k + 1,
                };
            }
            continue;
        }
        current.push(k);
        k += 1;
    }
    types
}

/// C++'s words that end a type (`unsigned int`, `long long`), not a name.
fn is_type_word(w: &[u8]) -> bool {
    matches!(
        w,
        b"int"
            | b"long"
            | b"short"
            | b"char"
            | b"unsigned"
            | b"signed"
            | b"float"
            | b"double"
            | b"bool"
            | b"void"
            | b"const"
            | b"volatile"
            | b"auto"
            | b"wchar_t"
    )
}

/// Per byte offset of `at`, the `#if` groups open there: each group's
/// first directive and which of its branches holds the offset. One sweep
/// over the directives for all offsets.
fn branch_paths(cx: &Cx<'_>, at: &[usize]) -> Vec<Vec<(usize, usize)>> {
    let mut order: Vec<usize> = (0..at.len()).collect();
    order.sort_by_key(|&k| at[k]);
    let mut paths = vec![Vec::new(); at.len()];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let mut dirs = cx.lx.directives.iter().enumerate().peekable();
    for k in order {
        while let Some((d, dir)) = dirs.next_if(|(_, dir)| (dir.line_start as usize) < at[k]) {
            match dir.name.as_str() {
                "if" | "ifdef" | "ifndef" => stack.push((d, 0)),
                "elif" | "else" | "elifdef" | "elifndef" => {
                    if let Some(top) = stack.last_mut() {
                        top.1 += 1;
                    }
                }
                "endif" => {
                    stack.pop();
                }
                _ => {}
            }
        }
        paths[k] = stack.clone();
    }
    paths
}

/// Whether two places with these [`branch_paths`] lie in different
/// branches of one `#if` group: never compiled together.
fn exclusive_branches(pa: &[(usize, usize)], pb: &[(usize, usize)]) -> bool {
    pa.iter()
        .any(|&(g, branch)| pb.iter().any(|&(h, other)| g == h && branch != other))
}

/// The 1-based line of token `k`, read from `lines` (made on first need:
/// a file made of copies has thousands of these findings).
fn line_of(cx: &Cx<'_>, lines: &std::cell::OnceCell<LineIndex>, k: usize) -> usize {
    let lines = lines.get_or_init(|| LineIndex::new(cx.src));
    lines.line_col(cx.tok(k).start as usize).0
}

/// Drops the findings inside `cuda_only` (lines a required fix keeps for
/// CUDA alone), but for the finding that keeps them so.
pub(crate) fn retain_outside(cuda_only: &[(usize, usize)], found: &mut Vec<Diagnostic>) {
    if cuda_only.is_empty() {
        return;
    }
    found.retain(|d| {
        d.code == Code::HipCollision
            || !(cuda_only.iter()).any(|&(a, b)| a <= d.range.start && d.range.end <= b)
    });
}
