// CS179 lab 1/3 style: a 1D convolution (Gaussian blur of an audio signal)
// with the filter in __constant__ memory copied by cudaMemcpyToSymbol, input
// read through __ldg, a grid-stride loop, and a launcher called from C++.
#include <cstdio>
#include <cuda_runtime.h>
#include "blur_device.cuh"

#define GAUSSIAN_MAX 1024

__constant__ float c_blur_v[GAUSSIAN_MAX];

__global__ void cudaBlurKernel(const float *__restrict__ raw_data,
                               float *__restrict__ out_data, int n_frames,
                               int blur_v_size) {
  unsigned int thread_index = blockIdx.x * blockDim.x + threadIdx.x;
  while (thread_index < n_frames) {
    float acc = 0.0f;
    int span = min((int)thread_index + 1, blur_v_size);
    for (int j = 0; j < span; j++) {
      acc += __ldg(&raw_data[thread_index - j]) * c_blur_v[j];
    }
    out_data[thread_index] = acc;
    thread_index += blockDim.x * gridDim.x;
  }
}

void cudaCopyBlurWeights(const float *blur_v, unsigned int blur_v_size) {
  cudaMemcpyToSymbol(c_blur_v, blur_v, blur_v_size * sizeof(float), 0,
                     cudaMemcpyHostToDevice);
}

void cudaCallBlurKernel(const unsigned int blocks,
                        const unsigned int threadsPerBlock,
                        const float *raw_data, float *out_data,
                        const unsigned int n_frames,
                        const unsigned int blur_v_size) {
  cudaBlurKernel<<<blocks, threadsPerBlock>>>(raw_data, out_data, n_frames,
                                              blur_v_size);
}
