//! CMake: a scanner for commands, arguments (unquoted, quoted, bracket) and
//! comments (line and bracket), and the CUDA → HIP rewrites over it.
//!
//! `.cu` sources: CMake compiles `.cu` files as CUDA; after each command that
//! names `.cu` files literally (`add_library`, `add_executable`,
//! `target_sources`, `set`, `list`) a `set_source_files_properties(… PROPERTIES
//! LANGUAGE HIP)` is inserted, and after a `file(GLOB …)` with a `*.cu`
//! pattern, the same for the `.cu` entries of its variable.

use std::collections::BTreeMap;
use std::ops::Range;

use super::flags::{self, ArchStyle, Context, Item, Res};
use super::{DEFAULT_GPU_TARGETS, Out, indent_at};
use crate::diagnostic::Code;
use crate::edit::Edit;

/// How an argument is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// `word`, `${VAR}`, `$<…>`.
    Unquoted,
    /// `"…"`.
    Quoted,
    /// `[[…]]`, `[=[…]=]`.
    Bracket,
}

/// One argument of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    /// All its bytes (quotes and brackets included).
    pub range: Range<usize>,
    /// The bytes inside the quotes or brackets.
    pub content: Range<usize>,
    /// How it is written.
    pub kind: ArgKind,
}

/// One command invocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The command name.
    pub name: Range<usize>,
    /// Its arguments (bare parentheses inside are not arguments).
    pub args: Vec<Arg>,
    /// Just after the closing parenthesis.
    pub end: usize,
    /// A comment lies between the parentheses.
    pub has_comment: bool,
}

/// A scanned CMake file.
#[derive(Debug, Default)]
pub struct Parsed {
    /// The commands, in order.
    pub commands: Vec<Command>,
    /// Line and bracket comments.
    pub comments: Vec<Range<usize>>,
}

/// `[=*[` at `i`: the number of `=`.
fn bracket_open(src: &[u8], i: usize) -> Option<usize> {
    if src.get(i) != Some(&b'[') {
        return None;
    }
    let mut j = i + 1;
    while src.get(j) == Some(&b'=') {
        j += 1;
    }
    (src.get(j) == Some(&b'[')).then_some(j - i - 1)
}

/// The end of a bracket construct opened at `i` with `eq` `=`s (after `]=*]`),
/// and where its content ends.
fn bracket_end(src: &[u8], i: usize, eq: usize) -> (usize, usize) {
    let body = i + eq + 2;
    let mut close = Vec::with_capacity(eq + 2);
    close.push(b']');
    close.extend(std::iter::repeat_n(b'=', eq));
    close.push(b']');
    match memchr::memmem::find(&src[body.min(src.len())..], &close) {
        Some(p) => (body + p + close.len(), body + p),
        None => (src.len(), src.len()),
    }
}

/// A comment at `i` (a `#`): its end.
fn comment_end(src: &[u8], i: usize) -> usize {
    if let Some(eq) = bracket_open(src, i + 1) {
        return bracket_end(src, i + 1, eq).0;
    }
    memchr::memchr(b'\n', &src[i..]).map_or(src.len(), |p| i + p)
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Scans a CMake file.
pub fn parse(src: &[u8]) -> Parsed {
    let mut out = Parsed::default();
    let n = src.len();
    let mut i = 0;
    while i < n {
        let c = src[i];
        if c == b'#' {
            let e = comment_end(src, i);
            out.comments.push(i..e);
            i = e;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < n && is_ident(src[i]) {
                i += 1;
            }
            let name = s..i;
            let mut j = i;
            while j < n && (src[j] == b' ' || src[j] == b'\t') {
                j += 1;
            }
            if src.get(j) == Some(&b'(') {
                let (cmd, end) = parse_args(src, name, j + 1, &mut out.comments);
                out.commands.push(cmd);
                i = end;
            }
        } else {
            i += 1;
        }
    }
    out
}

fn parse_args(
    src: &[u8],
    name: Range<usize>,
    mut i: usize,
    comments: &mut Vec<Range<usize>>,
) -> (Command, usize) {
    let n = src.len();
    let mut cmd = Command {
        name,
        args: Vec::new(),
        end: n,
        has_comment: false,
    };
    let mut depth = 0usize;
    while i < n {
        let c = src[i];
        match c {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'#' => {
                let e = comment_end(src, i);
                comments.push(i..e);
                cmd.has_comment = true;
                i = e;
            }
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                i += 1;
                if depth == 0 {
                    cmd.end = i;
                    return (cmd, i);
                }
                depth -= 1;
            }
            b'"' => {
                let mut j = i + 1;
                while j < n && src[j] != b'"' {
                    j += if src[j] == b'\\' { 2 } else { 1 };
                }
                let j = j.min(n);
                cmd.args.push(Arg {
                    range: i..(j + 1).min(n),
                    content: i + 1..j,
                    kind: ArgKind::Quoted,
                });
                i = (j + 1).min(n);
            }
            b'[' if bracket_open(src, i).is_some() => {
                let eq = bracket_open(src, i).unwrap_or(0);
                let (end, content_end) = bracket_end(src, i, eq);
                cmd.args.push(Arg {
                    range: i..end,
                    content: (i + eq + 2).min(content_end)..content_end,
                    kind: ArgKind::Bracket,
                });
                i = end;
            }
            _ => {
                let s = i;
                let mut j = i;
                while j < n {
                    match src[j] {
                        b' ' | b'\t' | b'\r' | b'\n' | b'(' | b')' | b'#' => break,
                        b'\\' => j += 2,
                        b'"' => {
                            // Legacy `-Da="b c"`: the quotes are part of the argument.
                            j += 1;
                            while j < n && src[j] != b'"' {
                                j += if src[j] == b'\\' { 2 } else { 1 };
                            }
                            j += 1;
                        }
                        _ => j += 1,
                    }
                }
                let j = j.min(n);
                cmd.args.push(Arg {
                    range: s..j,
                    content: s..j,
                    kind: ArgKind::Unquoted,
                });
                i = j;
            }
        }
    }
    (cmd, n)
}

