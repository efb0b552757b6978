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
                let next = code[r.end..].iter().find(|b| !b.is_ascii_whitespace());
                if next == Some(&b':') || toml {
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
    fn toml_literal_strings() {
        let src = b"a = 'C:\\' # c\n";
        let (strs, comments) = scan(src, true);
        assert_eq!(&src[strs[0].content.clone()], b"C:\\");
        assert_eq!(comments.len(), 1);
    }
}
