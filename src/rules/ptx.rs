//! Inline PTX: every `asm`/`__asm__` statement in code, and PTX text in string
//! literals (JIT-loaded modules). Names the instructions found, suggests the
//! HIP builtin where one does the same thing, and fixes the single-instruction
//! statements whose meaning is exactly that builtin.

use super::Cx;
use crate::diagnostic::{Applicability, Code, Diagnostic};
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::tokens::{BracketSet, Way};

/// HIP builtins for PTX special registers.
const REGISTERS: &[(&str, &str)] = &[
    ("%laneid", "__lane_id()"),
    ("%clock64", "clock64()"),
    ("%clock", "clock()"),
    ("%globaltimer", "wall_clock64()"),
    ("%smid", "__smid()"),
    ("%lanemask_lt", "__lanemask_lt()"),
    ("%lanemask_gt", "__lanemask_gt()"),
    ("%lanemask_eq", "__lanemask_eq()"),
];

/// HIP builtins for PTX instructions, by opcode prefix.
const INSTRUCTIONS: &[(&str, &str)] = &[
    ("ld.global.nc", "__ldg(ptr)"),
    ("shfl.sync", "__shfl / __shfl_up / __shfl_down / __shfl_xor"),
    ("shfl.", "__shfl / __shfl_up / __shfl_down / __shfl_xor"),
    ("prmt", "__byte_perm(x, y, s)"),
    ("bfe", "__bitextract_u32(src, offset, width)"),
    ("bfi", "__bitinsert_u32(base, insert, offset, width)"),
    ("bfind", "31 - __clz(x) (63 - __clzll(x) for .u64/.s64)"),
    ("brev", "__brev(x) / __brevll(x)"),
    ("popc", "__popc(x) / __popcll(x)"),
    ("clz", "__clz(x) / __clzll(x)"),
    ("trap", "__builtin_trap()"),
    ("bar.sync", "__syncthreads()"),
    ("barrier.sync", "__syncthreads()"),
    ("membar.gl", "__threadfence()"),
    ("membar.cta", "__threadfence_block()"),
    ("membar.sys", "__threadfence_system()"),
    ("vote.", "__ballot / __any / __all"),
    ("activemask", "__ballot(1)"),
];

/// The [`INSTRUCTIONS`] row for a PTX opcode (`bfind.u32`), matched on
/// whole dot-separated parts: `bfind` is no `bfi`.
fn instruction_builtin(opcode: &str) -> Option<&'static (&'static str, &'static str)> {
    INSTRUCTIONS.iter().find(|(p, _)| {
        opcode.starts_with(p)
            && (p.ends_with('.') || matches!(opcode.as_bytes().get(p.len()), None | Some(b'.')))
    })
}

pub(super) fn check(cx: &Cx<'_>, out: &mut Vec<Diagnostic>) {
    let edits = std::cell::OnceCell::new();
    let marks = &cx.landmarks;
    for i in merged(&marks.asm, &marks.strings) {
        let t = cx.tok(i);
        match t.kind {
            TokenKind::Ident => {
                if let Some(d) = asm_statement(cx, i, &edits) {
                    out.push(d);
                }
            }
            TokenKind::Str if !t.in_directive() => {
                let s = cx.text(i);
                if contains(s, b".entry") && (contains(s, b".version") || contains(s, b".target")) {
                    out.push(
                        Diagnostic::new(
                            Code::InlinePtx,
                            t.range(),
                            "string literal holds PTX text (a module for the driver API or JIT); AMD GPUs cannot load PTX",
                        )
                        .with_help("build the device code as a HIP code object (hipcc --genco) and load it with hipModuleLoad, or compile source at run time with hipRTC"),
                    );
                }
            }
            _ => {}
        }
    }
}

