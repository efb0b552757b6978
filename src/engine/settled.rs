//! The fixed point's shortcut: [`settled`] decides from one round's edits
//! that a second round over its output would change nothing, so that the
//! second round need not run. A second round costs about 85 % of the first,
//! and most files (every one of HeCBench) settle in one.
//!
//! Each edit must be of a kind that changes how no pass reads the text
//! around it. The kinds accepted, in the order they are tried ([`Class`]):
//!
//! 1. [`Class::Word`]: a whole word (an identifier, a number, a word in a
//!    string literal: word bytes, with none on either side) replaced by a
//!    word no pass acts on (no CUDA name, none of the project's mappings),
//!    a word that begins with a digit, or nothing.
//! 2. [`Class::Launch`]: a launch rewritten (`--hip-kernel-execution-syntax`)
//!    where the rewrite left no `<<<` of the text as it was, unless the
//!    bytes it replaced hold a brace or a `;` (junk like `struct{)<<<…`: the
//!    scopes after it read anew) or a body follows its arguments (junk,
//!    `k<<<1,2>>>(int a){…}`: rewritten, a function's head).
//! 3. A token-internal edit, the range within one token:
//!    - [`Class::Ident`]: a whole identifier token that is not one plain
//!      word (spelled across a line splice) replaced by a word no pass acts
//!      on, or deleted;
//!    - [`Class::Number`]: a whole number token that is not one plain word
//!      (`0xffffffffu` is one, `0xffff'ffff` is not) replaced by letters and
//!      digits;
//!    - [`Class::StringWord`]: a word of a string literal next to a word
//!      byte (after an escape: `"\ncudaMalloc"`) replaced by a word no pass
//!      acts on;
//!    - [`Class::HeaderPath`]: a header name's path replaced, its `<>` or
//!      quotes kept.
//!
//!    Any other edit within one token is refused.
//! 4. [`Class::InLine`]: text within a line, where neither the bytes
//!    replaced nor the new text hold a `;`, brace, `#`, quote, `/`, `\`,
//!    line break, `<<` or `>>`, every word of the new text is one no pass
//!    acts on, and brackets it opens or closes are closed or opened on its
//!    line by the round's edits (a wrapper's two halves): a call's argument
//!    wrapped or added (`HIP_SYMBOL(`), a
//!    warp mask dropped (HIP 5.2), a type named (`h = {}` → `h =
//!    __half{}`), a keyword dropped (`register `), `~0u` widened, a spaced
//!    launch's blanks removed, an identifier of a directive replaced by
//!    more than a word (`#if __CUDACC__` → `#if defined(__HIPCC__)`), a
//!    host `max` before its call replaced by `std::max<size_t>`, a type in
//!    a cast by a pointer type (`(CUoccupancyB2DSize)f` → `(void*)f`).
//!    Also arguments deleted over line breaks (words, members, commas and
//!    blanks of code, leaving commas and blanks: a MIOpen call's moved
//!    arguments). A word is inert where no table maps it to another and it
//!    has no CUDA name's shape (`cursor` is inert: only its first letters
//!    are CUDA's). Refused while a launch was left as it is
//!    (`--hip-kernel-execution-syntax`): its `<<<` may be read across the
//!    edit.
//! 5. [`Class::Lines`]: whole lines of directives or comments inserted at
//!    the start of a line, outside a comment and a token, where a directive
//!    or the end of a statement parts the code already: first in the file,
//!    next to a directive, or after a `;`, `{` or `}` that
//!    [ends a statement](Judge::ends_statement).
//! 6. [`Class::Definition`]: a definition the translation writes for a
//!    function HIP lacks (`translate/shims.rs`: its parts as written there),
//!    inserted where [`Class::Lines`] may be. Its code declares only its own
//!    parameters and locals, which the look-ups for a name's declaration
//!    skip (`shims::inserted_definitions`), and names only HIP's API and its
//!    own `hipify_rs_` names; a `#define` of the CUDA name makes the next round
//!    read the calls as the project's, as this round left them. Not in a
//!    round where another definition found no line to go on: the code an
//!    inserted definition ends may give it one in the next.
//! 7. [`Class::Wrapper`]: a call rewrite's argument wrapper opened (a
//!    `wrap_arg`'s text from the tables and `(`: `[](const hipMemLocation
//!    &l) { … }(`), its words inert, as [`Class::InLine`] judges its
//!    neighbours and its brackets (the `)` that closes it on its line): the
//!    call is renamed in the same round, and HIP's name has no rewrite to
//!    wrap it again.
//! 8. [`Class::DirectiveDeleted`]: a whole directive (its line and line
//!    break) deleted where it joins no code: before the first token of code,
//!    next to a directive that stays, or after a `;`, `{` or `}` that
//!    [ends a statement](Judge::ends_statement) where no bracket left open
//!    before it pairs with one after it ([`Judge::joins_brackets`]).
//!
//! Text that is not well formed (a block comment or raw string left open,
//! brackets that do not balance in its code: [`well_formed`]) settles never:
//! the classes are judged on code the passes read one way.
//!
//! Any other edit (an `asm` statement replaced by a call, most fixes) sends
//! the output round again, and so does a fix another edit kept out (the
//! caller's `clashed`). With `--hip-kernel-execution-syntax`, a launch left
//! as it is refuses class 4, and classes 5 and 6 but where the first code
//! or a directive is beside them (no `;` ends a statement then: a launch's
//! configuration may hold braces).
//!
//! `false` costs a round; a wrong `true` would leave output that translates
//! further. Each class has a test below: a round that makes such an edit
//! and settles, and a second round that changes nothing. Debug builds and
//! the fuzz targets (the `confirm-settled` feature) check every `true`:
//! [`confirm`] runs the round the shortcut skipped and panics, naming the
//! edit class and range, if it changes anything.

use std::collections::BTreeMap;

use crate::edit::Edit;
use crate::lex::{self, Token, TokenKind};
use crate::mappings;
use crate::rules::ends_before_statement;
use crate::tokens::{BracketSet, Way};
use crate::translate::{self, Cx, HIP_RUNTIME, Language, NOT_A_TYPE, Options, PLAIN_TYPES};

/// The kinds of edit [`settled`] accepts (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// A whole word replaced by an inert word, a number or nothing.
    Word,
    /// A launch rewritten, none left as it was.
    Launch,
    /// A whole identifier token (spelled across a splice) replaced by an
    /// inert word or nothing.
    Ident,
    /// A whole number token replaced by letters and digits.
    Number,
    /// A word of a string literal after a word byte replaced by an inert
    /// word.
    StringWord,
    /// A header name's path replaced.
    HeaderPath,
    /// Text within a line, no structure, replaced by inert text.
    InLine,
    /// Whole lines of directives or comments inserted between parted code.
    Lines,
    /// A definition the translation writes for a function HIP lacks (a
    /// shim), inserted as [`Class::Lines`] are.
    Definition,
    /// A call rewrite's argument wrapper opened (`[](const hipMemLocation
    /// &l) { … }(`), its words inert.
    Wrapper,
    /// A whole directive deleted where it joins no code.
    DirectiveDeleted,
}

