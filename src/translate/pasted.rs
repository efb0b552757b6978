//! API names a macro pastes onto a CUDA prefix: BART's error check
//! `#define cuda(Call) … cudaError_t err = cuda ## Call;`, used as
//! `cuda(Malloc((void**)&p, n))`, calls `cudaMalloc`, which no identifier
//! spells, so the identifier pass never sees it. Where every use of the
//! macro in the file pastes a name whose HIP name is HIP's prefix and the
//! same rest (`cudaMalloc` → `hipMalloc`, a plain rename), the prefix is
//! rewritten (`hip ## Call`). Otherwise the paste is left and the names
//! rule reports it (HIP-W005): a name HIP calls otherwise
//! (`cudaThreadSynchronize` → `hipDeviceSynchronize`), one whose arguments
//! change, or a macro the file never uses. A macro defined in one file of
//! the run and used in others (a project's error-check header) is judged
//! by its uses in all the run's files and the headers they include
//! ([`crate::project::run_macros`], [`crate::Options::pasted_uses`]).

use super::{Cx, Left};
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::mappings::{self, Status, Target};
use crate::tokens::Tokens;

/// The prefixes pasted onto API names, and HIP's for each.
const PREFIXES: &[(&[u8], &str)] = &[
    (b"cuda", "hip"),
    (b"cublas", "hipblas"),
    (b"cufft", "hipfft"),
    (b"cusparse", "hipsparse"),
    (b"curand", "hiprand"),
];

/// One paste in a `#define`: the macro's name token, the prefix token, HIP's
/// prefix, and which parameter is pasted.
struct Paste {
    macro_name: usize,
    prefix: usize,
    hip: &'static str,
    param: usize,
    /// Whether the prefix is CUDA's; else it is HIP's (`hip ## a`, the
    /// project's own HIP definition of the macro).
    cuda: bool,
}

/// Rewrites each exact paste's prefix; records the others in
/// [`Left::PastedPrefix`].
pub(super) fn rewrite(cx: &mut Cx<'_>) {
    if !may_paste_prefix(cx.src) {
        return;
    }
    let found = pastes(cx);
    // The same macro the project defines in another branch with HIP's
    // prefix (SUNDIALS' `#if defined(USE_CUDA) #define GPU_PREFIX(a)
    // cuda##a #elif defined(USE_HIP) #define GPU_PREFIX(a) hip##a`): the
    // project builds its uses for HIP that way, so HIP's prefix is exact.
    let own_hip: Vec<bool> = found
        .iter()
        .map(|p| {
            found.iter().any(|h| {
                !h.cuda
                    && h.hip == p.hip
                    && h.param == p.param
                    && cx.text(h.macro_name) == cx.text(p.macro_name)
            })
        })
        .collect();
    for (p, own_hip) in found.iter().zip(own_hip).filter(|(p, _)| p.cuda) {
        if own_hip {
            cx.edits
                .push(Edit::replace(cx.tok(p.prefix).range(), p.hip));
            continue;
        }
        let name = cx.text(p.macro_name);
        let run = cx
            .opts
            .pasted_uses
            .iter()
            .find(|(n, _)| n.as_bytes() == name)
            .map(|(_, inexact)| inexact.clone());
        let (uses, inexact) = match run {
            Some(inexact) => (1, inexact),
            None => pasted_names(cx, p, &cx.opts.target),
        };
        if uses > 0 && inexact.is_empty() {
            cx.edits
                .push(Edit::replace(cx.tok(p.prefix).range(), p.hip));
        } else {
            cx.facts.left.push(Left::PastedPrefix {
                prefix: p.prefix,
                names: inexact,
            });
        }
    }
}

/// A macro pasting a CUDA prefix onto a parameter, for
/// [`crate::project::run_macros`]: its name, and which parameter and
/// prefix it pastes.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct PastedMacro {
    /// The macro's name.
    pub name: String,
    param: usize,
    prefix: &'static [u8],
    hip: &'static str,
}

/// The macros a file defines to paste a CUDA prefix (lex only a file
/// [`may_paste_prefix`] keeps).
pub(crate) fn pasted_macros(tokens: &Tokens<'_>) -> Vec<PastedMacro> {
    pastes(tokens)
        .into_iter()
        .filter(|p| p.cuda)
        .map(|p| PastedMacro {
            name: String::from_utf8_lossy(tokens.text(p.macro_name)).into_owned(),
            param: p.param,
            prefix: PREFIXES
                .iter()
                .find(|(c, _)| *c == tokens.text(p.prefix))
                .map_or(&b""[..], |(c, _)| c),
            hip: p.hip,
        })
        .collect()
}