/// The token indices of two sorted lists, in order.
fn merged(a: &[u32], b: &[u32]) -> impl Iterator<Item = usize> {
    let (mut x, mut y) = (0, 0);
    std::iter::from_fn(move || {
        let next = match (a.get(x), b.get(y)) {
            (Some(&p), Some(&q)) if p < q => {
                x += 1;
                p
            }
            (_, Some(&q)) => {
                y += 1;
                q
            }
            (Some(&p), None) => {
                x += 1;
                p
            }
            (None, None) => return None,
        };
        Some(next as usize)
    })
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    memchr::memmem::find(hay, needle).is_some()
}

/// One operand: constraint (`=r`) and the C++ expression text.
struct Operand {
    constraint: String,
    expr: String,
}

fn asm_statement<'a>(
    cx: &Cx<'a>,
    asm: usize,
    edits: &std::cell::OnceCell<Edits<'a>>,
) -> Option<Diagnostic> {
    let mut j = cx.next(asm)?;
    while matches!(
        cx.text(j),
        b"volatile" | b"__volatile__" | b"__volatile" | b"inline" | b"goto"
    ) {
        j = cx.next(j)?;
    }
    if !cx.is_punct(j, b"(") {
        return None;
    }
    let open = j;
    let close = cx.matching_close(j)?;
    // Split the parenthesised part at top-level `:`.
    let mut sections: Vec<(usize, usize)> = Vec::new();
    let mut start = j + 1;
    let top_level = cx.walk(j + 1, BracketSet::All, Way::Forward);
    for k in top_level
        .take_while(|s| s.k < close)
        .filter(|s| s.depth == 0)
        .map(|s| s.k)
    {
        match cx.text(k) {
            b":" => {
                sections.push((start, k));
                start = k + 1;
            }
            // `asm("…" :: "r"(x))`: the lexer's `::` is two section breaks.
            b"::" => {
                sections.push((start, k));
                sections.push((k, k));
                start = k + 1;
            }
            _ => {}
        }
    }
    sections.push((start, close));
    if cx.next(asm) == Some(open) && asm_label(cx, asm, close, sections.len()) {
        return None;
    }
    // The template is known exactly only when it is string literals alone
    // (`asm("mov.u32 %0, " REG : …)` pastes a macro in).
    let literal_template = (sections[0].0..sections[0].1).all(|k| cx.tok(k).kind == TokenKind::Str);
    let template: String = (sections[0].0..sections[0].1)
        .filter(|&k| cx.tok(k).kind == TokenKind::Str)
        .map(|k| unquote(cx.text(k)))
        .collect();
    let instructions = instructions(&template);
    // AMD GPU assembly (`s_trap 0`, `v_dot2_f32_f16 …`), as Eigen and ggml
    // write it in their HIP branches, is no PTX: it is what HIP runs.
    if !instructions.is_empty() && instructions.iter().all(|i| is_amdgpu_instruction(i)) {
        return None;
    }
    // Nor is a host CPU's (StarPU's starpu_util.h: `lock cmpxchgl`,
    // `mfence`, ARM's `dsb st`, POWER's `sync`, each under its
    // architecture's #if): host code that hipcc compiles as it is.
    if !instructions.is_empty() && instructions.iter().all(|i| is_host_cpu_instruction(i)) {
        return None;
    }
    let edits = edits.get_or_init(|| Edits::new(cx));
    let outputs = sections.get(1).map(|&(a, b)| operands(cx, edits, a, b));
    let inputs = sections.get(2).map(|&(a, b)| operands(cx, edits, a, b));

    let range = cx.tok(asm).start as usize..cx.tok(close).end as usize;
    let shown: Vec<String> = instructions
        .iter()
        .take(6)
        .map(|i| match i.split_once(' ') {
            // Long operand lists (mma …) add nothing: name the opcode.
            Some((op, _)) if i.len() > 40 => format!("`{op}`"),
            _ => format!("`{i}`"),
        })
        .collect();
    let message = if shown.is_empty() {
        "inline `asm` statement: PTX cannot run on AMD GPUs".to_string()
    } else {
        format!(
            "inline PTX ({}{}) cannot run on AMD GPUs",
            shown.join(", "),
            if instructions.len() > 6 { ", …" } else { "" }
        )
    };
    let mut builtins: Vec<String> = Vec::new();
    for ins in &instructions {
        for (reg, b) in REGISTERS {
            if ins.split([' ', ',', ';']).any(|w| w == *reg) {
                builtins.push(format!("`{reg}` → `{b}`"));
            }
        }
        let opcode = ins.split_whitespace().next().unwrap_or("");
        if let Some((p, b)) = instruction_builtin(opcode) {
            builtins.push(format!("`{}` → `{b}`", p.trim_end_matches('.')));
        }
    }
    builtins.dedup();
    let help = if builtins.is_empty() {
        "no HIP builtin does the same; rewrite in portable HIP C++ (for tensor-core code: rocWMMA or Composable Kernel)".to_string()
    } else {
        format!("HIP builtins: {}", builtins.join(", "))
    };
    let mut d = Diagnostic::new(Code::InlinePtx, range.clone(), message).with_help(help);
    // The fix replaces the whole statement, translation edits inside it
    // included: its operands are written as translated (see `operands`), and
    // `apply_fixes` lets it take the place of the edits it covers.
    let operands = match (outputs, inputs) {
        (Some(None), _) | (_, Some(None)) => None,
        (o, i) => Some((
            o.flatten().unwrap_or_default(),
            i.flatten().unwrap_or_default(),
        )),
    };
    // Only a statement (not `f(asm(…))`, `k<<<asm(…), 1>>>`): the fix
    // writes one.
    let statement = at_statement_start(cx, asm);
    // Nor where the statement's `(` pairs with a `}` or `]` (brackets pair
    // by depth alone): the fix would take that bracket with it.
    let closed = cx.is_punct(close, b")");
    if let Some((outputs, inputs)) =
        operands.filter(|_| instructions.len() == 1 && literal_template && statement && closed)
    {
        if let Some(text) = exact_builtin(&instructions[0], &outputs, &inputs) {
            if builtins.is_empty() {
                // `mov.b64 {lo, hi}, x`: no builtin of its own, but one exact form.
                d = d.with_help(format!("HIP C++ does the same: `{text}`"));
            }
            d = d.with_fix(
                format!("replace with `{text}`"),
                vec![Edit::replace(range, text)],
                Applicability::Safe,
            );
        }
    }
    Some(d)
}

