//! The compiled mapping tables: coverage of the reference tables, known entries,
//! and that `mappings/*.toml` is what `scripts/gen_mappings.py` writes.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use hipify_rs::mappings::{self, Family, Kind, Status, Target, Version};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `reference/`: the generator's inputs, committed with the tables they produce.
fn reference() -> PathBuf {
    let dir = repo().join("reference");
    assert!(
        dir.join("hipify-tables").is_dir() && dir.join("header-map.tsv").is_file(),
        "{} must hold hipify-tables/ and header-map.tsv (the inputs of scripts/gen_mappings.py)",
        dir.display()
    );
    dir
}

fn at(major: u32, minor: u32) -> Target {
    Target {
        hip_version: Version::new(major, minor, 0),
        ..Target::default()
    }
}

#[test]
fn every_reference_row_is_listed() {
    let reference = reference();
    let known: HashSet<&str> = mappings::all().iter().map(|m| m.cuda).collect();
    let mut missing = Vec::new();
    let mut rows = 0;
    let mut files: Vec<PathBuf> = std::fs::read_dir(reference.join("hipify-tables"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for file in &files {
        for line in std::fs::read_to_string(file).unwrap().lines() {
            let Some(rest) = line.strip_prefix("|`") else {
                continue;
            };
            let name = &rest[..rest.find('`').expect("closing backtick")];
            rows += 1;
            if !known.contains(name) {
                missing.push(format!(
                    "{}: {name}",
                    file.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    assert!(rows > 10_000, "only {rows} rows parsed");
    assert!(
        missing.is_empty(),
        "{} reference rows missing, e.g. {:?}",
        missing.len(),
        &missing[..missing.len().min(20)]
    );

    let headers: HashSet<&str> = mappings::all_headers().iter().map(|h| h.cuda).collect();
    let tsv = std::fs::read_to_string(reference.join("header-map.tsv")).unwrap();
    for line in tsv.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[3] == "API_CAFFE2" {
            continue; // skipped by the generator: PyTorch-internal headers
        }
        assert!(headers.contains(cols[0]), "header {} missing", cols[0]);
    }
}

/// The committed `mappings/*.toml` are what the generator writes from `reference/`
/// and the addenda. Never skipped: without Python 3.11+ (for `tomllib`) it fails,
/// so a missing interpreter cannot hide stale tables.
#[test]
fn generated_files_are_up_to_date() {
    let reference = reference();
    let python = ["python3", "python3.13", "python3.12", "python3.11"]
        .into_iter()
        .find(|p| {
            Command::new(p)
                .args([
                    "-c",
                    "import sys, tomllib; sys.exit(sys.version_info < (3, 11))",
                ])
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .unwrap_or_else(|| {
            panic!(
                "no Python 3.11 or newer on PATH: it is needed to check that mappings/ is what \
                 scripts/gen_mappings.py writes (apt-get install python3)"
            )
        });
    let out = tempfile::tempdir().unwrap();
    let status = Command::new(python)
        .arg(repo().join("scripts/gen_mappings.py"))
        .arg("--reference")
        .arg(&reference)
        .arg("--out")
        .arg(out.path())
        .status()
        .unwrap();
    assert!(status.success(), "gen_mappings.py failed");
    let read = |dir: &Path| -> BTreeMap<String, String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .map(|p| {
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read_to_string(&p).unwrap(),
                )
            })
            .collect()
    };
    let fresh = read(out.path());
    let committed = read(&repo().join("mappings"));
    assert_eq!(
        fresh.keys().collect::<Vec<_>>(),
        committed.keys().collect::<Vec<_>>(),
        "mappings/ has different files than gen_mappings.py writes"
    );
    for (name, text) in &fresh {
        assert!(
            committed[name] == *text,
            "mappings/{name} is out of date: run `python3 scripts/gen_mappings.py`"
        );
    }
}

#[test]
fn every_family_has_entries() {
    let mut counts: BTreeMap<Family, usize> = BTreeMap::new();
    for m in mappings::all() {
        *counts.entry(m.family).or_default() += 1;
    }
    for family in Family::ALL {
        if family == Family::Headers {
            assert!(mappings::all_headers().len() > 40);
            continue;
        }
        assert!(
            counts.get(&family).copied().unwrap_or(0) > 0,
            "no entries for {family}"
        );
    }
    assert!(mappings::all().len() > 8_000);
}

#[test]
fn all_is_ordered_by_family_then_name() {
    let all = mappings::all();
    let rank = |f: Family| Family::ALL.iter().position(|&x| x == f).unwrap();
    for w in all.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        assert!(
            (rank(a.family), a.cuda) < (rank(b.family), b.cuda),
            "{}/{} before {}/{}",
            a.family,
            a.cuda,
            b.family,
            b.cuda
        );
    }
    for h in mappings::all_headers() {
        assert_eq!(mappings::header(h.cuda).map(|x| x.cuda), Some(h.cuda));
    }
    for m in all {
        assert!(
            mappings::lookup_all(m.cuda).any(|x| std::ptr::eq(x, m)),
            "{}",
            m.cuda
        );
        assert!(mappings::lookup(m.cuda).is_some(), "{}", m.cuda);
    }
}

#[test]
fn primary_entry_prefers_a_hip_name() {
    // all() is in Family::ALL order, so the first occurrence wins.
    let mut first: BTreeMap<&str, usize> = BTreeMap::new();
    let mut first_with_hip: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, m) in mappings::all().iter().enumerate() {
        first.entry(m.cuda).or_insert(i);
        if m.hip.name.is_some() {
            first_with_hip.entry(m.cuda).or_insert(i);
        }
    }
    let mut shared = 0;
    for (name, i) in &first {
        let want = first_with_hip.get(name).unwrap_or(i);
        let primary = mappings::lookup(name).unwrap();
        assert!(std::ptr::eq(primary, &mappings::all()[*want]), "{name}");
        shared += usize::from(mappings::lookup_all(name).count() > 1);
    }
    assert!(shared > 0, "no name is listed by two families");
}

fn hip(name: &str) -> Option<&'static str> {
    mappings::lookup(name)
        .unwrap_or_else(|| panic!("{name} not listed"))
        .resolve(&Target::default())
        .name
}

#[test]
fn known_entries() {
    assert_eq!(hip("cudaMalloc"), Some("hipMalloc"));
    assert_eq!(mappings::lookup("cudaMalloc").unwrap().kind, Kind::Function);
    assert_eq!(mappings::lookup("cudaMemcpyKind").unwrap().kind, Kind::Type);
    assert_eq!(
        mappings::lookup("cudaMemcpyHostToDevice").unwrap().kind,
        Kind::EnumConstant
    );
    assert_eq!(hip("cublasSgemm"), Some("hipblasSgemm"));
    let roc = Target {
        roc: true,
        ..Target::default()
    };
    assert_eq!(
        mappings::lookup("cublasSgemm").unwrap().resolve(&roc).name,
        Some("rocblas_sgemm")
    );
    assert_eq!(hip("curandCreateGenerator"), Some("hiprandCreateGenerator"));
    assert_eq!(hip("cusparseCreate"), Some("hipsparseCreate"));
    // The driver table maps cuMemAlloc (and _v2) to hipMalloc, not hipMemAlloc.
    assert_eq!(hip("cuMemAlloc"), Some("hipMalloc"));
    assert_eq!(hip("cuMemAlloc_v2"), Some("hipMalloc"));
    assert_eq!(hip("__CUDACC__"), Some("__HIPCC__"));
    assert_eq!(hip("__nv_bfloat16"), Some("__hip_bfloat16"));
    assert_eq!(hip("nvtxRangePushA"), Some("roctxRangePushA"));
    assert_eq!(hip("ncclAllReduce"), Some("ncclAllReduce"));
    assert_eq!(
        hip("__CUDA_RUNTIME_H__"),
        Some("HIP_INCLUDE_HIP_HIP_RUNTIME_H")
    );

    let cub = mappings::lookup("cub").unwrap();
    assert_eq!(
        (cub.kind, cub.family, cub.hip.name),
        (Kind::Namespace, Family::Cub, Some("hipcub"))
    );
    let thrust = mappings::lookup("thrust::cuda").unwrap();
    assert_eq!(
        (thrust.kind, thrust.hip.name),
        (Kind::Namespace, Some("thrust::hip"))
    );

    for name in [
        "CUDA_VERSION",
        "CUDART_VERSION",
        "__CUDACC_VER_MAJOR__",
        "__CUDACC_VER_MINOR__",
        "__CUDACC_VER_BUILD__",
        "__CUDA_ARCH__",
    ] {
        for m in mappings::lookup_all(name) {
            assert_eq!(m.hip.name, None, "{name} must not be renamed");
        }
        assert!(
            mappings::lookup(name).is_some(),
            "{name} should be listed (with a note)"
        );
    }
}

#[test]
fn warp_sync_functions() {
    let m = mappings::lookup("__shfl_down_sync").unwrap();
    let old = m.resolve(&at(5, 2));
    assert_eq!(
        (old.name, old.status),
        (Some("__shfl_down"), Status::Supported)
    );
    assert!(old.legacy.is_some_and(|l| l.drop_first_arg));
    let new = m.resolve(&at(6, 2));
    assert_eq!((new.name, new.legacy), (Some("__shfl_down_sync"), None));
    for (sync, legacy) in [
        ("__shfl_sync", Some("__shfl")),
        ("__shfl_up_sync", Some("__shfl_up")),
        ("__shfl_xor_sync", Some("__shfl_xor")),
        ("__ballot_sync", Some("__ballot")),
        ("__any_sync", Some("__any")),
        ("__all_sync", Some("__all")),
        ("__match_any_sync", None),
        ("__match_all_sync", None),
    ] {
        let m = mappings::lookup(sync).unwrap();
        assert_eq!(m.resolve(&at(6, 2)).name, Some(sync));
        assert_eq!(m.resolve(&at(5, 2)).name, legacy, "{sync}");
    }
}

#[test]
fn call_rewrites() {
    let wrap = |name: &str| {
        mappings::lookup(name)
            .unwrap()
            .call
            .and_then(|c| c.wrap_arg.first())
            .map(|w| (w.index, w.with))
    };
    assert_eq!(wrap("cudaMemcpyToSymbol"), Some((0, "HIP_SYMBOL")));
    assert_eq!(wrap("cudaMemcpyFromSymbol"), Some((1, "HIP_SYMBOL")));
    assert_eq!(wrap("cudaGetSymbolAddress"), Some((1, "HIP_SYMBOL")));
    assert_eq!(
        wrap("cudaGraphAddMemcpyNodeToSymbol"),
        Some((4, "HIP_SYMBOL"))
    );
    assert_eq!(
        wrap("cudaGraphExecMemcpyNodeSetParamsFromSymbol"),
        Some((3, "HIP_SYMBOL"))
    );
    assert_eq!(
        wrap("cudaLaunchKernel"),
        Some((0, "reinterpret_cast<const void*>"))
    );
    assert_eq!(
        wrap("cudaFuncGetAttributes"),
        Some((1, "reinterpret_cast<const void*>"))
    );
    let gi = mappings::lookup("cudaGraphInstantiate")
        .unwrap()
        .call
        .unwrap();
    assert!(gi.by_arity.contains(&(2, "hipGraphInstantiateWithFlags")));
    assert!(gi.by_arity.contains(&(3, "hipGraphInstantiateWithFlags")));
    assert_eq!(gi.append_arg, &[(2, "0")]);
    // CUDA 13's extra arguments, dropped where null (issue 23).
    let cc = mappings::lookup("cuCtxCreate").unwrap().call.unwrap();
    assert_eq!(
        cc.drop_arg
            .iter()
            .map(|d| (d.arity, d.index, d.if_null))
            .collect::<Vec<_>>(),
        [(4, 1, true)]
    );
    assert!(!cc.drop_arg[0].note.is_empty());
    let advise = mappings::lookup("cudaMemAdvise").unwrap().call.unwrap();
    let w = advise.wrap_arg[0];
    assert_eq!((w.index, w.arity), (3, Some(4)));
    assert!(w.if_type.unwrap().types.contains(&"cudaMemLocation"));
    // What the arity audit found: a finding where no exact form exists.
    let solve = mappings::lookup("cusparseSpSV_solve")
        .unwrap()
        .call
        .unwrap();
    assert_eq!(solve.call_note.len(), 1);
    assert_eq!(solve.call_note[0].0, 9);
}

#[test]
fn headers() {
    use mappings::HeaderAction::{Keep, Remove, Replace};
    let t = Target::default();
    let h = |p: &str| mappings::header(p).unwrap_or_else(|| panic!("{p} not listed"));
    assert_eq!(
        h("cuda_runtime.h").resolve(&t),
        Replace("hip/hip_runtime.h")
    );
    // Library headers under their directories (AMD's ROCm >= 5.2 and Debian alike),
    // never the deprecated top-level wrappers.
    for (cuda, hip, roc) in [
        ("cublas_v2.h", "hipblas/hipblas.h", "rocblas/rocblas.h"),
        ("cublas.h", "hipblas/hipblas.h", "rocblas/rocblas.h"),
        (
            "cusparse.h",
            "hipsparse/hipsparse.h",
            "rocsparse/rocsparse.h",
        ),
        (
            "cusolverDn.h",
            "hipsolver/hipsolver.h",
            "rocsolver/rocsolver.h",
        ),
        ("curand.h", "hiprand/hiprand.h", "rocrand/rocrand.h"),
    ] {
        let roc_target = Target {
            roc: true,
            ..Target::default()
        };
        assert_eq!(h(cuda).resolve(&t), Replace(hip), "{cuda}");
        assert_eq!(h(cuda).resolve(&roc_target), Replace(roc), "{cuda}");
    }
    assert_eq!(h("cufft.h").resolve(&t), Replace("hipfft/hipfft.h"));
    for m in mappings::all_headers() {
        for name in [m.hip, m.roc].into_iter().flatten() {
            assert!(
                !matches!(
                    name,
                    "hipblas.h"
                        | "hipsparse.h"
                        | "hipsolver.h"
                        | "hipfft.h"
                        | "hiprand.h"
                        | "rocblas.h"
                        | "rocsparse.h"
                        | "rocsolver.h"
                        | "rocfft.h"
                        | "rocrand.h"
                        | "rccl.h"
                        | "hipblaslt.h"
                ),
                "{}: {name} is a deprecated top-level wrapper",
                m.cuda
            );
        }
    }
    // cuDNN: MIOpen is the only target (upstream dropped hipDNN, July 2025).
    assert_eq!(h("cudnn.h").resolve(&t), Replace("miopen/miopen.h"));
    // New tables: cuTENSOR, cuSPARSELt (headers from the HIP version that ships them).
    assert_eq!(
        h("cutensor.h").resolve(&t),
        Replace("hiptensor/hiptensor.hpp")
    );
    assert_eq!(
        h("cusparseLt.h").resolve(&t),
        Replace("hipsparselt/hipsparselt.h")
    );
    let dlp = h("device_launch_parameters.h");
    assert_eq!(
        (dlp.resolve(&t), dlp.unsupported),
        (Remove, false),
        "removed"
    );
    assert_eq!(h("cuda_bf16.h").resolve(&t), Replace("hip/hip_bf16.h"));
    assert_eq!(h("nvrtc.h").resolve(&t), Replace("hip/hiprtc.h"));
    assert_eq!(h("nccl.h").resolve(&t), Replace("rccl/rccl.h"));
    assert_eq!(h("nvToolsExt.h").resolve(&t), Replace("roctracer/roctx.h"));
    assert_eq!(
        h("nvtx3/nvToolsExt.h").resolve(&t),
        Replace("roctracer/roctx.h")
    );
    assert_eq!(
        h("cublasLt.h").resolve(&t),
        Replace("hipblaslt/hipblaslt.h")
    );
    assert_eq!(h("cub/cub.cuh").resolve(&t), Replace("hipcub/hipcub.hpp"));
    for unsupported in ["nvml.h", "mma.h"] {
        let m = h(unsupported);
        assert!(m.unsupported && !m.note.is_empty(), "{unsupported}");
        assert_eq!(m.resolve(&t), Keep);
    }
    assert!(mappings::header("thrust/device_vector.h").is_none());
    // hip/hip_bf16.h is newer than HIP 5.2: below 5.7 the include is the
    // hip_bfloat16 class's header, the legacy one.
    let old = Target {
        hip_version: Version::new(5, 2, 0),
        ..Target::default()
    };
    assert_eq!(
        h("cuda_bf16.h").resolve(&old),
        Replace("hip/hip_bfloat16.h")
    );
    assert_eq!(
        h("cuda_bf16.h").resolve(&at(5, 7)),
        Replace("hip/hip_bf16.h")
    );
    for newer in ["cublasLt.h", "cutensor.h", "cusparseLt.h"] {
        assert_eq!(h(newer).resolve(&old), Keep, "{newer}");
    }
    assert_eq!(
        h("cusparse.h").resolve(&old),
        Replace("hipsparse/hipsparse.h")
    );
}

#[test]
fn dnn_translates_to_miopen() {
    // By default, and whatever `miopen` says (kept for compatibility).
    for miopen in [false, true] {
        let t = Target {
            miopen,
            ..Target::default()
        };
        for (cuda, want) in [
            ("cudnnCreate", "miopenCreate"),
            ("cudnnHandle_t", "miopenHandle_t"),
            ("CUDNN_16BIT_INDICES", "MIOPEN_16BIT_INDICES"),
        ] {
            let m = mappings::lookup(cuda).unwrap();
            assert_eq!(m.family, Family::Dnn);
            assert_eq!(m.resolve(&t).name, Some(want), "{cuda}");
            assert_eq!(m.resolve(&at(5, 2)).name, Some(want), "{cuda} at 5.2");
        }
    }
    assert!(
        mappings::all()
            .iter()
            .filter(|m| m.family == Family::Dnn)
            .all(|m| m.hip.name.is_none_or(|n| !n.starts_with("hipdnn"))),
        "no hipDNN name is left"
    );
}

#[test]
fn new_tables() {
    assert_eq!(hip("cutensorCreate"), Some("hiptensorCreate"));
    assert_eq!(hip("cusparseLtInit"), Some("hipsparseLtInit"));
    assert_eq!(hip("cuFileRead"), Some("hipFileRead"));
    let t = mappings::lookup("cutensorCreate").unwrap();
    assert_eq!(t.family, Family::Tensor);
    // cuTENSOR's four-part versions (1.7.0.0) are kept as three.
    assert_eq!(t.cuda_added, Version::new(1, 7, 0));
    assert_eq!(
        mappings::lookup("cuFileRead")
            .unwrap()
            .resolve(&at(7, 0))
            .status,
        Status::Unsupported
    );
    assert_eq!(
        mappings::lookup("cusparseLtInit").unwrap().family,
        Family::Sparselt
    );
    assert_eq!(mappings::lookup("cuFileRead").unwrap().family, Family::File);
}

#[test]
fn hipblas_names_below_7_0() {
    // hipBLAS 3.0 (HIP 7.0) names; the _v2 forms from their first version to 6.x;
    // nothing below (hipblasComplex signatures).
    let m = mappings::lookup("cublasCaxpy").unwrap();
    assert_eq!(m.resolve(&at(7, 0)).name, Some("hipblasCaxpy"));
    assert_eq!(m.resolve(&at(6, 4)).name, Some("hipblasCaxpy_v2"));
    assert_eq!(m.resolve(&at(6, 0)).name, Some("hipblasCaxpy_v2"));
    assert_eq!(m.resolve(&at(5, 2)).status, Status::Unsupported);
    let m = mappings::lookup("cublasGemmEx").unwrap();
    assert_eq!(m.resolve(&at(6, 2)).name, Some("hipblasGemmEx_v2"));
    assert_eq!(m.resolve(&at(5, 2)).name, None);
    // Real-valued functions never changed.
    let m = mappings::lookup("cublasSgemm").unwrap();
    assert_eq!(m.resolve(&at(5, 2)).name, Some("hipblasSgemm"));
    // --roc is not affected.
    let roc = Target {
        roc: true,
        ..at(5, 2)
    };
    assert_eq!(
        mappings::lookup("cublasCaxpy").unwrap().resolve(&roc).name,
        Some("rocblas_caxpy")
    );
    // The PCI domain attribute was ...ID until HIP 7.0.
    for name in [
        "cudaDevAttrPciDomainId",
        "CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID",
    ] {
        let m = mappings::lookup(name).unwrap();
        assert_eq!(
            m.resolve(&at(5, 2)).name,
            Some("hipDeviceAttributePciDomainID")
        );
        assert_eq!(
            m.resolve(&at(7, 0)).name,
            Some("hipDeviceAttributePciDomainId")
        );
    }
}

#[test]
fn hip_5_2_corrections() {
    // CUjit_option values: the table says HIP 6.4, HIP 5.2.3 declares them.
    let m = mappings::lookup("CU_JIT_MAX_REGISTERS").unwrap();
    assert_eq!(m.resolve(&at(5, 2)).name, Some("hipJitOptionMaxRegisters"));
    // hipLaunchHostFunc is not exported by libamdhip64 5.2.3.
    let m = mappings::lookup("cudaLaunchHostFunc").unwrap();
    assert_eq!(m.resolve(&at(5, 2)).status, Status::Unsupported);
    assert_eq!(m.resolve(&at(5, 3)).name, Some("hipLaunchHostFunc"));
    // bf16: the hip_bfloat16 class before hip/hip_bf16.h (HIP 5.7).
    let m = mappings::lookup("__nv_bfloat16").unwrap();
    assert_eq!(m.resolve(&at(5, 2)).name, Some("hip_bfloat16"));
    assert_eq!(m.resolve(&at(5, 7)).name, Some("__hip_bfloat16"));
    // nv_bfloat16 is CUDA's typedef of __nv_bfloat16: the same HIP type.
    for v in [at(5, 2), at(5, 7), Target::default()] {
        assert_eq!(
            mappings::lookup("nv_bfloat16").unwrap().resolve(&v).name,
            mappings::lookup("__nv_bfloat16").unwrap().resolve(&v).name
        );
    }
    // Library data types stay in the runtime family (hip/library_types.h).
    let m = mappings::lookup("CUDA_R_32F").unwrap();
    assert_eq!(m.family, Family::Runtime);
    assert_eq!(m.resolve(&at(5, 2)).name, Some("HIP_R_32F"));
}

#[test]
fn newest_hip() {
    let newest = mappings::NEWEST_HIP;
    // The August 2025 tables go to HIP 7.0; the cuSPARSELt table to 7.10.
    assert!(newest >= Version::new(7, 10, 0), "{newest}");
    assert_eq!(Target::default().hip_version, newest);
}
