//! NVIDIA libraries: CUTLASS/CuTe (no HIP port), the ones with no drop-in
//! port (WMMA, flash-attention, TensorRT, libcu++), and, as information, the
//! ones whose port differs (cuDNN, NVTX, Thrust, CUB).

use super::Cx;
use super::include_path;
use crate::diagnostic::{Code, Diagnostic};
use crate::mappings::Family;

const CUTLASS_HELP: &str = "CUTLASS/CuTe have no HIP port: use Composable Kernel for custom fused kernels, hipBLASLt for GEMMs with epilogues, or rocWMMA for warp-level matrix code";

/// What may make [`includes`] or [`namespace`] report in any C++ file (the
/// rule table's row, from which the prefilter's words come): the words
/// that may begin an include path they report or be the namespace, the
/// prefixes of such words, and text such a path may hold anywhere. Keep
/// them in step with the two checks.
pub(super) const TRIGGERS: super::table::Triggers = super::table::Triggers {
    words: REPORTED_WORDS,
    prefixes: &[b"flash_fwd", b"flash_bwd", b"NvInfer", b"NvOnnxParser"],
    substrings: &[b"flash_attn"],
};

const REPORTED_WORDS: &[&[u8]] = &[
    b"cutlass",
    b"cute",
    b"cuda",
    b"cudnn",
    b"nvcuda",
    b"nvinfer1",
    b"nvToolsExt",
    b"nvtx3",
    b"thrust",
    b"cub",
    b"flash",
];

/// Checks the `#include`s of NVIDIA-only and ported libraries.
pub(super) fn includes(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    let mut noted = std::collections::HashSet::new();
    for d in 0..cx.lx.directives.len() {
        let Some((tok, path)) = include_path(cx, d) else {
            continue;
        };
        let angled = cx.text(tok).first() == Some(&b'<');
        let path = String::from_utf8_lossy(path);
        let range = cx.tok(tok).range();
        let found = |code, message: String, help: &str| {
            Diagnostic::new(code, range.clone(), message).with_help(help)
        };
        let d = if path.starts_with("cutlass/") || path.starts_with("cute/") {
            found(
                Code::CutlassCute,
                format!("`{path}` is CUTLASS/CuTe"),
                CUTLASS_HELP,
            )
        } else if (path.contains("flash_attn") && !opencl_source(&path))
            || path.starts_with("flash_fwd")
            || path.starts_with("flash_bwd")
            || path == "flash.h"
        {
            found(
                Code::NvidiaOnlyLibrary,
                format!("`{path}` is flash-attention's CUDA implementation"),
                "use the ROCm flash-attention ports (Composable Kernel based, or Triton)",
            )
        } else if path.starts_with("NvInfer") || path.starts_with("NvOnnxParser") {
            found(
                Code::NvidiaOnlyLibrary,
                format!("`{path}` is TensorRT, which has no HIP port"),
                "MIGraphX is the closest AMD equivalent (different API)",
            )
        } else if angled && path.starts_with("cuda/") {
            found(
                Code::NvidiaOnlyLibrary,
                format!("`{path}` is libcu++, which has no HIP port"),
                "use the std:: equivalent (std::atomic, std::barrier …) or HIP's atomic builtins",
            )
        } else if path == "cudnn.h" {
            found(
                Code::LibraryPort,
                "cuDNN becomes MIOpen, which is not a drop-in replacement".into(),
                "review descriptor set-up, algorithm search and workspaces; link MIOpen",
            )
        } else if path == "nvToolsExt.h" || path == "nvtx3/nvToolsExt.h" {
            // (nvtx3's C++ API and its CUDA naming headers have no roctx
            // form: HIP-W007 from the header table.)
            found(
                Code::LibraryPort,
                "NVTX becomes roctx".into(),
                "link -lroctx64; ranges and marks keep their meaning",
            )
        } else if path.starts_with("thrust/") {
            found(
                Code::LibraryPort,
                "Thrust is provided by rocThrust (same thrust:: API; thrust::cuda becomes thrust::hip)".into(),
                "install rocThrust; execution policies and CUDA-specific extensions may differ",
            )
        } else if path.starts_with("cub/")
            || crate::mappings::header(&path).is_some_and(|h| h.family == Family::Cub)
        {
            found(
                Code::LibraryPort,
                "CUB becomes hipCUB (cub:: → hipcub::)".into(),
                "install hipCUB; tuning policies and some block/warp primitives differ",
            )
        } else {
            continue;
        };
        // One note per library and file is enough.
        if d.code == Code::LibraryPort && !noted.insert(d.message.clone()) {
            continue;
        }
        out.push(d);
    }
}

/// Whether an included path is OpenCL kernel source embedded as a header
/// (ggml's `flash_attn_f16.cl.h`), not CUDA.
fn opencl_source(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.ends_with(".cl") || name.contains(".cl.")
}

/// Checks identifier token `i` for a leading namespace qualifier: `cutlass::`,
/// `cute::`, `nvcuda::wmma`, `nvinfer1::`, libcu++'s `cuda::std::`. One
/// finding per line is enough: `last_line_start` is where the last was.
pub(super) fn namespace(
    cx: &Cx<'_>,
    i: usize,
    name: &[u8],
    last_line_start: &mut usize,
    out: &mut Vec<Diagnostic>,
) {
    let t = cx.tok(i);
    if t.in_directive()
        || !matches!(
            name,
            b"cutlass" | b"cute" | b"nvcuda" | b"nvinfer1" | b"cuda"
        )
    {
        return;
    }
    {
        let Some(n) = cx.next(i).filter(|&n| cx.is_punct(n, b"::")) else {
            return;
        };
        if cx
            .prev(i)
            .is_some_and(|p| cx.is_punct(p, b"::") || cx.is_punct(p, b".") || cx.is_punct(p, b"->"))
        {
            return;
        }
        let next_name = cx.next(n).map(|k| cx.text(k)).unwrap_or_default();
        let (code, message, help) = match cx.text(i) {
            b"cutlass" | b"cute" => (Code::CutlassCute, "CUTLASS/CuTe namespace", CUTLASS_HELP),
            b"nvcuda" => (
                Code::NvidiaOnlyLibrary,
                "`nvcuda::wmma` (tensor-core WMMA) has no drop-in HIP port",
                "use rocWMMA (rocwmma::, similar fragment API, different layouts and sizes)",
            ),
            b"nvinfer1" => (
                Code::NvidiaOnlyLibrary,
                "TensorRT namespace",
                "MIGraphX is the closest AMD equivalent (different API)",
            ),
            b"cuda"
                if matches!(
                    next_name,
                    b"std"
                        | b"atomic"
                        | b"atomic_ref"
                        | b"barrier"
                        | b"pipeline"
                        | b"memcpy_async"
                        | b"aligned_size_t"
                        | b"annotated_ptr"
                        | b"memory_order_relaxed"
                        | b"thread_scope_device"
                        | b"thread_scope_block"
                        | b"thread_scope_system"
                ) =>
            {
                (
                    Code::NvidiaOnlyLibrary,
                    "libcu++ (`cuda::`) has no HIP port",
                    "use the std:: equivalent or HIP's atomic builtins",
                )
            }
            _ => return,
        };
        let line_start = memchr::memrchr(b'\n', &cx.src[..t.start as usize]).map_or(0, |p| p + 1);
        if line_start == *last_line_start {
            return;
        }
        *last_line_start = line_start;
        out.push(Diagnostic::new(code, t.range(), message).with_help(help));
    }
}
