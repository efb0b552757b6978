//! Property tests over generated CUDA-like token soup: identifiers from the
//! mapping tables and the user's own, comments, strings, raw strings,
//! character literals, directives, launches, braces, line continuations,
//! CRLF and bytes that are not UTF-8.
//!
//! Properties (debug build, so the overlapping-edits `debug_assert` in
//! `translate` is live, and a panic fails the property):
//! 1. translating twice equals translating once, for the default target,
//!    HIP 5.2, and `--hip-kernel-execution-syntax` (with `--fix`);
//! 2. comments and literals come out byte for byte, in order;
//! 3. with only names whose translation is a rename, the output with every
//!    identifier normalised equals the input normalised the same way (once
//!    the added `hip_runtime.h` include is taken out): nothing but
//!    identifiers changed;
//! 4. `--diff` applied with `patch -p1` equals what `--output-dir` writes.
//!
//! The inputs are the same on every run (a fixed seed); `PROPTEST_CASES=N`
//! runs more cases and `PROPTEST_RNG_SEED=N` other ones.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use hipify_rs::engine::{nothing_to_translate, translate_in_full};
use hipify_rs::mappings::{self, Version};
use hipify_rs::{Language, Options, translate};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// A piece of generated source. Protected pieces (comments, literals) must
/// come out unchanged.
#[derive(Debug, Clone)]
struct Piece {
    bytes: Vec<u8>,
    protected: bool,
}

fn code(s: &str) -> Piece {
    Piece {
        bytes: s.as_bytes().to_vec(),
        protected: false,
    }
}

/// A sample of the CUDA names in the tables, plus names whose rewrites
/// change arguments, launches or headers.
fn cuda_names() -> &'static Vec<&'static str> {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut v: Vec<&'static str> = mappings::all().iter().step_by(37).map(|m| m.cuda).collect();
        v.extend([
            "cudaMalloc",
            "cudaFree",
            "cudaMemcpy",
            "cudaMemcpyToSymbol",
            "cudaMemcpyFromSymbol",
            "cudaMallocHost",
            "cudaEventCreate",
            "cudaGraphInstantiate",
            "cudaLaunchKernel",
            "cudaFuncGetAttributes",
            "cudaStream_t",
            "cudaError_t",
            "cudaSuccess",
            "__shfl_down_sync",
            "__ballot_sync",
            "__activemask",
            "__popc",
            "cub",
            "thrust",
            "cublasHandle_t",
            "cublasCreate",
            "CUDA_VERSION",
            "__CUDA_ARCH__",
            "threadIdx",
            "warpSize",
        ]);
        v
    })
}

/// The names whose translation, in every call shape, is a plain rename.
fn rename_only_names() -> &'static Vec<&'static str> {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let opts = Options::default();
        let strip = |out: Vec<u8>| strip_hip_include(&out, b"").into_owned();
        cuda_names()
            .iter()
            .copied()
            .filter(|name| {
                if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                    return false;
                }
                let mut renamed: Option<Vec<u8>> = None;
                for shape in [
                    "x = @;\n",
                    "@();\n",
                    "@(a);\n",
                    "@(a, b);\n",
                    "@(a, b, c);\n",
                    "@(a, b, c, d);\n",
                ] {
                    let src = shape.replace('@', name);
                    let out = strip(translate(src.as_bytes(), Language::Cpp, &opts).output);
                    let (pre, post) = shape.split_once('@').unwrap();
                    let Some(mid) = out
                        .strip_prefix(pre.as_bytes())
                        .and_then(|o| o.strip_suffix(post.as_bytes()))
                    else {
                        return false;
                    };
                    if !is_ident(mid) || renamed.as_ref().is_some_and(|r| r != mid) {
                        return false;
                    }
                    renamed = Some(mid.to_vec());
                }
                true
            })
            .collect()
    })
}

fn is_ident(b: &[u8]) -> bool {
    !b.is_empty()
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_')
        && !b[0].is_ascii_digit()
}

/// Text for comments and literals: CUDA names, non-UTF-8 bytes, tabs,
/// trailing blanks, a unique-ish marker.
fn filler() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(cuda_names().clone()).prop_map(|s| s.as_bytes().to_vec()),
            prop::sample::select(vec![
                &b"caf\xe9"[..],
                b"\xff\xfe",
                b"\xc3\xa9t\xc3\xa9",
                b"\x80",
                b"\t",
                b"  ",
                b"x.cudaMalloc",
                b"<<<1, 1>>>",
                b"#include <cuda.h>",
                b"::",
                b"(",
                b"}",
            ])
            .prop_map(|s| s.to_vec()),
            (0u32..1000).prop_map(|n| format!("m{n}").into_bytes()),
        ],
        0..5,
    )
    .prop_map(|parts| parts.join(&b' '))
}

