//! CUDA 12's extensible launch (`cudaLaunchKernelEx` with a
//! `cudaLaunchConfig_t` and its `cudaLaunchAttribute`s) below HIP 6.2, where
//! HIP has none of its types (HIP 6.2 adds `hipLaunchAttributeID` and
//! `hipLaunchAttributeValue`, 7.0 `hipLaunchConfig_t`, `hipLaunchAttribute`
//! and `hipLaunchKernelExC`: AMD's tables). One block (`launch_ex.h`): CUDA
//! 13's types as `driver_types.h` lays them out, and the launch over
//! `hipLaunchKernel`, `hipLaunchCooperativeKernel` for a cooperative one.
//! Every CUDA name the block defines brings the whole block, once per file.
//! What each attribute becomes on AMD GPUs is [`caveat`]'s to say at its use.

use std::sync::LazyLock;

use super::Function;
use crate::mappings::{Target, Version};

const TEXT: &str = include_str!("launch_ex.h");

/// The title every name's fix shares: the block is one insertion, which
/// the fixes of a file's names offer alike (and the run makes once).
pub(super) const TITLE: &str = "define CUDA's launch config and attributes and cudaLaunchKernelEx before HIP 6.2 (over hipLaunchKernel; hints AMD GPUs lack ignored, the rest refused)";

/// The first HIP with any of the block's types (`hipLaunchAttributeID`).
const HIP_HAS_TYPES: Version = Version::new(6, 2, 0);

/// One [`Function`] per CUDA name the block `#define`s, each the whole block.
pub(super) static FUNCTIONS: LazyLock<Vec<Function>> = LazyLock::new(|| {
    let lines: &'static [&'static str] =
        Box::leak(TEXT.lines().collect::<Vec<_>>().into_boxed_slice());
    let parts: &'static [&'static [&'static str]] = Box::leak(Box::new([lines]));
    super::defines(TEXT)
        .map(|name| Function {
            name,
            lines: parts,
            title: TITLE,
            answers: &[],
        })
        .collect()
});

/// Whether the block may define names at `target` (HIP's own types from 6.2
/// on would clash with its `id` and `val`).
pub(super) fn available(target: &Target) -> bool {
    target.hip_version < HIP_HAS_TYPES
}

/// What the block's launch does with the attribute `name` on AMD GPUs,
/// where that is not CUDA's launch: said at each use, the definition added.
pub(crate) fn caveat(name: &[u8]) -> Option<&'static str> {
    let refused = "the cudaLaunchKernelEx defined for HIP returns hipErrorNotSupported for it; port the launch by hand";
    Some(match name {
        b"cudaLaunchAttributeClusterDimension" => {
            "AMD GPUs have no thread-block clusters: the cudaLaunchKernelEx defined for HIP launches a cluster of one block as a plain launch and returns hipErrorNotSupported for a larger one"
        }
        b"cudaLaunchAttributePreferredClusterDimension"
        | b"cudaLaunchAttributeClusterSchedulingPolicyPreference" => {
            "AMD GPUs have no thread-block clusters, so no preference among them: the cudaLaunchKernelEx defined for HIP ignores it"
        }
        b"cudaLaunchAttributeProgrammaticStreamSerialization" => {
            "AMD GPUs do not overlap a kernel with the one before it in its stream (programmatic dependent launch): the cudaLaunchKernelEx defined for HIP ignores the attribute and launches in stream order, as CUDA does without it"
        }
        b"cudaLaunchAttributePriority" => {
            "HIP has no per-launch priority: the cudaLaunchKernelEx defined for HIP ignores it (a stream's priority, hipStreamCreateWithPriority, applies)"
        }
        b"cudaLaunchAttributeAccessPolicyWindow" => {
            "HIP before 6.2 has no L2 access policy for a launch (a performance hint): the cudaLaunchKernelEx defined for HIP ignores it"
        }
        b"cudaLaunchAttributeMemSyncDomain" | b"cudaLaunchAttributeMemSyncDomainMap" => {
            "AMD GPUs have no memory synchronization domains (fences are not narrowed to one): the cudaLaunchKernelEx defined for HIP ignores it"
        }
        b"cudaLaunchAttributePreferredSharedMemoryCarveout" => {
            "AMD GPUs have no L1/shared-memory carveout: the cudaLaunchKernelEx defined for HIP ignores it"
        }
        b"cudaLaunchAttributeSynchronizationPolicy"
        | b"cudaLaunchAttributeProgrammaticEvent"
        | b"cudaLaunchAttributeLaunchCompletionEvent"
        | b"cudaLaunchAttributeDeviceUpdatableKernelNode" => refused,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The block defines CUDA's names, each one CUDA 13's headers declare,
    /// and says at its use what it makes of every attribute the tables list
    /// with no HIP name (the rest are launched as CUDA launches them).
    #[test]
    fn defines_cuda_names_and_covers_the_attributes() {
        assert!(FUNCTIONS.len() >= 24);
        for f in FUNCTIONS.iter() {
            let name = std::str::from_utf8(f.name).unwrap();
            assert!(
                crate::mappings::cuda_header(name).is_some(),
                "{name}: not CUDA's"
            );
        }
        let honoured = [
            &b"cudaLaunchAttributeIgnore"[..],
            b"cudaLaunchAttributeCooperative",
        ];
        for m in crate::mappings::all() {
            if m.cuda.starts_with("cudaLaunchAttribute")
                && m.kind == crate::mappings::Kind::EnumConstant
            {
                let name = m.cuda.as_bytes();
                if name == b"cudaLaunchAttributeID" || name == b"cudaLaunchAttributeValue" {
                    continue;
                }
                assert!(
                    FUNCTIONS.iter().any(|f| f.name == name),
                    "{}: not defined",
                    m.cuda
                );
                assert!(
                    caveat(name).is_some() || honoured.contains(&name),
                    "{}: no caveat",
                    m.cuda
                );
            }
        }
    }
}
