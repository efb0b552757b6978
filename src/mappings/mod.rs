//! The CUDA → HIP API tables and their lookup. This module knows nothing
//! about syntax: the engine asks it what a name becomes for a given [`Target`].
//!
//! The data lives in `mappings/*.toml` (generated from AMD's HIPIFY tables by
//! `scripts/gen_mappings.py`) and `mappings/cuda-declared.tsv`;
//! `scripts/gen_tables.rs` compiles it into static `phf` maps in
//! `generated.rs`, which is committed and never edited by hand: a lookup is
//! one hash and one compare, start-up reads and parses nothing, and the build
//! runs no code generator. `tests/codegen.rs` fails when `generated.rs` is not
//! what the data gives; `HIPIFY_UPDATE_GENERATED=1 cargo test --test codegen`
//! rewrites it.
//!
//! The family list lives in one place, `scripts/families.toml` (lookup
//! priority order, and each variant's doc): `gen_tables.rs` writes the
//! [`Family`] enum, [`Family::ALL`] and [`Family::name`] from it, and
//! `gen_mappings.py` reads it for the tables it reads and the files it writes.

#[rustfmt::skip]
mod generated;
pub(crate) mod key_filter;

use generated::{
    API_FILTER, API_INDEX, API_PREFIX2, CUDA_DECLARED, DECLARED_HEADERS, HEADER_INDEX,
    HIP_TYPEDEF_ONLY,
};
pub use generated::{API_MAX_LEN, API_MIN_LEN, Family, HEADERS, MAPPINGS, MEMBERS, NEWEST_HIP};

use std::fmt;

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Family {
    /// The ROC and HIP libraries of a family `--roc` moves to its ROC
    /// library (see `roc_family`), for messages; `("ROC", "HIP")` for the others.
    pub fn libraries(self) -> (&'static str, &'static str) {
        match self {
            Family::Blas => ("rocBLAS", "hipBLAS"),
            Family::Rand => ("rocRAND", "hipRAND"),
            Family::Sparse => ("rocSPARSE", "hipSPARSE"),
            Family::Solver => ("rocSOLVER", "hipSOLVER"),
            _ => ("ROC", "HIP"),
        }
    }
}

/// What a CUDA name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A function (host or device).
    Function,
    /// A type, struct, typedef or enum type.
    Type,
    /// An enumerator.
    EnumConstant,
    /// A preprocessor macro.
    Macro,
    /// A C++ namespace (`cub` → `hipcub`; `thrust::cuda` → `thrust::hip`).
    Namespace,
    /// A header (only in [`HeaderMapping`]).
    Header,
    /// A member of a CUDA type (only in [`Member`]).
    Member,
}

impl Kind {
    /// The kind's name as written in the TOML tables.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Function => "function",
            Kind::Type => "type",
            Kind::EnumConstant => "enum",
            Kind::Macro => "macro",
            Kind::Namespace => "namespace",
            Kind::Header => "header",
            Kind::Member => "member",
        }
    }
}

/// A `major.minor.patch` version packed for cheap comparison; `Version::NONE` is 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Version(pub u32);

impl Version {
    /// No version recorded.
    pub const NONE: Version = Version(0);

    /// Packs `major.minor.patch`.
    pub const fn new(major: u32, minor: u32, patch: u32) -> Version {
        Version(major * 1_000_000 + minor * 1_000 + patch)
    }

    /// Parses `6`, `6.2` or `6.2.0`.
    pub fn parse(text: &str) -> Option<Version> {
        let mut parts = text.trim().split('.');
        let major = parts.next()?.parse().ok()?;
        let minor = parts.next().map_or(Some(0), |p| p.parse().ok())?;
        let patch = parts.next().map_or(Some(0), |p| p.parse().ok())?;
        if parts.next().is_some() || minor >= 1000 || patch >= 1000 {
            return None;
        }
        Some(Version::new(major, minor, patch))
    }

    /// Whether a version is recorded.
    pub fn is_some(self) -> bool {
        self.0 != 0
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}.{}.{}",
            self.0 / 1_000_000,
            self.0 / 1_000 % 1_000,
            self.0 % 1_000
        )
    }
}