fn comment_or_literal() -> impl Strategy<Value = Piece> {
    (0..6u8, filler(), prop::bool::ANY).prop_map(|(kind, text, crlf)| {
        let nl: &[u8] = if crlf { b"\r\n" } else { b"\n" };
        // Literals must not contain what would end them early.
        let flat: Vec<u8> = text
            .iter()
            .map(|&b| {
                if b == b'"' || b == b'\\' || b == b'\'' {
                    b'_'
                } else {
                    b
                }
            })
            .collect();
        let bytes = match kind {
            0 => [b"// ".as_slice(), &text, nl].concat(),
            // KNOWN BUG (reported; tests/reliability.rs
            // `include_inserted_inside_a_block_comment`): code right after a
            // multi-line block comment gets the hip_runtime include inserted
            // inside the comment. Until it is fixed, such a comment ends its
            // line here; drop the trailing `nl` then.
            1 => [b"/* ".as_slice(), &text, nl, b" */", nl].concat(),
            2 => [b"\"".as_slice(), &flat, b"\""].concat(),
            3 => [b"u8R\"d(".as_slice(), &text, b"\"", nl, b")d\""].concat(),
            4 => b"'\\n'".to_vec(),
            _ => [b"L\"".as_slice(), &flat, b"\\t\""].concat(),
        };
        Piece {
            bytes,
            protected: true,
        }
    })
}

fn directive() -> impl Strategy<Value = Piece> {
    prop::sample::select(vec![
        "\n#include <cuda_runtime.h>\n",
        "\n#include <cuda.h>\r\n",
        "\n#include \"cuda_runtime_api.h\"\n",
        "\n#include <cublas_v2.h>\n",
        "\n#include <cub/cub.cuh>\n",
        "\n#include \"mine.cuh\"\n",
        "\n#  include <device_launch_parameters.h>\n",
        "\n#define M(a) cudaMalloc(&a, 4)\n",
        "\n#define N cudaFree \\\n  (p)\n",
        "\n#define L(k) k<<<1, 32>>>(p)\n",
        "\n#if defined(CUDART_VERSION) && cudaSuccess == 0\n",
        "\n#ifdef __CUDACC__\n",
        "\n#elif CUDA_VERSION >= 11000\n",
        "\n#endif\n",
        "\n#pragma once\n",
    ])
    .prop_map(code)
}

fn plain_code(names: &'static [&'static str]) -> impl Strategy<Value = Piece> {
    prop_oneof![
        6 => prop::sample::select(names.to_vec()).prop_map(code),
        3 => prop::sample::select(vec![
            "x", "p", "n", "k", "my_cudaFree", "cudaMallocWrapper", "mylib::cudaFree",
            "x.cudaMalloc", "p->cudaFree", "std", "T", "float", "int", "void", "__global__",
            "__device__", "threadIdx.x", "blockDim", "namespace wrap", "struct S", "class",
            "template <typename T>", "typename", "return", "using namespace cub;",
            "0xffffffff", "32", "1.5f", "caf\u{e9}",
        ])
        .prop_map(code),
        5 => prop::sample::select(vec![
            "(", ")", "{", "}", "[", "]", ";", ",", "::", ".", "->", "<", ">", "&", "*", "=",
            "%", "<<", ">>", "&&", "!",
        ])
        .prop_map(code),
        2 => prop::sample::select(vec![" ", "\t", "  \t", "\n", "\r\n", "   \n", "\t\r\n"]).prop_map(code),
        1 => prop::sample::select(vec!["\\\n", "\\\r\n"]).prop_map(code),
        1 => Just(Piece { bytes: b"\xe9\xff".to_vec(), protected: false }),
    ]
}

fn launch() -> impl Strategy<Value = Piece> {
    prop::sample::select(vec![
        "k<<<1, 2>>>(p, n);",
        "k<T><<<g, b, 0, s>>>(x);",
        "ns::k<<<dim3(1, 2), 64, shm>>>(a, b);",
        "k<<<",
        ">>>",
        "k<<<1, 1>>>(",
    ])
    .prop_map(code)
}

