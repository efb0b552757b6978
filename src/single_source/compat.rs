//! The compat header: the HIP side of a single-source tree in one file,
//! under the HIP guard. hipify-rs owns the block between [`BEGIN`] and
//! [`END`] and only ever adds to it; what a project writes outside the
//! block stays as it is, and wins over the block.

use std::collections::BTreeMap;

use super::HIP_GUARD;

/// Opens the block hipify-rs rewrites.
pub const BEGIN: &str =
    "// hipify-rs: generated begin (each run adds the names the tree newly uses)";
/// Closes it.
pub const END: &str = "// hipify-rs: generated end";

/// The header's new text, and what the run could not add to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderUpdate {
    /// The header's bytes after this run.
    pub text: Vec<u8>,
    /// Names left out, each with why: the project maps the name itself
    /// (in the header outside the block, or in a file of the tree), or
    /// the block already maps it otherwise.
    pub conflicts: Vec<String>,
}

/// The compat header for a tree whose files rename `names` (CUDA → HIP)
/// and include the header where they included HIP's runtime (`runtime`),
/// merged into `existing` (the header as it is, if any). `tree_defines`:
/// the CUDA names the tree's files define themselves, with their bodies.
///
/// Err: `existing` has no generated block (not a header hipify-rs wrote).
pub fn compat_header(
    existing: Option<&[u8]>,
    names: &BTreeMap<String, String>,
    runtime: bool,
    tree_defines: &BTreeMap<String, String>,
) -> Result<HeaderUpdate, String> {
    let fresh;
    let existing = match existing {
        Some(e) => e,
        None => {
            fresh = fresh_header();
            fresh.as_bytes()
        }
    };
    let text = String::from_utf8_lossy(existing);
    let nl = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let is = |l: &str, marker: &str| {
        l.trim_end() == marker.trim_end()
            || l.trim_start()
                .starts_with(marker.split(" (").next().unwrap_or(marker))
    };
    let (Some(begin), Some(end)) = (
        lines.iter().position(|l| is(l, BEGIN)),
        lines.iter().position(|l| is(l, END)),
    ) else {
        return Err(format!(
            "it has no `{}` … `{END}` block, so hipify-rs did not write it; move it away or choose another path with --compat-header",
            BEGIN.split(" (").next().unwrap_or(BEGIN)
        ));
    };
    if end < begin {
        return Err(format!(
            "its `{END}` line comes before the block's beginning"
        ));
    }
    let block = &lines[begin + 1..end];
    let outside = lines[..begin].iter().chain(&lines[end + 1..]);
    let mut project: BTreeMap<String, String> = tree_defines.clone();
    for l in outside {
        if let Some((name, body)) = define(l) {
            project.insert(name, body);
        }
    }
    let generated: BTreeMap<String, String> = block.iter().filter_map(|l| define(l)).collect();
    let has_runtime = block.iter().any(|l| l.contains("hip/hip_runtime.h"));
    let mut conflicts = Vec::new();
    let mut added: Vec<String> = Vec::new();
    for (cuda, hip) in names {
        if let Some(body) = project.get(cuda) {
            if body != hip {
                conflicts.push(format!(
                    "`{cuda}`: the project defines it (`#define {cuda} {body}`) and the tables map it to `{hip}`; kept the project's"
                ));
            }
        } else if let Some(body) = generated.get(cuda) {
            if body != hip {
                conflicts.push(format!(
                    "`{cuda}`: the generated block maps it to `{body}`, this run to `{hip}` (another --hip-version or --roc?); kept `{body}`: delete the line to take the new one"
                ));
            }
        } else {
            added.push(format!("#define {cuda} {hip}{nl}"));
        }
    }
    let mut out = String::with_capacity(text.len() + added.iter().map(String::len).sum::<usize>());
    for l in &lines[..=begin] {
        out.push_str(l);
    }
    if runtime && !has_runtime {
        out.push_str(&format!("#include <hip/hip_runtime.h>{nl}"));
    }
    for l in block {
        out.push_str(l);
    }
    for a in &added {
        out.push_str(a);
    }
    for l in &lines[end..] {
        out.push_str(l);
    }
    Ok(HeaderUpdate {
        text: out.into_bytes(),
        conflicts,
    })
}

/// A header with an empty block.
fn fresh_header() -> String {
    format!(
        "\
// The HIP side of this tree's single source, written by `hipify-rs --single-source`.
// A CUDA build never includes it; a HIP build (hipcc, or HIP's NVIDIA headers)
// includes it from each file, where the file includes CUDA's headers.
// hipify-rs rewrites only the block between its markers, and only to add to it;
// what a project writes outside the block stays, and its own #define of a name wins.
#pragma once
#if {HIP_GUARD}
{BEGIN}
{END}
#endif
"
    )
}

/// `#define NAME BODY` on one line: the name and the body, trimmed.
fn define(line: &str) -> Option<(String, String)> {
    let rest = line
        .trim_start()
        .strip_prefix('#')?
        .trim_start()
        .strip_prefix("define")?;
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let rest = rest.trim_start();
    let name_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, body) = rest.split_at(name_len);
    if name.is_empty() || body.starts_with('(') {
        return None;
    }
    Some((name.to_string(), body.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn fresh_then_merged() {
        let first = compat_header(
            None,
            &names(&[("cudaFree", "hipFree")]),
            true,
            &BTreeMap::new(),
        )
        .unwrap();
        let text = String::from_utf8(first.text.clone()).unwrap();
        assert!(
            text.contains("#include <hip/hip_runtime.h>\n#define cudaFree hipFree\n"),
            "{text}"
        );
        // A project's own line outside the block, and a new name.
        let edited = text.replace(
            "#pragma once\n",
            "#pragma once\n#define cudaMalloc myMalloc\n",
        );
        let second = compat_header(
            Some(edited.as_bytes()),
            &names(&[
                ("cudaFree", "hipFree"),
                ("cudaMalloc", "hipMalloc"),
                ("cudaMemset", "hipMemset"),
            ]),
            true,
            &BTreeMap::new(),
        )
        .unwrap();
        let text2 = String::from_utf8(second.text).unwrap();
        assert!(text2.contains("#define cudaMalloc myMalloc\n"));
        assert!(
            text2.contains("#define cudaFree hipFree\n#define cudaMemset hipMemset\n"),
            "{text2}"
        );
        assert!(!text2.contains("#define cudaMalloc hipMalloc"));
        assert_eq!(second.conflicts.len(), 1, "{:?}", second.conflicts);
        // Idempotent.
        let third = compat_header(
            Some(text2.as_bytes()),
            &names(&[("cudaFree", "hipFree")]),
            true,
            &BTreeMap::new(),
        )
        .unwrap();
        assert_eq!(third.text, text2.as_bytes());
    }

    #[test]
    fn a_header_hipify_rs_did_not_write_is_refused() {
        let e = compat_header(
            Some(b"#pragma once\n#define cudaFree hipFree\n"),
            &names(&[]),
            false,
            &BTreeMap::new(),
        );
        assert!(e.unwrap_err().contains("did not write it"));
    }
}
