/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Texture objects over linear memory and over a 2D pitched allocation, with
// no graphics: tex1Dfetch with normalized-float reads of 8-bit data, a
// tex2D bilinear lookup through a pitch-linear resource, and the resource
// and texture descriptors zeroed with memset, as the samples write them.
#include <stdio.h>
#include <string.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>

__global__ void gather1D(cudaTextureObject_t tex, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(tex, n - 1 - i);
}

__global__ void resample2D(cudaTextureObject_t tex, float *out, int w, int h, float scale) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float u = (x + 0.5f) * scale, v = (y + 0.5f) * scale;
    out[y * w + x] = tex2D<float>(tex, u, v);
  }
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = 4096, w = 256, h = 128;

  unsigned char *d_bytes;
  float *d_out, *d_img, *d_res;
  size_t pitch;
  checkCudaErrors(cudaMalloc(&d_bytes, n));
  checkCudaErrors(cudaMemset(d_bytes, 0x7f, n));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(float)));
  checkCudaErrors(cudaMallocPitch((void **)&d_img, &pitch, w * sizeof(float), h));
  checkCudaErrors(cudaMemset2D(d_img, pitch, 0, w * sizeof(float), h));
  checkCudaErrors(cudaMalloc(&d_res, w * h * sizeof(float)));

  cudaResourceDesc resDesc;
  memset(&resDesc, 0, sizeof(resDesc));
  resDesc.resType = cudaResourceTypeLinear;
  resDesc.res.linear.devPtr = d_bytes;
  resDesc.res.linear.desc = cudaCreateChannelDesc<unsigned char>();
  resDesc.res.linear.sizeInBytes = n;

  cudaTextureDesc texDesc;
  memset(&texDesc, 0, sizeof(texDesc));
  texDesc.readMode = cudaReadModeNormalizedFloat;

  cudaTextureObject_t tex1 = 0;
  checkCudaErrors(cudaCreateTextureObject(&tex1, &resDesc, &texDesc, NULL));

  cudaResourceDesc res2;
  memset(&res2, 0, sizeof(res2));
  res2.resType = cudaResourceTypePitch2D;
  res2.res.pitch2D.devPtr = d_img;
  res2.res.pitch2D.desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  res2.res.pitch2D.width = w;
  res2.res.pitch2D.height = h;
  res2.res.pitch2D.pitchInBytes = pitch;

  cudaTextureDesc tex2Desc;
  memset(&tex2Desc, 0, sizeof(tex2Desc));
  tex2Desc.addressMode[0] = cudaAddressModeClamp;
  tex2Desc.addressMode[1] = cudaAddressModeClamp;
  tex2Desc.filterMode = cudaFilterModeLinear;
  tex2Desc.readMode = cudaReadModeElementType;
  tex2Desc.normalizedCoords = 0;

  cudaTextureObject_t tex2 = 0;
  checkCudaErrors(cudaCreateTextureObject(&tex2, &res2, &tex2Desc, NULL));

  gather1D<<<(n + 255) / 256, 256>>>(tex1, d_out, n);
  getLastCudaError("gather1D failed");
  dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
  resample2D<<<grid, block>>>(tex2, d_res, w, h, 0.5f);
  getLastCudaError("resample2D failed");
  checkCudaErrors(cudaDeviceSynchronize());

  float first;
  checkCudaErrors(cudaMemcpy(&first, d_out, sizeof(float), cudaMemcpyDeviceToHost));
  printf("first texel = %f (%s)\n", first, fabsf(first - 127.0f / 255.0f) < 1e-3f ? "PASS" : "FAIL");

  checkCudaErrors(cudaDestroyTextureObject(tex1));
  checkCudaErrors(cudaDestroyTextureObject(tex2));
  checkCudaErrors(cudaFree(d_bytes));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFree(d_img));
  checkCudaErrors(cudaFree(d_res));
  return 0;
}
