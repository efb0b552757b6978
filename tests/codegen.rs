//! `src/mappings/generated.rs` is what `scripts/gen_tables.rs` makes of
//! `scripts/families.toml`, `mappings/*.toml` and `mappings/cuda-declared.tsv`
//! (the typos way: the generated code is committed, and this test regenerates
//! it in memory). Never skipped. `HIPIFY_UPDATE_GENERATED=1 cargo test --test
//! codegen` writes the file instead of comparing.
//!
//! The other tests feed the generator malformed data: each is an error naming
//! the file and the key (or line).

#[path = "../scripts/gen_tables.rs"]
mod gen_tables;

use std::fs;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn generated_tables_are_current() {
    let fresh = gen_tables::generate(root()).unwrap_or_else(|e| panic!("\n\n{e}\n\n"));
    let path = root().join(gen_tables::OUTPUT);
    let committed = fs::read_to_string(&path).unwrap_or_default();
    if std::env::var_os("HIPIFY_UPDATE_GENERATED").is_some() {
        if committed != fresh {
            fs::write(&path, &fresh)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
            eprintln!("wrote {}", path.display());
        }
        return;
    }
    if committed != fresh {
        let line = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(fresh.lines().count()));
        panic!(
            "\n\n{} is out of date (first difference at line {}): run `{}`\n\n",
            gen_tables::OUTPUT,
            line + 1,
            gen_tables::UPDATE_COMMAND
        );
    }
}

/// The generator's error on a copy of `scripts/families.toml` and a one-line
/// `mappings/cuda-declared.tsv`, with `files` (path, text) written over them.
fn error_with(files: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir_all(d.join("scripts")).unwrap();
    fs::create_dir_all(d.join("mappings")).unwrap();
    fs::copy(
        root().join("scripts/families.toml"),
        d.join("scripts/families.toml"),
    )
    .unwrap();
    fs::write(
        d.join("mappings/cuda-declared.tsv"),
        "cudaMalloc\tcuda_runtime_api.h\tfunction\n",
    )
    .unwrap();
    for (path, text) in files {
        fs::write(d.join(path), text).unwrap();
    }
    match gen_tables::generate(d) {
        Ok(_) => panic!("no error for {files:?}"),
        Err(e) => e.replace(&d.display().to_string(), "ROOT"),
    }
}

#[test]
fn good_data_generates() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir_all(d.join("scripts")).unwrap();
    fs::create_dir_all(d.join("mappings")).unwrap();
    fs::copy(
        root().join("scripts/families.toml"),
        d.join("scripts/families.toml"),
    )
    .unwrap();
    fs::write(
        d.join("mappings/cuda-declared.tsv"),
        "cudaMalloc\tcuda_runtime_api.h\tfunction\n",
    )
    .unwrap();
    fs::write(
        d.join("mappings/runtime.toml"),
        "[entries]\ncudaMalloc = { hip = \"hipMalloc\", kind = \"function\", hip_added = \"1.5\" }\n",
    )
    .unwrap();
    let out = gen_tables::generate(d).unwrap();
    assert!(out.contains("gen_m(\"cudaMalloc\", Family::Runtime, Kind::Function, 0, 0, 0, 0, gen_side(Some(\"hipMalloc\"), 1005000, 0, 0, 0, false)"));
    assert!(out.contains("    /// cuSPARSELt (→ hipSPARSELt).\n    Sparselt,\n"));
}

