//! The compat header: the HIP side of a single-source tree in one file,
//! under the HIP guard. hipify-rs owns the block between [`BEGIN`] and
//! [`END`] and only ever adds to it; what a project writes outside the
//! block stays as it is, and wins over the block.

use std::collections::BTreeMap;

use super::{HIP_GUARD, Uses};

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

/// The compat header for a tree whose files rename `uses.names` (CUDA →
/// HIP), include HIP's library headers `uses.headers` in their HIP
/// branches, and include the header where they included HIP's runtime
/// (`uses.runtime`), merged into `existing` (the header as it is, if any).
/// `uses.defines`: the CUDA names the tree's files define themselves.
///
/// The block is written anew from what it held and what is new (old
/// entries first, in their order): the runtime include; for HIP's NVIDIA
/// headers, which wrap CUDA's, the library headers the tree uses, read
/// before the macros rename CUDA's names; then one macro per name, which
/// HIP's NVIDIA headers take only where they do not define the HIP name
/// as the CUDA one themselves (`#define hipMemcpyHostToDevice
/// cudaMemcpyHostToDevice`: the two macros would name each other).
///
/// Err: `existing` has no generated block (not a header hipify-rs wrote).
pub fn compat_header(existing: Option<&[u8]>, uses: &Uses) -> Result<HeaderUpdate, String> {
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
    let marker = |l: &str, m: &str| {
        l.trim_start()
            .starts_with(m.split(" (").next().unwrap_or(m))
    };
    let (Some(begin), Some(end)) = (
        lines.iter().position(|l| marker(l, BEGIN)),
        lines.iter().position(|l| marker(l, END)),
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
    let mut project: BTreeMap<String, String> = uses.defines.clone();
    for l in lines[..begin].iter().chain(&lines[end + 1..]) {
        if let Some((name, body)) = define(l) {
            project.insert(name, body);
        }
    }
    // What the block holds now, in its order.
    let mut runtime = uses.runtime;
    let mut headers: Vec<String> = Vec::new();
    let mut defines: Vec<(String, String)> = Vec::new();
    for l in block {
        if let Some((name, body)) = define(l) {
            if !defines.iter().any(|(n, _)| *n == name) {
                defines.push((name, body));
            }
        } else if let Some(h) = include(l) {
            if h == "<hip/hip_runtime.h>" {
                runtime = true;
            } else if !headers.contains(&h) {
                headers.push(h);
            }
        }
    }
    headers.extend(
        uses.headers
            .iter()
            .filter(|h| !headers.contains(h))
            .cloned()
            .collect::<Vec<_>>(),
    );
    let mut conflicts = Vec::new();
    for (cuda, hip) in &uses.names {
        if let Some(body) = project.get(cuda) {
            if body != hip {
                conflicts.push(format!(
                    "`{cuda}`: the project defines it (`#define {cuda} {body}`) and the tables map it to `{hip}`; kept the project's"
                ));
            }
        } else if let Some((_, body)) = defines.iter().find(|(n, _)| n == cuda) {
            if body != hip {
                conflicts.push(format!(
                    "`{cuda}`: the generated block maps it to `{body}`, this run to `{hip}` (another --hip-version or --roc?); kept `{body}`: delete the line to take the new one"
                ));
            }
        } else {
            defines.push((cuda.clone(), hip.clone()));
        }
    }
    // A project's own #define (outside the block) now wins over the block's.
    defines.retain(|(n, _)| !project.contains_key(n));

    let mut out = String::with_capacity(text.len() + 64 * defines.len());
    for l in &lines[..=begin] {
        out.push_str(l);
    }
    let mut line = |s: &str| {
        out.push_str(s);
        out.push_str(nl);
    };
    if runtime {
        line("#include <hip/hip_runtime.h>");
    }
    if !headers.is_empty() {
        line("#if defined(__HIP_PLATFORM_NVIDIA__)");
        line(
            "// HIP's NVIDIA headers (and Thrust there) wrap CUDA's, which must be read before the macros rename CUDA's names.",
        );
        for h in &headers {
            line(&format!("#if __has_include({h})"));
            line(&format!("#include {h}"));
            line("#endif");
        }
        line("#endif");
    }
    if !defines.is_empty() {
        line("#if !defined(__HIP_PLATFORM_NVIDIA__)");
        for (cuda, hip) in &defines {
            line(format!("#define {cuda} {hip}").trim_end());
        }
        line("#else");
        line(
            "// HIP's NVIDIA headers define many HIP names as the CUDA ones: those need no macro.",
        );
        for (cuda, hip) in &defines {
            if hip.is_empty() {
                // CUDA's own (`CUDART_CB`) stays.
            } else if hip.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                line(&format!("#ifndef {hip}"));
                line(&format!("#define {cuda} {hip}"));
                line("#endif");
            } else {
                line(&format!("#define {cuda} {hip}"));
            }
        }
        line("#endif");
    }
    for l in &lines[end..] {
        out.push_str(l);
    }
    Ok(HeaderUpdate {
        text: out.into_bytes(),
        conflicts,
    })
}