/// One side (HIP or ROC) of a mapping: the replacement name and its versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side {
    /// The replacement name; `None` where the tables leave the column empty.
    pub name: Option<&'static str>,
    /// Version that added it.
    pub added: Version,
    /// Version that deprecated it.
    pub deprecated: Version,
    /// Version that changed it.
    pub changed: Version,
    /// Version that removed it.
    pub removed: Version,
    /// Marked experimental.
    pub experimental: bool,
}

/// How a call's arguments change, beyond its name (ADDENDA: hipify-clang's rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallRewrite {
    /// Wrap an argument as `with(arg)`: `HIP_SYMBOL`,
    /// `reinterpret_cast<const void*>`, a C-style cast (`cudaGetSymbolAddress(&p, sym)`
    /// wraps argument 1).
    pub wrap_arg: &'static [WrapArg],
    /// A different HIP name when called with exactly this many arguments
    /// (`cudaEventCreate(&e, flags)` → `hipEventCreateWithFlags`).
    pub by_arity: &'static [(u8, &'static str)],
    /// When called with exactly `.0` arguments, append `, .1`
    /// (`cudaMallocHost(p, n)` → `hipHostMalloc(p, n, hipHostMallocDefault)`):
    /// the defaults CUDA declares and HIP does not.
    pub append_arg: &'static [(u8, &'static str)],
    /// Arguments HIP has no parameter for (CUDA 13's `cuCtxCreate(&c, params, flags, dev)`
    /// → `hipCtxCreate(&c, flags, dev)`).
    pub drop_arg: &'static [DropArg],
    /// A finding at every call with exactly `.0` arguments (any count where
    /// `.0` is 0), whose text is `.1`: the HIP function takes something
    /// else there, and no exact rewrite exists. `.2`, `.3`: whether it
    /// holds for the HIP function, and for the ROC one (`--roc`); `.4`: on
    /// the ROC side only in a file that uses a BLAS library too.
    pub call_note: &'static [(u8, &'static str, bool, bool, bool)],
    /// The argument list written anew at one arity, for the HIP side or
    /// the ROC side (`--roc`): rocSPARSE's added `info`, MIOpen's order.
    pub args: &'static [ArgList],
    /// HIP's headers overload the HIP name (templates beside its C
    /// declaration), so where it is not called (`&cudaMalloc`,
    /// `decltype(::cudaMallocAsync)`, an argument) it names no one function.
    pub fn_ptr: Option<&'static FnPtr>,
}

/// What a name HIP overloads becomes where it is not called (`fn_ptr`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FnPtr {
    /// The pointer type of HIP's C declaration (`hipError_t (*)(void**,
    /// size_t)`), to which the name is cast; empty: none fits.
    pub type_: &'static str,
    /// Where `type_` is empty: the finding at each such use.
    pub note: &'static str,
}

/// A call's argument list written anew (`args`): with exactly `arity`
/// arguments, the call's list becomes `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgList {
    /// Only calls with exactly this many arguments.
    pub arity: u8,
    /// The list of the ROC side (`--roc`: rocSPARSE, rocBLAS); else of the
    /// HIP side.
    pub roc: bool,
    /// The new list.
    pub to: &'static [ArgItem],
    /// A finding at each such call (what the list cannot carry over);
    /// empty: none.
    pub note: &'static str,
    /// Only where an argument is one of some words: elsewhere the call is
    /// left as it is, with a finding.
    pub if_arg: Option<&'static ArgIs>,
}

/// A condition on one argument's text (`args.if_arg`): it is one of `is`
/// (`CUDNN_TENSOR_NCHW`), or no null literal (`not_null`), else the call
/// is left with the finding `note`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgIs {
    /// The argument (0-based).
    pub index: u8,
    /// The words (CUDA's and HIP's spellings).
    pub is: &'static [&'static str],
    /// Instead of `is`: the argument is no null literal (`NULL`, `0` …).
    pub not_null: bool,
    /// Why the call is left where the argument is another.
    pub note: &'static str,
}