#[test]
fn bad_version_names_file_and_key() {
    let e = error_with(&[(
        "mappings/runtime.toml",
        "[entries]\ncudaMalloc = { hip = \"hipMalloc\", kind = \"function\", hip_added = \"1.x\" }\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/mappings/runtime.toml at key `cudaMalloc`: \
         bad version string \"1.x\" in `hip_added`"
    );
}

#[test]
fn unknown_kind() {
    let e = error_with(&[(
        "mappings/blas.toml",
        "[entries]\ncublasCreate = { hip = \"hipblasCreate\", kind = \"func\" }\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/mappings/blas.toml at key `cublasCreate`: unknown kind \"func\" \
         (expected one of: function, type, enum, macro, namespace)"
    );
}

#[test]
fn name_with_spaces_and_empty_name() {
    let e = error_with(&[(
        "mappings/runtime.toml",
        "[entries]\ncudaFree = { hip = \" hipFree\", kind = \"function\" }\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/mappings/runtime.toml at key `cudaFree`: \
         `hip` \" hipFree\" has surrounding spaces"
    );
    let e = error_with(&[(
        "mappings/runtime.toml",
        "[entries]\ncudaFree = { roc = \"\", kind = \"function\" }\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/mappings/runtime.toml at key `cudaFree`: empty name in `roc`"
    );
    let e = error_with(&[(
        "mappings/runtime.toml",
        "[entries]\n\" cudaFree\" = { kind = \"function\" }\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/mappings/runtime.toml at key ` cudaFree`: \
         empty CUDA name or surrounding spaces"
    );
}

#[test]
fn delete_and_legacy_rules() {
    let e = error_with(&[(
        "mappings/runtime.toml",
        "[entries]\nCUDART_CB = { hip = \"\", kind = \"macro\", delete = true }\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/mappings/runtime.toml at key `CUDART_CB`: \
         `delete = true` is for macros, without a `hip` name"
    );
    let e = error_with(&[(
        "mappings/blas.toml",
        "[entries]\ncublasSgemm = { hip = \"hipblasSgemm_v2\", kind = \"function\", \
         legacy = { before = \"7.0\", since = \"7.0\", hip = \"hipblasSgemm\" } }\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/mappings/blas.toml at key `cublasSgemm`: \
         `legacy.since` must be older than `legacy.before`"
    );
}

#[test]
fn call_rewrite_rules() {
    let e = error_with(&[(
        "mappings/driver.toml",
        "[entries]\ncuCtxCreate = { hip = \"hipCtxCreate\", kind = \"function\", \
         drop_arg = { arity = 4, index = 4 } }\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/mappings/driver.toml at key `cuCtxCreate`: \
         `drop_arg.index` 4 is past the arity 4"
    );
    let e = error_with(&[(
        "mappings/driver.toml",
        "[entries]\ncuCtxCreate = { hip = \"hipCtxCreate\", kind = \"function\", \
         drop_arg = { arity = 4, index = 1, if_null = true } }\n",
    )]);
    assert!(e.ends_with("`drop_arg` with `if_null` needs a `note`: what HIP lacks where the argument is not null, and what to do"), "{e}");
    let e = error_with(&[(
        "mappings/runtime.toml",
        "[entries]\ncudaMemAdvise = { hip = \"hipMemAdvise\", kind = \"function\", \
         wrap_arg = { index = 3, arity = 4, with = \"f\", if_type = { index = 3, types = [] } } }\n",
    )]);
    assert!(
        e.ends_with("`wrap_arg.if_type` needs at least one type"),
        "{e}"
    );
    let e = error_with(&[(
        "mappings/runtime.toml",
        "[entries]\ncudaMemAdvise = { hip = \"hipMemAdvise\", kind = \"function\", \
         wrap_arg = { index = 4, arity = 4, with = \"f\" } }\n",
    )]);
    assert!(e.ends_with("`wrap_arg.index` 4 is past the arity 4"), "{e}");
}

#[test]
fn unknown_field_and_unknown_family_file() {
    let e = error_with(&[(
        "mappings/runtime.toml",
        "[entries]\ncudaFree = { hip = \"hipFree\", kind = \"function\", hip_addded = \"1.0\" }\n",
    )]);
    assert!(
        e.starts_with("mappings error in ROOT/mappings/runtime.toml: ")
            && e.contains("unknown field `hip_addded`"),
        "{e}"
    );
    let e = error_with(&[("mappings/cutlass.toml", "[entries]\n")]);
    assert!(
        e.starts_with(
            "mappings error in ROOT/mappings/cutlass.toml: unknown family `cutlass` \
             (expected one of: runtime, driver, device, "
        ) && e.ends_with(", thrust, headers)"),
        "{e}"
    );
}

#[test]
fn header_rules() {
    let e = error_with(&[(
        "mappings/headers.toml",
        "[headers]\n\"cutlass.h\" = { family = \"cutlass\" }\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/mappings/headers.toml at key `cutlass.h`: \
         unknown family \"cutlass\""
    );
    let e = error_with(&[(
        "mappings/headers.toml",
        "[headers]\n\"cufile.h\" = { hip = \"hipfile.h\", family = \"file\", unsupported = true }\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/mappings/headers.toml at key `cufile.h`: \
         `unsupported = true` together with a `hip` header"
    );
}

#[test]
fn declared_names_rules() {
    let e = error_with(&[(
        "mappings/cuda-declared.tsv",
        "cudaMalloc\tcuda_runtime_api.h\tfunction\ncudaFree\tcuda_runtime_api.h\tfunction\n",
    )]);
    assert_eq!(
        e,
        "ROOT/mappings/cuda-declared.tsv:2: names must be sorted and unique: \
         `cudaFree\tcuda_runtime_api.h\tfunction`"
    );
    let e = error_with(&[(
        "mappings/cuda-declared.tsv",
        "cudaMalloc\tcuda_runtime_api.h\tthing\n",
    )]);
    assert_eq!(
        e,
        "ROOT/mappings/cuda-declared.tsv:1: unknown kind: `cudaMalloc\tcuda_runtime_api.h\tthing`"
    );
}

#[test]
fn family_list_rules() {
    let twice = fs::read_to_string(root().join("scripts/families.toml")).unwrap()
        + "\n[[family]]\nname = \"blas\"\ndoc = \"Again.\"\n";
    let e = error_with(&[("scripts/families.toml", &twice)]);
    assert_eq!(
        e,
        "mappings error in ROOT/scripts/families.toml: family `blas` listed twice"
    );
    let e = error_with(&[(
        "scripts/families.toml",
        "[[family]]\nname = \"Runtime\"\ndoc = \"x\"\n",
    )]);
    assert_eq!(
        e,
        "mappings error in ROOT/scripts/families.toml: family name \"Runtime\" is not \
         lower-case ASCII letters and digits"
    );
}
