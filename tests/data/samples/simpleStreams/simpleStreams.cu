/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// This sample overlaps kernel execution with memory copies between the host
// and a GPU, through streams, with the host memory pinned either by
// cudaHostAlloc or by registering memory allocated with malloc.

#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime.h>

#include <helper_cuda.h>
#include <helper_functions.h>

#define MEMORY_ALIGNMENT 4096
#define ALIGN_UP(x, size) (((size_t)x + (size - 1)) & (~(size - 1)))

__global__ void init_array(int *g_data, int *factor, int num_iterations) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;

  for (int i = 0; i < num_iterations; i++) {
    g_data[idx] += *factor;  // non-coalesced on purpose, to burn time
  }
}

bool correct_data(int *a, const int n, const int c) {
  for (int i = 0; i < n; i++) {
    if (a[i] != c) {
      printf("%d: %d %d\n", i, a[i], c);
      return false;
    }
  }
  return true;
}

inline void AllocateHostMemory(bool bPinGenericMemory, int **pp_a,
                               int **ppAligned_a, int nbytes) {
  if (bPinGenericMemory) {
    // allocate a generic page-aligned chunk of system memory
    printf("> mmap() allocating %4.2f Mbytes (generic page-aligned system memory)\n",
           (float)nbytes / 1048576.0f);
    *pp_a = (int *)malloc(nbytes + MEMORY_ALIGNMENT);
    *ppAligned_a = (int *)ALIGN_UP(*pp_a, MEMORY_ALIGNMENT);

    printf("> cudaHostRegister() registering %4.2f Mbytes of generic allocated system memory\n",
           (float)nbytes / 1048576.0f);
    // pin allocate memory
    checkCudaErrors(cudaHostRegister(*ppAligned_a, nbytes, cudaHostRegisterMapped));
  } else {
    printf("> cudaMallocHost() allocating %4.2f Mbytes of system memory\n",
           (float)nbytes / 1048576.0f);
    // allocate host memory (pinned is required for achieve asynchronicity)
    checkCudaErrors(cudaHostAlloc((void **)pp_a, nbytes, cudaHostAllocDefault | cudaHostAllocPortable));
    *ppAligned_a = *pp_a;
  }
}

inline void FreeHostMemory(bool bPinGenericMemory, int **pp_a,
                           int **ppAligned_a, int nbytes) {
  if (bPinGenericMemory) {
    checkCudaErrors(cudaHostUnregister(*ppAligned_a));
    free(*pp_a);
  } else {
    cudaFreeHost(*pp_a);
  }
}

static const char *sSyncMethod[] = {
    "0 (Automatic Blocking)", "1 (Spin Blocking)", "2 (Yield Blocking)",
    "3 (Undefined Blocking Method)", "4 (Blocking Sync Event) = low CPU utilization", NULL};

