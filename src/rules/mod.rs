//! Hazard rules: what no mechanical rename can fix. Each rule reads the same
//! tokens (and, where it must, the tree-sitter tree) and the translation's
//! edits, and returns [`Diagnostic`]s, some with an exact
//! [`crate::diagnostic::Fix`]; none rewrites text. They see a file through
//! [`Cx`], a read-only view: the [`Tokens`], the options, the edits.

mod bodies;
pub(crate) mod branches;
mod collisions;
mod conditions;
mod guards;
mod libraries;
mod ptx;
mod semantics;
mod versions;
mod warp;

pub(crate) use collisions::retain_outside;

use crate::diagnostic::Diagnostic;
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::options::Options;
use crate::tokens::{Landmarks, Tokens};

/// What the rules read of a file: its tokens (which it derefs to), the
/// options, the translation's edits and the rare tokens the identifier pass
/// noted.
pub(crate) struct Cx<'a> {
    tokens: &'a Tokens<'a>,
    pub(crate) opts: &'a Options,
    /// The translation's edits, against the same text as the tokens.
    pub(crate) edits: &'a [Edit],
    pub(crate) landmarks: &'a Landmarks,
}

impl<'a> Cx<'a> {
    /// The view the rules read.
    pub(crate) fn new(
        tokens: &'a Tokens<'a>,
        opts: &'a Options,
        edits: &'a [Edit],
        landmarks: &'a Landmarks,
    ) -> Cx<'a> {
        Cx {
            tokens,
            opts,
            edits,
            landmarks,
        }
    }
}

impl<'a> std::ops::Deref for Cx<'a> {
    type Target = Tokens<'a>;

    fn deref(&self) -> &Tokens<'a> {
        self.tokens
    }
}

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
}

/// Runs every rule over one file, in one pass over its tokens; fills
/// `outcome`. The
/// device-code rules run only on files that show CUDA (a `.cu`/`.cuh` file,
/// the kernel language, or a CUDA name): in plain C++ a `% 32` or an `asm` is
/// not a GPU hazard, and skipping them keeps such files nearly as cheap as
/// lexing them.
pub(crate) fn check(cx: &Cx<'_>, cuda: bool, outcome: &mut Outcome) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    libraries::includes(cx, &mut out);
    let mut last_namespace_line = usize::MAX;
    let mut warp = warp::Warp::new(cx);
    let mut versions = versions::Versions::default();
    let mut collisions = collisions::Collisions::default();
    if cuda {
        ptx::check(cx, &mut out);
        semantics::device_launches(cx, &mut out);
        semantics::fnuz_fp8(cx, &mut out);
        semantics::integer_handles(cx, &mut out);
        semantics::integer_device_pointers(cx, &mut out);
    }
    for (i, t) in cx.lx.tokens.iter().enumerate() {
        match t.kind {
            TokenKind::Ident => {
                let name = &cx.src[t.range()];
                libraries::namespace(cx, i, name, &mut last_namespace_line, &mut out);
                if cuda {
                    warp.ident(cx, i, name, &mut out);
                    semantics::ident(cx, i, name, &mut outcome.moot, &mut out);
                    collisions.ident(cx, i, name, &mut out);
                    versions::ident(cx, i, name, &mut versions, &mut out);
                }
            }
            TokenKind::Number if cuda => warp.number(cx, i, &mut out),
            _ => {}
        }
    }
    outcome.facts.extend(warp.into_facts());
    outcome.moot.extend(collisions.summarize(cx, &mut out));
    guards::apply(cx, &mut out);
    out
}

/// What could make a rule report in a file that shows no CUDA, where only
/// the library checks run: these words, words with these prefixes, and this
/// text anywhere. For the prefilter.
pub(crate) const OUTSIDE_CUDA_WORDS: &[&[u8]] = libraries::REPORTED_WORDS;
pub(crate) const OUTSIDE_CUDA_PREFIXES: &[&[u8]] = libraries::REPORTED_PREFIXES;
pub(crate) const OUTSIDE_CUDA_SUBSTRINGS: &[&[u8]] = libraries::REPORTED_SUBSTRINGS;

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
