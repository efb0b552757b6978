// The host side of FunctionPointers without its GL window: a synthetic
// image filtered once per block operation and point operation.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>
#include "FunctionPointers_kernels.h"

enum SobelDisplayMode g_SobelDisplayMode = SOBELDISPLAY_SOBELTEX;

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int iw = 512, ih = 512;
  Pixel *h_img = (Pixel *)malloc(iw * ih);
  for (int i = 0; i < iw * ih; i++) h_img[i] = (Pixel)((i * 7) & 0xff);
  setupTexture(iw, ih, h_img, 1);

  Pixel *d_out;
  checkCudaErrors(cudaMalloc((void **)&d_out, iw * ih));
  Pixel *h_out = (Pixel *)malloc(iw * ih);
  for (int block = 0; block < 2; block++) {
    for (int point = 0; point < 2; point++) {
      sobelFilter(d_out, iw, ih, g_SobelDisplayMode, 1.0f, block, point);
      checkCudaErrors(cudaMemcpy(h_out, d_out, iw * ih, cudaMemcpyDeviceToHost));
      unsigned long sum = 0;
      for (int i = 0; i < iw * ih; i++) sum += h_out[i];
      printf("block op %d, point op %d: checksum %lu\n", block, point, sum);
    }
  }
  deleteTexture();
  checkCudaErrors(cudaFree(d_out));
  free(h_img);
  free(h_out);
  return 0;
}
