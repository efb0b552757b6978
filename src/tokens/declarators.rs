//! A text's possible declarators by name, for the rules and passes that
//! look for a name's declaration before a use: a scan back per use cost
//! thousands of tokens, and grew with the file.

use super::Tokens;
use crate::lex::{Token, TokenKind};

/// The identifiers followed (in the same context) by what may end a
/// declarator (`=`, `;`, `,`, `)`, `[`, `{`, `:`), in buckets by a hash of
/// their text (a counting sort: one pass to count, one to place), each
/// bucket in file order. A bucket may hold other names too, and readers
/// test what follows for the declarators they accept.
pub(crate) struct Declarators {
    /// The tokens, bucket after bucket.
    tokens: Vec<u32>,
    /// Where each bucket starts in `tokens`, and one past the last.
    starts: Vec<u32>,
}

impl Declarators {
    pub(super) fn new(cx: &Tokens<'_>) -> Declarators {
        // Outside the hidden ranges (in order: one cursor for the walk).
        let mut hidden = cx.hidden.iter().peekable();
        let mut visible = |k: usize| {
            while hidden.next_if(|r| r.end as usize <= k).is_some() {}
            hidden.peek().is_none_or(|r| k < r.start as usize)
        };
        // Token pairs, not `next()` per token: this walks every token of
        // the file.
        let found: Vec<(u32, u32)> = (cx.lx.tokens.windows(2).enumerate())
            .filter(|(_, pair)| may_end_declarator(cx.src, &pair[0], &pair[1]))
            .filter(|&(k, _)| visible(k))
            .map(|(k, pair)| (text_hash(&cx.src[pair[0].range()]) as u32, k as u32))
            .collect();
        let buckets = found.len().next_power_of_two();
        let mut starts = vec![0u32; buckets + 1];
        for &(h, _) in &found {
            starts[(h as usize & (buckets - 1)) + 1] += 1;
        }
        for b in 0..buckets {
            starts[b + 1] += starts[b];
        }
        let mut next = starts.clone();
        let mut tokens = vec![0u32; found.len()];
        for (h, k) in found {
            let b = h as usize & (buckets - 1);
            tokens[next[b] as usize] = k;
            next[b] += 1;
        }
        Declarators { tokens, starts }
    }

    /// The tokens in `name`'s bucket, in file order.
    pub(super) fn named(&self, name: &[u8]) -> &[u32] {
        let b = text_hash(name) as usize & (self.starts.len() - 2);
        &self.tokens[self.starts[b] as usize..self.starts[b + 1] as usize]
    }
}

/// Whether `t` is an identifier and `next`, the token after it in the same
/// context, is what may end a declarator.
fn may_end_declarator(src: &[u8], t: &Token, next: &Token) -> bool {
    t.kind == TokenKind::Ident
        && next.kind == TokenKind::Punct
        && next.directive == t.directive
        // One byte: `::` is one token, not a `:`.
        && next.end == next.start + 1
        && matches!(src[next.start as usize], b'=' | b';' | b',' | b')' | b'[' | b'{' | b':')
}

/// The bucket hash of a name (a collision only costs a text comparison).
fn text_hash(text: &[u8]) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::with_seed(0).hash_one(text)
}
