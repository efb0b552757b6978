//! Preprocessor context of findings: a hazard the code already guards is at
//! most a note. Inline PTX in an `#if` branch with a portable `#else` (no
//! `asm` there: `#if defined(__CUDA_ARCH__)`, `#ifdef ASM`), a
//! `__CUDA_ARCH__ >= N` capability test with an `#else`, and a CUDA version
//! test with an `#else` or whose branch only includes headers or defines
//! function-like macros (a shim for the newer API) are already
//! ported: HIP compiles the other branch. They become `Info`, and a
//! condition naming the macro twice (`defined(X) && X >= 13`) is reported
//! once. Runs after the rules, over their findings; rewrites nothing. The
//! codes it reads are those the rule table (`rules/table.rs`) marks
//! guardable.

use super::Cx;
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::lex::TokenKind;

/// One `#if … #elif … #else … #endif` group: its branch directives in order
/// and where it ends.
struct Group {
    branches: Vec<usize>,
    end: usize,
}

/// Downgrades or drops the guarded findings in `out`.
pub(super) fn apply(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    let relevant = |c: Code| super::table::guarded(c).note_where_guarded();
    if !out.iter().any(|d| relevant(d.code)) {
        return;
    }
    let groups = groups(cx);
    let mut seen: Vec<(Code, usize)> = Vec::new();
    out.retain_mut(|d| {
        if !relevant(d.code) {
            return true;
        }
        let pos = d.range.start;
        let enclosing = enclosing(cx, &groups, pos);
        if d.code == Code::InlinePtx {
            // Unless HIP takes the asm's branch itself: `#if
            // defined(__CUDACC__)` becomes `__HIPCC__` (StarPU's
            // axpy_partition_gpu.h reads `%smid` there).
            if enclosing.iter().any(|&(g, k)| {
                portable_alternative(cx, &groups[g], k) && hip_takes(cx, &groups[g], k) != Some(true)
            }) {
                guarded(d, "HIP compiles the portable branch");
            } else if enclosing
                .iter()
                .any(|&(g, k)| hip_device_branch_after(cx, &groups[g], k))
            {
                // `#if defined(EIGEN_CUDA_ARCH) asm("trap;") #elif
                // defined(EIGEN_HIP_DEVICE_COMPILE) asm("s_trap 0")`
                // (Eigen's Macros.h): HIP's device pass has its own branch.
                guarded(d, "HIP's device code takes the project's own HIP branch after it");
            }
            return true;
        }
        // W010 and W014 sit in a condition: the branch it opens.
        let Some(&(g, k)) = enclosing.last() else {
            return true;
        };
        let group = &groups[g];
        let dir = &cx.lx.directives[group.branches[k]];
        if !(dir.hash as usize <= pos && pos < dir.end as usize) {
            return true;
        }
        if seen.contains(&(d.code, group.branches[k])) {
            return false;
        }
        seen.push((d.code, group.branches[k]));
        let has_else = k + 1 < group.branches.len();
        let is_if = matches!(dir.name.as_str(), "if" | "elif");
        let compares = (dir.first_token as usize..dir.end_token as usize)
            .any(|t| matches!(cx.text(t), b"<" | b">"));
        let condition = dir.first_token as usize + 1..dir.end_token as usize;
        if d.code == Code::CudaArchGuard
            && condition
                .clone()
                .any(|t| super::branches::hip_switch(cx.text(t)))
        {
            // `defined(__CUDA_ARCH__) && !defined(PROJ_USE_HIP)`: the project
            // chose HIP's path itself.
            return false;
        }
        if d.code == Code::CudaArchGuard && hip_device_path_beside(cx, group, k) {
            // The project wrote HIP's device path itself there.
            return false;
        }
        if d.code == Code::CudaArchGuard
            && condition.clone().any(|t| cx.text(t) == b"__CUDA__")
            && super::conditions::value_with_unknown(
                cx,
                group.branches[k],
                super::conditions::Build::Hip,
                b"__CUDA_ARCH__",
            ) == Some(false)
        {
            // `defined(__clang__) && defined(__CUDA__) && defined(__CUDA_ARCH__)`
            // (GROMACS' cuda_arch_utils.cuh): a branch for clang's CUDA
            // mode, which HIP skips as nvcc does, whatever `__CUDA_ARCH__`.
            return false;
        }
        if d.code == Code::VersionCheck && (0..k).any(|j| hip_takes(cx, group, j) == Some(true)) {
            // HIP never tests it: an earlier branch is HIP's (`#ifndef
            // CUDA_VERSION #error … #elif CUDA_VERSION >= 9020`, dlib),
            // and that branch's finding says so.
            return false;
        }
        if d.code == Code::VersionCheck && hip_takes(cx, group, k) == Some(true) {
            let name = &cx.src[d.range.clone()];
            let decides = super::conditions::value_with_unknown(
                cx,
                group.branches[k],
                super::conditions::Build::Hip,
                name,
            ) != Some(true);
            if decides {
                // `#if CUDART_VERSION < 9000`: the stub for old CUDA is HIP's;
                // `#ifndef CUDA_VERSION`: the branch for no CUDA at all.
                let undefined = dir.name == "ifndef" || tested_defined(cx, dir, name);
                let name = String::from_utf8_lossy(name);
                let (why, which) = if undefined {
                    ("", "the one written for builds without CUDA")
                } else {
                    (": it reads as 0", "the one written for older CUDA")
                };
                d.message = if stops_with_error(cx, group, k) {
                    d.help = Some(format!("let HIP past the check: `#if !defined({name}) && !defined(__HIP_PLATFORM_AMD__)`, then give HIP's path its own test"));
                    format!("`{name}` is a CUDA version HIP does not define{why}, so HIP takes this branch, whose `#error` stops the build")
                } else {
                    format!("`{name}` is a CUDA version HIP does not define{why}, so HIP takes this branch, {which}")
                };
            } else {
                guarded(d, "the condition holds on HIP whatever the version");
            }
            return true;
        }
        let quiet = match d.code {
            Code::CudaArchGuard => {
                (is_if && compares && has_else)
                    || (has_else && branch_has_asm(cx, group, k))
                    || (k == 0 && (plain_fallback(cx, group) || builtin_twin(cx, group)))
            }
            _ => is_if && (has_else || only_directives(cx, group, k)),
        };
        if quiet
            && d.code == Code::VersionCheck
            && has_else
            && hip_takes(cx, group, k) == Some(false)
            && !tests_below(cx, dir, pos)
        {
            // `#if CUDART_VERSION >= N … #else …`: the `#else` is what older
            // CUDA compiled, a fallback or a stub; HIP gets it either way.
            guarded(
                d,
                "HIP takes the `#else` branch, the one written for older CUDA: check that it is not a stub",
            );
        } else if quiet
            && d.code == Code::CudaArchGuard
            && (k + 1..group.branches.len())
                .any(|j| hip_takes(cx, group, j) == Some(true) && stub(cx, group, j))
        {
            // `#if __CUDA_ARCH__ >= 120 <CAS loop> #else (void)p; return 0; #endif`:
            // the branch HIP compiles does nothing, a stub for old GPUs.
            d.message = "`__CUDA_ARCH__` is not defined when HIP compiles device code: HIP takes the `#else` branch, a stub that returns a constant (written for the GPUs the test excludes)".to_owned();
            d.help = Some("let HIP compile the real branch: add `|| defined(__HIP_DEVICE_COMPILE__)` to the test".to_owned());
        } else if quiet
            && d.code == Code::CudaArchGuard
            && let names = host_twins(cx, group, k)
            && !names.is_empty()
        {
            // `#if __CUDA_ARCH__ <__device__ f with PTX> #else <host f>`:
            // HIP's device code gets the host definition (warp's
            // float_to_half, declared `CUDA_CALLABLE` above).
            let names = names
                .iter()
                .map(|&n| format!("`{}`", String::from_utf8_lossy(cx.text(n))))
                .collect::<Vec<_>>()
                .join(", ");
            let (is, function, its, it) = if names.contains(',') {
                ("are", "host functions", "their", "them")
            } else {
                ("is", "a host function", "its", "it")
            };
            d.message = format!(
                "`__CUDA_ARCH__` is not defined when HIP compiles device code: HIP takes the `#else` branch, where {names} {is} {function} ({its} device definition is in this branch), so device code calling {it} does not compile"
            );
            d.help = Some(format!(
                "mark the `#else` definition of {names} `__host__ __device__` if its body runs on the GPU, or give HIP a device branch without PTX (`|| defined(__HIP_DEVICE_COMPILE__)`)"
            ));
        } else if quiet {
            guarded(d, "HIP compiles the portable branch");
        } else if d.code == Code::CudaArchGuard && arch_outcome_right_on_hip(cx, dir, has_else) {
            guarded(
                d,
                "without `__CUDA_ARCH__` the test takes the path HIP wants",
            );
        }
        true
    });
}

