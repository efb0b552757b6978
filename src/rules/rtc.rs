//! Run-time compilation: what a program hands NVRTC in strings, which no
//! rename makes hiprtc's. The translation renames the calls (and CUDA names
//! inside string literals), but hiprtc hands the options to clang, which
//! rejects NVRTC's own (`--use_fast_math`, `--gpu-architecture=compute_80`:
//! an invalid target), and compiles the source with HIP's runtime, vector
//! and half types declared and no CUDA header to include (`#include
//! <cuda_fp16.h>` in the kernel's source is "file not found"). Each was
//! checked with HIP 5.2's hiprtc (Debian's libamdhip64) compiling for gfx90a:
//! the options below fail the compilation, or, where hiprtc only ignores
//! them, change what the source means (`-default-device`).

use super::Cx;
use crate::diagnostic::{Code, Diagnostic};
use crate::lex::{CLASS, TokenKind};
use crate::mappings::Status;

/// What hiprtc does with an NVRTC option.
#[derive(Clone, Copy)]
enum Effect {
    /// Clang does not know it: the compilation fails.
    Rejected,
    /// An NVIDIA target, which clang rejects.
    NvidiaTarget,
    /// Clang ignores it, and the source then means something else.
    Ignored,
}
use Effect::{Ignored, NvidiaTarget, Rejected};

/// What clang takes instead of NVRTC's floating-point switches, long or short.
const FMAD: &str = "`-ffp-contract=fast` (true) or `-ffp-contract=off` (false)";
const FTZ: &str = "`-fgpu-flush-denormals-to-zero` (true)";
const PREC_DIV: &str = "`-ffast-math` (false), or nothing: clang's division is IEEE-rounded";
const PREC_SQRT: &str = "`-ffast-math` (false), or nothing: clang's square root is IEEE-rounded";

