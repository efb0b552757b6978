/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. */
#include "FDTD3dGPU.h"

#include <iostream>
#include <iomanip>
#include <cmath>

#include <helper_functions.h>

#ifndef CLAMP
#define CLAMP(a, min, max) (MIN(max, MAX(a, min)))
#endif

//// Name of the log file
// const char *printfFile = "FDTD3d.txt";

const int k_dim_min = 96;
const int k_dim_max = 376;
const int k_dim_qa = 248;
const int k_radius_default = 4;
const int k_timesteps_default = 5;
const int k_timesteps_min = 1;
const int k_timesteps_max = 10;
const float k_tolerance = 0.0001f;

bool runTest(int argc, const char **argv);
void showHelp(const int argc, const char **argv);

void generateRandomData(float *data, const int dimx, const int dimy,
                        const int dimz, const float lowerBound,
                        const float upperBound) {
  srand(0);
  for (int iz = 0; iz < dimz; iz++)
    for (int iy = 0; iy < dimy; iy++)
      for (int ix = 0; ix < dimx; ix++) {
        *data = (float)(lowerBound + ((float)rand() / (float)RAND_MAX) *
                                         (upperBound - lowerBound));
        ++data;
      }
}

void fdtdReference(float *output, const float *input, const float *coeff,
                   const int dimx, const int dimy, const int dimz,
                   const int radius, const int timesteps) {
  const int outerDimx = dimx + 2 * radius;
  const int outerDimy = dimy + 2 * radius;
  const int outerDimz = dimz + 2 * radius;
  const size_t volumeSize = outerDimx * outerDimy * outerDimz;
  const int stride_y = outerDimx;
  const int stride_z = stride_y * outerDimy;
  float *intermediate = 0;
  const float *bufsrc = 0;
  float *bufdst = 0;
  float *bufdstnext = 0;

  intermediate = (float *)malloc(volumeSize * sizeof(float));
  memcpy(intermediate, input, volumeSize * sizeof(float));
  bufsrc = input;
  bufdst = (timesteps & 1) ? output : intermediate;
  bufdstnext = (timesteps & 1) ? intermediate : output;

  for (int it = 0; it < timesteps; it++) {
    const float *src = bufsrc + radius * stride_z + radius * stride_y + radius;
    float *dst = bufdst + radius * stride_z + radius * stride_y + radius;
    for (int iz = 0; iz < dimz; iz++) {
      for (int iy = 0; iy < dimy; iy++) {
        for (int ix = 0; ix < dimx; ix++) {
          float value = (*src) * coeff[0];
          for (int ir = 1; ir <= radius; ir++) {
            value += coeff[ir] * (*(src + ir) + *(src - ir));
            value += coeff[ir] * (*(src + ir * stride_y) + *(src - ir * stride_y));
            value += coeff[ir] * (*(src + ir * stride_z) + *(src - ir * stride_z));
          }
          *dst = value;
          ++src;
          ++dst;
        }
        src += 2 * radius;
        dst += 2 * radius;
      }
      src += 2 * radius * stride_y;
      dst += 2 * radius * stride_y;
    }
    bufsrc = bufdst;
    bufdst = bufdstnext;
    bufdstnext = const_cast<float *>(bufsrc);
  }
  free(intermediate);
}

int main(int argc, char **argv) {
  bool bTestResult = false;
  printf("%s Starting...\n\n", argv[0]);

  if (checkCmdLineFlag(argc, (const char **)argv, "help")) {
    printf("usage: FDTD3d [--dimx=N] [--dimy=N] [--dimz=N] [--radius=N] [--timesteps=N] [--block-size=N]\n");
    exit(EXIT_SUCCESS);
  }

  bTestResult = runTest(argc, (const char **)argv);
  exit(bTestResult ? EXIT_SUCCESS : EXIT_FAILURE);
}

