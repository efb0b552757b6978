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
///
/// Translation runs to a fixed point: a round lexes the text, runs the
/// passes and the rules, and applies their edits; the next round reads that
/// output afresh, until a round changes nothing. So the output always
/// translates to itself, and no pass needs to foresee how another's edits
/// read (a launch around an `#include` the include scan deletes is
/// rewritten by the round that no longer sees the directive). The findings
/// are the first round's, on the original's bytes; later rounds add their
/// counts. Most files settle in one round: [`settled`] proves from the
/// edits alone that another would change nothing.
#[doc(hidden)]
pub fn translate_in_full(src: &[u8], language: Language, opts: &Options) -> Translation {
    let (mut first, mut settled) = round(src, language, opts);
    let mut rounds = 1;
    let mut output = std::mem::take(&mut first.output);
    while first.changed && !settled {
        if rounds == MAX_ROUNDS {
            return crate::engine::untouched(
                src,
                Diagnostic::new(
                    Code::InternalPanic,
                    0..0,
                    format!(
                        "internal error: the translation still changed its own output after {MAX_ROUNDS} rounds; the file was left untouched (please report it)"
                    ),
                ),
            );
        }
        let (next, next_settled) = round(&output, language, opts);
        rounds += 1;
        if let Some(error) = (next.diagnostics.iter()).find(|d| d.code == Code::InternalPanic) {
            // Its span is in the previous round's output, not in `src`.
            let message = format!("{} (in translation round {rounds})", error.message);
            return crate::engine::untouched(
                src,
                Diagnostic::new(Code::InternalPanic, 0..0, message),
            );
        }
        if !next.changed {
            break;
        }
        first.stats.add(&next.stats);
        output = next.output;
        settled = next_settled;
    }
    first.changed = output != src;
    first.output = output;
    first
}

/// The most rounds [`translate_in_full`] runs; one more change is a bug.
const MAX_ROUNDS: usize = 4;

/// One round of translation: lex `src`, run the passes and the rules, apply
/// the edits. Also says whether the output is [`settled`].
fn round(src: &[u8], language: Language, opts: &Options) -> (Translation, bool) {
    let lexed = lex::lex(src);
    let mut cx = Cx::new(src, &lexed, opts);
    unterminated(&mut cx);
    let includes = includes::scan(&mut cx);
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
        launch::rewrite(&mut cx);
    }
    includes::ensure_hip_runtime(&mut cx, &includes, language);

    let mut found = std::mem::take(&mut cx.diagnostics);
    if cuda && !opts.kernel_execution_syntax {
        nvcc_syntax::join_spaced_launches(&mut cx);
    }
    found.extend(crate::rules::check(&cx, cuda));
    found.extend(cx.notes.take());
    let mut diagnostics = findings::resolve(&cx, found);
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
    let mut clashed = false;
    if opts.apply_fixes || required {
        let fixes = findings::apply_fixes(&mut edits, diagnostics, &kept, opts.apply_fixes);
        diagnostics = fixes.left;
        cx.stats.fixed = fixes.fixed;
        clashed = fixes.clashed;
    }
    let settled = !clashed && settled(&cx, &edits);
    (
        Translation::assemble(src, edits, diagnostics, cx.stats),
        settled,
    )
}

