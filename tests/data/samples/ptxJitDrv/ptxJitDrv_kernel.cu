/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Built on its own (nvcc -fatbin) and loaded by name at run time.
__device__ float scale;

extern "C" __global__ void scaleKernel(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = (int)(data[i] * scale);
}
