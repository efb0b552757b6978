//! The single-source mode: a port that leaves the CUDA build as it was.
//!
//! The file is translated as usual; then each of the translation's edits
//! is sorted into one of three kinds:
//!
//! - a CUDA name renamed to its HIP name as the tables say, everywhere the
//!   same: the CUDA name stays, and the tree's compat header
//!   ([`compat`]) gets `#define cudaName hipName`;
//! - an edit in an `#if`/`#elif` condition: the condition becomes
//!   `(HIP) ? (translated) : (original)`, which the CUDA build evaluates as
//!   before;
//! - anything else (includes, argument rewrites, fixes, launches): the
//!   whole lines around it become `#if HIP … #else <the lines as they were>
//!   #endif`, widened until the branch holds whole tokens, comments,
//!   directives and conditional groups.
//!
//! So with the HIP macros undefined the preprocessor yields the original's
//! tokens, and with them defined it yields what the in-place translation
//! would, its renames done by the header's macros. A file the mode wrote
//! before is first read back to its CUDA text ([`recover`]), so a second
//! run writes the same file; a HIP branch a project edited is kept while
//! its CUDA branch is unchanged.

mod compat;
mod conditionals;
mod recover;

pub use compat::{BEGIN, END, HeaderUpdate, compat_header};

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use conditionals::{Groups, balance, is_conditional};

use crate::diagnostic::{Code, Diagnostic};
use crate::edit::{self, Edit};
use crate::engine;
use crate::lex::{self, Lexed, TokenKind};
use crate::mappings::{self, Kind};
use crate::translate::{Language, Options, Translation};

/// What a HIP build defines and a CUDA build does not: hipcc and clang's
/// HIP mode define `__HIP__`, HIP's headers need one of the platform
/// macros (`-D__HIP_PLATFORM_AMD__` or `-D__HIP_PLATFORM_NVIDIA__`), and
/// nvcc defines none of them. (`__HIPCC__` would not do: HIP's NVIDIA
/// headers define it, empty, only once included.)
pub const HIP_GUARD: &str =
    "defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP__)";

/// Ends the `#if` line of each block the mode writes, so that a later run
/// knows its own blocks from a project's.
pub const MARK: &str = "// hipify-rs";

/// One file in the single-source mode.
#[derive(Debug, Clone)]
pub struct SingleSourced {
    /// The file's new text, its stats, and the findings of its
    /// translation (on the file's bytes, without fixes: a fix rewrites the
    /// CUDA text, which this mode keeps; `--fix` applies them on the HIP
    /// side).
    pub translation: Translation,
    /// What the file needs of the compat header.
    pub uses: Uses,
}

/// What files need of the compat header (a tree's: [`Uses::add`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Uses {
    /// The renames left to the header's macros: CUDA name → HIP name.
    pub names: BTreeMap<String, String>,
    /// A file includes the header where its translation included
    /// `hip/hip_runtime.h`, so the header must include it.
    pub runtime: bool,
    /// HIP's library headers (`<hiprand/hiprand.h>`) the HIP branches
    /// include: HIP's NVIDIA headers must read them before the macros.
    pub headers: BTreeSet<String>,
    /// CUDA names the files `#define` themselves, with their bodies: the
    /// header leaves them to the project.
    pub defines: BTreeMap<String, String>,
}

impl Uses {
    /// Adds another file's.
    pub fn add(&mut self, other: Uses) {
        self.names.extend(other.names);
        self.runtime |= other.runtime;
        self.headers.extend(other.headers);
        self.defines.extend(other.defines);
    }
}

/// [`single_source`] for a file of any kind, as [`engine::process`] does
/// it for the rewrite: binary files are skipped, build files are left as
/// they are (their HIP build is the project's to write), and a panic
/// leaves the file untouched with an internal-error finding.
pub fn process(
    src: &[u8],
    kind: engine::FileKind,
    opts: &Options,
    compat_include: &str,
) -> (engine::FileResult, Uses) {
    use engine::{FileKind, FileResult};
    if crate::source::looks_binary(src) {
        return (FileResult::Binary, Uses::default());
    }
    let FileKind::Source(language) = kind else {
        let t = Translation {
            output: src.to_vec(),
            changed: false,
            stats: Default::default(),
            diagnostics: Vec::new(),
        };
        return (FileResult::Translated(t), Uses::default());
    };
    if let Some(at) = lone_cr_among_lf(src) {
        // The compilers end a line at a lone CR too; the mode's blocks are
        // written and read back by one kind of line ending, and a file that
        // mixes them would read back otherwise on the next run.
        let d = crate::diagnostic::Diagnostic::new(
            crate::diagnostic::Code::ParseError,
            at..at + 1,
            "this file ends lines with a lone CR here and with LF elsewhere: the single-source mode needs one kind of line ending, so the file was left as it is (normalise its line endings)",
        );
        return (
            FileResult::Translated(engine::untouched(src, d)),
            Uses::default(),
        );
    }
    let run = || single_source(src, language, opts, compat_include);
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(s) => (FileResult::Translated(s.translation), s.uses),
        Err(payload) if engine::is_wrong_settled(&*payload) => std::panic::resume_unwind(payload),
        Err(_) => {
            let d = crate::diagnostic::Diagnostic::new(
                crate::diagnostic::Code::InternalPanic,
                0..0,
                "internal error while translating; the file was left untouched (please report it)",
            );
            (
                FileResult::Translated(engine::untouched(src, d)),
                Uses::default(),
            )
        }
    }
}

