//! `#include` rewriting, as hipify-clang does it: CUDA headers become their HIP
//! headers (keeping `<>` or `""`), headers with no counterpart are removed,
//! headers that map onto one HIP header leave one include, and every CUDA file
//! ends up including `hip/hip_runtime.h` exactly once. Headers left as they
//! are (HIP lacks them at the target, or legacy cuBLAS) are noted in
//! [`Left`] for the names rule to report.

use super::{Cx, Language, Left};
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::mappings::{self, HeaderAction};

/// The HIP header that stands for the CUDA runtime nvcc includes implicitly.
pub(crate) const HIP_RUNTIME: &str = "hip/hip_runtime.h";
const HIP_RUNTIME_API: &str = "hip/hip_runtime_api.h";

/// hipSOLVER's header, and the macro that makes its operation, fill-mode
/// and side types hipBLAS's: cuSOLVER takes cuBLAS's enums
/// (`cusolverDnDpotrf(h, CUBLAS_FILL_MODE_LOWER, …)`), which translate to
/// hipBLAS's, while hipSOLVER declares enums of its own unless the macro is
/// set (Debian trixie's hipSOLVER 5.5.1, hipsolver/internal/hipsolver-types.h:
/// 34-105; its hipBLAS 5.5.1 guards the same enums, hipblas.h:390-437).
const HIPSOLVER: &str = "hipsolver/hipsolver.h";
const SOLVER_ENUMS: &str = "HIPSOLVER_USE_HIPBLAS_ENUMS";

/// CUDA library headers that include CUDA's complex, half and bfloat16
/// headers (CUDA 13 cublas_api.h:71-74, included by cublas_v2.h, cublas.h
/// and cublasLt.h; cusparse.h:59, included by cusparse_v2.h), so that a file
/// including one of them alone may use `cuComplex`, `__half` and
/// `__nv_bfloat16`. Their HIP and ROC counterparts do not (Debian trixie's
/// hipBLAS 5.5.1 includes hip/hip_fp16.h only under HIPBLAS_USE_HIP_HALF and
/// hip/hip_complex.h only under ROCM_MATHLIBS_API_USE_HIP_COMPLEX;
/// hipSPARSE 5.5.1 includes hip/hip_complex.h and hip/hip_runtime.h, not
/// hip/hip_fp16.h; rocBLAS and rocSPARSE 5.5.1 no half header).
const BRINGS_TYPES: &[(&str, &[&str])] = &[
    ("cublas.h", &["cuComplex.h", "cuda_fp16.h", "cuda_bf16.h"]),
    ("cublasLt.h", &["cuComplex.h", "cuda_fp16.h", "cuda_bf16.h"]),
    (
        "cublas_api.h",
        &["cuComplex.h", "cuda_fp16.h", "cuda_bf16.h"],
    ),
    (
        "cublas_v2.h",
        &["cuComplex.h", "cuda_fp16.h", "cuda_bf16.h"],
    ),
    ("cusparse.h", &["cuda_fp16.h"]),
    ("cusparse_v2.h", &["cuda_fp16.h"]),
];

/// Which of CUDA's complex, half and bfloat16 headers the file's names
/// come from, read once: `half`, `half2` and the `__…half…` names
/// (`__half`, `__float2half`, `__low2half`) are cuda_fp16.h's; `nv_bfloat16`,
/// `nv_bfloat162` and the `__…bfloat16…` names cuda_bf16.h's (CUDA 13
/// cuda_fp16.h, cuda_bf16.h: the tables keep the header of `cu`/`nv`-shaped
/// names only, as cuComplex.h's).
#[derive(Default)]
struct TypeUses(Option<[bool; 3]>);

impl TypeUses {
    /// Whether the file names something `header` declares.
    fn names_from(&mut self, cx: &Cx<'_>, header: &str) -> bool {
        let [fp16, bf16, complex] = *self.0.get_or_insert_with(|| {
            let mut found = [false; 3];
            for k in 0..cx.lx.tokens.len() {
                if cx.tok(k).kind != TokenKind::Ident {
                    continue;
                }
                let name = cx.text(k);
                let has = |w: &[u8]| memchr::memmem::find(name, w).is_some();
                let reserved = name.starts_with(b"__");
                found[0] |= matches!(name, b"half" | b"half2") || reserved && has(b"half");
                found[1] |= matches!(name, b"nv_bfloat16" | b"nv_bfloat162")
                    || reserved && has(b"bfloat16");
                found[2] |= (name.starts_with(b"cu") || name.starts_with(b"make_cu"))
                    && std::str::from_utf8(name)
                        .is_ok_and(|n| mappings::cuda_header(n) == Some("cuComplex.h"));
                if found == [true; 3] {
                    break;
                }
            }
            found
        });
        match header {
            "cuda_fp16.h" => fp16,
            "cuda_bf16.h" => bf16,
            "cuComplex.h" => complex,
            _ => false,
        }
    }
}

