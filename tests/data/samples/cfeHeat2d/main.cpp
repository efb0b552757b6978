// heat2d's host side without the OpenGL window: the temperature buffer,
// the image buffer, a few steps, the centre's colour read back.
#include "kernel.h"
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define W 640
#define H 640
#define ITERS_PER_RENDER 50

void distanceArray(float *out, float ref, int len);

int main(int argc, char **argv) {
  float *d_temp = 0;
  uchar4 *d_out = 0;
  BC bc = {W / 2, H / 2, W / 10.f, 150, 212.f, 70.f, 0.f};
  cudaMalloc(&d_temp, W * H * sizeof(float));
  cudaMalloc(&d_out, W * H * sizeof(uchar4));
  resetTemperature(d_temp, W, H, bc);
  for (int i = 0; i < ITERS_PER_RENDER; ++i) kernelLauncher(d_out, d_temp, W, H, bc);
  uchar4 centre;
  cudaMemcpy(&centre, d_out + (H / 2) * W + W / 2, sizeof(uchar4), cudaMemcpyDeviceToHost);
  printf("centre: %d %d %d\n", centre.x, centre.y, centre.z);
  float *out = (float *)calloc(64, sizeof(float));
  distanceArray(out, 0.5f, 64);
  free(out);
  cudaFree(d_temp);
  cudaFree(d_out);
  return 0;
}
