// After NVIDIA's binomialOptions sample: the host program, a .cpp that
// calls the .cu's extern "C" entry and times it with helper_timer.h.

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <cuda_runtime.h>

#include <helper_functions.h>
#include <helper_cuda.h>

#include "binomialOptions_common.h"

real randData(real low, real high) {
  real t = (real)rand() / (real)RAND_MAX;
  return ((real)1.0 - t) * low + t * high;
}

int main(int argc, char **argv) {
  printf("[%s] - Starting...\n", argv[0]);

  int devID = findCudaDevice(argc, (const char **)argv);

  const int OPT_N = MAX_OPTIONS;

  TOptionData optionData[MAX_OPTIONS];
  real callValueGPU[MAX_OPTIONS];
  StopWatchInterface *hTimer = NULL;

  sdkCreateTimer(&hTimer);

  printf("Generating input data...\n");
  srand(123);

  for (int i = 0; i < OPT_N; i++) {
    optionData[i].S = randData(5.0f, 30.0f);
    optionData[i].X = randData(1.0f, 100.0f);
    optionData[i].T = randData(0.25f, 10.0f);
    optionData[i].R = 0.06f;
    optionData[i].V = 0.10f;
  }

  printf("Running GPU binomial tree...\n");
  checkCudaErrors(cudaDeviceSynchronize());
  sdkResetTimer(&hTimer);
  sdkStartTimer(&hTimer);

  binomialOptionsGPU(callValueGPU, optionData, OPT_N);

  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&hTimer);
  double gpuTime = sdkGetTimerValue(&hTimer);
  printf("Options count            : %i     \n", OPT_N);
  printf("Time steps               : %i     \n", NUM_STEPS);
  printf("binomialOptionsGPU() time: %f msec\n", gpuTime);
  printf("Options per second       : %f     \n", OPT_N / (gpuTime * 0.001));

  sdkDeleteTimer(&hTimer);
  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, devID));
  printf("Device %d: %s, %d.%d\n", devID, deviceProp.name, deviceProp.major, deviceProp.minor);
  exit(EXIT_SUCCESS);
}
