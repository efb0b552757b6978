//! Warp-size hazards: AMD wavefronts have 64 lanes (CDNA) or 32/64 (RDNA).
//!
//! - 32-bit masks passed to `*_sync` warp functions (HIP ≥ 6.2 takes 64-bit);
//! - ballot-like results (`__ballot*`, `__activemask`, `__match_any_sync`)
//!   stored in, cast to or bit-counted as 32-bit integers;
//! - the number 32 used as the warp size: lane and warp-id arithmetic on
//!   thread indices, `warpSize == 32`, shuffle reductions starting at 16,
//!   `WARP_SIZE 32` where the file uses it as one.
//!
//! Precision matters as much as recall: a 32 is reported only in one of these
//! roles, next to a thread index, a warp function or a warp-named constant.
//! `threadIdx.x % 32` counts as lane arithmetic only where it is named so
//! (`lane`, `warp_id`, `wid`) or its function uses warp functions (a 64×32
//! tile split is no warp), and not beside 32-thread cooperative-groups tiles
//! (`tiled_partition<32>`: HIP keeps their size on wave64). Not reported: a
//! `__shared__ T s[32]` (sized for the most warps a block can hold, 1024 /
//! 32, it holds the fewer 64-lane wavefronts too), `tiled_partition<32>`
//! itself, `warpSize == 32 || warpSize == 64`, a shuffle's width argument,
//! and any 32 in a function whose shuffles all pass a width of at most 32
//! (deliberate 32-lane logical warps).

// Per-file sets and maps of short names: foldhash, not SipHash (no
// untrusted-key concern here, and it is several times faster).
use foldhash::{HashMap, HashSet};

use super::Cx;
use crate::diagnostic::{Applicability, Code, Diagnostic};
use crate::edit::Edit;
use crate::lex::TokenKind;
use crate::mappings::Version;
use crate::tokens::{BracketSet, Way};

use super::bodies::{Bodies, Body};

/// Warp functions whose first argument is a lane mask.
const MASKED: &[&[u8]] = &[
    b"__shfl_sync",
    b"__shfl_up_sync",
    b"__shfl_down_sync",
    b"__shfl_xor_sync",
    b"__ballot_sync",
    b"__any_sync",
    b"__all_sync",
    b"__uni_sync",
    b"__match_any_sync",
    b"__match_all_sync",
    b"__syncwarp",
    b"__reduce_add_sync",
    b"__reduce_min_sync",
    b"__reduce_max_sync",
    b"__reduce_and_sync",
    b"__reduce_or_sync",
    b"__reduce_xor_sync",
];

/// Functions returning a lane mask, 64 bits wide on a wave64 GPU.
const MASK_RESULTS: &[&[u8]] = &[
    b"__ballot",
    b"__ballot_sync",
    b"__activemask",
    b"__match_any_sync",
    b"__match_any",
];

/// 32-bit bit functions and their 64-bit forms; `true` where the 64-bit form
/// computes the same thing for every 32-bit input (a safe fix).
const BIT_FUNCTIONS: &[(&[u8], &str, bool)] = &[
    (b"__popc", "__popcll", true),
    (b"__ffs", "__ffsll", true),
    (b"__clz", "__clzll", false),
    (b"__brev", "__brevll", false),
];

/// Variables that hold a thread's index within a block or warp.
const THREAD_INDEX_NAMES: &[&[u8]] = &[
    b"tid",
    b"tidx",
    b"threadId",
    b"thread_id",
    b"threadIdx_x",
    b"lane",
    b"lane_id",
    b"laneId",
    b"laneid",
    b"lane_idx",
    b"laneIdx",
    b"local_id",
    b"ltid",
];

/// Variables that hold a warp's index.
const WARP_INDEX_NAMES: &[&[u8]] = &[
    b"warp",
    b"warp_id",
    b"warpId",
    b"warpid",
    b"wid",
    b"warp_idx",
    b"warpIdx",
];

const FULL_MASK_64: &str = "0xffffffffffffffffULL";

/// What the warp checks remember while reading a file.
pub(super) struct Warp<'a> {
    reported_decls: HashSet<usize>,
    decls: Declarations<'a>,
    mask_vars: HashSet<&'a [u8]>,
    /// HIP ≥ 6.2 has the `_sync` functions, with 64-bit masks; before,
    /// their mask findings are latent.
    wide_masks: bool,
    bodies: Bodies,
    /// See [`Warp::into_facts`].
    facts: Vec<String>,
    /// Per warp-size name used, whether the file defines it (each use
    /// asked the whole file).
    defined: HashMap<&'a [u8], bool>,
}

impl<'a> Warp<'a> {
    pub(super) fn new(cx: &Cx<'a>) -> Warp<'a> {
        Warp {
            reported_decls: HashSet::default(),
            decls: Declarations::default(),
            mask_vars: HashSet::default(),
            wide_masks: cx.opts.target.hip_version >= Version::new(6, 2, 0),
            bodies: Bodies::default(),
            facts: Vec::new(),
            defined: HashMap::default(),
        }
    }

    /// Whether [`Warp::ident`] may act on an identifier spelled `name`: the
    /// cheap tests its branches begin with, inlined into the token loop so
    /// that the other identifiers (nearly all) cost no call.
    #[inline]
    pub(super) fn may_act_on(name: &[u8]) -> bool {
        name.starts_with(b"__") || name == b"warpSize" || may_be_warp_size_name(name)
    }

    /// Checks identifier token `i`, spelled `name`.
    pub(super) fn ident(&mut self, cx: &Cx<'a>, i: usize, name: &[u8], out: &mut Vec<Diagnostic>) {
        // Every warp function is spelled `__…` and none `…__` (as
        // `__device__` and the other keywords are): test the rest only then.
        if name.starts_with(b"__") && !name.ends_with(b"__") {
            if MASKED.contains(&name) {
                let from = out.len();
                mask_argument(cx, i, &mut self.reported_decls, &mut self.decls, out);
                if !self.wide_masks {
                    // Latent: before 6.2 HIP has no `_sync` functions to pass
                    // a mask to (HIP-W005 says so), but a suppression of the
                    // finding is for the targets that do.
                    for d in &mut out[from..] {
                        d.severity = crate::diagnostic::Severity::Off;
                    }
                }
            }
            if MASK_RESULTS.contains(&name) {
                mask_result(cx, i, &mut self.mask_vars, &mut self.decls, out);
            }
            if let Some(&(_, wide, safe)) = BIT_FUNCTIONS.iter().find(|(n, _, _)| *n == name) {
                bit_function(cx, i, wide, safe, &self.mask_vars, out);
            }
        }
        if let Some(used) = warp_size_names(cx, i, &mut self.defined, out) {
            let fact = crate::project::used_as_warp_size(used);
            if !self.facts.contains(&fact) {
                self.facts.push(fact);
            }
        }
    }

    /// What the file tells the run's other files: the warp-size constants
    /// it uses as the warp size without defining them.
    pub(super) fn into_facts(self) -> Vec<String> {
        self.facts
    }

    /// Checks number token `i`.
    pub(super) fn number(&mut self, cx: &Cx<'a>, i: usize, out: &mut Vec<Diagnostic>) {
        warp_size_number(cx, i, &mut self.bodies, out);
    }
}

/// The value of an integer literal, and whether it is 64 bits wide (`ll`).
pub(super) fn int_literal(text: &[u8]) -> Option<(u64, bool)> {
    // Most literals are a few decimal digits (this runs on every number).
    if (1..=19).contains(&text.len())
        && (text[0] != b'0' || text.len() == 1)
        && text.iter().all(u8::is_ascii_digit)
    {
        let v = text.iter().fold(0u64, |v, d| v * 10 + u64::from(d - b'0'));
        return Some((v, false));
    }
    let s = std::str::from_utf8(text).ok()?;
    let owned;
    let s = if s.contains('\'') {
        owned = s.replace('\'', "");
        owned.as_str()
    } else {
        s
    };
    let digits = s.trim_end_matches(['u', 'U', 'l', 'L']);
    let suffix = &s.as_bytes()[digits.len()..];
    let wide = suffix.windows(2).any(|w| w.eq_ignore_ascii_case(b"ll"));
    let v = if let Some(h) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        u64::from_str_radix(h, 16).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        u64::from_str_radix(&digits[1..], 8).ok()?
    } else {
        digits.parse().ok()?
    };
    Some((v, wide))
}

