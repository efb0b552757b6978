//! What the identifier pass left, from what its resolve step found
//! ([`crate::translate::Name`]): names the tables know HIP lacks at the
//! target (HIP-W005, `__syncwarp` with the definition it needs), CUDA names
//! no table maps (HIP-W004, with the nearest mapped name), legacy cuBLAS
//! (HIP-W006), replacements HIP deprecated (HIP-I001), and calls left as
//! they are because their arguments cannot be rewritten (HIP-W005) or read
//! (HIP-E001); the headers and members the passes left ([`Left`]: HIP-W006,
//! HIP-W007, HIP-W005); the statements tree-sitter could not parse where
//! the declaration check asked (HIP-E001). Also the block comments and raw
//! strings that never close (HIP-E001): nothing after them was translated.
//! Reads; rewrites nothing.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use super::Cx;
use crate::diagnostic::{Applicability, Code, Diagnostic};
use crate::lex;
use crate::mappings::{self, Mapping, Status};
use crate::translate::{Left, Name, Verdict};

/// The findings about what the passes left: headers (the include scan runs
/// first), names in the resolve step's order, then members.
pub(super) fn check(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    unterminated(cx, out);
    let is_header = |l: &&Left| matches!(l, Left::LegacyCublasHeader { .. } | Left::Header { .. });
    for l in cx.left.iter().filter(is_header) {
        left(cx, l, out);
    }
    names(cx, out);
    for l in cx.left.iter().filter(|l| !is_header(l)) {
        left(cx, l, out);
    }
}

/// The notes where tree-sitter could not parse a statement the declaration
/// check asked about.
pub(super) fn unparsed(at: &[std::ops::Range<usize>]) -> Vec<Diagnostic> {
    (at.iter())
        .map(|r| {
            Diagnostic::new(
                Code::ParseError,
                r.clone(),
                "tree-sitter could not parse this statement; it was translated as code (a declaration here would have been left alone)",
            )
        })
        .collect()
}

