//! A text's tokens and what every pass and rule asks of them: the token at
//! an index and its text, its neighbours in the same context (one directive,
//! or the code between directives), bracket pairs, call arguments, template
//! argument lists, brace scopes. Read-only and lazy: the bracket table and
//! the scopes are made on first need. [`crate::translate`] and
//! [`crate::rules`] both read a file through [`Tokens`]; neither imports the
//! other.

mod calls;
mod declarators;
mod launches;
mod scopes;
mod walk;

pub(crate) use calls::Args;
pub(crate) use launches::{Configuration, may_hold_spaced_chevrons};
pub(crate) use scopes::Scope;
pub(crate) use walk::{BracketSet, Way};

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;
use std::ops::Range;
use std::rc::Rc;

use crate::lex::{self, Lexed, Token, TokenKind};

/// One text's tokens, with the tables made from them on first need.
pub(crate) struct Tokens<'a> {
    /// The text.
    pub(crate) src: &'a [u8],
    /// Its tokens, directives and comments.
    pub(crate) lx: &'a Lexed,
    /// The brace scope of every token.
    scopes: OnceCell<scopes::Scopes>,
    /// The bracket pairs, made on first need by a long scan.
    brackets: OnceCell<Brackets>,
    /// See [`list_ends_before`], made on first need.
    list_ends_before: OnceCell<Vec<u32>>,
    /// The name tokens of the text's `#define`s and `#undef`s, by name,
    /// made on first need.
    macro_names: OnceCell<Vec<u32>>,
    /// The possible declarators by name, made on first need.
    declarators: OnceCell<declarators::Declarators>,
    /// The names asked of [`Tokens::idents_named`], with the identifier
    /// tokens spelling them once asked twice.
    idents: RefCell<HashMap<Box<[u8]>, Option<Rc<[u32]>>>>,
    /// Who compiles each directive's line and the code after it (see
    /// `rules::branches`), made on first need: the passes and the rules
    /// both ask.
    pub(crate) directive_reach:
        OnceCell<Vec<(crate::rules::branches::Reach, crate::rules::branches::Reach)>>,
    /// A shim's definition found no line to go on in this text (see
    /// [`Tokens::note_definition_without_line`]).
    definition_without_line: Cell<bool>,
    /// Token ranges whose declarations the look-ups skip (see
    /// [`Tokens::hide_declarations_in`]), in order.
    hidden: Vec<Range<u32>>,
}

/// The brackets of a token stream, for long scans: which pairs with which.
pub(crate) struct Brackets {
    /// Per token, the index of the bracket it pairs with in the same context
    /// (a run of tokens of one directive, or of code between directives), or
    /// `u32::MAX`. Brackets pair by depth alone, whatever their kind, as
    /// [`Tokens::matching_close`] scans.
    pairs: Vec<u32>,
}

impl Brackets {
    fn new(cx: &Tokens<'_>) -> Brackets {
        let tokens = &cx.lx.tokens;
        let mut pairs = vec![u32::MAX; tokens.len()];
        let mut open: Vec<u32> = Vec::new();
        for (i, t) in tokens.iter().enumerate() {
            if i > 0 && tokens[i - 1].directive != t.directive {
                open.clear();
            }
            if t.kind != TokenKind::Punct {
                continue;
            }
            match cx.src[t.start as usize] {
                b'(' | b'[' | b'{' => open.push(i as u32),
                b')' | b']' | b'}' => {
                    if let Some(o) = open.pop() {
                        pairs[o as usize] = i as u32;
                        pairs[i] = o;
                    }
                }
                _ => {}
            }
        }
        Brackets { pairs }
    }
}

/// Per token, how many tokens before it end every pending template argument
/// list (`;`, `{`, `}`, the first of `&&` or `||`), and one entry past the
/// last: made apart from [`Brackets`], which most files need without it.
fn list_ends_before(cx: &Tokens<'_>) -> Vec<u32> {
    let n = cx.lx.tokens.len();
    let mut out = Vec::with_capacity(n + 1);
    let mut ends = 0u32;
    for i in 0..n {
        out.push(ends);
        if cx.ends_template_lists(i, n) {
            ends += 1;
        }
    }
    out.push(ends);
    out
}

