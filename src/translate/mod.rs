//! CUDA → HIP translation of one file's bytes: lex → passes → edits → apply.
//!
//! Pure: takes bytes and options, returns the new bytes, the rewrite counts and
//! the diagnostics. No I/O, so tests, fuzzing and the CLI call it alike. Each
//! pass reads the same token stream and adds [`Edit`]s against the original
//! bytes; [`crate::edit`] applies them once, so bytes outside the edits stay
//! exactly as they were.

mod calls;
mod findings;
mod identifiers;
mod includes;
mod launch;
mod nvcc_syntax;
mod prefilter;
mod scopes;
mod shims;
mod strings;

pub(crate) use identifiers::NOT_A_TYPE;
pub use prefilter::nothing_to_translate;

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use crate::diagnostic::{Applicability, Code, Diagnostic, Severity};
use crate::edit::{self, Edit};
use crate::lex::{self, Lexed, Token, TokenKind};
use crate::mappings::{Family, Target};

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
    /// Leave CUDA names inside string literals as they are (`--keep-strings`).
    pub keep_strings: bool,
}

/// Whether a file is compiled as CUDA (nvcc includes the runtime implicitly).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// `.cu`, `.cuh`: CUDA sources.
    Cuda,
    /// Anything else: C/C++ that may use CUDA APIs.
    Cpp,
}

impl Language {
    /// Judges by extension: `.cu` and `.cuh` are CUDA.
    pub fn of_path(path: &std::path::Path) -> Language {
        match path.extension().and_then(|e| e.to_str()) {
            Some("cu" | "cuh" | "CU" | "CUH") => Language::Cuda,
            _ => Language::Cpp,
        }
    }
}

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

/// Translates one file's bytes.
pub fn translate(src: &[u8], language: Language, opts: &Options) -> Translation {
    if nothing_to_translate(src, language, opts) {
        return Translation {
            output: src.to_vec(),
            changed: false,
            stats: Stats::default(),
            diagnostics: Vec::new(),
        };
    }
    translate_in_full(src, language, opts)
}

