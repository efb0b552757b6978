//! Python build files (setup.py) and pyproject.toml: checked, not rewritten.
//! A scanner finds strings and comments; the checks look at code outside
//! them and at string contents.

use std::ops::Range;
use std::sync::LazyLock;

use regex::bytes::Regex;

use super::Out;
use super::flags::{self, Act};
use crate::diagnostic::Code;

/// A string literal: all its bytes and its content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Str {
    /// Quotes included (not the prefix).
    pub range: Range<usize>,
    /// Between the quotes.
    pub content: Range<usize>,
}

/// Strings and comments of a Python (or, with `toml`, TOML) file.
pub fn scan(src: &[u8], toml: bool) -> (Vec<Str>, Vec<Range<usize>>) {
    let mut strs = Vec::new();
    let mut comments = Vec::new();
    let n = src.len();
    let mut i = 0;
    while i < n {
        match src[i] {
            b'#' => {
                let e = memchr::memchr(b'\n', &src[i..]).map_or(n, |p| i + p);
                comments.push(i..e);
                i = e;
            }
            q @ (b'"' | b'\'') => {
                let triple = src[i..].starts_with(&[q, q, q]);
                let open = if triple { 3 } else { 1 };
                // TOML literal strings ('…') have no escapes.
                let escapes = !(toml && q == b'\'');
                let mut j = i + open;
                let end = loop {
                    if j >= n {
                        break n;
                    }
                    if escapes && src[j] == b'\\' {
                        j += 2;
                        continue;
                    }
                    if triple {
                        if src[j..].starts_with(&[q, q, q]) {
                            break j;
                        }
                    } else if src[j] == q || src[j] == b'\n' {
                        break j;
                    }
                    j += 1;
                };
                let close = if end < n && src[end] == q { open } else { 0 };
                strs.push(Str {
                    range: i..(end + close).min(n),
                    content: i + open..end.min(n),
                });
                i = (end + close).min(n).max(i + 1);
            }
            _ => i += 1,
        }
    }
    (strs, comments)
}

const GATE_FLAGS: &str = "keep nvcc-only flags for CUDA: `\"nvcc\": nvcc_flags if torch.version.hip is None else hip_flags`";

static TF32: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"torch\s*\.\s*backends\s*\.\s*(cuda\s*\.\s*matmul|cudnn)\s*\.\s*allow_tf32")
        .unwrap()
});
static COMPILE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"torch\s*\.\s*compile\s*\(").unwrap());
static WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(CUDAExtension|pynvml|PYTORCH_CUDA_ALLOC_CONF|TORCH_CUDA_ARCH_LIST|CMAKE_CUDA_ARCHITECTURES)\b").unwrap()
});
static ARCH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(sm|compute)_[0-9]{2,3}[a-z]?\b").unwrap());

