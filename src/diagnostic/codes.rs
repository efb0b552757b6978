//! The registry of diagnostic codes: one row per code, from which `--explain`,
//! `--list-codes`, SARIF's rule list and docs/CODES.md are all generated.
//! Codes are stable and never reused; a retired code stays, marked `Removed`.

use std::fmt;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Not reported.
    Off,
    /// Informational: does not fail `--check`.
    Info,
    /// Needs a human: fails `--check`.
    Warning,
    /// Certainly breaks the port: fails `--check`.
    Error,
}

impl Severity {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Off => "off",
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// Parses a config level: `allow`/`off`, `info`, `warn`/`warning`, `deny`/`error`.
    pub fn parse_level(text: &str) -> Option<Severity> {
        Some(match text {
            "allow" | "off" => Severity::Off,
            "info" => Severity::Info,
            "warn" | "warning" => Severity::Warning,
            "deny" | "error" => Severity::Error,
            _ => return None,
        })
    }
}

/// Whether a code's findings come with an exact fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixAvailability {
    /// Every finding has one.
    Always,
    /// Some findings have one.
    Sometimes,
    /// None do.
    Never,
}

/// Lifecycle of a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stability {
    /// In use.
    Stable,
    /// Retired: never emitted, never reused.
    Removed,
}

/// A code's row in the registry.
#[derive(Debug)]
pub struct CodeInfo {
    /// `HIP-W005`.
    pub id: &'static str,
    /// Kebab-case name.
    pub name: &'static str,
    /// Severity unless configured otherwise.
    pub default_severity: Severity,
    /// Whether fixes come with it.
    pub fix: FixAvailability,
    /// Lifecycle.
    pub stability: Stability,
    /// One line: what it finds.
    pub summary: &'static str,
    /// The long explanation, with a before/after example (Markdown).
    pub explanation: &'static str,
}

macro_rules! registry {
    ($($variant:ident => $id:literal, $name:literal, $sev:ident, $fix:ident, $summary:literal, $explanation:literal;)*) => {
        /// A diagnostic code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $(
                #[doc = $summary]
                $variant,
            )*
        }

        impl Code {
            /// Every code, in registry order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The code's registry row.
            pub fn info(self) -> &'static CodeInfo {
                match self {
                    $(Code::$variant => &CodeInfo {
                        id: $id,
                        name: $name,
                        default_severity: Severity::$sev,
                        fix: FixAvailability::$fix,
                        stability: Stability::Stable,
                        summary: $summary,
                        explanation: $explanation,
                    },)*
                }
            }
        }
    };
}

impl Code {
    /// Looks a code up by id (`HIP-W001`, case-insensitive) or name (`inline-ptx`).
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| {
            let i = c.info();
            i.id.eq_ignore_ascii_case(text) || i.name == text
        })
    }
}

