//! Translation to a fixed point: rounds of lexing, the translation passes,
//! the rules and their fixes, each round over the previous one's output,
//! until one changes nothing or [`settled()`] shows that the next would not
//! (`engine/settled.rs`: the shortcut, the edit classes it accepts, and the
//! confirming round of debug builds).

use super::findings;
use super::settled::{self, settled};
use crate::diagnostic::{Applicability, Code, Diagnostic};
use crate::edit::Edit;
use crate::lex;
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
/// counts. Most files settle in one round: [`settled()`] proves from the
/// edits alone that another would change nothing. Debug builds and the fuzz
/// targets run that round anyway ([`settled::confirm`]) and panic if it
/// changes anything; release builds trust the proof.
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
    if settled && first.changed {
        settled::confirm(src, &first.output, language, opts, 1);
    }
    let mut rounds = 1;
    // Rounds that rewrote no launch: a launch nested in another's
    // configuration (junk) is rewritten a round before the one around it,
    // so rounds that leave fewer `<<<` are progress, whatever their number.
    let mut stalled = 1;
    let mut output = std::mem::take(&mut first.output);
    while first.changed && !settled {
        if stalled == MAX_ROUNDS {
            let t = super::untouched(
                src,
                Diagnostic::new(
                    Code::InternalPanic,
                    0..0,
                    format!(
                        "internal error: the translation still changed its own output after {rounds} rounds; the file was left untouched (please report it)"
                    ),
                ),
            );
            return (t, Vec::new());
        }
        let (next, next_settled, next_edits) = round(&output, language, opts);
        rounds += 1;
        if launches(&next.output) >= launches(&output) {
            stalled += 1;
        }
        if let Some(error) = (next.diagnostics.iter()).find(|d| d.code == Code::InternalPanic) {
            // Its span is in the previous round's output, not in `src`.
            let message = format!("{} (in translation round {rounds})", error.message);
            let t = super::untouched(src, Diagnostic::new(Code::InternalPanic, 0..0, message));
            return (t, Vec::new());
        }
        if !next.changed {
            break;
        }
        if next_settled {
            settled::confirm(&output, &next.output, language, opts, rounds);
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

/// The most rounds [`translate_in_full`] runs that rewrite no launch; one
/// more change is a bug.
const MAX_ROUNDS: usize = 4;

/// How many launches' `<<<` `text` holds.
fn launches(text: &[u8]) -> usize {
    memchr::memmem::find_iter(text, b"<<<").count()
}

/// One round of translation: lex `src`, run the passes and the rules,
/// resolve the findings, apply the required (and with `--fix` the safe)
/// fixes and every edit. Also says whether the output is [`settled()`].
pub(super) fn round(
    src: &[u8],
    language: Language,
    opts: &Options,
) -> (Translation, bool, Vec<Edit>) {
    round_judged(src, language, opts, |cx, edits, clashed| {
        !clashed && settled(cx, edits)
    })
}

/// [`round`], with `judge` reading the round's state before its edits are
/// applied: its tokens, its edits, and whether a fix clashed with another
/// edit. ([`settled::confirm`] and the tests ask it for each edit's
/// [`settled::Class`].)
pub(super) fn round_judged<J>(
    src: &[u8],
    language: Language,
    opts: &Options,
    judge: impl FnOnce(&Cx<'_>, &[Edit], bool) -> J,
) -> (Translation, J, Vec<Edit>) {
    let lexed = lex::lex(src);
    let mut cx = Cx::new(Tokens::new(src, &lexed), opts);
    let cuda = translate::passes(&mut cx, language);
    let mut outcome = rules::Outcome::default();
    let rules_cx = rules::Cx::new(&cx.tokens, opts, &cx.edits, &cx.facts);
    let mut found = rules::left_by_translation(&rules_cx);
    let reported = rules::check(&rules_cx, cuda, &mut outcome);
    rules::retain_outside(&outcome.moot, &mut found);
    found.extend(reported);
    cx.stats.declared.extend(outcome.facts);
    cx.stats.wanted_members = outcome.wanted_members;
    cx.stats.wants_complex_header = outcome.wants_complex_header;
    found.extend(rules::unparsed(&cx.unparsed.take()));
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
        // A rule's fix that defines a function HIP lacks: the run asks the
        // headers the file includes whether the project defines it.
        for d in &fixes.applied {
            let name = d
                .fix
                .as_ref()
                .and_then(|f| translate::function_defined_by_fix(&f.title));
            if let Some(name) = name.filter(|n| !cx.stats.shimmed.iter().any(|s| s == n)) {
                cx.stats.shimmed.push(name.to_owned());
            }
        }
        diagnostics = fixes.left;
        if opts.report_fixed {
            diagnostics.extend(fixes.applied);
        }
        cx.stats.fixed = fixes.fixed;
        clashed = fixes.clashed;
    }
    let judged = judge(&cx, &edits, clashed);
    let (t, applied) = Translation::assemble_keeping(src, edits, diagnostics, cx.stats);
    (t, judged, applied)
}