pub(crate) fn check(out: &mut Out<'_>, toml: bool) {
    let src = out.src;
    let (strs, comments) = scan(src, toml);
    out.comments = comments.clone();
    // Code with strings and comments blanked (same offsets).
    let mut code = src.to_vec();
    for r in strs
        .iter()
        .map(|s| s.range.clone())
        .chain(comments.iter().cloned())
    {
        code[r].fill(b' ');
    }
    let first_finding = out.diags.len();
    let alloc_tuning = strs
        .iter()
        .any(|s| memchr::memmem::find(&src[s.content.clone()], b"max_split_size_mb").is_some());

    for m in WORD.find_iter(&code) {
        let r = m.range();
        match m.as_bytes() {
            b"CUDAExtension" => {
                // The call, not the import.
                let rest = &code[r.end..];
                if rest.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'(') {
                    out.diag(
                        Code::TorchExtension,
                        r,
                        "PyTorch `CUDAExtension`: on ROCm, PyTorch hipifies and builds it itself; left as it is",
                        Some("build it against a ROCm PyTorch (`pip install .`); check the `nvcc` flags it passes"),
                    );
                }
            }
            b"pynvml" => pynvml(out, r),
            b"PYTORCH_CUDA_ALLOC_CONF" if alloc_tuning => alloc_conf(out, r),
            b"TORCH_CUDA_ARCH_LIST" | b"CMAKE_CUDA_ARCHITECTURES" => arch_list(out, r),
            _ => {}
        }
    }
    for m in TF32.find_iter(&code) {
        out.diag(
            Code::PythonBuildSetting,
            m.range(),
            "TF32 is not used on ROCm: this setting does nothing there, so precision and speed differ from the CUDA run",
            Some("gate it: `if torch.version.hip is None: torch.backends.cuda.matmul.allow_tf32 = True`"),
        );
    }
    for m in COMPILE.find_iter(&code) {
        // The call's extent, on the blanked code.
        let mut depth = 0usize;
        let mut end = code.len();
        for (k, &b) in code[m.end() - 1..].iter().enumerate() {
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = m.end() - 1 + k;
                        break;
                    }
                }
                _ => {}
            }
        }
        for s in strs
            .iter()
            .filter(|s| s.range.start > m.end() && s.range.end <= end)
        {
            if &src[s.content.clone()] == b"reduce-overhead" {
                out.diag(
                    Code::PythonBuildSetting,
                    s.range.clone(),
                    "`torch.compile(mode=\"reduce-overhead\")` uses CUDA graphs, which are very slow on ROCm",
                    Some("gate it: `mode=None if torch.version.hip else \"reduce-overhead\"`"),
                );
            }
        }
    }
    // String contents.
    let mut prev_flag: Option<&'static flags::Flag> = None;
    for s in &strs {
        let text = String::from_utf8_lossy(&src[s.content.clone()]).into_owned();
        let r = s.range.clone();
        let after_flag = prev_flag.take();
        match text.as_str() {
            "nvcc" => {
                // A dict key (`"nvcc": [...]`) or an argument list's name.
                let next = code[r.end..].iter().position(|b| !b.is_ascii_whitespace());
                let colon = next.map(|k| r.end + k).filter(|&k| code[k] == b':');
                if colon.is_some_and(|c| !only_flags_hipcc_takes(src, &code, &strs, c + 1)) || toml
                {
                    out.diag(
                        Code::PythonBuildSetting,
                        r,
                        "`nvcc` compile arguments: on ROCm they are passed to hipcc, which takes clang's flags",
                        Some(GATE_FLAGS),
                    );
                }
                continue;
            }
            t if t.starts_with("pynvml") || t.starts_with("nvidia-ml-py") => {
                pynvml(out, r);
                continue;
            }
            t if t.starts_with("PYTORCH_CUDA_ALLOC_CONF") && alloc_tuning => {
                alloc_conf(out, r);
                continue;
            }
            t if t.contains("TORCH_CUDA_ARCH_LIST") || t.contains("CMAKE_CUDA_ARCHITECTURES") => {
                arch_list(out, r);
                continue;
            }
            t if (t.starts_with("nvidia-") && t.contains("-cu1"))
                || t.starts_with("cupy-cuda")
                || t.contains("download.pytorch.org/whl/cu") =>
            {
                out.diag(
                    Code::PythonBuildSetting,
                    r,
                    format!("`{t}` is a CUDA build; ROCm needs its own (PyTorch: the `whl/rocmX.Y` index; CuPy: `cupy-rocm-*`)"),
                    Some("choose the package per platform, e.g. with an extra (`pip install .[rocm]`)"),
                );
                continue;
            }
            _ => {}
        }
        if after_flag.is_some() && (flags::is_cuda_arch(&text) || ARCH.is_match(text.as_bytes())) {
            arch_string(out, r, &text);
            continue;
        }
        if let Some((flag, value)) = flags::lookup(&text) {
            match flag.act {
                Act::Same => {}
                // `-std=c++17`: already the form hipcc takes.
                Act::Prefix(p) if text.starts_with(p) => {}
                Act::Arch if value.is_none() => prev_flag = Some(flag),
                Act::Arch => arch_string(out, r, &text),
                _ => {
                    if flag.value == flags::Value::Yes && value.is_none() {
                        prev_flag = Some(flag);
                    }
                    out.diag(
                        Code::NvccFlag,
                        r,
                        format!("nvcc flag `{text}`: hipcc on ROCm does not take it"),
                        Some(GATE_FLAGS),
                    );
                }
            }
            continue;
        }
        if ARCH.is_match(text.as_bytes()) {
            arch_string(out, r, &text);
            continue;
        }
        // A string of several flags (`'--use_fast_math -O3'`): name the nvcc ones.
        if text.contains(' ') {
            let nvcc: Vec<&str> = text
                .split_whitespace()
                .filter(|w| flags::lookup(w).is_some_and(|(f, _)| !matches!(f.act, Act::Same)))
                .collect();
            if !nvcc.is_empty() {
                out.diag(
                    Code::NvccFlag,
                    r,
                    format!(
                        "nvcc flags `{}`: hipcc on ROCm does not take them",
                        nvcc.join(" ")
                    ),
                    Some(GATE_FLAGS),
                );
            }
        }
    }
    // What only a CUDA build runs needs nothing on ROCm.
    if !toml {
        let blocks = cuda_only_blocks(&code);
        if !blocks.is_empty() {
            let mut k = 0;
            out.diags.retain(|d| {
                k += 1;
                k <= first_finding || !blocks.iter().any(|b| b.contains(&d.range.start))
            });
        }
    }
}

