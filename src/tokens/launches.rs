//! Launch chevrons: `<<<` and `>>>` (or the same written with blanks, which
//! nvcc reads alike) and the configuration between them. Lexical facts, read
//! by the launch rewrite, the spaced-launch join, and [`Tokens::call_args`],
//! which steps over a launch's configuration as over a bracket pair (so that
//! a call's arguments split the same with the launch as written and with it
//! rewritten into `hipLaunchKernelGGL(…)`).

use super::{BracketSet, Tokens, Way};
use crate::lex::TokenKind;

/// Whether `src` may hold a launch's chevrons written with blanks (`<< <`,
/// `<\n<<`): a `<`, blanks, and another `<`. Most files hold none.
pub(crate) fn may_hold_spaced_chevrons(src: &[u8]) -> bool {
    memchr::memchr_iter(b'<', src).any(|p| {
        let rest = &src[p + 1..];
        let blanks = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        blanks > 0 && rest.get(blanks) == Some(&b'<')
    })
}

/// What follows the `<<<` at token `lt`, up to its `>>>`.
pub(crate) enum Configuration {
    /// The `>>>` (its first token) at bracket depth 0, and each argument
    /// before it: its first token and the `,` or `>>>` after it.
    Closed {
        gt: usize,
        args: Vec<(usize, usize)>,
    },
    /// Another `<<<` comes first.
    Nested,
}

impl Tokens<'_> {
    /// The launch configuration opened at `lt` (spaced or not); `None` where
    /// a bracket closes that it did not open, a `;` comes first, or the
    /// context ends.
    pub(crate) fn launch_configuration(&self, lt: usize) -> Option<Configuration> {
        let mut args = Vec::new();
        let mut arg_start = self.next(lt + 2)?;
        for s in self.walk(arg_start, BracketSet::All, Way::Forward) {
            let (j, t) = (s.k, self.tok(s.k));
            if s.unmatched {
                return None;
            }
            if t.kind != TokenKind::Punct {
                continue;
            }
            match self.src[t.start as usize] {
                b',' if s.depth == 0 => {
                    args.push((arg_start, j));
                    arg_start = self.next(j)?;
                }
                b'>' if s.depth == 0 && self.is_triple(j, b'>') => {
                    args.push((arg_start, j));
                    return Some(Configuration::Closed { gt: j, args });
                }
                b'<' if self.is_triple(j, b'<') => return Some(Configuration::Nested),
                b';' => return None,
                _ => {}
            }
        }
        None
    }

    /// Three adjacent `c` punctuation tokens at `i` in one context: `<<<` or
    /// `>>>`, or the same written with blanks between (`<< <`), which nvcc
    /// reads alike (`>> >` in a launch's configuration cannot close a
    /// template).
    pub(crate) fn is_triple(&self, i: usize, c: u8) -> bool {
        self.three_puncts(i, c, |gap| {
            gap.is_empty() || gap.iter().all(u8::is_ascii_whitespace)
        })
    }

    /// [`Tokens::is_triple`] with blanks between some of the three.
    pub(crate) fn is_spaced_triple(&self, i: usize, c: u8) -> bool {
        self.three_puncts(i, c, |gap| gap.iter().all(u8::is_ascii_whitespace))
            && !self.three_puncts(i, c, <[u8]>::is_empty)
    }

    fn three_puncts(&self, i: usize, c: u8, gap_ok: impl Fn(&[u8]) -> bool) -> bool {
        let toks = &self.lx.tokens;
        i + 2 < toks.len()
            && (0..3).all(|k| {
                let t = &toks[i + k];
                t.kind == TokenKind::Punct && self.src[t.start as usize] == c
            })
            && gap_ok(&self.src[toks[i].end as usize..toks[i + 1].start as usize])
            && gap_ok(&self.src[toks[i + 1].end as usize..toks[i + 2].start as usize])
            && toks[i].directive == toks[i + 2].directive
    }
}
