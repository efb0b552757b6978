//! Translation to a fixed point: rounds of lexing, the translation passes,
//! the rules and their fixes, each round over the previous one's output,
//! until one changes nothing or [`settled`] shows that the next would not.

use std::collections::BTreeMap;

use super::findings;
use crate::diagnostic::{Applicability, Code, Diagnostic};
use crate::edit::Edit;
use crate::lex::{self, Token, TokenKind};
use crate::rules;
use crate::tokens::Tokens;
use crate::translate::{self, Cx, Language, Options, Translation};

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
    translate_with_edits(src, language, opts).0
}

/// [`translate_in_full`], also returning the edits that take `src` to the
/// output: sorted, disjoint byte ranges of `src` (one round's edits as they
/// are; a later round's merged with those it touches). The single-source
/// mode reads them to tell renames from other changes.
pub fn translate_with_edits(
    src: &[u8],
    language: Language,
    opts: &Options,
) -> (Translation, Vec<Edit>) {
    let (mut first, mut settled, mut edits) = round(src, language, opts);
    let mut rounds = 1;
    let mut output = std::mem::take(&mut first.output);
    while first.changed && !settled {
        if rounds == MAX_ROUNDS {
            let t = super::untouched(
                src,
                Diagnostic::new(
                    Code::InternalPanic,
                    0..0,
                    format!(
                        "internal error: the translation still changed its own output after {MAX_ROUNDS} rounds; the file was left untouched (please report it)"
                    ),
                ),
            );
            return (t, Vec::new());
        }
        let (next, next_settled, next_edits) = round(&output, language, opts);
        rounds += 1;
        if let Some(error) = (next.diagnostics.iter()).find(|d| d.code == Code::InternalPanic) {
            // Its span is in the previous round's output, not in `src`.
            let message = format!("{} (in translation round {rounds})", error.message);
            let t = super::untouched(src, Diagnostic::new(Code::InternalPanic, 0..0, message));
            return (t, Vec::new());
        }
        if !next.changed {
            break;
        }
        first.stats.add(&next.stats);
        edits = crate::edit::compose(&edits, &output, &next_edits);
        output = next.output;
        settled = next_settled;
    }
    first.changed = output != src;
    first.output = output;
    (first, edits)
}

/// The most rounds [`translate_in_full`] runs; one more change is a bug.
const MAX_ROUNDS: usize = 4;

/// One round of translation: lex `src`, run the passes and the rules,
/// resolve the findings, apply the required (and with `--fix` the safe)
/// fixes and every edit. Also says whether the output is [`settled`].
pub(super) fn round(
    src: &[u8],
    language: Language,
    opts: &Options,
) -> (Translation, bool, Vec<Edit>) {
    let lexed = lex::lex(src);
    let mut cx = Cx::new(Tokens::new(src, &lexed), opts);
    let cuda = translate::passes(&mut cx, language);
    let mut found = std::mem::take(&mut cx.diagnostics);
    let mut outcome = rules::Outcome::default();
    let reported = rules::check(
        &rules::Cx::new(&cx.tokens, opts, &cx.edits, &cx.facts.landmarks),
        cuda,
        &mut outcome,
    );
    rules::retain_outside(&outcome.cuda_only, &mut found);
    found.extend(reported);
    cx.stats.declared.extend(outcome.facts);
    found.extend(cx.notes.take());
    let mut diagnostics = findings::resolve(&cx, found);
    // After the suppressions: one in such a branch is used, not unused.
    rules::branches::retain_reachable(&cx.tokens, &mut diagnostics);
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
        if opts.report_fixed {
            diagnostics.extend(fixes.applied);
        }
        cx.stats.fixed = fixes.fixed;
        clashed = fixes.clashed;
    }
    let settled = !clashed && settled(&cx, &edits);
    let (t, applied) = Translation::assemble_keeping(src, edits, diagnostics, cx.stats);
    (t, settled, applied)
}