/// The HIP headers to include after the include of CUDA library header
/// `path`: those of the type headers it includes in CUDA
/// ([`BRINGS_TYPES`]) whose names the file uses and which it does not
/// include itself.
fn brought_types(
    cx: &Cx<'_>,
    lines: &[IncludeLine],
    path: &str,
    uses: &mut TypeUses,
) -> Vec<&'static str> {
    let Some((_, brings)) = BRINGS_TYPES.iter().find(|(h, _)| *h == path) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &cuda in brings.iter() {
        let Some(h) = mappings::header(cuda) else {
            continue;
        };
        let HeaderAction::Replace(hip) = h.resolve(&cx.opts.target) else {
            continue;
        };
        let included = lines.iter().any(|l| {
            l.path.strip_suffix("pp").unwrap_or(&l.path) == cuda
                || l.path == hip
                || h.legacy.is_some_and(|x| l.path == x)
                || h.hip.is_some_and(|x| l.path == x)
        });
        if !included && uses.names_from(cx, cuda) {
            out.push(hip);
        }
    }
    out
}

/// What the include scan learnt.
#[derive(Debug, Default)]
pub(super) struct Includes {
    /// The file includes `hip/hip_runtime.h` after translation.
    has_hip_runtime: bool,
    /// The file includes `hip/hip_runtime_api.h` after translation.
    has_hip_runtime_api: bool,
    /// `cublas.h` without `cublas_v2.h`: the legacy cuBLAS API.
    pub(super) legacy_cublas: bool,
    /// The file includes a CUDA (or HIP) header.
    pub(super) has_cuda_include: bool,
    /// Where `#include <hip/hip_runtime.h>` goes if it must be added.
    insert_at: Option<InsertPoint>,
}

#[derive(Debug, Clone, Copy)]
struct InsertPoint {
    offset: usize,
    /// The point is at the end of a line with no newline (end of file).
    needs_leading_newline: bool,
}

/// One `#include` directive with a header name.
struct IncludeLine {
    directive: usize,
    token: usize,
    /// The path between the delimiters.
    path: String,
    /// Conditional-branch path (`#if` nesting) the include sits in.
    branch: Vec<u32>,
}

/// The first word of every include path the scan acts on: each CUDA header
/// of the tables, and `hip/…` (a HIP header marks the file as CUDA code).
/// For the prefilter.
pub(crate) fn path_first_words() -> impl Iterator<Item = &'static [u8]> {
    let first_word = |path: &'static str| {
        let p = path.trim_start().as_bytes();
        let end = p
            .iter()
            .position(|&b| crate::lex::CLASS[b as usize] == 0)
            .unwrap_or(p.len());
        &p[..end]
    };
    mappings::all_headers()
        .iter()
        .map(move |h| first_word(h.cuda))
        .chain([&b"hip"[..]])
}