registry! {
    ParseError => "HIP-E001", "parse-error", Info, Never,
        "part of the file could not be parsed (tree-sitter gave up, a comment or raw string literal is never closed, or a conditional directive has no pair)",
        "Translation is lexical and does not need a parse, but some checks (user-owned declarations, \
32-bit ballot variables) use tree-sitter. Where the parser gives up, usually inside heavy macro \
use, those checks fall back to what the tokens say.\n\nA block comment (`/*`) or raw string \
literal (`R\"x(`) that is never closed runs to the end of the file: nothing after its opening is \
code, so nothing there was translated. The finding points at the opening.\n\nNothing to fix in \
the code for a parser note; the finding says where the syntax-based checks were weaker. Close an \
unterminated comment or literal.\n\nWith `--single-source`, an `#endif`, `#else` or `#elif` \
without its `#if` (or an `#if` never closed) leaves the lines around it as they are: the mode \
puts each change in an `#if … #else … #endif` block, and no block can close around a group it \
does not hold whole. The finding points at the directive and names the lines left without \
their HIP changes.";
    IoError => "HIP-E002", "io-error", Error, Never,
        "a file could not be read or written",
        "The file was left exactly as it was; the other files were processed. The message names \
the path and the operating system's reason (permissions, a full disk, a vanished file).";
    InternalPanic => "HIP-E003", "internal-panic", Error, Never,
        "hipify-rs failed on this file; it was left untouched",
        "An internal error was caught while processing this file. The file was not modified and \
the rest of the run went on. Please report it with the file (or a reduced copy).";
    InlinePtx => "HIP-W001", "inline-ptx", Error, Sometimes,
        "inline PTX assembly (`asm`), which cannot run on AMD GPUs",
        "PTX is NVIDIA's virtual ISA; AMD GPUs cannot execute it, and hipcc rejects it. Replace \
each `asm` statement with a HIP builtin or portable C++. Single-instruction statements whose \
meaning is exactly a builtin get a fix.\n\nBefore:\n\n```cuda\nunsigned lane;\nasm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(lane));\n```\n\nAfter:\n\n```cpp\nunsigned lane;\nlane = __lane_id();\n```\n\n\
Builtins: `%laneid` → `__lane_id()`, `%clock64`/`%globaltimer` → `clock64()`/`wall_clock64()`, \
`%smid` → `__smid()`, `ld.global.nc` → `__ldg`, `shfl.sync` → `__shfl*`, `prmt` → `__byte_perm`, \
`bfe`/`bfi` → `__bitextract_u32`/`__bitinsert_u32`, `brev` → `__brev`, `popc` → `__popc`, \
`trap` → `__builtin_trap()`.";
    WarpMask32 => "HIP-W002", "warp-mask-32bit", Warning, Sometimes,
        "a 32-bit warp mask or ballot result; AMD wavefronts have 64 lanes",
        "HIP's `*_sync` warp functions (HIP 6.2+) take 64-bit masks (a 32-bit mask fails a \
`static_assert`), and `__ballot`, `__ballot_sync`, `__activemask`, `__match_any_sync` return 64 \
bits on wave64 GPUs. Storing them in 32 bits silently drops lanes 32-63.\n\nBefore:\n\n```cuda\n\
unsigned mask = __ballot_sync(0xffffffff, pred);\nint n = __popc(mask);\n```\n\nAfter:\n\n```cpp\n\
uint64_t mask = __ballot_sync(0xffffffffffffffffULL, pred);\nint n = __popcll(mask);\n```\n\n\
The fix widens literal masks; retyping variables and switching to the `ll` bit functions is shown \
but left to you.";
    CutlassCute => "HIP-W003", "cutlass-cute", Warning, Never,
        "CUTLASS or CuTe, which have no HIP port",
        "CUTLASS and CuTe are NVIDIA's template libraries for tensor-core GEMMs and convolutions; \
they are written against PTX and NVIDIA's memory hierarchy and have no HIP port. On AMD, use \
Composable Kernel (CK) for custom fused kernels, hipBLASLt for GEMMs with epilogues, or rocWMMA \
for warp-level matrix code.\n\nBefore:\n\n```cuda\n#include <cutlass/gemm/device/gemm.h>\n```\n\n\
After: a call into hipBLASLt (or a CK instance) with the same problem description.";
    UnmappedApi => "HIP-W004", "unmapped-api", Warning, Never,
        "a name CUDA 13's headers declare that no mapping table maps",
        "CUDA 13's public headers (runtime, driver, cuBLAS, cuFFT, cuRAND, cuSPARSE, cuSOLVER, \
NVRTC, cuDNN; `mappings/cuda-declared.tsv`) declare the name, but no table maps it: usually an API \
newer than the tables. The message names the header and the nearest mapped name. A CUDA-shaped \
name CUDA does not declare (`cudaCheck`) is the project's and is never reported, nor is one the \
processed files, or the headers they include by a relative path, declare.\n\n\
Before:\n\n```cuda\ncudaAtomicCapabilityScalar128(kernels, n, lib);\n```\n\nAfter: the HIP equivalent, or a mapping in \
hipify.toml:\n\n```toml\n[mappings]\ncudaAtomicCapabilityScalar128 = \"myHipAtomicCapabilityScalar128\"\n```";
    UnsupportedApi => "HIP-W005", "unsupported-api", Warning, Sometimes,
        "a CUDA API with no HIP counterpart (in the target HIP version)",
        "The tables list the API, but HIP has no counterpart, or only a newer HIP than \
`--hip-version` does. The name is left as it is. Rework the code, raise `--hip-version`, or guard \
the CUDA-only path. The same code marks calls whose arguments HIP takes otherwise: a call left as \
it is because an argument HIP has no parameter for is not null (CUDA 13's \
`cuCtxCreate(&ctx, params, flags, dev)`; with NULL there the argument is dropped), and a call \
translated whose arguments still need a hand (`cusparseSpSV_solve` without the buffer \
hipSPARSE takes). A macro that pastes API names onto a CUDA prefix (`#define cuda(Call) … \
cuda ## Call`, used as `cuda(Malloc(&p, n))`) gets HIP's prefix where every name the file pastes \
is a plain rename (`hipMalloc`); a macro a header of the run defines and other files use is \
judged by its uses in all the run's files and the headers they include. Otherwise, or where no \
file of the run uses the macro, the paste is reported with the names that are not. Some have an exact AMD form the translation supplies itself, a required fix: \
`__syncwarp`, defined once per file for AMD GPUs (its memory ordering: a wavefront runs in \
lockstep), and `atomicInc_system`/`atomicDec_system` (a system-scope compare-and-swap loop).\n\nBefore:\n\n```cuda\ncudaDeviceFlushGPUDirectRDMAWrites(target, scope);\n```\n\n\
After:\n\n```cpp\n#if !defined(__HIP_PLATFORM_AMD__)\ncudaDeviceFlushGPUDirectRDMAWrites(target, scope);\n#endif\n```";
    LegacyCublas => "HIP-W006", "legacy-cublas", Warning, Never,
        "legacy cuBLAS API (cublas.h without cublas_v2.h), which hipBLAS does not have",
        "cublas.h declares the pre-v2 cuBLAS API (no handle, `cublasInit`). hipBLAS implements only \
the handle-based v2 API, so these calls are not renamed. Port them to cublas_v2.h first, then \
translate.\n\nBefore:\n\n```cuda\n#include <cublas.h>\ncublasSaxpy(n, a, x, 1, y, 1);\n```\n\nAfter:\n\n\
```cuda\n#include <cublas_v2.h>\ncublasSaxpy(handle, n, &a, x, 1, y, 1);\n```";
    UnsupportedHeader => "HIP-W007", "unsupported-header", Warning, Never,
        "a CUDA header with no HIP counterpart (in the target HIP version)",
        "The include is left as it is. The note says what to use instead (e.g. `nvml.h` → \
rocm_smi, a different API; `mma.h` → rocWMMA; `cuda_bf16.h` needs HIP 6.0). Also a CUDA header \
that kernel source compiled at run time includes (`#include <cuda_fp16.h>` in the string handed \
to `nvrtcCreateProgram`): hiprtc has no CUDA headers, and declares HIP's device functions, vector \
and half types itself.\n\nBefore:\n\n```cuda\n\
#include <nvml.h>\n```\n\nAfter:\n\n```cpp\n#include <rocm_smi/rocm_smi.h>  // and port the calls\n```";
    WarpSize32 => "HIP-W008", "warp-size-32", Warning, Never,
        "the number 32 used as the warp size; AMD wavefronts have 64 lanes (CDNA) or 32/64 (RDNA)",
        "Lane and warp-id arithmetic (`threadIdx.x % 32`, `& 31`, `>> 5`, `/ 32`), `warpSize == 32` \
checks, shuffle reductions starting at 16, `tiled_partition<32>` and \
`thread_block_tile<32>` all assume 32 lanes. On a 64-lane wavefront they compute wrong lanes, \
skip half the reduction or split a wavefront in two.\n\nBefore:\n\n```cuda\nint lane = threadIdx.x % 32;\n\
for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);\n```\n\nAfter:\n\n```cpp\n\
int lane = threadIdx.x % warpSize;\nfor (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);\n```\n\n\
Only 32s in these warp-size roles are reported; other 32s are not: thread-index arithmetic \
counts only where its variable is named for lanes or warps or its function uses warp functions \
(a 64×32 tile split is no warp), and a `__shared__ T s[32]` per-warp array is fine (a block holds \
fewer 64-lane wavefronts than 32-lane warps).";
    NvidiaOnlyLibrary => "HIP-W009", "nvidia-only-library", Warning, Never,
        "an NVIDIA library with no drop-in HIP port (WMMA, flash-attention, NVML, TensorRT, libcu++)",
        "`nvcuda::wmma` (mma.h) → rocWMMA (`rocwmma::`, similar but not identical API); \
flash-attention → the CK-based ROCm ports; NVML → rocm_smi (different API); TensorRT → none \
(MIGraphX is the closest); libcu++ (`cuda/std/…`, `cuda::atomic`) → no HIP port (use `std::` or \
HIP atomics).\n\nBefore:\n\n```cuda\n#include <mma.h>\nnvcuda::wmma::fragment<...> a;\n```\n\nAfter:\n\n\
```cpp\n#include <rocwmma/rocwmma.hpp>\nrocwmma::fragment<...> a;\n```";
    CudaArchGuard => "HIP-W010", "cuda-arch-guard", Warning, Never,
        "`__CUDA_ARCH__`, which HIP does not define when compiling device code",
        "Under hipcc `__CUDA_ARCH__` is undefined, so `#ifdef __CUDA_ARCH__` device paths silently \
switch to the host path, and `__CUDA_ARCH__ >= 700` checks are false. Use \
`__HIP_DEVICE_COMPILE__` (1 in device passes; not a capability) and the `__HIP_ARCH_HAS_*` \
feature macros, keeping the CUDA test for CUDA builds.\n\nBefore:\n\n```cuda\n#if __CUDA_ARCH__ >= 700\n```\n\n\
After:\n\n```cpp\n#if (defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700) || defined(__HIP_DEVICE_COMPILE__)\n```";
    LaunchBoundsMinBlocks => "HIP-W011", "launch-bounds-min-blocks", Warning, Never,
        "two-argument `__launch_bounds__`: HIP's second parameter means something else",
        "In CUDA the second argument is the minimum number of resident blocks per SM; in HIP it is \
the minimum number of waves per execution unit (`amdgpu_waves_per_eu`). A CDNA compute unit runs \
64-lane waves on 4 execution units, so CUDA's `MIN_BLOCKS * MAX_THREADS` resident threads are \
`MIN_BLOCKS * MAX_THREADS / 256` waves per unit; HIP's documented `/ 32` asks for eight times \
that and can force register spills. Rounding down never asks for more than CUDA did. A second \
argument of 1, or one that gives the same occupancy (256 threads), is not reported.\n\nBefore:\n\n\
```cuda\n__global__ void __launch_bounds__(128, 4) k();\n```\n\nAfter:\n\n```cpp\n\
__global__ void __launch_bounds__(128, 2) k();  // 4 * 128 / 256\n```";
    WarpSizeConstexpr => "HIP-W012", "warpsize-constexpr", Warning, Never,
        "`warpSize` used as a compile-time constant (not constant in HIP from ROCm 7)",
        "From ROCm 7, `warpSize` is a run-time value, so template arguments, array bounds, \
`constexpr` variables and `static_assert`s that use it stop compiling. Use a constant of your own \
chosen per target (64 for CDNA, 32 for RDNA), or `__AMDGCN_WAVEFRONT_SIZE` on older ROCm.\n\n\
Before:\n\n```cuda\n__shared__ float partial[warpSize];\n```\n\nAfter:\n\n```cpp\nconstexpr int kWarp = 64;  // per target\n\
__shared__ float partial[kWarp];\n```";
    TextureReference => "HIP-W013", "texture-reference", Warning, Never,
        "texture or surface references (removed in CUDA 12, deprecated in HIP)",
        "`texture<T, dim>`/`surface<…>` references and `cudaBindTexture*` were removed in CUDA 12 \
and are deprecated in HIP. Port to texture objects (`cudaTextureObject_t`, \
`cudaCreateTextureObject`), which HIP supports.\n\nBefore:\n\n```cuda\ntexture<float, 1> tex;\n\
cudaBindTexture(0, tex, d, n);\nfloat v = tex1Dfetch(tex, i);\n```\n\nAfter:\n\n```cpp\n\
hipTextureObject_t tex; /* hipCreateTextureObject(&tex, &res, &desc, nullptr) */\nfloat v = tex1Dfetch<float>(tex, i);\n```";
    VersionCheck => "HIP-W014", "version-check", Warning, Never,
        "a CUDA version check (`CUDA_VERSION`, `CUDART_VERSION`, `__CUDACC_VER_MAJOR__`, runtime/driver version numbers)",
        "HIP does not define the CUDA version macros, and `hipRuntimeGetVersion`/\
`hipDriverGetVersion` return HIP's own numbers, so a guard like `CUDART_VERSION >= 11000` \
silently takes the old path (or compares HIP 6.x against CUDA 11). Keep the CUDA path for CUDA and \
choose the HIP path explicitly.\n\nBefore:\n\n```cuda\n#if CUDART_VERSION >= 11000\n```\n\nAfter:\n\n\
```cpp\n#if (defined(CUDART_VERSION) && CUDART_VERSION >= 11000) || defined(__HIP_PLATFORM_AMD__)\n```";
    UnusedSuppression => "HIP-W015", "unused-suppression", Warning, Always,
        "a `hipify-ignore` comment that suppresses nothing",
        "The comment names a code that is not reported on the line it covers (or anywhere in the \
file, for `hipify-ignore-file`). Remove it so it does not hide a future finding. The removal \
is offered as a suggestion that `--fix` does not apply: a comment unused at one target may be \
needed at another (`--hip-version 5.2`), or by the CUDA source before translation.\n\nBefore:\n\n\
```cuda\n// hipify-ignore: HIP-W001\nint x = 0;\n```\n\nAfter:\n\n```cuda\nint x = 0;\n```";
    PrintfBuiltinArg => "HIP-W016", "printf-builtin-arg", Warning, Always,
        "`threadIdx`/`blockIdx`/`blockDim`/`gridDim` members passed straight to device `printf`",
        "In HIP these are objects with conversion operators, not plain integers, and HIP before 6.0 \
(clang 15) rejects them as variadic arguments: \"cannot compile this non-scalar arg to printf \
yet\". Casting to `unsigned` (their CUDA type) is exact.\n\nBefore:\n\n```cuda\n\
printf(\"block %d thread %d\\n\", blockIdx.x, threadIdx.x);\n```\n\nAfter:\n\n```cpp\n\
printf(\"block %d thread %d\\n\", (unsigned)blockIdx.x, (unsigned)threadIdx.x);\n```";
    DeprecatedApi => "HIP-I001", "deprecated-api", Info, Never,
        "the HIP replacement is deprecated",
        "The CUDA name was translated, but HIP marks the replacement deprecated (e.g. the driver \
API's context functions). It works today; plan to move off it.\n\nBefore:\n\n```cuda\ncuCtxSetCurrent(ctx);\n```\n\n\
After (translated, still deprecated):\n\n```cpp\nhipCtxSetCurrent(ctx);  // prefer hipSetDevice\n```";
    LibraryPort => "HIP-I002", "library-port", Info, Never,
        "a CUDA library that has a HIP port with differences (cuDNN, NVTX, Thrust, CUB)",
        "The names are translated, but the port differs: cuDNN → MIOpen (not drop-in: \
descriptors, algorithm search and workspaces differ), NVTX → roctx (link `-lroctx64`), Thrust → rocThrust (same `thrust::` API, \
`thrust::cuda` → `thrust::hip`), CUB → hipCUB (`cub::` → `hipcub::`). Check build flags and \
behaviour.\n\nBefore:\n\n```cuda\n#include <cub/cub.cuh>\ncub::DeviceReduce::Sum(...);\n```\n\nAfter:\n\n\
```cpp\n#include <hipcub/hipcub.hpp>\nhipcub::DeviceReduce::Sum(...);\n```";
    GpuArchList => "HIP-W017", "gpu-arch-list", Warning, Never,
        "a CUDA architecture list (`sm_XX`, `compute_XX`, `CUDA_ARCHITECTURES`) that cannot carry over to AMD",
        "NVIDIA compute capabilities have no AMD counterpart: AMD GPUs are named by ISA (`gfx90a` for \
MI200, `gfx942` for MI300, `gfx1100` for RDNA3). In build files hipify-rs renames the setting and \
takes the targets from a cache variable, `GPU_TARGETS` (the name ROCm's own CMake packages use), \
defaulting to `gfx90a;gfx942;gfx1100`; set it for your hardware (`-DGPU_TARGETS=gfx90a`, \
`make GPU_TARGETS=gfx1100`). `-gencode`/`-arch` flags become `--offload-arch` in Makefiles and \
are dropped in CMake, where `HIP_ARCHITECTURES` chooses them.\n\nBefore:\n\n```cmake\n\
set(CMAKE_CUDA_ARCHITECTURES 70 80)\n```\n\nAfter:\n\n```cmake\n\
set(GPU_TARGETS \"gfx90a;gfx942;gfx1100\" CACHE STRING \"AMD GPU targets to build for\")\n\
set(CMAKE_HIP_ARCHITECTURES \"${GPU_TARGETS}\")\n```";
    NvccFlag => "HIP-W018", "nvcc-flag", Warning, Never,
        "an nvcc flag with no HIP equivalent, or one hipify-rs does not know; an NVRTC option hiprtc does not take",
        "hipcc and clang take clang's flags, not nvcc's. hipify-rs translates the flags it knows \
(`--use_fast_math` → `-ffast-math`, `-Xcompiler X` → `X`, `-lineinfo` → `-gline-tables-only`, \
`-rdc=true` → `-fgpu-rdc`, …) and drops the ones clang does not need. Flags that control nvcc's \
own tools (`-Xptxas`, `--ptxas-options`, `-maxrregcount`, `-ccbin`) have no equivalent and are \
dropped with this warning; flags it does not know are left in place and reported, never passed \
silently. In C++ code, the strings a program hands `nvrtcCompileProgram` as options: hiprtc \
passes them to clang, so NVRTC's own (`--use_fast_math`, `--fmad=false`, \
`--gpu-architecture=compute_80`) fail the run-time compilation on AMD, and `-default-device` is \
ignored; the note names clang's counterpart (`-ffast-math`, `-ffp-contract=off`, an AMD target or \
none). The strings stay as they are: the same program on NVIDIA hands them to NVRTC.\n\nBefore:\n\n```make\nNVCCFLAGS = -O3 -Xptxas -v -maxrregcount=64\n```\n\nAfter:\n\n\
```make\nHIPCCFLAGS = -O3\n# register limits: __launch_bounds__ on the kernel instead\n```";
    PythonBuildSetting => "HIP-W019", "python-rocm-setting", Warning, Never,
        "a Python build or runtime setting to review on ROCm (nvcc flags, pynvml, allocator, TF32, CUDA graphs)",
        "Python projects are not rewritten; these settings are flagged because they do something \
different, or nothing, on ROCm: `nvcc` entries of `extra_compile_args` (passed to hipcc), \
`pynvml` (NVIDIA's management library; use `amdsmi`), `PYTORCH_CUDA_ALLOC_CONF` tuning such as \
`max_split_size_mb`, `torch.backends.cuda.matmul.allow_tf32` (TF32 is not used on ROCm), \
`torch.compile(mode=\"reduce-overhead\")` (CUDA graphs: very slow on ROCm) and CUDA wheels \
(`nvidia-*-cu12`, `cupy-cuda12x`, `whl/cu121`). Gate them on `torch.version.hip`.\n\n\
Before:\n\n```python\ntorch.backends.cuda.matmul.allow_tf32 = True\n```\n\nAfter:\n\n```python\n\
if torch.version.hip is None:  # CUDA only\n    torch.backends.cuda.matmul.allow_tf32 = True\n```";
    BuildSettingUnported => "HIP-W020", "build-setting-unported", Warning, Never,
        "a CUDA build setting or library with no HIP equivalent in CMake or Make",
        "The setting is left as it is: `CUDA_SEPARABLE_COMPILATION` (use `-fgpu-rdc` at compile \
and link), `CUDA_RESOLVE_DEVICE_SYMBOLS`, `CMAKE_CUDA_HOST_COMPILER`, FindCUDA's \
`cuda_add_executable`/`CUDA_NVCC_FLAGS`, `CUDA::nvml` or `-lnvidia-ml` (rocm_smi, a different API), \
`CUDA::cupti`, and CUDA version checks (`CMAKE_CUDA_COMPILER_VERSION`). The relocatable-device-code \
settings are reported only where a file of the run links device code across units (an `extern \
__device__` variable, a `__device__` function declared and defined in different files): elsewhere \
they are boilerplate CUDA links the same without. In a source file, the first `extern` \
declaration of device code another unit defines (`extern \"C\" __device__ float f(float);`, \
`extern __device__ int counter;`) is reported too: hipcc links it only where every unit is \
compiled and linked with `-fgpu-rdc`.\n\nBefore:\n\n```cmake\n\
set_target_properties(k PROPERTIES CUDA_SEPARABLE_COMPILATION ON)\n```\n\nAfter:\n\n```cmake\n\
target_compile_options(k PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n\
target_link_options(k PRIVATE -fgpu-rdc --hip-link)\n```";
    HipCollision => "HIP-W021", "hip-collision", Warning, Sometimes,
        "the project defines what HIP's headers already define (vector-type and complex operators, float atomics, `__ffsll`, a vector type's name as a macro or forward declaration)",
        "CUDA leaves some conveniences to the user that HIP's headers provide: arithmetic operators \
on `float2`/`float4`/`int4`… (HIP's `HIP_vector_type` defines them all; CUDA samples' \
`helper_math.h` defines them again), `atomicMax`/`atomicMin` on `float` and `double`, `__ffsll`. \
After translation both definitions are visible and the calls are ambiguous or redefined. Where \
every compound operator of the file on a vector type applies the operator component by \
component, HIP's member operator computes the same, and the translation keeps the project's for \
CUDA alone (a required fix); otherwise a person chooses: remove the project's version where \
HIP's does the same, or rename it. (Binary operators and a scalar operand are no clash: the \
project's non-template function wins.) A macro named like a vector type (`#define int2 \
_lgpu_int2`, for host code that includes `cuda.h` alone) rewrites HIP's own declaration where \
HIP's runtime header comes after it: a finding, the macro to keep for CUDA alone or the header \
to include first. A forward declaration of a vector type (`struct uchar4;` in a header of \
launchers that includes no CUDA header) conflicts with HIP's typedef: standing alone on its line \
it becomes `#include <hip/hip_vector_types.h>` (a required fix). Below HIP 5.7 the translation \
defines CUDA's `__nv_bfloat162` and its intrinsics and operators; a project's own definition of \
one of them on the pair (a fallback for GPUs before sm_80) is kept for CUDA alone. \
`cuComplex.h` declares no operators and projects write them (`operator+` on `cuDoubleComplex`), \
while HIP's `hip_complex.h` defines `-a`, `+ - * /`, `== !=`, the compound assignments and \
`a * scalar` on `hipFloatComplex`/`hipDoubleComplex`: one with HIP's parameters (`const T&`) is \
a redefinition, a `__host__ __device__` one with others makes every use ambiguous (a \
`__device__` or host one taking values is preferred to HIP's and compiles); a project's macro \
defined as `__host__ __device__` (`HOST_DEVICE`, in the file or a header of the run) counts as \
those words. One that only returns cuComplex.h's function for the operator (`return cuCadd(a, \
b);`) is kept for CUDA alone. `float2` and `double2` are HIP's complex types, so the vendored \
`helper_math.h`'s `operator+(float2, float2)` is ambiguous with hip_complex.h's in a unit that \
includes both: a `+` or `-` that adds the components is kept for CUDA alone (HIP's complex sum \
and its vector template compute the same), and so is a `*` by a `float`/`double` that scales \
them (hip_complex.h's scalar product); a `*` or `/` (HIP's is the complex product) is \
reported where the file includes cuComplex.h itself. In a file that includes cuComplex.h (or \
cuSPARSE's header, whose hipSPARSE header includes hip_complex.h; itself, or through a header it \
includes by a relative path), a use on two `float2` or two `double2` (read from their declarations) is checked too: a statement \
`a += b;` or `a -= b;` ties between `HIP_vector_type`'s member and hip_complex.h's operator \
even with the project's kept for CUDA alone, and becomes the member's call \
(`a.operator+=(b);`, a required fix: both add the components); `a * b`, `a / b`, `a *= b`, \
`a /= b` are reported at the use (HIP's are the complex ones, the project's usually the \
components'). A macro that pastes a name into a definition, invoked at file scope with CUDA \
names that become one HIP name (UCX's hooks on `cuMemAlloc`, `cuMemAlloc_v2` and `cudaMalloc`, \
all `hipMalloc`), defines it twice: reported at the later invocation (invocations in \
exclusive `#if` branches are no clash).\n\nBefore:\n\n```cuda\n\
inline __host__ __device__ void operator+=(float4 &a, float4 b) {\n  a.x += b.x; a.y += b.y; \
a.z += b.z; a.w += b.w;\n}\n```\n\nAfter:\n\n```cpp\n\
#if !defined(__HIP_PLATFORM_AMD__)\ninline __host__ __device__ void operator+=(float4 &a, float4 b) {\n  \
a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w;\n}\n#endif\n```";
    TorchExtension => "HIP-I003", "torch-extension", Info, Never,
        "a PyTorch `CUDAExtension`, which PyTorch hipifies and builds itself on ROCm",
        "On a ROCm build of PyTorch, `torch.utils.cpp_extension.CUDAExtension` runs PyTorch's own \
hipify over the sources and compiles them with hipcc, so hipify-rs leaves it (and the sources it \
lists) alone. Check its `extra_compile_args['nvcc']`, which reach hipcc.\n\nBefore:\n\n```python\n\
CUDAExtension(\"ops\", [\"ops.cu\"], extra_compile_args={\"nvcc\": [\"-O3\"]})\n```\n\n\
After: the same; `pip install .` on ROCm PyTorch builds it for AMD.";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.info().id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_names_are_unique_and_well_formed() {
        let mut ids = std::collections::HashSet::new();
        let mut names = std::collections::HashSet::new();
        for c in Code::ALL {
            let i = c.info();
            assert!(ids.insert(i.id), "duplicate id {}", i.id);
            assert!(names.insert(i.name), "duplicate name {}", i.name);
            assert!(i.id.len() == 8 && i.id.starts_with("HIP-"), "{}", i.id);
            assert!(matches!(&i.id[4..5], "E" | "W" | "I"), "{}", i.id);
            // Findings about code show a before/after; the tool's own errors need none.
            if !i.id.starts_with("HIP-E") {
                assert!(
                    i.explanation.contains("Before"),
                    "{} needs an example",
                    i.id
                );
            }
            assert_eq!(Code::parse(i.id), Some(*c));
            assert_eq!(Code::parse(i.name), Some(*c));
        }
    }
}