/// The qualifiers [`declared_32bit`] reads past in a declaration's type
/// (`auto` too, where it reads words).
macro_rules! QUALIFIER {
    () => {
        b"const"
            | b"volatile"
            | b"static"
            | b"register"
            | b"__shared__"
            | b"constexpr"
            | b"__device__"
            | b"__constant__"
    };
}

/// If the tokens ending just before `name` declare it with a 32-bit integer
/// type, the type's token range.
fn declared_32bit(cx: &Cx<'_>, name: usize) -> Option<(usize, usize)> {
    let mut j = cx.prev(name)?;
    let end = j + 1;
    // The type's last word, past qualifiers, must end a 32-bit type: most
    // declarators are not, and are ruled out here, before any allocation.
    let mut last = j;
    while matches!(cx.text(last), QUALIFIER!() | b"auto" | b"::" | b"std") {
        last = cx
            .prev(last)
            .filter(|&p| cx.tok(p).kind == TokenKind::Ident || cx.is_punct(p, b"::"))?;
    }
    if cx.tok(last).kind != TokenKind::Ident
        || !matches!(
            cx.text(last),
            b"unsigned" | b"int" | b"uint32_t" | b"int32_t" | b"uint"
        )
    {
        return None;
    }
    let mut words: Vec<&[u8]> = Vec::new();
    loop {
        let w = cx.text(j);
        match w {
            QUALIFIER!() | b"auto" => {}
            b"::" | b"std" => {}
            _ if cx.tok(j).kind == TokenKind::Ident => words.push(w),
            _ => break,
        }
        match cx.prev(j) {
            Some(p) if cx.tok(p).kind == TokenKind::Ident || cx.is_punct(p, b"::") => j = p,
            _ => break,
        }
    }
    let start = (j..end).find(|&k| {
        matches!(
            cx.text(k),
            b"unsigned" | b"int" | b"uint32_t" | b"int32_t" | b"uint" | b"signed"
        )
    })?;
    words.reverse();
    let is_32 = matches!(
        words.as_slice(),
        [b"unsigned"]
            | [b"unsigned", b"int"]
            | [b"int"]
            | [b"signed", b"int"]
            | [b"uint32_t"]
            | [b"int32_t"]
            | [b"uint"]
    );
    // Where the type begins (after qualifiers like const), for a retype fix.
    let start = (start..end)
        .rev()
        .take_while(|&k| !matches!(cx.text(k), QUALIFIER!()))
        .last()
        .unwrap_or(start);
    is_32.then_some((start, end))
}

/// Where identifier `name` is declared in this file: a variable with a type,
/// or `#define NAME <literal>`.
#[derive(Clone, Copy)]
enum Declaration {
    Variable { name_tok: usize, ty: (usize, usize) },
    Macro { literal: usize },
}

/// The declarations of this file's 32-bit variables and literal macros, by
/// name (the first macro of each, before any variable), found on first need
/// of each name: the literal macros in one walk of the directives, the
/// variables through the file's possible declarators
/// (a walk of every token per file cost more than all the uses).
#[derive(Default)]
struct Declarations<'a> {
    macros: Option<HashMap<&'a [u8], Declaration>>,
    /// Each name's 32-bit declarations, in file order.
    variables: HashMap<&'a [u8], Vec<Declaration>>,
}

impl<'a> Declarations<'a> {
    /// The declaration of `name` that its use at token `use_tok` reads: the
    /// nearest 32-bit one before it whose scope holds it (a loop variable
    /// `mask` of another function is another variable), or a class member's.
    fn get(&mut self, cx: &Cx<'a>, name: &'a [u8], use_tok: usize) -> Option<Declaration> {
        let macros = self.macros.get_or_insert_with(|| literal_macros(cx));
        if let Some(&d) = macros.get(name) {
            return Some(d);
        }
        let found = self.variables.entry(name).or_insert_with(|| {
            (cx.possible_declarators(name).iter())
                .map(|&k| k as usize)
                .filter(|&k| {
                    cx.text(k) == name
                        && cx
                            .next(k)
                            .is_some_and(|n| matches!(cx.text(n), b"=" | b";" | b"," | b")" | b"{"))
                })
                .filter_map(|k| {
                    declared_32bit(cx, k).map(|ty| Declaration::Variable { name_tok: k, ty })
                })
                .collect()
        });
        let at = |d: &Declaration| match *d {
            Declaration::Variable { name_tok, .. } => name_tok,
            Declaration::Macro { literal } => literal,
        };
        (found.iter().rev())
            .find(|d| at(d) < use_tok && in_scope(cx, at(d), use_tok))
            .or_else(|| (found.iter()).find(|d| cx.scope(at(d)) == crate::tokens::Scope::Class))
            .copied()
    }
}

