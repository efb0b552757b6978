/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3-Clause: see LICENSE) */
// The sample's host side without its GL viewer: load a PGM, filter it on the
// GPU into a pitched buffer, write the result.
#include <cuda_runtime.h>

#include <helper_cuda.h>
#include <helper_functions.h>

#include <stdio.h>
#include <stdlib.h>

#include "SobelFilter_kernels.h"

enum SobelDisplayMode g_SobelDisplayMode = SOBELDISPLAY_SOBELTEX;

static int imWidth = 0;
static int imHeight = 0;
static unsigned char *pixels = NULL;
static float imageScale = 1.f;

void loadDefaultImage(char *loc_exec) {
  printf("Reading image: lena.pgm\n");
  const char *image_filename = "lena.pgm";
  char *image_path = sdkFindFilePath(image_filename, loc_exec);

  if (image_path == NULL) {
    printf("Failed to read image file: <%s>\n", image_filename);
    exit(EXIT_FAILURE);
  }

  sdkLoadPGM(image_path, &pixels, (unsigned int *)&imWidth, (unsigned int *)&imHeight);
  free(image_path);
}

int main(int argc, char **argv) {
  printf("%s Starting...\n\n", argv[0]);
  int dev = findCudaDevice(argc, (const char **)argv);

  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, dev));
  printf("GPU Device %d: \"%s\" with compute capability %d.%d\n", dev, deviceProp.name, deviceProp.major,
         deviceProp.minor);

  loadDefaultImage(argv[0]);
  setupTexture(imWidth, imHeight, pixels, 1);

  Pixel *d_result;
  size_t pitch = imWidth * sizeof(Pixel);
  checkCudaErrors(cudaMalloc((void **)&d_result, pitch * imHeight));

  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  for (int mode = SOBELDISPLAY_IMAGE; mode <= SOBELDISPLAY_SOBELSHARED; ++mode) {
    sobelFilter(d_result, imWidth, imHeight, (enum SobelDisplayMode)mode, imageScale);
    getLastCudaError("sobelFilter failed");
  }
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&timer);
  printf("Sobel filters: %.3f ms\n", sdkGetTimerValue(&timer));

  unsigned char *h_result = (unsigned char *)malloc(pitch * imHeight);
  checkCudaErrors(cudaMemcpy(h_result, d_result, pitch * imHeight, cudaMemcpyDeviceToHost));
  sdkSavePGM("lena_sobel.pgm", h_result, imWidth, imHeight);

  sdkDeleteTimer(&timer);
  deleteTexture();
  checkCudaErrors(cudaFree(d_result));
  free(h_result);
  free(pixels);
  return EXIT_SUCCESS;
}
