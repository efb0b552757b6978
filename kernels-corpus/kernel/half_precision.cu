// corpus: kernel; half precision (cuda_fp16.h): __half/__half2 conversions and arithmetic (__hadd, __hmul, __hfma, __hadd2, __hmul2)
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
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

// All inputs are small multiples of 1/4 so every result is exact in fp16.
__global__ void halfKernel(const float* a, const float* b, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half ha = __float2half(a[i]);
  __half hb = __float2half(b[i]);
  __half sum = __hadd(ha, hb);
  __half prod = __hmul(ha, hb);
  __half fma = __hfma(ha, hb, __float2half(1.0f));
  __half2 pair = __floats2half2_rn(a[i], b[i]);
  __half2 twice = __hadd2(pair, pair);
  __half2 sq = __hmul2(pair, pair);
  out[0 * n + i] = __half2float(sum);
  out[1 * n + i] = __half2float(prod);
  out[2 * n + i] = __half2float(fma);
  out[3 * n + i] = __low2float(twice) + __high2float(twice);
  out[4 * n + i] = __low2float(sq) - __high2float(sq);
  out[5 * n + i] = __hlt(ha, hb) ? 1.0f : 0.0f;
}

int main() {
  const int n = 512;
  float *a, *b, *out;
  CUDA_CHECK(cudaMallocManaged(&a, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&b, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, 6 * n * sizeof(float)));
  for (int i = 0; i < n; ++i) {
    a[i] = (float)(i % 32) * 0.25f - 4.0f;
    b[i] = (float)(i % 9) * 0.5f - 2.0f;
  }
  halfKernel<<<n / 128, 128>>>(a, b, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  bool ok = true;
  double sums[6] = {0};
  for (int i = 0; i < n; ++i) {
    float x = a[i], y = b[i];
    float e[6] = {x + y, x * y, x * y + 1.0f, 2 * x + 2 * y, x * x - y * y, x < y ? 1.0f : 0.0f};
    for (int k = 0; k < 6; ++k) {
      if (out[k * n + i] != e[k]) ok = false;
      sums[k] += out[k * n + i];
    }
  }
  printf("sum(a+b)=%.2f sum(a*b)=%.2f sum(fma)=%.2f\n", sums[0], sums[1], sums[2]);
  printf("sum(half2 2a+2b)=%.2f sum(a^2-b^2)=%.2f count(a<b)=%.0f\n", sums[3], sums[4], sums[5]);
  // host-side conversions exist as well
  __half h = __float2half(3.140625f);
  printf("host round trip 3.140625 -> %.6f\n", __half2float(h));
  ok = ok && __half2float(h) == 3.140625f;
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  CUDA_CHECK(cudaFree(out));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
