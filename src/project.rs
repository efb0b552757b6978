//! What the processed tree declares itself: the CUDA-shaped names (`cu…`,
//! `CU…`, `nv…`) its files and the headers they include by a relative path
//! define as macros, functions, types, enumerators or variables. A name the
//! project declares is the project's, and HIP-W004 never reports it (a name
//! the tables map keeps its rules: see `translate::identifiers`).
//!
//! Only names W004 could report matter (CUDA declares them, no table maps
//! them), so a file is searched, not lexed: each `cu`/`CU`/`nv` word is
//! looked up, and only those names get their neighbours read: a declared
//! name is one after `#define`, or after a type-like word (`void cudaFoo(`,
//! `struct cuFoo {`, `cudaError_t cudaFoo =`) and before a declarator-like
//! byte. Reading files and following includes is this module's; the CLI
//! hands it the file list and each file's own declarations as it is
//! translated, and filters the HIP-W004 candidates once the run is done.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::diagnostic::Code;
use crate::tokens::Tokens;
use crate::translate::{NOT_A_TYPE, Translation};

/// The names the processed tree declares. Each file of the run reports what
/// it declares once translated (its identifier pass collects them anyway:
/// [`ProjectNames::note`]); after the run, [`ProjectNames::resolve`] reads
/// only the files that reported nothing (skipped, or not C++) and the
/// headers outside the run that the files include. No file is read twice.
#[derive(Debug, Default)]
pub struct ProjectNames {
    files: Vec<PathBuf>,
    index: HashMap<PathBuf, usize>,
    scanned: Vec<AtomicBool>,
    noted: Mutex<(HashSet<String>, Vec<PathBuf>)>,
    /// Per file of the run that states facts (see [`used_as_warp_size`]):
    /// the facts, and the files its `#include "…"` lines name.
    facts: Mutex<Vec<(Vec<String>, Vec<PathBuf>)>>,
    /// Every file's `#include "…"` targets, for the include graph.
    includes_of: Mutex<HashMap<PathBuf, Vec<PathBuf>>>,
    /// Per file, the APIs HIP lacks that it defines itself (a shim's
    /// `atomicInc_system`, `#define __stcs …`, a vendored `CUDART_INF_F`):
    /// they count only for the file and the files that include it
    /// ([`ProjectNames::defined_in`]), not run-wide, so that one program's
    /// shim does not silence another's uses.
    defines_of: Mutex<HashMap<PathBuf, Vec<String>>>,
    /// Whether each header outside the run that a file includes is a file:
    /// asked once per path (a tree's files include the same few).
    outside_files: Mutex<HashMap<PathBuf, bool>>,
}

impl ProjectNames {
    /// For a run over `files`.
    pub fn new(files: Vec<PathBuf>) -> ProjectNames {
        ProjectNames {
            index: files
                .iter()
                .enumerate()
                .map(|(i, f)| (f.clone(), i))
                .collect(),
            scanned: files.iter().map(|_| AtomicBool::new(false)).collect(),
            files,
            ..ProjectNames::default()
        }
    }

    /// The file `#include "s"` in directory `dir` names: beside it, or else
    /// a file of the run under one of its ancestors, as a build's `-I` on
    /// the source root finds it (GROMACS' `"gromacs/gpu_utils/…"` from
    /// `src/gromacs/ewald/`, SUNDIALS' `"sundials/…"` under `include/`).
    fn include_target(&self, dir: &Path, s: &str) -> PathBuf {
        let beside = lexical(&dir.join(s));
        if self.index.contains_key(&beside) {
            return beside;
        }
        dir.ancestors()
            .skip(1)
            .map(|a| lexical(&a.join(s)))
            .find(|p| self.index.contains_key(p))
            .unwrap_or(beside)
    }

