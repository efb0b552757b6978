// The OLCF/NERSC CUDA Training Series homework 5: a sum by atomics alone, a
// classic shared-memory sweep finished by atomicAdd, a warp-shuffle
// reduction, and a max reduction in two launches.
#include <cstdio>
#include <cfloat>

// error checking macro
#define cudaCheckErrors(msg)                                   \
  do {                                                         \
    cudaError_t __err = cudaGetLastError();                    \
    if (__err != cudaSuccess) {                                \
      fprintf(stderr, "Fatal error: %s (%s at %s:%d)\n",       \
              msg, cudaGetErrorString(__err),                  \
              __FILE__, __LINE__);                             \
      fprintf(stderr, "*** FAILED - ABORTING\n");              \
      exit(1);                                                 \
    }                                                          \
  } while (0)

const size_t N = 8ULL * 1024ULL * 1024ULL;  // data size
const int BLOCK_SIZE = 256;                 // CUDA maximum is 1024

__global__ void atomic_red(const float *gdata, float *out) {
  size_t idx = threadIdx.x + blockDim.x * blockIdx.x;
  if (idx < N) atomicAdd(out, gdata[idx]);
}

__global__ void reduce_a(float *gdata, float *out) {
  __shared__ float sdata[BLOCK_SIZE];
  int tid = threadIdx.x;
  sdata[tid] = 0.0f;
  size_t idx = threadIdx.x + blockDim.x * blockIdx.x;
  while (idx < N) {  // grid stride loop to load data
    sdata[tid] += gdata[idx];
    idx += gridDim.x * blockDim.x;
  }
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    __syncthreads();
    if (tid < s) sdata[tid] += sdata[tid + s];
  }
  if (tid == 0) atomicAdd(out, sdata[0]);
}

__global__ void reduce_ws(float *gdata, float *out) {
  __shared__ float sdata[32];
  int tid = threadIdx.x;
  size_t idx = threadIdx.x + blockDim.x * blockIdx.x;
  float val = 0.0f;
  unsigned mask = 0xFFFFFFFFU;
  int lane = threadIdx.x % warpSize;
  int warpID = threadIdx.x / warpSize;
  while (idx < N) {  // grid stride loop to load
    val += gdata[idx];
    idx += gridDim.x * blockDim.x;
  }
  // 1st warp-shuffle reduction
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) val += __shfl_down_sync(mask, val, offset);
  if (lane == 0) sdata[warpID] = val;
  __syncthreads();  // put warp results in shared mem
  // hereafter, just warp 0
  if (warpID == 0) {
    // reload val from shared mem if warp existed
    val = (tid < blockDim.x / warpSize) ? sdata[lane] : 0;
    // final warp-shuffle reduction
    for (int offset = warpSize / 2; offset > 0; offset >>= 1) val += __shfl_down_sync(mask, val, offset);
    if (tid == 0) atomicAdd(out, val);
  }
}

__global__ void reduce_max(const float *gdata, float *out, size_t n) {
  __shared__ float sdata[BLOCK_SIZE];
  int tid = threadIdx.x;
  sdata[tid] = -FLT_MAX;
  size_t idx = threadIdx.x + blockDim.x * blockIdx.x;
  while (idx < n) {
    sdata[tid] = max(gdata[idx], sdata[tid]);
    idx += gridDim.x * blockDim.x;
  }
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    __syncthreads();
    if (tid < s) sdata[tid] = max(sdata[tid], sdata[tid + s]);
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

int main() {
  float *h_A, *h_sum, *d_A, *d_sum, *d_maxes;
  const int blocks = 640;
  h_A = new float[N];
  h_sum = new float;
  for (size_t i = 0; i < N; i++) h_A[i] = 1.0f;
  h_A[N / 3] = 7.0f;
  cudaMalloc(&d_A, N * sizeof(float));
  cudaMalloc(&d_sum, sizeof(float));
  cudaMalloc(&d_maxes, blocks * sizeof(float));
  cudaCheckErrors("cudaMalloc failure");
  cudaMemcpy(d_A, h_A, N * sizeof(float), cudaMemcpyHostToDevice);
  cudaCheckErrors("cudaMemcpy H2D failure");

  cudaMemset(d_sum, 0, sizeof(float));
  cudaCheckErrors("cudaMemset failure");
  atomic_red<<<(N + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_sum);
  cudaCheckErrors("atomic reduction kernel launch failure");
  cudaMemcpy(h_sum, d_sum, sizeof(float), cudaMemcpyDeviceToHost);
  printf("atomic sum reduction: %f\n", *h_sum);

  cudaMemset(d_sum, 0, sizeof(float));
  reduce_a<<<blocks, BLOCK_SIZE>>>(d_A, d_sum);
  cudaCheckErrors("reduction w/atomic kernel launch failure");
  cudaMemcpy(h_sum, d_sum, sizeof(float), cudaMemcpyDeviceToHost);
  printf("reduction w/atomic sum: %f\n", *h_sum);

  cudaMemset(d_sum, 0, sizeof(float));
  reduce_ws<<<blocks, BLOCK_SIZE>>>(d_A, d_sum);
  cudaCheckErrors("reduction warp shuffle kernel launch failure");
  cudaMemcpy(h_sum, d_sum, sizeof(float), cudaMemcpyDeviceToHost);
  printf("reduction warp shuffle sum: %f\n", *h_sum);

  reduce_max<<<blocks, BLOCK_SIZE>>>(d_A, d_maxes, N);
  reduce_max<<<1, BLOCK_SIZE>>>(d_maxes, d_sum, blocks);
  cudaCheckErrors("max reduction kernel launch failure");
  cudaMemcpy(h_sum, d_sum, sizeof(float), cudaMemcpyDeviceToHost);
  printf("reduction output: %f, expected: %f\n", *h_sum, 7.0f);
  return 0;
}