/// Whether applying `edits` to the round's text leaves the next round
/// nothing to do, so that it need not run: each edit is of a [`Class`].
pub(super) fn settled(cx: &Cx<'_>, edits: &[Edit]) -> bool {
    let mut judge = Judge::new(cx, edits);
    // The classes first: most rounds that do not settle fail there.
    edits.iter().all(|e| judge.class(e).is_some()) && well_formed(cx)
}

/// Whether the round's text is well formed enough for the classes to
/// judge it: no block comment or raw string left open, and as many of each
/// bracket closed as opened in its code (outside directives, where a macro
/// may hold half a pair). The classes are judged on code the passes read
/// one way; malformed text (a call's arguments that run into the next
/// function, a wrapper around them) may read otherwise once anything in it
/// changes, so it goes round again. Real code is almost always well formed
/// (code under `#if`/`#else` whose branches each open a brace is not: it
/// only costs the round).
fn well_formed(cx: &Cx<'_>) -> bool {
    if !cx.lx.unterminated.is_empty() {
        return false;
    }
    let mut depth = [0i64; 3];
    for t in cx.lx.tokens.iter() {
        if t.kind != TokenKind::Punct || t.in_directive() {
            continue;
        }
        match cx.src[t.start as usize] {
            b'(' => depth[0] += 1,
            b')' => depth[0] -= 1,
            b'[' => depth[1] += 1,
            b']' => depth[1] -= 1,
            b'{' => depth[2] += 1,
            b'}' => depth[2] -= 1,
            _ => {}
        }
    }
    depth == [0; 3]
}

/// The [`Class`] of each edit (`None`: refused), in the order of `edits`.
#[cfg(any(test, debug_assertions, feature = "confirm-settled"))]
pub(super) fn classes(cx: &Cx<'_>, edits: &[Edit]) -> Vec<Option<Class>> {
    let mut judge = Judge::new(cx, edits);
    edits.iter().map(|e| judge.class(e)).collect()
}

/// What [`settled`] reads of a round, and what it remembers between edits.
struct Judge<'c, 'a> {
    cx: &'c Cx<'a>,
    /// Per token of code before a deleted directive: whether its run of
    /// code closes every `(` and `[` it opens.
    closed: BTreeMap<usize, bool>,
    /// Where the deletions start, sorted.
    deletions: Vec<usize>,
    /// Launches the rewrite left hold brackets of their own, which text
    /// around them may be read as part of.
    launches_left: bool,
    /// The output includes HIP's runtime header: the file includes it or
    /// an edit of the round does. (A definition's kernel-language words
    /// would make the next round add it to a file that had none.)
    has_hip_runtime: bool,
    /// The lines where the round's edits open brackets they do not close
    /// there, or close ones they did not open: a wrapper whose halves lie
    /// on different lines (`(const char**)(` … `)` around an argument that
    /// runs on), which the next round may read otherwise. Made on first
    /// need.
    unbalanced_lines: std::cell::OnceCell<Vec<std::ops::Range<usize>>>,
    /// The round's edits, for the lines above.
    edits: &'c [Edit],
}

/// The words of a wrapper's text, outside its string literals (none has one).
fn wrapper_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty() && !w.as_bytes()[0].is_ascii_digit())
}

