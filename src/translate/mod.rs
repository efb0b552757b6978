//! CUDA → HIP translation passes over one file's tokens: includes,
//! identifiers (and the call arguments they need), members, string
//! literals, nvcc's syntax, launches. Each pass reads the same tokens and
//! adds [`Edit`]s against the text's bytes; [`crate::edit`] applies them
//! once, so bytes outside the edits stay exactly as they were. No pass
//! reports a finding: what a pass leaves as it is goes into [`Facts`] (the
//! resolved [`Name`]s, the headers and members [`Left`]) and the rules
//! (`rules/names.rs`) report it. [`crate::engine`] runs the passes and then
//! the rules to a fixed point.

mod calls;
mod identifiers;
mod includes;
mod launch;
mod linkage;
mod members;
mod nvcc_syntax;
mod pasted;
mod shims;
mod strings;
mod torch;

pub use crate::options::{Language, Options};
pub(crate) use identifiers::{
    CUDA_SHAPED_PAIRS, KERNEL_WORDS, NOT_A_TYPE, Name, PLAIN_TYPES, Verdict, is_kernel_word,
    may_act_on, may_rewrite, namespace_qualifiers,
};
pub(crate) use includes::{HIP_RUNTIME, path_first_words};
pub(crate) use members::CG_WORDS;
pub use pasted::PastedMacro;
pub(crate) use pasted::{may_open_call, may_paste_prefix, pasted_macros, pasted_uses};
pub(crate) use shims::answers as shim_answers;
pub(crate) use shims::atomic_overload;
pub(crate) use shims::bf16_pair_shim;
pub(crate) use shims::bf16_scalar_overloads;
pub(crate) use shims::cache_hint_load;
pub(crate) use shims::defined_by_fix as function_defined_by_fix;
pub(crate) use shims::function_title as function_shim_title;
pub(crate) use shims::half_shuffle_overloads;
pub use shims::headers as shimmed_headers;
pub(crate) use shims::is_definition as is_shim_definition;
pub(crate) use shims::launch_attribute_caveat;
pub(crate) use shims::{float_math_overload, host_math_overload};
pub(crate) use torch::WORDS as TORCH_WORDS;

use std::collections::BTreeMap;
use std::ops::Range;

use crate::diagnostic::{Code, Diagnostic};
use crate::edit::{self, Edit};
use crate::mappings::{self, Family};
use crate::tokens::{Landmarks, Scope, Tokens};

/// Counts of what was rewritten.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Identifier rewrites per API family.
    pub rewrites: BTreeMap<Family, u32>,
    /// `#include` lines rewritten, removed or added.
    pub includes: u32,
    /// Kernel launches rewritten to `hipLaunchKernelGGL`.
    pub launches: u32,
    /// Call arguments rewritten (`HIP_SYMBOL`, casts, added or dropped arguments).
    pub arguments: u32,
    /// Diagnostics fixed (`--fix`).
    pub fixed: u32,
    /// Rewrites from the user's `[mappings]`.
    pub user_rewrites: u32,
    /// Names HIP-W004 could report (CUDA declares them, no table maps them)
    /// that this file declares itself; for [`crate::project::ProjectNames`].
    /// Not added up by [`Stats::add`].
    pub declared: Vec<String>,
    /// The paths of the file's `#include "…"` lines; for
    /// [`crate::project::ProjectNames`].
    pub relative_includes: Vec<String>,
    /// The functions the file uses that the translation would define where
    /// HIP lacks them (`__syncwarp`, `__vadd4`), not `#define`d here; for
    /// [`crate::project::with_own_functions`]. Not added up.
    pub shimmed: Vec<String>,
    /// The class members the `dim3`/`uint3` conversion rule met in a
    /// position where their type decides (`cfg.grid = cfg.shape;`) and
    /// that the file declares nowhere; for
    /// [`crate::project::with_own_functions`], which reads their types from
    /// the headers the file includes. Not added up.
    pub wanted_members: Vec<String>,
    /// A `float2`/`double2` operation met that collides with HIP's complex
    /// operators where the unit includes the complex header, which the
    /// file may through a header of its own; for
    /// [`crate::project::with_own_functions`]. Not added up.
    pub wants_complex_header: bool,
}

impl Stats {
    /// Total identifier rewrites.
    pub fn total_rewrites(&self) -> u32 {
        self.rewrites.values().sum::<u32>() + self.user_rewrites
    }

    /// Adds another file's counts.
    pub fn add(&mut self, other: &Stats) {
        for (f, n) in &other.rewrites {
            *self.rewrites.entry(*f).or_default() += n;
        }
        self.includes += other.includes;
        self.launches += other.launches;
        self.arguments += other.arguments;
        self.fixed += other.fixed;
        self.user_rewrites += other.user_rewrites;
    }
}

