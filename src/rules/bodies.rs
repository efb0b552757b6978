//! Function bodies of a file and what the warp rule asks of them: whether a
//! body uses raw warp functions (`__shfl*`, `__ballot*` …), whether it splits
//! the block into cooperative-groups tiles, and the function's name. The
//! last body found is kept: candidates come in token order, so a function
//! full of them is walked and read once, not once per candidate.

use super::Cx;
use crate::lex::TokenKind;
use crate::tokens::{BracketSet, Way};

/// One function body.
#[derive(Debug, Clone, Copy)]
pub(super) struct Body {
    /// The `{` token.
    pub(super) open: usize,
    /// The matching `}` token.
    pub(super) close: usize,
    /// The function's name token.
    pub(super) name: usize,
    /// It calls a raw warp function.
    pub(super) warp_functions: bool,
    /// It makes cooperative-groups tiles (`tiled_partition<N>`).
    pub(super) tiles: bool,
    /// Its warp functions are all shuffles given a width of at most 32
    /// (`__shfl_xor_sync(m, v, o, 32)`): deliberate 32-lane logical warps,
    /// which keep their meaning on a 64-lane wavefront.
    pub(super) logical_warps: bool,
}

/// The function bodies asked about so far; candidates come in token order,
/// so the last one found answers most questions.
#[derive(Default)]
pub(super) struct Bodies {
    last: Option<Body>,
}

impl Bodies {
    /// The innermost function body holding token `i`.
    pub(super) fn at(&mut self, cx: &Cx<'_>, i: usize) -> Option<Body> {
        if let Some(b) = self.last.filter(|b| b.open < i && i < b.close) {
            return Some(b);
        }
        let b = enclosing(cx, i)?;
        self.last = Some(b);
        Some(b)
    }
}

/// How far back a body's `{` is looked for, in tokens.
const WALK_LIMIT: usize = 20_000;

/// The first enclosing `{` around token `i` that opens a function body, and
/// the function's name token. Only the head is read, not the body: callers
/// asking about one construct in a long host function need no more.
/// `prior` is an earlier token with its answer: a walk that reaches it
/// outside any nested block shares that answer, so a run of candidates in
/// one function costs the tokens between them, not a walk to its head each.
pub(super) fn enclosing_function(
    cx: &Cx<'_>,
    i: usize,
    prior: Option<(usize, (usize, usize))>,
) -> Option<(usize, usize)> {
    let mut k = i;
    // Bounded: a file-scope candidate (no body) must not cost a walk to the
    // file's start each time.
    let stop = i.saturating_sub(WALK_LIMIT);
    loop {
        let mut open = None;
        for s in cx.walk(cx.prev(k)?, BracketSet::Braces, Way::Back) {
            if s.k < stop {
                return None;
            }
            if let Some((_, answer)) = prior.filter(|&(at, _)| at == s.k && s.depth == 0) {
                return Some(answer);
            }
            if s.unmatched {
                open = Some(s.k);
                break;
            }
        }
        let open = open?;
        if let Some(name) = function_name(cx, open) {
            return Some((open, name));
        }
        k = open;
    }
}

/// The function body around token `i`, with its facts read.
fn enclosing(cx: &Cx<'_>, i: usize) -> Option<Body> {
    let (open, name) = enclosing_function(cx, i, None)?;
    let close = cx.matching_close(open)?;
    let mut b = Body {
        open,
        close,
        name,
        warp_functions: false,
        tiles: false,
        logical_warps: false,
    };
    let (mut narrow, mut wide) = (0, 0);
    for k in open..close {
        if cx.tok(k).kind != TokenKind::Ident {
            continue;
        }
        let t = cx.text(k);
        if is_warp_function(t) {
            b.warp_functions = true;
            match narrow_shuffle(cx, k, t) {
                Some(true) => narrow += 1,
                Some(false) => wide += 1,
                None => {}
            }
        }
        b.tiles |= matches!(t, b"tiled_partition" | b"thread_block_tile")
            && cx.next(k).is_some_and(|lt| cx.is_punct(lt, b"<"));
    }
    b.logical_warps = narrow > 0 && wide == 0;
    Some(b)
}