/// `extern "C" uint8_t start[] asm("_binary_x_start");` (jitify's embedded
/// files): an asm label, the assembler name of the declared symbol, not an
/// `asm` statement. It follows a declarator (`]` or a name, not at a
/// statement's start), has no qualifier (`volatile`) and no operand
/// sections, and ends the declarator. A `register` variable's label names a
/// PTX register (`register unsigned r asm("r1")`): that one is reported.
fn asm_label(cx: &Cx<'_>, asm: usize, close: usize, sections: usize) -> bool {
    let register = cx
        .walk(asm, BracketSet::All, Way::Back)
        .take_while(|s| !s.unmatched && !matches!(cx.text(s.k), b";" | b"{" | b"}"))
        .any(|s| cx.is_ident(s.k, b"register"));
    let after_declarator = cx.prev(asm).is_some_and(|p| {
        cx.is_punct(p, b"]")
            || (cx.tok(p).kind == TokenKind::Ident && !matches!(cx.text(p), b"else" | b"do"))
    });
    sections == 1
        && !register
        && after_declarator
        && !at_statement_start(cx, asm)
        && cx
            .next(close)
            .is_some_and(|n| matches!(cx.text(n), b";" | b"," | b"=" | b"__attribute__"))
}

/// Whether a statement may start at token `i`: first in its context (the
/// file, or a directive), after `;`, `{`, `}`, `)`, a label's `:`, `else` or
/// `do`, or first in a `#define` body (after the macro's name).
fn at_statement_start(cx: &Cx<'_>, i: usize) -> bool {
    let Some(p) = cx.prev(i) else {
        return true;
    };
    if ends_before_statement(cx.text(p)) {
        return true;
    }
    let t = cx.tok(i);
    t.in_directive() && {
        let d = &cx.lx.directives[t.directive as usize];
        d.name == "define" && p == d.first_token as usize + 1
    }
}

