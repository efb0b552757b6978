//! The rules: every finding about a C/C++/CUDA file's code. The translation
//! passes rewrite and report nothing; the rules read what they did and
//! report, each finding a [`Diagnostic`], some with an exact
//! [`crate::diagnostic::Fix`] (data: the engine applies it); no rule
//! rewrites text. They see a file through [`Cx`], a read-only view: the
//! [`Tokens`] (and, where a rule must, a tree-sitter parse of one
//! statement), the options, the passes' edits, and what the identifier
//! pass resolved each name to.
//!
//! Two kinds: [`left_by_translation`] reports what the passes left (the
//! names rule: unsupported, unmapped and deprecated names, headers and
//! members HIP lacks, calls whose arguments could not be rewritten;
//! unterminated comments), and [`check`] the hazards no rename fixes
//! (inline PTX, warp masks, `__CUDA_ARCH__` …). [`RULES`] lists every rule
//! with its codes, where it runs (the prefilter's words come from it) and
//! how it treats code the project guards (read by `branches.rs` and
//! `guards.rs`); `table.rs` holds the row's types, what is computed from
//! the rows, and the tests that keep the table and the code in step.

mod bodies;
pub(crate) mod branches;
mod collisions;
pub(crate) mod conditions;
mod edits;
mod guards;
mod libraries;
mod names;
mod ptx;
mod rtc;
pub(crate) use collisions::includes_complex_header_text;
pub(crate) use ptx::ends_before_statement;
pub(crate) use semantics::header_member_types;
mod semantics;
mod table;
mod versions;
mod warp;

pub(crate) use collisions::retain_outside;
pub(crate) use table::{reported_by_a_rule, triggers};

use crate::diagnostic::{Code, Diagnostic};
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::options::Options;
use crate::tokens::{Landmarks, Tokens};
use crate::translate::{Facts, Left, Name};
use table::Guarded::{CudaName, GuardableCudaName, GuardableHazard, Hazard};
use table::{Rule, Runs, Triggers};

/// What the rules read of a file: its tokens (which it derefs to), the
/// options, the translation's edits, the rare tokens the identifier pass
/// noted, what it resolved each name to, and what the passes left.
pub(crate) struct Cx<'a> {
    tokens: &'a Tokens<'a>,
    pub(crate) opts: &'a Options,
    /// The translation's edits, against the same text as the tokens.
    pub(crate) edits: &'a [Edit],
    pub(crate) landmarks: &'a Landmarks,
    /// What the identifier pass resolved each name to.
    pub(crate) names: &'a [Name],
    /// The headers and members the passes left.
    pub(crate) left: &'a [Left],
    /// `edits` by position, made on first need.
    edit_index: std::cell::OnceCell<edits::EditIndex>,
    /// Answers about names that take a walk over the whole file (does the
    /// file define a function, a class, so spelled? where is its first
    /// call that needs a definition?), kept per name: a rule asks at each
    /// use.
    by_name: std::cell::RefCell<Vec<(NameQuery, Box<[u8]>, Option<usize>)>>,
    /// The definition a rule's fix inserts for a name, kept per name: every
    /// use's fix is the same insertion ([`Cx::memo_definition`]).
    definitions: std::cell::RefCell<Vec<(Box<[u8]>, DefinitionFix)>>,
    /// Members whose type a rule wanted and the file does not declare
    /// ([`Outcome::wanted_members`]).
    pub(crate) wanted_members: std::cell::RefCell<Vec<String>>,
}

/// A question [`Cx::memo`] keeps the answer to, per name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum NameQuery {
    /// The file defines a function so named.
    DefinesFunction,
    /// The file declares a class so named.
    DeclaresClass,
    /// The file declares a variable, parameter or template parameter so
    /// named after a type word (`int warpSize`).
    DeclaresTyped,
    /// The file's first call of a function that a rule's definition serves
    /// (host `rsqrtf`, `sincos` on `float`, `__ldcs` on a non-half
    /// pointer): where that definition goes.
    FirstServedCall,
    /// The file declares a function so named where CUDA compiles it.
    DefinedForCuda,
}

