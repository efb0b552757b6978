// kernels.cu -- assignment 2 kernels
#include "utils.h"

#define BLOCK 256

__global__ void saxpy_kernel(float a, const float *__restrict__ x,
                             float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = saxpy_op(a, x[i], y[i]);
}

template <int BLOCK_SIZE>
__global__ void block_sum(const float *in, float *partial, int n) {
  __shared__ float s[BLOCK_SIZE];
  int tid = threadIdx.x;
  int i = blockIdx.x * BLOCK_SIZE * 2 + tid;
  float v = 0.0f;
  if (i < n) v += in[i];
  if (i + BLOCK_SIZE < n) v += in[i + BLOCK_SIZE];
  s[tid] = v;
  __syncthreads();
  for (int stride = BLOCK_SIZE / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = s[0];
}

__global__ void clamp_scale(float *data, int n, float scale) {
  extern __shared__ float tile[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? data[i] * scale : 0.0f;
  __syncthreads();
  if (i < n) data[i] = clampf(tile[threadIdx.x], -1.0f, 1.0f);
}

__global__ void fill(float *data, int n, float value) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    data[i] = value;
}

double gpu_saxpy(float a, const float *x, float *y, int n) {
  float *d_x, *d_y;
  size_t bytes = n * sizeof(float);
  CHECK(cudaMalloc((void **)&d_x, bytes));
  CHECK(cudaMalloc((void **)&d_y, bytes));
  CHECK(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_y, y, bytes, cudaMemcpyHostToDevice));

  CpuTimer timer;
  timer.start();
  LAUNCH(saxpy_kernel, DIV_UP(n, BLOCK), BLOCK, a, d_x, d_y, n);
  CHECK(cudaDeviceSynchronize());
  double ms = timer.stop_ms();

  CHECK(cudaMemcpy(y, d_y, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  return ms;
}

float gpu_sum(const float *x, int n) {
  const int blocks = DIV_UP(n, BLOCK * 2);
  float *d_in, *d_partial;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMalloc(&d_partial, blocks * sizeof(float)));
  CHECK(cudaMemcpy(d_in, x, n * sizeof(float), cudaMemcpyHostToDevice));
  LAUNCH(block_sum<BLOCK>, blocks, BLOCK, d_in, d_partial, n);
  float *partial = (float *)malloc(blocks * sizeof(float));
  CHECK(cudaMemcpy(partial, d_partial, blocks * sizeof(float),
                   cudaMemcpyDeviceToHost));
  float sum = 0.0f;
  for (int b = 0; b < blocks; ++b) sum += partial[b];
  free(partial);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_partial));
  return sum;
}

void gpu_clamp_scale(float *data, int n, float scale) {
  float *d;
  CHECK(cudaMalloc(&d, n * sizeof(float)));
  CHECK(cudaMemcpyAsync(d, data, n * sizeof(float), cudaMemcpyHostToDevice,
                        cudaStreamPerThread));
  LAUNCH_ASYNC(clamp_scale, DIV_UP(n, BLOCK), BLOCK, BLOCK * sizeof(float),
               cudaStreamPerThread, d, n, scale);
  CHECK_LAST_KERNEL();
  fill KERNEL_CONFIG(1, 32)(d, 0, 0.0f);
  CHECK(cudaMemcpyAsync(data, d, n * sizeof(float), cudaMemcpyDeviceToHost,
                        cudaStreamPerThread));
  CHECK(cudaStreamSynchronize(cudaStreamPerThread));
  CHECK(cudaFree(d));
  CHECK(cudaDeviceReset());
}