/// Whether the use at token `use_tok` is within the scope of the
/// declarator at `decl`: the block that holds the declaration, or for one
/// in a list followed by a body (a function's parameters, a `for`
/// statement's) that body.
pub(super) fn in_scope(cx: &Cx<'_>, decl: usize, use_tok: usize) -> bool {
    let mut open = cx.enclosing_open(decl);
    if let Some(params) = open.filter(|&o| cx.is_punct(o, b"(")) {
        let body = cx.matching_close(params).and_then(|c| {
            let mut n = cx.next(c)?;
            while matches!(cx.text(n), b"const" | b"noexcept" | b"override" | b"final") {
                n = cx.next(n)?;
            }
            cx.is_punct(n, b"{").then_some(n)
        });
        if let Some(body) = body {
            return body < use_tok && cx.matching_close(body).is_none_or(|c| use_tok < c);
        }
    }
    // Out of parentheses (a `for` statement's) to the enclosing block.
    while let Some(o) = open.filter(|&o| !cx.is_punct(o, b"{")) {
        open = cx.enclosing_open(o);
    }
    open.is_none_or(|o| cx.matching_close(o).is_none_or(|c| use_tok < c))
}

/// `#define NAME literal`, the first of each name.
fn literal_macros<'a>(cx: &Cx<'a>) -> HashMap<&'a [u8], Declaration> {
    let mut out = HashMap::default();
    for dir in &cx.lx.directives {
        let n = dir.first_token as usize + 1;
        if dir.name != "define" {
            continue;
        }
        // `#define FULL_MASK 0xffffffff`, or `(0xFFFFFFFF)` (torch-harmonics).
        let literal = match dir.end_token as usize - n {
            2 => n + 1,
            4 if cx.is_punct(n + 1, b"(")
                && cx.is_punct(n + 3, b")")
                && cx.tok(n + 1).start > cx.tok(n).end =>
            {
                n + 2
            }
            _ => continue,
        };
        if cx.tok(literal).kind == TokenKind::Number {
            out.entry(cx.text(n))
                .or_insert(Declaration::Macro { literal });
        }
    }
    out
}

/// The suggested edit for a 32-bit declaration: its type becomes `uint64_t`.
fn retype_to_u64(cx: &Cx<'_>, ty: (usize, usize)) -> Vec<Edit> {
    vec![Edit::replace(cx.span(ty.0, ty.1), "uint64_t")]
}

fn mask_argument<'a>(
    cx: &Cx<'a>,
    call: usize,
    reported: &mut HashSet<usize>,
    decls: &mut Declarations<'a>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(open) = cx.next(call).filter(|&o| cx.is_punct(o, b"(")) else {
        return;
    };
    let Some(args) = cx.call_args(open) else {
        return;
    };
    let Some(&(a, b)) = args.args.first() else {
        return;
    };
    if a >= b {
        return;
    }
    let fname = String::from_utf8_lossy(cx.text(call));
    let range = cx.span(a, b);
    if b == a + 1 && cx.tok(a).kind == TokenKind::Number {
        let Some((v, wide)) = int_literal(cx.text(a)) else {
            return;
        };
        if wide {
            return;
        }
        let text = String::from_utf8_lossy(cx.text(a)).into_owned();
        let fixed = if v == 0xffff_ffff {
            FULL_MASK_64.to_string()
        } else {
            format!("{}ULL", text.trim_end_matches(['u', 'U', 'l', 'L']))
        };
        out.push(widened(&text, &fname, range, fixed));
        return;
    }
    // `~0u`
    if b == a + 2 && cx.is_punct(a, b"~") && cx.tok(a + 1).kind == TokenKind::Number {
        if let Some((0, false)) = int_literal(cx.text(a + 1)) {
            out.push(widened("~0u", &fname, range, "~0ull".to_string()));
        }
        return;
    }
    // `uint32_t(-1)`, `(unsigned)-1`, `static_cast<unsigned>(~0)`… and `-1`
    // (an int): a literal made 32 bits by its cast or sign.
    if let Some(v) = cast_32bit_literal(cx, a, b) {
        let text = String::from_utf8_lossy(&cx.src[range.clone()]).into_owned();
        let fixed = if v == 0xffff_ffff {
            FULL_MASK_64.to_string()
        } else {
            format!("{v:#x}ULL")
        };
        out.push(widened(&text, &fname, range, fixed));
        return;
    }
    // `(1u << n) - 1`: a 32-bit shift.
    if (a..b).any(|k| {
        cx.tok(k).kind == TokenKind::Number
            && int_literal(cx.text(k)) == Some((1, false))
            && k + 2 < b
            && cx.is_punct(k + 1, b"<")
            && cx.is_punct(k + 2, b"<")
    }) {
        out.push(
            Diagnostic::new(
                Code::WarpMask32,
                range,
                format!("mask built with a 32-bit shift passed to `{fname}`"),
            )
            .with_help("shift a 64-bit one: `(1ull << n) - 1`"),
        );
        return;
    }
    if b == a + 1 && cx.tok(a).kind == TokenKind::Ident {
        let name = cx.text(a);
        match decls.get(cx, name, a) {
            Some(Declaration::Macro { literal }) => {
                if !reported.insert(literal) {
                    return;
                }
                let Some((v, false)) = int_literal(cx.text(literal)) else {
                    return;
                };
                let text = String::from_utf8_lossy(cx.text(literal)).into_owned();
                let fixed = if v == 0xffff_ffff {
                    FULL_MASK_64.to_string()
                } else {
                    format!("{}ULL", text.trim_end_matches(['u', 'U', 'l', 'L']))
                };
                let lr = cx.tok(literal).range();
                out.push(
                    Diagnostic::new(
                        Code::WarpMask32,
                        lr.clone(),
                        format!(
                            "`{}` is a 32-bit mask (`{text}`) passed to `{fname}`",
                            String::from_utf8_lossy(name)
                        ),
                    )
                    .with_help(MASK_HELP)
                    .with_fix(
                        format!("use `{fixed}`"),
                        vec![Edit::replace(lr, fixed)],
                        Applicability::Required,
                    ),
                );
            }
            Some(Declaration::Variable { name_tok, ty }) => {
                if !reported.insert(name_tok) {
                    return;
                }
                out.push(
                    Diagnostic::new(
                        Code::WarpMask32,
                        cx.tok(name_tok).range(),
                        format!(
                            "`{}` is declared 32-bit and passed as the mask of `{fname}`",
                            String::from_utf8_lossy(name)
                        ),
                    )
                    .with_help(MASK_HELP)
                    .with_fix(
                        "declare it `uint64_t`",
                        retype_to_u64(cx, ty),
                        Applicability::DisplayOnly,
                    ),
                );
            }
            None => {}
        }
    }
}

