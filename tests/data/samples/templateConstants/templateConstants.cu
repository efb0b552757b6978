// Template kernels launched through a macro, coefficients in __constant__
// memory per type (a template variable's specialisations filled with
// cudaMemcpyToSymbol), the SharedMemory<T> idiom for dynamic shared memory,
// __launch_bounds__, kernel printf and assert, and attribute and occupancy
// queries on a template instance, the way cuda-samples' simpleTemplates and
// course code mix them.
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define MAX_TAPS 16
__constant__ float c_tapsF[MAX_TAPS];
__constant__ double c_tapsD[MAX_TAPS];

template <typename T> struct Taps;
template <> struct Taps<float> {
  static __device__ float get(int k) { return c_tapsF[k]; }
};
template <> struct Taps<double> {
  static __device__ double get(int k) { return c_tapsD[k]; }
};

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};
template <> struct SharedMemory<double> {
  __device__ inline operator double *() {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
};

template <typename T, int TAPS>
__global__ void __launch_bounds__(256, 2) fir(const T *in, T *out, int n) {
  T *tile = SharedMemory<T>();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : T(0);
  __syncthreads();
  assert(TAPS <= MAX_TAPS);
  if (i >= n) return;
  T acc = 0;
#pragma unroll
  for (int k = 0; k < TAPS; ++k) {
    int j = (int)threadIdx.x - k;
    acc += Taps<T>::get(k) * (j >= 0 ? tile[j] : (i - k >= 0 ? in[i - k] : T(0)));
  }
  out[i] = acc;
  if (i == 0) printf("fir<%d>: out[0] = %f (block %d)\n", TAPS, (double)acc, blockIdx.x);
}

#define LAUNCH_FIR(T, TAPS, in, out, n, stream)                                \
  fir<T, TAPS><<<((n) + 255) / 256, 256, 256 * sizeof(T), stream>>>(in, out, n)

template <typename T> void setTaps(int taps) {
  T h[MAX_TAPS];
  for (int k = 0; k < MAX_TAPS; ++k) h[k] = k < taps ? T(1) / T(taps) : T(0);
  if (sizeof(T) == sizeof(float))
    checkCudaErrors(cudaMemcpyToSymbol(c_tapsF, h, sizeof(h)));
  else
    checkCudaErrors(cudaMemcpyToSymbol(c_tapsD, h, sizeof(h)));
}

template <typename T, int TAPS> bool run(int n, cudaStream_t stream) {
  cudaFuncAttributes attr;
  checkCudaErrors(cudaFuncGetAttributes(&attr, fir<T, TAPS>));
  int minGrid = 0, blockSize = 0;
  checkCudaErrors(cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, fir<T, TAPS>, 256 * sizeof(T), 0));
  int active = 0;
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, fir<T, TAPS>, 256, 256 * sizeof(T)));
  printf("fir<%zu,%d>: %d regs, %zu B local, block size %d, %d blocks/SM\n", sizeof(T), TAPS,
         attr.numRegs, attr.localSizeBytes, blockSize, active);

  T *h = (T *)malloc(n * sizeof(T));
  for (int i = 0; i < n; ++i) h[i] = T(1);
  T *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(T)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(T)));
  checkCudaErrors(cudaMemcpyAsync(d_in, h, n * sizeof(T), cudaMemcpyHostToDevice, stream));
  setTaps<T>(TAPS);
  LAUNCH_FIR(T, TAPS, d_in, d_out, n, stream);
  getLastCudaError("fir launch failed");
  checkCudaErrors(cudaMemcpyAsync(h, d_out, n * sizeof(T), cudaMemcpyDeviceToHost, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));
  bool ok = h[n - 1] > T(0.99) && h[n - 1] < T(1.01);
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  free(h);
  return ok;
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreate(&stream));
  bool ok = run<float, 8>(1 << 16, stream) && run<double, 16>(1 << 16, stream);
  checkCudaErrors(cudaStreamDestroy(stream));
  printf("%s\n", ok ? "Test passed" : "Test failed");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
