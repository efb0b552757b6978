// Rotate an image through a texture object bound to a CUDA array, the
// cuda-samples simpleTexture way: cudaMallocArray with a channel descriptor,
// cudaMemcpy2DToArray, cudaResourceDesc/cudaTextureDesc zeroed with memset,
// normalised wrapped coordinates, linear filtering, and a pitched result
// copied back with cudaMemcpy2D.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

__global__ void transformKernel(float *output, size_t pitch, cudaTextureObject_t tex, int width,
                                int height, float theta) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float u = (float)x - (float)width / 2;
  float v = (float)y - (float)height / 2;
  float tu = u * cosf(theta) - v * sinf(theta);
  float tv = v * cosf(theta) + u * sinf(theta);
  tu /= (float)width;
  tv /= (float)height;
  float *row = (float *)((char *)output + y * pitch);
  row[x] = tex2D<float>(tex, tu + 0.5f, tv + 0.5f);
}

int main(int argc, char **argv) {
  int devID = findCudaDevice(argc, (const char **)argv);
  const int width = 512, height = 512;
  const float angle = 0.5f;
  size_t size = width * height * sizeof(float);
  float *hData = (float *)malloc(size);
  for (int j = 0; j < height; ++j)
    for (int i = 0; i < width; ++i) hData[j * width + i] = (float)((i / 16 + j / 16) % 2);

  cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray *cuArray;
  checkCudaErrors(cudaMallocArray(&cuArray, &channelDesc, width, height));
  checkCudaErrors(cudaMemcpy2DToArray(cuArray, 0, 0, hData, width * sizeof(float),
                                      width * sizeof(float), height, cudaMemcpyHostToDevice));

  cudaResourceDesc texRes;
  memset(&texRes, 0, sizeof(cudaResourceDesc));
  texRes.resType = cudaResourceTypeArray;
  texRes.res.array.array = cuArray;
  cudaTextureDesc texDescr;
  memset(&texDescr, 0, sizeof(cudaTextureDesc));
  texDescr.normalizedCoords = true;
  texDescr.filterMode = cudaFilterModeLinear;
  texDescr.addressMode[0] = cudaAddressModeWrap;
  texDescr.addressMode[1] = cudaAddressModeWrap;
  texDescr.readMode = cudaReadModeElementType;
  cudaTextureObject_t tex;
  checkCudaErrors(cudaCreateTextureObject(&tex, &texRes, &texDescr, NULL));

  float *dData = NULL;
  size_t pitch = 0;
  checkCudaErrors(cudaMallocPitch((void **)&dData, &pitch, width * sizeof(float), height));
  dim3 dimBlock(8, 8, 1);
  dim3 dimGrid(width / dimBlock.x, height / dimBlock.y, 1);

  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  transformKernel<<<dimGrid, dimBlock, 0>>>(dData, pitch, tex, width, height, angle);
  getLastCudaError("Kernel execution failed");
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&timer);
  printf("Processing time: %f (ms)\n", sdkGetTimerValue(&timer));
  sdkDeleteTimer(&timer);

  float *hOut = (float *)malloc(size);
  checkCudaErrors(cudaMemcpy2D(hOut, width * sizeof(float), dData, pitch, width * sizeof(float),
                               height, cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < width * height; ++i) sum += hOut[i];
  printf("mean %f on device %d\n", sum / (width * height), devID);

  checkCudaErrors(cudaDestroyTextureObject(tex));
  checkCudaErrors(cudaFree(dData));
  checkCudaErrors(cudaFreeArray(cuArray));
  free(hData);
  free(hOut);
  return EXIT_SUCCESS;
}
