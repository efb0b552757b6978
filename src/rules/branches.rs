//! Which preprocessor branches AMD's HIP compiles. A finding in a branch
//! HIP never compiles (`#ifdef __NVCC__`, `#ifndef __HIP_PLATFORM_AMD__`,
//! the `#else` of a project's own `#ifdef PROJ_USE_HIP`) is about code the
//! port never builds: no code reports there. A branch only HIP compiles
//! (`#ifdef PROJ_USE_HIP`, `#if defined(__HIPCC__)`) is the project's own
//! HIP layer: the CUDA names it spells are deliberate, so the codes about
//! untranslated CUDA stay quiet there (the hazards do not).

use crate::diagnostic::{Code, Diagnostic};
use crate::lex::TokenKind;
use crate::tokens::Tokens;

/// Who compiles the code after a directive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Any compiler may (no condition known to exclude HIP).
    Any,
    /// Only a HIP build (AMD's hipcc or the project's HIP configuration).
    HipOnly,
    /// Never AMD's HIP.
    NotHip,
}

/// The codes about CUDA names left untranslated: a HIP-only branch spells
/// them on purpose (`#define cudaStream_t hipStream_t`, a project's
/// `#define __CUDA_ARCH__ …`).
const ABOUT_CUDA_NAMES: &[Code] = &[
    Code::UnmappedApi,
    Code::UnsupportedApi,
    Code::LegacyCublas,
    Code::UnsupportedHeader,
    Code::NvidiaOnlyLibrary,
    Code::CudaArchGuard,
    Code::VersionCheck,
    Code::DeprecatedApi,
    Code::LibraryPort,
];

/// Drops from `found` what no HIP build would see: every finding in a
/// branch HIP never compiles (but parse and I/O errors), and the findings
/// about CUDA names in a branch only HIP compiles.
pub(crate) fn retain_reachable(tokens: &Tokens<'_>, found: &mut Vec<Diagnostic>) {
    if found.is_empty() {
        return;
    }
    let reach = reach_after_directives(tokens);
    if reach.iter().all(|&r| r == Reach::Any) {
        return;
    }
    let dirs = &tokens.lx.directives;
    found.retain(|d| {
        let at = d.range.start;
        let k = dirs.partition_point(|dir| (dir.line_start as usize) <= at);
        match k.checked_sub(1).map(|k| reach[k]) {
            Some(Reach::NotHip) => d.code.info().id.starts_with("HIP-E"),
            Some(Reach::HipOnly) => !ABOUT_CUDA_NAMES.contains(&d.code),
            _ => true,
        }
    });
}

/// Per directive, who compiles the code after it, up to the next one.
fn reach_after_directives(tokens: &Tokens<'_>) -> Vec<Reach> {
    // Each open group: the reach its current branch adds, and how its
    // condition was read (for the branches after the first).
    let mut stack: Vec<(Reach, Condition)> = Vec::new();
    let mut out = Vec::with_capacity(tokens.lx.directives.len());
    for d in &tokens.lx.directives {
        let cond = d.first_token as usize + 1..d.end_token as usize;
        match d.name.as_str() {
            "if" => {
                let c = condition(tokens, cond);
                stack.push((c.first_branch(), c));
            }
            "ifdef" | "ifndef" => {
                let c = match single_name(tokens, cond) {
                    Some(name) if d.name == "ifdef" => defined(name, false),
                    Some(name) => defined(name, true),
                    None => Condition::Unknown,
                };
                stack.push((c.first_branch(), c));
            }
            "elif" | "elifdef" | "elifndef" => {
                if let Some(top) = stack.last_mut() {
                    top.0 = top.1.later_branch(false);
                }
            }
            "else" => {
                if let Some(top) = stack.last_mut() {
                    top.0 = top.1.later_branch(true);
                }
            }
            "endif" => {
                stack.pop();
            }
            _ => {}
        }
        let mut reach = Reach::Any;
        for &(r, _) in &stack {
            match r {
                Reach::NotHip => {
                    reach = Reach::NotHip;
                    break;
                }
                Reach::HipOnly => reach = Reach::HipOnly,
                Reach::Any => {}
            }
        }
        out.push(reach);
    }
    out
}

/// What an `#if` condition says about HIP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Condition {
    /// True exactly in a HIP build (`defined(PROJ_USE_HIP)`, `__HIPCC__`).
    Hip,
    /// False in every HIP build (`!defined(__HIP_PLATFORM_AMD__)`).
    NotHip,
    /// True under nvcc alone (`defined(__NVCC__)`): its `#else` is not only HIP's.
    Nvcc,
    Unknown,
}

impl Condition {
    fn first_branch(self) -> Reach {
        match self {
            Condition::Hip => Reach::HipOnly,
            Condition::NotHip | Condition::Nvcc => Reach::NotHip,
            Condition::Unknown => Reach::Any,
        }
    }

    /// The reach of an `#elif` (`is_else` false) or `#else` branch.
    fn later_branch(self, is_else: bool) -> Reach {
        match self {
            // HIP takes the first branch: it never reaches a later one.
            Condition::Hip => Reach::NotHip,
            Condition::NotHip if is_else => Reach::HipOnly,
            _ => Reach::Any,
        }
    }
}

fn defined(name: &[u8], negated: bool) -> Condition {
    match (hip_switch(name), name == b"__NVCC__", negated) {
        (true, _, false) => Condition::Hip,
        (true, _, true) => Condition::NotHip,
        (_, true, false) => Condition::Nvcc,
        _ => Condition::Unknown,
    }
}