/// One item of an [`ArgList`]: `before`, then the call's argument `arg`
/// (its text as written) if any, then `after`. `nullptr` is
/// `{ before: "nullptr", arg: None, after: "" }`, a cast
/// `(rocblas_float_complex*)$3` is `{ before: "(rocblas_float_complex*)",
/// arg: Some(3), after: "" }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgItem {
    /// Text before the argument (all of the item where `arg` is `None`).
    pub before: &'static str,
    /// The call's argument (0-based) the item copies.
    pub arg: Option<u8>,
    /// Text after the argument.
    pub after: &'static str,
}

impl CallRewrite {
    /// Whether some call's arguments or name change (not only a finding)
    /// on the ROC side (`roc`) or the HIP side: such a mapping is no plain
    /// rename there.
    pub fn changes_calls(&self, roc: bool) -> bool {
        if roc {
            return self.args.iter().any(|a| a.roc);
        }
        !(self.wrap_arg.is_empty()
            && self.by_arity.is_empty()
            && self.append_arg.is_empty()
            && self.drop_arg.is_empty()
            && self.args.iter().all(|a| a.roc))
    }

    /// The argument list for calls with `arity` arguments on the ROC side
    /// (`roc`) or the HIP side.
    pub fn args_for(&self, arity: usize, roc: bool) -> Option<&'static ArgList> {
        self.args
            .iter()
            .find(|a| a.roc == roc && a.arity as usize == arity)
    }
}

/// One argument wrapped (`wrap_arg`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrapArg {
    /// The argument (0-based).
    pub index: u8,
    /// The wrapper: the text written before `(arg)`.
    pub with: &'static str,
    /// Only calls with exactly this many arguments (`None`: any).
    pub arity: Option<u8>,
    /// Only where an argument is declared as one of these types.
    pub if_type: Option<&'static ArgType>,
    /// Only below this HIP version, where HIP's declaration changed to
    /// CUDA's (`Version::NONE`: every version).
    pub before: Version,
}

/// One argument dropped (`drop_arg`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DropArg {
    /// Only calls with exactly this many arguments.
    pub arity: u8,
    /// The argument (0-based).
    pub index: u8,
    /// Only where the argument is a null literal (`NULL`, `nullptr`, `0`,
    /// `(T)0` …); elsewhere the call is left as it is, with a finding.
    pub if_null: bool,
    /// Only where an argument is declared as one of these types.
    pub if_type: Option<&'static ArgType>,
    /// What HIP lacks and what to do, for the finding where the argument
    /// is not null.
    pub note: &'static str,
}

/// A condition on the type of one argument: what the file declares it as
/// (a variable's declaration before the call, or a type named in the
/// argument itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgType {
    /// The argument (0-based).
    pub index: u8,
    /// The type names (CUDA's and HIP's spellings).
    pub types: &'static [&'static str],
}

/// The form to emit for targets older than the HIP version that added the
/// mapping (`__shfl_down_sync(m, v, d)` → `__shfl_down(v, d)` below HIP 6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Legacy {
    /// Targets older than this use the legacy form.
    pub before: Version,
    /// The legacy form's own first version: older targets have neither form
    /// (`Version::NONE`: always there).
    pub since: Version,
    /// The legacy HIP name, or an expression to call in its place
    /// (`[](hipError_t e, const char **s) { … }` for `cuGetErrorString`
    /// before HIP 5.4): an expression is used only where the name is called.
    pub hip: &'static str,
    /// Drop the first argument (the warp mask).
    pub drop_first_arg: bool,
}