/// The first lone CR (an old Mac line ending) of a file that also has LF
/// line endings, if it mixes them.
fn lone_cr_among_lf(src: &[u8]) -> Option<usize> {
    memchr::memchr(b'\n', src)?;
    memchr::memchr_iter(b'\r', src).find(|&p| src.get(p + 1) != Some(&b'\n'))
}

/// Translates `src` to the single-source form. `compat_include` is the
/// compat header's path as this file includes it (`"../hip_compat.h"`).
pub fn single_source(
    src: &[u8],
    language: Language,
    opts: &Options,
    compat_include: &str,
) -> SingleSourced {
    let mut recovered = recover::recover(src);
    let kept_branches = std::mem::take(&mut recovered.branches);
    // Strings keep their CUDA names: a macro cannot reach into them.
    let opts = Options {
        keep_strings: true,
        ..opts.clone()
    };
    let mut base = std::borrow::Cow::Borrowed(&recovered.text[..]);
    let (mut t, mut lx, mut out) = sourced(&base, language, &opts, compat_include, &kept_branches);
    // A block that takes a last line with no line break ends that line
    // with one (its `#endif` needs a line), and a second run reads the line
    // back so: the file is taken with the line break from the start, so
    // that the second run finds the text the first read.
    if let Some(newline) = took_unterminated_end(&base, &out.text) {
        let mut terminated = base.into_owned();
        terminated.extend_from_slice(newline.as_bytes());
        base = std::borrow::Cow::Owned(terminated);
        (t, lx, out) = sourced(&base, language, &opts, compat_include, &kept_branches);
    }
    let base = &base[..];
    let mut diagnostics = t.diagnostics;
    for d in &mut diagnostics {
        let to_file = |pos: usize| recovered.to_file(pos).min(src.len());
        d.range = to_file(d.range.start)..to_file(d.range.end);
        d.fix = None;
    }
    out.uses.defines = defines(base, &lx);
    out.uses.headers.extend(cuda_wrapping_includes(base, &lx));
    let changed = out.text != src;
    SingleSourced {
        translation: Translation {
            output: out.text,
            changed,
            stats: t.stats,
            diagnostics,
        },
        uses: out.uses,
    }
}

/// The translation of `base`, its tokens, and its single-source form.
fn sourced(
    base: &[u8],
    language: Language,
    opts: &Options,
    compat_include: &str,
    kept_branches: &std::collections::HashMap<Vec<u8>, std::collections::VecDeque<Vec<u8>>>,
) -> (Translation, Lexed, Rewritten) {
    let (mut t, edits) = if engine::nothing_to_translate(base, language, opts) {
        (engine::translate(base, language, opts), Vec::new())
    } else {
        engine::translate_with_edits(base, language, opts)
    };
    let lx = lex::lex(base);
    let newline = newline_of(base);
    let file = File {
        src: base,
        newlines: memchr::memchr_iter(*newline.as_bytes().last().unwrap_or(&b'\n'), base).collect(),
        lx: &lx,
        groups: Groups::of(&lx),
        opts,
        newline,
    };
    let out = file.rewrite(&edits, compat_include, kept_branches.clone());
    t.diagnostics
        .extend(out.left.iter().map(|g| file.left_note(g)));
    (t, lx, out)
}

/// The line ending the mode writes in `base`. Old Mac files end their
/// lines with a lone CR (the lexer reads them so); the lines added and the
/// `#line` numbers follow them. Else the first line's: a CR the last line
/// ends with alone becomes a CRLF once a branch ends that line, and must
/// not change it.
fn newline_of(base: &[u8]) -> &'static str {
    let lone_cr = memchr::memchr(b'\n', base).is_none() && memchr::memchr(b'\r', base).is_some();
    if lone_cr {
        "\r"
    } else if memchr::memchr(b'\n', base).is_some_and(|p| p > 0 && base[p - 1] == b'\r') {
        "\r\n"
    } else {
        "\n"
    }
}

