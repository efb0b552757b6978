//! Definitions of the project's that HIP's headers make twice: compound
//! assignments on the vector types (`HIP_vector_type` declares them as
//! members; CUDA defines none, so projects vendor `helper_math.h`), `atomicMax`/`atomicMin` on floating
//! point, `__ffsll`. Both are visible after translation: calls become
//! ambiguous, or the function is redefined. Reported where the project
//! defines it; which one to keep is the project's choice.

use crate::diagnostic::{Code, Diagnostic};
use crate::lex::TokenKind;
use crate::translate::Cx;

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
    operators: Vec<(String, Diagnostic)>,
    /// Per directive: whether the code after it is nvcc's alone.
    nvcc_only: std::cell::OnceCell<Vec<bool>>,
}

impl Collisions {
    /// Checks identifier token `i` (`name`): an `operator` over a vector
    /// type, or a definition of a function HIP defines too.
    pub(super) fn ident(&mut self, cx: &Cx<'_>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
        match name {
            b"operator" => {
                if let Some(found) = operator(cx, i, self) {
                    self.operators.push(found);
                }
            }
            b"atomicMax" | b"atomicMin" | b"__ffsll" => function(cx, i, name, self, out),
            _ => {}
        }
    }

    /// Whether byte `at` lies in an `#ifdef __NVCC__` / `#if
    /// defined(__NVCC__)` branch: code only nvcc compiles, which HIP never
    /// sees.
    fn nvcc_only(&self, cx: &Cx<'_>, at: usize) -> bool {
        let after = self.nvcc_only.get_or_init(|| nvcc_branches(cx));
        let dirs = &cx.lx.directives;
        let k = dirs.partition_point(|d| (d.line_start as usize) < at);
        k > 0 && after.get(k - 1).copied().unwrap_or(false)
    }

    /// Adds the file's operator collisions to `out`, as one finding.
    pub(super) fn summarize(self, out: &mut Vec<Diagnostic>) {
        summarize_operators(self.operators, out);
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

fn operator(cx: &Cx<'_>, i: usize, found: &Collisions) -> Option<(String, Diagnostic)> {
    // `operator` then its symbol's punctuation, then `(`.
    let mut k = cx.next(i);
    let mut op = Vec::new();
    while let Some(j) = k.filter(|&j| cx.tok(j).kind == TokenKind::Punct && !cx.is_punct(j, b"(")) {
        op.extend_from_slice(cx.text(j));
        k = cx.next(j);
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
    if found.nvcc_only(cx, cx.tok(i).start as usize) {
        return None;
    }
    let (op, ty) = (
        String::from_utf8_lossy(&op),
        String::from_utf8_lossy(cx.text(ty)),
    );
    Some((
        ty.to_string(),
        Diagnostic::new(
            Code::HipCollision,
            cx.span(i, open),
            format!("the project defines `operator{op}` on `{ty}`, which HIP's headers define too: calls become ambiguous"),
        )
        .with_help(format!("remove it (HIP's `operator{op}` on `{ty}` does the same), or keep it only for CUDA with `#ifndef __HIP_PLATFORM_AMD__`")),
    ))
}

/// Built once: a searcher per directive asked about cost more than the search.
static NVCC: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"__NVCC__"));

/// Per directive of the file: whether the code after it is in an `#ifdef
/// __NVCC__` / `#if defined(__NVCC__)` branch. Empty for most files, which
/// never name `__NVCC__` (one SIMD scan).
fn nvcc_branches(cx: &Cx<'_>) -> Vec<bool> {
    if NVCC.find(cx.src).is_none() {
        return Vec::new();
    }
    let mut stack: Vec<bool> = Vec::new();
    let mut after = Vec::with_capacity(cx.lx.directives.len());
    for d in &cx.lx.directives {
        let text = &cx.src[d.line_start as usize..d.end as usize];
        let names_nvcc = NVCC.find(text).is_some();
        match d.name.as_str() {
            "ifdef" => stack.push(names_nvcc),
            "if" => stack.push(names_nvcc && !text.contains(&b'!')),
            "ifndef" => stack.push(false),
            "elif" | "else" => {
                if let Some(top) = stack.last_mut() {
                    *top = false;
                }
            }
            "endif" => {
                stack.pop();
            }
            _ => {}
        }
        after.push(stack.contains(&true));
    }
    after
}

/// One finding for a file's operator collisions: at the first, with the
/// count of the others (one decision removes or guards them all).
fn summarize_operators(operators: Vec<(String, Diagnostic)>, out: &mut Vec<Diagnostic>) {
    let n = operators.len();
    let mut types: Vec<&str> = Vec::new();
    for (ty, _) in &operators {
        if !types.contains(&ty.as_str()) {
            types.push(ty);
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
    let Some((_, mut first)) = operators.into_iter().next() else {
        return;
    };
    if let Some(more) = message {
        first.message.push_str(&more);
    }
    out.push(first);
}

fn function(cx: &Cx<'_>, i: usize, name: &[u8], found: &Collisions, out: &mut Vec<Diagnostic>) {
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
    if found.nvcc_only(cx, cx.tok(i).start as usize) {
        return;
    }
    let name = String::from_utf8_lossy(name);
    out.push(
        Diagnostic::new(
            Code::HipCollision,
            cx.tok(i).range(),
            format!(
                "the project defines `{name}`, which HIP's headers define with the same parameters"
            ),
        )
        .with_help(format!(
            "remove the project's `{name}` (HIP's does the same), or rename it and its calls"
        )),
    );
}