/// Whether the version at `pos` in directive `dir` is tested below a
/// number (`CUDA_VERSION < 8000`, `8000 > CUDA_VERSION`): the branch is then
/// older CUDA's and its `#else` newer CUDA's (torch-scatter's
/// `defined(__CUDA_ARCH__) && (… || CUDA_VERSION < 8000)`).
fn tests_below(cx: &Cx<'_>, dir: &crate::lex::Directive, pos: usize) -> bool {
    let Some(t) = (dir.first_token as usize..dir.end_token as usize)
        .find(|&t| cx.tok(t).start as usize == pos)
    else {
        return false;
    };
    cx.next(t)
        .is_some_and(|n| matches!(cx.text(n), b"<" | b"<="))
        || cx
            .prev(t)
            .is_some_and(|p| matches!(cx.text(p), b">" | b">="))
}

/// Whether directive `dir` tests `name` only through `defined` (`#if
/// !defined CUDA_VERSION`, `!defined(CUDART_VERSION)`): not through its
/// value too (`!defined(CUDA_VERSION) || CUDA_VERSION < 12040`).
fn tested_defined(cx: &Cx<'_>, dir: &crate::lex::Directive, name: &[u8]) -> bool {
    let defined = |t: usize| {
        let before = cx
            .prev(t)
            .filter(|&p| !cx.is_punct(p, b"("))
            .or_else(|| cx.prev(t).and_then(|p| cx.prev(p)));
        before.is_some_and(|p| cx.text(p) == b"defined")
    };
    (dir.first_token as usize + 1..dir.end_token as usize)
        .filter(|&t| cx.text(t) == name)
        .all(defined)
}

