//! Which preprocessor branches AMD's HIP compiles. A finding in a branch
//! HIP never compiles (`#ifdef __NVCC__`, `#ifndef __HIP_PLATFORM_AMD__`,
//! the `#else` of a project's own `#ifdef PROJ_USE_HIP`) is about code the
//! port never builds: no code reports there. A branch only HIP compiles
//! (`#ifdef PROJ_USE_HIP`, `#if defined(__HIPCC__)`) is the project's own
//! HIP layer: the CUDA names it spells are deliberate, so the codes about
//! untranslated CUDA stay quiet there (the hazards do not; the rule table,
//! `rules/table.rs`, says which code is which).

use crate::diagnostic::Diagnostic;
use crate::tokens::Tokens;

/// Who compiles the code after a directive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Any compiler may (no condition known to exclude HIP).
    Any,
    /// Only a HIP build (AMD's hipcc or the project's HIP configuration).
    HipOnly,
    /// Never AMD's HIP.
    NotHip,
}

/// Drops from `found` what no HIP build would see: every finding in a
/// branch HIP never compiles (but parse and I/O errors), and the findings
/// about CUDA names in a branch only HIP compiles. A finding in a
/// conditional directive itself (`#if CUDART_VERSION >= 11000`) is judged
/// by the branch around that directive, not the one it opens.
pub(crate) fn retain_reachable(tokens: &Tokens<'_>, found: &mut Vec<Diagnostic>) {
    if found.is_empty() {
        return;
    }
    let reach = reach_of_directives(tokens);
    if reach.iter().all(|&r| r == (Reach::Any, Reach::Any)) {
        return;
    }
    found.retain(|d| match reach_at(tokens, reach, d.range.start) {
        Reach::NotHip => d.code.info().id.starts_with("HIP-E"),
        Reach::HipOnly => !super::table::guarded(d.code).quiet_in_hip_layer(),
        Reach::Any => true,
    });
}

/// Who compiles byte `at`, from [`reach_of_directives`]'s `reach`: a
/// directive's line is judged by the branch around it.
fn reach_at(tokens: &Tokens<'_>, reach: &[(Reach, Reach)], at: usize) -> Reach {
    let dirs = &tokens.lx.directives;
    let k = dirs.partition_point(|dir| (dir.line_start as usize) <= at);
    let Some(k) = k.checked_sub(1) else {
        return Reach::Any;
    };
    let (on_line, after) = reach[k];
    if at < dirs[k].end as usize {
        on_line
    } else {
        after
    }
}

/// Whether only a HIP build compiles byte `at`: the project's own HIP layer
/// (`#ifdef USE_ROCM`, `#if defined(__HIP_PLATFORM_AMD__)`).
pub(crate) fn hip_only_at(tokens: &Tokens<'_>, at: usize) -> bool {
    reach_at(tokens, reach_of_directives(tokens), at) == Reach::HipOnly
}

/// Per directive: whether AMD's HIP never compiles the code after it, up to
/// the next directive.
pub(crate) fn hip_never_compiles_after(tokens: &Tokens<'_>) -> Vec<bool> {
    (reach_of_directives(tokens).iter())
        .map(|&(_, after)| after == Reach::NotHip)
        .collect()
}

/// Per directive, who compiles its own line and who the code after it, up
/// to the next directive (read once per text).
fn reach_of_directives<'t>(tokens: &'t Tokens<'_>) -> &'t [(Reach, Reach)] {
    tokens.directive_reach.get_or_init(|| read_reach(tokens))
}

fn read_reach(tokens: &Tokens<'_>) -> Vec<(Reach, Reach)> {
    use super::conditions::{Build, both, value};
    // Per open group and build: whether every branch before the current one
    // was false (`None`: not known), and whether the current one is taken.
    #[derive(Clone, Copy)]
    struct Open {
        earlier_false: [Option<bool>; 2],
        taken: [Option<bool>; 2],
    }
    let builds = [Build::Hip, Build::Nvcc];
    let reach_of = |stack: &[Open]| {
        let mut reach = Reach::Any;
        for o in stack {
            match (o.taken[0], o.taken[1]) {
                (Some(false), _) => return Reach::NotHip,
                (Some(true), Some(false)) => reach = Reach::HipOnly,
                _ => {}
            }
        }
        reach
    };
    let mut stack: Vec<Open> = Vec::new();
    let mut out = Vec::with_capacity(tokens.lx.directives.len());
    for (i, d) in tokens.lx.directives.iter().enumerate() {
        let on_line;
        match d.name.as_str() {
            "if" | "ifdef" | "ifndef" => {
                on_line = reach_of(&stack);
                let taken = builds.map(|b| value(tokens, i, b));
                stack.push(Open {
                    earlier_false: [Some(true); 2],
                    taken,
                });
            }
            "elif" | "elifdef" | "elifndef" | "else" => {
                on_line = reach_of(&stack[..stack.len().saturating_sub(1)]);
                if let Some(top) = stack.last_mut() {
                    for (k, &b) in builds.iter().enumerate() {
                        // The branch before failed, and every one before it.
                        let before_failed = top.taken[k].map(|t| !t);
                        top.earlier_false[k] = both(top.earlier_false[k], before_failed);
                        top.taken[k] = both(top.earlier_false[k], value(tokens, i, b));
                    }
                }
            }
            "endif" => {
                stack.pop();
                on_line = reach_of(&stack);
            }
            _ => on_line = reach_of(&stack),
        }
        out.push((on_line, reach_of(&stack)));
    }
    out
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
        let tokens = Tokens::new(src.as_bytes(), &lx);
        let r = reach_of_directives(&tokens);
        r.iter().map(|&(_, after)| after).collect()
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
        // CUDA's versions are undefined on HIP: 0.
        let r = reach("#if (CUDART_VERSION < 9000)\n#else\n#endif\n");
        assert_eq!(r, [Any, NotHip, Any]);
        let r = reach("#if X\n#elif CUDA_VERSION >= 12000\n#else\n#endif\n");
        assert_eq!(r, [Any, NotHip, Any, Any]);
        let r = reach("#ifdef __CUDA_ARCH__\n#else\n#endif\n");
        assert_eq!(r, [NotHip, Any, Any]);
    }

    #[test]
    fn a_directive_line_is_judged_by_its_surroundings() {
        use Reach::*;
        let src = "#if CUDA_VERSION >= 11000\n#elif X\n#endif\n";
        let lx = crate::lex::lex(src.as_bytes());
        let tokens = Tokens::new(src.as_bytes(), &lx);
        let r = reach_of_directives(&tokens);
        assert_eq!(r, [(Any, NotHip), (Any, Any), (Any, Any)]);
    }
}
