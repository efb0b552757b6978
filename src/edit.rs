//! Byte-range edits against the original text, and their application.
//!
//! Every rewrite is an [`Edit`] over the *original* bytes; nothing is re-parsed
//! between edits. [`apply`] copies the bytes between edits verbatim, so
//! everything outside an edit (encodings, line endings, BOMs, tabs) is kept.

use std::borrow::Cow;
use std::ops::Range;

/// Replace `range` of the original bytes with `text` (empty range: insert).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// Bytes of the original replaced.
    pub range: Range<usize>,
    /// The replacement: most are names from the mapping tables, borrowed
    /// (no allocation per rename).
    pub text: Cow<'static, str>,
}

impl Edit {
    /// Replaces `range` with `text`.
    pub fn replace(range: Range<usize>, text: impl Into<Cow<'static, str>>) -> Edit {
        Edit {
            range,
            text: text.into(),
        }
    }

    /// Inserts `text` at `at`.
    pub fn insert(at: usize, text: impl Into<Cow<'static, str>>) -> Edit {
        Edit {
            range: at..at,
            text: text.into(),
        }
    }

    /// Deletes `range`.
    pub fn delete(range: Range<usize>) -> Edit {
        Edit {
            range,
            text: Cow::Borrowed(""),
        }
    }

    /// Whether two edits touch the same bytes. Insertions at the boundary of a
    /// replacement do not overlap it.
    pub fn overlaps(&self, other: &Edit) -> bool {
        let (a, b) = (&self.range, &other.range);
        if a.is_empty() && b.is_empty() {
            return false;
        }
        if a.is_empty() {
            return b.start < a.start && a.start < b.end;
        }
        if b.is_empty() {
            return a.start < b.start && b.start < a.end;
        }
        a.start < b.end && b.start < a.end
    }
}

/// Sorts edits by position (stably, so insertions at one point keep their
/// order and come before a replacement starting there) and drops any edit that
/// overlaps one accepted before it. Returns the accepted edits and the dropped ones.
pub fn normalize(mut edits: Vec<Edit>) -> (Vec<Edit>, Vec<Edit>) {
    edits.sort_by_key(|e| (e.range.start, !e.range.is_empty()));
    let mut accepted: Vec<Edit> = Vec::with_capacity(edits.len());
    let mut dropped = Vec::new();
    for e in edits {
        // Edits are sorted by start; only the last accepted few can overlap.
        let clash = accepted
            .iter()
            .rev()
            .take_while(|a| a.range.end >= e.range.start)
            .any(|a| a.overlaps(&e) || (a.range == e.range && !e.range.is_empty()));
        if clash {
            dropped.push(e);
        } else {
            accepted.push(e);
        }
    }
    (accepted, dropped)
}

/// Applies sorted, non-overlapping edits (from [`normalize`]) to `src`.
pub fn apply(src: &[u8], edits: &[Edit]) -> Vec<u8> {
    let delta: isize = edits
        .iter()
        .map(|e| e.text.len() as isize - e.range.len() as isize)
        .sum();
    let mut out = Vec::with_capacity((src.len() as isize + delta).max(0) as usize);
    let mut pos = 0;
    for e in edits {
        debug_assert!(e.range.start >= pos, "edits must be sorted and disjoint");
        out.extend_from_slice(&src[pos..e.range.start]);
        out.extend_from_slice(e.text.as_bytes());
        pos = e.range.end;
    }
    out.extend_from_slice(&src[pos..]);
    out
}

/// Renders `src[range]` with the given edits (all inside `range`, sorted) applied.
pub fn render_range(src: &[u8], range: Range<usize>, edits: &[Edit]) -> Vec<u8> {
    let mut out = Vec::with_capacity(range.len());
    let mut pos = range.start;
    for e in edits {
        out.extend_from_slice(&src[pos..e.range.start]);
        out.extend_from_slice(e.text.as_bytes());
        pos = e.range.end;
    }
    out.extend_from_slice(&src[pos..range.end]);
    out
}

/// The ranges of the deleting edits among `edits`, sorted: deleted
/// directives and dropped arguments. No other edit may change text in them.
pub fn deleted_ranges(edits: &[Edit]) -> Vec<Range<usize>> {
    let mut ranges: Vec<Range<usize>> = edits
        .iter()
        .filter(|e| e.text.is_empty() && !e.range.is_empty())
        .map(|e| e.range.clone())
        .collect();
    ranges.sort_by_key(|r| r.start);
    ranges
}

/// `ranges` sorted by start, overlapping ones merged (adjacent ones not: an
/// insertion between them lies in neither), for [`within`].
pub fn merged(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| r.start);
    let mut out: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start < last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

/// Whether bytes `r` lie inside one of `ranges` (sorted by start, disjoint:
/// [`deleted_ranges`], [`merged`]).
pub fn within(ranges: &[Range<usize>], r: &Range<usize>) -> bool {
    let k = ranges.partition_point(|d| d.start <= r.start);
    k > 0 && ranges[k - 1].end >= r.end
}