    /// Records what a file of the run declares and the headers it includes
    /// by a relative path (`declared`, `includes`: from its translation,
    /// [`crate::translate::Stats`]), once it is translated. A file the
    /// prefilter skipped has neither: its includes are read from `src`.
    pub fn note(&self, path: &Path, src: &[u8], declared: &[String], includes: &[String]) {
        let Some(&i) = self.index.get(path) else {
            return;
        };
        let dir = path.parent().unwrap_or(Path::new("."));
        let scanned;
        let includes: Vec<&str> = if declared.is_empty() && includes.is_empty() {
            scanned = relative_includes(src);
            scanned
                .iter()
                .filter_map(|inc| std::str::from_utf8(inc).ok())
                .collect()
        } else {
            includes.iter().map(String::as_str).collect()
        };
        let all: Vec<PathBuf> = includes
            .into_iter()
            .map(|s| self.include_target(dir, s))
            .collect();
        let (facts, names): (Vec<&String>, Vec<&String>) =
            declared.iter().partition(|d| d.starts_with(FACT));
        if !facts.is_empty()
            && let Ok(mut f) = self.facts.lock()
        {
            f.push((facts.into_iter().cloned().collect(), all.clone()));
        }
        if let Ok(mut g) = self.includes_of.lock() {
            g.insert(lexical(path), all.clone());
        }
        let (local, names): (Vec<&String>, Vec<&String>) =
            names.into_iter().partition(|n| n.starts_with(DEFINES));
        if !local.is_empty()
            && let Ok(mut d) = self.defines_of.lock()
        {
            d.entry(lexical(path))
                .or_default()
                .extend(local.into_iter().map(|n| n[DEFINES.len()..].to_owned()));
        }
        let outside: Vec<PathBuf> = all
            .into_iter()
            .filter(|p| !self.index.contains_key(p) && self.is_outside_file(p))
            .collect();
        if let Ok(mut noted) = self.noted.lock() {
            noted.0.extend(names.into_iter().cloned());
            noted.1.extend(outside);
        }
        self.scanned[i].store(true, Ordering::Release);
    }

    /// Whether `path`, a header outside the run, is a file.
    fn is_outside_file(&self, path: &Path) -> bool {
        if let Some(&known) = self
            .outside_files
            .lock()
            .ok()
            .as_ref()
            .and_then(|m| m.get(path))
        {
            return known;
        }
        let is = path.is_file();
        if let Ok(mut m) = self.outside_files.lock() {
            m.insert(path.to_path_buf(), is);
        }
        is
    }

    /// Whether a file of the run that includes `header` (directly or
    /// through other files of the run) states `fact`. For after the run.
    pub fn stated_for(&self, header: &Path, fact: &str) -> bool {
        let header = lexical(header);
        let (Ok(facts), Ok(graph)) = (self.facts.lock(), self.includes_of.lock()) else {
            return false;
        };
        facts
            .iter()
            .filter(|(f, _)| f.iter().any(|f| f == fact))
            .any(|(_, includes)| {
                // Breadth-first over the includes, each file once.
                let mut seen: HashSet<&Path> = HashSet::new();
                let mut queue: Vec<&Path> = includes.iter().map(PathBuf::as_path).collect();
                while let Some(p) = queue.pop() {
                    if p == header {
                        return true;
                    }
                    if seen.insert(p) {
                        queue.extend(graph.get(p).into_iter().flatten().map(PathBuf::as_path));
                    }
                }
                false
            })
    }

    /// The names `path` and the files of the run it includes (directly or
    /// through other files) define ([`defines`]): asked once per file, not
    /// per name, as each asks the include graph. For after the run.
    pub fn defined_in(&self, path: &Path) -> HashSet<String> {
        let mut out = HashSet::new();
        let (Ok(defines), Ok(graph)) = (self.defines_of.lock(), self.includes_of.lock()) else {
            return out;
        };
        if defines.is_empty() {
            return out;
        }
        let start = lexical(path);
        let mut seen: HashSet<&Path> = HashSet::new();
        let mut queue: Vec<&Path> = vec![start.as_path()];
        while let Some(p) = queue.pop() {
            if !seen.insert(p) {
                continue;
            }
            out.extend(defines.get(p).into_iter().flatten().cloned());
            queue.extend(graph.get(p).into_iter().flatten().map(PathBuf::as_path));
        }
        out
    }

    /// Every name the tree declares: what its files reported, and what the
    /// files that reported nothing and the headers included from outside
    /// the run (transitively) declare. For after the run.
    pub fn resolve(&self) -> HashSet<String> {
        let rest: Vec<PathBuf> = self
            .files
            .iter()
            .zip(&self.scanned)
            .filter(|(_, s)| !s.load(Ordering::Acquire))
            .map(|(f, _)| f.clone())
            .collect();
        let (mut names, includes) = match self.noted.lock() {
            Ok(n) => (n.0.clone(), n.1.clone()),
            Err(_) => Default::default(),
        };
        let mut seen: HashSet<PathBuf> = self.files.iter().cloned().collect();
        let mut batch = rest;
        batch.extend(includes.into_iter().filter(|p| seen.insert(p.clone())));
        names.extend(collect(batch, seen));
        names
    }
}

/// The codes whose findings name a CUDA name the tree may declare or map
/// itself (a shim's `cudaCheck`, a vendor header's `#define
/// cudaStreamAttrValue hipStreamAttrValue`): dropped after the run where
/// it does. HIP-W020 waits too: its relocatable-device-code settings
/// ([`DEVICE_LINK_SETTINGS`]) are kept only where the tree needs them.
pub const DEFERRED: [Code; 3] = [
    Code::UnmappedApi,
    Code::UnsupportedApi,
    Code::BuildSettingUnported,
];

