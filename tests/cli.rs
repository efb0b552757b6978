//! End-to-end tests of the `hipify-rs` binary, each in its own temp dir.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, SystemTime};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hipify-rs"))
}

fn run(args: &[&str], cwd: &Path) -> Output {
    bin().args(args).current_dir(cwd).output().expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const KERNEL: &str = "#include <cuda_runtime.h>\n__global__ void k(float* p) { p[threadIdx.x] = 1; }\nint main() { float* p; cudaMalloc(&p, 4); k<<<1, 1>>>(p); cudaFree(p); }\n";
const PLAIN: &str = "#include <vector>\nint add(int a, int b) { return a + b; }\n";

/// A small tree: two CUDA files, a plain C++ file, an ignored dir, a non-source file.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("src");
    fs::create_dir_all(root.join("sub")).unwrap();
    fs::create_dir_all(root.join("build")).unwrap();
    fs::write(root.join("main.cu"), KERNEL).unwrap();
    fs::write(
        root.join("sub/helper.cuh"),
        "#pragma once\n__device__ int twice(int x) { return 2 * x; }\n",
    )
    .unwrap();
    fs::write(root.join("plain.cpp"), PLAIN).unwrap();
    fs::write(root.join("build/gen.cu"), KERNEL).unwrap();
    fs::write(root.join("notes.txt"), "cudaMalloc").unwrap();
    fs::write(root.join(".gitignore"), "build/\n").unwrap();
    dir
}

#[test]
fn stdout_mode_prints_the_translation() {
    let dir = tree();
    let o = run(&["src/main.cu"], dir.path());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("#include <hip/hip_runtime.h>\n"));
    assert!(out.contains("hipMalloc(&p, 4)") && out.contains("hipFree(p)"));
    assert!(
        out.contains("k<<<1, 1>>>(p)"),
        "launches are kept by default"
    );
}