bool runTest(int argc, const char **argv) {
  float *host_output;
  float *device_output;
  float *input;
  float *coeff;

  int defaultDim;
  int dimx;
  int dimy;
  int dimz;
  int outerDimx;
  int outerDimy;
  int outerDimz;
  int radius;
  int timesteps;
  size_t volumeSize;
  memsize_t memsize;

  const float lowerBound = 0.0f;
  const float upperBound = 1.0f;

  // Determine default dimensions
  printf("Set-up, based upon target device GMEM size...\n");
  // Get the memory size of the target device
  printf(" getTargetDeviceGlobalMemSize\n");
  getTargetDeviceGlobalMemSize(&memsize, argc, argv);

  // We can never use all the memory so to keep things simple we aim to
  // use around half the total memory
  memsize /= 2;

  // Most of our memory use is taken up by the input and output buffers -
  // two buffers of equal size - and for simplicity the volume is a cube:
  //   dim = floor( (N/2)^(1/3) )
  defaultDim = (int)floor(pow((memsize / (2.0 * sizeof(float))), 1.0 / 3.0));

  // By default, make the volume edge size an integer multiple of 128B to
  // improve performance by coalescing memory accesses, in a real
  // application it would make sense to pad the lines accordingly
  int roundTarget = 128 / sizeof(float);
  defaultDim = defaultDim / roundTarget * roundTarget;
  defaultDim -= k_radius_default * 2;

  // Check dimension is valid
  if (defaultDim < k_dim_min) {
    printf(
        "insufficient device memory (maximum volume on device is %d, must be "
        "between %d and %d).\n",
        defaultDim, k_dim_min, k_dim_max);
    exit(EXIT_FAILURE);
  } else if (defaultDim > k_dim_max) {
    defaultDim = k_dim_max;
  }

  // For QA testing, override default volume size
  if (checkCmdLineFlag(argc, argv, "qatest")) {
    defaultDim = MIN(defaultDim, k_dim_qa);
  }

  // set default dim
  dimx = defaultDim;
  dimy = defaultDim;
  dimz = defaultDim;
  radius = k_radius_default;
  timesteps = k_timesteps_default;

  // Parse command line arguments
  if (checkCmdLineFlag(argc, argv, "dimx")) {
    dimx = CLAMP(getCmdLineArgumentInt(argc, argv, "dimx"), k_dim_min, k_dim_max);
  }
  if (checkCmdLineFlag(argc, argv, "timesteps")) {
    timesteps = CLAMP(getCmdLineArgumentInt(argc, argv, "timesteps"),
                      k_timesteps_min, k_timesteps_max);
  }

  // Determine volume size
  outerDimx = dimx + 2 * radius;
  outerDimy = dimy + 2 * radius;
  outerDimz = dimz + 2 * radius;
  volumeSize = outerDimx * outerDimy * outerDimz;

  // Allocate memory
  host_output = (float *)calloc(volumeSize, sizeof(float));
  input = (float *)malloc(volumeSize * sizeof(float));
  coeff = (float *)malloc((radius + 1) * sizeof(float));

  // Create coefficients
  for (int i = 0; i <= radius; i++) {
    coeff[i] = 0.1f;
  }

  // Generate data
  printf(" generateRandomData\n\n");
  generateRandomData(input, outerDimx, outerDimy, outerDimz, lowerBound,
                     upperBound);
  printf(
      "FDTD on %d x %d x %d volume with symmetric filter radius %d for %d "
      "timesteps...\n\n",
      dimx, dimy, dimz, radius, timesteps);

  // Execute on the host
  printf("fdtdReference...\n");
  fdtdReference(host_output, input, coeff, dimx, dimy, dimz, radius, timesteps);
  printf("fdtdReference complete\n");

  // Allocate memory
  device_output = (float *)calloc(volumeSize, sizeof(float));

  // Execute on the device
  printf("fdtdGPU...\n");
  fdtdGPU(device_output, input, coeff, dimx, dimy, dimz, radius, timesteps,
          argc, argv);
  printf("fdtdGPU complete\n");

  // Compare the results
  float tolerance = k_tolerance;
  printf("\nCompareData (tolerance %f)...\n", tolerance);
  bool ok = true;
  for (size_t i = 0; i < volumeSize && ok; i++)
    ok = std::fabs(host_output[i] - device_output[i]) <= tolerance;
  free(host_output);
  free(device_output);
  free(input);
  free(coeff);
  return ok;
}
