//! nvcc flags → clang/hipcc flags, and CUDA libraries → HIP libraries: the
//! tables, in one place, and the driver that applies them to a list of flag
//! items (shared by the CMake and Make translators).

use std::ops::Range;

use crate::diagnostic::Code;
use crate::edit::Edit;

/// What becomes of an nvcc flag.
#[derive(Debug, Clone, Copy)]
pub enum Act {
    /// Known, and the same for clang: kept.
    Same,
    /// Replaced by this text (several flags are separated by a space).
    To(&'static str),
    /// Dropped: clang needs nothing for it.
    Drop,
    /// Dropped; no HIP equivalent (HIP-W018 with this help).
    Unported(&'static str),
    /// GPU architecture selection (HIP-W017).
    Arch,
    /// `-Xcompiler a,b`: the value's comma-separated flags, as they are.
    HostFlags,
    /// Depends on the value: value → replacement (`""` drops it); other values are reported.
    ByValue(&'static [(&'static str, &'static str)]),
    /// `PREFIX` + the value (`--std c++17` → `-std=c++17`).
    Prefix(&'static str),
}

/// Whether a flag takes a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// A switch.
    No,
    /// `-f=v` or `-f v`.
    Yes,
}

/// One row of the nvcc flag table.
#[derive(Debug)]
pub struct Flag {
    /// Every spelling nvcc accepts.
    pub names: &'static [&'static str],
    /// Whether it takes a value.
    pub value: Value,
    /// What it becomes.
    pub act: Act,
    /// Whether the spelling is unmistakably nvcc's, so it is translated in any
    /// flag list (not only where nvcc is known to be the compiler).
    pub anywhere: bool,
}

const fn f(names: &'static [&'static str], value: Value, act: Act, anywhere: bool) -> Flag {
    Flag {
        names,
        value,
        act,
        anywhere,
    }
}

use Act::*;
use Value::{No, Yes};

/// The nvcc flag table.
pub const FLAGS: &[Flag] = &[
    f(
        &["--use_fast_math", "-use_fast_math"],
        No,
        To("-ffast-math"),
        true,
    ),
    f(
        &["--expt-relaxed-constexpr", "-expt-relaxed-constexpr"],
        No,
        Drop,
        true,
    ),
    f(
        &[
            "--expt-extended-lambda",
            "-expt-extended-lambda",
            "--extended-lambda",
            "-extended-lambda",
        ],
        No,
        Drop,
        true,
    ),
    f(
        &["-lineinfo", "--generate-line-info"],
        No,
        To("-gline-tables-only"),
        true,
    ),
    f(
        &["-rdc", "--relocatable-device-code"],
        Yes,
        ByValue(&[("true", "-fgpu-rdc"), ("false", "")]),
        true,
    ),
    f(&["-dc", "--device-c"], No, To("-fgpu-rdc -c"), false),
    f(
        &["-dlink", "--device-link"],
        No,
        Unported(
            "hipcc links relocatable device code at the final link: pass `-fgpu-rdc --hip-link` there",
        ),
        false,
    ),
    f(&["-Xcompiler", "--compiler-options"], Yes, HostFlags, true),
    f(
        &["-Xptxas", "--ptxas-options"],
        Yes,
        Unported(
            "ptxas options have no HIP equivalent (for register use, see `-Rpass-analysis=kernel-resource-usage`)",
        ),
        true,
    ),
    f(
        &["-Xfatbin", "--fatbin-options"],
        Yes,
        Unported(
            "fatbinary options have no HIP equivalent (clang bundles the code objects itself)",
        ),
        true,
    ),
    f(
        &["-Xnvlink", "--nvlink-options"],
        Yes,
        Unported("nvlink options have no HIP equivalent"),
        true,
    ),
    f(
        &["-maxrregcount", "--maxrregcount"],
        Yes,
        Unported(
            "no register cap flag on AMD: bound a kernel's registers with `__launch_bounds__`",
        ),
        true,
    ),
    f(
        &["-arch", "--gpu-architecture", "-code", "--gpu-code"],
        Yes,
        Arch,
        true,
    ),
    f(&["-gencode", "--generate-code"], Yes, Arch, true),
    f(
        &["-ccbin", "--compiler-bindir"],
        Yes,
        Unported(
            "hipcc compiles host code with clang; choose the host compiler with CXX / CMAKE_CXX_COMPILER",
        ),
        false,
    ),
    f(
        &["--default-stream", "-default-stream"],
        Yes,
        ByValue(&[
            ("per-thread", "-fgpu-default-stream=per-thread"),
            ("legacy", "-fgpu-default-stream=legacy"),
            ("null", "-fgpu-default-stream=legacy"),
        ]),
        true,
    ),
    f(
        &["--fmad", "-fmad"],
        Yes,
        ByValue(&[
            ("true", "-ffp-contract=fast"),
            ("false", "-ffp-contract=off"),
        ]),
        true,
    ),
    f(
        &["--ftz", "-ftz"],
        Yes,
        ByValue(&[
            ("true", "-fgpu-flush-denormals-to-zero"),
            ("false", "-fno-gpu-flush-denormals-to-zero"),
        ]),
        true,
    ),
    f(
        &["--prec-div", "-prec-div", "--prec-sqrt", "-prec-sqrt"],
        Yes,
        Unported("clang has no separate switch; `-ffast-math` relaxes division and square root"),
        true,
    ),
    f(
        &["-G", "--device-debug"],
        No,
        Unported("for device debug information use `-g` (with `-O0`)"),
        false,
    ),
    f(&["-Wno-deprecated-gpu-targets"], No, Drop, true),
    f(&["--keep", "-keep"], No, To("-save-temps"), false),
    f(
        &["-res-usage", "--resource-usage"],
        No,
        Unported("for register and LDS use, try `-Rpass-analysis=kernel-resource-usage`"),
        true,
    ),
    f(&["-t", "--threads"], Yes, Drop, false),
    f(
        &[
            "--forward-unknown-to-host-compiler",
            "-forward-unknown-to-host-compiler",
        ],
        No,
        Drop,
        true,
    ),
    f(
        &[
            "--diag-suppress",
            "-diag-suppress",
            "--diag_suppress",
            "-Xcudafe",
        ],
        Yes,
        Unported("nvcc's diagnostic numbers mean nothing to clang: use `-Wno-<warning>`"),
        true,
    ),
    f(
        &["--cudart", "-cudart"],
        Yes,
        ByValue(&[("shared", ""), ("none", "")]),
        true,
    ),
    f(
        &["-x"],
        Yes,
        ByValue(&[("cu", "-x hip"), ("c++", "-x c++")]),
        false,
    ),
    f(&["--std", "-std"], Yes, Prefix("-std="), false),
];

/// Flags clang takes as nvcc does (by prefix; `=` ends an exact name).
const PASS: &[&str] = &[
    "-O",
    "-g",
    "-D",
    "-U",
    "-I",
    "-L",
    "-l",
    "-o=",
    "-c=",
    "-w=",
    "-W",
    "-f",
    "-m",
    "-M",
    "-E=",
    "-S=",
    "-v=",
    "--verbose=",
    "-shared=",
    "-static=",
    "-pthread=",
    "-pg=",
    "-isystem",
    "-include",
    "-Xlinker",
    "-Wl,",
    "--offload-arch",
    "-save-temps",
    "-x=",
    "-std=",
    "-rpath",
    "-Xclang",
    "-nogpu",
    "--rocm",
    "--hip",
    "-stdlib",
    "-pie=",
    "-fPIC=",
];

/// One CUDA library: its CMake target, the HIP target and package, and the Make flag.
#[derive(Debug)]
pub struct Lib {
    /// Library name (`cublas`); `CUDA::<name>` in CMake, `-l<name>` in Make.
    pub cuda: &'static str,
    /// The HIP CMake target (`roc::hipblas`).
    pub target: &'static str,
    /// The package to find for it (`hipblas`); empty: none.
    pub package: &'static str,
    /// The Make link flag.
    pub link: &'static str,
}

const fn lib(
    cuda: &'static str,
    target: &'static str,
    package: &'static str,
    link: &'static str,
) -> Lib {
    Lib {
        cuda,
        target,
        package,
        link,
    }
}

/// CUDA libraries and their HIP ports.
pub const LIBS: &[Lib] = &[
    lib("cudart", "hip::host", "hip", "-lamdhip64"),
    lib("cuda_driver", "hip::host", "hip", "-lamdhip64"),
    lib("cuda", "hip::host", "hip", "-lamdhip64"),
    lib("cublas", "roc::hipblas", "hipblas", "-lhipblas"),
    lib("cublasLt", "roc::hipblaslt", "hipblaslt", "-lhipblaslt"),
    lib("curand", "hip::hiprand", "hiprand", "-lhiprand"),
    lib("cufft", "hip::hipfft", "hipfft", "-lhipfft"),
    lib("cusparse", "roc::hipsparse", "hipsparse", "-lhipsparse"),
    lib("cusolver", "roc::hipsolver", "hipsolver", "-lhipsolver"),
    lib("nvrtc", "hiprtc::hiprtc", "hiprtc", "-lhiprtc"),
    lib("nvToolsExt", "roctx64", "", "-lroctx64"),
    lib("nvtx3", "roctx64", "", "-lroctx64"),
    lib("nccl", "rccl::rccl", "rccl", "-lrccl"),
];

/// CUDA libraries with no drop-in HIP port, and what to use.
pub const UNPORTED_LIBS: &[(&str, &str)] = &[
    ("nvml", "NVML → rocm_smi (`rocm_smi64`), a different API"),
    (
        "nvidia-ml",
        "NVML → rocm_smi (`rocm_smi64`), a different API",
    ),
    ("cupti", "CUPTI → rocprofiler/roctracer, a different API"),
    ("cudnn", "cuDNN → MIOpen (`MIOpen`); not drop-in"),
    ("nvjpeg", "nvJPEG → rocJPEG, a different API"),
    (
        "cufile",
        "cuFile (GPUDirect Storage) → hipFile (HIP 7.2 and later); link it by hand",
    ),
    ("culibos", "culibos is an nvcc internal; drop it"),
];

/// Looks a library name up (`_static` suffixes map to the shared library's port).
pub fn lib_for(name: &str) -> Option<&'static Lib> {
    let name = name.strip_suffix("_static").unwrap_or(name);
    LIBS.iter().find(|l| l.cuda == name)
}

