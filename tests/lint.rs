//! The CI lint end to end: `--check` exit codes, every output format (SARIF
//! validated against the official 2.1.0 schema), `--fix`, suppressions and
//! config precedence.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn run(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hipify-rs"))
        .args(args)
        .current_dir(cwd)
        .env_remove("NO_COLOR")
        .output()
        .expect("runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A file mixing inline PTX, CUTLASS, 32-bit ballot masks, warp arithmetic
/// and a CUDA_VERSION guard.
const MIXED: &str = r#"#include <cuda_runtime.h>
#include <cutlass/gemm/device/gemm.h>

#if CUDA_VERSION >= 11000
#define NEW_CUDA 1
#endif

__global__ void k(int* out, int pred) {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  unsigned m = __ballot_sync(0xffffffff, pred);
  int warp = threadIdx.x / 32;
  out[warp] = __popc(m) + lane;
}
"#;

fn mixed_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("mixed.cu"), MIXED).unwrap();
    dir
}

fn json_records(o: &Output) -> Vec<serde_json::Value> {
    text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn check_json_reports_each_hazard_at_its_line() {
    let dir = mixed_dir();
    let o = run(&["--check", "--format", "json", "mixed.cu"], dir.path());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let recs = json_records(&o);
    let found: Vec<(String, u64)> = recs
        .iter()
        .filter(|r| r["type"] == "diagnostic")
        .map(|r| {
            (
                r["code"].as_str().unwrap().to_string(),
                r["start"]["line"].as_u64().unwrap(),
            )
        })
        .collect();
    for expected in [
        ("HIP-W003", 2),  // CUTLASS include
        ("HIP-W014", 4),  // CUDA_VERSION guard
        ("HIP-W001", 10), // inline PTX
        ("HIP-W002", 11), // 32-bit ballot result and mask
        ("HIP-W008", 12), // threadIdx.x / 32
        ("HIP-W002", 13), // __popc on the mask
    ] {
        assert!(
            found
                .iter()
                .any(|(c, l)| c == expected.0 && *l == expected.1),
            "{expected:?} not in {found:?}"
        );
    }
    let last = recs.last().unwrap();
    assert_eq!(last["type"], "summary");
    assert_eq!(last["exit_code"], 1);
    assert_eq!(last["version"], 1);
    let ptx = recs.iter().find(|r| r["code"] == "HIP-W001").unwrap();
    assert_eq!(ptx["fix"]["applicability"], "safe");
    assert_eq!(ptx["fix"]["edits"][0]["text"], "lane = __lane_id()");
}

#[test]
fn fix_then_suppress_reaches_a_clean_check() {
    let dir = mixed_dir();
    let o = run(&["--inplace", "--fix", "mixed.cu"], dir.path());
    assert!(o.status.success(), "{}", text(&o.stderr));
    let fixed = fs::read_to_string(dir.path().join("mixed.cu")).unwrap();
    assert!(fixed.contains("lane = __lane_id();"), "{fixed}");
    assert!(
        fixed.contains("__ballot_sync(0xffffffffffffffffULL, pred)"),
        "{fixed}"
    );
    assert!(fixed.contains("__popcll(m)"), "{fixed}");
    assert!(fixed.contains("#include <hip/hip_runtime.h>"));
    // What remains needs a human: suppress it where it stands.
    let o = run(&["--check", "--format", "json", "mixed.cu"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let remaining: Vec<String> = json_records(&o)
        .iter()
        .filter(|r| r["type"] == "diagnostic")
        .map(|r| r["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        remaining,
        vec!["HIP-W003", "HIP-W014", "HIP-W002", "HIP-W008"],
        "{}",
        text(&o.stdout)
    );
    let suppressed = fixed
        .replace(
            "#include <cutlass",
            "// hipify-ignore: HIP-W003\n#include <cutlass",
        )
        .replace(
            "#if CUDA_VERSION",
            "// hipify-ignore: version-check\n#if CUDA_VERSION",
        )
        .replace(
            "  unsigned m =",
            "  // hipify-ignore: HIP-W002\n  unsigned m =",
        )
        .replace(
            "threadIdx.x / 32;",
            "threadIdx.x / 32;  // hipify-ignore: HIP-W008",
        );
    fs::write(dir.path().join("mixed.cu"), suppressed).unwrap();
    let o = run(&["--check", "mixed.cu"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn unused_suppression_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("a.cu"),
        "#include <hip/hip_runtime.h>\n// hipify-ignore: HIP-W001\nint x = 0;\n",
    )
    .unwrap();
    let o = run(&["--check", "--format", "json", "a.cu"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let recs = json_records(&o);
    assert_eq!(recs[0]["code"], "HIP-W015");
    assert_eq!(recs[0]["start"]["line"], 2);
    // The removal comes as a suggestion, which --fix does not apply: the
    // comment may be used at another target (--hip-version 5.2), or by the
    // CUDA source before translation.
    assert_eq!(recs[0]["fix"]["title"], "remove the comment");
    assert_eq!(recs[0]["fix"]["applicability"], "display-only");
    let o = run(&["--inplace", "--fix", "a.cu"], dir.path());
    assert!(o.status.success());
    assert_eq!(
        fs::read_to_string(dir.path().join("a.cu")).unwrap(),
        "#include <hip/hip_runtime.h>\n// hipify-ignore: HIP-W001\nint x = 0;\n"
    );
}

#[test]
fn config_levels_and_flag_precedence() {
    let dir = tempfile::tempdir().unwrap();
    let src = "#include <hip/hip_runtime.h>\n__global__ void k(int* o) { int lane = threadIdx.x % 32; o[lane] = 0; }\n";
    fs::create_dir(dir.path().join("src")).unwrap();
    fs::write(dir.path().join("src/a.cu"), src).unwrap();
    // No config: the warp-size warning fails the check.
    assert_eq!(run(&["--check", "src"], dir.path()).status.code(), Some(1));
    // The config (found upward from the input) allows it.
    fs::write(
        dir.path().join("hipify.toml"),
        "[diagnostics]\nHIP-W008 = \"allow\"\n",
    )
    .unwrap();
    assert_eq!(run(&["--check", "src"], dir.path()).status.code(), Some(0));
    // A flag overrides the config.
    let o = run(
        &[
            "--check",
            "--deny",
            "warp-size-32",
            "--format",
            "json",
            "src",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json_records(&o)[0]["severity"], "error");
    // --no-config ignores it.
    assert_eq!(
        run(&["--check", "--no-config", "src"], dir.path())
            .status
            .code(),
        Some(1)
    );
    // Config mappings and target.
    fs::write(
        dir.path().join("hipify.toml"),
        "hip-version = \"5.2\"\n[mappings]\nmyCudaAlloc = \"myHipAlloc\"\n[diagnostics]\nwarp-size-32 = \"allow\"\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("src/b.cu"),
        "void f(float* p) { myCudaAlloc(&p); __shfl_down_sync(0xffffffff, 1, 1); }\n",
    )
    .unwrap();
    let o = run(&["src/b.cu"], dir.path());
    let out = text(&o.stdout);
    assert!(out.contains("myHipAlloc(&p)"), "{out}");
    assert!(
        out.contains("__shfl_down(1, 1)"),
        "hip-version 5.2 from the config: {out}"
    );
    let o = run(&["--hip-version", "6.3", "src/b.cu"], dir.path());
    assert!(
        // At 6.3 the mask is widened by the translation: HIP static_asserts 64 bits.
        text(&o.stdout).contains("__shfl_down_sync(0xffffffffffffffffULL, 1, 1)"),
        "flag wins"
    );
}

#[test]
fn bad_config_is_named() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.cu"), "int x;\n").unwrap();
    fs::write(
        dir.path().join(".hipify.toml"),
        "[diagnostics]\nHIP-W999 = \"deny\"\n",
    )
    .unwrap();
    let o = run(&["--check", "a.cu"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains(".hipify.toml") && err.contains("HIP-W999"),
        "{err}"
    );
    fs::write(dir.path().join(".hipify.toml"), "hip-versoin = \"6.2\"\n").unwrap();
    let err = text(&run(&["--check", "a.cu"], dir.path()).stderr);
    assert!(err.contains("hip-versoin"), "{err}");
}

#[test]
fn github_format() {
    let dir = mixed_dir();
    let o = run(&["--check", "--format", "github", "mixed.cu"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(
        out.lines()
            .any(|l| l.starts_with("::error file=mixed.cu,line=10,col=3,")
                && l.contains("title=HIP-W001 (inline-ptx)::")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("::warning file=mixed.cu,line=2,")),
        "{out}"
    );
    assert!(
        out.lines().all(|l| l.starts_with("::")),
        "one command per line: {out}"
    );
}

#[test]
fn human_format_snippet() {
    let dir = mixed_dir();
    let o = run(&["--check", "--color", "never", "mixed.cu"], dir.path());
    let err = text(&o.stderr);
    assert!(err.contains("error[HIP-W001]: inline PTX (`mov.u32 %0, %laneid`) cannot run on AMD GPUs\n  --> mixed.cu:10:3\n"), "{err}");
    assert!(
        err.contains("= note: fix available with --fix: replace with `lane = __lane_id()`"),
        "{err}"
    );
    assert!(
        err.trim_end().ends_with(
            "hipify-rs: 1 files, 1 would change; 1 errors, 5 warnings, 0 notes; 1 fixed"
        ),
        "{err}"
    );
}

#[test]
fn sarif_validates_against_the_2_1_0_schema() {
    let dir = mixed_dir();
    let o = run(&["--check", "--format", "sarif", "mixed.cu"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let log: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON document");
    let mut schema: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sarif-2.1.0-schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    // The published 2.1.0 schema carries a malformed regex for `run.language`
    // (an OASIS erratum: a stray `]?`), which a strict validator rejects
    // before validating anything. Use the corrected pattern; every other
    // byte of the schema is the official file (serde-sarif's src/schema.json).
    fn fix_erratum(v: &mut serde_json::Value) -> usize {
        match v {
            serde_json::Value::String(s) if s == "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$" => {
                *s = "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$".into();
                1
            }
            serde_json::Value::Object(m) => m.values_mut().map(fix_erratum).sum(),
            serde_json::Value::Array(a) => a.iter_mut().map(fix_erratum).sum(),
            _ => 0,
        }
    }
    assert!(
        fix_erratum(&mut schema) > 0,
        "the erratum is in the published schema"
    );
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let results = log["runs"][0]["results"].as_array().unwrap();
    // The 32-bit mask literal is widened by the translation itself (a HIP
    // >= 6.2 target static_asserts 64-bit masks): not a finding left.
    assert_eq!(results.len(), 6);
    let ptx = results.iter().find(|r| r["ruleId"] == "HIP-W001").unwrap();
    assert_eq!(ptx["level"], "error");
    assert_eq!(
        ptx["locations"][0]["physicalLocation"]["region"]["startLine"],
        10
    );
    assert_eq!(
        ptx["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "mixed.cu"
    );
    assert!(
        ptx["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"]
            == "lane = __lane_id()"
    );
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert!(rules.iter().any(|r| r["id"] == "HIP-W008"));
}

#[test]
fn explain_and_list_codes() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["--explain", "HIP-W002"], dir.path());
    assert!(o.status.success());
    let out = text(&o.stdout);
    assert!(
        out.starts_with("HIP-W002 (warp-mask-32bit):")
            && out.contains("Before:")
            && out.contains("After:"),
        "{out}"
    );
    let o = run(&["--explain", "inline-ptx"], dir.path());
    assert!(text(&o.stdout).contains("__lane_id()"));
    let o = run(&["--explain", "HIP-W999"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["--list-codes", "--format", "json"], dir.path());
    let codes: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(codes.len() >= 15);
    assert!(
        codes
            .iter()
            .any(|c| c["code"] == "HIP-W001" && c["fix"] == "sometimes")
    );
}

#[test]
fn check_is_clean_on_clean_code() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("a.cpp"),
        "#include <vector>\nint main() { return 0; }\n",
    )
    .unwrap();
    let o = run(&["--check", "a.cpp"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("1 files, 0 would change; 0 errors, 0 warnings, 0 notes"));
}