/// Where `base`'s last line has no line break and `output` no longer ends
/// with it (a block took it): the line ending to give it.
fn took_unterminated_end(base: &[u8], output: &[u8]) -> Option<&'static str> {
    let newline = newline_of(base);
    let eol = *newline.as_bytes().last()?;
    if base.is_empty() || base.ends_with(&[eol]) {
        return None;
    }
    let last = memchr::memrchr(eol, base).map_or(0, |p| p + 1);
    (!output.ends_with(&base[last..])).then_some(newline)
}

/// What [`File::rewrite`] makes.
#[derive(Default)]
struct Rewritten {
    text: Vec<u8>,
    uses: Uses,
    /// The regions left as they are: no block could hold them.
    left: Vec<Range<usize>>,
}

/// An edit's kind (see the module's comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EditKind {
    Rename,
    /// In the condition of directive `.0`.
    Condition(usize),
    Change,
    /// In the `#define` of a CUDA name the project defines itself: left.
    Kept,
}

struct File<'a> {
    src: &'a [u8],
    /// Where the source's `\n` bytes are, to number its lines.
    newlines: Vec<usize>,
    lx: &'a Lexed,
    groups: Groups,
    opts: &'a Options,
    newline: &'static str,
}

impl File<'_> {
    fn rewrite(
        &self,
        edits: &[Edit],
        compat_include: &str,
        mut kept_branches: std::collections::HashMap<Vec<u8>, std::collections::VecDeque<Vec<u8>>>,
    ) -> Rewritten {
        let mut out = Rewritten::default();
        let kinds: Vec<EditKind> = edits.iter().map(|e| self.kind(e)).collect();
        let edits: Vec<(Edit, EditKind)> = (edits.iter().cloned())
            .zip(kinds)
            .filter(|(_, k)| *k != EditKind::Kept)
            .collect();
        let regions = self.regions(&edits);
        // A region whose sides cannot balance their conditionals even from
        // the file's start or to its end (a stray `#endif`, an `#if` never
        // closed, a directive the translation rewrote into another) fits
        // no block: it stays as it is, its changes not made, with a note.
        let (regions, left): (Vec<_>, Vec<_>) =
            regions.into_iter().partition(|g| self.balances(g, &edits));
        let edits: Vec<(Edit, EditKind)> = (edits.into_iter())
            .filter(|(e, k)| {
                *k == EditKind::Rename
                    || !left
                        .iter()
                        .any(|g| g.start <= e.range.start && e.range.end <= g.end)
            })
            .collect();
        out.left = left;
        // The renames no branch holds are the header's macros.
        for (e, k) in &edits {
            let in_branch = || {
                regions
                    .iter()
                    .any(|g| g.start <= e.range.start && e.range.end <= g.end)
            };
            if *k == EditKind::Rename && !in_branch() {
                let name = String::from_utf8_lossy(&self.src[e.range.clone()]).into_owned();
                out.uses.names.insert(name, e.text.to_string());
            }
        }
        let include_line = format!("#include \"{compat_include}\"");
        let mut compat_placed = false;
        let mut pos = 0;
        let mut r = 0;
        // Conditions rewritten outside every region.
        let mut conditions: BTreeMap<usize, Vec<Edit>> = BTreeMap::new();
        for (e, k) in &edits {
            if let EditKind::Condition(d) = k {
                if !regions
                    .iter()
                    .any(|g| g.start <= e.range.start && e.range.end <= g.end)
                {
                    conditions.entry(*d).or_default().push(e.clone());
                }
            }
        }
        let mut conditions = conditions.into_iter().peekable();
        let text = &mut out.text;
        // Runs of the source copied as they are: (source range, output start).
        let mut copied: Vec<(Range<usize>, usize)> = Vec::new();
        loop {
            let next_region = regions.get(r).map(|g| g.start);
            let next_condition = conditions
                .peek()
                .map(|(d, _)| self.lx.directives[*d].hash as usize);
            match (next_region, next_condition) {
                (None, None) => break,
                (Some(g), c) if c.is_none_or(|c| g <= c) => {
                    let region = regions[r].clone();
                    r += 1;
                    copied.push((pos..region.start, text.len()));
                    text.extend_from_slice(&self.src[pos..region.start]);
                    let inner: Vec<Edit> = (edits.iter())
                        .filter(|(e, _)| region.start <= e.range.start && e.range.end <= region.end)
                        .map(|(e, _)| e.clone())
                        .collect();
                    let cuda = &self.src[region.clone()];
                    let mut hip = edit::render_range(self.src, region.clone(), &inner);
                    if let Some(with) = replace_runtime_include(&hip, &include_line) {
                        hip = with;
                        out.uses.runtime = true;
                        // In a conditional group HIP may skip (`#if
                        // defined(PROJ_CUDACC)`, a project naming nvcc
                        // apart: Eigen's EIGEN_CUDACC), the file includes
                        // the header at its top as well (it is `#pragma once`).
                        compat_placed |= self.outside_conditionals(region.start);
                    } else if !compat_placed && self.top_level_include(&region) {
                        hip = [hip, self.line(&include_line)].concat();
                        compat_placed = true;
                    }
                    if let Some(kept) = kept_branches.get_mut(cuda).and_then(|k| k.pop_front()) {
                        hip = kept;
                    }
                    out.uses.headers.extend(library_includes(&hip));
                    if hip != cuda {
                        text.extend_from_slice(&self.branch(&hip, cuda, region.start));
                    } else {
                        text.extend_from_slice(cuda);
                    }
                    pos = region.end;
                }
                _ => {
                    let (d, inner) = conditions.next().expect("peeked");
                    let d = &self.lx.directives[d];
                    let name = self.lx.tokens[d.first_token as usize];
                    let cond = self.lx.tokens[d.first_token as usize + 1].start as usize;
                    let last = self.lx.tokens[d.end_token as usize - 1].end as usize;
                    let hip = edit::render_range(self.src, cond..last, &inner);
                    let cuda = &self.src[cond..last];
                    // Bytes as they are (a Latin-1 comment on the line).
                    let (keyword, around): (&str, [&[u8]; 2]) = match d.name.as_str() {
                        "ifdef" => ("if", [b"defined(", b")"]),
                        "ifndef" => ("if", [b"!defined(", b")"]),
                        other => (other, [b"", b""]),
                    };
                    let [before, after] = around;
                    copied.push((pos..name.start as usize, text.len()));
                    text.extend_from_slice(&self.src[pos..name.start as usize]);
                    // What parts the name from the condition (blanks, a
                    // comment, a splice) stays as it was; none becomes a
                    // blank (`#ifdef&x`: `if` and `defined` must part when
                    // read back).
                    let gap = &self.src[name.end as usize..cond];
                    text.extend_from_slice(keyword.as_bytes());
                    text.extend_from_slice(if gap.is_empty() { b" " } else { gap });
                    text.extend_from_slice(recover::ternary_prefix().as_bytes());
                    for part in [before, &hip, after, b") : (", before, cuda, after, b")"] {
                        text.extend_from_slice(part);
                    }
                    pos = last;
                }
            }
        }
        copied.push((pos..self.src.len(), text.len()));
        text.extend_from_slice(&self.src[pos..]);
        if !compat_placed && !out.uses.names.is_empty() {
            // No branch took the include: it goes on lines of its own.
            let at = self.top();
            let k = copied.partition_point(|(c, _)| c.end < at);
            let into = copied
                .get(k)
                .map_or(out.text.len(), |(c, o)| o + at.saturating_sub(c.start));
            let block = self.branch(&self.line(&include_line), b"", at);
            out.text.splice(into..into, block);
        }
        out
    }

    fn kind(&self, e: &Edit) -> EditKind {
        let tokens = &self.lx.tokens;
        let k = tokens.partition_point(|t| (t.end as usize) <= e.range.start);
        let Some(tok) = tokens
            .get(k)
            .filter(|t| (t.start as usize) <= e.range.start)
        else {
            return EditKind::Change;
        };
        if tok.in_directive() {
            let d = &self.lx.directives[tok.directive as usize];
            let first = d.first_token as usize;
            let edit_in_directive = e.range.end <= d.end as usize;
            match d.name.as_str() {
                "if" | "ifdef" | "ifndef" | "elif" if edit_in_directive && k > first => {
                    // A condition whose parentheses do not balance is no
                    // expression to put in `(G) ? (…) : (…)` (a second run
                    // could not read it back): it stays as it is.
                    let depth = (first..d.end_token as usize).try_fold(0i32, |depth, t| {
                        let depth = match &self.src[tokens[t].range()] {
                            b"(" => depth + 1,
                            b")" => depth - 1,
                            _ => depth,
                        };
                        (depth >= 0).then_some(depth)
                    });
                    // Nor one holding a literal: a string (never an `#if`'s,
                    // and one left open takes the `) : (` with it) or a
                    // character.
                    let literal = (first..d.end_token as usize)
                        .any(|t| matches!(tokens[t].kind, TokenKind::Str | TokenKind::Char));
                    // `#ifdef X` becomes `#if defined(X)` when read back:
                    // only where `X` is one name (junk after it would be
                    // read there as a condition of its own).
                    let one_name = !matches!(d.name.as_str(), "ifdef" | "ifndef")
                        || d.end_token == d.first_token + 2;
                    if depth != Some(0) || literal || !one_name {
                        return EditKind::Kept;
                    }
                    return EditKind::Condition(tok.directive as usize);
                }
                "define" if first + 1 < d.end_token as usize => {
                    let defined = &self.src[tokens[first + 1].range()];
                    if mappings::lookup(&String::from_utf8_lossy(defined)).is_some() {
                        return EditKind::Kept;
                    }
                    if k == first + 1 {
                        return EditKind::Change;
                    }
                }
                "define" => {}
                _ => return EditKind::Change,
            }
        }
        let whole = tok.range() == e.range && tok.kind == TokenKind::Ident && !tok.spliced;
        if whole && self.renames_everywhere(&self.src[e.range.clone()], &e.text) {
            EditKind::Rename
        } else {
            EditKind::Change
        }
    }

    /// Whether `cuda` → `hip` is the rename the tables (or the user's
    /// mappings) give every use of `cuda`, so that one macro can say it:
    /// not a namespace (a macro would rename every `cub`), not a
    /// compiler's macro (defining `__CUDACC__` would tell every header the
    /// compiler is nvcc), not a legacy form nor a call whose arguments
    /// change (`cudaMallocHost(p, n)` → `hipHostMalloc(p, n, flags)`).
    fn renames_everywhere(&self, cuda: &[u8], hip: &str) -> bool {
        let Ok(cuda) = std::str::from_utf8(cuda) else {
            return false;
        };
        if let Some(user) = self.opts.extra_mappings.get(cuda) {
            return user == hip;
        }
        let Some(m) = mappings::lookup(cuda) else {
            return false;
        };
        let r = m.resolve(&self.opts.target);
        r.name == Some(hip)
            && r.legacy.is_none()
            && !m
                .call
                .is_some_and(|c| c.changes_calls(m.uses_roc(&self.opts.target)))
            && m.kind != Kind::Namespace
            && !(m.kind == Kind::Macro && cuda.starts_with("__"))
    }

    /// The line ranges the changes need as branches: sorted, disjoint,
    /// each whole lines holding whole tokens, comments, directives and
    /// conditional groups, on both sides.
    fn regions(&self, edits: &[(Edit, EditKind)]) -> Vec<Range<usize>> {
        let mut regions: Vec<Range<usize>> = (edits.iter())
            .filter(|(_, k)| *k == EditKind::Change)
            .map(|(e, _)| self.lines_of(e))
            .collect();
        loop {
            regions = (regions.into_iter())
                .map(|g| self.widen(g))
                .collect::<Vec<_>>();
            regions.sort_by_key(|g| (g.start, g.end));
            let mut merged: Vec<Range<usize>> = Vec::with_capacity(regions.len());
            for g in regions {
                match merged.last_mut() {
                    Some(m) if g.start <= m.end => m.end = m.end.max(g.end),
                    _ => merged.push(g),
                }
            }
            // The HIP side must balance its conditionals too (an inserted
            // `#if !defined(__HIP_PLATFORM_AMD__)` … `#endif` pair).
            let mut joined = false;
            for i in 0..merged.len() {
                let g = merged[i].clone();
                let inner: Vec<Edit> = (edits.iter())
                    .filter(|(e, _)| g.start <= e.range.start && e.range.end <= g.end)
                    .map(|(e, _)| e.clone())
                    .collect();
                let (net, lowest) = balance(&edit::render_range(self.src, g.clone(), &inner));
                // Each join grows a region, so the loop ends: one already
                // at the file's start or end (a malformed file's stray
                // `#endif`) stays as it is.
                if lowest < 0 {
                    let start = if i > 0 { merged[i - 1].start } else { 0 };
                    joined = start < merged[i].start;
                    merged[i].start = start;
                } else if net > 0 {
                    let end = merged.get(i + 1).map_or(self.src.len(), |n| n.end);
                    joined = end > merged[i].end;
                    merged[i].end = end;
                }
                if joined {
                    break;
                }
            }
            let stable = !joined && merged.iter().all(|g| self.widen(g.clone()) == *g);
            regions = merged;
            if stable {
                return regions;
            }
        }
    }

    /// Whether region `g` balances its conditionals on both sides, as a
    /// block's `#if`/`#else`/`#endif` around them need.
    fn balances(&self, g: &Range<usize>, edits: &[(Edit, EditKind)]) -> bool {
        let inner: Vec<Edit> = (edits.iter())
            .filter(|(e, _)| g.start <= e.range.start && e.range.end <= g.end)
            .map(|(e, _)| e.clone())
            .collect();
        balance(&self.src[g.clone()]) == (0, 0)
            && balance(&edit::render_range(self.src, g.clone(), &inner)) == (0, 0)
            && self.unterminated_in(g).is_none()
    }

    /// A block comment or raw string in `g` that is never closed: it would
    /// take the block's `#else` and `#endif` with it.
    fn unterminated_in(&self, g: &Range<usize>) -> Option<&lex::Unterminated> {
        (self.lx.unterminated.iter())
            .find(|u| g.start <= u.start as usize && (u.start as usize) < g.end)
    }

    /// The note for region `g`, left as it is: at a comment or raw string
    /// never closed, else its first conditional directive without its
    /// pair, else at its first line.
    fn left_note(&self, g: &Range<usize>) -> Diagnostic {
        let line = |at: usize| self.newlines.partition_point(|&n| n < at) + 1;
        let lines = format!(
            "lines {}-{}",
            line(g.start),
            line(g.end.max(g.start + 1) - 1)
        );
        let unpaired = (self.lx.directives.iter().enumerate()).find(|(i, d)| {
            g.start <= d.hash as usize
                && (d.end as usize) <= g.end
                && is_conditional(d)
                && self.groups.of[*i].is_none()
        });
        let (range, why) = match unpaired {
            _ if let Some(u) = self.unterminated_in(g) => (
                u.start as usize..u.end as usize,
                "a comment or raw string never closed".to_string(),
            ),
            Some((_, d)) => (
                d.hash as usize..d.end as usize,
                format!("`#{}` without its pair", d.name),
            ),
            None => (
                g.start..self.line_end(g.start),
                "the translation's conditionals do not pair".to_string(),
            ),
        };
        Diagnostic::new(
            Code::ParseError,
            range,
            format!(
                "{why}: --single-source leaves {lines} as they are, without their HIP changes (no `#if` block around them could close)"
            ),
        )
    }

    /// The whole lines an edit touches (none, for whole lines inserted).
    fn lines_of(&self, e: &Edit) -> Range<usize> {
        let start = self.line_start(e.range.start);
        let end = if e.range.is_empty() {
            if e.range.start == start && e.text.as_bytes().ends_with(&[self.eol()]) {
                start
            } else {
                self.line_end(e.range.start)
            }
        } else if e.range.end == self.line_start(e.range.end)
            && (e.text.as_bytes().ends_with(&[self.eol()])
                || e.range.start == start && e.text.is_empty())
        {
            // Whole lines replaced by whole lines, or deleted: the next line
            // stays as it is.
            e.range.end
        } else {
            // Within a line, or a line break replaced by text that does not
            // end one: the next line joins the edited one.
            self.line_end(e.range.end)
        };
        start..end
    }

    /// `g` grown until no token, comment or directive crosses its ends and
    /// it holds whole conditional groups.
    fn widen(&self, mut g: Range<usize>) -> Range<usize> {
        loop {
            let before = g.clone();
            for (s, _) in self.spans_across(g.start) {
                g.start = g.start.min(self.line_start(s));
            }
            g.start = self.logical_line_start(g.start);
            while g.end < self.src.len() && self.spliced(g.end) {
                g.end = self.line_end(g.end);
            }
            for (_, e) in self.spans_across(g.end) {
                let whole_lines = self.src[..e].ends_with(&[self.eol()]);
                g.end = g.end.max(if whole_lines { e } else { self.line_end(e) });
            }
            for (i, d) in self.lx.directives.iter().enumerate() {
                let (h, end) = (d.hash as usize, d.end_with_newline as usize);
                if h < g.start || end > g.end || !is_conditional(d) {
                    continue;
                }
                match self.groups.of[i] {
                    Some((open, close)) => {
                        g.start = g.start.min(self.lx.directives[open].line_start as usize);
                        g.end = g
                            .end
                            .max(self.lx.directives[close].end_with_newline as usize);
                    }
                    // A malformed file's stray #endif or unclosed #if: the
                    // branch takes the file from there.
                    None if d.name == "endif" || d.name == "else" || d.name.starts_with("elif") => {
                        g.start = 0
                    }
                    None => g.end = self.src.len(),
                }
            }
            if g == before {
                return g;
            }
        }
    }

    /// The tokens, comments and directives that hold byte `at` strictly
    /// inside (`(start, end)`).
    fn spans_across(&self, at: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let tokens = &self.lx.tokens;
        let k = tokens.partition_point(|t| (t.end as usize) <= at);
        if let Some(t) = tokens.get(k).filter(|t| (t.start as usize) < at) {
            out.push((t.start as usize, t.end as usize));
        }
        let c = self.lx.comments.partition_point(|c| (c.1 as usize) <= at);
        if let Some(c) = self.lx.comments.get(c).filter(|c| (c.0 as usize) < at) {
            out.push((c.0 as usize, c.1 as usize));
        }
        let d = self
            .lx
            .directives
            .partition_point(|d| (d.end_with_newline as usize) <= at);
        if let Some(d) = self
            .lx
            .directives
            .get(d)
            .filter(|d| (d.line_start as usize) < at)
        {
            out.push((d.line_start as usize, d.end_with_newline as usize));
        }
        out
    }

    /// Whether `g` holds an `#include` outside every conditional group but
    /// an include guard: where the compat header can go.
    fn top_level_include(&self, g: &Range<usize>) -> bool {
        self.lx.directives.iter().any(|d| {
            d.name == "include"
                && g.start <= d.line_start as usize
                && (d.end_with_newline as usize) <= g.end
                && self.outside_conditionals(d.hash as usize)
        })
    }

    /// Whether byte `at` lies outside every conditional group but an
    /// include guard.
    fn outside_conditionals(&self, at: usize) -> bool {
        self.groups.depth_at(self.lx, at) <= usize::from(self.include_guard().is_some())
    }

    /// The `#define` of a leading `#ifndef X` / `#define X` include guard.
    fn include_guard(&self) -> Option<usize> {
        let ds = &self.lx.directives;
        let (a, b) = (ds.first()?, ds.get(1)?);
        let before = self.lx.tokens.first().map(|t| t.start)?;
        (a.name == "ifndef"
            && b.name == "define"
            && before >= a.hash
            && self.groups.of[0].is_some_and(|(_, end)| end == ds.len() - 1))
        .then_some(1)
    }

    /// Where a compat include goes in a file with nothing to put it with:
    /// after a leading `#pragma once` or include guard, else before the
    /// first line of code and any comment that ends on it.
    fn top(&self) -> usize {
        let ds = &self.lx.directives;
        if let Some(i) = self.include_guard() {
            return ds[i].end_with_newline as usize;
        }
        match (ds.first(), self.lx.tokens.first()) {
            (Some(d), Some(t))
                if d.name == "pragma"
                    && d.hash <= t.start
                    && self.src[d.hash as usize..d.end as usize]
                        .windows(4)
                        .any(|w| w == b"once") =>
            {
                d.end_with_newline as usize
            }
            // Back over a comment that ends on that line (`/* … */ int
            // x;`), which would take the include in.
            (_, Some(t)) => {
                let mut at = self.logical_line_start(t.start as usize);
                while let Some(start) = self.spans_across(at).iter().map(|s| s.0).min() {
                    at = self.logical_line_start(start);
                }
                at
            }
            (_, None) => 0,
        }
    }

    /// The byte that ends the file's lines: `\n` (also of `\r\n`), or a
    /// lone `\r` in an old Mac file.
    fn eol(&self) -> u8 {
        *self.newline.as_bytes().last().unwrap_or(&b'\n')
    }

    /// Whether the line before byte `at` (a line start) ends in a
    /// backslash: it goes on in the line at `at`, and no directive can come
    /// between them.
    fn spliced(&self, at: usize) -> bool {
        let line = self.src[..at].strip_suffix(&[self.eol()]);
        let line = line.map(|l| l.strip_suffix(b"\r").unwrap_or(l));
        line.is_some_and(|l| l.ends_with(b"\\"))
    }

    /// The start of the line holding byte `at`, back over lines that a
    /// backslash continues into it.
    fn logical_line_start(&self, at: usize) -> usize {
        let mut start = self.line_start(at);
        while start > 0 && self.spliced(start) {
            start = self.line_start(start - 1);
        }
        start
    }

    fn line_start(&self, at: usize) -> usize {
        memchr::memrchr(self.eol(), &self.src[..at]).map_or(0, |p| p + 1)
    }

    fn line_end(&self, at: usize) -> usize {
        memchr::memchr(self.eol(), &self.src[at..]).map_or(self.src.len(), |p| at + p + 1)
    }

    /// `text` as a line of the file's line ending.
    fn line(&self, text: &str) -> Vec<u8> {
        format!("{text}{}", self.newline).into_bytes()
    }

    /// `#if HIP // hipify-rs`, the HIP side, `#else`, the CUDA side as it
    /// was (bytes `at` of the source on), `#endif`. `#line` directives
    /// number both sides and what follows as the source's lines were, so
    /// that `__LINE__` (in every error-check macro) and the compilers'
    /// messages stay what they were.
    fn branch(&self, hip: &[u8], cuda: &[u8], at: usize) -> Vec<u8> {
        let nl = self.newline.as_bytes();
        let first = self.newlines.partition_point(|&n| n < at) + 1;
        // A last line with no newline counts too: the branch ends it with
        // one, and a second run reads it so.
        let eol = self.eol();
        let unterminated = usize::from(!cuda.is_empty() && !cuda.ends_with(&[eol]));
        let after = first + cuda.iter().filter(|&&b| b == eol).count() + unterminated;
        let mut b = self.line(&format!("#if {HIP_GUARD} {MARK}"));
        b.extend_from_slice(&self.line(&format!("#line {first}")));
        // A side whose last line ends in a backslash (a macro continued to
        // the file's end) would join the `#else` or `#endif` after it to
        // that line: a line of the mark takes the splice instead, and a
        // later run reads it as the mode's ([`recover`]).
        let take_splice = |b: &mut Vec<u8>| {
            if recover::needs_mark(b) {
                b.extend_from_slice(&self.line(MARK));
            }
        };
        b.extend_from_slice(hip);
        if !hip.is_empty() && !hip.ends_with(&[eol]) {
            b.extend_from_slice(nl);
        }
        take_splice(&mut b);
        if !cuda.is_empty() {
            b.extend_from_slice(&self.line("#else"));
            b.extend_from_slice(&self.line(&format!("#line {first}")));
            b.extend_from_slice(cuda);
            if !cuda.ends_with(&[eol]) {
                b.extend_from_slice(nl);
            }
            take_splice(&mut b);
        }
        b.extend_from_slice(&self.line("#endif"));
        b.extend_from_slice(&self.line(&format!("#line {after}")));
        b
    }
}