/// `#include <h>` or `#include "h"` on one line: the header name with its
/// delimiters.
fn include(line: &str) -> Option<String> {
    let rest = line
        .trim_start()
        .strip_prefix('#')?
        .trim_start()
        .strip_prefix("include")?;
    let name = rest.trim();
    (name.starts_with('<') || name.starts_with('"')).then(|| name.to_string())
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

    fn uses(pairs: &[(&str, &str)], headers: &[&str]) -> Uses {
        Uses {
            names: pairs
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
            runtime: true,
            headers: headers.iter().map(|h| h.to_string()).collect(),
            defines: BTreeMap::new(),
        }
    }

    #[test]
    fn fresh_then_merged() {
        let first = compat_header(
            None,
            &uses(&[("cudaFree", "hipFree")], &["<hiprand/hiprand.h>"]),
        )
        .unwrap();
        let text = String::from_utf8(first.text.clone()).unwrap();
        assert!(
            text.contains("#include <hip/hip_runtime.h>\n#if defined(__HIP_PLATFORM_NVIDIA__)\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "#if __has_include(<hiprand/hiprand.h>)\n#include <hiprand/hiprand.h>\n#endif\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "#if !defined(__HIP_PLATFORM_NVIDIA__)\n#define cudaFree hipFree\n#else\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("#ifndef hipFree\n#define cudaFree hipFree\n#endif\n"),
            "{text}"
        );
        // A project's own line outside the block, and new names.
        let edited = text.replace(
            "#pragma once\n",
            "#pragma once\n#define cudaMalloc myMalloc\n",
        );
        let second = compat_header(
            Some(edited.as_bytes()),
            &uses(
                &[
                    ("cudaFree", "hipFree"),
                    ("cudaMalloc", "hipMalloc"),
                    ("cudaMemset", "hipMemset"),
                ],
                &[],
            ),
        )
        .unwrap();
        let text2 = String::from_utf8(second.text).unwrap();
        assert!(text2.contains("#define cudaMalloc myMalloc\n"));
        assert!(
            text2.contains("#define cudaFree hipFree\n#define cudaMemset hipMemset\n"),
            "{text2}"
        );
        assert!(text2.contains("#include <hiprand/hiprand.h>"), "{text2}");
        assert!(!text2.contains("#define cudaMalloc hipMalloc"));
        assert_eq!(second.conflicts.len(), 1, "{:?}", second.conflicts);
        // Idempotent.
        let third = compat_header(
            Some(text2.as_bytes()),
            &uses(&[("cudaFree", "hipFree")], &[]),
        )
        .unwrap();
        assert_eq!(third.text, text2.as_bytes());
    }

    #[test]
    fn a_header_hipify_rs_did_not_write_is_refused() {
        let e = compat_header(
            Some(b"#pragma once\n#define cudaFree hipFree\n"),
            &uses(&[], &[]),
        );
        assert!(e.unwrap_err().contains("did not write it"));
    }
}