/// What a shim's `*_overload` answers for a name: `None` where the file
/// (or a header it includes) has the definition already, else the
/// insertion and its title, or `None` within where it has no line to go on.
pub(crate) type DefinitionFix = Option<Option<(Edit, &'static str)>>;

impl<'a> Cx<'a> {
    /// The view the rules read.
    pub(crate) fn new(
        tokens: &'a Tokens<'a>,
        opts: &'a Options,
        edits: &'a [Edit],
        facts: &'a Facts,
    ) -> Cx<'a> {
        Cx {
            tokens,
            opts,
            edits,
            landmarks: &facts.landmarks,
            names: &facts.names,
            left: &facts.left,
            edit_index: std::cell::OnceCell::new(),
            by_name: std::cell::RefCell::default(),
            definitions: std::cell::RefCell::default(),
            wanted_members: std::cell::RefCell::default(),
        }
    }

    /// The answer to `query` about `name`, asked of `answer` once per file.
    pub(crate) fn memo(
        &self,
        query: NameQuery,
        name: &[u8],
        answer: impl FnOnce() -> bool,
    ) -> bool {
        self.memo_token(query, name, || answer().then_some(0))
            .is_some()
    }

    /// [`Cx::memo`] for a question whose answer is a token (or none).
    pub(crate) fn memo_token(
        &self,
        query: NameQuery,
        name: &[u8],
        answer: impl FnOnce() -> Option<usize>,
    ) -> Option<usize> {
        let known = (self.by_name.borrow().iter())
            .find(|(q, n, _)| *q == query && &n[..] == name)
            .map(|&(_, _, a)| a);
        known.unwrap_or_else(|| {
            let a = answer();
            self.by_name.borrow_mut().push((query, name.into(), a));
            a
        })
    }

    /// The definition fix for `name`, made by `answer` once per file: every
    /// use's fix is the one insertion before the first served call. (The
    /// rules asking serve disjoint names: `rsqrtf`, `sincos`, `__ldcs` ….)
    pub(crate) fn memo_definition(
        &self,
        name: &[u8],
        answer: impl FnOnce() -> DefinitionFix,
    ) -> DefinitionFix {
        let known = (self.definitions.borrow().iter())
            .find(|(n, _)| &n[..] == name)
            .map(|(_, a)| a.clone());
        known.unwrap_or_else(|| {
            let a = answer();
            self.definitions.borrow_mut().push((name.into(), a.clone()));
            a
        })
    }

    fn edit_index(&self) -> &edits::EditIndex {
        self.edit_index
            .get_or_init(|| edits::EditIndex::new(self.edits))
    }

    /// The edits that start at byte `start`, in the passes' order.
    pub(crate) fn edits_starting_at(&self, start: usize) -> impl Iterator<Item = &'a Edit> + '_ {
        self.edit_index().starting_at(self.edits, start)
    }

    /// The first edit (in the passes' order) that replaces exactly `range`.
    pub(crate) fn edit_replacing(&self, range: &std::ops::Range<usize>) -> Option<&'a Edit> {
        self.edit_index().replacing(self.edits, range)
    }

    /// Whether byte `p` lies strictly inside text an edit replaces.
    pub(crate) fn replaced_around(&self, p: usize) -> bool {
        self.edit_index().replaces_around(self.edits, p)
    }
}

impl<'a> std::ops::Deref for Cx<'a> {
    type Target = Tokens<'a>;

    fn deref(&self) -> &Tokens<'a> {
        self.tokens
    }
}