/// [`translate`] without the prefilter: every pass, whatever the file holds.
/// (For the tests that check the prefilter skips only what this would leave
/// alone.)
#[doc(hidden)]
pub fn translate_in_full(src: &[u8], language: Language, opts: &Options) -> Translation {
    let mut lexed = lex::lex(src);
    let mut cx = Cx::new(src, &lexed, opts, Parts::new(&lexed));
    unterminated(&mut cx);
    let includes = includes::scan(&mut cx);
    // The passes from here on read the file as the second run will: without
    // the directives the include scan deletes (a call or a launch around one
    // is read alike by both runs, so `--fix` and the launch rewrite are
    // idempotent across it). Their bytes stay: offsets are the original's.
    let parts = cx.into_parts();
    if parts.deleted.contains(&true) {
        let gone: Vec<Range<usize>> = (lexed.directives.iter().zip(&parts.deleted))
            .filter(|&(_, &gone)| gone)
            .map(|(d, _)| d.first_token as usize..d.end_token as usize)
            .collect();
        drop_tokens(&mut lexed, &gone);
        let lines: Vec<Range<u32>> = (lexed.directives.iter().zip(&parts.deleted))
            .filter(|&(_, &gone)| gone)
            .map(|(d, _)| d.line_start..d.end_with_newline)
            .collect();
        // The comments on a deleted line go with it.
        lexed.comments.retain(|&(start, _)| {
            let k = lines.partition_point(|r| r.start <= start);
            !(k > 0 && lines[k - 1].contains(&start))
        });
    }
    let mut cx = Cx::new(src, &lexed, opts, parts);
    identifiers::rewrite(&mut cx, includes.legacy_cublas);
    if !opts.keep_strings {
        strings::rewrite(&mut cx);
    }
    let cuda = language == Language::Cuda
        || cx.facts.uses_kernel_language
        || cx.facts.uses_cuda_names
        || includes.has_cuda_include;
    if cuda {
        // Before the launch rewrite, which carries the edits inside a launch
        // into its replacement.
        nvcc_syntax::drop_register(&mut cx);
        nvcc_syntax::name_empty_braces(&mut cx);
    }
    if opts.kernel_execution_syntax {
        // Likewise the launch rewrite reads the file without the arguments
        // the translation drops (a warp mask below HIP 6.2): a `<<<` there
        // is gone for the second run.
        let mut covered: Vec<Range<usize>> = Vec::new();
        for r in deleted_ranges(&cx) {
            let tokens = &cx.lx.tokens;
            let a = tokens.partition_point(|t| (t.start as usize) < r.start);
            let b = tokens.partition_point(|t| (t.end as usize) <= r.end);
            match covered.last_mut() {
                _ if b <= a => {}
                Some(last) if a <= last.end => last.end = last.end.max(b),
                _ => covered.push(a..b),
            }
        }
        if !covered.is_empty() {
            let mut parts = cx.into_parts();
            let tokens = lexed.tokens.clone();
            let directives = lexed.directives.clone();
            drop_tokens(&mut lexed, &covered);
            let mut launch_cx = Cx::new(src, &lexed, opts, parts);
            launch::rewrite(&mut launch_cx);
            parts = launch_cx.into_parts();
            lexed.tokens = tokens;
            lexed.directives = directives;
            cx = Cx::new(src, &lexed, opts, parts);
        } else {
            launch::rewrite(&mut cx);
        }
    }
    includes::ensure_hip_runtime(&mut cx, &includes, language);

    let mut found = std::mem::take(&mut cx.diagnostics);
    if cuda && !opts.kernel_execution_syntax {
        nvcc_syntax::join_spaced_launches(&mut cx);
    }
    found.extend(crate::rules::check(&cx, cuda));
    found.extend(cx.notes.take());
    let mut diagnostics = findings::resolve(&cx, found);
    // Read before the edits are taken: it needs the deleted ranges.
    let required = diagnostics.iter().any(|d| {
        d.fix
            .as_ref()
            .is_some_and(|f| f.applicability == Applicability::Required)
    });
    let kept = if opts.apply_fixes || required {
        findings::suppression_comments(&cx)
    } else {
        Vec::new()
    };
    let mut edits = std::mem::take(&mut cx.edits);
    if opts.apply_fixes || required {
        let frozen = findings::disjoint(std::mem::take(&mut cx.facts.calls_left));
        let (left, fixed) =
            findings::apply_fixes(&mut edits, diagnostics, &kept, &frozen, opts.apply_fixes);
        diagnostics = left;
        cx.stats.fixed = fixed;
    }
    Translation::assemble(src, edits, diagnostics, cx.stats)
}

/// Removes the tokens of `gone` (index ranges, sorted) from `lx`, keeping
/// each directive's token range on the tokens it has left (none, if all
/// went).
fn drop_tokens(lx: &mut Lexed, gone: &[Range<usize>]) {
    let Some(first_gone) = gone.first() else {
        return;
    };
    let n = lx.tokens.len();
    // Shift each run of kept tokens down over the gaps.
    let mut write = first_gone.start;
    for (k, g) in gone.iter().enumerate() {
        let next = gone.get(k + 1).map_or(n, |h| h.start.max(g.end));
        let kept = g.end.min(n)..next;
        lx.tokens.copy_within(kept.clone(), write);
        write += kept.len();
    }
    lx.tokens.truncate(write);
    // A token index's new value: less the gone tokens before it (an index
    // inside a gone range lands where that range was).
    let renumber = |x: u32, k: &mut usize, removed: &mut usize| -> u32 {
        let x = x as usize;
        while *k < gone.len() && gone[*k].end <= x {
            *removed += gone[*k].len();
            *k += 1;
        }
        let inside = gone.get(*k).map_or(0, |g| x.saturating_sub(g.start));
        (x - *removed - inside) as u32
    };
    // Directives are in order: their first and end tokens are nondecreasing.
    let (mut k, mut removed) = (0, 0);
    for d in lx.directives.iter_mut() {
        d.first_token = renumber(d.first_token, &mut k, &mut removed);
    }
    let (mut k, mut removed) = (0, 0);
    for d in lx.directives.iter_mut() {
        d.end_token = renumber(d.end_token, &mut k, &mut removed);
    }
}

/// The ranges of the translation's deleting edits so far, sorted: directives
/// and dropped arguments.
fn deleted_ranges(cx: &Cx<'_>) -> Vec<Range<usize>> {
    let mut ranges: Vec<Range<usize>> = cx
        .edits
        .iter()
        .filter(|e| e.text.is_empty() && !e.range.is_empty())
        .map(|e| e.range.clone())
        .collect();
    ranges.sort_by_key(|r| r.start);
    ranges
}

