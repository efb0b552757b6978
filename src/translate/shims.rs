//! Definitions the translation adds where HIP lacks a CUDA function or header
//! at the target and has an exact form of it. Two headers (their text in
//! `shims/`): `cooperative_groups/reduce.h` (HIP has none: `cg::reduce` over
//! a tile or coalesced group through the group's `shfl_down` and `shfl`, with
//! CUDA's six operators, for AMD GPUs) and `math_constants.h` before HIP 5.3
//! (the `#define`s of CUDA 13.0's header, as they are). And `__syncwarp`,
//! absent from HIP's headers (and AMD's HIPIFY tables) through HIP 7.0. A
//! wavefront runs in lockstep, so what remains of it on AMD GPUs is its
//! memory ordering among the lanes: a release fence, a wave barrier, an
//! acquire fence, as a macro defined only where the compiler is AMD's
//! (`__HIP__`, which clang defines itself; HIP's NVIDIA path keeps CUDA's
//! `__syncwarp`). And CUDA's 82 SIMD intrinsics (`__vadd4`, `__vmaxs2`, …),
//! which HIP lacks at every version: one block each in `shims/simd.h`,
//! checked against CUDA's own on a GPU by `ci/simd-check`.

use std::sync::LazyLock;

use super::Cx;
use crate::edit::Edit;
use crate::mappings::Version;

/// A function HIP lacks and the macro (with its helpers) that defines it:
/// the CUDA name, the text (one line per line of the file's line ending),
/// and the title of the fix that inserts it.
struct Function {
    name: &'static [u8],
    lines: &'static [&'static str],
    title: &'static str,
}

const FUNCTIONS: [Function; 3] = [
    Function {
        name: b"__syncwarp",
        lines: &[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__syncwarp)",
            "// hipify-rs: HIP has no __syncwarp; a wavefront runs in lockstep, so it only orders memory",
            "#define __syncwarp(...) (__builtin_amdgcn_fence(__ATOMIC_RELEASE, \"wavefront\"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, \"wavefront\"))",
            "#endif",
        ],
        title: "define __syncwarp for AMD GPUs (a wavefront runs in lockstep: its memory ordering)",
    },
    Function {
        name: b"atomicInc_system",
        lines: &[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(atomicInc_system)",
            "// hipify-rs: HIP has no atomicInc_system; CUDA's ((old >= val) ? 0 : old + 1), stored by a system-scope compare-and-swap loop",
            "#define atomicInc_system(...) hipify_rs_atomicInc_system(__VA_ARGS__)",
            "__device__ inline unsigned int hipify_rs_atomicInc_system(unsigned int *address, unsigned int val) {",
            "  unsigned int old = *(volatile unsigned int *)address, assumed;",
            "  do {",
            "    assumed = old;",
            "    old = atomicCAS_system(address, assumed, (assumed >= val) ? 0u : assumed + 1u);",
            "  } while (old != assumed);",
            "  return old;",
            "}",
            "#endif",
        ],
        title: "define atomicInc_system for AMD GPUs (a system-scope compare-and-swap loop)",
    },
    Function {
        name: b"atomicDec_system",
        lines: &[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(atomicDec_system)",
            "// hipify-rs: HIP has no atomicDec_system; CUDA's ((old == 0 || old > val) ? val : old - 1), stored by a system-scope compare-and-swap loop",
            "#define atomicDec_system(...) hipify_rs_atomicDec_system(__VA_ARGS__)",
            "__device__ inline unsigned int hipify_rs_atomicDec_system(unsigned int *address, unsigned int val) {",
            "  unsigned int old = *(volatile unsigned int *)address, assumed;",
            "  do {",
            "    assumed = old;",
            "    old = atomicCAS_system(address, assumed, (assumed == 0u || assumed > val) ? val : assumed - 1u);",
            "  } while (old != assumed);",
            "  return old;",
            "}",
            "#endif",
        ],
        title: "define atomicDec_system for AMD GPUs (a system-scope compare-and-swap loop)",
    },
];

/// CUDA's SIMD intrinsics: the blocks of `shims/simd.h`, each from its `#if`
/// line (which names the function: `!defined(__vadd4)`) to its `#endif`.
static SIMD: LazyLock<Vec<Function>> = LazyLock::new(|| {
    let mut blocks = Vec::new();
    let mut lines = include_str!("shims/simd.h").lines();
    while let Some(first) = lines.by_ref().find(|l| l.starts_with("#if ")) {
        let name = (first
            .rsplit_once("!defined(")
            .and_then(|(_, n)| n.strip_suffix(')')))
        .expect("simd.h: a block's #if line ends in `!defined(NAME)`");
        let mut block = vec![first];
        block.extend(lines.by_ref().take_while(|l| *l != "#endif"));
        block.push("#endif");
        // Built once per process and kept for its life, as `FUNCTIONS` is.
        blocks.push(Function {
            name: name.as_bytes(),
            lines: Box::leak(block.into_boxed_slice()),
            title: "define it for AMD GPUs (CUDA's SIMD operation, a lane at a time)",
        });
    }
    blocks
});