/// Soup for the idempotence and protection properties: everything.
fn soup() -> impl Strategy<Value = Vec<Piece>> {
    prop::collection::vec(
        prop_oneof![
            8 => plain_code(cuda_names()),
            3 => comment_or_literal(),
            1 => directive(),
            1 => launch(),
        ],
        0..80,
    )
}

/// Soup for `--hip-kernel-execution-syntax`: everything but directives.
/// KNOWN BUG (reported; tests/reliability.rs
/// `launch_rewrite_across_a_directive`): a launch whose argument list spans a
/// directive that translation removes is rewritten only on the second run.
fn launch_soup() -> impl Strategy<Value = Vec<Piece>> {
    prop::collection::vec(
        prop_oneof![
            8 => plain_code(cuda_names()),
            3 => comment_or_literal(),
            2 => launch(),
        ],
        0..80,
    )
}

fn launch_options() -> Options {
    Options {
        kernel_execution_syntax: true,
        apply_fixes: true,
        ..Options::default()
    }
}

/// Soup for the normalisation property: renames only, no directives or launches.
fn rename_soup() -> impl Strategy<Value = Vec<Piece>> {
    prop::collection::vec(
        prop_oneof![8 => plain_code(rename_only_names()), 3 => comment_or_literal()],
        0..80,
    )
}

/// Words of ordinary C++ and near misses of what translation reacts to
/// (identity-mapped `max`, `hip` outside an include, CUDA-ish words).
const PLAIN_WORDS: &[&str] = &[
    "max",
    "min",
    "abs",
    "sqrt",
    "printf",
    "size",
    "value",
    "std",
    "vector",
    "hip",
    "Nvidia",
    "flash",
    "thrust_like",
    "cudaless",
    "CUDA",
    "GPU",
    "kernel",
    "lane",
    "warp",
    "R",
    "u8",
    "namespace app",
    "#include <vector>",
    "#include \"util/flash.hpp\"",
    "/*",
    "*/",
    "//",
    "\"",
    "R\"(",
    ")\"",
    "'\\\\'",
    "x % 32",
    "0xffffffff",
];

/// Soup for the prefilter: mostly plain C++, now and then something that
/// matters (a CUDA name, a directive, a launch, a comment naming an API).
fn plain_soup() -> impl Strategy<Value = Vec<Piece>> {
    prop::collection::vec(
        prop_oneof![
            20 => prop::sample::select(PLAIN_WORDS).prop_map(code),
            10 => prop::sample::select(vec!["(", ")", "{", "}", ";", ",", "::", "<", ">", "=", " ", "\n", "\r\n", "\t"]).prop_map(code),
            1 => plain_code(cuda_names()),
            1 => comment_or_literal(),
            1 => directive(),
            1 => launch(),
        ],
        0..40,
    )
}

fn join(pieces: &[Piece]) -> Vec<u8> {
    let mut out = Vec::new();
    for p in pieces {
        out.extend_from_slice(&p.bytes);
        out.push(b' ');
    }
    out
}

fn option_sets() -> Vec<(&'static str, Options)> {
    let mut v52 = Options::default();
    v52.target.hip_version = Version::parse("5.2").unwrap();
    vec![
        ("default", Options::default()),
        ("--hip-version 5.2", v52),
        (
            "--fix",
            Options {
                apply_fixes: true,
                ..Options::default()
            },
        ),
    ]
}

fn show(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Removes the `#include <hip/hip_runtime.h>` line translation adds, when
/// `input` did not have one.
fn strip_hip_include<'a>(out: &'a [u8], input: &[u8]) -> std::borrow::Cow<'a, [u8]> {
    const INC: &[u8] = b"#include <hip/hip_runtime.h>";
    if input.windows(INC.len()).any(|w| w == INC) {
        return out.into();
    }
    let Some(at) = out.windows(INC.len()).position(|w| w == INC) else {
        return out.into();
    };
    let mut end = at + INC.len();
    if out[end..].starts_with(b"\r\n") {
        end += 2;
    } else if out[end..].starts_with(b"\n") {
        end += 1;
    }
    [&out[..at], &out[end..]].concat().into()
}

/// Every identifier (as the lexer sees them: bytes ≥ 0x80 included) → `I`.
fn normalise(src: &[u8]) -> Vec<u8> {
    let start = |b: u8| b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b >= 0x80;
    let cont = |b: u8| start(b) || b.is_ascii_digit();
    let mut out = Vec::with_capacity(src.len());
    let mut i = 0;
    while i < src.len() {
        let b = src[i];
        if b.is_ascii_digit() {
            // A number: its letters are not an identifier (`0x1f`, `1.5f`).
            while i < src.len() && (cont(src[i]) || src[i] == b'.') {
                out.push(src[i]);
                i += 1;
            }
        } else if start(b) {
            while i < src.len() && cont(src[i]) {
                i += 1;
            }
            out.push(b'I');
        } else {
            out.push(b);
            i += 1;
        }
    }
    out
}

