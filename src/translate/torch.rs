//! PyTorch's CUDA names in an extension's sources (`at::cuda::getCurrentCUDAStream`,
//! `c10::cuda::CUDAGuard`, `<ATen/cuda/CUDAContext.h>`, `C10_CUDA_KERNEL_LAUNCH_CHECK`),
//! rewritten as PyTorch's own ROCm build rewrites them: its hipify, run on an
//! extension (`is_pytorch_extension=True`), gives the names and headers that
//! ROCm's libtorch declares, where the CUDA ones include `cuda_runtime_api.h`
//! or name a `cudaStream_t`. Left as they were, the other rewrites of the file
//! (`cudaStream_t` → `hipStream_t`) meet CUDA's ATen and nothing builds.
//!
//! Source of every name: PyTorch 2.9.1's `torch/utils/hipify/cuda_to_hip_mappings.py`
//! (`PYTORCH_SPECIFIC_MAPPINGS` over `C10_MAPPINGS`, the later table winning
//! as `hipify_python.py` builds its map) and `hipify_python.py`'s header rule
//! (`mk_repl`, `get_hip_file_path`). Only the qualified forms are rewritten
//! (`at::cuda::X`, `c10::cuda::X`): hipify's bare `CUDAStream` or
//! `getStreamFromPool` may be a project's own name; the `C10_CUDA_*` macros
//! are PyTorch's alone.

use super::Cx;
use crate::edit::Edit;
use crate::lex::TokenKind;

/// A name after `at::cuda::` or `c10::cuda::` and the name ROCm's PyTorch
/// gives it (after `at::hip::`, `c10::hip::`). PYTORCH_SPECIFIC_MAPPINGS's
/// `cuda::X` keys, then C10_MAPPINGS's where the first has none.
const QUALIFIED: &[(&str, &str)] = &[
    ("CUDAGuard", "HIPGuardMasqueradingAsCUDA"),
    ("OptionalCUDAGuard", "OptionalHIPGuardMasqueradingAsCUDA"),
    ("CUDAStreamGuard", "HIPStreamGuardMasqueradingAsCUDA"),
    (
        "OptionalCUDAStreamGuard",
        "OptionalHIPStreamGuardMasqueradingAsCUDA",
    ),
    (
        "CUDAMultiStreamGuard",
        "HIPMultiStreamGuardMasqueradingAsCUDA",
    ),
    ("CUDAStream", "HIPStreamMasqueradingAsCUDA"),
    ("getStreamFromPool", "getStreamFromPoolMasqueradingAsCUDA"),
    (
        "getDefaultCUDAStream",
        "getDefaultHIPStreamMasqueradingAsCUDA",
    ),
    (
        "getStreamFromExternal",
        "getStreamFromExternalMasqueradingAsCUDA",
    ),
    (
        "getCurrentCUDAStream",
        "getCurrentHIPStreamMasqueradingAsCUDA",
    ),
    (
        "setCurrentCUDAStream",
        "setCurrentHIPStreamMasqueradingAsCUDA",
    ),
    ("CUDACachingAllocator", "HIPCachingAllocator"),
    ("CUDAAllocatorConfig", "HIPAllocatorConfig"),
    ("CUDAAllocator", "HIPAllocator"),
    ("current_device", "current_device"),
    ("set_device", "set_device"),
    ("device_synchronize", "device_synchronize"),
    ("compat", "compat"),
];

/// `CUDACachingAllocator::M` for these M is the masquerading allocator's
/// (PYTORCH_SPECIFIC_MAPPINGS: "Only get needs to be transformed this way"
/// and the functions listed after it); `recordStream` is renamed too.
const MASQUERADING_ALLOCATOR: &str = "HIPCachingAllocatorMasqueradingAsCUDA";
const ALLOCATOR_MEMBERS: &[&str] = &[
    "get",
    "recordStream",
    "raw_alloc",
    "raw_alloc_with_stream",
    "raw_delete",
    "init",
    "getMemoryFraction",
    "setMemoryFraction",
    "emptyCache",
    "enable",
    "isEnabled",
    "cacheInfo",
    "getBaseAllocation",
    "getDeviceStats",
    "resetAccumulatedStats",
    "resetPeakStats",
    "snapshot",
    "getCheckpointState",
    "setCheckpointState",
    "setCheckpointPoolState",
    "beginAllocateToPool",
    "endAllocateToPool",
    "recordHistory",
    "recordAnnotation",
    "pushCompileContext",
    "popCompileContext",
    "isHistoryEnabled",
    "checkPoolLiveAllocations",
    "attachOutOfMemoryObserver",
    "attachAllocatorTraceTracker",
    "releasePool",
    "createOrIncrefPool",
    "setUseOnOOM",
    "getPoolUseCount",
    "getIpcDevPtr",
    "shareIpcHandle",
    "name",
    "memcpyAsync",
    "enablePeerAccess",
];