impl<'a> Tokens<'a> {
    /// The tokens of `src`, lexed as `lx`.
    pub(crate) fn new(src: &'a [u8], lx: &'a Lexed) -> Tokens<'a> {
        Tokens {
            src,
            lx,
            scopes: OnceCell::new(),
            brackets: OnceCell::new(),
            list_ends_before: OnceCell::new(),
            macro_names: OnceCell::new(),
            declarators: OnceCell::new(),
            idents: RefCell::default(),
            directive_reach: OnceCell::new(),
            definition_without_line: Cell::new(false),
            hidden: Vec::new(),
        }
    }

    /// Makes the declarations in token ranges `hidden` (in order, apart)
    /// invisible to [`Tokens::possible_declarators`]: definitions the
    /// translation inserted, whose parameters are no declarations of the
    /// file's names. Before the first look-up.
    pub(crate) fn hide_declarations_in(&mut self, hidden: Vec<Range<u32>>) {
        debug_assert!(self.declarators.get().is_none());
        self.hidden = hidden;
    }

    /// The token ranges of the definitions the translation inserted (see
    /// [`Tokens::hide_declarations_in`]), in order.
    pub(crate) fn inserted_definitions(&self) -> &[Range<u32>] {
        &self.hidden
    }

    /// Records that a shim's definition found no line to go on in this
    /// text (its finding stays). A definition another shim inserts in the
    /// same round may give it one in the next (`settled()` reads
    /// [`Tokens::had_definition_without_line`]).
    pub(crate) fn note_definition_without_line(&self) {
        self.definition_without_line.set(true);
    }

    /// Whether [`Tokens::note_definition_without_line`] was called.
    pub(crate) fn had_definition_without_line(&self) -> bool {
        self.definition_without_line.get()
    }

    /// The identifiers spelling `name` (and, rarely, another name: compare
    /// the text) that are followed by what may end a declarator (`=`, `;`,
    /// `,`, `)`, `[`, `{`, `:`), in file order.
    pub(crate) fn possible_declarators(&self, name: &[u8]) -> &[u32] {
        (self.declarators)
            .get_or_init(|| declarators::Declarators::new(self))
            .named(name)
    }

    pub(crate) fn tok(&self, i: usize) -> &'a Token {
        &self.lx.tokens[i]
    }

    pub(crate) fn text(&self, i: usize) -> &'a [u8] {
        &self.src[self.lx.tokens[i].range()]
    }

    pub(crate) fn is_punct(&self, i: usize, p: &[u8]) -> bool {
        let t = &self.lx.tokens[i];
        t.kind == TokenKind::Punct && &self.src[t.range()] == p
    }

    pub(crate) fn is_ident(&self, i: usize, word: &[u8]) -> bool {
        let t = &self.lx.tokens[i];
        t.kind == TokenKind::Ident && &self.src[t.range()] == word
    }

    /// The identifier tokens spelling `word` among tokens `range`, in
    /// order: a byte search for the word, each hit mapped to its token (a
    /// walk comparing every token's text costs more). The rules ask some
    /// names before many tokens (`0..i` per use): a name asked so twice has
    /// its tokens found in the whole text once, and searched from then on.
    pub(crate) fn idents_named<'s>(
        &'s self,
        word: &'s [u8],
        range: Range<usize>,
    ) -> impl Iterator<Item = usize> + 's {
        let mut asked = self.idents.borrow_mut();
        let known = match asked.get_mut(word) {
            Some(Some(all)) => Some(all.clone()),
            Some(all) if range.start == 0 => Some(
                (all.insert({
                    let all = self.scan_idents_named(word, 0..usize::MAX);
                    all.map(|k| k as u32).collect()
                }))
                .clone(),
            ),
            Some(None) => None,
            None => {
                if range.start == 0 {
                    asked.insert(word.into(), None);
                }
                None
            }
        };
        drop(asked);
        let (indexed, scanned) = match known {
            Some(all) => {
                let first = all.partition_point(|&k| (k as usize) < range.start);
                let last = all
                    .partition_point(|&k| (k as usize) < range.end)
                    .max(first);
                (Some((first..last).map(move |j| all[j] as usize)), None)
            }
            None => (None, Some(self.scan_idents_named(word, range))),
        };
        indexed
            .into_iter()
            .flatten()
            .chain(scanned.into_iter().flatten())
    }

    fn scan_idents_named<'s>(
        &'s self,
        word: &'s [u8],
        range: Range<usize>,
    ) -> impl Iterator<Item = usize> + 's {
        let tokens = &self.lx.tokens;
        let end = range.end.min(tokens.len());
        let (from, to) = match (tokens.get(range.start), range.start < end) {
            (Some(first), true) => (first.start as usize, tokens[end - 1].end as usize),
            _ => (0, 0),
        };
        let mut k = range.start;
        memchr::memmem::find_iter(&self.src[from..to], word).filter_map(move |at| {
            k = self.first_at_or_after(from + at, k);
            (k < end && self.lx.tokens[k].start as usize == from + at && self.is_ident(k, word))
                .then_some(k)
        })
    }

    /// The token before `i` in the same context (same directive, or both code).
    pub(crate) fn prev(&self, i: usize) -> Option<usize> {
        let j = i.checked_sub(1)?;
        (self.lx.tokens[j].directive == self.lx.tokens[i].directive).then_some(j)
    }

    /// The token after `i` in the same context.
    pub(crate) fn next(&self, i: usize) -> Option<usize> {
        let j = i + 1;
        (j < self.lx.tokens.len() && self.lx.tokens[j].directive == self.lx.tokens[i].directive)
            .then_some(j)
    }

    /// Byte range covered by tokens `a..b` (b exclusive, non-empty).
    pub(crate) fn span(&self, a: usize, b: usize) -> Range<usize> {
        self.lx.tokens[a].start as usize..self.lx.tokens[b - 1].end as usize
    }

    /// Index of the token closing the bracket opened at `open` (`(`, `[`, `{`),
    /// staying within the same context.
    pub(crate) fn matching_close(&self, open: usize) -> Option<usize> {
        self.matching(open, 1)
    }

    /// Index of the token opening the bracket closed at `close` (`)`, `]`,
    /// `}`), scanning backwards within the same context.
    pub(crate) fn matching_open(&self, close: usize) -> Option<usize> {
        self.matching(close, -1)
    }

    /// The bracket (`(`, `[`, `{`) whose pair holds code token `i`, scanning
    /// back over directives and the pairs closed before it; `None` at file
    /// scope.
    pub(crate) fn enclosing_open(&self, i: usize) -> Option<usize> {
        let mut k = i;
        while k > 0 {
            k -= 1;
            let t = self.tok(k);
            if t.in_directive() || t.kind != TokenKind::Punct {
                continue;
            }
            match self.src[t.start as usize] {
                b'(' | b'[' | b'{' => return Some(k),
                b')' | b']' | b'}' => k = self.matching_open(k)?,
                _ => {}
            }
        }
        None
    }

    fn brackets(&self) -> &Brackets {
        self.brackets.get_or_init(|| Brackets::new(self))
    }

    /// Whether tokens `r` hold one that ends template argument lists.
    pub(crate) fn ends_lists_in(&self, r: Range<usize>) -> bool {
        let ends = self.list_ends_before.get_or_init(|| list_ends_before(self));
        ends[r.end] > ends[r.start]
    }

    /// The bracket matching token `at`, scanning forward (`step` 1) or back.
    /// Most brackets match within a few tokens, so those are scanned; past
    /// that, the answer comes from a table of every pair made once, so that
    /// calls nested thousands deep cost linear time, not quadratic.
    fn matching(&self, at: usize, step: isize) -> Option<usize> {
        const SCAN: usize = 64;
        let (opens, closes) = if step > 0 {
            (b"([{", b")]}")
        } else {
            (b")]}", b"([{")
        };
        let mut depth = 0usize;
        let mut i = at;
        for _ in 0..SCAN {
            let t = self.tok(i);
            if t.kind == TokenKind::Punct {
                let c = self.src[t.start as usize];
                if opens.contains(&c) {
                    depth += 1;
                } else if closes.contains(&c) {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i);
                    }
                }
            }
            i = if step > 0 {
                self.next(i)?
            } else {
                self.prev(i)?
            };
        }
        let partner = self.brackets().pairs[at];
        (partner != u32::MAX).then_some(partner as usize)
    }

    /// The index of the first token that starts at or after byte `at`
    /// (`tokens.partition_point(|t| t.start < at)`), searched from token
    /// `hint` outwards: a caller asking in text order, `hint` its last
    /// answer, pays for the distance between questions (and touches the
    /// tokens in between), not for a search of the whole file.
    pub(crate) fn first_at_or_after(&self, at: usize, hint: usize) -> usize {
        let tokens = &self.lx.tokens;
        let before = |t: &Token| (t.start as usize) < at;
        let hint = hint.min(tokens.len());
        if hint > 0 && !before(&tokens[hint - 1]) {
            return tokens[..hint].partition_point(before);
        }
        // Every token below `lo` starts before `at`; gallop up from there.
        let (mut lo, mut step) = (hint, 1);
        let hi = loop {
            let probe = lo + step;
            if probe >= tokens.len() {
                break tokens.len();
            }
            if !before(&tokens[probe]) {
                break probe;
            }
            lo = probe + 1;
            step *= 2;
        };
        lo + tokens[lo..hi].partition_point(before)
    }

    /// Whether byte `at` lies inside a comment (not at its first byte): no
    /// line can be put there.
    pub(crate) fn in_comment(&self, at: usize) -> bool {
        let c = &self.lx.comments;
        let k = c.partition_point(|&(s, _)| (s as usize) < at);
        k > 0 && at < c[k - 1].1 as usize
    }

    /// Whether token `i` is outside every class, function and block: at
    /// file scope or in a namespace.
    pub(crate) fn at_namespace_scope(&self, i: usize) -> bool {
        let scope = self.scope(i);
        matches!(scope, Scope::Global | Scope::Namespace)
    }

    /// The name of identifier token `i`, with line splices removed.
    #[inline]
    pub(crate) fn ident_name(&self, i: usize) -> std::borrow::Cow<'a, [u8]> {
        let t = self.tok(i);
        if t.spliced {
            std::borrow::Cow::Owned(lex::despliced(&self.src[t.range()]))
        } else {
            std::borrow::Cow::Borrowed(&self.src[t.range()])
        }
    }

    /// Whether the text defines or undefines macro `name` itself.
    pub(crate) fn defines_macro(&self, name: &[u8]) -> bool {
        let names = self.macro_names.get_or_init(|| {
            let mut names: Vec<u32> = (self.lx.directives.iter())
                .filter(|d| {
                    matches!(d.name.as_str(), "define" | "undef") && d.first_token + 1 < d.end_token
                })
                .map(|d| d.first_token + 1)
                .collect();
            names.sort_by_key(|&k| self.text(k as usize));
            names
        });
        (names.binary_search_by(|&k| self.text(k as usize).cmp(name))).is_ok()
    }

    /// The innermost brace scope of token `i`.
    pub(crate) fn scope(&self, i: usize) -> Scope {
        self.scopes().at(i)
    }

    /// The `{` of code opening the outermost brace scope that holds token
    /// `i` (a namespace's, where `i` is at namespace scope); `None` at file
    /// scope.
    pub(crate) fn outermost_open(&self, i: usize) -> Option<usize> {
        self.scopes().outermost_open(i)
    }

    /// Whether a brace of code opened up to token `i` (itself included) is
    /// still open after it, however directives split the code.
    pub(crate) fn brace_open_after(&self, i: usize) -> bool {
        self.scopes().open_after(i)
    }

    fn scopes(&self) -> &scopes::Scopes {
        self.scopes.get_or_init(|| scopes::Scopes::new(self))
    }
}

