/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 *
 * In the style of cuda-samples' newdelete: objects created on the device
 * heap with new and delete (the heap sized by cudaDeviceSetLimit), a
 * container created in one kernel and used in the next through a
 * __device__ pointer, placement new into shared memory, and a class
 * hierarchy with virtual functions.
 */
#include <cstdio>
#include <cstdlib>
#include <new>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>
#include "container.hpp"

////////////////////////////////////////////////////////////////////////////////
//
// Kernels to allocate and instanciate Container objects on the device heap
//
////////////////////////////////////////////////////////////////////////////////

__global__ void vectorCreate(Container<int> **g_container, int max_size) {
  // The Vector object and the data storage are allocated in device heap memory.
  // This makes it persistent for the lifetime of the CUDA context.
  // The grid has only one thread as only a single object instance is needed.

  *g_container = new Vector<int>(max_size);
}

////////////////////////////////////////////////////////////////////////////////
//
// Kernels to fill and consume shared Container objects.
//
////////////////////////////////////////////////////////////////////////////////

__global__ void containerFill(Container<int> **g_container) {
  // All threads of the grid cooperatively populate the shared Container object
  // with data.
  if (threadIdx.x == 0) {
    (*g_container)->push(blockIdx.x);
  }
}

__global__ void containerConsume(Container<int> **g_container, int *d_result) {
  // All threads of the grid cooperatively consume the data from the shared
  // Container object.
  int idx = blockIdx.x * blockDim.x + threadIdx.x;

  int v;

  if ((*g_container)->pop(v)) {
    d_result[idx] = v;
  } else {
    d_result[idx] = -1;
  }
}

////////////////////////////////////////////////////////////////////////////////
//
// Kernel to delete shared Container objects.
//
////////////////////////////////////////////////////////////////////////////////

__global__ void containerDelete(Container<int> **g_container) { delete *g_container; }

///////////////////////////////////////////////////////////////////////////////////////////
//
// Kernels to using of placement new to put shared Vector objects and data in
// shared memory
//
///////////////////////////////////////////////////////////////////////////////////////////

__global__ void placementNew(int *d_result) {
  __shared__ unsigned char __align__(8) s_buffer[sizeof(Vector<int>)];
  __shared__ int __align__(8) s_data[1024];
  __shared__ Vector<int> *s_vector;

  // The first thread of the block initializes the shared Vector object.
  // The placement new operator enables the Vector object and the data array top
  // be placed in shared memory.
  if (threadIdx.x == 0) {
    s_vector = new (s_buffer) Vector<int>(1024, s_data);
  }

  __syncthreads();

  if ((threadIdx.x & 1) == 0) {
    s_vector->push(threadIdx.x >> 1);
  }

  // Need to sync as the vector implementation does not support concurrent
  // push/pop operations.
  __syncthreads();

  int v;

  if (s_vector->pop(v)) {
    d_result[threadIdx.x] = v;
  } else {
    d_result[threadIdx.x] = -1;
  }

  // Note: deleting objects placed in shared memory is not necessary (lifetime
  // of shared memory is that of the block)
}

struct ComplexType_t {
  int a;
  int b;
  float c;
  float d;
};

__global__ void complexVector(int *d_result) {
  __shared__ unsigned char __align__(8) s_buffer[sizeof(Vector<ComplexType_t>)];
  __shared__ ComplexType_t __align__(8) s_data[1024];
  __shared__ Vector<ComplexType_t> *s_vector;

  // The first thread of the block initializes the shared Vector object.
  // The placement new operator enables the Vector object and the data array top
  // be placed in shared memory.
  if (threadIdx.x == 0) {
    s_vector = new (s_buffer) Vector<ComplexType_t>(1024, s_data);
  }

  __syncthreads();

  if ((threadIdx.x & 1) == 0) {
    ComplexType_t data;
    data.a = threadIdx.x >> 1;
    data.b = blockIdx.x;
    data.c = threadIdx.x / (float)(blockDim.x);
    data.d = blockIdx.x / (float)(gridDim.x);

    s_vector->push(data);
  }

  __syncthreads();

  ComplexType_t v;

  if (s_vector->pop(v)) {
    d_result[blockIdx.x * blockDim.x + threadIdx.x] = v.a;
  } else {
    d_result[blockIdx.x * blockDim.x + threadIdx.x] = -1;
  }
}

///////////////////////////////////////////////////////////////////////////////////////////
//
// Host code
//
///////////////////////////////////////////////////////////////////////////////////////////

bool checkResult(int *d_result, int N) {
  std::vector<int> h_result;
  h_result.resize(N);

  checkCudaErrors(cudaMemcpy(&h_result[0], d_result, N * sizeof(int), cudaMemcpyDeviceToHost));
  std::sort(h_result.begin(), h_result.end());

  bool success = true;
  bool test = false;

  int value = 0;

  for (int i = 0; i < N; ++i) {
    if (h_result[i] != -1) {
      test = true;
    }

    if (test && (value++) != h_result[i]) {
      success = false;
    }
  }

  return success;
}

bool testContainer(Container<int> **d_container, int blockSize, int numBlocks, int *d_result) {
  containerFill<<<numBlocks, blockSize>>>(d_container);
  containerConsume<<<numBlocks, blockSize>>>(d_container, d_result);
  containerDelete<<<1, 1>>>(d_container);
  checkCudaErrors(cudaDeviceSynchronize());

  return checkResult(d_result, numBlocks * blockSize);
}

bool testPlacementNew(int threads) {
  int *d_result;
  checkCudaErrors(cudaMalloc((void **)&d_result, threads * sizeof(int)));

  placementNew<<<1, threads>>>(d_result);
  checkCudaErrors(cudaDeviceSynchronize());

  bool result = checkResult(d_result, threads);
  checkCudaErrors(cudaFree(d_result));
  return result;
}

bool testComplexType(int threads) {
  int *d_result;
  checkCudaErrors(cudaMalloc((void **)&d_result, threads * sizeof(int)));

  complexVector<<<1, threads>>>(d_result);
  checkCudaErrors(cudaDeviceSynchronize());

  bool result = checkResult(d_result, threads);
  checkCudaErrors(cudaFree(d_result));
  return result;
}

int main(int argc, char **argv) {
  printf("%s Starting...\n\n", argv[0]);

  findCudaDevice(argc, (const char **)argv);

  // set the heap size for device size new/delete to 128 MB
  checkCudaErrors(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 128 * (1 << 20)));

  Container<int> **d_container;
  checkCudaErrors(cudaMalloc((void **)&d_container, sizeof(Container<int> **)));

  bool bTest = false;
  int *d_result;
  int numBlocks = 128;
  int blockSize = 128;
  checkCudaErrors(cudaMalloc((void **)&d_result, blockSize * numBlocks * sizeof(int)));

  printf(" > Container = Vector test ");
  vectorCreate<<<1, 1>>>(d_container, numBlocks * blockSize);
  bTest = testContainer(d_container, blockSize, numBlocks, d_result);
  printf(bTest ? "OK\n\n" : "NOT OK\n\n");

  checkCudaErrors(cudaFree(d_result));
  checkCudaErrors(cudaFree(d_container));

  printf(" > Container = Vector, using placement new on SMEM buffer test ");
  bTest = testPlacementNew(1024);
  printf(bTest ? "OK\n\n" : "NOT OK\n\n");

  printf(" > Container = Vector, with user defined datatype test ");
  bTest = testComplexType(1024);
  printf(bTest ? "OK\n\n" : "NOT OK\n\n");

  printf("Test Summary: %d/%d succesfully run\n", 3, 3);
  exit(EXIT_SUCCESS);
}