/// For each macro of `macros`: its name, how many uses the file has, and
/// the names they paste that are no plain rename at `target`.
pub(crate) fn pasted_uses(
    tokens: &Tokens<'_>,
    macros: &[PastedMacro],
    target: &Target,
) -> Vec<(String, usize, Vec<String>)> {
    macros
        .iter()
        .map(|m| {
            let (uses, inexact) =
                uses_of(tokens, m.name.as_bytes(), m.prefix, m.hip, m.param, target);
            (m.name.clone(), uses, inexact)
        })
        .collect()
}

/// Whether some `##` in `src` may follow a prefix of [`PREFIXES`] (CUDA's
/// or HIP's) as a token: read from the text, before lexing, so that the
/// many files whose `##` pastes something else (`CHECK_ ## x`) are not
/// lexed for it. Only blanks and line splices may stand between the word
/// and `##`; a comment (`*/`) is taken as a maybe.
pub(crate) fn may_paste_prefix(src: &[u8]) -> bool {
    memchr::memmem::find_iter(src, b"##").any(|at| {
        let before = &src[..at];
        let end = before
            .iter()
            .rposition(|&b| !blank_or_splice(b))
            .map_or(0, |p| p + 1);
        if end > 0 && before[end - 1] == b'/' {
            return true;
        }
        let start = before[..end]
            .iter()
            .rposition(|&b| !crate::lex::is_ident_continue(b))
            .map_or(0, |p| p + 1);
        let word = &before[start..end];
        PREFIXES
            .iter()
            .any(|(cuda, hip)| *cuda == word || hip.as_bytes() == word)
    })
}

/// Whether the token after a word ending at `end` may be `(` (a macro's
/// use), read from the text: only blanks and line splices may stand
/// between; a comment (`/`) is taken as a maybe.
pub(crate) fn may_open_call(src: &[u8], end: usize) -> bool {
    let next = src[end..].iter().find(|&&b| !blank_or_splice(b));
    matches!(next, Some(b'(' | b'/'))
}

/// What may stand between two tokens of one `#define` line besides a
/// comment: blanks, and the bytes of a line splice (`\` newline).
fn blank_or_splice(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'\\' | b'\x0b' | b'\x0c')
}

/// The pastes `PREFIX ## param` in the file's function-like `#define`s.
fn pastes(cx: &Tokens<'_>) -> Vec<Paste> {
    let mut found = Vec::new();
    for d in cx.lx.directives.iter().filter(|d| d.name == "define") {
        let (name, end) = (d.first_token as usize + 1, d.end_token as usize);
        let function_like = name + 1 < end
            && cx.is_punct(name + 1, b"(")
            && cx.tok(name + 1).start == cx.tok(name).end;
        let Some(close) = function_like.then(|| cx.matching_close(name + 1)).flatten() else {
            continue;
        };
        let params: Vec<&[u8]> = (name + 2..close)
            .filter(|&k| cx.tok(k).kind == TokenKind::Ident)
            .map(|k| cx.text(k))
            .collect();
        for k in close + 1..end.saturating_sub(3) {
            let pasted = cx.is_punct(k + 1, b"#")
                && cx.is_punct(k + 2, b"#")
                && cx.tok(k + 2).start == cx.tok(k + 1).end;
            if cx.tok(k).kind != TokenKind::Ident || !pasted {
                continue;
            }
            // A parameter named like a prefix (`#define CAT(cuda, x) cuda ## x`)
            // is the macro's, not CUDA's.
            let prefix = cx.text(k);
            let Some((cuda, hip)) = PREFIXES.iter().find_map(|&(p, h)| {
                let cuda = p == prefix;
                (cuda || h.as_bytes() == prefix)
                    .then_some((cuda, h))
                    .filter(|_| !params.contains(&prefix))
            }) else {
                continue;
            };
            if let Some(param) = params.iter().position(|p| *p == cx.text(k + 3)) {
                found.push(Paste {
                    macro_name: name,
                    prefix: k,
                    hip,
                    param,
                    cuda,
                });
            }
        }
    }
    found
}