fn config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(cases);
    let base = Config::default();
    // Deterministic in CI; PROPTEST_RNG_SEED=N explores other inputs.
    let rng_seed = if std::env::var_os("PROPTEST_RNG_SEED").is_some() {
        base.rng_seed
    } else {
        RngSeed::Fixed(0x4849_5046_5952_5321)
    };
    Config {
        cases,
        failure_persistence: None,
        rng_seed,
        ..base
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn translating_twice_equals_translating_once(pieces in soup(), cuda in prop::bool::ANY) {
        let src = join(&pieces);
        let lang = if cuda { Language::Cuda } else { Language::Cpp };
        for (name, opts) in option_sets() {
            let once = translate(&src, lang, &opts);
            let twice = translate(&once.output, lang, &opts);
            prop_assert!(
                !twice.changed,
                "{name}: not idempotent\n--- input ---\n{}\n--- once ---\n{}\n--- twice ---\n{}",
                show(&src), show(&once.output), show(&twice.output)
            );
            prop_assert_eq!(once.changed, once.output != src);
        }
    }

    #[test]
    fn prefilter_skips_only_what_translation_leaves_alone(pieces in plain_soup(), cuda in prop::bool::ANY) {
        let src = join(&pieces);
        let lang = if cuda { Language::Cuda } else { Language::Cpp };
        for (name, opts) in option_sets().into_iter().chain([("launch", launch_options())]) {
            if nothing_to_translate(&src, lang, &opts) {
                let full = translate_in_full(&src, lang, &opts);
                prop_assert!(
                    !full.changed && full.diagnostics.is_empty(),
                    "{name}: skipped, but the translation changes or reports\n--- input ---\n{}\n--- output ---\n{}\n{:?}",
                    show(&src), show(&full.output), full.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>()
                );
            }
        }
    }

    #[test]
    fn launch_syntax_translating_twice_equals_translating_once(pieces in launch_soup(), cuda in prop::bool::ANY) {
        let src = join(&pieces);
        let lang = if cuda { Language::Cuda } else { Language::Cpp };
        let opts = launch_options();
        let once = translate(&src, lang, &opts);
        let twice = translate(&once.output, lang, &opts);
        prop_assert!(
            !twice.changed,
            "not idempotent\n--- input ---\n{}\n--- once ---\n{}\n--- twice ---\n{}",
            show(&src), show(&once.output), show(&twice.output)
        );
    }

    #[test]
    fn comments_and_literals_come_out_unchanged_and_in_order(pieces in soup()) {
        let src = join(&pieces);
        // String literals are translated by default (CUDA names in them):
        // with --keep-strings every literal and comment is kept.
        for (name, mut opts) in option_sets() {
            opts.keep_strings = true;
            let out = translate(&src, Language::Cuda, &opts).output;
            check_protected(name, &pieces, &vec![false; pieces.len()], &src, &out)?;
        }
    }

    #[test]
    fn launch_syntax_keeps_comments_and_literals(pieces in launch_soup()) {
        let src = join(&pieces);
        let opts = Options { keep_strings: true, ..launch_options() };
        let out = translate(&src, Language::Cuda, &opts).output;
        check_protected("--hip-kernel-execution-syntax", &pieces, &vec![false; pieces.len()], &src, &out)?;
    }

    #[test]
    fn only_identifiers_change(pieces in rename_soup()) {
        let src = join(&pieces);
        let out = translate(&src, Language::Cpp, &Options::default()).output;
        let out = strip_hip_include(&out, &src);
        prop_assert!(
            normalise(&out) == normalise(&src),
            "more than identifiers changed\n--- input ---\n{}\n--- output ---\n{}",
            show(&src), show(&out)
        );
    }
}

