//! Whether a file's device code links across translation units: an
//! `extern` device variable, or a device function declared at namespace
//! scope and not defined in the file (a kernel's declaration is not one:
//! the host launches it through a stub that links like any function). Only such code needs
//! relocatable device code (CMake's `CUDA_SEPARABLE_COMPILATION`), so a
//! tree without it gets no HIP-W020 for that setting (see `project`).

use super::Cx;

/// Whether `cx`'s file declares device code another unit defines.
pub(super) fn crosses_units(cx: &Cx<'_>) -> bool {
    let mut declared: Vec<&[u8]> = Vec::new();
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
            let Some(n) = cx.next(k) else { return false };
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
                return true;
            }
            continue;
        }
        let Some(name) = cx.prev(stop).map(|p| cx.text(p)) else {
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
                        declared.push(name);
                    }
                    break;
                }
                b"{" | b":" | b"try" | b"=" => {
                    defined.push(name);
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
    declared.iter().any(|d| !defined.contains(d))
}
