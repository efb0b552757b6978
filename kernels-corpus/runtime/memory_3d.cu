// corpus: runtime; 3D memory: cudaMalloc3D, cudaMemset3D, cudaMemcpy3D with cudaPitchedPtr/cudaExtent
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                     \
  do {                                                                       \
    const cudaError_t error_code = call;                                     \
    if (error_code != cudaSuccess) {                                         \
      printf("CUDA Error:\n    File: %s\n    Line: %d\n    Error: %s\n",     \
             __FILE__, __LINE__, cudaGetErrorString(error_code));            \
      exit(1);                                                               \
    }                                                                        \
  } while (0)

__global__ void fillVolume(cudaPitchedPtr vol, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x >= nx || y >= ny || z >= nz) return;
  char* base = (char*)vol.ptr;
  size_t slicePitch = vol.pitch * ny;
  int* row = (int*)(base + z * slicePitch + y * vol.pitch);
  row[x] += x + 10 * y + 100 * z;
}

int main() {
  const int nx = 33, ny = 9, nz = 5;
  cudaExtent extent = make_cudaExtent(nx * sizeof(int), ny, nz);
  cudaPitchedPtr dvol;
  CHECK_CUDA(cudaMalloc3D(&dvol, extent));
  CHECK_CUDA(cudaMemset3D(dvol, 0, extent));

  std::vector<int> h(nx * ny * nz, 1);
  cudaMemcpy3DParms up = {};
  up.srcPtr = make_cudaPitchedPtr(h.data(), nx * sizeof(int), nx, ny);
  up.dstPtr = dvol;
  up.extent = extent;
  up.kind = cudaMemcpyHostToDevice;
  CHECK_CUDA(cudaMemcpy3D(&up));

  dim3 block(8, 4, 2);
  dim3 grid((nx + 7) / 8, (ny + 3) / 4, (nz + 1) / 2);
  fillVolume<<<grid, block>>>(dvol, nx, ny, nz);
  CHECK_CUDA(cudaGetLastError());

  std::vector<int> out(nx * ny * nz, -1);
  cudaMemcpy3DParms down = {};
  down.srcPtr = dvol;
  down.dstPtr = make_cudaPitchedPtr(out.data(), nx * sizeof(int), nx, ny);
  down.extent = extent;
  down.kind = cudaMemcpyDeviceToHost;
  CHECK_CUDA(cudaMemcpy3D(&down));

  bool ok = dvol.pitch >= nx * sizeof(int);
  long long sum = 0;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        int v = out[(z * ny + y) * nx + x];
        if (v != 1 + x + 10 * y + 100 * z) ok = false;
        sum += v;
      }
  printf("volume %dx%dx%d sum = %lld\n", nx, ny, nz, sum);
  printf("corner values: %d %d\n", out[0], out[nx * ny * nz - 1]);
  CHECK_CUDA(cudaFree(dvol.ptr));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
