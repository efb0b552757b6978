//! What the processed tree declares itself: the CUDA-shaped names (`cu…`,
//! `CU…`, `nv…`) its files and the headers they include by a relative path
//! define as macros, functions, types, enumerators or variables. A name the
//! project declares is the project's, and HIP-W004 never reports it (a name
//! the tables map keeps its rules: see `translate::identifiers`).
//!
//! Only names W004 could report matter (CUDA declares them, no table maps
//! them), so a file is searched, not lexed: each `cu`/`CU`/`nv` word is
//! looked up, and only those names get their neighbours read: a declared
//! name is one after `#define`, or after a type-like word (`void cudaFoo(`,
//! `struct cuFoo {`, `cudaError_t cudaFoo =`) and before a declarator-like
//! byte. Reading files and following includes is this module's; the CLI
//! only hands it the file list.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

/// Words before a name that do not make it a declaration.
const NOT_A_TYPE: &[&[u8]] = &[
    b"return",
    b"case",
    b"else",
    b"throw",
    b"new",
    b"delete",
    b"sizeof",
    b"and",
    b"or",
    b"not",
    b"defined",
    b"if",
    b"elif",
    b"ifdef",
    b"ifndef",
    b"undef",
    b"do",
    b"goto",
    b"decltype",
    b"typeid",
    b"alignof",
    b"include",
    b"co_return",
    b"co_yield",
    b"co_await",
];

/// The names HIP-W004 could report that `files`, and the headers they
/// include by relative paths (transitively), declare.
pub fn declared_names(files: &[PathBuf]) -> HashSet<String> {
    let mut seen: HashSet<PathBuf> = files.iter().cloned().collect();
    let mut names = HashSet::new();
    let mut batch: Vec<PathBuf> = files.to_vec();
    while !batch.is_empty() {
        let found: Vec<(Vec<String>, Vec<PathBuf>)> =
            batch.par_iter().map(|p| scan_file(p)).collect();
        batch = Vec::new();
        for (n, includes) in found {
            names.extend(n);
            for inc in includes {
                if seen.insert(inc.clone()) {
                    batch.push(inc);
                }
            }
        }
    }
    names
}

fn scan_file(path: &Path) -> (Vec<String>, Vec<PathBuf>) {
    let Ok(src) = std::fs::read(path) else {
        return (Vec::new(), Vec::new());
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let (names, includes) = scan(&src);
    let includes = includes
        .into_iter()
        .filter_map(|inc| std::str::from_utf8(inc).ok().map(|s| dir.join(s)))
        .filter(|p| p.is_file())
        .collect();
    (names, includes)
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The names `src` declares that HIP-W004 could report (CUDA declares them
/// and no table maps them), and the paths of its `#include "…"`.
///
/// Sparse: a SIMD search finds each `cu`/`CU`/`nv` and each `include`, and
/// only there are the neighbouring bytes read, so a file costs little more
/// than a `memchr`. Comments are not skipped: a declaration written in a
/// comment counts too (it only ever silences a finding).
pub fn scan(src: &[u8]) -> (Vec<String>, Vec<&[u8]>) {
    let mut names = Vec::new();
    for pair in [&b"cu"[..], b"CU", b"nv"] {
        for s in memchr::memmem::find_iter(src, pair) {
            if s > 0 && is_word(src[s - 1]) {
                continue;
            }
            let mut e = s + 2;
            while e < src.len() && is_word(src[e]) {
                e += 1;
            }
            // The byte tests first: most words are uses, not declarations.
            if !declares(src, s, e) {
                continue;
            }
            let Ok(name) = std::str::from_utf8(&src[s..e]) else {
                continue;
            };
            if crate::mappings::cuda_header(name).is_some()
                && crate::mappings::lookup(name).is_none()
            {
                names.push(name.to_owned());
            }
        }
    }
    let mut includes = Vec::new();
    for at in memchr::memmem::find_iter(src, b"include") {
        let before = src[..at].trim_ascii_end();
        if !before.ends_with(b"#") {
            continue;
        }
        let rest = &src[at + 7..];
        let rest = &rest[rest.len() - rest.trim_ascii_start().len()..];
        if let Some(body) = rest.strip_prefix(b"\"") {
            if let Some(end) = memchr::memchr2(b'"', b'\n', body) {
                if body[end] == b'"' {
                    includes.push(&body[..end]);
                }
            }
        }
    }
    (names, includes)
}

/// Whether the word at `s..e` is declared there: after `#define`, after a
/// type-like word or a `*`/`&`, or as an enumerator, and before a
/// declarator-like byte.
fn declares(src: &[u8], s: usize, e: usize) -> bool {
    let next = src[e..]
        .iter()
        .copied()
        .find(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(b';');
    let before = src[..s].trim_ascii_end();
    let Some(&last) = before.last() else {
        return false;
    };
    if is_word(last) {
        let start = before
            .iter()
            .rposition(|&b| !is_word(b))
            .map_or(0, |p| p + 1);
        let word = &before[start..];
        return word == b"define"
            || (!word[0].is_ascii_digit()
                && !NOT_A_TYPE.contains(&word)
                && matches!(next, b'(' | b';' | b'=' | b'{' | b'[' | b',' | b':' | b')'));
    }
    match last {
        b'*' | b'&' => matches!(next, b'(' | b';' | b'=' | b'[' | b',' | b')'),
        b'{' | b',' => matches!(next, b'=' | b',' | b'}'),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::scan;

    #[test]
    fn declarations() {
        // Names CUDA 13 declares that no table maps, declared by the
        // project (a shim); `cudaMalloc` is mapped, `cudaCheck` not CUDA's.
        let src = b"#define cudaLibraryEnumerateKernels(k, n, l) f(k, n, l)\n\
            #  include \"util/helpers.h\"\n\
            #include <cuda.h>\n\
            int cudaGetExportTable(const void** t, const void* id);\n\
            static void* cudaDeviceGetHostAtomicCapabilities = nullptr;\n\
            void cudaCheck(int e); void* cudaMalloc(size_t);\n\
            int x = cudaKernelSetAttributeForDevice(3);\n";
        let (names, includes) = scan(src);
        assert_eq!(
            names,
            [
                "cudaLibraryEnumerateKernels",
                "cudaGetExportTable",
                "cudaDeviceGetHostAtomicCapabilities"
            ]
        );
        assert_eq!(includes, [&b"util/helpers.h"[..]]);
    }
}