/// What a file "declares" when its device code links across units (an
/// `extern __device__` variable, a `__device__` function defined in another
/// file): not a name any source can spell.
pub const DEVICE_LINKAGE: &str = "<device code linked across units>";

/// Build settings for relocatable device code: boilerplate in most trees
/// (CUDA links the same without it), a finding only where the tree's
/// device code links across units ([`DEVICE_LINKAGE`]).
pub const DEVICE_LINK_SETTINGS: [&str; 4] = [
    "CUDA_SEPARABLE_COMPILATION",
    "CMAKE_CUDA_SEPARABLE_COMPILATION",
    "CUDA_RESOLVE_DEVICE_SYMBOLS",
    "CMAKE_CUDA_RESOLVE_DEVICE_SYMBOLS",
];

/// The fact a file states where it uses warp-size constant `name`
/// without defining it: what a header's exported `#define WARP_SIZE 32`
/// waits for ([`crate::diagnostic::Diagnostic::awaits`]). Not a name any
/// source can spell.
pub fn used_as_warp_size(name: &[u8]) -> String {
    format!(
        "{FACT}used as the warp size: {}",
        String::from_utf8_lossy(name)
    )
}

/// What starts a fact in a file's declared list: not a name any source
/// can spell.
const FACT: &str = "<fact> ";