/// The one identifier of a directive's operand, if that is all it holds.
fn single_name<'a>(tokens: &Tokens<'a>, r: std::ops::Range<usize>) -> Option<&'a [u8]> {
    (r.len() == 1 && tokens.tok(r.start).kind == TokenKind::Ident).then(|| tokens.text(r.start))
}

/// Reads an `#if` condition made of HIP tests alone: `defined(H)`,
/// `defined H` or `H`, joined by `||` (or, negated, `!defined(H)` … joined
/// by `&&`); `defined(__NVCC__)` alone.
fn condition(tokens: &Tokens<'_>, r: std::ops::Range<usize>) -> Condition {
    if r.is_empty() {
        return Condition::Unknown;
    }
    let text = &tokens.src[tokens.tok(r.start).start as usize..tokens.tok(r.end - 1).end as usize];
    let text: Vec<u8> = text
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    let (join, other): (&[u8], &[u8]) = if memchr::memmem::find(&text, b"||").is_some() {
        (b"||", b"&&")
    } else {
        (b"&&", b"||")
    };
    if memchr::memmem::find(&text, other).is_some() {
        return Condition::Unknown;
    }
    let terms: Vec<Condition> = memchr::memmem::find_iter(&text, join)
        .chain([text.len()])
        .scan(0, |from, to| {
            let term = &text[*from..to];
            *from = to + join.len();
            Some(term)
        })
        .map(|term| {
            let (negated, term) = match term.strip_prefix(b"!") {
                Some(t) => (true, t),
                None => (false, term),
            };
            let term = term.strip_prefix(b"defined").unwrap_or(term);
            let name = term
                .strip_prefix(b"(")
                .and_then(|t| t.strip_suffix(b")"))
                .unwrap_or(term);
            if name.is_empty() || !name.iter().all(|&b| b == b'_' || b.is_ascii_alphanumeric()) {
                Condition::Unknown
            } else {
                defined(name, negated)
            }
        })
        .collect();
    let all = |c: Condition| terms.iter().all(|&t| t == c);
    match (join, terms.as_slice()) {
        (_, [Condition::Nvcc]) => Condition::Nvcc,
        (b"||", _) if all(Condition::Hip) => Condition::Hip,
        (b"&&", _) if all(Condition::NotHip) => Condition::NotHip,
        (_, [one]) => *one,
        _ => Condition::Unknown,
    }
}

/// Whether macro `name` is defined exactly when HIP compiles: AMD's HIP
/// compiler macros, or a project's own switch (`GGML_USE_HIP`, `USE_ROCM`,
/// `KOKKOS_ENABLE_HIP`: a `HIP`/`ROCM` word, no NVIDIA, CUDA, version or
/// architecture word).
pub(crate) fn hip_switch(name: &[u8]) -> bool {
    const COMPILER: &[&[u8]] = &[
        b"__HIP_PLATFORM_AMD__",
        b"__HIP_PLATFORM_HCC__",
        b"__HIPCC__",
        b"__HIP__",
    ];
    if COMPILER.contains(&name) {
        return true;
    }
    if name.starts_with(b"__") {
        return false;
    }
    let words = || name.split(|&b| b == b'_').filter(|w| !w.is_empty());
    words().any(|w| matches!(w, b"HIP" | b"ROCM" | b"HIPBLAS" | b"HIPCC"))
        && !words().any(|w| {
            matches!(
                w,
                b"NVIDIA"
                    | b"CUDA"
                    | b"NVCC"
                    | b"VERSION"
                    | b"ARCH"
                    | b"DEVICE"
                    | b"NO"
                    | b"DISABLE"
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reach(src: &str) -> Vec<Reach> {
        let lx = crate::lex::lex(src.as_bytes());
        reach_after_directives(&Tokens::new(src.as_bytes(), &lx))
    }

    #[test]
    fn project_switches() {
        for yes in [
            "GGML_USE_HIP",
            "USE_ROCM",
            "KOKKOS_ENABLE_HIP",
            "__HIP_PLATFORM_AMD__",
        ] {
            assert!(hip_switch(yes.as_bytes()), "{yes}");
        }
        for no in [
            "__HIP_PLATFORM_NVIDIA__",
            "__HIP_DEVICE_COMPILE__",
            "TORCH_HIP_VERSION",
            "HIP_NO_HALF",
            "CHIP",
            "__CUDACC__",
        ] {
            assert!(!hip_switch(no.as_bytes()), "{no}");
        }
    }

    #[test]
    fn branches() {
        use Reach::*;
        let r = reach("#ifdef USE_HIP\n#elif X\n#else\n#endif\n");
        assert_eq!(r, [HipOnly, NotHip, NotHip, Any]);
        let r = reach("#if !defined(USE_HIP) && !defined(__HIPCC__)\n#else\n#endif\n");
        assert_eq!(r, [NotHip, HipOnly, Any]);
        let r = reach("#if defined(__NVCC__)\n#else\n#endif\n");
        assert_eq!(r, [NotHip, Any, Any]);
        let r = reach("#if defined(USE_HIP) && X\n#else\n#endif\n");
        assert_eq!(r, [Any, Any, Any]);
        let r = reach("#ifndef USE_HIP\n#ifdef __HIPCC__\n#endif\n#endif\n");
        assert_eq!(r, [NotHip, NotHip, NotHip, Any]);
        let r = reach("#if __HIPCC__ || defined(GGML_USE_HIP)\n#endif\n");
        assert_eq!(r, [HipOnly, Any]);
    }
}
