// hipcub/hipcub.hpp for HIP on the NVIDIA platform (ci/nvidia-hip/README.md).
//
// On NVIDIA, hipCUB is a header-only layer over CUB (AMD's hipCUB,
// backend/cub/): its classes and functions are CUB's under the hipcub name.
// Debian 12 packages no hipCUB, so this stands in for that backend: CUB's own
// names, made visible as hipcub::X. The one difference from AMD's backend is
// that the Device* algorithms return CUB's cudaError_t where hipCUB converts it
// to hipError_t (code that stores the result in a hipError_t does not compile
// here and must be left out of a comparison, as a missing library would).
#pragma once
#include <hip/hip_runtime.h>
#include <cub/cub.cuh>

namespace hipcub {
using namespace ::cub;
}  // namespace hipcub