/// Whether bytes `r` lie inside one of `ranges` (sorted by start, disjoint:
/// [`deleted_ranges`]).
fn within(ranges: &[Range<usize>], r: &Range<usize>) -> bool {
    let k = ranges.partition_point(|d| d.start <= r.start);
    k > 0 && ranges[k - 1].end >= r.end
}

/// A note where a block comment or raw string literal opens and never
/// closes: the rest of the file is inside it, so nothing after it was
/// translated (what comes before is).
fn unterminated(cx: &mut Cx<'_>) {
    for u in &cx.lx.unterminated {
        let what = match u.kind {
            lex::UnterminatedKind::BlockComment => "block comment",
            lex::UnterminatedKind::RawString => "raw string literal",
        };
        cx.diagnostics.push(
            Diagnostic::new(
                Code::ParseError,
                u.start as usize..u.end as usize,
                format!("unterminated {what}: it runs to the end of the file, so nothing after this point was translated"),
            )
            .with_help(match u.kind {
                lex::UnterminatedKind::BlockComment => "close it with `*/` where it should end, then translate again",
                lex::UnterminatedKind::RawString => "close it with `)` + its delimiter + `\"` where it should end, then translate again",
            }),
        );
    }
}

impl Translation {
    /// Applies `edits` (against `src`) once and orders the diagnostics: the
    /// last step of every translation, C++ or build file.
    pub(crate) fn assemble(
        src: &[u8],
        edits: Vec<Edit>,
        mut diagnostics: Vec<Diagnostic>,
        stats: Stats,
    ) -> Translation {
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
            return Translation {
                output: src.to_vec(),
                changed: false,
                stats,
                diagnostics,
            };
        }
        let output = edit::apply(src, &edits);
        let changed = output != src;
        diagnostics.sort_by_key(|d| (d.range.start, d.code));
        Translation {
            output,
            changed,
            stats,
            diagnostics,
        }
    }
}

/// What the passes learn about the file that later passes need.
#[derive(Debug, Default)]
pub(crate) struct Facts {
    /// The file uses the runtime or driver API.
    pub(crate) uses_runtime_api: bool,
    /// The file uses the kernel language (`__global__`, `threadIdx` …).
    pub(crate) uses_kernel_language: bool,
    /// A runtime or driver API use outside the project's conditionals
    /// ([`includes::project_conditionals`]).
    pub(crate) runtime_api_unguarded: bool,
    /// A kernel-language word outside the project's conditionals.
    pub(crate) kernel_language_unguarded: bool,
    /// Some identifier names a CUDA API (of any family).
    pub(crate) uses_cuda_names: bool,
    /// The byte offsets of the `asm` keywords inside a launch's kernel, for
    /// which the launch rewrite left that launch as it is: their statements
    /// get no fix (without the keyword, the second run would rewrite it).
    /// Sorted once the launch rewrite is done.
    pub(crate) asm_in_kernels: Vec<usize>,
    /// The argument lists (bytes, `(` to `)`) of the `_sync` calls left as
    /// they are for what they hold (braces, a `;`): no fix may change them,
    /// or the second run would rewrite the call.
    pub(crate) calls_left: Vec<Range<usize>>,
    /// Where the rarer tokens the later passes look for are.
    pub(crate) landmarks: Landmarks,
}

/// Token indices the identifier pass notes as it reads every token, so that
/// the passes and rules after it visit only these instead of the whole
/// stream again (each in order).
#[derive(Debug, Default)]
pub(crate) struct Landmarks {
    /// String literals.
    pub(crate) strings: Vec<u32>,
    /// `asm`, `__asm__`, `__asm`.
    pub(crate) asm: Vec<u32>,
    /// `register`.
    pub(crate) register: Vec<u32>,
    /// The half types: `half`, `__half`, `half2`, `__half2`.
    pub(crate) half: Vec<u32>,
}