/// Finds the table row for a flag item: the row and the value joined with `=`.
pub fn lookup(item: &str) -> Option<(&'static Flag, Option<&str>)> {
    for flag in FLAGS {
        for name in flag.names {
            if item == *name {
                return Some((flag, None));
            }
            if flag.value == Yes
                && let Some(v) = item.strip_prefix(name).and_then(|r| r.strip_prefix('='))
            {
                return Some((flag, Some(v)));
            }
        }
    }
    None
}

/// Whether hipcc takes `item` as nvcc does (`-O3`, `-DX`, `-std=c++17`).
pub fn hipcc_takes(item: &str) -> bool {
    match lookup(item) {
        Some((f, _)) => match f.act {
            Act::Same => true,
            Act::Prefix(p) => item.starts_with(p),
            _ => false,
        },
        None => passes(item),
    }
}

fn passes(item: &str) -> bool {
    PASS.iter().any(|p| match p.strip_suffix('=') {
        Some(exact) => item == exact || item.starts_with(&format!("{exact}=")),
        None => item.starts_with(p),
    })
}

/// Whether a value names NVIDIA architectures.
pub fn is_cuda_arch(value: &str) -> bool {
    let v = value.trim_matches('"');
    v.contains("sm_")
        || v.contains("compute_")
        || v.contains("lto_")
        || matches!(v, "native" | "all" | "all-major")
        || v.starts_with("arch=")
        || v.starts_with('$')
}

