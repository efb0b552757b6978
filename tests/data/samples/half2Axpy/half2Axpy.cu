// Mixed-precision AXPY and dot product on packed __half2 (after the NVIDIA
// developer blog "Mixed-Precision Programming with CUDA 8"): two halves per
// thread, float accumulation, and host-side conversions.

#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_fp16.h>
#include "helper_cuda.h"

__global__ void haxpy(int n, __half a, const __half *x, __half *y) {
  int start = threadIdx.x + blockDim.x * blockIdx.x;
  int stride = blockDim.x * gridDim.x;
  int n2 = n / 2;
  const __half2 *x2 = reinterpret_cast<const __half2 *>(x);
  __half2 *y2 = reinterpret_cast<__half2 *>(y);
  __half2 a2 = __halves2half2(a, a);
  for (int i = start; i < n2; i += stride) y2[i] = __hfma2(a2, x2[i], y2[i]);
  // first thread handles the odd tail
  if (start == 0 && (n % 2)) y[n - 1] = __hfma(a, x[n - 1], y[n - 1]);
}

__global__ void hdot(int n, const __half2 *x, const __half2 *y, float *result) {
  __shared__ float partial[256];
  float sum = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 2; i += blockDim.x * gridDim.x) {
    __half2 p = __hmul2(x[i], y[i]);
    float2 f = __half22float2(p);
    sum += f.x + f.y;
  }
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(result, partial[0]);
}

__global__ void hscale(int n, __half2 *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 2) {
    float2 f = make_float2(__low2float(v[i]), __high2float(v[i]));
    __half2 h = __float22half2_rn(make_float2(sqrtf(fabsf(f.x)), sqrtf(fabsf(f.y))));
    h = __hmax2(h, __float2half2_rn(0.125f));
    if (__hbeq2(__hisnan2(h), __float2half2_rn(0.f))) v[i] = __h2div(h, __float2half2_rn(2.f));
    else v[i] = h2sqrt(h);
  }
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = 100001;
  __half *hx = (__half *)malloc(n * sizeof(__half));
  __half *hy = (__half *)malloc(n * sizeof(__half));
  for (int i = 0; i < n; ++i) {
    hx[i] = __float2half(1.0f);
    hy[i] = __float2half((float)(i % 5));
  }
  __half *dx, *dy;
  float *dresult, result = 0.f;
  checkCudaErrors(cudaMalloc((void **)&dx, n * sizeof(__half)));
  checkCudaErrors(cudaMalloc((void **)&dy, n * sizeof(__half)));
  checkCudaErrors(cudaMalloc((void **)&dresult, sizeof(float)));
  checkCudaErrors(cudaMemcpy(dx, hx, n * sizeof(__half), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dy, hy, n * sizeof(__half), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(dresult, 0, sizeof(float)));

  haxpy<<<128, 256>>>(n, __float2half(2.0f), dx, dy);
  hdot<<<128, 256>>>(n, (const __half2 *)dx, (const __half2 *)dy, dresult);
  hscale<<<(n / 2 + 255) / 256, 256>>>(n, (__half2 *)dy);
  getLastCudaError("half kernels failed");
  checkCudaErrors(cudaMemcpy(&result, dresult, sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(hy, dy, n * sizeof(__half), cudaMemcpyDeviceToHost));
  printf("dot = %f, y[7] = %f\n", result, __half2float(hy[7]));

  checkCudaErrors(cudaFree(dx));
  checkCudaErrors(cudaFree(dy));
  checkCudaErrors(cudaFree(dresult));
  free(hx);
  free(hy);
  return 0;
}