impl Landmarks {
    /// Notes token `i`, an identifier spelled `word`.
    #[inline]
    pub(crate) fn note_ident(&mut self, i: usize, word: &[u8]) {
        // A length and a first byte rule out almost every word.
        let list = match (word.len(), word[0]) {
            (3 | 5 | 7, b'a' | b'_') if matches!(word, b"asm" | b"__asm__" | b"__asm") => {
                &mut self.asm
            }
            (8, b'r') if word == b"register" => &mut self.register,
            (4..=7, b'h' | b'_') if nvcc_syntax::HALF_TYPES.contains(&word) => &mut self.half,
            _ => return,
        };
        list.push(i as u32);
    }
}

/// The state the passes (and the rules) share for one file.
pub(crate) struct Cx<'a> {
    pub(crate) src: &'a [u8],
    pub(crate) lx: &'a Lexed,
    pub(crate) opts: &'a Options,
    pub(crate) edits: Vec<Edit>,
    pub(crate) stats: Stats,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) facts: Facts,
    /// The brace scope of every token, computed on first need.
    pub(crate) scopes: std::cell::OnceCell<Vec<scopes::Scope>>,
    /// The bracket pairs, made on first need by a long scan.
    brackets: std::cell::OnceCell<Brackets>,
    /// Notes from checks that take `&self` (the parser gave up somewhere).
    pub(crate) notes: std::cell::RefCell<Vec<Diagnostic>>,
    /// Per directive: the translation deletes it whole (an `#include` with
    /// no HIP counterpart, or of a HIP header already included), set by the
    /// include scan. The passes after it see no tokens of such a directive
    /// (as the second run would not), but its bytes are still there: between
    /// two tokens of code, in spans and in the edits over them.
    pub(crate) deleted: Vec<bool>,
}

/// The brackets of a token stream, for long scans: which pairs with which,
/// and where the tokens are that end a template argument list.
pub(crate) struct Brackets {
    /// Per token, the index of the bracket it pairs with in the same context
    /// (a run of tokens of one directive, or of code between directives), or
    /// `u32::MAX`. Brackets pair by depth alone, whatever their kind, as
    /// [`Cx::matching_close`] scans.
    pairs: Vec<u32>,
    /// Per token, how many tokens before it end every pending template
    /// argument list (`;`, `{`, `}`, the first of `&&` or `||`): see
    /// [`Cx::template_closes`].
    list_ends_before: Vec<u32>,
}

impl Brackets {
    fn new(cx: &Cx<'_>) -> Brackets {
        let tokens = &cx.lx.tokens;
        let mut pairs = vec![u32::MAX; tokens.len()];
        let mut list_ends_before = Vec::with_capacity(tokens.len() + 1);
        let mut ends = 0u32;
        let mut open: Vec<u32> = Vec::new();
        for (i, t) in tokens.iter().enumerate() {
            list_ends_before.push(ends);
            if i > 0 && tokens[i - 1].directive != t.directive {
                open.clear();
            }
            if t.kind != TokenKind::Punct {
                continue;
            }
            let c = cx.src[t.start as usize];
            match c {
                b'(' | b'[' | b'{' => open.push(i as u32),
                b')' | b']' | b'}' => {
                    if let Some(o) = open.pop() {
                        pairs[o as usize] = i as u32;
                        pairs[i] = o;
                    }
                }
                _ => {}
            }
            if cx.ends_template_lists(i, tokens.len()) {
                ends += 1;
            }
        }
        list_ends_before.push(ends);
        Brackets {
            pairs,
            list_ends_before,
        }
    }

    /// Whether tokens `r` hold one that ends template argument lists.
    pub(crate) fn ends_lists_in(&self, r: Range<usize>) -> bool {
        self.list_ends_before[r.end] > self.list_ends_before[r.start]
    }
}

/// What a [`Cx`] carries from one token stream of the file to another.
struct Parts {
    edits: Vec<Edit>,
    stats: Stats,
    diagnostics: Vec<Diagnostic>,
    facts: Facts,
    notes: Vec<Diagnostic>,
    deleted: Vec<bool>,
}

impl Parts {
    fn new(lx: &Lexed) -> Parts {
        Parts {
            edits: Vec::new(),
            stats: Stats::default(),
            diagnostics: Vec::new(),
            facts: Facts::default(),
            notes: Vec::new(),
            deleted: vec![false; lx.directives.len()],
        }
    }
}