/// One flag in a list: where the flag would start, and where a value for the
/// flag before it would start (they differ inside Make function calls).
#[derive(Debug, Clone)]
pub struct Item {
    /// The bytes looked up as a flag.
    pub flag: Range<usize>,
    /// The bytes taken as the previous flag's value.
    pub value: Range<usize>,
}

impl Item {
    /// An item whose flag and value spans are the same.
    pub fn plain(r: Range<usize>) -> Item {
        Item {
            flag: r.clone(),
            value: r,
        }
    }
}

/// How GPU architecture flags are replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArchStyle {
    /// Dropped: CMake's `HIP_ARCHITECTURES` adds `--offload-arch`.
    Drop,
    /// The first becomes this text, the rest of the list is dropped.
    Replace(&'static str),
}

/// Where the flags are.
#[derive(Debug, Clone, Copy)]
pub struct Context {
    /// nvcc is certainly the compiler: unknown flags are reported and
    /// every table row applies (not only the `anywhere` ones).
    pub nvcc: bool,
    /// How to separate several flags that replace one (`" "` or `";"`).
    pub sep: &'static str,
    /// What GPU architecture flags become.
    pub arch: ArchStyle,
}

/// A finding about one item.
#[derive(Debug)]
pub struct Finding {
    /// The item's bytes.
    pub range: Range<usize>,
    /// The code.
    pub code: Code,
    /// What was found.
    pub message: String,
    /// What to do.
    pub help: Option<String>,
}

