#include <hip/hip_cooperative_groups.h>
#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(HIPIFY_RS_CG_FUNCTORS_H)
#define HIPIFY_RS_CG_FUNCTORS_H
// hipify-rs: CUDA's cooperative_groups operators (reduce.h and scan.h declare them; HIP has neither)
namespace cooperative_groups {
template <typename Ty> struct plus { __device__ Ty operator()(Ty a, Ty b) const { return a + b; } };
template <typename Ty> struct less { __device__ Ty operator()(Ty a, Ty b) const { return (b < a) ? b : a; } };
template <typename Ty> struct greater { __device__ Ty operator()(Ty a, Ty b) const { return (a < b) ? b : a; } };
template <typename Ty> struct bit_and { __device__ Ty operator()(Ty a, Ty b) const { return a & b; } };
template <typename Ty> struct bit_xor { __device__ Ty operator()(Ty a, Ty b) const { return a ^ b; } };
template <typename Ty> struct bit_or { __device__ Ty operator()(Ty a, Ty b) const { return a | b; } };
}  // namespace cooperative_groups
#endif