#[test]
fn output_file_and_kernel_syntax_flag() {
    let dir = tree();
    let o = run(
        &[
            "--hip-kernel-execution-syntax",
            "src/main.cu",
            "-o",
            "out.hip",
        ],
        dir.path(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = fs::read_to_string(dir.path().join("out.hip")).unwrap();
    assert!(
        out.contains("hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, 0, p)"),
        "{out}"
    );
}

#[test]
fn stdout_mode_refuses_several_inputs() {
    let dir = tree();
    let o = run(&["src"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("exactly one input file"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn missing_path_is_named_and_fails() {
    let dir = tree();
    let o = run(&["--check", "nope.cu"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nope.cu"), "{}", stderr(&o));
}

#[test]
fn output_dir_mirrors_the_tree_and_honours_gitignore() {
    let dir = tree();
    let o = run(&["--output-dir", "hip", "src"], dir.path());
    assert!(o.status.success(), "{}", stderr(&o));
    let hip = dir.path().join("hip");
    let main = fs::read_to_string(hip.join("main.cu")).unwrap();
    assert!(main.contains("hipMalloc"));
    let helper = fs::read_to_string(hip.join("sub/helper.cuh")).unwrap();
    assert_eq!(
        helper,
        "#pragma once\n#include <hip/hip_runtime.h>\n__device__ int twice(int x) { return 2 * x; }\n"
    );
    assert_eq!(fs::read_to_string(hip.join("plain.cpp")).unwrap(), PLAIN);
    assert!(!hip.join("build/gen.cu").exists(), "ignored by .gitignore");
    assert!(!hip.join("notes.txt").exists(), "not a source extension");
    // The inputs are untouched.
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.cu")).unwrap(),
        KERNEL
    );
}

#[test]
fn output_dir_inside_the_input_is_refused() {
    let dir = tree();
    let o = run(&["--output-dir", "src/hip", "src"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("inside the input"), "{}", stderr(&o));
}

/// Two directories holding a file of the same name would write one path
/// under the output dir: refused before anything is written, naming both.
#[test]
fn output_dir_refuses_inputs_written_to_one_path() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["a", "b"] {
        fs::create_dir(dir.path().join(d)).unwrap();
        fs::write(
            dir.path().join(d).join("main.cu"),
            "void f() { cudaFree(0); }\n",
        )
        .unwrap();
    }
    let o = run(&["--output-dir", "out", "a", "b"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("a/main.cu") && err.contains("b/main.cu"),
        "{err}"
    );
    assert!(!dir.path().join("out").exists());
    // The same file twice (a directory and a file in it) is one input.
    let o = run(&["--output-dir", "out", "a", "a/main.cu"], dir.path());
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn exclude_glob_skips_files() {
    let dir = tree();
    let o = run(
        &["--output-dir", "hip", "--exclude", "sub/**", "src"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.path().join("hip/main.cu").exists());
    assert!(!dir.path().join("hip/sub/helper.cuh").exists());
}

fn set_old_mtime(p: &Path) -> SystemTime {
    let old = SystemTime::now() - Duration::from_secs(3600 * 24);
    fs::File::options()
        .write(true)
        .open(p)
        .unwrap()
        .set_modified(old)
        .unwrap();
    fs::metadata(p).unwrap().modified().unwrap()
}

#[test]
fn inplace_rewrites_changed_files_only_and_keeps_permissions() {
    let dir = tree();
    let src = dir.path().join("src");
    let plain = src.join("plain.cpp");
    let plain_mtime = set_old_mtime(&plain);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(src.join("main.cu"), fs::Permissions::from_mode(0o754)).unwrap();
    }
    let o = run(&["--inplace", "--backup", "src"], dir.path());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        fs::read_to_string(src.join("main.cu"))
            .unwrap()
            .contains("hipMalloc")
    );
    assert_eq!(
        fs::read_to_string(src.join("main.cu.orig")).unwrap(),
        KERNEL
    );
    assert_eq!(
        fs::metadata(&plain).unwrap().modified().unwrap(),
        plain_mtime,
        "unchanged file not rewritten"
    );
    assert!(!src.join("plain.cpp.orig").exists());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(src.join("main.cu"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o754);
    }
    // No temp files left behind.
    let leftovers: Vec<PathBuf> = walk(&src)
        .into_iter()
        .filter(|p| p.to_string_lossy().contains(".hipify-rs."))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // Twice equals once: the second run changes nothing, and --check agrees.
    let main_mtime = set_old_mtime(&src.join("main.cu"));
    let o = run(&["--inplace", "src"], dir.path());
    assert!(o.status.success());
    assert_eq!(
        fs::metadata(src.join("main.cu"))
            .unwrap()
            .modified()
            .unwrap(),
        main_mtime
    );
    let o = run(&["--check", "src"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn check_and_diff_write_nothing() {
    let dir = tree();
    let o = run(&["--check", "src"], dir.path());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("3 files, 2 would change"),
        "{}",
        stderr(&o)
    );
    let o = run(&["--diff", "src"], dir.path());
    assert_eq!(o.status.code(), Some(0));
    let diff = stdout(&o);
    assert!(
        diff.contains("--- a/src/main.cu\n+++ b/src/main.cu\n"),
        "{diff}"
    );
    assert!(
        diff.contains("-#include <cuda_runtime.h>\n+#include <hip/hip_runtime.h>\n"),
        "{diff}"
    );
    let o = run(&["--diff", "--check", "src"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(dir.path().join("src/main.cu")).unwrap(),
        KERNEL
    );
}

#[test]
fn diff_applies_with_patch() {
    let dir = tree();
    let o = run(&["--diff", "src"], dir.path());
    fs::write(dir.path().join("change.patch"), &o.stdout).unwrap();
    let Ok(p) = Command::new("patch")
        .args(["-p1", "-i", "change.patch"])
        .current_dir(dir.path())
        .output()
    else {
        common::cannot_run("patch is not installed");
        return;
    };
    assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
    let o = run(&["--check", "src"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn bytes_outside_edits_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    // BOM, CRLF, a Latin-1 comment, tabs and trailing spaces, no final newline.
    let src = b"\xEF\xBB\xBF// caf\xe9 \r\n#include <cuda_runtime.h>\r\nvoid f() {\r\n\tcudaDeviceSynchronize();  \r\n}".to_vec();
    fs::write(dir.path().join("a.cu"), &src).unwrap();
    let o = run(&["a.cu"], dir.path());
    assert!(o.status.success(), "{}", stderr(&o));
    let expected = b"\xEF\xBB\xBF// caf\xe9 \r\n#include <hip/hip_runtime.h>\r\nvoid f() {\r\n\thipDeviceSynchronize();  \r\n}".to_vec();
    assert_eq!(o.stdout, expected);
    // An empty file stays empty, even a .cu one.
    fs::write(dir.path().join("empty.cu"), b"").unwrap();
    let o = run(&["empty.cu"], dir.path());
    assert!(o.status.success());
    assert!(o.stdout.is_empty());
}

#[test]
fn binary_files_are_skipped() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("blob.cu"), b"cudaMalloc\0\x01\x02").unwrap();
    let o = run(&["--inplace", "."], dir.path());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("binary"), "{}", stderr(&o));
    assert_eq!(
        fs::read(dir.path().join("blob.cu")).unwrap(),
        b"cudaMalloc\0\x01\x02"
    );
}

#[test]
fn stats_report_rewrites_and_leftovers() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("a.cu"),
        "#include <cuda_runtime.h>\nvoid f() { cudaDeviceSynchronize(); cudaDeviceFlushGPUDirectRDMAWrites(x, y); }\n",
    )
    .unwrap();
    let o = run(&["--check", "--stats", "a.cu"], dir.path());
    let err = stderr(&o);
    assert!(err.contains("a.cu: 1 identifiers (runtime 1)"), "{err}");
    assert!(
        err.contains("unsupported: cudaDeviceFlushGPUDirectRDMAWrites (line 2)"),
        "{err}"
    );
    assert!(err.contains("total: 1 files, 1 changed"), "{err}");
}

#[test]
fn mappings_lists_the_table_in_effect() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["mappings"], dir.path());
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.lines()
            .any(|l| l == "cudaMalloc\thipMalloc\truntime\tsupported")
    );
    assert!(
        out.lines()
            .any(|l| l == "__shfl_down_sync\t__shfl_down_sync\tdevice\tsupported")
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("cudaDeviceFlushGPUDirectRDMAWrites\t-\truntime\tunsupported"))
    );
    assert!(
        out.lines().all(|l| l.split('\t').count() == 4),
        "four columns"
    );
    let o = run(&["mappings", "--hip-version", "5.2"], dir.path());
    let out = stdout(&o);
    assert!(
        out.lines()
            .any(|l| l == "__shfl_down_sync\t__shfl_down\tdevice\tsupported"),
        "legacy form below 6.2"
    );
    let o = run(&["mappings", "--roc"], dir.path());
    assert!(
        stdout(&o)
            .lines()
            .any(|l| l == "cublasSgemm\trocblas_sgemm\tblas\tsupported")
    );
    let o = run(&["mappings", "--hip-version", "six"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("six"));
}

#[test]
fn help_and_version() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["--help"], dir.path());
    assert!(o.status.success());
    assert!(stdout(&o).contains("Exit status:"));
    let o = run(&["--version"], dir.path());
    assert!(stdout(&o).starts_with("hipify-rs "));
}

#[test]
fn verify_fails_clearly_without_hipcc() {
    let dir = tree();
    let o = run(
        &["verify", "--hipcc", "/nonexistent/hipcc", "src"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("hipcc not found") && stderr(&o).contains("apt-get install hipcc"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn verify_compiles_translations_and_maps_errors_back() {
    if Command::new("hipcc").arg("--version").output().is_err() {
        common::cannot_run("hipcc is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    fs::create_dir_all(src.join("include")).unwrap();
    fs::write(src.join("include/helpers.cuh"), "#pragma once\n#include <cuda_runtime.h>\n__device__ inline float twice(float x) { return 2 * x; }\n").unwrap();
    fs::write(src.join("good.cu"), "#include \"helpers.cuh\"\n__global__ void k(float* p) { p[0] = twice(p[0]); }\nint main() { float* p; cudaMalloc(&p, 4); k<<<1, 1>>>(p); cudaDeviceSynchronize(); cudaFree(p); }\n").unwrap();
    // Line 4 of the original holds the error; the translation inserts a line above it.
    fs::write(src.join("bad.cu"), "// no includes: hip_runtime.h is added above\n__global__ void k(int* p) {\n  p[0] = 1;\n  undeclared_thing(p);\n}\n").unwrap();
    let o = run(
        &[
            "verify",
            "--offload-arch",
            "gfx90a",
            "-I",
            "src/include",
            "src",
        ],
        dir.path(),
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    assert!(out.contains("OK   ") && out.contains("good.cu"), "{out}");
    assert!(out.contains("FAIL ") && out.contains("bad.cu:4:"), "{out}");
    assert!(out.contains("1 of 2 compiled"), "{out}");
}

#[test]
fn statistics_count_findings_per_code_largest_first() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("a.cu"),
        "__global__ void k(int* o) {\n  int lane = threadIdx.x % 32;\n  int warp = threadIdx.x / 32;\n  cudaDeviceFlushGPUDirectRDMAWrites(x, y);\n  o[warp] = lane;\n}\n",
    )
    .unwrap();
    let o = run(&["--check", "--statistics", "a.cu"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert_eq!(
        out, "2\tHIP-W008\twarp-size-32\n1\tHIP-W005\tunsupported-api\n",
        "{out}"
    );
    // No finding is printed one by one.
    assert!(!stderr(&o).contains("-->"), "{}", stderr(&o));
    let o = run(
        &["--check", "--statistics", "--format", "json", "a.cu"],
        dir.path(),
    );
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.iter().all(|r| r["type"] != "diagnostic"));
    assert_eq!(lines[0]["type"], "statistic");
    assert_eq!(lines[0]["code"], "HIP-W008");
    assert_eq!(lines[0]["count"], 2);
    assert_eq!(lines[1]["code"], "HIP-W005");
    assert_eq!(lines.last().unwrap()["type"], "summary");
}

#[test]
fn separable_compilation_is_reported_only_where_device_code_links_across_units() {
    let dir = tempfile::tempdir().unwrap();
    let cmake = "project(p LANGUAGES CXX CUDA)\nadd_executable(k k.cu g.cu)\n\
                 set_target_properties(k PROPERTIES CUDA_SEPARABLE_COMPILATION ON)\n\
                 add_executable(one one.cu)\n\
                 set_property(TARGET one PROPERTY CUDA_SEPARABLE_COMPILATION ON)\n";
    fs::write(dir.path().join("CMakeLists.txt"), cmake).unwrap();
    // A kernel declared before its definition, a device function defined
    // where it is called: nothing links across units; boilerplate.
    fs::write(
        dir.path().join("k.cu"),
        "__device__ float f(float x) { return x; }\n__global__ void k(float* p);\n\
         __global__ void k(float* p) { p[0] = f(1); }\n",
    )
    .unwrap();
    let o = run(&["--check", "--format", "json", "."], dir.path());
    assert!(!stdout(&o).contains("HIP-W020"), "{}", stdout(&o));
    // A header declaring a device function another unit defines: -fgpu-rdc
    // is needed, and HIP has no property for it.
    fs::write(
        dir.path().join("d.cuh"),
        "#pragma once\n__device__ float g(float x);\n",
    )
    .unwrap();
    let o = run(&["--check", "--format", "json", "."], dir.path());
    let out = stdout(&o);
    // Once: a target of one `.cu` file has no units to link across.
    assert_eq!(out.matches("HIP-W020").count(), 1, "{out}");
    assert!(out.contains("CUDA_SEPARABLE_COMPILATION"), "{out}");
}

#[test]
fn a_pasting_macro_is_judged_by_its_uses_in_every_file_of_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let header = "#pragma once\n#include <cuda_runtime.h>\n\
                  #define cuda(Call) do { cudaError_t e = cuda ## Call; (void)e; } while (0)\n";
    fs::write(dir.path().join("check.h"), header).unwrap();
    let write = |name: &str, body: &str| {
        let text = format!("#include \"check.h\"\n{body}\n");
        fs::write(dir.path().join(name), text).unwrap();
    };
    // Translates `files` into `out`: the header's output and the messages.
    let translate = |out: &str, files: &[&str]| {
        let mut args = vec!["--hip-version", "5.2", "--output-dir", out];
        args.extend(files);
        let o = run(&args, dir.path());
        let header = fs::read_to_string(dir.path().join(out).join("check.h")).unwrap();
        (header, stderr(&o))
    };
    write(
        "a.cu",
        "void f(float* p) { cuda(Malloc(&p, 4)); cuda(Free(p)); }",
    );
    // Every use in the run is a plain rename: the header pastes HIP's prefix.
    let (out, err) = translate("out", &["check.h", "a.cu"]);
    assert!(out.contains("hipError_t e = hip ## Call"), "{out}");
    assert!(!err.contains("HIP-W005"), "{err}");
    // The header alone: its uses are unknown, so it is announced, not rewritten.
    let (out, err) = translate("out1", &["check.h"]);
    assert!(
        out.contains("= cuda ## Call") && err.contains("never calls through it"),
        "{err}"
    );
    // One use in another file pastes a name HIP calls otherwise: announced.
    write("b.cu", "void g() { cuda(ThreadSynchronize()); }");
    let (out, err) = translate("out2", &["check.h", "a.cu", "b.cu"]);
    assert!(out.contains("= cuda ## Call"), "{out}");
    assert!(
        err.contains("HIP-W005") && err.contains("`cudaThreadSynchronize`"),
        "{err}"
    );
}

#[test]
fn names_the_project_declares_are_no_unmapped_api() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("include")).unwrap();
    // A CUDA-declared name no table maps, which the project's own header
    // defines (a shim): never HIP-W004, also in a single-file run.
    fs::write(
        dir.path().join("include/shim.h"),
        "#define cudaAtomicCapabilityScalar128(k, n, l) my_enumerate(k, n, l)\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("main.cu"),
        "#include \"include/shim.h\"\nvoid f() { cudaAtomicCapabilityScalar128(k, n, lib); cudaCheck(x); }\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("other.cu"),
        "void g() { cudaAtomicCapabilityScalar128(k, n, lib); }\n",
    )
    .unwrap();
    let o = run(&["--check", "--format", "json", "main.cu"], dir.path());
    assert!(!stdout(&o).contains("HIP-W004"), "{}", stdout(&o));
    // Alone, other.cu does not see the shim: the name is CUDA's.
    let o = run(&["--check", "--format", "json", "other.cu"], dir.path());
    let out = stdout(&o);
    assert!(out.contains("HIP-W004"), "{out}");
    assert!(out.contains("driver_types.h"), "{out}");
    // In one run with the header's includer, it is the project's.
    let o = run(
        &["--check", "--format", "json", "main.cu", "other.cu"],
        dir.path(),
    );
    assert!(!stdout(&o).contains("HIP-W004"), "{}", stdout(&o));
}

#[test]
fn headers_including_each_other_through_parent_folders_are_read_once() {
    let dir = tempfile::tempdir().unwrap();
    // dlib's layout: guarded headers in sibling folders that include each
    // other by `../` paths, reached from a unit of the run. Followed as
    // written (`../matrix/../optimization/../matrix/…`), the same file had
    // an ever longer name and the run never ended.
    for d in ["cuda", "matrix", "optimization"] {
        fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    fs::write(
        dir.path().join("matrix/matrix.h"),
        "#ifndef M_H\n#define M_H\n#include \"../optimization/optimization.h\"\n#include \"../matrix/matrix_utils.h\"\n#endif\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("matrix/matrix_utils.h"),
        "#ifndef MU_H\n#define MU_H\n#include \"../matrix.h\"\n#include \"../matrix/matrix.h\"\n#endif\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("optimization/optimization.h"),
        "#ifndef O_H\n#define O_H\n#include \"../matrix/matrix.h\"\n#include \"../optimization/optimization.h\"\n#endif\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("matrix.h"),
        "#include \"matrix/matrix.h\"\n#include \"optimization/optimization.h\"\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("cuda/kernels.cu"),
        "#include \"../matrix.h\"\n#include <cuda_runtime.h>\nvoid f(float* p) { cudaMalloc(&p, 4); (void)cudaAtomicCapabilityScalar128; }\n",
    )
    .unwrap();
    let mut child = bin()
        .args(["--check", "--format", "json", "kernels.cu"])
        .current_dir(dir.path().join("cuda"))
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("the include walk did not end");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let o = child.wait_with_output().unwrap();
    assert!(stdout(&o).contains("HIP-W004"), "{}", stdout(&o));
}

#[test]
fn apis_hip_lacks_that_a_header_defines_are_its_includers() {
    let dir = tempfile::tempdir().unwrap();
    // A shim for what HIP 5.2 lacks: a function and a macro.
    fs::write(
        dir.path().join("shim.cuh"),
        "#pragma once
__device__ unsigned atomicInc_system(unsigned *p, unsigned v) { return atomicInc(p, v); }
#define __fsqrt_rd(x) sqrtf(x)
",
    )
    .unwrap();
    fs::write(
        dir.path().join("main.cu"),
        "#include \"shim.cuh\"\n__global__ void k(unsigned *p, float *f) { atomicInc_system(p, 3); (void)__fsqrt_rd(*f); }\n",
    )
    .unwrap();
    // Another program of the same run, without the shim: HIP lacks both
    // (atomicInc_system gets the translation's own definition there, a fix).
    fs::write(
        dir.path().join("other.cu"),
        "__global__ void g(unsigned *p, float *f) { atomicInc_system(p, 3); (void)__fsqrt_rd(*f); }\n",
    )
    .unwrap();
    let o = run(
        &["--check", "--format", "json", "--hip-version", "5.2", "."],
        dir.path(),
    );
    let out = stdout(&o);
    let w005: Vec<&str> = out.lines().filter(|l| l.contains("HIP-W005")).collect();
    assert_eq!(w005.len(), 1, "{out}");
    assert!(
        w005.iter()
            .all(|l| l.contains("other.cu") && l.contains("__fsqrt_rd")),
        "{out}"
    );
    let fixed = |name: &str| {
        out.lines()
            .any(|l| l.contains(&format!("{name}\"")) && l.contains("\"fixed\":1"))
    };
    assert!(fixed("other.cu"), "{out}");
}

#[test]
fn a_header_warp_size_is_reported_where_its_includers_use_it_as_one() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("inc")).unwrap();
    fs::create_dir_all(dir.path().join("src")).unwrap();
    fs::write(
        dir.path().join("inc/common.cuh"),
        "#pragma once\n#ifndef WARP_SIZE\n#define WARP_SIZE 32U\n#endif\n",
    )
    .unwrap();
    // Lane arithmetic on it, through a path with `..`.
    fs::write(
        dir.path().join("src/lanes.cu"),
        "#include \"../inc/common.cuh\"\n__global__ void k(int *o) { o[threadIdx.x] = threadIdx.x % WARP_SIZE; }\n",
    )
    .unwrap();
    // Only a block size rounded up to it: no hazard.
    fs::write(
        dir.path().join("src/blocks.cu"),
        "#include \"../inc/common.cuh\"\nint block(int n) { return (n + WARP_SIZE - 1) / WARP_SIZE * WARP_SIZE; }\n",
    )
    .unwrap();
    let count = |args: &[&str]| stdout(&run(args, dir.path())).matches("HIP-W008").count();
    assert_eq!(
        count(&["--check", "--format", "json", "inc", "src/lanes.cu"]),
        1
    );
    assert_eq!(
        count(&["--check", "--format", "json", "inc", "src/blocks.cu"]),
        0
    );
    // The header alone: nothing says how it is used.
    assert_eq!(count(&["--check", "--format", "json", "inc"]), 0);
}

#[test]
fn a_header_warp_size_is_found_through_an_include_from_the_source_root() {
    // GROMACS' pattern: `static const int warp_size = 32;` in
    // src/gromacs/gpu_utils/cuda_arch_utils.cuh, included as
    // "gromacs/gpu_utils/cuda_arch_utils.cuh" (the build's -I src) by the
    // kernels of src/gromacs/ewald/, which index warps by it.
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("src/gromacs/gpu_utils")).unwrap();
    fs::create_dir_all(dir.path().join("src/gromacs/ewald")).unwrap();
    fs::write(
        dir.path().join("src/gromacs/gpu_utils/cuda_arch_utils.cuh"),
        "#ifndef CUDA_ARCH_UTILS_CUH_\n#define CUDA_ARCH_UTILS_CUH_\nstatic const int warp_size      = 32;\nstatic const int warp_size_log2 = 5;\n#endif\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("src/gromacs/ewald/pme_solve.cu"),
        "#include \"gromacs/gpu_utils/cuda_arch_utils.cuh\"\n__global__ void solve(float *o) {\n    const int warpIndex = threadIdx.x / warp_size;\n    o[warpIndex] = 0.f;\n}\n",
    )
    .unwrap();
    let out = stdout(&run(&["--check", "--format", "json", "src"], dir.path()));
    let w008: Vec<&str> = out.lines().filter(|l| l.contains("HIP-W008")).collect();
    assert_eq!(w008.len(), 1, "{out}");
    assert!(w008[0].contains("cuda_arch_utils.cuh"), "{out}");
}

#[test]
fn a_toolkit_header_the_project_ships_is_kept() {
    // HIP 5.2 has no math_constants.h: the translation writes CUDA's
    // constants in place of the include, unless the project ships its own
    // copy beside the file (HeCBench's warpsort-hip).
    let dir = tempfile::tempdir().unwrap();
    let user = "#include \"math_constants.h\"\n__device__ float f() { return CUDART_PI_F; }\n";
    fs::write(dir.path().join("k.cu"), user).unwrap();
    let o = run(&["--hip-version", "5.2", "k.cu"], dir.path());
    assert!(stdout(&o).contains("#define CUDART_PI_F"), "{}", stdout(&o));
    fs::write(
        dir.path().join("math_constants.h"),
        "#pragma once\n#define CUDART_PI_F 3.141592654f\n",
    )
    .unwrap();
    let o = run(&["--hip-version", "5.2", "k.cu"], dir.path());
    let out = stdout(&o);
    assert!(out.contains("#include \"math_constants.h\""), "{out}");
    assert!(!out.contains("HIPIFY_RS_MATH_CONSTANTS_H"), "{out}");
}

#[test]
fn a_cache_hint_load_a_header_defines_is_the_includers() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("src")).unwrap();
    // The project's own streaming load (a hand port's __builtin_nontemporal_load).
    fs::write(
        dir.path().join("src/common.h"),
        "#pragma once\n#define __ldcs(ptr) (*(ptr))\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("src/main.cu"),
        "#include \"common.h\"\n__global__ void k(const float *x, float *y) { y[0] = __ldcs(x); }\n",
    )
    .unwrap();
    // Without the header, the translation defines it.
    fs::write(
        dir.path().join("src/other.cu"),
        "__global__ void g(const float *x, float *y) { y[0] = __ldcs(x) + __ldcs(x + 1); }\n",
    )
    .unwrap();
    let o = run(
        &["--hip-version", "5.2", "--output-dir", "hip", "src"],
        dir.path(),
    );
    assert!(o.status.code().is_some(), "{}", stdout(&o));
    let main = fs::read_to_string(dir.path().join("hip/main.cu")).unwrap();
    assert!(!main.contains("hipify_rs_ldcs"), "{main}");
    // Nor a finding there: the project's __ldcs takes the pointer.
    let o = run(
        &["--check", "--format", "json", "--hip-version", "5.2", "src"],
        dir.path(),
    );
    let out = stdout(&o);
    assert!(
        !out.lines()
            .any(|l| l.contains("HIP-W005") && l.contains("main.cu")),
        "{out}"
    );
    let other = fs::read_to_string(dir.path().join("hip/other.cu")).unwrap();
    assert_eq!(other.matches("#define __ldcs(...)").count(), 1, "{other}");
}

/// A unit in `src/` offsets a `CUdeviceptr` member its class's header in
/// the sibling `include/` declares (OpenMM's platforms/cuda/src/CudaArray.cpp
/// and include/CudaArray.h, found by the build's `-I include`): the header
/// gives the member's type, so the sum is offset through a byte pointer
/// (else `void *` arithmetic, which HIP does not compile).
#[test]
fn device_pointer_member_of_a_header_in_a_sibling_include_dir() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("src")).unwrap();
    fs::create_dir_all(dir.path().join("include")).unwrap();
    fs::write(
        dir.path().join("include/Buffer.h"),
        "#include <cuda.h>\nclass Buffer {\n  CUresult upload(const void* data, size_t offset, size_t n);\n  CUdeviceptr pointer;\n};\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("src/Buffer.cpp"),
        "#include \"Buffer.h\"\nCUresult Buffer::upload(const void* data, size_t offset, size_t n) {\n  return cuMemcpyHtoD(pointer+offset, data, n);\n}\n",
    )
    .unwrap();
    let o = run(&["--hip-version", "5.2", "src/Buffer.cpp"], dir.path());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o)
            .contains("hipMemcpyHtoD((hipDeviceptr_t)((char *)pointer+offset), (void*)(data), n)"),
        "{}",
        stdout(&o)
    );
}
