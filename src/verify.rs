//! `hipify-rs verify`: translate sources in memory and compile them with
//! hipcc, in parallel; report per file OK or the first errors, with line
//! numbers mapped back to the CUDA original.
//!
//! The translated tree is written to a temporary directory that mirrors the
//! inputs, so relative `#include "…"` keeps working; `-I` directories inside
//! the inputs are redirected there.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use rayon::prelude::*;
use serde::Deserialize;

use crate::engine::{self, FileKind, FileResult};
use crate::translate::{Options, Translation};

/// The architecture compiled for when none is given and none can be detected.
pub const DEFAULT_ARCH: &str = "gfx90a";

/// What to compile and how.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Translation options.
    pub translate: Options,
    /// `--offload-arch` values; empty: detect, else [`DEFAULT_ARCH`].
    pub archs: Vec<String>,
    /// Extra include directories.
    pub include_dirs: Vec<PathBuf>,
    /// Extra macro definitions (`NAME` or `NAME=VALUE`).
    pub defines: Vec<String>,
    /// compile_commands.json to take per-file flags from.
    pub compile_commands: Option<PathBuf>,
    /// The hipcc to run.
    pub hipcc: PathBuf,
    /// Extra flags for every compile.
    pub extra_flags: Vec<String>,
}

/// One file's result.
#[derive(Debug, Clone)]
pub struct FileVerdict {
    /// The CUDA source.
    pub path: PathBuf,
    /// Whether hipcc compiled its translation.
    pub ok: bool,
    /// The first error lines, with `translated:line` mapped to `original:line`.
    pub errors: Vec<String>,
    /// What hipify-rs itself reported at warning level or above (the likely why).
    pub findings: Vec<String>,
}

/// Why verification could not start.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// No hipcc.
    #[error(
        "hipcc not found ({0}): install HIP (Debian/Ubuntu: `apt-get install hipcc libamdhip64-dev rocm-device-libs`; or ROCm from AMD) or pass --hipcc PATH"
    )]
    NoHipcc(String),
    /// compile_commands.json unreadable.
    #[error("{path}: {message}")]
    CompileCommands {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// Reading inputs or writing the translated tree failed.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Whether a path is a translation unit (headers are compiled through them).
pub fn is_compile_unit(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("cu" | "cpp" | "cc" | "cxx" | "c++" | "hip")
    )
}

/// The HIP version `hipcc --version` reports (`HIP version: 5.2.21153-0` → 5.2).
pub fn hipcc_hip_version(hipcc: &Path) -> Option<crate::mappings::Version> {
    let out = Command::new(hipcc).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let v = text
        .lines()
        .find_map(|l| l.strip_prefix("HIP version:"))?
        .trim();
    let mut parts = v.split(['.', '-']);
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some(crate::mappings::Version::new(major, minor, 0))
}

/// GPU architectures of this machine (`amdgpu-arch`, then `rocminfo`).
pub fn detect_archs() -> Vec<String> {
    let run = |cmd: &str, args: &[&str]| {
        Command::new(cmd)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
    };
    let mut archs: Vec<String> = Vec::new();
    let text = run("amdgpu-arch", &[])
        .or_else(|| run("rocminfo", &[]))
        .unwrap_or_default();
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        if word.starts_with("gfx") && word.len() > 3 && !archs.iter().any(|a| a == word) {
            archs.push(word.to_string());
        }
    }
    archs
}

#[derive(Deserialize)]
struct CompileCommand {
    directory: PathBuf,
    file: PathBuf,
    command: Option<String>,
    arguments: Option<Vec<String>>,
}

/// `-I`, `-D`, `-std` and `-isystem` flags per absolute source path.
fn load_compile_commands(path: &Path) -> Result<HashMap<PathBuf, Vec<String>>, VerifyError> {
    let err = |message: String| VerifyError::CompileCommands {
        path: path.to_path_buf(),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| err(e.to_string()))?;
    let entries: Vec<CompileCommand> =
        serde_json::from_str(&text).map_err(|e| err(format!("not a compilation database: {e}")))?;
    let mut out = HashMap::new();
    for e in entries {
        let args: Vec<String> = match (e.arguments, e.command) {
            (Some(a), _) => a,
            (None, Some(c)) => c.split_whitespace().map(str::to_string).collect(),
            (None, None) => continue,
        };
        let mut keep = Vec::new();
        let mut it = args.into_iter().skip(1);
        while let Some(a) = it.next() {
            let absolute = |p: &str| {
                let p = Path::new(p);
                if p.is_absolute() {
                    p.to_path_buf()
                } else {
                    e.directory.join(p)
                }
            };
            if a == "-I" || a == "-isystem" {
                if let Some(d) = it.next() {
                    keep.push(format!("{a}{}", absolute(&d).display()));
                }
            } else if let Some(d) = a.strip_prefix("-I") {
                keep.push(format!("-I{}", absolute(d).display()));
            } else if a.starts_with("-D") || a.starts_with("-std=") || a.starts_with("-U") {
                keep.push(a);
            }
        }
        let file = if e.file.is_absolute() {
            e.file
        } else {
            e.directory.join(e.file)
        };
        out.insert(std::fs::canonicalize(&file).unwrap_or(file), keep);
    }
    Ok(out)
}