/// One CUDA name and what it becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mapping {
    /// The CUDA name (for namespaces possibly qualified: `thrust::cuda`).
    pub cuda: &'static str,
    /// The family (table) it comes from.
    pub family: Family,
    /// What it is.
    pub kind: Kind,
    /// CUDA version that added it.
    pub cuda_added: Version,
    /// CUDA version that deprecated it.
    pub cuda_deprecated: Version,
    /// CUDA version that changed it.
    pub cuda_changed: Version,
    /// CUDA version that removed it.
    pub cuda_removed: Version,
    /// The HIP replacement.
    pub hip: Side,
    /// The ROC replacement (rocBLAS, rocRAND, rocSPARSE, rocSOLVER).
    pub roc: Side,
    /// Argument rewrites for calls.
    pub call: Option<&'static CallRewrite>,
    /// The form for older HIP targets.
    pub legacy: Option<&'static Legacy>,
    /// A note from the tables or ADDENDA (why unsupported, what to use instead).
    pub note: &'static str,
}

/// Whether `text` opens an argument wrapper a call rewrite writes: a
/// `wrap_arg`'s `with` and `(` (`[](const hipMemLocation &l) { … }(`).
pub fn is_wrapper_opening(text: &str) -> bool {
    static WRAPPERS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    let Some(with) = text.strip_suffix('(') else {
        return false;
    };
    let wrappers = WRAPPERS.get_or_init(|| {
        let mut all: Vec<&'static str> = (all().iter())
            .filter_map(|m| m.call)
            .flat_map(|c| c.wrap_arg.iter().map(|w| w.with))
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    });
    wrappers.binary_search(&with).is_ok()
}

/// One CUDA header and its HIP (and ROC) counterpart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeaderMapping {
    /// The CUDA header as written in `#include` (`cublas_v2.h`, `cub/cub.cuh`).
    pub cuda: &'static str,
    /// The HIP header; `None` with `unsupported == false` means "remove the include".
    pub hip: Option<&'static str>,
    /// The ROC header, if any.
    pub roc: Option<&'static str>,
    /// The family of the API it declares.
    pub family: Family,
    /// HIP version that first shipped the HIP header (`Version::NONE`: always there).
    pub hip_added: Version,
    /// The header older targets include instead (`hip/hip_bfloat16.h` for
    /// `cuda_bf16.h` below HIP 5.7: the type alone).
    pub legacy: Option<&'static str>,
    /// No HIP counterpart exists: leave the include and report it.
    pub unsupported: bool,
    /// Why, or what to use instead.
    pub note: &'static str,
}

/// A member of a CUDA type (`cudaDeviceProp::sharedMemPerMultiprocessor`,
/// `thread_block_tile::meta_group_rank`) that HIP's counterpart names
/// differently or lacks: `mapping.cuda` is the member, resolved like any
/// mapping (a `legacy` name for older targets, `None` where HIP has none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member {
    /// The CUDA type, unqualified (`cudaDeviceProp`, `thread_block_tile`).
    pub owner: &'static str,
    /// The member and what it becomes.
    pub mapping: Mapping,
}

/// The entry for member `name` of CUDA type `owner`, if HIP's type differs there.
pub fn member(owner: &str, name: &str) -> Option<&'static Member> {
    MEMBERS
        .iter()
        .find(|m| m.owner == owner && m.mapping.cuda == name)
}

/// Whether [`MEMBERS`] lists members of `owner`.
pub fn has_members(owner: &str) -> bool {
    MEMBERS.iter().any(|m| m.owner == owner)
}

/// The primary mapping of a CUDA name: the first family (in [`Family::ALL`] order)
/// that lists it with a HIP name, else the first that lists it.
#[inline]
pub fn lookup(name: &str) -> Option<&'static Mapping> {
    if !may_be_key(name) {
        return None;
    }
    API_INDEX.get(name).map(|ix| &MAPPINGS[ix[0] as usize])
}

/// Cheap pre-filter before hashing: length range, first two bytes and the
/// Bloom filter. False means no CUDA name is spelled `name`.
pub fn may_be_key(name: impl AsRef<[u8]>) -> bool {
    let b = name.as_ref();
    if b.len() < API_MIN_LEN || b.len() > API_MAX_LEN {
        return false;
    }
    let pair = (usize::from(b[0]) << 8) | usize::from(*b.get(1).unwrap_or(&0));
    API_PREFIX2[pair / 64] & (1 << (pair % 64)) != 0
        && key_filter::probes(b)
            .iter()
            .all(|&bit| API_FILTER[bit / 64] & (1 << (bit % 64)) != 0)
}