fn is_word(t: &str) -> bool {
    t.bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `std::NAME<T>` for `NAME`, `T` words and blanks (`std::max<unsigned
/// int>`): the host `min`/`max` rule's fix.
fn std_call_of(name: &[u8], text: &str) -> bool {
    let Some(args) = (text.strip_prefix("std::"))
        .and_then(|t| t.strip_prefix(std::str::from_utf8(name).ok()?))
        .and_then(|t| t.strip_prefix('<')?.strip_suffix('>'))
    else {
        return false;
    };
    matches!(name, b"min" | b"max")
        && !args.trim().is_empty()
        && args.bytes().all(|b| b == b' ' || word_byte(&b))
}

/// A word and one or more `*` (`void*`, `void *`): a pointer type.
fn pointer_type(text: &str) -> bool {
    let word = text.trim_end_matches(['*', ' ']);
    is_word(word) && word.len() < text.len() && text[word.len()..].contains('*')
}

fn word_byte(b: &u8) -> bool {
    lex::CLASS[*b as usize] != 0
}

/// The `(`s and `[`s edit `e` opens less those it closes, in its text
/// against the bytes it replaces.
fn bracket_delta(src: &[u8], e: &Edit) -> (i32, i32) {
    let count = |t: &[u8], open: u8, close: u8| {
        t.iter()
            .map(|&b| i32::from(b == open) - i32::from(b == close))
            .sum::<i32>()
    };
    let (new, old) = (e.text.as_bytes(), &src[e.range.clone()]);
    (
        count(new, b'(', b')') - count(old, b'(', b')'),
        count(new, b'[', b']') - count(old, b'[', b']'),
    )
}

/// The lines (byte ranges without their line break, sorted) whose edits
/// leave brackets open or close more than they open, summed over the line.
/// One sweep in the edits' order: a long line with many edits is read
/// once, not once per edit.
fn unbalanced_lines(src: &[u8], edits: &[Edit]) -> Vec<std::ops::Range<usize>> {
    let mut order: Vec<&Edit> = edits.iter().collect();
    order.sort_by_key(|e| e.range.start);
    let mut sums: Vec<(usize, (i32, i32))> = Vec::new();
    let (mut line, mut swept) = (0, 0);
    for e in order {
        let at = e.range.start;
        if at > swept {
            if let Some(p) = memchr::memrchr2(b'\n', b'\r', &src[swept..at]) {
                line = swept + p + 1;
            }
            swept = at;
        }
        let (p, s) = bracket_delta(src, e);
        match sums.last_mut() {
            Some((l, sum)) if *l == line => {
                sum.0 += p;
                sum.1 += s;
            }
            _ => sums.push((line, (p, s))),
        }
    }
    (sums.into_iter())
        .filter(|(_, sum)| *sum != (0, 0))
        .map(|(line, _)| {
            let end = memchr::memchr2(b'\n', b'\r', &src[line..]).map_or(src.len(), |p| line + p);
            line..end
        })
        .collect()
}

/// Whether applying `e` puts a backslash right before a line end, at
/// either side of its text (a word deleted after a stray `\`): a line
/// splice, which joins two lines the next round reads as one.
fn makes_splice(src: &[u8], e: &Edit) -> bool {
    let r = &e.range;
    let text = e.text.as_bytes();
    let before = r.start.checked_sub(1).map(|p| src[p]);
    let after = src.get(r.end).copied();
    let joins = |a: Option<u8>, b: Option<u8>| a == Some(b'\\') && matches!(b, Some(b'\n' | b'\r'));
    !(r.is_empty() && text.is_empty())
        && (joins(before, text.first().copied().or(after)) || joins(text.last().copied(), after))
}

/// No statement, scope, directive, literal, comment or launch begins or
/// ends in `t`.
fn plain(t: &[u8]) -> bool {
    !t.iter().any(|b| b";{}#\"'/\\\n\r".contains(b))
        && memchr::memmem::find(t, b"<<").is_none()
        && memchr::memmem::find(t, b">>").is_none()
}

impl<'c, 'a> Judge<'c, 'a> {
    fn new(cx: &'c Cx<'a>, edits: &'c [Edit]) -> Self {
        let mut deletions: Vec<usize> = (edits.iter())
            .filter(|e| e.text.is_empty())
            .map(|e| e.range.start)
            .collect();
        deletions.sort_unstable();
        Judge {
            cx,
            closed: BTreeMap::new(),
            deletions,
            launches_left: cx.opts.kernel_execution_syntax && cx.facts.launches_left,
            has_hip_runtime: edits.iter().any(|e| e.text.contains(HIP_RUNTIME))
                || cx.lx.directives.iter().any(|d| {
                    let t = d.first_token as usize + 1;
                    d.name == "include"
                        && t < d.end_token as usize
                        && cx.tok(t).kind == TokenKind::HeaderName
                        && cx.text(t).get(1..cx.text(t).len() - 1) == Some(HIP_RUNTIME.as_bytes())
                }),
            unbalanced_lines: std::cell::OnceCell::new(),
            edits,
        }
    }

    /// Whether the brackets `e` opens or closes are closed or opened on its
    /// line by the round's edits (a wrapper's two halves on one line).
    fn balanced_on_its_line(&self, e: &Edit) -> bool {
        bracket_delta(self.cx.src, e) == (0, 0) || {
            let lines =
                (self.unbalanced_lines).get_or_init(|| unbalanced_lines(self.cx.src, self.edits));
            let k = lines.partition_point(|l| l.end <= e.range.start);
            lines.get(k).is_none_or(|l| !l.contains(&e.range.start))
        }
    }

    /// The class of `e`, or `None` where the next round may read the text
    /// around it differently.
    fn class(&mut self, e: &Edit) -> Option<Class> {
        let cx = self.cx;
        let tokens = &cx.lx.tokens;
        let r = &e.range;
        // No pass acts on it: no CUDA name, and none the project maps.
        let inert = |w: &[u8]| {
            !translate::may_rewrite(w, &cx.opts.target)
                && (cx.opts.extra_mappings.is_empty()
                    || std::str::from_utf8(w)
                        .is_ok_and(|w| !cx.opts.extra_mappings.contains_key(w)))
        };
        if makes_splice(cx.src, e) {
            return None;
        }
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
            let ok = e.text.is_empty()
                || e.text.as_bytes()[0].is_ascii_digit()
                || inert(e.text.as_bytes());
            return ok.then_some(Class::Word);
        }
        if e.text.starts_with("hipLaunchKernelGGL(") && !cx.facts.launches_left {
            // Nor where a body follows its arguments (junk, `k<<<1,2>>>(int
            // a){…}`): `hipLaunchKernelGGL(…) {` reads as a function's head,
            // whose qualifiers a rule reads for the code in it.
            let body = cx.lx.tokens[..]
                .partition_point(|t| (t.start as usize) < r.end)
                .checked_sub(1)
                .filter(|&open| cx.is_punct(open, b"("))
                .and_then(|open| cx.matching_close(open))
                .and_then(|close| cx.next(close))
                .is_some_and(|n| cx.is_punct(n, b"{"));
            let ok = !body && !old.iter().any(|b| matches!(b, b'{' | b'}' | b';'));
            return ok.then_some(Class::Launch);
        }
        let k = tokens.partition_point(|t| (t.start as usize) < r.start);
        // The token holding the replaced bytes.
        let holder = [k.checked_sub(1), Some(k)]
            .into_iter()
            .flatten()
            .filter_map(|i| tokens.get(i))
            .find(|t| !r.is_empty() && t.start as usize <= r.start && r.end <= t.end as usize);
        // An identifier replaced by more than a word is judged as text
        // within a line where no rule reads its neighbours anew: one of a
        // directive (`#if __CUDACC__` -> `#if defined(__HIPCC__)`), a host
        // `min`/`max` called as `std::max<size_t>` (the min/max rule reads
        // only unqualified calls, and an outer call's argument types are
        // read in the round that rewrites the inner one), a type in a cast
        // replaced by a pointer type (`(CUoccupancyB2DSize)f` -> `(void*)f`).
        let by_text = holder.is_some_and(|t| {
            let k = tokens.partition_point(|u| u.start < t.start);
            t.kind == TokenKind::Ident
                && t.range() == *r
                && !e.text.is_empty()
                && !is_word(&e.text)
                && (t.in_directive()
                    || (std_call_of(old, &e.text)
                        && cx.next(k).is_some_and(|n| cx.is_punct(n, b"(")))
                    || (pointer_type(&e.text)
                        && cx.prev(k).is_some_and(|p| cx.is_punct(p, b"("))
                        && cx.next(k).is_some_and(|n| cx.is_punct(n, b")"))))
        });
        if let Some(t) = holder.filter(|_| !by_text) {
            let whole = t.range() == *r;
            let inert_word = || is_word(&e.text) && inert(e.text.as_bytes());
            let (ok, class) = match t.kind {
                TokenKind::Ident => (whole && (e.text.is_empty() || inert_word()), Class::Ident),
                TokenKind::Number => (
                    whole && e.text.bytes().all(|b| b.is_ascii_alphanumeric()),
                    Class::Number,
                ),
                TokenKind::Str => (
                    old.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_') && inert_word(),
                    Class::StringWord,
                ),
                TokenKind::HeaderName => (
                    (t.start as usize) < r.start
                        && r.end < t.end as usize
                        && !e.text.contains(['<', '>', '"', '\n', '\r']),
                    Class::HeaderPath,
                ),
                _ => (false, Class::Word),
            };
            return ok.then_some(class);
        }
        if (plain(old) && plain(e.text.as_bytes())) || self.deletes_arguments(e) {
            let ok = !self.launches_left
                && e.text
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .all(|w| w.is_empty() || inert(w.as_bytes()))
                && self.keeps_neighbours(e)
                && self.balanced_on_its_line(e);
            return ok.then_some(Class::InLine);
        }
        if r.is_empty() {
            let at_line_start = r.start == 0 || cx.src.get(r.start - 1) == Some(&b'\n');
            let lines = e.text.ends_with('\n')
                && e.text.lines().all(|l| {
                    let l = l.trim_start();
                    l.is_empty() || l.starts_with('#') || l.starts_with("//")
                });
            let class = if lines {
                Class::Lines
            } else if translate::is_shim_definition(&e.text, crate::source::line_ending(cx.src))
                && self.has_hip_runtime
                && !cx.tokens.had_definition_without_line()
            {
                Class::Definition
            } else if mappings::is_wrapper_opening(&e.text) {
                let ok = !self.launches_left
                    && wrapper_words(&e.text).all(|w| inert(w.as_bytes()))
                    && self.keeps_neighbours(e)
                    && self.balanced_on_its_line(e);
                return ok.then_some(Class::Wrapper);
            } else {
                return None;
            };
            let before = k.checked_sub(1);
            let ok = at_line_start
                && !cx.in_comment(r.start)
                && before.is_none_or(|p| tokens[p].end as usize <= r.start)
                && (before.is_none_or(|p| tokens[p].in_directive())
                    || tokens.get(k).is_none_or(Token::in_directive)
                    || before.is_some_and(|p| self.ends_statement(p)));
            return ok.then_some(class);
        }
        if !e.text.is_empty() {
            return None;
        }
        let dirs = &cx.lx.directives;
        let d = dirs.partition_point(|d| (d.line_start as usize) < r.start);
        let dir = dirs
            .get(d)
            .filter(|d| d.line_start as usize == r.start && d.end_with_newline as usize == r.end)?;
        let first = dir.first_token as usize;
        let before = first.checked_sub(1).map(|p| &tokens[p]);
        let after = tokens.get(dir.end_token as usize);
        let stays = |t: &Token| t.in_directive() && !self.deleted(&dirs[t.directive as usize]);
        if before.is_none_or(stays) || after.is_some_and(stays) {
            return Some(Class::DirectiveDeleted);
        }
        // The last token of code before it.
        let ok = match tokens[..first].iter().rposition(|t| !t.in_directive()) {
            None => true,
            Some(p) => self.ends_statement(p) && !self.joins_brackets(p, dir.end_token as usize),
        };
        ok.then_some(Class::DirectiveDeleted)
    }

    /// Whether `e` deletes arguments that run over lines (a MIOpen call's
    /// `, CUDNN_CROSS_CORRELATION,\n    CUDNN_DATA_FLOAT` or `, L.fwd,\n`
    /// moved), leaving commas and blanks: words, members, commas and
    /// blanks of code, so no directive, comment or bracket is in them, and
    /// the lines they join are code on both sides.
    fn deletes_arguments(&self, e: &Edit) -> bool {
        let cx = self.cx;
        let old = &cx.src[e.range.clone()];
        let tokens = &cx.lx.tokens;
        let first = tokens.partition_point(|t| (t.end as usize) <= e.range.start);
        let end = tokens.partition_point(|t| (t.start as usize) < e.range.end);
        e.text
            .bytes()
            .all(|b| matches!(b, b',' | b' ' | b'\t' | b'\n' | b'\r'))
            && old.contains(&b',')
            && old
                .iter()
                .all(|b| matches!(b, b',' | b'.' | b' ' | b'\t' | b'\n' | b'\r') || word_byte(b))
            && (first.saturating_sub(1)..(end + 1).min(tokens.len()))
                .all(|k| !tokens[k].in_directive())
    }

    /// Whether text-within-a-line edit `e` leaves a call or declaration
    /// beside it read as before: a name followed by `(` or `<` after it
    /// keeps the token before it (a type before `min(…)` declares it, a `)`
    /// makes it a call), up to `(` for `,` (an argument's start:
    /// `HIP_SYMBOL(` added, a warp mask dropped) and one word of a type or
    /// specifier for another (`void CUDART_CB f(…)` → `void f(…)`); a name
    /// before it gets no `(` or `<` after it that it had not, nor loses
    /// one. A directive's own name (`#if __CUDACC__` → `#if
    /// defined(__HIPCC__)`) is none. Before an `asm`, the token before it
    /// still lets a statement start there, or still does not (the PTX rule
    /// fixes statements only).
    fn keeps_neighbours(&self, e: &Edit) -> bool {
        let cx = self.cx;
        let tokens = &cx.lx.tokens;
        let r = &e.range;
        // The tokens replaced, `first..end`, and those beside them.
        let first = tokens.partition_point(|t| (t.end as usize) <= r.start);
        let end = tokens.partition_point(|t| (t.start as usize) < r.end);
        let before = first.checked_sub(1);
        let after = (end < tokens.len()).then_some(end);
        let dirs = &cx.lx.directives;
        let name = |k: usize| {
            tokens[k].kind == TokenKind::Ident
                && !(tokens[k].in_directive()
                    && dirs[tokens[k].directive as usize].first_token as usize == k)
                && may_be_read(cx.text(k), cx.opts)
        };
        let opens = |t: &[u8]| t == b"(" || t == b"<";
        let called =
            after.is_some_and(|k| name(k) && cx.next(k).is_some_and(|n| opens(cx.text(n))));
        let before_name = before.is_some_and(name);
        // The PTX rule fixes an `asm` only where a statement may start.
        let before_asm =
            after.is_some_and(|k| matches!(cx.text(k), b"asm" | b"__asm__" | b"__asm"));
        if !called && !before_name && !before_asm {
            return true;
        }
        let new = lex::lex(e.text.as_bytes());
        let new_text = |t: &Token| &e.text.as_bytes()[t.range()];
        let old_text = |k: Option<usize>| k.map_or(&b""[..], |k| cx.text(k));
        let replaced = (first < end).then_some((first, end - 1));
        // The token before what follows the edit, before and after it.
        let old = old_text(replaced.map(|(_, l)| l).or(before));
        let new_last = new.tokens.last().map_or(old_text(before), new_text);
        if before_asm && ends_before_statement(old) != ends_before_statement(new_last) {
            return false;
        }
        if called {
            // A word that reads as a type or a specifier before a name (not
            // `return`, not a plain type, which makes the name a variable).
            let type_like = |t: &[u8]| {
                t.first()
                    .is_some_and(|&b| lex::CLASS[b as usize] & lex::IDENT_START != 0)
                    && !NOT_A_TYPE.contains(&t)
                    && !PLAIN_TYPES.contains(&t)
            };
            let alike = old == new_last
                || [old, new_last].iter().all(|t| *t == b"," || *t == b"(")
                || (type_like(old) && type_like(new_last));
            if !alike {
                return false;
            }
        }
        if before_name {
            let old = old_text(replaced.map(|(f, _)| f).or(after));
            let new = new.tokens.first().map_or(old_text(after), new_text);
            if old != new && (opens(old) || opens(new)) {
                return false;
            }
        }
        true
    }

    /// Whether an edit of the round deletes directive `d`.
    fn deleted(&self, d: &lex::Directive) -> bool {
        (self.deletions)
            .binary_search(&(d.line_start as usize))
            .is_ok()
    }

    /// Whether deleting the directives from token `from` on (those
    /// deleted) joins code whose brackets then pair: a `{` that the code
    /// before them, up to token `p`, leaves open, and a closing bracket the
    /// code after them does not match. Brackets pair within a run of code
    /// between directives, so the next round would read one body where this
    /// one read two halves (`{` `#include <cuda.h>` `}`: a definition's
    /// body, which the guard of a project's `atomicMax` reads).
    fn joins_brackets(&self, p: usize, from: usize) -> bool {
        let cx = self.cx;
        // No brace open after `p` (the usual include at file scope): none
        // for the walk below to find.
        if !cx.brace_open_after(p) {
            return false;
        }
        let tokens = &cx.lx.tokens;
        let mut k = from;
        while let Some(t) = tokens.get(k).filter(|t| t.in_directive()) {
            let d = &cx.lx.directives[t.directive as usize];
            if !self.deleted(d) {
                return false;
            }
            k = d.end_token as usize;
        }
        k < tokens.len()
            && cx
                .walk(p, BracketSet::Braces, Way::Back)
                .any(|s| s.unmatched)
            && cx
                .walk(k, BracketSet::All, Way::Forward)
                .any(|s| s.unmatched)
    }

    /// Whether token `p` of code ends a statement or opens or closes a
    /// brace block, with no `(` or `[` of the code since the directive
    /// before it left open: a directive put or taken away right after it
    /// parts or joins no construct a pass reads. Never where the launch
    /// rewrite left a launch as it is: its configuration may hold braces.
    /// `closed` remembers the answers; a scan back stops at a token already
    /// found closed (the guards around a file's sixty operators read each
    /// body once, not the file sixty times).
    fn ends_statement(&mut self, p: usize) -> bool {
        let cx = self.cx;
        if self.launches_left || !matches!(cx.text(p), b";" | b"{" | b"}") {
            return false;
        }
        if let Some(&known) = self.closed.get(&p) {
            return known;
        }
        let stop = (self.closed.range(..p).next_back())
            .filter(|&(_, &ok)| ok)
            .map_or(0, |(&q, _)| q + 1);
        // Inside an expression's own brackets (a `for` header, a lambda in
        // a call) the `;` or brace ends no statement.
        let answer = cx.tok(p).in_directive()
            || !cx
                .walk(p, BracketSet::ParensSquares, Way::Back)
                .take_while(|s| s.k >= stop)
                .any(|s| s.unmatched);
        self.closed.insert(p, answer);
        answer
    }
}

