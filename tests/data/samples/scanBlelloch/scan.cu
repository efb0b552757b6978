/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// A thrust-free exclusive scan of any length (GPU Gems 3, ch. 39): a
// work-efficient Blelloch scan per block in shared memory with bank-conflict
// padding, block sums scanned recursively, then added back; and a warp
// variant with __shfl_up_sync over a 32-lane warp.
#include <stdio.h>
#include <stdlib.h>
#include <vector>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include "sharedmem.cuh"

#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#define BLOCK_SIZE 256
#define WARP_SZ 32

template <typename T>
__global__ void prescan(T *g_odata, const T *g_idata, T *g_sums, int n) {
  SharedMemory<T> smem;
  T *temp = smem.getPointer();
  int thid = threadIdx.x;
  int base = blockIdx.x * (BLOCK_SIZE * 2);
  int ai = thid, bi = thid + BLOCK_SIZE;
  int bankOffsetA = CONFLICT_FREE_OFFSET(ai), bankOffsetB = CONFLICT_FREE_OFFSET(bi);
  temp[ai + bankOffsetA] = base + ai < n ? g_idata[base + ai] : T(0);
  temp[bi + bankOffsetB] = base + bi < n ? g_idata[base + bi] : T(0);

  int offset = 1;
  for (int d = BLOCK_SIZE; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      temp[b] += temp[a];
    }
    offset *= 2;
  }
  if (thid == 0) {
    int last = 2 * BLOCK_SIZE - 1 + CONFLICT_FREE_OFFSET(2 * BLOCK_SIZE - 1);
    if (g_sums) g_sums[blockIdx.x] = temp[last];
    temp[last] = 0;
  }
  for (int d = 1; d < 2 * BLOCK_SIZE; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      T t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  __syncthreads();
  if (base + ai < n) g_odata[base + ai] = temp[ai + bankOffsetA];
  if (base + bi < n) g_odata[base + bi] = temp[bi + bankOffsetB];
}

template <typename T>
__global__ void uniformAdd(T *g_data, const T *uniforms, int n) {
  __shared__ T uni;
  if (threadIdx.x == 0) uni = uniforms[blockIdx.x];
  __syncthreads();
  int i = blockIdx.x * (BLOCK_SIZE * 2) + threadIdx.x;
  if (i < n) g_data[i] += uni;
  if (i + BLOCK_SIZE < n) g_data[i + BLOCK_SIZE] += uni;
}

// Inclusive scan of one 32-lane warp's values.
__global__ void warpScan(int *data) {
  int lane = threadIdx.x % WARP_SZ;
  int v = data[threadIdx.x];
  for (int i = 1; i < WARP_SZ; i *= 2) {
    int n = __shfl_up_sync(0xffffffff, v, i, WARP_SZ);
    if (lane >= i) v += n;
  }
  data[threadIdx.x] = v;
}

template <typename T>
void scanRecursive(T *d_out, const T *d_in, int n) {
  int blocks = (n + 2 * BLOCK_SIZE - 1) / (2 * BLOCK_SIZE);
  size_t smem = (2 * BLOCK_SIZE + CONFLICT_FREE_OFFSET(2 * BLOCK_SIZE)) * sizeof(T);
  if (blocks == 1) {
    prescan<T><<<1, BLOCK_SIZE, smem>>>(d_out, d_in, (T *)NULL, n);
    getLastCudaError("prescan failed");
    return;
  }
  T *d_sums, *d_incr;
  checkCudaErrors(cudaMalloc((void **)&d_sums, blocks * sizeof(T)));
  checkCudaErrors(cudaMalloc((void **)&d_incr, blocks * sizeof(T)));
  prescan<T><<<blocks, BLOCK_SIZE, smem>>>(d_out, d_in, d_sums, n);
  getLastCudaError("prescan failed");
  scanRecursive(d_incr, d_sums, blocks);
  uniformAdd<T><<<blocks, BLOCK_SIZE>>>(d_out, d_incr, n);
  getLastCudaError("uniformAdd failed");
  checkCudaErrors(cudaFree(d_sums));
  checkCudaErrors(cudaFree(d_incr));
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = 1 << 20;
  std::vector<unsigned int> h(n, 1u), out(n);
  unsigned int *d_in, *d_out;
  checkCudaErrors(cudaMalloc((void **)&d_in, n * sizeof(unsigned int)));
  checkCudaErrors(cudaMalloc((void **)&d_out, n * sizeof(unsigned int)));
  checkCudaErrors(cudaMemcpy(d_in, h.data(), n * sizeof(unsigned int), cudaMemcpyHostToDevice));
  scanRecursive(d_out, d_in, n);
  checkCudaErrors(cudaMemcpy(out.data(), d_out, n * sizeof(unsigned int), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++) ok &= out[i] == (unsigned int)i;

  int *d_warp;
  checkCudaErrors(cudaMalloc((void **)&d_warp, WARP_SZ * sizeof(int)));
  checkCudaErrors(cudaMemset(d_warp, 0, WARP_SZ * sizeof(int)));
  warpScan<<<1, WARP_SZ>>>(d_warp);
  checkCudaErrors(cudaDeviceSynchronize());
  printf("scan %s\n", ok ? "PASSED" : "FAILED");
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFree(d_warp));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