/// The result for one item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Res {
    /// Left as it is.
    Keep,
    /// Replaced.
    Replace(String),
    /// Removed, with a separator next to it.
    Drop,
}

/// Translates a list of flag items of `src`. `arch_done` is shared across the
/// lists of one logical line, so only the first architecture flag is replaced.
pub fn translate(
    src: &[u8],
    items: &[Item],
    cx: Context,
    arch_done: &mut bool,
    findings: &mut Vec<Finding>,
) -> Vec<Res> {
    let text = |r: &Range<usize>| String::from_utf8_lossy(&src[r.clone()]).into_owned();
    let mut res = vec![Res::Keep; items.len()];
    let mut i = 0;
    while i < items.len() {
        let t = text(&items[i].flag);
        let start_range = items[i].flag.clone();
        // A library flag.
        let lib_name = t
            .strip_prefix("-l")
            .filter(|n| lib_for(n).is_some() || UNPORTED_LIBS.iter().any(|(u, _)| u == n));
        if let Some(name) = lib_name {
            if let Some(l) = lib_for(name) {
                res[i] = if l.link == "-lamdhip64"
                    && items[..i].iter().zip(&res).any(|(it, r)| {
                        matches!(r, Res::Replace(s) if s == "-lamdhip64")
                            || text(&it.flag) == "-lamdhip64"
                    }) {
                    Res::Drop
                } else {
                    Res::Replace(l.link.to_string())
                };
            } else if let Some((_, help)) = UNPORTED_LIBS.iter().find(|(n, _)| *n == name) {
                findings.push(Finding {
                    range: start_range,
                    code: Code::BuildSettingUnported,
                    message: format!("`{t}` has no HIP port"),
                    help: Some(help.to_string()),
                });
            }
            i += 1;
            continue;
        }
        let Some((flag, joined)) = lookup(&t).filter(|(f, _)| cx.nvcc || f.anywhere) else {
            if cx.nvcc && t.starts_with('-') && !passes(&t) {
                findings.push(Finding {
                    range: start_range,
                    code: Code::NvccFlag,
                    message: format!("unknown nvcc flag `{t}` left as it is"),
                    help: Some("hipcc takes clang's flags: replace or remove it".into()),
                });
            }
            i += 1;
            continue;
        };
        // The value: joined with `=`, or the next item.
        let (value, vidx) = match (flag.value, joined) {
            (No, _) => (None, None),
            (Yes, Some(v)) => (Some(v.to_string()), None),
            (Yes, None) if i + 1 < items.len() => (Some(text(&items[i + 1].value)), Some(i + 1)),
            (Yes, None) => (None, None),
        };
        let full = match vidx {
            Some(v) => start_range.start..items[v].value.end,
            None => start_range.clone(),
        };
        let shown = match &value {
            Some(v) if vidx.is_some() => format!("{t} {v}"),
            _ => t.clone(),
        };
        let mut out: Option<Res> = None; // for the flag item; the value item is dropped
        match flag.act {
            Same => {}
            To(s) => out = Some(Res::Replace(s.replace(' ', cx.sep))),
            Drop => out = Some(Res::Drop),
            Unported(help) => {
                findings.push(Finding {
                    range: full.clone(),
                    code: Code::NvccFlag,
                    message: format!("nvcc flag `{shown}` has no HIP equivalent; dropped"),
                    help: Some(help.into()),
                });
                out = Some(Res::Drop);
            }
            Arch => match &value {
                Some(v) if is_cuda_arch(v) => {
                    let (r, help) = match cx.arch {
                        ArchStyle::Drop => (
                            Res::Drop,
                            "dropped: CMake passes `--offload-arch` for each entry of the target's `HIP_ARCHITECTURES` (set `-DGPU_TARGETS=gfx90a` or `CMAKE_HIP_ARCHITECTURES`)",
                        ),
                        ArchStyle::Replace(s) if !*arch_done => {
                            *arch_done = true;
                            (
                                Res::Replace(s.to_string()),
                                "the AMD targets come from GPU_TARGETS (e.g. `make GPU_TARGETS=gfx90a`)",
                            )
                        }
                        ArchStyle::Replace(_) => {
                            (Res::Drop, "the AMD targets come from GPU_TARGETS")
                        }
                    };
                    findings.push(Finding {
                        range: full.clone(),
                        code: Code::GpuArchList,
                        message: format!(
                            "CUDA architecture flag `{shown}` cannot carry over to AMD GPUs"
                        ),
                        help: Some(help.into()),
                    });
                    out = Some(r);
                }
                _ => findings.push(Finding {
                    range: full.clone(),
                    code: Code::NvccFlag,
                    message: format!(
                        "nvcc flag `{shown}` with a value hipify-rs does not know; left as it is"
                    ),
                    help: None,
                }),
            },
            HostFlags => {
                if let Some(v) = &value {
                    let v = v.trim_matches('"');
                    let host: Vec<&str> = v.split(',').filter(|s| !s.is_empty()).collect();
                    out = Some(if host.is_empty() {
                        Res::Drop
                    } else if vidx.is_some() {
                        // `-Xcompiler X`: drop the switch, rewrite the value.
                        res[i + 1] = Res::Replace(host.join(cx.sep));
                        res[i] = Res::Drop;
                        i += 2;
                        continue;
                    } else {
                        Res::Replace(host.join(cx.sep))
                    });
                }
            }
            ByValue(table) => match value
                .as_deref()
                .and_then(|v| table.iter().find(|(k, _)| *k == v.trim_matches('"')))
            {
                Some((_, "")) => out = Some(Res::Drop),
                Some((_, to)) => out = Some(Res::Replace(to.replace(' ', cx.sep))),
                None => findings.push(Finding {
                    range: full.clone(),
                    code: Code::NvccFlag,
                    message: format!(
                        "nvcc flag `{shown}` with a value hipify-rs does not know; left as it is"
                    ),
                    help: None,
                }),
            },
            Prefix(p) => {
                if let Some(v) = &value {
                    out = Some(Res::Replace(format!("{p}{v}")));
                }
            }
        }
        match out {
            Some(r) => {
                res[i] = r;
                if let Some(v) = vidx {
                    res[v] = Res::Drop;
                }
                i = vidx.map_or(i + 1, |v| v + 1);
            }
            None => i = vidx.map_or(i + 1, |v| v + 1),
        }
    }
    res
}