/// For warp function `t` at token `k`: `Some(true)` for a shuffle given a
/// literal width of at most 32, `None` for `__syncwarp` (lane-count
/// neutral), `Some(false)` for any other use (a whole-wave operation).
fn narrow_shuffle(cx: &Cx<'_>, k: usize, t: &[u8]) -> Option<bool> {
    if t == b"__syncwarp" {
        return None;
    }
    if !t.starts_with(b"__shfl") {
        return Some(false);
    }
    // The width is the fourth argument of the `_sync` forms, the third of
    // the others.
    let width_at = if t.ends_with(b"_sync") { 3 } else { 2 };
    let args = cx
        .next(k)
        .filter(|&o| cx.is_punct(o, b"("))
        .and_then(|o| cx.call_args(o));
    let narrow = args.is_some_and(|a| {
        a.args.get(width_at).is_some_and(|&(s, e)| {
            e == s + 1
                && cx.tok(s).kind == TokenKind::Number
                && super::warp::int_literal(cx.text(s)).is_some_and(|(v, _)| v <= 32)
        })
    });
    Some(narrow)
}

/// Whether an identifier names a raw warp-level function or type.
pub(super) fn is_warp_function(t: &[u8]) -> bool {
    [
        &b"__shfl"[..],
        b"__ballot",
        b"__any",
        b"__all",
        b"__syncwarp",
        b"__activemask",
        b"__reduce_",
        b"__match_",
        b"WarpReduce",
        b"WarpScan",
        b"coalesced_threads",
    ]
    .iter()
    .any(|p| t.starts_with(p))
}

/// The name of the function whose body the `{` at `open` opens:
/// `name(params) [const|noexcept|override|final] {`. Not a macro that
/// opens a loop in a body (`CUDA_1D_KERNEL_LOOP(i, n) {`, as Caffe, mmcv
/// and PyTorch write kernels): a name that starts a statement there. Not
/// `if constexpr (…) {` either, whose `constexpr` reads as a name before `(`.
pub(super) fn function_name(cx: &Cx<'_>, open: usize) -> Option<usize> {
    let mut j = cx.prev(open)?;
    while cx.tok(j).kind == TokenKind::Ident
        && matches!(cx.text(j), b"const" | b"noexcept" | b"override" | b"final")
    {
        j = cx.prev(j)?;
    }
    if !cx.is_punct(j, b")") {
        return None;
    }
    let name = cx.matching_open(j).and_then(|p| cx.prev(p)).filter(|&n| {
        cx.tok(n).kind == TokenKind::Ident
            && !matches!(
                cx.text(n),
                b"if" | b"for" | b"while" | b"switch" | b"catch" | b"constexpr"
            )
    })?;
    // No return type: a constructor in a class, or a statement in a block.
    let statement_start = cx
        .prev(name)
        .is_none_or(|p| [&b";"[..], b"{", b"}"].iter().any(|w| cx.is_punct(p, w)));
    if statement_start && cx.enclosing_open(name).is_some_and(|o| opens_block(cx, o)) {
        return None;
    }
    Some(name)
}

/// Whether the `{` at `open` opens a block of statements (a function's or
/// a statement's body), not a class, namespace or initializer.
fn opens_block(cx: &Cx<'_>, open: usize) -> bool {
    cx.is_punct(open, b"{")
        && cx.prev(open).is_some_and(|p| {
            [
                &b")"[..],
                b";",
                b"{",
                b"}",
                b"else",
                b"do",
                b"try",
                b"const",
                b"noexcept",
            ]
            .iter()
            .any(|w| cx.text(p) == *w)
        })
}