/// For each line of `new`, the line of `old` it comes from (1-based).
fn line_map(old: &[u8], new: &[u8]) -> Vec<usize> {
    let diff = similar::TextDiff::from_lines(old, new);
    let mut map = vec![0; new.split(|&b| b == b'\n').count() + 1];
    for op in diff.ops() {
        let (o, n) = (op.old_range(), op.new_range());
        for (k, line) in n.clone().enumerate() {
            // Inserted lines map to the nearest original line.
            let from = if o.is_empty() {
                o.start.max(1) - 1
            } else {
                (o.start + k).min(o.end - 1)
            };
            if let Some(slot) = map.get_mut(line + 1) {
                *slot = from + 1;
            }
        }
    }
    map
}

/// The common directory of all inputs, so the translated tree mirrors them.
fn common_root(paths: &[PathBuf]) -> PathBuf {
    let mut root: Option<PathBuf> = None;
    for p in paths {
        let dir = p.parent().map(Path::to_path_buf).unwrap_or_default();
        root = Some(match root {
            None => dir,
            Some(r) => r
                .components()
                .zip(dir.components())
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| a)
                .collect(),
        });
    }
    root.unwrap_or_default()
}

/// A translated file: original path, translation path, line map, findings.
type Translated = (PathBuf, PathBuf, Vec<usize>, Vec<String>);

/// Translates `files` (all sources and headers, absolute paths) into a temp
/// tree and compiles the translation units among them.
pub fn verify(files: &[PathBuf], opts: &VerifyOptions) -> Result<Vec<FileVerdict>, VerifyError> {
    let hipcc_ok = Command::new(&opts.hipcc)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !hipcc_ok {
        return Err(VerifyError::NoHipcc(opts.hipcc.display().to_string()));
    }
    let commands = match &opts.compile_commands {
        Some(p) => load_compile_commands(p)?,
        None => HashMap::new(),
    };
    let archs = if opts.archs.is_empty() {
        let found = detect_archs();
        if found.is_empty() {
            vec![DEFAULT_ARCH.to_string()]
        } else {
            found
        }
    } else {
        opts.archs.clone()
    };
    let root = common_root(files);
    let temp = tempfile::Builder::new()
        .prefix("hipify-rs-verify.")
        .tempdir()
        .map_err(|source| VerifyError::Io {
            path: std::env::temp_dir(),
            source,
        })?;
    let tree = temp.path().to_path_buf();
    // Translate everything first: units include each other's headers.
    let translated: Vec<Translated> = files
        .par_iter()
        .map(|f| {
            let src = std::fs::read(f).map_err(|source| VerifyError::Io {
                path: f.clone(),
                source,
            })?;
            // The translation the main command writes (a binary file as it is).
            let t = match engine::process(&src, FileKind::of_path(f), &opts.translate) {
                FileResult::Translated(t) => t,
                FileResult::Binary => Translation {
                    output: src.clone(),
                    changed: false,
                    stats: Default::default(),
                    diagnostics: Vec::new(),
                },
            };
            let rel = f.strip_prefix(&root).unwrap_or(f);
            let dest = tree.join(rel);
            if let Some(parent) = dest.parent() {
                std::fs::create_dir_all(parent).map_err(|source| VerifyError::Io {
                    path: parent.to_path_buf(),
                    source,
                })?;
            }
            std::fs::write(&dest, &t.output).map_err(|source| VerifyError::Io {
                path: dest.clone(),
                source,
            })?;
            let index = crate::source::LineIndex::new(&src);
            let findings = t
                .diagnostics
                .iter()
                .filter(|d| d.severity >= crate::diagnostic::Severity::Warning)
                .take(4)
                .map(|d| {
                    let line = index.line_col(d.range.start).0;
                    format!("{}:{line}: {} {}", f.display(), d.code, d.message)
                })
                .collect();
            Ok((f.clone(), dest, line_map(&src, &t.output), findings))
        })
        .collect::<Result<_, VerifyError>>()?;
    let redirect = |dir: &Path| -> PathBuf {
        match std::fs::canonicalize(dir)
            .ok()
            .and_then(|d| d.strip_prefix(&root).ok().map(Path::to_path_buf))
        {
            Some(rel) => tree.join(rel),
            None => dir.to_path_buf(),
        }
    };
    let units: Vec<&Translated> = translated
        .iter()
        .filter(|(f, ..)| is_compile_unit(f))
        .collect();
    // Every translated file's line map, by its path in the tree: an error in
    // an included header is reported at its original's line too.
    let maps: std::collections::HashMap<String, (&Path, &[usize])> = translated
        .iter()
        .map(|(original, dest, map, _)| {
            (
                dest.display().to_string(),
                (original.as_path(), map.as_slice()),
            )
        })
        .collect();
    let verdicts = units
        .par_iter()
        .map(|(original, dest, _, findings)| {
            let mut cmd = Command::new(&opts.hipcc);
            cmd.arg("-x")
                .arg("hip")
                .arg("-c")
                .arg("-w")
                .arg("-std=c++17");
            for a in &archs {
                cmd.arg(format!("--offload-arch={a}"));
            }
            for d in &opts.include_dirs {
                let mut flag = OsString::from("-I");
                flag.push(redirect(d));
                cmd.arg(flag);
            }
            for d in &opts.defines {
                cmd.arg(format!("-D{d}"));
            }
            for flag in commands.get(original).into_iter().flatten() {
                match flag.strip_prefix("-I") {
                    Some(d) => {
                        let mut f = OsString::from("-I");
                        f.push(redirect(Path::new(d)));
                        cmd.arg(f);
                    }
                    None => {
                        cmd.arg(flag);
                    }
                }
            }
            cmd.args(&opts.extra_flags);
            cmd.arg(dest).arg("-o").arg(dest.with_extension("o"));
            let out = cmd.output();
            let (ok, log) = match out {
                Ok(o) => (
                    o.status.success(),
                    String::from_utf8_lossy(&o.stderr).into_owned(),
                ),
                Err(e) => (false, e.to_string()),
            };
            let errors = if ok {
                Vec::new()
            } else {
                first_errors(&log, &maps, &tree, &root)
            };
            // When hipcc fails, what hipify-rs found is the likely reason.
            let findings = if ok { Vec::new() } else { findings.clone() };
            FileVerdict {
                path: original.clone(),
                ok,
                errors,
                findings,
            }
        })
        .collect();
    Ok(verdicts)
}