/// Whether a pass or rule may read identifier `word` by the tokens beside
/// it (a declaration or a call): a CUDA name of the tables (inert ones such
/// as `min` included), a word the prefilter keeps, a builtin's `__` spelling.
/// A project's own name (`hostFunc`, a template's `T`) is read by none, so
/// an edit beside it (`CUDART_CB` or `register` dropped) settles.
fn may_be_read(word: &[u8], opts: &Options) -> bool {
    word.starts_with(b"__")
        || crate::mappings::may_be_key(word)
        || opts.extra_mappings.contains_key(std::str::from_utf8(word).unwrap_or(""))
        // (The prefilter's test takes words of two bytes or more.)
        || word.len() >= 2 && super::prefilter::word_matters(word, &opts.target)
}

/// How the panic of a failed [`confirm`] begins: [`super::process`] and the
/// single-source mode let it go on (a bug to see, not a file to skip).
pub(crate) const WRONG: &str = "engine: settled() was wrong";

/// Whether a panic's payload is a failed [`confirm`]'s.
pub(crate) fn is_wrong(payload: &(dyn std::any::Any + Send)) -> bool {
    payload
        .downcast_ref::<String>()
        .is_some_and(|m| m.starts_with(WRONG))
}

/// Runs the round [`settled`] skipped, over `output` (what round `round`
/// made of `input`), and panics if it changes anything or gives up with an
/// internal error, naming the class and range of the edit of that round
/// nearest the change. Debug builds and the `confirm-settled` feature (the
/// fuzz targets) only: a release build skips nothing it does not prove.
#[cfg(any(debug_assertions, feature = "confirm-settled"))]
pub(super) fn confirm(
    input: &[u8],
    output: &[u8],
    language: Language,
    opts: &Options,
    round: usize,
) {
    let (again, _, again_edits) = super::round::round(output, language, opts);
    let error = (again.diagnostics.iter())
        .find(|d| d.code == crate::diagnostic::Code::InternalPanic)
        .map(|d| d.message.clone());
    if !again.changed && error.is_none() {
        return;
    }
    let (_, judged, applied) = super::round::round_judged(input, language, opts, |cx, edits, _| {
        edits
            .iter()
            .cloned()
            .zip(classes(cx, edits))
            .collect::<Vec<_>>()
    });
    // Where the change is in `output`, and there in `input`.
    let at = again_edits.first().map_or(0, |e| e.range.start);
    let mut shift = 0isize;
    let mut in_input = None;
    for e in &applied {
        let start = (e.range.start as isize + shift) as usize;
        if at < start {
            break;
        }
        if at < start + e.text.len() {
            in_input = Some(e.range.start);
            break;
        }
        shift += e.text.len() as isize - e.range.len() as isize;
    }
    let in_input = in_input.unwrap_or((at as isize - shift).max(0) as usize);
    // The edit nearest that place.
    let nearest = judged.iter().min_by_key(|(e, _)| {
        if e.range.end < in_input {
            in_input - e.range.end
        } else {
            e.range.start.saturating_sub(in_input)
        }
    });
    let show = |b: &[u8]| format!("{:?}", String::from_utf8_lossy(b));
    let line = |text: &[u8], at: usize| {
        text[..at.min(text.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    };
    let change = match again_edits.first() {
        Some(e) => format!(
            "the next round changed bytes {:?} (line {}) of its output, {} to {}",
            e.range,
            line(output, e.range.start),
            show(&output[e.range.clone()]),
            show(e.text.as_bytes())
        ),
        None => format!("the next round gave up: {}", error.unwrap_or_default()),
    };
    let culprit = match nearest {
        Some((e, class)) => format!(
            "the edit of round {round} nearest it: {} at bytes {:?} (line {}) of its input, {} to {}",
            class.map_or("refused".to_string(), |c| format!("{c:?}")),
            e.range,
            line(input, e.range.start),
            show(&input[e.range.clone()]),
            show(e.text.as_bytes())
        ),
        None => String::new(),
    };
    // The text itself where it is short enough to read (a test's, a fuzz
    // input).
    let text = if input.len() <= 4096 {
        format!(
            "\n--- round {round}'s input ---\n{}",
            String::from_utf8_lossy(input)
        )
    } else {
        String::new()
    };
    panic!("{WRONG}: round {round} settled, yet {change}; {culprit}{text}");
}

/// Release builds trust [`settled`]: nothing runs.
#[cfg(not(any(debug_assertions, feature = "confirm-settled")))]
#[inline(always)]
pub(super) fn confirm(_: &[u8], _: &[u8], _: Language, _: &Options, _: usize) {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mappings::Version;
    use crate::translate::{Language, Options, Translation};

    /// One edit of a round: its text before and after, and its class.
    type Judged = Vec<(String, String, Option<Class>)>;

    /// A round over `src`: its translation, each edit judged, and whether
    /// it settled.
    fn judge(src: &str, opts: &Options) -> (Translation, Judged, bool) {
        let (t, (judged, settles), _) = super::super::round::round_judged(
            src.as_bytes(),
            Language::Cuda,
            opts,
            |cx, edits, clashed| {
                let judged = (edits.iter().zip(classes(cx, edits)))
                    .map(|(e, c)| {
                        let old = String::from_utf8_lossy(&cx.src[e.range.clone()]).into_owned();
                        (old, e.text.to_string(), c)
                    })
                    .collect();
                (judged, !clashed && settled(cx, edits))
            },
        );
        assert!(t.changed, "{src}");
        (t, judged, settles)
    }

    /// The round of `src` makes an edit of class `class`, `old` → `new`,
    /// and settles; and a second round over its output changes nothing.
    fn accepts(src: &str, opts: &Options, class: Class, old: &str, new: &str) {
        let (t, judged, settles) = judge(src, opts);
        assert!(
            judged
                .iter()
                .any(|(o, n, c)| *c == Some(class) && o == old && n == new),
            "no {class:?} edit {old:?} -> {new:?} in {judged:#?}"
        );
        assert!(settles, "not settled: {judged:#?}");
        let (again, _, _) = super::super::round::round(&t.output, Language::Cuda, opts);
        assert!(
            !again.changed,
            "settled, yet the next round changed\n{}\ninto\n{}",
            String::from_utf8_lossy(&t.output),
            String::from_utf8_lossy(&again.output)
        );
    }

    /// The round of `src` makes the edit `old` → `new`, refused, and does
    /// not settle. Returns whether a second round changes the output.
    fn refuses(src: &str, opts: &Options, old: &str, new: &str) -> bool {
        let (t, judged, settles) = judge(src, opts);
        assert!(
            judged
                .iter()
                .any(|(o, n, c)| c.is_none() && o == old && n == new),
            "no refused edit {old:?} -> {new:?} in {judged:#?}"
        );
        assert!(!settles, "settled: {judged:#?}");
        super::super::round::round(&t.output, Language::Cuda, opts)
            .0
            .changed
    }

    fn launch_syntax() -> Options {
        Options {
            kernel_execution_syntax: true,
            ..Options::default()
        }
    }

    #[test]
    fn a_word_renamed_to_an_inert_word() {
        let opts = Options::default();
        let src =
            "#include <cuda_runtime.h>\nvoid f(float* p) { cudaMalloc(&p, 4); cudaFree(p); }\n";
        accepts(src, &opts, Class::Word, "cudaMalloc", "hipMalloc");
        // A number widened: a word that begins with a digit.
        let src = "__global__ void k(float v) { v = __shfl_down_sync(0xffffffff, v, 1); }\n";
        accepts(
            src,
            &opts,
            Class::Word,
            "0xffffffff",
            "0xffffffffffffffffULL",
        );
    }

    #[test]
    fn a_word_renamed_to_a_word_a_pass_acts_on_is_refused() {
        // The project's own mapping gives a CUDA name, which the next round
        // renames.
        let mut opts = Options::default();
        (opts.extra_mappings).insert("myAlloc".into(), "cudaMalloc".into());
        let src = "void f(float* p) { myAlloc(&p, 4); }\n";
        assert!(refuses(src, &opts, "myAlloc", "cudaMalloc"));
        // One of the project's mappings gives a name another of them maps.
        let mut opts = Options::default();
        (opts.extra_mappings).insert("oldName".into(), "midName".into());
        (opts.extra_mappings).insert("midName".into(), "newName".into());
        let src = "void f(float* p) { oldName(p); }\n";
        assert!(refuses(src, &opts, "oldName", "midName"));
    }

    #[test]
    fn a_launch_rewritten() {
        let opts = launch_syntax();
        let src = "__global__ void k(float* p) {}\nvoid g(float* p) { k<<<1, 2>>>(p); }\n";
        accepts(
            src,
            &opts,
            Class::Launch,
            "k<<<1, 2>>>(",
            "hipLaunchKernelGGL(k, dim3(1), dim3(2), 0, 0, ",
        );
        // A launch of a launch's result takes it whole, in the same round.
        let src = "void g() { k<<<1, 2>>>(p)<<<3, 4>>>(q); }\n";
        let (_, judged, settles) = judge(src, &opts);
        assert!(
            settles && judged.iter().all(|(_, _, c)| c.is_some()),
            "{judged:#?}"
        );
    }

    #[test]
    fn a_launch_beside_one_left_or_taking_a_brace_is_refused() {
        let opts = launch_syntax();
        // A launch in another's configuration: the outer one waits.
        let src = "void g() { k<<<1, s<<<2, 3>>>()>>>(); }\n";
        assert!(refuses(
            src,
            &opts,
            "s<<<2, 3>>>(",
            "hipLaunchKernelGGL(s, dim3(2), dim3(3), 0, 0"
        ));
        // The kernel text holds a brace: the scopes after it read anew.
        let src = "struct{)<<<3,4>>>(){}i cudaFree(){\n";
        refuses(
            src,
            &opts,
            "struct{)<<<3,4>>>(",
            "hipLaunchKernelGGL(struct{), dim3(3), dim3(4), 0, 0",
        );
    }

    /// A word deleted after a stray backslash, before a line end: the
    /// deletion makes a line splice (fuzzing, run 21), so the round is
    /// refused; the next one reads the joined lines.
    #[test]
    fn a_deletion_that_makes_a_splice_is_refused() {
        let opts = Options::default();
        let src = "__global__ void k(int n) { n\\__grid_constant__\n}\n";
        refuses(src, &opts, "__grid_constant__", "");
    }

    #[test]
    fn a_spliced_identifier_renamed() {
        let opts = Options::default();
        let src = "void f(float* p) { cuda\\\nMalloc(&p, 4); }\n";
        accepts(src, &opts, Class::Ident, "cuda\\\nMalloc", "hipMalloc");
    }

    #[test]
    fn a_number_with_a_separator_widened() {
        let opts = Options::default();
        let src = "__global__ void k(float v) { v = __shfl_sync(0xffff'ffff, v, 1); }\n";
        accepts(
            src,
            &opts,
            Class::Number,
            "0xffff'ffff",
            "0xffffffffffffffffULL",
        );
    }

    #[test]
    fn a_word_after_an_escape_in_a_string_renamed() {
        let opts = Options::default();
        let src = "const char* e = \"\\ncurand failed\";\n";
        accepts(src, &opts, Class::StringWord, "curand", "hiprand");
    }

    #[test]
    fn a_header_path_replaced() {
        let opts = Options::default();
        let src = "#include <curand_kernel.h>\n__global__ void k(curandState* s) {}\n";
        accepts(
            src,
            &opts,
            Class::HeaderPath,
            "curand_kernel.h",
            "hiprand/hiprand_kernel.h",
        );
    }

    #[test]
    fn text_within_a_line_with_no_structure() {
        let opts = Options::default();
        // `register ` dropped.
        let src = "__global__ void k(int* p) { register int i = 0; p[i] = i; }\n";
        accepts(src, &opts, Class::InLine, "register ", "");
        // An argument wrapped.
        let src = "__constant__ float c[4];\nvoid f(float* h) { cudaMemcpyToSymbol(c, h, 16); }\n";
        accepts(src, &opts, Class::InLine, "", "HIP_SYMBOL(");
        // Its halves on different lines (an argument that runs on) are
        // refused: the lines between them may read otherwise next round.
        let src = "namespace dev { __constant__ float c[4]; }\nvoid f(float* h) { cudaMemcpyToSymbol(dev::\n  c, h, 16); }\n";
        refuses(src, &opts, "", "HIP_SYMBOL(");
        // A warp mask dropped (HIP 5.2).
        let mut opts = Options::default();
        opts.target.hip_version = Version::parse("5.2").unwrap();
        let src = "__global__ void k(float v) { v = __shfl_down_sync(0xffffffff, v, 1); }\n";
        accepts(src, &opts, Class::InLine, "0xffffffff, ", "");
        // A directive's identifier replaced by more than a word.
        let src = "#if __CUDACC__\nint on_gpu;\n#endif\n";
        let opts = Options::default();
        accepts(
            src,
            &opts,
            Class::InLine,
            "__CUDACC__",
            "defined(__HIPCC__)",
        );
    }

    #[test]
    fn text_within_a_line_beside_a_launch_left_is_refused() {
        // The symbol argument's `<<<` read a configuration across its end,
        // and so hid the next launch: the next round, with `HIP_SYMBOL(…)`
        // closed around the argument, rewrites it.
        let src = "cudaMemcpyToSymbol(x<<<,k<<<1,2>>>()}\n";
        refuses(src, &launch_syntax(), "", "HIP_SYMBOL(");
    }

    #[test]
    fn text_within_a_line_that_makes_an_asm_a_statement_is_refused() {
        // A cast closed before an `asm` (junk, or an asm label after a
        // declarator): round 2 would read a statement there and fix it.
        let opts = Options {
            apply_fixes: true,
            ..Options::default()
        };
        let src =
            "auto f = &cudaOccupancyMaxActiveBlocksPerMultiprocessor asm volatile(\"trap;\");\n";
        refuses(src, &opts, "", ")");
    }

    #[test]
    fn lines_of_directives_inserted_where_code_is_parted() {
        let opts = Options::default();
        // First in the file.
        let src = "void f(float* p) { cudaFree(p); }\n";
        accepts(
            src,
            &opts,
            Class::Lines,
            "",
            "#include <hip/hip_runtime.h>\n",
        );
        // After a statement's end: a guard around an operator HIP defines.
        let src = "int counter = 0;\ninline __host__ __device__ void operator+=(float2 &a, float2 b) { a.x += b.x; a.y += b.y; }\n";
        accepts(
            src,
            &opts,
            Class::Lines,
            "",
            "#if !defined(__HIP_PLATFORM_AMD__)\n",
        );
    }

    #[test]
    fn a_shim_definition_inserted_where_code_is_parted() {
        let opts = Options::default();
        // CUDA's `umin`, which no HIP declares: its definition goes before
        // the function that calls it.
        let src = "int counter = 0;\n__device__ unsigned f(unsigned a, unsigned b) { return umin(a, b); }\n";
        let (t, judged, settles) = judge(src, &opts);
        assert!(
            judged.iter().any(|(o, n, c)| *c == Some(Class::Definition)
                && o.is_empty()
                && n.contains("#define umin(...) hipify_rs_umin(__VA_ARGS__)")),
            "no definition in {judged:#?}"
        );
        assert!(settles, "not settled: {judged:#?}");
        let (again, _, _) = super::super::round::round(&t.output, Language::Cuda, &opts);
        assert!(!again.changed);
        // Any other code inserted as lines is not one.
        assert!(!translate::is_shim_definition("int x;\n\n", "\n"));
        assert!(!translate::is_shim_definition("\n", "\n"));
    }

    #[test]
    fn unbalanced_lines_sum_each_lines_edits() {
        // The per-edit reading it replaces: each edit's line found anew.
        let naive = |src: &[u8], edits: &[Edit]| {
            let mut by_line: BTreeMap<usize, (i32, i32)> = BTreeMap::new();
            for e in edits {
                let at = e.range.start;
                let line = memchr::memrchr2(b'\n', b'\r', &src[..at]).map_or(0, |p| p + 1);
                let (p, s) = bracket_delta(src, e);
                let sum = by_line.entry(line).or_default();
                sum.0 += p;
                sum.1 += s;
            }
            (by_line.into_iter())
                .filter(|(_, sum)| *sum != (0, 0))
                .map(|(l, _)| {
                    l..memchr::memchr2(b'\n', b'\r', &src[l..]).map_or(src.len(), |p| l + p)
                })
                .collect::<Vec<_>>()
        };
        let src = b"f(a,\n  b); g(c)\r\nh(x[1], y)\nlast(";
        let edits = [
            Edit::insert(15, ")"),
            Edit::insert(0, "w("),
            Edit::insert(12, "(T)("),
            Edit::replace(17..18, "(("),
            Edit::insert(22, "["),
            Edit::insert(29, "]"),
            Edit::insert(src.len(), ")"),
            Edit::insert(5, "("),
        ];
        for n in 0..=edits.len() {
            let (a, b) = (unbalanced_lines(src, &edits[..n]), naive(src, &edits[..n]));
            assert_eq!(a, b, "the first {n} edits");
        }
    }

    #[test]
    fn a_definition_beside_one_that_found_no_line() {
        // `__stcs`'s definition goes before the macro that calls it; the
        // code holding `__ldca` starts on a line a `}` ends, so its
        // definition finds no line this round. The next round reads the
        // inserted definition's `}` as that code's start and finds one.
        let opts = Options::default();
        let src = "namespace a { __device__ float g; } int\n#define STORE_ONCE(p, v) __stcs(p, v)\ntemplate <typename T> __device__ T get(const T *p) { return __ldca(p); }\n";
        let (t, judged, settles) = judge(src, &opts);
        assert!(
            judged
                .iter()
                .any(|(_, n, c)| c.is_none() && n.contains("hipify_rs_stcs")),
            "the definition was accepted: {judged:#?}"
        );
        assert!(!settles);
        let (again, _, _) = super::super::round::round(&t.output, Language::Cuda, &opts);
        assert!(again.changed, "the next round defines __ldca");
    }

    #[test]
    fn an_argument_wrapper_of_the_tables_opened() {
        // CUDA 13's location argument becomes HIP's device number.
        let opts = Options::default();
        let src = "void f(float *p, size_t n, cudaStream_t s) {\n  cudaMemLocation loc = {};\n  cudaMemPrefetchAsync(p, n, loc, 0, s);\n}\n";
        accepts(
            src,
            &opts,
            Class::Wrapper,
            "",
            "[](const hipMemLocation &l) { return l.type == hipMemLocationTypeDevice ? l.id : hipCpuDeviceId; }(",
        );
        // Its halves on different lines (an argument that runs on) are
        // refused, as InLine's are (fuzz, a local run on the session's
        // final engine: a host `max` in junk read otherwise next round).
        let src = "void f(float *p, size_t n, cudaStream_t s) {\n  cudaMemPrefetchAsync(p, n, cudaMemLocation{\n    cudaMemLocationTypeDevice, 0}, 0, s);\n}\n";
        let (_, judged, settles) = judge(src, &opts);
        assert!(
            judged
                .iter()
                .any(|(_, n, c)| c.is_none() && n.starts_with("[](const hipMemLocation")),
            "{judged:#?}"
        );
        assert!(!settles);
        // Other text with braces in an argument is not one.
        assert!(!mappings::is_wrapper_opening("[]() { return 0; }("));
    }

    #[test]
    fn lines_inserted_into_an_open_construct_are_refused() {
        // The definition of __syncwarp would land inside an open asm.
        let src = " asm((}\n\"curand\"__syncwarp)";
        let (_, judged, settles) = judge(src, &Options::default());
        assert!(!settles, "{judged:#?}");
        assert!(
            judged
                .iter()
                .any(|(o, n, c)| c.is_none() && o.is_empty() && n.starts_with('#')),
            "{judged:#?}"
        );
    }

    #[test]
    fn a_directive_deleted_where_it_joins_no_code() {
        let deletes = |src: &str, old: &str| {
            accepts(src, &Options::default(), Class::DirectiveDeleted, old, "");
        };
        // Before the first token of code.
        let src = "#include <device_launch_parameters.h>\n__global__ void k(int* p) {}\n";
        deletes(src, "#include <device_launch_parameters.h>\n");
        // Next to a directive that stays, after code that ends no statement
        // (a macro opening a namespace): the one that stays after it, and
        // before it.
        let src = "#include <cuda_runtime.h>\nBEGIN_NAMESPACE(ops)\n#include <vector>\n#include <cuda.h>\nEND_NAMESPACE\n";
        deletes(src, "#include <cuda.h>\n");
        let src = "#include <cuda_runtime.h>\nBEGIN_NAMESPACE(ops)\n#include <cuda.h>\n#include <vector>\nEND_NAMESPACE\n";
        deletes(src, "#include <cuda.h>\n");
        // After a statement's end.
        let src = "#include <cuda_runtime.h>\nint a;\n#include <cuda.h>\nint b;\n";
        deletes(src, "#include <cuda.h>\n");
    }

    #[test]
    fn a_directive_deleted_inside_a_call_is_refused() {
        // The deleted include joins a call's arguments across it.
        let src = "#include <cuda.h>\nint x = f(1,\n#include <cuda_runtime.h>\n2);\n";
        refuses(src, &Options::default(), "#include <cuda_runtime.h>\n", "");
    }

    #[test]
    fn a_directive_deleted_inside_a_body_is_refused() {
        // The body's braces pair once the line is gone: the guard of the
        // project's `atomicMax` reads them.
        let src = "#include <cuda.h>\n__device__ float atomicMax(float* a, float v) {\n#include <cuda_runtime.h>\n  return v;\n}\n";
        assert!(refuses(
            src,
            &Options::default(),
            "#include <cuda_runtime.h>\n",
            ""
        ));
    }

    #[test]
    fn a_launch_followed_by_a_body_is_refused() {
        // Rewritten, a function's head: `min` in it is host code then.
        let opts = Options {
            apply_fixes: true,
            ..launch_syntax()
        };
        let src = "__device__ void n() { return l<<<3, 8>>>(int f, uint b) { min(f, b); } }\n";
        assert!(refuses(
            src,
            &opts,
            "l<<<3, 8>>>(",
            "hipLaunchKernelGGL(l, dim3(3), dim3(8), 0, 0, "
        ));
    }

    #[test]
    fn host_min_max_called_as_cuda_defines_it() {
        // Host `max` on floats and integers (HIP 5.2's host `max` takes
        // int): the rule reads only unqualified `min`/`max` calls, and the
        // outer call's argument types are read in the round that rewrites
        // the inner one.
        let mut opts = Options::default();
        opts.target.hip_version = Version::parse("5.2").unwrap();
        let src = "float f(float a, float t) { return a * max(0.0f, min(t, 1.0f)); }\n";
        accepts(src, &opts, Class::Word, "max", "fmaxf");
        accepts(src, &opts, Class::Word, "min", "fminf");
        let src = "double f(double a, float t) { return a * max(t, a); }\n";
        accepts(src, &opts, Class::Word, "max", "fmax");
        let src = "unsigned g(unsigned a, unsigned long b) {\n  return max(a, b);\n}\n";
        accepts(src, &opts, Class::InLine, "max", "std::max<unsigned long>");
    }

    #[test]
    fn a_type_in_a_cast_replaced_by_a_pointer_type() {
        let src = "#include <cuda.h>\nsize_t smem(int b) { return b * 4; }\nvoid f(CUfunction fn) {\n  int g, b;\n  cuOccupancyMaxPotentialBlockSize(&g, &b, fn, (CUoccupancyB2DSize)smem, 0, 0);\n}\n";
        accepts(
            src,
            &Options::default(),
            Class::InLine,
            "CUoccupancyB2DSize",
            "void*",
        );
    }

    #[test]
    fn arguments_deleted_over_lines() {
        // A MIOpen call's arguments moved: the text between the kept ones
        // runs over a line break.
        let src = "#include <cudnn.h>\nvoid f(cudnnConvolutionDescriptor_t c) {\n  cudnnSetConvolution2dDescriptor(c, 1, 1, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION,\n                                  CUDNN_DATA_FLOAT);\n}\n";
        accepts(
            src,
            &Options::default(),
            Class::InLine,
            ", CUDNN_CROSS_CORRELATION,\n                                  CUDNN_DATA_FLOAT",
            "",
        );
    }

    #[test]
    fn enumerators_moved_in_an_argument_list_are_renamed() {
        // MIOpen takes cuDNN's modes last: copied renamed, as the next round
        // would rename them.
        let src = "#include <cudnn.h>\nvoid f(cudnnHandle_t h, cudnnTensorDescriptor_t x, float *a, float *b, float al, float be) {\n  cudnnSoftmaxForward(h, CUDNN_SOFTMAX_ACCURATE, CUDNN_SOFTMAX_MODE_CHANNEL, &al, x, a, &be, x, b);\n}\n";
        let new = ", MIOPEN_SOFTMAX_ACCURATE, MIOPEN_SOFTMAX_MODE_CHANNEL";
        accepts(src, &Options::default(), Class::InLine, "", new);
    }

    #[test]
    fn a_word_that_only_begins_like_a_cuda_name_is_inert() {
        // `cursor` (a `cu` word no table maps) in a CUdeviceptr's
        // arithmetic, written anew as a cast.
        let src = "#include <cuda.h>\nvoid f(CUdeviceptr base) {\n  CUdeviceptr cursor = base;\n  cursor += 256;\n}\n";
        accepts(
            src,
            &Options::default(),
            Class::InLine,
            "+= ",
            "= (hipDeviceptr_t)((char *)cursor + (",
        );
    }

    #[test]
    fn text_an_identifier_may_become() {
        assert!(std_call_of(b"max", "std::max<float>"));
        assert!(std_call_of(b"min", "std::min<unsigned long long>"));
        assert!(!std_call_of(b"max", "std::min<float>"));
        assert!(!std_call_of(b"max", "std::max<>"));
        assert!(!std_call_of(b"max", "std::max<T*>"));
        assert!(!std_call_of(b"pow", "std::pow<float>"));
        assert!(pointer_type("void*"));
        assert!(pointer_type("void **"));
        assert!(!pointer_type("void"));
        assert!(!pointer_type("*"));
        assert!(!pointer_type("a*b"));
    }

    #[test]
    fn a_fix_that_rewrites_a_statement_is_refused() {
        // An `asm` statement replaced by a call (`--fix`).
        let opts = Options {
            apply_fixes: true,
            ..Options::default()
        };
        let src = "__global__ void k(unsigned* o) { unsigned r; asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(r)); *o = r; }\n";
        refuses(
            src,
            &opts,
            "asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(r))",
            "r = __lane_id()",
        );
    }

    #[test]
    #[cfg(any(debug_assertions, feature = "confirm-settled"))]
    #[should_panic(
        expected = "engine: settled() was wrong: round 1 settled, yet the next round changed bytes 48..58 (line 2) of its output, \"cudaMalloc\" to \"hipMalloc\"; the edit of round 1 nearest it: refused at bytes 19..26 (line 1) of its input, \"myAlloc\" to \"cudaMalloc\""
    )]
    fn confirm_names_the_change_and_the_edit_nearest_it() {
        // As if the round that renamed `myAlloc` had called itself settled.
        let mut opts = Options::default();
        (opts.extra_mappings).insert("myAlloc".into(), "cudaMalloc".into());
        let input = b"void f(float* p) { myAlloc(&p, 4); }\n";
        let (t, _, _) = super::super::round::round(input, Language::Cuda, &opts);
        confirm(input, &t.output, Language::Cuda, &opts, 1);
    }
}