/// HIP-W006 and HIP-W007 for a header left, HIP-W005 for a member.
fn left(cx: &Cx<'_>, l: &Left, out: &mut Vec<Diagnostic>) {
    // `object.member` as written, its range, and the member's name.
    let member_access = |object: usize, member: usize| {
        let range = cx.tok(object).start as usize..cx.tok(member).end as usize;
        let shown = String::from_utf8_lossy(&cx.src[range.clone()]).into_owned();
        let name = String::from_utf8_lossy(cx.text(member)).into_owned();
        (range, shown, name)
    };
    match l {
        Left::LegacyCublasHeader { tok } => out.push(
            Diagnostic::new(
                Code::LegacyCublas,
                cx.tok(*tok).range(),
                "`cublas.h` without `cublas_v2.h` or a `cublasHandle_t` declares the legacy cuBLAS API, which hipBLAS does not have",
            )
            .with_help("port to the handle-based API of cublas_v2.h first; the include and the legacy calls are left as they are"),
        ),
        Left::Header { tok, path, header: h } => {
            let message = match h.hip {
                Some(hip) if !h.unsupported => format!(
                    "`{path}` becomes `{hip}` from HIP {}; the target is HIP {}",
                    h.hip_added, cx.opts.target.hip_version
                ),
                _ => format!("`{path}` has no HIP counterpart"),
            };
            out.push(
                Diagnostic::new(Code::UnsupportedHeader, cx.tok(*tok).range(), message).with_help(
                    if h.note.is_empty() {
                        "the include is left as it is".to_string()
                    } else {
                        h.note.to_string()
                    },
                ),
            );
        }
        Left::MemberInVarargs {
            object,
            member,
            hip_type,
            hip,
        } => {
            let (range, shown, member) = member_access(*object, *member);
            out.push(
                Diagnostic::new(
                    Code::UnsupportedApi,
                    range,
                    format!("`{shown}`: HIP's `{hip_type}` has `{hip}()`, which returns unsigned int where CUDA's `{member}()` returns unsigned long long, and this is a variadic call's argument"),
                )
                .with_help(format!("write `(unsigned long long)` before the object and `{hip}` for `{member}`")),
            );
        }
        Left::PastedPrefix { prefix, names } => {
            let shown = String::from_utf8_lossy(cx.text(*prefix));
            let message = if names.is_empty() {
                format!("`{shown} ## …` pastes CUDA API names this file never calls through it, so none is translated")
            } else {
                format!(
                    "`{shown} ## …` pastes CUDA API names that are no plain rename to HIP: {}",
                    names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
                )
            };
            out.push(
                Diagnostic::new(Code::UnsupportedApi, cx.tok(*prefix).range(), message)
                    .with_help("write the HIP names out at the uses, or paste HIP's prefix where every pasted name is HIP's prefix and the same rest (`hipMalloc`)"),
            );
        }
        Left::DeviceLinkage { at, name } => {
            let range = cx.tok(*at).start as usize..cx.tok(*name).end as usize;
            out.push(
                Diagnostic::new(
                    Code::BuildSettingUnported,
                    range,
                    format!(
                        "`{}` is device code another unit defines: hipcc links device code across units only as relocatable device code",
                        String::from_utf8_lossy(cx.text(*name))
                    ),
                )
                .with_help("compile every unit with `-fgpu-rdc` and link with `-fgpu-rdc --hip-link` (nvcc's `-rdc=true`, CMake's CUDA_SEPARABLE_COMPILATION); without it the device link fails ('undefined hidden symbol')"),
            );
        }
        Left::MacroMember {
            call,
            argument,
            member,
            hip_type,
            hip,
            entry,
        } => {
            let range = cx.tok(call.start).start as usize..cx.tok(call.end - 1).end as usize;
            let shown = String::from_utf8_lossy(&cx.src[range.clone()]);
            let (arg, name) = (
                String::from_utf8_lossy(
                    &cx.src[cx.tok(argument.start).start as usize
                        ..cx.tok(argument.end - 1).end as usize],
                ),
                String::from_utf8_lossy(cx.text(*member)),
            );
            let mac = String::from_utf8_lossy(cx.text(call.start));
            let target = cx.opts.target.hip_version;
            let side = &entry.mapping.hip;
            let what = match (hip, side.name) {
                (Some(hip), _) => format!("HIP's `{hip_type}` names it `{hip}`"),
                (None, Some(hip)) if side.added > target => format!(
                    "HIP's `{hip_type}` has no `{hip}` before HIP {}; the target is HIP {target}",
                    side.added
                ),
                _ => format!("HIP's `{hip_type}` has no counterpart of `{name}`"),
            };
            let mut help = format!(
                "`{mac}`'s body is left as it is (it serves every type it is used on): write the member's HIP form at this use, or a HIP form in the macro for this type"
            );
            if !entry.mapping.note.is_empty() {
                help = format!("{help}. {}", entry.mapping.note);
            }
            out.push(
                Diagnostic::new(
                    Code::UnsupportedApi,
                    range,
                    format!("`{shown}` reaches `{name}` on `{arg}` through the macro's parameter: {what}"),
                )
                .with_help(help),
            );
        }
        Left::Member {
            object,
            member,
            hip_type,
            entry,
        } => {
            let (range, shown, member) = member_access(*object, *member);
            let target = cx.opts.target.hip_version;
            let side = &entry.mapping.hip;
            let message = match side.name {
                Some(hip) if side.added > target => format!(
                    "`{shown}`: HIP's `{hip_type}` has no `{hip}` before HIP {}; the target is HIP {target}",
                    side.added
                ),
                _ => format!("`{shown}`: HIP's `{hip_type}` has no counterpart of `{member}`"),
            };
            let mut d = Diagnostic::new(Code::UnsupportedApi, range, message);
            if !entry.mapping.note.is_empty() {
                d = d.with_help(entry.mapping.note);
            }
            out.push(d);
        }
    }
}

