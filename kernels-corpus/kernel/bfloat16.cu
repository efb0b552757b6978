// corpus: kernel; bfloat16 (cuda_bf16.h): __nv_bfloat16 conversions, arithmetic and __nv_bfloat162 pairs
// expected diagnostics: below HIP 5.7 cuda_bf16.h is hip/hip_bfloat16.h, whose hip_bfloat16 class has no bf16 __hadd/__hmul/__hfma and no __nv_bfloat162
#include <cstdio>
#include <cstdlib>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

// Inputs are integers in [-8, 8]; products and sums stay exact in bf16 (8 mantissa bits).
__global__ void bf16Kernel(const float* a, const float* b, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 x = __float2bfloat16(a[i]);
  __nv_bfloat16 y = __float2bfloat16(b[i]);
  __nv_bfloat16 s = __hadd(x, y);
  __nv_bfloat16 p = __hmul(x, y);
  __nv_bfloat16 f = __hfma(x, y, __float2bfloat16(0.5f));
  __nv_bfloat162 v = __floats2bfloat162_rn(a[i], b[i]);
  __nv_bfloat162 w = __hmul2(v, v);
  out[0 * n + i] = __bfloat162float(s);
  out[1 * n + i] = __bfloat162float(p);
  out[2 * n + i] = __bfloat162float(f);
  out[3 * n + i] = __low2float(w) + __high2float(w);
}

int main() {
  const int n = 1024;
  float *a, *b, *out;
  CUDA_CHECK(cudaMallocManaged(&a, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&b, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, 4 * n * sizeof(float)));
  for (int i = 0; i < n; ++i) {
    a[i] = (float)(i % 17 - 8);
    b[i] = (float)((i * 5) % 13 - 6);
  }
  bf16Kernel<<<(n + 255) / 256, 256>>>(a, b, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  bool ok = true;
  double sums[4] = {0};
  for (int i = 0; i < n; ++i) {
    float x = a[i], y = b[i];
    float e[4] = {x + y, x * y, x * y + 0.5f, x * x + y * y};
    for (int k = 0; k < 4; ++k) {
      ok = ok && out[k * n + i] == e[k];
      sums[k] += out[k * n + i];
    }
  }
  printf("bf16 sums: add=%.1f mul=%.1f fma=%.1f sq2=%.1f\n", sums[0], sums[1], sums[2], sums[3]);
  // rounding to bf16: 1 + 2^-9 is not representable and rounds to 1
  float r = __bfloat162float(__float2bfloat16(1.0f + 1.0f / 512.0f));
  printf("bf16(1+2^-9) = %.6f\n", r);
  ok = ok && r == 1.0f;
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  CUDA_CHECK(cudaFree(out));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
