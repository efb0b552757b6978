//! Definitions the translation adds where HIP lacks a CUDA function or header
//! at the target and has an exact form of it. Four headers (their text in
//! `shims/`): `cooperative_groups/reduce.h` (HIP has none: `cg::reduce` over
//! a tile or coalesced group through the group's `shfl_down` and `shfl`, with
//! CUDA's six operators, for AMD GPUs), `cooperative_groups/scan.h` (HIP has
//! none: `cg::inclusive_scan`/`exclusive_scan` through the group's
//! `shfl_up`, as CUDA's single-warp scan), `cooperative_groups/memcpy_async.h`
//! (HIP 5.2.3 has none: the group's copy made at once, `wait` and
//! `wait_prior` its `sync()`) and `math_constants.h` before HIP 5.3
//! (the `#define`s of CUDA 13.0's header, as they are). And `__syncwarp`,
//! absent from HIP's headers (and AMD's HIPIFY tables) through HIP 7.0. A
//! wavefront runs in lockstep, so what remains of it on AMD GPUs is its
//! memory ordering among the lanes: a release fence, a wave barrier, an
//! acquire fence, as a macro defined only where the compiler is AMD's
//! (`__HIP__`, which clang defines itself; HIP's NVIDIA path keeps CUDA's
//! `__syncwarp`). Below HIP 6.2, `__match_any_sync` and `__match_all_sync`
//! (templates over the value's bits: one distinct value at a time by ballot
//! and shuffle, over the 64 lanes of a wavefront, the result and'ed with the
//! mask as HIP 6.2's own forms do); below HIP 5.5,
//! `cudaOccupancyMaxPotentialBlockSizeVariableSMem[WithFlags]` (CUDA's own
//! host template from `cuda_runtime.h`, over HIP's attribute and occupancy
//! calls); below HIP 5.3, `cudaGraphUpload` and `cuGraphUpload` (a graph
//! uploads at its first launch: only the handle is checked) and
//! `cudaLaunchHostFunc` (libamdhip64 exports `hipLaunchHostFunc` from 5.3:
//! a host node in a capture, a stream callback otherwise). And CUDA's 82 SIMD intrinsics (`__vadd4`, `__vmaxs2`, …), which
//! HIP lacks at every version: one block each in `shims/simd.h`, checked
//! against CUDA's own on a GPU by `ci/simd-check`; and `__dp4a`,
//! `__dp2a_lo`, `__dp2a_hi` (no HIP version has them), CUDA's four
//! overloads each over one lane-by-lane sum, checked on a GPU by
//! `ci/dot-check`; and CUDA's integer `umin`, `umax`, `llmin`, `llmax`,
//! `ullmin`, `ullmax` (host and device helpers no HIP version has); and
//! below HIP 5.5 `__hmax` and `__hmin` on `__half`, and below 5.7 their
//! `__half2` forms (CUDA's NaN and signed-zero rules, over HIP's
//! relations). And `cuFuncSetCacheConfig` (HIP has no cache preference
//! for a module's function): HIP's `hipFuncSetCacheConfig`, which on AMD
//! GPUs (no L1/shared split) accepts the preference and ignores the
//! function (libamdhip64 5.2.3: it sets and returns `hipSuccess`). And a
//! host `rsqrtf`/`rsqrt` (CUDA's form) where host-compiled code calls them:
//! HIP defines them for device code alone. And below HIP 5.3, CUDA's host
//! `__half` arithmetic and comparisons (`__hadd`, `__hlt`, the operators),
//! which HIP 5.2.3 defines for device code alone ([`HOST_HALF`]). And CUDA's cache-hint loads
//! and stores (`__ldcs`, `__ldcg`, `__ldca`, `__ldlu`; `__stcs`, `__stcg`,
//! `__stwt`, `__stwb`) for every type: HIP declares the three first for
//! `__half` and `__half2` alone, as the plain load (`amd_hip_fp16.h`), and
//! none of the others; each is the access itself, the hint dropped; and
//! `__ldcv`, a load that must not hit a stale cache, as a volatile load of
//! the value in words as wide as CUDA's load (16 bytes for a `float4`). And below
//! HIP 5.3, CUDA's atomic overloads HIP 5.2.3 lacks (`atomicAdd` on `__half`,
//! `__half2`, `float2`, `float4`; `atomicMin`/`atomicMax` on `long long`;
//! `atomicCAS` on `unsigned short`). And below
//! HIP 6.2, CUDA 12's extensible launch: `cudaLaunchConfig_t`, its
//! attributes and `cudaLaunchKernelEx` over `hipLaunchKernel` ([`launch_ex`]).
//! And below HIP 5.7, CUDA's `__nv_bfloat162` with its conversions and
//! arithmetic, computing CUDA's roundings ([`bf162`]). And CUDA's
//! programmatic dependent launch in kernels (`cudaGridDependencySynchronize`,
//! `cudaTriggerProgrammaticLaunchCompletion`), as nothing: HIP launches a
//! kernel once the one before it in the stream has completed, which is CUDA's
//! launch without the attribute, where both return at once. A function the file or a
//! header it includes declares is the project's: no definition is added
//! ([`function`]).

mod bf162;
mod launch_ex;

use std::sync::LazyLock;

use super::Cx;
use crate::edit::Edit;
use crate::mappings::Version;
use crate::options::Options;
use crate::tokens::Tokens;

/// A function HIP lacks and the macro (with its helpers) that defines it:
/// the CUDA name, the text (one line per line of the file's line ending, in
/// parts: a helper two shims share comes under its own guard), and the
/// title of the fix that inserts it.
struct Function {
    name: &'static [u8],
    lines: &'static [&'static [&'static str]],
    title: &'static str,
    /// CUDA calls whose `call_note`s the definition answers (an overload
    /// of the HIP call taking the defined type): moot in a file it goes in.
    answers: &'static [&'static [u8]],
}

/// The value's bits as 64, for the `__match_*_sync` shims: CUDA compares
/// bits (`match.sync.b32`/`.b64`: a NaN matches itself, -0.0 does not match
/// 0.0). The unary `+` promotes as CUDA's overloads do (`short`, an enum:
/// `int`).
const MATCH_BITS: &[&str] = &[
    "#ifndef HIPIFY_RS_MATCH_BITS",
    "#define HIPIFY_RS_MATCH_BITS",
    "template <typename T>",
    "__device__ inline unsigned long long hipify_rs_match_bits(T value) {",
    "  auto v = +value;",
    "  static_assert(sizeof(v) == 4 || sizeof(v) == 8, \"__match_*_sync takes a 32- or 64-bit value\");",
    "  unsigned long long bits = 0;",
    "  __builtin_memcpy(&bits, &v, sizeof(v));",
    "  return bits;",
    "}",
    "#endif",
];

/// CUDA 13.0's `cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags`
/// (`cuda_runtime.h`), step for step, over HIP 5.2's calls.
const OCCUPANCY: &[&str] = &[
    "#ifndef HIPIFY_RS_OCCUPANCY_VARIABLE_SMEM",
    "#define HIPIFY_RS_OCCUPANCY_VARIABLE_SMEM",
    "// hipify-rs: HIP before 5.5 has no hipOccupancyMaxPotentialBlockSizeVariableSMem; CUDA's own host template (cuda_runtime.h) over HIP's calls",
    "template <typename UnaryFunction, class T>",
    "static inline hipError_t hipify_rs_occupancy_variable_smem(int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0, unsigned int flags = 0) {",
    "  int device, maxThreadsPerMultiProcessor, warp, devMaxThreadsPerBlock, multiProcessorCount;",
    "  hipFuncAttributes attr;",
    "  int maxBlockSize = 0, numBlocks = 0, maxOccupancy = 0, occupancyInBlocks = 0;",
    "  if (!minGridSize || !blockSize || !func) return hipErrorInvalidValue;",
    "  hipError_t status = hipGetDevice(&device);",
    "  if (status != hipSuccess) return status;",
    "  status = hipDeviceGetAttribute(&maxThreadsPerMultiProcessor, hipDeviceAttributeMaxThreadsPerMultiProcessor, device);",
    "  if (status != hipSuccess) return status;",
    "  status = hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, device);",
    "  if (status != hipSuccess) return status;",
    "  status = hipDeviceGetAttribute(&devMaxThreadsPerBlock, hipDeviceAttributeMaxThreadsPerBlock, device);",
    "  if (status != hipSuccess) return status;",
    "  status = hipDeviceGetAttribute(&multiProcessorCount, hipDeviceAttributeMultiprocessorCount, device);",
    "  if (status != hipSuccess) return status;",
    "  status = hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(func));",
    "  if (status != hipSuccess) return status;",
    "  const int occupancyLimit = maxThreadsPerMultiProcessor, granularity = warp;",
    "  if (blockSizeLimit == 0) blockSizeLimit = devMaxThreadsPerBlock;",
    "  if (devMaxThreadsPerBlock < blockSizeLimit) blockSizeLimit = devMaxThreadsPerBlock;",
    "  if (attr.maxThreadsPerBlock < blockSizeLimit) blockSizeLimit = attr.maxThreadsPerBlock;",
    "  const int blockSizeLimitAligned = ((blockSizeLimit + (granularity - 1)) / granularity) * granularity;",
    "  for (int aligned = blockSizeLimitAligned; aligned > 0; aligned -= granularity) {",
    "    const int blockSizeToTry = blockSizeLimit < aligned ? blockSizeLimit : aligned;",
    "    const size_t dynamicSMemSize = blockSizeToDynamicSMemSize(blockSizeToTry);",
    "    status = hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&occupancyInBlocks, reinterpret_cast<const void *>(func), blockSizeToTry, dynamicSMemSize, flags);",
    "    if (status != hipSuccess) return status;",
    "    const int occupancyInThreads = blockSizeToTry * occupancyInBlocks;",
    "    if (occupancyInThreads > maxOccupancy) {",
    "      maxBlockSize = blockSizeToTry;",
    "      numBlocks = occupancyInBlocks;",
    "      maxOccupancy = occupancyInThreads;",
    "    }",
    "    if (occupancyLimit == maxOccupancy) break;",
    "  }",
    "  *minGridSize = numBlocks * multiProcessorCount;",
    "  *blockSize = maxBlockSize;",
    "  return status;",
    "}",
    "#endif",
];

/// The `__reduce_*_sync` shims' loop: every active lane's value in turn (a
/// loop the whole wavefront runs alike, so lanes of other masks may call it
/// at once), folded into each lane whose mask holds its source lane.
const REDUCE: &[&str] = &[
    "#ifndef HIPIFY_RS_REDUCE_SYNC",
    "#define HIPIFY_RS_REDUCE_SYNC",
    "// hipify-rs: HIP has no __reduce_*_sync; each lane folds the values of the lanes of its mask (64 lanes), one active lane at a time",
    "template <typename T, typename Op>",
    "__device__ inline T hipify_rs_reduce_sync(unsigned long long mask, T value, Op op) {",
    "  unsigned long long todo = __ballot(1);",
    "  T acc = value;",
    "  bool first = true;",
    "  while (todo) {",
    "    const int src = (int)__ffsll(todo) - 1;",
    "    const T v = __shfl(value, src);",
    "    if ((mask >> src) & 1ull) {",
    "      acc = first ? v : op(acc, v);",
    "      first = false;",
    "    }",
    "    todo &= todo - 1;",
    "  }",
    "  return acc;",
    "}",
    "#endif",
];