/// Whether the value after byte `from` is a list literal of flags hipcc
/// takes as they are (`["-O3"]`, `["-O3", "-DNDEBUG"]`): nothing to review.
fn only_flags_hipcc_takes(src: &[u8], code: &[u8], strs: &[Str], from: usize) -> bool {
    let Some(open) = code[from..]
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .map(|k| from + k)
    else {
        return false;
    };
    if code[open] != b'[' {
        return false;
    }
    let Some(close) = code[open..]
        .iter()
        .position(|&b| b == b']')
        .map(|k| open + k)
    else {
        return false;
    };
    // The list alone (`["-O3"] + extra` adds flags not seen here), of
    // strings alone.
    let after = code[close + 1..].iter().find(|b| !b.is_ascii_whitespace());
    let inside = strs
        .iter()
        .filter(|s| open < s.range.start && s.range.end <= close);
    matches!(after, Some(b',' | b'}' | b')') | None)
        && code[open + 1..close]
            .iter()
            .all(|&b| b.is_ascii_whitespace() || b == b',')
        && inside.clone().count() > 0
        && inside
            .clone()
            .all(|s| std::str::from_utf8(&src[s.content.clone()]).is_ok_and(flags::hipcc_takes))
}

/// The blocks only a CUDA build of PyTorch runs: `if torch.version.hip is
/// None:` (also joined by `and`), `if not IS_ROCM:` where the name has a
/// ROCm or HIP word, and the `else:` of `if IS_ROCM:`. By indentation.
fn cuda_only_blocks(code: &[u8]) -> Vec<Range<usize>> {
    let lines: Vec<Range<usize>> = {
        let mut v = Vec::new();
        let mut at = 0;
        for nl in memchr::memchr_iter(b'\n', code).chain([code.len()]) {
            v.push(at..nl);
            at = nl + 1;
        }
        v
    };
    let indent = |l: &Range<usize>| {
        code[l.clone()]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count()
    };
    let blank = |l: &Range<usize>| code[l.clone()].iter().all(|b| b.is_ascii_whitespace());
    // The block under line `k`: the lines indented deeper, to the next that is not.
    let block = |k: usize| {
        let base = indent(&lines[k]);
        let mut end = k;
        for (j, l) in lines.iter().enumerate().skip(k + 1) {
            if blank(l) {
                continue;
            }
            if indent(l) <= base {
                break;
            }
            end = j;
        }
        (lines[k].start..lines[end].end, end)
    };
    let mut out = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let text = &code[lines[k].clone()];
        let t = String::from_utf8_lossy(text);
        let t = t.trim();
        let cond = t.strip_prefix("if ").and_then(|c| c.strip_suffix(':'));
        match cond.map(rocm_test) {
            Some(Some(false)) => out.push(block(k).0),
            Some(Some(true)) => {
                let (_, end) = block(k);
                let base = indent(&lines[k]);
                let next = (end + 1..lines.len()).find(|&j| !blank(&lines[j]));
                if let Some(j) = next.filter(|&j| indent(&lines[j]) == base)
                    && String::from_utf8_lossy(&code[lines[j].clone()]).trim() == "else:"
                {
                    out.push(block(j).0);
                }
            }
            _ => {}
        }
        k += 1;
    }
    out
}

/// What a Python condition says of the build: `Some(true)` only on ROCm,
/// `Some(false)` only on CUDA, `None` either.
fn rocm_test(cond: &str) -> Option<bool> {
    let cond = cond
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim();
    if cond.contains(" or ") {
        return None;
    }
    if cond.contains(" and ") {
        // One CUDA-only term makes the whole CUDA-only.
        return cond
            .split(" and ")
            .any(|c| rocm_test(c) == Some(false))
            .then_some(false);
    }
    let squeeze: String = cond.split_whitespace().collect::<Vec<_>>().join(" ");
    let (negated, term) = match squeeze.strip_prefix("not ") {
        Some(t) => (true, t.trim()),
        None => (false, squeeze.as_str()),
    };
    let rocm = match term {
        "torch.version.hip is None" | "torch.version.hip == None" => Some(false),
        "torch.version.hip is not None" | "torch.version.hip != None" | "torch.version.hip" => {
            Some(true)
        }
        "torch.version.cuda is None" => Some(true),
        "torch.version.cuda is not None" | "torch.version.cuda" => Some(false),
        name if rocm_name(name) => Some(true),
        _ => None,
    };
    rocm.map(|r| r != negated)
}

