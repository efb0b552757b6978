//! Make: logical lines (with `\` continuations), comments, assignments and
//! recipes, and the CUDA → HIP rewrites over them: `nvcc` → `hipcc`, the
//! toolkit variables and paths → `ROCM_PATH` and `/opt/rocm`, nvcc flags
//! through the flag table, `-lcu*` → the HIP libraries. hipcc compiles `.cu`
//! files as HIP by itself, so `%.o: %.cu` rules keep working.

use std::ops::Range;

use super::Out;
use super::flags::{self, ArchStyle, Context, Item, Res};
use crate::diagnostic::Code;
use crate::edit::Edit;

/// The make expression the first architecture flag of a line becomes.
pub const OFFLOAD_ARCH: &str = "$(GPU_TARGETS:%=--offload-arch=%)";

/// Whole-word renames (variables, and the compiler's name).
const RENAMES: &[(&str, &str)] = &[
    ("nvcc", "hipcc"),
    ("NVCC", "HIPCC"),
    ("NVCCFLAGS", "HIPCCFLAGS"),
    ("NVCC_FLAGS", "HIPCC_FLAGS"),
    ("CUDA_PATH", "ROCM_PATH"),
    ("CUDA_HOME", "ROCM_PATH"),
    ("CUDA_ROOT", "ROCM_PATH"),
    ("CUDA_DIR", "ROCM_PATH"),
    ("CUDA_INSTALL_PATH", "ROCM_PATH"),
    ("CUDA_TOOLKIT_ROOT_DIR", "ROCM_PATH"),
];

/// What kind of line a logical line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// Starts with a tab: a shell command.
    Recipe,
    /// `VAR = value` (any of `= := ::= ?= += !=`), maybe `export`ed.
    Assignment,
    /// Anything else: rules, directives, blank lines.
    Other,
}

/// One logical line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Its bytes, continuations included, without the final line break.
    pub range: Range<usize>,
    /// The part before any comment.
    pub code: Range<usize>,
    /// The comment, if any.
    pub comment: Option<Range<usize>>,
    /// What it is.
    pub kind: LineKind,
    /// For assignments: the variable's name and where the value starts.
    pub var: Option<(Range<usize>, usize)>,
}

/// Splits a Makefile into logical lines.
pub fn lines(src: &[u8]) -> Vec<Line> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < src.len() {
        let start = i;
        // To the end of the logical line.
        let mut end = i;
        loop {
            let nl = memchr::memchr(b'\n', &src[end..]).map_or(src.len(), |p| end + p);
            let mut e = nl;
            if e > end && src[e - 1] == b'\r' {
                e -= 1;
            }
            let backslashes = src[end..e]
                .iter()
                .rev()
                .take_while(|&&b| b == b'\\')
                .count();
            if backslashes % 2 == 1 && nl < src.len() {
                end = nl + 1;
                continue;
            }
            end = e;
            i = nl + 1;
            break;
        }
        let recipe = src.get(start) == Some(&b'\t');
        let comment_at = (start..end).find(|&p| {
            src[p] == b'#'
                && if recipe {
                    p == start || src[p - 1].is_ascii_whitespace()
                } else {
                    p == start || src[p - 1] != b'\\'
                }
        });
        let code = start..comment_at.unwrap_or(end);
        let (kind, var) = if recipe {
            (LineKind::Recipe, None)
        } else {
            match assignment(src, code.clone()) {
                Some(v) => (LineKind::Assignment, Some(v)),
                None => (LineKind::Other, None),
            }
        };
        out.push(Line {
            range: start..end,
            code,
            comment: comment_at.map(|p| p..end),
            kind,
            var,
        });
        if i <= start {
            break;
        }
    }
    out
}

