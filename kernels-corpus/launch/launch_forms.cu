// corpus: launch; <<<...>>> with 2, 3 and 4 configuration arguments, dim3 grids/blocks in 1D/2D/3D, multi-line configs
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

__global__ void countThreads(unsigned int* counter) { atomicAdd(counter, 1u); }

__global__ void fill2D(int* out, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) out[y * width + x] = x * 1000 + y;
}

__global__ void fill3D(int* out, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < nx && y < ny && z < nz) out[(z * ny + y) * nx + x] = x + y + z;
}

__global__ void withDynamicShared(unsigned int* counter) {
  extern __shared__ unsigned int buf[];
  buf[threadIdx.x] = 1;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned int s = 0;
    for (unsigned int i = 0; i < blockDim.x; ++i) s += buf[i];
    atomicAdd(counter, s);
  }
}

int main() {
  unsigned int* counter;
  CUDA_CHECK(cudaMallocManaged(&counter, 4 * sizeof(unsigned int)));
  for (int i = 0; i < 4; ++i) counter[i] = 0;
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  // two arguments: integer grid and block
  countThreads<<<3, 32>>>(counter + 0);
  // three arguments: dynamic shared memory
  withDynamicShared<<<2, 64, 64 * sizeof(unsigned int)>>>(counter + 1);
  // four arguments: shared memory and stream; spread over several lines
  withDynamicShared<<<4,
                      128,
                      128 * sizeof(unsigned int),
                      stream>>>(counter + 2);
  // four arguments with the legacy default stream spelled as 0
  countThreads<<< dim3(5), dim3(16), 0, 0 >>>(counter + 3);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaDeviceSynchronize());
  printf("counts: %u %u %u %u\n", counter[0], counter[1], counter[2], counter[3]);
  bool ok = counter[0] == 96 && counter[1] == 128 && counter[2] == 512 && counter[3] == 80;

  const int w = 70, h = 45;
  int* img;
  CUDA_CHECK(cudaMallocManaged(&img, w * h * sizeof(int)));
  dim3 block(16, 8);
  dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
  fill2D<<<grid, block>>>(img, w, h);
  CUDA_CHECK(cudaGetLastError());

  const int nx = 10, ny = 6, nz = 7;
  int* vol;
  CUDA_CHECK(cudaMallocManaged(&vol, nx * ny * nz * sizeof(int)));
  fill3D<<<dim3((nx + 3) / 4, (ny + 3) / 4, (nz + 3) / 4), dim3(4, 4, 4), 0, stream>>>(vol, nx, ny, nz);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  long long s2 = 0, s3 = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      ok = ok && img[y * w + x] == x * 1000 + y;
      s2 += img[y * w + x];
    }
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        ok = ok && vol[(z * ny + y) * nx + x] == x + y + z;
        s3 += vol[(z * ny + y) * nx + x];
      }
  printf("2D sum = %lld, 3D sum = %lld\n", s2, s3);
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(counter));
  CUDA_CHECK(cudaFree(img));
  CUDA_CHECK(cudaFree(vol));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
