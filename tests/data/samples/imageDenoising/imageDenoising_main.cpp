/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// The host side: load a PPM, run the filters, compare with a reference
// image, write the result.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>

#include <helper_cuda.h>
#include <helper_functions.h>
#include <helper_image.h>

#include "imageDenoising.h"

const char *sOriginal[] = {"image_passthru.ppm", "image_knn.ppm", NULL};

uchar4 *h_Src;
int imageW, imageH;

int main(int argc, char **argv) {
  char *dump_file = NULL;
  int g_Kernel = 1;

  printf("%s Starting...\n\n", argv[0]);

  if (checkCmdLineFlag(argc, (const char **)argv, "file")) {
    getCmdLineArgumentString(argc, (const char **)argv, "file",
                             (char **)&dump_file);
  }
  if (checkCmdLineFlag(argc, (const char **)argv, "kernel")) {
    g_Kernel = getCmdLineArgumentInt(argc, (const char **)argv, "kernel");
  }

  findCudaDevice(argc, (const char **)argv);

  char *image_path = sdkFindFilePath("portrait_noise.bmp", argv[0]);
  if (image_path == NULL) {
    fprintf(stderr, "Error unable to find portrait_noise\n");
    exit(EXIT_FAILURE);
  }

  unsigned int w, h;
  unsigned char *pixels = NULL;
  if (!sdkLoadPPM4ub(image_path, &pixels, &w, &h)) {
    fprintf(stderr, "failed to load %s\n", image_path);
    exit(EXIT_FAILURE);
  }
  h_Src = (uchar4 *)pixels;
  imageW = w;
  imageH = h;
  printf("Data init done.\n");

  checkCudaErrors(CUDA_MallocArray(&h_Src, imageW, imageH));

  TColor *d_dst = NULL;
  unsigned char *h_dst = NULL;
  checkCudaErrors(
      cudaMalloc((void **)&d_dst, imageW * imageH * sizeof(TColor)));
  h_dst = (unsigned char *)malloc(imageH * imageW * 4);

  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  if (g_Kernel == 0)
    cuda_Copy(d_dst, imageW, imageH, texImage);
  else
    cuda_KNN(d_dst, imageW, imageH, 1.0f / (0.32f * 0.32f), 0.2f, texImage);
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&timer);
  printf("filter: %.3f ms\n", sdkGetTimerValue(&timer));

  checkCudaErrors(cudaMemcpy(h_dst, d_dst, imageW * imageH * sizeof(TColor),
                             cudaMemcpyDeviceToHost));
  sdkSavePPM4ub(dump_file ? dump_file : sOriginal[g_Kernel], h_dst, imageW,
                imageH);

  checkCudaErrors(CUDA_FreeArray());
  checkCudaErrors(cudaFree(d_dst));
  free(h_Src);
  free(h_dst);
  sdkDeleteTimer(&timer);
  exit(EXIT_SUCCESS);
}
