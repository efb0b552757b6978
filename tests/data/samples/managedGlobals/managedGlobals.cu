// Course lab on global-scope device data: __managed__ variables read and
// written by host and device without copies, __device__ and __constant__
// tables filled through the symbol API (one per template instance), a
// double-precision atomic reduction, and a system-scope flag the host polls.

#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define N 4096

__device__ __managed__ double sum;
__device__ __managed__ int counts[4];
__managed__ float weights[N];

struct Params {
  float scale;
  float offset;
  int mode;
};
__constant__ Params c_params;

template <typename T>
__device__ T d_table[16];

__device__ volatile int d_done;

template <typename T>
__global__ void weightedSum(const T *x, int n) {
  __shared__ double partial[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = 0.0;
  if (i < n) {
    v = (double)(x[i] * weights[i] * c_params.scale + c_params.offset) +
        (double)d_table<T>[i & 15];
    atomicAdd(&counts[i & 3], 1);
  }
  partial[threadIdx.x] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    atomicAdd(&sum, partial[0]);
    __threadfence_system();
    if (blockIdx.x == gridDim.x - 1) d_done = 1;
  }
}

template <typename T>
static void uploadTable() {
  T h[16];
  for (int k = 0; k < 16; ++k) h[k] = (T)(k * 0.25);
  checkCudaErrors(cudaMemcpyToSymbol(d_table<T>, h, sizeof(h)));
  size_t bytes = 0;
  checkCudaErrors(cudaGetSymbolSize(&bytes, d_table<T>));
  void *addr = nullptr;
  checkCudaErrors(cudaGetSymbolAddress(&addr, d_table<T>));
  printf("table<%s>: %zu bytes at %p\n", sizeof(T) == 4 ? "float" : "double",
         bytes, addr);
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  int managed = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&managed, cudaDevAttrManagedMemory, dev));
  if (!managed) {
    printf("managed memory not supported; waiving\n");
    exit(EXIT_WAIVED);
  }

  for (int i = 0; i < N; ++i) weights[i] = 1.0f / (1 + (i % 10));
  sum = 0.0;
  for (int k = 0; k < 4; ++k) counts[k] = 0;

  Params p = {2.0f, 0.5f, 1};
  checkCudaErrors(cudaMemcpyToSymbol(c_params, &p, sizeof(Params)));
  Params back;
  checkCudaErrors(cudaMemcpyFromSymbol(&back, c_params, sizeof(Params)));
  int zero = 0;
  checkCudaErrors(cudaMemcpyToSymbol(d_done, &zero, sizeof(int), 0,
                                     cudaMemcpyHostToDevice));
  uploadTable<float>();
  uploadTable<double>();

  float *x;
  checkCudaErrors(cudaMallocManaged(&x, N * sizeof(float)));
  for (int i = 0; i < N; ++i) x[i] = (float)(i % 100) / 100.0f;

  weightedSum<float><<<N / 256, 256>>>(x, N);
  getLastCudaError("weightedSum<float> failed");
  checkCudaErrors(cudaDeviceSynchronize());

  int done = 0;
  checkCudaErrors(cudaMemcpyFromSymbol(&done, d_done, sizeof(int)));

  double ref = 0.0;
  for (int i = 0; i < N; ++i)
    ref += (double)(x[i] * weights[i] * back.scale + back.offset) + (i & 15) * 0.25;
  printf("sum = %f (host %f), counts %d %d %d %d, done %d\n", sum, ref,
         counts[0], counts[1], counts[2], counts[3], done);

  checkCudaErrors(cudaFree(x));
  bool ok = fabs(sum - ref) < 1e-3 * fabs(ref) && done == 1;
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