/// Variables and properties with a HIP form of the same meaning.
const RENAMES: &[(&str, &str)] = &[
    ("CMAKE_CUDA_ARCHITECTURES", "CMAKE_HIP_ARCHITECTURES"),
    ("CUDA_ARCHITECTURES", "HIP_ARCHITECTURES"),
    ("CMAKE_CUDA_STANDARD", "CMAKE_HIP_STANDARD"),
    (
        "CMAKE_CUDA_STANDARD_REQUIRED",
        "CMAKE_HIP_STANDARD_REQUIRED",
    ),
    ("CMAKE_CUDA_EXTENSIONS", "CMAKE_HIP_EXTENSIONS"),
    ("CUDA_STANDARD", "HIP_STANDARD"),
    ("CUDA_STANDARD_REQUIRED", "HIP_STANDARD_REQUIRED"),
    ("CUDA_EXTENSIONS", "HIP_EXTENSIONS"),
    ("CMAKE_CUDA_COMPILER", "CMAKE_HIP_COMPILER"),
    ("CMAKE_CUDA_COMPILER_ID", "CMAKE_HIP_COMPILER_ID"),
    ("CMAKE_CUDA_COMPILER_LOADED", "CMAKE_HIP_COMPILER_LOADED"),
    (
        "CMAKE_CUDA_VISIBILITY_PRESET",
        "CMAKE_HIP_VISIBILITY_PRESET",
    ),
    ("CUDA_VISIBILITY_PRESET", "HIP_VISIBILITY_PRESET"),
    ("CUDA_COMPILER_ID", "HIP_COMPILER_ID"),
    ("CUDAToolkit_FOUND", "hip_FOUND"),
    ("CUDAToolkit_INCLUDE_DIRS", "hip_INCLUDE_DIRS"),
    ("CUDA_FOUND", "hip_FOUND"),
    ("CUDA_INCLUDE_DIRS", "hip_INCLUDE_DIRS"),
    ("NCCL_FOUND", "rccl_FOUND"),
];

const RDC_HELP: &str = "no HIP property: compile with `$<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>` and link with `-fgpu-rdc --hip-link` (target_compile_options / target_link_options)";
const VERSION_HELP: &str = "a CUDA version means nothing on ROCm: test `hip_VERSION` (after find_package(hip)) or drop the check";
const FINDCUDA_HELP: &str = "FindCUDA (removed in CMake 3.27) has no HIP form here: port to `project(… LANGUAGES CUDA)` first, or list the flags in CMAKE_HIP_FLAGS";
const TOOLKIT_HELP: &str = "the CUDA toolkit's paths have no meaning on ROCm: use `hip_DIR`, `ROCM_PATH` or hip's imported targets";

/// Variables and properties with no HIP form: reported, left.
const UNPORTED: &[(&str, &str)] = &[
    ("CUDA_SEPARABLE_COMPILATION", RDC_HELP),
    ("CMAKE_CUDA_SEPARABLE_COMPILATION", RDC_HELP),
    (
        "CUDA_RESOLVE_DEVICE_SYMBOLS",
        "no HIP equivalent: with `-fgpu-rdc`, device code is linked at the final `--hip-link` link",
    ),
    (
        "CMAKE_CUDA_RESOLVE_DEVICE_SYMBOLS",
        "no HIP equivalent: with `-fgpu-rdc`, device code is linked at the final `--hip-link` link",
    ),
    (
        "CMAKE_CUDA_HOST_COMPILER",
        "clang compiles host and device code alike; choose the host compiler with CMAKE_CXX_COMPILER",
    ),
    ("CMAKE_CUDA_COMPILER_VERSION", VERSION_HELP),
    ("CUDAToolkit_VERSION", VERSION_HELP),
    ("CUDAToolkit_VERSION_MAJOR", VERSION_HELP),
    ("CUDAToolkit_VERSION_MINOR", VERSION_HELP),
    ("CUDA_VERSION", VERSION_HELP),
    ("CUDA_VERSION_MAJOR", VERSION_HELP),
    ("CUDA_VERSION_STRING", VERSION_HELP),
    ("CUDA_NVCC_FLAGS", FINDCUDA_HELP),
    ("CUDA_PTX_COMPILATION", "PTX does not exist on AMD GPUs"),
    (
        "CMAKE_CUDA_RUNTIME_LIBRARY",
        "the HIP runtime is always the shared libamdhip64",
    ),
    (
        "CUDA_RUNTIME_LIBRARY",
        "the HIP runtime is always the shared libamdhip64",
    ),
    ("CUDAToolkit_NVCC_EXECUTABLE", TOOLKIT_HELP),
    ("CUDAToolkit_BIN_DIR", TOOLKIT_HELP),
    ("CUDAToolkit_LIBRARY_DIR", TOOLKIT_HELP),
    ("CUDAToolkit_ROOT", TOOLKIT_HELP),
    ("CUDA_TOOLKIT_ROOT_DIR", TOOLKIT_HELP),
];

/// FindCUDA's commands.
const FINDCUDA_COMMANDS: &[&str] = &[
    "cuda_add_executable",
    "cuda_add_library",
    "cuda_compile",
    "cuda_compile_ptx",
    "cuda_compile_fatbin",
    "cuda_include_directories",
    "cuda_add_cublas_to_target",
    "cuda_add_cufft_to_target",
    "cuda_wrap_srcs",
    "cuda_select_nvcc_arch_flags",
];