/// CUDA's host forms of the `__half` arithmetic and comparisons, functions
/// and operators, which HIP 5.2.3's `amd_hip_fp16.h` declares `__device__`
/// alone (`__hadd`, `__hlt`, the friend `operator+` …; its `__half2` forms
/// are `__host__ __device__`), so host code adding two `__half` values does
/// not compile. Each is CUDA 13's host path (cuda_fp16.hpp: in float, the
/// result rounded to nearest; the bit casts `__half_as_ushort` … and
/// `__hisinf` (CUDA's `int`: -1, 1 or 0) on the raw bits; `!=` is the unordered `__hneu`, `__habs` keeps
/// CUDA's canonical NaN), a `__host__` overload beside HIP's `__device__`
/// one: clang's HIP overloads on the two targets.
const HOST_HALF: Function = Function {
    name: b"hipify_rs_host_half",
    lines: &[&[
        "#ifndef HIPIFY_RS_HOST_HALF",
        "#define HIPIFY_RS_HOST_HALF",
        "#if defined(__HIP__)",
        "// hipify-rs: HIP 5.2's __half arithmetic and comparisons are device code alone; CUDA's host forms (cuda_fp16.hpp: in float, the result rounded to nearest)",
        "static inline __host__ __half __hadd(const __half a, const __half b) { return __float2half(__half2float(a) + __half2float(b)); }",
        "static inline __host__ __half __hsub(const __half a, const __half b) { return __float2half(__half2float(a) - __half2float(b)); }",
        "static inline __host__ __half __hmul(const __half a, const __half b) { return __float2half(__half2float(a) * __half2float(b)); }",
        "static inline __host__ __half __hdiv(const __half a, const __half b) { return __float2half(__half2float(a) / __half2float(b)); }",
        "static inline __host__ __half __hneg(const __half a) { return __float2half(-__half2float(a)); }",
        "static inline __host__ __half __habs(const __half a) { __half_raw r = static_cast<__half_raw>(a); r.x &= 0x7FFFU; if (r.x > 0x7C00U) r.x = 0x7FFFU; return __half(r); }",
        "static inline __host__ bool __hisnan(const __half a) { return (static_cast<__half_raw>(a).x & 0x7FFFU) > 0x7C00U; }",
        "static inline __host__ int __hisinf(const __half a) { const unsigned short x = static_cast<__half_raw>(a).x; return x == 0xFC00U ? -1 : x == 0x7C00U ? 1 : 0; }",
        "static inline __host__ short __half_as_short(const __half h) { return static_cast<short>(static_cast<__half_raw>(h).x); }",
        "static inline __host__ unsigned short __half_as_ushort(const __half h) { return static_cast<__half_raw>(h).x; }",
        "static inline __host__ __half __short_as_half(const short i) { __half_raw r; r.x = static_cast<unsigned short>(i); return __half(r); }",
        "static inline __host__ __half __ushort_as_half(const unsigned short i) { __half_raw r; r.x = i; return __half(r); }",
        "static inline __host__ bool __heq(const __half a, const __half b) { return __half2float(a) == __half2float(b); }",
        "static inline __host__ bool __hne(const __half a, const __half b) { return __half2float(a) != __half2float(b) && !__hisnan(a) && !__hisnan(b); }",
        "static inline __host__ bool __hneu(const __half a, const __half b) { return __half2float(a) != __half2float(b); }",
        "static inline __host__ bool __hlt(const __half a, const __half b) { return __half2float(a) < __half2float(b); }",
        "static inline __host__ bool __hle(const __half a, const __half b) { return __half2float(a) <= __half2float(b); }",
        "static inline __host__ bool __hgt(const __half a, const __half b) { return __half2float(a) > __half2float(b); }",
        "static inline __host__ bool __hge(const __half a, const __half b) { return __half2float(a) >= __half2float(b); }",
        "static inline __host__ __half operator+(const __half &a, const __half &b) { return __hadd(a, b); }",
        "static inline __host__ __half operator-(const __half &a, const __half &b) { return __hsub(a, b); }",
        "static inline __host__ __half operator*(const __half &a, const __half &b) { return __hmul(a, b); }",
        "static inline __host__ __half operator/(const __half &a, const __half &b) { return __hdiv(a, b); }",
        "static inline __host__ __half &operator+=(__half &a, const __half &b) { a = __hadd(a, b); return a; }",
        "static inline __host__ __half &operator-=(__half &a, const __half &b) { a = __hsub(a, b); return a; }",
        "static inline __host__ __half &operator*=(__half &a, const __half &b) { a = __hmul(a, b); return a; }",
        "static inline __host__ __half &operator/=(__half &a, const __half &b) { a = __hdiv(a, b); return a; }",
        "static inline __host__ __half operator-(const __half &a) { return __hneg(a); }",
        "static inline __host__ bool operator==(const __half &a, const __half &b) { return __heq(a, b); }",
        "static inline __host__ bool operator!=(const __half &a, const __half &b) { return __hneu(a, b); }",
        "static inline __host__ bool operator<(const __half &a, const __half &b) { return __hlt(a, b); }",
        "static inline __host__ bool operator<=(const __half &a, const __half &b) { return __hle(a, b); }",
        "static inline __host__ bool operator>(const __half &a, const __half &b) { return __hgt(a, b); }",
        "static inline __host__ bool operator>=(const __half &a, const __half &b) { return __hge(a, b); }",
        "#endif",
        "#endif",
    ]],
    title: "define CUDA's host __half arithmetic and comparisons (HIP 5.2's are device code alone)",
    answers: &[],
};

/// A `cudaDeviceProp` field HIP's struct lacks before 6.0, read on a named
/// variable (`prop.asyncEngineCount`: `super::members`): the attribute of the
/// device the properties describe, found by the PCI location
/// `hipGetDeviceProperties` filled in (HIP 6.0's struct takes the field from
/// the same device).
const DEVICE_ATTRIBUTE: Function = Function {
    name: b"hipify_rs_device_attribute",
    lines: &[&[
        "#ifndef HIPIFY_RS_DEVICE_ATTRIBUTE",
        "#define HIPIFY_RS_DEVICE_ATTRIBUTE",
        "// hipify-rs: hipDeviceProp_t before HIP 6.0 lacks the field; the attribute of the device at the properties' PCI location (0 where the runtime reports none)",
        "static inline int hipify_rs_device_attribute(hipDeviceAttribute_t attribute, int pciDomainID, int pciBusID, int pciDeviceID) {",
        "  int count = 0;",
        "  if (hipGetDeviceCount(&count) != hipSuccess) return 0;",
        "  for (int device = 0; device < count; ++device) {",
        "    int domain = pciDomainID, bus = -1, slot = -1, value = 0;",
        "    (void)hipDeviceGetAttribute(&domain, hipDeviceAttributePciDomainID, device);",
        "    if (hipDeviceGetAttribute(&bus, hipDeviceAttributePciBusId, device) != hipSuccess) continue;",
        "    if (hipDeviceGetAttribute(&slot, hipDeviceAttributePciDeviceId, device) != hipSuccess) continue;",
        "    if (domain != pciDomainID || bus != pciBusID || slot != pciDeviceID) continue;",
        "    return hipDeviceGetAttribute(&value, attribute, device) == hipSuccess ? value : 0;",
        "  }",
        "  return 0;",
        "}",
        "#endif",
    ]],
    title: "read the field through hipDeviceGetAttribute before HIP 6.0 (the device at the properties' PCI location)",
    answers: &[],
};

/// CUDA 12's `cudaGraphExecUpdateResultInfo` and its three-argument
/// `cudaGraphExecUpdate`, over HIP's four-argument `hipGraphExecUpdate`
/// (the CUDA 11 form, which HIP keeps through 7.x): the result and the
/// error node as HIP reports them; `errorFromNode` (CUDA sets it only for
/// an edge whose source changed) is null, as HIP reports no edge.
const GRAPH_EXEC_UPDATE: &[&str] = &[
    "#ifndef HIPIFY_RS_GRAPH_EXEC_UPDATE_RESULT_INFO",
    "#define HIPIFY_RS_GRAPH_EXEC_UPDATE_RESULT_INFO",
    "// hipify-rs: HIP has no cudaGraphExecUpdateResultInfo (CUDA 12); CUDA's fields, filled by HIP's four-argument hipGraphExecUpdate (errorFromNode: HIP reports no edge, so null)",
    "typedef struct hipify_rs_GraphExecUpdateResultInfo_st {",
    "  hipGraphExecUpdateResult result;",
    "  hipGraphNode_t errorNode;",
    "  hipGraphNode_t errorFromNode;",
    "} hipify_rs_GraphExecUpdateResultInfo;",
    "static inline hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph, hipify_rs_GraphExecUpdateResultInfo *resultInfo) {",
    "  if (!resultInfo) return hipGraphExecUpdate(hGraphExec, hGraph, nullptr, nullptr);",
    "  resultInfo->errorNode = nullptr;",
    "  resultInfo->errorFromNode = nullptr;",
    "  return hipGraphExecUpdate(hGraphExec, hGraph, &resultInfo->errorNode, &resultInfo->result);",
    "}",
    "#endif",
];

/// `cudaGraphUpload` below HIP 5.3: an executable graph uploads itself at
/// its first launch, so an upload ahead of it changes when that work is
/// done, never what a launch computes; what remains is CUDA's argument check.
const GRAPH_UPLOAD: &[&str] = &[
    "#ifndef HIPIFY_RS_GRAPH_UPLOAD",
    "#define HIPIFY_RS_GRAPH_UPLOAD",
    "// hipify-rs: HIP before 5.3 has no hipGraphUpload; a graph uploads at its first launch, so only the handle is checked",
    "static inline hipError_t hipify_rs_graph_upload(hipGraphExec_t graphExec, hipStream_t stream) {",
    "  (void)stream;",
    "  return graphExec ? hipSuccess : hipErrorInvalidValue;",
    "}",
    "#endif",
];

/// `cudaLaunchHostFunc` where libamdhip64 does not export
/// `hipLaunchHostFunc` (before 5.3): in a capture, the host node CUDA
/// records there, after the capture's current nodes, which it then
/// replaces; otherwise a stream callback that calls the function after the
/// stream's work (not after an error, as CUDA does not).
const LAUNCH_HOST_FUNC: &[&str] = &[
    "#ifndef HIPIFY_RS_LAUNCH_HOST_FUNC",
    "#define HIPIFY_RS_LAUNCH_HOST_FUNC",
    "// hipify-rs: libamdhip64 before 5.3 does not export hipLaunchHostFunc; in a capture, the host node CUDA records; else a stream callback that calls the function after the stream's work",
    "static inline hipError_t hipify_rs_launch_host_func(hipStream_t stream, hipHostFn_t fn, void *userData) {",
    "  hipStreamCaptureStatus capture = hipStreamCaptureStatusNone;",
    "  hipGraph_t graph = nullptr;",
    "  const hipGraphNode_t *dependencies = nullptr;",
    "  size_t count = 0;",
    "  if (stream && hipStreamGetCaptureInfo_v2(stream, &capture, nullptr, &graph, &dependencies, &count) != hipSuccess)",
    "    capture = hipStreamCaptureStatusNone;",
    "  if (capture == hipStreamCaptureStatusActive) {",
    "    hipHostNodeParams params = {fn, userData};",
    "    hipGraphNode_t node;",
    "    hipError_t status = hipGraphAddHostNode(&node, graph, dependencies, count, &params);",
    "    if (status != hipSuccess) return status;",
    "    return hipStreamUpdateCaptureDependencies(stream, &node, 1, hipStreamSetCaptureDependencies);",
    "  }",
    "  if (capture != hipStreamCaptureStatusNone) return hipErrorStreamCaptureInvalidated;",
    "  struct Call { hipHostFn_t fn; void *data; };",
    "  Call *call = new Call{fn, userData};",
    "  hipError_t status = hipStreamAddCallback(stream, [](hipStream_t, hipError_t result, void *p) {",
    "    Call *c = static_cast<Call *>(p);",
    "    if (result == hipSuccess) c->fn(c->data);",
    "    delete c;",
    "  }, call, 0);",
    "  if (status != hipSuccess) delete call;",
    "  return status;",
    "}",
    "#endif",
];
/// The `__dp4a`/`__dp2a_lo`/`__dp2a_hi` shims' sum (PTX `dp4a`, `dp2a`):
/// `c` plus the products of `a`'s lanes (four bytes, or two halfwords) with
/// `b`'s bytes from `first` on, each read signed or unsigned, wrapping at 32
/// bits; and the packing of CUDA's vector overloads (`x` lowest, as CUDA
/// reads the vector's bytes as one word).
const DOT: &[&str] = &[
    "#ifndef HIPIFY_RS_DOT_PRODUCT",
    "#define HIPIFY_RS_DOT_PRODUCT",
    "// hipify-rs: HIP has no __dp4a/__dp2a_lo/__dp2a_hi; CUDA's (PTX dp4a, dp2a): c plus the products of a's bytes (or halfwords) and b's bytes, signed or unsigned as the arguments are, wrapping at 32 bits",
    "__device__ inline unsigned int hipify_rs_dot(unsigned int a, unsigned int b, unsigned int c, bool sign, int lanes, int first) {",
    "  const int width = 32 / lanes;",
    "  unsigned int r = c;",
    "  for (int i = 0; i < lanes; ++i) {",
    "    unsigned int x = (a >> (i * width)) & (width == 8 ? 0xffu : 0xffffu), y = (b >> ((first + i) * 8)) & 0xffu;",
    "    int sx = !sign ? (int)x : width == 8 ? (int)(signed char)x : (int)(short)x;",
    "    int sy = sign ? (int)(signed char)y : (int)y;",
    "    r += (unsigned int)(sx * sy);",
    "  }",
    "  return r;",
    "}",
    "__device__ inline unsigned int hipify_rs_word(char4 v) { return (unsigned char)v.x | (unsigned int)(unsigned char)v.y << 8 | (unsigned int)(unsigned char)v.z << 16 | (unsigned int)(unsigned char)v.w << 24; }",
    "__device__ inline unsigned int hipify_rs_word(uchar4 v) { return v.x | (unsigned int)v.y << 8 | (unsigned int)v.z << 16 | (unsigned int)v.w << 24; }",
    "__device__ inline unsigned int hipify_rs_word(short2 v) { return (unsigned short)v.x | (unsigned int)(unsigned short)v.y << 16; }",
    "__device__ inline unsigned int hipify_rs_word(ushort2 v) { return v.x | (unsigned int)v.y << 16; }",
    "#endif",
];