/// Every protected piece (not `skip`ped) is in `out`, in order.
fn check_protected(
    name: &str,
    pieces: &[Piece],
    skip: &[bool],
    src: &[u8],
    out: &[u8],
) -> Result<(), TestCaseError> {
    let mut at = 0;
    for (p, _) in pieces
        .iter()
        .zip(skip)
        .filter(|(p, s)| p.protected && !**s && !p.bytes.is_empty())
    {
        let found = out[at..]
            .windows(p.bytes.len())
            .position(|w| w == p.bytes.as_slice());
        prop_assert!(
            found.is_some(),
            "{name}: {:?} is not in the output (in order)\n--- input ---\n{}\n--- output ---\n{}",
            show(&p.bytes),
            show(src),
            show(out)
        );
        at += found.unwrap() + p.bytes.len();
    }
    Ok(())
}

#[test]
fn rename_only_names_are_a_real_sample() {
    let n = rename_only_names().len();
    assert!(n > 100, "only {n} rename-only names");
    assert!(rename_only_names().contains(&"cudaFree"));
    assert!(
        !rename_only_names().contains(&"cudaMalloc"),
        "HIP overloads hipMalloc: `x = cudaMalloc;` is cast"
    );
    assert!(
        !rename_only_names().contains(&"cudaMallocHost"),
        "adds an argument"
    );
}

// ───────────── --diff | patch == --output-dir, over generated trees ─────────────

fn patch_available() -> bool {
    Command::new("patch")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn tree_files() -> impl Strategy<Value = Vec<(String, Vec<u8>)>> {
    prop::collection::vec(
        (
            prop::sample::select(vec![
                "a.cu",
                "b.cuh",
                "c.cpp",
                "sub/d.cu",
                "sub/e.h",
                "sub/deep/f.cu",
            ]),
            soup(),
            prop::bool::ANY,
        ),
        1..6,
    )
    .prop_map(|files| {
        files
            .into_iter()
            .map(|(name, pieces, newline_at_end)| {
                let mut bytes = join(&pieces);
                if !newline_at_end {
                    while bytes.last().is_some_and(|b| b.is_ascii_whitespace()) {
                        bytes.pop();
                    }
                }
                (name.to_string(), bytes)
            })
            .collect()
    })
}

fn files_under(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    if !root.exists() {
        return out;
    }
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap().flatten() {
            if e.file_type().unwrap().is_dir() {
                stack.push(e.path());
            } else {
                let rel = e
                    .path()
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                out.push((rel, fs::read(e.path()).unwrap()));
            }
        }
    }
    out.sort();
    out
}

proptest! {
    #![proptest_config(config(12))]

    #[test]
    fn diff_applied_with_patch_equals_output_dir(files in tree_files()) {
        if !patch_available() {
            common::cannot_run("`patch` is not installed");
            return Ok(());
        }
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for (name, bytes) in &files {
            let p = root.join("src").join(name);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, bytes).unwrap();
        }
        let bin = env!("CARGO_BIN_EXE_hipify-rs");
        let out = Command::new(bin).args(["-q", "--output-dir", "out", "src"]).current_dir(root).output().unwrap();
        prop_assert!(out.status.success(), "{}", show(&out.stderr));
        let diff = Command::new(bin).args(["-q", "--diff", "src"]).current_dir(root).output().unwrap();
        prop_assert!(diff.status.success(), "{}", show(&diff.stderr));
        // Apply to a copy of the inputs.
        for (name, bytes) in files_under(&root.join("src")) {
            let p = root.join("patched/src").join(name);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, bytes).unwrap();
        }
        let mut patch = Command::new("patch")
            .args(["-p1", "-s", "--binary", "--no-backup-if-mismatch", "-r", "-"])
            .current_dir(root.join("patched"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(patch.stdin.as_mut().unwrap(), &diff.stdout).unwrap();
        let applied = patch.wait_with_output().unwrap();
        prop_assert!(
            applied.status.success(),
            "patch failed: {}{}\n--- diff ---\n{}",
            show(&applied.stdout), show(&applied.stderr), show(&diff.stdout)
        );
        // Files that look binary are skipped by both modes (and not written).
        let patched: Vec<_> = files_under(&root.join("patched/src"))
            .into_iter()
            .filter(|(_, b)| !hipify_rs::source::looks_binary(b))
            .collect();
        let written = files_under(&root.join("out"));
        prop_assert_eq!(patched.len(), written.len());
        for ((pn, pb), (wn, wb)) in patched.iter().zip(&written) {
            prop_assert_eq!(pn, wn);
            prop_assert!(
                pb == wb,
                "{}: patched differs from --output-dir\n--- patched ---\n{}\n--- output-dir ---\n{}\n--- diff ---\n{}",
                pn, show(pb), show(wb), show(&diff.stdout)
            );
        }
    }
}
