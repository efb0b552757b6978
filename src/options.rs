//! What a translation is asked for: the options and the language of a file,
//! shared by the translation passes, the rules and the engine.

use std::collections::HashMap;

use crate::diagnostic::{Code, Severity};
use crate::mappings::Target;

/// How to translate.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The HIP flavour and version to emit for.
    pub target: Target,
    /// Rewrite `k<<<…>>>(…)` as `hipLaunchKernelGGL(k, …)`
    /// (hipify-clang's `--hip-kernel-execution-syntax`).
    pub kernel_execution_syntax: bool,
    /// Apply the safe fixes of the diagnostics (`--fix`).
    pub apply_fixes: bool,
    /// Severities overriding the registry's defaults (config, `--deny` …).
    pub severities: HashMap<Code, Severity>,
    /// The user's own mappings (`[mappings]` in hipify.toml), consulted first.
    pub extra_mappings: HashMap<String, String>,
    /// What the run's classes and namespaces declare through a macro whose
    /// argument is a CUDA name, as `(scope name, CUDA name)` (RMM's
    /// `struct async_alloc { RMM_CUDART_API_WRAPPER(cudaMemPoolCreate, …); }`):
    /// the argument is renamed, so `async_alloc::cudaMemPoolCreate` in any
    /// file is too. Filled by the CLI from the run's files and the headers
    /// they include ([`crate::project::macro_declared`]).
    pub macro_declared: Vec<(String, String)>,
    /// The object-like macros the run's files and the headers they include
    /// define as `__host__ __device__` (`#define HOST_DEVICE __host__
    /// __device__`), read as those words where they head a definition in
    /// another file. Filled by the CLI ([`crate::project::run_macros`]).
    pub host_device_macros: Vec<String>,
    /// For each macro a file of the run defines to paste a CUDA prefix
    /// (`#define cuda(Call) cuda ## Call`) and the run's files use: the
    /// pasted names that are no plain rename to HIP (none: the prefix is
    /// rewritten where it is defined, though the uses are in other files).
    /// Filled by the CLI ([`crate::project::run_macros`]); where a macro is
    /// not listed, its file's own uses decide.
    pub pasted_uses: Vec<(String, Vec<String>)>,
    /// Leave CUDA names inside string literals as they are (`--keep-strings`).
    pub keep_strings: bool,
    /// The `#include "…"` paths of CUDA headers the translation would write
    /// out in place (`math_constants.h`) that the project ships beside this
    /// file: its own header, kept. Filled by the CLI per file.
    pub shipped_headers: Vec<String>,
    /// The functions the translation would define where HIP lacks them
    /// (`atomicInc_system`, `__match_any_sync`, `__vadd4`)
    /// that a header this file includes by a relative path declares
    /// (directly or through other headers): the project's own, so no
    /// definition is added. Filled by [`crate::project::with_own_functions`].
    pub own_functions: Vec<String>,
    /// The type (`dim3`, `uint3` or `CUdeviceptr`; `CUdeviceptr()` for a
    /// function returning one) of the class members this file uses that
    /// the headers it includes by a relative path declare (directly or
    /// through other headers), every declaration of the name agreeing:
    /// what the `dim3`/`uint3` conversion rule and the `CUdeviceptr`
    /// arithmetic rule read where the file declares the member nowhere. Filled by
    /// [`crate::project::with_own_functions`].
    pub member_types: Vec<(String, String)>,
    /// A header this file includes by a relative path (directly or through
    /// other headers) includes CUDA's complex header (or one whose HIP
    /// form includes HIP's): the unit has HIP's complex operators. Filled
    /// by [`crate::project::with_own_functions`].
    pub complex_header_included: bool,
    /// Also report the findings whose fix was applied (the labelled lint
    /// sample judges a required fix's finding like any other).
    #[doc(hidden)]
    pub report_fixed: bool,
}

/// Whether a file is compiled as CUDA (nvcc includes the runtime implicitly).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// `.cu`, `.cuh`, `.hu`, `.cu_inl`: CUDA sources.
    Cuda,
    /// Anything else: C/C++ that may use CUDA APIs.
    Cpp,
}

impl Language {
    /// Judges by extension: `.cu`, `.cuh`, `.hu` (LightGBM's CUDA
    /// headers) and `.cu_inl` (device code a `.cu` includes, CMU 15-418's
    /// `exclusiveScan.cu_inl`) are CUDA.
    pub fn of_path(path: &std::path::Path) -> Language {
        match path.extension().and_then(|e| e.to_str()) {
            Some("cu" | "cuh" | "hu" | "cu_inl" | "CU" | "CUH") => Language::Cuda,
            _ => Language::Cpp,
        }
    }
}
