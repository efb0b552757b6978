//! rustc-like diagnostics: `warning[HIP-W001]: message`, the source line with
//! a caret under the finding, and help (annotate-snippets does the layout).

use std::io::{self, Write};

use annotate_snippets::{Level, Renderer, Snippet};

use super::{FileReport, display_path};
use crate::diagnostic::{Applicability, Severity};
use crate::source::LineIndex;

fn level(s: Severity) -> Level {
    match s {
        Severity::Error => Level::Error,
        Severity::Warning => Level::Warning,
        _ => Level::Note,
    }
}

/// Prints one file's diagnostics.
pub fn diagnostics(
    out: &mut (impl Write + ?Sized),
    file: &FileReport<'_>,
    color: bool,
) -> io::Result<()> {
    let t = file.translation;
    if t.diagnostics.is_empty() {
        return Ok(());
    }
    let index = LineIndex::new(file.source);
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let path = display_path(file.path);
    for d in &t.diagnostics {
        let (line, _) = index.line_col(d.range.start);
        let (end_line, _) = index.line_col(d.range.end.max(d.range.start + 1) - 1);
        // The lines the finding spans, as text (bytes that are not UTF-8 become U+FFFD).
        let first = index.line_range(file.source, line);
        let last = index.line_range(file.source, end_line.min(line + 8));
        let text = String::from_utf8_lossy(&file.source[first.start..last.end]);
        let rel = |offset: usize| {
            let offset = offset.clamp(first.start, last.end);
            String::from_utf8_lossy(&file.source[first.start..offset]).len()
        };
        let span = rel(d.range.start)..rel(d.range.end).max(rel(d.range.start));
        let id = d.code.info().id;
        let mut footer = Vec::new();
        let help_text;
        if let Some(h) = &d.help {
            help_text = h.clone();
            footer.push(Level::Help.title(&help_text));
        }
        let fix_text;
        if let Some(f) = &d.fix {
            fix_text = match f.applicability {
                Applicability::Safe => format!("fix available with --fix: {}", f.title),
                Applicability::Required => format!("fix applied by translation: {}", f.title),
                Applicability::DisplayOnly => format!("suggestion: {}", f.title),
            };
            footer.push(Level::Note.title(&fix_text));
        }
        let message = level(d.severity)
            .title(&d.message)
            .id(id)
            .snippet(
                Snippet::source(&text)
                    .line_start(line)
                    .origin(&path)
                    .fold(false)
                    .annotation(level(d.severity).span(span)),
            )
            .footers(footer);
        writeln!(out, "{}\n", renderer.render(message))?;
    }
    Ok(())
}

/// `--statistics`: `COUNT  CODE  name` per code, largest first (ruff's
/// `--statistics`).
pub fn statistics(out: &mut (impl Write + ?Sized), s: &super::Summary) -> io::Result<()> {
    let rows = s.statistics();
    let width = rows.first().map_or(1, |r| r.0.to_string().len());
    for (count, code) in rows {
        let i = code.info();
        writeln!(out, "{count:>width$}\t{}\t{}", i.id, i.name)?;
    }
    Ok(())
}
