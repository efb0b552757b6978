//! CUDA's `__nv_bfloat162` below HIP 5.7, where HIP has no pair type
//! (`hip/hip_bf16.h` comes with 5.7; HIP 5.2.3 has only the `hip_bfloat16`
//! class of `hip/hip_bfloat16.h`, which the scalar `__nv_bfloat16` becomes
//! there). One block (`bf162.h`): the pair as `cuda_bf16.h` lays it out
//! (two bf16 values, aligned to 4), CUDA's conversions (round to nearest
//! even, a NaN to `0x7fff`: `cuda_bf16.hpp`'s own software path), and the
//! arithmetic CUDA's `fma.rn.bf16x2` rounds once: a sum or product of two
//! bf16 values is exact in float or rounds there innocuously (24 ≥ 2·8+2
//! bits), and `__hfma2`'s exact product in double is summed and rounded to
//! odd in double and float before its one rounding to bf16. Shuffles of a
//! pair are its 32 bits shuffled as one word, as CUDA's are. Every CUDA name
//! the block defines brings the whole block, once per file. A second block
//! ([`SCALAR`]) gives the scalar `__hadd`, `__hsub`, `__hmul`, `__hfma` and
//! shuffles on bf16 (HIP 5.2's `__hadd(int, int)` is an integer average);
//! the roundings are a helper both share.

use std::sync::LazyLock;

use super::Function;
use crate::mappings::{Target, Version};

const TEXT: &str = include_str!("bf162.h");

/// CUDA's roundings, which the pair's block and the scalar one share (a
/// helper part: written once per file).
const ROUNDING: &str = include_str!("bf16_rounding.h");

/// CUDA's `__hadd`, `__hsub`, `__hmul`, `__hfma` and shuffles on bf16.
const SCALAR_TEXT: &str = include_str!("bf16_scalar.h");

/// The title of the scalar block's fix.
const SCALAR_TITLE: &str = "define CUDA's __hadd, __hsub, __hmul, __hfma, __hmax, __hmin, __habs, __hneg, shuffles and __ldg on bf16 before HIP 5.7 (exact: CUDA's roundings)";

/// Lines of a block's text, kept for the run.
fn lines(text: &'static str) -> &'static [&'static str] {
    Box::leak(text.lines().collect::<Vec<_>>().into_boxed_slice())
}

/// The title every name's fix shares (one insertion per file).
pub(super) const TITLE: &str =
    "define CUDA's __nv_bfloat162 and its intrinsics before HIP 5.7 (exact: CUDA's roundings)";

/// The first HIP with `__hip_bfloat162` (`hip/hip_bf16.h`; AMD's tables).
const HIP_HAS_PAIR: Version = Version::new(5, 7, 0);

/// One [`Function`] per CUDA name the block `#define`s, each the whole block.
pub(super) static FUNCTIONS: LazyLock<Vec<Function>> = LazyLock::new(|| {
    let parts: &'static [&'static [&'static str]] =
        Box::leak(Box::new([lines(ROUNDING), lines(TEXT)]));
    super::defines(TEXT)
        .map(|name| Function {
            name,
            lines: parts,
            title: TITLE,
            answers: &[],
        })
        .collect()
});

/// The scalar block, a fix the rules offer where a half intrinsic or a
/// shuffle takes bf16 values (`rules::semantics`), under a name no code
/// spells.
pub(super) static SCALAR: LazyLock<Function> = LazyLock::new(|| Function {
    name: b"hipify_rs_bf16_scalar",
    lines: Box::leak(Box::new([lines(ROUNDING), lines(SCALAR_TEXT)])),
    title: SCALAR_TITLE,
    answers: &[],
});

/// Whether the block may define names at `target` (HIP's own pair from 5.7).
pub(super) fn available(target: &Target) -> bool {
    target.hip_version < HIP_HAS_PAIR
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name the block defines is one CUDA 13's headers declare and
    /// the tables give no HIP name below 5.7.
    #[test]
    fn defines_cuda_names_hip_lacks_before_5_7() {
        assert!(FUNCTIONS.len() >= 10);
        for f in FUNCTIONS.iter() {
            let name = std::str::from_utf8(f.name).unwrap();
            let m = crate::mappings::lookup(name).unwrap_or_else(|| panic!("{name}: not CUDA's"));
            assert!(
                m.hip.name.is_none() || m.hip.added >= HIP_HAS_PAIR,
                "{name}: HIP has it before 5.7"
            );
        }
    }
}
