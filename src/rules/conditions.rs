//! The value of an `#if` condition in a build of the port on AMD's HIP and
//! in the original nvcc build, as far as the names in it tell: `0`, not 0,
//! or unknown. Conditions are integer expressions (`defined`, `!`, `&&`,
//! `||`, comparisons, arithmetic); a name neither build fixes is unknown,
//! and so is everything it decides (`defined(X) && CUDART_VERSION >= 11000`
//! is false on HIP whatever `X` is, `X || CUDART_VERSION >= 11000` is not
//! known).
//!
//! On HIP: HIP's compiler macros and a project's HIP switch
//! ([`super::branches::hip_switch`]) are defined (`__CUDACC__` too: the port
//! renames it `__HIPCC__`); nvcc's and CUDA's version and architecture
//! macros, which the port keeps as they are, are not: `CUDART_VERSION <
//! 9000` is true. In the nvcc build the HIP macros are undefined. A name
//! the file `#define`s or `#undef`s itself is unknown in both.

use crate::lex::TokenKind;
use crate::tokens::Tokens;

/// Which build a condition is read for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Build {
    /// The translated source, compiled by AMD's HIP.
    Hip,
    /// The original source, compiled by nvcc.
    Nvcc,
}

/// Macros nvcc or CUDA's headers define and HIP does not; the port keeps
/// them as they are (the tables map none of them).
const CUDA_ONLY: &[&[u8]] = &[
    b"__NVCC__",
    b"__CUDA_ARCH__",
    b"__CUDA_ARCH_LIST__",
    b"__CUDACC_VER_MAJOR__",
    b"__CUDACC_VER_MINOR__",
    b"__CUDACC_VER_BUILD__",
    b"__CUDACC_RDC__",
    b"__CUDACC_EWP__",
    b"CUDA_VERSION",
    b"CUDART_VERSION",
    b"__CUDA_API_VERSION",
    b"__HIP_PLATFORM_NVIDIA__",
    b"__HIP_PLATFORM_NVCC__",
    // clang's CUDA mode, not its HIP mode (hipcc 5.2 -dM defines `__HIP__`
    // and no `__CUDA__`, host or device).
    b"__CUDA__",
];

/// The condition of directive `d` (`#if`, `#elif`, `#ifdef`, `#ifndef`;
/// `#else` is true) in `build`: `Some(true)` where the branch it opens is
/// compiled (the branches before it aside), `None` where the names do not
/// tell.
pub(crate) fn value(tokens: &Tokens<'_>, d: usize, build: Build) -> Option<bool> {
    value_with_unknown(tokens, d, build, b"")
}

/// [`value`], with macro `unknown` read as not fixed by the build: whether
/// it is what decides the condition (`CUDA_VERSION < 12000`) or not
/// (`CUDA_VERSION >= 12000 || defined(__CUDACC__)`).
pub(crate) fn value_with_unknown(
    tokens: &Tokens<'_>,
    d: usize,
    build: Build,
    unknown: &[u8],
) -> Option<bool> {
    let dir = &tokens.lx.directives[d];
    let operand = dir.first_token as usize + 1..dir.end_token as usize;
    let own = |name: &[u8]| name == unknown || defined_here(tokens, name);
    match dir.name.as_str() {
        "ifdef" | "ifndef" | "elifdef" | "elifndef" => {
            if operand.len() != 1 || tokens.tok(operand.start).kind != TokenKind::Ident {
                return None;
            }
            let name = tokens.text(operand.start);
            // The build's answer first: the file is searched only for the
            // few names a build fixes.
            let kept = build == Build::Hip && name == b"__CUDACC__" && cuda_cc_kept(tokens, d);
            let is = if kept {
                Some(false)
            } else {
                defined(name, build).filter(|_| !own(name))
            };
            let negated = dir.name.ends_with("ndef");
            is.map(|b| b != negated)
        }
        "else" => Some(true),
        "if" | "elif" => {
            let cuda_kept = build == Build::Hip && cuda_cc_kept(tokens, d);
            let mut e = Expr {
                tokens,
                at: operand.start,
                end: operand.end,
                build,
                own: &own,
                cuda_kept,
            };
            let v = e.binary(0).ok()?;
            (e.at == e.end).then_some(())?;
            v.map(|v| v != 0)
        }
        _ => None,
    }
}

