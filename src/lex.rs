//! A C/C++/CUDA tokenizer over raw bytes.
//!
//! Translation needs to know, for every byte, whether it is code, a comment or a
//! literal, and where identifiers and preprocessor directives are. That is
//! lexical, so it works the same in macro bodies, in `#if` conditions and in code
//! tree-sitter cannot parse. Bytes need not be UTF-8: any byte ≥ 0x80 counts as an
//! identifier character (C++ allows UCNs there) and is otherwise passed through.
//! Comments and whitespace produce no tokens; they are simply the gaps.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier or keyword.
    Ident,
    /// A preprocessing number (`0xffffffffu`, `1'000`, `1.5e-3f`).
    Number,
    /// A string literal, raw or not, with any prefix.
    Str,
    /// A character literal.
    Char,
    /// The header name of an `#include` (`<cuda.h>` or `"x.cuh"`).
    HeaderName,
    /// One punctuation byte, except `::` and `->`, which are one token each.
    Punct,
}

/// One token: a kind and a byte range in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
    /// Index into [`Lexed::directives`] of the directive this token belongs to,
    /// or `u32::MAX` outside directives.
    pub directive: u32,
    /// The token contains a backslash-newline splice (only identifiers care).
    pub spliced: bool,
}

impl Token {
    /// Whether the token is inside a preprocessor directive.
    pub fn in_directive(&self) -> bool {
        self.directive != u32::MAX
    }

    /// The byte range as `usize`.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A preprocessor directive: `#` to the end of its (possibly continued) line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    /// The directive's name (`include`, `define`, `if` …); empty for a null directive.
    pub name: String,
    /// Offset of the `#`.
    pub hash: u32,
    /// Start of the line holding the `#` (where only whitespace precedes it).
    pub line_start: u32,
    /// End of the directive, before its terminating newline.
    pub end: u32,
    /// End including the terminating newline (`\n` or `\r\n`), if any.
    pub end_with_newline: u32,
    /// Index of the first token after the `#` (the name), or of the next token.
    pub first_token: u32,
    /// One past the last token of the directive.
    pub end_token: u32,
}

/// A tokenized file.
#[derive(Debug, Default)]
pub struct Lexed {
    /// Every token in order.
    pub tokens: Vec<Token>,
    /// Every directive in order.
    pub directives: Vec<Directive>,
    /// Byte ranges of comments (for tools that want to skip them).
    pub comments: Vec<(u32, u32)>,
    /// Block comments and raw string literals never closed: each runs to
    /// the end of the file, so nothing after its opening is code.
    pub unterminated: Vec<Unterminated>,
}

/// A block comment or raw string literal with no end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unterminated {
    /// What is left open.
    pub kind: UnterminatedKind,
    /// Its opening: `/*`, or a raw string's prefix through the `(`.
    pub start: u32,
    /// One past the opening.
    pub end: u32,
}

/// What an [`Unterminated`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnterminatedKind {
    /// `/*` with no `*/`.
    BlockComment,
    /// `R"delim(` with no `)delim"`.
    RawString,
}

/// Byte classes, looked up once per byte on the hot path (and by the
/// prefilter, which must split words as the lexer does): identifier bytes
/// (`[A-Za-z0-9_$]` and every byte ≥ 0x80) have `IDENT_CONTINUE`, those that
/// may start one (not digits) `IDENT_START` too; all others are 0.
pub(crate) const IDENT_START: u8 = 1;
pub(crate) const IDENT_CONTINUE: u8 = 2;
pub(crate) static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c >= 0x80 {
            t[b] = IDENT_START | IDENT_CONTINUE;
        } else if c.is_ascii_digit() {
            t[b] = IDENT_CONTINUE;
        }
        b += 1;
    }
    t
};

fn is_ident_start(b: u8) -> bool {
    CLASS[b as usize] & IDENT_START != 0
}

pub(crate) fn is_ident_continue(b: u8) -> bool {
    CLASS[b as usize] & IDENT_CONTINUE != 0
}

/// Length of a backslash-newline splice at `i` (`\\\n` or `\\\r\n`), or 0.
fn splice_len(src: &[u8], i: usize) -> usize {
    if src.get(i) != Some(&b'\\') {
        return 0;
    }
    match (src.get(i + 1), src.get(i + 2)) {
        (Some(b'\n'), _) => 2,
        (Some(b'\r'), Some(b'\n')) => 3,
        // Old Mac line ends: a lone CR ends a line, as clang reads it.
        (Some(b'\r'), _) => 2,
        _ => 0,
    }
}