/// Whether applying `edits` to the round's text leaves the next round
/// nothing to do, so that it need not run. Each edit must be of a kind that
/// changes how no pass reads the text around it:
///
/// - a word, in an identifier or a string literal, renamed to a word no
///   pass acts on; a number or a header name's path replaced;
/// - text within a line that begins or ends no statement, scope, literal,
///   comment or directive (an argument wrapped or added, `register `
///   dropped);
/// - whole lines of directives or comments inserted where a directive or
///   the end of a statement parts the code already;
/// - a whole directive deleted where it joins no code: before the first
///   token of code, next to a directive that stays, or after a `;`, `{` or
///   `}` with no `(` or `[` open before it since the last directive;
/// - a launch rewritten (`--hip-kernel-execution-syntax`).
///
/// With `--hip-kernel-execution-syntax`, all but the first and the
/// directive-adjacent ones need every launch of the text rewritten: a
/// launch left as it is may be read across them. Any other edit (a warp mask
/// dropped, most fixes) sends the output round again, and so does a fix
/// another edit kept out. `false` costs a round; a wrong `true` would leave
/// output that translates further, which the fixture test's and the fuzz
/// targets' idempotence checks catch. On HeCBench every file settles in one
/// round.
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
    let mut closed: BTreeMap<usize, bool> = BTreeMap::new();
    // Where the deletions start, sorted.
    let mut deletions: Vec<usize> = (edits.iter())
        .filter(|e| e.text.is_empty())
        .map(|e| e.range.start)
        .collect();
    deletions.sort_unstable();
    let word_byte = |b: &u8| lex::CLASS[*b as usize] != 0;
    // Launches the rewrite left hold brackets of their own, which text
    // around them may be read as part of.
    let launches_left = cx.opts.kernel_execution_syntax && cx.facts.launches_left;
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
                || !translate::may_act_on(e.text.as_bytes(), &cx.opts.target);
        }
        // A launch rewritten, where every `<<<` of the text was: no launch
        // is left to read differently around it. Unless it took a brace or
        // a `;` (junk like `struct{)<<<…`): the scopes after it read anew.
        if e.text.starts_with("hipLaunchKernelGGL(") && !cx.facts.launches_left {
            return !cx.src[r.clone()]
                .iter()
                .any(|b| matches!(b, b'{' | b'}' | b';'));
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
                || is_word(&e.text) && !translate::may_act_on(e.text.as_bytes(), &cx.opts.target);
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
            return !launches_left
                && e.text
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .all(|w| {
                        w.is_empty() || !translate::may_act_on(w.as_bytes(), &cx.opts.target)
                    });
        }
        if r.is_empty() {
            // Whole lines of directives or comments, between two tokens
            // that a directive or the end of a statement parts already.
            let at_line_start = r.start == 0 || cx.src.get(r.start - 1) == Some(&b'\n');
            let lines = e.text.ends_with('\n')
                && e.text.lines().all(|l| {
                    let l = l.trim_start();
                    l.is_empty() || l.starts_with('#') || l.starts_with("//")
                });
            let before = k.checked_sub(1);
            return at_line_start
                && lines
                && !cx.in_comment(r.start)
                && before.is_none_or(|p| tokens[p].end as usize <= r.start)
                && (before.is_none_or(|p| tokens[p].in_directive())
                    || tokens.get(k).is_none_or(Token::in_directive)
                    || before.is_some_and(|p| ends_statement(cx, p, &mut closed)));
        }
        if !e.text.is_empty() {
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
        if before.is_none_or(&stays) || after.is_some_and(stays) {
            return true;
        }
        // The last token of code before it.
        match tokens[..first].iter().rposition(|t| !t.in_directive()) {
            None => true,
            Some(p) => ends_statement(cx, p, &mut closed),
        }
    })
}

/// Whether token `p` of code ends a statement or opens or closes a brace
/// block, with no `(` or `[` of the code since the directive before it left
/// open: a directive put or taken away right after it parts or joins no
/// construct a pass reads. Never where the launch rewrite left a launch as
/// it is: its configuration may hold braces. `closed` remembers the answers;
/// a scan back stops at a token already found closed (the guards around a
/// file's sixty operators read each body once, not the file sixty times).
fn ends_statement(cx: &Cx<'_>, p: usize, closed: &mut BTreeMap<usize, bool>) -> bool {
    let launches_left = cx.opts.kernel_execution_syntax && cx.facts.launches_left;
    if launches_left || !matches!(cx.text(p), b";" | b"{" | b"}") {
        return false;
    }
    if let Some(&known) = closed.get(&p) {
        return known;
    }
    let stop = (closed.range(..p).next_back())
        .filter(|&(_, &ok)| ok)
        .map_or(0, |(&q, _)| q + 1);
    let mut depth = 0u32;
    let mut answer = true;
    for t in cx.lx.tokens[stop..=p].iter().rev() {
        if t.in_directive() {
            break;
        }
        if t.kind == TokenKind::Punct {
            match cx.src[t.start as usize] {
                b')' | b']' => depth += 1,
                b'(' | b'[' if depth == 0 => {
                    answer = false;
                    break;
                }
                b'(' | b'[' => depth -= 1,
                _ => {}
            }
        }
    }
    closed.insert(p, answer);
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settles(src: &str, opts: &Options) -> bool {
        let (t, settled, _) = round(src.as_bytes(), Language::Cuda, opts);
        assert!(t.changed, "{src}");
        settled
    }

    #[test]
    fn renames_and_includes_settle_in_one_round() {
        let opts = Options::default();
        assert!(settles(
            "#include <cuda.h>\n#include <cuda_runtime.h>\nvoid f(float* p) { cudaMalloc(&p, 4); }\n",
            &opts
        ));
        // A directive deleted after a statement's end joins no code.
        assert!(settles(
            "#include <stdio.h>\nint a;\n#include <cuda_runtime.h>\n#include <cuda.h>\nint b;\n",
            &opts
        ));
    }

    #[test]
    fn edits_that_part_or_join_code_take_another_round() {
        let opts = Options::default();
        // The deleted include joins a call's arguments across it.
        assert!(!settles(
            "#include <cuda.h>\nint x = f(1,\n#include <cuda_runtime.h>\n2);\n",
            &opts
        ));
        // The definition of __syncwarp would land inside an open asm.
        assert!(!settles(" asm((}\n\"curand\"__syncwarp)", &opts));
    }

    #[test]
    fn launches_settle_where_none_is_left() {
        let opts = Options {
            kernel_execution_syntax: true,
            ..Options::default()
        };
        assert!(settles("void g() { k<<<1, 2>>>(p); }\n", &opts));
        // A launch of a launch's result takes it whole, in the same round.
        assert!(settles(
            "void g() { k<<<1, 2>>>(p)<<<3, 4>>>(q); }\n",
            &opts
        ));
        // A launch in another's configuration: the outer one waits.
        assert!(!settles("void g() { k<<<1, s<<<2, 3>>>()>>>(); }\n", &opts));
    }
}
