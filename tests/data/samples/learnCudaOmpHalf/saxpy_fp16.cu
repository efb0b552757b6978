// Chapter 4: mixed precision. A half2 SAXPY with __hfma2, a float
// accumulation of half products, and the FP32 reference.
#include "util.cuh"

__global__ void hsaxpy_kernel(int n2, half a, const half2 *__restrict__ x, half2 *__restrict__ y) {
  const half2 a2 = __half2half2(a);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += blockDim.x * gridDim.x)
    y[i] = __hfma2(a2, x[i], y[i]);
}

__global__ void hdot_kernel(int n2, const half2 *x, const half2 *y, float *result) {
  __shared__ float partial[BLOCK_DIM];
  float sum = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += blockDim.x * gridDim.x) {
    float2 p = __half22float2(__hmul2(x[i], y[i]));
    sum += p.x + p.y;
  }
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(result, partial[0]);
}

__global__ void saxpy_kernel(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = fmaf(a, x[i], y[i]);
}

float run_fp16(int n, cudaStream_t stream) {
  const int n2 = n / 2;
  half2 *x, *y;
  float *d_dot;
  checkCudaErrors(cudaMallocAsync((void **)&x, n2 * sizeof(half2), stream));
  checkCudaErrors(cudaMallocAsync((void **)&y, n2 * sizeof(half2), stream));
  checkCudaErrors(cudaMallocAsync((void **)&d_dot, sizeof(float), stream));
  checkCudaErrors(cudaMemsetAsync(d_dot, 0, sizeof(float), stream));
  const int grid = (n2 + BLOCK_DIM - 1) / BLOCK_DIM;
  fill_kernel<half2><<<grid, BLOCK_DIM, 0, stream>>>(x, n2, 1.0f);
  fill_kernel<half2><<<grid, BLOCK_DIM, 0, stream>>>(y, n2, 0.5f);
  hsaxpy_kernel<<<grid, BLOCK_DIM, 0, stream>>>(n2, __float2half(2.0f), x, y);
  hdot_kernel<<<grid, BLOCK_DIM, 0, stream>>>(n2, x, y, d_dot);
  float dot = 0.f;
  checkCudaErrors(cudaMemcpyAsync(&dot, d_dot, sizeof(float), cudaMemcpyDeviceToHost, stream));
  checkCudaErrors(cudaFreeAsync(x, stream));
  checkCudaErrors(cudaFreeAsync(y, stream));
  checkCudaErrors(cudaFreeAsync(d_dot, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));
  return dot;
}

void run_fp32(int n, float *x, float *y, cudaStream_t stream) {
  fill_kernel<float><<<(n + BLOCK_DIM - 1) / BLOCK_DIM, BLOCK_DIM, 0, stream>>>(x, n, 1.0f);
  fill_kernel<float><<<(n + BLOCK_DIM - 1) / BLOCK_DIM, BLOCK_DIM, 0, stream>>>(y, n, 0.5f);
  saxpy_kernel<<<(n + BLOCK_DIM - 1) / BLOCK_DIM, BLOCK_DIM, 0, stream>>>(n, 2.0f, x, y);
}