/// The first two bytes of every CUDA name, as [`may_be_key`] tests them:
/// bit `(b0 << 8) | b1` (a one-byte name has `b1 = 0`).
pub fn key_prefix_pairs() -> &'static [u64; 1024] {
    &API_PREFIX2
}

/// Every mapping of a CUDA name (one per family listing it), the primary first.
pub fn lookup_all(name: &str) -> impl Iterator<Item = &'static Mapping> + use<> {
    let ix: &'static [u32] = if !may_be_key(name) {
        &[]
    } else {
        API_INDEX.get(name).copied().unwrap_or(&[])
    };
    ix.iter().map(|&i| &MAPPINGS[i as usize])
}

/// The mapping of a CUDA name in one family's table.
pub fn lookup_in(family: Family, name: &str) -> Option<&'static Mapping> {
    lookup_all(name).find(|m| m.family == family)
}

/// Whether the HIP name of CUDA struct tag `cuda` is a typedef only (HIP
/// has no `struct` of that name): `struct cudaGraphicsResource *r` becomes
/// `hipGraphicsResource *r`.
pub fn hip_is_typedef_only(cuda: &str) -> bool {
    HIP_TYPEDEF_ONLY.binary_search(&cuda).is_ok()
}

/// The mapping of a CUDA header as written in `#include` (`cublas_v2.h`).
/// A header inside CUB's tree (`cub/block/block_reduce.cuh`,
/// `cub/util_allocator.cuh`) takes `cub/cub.cuh`'s: hipCUB's umbrella header
/// includes all of hipCUB, and the tables map only the umbrella (CUDA 13 ships
/// 162 headers under cccl/cub/; HeCBench's hand ports write
/// hipcub/hipcub.hpp or hipcub/'s own path for them).
pub fn header(path: &str) -> Option<&'static HeaderMapping> {
    let row = |p: &str| HEADER_INDEX.get(p).map(|&i| &HEADERS[i as usize]);
    row(path).or_else(|| cub_header(path).then(|| row("cub/cub.cuh")).flatten())
}

/// Whether `path` names one of CUB's headers other than the table's
/// `cub/cub.cuh` (`cub/block/block_load.cuh`, `cub/util_type.cuh`), or any
/// of them in a copy of CUB a project vendors (relion's
/// `"src/acc/cuda/cub/device/device_radix_sort.cuh"`). hipCUB's one header
/// declares them all (`hipcub/hipcub.hpp`, as the table maps `cub/cub.cuh`),
/// and the translation renames `cub::` wherever it is written: the CUB
/// include left as it was does not declare `hipcub::`.
fn cub_header(path: &str) -> bool {
    // Most includes are `.h` and asked about here: the cheap test first.
    let Some(stem) = path.strip_suffix(".cuh") else {
        return false;
    };
    let slash = path.as_bytes().windows(5).rposition(|w| w == b"/cub/");
    let Some(stem) = (stem.strip_prefix("cub/")).or_else(|| slash.map(|at| &stem[at + 5..])) else {
        return false;
    };
    match stem.split_once('/') {
        Some((dir, _)) => matches!(
            dir,
            "agent" | "block" | "device" | "grid" | "iterator" | "thread" | "warp"
        ),
        None => stem.starts_with("util_") || matches!(stem, "cub" | "config" | "version"),
    }
}

/// The header of CUDA 13 that declares `name` (`cuda_runtime_api.h`), for a
/// CUDA-shaped name (`cu…`, `CU…`, `nv…`) its public headers declare
/// (`mappings/cuda-declared.tsv`); `None` for anything else, such as a
/// project's own `cudaCheck`.
pub fn cuda_header(name: &str) -> Option<&'static str> {
    CUDA_DECLARED
        .get(name)
        .map(|&h| DECLARED_HEADERS[usize::from(h)])
}

/// Every API mapping: families in [`Family::ALL`] order, each sorted by CUDA name.
pub fn all() -> &'static [Mapping] {
    MAPPINGS
}