/// Every rule: its codes, each with how it treats code the project guards,
/// where it runs (what stops the prefilter), the identifiers it reports
/// itself. A rule's row sits here beside its call in [`check`] or
/// [`left_by_translation`]; `table.rs` computes the lists the engine
/// reads from it and tests that every code a file emits is in its row.
pub(crate) const RULES: &[Rule] = &[
    Rule {
        name: "NVIDIA libraries (includes and namespaces)",
        sources: &["rules/libraries.rs"],
        codes: &[
            (Code::CutlassCute, Hazard),
            (Code::NvidiaOnlyLibrary, CudaName),
            (Code::LibraryPort, CudaName),
        ],
        runs: Runs::Anywhere(libraries::TRIGGERS),
        names: &[],
    },
    Rule {
        name: "inline PTX",
        sources: &["rules/ptx.rs"],
        codes: &[(Code::InlinePtx, GuardableHazard)],
        runs: Runs::CudaFiles,
        names: &[],
    },
    Rule {
        name: "constructs that mean something else in HIP",
        sources: &["rules/semantics.rs"],
        codes: &[
            (Code::CudaArchGuard, GuardableCudaName),
            (Code::LaunchBoundsMinBlocks, Hazard),
            (Code::WarpSizeConstexpr, Hazard),
            (Code::TextureReference, Hazard),
            (Code::PrintfBuiltinArg, Hazard),
            (Code::UnsupportedApi, CudaName),
        ],
        runs: Runs::CudaFiles,
        names: &[b"__CUDA_ARCH__"],
    },
    Rule {
        name: "warp masks and the warp size",
        sources: &["rules/warp.rs"],
        codes: &[(Code::WarpMask32, Hazard), (Code::WarpSize32, Hazard)],
        runs: Runs::CudaFiles,
        names: &[],
    },
    Rule {
        name: "definitions HIP's headers make too",
        sources: &["rules/collisions.rs"],
        codes: &[(Code::HipCollision, Hazard)],
        runs: Runs::CudaFiles,
        names: &[],
    },
    Rule {
        name: "forward declarations of CUDA's vector types",
        sources: &["rules/collisions.rs"],
        codes: &[(Code::HipCollision, Hazard)],
        runs: Runs::Anywhere(collisions::VECTOR_TYPE_TRIGGERS),
        names: &[],
    },
    Rule {
        name: "run-time compilation: NVRTC options, and the headers and names kernel source holds",
        sources: &["rules/rtc.rs"],
        codes: &[
            (Code::NvccFlag, Hazard),
            (Code::UnsupportedHeader, CudaName),
            (Code::UnsupportedApi, CudaName),
        ],
        runs: Runs::CudaFiles,
        names: &[],
    },
    Rule {
        name: "CUDA version checks",
        sources: &["rules/versions.rs"],
        codes: &[(Code::VersionCheck, GuardableCudaName)],
        runs: Runs::CudaFiles,
        names: versions::MACROS,
    },
    Rule {
        name: "what the translation leaves: names, headers, members, calls; unterminated comments",
        sources: &["rules/names.rs"],
        codes: &[
            (Code::UnmappedApi, CudaName),
            (Code::UnsupportedApi, CudaName),
            (Code::LegacyCublas, CudaName),
            (Code::DeprecatedApi, CudaName),
            (Code::UnsupportedHeader, CudaName),
            (Code::ParseError, Hazard),
            (Code::BuildSettingUnported, Hazard),
        ],
        runs: Runs::Translation,
        names: &[],
    },
    Rule {
        name: "suppression comments that suppress nothing",
        sources: &["diagnostic/resolve.rs"],
        codes: &[(Code::UnusedSuppression, Hazard)],
        runs: Runs::Anywhere(Triggers {
            words: &[],
            prefixes: &[],
            substrings: &[b"hipify-ignore"],
        }),
        names: &[],
    },
    Rule {
        name: "build files",
        sources: &[
            "buildfiles/cmake.rs",
            "buildfiles/make.rs",
            "buildfiles/flags.rs",
            "buildfiles/python.rs",
        ],
        codes: &[
            (Code::GpuArchList, Hazard),
            (Code::NvccFlag, Hazard),
            (Code::PythonBuildSetting, Hazard),
            (Code::BuildSettingUnported, Hazard),
            (Code::TorchExtension, Hazard),
        ],
        runs: Runs::BuildFiles,
        names: &[],
    },
    Rule {
        name: "the tool's own failures",
        sources: &[
            "engine/mod.rs",
            "engine/round.rs",
            "translate/mod.rs",
            "single_source/mod.rs",
            "cli/process.rs",
            "cli/single_source.rs",
        ],
        codes: &[(Code::IoError, Hazard), (Code::InternalPanic, Hazard)],
        runs: Runs::Tool,
        names: &[],
    },
    Rule {
        name: "single-source lines no block can hold (unpaired conditionals)",
        sources: &["single_source/mod.rs"],
        codes: &[(Code::ParseError, Hazard)],
        runs: Runs::Tool,
        names: &[],
    },
];

/// What the rules tell the engine besides their findings.
#[derive(Default)]
pub(crate) struct Outcome {
    /// What the file tells the run's other files
    /// ([`crate::project::ProjectNames`]).
    pub(crate) facts: Vec<String>,
    /// Byte ranges whose translation findings a required fix makes moot:
    /// code kept for CUDA alone (under a guard no HIP build compiles), a
    /// call rewritten into a form the target has.
    pub(crate) moot: Vec<(usize, usize)>,
    /// Class members a rule needed the type of that the file declares
    /// nowhere (`crate::translate::Stats::wanted_members`).
    pub(crate) wanted_members: Vec<String>,
    /// A use would collide with HIP's complex operators were the complex
    /// header in the unit, which a header of the file's own may include
    /// (`crate::translate::Stats::wants_complex_header`).
    pub(crate) wants_complex_header: bool,
}

