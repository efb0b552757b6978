/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Stream attributes: an access policy window keeps a frequently read buffer
// in the persisting part of the L2 cache while a kernel streams over another.

#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime.h>

#include <helper_cuda.h>
#include <helper_functions.h>

__global__ void streamingKernel(const float *__restrict__ lookup, const float *__restrict__ in,
                                float *out, int lookupN, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * lookup[i % lookupN];
}

int main(int argc, char **argv) {
  printf("%s Starting...\n\n", argv[0]);
  int devID = findCudaDevice(argc, (const char **)argv);

  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, devID));
  printf("persistingL2CacheMaxSize %d bytes, accessPolicyMaxWindowSize %d bytes\n",
         prop.persistingL2CacheMaxSize, prop.accessPolicyMaxWindowSize);

  const int lookupN = 1 << 18;
  const int n = 1 << 24;
  float *d_lookup, *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_lookup, lookupN * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(float)));
  checkCudaErrors(cudaMemset(d_lookup, 0, lookupN * sizeof(float)));
  checkCudaErrors(cudaMemset(d_in, 0, n * sizeof(float)));

  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  // Set aside part of L2 for persisting accesses
  size_t setAside = min((size_t)prop.persistingL2CacheMaxSize, lookupN * sizeof(float));
  checkCudaErrors(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, setAside));

  // Stream level attributes data structure
  cudaStreamAttrValue stream_attribute;
  stream_attribute.accessPolicyWindow.base_ptr = reinterpret_cast<void *>(d_lookup);
  stream_attribute.accessPolicyWindow.num_bytes =
      min((size_t)prop.accessPolicyMaxWindowSize, lookupN * sizeof(float));
  // Hint for cache hit ratio
  stream_attribute.accessPolicyWindow.hitRatio = 0.6f;
  // Type of access property on cache hit
  stream_attribute.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  // Type of access property on cache miss
  stream_attribute.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;

  // Set the attributes to a CUDA stream of type cudaStream_t
  checkCudaErrors(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow,
                                         &stream_attribute));

  cudaStreamAttrValue readBack;
  checkCudaErrors(cudaStreamGetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &readBack));
  printf("window of %zu bytes, hit ratio %.2f\n", readBack.accessPolicyWindow.num_bytes,
         readBack.accessPolicyWindow.hitRatio);

  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  for (int rep = 0; rep < 10; rep++) {
    streamingKernel<<<(n + 255) / 256, 256, 0, stream>>>(d_lookup, d_in, d_out, lookupN, n);
  }
  getLastCudaError("streamingKernel failed");
  checkCudaErrors(cudaStreamSynchronize(stream));
  sdkStopTimer(&timer);
  printf("10 passes: %.3f ms\n", sdkGetTimerValue(&timer));
  sdkDeleteTimer(&timer);

  // Reset the window and the persisting lines before the next phase
  stream_attribute.accessPolicyWindow.num_bytes = 0;
  checkCudaErrors(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow,
                                         &stream_attribute));
  checkCudaErrors(cudaCtxResetPersistingL2Cache());

  checkCudaErrors(cudaStreamDestroy(stream));
  checkCudaErrors(cudaFree(d_lookup));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  printf("Test passed\n");
  return EXIT_SUCCESS;
}
