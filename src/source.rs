//! Facts about a file's bytes that rendering needs: line starts (byte ↔
//! line/column), BOM and line-ending style. The bytes themselves are never
//! decoded or normalised.

/// Byte offset ↔ 1-based line and column.
#[derive(Debug, Clone)]
pub struct LineIndex {
    line_starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `src`.
    pub fn new(src: &[u8]) -> LineIndex {
        let mut line_starts = vec![0];
        line_starts.extend(memchr::memchr_iter(b'\n', src).map(|i| i + 1));
        LineIndex { line_starts }
    }

    /// 1-based line and 1-based byte column of `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        (line + 1, offset - self.line_starts[line] + 1)
    }

    /// Byte range of 1-based `line`, without its line terminator.
    pub fn line_range(&self, src: &[u8], line: usize) -> std::ops::Range<usize> {
        let start = self.line_starts[line - 1];
        let mut end = self
            .line_starts
            .get(line)
            .map_or(src.len(), |&next| next - 1);
        if end > start && src.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        start..end
    }
}

/// Length of a UTF-8 byte-order mark at the start of `src` (0 or 3).
pub fn bom_len(src: &[u8]) -> usize {
    if src.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    }
}

/// The file's line ending, judged by its first line: `"\r\n"` or `"\n"`.
pub fn line_ending(src: &[u8]) -> &'static str {
    match memchr::memchr(b'\n', src) {
        Some(i) if i > 0 && src[i - 1] == b'\r' => "\r\n",
        _ => "\n",
    }
}

/// Whether the bytes look binary (a NUL byte in the first 8 KiB), as git judges.
pub fn looks_binary(src: &[u8]) -> bool {
    memchr::memchr(0, &src[..src.len().min(8192)]).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col() {
        let idx = LineIndex::new(b"ab\ncd\r\nef");
        assert_eq!(idx.line_col(0), (1, 1));
        assert_eq!(idx.line_col(3), (2, 1));
        assert_eq!(idx.line_col(8), (3, 2));
        assert_eq!(idx.line_range(b"ab\ncd\r\nef", 2), 3..5);
    }
}
