//! Reading a file the mode wrote before: the CUDA text it came from (each
//! block's `#else` branch, each `(HIP) ? (…) : (cuda)` condition's CUDA
//! side), with a map from that text's bytes back to the file's, and the
//! HIP branches as they stand now, so that a project's edits to one are
//! kept while its CUDA branch is unchanged.

use std::collections::{HashMap, VecDeque};

use super::conditionals::Groups;
use super::{HIP_GUARD, MARK};
use crate::lex;

/// The CUDA text under a file.
pub(super) struct Recovered {
    /// The CUDA text (the file itself where the mode never wrote it).
    pub(super) text: Vec<u8>,
    /// `(start in text, start in the file)` of each run of bytes copied,
    /// sorted; text between runs was written here (a directive's name).
    runs: Vec<(usize, usize)>,
    /// CUDA branch → its HIP branches, in file order, of every block
    /// found with a CUDA branch (a block that only adds lines is written
    /// anew each run).
    pub(super) branches: HashMap<Vec<u8>, VecDeque<Vec<u8>>>,
}

impl Recovered {
    /// The file's byte for byte `pos` of the text.
    pub(super) fn to_file(&self, pos: usize) -> usize {
        let k = self.runs.partition_point(|r| r.0 <= pos);
        match k.checked_sub(1) {
            Some(i) => self.runs[i].1 + (pos - self.runs[i].0),
            None => pos,
        }
    }

    fn copy(&mut self, src: &[u8], range: std::ops::Range<usize>) {
        self.runs.push((self.text.len(), range.start));
        self.text.extend_from_slice(&src[range]);
    }
}

/// The guard's `#if` line as the mode writes it, without blanks.
fn guard_line() -> Vec<u8> {
    squeeze(format!("#if {HIP_GUARD} {MARK}").as_bytes())
}

fn squeeze(b: &[u8]) -> Vec<u8> {
    b.iter()
        .copied()
        .filter(|c| !c.is_ascii_whitespace())
        .collect()
}

/// The length of a branch's text `side` without the line of the mark the
/// mode puts after it: after a last line that ends in a backslash (the
/// mark takes the splice that would join the `#else` or `#endif` to that
/// line), and after a last line that is the mark itself and would be read
/// as one (a branch whose own text ends so). [`needs_mark`] is the writer's
/// half: a branch read back is the branch written.
pub(super) fn without_mark(side: &[u8]) -> usize {
    let Some((before, _)) = last_line(side).filter(|(_, l)| *l == MARK.as_bytes()) else {
        return side.len();
    };
    match last_line(&side[..before]) {
        Some((_, l)) if l.ends_with(b"\\") || l == MARK.as_bytes() => before,
        _ => side.len(),
    }
}

/// Whether a branch's text `side` (ending in a line ending) takes a line
/// of the mark after it; see [`without_mark`].
pub(super) fn needs_mark(side: &[u8]) -> bool {
    last_line(side).is_some_and(|(_, l)| l.ends_with(b"\\")) || without_mark(side) < side.len()
}

/// Where the last line of `text` (which ends in a line ending) starts, and
/// the line without its ending.
fn last_line(text: &[u8]) -> Option<(usize, &[u8])> {
    let body = [&b"\r\n"[..], b"\n", b"\r"]
        .iter()
        .find_map(|nl| text.strip_suffix(*nl))?;
    let start = body
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |p| p + 1);
    Some((start, &body[start..]))
}

/// The prefix of a condition the mode rewrote: `(HIP) ? (`.
pub(super) fn ternary_prefix() -> String {
    format!("({HIP_GUARD}) ? (")
}

