// Conway's Game of Life on a surface object, as CUDA 10-era course code
// wrote it: toolkit headers included by name, a grid shape kept in a uint3,
// cudaDeviceSynchronize, atomics on a live-cell counter.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <device_functions.h>
#include <surface_indirect_functions.h>
#include <sm_20_atomic_functions.h>
#include <vector_functions.h>

#define CUDA_SAFE_CALL(call)                                                   \
  {                                                                            \
    cudaError err = call;                                                      \
    if (cudaSuccess != err) {                                                  \
      fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n", __FILE__, \
              __LINE__, cudaGetErrorString(err));                              \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  }

__device__ unsigned int d_alive;

__global__ void lifeStep(cudaSurfaceObject_t in, cudaSurfaceObject_t out, uint3 world) {
  const uint3 t = threadIdx;
  unsigned x = blockIdx.x * blockDim.x + t.x, y = blockIdx.y * blockDim.y + t.y;
  if (x >= world.x || y >= world.y) return;
  int n = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      if (dx == 0 && dy == 0) continue;
      unsigned nx = (x + dx + world.x) % world.x, ny = (y + dy + world.y) % world.y;
      unsigned char c;
      surf2Dread(&c, in, nx * sizeof(unsigned char), ny);
      n += c;
    }
  unsigned char self;
  surf2Dread(&self, in, x * sizeof(unsigned char), y);
  unsigned char next = (n == 3 || (n == 2 && self)) ? 1 : 0;
  surf2Dwrite(next, out, x * sizeof(unsigned char), y);
  if (next) atomicAdd(&d_alive, 1u);
}

static cudaSurfaceObject_t makeSurface(cudaArray_t a) {
  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeArray;
  res.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  CUDA_SAFE_CALL(cudaCreateSurfaceObject(&s, &res));
  return s;
}

int main(int argc, char **argv) {
  uint3 world = make_uint3(256, 256, 1);
  uint3 block = make_uint3(16, 16, 1);
  uint3 cells = make_uint3((world.x + block.x - 1) / block.x, (world.y + block.y - 1) / block.y, 1);
  int generations = argc > 1 ? atoi(argv[1]) : 100;

  unsigned char *h = (unsigned char *)malloc(world.x * world.y);
  srand(2024);
  for (unsigned i = 0; i < world.x * world.y; i++) h[i] = (rand() % 4) == 0;

  cudaChannelFormatDesc desc = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindUnsigned);
  cudaArray_t a, b;
  CUDA_SAFE_CALL(cudaMallocArray(&a, &desc, world.x, world.y, cudaArraySurfaceLoadStore));
  CUDA_SAFE_CALL(cudaMallocArray(&b, &desc, world.x, world.y, cudaArraySurfaceLoadStore));
  CUDA_SAFE_CALL(cudaMemcpy2DToArray(a, 0, 0, h, world.x, world.x, world.y, cudaMemcpyHostToDevice));
  cudaSurfaceObject_t sa = makeSurface(a), sb = makeSurface(b);

  dim3 grid(cells);
  dim3 threads = block;
  unsigned int alive = 0;
  for (int g = 0; g < generations; g++) {
    unsigned int zero = 0;
    CUDA_SAFE_CALL(cudaMemcpyToSymbol(d_alive, &zero, sizeof(zero)));
    lifeStep<<<grid, threads>>>((g & 1) ? sb : sa, (g & 1) ? sa : sb, world);
    CUDA_SAFE_CALL(cudaGetLastError());
    CUDA_SAFE_CALL(cudaDeviceSynchronize());
    CUDA_SAFE_CALL(cudaMemcpyFromSymbol(&alive, d_alive, sizeof(alive)));
  }
  printf("%u cells alive after %d generations\n", alive, generations);
  CUDA_SAFE_CALL(cudaDestroySurfaceObject(sa));
  CUDA_SAFE_CALL(cudaDestroySurfaceObject(sb));
  CUDA_SAFE_CALL(cudaFreeArray(a));
  CUDA_SAFE_CALL(cudaFreeArray(b));
  free(h);
  CUDA_SAFE_CALL(cudaDeviceReset());
  return 0;
}
