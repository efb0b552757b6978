//! JSON Lines output (`--format json`): one object per line, each with a
//! `"type"` and a schema `"version"` (currently 1). The schema is stable:
//! fields are only ever added.
//!
//! ```text
//! {"type":"diagnostic","version":1,"path":"src/k.cu","code":"HIP-W001","name":"inline-ptx",
//!  "severity":"error","message":"…","help":"…"|null,
//!  "range":{"start":120,"end":164},                       // bytes in the original file
//!  "start":{"line":9,"column":3},"end":{"line":9,"column":47},  // 1-based; columns in bytes
//!  "fix":null|{"title":"…","applicability":"safe"|"display-only",
//!              "edits":[{"start":120,"end":164,"text":"lane = __lane_id()"}]}}
//! {"type":"file","version":1,"path":"src/k.cu","changed":true,
//!  "rewrites":{"runtime":12,"device":2},"includes":1,"launches":0,"arguments":2,"fixed":0}
//! {"type":"summary","version":1,"files":3,"changed":2,"failed":0,
//!  "errors":1,"warnings":4,"infos":0,"fixed":0,"exit_code":1}
//! ```
//!
//! Diagnostics of a file come in source order, files in path order, the
//! summary last. With `--statistics` no diagnostic records are written;
//! before the summary comes one record per code, largest count first:
//! `{"type":"statistic","version":1,"code":"HIP-W005","name":"unsupported-api","count":149}`.

use std::io::{self, Write};

use serde_json::{Value, json};

use super::{FileReport, Summary, display_path};
use crate::diagnostic::Applicability;
use crate::source::LineIndex;

/// The schema version written in every record.
pub const SCHEMA_VERSION: u32 = 1;

/// Prints one file's diagnostics and its file record.
pub fn file(out: &mut (impl Write + ?Sized), file: &FileReport<'_>) -> io::Result<()> {
    let index = LineIndex::new(file.source);
    let path = display_path(file.path);
    let t = file.translation;
    for d in &t.diagnostics {
        let (line, column) = index.line_col(d.range.start);
        let (end_line, end_column) = index.line_col(d.range.end);
        let info = d.code.info();
        let fix = d.fix.as_ref().map(|f| {
            json!({
                "title": f.title,
                "applicability": match f.applicability {
                    Applicability::Safe => "safe",
                    Applicability::Required => "required",
                    Applicability::DisplayOnly => "display-only",
                },
                "edits": f.edits.iter().map(|e| json!({
                    "start": e.range.start, "end": e.range.end, "text": e.text,
                })).collect::<Vec<_>>(),
            })
        });
        let record = json!({
            "type": "diagnostic",
            "version": SCHEMA_VERSION,
            "path": path,
            "code": info.id,
            "name": info.name,
            "severity": d.severity.name(),
            "message": d.message,
            "help": d.help,
            "range": {"start": d.range.start, "end": d.range.end},
            "start": {"line": line, "column": column},
            "end": {"line": end_line, "column": end_column},
            "fix": fix,
        });
        writeln!(out, "{record}")?;
    }
    let rewrites: serde_json::Map<String, Value> = t
        .stats
        .rewrites
        .iter()
        .map(|(f, n)| (f.name().to_string(), json!(n)))
        .collect();
    let record = json!({
        "type": "file",
        "version": SCHEMA_VERSION,
        "path": path,
        "changed": t.changed,
        "rewrites": rewrites,
        "includes": t.stats.includes,
        "launches": t.stats.launches,
        "arguments": t.stats.arguments,
        "fixed": t.stats.fixed,
    });
    writeln!(out, "{record}")
}

/// `--statistics`: one `{"type":"statistic",…}` record per code, largest first.
pub fn statistics(out: &mut (impl Write + ?Sized), s: &Summary) -> io::Result<()> {
    for (count, code) in s.statistics() {
        let i = code.info();
        let record = json!({
            "type": "statistic",
            "version": SCHEMA_VERSION,
            "code": i.id,
            "name": i.name,
            "count": count,
        });
        writeln!(out, "{record}")?;
    }
    Ok(())
}

/// Prints the summary record.
pub fn summary(out: &mut (impl Write + ?Sized), s: &Summary) -> io::Result<()> {
    let record = json!({
        "type": "summary",
        "version": SCHEMA_VERSION,
        "files": s.files,
        "changed": s.changed,
        "failed": s.failed,
        "errors": s.errors,
        "warnings": s.warnings,
        "infos": s.infos,
        "fixed": s.fixed,
        "exit_code": s.exit_code,
    });
    writeln!(out, "{record}")
}