/// One of CUDA's dot-product intrinsics over [`DOT`]: its four overloads
/// (`int`, `unsigned int`, and the vector pairs CUDA declares) as
/// `hipify_rs_NAME`, `lanes` and `first` as [`DOT`] reads them.
macro_rules! dot_product {
    ($short:literal, $lanes:literal, $first:literal, $a:literal, $ua:literal, $what:literal) => {
        Function {
            name: concat!("__", $short).as_bytes(),
            lines: &[
                &[concat!("#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__", $short, ")")],
                DOT,
                &[
                    concat!("#define __", $short, "(...) hipify_rs_", $short, "(__VA_ARGS__)"),
                    concat!("__device__ inline int hipify_rs_", $short, "(int a, int b, int c) { return (int)hipify_rs_dot(a, b, c, true, ", $lanes, ", ", $first, "); }"),
                    concat!("__device__ inline unsigned int hipify_rs_", $short, "(unsigned int a, unsigned int b, unsigned int c) { return hipify_rs_dot(a, b, c, false, ", $lanes, ", ", $first, "); }"),
                    concat!("__device__ inline int hipify_rs_", $short, "(", $a, " a, char4 b, int c) { return (int)hipify_rs_dot(hipify_rs_word(a), hipify_rs_word(b), c, true, ", $lanes, ", ", $first, "); }"),
                    concat!("__device__ inline unsigned int hipify_rs_", $short, "(", $ua, " a, uchar4 b, unsigned int c) { return hipify_rs_dot(hipify_rs_word(a), hipify_rs_word(b), c, false, ", $lanes, ", ", $first, "); }"),
                    "#endif",
                ],
            ],
            title: concat!("define __", $short, " for AMD GPUs (CUDA's ", $what, ", lane by lane)"),
            answers: &[],
        }
    };
}

/// One of CUDA's integer `min`/`max` helpers (`crt/math_functions.hpp`:
/// `static inline __host__ __device__`, `if (a < b) return a; return b;` or
/// its mirror), under its own name: HIP has none at any version.
macro_rules! integer_bound {
    ($name:literal, $type:literal, $op:literal, $what:literal) => {
        Function {
            name: $name.as_bytes(),
            lines: &[&[
                concat!(
                    "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(",
                    $name,
                    ")"
                ),
                concat!(
                    "// hipify-rs: HIP has no ",
                    $name,
                    "; CUDA's helper (crt/math_functions.hpp), the ",
                    $what,
                    " of two ",
                    $type,
                    " values"
                ),
                concat!(
                    "#define ",
                    $name,
                    "(...) hipify_rs_",
                    $name,
                    "(__VA_ARGS__)"
                ),
                concat!(
                    "__host__ __device__ inline ",
                    $type,
                    " hipify_rs_",
                    $name,
                    "(const ",
                    $type,
                    " a, const ",
                    $type,
                    " b) { if (a ",
                    $op,
                    " b) return a; return b; }"
                ),
                "#endif",
            ]],
            title: concat!(
                "define ",
                $name,
                " for AMD GPUs (CUDA's ",
                $what,
                " of two ",
                $type,
                " values)"
            ),
            answers: &[],
        }
    };
}

/// CUDA's `__hmax`/`__hmin` on `__half` (`cuda_fp16.hpp`'s own form), for
/// the shims of `__hmax`, `__hmin` (below HIP 5.5) and their `__half2`
/// forms (below HIP 5.7, lane by lane as CUDA's), over HIP 5.2's relations:
/// a NaN input gives the other, two NaNs the canonical NaN (0x7FFF), and
/// +0.0 is above -0.0. CUDA's are host code too (its host path, the same
/// rules); HIP 5.2.3's `__hge`/`__heq` are device code alone, so the host
/// overloads compare in float (`__half2float` is host code in HIP 5.2.3).
const HALF_BOUNDS: &[&str] = &[
    "#ifndef HIPIFY_RS_HALF_BOUNDS",
    "#define HIPIFY_RS_HALF_BOUNDS",
    "// hipify-rs: CUDA's __hmax/__hmin (cuda_fp16.hpp): a NaN input gives the other, two NaNs the canonical NaN, +0.0 above -0.0",
    "#include <hip/hip_fp16.h>",
    "__device__ inline __half hipify_rs_half_max(const __half a, const __half b) {",
    "  __half r = (__hge(a, b) || __hisnan(b)) ? a : b;",
    "  if (__hisnan(r)) r = __ushort_as_half((unsigned short)0x7FFFU);",
    "  else if (__heq(a, b)) r = (__half_as_ushort(a) > __half_as_ushort(b)) ? b : a;",
    "  return r;",
    "}",
    "__device__ inline __half hipify_rs_half_min(const __half a, const __half b) {",
    "  __half r = (__hle(a, b) || __hisnan(b)) ? a : b;",
    "  if (__hisnan(r)) r = __ushort_as_half((unsigned short)0x7FFFU);",
    "  else if (__heq(a, b)) r = (__half_as_ushort(a) > __half_as_ushort(b)) ? a : b;",
    "  return r;",
    "}",
    "// CUDA's host path too (HIP 5.2's __half relations are device code alone): the same rules, compared in float",
    "static inline __host__ __half hipify_rs_half_max(const __half a, const __half b) { const float x = __half2float(a), y = __half2float(b); __half_raw r = static_cast<__half_raw>((x >= y || y != y) ? a : b); if ((r.x & 0x7FFFU) > 0x7C00U) r.x = 0x7FFFU; else if (x == y) r = static_cast<__half_raw>((static_cast<__half_raw>(a).x > static_cast<__half_raw>(b).x) ? b : a); return __half(r); }",
    "static inline __host__ __half hipify_rs_half_min(const __half a, const __half b) { const float x = __half2float(a), y = __half2float(b); __half_raw r = static_cast<__half_raw>((x <= y || y != y) ? a : b); if ((r.x & 0x7FFFU) > 0x7C00U) r.x = 0x7FFFU; else if (x == y) r = static_cast<__half_raw>((static_cast<__half_raw>(a).x > static_cast<__half_raw>(b).x) ? a : b); return __half(r); }",
    "#if defined(_HIP_BFLOAT16_H_)",
    BF16_BOUNDS[0],
    BF16_BOUNDS[1],
    BF16_BOUNDS[2],
    BF16_BOUNDS[3],
    BF16_BOUNDS[4],
    BF16_BOUNDS[5],
    "#endif",
    "#endif",
];

/// CUDA's `__hmax`/`__hmin` on bf16 (`cuda_bf16.hpp`'s own form, the rules
/// of [`HALF_BOUNDS`]) on the `hip_bfloat16` class the type is before HIP
/// 5.7, as overloads of the `__half` shims' helpers: a `__hmax` on bf16
/// values below HIP 5.5 brings the `__half` shim, whose macro names them.
/// Under its own guard: the bf16 block (`shims/bf16_scalar.h`) writes the
/// same lines.
const BF16_BOUNDS: [&str; 6] = [
    "#ifndef HIPIFY_RS_BF16_BOUNDS",
    "#define HIPIFY_RS_BF16_BOUNDS",
    "// hipify-rs: CUDA's __hmax/__hmin on bf16 (cuda_bf16.hpp), which HIP before 5.7 lacks: the same rules on the hip_bfloat16 class",
    "__host__ __device__ inline hip_bfloat16 hipify_rs_half_max(const hip_bfloat16 a, const hip_bfloat16 b) { hip_bfloat16 r = (float(a) >= float(b) || float(b) != float(b)) ? a : b; if ((r.data & 0x7fffU) > 0x7f80U) r.data = 0x7fffU; else if (float(a) == float(b)) r = (a.data > b.data) ? b : a; return r; }",
    "__host__ __device__ inline hip_bfloat16 hipify_rs_half_min(const hip_bfloat16 a, const hip_bfloat16 b) { hip_bfloat16 r = (float(a) <= float(b) || float(b) != float(b)) ? a : b; if ((r.data & 0x7fffU) > 0x7f80U) r.data = 0x7fffU; else if (float(a) == float(b)) r = (a.data > b.data) ? a : b; return r; }",
    "#endif",
];

/// A shim of `__hmax`, `__hmin`, `__hmax2` or `__hmin2` over
/// [`HALF_BOUNDS`]: `$define`, the lines after the `#define` of the name.
/// The pair's forms are host code too, as CUDA's (`cuda_fp16.hpp:1718`,
/// `__CUDA_HOSTDEVICE_FP16_DECL__`): each lane through the host or the
/// device overload of the scalar helper, as the side compiling it picks
/// (HIP 5.2.3's `__low2half`, `__high2half` and `__halves2half2` are
/// host code too).
macro_rules! half_bound {
    ($name:literal, $hip:literal, $what:literal, $($define:literal),+) => {
        Function {
            name: $name.as_bytes(),
            lines: &[
                &[concat!("#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(", $name, ")")],
                HALF_BOUNDS,
                &[$($define),+, "#endif"],
            ],
            title: concat!("define ", $name, " for AMD GPUs before HIP ", $hip, " (CUDA's ", $what, ", its NaN and signed-zero rules)"),
            answers: &[],
        }
    };
}

/// CUDA's `atomicAdd` on `__half` (sm_70), `__half2` (sm_60), `float2` and
/// `float4` (sm_90) data, which HIP 5.2 declares for none: the overload
/// itself, under a guard. A half is added by `__hadd`/`__hadd2` (round to
/// nearest, as CUDA's `red.add.noftz.f16`) in a compare-and-swap loop on
/// the aligned 32-bit word that holds it (the other half kept as it was: a
/// `__half2` is updated whole, where CUDA makes each half atomic on its
/// own); CUDA makes each element of a `float2`/`float4` atomic on its own,
/// as HIP's `float` `atomicAdd` on each is. Each returns the old value. For
/// AMD GPUs only: HIP's NVIDIA path has CUDA's own.
/// CUDA's `float` overload of a math function whose HIP overloads are
/// `double` alone (`sincos(float, float*, float*)`: CUDA 13's
/// `crt/math_functions.hpp` defines it over `sincosf`; clang's
/// `__clang_hip_math.h` and `__clang_hip_cmath.h`, HIP 5.2.3's compiler,
/// define `sincos` and `sincospi` for `double` alone, so a call on `float`
/// variables does not compile). A template with no parameter to deduce: a
/// call on `double` arguments takes HIP's own, and a `float` overload a
/// later HIP may declare is taken before it (a function before a template),
/// with no redefinition.
macro_rules! float_overload {
    ($name:literal, $guard:literal, $float:literal) => {
        Function {
            name: concat!("hipify_rs_float_", $name).as_bytes(),
            lines: &[&[
                concat!("#ifndef HIPIFY_RS_FLOAT_", $guard),
                concat!("#define HIPIFY_RS_FLOAT_", $guard),
                "#if defined(__HIP__)",
                concat!(
                    "// hipify-rs: CUDA's float overload of ",
                    $name,
                    " (crt/math_functions.hpp), which HIP's headers lack"
                ),
                concat!(
                    "template <typename = void> static inline __host__ __device__ void ",
                    $name,
                    "(const float a, float *const sptr, float *const cptr) { ",
                    $float,
                    "(a, sptr, cptr); }"
                ),
                "#endif",
                "#endif",
            ]],
            title: concat!(
                "define CUDA's float overload of ",
                $name,
                " (HIP's is double alone)"
            ),
            answers: &[],
        }
    };
}

