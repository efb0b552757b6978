/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Streams with priorities and events for timing and ordering, after the
// simpleStreams/StreamPriorities samples: the priority range, streams made
// with flags and priority, events with blocking sync, one stream waiting on
// another's event, elapsed times, and a host query loop.
#include <stdio.h>
#include <vector>
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define TOTAL_SIZE (1 << 22)
#define EACH_SIZE (1 << 20)

__global__ void memcpy_kernel(int *dst, const int *src, size_t n) {
  int num = gridDim.x * blockDim.x;
  int id = blockDim.x * blockIdx.x + threadIdx.x;
  for (size_t i = id; i < n / sizeof(int); i += num) {
    dst[i] = src[i];
  }
}

float time_stream(cudaStream_t stream, cudaEvent_t start, cudaEvent_t stop, int *dst,
                  const int *src) {
  checkCudaErrors(cudaEventRecord(start, stream));
  for (int i = 0; i < TOTAL_SIZE; i += EACH_SIZE) {
    int j = i / sizeof(int);
    memcpy_kernel<<<EACH_SIZE / 1024, 1024, 0, stream>>>(dst + j, src + j, EACH_SIZE);
  }
  checkCudaErrors(cudaEventRecord(stop, stream));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms = 0.0f;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  return ms;
}

int main(int argc, char **argv) {
  int device = findCudaDevice(argc, (const char **)argv);
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, device));
  printf("Device %s, concurrent kernels %d\n", prop.name, prop.concurrentKernels);

  int priority_low, priority_hi;
  checkCudaErrors(cudaDeviceGetStreamPriorityRange(&priority_low, &priority_hi));
  printf("CUDA stream priority range: LOW: %d to HIGH: %d\n", priority_low, priority_hi);

  cudaStream_t st_low, st_hi;
  checkCudaErrors(cudaStreamCreateWithPriority(&st_low, cudaStreamNonBlocking, priority_low));
  checkCudaErrors(cudaStreamCreateWithPriority(&st_hi, cudaStreamNonBlocking, priority_hi));
  int got;
  checkCudaErrors(cudaStreamGetPriority(st_hi, &got));
  unsigned int flags;
  checkCudaErrors(cudaStreamGetFlags(st_low, &flags));

  int *h_src, *d_src_low, *d_src_hi, *d_dst_low, *d_dst_hi;
  checkCudaErrors(cudaMallocHost(&h_src, TOTAL_SIZE));
  for (int i = 0; i < TOTAL_SIZE / (int)sizeof(int); i++) h_src[i] = i;
  checkCudaErrors(cudaMalloc(&d_src_low, TOTAL_SIZE));
  checkCudaErrors(cudaMalloc(&d_src_hi, TOTAL_SIZE));
  checkCudaErrors(cudaMalloc(&d_dst_low, TOTAL_SIZE));
  checkCudaErrors(cudaMalloc(&d_dst_hi, TOTAL_SIZE));
  checkCudaErrors(cudaMemcpyAsync(d_src_low, h_src, TOTAL_SIZE, cudaMemcpyHostToDevice, st_low));
  checkCudaErrors(cudaMemcpyAsync(d_src_hi, h_src, TOTAL_SIZE, cudaMemcpyHostToDevice, st_hi));

  cudaEvent_t start_low, stop_low, start_hi, stop_hi, copied;
  checkCudaErrors(cudaEventCreateWithFlags(&start_low, cudaEventBlockingSync));
  checkCudaErrors(cudaEventCreateWithFlags(&stop_low, cudaEventBlockingSync));
  checkCudaErrors(cudaEventCreate(&start_hi));
  checkCudaErrors(cudaEventCreate(&stop_hi));
  checkCudaErrors(cudaEventCreateWithFlags(&copied, cudaEventDisableTiming));

  // The high-priority stream starts only once the low one's copy is done.
  checkCudaErrors(cudaEventRecord(copied, st_low));
  checkCudaErrors(cudaStreamWaitEvent(st_hi, copied, 0));

  float ms_low = time_stream(st_low, start_low, stop_low, d_dst_low, d_src_low);
  float ms_hi = time_stream(st_hi, start_hi, stop_hi, d_dst_hi, d_src_hi);
  printf("elapsed time of kernels launched to LOW priority stream: %.3lf ms\n", ms_low);
  printf("elapsed time of kernels launched to HI  priority stream: %.3lf ms\n", ms_hi);

  while (cudaEventQuery(stop_hi) == cudaErrorNotReady) {
  }
  checkCudaErrors(cudaStreamQuery(st_low) == cudaSuccess ? cudaSuccess : cudaStreamSynchronize(st_low));

  std::vector<cudaEvent_t> events = {start_low, stop_low, start_hi, stop_hi, copied};
  for (cudaEvent_t e : events) checkCudaErrors(cudaEventDestroy(e));
  checkCudaErrors(cudaStreamDestroy(st_low));
  checkCudaErrors(cudaStreamDestroy(st_hi));
  checkCudaErrors(cudaFreeHost(h_src));
  checkCudaErrors(cudaFree(d_src_low));
  checkCudaErrors(cudaFree(d_src_hi));
  checkCudaErrors(cudaFree(d_dst_low));
  checkCudaErrors(cudaFree(d_dst_hi));
  return 0;
}