const MASK_HELP: &str =
    "HIP's warp functions take 64-bit masks (unsigned long long); widen the mask";

/// The finding for 32-bit mask `text` at `range`, passed to `fname`, with
/// its 64-bit form `fixed` as the fix.
fn widened(text: &str, fname: &str, range: std::ops::Range<usize>, fixed: String) -> Diagnostic {
    Diagnostic::new(
        Code::WarpMask32,
        range.clone(),
        format!("32-bit mask `{text}` passed to `{fname}`"),
    )
    .with_help(MASK_HELP)
    .with_fix(
        format!("use `{fixed}`"),
        vec![Edit::replace(range, fixed)],
        Applicability::Required,
    )
}

/// The 32-bit value of mask argument `a..b` where it is an integer literal
/// (`-1`, `~0`, `0xffffffff`) that a cast to a 32-bit type or its sign
/// makes 32 bits wide: `uint32_t(-1)`, `(unsigned)-1`, `(unsigned int)(~0)`,
/// `static_cast<uint32_t>(-1)`, `-1`, `(0xffffffff)`. HIP's `_sync` functions take only
/// 64-bit masks (ADDENDA.md: a `static_assert` rejects others), and these
/// mean every lane of a 32-lane warp. `None` for anything else: other
/// words, a 64-bit type (`(unsigned long long)-1`) or literal (`-1ll`).
fn cast_32bit_literal(cx: &Cx<'_>, a: usize, b: usize) -> Option<u64> {
    let mut literal = None;
    let mut sign = None;
    let mut typed = false;
    for k in a..b {
        match cx.text(k) {
            b"unsigned" | b"int" | b"uint32_t" | b"int32_t" | b"uint" | b"signed" => typed = true,
            b"std" | b"::" | b"static_cast" | b"<" | b">" | b"(" | b")" => {}
            b"-" | b"~" if literal.is_none() && sign.is_none() => sign = Some(cx.text(k)[0]),
            _ if cx.tok(k).kind == TokenKind::Number && literal.is_none() => literal = Some(k),
            _ => return None,
        }
    }
    let (v, wide) = int_literal(cx.text(literal?))?;
    // A plain literal (`0xffffffff`, `~0u`) is the caller's other case.
    let plain = b - a == 1 || b - a == 2 && sign == Some(b'~') && !typed;
    if wide || plain || v > 0xffff_ffff {
        return None;
    }
    let v = v as u32;
    Some(u64::from(match sign {
        Some(b'-') => v.wrapping_neg(),
        Some(_) => !v,
        None => v,
    }))
}

/// A mask-returning call stored in, cast to or returned as 32 bits.
fn mask_result<'a>(
    cx: &Cx<'a>,
    call: usize,
    mask_vars: &mut HashSet<&'a [u8]>,
    decls: &mut Declarations<'a>,
    out: &mut Vec<Diagnostic>,
) {
    let fname = String::from_utf8_lossy(cx.text(call));
    let Some(open) = cx.next(call).filter(|&o| cx.is_punct(o, b"(")) else {
        return;
    };
    let Some(close) = cx.matching_close(open) else {
        return;
    };
    let call_range = cx.tok(call).start as usize..cx.tok(close).end as usize;
    let Some(p) = cx.prev(call) else { return };
    // `T name = __ballot_sync(…)` or `name = __ballot_sync(…)`
    if cx.is_punct(p, b"=") {
        let Some(name) = cx.prev(p).filter(|&n| cx.tok(n).kind == TokenKind::Ident) else {
            return;
        };
        mask_vars.insert(cx.text(name));
        let ty = declared_32bit(cx, name).or_else(|| match decls.get(cx, cx.text(name), name) {
            Some(Declaration::Variable { ty, .. }) => Some(ty),
            _ => None,
        });
        if let Some(ty) = ty {
            out.push(
                Diagnostic::new(
                    Code::WarpMask32,
                    cx.tok(name).range(),
                    format!(
                        "`{}` stores the result of `{fname}` in 32 bits; lanes 32-63 are lost on a wave64 GPU",
                        String::from_utf8_lossy(cx.text(name))
                    ),
                )
                .with_help("declare it `uint64_t` (and count bits with __popcll, __ffsll)")
                .with_fix("declare it `uint64_t`", retype_to_u64(cx, ty), Applicability::DisplayOnly),
            );
        }
        return;
    }
    // `return __ballot_sync(…);` in a function declared to return 32 bits.
    if cx.is_ident(p, b"return") {
        if let Some(name) = enclosing_function_name(cx, p) {
            if let Some(ty) = declared_32bit(cx, name) {
                out.push(
                    Diagnostic::new(
                        Code::WarpMask32,
                        call_range,
                        format!(
                            "`{}` returns the result of `{fname}` as 32 bits; lanes 32-63 are lost on a wave64 GPU",
                            String::from_utf8_lossy(cx.text(name))
                        ),
                    )
                    .with_help("return uint64_t (unsigned long long)")
                    .with_fix("return `uint64_t`", retype_to_u64(cx, ty), Applicability::DisplayOnly),
                );
            }
        }
        return;
    }
    // `(unsigned)__ballot(…)`, `static_cast<uint32_t>(__ballot(…))`
    let cast_32 = if cx.is_punct(p, b")") {
        let inner = (0..p)
            .rev()
            .take_while(|&k| !cx.is_punct(k, b"("))
            .collect::<Vec<_>>();
        inner
            .iter()
            .any(|&k| matches!(cx.text(k), b"unsigned" | b"int" | b"uint32_t" | b"int32_t"))
            && !inner
                .iter()
                .any(|&k| matches!(cx.text(k), b"long" | b"uint64_t" | b"int64_t"))
            && inner.len() <= 3
    } else if cx.is_punct(p, b"(") {
        cx.prev(p).is_some_and(|q| cx.is_punct(q, b">"))
            && cx.prev(p).and_then(|q| cx.prev(q)).is_some_and(|t| {
                matches!(cx.text(t), b"unsigned" | b"int" | b"uint32_t" | b"int32_t")
            })
    } else {
        false
    };
    if cast_32 {
        out.push(
            Diagnostic::new(
                Code::WarpMask32,
                call_range,
                format!("the result of `{fname}` is cast to 32 bits; lanes 32-63 are lost on a wave64 GPU"),
            )
            .with_help("keep it in a uint64_t (unsigned long long)"),
        );
    }
}