/// NVRTC's options that hiprtc rejects or ignores, by prefix, with what
/// becomes of them and what to pass instead (empty where clang has no counterpart). From NVRTC's
/// documented options (CUDA 13's `nvrtc.h`, "Supported Compile Options").
const OPTIONS: &[(&str, Effect, &str)] = &[
    (
        "--gpu-architecture=compute_",
        NvidiaTarget,
        "an AMD target (`--gpu-architecture=gfx90a`), or none: hiprtc compiles for the current device",
    ),
    (
        "--gpu-architecture=sm_",
        NvidiaTarget,
        "an AMD target (`--gpu-architecture=gfx90a`), or none: hiprtc compiles for the current device",
    ),
    ("--use_fast_math", Rejected, "`-ffast-math`"),
    ("--fmad=", Rejected, FMAD),
    ("--ftz=", Rejected, FTZ),
    ("--prec-div=", Rejected, PREC_DIV),
    ("--prec-sqrt=", Rejected, PREC_SQRT),
    (
        "--maxrregcount=",
        Rejected,
        "`__launch_bounds__` on the kernel",
    ),
    (
        "-maxrregcount=",
        Rejected,
        "`__launch_bounds__` on the kernel",
    ),
    ("--relocatable-device-code=", Rejected, "`-fgpu-rdc` (true)"),
    ("-rdc=", Rejected, "`-fgpu-rdc` (true)"),
    ("--device-c", Rejected, "`-fgpu-rdc`"),
    ("--device-debug", Rejected, "`-g`"),
    ("--generate-line-info", Rejected, "`-gline-tables-only`"),
    ("--include-path=", Rejected, "`-I` and the directory"),
    ("--pre-include=", Rejected, "`-include` and the header"),
    ("--disable-warnings", Rejected, "`-w`"),
    (
        "--device-as-default-execution-space",
        Rejected,
        "nothing: mark the source's functions `__device__`",
    ),
    (
        "-default-device",
        Ignored,
        "nothing (hiprtc ignores it, so unmarked functions are host functions): mark the source's functions `__device__`",
    ),
    ("--extra-device-vectorization", Rejected, ""),
    ("--restrict", Rejected, ""),
    ("--dopt", Rejected, ""),
    ("--dlink-time-opt", Rejected, ""),
    ("--ptxas-options=", Rejected, ""),
    ("--builtin-move-forward", Rejected, ""),
    ("--builtin-initializer-list", Rejected, ""),
    (
        "--diag-suppress=",
        Rejected,
        "`-Wno-` and the warning's name",
    ),
    (
        "--diag-error=",
        Rejected,
        "`-Werror=` and the warning's name",
    ),
    ("--diag-warn=", Rejected, ""),
    ("--split-compile", Rejected, ""),
    ("--fdevice-syntax-only", Rejected, "`-fsyntax-only`"),
    ("--fdevice-time-trace", Rejected, "`-ftime-trace`"),
    ("--minimal", Rejected, ""),
    ("--time", Rejected, ""),
    ("--optimization-info", Rejected, ""),
    ("--Werror", Rejected, "`-Werror`"),
    ("--extensible-whole-program", Rejected, ""),
    ("--Ofast-compile=", Rejected, ""),
    ("--no-source-include", Rejected, ""),
    ("--no-display-error-number", Rejected, ""),
    ("--display-error-number", Rejected, ""),
    ("--jump-table-density", Rejected, ""),
    ("--modify-stack-limit=", Rejected, ""),
    ("--device-int128", Rejected, ""),
    ("--device-float128", Rejected, ""),
    ("--device-w", Rejected, ""),
    ("--gen-opt-lto", Rejected, ""),
    ("--optix-ir", Rejected, ""),
    ("--no-cache", Rejected, ""),
    ("--pch", Rejected, ""),
    ("--create-pch=", Rejected, ""),
    ("--use-pch=", Rejected, ""),
    ("--pch-dir=", Rejected, ""),
    ("--pch-verbose=", Rejected, ""),
    ("--pch-messages=", Rejected, ""),
    ("--instantiate-templates-in-pch=", Rejected, ""),
    ("--device-stack-protector=", Rejected, ""),
    ("--frandom-seed=", Rejected, "`-frandom-seed=` and the seed"),
    ("--brief-diagnostics=", Rejected, ""),
    // The short spellings the same header gives (`--ftz={true|false} (-ftz)`)
    // that clang does not take either; the others (`-lineinfo`, `-dopt`,
    // `-use_fast_math`, `-arch=sm_80`) it takes as unused input and compiles.
    ("-G", Rejected, "`-g`"),
    ("-fmad=", Rejected, FMAD),
    ("-ftz=", Rejected, FTZ),
    ("-prec-div=", Rejected, PREC_DIV),
    ("-prec-sqrt=", Rejected, PREC_SQRT),
    ("-restrict", Rejected, ""),
    ("-modify-stack-limit=", Rejected, ""),
    ("-jtd=", Rejected, ""),
    ("-Ofc=", Rejected, ""),
    ("-fdevice-syntax-only", Rejected, "`-fsyntax-only`"),
    ("-no-source-include", Rejected, ""),
    ("-no-err-no", Rejected, ""),
    ("-time=", Rejected, ""),
    ("-minimal", Rejected, ""),
    ("-split-compile=", Rejected, ""),
    ("-pch", Rejected, ""),
    ("-no-cache", Rejected, ""),
    ("-gen-opt-lto", Rejected, ""),
];

/// Whether the file compiles CUDA at run time: it calls NVRTC (or hiprtc,
/// as a later round reads it).
fn compiles_at_run_time(cx: &Cx<'_>) -> bool {
    static RTC: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"rtcC"));
    RTC.find_iter(cx.src).any(|p| {
        let rest = &cx.src[p + 4..];
        rest.starts_with(b"ompileProgram") || rest.starts_with(b"reateProgram")
    })
}

/// Reports the NVRTC options hiprtc rejects, and the CUDA headers the
/// kernel source includes, in a file that compiles CUDA at run time.
pub(super) fn check(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    if !compiles_at_run_time(cx) {
        return;
    }
    let options = option_literals(cx);
    let tokens = &cx.lx.tokens;
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i].kind != TokenKind::Str || tokens[i].in_directive() {
            i += 1;
            continue;
        }
        // Adjacent literals are one string: kernel source is often written
        // a line per literal.
        let mut end = i + 1;
        while end < tokens.len()
            && tokens[end].kind == TokenKind::Str
            && cx.next(end - 1) == Some(end)
        {
            end += 1;
        }
        let kernel_source = (i..end).any(|k| {
            let t = cx.text(k);
            memchr::memmem::find(t, b"__global__").is_some()
                || memchr::memmem::find(t, b"__device__").is_some()
        });
        for k in i..end {
            let Some((content, raw)) = content(cx.text(k)) else {
                continue;
            };
            if options.binary_search(&k).is_ok() {
                option(cx, k, content, out);
            }
            includes(cx, k, content, raw, out);
            if kernel_source {
                names_hip_lacks(cx, k, content, raw, out);
            }
        }
        i = end;
    }
}

