#ifndef HIPIFY_RS_BF162
#define HIPIFY_RS_BF162
#if !defined(__CUDA_BF16_TYPES_EXIST__)
// hipify-rs: HIP before 5.7 has no __nv_bfloat162 (hip/hip_bf16.h): CUDA's pair of bf16 values (cuda_bf16.h: two of the hip_bfloat16 class, aligned to 4) and the intrinsics on it, each rounding once as CUDA does (a sum, product or quotient of two bf16 values is exact in float or rounds there innocuously); max and min with cuda_bf16.hpp's NaN and signed-zero rules, comparisons giving 1.0 or 0.0 per lane
struct __attribute__((aligned(4))) hipify_rs_bfloat162 {
  hip_bfloat16 x, y;
  hipify_rs_bfloat162() = default;
  __host__ __device__ constexpr hipify_rs_bfloat162(const hip_bfloat16 &a, const hip_bfloat16 &b) : x(a), y(b) {}
};
__host__ __device__ inline hipify_rs_bfloat162 hipify_rs_make_bfloat162(const hip_bfloat16 x, const hip_bfloat16 y) { return hipify_rs_bfloat162(x, y); }
__host__ __device__ inline hipify_rs_bfloat162 hipify_rs_bfloat162bfloat162(const hip_bfloat16 a) { return hipify_rs_bfloat162(a, a); }
__host__ __device__ inline hipify_rs_bfloat162 hipify_rs_float2bfloat162_rn(const float a) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(a), hipify_rs_bf16_rn(a)); }
__host__ __device__ inline hipify_rs_bfloat162 hipify_rs_floats2bfloat162_rn(const float a, const float b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(a), hipify_rs_bf16_rn(b)); }
__host__ __device__ inline hipify_rs_bfloat162 hipify_rs_float22bfloat162_rn(const float2 a) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(a.x), hipify_rs_bf16_rn(a.y)); }
__host__ __device__ inline float2 hipify_rs_bfloat1622float2(const hipify_rs_bfloat162 a) { return make_float2(hipify_rs_bf16_float(a.x), hipify_rs_bf16_float(a.y)); }
__host__ __device__ inline hip_bfloat16 hipify_rs_low2bfloat16(const hipify_rs_bfloat162 a) { return a.x; }
__host__ __device__ inline hip_bfloat16 hipify_rs_high2bfloat16(const hipify_rs_bfloat162 a) { return a.y; }
__host__ __device__ inline float __low2float(const hipify_rs_bfloat162 a) { return hipify_rs_bf16_float(a.x); }
__host__ __device__ inline float __high2float(const hipify_rs_bfloat162 a) { return hipify_rs_bf16_float(a.y); }
__host__ __device__ inline hipify_rs_bfloat162 __hadd2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(hipify_rs_bf16_float(a.x) + hipify_rs_bf16_float(b.x)), hipify_rs_bf16_rn(hipify_rs_bf16_float(a.y) + hipify_rs_bf16_float(b.y))); }
__host__ __device__ inline hipify_rs_bfloat162 __hsub2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(hipify_rs_bf16_float(a.x) - hipify_rs_bf16_float(b.x)), hipify_rs_bf16_rn(hipify_rs_bf16_float(a.y) - hipify_rs_bf16_float(b.y))); }
__host__ __device__ inline hipify_rs_bfloat162 __hmul2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(hipify_rs_bf16_float(a.x) * hipify_rs_bf16_float(b.x)), hipify_rs_bf16_rn(hipify_rs_bf16_float(a.y) * hipify_rs_bf16_float(b.y))); }
__device__ inline hipify_rs_bfloat162 __hfma2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b, const hipify_rs_bfloat162 c) { return hipify_rs_bfloat162(hipify_rs_bf16_fma(a.x, b.x, c.x), hipify_rs_bf16_fma(a.y, b.y, c.y)); }
__host__ __device__ inline hipify_rs_bfloat162 operator+(const hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return __hadd2(a, b); }
__host__ __device__ inline hipify_rs_bfloat162 operator-(const hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return __hsub2(a, b); }
__host__ __device__ inline hipify_rs_bfloat162 operator*(const hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return __hmul2(a, b); }
__host__ __device__ inline hipify_rs_bfloat162 &operator+=(hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return a = __hadd2(a, b); }
__host__ __device__ inline hipify_rs_bfloat162 &operator-=(hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return a = __hsub2(a, b); }
__host__ __device__ inline hipify_rs_bfloat162 &operator*=(hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return a = __hmul2(a, b); }
__host__ __device__ inline hipify_rs_bfloat162 hipify_rs_h2div(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(hipify_rs_bf16_float(a.x) / hipify_rs_bf16_float(b.x)), hipify_rs_bf16_rn(hipify_rs_bf16_float(a.y) / hipify_rs_bf16_float(b.y))); }
__host__ __device__ inline hipify_rs_bfloat162 __h2div(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_h2div(a, b); }
__host__ __device__ inline hipify_rs_bfloat162 operator/(const hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return hipify_rs_h2div(a, b); }
__host__ __device__ inline hipify_rs_bfloat162 &operator/=(hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return a = hipify_rs_h2div(a, b); }
__host__ __device__ inline hip_bfloat16 hipify_rs_bf16_neg(hip_bfloat16 a) { a.data ^= 0x8000U; return a; }
__host__ __device__ inline hip_bfloat16 hipify_rs_bf16_abs(hip_bfloat16 a) { a.data = (a.data & 0x7fffU) > 0x7f80U ? 0x7fffU : (a.data & 0x7fffU); return a; }
__host__ __device__ inline hipify_rs_bfloat162 __hneg2(const hipify_rs_bfloat162 a) { return hipify_rs_bfloat162(hipify_rs_bf16_neg(a.x), hipify_rs_bf16_neg(a.y)); }
__host__ __device__ inline hipify_rs_bfloat162 __habs2(const hipify_rs_bfloat162 a) { return hipify_rs_bfloat162(hipify_rs_bf16_abs(a.x), hipify_rs_bf16_abs(a.y)); }
__host__ __device__ inline hipify_rs_bfloat162 operator-(const hipify_rs_bfloat162 &a) { return __hneg2(a); }
__host__ __device__ inline hipify_rs_bfloat162 operator+(const hipify_rs_bfloat162 &a) { return a; }
__host__ __device__ inline hipify_rs_bfloat162 hipify_rs_hmax2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_max(a.x, b.x), hipify_rs_bf16_max(a.y, b.y)); }
__host__ __device__ inline hipify_rs_bfloat162 hipify_rs_hmin2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_min(a.x, b.x), hipify_rs_bf16_min(a.y, b.y)); }
#ifndef __hmax2
__host__ __device__ inline hipify_rs_bfloat162 __hmax2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_hmax2(a, b); }
#endif
#ifndef __hmin2
__host__ __device__ inline hipify_rs_bfloat162 __hmin2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_hmin2(a, b); }
#endif
__host__ __device__ inline hip_bfloat16 hipify_rs_bf16_nan_or(const hip_bfloat16 a, const hip_bfloat16 b, const hip_bfloat16 r) { hip_bfloat16 nan; nan.data = 0x7fffU; return ((a.data & 0x7fffU) > 0x7f80U || (b.data & 0x7fffU) > 0x7f80U) ? nan : r; }
__host__ __device__ inline hipify_rs_bfloat162 __hmax2_nan(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_nan_or(a.x, b.x, hipify_rs_bf16_float(a.x) >= hipify_rs_bf16_float(b.x) ? a.x : b.x), hipify_rs_bf16_nan_or(a.y, b.y, hipify_rs_bf16_float(a.y) >= hipify_rs_bf16_float(b.y) ? a.y : b.y)); }
__host__ __device__ inline hipify_rs_bfloat162 __hmin2_nan(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_nan_or(a.x, b.x, hipify_rs_bf16_float(a.x) <= hipify_rs_bf16_float(b.x) ? a.x : b.x), hipify_rs_bf16_nan_or(a.y, b.y, hipify_rs_bf16_float(a.y) <= hipify_rs_bf16_float(b.y) ? a.y : b.y)); }
__host__ __device__ inline hipify_rs_bfloat162 __heq2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(hipify_rs_bf16_float(a.x) == hipify_rs_bf16_float(b.x) ? 1.0f : 0.0f), hipify_rs_bf16_rn(hipify_rs_bf16_float(a.y) == hipify_rs_bf16_float(b.y) ? 1.0f : 0.0f)); }
__host__ __device__ inline hipify_rs_bfloat162 __hne2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn((hipify_rs_bf16_float(a.x) < hipify_rs_bf16_float(b.x) || hipify_rs_bf16_float(a.x) > hipify_rs_bf16_float(b.x)) ? 1.0f : 0.0f), hipify_rs_bf16_rn((hipify_rs_bf16_float(a.y) < hipify_rs_bf16_float(b.y) || hipify_rs_bf16_float(a.y) > hipify_rs_bf16_float(b.y)) ? 1.0f : 0.0f)); }
__host__ __device__ inline hipify_rs_bfloat162 __hlt2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(hipify_rs_bf16_float(a.x) < hipify_rs_bf16_float(b.x) ? 1.0f : 0.0f), hipify_rs_bf16_rn(hipify_rs_bf16_float(a.y) < hipify_rs_bf16_float(b.y) ? 1.0f : 0.0f)); }
__host__ __device__ inline hipify_rs_bfloat162 __hle2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(hipify_rs_bf16_float(a.x) <= hipify_rs_bf16_float(b.x) ? 1.0f : 0.0f), hipify_rs_bf16_rn(hipify_rs_bf16_float(a.y) <= hipify_rs_bf16_float(b.y) ? 1.0f : 0.0f)); }
__host__ __device__ inline hipify_rs_bfloat162 __hgt2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(hipify_rs_bf16_float(a.x) > hipify_rs_bf16_float(b.x) ? 1.0f : 0.0f), hipify_rs_bf16_rn(hipify_rs_bf16_float(a.y) > hipify_rs_bf16_float(b.y) ? 1.0f : 0.0f)); }
__host__ __device__ inline hipify_rs_bfloat162 __hge2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bfloat162(hipify_rs_bf16_rn(hipify_rs_bf16_float(a.x) >= hipify_rs_bf16_float(b.x) ? 1.0f : 0.0f), hipify_rs_bf16_rn(hipify_rs_bf16_float(a.y) >= hipify_rs_bf16_float(b.y) ? 1.0f : 0.0f)); }
__host__ __device__ inline bool __hbeq2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bf16_float(a.x) == hipify_rs_bf16_float(b.x) && hipify_rs_bf16_float(a.y) == hipify_rs_bf16_float(b.y); }
__host__ __device__ inline bool __hbne2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return (hipify_rs_bf16_float(a.x) < hipify_rs_bf16_float(b.x) || hipify_rs_bf16_float(a.x) > hipify_rs_bf16_float(b.x)) && (hipify_rs_bf16_float(a.y) < hipify_rs_bf16_float(b.y) || hipify_rs_bf16_float(a.y) > hipify_rs_bf16_float(b.y)); }
__host__ __device__ inline bool __hblt2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bf16_float(a.x) < hipify_rs_bf16_float(b.x) && hipify_rs_bf16_float(a.y) < hipify_rs_bf16_float(b.y); }
__host__ __device__ inline bool __hble2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bf16_float(a.x) <= hipify_rs_bf16_float(b.x) && hipify_rs_bf16_float(a.y) <= hipify_rs_bf16_float(b.y); }
__host__ __device__ inline bool __hbgt2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bf16_float(a.x) > hipify_rs_bf16_float(b.x) && hipify_rs_bf16_float(a.y) > hipify_rs_bf16_float(b.y); }
__host__ __device__ inline bool __hbge2(const hipify_rs_bfloat162 a, const hipify_rs_bfloat162 b) { return hipify_rs_bf16_float(a.x) >= hipify_rs_bf16_float(b.x) && hipify_rs_bf16_float(a.y) >= hipify_rs_bf16_float(b.y); }
__host__ __device__ inline bool operator==(const hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return __hbeq2(a, b); }
__host__ __device__ inline bool operator!=(const hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return !(hipify_rs_bf16_float(a.x) == hipify_rs_bf16_float(b.x)) && !(hipify_rs_bf16_float(a.y) == hipify_rs_bf16_float(b.y)); }
__host__ __device__ inline bool operator<(const hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return __hblt2(a, b); }
__host__ __device__ inline bool operator>(const hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return __hbgt2(a, b); }
__host__ __device__ inline bool operator<=(const hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return __hble2(a, b); }
__host__ __device__ inline bool operator>=(const hipify_rs_bfloat162 &a, const hipify_rs_bfloat162 &b) { return __hbge2(a, b); }
__host__ __device__ inline hipify_rs_bfloat162 __hisnan2(const hipify_rs_bfloat162 a) { return hipify_rs_bfloat162(hipify_rs_bf16_rn((a.x.data & 0x7fffU) > 0x7f80U ? 1.0f : 0.0f), hipify_rs_bf16_rn((a.y.data & 0x7fffU) > 0x7f80U ? 1.0f : 0.0f)); }
#if defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)
template <typename Shuffle>
__device__ inline hipify_rs_bfloat162 hipify_rs_shfl_bf162(hipify_rs_bfloat162 var, Shuffle shuffle) {
  unsigned int bits = 0;
  __builtin_memcpy(&bits, &var, 4);
  bits = shuffle(bits);
  __builtin_memcpy(&var, &bits, 4);
  return var;
}
__device__ inline hipify_rs_bfloat162 __shfl(hipify_rs_bfloat162 var, int src_lane, int width = warpSize) { return hipify_rs_shfl_bf162(var, [=](unsigned int b) { return __shfl(b, src_lane, width); }); }
__device__ inline hipify_rs_bfloat162 __shfl_up(hipify_rs_bfloat162 var, unsigned int lane_delta, int width = warpSize) { return hipify_rs_shfl_bf162(var, [=](unsigned int b) { return __shfl_up(b, lane_delta, width); }); }
__device__ inline hipify_rs_bfloat162 __shfl_down(hipify_rs_bfloat162 var, unsigned int lane_delta, int width = warpSize) { return hipify_rs_shfl_bf162(var, [=](unsigned int b) { return __shfl_down(b, lane_delta, width); }); }
__device__ inline hipify_rs_bfloat162 __shfl_xor(hipify_rs_bfloat162 var, int lane_mask, int width = warpSize) { return hipify_rs_shfl_bf162(var, [=](unsigned int b) { return __shfl_xor(b, lane_mask, width); }); }
// CUDA's __ldg on the pair (cuda_bf16.h): the value loaded (HIP's hip_ldg.h declares it for scalars and vectors alone)
__device__ inline hipify_rs_bfloat162 __ldg(const hipify_rs_bfloat162 *ptr) { return *ptr; }
#endif
#define __nv_bfloat162 hipify_rs_bfloat162
#define nv_bfloat162 hipify_rs_bfloat162
#define make_bfloat162 hipify_rs_make_bfloat162
#define __halves2bfloat162 hipify_rs_make_bfloat162
#define __bfloat162bfloat162 hipify_rs_bfloat162bfloat162
#define __float2bfloat162_rn hipify_rs_float2bfloat162_rn
#define __floats2bfloat162_rn hipify_rs_floats2bfloat162_rn
#define __float22bfloat162_rn hipify_rs_float22bfloat162_rn
#define __bfloat1622float2 hipify_rs_bfloat1622float2
#define __low2bfloat16 hipify_rs_low2bfloat16
#define __high2bfloat16 hipify_rs_high2bfloat16
#endif
#endif