/// PyTorch's error-check macros (C10_MAPPINGS).
const MACROS: &[(&str, &str)] = &[
    (
        "C10_CUDA_KERNEL_LAUNCH_CHECK",
        "C10_HIP_KERNEL_LAUNCH_CHECK",
    ),
    ("C10_CUDA_CHECK", "C10_HIP_CHECK"),
    ("C10_CUDA_CHECK_WARN", "C10_HIP_CHECK_WARN"),
    ("C10_CUDA_ERROR_HANDLED", "C10_HIP_ERROR_HANDLED"),
    ("C10_CUDA_IGNORE_ERROR", "C10_HIP_IGNORE_ERROR"),
    ("C10_CUDA_CLEAR_ERROR", "C10_HIP_CLEAR_ERROR"),
];

/// `c10/cuda/` headers whose ROCm header is not the path with cuda → hip:
/// PYTORCH_SPECIFIC_MAPPINGS (the masquerading guard, stream, allocator).
const C10_HEADERS: &[(&str, &str)] = &[
    (
        "c10/cuda/CUDAGuard.h",
        "ATen/hip/impl/HIPGuardImplMasqueradingAsCUDA.h",
    ),
    (
        "c10/cuda/CUDACachingAllocator.h",
        "ATen/hip/impl/HIPCachingAllocatorMasqueradingAsCUDA.h",
    ),
    (
        "c10/cuda/CUDAStream.h",
        "ATen/hip/impl/HIPStreamMasqueradingAsCUDA.h",
    ),
];

/// The `c10/cuda/` headers C10_MAPPINGS renames (cuda → hip, CUDA → HIP).
const C10_RENAMED: &[&str] = &[
    "c10/cuda/CUDAAlgorithm.h",
    "c10/cuda/CUDADeviceAssertion.h",
    "c10/cuda/CUDADeviceAssertionHost.h",
    "c10/cuda/CUDAException.h",
    "c10/cuda/CUDAMacros.h",
    "c10/cuda/CUDAMathCompat.h",
    "c10/cuda/CUDAFunctions.h",
    "c10/cuda/CUDAMiscFunctions.h",
    "c10/cuda/CUDAGraphsC10Utils.h",
    "c10/cuda/CUDAAllocatorConfig.h",
    "c10/cuda/impl/CUDATest.h",
    "c10/cuda/impl/CUDAGuardImpl.h",
];

/// ATen's folders whose headers ROCm's PyTorch ships hipified
/// (`hipify_python.py`'s `mk_repl`).
const ATEN_FOLDERS: &[&str] = &[
    "ATen/cuda/",
    "ATen/native/cuda/",
    "ATen/native/nested/cuda/",
    "ATen/native/quantized/cuda/",
    "ATen/native/sparse/cuda/",
    "ATen/native/transformers/cuda/",
];

/// The words these rewrites start from, for the prefilter: the include
/// paths' first words, the qualifiers and the macros.
pub(crate) const WORDS: &[&[u8]] = &[
    b"ATen",
    b"c10",
    b"cuda",
    b"C10_CUDA_KERNEL_LAUNCH_CHECK",
    b"C10_CUDA_CHECK",
    b"C10_CUDA_CHECK_WARN",
    b"C10_CUDA_ERROR_HANDLED",
    b"C10_CUDA_IGNORE_ERROR",
    b"C10_CUDA_CLEAR_ERROR",
];

/// The ROCm header of PyTorch's CUDA header `path`, if it has one:
/// `ATen/cuda/CUDAContext.h` → `ATen/hip/HIPContext.h` (in the ATen
/// folders, `cuda` → `hip` and `CUDA` → `HIP` in the folders and the file's
/// stem, as `get_hip_file_path` does), the c10 headers by their tables.
pub(super) fn header(path: &str) -> Option<String> {
    if let Some((_, hip)) = C10_HEADERS.iter().find(|(cuda, _)| *cuda == path) {
        return Some((*hip).to_owned());
    }
    if C10_RENAMED.contains(&path) {
        return Some(path.replace("cuda", "hip").replace("CUDA", "HIP"));
    }
    if !ATEN_FOLDERS.iter().any(|f| path.starts_with(f)) {
        return None;
    }
    let (dir, file) = path.rsplit_once('/')?;
    let (stem, ext) = file.rsplit_once('.').unwrap_or((file, ""));
    let dir = dir.replace("cuda", "hip").replace("CUDA", "HIP");
    let stem = stem.replace("cuda", "hip").replace("CUDA", "HIP");
    let dot = if ext.is_empty() { "" } else { "." };
    Some(format!("{dir}/{stem}{dot}{ext}"))
}

