// PMPP (4th edition) chapter 7 style: a 2D convolution whose filter lives in
// constant memory (cudaMemcpyToSymbol), tiled with halo cells loaded into
// shared memory (IN_TILE_DIM/OUT_TILE_DIM macros), timed with events; and
// chapter 9's privatised histogram with shared-memory atomics.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define FILTER_RADIUS 2
#define IN_TILE_DIM 32
#define OUT_TILE_DIM ((IN_TILE_DIM) - 2 * (FILTER_RADIUS))
#define NUM_BINS 7

__constant__ float F_c[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

__global__ void convolution_tiled_2D_const_mem_kernel(float *N, float *P, int width, int height) {
  int col = blockIdx.x * OUT_TILE_DIM + threadIdx.x - FILTER_RADIUS;
  int row = blockIdx.y * OUT_TILE_DIM + threadIdx.y - FILTER_RADIUS;
  __shared__ float N_s[IN_TILE_DIM][IN_TILE_DIM];
  if (row >= 0 && row < height && col >= 0 && col < width) {
    N_s[threadIdx.y][threadIdx.x] = N[row * width + col];
  } else {
    N_s[threadIdx.y][threadIdx.x] = 0.0f;
  }
  __syncthreads();
  int tileCol = threadIdx.x - FILTER_RADIUS;
  int tileRow = threadIdx.y - FILTER_RADIUS;
  if (col >= 0 && col < width && row >= 0 && row < height) {
    if (tileCol >= 0 && tileCol < OUT_TILE_DIM && tileRow >= 0 && tileRow < OUT_TILE_DIM) {
      float Pvalue = 0.0f;
      for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++)
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++)
          Pvalue += F_c[fRow][fCol] * N_s[tileRow + fRow][tileCol + fCol];
      P[row * width + col] = Pvalue;
    }
  }
}

__global__ void histo_private_kernel(char *data, unsigned int length, unsigned int *histo) {
  __shared__ unsigned int histo_s[NUM_BINS];
  for (unsigned int bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) histo_s[bin] = 0u;
  __syncthreads();
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (; i < length; i += blockDim.x * gridDim.x) {
    int alphabet_position = data[i] - 'a';
    if (alphabet_position >= 0 && alphabet_position < 26) atomicAdd(&histo_s[alphabet_position / 4], 1);
  }
  __syncthreads();
  for (unsigned int bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) {
    unsigned int binValue = histo_s[bin];
    if (binValue > 0) atomicAdd(&histo[bin], binValue);
  }
}

int main() {
  const int width = 1024, height = 768;
  float F_h[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];
  for (int i = 0; i < 2 * FILTER_RADIUS + 1; ++i)
    for (int j = 0; j < 2 * FILTER_RADIUS + 1; ++j) F_h[i][j] = 1.0f / 25.0f;
  cudaMemcpyToSymbol(F_c, F_h, sizeof(F_h));
  float *N_d, *P_d;
  cudaMalloc((void **)&N_d, width * height * sizeof(float));
  cudaMalloc((void **)&P_d, width * height * sizeof(float));
  cudaMemset(N_d, 0, width * height * sizeof(float));
  dim3 dimBlock(IN_TILE_DIM, IN_TILE_DIM, 1);
  dim3 dimGrid((width + OUT_TILE_DIM - 1) / OUT_TILE_DIM, (height + OUT_TILE_DIM - 1) / OUT_TILE_DIM, 1);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  convolution_tiled_2D_const_mem_kernel<<<dimGrid, dimBlock>>>(N_d, P_d, width, height);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  printf("convolution: %.3f ms\n", ms);

  const char text[] = "programming massively parallel processors";
  char *data_d;
  unsigned int *histo_d, histo_h[NUM_BINS];
  cudaMalloc(&data_d, sizeof(text));
  cudaMalloc(&histo_d, sizeof(histo_h));
  cudaMemcpy(data_d, text, sizeof(text), cudaMemcpyHostToDevice);
  cudaMemset(histo_d, 0, sizeof(histo_h));
  histo_private_kernel<<<1, 128>>>(data_d, sizeof(text) - 1, histo_d);
  cudaMemcpy(histo_h, histo_d, sizeof(histo_h), cudaMemcpyDeviceToHost);
  for (int b = 0; b < NUM_BINS; ++b) printf("bin %d: %u\n", b, histo_h[b]);
  cudaFree(N_d);
  cudaFree(P_d);
  cudaFree(data_d);
  cudaFree(histo_d);
  return 0;
}
