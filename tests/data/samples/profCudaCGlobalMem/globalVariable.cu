// Professional CUDA C Programming, chapter 4: a statically declared global
// variable set with cudaMemcpyToSymbol and through the address
// cudaGetSymbolAddress gives, zero-copy sums through cudaHostGetDevicePointer,
// a misaligned read with an offset, and the AoS/SoA layouts.
#include "../Common/common.h"
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__device__ float devData;
__device__ float devArray[256];

#define LEN (1 << 16)

struct innerStruct {
  float x;
  float y;
};

struct innerArray {
  float x[LEN];
  float y[LEN];
};

__global__ void checkGlobalVariable() {
  printf("Device: the value of the global variable is %f\n", devData);
  devData += 2.0f;
}

__global__ void sumArraysZeroCopy(float *A, float *B, float *C, const int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}

__global__ void readOffset(float *A, float *B, float *C, const int n, int offset) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int k = i + offset;
  if (k < n) C[i] = A[k] + B[k];
}

__global__ void testInnerStruct(innerStruct *data, innerStruct *result, const int n) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    innerStruct tmp = data[i];
    tmp.x += 10.f;
    tmp.y += 20.f;
    result[i] = tmp;
  }
}

__global__ void testInnerArray(innerArray *data, innerArray *result, const int n) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    result->x[i] = data->x[i] + 10.f;
    result->y[i] = data->y[i] + 20.f;
  }
}

void initialData(float *ip, int size) {
  for (int i = 0; i < size; i++) ip[i] = (float)(rand() & 0xFF) / 10.0f;
}

int main(int argc, char **argv) {
  int dev = 0;
  cudaDeviceProp deviceProp;
  CHECK(cudaGetDeviceProperties(&deviceProp, dev));
  CHECK(cudaSetDevice(dev));
  if (!deviceProp.canMapHostMemory) {
    printf("Device %d does not support mapping CPU host memory!\n", dev);
    CHECK(cudaDeviceReset());
    return 0;
  }

  float value = 3.14f;
  CHECK(cudaMemcpyToSymbol(devData, &value, sizeof(float)));
  checkGlobalVariable<<<1, 1>>>();
  CHECK(cudaMemcpyFromSymbol(&value, devData, sizeof(float)));
  float *dptr = NULL;
  CHECK(cudaGetSymbolAddress((void **)&dptr, devData));
  CHECK(cudaMemcpy(dptr, &value, sizeof(float), cudaMemcpyHostToDevice));
  size_t arrayBytes = 0;
  CHECK(cudaGetSymbolSize(&arrayBytes, devArray));
  printf("Host: devData %f, devArray %zu bytes\n", value, arrayBytes);

  int nElem = LEN;
  size_t nBytes = nElem * sizeof(float);
  float *h_A, *h_B, *gpuRef;
  CHECK(cudaHostAlloc((void **)&h_A, nBytes, cudaHostAllocMapped));
  CHECK(cudaHostAlloc((void **)&h_B, nBytes, cudaHostAllocMapped));
  gpuRef = (float *)malloc(nBytes);
  initialData(h_A, nElem);
  initialData(h_B, nElem);
  float *d_A, *d_B, *d_C;
  CHECK(cudaHostGetDevicePointer((void **)&d_A, (void *)h_A, 0));
  CHECK(cudaHostGetDevicePointer((void **)&d_B, (void *)h_B, 0));
  CHECK(cudaMalloc((float **)&d_C, nBytes));
  dim3 block(512);
  dim3 grid((nElem + block.x - 1) / block.x);
  double iStart = seconds();
  sumArraysZeroCopy<<<grid, block>>>(d_A, d_B, d_C, nElem);
  CHECK(cudaDeviceSynchronize());
  readOffset<<<grid, block>>>(d_A, d_B, d_C, nElem, argc > 1 ? atoi(argv[1]) : 11);
  CHECK(cudaGetLastError());
  printf("zero-copy kernels elapsed %f sec\n", seconds() - iStart);
  CHECK(cudaMemcpy(gpuRef, d_C, nBytes, cudaMemcpyDeviceToHost));

  innerStruct *d_aos, *d_aos_out;
  innerArray *d_soa, *d_soa_out;
  CHECK(cudaMalloc((innerStruct **)&d_aos, LEN * sizeof(innerStruct)));
  CHECK(cudaMalloc((innerStruct **)&d_aos_out, LEN * sizeof(innerStruct)));
  CHECK(cudaMalloc((innerArray **)&d_soa, sizeof(innerArray)));
  CHECK(cudaMalloc((innerArray **)&d_soa_out, sizeof(innerArray)));
  testInnerStruct<<<grid, block>>>(d_aos, d_aos_out, LEN);
  testInnerArray<<<grid, block>>>(d_soa, d_soa_out, LEN);
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaFree(d_C)); CHECK(cudaFree(d_aos)); CHECK(cudaFree(d_aos_out));
  CHECK(cudaFree(d_soa)); CHECK(cudaFree(d_soa_out));
  CHECK(cudaFreeHost(h_A)); CHECK(cudaFreeHost(h_B));
  free(gpuRef);
  CHECK(cudaDeviceReset());
  return EXIT_SUCCESS;
}
