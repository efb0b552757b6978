//! CUDA version checks: `CUDA_VERSION`, `CUDART_VERSION`, `__CUDACC_VER_*__`
//! in preprocessor conditions or code, and comparisons of the numbers
//! `cudaRuntimeGetVersion`/`cudaDriverGetVersion` return. HIP defines none of
//! the macros and reports its own version numbers, so such guards silently
//! choose the wrong path after a port.

use foldhash::HashSet;

use super::Cx;
use crate::diagnostic::{Code, Diagnostic};
use crate::lex::TokenKind;

/// The CUDA version macros: this rule reports them (the rule table's
/// `names`).
pub(super) const MACROS: &[&[u8]] = &[
    b"CUDA_VERSION",
    b"CUDART_VERSION",
    b"__CUDACC_VER_MAJOR__",
    b"__CUDACC_VER_MINOR__",
    b"__CUDACC_VER_BUILD__",
];

const GETTERS: &[&[u8]] = &[
    b"cudaRuntimeGetVersion",
    b"cudaDriverGetVersion",
    b"cuDriverGetVersion",
];

/// What the check remembers while reading a file.
#[derive(Default)]
pub(super) struct Versions<'a> {
    /// Variables a `cudaRuntimeGetVersion(&v)` filled.
    version_vars: HashSet<&'a [u8]>,
}

/// Checks identifier token `i`, spelled `name`.
pub(super) fn ident<'a>(
    cx: &Cx<'a>,
    i: usize,
    name: &'a [u8],
    state: &mut Versions<'a>,
    out: &mut Vec<Diagnostic>,
) {
    let version_vars = &mut state.version_vars;
    let t = cx.tok(i);
    {
        if (name.starts_with(b"CUDA") || name.starts_with(b"__CUDACC_VER"))
            && MACROS.contains(&name)
        {
            // `#define CUDA_VERSION …` in a compat header is not a check.
            // Nor is the text of `#error CUDA_VERSION not defined` or a
            // `#pragma message`: the condition around it is reported.
            let defining = t.in_directive()
                && matches!(
                    cx.lx.directives[t.directive as usize].name.as_str(),
                    "define" | "undef" | "error" | "warning" | "pragma"
                );
            if !defining && !t.in_directive() && !cx.defines_macro(name) {
                // `return std::make_pair((CUDA_VERSION) / 1000, …)` (XGBoost's
                // clang branch): in code the name is an undeclared identifier,
                // unless the file defines it itself (a compat header).
                let n = String::from_utf8_lossy(name);
                out.push(
                    Diagnostic::new(
                        Code::VersionCheck,
                        t.range(),
                        format!("`{n}` is a CUDA version HIP does not define: used in code, it does not compile"),
                    )
                    .with_help(format!("use it only where it is defined (`#ifdef {n}`), and give HIP's path its own value (HIP_VERSION counts differently)")),
                );
            } else if !defining {
                let n = String::from_utf8_lossy(name);
                out.push(
                    Diagnostic::new(
                        Code::VersionCheck,
                        t.range(),
                        format!("`{n}` is a CUDA version: HIP does not define it, so this check takes the non-CUDA path"),
                    )
                    .with_help(format!("keep the CUDA path and choose HIP's explicitly, e.g. `(defined({n}) && {n} >= X) || defined(__HIP_PLATFORM_AMD__)`")),
                );
            }
        } else if name.starts_with(b"cu")
            && GETTERS.contains(&name)
            // Renamed to HIP's getter; a project's own (a loader's function
            // pointer, left as it is) still reads CUDA's numbers.
            && cx.edits_starting_at(t.start as usize).next().is_some()
        {
            // `cudaRuntimeGetVersion(&v)`: remember `v`.
            if let Some(open) = cx.next(i).filter(|&o| cx.is_punct(o, b"(")) {
                if let Some(args) = cx.call_args(open) {
                    if let Some(&(a, b)) = args.args.first() {
                        if b == a + 2 && cx.is_punct(a, b"&") {
                            version_vars.insert(cx.text(a + 1));
                        }
                    }
                }
            }
        } else if !version_vars.is_empty()
            && version_vars.contains(name)
            && compared_with_number(cx, i)
        {
            out.push(
                Diagnostic::new(
                    Code::VersionCheck,
                    t.range(),
                    format!(
                        "`{}` holds a CUDA runtime/driver version; after the port it holds HIP's, which counts differently",
                        String::from_utf8_lossy(name)
                    ),
                )
                .with_help("compare against HIP versions under `#if defined(__HIP_PLATFORM_AMD__)`, keeping the CUDA comparison for CUDA builds"),
            );
        }
    }
}

/// `v >= 11000`, `v < 12000`, `11000 <= v`, `v == 12010`. Not `v > 0`
/// or `v == 0`: whether a driver or runtime is there (GROMACS'
/// device_management.cu: `bool foundDriver = (driverVersion > 0);`), which
/// HIP's version answers the same way (positive where one is there).
fn compared_with_number(cx: &Cx<'_>, i: usize) -> bool {
    let is_cmp = |k: usize| matches!(cx.text(k), b"<" | b">" | b"=" | b"!");
    let number_after = |mut k: usize| {
        while is_cmp(k) {
            match cx.next(k) {
                Some(n) => k = n,
                None => return false,
            }
        }
        cx.tok(k).kind == TokenKind::Number && cx.text(k) != b"0"
    };
    let number_before = |mut k: usize| {
        while is_cmp(k) {
            match cx.prev(k) {
                Some(p) => k = p,
                None => return false,
            }
        }
        cx.tok(k).kind == TokenKind::Number && cx.text(k) != b"0"
    };
    cx.next(i).is_some_and(|n| is_cmp(n) && number_after(n))
        || cx.prev(i).is_some_and(|p| is_cmp(p) && number_before(p))
}
