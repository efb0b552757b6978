// Lesson 3: a dot product accumulated in float on the GPU (half inputs),
// against a CPU sum in half and one in float, to show the rounding.
#include "common.h"

__global__ void hdot(int n, const half *x, const half *y, float *out) {
  __shared__ float partial[256];
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += __half2float(x[i]) * __half2float(y[i]);
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, partial[0]);
}

int main() {
  const int n = 4096;
  half *x = (half *)malloc(n * sizeof(half));
  half *y = (half *)malloc(n * sizeof(half));
  init_half(x, n, 1.0f / 64);
  init_half(y, n, 1.0f / 32);

  half sum_half = __float2half(0.0f);
  float sum_float = 0.0f;
  for (int i = 0; i < n; ++i) {
    sum_half += x[i] * y[i];
    sum_float += __half2float(x[i]) * __half2float(y[i]);
  }

  half *d_x, *d_y;
  float *d_out, gpu = 0.0f;
  gpuErrchk(cudaMalloc(&d_x, n * sizeof(half)));
  gpuErrchk(cudaMalloc(&d_y, n * sizeof(half)));
  gpuErrchk(cudaMalloc(&d_out, sizeof(float)));
  gpuErrchk(cudaMemcpy(d_x, x, n * sizeof(half), cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemcpy(d_y, y, n * sizeof(half), cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemset(d_out, 0, sizeof(float)));
  hdot<<<16, 256>>>(n, d_x, d_y, d_out);
  gpuErrchk(cudaGetLastError());
  gpuErrchk(cudaMemcpy(&gpu, d_out, sizeof(float), cudaMemcpyDeviceToHost));

  printf("gpu %f, cpu float %f, cpu half %f\n", gpu, sum_float, __half2float(sum_half));
  gpuErrchk(cudaFree(d_x));
  gpuErrchk(cudaFree(d_y));
  gpuErrchk(cudaFree(d_out));
  free(x);
  free(y);
  return std::fabs(gpu - sum_float) < 1e-2f * std::fabs(sum_float) ? 0 : 1;
}