/// The CUDA names in kernel source that the target HIP lacks (the tables
/// map them, to nothing or to a later HIP): the translation leaves them in
/// the string, and cannot insert the definitions it gives code
/// (`__shfl_down_sync` below HIP 6.2), so hiprtc reports them undeclared.
fn names_hip_lacks(cx: &Cx<'_>, i: usize, content: &[u8], raw: bool, out: &mut Vec<Diagnostic>) {
    let base =
        cx.tok(i).start as usize + (content.as_ptr() as usize - cx.text(i).as_ptr() as usize);
    let mut k = 0;
    while k < content.len() {
        let b = content[k];
        if b == b'\\' && !raw {
            k += 2;
            continue;
        }
        if CLASS[b as usize] == 0 {
            k += 1;
            continue;
        }
        let end = k + content[k..]
            .iter()
            .position(|c| CLASS[*c as usize] == 0)
            .unwrap_or(content.len() - k);
        let word = &content[k..end];
        if (b.is_ascii_alphabetic() || b == b'_')
            && crate::mappings::may_be_key(word)
            && let Ok(name) = std::str::from_utf8(word)
            && let Some(m) = crate::mappings::lookup(name)
        {
            let r = m.resolve(&cx.opts.target);
            let range = base + k..base + end;
            match (r.status, r.name) {
                (Status::Unsupported | Status::Removed, _) => out.push(
                    super::names::unsupported(cx, range, m, name, r.status).with_help(
                        "in kernel source compiled at run time: the translation cannot define it inside the string; write the source for the target HIP, or raise --hip-version",
                    ),
                ),
                // A call the translation reshapes in code (`__shfl_down_sync`
                // below HIP 6.2 loses its mask): a string keeps it.
                (Status::Supported | Status::Deprecated, Some(hip))
                    if hip != name
                        && (r.legacy.is_some()
                            || m.call.is_some_and(|c| !c.by_arity.is_empty())) =>
                {
                    out.push(
                        Diagnostic::new(
                            Code::UnsupportedApi,
                            range,
                            format!("`{name}` in kernel source compiled at run time: hiprtc at the target HIP does not declare it (in code the translation writes `{hip}` in its place; a string stays as written)"),
                        )
                        .with_help(format!("write the call as HIP's `{hip}` takes it, or raise --hip-version if a later HIP declares `{name}`")),
                    )
                }
                _ => {}
            }
        }
        k = end;
    }
}

/// The string literals that reach the options argument of a compile call
/// (sorted): written there, or stored into a variable named there, or into
/// one stored into such a variable (`opts.push_back(arch.c_str())`, `arch =
/// "--gpu-architecture=compute_" + …`). The same file may hand other JIT
/// libraries options of their own (nvPTXCompiler's, nvJitLink's).
fn option_literals<'a>(cx: &Cx<'a>) -> Vec<usize> {
    let all = 0..cx.lx.tokens.len();
    let mut literals = Vec::new();
    for name in [&b"nvrtcCompileProgram"[..], b"hiprtcCompileProgram"] {
        for k in cx.idents_named(name, all.clone()) {
            let Some(open) = cx.next(k).filter(|&o| cx.is_punct(o, b"(")) else {
                continue;
            };
            let Some(args) = cx.call_args(open) else {
                continue;
            };
            let [_, _, (a, b)] = args.args[..] else {
                continue;
            };
            // The variables to follow, each searched for once, in the
            // stretch before the call where its options are put together
            // (the function, a file-scope array above it), as other rules
            // bound their backward looks.
            let window = k.saturating_sub(20_000)..k;
            let mut names: Vec<&'a [u8]> = Vec::new();
            take(cx, a..b, &mut literals, &mut names);
            let mut followed = 0;
            while followed < names.len() && followed < 64 {
                let name = names[followed];
                followed += 1;
                for v in cx.idents_named(name, window.clone()) {
                    if let Some(from) = stored_from(cx, v).filter(|_| !cx.tok(v).in_directive()) {
                        take(cx, from..statement_end(cx, from), &mut literals, &mut names);
                    }
                }
            }
        }
    }
    literals.sort_unstable();
    literals.dedup();
    literals
}