/// CUDA's host form of a math function HIP declares for device code alone
/// (`rsqrtf`: clang's `__clang_hip_math.h` and HIP 5.2.3's
/// `amd_math_functions.h` define it `__device__`), so that a `__host__
/// __device__` function calling it (helper_math.h's `normalize`) compiles
/// where host code calls it. A `__host__` overload beside the device one:
/// clang's HIP overloads on the two targets.
macro_rules! host_math {
    ($name:literal, $guard:literal, $definition:literal) => {
        Function {
            name: concat!("hipify_rs_host_", $name).as_bytes(),
            lines: &[&[
                concat!("#ifndef HIPIFY_RS_HOST_", $guard),
                concat!("#define HIPIFY_RS_HOST_", $guard),
                "#if defined(__HIP__)",
                concat!("// hipify-rs: HIP's ", $name, " is device code alone; CUDA's host form (crt/math_functions.hpp), for host and __host__ __device__ code"),
                $definition,
                "#endif",
                "#endif",
            ]],
            title: concat!("define CUDA's host ", $name, " (HIP's is device code alone)"),
            answers: &[],
        }
    };
}

macro_rules! atomic_overload {
    ($fun:literal, $key:literal, $ty:literal, $guard:literal, $cuda:literal, $($body:literal),+) => {
        Function {
            name: concat!("hipify_rs_", $fun, "_", $key).as_bytes(),
            lines: &[&[
                concat!("#ifndef HIPIFY_RS_", $guard),
                concat!("#define HIPIFY_RS_", $guard),
                "#if defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)",
                concat!("// hipify-rs: HIP 5.2 declares no ", $fun, " for ", $ty, " data; CUDA's overload (", $cuda, "), returning the old value"),
                $($body),+,
                "#endif",
                "#endif",
            ]],
            title: concat!("define CUDA's ", $fun, " overload for ", $ty, " data (HIP 5.2 declares none)"),
            answers: &[],
        }
    };
}

macro_rules! cache_hint {
    (load $name:literal, $short:literal, $hip:literal) => {
        Function {
            name: $name.as_bytes(),
            lines: &[&[
                concat!("#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(", $name, ")"),
                concat!("// hipify-rs: HIP ", $hip, "; CUDA's cache-hint load for every type as the load itself (HIP's own __ldcs on __half is one), the hint dropped"),
                concat!("#define ", $name, "(...) hipify_rs_", $short, "(__VA_ARGS__)"),
                concat!("template <typename T> __device__ inline T hipify_rs_", $short, "(const T *ptr) { return *ptr; }"),
                "#endif",
            ]],
            title: concat!("define ", $name, " for AMD GPUs (CUDA's cache-hint load as the load itself)"),
            answers: &[],
        }
    };
    (volatile $name:literal, $short:literal) => {
        Function {
            name: $name.as_bytes(),
            lines: &[&[
                concat!("#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(", $name, ")"),
                concat!("// hipify-rs: HIP has no ", $name, "; CUDA's load that fetches again (ld.global.cv) as a volatile load of the value's words, each as wide as CUDA's load"),
                concat!("#define ", $name, "(...) hipify_rs_", $short, "(__VA_ARGS__)"),
                concat!("template <typename W, typename T> __device__ inline T hipify_rs_", $short, "_words(const T *ptr) {"),
                "  W words[sizeof(T) / sizeof(W)];",
                "  for (unsigned k = 0; k < sizeof(T) / sizeof(W); ++k) words[k] = ((const volatile W *)ptr)[k];",
                "  T value;",
                "  __builtin_memcpy(&value, words, sizeof(T));",
                "  return value;",
                "}",
                concat!("template <typename T> __device__ inline T hipify_rs_", $short, "(const T *ptr) {"),
                "  typedef unsigned int hipify_rs_u32x4 __attribute__((ext_vector_type(4)));",
                concat!("  if (sizeof(T) % 16 == 0 && alignof(T) >= 16) return hipify_rs_", $short, "_words<hipify_rs_u32x4>(ptr);"),
                concat!("  if (sizeof(T) % 8 == 0 && alignof(T) >= 8) return hipify_rs_", $short, "_words<unsigned long long>(ptr);"),
                concat!("  if (sizeof(T) % 4 == 0 && alignof(T) >= 4) return hipify_rs_", $short, "_words<unsigned int>(ptr);"),
                concat!("  if (sizeof(T) % 2 == 0 && alignof(T) >= 2) return hipify_rs_", $short, "_words<unsigned short>(ptr);"),
                concat!("  return hipify_rs_", $short, "_words<unsigned char>(ptr);"),
                "}",
                "#endif",
            ]],
            title: concat!("define ", $name, " for AMD GPUs (CUDA's load that fetches again as a volatile load)"),
            answers: &[],
        }
    };
    (store $name:literal, $short:literal) => {
        Function {
            name: $name.as_bytes(),
            lines: &[&[
                concat!("#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(", $name, ")"),
                concat!("// hipify-rs: HIP has no ", $name, "; CUDA's cache-hint store as the store itself, the hint dropped"),
                concat!("#define ", $name, "(...) hipify_rs_", $short, "(__VA_ARGS__)"),
                concat!("template <typename T, typename V> __device__ inline void hipify_rs_", $short, "(T *ptr, V value) { *ptr = value; }"),
                "#endif",
            ]],
            title: concat!("define ", $name, " for AMD GPUs (CUDA's cache-hint store as the store itself)"),
            answers: &[],
        }
    };
}

