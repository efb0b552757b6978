//! Whether a file's device code links across translation units: an
//! `extern` device variable, or a device function declared at namespace
//! scope and not defined in the file (a kernel's declaration is not one:
//! the host launches it through a stub that links like any function). Only such code needs
//! relocatable device code (CMake's `CUDA_SEPARABLE_COMPILATION`), so a
//! tree without it gets no HIP-W020 for that setting (see `project`); the
//! declaration itself gets one, as hipcc links device code across units
//! only with `-fgpu-rdc`.

use super::Cx;

/// Device functions CUDA's and HIP's toolchains provide themselves: a
/// project's own declaration of one (`extern "C" __device__ int
/// printf(const char*, ...);`, as NVIDIA Warp's crt.h writes it for its
/// kernels built without the C library) names no code of another unit.
/// HIP 5.2.3 declares `printf` so (amd_detail/amd_device_functions.h:39)
/// and defines `memcpy`, `memset` (there, :1050-1054); clang 15's
/// __clang_hip_runtime_wrapper.h defines `malloc` and `free` (:83-100).
const DEVICE_RUNTIME: &[&[u8]] = &[b"printf", b"malloc", b"free", b"memcpy", b"memset"];

/// The declarations in `cx`'s file of device code another unit defines:
/// the first token of each, the declared name's, and whether it says
/// `extern` (a forward declaration without it may be one the file never
/// uses, as in a branch for older CUDA).
pub(super) fn crosses_units(cx: &Cx<'_>) -> Vec<(usize, usize, bool)> {
    let mut crossing: Vec<(usize, usize, bool)> = Vec::new();
    let mut declared: Vec<(usize, usize, bool)> = Vec::new();
    let mut defined: Vec<&[u8]> = Vec::new();
    for &i in &cx.facts.landmarks.linkage {
        let i = i as usize;
        if cx.tok(i).in_directive() {
            continue;
        }
        // Whether it is at namespace scope is asked only of a declaration
        // that would count (the scopes cost a pass over the file).
        let is_extern = cx.text(i) == b"extern";
        // The declaration's first `(`, `;`, `{` or `=`.
        let mut k = i;
        let mut device = !is_extern;
        let stop = loop {
            let Some(n) = cx.next(k) else {
                return crossing;
            };
            match cx.text(n) {
                b"(" | b";" | b"{" | b"=" => break n,
                b"__device__" | b"__constant__" | b"__managed__" => device = true,
                b"__global__" => {
                    device = false;
                    break n;
                }
                _ => {}
            }
            k = n;
        };
        if !device {
            continue;
        }
        if !cx.is_punct(stop, b"(") {
            // A variable: `extern __device__ int x;` is defined elsewhere.
            if is_extern && !cx.is_punct(stop, b"{") && cx.at_namespace_scope(i) {
                crossing.push((i, cx.prev(stop).unwrap_or(i), true));
            }
            continue;
        }
        let Some(name) = cx.prev(stop) else {
            continue;
        };
        let Some(close) = cx.matching_close(stop) else {
            continue;
        };
        // After the parameters: qualifiers, then `;` (a declaration) or a
        // body (`{`, a `:` initializer list, a `try`).
        let mut k = close;
        while let Some(n) = cx.next(k) {
            match cx.text(n) {
                b";" => {
                    if cx.at_namespace_scope(i) {
                        // `extern "C" __device__ f(…);` from its `__device__`:
                        // the declaration starts at the `extern`.
                        let before = |t: usize, w: &[u8]| cx.prev(t).filter(|&p| cx.text(p) == w);
                        let start = (before(i, b"extern"))
                            .or_else(|| before(i, b"\"C\"").and_then(|c| before(c, b"extern")));
                        declared.push(match start {
                            Some(e) => (e, name, true),
                            None => (i, name, is_extern),
                        });
                    }
                    break;
                }
                b"{" | b":" | b"try" | b"=" => {
                    defined.push(cx.text(name));
                    break;
                }
                b"(" | b"[" => match cx.matching_close(n) {
                    Some(c) => k = c,
                    None => break,
                },
                _ => k = n,
            }
        }
    }
    crossing.extend((declared.into_iter()).filter(|&(_, name, _)| {
        !defined.contains(&cx.text(name)) && !DEVICE_RUNTIME.contains(&cx.text(name))
    }));
    crossing.sort_unstable();
    crossing
}