/// Edits for per-item results in one list whose items are separated by
/// whitespace or `;`: a dropped item takes the separator before it (after it,
/// when nothing before it is kept).
pub fn list_edits(src: &[u8], items: &[Range<usize>], res: &[Res]) -> Vec<Edit> {
    let mut out = Vec::new();
    let mut kept_before = false;
    for (i, (r, x)) in items.iter().zip(res).enumerate() {
        match x {
            Res::Keep => kept_before = true,
            Res::Replace(s) => {
                kept_before = true;
                if src[r.clone()] != *s.as_bytes() {
                    out.push(Edit::replace(r.clone(), s.clone()));
                }
            }
            Res::Drop => {
                let range = if kept_before {
                    items[i - 1].end..r.end
                } else if let Some(next) = items.get(i + 1) {
                    r.start..next.start
                } else {
                    r.clone()
                };
                out.push(Edit::delete(range));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str, nvcc: bool) -> (String, Vec<Code>) {
        let src = line.as_bytes();
        let mut items = Vec::new();
        let mut i = 0;
        while i < src.len() {
            if src[i] == b' ' {
                i += 1;
                continue;
            }
            let s = i;
            while i < src.len() && src[i] != b' ' {
                i += 1;
            }
            items.push(s..i);
        }
        let its: Vec<Item> = items.iter().cloned().map(Item::plain).collect();
        let mut findings = Vec::new();
        let cx = Context {
            nvcc,
            sep: " ",
            arch: ArchStyle::Replace("$(ARCH)"),
        };
        let res = translate(src, &its, cx, &mut false, &mut findings);
        let (edits, _) = crate::edit::normalize(list_edits(src, &items, &res));
        (
            String::from_utf8(crate::edit::apply(src, &edits)).unwrap(),
            findings.iter().map(|f| f.code).collect(),
        )
    }

    #[test]
    fn table_rows() {
        assert_eq!(
            run("-O3 --use_fast_math -lineinfo", true).0,
            "-O3 -ffast-math -gline-tables-only"
        );
        assert_eq!(
            run("--expt-relaxed-constexpr -O2 --expt-extended-lambda", true).0,
            "-O2"
        );
        assert_eq!(
            run("-Xcompiler -fopenmp,-Wall -g", true).0,
            "-fopenmp -Wall -g"
        );
        assert_eq!(run("-Xcompiler=-fPIC", true).0, "-fPIC");
        assert_eq!(run("-rdc=true -c", true).0, "-fgpu-rdc -c");
        assert_eq!(run("-x cu", true).0, "-x hip");
        assert_eq!(run("--std c++17", true).0, "-std=c++17");
        let (out, codes) = run("-O3 -Xptxas -v -maxrregcount=64", true);
        assert_eq!(out, "-O3");
        assert_eq!(codes, vec![Code::NvccFlag, Code::NvccFlag]);
    }

    #[test]
    fn arch_flags() {
        let (out, codes) = run(
            "-gencode arch=compute_70,code=sm_70 -gencode=arch=compute_80,code=sm_80 -O3",
            true,
        );
        assert_eq!(out, "$(ARCH) -O3");
        assert_eq!(codes, vec![Code::GpuArchList, Code::GpuArchList]);
        assert_eq!(run("-arch=sm_80", true).0, "$(ARCH)");
    }

    #[test]
    fn unknown_flags_are_reported_only_for_nvcc() {
        let (out, codes) = run("--frobnicate -O2", true);
        assert_eq!(out, "--frobnicate -O2");
        assert_eq!(codes, vec![Code::NvccFlag]);
        assert!(run("--frobnicate -G", false).1.is_empty());
        assert_eq!(run("-G", false).0, "-G");
    }

    #[test]
    fn libraries() {
        assert_eq!(
            run("-lcudart -lcuda -lcublas -lcurand -lm", false).0,
            "-lamdhip64 -lhipblas -lhiprand -lm"
        );
        assert_eq!(
            run("-lnvidia-ml", false).1,
            vec![Code::BuildSettingUnported]
        );
    }
}