/// The result of translating one file.
#[derive(Debug, Clone)]
pub struct Translation {
    /// The translated bytes.
    pub output: Vec<u8>,
    /// Whether `output` differs from the input.
    pub changed: bool,
    /// What was rewritten.
    pub stats: Stats,
    /// What was noticed and left, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// What the classes and namespaces of `src` declare through a macro whose
/// argument is a name the tables map, as `(scope name, CUDA name)`
/// (`struct async_alloc { WRAP(cudaMemPoolCreate, …); }`): see
/// [`Options::macro_declared`]. Lex only a file that may hold one
/// ([`may_declare_through_macro`]).
pub(crate) fn macro_declared(tokens: &Tokens<'_>) -> Vec<(String, String)> {
    identifiers::macro_declared_in(tokens)
}

/// Whether `src` may declare a mapped name through a macro (see
/// [`macro_declared`]). Every file of a run is read for it first, so the
/// test is textual and cheap: a class or namespace, and `WORD(NAME,` or
/// `WORD(NAME)` as a statement, where NAME is a name the tables map and WORD
/// is not (a macro of the project's, not a CUDA call taking a CUDA constant).
pub(crate) fn may_declare_through_macro(src: &[u8]) -> bool {
    let word_len = |s: &[u8]| {
        s.iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
            .unwrap_or(s.len())
    };
    let mapped = |w: &[u8]| std::str::from_utf8(w).is_ok_and(|w| mappings::lookup(w).is_some());
    let scopes = [&b"namespace"[..], b"struct", b"class"];
    if !scopes
        .iter()
        .any(|w| memchr::memmem::find(src, w).is_some())
    {
        return false;
    }
    memchr::memchr_iter(b'(', src).any(|at| {
        // Most `(` are followed by another word at once: rule them out first.
        if !src
            .get(at + 1)
            .is_some_and(|b| matches!(b, b'c' | b'C' | b'n') || b.is_ascii_whitespace())
        {
            return false;
        }
        let rest = src[at + 1..].trim_ascii_start();
        if !matches!(rest.get(..2), Some(b"cu" | b"CU" | b"nv")) {
            return false;
        }
        let word = word_len(rest);
        if !(matches!(rest[word..].trim_ascii_start().first(), Some(b',' | b')'))
            && mapped(&rest[..word]))
        {
            return false;
        }
        let before = src[..at].trim_ascii_end();
        let start = before
            .iter()
            .rposition(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
            .map_or(0, |p| p + 1);
        let invoked = &before[start..];
        // Invoked as a statement: first on its line, or after `;`, `{`, `}`.
        let statement = matches!(
            before[..start].trim_ascii_end().last(),
            None | Some(b';' | b'{' | b'}')
        ) || before[..start].ends_with(b"\n")
            || before[..start]
                .iter()
                .rev()
                .take_while(|&&b| b != b'\n')
                .all(|b| b.is_ascii_whitespace());
        statement && !invoked.is_empty() && !mapped(invoked)
    })
}

/// The text the passes before leave to no other edit: what they delete,
/// and the argument gaps a call's rewrite writes anew (a string or a spaced
/// launch in an argument HIP's form drops or moves). Sorted, merged.
fn rewritten(cx: &Cx<'_>) -> Vec<std::ops::Range<usize>> {
    let mut ranges = edit::deleted_ranges(&cx.edits);
    ranges.extend(cx.facts.rewritten_arguments.iter().cloned());
    edit::merged(ranges)
}

/// Line start `point` moved above the `// hipify-ignore` lines before it,
/// over the blank and comment lines between: a standalone suppression
/// covers the next line holding code, so lines inserted after it would take
/// that line's place (and a second run would report what the first left
/// suppressed). A line is read with the lines a backslash splices onto it
/// (`// a \` continues its comment on the next line). `None` where such a
/// suppression is spliced onto code above it: no line can go above it.
pub(super) fn above_suppressions(src: &[u8], point: usize) -> Option<usize> {
    let (mut at, mut moved) = (point, point);
    while let Some(end) = at.checked_sub(1) {
        let mut above = memchr::memrchr(b'\n', &src[..end]).map_or(0, |p| p + 1);
        // The line before ends in a backslash: it splices onto this one.
        let spliced = |above: usize| {
            let before = &src[..above.saturating_sub(1)];
            above > 0
                && before
                    .strip_suffix(b"\r")
                    .unwrap_or(before)
                    .ends_with(b"\\")
        };
        while spliced(above) {
            above = memchr::memrchr(b'\n', &src[..above - 1]).map_or(0, |p| p + 1);
        }
        // Read with its splices removed: ` \⏎// hipify-ignore` is a
        // comment line too.
        let joined = crate::lex::despliced(&src[above..at]);
        let line = joined.trim_ascii();
        if !line.is_empty() && !line.starts_with(b"//") {
            // Code that a suppression comment starting a line of its own is
            // spliced onto (`f(); \⏎ // hipify-ignore…`): the suppressions
            // read that comment as standing alone, covering the line after
            // it, and nothing may go between them.
            return (!spliced_standalone_suppression(&src[above..at])).then_some(moved);
        }
        if memchr::memmem::find(line, b"hipify-ignore").is_some() {
            moved = above;
        }
        at = above;
    }
    Some(moved)
}

/// Whether lines joined by splices hold a `//` comment that starts a line
/// of its own after the first, with a suppression in it.
fn spliced_standalone_suppression(lines: &[u8]) -> bool {
    let mut starts = memchr::memchr_iter(b'\n', lines).map(|p| p + 1);
    starts.any(|s| {
        let rest = &lines[s..];
        rest.trim_ascii_start().starts_with(b"//")
            && memchr::memmem::find(rest, b"hipify-ignore").is_some()
    })
}

/// Runs the translation passes over `cx`, in order; returns whether the
/// file shows CUDA (a `.cu` file, the kernel language, a CUDA name or
/// header), for the rules.
pub(crate) fn passes(cx: &mut Cx<'_>, language: Language) -> bool {
    let includes = includes::scan(cx);
    let mut names = identifiers::resolve(cx, includes.legacy_cublas);
    identifiers::rewrite(cx, &mut names);
    cx.facts.names = names;
    torch::rewrite(cx);
    members::rewrite(cx);
    pasted::rewrite(cx);
    if !cx.opts.keep_strings {
        strings::rewrite(cx);
    }
    let cuda = language == Language::Cuda
        || cx.facts.uses_kernel_language
        || cx.facts.uses_cuda_names
        || includes.has_cuda_include;
    if !cuda {
        identifiers::unclaimed_by_cuda(&mut cx.facts.names);
    }
    if cuda {
        // Before the launch rewrite, which carries the edits inside a launch
        // into its replacement.
        nvcc_syntax::drop_register(cx);
        nvcc_syntax::name_empty_braces(cx);
        nvcc_syntax::hoist_alignas(cx);
    }
    let crossing = if cuda {
        linkage::crosses_units(cx)
    } else {
        Vec::new()
    };
    if !crossing.is_empty() {
        cx.stats
            .declared
            .push(crate::project::DEVICE_LINKAGE.to_owned());
    }
    // Reported where the declaration says `extern`: the unit means to link
    // another's device code.
    if let Some(&(at, name, _)) = crossing.iter().find(|c| c.2) {
        cx.facts.left.push(Left::DeviceLinkage { at, name });
    }
    if cx.opts.kernel_execution_syntax {
        launch::rewrite(cx);
    }
    includes::ensure_hip_runtime(cx, &includes, language);
    if cuda && !cx.opts.kernel_execution_syntax {
        nvcc_syntax::join_spaced_launches(cx);
    }
    cuda
}

impl Translation {
    /// Applies `edits` (against `src`) once and orders the diagnostics: the
    /// last step of every translation, C++ or build file.
    pub(crate) fn assemble(
        src: &[u8],
        edits: Vec<Edit>,
        diagnostics: Vec<Diagnostic>,
        stats: Stats,
    ) -> Translation {
        Translation::assemble_keeping(src, edits, diagnostics, stats).0
    }

    /// [`Translation::assemble`], also returning the edits it applied
    /// (sorted, disjoint; none where two overlapped and the file was left).
    pub(crate) fn assemble_keeping(
        src: &[u8],
        edits: Vec<Edit>,
        mut diagnostics: Vec<Diagnostic>,
        stats: Stats,
    ) -> (Translation, Vec<Edit>) {
        let (edits, overlapping) = edit::normalize(edits);
        if let Some(first) = overlapping.first() {
            // Two passes disagree on some bytes: a bug. The file stays as it
            // is rather than taking whichever edit came first.
            diagnostics.push(Diagnostic::new(
                Code::InternalPanic,
                first.range.clone(),
                "internal error: two rewrites overlap here; the file was left untouched (please report it)",
            ));
            diagnostics.sort_by_key(|d| (d.range.start, d.code));
            let t = Translation {
                output: src.to_vec(),
                changed: false,
                stats,
                diagnostics,
            };
            return (t, Vec::new());
        }
        let output = edit::apply(src, &edits);
        let changed = output != src;
        diagnostics.sort_by_key(|d| (d.range.start, d.code));
        let t = Translation {
            output,
            changed,
            stats,
            diagnostics,
        };
        (t, edits)
    }
}

/// What a pass left as it is, for the names rule (`rules/names.rs`) to
/// report: no pass reports anything itself.
pub(crate) enum Left {
    /// `cublas.h` (header-name token `tok`) in a file of the legacy cuBLAS
    /// API, which hipBLAS lacks.
    LegacyCublasHeader { tok: usize },
    /// A CUDA header the target HIP lacks (header-name token `tok`).
    Header {
        tok: usize,
        path: String,
        header: &'static crate::mappings::HeaderMapping,
    },
    /// `object.member` where HIP's member returns a narrower integer and the
    /// access is a variadic call's argument whose cast has no one place
    /// (`a[i].num_threads()` in a `printf`).
    MemberInVarargs {
        object: usize,
        member: usize,
        hip_type: &'static str,
        hip: &'static str,
    },
    /// A declaration (first token `at`, declared name `name`) of device
    /// code another unit defines, which hipcc links only with `-fgpu-rdc`.
    DeviceLinkage { at: usize, name: usize },
    /// A use of a function-like macro (tokens `call`) whose body reaches
    /// `member` (a token of the `#define`) on the parameter its `argument`
    /// (tokens: a variable of a listed type, or a factory's call) takes, where HIP's type (`hip_type`)
    /// names the member `hip` or has none at the target.
    MacroMember {
        call: std::ops::Range<usize>,
        argument: std::ops::Range<usize>,
        member: usize,
        hip_type: &'static str,
        hip: Option<&'static str>,
        entry: &'static crate::mappings::Member,
    },
    /// A CUDA prefix a macro pastes API names onto (`cuda ## Call`, token
    /// `prefix`), left: `names` are the pasted names that are no plain
    /// rename to HIP's prefix (none: the file never uses the macro).
    PastedPrefix { prefix: usize, names: Vec<String> },
    /// `object.member` where HIP's type (`hip_type`) has no such member at
    /// the target.
    Member {
        object: usize,
        member: usize,
        hip_type: &'static str,
        entry: &'static crate::mappings::Member,
    },
}

/// What the passes learn about the file that later passes need.
#[derive(Default)]
pub(crate) struct Facts {
    /// The file uses the runtime or driver API.
    pub(crate) uses_runtime_api: bool,
    /// The bytes a call's argument rewrite writes anew (the gaps between
    /// the arguments it keeps: a dropped or moved argument).
    pub(crate) rewritten_arguments: Vec<std::ops::Range<usize>>,
    /// The file uses the kernel language (`__global__`, `threadIdx` …).
    pub(crate) uses_kernel_language: bool,
    /// A runtime or driver API use outside the project's conditionals
    /// ([`includes::project_conditionals`]).
    pub(crate) runtime_api_unguarded: bool,
    /// A kernel-language word outside the project's conditionals.
    pub(crate) kernel_language_unguarded: bool,
    /// Some identifier names a CUDA API (of any family).
    pub(crate) uses_cuda_names: bool,
    /// Some `<<<` was left as it is by the launch rewrite
    /// (`--hip-kernel-execution-syntax`).
    pub(crate) launches_left: bool,
    /// Where the rarer tokens the later passes look for are.
    pub(crate) landmarks: Landmarks,
    /// What each identifier that may be a CUDA name resolved to (the
    /// identifier pass's resolve step), for the names rule.
    pub(crate) names: Vec<Name>,
    /// Headers and members the passes left as they are, for the names rule.
    pub(crate) left: Vec<Left>,
    /// CUDA API names the file declares as its own (a dynamic loader's
    /// `tcuInit *cuInit;`): the project's, left as they are after that,
    /// in code and strings, and never reported.
    pub(crate) own_api_names: Vec<Vec<u8>>,
}

/// The state the passes share for one file: its tokens (which it derefs
/// to), the options, and what the passes have done and found so far.
pub(crate) struct Cx<'a> {
    /// The file's tokens.
    pub(crate) tokens: Tokens<'a>,
    pub(crate) opts: &'a Options,
    pub(crate) edits: Vec<Edit>,
    pub(crate) stats: Stats,
    pub(crate) facts: Facts,
    /// Where tree-sitter could not parse a statement the declaration check
    /// asked about (a check that takes `&self`), for the names rule.
    pub(crate) unparsed: std::cell::RefCell<Vec<Range<usize>>>,
}

impl<'a> std::ops::Deref for Cx<'a> {
    type Target = Tokens<'a>;