/// Branch `k` of `group` holds an `#error` outside any nested
/// conditional (`#ifndef CUDA_VERSION #error CUDA_VERSION not defined`): a
/// build that takes the branch stops there.
fn stops_with_error(cx: &Cx<'_>, group: &Group, k: usize) -> bool {
    let dirs = &cx.lx.directives;
    let end = match group.branches.get(k + 1) {
        Some(&b) => b,
        None => dirs.partition_point(|d| (d.hash as usize) < group.end),
    };
    let mut depth = 0usize;
    for d in &dirs[group.branches[k] + 1..end.max(group.branches[k] + 1)] {
        match d.name.as_str() {
            "if" | "ifdef" | "ifndef" => depth += 1,
            "endif" => depth = depth.saturating_sub(1),
            "error" if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

/// Whether AMD's HIP compiles branch `k` of `group` (`None`: the
/// conditions do not tell).
fn hip_takes(cx: &Cx<'_>, group: &Group, k: usize) -> Option<bool> {
    use super::conditions::{Build, branch_taken};
    branch_taken(cx, &group.branches, k, Build::Hip)
}

fn guarded(d: &mut Diagnostic, why: &str) {
    if d.severity > Severity::Info {
        d.severity = Severity::Info;
    }
    d.message.push_str(&format!(" (guarded: {why})"));
}

/// A `__CUDA_ARCH__` test whose outcome on HIP (where it is undefined) is
/// what the code wants, with no `#else` to get wrong: `#ifndef
/// __CUDA_ARCH__` (host code that device passes compile too), a condition
/// true without it (`!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600`: the
/// modern path), or an old-architecture fallback (`__CUDA_ARCH__ < 600`),
/// which HIP, with the newer features, skips rightly.
fn arch_outcome_right_on_hip(cx: &Cx<'_>, dir: &crate::lex::Directive, has_else: bool) -> bool {
    if has_else {
        return false;
    }
    let cond: Vec<u8> = (dir.first_token as usize + 1..dir.end_token as usize)
        .flat_map(|t| cx.text(t).iter().copied())
        .collect();
    let has = |needle: &[u8]| memchr::memmem::find(&cond, needle).is_some();
    match dir.name.as_str() {
        "ifndef" => true,
        "if" | "elif" => {
            let negated = has(b"!defined(__CUDA_ARCH__)") || has(b"!defined__CUDA_ARCH__");
            let only_or = !has(b"&&");
            let below = memchr::memmem::find_iter(&cond, b"__CUDA_ARCH__")
                .all(|at| matches!(cond.get(at + 13), Some(b'<') | Some(b')') | None))
                && has(b"__CUDA_ARCH__<");
            (negated && only_or) || (below && !has(b">") && !has(b"||"))
        }
        _ => false,
    }
}

/// `#ifdef __CUDA_ARCH__ return __saturatef(v); #else return v < 0 ? 0 :
/// (v > 1 ? 1 : v); #endif`: the device branch returns what an intrinsic
/// computes, and the `#else` computes it again in plain C++ from the same
/// values (longer, with no side effect, no host-only call): right in HIP's
/// device code too. A shorter `#else` (`return v;`) is not the same value.
fn plain_fallback(cx: &Cx<'_>, group: &Group) -> bool {
    if group.branches.len() != 2 {
        return false;
    }
    let returned = |k: usize| {
        let r = body(cx, group, k);
        (r.len() > 2
            && cx.is_ident(r.start, b"return")
            && cx.is_punct(r.end - 1, b";")
            && !r.clone().any(|t| cx.tok(t).in_directive()))
        .then(|| r.start + 1..r.end - 1)
    };
    let (Some(device), Some(plain)) = (returned(0), returned(1)) else {
        return false;
    };
    let ident = |t: usize| cx.tok(t).kind == TokenKind::Ident;
    let called = |t: usize| cx.next(t).is_some_and(|n| cx.is_punct(n, b"("));
    let intrinsic = |t: usize| ident(t) && cx.text(t).starts_with(b"__") && called(t);
    const NOT_PURE: &[&[u8]] = &[
        b"threadIdx",
        b"blockIdx",
        b"blockDim",
        b"gridDim",
        b"warpSize",
        b"asm",
        b"throw",
        b"std",
        b"printf",
        b"fprintf",
        b"puts",
        b"exit",
        b"abort",
        b"assert",
    ];
    let pure = |r: std::ops::Range<usize>| {
        r.clone().all(|t| {
            let text = cx.text(t);
            !(ident(t) && (NOT_PURE.contains(&text) || text.starts_with(b"atomic")))
                && !matches!(text, b"++" | b"--")
                // An assignment: `=` not part of `==`, `<=`, `>=`, `!=`.
                && !(cx.is_punct(t, b"=")
                    && !cx.prev(t).is_some_and(|p| {
                        cx.tok(p).end == cx.tok(t).start && matches!(cx.text(p), b"=" | b"<" | b">" | b"!")
                    })
                    && !cx.next(t).is_some_and(|n| cx.tok(n).start == cx.tok(t).end && cx.is_punct(n, b"=")))
        })
    };
    device.clone().any(intrinsic)
        && pure(device.clone())
        && pure(plain.clone())
        && !plain
            .clone()
            .any(|t| ident(t) && cx.text(t).starts_with(b"__"))
        && plain.len() > device.len()
        && device
            .clone()
            .filter(|&t| ident(t) && !intrinsic(t))
            .all(|t| plain.clone().any(|p| cx.text(p) == cx.text(t)))
}

/// `#if defined(__CUDA_ARCH__) return __popc(v); #elif defined(__GNUC__) ||
/// defined(__clang__) return __builtin_popcount(v); …` (XGBoost's linalg.h
/// Popc): the branch after the device one is the compiler's builtin that
/// counts the same bits, and it tests a macro hipcc (clang, GCC-compatible)
/// defines itself, so HIP's device code takes it.
fn builtin_twin(cx: &Cx<'_>, group: &Group) -> bool {
    const TWINS: &[(&[u8], &[u8])] = &[
        (b"__popc", b"__builtin_popcount"),
        (b"__popcll", b"__builtin_popcountll"),
        (b"__ffs", b"__builtin_ffs"),
        (b"__ffsll", b"__builtin_ffsll"),
    ];
    if group.branches.len() < 2 {
        return false;
    }
    let dir = &cx.lx.directives[group.branches[1]];
    let condition = dir.first_token as usize + 1..dir.end_token as usize;
    let clang = dir.name == "elif"
        && condition
            .clone()
            .any(|t| matches!(cx.text(t), b"__clang__" | b"__GNUC__"))
        && !condition
            .clone()
            .any(|t| matches!(cx.text(t), b"!" | b"&" | b"<" | b">" | b"="));
    // `return f(…);`, as `f` and the tokens of `…`.
    let returned = |k: usize| {
        let r = body(cx, group, k);
        let f = r.start + 1;
        (r.len() > 4
            && cx.is_ident(r.start, b"return")
            && cx.is_punct(f + 1, b"(")
            && cx.matching_close(f + 1) == Some(r.end - 2)
            && cx.is_punct(r.end - 1, b";")
            && !r.clone().any(|t| cx.tok(t).in_directive()))
        .then(|| {
            (
                cx.text(f),
                (f + 2..r.end - 2).map(|t| cx.text(t)).collect::<Vec<_>>(),
            )
        })
    };
    let (Some((device, a)), Some((plain, b))) = (returned(0), returned(1)) else {
        return false;
    };
    clang && a == b && TWINS.contains(&(device, plain))
}

/// Branch `k` is a stub: it returns a constant and does nothing else but
/// mark parameters unused (`(void)address;`, `CV_UNUSED(val);`, `return
/// 0.0;`).
fn stub(cx: &Cx<'_>, group: &Group, k: usize) -> bool {
    let range = body(cx, group, k);
    if range.is_empty() || range.clone().any(|t| cx.tok(t).in_directive()) {
        return false;
    }
    let tokens: Vec<usize> = range.collect();
    let statements: Vec<&[usize]> = tokens.split_inclusive(|&t| cx.is_punct(t, b";")).collect();
    let text = |s: &[usize]| s.iter().map(|&t| cx.text(t)).collect::<Vec<_>>();
    let constant = |w: &[&[u8]]| match w {
        [n] | [b"-", n] => {
            n.first().is_some_and(u8::is_ascii_digit)
                || matches!(*n, b"false" | b"true" | b"nullptr" | b"NULL")
        }
        _ => false,
    };
    let mut returns = false;
    let all = statements.iter().all(|s| {
        let w = text(s);
        match w.as_slice() {
            [b"return", rest @ .., b";"] if constant(rest) => {
                returns = true;
                true
            }
            [b"(", b"void", b")", _, b";"] => true,
            [m, b"(", _, b")", b";"] => m.iter().all(|b| b.is_ascii_uppercase() || *b == b'_'),
            _ => false,
        }
    });
    all && returns
}

/// The functions branch `k` defines for the device (`__device__`, or a
/// macro this file defines with it, as `CUDA_CALLABLE`) that a later branch
/// HIP takes defines again with a head of plain C++ words alone: host
/// functions there (their names in the later branch, once each). A head
/// with a macro this file does not define with plain words (a project's
/// `HOST_DEVICE` from another header) may mark it for the device, and is
/// not read as host.
fn host_twins(cx: &Cx<'_>, group: &Group, k: usize) -> Vec<usize> {
    let device = definitions(cx, body(cx, group, k))
        .filter(|&(_, head)| head == Head::Device)
        .map(|(n, _)| cx.text(n))
        .collect::<Vec<_>>();
    if device.is_empty() {
        return Vec::new();
    }
    let mut twins: Vec<usize> = Vec::new();
    for j in (k + 1..group.branches.len()).filter(|&j| hip_takes(cx, group, j) != Some(false)) {
        for (n, head) in definitions(cx, body(cx, group, j)) {
            if head == Head::Host
                && device.contains(&cx.text(n))
                && !twins.iter().any(|&t| cx.text(t) == cx.text(n))
            {
                twins.push(n);
            }
        }
    }
    twins
}

#[derive(Clone, Copy, PartialEq)]
enum Head {
    Device,
    Host,
    Unknown,
}

/// The functions defined at namespace scope in `range` (name token, what
/// their head says).
fn definitions<'c>(
    cx: &'c Cx<'_>,
    range: std::ops::Range<usize>,
) -> impl Iterator<Item = (usize, Head)> + 'c {
    let start = range.start;
    range
        .filter(move |&t| cx.is_punct(t, b"{") && !cx.tok(t).in_directive())
        .filter_map(move |open| super::bodies::function_name(cx, open))
        .filter(move |&n| n >= start && cx.at_namespace_scope(n))
        .map(move |n| (n, head(cx, n, start)))
}

/// What the words before the function name `name` (back to the statement
/// before, or `start`) say of its targets.
fn head(cx: &Cx<'_>, name: usize, start: usize) -> Head {
    let mut head = Head::Host;
    let mut h = name;
    while let Some(p) = cx.prev(h).filter(|&p| p >= start) {
        if cx.tok(p).in_directive() || [&b";"[..], b"{", b"}"].iter().any(|w| cx.is_punct(p, w)) {
            break;
        }
        let w = cx.text(p);
        match w {
            b"__device__" | b"__global__" => return Head::Device,
            _ if cx.tok(p).kind == TokenKind::Ident && is_macro_like(w) => {
                match defined_as(cx, w) {
                    Some(true) => return Head::Device,
                    Some(false) => {}
                    None => head = Head::Unknown,
                }
            }
            _ => {}
        }
        h = p;
    }
    head
}

/// An upper-case name (`CUDA_CALLABLE`, `__forceinline__` is not).
fn is_macro_like(w: &[u8]) -> bool {
    w.iter().any(u8::is_ascii_uppercase)
        && w.iter()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_')
}

/// Whether a `#define` of `name` in this file puts `__device__` in code
/// (`Some(true)`), every one defines it with other words (`Some(false)`),
/// or none defines it (`None`).
fn defined_as(cx: &Cx<'_>, name: &[u8]) -> Option<bool> {
    let mut found = None;
    for d in cx.lx.directives.iter().filter(|d| d.name == "define") {
        let n = d.first_token as usize + 1;
        if n >= d.end_token as usize || cx.text(n) != name {
            continue;
        }
        let device = (n + 1..d.end_token as usize)
            .any(|t| matches!(cx.text(t), b"__device__" | b"__global__"));
        found = Some(found.unwrap_or(false) || device);
    }
    found
}

/// Branch `k` holds inline PTX (`asm`): the `#else` after it is the
/// portable form, which HIP compiles.
fn branch_has_asm(cx: &Cx<'_>, group: &Group, k: usize) -> bool {
    body(cx, group, k).any(|t| {
        cx.tok(t).kind == TokenKind::Ident && matches!(cx.text(t), b"asm" | b"__asm__" | b"__asm")
    })
}

/// Every conditional group of the file.
fn groups(cx: &Cx<'_>) -> Vec<Group> {
    let mut done = Vec::new();
    let mut open: Vec<Group> = Vec::new();
    for (i, d) in cx.lx.directives.iter().enumerate() {
        match d.name.as_str() {
            "if" | "ifdef" | "ifndef" => open.push(Group {
                branches: vec![i],
                end: cx.src.len(),
            }),
            "elif" | "else" | "elifdef" | "elifndef" => {
                if let Some(g) = open.last_mut() {
                    g.branches.push(i);
                }
            }
            "endif" => {
                if let Some(mut g) = open.pop() {
                    g.end = d.hash as usize;
                    done.push(g);
                }
            }
            _ => {}
        }
    }
    done.extend(open);
    done
}

/// The groups around byte `pos`, with the branch it is in, outermost first.
fn enclosing(cx: &Cx<'_>, groups: &[Group], pos: usize) -> Vec<(usize, usize)> {
    let dirs = &cx.lx.directives;
    let mut found: Vec<(usize, usize)> = groups
        .iter()
        .enumerate()
        .filter(|(_, g)| dirs[g.branches[0]].hash as usize <= pos && pos < g.end)
        .filter_map(|(gi, g)| {
            let k = g
                .branches
                .iter()
                .rposition(|&b| dirs[b].hash as usize <= pos)?;
            Some((gi, k))
        })
        .collect();
    found.sort_by_key(|&(g, _)| dirs[groups[g].branches[0]].hash);
    found
}

/// Token range of branch `k`'s body: after its directive, up to the next.
fn body(cx: &Cx<'_>, group: &Group, k: usize) -> std::ops::Range<usize> {
    let dirs = &cx.lx.directives;
    let start = dirs[group.branches[k]].end_token as usize;
    let end = match group.branches.get(k + 1) {
        Some(&b) => dirs[b].first_token as usize,
        None => cx
            .lx
            .tokens
            .partition_point(|t| (t.start as usize) < group.end),
    };
    start..end.max(start)
}

/// Whether `name` tests HIP's device pass: `__HIP_DEVICE_COMPILE__`, or a
/// project's macro for it (Eigen's `EIGEN_HIP_DEVICE_COMPILE`, defined
/// from it).
fn hip_device_pass(name: &[u8]) -> bool {
    if name == b"__HIP_DEVICE_COMPILE__" {
        return true;
    }
    let words = || name.split(|&b| b == b'_').filter(|w| !w.is_empty());
    !name.starts_with(b"__")
        && words().any(|w| w == b"HIP")
        && words().any(|w| w == b"DEVICE")
        && !words().any(|w| matches!(w, b"NO" | b"DISABLE" | b"CUDA" | b"NVIDIA" | b"NVCC"))
}

/// Whether `__CUDA_ARCH__`'s branch `k` of `group` has HIP's device path
/// beside it, written by the project (Eigen 3.4): the condition tests HIP's
/// device pass too (test/main.h: `!defined(__CUDA_ARCH__) &&
/// !defined(__HIP_DEVICE_COMPILE__)`); the group right after tests it
/// (test/gpu_common.h: `#if defined(__CUDA_ARCH__) … #endif #if
/// defined(EIGEN_HIP_DEVICE_COMPILE) …`); or the branch names the CUDA
/// device pass (`#define EIGEN_CUDA_ARCH __CUDA_ARCH__`) in a file that
/// names HIP's too (Macros.h: `#define EIGEN_HIP_DEVICE_COMPILE
/// __HIP_DEVICE_COMPILE__`).
fn hip_device_path_beside(cx: &Cx<'_>, group: &Group, k: usize) -> bool {
    let dirs = &cx.lx.directives;
    let tests = |dir: &crate::lex::Directive| {
        (dir.first_token as usize + 1..dir.end_token as usize).any(|t| hip_device_pass(cx.text(t)))
    };
    if tests(&dirs[group.branches[k]]) {
        return true;
    }
    let endif = dirs.partition_point(|d| (d.hash as usize) < group.end);
    if dirs
        .get(endif + 1)
        .is_some_and(|n| matches!(n.name.as_str(), "if" | "ifdef") && tests(n))
    {
        return true;
    }
    let names_arch = body(cx, group, k).any(|t| {
        cx.text(t) == b"__CUDA_ARCH__" && cx.tok(t).in_directive() && {
            let dir = &dirs[cx.tok(t).directive as usize];
            dir.name == "define" && dir.end_token - dir.first_token == 3
        }
    });
    names_arch && tests_hip_device_pass(cx)
}

/// Whether a conditional directive of the file tests HIP's device pass
/// ([`hip_device_pass`]), either way.
fn tests_hip_device_pass(cx: &Cx<'_>) -> bool {
    cx.lx.directives.iter().any(|dir| {
        matches!(dir.name.as_str(), "if" | "elif" | "ifdef" | "ifndef")
            && (dir.first_token as usize + 1..dir.end_token as usize)
                .any(|t| hip_device_pass(cx.text(t)))
    })
}

/// Whether a branch after `k` in `group` is an `#elif` that tests HIP's
/// device pass, not negated: the project's own HIP device branch.
fn hip_device_branch_after(cx: &Cx<'_>, group: &Group, k: usize) -> bool {
    (k + 1..group.branches.len()).any(|j| {
        let dir = &cx.lx.directives[group.branches[j]];
        dir.name == "elif"
            && (dir.first_token as usize + 1..dir.end_token as usize).any(|t| {
                hip_device_pass(cx.text(t))
                    && !cx
                        .prev(t)
                        .and_then(|p| {
                            if cx.is_punct(p, b"(") {
                                cx.prev(p)
                            } else {
                                Some(p)
                            }
                        })
                        .and_then(|p| {
                            if cx.is_ident(p, b"defined") {
                                cx.prev(p)
                            } else {
                                Some(p)
                            }
                        })
                        .is_some_and(|p| cx.is_punct(p, b"!"))
            })
    })
}

/// Branch `k` is followed by another that holds no `asm`.
fn portable_alternative(cx: &Cx<'_>, group: &Group, k: usize) -> bool {
    k + 1 < group.branches.len()
        && (k + 1..group.branches.len()).all(|j| {
            !body(cx, group, j).any(|t| {
                cx.tok(t).kind == TokenKind::Ident
                    && matches!(cx.text(t), b"asm" | b"__asm__" | b"__asm")
            })
        })
}

/// Branch `k` holds only `#include`s and function-like `#define`s (a
/// compatibility shim: `#define __shfl_up(v, d) __shfl_up_sync(…)`, or a
/// header only the CUDA branches below use), which HIP does not need.
fn only_directives(cx: &Cx<'_>, group: &Group, k: usize) -> bool {
    let range = body(cx, group, k);
    !range.is_empty()
        && range.clone().all(|t| cx.tok(t).in_directive())
        && range.clone().all(|t| {
            let d = &cx.lx.directives[cx.tok(t).directive as usize];
            let name = d.first_token as usize + 1;
            d.name == "include"
                || (d.name == "define"
                    && name + 1 < d.end_token as usize
                    && cx.is_punct(name + 1, b"(")
                    && cx.tok(name + 1).start == cx.tok(name).end)
        })
}
