//! The single-source mode end to end, through the binary: each tree under
//! tests/single-source (its options in its `args` file) is written with
//! `--single-source --output-dir`, and every file of the result, the compat
//! header and what the run printed are compared with a reviewed snapshot.
//! A second run over the result must change nothing. (That the CUDA build
//! of each result sees the original's tokens is ci/single-source-invariant,
//! run over these trees and both corpora by ci/validate-single-source.)

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn hipify(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hipify-rs"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("running hipify-rs")
}

fn files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// `bytes` as text, each byte of no UTF-8 as `\xNN` (a Latin-1 file's),
/// so that a snapshot tells it from U+FFFD.
fn escaped(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

fn trees() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/single-source");
    let mut trees: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    trees.sort();
    trees
}

#[test]
fn single_source_trees() {
    for tree in trees() {
        let name = tree.file_name().unwrap().to_string_lossy().into_owned();
        let args = std::fs::read_to_string(tree.join("args")).unwrap_or_default();
        let args: Vec<&str> = args.split_whitespace().collect();
        let out = tempfile::tempdir().unwrap();
        let dest = out.path().join(&name);
        let mut cmd = vec!["--single-source", "--color", "never"];
        cmd.extend(&args);
        cmd.extend([
            "--output-dir",
            dest.to_str().unwrap(),
            tree.to_str().unwrap(),
        ]);
        let run = hipify(&cmd);
        assert!(
            run.status.code().is_some_and(|c| c <= 1),
            "{name}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let mut snapshot = String::new();
        for f in files(&dest) {
            let rel = f
                .strip_prefix(&dest)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            snapshot.push_str(&format!(
                "════ {rel}\n{}\n",
                escaped(&std::fs::read(&f).unwrap())
            ));
        }
        let printed = String::from_utf8_lossy(&run.stderr)
            .replace(tree.to_str().unwrap(), "TREE")
            .replace('\\', "/");
        snapshot.push_str(&format!("════ printed\n{printed}"));
        insta::assert_snapshot!(name.clone(), snapshot);

        // A second run, in place over the result, changes nothing.
        let before: Vec<(PathBuf, Vec<u8>)> = files(&dest)
            .into_iter()
            .map(|f| (f.clone(), std::fs::read(&f).unwrap()))
            .collect();
        let mut again = vec!["--single-source", "--quiet", "--inplace"];
        again.extend(&args);
        again.push(dest.to_str().unwrap());
        let run = hipify(&again);
        assert!(
            run.status.code().is_some_and(|c| c <= 1),
            "{name}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        for (f, bytes) in before {
            assert_eq!(
                escaped(&std::fs::read(&f).unwrap()),
                escaped(&bytes),
                "{name}: a second run changed {}",
                f.display()
            );
        }
    }
}

/// A project's edit to a HIP branch, and its lines outside the header's
/// generated block, survive a later run; a new CUDA name is added.
#[test]
fn edits_to_the_hip_side_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("k.cu");
    std::fs::write(
        &src,
        "#include <cuda_runtime.h>\nvoid f(float **h, size_t n) {\n  cudaMallocHost(h, n);\n  cudaFree(*h);\n}\n",
    )
    .unwrap();
    let d = dir.path().to_str().unwrap();
    assert!(
        hipify(&["--single-source", "-q", "--inplace", d])
            .status
            .success()
    );
    let first = std::fs::read_to_string(&src).unwrap();
    assert!(
        first.contains("  hipHostMalloc(h, n, hipHostMallocDefault);\n#else\n"),
        "{first}"
    );
    // The project tunes its AMD branch, adds its own line to the header and
    // a new call to the shared code.
    let tuned = first.replace("hipHostMallocDefault", "hipHostMallocNumaUser");
    let tuned = tuned.replace(
        "  cudaFree(*h);\n",
        "  cudaFree(*h);\n  cudaDeviceSynchronize();\n",
    );
    std::fs::write(&src, &tuned).unwrap();
    let header = dir.path().join("hip_compat.h");
    let own = std::fs::read_to_string(&header)
        .unwrap()
        .replace("#pragma once\n", "#pragma once\n#define PROJECT_ON_HIP 1\n");
    std::fs::write(&header, &own).unwrap();
    assert!(
        hipify(&["--single-source", "-q", "--inplace", d])
            .status
            .success()
    );
    assert_eq!(std::fs::read_to_string(&src).unwrap(), tuned);
    let header_now = std::fs::read_to_string(&header).unwrap();
    assert!(
        header_now.contains("#define PROJECT_ON_HIP 1\n"),
        "{header_now}"
    );
    assert!(
        header_now.contains("#define cudaDeviceSynchronize hipDeviceSynchronize\n"),
        "{header_now}"
    );
    assert!(
        header_now.contains("#define cudaFree hipFree\n"),
        "{header_now}"
    );
    // And --check now finds nothing to change.
    let check = hipify(&["--single-source", "--check", "--format", "json", d]);
    let summary = String::from_utf8_lossy(&check.stdout);
    assert!(summary.contains("\"changed\":0"), "{summary}");
}

/// A header at the compat path that hipify-rs did not write is left as it
/// is, with an error naming it and why; so is a mode that prints one file.
#[test]
fn a_foreign_compat_header_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("k.cu"),
        "#include <cuda_runtime.h>\nvoid f() { cudaDeviceReset(); }\n",
    )
    .unwrap();
    let header = dir.path().join("hip_compat.h");
    std::fs::write(
        &header,
        "#pragma once\n#define cudaDeviceReset hipDeviceReset\n",
    )
    .unwrap();
    let run = hipify(&["--single-source", "--inplace", dir.path().to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("hip_compat.h") && err.contains("did not write it"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&header).unwrap(),
        "#pragma once\n#define cudaDeviceReset hipDeviceReset\n"
    );

    let run = hipify(&["--single-source", dir.path().join("k.cu").to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&run.stderr).contains("--single-source writes a compat header")
    );
}

#[test]
fn old_mac_line_ends_are_kept_and_a_second_run_changes_nothing() {
    // Lines ended by a lone CR (the lexer reads them as clang does): the
    // branches' lines and `#line` numbers follow them, not `\n`.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.cu");
    std::fs::write(
        &file,
        "#include <cuda_runtime.h>\rvoid f(float **p) { cudaMalloc(p, 4); }\r",
    )
    .unwrap();
    let args = ["--single-source", "--inplace", dir.path().to_str().unwrap()];
    assert_eq!(hipify(&args).status.code(), Some(0));
    let once = std::fs::read(&file).unwrap();
    assert!(!once.contains(&b'\n'), "{}", String::from_utf8_lossy(&once));
    let lines: Vec<&[u8]> = once.split(|&b| b == b'\r').collect();
    assert!(lines.contains(&&b"#include <cuda_runtime.h>"[..]));
    assert!(lines.contains(&&b"#line 2"[..]));
    assert_eq!(hipify(&args).status.code(), Some(0));
    assert_eq!(std::fs::read(&file).unwrap(), once);
}
