// Bilinear resampling through texture references (pre-CUDA-12 code).
#include <cuda_runtime.h>

texture<float, cudaTextureType2D, cudaReadModeElementType> texSrc;
texture<uchar4, 2, cudaReadModeNormalizedFloat> texRGBA;
texture<int, 1> texIndex;
surface<void, 2> surfOut;

__global__ void resample(float *dst, int w, int h, float sx, float sy) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  dst[y * w + x] = tex2D(texSrc, (x + 0.5f) * sx, (y + 0.5f) * sy);
}

__global__ void gather(float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = (float)tex1Dfetch(texIndex, i);
}

__global__ void to_gray(int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float4 c = tex2D(texRGBA, x, y);
  surf2Dwrite(0.299f * c.x + 0.587f * c.y + 0.114f * c.z, surfOut, x * sizeof(float), y);
}

void bind(cudaArray_t arr, const int *idx, size_t n) {
  texSrc.addressMode[0] = cudaAddressModeClamp;
  texSrc.filterMode = cudaFilterModeLinear;
  cudaBindTextureToArray(texSrc, arr);
  cudaBindTexture(0, texIndex, idx, n * sizeof(int));
  cudaBindSurfaceToArray(surfOut, arr);
}

void unbind() {
  cudaUnbindTexture(texSrc);
  cudaUnbindTexture(texIndex);
}