/// Rewrites the includes and decides where a missing `hip/hip_runtime.h` goes.
pub(super) fn scan(cx: &mut Cx<'_>) -> Includes {
    let mut out = Includes::default();
    let lines = collect(cx);

    cx.stats.relative_includes = lines
        .iter()
        .filter(|l| cx.src[cx.tok(l.token).start as usize] == b'"')
        .map(|l| l.path.clone())
        .collect();
    let has = |name: &str| lines.iter().any(|l| l.path == name);
    // `cublas.h` alone is the legacy API unless the file uses handles (then
    // it is translated like cublas_v2.h, as hipify-clang does, and only the
    // legacy calls are left).
    out.legacy_cublas = has("cublas.h")
        && !has("cublas_v2.h")
        && !(0..cx.lx.tokens.len()).any(|k| cx.is_ident(k, b"cublasHandle_t"));

    // Headers this file already includes after translation, with the branch
    // they sit in: a later include of the same header in that branch (or
    // nested in it) is redundant.
    let mut emitted: Vec<(&str, &[u32])> = Vec::new();
    let mut edits = Vec::new();
    let mut solver_enums_set = false;
    let mut uses = TypeUses::default();
    for line in &lines {
        let dir = &cx.lx.directives[line.directive];
        let hn = cx.tok(line.token);
        let delete_line = Edit::delete(dir.line_start as usize..dir.end_with_newline as usize);
        out.has_cuda_include |=
            line.path.starts_with("hip/") || mappings::header(&line.path).is_some();
        let target: &str = match mappings::header(&line.path) {
            Some(h) => match h.resolve(&cx.opts.target) {
                _ if line.path == "cublas.h" && out.legacy_cublas => {
                    cx.facts
                        .left
                        .push(Left::LegacyCublasHeader { tok: line.token });
                    &line.path
                }
                HeaderAction::Keep => {
                    if let Some(shim) = super::shims::header(&line.path, &cx.opts.target)
                        .filter(|_| !shipped(cx, line))
                    {
                        // HIP lacks it at the target, and its content has an
                        // exact form there: the include becomes that form.
                        // Less its includes of what the file included before.
                        let nl = crate::source::line_ending(cx.src);
                        let included = |l: &str| {
                            l.strip_prefix("#include <")
                                .and_then(|h| h.strip_suffix('>'))
                                .is_some_and(|h| {
                                    emitted
                                        .iter()
                                        .any(|(e, b)| *e == h && line.branch.starts_with(b))
                                })
                        };
                        let parts: Vec<&'static str> = (shim.iter().copied())
                            .filter(|part| {
                                !(emitted.iter())
                                    .any(|(e, b)| e == part && line.branch.starts_with(b))
                            })
                            .collect();
                        let text: String = (parts.iter().flat_map(|part| part.lines()))
                            .filter(|l| !included(l))
                            .map(|l| format!("{l}{nl}"))
                            .collect();
                        emitted.extend(parts.iter().map(|&part| (part, &line.branch[..])));
                        edits.push(Edit::replace(
                            dir.line_start as usize..dir.end_with_newline as usize,
                            text,
                        ));
                        continue;
                    }
                    cx.facts.left.push(Left::Header {
                        tok: line.token,
                        path: line.path.clone(),
                        header: h,
                    });
                    &line.path
                }
                HeaderAction::Remove => {
                    edits.push(delete_line);
                    continue;
                }
                HeaderAction::Replace(hip) => hip,
            },
            None => match super::torch::header(&line.path) {
                // PyTorch's CUDA header: its ROCm build's, as written.
                Some(hip) => {
                    let r = hn.range();
                    edits.push(Edit::replace(r.start + 1..r.end - 1, hip));
                    continue;
                }
                None => &line.path,
            },
        };
        let is_hip = target != line.path;
        if emitted
            .iter()
            .any(|(h, b)| *h == target && line.branch.starts_with(b))
        {
            // A CUDA header whose HIP header is already included here.
            if is_hip {
                edits.push(delete_line);
                continue;
            }
        }
        // HIP's cooperative groups need the runtime declared first (nvcc
        // includes CUDA's implicitly): unless it is included before them, it
        // goes right before them (and a later include of it is dropped).
        if target == "hip/hip_cooperative_groups.h"
            && !emitted
                .iter()
                .any(|(h, b)| *h == HIP_RUNTIME && line.branch.starts_with(b))
        {
            let nl = crate::source::line_ending(cx.src);
            edits.push(Edit::insert(
                dir.line_start as usize,
                format!("#include <{HIP_RUNTIME}>{nl}"),
            ));
            emitted.push((HIP_RUNTIME, &line.branch));
            out.has_hip_runtime = true;
        }
        if is_hip {
            // Keep the delimiters as written.
            let r = hn.range();
            edits.push(Edit::replace(r.start + 1..r.end - 1, target.to_string()));
        }
        let nl = crate::source::line_ending(cx.src);
        if is_hip && target == HIPSOLVER && !solver_enums_set {
            solver_enums_set = true;
            if !(0..cx.lx.tokens.len()).any(|k| cx.is_ident(k, SOLVER_ENUMS.as_bytes())) {
                edits.push(Edit::insert(
                    dir.line_start as usize,
                    format!("#ifndef {SOLVER_ENUMS}{nl}#define {SOLVER_ENUMS}{nl}#endif{nl}"),
                ));
            }
        }
        emitted.push((target, &line.branch));
        if is_hip {
            for brought in brought_types(cx, &lines, &line.path, &mut uses) {
                if emitted
                    .iter()
                    .any(|(h, b)| *h == brought && line.branch.starts_with(b))
                {
                    continue;
                }
                let (at, text) = match dir.end_with_newline == dir.end {
                    true => (dir.end as usize, format!("{nl}#include <{brought}>")),
                    false => (
                        dir.end_with_newline as usize,
                        format!("#include <{brought}>{nl}"),
                    ),
                };
                edits.push(Edit::insert(at, text));
                emitted.push((brought, &line.branch));
            }
        }
        out.has_hip_runtime |= target == HIP_RUNTIME;
        out.has_hip_runtime_api |= target == HIP_RUNTIME_API;
    }
    cx.stats.includes += edits.len() as u32;
    cx.edits.extend(edits);
    out.insert_at = insert_point(cx, &lines);
    out
}