/// FindCUDA's library variables (`${CUDA_CUBLAS_LIBRARIES}`) → the library.
fn findcuda_library_var(word: &str) -> Option<&'static flags::Lib> {
    if word == "CUDA_LIBRARIES" {
        return flags::lib_for("cudart");
    }
    let mid = word
        .strip_prefix("CUDA_")?
        .strip_suffix("_LIBRARIES")
        .or_else(|| word.strip_prefix("CUDA_")?.strip_suffix("_LIBRARY"))?;
    flags::lib_for(&mid.to_ascii_lowercase()).or_else(|| flags::lib_for(mid))
}

fn nccl_target(word: &str) -> bool {
    matches!(
        word,
        "NCCL::NCCL" | "nccl::nccl" | "NCCL::nccl" | "NCCL::nccl_static"
    )
}

/// What the file-level passes need to remember.
#[derive(Default)]
struct State {
    /// Packages found in the file (lower case).
    found: Vec<String>,
    /// Packages needed → the command that first needs them.
    needed: BTreeMap<&'static str, usize>,
    /// `find_package(CUDAToolkit|CUDA)`: the command and whether it was REQUIRED.
    cuda_find: Option<(usize, bool)>,
    /// The first command whose architecture list was replaced, and the list.
    arch_at: Option<(usize, String)>,
    /// `.cu` files already given LANGUAGE HIP.
    covered: Vec<String>,
    /// Edits inside rewritten flag items: word renames must not touch them.
    taken: Vec<Range<usize>>,
    /// Variables that hold nvcc flags: passed on as `${VAR}` in CUDA flags
    /// (`CMAKE_CUDA_FLAGS`, `CUDA_NVCC_FLAGS`, a CUDA generator expression).
    flag_vars: Vec<String>,
    /// Targets whose sources are listed and hold at most one `.cu` file:
    /// their device code cannot link across units of their own.
    one_unit_targets: Vec<String>,
}

pub(crate) fn translate(out: &mut Out<'_>) {
    let src = out.src;
    let parsed = parse(src);
    out.comments = parsed.comments.clone();
    let cmds = &parsed.commands;
    let lower = |c: &Command| String::from_utf8_lossy(&src[c.name.clone()]).to_ascii_lowercase();
    let arg_text = |a: &Arg| String::from_utf8_lossy(&src[a.content.clone()]).into_owned();

    let mut st = State::default();
    // Pre-pass: what is already there.
    for c in cmds {
        let name = lower(c);
        let texts: Vec<String> = c.args.iter().map(arg_text).collect();
        if name == "find_package" && !texts.is_empty() {
            let p = texts[0].to_ascii_lowercase();
            st.found.push(match p.as_str() {
                "cudatoolkit" | "cuda" => "hip".into(),
                "nccl" => "rccl".into(),
                _ => p,
            });
        }
        if matches!(name.as_str(), "add_library" | "add_executable")
            && let Some((target, sources)) = texts.split_first()
            && !sources
                .iter()
                .any(|t| t.contains("${") || t.contains('*') || t.contains("$<"))
            && sources.iter().filter(|t| t.ends_with(".cu")).count() <= 1
        {
            st.one_unit_targets.push(target.clone());
        }
        if name == "set_source_files_properties"
            && texts
                .windows(2)
                .any(|w| w[0] == "LANGUAGE" && w[1] == "HIP")
        {
            st.covered
                .extend(texts.iter().take_while(|t| *t != "PROPERTIES").cloned());
        }
        if name == "list" && texts.len() > 1 && texts[0] == "FILTER" {
            st.covered.push(texts[1].clone());
        }
        if name == "set" && texts.first().is_some_and(|t| t == "GPU_TARGETS") {
            st.arch_at = Some((usize::MAX, String::new()));
        }
        st.flag_vars.extend(passed_as_flags(src, c, &name, &texts));
    }

    for (ci, c) in cmds.iter().enumerate() {
        let name = lower(c);
        let texts: Vec<String> = c.args.iter().map(arg_text).collect();
        if FINDCUDA_COMMANDS.contains(&name.as_str()) {
            out.diag(
                Code::BuildSettingUnported,
                c.name.clone(),
                format!(
                    "FindCUDA command `{}` has no HIP form",
                    out.text(c.name.clone())
                ),
                Some(FINDCUDA_HELP),
            );
        }
        match name.as_str() {
            "project" | "enable_language" | "check_language" => {
                let skip = usize::from(name == "project");
                for a in c.args.iter().skip(skip) {
                    if a.kind == ArgKind::Unquoted && &src[a.content.clone()] == b"CUDA" {
                        out.edit(Edit::replace(a.content.clone(), "HIP"));
                    }
                }
            }
            "find_package" if !texts.is_empty() => find_package(out, &mut st, ci, c, &texts),
            _ => {}
        }
        architectures(out, &mut st, ci, c, &name, &texts);
        if name == "set"
            && texts.first().is_some_and(|t| t == "CMAKE_CUDA_COMPILER")
            && c.args.len() > 1
        {
            out.diag(
                Code::BuildSettingUnported,
                c.args[1].range.start..c.args.last().map_or(c.end, |a| a.range.end),
                "CMAKE_HIP_COMPILER must name ROCm's clang++ (not nvcc, and not hipcc, which CMake refuses)",
                Some("set it on the command line (`-DCMAKE_HIP_COMPILER=/opt/rocm/llvm/bin/clang++`) or leave it to CMake"),
            );
        }
        flag_lists(out, &mut st, c, &name, &texts);
        words(out, &mut st, ci, c, &name, &texts);
        cu_sources(out, &mut st, c, &name, &texts);
    }

    // The architectures cache variable, before the first list it replaced, out
    // of any block (if, foreach, function …) so that every later use sees it.
    if let Some((ci, list)) = &st.arch_at
        && *ci != usize::MAX
    {
        let mut depth = 0usize;
        let mut top = 0;
        for (k, c) in cmds.iter().enumerate().take(*ci + 1) {
            let n = lower(c);
            if depth == 0 {
                top = k;
            }
            match n.as_str() {
                "if" | "foreach" | "while" | "function" | "macro" | "block" => depth += 1,
                "endif" | "endforeach" | "endwhile" | "endfunction" | "endmacro" | "endblock" => {
                    depth = depth.saturating_sub(1)
                }
                _ => {}
            }
        }
        let c = &cmds[top];
        let at = c.name.start;
        let indent = indent_at(src, at);
        out.edit(Edit::insert(
            at,
            format!(
                "set(GPU_TARGETS \"{DEFAULT_GPU_TARGETS}\" CACHE STRING \"AMD GPU targets to build for (hipify-rs: the CUDA architectures were {list})\"){}{indent}",
                out.nl
            ),
        ));
    }
    // Packages of the HIP libraries now linked.
    for (pkg, first) in std::mem::take(&mut st.needed) {
        if st.found.iter().any(|f| f == pkg) {
            continue;
        }
        match st.cuda_find {
            Some((fi, required)) => {
                let c = &cmds[fi];
                let at = line_end_after(src, c.end);
                let indent = indent_at(src, c.name.start);
                let req = if required { " REQUIRED" } else { "" };
                out.edit(Edit::insert(
                    at,
                    format!("{}{indent}find_package({pkg}{req})", out.nl),
                ));
            }
            None => {
                // After project(), else before the file's first command (not
                // inside the loop or function that uses the target).
                let _ = first;
                match cmds.iter().find(|c| lower(c) == "project") {
                    Some(c) => {
                        let at = line_end_after(src, c.end);
                        let indent = indent_at(src, c.name.start);
                        out.edit(Edit::insert(
                            at,
                            format!("{}{indent}find_package({pkg} REQUIRED)", out.nl),
                        ));
                    }
                    None => {
                        let c = &cmds[0];
                        let indent = indent_at(src, c.name.start);
                        out.edit(Edit::insert(
                            c.name.start,
                            format!("find_package({pkg} REQUIRED){}{indent}", out.nl),
                        ));
                    }
                }
            }
        }
    }
}