/// The function `name` the translation can define (a shim).
fn find(name: &[u8]) -> Option<&'static Function> {
    let mut all = FUNCTIONS.iter();
    if name.starts_with(b"__v") && name.len() <= 12 {
        return all.chain(SIMD.iter()).find(|f| f.name == name);
    }
    all.find(|f| f.name == name)
}

/// Whether the translation can define the function `name` (a shim).
pub(super) fn has_function(name: &[u8]) -> bool {
    find(name).is_some()
}

/// The title of the fix that defines the function `name`.
pub(crate) fn function_title(name: &[u8]) -> &'static str {
    find(name).map_or("define it", |f| f.title)
}

/// The text standing for an `#include` of `path` where HIP lacks the header
/// at `target` (one line per line; the caller sets the line endings). The
/// reduce shim only where HIP's headers were checked to lack what it
/// defines (5.2.3; a later HIP might declare `cooperative_groups::plus`).
pub(super) fn header(path: &str, target: &crate::mappings::Target) -> Option<&'static str> {
    match path {
        "cooperative_groups/reduce.h" if target.hip_version < Version::new(6, 0, 0) => {
            Some(include_str!("shims/cg_reduce.h"))
        }
        "math_constants.h" => Some(include_str!("shims/math_constants.h")),
        _ => None,
    }
}

/// The CUDA headers [`header`] may write out in place.
pub fn headers() -> impl Iterator<Item = &'static str> {
    ["cooperative_groups/reduce.h", "math_constants.h"].into_iter()
}

/// The names a header shim defines (each `#define NAME`, its guard aside).
pub(super) fn defines(shim: &'static str) -> impl Iterator<Item = &'static [u8]> {
    shim.lines()
        .filter_map(|l| l.strip_prefix("#define "))
        .filter_map(|l| l.split([' ', '(']).next())
        .filter(|n| !n.starts_with("HIPIFY_RS_"))
        .map(str::as_bytes)
}

/// What to do about a use of a function [`FUNCTIONS`] defines.
pub(super) enum Definition {
    /// The file defines the name itself (or a translation did): nothing.
    Defined,
    /// Insert the macro with this edit.
    Insert(Edit),
    /// No line to put it on: leave the finding.
    Nowhere,
}

/// For the file's first use of a function of [`FUNCTIONS`], token `first`
/// (`__syncwarp`, `atomicInc_system`): whether the file
/// defines it, or where the macro goes: on its own lines before the
/// top-level declaration holding that use, outside every conditional (a
/// guard or `#if` there could hide it from later uses).
pub(super) fn function(cx: &Cx<'_>, first: usize) -> Definition {
    let name = cx.text(first);
    let Some(shim) = find(name) else {
        return Definition::Nowhere;
    };
    let defines = cx.lx.directives.iter().any(|d| {
        d.name == "define"
            && (d.first_token as usize + 1) < d.end_token as usize
            && cx.text(d.first_token as usize + 1) == name
    });
    if defines {
        return Definition::Defined;
    }
    // The top-level declaration (or directive) holding the use. Code walks
    // over the directives within it (`#pragma unroll` before a loop): they
    // do not end a declaration.
    let context = cx.tok(first).directive;
    let mut start = first;
    for p in (0..first).rev() {
        let t = cx.tok(p);
        if t.directive != context {
            if t.in_directive() && !cx.tok(first).in_directive() {
                continue;
            }
            break;
        }
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
        let line = memchr::memrchr2(b'\n', b'\r', &cx.src[..s]).map_or(0, |p| p + 1);
        if start > 0 && cx.tok(start - 1).end as usize > line {
            return Definition::Nowhere;
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
        return Definition::Nowhere;
    }
    let nl = crate::source::line_ending(cx.src);
    let mut text: String = shim.lines.iter().map(|l| format!("{l}{nl}")).collect();
    text.push_str(nl);
    Definition::Insert(Edit::insert(point, text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mappings;

    /// `simd.h` defines exactly the functions the tables list with no HIP
    /// name among CUDA's SIMD intrinsics: all 82, each its own block.
    #[test]
    fn simd_blocks_are_cudas_unmapped_simd_intrinsics() {
        assert_eq!(SIMD.len(), 82);
        for f in SIMD.iter() {
            let name = std::str::from_utf8(f.name).unwrap();
            let m = mappings::lookup(name).unwrap_or_else(|| panic!("{name}: not a CUDA name"));
            assert!(
                m.hip.name.is_none(),
                "{name}: HIP has it now ({:?})",
                m.hip.name
            );
            let body = f.lines.join("\n");
            let short = &name[2..];
            assert!(
                body.contains(&format!("#define {name}(...) hipify_rs_{short}(")),
                "{name}"
            );
            assert!(f.lines.last() == Some(&"#endif"), "{name}: one block");
            assert!(find(f.name).is_some_and(|g| std::ptr::eq(g, f)));
        }
        let declared = mappings::all()
            .iter()
            .filter(|m| m.cuda.starts_with("__v") && m.hip.name.is_none())
            .filter(|m| m.cuda.ends_with(['2', '4']))
            .filter(|m| {
                m.cuda[3..m.cuda.len() - 1]
                    .bytes()
                    .all(|b| b.is_ascii_lowercase())
            })
            .count();
        assert_eq!(declared, 82);
    }
}