/// Every header mapping, sorted by CUDA header.
pub fn all_headers() -> &'static [HeaderMapping] {
    HEADERS
}

/// What the translation targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// HIP version to translate for: APIs added later are unsupported (or take
    /// their legacy form), APIs removed by then are reported.
    pub hip_version: Version,
    /// Use the ROC libraries (rocBLAS, rocRAND, rocSPARSE, rocSOLVER) instead of
    /// the hip* wrappers.
    pub roc: bool,
    /// No effect: cuDNN always translates to MIOpen, the only target of AMD's
    /// tables since they dropped hipDNN (July 2025). Kept so that callers and
    /// configurations that set it (`--miopen`) keep working.
    pub miopen: bool,
    /// Translate to APIs HIP marks experimental.
    pub experimental: bool,
    /// Keep `hipDataType` (`HIP_R_32F`) for `cudaDataType` even with `roc`.
    pub use_hip_data_types: bool,
}

impl Default for Target {
    /// The newest HIP the tables know, hip* libraries, nothing experimental.
    fn default() -> Target {
        Target {
            hip_version: NEWEST_HIP,
            roc: false,
            miopen: false,
            experimental: false,
            use_hip_data_types: false,
        }
    }
}

/// How a CUDA name fares on a [`Target`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Translated.
    Supported,
    /// No counterpart on the target (none at all, or not yet in its version).
    Unsupported,
    /// Translated, but the target deprecates the replacement.
    Deprecated,
    /// The replacement was removed by the target version.
    Removed,
    /// The replacement is experimental: translated only with `experimental`.
    Experimental,
}

impl Status {
    /// Lower-case name: `supported`, `unsupported`, `deprecated`, `removed`,
    /// `experimental`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Supported => "supported",
            Status::Unsupported => "unsupported",
            Status::Deprecated => "deprecated",
            Status::Removed => "removed",
            Status::Experimental => "experimental",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A mapping resolved for a [`Target`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    /// The name to emit; `None` when the name must not be rewritten.
    pub name: Option<&'static str>,
    /// Why.
    pub status: Status,
    /// Set when `name` is the legacy form (the call's arguments change too).
    pub legacy: Option<&'static Legacy>,
}

/// Whether the target uses the ROC column of a family's table.
fn roc_family(family: Family, t: &Target) -> bool {
    match family {
        Family::Blas | Family::Rand | Family::Sparse | Family::Solver => t.roc,
        // cuDNN's table has only MIOpen names, written as the HIP side.
        _ => false,
    }
}

impl Mapping {
    /// `cudaDataType` and its `CUDA_R_*` / `CUDA_C_*` enumerators, which
    /// `use_hip_data_types` keeps on the HIP side (`hipDataType`, `HIP_R_32F`).
    pub fn is_data_type(&self) -> bool {
        matches!(
            self.cuda,
            "cudaDataType" | "cudaDataType_t" | "cublasDataType_t"
        ) || self.cuda.starts_with("CUDA_R_")
            || self.cuda.starts_with("CUDA_C_")
    }

    /// The side (HIP or ROC) the target uses for this mapping: ROC for
    /// blas/rand/sparse/solver under `roc` (and not for data types under
    /// `use_hip_data_types`). A name the ROC library lacks resolves as
    /// unsupported there, not to its HIP-side name.
    pub fn side(&self, t: &Target) -> &Side {
        if self.uses_roc(t) {
            &self.roc
        } else {
            &self.hip
        }
    }

    /// Whether the target uses the ROC side of this mapping (see [`Mapping::side`]).
    pub fn uses_roc(&self, t: &Target) -> bool {
        roc_family(self.family, t)
            && (self.roc.name.is_some() || (self.hip.name.is_some() && self.kind != Kind::Macro))
            && !(t.use_hip_data_types && self.is_data_type())
    }

    /// Whether the target uses the ROC library (`--roc`) and this name has
    /// only a HIP-side counterpart (a hipBLAS function rocBLAS lacks): the
    /// HIP name would not compile against the ROC library's header, which
    /// `--roc` includes, so the name is left as written and reported.
    /// (Macros, the libraries' include guards and API markers, keep their
    /// HIP-side names as before: tested by `#ifdef`, they break nothing.)
    pub fn hip_only_under_roc(&self, t: &Target) -> bool {
        self.uses_roc(t) && self.roc.name.is_none()
    }