/// The edits of a text that give what `first` then `second` give: `first`
/// takes the text to `mid`, `second` (sorted, disjoint) takes `mid` further.
/// Where a `second` edit touches text a `first` edit wrote, the two become
/// one edit over the `first` one's bytes of the text.
pub fn compose(first: &[Edit], mid: &[u8], second: &[Edit]) -> Vec<Edit> {
    // Where each `first` edit's text lies in `mid`.
    let mut written: Vec<(Range<usize>, isize)> = Vec::with_capacity(first.len());
    let mut shift: isize = 0;
    for e in first {
        let start = (e.range.start as isize + shift) as usize;
        shift += e.text.len() as isize - e.range.len() as isize;
        written.push((start..start + e.text.len(), shift));
    }
    // The bytes of `mid` either round wrote or replaced, merged where they touch.
    let mut dirty: Vec<Range<usize>> = (written.iter().map(|w| w.0.clone()))
        .chain(second.iter().map(|e| e.range.clone()))
        .collect();
    dirty.sort_by_key(|r| (r.start, r.end));
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(dirty.len());
    for r in dirty {
        match merged.last_mut() {
            Some(m) if r.start <= m.end => m.end = m.end.max(r.end),
            _ => merged.push(r),
        }
    }
    // A position of `mid` outside every written text, back in the text: minus
    // the shift of the `first` edits wholly before it (`at_end`: also those
    // of no width ending there).
    let to_src = |pos: usize, at_end: bool| -> usize {
        let before = written
            .partition_point(|(w, _)| w.end < pos || (w.end == pos && (at_end || w.start < pos)));
        let shift = before.checked_sub(1).map_or(0, |i| written[i].1);
        (pos as isize - shift) as usize
    };
    merged
        .into_iter()
        .map(|m| {
            let inner: Vec<Edit> = second
                .iter()
                .filter(|e| m.start <= e.range.start && e.range.end <= m.end)
                .cloned()
                .collect();
            let text = render_range(mid, m.clone(), &inner);
            Edit::replace(
                to_src(m.start, false)..to_src(m.end, true),
                String::from_utf8_lossy(&text).into_owned(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str, edits: Vec<Edit>) -> (String, usize) {
        let (ok, dropped) = normalize(edits);
        (
            String::from_utf8(apply(src.as_bytes(), &ok)).unwrap(),
            dropped.len(),
        )
    }

    #[test]
    fn replace_insert_delete() {
        let (out, d) = run(
            "abc def ghi",
            vec![
                Edit::replace(4..7, "XYZ"),
                Edit::insert(0, ">"),
                Edit::delete(8..11),
            ],
        );
        assert_eq!(out, ">abc XYZ ");
        assert_eq!(d, 0);
    }

    #[test]
    fn insert_before_replacement_at_same_point() {
        let (out, _) = run(
            "f(x)",
            vec![
                Edit::replace(2..3, "y"),
                Edit::insert(2, "W("),
                Edit::insert(3, ")"),
            ],
        );
        assert_eq!(out, "f(W(y))");
    }

    #[test]
    fn overlapping_edit_is_dropped() {
        let (out, d) = run(
            "abcdef",
            vec![Edit::replace(0..4, "X"), Edit::replace(2..5, "Y")],
        );
        assert_eq!(out, "Xef");
        assert_eq!(d, 1);
    }

    #[test]
    fn adjacent_edits_both_apply() {
        let (out, d) = run(
            "abcd",
            vec![Edit::replace(0..2, "X"), Edit::replace(2..4, "Y")],
        );
        assert_eq!(out, "XY");
        assert_eq!(d, 0);
    }

    #[test]
    fn render_range_applies_inner_edits() {
        let src = b"k<<<grid, cudaStreamX>>>";
        let out = render_range(src, 4..21, &[Edit::replace(10..21, "s")]);
        assert_eq!(out, b"grid, s");
    }

    #[test]
    fn compose_two_rounds() {
        let src = b"aa bb cc dd";
        let first = vec![Edit::replace(3..5, "BBB"), Edit::delete(6..9)];
        let mid = apply(src, &first);
        assert_eq!(mid, b"aa BBB dd");
        // One edit in text the first round wrote, one outside it.
        let second = vec![Edit::replace(0..2, "A"), Edit::replace(4..5, "x")];
        let out = apply(&mid, &second);
        let composed = compose(&first, &mid, &second);
        assert_eq!(apply(src, &composed), out);
        assert_eq!(composed[0].range, 0..2);
        assert_eq!(composed[1].range, 3..5);
        assert_eq!(composed[2].range, 6..9);
    }

    #[test]
    fn compose_keeps_bytes_it_can() {
        let src = b"x = cudaFoo(a);\ny = 1;\n";
        let first = vec![Edit::insert(0, "#inc\n"), Edit::replace(4..11, "hipFoo")];
        let mid = apply(src, &first);
        let second = vec![Edit::replace(mid.len() - 2..mid.len() - 1, ";;")];
        let composed = compose(&first, &mid, &second);
        assert_eq!(apply(src, &composed), apply(&mid, &second));
        assert!(composed.iter().all(|e| e.range.len() < 8));
    }
}