/// `IS_ROCM`, `is_hip`, `IS_HIP_EXTENSION`, `use_rocm`: a name with a ROCm
/// or HIP word and no CUDA word.
fn rocm_name(name: &str) -> bool {
    let words = || name.split('_').map(str::to_ascii_lowercase);
    !name.is_empty()
        && name.bytes().all(|b| b == b'_' || b.is_ascii_alphanumeric())
        && words().any(|w| w == "rocm" || w == "hip")
        && !words().any(|w| w == "cuda" || w == "nvcc" || w == "not" || w == "no")
}

fn pynvml(out: &mut Out<'_>, r: Range<usize>) {
    out.diag(
        Code::PythonBuildSetting,
        r,
        "pynvml talks to NVIDIA's management library, which ROCm does not have",
        Some("on ROCm use amdsmi: `if torch.version.hip: import amdsmi` (else `import pynvml`)"),
    );
}

fn alloc_conf(out: &mut Out<'_>, r: Range<usize>) {
    out.diag(
        Code::PythonBuildSetting,
        r,
        "`PYTORCH_CUDA_ALLOC_CONF` tuning (`max_split_size_mb`) was chosen for NVIDIA's allocator behaviour; review it for ROCm",
        Some("gate it: `if torch.version.hip is None: os.environ[\"PYTORCH_CUDA_ALLOC_CONF\"] = \"max_split_size_mb:128\"` (ROCm builds also read PYTORCH_HIP_ALLOC_CONF)"),
    );
}

fn arch_list(out: &mut Out<'_>, r: Range<usize>) {
    out.diag(
        Code::GpuArchList,
        r,
        "CUDA architecture list: it cannot carry over to AMD GPUs",
        Some("on ROCm, PyTorch extensions build for `PYTORCH_ROCM_ARCH` (e.g. \"gfx90a;gfx942\"); CMake for GPU_TARGETS / CMAKE_HIP_ARCHITECTURES"),
    );
}

fn arch_string(out: &mut Out<'_>, r: Range<usize>, text: &str) {
    out.diag(
        Code::GpuArchList,
        r,
        format!("CUDA architecture `{text}` cannot carry over to AMD GPUs"),
        Some("gate it: `nvcc_flags if torch.version.hip is None else hip_flags`, and set PYTORCH_ROCM_ARCH (gfx targets) for ROCm"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scanner() {
        let src = b"a = 'x#y' # c \"q\"\nb = \"\"\"doc\n'\"\"\" + r\"\\\"\"\n";
        let (strs, comments) = scan(src, false);
        let texts: Vec<&[u8]> = strs.iter().map(|s| &src[s.content.clone()]).collect();
        assert_eq!(texts, vec![&b"x#y"[..], b"doc\n'", b"\\\""]);
        assert_eq!(comments.len(), 1);
        assert_eq!(&src[comments[0].clone()], b"# c \"q\"");
    }

    #[test]
    fn cuda_only_blocks_by_condition() {
        let src = "IS_ROCM = torch.version.hip is not None\nif not IS_ROCM:\n    a = 1\n\n    b = 2\nelse:\n    c = 3\nif IS_HIP_EXTENSION:\n    d = 4\nelse:\n    e = 5\nif x and torch.version.hip is None:\n    f = 6\nif x or torch.version.hip is None:\n    g = 7\n";
        let blocks: Vec<String> = cuda_only_blocks(src.as_bytes())
            .into_iter()
            .map(|r| src[r].split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(
            blocks,
            [
                "if not IS_ROCM: a = 1 b = 2",
                "else: e = 5",
                "if x and torch.version.hip is None: f = 6"
            ]
        );
    }

    #[test]
    fn toml_literal_strings() {
        let src = b"a = 'C:\\' # c\n";
        let (strs, comments) = scan(src, true);
        assert_eq!(&src[strs[0].content.clone()], b"C:\\");
        assert_eq!(comments.len(), 1);
    }
}