/// What the translation left: the names rule's findings (the table's
/// [`table::Runs::Translation`] rows). Kept apart from [`check`]'s because
/// they are about the translation: a required fix that makes code moot
/// (kept for CUDA alone) drops them there ([`Outcome::moot`]), while the
/// guards ([`guards`]) are for hazards.
pub(crate) fn left_by_translation(cx: &Cx<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    names::check(cx, &mut out);
    out
}

/// The notes where tree-sitter could not parse a statement the identifier
/// pass's declaration check asked about (byte ranges `at`).
pub(crate) fn unparsed(at: &[std::ops::Range<usize>]) -> Vec<Diagnostic> {
    names::unparsed(at)
}

/// Runs every hazard rule over one file, in one pass over its tokens;
/// fills `outcome`. The device-code rules run only on files that show
/// CUDA (a `.cu`/`.cuh` file, the kernel language, or a CUDA name): in
/// plain C++ a `% 32` or an `asm` is not a GPU hazard, and skipping them
/// keeps such files nearly as cheap as lexing them.
pub(crate) fn check(cx: &Cx<'_>, cuda: bool, outcome: &mut Outcome) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    libraries::includes(cx, &mut out);
    let mut last_namespace_line = usize::MAX;
    let mut warp = warp::Warp::new(cx);
    let mut versions = versions::Versions::default();
    let mut collisions = collisions::Collisions::default();
    if cuda {
        ptx::check(cx, &mut out);
        rtc::check(cx, &mut out);
        semantics::launches(cx, &mut out);
        semantics::fnuz_fp8(cx, &mut out);
        semantics::integer_handles(cx, &mut out);
        semantics::integer_device_pointers(cx, &mut out);
        semantics::host_half_arithmetic(cx, &mut out);
        semantics::header_member_assignments(cx, &mut out);
    }
    // The definitions an earlier round inserted are the translation's own
    // HIP code: what they define under CUDA's names (the bf16 pair's
    // `__hmax2` below HIP 5.7) is neither a use nor the project's own.
    let mut inserted = cx.inserted_definitions().iter().peekable();
    for (i, t) in cx.lx.tokens.iter().enumerate() {
        while inserted.next_if(|r| r.end as usize <= i).is_some() {}
        if inserted.peek().is_some_and(|r| r.start as usize <= i) {
            continue;
        }
        match t.kind {
            TokenKind::Ident => {
                let name = &cx.src[t.range()];
                libraries::namespace(cx, i, name, &mut last_namespace_line, &mut out);
                if name == b"struct" {
                    collisions::vector_type_declaration(cx, i, &collisions, &mut out);
                }
                if cuda {
                    if warp::Warp::may_act_on(name) {
                        warp.ident(cx, i, name, &mut out);
                    }
                    semantics::ident(cx, i, name, &mut out);
                    collisions.ident(cx, i, name, &mut out);
                    versions::ident(cx, i, name, &mut versions, &mut out);
                }
            }
            TokenKind::Number if cuda => warp.number(cx, i, &mut out),
            _ => {}
        }
    }
    outcome.facts.extend(warp.into_facts());
    outcome.wanted_members = cx.wanted_members.take();
    outcome.wants_complex_header = collisions.wants_complex_header;
    outcome
        .moot
        .extend(collisions.summarize(cx, cuda, &mut out));
    guards::apply(cx, &mut out);
    out
}

/// The path inside an `#include` directive `d`, with its header-name token.
pub(crate) fn include_path<'a>(cx: &Cx<'a>, d: usize) -> Option<(usize, &'a [u8])> {
    let dir = &cx.lx.directives[d];
    if !matches!(dir.name.as_str(), "include" | "include_next" | "import") {
        return None;
    }
    let t = dir.first_token as usize + 1;
    if t >= dir.end_token as usize || cx.tok(t).kind != crate::lex::TokenKind::HeaderName {
        return None;
    }
    let raw = cx.text(t);
    (raw.len() >= 2).then(|| (t, &raw[1..raw.len() - 1]))
}