/// How many uses of the paste's macro the file has, and the names they
/// paste that are no plain rename to HIP's prefix.
fn pasted_names(cx: &Tokens<'_>, p: &Paste, target: &Target) -> (usize, Vec<String>) {
    uses_of(
        cx,
        cx.text(p.macro_name),
        cx.text(p.prefix),
        p.hip,
        p.param,
        target,
    )
}

/// How many uses of macro `name`, pasting `prefix` (HIP's: `hip`) onto
/// parameter `param`, the file has, and the names they paste that are no
/// plain rename to HIP's prefix (a use whose argument does not start with a
/// name is one too, shown as written).
fn uses_of(
    cx: &Tokens<'_>,
    name: &[u8],
    prefix: &[u8],
    hip_prefix: &str,
    param: usize,
    target: &Target,
) -> (usize, Vec<String>) {
    let prefix = String::from_utf8_lossy(prefix).into_owned();
    let (mut uses, mut inexact) = (0, Vec::new());
    for k in cx.idents_named(name, 0..cx.lx.tokens.len()) {
        // Not a `#define`'s own name, nor a name not called.
        if cx.prev(k).is_some_and(|d| cx.is_ident(d, b"define")) {
            continue;
        }
        let Some(args) = cx
            .next(k)
            .filter(|&o| cx.is_punct(o, b"("))
            .and_then(|o| cx.call_args(o))
        else {
            continue;
        };
        uses += 1;
        let first = args
            .args
            .get(param)
            .filter(|&&(a, b)| a < b && cx.tok(a).kind == TokenKind::Ident)
            .map(|&(a, _)| a);
        let Some(first) = first else {
            inexact.push(format!("{prefix} ## …"));
            continue;
        };
        let rest = String::from_utf8_lossy(cx.text(first));
        let cuda = format!("{prefix}{rest}");
        let hip = format!("{hip_prefix}{rest}");
        let exact = mappings::lookup(&cuda).is_some_and(|m| {
            let r = m.resolve(target);
            r.name == Some(hip.as_str())
                && r.legacy.is_none()
                && matches!(r.status, Status::Supported | Status::Deprecated)
                && m.call
                    .is_none_or(|c| !c.changes_calls(m.uses_roc(target)) && c.call_note.is_empty())
        });
        if !exact && !inexact.contains(&cuda) {
            inexact.push(cuda);
        }
    }
    (uses, inexact)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textual test keeps every file whose tokens paste a prefix, however
    /// the paste is spelled, and clears files that paste something else.
    #[test]
    fn may_paste_prefix_keeps_every_paste() {
        let cases: &[(&[u8], bool)] = &[
            (b"#define C(x) cuda ## x\n", true),
            (b"#define C(x) cuda##x\n", true),
            (
                b"#define C(x) do { cudaError_t e = cublas \\\n ## x; } while (0)\n",
                true,
            ),
            (b"#define C(x) cuda /* prefix */ ## x\n", true),
            (b"#define C(x) \\\n  hip\t##x\n", true),
            (b"#define C(x) curand\t\\\r\n##x\n", true),
            (b"#define C(x) CHECK_ ## x\n", false),
            (b"#define C(x) xcuda ## x\n", false),
            (b"#define C(x) cuda_ ## x\n", false),
            (b"#define C(x) x ## cuda\n", false),
            (b"int cuda; // no paste\n", false),
        ];
        for &(src, pasting) in cases {
            let lexed = crate::lex::lex(src);
            let tokens = Tokens::new(src, &lexed);
            let shown = String::from_utf8_lossy(src);
            assert_eq!(!pastes(&tokens).is_empty(), pasting, "{shown}");
            assert_eq!(may_paste_prefix(src), pasting, "{shown}");
        }
    }

    /// The textual test keeps every word the tokens call, and clears the
    /// words followed by something else.
    #[test]
    fn may_open_call_keeps_every_call() {
        let src: &[u8] = b"M(a); M (b); M/* c */(c); M \\\n (d); M\r\n(e);\nM::f; M x; M;";
        let lexed = crate::lex::lex(src);
        let tokens = Tokens::new(src, &lexed);
        let mut calls = 0;
        for k in tokens.idents_named(b"M", 0..usize::MAX) {
            let called = tokens.next(k).is_some_and(|o| tokens.is_punct(o, b"("));
            let end = tokens.tok(k).end as usize;
            assert_eq!(may_open_call(src, end), called, "at {end}");
            calls += usize::from(called);
        }
        assert_eq!(calls, 5);
    }
}