/// Words of a store that name no variable (a cast's type, `new`, `this`).
const KEYWORDS: &[&[u8]] = &[
    b"const",
    b"char",
    b"int",
    b"unsigned",
    b"signed",
    b"long",
    b"short",
    b"float",
    b"double",
    b"void",
    b"bool",
    b"auto",
    b"size_t",
    b"volatile",
    b"static",
    b"struct",
    b"class",
    b"new",
    b"delete",
    b"this",
    b"true",
    b"false",
    b"nullptr",
    b"NULL",
    b"std",
    b"string",
    b"vector",
    b"return",
];

/// What tokens `range` hand on: their literals, their variables (not the
/// members or functions they call, nor one- and two-letter names: an index
/// or a count, which a store of the options reads but never holds them,
/// unless the name is a range-for's element: `for (const auto &o :
/// options) opts.push_back(o.c_str());` hands on `options`).
fn take<'a>(
    cx: &Cx<'a>,
    range: std::ops::Range<usize>,
    literals: &mut Vec<usize>,
    names: &mut Vec<&'a [u8]>,
) {
    for k in range {
        match cx.tok(k).kind {
            TokenKind::Str => literals.push(k),
            TokenKind::Ident if cx.text(k).len() <= 2 => {
                if let Some(over) = range_for_range(cx, k) {
                    take(cx, over, literals, names);
                }
            }
            TokenKind::Ident
                if cx.text(k).len() > 2
                    && !KEYWORDS.contains(&cx.text(k))
                    && !cx
                        .prev(k)
                        .is_some_and(|p| matches!(cx.text(p), b"." | b"->" | b"::"))
                    && !cx
                        .next(k)
                        .is_some_and(|n| matches!(cx.text(n), b"(" | b"::" | b"<"))
                    && !names.contains(&cx.text(k)) =>
            {
                names.push(cx.text(k));
            }
            _ => {}
        }
    }
}

/// The range expression of the range-for whose element variable `k` names
/// (`for (const auto &o : options)` → `options`), declared within the few
/// tokens before it that a one-statement loop body spans.
fn range_for_range(cx: &Cx<'_>, k: usize) -> Option<std::ops::Range<usize>> {
    let name = cx.text(k);
    let mut j = k;
    for _ in 0..48 {
        j = cx.prev(j)?;
        if cx.tok(j).kind != TokenKind::Ident || cx.text(j) != name {
            continue;
        }
        let colon = cx.next(j).filter(|&c| cx.is_punct(c, b":"))?;
        let open = cx.enclosing_open(j).filter(|&o| cx.is_punct(o, b"("))?;
        cx.prev(open).filter(|&f| cx.is_ident(f, b"for"))?;
        let close = cx.matching_close(open).filter(|&c| c < k)?;
        return Some(colon + 1..close);
    }
    None
}

/// Where what is stored into variable `k` begins: after `k = `, `k[…] = `,
/// `k += `, `k.push_back(`, or a declarator's `= {`/`{`.
fn stored_from(cx: &Cx<'_>, k: usize) -> Option<usize> {
    let mut n = cx.next(k)?;
    if cx.is_punct(n, b"[") {
        n = cx.next(cx.matching_close(n)?)?;
    }
    match cx.text(n) {
        b"=" if !cx.next(n).is_some_and(|m| cx.is_punct(m, b"=")) => cx.next(n),
        b"+" if cx.next(n).is_some_and(|m| cx.is_punct(m, b"=")) => cx.next(n + 1),
        b"{" => Some(n),
        b"." | b"->" => {
            let method = cx.next(n)?;
            (matches!(
                cx.text(method),
                b"push_back" | b"emplace_back" | b"append" | b"assign" | b"insert"
            ) && cx.next(method).is_some_and(|o| cx.is_punct(o, b"(")))
            .then(|| method + 1)
        }
        _ => None,
    }
}

/// The end (exclusive) of the statement token `from` is in: its `;` at the
/// same bracket depth, or the end of the group it is in.
fn statement_end(cx: &Cx<'_>, from: usize) -> usize {
    let mut k = from;
    while k < cx.lx.tokens.len() && !cx.tok(k).in_directive() {
        match cx.text(k) {
            b";" | b")" | b"}" | b"]" => return k,
            b"(" | b"{" | b"[" => match cx.matching_close(k) {
                Some(c) => k = c + 1,
                None => return k,
            },
            _ => k += 1,
        }
    }
    k
}

