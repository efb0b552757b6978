#ifndef HIPIFY_RS_BF162
#define HIPIFY_RS_BF162
#if !defined(__CUDA_BF16_TYPES_EXIST__)
// hipify-rs: HIP before 5.7 has no __nv_bfloat162 (hip/hip_bf16.h): CUDA's pair of bf16 values (cuda_bf16.h: two of the hip_bfloat16 class, aligned to 4) and the intrinsics on it, each rounding once as CUDA does (a sum or product of two bf16 values is exact in float or rounds there innocuously)
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