/// `path` with `.` and `dir/..` taken out, so that an include's path and
/// the walk's name of the same file compare equal (`src/../inc/a.h`).
fn lexical(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

/// Whether `t` has findings to settle after the run.
pub fn has_deferred(t: &Translation) -> bool {
    (t.diagnostics.iter()).any(|d| DEFERRED.contains(&d.code) || d.awaits.is_some())
}

/// The names `t`'s [`DEFERRED`] findings are about, in order (`src` is the
/// file they are about).
pub fn unmapped_names(t: &Translation, src: &[u8]) -> Vec<String> {
    (t.diagnostics.iter())
        .filter(|d| DEFERRED.contains(&d.code))
        .map(|d| String::from_utf8_lossy(src.get(d.range.clone()).unwrap_or_default()).into_owned())
        .collect()
}

/// What a file's declared list says of an API HIP lacks that the file
/// defines itself (`__device__ unsigned atomicInc_system(…) {…}`,
/// `#define __stcs(p, v) …`): [`ProjectNames::defined_in`] the file and
/// its includers. Not a name any source can spell.
pub fn defines(name: &[u8]) -> String {
    format!("{DEFINES}{}", String::from_utf8_lossy(name))
}

/// What starts a [`defines`] entry.
const DEFINES: &str = "<defines> ";

/// Drops `t`'s [`DEFERRED`] findings on names the tree declares or maps
/// (`declared`: a name of [`ProjectNames::resolve`], or one the file or
/// its includes define, [`ProjectNames::defined_in`]), its relocatable-device-
/// code settings where no file links device code across units, and the
/// findings that await a fact `stated` denies (the file's
/// [`ProjectNames::stated_for`]); `unmapped` names the findings, from
/// [`unmapped_names`].
pub fn drop_declared(
    t: &mut Translation,
    unmapped: &[String],
    declared: impl Fn(&str) -> bool,
    stated: impl Fn(&str) -> bool,
) {
    let mut names = unmapped.iter();
    let device_link = declared(DEVICE_LINKAGE);
    t.diagnostics.retain(|d| {
        if let Some(fact) = &d.awaits {
            return stated(fact);
        }
        if !DEFERRED.contains(&d.code) {
            return true;
        }
        let Some(n) = names.next() else { return true };
        if DEVICE_LINK_SETTINGS.contains(&n.as_str()) {
            device_link
        } else {
            !declared(n)
        }
    });
}

/// What the run's files, and the headers they include by a relative path
/// (transitively), define that other files read: see [`run_macros`].
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RunMacros {
    /// [`crate::Options::macro_declared`].
    pub declared: Vec<(String, String)>,
    /// [`crate::Options::host_device_macros`].
    pub host_device: Vec<String>,
    /// [`crate::Options::pasted_uses`].
    pub pasted: Vec<(String, Vec<String>)>,
}

impl RunMacros {
    /// Puts what was found into `opts`.
    pub fn apply(self, opts: &mut crate::Options) {
        opts.macro_declared = self.declared;
        opts.host_device_macros = self.host_device;
        opts.pasted_uses = self.pasted;
    }
}

/// One file's scan for [`run_macros`].
#[derive(Default)]
struct Scanned {
    /// The names it declares through a macro.
    declared: Vec<(String, String)>,
    /// Its `__host__ __device__` macros.
    host_device: Vec<String>,
    /// The macros a run file defines to paste a CUDA prefix, with their
    /// uses in the same file (read in the same lexing).
    pasted: Vec<(crate::translate::PastedMacro, PastedUses)>,
    /// The headers it includes by a relative path.
    includes: Vec<PathBuf>,
}

/// A pasting macro's uses in one file: how many, and the names they paste
/// that are no plain rename.
type PastedUses = (usize, Vec<String>);

/// What the run's files and the headers they include by a relative path
/// (transitively) define for each other, read before the run: the names
/// their classes declare through a macro
/// ([`crate::translate::macro_declared`]); the macros defined as
/// `__host__ __device__` ([`host_device_macros`]); and, for each macro a
/// file of the run defines to paste a CUDA prefix (`#define cuda(Call)
/// cuda ## Call`), the names its uses in all those files paste that are no
/// plain rename at `target` (`cudaThreadSynchronize`), where it has uses.
/// Each file is read once here and lexed at most once, only where a
/// textual test finds it may hold one of these.
pub fn run_macros(files: &[PathBuf], target: &crate::mappings::Target) -> RunMacros {
    use rayon::prelude::*;
    let run: HashSet<PathBuf> = files.iter().map(|f| lexical(f)).collect();
    let mut seen = run.clone();
    let mut visited: Vec<PathBuf> = files.to_vec();
    let mut batch: Vec<PathBuf> = files.to_vec();
    let mut found = RunMacros::default();
    let mut own_uses: HashMap<PathBuf, Vec<(crate::translate::PastedMacro, PastedUses)>> =
        HashMap::new();
    let scan = |path: &PathBuf| -> Scanned {
        let Ok(src) = std::fs::read(path) else {
            return Default::default();
        };
        let dir = path.parent().unwrap_or(Path::new("."));
        let includes = relative_includes(&src)
            .into_iter()
            .filter_map(|inc| std::str::from_utf8(inc).ok().map(|s| lexical(&dir.join(s))))
            .collect();
        let lexed = std::cell::OnceCell::new();
        let tokens = || Tokens::new(&src, lexed.get_or_init(|| crate::lex::lex(&src)));
        let pasted = if run.contains(&lexical(path)) && crate::translate::may_paste_prefix(&src) {
            let tokens = tokens();
            let macros = crate::translate::pasted_macros(&tokens);
            let uses = crate::translate::pasted_uses(&tokens, &macros, target);
            macros
                .into_iter()
                .zip(uses)
                .map(|(m, (_, n, inexact))| (m, (n, inexact)))
                .collect()
        } else {
            Vec::new()
        };
        let declared = if crate::translate::may_declare_through_macro(&src) {
            crate::translate::macro_declared(&tokens())
        } else {
            Vec::new()
        };
        Scanned {
            declared,
            host_device: host_device_macros(&src),
            pasted,
            includes,
        }
    };
    while !batch.is_empty() {
        // A file or two (a build system's per-file call) is read on this
        // thread: starting the worker threads costs more than the reading.
        let read: Vec<Scanned> = if batch.len() <= 2 {
            batch.iter().map(scan).collect()
        } else {
            batch.par_iter().map(scan).collect()
        };
        for (path, scanned) in batch.iter().zip(read.iter()) {
            if !scanned.pasted.is_empty() {
                own_uses.insert(path.clone(), scanned.pasted.clone());
            }
        }
        batch = Vec::new();
        for scanned in read {
            found.declared.extend(scanned.declared);
            found.host_device.extend(scanned.host_device);
            batch.extend(
                (scanned.includes.into_iter()).filter(|p| seen.insert(p.clone()) && p.is_file()),
            );
        }
        visited.extend(batch.iter().cloned());
    }
    found.declared.sort_unstable();
    found.declared.dedup();
    found.host_device.sort_unstable();
    found.host_device.dedup();
    // A tree copies its error-check header into many directories: each
    // macro is looked for once, not once per definition.
    let mut pastes: Vec<crate::translate::PastedMacro> = (own_uses.values().flatten())
        .map(|(m, _)| m.clone())
        .collect();
    pastes.sort_unstable();
    pastes.dedup();
    if !pastes.is_empty() {
        found.pasted = pasted_uses(&visited, &pastes, &own_uses, target);
    }
    found
}

/// For each macro of `pastes` used in `files`: the names its uses paste
/// that are no plain rename at `target` (see [`run_macros`]). Only the
/// files that may use one of the macros, beyond the uses of their own
/// macros already found (`own`), are lexed.
fn pasted_uses(
    files: &[PathBuf],
    pastes: &[crate::translate::PastedMacro],
    own: &HashMap<PathBuf, Vec<(crate::translate::PastedMacro, PastedUses)>>,
    target: &crate::mappings::Target,
) -> Vec<(String, Vec<String>)> {
    use rayon::prelude::*;
    // Only the macros a file names are looked for there. A few names (a
    // project's error checks) are searched for one by one, each a fast
    // substring search; more (a tree defines many) in one pass for all.
    let mut names: Vec<&[u8]> = pastes.iter().map(|p| p.name.as_bytes()).collect();
    names.dedup();
    let each: Vec<memchr::memmem::Finder> = if names.len() <= 8 {
        names.iter().map(memchr::memmem::Finder::new).collect()
    } else {
        Vec::new()
    };
    let Ok(all) = aho_corasick::AhoCorasick::new(if each.is_empty() { &names[..] } else { &[] })
    else {
        return Vec::new();
    };
    let per_file: Vec<Vec<(String, PastedUses)>> = files
        .par_iter()
        .map(|path| {
            let Ok(src) = std::fs::read(path) else {
                return Vec::new();
            };
            // A use is the name as a word, then `(`: a name followed by
            // anything else (a word in a comment, `cuda::std`,
            // `<cuda/atomic>`) is no use, and a file with no use is not lexed.
            let word = |b: Option<&u8>| b.is_some_and(|&b| crate::lex::is_ident_continue(b));
            let found: Box<dyn Iterator<Item = (usize, usize)>> = if each.is_empty() {
                Box::new(
                    all.find_overlapping_iter(&src)
                        .map(|m| (m.start(), m.end())),
                )
            } else {
                Box::new(each.iter().flat_map(|f| {
                    let n = f.needle().len();
                    f.find_iter(&src).map(move |at| (at, at + n))
                }))
            };
            let mut words: HashSet<&[u8]> = HashSet::new();
            for (start, end) in found {
                let bounded = !word(start.checked_sub(1).map(|p| &src[p])) && !word(src.get(end));
                if bounded && crate::translate::may_open_call(&src, end) {
                    words.insert(&src[start..end]);
                }
            }
            let own = own.get(path).map_or(&[][..], Vec::as_slice);
            let found = |p: &crate::translate::PastedMacro| {
                own.iter().find(|(m, _)| m == p).map(|(_, uses)| uses)
            };
            let named: Vec<_> = (pastes.iter())
                .filter(|p| words.contains(p.name.as_bytes()))
                .collect();
            let to_lex: Vec<_> = (named.iter())
                .filter(|p| found(p).is_none())
                .map(|p| (*p).clone())
                .collect();
            let mut lexed = Vec::new();
            if !to_lex.is_empty() {
                let lx = crate::lex::lex(&src);
                lexed = crate::translate::pasted_uses(&Tokens::new(&src, &lx), &to_lex, target);
            }
            let mut lexed = lexed.into_iter();
            named
                .into_iter()
                .map(|p| match found(p) {
                    Some(uses) => (p.name.clone(), uses.clone()),
                    None => lexed
                        .next()
                        .map(|(name, n, inexact)| (name, (n, inexact)))
                        .unwrap_or_default(),
                })
                .collect()
        })
        .collect();
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for (name, (uses, inexact)) in per_file.into_iter().flatten() {
        if uses == 0 {
            continue;
        }
        let at = match out.iter().position(|(n, _)| *n == name) {
            Some(at) => at,
            None => {
                out.push((name, Vec::new()));
                out.len() - 1
            }
        };
        for n in inexact {
            if !out[at].1.contains(&n) {
                out[at].1.push(n);
            }
        }
    }
    out.sort_unstable();
    out
}

/// The object-like macros `src` defines as `__host__ __device__` (with
/// other plain words or none: `#define HOST_DEVICE __host__ __device__`,
/// `#define HD inline __host__ __device__`), in any branch: a definition
/// headed by one is for both sides where HIP compiles that branch. Read
/// from the text, a `#define` on one line.
pub fn host_device_macros(src: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    if memchr::memmem::find(src, b"__host__").is_none() {
        return out;
    }
    for at in memchr::memmem::find_iter(src, b"define") {
        let line_start = memchr::memrchr(b'\n', &src[..at]).map_or(0, |p| p + 1);
        if src[line_start..at].trim_ascii() != b"#" {
            continue;
        }
        let rest = &src[at + 6..];
        if !rest.first().is_some_and(|b| *b == b' ' || *b == b'\t') {
            continue;
        }
        let line = &rest[..memchr::memchr(b'\n', rest).unwrap_or(rest.len())];
        let mut words = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty());
        let Some(name) = words.next() else {
            continue;
        };
        let body: Vec<&[u8]> = words.collect();
        let plain = |w: &&[u8]| w.iter().all(|&b| is_word(b));
        if plain(&name)
            && body.iter().all(plain)
            && body.contains(&&b"__host__"[..])
            && body.contains(&&b"__device__"[..])
        {
            out.push(String::from_utf8_lossy(name).into_owned());
        }
    }
    out
}

