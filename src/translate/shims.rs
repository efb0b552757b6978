//! Definitions the translation adds where HIP lacks a CUDA function at every
//! version and AMD GPUs have an exact form of it. One so far: `__syncwarp`,
//! absent from HIP's headers (and AMD's HIPIFY tables) through HIP 7.0. A
//! wavefront runs in lockstep, so what remains of it on AMD GPUs is its
//! memory ordering among the lanes: a release fence, a wave barrier, an
//! acquire fence, as a macro defined only where the compiler is AMD's
//! (`__HIP__`, which clang defines itself; HIP's NVIDIA path keeps CUDA's
//! `__syncwarp`).

use super::Cx;
use crate::edit::Edit;

/// The macro, one line per line of the file's line ending.
const SYNCWARP: [&str; 4] = [
    "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__syncwarp)",
    "// hipify-rs: HIP has no __syncwarp; a wavefront runs in lockstep, so it only orders memory",
    "#define __syncwarp(...) (__builtin_amdgcn_fence(__ATOMIC_RELEASE, \"wavefront\"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, \"wavefront\"))",
    "#endif",
];

/// What to do about a `__syncwarp` use.
pub(super) enum Syncwarp {
    /// The file defines `__syncwarp` itself (or a translation did): nothing.
    Defined,
    /// Insert the macro with this edit.
    Insert(Edit),
    /// No line to put it on: leave the finding.
    Nowhere,
}

/// For the file's first `__syncwarp` use, token `first`: whether the file
/// defines it, or where the macro goes: on its own lines before the
/// top-level declaration holding that use, outside every conditional (a
/// guard or `#if` there could hide it from later uses).
pub(super) fn syncwarp(cx: &Cx<'_>, first: usize) -> Syncwarp {
    let defines = cx.lx.directives.iter().any(|d| {
        d.name == "define"
            && (d.first_token as usize + 1) < d.end_token as usize
            && cx.text(d.first_token as usize + 1) == b"__syncwarp"
    });
    if defines {
        return Syncwarp::Defined;
    }
    // The top-level declaration (or directive) holding the use.
    let mut start = first;
    while let Some(p) = cx.prev(start) {
        if matches!(cx.text(p), b";" | b"}") && cx.at_namespace_scope(p) {
            break;
        }
        start = p;
    }
    let at = cx.tok(start);
    let mut point = if at.in_directive() {
        cx.lx.directives[at.directive as usize].line_start as usize
    } else {
        let s = at.start as usize;
        let line = memchr::memrchr(b'\n', &cx.src[..s]).map_or(0, |p| p + 1);
        if start > 0 && cx.tok(start - 1).end as usize > line {
            return Syncwarp::Nowhere;
        }
        line
    };
    // Out of the conditionals open there (to before the outermost).
    let mut open: Vec<usize> = Vec::new();
    for d in cx
        .lx
        .directives
        .iter()
        .take_while(|d| (d.line_start as usize) < point)
    {
        match d.name.as_str() {
            "if" | "ifdef" | "ifndef" => open.push(d.line_start as usize),
            "endif" => {
                open.pop();
            }
            _ => {}
        }
    }
    if let Some(&outermost) = open.first() {
        point = outermost;
    }
    let point = super::above_suppressions(cx.src, point);
    if cx.in_comment(point) {
        return Syncwarp::Nowhere;
    }
    let nl = crate::source::line_ending(cx.src);
    let mut text: String = SYNCWARP.iter().map(|l| format!("{l}{nl}")).collect();
    text.push_str(nl);
    Syncwarp::Insert(Edit::insert(point, text))
}
