#include "gpu_compat.h"

#ifndef PROJ_USE_HIP
__global__ void to_fp8(const float *in, __nv_fp8_e4m3 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __nv_fp8_e4m3(in[i]);
}
#endif

#if defined(__CUDA_ARCH__) && !defined(PROJ_USE_HIP)
#define PROJ_LDG(p) __ldg(p)
#else
#define PROJ_LDG(p) (*(p))
#endif

__global__ void copy(const float *__restrict__ in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = PROJ_LDG(in + i);
}