/// The names the file's shimmed includes define (`CUDART_PI_F` where
/// `math_constants.h` becomes [`super::shims::header`]'s text): the file's own
/// definitions, for it and its includers.
pub(super) fn shim_defines(cx: &Cx<'_>) -> Vec<&'static [u8]> {
    collect(cx)
        .iter()
        .filter(|l| {
            mappings::header(&l.path)
                .is_some_and(|h| matches!(h.resolve(&cx.opts.target), HeaderAction::Keep))
        })
        .filter(|l| !shipped(cx, l))
        .filter_map(|l| super::shims::header(&l.path, &cx.opts.target))
        .flatten()
        .flat_map(|part| super::shims::defines(part))
        .collect()
}

/// Whether the include names, in quotes, a header the project ships beside
/// the file ([`crate::Options::shipped_headers`]).
fn shipped(cx: &Cx<'_>, line: &IncludeLine) -> bool {
    cx.src[cx.tok(line.token).start as usize] == b'"'
        && cx.opts.shipped_headers.contains(&line.path)
}

fn collect(cx: &Cx<'_>) -> Vec<IncludeLine> {
    let mut lines = Vec::new();
    let mut branch: Vec<u32> = Vec::new();
    let mut next_branch = 0u32;
    for (d, dir) in cx.lx.directives.iter().enumerate() {
        match dir.name.as_str() {
            "if" | "ifdef" | "ifndef" => {
                next_branch += 1;
                branch.push(next_branch);
            }
            "elif" | "else" | "elifdef" | "elifndef" => {
                branch.pop();
                next_branch += 1;
                branch.push(next_branch);
            }
            "endif" => {
                branch.pop();
            }
            "include" | "include_next" | "import" => {
                let token = dir.first_token as usize + 1;
                if token < dir.end_token as usize && cx.tok(token).kind == TokenKind::HeaderName {
                    let t = cx.tok(token);
                    let raw = &cx.src[t.range()];
                    if raw.len() >= 2 {
                        lines.push(IncludeLine {
                            directive: d,
                            token,
                            path: String::from_utf8_lossy(&raw[1..raw.len() - 1])
                                .trim()
                                .to_string(),
                            branch: branch.clone(),
                        });
                    }
                }
            }
            _ => {}
        }
    }
    lines
}

/// Right after a leading `#pragma once` or include guard, else right before the
/// first unconditional `#include`, else before the first line of code.
fn insert_point(cx: &Cx<'_>, lines: &[IncludeLine]) -> Option<InsertPoint> {
    let lx = cx.lx;
    let dirs = &lx.directives;
    let first_token_is = |d: usize| lx.tokens.first().is_some_and(|t| t.directive == d as u32);
    let after = |d: usize| {
        let dir = &dirs[d];
        InsertPoint {
            offset: dir.end_with_newline as usize,
            needs_leading_newline: dir.end_with_newline == dir.end,
        }
    };
    if !dirs.is_empty() && first_token_is(0) {
        let d0 = &dirs[0];
        let once = d0.first_token as usize + 1;
        if d0.name == "pragma" && once < d0.end_token as usize && cx.is_ident(once, b"once") {
            return Some(after(0));
        }
        if starts_with_guard(cx) {
            return Some(after(1));
        }
    }
    // The first unconditional include at file scope (not in an `extern "C" {`
    // block, where HIP's C++ templates cannot go) …
    let mut depths = BraceDepths::default();
    let mut include = lines
        .iter()
        .find(|l| l.branch.is_empty() && depths.at(cx, l.directive) == 0)
        .map(|l| dirs[l.directive].line_start as usize);
    // … or, before it, the first unconditional `#define`: nvcc includes the
    // runtime before any line of the file, so a project's macro (`#define T
    // float`) never reaches its headers; HIP's must come first too.
    let mut depth = 0usize;
    for (k, d) in dirs.iter().enumerate() {
        if include.is_some_and(|at| d.line_start as usize >= at) {
            break;
        }
        match d.name.as_str() {
            "if" | "ifdef" | "ifndef" => depth += 1,
            "endif" => depth = depth.saturating_sub(1),
            "define" if depth == 0 && depths.at(cx, k) == 0 => {
                include = Some(d.line_start as usize);
                break;
            }
            _ => {}
        }
    }
    // Nothing the file includes or writes may come before it: a header
    // included under a condition (LAMMPS' `#if defined(NV_KERNEL)` around
    // "lal_aux_fun1.h", whose macros use `int2`) or a line of code there
    // needs the runtime as nvcc gives it. Past either, the line before the
    // first token (below).
    let first_use = (lines.iter())
        .map(|l| dirs[l.directive].line_start as usize)
        .chain(
            (lx.tokens.iter())
                .find(|t| !t.in_directive())
                .map(|t| line_start_of(cx.src, t.start as usize)),
        )
        .min();
    if let Some(offset) = include.filter(|&at| first_use.is_none_or(|u| at <= u)) {
        return Some(InsertPoint {
            offset,
            needs_leading_newline: false,
        });
    }
    let first = lx.tokens.first()?;
    // (No code comes before the first token: no suppression there is
    // spliced onto code.)
    let first_line = match first.in_directive() {
        true => dirs[first.directive as usize].line_start as usize,
        false => line_start_of(cx.src, first.start as usize),
    };
    let mut offset = super::above_suppressions(cx.src, first_line).unwrap_or(first_line);
    // A comment that ends on the first code line (`/* … */ int x;`) would
    // swallow the include: put it above everything instead.
    if lx
        .comments
        .iter()
        .any(|&(s, e)| (s as usize) < offset && offset < e as usize)
    {
        offset = 0;
    }
    Some(InsertPoint {
        offset,
        needs_leading_newline: false,
    })
}

/// The `{` less the `}` of the code before a directive, counted forward only
/// as far as asked (directives are asked about in order, mostly the first
/// few): linear in the tokens read, whatever the number of questions.
#[derive(Default)]
struct BraceDepths {
    token: usize,
    depth: i64,
}

impl BraceDepths {
    fn at(&mut self, cx: &Cx<'_>, directive: usize) -> i64 {
        let end = cx.lx.directives[directive].first_token as usize;
        if end < self.token {
            // Asked about an earlier directive: count again from the start.
            *self = BraceDepths::default();
        }
        for t in cx.lx.tokens.get(self.token..end).unwrap_or_default() {
            if !t.in_directive() && t.kind == TokenKind::Punct {
                match cx.src[t.start as usize] {
                    b'{' => self.depth += 1,
                    b'}' => self.depth -= 1,
                    _ => {}
                }
            }
        }
        self.token = self.token.max(end);
        self.depth
    }
}

fn line_start_of(src: &[u8], offset: usize) -> usize {
    memchr::memrchr2(b'\n', b'\r', &src[..offset]).map_or(0, |i| i + 1)
}

/// `#ifndef X` / `#define X` as the first two lines of code.
pub(super) fn starts_with_guard(cx: &crate::tokens::Tokens<'_>) -> bool {
    let dirs = &cx.lx.directives;
    if dirs.len() < 2 || dirs[0].name != "ifndef" || dirs[1].name != "define" {
        return false;
    }
    let guard = dirs[0].first_token as usize + 1;
    let defined = dirs[1].first_token as usize + 1;
    cx.lx.tokens.first().is_some_and(|t| t.directive == 0)
        && guard < dirs[0].end_token as usize
        && defined < dirs[1].end_token as usize
        && cx.text(guard) == cx.text(defined)
        && dirs[0].end_token == dirs[1].first_token
}

/// The byte ranges of the file's conditional groups whose condition is the
/// project's (not the compiler's: `__CUDACC__`, `__CUDA_ARCH__`, `__NVCC__`,
/// `__HIP…`, which hold whenever the file is compiled as GPU code), less a
/// leading include guard; sorted and disjoint.
pub(super) fn project_conditionals(cx: &Cx<'_>) -> Vec<std::ops::Range<usize>> {
    let dirs = &cx.lx.directives;
    let guarded = starts_with_guard(cx);
    let compiler_condition = |k: usize| {
        let d = &dirs[k];
        (d.first_token as usize + 1..d.end_token as usize).any(|t| {
            let w = cx.text(t);
            w.starts_with(b"__CUDA") || w.starts_with(b"__NVCC") || w.starts_with(b"__HIP")
        })
    };
    let mut spans: Vec<std::ops::Range<usize>> = Vec::new();
    let mut open: Vec<Option<usize>> = Vec::new();
    for (k, d) in dirs.iter().enumerate() {
        match d.name.as_str() {
            "if" | "ifdef" | "ifndef" => {
                let project = !(k == 0 && guarded || compiler_condition(k));
                open.push(project.then_some(d.hash as usize));
            }
            "endif" => {
                if let Some(Some(start)) = open.pop() {
                    spans.push(start..d.end as usize);
                }
            }
            _ => {}
        }
    }
    spans.extend(open.into_iter().flatten().map(|start| start..cx.src.len()));
    spans.sort_by_key(|r| r.start);
    let mut merged: Vec<std::ops::Range<usize>> = Vec::with_capacity(spans.len());
    for r in spans {
        match merged.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => merged.push(r),
        }
    }
    merged
}