/// The findings about the file's names, in the resolve step's order.
fn names(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    for n in cx.names {
        // Most names are renamed and say nothing: past them at once.
        if let Verdict::User(_)
        | Verdict::Renamed {
            call: None,
            deprecated: false,
            ..
        } = n.verdict
        {
            continue;
        }
        let range = cx.tok(n.tok).range();
        let name = || String::from_utf8_lossy(&cx.ident_name(n.tok)).into_owned();
        let raw = || String::from_utf8_lossy(cx.text(n.tok)).into_owned();
        match &n.verdict {
            Verdict::User(_) => {}
            Verdict::Renamed {
                mapping,
                hip,
                call,
                deprecated,
            } => {
                // A definition the translation adds may take this form
                // (`cudaGraphExecUpdate(exec, graph, &info)`): no note.
                let answered = || {
                    cx.names.iter().any(|d| {
                        matches!(d.verdict, Verdict::Unsupported { fix: Some(_), .. })
                            && crate::translate::shim_answers(cx.text(d.tok), cx.text(n.tok))
                    })
                };
                let notes = call.iter().flat_map(|c| &c.notes);
                for note in notes.filter(|_| !answered()) {
                    let (raw, hip) = (raw(), hip.unwrap_or_default());
                    let message = if raw == hip {
                        // HIP keeps the name (surf2Dread) but not this form.
                        format!("`{raw}`: {note}")
                    } else {
                        format!("`{raw}` becomes `{hip}`, but {note}")
                    };
                    out.push(Diagnostic::new(Code::UnsupportedApi, range.clone(), message));
                }
                if *deprecated {
                    out.push(Diagnostic::new(
                        Code::DeprecatedApi,
                        range,
                        format!(
                            "`{}` becomes `{}`, which HIP deprecated in {}",
                            name(),
                            hip.unwrap_or_default(),
                            mapping.side(&cx.opts.target).deprecated
                        ),
                    ));
                }
            }
            Verdict::LegacyCublas => out.push(
                Diagnostic::new(
                    Code::LegacyCublas,
                    range,
                    format!(
                        "`{}` is legacy cuBLAS API (cublas.h); hipBLAS has no such function",
                        name()
                    ),
                )
                .with_help("port the call to the cublas_v2.h API (with a handle), then translate"),
            ),
            Verdict::CallLeft { hip, first } => out.push(
                Diagnostic::new(
                    Code::ParseError,
                    range,
                    format!(
                        "`{}` becomes `{hip}` without {}, but its arguments hold braces, a `;` or a declaration keyword, so the call was left as it is",
                        name(),
                        if *first {
                            "its first argument"
                        } else {
                            "one of its arguments"
                        }
                    ),
                )
                .with_help("check the call's parentheses (a macro may hide them), then translate again"),
            ),
            Verdict::CallKept { hip, call } => {
                if let Some((index, text, note)) = &call.other_value {
                    out.push(Diagnostic::new(
                        Code::UnsupportedApi,
                        range.clone(),
                        format!(
                            "`{}` is left as it is: its argument {} is `{text}`, and {note}",
                            raw(),
                            index + 1
                        ),
                    ));
                }
                let Some((index, text, note)) = &call.not_null else {
                    continue;
                };
                out.push(
                    Diagnostic::new(
                        Code::UnsupportedApi,
                        range,
                        format!(
                            "`{}` is left as it is: `{hip}` has no parameter for its argument {} (`{text}`), which is not null",
                            raw(),
                            index + 1
                        ),
                    )
                    .with_help(*note),
                );
            }
            Verdict::Unsupported {
                mapping,
                status,
                fix,
            } => {
                // A launch attribute the defined cudaLaunchKernelEx does not
                // honour as CUDA does: said at the use, the definition added.
                let caveat = crate::translate::launch_attribute_caveat(cx.text(n.tok));
                if let Some(caveat) = caveat.filter(|_| fix.is_some()) {
                    let message = format!("`{}`: {caveat}", raw());
                    out.push(Diagnostic::new(Code::UnsupportedApi, range.clone(), message));
                }
                let d = unsupported(cx, range, mapping, &name(), *status);
                out.push(match fix {
                    Some(edit) => d.with_fix(
                        crate::translate::function_shim_title(cx.text(n.tok)),
                        vec![edit.clone()],
                        Applicability::Required,
                    ),
                    None => d,
                });
            }
            Verdict::Unmapped => unmapped(cx, n, out),
        }
    }
}

/// A note where a block comment or raw string literal opens and never
/// closes: the rest of the file is inside it, so nothing after it was
/// translated (what comes before is).
fn unterminated(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    for u in &cx.lx.unterminated {
        let what = match u.kind {
            lex::UnterminatedKind::BlockComment => "block comment",
            lex::UnterminatedKind::RawString => "raw string literal",
        };
        out.push(
            Diagnostic::new(
                Code::ParseError,
                u.start as usize..u.end as usize,
                format!("unterminated {what}: it runs to the end of the file, so nothing after this point was translated"),
            )
            .with_help(match u.kind {
                lex::UnterminatedKind::BlockComment => "close it with `*/` where it should end, then translate again",
                lex::UnterminatedKind::RawString => "close it with `)` + its delimiter + `\"` where it should end, then translate again",
            }),
        );
    }
}