/// Where to insert a line after a command ending at `end`: the end of its
/// line when only blanks or a comment follow it there, else just after it.
fn line_end_after(src: &[u8], end: usize) -> usize {
    let mut j = end;
    while j < src.len() && (src[j] == b' ' || src[j] == b'\t') {
        j += 1;
    }
    if j >= src.len() {
        return src.len();
    }
    match src[j] {
        b'\n' => j,
        b'\r' if src.get(j + 1) == Some(&b'\n') => j,
        b'#' => {
            let e = comment_end(src, j);
            if e < src.len() && src[e - 1] == b'\r' {
                e - 1
            } else {
                e
            }
        }
        _ => end,
    }
}

fn find_package(out: &mut Out<'_>, st: &mut State, ci: usize, c: &Command, texts: &[String]) {
    let a0 = &c.args[0];
    let to = match texts[0].as_str() {
        "CUDAToolkit" | "CUDA" => "hip",
        "NCCL" | "nccl" => "rccl",
        _ => return,
    };
    out.edit(Edit::replace(a0.content.clone(), to));
    if to == "hip" {
        st.cuda_find = Some((ci, texts.iter().any(|t| t == "REQUIRED")));
    }
    // A CUDA version means nothing to hip's package.
    if let Some(a1) = c.args.get(1)
        && texts[1].starts_with(|ch: char| ch.is_ascii_digit())
    {
        out.edit(Edit::delete(a0.range.end..a1.range.end));
    }
}

fn architectures(
    out: &mut Out<'_>,
    st: &mut State,
    ci: usize,
    c: &Command,
    name: &str,
    texts: &[String],
) {
    // The arguments holding the value.
    let values: Range<usize> = match name {
        "set"
            if texts
                .first()
                .is_some_and(|t| t == "CMAKE_CUDA_ARCHITECTURES") =>
        {
            let end = texts
                .iter()
                .position(|t| t == "CACHE" || t == "PARENT_SCOPE")
                .unwrap_or(texts.len());
            1..end
        }
        "set_target_properties" => match texts.iter().position(|t| t == "CUDA_ARCHITECTURES") {
            Some(p) if p + 1 < texts.len() => p + 1..p + 2,
            _ => return,
        },
        "set_property" => match texts.iter().position(|t| t == "CUDA_ARCHITECTURES") {
            Some(p) if p > 0 && texts[p - 1] == "PROPERTY" => p + 1..texts.len(),
            _ => return,
        },
        _ => return,
    };
    if values.is_empty() {
        return;
    }
    let vals = &texts[values.clone()];
    let args = &c.args[values.clone()];
    let range = args[0].range.start..args[args.len() - 1].range.end;
    let list = vals.join(";");
    if vals
        .iter()
        .all(|v| matches!(v.to_ascii_uppercase().as_str(), "OFF" | "FALSE" | "0" | ""))
    {
        return;
    }
    if vals.iter().all(|v| v.starts_with("${") && v.ends_with('}')) {
        out.diag(
            Code::GpuArchList,
            range,
            format!("`{list}` must now hold AMD targets (gfx90a, gfx942, gfx1100 …), not CUDA architectures"),
            Some("set it from GPU_TARGETS, or to the gfx names of your GPUs"),
        );
        return;
    }
    out.diag(
        Code::GpuArchList,
        range.clone(),
        format!("CUDA architectures `{list}` cannot carry over to AMD GPUs; replaced by GPU_TARGETS (default {DEFAULT_GPU_TARGETS})"),
        Some("configure with `-DGPU_TARGETS=<your gfx targets>`, e.g. -DGPU_TARGETS=gfx90a"),
    );
    if c.has_comment
        && out
            .comments
            .iter()
            .any(|r| r.start >= range.start && r.end <= range.end)
    {
        return;
    }
    out.edit(Edit::replace(range.clone(), "\"${GPU_TARGETS}\""));
    st.taken.push(range);
    if st.arch_at.is_none() {
        st.arch_at = Some((ci, list));
    }
}

