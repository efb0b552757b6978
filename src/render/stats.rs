//! The `--stats` report: per file and in total, rewrites per API family and
//! what was left (unsupported and unknown CUDA names with their lines).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;

use crate::diagnostic::{Code, Diagnostic};
use crate::source::LineIndex;
use crate::translate::Stats;

/// What is left untranslated in one file, for `--stats`.
#[derive(Debug, Default)]
pub struct Leftovers {
    /// Name → lines, per kind of leftover.
    pub unsupported: BTreeMap<String, Vec<usize>>,
    /// Names that look like CUDA but are in no table → lines.
    pub unknown: BTreeMap<String, Vec<usize>>,
}

impl Leftovers {
    /// Collects the leftovers a file's diagnostics record.
    pub fn of(src: &[u8], diagnostics: &[Diagnostic]) -> Leftovers {
        let mut out = Leftovers::default();
        let index = LineIndex::new(src);
        for d in diagnostics {
            let bucket = match d.code {
                Code::UnsupportedApi | Code::LegacyCublas | Code::UnsupportedHeader => {
                    &mut out.unsupported
                }
                Code::UnmappedApi => &mut out.unknown,
                _ => continue,
            };
            let name = String::from_utf8_lossy(&src[d.range.clone()]).into_owned();
            bucket
                .entry(name)
                .or_default()
                .push(index.line_col(d.range.start).0);
        }
        out
    }

    /// Adds another file's leftovers (lines are dropped; counts kept).
    pub fn merge_counts(&mut self, other: &Leftovers) {
        for (n, l) in &other.unsupported {
            self.unsupported.entry(n.clone()).or_default().extend(l);
        }
        for (n, l) in &other.unknown {
            self.unknown.entry(n.clone()).or_default().extend(l);
        }
    }
}

/// One file's `--stats` block.
pub fn file_stats(
    out: &mut impl Write,
    path: &Path,
    stats: &Stats,
    left: &Leftovers,
) -> io::Result<()> {
    write!(out, "{}: {}", path.display(), summary(stats))?;
    writeln!(out)?;
    for (what, map) in [
        ("unsupported", &left.unsupported),
        ("unknown", &left.unknown),
    ] {
        for (name, lines) in map {
            let lines: Vec<String> = lines.iter().map(usize::to_string).collect();
            writeln!(out, "  {what}: {name} (line {})", lines.join(", "))?;
        }
    }
    Ok(())
}

/// The totals block of `--stats`.
pub fn total_stats(
    out: &mut impl Write,
    files: usize,
    changed: usize,
    stats: &Stats,
    left: &Leftovers,
) -> io::Result<()> {
    writeln!(
        out,
        "total: {files} files, {changed} changed; {}",
        summary(stats)
    )?;
    for (what, map) in [
        ("unsupported", &left.unsupported),
        ("unknown", &left.unknown),
    ] {
        if map.is_empty() {
            continue;
        }
        let n: usize = map.values().map(Vec::len).sum();
        let names: Vec<String> = map
            .iter()
            .map(|(k, v)| format!("{k} ×{}", v.len()))
            .collect();
        writeln!(out, "  {what}: {n} ({})", names.join(", "))?;
    }
    Ok(())
}

fn summary(stats: &Stats) -> String {
    let mut parts = vec![format!("{} identifiers", stats.total_rewrites())];
    if !stats.rewrites.is_empty() || stats.user_rewrites > 0 {
        let mut fams: Vec<String> = stats
            .rewrites
            .iter()
            .map(|(f, n)| format!("{f} {n}"))
            .collect();
        if stats.user_rewrites > 0 {
            fams.push(format!("user {}", stats.user_rewrites));
        }
        parts[0] = format!("{} ({})", parts[0], fams.join(", "));
    }
    parts.push(format!("{} includes", stats.includes));
    parts.push(format!("{} launches", stats.launches));
    parts.push(format!("{} arguments", stats.arguments));
    parts.join(", ")
}