const FUNCTIONS: [Function; 62] = [
    DEVICE_ATTRIBUTE,
    HOST_HALF,
    Function {
        name: b"cudaGridDependencySynchronize",
        lines: &[&[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(cudaGridDependencySynchronize)",
            "// hipify-rs: HIP has no programmatic dependent launch; a kernel starts once the one before it in its stream has completed and its writes are visible, so there is nothing to wait for",
            "#define cudaGridDependencySynchronize hipify_rs_grid_dependency_synchronize",
            "__device__ inline void hipify_rs_grid_dependency_synchronize() {}",
            "#endif",
        ]],
        title: "define cudaGridDependencySynchronize for AMD GPUs (no programmatic dependent launch: a kernel starts after the one before it)",
        answers: &[],
    },
    Function {
        name: b"cudaTriggerProgrammaticLaunchCompletion",
        lines: &[&[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(cudaTriggerProgrammaticLaunchCompletion)",
            "// hipify-rs: HIP has no programmatic dependent launch; the next kernel in the stream starts when this one completes, as CUDA's does when nothing triggers it",
            "#define cudaTriggerProgrammaticLaunchCompletion hipify_rs_trigger_programmatic_launch_completion",
            "__device__ inline void hipify_rs_trigger_programmatic_launch_completion() {}",
            "#endif",
        ]],
        title: "define cudaTriggerProgrammaticLaunchCompletion for AMD GPUs (no programmatic dependent launch: the next kernel starts when this one completes)",
        answers: &[],
    },
    Function {
        name: b"__syncwarp",
        lines: &[&[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__syncwarp)",
            "// hipify-rs: HIP has no __syncwarp; a wavefront runs in lockstep, so it only orders memory",
            "#define __syncwarp(...) (__builtin_amdgcn_fence(__ATOMIC_RELEASE, \"wavefront\"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, \"wavefront\"))",
            "#endif",
        ]],
        title: "define __syncwarp for AMD GPUs (a wavefront runs in lockstep: its memory ordering)",
        answers: &[],
    },
    Function {
        name: b"atomicInc_system",
        lines: &[&[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(atomicInc_system)",
            "// hipify-rs: HIP has no atomicInc_system; CUDA's ((old >= val) ? 0 : old + 1), stored by a system-scope compare-and-swap loop",
            "#define atomicInc_system(...) hipify_rs_atomicInc_system(__VA_ARGS__)",
            "__device__ inline unsigned int hipify_rs_atomicInc_system(unsigned int *address, unsigned int val) {",
            "  unsigned int old = *(volatile unsigned int *)address, assumed;",
            "  do {",
            "    assumed = old;",
            "    old = atomicCAS_system(address, assumed, (assumed >= val) ? 0u : assumed + 1u);",
            "  } while (old != assumed);",
            "  return old;",
            "}",
            "#endif",
        ]],
        title: "define atomicInc_system for AMD GPUs (a system-scope compare-and-swap loop)",
        answers: &[],
    },
    Function {
        name: b"atomicDec_system",
        lines: &[&[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(atomicDec_system)",
            "// hipify-rs: HIP has no atomicDec_system; CUDA's ((old == 0 || old > val) ? val : old - 1), stored by a system-scope compare-and-swap loop",
            "#define atomicDec_system(...) hipify_rs_atomicDec_system(__VA_ARGS__)",
            "__device__ inline unsigned int hipify_rs_atomicDec_system(unsigned int *address, unsigned int val) {",
            "  unsigned int old = *(volatile unsigned int *)address, assumed;",
            "  do {",
            "    assumed = old;",
            "    old = atomicCAS_system(address, assumed, (assumed == 0u || assumed > val) ? val : assumed - 1u);",
            "  } while (old != assumed);",
            "  return old;",
            "}",
            "#endif",
        ]],
        title: "define atomicDec_system for AMD GPUs (a system-scope compare-and-swap loop)",
        answers: &[],
    },
    Function {
        name: b"__match_any_sync",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__match_any_sync)",
            ],
            MATCH_BITS,
            &[
                "// hipify-rs: HIP before 6.2 has no __match_any_sync; the active lanes whose value has the same bits, one distinct value at a time, and'ed with the mask (64 lanes)",
                "#define __match_any_sync(...) hipify_rs_match_any_sync(__VA_ARGS__)",
                "template <typename T>",
                "__device__ inline unsigned long long hipify_rs_match_any_sync(unsigned long long mask, T value) {",
                "  const unsigned long long bits = hipify_rs_match_bits(value);",
                "  unsigned long long todo = __ballot(1), same = 0;",
                "  while (todo) {",
                "    const unsigned long long first = __shfl(bits, (int)__ffsll(todo) - 1);",
                "    const unsigned long long lanes = __ballot(bits == first);",
                "    if (bits == first) same = lanes;",
                "    todo &= ~lanes;",
                "  }",
                "  return same & mask;",
                "}",
                "#endif",
            ],
        ],
        title: "define __match_any_sync for AMD GPUs before HIP 6.2 (ballot and shuffle over the wavefront)",
        answers: &[],
    },
    Function {
        name: b"__match_all_sync",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__match_all_sync)",
            ],
            MATCH_BITS,
            &[
                "// hipify-rs: HIP before 6.2 has no __match_all_sync; the mask when its active lanes hold the same bits (64 lanes), else 0",
                "#define __match_all_sync(...) hipify_rs_match_all_sync(__VA_ARGS__)",
                "template <typename T>",
                "__device__ inline unsigned long long hipify_rs_match_all_sync(unsigned long long mask, T value, int *pred) {",
                "  const unsigned long long bits = hipify_rs_match_bits(value);",
                "  const unsigned long long lanes = __ballot(1) & mask;",
                "  const unsigned long long first = __shfl(bits, (int)__ffsll(lanes) - 1);",
                "  const bool all = (__ballot(bits == first) & lanes) == lanes;",
                "  *pred = all;",
                "  return all ? mask : 0ull;",
                "}",
                "#endif",
            ],
        ],
        title: "define __match_all_sync for AMD GPUs before HIP 6.2 (ballot and shuffle over the wavefront)",
        answers: &[],
    },
    Function {
        name: b"cudaOccupancyMaxPotentialBlockSizeVariableSMem",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(cudaOccupancyMaxPotentialBlockSizeVariableSMem)",
            ],
            OCCUPANCY,
            &[
                "#define cudaOccupancyMaxPotentialBlockSizeVariableSMem(...) hipify_rs_occupancy_variable_smem(__VA_ARGS__)",
                "#endif",
            ],
        ],
        title: "define cudaOccupancyMaxPotentialBlockSizeVariableSMem before HIP 5.5 (CUDA's host template over HIP's calls)",
        answers: &[],
    },
    Function {
        name: b"cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags)",
            ],
            OCCUPANCY,
            &[
                "#define cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(...) hipify_rs_occupancy_variable_smem(__VA_ARGS__)",
                "#endif",
            ],
        ],
        title: "define cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags before HIP 5.5 (CUDA's host template over HIP's calls)",
        answers: &[],
    },
    Function {
        name: b"__reduce_add_sync",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__reduce_add_sync)",
            ],
            REDUCE,
            &[
                "#define __reduce_add_sync(...) hipify_rs_reduce_add_sync(__VA_ARGS__)",
                "template <typename T>",
                "__device__ inline auto hipify_rs_reduce_add_sync(unsigned long long mask, T value) {",
                "  return hipify_rs_reduce_sync(mask, +value, [](decltype(+value) a, decltype(+value) b) { return (decltype(+value))((unsigned int)a + (unsigned int)b); });",
                "}",
                "#endif",
            ],
        ],
        title: "define __reduce_add_sync for AMD GPUs (the sum over the mask's lanes, one active lane at a time)",
        answers: &[],
    },
    Function {
        name: b"__reduce_min_sync",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__reduce_min_sync)",
            ],
            REDUCE,
            &[
                "#define __reduce_min_sync(...) hipify_rs_reduce_min_sync(__VA_ARGS__)",
                "template <typename T>",
                "__device__ inline auto hipify_rs_reduce_min_sync(unsigned long long mask, T value) {",
                "  return hipify_rs_reduce_sync(mask, +value, [](decltype(+value) a, decltype(+value) b) { return b < a ? b : a; });",
                "}",
                "#endif",
            ],
        ],
        title: "define __reduce_min_sync for AMD GPUs (the minimum over the mask's lanes, one active lane at a time)",
        answers: &[],
    },
    Function {
        name: b"__reduce_max_sync",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__reduce_max_sync)",
            ],
            REDUCE,
            &[
                "#define __reduce_max_sync(...) hipify_rs_reduce_max_sync(__VA_ARGS__)",
                "template <typename T>",
                "__device__ inline auto hipify_rs_reduce_max_sync(unsigned long long mask, T value) {",
                "  return hipify_rs_reduce_sync(mask, +value, [](decltype(+value) a, decltype(+value) b) { return a < b ? b : a; });",
                "}",
                "#endif",
            ],
        ],
        title: "define __reduce_max_sync for AMD GPUs (the maximum over the mask's lanes, one active lane at a time)",
        answers: &[],
    },
    Function {
        name: b"__reduce_and_sync",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__reduce_and_sync)",
            ],
            REDUCE,
            &[
                "#define __reduce_and_sync(...) hipify_rs_reduce_and_sync(__VA_ARGS__)",
                "template <typename T>",
                "__device__ inline auto hipify_rs_reduce_and_sync(unsigned long long mask, T value) {",
                "  return hipify_rs_reduce_sync(mask, (unsigned int)(value), [](unsigned int a, unsigned int b) { return a & b; });",
                "}",
                "#endif",
            ],
        ],
        title: "define __reduce_and_sync for AMD GPUs (the bitwise and over the mask's lanes, one active lane at a time)",
        answers: &[],
    },
    Function {
        name: b"__reduce_or_sync",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__reduce_or_sync)",
            ],
            REDUCE,
            &[
                "#define __reduce_or_sync(...) hipify_rs_reduce_or_sync(__VA_ARGS__)",
                "template <typename T>",
                "__device__ inline auto hipify_rs_reduce_or_sync(unsigned long long mask, T value) {",
                "  return hipify_rs_reduce_sync(mask, (unsigned int)(value), [](unsigned int a, unsigned int b) { return a | b; });",
                "}",
                "#endif",
            ],
        ],
        title: "define __reduce_or_sync for AMD GPUs (the bitwise or over the mask's lanes, one active lane at a time)",
        answers: &[],
    },
    Function {
        name: b"__reduce_xor_sync",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__reduce_xor_sync)",
            ],
            REDUCE,
            &[
                "#define __reduce_xor_sync(...) hipify_rs_reduce_xor_sync(__VA_ARGS__)",
                "template <typename T>",
                "__device__ inline auto hipify_rs_reduce_xor_sync(unsigned long long mask, T value) {",
                "  return hipify_rs_reduce_sync(mask, (unsigned int)(value), [](unsigned int a, unsigned int b) { return a ^ b; });",
                "}",
                "#endif",
            ],
        ],
        title: "define __reduce_xor_sync for AMD GPUs (the bitwise xor over the mask's lanes, one active lane at a time)",
        answers: &[],
    },
    Function {
        name: b"cusparseGetErrorString",
        lines: &[&[
            "#if !defined(cusparseGetErrorString)",
            "// hipify-rs: hipSPARSE before HIP 6.0 has no hipsparseGetErrorString; the description of each status HIP 5.2's hipsparse.h declares",
            "#define cusparseGetErrorString(...) hipify_rs_hipsparseGetErrorString(__VA_ARGS__)",
            "inline const char *hipify_rs_hipsparseGetErrorString(hipsparseStatus_t status) {",
            "  switch (status) {",
            "  case HIPSPARSE_STATUS_SUCCESS: return \"Function succeeds\";",
            "  case HIPSPARSE_STATUS_NOT_INITIALIZED: return \"hipSPARSE was not initialized\";",
            "  case HIPSPARSE_STATUS_ALLOC_FAILED: return \"Resource allocation failed\";",
            "  case HIPSPARSE_STATUS_INVALID_VALUE: return \"Unsupported value was passed to the function\";",
            "  case HIPSPARSE_STATUS_ARCH_MISMATCH: return \"Device architecture not supported\";",
            "  case HIPSPARSE_STATUS_MAPPING_ERROR: return \"Access to GPU memory space failed\";",
            "  case HIPSPARSE_STATUS_EXECUTION_FAILED: return \"GPU program failed to execute\";",
            "  case HIPSPARSE_STATUS_INTERNAL_ERROR: return \"An internal hipSPARSE operation failed\";",
            "  case HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return \"Matrix type not supported\";",
            "  case HIPSPARSE_STATUS_ZERO_PIVOT: return \"Zero pivot was computed\";",
            "  case HIPSPARSE_STATUS_NOT_SUPPORTED: return \"Operation is not supported\";",
            "  case HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES: return \"Resources are insufficient\";",
            "  default: return \"unknown hipSPARSE status\";",
            "  }",
            "}",
            "#endif",
        ]],
        title: "define cusparseGetErrorString for hipSPARSE before HIP 6.0 (the description of each status in hipsparse.h)",
        answers: &[],
    },
    Function {
        name: b"cusparseGetErrorName",
        lines: &[&[
            "#if !defined(cusparseGetErrorName)",
            "// hipify-rs: hipSPARSE before HIP 6.0 has no hipsparseGetErrorName; the name of each status HIP 5.2's hipsparse.h declares",
            "#define cusparseGetErrorName(...) hipify_rs_hipsparseGetErrorName(__VA_ARGS__)",
            "inline const char *hipify_rs_hipsparseGetErrorName(hipsparseStatus_t status) {",
            "  switch (status) {",
            "  case HIPSPARSE_STATUS_SUCCESS: return \"HIPSPARSE_STATUS_SUCCESS\";",
            "  case HIPSPARSE_STATUS_NOT_INITIALIZED: return \"HIPSPARSE_STATUS_NOT_INITIALIZED\";",
            "  case HIPSPARSE_STATUS_ALLOC_FAILED: return \"HIPSPARSE_STATUS_ALLOC_FAILED\";",
            "  case HIPSPARSE_STATUS_INVALID_VALUE: return \"HIPSPARSE_STATUS_INVALID_VALUE\";",
            "  case HIPSPARSE_STATUS_ARCH_MISMATCH: return \"HIPSPARSE_STATUS_ARCH_MISMATCH\";",
            "  case HIPSPARSE_STATUS_MAPPING_ERROR: return \"HIPSPARSE_STATUS_MAPPING_ERROR\";",
            "  case HIPSPARSE_STATUS_EXECUTION_FAILED: return \"HIPSPARSE_STATUS_EXECUTION_FAILED\";",
            "  case HIPSPARSE_STATUS_INTERNAL_ERROR: return \"HIPSPARSE_STATUS_INTERNAL_ERROR\";",
            "  case HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return \"HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED\";",
            "  case HIPSPARSE_STATUS_ZERO_PIVOT: return \"HIPSPARSE_STATUS_ZERO_PIVOT\";",
            "  case HIPSPARSE_STATUS_NOT_SUPPORTED: return \"HIPSPARSE_STATUS_NOT_SUPPORTED\";",
            "  case HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES: return \"HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES\";",
            "  default: return \"unknown hipSPARSE status\";",
            "  }",
            "}",
            "#endif",
        ]],
        title: "define cusparseGetErrorName for hipSPARSE before HIP 6.0 (the name of each status in hipsparse.h)",
        answers: &[],
    },
    Function {
        name: b"cudaGraphExecUpdateResultInfo",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(cudaGraphExecUpdateResultInfo)",
            ],
            GRAPH_EXEC_UPDATE,
            &[
                "#define cudaGraphExecUpdateResultInfo hipify_rs_GraphExecUpdateResultInfo",
                "#endif",
            ],
        ],
        title: "define cudaGraphExecUpdateResultInfo and the three-argument hipGraphExecUpdate (CUDA 12's form over HIP's four arguments)",
        answers: &[b"cudaGraphExecUpdate"],
    },
    Function {
        name: b"cudaGraphExecUpdateResultInfo_st",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(cudaGraphExecUpdateResultInfo_st)",
            ],
            GRAPH_EXEC_UPDATE,
            &[
                "#define cudaGraphExecUpdateResultInfo_st hipify_rs_GraphExecUpdateResultInfo_st",
                "#endif",
            ],
        ],
        title: "define cudaGraphExecUpdateResultInfo_st and the three-argument hipGraphExecUpdate (CUDA 12's form over HIP's four arguments)",
        answers: &[b"cudaGraphExecUpdate"],
    },
    Function {
        name: b"cudaGraphUpload",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(cudaGraphUpload)",
            ],
            GRAPH_UPLOAD,
            &["#define cudaGraphUpload hipify_rs_graph_upload", "#endif"],
        ],
        title: "define cudaGraphUpload before HIP 5.3 (a graph uploads at its first launch: the handle is checked)",
        answers: &[],
    },
    Function {
        name: b"cuGraphUpload",
        lines: &[
            &["#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(cuGraphUpload)"],
            GRAPH_UPLOAD,
            &["#define cuGraphUpload hipify_rs_graph_upload", "#endif"],
        ],
        title: "define cuGraphUpload before HIP 5.3 (a graph uploads at its first launch: the handle is checked)",
        answers: &[],
    },
    Function {
        name: b"cudaLaunchHostFunc",
        lines: &[
            &[
                "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(cudaLaunchHostFunc)",
            ],
            LAUNCH_HOST_FUNC,
            &[
                "#define cudaLaunchHostFunc hipify_rs_launch_host_func",
                "#endif",
            ],
        ],
        title: "define cudaLaunchHostFunc before HIP 5.3 (a host node in a capture, a stream callback otherwise)",
        answers: &[],
    },
    Function {
        name: b"cuFuncSetCacheConfig",
        lines: &[&[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(cuFuncSetCacheConfig)",
            "// hipify-rs: HIP has no cache preference for a module's hipFunction_t; AMD GPUs have no L1/shared split to set, and HIP's hipFuncSetCacheConfig accepts the preference and ignores the function",
            "#define cuFuncSetCacheConfig(...) hipify_rs_func_set_cache_config(__VA_ARGS__)",
            "static inline hipError_t hipify_rs_func_set_cache_config(hipFunction_t f, hipFuncCache_t config) {",
            "  return hipFuncSetCacheConfig(reinterpret_cast<const void *>(f), config);",
            "}",
            "#endif",
        ]],
        title: "define cuFuncSetCacheConfig for AMD GPUs (HIP's hipFuncSetCacheConfig: the preference is accepted and ignored)",
        answers: &[],
    },
    dot_product!("dp4a", 4, 0, "char4", "uchar4", "four-way byte dot product"),
    dot_product!(
        "dp2a_lo",
        2,
        0,
        "short2",
        "ushort2",
        "two-way dot product with b's low bytes"
    ),
    dot_product!(
        "dp2a_hi",
        2,
        2,
        "short2",
        "ushort2",
        "two-way dot product with b's high bytes"
    ),
    host_math!(
        "rsqrtf",
        "RSQRTF",
        "static inline __host__ float rsqrtf(const float a) { return static_cast<float>(1.0 / __builtin_sqrt(static_cast<double>(a))); }"
    ),
    host_math!(
        "rsqrt",
        "RSQRT",
        "static inline __host__ double rsqrt(const double a) { return 1.0 / __builtin_sqrt(a); }"
    ),
    float_overload!("sincos", "SINCOS", "sincosf"),
    float_overload!("sincospi", "SINCOSPI", "sincospif"),
    integer_bound!("umin", "unsigned int", "<", "minimum"),
    integer_bound!("umax", "unsigned int", ">", "maximum"),
    integer_bound!("llmin", "long long int", "<", "minimum"),
    integer_bound!("llmax", "long long int", ">", "maximum"),
    integer_bound!("ullmin", "unsigned long long int", "<", "minimum"),
    integer_bound!("ullmax", "unsigned long long int", ">", "maximum"),
    half_bound!(
        "__hmax",
        "5.5",
        "larger of two __half values",
        "#define __hmax(...) hipify_rs_half_max(__VA_ARGS__)"
    ),
    half_bound!(
        "__hmin",
        "5.5",
        "smaller of two __half values",
        "#define __hmin(...) hipify_rs_half_min(__VA_ARGS__)"
    ),
    half_bound!(
        "__hmax2",
        "5.7",
        "larger __half of each lane",
        "#define __hmax2(...) hipify_rs_hmax2(__VA_ARGS__)",
        "__host__ __device__ inline __half2 hipify_rs_hmax2(const __half2 a, const __half2 b) { return __halves2half2(hipify_rs_half_max(__low2half(a), __low2half(b)), hipify_rs_half_max(__high2half(a), __high2half(b))); }"
    ),
    half_bound!(
        "__hmin2",
        "5.7",
        "smaller __half of each lane",
        "#define __hmin2(...) hipify_rs_hmin2(__VA_ARGS__)",
        "__host__ __device__ inline __half2 hipify_rs_hmin2(const __half2 a, const __half2 b) { return __halves2half2(hipify_rs_half_min(__low2half(a), __low2half(b)), hipify_rs_half_min(__high2half(a), __high2half(b))); }"
    ),
    atomic_overload!(
        "atomicAdd",
        "__half",
        "__half",
        "ATOMIC_ADD_HALF",
        "the sum by __hadd, stored by a compare-and-swap loop on the 32-bit word that holds the half",
        "__device__ inline __half atomicAdd(__half *address, __half val) {",
        "  unsigned int *word = (unsigned int *)((size_t)address & ~(size_t)3);",
        "  const unsigned int shift = ((size_t)address & 2) ? 16u : 0u;",
        "  unsigned int old = *(volatile unsigned int *)word, assumed;",
        "  do {",
        "    assumed = old;",
        "    const __half sum = __hadd(__ushort_as_half((unsigned short)(assumed >> shift)), val);",
        "    old = atomicCAS(word, assumed, (assumed & ~(0xffffu << shift)) | ((unsigned int)__half_as_ushort(sum) << shift));",
        "  } while (old != assumed);",
        "  return __ushort_as_half((unsigned short)(old >> shift));",
        "}"
    ),
    atomic_overload!(
        "atomicAdd",
        "__half2",
        "__half2",
        "ATOMIC_ADD_HALF2",
        "each half's sum by __hadd2, stored by a compare-and-swap loop on the 32-bit word",
        "__device__ inline __half2 atomicAdd(__half2 *address, __half2 val) {",
        "  unsigned int *word = (unsigned int *)address;",
        "  unsigned int old = *(volatile unsigned int *)word, assumed;",
        "  do {",
        "    assumed = old;",
        "    __half2 current;",
        "    __builtin_memcpy(&current, &assumed, sizeof(current));",
        "    const __half2 sum = __hadd2(current, val);",
        "    unsigned int bits;",
        "    __builtin_memcpy(&bits, &sum, sizeof(bits));",
        "    old = atomicCAS(word, assumed, bits);",
        "  } while (old != assumed);",
        "  __half2 result;",
        "  __builtin_memcpy(&result, &old, sizeof(result));",
        "  return result;",
        "}"
    ),
    atomic_overload!(
        "atomicAdd",
        "float2",
        "float2",
        "ATOMIC_ADD_FLOAT2",
        "each element atomic on its own",
        "__device__ inline float2 atomicAdd(float2 *address, float2 val) {",
        "  return make_float2(atomicAdd(&address->x, val.x), atomicAdd(&address->y, val.y));",
        "}"
    ),
    atomic_overload!(
        "atomicAdd",
        "float4",
        "float4",
        "ATOMIC_ADD_FLOAT4",
        "each element atomic on its own",
        "__device__ inline float4 atomicAdd(float4 *address, float4 val) {",
        "  return make_float4(atomicAdd(&address->x, val.x), atomicAdd(&address->y, val.y), atomicAdd(&address->z, val.z), atomicAdd(&address->w, val.w));",
        "}"
    ),
    // CUDA 13 sm_32_atomic_functions.h:89/91; HIP 5.2.3's amd_hip_atomic.h
    // has them for the unsigned types alone, through the builtins used here.
    atomic_overload!(
        "atomicMin",
        "ll",
        "long long",
        "ATOMIC_MIN_LL",
        "sm_32_atomic_functions.h: the hardware's signed 64-bit minimum, as HIP's unsigned one",
        "__device__ inline long long atomicMin(long long *address, long long val) {",
        "  return __hip_atomic_fetch_min(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);",
        "}"
    ),
    atomic_overload!(
        "atomicMax",
        "ll",
        "long long",
        "ATOMIC_MAX_LL",
        "sm_32_atomic_functions.h: the hardware's signed 64-bit maximum, as HIP's unsigned one",
        "__device__ inline long long atomicMax(long long *address, long long val) {",
        "  return __hip_atomic_fetch_max(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);",
        "}"
    ),
    // CUDA 13 crt/sm_70_rt.h:118; the compiler makes the 16-bit exchange a
    // compare-and-swap loop on the 32-bit word that holds it.
    atomic_overload!(
        "atomicCAS",
        "ushort",
        "unsigned short",
        "ATOMIC_CAS_USHORT",
        "sm_70_rt.h: HIP's own compare-and-swap builtin on the 16-bit value",
        "__device__ inline unsigned short atomicCAS(unsigned short *address, unsigned short compare, unsigned short val) {",
        "  __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);",
        "  return compare;",
        "}"
    ),
    Function {
        name: b"hipify_rs_shfl_half",
        lines: &[&[
            "#ifndef HIPIFY_RS_SHFL_HALF",
            "#define HIPIFY_RS_SHFL_HALF",
            "#if defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)",
            "// hipify-rs: HIP 5.2 shuffles 32- and 64-bit scalars only; CUDA's __half and __half2 shuffles (cuda_fp16.hpp), the value's bits shuffled as one 32-bit word",
            "template <typename T, typename Shuffle>",
            "__device__ inline T hipify_rs_shfl_bits(T var, Shuffle shuffle) {",
            "  unsigned int bits = 0;",
            "  __builtin_memcpy(&bits, &var, sizeof(T));",
            "  bits = shuffle(bits);",
            "  __builtin_memcpy(&var, &bits, sizeof(T));",
            "  return var;",
            "}",
            "__device__ inline __half __shfl(__half var, int src_lane, int width = warpSize) { return hipify_rs_shfl_bits(var, [=](unsigned int b) { return __shfl(b, src_lane, width); }); }",
            "__device__ inline __half2 __shfl(__half2 var, int src_lane, int width = warpSize) { return hipify_rs_shfl_bits(var, [=](unsigned int b) { return __shfl(b, src_lane, width); }); }",
            "__device__ inline __half __shfl_up(__half var, unsigned int lane_delta, int width = warpSize) { return hipify_rs_shfl_bits(var, [=](unsigned int b) { return __shfl_up(b, lane_delta, width); }); }",
            "__device__ inline __half2 __shfl_up(__half2 var, unsigned int lane_delta, int width = warpSize) { return hipify_rs_shfl_bits(var, [=](unsigned int b) { return __shfl_up(b, lane_delta, width); }); }",
            "__device__ inline __half __shfl_down(__half var, unsigned int lane_delta, int width = warpSize) { return hipify_rs_shfl_bits(var, [=](unsigned int b) { return __shfl_down(b, lane_delta, width); }); }",
            "__device__ inline __half2 __shfl_down(__half2 var, unsigned int lane_delta, int width = warpSize) { return hipify_rs_shfl_bits(var, [=](unsigned int b) { return __shfl_down(b, lane_delta, width); }); }",
            "__device__ inline __half __shfl_xor(__half var, int lane_mask, int width = warpSize) { return hipify_rs_shfl_bits(var, [=](unsigned int b) { return __shfl_xor(b, lane_mask, width); }); }",
            "__device__ inline __half2 __shfl_xor(__half2 var, int lane_mask, int width = warpSize) { return hipify_rs_shfl_bits(var, [=](unsigned int b) { return __shfl_xor(b, lane_mask, width); }); }",
            "#endif",
            "#endif",
        ]],
        title: "define CUDA's __half and __half2 shuffles (HIP 5.2 shuffles 32- and 64-bit scalars only)",
        answers: &[],
    },
    Function {
        name: b"curandSetGeneratorOrdering",
        lines: &[&[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(curandSetGeneratorOrdering)",
            "// hipify-rs: hipRAND before 6.2 has no orderings (hiprand.h): a generator keeps the one it was created with, cuRAND's default for its kind, so setting the default is nothing to do; another ordering is refused",
            "#define curandSetGeneratorOrdering(...) hipify_rs_set_generator_ordering(__VA_ARGS__)",
            "static inline hiprandStatus_t hipify_rs_set_generator_ordering(hiprandGenerator_t generator, int order) {",
            "  if (!generator) return HIPRAND_STATUS_NOT_INITIALIZED;",
            "  return (order == 101 || order == 201) ? HIPRAND_STATUS_SUCCESS : HIPRAND_STATUS_OUT_OF_RANGE;",
            "}",
            "#endif",
        ]],
        title: "define curandSetGeneratorOrdering before HIP 6.2 for the default orderings (a generator's own)",
        answers: &[],
    },
    Function {
        name: b"CURAND_ORDERING_PSEUDO_DEFAULT",
        lines: &[&[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(CURAND_ORDERING_PSEUDO_DEFAULT)",
            "// hipify-rs: hipRAND before 6.2 has no orderings; cuRAND's value (curand.h), which the definition of curandSetGeneratorOrdering accepts",
            "#define CURAND_ORDERING_PSEUDO_DEFAULT 101",
            "#endif",
        ]],
        title: "define CURAND_ORDERING_PSEUDO_DEFAULT before HIP 6.2 (a pseudorandom generator's own ordering)",
        answers: &[],
    },
    Function {
        name: b"CURAND_ORDERING_QUASI_DEFAULT",
        lines: &[&[
            "#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(CURAND_ORDERING_QUASI_DEFAULT)",
            "// hipify-rs: hipRAND before 6.2 has no orderings; cuRAND's value (curand.h), which the definition of curandSetGeneratorOrdering accepts",
            "#define CURAND_ORDERING_QUASI_DEFAULT 201",
            "#endif",
        ]],
        title: "define CURAND_ORDERING_QUASI_DEFAULT before HIP 6.2 (a quasirandom generator's own ordering)",
        answers: &[],
    },
    cache_hint!(load "__ldca", "ldca", "declares __ldca for __half and __half2 alone"),
    cache_hint!(load "__ldcg", "ldcg", "declares __ldcg for __half and __half2 alone"),
    cache_hint!(load "__ldcs", "ldcs", "declares __ldcs for __half and __half2 alone"),
    cache_hint!(load "__ldlu", "ldlu", "has no __ldlu"),
    // CUDA 13 sm_32_intrinsics.h: __ldcv, `ld.global.cv` ("fetch again");
    // a volatile access is a load the compiler keeps, glc on AMD GPUs.
    cache_hint!(volatile "__ldcv", "ldcv"),
    cache_hint!(store "__stwb", "stwb"),
    cache_hint!(store "__stcg", "stcg"),
    cache_hint!(store "__stcs", "stcs"),
    cache_hint!(store "__stwt", "stwt"),
];