/// The CUDA text under `src`.
pub(super) fn recover(src: &[u8]) -> Recovered {
    let mut r = Recovered {
        text: Vec::new(),
        runs: Vec::new(),
        branches: HashMap::new(),
    };
    if memchr::memmem::find(src, b"__HIP_PLATFORM_NVIDIA__").is_none() {
        r.copy(src, 0..src.len());
        return r;
    }
    let lx = lex::lex(src);
    let groups = Groups::of(&lx);
    let guard = guard_line();
    let prefix = ternary_prefix();
    let mut pos = 0;
    let mut i = 0;
    while i < lx.directives.len() {
        let d = &lx.directives[i];
        if (d.hash as usize) < pos {
            i += 1;
            continue;
        }
        let line = &src[d.hash as usize..d.end as usize];
        if d.name == "if" && squeeze(line) == guard {
            if let Some((_, end)) = groups.of[i] {
                // The block's #else, if any: the group's member right after the #if.
                let members: Vec<usize> = (i + 1..end)
                    .filter(|&k| groups.of[k].is_some_and(|g| g.0 == i))
                    .collect();
                let (hip_end, cuda) = match members.as_slice() {
                    [] => (lx.directives[end].line_start as usize, None),
                    [e] if lx.directives[*e].name == "else" => (
                        lx.directives[*e].line_start as usize,
                        Some(
                            lx.directives[*e].end_with_newline as usize
                                ..lx.directives[end].line_start as usize,
                        ),
                    ),
                    // An #elif: not a block this mode wrote.
                    _ => {
                        i += 1;
                        continue;
                    }
                };
                r.copy(src, pos..d.line_start as usize);
                // The `#line` each side starts with, and the one after the
                // block, are the mode's too.
                let line_after = |at: usize| {
                    lx.directives
                        .iter()
                        .find(|l| l.line_start as usize == at && l.name == "line")
                        .map_or(at, |l| l.end_with_newline as usize)
                };
                let hip = &src[line_after(d.end_with_newline as usize)..hip_end];
                let hip = hip[..without_mark(hip)].to_vec();
                let cuda = cuda.map_or(hip_end..hip_end, |c| {
                    let side = line_after(c.start)..c.end;
                    side.start..side.start + without_mark(&src[side])
                });
                if !cuda.is_empty() {
                    r.branches
                        .entry(src[cuda.clone()].to_vec())
                        .or_default()
                        .push_back(hip);
                }
                r.copy(src, cuda);
                pos = line_after(lx.directives[end].end_with_newline as usize);
                i = end + 1;
                continue;
            }
        }
        if matches!(d.name.as_str(), "if" | "elif") && d.first_token + 1 < d.end_token {
            let cond_start = lx.tokens[d.first_token as usize + 1].start as usize;
            let cond = &src[cond_start..d.end as usize];
            if cond.starts_with(prefix.as_bytes()) {
                let tokens = &lx.tokens[d.first_token as usize + 1..d.end_token as usize];
                let open = cond_start + prefix.len() - 1;
                if let Some(cuda) = cuda_side(src, tokens, open) {
                    // The directive's name and what parts it from the
                    // condition, then the condition's CUDA side.
                    r.copy(src, pos..cond_start);
                    r.copy(src, cuda.clone());
                    pos = cuda.end + 1;
                }
            }
        }
        i += 1;
    }
    r.copy(src, pos..src.len());
    r
}

/// In `(HIP) ? (hip) : (cuda)…`, a condition's `tokens`, with `open` the
/// byte of the `(` before `hip`: the bytes of `cuda` (inside its
/// parentheses). Read by tokens, as the lexer reads the condition: a
/// parenthesis in a literal or a comment (`#if X == ')'`) is none.
fn cuda_side(src: &[u8], tokens: &[lex::Token], open: usize) -> Option<std::ops::Range<usize>> {
    let is = |k: usize, p: &[u8]| tokens.get(k).is_some_and(|t| &src[t.range()] == p);
    let open = tokens.iter().position(|t| t.start as usize == open)?;
    let close = matching(src, tokens, open)?;
    if !is(close + 1, b":") || !is(close + 2, b"(") {
        return None;
    }
    let close2 = matching(src, tokens, close + 2)?;
    Some(tokens[close + 2].end as usize..tokens[close2].start as usize)
}

/// The `)` token matching the `(` token at `open`.
fn matching(src: &[u8], tokens: &[lex::Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        match &src[t.range()] {
            b"(" => depth += 1,
            b")" => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every branch, written with the mark where the writer puts one, reads
    /// back as itself.
    #[test]
    fn a_branch_written_reads_back_as_itself() {
        let lines = [
            "x = 1;",
            "#define A \\",
            "// hipify-rs",
            "// hipify-rs \\",
            "",
        ];
        for nl in ["\n", "\r\n", "\r"] {
            for a in lines {
                for b in lines {
                    for c in lines {
                        let side = format!("{a}{nl}{b}{nl}{c}{nl}").into_bytes();
                        let mut written = side.clone();
                        if needs_mark(&side) {
                            written.extend_from_slice(format!("{MARK}{nl}").as_bytes());
                        }
                        assert_eq!(without_mark(&written), side.len(), "{side:?}");
                    }
                }
            }
        }
    }
}