impl<'a> Cx<'a> {
    fn new(src: &'a [u8], lx: &'a Lexed, opts: &'a Options, p: Parts) -> Cx<'a> {
        Cx {
            src,
            lx,
            opts,
            edits: p.edits,
            stats: p.stats,
            diagnostics: p.diagnostics,
            facts: p.facts,
            scopes: std::cell::OnceCell::new(),
            brackets: std::cell::OnceCell::new(),
            notes: std::cell::RefCell::new(p.notes),
            deleted: p.deleted,
        }
    }

    /// The state to go on with over another token stream of the file (the
    /// scopes, by token, are computed again there).
    fn into_parts(self) -> Parts {
        Parts {
            edits: self.edits,
            stats: self.stats,
            diagnostics: self.diagnostics,
            facts: self.facts,
            notes: self.notes.into_inner(),
            deleted: self.deleted,
        }
    }

    pub(crate) fn tok(&self, i: usize) -> &'a Token {
        &self.lx.tokens[i]
    }

    pub(crate) fn text(&self, i: usize) -> &'a [u8] {
        &self.src[self.lx.tokens[i].range()]
    }

    pub(crate) fn is_punct(&self, i: usize, p: &[u8]) -> bool {
        let t = &self.lx.tokens[i];
        t.kind == TokenKind::Punct && &self.src[t.range()] == p
    }

    pub(crate) fn is_ident(&self, i: usize, word: &[u8]) -> bool {
        let t = &self.lx.tokens[i];
        t.kind == TokenKind::Ident && &self.src[t.range()] == word
    }

    /// The token before `i` in the same context (same directive, or both code).
    pub(crate) fn prev(&self, i: usize) -> Option<usize> {
        let j = i.checked_sub(1)?;
        (self.lx.tokens[j].directive == self.lx.tokens[i].directive).then_some(j)
    }

    /// The token after `i` in the same context.
    pub(crate) fn next(&self, i: usize) -> Option<usize> {
        let j = i + 1;
        (j < self.lx.tokens.len() && self.lx.tokens[j].directive == self.lx.tokens[i].directive)
            .then_some(j)
    }

    /// Byte range covered by tokens `a..b` (b exclusive, non-empty).
    pub(crate) fn span(&self, a: usize, b: usize) -> Range<usize> {
        self.lx.tokens[a].start as usize..self.lx.tokens[b - 1].end as usize
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

    /// Index of the token closing the bracket opened at `open` (`(`, `[`, `{`),
    /// staying within the same context.
    pub(crate) fn matching_close(&self, open: usize) -> Option<usize> {
        self.matching(open, 1)
    }

    /// Index of the token opening the bracket closed at `close` (`)`, `]`,
    /// `}`), scanning backwards within the same context.
    pub(crate) fn matching_open(&self, close: usize) -> Option<usize> {
        self.matching(close, -1)
    }

    pub(crate) fn brackets(&self) -> &Brackets {
        self.brackets.get_or_init(|| Brackets::new(self))
    }

    /// The bracket matching token `at`, scanning forward (`step` 1) or back.
    /// Most brackets match within a few tokens, so those are scanned; past
    /// that, the answer comes from a table of every pair made once, so that
    /// calls nested thousands deep cost linear time, not quadratic.
    fn matching(&self, at: usize, step: isize) -> Option<usize> {
        const SCAN: usize = 64;
        let (opens, closes) = if step > 0 {
            (b"([{", b")]}")
        } else {
            (b")]}", b"([{")
        };
        let mut depth = 0usize;
        let mut i = at;
        for _ in 0..SCAN {
            let t = self.tok(i);
            if t.kind == TokenKind::Punct {
                let c = self.src[t.start as usize];
                if opens.contains(&c) {
                    depth += 1;
                } else if closes.contains(&c) {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i);
                    }
                }
            }
            i = if step > 0 {
                self.next(i)?
            } else {
                self.prev(i)?
            };
        }
        let partner = self.brackets().pairs[at];
        (partner != u32::MAX).then_some(partner as usize)
    }

    /// Whether byte `at` lies inside a comment (not at its first byte): no
    /// line can be put there.
    pub(crate) fn in_comment(&self, at: usize) -> bool {
        let c = &self.lx.comments;
        let k = c.partition_point(|&(s, _)| (s as usize) < at);
        k > 0 && at < c[k - 1].1 as usize
    }

    /// Whether token `i` is outside every class, function and block: at
    /// file scope or in a namespace.
    pub(crate) fn at_namespace_scope(&self, i: usize) -> bool {
        let scope = self.scopes.get_or_init(|| scopes::scopes(self))[i];
        matches!(scope, scopes::Scope::Global | scopes::Scope::Namespace)
    }

    /// Whether identifier token `i` is a declaration owned by a user's
    /// namespace or class: the lexical scope says namespace or class, and
    /// tree-sitter, parsing just that statement, says it declares the name.
    pub(crate) fn is_user_declaration(&self, i: usize) -> bool {
        let scope = self.scopes.get_or_init(|| scopes::scopes(self))[i];
        if !matches!(scope, scopes::Scope::Namespace | scopes::Scope::Class) {
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
        let start = self.tok(a).start as usize;
        let mut snippet = self.src[start..self.tok(b).end as usize].to_vec();
        // A directive the translation deletes is not there for the second
        // run: blank it (keeping the offsets) so the parser sees what that
        // run sees.
        self.blank_deleted(start, &mut snippet);
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
            self.notes.borrow_mut().push(Diagnostic::new(
                Code::ParseError,
                a..z,
                "tree-sitter could not parse this statement; it was translated as code (a declaration here would have been left alone)",
            ));
        }
        crate::syntax::declares(&tree, t.start as usize - start, t.end as usize - start)
    }

    /// Overwrites with spaces, line breaks kept, the deleted directives
    /// within `text`, the source bytes from offset `start` on.
    fn blank_deleted(&self, start: usize, text: &mut [u8]) {
        let end = start + text.len();
        let dirs = &self.lx.directives;
        let first = dirs.partition_point(|d| (d.end_with_newline as usize) <= start);
        for (d, dir) in dirs.iter().enumerate().skip(first) {
            if dir.line_start as usize >= end {
                break;
            }
            if !self.deleted[d] {
                continue;
            }
            let a = (dir.line_start as usize).max(start);
            let b = (dir.end_with_newline as usize).min(end);
            for c in &mut text[a - start..b - start] {
                if !matches!(*c, b'\n' | b'\r') {
                    *c = b' ';
                }
            }
        }
    }

    /// The name of identifier token `i`, with line splices removed.
    pub(crate) fn ident_name(&self, i: usize) -> std::borrow::Cow<'a, [u8]> {
        let t = self.tok(i);
        if t.spliced {
            std::borrow::Cow::Owned(lex::despliced(&self.src[t.range()]))
        } else {
            std::borrow::Cow::Borrowed(&self.src[t.range()])
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

    /// `drop_tokens` against the obvious per-token rewrite: the same tokens
    /// left, and each directive's range on the same tokens.
    #[test]
    fn drop_tokens_keeps_directive_ranges() {
        let src = b"#include <a.h>\nint x = f(1,\n#define M(a) a + 1\n2);\n#if X\ny\n#endif\nz;\n";
        let full = lex::lex(src);
        let n = full.tokens.len();
        // Every gap pattern over a few positions: sorted, disjoint ranges.
        for mask in 0u32..(1 << 6) {
            let mut gone: Vec<Range<usize>> = Vec::new();
            for bit in 0..6 {
                if mask & (1 << bit) != 0 {
                    let (a, b) = (bit * n / 6, (bit * n / 6 + 2).min((bit + 1) * n / 6));
                    if a < b {
                        gone.push(a..b);
                    }
                }
            }
            let mut lx = lex::lex(src);
            drop_tokens(&mut lx, &gone);
            let is_gone = |i: usize| gone.iter().any(|g| g.contains(&i));
            let kept: Vec<Token> = (0..n)
                .filter(|&i| !is_gone(i))
                .map(|i| full.tokens[i])
                .collect();
            assert_eq!(lx.tokens, kept, "mask {mask:b}");
            let renumber = |x: u32| (0..x as usize).filter(|&i| !is_gone(i)).count() as u32;
            for (d, orig) in lx.directives.iter().zip(&full.directives) {
                assert_eq!(d.first_token, renumber(orig.first_token), "mask {mask:b}");
                assert_eq!(d.end_token, renumber(orig.end_token), "mask {mask:b}");
            }
        }
    }
}
