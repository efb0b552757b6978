#ifndef HIPIFY_RS_BF16_SCALAR
#define HIPIFY_RS_BF16_SCALAR
// hipify-rs: HIP before 5.7 has no half intrinsics for bf16 (there the hip_bfloat16 class; __hadd(int, int) is HIP's integer average): CUDA's __hadd, __hsub, __hmul and __hfma on bf16, each rounding once as CUDA does, __hmax and __hmin (also as HIP's __half shims name them), __habs (a NaN to the canonical one) and __hneg (the sign flipped, as neg.bf16), its bf16 shuffles (the value's 16 bits in a 32-bit word) and __ldg
__host__ __device__ inline hip_bfloat16 __hadd(const hip_bfloat16 a, const hip_bfloat16 b) { return hipify_rs_bf16_rn(hipify_rs_bf16_float(a) + hipify_rs_bf16_float(b)); }
__host__ __device__ inline hip_bfloat16 __hsub(const hip_bfloat16 a, const hip_bfloat16 b) { return hipify_rs_bf16_rn(hipify_rs_bf16_float(a) - hipify_rs_bf16_float(b)); }
__host__ __device__ inline hip_bfloat16 __hmul(const hip_bfloat16 a, const hip_bfloat16 b) { return hipify_rs_bf16_rn(hipify_rs_bf16_float(a) * hipify_rs_bf16_float(b)); }
__device__ inline hip_bfloat16 __hfma(const hip_bfloat16 a, const hip_bfloat16 b, const hip_bfloat16 c) { return hipify_rs_bf16_fma(a, b, c); }
#ifndef HIPIFY_RS_BF16_BOUNDS
#define HIPIFY_RS_BF16_BOUNDS
// hipify-rs: CUDA's __hmax/__hmin on bf16 (cuda_bf16.hpp), which HIP before 5.7 lacks: the same rules on the hip_bfloat16 class
__host__ __device__ inline hip_bfloat16 hipify_rs_half_max(const hip_bfloat16 a, const hip_bfloat16 b) { hip_bfloat16 r = (float(a) >= float(b) || float(b) != float(b)) ? a : b; if ((r.data & 0x7fffU) > 0x7f80U) r.data = 0x7fffU; else if (float(a) == float(b)) r = (a.data > b.data) ? b : a; return r; }
__host__ __device__ inline hip_bfloat16 hipify_rs_half_min(const hip_bfloat16 a, const hip_bfloat16 b) { hip_bfloat16 r = (float(a) <= float(b) || float(b) != float(b)) ? a : b; if ((r.data & 0x7fffU) > 0x7f80U) r.data = 0x7fffU; else if (float(a) == float(b)) r = (a.data > b.data) ? a : b; return r; }
#endif
#ifndef __hmax
__host__ __device__ inline hip_bfloat16 __hmax(const hip_bfloat16 a, const hip_bfloat16 b) { return hipify_rs_half_max(a, b); }
#endif
#ifndef __hmin
__host__ __device__ inline hip_bfloat16 __hmin(const hip_bfloat16 a, const hip_bfloat16 b) { return hipify_rs_half_min(a, b); }
#endif
__host__ __device__ inline hip_bfloat16 __habs(hip_bfloat16 a) { a.data = (a.data & 0x7fffU) > 0x7f80U ? 0x7fffU : (a.data & 0x7fffU); return a; }
__host__ __device__ inline hip_bfloat16 __hneg(hip_bfloat16 a) { a.data ^= 0x8000U; return a; }
#if defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)
template <typename Shuffle>
__device__ inline hip_bfloat16 hipify_rs_shfl_bf16(hip_bfloat16 var, Shuffle shuffle) {
  var.data = static_cast<unsigned short>(shuffle(static_cast<unsigned int>(var.data)));
  return var;
}
__device__ inline hip_bfloat16 __shfl(hip_bfloat16 var, int src_lane, int width = warpSize) { return hipify_rs_shfl_bf16(var, [=](unsigned int b) { return __shfl(b, src_lane, width); }); }
__device__ inline hip_bfloat16 __shfl_up(hip_bfloat16 var, unsigned int lane_delta, int width = warpSize) { return hipify_rs_shfl_bf16(var, [=](unsigned int b) { return __shfl_up(b, lane_delta, width); }); }
__device__ inline hip_bfloat16 __shfl_down(hip_bfloat16 var, unsigned int lane_delta, int width = warpSize) { return hipify_rs_shfl_bf16(var, [=](unsigned int b) { return __shfl_down(b, lane_delta, width); }); }
__device__ inline hip_bfloat16 __shfl_xor(hip_bfloat16 var, int lane_mask, int width = warpSize) { return hipify_rs_shfl_bf16(var, [=](unsigned int b) { return __shfl_xor(b, lane_mask, width); }); }
// CUDA's __ldg on bf16 (cuda_bf16.h): the value loaded (HIP's hip_ldg.h declares it for scalars and vectors alone)
__device__ inline hip_bfloat16 __ldg(const hip_bfloat16 *ptr) { return *ptr; }
#endif
#endif
