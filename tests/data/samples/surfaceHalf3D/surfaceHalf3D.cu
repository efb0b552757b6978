// Surface and texture objects in the Programming Guide's style over 1D and 3D
// CUDA arrays: a half-float 1D array written through surf1Dwrite and read
// back with tex1D<float> (read as float from half storage), a 3D float volume
// written with surf3Dwrite and sampled with tex3D<float>, the descriptors read
// back from the texture object, and __syncthreads_count over a block.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorName(err_),   \
              __FILE__, __LINE__, cudaGetErrorString(err_));                    \
      exit(EXIT_FAILURE);                                                       \
    }                                                                           \
  } while (0)

__global__ void fillHalf(cudaSurfaceObject_t surf, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < n) surf1Dwrite(__half_as_ushort(__float2half_rn(0.5f * x)), surf, x * sizeof(__half));
}

__global__ void readHalf(cudaTextureObject_t tex, float *out, int n, int *nonzero) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x < n ? tex1D<float>(tex, x + 0.5f) : 0.0f;
  if (x < n) out[x] = v;
  int count = __syncthreads_count(v != 0.0f);
  if (threadIdx.x == 0) atomicAdd(nonzero, count);
}

__global__ void fillVolume(cudaSurfaceObject_t surf, dim3 size) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  for (unsigned z = 0; z < size.z; z++)
    if (x < size.x && y < size.y)
      surf3Dwrite(float(x + y + z), surf, x * sizeof(float), y, z, cudaBoundaryModeTrap);
}

__global__ void sampleVolume(cudaTextureObject_t tex, float *out, dim3 size) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < size.x && y < size.y) {
    float u = (x + 0.5f) / size.x, v = (y + 0.5f) / size.y, w = 0.5f;
    out[y * size.x + x] = tex3D<float>(tex, u, v, w);
  }
}

int main() {
  const int n = 1024;

  // 1D half array: surface writes, texture reads as float
  cudaChannelFormatDesc halfDesc = cudaCreateChannelDescHalf();
  cudaArray_t line;
  CUDA_CHECK(cudaMallocArray(&line, &halfDesc, n, 0, cudaArraySurfaceLoadStore));

  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeArray;
  res.res.array.array = line;
  cudaSurfaceObject_t lineSurf;
  CUDA_CHECK(cudaCreateSurfaceObject(&lineSurf, &res));

  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  td.addressMode[0] = cudaAddressModeBorder;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 0;
  cudaTextureObject_t lineTex;
  CUDA_CHECK(cudaCreateTextureObject(&lineTex, &res, &td, nullptr));

  cudaResourceDesc back;
  CUDA_CHECK(cudaGetTextureObjectResourceDesc(&back, lineTex));
  cudaTextureDesc backTd;
  CUDA_CHECK(cudaGetTextureObjectTextureDesc(&backTd, lineTex));
  printf("resource type %d, filter mode %d\n", (int)back.resType, (int)backTd.filterMode);

  float *d_out;
  int *d_nonzero;
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_nonzero, sizeof(int)));
  CUDA_CHECK(cudaMemset(d_nonzero, 0, sizeof(int)));
  fillHalf<<<(n + 255) / 256, 256>>>(lineSurf, n);
  readHalf<<<(n + 255) / 256, 256>>>(lineTex, d_out, n, d_nonzero);
  CUDA_CHECK(cudaGetLastError());
  int nonzero = 0;
  CUDA_CHECK(cudaMemcpy(&nonzero, d_nonzero, sizeof(int), cudaMemcpyDeviceToHost));
  printf("%d of %d texels nonzero\n", nonzero, n);

  // 3D float volume
  dim3 size(64, 64, 16);
  cudaChannelFormatDesc floatDesc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t volume;
  CUDA_CHECK(cudaMalloc3DArray(&volume, &floatDesc, make_cudaExtent(size.x, size.y, size.z),
                               cudaArraySurfaceLoadStore));
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeArray;
  res.res.array.array = volume;
  cudaSurfaceObject_t volSurf;
  CUDA_CHECK(cudaCreateSurfaceObject(&volSurf, &res));
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
  td.normalizedCoords = 1;
  cudaTextureObject_t volTex;
  CUDA_CHECK(cudaCreateTextureObject(&volTex, &res, &td, nullptr));

  float *d_slice;
  CUDA_CHECK(cudaMalloc(&d_slice, size.x * size.y * sizeof(float)));
  dim3 block(16, 16), grid(size.x / 16, size.y / 16);
  fillVolume<<<grid, block>>>(volSurf, size);
  sampleVolume<<<grid, block>>>(volTex, d_slice, size);
  CUDA_CHECK(cudaDeviceSynchronize());

  float corner;
  CUDA_CHECK(cudaMemcpy(&corner, d_slice, sizeof(float), cudaMemcpyDeviceToHost));
  printf("slice corner %.2f\n", corner);

  CUDA_CHECK(cudaDestroyTextureObject(volTex));
  CUDA_CHECK(cudaDestroySurfaceObject(volSurf));
  CUDA_CHECK(cudaDestroyTextureObject(lineTex));
  CUDA_CHECK(cudaDestroySurfaceObject(lineSurf));
  CUDA_CHECK(cudaFreeArray(volume));
  CUDA_CHECK(cudaFreeArray(line));
  CUDA_CHECK(cudaFree(d_slice));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_nonzero));
  return 0;
}
