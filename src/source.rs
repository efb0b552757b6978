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

    /// The 1-based lines of `offsets`, which must ascend: one walk over
    /// the lines, not a search per offset (a file's every token).
    pub fn lines_of_ascending(
        &self,
        offsets: impl Iterator<Item = usize>,
    ) -> impl Iterator<Item = usize> {
        let mut line = 0;
        offsets.map(move |o| {
            while self.line_starts.get(line + 1).is_some_and(|&s| s <= o) {
                line += 1;
            }
            line + 1
        })
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

/// The file's line ending, judged by its first line: `"\r\n"`, `"\n"`, or
/// `"\r"` (old Mac files).
pub fn line_ending(src: &[u8]) -> &'static str {
    match memchr::memchr2(b'\n', b'\r', src) {
        Some(i) if src[i] == b'\r' && src.get(i + 1) == Some(&b'\n') => "\r\n",
        Some(i) if src[i] == b'\r' => "\r",
        _ => "\n",
    }
}

/// Whether the bytes look binary, judged by the first 8 KiB: a NUL byte (as
/// git judges), or more than 30% of the bytes not text: control bytes other
/// than tab, line feed, vertical tab, form feed, carriage return and escape,
/// plus bytes that are not part of valid UTF-8. Latin-1 or Windows-1252 text
/// stays far below that (its accented letters are a few percent of a source
/// file), so it is translated; images, archives and object files are not.
pub fn looks_binary(src: &[u8]) -> bool {
    // Per byte, 1 for a control byte that is not text.
    static NOT_TEXT: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut b = 0;
        while b < 0x20 {
            t[b] = !matches!(b as u8, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | 0x1b) as u8;
            b += 1;
        }
        t[0x7f] = 1;
        t
    };
    let sample = &src[..src.len().min(8192)];
    if memchr::memchr(0, sample).is_some() {
        return true;
    }
    let controls: u32 = sample
        .iter()
        .map(|&b| u32::from(NOT_TEXT[usize::from(b)]))
        .sum();
    let mut not_utf8 = 0;
    let mut rest = sample;
    while let Err(e) = std::str::from_utf8(rest) {
        match e.error_len() {
            Some(n) => {
                not_utf8 += n;
                rest = &rest[e.valid_up_to() + n..];
            }
            // A sequence cut by the 8 KiB limit.
            None => break,
        }
    }
    (controls as usize + not_utf8) * 10 > sample.len() * 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_ascending_offsets_are_their_line_cols() {
        let src = b"ab\ncd\r\n\n\nef";
        let idx = LineIndex::new(src);
        let offsets = [0, 0, 1, 2, 3, 7, 8, 9, 10, 11];
        let walked: Vec<usize> = idx.lines_of_ascending(offsets.into_iter()).collect();
        let searched: Vec<usize> = offsets.iter().map(|&o| idx.line_col(o).0).collect();
        assert_eq!(walked, searched);
    }

    #[test]
    fn line_col() {
        let idx = LineIndex::new(b"ab\ncd\r\nef");
        assert_eq!(idx.line_col(0), (1, 1));
        assert_eq!(idx.line_col(3), (2, 1));
        assert_eq!(idx.line_col(8), (3, 2));
        assert_eq!(idx.line_range(b"ab\ncd\r\nef", 2), 3..5);
    }
}