    fn deref(&self) -> &Tokens<'a> {
        &self.tokens
    }
}

impl<'a> Cx<'a> {
    /// A file's state before any pass, over its `tokens`.
    pub(crate) fn new(mut tokens: Tokens<'a>, opts: &'a Options) -> Cx<'a> {
        let inserted = shims::inserted_definitions(&tokens);
        tokens.hide_declarations_in(inserted);
        Cx {
            tokens,
            opts,
            edits: Vec::new(),
            stats: Stats::default(),
            facts: Facts::default(),
            unparsed: std::cell::RefCell::new(Vec::new()),
        }
    }

    /// The source text of tokens `a..b` with the edits already made inside it
    /// applied, and those edits removed (the caller replaces the whole range).
    pub(crate) fn take_rendered(&mut self, range: Range<usize>) -> String {
        let mut inner = Vec::new();
        self.edits.retain(|e| {
            let inside = e.range.start >= range.start && e.range.end <= range.end;
            if inside {
                inner.push(e.clone());
            }
            !inside
        });
        let (inner, _) = edit::normalize(inner);
        String::from_utf8_lossy(&edit::render_range(self.src, range, &inner)).into_owned()
    }

    /// Whether identifier token `i` is a declaration owned by a user's
    /// namespace or class: the lexical scope says namespace or class, and
    /// tree-sitter, parsing just that statement, says it declares the name.
    pub(crate) fn is_user_declaration(&self, i: usize) -> bool {
        // At file scope a CUDA name is most often CUDA's own declaration
        // copied (`extern "C" cudaError_t cudaMalloc(void**, size_t);`): only
        // a pointer of that name (a loader's `tcuInit *cuInit;`) is the user's.
        let scope = self.scope(i);
        let global = scope == Scope::Global;
        if !matches!(scope, Scope::Namespace | Scope::Class | Scope::Global) {
            return false;
        }
        // The statement: from the last `;`, `{` or `}` to the next `;` or `{`.
        let boundary = |k: usize| matches!(self.text(k), b";" | b"{" | b"}");
        let mut a = i;
        while let Some(p) = self.prev(a).filter(|&p| !boundary(p)) {
            a = p;
        }
        let mut b = i;
        while let Some(n) = self.next(b) {
            b = n;
            if boundary(n) {
                break;
            }
        }
        // `MemCreateFn *cuMemCreate{nullptr};` (XGBoost's driver loader): the
        // `{` after the name is a brace initializer; the statement ends at
        // the `;` after it. (After `struct cudaX` it opens a class body.)
        let class_head = self.prev(i).is_some_and(|p| {
            matches!(
                self.text(p),
                b"struct" | b"class" | b"union" | b"enum" | b"namespace"
            )
        });
        if self.is_punct(b, b"{") && self.next(i) == Some(b) && !class_head {
            if let Some(end) = self
                .matching_close(b)
                .and_then(|c| self.next(c))
                .filter(|&n| self.is_punct(n, b";"))
            {
                b = end;
            }
        }
        let start = self.tok(a).start as usize;
        let mut snippet = self.src[start..self.tok(b).end as usize].to_vec();
        if snippet.ends_with(b"{") {
            snippet.push(b'}');
        }
        let t = self.tok(i);
        let Some(tree) = crate::syntax::parse(&snippet) else {
            return false;
        };
        if let Some(at) = crate::syntax::first_error(&tree) {
            // Macro-heavy code: say the declaration check could not run here
            // (within the statement: not in the `}` added to close it).
            let end = self.tok(b).end as usize;
            let (a, z) = ((start + at.start).min(end), (start + at.end).min(end));
            self.unparsed.borrow_mut().push(a..z);
        }
        let (a, z) = (t.start as usize - start, t.end as usize - start);
        if global {
            crate::syntax::declares_pointer(&tree, a, z)
        } else {
            crate::syntax::declares(&tree, a, z)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Overlapping edits are a bug in some pass: in every build the file is
    /// left as it is, with an internal-error finding at the clash.
    #[test]
    fn overlapping_edits_leave_the_file_untouched() {
        let src = b"cudaMalloc(&p, n);";
        let edits = vec![Edit::replace(0..10, "hipMalloc"), Edit::replace(4..8, "X")];
        let t = Translation::assemble(src, edits, Vec::new(), Stats::default());
        assert_eq!(t.output, src);
        assert!(!t.changed);
        assert_eq!(t.diagnostics.len(), 1);
        assert_eq!(t.diagnostics[0].code, Code::InternalPanic);
        assert_eq!(t.diagnostics[0].range, 4..8);
    }
}
