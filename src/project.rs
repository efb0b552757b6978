//! What the processed tree declares itself: the CUDA-shaped names (`cu…`,
//! `CU…`, `nv…`) its files and the headers they include by a relative path
//! define as macros, functions, types, enumerators or variables. A name the
//! project declares is the project's, and HIP-W004 never reports it (a name
//! the tables map keeps its rules: see `translate::identifiers`).
//!
//! One byte scan per file, before the run, and only words of that shape are
//! looked at: a declared name is one after `#define`, or after a type-like
//! word (`void cudaCheck(`, `struct cuFoo {`, `cudaError_t cudaFoo =`) and
//! before a declarator-like byte. Reading files and following includes is
//! this module's; the CLI only hands it the file list.

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

/// The CUDA-shaped names `files`, and the headers they include by relative
/// paths (transitively), declare.
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

/// The CUDA-shaped names `src` declares, and the paths of its `#include "…"`.
pub fn scan(src: &[u8]) -> (Vec<String>, Vec<&[u8]>) {
    let mut names = Vec::new();
    let mut includes = Vec::new();
    let mut prev_word: &[u8] = b"";
    let mut prev_punct = 0u8;
    let mut i = 0;
    let n = src.len();
    while i < n {
        let b = src[i];
        if b == b'/' && src.get(i + 1) == Some(&b'/') {
            i = memchr::memchr(b'\n', &src[i..]).map_or(n, |k| i + k);
            continue;
        }
        if b == b'/' && src.get(i + 1) == Some(&b'*') {
            i = memchr::memmem::find(&src[i + 2..], b"*/").map_or(n, |k| i + 2 + k + 2);
            continue;
        }
        if b == b'"' || b == b'\'' {
            let mut j = i + 1;
            while j < n && src[j] != b && src[j] != b'\n' {
                j += if src[j] == b'\\' { 2 } else { 1 };
            }
            if prev_word == b"include" && b == b'"' && j < n {
                includes.push(&src[i + 1..j]);
            }
            prev_word = b"";
            prev_punct = b;
            i = j + 1;
            continue;
        }
        if b == b'#' {
            prev_word = b"";
            prev_punct = b'#';
            i += 1;
            continue;
        }
        if !is_word(b) {
            if !b.is_ascii_whitespace() {
                prev_punct = b;
                prev_word = b"";
            }
            i += 1;
            continue;
        }
        let s = i;
        while i < n && is_word(src[i]) {
            i += 1;
        }
        let w = &src[s..i];
        let shaped = matches!(w, [b'c', b'u', ..] | [b'C', b'U', ..] | [b'n', b'v', ..]);
        if shaped {
            let mut k = i;
            while k < n && matches!(src[k], b' ' | b'\t') {
                k += 1;
            }
            let next = src.get(k).copied().unwrap_or(b';');
            let after_type = !prev_word.is_empty()
                && !prev_word[0].is_ascii_digit()
                && !NOT_A_TYPE.contains(&prev_word)
                && matches!(next, b'(' | b';' | b'=' | b'{' | b'[' | b',' | b':' | b')');
            let after_pointer = prev_word.is_empty()
                && matches!(prev_punct, b'*' | b'&')
                && matches!(next, b'(' | b';' | b'=' | b'[' | b',' | b')');
            let enumerator = prev_word.is_empty()
                && matches!(prev_punct, b'{' | b',')
                && matches!(next, b'=' | b',' | b'}');
            if prev_word == b"define" || after_type || after_pointer || enumerator {
                if let Ok(name) = std::str::from_utf8(w) {
                    names.push(name.to_owned());
                }
            }
        }
        prev_word = w;
        prev_punct = 0;
    }
    (names, includes)
}

#[cfg(test)]
mod tests {
    use super::scan;

    #[test]
    fn declarations() {
        let src = b"#define cudaCheck(x) check(x)\n\
            #include \"util/helpers.h\"\n\
            void cudaFreeCheck(void* p);\n\
            static cublasHandle_t* cublasHandleGlobal = nullptr;\n\
            enum E { cuModeA = 1, cuModeB };\n\
            // void cudaInComment(int);\n\
            int x = cudaUsed(3); return cudaAlsoUsed;\n";
        let (names, includes) = scan(src);
        assert_eq!(
            names,
            [
                "cudaCheck",
                "cudaFreeCheck",
                "cublasHandleGlobal",
                "cuModeA",
                "cuModeB"
            ]
        );
        assert_eq!(includes, [&b"util/helpers.h"[..]]);
    }
}