/// HIP-W004 for a CUDA-shaped name no table maps, where CUDA declares it.
fn unmapped(cx: &Cx<'_>, n: &Name, out: &mut Vec<Diagnostic>) {
    let name = String::from_utf8_lossy(cx.text(n.tok)).into_owned();
    // Only what CUDA declares: a CUDA-shaped name of the project's own
    // (`cudaCheck`) is none of the tool's business. (Names another file
    // of the run declares are dropped after the run: see `project`.)
    let Some(header) = mappings::cuda_header(&name) else {
        return;
    };
    let near = closest_known(&name);
    let message = match near {
        Some(near) => format!(
            "`{name}` (CUDA, `{header}`) is in no mapping table; the nearest mapped name is `{near}`"
        ),
        None => format!("`{name}` (CUDA, `{header}`) is in no mapping table"),
    };
    out.push(
        Diagnostic::new(Code::UnmappedApi, cx.tok(n.tok).range(), message).with_help(
            "port the call by hand (HIP may name it differently), or map it in hipify.toml's [mappings]",
        ),
    );
}

/// HIP-W005 for `name`, which the tables map but the target lacks.
pub(super) fn unsupported(
    cx: &Cx<'_>,
    range: std::ops::Range<usize>,
    m: &Mapping,
    name: &str,
    status: Status,
) -> Diagnostic {
    let s = m.side(&cx.opts.target);
    let target = cx.opts.target.hip_version;
    let message = match status {
        _ if m.hip_only_under_roc(&cx.opts.target) => {
            let (roc_lib, hip_lib) = m.family.libraries();
            format!(
                "`{name}` has no {roc_lib} equivalent (--roc); {hip_lib}'s `{}` does not compile against {roc_lib}'s header",
                m.hip.name.unwrap_or_default()
            )
        }
        Status::Removed => format!("`{name}` was removed from HIP in {}", s.removed),
        Status::Experimental => {
            format!("`{name}` is experimental in HIP; pass --experimental to translate it")
        }
        _ if s.name.is_some() && s.added > target => format!(
            "`{name}` needs HIP {} (`{}`); the target is HIP {target}",
            s.added,
            s.name.unwrap_or_default()
        ),
        _ => format!("`{name}` ({} API) has no HIP counterpart", m.family),
    };
    let d = Diagnostic::new(Code::UnsupportedApi, range, message);
    if m.note.is_empty() {
        d
    } else {
        d.with_help(m.note)
    }
}

/// The known CUDA name most like `name` (a typo, or a newer API's sibling),
/// if one is close enough to be worth saying. Only unknown names get here;
/// a codebase repeats its few unknown names (its own `cudaCheck` helper) many
/// times, so each name is scored against the tables once per process.
fn closest_known(name: &str) -> Option<&'static str> {
    static SEEN: LazyLock<Mutex<HashMap<String, Option<&'static str>>>> =
        LazyLock::new(Default::default);
    if let Some(near) = SEEN.lock().ok().and_then(|s| s.get(name).copied()) {
        return near;
    }
    // Typos and siblings share the family prefix and nearly the length;
    // scoring only those keeps an unknown name cheap (the tables hold 9,000).
    static BY_PREFIX: LazyLock<HashMap<&'static [u8], Vec<&'static str>>> = LazyLock::new(|| {
        let mut by = HashMap::<&[u8], Vec<&str>>::new();
        for m in mappings::all() {
            by.entry(prefix(m.cuda)).or_default().push(m.cuda);
        }
        by
    });
    fn prefix(name: &str) -> &[u8] {
        &name.as_bytes()[..name.len().min(4)]
    }
    let near = BY_PREFIX
        .get(prefix(name))
        .into_iter()
        .flatten()
        .filter(|known| known.len().abs_diff(name.len()) <= 3)
        // The same library: `cusolverDnX` is no near miss for `cusparseDnX`.
        .filter(|known| library_word(known) == library_word(name))
        .map(|known| (strsim::jaro_winkler(name, known), *known))
        .filter(|(score, _)| *score >= 0.88)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n);
    if let Ok(mut seen) = SEEN.lock() {
        seen.insert(name.to_owned(), near);
    }
    near
}

/// The library a CUDA name's spelling names: the leading lower-case word
/// (`cusparse` of `cusparseSpMV`, `cuda` of `cudaMalloc`), or what comes
/// before the first `_` (`CUSPARSE` of `CUSPARSE_ORDER_COL`).
fn library_word(name: &str) -> &str {
    let end = if name.starts_with(|c: char| c.is_ascii_lowercase()) {
        name.find(|c: char| !c.is_ascii_lowercase())
    } else {
        name.find('_')
    };
    &name[..end.unwrap_or(name.len())]
}
