//! SARIF 2.1.0 (`--format sarif`), as GitHub code scanning accepts it: one
//! run, the rule list from the code registry, one result per diagnostic with
//! its region (columns in Unicode code points, as declared), and fixes as
//! `artifactChanges` with byte-offset regions.

use std::io::{self, Write};

use serde_json::{Value, json};

use super::{FileReport, display_path};
use crate::diagnostic::{Code, Severity};
use crate::source::LineIndex;

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
        Severity::Off => "none",
    }
}

/// A relative URI for a path (forward slashes, spaces and `%` escaped).
fn uri(path: &std::path::Path) -> String {
    display_path(path)
        .replace('%', "%25")
        .replace(' ', "%20")
        .replace('#', "%23")
}

/// 1-based line and column in Unicode code points of `offset`.
fn line_col_chars(index: &LineIndex, src: &[u8], offset: usize) -> (usize, usize) {
    let (line, _) = index.line_col(offset);
    let start = index.line_range(src, line).start;
    let prefix = &src[start..offset.min(src.len()).max(start)];
    (line, String::from_utf8_lossy(prefix).chars().count() + 1)
}

/// The SARIF results of one file (rendered where the file's bytes are at hand).
pub fn results(f: &FileReport<'_>) -> Vec<Value> {
    let mut results = Vec::new();
    let index = LineIndex::new(f.source);
    let file_uri = uri(f.path);
    for d in &f.translation.diagnostics {
        let (start_line, start_col) = line_col_chars(&index, f.source, d.range.start);
        let (end_line, end_col) = line_col_chars(&index, f.source, d.range.end);
        let rule_index = Code::ALL.iter().position(|c| *c == d.code).unwrap_or(0);
        let mut text = d.message.clone();
        if let Some(h) = &d.help {
            text = format!("{text}\nhelp: {h}");
        }
        let mut result = json!({
            "ruleId": d.code.info().id,
            "ruleIndex": rule_index,
            "level": level(d.severity),
            "message": {"text": text},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": file_uri},
                    "region": {
                        "startLine": start_line,
                        "startColumn": start_col,
                        "endLine": end_line,
                        "endColumn": end_col.max(if end_line == start_line { start_col } else { 1 }),
                        "byteOffset": d.range.start,
                        "byteLength": d.range.len(),
                    }
                }
            }],
        });
        if let Some(fix) = &d.fix {
            result["fixes"] = json!([{
                "description": {"text": fix.title},
                "artifactChanges": [{
                    "artifactLocation": {"uri": file_uri},
                    "replacements": fix.edits.iter().map(|e| json!({
                        "deletedRegion": {"byteOffset": e.range.start, "byteLength": e.range.len()},
                        "insertedContent": {"text": e.text},
                    })).collect::<Vec<_>>(),
                }],
            }]);
        }
        results.push(result);
    }
    results
}

/// Writes the whole SARIF log, given every file's [`results`] in path order.
pub fn write(out: &mut (impl Write + ?Sized), results: Vec<Value>) -> io::Result<()> {
    let rules: Vec<Value> = Code::ALL
        .iter()
        .map(|c| {
            let i = c.info();
            json!({
                "id": i.id,
                "name": i.name,
                "shortDescription": {"text": i.summary},
                "fullDescription": {"text": i.summary},
                "help": {"text": i.explanation, "markdown": i.explanation},
                "defaultConfiguration": {"level": level(i.default_severity)},
            })
        })
        .collect();
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "hipify-rs",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://github.com/hipify-rs/hipify-rs",
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    let text = serde_json::to_string_pretty(&log).map_err(io::Error::other)?;
    writeln!(out, "{text}")
}