/// Up to eight `error:` lines, with positions in the translation mapped back.
fn first_errors(
    log: &str,
    maps: &std::collections::HashMap<String, (&Path, &[usize])>,
    tree: &Path,
    root: &Path,
) -> Vec<String> {
    let tree_s = tree.display().to_string();
    let mut out = Vec::new();
    for line in log.lines().filter(|l| l.contains("error")) {
        let mut l = line.to_string();
        // `path:line:…` of a translated file: its original, at its line.
        let mapped = l.split_once(':').and_then(|(path, rest)| {
            let (original, map) = maps.get(path)?;
            let (n, tail) = rest.split_once(':')?;
            let n = n.parse::<usize>().ok()?;
            let orig = map.get(n).copied().filter(|&o| o > 0).unwrap_or(n);
            Some(format!("{}:{orig}:{tail}", original.display()))
        });
        if let Some(m) = mapped {
            l = m;
        } else {
            // Errors in other translated files: show their original paths.
            l = l.replace(&tree_s, &root.display().to_string());
        }
        out.push(l);
        if out.len() == 8 {
            break;
        }
    }
    if out.is_empty() {
        out = log
            .lines()
            .rev()
            .take(4)
            .map(str::to_string)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_map_back_across_inserted_and_removed_lines() {
        let old = b"// a\n#include <cuda_runtime.h>\n#include <device_launch_parameters.h>\nint x;\nint y;\n";
        let new = b"// a\n#include <hip/hip_runtime.h>\nint x;\nint y;\n";
        let map = line_map(old, new);
        assert_eq!(map[1], 1);
        assert_eq!(map[3], 4, "int x");
        assert_eq!(map[4], 5, "int y");
        let inserted = b"#include <hip/hip_runtime.h>\nint x;\n";
        let map = line_map(b"int x;\n", inserted);
        assert_eq!(map[2], 1);
    }

    #[test]
    fn errors_in_included_headers_are_at_their_original_line() {
        // h.cuh got `#include <hip/hip_runtime.h>` after its `#pragma once`.
        let header = line_map(
            b"#pragma once\nint f() { return bad; }\n",
            b"#pragma once\n#include <hip/hip_runtime.h>\nint f() { return bad; }\n",
        );
        let unit = line_map(b"#include \"h.cuh\"\n", b"#include \"h.cuh\"\n");
        let maps = std::collections::HashMap::from([
            (
                "/t/h.cuh".to_string(),
                (Path::new("/src/h.cuh"), header.as_slice()),
            ),
            (
                "/t/a.cu".to_string(),
                (Path::new("/src/a.cu"), unit.as_slice()),
            ),
        ]);
        let log = "In file included from /t/a.cu:1:\n/t/h.cuh:3:18: error: use of undeclared identifier 'bad'\n";
        let errors = first_errors(log, &maps, Path::new("/t"), Path::new("/src"));
        assert_eq!(
            errors,
            ["/src/h.cuh:2:18: error: use of undeclared identifier 'bad'"]
        );
    }
}