/// Rewrites the qualified names and the macros (the headers are the
/// include scan's, through [`header`]).
pub(super) fn rewrite(cx: &mut Cx<'_>) {
    if !may_name_pytorch(cx.src) {
        return;
    }
    let mut edits = Vec::new();
    let mut taken: Option<Taken> = None;
    // A file that opens a `cuda` namespace of its own (`namespace at {
    // namespace cuda { … } }`) declares what it qualifies so.
    let own_cuda_namespace = (0..cx.lx.tokens.len()).any(|i| {
        cx.is_ident(i, b"namespace") && cx.next(i).is_some_and(|n| cx.is_ident(n, b"cuda"))
    });
    for i in 0..cx.lx.tokens.len() {
        let tok = cx.tok(i);
        if tok.kind != TokenKind::Ident {
            continue;
        }
        if tok.in_directive()
            && super::identifiers::is_opaque_directive(
                &cx.lx.directives[tok.directive as usize].name,
            )
        {
            continue;
        }
        let word = cx.text(i);
        let mut group = Vec::new();
        if let Some((_, hip)) = MACROS.iter().find(|(c, _)| c.as_bytes() == word) {
            if !cx
                .prev(i)
                .is_some_and(|p| cx.is_punct(p, b"::") || cx.is_punct(p, b"."))
            {
                group.push(Edit::replace(tok.range(), (*hip).to_owned()));
            }
        } else if word == b"cuda" && !own_cuda_namespace {
            qualified(cx, i, &mut group);
        }
        // Not where an earlier pass rewrites the text already (a dropped
        // warp mask whose argument holds the name): the next round reads
        // what is left.
        if !group.is_empty() {
            let taken = taken.get_or_insert_with(|| Taken::of(&cx.edits));
            if group.iter().all(|e| !taken.overlaps(&e.range)) {
                edits.extend(group);
            }
        }
    }
    cx.edits.extend(edits);
}

/// The ranges earlier passes rewrite, sorted by start, with the greatest
/// end up to each: whether a range meets one is a binary search.
struct Taken {
    starts: Vec<usize>,
    max_end: Vec<usize>,
}

impl Taken {
    fn of(edits: &[Edit]) -> Taken {
        let mut ranges: Vec<(usize, usize)> =
            edits.iter().map(|e| (e.range.start, e.range.end)).collect();
        ranges.sort_unstable();
        let mut end = 0;
        let max_end = ranges
            .iter()
            .map(|&(_, e)| {
                end = end.max(e);
                end
            })
            .collect();
        Taken {
            starts: ranges.iter().map(|&(s, _)| s).collect(),
            max_end,
        }
    }

    /// Whether `r` meets a taken range as [`Edit::overlaps`] reads a pair:
    /// shares a byte, or either inserts inside the other.
    fn overlaps(&self, r: &std::ops::Range<usize>) -> bool {
        let before = self.starts.partition_point(|&s| s < r.end);
        before > 0 && self.max_end[before - 1] > r.start
    }
}

/// Whether `src` may name PyTorch's CUDA API: `at::cuda`, `c10::cuda` or a
/// `C10_CUDA_` macro. One scan of the text, so that the walk over every
/// token runs only where one may be (a qualifier written with blanks,
/// `at :: cuda`, is not read).
fn may_name_pytorch(src: &[u8]) -> bool {
    static WORDS: std::sync::LazyLock<regex::bytes::Regex> = std::sync::LazyLock::new(|| {
        regex::bytes::Regex::new(r"at::cuda|c10::cuda|C10_CUDA_").expect("a fixed pattern")
    });
    WORDS.is_match(src)
}