/// Whether applying `edits` to the round's text leaves the next round
/// nothing to do, so that it need not run. Each edit must be of a kind that
/// changes how no pass reads the text around it:
///
/// - a word, in an identifier or a string literal, renamed to a word no
///   pass acts on; a number or a header name's path replaced;
/// - text within a line that begins or ends no statement, scope, bracket
///   pair of a launch, literal, comment or directive (an argument wrapped
///   or added, `register ` dropped), without `--hip-kernel-execution-syntax`;
/// - whole lines of directives or comments inserted at a line start;
/// - a whole directive deleted where it joins no code: before the first
///   token of code, next to a directive that stays, or after a `;`, `{` or
///   `}` with no `(` or `[` open before it since the last directive (without
///   `--hip-kernel-execution-syntax`).
///
/// Any other edit (a launch rewritten, a warp mask dropped, most fixes)
/// sends the output round again, and so does a fix another edit kept out.
/// `false` costs a round; a wrong `true` would leave output that translates
/// further, which the fixture test's and the fuzz targets' idempotence
/// checks catch. On HeCBench every file settles in one round.
#[inline(never)]
fn settled(cx: &Cx<'_>, edits: &[Edit]) -> bool {
    let tokens = &cx.lx.tokens;
    let is_word = |t: &str| {
        t.bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    };
    // Per token of code before a deleted directive: whether its run of
    // code closes every `(` and `[` it opens.
    let mut closed: HashMap<usize, bool> = HashMap::new();
    // Where the deletions start, sorted.
    let mut deletions: Vec<usize> = (edits.iter())
        .filter(|e| e.text.is_empty())
        .map(|e| e.range.start)
        .collect();
    deletions.sort_unstable();
    let word_byte = |b: &u8| lex::CLASS[*b as usize] != 0;
    edits.iter().all(|e| {
        let r = &e.range;
        // The common case first: a whole word (an identifier, a number, a
        // word in a string literal) replaced by a word or nothing.
        let old = &cx.src[r.clone()];
        if !old.is_empty()
            && old.iter().all(word_byte)
            && e.text.as_bytes().iter().all(word_byte)
            && !r
                .start
                .checked_sub(1)
                .is_some_and(|p| word_byte(&cx.src[p]))
            && !cx.src.get(r.end).is_some_and(word_byte)
        {
            return e.text.is_empty()
                || e.text.as_bytes()[0].is_ascii_digit()
                || !identifiers::may_act_on(e.text.as_bytes(), &cx.opts.target);
        }
        let k = tokens.partition_point(|t| (t.start as usize) < r.start);
        // The token holding the replaced bytes.
        let holder = [k.checked_sub(1), Some(k)]
            .into_iter()
            .flatten()
            .filter_map(|i| tokens.get(i))
            .find(|t| !r.is_empty() && t.start as usize <= r.start && r.end <= t.end as usize);
        if let Some(t) = holder {
            let whole = t.range() == *r;
            let inert_word =
                || is_word(&e.text) && !identifiers::may_act_on(e.text.as_bytes(), &cx.opts.target);
            return match t.kind {
                TokenKind::Ident => whole && (e.text.is_empty() || inert_word()),
                TokenKind::Number => whole && e.text.bytes().all(|b| b.is_ascii_alphanumeric()),
                // A word in a string literal (the string pass's rename).
                TokenKind::Str => {
                    cx.src[r.clone()]
                        .iter()
                        .all(|b| b.is_ascii_alphanumeric() || *b == b'_')
                        && inert_word()
                }
                // A header name's path, its `<>` or quotes kept.
                TokenKind::HeaderName => {
                    (t.start as usize) < r.start
                        && r.end < t.end as usize
                        && !e.text.contains(['<', '>', '"', '\n', '\r'])
                }
                _ => false,
            };
        }
        // Within a line, no structure: a call's argument wrapped or added,
        // a type named (`h = __half{}`), a keyword dropped (`register `),
        // `~0u` widened, a spaced launch's blanks removed. No statement,
        // scope, directive, literal, comment or launch begins or ends there.
        let plain = |t: &[u8]| {
            !t.iter().any(|b| b";{}#\"'/\\\n\r".contains(b))
                && memchr::memmem::find(t, b"<<").is_none()
                && memchr::memmem::find(t, b">>").is_none()
        };
        if plain(&cx.src[r.clone()]) && plain(e.text.as_bytes()) {
            return !cx.opts.kernel_execution_syntax
                && e.text
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .all(|w| {
                        w.is_empty() || !identifiers::may_act_on(w.as_bytes(), &cx.opts.target)
                    });
        }
        if r.is_empty() {
            let at_line_start = r.start == 0 || cx.src.get(r.start - 1) == Some(&b'\n');
            return at_line_start
                && !cx.in_comment(r.start)
                && e.text.ends_with('\n')
                && e.text.lines().all(|l| {
                    let l = l.trim_start();
                    l.is_empty() || l.starts_with('#') || l.starts_with("//")
                });
        }
        if !e.text.is_empty() || cx.opts.kernel_execution_syntax {
            return false;
        }
        let dirs = &cx.lx.directives;
        let d = dirs.partition_point(|d| (d.line_start as usize) < r.start);
        let Some(dir) = dirs
            .get(d)
            .filter(|d| d.line_start as usize == r.start && d.end_with_newline as usize == r.end)
        else {
            return false;
        };
        let first = dir.first_token as usize;
        let before = first.checked_sub(1).map(|p| &tokens[p]);
        let after = tokens.get(dir.end_token as usize);
        let stays = |t: &Token| {
            t.in_directive() && {
                let d = &dirs[t.directive as usize];
                deletions.binary_search(&(d.line_start as usize)).is_err()
            }
        };
        if before.is_none_or(|t| stays(t)) || after.is_some_and(|t| stays(t)) {
            return true;
        }
        // The last token of code before it, and whether the code from the
        // directive before up to it leaves a `(` or `[` open.
        let Some(p) = tokens[..first].iter().rposition(|t| !t.in_directive()) else {
            return true;
        };
        matches!(cx.text(p), b";" | b"{" | b"}")
            && *closed.entry(p).or_insert_with(|| {
                let mut depth = 0u32;
                for t in tokens[..=p].iter().rev() {
                    if t.in_directive() {
                        break;
                    }
                    if t.kind == TokenKind::Punct {
                        match cx.src[t.start as usize] {
                            b')' | b']' => depth += 1,
                            b'(' | b'[' if depth == 0 => return false,
                            b'(' | b'[' => depth -= 1,
                            _ => {}
                        }
                    }
                }
                true
            })
    })
}

/// The ranges of the translation's deleting edits so far, sorted: directives
/// and dropped arguments. No other edit may change text in them.
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

impl<'a> Cx<'a> {
    fn new(src: &'a [u8], lx: &'a Lexed, opts: &'a Options) -> Cx<'a> {
        Cx {
            src,
            lx,
            opts,
            edits: Vec::new(),
            stats: Stats::default(),
            diagnostics: Vec::new(),
            facts: Facts::default(),
            scopes: std::cell::OnceCell::new(),
            brackets: std::cell::OnceCell::new(),
            notes: std::cell::RefCell::new(Vec::new()),
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
}