/// The `<thrust/…>` headers a file includes as they are (rocThrust has
/// the same paths): on HIP's NVIDIA headers they are CUDA's Thrust, which
/// must be read before the macros rename CUDA's names, like the HIP
/// library headers.
fn cuda_wrapping_includes(src: &[u8], lx: &Lexed) -> Vec<String> {
    (lx.directives.iter())
        .filter(|d| d.name == "include" && d.first_token + 1 < d.end_token)
        .map(|d| &src[lx.tokens[d.first_token as usize + 1].range()])
        .filter(|h| h.starts_with(b"<thrust/"))
        .map(|h| String::from_utf8_lossy(h).into_owned())
        .collect()
}

/// The `<…>` headers a HIP branch includes, but HIP's runtime.
fn library_includes(hip: &[u8]) -> Vec<String> {
    let lx = lex::lex(hip);
    (lx.directives.iter())
        .filter(|d| d.name == "include" && d.first_token + 1 < d.end_token)
        .map(|d| &hip[lx.tokens[d.first_token as usize + 1].range()])
        .filter(|h| h.starts_with(b"<") && *h != b"<hip/hip_runtime.h>")
        .map(|h| String::from_utf8_lossy(h).into_owned())
        .collect()
}

/// `hip` with its `#include <hip/hip_runtime.h>` line (the translation's)
/// including the compat header instead; `None` where it has none.
fn replace_runtime_include(hip: &[u8], include_line: &str) -> Option<Vec<u8>> {
    let lx = lex::lex(hip);
    let d = lx.directives.iter().find(|d| {
        d.name == "include"
            && d.first_token + 1 < d.end_token
            && matches!(
                &hip[lx.tokens[d.first_token as usize + 1].range()],
                b"<hip/hip_runtime.h>" | b"\"hip/hip_runtime.h\""
            )
    })?;
    let mut out = hip[..d.hash as usize].to_vec();
    out.extend_from_slice(include_line.as_bytes());
    out.extend_from_slice(&hip[d.end as usize..]);
    Some(out)
}

/// The CUDA names a file `#define`s, with their bodies.
fn defines(src: &[u8], lx: &Lexed) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for d in lx.directives.iter().filter(|d| d.name == "define") {
        let first = d.first_token as usize;
        if first + 1 >= d.end_token as usize {
            continue;
        }
        let name = String::from_utf8_lossy(&src[lx.tokens[first + 1].range()]).into_owned();
        if mappings::lookup(&name).is_some() {
            let body = &src[lx.tokens[first + 1].end as usize..d.end as usize];
            out.insert(name, String::from_utf8_lossy(body).trim().to_string());
        }
    }
    out
}