/// `__popc(mask)` on a ballot result: counts only lanes 0-31.
fn bit_function(
    cx: &Cx<'_>,
    f: usize,
    wide: &'static str,
    safe: bool,
    mask_vars: &HashSet<&[u8]>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(open) = cx.next(f).filter(|&o| cx.is_punct(o, b"(")) else {
        return;
    };
    let Some(arg) = cx.next(open) else { return };
    let on_mask = cx.tok(arg).kind == TokenKind::Ident
        && (MASK_RESULTS.contains(&cx.text(arg))
            || (mask_vars.contains(cx.text(arg))
                && cx.next(arg).is_some_and(|n| cx.is_punct(n, b")"))));
    if !on_mask {
        return;
    }
    let name = String::from_utf8_lossy(cx.text(f));
    let mut fix = vec![Edit::replace(cx.tok(f).range(), wide)];
    // HIP declares `__ffsll` for `long long` and `unsigned long long`: a
    // 32-bit argument matches both. The cast picks one (the same bits).
    if wide == "__ffsll"
        && let Some(args) = cx.call_args(open)
        && let [(a, b)] = args.args[..]
        && a < b
    {
        let r = cx.span(a, b);
        fix.push(Edit::insert(r.start, "(unsigned long long)("));
        fix.push(Edit::insert(r.end, ")"));
    }
    out.push(
        Diagnostic::new(
            Code::WarpMask32,
            cx.tok(f).range(),
            format!(
                "`{name}` on a lane mask sees only lanes 0-31; on a wave64 GPU the mask has 64 bits"
            ),
        )
        .with_help(format!("use `{wide}`"))
        .with_fix(
            format!("use `{wide}`"),
            fix,
            if safe {
                Applicability::Safe
            } else {
                Applicability::DisplayOnly
            },
        ),
    );
}

fn warp_size_diag(
    cx: &Cx<'_>,
    range: std::ops::Range<usize>,
    what: &str,
    suggestion: &str,
) -> Diagnostic {
    let _ = cx;
    Diagnostic::new(
        Code::WarpSize32,
        range,
        format!("{what} assumes 32-lane warps"),
    )
    .with_help(format!(
        "AMD wavefronts have 64 lanes (CDNA) or 32/64 (RDNA): {suggestion}"
    ))
}

/// `warpSize == 32`, `tiled_partition<32>`, `thread_block_tile<32>`,
/// `#define WARP_SIZE 32`, `constexpr int kWarpSize = 32`. Returns the
/// name of a warp-size constant token `i` uses as one that the file does
/// not define (`lane = tid % WARP_SIZE` below `#include "common.cuh"`).
fn warp_size_names<'a>(
    cx: &Cx<'a>,
    i: usize,
    defined: &mut HashMap<&'a [u8], bool>,
    out: &mut Vec<Diagnostic>,
) -> Option<&'a [u8]> {
    let name = cx.text(i);
    if name == b"warpSize" {
        // `warpSize == 32`, `warpSize != 32`, `32 == warpSize` (`==` is two tokens).
        let is_cmp = |a: Option<usize>, b: Option<usize>| matches!((a, b), (Some(a), Some(b)) if (cx.is_punct(a, b"=") || cx.is_punct(a, b"!")) && cx.is_punct(b, b"=") && cx.tok(a).end == cx.tok(b).start);
        let is_32 = |k: Option<usize>| {
            k.is_some_and(|k| {
                cx.tok(k).kind == TokenKind::Number
                    && int_literal(cx.text(k)).map(|v| v.0) == Some(32)
            })
        };
        let n1 = cx.next(i);
        let n2 = n1.and_then(|k| cx.next(k));
        let n3 = n2.and_then(|k| cx.next(k));
        let p1 = cx.prev(i);
        let p2 = p1.and_then(|k| cx.prev(k));
        let p3 = p2.and_then(|k| cx.prev(k));
        let span = if is_cmp(n1, n2) && is_32(n3) {
            n3.map(|e| cx.span(i, e + 1))
        } else if is_cmp(p2, p1) && is_32(p3) {
            p3.map(|s| cx.span(s, i + 1))
        } else {
            None
        };
        // `warpSize == 32 || warpSize == 64`: both sizes are handled.
        let handles_64 = || {
            let mut k = i;
            (0..16).any(|_| {
                k = match cx.next(k) {
                    Some(n) if !matches!(cx.text(n), b";" | b"{" | b"}") => n,
                    _ => return false,
                };
                cx.tok(k).kind == TokenKind::Number
                    && int_literal(cx.text(k)).map(|v| v.0) == Some(64)
            })
        };
        if let Some(r) = span.filter(|_| !handles_64() && !dispatches(cx, i)) {
            out.push(warp_size_diag(
                cx,
                r,
                "`warpSize == 32`",
                "handle 64-lane wavefronts too (CDNA), or test for the size you need",
            ));
        }
        return None;
    }
    if name == b"__launch_bounds__" {
        if let Some(open) = cx.next(i).filter(|&k| cx.is_punct(k, b"(")) {
            if let Some(n) = cx
                .next(open)
                .filter(|&k| cx.tok(k).kind == TokenKind::Number)
            {
                if int_literal(cx.text(n)).map(|v| v.0) == Some(32)
                    && cx
                        .next(n)
                        .is_some_and(|k| cx.is_punct(k, b")") || cx.is_punct(k, b","))
                {
                    out.push(warp_size_diag(
                        cx,
                        cx.span(i, n + 1),
                        "`__launch_bounds__(32)` (one warp per block)",
                        "a 32-thread block fills half a 64-lane wavefront; size blocks by warpSize",
                    ));
                }
            }
        }
        return None;
    }
    // A constant named like the warp size, defined as 32.
    if !is_warp_size_name(name) {
        return None;
    }
    let value = match cx.next(i) {
        Some(n) if cx.is_punct(n, b"=") => cx.next(n),
        Some(n)
            if cx.tok(i).in_directive()
                && cx.lx.directives[cx.tok(i).directive as usize].name == "define"
                && cx.lx.directives[cx.tok(i).directive as usize].first_token as usize + 1 == i =>
        {
            Some(n)
        }
        _ => None,
    };
    let Some(v) = value else {
        // A use of a constant defined in another file, as the warp size: the
        // run's other files want to know (an exported definition reports).
        let mut defined_here = || {
            *defined.entry(name).or_insert_with(|| {
                uses(cx, usize::MAX, name).any(|k| {
                    cx.next(k).is_some_and(|n| cx.is_punct(n, b"="))
                        || cx.tok(k).in_directive()
                            && cx.lx.directives[cx.tok(k).directive as usize].name == "define"
                            && cx.lx.directives[cx.tok(k).directive as usize].first_token as usize
                                + 1
                                == k
                })
            })
        };
        return (!cx.tok(i).in_directive() && in_warp_role(cx, i) && !defined_here())
            .then_some(name);
    };
    // `#define WARP_SIZE (32)`: the number in parentheses, the span to the `)`.
    let (v, end) = match cx.next(v) {
        Some(n) if cx.is_punct(v, b"(") => match cx.next(n) {
            Some(c) if cx.is_punct(c, b")") => (n, c),
            _ => (v, v),
        },
        _ => (v, v),
    };
    {
        if cx.tok(v).kind == TokenKind::Number && int_literal(cx.text(v)).map(|x| x.0) == Some(32) {
            // Defined here and used nowhere here: a common header's constant
            // (`#define WARP_SIZE 32U`) for the files that include it.
            let exported = !used_here(cx, i, name);
            if !exported && !used_as_warp_size(cx, i, name) {
                return None;
            }
            let what = if exported {
                format!(
                    "`{}` = 32, defined for the files that include this one,",
                    String::from_utf8_lossy(name)
                )
            } else {
                format!("`{}` = 32", String::from_utf8_lossy(name))
            };
            let found = warp_size_diag(
                cx,
                cx.span(i, end + 1),
                &what,
                "use warpSize at run time, or a per-target constant (64 on CDNA)",
            );
            // Exported: a finding only where a file of the run uses it as
            // the warp size (see [`Warp::into_facts`]).
            out.push(match exported {
                true => found.awaiting(crate::project::used_as_warp_size(name)),
                false => found,
            });
        }
    }
    None
}

