// Lesson 2: y = a*x + y in half precision, one element and two elements
// (half2) per thread, checked against a CPU loop that uses the same half
// arithmetic.
#include "common.h"

__global__ void haxpy(int n, half a, const half *x, half *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void haxpy2(int n2, half2 a, const half2 *x, half2 *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) y[i] = __hfma2(a, x[i], y[i]);
}

void haxpy_cpu(int n, half a, const half *x, half *y) {
  for (int i = 0; i < n; ++i) y[i] = __hadd(__hmul(a, x[i]), y[i]);
}

int main() {
  const int n = 1 << 20;
  const half a = __float2half(0.5f);
  half *x = (half *)malloc(n * sizeof(half));
  half *y = (half *)malloc(n * sizeof(half));
  half *ref = (half *)malloc(n * sizeof(half));
  init_half(x, n, 0.125f);
  init_half(y, n, 0.25f);
  init_half(ref, n, 0.25f);
  haxpy_cpu(n, a, x, ref);

  half *d_x, *d_y;
  gpuErrchk(cudaMalloc(&d_x, n * sizeof(half)));
  gpuErrchk(cudaMalloc(&d_y, n * sizeof(half)));
  gpuErrchk(cudaMemcpy(d_x, x, n * sizeof(half), cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemcpy(d_y, y, n * sizeof(half), cudaMemcpyHostToDevice));

  haxpy<<<(n + 255) / 256, 256>>>(n, a, d_x, d_y);
  gpuErrchk(cudaPeekAtLastError());
  gpuErrchk(cudaMemcpy(y, d_y, n * sizeof(half), cudaMemcpyDeviceToHost));
  printf("haxpy:  max diff %g\n", max_diff(y, ref, n));

  // The same with half2: reset y, run on pairs.
  init_half(y, n, 0.25f);
  gpuErrchk(cudaMemcpy(d_y, y, n * sizeof(half), cudaMemcpyHostToDevice));
  haxpy2<<<(n / 2 + 255) / 256, 256>>>(n / 2, __half2half2(a), (const half2 *)d_x, (half2 *)d_y);
  gpuErrchk(cudaPeekAtLastError());
  gpuErrchk(cudaMemcpy(y, d_y, n * sizeof(half), cudaMemcpyDeviceToHost));
  printf("haxpy2: max diff %g\n", max_diff(y, ref, n));

  gpuErrchk(cudaFree(d_x));
  gpuErrchk(cudaFree(d_y));
  free(x);
  free(y);
  free(ref);
  return 0;
}