int main(int argc, char **argv) {
  int cuda_device = 0;
  int nstreams = 4;
  int nreps = 10;
  int n = 16 * 1024 * 1024;
  int nbytes = n * sizeof(int);
  dim3 threads, blocks;
  float elapsed_time, time_memcpy, time_kernel;
  float scale_factor = 1.0f;
  int device_sync_method = cudaDeviceBlockingSync;
  int niterations;
  bool bPinGenericMemory = checkCmdLineFlag(argc, (const char **)argv, "use_generic_memory");

  cuda_device = findCudaDevice(argc, (const char **)argv);

  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDevice(&cuda_device));
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, cuda_device));

  if (bPinGenericMemory && !deviceProp.canMapHostMemory) {
    fprintf(stderr, "Device %d does not support mapping CPU host memory!\n", cuda_device);
    exit(EXIT_SUCCESS);
  }

  // anything that is less than 32 Cores will have scaled down workload
  scale_factor = max((32.0f / (_ConvertSMVer2Cores(deviceProp.major, deviceProp.minor) *
                               (float)deviceProp.multiProcessorCount)),
                     1.0f);
  n = (int)rint((float)n / scale_factor);
  printf("> CUDA Capable: SM %d.%d hardware\n", deviceProp.major, deviceProp.minor);
  printf("> %d Multiprocessor(s) x %d (Cores/Multiprocessor) = %d (Cores)\n",
         deviceProp.multiProcessorCount,
         _ConvertSMVer2Cores(deviceProp.major, deviceProp.minor),
         _ConvertSMVer2Cores(deviceProp.major, deviceProp.minor) * deviceProp.multiProcessorCount);
  printf("> Device synchronization method: %s\n", sSyncMethod[device_sync_method]);

  // enable use of blocking sync, to reduce CPU usage
  checkCudaErrors(cudaSetDeviceFlags(device_sync_method | (bPinGenericMemory ? cudaDeviceMapHost : 0)));

  int *h_a = 0, *hAligned_a = 0;
  AllocateHostMemory(bPinGenericMemory, &h_a, &hAligned_a, nbytes);

  int c = 5;
  int *d_a = 0, *d_c = 0;
  checkCudaErrors(cudaMalloc((void **)&d_a, nbytes));
  checkCudaErrors(cudaMemset(d_a, 0x0, nbytes));
  checkCudaErrors(cudaMalloc((void **)&d_c, sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_c, &c, sizeof(int), cudaMemcpyHostToDevice));

  // allocate and initialize an array of stream handles
  cudaStream_t *streams = (cudaStream_t *)malloc(nstreams * sizeof(cudaStream_t));
  for (int i = 0; i < nstreams; i++) {
    checkCudaErrors(cudaStreamCreate(&(streams[i])));
  }

  // create CUDA event handles, with the blocking-sync flag the method asks for
  cudaEvent_t start_event, stop_event;
  int eventflags = ((device_sync_method == cudaDeviceBlockingSync) ? cudaEventBlockingSync : cudaEventDefault);
  checkCudaErrors(cudaEventCreateWithFlags(&start_event, eventflags));
  checkCudaErrors(cudaEventCreateWithFlags(&stop_event, eventflags));

  // time memcpy from device
  checkCudaErrors(cudaEventRecord(start_event, 0));
  checkCudaErrors(cudaMemcpyAsync(hAligned_a, d_a, nbytes, cudaMemcpyDeviceToHost, streams[0]));
  checkCudaErrors(cudaEventRecord(stop_event, 0));
  checkCudaErrors(cudaEventSynchronize(stop_event));
  checkCudaErrors(cudaEventElapsedTime(&time_memcpy, start_event, stop_event));
  printf("memcopy:\t%.2f\n", time_memcpy);

  // time kernel
  threads = dim3(512, 1);
  blocks = dim3(n / threads.x, 1);
  niterations = 5;
  checkCudaErrors(cudaEventRecord(start_event, 0));
  init_array<<<blocks, threads, 0, streams[0]>>>(d_a, d_c, niterations);
  checkCudaErrors(cudaEventRecord(stop_event, 0));
  checkCudaErrors(cudaEventSynchronize(stop_event));
  checkCudaErrors(cudaEventElapsedTime(&time_kernel, start_event, stop_event));
  printf("kernel:\t\t%.2f\n", time_kernel);

  // time non-streamed execution for reference
  threads = dim3(512, 1);
  blocks = dim3(n / threads.x, 1);
  checkCudaErrors(cudaEventRecord(start_event, 0));
  for (int k = 0; k < nreps; k++) {
    init_array<<<blocks, threads>>>(d_a, d_c, niterations);
    checkCudaErrors(cudaMemcpy(hAligned_a, d_a, nbytes, cudaMemcpyDeviceToHost));
  }
  checkCudaErrors(cudaEventRecord(stop_event, 0));
  checkCudaErrors(cudaEventSynchronize(stop_event));
  checkCudaErrors(cudaEventElapsedTime(&elapsed_time, start_event, stop_event));
  printf("non-streamed:\t%.2f\n", elapsed_time / nreps);

  // time execution with nstreams streams
  threads = dim3(512, 1);
  blocks = dim3(n / (nstreams * threads.x), 1);
  memset(hAligned_a, 255, nbytes);  // set host memory bits to all 1s, for testing correctness
  checkCudaErrors(cudaMemset(d_a, 0, nbytes));  // set device memory to all 0s, for testing correctness
  checkCudaErrors(cudaEventRecord(start_event, 0));
  for (int k = 0; k < nreps; k++) {
    // asynchronously launch nstreams kernels, each operating on its own portion of data
    for (int i = 0; i < nstreams; i++) {
      init_array<<<blocks, threads, 0, streams[i]>>>(d_a + i * n / nstreams, d_c, niterations);
    }
    // asynchronously launch nstreams memcopies
    for (int i = 0; i < nstreams; i++) {
      checkCudaErrors(cudaMemcpyAsync(hAligned_a + i * n / nstreams, d_a + i * n / nstreams,
                                      nbytes / nstreams, cudaMemcpyDeviceToHost, streams[i]));
    }
  }
  checkCudaErrors(cudaEventRecord(stop_event, 0));
  checkCudaErrors(cudaEventSynchronize(stop_event));
  checkCudaErrors(cudaEventElapsedTime(&elapsed_time, start_event, stop_event));
  printf("%d streams:\t%.2f\n", nstreams, elapsed_time / nreps);

  // check whether the output is correct
  printf("-------------------------------\n");
  bool bResults = correct_data(hAligned_a, n, c * nreps * niterations);

  // release resources
  for (int i = 0; i < nstreams; i++) {
    checkCudaErrors(cudaStreamDestroy(streams[i]));
  }
  checkCudaErrors(cudaEventDestroy(start_event));
  checkCudaErrors(cudaEventDestroy(stop_event));
  FreeHostMemory(bPinGenericMemory, &h_a, &hAligned_a, nbytes);
  checkCudaErrors(cudaFree(d_a));
  checkCudaErrors(cudaFree(d_c));
  free(streams);

  return bResults ? EXIT_SUCCESS : EXIT_FAILURE;
}