/// Whether a statement may start after token text `t`: `;`, `{`, `}`, `)`,
/// a label's `:`, `else` or `do`. (The fixed point's shortcut reads it too:
/// an edit that changes this before an `asm` changes whether it is a
/// statement.)
pub(crate) fn ends_before_statement(t: &[u8]) -> bool {
    matches!(t, b";" | b"{" | b"}" | b")" | b":" | b"else" | b"do")
}

/// The text of a string literal token, quotes and prefix removed, simple escapes decoded.
fn unquote(raw: &[u8]) -> String {
    let s = String::from_utf8_lossy(raw);
    let (Some(a), Some(b)) = (s.find('"'), s.rfind('"')) else {
        return String::new();
    };
    if b <= a {
        return String::new();
    }
    let body = &s[a + 1..b];
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(o) => out.push(o),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// PTX statements of a template, normalised (`%%` → `%`, one space between words).
fn instructions(template: &str) -> Vec<String> {
    template
        .replace("%%", "%")
        .split([';', '\n'])
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        // A scope's braces stand alone or lead a statement (`{ .reg …`);
        // braces inside operands (`{%0,%1}`) stay.
        .map(|s| s.strip_prefix("{ ").map(str::to_string).unwrap_or(s))
        .filter(|s| !s.is_empty() && s != "{" && s != "}")
        .filter(|s| !s.starts_with('.') && !s.ends_with(':'))
        .map(|s| match s.strip_prefix('@') {
            // Drop a predicate guard: `@p bra done` → `bra done`.
            Some(rest) => rest
                .split_once(' ')
                .map_or(rest.to_string(), |(_, r)| r.to_string()),
            None => s,
        })
        .collect()
}

/// Whether a template statement is AMD GPU (GCN/CDNA/RDNA) assembly: its
/// opcode is one of the ISA's `s_`, `v_`, `ds_`, `buffer_`, `global_`,
/// `flat_`, `scratch_` or `image_` families. PTX opcodes are dot-separated
/// words without underscores (`ld.global.nc`, `mma.sync.aligned…`).
fn is_amdgpu_instruction(ins: &str) -> bool {
    let opcode = ins.split_whitespace().next().unwrap_or("");
    const FAMILIES: &[&str] = &[
        "s_", "v_", "ds_", "buffer_", "global_", "flat_", "scratch_", "image_",
    ];
    !opcode.contains('.')
        && FAMILIES
            .iter()
            .any(|f| opcode.len() > f.len() && opcode.starts_with(f))
        && opcode
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Whether a template statement is a host CPU's barrier or atomic (x86,
/// ARM, POWER), opcodes no PTX instruction is spelled as: PTX's barriers
/// and atomics carry dotted suffixes (`membar.gl`, `bar.sync`,
/// `atom.global.cas.b32`, `fence.sc.gpu`). x86's `lock` prefix is read
/// past.
fn is_host_cpu_instruction(ins: &str) -> bool {
    #[rustfmt::skip]
    const OPCODES: &[&str] = &[
        // x86 (AT&T suffixes b/w/l/q)
        "mfence", "lfence", "sfence", "pause", "rdtsc", "rdtscp", "cpuid", "xchg", "xchgb",
        "xchgw", "xchgl", "xchgq", "cmpxchg", "cmpxchgb", "cmpxchgw", "cmpxchgl", "cmpxchgq",
        "cmpxchg8b", "cmpxchg16b", "xadd", "xaddb", "xaddw", "xaddl", "xaddq", "addl", "addq",
        "lock",
        // ARM
        "dmb", "dsb", "isb",
        // POWER
        "sync", "lwsync", "hwsync", "isync", "eieio",
    ];
    let mut words = ins.split_whitespace();
    let mut opcode = words.next().unwrap_or("");
    if opcode == "lock" {
        opcode = words.next().unwrap_or("lock");
    }
    OPCODES.contains(&opcode)
}

/// The operands of section `a..b`, each expression with the translation's
/// edits inside it applied. `None` where the section is not a plain operand
/// list (`[name] "constraint"(expr)`, comma-separated), where an expression
/// holds a statement's punctuation (`;`, braces), or where it cannot be
/// rendered exactly (an edit reaches across its ends, or bytes that are not
/// UTF-8): a fix is offered only where the statement is read exactly, so that
/// what a fix leaves behind reads the same to the next run.
fn operands(cx: &Cx<'_>, edits: &Edits<'_>, a: usize, b: usize) -> Option<Vec<Operand>> {
    let mut out = Vec::new();
    let mut k = a;
    while k < b {
        if cx.is_punct(k, b"[") {
            k = cx.matching_close(k).filter(|&c| c < b)? + 1;
        }
        if k >= b || cx.tok(k).kind != TokenKind::Str {
            return None;
        }
        let constraint = unquote(cx.text(k));
        let open = k + 1;
        if !(open < b && cx.is_punct(open, b"(")) {
            return None;
        }
        let close = cx.matching_close(open).filter(|&c| c < b && c > open + 1)?;
        if (open + 1..close).any(|i| matches!(cx.text(i), b";" | b"{" | b"}")) {
            return None;
        }
        out.push(Operand {
            constraint,
            expr: edits.translated(cx, cx.span(open + 1, close))?,
        });
        k = close + 1;
        if k < b {
            if !cx.is_punct(k, b",") {
                return None;
            }
            k += 1;
        }
    }
    Some(out)
}

/// The translation's edits, sorted, to render operands as translated.
struct Edits<'a> {
    /// Sorted by start (borrowed: a file may hold thousands).
    edits: Vec<&'a Edit>,
    /// `max_end[k]`: the furthest end among `edits[..k]`.
    max_end: Vec<usize>,
}

impl<'a> Edits<'a> {
    fn new(cx: &Cx<'a>) -> Edits<'a> {
        let mut edits: Vec<&Edit> = cx.edits.iter().collect();
        edits.sort_by_key(|e| e.range.start);
        let mut max_end = Vec::with_capacity(edits.len() + 1);
        max_end.push(0);
        for e in &edits {
            max_end.push(e.range.end.max(*max_end.last().unwrap_or(&0)));
        }
        Edits { edits, max_end }
    }

    /// The bytes of `r` as translated: the edits inside it (insertions at
    /// its ends included) applied. `None` where an edit reaches across an
    /// end, or the result is not UTF-8.
    fn translated(&self, cx: &Cx<'_>, r: std::ops::Range<usize>) -> Option<String> {
        let first = self.edits.partition_point(|e| e.range.start < r.start);
        if self.max_end[first] > r.start {
            return None;
        }
        let mut inner = Vec::new();
        for e in self.edits[first..]
            .iter()
            .take_while(|e| e.range.start <= r.end)
        {
            if e.range.end <= r.end {
                inner.push((*e).clone());
            } else if e.range.start < r.end {
                return None;
            }
        }
        let (inner, _) = crate::edit::normalize(inner);
        String::from_utf8(crate::edit::render_range(cx.src, r, &inner)).ok()
    }
}

/// The builtin call equal to a single PTX instruction, if there is one.
fn exact_builtin(ins: &str, outputs: &[Operand], inputs: &[Operand]) -> Option<String> {
    let words: Vec<&str> = ins.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let (opcode, args) = words.split_first()?;
    let out = |i: usize| -> Option<&str> {
        let o = outputs.get(i)?;
        o.constraint.starts_with('=').then_some(o.expr.as_str())
    };
    let inp = |name: &str| -> Option<&str> {
        // `%1` refers to operand 1, counting outputs first.
        let n: usize = name.strip_prefix('%')?.parse().ok()?;
        inputs
            .get(n.checked_sub(outputs.len())?)
            .map(|o| o.expr.as_str())
    };
    let assign = |builtin: &str| -> Option<String> {
        (outputs.len() == 1 && args.first() == Some(&"%0"))
            .then(|| out(0).map(|o| format!("{o} = {builtin}")))
            .flatten()
    };
    if *opcode == "mov.b64"
        && let Some(text) = mov_b64_halves(ins, outputs, inputs)
    {
        return Some(text);
    }
    match (*opcode, args) {
        ("trap", []) if outputs.is_empty() => Some("__builtin_trap()".into()),
        ("bar.sync" | "barrier.sync", ["0"]) if outputs.is_empty() => {
            Some("__syncthreads()".into())
        }
        ("membar.gl", []) => Some("__threadfence()".into()),
        ("membar.cta", []) => Some("__threadfence_block()".into()),
        ("membar.sys", []) => Some("__threadfence_system()".into()),
        (op, [_, reg]) if op.starts_with("mov.") && inputs.is_empty() => {
            let b = REGISTERS.iter().find(|(r, _)| r == reg)?.1;
            assign(b)
        }
        ("popc.b32", [_, x]) => assign(&format!("__popc({})", inp(x)?)),
        ("popc.b64", [_, x]) => assign(&format!("__popcll({})", inp(x)?)),
        ("brev.b32", [_, x]) => assign(&format!("__brev({})", inp(x)?)),
        ("brev.b64", [_, x]) => assign(&format!("__brevll({})", inp(x)?)),
        ("clz.b32", [_, x]) => assign(&format!("__clz({})", inp(x)?)),
        ("clz.b64", [_, x]) => assign(&format!("__clzll({})", inp(x)?)),
        ("prmt.b32", [_, a, b, s]) => assign(&format!(
            "__byte_perm({}, {}, {})",
            inp(a)?,
            inp(b)?,
            inp(s)?
        )),
        _ => None,
    }
}

/// `mov.b64 {%0, %1}, %2`: a 64-bit value split into its 32-bit halves, the
/// first of the braces the low one (PTX ISA, `mov`: "vector" operands;
/// OpenMM's and CUB's 64-bit shuffles), and `mov.b64 %0, {%1, %2}`, the
/// halves joined. A `double` (`"d"`) splits and joins with HIP's
/// `__double2loint`/`__double2hiint`/`__hiloint2double`, a 64-bit integer
/// (`"l"`) with shifts. The value split is read twice: only where it is a
/// name or a member.
fn mov_b64_halves(ins: &str, outputs: &[Operand], inputs: &[Operand]) -> Option<String> {
    let rest = ins.strip_prefix("mov.b64")?.trim();
    let number = |w: &str| -> Option<usize> { w.trim().strip_prefix('%')?.parse().ok() };
    // Operand `n`'s expression, where its constraint (less `=`, `&`, `+`
    // for an output) is one of `kinds`.
    let operand = |n: usize, output: bool, kinds: &[&str]| -> Option<&str> {
        let o = if output {
            outputs.get(n)?
        } else {
            inputs.get(n.checked_sub(outputs.len())?)?
        };
        let c = o.constraint.as_str();
        let kind = if output {
            c.strip_prefix('=')?.trim_start_matches('&')
        } else {
            c
        };
        kinds.contains(&kind).then_some(o.expr.trim())
    };
    let halves = |v: &str| -> Option<(usize, usize)> {
        let v = v.trim().strip_prefix('{')?.strip_suffix('}')?;
        let (lo, hi) = v.split_once(',')?;
        Some((number(lo)?, number(hi)?))
    };
    let plain = |e: &str| {
        !e.is_empty()
            && e.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.'))
    };
    if rest.starts_with('{') {
        let close = rest.find('}')?;
        let (lo, hi) = halves(&rest[..=close])?;
        let x = number(rest[close + 1..].trim().strip_prefix(',')?)?;
        let (lo, hi) = (operand(lo, true, &["r"])?, operand(hi, true, &["r"])?);
        if lo == hi {
            return None;
        }
        if let Some(d) = operand(x, false, &["d"]).filter(|e| plain(e)) {
            return Some(format!(
                "{lo} = __double2loint({d}), {hi} = __double2hiint({d})"
            ));
        }
        let l = operand(x, false, &["l"]).filter(|e| plain(e))?;
        return Some(format!(
            "{lo} = (unsigned int)(unsigned long long)({l}), {hi} = (unsigned int)((unsigned long long)({l}) >> 32)"
        ));
    }
    let (dst, v) = rest.split_once(',')?;
    let (lo, hi) = halves(v)?;
    let (lo, hi) = (operand(lo, false, &["r"])?, operand(hi, false, &["r"])?);
    let dst = number(dst)?;
    if let Some(d) = operand(dst, true, &["d"]) {
        return Some(format!("{d} = __hiloint2double({hi}, {lo})"));
    }
    let l = operand(dst, true, &["l"])?;
    Some(format!(
        "{l} = ((unsigned long long)(unsigned int)({hi}) << 32) | (unsigned int)({lo})"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_templates_into_instructions() {
        let ins =
            instructions("{ .reg .pred p;\n setp.ne.b32 p, %1, 0;\n @p mov.u32 %0, %%laneid; }");
        assert_eq!(ins, vec!["setp.ne.b32 p, %1, 0", "mov.u32 %0, %laneid"]);
    }

    #[test]
    fn amdgpu_instructions_are_no_ptx() {
        for ins in [
            "s_trap 0",
            "v_dot2_f32_f16 %0, %1, %2, %0",
            "v_add3_u32 %0, %1, %2, %0",
            "ds_swizzle_b32 %0, %1 offset:0x041F",
        ] {
            assert!(is_amdgpu_instruction(ins), "{ins}");
        }
        for ins in [
            "trap",
            "ld.global.nc.v4.f32 {%0}, [%1]",
            "shfl.sync.bfly.b32 %0, %1, %2, %3, %4",
            "s_",
            "mov.u32 %0, %laneid",
        ] {
            assert!(!is_amdgpu_instruction(ins), "{ins}");
        }
    }

    #[test]
    fn instruction_builtins_match_whole_parts() {
        let b = |op: &str| instruction_builtin(op).map(|(p, _)| *p);
        assert_eq!(b("bfind.u32"), Some("bfind"));
        assert_eq!(b("bfi.b32"), Some("bfi"));
        assert_eq!(b("bar.sync"), Some("bar.sync"));
        assert_eq!(b("shfl.sync.bfly.b32"), Some("shfl.sync"));
        assert_eq!(b("popcount"), None);
    }

    #[test]
    fn exact_builtins() {
        let o = |c: &str, e: &str| Operand {
            constraint: c.into(),
            expr: e.into(),
        };
        assert_eq!(
            exact_builtin("mov.u32 %0, %laneid", &[o("=r", "lane")], &[]).as_deref(),
            Some("lane = __lane_id()")
        );
        assert_eq!(
            exact_builtin("popc.b32 %0, %1", &[o("=r", "n")], &[o("r", "m")]).as_deref(),
            Some("n = __popc(m)")
        );
        assert_eq!(
            exact_builtin("trap", &[], &[]).as_deref(),
            Some("__builtin_trap()")
        );
        assert_eq!(
            exact_builtin("add.u32 %0, %1, %2", &[o("=r", "x")], &[]),
            None
        );
    }
}
