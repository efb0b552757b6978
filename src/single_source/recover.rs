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
                let hip = src[line_after(d.end_with_newline as usize)..hip_end].to_vec();
                let cuda = cuda.map_or(hip_end..hip_end, |c| line_after(c.start)..c.end);
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
                if let Some(cuda) = cuda_side(cond, prefix.len() - 1) {
                    let name = lx.tokens[d.first_token as usize];
                    r.copy(src, pos..name.end as usize);
                    r.text.push(b' ');
                    r.copy(src, cond_start + cuda.start..cond_start + cuda.end);
                    pos = cond_start + cuda.end + 1;
                }
            }
        }
        i += 1;
    }
    r.copy(src, pos..src.len());
    r
}

/// In `(HIP) ? (hip) : (cuda)…`, with `open` the offset of the `(` before
/// `hip`: the range of `cuda` (inside its parentheses).
fn cuda_side(cond: &[u8], open: usize) -> Option<std::ops::Range<usize>> {
    let close = matching(cond, open)?;
    let rest = &cond[close + 1..];
    let colon = rest.iter().position(|b| !b.is_ascii_whitespace())?;
    if rest[colon] != b':' {
        return None;
    }
    let after = close + 1 + colon + 1;
    let open2 = after
        + cond[after..]
            .iter()
            .position(|b| !b.is_ascii_whitespace())?;
    if cond[open2] != b'(' {
        return None;
    }
    let close2 = matching(cond, open2)?;
    Some(open2 + 1..close2)
}

/// The `)` matching the `(` at `open`.
fn matching(text: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, b) in text.iter().enumerate().skip(open) {
        match b {
            b'(' => depth += 1,
            b')' => {
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