/// CUDA's SIMD intrinsics: the blocks of `shims/simd.h`, each from its `#if`
/// line (which names the function: `!defined(__vadd4)`) to its `#endif`.
static SIMD: LazyLock<Vec<Function>> = LazyLock::new(|| {
    let mut blocks = Vec::new();
    let mut lines = include_str!("shims/simd.h").lines();
    while let Some(first) = lines.by_ref().find(|l| l.starts_with("#if ")) {
        let name = (first
            .rsplit_once("!defined(")
            .and_then(|(_, n)| n.strip_suffix(')')))
        .expect("simd.h: a block's #if line ends in `!defined(NAME)`");
        let mut block = vec![first];
        block.extend(lines.by_ref().take_while(|l| *l != "#endif"));
        block.push("#endif");
        // Built once per process and kept for its life, as `FUNCTIONS` is.
        let title = format!("define {name} for AMD GPUs (CUDA's SIMD operation, a lane at a time)");
        blocks.push(Function {
            name: name.as_bytes(),
            lines: Box::leak(Box::new([&*Box::leak(block.into_boxed_slice())])),
            title: Box::leak(title.into_boxed_str()),
            answers: &[],
        });
    }
    blocks
});

/// The function `name` the translation can define (a shim).
fn find(name: &[u8]) -> Option<&'static Function> {
    let mut all = FUNCTIONS.iter();
    if name.starts_with(b"__v") && name.len() <= 12 {
        return all.chain(SIMD.iter()).find(|f| f.name == name);
    }
    if name.starts_with(b"cudaLaunch") {
        return all
            .chain(launch_ex::FUNCTIONS.iter())
            .find(|f| f.name == name);
    }
    if memchr::memmem::find(name, b"bfloat").is_some() {
        return all.chain(bf162::FUNCTIONS.iter()).find(|f| f.name == name);
    }
    if name == bf162::SCALAR.name {
        return Some(&bf162::SCALAR);
    }
    all.find(|f| f.name == name)
}

