//! `--diff`: a unified diff of a file's translation, and its colours.

use std::path::Path;

/// A unified diff of the raw bytes (similar's own writer would turn bytes
/// that are not UTF-8 into U+FFFD, and `patch` would then reject the hunk).
pub fn unified(path: &Path, old: &[u8], new: &[u8]) -> Vec<u8> {
    let diff = similar::TextDiff::from_lines(old, new);
    let name = path.display().to_string();
    let mut out = format!("--- a/{name}\n+++ b/{name}\n").into_bytes();
    // `-start,len` as diff writes it: 1-based; the line before for len 0.
    let range = |r: std::ops::Range<usize>| match r.len() {
        1 => format!("{}", r.start + 1),
        0 => format!("{},0", r.start),
        n => format!("{},{n}", r.start + 1),
    };
    for group in diff.grouped_ops(3) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else {
            continue;
        };
        let old_lines = first.old_range().start..last.old_range().end;
        let new_lines = first.new_range().start..last.new_range().end;
        out.extend(format!("@@ -{} +{} @@\n", range(old_lines), range(new_lines)).bytes());
        for op in &group {
            for change in diff.iter_changes(op) {
                out.push(match change.tag() {
                    similar::ChangeTag::Equal => b' ',
                    similar::ChangeTag::Delete => b'-',
                    similar::ChangeTag::Insert => b'+',
                });
                out.extend_from_slice(change.value());
                if change.missing_newline() {
                    out.extend_from_slice(b"\n\\ No newline at end of file\n");
                }
            }
        }
    }
    out
}

/// A unified diff with ANSI colours: removals red, additions green, hunk
/// headers cyan, file headers bold.
pub fn colorize(diff: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(diff.len() + diff.len() / 8);
    for line in diff.split_inclusive(|&b| b == b'\n') {
        let style: &[u8] = if line.starts_with(b"+++") || line.starts_with(b"---") {
            b"\x1b[1m"
        } else if line.starts_with(b"+") {
            b"\x1b[32m"
        } else if line.starts_with(b"-") {
            b"\x1b[31m"
        } else if line.starts_with(b"@@") {
            b"\x1b[36m"
        } else {
            b""
        };
        if style.is_empty() {
            out.extend_from_slice(line);
            continue;
        }
        let (body, nl) = match line.strip_suffix(b"\n") {
            Some(b) => (b, &b"\n"[..]),
            None => (line, &b""[..]),
        };
        out.extend_from_slice(style);
        out.extend_from_slice(body);
        out.extend_from_slice(b"\x1b[0m");
        out.extend_from_slice(nl);
    }
    out
}
