// A layered 2D array written through a surface object and read back through a texture object
// (cuda-samples simpleSurfaceWrite and simpleLayeredTexture together): cudaMalloc3DArray with
// cudaArrayLayered | cudaArraySurfaceLoadStore, surf2DLayeredwrite, tex2DLayered, and the
// layers copied to the host with cudaMemcpy3D from the array.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void writeLayers(cudaSurfaceObject_t surf, unsigned int width, unsigned int height,
                            unsigned int layers) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  for (unsigned int layer = 0; layer < layers; ++layer) {
    float value = (float)(layer * 1000 + y * width + x);
    surf2DLayeredwrite(value, surf, x * sizeof(float), y, layer);
  }
}

__global__ void scaleLayers(float *out, cudaTextureObject_t tex, unsigned int width,
                            unsigned int height, unsigned int layer) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float u = x + 0.5f, v = y + 0.5f;
  out[layer * width * height + y * width + x] = 2.0f * tex2DLayered<float>(tex, u, v, layer);
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
  const unsigned int width = 256, height = 256, layers = 4;
  if ((int)width > prop.maxSurface2DLayered[0] || (int)layers > prop.maxSurface2DLayered[2]) {
    printf("layered surface too large for %s\n", prop.name);
    exit(EXIT_WAIVED);
  }

  cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t array;
  checkCudaErrors(cudaMalloc3DArray(&array, &channelDesc, make_cudaExtent(width, height, layers),
                                    cudaArrayLayered | cudaArraySurfaceLoadStore));

  cudaResourceDesc resDesc;
  memset(&resDesc, 0, sizeof(resDesc));
  resDesc.resType = cudaResourceTypeArray;
  resDesc.res.array.array = array;
  cudaSurfaceObject_t surf = 0;
  checkCudaErrors(cudaCreateSurfaceObject(&surf, &resDesc));

  cudaTextureDesc texDesc;
  memset(&texDesc, 0, sizeof(texDesc));
  texDesc.addressMode[0] = cudaAddressModeClamp;
  texDesc.addressMode[1] = cudaAddressModeClamp;
  texDesc.filterMode = cudaFilterModePoint;
  texDesc.readMode = cudaReadModeElementType;
  texDesc.normalizedCoords = 0;
  cudaTextureObject_t tex = 0;
  checkCudaErrors(cudaCreateTextureObject(&tex, &resDesc, &texDesc, NULL));

  dim3 block(16, 16);
  dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  writeLayers<<<grid, block>>>(surf, width, height, layers);
  getLastCudaError("writeLayers failed");

  float *d_out;
  size_t bytes = (size_t)width * height * layers * sizeof(float);
  checkCudaErrors(cudaMalloc(&d_out, bytes));
  for (unsigned int layer = 0; layer < layers; ++layer) {
    scaleLayers<<<grid, block>>>(d_out, tex, width, height, layer);
    getLastCudaError("scaleLayers failed");
  }

  float *h_layers = (float *)malloc(bytes);
  cudaMemcpy3DParms copy = {0};
  copy.srcArray = array;
  copy.srcPos = make_cudaPos(0, 0, 0);
  copy.dstPtr = make_cudaPitchedPtr(h_layers, width * sizeof(float), width, height);
  copy.extent = make_cudaExtent(width, height, layers);
  copy.kind = cudaMemcpyDeviceToHost;
  checkCudaErrors(cudaMemcpy3D(&copy));

  float *h_out = (float *)malloc(bytes);
  checkCudaErrors(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (size_t i = 0; i < (size_t)width * height * layers && ok; ++i)
    ok = h_out[i] == 2.0f * h_layers[i];
  printf("%s\n", ok ? "PASSED" : "FAILED");

  checkCudaErrors(cudaDestroyTextureObject(tex));
  checkCudaErrors(cudaDestroySurfaceObject(surf));
  checkCudaErrors(cudaFreeArray(array));
  checkCudaErrors(cudaFree(d_out));
  free(h_layers);
  free(h_out);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