/// Whether `text` is a definition [`definition`] inserts: a shim's parts
/// in order, a helper part (under its own `#ifndef HIPIFY_RS_…`) possibly
/// left out as written before, each line ended by `nl`, and a blank line.
pub(crate) fn is_definition(text: &str, nl: &str) -> bool {
    let Some(body) = text.strip_suffix(nl).filter(|b| !b.is_empty()) else {
        return false;
    };
    // Every name of the extensible-launch block (and of the bf16 pair's) is
    // the whole block: one will do.
    let launch_ex = launch_ex::FUNCTIONS.iter().take(1);
    let bf162 = bf162::FUNCTIONS.iter().take(1);
    FUNCTIONS
        .iter()
        .chain(SIMD.iter())
        .chain(launch_ex)
        .chain(bf162)
        .chain(std::iter::once(&*bf162::SCALAR))
        .any(|f| {
            let mut rest = body;
            for part in f.lines {
                let mut after = Some(rest);
                for l in *part {
                    after = after
                        .and_then(|r| r.strip_prefix(l))
                        .and_then(|r| r.strip_prefix(nl));
                }
                match after {
                    Some(r) => rest = r,
                    None if part
                        .first()
                        .is_some_and(|l| l.starts_with("#ifndef HIPIFY_RS_")) => {}
                    None => return false,
                }
            }
            rest.is_empty()
        })
}

/// Every function the translation can define, the blocks' once per name.
fn every_function() -> impl Iterator<Item = &'static Function> {
    (FUNCTIONS.iter())
        .chain(SIMD.iter())
        .chain(launch_ex::FUNCTIONS.iter())
        .chain(bf162::FUNCTIONS.iter())
        .chain(std::iter::once(&*bf162::SCALAR))
}

/// The token ranges of the definitions [`definition`] inserted in the
/// text `cx` reads: each from a shim part's opening `#if` line, as written
/// there, to the `#endif` that closes it. Their parameters and locals
/// declare nothing the file's own code names (a lambda's `unsigned int a`
/// is no declaration of a later `max(a, b)`), so the look-ups for a name's
/// declaration skip them ([`Tokens::hide_declarations_in`]).
pub(crate) fn inserted_definitions(cx: &Tokens<'_>) -> Vec<std::ops::Range<u32>> {
    static OPENINGS: LazyLock<std::collections::HashSet<&'static [u8]>> = LazyLock::new(|| {
        every_function()
            .flat_map(|f| f.lines.iter().filter_map(|part| part.first()))
            .filter(|l| l.starts_with("#if"))
            .map(|l| l.as_bytes())
            .collect()
    });
    let mut blocks = Vec::new();
    let dirs = &cx.lx.directives;
    let mut d = 0;
    while d < dirs.len() {
        let line = &cx.src[dirs[d].line_start as usize..dirs[d].end as usize];
        if !dirs[d].name.starts_with("if") || !OPENINGS.contains(line) {
            d += 1;
            continue;
        }
        let mut depth = 0usize;
        let close = (d..dirs.len()).find(|&e| {
            match dirs[e].name.as_str() {
                "if" | "ifdef" | "ifndef" => depth += 1,
                "endif" => depth -= 1,
                _ => {}
            }
            depth == 0
        });
        let Some(close) = close else { break };
        blocks.push(dirs[d].first_token..dirs[close].end_token);
        d = close + 1;
    }
    blocks
}

/// Whether the translation can define the function `name` (a shim) at `target`.
pub(super) fn has_function(name: &[u8], target: &crate::mappings::Target) -> bool {
    find(name).is_some_and(|f| match f.title {
        launch_ex::TITLE => launch_ex::available(target),
        bf162::TITLE => bf162::available(target),
        _ => true,
    })
}

/// Whether the translation defines CUDA's bf16 pair where a file uses it
/// at `target` (with its shuffles and arithmetic: [`bf162`]).
pub(crate) fn bf16_pair_shim(target: &crate::mappings::Target) -> bool {
    has_function(b"__nv_bfloat162", target)
}

/// Whether defining `name` (a shim) makes the CUDA call `call` take the
/// form its table's `call_note` is about (`cudaGraphExecUpdate(exec, graph,
/// &info)` beside `cudaGraphExecUpdateResultInfo`).
pub(crate) fn answers(name: &[u8], call: &[u8]) -> bool {
    find(name).is_some_and(|f| f.answers.contains(&call))
}

/// Whether the shims `a` and `b` are one block (CUDA's launch config and
/// `cudaLaunchKernelEx`: [`launch_ex`]; the bf16 pair: [`bf162`]), `b`
/// perhaps a name no table maps.
pub(super) fn same_block(a: &[u8], b: &[u8]) -> bool {
    let block = |n| {
        find(n)
            .map(|f| f.title)
            .filter(|&t| t == launch_ex::TITLE || t == bf162::TITLE)
    };
    block(a).is_some_and(|t| block(b) == Some(t))
}

/// The insertion an earlier name's use of the same block makes in this
/// round (`definitions`: [`function`]'s verdicts by name), for `name`,
/// whose own verdict was that a helper written before it holds it.
pub(super) fn inserted_with(definitions: &[(&[u8], Definition)], name: &[u8]) -> Option<Edit> {
    definitions.iter().find_map(|(n, d)| match d {
        Definition::Insert(edit) if *n != name && same_block(n, name) => Some(edit.clone()),
        _ => None,
    })
}

pub(crate) use launch_ex::caveat as launch_attribute_caveat;

/// The title of the fix that defines the function `name`.
/// (Or of the host location's rewrite: `super::calls::host_location_exact`.)
pub(crate) fn function_title(name: &[u8]) -> &'static str {
    if name == b"cudaMemLocationTypeHost" {
        return super::calls::HOST_LOCATION_TITLE;
    }
    find(name).map_or("define it", |f| f.title)
}

/// The text standing for an `#include` of `path` where HIP lacks the header
/// at `target`, in parts (one line per line; the caller sets the line
/// endings, and writes a part once where two shims share it: CUDA's
/// cooperative-groups operators). The cooperative-groups shims only where
/// HIP's headers were checked to lack what they define (5.2.3; a later HIP
/// might declare `cooperative_groups::plus`).
pub(super) fn header(
    path: &str,
    target: &crate::mappings::Target,
) -> Option<&'static [&'static str]> {
    const CG_FUNCTORS: &str = include_str!("shims/cg_functors.h");
    match path {
        "cooperative_groups/reduce.h" if target.hip_version < Version::new(6, 0, 0) => {
            Some(&[CG_FUNCTORS, include_str!("shims/cg_reduce.h")])
        }
        "cooperative_groups/scan.h" if target.hip_version < Version::new(6, 0, 0) => {
            Some(&[CG_FUNCTORS, include_str!("shims/cg_scan.h")])
        }
        "cooperative_groups/memcpy_async.h" if target.hip_version < Version::new(6, 0, 0) => {
            Some(&[include_str!("shims/cg_memcpy_async.h")])
        }
        "math_constants.h" => Some(&[include_str!("shims/math_constants.h")]),
        _ => None,
    }
}

/// The CUDA headers [`header`] may write out in place.
pub fn headers() -> impl Iterator<Item = &'static str> {
    [
        "cooperative_groups/reduce.h",
        "cooperative_groups/scan.h",
        "cooperative_groups/memcpy_async.h",
        "math_constants.h",
    ]
    .into_iter()
}

/// The names a header shim defines (each `#define NAME`, its guard aside).
pub(super) fn defines(shim: &'static str) -> impl Iterator<Item = &'static [u8]> {
    shim.lines()
        .filter_map(|l| l.strip_prefix("#define "))
        .filter_map(|l| l.split([' ', '(']).next())
        .filter(|n| !n.starts_with("HIPIFY_RS_"))
        .map(str::as_bytes)
}

/// What to do about a use of a function [`FUNCTIONS`] defines.
pub(super) enum Definition {
    /// The file defines the name itself (or a translation did): nothing.
    Defined,
    /// Insert the macro with this edit.
    Insert(Edit),
    /// No line to put it on: leave the finding.
    Nowhere,
}

/// For the file's first use of a function of [`FUNCTIONS`], token `first`
/// (`__syncwarp`, `atomicInc_system`): whether the file
/// defines it, or where the macro goes: on its own lines before the
/// top-level declaration holding that use, outside every conditional (a
/// guard or `#if` there could hide it from later uses).
/// `helpers`: the helpers the file's other definitions write, and where
/// (their guard's name, the insertion point, the fix's title).
pub(super) fn function(
    cx: &Cx<'_>,
    first: usize,
    helpers: &mut Vec<(&'static str, usize, &'static str)>,
) -> Definition {
    definition(&cx.tokens, cx.opts, cx.text(first), first, helpers)
}

/// The definition of CUDA's atomic overload `fun` on the data `key` names
/// (`atomicAdd`: `__half`, `__half2`, `float2`, `float4`; `atomicMin`,
/// `atomicMax`: `ll`, long long; `atomicCAS`: `ushort`) that HIP 5.2 lacks,
/// for the call at token `first` (the rule that finds the call:
/// `rules::semantics`): the insertion and its title, `None` where it has no
/// line to go on.
pub(crate) fn atomic_overload(
    cx: &Tokens<'_>,
    opts: &Options,
    fun: &str,
    key: &str,
    first: usize,
) -> Option<(Edit, &'static str)> {
    let name = format!("hipify_rs_{fun}_{key}");
    let shim = find(name.as_bytes())?;
    match definition(cx, opts, name.as_bytes(), first, &mut Vec::new()) {
        Definition::Insert(edit) => Some((edit, shim.title)),
        Definition::Defined | Definition::Nowhere => None,
    }
}

/// CUDA's shuffles of `__half` and `__half2` values, which HIP 5.2 lacks,
/// for the call at token `first` (the rule that finds it:
/// `rules::semantics`): the insertion and its title, `None` where it has
/// no line to go on or the file has them.
pub(crate) fn half_shuffle_overloads(
    cx: &Tokens<'_>,
    opts: &Options,
    first: usize,
) -> Option<(Edit, &'static str)> {
    let name = b"hipify_rs_shfl_half";
    let shim = find(name)?;
    match definition(cx, opts, name, first, &mut Vec::new()) {
        Definition::Insert(edit) => Some((edit, shim.title)),
        Definition::Defined | Definition::Nowhere => None,
    }
}

/// CUDA's `__hadd`, `__hsub`, `__hmul`, `__hfma` and shuffles on bf16,
/// which HIP lacks before 5.7, for the calls whose first is token `first`
/// (the rule that finds them: `rules::semantics`): the insertion and its
/// title, `None` where it has no line to go on or the file has them.
pub(crate) fn bf16_scalar_overloads(
    cx: &Tokens<'_>,
    opts: &Options,
    first: usize,
) -> Option<(Edit, &'static str)> {
    if !bf162::available(&opts.target) {
        return None;
    }
    let name = bf162::SCALAR.name;
    match definition(cx, opts, name, first, &mut Vec::new()) {
        Definition::Insert(edit) => Some((edit, bf162::SCALAR.title)),
        Definition::Defined | Definition::Nowhere => None,
    }
}

/// CUDA's cache-hint load `name` (`__ldcs`, `__ldcg`, `__ldca`) for all
/// types, for the call at token `first` on a pointer HIP's `__half` and
/// `__half2` forms do not take (the rule that finds it: `rules::semantics`):
/// the insertion and its title, `None` where it has no line to go on.
pub(crate) fn cache_hint_load(
    cx: &Tokens<'_>,
    opts: &Options,
    name: &[u8],
    first: usize,
) -> Option<(Edit, &'static str)> {
    let shim = find(name)?;
    match definition(cx, opts, name, first, &mut Vec::new()) {
        Definition::Insert(edit) => Some((edit, shim.title)),
        Definition::Defined | Definition::Nowhere => None,
    }
}

/// The CUDA function a rule's fix titled `title` defines (`__ldcs`, from
/// [`cache_hint_load`]), for the run's test of the headers a file includes
/// (a project's own definition: `Stats::shimmed`).
pub(crate) fn defined_by_fix(title: &str) -> Option<&'static str> {
    let f = FUNCTIONS.iter().find(|f| f.title == title)?;
    std::str::from_utf8(f.name)
        .ok()
        .filter(|n| !n.starts_with("hipify_rs_"))
}

