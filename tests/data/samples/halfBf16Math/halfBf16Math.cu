// Mixed precision arithmetic: __half/__half2 and __nv_bfloat16/__nv_bfloat162
// dot products and activations with the cuda_fp16.h / cuda_bf16.h
// intrinsics, as mixed-precision tutorials write them.

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <helper_cuda.h>

__global__ void halfDot(const __half2 *a, const __half2 *b, float *out, int n2) {
  __half2 acc = __float2half2_rn(0.0f);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2;
       i += blockDim.x * gridDim.x) {
    acc = __hfma2(a[i], b[i], acc);
  }
  float s = __low2float(acc) + __high2float(acc);
  for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffff, s, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, s);
}

__global__ void halfActivations(__half *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half v = x[i];
  const __half zero = __float2half(0.0f);
  // ReLU, then a clamped GELU-ish curve with half intrinsics
  v = __hgt(v, zero) ? v : zero;
  __half t = hexp(__hneg(v));
  v = __hdiv(v, __hadd(__float2half(1.0f), t));
  v = __hmin(__hmax(v, __float2half(-6.0f)), __float2half(6.0f));
  x[i] = hsqrt(__habs(v));
}

__global__ void half2Scale(__half2 *x, float alpha, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) {
    __half2 a = __floats2half2_rn(alpha, alpha);
    __half2 v = __hmul2(x[i], a);
    v = __hadd2(v, __halves2half2(__ushort_as_half(0), __ushort_as_half(0)));
    x[i] = h2rcp(__hmax2(v, __float2half2_rn(1e-3f)));
  }
}

__global__ void bf16Axpy(const __nv_bfloat16 *x, __nv_bfloat16 *y, float a,
                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float r = a * __bfloat162float(x[i]) + __bfloat162float(y[i]);
    y[i] = __float2bfloat16(r);
  }
}

__global__ void bf162Mul(const __nv_bfloat162 *x, __nv_bfloat162 *y, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) {
    __nv_bfloat162 p = __hmul2(x[i], y[i]);
    y[i] = __hfma2(p, x[i], __float2bfloat162_rn(0.5f));
  }
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = 1 << 20;
  __half *h = (__half *)malloc(n * sizeof(__half));
  __nv_bfloat16 *hb = (__nv_bfloat16 *)malloc(n * sizeof(__nv_bfloat16));
  for (int i = 0; i < n; ++i) {
    h[i] = __float2half((i % 100) / 100.0f);
    hb[i] = __float2bfloat16((i % 50) / 50.0f);
  }
  __half *d_a, *d_b;
  __nv_bfloat16 *d_x, *d_y;
  float *d_out;
  checkCudaErrors(cudaMalloc(&d_a, n * sizeof(__half)));
  checkCudaErrors(cudaMalloc(&d_b, n * sizeof(__half)));
  checkCudaErrors(cudaMalloc(&d_x, n * sizeof(__nv_bfloat16)));
  checkCudaErrors(cudaMalloc(&d_y, n * sizeof(__nv_bfloat16)));
  checkCudaErrors(cudaMalloc(&d_out, sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_a, h, n * sizeof(__half), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_b, h, n * sizeof(__half), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_x, hb, n * sizeof(__nv_bfloat16), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_y, hb, n * sizeof(__nv_bfloat16), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_out, 0, sizeof(float)));

  halfDot<<<128, 256>>>((const __half2 *)d_a, (const __half2 *)d_b, d_out, n / 2);
  halfActivations<<<n / 256, 256>>>(d_a, n);
  half2Scale<<<n / 512, 256>>>((__half2 *)d_b, 0.5f, n / 2);
  bf16Axpy<<<n / 256, 256>>>(d_x, d_y, 2.0f, n);
  bf162Mul<<<n / 512, 256>>>((const __nv_bfloat162 *)d_x, (__nv_bfloat162 *)d_y, n / 2);
  getLastCudaError("kernels failed");

  float dot = 0;
  checkCudaErrors(cudaMemcpy(&dot, d_out, sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(hb, d_y, n * sizeof(__nv_bfloat16), cudaMemcpyDeviceToHost));
  printf("dot = %f, y[1] = %f\n", dot, __bfloat162float(hb[1]));

  checkCudaErrors(cudaFree(d_a));
  checkCudaErrors(cudaFree(d_b));
  checkCudaErrors(cudaFree(d_x));
  checkCudaErrors(cudaFree(d_y));
  checkCudaErrors(cudaFree(d_out));
  free(h);
  free(hb);
  return 0;
}