    /// What this CUDA name becomes on `t`.
    pub fn resolve(&self, t: &Target) -> Resolved {
        let side = self.side(t);
        let is_hip = std::ptr::eq(side, &self.hip);
        let v = t.hip_version;
        let none = |status| Resolved {
            name: None,
            status,
            legacy: None,
        };
        // Before HIP has the name (or where it has none from a version on:
        // `__CUDA_BF16_H__`, hip/hip_bfloat16.h's guard below 5.7), the
        // legacy form where one applies.
        let legacy = || match self.legacy {
            Some(l) if is_hip && v < l.before && v >= l.since => Resolved {
                name: Some(l.hip),
                status: Status::Supported,
                legacy: Some(l),
            },
            _ => none(Status::Unsupported),
        };
        let Some(name) = side.name else {
            return legacy();
        };
        if side.added.is_some() && side.added > v {
            return legacy();
        }
        if side.removed.is_some() && side.removed <= v {
            return none(Status::Removed);
        }
        if side.experimental {
            return Resolved {
                name: t.experimental.then_some(name),
                status: Status::Experimental,
                legacy: None,
            };
        }
        if side.deprecated.is_some() && side.deprecated <= v {
            return Resolved {
                name: Some(name),
                status: Status::Deprecated,
                legacy: None,
            };
        }
        Resolved {
            name: Some(name),
            status: Status::Supported,
            legacy: None,
        }
    }
}

/// What becomes of an `#include` of a CUDA header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeaderAction {
    /// Include this header instead.
    Replace(&'static str),
    /// Drop the include: HIP needs nothing in its place.
    Remove,
    /// Leave the include: there is no counterpart (or none in the target HIP).
    Keep,
}

impl HeaderMapping {
    /// What the include becomes on `t`: the ROC header where the target uses
    /// the family's ROC library and one exists, else the HIP header; kept
    /// where there is none or the target HIP predates it (and it names no
    /// legacy header for older targets).
    pub fn resolve(&self, t: &Target) -> HeaderAction {
        if self.unsupported {
            return HeaderAction::Keep;
        }
        if self.hip_added > t.hip_version {
            return self
                .legacy
                .map_or(HeaderAction::Keep, HeaderAction::Replace);
        }
        match (self.roc, self.hip) {
            (Some(roc), _) if roc_family(self.family, t) => HeaderAction::Replace(roc),
            (_, Some(hip)) => HeaderAction::Replace(hip),
            (_, None) => HeaderAction::Remove,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(major: u32, minor: u32) -> Target {
        Target {
            hip_version: Version::new(major, minor, 0),
            ..Target::default()
        }
    }

    #[test]
    fn lookup_basics() {
        let m = lookup("cudaMalloc").unwrap();
        assert_eq!(m.family, Family::Runtime);
        assert_eq!(m.kind, Kind::Function);
        assert_eq!(m.hip.name, Some("hipMalloc"));
        assert!(lookup("notACudaName").is_none());
        assert!(lookup("").is_none());
        assert_eq!(
            header("cuda_runtime.h").unwrap().hip,
            Some("hip/hip_runtime.h")
        );
        assert!(NEWEST_HIP >= Version::new(6, 2, 0));
    }

    #[test]
    fn resolve_versions() {
        let m = lookup("cudaMalloc").unwrap();
        let r = m.resolve(&Target::default());
        assert_eq!((r.name, r.status), (Some("hipMalloc"), Status::Supported));
        // Added in HIP 5.2.0: unsupported before.
        let m = lookup("cudaDeviceGetDefaultMemPool").unwrap();
        assert_eq!(
            m.resolve(&at(5, 2)).name,
            Some("hipDeviceGetDefaultMemPool")
        );
        assert_eq!(m.resolve(&at(5, 1)).status, Status::Unsupported);
        assert_eq!(m.resolve(&at(5, 1)).name, None);
    }

    #[test]
    fn resolve_legacy_warp() {
        let m = lookup("__shfl_down_sync").unwrap();
        let old = m.resolve(&at(5, 2));
        assert_eq!(old.name, Some("__shfl_down"));
        assert_eq!(old.status, Status::Supported);
        assert!(old.legacy.unwrap().drop_first_arg);
        let new = m.resolve(&at(6, 2));
        assert_eq!((new.name, new.legacy), (Some("__shfl_down_sync"), None));
        let m = lookup("__match_any_sync").unwrap();
        assert_eq!(m.resolve(&at(6, 1)).status, Status::Unsupported);
    }

    #[test]
    fn resolve_roc_and_data_types() {
        let m = lookup("cublasSgemm").unwrap();
        let roc = Target {
            roc: true,
            ..Target::default()
        };
        assert_eq!(m.resolve(&Target::default()).name, Some("hipblasSgemm"));
        assert_eq!(m.resolve(&roc).name, Some("rocblas_sgemm"));
        let m = lookup_in(Family::Blas, "CUDA_R_32F").unwrap();
        assert_eq!(m.resolve(&roc).name, Some("rocblas_datatype_f32_r"));
        let keep = Target {
            use_hip_data_types: true,
            ..roc
        };
        assert_eq!(m.resolve(&keep).name, Some("HIP_R_32F"));
        // --roc does not touch the runtime API.
        assert_eq!(
            lookup("cudaMalloc").unwrap().resolve(&roc).name,
            Some("hipMalloc")
        );
        let h = header("cublas_v2.h").unwrap();
        assert_eq!(h.resolve(&roc), HeaderAction::Replace("rocblas/rocblas.h"));
        assert_eq!(
            h.resolve(&Target::default()),
            HeaderAction::Replace("hipblas/hipblas.h")
        );
        // cuDNN goes to MIOpen with or without `miopen`.
        let miopen = Target {
            miopen: true,
            ..Target::default()
        };
        for t in [Target::default(), miopen] {
            assert_eq!(
                header("cudnn.h").unwrap().resolve(&t),
                HeaderAction::Replace("miopen/miopen.h")
            );
            assert_eq!(
                lookup("cudnnCreate").unwrap().resolve(&t).name,
                Some("miopenCreate")
            );
        }
    }

    #[test]
    fn resolve_experimental_and_unsupported() {
        // Some hipBLASLt values are experimental from 7.0.0.
        let m = lookup("CUBLASLT_MATMUL_DESC_A_SCALE_MODE").unwrap();
        let t = at(7, 0);
        assert_eq!(m.resolve(&t).status, Status::Experimental);
        assert_eq!(m.resolve(&t).name, None);
        let t = Target {
            experimental: true,
            ..t
        };
        assert_eq!(
            m.resolve(&t).name,
            Some("HIPBLASLT_MATMUL_DESC_A_SCALE_MODE")
        );
        // No HIP name at all.
        let m = lookup("cudaInitDevice").unwrap();
        assert_eq!(m.resolve(&Target::default()).status, Status::Unsupported);
        // Never renamed.
        for name in [
            "CUDA_VERSION",
            "CUDART_VERSION",
            "__CUDA_ARCH__",
            "__CUDACC_VER_MAJOR__",
        ] {
            let m = lookup(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(m.resolve(&Target::default()).name, None, "{name}");
            assert!(!m.note.is_empty(), "{name}");
        }
    }

    #[test]
    fn call_rewrites() {
        let c = lookup("cudaGetSymbolAddress").unwrap().call.unwrap();
        assert_eq!((c.wrap_arg[0].index, c.wrap_arg[0].with), (1, "HIP_SYMBOL"));
        let c = lookup("cudaEventCreate").unwrap().call.unwrap();
        assert_eq!(c.by_arity, &[(2, "hipEventCreateWithFlags")]);
        let c = lookup("cudaMallocHost").unwrap().call.unwrap();
        assert_eq!(c.append_arg, &[(2, "hipHostMallocDefault")]);
    }
}