/// The bytes between a string literal's quotes (a raw string's delimiters
/// left out), and whether it is raw.
fn content(text: &[u8]) -> Option<(&[u8], bool)> {
    let quote = memchr::memchr(b'"', text)?;
    let raw = text[..quote].ends_with(b"R");
    let inner = text.get(quote + 1..text.len().checked_sub(1)?)?;
    if !raw {
        return Some((inner, false));
    }
    // `R"delim( … )delim"`.
    let open = memchr::memchr(b'(', inner)?;
    let close = memchr::memrchr(b')', inner)?;
    (open < close).then(|| (&inner[open + 1..close], true))
}

/// A literal that is one NVRTC option hiprtc does not take.
fn option(cx: &Cx<'_>, i: usize, content: &[u8], out: &mut Vec<Diagnostic>) {
    let Some(&(opt, effect, instead)) = OPTIONS
        .iter()
        .find(|(o, _, _)| content.starts_with(o.as_bytes()) && option_ends(content, o))
    else {
        return;
    };
    let spelled = String::from_utf8_lossy(content);
    let message = match effect {
        Rejected => format!(
            "`{spelled}` is an NVRTC option clang does not take: hiprtc hands its options to clang, so the run-time compilation fails on AMD"
        ),
        NvidiaTarget => format!(
            "`{spelled}` names an NVIDIA target: hiprtc hands it to clang, which rejects it, so the run-time compilation fails on AMD"
        ),
        Ignored => format!(
            "`{spelled}` is an NVRTC option hiprtc ignores: the source's unmarked functions are then host functions, which its device code cannot call"
        ),
    };
    let help = if instead.is_empty() {
        format!("leave `{opt}` out for AMD: clang has no counterpart")
    } else {
        format!("for AMD pass {instead}")
    };
    out.push(Diagnostic::new(Code::NvccFlag, cx.tok(i).range(), message).with_help(help));
}

/// Whether `content` is option `opt` itself, not a longer one it begins
/// (`--time` is not `--timeout`); an option ending in `=` or `_` takes a
/// value.
fn option_ends(content: &[u8], opt: &str) -> bool {
    opt.ends_with(['=', '_'])
        || content
            .get(opt.len())
            .is_none_or(|&b| matches!(b, b'=' | b' ' | b'\\'))
}

/// `#include <cuda_fp16.h>` in a literal of kernel source (a raw string, or
/// the lines of one as adjacent literals).
fn includes(cx: &Cx<'_>, i: usize, content: &[u8], raw: bool, out: &mut Vec<Diagnostic>) {
    let text = cx.text(i);
    let offset = |whole: &[u8], part: &[u8]| {
        cx.tok(i).start as usize + (part.as_ptr() as usize - whole.as_ptr() as usize)
    };
    for at in memchr::memmem::find_iter(content, b"#include") {
        // The directive begins its line of the source: the literal's start,
        // after a newline, or after an escaped one (`"…\n#include …"`).
        let before = content[..at].trim_ascii_end();
        let starts_line = before.is_empty()
            || before.ends_with(b"\n")
            || (!raw && before.ends_with(b"\\n"))
            || before.ends_with(b"\\n\\");
        if !starts_line {
            continue;
        }
        let rest = content[at + b"#include".len()..].trim_ascii_start();
        let Some((&open, rest)) = rest.split_first() else {
            continue;
        };
        let close = match open {
            b'<' => b'>',
            b'"' => b'"',
            // `\"cuda_fp16.h\"` in an ordinary literal.
            b'\\' if !raw && rest.first() == Some(&b'"') => b'\\',
            _ => continue,
        };
        let rest = if open == b'\\' { &rest[1..] } else { rest };
        let Some(end) = memchr::memchr(close, rest) else {
            continue;
        };
        let path_bytes = &rest[..end];
        let path = String::from_utf8_lossy(path_bytes);
        let Some(hip) = crate::mappings::header(&path) else {
            continue;
        };
        out.push(
            Diagnostic::new(
                Code::UnsupportedHeader,
                // From `#include` to the path's end, inside the literal.
                offset(text, content) + at..offset(text, path_bytes) + path_bytes.len() + 1,
                format!(
                    "kernel source compiled at run time includes `{path}`: hiprtc has no CUDA header to include, so the compilation fails on AMD"
                ),
            )
            .with_help(match hip.hip {
                Some(h) => format!("hiprtc declares HIP's device functions, vector and half types itself: drop the include, or include HIP's header (`{h}`) where hiprtc lacks what it declares"),
                None => "drop the include: hiprtc declares HIP's device functions, vector and half types itself".to_owned(),
            }),
        );
    }
}