/// `WARP_SIZE`, `kWarpSize`, `warp_size`, `THREADS_PER_WARP` … (case and
/// underscores ignored), without allocating: this runs on every identifier.
fn is_warp_size_name(name: &[u8]) -> bool {
    if !may_be_warp_size_name(name) {
        return false;
    }
    let letters = || {
        name.iter()
            .filter(|b| **b != b'_')
            .map(u8::to_ascii_lowercase)
    };
    // Compared from the end: most words fail at their last letters.
    let ends_with = |suffix: &[u8]| {
        let mut back = letters().rev();
        suffix.iter().rev().all(|&c| back.next() == Some(c))
    };
    ends_with(b"warpsize")
        || ends_with(b"warpsz") && letters().eq(b"warpsz".iter().copied())
        || ends_with(b"warp") && letters().eq(b"threadsperwarp".iter().copied())
}

/// The first test of [`is_warp_size_name`]: every accepted spelling has six
/// letters or more and ends in e, z or p (…size, …sz, …warp).
#[inline]
fn may_be_warp_size_name(name: &[u8]) -> bool {
    name.len() >= 6
        && matches!(
            name[name.len() - 1],
            b'e' | b'E' | b'z' | b'Z' | b'p' | b'P'
        )
}

/// Lane/warp arithmetic and warp-sized loops and arrays around a literal.
fn warp_size_number(cx: &Cx<'_>, n: usize, bodies: &mut Bodies, out: &mut Vec<Diagnostic>) {
    // Only 5, 16, 31 and 32 matter: long literals are none of them.
    let text = cx.text(n);
    if text.len() > 16 {
        return;
    }
    // Most numbers are decimals of three digits or more, or floats: none of
    // them, and cheaper to see than to parse.
    let decimal = text[0] != b'0' && text.iter().all(u8::is_ascii_digit);
    if decimal && text.len() > 2 || text.contains(&b'.') {
        return;
    }
    let Some((v, _)) = int_literal(text) else {
        return;
    };
    if !matches!(v, 5 | 16 | 31 | 32) {
        return;
    }
    let Some(op) = cx.prev(n) else { return };
    let op_text = cx.text(op);
    // `x % 32`, `x & 31`, `x / 32`, `x >> 5`, `x * 32` with a thread or warp index on the left.
    let shift = op_text == b">"
        && cx
            .prev(op)
            .is_some_and(|p| cx.is_punct(p, b">") && cx.tok(p).end == cx.tok(op).start);
    let (role, lhs_end) = match (op_text, v) {
        (b"%", 32) => ("lane index `% 32`", cx.prev(op)),
        (b"&", 31) => ("lane index `& 31`", cx.prev(op)),
        (b"/", 32) => ("warp index `/ 32`", cx.prev(op)),
        (b">", 5) if shift => ("warp index `>> 5`", cx.prev(op).and_then(|p| cx.prev(p))),
        (b"*", 32) => ("warp offset `* 32`", cx.prev(op)),
        _ => ("", None),
    };
    if let Some(lhs) = lhs_end {
        let thread_like = thread_index_ends_at(cx, lhs);
        let warp_like = v == 32
            && op_text == b"*"
            && WARP_INDEX_NAMES.contains(&cx.text(lhs))
            && !tile_function(bodies.at(cx, lhs));
        let thread_like =
            thread_like && op_text != b"*" && lane_arithmetic(cx, bodies, lhs_start(cx, lhs));
        if thread_like || warp_like {
            let suggestion = match op_text {
                b"%" | b"&" => "use `% warpSize`",
                b"*" => "use `* warpSize`",
                _ => "use `/ warpSize`",
            };
            let start = if thread_like { lhs_start(cx, lhs) } else { lhs };
            out.push(warp_size_diag(cx, cx.span(start, n + 1), role, suggestion));
            return;
        }
    }
    // `32 * warp_id`
    if v == 32 {
        if let Some(m) = cx.next(n).filter(|&k| cx.is_punct(k, b"*")) {
            if cx
                .next(m)
                .is_some_and(|w| WARP_INDEX_NAMES.contains(&cx.text(w)))
                && !tile_function(bodies.at(cx, n))
            {
                out.push(warp_size_diag(
                    cx,
                    cx.span(n, m + 2),
                    "warp offset `32 *`",
                    "use `warpSize *`",
                ));
                return;
            }
        }
    }
    // `for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(…, o)`
    if v == 16
        && cx.is_punct(op, b"=")
        && shuffle_loop_start(cx, op)
        && !tile_function(bodies.at(cx, n))
    {
        out.push(warp_size_diag(
            cx,
            cx.tok(n).range(),
            "a shuffle reduction starting at 16",
            "start at `warpSize / 2`",
        ));
        return;
    }
    // `__shfl_down_sync(mask, v, 16)` / `__shfl_xor(v, 16)`: literal offset 16.
    if v == 16 && cx.is_punct(op, b",") && cx.next(n).is_some_and(|c| cx.is_punct(c, b")")) {
        if let Some(f) = enclosing_call(cx, n) {
            // The offset is the second argument (third with a mask); a 16
            // after it is the width: `__shfl_down(v, o, 16)`, segments of 16.
            let offset_at = if cx.text(f).ends_with(b"_sync") { 3 } else { 2 };
            let is_offset = cx
                .next(f)
                .and_then(|open| cx.call_args(open))
                .is_some_and(|a| a.args.len() == offset_at);
            if is_offset
                && matches!(
                    cx.text(f),
                    b"__shfl_down_sync" | b"__shfl_xor_sync" | b"__shfl_down" | b"__shfl_xor"
                )
            {
                out.push(warp_size_diag(
                    cx,
                    cx.tok(n).range(),
                    "a shuffle offset of 16 (half a 32-lane warp)",
                    "use `warpSize / 2`",
                ));
            }
        }
    }
}