/// `at::cuda::NAME` or `c10::cuda::NAME` (`cuda` at `i`): `cuda` becomes
/// `hip` where NAME is PyTorch's (or always after `c10`: C10_MAPPINGS's
/// `c10::cuda` → `c10::hip`), and NAME its ROCm name.
fn qualified(cx: &Cx<'_>, i: usize, edits: &mut Vec<Edit>) {
    let Some(sep) = cx.prev(i).filter(|&p| cx.is_punct(p, b"::")) else {
        return;
    };
    let Some(owner) = cx.prev(sep) else { return };
    let c10 = cx.is_ident(owner, b"c10");
    if !c10 && !cx.is_ident(owner, b"at") {
        return;
    }
    // `at` or `c10` itself qualified by something other than the global
    // scope is a project's own namespace (`mylib::at::cuda`).
    if cx.prev(owner).is_some_and(|p| cx.is_punct(p, b"::"))
        && cx
            .prev(owner)
            .and_then(|p| cx.prev(p))
            .is_some_and(|q| cx.tok(q).kind == TokenKind::Ident)
    {
        return;
    }
    let Some(name) = cx
        .next(i)
        .filter(|&n| cx.is_punct(n, b"::"))
        .and_then(|n| cx.next(n))
        .filter(|&n| cx.tok(n).kind == TokenKind::Ident)
    else {
        return;
    };
    let mapped = QUALIFIED
        .iter()
        .find(|(c, _)| c.as_bytes() == cx.text(name))
        .map(|(_, h)| *h);
    if mapped.is_none() && !c10 {
        // `at::cuda::getCurrentDeviceProperties`, `at::cuda::detail::…`:
        // ROCm's ATen keeps them in `at::cuda`.
        return;
    }
    edits.push(Edit::replace(cx.tok(i).range(), "hip".to_owned()));
    let Some(hip) = mapped else { return };
    let member = cx
        .next(name)
        .filter(|&n| cx.is_punct(n, b"::"))
        .and_then(|n| cx.next(n))
        .filter(|&m| {
            ALLOCATOR_MEMBERS
                .iter()
                .any(|a| cx.is_ident(m, a.as_bytes()))
        });
    if let Some(m) = member.filter(|_| cx.is_ident(name, b"CUDACachingAllocator")) {
        edits.push(Edit::replace(
            cx.tok(name).range(),
            MASQUERADING_ALLOCATOR.to_owned(),
        ));
        if cx.is_ident(m, b"recordStream") {
            edits.push(Edit::replace(
                cx.tok(m).range(),
                "recordStreamMasqueradingAsCUDA".to_owned(),
            ));
        }
    } else if cx.text(name) != hip.as_bytes() {
        edits.push(Edit::replace(cx.tok(name).range(), hip.to_owned()));
    }
}

#[cfg(test)]
mod tests {
    use super::{Taken, header};
    use crate::edit::Edit;

    /// The binary search agrees with the pairwise reading (`Edit::overlaps`)
    /// on every small layout of ranges and insertions.
    #[test]
    fn taken_ranges_meet_as_pairs_do() {
        let edit = |r: &std::ops::Range<usize>| Edit::replace(r.clone(), String::new());
        let ranges: Vec<std::ops::Range<usize>> =
            (0..6).flat_map(|s| (s..6).map(move |e| s..e)).collect();
        for a in &ranges {
            for b in &ranges {
                let edits = [edit(a), edit(b)];
                let taken = Taken::of(&edits);
                for r in &ranges {
                    let pairwise = edits.iter().any(|e| e.overlaps(&edit(r)));
                    assert_eq!(taken.overlaps(r), pairwise, "{a:?} {b:?} {r:?}");
                }
            }
        }
    }

    #[test]
    fn headers_follow_pytorchs_rocm_build() {
        let h = |p| header(p);
        assert_eq!(
            h("ATen/cuda/CUDAContext.h").as_deref(),
            Some("ATen/hip/HIPContext.h")
        );
        assert_eq!(
            h("ATen/cuda/Atomic.cuh").as_deref(),
            Some("ATen/hip/Atomic.cuh")
        );
        assert_eq!(
            h("ATen/cuda/detail/TensorInfo.cuh").as_deref(),
            Some("ATen/hip/detail/TensorInfo.cuh")
        );
        assert_eq!(
            h("ATen/native/cuda/KernelUtils.cuh").as_deref(),
            Some("ATen/native/hip/KernelUtils.cuh")
        );
        assert_eq!(
            h("c10/cuda/CUDAGuard.h").as_deref(),
            Some("ATen/hip/impl/HIPGuardImplMasqueradingAsCUDA.h")
        );
        assert_eq!(
            h("c10/cuda/CUDAException.h").as_deref(),
            Some("c10/hip/HIPException.h")
        );
        assert_eq!(h("ATen/Dispatch.h"), None);
        assert_eq!(h("c10/util/Half.h"), None);
    }
}