/// Whether `build` compiles branch `k` of a conditional group whose
/// directives are `branches` (`#if`, `#elif` …, `#else`): its condition
/// holds and every one before it fails.
pub(crate) fn branch_taken(
    tokens: &Tokens<'_>,
    branches: &[usize],
    k: usize,
    build: Build,
) -> Option<bool> {
    // Not a short circuit: unknown and then false is false.
    let mut earlier_fail = Some(true);
    for &b in &branches[..k] {
        earlier_fail = both(earlier_fail, value(tokens, b, build).map(|v| !v));
    }
    both(earlier_fail, value(tokens, branches[k], build))
}

/// Whether directive `d` is an `#if`, `#ifdef` or `#elif` whose group has a later
/// `#elif` testing a macro HIP's compiler defines itself (GLM's
/// simd/platform.h: `#elif defined(__CUDACC__)` … `#elif defined(__HIP__)`):
/// hipcc defines no `__CUDACC__`, so it takes the project's own HIP branch,
/// and the translation leaves `__CUDACC__` there as it is (renamed, HIP
/// would take the CUDA branch: `#error "GLM requires CUDA 7.0 or higher"`,
/// `CUDA_VERSION` being undefined). On HIP, `__CUDACC__` reads undefined
/// in that condition.
pub(crate) fn before_own_hip_branch(tokens: &Tokens<'_>, d: usize) -> bool {
    const HIP_COMPILER: [&[u8]; 4] = [
        b"__HIP__",
        b"__HIPCC__",
        b"__HIP_PLATFORM_AMD__",
        b"__HIP_PLATFORM_HCC__",
    ];
    let dirs = &tokens.lx.directives;
    if !matches!(dirs[d].name.as_str(), "if" | "elif" | "ifdef") {
        return false;
    }
    // Not negated: `!defined(__HIP__)`, `!__HIP__`.
    let negated = |t: usize| {
        let mut p = tokens.prev(t);
        if let Some(o) = p.filter(|&o| tokens.is_punct(o, b"(")) {
            p = tokens.prev(o);
        }
        if let Some(w) = p.filter(|&w| tokens.is_ident(w, b"defined")) {
            p = tokens.prev(w);
        }
        p.is_some_and(|p| tokens.is_punct(p, b"!"))
    };
    let mut depth = 0usize;
    for dir in &dirs[d + 1..] {
        match dir.name.as_str() {
            "if" | "ifdef" | "ifndef" => depth += 1,
            "endif" if depth == 0 => return false,
            "endif" => depth -= 1,
            "elif" if depth == 0 => {
                let tests_hip = (dir.first_token as usize + 1..dir.end_token as usize)
                    .any(|t| HIP_COMPILER.contains(&tokens.text(t)) && !negated(t));
                if tests_hip {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// Whether `__CUDACC__` in the condition of directive `d` is left as it is:
/// before the project's own HIP branch ([`before_own_hip_branch`]), or in
/// the test that names nvcc for a project that names hipcc too
/// ([`names_nvcc`]).
pub(crate) fn cuda_cc_kept(tokens: &Tokens<'_>, d: usize) -> bool {
    before_own_hip_branch(tokens, d) || names_nvcc(tokens, d)
}

/// Whether directive `d` (`#if`, `#ifdef`, `#elif`) opens a branch that
/// defines a macro as `__CUDACC__` itself, in a file whose directives also
/// test HIP's compiler (Eigen's Macros.h and test/main.h: `#if
/// defined(__CUDACC__) … #define EIGEN_CUDACC __CUDACC__ #endif`, then `#if
/// defined(__HIPCC__) … #define EIGEN_HIPCC __HIPCC__`, and the two read as
/// exclusive everywhere after: `#if defined(EIGEN_CUDACC) #include
/// <cuda_runtime.h> #elif defined(EIGEN_HIPCC)`). The project names each
/// compiler apart: renamed `__HIPCC__`, hipcc would claim to be nvcc and take
/// every CUDA branch. On HIP, `__CUDACC__` reads undefined there.
pub(crate) fn names_nvcc(tokens: &Tokens<'_>, d: usize) -> bool {
    let dirs = &tokens.lx.directives;
    if !matches!(dirs[d].name.as_str(), "if" | "elif" | "ifdef") {
        return false;
    }
    let mut depth = 0usize;
    let mut aliases = false;
    for dir in &dirs[d + 1..] {
        match dir.name.as_str() {
            "if" | "ifdef" | "ifndef" => depth += 1,
            "endif" | "elif" | "else" if depth == 0 => break,
            "endif" => depth -= 1,
            "define" if depth == 0 => aliases |= aliases_nvcc(tokens, dir),
            _ => {}
        }
    }
    aliases && tests_hip_compiler(tokens)
}

/// `#define NAME __CUDACC__`.
pub(crate) fn aliases_nvcc(tokens: &Tokens<'_>, dir: &crate::lex::Directive) -> bool {
    let operands = dir.first_token as usize + 1..dir.end_token as usize;
    operands.len() == 2 && tokens.text(operands.start + 1) == b"__CUDACC__"
}

/// Whether a condition of the file tests HIP's compiler (`__HIPCC__`,
/// `__HIP__`, `__HIP_PLATFORM_AMD__`, `__HIP_DEVICE_COMPILE__`…), either
/// way.
pub(crate) fn tests_hip_compiler(tokens: &Tokens<'_>) -> bool {
    const HIP_COMPILER: [&[u8]; 5] = [
        b"__HIP__",
        b"__HIPCC__",
        b"__HIP_PLATFORM_AMD__",
        b"__HIP_PLATFORM_HCC__",
        b"__HIP_DEVICE_COMPILE__",
    ];
    tokens.lx.directives.iter().any(|dir| {
        matches!(dir.name.as_str(), "if" | "elif" | "ifdef" | "ifndef")
            && (dir.first_token as usize + 1..dir.end_token as usize)
                .any(|t| HIP_COMPILER.contains(&tokens.text(t)))
    })
}

/// Three-valued `a && b`: false if either is, unknown unless both are known.
pub(crate) fn both(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(false), _) | (_, Some(false)) => Some(false),
        (Some(true), Some(true)) => Some(true),
        _ => None,
    }
}

/// Whether `name` is defined in `build`; `None` if the build does not fix it.
fn defined(name: &[u8], build: Build) -> Option<bool> {
    let hip = super::branches::hip_switch(name);
    match build {
        Build::Hip if hip || name == b"__CUDACC__" => Some(true),
        Build::Hip if CUDA_ONLY.contains(&name) => Some(false),
        Build::Nvcc if hip => Some(false),
        _ => None,
    }
}

/// The file defines or undefines macro `name` itself (a compat header's
/// `#define __CUDA_ARCH__ …`): its value is the file's, not the build's.
/// So too where it defines the name the translation gives `name`
/// (`__HIPCC__` for `__CUDACC__`): the condition reads that after.
fn defined_here(tokens: &Tokens<'_>, name: &[u8]) -> bool {
    tokens.defines_macro(name)
        || (std::str::from_utf8(name).ok())
            .and_then(crate::mappings::lookup)
            .and_then(|m| m.hip.name)
            .is_some_and(|hip| tokens.defines_macro(hip.as_bytes()))
}

/// A value: `None` where the build does not fix it.
type Value = Option<i64>;

/// The expression could not be read (`?:`, a cast, a stray token).
struct Unreadable;

struct Expr<'t, 'a> {
    tokens: &'t Tokens<'a>,
    at: usize,
    end: usize,
    build: Build,
    own: &'t dyn Fn(&[u8]) -> bool,
    /// `__CUDACC__` is left as it is here, before the project's own HIP
    /// branch ([`before_own_hip_branch`]): undefined on HIP.
    cuda_kept: bool,
}

/// Binary operators by precedence, loosest first.
const LEVELS: &[&[&[u8]]] = &[
    &[b"||"],
    &[b"&&"],
    &[b"|"],
    &[b"^"],
    &[b"&"],
    &[b"==", b"!="],
    &[b"<=", b">=", b"<", b">"],
    &[b"<<", b">>"],
    &[b"+", b"-"],
    &[b"*", b"/", b"%"],
];

impl Expr<'_, '_> {
    /// The operator at the cursor, its adjacent punctuation joined
    /// (`&&` is two tokens), if it is one of `ops`.
    fn operator(&self, ops: &[&[u8]]) -> Option<(&'static [u8], usize)> {
        self.any_operator().filter(|(op, _)| ops.contains(op))
    }

    /// The operator at the cursor and how many tokens it takes.
    fn any_operator(&self) -> Option<(&'static [u8], usize)> {
        let t = self.tokens;
        if self.at >= self.end || t.tok(self.at).kind != TokenKind::Punct {
            return None;
        }
        let first = t.text(self.at);
        let second = (self.at + 1 < self.end
            && t.tok(self.at + 1).kind == TokenKind::Punct
            && t.tok(self.at + 1).start == t.tok(self.at).end)
            .then(|| t.text(self.at + 1));
        // The longest spelling first: `<=` before `<`, `&&` before `&`.
        const TWO: &[&[u8]] = &[b"||", b"&&", b"==", b"!=", b"<=", b">=", b"<<", b">>"];
        const ONE: &[&[u8]] = &[
            b"|", b"^", b"&", b"<", b">", b"+", b"-", b"*", b"/", b"%", b"!", b"~", b"(", b")",
            b"?", b":",
        ];
        let two = |op: &[u8]| {
            second.is_some_and(|s| first.len() == 1 && s.len() == 1 && op == [first[0], s[0]])
        };
        (TWO.iter().find(|&&op| two(op)).map(|&op| (op, 2)))
            .or_else(|| ONE.iter().find(|&&op| first == op).map(|&op| (op, 1)))
    }

    /// The expression from the cursor whose binary operators bind at least
    /// as tightly as `LEVELS[min]` (precedence climbing: each operator is
    /// read once, not once per level).
    fn binary(&mut self, min: usize) -> Result<Value, Unreadable> {
        let mut left = self.unary()?;
        while let Some((op, len, level)) = self.binary_operator().filter(|&(_, _, l)| l >= min) {
            self.at += len;
            let right = self.binary(level + 1)?;
            left = apply(op, left, right);
        }
        if min == 0 && self.operator(&[b"?"]).is_some() {
            return Err(Unreadable);
        }
        Ok(left)
    }

    /// The binary operator at the cursor and its level in [`LEVELS`].
    fn binary_operator(&self) -> Option<(&'static [u8], usize, usize)> {
        let (op, len) = self.any_operator()?;
        let level = LEVELS.iter().position(|ops| ops.contains(&op))?;
        Some((op, len, level))
    }

    fn unary(&mut self) -> Result<Value, Unreadable> {
        if let Some((op, _)) = self.operator(&[b"!", b"-", b"+", b"~"]) {
            self.at += 1;
            let v = self.unary()?;
            return Ok(v.map(|v| match op {
                b"!" => (v == 0) as i64,
                b"-" => v.wrapping_neg(),
                b"~" => !v,
                _ => v,
            }));
        }
        if self.operator(&[b"("]).is_some() {
            self.at += 1;
            let v = self.binary(0)?;
            self.expect(b")")?;
            return Ok(v);
        }
        if self.at >= self.end {
            return Err(Unreadable);
        }
        let t = self.tokens;
        let i = self.at;
        self.at += 1;
        match t.tok(i).kind {
            TokenKind::Number => super::warp::int_literal(t.text(i))
                .map(|(v, _)| Some(v as i64))
                .ok_or(Unreadable),
            TokenKind::Ident => match t.text(i) {
                b"defined" => {
                    let paren = self.operator(&[b"("]).is_some();
                    if paren {
                        self.at += 1;
                    }
                    if self.at >= self.end || t.tok(self.at).kind != TokenKind::Ident {
                        return Err(Unreadable);
                    }
                    let name = t.text(self.at);
                    self.at += 1;
                    if paren {
                        self.expect(b")")?;
                    }
                    Ok(self.is_defined(name).map(i64::from))
                }
                b"true" => Ok(Some(1)),
                b"false" => Ok(Some(0)),
                name => {
                    // A function-like macro call (`__has_include(…)`,
                    // `CHECK_VERSION(…)`): its value is its own.
                    if self.operator(&[b"("]).is_some() {
                        return Err(Unreadable);
                    }
                    // An undefined name reads as 0; a defined one's value
                    // is the build's (a HIP switch counts as 1).
                    Ok(match self.is_defined(name) {
                        Some(false) => Some(0),
                        Some(true) if super::branches::hip_switch(name) => Some(1),
                        _ => None,
                    })
                }
            },
            _ => Err(Unreadable),
        }
    }

    fn is_defined(&self, name: &[u8]) -> Option<bool> {
        if self.cuda_kept && name == b"__CUDACC__" {
            return Some(false);
        }
        defined(name, self.build).filter(|_| !(self.own)(name))
    }

    fn expect(&mut self, p: &[u8]) -> Result<(), Unreadable> {
        if self.at < self.end && self.tokens.is_punct(self.at, p) {
            self.at += 1;
            Ok(())
        } else {
            Err(Unreadable)
        }
    }
}

/// `left op right`, unknown where an operand is, but where the known one
/// decides (`0 && x`, `1 || x`, `0 * x`).
fn apply(op: &[u8], left: Value, right: Value) -> Value {
    match op {
        b"&&" => match (left, right) {
            (Some(0), _) | (_, Some(0)) => Some(0),
            (Some(_), Some(_)) => Some(1),
            _ => None,
        },
        b"||" => match (left, right) {
            (Some(a), _) if a != 0 => Some(1),
            (_, Some(b)) if b != 0 => Some(1),
            (Some(_), Some(_)) => Some(0),
            _ => None,
        },
        b"*" if left == Some(0) || right == Some(0) => Some(0),
        _ => {
            let (a, b) = (left?, right?);
            Some(match op {
                b"|" => a | b,
                b"^" => a ^ b,
                b"&" => a & b,
                b"==" => (a == b) as i64,
                b"!=" => (a != b) as i64,
                b"<=" => (a <= b) as i64,
                b">=" => (a >= b) as i64,
                b"<" => (a < b) as i64,
                b">" => (a > b) as i64,
                b"<<" => a.checked_shl(u32::try_from(b).ok()?)?,
                b">>" => a.checked_shr(u32::try_from(b).ok()?)?,
                b"+" => a.wrapping_add(b),
                b"-" => a.wrapping_sub(b),
                b"*" => a.wrapping_mul(b),
                b"/" => a.checked_div(b)?,
                b"%" => a.checked_rem(b)?,
                _ => return None,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(build: Build, src: &str) -> Option<bool> {
        let lx = crate::lex::lex(src.as_bytes());
        let tokens = Tokens::new(src.as_bytes(), &lx);
        value(&tokens, 0, build)
    }

    #[test]
    fn hip_build() {
        let hip = |s| on(Build::Hip, s);
        assert_eq!(hip("#if CUDART_VERSION < 9000\n"), Some(true));
        assert_eq!(hip("#if (CUDART_VERSION >= 11000)\n"), Some(false));
        assert_eq!(hip("#if __CUDACC_VER_MAJOR__ >= 9\n"), Some(false));
        assert_eq!(
            hip("#if defined(CUDA_VERSION) && CUDA_VERSION >= 11000\n"),
            Some(false)
        );
        assert_eq!(
            hip("#if defined(X) && CUDA_VERSION >= 11000\n"),
            Some(false)
        );
        assert_eq!(hip("#if X || CUDA_VERSION >= 11000\n"), None);
        assert_eq!(hip("#ifdef __CUDA_ARCH__\n"), Some(false));
        assert_eq!(hip("#ifndef __HIP_PLATFORM_AMD__\n"), Some(false));
        assert_eq!(hip("#if defined(__CUDACC__)\n"), Some(true));
        // Before the project's own HIP branch, `__CUDACC__` is left as it
        // is, and hipcc does not define it.
        assert_eq!(
            hip("#if defined(__CUDACC__)\n#elif defined(__HIP__)\n#endif\n"),
            Some(false)
        );
        assert_eq!(
            hip("#ifdef __CUDACC__\n#elif defined(__HIP__)\n#endif\n"),
            Some(false)
        );
        assert_eq!(
            hip("#if defined(__CUDACC__)\n#elif !defined(__HIP__)\n#endif\n"),
            Some(true)
        );
        assert_eq!(
            hip("#if !defined(USE_ROCM) && !defined __HIPCC__\n"),
            Some(false)
        );
        assert_eq!(hip("#if USE_ROCM\n"), Some(true));
        // A project that names nvcc and hipcc apart (Eigen's Macros.h):
        // `__CUDACC__` is left in the test that names nvcc.
        let eigen = "#if defined(__CUDACC__)\n#define P_CUDACC __CUDACC__\n#endif\n\
                     #if defined(__HIPCC__)\n#define P_HIPCC __HIPCC__\n#endif\n";
        assert_eq!(hip(eigen), Some(false));
        // Without the file's own HIP test, the port renames it.
        assert_eq!(
            hip("#if defined(__CUDACC__)\n#define P_CUDACC __CUDACC__\n#endif\n"),
            Some(true)
        );
        // A test that defines something else is renamed.
        assert_eq!(
            hip(
                "#if defined(__CUDACC__)\n#define HD __host__ __device__\n#endif\n#ifdef __HIPCC__\n#endif\n"
            ),
            Some(true)
        );
        assert_eq!(hip("#if X\n"), None);
        assert_eq!(hip("#if CUDA_VERSION >= 12000 ? 1 : 0\n"), None);
        assert_eq!(hip("#if __has_include(<cuda/barrier>)\n"), None);
        // The file's own definition wins over the build's.
        assert_eq!(
            hip("#if __CUDA_ARCH__ >= 700\n#define __CUDA_ARCH__ 800\n"),
            None
        );
        // And its definition of the name the translation gives it: after
        // the rename, `#ifdef __HIPCC__` reads that.
        assert_eq!(hip("#ifdef __CUDACC__\n#define __HIPCC__ 0\n"), None);
        let src = "#if CUDA_VERSION >= 12000 || defined(__CUDACC__)\n";
        let lx = crate::lex::lex(src.as_bytes());
        let tokens = Tokens::new(src.as_bytes(), &lx);
        assert_eq!(
            value_with_unknown(&tokens, 0, Build::Hip, b"CUDA_VERSION"),
            Some(true)
        );
    }

    #[test]
    fn nvcc_build() {
        let nvcc = |s| on(Build::Nvcc, s);
        assert_eq!(nvcc("#ifdef USE_HIP\n"), Some(false));
        assert_eq!(
            nvcc("#if defined(__HIPCC__) || defined(GGML_USE_HIP)\n"),
            Some(false)
        );
        assert_eq!(nvcc("#if CUDART_VERSION < 9000\n"), None);
        assert_eq!(nvcc("#ifdef __NVCC__\n"), None);
    }
}