/// Whether thread-index arithmetic starting at token `start` is about lanes
/// and warps: the variable it initialises or assigns is named so (`lane`,
/// `warp_id`, `wid`), or its function calls warp functions.
fn lane_arithmetic(cx: &Cx<'_>, bodies: &mut Bodies, start: usize) -> bool {
    let warpish = |v: usize| {
        let name = cx.text(v).to_ascii_lowercase();
        [&b"lane"[..], b"warp", b"wid", b"wrp"]
            .iter()
            .any(|w| memchr::memmem::find(&name, w).is_some())
    };
    let named = cx
        .prev(start)
        .filter(|&eq| cx.is_punct(eq, b"="))
        .and_then(|eq| cx.prev(eq))
        .filter(|&v| cx.tok(v).kind == TokenKind::Ident)
        .is_some_and(warpish);
    let body = bodies.at(cx, start);
    if tile_function(body) {
        return false;
    }
    // `int lane_id() { return threadIdx.x & 31; }`
    named || body.is_some_and(|b| b.warp_functions || warpish(b.name))
}

/// The tokens spelling `name` in the file, but token `def` (found by a
/// byte search, not a walk over every token: this runs once per constant).
fn uses<'c>(cx: &'c Cx<'_>, def: usize, name: &'c [u8]) -> impl Iterator<Item = usize> + 'c {
    let tokens = &cx.lx.tokens;
    let mut k = 0;
    memchr::memmem::find_iter(cx.src, name).filter_map(move |at| {
        k = cx.first_at_or_after(at, k);
        (k != def
            && tokens.get(k).is_some_and(|t| t.start as usize == at)
            && cx.tok(k).kind == TokenKind::Ident
            && cx.text(k) == name)
            .then_some(k)
    })
}

/// Whether the file names `name` anywhere but at its definition (token
/// `def`) and in conditions (`#ifndef WARP_SIZE` around the definition).
fn used_here(cx: &Cx<'_>, def: usize, name: &[u8]) -> bool {
    uses(cx, def, name).any(|k| {
        !(cx.tok(k).in_directive()
            && cx.lx.directives[cx.tok(k).directive as usize].name != "define")
    })
}

/// Whether the file uses the constant `name` (defined at token `def`) as a
/// warp size ([`in_warp_role`]).
fn used_as_warp_size(cx: &Cx<'_>, def: usize, name: &[u8]) -> bool {
    uses(cx, def, name).any(|k| in_warp_role(cx, k))
}

/// Whether the warp-size constant at token `k` is used as one: `x % NAME`,
/// `x / NAME` (a warp id), `NAME - 1` (a lane mask), `NAME / 2` (a shuffle
/// loop), or in a shuffle's arguments. A `WARP_SIZE` that only rounds a
/// count (`(n + NAME - 1) / NAME`, a number of warps or a block size that
/// is a multiple of it) or sets a threshold is no hazard at 64 lanes.
fn in_warp_role(cx: &Cx<'_>, k: usize) -> bool {
    let name = cx.text(k);
    let before = cx.prev(k);
    let after = cx.next(k);
    let after2 = after.and_then(|a| cx.next(a));
    let then = |op: &[u8], lit: &[u8]| {
        after.is_some_and(|a| cx.text(a) == op) && after2.is_some_and(|b| cx.text(b) == lit)
    };
    // `(n + NAME - 1) / NAME`: the `)` before the `/` ends `NAME - 1`.
    let rounds_up = || {
        let close = before
            .and_then(|d| cx.prev(d))
            .filter(|&c| cx.is_punct(c, b")"));
        let one = close
            .and_then(|c| cx.prev(c))
            .filter(|&o| cx.text(o) == b"1");
        let minus = one
            .and_then(|o| cx.prev(o))
            .filter(|&m| cx.is_punct(m, b"-"));
        minus
            .and_then(|m| cx.prev(m))
            .is_some_and(|n| cx.text(n) == name)
    };
    let added = before.is_some_and(|b| cx.is_punct(b, b"+"));
    match before.map(|b| cx.text(b)) {
        Some(b"%") => return true,
        Some(b"/") if !rounds_up() => return true,
        _ => {}
    }
    (then(b"-", b"1") && !added)
        || then(b"/", b"2")
        || enclosing_call(cx, k).is_some_and(|f| cx.text(f).starts_with(b"__shfl"))
}

/// Whether a function body works in 32-lane groups that HIP keeps on
/// 64-lane wavefronts: cooperative-groups tiles (`tiled_partition<32>`)
/// and no raw warp function, or shuffles only with an explicit width of at
/// most 32 (logical warps): its 32s are the group's size.
fn tile_function(body: Option<Body>) -> bool {
    body.is_some_and(|b| b.tiles && !b.warp_functions || b.logical_warps)
}