/// `[export|override] NAME op value`: the name and where the value starts.
fn assignment(src: &[u8], code: Range<usize>) -> Option<(Range<usize>, usize)> {
    let mut i = code.start;
    let skip_ws = |i: &mut usize| {
        while *i < code.end && (src[*i] == b' ' || src[*i] == b'\t') {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    for kw in [&b"export "[..], b"override "] {
        if src[i..code.end].starts_with(kw) {
            i += kw.len();
            skip_ws(&mut i);
        }
    }
    let s = i;
    while i < code.end && (src[i].is_ascii_alphanumeric() || matches!(src[i], b'_' | b'.' | b'-')) {
        i += 1;
    }
    if i == s {
        return None;
    }
    let name = s..i;
    skip_ws(&mut i);
    let rest = &src[i..code.end];
    let op = [&b"::="[..], b":=", b"?=", b"+=", b"!=", b"="]
        .into_iter()
        .find(|op| rest.starts_with(op))?;
    Some((name, i + op.len()))
}

/// Whitespace-separated words of `range` (a `\` before a line break is blank),
/// as flag items: inside a function call (`$(foreach s,$(L),-arch=sm_$(s))`)
/// a flag starts after the last argument comma, and both the flag and a value
/// end before a parenthesis the word does not open. The words of a
/// `$(shell …)` call are a command's (`$(shell starpu_machine_display |
/// grep CUDA | head -1)`, StarPU's tutorial Makefile), not flags.
pub fn items(src: &[u8], range: Range<usize>) -> Vec<Item> {
    // Depth of `$(`/`${` groups at each byte, and whether a `$(shell` group
    // holds it.
    let mut depth = vec![0usize; range.len() + 1];
    let mut in_shell = vec![false; range.len() + 1];
    let mut shells: Vec<bool> = Vec::new();
    let mut d = 0usize;
    let mut i = range.start;
    while i < range.end {
        depth[i - range.start] = d;
        in_shell[i - range.start] = shells.iter().any(|&s| s);
        if src[i] == b'$' && matches!(src.get(i + 1), Some(b'(' | b'{')) {
            depth[i + 1 - range.start] = d;
            d += 1;
            let word = &src[i + 2..range.end];
            shells.push(
                word.starts_with(b"shell") && word.get(5).is_some_and(|b| b.is_ascii_whitespace()),
            );
            i += 2;
            continue;
        }
        if matches!(src[i], b')' | b'}') && d > 0 {
            d -= 1;
            shells.pop();
        }
        i += 1;
    }
    let blank = |p: usize| {
        src[p].is_ascii_whitespace()
            || (src[p] == b'\\' && matches!(src.get(p + 1), Some(b'\n' | b'\r')))
    };
    let mut out = Vec::new();
    let mut i = range.start;
    while i < range.end {
        if blank(i) {
            i += 1;
            continue;
        }
        let ws = i;
        while i < range.end && !blank(i) {
            i += 1;
        }
        let we = i;
        let mut flag_start = ws;
        let mut end = we;
        let mut open: Vec<usize> = Vec::new();
        let mut j = ws;
        while j < we {
            let b = src[j];
            if b == b'$' && matches!(src.get(j + 1), Some(b'(' | b'{')) {
                open.push(j);
                j += 2;
                continue;
            }
            if matches!(b, b')' | b'}') {
                if open.pop().is_none() {
                    end = j;
                    break;
                }
            } else if b == b',' && open.is_empty() && depth[j - range.start] >= 1 {
                flag_start = j + 1;
            }
            j += 1;
        }
        if let Some(&o) = open.last() {
            flag_start = flag_start.max(o + 2);
        }
        if flag_start < end && !in_shell[flag_start - range.start] {
            out.push(Item {
                flag: flag_start..end,
                value: ws..end,
            });
        }
    }
    out
}

/// A compiler command that links: not one that compiles (`-c`, `-dc`),
/// device-links (`-dlink`), preprocesses or lists dependencies, and not one
/// that already passes `--hip-link`.
fn links(text: &[u8]) -> bool {
    text.split(|b| b.is_ascii_whitespace()).all(|w| {
        !matches!(
            w,
            b"-c"
                | b"-dc"
                | b"--device-c"
                | b"--compile"
                | b"-dlink"
                | b"--device-link"
                | b"-E"
                | b"-M"
                | b"-MM"
                | b"--hip-link"
                | b"-fgpu-rdc"
        )
    })
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

pub(crate) fn translate(out: &mut Out<'_>) {
    let src = out.src;
    let lines = lines(src);
    out.comments = lines.iter().filter_map(|l| l.comment.clone()).collect();
    let defines_targets = lines.iter().any(|l| {
        l.var
            .as_ref()
            .is_some_and(|(n, _)| &src[n.clone()] == b"GPU_TARGETS")
    });
    // `CC = nvcc`: a recipe through `$(CC)` runs nvcc.
    let compiler_vars: Vec<&[u8]> = lines
        .iter()
        .filter_map(|l| {
            let (name, value) = l.var.as_ref()?;
            let first = src[*value..l.code.end]
                .split(|b| b.is_ascii_whitespace())
                .find(|w| !w.is_empty())?;
            (first == b"nvcc" || first.ends_with(b"/nvcc")).then(|| &src[name.clone()])
        })
        .collect();
    let runs_nvcc = |text: &[u8]| {
        compiler_vars.iter().find_map(|v| {
            [
                format!("$({})", String::from_utf8_lossy(v)),
                format!("${{{}}}", String::from_utf8_lossy(v)),
            ]
            .iter()
            .find_map(|r| memchr::memmem::find(text, r.as_bytes()).map(|p| p..p + r.len()))
        })
    };
    // Relocatable device code (`-dc`, `-rdc=true`): nvcc links it at any
    // link; hipcc only at a link with `-fgpu-rdc --hip-link`.
    let relocatable = lines.iter().any(|l| {
        let words: Vec<&[u8]> = src[l.code.clone()]
            .split(|b| b.is_ascii_whitespace())
            .collect();
        words
            .windows(2)
            .any(|w| matches!(w, [b"-rdc" | b"--relocatable-device-code", b"true"]))
            || words.iter().any(|w| {
                matches!(
                    *w,
                    b"-dc" | b"--device-c" | b"-rdc=true" | b"--relocatable-device-code=true"
                )
            })
    });
    let mut arch_line: Option<usize> = None;
    // Every flag range the translation replaces, and the architecture words
    // found in assignments (reported only where the variable is still used).
    let mut all_taken: Vec<Range<usize>> = Vec::new();
    let mut arch_words: Vec<(Option<Range<usize>>, Range<usize>)> = Vec::new();
    for (li, line) in lines.iter().enumerate() {
        let code = line.code.clone();
        let text = &src[code.clone()];
        let has = |w: &[u8]| {
            memchr::memmem::find_iter(text, w).any(|p| {
                (p == 0 || !is_word(text[p - 1]))
                    && text.get(p + w.len()).is_none_or(|&b| !is_word(b))
            })
        };
        let (flags_range, nvcc) = match (&line.kind, &line.var) {
            (LineKind::Assignment, Some((name, value))) => {
                let n = String::from_utf8_lossy(&src[name.clone()]).to_ascii_uppercase();
                // `CUDA_SOURCES = $(shell find … -name …)` lists files, not flags.
                let nvcc = ["NVCC", "CUDA", "CUFLAGS", "CU_FLAGS", "GENCODE"]
                    .iter()
                    .any(|k| n.contains(k))
                    && ![
                        "SOURCE", "SRC", "OBJ", "FILES", "EXT", "DIR", "PATH", "HOME", "ROOT",
                    ]
                    .iter()
                    .any(|k| n.contains(k))
                    && !runs_other_tool(&src[*value..code.end], &compiler_vars);
                (*value..code.end, nvcc)
            }
            (LineKind::Recipe, _) => {
                let compiler = runs_nvcc(text).map(|r| code.start + r.end).or_else(|| {
                    [&b"nvcc"[..], b"NVCC"].iter().find_map(|w| {
                        has(w).then(|| {
                            memchr::memmem::find(text, w).map(|p| code.start + p + w.len())
                        })?
                    })
                });
                if let Some(at) = compiler
                    && relocatable
                    && links(text)
                {
                    out.edit(Edit::insert(at, " -fgpu-rdc --hip-link"));
                }
                (code.clone(), compiler.is_some())
            }
            _ => (code.start..code.start, false),
        };
        // Flags.
        let mut taken: Vec<Range<usize>> = Vec::new();
        if !flags_range.is_empty() {
            let its = items(src, flags_range);
            let cx = Context {
                nvcc,
                sep: " ",
                arch: ArchStyle::Replace(OFFLOAD_ARCH),
            };
            let mut arch_done = false;
            let mut findings = Vec::new();
            let mut res = flags::translate(src, &its, cx, &mut arch_done, &mut findings);
            // `$(foreach sm,$(SMS),-gencode …)` whose body is only the
            // architecture flag: the whole call becomes the offload flags
            // (not one copy of them per CUDA architecture).
            for k in 0..its.len() {
                if res[k] != Res::Replace(OFFLOAD_ARCH.into()) {
                    continue;
                }
                let Some((call, body)) = enclosing_foreach(src, code.clone(), its[k].flag.start)
                else {
                    continue;
                };
                let inside = |j: usize| its[j].flag.start >= body && its[j].flag.end <= call.end;
                if (0..its.len())
                    .filter(|&j| inside(j))
                    .all(|j| res[j] != Res::Keep)
                {
                    for j in (0..its.len())
                        .filter(|&j| its[j].flag.start >= call.start && its[j].flag.end <= call.end)
                    {
                        res[j] = Res::Keep;
                    }
                    taken.push(call.clone());
                    out.edit(Edit::replace(call, OFFLOAD_ARCH));
                }
            }
            if arch_done && arch_line.is_none() {
                arch_line = Some(li);
            }
            for f in findings {
                let mut d = crate::diagnostic::Diagnostic::new(f.code, f.range, f.message);
                d.help = f.help;
                out.diags.push(d);
            }
            let ranges: Vec<Range<usize>> = its.iter().map(|it| it.flag.clone()).collect();
            for (r, x) in ranges.iter().zip(&res) {
                if *x != Res::Keep {
                    taken.push(r.clone());
                }
            }
            for e in flags::list_edits(src, &ranges, &res) {
                taken.push(e.range.clone());
                out.edit(e);
            }
            // Host code compiled against the toolkit's headers now includes
            // HIP's, which need the platform macro (hipcc defines it itself).
            if memchr::memmem::find(text, b"__HIP_PLATFORM_AMD__").is_none()
                && let Some(r) = ranges.iter().zip(&res).find_map(|(r, x)| {
                    let t = &src[r.clone()];
                    (*x == Res::Keep
                        && t.starts_with(b"-I")
                        && t.ends_with(b"/include")
                        && cuda_root(&t[2..t.len() - 8]))
                    .then_some(r)
                })
            {
                out.edit(Edit::insert(r.end, " -D__HIP_PLATFORM_AMD__"));
            }
        }
        let free = |r: &Range<usize>, taken: &[Range<usize>]| {
            !taken.iter().any(|t| t.start < r.end && r.start < t.end)
        };
        let assigned = match (&line.kind, &line.var) {
            (LineKind::Assignment, Some((name, _))) => Some(name.clone()),
            _ => None,
        };
        // Words.
        let mut i = code.start;
        while i < code.end {
            if !is_word(src[i]) || (i > code.start && is_word(src[i - 1])) {
                i += 1;
                continue;
            }
            let s = i;
            while i < code.end && is_word(src[i]) {
                i += 1;
            }
            let w = s..i;
            if !free(&w, &taken) {
                continue;
            }
            let word = &src[w.clone()];
            if let Some((_, to)) = RENAMES.iter().find(|(f, _)| f.as_bytes() == word) {
                out.edit(Edit::replace(w.clone(), *to));
            } else if (word.starts_with(b"sm_") || word.starts_with(b"compute_"))
                && word.iter().rev().take_while(|b| b.is_ascii_digit()).count() >= 2
            {
                arch_words.push((assigned.clone(), w.clone()));
            } else if word == b"lib64" && s > 0 && src[s - 1] == b'/' {
                // `$(CUDA_PATH)/lib64`, `/usr/local/cuda/lib64` → ROCm's `lib`.
                let before = &src[code.start..s - 1];
                let cuda = RENAMES[4..].iter().any(|(v, _)| {
                    before.ends_with(format!("$({v})").as_bytes())
                        || before.ends_with(format!("${{{v}}}").as_bytes())
                }) || cuda_path_end(before).is_some();
                if cuda {
                    out.edit(Edit::replace(w.clone(), "lib"));
                }
            }
        }
        // `/usr/local/cuda[-12.4]` → `/opt/rocm`.
        for p in memchr::memmem::find_iter(text, b"/usr/local/cuda") {
            let s = code.start + p;
            let mut e = s + "/usr/local/cuda".len();
            if src.get(e) == Some(&b'-') {
                let mut k = e + 1;
                while k < code.end && (src[k].is_ascii_digit() || src[k] == b'.') {
                    k += 1;
                }
                if k > e + 1 {
                    e = k;
                }
            }
            if e < code.end && (is_word(src[e]) || src[e] == b'-') {
                continue;
            }
            if free(&(s..e), &taken) {
                out.edit(Edit::replace(s..e, "/opt/rocm"));
            }
        }
        all_taken.extend(taken);
    }
    for (var, w) in arch_words {
        // `ARCH = sm_60` whose only use, `-arch=$(ARCH)`, became the offload
        // flags is dead: nothing is left for a person to do there.
        if var.is_some_and(|v| !referenced(src, &lines, &src[v], &all_taken)) {
            continue;
        }
        out.diag(
            Code::GpuArchList,
            w.clone(),
            format!(
                "CUDA architecture `{}` cannot carry over to AMD GPUs",
                String::from_utf8_lossy(&src[w])
            ),
            Some("pass `--offload-arch=<gfx target>` (e.g. from GPU_TARGETS) where it is used"),
        );
    }
    if let Some(li) = arch_line
        && !defines_targets
    {
        // The definition goes before the line, or before the rule a recipe belongs to.
        let at = lines[..=li]
            .iter()
            .rev()
            .find(|l| l.kind != LineKind::Recipe)
            .map_or(0, |l| l.range.start);
        let nl = out.nl;
        out.edit(Edit::insert(
            at,
            format!(
                "# AMD GPU targets (hipify-rs: they replace the CUDA architectures){nl}GPU_TARGETS ?= {}{nl}",
                super::DEFAULT_GPU_TARGETS.replace(';', " ")
            ),
        ));
    }
}

/// Whether `$(name)`, `${name}` or `$(name:…)` appears in code outside the
/// ranges the translation replaces.
fn referenced(src: &[u8], lines: &[Line], name: &[u8], taken: &[Range<usize>]) -> bool {
    lines.iter().any(|l| {
        let code = &src[l.code.clone()];
        memchr::memmem::find_iter(code, name).any(|p| {
            let (s, e) = (l.code.start + p, l.code.start + p + name.len());
            let opened = p >= 2 && code[p - 2] == b'$' && matches!(code[p - 1], b'(' | b'{');
            let closed = matches!(src.get(e), Some(b')' | b'}' | b':'));
            opened && closed && !taken.iter().any(|t| t.start < e && s < t.end)
        })
    })
}

/// The innermost `$(foreach v,list,body)` call around `pos` in `code`: the
/// call's bytes and where its body starts.
fn enclosing_foreach(src: &[u8], code: Range<usize>, pos: usize) -> Option<(Range<usize>, usize)> {
    let mut open = Vec::new();
    let mut i = code.start;
    while i < pos {
        if src[i] == b'$' && src.get(i + 1) == Some(&b'(') {
            open.push(i);
            i += 2;
            continue;
        }
        if src[i] == b')' {
            open.pop();
        }
        i += 1;
    }
    let o = *open.last()?;
    if !src[o + 2..code.end].starts_with(b"foreach ") {
        return None;
    }
    let (mut depth, mut commas, mut body) = (0usize, 0, None);
    let mut i = o + 2;
    while i < code.end {
        match src[i] {
            b'(' => depth += 1,
            b')' if depth == 0 => return Some((o..i + 1, body?)),
            b')' => depth -= 1,
            b',' if depth == 0 => {
                commas += 1;
                if commas == 2 {
                    body = Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether `text` is a CUDA install root: `$(CUDA_PATH)` and friends, or `/usr/local/cuda[-X.Y]`.
/// Whether an assignment's value is another tool's command line: it starts
/// with `$(LIBTOOL)`, `$(CC)`, `$(CCLD)` … (automake's per-target link
/// command, `hwloc_cuda_la_LINK = $(LIBTOOL) $(AM_V_lt) --tag=CC …
/// --mode=link $(CCLD) …` in hwloc's hwloc/Makefile: its name mentions CUDA
/// through the target's, its flags are libtool's), unless the Makefile set
/// that variable to nvcc.
fn runs_other_tool(value: &[u8], compiler_vars: &[&[u8]]) -> bool {
    const TOOLS: &[&[u8]] = &[
        b"LIBTOOL", b"CC", b"CXX", b"CCLD", b"CXXLD", b"LD", b"AR", b"CPP", b"CXXCPP",
    ];
    let Some(first) = value
        .split(|b| b.is_ascii_whitespace())
        .find(|w| !w.is_empty())
    else {
        return false;
    };
    let name = first
        .strip_prefix(b"$(")
        .and_then(|w| w.strip_suffix(b")"))
        .or_else(|| first.strip_prefix(b"${").and_then(|w| w.strip_suffix(b"}")));
    match name {
        Some(name) => TOOLS.contains(&name) && !compiler_vars.contains(&name),
        None => first == b"libtool",
    }
}

fn cuda_root(text: &[u8]) -> bool {
    RENAMES[4..].iter().any(|(v, _)| {
        text == format!("$({v})").as_bytes() || text == format!("${{{v}}}").as_bytes()
    }) || cuda_path_end(text) == Some(0)
}

/// If `text` ends with a CUDA install path (`/usr/local/cuda`, `-12.4`), its start.
fn cuda_path_end(text: &[u8]) -> Option<usize> {
    let p = memchr::memmem::rfind(text, b"/usr/local/cuda")?;
    let rest = &text[p + "/usr/local/cuda".len()..];
    (rest.is_empty()
        || (rest[0] == b'-' && rest[1..].iter().all(|b| b.is_ascii_digit() || *b == b'.')))
    .then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buildfiles::{BuildKind, translate_build_file};
    use crate::translate::Options;

    #[test]
    fn logical_lines() {
        let src = b"A := 1 \\\n  2 # c\n\t$(CC) -c $< # shell comment\nall: x\n";
        let ls = lines(src);
        assert_eq!(ls.len(), 3);
        assert_eq!(ls[0].kind, LineKind::Assignment);
        assert_eq!(&src[ls[0].code.clone()], b"A := 1 \\\n  2 ");
        assert_eq!(&src[ls[0].comment.clone().unwrap()], b"# c");
        assert_eq!(ls[1].kind, LineKind::Recipe);
        assert_eq!(&src[ls[1].comment.clone().unwrap()], b"# shell comment");
        assert_eq!(ls[2].kind, LineKind::Other);
    }

    #[test]
    fn items_in_function_calls() {
        let src = b"$(foreach sm,$(SMS),-gencode arch=compute_$(sm),code=sm_$(sm)) -O3";
        let its = items(src, 0..src.len());
        let flags: Vec<&[u8]> = its.iter().map(|i| &src[i.flag.clone()]).collect();
        assert_eq!(
            flags,
            vec![&b"foreach"[..], b"-gencode", b"code=sm_$(sm)", b"-O3"]
        );
        assert_eq!(
            &src[its[2].value.clone()],
            b"arch=compute_$(sm),code=sm_$(sm)"
        );
    }

    #[test]
    fn items_in_shell_calls() {
        // A command's words, not flags: only what is outside the call.
        let src = b"$(shell starpu_machine_display 2>/dev/null | grep CUDA | head -1) -O3";
        let its = items(src, 0..src.len());
        let flags: Vec<&[u8]> = its.iter().map(|i| &src[i.flag.clone()]).collect();
        assert_eq!(flags, vec![&b"-O3"[..]]);
    }

    fn tr(src: &str) -> String {
        let t = translate_build_file(src.as_bytes(), BuildKind::Make, &Options::default());
        String::from_utf8(t.output).unwrap()
    }

    #[test]
    fn rewrites() {
        assert_eq!(
            tr(
                "CUDA_PATH ?= /usr/local/cuda-12.4\nNVCC := $(CUDA_PATH)/bin/nvcc # not nvcc here\nLDFLAGS = -L$(CUDA_PATH)/lib64 -lcudart\n"
            ),
            "ROCM_PATH ?= /opt/rocm\nHIPCC := $(ROCM_PATH)/bin/hipcc # not nvcc here\nLDFLAGS = -L$(ROCM_PATH)/lib -lamdhip64\n"
        );
        assert_eq!(
            tr("all:\n\tnvcc -arch=sm_80 --use_fast_math -o app app.cu\n"),
            "# AMD GPU targets (hipify-rs: they replace the CUDA architectures)\nGPU_TARGETS ?= gfx90a gfx942 gfx1100\nall:\n\thipcc $(GPU_TARGETS:%=--offload-arch=%) -ffast-math -o app app.cu\n"
        );
    }
}
