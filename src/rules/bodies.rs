//! Function bodies of a file and what the warp rule asks of them: whether a
//! body uses raw warp functions (`__shfl*`, `__ballot*` …), whether it splits
//! the block into cooperative-groups tiles, and the function's name. Found
//! once per file, on the first question, so a file full of candidates costs
//! one pass, not one walk per candidate.

use crate::lex::TokenKind;
use crate::translate::Cx;

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
}

/// Every function body of a file, by `{` position.
#[derive(Default)]
pub(super) struct Bodies {
    spans: Option<Vec<Body>>,
}

impl Bodies {
    /// The innermost function body holding token `i`.
    pub(super) fn at(&mut self, cx: &Cx<'_>, i: usize) -> Option<Body> {
        let spans = self.spans.get_or_insert_with(|| find(cx));
        let end = spans.partition_point(|b| b.open < i);
        // Nested bodies (lambdas, local classes) are rare: look back a little.
        spans[..end]
            .iter()
            .rev()
            .take(64)
            .find(|b| b.open < i && i < b.close)
            .copied()
    }
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

fn find(cx: &Cx<'_>) -> Vec<Body> {
    let mut out = Vec::new();
    for open in 0..cx.lx.tokens.len() {
        if !cx.is_punct(open, b"{") {
            continue;
        }
        let Some(name) = function_name(cx, open) else {
            continue;
        };
        let Some(close) = cx.matching_close(open) else {
            continue;
        };
        let mut b = Body {
            open,
            close,
            name,
            warp_functions: false,
            tiles: false,
        };
        for k in open..close {
            if cx.tok(k).kind != TokenKind::Ident {
                continue;
            }
            let t = cx.text(k);
            b.warp_functions |= is_warp_function(t);
            b.tiles |= matches!(t, b"tiled_partition" | b"thread_block_tile")
                && cx.next(k).is_some_and(|lt| cx.is_punct(lt, b"<"));
        }
        out.push(b);
    }
    out
}

/// The name of the function whose body the `{` at `open` opens:
/// `name(params) [const|noexcept|override|final] {`.
fn function_name(cx: &Cx<'_>, open: usize) -> Option<usize> {
    let mut j = cx.prev(open)?;
    while cx.tok(j).kind == TokenKind::Ident
        && matches!(cx.text(j), b"const" | b"noexcept" | b"override" | b"final")
    {
        j = cx.prev(j)?;
    }
    if !cx.is_punct(j, b")") {
        return None;
    }
    cx.matching_open(j).and_then(|p| cx.prev(p)).filter(|&n| {
        cx.tok(n).kind == TokenKind::Ident
            && !matches!(cx.text(n), b"if" | b"for" | b"while" | b"switch" | b"catch")
    })
}