/// CUDA's host form of math function `name` (`rsqrtf`, `rsqrt`; `half`,
/// the `__half` arithmetic) for the host-compiled use at token `first`:
/// `None` where the file (or a header it includes) has it already, else the
/// insertion and its title, or `None` within where it has no line to go on.
pub(crate) fn host_math_overload(
    cx: &Tokens<'_>,
    opts: &Options,
    name: &[u8],
    first: usize,
) -> Option<Option<(Edit, &'static str)>> {
    let shim_name = [b"hipify_rs_host_".as_slice(), name].concat();
    let shim = find(&shim_name)?;
    match definition(cx, opts, &shim_name, first, &mut Vec::new()) {
        Definition::Insert(edit) => Some(Some((edit, shim.title))),
        Definition::Nowhere => Some(None),
        Definition::Defined => None,
    }
}

/// CUDA's `float` overload of math function `name` (`sincos`,
/// `sincospi`) for the call at token `first`: `None` where the file (or a
/// header it includes) has it already, else the insertion and its title,
/// or `None` within where it has no line to go on.
pub(crate) fn float_math_overload(
    cx: &Tokens<'_>,
    opts: &Options,
    name: &[u8],
    first: usize,
) -> Option<Option<(Edit, &'static str)>> {
    let shim_name = [b"hipify_rs_float_".as_slice(), name].concat();
    let shim = find(&shim_name)?;
    // At file scope, before the namespace that holds the call (pycuda's
    // complex.hpp calls `::sincos` in `namespace pycuda`): declared in a
    // namespace, the overload would hide HIP's `double` one from the calls
    // there and be missed by a call qualified with `::`.
    let mut outermost = first;
    while let Some(open) = cx.enclosing_open(outermost) {
        outermost = open;
    }
    match definition(cx, opts, &shim_name, outermost, &mut Vec::new()) {
        Definition::Insert(edit) => Some(Some((edit, shim.title))),
        Definition::Nowhere => Some(None),
        Definition::Defined => None,
    }
}

/// As [`function`], for the shim `name` that a rewrite of token `first`
/// calls (`hipify_rs_device_attribute`, for a field).
pub(super) fn definition(
    cx: &Tokens<'_>,
    opts: &Options,
    name: &[u8],
    first: usize,
    helpers: &mut Vec<(&'static str, usize, &'static str)>,
) -> Definition {
    let Some(shim) = find(name) else {
        return Definition::Nowhere;
    };
    // A block under its own guard (`#ifndef HIPIFY_RS_SHFL_HALF`, its last
    // part: the parts before it are helpers) is in the file once its guard
    // is defined, whichever calls brought it: a `_sync` shuffle it answers
    // but does not define by name among them.
    let guard = (shim.lines.last())
        .and_then(|part| part.first())
        .and_then(|l| l.strip_prefix("#ifndef "))
        .filter(|g| g.starts_with("HIPIFY_RS_"));
    let defines = cx.lx.directives.iter().any(|d| {
        let defined = d.first_token as usize + 1;
        d.name == "define"
            && defined < d.end_token as usize
            && (cx.text(defined) == name || guard.is_some_and(|g| cx.text(defined) == g.as_bytes()))
    });
    // The project's own: a `#define` here, or a declaration in a header the
    // file includes (a declaration in the file itself is the caller's test).
    if defines || (opts.own_functions.iter()).any(|f| f.as_bytes() == name) {
        return Definition::Defined;
    }
    // The top-level declaration (or directive) holding the use. Code walks
    // over the directives within it (`#pragma unroll` before a loop): they
    // do not end a declaration.
    let context = cx.tok(first).directive;
    let mut start = first;
    for p in (0..first).rev() {
        let t = cx.tok(p);
        if t.directive != context {
            if t.in_directive() && !cx.tok(first).in_directive() {
                continue;
            }
            break;
        }
        if matches!(cx.text(p), b";" | b"}") && cx.at_namespace_scope(p) {
            break;
        }
        start = p;
    }
    // Out of the namespaces and `extern "C"` blocks holding it (DeepSpeed's
    // `namespace conversion { … }` converting to bf16): a shim includes
    // HIP's headers, which cannot go inside them (`conversion::std` has no
    // `is_standard_layout`), and its guard would hide it from a second
    // namespace using it.
    if !cx.tok(first).in_directive() {
        start = outside_namespaces(cx, start);
    }
    // Words the translation deletes (`__grid_constant__`, `CUDART_CB`) do
    // not start it: the next round, without them, must find the same line.
    while start < first && deleted_word(cx, opts, start) {
        start += 1;
    }
    let at = cx.tok(start);
    let mut point = if at.in_directive() {
        cx.lx.directives[at.directive as usize].line_start as usize
    } else {
        let s = at.start as usize;
        let line = memchr::memrchr2(b'\n', b'\r', &cx.src[..s]).map_or(0, |p| p + 1);
        if start > 0 && cx.tok(start - 1).end as usize > line {
            cx.note_definition_without_line();
            return Definition::Nowhere;
        }
        line
    };
    // Out of the conditionals open there (to before the outermost), but
    // not out of a leading include guard: every use is inside it, and so is
    // the HIP include the definition needs (`#ifndef HELPER_H` / `#define
    // HELPER_H` / `#include <cuda.h>`: before the guard, hipError_t is
    // undeclared).
    let guarded = super::includes::starts_with_guard(cx);
    let mut open: Vec<usize> = Vec::new();
    for (k, d) in
        (cx.lx.directives.iter().enumerate()).take_while(|(_, d)| (d.line_start as usize) < point)
    {
        match d.name.as_str() {
            "ifndef" if k == 0 && guarded => open.push(usize::MAX),
            "if" | "ifdef" | "ifndef" => open.push(d.line_start as usize),
            "endif" => {
                open.pop();
            }
            _ => {}
        }
    }
    if let Some(&outermost) = open.iter().find(|&&o| o != usize::MAX) {
        point = outermost;
    }
    let Some(point) = super::above_suppressions(cx.src, point) else {
        cx.note_definition_without_line();
        return Definition::Nowhere;
    };
    if cx.in_comment(point) {
        cx.note_definition_without_line();
        return Definition::Nowhere;
    }
    let nl = crate::source::line_ending(cx.src);
    // A helper (a part under its own `#ifndef HIPIFY_RS_…` guard) another
    // shim puts before this one already, in this round or an earlier one,
    // is not written again. (Insertions at one point are applied in the
    // order of their fixes' titles.)
    let mut text = String::new();
    for part in shim.lines {
        if let Some(guard) = part
            .first()
            .and_then(|l| l.strip_prefix("#ifndef HIPIFY_RS_"))
        {
            let define = format!("#define HIPIFY_RS_{guard}");
            // Only a start before `point` counts: the text up to there is searched.
            let searched = &cx.src[..cx.src.len().min(point + define.len() - 1)];
            let before = memchr::memmem::find(searched, define.as_bytes()).is_some();
            let written = (helpers.iter())
                .any(|&(g, at, t)| g == guard && (at < point || (at == point && t < shim.title)));
            if before || written {
                continue;
            }
            helpers.push((guard, point, shim.title));
        }
        for l in *part {
            text.push_str(l);
            text.push_str(nl);
        }
    }
    if text.is_empty() {
        // Its one part is a helper written before it already.
        return Definition::Defined;
    }
    text.push_str(nl);
    Definition::Insert(Edit::insert(point, text))
}

/// The first token of the outermost `namespace … {` or `extern "C" {` whose
/// braces hold code token `start` (a declaration at namespace scope: every
/// brace around it is one of those), or `start` itself at file scope.
fn outside_namespaces(cx: &Tokens<'_>, start: usize) -> usize {
    let Some(open) = cx.outermost_open(start) else {
        return start;
    };
    // The head: back over names, `::`, `inline`, `namespace`, `extern`,
    // `"C"` and attributes, to the token after the previous declaration.
    let mut head = open;
    while let Some(p) = cx.prev(head) {
        let part = match cx.tok(p).kind {
            crate::lex::TokenKind::Ident | crate::lex::TokenKind::Str => true,
            _ => matches!(cx.text(p), b"::" | b"[" | b"]" | b"(" | b")" | b","),
        };
        if !part {
            break;
        }
        head = p;
    }
    if (head..open).any(|k| matches!(cx.text(k), b"namespace" | b"extern")) {
        head
    } else {
        start
    }
}

/// Whether code token `k` is a word the translation deletes at the target
/// (its mapping's HIP name is empty: `__grid_constant__`, `CUDART_CB`).
fn deleted_word(cx: &Tokens<'_>, opts: &Options, k: usize) -> bool {
    let t = cx.tok(k);
    t.kind == crate::lex::TokenKind::Ident
        && !t.in_directive()
        && std::str::from_utf8(cx.text(k))
            .ok()
            .and_then(crate::mappings::lookup)
            .is_some_and(|m| m.resolve(&opts.target).name == Some(""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mappings;

    /// Every shim's text is one inserted definition (its helper parts
    /// nested within), from its first line to its last; code around it is
    /// outside.
    #[test]
    fn inserted_definitions_span_each_shim() {
        for f in every_function() {
            let text: String = f
                .lines
                .iter()
                .flat_map(|p| p.iter())
                .map(|l| format!("{l}\n"))
                .collect();
            let src = format!("int before;\n{text}int after;\n");
            let lexed = crate::lex::lex(src.as_bytes());
            let cx = Tokens::new(src.as_bytes(), &lexed);
            let blocks = inserted_definitions(&cx);
            let name = String::from_utf8_lossy(f.name);
            let n = lexed.tokens.len() as u32;
            // `int before ;` and `int after ;` lie outside; the parts (a
            // helper under its own guard, then the definition) abut.
            assert!(!blocks.is_empty(), "{name}");
            assert_eq!(blocks[0].start, 3, "{name}");
            assert_eq!(blocks[blocks.len() - 1].end, n - 3, "{name}");
            assert!(
                blocks.windows(2).all(|w| w[0].end == w[1].start),
                "{name}: {blocks:?}"
            );
        }
    }

    /// `simd.h` defines exactly the functions the tables list with no HIP
    /// name among CUDA's SIMD intrinsics: all 82, each its own block.
    #[test]
    fn simd_blocks_are_cudas_unmapped_simd_intrinsics() {
        assert_eq!(SIMD.len(), 82);
        for f in SIMD.iter() {
            let name = std::str::from_utf8(f.name).unwrap();
            let m = mappings::lookup(name).unwrap_or_else(|| panic!("{name}: not a CUDA name"));
            assert!(
                m.hip.name.is_none(),
                "{name}: HIP has it now ({:?})",
                m.hip.name
            );
            assert_eq!(f.lines.len(), 1, "{name}: one part");
            let body = f.lines[0].join("\n");
            let short = &name[2..];
            assert!(
                body.contains(&format!("#define {name}(...) hipify_rs_{short}(")),
                "{name}"
            );
            assert!(f.lines[0].last() == Some(&"#endif"), "{name}: one block");
            assert!(find(f.name).is_some_and(|g| std::ptr::eq(g, f)));
        }
        let declared = mappings::all()
            .iter()
            .filter(|m| m.cuda.starts_with("__v") && m.hip.name.is_none())
            .filter(|m| m.cuda.ends_with(['2', '4']))
            .filter(|m| {
                m.cuda[3..m.cuda.len() - 1]
                    .bytes()
                    .all(|b| b.is_ascii_lowercase())
            })
            .count();
        assert_eq!(declared, 82);
    }
}