fn is_cuda_flags_var(t: &str) -> bool {
    t == "CMAKE_CUDA_FLAGS" || t.starts_with("CMAKE_CUDA_FLAGS_")
}

/// Splits `range` of `src` into items at blanks and `;` outside `${}`/`$<>`;
/// a leading `SHELL:` is not part of the first item.
fn split_items(src: &[u8], range: Range<usize>) -> Vec<Range<usize>> {
    let mut items = Vec::new();
    let mut i = range.start;
    if src[range.clone()].starts_with(b"SHELL:") {
        i += 6;
    }
    let mut depth = 0usize;
    let mut start: Option<usize> = None;
    while i < range.end {
        let b = src[i];
        if b == b'$' && matches!(src.get(i + 1), Some(b'<' | b'{')) {
            start.get_or_insert(i);
            depth += 1;
            i += 2;
            continue;
        }
        if depth > 0 && (b == b'>' || b == b'}') {
            depth -= 1;
            i += 1;
            continue;
        }
        if depth == 0 && (b.is_ascii_whitespace() || b == b';') {
            if let Some(s) = start.take() {
                items.push(s..i);
            }
        } else if b == b'\\' && i + 1 < range.end && depth == 0 {
            start.get_or_insert(i);
            i += 2;
            continue;
        } else {
            start.get_or_insert(i);
        }
        i += 1;
    }
    if let Some(s) = start {
        items.push(s..range.end);
    }
    items
}

/// The genex `$<…>` starting at `at`: its end (after `>`); `None` if it
/// does not close before `limit` (a genex split at a blank, which CMake
/// does not read as one either).
fn genex_end(src: &[u8], at: usize, limit: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = at;
    while i < limit {
        if src[i] == b'$' && src.get(i + 1) == Some(&b'<') {
            depth += 1;
            i += 2;
            continue;
        }
        if src[i] == b'>' {
            depth -= 1;
            if depth == 0 {
                return Some(i + 1);
            }
        }
        i += 1;
    }
    None
}