/// Whether the expression ending at token `end` is a thread index
/// (`threadIdx.x`, `tid`, `(threadIdx.x + 1)`).
fn thread_index_ends_at(cx: &Cx<'_>, end: usize) -> bool {
    let t = cx.text(end);
    if matches!(t, b"x" | b"y" | b"z") {
        return cx
            .prev(end)
            .and_then(|d| cx.prev(d))
            .is_some_and(|k| cx.is_ident(k, b"threadIdx"));
    }
    if cx.tok(end).kind == TokenKind::Ident {
        return THREAD_INDEX_NAMES.contains(&t);
    }
    if cx.is_punct(end, b")") {
        return cx
            .matching_open(end)
            .is_some_and(|open| (open..end).any(|k| cx.is_ident(k, b"threadIdx")));
    }
    false
}

fn lhs_start(cx: &Cx<'_>, end: usize) -> usize {
    if matches!(cx.text(end), b"x" | b"y" | b"z") {
        return end.saturating_sub(2);
    }
    if cx.is_punct(end, b")") {
        return cx.matching_open(end).unwrap_or(end);
    }
    end
}

/// The `=` at `eq` initialises a `for` loop variable whose loop body shuffles.
fn shuffle_loop_start(cx: &Cx<'_>, eq: usize) -> bool {
    // Walk back to `for (`.
    let mut k = eq;
    let open = loop {
        match cx.prev(k) {
            Some(p) if cx.is_punct(p, b"(") => break p,
            Some(p) if matches!(cx.text(p), b";" | b"{" | b"}") => return false,
            Some(p) => k = p,
            None => return false,
        }
    };
    if !cx.prev(open).is_some_and(|f| cx.is_ident(f, b"for")) {
        return false;
    }
    let Some(close) = cx.matching_close(open) else {
        return false;
    };
    let Some(body) = cx.next(close) else {
        return false;
    };
    let end = if cx.is_punct(body, b"{") {
        cx.matching_close(body).unwrap_or(body)
    } else {
        (body..cx.lx.tokens.len())
            .find(|&j| cx.is_punct(j, b";"))
            .unwrap_or(body)
    };
    (body..=end).any(|j| cx.text(j).starts_with(b"__shfl") || cx.text(j).starts_with(b"__reduce"))
}

/// Whether `warpSize == 32` at token `i` chooses between two paths: it is
/// the condition, or joined by `&&` alone to the rest of it, of an `if`
/// that has an `else`, or of a `?:`. The 32-lane path then runs only on
/// 32-lane warps and the other path serves the rest (LightGBM's
/// `if (labels <= 32 && prop.warpSize == 32) { … } else if …`). `!=`
/// guards (an error exit) are not dispatches.
fn dispatches(cx: &Cx<'_>, i: usize) -> bool {
    let equality = |k: Option<usize>| k.is_some_and(|k| cx.is_punct(k, b"="));
    let p1 = cx.prev(i);
    // `warpSize == 32` (the `=` before the second `=`) or `32 == warpSize`.
    if !(equality(cx.next(i)) || equality(p1.and_then(|k| cx.prev(k)))) {
        return false;
    }
    let Some(open) = cx.enclosing_open(i).filter(|&k| cx.is_punct(k, b"(")) else {
        return false;
    };
    let Some(close) = cx.matching_close(open) else {
        return false;
    };
    // The condition's other parts are joined by `&&` (`||`, two `|`
    // tokens, would let the branch run on 64-lane wavefronts too).
    let joined_by_and = cx
        .walk(open + 1, BracketSet::All, Way::Forward)
        .take_while(|s| s.k < close)
        .filter(|s| s.depth == 0)
        .all(|s| !cx.is_punct(s.k, b"|") && !cx.is_punct(s.k, b"?"));
    if !joined_by_and {
        return false;
    }
    if cx.prev(open).is_some_and(|k| cx.is_ident(k, b"if")) {
        // The statement the `if` runs, then `else`.
        let Some(body) = cx.next(close) else {
            return false;
        };
        let end = if cx.is_punct(body, b"{") {
            cx.matching_close(body)
        } else {
            cx.walk(body, BracketSet::All, Way::Forward)
                .find(|s| s.unmatched || (s.depth == 0 && cx.is_punct(s.k, b";")))
                .filter(|s| !s.unmatched)
                .map(|s| s.k)
        };
        return end
            .and_then(|e| cx.next(e))
            .is_some_and(|k| cx.is_ident(k, b"else"));
    }
    // `(prop.warpSize == 32) ? a : b`.
    cx.next(close).is_some_and(|k| cx.is_punct(k, b"?"))
}

/// The name of the function whose body holds token `i`: the `{` that opens
/// the body follows `name(params)` (perhaps with `const`, `noexcept` …).
fn enclosing_function_name(cx: &Cx<'_>, i: usize) -> Option<usize> {
    let open = cx.unclosed_before(i, BracketSet::Braces)?;
    super::bodies::function_name(cx, open)
}

/// The function name of the call whose argument list contains token `i`.
fn enclosing_call(cx: &Cx<'_>, i: usize) -> Option<usize> {
    for s in cx.walk(cx.prev(i)?, BracketSet::Parens, Way::Back) {
        if s.unmatched {
            return cx.prev(s.k);
        }
        if matches!(cx.text(s.k), b";" | b"{" | b"}") {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::int_literal;

    #[test]
    fn literals() {
        assert_eq!(int_literal(b"0xffffffff"), Some((0xffff_ffff, false)));
        assert_eq!(int_literal(b"0xFFFFFFFFu"), Some((0xffff_ffff, false)));
        assert_eq!(
            int_literal(b"0xffffffffffffffffULL"),
            Some((u64::MAX, true))
        );
        assert_eq!(int_literal(b"32"), Some((32, false)));
        assert_eq!(int_literal(b"1.5f"), None);
        // The all-digits shortcut and the general path agree at their edges.
        assert_eq!(int_literal(b"0"), Some((0, false)));
        assert_eq!(int_literal(b"010"), Some((8, false)));
        assert_eq!(int_literal(b"1'000"), Some((1000, false)));
        assert_eq!(
            int_literal(b"9999999999999999999"),
            Some((9_999_999_999_999_999_999, false))
        );
        assert_eq!(
            int_literal(b"18446744073709551615"),
            Some((u64::MAX, false))
        );
        assert_eq!(int_literal(b"18446744073709551616"), None);
    }

    #[test]
    fn warp_size_names() {
        use super::is_warp_size_name;
        for n in [
            "WARP_SIZE",
            "kWarpSize",
            "warp_size",
            "THREADS_PER_WARP",
            "kWARPSIZE",
        ] {
            assert!(is_warp_size_name(n.as_bytes()), "{n}");
        }
        for n in ["warpSizeBytes", "WARPS", "size", "warp"] {
            assert!(!is_warp_size_name(n.as_bytes()), "{n}");
        }
    }
}