/// Scans `batch` and, transitively, the headers it includes that are not in
/// `seen`, on as many threads as the machine has.
fn collect(mut batch: Vec<PathBuf>, mut seen: HashSet<PathBuf>) -> HashSet<String> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut names = HashSet::new();
    while !batch.is_empty() {
        let chunk = batch.len().div_ceil(threads).max(1);
        let found: Vec<(Vec<String>, Vec<PathBuf>)> = std::thread::scope(|s| {
            let handles: Vec<_> = batch
                .chunks(chunk)
                .map(|part| {
                    s.spawn(move || {
                        let mut out = (Vec::new(), Vec::new());
                        // One buffer per thread: no fresh pages per file.
                        let mut buf = Vec::new();
                        for p in part {
                            let (n, inc) = scan_file(p, &mut buf);
                            out.0.extend(n);
                            out.1.extend(inc);
                        }
                        out
                    })
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        batch = Vec::new();
        for (n, includes) in found {
            names.extend(n);
            for inc in includes {
                if seen.insert(inc.clone()) && inc.is_file() {
                    batch.push(inc);
                }
            }
        }
    }
    names
}

fn scan_file(path: &Path, buf: &mut Vec<u8>) -> (Vec<String>, Vec<PathBuf>) {
    use std::io::Read;
    buf.clear();
    let read = std::fs::File::open(path).and_then(|mut f| f.read_to_end(buf));
    if read.is_err() {
        return (Vec::new(), Vec::new());
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    let (names, includes) = scan(buf);
    // Lexical, as the seen set's other paths: headers that include each
    // other through `../` (dlib's matrix/ and optimization/) would else
    // name the same file by an ever longer path, and the walk never ends.
    let includes = includes
        .into_iter()
        .filter_map(|inc| std::str::from_utf8(inc).ok().map(|s| lexical(&dir.join(s))))
        .collect();
    (names, includes)
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The names `src` declares that HIP-W004 could report (CUDA declares them
/// and no table maps them), and the paths of its `#include "…"`.
///
/// Sparse: a SIMD search finds each `cu`/`CU`/`nv` and each `include`, and
/// only there are the neighbouring bytes read, so a file costs little more
/// than a `memchr`. Comments are not skipped: a declaration written in a
/// comment counts too (it only ever silences a finding).
pub fn scan(src: &[u8]) -> (Vec<String>, Vec<&[u8]>) {
    let mut names = Vec::new();
    for pair in [&b"cu"[..], b"CU", b"nv"] {
        for s in memchr::memmem::find_iter(src, pair) {
            if s > 0 && is_word(src[s - 1]) {
                continue;
            }
            let mut e = s + 2;
            while e < src.len() && is_word(src[e]) {
                e += 1;
            }
            // The byte tests first: most words are uses, not declarations.
            if !declares(src, s, e) {
                continue;
            }
            let Ok(name) = std::str::from_utf8(&src[s..e]) else {
                continue;
            };
            if crate::mappings::cuda_header(name).is_some()
                && (crate::mappings::lookup(name).is_none() || defines_as_hip(src, s, e))
            {
                names.push(name.to_owned());
            }
        }
    }
    (names, relative_includes(src))
}

/// Whether the word at `s..e` is a `#define`d name whose body names a HIP
/// API (`#define cudaStream_t hipStream_t`): a project's own HIP layer, as
/// `translate::identifiers` reads it.
fn defines_as_hip(src: &[u8], s: usize, e: usize) -> bool {
    let before = src[..s].trim_ascii_end();
    if !before.ends_with(b"define") {
        return false;
    }
    let end = memchr::memchr(b'\n', &src[e..]).map_or(src.len(), |p| e + p);
    let body = &src[e..end];
    memchr::memmem::find(body, b"hip").is_some()
        || memchr::memmem::find(body, b"HIP").is_some()
        || memchr::memmem::find(body, b"Hip").is_some()
}

/// The paths of `src`'s `#include "…"` lines. (Found from the `#`, a byte
/// rare in code: a search for `include` itself stops at every `in`.)
fn relative_includes(src: &[u8]) -> Vec<&[u8]> {
    let mut includes = Vec::new();
    for at in memchr::memchr_iter(b'#', src) {
        let rest = src[at + 1..].trim_ascii_start();
        let Some(rest) = rest.strip_prefix(b"include") else {
            continue;
        };
        if let Some(body) = rest.trim_ascii_start().strip_prefix(b"\"") {
            if let Some(end) = memchr::memchr2(b'"', b'\n', body) {
                if body[end] == b'"' {
                    includes.push(&body[..end]);
                }
            }
        }
    }
    includes
}

/// Whether the word at `s..e` is declared there, by the identifier pass's
/// own test (`translate::identifiers`), so that a file's names are the same
/// whether that pass or this scan reads them: after `#define`, or after a
/// word that makes it a declaration (`void cudaFoo(`, `struct cuFoo`), not
/// in a `//` comment.
fn declares(src: &[u8], s: usize, _e: usize) -> bool {
    let before = src[..s].trim_ascii_end();
    let Some(&last) = before.last() else {
        return false;
    };
    if !is_word(last) {
        return false;
    }
    let line = memchr::memrchr(b'\n', &src[..s]).map_or(0, |p| p + 1);
    if memchr::memmem::find(&src[line..s], b"//").is_some() {
        return false;
    }
    let start = before
        .iter()
        .rposition(|&b| !is_word(b))
        .map_or(0, |p| p + 1);
    let word = &before[start..];
    word == b"define"
        || (!word[0].is_ascii_digit() && word != b"include" && !NOT_A_TYPE.contains(&word))
}

/// Translates `src`, the file at `path`, with `translate`; where it uses a
/// function the translation would define (`Stats::shimmed`) that a header it
/// includes by a relative path declares, that function is the project's own
/// ([`crate::Options::own_functions`]); where a rule wanted the type of a
/// class member the file declares nowhere (`Stats::wanted_members`), the
/// headers give it where they declare it `dim3`, `uint3` or `CUdeviceptr`
/// ([`crate::Options::member_types`]); where a use would collide with HIP's
/// complex operators, whether they bring in the complex header
/// ([`crate::Options::complex_header_included`]). Knowing any, the file is
/// translated again. Headers are read only for files that want one.
pub fn with_own_functions(
    path: &Path,
    src: &[u8],
    opts: &crate::Options,
    translate: impl Fn(&crate::Options) -> crate::engine::FileResult,
) -> crate::engine::FileResult {
    let first = translate(opts);
    let crate::engine::FileResult::Translated(t) = &first else {
        return first;
    };
    let wanted = Wanted {
        names: &t.stats.shimmed,
        members: &t.stats.wanted_members,
        complex_header: t.stats.wants_complex_header,
    };
    if wanted.names.is_empty() && wanted.members.is_empty() && !wanted.complex_header {
        return first;
    }
    let found = included_declarations(path, src, &wanted, opts.target.roc);
    if found.own.is_empty() && found.members.is_empty() && !found.complex_header {
        return first;
    }
    translate(&crate::Options {
        own_functions: found.own,
        member_types: found.members,
        complex_header_included: found.complex_header,
        ..opts.clone()
    })
}

/// What a file's first translation wanted to know of the headers it
/// includes by a relative path.
struct Wanted<'a> {
    /// Functions the translation would define.
    names: &'a [String],
    /// Class members whose type a rule needed.
    members: &'a [String],
    /// Whether one of them brings in the complex header.
    complex_header: bool,
}

/// What those headers answer ([`included_declarations`]).
struct Included {
    own: Vec<String>,
    members: Vec<(String, String)>,
    complex_header: bool,
}

/// The header `#include "s"` in directory `dir` names: the file beside it,
/// else one in the `include/` directory beside an ancestor, as a build's
/// `-I include` finds it (OpenMM's `platforms/cuda/src/CudaArray.cpp`
/// includes `"CudaArray.h"` of `platforms/cuda/include/`); else the path
/// beside it, which may not exist.
fn include_beside_or_in(dir: &Path, s: &str) -> PathBuf {
    let beside = lexical(&dir.join(s));
    if beside.is_file() {
        return beside;
    }
    (dir.ancestors().skip(1).take(3))
        .map(|a| lexical(&a.join("include").join(s)))
        .find(|p| p.is_file())
        .unwrap_or(beside)
}

/// Which of `names` the headers `src` (the file at `path`) includes by a
/// relative path declare, directly or through the headers they include
/// (a function, `__device__ unsigned atomicInc_system(…)`, or a
/// `#define`): by [`declares`]'s test; and which of `members` they declare
/// `dim3`, `uint3` or `CUdeviceptr` (or a function returning one), every
/// declaration agreeing (a header that names one and holds one of those
/// types is lexed: few do); and, where wanted, whether one of them
/// includes the complex header (`roc`: as `--roc` translates library
/// headers).
fn included_declarations(path: &Path, src: &[u8], wanted: &Wanted<'_>, roc: bool) -> Included {
    let (names, members) = (wanted.names, wanted.members);
    let mut complex_header = false;
    let mut found: Vec<String> = Vec::new();
    let mut typed: Vec<(String, Option<String>)> = Vec::new();
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut queue: Vec<PathBuf> = relative_includes(src)
        .into_iter()
        .filter_map(|inc| {
            std::str::from_utf8(inc)
                .ok()
                .map(|s| include_beside_or_in(dir, s))
        })
        .collect();
    let mut seen: HashSet<PathBuf> = HashSet::from([lexical(path)]);
    while let Some(header) = queue.pop() {
        let complete = found.len() == names.len()
            && members.is_empty()
            && (complex_header || !wanted.complex_header);
        if complete || !seen.insert(header.clone()) {
            continue;
        }
        let Ok(text) = std::fs::read(&header) else {
            continue;
        };
        complex_header |= wanted.complex_header && includes_complex_header(&text, roc);
        for name in names {
            let n = name.as_bytes();
            let declared = memchr::memmem::find_iter(&text, n).any(|s| {
                let e = s + n.len();
                (s == 0 || !is_word(text[s - 1]))
                    && (e == text.len() || !is_word(text[e]))
                    && declares(&text, s, e)
            });
            if declared && !found.iter().any(|f| f == name) {
                found.push((*name).to_owned());
            }
        }
        let vectors = memchr::memmem::find(&text, b"dim3").is_some()
            || memchr::memmem::find(&text, b"uint3").is_some()
            || memchr::memmem::find(&text, b"CUdeviceptr").is_some();
        let named: Vec<String> = members
            .iter()
            .filter(|m| vectors && memchr::memmem::find(&text, m.as_bytes()).is_some())
            .cloned()
            .collect();
        if !named.is_empty() {
            for (name, ty) in crate::rules::header_member_types(&text, &named) {
                match typed.iter_mut().find(|(n, _)| *n == name) {
                    // Two headers that disagree: no type.
                    Some((_, known)) if *known != ty => *known = None,
                    Some(_) => {}
                    None => typed.push((name, ty)),
                }
            }
        }
        let dir = header.parent().unwrap_or(Path::new("."));
        queue.extend(relative_includes(&text).into_iter().filter_map(|inc| {
            std::str::from_utf8(inc)
                .ok()
                .map(|s| include_beside_or_in(dir, s))
        }));
    }
    let typed = typed
        .into_iter()
        .filter_map(|(n, t)| Some((n, t?)))
        .collect();
    Included {
        own: found,
        members: typed,
        complex_header,
    }
}

/// Whether header text `text` has an `#include` line that brings HIP's
/// complex header into the unit ([`crate::rules::includes_complex_header_text`]).
fn includes_complex_header(text: &[u8], roc: bool) -> bool {
    memchr::memmem::find_iter(text, b"include").any(|at| {
        let start = text[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |n| n + 1);
        let end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |n| at + n);
        let line = text[start..end].trim_ascii_start();
        line.first() == Some(&b'#') && crate::rules::includes_complex_header_text(line, roc)
    })
}

#[cfg(test)]
mod tests {
    use super::{includes_complex_header, scan};

    #[test]
    fn complex_header_lines() {
        // An include line of the complex header, or of cuSPARSE's (whose
        // hipSPARSE header includes it, rocSPARSE's not); not a comment.
        let header = b"#pragma once\n  #  include <cuComplex.h>\n";
        assert!(includes_complex_header(header, false));
        let sparse = b"#include \"cusparse.h\"\n";
        assert!(includes_complex_header(sparse, false));
        assert!(!includes_complex_header(sparse, true));
        let commented = b"// #include <cuComplex.h>\n#include <cuda_runtime.h>";
        assert!(!includes_complex_header(commented, false));
    }

    #[test]
    fn declarations() {
        // Names CUDA 13 declares that no table maps, declared by the
        // project (a shim); `cudaMalloc` is mapped, `cudaCheck` not CUDA's.
        let src = b"#define cudaAtomicCapabilityScalar128(k, n, l) f(k, n, l)\n\
            #  include \"util/helpers.h\"\n\
            #include <cuda.h>\n\
            int cudaGetExportTable(const void** t, const void* id);\n\
            static int cudaDeviceGetHostAtomicCapabilities = 0;\n\
            // int cudaKernelSetAttributeForDevice;\n\
            void cudaCheck(int e); void* cudaMalloc(size_t);\n\
            int x = cudaKernelSetAttributeForDevice(3);\n";
        let (names, includes) = scan(src);
        assert_eq!(
            names,
            [
                "cudaAtomicCapabilityScalar128",
                "cudaGetExportTable",
                "cudaDeviceGetHostAtomicCapabilities"
            ]
        );
        assert_eq!(includes, [&b"util/helpers.h"[..]]);
    }
}