/// CUDA-only generator expressions in `range`: `$<$<COMPILE_LANGUAGE:CUDA>:BODY>`
/// (any condition naming the CUDA language): the bodies, and the genexes.
fn cuda_genex_bodies(src: &[u8], range: Range<usize>) -> Vec<(Range<usize>, Range<usize>)> {
    let mut out = Vec::new();
    let mut i = range.start;
    while i + 3 < range.end {
        if &src[i..i + 4] == b"$<$<"
            && let Some(cond_end) = genex_end(src, i + 2, range.end)
            && let Some(end) = genex_end(src, i, range.end)
        {
            let cond = &src[i + 2..cond_end];
            let cuda = [&b"COMPILE_LANGUAGE:CUDA"[..], b"COMPILE_LANG_AND_ID:CUDA"]
                .iter()
                .any(|m| memchr::memmem::find(cond, m).is_some());
            if cuda && src.get(cond_end) == Some(&b':') && end > cond_end + 1 {
                out.push((cond_end + 1..end - 1, i..end));
                i = end;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// Applies the flag table to one list; returns whether every item was dropped.
fn flag_region(
    out: &mut Out<'_>,
    st: &mut State,
    region: Range<usize>,
    cx: Context,
    sep_ok: bool,
) -> bool {
    let items = split_items(out.src, region);
    if items.is_empty() {
        return false;
    }
    let its: Vec<Item> = items.iter().cloned().map(Item::plain).collect();
    let mut findings = Vec::new();
    let res = flags::translate(out.src, &its, cx, &mut false, &mut findings);
    for f in findings {
        out.diags.push(crate::diagnostic::Diagnostic {
            help: f.help,
            ..crate::diagnostic::Diagnostic::new(f.code, f.range, f.message)
        });
    }
    let all_dropped = res.iter().all(|r| *r == Res::Drop);
    if all_dropped && !sep_ok {
        // The caller drops the whole argument.
        return true;
    }
    for (r, x) in items.iter().zip(&res) {
        if *x != Res::Keep {
            st.taken.push(r.clone());
        }
    }
    for e in flags::list_edits(out.src, &items, &res) {
        st.taken.push(e.range.clone());
        out.edit(e);
    }
    all_dropped
}

/// Where the values start in `set(VAR …)`, `list(APPEND VAR …)` or
/// `string(APPEND VAR …)` (the variable is the argument before).
fn values_start(name: &str, texts: &[String]) -> Option<usize> {
    match name {
        "set" if !texts.is_empty() => Some(1),
        "string" | "list"
            if texts.len() > 2 && matches!(texts[0].as_str(), "APPEND" | "PREPEND") =>
        {
            Some(2)
        }
        _ => None,
    }
}

/// The variables command `c` passes on as nvcc flags: `${VAR}` among the
/// values of `CMAKE_CUDA_FLAGS*` or `CUDA_NVCC_FLAGS`, or in a CUDA
/// generator expression.
fn passed_as_flags(src: &[u8], c: &Command, name: &str, texts: &[String]) -> Vec<String> {
    let flags_var = |t: &str| is_cuda_flags_var(t) || t == "CUDA_NVCC_FLAGS";
    let values = match values_start(name, texts) {
        Some(k) if flags_var(&texts[k - 1]) => k..texts.len(),
        _ => 0..0,
    };
    let mut regions: Vec<Range<usize>> = c.args[values].iter().map(|a| a.content.clone()).collect();
    for a in &c.args {
        regions.extend(
            cuda_genex_bodies(src, a.content.clone())
                .into_iter()
                .map(|(body, _)| body),
        );
    }
    let mut vars = Vec::new();
    // The variable being set is not passed on (`set(CUDA_NVCC_FLAGS
    // ${CUDA_NVCC_FLAGS} …)`), and FindCUDA's own is HIP-W020's.
    let own = values_start(name, texts).map(|k| texts[k - 1].as_str());
    for r in regions {
        let text = &src[r];
        for at in memchr::memmem::find_iter(text, b"${") {
            let name: Vec<u8> = text[at + 2..]
                .iter()
                .copied()
                .take_while(|&b| is_ident(b))
                .collect();
            let name = String::from_utf8_lossy(&name).into_owned();
            if text.get(at + 2 + name.len()) == Some(&b'}')
                && !name.is_empty()
                && Some(name.as_str()) != own
                && name != "CUDA_NVCC_FLAGS"
            {
                vars.push(name);
            }
        }
    }
    vars
}

fn flag_lists(out: &mut Out<'_>, st: &mut State, c: &Command, name: &str, texts: &[String]) {
    let nvcc = Context {
        nvcc: true,
        sep: " ",
        arch: ArchStyle::Drop,
    };
    // CMAKE_CUDA_FLAGS: space-separated nvcc flags.
    let value_args = match name {
        "set" if texts.first().is_some_and(|t| is_cuda_flags_var(t)) => {
            1..texts
                .iter()
                .position(|t| t == "CACHE" || t == "PARENT_SCOPE")
                .unwrap_or(texts.len())
        }
        "string"
            if texts.len() > 2
                && matches!(texts[0].as_str(), "APPEND" | "PREPEND")
                && is_cuda_flags_var(&texts[1]) =>
        {
            2..texts.len()
        }
        _ => 0..0,
    };
    // A project's variable of nvcc flags, passed on to CUDA's
    // (`set(FAST_FLAGS --use_fast_math …)`, then `${FAST_FLAGS}`): its
    // values are one list of nvcc flags.
    let var_values = match name {
        "set" if texts.first().is_some_and(|t| st.flag_vars.contains(t)) => {
            1..texts
                .iter()
                .position(|t| t == "CACHE" || t == "PARENT_SCOPE")
                .unwrap_or(texts.len())
        }
        "list" | "string"
            if texts.len() > 2
                && matches!(texts[0].as_str(), "APPEND" | "PREPEND")
                && st.flag_vars.contains(&texts[1]) =>
        {
            2..texts.len()
        }
        _ => 0..0,
    };
    if !var_values.is_empty() {
        let unquoted = |k: &usize| c.args[*k].kind == ArgKind::Unquoted;
        if var_values.clone().all(|k| unquoted(&k)) {
            flag_args(out, st, c, var_values.collect(), nvcc, &[]);
        } else {
            for a in &c.args[var_values] {
                if a.kind == ArgKind::Quoted {
                    flag_region(out, st, a.content.clone(), nvcc, true);
                }
            }
        }
        return;
    }
    for a in &c.args[value_args.clone()] {
        if a.kind != ArgKind::Bracket {
            flag_region(out, st, a.content.clone(), nvcc, true);
        }
    }
    let options = matches!(
        name,
        "target_compile_options"
            | "add_compile_options"
            | "target_link_options"
            | "add_link_options"
    );
    // Generator expressions for the CUDA language, in any command.
    let mut dropped = vec![false; c.args.len()];
    for (k, a) in c.args.iter().enumerate() {
        if a.kind == ArgKind::Bracket || value_args.contains(&k) {
            continue;
        }
        for (body, genex) in cuda_genex_bodies(out.src, a.content.clone()) {
            let cx = Context {
                sep: if out.src[body.clone()].starts_with(b"SHELL:")
                    || a.kind == ArgKind::Quoted && out.src[body.clone()].contains(&b' ')
                {
                    " "
                } else {
                    ";"
                },
                ..nvcc
            };
            // A whole argument that ends up empty is removed from an options command.
            let whole = genex == a.content
                || (out.src[a.content.clone()].starts_with(b"SHELL:")
                    && genex.start == a.content.start + 6
                    && genex.end == a.content.end);
            let emptied = flag_region(out, st, body, cx, !(options && whole));
            if emptied && options && whole {
                dropped[k] = true;
            }
        }
    }
    if !options {
        return;
    }
    // Plain options: only flags that are certainly nvcc's.
    let anywhere = Context {
        nvcc: false,
        ..nvcc
    };
    let plain: Vec<usize> = (0..c.args.len())
        .filter(|&k| c.args[k].kind == ArgKind::Unquoted)
        .collect();
    // Quoted plain arguments: their content, flag by flag.
    for (a, gone) in c.args.iter().zip(&dropped) {
        if a.kind == ArgKind::Quoted && !gone && !out.src[a.content.clone()].contains(&b'$') {
            flag_region(out, st, a.content.clone(), anywhere, true);
        }
    }
    flag_args(out, st, c, plain, anywhere, &dropped);
}

/// Applies the flag table to arguments `plain` of `c` as one list (a flag's
/// value may be the next argument), removing those it drops and those
/// `dropped` marks (emptied before).
fn flag_args(
    out: &mut Out<'_>,
    st: &mut State,
    c: &Command,
    plain: Vec<usize>,
    cx: Context,
    dropped: &[bool],
) {
    let plain: Vec<usize> = (plain.into_iter())
        .filter(|&k| !out.src[c.args[k].content.clone()].contains(&b'$'))
        .collect();
    let its: Vec<Item> = plain
        .iter()
        .map(|&k| Item::plain(c.args[k].range.clone()))
        .collect();
    let mut findings = Vec::new();
    let res = flags::translate(out.src, &its, cx, &mut false, &mut findings);
    for f in findings {
        out.diags.push(crate::diagnostic::Diagnostic {
            help: f.help,
            ..crate::diagnostic::Diagnostic::new(f.code, f.range, f.message)
        });
    }
    let mut all: Vec<Res> = vec![Res::Keep; c.args.len()];
    for (j, &k) in plain.iter().enumerate() {
        all[k] = res[j].clone();
    }
    for (k, d) in dropped.iter().enumerate() {
        if *d {
            all[k] = Res::Drop;
        }
    }
    let ranges: Vec<Range<usize>> = c.args.iter().map(|a| a.range.clone()).collect();
    let edits = flags::list_edits(out.src, &ranges, &all);
    for (k, r) in all.iter().enumerate() {
        if *r == Res::Drop {
            // Drop what was edited inside the argument before.
            let ar = c.args[k].range.clone();
            let before = out.edits.len();
            out.edits
                .retain(|e| !(e.range.start >= ar.start && e.range.end <= ar.end));
            out.stats.arguments -= (before - out.edits.len()) as u32;
        }
    }
    for e in edits {
        st.taken.push(e.range.clone());
        out.edit(e);
    }
}

/// Word-level rewrites in the arguments: variables, properties, imported
/// targets, the CUDA language in generator expressions and `LANGUAGE CUDA`.
fn words(out: &mut Out<'_>, st: &mut State, ci: usize, c: &Command, name: &str, texts: &[String]) {
    let src = out.src;
    let link = name == "target_link_libraries" || name == "link_libraries";
    // `set_target_properties(T… PROPERTIES …)`, `set_property(TARGET T… …)`
    // on targets of one device unit each: relocatable device code is
    // boilerplate there.
    let targets: &[String] = match name {
        "set_target_properties" => {
            &texts[..texts.iter().position(|t| t == "PROPERTIES").unwrap_or(0)]
        }
        "set_property" if texts.first().is_some_and(|t| t == "TARGET") => {
            let end = texts.iter().position(|t| t == "PROPERTY").unwrap_or(1);
            &texts[1..end]
        }
        _ => &[],
    };
    let one_unit = !targets.is_empty() && targets.iter().all(|t| st.one_unit_targets.contains(t));
    let mut reported: Vec<String> = Vec::new();
    for (k, a) in c.args.iter().enumerate() {
        if a.kind == ArgKind::Bracket {
            continue;
        }
        // `LANGUAGE CUDA`, `LINKER_LANGUAGE CUDA`.
        if k > 0
            && texts[k] == "CUDA"
            && matches!(texts[k - 1].as_str(), "LANGUAGE" | "LINKER_LANGUAGE")
        {
            out.edit(Edit::replace(a.content.clone(), "HIP"));
            continue;
        }
        // Bare library names in link commands.
        if link && a.kind == ArgKind::Unquoted && k > 0 {
            if let Some(l) = flags::lib_for(&texts[k]).filter(|_| texts[k] != "cuda_driver") {
                out.edit(Edit::replace(a.content.clone(), l.target));
                if !l.package.is_empty() {
                    st.needed.entry(l.package).or_insert(ci);
                }
                continue;
            }
        }
        let r = a.content.clone();
        let mut i = r.start;
        while i < r.end {
            if !is_ident(src[i]) || (i > r.start && is_ident(src[i - 1])) {
                i += 1;
                continue;
            }
            let s = i;
            while i < r.end && is_ident(src[i]) {
                i += 1;
            }
            // `NS::name`
            if i + 2 < r.end && &src[i..i + 2] == b"::" && is_ident(src[i + 2]) {
                i += 2;
                while i < r.end && is_ident(src[i]) {
                    i += 1;
                }
            }
            let w = s..i;
            if st.taken.iter().any(|t| t.start < w.end && w.start < t.end) {
                continue;
            }
            let word = String::from_utf8_lossy(&src[w.clone()]).into_owned();
            if one_unit && crate::project::DEVICE_LINK_SETTINGS.contains(&word.as_str()) {
                continue;
            }
            // `set(CUDA_NVCC_FLAGS ${CUDA_NVCC_FLAGS} …)`: one finding a command.
            if UNPORTED.iter().any(|(f, _)| *f == word) {
                if reported.contains(&word) {
                    continue;
                }
                reported.push(word.clone());
            }
            let before = &src[r.start..s];
            word_rewrite(
                out,
                st,
                ci,
                w,
                &word,
                before,
                link && texts[k].starts_with("${"),
            );
        }
    }
}

fn word_rewrite(
    out: &mut Out<'_>,
    st: &mut State,
    ci: usize,
    w: Range<usize>,
    word: &str,
    before: &[u8],
    link_var: bool,
) {
    if let Some((_, to)) = RENAMES.iter().find(|(f, _)| *f == word) {
        out.edit(Edit::replace(w, *to));
        return;
    }
    if let Some(rest) = word.strip_prefix("CMAKE_CUDA_FLAGS") {
        out.edit(Edit::replace(w, format!("CMAKE_HIP_FLAGS{rest}")));
        return;
    }
    if let Some((_, help)) = UNPORTED.iter().find(|(f, _)| *f == word) {
        out.diag(
            Code::BuildSettingUnported,
            w,
            format!("`{word}` has no HIP equivalent; left as it is"),
            Some(help),
        );
        return;
    }
    if word == "CUDA" {
        // The language in `$<COMPILE_LANGUAGE:CXX,CUDA>` and friends.
        let tail = match memchr::memmem::rfind(before, b"$<") {
            Some(p) => &before[p + 2..],
            None => return,
        };
        let lang = [
            &b"COMPILE_LANGUAGE:"[..],
            b"LINK_LANGUAGE:",
            b"COMPILE_LANG_AND_ID:",
        ]
        .iter()
        .any(|m| tail.starts_with(m) && tail[m.len()..].iter().all(|&b| is_ident(b) || b == b','));
        if lang {
            out.edit(Edit::replace(w, "HIP"));
        }
        return;
    }
    if word == "NVIDIA" {
        let t = String::from_utf8_lossy(before);
        if t.ends_with("COMPILE_LANG_AND_ID:CUDA,") || t.ends_with("CUDA_COMPILER_ID:") {
            out.edit(Edit::replace(w, "Clang"));
        }
        return;
    }
    if let Some(lib) = word.strip_prefix("CUDA::") {
        if let Some(l) = flags::lib_for(lib) {
            out.edit(Edit::replace(w, l.target));
            if !l.package.is_empty() {
                st.needed.entry(l.package).or_insert(ci);
            }
        } else {
            let help = flags::UNPORTED_LIBS
                .iter()
                .find(|(n, _)| *n == lib)
                .map_or("no HIP port hipify-rs knows of", |(_, h)| h);
            out.diag(
                Code::BuildSettingUnported,
                w,
                format!("`{word}` has no HIP target; left as it is"),
                Some(help),
            );
        }
        return;
    }
    if nccl_target(word) {
        out.edit(Edit::replace(w, "rccl::rccl"));
        st.needed.entry("rccl").or_insert(ci);
        return;
    }
    if link_var && let Some(l) = findcuda_library_var(word) {
        // `${CUDA_CUBLAS_LIBRARIES}` → the target (the `${…}` goes too).
        let r = w.start - 2..w.end + 1;
        if out
            .src
            .get(r.clone())
            .is_some_and(|b| b.starts_with(b"${") && b.ends_with(b"}"))
        {
            out.edit(Edit::replace(r, l.target));
            if !l.package.is_empty() {
                st.needed.entry(l.package).or_insert(ci);
            }
        }
    }
}

fn cu_sources(out: &mut Out<'_>, st: &mut State, c: &Command, name: &str, texts: &[String]) {
    let src = out.src;
    let nl = out.nl;
    let indent = indent_at(src, c.name.start);
    let at = line_end_after(src, c.end);
    match name {
        "add_library"
        | "add_executable"
        | "target_sources"
        | "set"
        | "list"
        | "cuda_add_library"
        | "cuda_add_executable" => {
            let files: Vec<&String> = texts
                .iter()
                .skip(1)
                .filter(|t| t.ends_with(".cu") && !t.contains(['*', ';', ' ']) && !t.contains("$<"))
                .filter(|t| !st.covered.contains(t))
                .collect();
            if files.is_empty() {
                return;
            }
            let list: Vec<String> = files.iter().map(|s| s.to_string()).collect();
            st.covered.extend(list.iter().cloned());
            out.edit(Edit::insert(
                at,
                format!(
                    "{nl}{indent}set_source_files_properties({} PROPERTIES LANGUAGE HIP)",
                    list.join(" ")
                ),
            ));
        }
        "file" if texts.len() > 2 && matches!(texts[0].as_str(), "GLOB" | "GLOB_RECURSE") => {
            if !texts[2..].iter().any(|t| t.ends_with("*.cu")) {
                return;
            }
            let var = &texts[1];
            let cu = format!("{var}_CU");
            if st.covered.contains(&cu) {
                return;
            }
            st.covered.push(cu.clone());
            out.edit(Edit::insert(
                at,
                format!(
                    "{nl}{indent}set({cu} ${{{var}}}){nl}{indent}list(FILTER {cu} INCLUDE REGEX \"\\\\.cu$\"){nl}{indent}set_source_files_properties(${{{cu}}} PROPERTIES LANGUAGE HIP)"
                ),
            ));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buildfiles::{BuildKind, translate_build_file};
    use crate::translate::Options;

    fn args(src: &str) -> Vec<Vec<String>> {
        let p = parse(src.as_bytes());
        p.commands
            .iter()
            .map(|c| {
                std::iter::once(src[c.name.clone()].to_string())
                    .chain(c.args.iter().map(|a| src[a.range.clone()].to_string()))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn scanner() {
        let src = "# c(x)\nset(A \"q ) # not\" [=[b]] ]=] u\\ v ${X}) #[[ block\n f() ]] g(  $<$<C:D>:e> (nested x) \"-D\\\"a\\\"\")\n";
        assert_eq!(
            args(src),
            vec![
                vec!["set", "A", "\"q ) # not\"", "[=[b]] ]=]", "u\\ v", "${X}"],
                vec!["g", "$<$<C:D>:e>", "nested", "x", "\"-D\\\"a\\\"\""],
            ]
        );
        let p = parse(src.as_bytes());
        assert_eq!(p.comments.len(), 2);
        assert_eq!(&src[p.comments[1].clone()], "#[[ block\n f() ]]");
    }

    #[test]
    fn items_split_outside_genexes() {
        let src = b"SHELL:-a ${X Y};$<A:b c> d";
        let items: Vec<&[u8]> = split_items(src, 0..src.len())
            .into_iter()
            .map(|r| &src[r])
            .collect();
        assert_eq!(items, vec![&b"-a"[..], b"${X Y}", b"$<A:b c>", b"d"]);
    }

    fn tr(src: &str) -> String {
        let t = translate_build_file(src.as_bytes(), BuildKind::CMake, &Options::default());
        String::from_utf8(t.output).unwrap()
    }

    #[test]
    fn comments_are_left() {
        let src = "# project(x LANGUAGES CUDA) CUDA::cublas\n#[[ enable_language(CUDA) ]]\n";
        assert_eq!(tr(src), src);
    }

    #[test]
    fn genex_options() {
        assert_eq!(
            tr(
                "target_compile_options(k PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr> -Wall)\n"
            ),
            "target_compile_options(k PRIVATE -Wall)\n"
        );
        assert_eq!(
            tr(
                "target_compile_options(k PRIVATE \"$<$<COMPILE_LANGUAGE:CUDA>:--use_fast_math;-lineinfo>\")\n"
            ),
            "target_compile_options(k PRIVATE \"$<$<COMPILE_LANGUAGE:HIP>:-ffast-math;-gline-tables-only>\")\n"
        );
    }
}