/// The half types whose HIP `operator=` overloads make `x = {}` ambiguous
/// (CUDA's `__half2` has one candidate).
pub(crate) const HALF_TYPES: &[&[u8]] = &[b"half", b"__half", b"half2", b"__half2"];

/// Token indices the identifier pass notes as it reads every token, so that
/// the passes and rules after it visit only these instead of the whole
/// stream again (each in order).
#[derive(Debug, Default)]
pub(crate) struct Landmarks {
    /// String literals.
    pub(crate) strings: Vec<u32>,
    /// `asm`, `__asm__`, `__asm`.
    pub(crate) asm: Vec<u32>,
    /// `register`.
    pub(crate) register: Vec<u32>,
    /// The half types: `half`, `__half`, `half2`, `__half2`.
    pub(crate) half: Vec<u32>,
    /// `extern`, `__device__`: where device linkage is read.
    pub(crate) linkage: Vec<u32>,
    /// `alignas`.
    pub(crate) alignas: Vec<u32>,
}

impl Landmarks {
    /// Notes token `i`, an identifier spelled `word`.
    #[inline]
    pub(crate) fn note_ident(&mut self, i: usize, word: &[u8]) {
        // A length and a first byte rule out almost every word.
        let list = match (word.len(), word[0]) {
            (3 | 5 | 7, b'a' | b'_') if matches!(word, b"asm" | b"__asm__" | b"__asm") => {
                &mut self.asm
            }
            (8, b'r') if word == b"register" => &mut self.register,
            (7, b'a') if word == b"alignas" => &mut self.alignas,
            (4..=7, b'h' | b'_') if HALF_TYPES.contains(&word) => &mut self.half,
            (6 | 10, b'e' | b'_') if matches!(word, b"extern" | b"__device__") => &mut self.linkage,
            _ => return,
        };
        list.push(i as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `idents_named` against a walk of every token, for every range, in
    /// the order the rules ask (windows, then prefixes asked repeatedly,
    /// which index the name), with the word also in a longer name, a
    /// string, a comment and a directive.
    #[test]
    fn idents_named_is_the_walk() {
        let src = b"int w = w + ww;\n#define w 1\n/* w */ f(\"w\", w_w, w);\nw;";
        let lexed = lex::lex(src);
        let cx = Tokens::new(src, &lexed);
        let n = lexed.tokens.len();
        let walk = |word: &[u8], r: Range<usize>| -> Vec<usize> {
            (r.start..r.end.min(n))
                .filter(|&k| cx.is_ident(k, word))
                .collect()
        };
        for word in [&b"w"[..], b"ww", b"f", b"absent"] {
            // `ww` asked by windows first, so scanned before it is indexed.
            for round in usize::from(word == b"ww")..3 {
                for start in 0..=n {
                    for end in [start, start + 1, n, usize::MAX] {
                        // Prefixes first in the first round, so the name is indexed early.
                        let (start, end) = if round == 0 { (0, end) } else { (start, end) };
                        let got: Vec<usize> = cx.idents_named(word, start..end).collect();
                        assert_eq!(got, walk(word, start..end), "{word:?} {start}..{end}");
                    }
                }
            }
        }
    }

    /// `first_at_or_after` against the plain binary search, for every
    /// byte and hint of a text.
    #[test]
    fn first_at_or_after_is_the_partition_point() {
        let src = b"int a = f(b, c);\n#define X 1\n  x->y :: z;  ";
        let lexed = lex::lex(src);
        let cx = Tokens::new(src, &lexed);
        let n = lexed.tokens.len();
        for at in 0..=src.len() + 1 {
            let want = lexed.tokens.partition_point(|t| (t.start as usize) < at);
            for hint in 0..=n + 2 {
                assert_eq!(cx.first_at_or_after(at, hint), want, "at {at}, hint {hint}");
            }
        }
        let empty = lex::lex(b"");
        assert_eq!(Tokens::new(b"", &empty).first_at_or_after(3, 5), 0);
    }
}
