#ifndef HIPIFY_RS_BF16_ROUNDING
#define HIPIFY_RS_BF16_ROUNDING
// hipify-rs: CUDA's bf16 roundings (cuda_bf16.hpp): float to bf16 to nearest even (a NaN to 0x7fff), a fused multiply-add rounded once (the exact double product summed and rounded to odd in double and float first), and __hmax/__hmin (a NaN input gives the other, two NaNs the canonical NaN, +0.0 above -0.0)
#include <hip/hip_bfloat16.h>
__host__ __device__ inline hip_bfloat16 hipify_rs_bf16_rn(float f) {
  unsigned int u;
  __builtin_memcpy(&u, &f, 4);
  hip_bfloat16 r;
  if ((u & 0x7fffffffU) > 0x7f800000U) {
    r.data = 0x7fffU;
  } else {
    const unsigned int rest = u << 16U;
    r.data = static_cast<unsigned short>(u >> 16U);
    if (rest > 0x80000000U || (rest == 0x80000000U && (r.data & 1U))) r.data++;
  }
  return r;
}
__host__ __device__ inline float hipify_rs_bf16_float(hip_bfloat16 h) {
  const unsigned int u = static_cast<unsigned int>(h.data) << 16U;
  float f;
  __builtin_memcpy(&f, &u, 4);
  return f;
}
__host__ __device__ inline hip_bfloat16 hipify_rs_bf16_fma(hip_bfloat16 a, hip_bfloat16 b, hip_bfloat16 c) {
  const double p = static_cast<double>(hipify_rs_bf16_float(a)) * hipify_rs_bf16_float(b);
  const double q = hipify_rs_bf16_float(c);
  double s = p + q;
  if (__builtin_isfinite(s)) {
    const double v = s - p, err = (p - (s - v)) + (q - v);
    unsigned long long d;
    __builtin_memcpy(&d, &s, 8);
    if (err != 0.0 && !(d & 1ULL)) {
      d += ((err > 0.0) == (s > 0.0)) ? 1ULL : ~0ULL;
      __builtin_memcpy(&s, &d, 8);
    }
  }
  float f = static_cast<float>(s);
  if (__builtin_isfinite(f) && static_cast<double>(f) != s) {
    unsigned int u;
    __builtin_memcpy(&u, &f, 4);
    if (!(u & 1U)) {
      u += __builtin_fabs(s) > __builtin_fabs(static_cast<double>(f)) ? 1U : ~0U;
      __builtin_memcpy(&f, &u, 4);
    }
  }
  return hipify_rs_bf16_rn(f);
}
__host__ __device__ inline hip_bfloat16 hipify_rs_bf16_max(const hip_bfloat16 a, const hip_bfloat16 b) {
  const float fa = hipify_rs_bf16_float(a), fb = hipify_rs_bf16_float(b);
  hip_bfloat16 r = (fa >= fb || fb != fb) ? a : b;
  if ((r.data & 0x7fffU) > 0x7f80U) r.data = 0x7fffU;
  else if (fa == fb) r = (a.data > b.data) ? b : a;
  return r;
}
__host__ __device__ inline hip_bfloat16 hipify_rs_bf16_min(const hip_bfloat16 a, const hip_bfloat16 b) {
  const float fa = hipify_rs_bf16_float(a), fb = hipify_rs_bf16_float(b);
  hip_bfloat16 r = (fa <= fb || fb != fb) ? a : b;
  if ((r.data & 0x7fffU) > 0x7f80U) r.data = 0x7fffU;
  else if (fa == fb) r = (a.data > b.data) ? a : b;
  return r;
}
#endif
