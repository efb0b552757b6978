/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 * In the style of cuda-samples dwtHaar1D: a 1D Haar wavelet decomposition, each block working on
 * a slice in dynamic shared memory, with a cooperative-groups block and a helper_string
 * command line; the result written with sdkWriteFile when a file is named. */
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

namespace cg = cooperative_groups;

#define INV_SQRT_2 0.70710678118654752440f
#define MAX_TPB 512
#define LOG_NUM_BANKS 4

__global__ void initValue(float *od, float value) {
  const unsigned int tid = threadIdx.x;
  const unsigned int bid = blockIdx.x;
  if (bid == 0 && tid == 0) od[0] = value;
}

__global__ void dwtHaar1D(float *id, float *od, float *approx_final, const unsigned int dlevels,
                          const unsigned int slength_step_half, const int bdim) {
  cg::thread_block cta = cg::this_thread_block();
  extern __shared__ float shared[];
  const int gdim = gridDim.x;
  const int bid = blockIdx.x;
  const int tid = threadIdx.x;
  const int tid_global = (bid * bdim) + tid;
  unsigned int idata = (bid * (2 * bdim)) + tid;

  shared[tid] = id[idata];
  shared[tid + bdim] = id[idata + bdim];
  cg::sync(cta);

  float data0 = shared[2 * tid];
  float data1 = shared[(2 * tid) + 1];
  cg::sync(cta);

  od[tid_global + slength_step_half] = (data0 - data1) * INV_SQRT_2;

  unsigned int atid = tid + (tid >> LOG_NUM_BANKS);
  shared[atid] = (data0 + data1) * INV_SQRT_2;
  cg::sync(cta);

  if (dlevels > 1) {
    unsigned int offset_neighbor = 1;
    unsigned int num_threads = bdim >> 1;
    unsigned int idata0 = tid * 2;
    for (unsigned int i = 1; i < dlevels; ++i) {
      if (tid < num_threads) {
        unsigned int idata1 = idata0 + offset_neighbor;
        unsigned int g_wpos = (num_threads * gdim) + (bid * num_threads) + tid;
        unsigned int c_idata0 = idata0 + (idata0 >> LOG_NUM_BANKS);
        unsigned int c_idata1 = idata1 + (idata1 >> LOG_NUM_BANKS);
        od[g_wpos] = (shared[c_idata0] - shared[c_idata1]) * INV_SQRT_2;
        shared[c_idata0] = (shared[c_idata0] + shared[c_idata1]) * INV_SQRT_2;
        num_threads = num_threads >> 1;
        offset_neighbor <<= 1;
        idata0 = idata0 << 1;
      }
      cg::sync(cta);
    }
    if (0 == tid) approx_final[bid] = shared[0];
  }
}

static bool getLevels(unsigned int len, unsigned int *levels) {
  bool retval = false;
  for (unsigned int i = 0; i < 32; ++i) {
    if (len == (1u << i)) {
      *levels = i;
      retval = true;
      break;
    }
  }
  return retval;
}

int main(int argc, char **argv) {
  printf("%s Starting...\n\n", argv[0]);
  findCudaDevice(argc, (const char **)argv);
  unsigned int slength = 1 << 20;
  float *signal = NULL;
  char *r_fname = NULL;
  getCmdLineArgumentString(argc, (const char **)argv, "result", &r_fname);
  if (checkCmdLineFlag(argc, (const char **)argv, "length"))
    slength = getCmdLineArgumentInt(argc, (const char **)argv, "length");
  signal = (float *)malloc(slength * sizeof(float));
  for (unsigned int i = 0; i < slength; i++) signal[i] = sinf(i * 0.01f);
  unsigned int dlevels_complete = 0;
  if (!getLevels(slength, &dlevels_complete)) {
    fprintf(stderr, "Signal length not supported.\n");
    exit(EXIT_FAILURE);
  }
  unsigned int mem_size = sizeof(float) * slength;
  float *reconstruct = (float *)malloc(mem_size);
  float *d_idata = NULL, *d_odata = NULL, *approx_final = NULL;
  checkCudaErrors(cudaMalloc((void **)&d_idata, mem_size));
  checkCudaErrors(cudaMalloc((void **)&d_odata, mem_size));
  checkCudaErrors(cudaMalloc((void **)&approx_final, mem_size));
  checkCudaErrors(cudaMemcpy(d_idata, signal, mem_size, cudaMemcpyHostToDevice));

  unsigned int num_threads_total_left = slength / 2;
  unsigned int dlevels_step = dlevels_complete;
  unsigned int num_blocks = 1, num_threads = num_threads_total_left;
  if (num_threads_total_left > MAX_TPB) {
    num_blocks = num_threads_total_left / MAX_TPB;
    num_threads = MAX_TPB;
    unsigned int dl;
    getLevels(MAX_TPB * 2, &dl);
    dlevels_step = dl;
  }
  unsigned int mem_shared = (2 * num_threads) * sizeof(float);
  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  dwtHaar1D<<<num_blocks, num_threads, mem_shared>>>(d_idata, d_odata, approx_final,
                                                      dlevels_step, num_threads_total_left,
                                                      num_threads);
  getLastCudaError("Kernel execution failed");
  if (num_blocks > 1) {
    initValue<<<1, 1>>>(d_odata, 0.0f);
    getLastCudaError("initValue failed");
  }
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&timer);
  printf("dwtHaar1D: %f ms\n", sdkGetTimerValue(&timer));
  checkCudaErrors(cudaMemcpy(reconstruct, d_odata, mem_size, cudaMemcpyDeviceToHost));
  if (r_fname && !sdkWriteFile(r_fname, reconstruct, slength, 0.0f, false))
    fprintf(stderr, "cannot write %s\n", r_fname);
  sdkDeleteTimer(&timer);
  checkCudaErrors(cudaFree(d_idata));
  checkCudaErrors(cudaFree(d_odata));
  checkCudaErrors(cudaFree(approx_final));
  free(signal);
  free(reconstruct);
  return EXIT_SUCCESS;
}