/// Returns the identifier text with splices removed.
pub fn despliced(src: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(src.len());
    let mut i = 0;
    while i < src.len() {
        let n = splice_len(src, i);
        if n > 0 {
            i += n;
        } else {
            out.push(src[i]);
            i += 1;
        }
    }
    out
}

struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    out: Lexed,
    /// Directive currently open (index), if any.
    directive: Option<usize>,
    /// Only whitespace and comments seen since the last newline.
    at_line_start: bool,
    line_start: usize,
}

/// Tokenizes `src`. Never fails: malformed input (an unterminated comment or
/// string) ends that token at the end of the line or file.
pub fn lex(src: &[u8]) -> Lexed {
    let mut lx = Lexer {
        src,
        // A UTF-8 byte-order mark is not code: line 1 still starts after it.
        pos: crate::source::bom_len(src),
        out: Lexed {
            tokens: Vec::with_capacity(src.len() / 5),
            ..Lexed::default()
        },
        directive: None,
        at_line_start: true,
        line_start: 0,
    };
    lx.run();
    lx.out
}

impl Lexer<'_> {
    fn peek(&self, off: usize) -> u8 {
        *self.src.get(self.pos + off).unwrap_or(&0)
    }

    fn push(&mut self, kind: TokenKind, start: usize, spliced: bool) {
        self.out.tokens.push(Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
            directive: self.directive.map_or(u32::MAX, |d| d as u32),
            spliced,
        });
        self.at_line_start = false;
    }

    fn close_directive(&mut self, end: usize, end_with_newline: usize) {
        if let Some(d) = self.directive.take() {
            let dir = &mut self.out.directives[d];
            dir.end = end as u32;
            dir.end_with_newline = end_with_newline as u32;
            dir.end_token = self.out.tokens.len() as u32;
        }
    }

    fn run(&mut self) {
        let src = self.src;
        while self.pos < src.len() {
            let b = src[self.pos];
            match b {
                b'\n' => {
                    let end = if self.pos > 0 && src[self.pos - 1] == b'\r' {
                        self.pos - 1
                    } else {
                        self.pos
                    };
                    self.pos += 1;
                    self.close_directive(end, self.pos);
                    self.at_line_start = true;
                    self.line_start = self.pos;
                }
                // A lone CR (old Mac line ends) ends a line, as in clang.
                b'\r' if self.peek(1) != b'\n' => {
                    let end = self.pos;
                    self.pos += 1;
                    self.close_directive(end, self.pos);
                    self.at_line_start = true;
                    self.line_start = self.pos;
                }
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => {
                    // Indentation comes in runs: skip them in one go.
                    let mut pos = self.pos + 1;
                    while matches!(src.get(pos), Some(b' ' | b'\t')) {
                        pos += 1;
                    }
                    self.pos = pos;
                }
                b'\\' if splice_len(src, self.pos) > 0 => {
                    // A splice joins lines: the directive (if any) goes on.
                    self.pos += splice_len(src, self.pos);
                }
                // So does a backslash that ends the file: it is read as if a
                // newline ended it ([lex.phases] 2), and compilers drop the
                // backslash (a macro continued to the end of a header).
                b'\\' if self.pos + 1 == src.len() => self.pos += 1,
                b'/' if self.peek(1) == b'/' => self.line_comment(),
                b'/' if self.peek(1) == b'*' => self.block_comment(),
                b'#' if self.at_line_start && self.directive.is_none() => self.directive_start(),
                b'"' => self.string(self.pos, false),
                b'\'' => self.char_lit(self.pos),
                b'0'..=b'9' => self.number(),
                b'.' if self.peek(1).is_ascii_digit() => self.number(),
                _ if is_ident_start(b) => self.ident_or_prefixed_literal(),
                b':' if self.peek(1) == b':' => {
                    let s = self.pos;
                    self.pos += 2;
                    self.push(TokenKind::Punct, s, false);
                }
                b'-' if self.peek(1) == b'>' => {
                    let s = self.pos;
                    self.pos += 2;
                    self.push(TokenKind::Punct, s, false);
                }
                b'<' if self.in_include_directive() => self.header_name(b'>'),
                _ => {
                    let s = self.pos;
                    self.pos += 1;
                    self.push(TokenKind::Punct, s, false);
                }
            }
        }
        self.close_directive(src.len(), src.len());
    }

    fn in_include_directive(&self) -> bool {
        let Some(d) = self.directive else {
            return false;
        };
        let dir = &self.out.directives[d];
        // Only right after the directive name.
        matches!(dir.name.as_str(), "include" | "include_next" | "import")
            && self.out.tokens.len() == dir.first_token as usize + 1
    }

    fn line_comment(&mut self) {
        let s = self.pos;
        // A line comment ends at a newline (or lone CR) that is not spliced.
        // Jump from line end to line end (memchr), not byte by byte.
        let src = self.src;
        loop {
            let Some(i) = memchr::memchr2(b'\n', b'\r', &src[self.pos..]) else {
                self.pos = src.len();
                break;
            };
            let at = self.pos + i;
            let crlf = src[at] == b'\r' && src.get(at + 1) == Some(&b'\n');
            // A backslash just before the line end splices the next line in.
            if at > s && src[at - 1] == b'\\' {
                self.pos = at + if crlf { 2 } else { 1 };
                continue;
            }
            self.pos = at;
            break;
        }
        let mut end = self.pos;
        if end > s && self.src[end - 1] == b'\r' {
            end -= 1;
        }
        self.out.comments.push((s as u32, end as u32));
    }

    fn block_comment(&mut self) {
        let s = self.pos;
        self.pos += 2;
        match memchr::memmem::find(&self.src[self.pos..], b"*/") {
            Some(i) => self.pos += i + 2,
            None => {
                self.out.unterminated.push(Unterminated {
                    kind: UnterminatedKind::BlockComment,
                    start: s as u32,
                    end: self.pos as u32,
                });
                self.pos = self.src.len();
            }
        }
        self.out.comments.push((s as u32, self.pos as u32));
    }

    fn directive_start(&mut self) {
        let hash = self.pos;
        self.pos += 1;
        let idx = self.out.directives.len();
        self.out.directives.push(Directive {
            name: String::new(),
            hash: hash as u32,
            line_start: self.line_start as u32,
            end: 0,
            end_with_newline: 0,
            first_token: self.out.tokens.len() as u32,
            end_token: 0,
        });
        self.directive = Some(idx);
        self.at_line_start = false;
        // Read the name now so `#include <…>` can lex its header name.
        let mut p = self.pos;
        while p < self.src.len() && matches!(self.src[p], b' ' | b'\t') {
            p += 1;
        }
        let name_start = p;
        while p < self.src.len() && is_ident_continue(self.src[p]) {
            p += 1;
        }
        self.out.directives[idx].name =
            String::from_utf8_lossy(&self.src[name_start..p]).into_owned();
    }

    fn header_name(&mut self, close: u8) {
        let s = self.pos;
        self.pos += 1;
        while self.pos < self.src.len()
            && self.src[self.pos] != close
            && self.src[self.pos] != b'\n'
        {
            self.pos += 1;
        }
        if self.pos < self.src.len() && self.src[self.pos] == close {
            self.pos += 1;
        }
        self.push(TokenKind::HeaderName, s, false);
    }

    fn number(&mut self) {
        let s = self.pos;
        let src = self.src;
        self.pos += 1;
        loop {
            let b = self.peek(0);
            if (b == b'+' || b == b'-') && matches!(src[self.pos - 1], b'e' | b'E' | b'p' | b'P') {
                self.pos += 1;
            } else if b == b'\'' && is_ident_continue(self.peek(1)) {
                self.pos += 2; // digit separator
            } else if is_ident_continue(b) || b == b'.' {
                self.pos += 1;
            } else if splice_len(src, self.pos) > 0 {
                self.pos += splice_len(src, self.pos);
            } else {
                break;
            }
        }
        self.push(TokenKind::Number, s, false);
    }

    fn ident_or_prefixed_literal(&mut self) {
        let s = self.pos;
        let src = self.src;
        let mut spliced = false;
        // The hot loop of the lexer: a local position, runs of word bytes
        // first, a splice only where a run stops.
        let mut pos = self.pos;
        loop {
            while pos < src.len() && is_ident_continue(src[pos]) {
                pos += 1;
            }
            let n = splice_len(src, pos);
            if n > 0 && src.get(pos + n).is_some_and(|&b| is_ident_continue(b)) {
                pos += n;
                spliced = true;
            } else {
                break;
            }
        }
        self.pos = pos;
        let word = &src[s..self.pos];
        let next = self.peek(0);
        if !spliced && (next == b'"' || next == b'\'') {
            let (prefix, raw) = match word {
                b"R" | b"LR" | b"uR" | b"UR" | b"u8R" => (true, true),
                b"L" | b"u" | b"U" | b"u8" => (true, false),
                _ => (false, false),
            };
            if prefix {
                if next == b'"' {
                    self.string(s, raw);
                } else if !raw {
                    self.char_lit(s);
                } else {
                    self.push(TokenKind::Ident, s, false);
                }
                return;
            }
        }
        self.push(TokenKind::Ident, s, spliced);
        if self.directive.is_some() && self.out.tokens.len() == 1 + self.first_directive_token() {
            // The directive name itself: `#include "x.h"` lexes its header name.
            if matches!(word, b"include" | b"include_next" | b"import") {
                while matches!(self.peek(0), b' ' | b'\t') {
                    self.pos += 1;
                }
                if self.peek(0) == b'"' {
                    self.header_name(b'"');
                }
            }
        }
    }

    fn first_directive_token(&self) -> usize {
        self.directive
            .map_or(usize::MAX, |d| self.out.directives[d].first_token as usize)
    }

    /// A string literal starting at `start` (which may be a prefix); `self.pos` is at `"`.
    fn string(&mut self, start: usize, raw: bool) {
        let src = self.src;
        if raw {
            // R"delim( … )delim"
            let open = self.pos + 1;
            let mut p = open;
            while p < src.len() && src[p] != b'(' && p - open <= 16 && src[p] != b'\n' {
                p += 1;
            }
            if p < src.len() && src[p] == b'(' {
                let delim = &src[open..p];
                let mut close = Vec::with_capacity(delim.len() + 2);
                close.push(b')');
                close.extend_from_slice(delim);
                close.push(b'"');
                match memchr::memmem::find(&src[p + 1..], &close) {
                    Some(i) => self.pos = p + 1 + i + close.len(),
                    None => {
                        self.out.unterminated.push(Unterminated {
                            kind: UnterminatedKind::RawString,
                            start: start as u32,
                            end: p as u32 + 1,
                        });
                        self.pos = src.len();
                    }
                }
                self.push(TokenKind::Str, start, false);
                return;
            }
        }
        self.pos += 1;
        self.quoted(b'"');
        self.push(TokenKind::Str, start, false);
    }

    fn char_lit(&mut self, start: usize) {
        self.pos += 1;
        self.quoted(b'\'');
        self.push(TokenKind::Char, start, false);
    }

    /// Advances past the closing quote; stops at an unspliced newline.
    fn quoted(&mut self, quote: u8) {
        let src = self.src;
        while self.pos < src.len() {
            match src[self.pos] {
                b'\\' => {
                    let n = splice_len(src, self.pos);
                    self.pos += if n > 0 { n } else { 2 };
                }
                b'\n' => return,
                b'\r' if self.peek(1) != b'\n' => return,
                b if b == quote => {
                    self.pos += 1;
                    return;
                }
                _ => self.pos += 1,
            }
        }
        self.pos = self.pos.min(src.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(TokenKind, &str)> {
        let l = lex(src.as_bytes());
        l.tokens.iter().map(|t| (t.kind, &src[t.range()])).collect()
    }

    #[test]
    fn comments_and_strings_are_not_identifiers() {
        let k = kinds("a /* cudaMalloc */ b // cudaFree\n\"cudaMemcpy\" 'c' R\"x(cudaX)\" )x\"");
        assert_eq!(
            k,
            vec![
                (TokenKind::Ident, "a"),
                (TokenKind::Ident, "b"),
                (TokenKind::Str, "\"cudaMemcpy\""),
                (TokenKind::Char, "'c'"),
                (TokenKind::Str, "R\"x(cudaX)\" )x\""),
            ]
        );
    }

    #[test]
    fn include_header_names() {
        let src = "#include <cuda_runtime.h>\n#  include \"my/cuda.h\" // c\nint x;";
        let l = lex(src.as_bytes());
        assert_eq!(l.directives.len(), 2);
        assert_eq!(l.directives[0].name, "include");
        assert_eq!(l.directives[1].name, "include");
        let hn: Vec<_> = l
            .tokens
            .iter()
            .filter(|t| t.kind == TokenKind::HeaderName)
            .map(|t| &src[t.range()])
            .collect();
        assert_eq!(hn, vec!["<cuda_runtime.h>", "\"my/cuda.h\""]);
        assert!(!l.tokens.last().unwrap().in_directive());
    }

    #[test]
    fn directives_continue_over_splices() {
        let src = "#define F(x) \\\n  cudaFree(x)\nint y;";
        let l = lex(src.as_bytes());
        let free = l
            .tokens
            .iter()
            .find(|t| &src[t.range()] == "cudaFree")
            .unwrap();
        assert!(free.in_directive());
        let y = l.tokens.iter().find(|t| &src[t.range()] == "y").unwrap();
        assert!(!y.in_directive());
    }

    #[test]
    fn numbers_with_separators_and_exponents() {
        let k = kinds("1'000'000 0xffffffffu 1.5e-3f .5");
        assert!(k.iter().all(|(k, _)| *k == TokenKind::Number));
        assert_eq!(k.len(), 4);
    }

    #[test]
    fn spliced_identifier() {
        let src = "cuda\\\nMalloc(p)";
        let l = lex(src.as_bytes());
        assert!(l.tokens[0].spliced);
        assert_eq!(
            despliced(&src.as_bytes()[l.tokens[0].range()]),
            b"cudaMalloc"
        );
    }

    #[test]
    fn lone_cr_ends_lines() {
        let src = "// c\rcudaFree(p);\r#include <cuda.h>\rint x;";
        let k = kinds(src);
        assert_eq!(k[0], (TokenKind::Ident, "cudaFree"));
        let l = lex(src.as_bytes());
        assert_eq!(l.directives.len(), 1);
        assert!(!l.tokens.last().unwrap().in_directive());
    }

    #[test]
    fn unterminated_comments_and_raw_strings_are_recorded() {
        let src = "a /* b */ R\"x(c)x\" d /* e";
        let l = lex(src.as_bytes());
        assert_eq!(
            l.unterminated,
            vec![Unterminated {
                kind: UnterminatedKind::BlockComment,
                start: 21,
                end: 23
            }]
        );
        let src = "u8R\"x(c)\"\n";
        let l = lex(src.as_bytes());
        assert_eq!(
            l.unterminated,
            vec![Unterminated {
                kind: UnterminatedKind::RawString,
                start: 0,
                end: 6
            }]
        );
        // Ordinary literals end at the end of their line.
        assert!(lex(b"\"abc\n'x\n\"d").unterminated.is_empty());
    }

    #[test]
    fn line_comments_end_at_unspliced_line_ends() {
        fn comment_and_next(src: &str) -> ((u32, u32), &str) {
            let l = lex(src.as_bytes());
            let t = l.tokens.last().unwrap();
            (l.comments[0], &src[t.range()])
        }
        assert_eq!(comment_and_next("a // x\\\ny\nz"), ((2, 9), "z"));
        assert_eq!(comment_and_next("a // x\r\nz"), ((2, 6), "z"));
        assert_eq!(comment_and_next("a // x\\\r\ny\r\nz"), ((2, 10), "z"));
        assert_eq!(comment_and_next("a // x\rz"), ((2, 6), "z"));
        assert_eq!(comment_and_next("a // x\\\ry\nz"), ((2, 9), "z"));
        assert_eq!(lex(b"a // x").comments, vec![(2, 6)]);
    }

    #[test]
    fn unterminated_things_do_not_panic() {
        for src in ["\"abc", "/* abc", "'", "R\"x(abc", "#include <abc", "#"] {
            let _ = lex(src.as_bytes());
        }
    }

    #[test]
    fn non_utf8_bytes_pass() {
        let src = b"int caf\xe9 = 1; // \xff\xfe\n";
        let l = lex(src);
        assert_eq!(l.tokens.len(), 5);
    }
}
