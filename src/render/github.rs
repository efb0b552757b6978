//! GitHub Actions workflow commands: one `::error|warning|notice` line per
//! diagnostic, which the Actions UI shows as an annotation on the diff.

use std::io::{self, Write};

use super::{FileReport, display_path};
use crate::diagnostic::Severity;
use crate::source::LineIndex;

/// Escapes a message (data) as the workflow-command syntax requires.
fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value (also `:` and `,`).
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// Prints one file's diagnostics as workflow commands.
pub fn diagnostics(out: &mut (impl Write + ?Sized), file: &FileReport<'_>) -> io::Result<()> {
    let index = LineIndex::new(file.source);
    let path = escape_property(&display_path(file.path));
    for d in &file.translation.diagnostics {
        let kind = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            _ => "notice",
        };
        let (line, col) = index.line_col(d.range.start);
        let (end_line, end_col) = index.line_col(d.range.end);
        let info = d.code.info();
        let mut message = d.message.clone();
        if let Some(h) = &d.help {
            message = format!("{message}\nhelp: {h}");
        }
        writeln!(
            out,
            "::{kind} file={path},line={line},col={col},endLine={end_line},endColumn={end_col},title={}::{}",
            escape_property(&format!("{} ({})", info.id, info.name)),
            escape_data(&message)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(escape_data("50%\nnext"), "50%25%0Anext");
        assert_eq!(escape_property("a:b,c"), "a%3Ab%2Cc");
    }
}