/// Whether byte `pos` lies in one of `spans` (sorted, disjoint).
/// Whether `pos` is inside a conditional group (`#if` … `#endif`) other
/// than a leading include guard, whatever its condition.
pub(super) fn conditional_at(cx: &Cx<'_>, pos: usize) -> bool {
    let guarded = starts_with_guard(cx);
    let mut depth = 0usize;
    for (k, d) in cx.lx.directives.iter().enumerate() {
        if d.hash as usize >= pos {
            break;
        }
        match d.name.as_str() {
            "if" | "ifdef" | "ifndef" if !(k == 0 && guarded) => depth += 1,
            "endif" => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    // The guard's own `#endif` closes a group that was never counted.
    depth > 0
}

/// Whether string literal `text` ends with its closing quote (a raw
/// string's `)delimiter"`).
fn string_closed(text: &[u8]) -> bool {
    let Some(open) = text.iter().position(|&b| b == b'"') else {
        return false;
    };
    let raw = open > 0 && text[open - 1] == b'R';
    let body = &text[open + 1..];
    if !raw {
        return body.last() == Some(&b'"');
    }
    let Some(paren) = body.iter().position(|&b| b == b'(') else {
        return false;
    };
    let close = [&b")"[..], &body[..paren], b"\""].concat();
    body.len() >= paren + close.len() && body.ends_with(&close)
}

pub(super) fn within_any(spans: &[std::ops::Range<usize>], pos: usize) -> bool {
    let k = spans.partition_point(|r| r.start <= pos);
    k > 0 && pos < spans[k - 1].end
}

/// Adds `#include <hip/hip_runtime.h>` where the file needs the runtime and
/// has no include of it.
pub(super) fn ensure_hip_runtime(cx: &mut Cx<'_>, inc: &Includes, language: Language) {
    if inc.has_hip_runtime {
        return;
    }
    // A `.h`/`.cpp` whose CUDA is all under a project's own switch
    // (`#ifdef _GPU_COMPILER_`) is shared with host-only code: the files that
    // turn the switch on include the runtime, as they had to for CUDA. An
    // include here would put HIP's headers after the project's macros (a
    // `#define T float` in an earlier header) in the host files too.
    let needed = language == Language::Cuda
        || cx.facts.kernel_language_unguarded
        || (cx.facts.runtime_api_unguarded && !inc.has_hip_runtime_api);
    if !needed {
        return;
    }
    let nl = crate::source::line_ending(cx.src);
    let (offset, text) = match inc.insert_at {
        Some(p) if p.needs_leading_newline => (p.offset, format!("{nl}#include <{HIP_RUNTIME}>")),
        Some(p) => (
            p.offset.max(crate::source::bom_len(cx.src)),
            format!("#include <{HIP_RUNTIME}>{nl}"),
        ),
        // No code at all: a CUDA file that is empty or only comments stays as it is.
        None => return,
    };
    // Inside a token that runs on past its line (junk: an unterminated raw
    // string in a directive): the include would be its text, and every
    // round would add another.
    let k = cx
        .lx
        .tokens
        .partition_point(|t| (t.start as usize) < offset);
    if k > 0 {
        let t = cx.lx.tokens[k - 1];
        let runs_on = t.kind == TokenKind::Str && !string_closed(&cx.src[t.range()]);
        if t.end as usize > offset || (t.end as usize == offset && runs_on) {
            return;
        }
    }
    cx.edits.push(Edit::insert(offset, text));
    cx.stats.includes += 1;
}
